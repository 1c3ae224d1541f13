"""The hand's order is the player's (issue 21): kept over a save and resume (the cards moved
with ``<`` ``>`` and the sort chosen with ``=``, in the save's ``table`` key; an older save
without it still loads); each ``=`` says which order is now in force, also when the hand
was in that order already; and within a suit the cards follow the game's own card order
(``Game.card_sort_key``)."""

from __future__ import annotations

import json

import pytest

from cardtable import saves, settings
from cardtable.cards import CLUBS, HEARTS, SPADES, card_text, parse_cards
from cardtable.engine import get_game
from cardtable.tui.hand_order import arrange
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import settle
from tests.tui.helpers import message
from tests.tui.test_drawn_card import drawn_marks, two_pack_match
from tests.tui.test_hand_order import drawn_hand, kruisjassen_at


def texts(cards) -> str:
    return " ".join(card_text(c) for c in cards)


# ---- within a suit: the game's own card order --------------------------------------------


@pytest.mark.parametrize(
    "gid,trump,want",
    [
        # the jas games' trick order (kruisjassen §2): the ten low, the trump's J and 9 first
        ("kruisjassen", HEARTS, "JH 9H AH KH QH TH 8H 7H"),
        ("kruisjassen", SPADES, "AH KH QH JH TH 9H 8H 7H"),
        ("schutjassen", HEARTS, "JH 9H AH KH QH TH 8H 7H"),
        # the manille games: the ten (manille) first
        ("manille-muette", CLUBS, "TH AH KH QH JH 9H 8H 7H"),
        # rummies by natural rank, the ace where its runs put it
        ("klassieke-rummy", None, "AH 2H 3H 9H TH JH QH KH"),
        ("jokeren", None, "2H 3H 9H TH JH QH KH AH"),
    ],
)
def test_a_suit_is_sorted_in_the_games_own_card_order(gid, trump, want):
    game = get_game(gid)
    hearts = [c for c in parse_cards(want)]
    shuffled = hearts[::2] + hearts[1::2]
    assert texts(arrange(shuffled, "suit", trump, game.card_sort_key)) == want


def test_by_rank_the_ranks_go_in_the_order_of_a_plain_suit():
    game = get_game("kruisjassen")
    hand = parse_cards("7H JS AH TS JH 9S KC AS")
    # the trump's jack among the jacks: by rank a rank's cards stay together
    assert texts(arrange(hand, "rank", HEARTS, game.card_sort_key)) == "AH AS KC JH JS TS 9S 7H"
    # a joker goes last; the default order is the natural rank, low to high
    assert texts(arrange(parse_cards("JK 5C 2C AC"), "suit", None)) == "2C 5C AC JK"


# ---- each = says what it did ---------------------------------------------------------------


async def test_the_first_sort_on_a_hand_already_in_that_order_says_so(make_app):
    """A Kruisjassen hand that the game shows in the order the sort by suit gives: ``=``
    changes no card's place, and the message line says that the hand is sorted by suit,
    trump first, and was in this order already; the next ``=`` names the rank order."""

    def already_by_suit(plays, obs):
        key = get_game("kruisjassen").card_sort_key
        return len(obs.hand) == 8 and arrange(obs.hand, "suit", obs.facts.trump, key) == list(obs.hand)

    app = make_app(kruisjassen_at(already_by_suit))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen) and tbl.mode == "human"
        before = drawn_hand(tbl)
        await pilot.press("equals_sign")
        await pilot.pause()
        assert drawn_hand(tbl) == before
        said = message(tbl)
        assert said.startswith("Hand sorted by suit, trump first (it was in this order already)."), said
        await pilot.press("equals_sign")
        await pilot.pause()
        said = message(tbl)
        assert said.startswith("Hand sorted by rank.") and "already" not in said, said
        await pilot.press("equals_sign")
        await pilot.pause()
        assert message(tbl).startswith("Hand as dealt"), message(tbl)


# ---- kept over a save and resume ---------------------------------------------------------


def resume_last():
    """The match last saved, as the menu's Continue resumes it."""
    infos = saves.list_saves()
    assert len(infos) == 1
    return saves.resume(infos[0])


async def test_the_hand_is_resumed_in_the_order_the_player_left_it(make_app):
    """Jokeren with two packs: Anna draws, sorts by rank and moves the card drawn two places
    left, then leaves (q). The settings' order is changed since (another table); the resumed
    table still shows her hand as she left it, the drawn card still marked. Before: the order
    fell back to the settings' and the moved card to its sorted place."""
    settings.save(settings.replace(settings.load(environ=False), hand_sort="dealt"))
    app = make_app(two_pack_match("3H 8S 8S 4H 5H KS QS", top="6H"), autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("equals_sign", "equals_sign")  # as dealt -> by suit -> by rank
        await pilot.pause()
        assert tbl.hand_sort == "rank"
        drawn = parse_cards("6H")[0]
        tbl.cursor = tbl.hand_cards().index(drawn)
        await pilot.press("less_than_sign", "less_than_sign")
        await pilot.pause()
        left = drawn_hand(tbl)
        assert left != arrange(tbl.observation().hand, "rank", None, tbl.match.game.card_sort_key)
        marked = drawn_marks(tbl)
        assert [left[i] for i in marked] == [drawn]
        await pilot.press("q")
        await pilot.pause()
    saved = json.loads(next((saves.saves_dir()).glob("*.json")).read_text())
    assert saved["table"]["hand_sort"] == "rank"
    assert saved["table"]["own_order"]["0"]["cards"] == [card_text(c) for c in left]
    # the player chose another order at another table since
    settings.save(settings.replace(settings.load(environ=False), hand_sort="suit"))
    app = make_app(resume_last(), autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert tbl.hand_sort == "rank"
        assert drawn_hand(tbl) == left
        assert [left[i] for i in drawn_marks(tbl)] == [drawn]


@pytest.mark.parametrize("table", [None, "junk", {"hand_sort": "sideways", "own_order": {"0": {"cards": ["ZZ"]}}}])
async def test_a_save_without_the_tables_order_still_loads(make_app, table):
    """An older save (no ``table`` key) or one whose ``table`` is not understood: the match
    loads and the hand is shown in the settings' order."""
    match = two_pack_match("3H 8S 8S 4H 5H KS QS", top="6H")
    path = saves.save_match(match)
    data = json.loads(path.read_text())
    assert "table" not in data
    if table is not None:
        data["table"] = table
        path.write_text(json.dumps(data))
    settings.save(settings.replace(settings.load(environ=False), hand_sort="rank"))
    app = make_app(resume_last())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert tbl.hand_sort == "rank" and not tbl.own_order
        assert drawn_hand(tbl) == arrange(tbl.observation().hand, "rank", None, tbl.match.game.card_sort_key)
