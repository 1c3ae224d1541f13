"""The ``simple`` bot of Butifarra (cardtable/rules/butifarra.md).

``choose(obs, game, rng) -> Action`` returns one of ``obs.legal``; it reads only the
Observation and the game's static rules (``game.ranking``, ``game.team_of``).

Rules of thumb:
1. Trump choice (§4.1): value the hand for each suit as trumps (card points held, plus
   length and the trump 9 and A). The dealer declares butifarra with a very strong hand
   (three 9s and two aces, or as many card points), names his best suit with a fair hand,
   and otherwise hands the choice to his partner; the partner must choose and names his
   best suit (butifarra on the same very strong hands).
2. Doubling (§4.2): double or redouble only with a strong hand for the contract named
   (card points, trumps held, the trump 9; under butifarra the 9s that stop the suits).
3. Card play: the manille bot's shared rules of thumb (``bots/manille.py``: draw trumps or
   cash a sure winner, else lead low; feed a partner who is sure to win, without throwing a
   sure winner of our own; beat an opponent as cheaply as possible, the 9 only when
   nothing lower wins; else throw the cheapest card).
"""

from __future__ import annotations

import random

from cardtable.bots.manille import choose_card, deck_mask, hand_mask
from cardtable.cards import make
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.trick_masks import SUIT_MASK

_PASS = Action("pass")
_NONE = Action("trump", "none")

#: card points per rank (butifarra §2)
POINTS = {9: 5, 14: 4, 13: 3, 12: 2, 11: 1}
#: hand values (see ``suit_value``) at which the bot acts
CHOOSE_AT = 19  # the dealer names trumps himself from this value on
DOUBLE_AT = 27  # an opponent doubles from this value on (for the named trump)
REDOUBLE_AT = 29  # the dealing side redoubles from this value on
SANT_VICENC_AT = 32  # the opponents' second redouble


def _has(hand: int, suit: int, rank: int) -> bool:
    return bool((hand >> make(rank, suit)) & 1)


def card_points(hand: int) -> int:
    """Card points held (§2), 15 on average."""
    total = 0
    for s in range(4):
        for r, p in POINTS.items():
            if _has(hand, s, r):
                total += p
    return total


def suit_value(hand: int, trump: int | None) -> int:
    """A rough value of ``hand`` (a mask) with ``trump`` as trumps (None: butifarra):
    card points, +2 per trump beyond three, +3 for the trump 9, +2 for the trump A. Under
    butifarra: +3 per 9 with the A beside it, −3 per suit with neither 9 nor A (the
    opponents run it). About 15-18 for an average hand."""
    v = card_points(hand)
    if trump is None:
        for s in range(4):
            nine, ace = _has(hand, s, 9), _has(hand, s, 14)
            if nine and ace:
                v += 3
            elif not nine and not ace:
                v -= 3
        return v
    n = (hand & SUIT_MASK[trump]).bit_count()
    v += 2 * max(0, n - 3)
    if _has(hand, trump, 9):
        v += 3
    if _has(hand, trump, 14):
        v += 2
    return v


def nines_and_aces(hand: int) -> tuple[int, int]:
    return (sum(_has(hand, s, 9) for s in range(4)), sum(_has(hand, s, 14) for s in range(4)))


def very_strong(hand: int) -> bool:
    """Strong enough for butifarra (no trumps, ×2)."""
    nines, aces = nines_and_aces(hand)
    return (nines >= 3 and aces >= 2) or suit_value(hand, None) >= 30


def best_suit(hand: int) -> tuple[int, int]:
    """(suit, value) of the best trump suit for ``hand``; ties go to the longer suit."""
    return max(
        ((s, suit_value(hand, s)) for s in range(4)),
        key=lambda sv: (sv[1], (hand & SUIT_MASK[sv[0]]).bit_count(), sv[0]),
    )


def choose_trump(hand: int, may_pass: bool) -> Action:
    """§4.1 rule of thumb (see the module docstring)."""
    if very_strong(hand):
        return _NONE
    suit, value = best_suit(hand)
    if may_pass and value < CHOOSE_AT:
        return _PASS
    return Action("trump", "CDHS"[suit])


def wants_to_double(hand: int, trump: int | None, level: int) -> bool:
    """Double (``level`` 0), redouble (1) or Sant Vicenç (2) with a strong hand only."""
    need = (DOUBLE_AT, REDOUBLE_AT, SANT_VICENC_AT)[min(level, 2)]
    return suit_value(hand, trump) >= need


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    hand = hand_mask(obs)
    if obs.phase == "trump":
        a = choose_trump(hand, _PASS in legal)
        return a if a in legal else legal[0]
    if obs.phase == "double":
        call = next((a for a in legal if a.verb in ("double", "redouble")), None)
        level = len(obs.extra.get("calls", ()))
        if call is not None and wants_to_double(hand, obs.trump, level):
            return call
        return _PASS
    plays = [a.cards[0] for a in legal if a.verb == "play"]
    if plays:
        return Action("play", None, (_play(obs, game, plays),))
    return legal[0]


def _play(obs: Observation, game: Game, plays: list[int]) -> int:
    """Rules of thumb of the manille bot (``bots.manille.choose_card``) with this hand's
    trick table (no trump suit under butifarra)."""
    return choose_card(obs, game.ranking.table(obs.trump), plays, deck_mask(game), obs.seat ^ 2)


__all__ = ["best_suit", "choose", "choose_trump", "suit_value", "wants_to_double"]


# the games this module's rules of thumb play (bots/registry.py)
from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.butifarra import Butifarra  # noqa: E402

register_policy("simple", choose, game_classes=(Butifarra,))
