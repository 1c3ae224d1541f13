"""The deadwood (brandhout) solver of the knock rummies (issue 25): the best split of a hand into
melds, exact.

    solver = Deadwood(MeldRules(ace_mode=ACE_LOW), points)      # points[card]: the game's §2 values
    solver.value(hand)            -> int: the least brandhout of any split (klop-rummy.md §6.2)
    solver.split(hand)            -> Split(points, melds, dead): the split shown (§6.3, keys K1-K5)
    solver.after_discards(hand)   -> {card: value(hand less one card)}: the end step's legality (§5)
    solver.all_melded(hand)       -> bool: the whole hand in melds (a search that only covers)
    solver.melded_after_discards(hand) -> {card}: the discards that leave the rest all in melds
    solver.going_out(hand)        -> (all_melded, melded_after_discards): one search for both
    solver.all_melded_split(hand) -> the melds of one such split, or None

A hand is a list of card ints (``cardtable.cards``): plain naturals, identical cards of two packs
as the same code twice, jokers as plain ``JK``. What a meld may be comes from a
``families.melds.MeldRules`` (the ace, two packs, the jokers, ``max_set`` / ``max_run`` for the
melds of fixed size of Ramino klop); a ``points`` table indexed by card int (``JOKER`` at 64)
gives each card's brandhout value.

**Exact.** A greedy split (the longest meld first, the meld of the most points first) is a known
bug: with ``AS 2S 3S 4H 4D 4C 7C 8C 9C KD 5S`` a knock must be possible after discarding the KD
(``AS 2S 3S`` + ``4C 4D 4H`` + ``7C 8C 9C`` leave the 5S) or the 5S. The solver is a search over
the hand's melds (``rummy.find_melds`` for one pack without wild cards, ``melds.find_wild_melds``
otherwise) memoised on the cards left: the lowest card left is either brandhout or in one of the
melds whose lowest card it is. The cards left are a packed multiset (4 bits a card, a guard bit
per field, so "does this meld fit" is one subtraction); the melds are told apart by the cards they
use (a joker's designation does not change a count), so a hand with jokers does not search each
designation. ``tests/families/test_deadwood.py`` checks it against an independent exhaustive
search; ``benchmarks/bench_deadwood.py`` measures it.

**The split shown** is the first under the keys of klop-rummy.md §6.3 (ramino-klop.md §6.3): K1
the least brandhout, K2 fewer brandhout cards, K3 fewer melds, K4 the brandhout cards in
canonical order (rank A < 2 < ... < K < joker, then suit C < D < H < S) compared card by card,
K5 the melds (each in canonical order, sorted) compared meld by meld. The keys compose (adding the
same card or meld to two splits keeps their order), so the same memoised search finds it. A joker
is shown as the card it stands for: in a set the missing suits in the order C, D, H, S, in a run
the gaps first and then upward (the highest start), as ramino-klop.md §6.3 has it.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from cardtable.cards import ACE, JOKER, RANK_OF, SUIT_OF, Card, is_joker, plain, rank_of, stands_for
from cardtable.families.melds import MeldRules, find_wild_melds
from cardtable.families.rummy import RUN, find_melds

_W = 4  # bits per card in a packed multiset
_GUARD = sum(8 << (_W * c) for c in range(JOKER + 1))
_ONE = tuple(1 << (_W * c) for c in range(JOKER + 1))


def canonical_key(card: Card) -> int:
    """The canonical order of klop-rummy.md §6.3 as an int: rank A < 2 < ... < K (ace low) < joker,
    then suit C < D < H < S; a designated joker sorts as a joker."""
    if is_joker(card):
        return 15 * 8
    p = plain(card)
    r = RANK_OF[p]
    return (1 if r == ACE else r) * 8 + SUIT_OF[p]


def canonical(cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` in canonical order (``canonical_key``)."""
    return tuple(sorted(cards, key=canonical_key))


class Split(NamedTuple):
    """A split of a hand: ``points`` its brandhout value (by the solver's points table),
    ``melds`` as ``(kind, cards)`` (``set``/``run``, cards in meld order with each joker
    designated; the melds in canonical order, K5), ``dead`` the brandhout cards (canonical order)."""

    points: int
    melds: tuple[tuple[str, tuple[Card, ...]], ...]
    dead: tuple[Card, ...]


