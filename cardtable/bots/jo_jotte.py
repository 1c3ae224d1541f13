"""The ``simple`` bot of Jo-Jotte (jo-jotte.md), on the trick bot's play (``bots/trick.py``).

Rules of thumb, from the seat's observation only:
1. bidding, by counting the hand (``games.jo_jotte.bid_value``: card points, trump length,
   the jas and the nel, side aces; at no trumps the aces and guarded tens): accept the
   turn-up's suit or name the best other suit from ``BID_AT``; overcall with no trumps from
   ``NT_OVERCALL``; name no trumps in round 2 when it counts more than every suit and
   reaches ``BID_AT``;
2. double when the own hand counts ``DOUBLE_AT`` or more in the declarer's suit (his
   trumps are in it); redouble from ``REDOUBLE_AT``;
3. always exchange the seven for the turn-up; declare every meld; always say jo;
4. nullo (the defender) with a hand of low cards only (``nullo_hand``); slam (the
   declarer) with a hand counting ``SLAM_AT`` and six trumps or more;
5. play as ``bots/trick`` (also at no trumps); in a nullo the nullo player plays the
   highest card that loses (the lowest when leading), his opponent the lowest card that
   lets the nullo player win (the highest when it cannot).

The strong bot's playouts are the trick family's (``bots/trick_playout.py``: greedy cards,
the other steps by these rules of thumb); in a nullo the hand says who plays to lose tricks
(``JoJotteState.playout_misere``) and whom the nullo player's trick suits
(``playout_ally``), so that a nullo is judged by play that tries to lose tricks.
"""

from __future__ import annotations

import random

from cardtable.bots import trick
from cardtable.cards import SUIT_LETTERS, SUIT_OF, rank_of, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.turnup import NT
from cardtable.games.jo_jotte import BID_AT, JOJOTTE, JoJotte, bid_value

_PASS = Action("pass")
_ACCEPT = Action("bid", "accept")
_NO_TRUMP = Action("trump", "none")
_DOUBLE = Action("double")
_REDOUBLE = Action("redouble")
_NULLO = Action("bid", "nullo")
_SLAM = Action("bid", "slam")
_JO = Action("declare", "jojotte")

NT_OVERCALL = 70
DOUBLE_AT = 60
REDOUBLE_AT = 70
SLAM_AT = 150


def hand_of(obs: Observation) -> int:
    m = 0
    for c in obs.hand:
        m |= 1 << c
    return m


def nullo_hand(obs: Observation) -> bool:
    """Only low cards: no ace, no ten, no king, at most one queen or jack, and at least
    four sevens and eights."""
    ranks = [rank_of(c) for c in obs.hand]
    return (
        not any(r in (14, 13, 10) for r in ranks)
        and sum(1 for r in ranks if r in (12, 11)) <= 1
        and sum(1 for r in ranks if r <= 8) >= 4
    )


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    x = obs.extra
    hand = hand_of(obs)
    ph = obs.phase
    if ph == "bid":
        return _bid(obs, hand, legal)
    if ph == "double":
        c = _contract_of(x)
        v = bid_value(hand, c)
        if _REDOUBLE in legal:
            return _REDOUBLE if v >= REDOUBLE_AT else _PASS
        return _DOUBLE if v >= DOUBLE_AT else _PASS
    if ph == "dix":
        return next(a for a in legal if a.verb == "swap")
    if ph == "contract":
        if _NULLO in legal:
            return _NULLO if nullo_hand(obs) else _PASS
        c = _contract_of(x)
        trumps = sum(1 for s in obs.hand if suit_of(s) == c) if c != NT else 0
        if _SLAM in legal and bid_value(hand, c) >= SLAM_AT and (c == NT or trumps >= 6):
            return _SLAM
        return _PASS
    if ph == "meld":
        return next((a for a in legal if a.verb == "declare"), _PASS)
    if _JO in legal:
        return _JO
    plays = [a.cards[0] for a in legal if a.verb == "play"]
    if x.get("nullo"):
        return Action("play", None, (_nullo_card(obs, plays),))
    t = JOJOTTE.table(obs.trump)
    return Action("play", None, (trick._play(obs, game, t, plays),))


def _contract_of(x: dict) -> int:
    c = x.get("contract")
    return NT if c in (None, "none", "nullo") else SUIT_LETTERS.index(c)


def _bid(obs: Observation, hand: int, legal) -> Action:
    turn = suit_of(obs.upcard) if obs.upcard is not None else 0
    if _ACCEPT in legal:
        return _ACCEPT if bid_value(hand, turn) >= BID_AT else _PASS
    if legal[0] == _NO_TRUMP and len(legal) == 2:  # the overcall
        return _NO_TRUMP if bid_value(hand, NT) >= NT_OVERCALL else _PASS
    best, value = None, -1
    for a in legal:
        if a.verb != "trump":
            continue
        c = NT if a.arg == "none" else SUIT_LETTERS.index(a.arg)
        v = bid_value(hand, c)
        if v > value:
            best, value = a, v
    return best if best is not None and value >= BID_AT else _PASS


def _nullo_card(obs: Observation, plays: list[int]) -> int:
    return nullo_card(plays, obs.seat == obs.extra.get("nullo_bid"), obs.trick[0][1] if obs.trick else None)


def nullo_card(plays: list[int], me_nullo: bool, led: int | None) -> int:
    """Rule 5: the card of ``plays`` for the nullo player (``me_nullo``) or his opponent,
    leading (``led`` None) or following ``led`` (two players: the card to beat)."""
    t = JOJOTTE.table(None)
    st = t.strength
    if led is None:
        return min(plays, key=lambda c: (st[c], SUIT_OF[c]))
    w = led
    under = [c for c in plays if not t.beats(c, w)]
    if me_nullo:
        if under:
            return max(under, key=lambda c: st[c])
        return max(plays, key=lambda c: st[c])
    if under:
        return min(under, key=lambda c: st[c])
    return max(plays, key=lambda c: st[c])


__all__ = ["choose", "nullo_card", "nullo_hand"]


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(JoJotte,))
