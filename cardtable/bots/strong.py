"""The ``strong`` bot: determinized search (Perfect Information Monte Carlo) for every game.

    bot = get_bot("strong", game, seed=1)
    action = bot.choose(state.information_set(seat))          # what the seat knows
    action = bot.choose(state.information_set(seat), budget=0.5)
    bot.iterations = 400       # a fixed number of playouts (overrides the time budget)
    bot.iterations = 0         # no search: the bot plays its prior (to measure the prior alone)
    bot.cancel()               # from another thread: the search stops at once

How it decides: the seat's information set deals the cards it has not seen again at random
(``InformationSet.sample``); in each sampled world every legal action is applied and the
world is played to the end of the hand (``pimc.greedy_playout``, ``bots/pimc.py``: by
the ``playout`` policy the game's family registered, ``register_policy("playout", fn,
game_classes=...)``, e.g. the
trick games' greedy card play in ``bots/trick_playout.py``, the drift rummies' simple-bot
rules in ``bots/rummy_playout.py``; a game with none: every seat plays its simple bot's
rules, ``bots/playouts.py``), and the seat's ``returns()`` are averaged per action. This
module names no family: what it knows of a game comes from the registry and the game's
declared search hooks. A game may narrow the search: with ``search_width`` set (the drift
rummies: 3) only the simple bot's first choices are compared
(and its first of each other verb), and with ``search_bar = "candidates"`` the margin the
best must win by grows with their number (``StrongBot._bar``). All actions of
one round share the sampled world and the playout's random draws (common random numbers),
so the difference between two actions is measured on the same deals. The action with the
highest mean wins (ties: the first in ``legal``). Every decision goes through it: bids,
trump, doubling, claims, talk, the rummy draw, melds and discards, card play.

What it sees: only ``observation`` and ``sample`` of the information set it is handed (a
sample deals again every card the seat has not seen, so two states that look the same to
the seat give the same decisions for the same seed). Handed a bare Observation (a caller
that has no State), it plays its prior and warns once.

Prior: the move the search starts from, kept unless a searched move is clearly better
(``pick``), and the ranking ``search_width`` draws its candidates from. It is the simple
bot's rules of thumb, unless the game's bot module registers its own ``prior`` policy
(``register_policy("prior", choose, game_classes=...)``; ``prior_policy``); a family's
playout may play it too (the rummies, where the game says ``playout_policy = "prior"``).

Hint: ``explain.reason`` (``bots/explain.py``) words the search's numbers; what it says of the move itself ("wins the
trick", "goes out") comes from the ``explain`` policy the family registered
(``playouts.move_words``).

Budget: ``budget`` seconds of wall time per decision (default ``CARDTABLE_BOT_BUDGET``, else
1 s), or ``iterations`` playouts when set (reproducible: the playouts are cut into fixed
chunks, each with its own seed from the bot's seed, the decision's number and the chunk's
number, and summed; so the same seed and count give the same decision in a pool or in
process). With a budget, ``choose`` sets its deadline on the monotonic clock as it starts
(the prior and its ranking spend of it too) and returns by then whatever the load: the
search runs in slices of about ``pool.SLICE`` seconds, each stopping by itself at the
deadline (a worker looks at the clock before every playout and drops a round the deadline
cuts), what has not come back by the deadline is left out, and where nothing came back the
prior is played (``pool.run_timed``, ``bots/pool.py``). The search runs in a process pool
(``concurrent.futures.ProcessPoolExecutor``, made on first use and shared by every strong
bot of the process, its workers at a lower priority, ``pool.WORKER_NICE``), so a thread waiting
for it holds no GIL and the table keeps the CPU it needs; a thread of the search's own
feeds the pool (``pool._PoolSearch``), so a worker slow to start holds up nothing but the
search. ``use_pool = False`` runs it in the calling process (``cardtable simulate`` and
``tournament`` do). ``cancel()`` makes a waiting ``choose`` return at once with the best
action so far (the prior if none was measured). Workers import the main module again
(multiprocessing's rule): a script that uses the pool must guard its entry with ``if
__name__ == "__main__":`` (``cardtable`` and ``python -m cardtable`` do); call
``warm_up()`` when a table opens so the first search does not wait for the workers.
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
import warnings
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.bots import Bot, PolicyBot, proven_legal
from cardtable.bots.pimc import Stats, search_chunk
from cardtable.bots.playouts import prior_policy
from cardtable.bots.pool import get_pool, run_chunks, run_timed, shutdown_pool, warm_up
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation

#: seconds per decision when neither ``budget`` nor ``CARDTABLE_BOT_BUDGET`` says
DEFAULT_BUDGET = 1.0
#: rounds (one sampled world, every action played out once) per chunk of a fixed count
CHUNK_ROUNDS = 4
#: standard errors by which the best action must beat the simple bot's to be played
CONFIDENCE = 1.0


def default_budget() -> float:
    """``CARDTABLE_BOT_BUDGET`` in seconds (a bad or missing value: 1 s)."""
    try:
        v = float(os.environ.get("CARDTABLE_BOT_BUDGET", ""))
    except ValueError:
        return DEFAULT_BUDGET
    return v if v > 0 else DEFAULT_BUDGET


# ---- the bot ---------------------------------------------------------------------------


def search_bar(game: Any, k: int) -> float:
    """``StrongBot._bar``: the standard errors by which a search's best of ``k`` actions must
    beat the prior in ``game`` (kept in ``Decision.extra["bar"]``, for the hint and the review)."""
    if getattr(game, "search_bar", None) == "candidates" and k > 2:
        return CONFIDENCE + math.sqrt(2 * math.log(k - 1))
    return CONFIDENCE


@dataclass
class Decision:
    """What the last search found: the legal actions, their statistics, the chosen index,
    seconds spent, and whether it was cancelled."""

    legal: tuple[Action, ...]
    stats: Stats
    chosen: int
    seconds: float = 0.0
    cancelled: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class StrongBot(Bot):
    """PIMC over the seat's information set (see the module docstring).

    ``iterations``: playouts per decision (None: the time budget); ``use_pool``: search in
    the shared process pool (True) or in process."""

    kind = "strong"
    wants_information_set = True

    def __init__(self, game: Game, seed: int | None = None, iterations: int | None = None, use_pool: bool = True):
        super().__init__(game, seed)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**62)
        self.iterations = iterations
        self.use_pool = use_pool
        self.decisions = 0
        self.last: Decision | None = None
        self._cancel = threading.Event()
        self._simple: PolicyBot | None = None  # the prior (``_fallback``)
        self._warned = False
        self._prior = 0

    # -- the API --
    def cancel(self) -> None:
        """Stop the search under way (from another thread): ``choose`` returns at once."""
        self._cancel.set()

    def choose(self, info: Any, budget: float | None = None) -> Action:
        """The action to play: ``info`` is ``state.information_set(seat)`` (a bare
        Observation: the simple bot's choice). ``budget``: seconds (None: the default)."""
        obs: Observation = info.observation if hasattr(info, "sample") else info
        if not obs.legal:
            raise ValueError("the bot was asked to act without legal actions")
        obs = proven_legal(self.game, obs)  # no claim its own count does not prove
        n = self.decisions
        self.decisions += 1
        if not hasattr(info, "sample"):
            if not self._warned:
                warnings.warn(
                    "the strong bot was handed an Observation, not an information set; it plays like the simple bot",
                    RuntimeWarning,
                    stacklevel=2,
                )
                self._warned = True
            return self._fallback(obs)
        legal = tuple(obs.legal)
        if len(legal) == 1:
            self.last = Decision(legal, Stats.empty(1), 0)
            return legal[0]
        self._cancel.clear()
        t0 = time.monotonic()
        # the deadline, set now: the prior and its ranking spend of the budget too
        deadline = t0 + (budget if budget is not None else default_budget())
        prior = self._fallback(obs)
        floor = self.game.review_floor
        if self.iterations == 0:  # no search: the prior alone (for measuring it)
            self.last = Decision(
                legal,
                Stats.empty(len(legal)),
                legal.index(prior),
                time.monotonic() - t0,
                extra={"prior": legal.index(prior), "floor": floor},
            )
            return prior
        legal = self._candidates(obs, legal, prior, n)
        if len(legal) == 1:
            self.last = Decision(legal, Stats.empty(1), 0, extra={"prior": 0, "floor": floor})
            return legal[0]
        self._prior = legal.index(prior) if prior in legal else 0
        stats, cancelled = self._search(info, legal, n, None if self.iterations is not None else deadline)
        bar = self._bar(len(legal))
        best = self.pick(stats, self._prior, bar)
        self.last = Decision(
            legal, stats, best, time.monotonic() - t0, cancelled, {"prior": self._prior, "bar": bar, "floor": floor}
        )
        return legal[best]

    def _bar(self, k: int) -> float:
        """Standard errors by which the search's best must beat the prior among ``k``
        searched actions: ``CONFIDENCE``, plus ``sqrt(2 ln(k - 1))`` (about the largest
        of ``k - 1`` standard normal noises) where the game asks for it
        (``search_bar = "candidates"``)."""
        return search_bar(self.game, k)

    def _candidates(self, obs: Observation, legal: tuple[Action, ...], prior: Action, n: int) -> tuple[Action, ...]:
        """The actions the search compares: every legal one, or where the game sets
        ``search_width`` (an int) the simple bot's first ``search_width`` choices (asked
        again with each choice taken out of ``legal``, the prior first) and its first
        choice of each verb not among them (hold a meld: the best discard is searched
        too)."""
        width = getattr(self.game, "search_width", None)
        if not width or len(legal) <= width or self._simple is None or self._simple._choose is None:
            return legal
        policy = self._simple._choose  # the prior's rules (``prior_policy``)
        rng = random.Random(f"cardtable-strong-rank/{self.seed}/{n}")
        out = [prior]
        rest = [a for a in legal if a != prior]
        while rest and len(out) < width:
            a = policy(replace(obs, legal=tuple(rest)), self.game, rng)
            if a not in rest:
                break
            out.append(a)
            rest.remove(a)
        verbs = {a.verb for a in out}
        for v in dict.fromkeys(a.verb for a in rest):
            if v not in verbs:
                a = policy(replace(obs, legal=tuple(a for a in rest if a.verb == v)), self.game, rng)
                out.append(a)
        return tuple(out)

    @staticmethod
    def pick(stats: Stats, prior: int, bar: float = CONFIDENCE) -> int:
        """The action with the highest mean, unless it beats the prior (the simple bot's
        choice) by no more than ``bar`` standard errors of the paired difference:
        then the prior (search noise never makes the bot worse than its rules of thumb)."""
        if not stats.playouts:
            return prior
        best = stats.best()
        if best == prior:
            return best
        d, se = stats.gain_over(best, prior)
        return best if d > bar * se else prior

    def _fallback(self, obs: Observation) -> Action:
        """The prior's move (``prior_policy``: the game's ``prior`` rules, else the simple
        bot's)."""
        if self._simple is None:
            self._simple = PolicyBot(self.game, self.seed, prior_policy(self.game), "prior")
        return self._simple.choose(obs)

    # -- the search --
    def _chunk_seed(self, n: int, j: int) -> str:
        return f"cardtable-strong/{self.seed}/{n}/{j}"

    def _search(self, iset: Any, legal: tuple[Action, ...], n: int, deadline: float | None) -> tuple[Stats, bool]:
        """The statistics of ``legal`` from ``iset`` and whether the search was cancelled:
        ``self.iterations`` playouts (``deadline`` None), else slices of search until
        ``deadline`` (a ``time.monotonic()``)."""
        stats = Stats.empty(len(legal))
        if self.iterations is not None:
            rounds = max(1, math.ceil(self.iterations / len(legal)))
            chunks = [min(CHUNK_ROUNDS, rounds - i) for i in range(0, rounds, CHUNK_ROUNDS)]
            jobs = [(iset, legal, self._chunk_seed(n, j), r, None, self._prior) for j, r in enumerate(chunks)]
            return run_chunks(jobs, stats, self._cancel, self.use_pool)
        assert deadline is not None
        return run_timed(
            iset, legal, lambda j: self._chunk_seed(n, j), self._prior, deadline, stats, self._cancel, self.use_pool
        )


# ---- levels and hints ------------------------------------------------------------------

LEVELS = (
    ("random", "plays any legal move at random"),
    ("simple", "rules of thumb, answers at once"),
    ("strong", "searches the cards it has not seen (about {budget:g} s a move)"),
)


__all__ = [
    "warm_up",
    "DEFAULT_BUDGET",
    "Decision",
    "LEVELS",
    "Stats",
    "StrongBot",
    "default_budget",
    "get_pool",
    "prior_policy",
    "search_bar",
    "search_chunk",
    "shutdown_pool",
]


def _register() -> None:
    from cardtable.bots.registry import register_bot

    register_bot("strong", StrongBot, default=True, module=__name__)


_register()
