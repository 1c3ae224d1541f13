"""Both strength pairings of issue 9 for every game, as one Markdown table (run by hand:
``python benchmarks/tournaments.py [--games kruisjassen,butifarra] [--matches 100,20]
[--iterations 400 | --iterations kruisjassen=800,butifarra=300] [--jobs 1]``).

For each game (every registered game, or those of ``--games``) it runs the duplicate
tournaments of ``cardtable tournament`` (``cardtable.bots.tournament.run_tournament``):
``simple,random`` and ``strong,simple`` (``--pairings`` for one of them). A match is the
game's own match under its default options (for example Kruisjassen to 11 strepen,
Manille Muette to two hands won), played once per rotation of the seats for each deal.
The strong bot searches in process with a fixed number of playouts per decision
(``--iterations``; default: ``ITERATIONS`` below, each well under what a 1 s budget buys on
the 2-core machine by ``bench_strong.py``); the table prints the median seconds per
decision measured in the run itself (one core, in process; the table's process pool has
two workers), so a row never claims more than its time shows: a median above 1 s is
marked ``(over 1 s)``.

Columns: game, players, pairing (first bot against the second), matches (deals times
rotations), the mean hands per match, the first bot's win rate and its 95% Wilson interval, its points per hand
against the other's, the strong bot's playouts per decision, the first bot's median
seconds per decision, and the wall time of the row. Rows are printed as they finish (the
header first), so a long run can be stopped and its finished rows kept.
"""

from __future__ import annotations

import argparse
import sys
import time

from common import bench_seconds  # noqa: F401  (puts the clone on sys.path)

from cardtable.bots.tournament import run_tournament
from cardtable.engine import get_game
from cardtable.engine.registry import game_ids

PAIRINGS = (("simple", "random"), ("strong", "simple"))

#: playouts per decision of the strong bot per game (what ``--iterations`` overrides): a
#: fraction of what 1 s buys (bench_strong.py: 6,000 to 10,000 playouts in a 1 s decision
#: with the pool), so that a whole table runs in about an hour of one core
ITERATIONS = {
    "kruisjassen": 400,
    "grevjas": 400,
    "schutjassen": 400,
    "handjas": 400,
    "manille": 400,
    "manille-parlee": 400,
    "manille-muette": 400,
    "butifarra": 400,
    "klassieke-rummy": 100,
    "basis-rummy": 100,
    "jokeren": 100,
    "loba": 100,
    "ramino-drift": 100,
}
DEFAULT_ITERATIONS = 200


def per_game(text: str | None, kind, what: str) -> tuple[object, dict[str, object]]:
    """``N`` (one value for every game) or ``game=N,game=N`` (per game): (the value for
    every game or None, the per-game values)."""
    if not text:
        return None, {}
    if "=" not in text:
        return kind(text), {}
    out = {}
    for part in text.split(","):
        gid, sep, value = part.partition("=")
        if not sep:
            raise SystemExit(f"{what} {text!r}: write N or game=N,game=N")
        out[gid.strip()] = kind(value)
    return None, out


def parse_options(items: list[str]) -> dict[str, dict[str, str]]:
    """``--option game:key=value`` (repeatable) as {game: {key: value}}."""
    out: dict[str, dict[str, str]] = {}
    for item in items:
        gid, sep, kv = item.partition(":")
        key, sep2, value = kv.partition("=")
        if not sep or not sep2:
            raise SystemExit(f"--option {item!r}: write game:key=value")
        out.setdefault(gid, {})[key] = value
    return out


def row(gid: str, game, pairing: tuple[str, str], summary: dict, wall: float) -> str:
    first, second = summary["results"]
    lo, hi = first["interval"]
    med = first["median_decision_seconds"]
    iters = summary["iterations"] if "strong" in pairing else None
    med_text = (
        "-" if med is None else ((f"{med:.3f}" if med >= 0.001 else "<0.001") + (" (over 1 s)" if med > 1.0 else ""))
    )
    opts = "; ".join(f"{k}={v}" for k, v in summary.get("set_options", {}).items())
    name = gid + (f" ({opts})" if opts else "")
    unfinished = f" ({summary['unfinished']} unfinished)" if summary["unfinished"] else ""
    return (
        f"| {name} | {game.players} | {pairing[0]} vs {pairing[1]} | {summary['matches']}{unfinished} | "
        f"{summary['hands'] / summary['matches']:.1f} | "
        f"{first['win_rate']:.1%} | {lo:.1%}-{hi:.1%} | "
        f"{first['points_per_hand']:g} vs {second['points_per_hand']:g} | "
        f"{iters if iters is not None else '-'} | {med_text} | {wall:.0f} s |"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(game_ids()), help="comma-separated game ids")
    ap.add_argument(
        "--pairings", default="simple,random;strong,simple", help="the pairings, separated by ';' (default: both)"
    )
    ap.add_argument(
        "--matches",
        default="100,20",
        help="deals of simple,random and of strong,simple (one number: both); each deal is "
        "played once per rotation of the seats",
    )
    ap.add_argument(
        "--iterations",
        default=None,
        help="the strong bot's playouts per decision: N, or game=N,game=N (default: ITERATIONS)",
    )
    ap.add_argument("--players", default=None, help="seats: N or game=N,game=N (default: each game's)")
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="GAME:KEY=VALUE",
        help="a game option for one game (repeatable)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="matches at once in worker processes")
    ap.add_argument("--max-hands", type=int, default=200)
    args = ap.parse_args(argv)

    pairings = [tuple(p.split(",")) for p in args.pairings.split(";") if p]
    m = [int(x) for x in args.matches.split(",")]
    deals = {("simple", "random"): m[0], ("strong", "simple"): m[-1]}
    it_all, it_game = per_game(args.iterations, int, "--iterations")
    pl_all, pl_game = per_game(args.players, int, "--players")
    options = parse_options(args.option)
    print(
        f"seed {args.seed}; the strong bot searches in process at a fixed playout count; "
        "s/decision: median over the first bot's decisions with more than one legal move"
    )
    print()
    print(
        "| game | players | pairing | matches | hands/match | win rate | 95% interval | points/hand | "
        "playouts/decision | median s/decision | wall |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    sys.stdout.flush()
    for gid in args.games.split(","):
        gid = gid.strip()
        players = pl_game.get(gid, pl_all)
        game = get_game(gid, **({"players": players} if players else {}), **options.get(gid, {}))
        iters = it_game.get(gid, it_all)
        if iters is None:  # 0 is a count: the strong bot plays its prior
            iters = ITERATIONS.get(gid, DEFAULT_ITERATIONS)
        for pairing in pairings:
            t0 = time.perf_counter()
            summary = run_tournament(
                game,
                list(pairing),
                deals.get(pairing, m[-1]),
                seed=args.seed,
                iterations=iters if "strong" in pairing else None,
                jobs=args.jobs,
                max_hands=args.max_hands,
            )
            summary["set_options"] = options.get(gid, {})
            print(row(gid, game, pairing, summary, time.perf_counter() - t0))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
