"""The order the viewer's hand is shown in: the player's choice, never the game's.

``arrange(hand, order, trump, key)`` sorts a hand as the player asked
(``settings.HAND_SORTS``): ``dealt`` keeps the order of the observation, ``suit`` groups the
suits with the trump suit first (a game without trump: the suits in their fixed order),
``rank`` orders by rank. The suits alternate in colour (♠ ♥ ♣ ♦, turned so that the trump
leads); within a suit the cards follow the game's own card order (``key``:
``Game.card_sort_key``: a trick game's trick order, strongest first, the trump J 9 A K Q
T 8 7 of the jas games; a rummy's ranks low to high), by rank the ranks go in the order of
a plain suit; a joker goes last.
``follow(own, hand)`` keeps the order the player made by moving cards (``<`` ``>``) as the
hand changes.

The order depends on the cards, the public trump and the player's keys only: it tells
nothing about the deal or the rules (which cards may be played is shown apart). Plain
Python (no Textual): the table (``tui/table_base.py``) asks it for the hand it draws, and
the card keys 1…9 follow the order drawn.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

from cardtable.cards import CLUBS, DIAMONDS, HEARTS, SPADES, is_joker, plain, rank_of, suit_of

#: the suits in an order alternating black and red; turned so that the trump comes first
SUIT_CYCLE = (SPADES, HEARTS, CLUBS, DIAMONDS)
#: the orders a player may choose, in the order the sort key steps through them
ORDERS = ("dealt", "suit", "rank")
#: what the sort key says it did (the message line), in each order it puts in force
ORDER_DONE = {
    "dealt": "Hand as dealt",
    "suit": "Hand sorted by suit",
    "rank": "Hand sorted by rank",
}


def suit_rank(trump: int | None) -> dict[int, int]:
    """The place of each suit (0..3) in a hand sorted by suit: ``trump`` (0..3, or None for
    no trump) first, then the others in ``SUIT_CYCLE`` order from it."""
    start = SUIT_CYCLE.index(trump) if trump in SUIT_CYCLE else 0
    turned = SUIT_CYCLE[start:] + SUIT_CYCLE[:start]
    return {s: i for i, s in enumerate(turned)}


#: a card's place within its suit: ``(plain card, trump or None) -> int``, smallest left
SortKey = Callable[[int, "int | None"], int]


def natural_rank(card: int, trump: int | None) -> int:
    """The default ``SortKey``: the rank, low to high (2 … 10, J, Q, K, A)."""
    return rank_of(card)


def arrange(hand: Sequence[int], order: str, trump: int | None = None, key: SortKey | None = None) -> list[int]:
    """``hand`` (cards) in the player's ``order`` (one of ``ORDERS``; an unknown order is
    ``dealt``); ``trump``: the trump suit 0..3 or None; ``key``: the game's card order
    within a suit (``Game.card_sort_key``; None: ``natural_rank``), asked with ``trump``
    by suit and with None by rank. Returns a new list holding the same cards (copies of a
    card stay as many)."""
    cards = list(hand)
    if order not in ("suit", "rank"):
        return cards
    place = suit_rank(trump)
    within = key or natural_rank

    def sort_key(c: int) -> tuple:
        p = plain(c)
        if is_joker(c):
            return (1, 0, 0, p, c)
        s = place.get(suit_of(c), 4)
        return (0, s, within(p, trump), p, c) if order == "suit" else (0, within(p, None), s, p, c)

    # a stable sort: copies of a card keep the order the game gives them
    return sorted(cards, key=sort_key)


def follow(own: Sequence[int], hand: Sequence[int]) -> list[int]:
    """The player's own order ``own`` brought up to date with the hand ``hand`` (the cards
    in the order they would be shown without it): the cards of ``own`` still held keep
    their places, a card that left is dropped, a card that came in (a draw) goes at the
    right end, in ``hand``'s order."""
    left = Counter(hand)
    out = []
    for c in own:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    for c in hand:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    return out
