"""Pilot tests of issue 21's points 1 to 3: two copies of a card (two packs) selected by
their own keys, the card drawn from the stock marked until the next turn (also after a
resume) and named to its drawer only, and ``e`` acting on the joker swap the hint named."""

from __future__ import annotations

from cardtable.cards import parse_card
from cardtable.engine import Match, get_game
from cardtable.tui.testing import settle
from cardtable.tui.widgets import CardWidget, HandView
from tests.tui.helpers import message


def two_pack_match(hand: str, meld: str = "8C 9C TC") -> Match:
    """Jokeren (two packs) for two: Anna holds ``hand`` and owns the table meld ``meld``;
    she is to draw (the stock's top is 4S)."""
    from tests.games.test_basis_rummy import position

    game = get_game("jokeren", 2)
    match = Match(game, ["human:Anna", "bot:simple"], seed=1)
    match.start_hand(deal=position(game, [hand, "4D 6D 9S JD QD 2S 3S"], "TH", melds=[(0, meld)], stock_top="4S"))
    return match


def raised(tbl) -> list[int]:
    """The positions of the hand's cards drawn as selected."""
    return [w.index for w in tbl.query_one(HandView).query(CardWidget) if w.display and w.has_class("selected")]


async def test_identical_cards_are_selected_by_their_own_keys(make_app):
    """Two 8♠ under keys 2 and 3: ``3`` raises card 3 (not card 2), ``2`` then raises card 2
    as well, ``3`` again drops card 3 and leaves card 2; the meld button counts the cards."""
    app = make_app(two_pack_match("3H 8S 8S 4H 5H KS QS"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")  # draw the 4S: melds may be made now
        await settle(pilot)
        hand = tbl.hand_cards()
        eights = [i for i, c in enumerate(hand) if c == parse_card("8S")]
        assert len(eights) == 2 and eights[1] == eights[0] + 1, hand
        a, b = eights
        await pilot.press(str(b + 1))
        await settle(pilot)
        assert raised(tbl) == [b]
        await pilot.press(str(a + 1))
        await settle(pilot)
        assert raised(tbl) == [a, b]
        await pilot.press(str(b + 1))
        await settle(pilot)
        assert raised(tbl) == [a] and tbl.cursor == b
        await pilot.press(str(b + 1), str(b + 2))
        await settle(pilot)
        assert raised(tbl) == [a, b, b + 1]
        labels = [str(w.label) for w in tbl.query("#actions Button")]
        assert any("(3)" in lb for lb in labels), labels
        await pilot.press(str(a + 1))
        await settle(pilot)
        assert raised(tbl) == [b, b + 1]
        assert len(tbl.selected) == 2 and tbl.cursor == a
        labels = [str(w.label) for w in tbl.query("#actions Button")]
        assert any("(2)" in lb for lb in labels), labels
        assert message(tbl) is not None
