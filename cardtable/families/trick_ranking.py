"""Trick order and card points as data: a ``Ranking`` (the order and points of a game
family: ``JAS`` kruisjassen §2, ``MANILLE`` manille-muette §2, ``BUTIFARRA`` butifarra §2)
gives for each trump suit a ``TrickTable`` of lookup lists indexed by card, which says
whether a card beats the one winning the trick (``beats``), who wins a trick and what its
cards are worth::

    t = JAS.table(trump)                # TrickTable for one trump suit (None: no trump)
    if t.beats(card, win): ...          # does ``card`` take over the trick from ``win``?
"""

from __future__ import annotations

from typing import Iterable, Sequence

from cardtable.cards import SUIT_OF, Card, make

# ---- trick order and points --------------------------------------------------------------


class TrickTable:
    """Trick order and card points for one trump suit, as lookup tables indexed by card.

    Attributes (all lists have 65 entries, index = card int, 0 for cards not in the deck):
      trump: suit 0..3, or -1 for no trump;
      strength: position of the card in its suit's trick order (1 = lowest), for comparing
        two cards of the same suit;
      points: card points;
      higher: mask of the cards of the same suit that beat this card;
      trump_mask: mask of all trump cards (0 without trump);
      jas: the highest trump (the jas in jas games), or -1.
    """

    __slots__ = ("trump", "strength", "points", "higher", "trump_mask", "jas", "order_key")

    def __init__(self, ranking: "Ranking", trump: int | None):
        self.trump = -1 if trump is None else trump
        self.strength = [0] * 65
        self.points = [0] * 65
        self.higher = [0] * 65
        self.trump_mask = 0
        self.jas = -1
        for s in range(4):
            is_trump = s == self.trump
            order = ranking.trump_order if is_trump else ranking.plain_order
            pts = ranking.trump_points if is_trump else ranking.plain_points
            n = len(order)
            above = 0
            for i, r in enumerate(order):  # high to low
                c = make(r, s)
                self.strength[c] = n - i
                self.points[c] = pts.get(r, 0)
                self.higher[c] = above
                above |= 1 << c
            if is_trump:
                self.trump_mask = above
                self.jas = make(order[0], s)
        # a key that sorts every card by trick strength, trumps above all (for display / bots)
        self.order_key = [0] * 65
        for c in range(64):
            if self.strength[c]:
                self.order_key[c] = self.strength[c] + (100 if SUIT_OF[c] == self.trump else 0)

    def beats(self, card: Card, win: Card) -> bool:
        """Does ``card`` take the trick from the card ``win`` that is winning it now?
        (A higher card of ``win``'s suit, or a trump over a non-trump.)"""
        if (1 << card) & self.higher[win]:
            return True
        return SUIT_OF[card] == self.trump and SUIT_OF[win] != self.trump

    def winner(self, cards: Sequence[Card]) -> int:
        """Index in ``cards`` (leader first) of the card that wins the trick: the highest
        trump, else the highest card of the led suit."""
        w = 0
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[w]):
                w = i
        return w

    def points_of(self, cards: Iterable[Card]) -> int:
        """Card points of several cards."""
        p = self.points
        return sum(p[c] for c in cards)

    def points_of_mask(self, mask: int) -> int:
        p = self.points
        total = 0
        while mask:
            low = mask & -mask
            total += p[low.bit_length() - 1]
            mask ^= low
        return total

    def is_trump(self, card: Card) -> bool:
        return SUIT_OF[card] == self.trump

    def sort_for_display(self, cards: Iterable[Card]) -> list[Card]:
        """Cards for display: trump suit first, then the other suits alternating colours,
        each suit high to low in trick order."""
        order = DISPLAY_SUITS[self.trump]
        pos = {s: i for i, s in enumerate(order)}
        st = self.strength
        return sorted(cards, key=lambda c: (pos[SUIT_OF[c]], -st[c]))


#: display suit order per trump (trump first, colours alternating); index -1 = no trump
DISPLAY_SUITS = {0: (0, 2, 3, 1), 1: (1, 3, 2, 0), 2: (2, 3, 1, 0), 3: (3, 2, 0, 1), -1: (3, 2, 0, 1)}


class Ranking:
    """The trick order and card points of a game family (the same for every trump suit).

    ``plain_order`` / ``trump_order``: ranks high to low; ``plain_points`` /
    ``trump_points``: rank -> card points (missing ranks are worth 0).
    ``table(trump)`` gives the (cached) TrickTable for a trump suit (None: no trump).
    """

    def __init__(
        self,
        name: str,
        plain_order: Sequence[int],
        trump_order: Sequence[int],
        plain_points: dict[int, int],
        trump_points: dict[int, int],
    ):
        self.name = name
        self.plain_order = tuple(plain_order)
        self.trump_order = tuple(trump_order)
        self.plain_points = dict(plain_points)
        self.trump_points = dict(trump_points)
        self._tables: dict[int, TrickTable] = {}

    def table(self, trump: int | None) -> TrickTable:
        key = -1 if trump is None else trump
        t = self._tables.get(key)
        if t is None:
            t = self._tables[key] = TrickTable(self, trump)
        return t

    def total_points(self, suits: int = 4) -> int:
        """Card points of the whole pack with one trump suit (a check against the spec)."""
        return sum(self.trump_points.values()) + (suits - 1) * sum(self.plain_points.values())


#: The jas games (kruisjassen §2): trump J 9 A K Q T 8 7; plain A K Q J T 9 8 7;
#: trump J 20, 9 14; A 11, T 10, K 3, Q 2, plain J 1. 141 card points.
JAS = Ranking(
    "jas",
    plain_order=(14, 13, 12, 11, 10, 9, 8, 7),
    trump_order=(11, 9, 14, 13, 12, 10, 8, 7),
    plain_points={14: 11, 13: 3, 12: 2, 11: 1, 10: 10},
    trump_points={11: 20, 9: 14, 14: 11, 13: 3, 12: 2, 10: 10},
)

#: Manille (manille-muette §2): T A K Q J 9 8 7 in every suit; T 5, A 4, K 3, Q 2, J 1.
MANILLE = Ranking(
    "manille",
    plain_order=(10, 14, 13, 12, 11, 9, 8, 7),
    trump_order=(10, 14, 13, 12, 11, 9, 8, 7),
    plain_points={10: 5, 14: 4, 13: 3, 12: 2, 11: 1},
    trump_points={10: 5, 14: 4, 13: 3, 12: 2, 11: 1},
)

#: Butifarra (butifarra §2), 48 cards without tens: 9 A K Q J 8 7 6 5 4 3 2.
BUTIFARRA = Ranking(
    "butifarra",
    plain_order=(9, 14, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2),
    trump_order=(9, 14, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2),
    plain_points={9: 5, 14: 4, 13: 3, 12: 2, 11: 1},
    trump_points={9: 5, 14: 4, 13: 3, 12: 2, 11: 1},
)


def trick_points(
    t: TrickTable, cards: Iterable[Card], last: bool = False, last_bonus: int = 0, per_trick: int = 0
) -> int:
    """Points of a won trick: card points, ``last_bonus`` if it is the last trick (jas: 5),
    plus ``per_trick`` (manille: 1 per trick)."""
    return t.points_of(cards) + (last_bonus if last else 0) + per_trick


__all__ = [
    "BUTIFARRA",
    "DISPLAY_SUITS",
    "JAS",
    "MANILLE",
    "Ranking",
    "TrickTable",
    "trick_points",
]
