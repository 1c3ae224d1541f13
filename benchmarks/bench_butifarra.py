"""Butifarra throughput and bot latency (run by hand: ``python benchmarks/bench_butifarra.py``).

Prints:
- random play, hands per second: a uniformly random legal action at every step (trump
  choice, doubling, 48 cards of play), through ``legal_actions()`` and
  ``apply(action, check=False)``, from a seeded deal to the end; and the same with the
  legality check of ``apply`` (``checked``);
- the ``simple`` bot: milliseconds per decision (``choose`` alone, and with the
  ``observation`` it needs), over whole hands.
Rates are per second of CPU time of this process (``time.process_time``).
``BENCH_SECONDS`` sets the seconds per figure (default 3).
"""

from __future__ import annotations

from common import bench_seconds, bot_latency, latency_text, random_hands  # puts the clone on sys.path

from cardtable.engine import get_game


def main() -> None:
    secs = bench_seconds()
    for label, check, opts in (
        ("unchecked", False, {}),
        ("checked", True, {}),
        ("sant_vicenc, unchecked", False, {"sant_vicenc": True}),
    ):
        hps, apl = random_hands(get_game("butifarra", **opts), secs, check)
        print(f"random play, {label:24s}: {hps:8.0f} hands/s  ({apl:.1f} actions/hand)")
    print(f"simple bot: {latency_text(*bot_latency(get_game('butifarra'), 300))}")


if __name__ == "__main__":
    main()
