"""The Jokeren prior (bots/jokeren.py) and Amerikaans Jokeren's contract count
(bots/amerikaans_jokeren.py): the plan's split, the completing cards of a pair, the cards a
contract still lacks. Legality, reproducibility and reading only the observation are checked
for both games in tests/test_wild_prior.py."""

from __future__ import annotations

from collections import Counter

from cardtable.bots import amerikaans_jokeren, jokeren
from cardtable.cards import JOKER, parse_cards
from cardtable.engine import get_game


def _split(text):
    g = get_game("jokeren", players=2)
    k, p, left = jokeren.best_split(parse_cards(text), g.rules, g.points, {})
    return k, p, sorted(left)


def test_best_split_leaves_fewest_cards_and_places_the_joker():
    assert _split("5H 6H 7H 9C 9D 9S") == (0, 0, [])
    # the joker completes one of the two pairs; the higher pair goes down, 2C 3D stays
    k, p, left = _split("KH KS 2C 3D JK")
    assert (k, p, left) == (2, 5, sorted(parse_cards("2C 3D")))
    # a card in both a set and a run goes where fewer cards are left over
    assert _split("5C 6C 7C 7D 7H")[0] == 2


def test_completers_of_a_pair():
    rules = get_game("jokeren", players=2).rules
    c = parse_cards
    assert sorted(jokeren.completers(*c("5H 6H"), rules)) == sorted(c("4H 7H"))
    assert jokeren.completers(*c("6H 8H"), rules) == c("7H")
    assert sorted(jokeren.completers(*c("9H 9S"), rules)) == sorted(c("9C 9D"))
    assert jokeren.completers(*c("2C 9S"), rules) == []
    assert jokeren.completers(*c("QD KD"), rules) == c("JD AD")


def test_draw_gain_counts_the_cards_a_stock_card_puts_down():
    g = get_game("jokeren", players=2)
    c = parse_cards
    unseen = Counter(c("4H 7H 2C 2C"))
    # 4H or 7H completes 5H 6H (three cards down); 2C is of no use
    got = jokeren.draw_gain(c("5H 6H KS"), unseen, set(), g.rules, g.points, {})
    assert got == 3.0 * 2 / 4
    unseen[JOKER] = 4
    got = jokeren.draw_gain(c("5H 6H KS"), unseen, set(), g.rules, g.points, {})
    assert got == (3.0 * 2 + 3.0 * 4) / 8


def test_contract_missing():
    g = get_game("amerikaans-jokeren", players=2)
    c = parse_cards
    miss = amerikaans_jokeren.contract_missing
    assert miss(c("7C 7D 7H 2S"), 1, g) == 0
    assert miss(c("7C 7D 2S"), 1, g) == 1
    assert miss(c("7C 7D 2S") + [JOKER], 1, g) == 0
    assert miss(c("4S 5S 7S KD"), 4, g) == 1  # 4S 5S _ 7S: one gap for a run of four
    assert miss(c("4S 5S 7S KD") + [JOKER], 5, g) == 1
    assert miss(c("4S 5S 6S"), 2, g) == 0
    assert miss(c("2C 9D"), 6, g) == 0
