"""The ``simple`` bot of Cincinnati Rummy (games/cincinnati.py): rules of thumb on the seat's own
observation and the game's public rules, planned for going out all at once.

    choose(obs, game, rng) -> Action      # always one of obs.legal

A hand ends only when someone lays it all down (no knock), and only the player who does scores,
so the bot measures a hand by its **distance**: the fewest natural cards left outside melds over
every split (the exact solver, families/deadwood.py, with each natural card 1 and each joker 0: a
spare joker fits in any meld, so it never keeps a hand from going out).

- Draw: take the top discard when it is a joker, or when with it the hand can discard to a smaller
  distance than it has now; otherwise draw from the stock.
- End step: go out when offered, for the most points (cincinnati.md ruling 6): ``rummy`` with every
  card when on offer (it lays down one card more), else ``rummy c`` with the card of fewest
  points as the discard. Else discard the card that leaves the least distance, keeping
  near-melds (pairs, suited cards within two ranks) among equals and then the cards worth most
  (they count when the bot goes out): the lowest card goes first, a joker never while a natural
  card may go.

The strong bot (bots/strong.py, registered for every game) searches from these choices and plays
its sampled hands out with them at every seat (``bots/rummy_playout.py``, registered for every
drift rummy, the knock rummies among them).
"""

from __future__ import annotations

import random

from cardtable.bots import knock
from cardtable.bots.registry import register_policy
from cardtable.cards import JOKER, Card, is_joker
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.deadwood import Deadwood
from cardtable.families.rummy import near_melds
from cardtable.games.cincinnati import Cincinnati

_DISTANCE: dict[object, Deadwood] = {}


def distance_solver(game: Cincinnati) -> Deadwood:
    """The solver of the distance (module docstring): natural cards 1, jokers 0."""
    got = _DISTANCE.get(game.meld_rules)
    if got is None:
        pts = [1] * JOKER + [0]
        got = _DISTANCE[game.meld_rules] = Deadwood(game.meld_rules, pts, True)
    return got


def best_discard(
    hand: list[Card], taken: Card | None, game: Cincinnati, allowed: set[Card] | None = None
) -> tuple[int, Card]:
    """``(distance left, card)`` of the best discard of ``hand`` (never ``taken``; only a card of
    ``allowed`` when given), by the rules of thumb of the module docstring."""
    dist = distance_solver(game).after_discards(hand)
    near = near_melds(hand, game.ace_mode)
    pts = game.points
    cards = [c for c in set(hand) if c != taken and (allowed is None or c in allowed)]
    best = min(cards, key=lambda c: (dist[c], is_joker(c), near[c], pts[c], c))
    return dist[best], best


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """One of ``obs.legal`` by the rules of thumb of the module docstring."""
    legal = obs.legal
    if len(legal) == 1 or not isinstance(game, Cincinnati):
        return knock.choose(obs, game, rng)
    hand = list(obs.hand)
    verbs = {a.verb for a in legal}
    if "draw" in verbs:
        take = next((a for a in legal if a.verb == "draw" and a.arg == "discard"), None)
        stock = next((a for a in legal if a.verb == "draw" and a.arg == "stock"), None)
        if take is not None and obs.discard:
            top = obs.discard[-1]
            if stock is None or is_joker(top):
                return take
            d, _ = best_discard(hand + [top], top, game)
            if d < distance_solver(game).value(hand):
                return take
        return stock or legal[0]
    rummies = [a for a in legal if a.verb == "rummy"]
    if rummies:
        pts = game.points
        return min(rummies, key=lambda a: (pts[a.cards[0]], a.cards[0]) if a.cards else (-1, -1))
    discards = {a.cards[0] for a in legal if a.verb == "discard" and a.cards}
    if not discards:
        return legal[rng.randrange(len(legal))]
    _, card = best_discard(hand, obs.extra.get("taken_from_discard"), game, discards)
    return Action("discard", None, (card,))


register_policy("simple", choose, game_classes=(Cincinnati,))

__all__ = ["best_discard", "choose", "distance_solver"]
