"""How the strong bot's search plays a sampled world to the end: the playout policy of each
game, looked up in the bot registry, and the pieces the family playouts share.

    play = playout_for(game)           # playout(world, rng) -> world.returns()
    values = play(world, rng)          # world: a State the search owns (a sample, a clone)

A family's (or a game's) bot module registers its playout, as OpenSpiel hands a search its
evaluator (``bots/registry.py``):

    register_policy("playout", trick_playout, game_classes=(TrickGame,))   # bots/trick_playout.py

``playout_for`` takes the registered one nearest to the game's class (its MRO, most specific
first, as every kind of the registry); a game with none is played out by its simple bot's rules
(``simple_playout``: every seat plays the ``simple`` policy on its own observation of the
world), never at random unless the game asks for it (``register_policy("playout",
random_playout, ...)``). A game with neither a playout nor a simple bot is played out at random,
with a warning the first time (``NoPlayoutWarning``).

Only the public search API of the states is used (``observation``, ``rollout_actions``,
``apply_in_place``, ``returns``), so the search names no family.
"""

from __future__ import annotations

import random
import warnings
from typing import Any, Callable

from cardtable.bots.registry import find_policy
from cardtable.engine.actions import Action

#: the share of card plays (rummy steps) a greedy playout makes at random (variety between
#: playouts); the trick and rummy playouts read it
EPSILON = 0.15
#: steps a playout by a policy (``policy_playout``) plays at most: a hand not over by then (a
#: stalled world, bots holding each other's cards) counts 0 for every seat, as a void hand
HORIZON = 200

#: ``playout(world, rng) -> returns``
Playout = Callable[[Any, random.Random], tuple]


class NoPlayoutWarning(RuntimeWarning):
    """A game has no registered playout and no simple bot: its playouts are random."""


def simple_policy(game: Any):
    """The ``policy(obs, game, rng)`` the ``simple`` bot of ``game`` plays by, or None (a
    game no bot module plays); cached per Game object."""
    return find_policy("simple", game)


def prior_policy(game: Any):
    """The ``policy(obs, game, rng)`` the strong bot of ``game`` starts from (its prior: the
    move it plays unless the search finds a clearly better one, and the ranking
    ``search_width`` takes its candidates from): the ``prior`` policy a bot module
    registered for the game (``register_policy("prior", ...)``, bots/registry.py), else the
    simple bot's (``simple_policy``); None where neither exists. Cached per Game object."""
    policy = find_policy("prior", game)
    return policy if policy is not None else simple_policy(game)


def policy_playout(
    world: Any, rng: random.Random, policy: Callable[..., Action], observe: Callable[[int], Any] | None = None
) -> tuple[float, ...]:
    """Play ``world`` to the end with every seat playing ``policy(obs, game, rng)`` on
    ``observe(seat)`` (default ``world.observation``) and return ``world.returns()``; at most
    ``HORIZON`` steps (then 0 for every seat)."""
    game = world.game
    if observe is None:
        observe = world.observation
    for _ in range(HORIZON):
        seat = world.to_act
        if seat is None:
            return world.returns()
        world.apply_in_place(policy(observe(seat), game, rng))
    if world.to_act is None:
        return world.returns()
    return (0.0,) * game.players


def simple_playout(world: Any, rng: random.Random) -> tuple[float, ...]:
    """The playout of a game that registered none: every seat plays the simple bot's rules
    (``simple_policy``) on its observation of ``world`` (``policy_playout``)."""
    return policy_playout(world, rng, simple_policy(world.game))


def random_playout(world: Any, rng: random.Random) -> tuple[float, ...]:
    """Random play to the end: the world's own fast ``playout(rng)`` (``State.playout``).
    Only for a game that registers it (``register_policy("playout", random_playout, ...)``)."""
    return world.playout(rng)


_WARNED: set[str] = set()


def playout_for(game: Any) -> Playout:
    """The function the search plays ``game``'s sampled worlds out with: the ``playout``
    policy registered for it (``find_policy``), else ``simple_playout`` where the game has a
    simple bot, else ``random_playout`` (a ``NoPlayoutWarning`` the first time per game id)."""
    play = find_policy("playout", game)
    if play is not None:
        return play
    if simple_policy(game) is not None:
        return simple_playout
    gid = getattr(game, "id", type(game).__name__)
    if gid not in _WARNED:
        _WARNED.add(gid)
        warnings.warn(
            f"{gid}: no playout policy and no simple bot registered; the strong bot's playouts are random",
            NoPlayoutWarning,
            stacklevel=2,
        )
    return random_playout


def simple_step(world: Any, acts: list[Action], rng: random.Random) -> Action:
    """A playout's step that is not a card (a bid, the trump, an exchange, a meld, a
    doubling, ...) with two or more ``acts`` (``rollout_actions()``): the simple bot's
    choice from the acting seat's observation of the sampled world (the rules of thumb a
    player uses there, not a coin: a playout that bids and names trumps at random judges
    a bid or a pass by contracts nobody would play), else one of ``acts`` at random (no
    simple bot, or its choice is a step the rollout leaves out)."""
    policy = simple_policy(world.game)
    if policy is not None:
        a = policy(world.observation(world.to_act), world.game, rng)
        if a in acts:
            return a
    return acts[rng.randrange(len(acts))]


def move_words(obs: Any, action: Action, iset: Any = None, game: Any = None) -> list[str]:
    """What a hint says of ``action`` itself (before the search's numbers): the words of the
    ``explain`` policy registered for the game (``iset`` may be None), none without one.
    ``game``: the Game (default: the information set's, else the game ``obs.game`` names)."""
    if game is None and iset is not None:
        game = getattr(iset, "game", None)
    if game is None:
        try:
            from cardtable.engine import get_game

            game = get_game(obs.game)
        except Exception:  # an observation of no registered game: no words
            return []
    explain = find_policy("explain", game)
    return list(explain(obs, action, iset)) if explain is not None else []


__all__ = [
    "EPSILON",
    "HORIZON",
    "NoPlayoutWarning",
    "move_words",
    "playout_for",
    "policy_playout",
    "prior_policy",
    "random_playout",
    "simple_playout",
    "simple_policy",
    "simple_step",
]
