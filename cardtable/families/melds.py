"""The meld matcher for rummies with wild cards and two packs (issue 11).

A meld on the table is a ``families.rummy.Meld(owner, kind, cards)`` whose ``cards`` hold the
natural cards as plain card ints and every joker **designated** (``cards.designate``): a run
joker with the card it stands for (``JK=6S``), a set joker with its rank only (``JK=7*``,
``any_suit(7)``) where the game's set jokers stand for a rank. A card's *stand-in* is the plain
card it is (a natural) or stands for (a joker); runs are ordered by the stand-ins' run order,
sets by suit with the rank-only jokers last.

What a game may vary is a ``MeldRules``:

- ``ace_mode`` (``families.rummy``: ``low`` / ``high_low`` / ``bridge``);
- ``packs``: how many identical cards a set may hold (1: no two 7♣; 2: ``7C 7C 7D``);
- ``max_set``: the largest set, jokers included (4 with one pack, 8 with two: basis-rummy §5.2);
- ``min_natural``: natural cards a meld needs at least (basis-rummy ruling 6: one).

Refusals (``meld_refusal``) are sentences in the player's words ("a set may not hold two
7♣"). Enumeration (``find_wild_melds``) lists every meld a hand with jokers can make, each
joker designated, for the legal list; it is memoised per suit pattern like
``families.rummy.find_melds``.

Not yet here: wild twos, set jokers fixed to a suit (Jokeren's option), Loba's pierna and
escalera rules (see the module ``families/drift.py`` and the issue's closing note).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Iterable, NamedTuple, Sequence

from cardtable.cards import (ACE, JOKER, RANK_OF, SUIT_OF, SUIT_SYMBOLS, RANK_DISPLAY_EN, Card, any_suit,
                             designate, display, is_any_suit, is_joker, make, plain, rank_of, stands_for,
                             suit_of)
from cardtable.families.rummy import (ACE_BRIDGE, ACE_HIGH_LOW, ACE_LOW, RUN, SET, Meld, run_ends, run_order,
                                      why_not_meld)

_DESIG_JOKER = {}  # stand-in -> designated joker (cache)


class MeldRules(NamedTuple):
    """What a game allows in a meld (module docstring)."""

    ace_mode: str = ACE_HIGH_LOW
    packs: int = 1
    max_set: int = 4
    min_natural: int = 1


def joker_as(target: Card) -> Card:
    """The joker designated to stand for ``target`` (a plain card, or ``any_suit(r)``)."""
    j = _DESIG_JOKER.get(target)
    if j is None:
        j = _DESIG_JOKER[target] = designate(JOKER, target)
    return j


def stand_in(card: Card) -> Card:
    """The plain card ``card`` is (a natural) or stands for (a designated joker; ``any_suit(r)``
    for a rank-only set joker); None for an undesignated joker."""
    if is_joker(card):
        return stands_for(card)
    return plain(card)


def _name(card: Card) -> str:
    return display(card)


def _rank_name(r: int) -> str:
    return RANK_DISPLAY_EN[r]


def check_meld(cards: Sequence[Card], rules: MeldRules) -> tuple[str, tuple[Card, ...]] | str:
    """``(SET|RUN, cards in canonical order)`` for a valid meld under ``rules``, else the reason
    it is not one, as a sentence (module docstring)."""
    n = len(cards)
    if n < 3:
        return "a meld needs at least 3 cards"
    nat: list[Card] = []
    jok: list[Card] = []
    for c in cards:
        if is_joker(c):
            if stands_for(c) is None:
                return "say what each joker stands for, like JK=8C in a run or JK=8* in a set"
            jok.append(c)
        else:
            nat.append(plain(c))
    if len(nat) < rules.min_natural:
        return ("a meld needs at least one natural card" if rules.min_natural == 1
                else f"a meld needs at least {rules.min_natural} natural cards")
    ranks = {RANK_OF[c] for c in nat}
    if len(ranks) == 1:
        r = next(iter(ranks))
        if all(rank_of(stands_for(j)) == r for j in jok) and (len(nat) > 1 or any(is_any_suit(stands_for(j))
                                                                                   for j in jok) or not jok):
            return _check_set(nat, jok, r, rules)
    return _check_run(nat, jok, rules)


def _check_set(nat: list[Card], jok: list[Card], r: int, rules: MeldRules):
    n = len(nat) + len(jok)
    if n > rules.max_set:
        return f"a set has at most {rules.max_set} cards"
    for j in jok:
        if not is_any_suit(stands_for(j)):
            return (f"a joker in a set stands for the rank only: write JK={RANK_DISPLAY_EN[r]}* "
                    f"rather than {display(j)}")
    counts = Counter(nat)
    for c, k in counts.items():
        if k > rules.packs:
            word = {2: "two", 3: "three"}.get(k, str(k))
            return f"a set may not hold {word} {_name(c)}"
    nat.sort(key=lambda c: SUIT_OF[c])
    return SET, tuple(nat) + tuple(jok)


def _check_run(nat: list[Card], jok: list[Card], rules: MeldRules):
    suits = {SUIT_OF[c] for c in nat}
    if len(suits) != 1:
        if len({RANK_OF[c] for c in nat}) == 1:
            return "the jokers of a set stand for its rank: write them like JK=8*"
        return "not a set (ranks differ) and not a run (suits differ)"
    s = next(iter(suits))
    by_rep: dict[Card, Card] = {}
    for c in nat:
        if c in by_rep:
            return f"a run may not hold two {_name(c)}"
        by_rep[c] = c
    for j in jok:
        d = stands_for(j)
        if is_any_suit(d):
            return f"a joker in a run stands for one card: write it like JK={_rank_name(rank_of(d))}{'CDHS'[s]}"
        if suit_of(d) != s:
            return (f"a run of {SUIT_SYMBOLS[s]} holds {SUIT_SYMBOLS[s]} cards only; "
                    f"{display(j)} stands for a {SUIT_SYMBOLS[suit_of(d)]}")
        if d in by_rep:
            return f"a run may not hold two {_name(d)}"
        by_rep[d] = j
    reps = list(by_rep)
    order = run_order(reps, rules.ace_mode)
    if order is None:
        if rules.ace_mode == ACE_HIGH_LOW and len({RANK_OF[c] for c in reps}) != len(reps):
            return "a run may not hold a rank twice"
        return why_not_meld(reps, rules.ace_mode)
    return RUN, tuple(by_rep[c] for c in order)


def meld_refusal(cards: Sequence[Card], rules: MeldRules) -> str | None:
    """Why ``cards`` are not a meld (a sentence), or None when they are one."""
    got = check_meld(cards, rules)
    return got if isinstance(got, str) else None


def classify_wild(cards: Sequence[Card], rules: MeldRules) -> tuple[str, tuple[Card, ...]] | None:
    """``check_meld`` without the reason: ``(kind, cards)`` or None."""
    got = check_meld(cards, rules)
    return None if isinstance(got, str) else got


# ---- lay-offs and joker swaps ------------------------------------------------------------------

def meld_rank(meld: Meld) -> int:
    """The rank of a set (its natural cards' rank)."""
    for c in meld.cards:
        if not is_joker(c):
            return RANK_OF[plain(c)]
    return rank_of(stands_for(meld.cards[0]))


def layoff_targets(meld: Meld, rules: MeldRules) -> list[tuple[Card, str]]:
    """What may be laid off on ``meld``: ``(stand-in, end)`` pairs, the end ``set``, ``low`` or
    ``high``; for a set the stand-ins are the natural cards it still takes and ``any_suit(r)``
    (a joker ``JK=r*``); for a run the card below its first and above its last card (a joker
    then stands for that card). A card that fits both ends of a run is listed twice."""
    if meld.kind == SET:
        if len(meld.cards) >= rules.max_set:
            return []
        r = meld_rank(meld)
        counts = Counter(plain(c) for c in meld.cards if not is_joker(c))
        out = [(make(r, s), SET) for s in range(4) if counts[make(r, s)] < rules.packs]
        out.append((any_suit(r), SET))
        return out
    reps = [stand_in(c) for c in meld.cards]
    lo, hi = run_ends(reps, rules.ace_mode)
    out = []
    if lo is not None:
        out.append((lo, "low"))
    if hi is not None:
        out.append((hi, "high"))
    return out


def wild_lay_off(meld: Meld, card: Card, end: str) -> Meld:
    """``meld`` with ``card`` (a natural, or a designated joker) added at ``end``; no checks."""
    if meld.kind == SET:
        nat = sorted((c for c in meld.cards + (card,) if not is_joker(c)), key=lambda c: SUIT_OF[plain(c)])
        jok = tuple(c for c in meld.cards + (card,) if is_joker(c))
        return Meld(meld.owner, SET, tuple(nat) + jok)
    if end == "low":
        return Meld(meld.owner, RUN, (card,) + meld.cards)
    return Meld(meld.owner, RUN, meld.cards + (card,))


def swap_targets(meld: Meld, rules: MeldRules) -> list[Card]:
    """The natural cards that may take a joker's place in ``meld`` (basis-rummy §5.4): a run
    joker's exact card; for a set joker any natural of the set's rank the set may still hold
    (one pack: a suit not yet in it). Each card once."""
    if meld.kind == RUN:
        return [stands_for(c) for c in meld.cards if is_joker(c)]
    if not any(is_joker(c) for c in meld.cards):
        return []
    r = meld_rank(meld)
    counts = Counter(plain(c) for c in meld.cards if not is_joker(c))
    return [make(r, s) for s in range(4) if counts[make(r, s)] < rules.packs]


def swap_joker(meld: Meld, natural: Card, rules: MeldRules) -> tuple[Meld, Card]:
    """``meld`` with ``natural`` in place of the joker it replaces, and that joker (plain
    ``JK``, its designation gone); ValueError if no joker of ``meld`` takes ``natural``."""
    cards = list(meld.cards)
    if meld.kind == RUN:
        for i, c in enumerate(cards):
            if is_joker(c) and stands_for(c) == natural:
                cards[i] = natural
                return Meld(meld.owner, RUN, tuple(cards)), plain(c)
        raise ValueError("no joker of this run stands for that card")
    if natural not in swap_targets(meld, rules):
        raise ValueError("no joker of this set takes that card")
    for i in range(len(cards) - 1, -1, -1):
        if is_joker(cards[i]):
            j = cards.pop(i)
            return wild_lay_off(Meld(meld.owner, SET, tuple(cards)), natural, SET), plain(j)
    raise ValueError("the set holds no joker")  # pragma: no cover


# ---- enumeration -----------------------------------------------------------------------------

def _line(ace_mode: str) -> tuple[int, ...]:
    if ace_mode == ACE_LOW:
        return (ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    if ace_mode == ACE_HIGH_LOW:
        return (ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, ACE)
    raise ValueError("find_wild_melds: the bridge ace mode is not supported with jokers yet")


_RUN_MEMO: dict[tuple, tuple[tuple[Card, ...], ...]] = {}
_SET_MEMO: dict[tuple, tuple[tuple[Card, ...], ...]] = {}


def _suit_runs(suit: int, mask: int, jokers: int, ace_mode: str) -> tuple[tuple[Card, ...], ...]:
    """Every run of ``suit`` from the ranks of ``mask`` (bits 2..14) and up to ``jokers`` jokers,
    each joker designated; at least one natural card."""
    line = _line(ace_mode)
    L = len(line)
    have = [bool(mask >> r & 1) for r in line]
    out: list[tuple[Card, ...]] = []
    for i in range(L):
        gaps = 0
        for j in range(i, min(L, i + 13)):
            if not have[j]:
                gaps += 1
                if gaps > jokers:
                    break
            length = j - i + 1
            if length < 3:
                continue
            if length == 13 and i != 0:   # all 13 ranks: one meld, the ace first
                continue
            present = [p for p in range(i, j + 1) if have[p]]
            if not present:
                continue
            spare = jokers - gaps
            for k in range(0, min(spare, len(present) - 1) + 1):
                for sub in combinations(present, k):
                    js = set(sub)
                    out.append(tuple(make(line[p], suit) if have[p] and p not in js
                                     else joker_as(make(line[p], suit)) for p in range(i, j + 1)))
    return tuple(out)


def _rank_sets(rank: int, counts: tuple[int, ...], jokers: int, rules: MeldRules) -> tuple[tuple[Card, ...], ...]:
    """Every set of ``rank`` from ``counts`` (cards held per suit) and up to ``jokers`` jokers."""
    per = [range(0, min(counts[s], rules.packs) + 1) for s in range(4)]
    out = []
    jk = joker_as(any_suit(rank))
    for a in per[0]:
        for b in per[1]:
            for c in per[2]:
                for d in per[3]:
                    k = a + b + c + d
                    if k < max(1, rules.min_natural):
                        continue
                    nat = ((make(rank, 0),) * a + (make(rank, 1),) * b + (make(rank, 2),) * c
                           + (make(rank, 3),) * d)
                    for j in range(0, jokers + 1):
                        if 3 <= k + j <= rules.max_set and (j == 0 or k + j > 0):
                            if k == 1 and j == 0:
                                continue
                            out.append(nat + (jk,) * j)
    return tuple(out)


def find_wild_melds(hand: Iterable[Card], rules: MeldRules) -> list[tuple[str, tuple[Card, ...]]]:
    """Every meld ``hand`` (natural cards and plain jokers) can make under ``rules``: sets first
    (by rank), then runs (by suit, then start); jokers designated, cards in canonical order."""
    masks = [0, 0, 0, 0]
    per_rank: dict[int, list[int]] = {}
    jokers = 0
    for c in hand:
        if is_joker(c):
            jokers += 1
            continue
        p = plain(c)
        s, r = SUIT_OF[p], RANK_OF[p]
        masks[s] |= 1 << r
        per_rank.setdefault(r, [0, 0, 0, 0])[s] += 1
    out: list[tuple[str, tuple[Card, ...]]] = []
    for r in sorted(per_rank):
        counts = tuple(per_rank[r])
        if sum(min(k, rules.packs) for k in counts) + jokers < 3:
            continue
        key = (r, counts, jokers, rules)
        got = _SET_MEMO.get(key)
        if got is None:
            got = _SET_MEMO[key] = _rank_sets(r, counts, jokers, rules)
        out.extend((SET, t) for t in got)
    for s in range(4):
        m = masks[s]
        if m:
            key = (s, m, jokers, rules.ace_mode)
            got = _RUN_MEMO.get(key)
            if got is None:
                got = _RUN_MEMO[key] = _suit_runs(s, m, jokers, rules.ace_mode)
            out.extend((RUN, t) for t in got)
    return out


def any_meld(cards: Iterable[Card], rules: MeldRules) -> bool:
    """True if ``cards`` (naturals and plain jokers) hold at least one meld under ``rules``
    (for the stuck-hand ruling: a cheap test, no enumeration)."""
    jokers = 0
    natural = 0
    masks = [0, 0, 0, 0]
    per_rank: dict[int, list[int]] = {}
    for c in cards:
        if is_joker(c):
            jokers += 1
            continue
        p = plain(c)
        natural += 1
        masks[SUIT_OF[p]] |= 1 << RANK_OF[p]
        per_rank.setdefault(RANK_OF[p], [0, 0, 0, 0])[SUIT_OF[p]] += 1
    if natural < max(1, rules.min_natural) or natural + jokers < 3:
        return False
    if jokers >= 2 and rules.min_natural <= 1:
        return True
    if rules.max_set >= 3:
        for counts in per_rank.values():
            if sum(min(k, rules.packs) for k in counts) + jokers >= 3:
                return True
    line = _line(rules.ace_mode)
    for m in masks:
        if not m:
            continue
        have = [m >> r & 1 for r in line]
        for i in range(len(line) - 2):
            k = have[i] + have[i + 1] + have[i + 2]
            if k and k + jokers >= 3:
                return True
    return False


def meld_uses(cards: Sequence[Card]) -> list[Card]:
    """The hand cards a meld's entries take: naturals as they are, each joker as plain ``JK``."""
    return [JOKER if is_joker(c) else plain(c) for c in cards]


__all__ = ["MeldRules", "any_meld", "check_meld", "classify_wild", "find_wild_melds", "joker_as", "layoff_targets",
           "meld_rank", "meld_refusal", "meld_uses", "stand_in", "swap_joker", "swap_targets",
           "wild_lay_off"]
