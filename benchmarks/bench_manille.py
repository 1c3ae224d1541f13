"""Manille Muette / Manille Parlée throughput and bot latency (run by hand:
``python benchmarks/bench_manille.py``).

Prints, per game:
- random play, hands per second: a uniformly random legal action at every step, through
  ``legal_actions()`` and ``apply(action, check=False)``, from a seeded deal to the end of
  the 8 tricks (Parlée: random talk actions included, about one per trick); per second of
  CPU time of this process (``time.process_time``);
- the ``simple`` bot: milliseconds per decision (``choose`` alone, and with the
  ``observation`` it needs), over whole hands.
"""

from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardtable.bots import get_bot  # noqa: E402
from cardtable.engine import get_game  # noqa: E402


def random_hands(gid: str, seconds: float) -> tuple[float, float]:
    """(hands per second, actions per hand) of random play for about ``seconds``."""
    game = get_game(gid)
    rng = random.Random(1)
    choice = rng.choice
    hands = actions = 0
    seed = 0
    t0 = time.process_time()
    end = t0 + seconds
    while time.process_time() < end:
        for _ in range(50):
            s = game.new_hand(seed=seed)
            seed += 1
            while s.to_act is not None:
                s = s.apply(choice(s.legal_actions()), check=False)
                actions += 1
            hands += 1
    dt = time.process_time() - t0
    return hands / dt, actions / hands


def bot_latency(gid: str, n_hands: int) -> tuple[float, float, float]:
    """(ms per choose, ms per observation + choose, worst ms) of the simple bot."""
    game = get_game(gid)
    bots = [get_bot("simple", game, seed=i) for i in range(4)]
    t_choose = t_all = worst = 0.0
    n = 0
    for h in range(n_hands):
        s = game.new_hand(seed=10_000 + h)
        while s.to_act is not None:
            t0 = time.perf_counter()
            obs = s.observation(s.to_act)
            t1 = time.perf_counter()
            a = bots[s.to_act].choose(obs)
            t2 = time.perf_counter()
            t_choose += t2 - t1
            t_all += t2 - t0
            worst = max(worst, t2 - t0)
            n += 1
            s = s.apply(a, check=False)
    return 1000 * t_choose / n, 1000 * t_all / n, 1000 * worst


def main() -> None:
    secs = float(os.environ.get("BENCH_SECONDS", "3"))
    for gid in ("manille-muette", "manille-parlee"):
        hps, apl = random_hands(gid, secs)
        print(f"{gid:15s} random play: {hps:8.0f} hands/s  ({apl:.1f} actions/hand)")
        c, a, w = bot_latency(gid, 300)
        print(f"{gid:15s} simple bot: {c:.3f} ms/decision (choose), {a:.3f} ms with observation, worst {w:.2f} ms")


if __name__ == "__main__":
    main()
