"""The simple bot of Boathouse Rummy (games/boathouse_rummy.py): rules of thumb on the seat's own
observation and the game's public rules (its solver, ``game.solver``).

    choose(obs, game, rng) -> Action      # always one of obs.legal

The bot plans to go out all at once: it measures a hand by its brandhout (the points of the cards
no split puts in a meld, ``solver.value``), which is 0 exactly when the hand can be laid down.

- **Go out** whenever ``rummy`` or ``rummy <card>`` is on offer.
- **The first draw.** Taking the top discard brings a second card and the hand grows by one,
  and every card held counts for the player who goes out. So the top discard is taken when the
  hand could then go out at once (with the next card of the pile as the second), or when it saves
  at least ``take_bar`` brandhout points: ``TAKE_GAIN``, and ``GROW`` more for every card the
  hand already holds beyond the cards dealt. Otherwise it draws from the stock.
- **The second draw** (after taking the top discard): the next card of the pile when the hand
  could then go out with it, or when it saves brandhout (``TAKE_GAIN``); else the stock, whose
  card may go straight back on the pile.
- **The discard**: the card that leaves the least brandhout (never the last card taken from the
  pile), keeping near-melds (pairs, suited cards within two ranks) among equals and throwing the
  highest card first; a joker only when nothing else is left to throw.

The strong bot (bots/strong.py) searches from these choices; its playouts play these rules at
every seat (bots/rummy_playout.py).
"""

from __future__ import annotations

import random

from cardtable.cards import Card, is_joker
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.rummy import near_melds
from cardtable.games.boathouse_rummy import BoathouseRummy

#: brandhout points a card taken from the pile must save
TAKE_GAIN = 3
#: more points it must save for every card the hand holds beyond the cards dealt
GROW = 4


def take_bar(hand_size: int, game: BoathouseRummy) -> int:
    """The brandhout a top discard must save to be taken with a hand of ``hand_size`` cards:
    ``TAKE_GAIN`` plus ``GROW`` per card beyond the cards dealt (a growing hand costs more)."""
    return TAKE_GAIN + GROW * max(0, hand_size - game.dealt)


def goes_out(hand: list[Card], barred: Card | None, game: BoathouseRummy) -> bool:
    """Whether ``hand`` can be laid down now: wholly in melds, or all but one card other than
    ``barred`` (the last card taken from the pile)."""
    whole, outs = game.solver.going_out(hand)
    return whole or any(c != barred for c in outs)


def best_discard(hand: list[Card], taken: Card | None, game: BoathouseRummy, allowed: set[Card]) -> Card:
    """The card of ``allowed`` whose discard leaves the least brandhout (module docstring)."""
    after = game.solver.after_discards(hand)
    near = near_melds(hand, game.ace_mode)
    pts = game.points
    cards = [c for c in set(hand) if c != taken and c in allowed]
    naturals = [c for c in cards if not is_joker(c)] or cards
    return min(naturals, key=lambda c: (after[c], near[c], -pts[c], c))


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """One of ``obs.legal`` by the rules of thumb of the module docstring."""
    legal = obs.legal
    if len(legal) == 1 or not isinstance(game, BoathouseRummy):
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    for a in legal:
        if a.verb == "rummy":
            return a
    hand = list(obs.hand)
    if any(a.verb == "draw" for a in legal):
        take = next((a for a in legal if a.verb == "draw" and a.arg == "discard"), None)
        stock = next((a for a in legal if a.verb == "draw" and a.arg == "stock"), None)
        if take is None or not obs.discard:
            return stock or legal[0]
        if stock is None:
            return take
        top = obs.discard[-1]
        solver = game.solver
        if obs.extra.get("second_draw"):
            with_top = hand + [top]
            if goes_out(with_top, top, game) or solver.value(with_top) <= solver.value(hand) - TAKE_GAIN:
                return take
            return stock
        with_top = hand + [top]
        if len(obs.discard) >= 2 and goes_out(with_top + [obs.discard[-2]], obs.discard[-2], game):
            return take
        if solver.value(with_top) <= solver.value(hand) - take_bar(len(hand), game):
            return take
        return stock
    taken = obs.extra.get("taken_from_discard")
    discards = {a.cards[0] for a in legal if a.verb == "discard" and a.cards}
    if not discards:
        return legal[rng.randrange(len(legal))]
    return Action("discard", None, (best_discard(hand, taken, game, discards),))


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(BoathouseRummy,))

__all__ = ["GROW", "TAKE_GAIN", "best_discard", "choose", "goes_out", "take_bar"]
