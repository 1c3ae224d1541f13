"""Loba (loba.md): every Example of §11 with the spec's exact values, the §8 sheet, the deal of
§3, the options of §9, the rulings of §10, refusals in words, the buy-back between hands, and
bot matches that end with one player left.

Examples 3 (taking the discard), 4 (pushing a joker), 6 (hand score) and 7 (all at once) are
also records in tests/records/loba/, with a match whose buy-back is a ``between`` entry."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.cards import card_text, parse_cards
from cardtable.engine import get_game
from cardtable.engine.game import IllegalAction, OptionError, Result
from cardtable.engine.record import replay as replay_match
from tests.games.helpers import legal, load_record, refused, run
from tests.games.test_basis_rummy import meld_text, position
from tests.games.test_ramino_drift import bot_matches

GID = "loba"


def game(n=4, **opts):
    return get_game(GID, n, **opts)


def valid(text: str) -> bool:
    return game().classify(parse_cards(text)) is not None


# ---- §2, §3 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n, stock", [(2, 89), (3, 80), (4, 71), (5, 62)])
def test_deal_sizes(n, stock):
    g = game(n)
    st = g.new_hand(seed=2)
    assert [len(h) for h in st.hands] == [9] * n and len(st.stock) == stock and len(st.pile) == 1
    assert Counter(st.cards_in_play()) == Counter(g.deck()) and len(g.deck()) == 108


def test_penalty_points_check():
    g = game()
    one_suit = [c for c in set(g.deck()) if card_text(c).endswith("S")]
    assert sum(g.points[c] for c in one_suit) == 94
    assert sum(g.points[c] for c in g.deck()) == 952


# ---- §11 Examples ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, ok",
    [
        ("4C 4D 4H", True),
        ("4C 4D 4H 4S", False),
        ("4C 4C 4D", False),
        ("4C 4C 4D 4D 4H 4H", True),
        ("4C 4D JK=4H", False),
        ("4C 4D JK=4*", False),
    ],
)
def test_example_1_piernas(text, ok):
    assert valid(text) == ok


def test_example_1_a_pierna_refuses_a_fourth_suit_and_a_joker():
    g = game(2)
    st = g.from_deal(
        position(g, ["QS QC JK 5D", "3C 3D"], "9H", [(1, "QC QD QH"), (0, "7H 8H 9H TH")], stock_top="2S", to_act=0)
    )
    st = run(st, "draw stock")
    refused(st, "layoff QS to 1", "QS does not fit on meld 1 (the pierna")
    assert not any(a.startswith("layoff JK") and a.endswith("to 1") for a in legal(st))
    refused(st, "layoff JK=QS to 1", "does not fit")
    st = run(st, "layoff QC to 1")
    assert sorted(card_text(c) for c in st.melds[0].cards) == ["QC", "QC", "QD", "QH"]


@pytest.mark.parametrize(
    "text, ok",
    [
        ("5H 6H 7H", False),
        ("5H 6H 7H 8H", True),
        ("JK=5H 6H JK=7H 8H", True),
        ("JK=6H JK=7H JK=8H 9H TH", False),
        ("JC QC KC AC", True),
        ("AD 2D 3D 4D", True),
        ("QC KC AC 2C", False),
    ],
)
def test_example_2_escaleras(text, ok):
    assert valid(text) == ok


def example_3(hand="6H 7H 9H 2C 2D 2S KD 5C 3S"):
    g = game(2)
    return g.from_deal(position(g, ["4S 5S 6D 7D 8D TC JC QC KC", hand], "3H 8H", to_act=1))


def test_example_3_taking_the_discard():
    st = example_3()
    assert "draw discard" in legal(st)
    st = run(st, "draw discard")
    assert st.observation(1).extra["must_place"]
    assert not any(a.startswith("discard") for a in legal(st))
    refused(st, "discard KD", "8H was taken from the discard pile", "before the discard")
    st = run(st, "meld 6H 7H 8H 9H")
    assert meld_text(st, 1) == "6H 7H 8H 9H" and not st.observation(1).extra["must_place"]
    st = run(st, "meld 2C 2D 2S", "discard KD")
    assert meld_text(st, 2) == "2C 2D 2S" and st.to_act == 0


def test_example_3_no_use_for_the_discard_no_taking_it():
    st = example_3("6H 7H QC 2C 2D 2S KD 5C 3S")
    assert legal(st) == {"draw stock"}
    refused(st, "draw discard", "8H may be taken only to put it on the table")


def test_ruling_13_the_taken_card_stays_placeable():
    g = game(2)
    st = g.from_deal(position(g, ["4S 5S", "6H 7H 9H 2C 2D 2S 2H 5C 3S"], "3H 8H", to_act=1))
    st = run(st, "draw discard")
    # 2C 2D 2S 2H would be a pierna of four suits; 2C 2D 2H keeps 2S, and 6H 7H 8H 9H stays possible
    assert "meld 2C 2D 2H" in legal(st) and "meld 6H 7H 8H 9H" in legal(st)


def pushing(meld: str, hand: str):
    g = game(2)
    st = g.from_deal(
        position(g, ["3C 3D 3H " + hand, "KD"], "9D", [(1, meld), (0, "7C 7D 7H")], stock_top="2D", to_act=0)
    )
    return run(st, "draw stock")


def test_example_4_pushing_a_joker():
    st = pushing("5S JK=6S 7S 8S", "6S")
    assert {"layoff 6S to 1 low", "layoff 6S to 1 high"} <= legal(st)
    assert meld_text(run(st, "layoff 6S to 1 low"), 1) == "JK=4S 5S 6S 7S 8S"
    assert meld_text(run(st, "layoff 6S to 1 high"), 1) == "5S 6S 7S 8S JK=9S"
    refused(st, "layoff 6S to 1", "fits both ends", "say which")
    st = pushing("TS JK=JS QS KS", "JS")
    assert "layoff JS to 1" in legal(st) and "layoff JS to 1 high" not in legal(st)
    assert meld_text(run(st, "layoff JS to 1"), 1) == "JK=9S TS JS QS KS"
    refused(st, "layoff JS to 1 high", "would become a high ace")
    st = pushing("AS JK=2S 3S 4S", "2S")
    assert meld_text(run(st, "layoff 2S to 1"), 1) == "AS 2S 3S 4S JK=5S"
    # nobody may take a joker into his hand: there is no swap
    with pytest.raises(IllegalAction, match="swap"):
        st.apply("swap 2S in 1")


def test_example_4_a_third_joker_is_never_allowed():
    st = pushing("5S JK=6S JK=7S 8S", "JK 2C")
    assert not any(a.startswith("layoff JK") and a.endswith("to 1") for a in legal(st))
    assert "layoff JK=9C to 2" not in legal(st)


def example_5():
    g = game(4)
    return g.from_deal(position(g, ["3C", "3D", "3H", "JK"], "5H", [(3, "5D 6D 7D 8D")], stock_top="7C", to_act=3))


def test_example_5_discarding_jokers():
    st = run(example_5(), "draw stock")
    assert {a for a in legal(st) if a.startswith("discard")} == {"discard 7C"}
    refused(st, "discard JK", "a joker may not be discarded")
    g = game(4)
    st = g.from_deal(position(g, ["3C", "3D", "3H", "JK"], "5H", [(3, "5D 6D 7D 8D")], stock_top="9D", to_act=3))
    st = run(st, "draw stock", "layoff 9D to 1")
    assert legal(st) == {"discard JK"}
    st = run(st, "discard JK")
    assert st.over and st.result().winners == [3]
    st = g.from_deal(position(g, ["3C", "3D", "3H", "JK"], "5H", [(3, "5D 6D 7D 8D")], stock_top="JK", to_act=3))
    st = run(st, "draw stock")
    assert legal(st) >= {"discard JK"} and not any(a.startswith("discard") and "JK" not in a for a in legal(st))


def example_6(**opts):
    g = game(4, **opts)
    return g.from_deal(
        position(
            g, ["JK AC KD 5S", "TH 9H 2C", "6S", "AS"], "7H", [(2, "2S 3S 4S 5S")], stock_top="QD", to_act=2, dealer=1
        )
    )


def test_example_6_hand_score():
    st = run(example_6(), "draw stock", "layoff 6S to 1", "discard QD")
    g = st.game
    r = st.result()
    assert r.points == [75, 21, 0, 10] and r.winners == [2] and not r.detail["all_at_once"]
    assert not g.check_result(r, st)


def example_7(standing=None):
    g = game(3)
    return g.from_deal(
        position(g, ["3C 5D", "3D 5H", "4C 4D 4H 8S 9S TS JS QS KS"], "7H", stock_top="2D", to_act=2, dealer=1),
        standing,
    )


def test_example_7_all_at_once():
    g = game(3)
    sheet = g.new_sheet()
    sheet.record(Result([20, 30, 37], "out", [], {"dealer": 0}))
    st = run(example_7(sheet.standing()), "draw stock", "meld 4C 4D 4H", "meld 8S 9S TS JS QS KS", "discard 2D")
    r = st.result()
    assert r.detail["all_at_once"] and r.points[2] == -10
    sheet.record(r)
    assert sheet.totals[2] == 27


def test_going_out_after_an_earlier_meld_is_not_all_at_once():
    g = game(3)
    st = g.from_deal(
        position(
            g, ["3C 5D", "3D 5H", "8S 9S TS JS QS KS"], "7H", [(2, "4C 4D 4H")], stock_top="2D", to_act=2, dealer=1
        )
    )
    st = run(st, "draw stock", "meld 8S 9S TS JS QS KS", "discard 2D")
    assert st.result().points[2] == 0 and not st.result().detail["all_at_once"]


def test_example_8_elimination_and_buy_back():
    g = game(4)
    sheet = g.new_sheet()
    sheet.record(Result([95, 104, 60, 121], "out", [], {"dealer": 0}))
    assert sheet.pending == [1, 3] and not sheet.over
    st = g.between_hands(sheet.standing())
    assert st.to_act == 1 and legal(st) == {"buy back", "pass"}
    assert "buy back in at 95" in st.observation(1).status
    st = run(st, "buy back")
    assert st.to_act == 3
    st = run(st, "pass")
    assert st.over and st.result().detail == {"bought": [1], "declined": [3], "new_total": 95}
    sheet.record_between(st.result())
    assert sheet.totals == [95, 95, 60, 121] and sheet.active == [True, True, True, False]
    assert sheet.table()[1][0] == ["1", "95 / 95", "104 / 104 → 95 (B1)", "60 / 60", "121 / 121 OUT (no buy-back)"]
    nxt = g.new_hand(seed=1, standing=sheet.standing())
    assert [len(h) for h in nxt.hands] == [9, 9, 9, 0] and nxt.to_act == 2  # dealer 1, voorhand 2


def test_example_9_no_buy_back_possible():
    g = game(3)
    sheet = g.new_sheet()
    sheet.bought[0] = 2
    sheet.record(Result([110, 40, 100], "out", [], {"dealer": 0}))
    assert sheet.pending == [] and sheet.over and sheet.winners == [1]
    assert g.between_hands(sheet.standing()) is None


def test_section_8_sheet_example():
    g = game(3)
    sheet = g.new_sheet()
    sheet.record(Result([0, 38, 71], "out", [0], {"dealer": 0}))
    sheet.record(Result([22, -10, 45], "out", [1], {"dealer": 1}))
    assert sheet.pending == [2]
    sheet.record_between(Result([0, 0, 0], "buy_back", [], {"bought": [2], "declined": []}))
    sheet.record(Result([0, 81, 12], "out", [0], {"dealer": 2}))
    sheet.record_between(Result([0, 0, 0], "buy_back", [], {"bought": [], "declined": [1]}))
    assert sheet.render(aligned=False).splitlines()[:5] == [
        "| Hand | Seat 0 | Seat 1 | Seat 2 |",
        "|---|---|---|---|",
        "| 1 | 0 / 0 | 38 / 38 | 71 / 71 |",
        "| 2 | 22 / 22 | −10 / 28 | 45 / 116 → 28 (B1) |",
        "| 3 | 0 / 22 | 81 / 109 OUT (no buy-back) | 12 / 40 |",
    ]
    assert sheet.active == [True, False, True] and not sheet.over


def test_the_sheet_refuses_what_it_cannot_write():
    sheet = game(4).new_sheet()
    sheet.record(Result([95, 104, 60, 121], "out", [], {"dealer": 0}))
    with pytest.raises(ValueError, match="not decided yet"):
        sheet.record(Result([0, 0, 0, 0], "out", [0], {"dealer": 1}))
    with pytest.raises(ValueError, match="decide on a buy-back"):
        sheet.record_between(Result([0] * 4, "buy_back", [], {"bought": [1], "declined": []}))
    sheet.record_between(Result([0] * 4, "buy_back", [], {"bought": [1, 3], "declined": []}))
    assert sheet.totals == [95, 95, 60, 95] and sheet.bought == [0, 1, 0, 1]
    with pytest.raises(ValueError, match="out of the game"):
        g3 = game(3).new_sheet()
        g3.record(Result([0, 120, 10], "out", [0], {"dealer": 0}))
        g3.record_between(Result([0] * 3, "buy_back", [], {"bought": [], "declined": [1]}))
        g3.record(Result([0, 5, 10], "out", [0], {"dealer": 1}))


# ---- records: the examples and a match with a buy-back --------------------------------------


def test_example_records_replay():
    m = replay_match(load_record(GID, "e3"))
    assert meld_text(m.state, 1) == "6H 7H 8H 9H" and meld_text(m.state, 2) == "2C 2D 2S"
    m = replay_match(load_record(GID, "e4"))
    assert meld_text(m.state, 1) == "JK=4S 5S 6S 7S 8S"
    m = replay_match(load_record(GID, "e6"))
    assert m.results[0].points == [75, 21, 0, 10]
    m = replay_match(load_record(GID, "e7"))
    assert m.results[0].points == [8, 8, -10] and m.results[0].detail["all_at_once"]


def test_buy_back_record_replays():
    m = replay_match(load_record(GID, "buyback"))
    assert [bool(h.get("between")) for h in m.hands] == [False, True, False]
    assert m.sheet.bought == [0, 1, 0] and m.sheet.rows[0]["cells"][1]["mark"] == "buy_back"
    assert m.sheet.totals[1] == m.sheet.rows[0]["cells"][1]["new_total"] + m.results[2].points[1]


# ---- options, rulings, refusals -------------------------------------------------------------


@pytest.mark.parametrize(
    "opts, word",
    [
        ({"joker_penalty": -1}, "joker_penalty"),
        ({"elimination_score": 0}, "elimination_score"),
        ({"max_buy_backs": "two"}, "max_buy_backs"),
        ({"all_at_once_bonus": -10}, "all_at_once_bonus"),
        ({"packs": "2"}, "packs"),
    ],
)
def test_bad_options_are_refused(opts, word):
    with pytest.raises(OptionError, match=word):
        game(2, **opts)


@pytest.mark.parametrize("n", [1, 6])
def test_two_to_five_players(n):
    with pytest.raises(OptionError):
        game(n)


def test_options_change_the_score():
    st = example_6(joker_penalty=25, all_at_once_bonus=5, max_buy_backs=0, elimination_score=50)
    g = st.game
    r = run(st, "draw stock", "layoff 6S to 1", "discard QD").result()
    assert r.points == [50, 21, 0, 10]
    sheet = g.new_sheet()
    sheet.record(r)
    assert sheet.pending == [] and sheet.active == [False, True, True, True]
    assert (
        run(example_7(), "draw stock", "meld 4C 4D 4H", "meld 8S 9S TS JS QS KS", "discard 2D").result().points[2]
        == -10
    )
    assert get_game(GID, 3, all_at_once_bonus=5).out_bonus == 5


def test_empty_stock_keeps_the_top_discard():
    g = game(2)
    st = g.from_deal(position(g, ["3C", "3D"], "6D QS 2C 9H", to_act=0, empty_stock=True, dump=1))
    st = run(st, "draw stock")
    assert [card_text(c) for c in st.pile] == ["9H"] and len(st.stock) == 2 and st.turnovers == 1
    assert Counter(card_text(c) for c in st.stock + [st.hands[0][-1]]) == Counter(["6D", "QS", "2C"])
    # shuffled face down: the stock shows its count only, the card drawn is hidden in hand 0 (issue 19)
    zones = {z.name: z for z in st.observation(1).zones}
    assert zones["stock"].count == 2 and zones["stock"].cards == ()
    assert zones["hand 0"].cards == () and st.hands[0][-1] in st.hidden_from(1)


def test_empty_stock_and_an_unusable_top_discard_voids_the_hand():
    g = game(2)
    st = g.from_deal(position(g, ["4H 5H 6H KC 2S", "3D 9S"], "7H", to_act=0))
    st.stock.clear()  # the rest of the deck left out: a small position to play
    st = run(st, "draw discard", "meld 4H 5H 6H 7H", "discard KC")
    assert st.over and st.result().outcome == "void" and st.result().points == [0, 0]


def test_refusals_in_words():
    st = run(example_3(), "draw stock")
    refused(st, "meld 2C 2D KD", "not a set")
    refused(st, "layoff 2C to 1", "no melds on the table")
    refused(st, "discard 4D", "not in")
    st = example_3()
    refused(st, "buy back", "only between hands")


@pytest.mark.parametrize("n", [2, 5])
def test_bots_play_matches_to_one_player_left(n):
    seen, _matches = bot_matches(game(n))
    assert seen["joker meld"] and seen["layoff"], seen
    if n == 5:
        assert seen["buy"], seen
