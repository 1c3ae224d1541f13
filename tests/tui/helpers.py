"""Helpers shared by the Pilot tests: the message line, the current hand's actions, and a
loop that lets a turn function play the human's turns until the hand summary."""

from __future__ import annotations

import pytest

from cardtable.engine import Match
from cardtable.tui.screens import HandOverScreen, HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import pass_handover, settle

MAX_STEPS = 400


def message(tbl: TableScreen) -> str:
    """The table's message line as shown."""
    return str(tbl.query_one("#message").render())


def actions(match: Match) -> list[str]:
    """The actions of the current hand, as text."""
    return match.hands[-1]["actions"]


async def finish_hand(pilot, app, match: Match, turn, max_steps: int = MAX_STEPS,
                      handovers: bool = True) -> int:
    """Let ``turn(pilot, tbl, step)`` play the human's turns until the hand summary; returns
    the number of turns played. Every turn must add an action to the hand it was played in.
    ``handovers``: confirm hand-over screens (hot-seat); if False, one is a failure."""
    for step in range(max_steps):
        await settle(pilot)
        if isinstance(app.screen, HandSummaryScreen):
            return step
        if handovers and isinstance(app.screen, HandOverScreen):
            await pass_handover(pilot)
            continue
        tbl = app.screen
        assert isinstance(tbl, TableScreen) and tbl.mode == "human", type(tbl)
        played = match.hands[-1]["actions"]
        before = len(played)
        await turn(pilot, tbl, step)
        await settle(pilot)
        assert len(played) > before, message(tbl)
    pytest.fail("the hand did not end")
