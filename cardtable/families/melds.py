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
- ``min_natural``: natural cards a meld needs at least (basis-rummy ruling 6: one);
- ``set_jokers``: a set joker stands for the rank only (``JK=7*``, Basis Rummy, Jokeren's
  ``joker_set_fixed = false``), for one card of a missing suit (``JK=7S``, Jokeren's main
  rule), or may not stand in a set (Loba);
- ``set_suits``: 0, or exactly 3 suits (Loba's pierna, 3 to 6 naturals with two packs);
- ``min_run`` (Loba's escalera: 4) and ``run_jokers`` (Loba: at most 2 jokers in a run);
- ``max_run``: the longest run (Ramino klop's melds of exactly 3 or 4 cards);
- ``wild_twos``: every two is wild as well as the jokers, and may also stand for itself
  (Wildcard Rummy: ``find_wild_melds`` fills a meld's wild places with jokers or twos).

Also: ``meld_points`` (a first-meld minimum: a low ace 1, a joker as the card it stands for),
``push_targets`` / ``push_joker`` (Loba §5.4: a natural card takes a run joker's place and the
joker moves to an end, never becoming a high ace).

Refusals (``meld_refusal``) are sentences in the player's words ("a set may not hold two
7♣"). Enumeration (``find_wild_melds``) lists every meld a hand with jokers can make, each
joker designated, for the legal list; it is memoised per suit pattern like
``families.rummy.find_melds``.

Runs round the corner (the ``bridge`` ace mode, ``… Q K A 2 3 …``: Boathouse Rummy) are found
with jokers too: a run starts at any of the 13 ranks and holds each rank at most once. Wild twos
(``wild_twos``: Wildcard Rummy) only in ``find_wild_melds`` (the closed-hand solver's
enumeration, families/deadwood.py), not in ``check_meld`` or the table's lay-offs.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Iterable, NamedTuple, Sequence

from cardtable.cards import (
    ACE,
    JOKER,
    RANK_DISPLAY_EN,
    RANK_OF,
    SUIT_OF,
    SUIT_SYMBOLS,
    Card,
    any_suit,
    designate,
    designation,
    display,
    is_any_suit,
    is_joker,
    make,
    plain,
    rank_of,
    stands_for,
    suit_of,
)
from cardtable.families.rummy import ACE_HIGH_LOW, ACE_LOW, RUN, SET, Meld, run_ends, run_order, why_not_meld

_DESIG_JOKER: dict[Card, Card] = {}  # stand-in -> designated joker (cache)


#: How a joker stands in a set: for the rank only (``JK=7*``), for one card of a suit the set
#: does not hold yet (``JK=7S``, jokeren's main rule), or not at all (Loba's piernas).
SET_RANK, SET_CARD, SET_NONE = "rank", "card", "none"


class MeldRules(NamedTuple):
    """What a game allows in a meld (module docstring)."""

    ace_mode: str = ACE_HIGH_LOW
    packs: int = 1
    max_set: int = 4
    min_natural: int = 1
    #: ``SET_RANK``, ``SET_CARD`` or ``SET_NONE``
    set_jokers: str = SET_RANK
    #: 0: any suits (within ``packs`` copies a card); 3: exactly three suits (Loba's pierna)
    set_suits: int = 0
    #: the shortest run (Loba's escalera: 4)
    min_run: int = 3
    #: the most jokers a run may hold (Loba: 2)
    run_jokers: int = 99
    #: the longest run (Ramino klop: 4, melds of exactly 3 or 4 cards)
    max_run: int = 99
    #: twos are wild too and may stand for themselves (Wildcard Rummy; ``find_wild_melds`` only)
    wild_twos: bool = False


def joker_as(target: Card) -> Card:
    """The joker designated to stand for ``target`` (a plain card, or ``any_suit(r)``)."""
    j = _DESIG_JOKER.get(target)
    if j is None:
        j = _DESIG_JOKER[target] = designate(JOKER, target)
    return j


def stand_in(card: Card) -> Card | None:
    """The plain card ``card`` is (a natural) or stands for (a designated joker; ``any_suit(r)``
    for a rank-only set joker); None for an undesignated joker."""
    if is_joker(card):
        return stands_for(card)
    return plain(card)


def _rep(card: Card) -> Card:
    """``stand_in(card)`` for a card known to be natural or designated (a meld's card)."""
    return designation(card) if is_joker(card) else plain(card)


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
        return (
            "a meld needs at least one natural card"
            if rules.min_natural == 1
            else f"a meld needs at least {rules.min_natural} natural cards"
        )
    ranks = {RANK_OF[c] for c in nat}
    if len(ranks) == 1:
        r = next(iter(ranks))
        if all(rank_of(designation(j)) == r for j in jok) and (
            len(nat) > 1
            or not jok
            or any(is_any_suit(designation(j)) for j in jok)
            or len({designation(j) for j in jok}) < len(jok)
            or rules.set_jokers == SET_CARD
            and len({SUIT_OF[nat[0]]} | {suit_of(designation(j)) for j in jok}) == len(jok) + 1
        ):
            return _check_set(nat, jok, r, rules)
    return _check_run(nat, jok, rules)


def _check_set(nat: list[Card], jok: list[Card], r: int, rules: MeldRules):
    n = len(nat) + len(jok)
    if jok and rules.set_jokers == SET_NONE:
        return "a joker may not stand in a set"
    if n > rules.max_set:
        return f"a set has at most {rules.max_set} cards"
    for j in jok:
        d = designation(j)
        if rules.set_jokers == SET_RANK and not is_any_suit(d):
            return f"a joker in a set stands for the rank only: write JK={RANK_DISPLAY_EN[r]}* rather than {display(j)}"
        if rules.set_jokers == SET_CARD and is_any_suit(d):
            return f"a joker in a set stands for one card: name its suit, like JK={RANK_DISPLAY_EN[r]}S"
    counts = Counter(nat)
    if rules.set_jokers == SET_CARD:
        counts.update(designation(j) for j in jok)
    for c, k in counts.items():
        if k > rules.packs:
            word = {2: "two", 3: "three"}.get(k, str(k))
            return f"a set may not hold {word} {_name(c)}"
    if rules.set_suits:
        suits = {SUIT_OF[c] for c in counts}
        if len(suits) != rules.set_suits:
            return f"a set holds cards of exactly {rules.set_suits} suits, not {len(suits)}"
    if rules.set_jokers == SET_CARD:
        order = sorted(nat + jok, key=lambda c: SUIT_OF[_rep(c)])
        return SET, tuple(order)
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
        d = designation(j)
        if is_any_suit(d):
            return f"a joker in a run stands for one card: write it like JK={_rank_name(rank_of(d))}{'CDHS'[s]}"
        if suit_of(d) != s:
            return (
                f"a run of {SUIT_SYMBOLS[s]} holds {SUIT_SYMBOLS[s]} cards only; "
                f"{display(j)} stands for a {SUIT_SYMBOLS[suit_of(d)]}"
            )
        if d in by_rep:
            return f"a run may not hold two {_name(d)}"
        by_rep[d] = j
    reps = list(by_rep)
    if len(reps) < rules.min_run:
        return f"a run needs at least {rules.min_run} cards"
    if len(reps) > rules.max_run:
        return f"a run has at most {rules.max_run} cards"
    if len(jok) > rules.run_jokers:
        return f"a run may hold at most {rules.run_jokers} jokers"
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
    return rank_of(designation(meld.cards[0]))


def layoff_targets(meld: Meld, rules: MeldRules) -> list[tuple[Card, str]]:
    """What may be laid off on ``meld``: ``(card as the action writes it, end)`` pairs, the end
    ``set``, ``low`` or ``high``: natural cards as they are, a joker designated (``JK=7*`` or
    ``JK=7S`` on a set by ``rules.set_jokers``, ``JK=9S`` at a run's end). A card that fits both
    ends of a run is listed twice (the action then names the end)."""
    njok = sum(1 for c in meld.cards if is_joker(c))
    if meld.kind == SET:
        if len(meld.cards) >= rules.max_set:
            return []
        r = meld_rank(meld)
        counts = Counter(plain(c) for c in meld.cards if not is_joker(c))
        if rules.set_jokers == SET_CARD:
            counts.update(designation(c) for c in meld.cards if is_joker(c))
        suits: Sequence[int] = range(4)
        if rules.set_suits:
            suits = sorted({SUIT_OF[c] for c in counts})
        out = [(make(r, s), SET) for s in suits if counts[make(r, s)] < rules.packs]
        if rules.set_jokers == SET_RANK:
            out.append((joker_as(any_suit(r)), SET))
        elif rules.set_jokers == SET_CARD:
            out += [(joker_as(c), SET) for c, _e in list(out)]
        return out
    reps = [_rep(c) for c in meld.cards]
    lo, hi = run_ends(reps, rules.ace_mode)
    out = []
    for rep, end in ((lo, "low"), (hi, "high")):
        if rep is not None:
            out.append((rep, end))
            if njok < rules.run_jokers:
                out.append((joker_as(rep), end))
    return out


def push_targets(meld: Meld, rules: MeldRules) -> list[tuple[Card, str]]:
    """Loba's pushed jokers (loba.md §5.4): ``(natural, end)`` for each natural card that may
    take a run joker's place while the joker moves to the ``low`` or ``high`` end, there
    standing for the card beyond it: never below a low ace, never a high ace."""
    if meld.kind != RUN:
        return []
    out = []
    reps = [_rep(c) for c in meld.cards]
    for i, c in enumerate(meld.cards):
        if not is_joker(c):
            continue
        nat = reps[i]
        lo, hi = run_ends(reps, rules.ace_mode) if len(reps) < 13 else (None, None)
        if lo is not None:
            out.append((nat, "low"))
        if hi is not None and RANK_OF[hi] != ACE:
            out.append((nat, "high"))
    return out


def push_joker(meld: Meld, natural: Card, end: str, rules: MeldRules) -> Meld:
    """``meld`` with ``natural`` in the place of the joker standing for it and that joker moved
    to ``end`` (``push_targets``); no checks."""
    cards = list(meld.cards)
    for i, c in enumerate(cards):
        if is_joker(c) and stands_for(c) == natural:
            cards[i] = natural
            break
    reps = [_rep(c) for c in cards]
    lo, hi = run_ends(reps, rules.ace_mode)
    if end == "low":
        assert lo is not None, "a joker laid off at the low end extends the run there"
        return Meld(meld.owner, RUN, (joker_as(lo),) + tuple(cards))
    assert hi is not None, "a joker laid off at the high end extends the run there"
    return Meld(meld.owner, RUN, tuple(cards) + (joker_as(hi),))


def meld_points(kind: str, cards: Sequence[Card], points: Sequence[int], low_ace: int = 1) -> int:
    """A meld's value for a first-meld minimum (jokeren.md §2): each card by ``points`` (indexed
    by plain card), a joker as the card it stands for (a rank-only set joker as its rank), the ace
    that begins a run (a low ace) ``low_ace``."""
    total = 0
    for i, c in enumerate(cards):
        r = rank_of(_rep(c))
        if kind == RUN and i == 0 and r == ACE:
            total += low_ace
        else:
            total += points[make(r, 0)]
    return total


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
    if meld.kind == RUN or rules.set_jokers == SET_CARD:
        return [designation(c) for c in meld.cards if is_joker(c)]
    if not any(is_joker(c) for c in meld.cards):
        return []
    r = meld_rank(meld)
    counts = Counter(plain(c) for c in meld.cards if not is_joker(c))
    return [make(r, s) for s in range(4) if counts[make(r, s)] < rules.packs]


def swap_joker(meld: Meld, natural: Card, rules: MeldRules) -> tuple[Meld, Card]:
    """``meld`` with ``natural`` in place of the joker it replaces, and that joker (plain
    ``JK``, its designation gone); ValueError if no joker of ``meld`` takes ``natural``."""
    cards = list(meld.cards)
    if meld.kind == RUN or rules.set_jokers == SET_CARD:
        for i, c in enumerate(cards):
            if is_joker(c) and stands_for(c) == natural:
                cards[i] = natural
                return Meld(meld.owner, meld.kind, tuple(cards)), plain(c)
        raise ValueError("no joker of this meld stands for that card")
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
    # round the corner: the circle once and then once more but the last rank, so that a run may
    # start at any of the 13 ranks (``_suit_runs`` starts only in the first 13)
    return (ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)


_RUN_MEMO: dict[tuple, tuple[tuple[Card, ...], ...]] = {}
_SET_MEMO: dict[tuple, tuple[tuple[Card, ...], ...]] = {}


def _suit_runs(
    suit: int, mask: int, jokers: int, ace_mode: str, min_run: int = 3, run_jokers: int = 99, max_run: int = 99
) -> tuple[tuple[Card, ...], ...]:
    """Every run of ``suit`` from the ranks of ``mask`` (bits 2..14) and up to ``jokers`` jokers
    (at most ``run_jokers`` in one run), each joker designated; at least one natural card and
    ``min_run`` to ``max_run`` cards."""
    jokers = min(jokers, run_jokers)
    line = _line(ace_mode)
    L = len(line)
    have = [bool(mask >> r & 1) for r in line]
    out: list[tuple[Card, ...]] = []
    for i in range(min(L, 13)):  # round the corner: the line's first 13 ranks start every run
        gaps = 0
        for j in range(i, min(L, i + 13)):
            if not have[j]:
                gaps += 1
                if gaps > jokers:
                    break
            length = j - i + 1
            if length > max_run:
                break
            if length < min_run:
                continue
            if length == 13 and i != 0:  # all 13 ranks: one meld, the ace first
                continue
            present = [p for p in range(i, j + 1) if have[p]]
            if not present:
                continue
            spare = jokers - gaps
            for k in range(0, min(spare, len(present) - 1) + 1):
                for sub in combinations(present, k):
                    js = set(sub)
                    out.append(
                        tuple(
                            make(line[p], suit) if have[p] and p not in js else joker_as(make(line[p], suit))
                            for p in range(i, j + 1)
                        )
                    )
    return tuple(out)


def _rank_sets(rank: int, counts: tuple[int, ...], jokers: int, rules: MeldRules) -> tuple[tuple[Card, ...], ...]:
    """Every set of ``rank`` from ``counts`` (cards held per suit) and up to ``jokers`` jokers."""
    per = [range(0, min(counts[s], rules.packs) + 1) for s in range(4)]
    out = []
    jk = joker_as(any_suit(rank))
    if rules.set_jokers == SET_NONE:
        jokers = 0
    for a in per[0]:
        for b in per[1]:
            for c in per[2]:
                for d in per[3]:
                    k = a + b + c + d
                    if k < max(1, rules.min_natural):
                        continue
                    have = (a, b, c, d)
                    nat = (make(rank, 0),) * a + (make(rank, 1),) * b + (make(rank, 2),) * c + (make(rank, 3),) * d
                    for j in range(0, jokers + 1):
                        if not 3 <= k + j <= rules.max_set:
                            continue
                        if rules.set_jokers == SET_CARD:
                            free = [s for s in range(4) for _ in range(rules.packs - have[s])]
                            for pick in sorted(set(combinations(free, j))):
                                cards = nat + tuple(joker_as(make(rank, s)) for s in pick)
                                if (
                                    not rules.set_suits
                                    or len({s for s in range(4) if have[s]} | set(pick)) == rules.set_suits
                                ):
                                    out.append(tuple(sorted(cards, key=lambda x: SUIT_OF[_rep(x)])))
                        elif not rules.set_suits or sum(1 for x in have if x) == rules.set_suits:
                            out.append(nat + (jk,) * j)
    return tuple(out)


def find_wild_melds(hand: Iterable[Card], rules: MeldRules) -> list[tuple[str, tuple[Card, ...]]]:
    """Every meld ``hand`` (natural cards and plain jokers) can make under ``rules``: sets first
    (by rank), then runs (by suit, then start); jokers designated, cards in canonical order.
    With ``rules.wild_twos``: ``_wild_two_melds``."""
    if rules.wild_twos:
        return _wild_two_melds(list(hand), rules)
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
            rkey = (s, m, jokers, rules.ace_mode, rules.min_run, rules.run_jokers, rules.max_run)
            got = _RUN_MEMO.get(rkey)
            if got is None:
                got = _RUN_MEMO[rkey] = _suit_runs(
                    s, m, jokers, rules.ace_mode, rules.min_run, rules.run_jokers, rules.max_run
                )
            out.extend((RUN, t) for t in got)
    return out


def _fillings(supply: list[tuple[Card, int]], k: int) -> Iterable[tuple[Card, ...]]:
    """Every multiset of ``k`` cards from ``supply`` (``(card, how many)``), as sorted tuples."""
    if k == 0:
        yield ()
        return
    if not supply:
        return
    (card, have), rest = supply[0], supply[1:]
    for i in range(min(have, k), -1, -1):
        for tail in _fillings(rest, k - i):
            yield (card,) * i + tail


#: ``_wild_two_melds`` per (sorted hand, rules): a hand is solved several times a turn (the legal
#: list, the bare rummy, the bots); cleared when it grows past ``_TWO_MEMO_MAX`` entries
_TWO_MEMO: dict[tuple, tuple[tuple[str, tuple[Card, ...]], ...]] = {}
_TWO_MEMO_MAX = 50_000


def _wild_two_melds(hand: list[Card], rules: MeldRules) -> list[tuple[str, tuple[Card, ...]]]:
    """``find_wild_melds`` with wild twos (wildcard-rummy.md §6.1): the melds of ``hand`` with
    every two counted as a natural card and also as one more joker, then each joker place filled
    by a joker or a two not used as itself in that meld (a two shown ``2H=QH``; a two filling its
    own place is itself). Each meld once by the hand cards it uses; of its forms the one with the
    fewest twos standing in, a set before a run, the run starting highest (§6.3)."""
    memo_key = (tuple(sorted(hand)), rules)
    done = _TWO_MEMO.get(memo_key)
    if done is not None:
        return list(done)
    twos: Counter[Card] = Counter()
    jokers = 0
    naturals: list[Card] = []
    for c in hand:
        if is_joker(c):
            jokers += 1
        else:
            p = plain(c)
            naturals.append(p)
            if RANK_OF[p] == 2:
                twos[p] += 1
    base = rules._replace(wild_twos=False)
    if not twos:
        return find_wild_melds(hand, base)
    got = find_wild_melds(naturals + [JOKER] * (jokers + sum(twos.values())), base)
    # the melds by their natural cards and number of wild places: one filling serves them all
    groups: dict[tuple[tuple[Card, ...], int], list[tuple[tuple[int, int], int, str, tuple[Card, ...]]]] = {}
    for n, (kind, cards) in enumerate(got):
        if kind == RUN:
            first = RANK_OF[plain(stands_for(cards[0]) or cards[0])]
            order = (1, -(1 if first == ACE else first))
        else:
            order = (0, 0)
        nat = tuple(sorted(c for c in cards if not is_joker(c)))
        groups.setdefault((nat, len(cards) - len(nat)), []).append((order, n, kind, cards))
    best: dict[tuple[Card, ...], tuple[tuple[int, int, int], int, tuple, tuple[Card, ...]]] = {}
    for (nat, k), cands in groups.items():
        cands.sort()
        first_n = min(c[1] for c in cands)
        supply = [(t, twos[t] - nat.count(t)) for t in sorted(twos) if twos[t] > nat.count(t)]
        if jokers:
            supply.append((JOKER, jokers))
        if sum(x for _t, x in supply) < k:
            continue
        for fill in _fillings(supply, k):
            fill_twos = [w for w in fill if not is_joker(w)]
            pick = cands[0]
            stand_ins = len(fill_twos)
            if fill_twos:  # the form where most twos fill their own places
                for cand in cands:
                    free = [designation(c) for c in cand[3] if is_joker(c)]
                    own = 0
                    for w in fill_twos:
                        if w in free:
                            free.remove(w)
                            own += 1
                    if len(fill_twos) - own < stand_ins:
                        pick, stand_ins = cand, len(fill_twos) - own
                        if not stand_ins:
                            break
            uses = tuple(sorted(nat + fill))
            key = (stand_ins,) + pick[0]
            prev = best.get(uses)
            if prev is None or key < prev[0]:
                best[uses] = (key, min(first_n, prev[1]) if prev else first_n, pick, fill)
    melds = []
    for _key, n, (_order, _n, kind, cards), fill in sorted(best.values(), key=lambda b: b[1]):
        out = list(cards)
        spare = list(fill)
        places = [i for i, c in enumerate(cards) if is_joker(c)]
        for i in places:  # a two fills its own place as itself
            d = designation(cards[i])
            if d in spare:
                spare.remove(d)
                out[i] = d
        for i in places:
            if is_joker(out[i]):
                w = spare.pop(0)
                if not is_joker(w):
                    out[i] = designate(w, designation(cards[i]))
        melds.append((n, (kind, tuple(out))))
    result = tuple(m for _n, m in melds)
    if len(_TWO_MEMO) >= _TWO_MEMO_MAX:
        _TWO_MEMO.clear()
    _TWO_MEMO[memo_key] = result
    return list(result)


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


__all__ = [
    "SET_CARD",
    "SET_NONE",
    "SET_RANK",
    "MeldRules",
    "any_meld",
    "meld_points",
    "push_joker",
    "push_targets",
    "check_meld",
    "classify_wild",
    "find_wild_melds",
    "joker_as",
    "layoff_targets",
    "meld_rank",
    "meld_refusal",
    "meld_uses",
    "stand_in",
    "swap_joker",
    "swap_targets",
    "wild_lay_off",
]
