"""The timing loops the ``bench_*.py`` scripts share.

Importing this module puts the root of the clone on ``sys.path`` (so the scripts run
without an install) before it imports ``cardtable``. Every function takes a ``Game``
(``cardtable.engine.get_game(...)``); the scripts choose the game, options and figures.
"""

from __future__ import annotations

import os
import random
import sys
import time
from dataclasses import dataclass
from typing import Callable, Iterable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardtable.bots import get_bot  # noqa: E402
from cardtable.engine.actions import Action  # noqa: E402
from cardtable.engine.game import Game, State  # noqa: E402

LegalFilter = Callable[[list[Action]], list[Action]]


def bench_seconds(default: str = "3") -> float:
    """Seconds per figure: the ``BENCH_SECONDS`` environment variable, else ``default``."""
    return float(os.environ.get("BENCH_SECONDS", default))


def random_hand(
    game: Game,
    seed: int,
    choice: Callable,
    check: bool = False,
    legal_filter: LegalFilter | None = None,
    opening: Action | None = None,
) -> tuple[State, int]:
    """One hand of random play: (the final state, the number of actions applied).

    Deals ``game.new_hand(seed=seed)``, applies ``opening`` first if given (unchecked),
    then ``choice(legal)`` at every step until the hand is over, where ``legal`` is
    ``legal_actions()`` passed through ``legal_filter`` if given; ``check`` is passed to
    ``State.apply``.
    """
    s = game.new_hand(seed=seed)
    actions = 0
    if opening is not None:
        s = s.apply(opening, check=False)
        actions += 1
    while s.to_act is not None:
        legal = s.legal_actions()
        if legal_filter is not None:
            legal = legal_filter(legal)
        s = s.apply(choice(legal), check=check)
        actions += 1
    return s, actions


def random_hands(
    game: Game,
    seconds: float,
    check: bool = False,
    legal_filter: LegalFilter | None = None,
    opening: Action | None = None,
) -> tuple[float, float]:
    """(hands per second, actions per hand) of random play for about ``seconds``.

    Seeds 0, 1, 2, ... in blocks of 50 hands, choices from ``random.Random(1)``; rates per
    second of CPU time of this process (``time.process_time``). The other arguments are
    those of ``random_hand``.
    """
    choice = random.Random(1).choice
    hands = actions = 0
    seed = 0
    t0 = time.process_time()
    end = t0 + seconds
    while time.process_time() < end:
        for _ in range(50):
            _, n = random_hand(game, seed, choice, check, legal_filter, opening)
            seed += 1
            actions += n
            hands += 1
    dt = time.process_time() - t0
    return hands / dt, actions / hands


@dataclass
class BotTimes:
    """Times of bot-only hands, in seconds of wall time (``time.perf_counter``)."""

    decisions: int = 0
    choose: float = 0.0  # in ``choose`` alone
    observe: float = 0.0  # in ``observation`` alone
    worst_choose: float = 0.0  # the slowest ``choose``
    worst: float = 0.0  # the slowest ``observation`` + ``choose``
    elapsed: float = 0.0  # the whole run, dealing and applying included


def bot_hands(
    game: Game, seeds: Iterable[int], kind: str = "simple", at_end: Callable[[State], object] | None = None
) -> BotTimes:
    """Play a hand per seed with a ``kind`` bot in every seat (bot ``i`` seeded ``i``),
    timing each ``observation`` and ``choose``; actions applied unchecked. ``at_end`` is
    called with the final state of each hand (inside the timed run)."""
    bots = [get_bot(kind, game, seed=i) for i in range(game.players)]
    r = BotTimes()
    start = time.perf_counter()
    for h in seeds:
        s = game.new_hand(seed=h)
        while s.to_act is not None:
            t0 = time.perf_counter()
            obs = s.observation(s.to_act)
            t1 = time.perf_counter()
            a = bots[s.to_act].choose(obs)
            t2 = time.perf_counter()
            r.observe += t1 - t0
            r.choose += t2 - t1
            r.worst_choose = max(r.worst_choose, t2 - t1)
            r.worst = max(r.worst, t2 - t0)
            r.decisions += 1
            s = s.apply(a, check=False)
        if at_end is not None:
            at_end(s)
    r.elapsed = time.perf_counter() - start
    return r


def bot_latency(game: Game, n_hands: int) -> tuple[float, float, float]:
    """(ms per choose, ms per observation + choose, worst ms) of the simple bot over
    ``n_hands`` bot-only hands dealt from seeds 10000, 10001, ..."""
    r = bot_hands(game, range(10_000, 10_000 + n_hands))
    return (1000 * r.choose / r.decisions, 1000 * (r.choose + r.observe) / r.decisions, 1000 * r.worst)


def latency_text(c: float, a: float, w: float) -> str:
    """The scripts' wording of ``bot_latency``'s figures."""
    return f"{c:.3f} ms/decision (choose), {a:.3f} ms with observation, worst {w:.2f} ms"


def time_simple_decision(
    g: Game, st: State, rounds: int, clock: Callable[[], float] = time.perf_counter
) -> list[float]:
    """Seconds (by ``clock``) of ``rounds`` simple-bot decisions at ``st``, each from cold:
    the meld matcher's memos and the state's caches emptied first, the observation built
    inside the timing (the rummy meld benches)."""
    from cardtable.families import melds as M

    bot = get_bot("simple", g, seed=1)
    out = []
    for _ in range(rounds):
        M._RUN_MEMO.clear()
        M._SET_MEMO.clear()
        st._cache = None
        st._logc = None
        t = clock()
        bot.choose(st.observation(st.to_act))
        out.append(clock() - t)
    return out
