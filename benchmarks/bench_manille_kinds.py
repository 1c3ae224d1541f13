"""Which decisions the strong bot of Manille (4 players) wins or loses by (run by hand:
``python benchmarks/bench_manille_kinds.py --kinds strong-play,simple --matches 20 --iterations 200``).

Plays the tournament (``cardtable.bots.tournament.run_tournament``, in process) with bot
kinds that search only some decisions and take the others from the simple bot:
``strong-bid`` searches the call (``bid play`` / ``pass``) and the trump, ``strong-play``
the card play, ``strong`` everything. Prints the tournament's Markdown row per pairing:
matches, win rate with its 95% interval, stake per hand, and how the declarers did.
"""

from __future__ import annotations

import argparse
import sys

from common import bench_seconds  # noqa: F401  (puts the clone on sys.path)

from cardtable.bots import PolicyBot
from cardtable.bots.playouts import simple_policy
from cardtable.bots.registry import register_bot
from cardtable.bots.strong import StrongBot
from cardtable.bots.tournament import run_tournament
from cardtable.engine import get_game
from cardtable.games.manille import Manille


class PartStrong(StrongBot):
    """The strong bot for the phases ``searched``; the simple bot's rules elsewhere."""

    searched: frozenset[str] = frozenset()

    def choose(self, info, budget=None):
        obs = info.observation if hasattr(info, "sample") else info
        if obs.phase in self.searched:
            return super().choose(info, budget)
        if not hasattr(self, "_plain"):
            self._plain = PolicyBot(self.game, self.seed, simple_policy(self.game), "simple")
        return self._plain.choose(obs)


def part(phases: tuple[str, ...]):
    cls = type("PartStrong_" + "_".join(phases), (PartStrong,), {"searched": frozenset(phases)})
    return lambda game, seed=None: cls(game, seed)


register_bot("strong-bid", part(("bid", "trump")), game_classes=(Manille,))
register_bot("strong-play", part(("play",)), game_classes=(Manille,))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kinds", default="strong-play,simple")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    game = get_game("manille", players=args.players)
    for pairing in args.kinds.split(";"):
        kinds = pairing.split(",")
        r = run_tournament(game, kinds, args.matches, seed=args.seed, iterations=args.iterations)
        a = r["results"][0]
        lo, hi = a["interval"]
        print(
            f"| {pairing} | {r['matches']} | {a['win_rate']:.1%} | {lo:.1%}-{hi:.1%} | "
            f"{a['points_per_hand']} vs {r['results'][1]['points_per_hand']} | "
            f"{args.iterations} | {a['median_decision_seconds']} | {r['seconds']:.0f} s |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
