"""Loba's buy-back between hands at the table (loba.md §7.4): the decision screen at 80x24 as a
snapshot, and the keys that take it (the table knows no game: the decision is an ordinary
State with the verbs ``buy back`` and ``pass``)."""

from __future__ import annotations

from cardtable.engine.record import replay
from cardtable.tui.screens import HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import screen_text, settle
from tests.games.helpers import load_record


def after_the_hand():
    """tests/records/loba/buyback.json's first hand, Anna in seat 1: she reached 53 with the
    elimination at 20, and two players are still below it."""
    rec = load_record("loba", "buyback")
    rec = dict(rec, seats=["bot:simple", "human:Anna", "bot:simple"], hands=rec["hands"][:1])
    m = replay(rec)
    assert m.between_due
    return m


async def to_the_decision(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")  # past the hand's summary
    await settle(pilot)


def test_buy_back_screen_snapshot(make_app, snap_compare):
    assert snap_compare(make_app(after_the_hand()), terminal_size=(80, 24), run_before=to_the_decision)


async def test_buying_back_by_key(make_app):
    m = after_the_hand()
    a = make_app(m)
    async with a.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(a.screen, HandSummaryScreen)
        await to_the_decision(pilot)
        assert isinstance(a.screen, TableScreen) and m.in_between
        assert "buy back in at 4" in screen_text(a)
        await pilot.press("b")
        await settle(pilot)
        assert m.sheet.bought == [0, 1, 0] and m.sheet.totals[1] == 4
        assert m.hands[1] == {"between": True, "actions": ["buy back"]}
