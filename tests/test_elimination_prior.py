"""The prior of the elimination rummies (bots/elimination.py): live outs by the game's own meld
rules, Loba's jokers put on the table first, Ramino's kept; and the wild rummy prior's hooks
keep their defaults. Legality, reproducibility and the observation: tests/test_wild_prior.py."""

from __future__ import annotations

import random
from collections import Counter

from cardtable.bots import elimination, wild_rummy
from cardtable.cards import is_joker, parse_cards, plain
from cardtable.engine import get_game


def _outs(gid, hand, unseen):
    game = get_game(gid, players=2)
    got = elimination.card_outs(parse_cards(hand), Counter(parse_cards(unseen)), game.rules)
    return {plain(c): v for c, v in got.items()}


def test_card_outs_follow_lobas_piernas_and_escaleras():
    c = parse_cards
    # a pierna needs exactly three suits: 4C 4D waits on 4H (two) or 4S, never on a third 4C
    got = _outs("loba", "4C 4D 9S", "4H 4H 4S 4C 9D")
    assert got[c("4C")[0]] == 3 and got[c("4D")[0]] == 3 and got[c("9S")[0]] == 0
    # an escalera needs four: 5S 6S 7S waits on 4S or 8S; 5S 6S alone waits on nothing
    got = _outs("loba", "5S 6S 7S", "4S 8S 8S")
    assert got[c("5S")[0]] == 3
    assert _outs("loba", "5S 6S KD", "4S 7S")[c("5S")[0]] == 0
    # a joker makes 5S 6S + one more an escalera of four
    assert _outs("loba", "5S 6S JK KD", "7S")[c("5S")[0]] == 1


def test_card_outs_follow_raminos_sets_and_runs():
    c = parse_cards
    got = _outs("ramino-drift", "6D 8D QC KC 2H", "7D JC AC 2S")
    assert got[c("6D")[0]] == 1 and got[c("QC")[0]] == 1 and got[c("2H")[0]] == 0  # ace low only
    assert _outs("ramino-drift", "2H 2S", "2C 2D 3H")[c("2H")[0]] == 2


def _play_states(gid, seed=3, hands=6):
    """Play-phase states of simple-bot hands of ``gid``."""
    game = get_game(gid, players=2)
    for h in range(hands):
        st = game.new_hand(seed=seed * 100 + h)
        rng = random.Random(h)
        while st.to_act is not None:
            obs = st.observation(st.to_act)
            if obs.extra.get("turn_phase") != "draw":
                yield game, st, obs
            st = st.apply(elimination.choose(obs, game, rng))


def _joker_melds(obs):
    return [a for a in obs.legal if a.verb == "meld" and any(is_joker(x) for x in a.cards)]


def test_loba_puts_a_joker_meld_down_first_ramino_need_not():
    seen = {"loba": 0, "ramino-drift": 0}
    for gid in seen:
        for game, _st, obs in _play_states(gid, hands=30):
            jm = _joker_melds(obs)
            if not jm or any(a.verb in ("meld", "layoff") and len(a.cards) == len(obs.hand) for a in obs.legal):
                continue
            a = elimination.prior(obs, game, random.Random(1))
            if gid == "loba":
                assert a in jm, a
            seen[gid] += 1
    assert seen["loba"] > 0


def test_prior_choose_discard_hook_throws_what_it_says():
    """``discard`` is asked for the discard and its answer is played; left out, the prior's own
    ``prior_discard`` throws (as Basis Rummy's prior does)."""
    asked = []

    def last(obs, game, discards, hand, rng):
        asked.append(discards)
        return discards[-1]

    for game, _st, obs in _play_states("ramino-drift", hands=4):
        a = wild_rummy.prior_choose(obs, game, random.Random(2), discard=last)
        if asked and a.verb == "discard":
            assert a == asked[-1][-1]
            own = wild_rummy.prior_choose(obs, game, random.Random(2))
            assert own == wild_rummy.prior_discard(obs, game, asked[-1], list(obs.hand), random.Random(2))
            asked.clear()
        elif not asked:
            assert wild_rummy.prior_choose(obs, game, random.Random(2)) == a
