"""Players that see only an Observation and return an Action.

    bot = get_bot("simple", game, seed=1)
    action = bot.choose(state.observation(seat))          # or bot.choose(obs, budget=1.0)

Kinds: ``random`` (a uniformly random legal action, for every game), ``strong``
(determinized search over the seat's information set, for every game: ``bots/strong.py``;
hand it ``state.information_set(seat)``, which ``choose`` of every bot accepts) and ``simple``
(rule-of-thumb play: ``bots/trick.py`` for kruisjassen, ``bots/manille.py`` for the
partnership manille games, ``bots/manille_solo.py``, ``bots/butifarra.py``,
``bots/rummy.py``). Each bot module registers the games it plays itself
(``bots/registry.py``: by game id or Game class, never by ``Game.family``); ``get_bot``
finds the closest fit. A game no ``simple`` module plays gets a ``PolicyBot`` that picks
at random. A bot never sees a State, only the Observation of its own seat.

``choose(obs, budget=None)``: ``budget`` is the time the bot may think, in seconds (None:
the bot's default); the random and simple bots answer at once and ignore it.

Claims: no bot of any kind chooses a claim (kruisjassen's "ik dek", grevjas's "honderd")
that its own view does not prove (``Game.unproven_claims``): every kind chooses among
``proven_legal(game, obs)``, and so does the hint. A player may still claim wrongly.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation, OptionError

#: the kinds a seat may name (``bot:random``, ``bot:simple``, ``bot:strong``); every kind
#: plays every game
BOT_KINDS = ("random", "simple", "strong")


def observation_of(info):
    """The Observation in ``info``: an Observation itself, or an information set's."""
    return info.observation if hasattr(info, "sample") else info


def proven_legal(game: Game, obs: Observation) -> Observation:
    """``obs`` with ``legal`` narrowed to what a bot may choose: without the claims its
    seat's own view does not prove (``game.unproven_claims(obs)``; the hand's legal actions
    are not changed). ``obs`` itself when nothing is left out (every game without claims,
    and most decisions of those with), else a copy. Never empty when ``obs.legal`` is not
    (a claim is never the only legal action; if it were, ``obs`` is returned as it is).
    Every bot kind chooses from it: ``RandomBot``, ``PolicyBot`` (so every simple bot and
    the strong bot's prior) and ``StrongBot``'s candidates (so the hint too)."""
    drop = game.unproven_claims(obs)
    if not drop:
        return obs
    keep = tuple(a for a in obs.legal if a not in drop)
    return dataclasses.replace(obs, legal=keep) if keep else obs


class Bot:
    """A bot of one kind for one game. ``choose(obs, budget=None)`` returns one of
    ``obs.legal``; ``budget``: seconds it may think (None: its default)."""

    kind = "bot"
    #: True when ``choose`` needs the information set (``state.information_set(seat)``),
    #: not only the Observation (the ``strong`` bot); callers hand it ``info_for(state, seat)``
    wants_information_set = False

    def info_for(self, state, seat: int):
        """What to hand ``choose`` for ``seat`` of ``state``: its information set if this
        bot searches, else its Observation."""
        return state.information_set(seat) if self.wants_information_set else state.observation(seat)

    def __init__(self, game: Game, seed: int | None = None):
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, obs: Observation, budget: float | None = None) -> Action:
        """``obs``: the seat's Observation or its information set
        (``state.information_set(seat)``, which the ``strong`` bot needs)."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Stop a search under way (from another thread); a no-op for bots that answer at once."""


class RandomBot(Bot):
    """A uniformly random legal action (ignores ``budget``)."""

    kind = "random"

    def choose(self, obs: Observation, budget: float | None = None) -> Action:
        obs = observation_of(obs)
        if not obs.legal:
            raise ValueError("the bot was asked to act without legal actions")
        return self.rng.choice(proven_legal(self.game, obs).legal)


class PolicyBot(Bot):
    """A bot around a rule-of-thumb function ``policy(obs, game, rng) -> Action`` (the
    ``simple`` bots); without one it picks at random. Ignores ``budget``."""

    def __init__(self, game: Game, seed: int | None = None, policy: Callable | None = None, kind: str = "simple"):
        super().__init__(game, seed)
        self.kind = kind
        self._choose = policy

    def choose(self, obs: Observation, budget: float | None = None) -> Action:
        obs = observation_of(obs)
        if not obs.legal:
            raise ValueError("the bot was asked to act without legal actions")
        obs = proven_legal(self.game, obs)
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
    from cardtable.bots.registry import INTERNAL_KINDS, find_bot, kinds

    kind = kind or "simple"
    entry = find_bot(kind, game) if kind not in INTERNAL_KINDS else None
    if entry is None:
        if kind == "simple":
            return PolicyBot(game, seed, None, "simple")
        names = dict.fromkeys((*BOT_KINDS, *kinds()))
        raise OptionError(f"unknown bot {kind!r}; bots: {', '.join(names)}")
    return entry.factory(game, seed)


