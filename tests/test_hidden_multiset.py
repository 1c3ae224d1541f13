"""The leak check of tests/test_invariants.py reads ``State.hidden_from`` as a multiset
(issue 6, item 4): with two packs one QS may be public while the other is hidden."""

from __future__ import annotations

from collections import Counter

from cardtable.cards import PIQUET_RANKS, card_text, parse_card, parse_cards, piquet32, two_packs
from tests.test_invariants import codes_in, fully_hidden

QS = parse_card("QS")


def test_one_copy_public_one_hidden_is_no_leak():
    deck = Counter(card_text(c) for c in two_packs(PIQUET_RANKS))
    assert fully_hidden(Counter({QS: 1}), deck) == set()        # the other QS may be shown
    assert fully_hidden(Counter({QS: 2}), deck) == {"QS"}       # both hidden: QS may not appear
    assert fully_hidden([QS, QS, parse_card("JD")], deck) == {"QS"}


def test_a_set_is_a_multiset_of_ones():
    deck = Counter(card_text(c) for c in piquet32())
    assert fully_hidden(set(parse_cards("QS JD")), deck) == {"QS", "JD"}


def test_codes_with_copies_and_designations_are_words():
    words = codes_in({"melds": ["QS#2 JD#1", "JK=8C 9C"], "log": ["seat 1 played KH."]})
    assert {"QS#2", "JD#1", "JK=8C", "KH", "QS", "JD", "9C"} <= words
    assert "8C" not in words  # JK=8C names what the joker stands for, not a card 8C shown
