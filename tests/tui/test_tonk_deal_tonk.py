"""A Tonk hand that ends at the deal (tonk.md Example 1: a tonk on the deal) reaches the table as a
hand already over: the hand summary shows it with every hand, and ⏎ deals the next hand, dealt by
the next seat. tests/records/tonk/e1.json's deal with Anna in seat 0."""

from __future__ import annotations

from cardtable.engine import get_game
from cardtable.engine.match import Match
from cardtable.tui.screens import HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import screen_text, settle
from tests.games.helpers import load_record


async def test_a_tonk_on_the_deal_shows_the_summary_then_the_next_hand(make_app):
    deal = load_record("tonk", "e1")["hands"][0]["deal"]
    m = Match(get_game("tonk", 4), ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=1)
    m.start_hand(deal=deal)
    assert m.state.over and m.sheet.hands == 1
    a = make_app(m)
    async with a.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(a.screen, HandSummaryScreen)
        text = screen_text(a)
        assert "Bot 2 has tonk on the deal (50 points)" in text and "Bot 2: tonk on the deal" in text
        assert "Bot 2: 10\u2660 Q\u2660 K\u2665 10\u2663 J\u2666  = 50" in text  # every hand shown
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(a.screen, TableScreen) and m.sheet.hands == 1 and m.state.dealer == 1
        assert " hand 2 " in screen_text(a)
