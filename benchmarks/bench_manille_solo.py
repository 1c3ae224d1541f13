"""Manille (2-7 players) throughput and bot latency (run by hand:
``python benchmarks/bench_manille_solo.py [--players 2,3,5,7]``).

Prints, per player count:
- random play, hands per second: a uniformly random legal action at every step, through
  ``legal_actions()`` and ``apply(action, check=False)``, from a seeded deal to the end,
  with the first seat forced to ``bid play`` so that every hand is played out (a random
  pass round would often throw the deal in); CPU time of this process
  (``time.process_time``);
- the ``simple`` bot: milliseconds per decision (``choose`` alone, and with the
  ``observation`` it needs) over whole bot-only hands, and the worst decision (the bid
  and the exchange, which weigh every trump and every number of exchanged cards, are the
  slow ones).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardtable.bots import get_bot  # noqa: E402
from cardtable.engine import get_game  # noqa: E402
from cardtable.engine.actions import Action  # noqa: E402

BID = Action("bid", "play")


def random_hands(players: int, seconds: float) -> tuple[float, float]:
    """(hands per second, actions per hand) of random play for about ``seconds``."""
    game = get_game("manille", players=players)
    rng = random.Random(1)
    choice = rng.choice
    hands = actions = 0
    seed = 0
    t0 = time.process_time()
    end = t0 + seconds
    while time.process_time() < end:
        for _ in range(50):
            s = game.new_hand(seed=seed).apply(BID, check=False)
            seed += 1
            actions += 1
            while s.to_act is not None:
                s = s.apply(choice(s.legal_actions()), check=False)
                actions += 1
            hands += 1
    dt = time.process_time() - t0
    return hands / dt, actions / hands


def bot_latency(players: int, n_hands: int) -> tuple[float, float, float]:
    """(ms per choose, ms per observation + choose, worst ms) of the simple bot."""
    game = get_game("manille", players=players)
    bots = [get_bot("simple", game, seed=i) for i in range(players)]
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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="2,3,4,5,6,7", help="player counts, comma-separated")
    ap.add_argument("--seconds", type=float, default=float(os.environ.get("BENCH_SECONDS", "2")),
                    help="CPU seconds of random play per player count")
    ap.add_argument("--hands", type=int, default=100, help="bot-only hands per player count")
    args = ap.parse_args()
    for n in (int(x) for x in args.players.split(",")):
        hps, apl = random_hands(n, args.seconds)
        c, a, w = bot_latency(n, args.hands)
        print(f"{n} players: random play {hps:7.0f} hands/s ({apl:.1f} actions/hand); "
              f"simple bot {c:.3f} ms/decision (choose), {a:.3f} ms with observation, worst {w:.2f} ms")


if __name__ == "__main__":
    main()
