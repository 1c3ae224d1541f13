"""Bezique throughput and bot latency (run by hand: ``python benchmarks/bench_bezique.py``).

Prints:
- random play, hands per second: a uniformly random legal action at every step (declare
  windows included), through ``legal_actions()`` and ``apply(action, check=False)``, from a
  seeded deal to the end of the 32 tricks;
- the playout of the search: ``State.playout`` from the deal (``BeziqueHand.rollout_actions``:
  the best meld in each window, random cards), milliseconds per hand;
- the ``simple`` bot: milliseconds per decision (``choose`` alone, with the ``observation`` it
  needs, the worst), over whole hands, and the median of ``choose`` over the decisions with
  more than one legal action.
Rates are per second of CPU time of this process (``time.process_time``).
"""

from __future__ import annotations

import random
import statistics
import time

from common import bench_seconds, bot_latency, latency_text, random_hands  # puts the clone on sys.path

from cardtable.bots import get_bot
from cardtable.engine import get_game


def playout_ms(game, n: int) -> float:
    """CPU milliseconds of one playout from a fresh deal (``State.playout``)."""
    starts = [game.new_hand(seed=s) for s in range(n)]
    t = time.process_time()
    for i, st in enumerate(starts):
        st.playout(random.Random(i))
    return 1000 * (time.process_time() - t) / n


def simple_median_ms(game, hands: int) -> float:
    """The median CPU milliseconds of the simple bot's ``choose`` where it has a choice."""
    bot = get_bot("simple", game, 1)
    times = []
    for seed in range(hands):
        st = game.new_hand(seed=20_000 + seed)
        while not st.over:
            obs = st.observation(st.to_act)
            t = time.process_time()
            a = bot.choose(obs)
            if len(obs.legal) > 1:
                times.append(time.process_time() - t)
            st = st.apply(a, check=False)
    return 1000 * statistics.median(times)


def main() -> None:
    secs = bench_seconds()
    game = get_game("bezique")
    hps, apl = random_hands(game, secs)
    print(f"random play: {hps:8.0f} hands/s  ({apl:.1f} actions/hand)")
    print(f"playout from the deal: {playout_ms(game, 300):.2f} ms/hand")
    print(f"simple bot: {latency_text(*bot_latency(game, 40))}")
    print(f"simple bot, median where it chooses: {simple_median_ms(game, 20):.3f} ms")


if __name__ == "__main__":
    main()
