"""The gin showdown (families/layoffs.py) against searches written apart from it.

The reference lays off by trying every subset of the opponent's hand and placing its cards one by
one onto the melds as they grow (a card fits a 3-card set as its fourth card, a run at either end),
in every order; the final brandhout is the least brandhout of the cards kept (the solver's, which
tests/test_deadwood.py checks). The arrangements are checked against every way of taking disjoint
melds from the hand. Hands are dealt at random with melds planted in the ender's hand, so that
lay-offs happen.
"""

from __future__ import annotations

import random
from itertools import combinations

from cardtable.cards import ACE, RANK_OF, SUIT_OF, full52, make, parse_cards
from cardtable.families.deadwood import Deadwood
from cardtable.families.layoffs import arrangements, gin_showdown, lay_off
from cardtable.families.melds import MeldRules
from cardtable.families.rummy import ACE_LOW, points_table

SOLVER = Deadwood(MeldRules(ace_mode=ACE_LOW), points_table(ace=1))


def _low(c: int) -> int:
    return 1 if RANK_OF[c] == ACE else RANK_OF[c]


def _fits(card: int, meld: list[int]) -> bool:
    """``card`` extends ``meld`` (a set of 3 by its fourth card, a run at either end)."""
    if len({RANK_OF[c] for c in meld}) == 1:
        return len(meld) == 3 and RANK_OF[card] == RANK_OF[meld[0]]
    if SUIT_OF[card] != SUIT_OF[meld[0]]:
        return False
    ranks = [_low(c) for c in meld]
    return _low(card) in (min(ranks) - 1, max(ranks) + 1)


def _placeable(cards: list[int], melds: list[list[int]]) -> bool:
    """Every card of ``cards`` can be laid off, one at a time, onto the growing ``melds``."""
    if not cards:
        return True
    for i, c in enumerate(cards):
        for j, m in enumerate(melds):
            if _fits(c, m):
                grown = melds[:j] + [m + [c]] + melds[j + 1 :]
                if _placeable(cards[:i] + cards[i + 1 :], grown):
                    return True
    return False


def reference_final(hand: list[int], melds) -> tuple[int, int]:
    """(least brandhout of the cards kept, fewest cards laid off for it) by brute force."""
    base = [list(m[1]) for m in melds]
    candidates = [c for c in hand if any(SUIT_OF[c] == SUIT_OF[m[0]] or RANK_OF[c] == RANK_OF[m[0]] for m in base)]
    best = (SOLVER.value(hand), 0)
    for k in range(1, len(candidates) + 1):
        for laid in combinations(candidates, k):
            if _placeable(list(laid), base):
                kept = [c for c in hand if c not in laid]
                best = min(best, (SOLVER.value(kept), k))
    return best


def planted_deal(rng: random.Random) -> list[list[int]]:
    """Three hands of 10; the first holds two or three random melds where they fit."""
    deck = full52()
    rng.shuffle(deck)
    ender: list[int] = []
    for _ in range(rng.choice((2, 3))):
        if rng.random() < 0.5:
            rank = RANK_OF[rng.choice(deck)]
            meld = rng.sample([c for c in deck if RANK_OF[c] == rank], 3)
        else:
            s, lo = rng.randrange(4), rng.randint(1, 10)
            meld = [make(ACE if r == 1 else r, s) for r in range(lo, lo + rng.choice((3, 4)))]
        if not set(meld) & set(ender) and len(ender) + len(meld) <= 10:
            ender += meld
    rest = [c for c in deck if c not in ender]
    ender += rest[: 10 - len(ender)]
    rest = [c for c in rest if c not in ender]
    return [ender, rest[:10], rest[10:20]]


def test_final_brandhout_and_fewest_lay_offs_agree_with_the_brute_force():
    rng = random.Random(7)
    laid_any = 0
    for _ in range(60):
        hands = planted_deal(rng)
        assert len({c for h in hands for c in h}) == 30
        arr = arrangements(SOLVER, hands[0])[0]
        for s in (1, 2):
            got = lay_off(SOLVER, hands[s], arr.melds)
            assert (got.points, len(got.layoffs)) == reference_final(hands[s], arr.melds)
            kept = [c for c in hands[s] if c not in {c for c, _ in got.layoffs}]
            assert got.split.points == got.points == SOLVER.value(kept)
            laid_any += bool(got.layoffs)
            grown = [list(m[1]) for m in arr.melds]
            for c, n in got.layoffs:  # each card fits the meld it names, grown in the order laid
                assert _fits(c, grown[n - 1])
                grown[n - 1].append(c)
    assert laid_any >= 10


