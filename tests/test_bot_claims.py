"""No bot claims what its own count does not prove (issue 19): kruisjassen's "ik dek",
grevjas's "honderd", schutjassen's "ik dek".

Every bot level (random, simple, strong, and through it the hint) chooses among
``bots.proven_legal(game, obs)``, which leaves out ``Game.unproven_claims(obs)``; the hand's
legal actions keep every claim (a player may claim wrongly). A wrong claim is read from the
hand's Result: a claimer (``detail["claimer"]``) and a failed outcome (``wrong_claim``;
schutjassen's contract ``failed``).
"""

from __future__ import annotations

import dataclasses

import pytest

from cardtable.bots import get_bot, hint, proven_legal
from cardtable.bots.strong import StrongBot
from cardtable.engine import Match, get_game
from cardtable.engine.actions import Action
from cardtable.engine.registry import game_ids

CLAIM = Action("claim")
#: the games with a claim: every game whose grammar knows ``claim``
CLAIM_GAMES = tuple(sorted(gid for gid in game_ids() if "claim" in getattr(get_game(gid).grammar, "verbs", ())))


def wrong_claim(result) -> bool:
    """A hand's Result ended on a wrong claim: a claimer and a failed outcome."""
    return result.detail.get("claimer") is not None and result.outcome in ("wrong_claim", "failed")


def play_hands(
    gid: str, kinds: tuple[str, ...], hands: int, seed: int, iterations: int | None = None
) -> tuple[int, int]:
    """``hands`` hands of bot-only matches of ``gid`` (seat kinds ``kinds``, match seeds from
    ``seed``): (claims the bots made, wrong claims). Asserts at every bot claim that the
    claimer's count, as its observation shows it, proves it."""
    game = get_game(gid)
    kinds = tuple((kinds * game.players)[: game.players])  # the pattern over the game's seats
    claims = wrong = done = 0
    m = 0
    while done < hands:
        match = Match(game, [f"bot:{k}" for k in kinds], seed=seed * 1000 + m)
        bots = [get_bot(k, game, seed=seed * 1000 + 10 * m + s) for s, k in enumerate(kinds)]
        for b in bots:
            if b.kind == "strong":
                b.use_pool = False
                b.iterations = iterations
        m += 1
        while not match.over and done < hands:
            state = match.start_next()
            while not state.over:
                seat = state.to_act
                action = bots[seat].choose(bots[seat].info_for(state, seat))
                if action == CLAIM:
                    obs = state.observation(seat)
                    assert not game.unproven_claims(obs), (gid, kinds[seat], obs.scores)
                state = match.apply(action)
            if match.in_between:
                continue
            done += 1
            res = match.results[-1]
            claims += res.detail.get("claimer") is not None
            wrong += wrong_claim(res)
    return claims, wrong


def test_claim_games():
    """The games whose grammar knows ``claim`` are the ones these tests play."""
    knows = {gid for gid in game_ids() if "claim" in getattr(get_game(gid).grammar, "verbs", ())}
    assert knows == set(CLAIM_GAMES)


# ---- the Grevjas case of the issue: honderd with 0 points on the first trick ----------------

#: grevjas, hand seed 854653700 (dealer 0, trump ♦): the meld round and the first card; seat 2
#: (side 0/2, count 0) is to act with ``play QD`` and ``claim`` on offer
GREVJAS_CASE = ("pass", "pass", "declare seq3 JD TD 9D", "pass", "pass", "play 8D")


def grevjas_case(target: int = 10):
    game = get_game("grevjas", target=target)
    st = game.new_hand(854653700)
    for a in GREVJAS_CASE:
        st = st.apply(a)
    return game, st


def test_grevjas_case_is_a_wrong_claim_for_a_player():
    game, st = grevjas_case()
    assert st.to_act == 2 and st.counts == [0, 20]
    assert CLAIM in st.legal_actions()  # a player may still claim ...
    obs = st.observation(2)
    assert game.unproven_claims(obs) == (CLAIM,)  # ... a bot may not
    assert proven_legal(game, obs).legal == (game.parse_action("play QD"),)
    assert st.apply("claim").result().outcome == "wrong_claim"


