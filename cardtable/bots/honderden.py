"""The ``simple`` bot of Honderden (honderden.md), on the trick bot's play (``bots/trick.py``).

Rules of thumb, from the seat's observation only:
1. stuk-dek whenever polled (§4: bots always answer ``claim stuk``);
2. at the last draw take the open troef card;
3. exchange the troef 7 for the open card when it may; declare every roem on offer in
   trick 1, and stuk;
4. ``claim`` (ik dek) only when its own count (``extra["memory"]["count"]``: what the seat
   saw, remembered) is 100 or more: never a wrong claim;
5. play as ``bots/trick`` (no trump spent in the stock phase unless the trick is worth it).

The strong bot searches through the trick family's playouts with these rules of thumb.
"""

from __future__ import annotations

import random

from cardtable.bots import trick
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.games.honderden import Honderden

_CLAIM = Action("claim")
_CLAIM_STUK = Action("claim", "stuk")
_STUK = Action("declare", "stuk")
_DRAW_TRUMP = Action("draw", "trump")
GOAL = 100


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    if _CLAIM_STUK in legal:
        return _CLAIM_STUK
    if _DRAW_TRUMP in legal:
        return _DRAW_TRUMP
    if _CLAIM in legal and obs.extra.get("memory", {}).get("count", 0) >= GOAL:
        return _CLAIM
    for a in legal:
        if a.verb == "swap" or (a.verb == "declare" and a.cards):
            return a
    if _STUK in legal:
        return _STUK
    plays = [a.cards[0] for a in legal if a.verb == "play"]
    if plays and obs.trump is not None:
        return Action("play", None, (trick._play(obs, game, game.ranking.table(obs.trump), plays),))  # type: ignore[attr-defined]
    return (plays and Action("play", None, (plays[0],))) or legal[0]


__all__ = ["choose"]

from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(Honderden,))
