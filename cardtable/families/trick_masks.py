"""Cards as bits: the masks of the trick games (DESIGN.md, "Speed where it is felt").

A card is the int of ``cardtable.cards`` (``suit * 16 + rank``), a hand or any set of cards
is a **bitmask** ``int`` with bit ``card`` set (``1 << card``): hands then copy for free, and
the follow rules (``families/follow.py``) are a handful of ``&`` / ``|`` on precomputed
masks. A deck with copies of a card (bezique's two and four packs) keeps its hands in
*layered* masks, one layer of 64 bits per copy (``layered_mask``, ``TrickHand.copies``);
``mask_of`` refuses a card given twice. Used by every trick game (families/tricks.py) and
by the jas roem (families/roem.py).
"""

from __future__ import annotations

from typing import Iterable

from cardtable.cards import Card, card_text, mask_cards

# ---- bitmasks ----------------------------------------------------------------------------

#: mask of all 16 rank slots of one suit
SUIT_MASK = tuple(0xFFFF << (16 * s) for s in range(4))


def bit(card: Card) -> int:
    """The mask of one card."""
    return 1 << card


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of several distinct plain cards. Raises ValueError for a card given twice
    or a card that is not plain (a pack copy ``QS#2``, a joker): one bit per card cannot
    hold copies, so a deck of two or four packs goes through ``layered_mask``."""
    m = 0
    for c in cards:
        b = 1 << c
        if m & b or c >= LANE:
            raise ValueError(
                f"mask_of: {card_text(c)} "
                + ("is given twice" if c < LANE else "is not a plain card")
                + "; a deck with copies of a card needs a layered mask (layered_mask)"
            )
        m |= b
    return m


#: the cards of a mask, lowest int first (suit C..S, then rank low to high): ``cards.mask_cards``
cards_of = mask_cards


def count(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


# ---- masks with copies (two and four packs) -----------------------------------------------
#
# A deck that holds copies of a card (bezique's two and four packs) keeps a hand in a
# *layered* mask: the k-th copy (k = 0, 1, ...) of plain card ``c`` is bit ``c + LANE * k``,
# the layers filled from the lowest (a hand with two QS has the QS bit in layers 0 and 1).
# So ``bit_count()`` still counts the cards, ``mask & LANE0`` is the set of plain cards held
# (what a follow rule reads), and a one-pack mask is a layered mask with one layer: the
# helpers below give the same answers as the plain bit operations on it.

#: bits per layer of a layered mask (a plain card is below 64: ``suit * 16 + rank``)
LANE = 64
#: the first layer: which plain cards a layered mask holds (not how many)
LANE0 = (1 << LANE) - 1


def add_copy(mask: int, card: Card) -> int:
    """``mask`` with one more copy of the plain ``card`` (in its lowest free layer)."""
    b = 1 << card
    while mask & b:
        b <<= LANE
    return mask | b


def take_copy(mask: int, card: Card) -> int:
    """``mask`` with one copy of the plain ``card`` less (its top layer). Raises ValueError
    when ``mask`` holds none."""
    b = 1 << card
    if not mask & b:
        raise ValueError(f"take_copy: the mask holds no {card_text(card)}")
    while mask & (b << LANE):
        b <<= LANE
    return mask ^ b


def layered_mask(cards: Iterable[Card]) -> int:
    """The layered mask of a multiset of plain cards (``[QS, QS, 7H]``: QS in layers 0 and
    1, 7H in layer 0). Raises ValueError for a card that is not plain (``QS#2``, a joker):
    a trick hand tells copies apart by count only."""
    m = 0
    for c in cards:
        if not 0 <= c < LANE:
            raise ValueError(f"layered_mask: {card_text(c)} is not a plain card")
        b = 1 << c
        while m & b:
            b <<= LANE
        m |= b
    return m


def layered_cards(mask: int) -> list[Card]:
    """The plain cards of a layered mask, each as many times as it is held, lowest int
    first (on a one-layer mask: ``cards_of``)."""
    if not mask >> LANE:
        return mask_cards(mask)
    out: list[Card] = []
    while mask:
        out.extend(mask_cards(mask & LANE0))
        mask >>= LANE
    out.sort()
    return out


def layered_union(a: int, b: int) -> int:
    """The multiset sum of two layered masks (``a | b`` when they hold no card in common)."""
    if not a & b & LANE0:
        return a | b
    for c in layered_cards(b):
        a = add_copy(a, c)
    return a


def layered_minus(a: int, b: int) -> int:
    """The multiset difference ``a - b`` of two layered masks (a card of ``b`` that ``a``
    does not hold is ignored; ``a & ~b`` on one-layer masks)."""
    if not (a | b) >> LANE:
        return a & ~b
    for c in layered_cards(b):
        if (a >> c) & 1:
            a = take_copy(a, c)
    return a


def settled(mask: int) -> int:
    """A layered mask from any set of copy bits (bit ``c + LANE * k``: one copy of ``c``, in
    whatever layer a deal put it): the same cards, the layers filled from the lowest."""
    if not mask >> LANE:
        return mask
    return layered_mask(layered_cards(mask))


def all_layers(mask: int, copies: int) -> int:
    """A mask of plain cards repeated on each of ``copies`` layers (a constraint on a card
    holds for every copy of it)."""
    m = mask & LANE0
    out = m
    for k in range(1, copies):
        out |= m << (LANE * k)
    return out


def copy_counts(mask: int) -> dict[Card, int]:
    """How many copies of each plain card a layered mask holds."""
    out: dict[Card, int] = {}
    for c in layered_cards(mask):
        out[c] = out.get(c, 0) + 1
    return out


__all__ = [
    "SUIT_MASK",
    "bit",
    "mask_of",
    "cards_of",
    "count",
    "LANE",
    "LANE0",
    "add_copy",
    "take_copy",
    "layered_mask",
    "layered_cards",
    "layered_union",
    "layered_minus",
    "settled",
    "all_layers",
    "copy_counts",
]
