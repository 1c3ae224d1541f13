"""The ``strong`` bot: determinized search (Perfect Information Monte Carlo) for every game.

    bot = get_bot("strong", game, seed=1)
    action = bot.choose(state.information_set(seat))          # what the seat knows
    action = bot.choose(state.information_set(seat), budget=0.5)
    bot.iterations = 400       # a fixed number of playouts (overrides the time budget)
    bot.iterations = 0         # no search: the bot plays its prior (to measure the prior alone)
    bot.cancel()               # from another thread: the search stops at once

How it decides: the seat's information set deals the cards it has not seen again at random
(``InformationSet.sample``); in each sampled world every legal action is applied and the
world is played to the end of the hand (``greedy_playout``: by the ``playout`` policy the
game's family registered, ``register_policy("playout", fn, game_classes=...)``, e.g. the
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

Hint: ``reason`` words the search's numbers; what it says of the move itself ("wins the
trick", "goes out") comes from the ``explain`` policy the family registered
(``playouts.move_words``).

Budget: ``budget`` seconds of wall time per decision (default ``CARDTABLE_BOT_BUDGET``, else
1 s), or ``iterations`` playouts when set (reproducible: the playouts are cut into fixed
chunks, each with its own seed from the bot's seed, the decision's number and the chunk's
number, and summed; so the same seed and count give the same decision in a pool or in
process). With a budget, ``choose`` sets its deadline on the monotonic clock as it starts
(the prior and its ranking spend of it too) and returns by then whatever the load: the
search runs in slices of about ``SLICE`` seconds, each stopping by itself at the
deadline (a worker looks at the clock before every playout and drops a round the deadline
cuts), what has not come back by the deadline is left out, and where nothing came back the
prior is played (``_run_timed``). The search runs in a process pool
(``concurrent.futures.ProcessPoolExecutor``, made on first use and shared by every strong
bot of the process, its workers at a lower priority, ``WORKER_NICE``), so a thread waiting
for it holds no GIL and the table keeps the CPU it needs; a thread of the search's own
feeds the pool (``_PoolSearch``), so a worker slow to start holds up nothing but the
search. ``use_pool = False`` runs it in the calling process (``cardtable simulate`` and
``tournament`` do). ``cancel()`` makes a waiting ``choose`` return at once with the best
action so far (the prior if none was measured). Workers import the main module again
(multiprocessing's rule): a script that uses the pool must guard its entry with ``if
__name__ == "__main__":`` (``cardtable`` and ``python -m cardtable`` do); call
``warm_up()`` when a table opens so the first search does not wait for the workers.
"""

from __future__ import annotations

import contextlib
import copy
import math
import multiprocessing
import os
import random
import sys
import threading
import time
import warnings
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.bots import Bot, PolicyBot, proven_legal
from cardtable.bots.playouts import move_words, playout_for, prior_policy
from cardtable.cards import display
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation

#: seconds per decision when neither ``budget`` nor ``CARDTABLE_BOT_BUDGET`` says
DEFAULT_BUDGET = 1.0
#: rounds (one sampled world, every action played out once) per chunk of a fixed count
CHUNK_ROUNDS = 4
#: seconds a slice of a timed search runs before it reports (once its first round is done;
#: in the pool: the search lost when a slice comes back after the deadline; in process:
#: the cancel latency)
SLICE = 0.1
#: seconds before the decision's deadline at which the pool's workers stop, for their last
#: slices to travel back and be summed by the deadline
MARGIN = 0.06
#: standard errors by which the best action must beat the simple bot's to be played
CONFIDENCE = 1.0


def default_budget() -> float:
    """``CARDTABLE_BOT_BUDGET`` in seconds (a bad or missing value: 1 s)."""
    try:
        v = float(os.environ.get("CARDTABLE_BOT_BUDGET", ""))
    except ValueError:
        return DEFAULT_BUDGET
    return v if v > 0 else DEFAULT_BUDGET


# ---- the search (runs in a worker process or in process) -------------------------------

