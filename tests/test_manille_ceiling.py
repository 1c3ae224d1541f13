"""benchmarks/bench_manille_ceiling.py: the exact 2-player search of Manille (small endings
checked by hand), the best-of-three formula, and the oracle's sample being the real deal."""

from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "benchmarks"))

from bench_manille_ceiling import DoubleDummy, TrueDeal, best_of_three  # noqa: E402

from cardtable.cards import parse_card  # noqa: E402
from cardtable.engine import get_game  # noqa: E402
from cardtable.families.tricks import mask_of  # noqa: E402


def mask(*codes: str) -> int:
    return mask_of([parse_card(c) for c in codes])


def test_double_dummy_small_endings():
    t = get_game("manille", players=2).ranking.table(2)  # trump hearts (C D H S)
    # TH led: the defender must follow with AH; the declarer takes 5 + 4 + 1
    dd = DoubleDummy(t)
    assert dd.can_make(mask("TH"), mask("AH"), True, 10)
    assert not dd.can_make(mask("TH"), mask("AH"), True, 11)
    # 7S TH against TS 7C: whichever he leads, the declarer takes one trick of 6 points
    for need, ok in ((6, True), (7, False)):
        assert DoubleDummy(t).can_make(mask("7S", "TH"), mask("TS", "7C"), True, need) is ok
    # the defender leads 7C: the declarer (no clubs) must trump with TH, then TS beats 7S
    assert DoubleDummy(t).can_make(mask("7S", "TH"), mask("TS", "7C"), False, 6)
    assert not DoubleDummy(t).can_make(mask("7S", "TH"), mask("TS", "7C"), False, 7)


def test_best_of_three():
    assert best_of_three(0.5) == 0.5
    assert best_of_three(1.0) == 1.0
    assert abs(best_of_three(0.7135) - 0.80) < 0.001


def test_oracle_samples_the_real_deal():
    game = get_game("manille-muette")
    state = game.new_hand(seed=3)
    world = TrueDeal(state, 1).sample(random.Random(0))
    assert world is not state and world.hands == state.hands
