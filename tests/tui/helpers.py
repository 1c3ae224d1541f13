"""Helpers shared by the Pilot tests: the message line, the current hand's actions, and a
loop that lets a turn function play the human's turns until the hand summary."""

from __future__ import annotations

import pytest

from cardtable.engine import Match, get_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens import HandOverScreen, HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import pass_handover, settle

MAX_STEPS = 400


def tui_env(monkeypatch, home):
    """The table tests' settings (every test of tests/tui/ by its conftest, and the contributed
    game's test): an empty CARDTABLE_HOME (no autosave leaks between tests or into the user's
    folder), bots that move at once, the input gate off (tests/tui/test_bursts.py turns it on),
    a hand-over's key counting as soon as the hand-over is drawn (its quiet time is tested in
    tests/tui/test_handover.py; keys typed before it is drawn never count), no card letters,
    no review searches behind the tests' backs (tests/tui/test_review_summary.py turns it on).
    Returns ``home``."""
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    monkeypatch.setenv("CARDTABLE_BOT_DELAY", "0")
    monkeypatch.setenv("CARDTABLE_INPUT_QUIET", "0")
    monkeypatch.setenv("CARDTABLE_HANDOVER_QUIET", "0")
    monkeypatch.delenv("CARDTABLE_LETTERS", raising=False)
    monkeypatch.setenv("CARDTABLE_REVIEW", "0")
    return home


def build_app(game=None, seats=None, *, seed=None, players=None, options=None, **app_options) -> CardTableApp:
    """The app a TUI test drives (the ``make_app`` fixture).

    ``game``: a ``Match`` (used as it is), a game id (``seats``: one ``"human:Name"``,
    ``"bot"`` or ``"bot:level"`` per seat, default one human and bots; ``players``: the seat
    count, default the length of ``seats`` or the game's default; ``options``: the game's
    options, ``get_game(game, players, **options)``; ``seed``: the match seed), or None (the
    menu). ``app_options`` go to ``CardTableApp``, with the tests' defaults: no bot delay, no
    resume offer, no autosave. The match is ``app.start_match``. Raises TypeError for
    ``seats``/``players``/``options``/``seed`` with a Match."""
    if isinstance(game, str):
        n = players if players is not None else (len(seats) if seats else None)
        g = get_game(game, n, **(options or {}))
        game = Match(g, list(seats) if seats else ["human:You"] + ["bot"] * (g.players - 1), seed=seed)
    elif seats is not None or players is not None or options is not None or seed is not None:
        raise TypeError("seats, players, options and seed are for a game id, not a Match")
    for key, value in (("bot_delay", 0), ("resume", False), ("autosave", False)):
        app_options.setdefault(key, value)
    return CardTableApp(game, **app_options)


def message(tbl: TableScreen) -> str:
    """The table's message line as shown."""
    return str(tbl.query_one("#message").render())


def actions(match: Match) -> list[str]:
    """The actions of the current hand, as text."""
    return match.hands[-1]["actions"]


async def finish_hand(pilot, app, match: Match, turn, max_steps: int = MAX_STEPS, handovers: bool = True) -> int:
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
