"""Rummy machinery shared by the rummy games (sets, runs, lay-offs, brandhout, piles).

Everything works on plain ``int`` cards (``cardtable.cards``, read through the ``RANK_OF`` /
``SUIT_OF`` tables and built with ``make``; rank 2..14 with the ace 14) so that legality is
computed directly in the hot loop. Rules that differ between games are parameters:

- ``ace_mode`` (how an ace sits in a run; klassieke-rummy.md §5.2 step 4):
    ``"low"``      order ``A 2 … K``, the ace only first (``A-2-3``);
    ``"high_low"`` order ``A 2 … K A``, the ace first (followed by 2) or last (after K),
                   never both in one run, ``K-A-2`` is not a run;
    ``"bridge"``   circular order ``… Q K A 2 3 …``, the ace anywhere (``K-A-2``), no rank
                   twice, so at most 13 cards.
- ``max_set``: the largest set (4 with one pack).
- a points table (``points_table``) for the brandhout / card points left in hand.

Runs are stored and written in run order, first card to last (for a bridge run the order
follows the circle: ``QD KD AD 2D``); sets in suit order ``C D H S``. A table meld is a
``Meld(owner, kind, cards)`` (immutable, so a State copies its meld list shallowly); table
melds are numbered 1, 2, 3 … in the order they were put down in the hand (index + 1).

Piles (``deal_round_robin``, ``turn_over``): lists hold the **stock with its top card last**
(``stock.pop()`` draws) and the **discard pile bottom to top** (``pile[-1]`` is the top).
Records and observations write the stock top first (``stock_top_first``).

Jokers and wild cards are not handled here yet: the validators take the natural cards (or the
cards a wild card stands for) so the joker games can map their jokers first and reuse them.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Iterable, NamedTuple, Sequence

from cardtable.cards import ACE, JOKER, KING, RANK_OF, SUIT_OF, TWO, Card, is_joker, make
from cardtable.engine.views import CARD, CARDS, COUNT, DISCARD, DOWN, HAND, MELD, MELDS, NONE, STOCK, UP, VerbSpec, Zone

ACE_LOW = "low"
ACE_HIGH_LOW = "high_low"
ACE_BRIDGE = "bridge"
ACE_MODES = (ACE_LOW, ACE_HIGH_LOW, ACE_BRIDGE)

SET = "set"
RUN = "run"

_ACE_BIT = 1 << ACE


# ---- card points (brandhout) -------------------------------------------------------------


def points_table(
    ace: int = 1, court: int = 10, ten: int = 10, joker: int = 0, overrides: dict[int, int] | None = None
) -> list[int]:
    """A card-points table indexed by card int (0..64): 2..9 face value, ``ten`` for T,
    ``court`` for J Q K, ``ace`` for A, ``joker`` for JK; ``overrides`` maps a rank (2..14)
    to a different value (e.g. wild twos). Unused indexes hold 0."""
    table = [0] * (JOKER + 1)
    for suit in range(4):
        for rank in range(2, 15):
            if overrides and rank in overrides:
                v = overrides[rank]
            elif rank <= 9:
                v = rank
            elif rank == 10:
                v = ten
            elif rank == ACE:
                v = ace
            else:
                v = court
            table[make(rank, suit)] = v
    table[JOKER] = joker
    return table


def card_points(cards: Iterable[Card], table: Sequence[int]) -> int:
    """The points of ``cards`` by ``table`` (the brandhout of a hand), in points."""
    return sum(table[c] for c in cards)


# ---- sets and runs -----------------------------------------------------------------------


def set_order(cards: Sequence[Card], max_set: int = 4) -> tuple[Card, ...] | None:
    """The cards as a set in suit order, or None if they are not a set: 3..``max_set``
    cards of one rank, all of different suits (one pack), no joker."""
    n = len(cards)
    if n < 3 or n > max_set:
        return None
    rank = RANK_OF[cards[0]]
    if is_joker(cards[0]):
        return None
    seen = 0
    for c in cards:
        if is_joker(c) or RANK_OF[c] != rank:
            return None
        bit = 1 << SUIT_OF[c]
        if seen & bit:
            return None
        seen |= bit
    return tuple(sorted(cards))


def _rank_mask(cards: Sequence[Card]) -> int | None:
    """Bit ``rank`` set per card (bits 2..14) if all cards are natural cards of one suit
    with no rank twice; else None."""
    suit = SUIT_OF[cards[0]]
    mask = 0
    for c in cards:
        if is_joker(c) or SUIT_OF[c] != suit:
            return None
        bit = 1 << RANK_OF[c]
        if mask & bit:
            return None
        mask |= bit
    return mask


def _contiguous(mask: int) -> bool:
    """True if the set bits of ``mask`` (non-zero) form one block."""
    x = mask // (mask & -mask)
    return (x & (x + 1)) == 0


def _low_line(mask: int) -> int:
    """Rank mask with the ace moved from bit 14 to bit 1 (ace low)."""
    if mask & _ACE_BIT:
        return (mask & ~_ACE_BIT) | 2
    return mask


def run_order(cards: Sequence[Card], ace_mode: str = ACE_LOW) -> tuple[Card, ...] | None:
    """The cards as a run in order first..last, or None if they are not a run under
    ``ace_mode`` (3 or more natural cards of one suit, consecutive, no rank twice;
    klassieke-rummy.md §5.2 step 4). Where two orders fit (all 13 ranks) the ace comes first."""
    n = len(cards)
    if n < 3 or n > 13:
        return None
    mask = _rank_mask(cards)
    if mask is None:
        return None
    suit = SUIT_OF[cards[0]]
    low = _low_line(mask)
    if _contiguous(low):  # ace low (or no ace): valid in every mode
        start = (low & -low).bit_length() - 1  # 1 = ace
        return tuple(make(ACE if r == 1 else r, suit) for r in range(start, start + n))
    if ace_mode == ACE_HIGH_LOW:
        if mask & _ACE_BIT and _contiguous(mask):
            start = (mask & -mask).bit_length() - 1
            return tuple(make(r, suit) for r in range(start, start + n))
        return None
    if ace_mode == ACE_BRIDGE:
        # circle positions 0..12: A=0, 2=1, ... K=12
        circ = low >> 1
        starts = [p for p in range(13) if circ >> p & 1 and not circ >> ((p - 1) % 13) & 1]
        if len(starts) != 1:
            return None
        p0 = starts[0]
        out = []
        for i in range(n):
            p = (p0 + i) % 13
            if not circ >> p & 1:
                return None
            out.append(make(ACE if p == 0 else p + 1, suit))
        return tuple(out)
    return None


def classify(cards: Sequence[Card], ace_mode: str = ACE_LOW, max_set: int = 4) -> tuple[str, tuple[Card, ...]] | None:
    """``(SET, cards in suit order)`` or ``(RUN, cards in run order)`` for a valid meld,
    else None."""
    s = set_order(cards, max_set)
    if s is not None:
        return SET, s
    r = run_order(cards, ace_mode)
    if r is not None:
        return RUN, r
    return None


def why_not_meld(cards: Sequence[Card], ace_mode: str = ACE_LOW, max_set: int = 4) -> str:
    """A sentence saying why ``cards`` are not a set or a run (for ``explain``)."""
    n = len(cards)
    if n < 3:
        return "a meld needs at least 3 cards"
    if len(set(cards)) != n:
        return "a card is named twice"
    ranks = {RANK_OF[c] for c in cards}
    suits = {SUIT_OF[c] for c in cards}
    if len(ranks) == 1:
        return f"a set has at most {max_set} cards"
    if len(suits) != 1:
        return "not a set (ranks differ) and not a run (suits differ)"
    if ace_mode == ACE_LOW and ACE in ranks and KING in ranks:
        return "not a run: the ace is low only (A-2-3), it does not follow the king"
    if ace_mode == ACE_HIGH_LOW and ACE in ranks and KING in ranks and TWO in ranks:
        return "not a run: the ace is high or low, a run cannot go round the corner (K-A-2)"
    return "not a run: the ranks are not consecutive"


def run_ends(run: Sequence[Card], ace_mode: str = ACE_LOW) -> tuple[Card | None, Card | None]:
    """The card that extends a run (in run order) at its low end and at its high end, None
    where nothing fits (klassieke-rummy.md §5.3 step 4). Both may be the same card (an ace on
    ``2 … K`` with ``high_low``; the one missing rank of a 12-card bridge run): the player
    then names the end."""
    if len(run) >= 13:
        return None, None
    first, last = run[0], run[-1]
    suit = SUIT_OF[first]
    fr, lr = RANK_OF[first], RANK_OF[last]
    if ace_mode == ACE_BRIDGE:
        return (
            make(KING if fr == ACE else ACE if fr == TWO else fr - 1, suit),
            make(TWO if lr == ACE else ACE if lr == KING else lr + 1, suit),
        )
    # an ace first is low: nothing below it; an ace last is high: nothing above it
    below = None if fr == ACE else make(ACE if fr == TWO else fr - 1, suit)
    above: Card | None
    if lr == ACE:
        above = None
    elif lr == KING:
        above = make(ACE, suit) if ace_mode == ACE_HIGH_LOW else None
    else:
        above = make(lr + 1, suit)
    return below, above


def set_accepts(cards: Sequence[Card], max_set: int = 4) -> tuple[Card, ...]:
    """The cards that may be laid off on a set (its rank in the suits not yet in it)."""
    if len(cards) >= max_set:
        return ()
    rank = RANK_OF[cards[0]]
    have = {SUIT_OF[c] for c in cards}
    return tuple(make(rank, s) for s in range(4) if s not in have)


class Meld(NamedTuple):
    """A meld on the table: ``owner`` seat, ``kind`` (``set``/``run``), ``cards`` in order
    (runs first..last, sets by suit). Immutable: a lay-off makes a new Meld."""

    owner: int
    kind: str
    cards: tuple[Card, ...]


def layoff_ends(card: Card, meld: Meld, ace_mode: str = ACE_LOW, max_set: int = 4) -> tuple[str, ...]:
    """Where ``card`` may be laid off on ``meld``: ``()`` (nowhere), ``("set",)`` for a set,
    ``("low",)``, ``("high",)`` or ``("low", "high")`` for a run."""
    if meld.kind == SET:
        return (SET,) if card in set_accepts(meld.cards, max_set) else ()
    lo, hi = run_ends(meld.cards, ace_mode)
    if card == lo:
        return ("low", "high") if card == hi else ("low",)
    if card == hi:
        return ("high",)
    return ()


def lay_off(meld: Meld, card: Card, end: str) -> Meld:
    """The meld with ``card`` added at ``end`` (``set``, ``low``, ``high``); no checks."""
    if meld.kind == SET:
        return Meld(meld.owner, SET, tuple(sorted(meld.cards + (card,))))
    if end == "low":
        return Meld(meld.owner, RUN, (card,) + meld.cards)
    return Meld(meld.owner, RUN, meld.cards + (card,))


def layoff_options(
    hand: Iterable[Card], melds: Sequence[Meld], ace_mode: str = ACE_LOW, max_set: int = 4
) -> list[tuple[Card, int, str | None]]:
    """Every lay-off from ``hand`` onto ``melds``: ``(card, meld number 1.., end)`` where
    ``end`` is ``None`` when the card fits one place only and ``"low"``/``"high"`` where it
    fits both ends of a run (the command must name the end)."""
    hs = set(hand)
    out: list[tuple[Card, int, str | None]] = []
    for i, m in enumerate(melds, 1):
        if m.kind == SET:
            if len(m.cards) < max_set:
                for c in set_accepts(m.cards, max_set):
                    if c in hs:
                        out.append((c, i, None))
        else:
            lo, hi = run_ends(m.cards, ace_mode)
            if lo is not None and lo == hi:
                if lo in hs:
                    out.append((lo, i, "low"))
                    out.append((lo, i, "high"))
            else:
                if lo is not None and lo in hs:
                    out.append((lo, i, None))
                if hi is not None and hi in hs:
                    out.append((hi, i, None))
    return out


# ---- meld enumeration ---------------------------------------------------------------------


def _run_lines(ace_mode: str) -> tuple[tuple[int, ...], int]:
    """The ranks along the line on which runs are intervals, and the longest run."""
    if ace_mode == ACE_LOW:
        return (ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), 13
    if ace_mode == ACE_HIGH_LOW:
        return (ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, ACE), 13
    # bridge: the circle twice, runs start in the first lap
    lap = (ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    return lap + lap, 13


_LINES = {m: _run_lines(m) for m in ACE_MODES}
_FULL_RUN = (ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


def _suit_runs(suit: int, mask: int, ace_mode: str, min_len: int) -> tuple[tuple[Card, ...], ...]:
    """Every run of suit ``suit`` within the rank mask ``mask`` (bits 2..14), in run order."""
    line, longest = _LINES[ace_mode]
    starts = 13 if ace_mode == ACE_BRIDGE else len(line)
    present = [bool(mask >> r & 1) for r in line]
    out: list[tuple[Card, ...]] = []
    seen_full = False
    for i in range(starts):
        if not present[i]:
            continue
        j = i
        while j < len(line) and present[j] and j - i < longest:
            j += 1
            length = j - i
            if length < min_len:
                continue
            if length == 13:  # all ranks: one meld, written ace first
                if not seen_full:
                    seen_full = True
                    out.append(tuple(make(r, suit) for r in _FULL_RUN))
            else:
                out.append(tuple(make(r, suit) for r in line[i:j]))
    return tuple(out)


# (ace_mode, min_len, suit, rank mask) -> runs; filled lazily (at most 4 * 8192 per mode)
_RUN_MEMO: dict[tuple[str, int, int, int], tuple[tuple[Card, ...], ...]] = {}
# (rank, suit mask, max_set) -> sets
_SET_MEMO: dict[tuple[int, int, int], tuple[tuple[Card, ...], ...]] = {}


def find_runs(hand: Iterable[Card], ace_mode: str = ACE_LOW, min_len: int = 3) -> list[tuple[Card, ...]]:
    """Every run (in run order) that can be made from cards of ``hand``, each card set once."""
    masks = [0, 0, 0, 0]
    for c in hand:
        if not is_joker(c):
            masks[SUIT_OF[c]] |= 1 << RANK_OF[c]
    out: list[tuple[Card, ...]] = []
    memo = _RUN_MEMO
    for s in range(4):
        m = masks[s]
        if m:
            key = (ace_mode, min_len, s, m)
            runs = memo.get(key)
            if runs is None:
                runs = memo[key] = _suit_runs(s, m, ace_mode, min_len)
            out.extend(runs)
    return out


def _rank_sets(rank: int, suits: int, max_set: int) -> tuple[tuple[Card, ...], ...]:
    cards = [make(rank, s) for s in range(4) if suits >> s & 1]
    out: list[tuple[Card, ...]] = []
    for k in range(3, min(len(cards), max_set) + 1):
        out.extend(combinations(cards, k))
    return tuple(out)


def find_sets(hand: Iterable[Card], max_set: int = 4) -> list[tuple[Card, ...]]:
    """Every set (suit order) that can be made from cards of ``hand`` (one pack)."""
    suits = [0] * 15
    for c in hand:
        if not is_joker(c):
            suits[RANK_OF[c]] |= 1 << SUIT_OF[c]
    out: list[tuple[Card, ...]] = []
    for r in range(2, 15):
        m = suits[r]
        if m in (7, 11, 13, 14, 15):
            key = (r, m, max_set)
            sets = _SET_MEMO.get(key)
            if sets is None:
                sets = _SET_MEMO[key] = _rank_sets(r, m, max_set)
            out.extend(sets)
    return out


# (ace_mode, suit, rank mask) / (rank, suit mask, max_set) -> ((kind, cards), ...)
_RUN_PAIRS: dict[tuple[str, int, int], tuple[tuple[str, tuple[Card, ...]], ...]] = {}
_SET_PAIRS: dict[tuple[int, int, int], tuple[tuple[str, tuple[Card, ...]], ...]] = {}


def find_melds(hand: Iterable[Card], ace_mode: str = ACE_LOW, max_set: int = 4) -> list[tuple[str, tuple[Card, ...]]]:
    """Every legal meld that can be made from ``hand``: ``(SET|RUN, cards in order)``;
    sets first (by rank), then runs (by suit, then start). Memoised per suit pattern."""
    m0 = m1 = m2 = m3 = 0
    for c in hand:
        s = SUIT_OF[c]
        if s == 0:
            m0 |= 1 << RANK_OF[c]
        elif s == 1:
            m1 |= 1 << RANK_OF[c]
        elif s == 2:
            m2 |= 1 << RANK_OF[c]
        elif s == 3:
            m3 |= 1 << RANK_OF[c]
    out: list[tuple[str, tuple[Card, ...]]] = []
    three = (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1))  # ranks held in 3+ suits
    if three:
        for r in range(2, 15):
            if three >> r & 1:
                sm = (m0 >> r & 1) | (m1 >> r & 1) << 1 | (m2 >> r & 1) << 2 | (m3 >> r & 1) << 3
                key = (r, sm, max_set)
                got = _SET_PAIRS.get(key)
                if got is None:
                    got = _SET_PAIRS[key] = tuple((SET, t) for t in _rank_sets(r, sm, max_set))
                out.extend(got)
    memo = _RUN_PAIRS
    for s, m in ((0, m0), (1, m1), (2, m2), (3, m3)):
        if m:
            rkey = (ace_mode, s, m)
            got = memo.get(rkey)
            if got is None:
                got = memo[rkey] = tuple((RUN, t) for t in _suit_runs(s, m, ace_mode, 3))
            out.extend(got)
    return out


def near_melds(hand: Sequence[Card], ace_mode: str = ACE_LOW) -> dict[Card, int]:
    """For each card, how many other cards of ``hand`` it could form a meld with given one
    more card: same rank, or same suit within two ranks along the run order (for bots)."""
    out = {c: 0 for c in hand}
    line = _LINES[ace_mode][0]
    pos: dict[int, list[int]] = {}
    for i, r in enumerate(line):
        pos.setdefault(r, []).append(i)
    circ = ace_mode == ACE_BRIDGE
    for a, b in combinations(hand, 2):
        if is_joker(a) or is_joker(b):
            continue
        if RANK_OF[a] == RANK_OF[b]:
            near = True
        elif SUIT_OF[a] == SUIT_OF[b]:
            ra, rb = RANK_OF[a], RANK_OF[b]
            if circ:
                d = abs((ra % 13) - (rb % 13))  # A=14 -> 1, K=13 -> 0
                d = min(d, 13 - d)
                near = d <= 2
            else:
                near = any(abs(i - j) <= 2 for i in pos[ra] for j in pos[rb])
        else:
            near = False
        if near:
            out[a] += 1
            out[b] += 1
    return out


# ---- piles ---------------------------------------------------------------------------------


def deal_round_robin(deck: Sequence[Card], n: int, size: int, first: int) -> tuple[list[list[Card]], list[Card]]:
    """Deal ``size`` cards to each of ``n`` seats one at a time, starting with seat
    ``first`` (voorhand), from ``deck`` (index 0 = top). Returns (hands by seat, the rest of
    the pack top first)."""
    hands: list[list[Card]] = [[] for _ in range(n)]
    k = n * size
    for i in range(k):
        hands[(first + i) % n].append(deck[i])
    return hands, list(deck[k:])


def turn_over(pile: Sequence[Card], rng: random.Random | None = None) -> list[Card]:
    """A new stock from the discard pile (bottom..top), as a stock list with the top card
    last. Without ``rng`` the pile is turned face down unshuffled: its bottom card becomes
    the top of the stock (klassieke-rummy.md §5.6); with ``rng`` it is shuffled."""
    if rng is None:
        return list(reversed(pile))
    out = list(pile)
    rng.shuffle(out)
    return out


def stock_top_first(stock: Sequence[Card]) -> list[Card]:
    """The stock list (top last) written top first, as records and observations show it."""
    return list(reversed(stock))


# ---- declared views (engine.views): the verbs and zones of a draw-meld-discard turn -----------
# Each hint speaks of its own verb only: the table joins the hints of the verbs on offer, so a
# turn where the top discard may not be taken (Loba) does not mention t. They are short, to fit
# one line of 80 columns together; what comes next (the meld's number, what a joker stands
# for) the table asks for when it is due.

#: the draws: their keys, and a click on the stock or the discard pile (``zone``)
DRAW_STOCK_SPEC = VerbSpec("draw", "Draw stock", "d", "d draws from the stock", NONE, arg="stock", zone=STOCK)
DRAW_DISCARD_SPEC = VerbSpec("draw", "Take discard", "t", "t takes the top discard", NONE, arg="discard", zone=DISCARD)
MELD_SPEC = VerbSpec("meld", "Meld selected", "m", "\u2423 or 1-9 selects, m melds", CARDS, min_cards=3)
LAYOFF_SPEC = VerbSpec("layoff", "Lay off", "l", "l lays off", MELD)
DISCARD_SPEC = VerbSpec("discard", "Discard", "x", "\u23ce or x discards", CARD)
#: the verbs of a draw - meld - lay off - discard turn (klassieke-rummy §5)
RUMMY_VERBS = (DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, MELD_SPEC, LAYOFF_SPEC, DISCARD_SPEC)


def rummy_zones(
    seat: int,
    hands: Sequence[Sequence[Card]],
    view: Sequence[Card],
    stock: Sequence[Card],
    pile: Sequence[Card],
    melds: Sequence,
    public: int,
    selectable: Sequence[Card] = (),
) -> tuple[Zone, ...]:
    """The zones of a rummy hand as ``seat`` sees them: every hand (its own face up in
    display order ``view`` with the ``selectable`` cards; the others face down, listing the
    cards that have been face up this hand: ``public`` is their mask, e.g. a card taken from
    the discard pile), the stock (face down, top card last in ``stock``; cards known from a
    turned-over pile listed), the discard pile (bottom to top) and the table melds
    (``melds``: the engine's ``MeldView``s, numbered)."""
    out = []
    for s, h in enumerate(hands):
        if s == seat:
            out.append(Zone(f"hand {s}", HAND, s, len(view), tuple(view), UP, selectable=tuple(selectable)))
        else:
            out.append(Zone(f"hand {s}", HAND, s, len(h), tuple(c for c in h if public >> c & 1), DOWN))
    out.append(
        Zone("stock", STOCK, None, len(stock), tuple(c for c in reversed(stock) if public >> c & 1), COUNT, "top_first")
    )
    out.append(Zone("discard", DISCARD, None, len(pile), tuple(pile), UP, "bottom_to_top"))
    cards = tuple(c for m in melds for c in m.cards)
    out.append(Zone("melds", MELDS, None, len(cards), cards, UP, melds=tuple(melds)))
    return tuple(out)


__all__ = [
    "DISCARD_SPEC",
    "DRAW_DISCARD_SPEC",
    "DRAW_STOCK_SPEC",
    "LAYOFF_SPEC",
    "MELD_SPEC",
    "RUMMY_VERBS",
    "rummy_zones",
    "ACE_BRIDGE",
    "ACE_HIGH_LOW",
    "ACE_LOW",
    "ACE_MODES",
    "Meld",
    "RUN",
    "SET",
    "card_points",
    "classify",
    "deal_round_robin",
    "find_melds",
    "find_runs",
    "find_sets",
    "lay_off",
    "layoff_ends",
    "layoff_options",
    "near_melds",
    "points_table",
    "run_ends",
    "run_order",
    "set_accepts",
    "set_order",
    "stock_top_first",
    "turn_over",
    "why_not_meld",
]