@dataclass
class Stats:
    """Per legal action (by index): playouts ``n``, the sum and the sum of squares of the
    seat's returns, and the sum of squares of its difference with the prior action's
    return in the same world (``dsquares``; the prior: the simple bot's choice);
    ``worlds``: sampled worlds (rounds)."""

    n: list[int]
    total: list[float]
    squares: list[float]
    worlds: int = 0
    dsquares: list[float] = field(default_factory=list)

    @classmethod
    def empty(cls, k: int) -> "Stats":
        return cls([0] * k, [0.0] * k, [0.0] * k, 0, [0.0] * k)

    def add(self, other: "Stats") -> None:
        for i in range(len(self.n)):
            self.n[i] += other.n[i]
            self.total[i] += other.total[i]
            self.squares[i] += other.squares[i]
            self.dsquares[i] += other.dsquares[i]
        self.worlds += other.worlds

    def gain_over(self, i: int, p: int) -> tuple[float, float]:
        """The mean of (return of ``i`` - return of ``p``) over the worlds, and its standard
        error (paired: both were played out in every world); ``p`` must be the prior the
        chunks measured ``dsquares`` against."""
        n = min(self.n[i], self.n[p])
        if n < 2:
            return 0.0, math.inf
        d = (self.total[i] - self.total[p]) / n
        var = max(0.0, self.dsquares[i] / n - d * d)
        return d, math.sqrt(var / (n - 1))

    def mean(self, i: int) -> float:
        return self.total[i] / self.n[i] if self.n[i] else -math.inf

    def stderr(self, i: int) -> float:
        n = self.n[i]
        if n < 2:
            return math.inf
        m = self.total[i] / n
        var = max(0.0, self.squares[i] / n - m * m)
        return math.sqrt(var / (n - 1))

    def best(self) -> int:
        """The index with the highest mean (the first of equals)."""
        best = 0
        for i in range(1, len(self.n)):
            if self.mean(i) > self.mean(best):
                best = i
        return best

    @property
    def playouts(self) -> int:
        return sum(self.n)


#: the playout policy: ``greedy`` (``greedy_playout``: the game's registered playout) or
#: ``random`` (the game's fast ``playout``); ``CARDTABLE_STRONG_ROLLOUT`` sets it (for
#: comparing them)
ROLLOUT = os.environ.get("CARDTABLE_STRONG_ROLLOUT", "greedy")


def greedy_playout(world: Any, rng: random.Random) -> tuple[float, ...]:
    """Play ``world`` to the end and return its ``returns()``, by the playout policy its
    game's family (or the game) registered (``register_policy("playout", ...)``; e.g. the
    trick games' greedy card play, the rummies' simple-bot rules), else every seat playing
    the simple bot's rules (``playouts.playout_for``)."""
    return playout_for(world.game)(world, rng)


def search_chunk(iset: Any, legal: tuple[Action, ...], seed: str, rounds: int | None,
                 deadline: float | None = None, prior: int = 0, seconds: float | None = None) -> Stats:
    """PIMC from ``iset``: rounds of a sampled world, each action of ``legal`` applied to a
    clone of it and played out with the same draws; the seat's returns summed per action
    (and the squares of their differences with ``legal[prior]``'s, ``Stats.dsquares``).

    ``rounds``: that many rounds exactly, whatever the time (a fixed count: reproducible).
    ``rounds`` None: rounds until ``deadline``, a ``time.time()`` (the wall clock, which a
    worker process shares with the bot: the decision's deadline, however late the chunk
    starts), or until a round ends ``seconds`` or more after the chunk started (its length,
    on this process's ``time.monotonic()``: a slice reports after about that long, but
    never before it has one round to report); neither given: one round. A chunk with a
    ``deadline`` keeps to it: it starts no round once the deadline has passed (none at all
    when it begins after it, as a chunk that waited in the pool's queue) nor one that the
    last round's length says would end after it, and it drops a round the deadline cuts
    short (it looks at the clock before every playout; a round counts only with every
    action played out in its world, so the differences stay paired)."""
    k = len(legal)
    st = Stats.empty(k)
    wall = deadline if deadline is not None else math.inf
    if rounds is None and time.time() >= wall:
        return st
    stop = time.monotonic() + seconds if seconds is not None else math.inf
    # a fresh set (``copy`` goes through ``InformationSet.__reduce__``): a Deal adapts its
    # dealing method as it samples, so each chunk starts from the same one in a worker
    # process or in process
    iset = copy.copy(iset)
    rng = random.Random(seed)
    seat = iset.seat
    done = 0
    length = 0.0                           # the last round's seconds
    while True:
        began = time.time()
        world = iset.sample(rng)
        draws = rng.getrandbits(64)
        vals = []
        for action in legal:
            if rounds is None and time.time() >= wall:
                return st                  # the round is cut: it does not count
            w = world.clone()
            w.apply_in_place(action)
            vals.append((greedy_playout(w, random.Random(draws)) if ROLLOUT == "greedy"
                         else w.playout(random.Random(draws)))[seat])
        vp = vals[prior]
        for i, v in enumerate(vals):
            st.n[i] += 1
            st.total[i] += v
            st.squares[i] += v * v
            st.dsquares[i] += (v - vp) * (v - vp)
        st.worlds += 1
        done += 1
        if rounds is not None:
            if done >= rounds:
                break
            continue
        now = time.time()
        length = now - began
        if (deadline is None and seconds is None) or now + length >= wall or time.monotonic() >= stop:
            break
    return st


