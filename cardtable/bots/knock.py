"""The ``simple`` bot of the knock rummies (families/knock.py: Klop Rummy ...): rules of thumb on the
seat's own observation and the game's public rules (its brandhout solver, ``game.solver``).

    choose(obs, game, rng) -> Action      # always one of obs.legal

Draw: take the top discard when, with it, the hand can discard to less brandhout than it holds now
by at least ``TAKE_GAIN`` points (it makes or grows a meld) or to none at all; otherwise draw from the stock.
End step, in this order: go rummy / gin when offered; knock when the least brandhout a knock leaves
is at most the bot's bar (``knock_bar``: the game's knock limit, and with no limit a bar that falls
as the hand goes on and with more players); else discard the card that leaves the least
brandhout, keeping near-melds (pairs, suited cards within two ranks) among equals and throwing the
highest card first. Laying off at the showdown is the rules' (families/knock.py): no choice.

The strong bot's playouts play these rules at every seat (``bots/rummy_playout.py``, registered
for every drift rummy, the knock rummies among them).
"""

from __future__ import annotations

import random
from typing import Callable

from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.knock import KnockRummy
from cardtable.families.rummy import near_melds

#: points of brandhout the top discard must save to be taken
TAKE_GAIN = 3


def knock_bar(obs: Observation, game: KnockRummy) -> int:
    """The most brandhout the bot knocks with: with no knock limit 8 at the start of a hand,
    one less every two rounds and with each player beyond two (at least 2), and 4 more each time
    the stock has been renewed (so that bots holding each other's cards end the hand); else the
    limit."""
    limit = game.knock_limit
    if limit is not None:
        return limit
    rounds = int(obs.extra.get("turn", 0)) // max(1, obs.n_seats)
    return max(2, 8 - (obs.n_seats - 2) - rounds // 2) + 4 * int(obs.extra.get("turnovers", 0))


def _best_discard(
    hand: list[Card], taken: Card | None, game: KnockRummy, allowed: set[Card] | None = None
) -> tuple[int, Card]:
    """The least brandhout a discard leaves and that discard (``taken`` never; only a card of
    ``allowed`` when given), by the rules of thumb among equals."""
    after = game.solver.after_discards(hand)
    near = near_melds(hand, game.ace_mode)
    pts = game.points
    cards = (c for c in set(hand) if c != taken and (allowed is None or c in allowed))
    best = min(cards, key=lambda c: (after[c], near[c], -pts[c], c))
    return after[best], best


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """One of ``obs.legal`` by the rules of thumb of the module docstring."""
    legal = obs.legal
    if len(legal) == 1 or not isinstance(game, KnockRummy):
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    hand = list(obs.hand)
    verbs = {a.verb for a in legal}
    if "draw" in verbs:
        take = next((a for a in legal if a.verb == "draw" and a.arg == "discard"), None)
        stock = next((a for a in legal if a.verb == "draw" and a.arg == "stock"), None)
        if take is not None and obs.discard:
            top = obs.discard[-1]
            now = game.brandhout(hand)
            with_top, _ = _best_discard(hand + [top], top, game)
            if stock is None or with_top == 0 or with_top <= now - TAKE_GAIN:
                return take
        return stock or legal[0]
    return end_turn(obs, game, rng, _best_discard, knock_bar)


def end_turn(
    obs: Observation,
    game: KnockRummy,
    rng: random.Random,
    best_discard: Callable[[list[Card], Card | None, KnockRummy, set[Card] | None], tuple[int, Card]],
    bar: Callable[[Observation, KnockRummy], int],
) -> Action:
    """The turn after the draw, for the knock rummies' simple bots: rummy or gin when on
    offer; else the card ``best_discard`` lets go (never the one taken at the table),
    knocked with when the brandhout it leaves is at most ``bar`` (or no plain discard is on
    offer), else discarded."""
    legal = obs.legal
    for a in legal:
        if a.verb in ("rummy", "gin"):
            return a
    taken = obs.extra.get("taken_from_discard")
    # the cards ``legal`` lets go: every card but the one taken at the table; fewer where the
    # strong bot asks for its next choice without the first (``strong._candidates``)
    discards = {a.cards[0] for a in legal if a.verb == "discard" and a.cards}
    knocks = {a.cards[0] for a in legal if a.verb == "knock" and a.cards}
    if not discards and not knocks:
        return legal[rng.randrange(len(legal))]
    left, card = best_discard(list(obs.hand), taken, game, discards or knocks)
    knock = Action("knock", None, (card,))
    if (not discards or 0 < left <= bar(obs, game)) and knock in legal:
        return knock
    return Action("discard", None, (card,))


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(KnockRummy,))

__all__ = ["TAKE_GAIN", "choose", "end_turn", "knock_bar"]
