"""Honderden at the hot-seat table (honderden §7, ruling 21): two humans, neither sees the
other's hand nor any count while a round runs. The counts carried in are set to 37 and 58
so that they can be looked for on the screen; each human's decision draws only that
human's hand; the observation holds only the seat's own count (``extra["memory"]``)."""

from __future__ import annotations

import re

from cardtable.bots import get_bot
from cardtable.engine import Match, get_game
from cardtable.tui.screens import HandOverScreen, HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import pass_handover, press_when_quiet, screen_text, settle, table
from cardtable.tui.widgets import HandView


def _shown(text: str, counts: list[int]) -> list[int]:
    """The counts (not a multiple of 10: those are roem values in the log) on the screen."""
    return [c for c in counts if c % 10 and re.search(rf"(?<!\d){c}(?!\d)", text)]


async def test_hot_seat_shows_no_count_and_no_other_hand(make_app):
    m = Match(get_game("honderden"), ["human:Anna", "human:Bram"], seed=3)
    m.sheet.counts = [37, 58]  # a round that carries on from an earlier deal
    m.start_hand()
    assert m.state.counts == [37, 58]
    app = make_app(m)
    choosers = {s: get_bot("simple", m.game, seed=s) for s in (0, 1)}
    decisions = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await settle(pilot)
            scr = app.screen
            st = m.state
            if isinstance(scr, HandSummaryScreen):
                if st.result().outcome == "carried":
                    assert not _shown(screen_text(app), st.counts)
                break
            if isinstance(scr, HandOverScreen):
                assert table(app).viewer is None
                await pass_handover(pilot)
                continue
            assert isinstance(scr, TableScreen) and scr.mode == "human"
            seat = st.to_act
            assert scr.viewer == seat
            assert scr.query_one(HandView).visible_cards() == list(st.observation(seat).hand)
            assert not _shown(screen_text(app), st.counts), (st.counts, screen_text(app))
            for s in (0, 1):
                obs = st.observation(s)
                assert obs.extra["memory"] == {"count": st.counts[s]}
                assert obs.extra["counts"] is None and not obs.scores and obs.extra["result"] is None
                other = next(z for z in obs.zones if z.kind == "hand" and z.owner == 1 - s)
                assert all((st.public_mask() >> c) & 1 for c in other.cards)
            decisions += 1
            if decisions >= 10:  # five tricks with their draws: enough (each hand-over waits)
                break
            action = choosers[seat].choose(st.observation(seat))
            if not scr.try_action(action):
                await press_when_quiet(pilot, "y")
        else:
            raise AssertionError("no decision reached")
    assert decisions >= 10
