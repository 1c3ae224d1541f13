"""Does the strong bot keep its time budget with the CPU busy? (run by hand:
``python benchmarks/bench_budget_load.py [--budget 1] [--spinners 3] [--positions 8]
[--games kruisjassen,klassieke-rummy,jokeren,manille] [--no-hints]``)

Beside this process, ``--spinners`` busy-loop processes (``multiprocessing``, at the normal
priority, each a ``while True`` loop) keep the CPU loaded for the whole run. Then, per game,
``--positions`` decisions with more than one legal action (``bench_strong.positions``: every
7th decision of simple-bot matches, so bids, trump, draws, discards and card play all come
up) are each timed, wall seconds from the call to the answer:

- ``decision``: ``StrongBot.choose(info, budget)`` with the process pool, as the table
  calls it;
- ``hint``: ``bots.hint_search(game, info, budget)``: the hint's search, its sheet scale
  and its reason (``--no-hints`` leaves them out).

The very first decision runs before the pool has any worker (``cold``: the workers start
while the clock runs, as when a table opens under load); the pool is then started and
every later decision finds its workers up, as ``warm_up`` leaves them at a table.

Prints per game the median and worst seconds and the median playouts a decision bought,
then the same over all games. The aim: worst at most the budget plus 0.1 s. Nothing is
asserted: the numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time

from bench_strong import positions
from common import bench_seconds  # noqa: F401  (puts the clone on sys.path)

from cardtable import bots
from cardtable.bots import get_bot
from cardtable.bots.pool import get_pool, pool_workers, submit
from cardtable.bots.strong import StrongBot


def _spin(stop) -> None:
    """A busy loop until ``stop`` is set (checked every few million steps)."""
    while not stop.is_set():
        x = 0
        for i in range(2_000_000):
            x += i


def _row(name: str, walls: list[float], playouts: list[int]) -> str:
    if not walls:
        return f"{name:18s}{'-':>6s}"
    po = f"{statistics.median(playouts):,.0f}" if playouts else "-"
    return f"{name:18s}{len(walls):6d}{statistics.median(walls):10.3f}{max(walls):9.3f}{po:>12s}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per decision")
    ap.add_argument("--spinners", type=int, default=3, help="busy-loop processes beside the bot")
    ap.add_argument("--positions", type=int, default=8, help="decisions per game")
    ap.add_argument("--games", default="kruisjassen,klassieke-rummy,jokeren,manille")
    ap.add_argument("--no-hints", action="store_true", help="time the bot's decisions only")
    args = ap.parse_args()

    games = args.games.split(",")
    pos = {gid: positions(gid, args.positions) for gid in games}
    stop = multiprocessing.Event()
    spinners = [multiprocessing.Process(target=_spin, args=(stop,), daemon=True) for _ in range(args.spinners)]
    for p in spinners:
        p.start()
    time.sleep(0.5)  # the spinners running before the first clock
    print(
        f"strong bot at a {args.budget:g} s budget, {args.spinners} busy-loop processes beside it, "
        f"{pool_workers()} pool workers"
    )
    print(f"{'':18s}{'n':>6s}{'median s':>10s}{'worst s':>9s}{'playouts':>12s}")
    try:
        # the first decision with no worker started yet (the workers start on the clock)
        game, iset = pos[games[0]][0]
        bot = get_bot("strong", game, seed=0)
        assert isinstance(bot, StrongBot)
        t0 = time.perf_counter()
        bot.choose(iset, args.budget)
        cold = time.perf_counter() - t0
        print(_row("cold pool", [cold], [bot.last.stats.playouts]))
        pool = get_pool()  # then every worker up, as warm_up leaves them
        for f in [submit(pool, int) for _ in range(pool_workers())]:
            f.result()
        every: dict[str, list[float]] = {"decision": [], "hint": []}
        every_po: list[int] = []
        for gid in games:
            walls, hints, playouts = [], [], []
            for i, (game, iset) in enumerate(pos[gid]):
                bot = get_bot("strong", game, seed=i)
                assert isinstance(bot, StrongBot)
                t0 = time.perf_counter()
                bot.choose(iset, args.budget)
                walls.append(time.perf_counter() - t0)
                playouts.append(bot.last.stats.playouts)
                if not args.no_hints:
                    t0 = time.perf_counter()
                    bots.hint_search(game, iset, args.budget)
                    hints.append(time.perf_counter() - t0)
            print(_row(f"{gid}", walls, playouts))
            if hints:
                print(_row("  hint", hints, []))
            every["decision"] += walls
            every["hint"] += hints
            every_po += playouts
        print(_row("all decisions", every["decision"], every_po))
        if every["hint"]:
            print(_row("all hints", every["hint"], []))
    finally:
        stop.set()
        for p in spinners:
            p.join(5)


if __name__ == "__main__":
    main()
