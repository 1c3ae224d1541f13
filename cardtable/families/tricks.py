"""Shared trick-taking machinery: trick order and card points as data, follow rules,
trick winner, partnerships and dealing in packets.

Used by the jas games (kruisjassen, schutjassen, grevjas, handjas, honderden, klop,
jo-jotte) and the manille family (manille, manille-muette, manille-parlee, butifarra).

Representation (DESIGN.md, "Speed where it is felt"): a card is the int of
``cardtable.cards`` (``suit * 16 + rank``), a hand or any set of cards is a **bitmask**
``int`` with bit ``card`` set (``1 << card``). Hands then copy for free, and the follow
rules are a handful of ``&`` / ``|`` on precomputed masks.

    ranking = JAS                       # trick order and points of a game family
    t = ranking.table(trump)            # TrickTable for one trump suit (None: no trump)
    legal = JasRule().legal(t, hand, led, win, partner_winning)   # a mask of cards
    if t.beats(card, win): ...          # does ``card`` take over the trick from ``win``?

A trick in progress is summed up by two values: ``led`` (suit of its first card, -1 when
the trick is empty) and ``win`` (the card winning it so far). ``partner_winning`` says
whether ``win`` was played by the partner of the seat to act. Both rules below read only
these, so a state keeps them up to date as cards are played (``TrickTable.beats``).

Follow rules are objects with ``legal(t, hand, led, win, partner_winning) -> mask`` and
``why_not(t, hand, led, win, partner_winning, card) -> str``; a game picks one and its
parameters:

- ``JasRule``: kruisjassen §5 (follow, or trump with a higher trump; never undertrump
  unless forced; trump led: any trump), with the parameters the other jas games need
  (``jas_wild``: the lone jas may be kept back on a trump lead; ``overtrump_on_trump_lead``
  (handjas); ``free_trumping``: any trump may be played at any time, undertrumping
  included, and a void hand may play anything (grevjas, honderden phase 2)).
- ``ManilleRule``: manille-muette / butifarra §5 (follow suit; beat an opponent's winning
  card when possible, with a winning trump when void; free under a winning partner).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from cardtable.cards import Card

# ---- bitmasks ----------------------------------------------------------------------------

#: mask of all 16 rank slots of one suit
SUIT_MASK = tuple(0xFFFF << (16 * s) for s in range(4))


def bit(card: Card) -> int:
    """The mask of one card."""
    return 1 << card


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of several (distinct) cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest int first (suit C..S, then rank low to high)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


# ---- partnerships ------------------------------------------------------------------------

def side_of(seat: int) -> int:
    """Side of a seat in a 4-player partnership game: 0 for seats 0/2, 1 for seats 1/3."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The partner of a seat in a 4-player partnership game (0<->2, 1<->3)."""
    return seat ^ 2


def side_seats(side: int) -> list[int]:
    """The seats of a side (0 -> [0, 2], 1 -> [1, 3])."""
    return [side, side + 2]


SIDE_NAMES = ("0/2", "1/3")


# ---- dealing -----------------------------------------------------------------------------

def deal_packets(pack: Sequence[Card], n_players: int, dealer: int,
                 packets: Sequence[int]) -> list[list[Card]]:
    """Deal ``pack`` (index 0 = top) in rounds of packets, starting with the seat after the
    dealer and going round to the dealer: for each size k in ``packets``, every seat in turn
    takes the next k cards. E.g. ``packets=(4, 4)`` for kruisjassen §3, ``(3, 2, 3)`` for
    grevjas. Returns the hands per seat (in the order received); cards left over are not
    dealt. The last card dealt goes to the dealer."""
    hands: list[list[Card]] = [[] for _ in range(n_players)]
    i = 0
    for k in packets:
        for step in range(1, n_players + 1):
            seat = (dealer + step) % n_players
            hands[seat].extend(pack[i:i + k])
            i += k
    return hands


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
            for i, r in enumerate(order):          # high to low
                c = s * 16 + r
                self.strength[c] = n - i
                self.points[c] = pts.get(r, 0)
                self.higher[c] = above
                above |= 1 << c
            if is_trump:
                self.trump_mask = above
                self.jas = s * 16 + order[0]
        # a key that sorts every card by trick strength, trumps above all (for display / bots)
        self.order_key = [0] * 65
        for c in range(64):
            if self.strength[c]:
                self.order_key[c] = self.strength[c] + (100 if (c >> 4) == self.trump else 0)

    def beats(self, card: Card, win: Card) -> bool:
        """Does ``card`` take the trick from the card ``win`` that is winning it now?
        (A higher card of ``win``'s suit, or a trump over a non-trump.)"""
        if (1 << card) & self.higher[win]:
            return True
        return (card >> 4) == self.trump and (win >> 4) != self.trump

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
        return (card >> 4) == self.trump

    def sort_for_display(self, cards: Iterable[Card]) -> list[Card]:
        """Cards for display: trump suit first, then the other suits alternating colours,
        each suit high to low in trick order."""
        order = DISPLAY_SUITS[self.trump]
        pos = {s: i for i, s in enumerate(order)}
        st = self.strength
        return sorted(cards, key=lambda c: (pos[c >> 4], -st[c]))


