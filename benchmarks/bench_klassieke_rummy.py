"""Klassieke Rummy throughput: random-play hands per second (2, 4, 6 players), mean actions
per hand, and the simple bot's time per decision. Run by hand:

    python benchmarks/bench_klassieke_rummy.py [--hands N] [--options ace_mode=bridge,...]

Random play is a poor player: it discards at random and breaks up its own melds, so its
hands are long (hundreds of actions) and now and then reach a dead end that ruling 9 voids;
the report shows both.
"""

from __future__ import annotations

import argparse
import random
import time

from common import bot_hands, random_hand  # puts the clone on sys.path

from cardtable.engine import get_game

GAME = "klassieke-rummy"


def parse_options(text: str) -> dict:
    out = {}
    for part in filter(None, text.split(",")):
        k, _, v = part.partition("=")
        out[k.strip()] = v.strip()
    return out


def bench_random(n: int, hands: int, options: dict) -> dict:
    g = get_game(GAME, n, **options)
    choice = random.Random(1).choice
    actions = turnovers = voids = 0
    t0 = time.perf_counter()
    for h in range(hands):
        st, k = random_hand(g, h, choice)
        actions += k
        turnovers += st.turnovers
        voids += st.result().outcome == "void"
    dt = time.perf_counter() - t0
    return {
        "hands_per_s": hands / dt,
        "actions_per_hand": actions / hands,
        "actions_per_s": actions / dt,
        "turnovers_per_hand": turnovers / hands,
        "void_pct": 100 * voids / hands,
    }


def bench_bot(n: int, hands: int, options: dict) -> dict:
    ends = []
    r = bot_hands(get_game(GAME, n, **options), range(hands), at_end=lambda st: ends.append(st.result().outcome))
    voids = ends.count("void")
    return {
        "hands_per_s": hands / r.elapsed,
        "actions_per_hand": r.decisions / hands,
        "ms_per_decision": 1000 * r.choose / r.decisions,
        "worst_ms": 1000 * r.worst_choose,
        "obs_ms": 1000 * r.observe / r.decisions,
        "void_pct": 100 * voids / hands,
    }


def bench_core(n: int, options: dict, reps: int = 20000) -> dict:
    g = get_game(GAME, n, **options)
    st = g.new_hand(seed=3).apply("draw stock")
    t0 = time.perf_counter()
    for _ in range(reps):
        st.clone()
    t1 = time.perf_counter()
    for _ in range(reps):
        st._cache = None
        st._legal()
    t2 = time.perf_counter()
    return {"clone_us": 1e6 * (t1 - t0) / reps, "legal_us": 1e6 * (t2 - t1) / reps}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--options", default="")
    args = ap.parse_args()
    opts = parse_options(args.options)
    print(f"Klassieke Rummy, options {opts or 'default'}")
    for n in (2, 4, 6):
        r = bench_random(n, args.hands, opts)
        print(
            f"  random {n}p: {r['hands_per_s']:7.1f} hands/s  {r['actions_per_hand']:6.1f} actions/hand  "
            f"{r['actions_per_s']:8.0f} actions/s  {r['turnovers_per_hand']:5.2f} turnovers/hand  "
            f"void {r['void_pct']:.1f}%"
        )
    for n in (2, 4, 6):
        r = bench_bot(n, args.hands, opts)
        print(
            f"  simple {n}p: {r['hands_per_s']:7.1f} hands/s  {r['actions_per_hand']:6.1f} actions/hand  "
            f"{r['ms_per_decision']:.3f} ms/decision (worst {r['worst_ms']:.2f})  "
            f"observation {r['obs_ms']:.3f} ms  void {r['void_pct']:.1f}%"
        )
    for n in (2, 6):
        r = bench_core(n, opts)
        print(f"  core {n}p: clone {r['clone_us']:.2f} us  legal (play step) {r['legal_us']:.2f} us")


if __name__ == "__main__":
    main()
