"""The ``simple`` bot for the drift rummies with jokers (families/wild_drift.py: Basis Rummy).

    choose(obs, game, rng) -> Action      # always one of obs.legal

It sees its Observation (hand, discard pile, table melds, ``extra``) and the game's public
rules (``game.rules``, ``game.points``). Rules of thumb:

Draw: take the top discard when it makes a meld of natural cards with the hand (or a set or
run with one joker and two naturals), or lays off naturally on a table meld; else the stock.
Play, in this order: go out at once if an action empties the hand; swap a joker out of a
table meld whenever a natural card of the hand takes its place (the joker is worth more in
hand, and the swap never breaks a meld); put down the meld of natural cards worth most;
failing that a meld with one joker and at least two naturals (never a joker standing for a
card the hand holds, so it is never swapped straight back); lay off natural cards, highest
first; lay off a joker only when at most two cards would be left. Discard: never a joker; the
card with fewest near-melds (pairs, suited cards within two ranks), highest points first;
once the stock has been re-formed a random element grows with each re-forming, so that bots
holding each other's cards do not cycle for ever.
"""

from __future__ import annotations

import random

from cardtable.cards import JOKER, Card, is_joker, plain
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.drift import draw_choice
from cardtable.families.melds import find_wild_melds, layoff_targets, meld_uses, stand_in
from cardtable.families.rummy import Meld, near_melds
from cardtable.families.wild_drift import WildDriftRummy


def _jokers(cards) -> int:
    return sum(1 for c in cards if is_joker(c))


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    hand = list(obs.hand)
    pts = game.points
    draws = [a for a in legal if a.verb == "draw"]
    if draws:
        return _draw(obs, game, draws, hand)
    n = len(hand)
    # go out at once
    for a in legal:
        if a.verb in ("meld", "layoff") and len(a.cards) == n:
            return a
    swaps = [a for a in legal if a.verb == "swap"]
    if swaps:
        return swaps[0]
    held = set(hand)
    melds = [a for a in legal if a.verb == "meld"]
    natural = [a for a in melds if not _jokers(a.cards)]
    if natural:
        return max(natural, key=lambda a: (sum(pts[c] for c in a.cards), len(a.cards)))
    one = [a for a in melds if _jokers(a.cards) == 1 and len(a.cards) >= 3
           and not any(is_joker(c) and stand_in(c) in held for c in a.cards)]
    if one:
        return max(one, key=lambda a: sum(pts[plain(c)] for c in a.cards if not is_joker(c)))
    lays = [a for a in legal if a.verb == "layoff"]
    nat_lays = [a for a in lays if not is_joker(a.cards[0])]
    if nat_lays:
        return max(nat_lays, key=lambda a: pts[a.cards[0]])
    if n <= 3:
        jl = [a for a in lays if is_joker(a.cards[0]) and stand_in(a.cards[0]) not in held]
        if jl:
            return jl[0]
    discards = [a for a in legal if a.verb == "discard"]
    if not discards:
        return rng.choice(legal)
    return _discard(obs, game, discards, hand, rng)


def _draw(obs: Observation, game: Game, draws: list[Action], hand: list[Card]) -> Action:
    decided, take, stock = draw_choice(obs, draws)
    if decided is not None:
        return decided
    top = obs.discard[-1]
    if is_joker(top):
        return take
    naturals = [c for c in hand if not is_joker(c)] + [top]
    if any(top in cards for _kind, cards in find_wild_melds(naturals, game.rules)):
        return take
    if game.layoff_requires_meld and not (obs.extra.get("on_table") or [True] * obs.n_seats)[obs.seat]:
        return stock                     # may not lay off yet (ramino-drift §5.3, loba §5.3)
    for mv in obs.melds:
        m = Meld(mv.owner, mv.kind, _meld_cards(mv))
        if any(rep == top for rep, _e in layoff_targets(m, game.rules)):
            return take
    return stock


def _meld_cards(mv) -> tuple[Card, ...]:
    """A MeldView's cards with its jokers designated again (as the table holds them)."""
    from cardtable.cards import designate
    cards = list(mv.cards)
    for i, c in mv.wilds:
        cards[i] = c if is_joker(c) else designate(JOKER, c)
    return tuple(cards)


def _discard(obs: Observation, game: Game, discards: list[Action], hand: list[Card],
             rng: random.Random) -> Action:
    pts = game.points
    naturals = [c for c in hand if not is_joker(c)]
    near = near_melds(naturals, game.rules.ace_mode)
    in_meld = {c for _k, cards in find_wild_melds(naturals, game.rules) for c in meld_uses(cards)}
    noise = obs.extra.get("turnovers", 0)
    pool = [a for a in discards if not is_joker(a.cards[0])] or discards

    def badness(a: Action) -> float:
        c = a.cards[0]
        if is_joker(c):
            return -1000.0
        v = pts[c] - 12 * near.get(c, 0) - (40 if c in in_meld else 0)
        if noise:
            v += rng.random() * min(noise, 40)
        return v

    return max(pool, key=badness)


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(WildDriftRummy,))