# ---- the shared process pool -----------------------------------------------------------

_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()
_STREAMS_LOCK = threading.Lock()


def pool_workers() -> int:
    """Worker processes of the pool: the CPU count, at most 4, at least 1."""
    return max(1, min(4, os.cpu_count() or 1))


def get_pool() -> ProcessPoolExecutor:
    """The process pool of the strong bots (made on first use, then reused). Workers start
    by ``forkserver`` where there is one (no fork of a process with threads, such as the
    Textual app), else ``spawn``. The fork server imports the search's modules once
    (``_preload``), so a worker starts as a fork with them loaded rather than importing
    them itself (a few tenths of a second, several seconds at the workers' low priority
    on a loaded machine). Making the pool starts no process: they start with the first
    tasks (``submit``), which ``warm_up`` sends."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            if ctx.get_start_method() == "forkserver":
                ctx.set_forkserver_preload(["__main__", *_preload()])
            with _real_std_streams():       # its queues start multiprocessing's resource tracker
                _POOL = ProcessPoolExecutor(max_workers=pool_workers(), mp_context=ctx,
                                            initializer=_worker_start)
        return _POOL


def _preload() -> list[str]:
    """The modules the fork server imports before it forks the workers (a name that fails
    to import is skipped): every game (``cardtable.games``) and every module of the bots
    package, which a worker's first playout would import anyway (``registry.discover``:
    the playouts play the games' simple bots, ``simple_policy``)."""
    import pkgutil

    import cardtable.bots as pkg

    return ["cardtable.games", *(f"{pkg.__name__}.{m.name}" for m in pkgutil.iter_modules(pkg.__path__))]


#: how much lower than the table (``os.nice``) the pool's workers run: the table's process,
#: mostly asleep, gets a core at once when it has a key to handle or a screen to draw
#: (measured with ``benchmarks/bench_table_stall.py`` on a 2-core machine loaded by other
#: work: a key's round trip while a bot searches, median about 200 -> 110 ms, 95th
#: percentile about 540 -> 240 ms; with bots that do not search, 90 and 180 ms)
WORKER_NICE = 10


def _worker_start() -> None:
    """A pool worker's first step: run at the lower priority ``WORKER_NICE``."""
    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):      # no nice on this platform: same priority
        pass


@contextlib.contextmanager
def _real_std_streams():
    """The process's own stdout and stderr while a worker process starts: a Textual app
    replaces them with objects whose ``fileno()`` is -1, and multiprocessing passes
    stderr's file descriptor to the processes it starts ("bad value(s) in fds_to_keep")."""
    with _STREAMS_LOCK:
        out, err = sys.stdout, sys.stderr
        try:
            if sys.__stdout__ is not None:
                sys.stdout = sys.__stdout__
            if sys.__stderr__ is not None:
                sys.stderr = sys.__stderr__
            yield
        finally:
            sys.stdout, sys.stderr = out, err


def submit(pool: ProcessPoolExecutor, fn, *args):
    """``pool.submit(fn, *args)``, starting any worker it needs with the real std streams."""
    with _real_std_streams():
        return pool.submit(fn, *args)


def warm_up() -> None:
    """Start the pool's workers now, without waiting for them (the first search otherwise
    spends its first few tenths of a second, more on a loaded machine, starting them): call
    it when a table with a strong bot or a hint key opens. Returns at once: the workers are
    started by a thread of their own."""
    def start() -> None:
        try:
            pool = get_pool()
            for _ in range(pool_workers()):
                submit(pool, int)
        except Exception:                  # a pool that cannot start: the first search says so
            pass

    threading.Thread(target=start, name="strong-warm-up", daemon=True).start()


