"""Amerikaans Jokeren: a decision before coming out at its worst (the compound ``open``).

The position: 4 players, hand 3 (40 meld points), turn 3 (going out at once is searched too),
the seat to act has not come out and holds 13 cards with 2 jokers, draws a 14th, and the other
players own 5 melds (6,961 legal actions). A decision is what the table does for a bot: the
observation (its legal list holds the discards; the opens are built only when read, a
``LazyActions``) and the simple bot's choice, the state's caches cleared (and garbage collected)
before each one. Also: applying the bot's open (``is_legal`` checks it alone), ``is_legal`` of one
``open``, the table's search for the opens of selected cards, and reading the whole list. Times
are CPU time (``time.process_time``). The aim: under 20 ms per decision. Run by hand:

    python benchmarks/bench_amerikaans_open.py [--rounds N]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections import Counter

import common  # noqa: F401  (puts the clone on sys.path)

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_cards
from cardtable.engine import Action, get_game
from cardtable.families.melds import meld_uses

HAND = "5H 6H 7H 8H 9H 7C 7D 7S 8S QS KS JK JK"
DRAWN = "4H"
MELDS = [(1, "2C 3C 4C"), (2, "TD JD QD"), (3, "KH KC KD"), (1, "9S TS JS"), (2, "2D 3D 4D 5D")]
OTHERS = ["2H 3H 2S", "6C 8C TC", "AS AD 6D"]


def position(game):
    hands = [HAND.split()] + [h.split() for h in OTHERS]
    used = Counter()
    for h in hands:
        used.update(parse_cards(h))
    used.update(parse_cards([DRAWN, "9D"]))
    for _o, cards in MELDS:
        used.update(meld_uses(parse_cards(cards.split())))
    rest = sorted((Counter(game.deck()) - used).elements())
    deal = {
        "dealer": 3,
        "hands": hands,
        "stock": [DRAWN] + [card_text(c) for c in rest],
        "discard": ["9D"],
        "melds": [{"owner": o, "cards": c.split()} for o, c in MELDS],
        "to_act": 0,
        "hand_no": 3,
        "turn": 3,
    }
    st = game.from_deal(deal)
    return st.apply(Action("draw", "stock"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    game = get_game("amerikaans-jokeren", players=4)
    st = position(game)
    bot = get_bot("simple", game, seed=1)

    def fresh():
        s = st.clone()
        s._cache = None
        s._ocache = None
        gc.collect()
        return s

    def timed(rounds, step, setup=None):
        """CPU seconds of ``step(s)`` (after ``setup(s)``, untimed) on ``rounds`` fresh
        copies of the position, and the last value it returned."""
        times, out = [], None
        for _ in range(rounds):
            s = fresh()
            arg = setup(s) if setup else s
            t = time.process_time()
            out = step(arg)
            times.append(time.process_time() - t)
        return times, out

    def ms(times):
        return f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"

    legal_n = len(fresh().legal_actions())
    times, pick = timed(args.rounds, lambda s: bot.choose(s.observation(s.to_act)))
    print(
        f"amerikaans-jokeren (4 players, hand 3, not come out): 14 cards (2 jokers), {len(MELDS)} melds of "
        f"others, {legal_n} legal actions; observation + simple bot: {ms(times)} per decision"
    )
    print(f"  the bot's choice: {pick.text()}")
    times, _ = timed(args.rounds, lambda s: s.apply(pick))
    print(f"  applying it (is_legal checks it alone): {ms(times)}")
    probe = game.parse_action("open 5H 6H 7H 8H 9H, 7C 7D 7S")
    times, _ = timed(args.rounds, lambda s: s.is_legal(probe))
    print(f"  is_legal({probe.text()!r}): median {statistics.median(times) * 1000:.1f} ms")
    cards = [c for p in pick.parts for c in p.cards]
    times, found = timed(args.rounds, lambda obs: obs.legal.matching(cards), lambda s: s.observation(s.to_act))
    print(f"  the table's open of the {len(cards)} selected cards ({len(found)} partitions): {ms(times)}")
    times, n = timed(max(1, args.rounds // 5), lambda obs: len(obs.legal), lambda s: s.observation(s.to_act))
    print(f"  reading the whole list ({n} actions, built when read): median {statistics.median(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
