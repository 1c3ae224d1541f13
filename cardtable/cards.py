"""Cards, suits, ranks and decks.

A card is a small ``int`` so that states copy cheaply and legality is computed on plain
data (DESIGN.md, "Speed where it is felt"):

    card = suit * 16 + rank

with ``rank`` 2..14 (2..9, T=10, J=11, Q=12, K=13, A=14) and ``suit`` 0..3 in the order
clubs, diamonds, hearts, spades (``C D H S``). The joker is ``JOKER`` (64). With several
packs identical cards share a value: a hand is then a multiset (a sorted tuple).

Text codes follow ``shared/rules/README.md``: rank then suit (``JH``, ``TS``, ``7C``),
``JK`` for a joker. Text is made only at the edges (records, UI, CLI), never in a hot loop.
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

Card = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_NAMES_NL = ("klaveren", "ruiten", "harten", "schoppen")
RED_SUITS = frozenset((DIAMONDS, HEARTS))

TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(2, 15)
RANK_LETTERS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
                10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_BY_LETTER = {v: k for k, v in RANK_LETTERS.items()}
#: Dutch display letters (B = boer, V = vrouw, H = heer, A = aas); shared/rules/README.md.
RANK_LETTERS_NL = {**RANK_LETTERS, 10: "10", 11: "B", 12: "V", 13: "H"}
RANK_DISPLAY_EN = {**RANK_LETTERS, 10: "10"}

JOKER: Card = 64


def make(rank: int, suit: int) -> Card:
    """The card of ``rank`` (2..14) and ``suit`` (0..3)."""
    return suit * 16 + rank


def rank_of(card: Card) -> int:
    """Rank 2..14 of a card (0 for a joker)."""
    return card & 15


def suit_of(card: Card) -> int:
    """Suit 0..3 of a card (4 for a joker)."""
    return card >> 4


def is_joker(card: Card) -> bool:
    return card == JOKER


class CardError(ValueError):
    """A text that is not a card code; the message names the text and the expected form."""


def parse_card(text: str) -> Card:
    """Parse a card code (``JH``, ``TS``, ``7C``, ``JK``; ``10H`` is accepted for ``TH``).

    Raises CardError with a readable message for anything else.
    """
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if t.startswith("10") and len(t) == 3:
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANK_BY_LETTER or t[1] not in SUIT_LETTERS:
        raise CardError(f"{text!r} is not a card: write rank then suit, like JH, TS, 7C or JK")
    return make(RANK_BY_LETTER[t[0]], SUIT_LETTERS.index(t[1]))


def card_text(card: Card) -> str:
    """The code of a card (``JH``)."""
    if card == JOKER:
        return "JK"
    return RANK_LETTERS[card & 15] + SUIT_LETTERS[card >> 4]


def cards_text(cards: Iterable[Card]) -> str:
    """Codes separated by single spaces."""
    return " ".join(card_text(c) for c in cards)


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Parse several codes (a list, or one string separated by spaces)."""
    if isinstance(texts, str):
        texts = texts.split()
    return [parse_card(t) for t in texts]


def display(card: Card, dutch: bool = False) -> str:
    """A card for the screen: rank letter and suit symbol (``B♥`` with Dutch letters)."""
    if card == JOKER:
        return "JK"
    letters = RANK_LETTERS_NL if dutch else RANK_DISPLAY_EN
    return letters[card & 15] + SUIT_SYMBOLS[card >> 4]


def is_red(card: Card) -> bool:
    return card != JOKER and (card >> 4) in RED_SUITS


# ---- decks -----------------------------------------------------------------------------

def deck(ranks: Sequence[int], packs: int = 1, jokers: int = 0) -> list[Card]:
    """Cards of ``ranks`` in every suit, ``packs`` times, plus ``jokers`` jokers.

    Order: suit by suit, rank by rank, packs one after another; jokers last.
    """
    one = [make(r, s) for s in SUITS for r in ranks]
    return one * packs + [JOKER] * jokers


PIQUET_RANKS = (7, 8, 9, 10, 11, 12, 13, 14)


def piquet32() -> list[Card]:
    """The 32-card piquet pack (7 to ace)."""
    return deck(PIQUET_RANKS)


def deck36() -> list[Card]:
    """36 cards, 6 to ace."""
    return deck(range(6, 15))


def deck48_no_tens() -> list[Card]:
    """48 cards: the 52 without the tens (butifarra)."""
    return deck([r for r in range(2, 15) if r != 10])


def full52(packs: int = 1, jokers: int = 0) -> list[Card]:
    """The standard 52-card pack, ``packs`` times, with ``jokers`` jokers."""
    return deck(range(2, 15), packs, jokers)


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy (deterministic for a seeded ``rng``); index 0 is the top of the pack."""
    out = list(cards)
    rng.shuffle(out)
    return out


def sort_hand(cards: Iterable[Card], suit_order: Sequence[int] = (SPADES, HEARTS, CLUBS, DIAMONDS),
              rank_key=None) -> list[Card]:
    """Cards sorted for display: by ``suit_order`` (alternating colours), then high to low.

    ``rank_key`` maps a card to its strength within its suit (default: the rank).
    """
    pos = {s: i for i, s in enumerate(suit_order)}
    key = rank_key or rank_of
    return sorted(cards, key=lambda c: (pos.get(suit_of(c), 9), -key(c)))
