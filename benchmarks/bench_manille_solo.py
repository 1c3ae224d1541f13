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

from common import bench_seconds, bot_latency, latency_text, random_hands  # puts the clone on sys.path

from cardtable.engine import get_game
from cardtable.engine.actions import Action

BID = Action("bid", "play")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="2,3,4,5,6,7", help="player counts, comma-separated")
    ap.add_argument(
        "--seconds", type=float, default=bench_seconds("2"), help="CPU seconds of random play per player count"
    )
    ap.add_argument("--hands", type=int, default=100, help="bot-only hands per player count")
    args = ap.parse_args()
    for n in (int(x) for x in args.players.split(",")):
        game = get_game("manille", players=n)
        hps, apl = random_hands(game, args.seconds, opening=BID)
        lat = latency_text(*bot_latency(game, args.hands))
        print(f"{n} players: random play {hps:7.0f} hands/s ({apl:.1f} actions/hand); simple bot {lat}")


if __name__ == "__main__":
    main()
