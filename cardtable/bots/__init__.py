"""Players that see only an Observation and return an Action.

    bot = get_bot("simple", game, seed=1)
    action = bot.choose(state.observation(seat))          # or bot.choose(obs, budget=1.0)

Kinds: ``random`` (a uniformly random legal action, for every game) and ``simple``
(rule-of-thumb play: ``bots/trick.py`` for kruisjassen, ``bots/manille.py`` for the
partnership manille games, ``bots/manille_solo.py``, ``bots/butifarra.py``,
``bots/rummy.py``). Each bot module registers the games it plays itself
(``bots/registry.py``: by game id or Game class, never by ``Game.family``); ``get_bot``
finds the closest fit. A game no ``simple`` module plays gets a ``PolicyBot`` that picks
at random. A bot never sees a State, only the Observation of its own seat.

``choose(obs, budget=None)``: ``budget`` is the time the bot may think, in seconds (None:
the bot's default); the random and simple bots answer at once and ignore it.
"""

from __future__ import annotations

import random
from typing import Callable

from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation, OptionError

#: the kinds a seat may name (``bot:random``, ``bot:simple``); every kind plays every game
BOT_KINDS = ("random", "simple")


class Bot:
    """A bot of one kind for one game. ``choose(obs, budget=None)`` returns one of
    ``obs.legal``; ``budget``: seconds it may think (None: its default)."""

    kind = "bot"

    def __init__(self, game: Game, seed: int | None = None):
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, obs: Observation, budget: float | None = None) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """A uniformly random legal action (ignores ``budget``)."""

    kind = "random"

    def choose(self, obs: Observation, budget: float | None = None) -> Action:
        if not obs.legal:
            raise ValueError("the bot was asked to act without legal actions")
        return self.rng.choice(obs.legal)


class PolicyBot(Bot):
    """A bot around a rule-of-thumb function ``policy(obs, game, rng) -> Action`` (the
    ``simple`` bots); without one it picks at random. Ignores ``budget``."""

    def __init__(self, game: Game, seed: int | None = None, policy: Callable | None = None,
                 kind: str = "simple"):
        super().__init__(game, seed)
        self.kind = kind
        self._choose = policy

    def choose(self, obs: Observation, budget: float | None = None) -> Action:
        if not obs.legal:
            raise ValueError("the bot was asked to act without legal actions")
        if self._choose is None:
            return self.rng.choice(obs.legal)
        return self._choose(obs, self.game, self.rng)


class SimpleBot(PolicyBot):
    """The ``simple`` bot of ``game``: the rule-of-thumb function its bot module
    registered (``bots/registry.py``), else random play."""

    kind = "simple"

    def __init__(self, game: Game, seed: int | None = None):
        from cardtable.bots.registry import find_bot
        entry = find_bot("simple", game)
        policy = getattr(entry.factory, "policy", None) if entry is not None else None
        super().__init__(game, seed, policy, "simple")


def get_bot(kind: str, game: Game, seed: int | None = None) -> Bot:
    """A bot of ``kind`` (``random``/``simple``; empty: ``simple``) for ``game``, found in
    the registry (``bots/registry.py``); OptionError listing the kinds otherwise. A
    ``simple`` bot for a game no module plays picks at random."""
    from cardtable.bots.registry import find_bot, kinds
    kind = kind or "simple"
    entry = find_bot(kind, game)
    if entry is None:
        if kind == "simple":
            return PolicyBot(game, seed, None, "simple")
        names = dict.fromkeys((*BOT_KINDS, *kinds()))
        raise OptionError(f"unknown bot {kind!r}; bots: {', '.join(names)}")
    return entry.factory(game, seed)


def _register() -> None:
    from cardtable.bots.registry import register_bot
    register_bot("random", RandomBot, default=True, module=__name__)


_register()
