"""The ``simple`` bot of family ``manille`` (Manille Muette, Manille Parlée) and the card-play
heuristics the other manille-rule bots import (``bots/manille_solo.py``, ``bots/butifarra.py``).

``choose(obs, game, rng) -> Action`` returns one of ``obs.legal``; it reads only the
Observation plus the game's static rules (``game.ranking``, ``game.deck()``), never a State.

Rules of thumb (manille-muette §5 forces much of the play; the bot picks among the legal):
1. lead: with two or more trumps, the best of them unbeatable and trumps still out, draw
   trumps with it; else cash an unbeatable plain card with points (the manille of a suit,
   or the manillon once the manille is gone); else lead low;
2. partner winning: if the partner's card is sure (nothing unseen beats it in its suit, or
   nobody plays after us), feed it the richest card that is neither a trump nor a sure
   winner of our own (so the manille is not thrown away); else play low;
3. an opponent winning: beat it as cheaply as possible (a card of the suit before a trump,
   the lowest that beats; a sure winner when one is cheap enough, so the manille is used
   only when nothing smaller wins); when we cannot beat it, throw the cheapest card
   (no points, no trump, no sure winner);
4. Parlée (the ``ask``/``tell`` menu): when the bot would lead low, it first asks its
   partner ``top <suit>`` of the suit it means to lead; if the partner's top card of it is
   unbeatable (or the partner is void in a plain suit and may trump), it leads low in
   that suit, else low in another. It never talks otherwise.

Shared functions (cards as ints, sets as masks; ``t`` a ``families.trick_ranking.TrickTable``):
``hand_mask``, ``unseen_mask``, ``winning``, ``is_boss``, ``beaters``, ``cheapest_beater``,
``lowest``, ``richest_feed``, ``lead_card``, ``choose_card`` (the whole card choice, for
partnership or solo play); ``deck_mask``, ``hand_mask`` and ``unseen_mask`` are
``bots/trick.py``'s, re-exported here.
"""

from __future__ import annotations

import random
from typing import Sequence

from cardtable.bots.trick import deck_mask, hand_mask, unseen_mask
from cardtable.cards import SUIT_LETTERS, SUIT_OF, parse_card
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.trick_masks import SUIT_MASK
from cardtable.families.trick_ranking import TrickTable


def winning(trick: Sequence[tuple[int, int]], t: TrickTable) -> tuple[int, int]:
    """(seat, card) winning ``trick`` so far; (-1, -1) for an empty trick."""
    if not trick:
        return -1, -1
    w_seat, w = trick[0]
    for s, c in trick[1:]:
        if t.beats(c, w):
            w_seat, w = s, c
    return w_seat, w


def is_boss(c: int, t: TrickTable, unseen: int) -> bool:
    """No unseen card of ``c``'s suit beats it (trumping by a void player not counted)."""
    return not (t.higher[c] & unseen)


def beaters(plays: Sequence[int], t: TrickTable, win: int) -> list[int]:
    """The cards of ``plays`` that would take the trick from ``win``."""
    return [c for c in plays if t.beats(c, win)]


def cheapest_beater(plays: Sequence[int], t: TrickTable, win: int) -> int | None:
    """The cheapest card that beats ``win``: a card of the suit before a trump, then the
    lowest in trick order (so the manille only when nothing lower wins); None if none."""
    b = beaters(plays, t, win)
    if not b:
        return None
    st = t.strength
    return min(b, key=lambda c: (t.is_trump(c), st[c]))


def lowest(plays: Sequence[int], t: TrickTable, unseen: int) -> int:
    """The card to throw: no trump, no sure winner with points, fewest points, lowest."""
    pts = t.points
    st = t.strength
    return min(plays, key=lambda c: (t.is_trump(c), pts[c] > 0 and is_boss(c, t, unseen), pts[c], st[c]))


def richest_feed(plays: Sequence[int], t: TrickTable, unseen: int) -> int:
    """The card to give a partner who wins the trick: the most points among the cards that
    are neither trumps nor sure winners of their own; the cheapest card if there is none."""
    pts = t.points
    cand = [c for c in plays if not t.is_trump(c) and not is_boss(c, t, unseen)]
    if cand:
        best = max(cand, key=lambda c: (pts[c], -t.strength[c]))
        if pts[best] > 0:
            return best
    return lowest(plays, t, unseen)


def lead_card(plays: Sequence[int], t: TrickTable, unseen: int) -> tuple[int, bool]:
    """(card to lead, whether it is a planned winner). Draw trumps with an unbeatable top
    trump when holding two or more and trumps are still out; else cash the richest
    unbeatable plain card with points; else the lowest card (``low`` lead)."""
    pts = t.points
    st = t.strength
    trumps = [c for c in plays if t.is_trump(c)]
    if len(trumps) >= 2 and (unseen & t.trump_mask):
        top = max(trumps, key=lambda c: st[c])
        if is_boss(top, t, unseen):
            return top, True
    bosses = [c for c in plays if not t.is_trump(c) and pts[c] > 0 and is_boss(c, t, unseen)]
    if bosses:
        return max(bosses, key=lambda c: (pts[c], st[c])), True
    return low_lead(plays, t, unseen), False


