"""Where the strong bot's search runs: the process pool shared by every strong bot of the
process (``get_pool``: made on first use, its workers started by a forkserver that preloads
the games and the bots, ``_preload``, at the lower priority ``WORKER_NICE``; ``warm_up``,
``shutdown_pool``, ``submit``), and the two ways the bot runs its chunks of search
(``pimc.search_chunk``) in it or in process: a fixed list of chunks summed in order
(``run_chunks``), or slices of about ``SLICE`` seconds until a deadline (``run_timed``; in
the pool fed by a thread of its own, ``_PoolSearch``, its workers stopping ``MARGIN`` early),
what came back by the deadline summed and the rest left out.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

from cardtable.bots.pimc import Stats, search_chunk
from cardtable.engine.actions import Action

#: seconds a slice of a timed search runs before it reports (once its first round is done;
#: in the pool: the search lost when a slice comes back after the deadline; in process:
#: the cancel latency)
SLICE = 0.1
#: seconds before the decision's deadline at which the pool's workers stop, for their last
#: slices to travel back and be summed by the deadline
MARGIN = 0.06


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
            with _real_std_streams():  # its queues start multiprocessing's resource tracker
                _POOL = ProcessPoolExecutor(max_workers=pool_workers(), mp_context=ctx, initializer=_worker_start)
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
    except (AttributeError, OSError):  # no nice on this platform: same priority
        pass


def _has_fileno(stream) -> bool:
    """Whether ``stream`` has a file descriptor of its own (not -1, no error)."""
    try:
        return stream is not None and stream.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        return False


@contextlib.contextmanager
def _real_std_streams():
    """The process's own stdout and stderr while a worker process starts: a Textual app
    replaces them with objects whose ``fileno()`` is -1, and multiprocessing passes
    stderr's file descriptor to the processes it starts ("bad value(s) in fds_to_keep").

    Streams that have a real file descriptor are left alone: swapping the process-wide
    ``sys.stdout`` from the warm-up thread would race with whoever else replaces it at the
    same moment (a command's output captured by a test was lost that way)."""
    if _has_fileno(sys.stdout) and _has_fileno(sys.stderr):
        yield
        return
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
        except Exception:  # a pool that cannot start: the first search says so
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
        self.seeds = seeds  # j -> the seed of slice j
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
                while len(pending) < pool_workers() and not self.stop.is_set() and time.monotonic() < self.end - 0.01:
                    pending.add(
                        submit(pool, search_chunk, *self.args, self.seeds(j), None, wall_end, self.prior, SLICE)
                    )
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
        except BaseException as e:  # raised by ``run_timed``
            self.error = e
        finally:
            for f in pending:
                f.cancel()
            self.finished.set()


# ---- running the search's chunks --------------------------------------------------------


def run_chunks(jobs: list[tuple], stats: Stats, cancel: threading.Event, use_pool: bool) -> tuple[Stats, bool]:
    """Run fixed chunks (each a tuple of ``search_chunk``'s arguments; in order in process,
    all at once in the pool with ``use_pool``) and sum them into ``stats``. Returns
    ``stats`` and whether ``cancel`` was set before the last came back (what came back by
    then is kept)."""
    if not use_pool:
        for job in jobs:
            if cancel.is_set():
                return stats, True
            stats.add(search_chunk(*job))
        return stats, False
    pool = get_pool()
    pending = {submit(pool, search_chunk, *job) for job in jobs}
    while pending:
        done, pending = wait(pending, timeout=0.02, return_when=FIRST_COMPLETED)
        for f in done:
            stats.add(f.result())
        if cancel.is_set():
            for f in pending:
                f.cancel()
            return stats, True
    return stats, False


def run_timed(
    iset: Any,
    legal: tuple[Action, ...],
    seeds: Callable[[int], str],
    prior: int,
    deadline: float,
    stats: Stats,
    cancel: threading.Event,
    use_pool: bool,
) -> tuple[Stats, bool]:
    """Slices of search of ``legal`` from ``iset`` (slice ``j`` seeded ``seeds(j)``, the
    differences measured against ``legal[prior]``) until ``deadline`` (a
    ``time.monotonic()``), summed into ``stats``; returns ``stats`` and whether ``cancel``
    was set, by ``deadline`` whatever the pool does (give or take the time the calling
    thread takes to wake). In process: slices of about ``SLICE`` seconds one after the
    other, the last one ending by ``deadline`` (a slice looks at the clock before every
    playout). In the pool (``use_pool``, ``_PoolSearch``): the workers stop ``MARGIN``
    before ``deadline``, so their last slices are back by then; what has not come back by
    ``deadline`` is left out. Nothing came back: empty ``stats``, and the bot plays its
    prior. An error of the pool's feeding thread is raised here."""
    j = 0
    if not use_pool:
        while True:
            if cancel.is_set():
                return stats, True
            rest = deadline - time.monotonic()
            if rest <= 0:
                return stats, False
            stats.add(search_chunk(iset, legal, seeds(j), None, time.time() + rest, prior, SLICE))
            j += 1
    if deadline - MARGIN - time.monotonic() <= 0.01:
        return stats, cancel.is_set()  # no time for a slice to go and come back
    search = _PoolSearch(iset, legal, seeds, prior, deadline - MARGIN)
    search.start()
    cancelled = False
    while True:
        if cancel.is_set():
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


__all__ = [
    "MARGIN",
    "SLICE",
    "WORKER_NICE",
    "get_pool",
    "pool_workers",
    "run_chunks",
    "run_timed",
    "shutdown_pool",
    "submit",
    "warm_up",
]