def bot_levels(game: Game) -> list[tuple[str, str]]:
    """The bot levels a seat of ``game`` may take, weakest first: (kind, one line on it)."""
    from cardtable.bots.registry import find_bot
    from cardtable.bots.strong import LEVELS, default_budget

    out = []
    for kind, text in LEVELS:
        if kind == "simple" or find_bot(kind, game) is not None:
            out.append((kind, text.format(budget=default_budget())))
    return out


#: the least thinking time (seconds per decision) at which ``strong`` is the default level
MIN_STRONG_BUDGET = 0.2
#: the least CPU time per decision (the budget times the cores the search may use) at which
#: ``strong`` is the default level. A judgement from what the search samples (median sampled
#: deals per decision on one core, 12 positions each): 0.2 s: Kruisjassen 173, Klassieke
#: Rummy 49, Jokeren 11; 0.4 s: 473, 126, 38; 1 s: 1616, 495, 83. With a few dozen deals
#: its departures from the simple bot's move rest mostly on noise (its test of one standard
#: error lets about a sixth of equal moves through), and simple answers at once
MIN_STRONG_CPU = 0.4


def search_cores() -> int:
    """The cores the strong bot's process pool may use: the CPUs this process may run on
    (``os.sched_getaffinity`` where there is one, else ``os.cpu_count``), at most 4."""
    import os

    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    return max(1, min(4, n))


def strong_keeps_budget(budget: float | None = None, cores: int | None = None) -> bool:
    """Whether the strong bot is worth its thinking time here: a budget (seconds; None: the
    setting, ``strong.default_budget()``) of at least ``MIN_STRONG_BUDGET`` and, times the
    ``cores`` (None: ``search_cores()``), at least ``MIN_STRONG_CPU``. The strong bot always
    answers within its budget (it stops at the deadline); what a small machine or a tiny
    budget lacks is search, and then the simple bot plays as well at once."""
    from cardtable.bots.strong import default_budget

    budget = default_budget() if budget is None else budget
    cores = search_cores() if cores is None else cores
    return budget >= MIN_STRONG_BUDGET and budget * cores >= MIN_STRONG_CPU


def default_level(game: Game | None = None, budget: float | None = None, cores: int | None = None) -> str:
    """The bot level a new bot seat gets (the seat setup, ``cardtable play --seat bot``):
    ``strong``, the strongest, where it plays ``game`` (every game; None: any) and keeps the
    budget (``strong_keeps_budget(budget, cores)``), else ``simple``. ``cardtable simulate``,
    ``tournament`` and a record's plain ``bot`` keep meaning ``simple``."""
    from cardtable.bots.registry import find_bot

    if game is not None and find_bot("strong", game) is None:
        return "simple"
    return "strong" if strong_keeps_budget(budget, cores) else "simple"


def hint_search(game: Game, info, budget: float | None = None) -> tuple[Action, str, Any, float]:
    """``hint`` with its search: (the action, the reason, the strong bot's ``Decision``
    (None without an information set), the sheet scale the reason used). The table keeps the
    Decision as the review of this decision (``tui/review.py``), so the hint and the hand
    summary speak of one search with one set of numbers. The whole of it keeps to ``budget``
    (seconds; None: the bot budget): the sheet's scale (a few playouts the first time in a
    process) is found first, and the search gets what is left."""
    import time

    from cardtable.bots.explain import reason
    from cardtable.bots.review import sheet_scale
    from cardtable.bots.strong import StrongBot, default_budget

    t0 = time.monotonic()
    budget = default_budget() if budget is None else budget
    bot = StrongBot(game)
    try:  # the differences in the sheet's unit (strepen, points)
        unit = getattr(game.new_sheet(), "unit", "") or ""
    except Exception:
        unit = ""
    scale = sheet_scale(info) if unit else 1.0
    action = bot.choose(info, max(0.0, budget - (time.monotonic() - t0)))
    obs = observation_of(info)
    if bot.last is None:
        return action, "the simple bot's move (no information set to search)", None, 1.0
    return action, reason(obs, bot.last, info, scale, unit), bot.last, scale


def hint(game: Game, info, budget: float | None = None) -> tuple[Action, str]:
    """What the strong bot would play now and a one-line reason. ``info``: the information
    set of the seat to act (``state.information_set(seat)``); ``budget``: seconds (None: the
    default budget). Runs the search in the process pool; call it from a worker thread."""
    action, why, _, _ = hint_search(game, info, budget)
    return action, why


def _register() -> None:
    from cardtable.bots.registry import register_bot

    register_bot("random", RandomBot, default=True, module=__name__)


_register()


def warm_up() -> None:
    """Start the strong bot's worker processes now (``bots.pool.warm_up``), so that the
    first search of a table with a strong bot or a hint key does not wait for them."""
    from cardtable.bots.pool import warm_up as _warm

    _warm()