def _uses(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The hand cards a meld takes (each joker as plain JK), in canonical order."""
    return canonical([JOKER if is_joker(c) else plain(c) for c in cards])


def _run_start(cards: Sequence[Card]) -> int:
    c = cards[0]
    r = rank_of(stands_for(c) or c)  # a natural, a designated joker or two (``2H=QH``)
    return 1 if r == ACE else r


class Deadwood:
    """The exact brandhout solver for one game's melds and points (module docstring).

    ``rules``: what a meld is (``families.melds.MeldRules``: ``ace_mode``, ``packs``,
    ``max_set``, ``max_run``, the jokers); ``points``: brandhout per card int (index 64 the
    joker); ``wild``: the hands may hold jokers (else the faster matcher of natural cards is
    used when ``rules.packs`` is 1)."""

    __slots__ = ("rules", "points", "natural")

    def __init__(self, rules: MeldRules, points: Sequence[int], wild: bool = False):
        self.rules = rules
        self.points = tuple(points)
        #: one pack, no jokers: ``rummy.find_melds`` (memoised per suit pattern)
        self.natural = not wild and rules.packs == 1

    # -- the melds of a hand --
    def melds_of(self, hand: Sequence[Card]) -> list[tuple[str, tuple[Card, ...]]]:
        """Every meld ``hand`` can make under the solver's rules (``kind``, cards), runs no
        longer than ``rules.max_run``."""
        r = self.rules
        if self.natural:
            got = find_melds(hand, r.ace_mode, r.max_set)
        else:
            got = find_wild_melds(hand, r)
        if r.max_run < 13 or r.min_run > 3:
            got = [(k, t) for k, t in got if k != RUN or r.min_run <= len(t) <= r.max_run]
        return got

    def _index(self, hand: Sequence[Card]) -> tuple[dict[int, list[int]], dict[int, tuple[str, tuple[Card, ...]]]]:
        """The melds of ``hand`` as packed multisets, by their lowest card (the search's
        branching), each once (the first designation shown: ``module docstring``)."""
        one = _ONE
        by_low: dict[int, list[int]] = {}
        shown: dict[int, tuple[str, tuple[Card, ...]]] = {}
        for kind, cards in self.melds_of(hand):
            vec = 0
            low = JOKER
            for c in cards:
                if is_joker(c):
                    vec += one[JOKER]
                else:
                    p = plain(c)
                    vec += one[p]
                    if p < low:
                        low = p
            prev = shown.get(vec)
            if prev is None:
                by_low.setdefault(low, []).append(vec)
                shown[vec] = (kind, cards)
            elif kind == RUN and prev[0] == RUN and _run_start(cards) > _run_start(prev[1]):
                shown[vec] = (kind, cards)  # a run's spare jokers go upward first
        return by_low, shown

    @staticmethod
    def _pack(hand: Sequence[Card]) -> int:
        one = _ONE
        rem = 0
        for c in hand:
            rem += one[JOKER if is_joker(c) else plain(c)]
        return rem

    # -- the least brandhout --
    def value(self, hand: Sequence[Card]) -> int:
        """brandhout(hand): the least point total of the cards outside melds over every split
        (klop-rummy.md §6.2), in the solver's points."""
        by_low, _ = self._index(hand)
        return self._best(self._pack(hand), by_low, {})

    def after_discards(self, hand: Sequence[Card], limit: int | None = None) -> dict[Card, int]:
        """``{c: value(hand less one c)}`` for each distinct card code of ``hand`` (plain JK
        for a joker): the end step's legality (klop-rummy.md §5), one search shared.

        ``limit`` (a knock limit, jersey-gin.md §5): a value above it need not be exact, only
        above it: the cards in no meld of ``hand`` are brandhout whatever the split, and where
        their points less the discard's pass ``limit`` that bound is given without a search."""
        by_low, _ = self._index(hand)
        full = self._pack(hand)
        memo: dict[int, int] = {}
        out: dict[Card, int] = {}
        free = -1  # with a limit: the points of the cards in no meld
        loose: set[Card] = set()
        if limit is not None:
            covered = 0
            for ms in by_low.values():
                for m in ms:
                    covered |= m
            pts = self.points
            keys = [JOKER if is_joker(c) else plain(c) for c in hand]
            loose = {p for p in keys if not (covered >> (_W * p)) & 0xF}
            free = sum(pts[p] for p in keys if p in loose)
        for c in hand:
            p = JOKER if is_joker(c) else plain(c)
            if p not in out:
                if limit is not None:
                    bound = free - (self.points[p] if p in loose else 0)
                    if bound > limit:
                        out[p] = bound
                        continue
                out[p] = self._best(full - _ONE[p], by_low, memo)
        return out

    def _best(self, rem: int, by_low: dict[int, list[int]], memo: dict[int, int]) -> int:
        if not rem:
            return 0
        got = memo.get(rem)
        if got is not None:
            return got
        idx = ((rem & -rem).bit_length() - 1) // _W
        pts = self.points
        if idx >= JOKER:
            v = (rem >> (_W * JOKER)) * pts[JOKER]
        else:
            v = pts[idx] + self._best(rem - _ONE[idx], by_low, memo)
            if v:
                g = _GUARD
                for m in by_low.get(idx, ()):
                    if ((rem | g) - m) & g == g:
                        w = self._best(rem - m, by_low, memo)
                        if w < v:
                            v = w
                            if not v:
                                break
        memo[rem] = v
        return v

    # -- the whole hand in melds (going out all at once: boathouse-rummy.md §5.3) --
    def all_melded(self, hand: Sequence[Card]) -> bool:
        """True if every card of ``hand`` fits in some split into melds (``value(hand) == 0``),
        by a search that only covers (``_Cover``), so a hand of thirty cards is answered at once."""
        cover = _Cover(self, hand)
        return cover.covers(cover.full)

    def melded_after_discards(self, hand: Sequence[Card]) -> set[Card]:
        """The card codes ``c`` of ``hand`` (plain JK for a joker) such that ``hand`` less one
        ``c`` lies wholly in melds (``after_discards(hand)[c] == 0``), one search shared."""
        return self.going_out(hand)[1]

    def going_out(self, hand: Sequence[Card]) -> tuple[bool, set[Card]]:
        """``(all_melded(hand), melded_after_discards(hand))`` by one search. A card in no meld
        of ``hand`` must be the one discarded: two such cards leave nothing."""
        cover = _Cover(self, hand)
        covered = 0
        for m in cover.melds:
            covered |= m
        loose = [p for p in cover.keys if not (covered >> (_W * p)) & 0xF]
        if len(loose) > 1:
            return False, set()
        whole = not loose and cover.covers(cover.full)
        return whole, {p for p in (loose or cover.keys) if cover.covers(cover.full - _ONE[p])}

    def all_melded_split(self, hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...] | None:
        """One split of ``hand`` wholly into melds (each meld in run or set order, jokers
        designated; the melds in canonical order, K5), or None if there is none: the cover
        search's first (``_Cover``: the melds of the card with the fewest, in the matcher's order)."""
        cover = _Cover(self, hand)
        rem = cover.full
        if not cover.covers(rem):
            return None
        melds = []
        while rem:
            m = next(m for m in cover.choices(rem)[1] if cover.covers(rem - m))
            melds.append(cover.shown[m])
            rem -= m
        melds.sort(key=meld_keys_of)
        return tuple(cards for _kind, cards in melds)

    # -- the split shown --
    def split(self, hand: Sequence[Card]) -> Split:
        """The split of ``hand`` shown at the showdown: the first under K1-K5 (module
        docstring), the melds in canonical order."""
        by_low, shown = self._index(hand)
        memo: dict[int, tuple] = {}
        key = self._best_split(self._pack(hand), by_low, shown, memo)
        value, _nd, _nm, dead_keys, meld_keys, dead, melds = key
        order = sorted(range(len(melds)), key=lambda i: meld_keys_of(melds[i]))
        return Split(value, tuple(melds[i] for i in order), canonical(dead))

    def _best_split(
        self,
        rem: int,
        by_low: dict[int, list[int]],
        shown: dict[int, tuple[str, tuple[Card, ...]]],
        memo: dict[int, tuple],
    ) -> tuple:
        """(value, brandhout cards, melds, K4 keys, K5 keys, the cards, the melds) of the best
        split of the multiset ``rem`` under K1-K5."""
        if not rem:
            return (0, 0, 0, (), (), (), ())
        got = memo.get(rem)
        if got is not None:
            return got
        idx = ((rem & -rem).bit_length() - 1) // _W
        pts = self.points
        if idx >= JOKER:
            k = rem >> (_W * JOKER)
            best = (k * pts[JOKER], k, 0, (canonical_key(JOKER),) * k, (), (JOKER,) * k, ())
        else:
            sub = self._best_split(rem - _ONE[idx], by_low, shown, memo)
            ck = canonical_key(idx)
            best = (
                sub[0] + pts[idx],
                sub[1] + 1,
                sub[2],
                tuple(sorted(sub[3] + (ck,))),
                sub[4],
                sub[5] + (idx,),
                sub[6],
            )
            g = _GUARD
            for m in by_low.get(idx, ()):
                if ((rem | g) - m) & g == g:
                    sub = self._best_split(rem - m, by_low, shown, memo)
                    if sub[0] > best[0]:
                        continue
                    meld = shown[m]
                    cand = (
                        sub[0],
                        sub[1],
                        sub[2] + 1,
                        sub[3],
                        tuple(sorted(sub[4] + (meld_keys_of(meld),))),
                        sub[5],
                        sub[6] + (meld,),
                    )
                    if cand[:5] < best[:5]:
                        best = cand
        memo[rem] = best
        return best


_FIELD_LOW = sum(1 << (_W * c) for c in range(JOKER + 1))


def _support(packed: int) -> int:
    """A bit (the lowest of its field) per card a packed multiset holds at least once."""
    return (packed | packed >> 1 | packed >> 2) & _FIELD_LOW


class _Cover:
    """The search of ``Deadwood.all_melded``: can a multiset of cards (packed as in the solver)
    be covered wholly by disjoint melds of the hand? Exact cover with the most constrained card
    first: of the cards left, the one that the fewest melds still fitting hold is covered by
    each of them in turn; a position where some card left is in no meld that fits is given up
    at once; memoised on the cards left."""

    __slots__ = ("melds", "cards_of", "keys", "shown", "full", "memo")

    def __init__(self, solver: Deadwood, hand: Sequence[Card]):
        by_low, shown = solver._index(hand)
        self.shown = shown
        self.melds = [m for ms in by_low.values() for m in ms]
        self.cards_of = {m: tuple({JOKER if is_joker(c) else plain(c) for c in shown[m][1]}) for m in self.melds}
        self.keys = list(dict.fromkeys(JOKER if is_joker(c) else plain(c) for c in hand))
        self.full = solver._pack(hand)
        self.memo: dict[int, bool] = {}

    def choices(self, rem: int, pool: list[int] | None = None) -> tuple[list[int], list[int]]:
        """The melds that fit in ``rem`` (from ``pool``, a list holding every one of them;
        default all), and of them those that hold ``rem``'s most constrained card ([] if a card
        of ``rem`` is in no meld that fits: no cover)."""
        g = _GUARD
        fit = [m for m in (self.melds if pool is None else pool) if ((rem | g) - m) & g == g]
        reach = 0
        for m in fit:
            reach |= m
        if _support(rem) & ~_support(reach):
            return fit, []
        count = [0] * (JOKER + 1)
        cards_of = self.cards_of
        for m in fit:
            for c in cards_of[m]:
                count[c] += 1
        best, fewest = -1, 1 << 30
        for k in self.keys:
            if (rem >> (_W * k)) & 0xF and count[k] < fewest:
                best, fewest = k, count[k]
        return fit, [m for m in fit if best in cards_of[m]]

    def covers(self, rem: int, pool: list[int] | None = None) -> bool:
        """True if ``rem`` splits wholly into melds (of ``pool``: a list holding every meld that
        fits in ``rem``; default all)."""
        if not rem:
            return True
        got = self.memo.get(rem)
        if got is not None:
            return got
        fit, take = self.choices(rem, pool)
        ok = any(self.covers(rem - m, fit) for m in take)
        self.memo[rem] = ok
        return ok


def meld_keys_of(meld: tuple[str, tuple[Card, ...]]) -> tuple[int, ...]:
    """A meld's K5 key: its cards (jokers as JK) in canonical order, as ``canonical_key``s."""
    return tuple(canonical_key(c) for c in _uses(meld[1]))


__all__ = ["Deadwood", "Split", "canonical", "canonical_key", "meld_keys_of"]
