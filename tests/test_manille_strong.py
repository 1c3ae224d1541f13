"""The strong bot of Manille (bots/manille_solo.py): its prior (the simple bot's rules, with
4 players a lower bar for ``bid play``) and its reading of the calls (``CallsRead``: the
sampled hands fit who passed, who bid and the trump he named). Legal, reproducible for a
seed, reading only the seat's observation and its information set; the other manille
games keep the plain strong bot."""

from __future__ import annotations

import copy
import random

from cardtable.bots import get_bot
from cardtable.bots import manille_solo as ms
from cardtable.bots.strong import StrongBot, prior_policy
from cardtable.bots.trick import hand_mask
from cardtable.engine.registry import get_game


def positions(players=4, n_deals=8):
    """Every decision of simple-bot play over ``n_deals`` hands: (state copy, seat)."""
    game = get_game("manille", players=players)
    out = []
    for d in range(n_deals):
        st = game.new_hand(seed=d)
        rng = random.Random(d)
        while st.to_act is not None:
            seat = st.to_act
            out.append((st.clone(), seat))
            st.apply_in_place(ms.choose(st.observation(seat), game, rng))
    return game, out


def test_registered_for_manille_only():
    g = get_game("manille", players=4)
    assert prior_policy(g) is ms.prior
    assert isinstance(get_bot("strong", g), ms.ManilleStrongBot)
    for gid in ("manille-muette", "manille-parlee"):
        b = get_bot("strong", get_game(gid))
        assert type(b) is StrongBot and prior_policy(b.game) is not ms.prior


def test_prior_is_legal_and_bids_lower_only_with_four():
    for players in (2, 3, 4, 5):
        game, pos = positions(players, 4)
        for st, seat in pos:
            obs = st.observation(seat)
            a = ms.prior(obs, game, random.Random(1))
            assert a in obs.legal
            assert a == ms.prior(obs, game, random.Random(2))  # no coin in it
            if players != 4 or obs.phase != "bid":
                assert a == ms.choose(obs, game, random.Random(1))
    game = get_game("manille", players=4)
    lower = 0
    for d in range(200):
        st = game.new_hand(seed=d)
        obs = st.observation(st.to_act)
        p, _e = ms.best_chance(game, hand_mask(obs))
        a, s = ms.prior(obs, game, random.Random(0)), ms.choose(obs, game, random.Random(0))
        assert (a.verb == "bid") == (p > ms.PRIOR_BID_CHANCE[4])
        lower += a != s
        if a != s:
            assert a.verb == "bid" and s.verb == "pass"
    assert lower > 0


def test_calls_read_samples_fit_the_calls():
    """More of its samples fit the calls than the plain set's (every one keeps the seat's
    hand and the calls); a deal the plain set samples may not fit them."""
    game, pos = positions(4, 6)
    read = plain = 0
    for st, seat in pos:
        if st.phase != "play" or not ms.fits_calls(st, seat):
            continue
        raw = st.information_set(seat)
        iset = ms.CallsRead(raw)
        rng, rng2 = random.Random(3), random.Random(3)
        for _ in range(5):
            w = iset.sample(rng)
            assert w.hands[seat] == st.hands[seat] and w.calls == st.calls and w.declarer == st.declarer
            read += ms.fits_calls(w, seat)
            plain += ms.fits_calls(raw.sample(rng2), seat)
    assert read > 1.4 * plain > 0


def test_calls_read_pickles_and_copies_as_the_same_set():
    game, pos = positions(4, 2)
    st, seat = next((s, t) for s, t in pos if s.phase == "play")
    iset = ms.CallsRead(st.information_set(seat))
    other = copy.copy(iset)
    assert isinstance(other, ms.CallsRead) and other.seat == seat
    assert other.observation == iset.observation
    a, b = iset.sample(random.Random(7)), other.sample(random.Random(7))
    assert a.hands == b.hands


def test_strong_choices_legal_and_reproducible():
    game, pos = positions(4, 3)
    for st, seat in pos[::7]:
        if len(st.legal_actions()) < 2:
            continue
        bots = []
        for _ in range(2):
            b = get_bot("strong", game, seed=5)
            b.iterations, b.use_pool = 16, False
            bots.append(b)
        a = bots[0].choose(st.information_set(seat))
        assert a in st.legal_actions()
        assert bots[1].choose(st.information_set(seat)) == a
        assert bots[0].last.stats == bots[1].last.stats
