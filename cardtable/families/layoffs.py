"""The gin showdown (issue 25): the ender lays out his melds, the opponents lay off onto them, and
the ender's arrangement is chosen against the lay-offs. Its first game is Jersey Gin
(games/jersey_gin.py, jersey-gin.md §6.4 and §6.5); any knock rummy with lay-offs onto the ender's
melds can use it.

    arrangements(solver, hand)            -> every Split of hand with the least brandhout (§6.2)
    lay_off(solver, hand, melds)          -> Laid: an opponent's best lay-offs and final brandhout (§6.5)
    gin_showdown(solver, hands, ender, knock=True, layoff=True)
                                          -> Showdown: the ender's arrangement (§6.4), every
                                             opponent's lay-offs, split and final brandhout

``solver`` is the game's exact brandhout solver (families/deadwood.py: its meld rules and points,
natural cards of one pack, the ace low). A meld is ``(kind, cards)`` as the solver gives it.

**Laying off** (§6.5): onto a 3-card set its missing fourth card; onto a run the cards that
continue it at either end, each adjacent to the run as already extended by the same opponent. The
choices of one opponent are therefore, per set, the fourth card or not, and per run end, a number
of the consecutive cards he holds beyond it; a card that fits two melds is one choice of either
(the combinations that use a card twice are left out). Each opponent lays off against the ender's
melds as laid down (independence, §6.5): his lay-offs never depend on the other opponent's.
The final brandhout is the least brandhout of the cards kept over every choice (O1), then the
fewest cards laid off (O2), then the split of the cards kept by the keys K2-K5 (O3).

**The ender's arrangement** (§6.4): among the arrangements of least brandhout ``k``, J1 one that no
opponent undercuts (no final brandhout ``<= k``; void for a gin), J2 the largest sum of the
opponents' final brandhout, then K2-K5 (fewer brandhout cards, fewer melds, the brandhout cards,
the melds, in canonical order).
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple, Sequence

from cardtable.cards import ACE, RANK_OF, SUIT_OF, Card, make
from cardtable.families.deadwood import Deadwood, Split, canonical, canonical_key, meld_keys_of
from cardtable.families.rummy import SET

#: a meld as the solver gives it: (``set`` / ``run``, its cards in meld order)
MeldT = tuple[str, tuple[Card, ...]]


class Laid(NamedTuple):
    """One opponent's answer to the ender's melds: ``points`` his final brandhout (§6.5), ``split``
    the split of the cards he keeps (as the solver shows it), ``layoffs`` the cards laid off as
    ``(card, n)`` with ``n`` the number (from 1) of the ender's meld it goes onto, in the order
    laid (by meld, each run end outward from the run)."""

    points: int
    split: Split
    layoffs: tuple[tuple[Card, int], ...]


class Showdown(NamedTuple):
    """A gin showdown: per seat, ``splits`` (the ender's chosen arrangement; every opponent's cards
    kept after laying off), ``layoffs`` (``()`` for the ender) and ``final`` brandhout (``k`` for
    the ender, ``f`` for each opponent)."""

    splits: tuple[Split, ...]
    layoffs: tuple[tuple[tuple[Card, int], ...], ...]
    final: tuple[int, ...]


def split_key(sp: Split) -> tuple:
    """The order of splits by K1-K5 (deadwood.py): brandhout, brandhout cards, melds, the brandhout
    cards and the melds in canonical order; smaller is shown first."""
    return (
        sp.points,
        len(sp.dead),
        len(sp.melds),
        tuple(canonical_key(c) for c in sp.dead),
        tuple(sorted(meld_keys_of(m) for m in sp.melds)),
    )


def _make_split(points: int, melds: Sequence[MeldT], dead: Sequence[Card]) -> Split:
    return Split(points, tuple(sorted(melds, key=meld_keys_of)), canonical(dead))


def arrangements(solver: Deadwood, hand: Sequence[Card]) -> list[Split]:
    """Every arrangement of ``hand`` whose brandhout is the least (§6.2), each once, as Splits
    (melds in canonical order, the brandhout cards canonical); the first is not ordered."""
    best = solver.value(hand)
    pts = solver.points
    by_low: dict[Card, list[MeldT]] = {}
    for m in solver.melds_of(hand):
        by_low.setdefault(min(m[1]), []).append(m)
    out: list[Split] = []

    def walk(left: frozenset[Card], dead_pts: int, dead: tuple[Card, ...], melds: tuple[MeldT, ...]) -> None:
        if not left:
            if dead_pts == best:
                out.append(_make_split(best, melds, dead))
            return
        c = min(left)
        if dead_pts + pts[c] <= best:
            walk(left - {c}, dead_pts + pts[c], dead + (c,), melds)
        for m in by_low.get(c, ()):
            if left.issuperset(m[1]):
                walk(left.difference(m[1]), dead_pts, dead, melds + (m,))

    walk(frozenset(hand), 0, (), ())
    return out


def _low_rank(c: Card) -> int:
    r = RANK_OF[c]
    return 1 if r == ACE else r


def _card(rank: int, suit: int) -> Card:
    return make(ACE if rank == 1 else rank, suit)


def layoff_slots(melds: Sequence[MeldT], held: frozenset[Card]) -> list[list[tuple[tuple[Card, int], ...]]]:
    """The lay-off choices ``held`` cards give onto ``melds`` (§6.5): one slot per 3-card set whose
    fourth card is held and per run end with held cards beyond it; each slot lists its choices,
    the first laying nothing, as ``(card, meld number)`` tuples."""
    slots: list[list[tuple[tuple[Card, int], ...]]] = []
    for n, (kind, cards) in enumerate(melds, 1):
        if kind == SET:
            if len(cards) == 3:
                suits = {SUIT_OF[c] for c in cards}
                for s in range(4):
                    if s not in suits:
                        c4 = make(RANK_OF[cards[0]], s)
                        if c4 in held:
                            slots.append([(), ((c4, n),)])
            continue
        suit = SUIT_OF[cards[0]]
        ranks = [_low_rank(c) for c in cards]
        for start, step, stop in ((min(ranks) - 1, -1, 0), (max(ranks) + 1, 1, 14)):
            chain: list[Card] = []
            r = start
            while r != stop and _card(r, suit) in held:
                chain.append(_card(r, suit))
                r += step
            if chain:
                slots.append([tuple((c, n) for c in chain[:i]) for i in range(len(chain) + 1)])
    return slots


def lay_off(solver: Deadwood, hand: Sequence[Card], melds: Sequence[MeldT]) -> Laid:
    """An opponent's best lay-offs onto the ender's ``melds`` (§6.5): the least final brandhout
    (O1), the fewest cards laid off (O2), the kept cards' split by K2-K5 (O3). A card that fits
    two of the melds is shown on the first of them (jersey-gin.md ruling 16)."""
    held = frozenset(hand)
    slots = layoff_slots(melds, held)
    if not slots:
        sp = solver.split(hand)
        return Laid(sp.points, sp, ())
    # the choices by the cards they lay off; a card that fits two melds goes onto the first
    ways: dict[frozenset[Card], tuple[tuple[Card, int], ...]] = {}
    for combo in product(*slots):
        laid = tuple(x for part in combo for x in part)
        cards = frozenset(c for c, _n in laid)
        if len(cards) != len(laid):
            continue
        prev = ways.get(cards)
        if prev is None or sorted(laid) < sorted(prev):
            ways[cards] = laid
    best: tuple | None = None
    for cards, laid in ways.items():
        kept = [c for c in hand if c not in cards]
        key = (solver.value(kept), len(laid))
        if best is None or key < best[0]:
            best = (key, [(laid, kept)])
        elif key == best[0]:
            best[1].append((laid, kept))
    assert best is not None, "laying nothing is always a choice"
    choice = min(((solver.split(kept), laid) for laid, kept in best[1]), key=lambda x: split_key(x[0]))
    return Laid(best[0][0], choice[0], choice[1])


def gin_showdown(
    solver: Deadwood, hands: Sequence[Sequence[Card]], ender: int, knock: bool = True, layoff: bool = True
) -> Showdown:
    """The showdown of a gin hand: the ender's arrangement of least brandhout ``k`` chosen by J1
    (only when ``knock``: no opponent's final brandhout ``<= k``), J2 (the largest sum of the
    opponents' final brandhout) and K2-K5; every opponent's lay-offs onto it (``layoff``; else
    he keeps his hand, shown by the solver's split) (jersey-gin.md §6.4, §6.5)."""
    n = len(hands)
    others = [s for s in range(n) if s != ender]
    if not layoff:
        own = solver.split(hands[ender])
        plain = {s: solver.split(hands[s]) for s in others}
        splits = tuple(own if s == ender else plain[s] for s in range(n))
        return Showdown(splits, tuple(() for _ in range(n)), tuple(sp.points for sp in splits))
    k = solver.value(hands[ender])
    best: tuple | None = None
    for arr in arrangements(solver, hands[ender]):
        laid = {s: lay_off(solver, hands[s], arr.melds) for s in others}
        fs = [laid[s].points for s in others]
        undercut = knock and any(f <= k for f in fs)
        key = (undercut, -sum(fs), split_key(arr)[1:])
        if best is None or key < best[0]:
            best = (key, arr, laid)
    assert best is not None, "a hand has at least one arrangement"
    _key, arr, laid = best
    splits = tuple(arr if s == ender else laid[s].split for s in range(n))
    lays = tuple(() if s == ender else laid[s].layoffs for s in range(n))
    return Showdown(splits, lays, tuple(sp.points for sp in splits))


__all__ = ["Laid", "Showdown", "arrangements", "gin_showdown", "lay_off", "layoff_slots", "split_key"]
