"""The drift rummies' search policies: how the strong bot plays out a sampled rummy hand
(``rummy_playout``) and what its hint says of a move (``rummy_words``), registered for every
game of the family (``DriftRummy``, families/drift.py):

    register_policy("playout", rummy_playout, game_classes=(DriftRummy,))
    register_policy("explain", rummy_words, game_classes=(DriftRummy,))

A playout plays the simple bot's rules at every seat, on the hand's cheap observation
(``policy_observation``: every turn of the hand, an upcard round or a contract included), or
the strong bot's prior where the game says ``playout_policy = "prior"``; a rummy hand
without that observation is played by the greedy rules of ``rummy_greedy_playout``.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots.playouts import (
    EPSILON,
    HORIZON,
    policy_playout,
    prior_policy,
    simple_policy,
)
from cardtable.bots.registry import register_policy
from cardtable.cards import RANK_OF, SUIT_OF, is_joker, plain
from cardtable.engine.actions import Action
from cardtable.families.drift import DriftRummy

#: steps a rummy playout by the simple bot's rules plays at most (``playouts.HORIZON``): a
#: hand not over by then (a stalled world, bots holding each other's cards) counts 0 for
#: every seat, as a void hand
RUMMY_HORIZON = HORIZON


def rummy_playout(world: Any, rng: random.Random) -> tuple[float, ...]:
    """Play the rummy hand ``world`` to the end and return its ``returns()``: every seat
    plays ``rummy_policy`` on its ``policy_observation`` (``rummy_policy_playout``) where
    the hand has one, else the greedy rules of ``rummy_greedy_playout``."""
    policy = rummy_policy(world)
    if policy is not None:
        return rummy_policy_playout(world, rng, policy)
    return rummy_greedy_playout(world, rng)


def rummy_policy(world: Any):
    """The rule-of-thumb function ``choose(obs, game, rng)`` every seat of a rummy playout
    plays, when the hand offers the cheap observation ``policy_observation(seat)``
    (families/drift.py); else None. The ``simple`` bot's of ``world.game``
    (bots/registry.py), or the strong bot's prior (``prior_policy``) where the game says
    ``playout_policy = "prior"``."""
    if not hasattr(world, "policy_observation"):
        return None
    game = world.game
    if getattr(game, "playout_policy", "simple") == "prior":
        return prior_policy(game)
    return simple_policy(game)


def rummy_policy_playout(world: Any, rng: random.Random, policy) -> tuple[float, ...]:
    """A rummy playout in which every seat plays ``policy`` (the simple bot's rules of
    thumb) on its ``policy_observation``; at most ``RUMMY_HORIZON`` steps (then 0 for all)."""
    return policy_playout(world, rng, policy, world.policy_observation)


#: the verbs of a drift-rummy turn the greedy rummy playout understands (others: at random)
RUMMY_VERBS = frozenset(("draw", "meld", "layoff", "swap", "discard", "open"))


def meld_potential(c: int, hand: list[int]) -> int:
    """How much ``c`` helps ``hand`` toward melds: the other cards of its rank, and of its
    suit within two ranks (doubly for a neighbour); a joker counts high."""
    if is_joker(c):
        return 99
    p = plain(c)
    r, s = RANK_OF[p], SUIT_OF[p]
    score = 0
    for o in hand:
        if o == c:
            continue
        if is_joker(o):
            score += 1
            continue
        q = plain(o)
        if RANK_OF[q] == r:
            score += 2
        elif SUIT_OF[q] == s:
            d = abs(RANK_OF[q] - r)
            if d == 1:
                score += 2
            elif d == 2:
                score += 1
    return score


def rummy_greedy_playout(world: Any, rng: random.Random) -> tuple[float, ...]:
    """A rummy playout by rules of thumb over ``rollout_actions()`` (a share ``EPSILON`` of
    the choices at random): take the top discard when it fits the hand (``meld_potential``
    of 2 or more), else draw from the stock; put down melds and lay off whenever the rollout
    offers it (one at random); discard the card that helps least, the highest of equals.
    A step of verbs outside ``RUMMY_VERBS`` is chosen at random."""
    rand = rng.random
    while world.to_act is not None:
        acts = world.rollout_actions()
        n = len(acts)
        if n == 1:
            a = acts[0]
        elif rand() < EPSILON or not all(x.verb in RUMMY_VERBS for x in acts):
            a = acts[rng.randrange(n)]
        else:
            a = _rummy_choice(world, acts, rng)
        world.apply_in_place(a)
    return world.returns()


def _rummy_choice(world: Any, acts: list[Action], rng: random.Random) -> Action:
    """``rummy_greedy_playout``'s rule of thumb for one step of ``acts`` (two or more)."""
    verbs = {a.verb for a in acts}
    hand = world.hand_of(world.to_act)
    if verbs == {"draw"}:
        top = world.pile[-1] if world.pile else None
        take = top is not None and meld_potential(top, list(hand) + [top]) >= 2
        want = "discard" if take else "stock"
        for a in acts:
            if a.arg == want:
                return a
        return acts[0]
    if verbs == {"discard"}:
        return min(
            acts,
            key=lambda a: (
                meld_potential(a.cards[0], hand),
                0 if is_joker(a.cards[0]) else -RANK_OF[plain(a.cards[0])],
            ),
        )
    down = [a for a in acts if a.verb != "discard"]
    return down[rng.randrange(len(down))] if len(down) > 1 else down[0]


def rummy_words(obs: Any, action: Action, iset: Any = None) -> list[str]:
    """The hint's words on a rummy move: "goes out" when it puts down every card of the
    hand, else none."""
    if action.cards and len(obs.hand) == len(action.cards):
        return ["goes out"]
    return []


register_policy("playout", rummy_playout, game_classes=(DriftRummy,))
register_policy("explain", rummy_words, game_classes=(DriftRummy,))

__all__ = [
    "RUMMY_HORIZON",
    "RUMMY_VERBS",
    "meld_potential",
    "rummy_greedy_playout",
    "rummy_playout",
    "rummy_policy",
    "rummy_policy_playout",
    "rummy_words",
]
