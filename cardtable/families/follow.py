"""Follow rules: which cards of a hand may be played to a trick, and why not. A trick in
progress is summed up by ``led`` (suit of its first card, -1 when the trick is empty),
``win`` (the card winning it so far, kept up to date with ``TrickTable.beats``) and
``partner_winning`` (``win`` was played by the partner of the seat to act); a rule reads
only these: ``legal(t, hand, led, win, partner_winning) -> mask`` and ``why_not(t, hand,
led, win, partner_winning, card) -> str``. A game picks one and its parameters:

- ``JasRule``: kruisjassen §5 (follow, or trump with a higher trump; never undertrump
  unless forced; trump led: any trump), with the parameters the other jas games need
  (``jas_wild``: the lone jas may be kept back on a trump lead; ``overtrump_on_trump_lead``
  (handjas); ``free_trumping``: any trump may be played at any time, undertrumping
  included, and a void hand may play anything (grevjas, honderden phase 2)).
- ``KlaberjasRule``: the two-hand jas games of the Klaberjass kind (jo-jotte §5, klop §5):
  follow a plain suit led (no trumping then); void, trump (any trump); trump led,
  overtrump when possible (``jas_holdback``: a lone jas need not be played;
  ``overtrump_on_ruff``: overtrump a trump already in the trick when void).
- ``ManilleRule``: manille-muette / butifarra §5 (follow suit; beat an opponent's winning
  card when possible, with a winning trump when void; free under a winning partner).
"""

from __future__ import annotations

from cardtable.cards import SUIT_OF, Card, card_text, suit_of
from cardtable.families.trick_masks import SUIT_MASK, cards_of
from cardtable.families.trick_ranking import TrickTable

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

    def why_not(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool, card: Card) -> str:
        settled = self._settled(t, hand, led, win, partner_winning, card)
        if settled:
            return settled
        legal = self.legal(t, hand, led, win, partner_winning)
        return f"{card_text(card)} may not be played now; allowed: " + " ".join(card_text(c) for c in cards_of(legal))

    def _settled(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool, card: Card) -> str | None:
        """``why_not``'s answer when ``card`` is not in ``hand`` or may be played after all;
        None when the rule forbids it (the subclass then says why)."""
        if not (hand >> card) & 1:
            return f"{card_text(card)} is not in your hand"
        if (self.legal(t, hand, led, win, partner_winning) >> card) & 1:
            return f"{card_text(card)} may be played"
        return None


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

    def __init__(self, jas_wild: bool = False, overtrump_on_trump_lead: bool = False, free_trumping: bool = False):
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
        higher = hand & (t.higher[win] if SUIT_OF[win] == t.trump else tm)
        if follow:
            return follow | higher
        return ((hand & ~tm) | higher) or hand

    def why_not(self, t, hand, led, win, partner_winning, card) -> str:
        settled = self._settled(t, hand, led, win, partner_winning, card)
        if settled:
            return settled
        ct = card_text(card)
        if led == t.trump:
            if self.overtrump_on_trump_lead and suit_of(card) == t.trump:
                return f"trump was led: you must overtrump {card_text(win)}"
            return f"trump ({_SUIT_WORDS[t.trump]}) was led: you must play a trump"
        if suit_of(card) == t.trump:
            return (
                f"{ct} is a trump lower than {card_text(win)} already in the trick: "
                f"you may not undertrump while you have another card"
            )
        if hand & SUIT_MASK[led]:
            trump = "a trump" if self.free_trumping else "a higher trump"  # free trumping: any trump
            return f"you must follow suit ({_SUIT_WORDS[led]}) or play {trump}"
        return f"{ct} may not be played now"  # pragma: no cover - every other case is legal


class KlaberjasRule(FollowRule):
    """The follow rule of the two-hand Klaberjass games (jo-jotte §5; klop §5 by its
    parameters). With no trump suit (no-trump and nullo contracts) only 2 and 3 apply.

    1. Leading: any card.
    2. A plain suit led and held: the cards of that suit (trumping is not allowed then).
    3. No trump in the hand: any card.
    4. ``jas_holdback`` and the jas is the only trump: any card (klop's option).
    5. Trump led: the trumps above the highest trump in the trick, else every trump.
    6. Void in the plain suit led: every trump (``overtrump_on_ruff``: the trumps above a
       trump already in the trick, else every trump).
    """

    __slots__ = ("jas_holdback", "overtrump_on_ruff")

    def __init__(self, jas_holdback: bool = False, overtrump_on_ruff: bool = False):
        self.jas_holdback = jas_holdback
        self.overtrump_on_ruff = overtrump_on_ruff

    def legal(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool) -> int:
        if led < 0:
            return hand
        trump = t.trump
        if led != trump:
            follow = hand & SUIT_MASK[led]
            if follow:
                return follow
        trumps = hand & t.trump_mask
        if not trumps or (self.jas_holdback and trumps == 1 << t.jas):
            return hand
        if led == trump or (self.overtrump_on_ruff and SUIT_OF[win] == trump):
            return (trumps & t.higher[win]) or trumps
        return trumps

    def why_not(self, t, hand, led, win, partner_winning, card) -> str:
        settled = self._settled(t, hand, led, win, partner_winning, card)
        if settled:
            return settled
        if led != t.trump and hand & SUIT_MASK[led]:
            return f"you must follow suit ({_SUIT_WORDS[led]})"
        if suit_of(card) == t.trump:
            return f"you must play a trump higher than {card_text(win)} when you have one"
        if led == t.trump:
            return f"trump ({_SUIT_WORDS[t.trump]}) was led: you must play a trump"
        return f"you cannot follow {_SUIT_WORDS[led]}: you must play a trump"


class SmousRule(FollowRule):
    """The follow rule of Honderden's second phase (honderden §5; smousjas): trumping is
    always allowed, never required, and never overtrumping.

    1. Leading: any card.
    2. Trump led: every trump held, else any card.
    3. A plain suit led and held: the cards of that suit and every trump.
    4. A plain suit led and not held: any card.
    """

    __slots__ = ()

    def legal(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool) -> int:
        if led < 0:
            return hand
        trumps = hand & t.trump_mask
        if led == t.trump:
            return trumps or hand
        follow = hand & SUIT_MASK[led]
        return (follow | trumps) if follow else hand

    def why_not(self, t, hand, led, win, partner_winning, card) -> str:
        settled = self._settled(t, hand, led, win, partner_winning, card)
        if settled:
            return settled
        if led == t.trump:
            return f"trump ({_SUIT_WORDS[t.trump]}) was led: you must play a trump"
        return f"you must follow suit ({_SUIT_WORDS[led]}) or trump"


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
            if partner_winning or SUIT_OF[win] != led:
                return follow
            return (follow & t.higher[win]) or follow
        if partner_winning or t.trump < 0:
            return hand
        x = hand & (t.higher[win] if SUIT_OF[win] == t.trump else t.trump_mask)
        return x or hand

    def why_not(self, t, hand, led, win, partner_winning, card) -> str:
        settled = self._settled(t, hand, led, win, partner_winning, card)
        if settled:
            return settled
        if hand & SUIT_MASK[led]:
            if suit_of(card) != led:
                return f"you must follow suit ({_SUIT_WORDS[led]})"
            return f"an opponent is winning with {card_text(win)}: you must beat it if you can"
        return f"an opponent is winning with {card_text(win)}: you must play a trump that beats it"


__all__ = [
    "FollowRule",
    "JasRule",
    "KlaberjasRule",
    "ManilleRule",
    "SmousRule",
]
