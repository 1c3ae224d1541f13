"""The strong bot's prior for the rummies with jokers (bots/wild_rummy.py ``prior_choose``, and
the priors of bots/jokeren.py, bots/amerikaans_jokeren.py and bots/elimination.py): legal at random
positions of each game it plays, the same move for the same seed, and reading only the
observation (hidden cards swapped, the same move)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_search import positions, swapped

from cardtable.bots import wild_rummy
from cardtable.bots.strong import prior_policy
from cardtable.cards import parse_cards
from cardtable.engine import get_game
from cardtable.families.melds import MeldRules

GAMES = ("basis-rummy", "jokeren", "amerikaans-jokeren", "ramino-drift", "loba")


def _decisions(gid, n=8, seed=5):
    out = []
    for st, _h in positions(gid, 2, {}, n=4 * n, seed=seed, policy="mixed"):
        if len(st.legal_actions()) > 1:
            out.append(st)
        if len(out) == n:
            break
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_each_game_has_its_own_prior(gid):
    """No game of the family falls through to a prior written for another class."""
    want = {
        "amerikaans-jokeren": "cardtable.bots.amerikaans_jokeren",
        "jokeren": "cardtable.bots.jokeren",
        "ramino-drift": "cardtable.bots.elimination",
        "loba": "cardtable.bots.elimination",
    }
    pol = prior_policy(get_game(gid, players=2))
    assert pol.__module__ == want.get(gid, "cardtable.bots.wild_rummy")


@pytest.mark.parametrize("gid", GAMES)
def test_prior_is_legal_reproducible_and_sees_only_the_observation(gid):
    game = get_game(gid, players=2)
    pol = prior_policy(game)
    rng = random.Random(0)
    for st in _decisions(gid):
        seat = st.to_act
        other = swapped(st, seat, rng)
        for view in ("observation", "policy_observation"):  # the table's and a playout's
            obs = getattr(st, view)(seat)
            a = pol(obs, game, random.Random(7))
            assert st.is_legal(a), (gid, a)
            assert pol(obs, game, random.Random(7)) == a
            if other is not None:  # hidden cards elsewhere: the same move
                assert pol(getattr(other, view)(seat), game, random.Random(7)) == a


def test_min_deadwood_splits_a_hand_into_melds():
    rules = MeldRules(min_natural=1)
    pts = get_game("basis-rummy", players=2).points
    assert wild_rummy.min_deadwood(parse_cards("5H 6H 7H 9C 9D 9S"), rules, pts) == (0, 0)
    assert wild_rummy.min_deadwood(parse_cards("5H 6H JK KS"), rules, pts) == (1, 10)
    assert wild_rummy.min_deadwood(parse_cards("2C 8D KS"), rules, pts) == (3, 20)


def test_pair_outs_counts_the_unseen_cards_that_complete_a_pair():
    rules = MeldRules(min_natural=1)
    c = parse_cards
    unseen = Counter(c("4H 7H 9C 9D 8H"))
    assert wild_rummy.pair_outs(*c("5H 6H"), unseen, rules) == 2  # 4H and 7H
    assert wild_rummy.pair_outs(*c("6H 8H"), unseen, rules) == 1  # the gap, 7H
    assert wild_rummy.pair_outs(*c("9H 9S"), unseen, rules) == 2  # 9C, 9D
    assert wild_rummy.pair_outs(*c("2C 9S"), unseen, rules) == 0
