"""The ``simple`` bot of Tonk (games/tonk.py, tonk.md): rules of thumb on the seat's own observation
and the game's public rules (its points, its §6.4 count, its brandhout solver).

    choose(obs, game, rng) -> Action      # always one of obs.legal

**Start step.** Knock (drop) when the bot is likely lowest: every other hand's count is guessed
from the cards of it every seat knows (taken from the discard pile) and, for the others, the mean
of the cards the bot has not seen, with the spread of a sum of that many such cards; the bot
knocks when the chance that each other count is higher than its own (a normal guess per hand,
multiplied over the hands) is at least ``KNOCK_CHANCE``. Otherwise it takes the top discard when
it hits a spread on the table, makes a meld with cards in hand, or is a low card (``LOW_CARD``
points or less) that replaces a card at least ``LOW_GAIN`` points higher; else it draws from the
stock.

**Main step**, in this order: spread a meld of the hand's best split (the brandhout solver's: the
melds that leave the fewest points), else any meld, the most points first; hit a spread with the
card of the most points that fits; then discard the card that helps least: most points less
``NEAR_WEIGHT`` per near-meld (pairs, suited cards within two ranks), the highest first among
equals. Melds and near-melds are kept.

The strong bot's playouts play these rules at every seat (``bots/rummy_playout.py``, registered
for every drift rummy).
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from cardtable.cards import Card, full52
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.rummy import Meld, find_melds, layoff_options, near_melds
from cardtable.games.tonk import Tonk

#: the least chance of being strictly lowest with which the bot knocks
KNOCK_CHANCE = 0.8
#: the points a near-meld is worth keeping a card for
NEAR_WEIGHT = 4
#: a top discard of at most these points is taken when it replaces a card of ``LOW_GAIN`` more
LOW_CARD = 3
LOW_GAIN = 5

_DECK = tuple(full52())


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def lowest_chance(obs: Observation, game: Tonk, own: int) -> float:
    """The chance, by the bot's normal guess (module docstring), that every other seat's count is
    higher than ``own``."""
    points = game.points
    known = obs.extra.get("known_in_hands") or [()] * obs.n_seats
    seen = set(obs.hand) | set(obs.discard)
    for m in obs.melds:
        seen.update(m.cards)
    for k in known:
        seen.update(k)
    unseen = [points[c] for c in _DECK if c not in seen]
    if not unseen:
        return 1.0
    mean = sum(unseen) / len(unseen)
    var = max(sum(x * x for x in unseen) / len(unseen) - mean * mean, 1.0)
    chance = 1.0
    for p in range(obs.n_seats):
        if p == obs.seat:
            continue
        size = obs.hand_sizes[p]
        shown = [c for c in known[p]]
        hidden = max(size - len(shown), 0)
        est = sum(points[c] for c in shown) + hidden * mean
        if hidden == 0:
            chance *= 1.0 if est > own else 0.0
            continue
        chance *= _phi((est - own - 0.5) / math.sqrt(hidden * var))
    return chance


def _fits(card: Card, hand: Sequence[Card], obs: Observation, game: Tonk) -> bool:
    """Whether ``card`` hits a spread on the table or makes a meld with cards of ``hand``."""
    melds = [Meld(m.owner, m.kind, tuple(m.cards)) for m in obs.melds]
    if melds and layoff_options([card], melds, game.ace_mode):
        return True
    return any(card in cards for _k, cards in find_melds(list(hand) + [card], game.ace_mode))


def _draw(obs: Observation, game: Tonk, legal: Sequence[Action], rng: random.Random) -> Action:
    knock = next((a for a in legal if a.verb == "knock"), None)
    take = next((a for a in legal if a.verb == "draw" and a.arg == "discard"), None)
    stock = next((a for a in legal if a.verb == "draw" and a.arg == "stock"), None)
    hand = list(obs.hand)
    if knock is not None and (
        (take is None and stock is None) or lowest_chance(obs, game, game.count(hand)) >= KNOCK_CHANCE
    ):
        return knock
    if take is not None and obs.discard:
        top = obs.discard[-1]
        pts = game.points
        low = pts[top] <= LOW_CARD and hand and max(pts[c] for c in hand) >= pts[top] + LOW_GAIN
        if stock is None or low or _fits(top, hand, obs, game):
            return take
    return stock or take or legal[rng.randrange(len(legal))]


def _discard(obs: Observation, game: Tonk, cards: set[Card]) -> Card:
    hand = list(obs.hand)
    near = near_melds(hand, game.ace_mode)
    pts = game.points
    return max(cards, key=lambda c: (pts[c] - NEAR_WEIGHT * near.get(c, 0), pts[c], c))


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """One of ``obs.legal`` by the rules of thumb of the module docstring."""
    legal = obs.legal
    if len(legal) == 1 or not isinstance(game, Tonk):
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    verbs = {a.verb for a in legal}
    if verbs & {"knock", "draw"}:
        return _draw(obs, game, legal, rng)
    pts = game.points
    melds = [a for a in legal if a.verb == "meld"]
    if melds:
        best = {cards for _k, cards in game.solver.split(list(obs.hand)).melds}
        good = [a for a in melds if a.cards in best]
        return max(good or melds, key=lambda a: (sum(pts[c] for c in a.cards), len(a.cards), a.cards))
    hits = [a for a in legal if a.verb == "layoff"]
    if hits:
        return max(hits, key=lambda a: (pts[a.cards[0]], a.cards[0], -(a.target or 0)))
    discards = {a.cards[0] for a in legal if a.verb == "discard" and a.cards}
    if not discards:
        return legal[rng.randrange(len(legal))]
    return Action("discard", None, (_discard(obs, game, discards),))


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(Tonk,))

__all__ = ["KNOCK_CHANCE", "LOW_CARD", "LOW_GAIN", "NEAR_WEIGHT", "choose", "lowest_chance"]
