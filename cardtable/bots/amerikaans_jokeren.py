"""The ``simple`` bot for Amerikaans Jokeren (games/amerikaans_jokeren.py).

    choose(obs, game, rng) -> Action      # always one of obs.legal

The turn after coming out is the wild drift rummy's (bots/wild_rummy.py: swap a joker whenever a
natural takes its place, meld naturals first, lay off, discard the loneliest card). What is this
game's:

- Upcard round: take the upcard when the wild rummy bot would take it from the discard pile (it
  makes a meld or lays off), else pass; give back the card its discard rule picks.
- Coming out: as soon as an ``open`` is legal, the one that goes out at once, else the one that
  puts most cards down (fewest jokers among equals: a joker kept is worth more than a card).
  While the opens are not listed (``obs.legal`` a ``LazyActions``: there can be thousands) the
  hand finds that open itself (``best_open`` of the list's ``source``, which holds only what
  this seat may see) and the list confirms it (``in``, the rules' own check); in hand 3 the
  search for most cards is bounded (the best found in a few thousand steps).
- Draw: the wild rummy bot's rule; before coming out also when the top discard completes an
  ``open`` it could not make without it.
"""

from __future__ import annotations

import random

from cardtable.bots import jokeren, wild_rummy
from cardtable.cards import RANK_OF, SUIT_OF, is_joker
from cardtable.engine.actions import Action, LazyActions
from cardtable.engine.game import Game, Observation
from cardtable.games.amerikaans_jokeren import AmerikaansJokeren


def _open_cards(a: Action) -> list:
    return [c for p in a.parts for c in p.cards]


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    return _play(obs, game, rng, wild_rummy.choose, wild_rummy._discard)


def prior(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The strong bot's prior: this game's opening and upcard rules as ``choose``'s; once come
    out, the Jokeren prior's turn (bots/jokeren.py: melds down at once, chosen by the plan of
    the hand; discards by the best rest); before coming out, discards that keep the contract in
    reach (``contract_missing``: the fewest cards still missing for the hand's contract weigh
    ``CONTRACT_W`` each) besides the best rest."""
    return _play(obs, game, rng, _prior_turn, _prior_discard)


#: what one card still missing for the contract costs in a discard before coming out
CONTRACT_W = 40.0
#: run length each hand's contract asks for (hands 2, 4, 5)
_RUN_LEN = {2: 3, 4: 4, 5: 5}


def _came_out(obs: Observation) -> bool:
    return bool((obs.extra.get("on_table") or [False] * obs.n_seats)[obs.seat])


def contract_missing(cards, hand_no: int, game: Game) -> float:
    """How many cards ``cards`` (plain, jokers as ``JK``) still lack for the contract of hand
    ``hand_no``: a set (1), a run of 3, 4 or 5 (2, 4, 5; the jokers fill gaps), melds worth 40
    (3: the points of the best split's melds short of 40, by tens); 0 for hand 6 (going out in
    one go is the plan's own aim)."""
    jokers = sum(1 for c in cards if is_joker(c))
    nat = [c for c in cards if not is_joker(c)]
    if hand_no == 1:
        by_rank: dict[int, set] = {}
        for c in nat:
            by_rank.setdefault(RANK_OF[c], set()).add(SUIT_OF[c])
        best = max((len(v) for v in by_rank.values()), default=0)
        return float(max(0, 3 - best - jokers) if best else 2)
    if hand_no in _RUN_LEN:
        L = _RUN_LEN[hand_no]
        line, _pos = wild_rummy._line_pos(game.rules.ace_mode)
        have = {(RANK_OF[c], SUIT_OF[c]) for c in nat}
        best = 0
        for s in range(4):
            for i in range(len(line) - L + 1):
                k = sum(1 for r in line[i : i + L] if (r, s) in have)
                best = max(best, k)
        return float(max(0, L - best - jokers) if best else L - 1)
    if hand_no == 3:
        k, p, left = jokeren.best_split(
            list(cards), game.rules, game.points, jokeren.split_memo(game.rules, game.points)
        )
        melded = sum(game.points[c] for c in cards) - p - 15 * sum(1 for c in cards if is_joker(c) and c not in left)
        return max(0.0, (40 - melded) / 10.0)
    return 0.0


def _prior_turn(obs: Observation, game: Game, rng: random.Random) -> Action:
    if _came_out(obs):
        return jokeren.prior(obs, game, rng)
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    draws = [a for a in legal if a.verb == "draw"]
    if draws:
        return wild_rummy._draw(obs, game, draws, list(obs.hand))
    pick = wild_rummy.choose(obs, game, rng)
    if pick.verb != "discard":
        return pick
    return _prior_discard(obs, game, [a for a in legal if a.verb == "discard"], list(obs.hand), rng)


def _prior_discard(obs: Observation, game: Game, discards: list[Action], hand: list, rng: random.Random) -> Action:
    """Once come out, the Jokeren prior's discard; before, the same with the contract's missing
    cards counted (``contract_missing``)."""
    if _came_out(obs) or not CONTRACT_W:
        return jokeren.discard(obs, game, discards, hand, rng)
    pool = [a for a in discards if not is_joker(a.cards[0])] or discards
    if len(pool) == 1:
        return pool[0]
    h = obs.extra.get("hand_no") or 0
    card, _v = jokeren.best_discard(
        jokeren._Context(obs, game),
        [jokeren._plain(c) for c in hand],
        [a.cards[0] for a in pool],
        rng,
        lambda rest: -CONTRACT_W * contract_missing(rest, h, game),
    )
    return next(a for a in pool if a.cards[0] == card)


def _play(obs: Observation, game: Game, rng: random.Random, turn, discard) -> Action:
    """``choose`` with the wild rummy rules of a turn (``turn(obs, game, rng)``) and of a discard
    (``discard(obs, game, discards, hand, rng)``) as parameters."""
    if isinstance(obs.legal, LazyActions) and not obs.legal.built() and obs.legal.source is not None:
        pick = obs.legal.source.best_open()
        if pick is not None and pick in obs.legal:
            return pick
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    hand = list(obs.hand)
    if obs.extra.get("upcard_round"):
        take = next((a for a in legal if a.verb == "draw"), None)
        if take is not None:
            fake = [a if a.verb == "draw" else Action("draw", "stock") for a in legal]
            pick = wild_rummy._draw(obs, game, fake, hand)
            return take if pick.arg == "discard" else next(a for a in legal if a.verb == "pass")
        return discard(obs, game, [a for a in legal if a.verb == "discard"], hand, rng)
    opens = [a for a in legal if a.verb == "open"]
    if opens:
        n = len(hand)

        def worth(a: Action):
            cards = _open_cards(a)
            return (len(cards) == n - 1, len(cards), -sum(1 for c in cards if is_joker(c)))

        return max(opens, key=worth)
    return turn(obs, game, rng)


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(AmerikaansJokeren,))
register_policy("prior", prior, game_classes=(AmerikaansJokeren,))
