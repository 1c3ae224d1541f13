"""The leak check of tests/test_invariants.py reads ``State.hidden_from`` as a multiset
(issue 6, item 4): with two packs one QS may be public while the other is hidden."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cardtable.cards import PIQUET_RANKS, card_text, parse_card, parse_cards, piquet32, two_packs
from cardtable.engine import game_ids
from tests import walks
from tests.test_invariants import codes_in, codes_in_text, fully_hidden, leaked_codes

QS = parse_card("QS")


def test_one_copy_public_one_hidden_is_no_leak():
    deck = Counter(card_text(c) for c in two_packs(PIQUET_RANKS))
    assert fully_hidden(Counter({QS: 1}), deck) == set()  # the other QS may be shown
    assert fully_hidden(Counter({QS: 2}), deck) == {"QS"}  # both hidden: QS may not appear
    assert fully_hidden([QS, QS, parse_card("JD")], deck) == {"QS"}


def test_a_set_is_a_multiset_of_ones():
    deck = Counter(card_text(c) for c in piquet32())
    assert fully_hidden(set(parse_cards("QS JD")), deck) == {"QS", "JD"}


def test_codes_with_copies_and_designations_are_words():
    words = codes_in({"melds": ["QS#2 JD#1", "JK=8C 9C"], "log": ["seat 1 played KH."]})
    assert {"QS#2", "JD#1", "JK=8C", "KH", "QS", "JD", "9C"} <= words
    assert "8C" not in words  # JK=8C names what the joker stands for, not a card 8C shown


@pytest.mark.parametrize("gid", [pytest.param(g, marks=walks.group(g)) for g in sorted(game_ids())])
def test_words_read_value_by_value_are_the_texts_words(gid):
    """``codes_in`` reads an observation value by value (each string split once per
    process); its words are those of the whole JSON text, at every seat of the walk's
    positions (tests/walks.py)."""
    n = walks.counts_of(gid)[0]
    checked = 0
    for state in walks.walk(gid, n).positions[:60]:
        for seat in range(n):
            view = state.game.leak_view(state.observation(seat).to_json())
            assert codes_in(view) == codes_in_text(json.dumps(view))
            # the walk's faster check finds what the words find, of codes seen and not seen
            every = {card_text(c) for c in state.cards_in_play()}
            assert leaked_codes(view, every) == codes_in(view) & every
            checked += 1
    assert checked >= 20
    assert codes_in({"a": [1, None, True, "JK=8C 9C"], 7: {"x": "QS#2"}}) == codes_in_text(
        json.dumps({"a": [1, None, True, "JK=8C 9C"], 7: {"x": "QS#2"}})
    )