@pytest.mark.parametrize("target", [10, 1])
def test_strong_bot_no_longer_claims_in_the_grevjas_case(target):
    """The strong bot said honderd here (every seed, at 400 playouts; with ``target=1`` that
    handed the other side the match): the claim is out of its candidates."""
    game, st = grevjas_case(target)
    info = st.information_set(2)
    for seed in range(3):
        bot = StrongBot(game, seed=seed, iterations=400, use_pool=False)
        assert bot.choose(info) != CLAIM
    assert get_bot("random", game, seed=0).choose(st.observation(2)) != CLAIM


def test_hint_does_not_suggest_the_unproven_claim():
    game, st = grevjas_case()
    action, why = hint(game, st.information_set(2), budget=0.2)
    assert action != CLAIM
    assert "only move" in why


def test_a_proven_claim_stays():
    """At 100 the claim is proven and stays on offer to the bots; the hook reads the count
    the observation shows, of the seat's own side."""
    game, st = grevjas_case()
    obs = st.observation(2)
    at_100 = dataclasses.replace(obs, scores={**obs.scores, "counts": [100, 20]})
    assert game.unproven_claims(at_100) == ()
    assert proven_legal(game, at_100) is at_100
    assert get_bot("simple", game, seed=0).choose(at_100) == CLAIM
    theirs = dataclasses.replace(obs, scores={**obs.scores, "counts": [99, 100]})
    assert game.unproven_claims(theirs) == (CLAIM,)


def test_schutjassen_claims_on_the_contract_sides_count():
    game = get_game("schutjassen")
    st = game.new_hand(1)
    st = st.apply("bid schut")  # the first to speak takes the contract
    while st.phase != "play":
        st = st.apply("pass")
    seat = st.to_act
    assert st.contract == game.team_of(seat)
    obs = st.observation(seat)
    assert CLAIM in obs.legal and game.unproven_claims(obs) == (CLAIM,)
    made = dataclasses.replace(obs, scores={**obs.scores, "counts": [100, 100]})
    assert game.unproven_claims(made) == ()
    other = [0, 0]
    other[1 - st.contract] = 100  # the defenders' 100 proves nothing
    assert game.unproven_claims(dataclasses.replace(obs, scores={**obs.scores, "counts": other})) == (CLAIM,)


def test_games_without_claims_leave_legal_alone():
    for gid in game_ids():
        game = get_game(gid)
        if gid in CLAIM_GAMES:
            continue
        obs = game.new_hand(3).observation(0)
        assert game.unproven_claims(obs) == ()
        assert proven_legal(game, obs) is obs


# ---- whole hands: no wrong bot claim -------------------------------------------------------


@pytest.mark.parametrize("gid", CLAIM_GAMES)
@pytest.mark.parametrize("kinds", [("random",) * 4, ("simple", "random", "simple", "random")])
def test_no_wrong_bot_claims(gid, kinds):
    """300 hands: random bots (which claimed wrongly in nearly every hand before) and simple
    ones make claims, none wrong."""
    claims, wrong = play_hands(gid, kinds, 300, seed=1)
    assert wrong == 0
    assert claims > 0


@pytest.mark.parametrize("gid", CLAIM_GAMES)
def test_no_wrong_strong_bot_claims(gid):
    """Four strong bots at a few playouts a decision: no wrong claim (before, a strong bot
    resigned a bad hand by a wrong claim now and then, its search finding that cheaper)."""
    _claims, wrong = play_hands(gid, ("strong",) * 4, 16, seed=2, iterations=30)
    assert wrong == 0


@pytest.mark.slow
@pytest.mark.parametrize("gid", CLAIM_GAMES)
def test_no_wrong_bot_claims_in_thousands_of_hands(gid):
    for kinds in [("random",) * 4, ("simple", "random", "simple", "random"), ("simple",) * 4]:
        claims, wrong = play_hands(gid, kinds, 3000, seed=3)
        assert wrong == 0 and claims > 0, kinds
    claims, wrong = play_hands(gid, ("strong",) * 4, 150, seed=4, iterations=40)
    assert wrong == 0
