"""The deadwood solver (families/deadwood.py) against an exhaustive search written apart from it.

The reference knows nothing of the meld matcher: it tries, for the first card of the hand, every
choice of other cards that could share a meld with it (its rank, its suit, a joker) and tests each
by ``_is_meld`` below, written from the specs' meld grammar (klop-rummy.md §6.1, ramino-klop.md
§6.1). The solver's value must equal the reference's least brandhout on thousands of random hands
(one pack, jokers, two packs, melds of 3 or 4 cards), and its split must be a valid split of the
hand with that value.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import ACE, JOKER, RANK_OF, SUIT_OF, full52, is_joker, parse_cards, plain
from cardtable.families.deadwood import Deadwood, canonical
from cardtable.families.melds import SET_CARD, SET_RANK, MeldRules, check_meld
from cardtable.families.rummy import ACE_LOW, points_table

POINTS = points_table(ace=1, joker=20)
KLOP = MeldRules(ace_mode=ACE_LOW)
#: ramino-klop.md §6.1: melds of exactly 3 or 4, a set's naturals of different suits, jokers wild
RAMINO = MeldRules(ace_mode=ACE_LOW, packs=1, max_set=4, max_run=4, set_jokers=SET_CARD)
#: two packs, sets may hold identical cards (up to 8), a set joker for the rank
TWO_PACK = MeldRules(ace_mode=ACE_LOW, packs=2, max_set=8, set_jokers=SET_RANK)


def _is_meld(cards: list[int], rules: MeldRules) -> bool:
    """The meld grammar (ace low), for naturals and plain jokers: a set of one rank (at most
    ``packs`` of a card, ``max_set`` cards) or a run of one suit (distinct ranks, ``min_run`` to
    ``max_run`` cards, the gaps and ends filled by jokers within A..K); one natural at least."""
    n = len(cards)
    nat = [c for c in cards if not is_joker(c)]
    k = n - len(nat)
    if n < 3 or not nat:
        return False
    if len({RANK_OF[c] for c in nat}) == 1:
        if n <= rules.max_set and max(Counter(nat).values()) <= rules.packs:
            if rules.set_jokers != SET_CARD or len(set(nat)) + k <= 4 * rules.packs:
                return True
    if len({SUIT_OF[c] for c in nat}) != 1 or len(set(nat)) != len(nat):
        return False
    if not rules.min_run <= n <= rules.max_run or k > rules.run_jokers:
        return False
    ranks = [1 if RANK_OF[c] == ACE else RANK_OF[c] for c in nat]
    lo, hi = min(ranks), max(ranks)
    return any(s <= lo and hi <= s + n - 1 for s in range(1, 13 - n + 2))


def reference(hand: list[int], rules: MeldRules, points=POINTS) -> int:
    """The least brandhout of ``hand`` by trying every split (jokers last, never alone)."""

    def best(cards: tuple[int, ...]) -> int:
        if not cards:
            return 0
        x, rest = cards[0], cards[1:]
        if is_joker(x):
            return sum(points[JOKER] for _ in cards)
        v = points[x] + best(rest)
        near = [i for i, c in enumerate(rest) if is_joker(c) or RANK_OF[c] == RANK_OF[x] or SUIT_OF[c] == SUIT_OF[x]]
        for size in range(2, len(near) + 1):
            for pick in combinations(near, size):
                meld = [x] + [rest[i] for i in pick]
                if _is_meld(meld, rules):
                    left = tuple(c for i, c in enumerate(rest) if i not in pick)
                    v = min(v, best(left))
        return v

    return best(tuple(sorted(hand, key=lambda c: (is_joker(c), c))))


def _check_split(solver: Deadwood, hand: list[int], rules: MeldRules) -> int:
    """The split is a split of ``hand`` into valid melds and brandhout, its points right."""
    sp = solver.split(hand)
    used: Counter[int] = Counter(sp.dead)
    for kind, cards in sp.melds:
        got = check_meld(cards, rules)
        assert not isinstance(got, str), (cards, got)
        assert got[0] == kind
        used.update(JOKER if is_joker(c) else plain(c) for c in cards)
    assert used == Counter(hand)
    assert sp.points == sum(POINTS[c] for c in sp.dead)
    assert list(sp.dead) == list(canonical(sp.dead))
    return sp.points


def _deck(packs: int, jokers: int) -> list[int]:
    return full52() * packs + [JOKER] * jokers


CONFIGS = [
    ("one pack", KLOP, 1, 0, (7, 10, 11)),
    ("ramino", RAMINO, 2, 4, (7, 8)),
    ("two packs", TWO_PACK, 2, 2, (7, 10, 11)),
    ("one pack, jokers", MeldRules(ace_mode=ACE_LOW, set_jokers=SET_CARD), 1, 2, (7, 10)),
]


@pytest.mark.parametrize("name,rules,packs,jokers,sizes", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_solver_equals_exhaustive_search(name, rules, packs, jokers, sizes):
    """1,000 random hands per configuration (4,000 in all): the value, every discard's value
    and the split agree with the exhaustive search."""
    rng = random.Random(f"deadwood/{name}")
    solver = Deadwood(rules, POINTS, wild=jokers > 0)
    deck = _deck(packs, jokers)
    for i in range(1000):
        hand = rng.sample(deck, sizes[i % len(sizes)])
        want = reference(hand, rules)
        assert solver.value(hand) == want, hand
        assert _check_split(solver, hand, rules) == want
        if i % 10 == 0:
            bounded = solver.after_discards(hand, limit=9)  # a knock limit: exact up to 9
            for c, v in solver.after_discards(hand).items():
                rest = list(hand)
                rest.remove(c)
                assert v == reference(rest, rules), (hand, c)
                assert bounded[c] == v if v <= 9 else bounded[c] > 9, (hand, c)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_solver_hypothesis_jokers_and_two_packs(data):
    """Hands drawn by hypothesis from two packs and four jokers under the Ramino rules and the
    two-pack rules: the solver's value is the exhaustive search's."""
    rules = data.draw(st.sampled_from([RAMINO, TWO_PACK, KLOP]))
    deck = _deck(1, 0) if rules is KLOP else _deck(2, 4)
    idx = data.draw(st.lists(st.integers(0, len(deck) - 1), min_size=3, max_size=11, unique=True))
    hand = [deck[i] for i in idx]
    solver = Deadwood(rules, POINTS, wild=rules is not KLOP)
    assert solver.value(hand) == reference(hand, rules)
    _check_split(solver, hand, rules)


def test_greedy_trap_knock_after_kd_or_5s():
    """Issue 25: ``AS 2S 3S 4H 4D 4C 7C 8C 9C KD 5S`` knocks after discarding KD (5S left, 5) or
    5S (KD left, 10): both are knocks, which a greedy split (a known bug) need not find."""
    solver = Deadwood(KLOP, POINTS)
    after = solver.after_discards(parse_cards("AS 2S 3S 4H 4D 4C 7C 8C 9C KD 5S"))
    assert after[parse_cards("KD")[0]] == 5
    assert after[parse_cards("5S")[0]] == 10
    assert min(after.values()) == 5


@pytest.mark.parametrize(
    "hand,value,melds,dead",
    [
        # klop-rummy.md Examples 1-4
        ("AS 2S 3S 7H 7D 7C KD", 10, ["AS 2S 3S", "7C 7D 7H"], "KD"),
        ("QH KH AH 5C 5D 5S 9C", 30, ["5C 5D 5S"], "AH 9C QH KH"),
        ("3C 4C 5C 6C 6D 6H 9S TS JS QD", 10, ["3C 4C 5C", "6C 6D 6H", "9S TS JS"], "QD"),
        ("4H 5H 6H 5C 5D KS KC", 30, ["5C 5D 5H"], "4H 6H KC KS"),
    ],
)
def test_klop_rummy_split_examples(hand, value, melds, dead):
    sp = Deadwood(KLOP, POINTS).split(parse_cards(hand))
    assert sp.points == value
    assert [m[1] for m in sp.melds] == [tuple(parse_cards(m)) for m in melds]
    assert sp.dead == tuple(parse_cards(dead))


@pytest.mark.parametrize(
    "hand,value,melds,dead",
    [
        # ramino-klop.md §6.4
        ("3H 4H 5H 6H 7H 9C 9D", 21, ["4H 5H 6H 7H"], "3H 9C 9D"),
        ("3H 4H 5H 6H 7H JK 9C", 9, ["3H 4H 5H", "6H 7H JK=8H"], "9C"),
        ("JK JK 4C 9D KS 7H 7S", 23, ["JK=7C JK=7D 7H 7S"], "4C 9D KS"),
        ("JK AD AC 4H 4D 7S TC", 19, ["JK=4C 4D 4H"], "AC AD 7S TC"),
        ("4H 5H 6H 5C 5D KS KC", 30, ["5C 5D 5H"], "4H 6H KC KS"),
        ("8H 9H TH 9C 9D JK QS", 10, ["8H 9H TH", "9C 9D JK=9H"], "QS"),
    ],
)
def test_ramino_split_examples(hand, value, melds, dead):
    """Fixed meld size, jokers shown as the card they stand for, K4 and K5."""
    sp = Deadwood(RAMINO, POINTS, wild=True).split(parse_cards(hand))
    assert sp.points == value
    assert [m[1] for m in sp.melds] == [tuple(parse_cards(m)) for m in melds]
    assert sp.dead == tuple(parse_cards(dead))


def test_two_identical_cards_never_in_one_ramino_set():
    """Two packs: ``7H 7H 7S`` is no Ramino set (different suits), but is a two-pack set."""
    hand = parse_cards("7H 7H 7S KC")
    assert Deadwood(RAMINO, POINTS, wild=True).value(hand) == 7 + 7 + 7 + 10
    assert Deadwood(TWO_PACK, POINTS, wild=True).value(hand) == 10
