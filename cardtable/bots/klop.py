"""The ``simple`` bot of Klop (klop.md), on the trick bot's play (``bots/trick.py``).

Rules of thumb, from the seat's observation only:
1. bidding, by counting the hand (``games.klop.bid_value``: card points, trump length, the
   jas and the nel, stuk, side aces): accept the turn-up's suit in round 1 from
   ``BID_AT_6`` (six cards), name the best other suit in round 2 from ``BID_AT_9`` (nine
   cards); with schmeiss, schmeiss a hand just short of the bar (the opponent may let it
   go), throw in against a schmeiss when the own hand counts less than ``BID_AT_6``, else
   refuse;
2. always exchange the seven for the turn-up; declare every sequence in the first trick
   and stuk as soon as it may;
3. claim whenever the claim is offered: the engine offers it only when the seat's own total
   and valid roem pass the target, so a claim is never wrong;
4. play as ``bots/trick``.

The strong bot's playouts are the trick family's (``bots/trick_playout.py``: greedy cards,
the other steps by these rules of thumb).
"""

from __future__ import annotations

import random

from cardtable.bots import trick
from cardtable.cards import SUIT_LETTERS, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.games.klop import BID_AT_6, BID_AT_9, KLOP, Klop, bid_value

_PASS = Action("pass")
_ACCEPT = Action("bid", "accept")
_SCHMEISS = Action("bid", "schmeiss")
_THROW_IN = Action("bid", "throw-in")
_REFUSE = Action("bid", "refuse")
_CLAIM = Action("claim")
_STUK = Action("declare", "stuk")
#: a schmeiss with a hand this far below the bar
SCHMEISS_BELOW = 10


def hand_of(obs: Observation) -> int:
    m = 0
    for c in obs.hand:
        m |= 1 << c
    return m


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    hand = hand_of(obs)
    ph = obs.phase
    if ph == "bid":
        return _bid(obs, hand, legal)
    if ph == "dix":
        return next(a for a in legal if a.verb == "swap")
    if _CLAIM in legal:
        return _CLAIM
    seqs = [a for a in legal if a.verb == "declare" and a.cards]
    if seqs:
        return seqs[0]
    if _STUK in legal:
        return _STUK
    plays = [a.cards[0] for a in legal if a.verb == "play"]
    t = KLOP.table(obs.trump)
    return Action("play", None, (trick._play(obs, game, t, plays),))


def _bid(obs: Observation, hand: int, legal) -> Action:
    turn = suit_of(obs.upcard) if obs.upcard is not None else 0
    if _THROW_IN in legal:
        return _THROW_IN if bid_value(hand, turn) < BID_AT_6 else _REFUSE
    if _ACCEPT in legal:
        v = bid_value(hand, turn)
        if v >= BID_AT_6:
            return _ACCEPT
        if _SCHMEISS in legal and v >= BID_AT_6 - SCHMEISS_BELOW:
            return _SCHMEISS
        return _PASS
    best, value = None, -1
    for a in legal:
        if a.verb != "trump":
            continue
        v = bid_value(hand, SUIT_LETTERS.index(a.arg))
        if v > value:
            best, value = a, v
    if best is None:
        return _PASS
    if _PASS not in legal or value >= BID_AT_9:
        return best
    if _SCHMEISS in legal and value >= BID_AT_9 - SCHMEISS_BELOW:
        return _SCHMEISS
    return _PASS


__all__ = ["choose"]


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(Klop,))
