"""Cards with identity (cardtable/cards.py; docs/grammar.md "Card codes"): plain
values unchanged, copies ``QS#2`` and designations ``JK=8C`` / ``JK=8*`` / ``2S=8C`` on top,
read through the helpers, with text forms that parse back to the same value."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable import cards as C
from cardtable.cards import (
    ANY_SUIT,
    CARD_LIMIT,
    JOKER,
    PIQUET_RANKS,
    RANK_OF,
    SUIT_OF,
    CardError,
    any_suit,
    card_text,
    copy_of,
    deck,
    designate,
    display,
    four_packs,
    full52,
    is_any_suit,
    is_joker,
    is_red,
    is_valid,
    make,
    parse_card,
    piquet32,
    plain,
    rank_of,
    stands_for,
    suit_of,
    two_packs,
    with_copy,
)

PLAIN = [make(r, s) for s in range(4) for r in range(2, 15)]
TARGETS = PLAIN + [any_suit(r) for r in range(2, 15)]


# ---- plain cards keep their values -----------------------------------------------------------


def test_plain_values_are_unchanged():
    # the layout every record, mask and table of the six games relies on
    assert [parse_card(t) for t in ("2C", "TC", "AC", "7D", "JH", "AS", "JK")] == [2, 10, 14, 23, 43, 62, 64]
    assert all(c == s * 16 + r for c, (s, r) in zip(PLAIN, [(s, r) for s in range(4) for r in range(2, 15)]))
    assert JOKER == 64 and rank_of(JOKER) == 0 and suit_of(JOKER) == ANY_SUIT
    for c in PLAIN + [JOKER]:
        assert plain(c) == c and copy_of(c) == 0 and stands_for(c) is None and is_valid(c)
        assert c < 128 and RANK_OF[c] == rank_of(c) and SUIT_OF[c] == suit_of(c)
    assert sorted(full52()) == sorted(PLAIN) and len(piquet32()) == 32


def test_text_examples_of_the_readme():
    qs, c8 = parse_card("QS"), parse_card("8C")
    assert card_text(with_copy(qs, 2)) == "QS#2" and parse_card("QS#2") == with_copy(qs, 2)
    assert card_text(designate(JOKER, c8)) == "JK=8C"
    assert card_text(designate(JOKER, any_suit(8))) == "JK=8*"
    assert card_text(designate(parse_card("2S"), c8)) == "2S=8C"
    assert card_text(designate(with_copy(JOKER, 1), c8)) == "JK#1=8C"
    # read leniently as before: lower case, 10 for T; written canonically
    assert parse_card("qs#2") == parse_card("QS#2") and parse_card("jk=10h") == parse_card("JK=TH")
    assert parse_card("JK=10*") == designate(JOKER, any_suit(10)) and card_text(parse_card("10H")) == "TH"


# ---- every value round-trips -------------------------------------------------------------------


def test_every_card_value_round_trips():
    """All 2**17 ints of the layout: the valid ones read back from their text, the others
    are not cards."""
    valid = 0
    for v in range(CARD_LIMIT):
        if is_valid(v):
            valid += 1
            assert parse_card(card_text(v)) == v, v
    # 53 physical cards x 8 copy slots x (no designation + 52 cards + 13 ranks)
    assert valid == 53 * 8 * (1 + 52 + 13)
    assert not is_valid(any_suit(8)) and not is_valid(-1) and not is_valid(CARD_LIMIT) and not is_valid(True)


cards_st = st.builds(
    lambda base, n, d: designate(with_copy(base, n), d),
    st.sampled_from(PLAIN + [JOKER]),
    st.integers(0, 7),
    st.none() | st.sampled_from(TARGETS),
)


@given(base=st.sampled_from(PLAIN + [JOKER]), n=st.integers(0, 7), d=st.none() | st.sampled_from(TARGETS))
def test_helpers_read_back_what_was_put_in(base, n, d):
    c = designate(with_copy(base, n), d)
    assert is_valid(c) and c < CARD_LIMIT
    assert plain(c) == base and copy_of(c) == n and stands_for(c) == d
    assert rank_of(c) == rank_of(base) and suit_of(c) == suit_of(base)
    assert RANK_OF[plain(c)] == rank_of(c) and SUIT_OF[plain(c)] == suit_of(c)
    assert is_joker(c) == (base == JOKER) and is_red(c) == is_red(base)
    assert parse_card(card_text(c)) == c and parse_card(card_text(c).lower()) == c
    assert with_copy(c, 0) == designate(base, d) and designate(c, None) == with_copy(base, n)
    assert (c == base) == (n == 0 and d is None)
    if d is not None:
        assert card_text(c).endswith("=" + (C.RANK_LETTERS[rank_of(d)] + "*" if is_any_suit(d) else card_text(d)))


@given(c=cards_st, n=st.integers(0, 7), d=st.none() | st.sampled_from(TARGETS))
def test_copy_and_designation_are_independent(c, n, d):
    assert copy_of(designate(c, d)) == copy_of(c) and stands_for(with_copy(c, n)) == stands_for(c)
    assert plain(designate(with_copy(c, n), d)) == plain(c)
    # a designation keeps only the target's plain card
    assert stands_for(designate(c, with_copy(PLAIN[0], 3))) == PLAIN[0]


@pytest.mark.parametrize(
    "text",
    [
        "QS#0",
        "QS#8",
        "QS#",
        "QS#22",
        "QS##2",
        "QS#2#2",
        "JK=",
        "=8C",
        "JK=JK",
        "JK=8C#2",
        "JK=1*",
        "JK=8**",
        "JK=*",
        "JK=8C=9C",
        "XX",
        "1C",
        "JK#",
        "Q#2",
    ],
)
def test_bad_codes_are_refused_naming_the_text(text):
    with pytest.raises(CardError) as e:
        parse_card(text)
    assert repr(text) in str(e.value)


def test_helper_errors():
    with pytest.raises(ValueError):
        with_copy(PLAIN[0], 8)
    with pytest.raises(ValueError):
        designate(JOKER, JOKER)
    with pytest.raises(ValueError):
        designate(JOKER, 0)


def test_display_shows_what_a_wild_card_stands_for():
    assert display(parse_card("JK=8C")) == "JK=8♣" and display(parse_card("JK=8*")) == "JK=8*"
    assert display(parse_card("QS#2")) == display(parse_card("QS")) == "Q♠"
    assert display(parse_card("2S=TH"), dutch=True) == "2♠=10♥" and display(parse_card("JH"), dutch=True) == "B♥"


# ---- decks ---------------------------------------------------------------------------------------


def test_two_and_four_packs():
    bez = two_packs(PIQUET_RANKS, copies=True)
    assert len(bez) == len(set(bez)) == 64
    assert Counter(plain(c) for c in bez) == Counter(piquet32() * 2)
    assert {copy_of(c) for c in bez} == {1, 2} and card_text(bez[0]) == "7C#1" and card_text(bez[-1]) == "AS#2"
    rub = four_packs(PIQUET_RANKS, copies=True)
    assert len(set(rub)) == 128 and {copy_of(c) for c in rub} == {1, 2, 3, 4}
    # plain multi-pack decks keep identical cards identical; jokers are always plain
    assert Counter(two_packs(jokers=4)) == Counter(full52() * 2 + [JOKER] * 4)
    assert two_packs(jokers=2, copies=True)[-2:] == [JOKER, JOKER]
    assert Counter(four_packs()) == Counter(full52() * 4)
    assert deck(PIQUET_RANKS, 7, copies=True)[-1] == with_copy(parse_card("AS"), 7)
    with pytest.raises(ValueError):
        deck(PIQUET_RANKS, 8, copies=True)
