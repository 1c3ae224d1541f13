"""Players that see only an Observation and return an Action.

    bot = get_bot("simple", game, seed=1)
    action = bot.choose(state.observation(seat))

Kinds: ``random`` (a uniformly random legal action) and ``simple`` (rule-of-thumb play per
family: ``bots/trick.py`` for the trick games, ``bots/rummy.py`` for the rummies).
A bot never sees a State, only the Observation of its own seat.
"""

from __future__ import annotations

import importlib
import random
from typing import Callable

from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation, OptionError

BOT_KINDS = ("random", "simple")

# family -> module under cardtable.bots that defines ``choose(obs, game, rng) -> Action``
_FAMILY_MODULES = {"jas": "trick", "trick": "trick", "manille": "manille", "manille-solo": "manille_solo",
                   "butifarra": "butifarra", "rummy": "rummy"}


class Bot:
    """A bot of one kind for one game. ``choose`` returns one of ``obs.legal``."""

    kind = "bot"

    def __init__(self, game: Game, seed: int | None = None):
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    kind = "random"

    def choose(self, obs: Observation) -> Action:
        if not obs.legal:
            raise ValueError("the bot was asked to act without legal actions")
        return self.rng.choice(obs.legal)


class SimpleBot(Bot):
    """Rule-of-thumb play; the rules of thumb live in the family's bot module."""

    kind = "simple"

    def __init__(self, game: Game, seed: int | None = None):
        super().__init__(game, seed)
        mod = _FAMILY_MODULES.get(game.family)
        self._choose: Callable | None = None
        if mod:
            self._choose = importlib.import_module(f"cardtable.bots.{mod}").choose

    def choose(self, obs: Observation) -> Action:
        if not obs.legal:
            raise ValueError("the bot was asked to act without legal actions")
        if self._choose is None:
            return self.rng.choice(obs.legal)
        return self._choose(obs, self.game, self.rng)


_KINDS = {"random": RandomBot, "simple": SimpleBot}


def get_bot(kind: str, game: Game, seed: int | None = None) -> Bot:
    """A bot of ``kind`` (``random``/``simple``); OptionError listing the kinds otherwise."""
    try:
        cls = _KINDS[kind or "simple"]
    except KeyError:
        raise OptionError(f"unknown bot {kind!r}; bots: {', '.join(_KINDS)}") from None
    return cls(game, seed)
