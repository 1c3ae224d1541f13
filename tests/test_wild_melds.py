"""The meld matcher for jokers and two packs (cardtable/families/melds.py), with the values of
basis-rummy.md §11 Examples 1, 2 and 4 (validity, exchange) and its refusals in words."""

from __future__ import annotations

import time

import pytest

from cardtable.cards import JOKER, card_text, parse_card, parse_cards
from cardtable.families.melds import (
    SET_CARD,
    SET_NONE,
    MeldRules,
    check_meld,
    find_wild_melds,
    layoff_targets,
    meld_points,
    push_joker,
    push_targets,
    swap_joker,
    swap_targets,
)
from cardtable.families.rummy import RUN, SET, Meld, points_table

ONE = MeldRules(packs=1, max_set=4)
TWO = MeldRules(packs=2, max_set=8)


def meld(text: str, rules=ONE):
    return check_meld(parse_cards(text), rules)


@pytest.mark.parametrize(
    "text, ok",
    [
        ("AH 2H 3H", True),
        ("QH KH AH", True),
        ("KH AH 2H", False),
        ("JK=AS 2S 3S", True),
        ("QS KS JK=AS", True),
        ("KS JK=AS 2S", False),
        ("5C JK=6C JK=7C", True),
        ("5H 6H 8H", False),
        ("5H 6H JK=7H 8H", True),
    ],
)
def test_example_1_runs_with_aces_and_jokers(text, ok):
    got = meld(text)
    assert (not isinstance(got, str)) == ok, got
    if ok:
        assert got[0] == RUN


@pytest.mark.parametrize(
    "text, rules, ok",
    [
        ("7C 7D 7H JK=7*", ONE, True),
        ("7C 7D 7H 7S JK=7*", ONE, False),
        ("7C 7C 7D", TWO, True),
        ("9S 9S 9H 9H 9D 9C JK=9* JK=9*", TWO, True),
        ("9S 9S 9H 9H 9D 9C JK=9* JK=9* JK=9*", TWO, False),
        ("JK=9* JK=9* JK=9*", TWO, False),
    ],
)
def test_example_2_sets(text, rules, ok):
    got = check_meld(parse_cards(text), rules)
    assert (not isinstance(got, str)) == ok, got


@pytest.mark.parametrize(
    "text, rules, why",
    [
        ("7C 7C 7D", ONE, "a set may not hold two 7♣"),
        ("7C 7D 7H 7S JK=7*", ONE, "a set has at most 4 cards"),
        ("JK=9* JK=9* JK=9*", TWO, "a meld needs at least one natural card"),
        ("7C 7D JK=7H", ONE, "a joker in a set stands for the rank only: write JK=7* rather than JK=7♥"),
        ("5H JK=6C 7H", ONE, "a run of ♥ holds ♥ cards only; JK=6♣ stands for a ♣"),
        ("5H JK=5H 6H", ONE, "a run may not hold two 5♥"),
        ("5H 6H JK", ONE, "say what each joker stands for, like JK=8C in a run or JK=8* in a set"),
        ("KH AH 2H", ONE, "not a run: the ace is high or low, a run cannot go round the corner (K-A-2)"),
    ],
)
def test_refusals_in_the_players_words(text, rules, why):
    assert check_meld(parse_cards(text), rules) == why


def test_canonical_order():
    kind, cards = meld("7S JK=7* 7C 7H")
    assert kind == SET and " ".join(card_text(c) for c in cards) == "7C 7H 7S JK=7*"
    kind, cards = meld("JK=AS KS QS")
    assert kind == RUN and " ".join(card_text(c) for c in cards) == "QS KS JK=AS"


def test_example_4_joker_exchange():
    run = Meld(1, RUN, tuple(parse_cards("5S JK=6S 7S")))
    st = Meld(2, SET, tuple(parse_cards("QC QD JK=Q*")))
    assert swap_targets(run, ONE) == [parse_card("6S")]
    new, jk = swap_joker(run, parse_card("6S"), ONE)
    assert new.cards == tuple(parse_cards("5S 6S 7S")) and jk == JOKER
    assert parse_card("QS") in swap_targets(st, ONE) and parse_card("QC") not in swap_targets(st, ONE)
    new, jk = swap_joker(st, parse_card("QS"), ONE)
    assert new.cards == tuple(parse_cards("QC QD QS")) and jk == JOKER
    assert parse_card("5S") not in swap_targets(run, ONE)


def test_example_3_layoff_ends_on_a_run():
    m = Meld(2, RUN, tuple(parse_cards("JD QD KD")))
    assert layoff_targets(m, ONE) == [
        (parse_card("TD"), "low"),
        (parse_card("JK=TD"), "low"),
        (parse_card("AD"), "high"),
        (parse_card("JK=AD"), "high"),
    ]
    m = Meld(2, RUN, tuple(parse_cards("JD QD KD AD")))
    assert layoff_targets(m, ONE) == [(parse_card("TD"), "low"), (parse_card("JK=TD"), "low")]


def test_every_enumerated_meld_is_valid_and_uses_the_hand():
    hand = parse_cards("5H 6H 7H 8H 7C 7D 7S 7S JK JK QS KS 2D")
    got = find_wild_melds(hand, TWO)
    assert len(got) == len({c for _, c in got})
    for kind, cards in got:
        assert check_meld(cards, TWO) == (kind, cards), [card_text(c) for c in cards]
    texts = {" ".join(card_text(c) for c in cards) for _, cards in got}
    assert "5H 6H JK=7H" in texts and "QS KS JK=AS" in texts and "7C 7D 7S 7S" in texts
    assert "7S 7S JK=7*" in texts and "JK=JS QS KS" in texts


