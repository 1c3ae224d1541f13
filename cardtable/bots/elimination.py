"""The ``simple`` bot for the elimination rummies (families/elimination.py: Ramino drift, Loba).

    choose(obs, game, rng) -> Action      # always one of obs.legal

In a hand it plays as bots/wild_rummy.py (draw, meld, lay off, place and keep jokers, discard);
between hands, offered a buy-back (loba §7.4), it always buys back: staying in is the only way
to win, and the total it comes back with is never above the highest total still in.
"""

from __future__ import annotations

import random

from cardtable.bots import wild_rummy
from cardtable.bots.registry import register_policy
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.elimination import EliminationRummy


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    legal = list(obs.legal)
    buy = next((a for a in legal if a.verb == "buy"), None)
    if buy is not None:
        return buy
    return wild_rummy.choose(obs, game, rng)


def prior(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The strong bot's prior: buy back as ``choose``; in a hand the wild rummy prior
    (bots/wild_rummy.py, ``prior_choose``)."""
    buy = next((a for a in obs.legal if a.verb == "buy"), None)
    if buy is not None:
        return buy
    return wild_rummy.prior_choose(obs, game, rng)


register_policy("simple", choose, game_classes=(EliminationRummy,))
register_policy("prior", prior, game_classes=(EliminationRummy,))
