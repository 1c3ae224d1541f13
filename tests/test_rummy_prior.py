"""The strong bot's prior for Klassieke Rummy (bots/rummy_prior.py): registered for that game
only, always legal, reproducible for a seed, and reading only the seat's observation."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import rummy as simple_rummy
from cardtable.bots import rummy_prior
from cardtable.bots.strong import prior_policy
from cardtable.cards import parse_cards
from cardtable.engine.registry import game_ids, get_game

GID = "klassieke-rummy"


def positions(n_deals=6, players=2, seed=0, **options):
    """Every decision of prior-against-simple play over ``n_deals`` hands: (state copy, seat)."""
    game = get_game(GID, players, **options)
    out = []
    for d in range(n_deals):
        st = game.new_hand(seed=seed * 100 + d)
        rngs = [random.Random(d * 10 + s) for s in range(game.players)]
        steps = 0
        while st.to_act is not None and steps < 400:
            seat = st.to_act
            obs = st.observation(seat)
            out.append((st.clone(), seat))
            pol = rummy_prior.choose if seat % 2 == 0 else simple_rummy.choose
            st.apply_in_place(pol(obs, game, rngs[seat]))
            steps += 1
    return game, out


def test_the_prior_is_klassieke_rummys_only():
    assert prior_policy(get_game(GID)) is rummy_prior.choose
    for gid in game_ids():
        if gid != GID:
            assert prior_policy(get_game(gid)) is not rummy_prior.choose, gid


@pytest.mark.parametrize(
    "players,options", [(2, {}), (4, {}), (3, {"ace_mode": "bridge", "last_card": True, "layoff_requires_meld": True})]
)
def test_the_prior_is_legal_and_reproducible(players, options):
    game, pos = positions(n_deals=3, players=players, seed=players, **options)
    assert len(pos) > 50
    for st, seat in pos[::3]:
        obs = st.observation(seat)
        a = rummy_prior.choose(obs, game, random.Random(5))
        assert a in obs.legal
        assert rummy_prior.choose(obs, game, random.Random(5)) == a
        light = st.policy_observation(seat)  # a playout's observation: no events
        assert rummy_prior.choose(light, game, random.Random(5)) in light.legal


def test_the_prior_sees_only_the_observation():
    """Two states that differ only in hidden cards (the other hand and the stock, swapped)
    give the same observation and so the same decision."""
    game, pos = positions(n_deals=2)
    checked = 0
    for st, seat in pos[::4]:
        other = 1 - seat
        hidden = [c for c in st.hands[other] if not st.public >> c & 1]
        stock = [c for c in st.stock if not st.public >> c & 1]
        if not hidden or not stock:
            continue
        twin = st.clone()
        a, b = hidden[0], stock[0]
        twin.hands[other] = [b if c == a else c for c in twin.hands[other]]
        twin.stock = [a if c == b else c for c in twin.stock]
        twin._changed()
        o1, o2 = st.observation(seat), twin.observation(seat)
        assert o1.hand == o2.hand and o1.legal == o2.legal
        assert rummy_prior.choose(o1, game, random.Random(1)) == rummy_prior.choose(o2, game, random.Random(1))
        checked += 1
    assert checked > 5


def test_live_cards_count_and_dead_ones_do_not():
    """A pair whose other two cards are gone is worth nothing; a run piece counts its live ends."""
    game = get_game(GID)
    seven_h, seven_s, seven_c, seven_d = parse_cards("7H 7S 7C 7D")
    everything = rummy_prior._ALL
    near = rummy_prior.live_near([seven_h, seven_s], everything, game.ace_mode)
    assert near[seven_h] == 1.5  # both 7C and 7D live
    gone = everything & ~(1 << seven_c) & ~(1 << seven_d)
    assert rummy_prior.live_near([seven_h, seven_s], gone, game.ace_mode)[seven_h] == 0
    five, six, four = parse_cards("5H 6H 4H")
    assert rummy_prior.completions(five, six, "low") == (1 << four) | (1 << parse_cards("7H")[0])
    ace, two, king = parse_cards("AH 2H KH")
    assert rummy_prior.completions(ace, two, "low") == 1 << parse_cards("3H")[0]
    assert rummy_prior.completions(king, ace, "low") == 0
    assert rummy_prior.completions(king, ace, "high_low") == 1 << parse_cards("QH")[0]


def test_the_prior_reads_who_took_and_threw_what():
    """From the events: the card the opponent took from the pile is known in his hand (not
    live), the card he threw is one he shuns; before any event nothing is known."""
    game = get_game(GID)
    deal = {
        "dealer": 1,
        "hands": [
            ["9D", "9H", "2S", "3C", "KD", "QS", "7C", "8H", "4D", "JS"],
            ["5C", "6D", "TH", "AS", "2C", "3D", "4H", "5S", "6S", "7D"],
        ],
        "stock": [
            "9C",
            "KC",
            "QC",
            "JC",
            "TC",
            "8C",
            "6C",
            "4C",
            "AC",
            "KH",
            "QH",
            "JH",
            "TD",
            "9S",
            "8S",
            "7S",
            "6H",
            "5H",
            "3H",
            "2H",
            "AH",
            "KS",
            "8D",
            "5D",
            "QD",
            "JD",
            "AD",
            "4S",
            "3S",
            "TS",
            "2D",
        ],
        "discard": ["7H"],
    }
    st = game.from_deal(deal)
    view_before = rummy_prior._View(st.observation(0), game)
    assert view_before.known[1] == 0
    st = st.apply("draw stock")
    st = st.apply("discard 9H")  # seat 0 throws 9H ...
    st = st.apply("draw discard")  # ... seat 1 takes it
    st = st.apply("discard 7D")
    obs = st.observation(0)
    view = rummy_prior._View(obs, game)
    nine_h = parse_cards("9H")[0]
    assert view.known[1] == 1 << nine_h
    assert not view.unseen >> nine_h & 1
    assert view.shunned[1] >> parse_cards("7D")[0] & 1