def _disjoint_splits(hand: list[int]) -> set[tuple]:
    """Every arrangement of ``hand`` (disjoint melds) with the least brandhout, by brute force."""
    melds = [frozenset(m[1]) for m in SOLVER.melds_of(hand)]
    best = SOLVER.value(hand)
    pts = SOLVER.points
    out: set[tuple] = set()

    def walk(i: int, used: frozenset, chosen: tuple) -> None:
        if i == len(melds):
            if sum(pts[c] for c in hand if c not in used) == best:
                out.add(tuple(sorted(tuple(sorted(m)) for m in chosen)))
            return
        walk(i + 1, used, chosen)
        if not melds[i] & used:
            walk(i + 1, used | melds[i], chosen + (melds[i],))

    walk(0, frozenset(), ())
    return out


def test_arrangements_are_every_least_split_once():
    rng = random.Random(3)
    for _ in range(40):
        hand = planted_deal(rng)[0]
        got = arrangements(SOLVER, hand)
        keys = [tuple(sorted(tuple(sorted(m[1])) for m in sp.melds)) for sp in got]
        assert len(keys) == len(set(keys))
        assert set(keys) == _disjoint_splits(hand)
        assert all(sp.points == SOLVER.value(hand) for sp in got)
    two = arrangements(SOLVER, parse_cards("AH 2H 3H 2C 2D 7S 8S 9S TS JS"))
    assert len(two) == 2


def test_the_enders_arrangement_prefers_no_undercut_then_the_larger_sum():
    """J1 before J2 (jersey-gin.md §6.4): the ender holds AH 2H 3H 2C 2D 7S-JS (k = 4). With the set
    2C 2D 2H seat 1 lays off 2S and keeps 3 (undercut), seat 2 keeps 29: sum 32; with the run
    AH 2H 3H seat 1 keeps 5, seat 2 lays off 4H 5H and keeps 20: sum 25. J1 picks the run; for a
    gin (no undercut) J2 picks the set."""
    hands = [
        parse_cards("AH 2H 3H 2C 2D 7S 8S 9S TS JS"),
        parse_cards("4C 5C 6C 7C 8C 9C 9D 9H 3D 2S"),
        parse_cards("4H 5H TC JC QC 6D 7D 8D KH KS"),
    ]
    knock = gin_showdown(SOLVER, hands, 0)
    assert knock.final == (4, 5, 20)
    assert knock.splits[0].melds[0][1] == tuple(parse_cards("AH 2H 3H"))
    assert knock.layoffs == ((), (), tuple((c, 1) for c in parse_cards("4H 5H")))
    gin = gin_showdown(SOLVER, hands, 0, knock=False)
    assert gin.final == (4, 3, 29) and gin.splits[0].melds[0][1] == tuple(parse_cards("2C 2D 2H"))
    assert gin.layoffs[1] == ((parse_cards("2S")[0], 1),)
    off = gin_showdown(SOLVER, hands, 0, layoff=False)
    assert off.final == (4, 5, 29) and off.layoffs == ((), (), ())


def test_a_card_that_fits_two_melds_is_shown_on_the_first():
    """Ruling 16: the 7S fits the run 4S 5S 6S and the set 7C 7D 7H; it is shown on the first of
    them in the ender's order, and either way the count is the same."""
    run = ("run", tuple(parse_cards("4S 5S 6S")))
    sett = ("set", tuple(parse_cards("7C 7D 7H")))
    hand = parse_cards("7S KD QC JH 9D")
    seven = parse_cards("7S")[0]
    assert lay_off(SOLVER, hand, [run, sett]).layoffs == ((seven, 1),)
    assert lay_off(SOLVER, hand, [sett, run]).layoffs == ((seven, 1),)
    assert lay_off(SOLVER, hand, [run, sett]).points == 39
    chain = lay_off(SOLVER, hand + parse_cards("8S"), [sett, run])
    assert chain.layoffs == ((seven, 2), (parse_cards("8S")[0], 2))  # the 8S needs the 7S on the run


def test_each_opponent_lays_off_against_the_enders_own_melds():
    """Independence (jersey-gin.md §6.5, ruling 11): seat 1's 8H goes onto the run 5H 6H 7H, but
    seat 2's 9H may not follow it there: a card laid off by one opponent is no base for the
    other's."""
    hands = [
        parse_cards("5H 6H 7H 2C 2D 2S JC QC KC 3D"),
        parse_cards("8H 3C 4C 4S 6D 7S 8S TD QD KD"),
        parse_cards("9H TH 4D 5D AS 3S 6C 7C 9C 9D"),
    ]
    sd = gin_showdown(SOLVER, hands, 0)
    eight = parse_cards("8H")[0]
    assert sd.layoffs[1] == ((eight, 2),)  # the melds: 2C 2D 2S, 5H 6H 7H, JC QC KC
    assert sd.layoffs[2] == ()  # 9H TH would follow 8H, not 7H
    assert sd.final[2] == SOLVER.value(hands[2])
