"""The search's statistics and one chunk of it: what a pool worker (or the bot, in process)
runs. ``search_chunk`` plays rounds of Perfect Information Monte Carlo from a seat's
information set (a sampled world, every candidate action applied to a clone of it and played
out with the same draws, ``greedy_playout``: the playout policy the game's family registered)
and sums the seat's returns per action in a ``Stats``, which the bot adds up over chunks and
reads (means, standard errors, the paired gain over its prior). The pool (``bots/pool.py``)
pickles ``search_chunk`` by its module path, so it lives here, below the pool and the bot.
"""

from __future__ import annotations

import copy
import math
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.playouts import playout_for
from cardtable.engine.actions import Action


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


def search_chunk(
    iset: Any,
    legal: tuple[Action, ...],
    seed: str,
    rounds: int | None,
    deadline: float | None = None,
    prior: int = 0,
    seconds: float | None = None,
) -> Stats:
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
    length = 0.0  # the last round's seconds
    while True:
        began = time.time()
        world = iset.sample(rng)
        draws = rng.getrandbits(64)
        vals = []
        for action in legal:
            if rounds is None and time.time() >= wall:
                return st  # the round is cut: it does not count
            w = world.clone()
            w.apply_in_place(action)
            vals.append(
                (greedy_playout(w, random.Random(draws)) if ROLLOUT == "greedy" else w.playout(random.Random(draws)))[
                    seat
                ]
            )
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


__all__ = ["ROLLOUT", "Stats", "greedy_playout", "search_chunk"]
