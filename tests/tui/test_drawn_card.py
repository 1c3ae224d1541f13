"""Pilot tests of issue 21's points 1 to 3: two copies of a card (two packs) selected by
their own keys, the card drawn from the stock marked until the next turn (also after a
resume) and named to its drawer only, and ``e`` acting on the joker swap the hint named."""

from __future__ import annotations

from cardtable.cards import parse_card
from cardtable.engine import Match, get_game
from cardtable.tui.testing import settle
from cardtable.tui.widgets import CardWidget, HandView


def two_pack_match(hand: str, meld: str = "8C 9C TC", top: str = "4S") -> Match:
    """Jokeren (two packs) for two: Anna holds ``hand`` and owns the table meld ``meld``;
    she is to draw (the stock's top is ``top``)."""
    from tests.games.test_basis_rummy import position

    game = get_game("jokeren", 2)
    match = Match(game, ["human:Anna", "bot:simple"], seed=1)
    match.start_hand(deal=position(game, [hand, "4D 6D 9S JD QD 2S 3S"], "TH", melds=[(0, meld)], stock_top=top))
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


def drawn_marks(tbl) -> list[int]:
    """The positions of the hand's cards marked as just drawn."""
    return [w.index for w in tbl.query_one(HandView).query(CardWidget) if w.display and w.has_class("drawn")]


def log_text(tbl) -> str:
    return "\n".join(tbl._log_lines(tbl.observation(), tbl._names()))


async def test_the_drawn_card_is_marked_named_and_kept_after_a_resume(make_app):
    """A draw from the stock: the card drawn is marked in the hand, the cursor is on it and
    the log names it to its drawer; after a save and resume mid-turn, the mark and the
    cursor are back; the mark ends when the drawer's next turn starts."""
    from cardtable.engine.record import replay

    match = two_pack_match("3H 8S 8S 4H 5H KS QS", top="6H")
    drawn = parse_card("6H")  # not under the first key (where the cursor starts)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert drawn_marks(tbl) == []
        await pilot.press("d")
        await settle(pilot)
        hand = tbl.hand_cards()
        assert drawn_marks(tbl) == [hand.index(drawn)] and tbl.cursor == hand.index(drawn)
        assert "draws from the stock (6H)." in log_text(tbl)
        assert "new" in str(tbl.query_one(HandView).query(CardWidget)[hand.index(drawn)].render())
    resumed = replay(match.to_record())
    app = make_app(resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        hand = tbl.hand_cards()
        assert drawn_marks(tbl) == [hand.index(drawn)] and tbl.cursor == hand.index(drawn)
        assert "draws from the stock (6H)." in log_text(tbl)
        # discard a card: the bot plays its turn, and Anna's next turn starts unmarked
        discard = next(a for a in tbl.observation().legal if a.verb == "discard" and a.cards != (drawn,))
        tbl.try_action(discard)
        await settle(pilot)
        assert resumed.state.to_act == 0 and drawn_marks(tbl) == []
        assert "draws from the stock" in log_text(tbl) and "(6H)" not in log_text(tbl)
        assert resumed.drawn(0) == ()


async def test_the_drawn_card_is_named_to_its_drawer_only(make_app):
    """Hot-seat: Anna's log names the card she drew; Bram's, after the hand-over, does not."""
    from cardtable.tui.testing import pass_handover

    game = get_game("jokeren", 2)
    from tests.games.test_basis_rummy import position

    match = Match(game, ["human:Anna", "human:Bram"], seed=1)
    match.start_hand(
        deal=position(
            game, ["3H 8S 8S 4H 5H KS QS", "4D 6D 9S JD QD 2S 3S"], "TH", melds=[(0, "8C 9C TC")], stock_top="4S"
        )
    )
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_handover(pilot)
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)
        assert "draws from the stock (4S)." in log_text(tbl)
        discard = next(a for a in tbl.observation().legal if a.verb == "discard" and a.cards != (parse_card("4S"),))
        tbl.try_action(discard)
        await settle(pilot)
        await pass_handover(pilot)
        await settle(pilot)
        assert tbl.viewer == 1 and tbl.mode == "human"
        text = log_text(tbl) + "\n" + str(tbl.query_one("#log").render())
        assert "draws from the stock" in log_text(tbl)
        assert "4S" not in log_text(tbl) and "4♠" not in text
        assert drawn_marks(tbl) == []


async def test_the_joker_swap_key_takes_the_hinted_card(make_app, monkeypatch):
    """After ``Hint: Swap joker Q♥ into meld 1`` the swap's key ``e`` makes that swap (the
    hinted card onto the hinted meld), not a swap of the card the cursor was on. (The hint's
    search is replaced by its answer: the hint's choice is not what is tested here.)"""
    import cardtable.bots as bots
    from cardtable.engine.actions import Action

    swap = Action("swap", None, (parse_card("QH"),), prep="in", target=1)
    monkeypatch.setattr(bots, "hint_search", lambda game, info: (swap, "a joker back in hand"), raising=False)
    match = two_pack_match("JH QH 3S 5D 7C KS 9D", meld="QC QS JK=QH")
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)
        hand = tbl.hand_cards()
        assert swap in tbl.observation().legal and hand[tbl.cursor] != parse_card("QH")
        await pilot.press("i")
        await settle(pilot)
        assert "Swap joker Q♥ into meld 1" in str(tbl.query_one("#message").render())
        await pilot.press("e")
        await settle(pilot)
        assert match.hands[-1]["actions"][-1] == "swap QH in 1"
