"""The strong bot's speed per game (run by hand:
``python benchmarks/bench_strong.py [--budget 1] [--positions 12] [--games kruisjassen,...]``).

Positions: for each game, ``--positions`` decisions with more than one legal action taken
from bot-only matches of simple bots (seeds 0, 1, ...; every 7th such decision, so bids,
trump choices, rummy draws and discards and card play all come up). For each position:

- ``playouts/s in process``: ``search_chunk`` for a fixed number of rounds in this process,
  per second of CPU time (one core: a sample, each legal action applied to a clone and
  played out by the fast ``playout``);
- ``decision``: ``StrongBot.choose(info, budget)`` with the process pool (the way the table
  calls it): wall seconds per decision (median and worst) and playouts per decision
  (median), which is what the budget buys on this machine as loaded now.
"""

from __future__ import annotations

import argparse
import statistics
import time

from common import bench_seconds  # noqa: F401  (puts the clone on sys.path)

from cardtable.bots import get_bot
from cardtable.bots.pimc import search_chunk
from cardtable.bots.pool import get_pool
from cardtable.bots.strong import StrongBot
from cardtable.engine import Match, get_game
from cardtable.engine.registry import game_ids


def positions(gid: str, n: int, every: int = 7, players: int | None = None) -> list:
    game = get_game(gid, players)
    out = []
    seed = 0
    k = 0
    while len(out) < n:
        match = Match(game, seed=seed)
        bots = [get_bot("simple", game, seed=s) for s in range(game.players)]
        while not match.over and len(out) < n:
            st = match.start_next()
            while st.to_act is not None and len(out) < n:
                s = st.to_act
                obs = st.observation(s)
                if len(obs.legal) > 1:
                    k += 1
                    if k % every == 0:
                        out.append((game, st.information_set(s)))
                st = match.apply(bots[s].choose(obs))
        seed += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per decision")
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--games", default=",".join(game_ids()))
    ap.add_argument("--players", type=int, default=None, help="seats (default: each game's)")
    args = ap.parse_args()
    get_pool().submit(int).result()  # start the workers before timing
    print(f"strong bot, {args.positions} positions per game, budget {args.budget:g} s")
    print(
        f"{'game':16s}{'playouts/s in process':>23s}{'median s':>10s}{'worst s':>9s}"
        f"{'playouts/decision':>19s}{'legal (median)':>16s}"
    )
    for gid in args.games.split(","):
        pos = positions(gid, args.positions, players=args.players)
        n = 0
        cpu = 0.0
        for _game, iset in pos:
            legal = tuple(iset.observation.legal)
            t0 = time.process_time()
            st = search_chunk(iset, legal, "bench", 3)
            cpu += time.process_time() - t0
            n += st.playouts
        walls = []
        iters = []
        for i, (game, iset) in enumerate(pos):
            bot = get_bot("strong", game, seed=i)  # the game's own strong bot (a StrongBot)
            assert isinstance(bot, StrongBot)
            t0 = time.perf_counter()
            bot.choose(iset, args.budget)
            walls.append(time.perf_counter() - t0)
            iters.append(bot.last.stats.playouts)
        legal_n = statistics.median(len(iset.observation.legal) for _g, iset in pos)
        print(
            f"{gid:16s}{n / cpu:23,.0f}{statistics.median(walls):10.3f}{max(walls):9.3f}"
            f"{statistics.median(iters):19,.0f}{legal_n:16g}"
        )


if __name__ == "__main__":
    main()
