"""Ramino drift (ramino-drift.md): every Example of §11 with the spec's exact values, the §8
sheet, the deal of §3, the options of §9, the rulings of §10, refusals in words, and bot matches
that end with one player left.

Examples 2 (lay-off after coming out), 3 (joker exchange), 5 (hand score) and 8 (empty stock)
are also records in tests/records/ramino-drift/ and replayed."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_cards
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay as replay_match
from cardtable.engine.standing import Standing
from tests.games.helpers import legal, load_record, refused, run
from tests.games.test_basis_rummy import hand_text, meld_text, position

GID = "ramino-drift"


def game(n=4, **opts):
    return get_game(GID, n, **opts)


# ---- §2, §3 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n, stock", [(2, 39), (3, 32), (4, 25)])
def test_deal_sizes(n, stock):
    g = game(n)
    st = g.new_hand(seed=3)
    assert [len(h) for h in st.hands] == [7] * n and len(st.stock) == stock and len(st.pile) == 1
    assert Counter(st.cards_in_play()) == Counter(g.deck()) and len(g.deck()) == 54


def test_penalty_points_check():
    g = game()
    one_suit = [c for c in g.deck() if card_text(c).endswith("S")]
    assert sum(g.points[c] for c in one_suit) == 85
    assert sum(g.points[c] for c in g.deck()) == 380


def test_eliminated_seats_are_not_dealt_in_and_skipped():
    g = game(4)
    standing = Standing(4, next_dealer=3, totals=(120, 50, 60, 30), active=(False, True, True, True))
    st = g.new_hand(seed=1, standing=standing)
    assert [len(h) for h in st.hands] == [0, 7, 7, 7] and len(st.stock) == 54 - 21 - 1
    assert st.to_act == 1  # voorhand: the next seat still in after dealer 3
    assert st.observation(1).active == (False, True, True, True)


# ---- §11 Examples ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, ok",
    [
        ("AC 2C 3C", True),
        ("QC KC AC", False),
        ("KC AC 2C", False),
        ("JK=AD 2D 3D", True),
        ("QD KD JK=AD", False),
        ("AC AD AH", True),
        ("7C 7D JK=7*", True),
        ("5C 5D 5H 5S JK=5*", False),
        ("9S JK=TS JK=JS", True),
    ],
)
def test_example_1_meld_validity(text, ok):
    assert (game().classify(parse_cards(text)) is not None) == ok


def example_2():
    g = game(2)
    return g.from_deal(
        position(g, ["2S 3S", "7S KC KD KH 2D 9C 3H"], "4D", [(0, "4S 5S 6S")], stock_top="8H", to_act=1)
    )


def test_example_2_layoff_only_after_coming_out():
    st = run(example_2(), "draw stock")
    refused(st, "layoff 7S to 1", "may not lay off before putting down a meld")
    st = run(st, "meld KC KD KH")
    assert meld_text(st, 2) == "KC KD KH" and "layoff 7S to 1" in legal(st)
    st = run(st, "layoff 7S to 1")
    assert meld_text(st, 1) == "4S 5S 6S 7S"
    st = run(st, "discard 8H")
    assert hand_text(st, 1) == sorted("2D 9C 3H".split())


def example_3():
    g = game(3)
    return g.from_deal(
        position(g, ["2S 3S", "TH 4S 5S 2C 8C KS 9D", "4H 4C"], "7D", [(2, "9H JK=TH JH")], stock_top="QD", to_act=1)
    )


def test_example_3_joker_exchange_with_immediate_reuse():
    st = run(example_3(), "draw stock")
    assert hand_text(st, 1) == sorted("TH 4S 5S QD 2C 8C KS 9D".split())
    assert "swap TH in 1" in legal(st)
    after = run(st, "swap TH in 1")
    # keeping the joker is illegal: only melds holding it follow, no lay-off (not come out)
    assert {a.split()[0] for a in legal(after)} == {"meld"}
    assert all("JK=" in a for a in legal(after))
    refused(after, "discard KS", "joker must go at once into a new meld")
    refused(after, "layoff JK=8H to 1", "joker must go at once")
    st = run(after, "meld 4S 5S JK=6S")
    assert meld_text(st, 1) == "9H TH JH" and meld_text(st, 2) == "4S 5S JK=6S"
    assert hand_text(st, 1) == sorted("QD 2C 8C KS 9D".split())
    assert st.observation(1).extra["on_table"][1]
    st = run(st, "discard KS")
    assert st.to_act == 2


def test_example_3_the_swap_needs_a_follow_up():
    g = game(3)
    st = g.from_deal(
        position(g, ["2S 3S", "TH 4S 2C 8C KS 9D 6H", "4H 4C"], "7D", [(2, "9H JK=TH JH")], stock_top="QD", to_act=1)
    )
    st = run(st, "draw stock")
    assert "swap TH in 1" not in legal(st)
    refused(st, "swap TH in 1", "could not go back on the table")


def test_example_3_a_player_who_has_come_out_may_lay_the_joker_off():
    g = game(3)
    st = g.from_deal(
        position(
            g,
            ["2S 3S", "TH 2C 8C KS 9D QC", "4H 4C"],
            "2H",
            [(2, "9H JK=TH JH"), (1, "5D 6D 7D")],
            stock_top="QD",
            to_act=1,
        )
    )
    st = run(st, "draw stock", "swap TH in 1")
    assert "layoff JK=8D to 2" in legal(st) and "layoff JK=QH to 1" in legal(st)
    st = run(st, "layoff JK=QH to 1")
    assert meld_text(st, 1) == "9H TH JH JK=QH" and "discard KS" in legal(st)


def example_4(**opts):
    g = game(4, **opts)
    return g.from_deal(position(g, ["2S 3S", "4S 5S", "9D 9C", "5H 6H"], "7D", stock_top="7H", to_act=3))


def test_example_4_no_going_out_without_a_discard():
    st = run(example_4(), "draw stock")
    refused(st, "meld 5H 6H 7H", "keep a card to discard")
    assert {a for a in legal(st) if a.startswith("meld")} == set()
    st = run(st, "discard 7H")
    assert not st.over
    st = run(example_4(go_out_without_discard=True), "draw stock", "meld 5H 6H 7H")
    assert st.over and st.result().winners == [3]


def example_5():
    g = game(4)
    return g.from_deal(
        position(g, ["JK KD AC", "6D", "2S 3S 4S 9C", "AD AH"], "7C", [(1, "3D 4D 5D")], stock_top="KS", to_act=1)
    )


def test_example_5_hand_score():
    st = run(example_5(), "draw stock", "layoff 6D to 1", "discard KS")
    r = st.result()
    assert r.points == [31, 0, 18, 2] and r.winners == [1] and r.detail["penalties"] == [31, 0, 18, 2]
    assert not st.game.check_result(r, st)
    sheet = st.game.new_sheet()
    sheet.record(r)
    assert sheet.table()[1] == [["1", "31 / 31", "0 / 0", "18 / 18", "2 / 2"]]


def test_example_6_elimination():
    g = game(4)
    sheet = g.new_sheet()
    sheet.record(Result([88, 95, 40, 100], "out", [], {"dealer": 3}))
    assert sheet.active == [True] * 4
    st = g.from_deal(
        position(g, ["KD 3C", "5C", "8S", "2H"], "7C", [(2, "5S 6S 7S")], stock_top="QH", to_act=2, dealer=1),
        sheet.standing(),
    )
    st = run(st, "draw stock", "layoff 8S to 1", "discard QH")
    r = st.result()
    assert r.points == [13, 5, 0, 2]
    sheet.record(r)
    assert sheet.totals == [101, 100, 40, 102] and sheet.active == [False, True, True, False]
    assert not sheet.over and sheet.next_dealer == 2  # after dealer 1, the next seat still in
    assert sheet.table()[1][1] == ["2", "13 / 101 OUT", "5 / 100", "0 / 40", "2 / 102 OUT"]


def test_example_7_game_end():
    g = game(3)
    m = Match(g, seed=1)
    m.sheet.record(Result([120, 100, 60], "out", [], {"dealer": 0}))
    assert m.sheet.active == [False, True, True]
    m.start_hand(deal=position(g, ["", "AS", "9C"], "4D", [(2, "6C 7C 8C")], stock_top="KH", to_act=2, dealer=1))
    for a in ("draw stock", "layoff 9C to 1", "discard KH"):
        m.apply(a)
    assert m.results[-1].points == [0, 1, 0]
    assert m.over and m.sheet.winners == [2] and m.sheet.totals == [120, 101, 60]
    assert m.sheet.render().splitlines()[-1] == "Game over: Seat 2 is the last player left and wins."


def example_8():
    g = game(2)
    return g.from_deal(position(g, ["3C", "3D"], "6D QS 2C", to_act=0, empty_stock=True, dump=1))


def test_example_8_empty_stock():
    st = example_8()
    a = run(st, "draw discard")
    assert "2C" in hand_text(a, 0)
    b = run(st, "draw stock")
    assert "6D" in hand_text(b, 0) and not b.pile
    assert [card_text(c) for c in b.stock_top_first()] == ["QS", "2C"]


def test_section_8_sheet_example():
    sheet = game(3).new_sheet()
    sheet.record(Result([0, 23, 41], "out", [0], {"dealer": 0}))
    sheet.record(Result([35, 0, 64], "out", [1], {"dealer": 1}))
    sheet.record(Result([12, 0, 0], "out", [1], {"dealer": 2}))
    assert sheet.render(aligned=False).splitlines()[:5] == [
        "| Hand | Seat 0 | Seat 1 | Seat 2 |",
        "|---|---|---|---|",
        "| 1 | 0 / 0 | 23 / 23 | 41 / 41 |",
        "| 2 | 35 / 35 | 0 / 23 | 64 / 105 OUT |",
        "| 3 | 12 / 47 | 0 / 23 | – |",
    ]
    assert not sheet.over and sheet.active == [True, True, False]


# ---- records ---------------------------------------------------------------------------------


def test_example_records_replay():
    m = replay_match(load_record(GID, "e2"))
    assert meld_text(m.state, 1) == "4S 5S 6S 7S" and hand_text(m.state, 1) == sorted("2D 9C 3H".split())
    m = replay_match(load_record(GID, "e3"))
    assert meld_text(m.state, 2) == "4S 5S JK=6S" and hand_text(m.state, 1) == sorted("QD 2C 8C 9D".split())
    m = replay_match(load_record(GID, "e5"))
    assert m.results[0].points == [31, 0, 18, 2] and m.sheet.totals == [31, 0, 18, 2]
    m = replay_match(load_record(GID, "e8"))
    assert hand_text(m.state, 0) == ["3C", "6D"]


# ---- options, rulings, refusals -------------------------------------------------------------


@pytest.mark.parametrize(
    "opts, word",
    [
        ({"reshuffle": "maybe"}, "reshuffle"),
        ({"elimination_score": 0}, "elimination_score"),
        ({"go_out_without_discard": 3}, "go_out_without_discard"),
        ({"target_score": 100}, "target_score"),
    ],
)
def test_bad_options_are_refused(opts, word):
    with pytest.raises(OptionError, match=word):
        game(2, **opts)


@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(n):
    with pytest.raises(OptionError):
        game(n)


def test_elimination_score_option():
    g = game(2, elimination_score=30)
    sheet = g.new_sheet()
    sheet.record(Result([0, 31], "out", [0], {"dealer": 0}))
    assert sheet.over and sheet.winners == [0]


def test_reshuffle_option_shuffles_the_new_stock():
    g = game(2, reshuffle=True)
    st = g.from_deal(position(g, ["3C", "3D"], "6D QS 2C 8H 9H TH JH QH", to_act=0, empty_stock=True, dump=1))
    st = run(st, "draw stock")
    assert st.turnovers == 1 and not st.pile and len(st.stock) == 7
    stock_zone = next(z for z in st.observation(1).zones if z.name == "stock")
    assert stock_zone.count == 7 and stock_zone.cards == ()  # shuffled face down: hidden again (ruling 11)
    assert not (Counter(st.stock) - Counter(st.hidden_from(1)))
    plain = run(example_8(), "draw stock")
    assert [card_text(c) for c in plain.known[0]] == ["6D"]
    stock = next(z for z in plain.observation(1).zones if z.name == "stock")
    assert [card_text(c) for c in stock.cards] == ["QS", "2C"]


def test_a_set_joker_stands_for_a_missing_suit():
    g = game(2)
    st = g.from_deal(position(g, ["7H 2D", "7S 5C 6C"], "4D", [(0, "7C 7D JK=7*")], stock_top="KD", to_act=1))
    st = run(st, "draw stock")
    assert "swap 7S in 1" in legal(st)  # 7H or 7S may take the joker's place
    st = run(st, "swap 7S in 1")
    assert meld_text(st, 1) == "7C 7D 7S" and "meld 5C 6C JK=7C" in legal(st)


def test_refusals_in_words():
    st = run(example_2(), "draw stock")
    refused(st, "meld KC KD 9C", "not a set")
    refused(st, "meld QC KC AC", "does not hold")
    refused(st, "discard 5H", "not in")
    st = example_2()
    refused(st, "discard 7S", "first draw a card")
    g = game(2)
    d = position(g, ["2S 3S", "7S KC"], "4D")
    d["stock"] = d["stock"][:-1]
    with pytest.raises(DealError, match="missing"):
        g.from_deal(d)


def test_the_taken_card_may_not_be_discarded():
    st = run(example_2(), "draw discard")
    refused(st, "discard 4D", "taken from the discard pile")


def bot_matches(g, seeds=(1, 2)) -> tuple[Counter, list]:
    """Whole matches of the simple bot (decisions between hands too): the verbs it played (and
    ``joker meld``) and the finished matches."""
    seen: Counter = Counter()
    matches = []
    for seed in seeds:
        m = Match(g, seed=seed)
        bots = [get_bot("simple", g, seed=s) for s in range(g.players)]
        steps = 0
        while not m.over:
            st = m.start_next()
            while st.to_act is not None:
                a = bots[st.to_act].choose(st.observation(st.to_act))
                seen[a.verb] += 1
                if a.verb == "meld" and any(card_text(c).startswith("JK=") for c in a.cards):
                    seen["joker meld"] += 1
                st = m.apply(a)
                steps += 1
                assert steps < 50_000
        assert len(m.sheet.winners) == 1 and sum(m.sheet.active) == 1
        matches.append(m)
    return seen, matches


@pytest.mark.parametrize("n", [2, 4])
def test_bots_play_matches_to_one_player_left(n):
    seen, matches = bot_matches(game(n))
    assert all(m.sheet.totals[m.sheet.winners[0]] < 101 for m in matches)
    assert seen["swap"] and seen["joker meld"] and seen["layoff"], seen
