"""The ``simple`` bot of Wildcard Rummy (games/wildcard_rummy.py): rules of thumb on the seat's
own observation and the game's public rules, planned for going out all at once.

    choose(obs, game, rng) -> Action      # always one of obs.legal

A hand ends only when someone lays it all down (no knock), so the bot measures a hand by its
**distance**: the fewest natural cards left outside melds over every split (the exact solver,
families/deadwood.py, with each natural card 1 and each wild card 0: a spare joker or two fits
in any meld, so it is never what keeps a hand from going out), then by its brandhout (the risk
if another player goes out first).

- Draw: take the top discard when it is wild, or when with it the hand can discard to a smaller
  distance than it has now (or to the same distance with ``TAKE_GAIN`` less brandhout);
  otherwise draw from the stock.
- End step: go rummy when offered (with a discard when there is one: the hand's other cards
  stay hidden no longer either way, and the score is the same); else discard the card that
  leaves the least distance, then the least brandhout, keeping near-melds (pairs, suited cards
  within two ranks) among equals, the highest card first. A wild card is thus kept while a
  natural card may go: it only ever shortens the distance.

The strong bot (bots/strong.py, registered for every game) searches from these choices and plays
its sampled hands out with them at every seat (``bots/rummy_playout.py``, registered for every
drift rummy, the knock rummies among them).
"""

from __future__ import annotations

import random

from cardtable.bots import knock
from cardtable.bots.registry import register_policy
from cardtable.cards import JOKER, RANK_OF, Card, is_joker, plain
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.deadwood import Deadwood
from cardtable.families.rummy import near_melds
from cardtable.games.wildcard_rummy import WildcardRummy

#: points of brandhout the top discard must save, at the same distance, to be taken
TAKE_GAIN = 3

_DISTANCE: dict[object, Deadwood] = {}


def is_wild(card: Card) -> bool:
    """A joker or a two (wildcard-rummy.md §6.1)."""
    return is_joker(card) or RANK_OF[plain(card)] == 2


def distance_solver(game: WildcardRummy) -> Deadwood:
    """The solver of the distance (module docstring): natural cards 1, wild cards 0."""
    got = _DISTANCE.get(game.meld_rules)
    if got is None:
        pts = [0 if (c == JOKER or RANK_OF[c & 0x7F] == 2) else 1 for c in range(JOKER + 1)]
        got = _DISTANCE[game.meld_rules] = Deadwood(game.meld_rules, pts, True)
    return got


def best_discard(
    hand: list[Card], taken: Card | None, game: WildcardRummy, allowed: set[Card] | None = None
) -> tuple[tuple[int, int], Card]:
    """``((distance, brandhout) left, card)`` of the best discard of ``hand`` (never ``taken``;
    only a card of ``allowed`` when given), by the rules of thumb of the module docstring."""
    dist = distance_solver(game).after_discards(hand)
    after = game.solver.after_discards(hand)
    near = near_melds(hand, game.ace_mode)
    pts = game.points
    cards = [c for c in set(hand) if c != taken and (allowed is None or c in allowed)]
    best = min(cards, key=lambda c: (dist[c], after[c], near[c], -pts[c], c))
    return (dist[best], after[best]), best


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """One of ``obs.legal`` by the rules of thumb of the module docstring."""
    legal = obs.legal
    if len(legal) == 1 or not isinstance(game, WildcardRummy):
        return knock.choose(obs, game, rng)
    hand = list(obs.hand)
    verbs = {a.verb for a in legal}
    if "draw" in verbs:
        take = next((a for a in legal if a.verb == "draw" and a.arg == "discard"), None)
        stock = next((a for a in legal if a.verb == "draw" and a.arg == "stock"), None)
        if take is not None and obs.discard:
            top = obs.discard[-1]
            if stock is None or is_wild(top):
                return take
            now = (distance_solver(game).value(hand), game.brandhout(hand))
            (d, b), _ = best_discard(hand + [top], top, game)
            if d < now[0] or (d == now[0] and b <= now[1] - TAKE_GAIN):
                return take
        return stock or legal[0]
    rummies = [a for a in legal if a.verb == "rummy"]
    if rummies:
        return next((a for a in rummies if a.cards), rummies[0])
    discards = {a.cards[0] for a in legal if a.verb == "discard" and a.cards}
    if not discards:
        return legal[rng.randrange(len(legal))]
    taken = obs.extra.get("taken_from_discard")
    _, card = best_discard(hand, taken, game, discards)
    return Action("discard", None, (card,))


register_policy("simple", choose, game_classes=(WildcardRummy,))

__all__ = ["TAKE_GAIN", "best_discard", "choose", "distance_solver", "is_wild"]