def test_enumeration_is_fast_at_the_worst_position():
    hand = parse_cards("5H 6H 7H 8H 9H 7C 7D 7S 8S QS KS JK JK")
    find_wild_melds(hand, TWO)
    t = time.perf_counter()
    for _ in range(50):
        from cardtable.families import melds as M

        M._RUN_MEMO.clear(), M._SET_MEMO.clear()
        find_wild_melds(hand, TWO)
    assert (time.perf_counter() - t) / 50 < 0.02


# ---- jokeren.md §11 Example 1 (set jokers fixed to a suit) and Loba's piernas and escaleras ---------

JOKEREN = MeldRules(packs=1, max_set=4, set_jokers=SET_CARD)
LOBA = MeldRules(packs=2, max_set=6, set_jokers=SET_NONE, set_suits=3, min_run=4, run_jokers=2)


@pytest.mark.parametrize(
    "text, ok",
    [
        ("7C 7D 7H", True),
        ("7C 7C 7D", False),
        ("7C 7D 7H 7S JK=7S", False),
        ("7C 7D JK=7S", True),
        ("7C 7D JK=7C", False),
        ("QD JK=QH JK=QS", True),
        ("AH 2H 3H", True),
        ("QH KH AH", True),
        ("KH AH 2H", False),
        ("JK=AS 2S 3S", True),
        ("QS KS JK=AS", True),
    ],
)
def test_jokeren_example_1(text, ok):
    got = check_meld(parse_cards(text), JOKEREN)
    assert (not isinstance(got, str)) == ok, got


def test_jokeren_set_joker_fixed_lay_off_and_swap():
    m = Meld(2, SET, tuple(parse_cards("8C 8D JK=8H")))
    texts = {card_text(c) for c, _e in layoff_targets(m, JOKEREN)}
    assert texts == {"8S", "JK=8S"}  # 8H is represented by the joker: swap it instead
    assert swap_targets(m, JOKEREN) == [parse_card("8H")]
    pts = points_table(ace=11)
    assert meld_points(RUN, parse_cards("AH 2H JK=3H"), pts) == 6  # a low ace counts 1
    assert meld_points(RUN, parse_cards("QH KH JK=AH"), pts) == 31
    assert meld_points(SET, parse_cards("7C 7D JK=7S"), pts) == 21


@pytest.mark.parametrize(
    "text, ok",
    [
        ("4C 4D 4H", True),
        ("4C 4D 4H 4S", False),
        ("4C 4C 4D", False),
        ("4C 4C 4D 4D 4H 4H", True),
        ("4C 4D JK=4*", False),
        ("5H 6H 7H", False),
        ("5H 6H 7H 8H", True),
        ("JK=5H 6H JK=7H 8H", True),
        ("JK=6H JK=7H JK=8H 9H TH", False),
        ("JC QC KC AC", True),
        ("AD 2D 3D 4D", True),
        ("QC KC AC 2C", False),
    ],
)
def test_loba_example_1_and_2(text, ok):
    got = check_meld(parse_cards(text), LOBA)
    assert (not isinstance(got, str)) == ok, got


def test_loba_pierna_lay_offs_and_pushed_jokers():
    m = Meld(0, SET, tuple(parse_cards("QC QD QH")))
    assert {card_text(c) for c, _e in layoff_targets(m, LOBA)} == {"QC", "QD", "QH"}  # not QS, no joker
    m = Meld(0, RUN, tuple(parse_cards("5S JK=6S 7S 8S")))
    assert push_targets(m, LOBA) == [(parse_card("6S"), "low"), (parse_card("6S"), "high")]
    assert [card_text(c) for c in push_joker(m, parse_card("6S"), "low", LOBA).cards] == "JK=4S 5S 6S 7S 8S".split()
    assert [card_text(c) for c in push_joker(m, parse_card("6S"), "high", LOBA).cards] == "5S 6S 7S 8S JK=9S".split()
    m = Meld(0, RUN, tuple(parse_cards("TS JK=JS QS KS")))
    assert push_targets(m, LOBA) == [(parse_card("JS"), "low")]
    m = Meld(0, RUN, tuple(parse_cards("AS JK=2S 3S 4S")))
    assert push_targets(m, LOBA) == [(parse_card("2S"), "high")]
    m = Meld(0, RUN, tuple(parse_cards("JK=5H 6H JK=7H 8H")))
    assert {card_text(c) for c, _e in layoff_targets(m, LOBA)} == {"4H", "9H"}  # no third joker


@pytest.mark.parametrize("rules", [ONE, TWO, JOKEREN, LOBA], ids=["one", "two", "jokeren", "loba"])
def test_enumeration_under_every_rule_set(rules):
    hand = parse_cards("4C 4C 4D 4H 4S 5H 6H 7H 8H 7C 7D 7S 7S JK JK QS KS AS")
    got = find_wild_melds(hand, rules)
    assert len(got) == len({c for _, c in got})
    for kind, cards in got:
        assert check_meld(cards, rules) == (kind, cards), [card_text(c) for c in cards]
    texts = {" ".join(card_text(c) for c in cards) for _, cards in got}
    if rules is LOBA:
        assert "4C 4C 4D 4H" in texts and "5H 6H 7H 8H" in texts
        assert not any(kind == SET and "JK" in card_text(c) for kind, cards in got for c in cards)
        assert "JK=5H 6H 7H JK=8H" in texts and not any(kind == RUN and len(cards) < 4 for kind, cards in got)
    if rules is JOKEREN:
        assert "7C 7D JK=7H" in texts and "7C 7D JK=7H JK=7S" in texts and "7C 7D JK=7H 7S" in texts
        assert not any("JK=7C" in t or "JK=7D" in t for t in texts if t.startswith("7C 7D"))
