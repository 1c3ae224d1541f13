"""The ``simple`` bot for Amerikaans Jokeren (games/amerikaans_jokeren.py).

    choose(obs, game, rng) -> Action      # always one of obs.legal

The turn after coming out is the wild drift rummy's (bots/wild_rummy.py: swap a joker whenever a
natural takes its place, meld naturals first, lay off, discard the loneliest card). What is this
game's:

- Upcard round: take the upcard when the wild rummy bot would take it from the discard pile (it
  makes a meld or lays off), else pass; give back the card its discard rule picks.
- Coming out: as soon as an ``open`` is legal, the one that goes out at once, else the one that
  puts most cards down (fewest jokers among equals: a joker kept is worth more than a card).
  While the opens are not listed (``obs.legal`` a ``LazyActions``: there can be thousands) the
  hand finds that open itself (``best_open`` of the list's ``source``, which holds only what
  this seat may see) and the list confirms it (``in``, the rules' own check); in hand 3 the
  search for most cards is bounded (the best found in a few thousand steps).
- Draw: the wild rummy bot's rule; before coming out also when the top discard completes an
  ``open`` it could not make without it.
"""

from __future__ import annotations

import random

from cardtable.bots import wild_rummy
from cardtable.cards import is_joker
from cardtable.engine.actions import Action, LazyActions
from cardtable.engine.game import Game, Observation
from cardtable.games.amerikaans_jokeren import AmerikaansJokeren


def _open_cards(a: Action) -> list:
    return [c for p in a.parts for c in p.cards]


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    return _play(obs, game, rng, wild_rummy.choose, wild_rummy._discard)


def prior(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The strong bot's prior: this game's opening and upcard rules as ``choose``'s, the turn
    after coming out and every discard by the wild rummy prior (bots/wild_rummy.py,
    ``prior_choose``: live outs, no feeding, melds held back while the others could lay off on
    them)."""
    return _play(obs, game, rng, wild_rummy.prior_choose, wild_rummy.prior_discard)


def _play(obs: Observation, game: Game, rng: random.Random, turn, discard) -> Action:
    """``choose`` with the wild rummy rules of a turn (``turn(obs, game, rng)``) and of a discard
    (``discard(obs, game, discards, hand, rng)``) as parameters."""
    if isinstance(obs.legal, LazyActions) and not obs.legal.built() and obs.legal.source is not None:
        pick = obs.legal.source.best_open()
        if pick is not None and pick in obs.legal:
            return pick
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    hand = list(obs.hand)
    if obs.extra.get("upcard_round"):
        take = next((a for a in legal if a.verb == "draw"), None)
        if take is not None:
            fake = [a if a.verb == "draw" else Action("draw", "stock") for a in legal]
            pick = wild_rummy._draw(obs, game, fake, hand)
            return take if pick.arg == "discard" else next(a for a in legal if a.verb == "pass")
        return discard(obs, game, [a for a in legal if a.verb == "discard"], hand, rng)
    opens = [a for a in legal if a.verb == "open"]
    if opens:
        n = len(hand)

        def worth(a: Action):
            cards = _open_cards(a)
            return (len(cards) == n - 1, len(cards), -sum(1 for c in cards if is_joker(c)))

        return max(opens, key=worth)
    return turn(obs, game, rng)


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(AmerikaansJokeren,))
register_policy("prior", prior, game_classes=(AmerikaansJokeren,))
