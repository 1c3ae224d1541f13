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

from common import bench_seconds, bot_latency, latency_text, random_hands  # puts the clone on sys.path

from cardtable.engine import get_game


def main() -> None:
    secs = bench_seconds()
    for gid in ("manille-muette", "manille-parlee"):
        hps, apl = random_hands(get_game(gid), secs)
        print(f"{gid:15s} random play: {hps:8.0f} hands/s  ({apl:.1f} actions/hand)")
        print(f"{gid:15s} simple bot: {latency_text(*bot_latency(get_game(gid), 300))}")


if __name__ == "__main__":
    main()
