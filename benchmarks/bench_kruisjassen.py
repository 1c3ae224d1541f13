"""Kruisjassen throughput and bot latency (run by hand: ``python benchmarks/bench_kruisjassen.py``).

Prints:
- random play, hands per second: a uniformly random legal action at every step, through
  ``legal_actions()`` and ``apply(action, check=False)``, from a seeded deal to the end:
  * ``full``: claims left out, so every hand runs its 8 tricks (the figure to compare with
    the DESIGN.md anchor of ~10,000 random 32-card trick hands per second);
  * ``default``: every legal action, claims included (random claims end hands early);
  * ``auto``: ``claim_mode=auto, roem_mode=auto``;
Rates are per second of CPU time of this process (``time.process_time``), so that other
work on the machine does not distort them.
- the ``simple`` bot: milliseconds per decision (``choose`` alone, and with the
  ``observation`` it needs), over whole hands.
"""

from __future__ import annotations

from common import bench_seconds, bot_latency, latency_text, random_hands  # puts the clone on sys.path

from cardtable.engine import get_game


def without_claim(legal):
    """``legal`` without its trailing ``claim`` (kept when it is the only action)."""
    if legal[-1].verb == "claim" and len(legal) > 1:
        return legal[:-1]
    return legal


def main() -> None:
    secs = bench_seconds()
    for label, no_claim, opts in (
        ("full (no claims, 8 tricks)", True, {}),
        ("default (random claims)", False, {}),
        ("auto claim + auto roem", False, {"claim_mode": "auto", "roem_mode": "auto"}),
    ):
        hps, apl = random_hands(get_game("kruisjassen", **opts), secs, legal_filter=without_claim if no_claim else None)
        print(f"random play, {label:28s}: {hps:8.0f} hands/s  ({apl:.1f} actions/hand)")
    print(f"simple bot: {latency_text(*bot_latency(get_game('kruisjassen'), 300))}")


if __name__ == "__main__":
    main()