def low_lead(plays: Sequence[int], t: TrickTable, unseen: int, suit: int | None = None) -> int:
    """A low lead: the cheapest card (of ``suit`` if given and held)."""
    if suit is not None:
        of = [c for c in plays if SUIT_OF[c] == suit]
        if of:
            plays = of
    return lowest(plays, t, unseen)


def choose_card(obs: Observation, t: TrickTable, plays: Sequence[int], deck: int, partner: int | None) -> int:
    """The card to play (one of ``plays``) by rules of thumb 1-3; ``partner``: the seat of
    the partner, or None when every player is alone."""
    unseen = unseen_mask(obs, deck)
    trick = obs.trick
    if not trick:
        return lead_card(plays, t, unseen)[0]
    w_seat, w = winning(trick, t)
    last = len(trick) == obs.n_seats - 1
    if partner is not None and w_seat == partner:
        if last or is_boss(w, t, unseen):
            return richest_feed(plays, t, unseen)
        return lowest(plays, t, unseen)
    b = beaters(plays, t, w)
    if not b:
        return lowest(plays, t, unseen)
    if last:
        return cheapest_beater(b, t, w)
    cheap = cheapest_beater(b, t, w)
    sure = [c for c in b if is_boss(c, t, unseen) and (t.is_trump(c) or not t.is_trump(cheap))]
    if sure:
        st = t.strength
        best_sure = min(sure, key=lambda c: (t.is_trump(c), st[c]))
        trick_pts = sum(t.points[c] for _s, c in trick)
        # a sure win is worth more than a cheap card that a later seat may overtake, unless
        # the sure card is the manille (points) of a trick with little in it
        if t.points[best_sure] <= t.points[cheap] or trick_pts >= t.points[best_sure]:
            return best_sure
    return cheap


# ---- the bot -------------------------------------------------------------------------------


def _partner(obs: Observation, game: Game) -> int | None:
    if obs.n_seats == 4 and game.team_of(0) == game.team_of(2) and game.team_of(0) != game.team_of(1):
        return obs.seat ^ 2
    return None


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    plays = [a.cards[0] for a in legal if a.verb == "play"]
    if not plays or obs.trump is None:
        return legal[0]
    t = game.ranking.table(obs.trump)
    deck = deck_mask(game)
    partner = _partner(obs, game)
    if not obs.trick and partner is not None:
        unseen = unseen_mask(obs, deck)
        card, planned = lead_card(plays, t, unseen)
        if not planned:
            talk = _talk_lead(obs, t, plays, unseen, legal)
            if isinstance(talk, Action):
                return talk
            if talk is not None:
                card = talk
        return Action("play", None, (card,))
    return Action("play", None, (choose_card(obs, t, plays, deck, partner),))


def _talk_lead(
    obs: Observation, t: TrickTable, plays: list[int], unseen: int, legal: Sequence[Action]
) -> Action | int | None:
    """Parlée rule 4: the ``ask top`` question (an Action), the card to lead after the
    answer (an int), or None (no talk in this game or nothing learnt)."""
    extra = obs.extra
    if "talk" not in extra:
        return None
    trick_no = len(extra.get("tricks", ())) + 1
    mine = [x for x in extra["talk"] if x["trick"] == trick_no and x["seat"] == obs.seat]
    planned = low_lead(plays, t, unseen)
    suit = SUIT_OF[planned]
    if extra.get("talk_open"):
        ask = Action("ask", f"top {SUIT_LETTERS[suit]}")
        return ask if ask in legal else None
    if not mine or not mine[0]["action"].startswith("ask top "):
        return None
    asked = SUIT_LETTERS.index(mine[0]["action"][-1])
    ans = mine[0]["answer"]
    good = (ans == "none" and asked != t.trump and bool(hand_mask(obs) & SUIT_MASK[asked])) or (
        ans != "none" and is_boss(parse_card(ans), t, unseen & ~(1 << parse_card(ans)))
    )
    if good:
        return low_lead(plays, t, unseen, asked)
    others = [c for c in plays if SUIT_OF[c] != asked]
    return lowest(others, t, unseen) if others else planned


__all__ = [
    "beaters",
    "cheapest_beater",
    "choose",
    "choose_card",
    "deck_mask",
    "hand_mask",
    "is_boss",
    "lead_card",
    "low_lead",
    "lowest",
    "richest_feed",
    "unseen_mask",
    "winning",
]


# the games this module's rules of thumb play (bots/registry.py)
from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.families.manille import PartnershipManille  # noqa: E402

register_policy("simple", choose, game_classes=(PartnershipManille,))
