"""The ``simple`` bot of Grevjas (grevjas.md), on the trick bot's play (``bots/trick.py``).

Rules of thumb beyond the trick bot's:
1. meld round: declare the single best meld (only the best scores, §6.3) unless a better
   one is already declared; bid pit with five trumps or more including the jas and the
   nel, and two aces of other suits; then pass;
2. claim "honderd" as soon as the side's count is 100 or more, unless its own bid pit is
   alive (§7.2);
3. stuk is declared whenever it is offered (the second stuk card); play as ``bots/trick``.
"""

from __future__ import annotations

import dataclasses
import random

from cardtable.bots import trick
from cardtable.cards import rank_of, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families import roem

_CLAIM = Action("claim")
_PASS = Action("pass")
_PIT = Action("bid", "pit")


def _pit_hand(obs: Observation) -> bool:
    tr = obs.trump
    trumps = [c for c in obs.hand if suit_of(c) == tr]
    ranks = {rank_of(c) for c in trumps}
    aces = sum(1 for c in obs.hand if rank_of(c) == 14 and suit_of(c) != tr)
    return len(trumps) >= 5 and 11 in ranks and 9 in ranks and aces >= 2


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    if _CLAIM in legal:
        counts = obs.scores.get("counts") or [0, 0]
        side = game.team_of(obs.seat)
        pit_mine = obs.extra.get("pit_alive") and game.team_of(obs.extra.get("pit")) == side
        if counts[side] >= 100 and not pit_mine:
            return _CLAIM
    if obs.phase == "meld":
        if _PIT in legal and _pit_hand(obs):
            return _PIT
        declares = [a for a in legal if a.verb == "declare" and a.arg not in ("stuk", "trickroem")]
        if declares and not obs.extra.get("my_melds"):
            hand = 0
            for c in obs.hand:
                hand |= 1 << c
            best = roem.best_meld(hand, obs.trump, game.roem)
            bar = obs.extra.get("roem_bar")
            if best is not None and (bar is None or tuple(game.roem.key(best, obs.trump)) > tuple(bar)):
                a = best.action()
                if a in legal:
                    return a
        return _PASS
    legal_nc = [a for a in legal if a != _CLAIM] or legal
    return trick.choose(dataclasses.replace(obs, legal=type(obs.legal)(legal_nc)), game, rng)


from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.grevjas import Grevjas  # noqa: E402

register_policy("simple", choose, game_classes=(Grevjas,))