#: display suit order per trump (trump first, colours alternating); index -1 = no trump
DISPLAY_SUITS = {0: (0, 2, 3, 1), 1: (1, 3, 2, 0), 2: (2, 3, 1, 0), 3: (3, 2, 0, 1), -1: (3, 2, 0, 1)}


class Ranking:
    """The trick order and card points of a game family (the same for every trump suit).

    ``plain_order`` / ``trump_order``: ranks high to low; ``plain_points`` /
    ``trump_points``: rank -> card points (missing ranks are worth 0).
    ``table(trump)`` gives the (cached) TrickTable for a trump suit (None: no trump).
    """

    def __init__(self, name: str, plain_order: Sequence[int], trump_order: Sequence[int],
                 plain_points: dict[int, int], trump_points: dict[int, int]):
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
JAS = Ranking("jas", plain_order=(14, 13, 12, 11, 10, 9, 8, 7),
              trump_order=(11, 9, 14, 13, 12, 10, 8, 7),
              plain_points={14: 11, 13: 3, 12: 2, 11: 1, 10: 10},
              trump_points={11: 20, 9: 14, 14: 11, 13: 3, 12: 2, 10: 10})

#: Manille (manille-muette §2): T A K Q J 9 8 7 in every suit; T 5, A 4, K 3, Q 2, J 1.
MANILLE = Ranking("manille", plain_order=(10, 14, 13, 12, 11, 9, 8, 7),
                  trump_order=(10, 14, 13, 12, 11, 9, 8, 7),
                  plain_points={10: 5, 14: 4, 13: 3, 12: 2, 11: 1},
                  trump_points={10: 5, 14: 4, 13: 3, 12: 2, 11: 1})

#: Butifarra (butifarra §2), 48 cards without tens: 9 A K Q J 8 7 6 5 4 3 2.
BUTIFARRA = Ranking("butifarra", plain_order=(9, 14, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2),
                    trump_order=(9, 14, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2),
                    plain_points={9: 5, 14: 4, 13: 3, 12: 2, 11: 1},
                    trump_points={9: 5, 14: 4, 13: 3, 12: 2, 11: 1})


def trick_points(t: TrickTable, cards: Iterable[Card], last: bool = False, last_bonus: int = 0,
                 per_trick: int = 0) -> int:
    """Points of a won trick: card points, ``last_bonus`` if it is the last trick (jas: 5),
    plus ``per_trick`` (manille: 1 per trick)."""
    return t.points_of(cards) + (last_bonus if last else 0) + per_trick


# ---- follow rules ------------------------------------------------------------------------

class FollowRule:
    """Which cards of ``hand`` (a mask) may be played to a trick.

    ``legal(t, hand, led, win, partner_winning) -> mask``: ``t`` the TrickTable of the
    hand's trump; ``led`` the suit led (-1 when leading: every card is legal); ``win`` the
    card winning the trick so far; ``partner_winning`` whether the partner of the seat to
    act played ``win``. The result is never empty for a non-empty hand.
    ``why_not(..., card) -> str``: a sentence saying why ``card`` may not be played.
    """

    def legal(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool) -> int:
        raise NotImplementedError

    def why_not(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool,
                card: Card) -> str:
        from cardtable.cards import card_text
        if not (hand >> card) & 1:
            return f"{card_text(card)} is not in your hand"
        legal = self.legal(t, hand, led, win, partner_winning)
        if (legal >> card) & 1:
            return f"{card_text(card)} may be played"
        return f"{card_text(card)} may not be played now; allowed: " + \
            " ".join(card_text(c) for c in cards_of(legal))


_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


