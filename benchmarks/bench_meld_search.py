"""The meld search with jokers at its worst, for every registered wild rummy (issue 11 item 8).

A wild rummy is a registered game of the rummy family whose deck holds jokers, so games added
later are measured too. For each (at its largest player count, default options): a position
where the seat to act holds 13 cards with 2 jokers, has drawn a 14th, owns a meld, and the
table holds many melds (``--melds``, default 14; some with a joker), built from the game's own
meld search so that every meld is valid under its rules. A decision is what the table does for
a bot: the observation (with its legal list: every meld, lay-off and swap) and the simple
bot's choice, the meld memos cleared before each one (a hand pattern never seen before).
Also: the bot's time per decision over whole seeded bot hands. Times are CPU time of the
process (``time.process_time``), so that other work on the machine does not count. The aim:
under 20 ms per decision at the worst position. Run by hand:

    python benchmarks/bench_meld_search.py [--rounds N] [--hands N] [--melds N] [--games a,b]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from common import get_bot, time_simple_decision  # puts the clone on sys.path

from cardtable.cards import JOKER, card_text, is_joker, parse_cards
from cardtable.engine import get_game
from cardtable.engine.registry import game_class, game_ids
from cardtable.families.melds import meld_uses

HAND = "5H 6H 7H 8H 9H 7C 7D 7S 8S QS KS JK JK"
DRAWN = "4H"


def wild_rummies() -> list[str]:
    """The registered rummies whose deck holds a joker."""
    out = []
    for gid in sorted(game_ids()):
        cls = game_class(gid)
        if getattr(cls, "family", None) != "rummy":
            continue
        g = get_game(gid, cls.max_players)
        if JOKER in g.deck():
            out.append(gid)
    return out


def worst_position(gid: str, n_melds: int):
    """The game and the position after seat 0's draw (module docstring)."""
    g = get_game(gid, game_class(gid).max_players)
    n = g.players
    rng = random.Random(7)
    rest = Counter(g.deck())
    rest.subtract(parse_cards(HAND + " " + DRAWN))
    table = []
    jokers_on_table = 0
    while len(table) < n_melds:  # disjoint melds from what is left, a joker in every third
        pool = list(rest.elements())
        naturals = [c for c in pool if not is_joker(c)]
        rng.shuffle(naturals)
        with_joker = jokers_on_table < 2 and len(table) % 3 == 1 and rest[JOKER] > 0
        sample = naturals[:24] + ([JOKER] if with_joker else [])
        found = [
            cards
            for _k, cards in g.melds_in(sample)
            if (any(is_joker(c) for c in cards) == with_joker) and len(cards) <= 5
        ]
        if not found:
            continue
        cards = rng.choice(found)
        rest.subtract(meld_uses(cards))
        jokers_on_table += with_joker
        table.append(cards)
    left = list(rest.elements())
    k = min(9, (len(left) - 2) // n)  # the other hands: up to 9 cards each, the rest the stock
    others = [[card_text(c) for c in left[i * k : (i + 1) * k]] for i in range(n - 1)]
    stock = [card_text(c) for c in left[k * (n - 1) :]]
    deal = {
        "dealer": n - 1,
        "hands": [HAND.split()] + others,
        "stock": [DRAWN] + stock[:-1],
        "discard": [stock[-1]],
        "melds": [{"owner": i % n, "cards": [card_text(c) for c in m]} for i, m in enumerate(table)],
        "to_act": 0,
    }
    st = g.from_deal(deal)
    if hasattr(st, "turn"):
        st.turn = n  # after the first round
    return g, st.apply("draw stock")


def time_decision(g, st, rounds: int) -> list[float]:
    return time_simple_decision(g, st, rounds, time.process_time)


def bot_hands(gid: str, n: int, hands: int) -> tuple[float, float, float, int]:
    g = get_game(gid, n)
    bots = [get_bot("simple", g, seed=s) for s in range(n)]
    times = []
    for seed in range(hands):
        st = g.new_hand(seed)
        while not st.over:
            t = time.process_time()
            a = bots[st.to_act].choose(st.observation(st.to_act))
            times.append(time.process_time() - t)
            st = st.apply(a, check=False)
    times.sort()
    return statistics.mean(times), times[int(len(times) * 0.99) - 1], times[-1], len(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--melds", type=int, default=14)
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every wild rummy)")
    args = ap.parse_args()
    games = args.games.split(",") if args.games else wild_rummies()
    for gid in games:
        try:
            g, st = worst_position(gid, args.melds)
        except Exception as e:  # a game whose positions this builder cannot write
            print(f"{gid}: no worst position ({type(e).__name__}: {e})")
            continue
        legal = st.legal_actions()
        ts = sorted(time_decision(g, st, args.rounds)[1:])  # the first round: one-time imports
        print(
            f"{gid} ({g.players} players): {len(st.hands[0])} cards in hand (2 jokers), {len(st.melds)} "
            f"table melds, {len(legal)} legal actions; simple bot, cold memos: median "
            f"{statistics.median(ts) * 1000:.2f} ms, max {ts[-1] * 1000:.2f} ms per decision"
        )
        for n in sorted({game_class(gid).min_players, game_class(gid).max_players}):
            mean, p99, mx, k = bot_hands(gid, n, args.hands)
            print(
                f"  {n} players, {args.hands} bot hands: {k} decisions, mean {mean * 1000:.2f} ms, "
                f"99th percentile {p99 * 1000:.2f} ms, max {mx * 1000:.2f} ms"
            )


if __name__ == "__main__":
    main()
