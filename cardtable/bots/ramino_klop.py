"""The bots of Ramino (klop) (games/ramino_klop.py): the simple bot and the strong bot's prior.

    choose(obs, game, rng) -> Action      # always one of obs.legal

``simple`` is the knock rummies' rules of thumb (bots/knock.py): take the top discard when it
saves brandhout, go rummy when offered, knock whenever the brandhout left is under the knock
limit (7: the game's ``knock_limit``), else discard the card that leaves the least brandhout,
keeping melds and near-melds (pairs, suited cards within two ranks) among equals.

``prior``, the move the strong bot's search starts from, plays the same draw, rummy and knock
and weighs its discard by live outs (``bots/elimination.py``, ``card_outs``, under the game's
own melds: a set's naturals of different suits, melds of 3 or 4): a card is kept for the
unseen cards that would make a meld with it, ``OUT_W`` points of brandhout each, so that of two
discards leaving about the same brandhout the one with fewer chances goes. A joker is never
discarded while a natural card may go.

Both are registered for ``RaminoKlop`` itself: the game is an ``EliminationRummy`` (its deal to
the seats still in), whose prior (the drift rummies' meld and lay-off play) does not fit a
knock rummy.
"""

from __future__ import annotations

import random

from cardtable.bots import knock
from cardtable.bots.elimination import card_outs
from cardtable.bots.registry import register_policy
from cardtable.bots.wild_rummy import unseen_counts
from cardtable.cards import is_joker
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.rummy import near_melds
from cardtable.games.ramino_klop import RaminoKlop

#: brandhout points one live out of a card is worth when choosing a discard
OUT_W = 0.5


def prior(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The strong bot's prior (module docstring): the simple bot's draw, rummy and knock; the
    discard by brandhout left and live outs."""
    legal = obs.legal
    if len(legal) == 1 or not isinstance(game, RaminoKlop):
        return knock.choose(obs, game, rng)
    verbs = {a.verb for a in legal}
    if "draw" in verbs or "rummy" in verbs:
        return knock.choose(obs, game, rng)
    discards = [a for a in legal if a.verb == "discard"]
    knocks = [a for a in legal if a.verb == "knock"]
    hand = list(obs.hand)
    after = game.solver.after_discards(hand)
    if knocks:
        return min(knocks, key=lambda a: (after[a.cards[0]], -game.points[a.cards[0]], a.cards[0]))
    if not discards:
        return knock.choose(obs, game, rng)
    outs = card_outs(hand, unseen_counts(obs, game), game.rules)
    near = near_melds(hand, game.ace_mode)
    naturals = [a for a in discards if not is_joker(a.cards[0])] or discards

    def cost(a: Action) -> tuple[float, int, int, int]:
        c = a.cards[0]
        return (after[c] + OUT_W * outs.get(c, 0.0), near[c], -game.points[c], c)

    return min(naturals, key=cost)


register_policy("simple", knock.choose, game_classes=(RaminoKlop,))
register_policy("prior", prior, game_classes=(RaminoKlop,))

__all__ = ["OUT_W", "prior"]
