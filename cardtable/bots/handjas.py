"""The ``simple`` bot of Handjas (handjas.md), on the trick bot's play (``bots/trick.py``).

Rules of thumb beyond the trick bot's:
1. rob: always take the turned card with the trump six (it is never worth less);
2. exchange: take the extra hand when the own hand is weak: its value (card points, 8 per
   trump, the roem it holds, the extra hand's known face-up card aside) is below
   ``TAKE_BELOW`` (an average 9 cards are worth about 60);
3. meld phase: declare stuk and every whole run and carré on offer (the meld winner scores
   all his melds, and declared melds of the others cost nothing), then pass;
4. play as ``bots/trick`` (there is no claim in Handjas).
"""

from __future__ import annotations

import random

from cardtable.bots import trick
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families import roem

_PASS = Action("pass")
_TAKE = Action("take-hand")
_KEEP = Action("keep-hand")

#: a hand valued below this is swapped for the extra hand
TAKE_BELOW = 45
TRUMP_BONUS = 8


def hand_value(hand: int, trump: int, game: Game) -> int:
    """A rough value of a hand (a mask): card points, ``TRUMP_BONUS`` per trump, and the
    roem of its whole runs and carrés."""
    t = game.ranking.table(trump)
    v = t.points_of_mask(hand) + TRUMP_BONUS * (hand & t.trump_mask).bit_count()
    rules = game.roem
    for s, top, n in roem.runs(hand, rules):
        v += roem.seq_meld(s, top, n, rules).value
    for r, m in rules.carre_masks.items():
        if hand & m == m:
            v += rules.carre_values[r]
    return v


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    if obs.phase == "rob":
        return next(a for a in legal if a.verb == "swap")
    if obs.phase == "exchange":
        hand = 0
        for c in obs.hand:
            hand |= 1 << c
        return _TAKE if hand_value(hand, obs.trump, game) < TAKE_BELOW else _KEEP
    if obs.phase == "meld":
        for a in legal:
            if a.verb == "declare":
                return a
        return _PASS
    return trick.choose(obs, game, rng)


from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.handjas import Handjas  # noqa: E402

register_policy("simple", choose, game_classes=(Handjas,))
