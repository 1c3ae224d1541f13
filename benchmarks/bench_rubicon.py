"""Rubicon Bezique throughput and bot latency (run by hand: ``python benchmarks/bench_rubicon.py``).

Prints:
- random play, hands per second: a uniformly random legal action at every step (declare
  windows included), through ``legal_actions()`` and ``apply(action, check=False)``, from a
  seeded deal to the end of the 64 tricks (a whole game of four packs);
- the playout of the search: ``State.playout`` from the deal (``BeziqueHand.rollout_actions``:
  the best meld in each window, random cards), milliseconds per hand;
- the ``simple`` bot: milliseconds per decision (``choose`` alone, with the ``observation`` it
  needs, the worst), over whole hands, and the median of ``choose`` over the decisions with
  more than one legal action.
Rates are per second of CPU time of this process (``time.process_time``).
"""

from __future__ import annotations

from bench_bezique import playout_ms, simple_median_ms  # the same measures as Bezique's
from common import bench_seconds, bot_latency, latency_text, random_hands  # puts the clone on sys.path

from cardtable.engine import get_game


def main() -> None:
    secs = bench_seconds()
    game = get_game("rubicon")
    hps, apl = random_hands(game, secs)
    print(f"random play: {hps:8.0f} hands/s  ({apl:.1f} actions/hand)")
    print(f"playout from the deal: {playout_ms(game, 300):.2f} ms/hand")
    print(f"simple bot: {latency_text(*bot_latency(game, 40))}")
    print(f"simple bot, median where it chooses: {simple_median_ms(game, 20):.3f} ms")


if __name__ == "__main__":
    main()
