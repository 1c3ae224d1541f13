"""Cards, suits, ranks and decks.

A card is a small ``int`` so that states copy cheaply and legality is computed on plain
data (DESIGN.md, "Speed where it is felt"). Its bits (contract v2):

    bits 0-3    rank: 2..14 (2..9, T=10, J=11, Q=12, K=13, A=14); 0 for the joker
    bits 4-6    suit: 0..3 in the order clubs, diamonds, hearts, spades (``C D H S``);
                4 for the joker, and for "any suit" in a designation
    bits 7-9    pack copy: 0 = unnamed, 1..7 = ``#1`` .. ``#7``
    bits 10-16  designation of a wild card: the plain card it stands for (``JK=8C``), or
                ``64 + r`` = "rank r, any suit" (``JK=8*``); 0 = no designation

so a *plain* card (no copy, no designation) is ``suit * 16 + rank`` as before, the joker
is ``JOKER`` (64), and ``1 << card`` masks of the trick games and every stored record stay
valid. Where the rules do not tell copies apart (most multi-pack games) identical cards
share the plain value and a hand is a multiset (a sorted tuple).

Read the parts through the helpers (``rank_of``, ``suit_of``, ``plain``, ``copy_of``,
``with_copy``, ``stands_for``, ``designate``, ``is_joker``), or in a hot loop through the
tables ``RANK_OF`` / ``SUIT_OF`` indexed by a plain card; never through bit operations
spread across modules.

Text codes follow ``docs/grammar.md`` ("Card codes", "Action texts"): rank then
suit (``JH``, ``TS``, ``7C``), ``JK`` for a joker, ``#n`` after a code for a copy
(``QS#2``), ``=X`` after it for a designation (``JK=8C``, ``JK=8*``, ``2S=8C``); both
together as ``JK#1=8C``. ``card_text`` and ``parse_card`` are inverse on every valid
card value. Text is made only at the edges (records, UI, CLI), never in a hot loop.
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
RANK_LETTERS = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "T",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
RANK_BY_LETTER = {v: k for k, v in RANK_LETTERS.items()}
#: Dutch display letters (B = boer, V = vrouw, H = heer, A = aas); docs/grammar.md, "Card codes".
RANK_LETTERS_NL = {**RANK_LETTERS, 10: "10", 11: "B", 12: "V", 13: "H"}
RANK_DISPLAY_EN = {**RANK_LETTERS, 10: "10"}

JOKER: Card = 64
ANY_SUIT = 4  #: the suit of the joker, and "any suit" in a designation

_RANK_MASK = 0xF
_SUIT_SHIFT = 4
_SUIT_MASK = 0x7
_PLAIN_MASK = 0x7F  # rank + suit: the plain card
_COPY_SHIFT = 7
_COPY_MASK = 0x7
_DESIG_SHIFT = 10
_DESIG_MASK = 0x7F
MAX_COPY = 7  #: the highest pack copy a card can name (``#7``)
#: One more than the largest valid card value (a designated copy of a joker is below it).
CARD_LIMIT = 1 << 17

#: Rank and suit of a plain card, by value (indexes 0..127; for hot loops).
RANK_OF: tuple[int, ...] = tuple(c & _RANK_MASK for c in range(_PLAIN_MASK + 1))
SUIT_OF: tuple[int, ...] = tuple((c >> _SUIT_SHIFT) & _SUIT_MASK for c in range(_PLAIN_MASK + 1))


def make(rank: int, suit: int) -> Card:
    """The plain card of ``rank`` (2..14) and ``suit`` (0..3; 4 = any suit, for a
    rank-only designation target)."""
    return suit * 16 + rank


def rank_of(card: Card) -> int:
    """Rank 2..14 of a card (0 for a joker), its copy and designation ignored."""
    return card & _RANK_MASK


def suit_of(card: Card) -> int:
    """Suit 0..3 of a card (4 for a joker), its copy and designation ignored."""
    return (card >> _SUIT_SHIFT) & _SUIT_MASK


def plain(card: Card) -> Card:
    """The card with its copy and designation stripped (``QS#2`` -> ``QS``, ``JK=8C`` -> ``JK``)."""
    return card & _PLAIN_MASK


def copy_of(card: Card) -> int:
    """The pack copy a card names: 1..7 for ``#1``..``#7``, 0 when unnamed."""
    return (card >> _COPY_SHIFT) & _COPY_MASK


def with_copy(card: Card, n: int) -> Card:
    """The card naming pack copy ``n`` (0 = unnamed, 1..7); ValueError outside 0..7."""
    if not 0 <= n <= MAX_COPY:
        raise ValueError(f"a pack copy is 0 (unnamed) or 1..{MAX_COPY}, not {n!r}")
    return (card & ~(_COPY_MASK << _COPY_SHIFT)) | (n << _COPY_SHIFT)


def stands_for(card: Card) -> Card | None:
    """The plain card a wild card is designated to stand for (``JK=8C`` -> ``8C``), a
    rank-only target ``make(r, ANY_SUIT)`` for ``JK=8*``; None without a designation."""
    d = (card >> _DESIG_SHIFT) & _DESIG_MASK
    return d or None


def designation(card: Card) -> Card:
    """``stands_for(card)`` for a wild card known to be designated (a table meld's joker);
    ValueError if ``card`` has no designation."""
    d = (card >> _DESIG_SHIFT) & _DESIG_MASK
    if not d:
        raise ValueError(f"{card_text(card)} stands for no card")
    return d


def any_suit(rank: int) -> Card:
    """The designation target "rank ``rank`` (2..14), any suit" (text ``8*``)."""
    return make(rank, ANY_SUIT)


def is_any_suit(card: Card) -> bool:
    """True for a rank-only designation target (``8*``)."""
    return suit_of(card) == ANY_SUIT and rank_of(card) != 0


def designate(wild: Card, target: Card | None) -> Card:
    """``wild`` designated to stand for ``target`` (its plain card is used: a copy of the
    target is not kept), or with its designation removed when ``target`` is None.

    ``target`` is a plain card 2..A of a suit, or ``any_suit(r)``; ValueError for a joker
    or anything else.
    """
    base = wild & ~(_DESIG_MASK << _DESIG_SHIFT)
    if target is None:
        return base
    t = plain(target)
    if not (2 <= rank_of(t) <= 14 and suit_of(t) <= ANY_SUIT):
        raise ValueError(f"a wild card stands for a card 2..A or a rank (8*), not {target!r}")
    return base | (t << _DESIG_SHIFT)


def is_joker(card: Card) -> bool:
    """True for a joker, whatever copy or designation it carries."""
    return card & _PLAIN_MASK == JOKER


def is_valid(card: Card) -> bool:
    """True for an int that is a card in the layout above (a real card, any copy 0..7, no
    designation or a valid one); False for a bare rank-only target (``8*``) and other ints."""
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < CARD_LIMIT:
        return False
    p = plain(card)
    if not (p == JOKER or (2 <= rank_of(p) <= 14 and suit_of(p) <= 3)):
        return False
    d = stands_for(card)
    return d is None or (2 <= rank_of(d) <= 14 and suit_of(d) <= ANY_SUIT)


class CardError(ValueError):
    """A text that is not a card code; the message names the text and the expected form."""


def _parse_plain(t: str, text: str) -> Card:
    if t == "JK":
        return JOKER
    if t.startswith("10") and len(t) == 3:
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANK_BY_LETTER or t[1] not in SUIT_LETTERS:
        raise CardError(f"{text!r} is not a card: write rank then suit, like JH, TS, 7C or JK")
    return make(RANK_BY_LETTER[t[0]], SUIT_LETTERS.index(t[1]))


def parse_card(text: str) -> Card:
    """Parse a card code: ``JH``, ``TS``, ``7C``, ``JK`` (``10H`` is accepted for ``TH``,
    and lower case for upper), with an optional copy ``#1``..``#7`` (``QS#2``) and an
    optional designation ``=<card>`` or ``=<rank>*`` (``JK=8C``, ``JK=8*``, ``2S=8C``).

    Returns the card value (see the module docstring); ``parse_card(card_text(c)) == c``.
    Raises CardError naming the text for anything else (``QS#0``, ``QS#9``, ``JK=JK``,
    ``JK=8C#2`` ...). Whether a game accepts copies or designations is the game's grammar's
    business (cardtable/engine/grammar.py), not this function's.
    """
    t = text.strip().upper()
    body, eq, target = t.partition("=")
    base, hashmark, copy = body.partition("#")
    card = _parse_plain(base, text)
    if hashmark:
        if len(copy) != 1 or not "1" <= copy <= str(MAX_COPY):
            raise CardError(f"{text!r} is not a card: a pack copy is written #1 to #{MAX_COPY}, like QS#2")
        card = with_copy(card, int(copy))
    if eq:
        if len(target) == 2 and target[1] == "*" and target[0] in RANK_BY_LETTER:
            tc = any_suit(RANK_BY_LETTER[target[0]])
        elif target.startswith("10") and target[2:] == "*":
            tc = any_suit(10)
        else:
            try:
                tc = _parse_plain(target, text)
            except CardError:
                tc = -1
            if tc in (-1, JOKER):
                raise CardError(
                    f"{text!r} is not a card: a wild card is written with the card it "
                    f"stands for, like JK=8C, or with a rank only, like JK=8*"
                ) from None
        card = designate(card, tc)
    return card


def card_text(card: Card) -> str:
    """The code of a card: ``JH``, ``JK``, ``QS#2``, ``JK=8C``, ``JK=8*``, ``2S=8C``,
    ``JK#1=8C``; ``parse_card`` reads it back to the same value."""
    if card <= _PLAIN_MASK:  # plain: the common case, kept fast
        if card == JOKER:
            return "JK"
        return RANK_LETTERS[RANK_OF[card]] + SUIT_LETTERS[SUIT_OF[card]]
    out = card_text(plain(card))
    n = copy_of(card)
    if n:
        out += f"#{n}"
    d = stands_for(card)
    if d is not None:
        out += "=" + (RANK_LETTERS[rank_of(d)] + "*" if is_any_suit(d) else card_text(d))
    return out


def mask_cards(mask: int) -> list[Card]:
    """The cards of a ``1 << card`` bitmask, lowest int first (any card int, copies and
    designations included), e.g. ``mask_cards((1 << 7) | (1 << 23)) == [7, 23]``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_text(cards: Iterable[Card]) -> str:
    """Codes separated by single spaces."""
    return " ".join(card_text(c) for c in cards)


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Parse several codes (a list, or one string separated by spaces); CardError naming
    the first that is not a card."""
    if isinstance(texts, str):
        texts = texts.split()
    return [parse_card(t) for t in texts]


def display(card: Card, dutch: bool = False) -> str:
    """A card for the screen: rank letter and suit symbol (``B♥`` with Dutch letters);
    a designation after an ``=`` (``JK=8♣``, ``JK=8*``); the copy is not shown."""
    p = plain(card)
    if p == JOKER:
        out = "JK"
    else:
        letters = RANK_LETTERS_NL if dutch else RANK_DISPLAY_EN
        out = letters[rank_of(p)] + (SUIT_SYMBOLS[suit_of(p)] if suit_of(p) < 4 else "*")
    d = stands_for(card)
    if d is not None:
        out += "=" + display(d, dutch)
    return out


def is_red(card: Card) -> bool:
    """True for a diamond or a heart (a joker is neither)."""
    return suit_of(card) in RED_SUITS


# ---- decks -----------------------------------------------------------------------------


def deck(ranks: Sequence[int], packs: int = 1, jokers: int = 0, copies: bool = False) -> list[Card]:
    """Cards of ``ranks`` in every suit, ``packs`` times, plus ``jokers`` jokers.

    Order: suit by suit, rank by rank, packs one after another; jokers last (always plain).
    With ``copies`` the cards of pack p (1-based) name their copy (``QS#1``, ``QS#2`` ...;
    the bezique family); without it identical cards share the plain value (``7C 7C``).
    ValueError for ``copies`` with more than 7 packs.
    """
    one = [make(r, s) for s in SUITS for r in ranks]
    if not copies:
        return one * packs + [JOKER] * jokers
    if packs > MAX_COPY:
        raise ValueError(f"at most {MAX_COPY} packs can name their copies, not {packs}")
    return [with_copy(c, p) for p in range(1, packs + 1) for c in one] + [JOKER] * jokers


def two_packs(ranks: Sequence[int] = range(2, 15), jokers: int = 0, copies: bool = False) -> list[Card]:
    """Two packs of ``ranks`` (default the 52 cards, 2 to ace) with ``jokers`` jokers;
    ``copies`` numbers them ``#1`` / ``#2`` (``two_packs(PIQUET_RANKS, copies=True)``: the
    64 cards of bezique and fildinski)."""
    return deck(ranks, 2, jokers, copies)


def four_packs(ranks: Sequence[int] = range(2, 15), jokers: int = 0, copies: bool = False) -> list[Card]:
    """Four packs of ``ranks`` with ``jokers`` jokers; ``copies`` numbers them ``#1`` ..
    ``#4`` (``four_packs(PIQUET_RANKS, copies=True)``: the 128 cards of rubicon)."""
    return deck(ranks, 4, jokers, copies)


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


def sort_hand(
    cards: Iterable[Card], suit_order: Sequence[int] = (SPADES, HEARTS, CLUBS, DIAMONDS), rank_key=None
) -> list[Card]:
    """Cards sorted for display: by ``suit_order`` (alternating colours), then high to low.

    ``rank_key`` maps a card to its strength within its suit (default: the rank).
    """
    pos = {s: i for i, s in enumerate(suit_order)}
    key = rank_key or rank_of
    return sorted(cards, key=lambda c: (pos.get(suit_of(c), 9), -key(c)))


#: A game's ``deck_name`` in a player's words (an id such as ``piquet32`` is never shown).
DECK_WORDS = {
    "piquet32": "32 cards (7–A)",
    "full52": "52 cards",
    "deck36": "36 cards (6–A)",
    "48 (no tens)": "48 cards (no tens)",
}


def deck_words(deck_name: str) -> str:
    """``deck_name`` as a player reads it: ``DECK_WORDS``, else an id like ``deck40`` as
    ``40 cards``; a name already in words (``54 or 108 (jokers)``) is kept; empty for none."""
    import re

    if not deck_name:
        return ""
    if deck_name in DECK_WORDS:
        return DECK_WORDS[deck_name]
    m = re.fullmatch(r"[A-Za-z_]+(\d+)[A-Za-z_]*", deck_name)
    if m:
        return f"{m.group(1)} cards"
    return deck_name if not re.fullmatch(r"[A-Za-z_]+", deck_name) else ""
