"""The table numbers hands as the score sheet numbers its rows (issue 22 point 1): after a
decision between hands (Loba's buy-back), the header and the hand summary count dealt hands
only. tests/records/loba/buyback_out.json with Anna in seat 0: she buys back in after hand 1;
the record's third entry is hand 2."""

from __future__ import annotations

from cardtable.engine.record import replay
from cardtable.tui.screens import HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import screen_text, settle
from tests.games.helpers import load_record


def hand_two(actions: int | None = None):
    """The match at hand 2 (after the buy-back): its first ``actions`` actions (None: all)."""
    rec = load_record("loba", "buyback_out")
    hands = rec["hands"][:3]
    hands[2] = dict(hands[2], actions=hands[2]["actions"][:actions])
    return replay(dict(rec, hands=hands))


def first_turn_of_anna():
    """Hand 2 just before Anna's first decision in it (the bots before her played)."""
    full = hand_two()
    for k in range(len(full.hands[2]["actions"])):
        m = hand_two(k)
        if m.state.to_act == 0:
            return m
    raise AssertionError("Anna never acts in hand 2")


async def test_the_header_counts_dealt_hands_only(make_app):
    m = first_turn_of_anna()
    a = make_app(m)
    async with a.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(a.screen, TableScreen) and m.state.to_act == 0
        text = screen_text(a)
        assert " hand 2 " in text and " hand 3 " not in text


async def test_the_summary_counts_dealt_hands_only(make_app):
    m = hand_two()
    assert m.state.over and m.sheet.hands == 2
    a = make_app(m)
    async with a.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(a.screen, HandSummaryScreen)
        text = screen_text(a)
        assert "Hand 2 " in text and "Hand 3" not in text


async def test_the_decision_between_hands_is_no_hand(make_app):
    """At the buy-back the header still shows hand 1, the hand the decision follows."""
    rec = load_record("loba", "buyback_out")
    m = replay(dict(rec, hands=rec["hands"][:1]))
    assert m.between_due
    a = make_app(m)
    async with a.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # past the hand's summary
        await settle(pilot)
        assert isinstance(a.screen, TableScreen) and m.in_between and m.state.to_act == 0
        text = screen_text(a)
        assert " hand 1 " in text and " hand 2 " not in text