def shutdown_pool() -> None:
    """Stop the pool's workers, without waiting for them (a new pool is made when next
    needed)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None:
            _POOL.shutdown(wait=False, cancel_futures=True)
            _POOL = None


def _drop_pool(pool: ProcessPoolExecutor) -> None:
    """``pool`` broke (a worker died): the next search makes a new one."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is pool:
            _POOL = None
    pool.shutdown(wait=False, cancel_futures=True)


class _PoolSearch:
    """One timed search in the shared pool, fed by a thread of its own (``start``), so that
    nothing the pool does holds up the bot waiting for it (a worker that starts slowly, a
    queue behind another search): the bot waits on its own clock and takes what came back
    (``close``).

    The thread keeps every worker busy with slices of search (``search_chunk``) of about
    ``SLICE`` seconds (at least a round), each ending by itself at ``end`` (a ``time.monotonic()``, handed to
    the worker as the wall-clock ``time.time()`` it stands for); a slice's result is summed
    while the search is open. ``finished`` is set once every slice is back (or the thread
    failed: ``error``). ``close()`` ends the search: slices still out are dropped (cancelled
    where they have not started; one running ends on its own by ``end``)."""

    def __init__(self, iset: Any, legal: tuple[Action, ...], seeds: Any, prior: int, end: float):
        self.args = (iset, legal)
        self.seeds = seeds                 # j -> the seed of slice j
        self.prior = prior
        self.end = end
        self.stats = Stats.empty(len(legal))
        self.lock = threading.Lock()
        self.open = True
        self.stop = threading.Event()
        self.finished = threading.Event()
        self.error: BaseException | None = None

    def start(self) -> None:
        threading.Thread(target=self._feed, name="strong-search", daemon=True).start()

    def close(self) -> Stats:
        """End the search: the statistics of the slices that came back."""
        with self.lock:
            self.open = False
        self.stop.set()
        return self.stats

    def _feed(self) -> None:
        pending: set = set()
        pool = None
        try:
            pool = get_pool()
            wall_end = time.time() + (self.end - time.monotonic())
            j = 0
            while not self.stop.is_set():
                while (len(pending) < pool_workers() and not self.stop.is_set()
                       and time.monotonic() < self.end - 0.01):
                    pending.add(submit(pool, search_chunk, *self.args, self.seeds(j), None,
                                       wall_end, self.prior, SLICE))
                    j += 1
                if not pending:
                    break
                done, pending = wait(pending, timeout=0.02, return_when=FIRST_COMPLETED)
                for f in done:
                    st = f.result()
                    with self.lock:
                        if self.open:
                            self.stats.add(st)
        except BrokenProcessPool as e:
            if pool is not None:
                _drop_pool(pool)
            self.error = e
        except BaseException as e:         # handed to the bot (``StrongBot._run_timed``)
            self.error = e
        finally:
            for f in pending:
                f.cancel()
            self.finished.set()


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

    def __init__(self, game: Game, seed: int | None = None, iterations: int | None = None,
                 use_pool: bool = True):
        super().__init__(game, seed)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**62)
        self.iterations = iterations
        self.use_pool = use_pool
        self.decisions = 0
        self.last: Decision | None = None
        self._cancel = threading.Event()
        self._simple: PolicyBot | None = None     # the prior (``_fallback``)
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
        obs = proven_legal(self.game, obs)     # no claim its own count does not prove
        n = self.decisions
        self.decisions += 1
        if not hasattr(info, "sample"):
            if not self._warned:
                warnings.warn("the strong bot was handed an Observation, not an information set; "
                              "it plays like the simple bot", RuntimeWarning, stacklevel=2)
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
        if self.iterations == 0:               # no search: the prior alone (for measuring it)
            self.last = Decision(legal, Stats.empty(len(legal)), legal.index(prior),
                                 time.monotonic() - t0, extra={"prior": legal.index(prior), "floor": floor})
            return prior
        legal = self._candidates(obs, legal, prior, n)
        if len(legal) == 1:
            self.last = Decision(legal, Stats.empty(1), 0, extra={"prior": 0, "floor": floor})
            return legal[0]
        self._prior = legal.index(prior) if prior in legal else 0
        stats, cancelled = self._search(info, legal, n, None if self.iterations is not None else deadline)
        bar = self._bar(len(legal))
        best = self.pick(stats, self._prior, bar)
        self.last = Decision(legal, stats, best, time.monotonic() - t0, cancelled,
                             {"prior": self._prior, "bar": bar, "floor": floor})
        return legal[best]

    def _bar(self, k: int) -> float:
        """Standard errors by which the search's best must beat the prior among ``k``
        searched actions: ``CONFIDENCE``, plus ``sqrt(2 ln(k - 1))`` (about the largest
        of ``k - 1`` standard normal noises) where the game asks for it
        (``search_bar = "candidates"``)."""
        return search_bar(self.game, k)

    def _candidates(self, obs: Observation, legal: tuple[Action, ...], prior: Action,
                    n: int) -> tuple[Action, ...]:
        """The actions the search compares: every legal one, or where the game sets
        ``search_width`` (an int) the simple bot's first ``search_width`` choices (asked
        again with each choice taken out of ``legal``, the prior first) and its first
        choice of each verb not among them (hold a meld: the best discard is searched
        too)."""
        width = getattr(self.game, "search_width", None)
        if not width or len(legal) <= width or self._simple is None or self._simple._choose is None:
            return legal
        policy = self._simple._choose          # the prior's rules (``prior_policy``)
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

    def _search(self, iset: Any, legal: tuple[Action, ...], n: int,
                deadline: float | None) -> tuple[Stats, bool]:
        """The statistics of ``legal`` from ``iset`` and whether the search was cancelled:
        ``self.iterations`` playouts (``deadline`` None), else slices of search until
        ``deadline`` (a ``time.monotonic()``)."""
        stats = Stats.empty(len(legal))
        if self.iterations is not None:
            rounds = max(1, math.ceil(self.iterations / len(legal)))
            chunks = [min(CHUNK_ROUNDS, rounds - i) for i in range(0, rounds, CHUNK_ROUNDS)]
            jobs = [(iset, legal, self._chunk_seed(n, j), r, None, self._prior)
                    for j, r in enumerate(chunks)]
            return self._run(jobs, stats, None)
        assert deadline is not None
        return self._run_timed(iset, legal, n, deadline, stats)

    def _run(self, jobs: list[tuple], stats: Stats, end: float | None) -> tuple[Stats, bool]:
        """Run fixed chunks (in order in process; all at once in the pool) and sum them."""
        if not self.use_pool:
            for job in jobs:
                if self._cancel.is_set():
                    return stats, True
                stats.add(search_chunk(*job))
            return stats, False
        pool = get_pool()
        pending = {submit(pool, search_chunk, *job) for job in jobs}
        while pending:
            done, pending = wait(pending, timeout=0.02, return_when=FIRST_COMPLETED)
            for f in done:
                stats.add(f.result())
            if self._cancel.is_set():
                for f in pending:
                    f.cancel()
                return stats, True
        return stats, False

    def _run_timed(self, iset: Any, legal: tuple[Action, ...], n: int, deadline: float,
                   stats: Stats) -> tuple[Stats, bool]:
        """Slices of search until ``deadline`` (a ``time.monotonic()``); returns by then
        whatever the pool does (give or take the time the calling thread takes to wake).
        In process: slices of about ``SLICE`` seconds one after the other, the last one
        ending by ``deadline`` (a slice looks at the clock before every playout). In the
        pool (``_PoolSearch``): the workers stop ``MARGIN`` before ``deadline``, so their
        last slices are back by then; what has not come back by ``deadline`` is left
        out. Nothing came back: empty ``stats``, and ``pick`` plays the prior."""
        j = 0
        if not self.use_pool:
            while True:
                if self._cancel.is_set():
                    return stats, True
                rest = deadline - time.monotonic()
                if rest <= 0:
                    return stats, False
                stats.add(search_chunk(iset, legal, self._chunk_seed(n, j), None, time.time() + rest,
                                       self._prior, SLICE))
                j += 1
        if deadline - MARGIN - time.monotonic() <= 0.01:
            return stats, self._cancel.is_set()      # no time for a slice to go and come back
        search = _PoolSearch(iset, legal, lambda j: self._chunk_seed(n, j), self._prior, deadline - MARGIN)
        search.start()
        cancelled = False
        while True:
            if self._cancel.is_set():
                cancelled = True
                break
            rest = deadline - time.monotonic()
            if rest <= 0 or search.finished.is_set():
                break
            search.finished.wait(min(0.02, rest))
        out = search.close()
        if search.error is not None and search.finished.is_set():
            raise search.error
        stats.add(out)
        return stats, cancelled


