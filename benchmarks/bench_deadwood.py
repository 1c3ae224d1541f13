"""The deadwood solver (families/deadwood.py, issue 25): the time of one ``value(hand)`` and of
one ``split(hand)`` on random hands. Run by hand:

    python benchmarks/bench_deadwood.py [--hands N]

Figures (median and 90th percentile over N random hands, CPU time of one call):

- a 10-card hand of one pack without wild cards (Klop Rummy with 2, Jersey Gin): aim < 50 µs;
- an 8-card Ramino klop hand (two packs) holding two jokers, melds of 3 or 4: aim < 0.5 ms;
- the end step's legality of an 11-card hand (``after_discards``: the 11 discards in one search).

"warm": the meld matcher's memos (per suit pattern) as a game leaves them; "cold": cleared
before every call (a pattern never seen before).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import common  # noqa: F401  (puts the clone on sys.path)

from cardtable.cards import JOKER, full52
from cardtable.families import melds as wild_melds
from cardtable.families import rummy
from cardtable.families.deadwood import Deadwood
from cardtable.families.melds import SET_CARD, MeldRules
from cardtable.families.rummy import ACE_LOW, points_table

POINTS = points_table(ace=1, joker=20)


def _clear() -> None:
    for memo in (rummy._RUN_PAIRS, rummy._SET_PAIRS, wild_melds._RUN_MEMO, wild_melds._SET_MEMO):
        memo.clear()


def measure(fn, hands, cold: bool) -> tuple[float, float]:
    times = []
    clock = time.perf_counter_ns
    for h in hands:
        if cold:
            _clear()
        t = clock()
        fn(h)
        times.append((clock() - t) / 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000)
    args = ap.parse_args()
    rng = random.Random(25)
    one = Deadwood(MeldRules(ace_mode=ACE_LOW), POINTS)
    ramino = Deadwood(MeldRules(ace_mode=ACE_LOW, max_set=4, max_run=4, set_jokers=SET_CARD), POINTS, wild=True)
    deck = full52()
    ten = [rng.sample(deck, 10) for _ in range(args.hands)]
    eleven = [rng.sample(deck, 11) for _ in range(args.hands)]
    two = full52() * 2
    r8 = [rng.sample(two, 6) + [JOKER, JOKER] for _ in range(args.hands)]
    rows = [
        ("10 cards, one pack: value", one.value, ten, 50),
        ("10 cards, one pack: split", one.split, ten, None),
        ("11 cards: after_discards (11 values)", one.after_discards, eleven, None),
        ("Ramino 8 cards, 2 jokers: value", ramino.value, r8, 500),
        ("Ramino 8 cards, 2 jokers: split", ramino.split, r8, None),
    ]
    print(f"{args.hands} random hands each; µs per call (wall clock)")
    for name, fn, hands, aim in rows:
        for cold in (False, True):
            for h in hands[:50]:  # warm the memos as a game would
                fn(h)
            med, p90 = measure(fn, hands, cold)
            tag = "cold" if cold else "warm"
            goal = f"  (aim < {aim} µs)" if aim else ""
            print(f"  {name:40s} {tag}: median {med:7.1f}  p90 {p90:7.1f}{goal}")


if __name__ == "__main__":
    main()