class JasRule(FollowRule):
    """The jas follow rule (kruisjassen §5; schutjassen, handjas, grevjas by parameters).

    1. Leading: any card.
    2. Trump led: with ``jas_wild`` and the jas as the only trump: any card; else holding
       trumps: the trumps (with ``overtrump_on_trump_lead``: only the higher ones if any);
       else any card.
    3. Another suit led and held: that suit plus every higher trump (with
       ``free_trumping``: plus every trump).
    4. Void in it: every non-trump plus every higher trump (``free_trumping``: any card).
    5. Nothing left by 3-4 (only lower trumps): any card (forced undertrump).
    """

    __slots__ = ("jas_wild", "overtrump_on_trump_lead", "free_trumping")

    def __init__(self, jas_wild: bool = False, overtrump_on_trump_lead: bool = False,
                 free_trumping: bool = False):
        self.jas_wild = jas_wild
        self.overtrump_on_trump_lead = overtrump_on_trump_lead
        self.free_trumping = free_trumping

    def legal(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool) -> int:
        if led < 0:
            return hand
        tm = t.trump_mask
        if led == t.trump:
            trumps = hand & tm
            if not trumps:
                return hand
            if self.jas_wild and trumps == (1 << t.jas):
                return hand
            if self.overtrump_on_trump_lead:
                return (trumps & t.higher[win]) or trumps
            return trumps
        follow = hand & SUIT_MASK[led]
        if self.free_trumping:
            return (follow | (hand & tm)) if follow else hand
        higher = hand & (t.higher[win] if (win >> 4) == t.trump else tm)
        if follow:
            return follow | higher
        return ((hand & ~tm) | higher) or hand

    def why_not(self, t, hand, led, win, partner_winning, card) -> str:
        from cardtable.cards import card_text
        ct = card_text(card)
        if not (hand >> card) & 1:
            return f"{ct} is not in your hand"
        legal = self.legal(t, hand, led, win, partner_winning)
        if (legal >> card) & 1:
            return f"{ct} may be played"
        tm = t.trump_mask
        if led == t.trump:
            if self.overtrump_on_trump_lead and (card >> 4) == t.trump:
                return f"trump was led: you must overtrump {card_text(win)}"
            return f"trump ({_SUIT_WORDS[t.trump]}) was led: you must play a trump"
        if (card >> 4) == t.trump:
            return (f"{ct} is a trump lower than {card_text(win)} already in the trick: "
                    f"you may not undertrump while you have another card")
        if hand & SUIT_MASK[led]:
            return f"you must follow suit ({_SUIT_WORDS[led]}) or play a higher trump"
        return f"{ct} may not be played now"  # pragma: no cover - every other case is legal


class ManilleRule(FollowRule):
    """The manille follow rule (manille-muette §5, butifarra §5).

    Holding the led suit: partner winning -> any card of it; else if the winning card is of
    the led suit -> the cards of it that beat it (any of it if none does); else (trumped) any
    card of it. Void: partner winning -> any card; else the trumps that beat the winning card
    (any trump if it is not a trump), any card if there is none (or there is no trump).
    """

    __slots__ = ()

    def legal(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool) -> int:
        if led < 0:
            return hand
        follow = hand & SUIT_MASK[led]
        if follow:
            if partner_winning or (win >> 4) != led:
                return follow
            return (follow & t.higher[win]) or follow
        if partner_winning or t.trump < 0:
            return hand
        x = hand & (t.higher[win] if (win >> 4) == t.trump else t.trump_mask)
        return x or hand

    def why_not(self, t, hand, led, win, partner_winning, card) -> str:
        from cardtable.cards import card_text
        ct = card_text(card)
        if not (hand >> card) & 1:
            return f"{ct} is not in your hand"
        legal = self.legal(t, hand, led, win, partner_winning)
        if (legal >> card) & 1:
            return f"{ct} may be played"
        if hand & SUIT_MASK[led]:
            if (card >> 4) != led:
                return f"you must follow suit ({_SUIT_WORDS[led]})"
            return f"an opponent is winning with {card_text(win)}: you must beat it if you can"
        return f"an opponent is winning with {card_text(win)}: you must play a trump that beats it"


__all__ = [
    "BUTIFARRA", "DISPLAY_SUITS", "FollowRule", "JAS", "JasRule", "MANILLE", "ManilleRule",
    "Ranking", "SIDE_NAMES", "SUIT_MASK", "TrickTable", "bit", "cards_of", "count",
    "deal_packets", "mask_of", "partner_of", "side_of", "side_seats", "trick_points",
]