# ---- levels and hints ------------------------------------------------------------------

LEVELS = (
    ("random", "plays any legal move at random"),
    ("simple", "rules of thumb, answers at once"),
    ("strong", "searches the cards it has not seen (about {budget:g} s a move)"),
)


def action_label(action: Action) -> str:
    """A short text for a hint: the verb and the cards with suit symbols (``play J♥``)."""
    parts = [action.verb]
    if action.arg:
        parts.append(action.arg)
    parts.extend(display(c) for c in action.cards)
    if action.prep is not None:
        parts.append(f"{action.prep} {action.target}")
    if action.parts:
        return action.text()
    return " ".join(parts)


def _mid_sentence(label: str) -> str:
    """A move's label as it reads inside a sentence: "Discard Q♣" → "discard Q♣", "Take
    discard" → "take discard"; a card alone ("A♥") and a label with no verb stay as they are."""
    head, _, tail = label.partition(" ")
    if head.isalpha() and tail:
        return head.lower() + " " + tail
    return label


def reason(obs: Observation, decision: Decision, iset: Any = None, scale: float = 1.0, unit: str = "") -> str:
    """One line on why the search chose what it chose, from its statistics (and, given the
    seat's information set, whether a last card takes the trick), short enough for the
    table's message line: the actions in the game's words (``obs.verbs``; a card play in a
    trick game by its card alone), the difference with the next best in the sheet's
    ``unit`` (the returns times ``scale``, ``review.sheet_scale``; no unit: in the returns),
    in the review's words and rounding (``review.gain_words``), and "a close call" unless the
    difference is worth telling by the review's test (``review.worth_telling``: clear of the
    search's noise, and at least the game's floor, ``Game.review_floor``): the hand summary
    then lists the next best, if played, with these same numbers. A difference under the
    floor reads "as good as" (or "looked as good", for a move the search did not take)."""
    from cardtable.bots.review import amount_words, compare, floor_of, gain_words, short_words, worth_telling

    st = decision.stats
    legal = decision.legal
    best = decision.chosen

    def label_of(i: int) -> str:
        return short_words(legal[i], obs, card=display)

    label = label_of(best)
    if len(legal) == 1 or not st.playouts:
        return f"{label}: the only move" if len(legal) == 1 else f"{label}: no time to search"
    others = sorted((i for i in range(len(legal)) if i != best), key=st.mean, reverse=True)
    nxt = others[0]
    diff, se = compare(decision, best, nxt)
    bits = []
    bits.extend(move_words(obs, legal[best], iset))      # the family's words ("wins the trick")
    err = se * scale if se < math.inf else None
    amount = amount_words(diff * scale, unit, err)
    # nothing to tell: rounds to nought, or under the game's floor
    nought = float(amount.split()[0]) == 0 or abs(diff) * scale < floor_of(decision)
    if diff < 0:
        # the search kept the rule of thumb's move: the other looked better, but not surely
        other = _mid_sentence(label_of(nxt))
        looks = "looked as good" if nought else f"looked {amount} better, within the search's noise"
        return f"{label}: " + ", ".join(bits + [f"the rule of thumb; {other} {looks}"])
    if not (diff > 0 and worth_telling(decision, diff, se, scale)):
        bits.append("a close call")        # first: the line may be cut at the screen's edge
    bits.append(f"as good as {label_of(nxt)}" if nought
                else f"{gain_words(diff * scale, unit, err)} than {_mid_sentence(label_of(nxt))}")
    return f"{label}: " + ", ".join(bits)


__all__ = ["warm_up", "DEFAULT_BUDGET", "Decision", "LEVELS", "Stats", "StrongBot", "action_label",
           "default_budget", "get_pool", "prior_policy", "reason", "search_bar", "search_chunk", "shutdown_pool"]


def _register() -> None:
    from cardtable.bots.registry import register_bot
    register_bot("strong", StrongBot, default=True, module=__name__)


_register()
