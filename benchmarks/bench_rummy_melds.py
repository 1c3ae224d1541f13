"""The joker meld search at its worst (issue 11): the simple bot's time per decision in Basis
Rummy with two packs, a 13-card hand holding 2 jokers (14 after the draw) and 14 melds on the
table (a set with a rank joker, a run with a joker), the meld memos cleared before every decision
(a hand pattern never seen before). A decision is what the table does for a bot: the
observation (with its legal list: every meld, lay-off and swap) and the bot's choice. Run by
hand:

    python benchmarks/bench_rummy_melds.py [--rounds N]

Also: the bot's decision time over whole random-seeded bot hands (2 and 7 players).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from common import get_bot, time_simple_decision  # puts the clone on sys.path

from cardtable.cards import card_text, parse_cards
from cardtable.engine import get_game
from cardtable.families.melds import meld_uses

HAND = "5H 6H 7H 8H 9H 7C 7D 7S 8S QS KS JK JK"
TABLE = [
    "3C 4C 5C JK=6C",
    "9D TD JD",
    "KC KD KH",
    "2S 3S 4S 5S",
    "AH 2H 3H",
    "JC QC KC AC",
    "QH QD JK=Q*",
    "8C 8D 8H",
    "TH JH QH",
    "4D 5D 6D 7D",
    "2D 2C 2H",
    "8S 9S TS JS",
    "9C 9S 9D",
    "6S 6C 6D",
]


def worst_position():
    g = get_game("basis-rummy", 4, packs="2")
    used = Counter(parse_cards(HAND))
    for m in TABLE:
        used.update(meld_uses(parse_cards(m)))
    used.update(parse_cards("4H"))  # the card drawn
    rest = sorted((Counter(g.deck()) - used).elements())
    others = [[card_text(c) for c in rest[i * 9 : (i + 1) * 9]] for i in range(3)]
    stock = [card_text(c) for c in rest[27:]]
    deal = {
        "dealer": 3,
        "hands": [HAND.split()] + others,
        "stock": ["4H"] + stock[:-1],
        "discard": [stock[-1]],
        "melds": [{"owner": i % 4, "cards": m.split()} for i, m in enumerate(TABLE)],
        "to_act": 0,
    }
    return g, g.from_deal(deal).apply("draw stock")


def time_decision(g, st, rounds: int) -> list[float]:
    return time_simple_decision(g, st, rounds, time.perf_counter)


def bot_hands(n: int, opts: dict, hands: int) -> tuple[float, float, int]:
    g = get_game("basis-rummy", n, **opts)
    bots = [get_bot("simple", g, seed=s) for s in range(n)]
    times = []
    for seed in range(hands):
        st = g.new_hand(seed)
        while not st.over:
            t = time.perf_counter()
            a = bots[st.to_act].choose(st.observation(st.to_act))
            times.append(time.perf_counter() - t)
            st = st.apply(a, check=False)
    times.sort()
    return statistics.mean(times), times[int(len(times) * 0.99) - 1], len(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=50)
    ap.add_argument("--hands", type=int, default=20)
    args = ap.parse_args()
    g, st = worst_position()
    legal = st.legal_actions()
    print(
        f"worst position: {len(st.hands[0])} cards in hand (2 jokers), {len(st.melds)} table melds, "
        f"{len(legal)} legal actions"
    )
    ts = time_decision(g, st, args.rounds)
    ts.sort()
    print(
        f"  simple bot, cold memos: median {statistics.median(ts) * 1000:.2f} ms, "
        f"95th percentile {ts[int(len(ts) * 0.95) - 1] * 1000:.2f} ms, max {ts[-1] * 1000:.2f} ms "
        f"(the first round includes one-time imports) per decision"
    )
    for n, opts in ((2, {}), (7, {})):
        mean, mx, k = bot_hands(n, opts, args.hands)
        print(
            f"  {n} players, {args.hands} bot hands: {k} decisions, mean {mean * 1000:.2f} ms, "
            f"99th percentile {mx * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()
