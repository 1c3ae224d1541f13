"""The ``simple`` bot of Jersey Gin (games/jersey_gin.py): the knock rummies' rules of thumb
(bots/knock.py: keep melds and near-melds, throw the card that leaves the least brandhout, the
highest first) with what Jersey Gin adds, on the seat's own observation and the game's public
rules (its brandhout solver).

    choose(obs, game, rng) -> Action      # always one of obs.legal

- **The offer round**: take the upcard when, with it, a discard leaves at least ``TAKE_GAIN``
  points less brandhout than the hand holds now, or none at all (it makes or grows a meld);
  else pass.
- **The draw**: the same test for the top discard and, where ``draw discard 2`` is legal, the
  second card; the card that saves more is taken (the top one among equals), else the stock.
- **The end step**: gin when offered; knock when the least brandhout a knock leaves is at most
  ``knock_bar``: the limit of 9 for the first ``EARLY_ROUNDS`` rounds, then one less each round
  (down to ``LOW_BAR``), as the others' hands come nearer to undercutting it; else discard.
- **The showdown**: laying off is the rules' (families/layoffs.py): no choice.

The strong bot's playouts play these rules at every seat (``bots/rummy_playout.py``).
"""

from __future__ import annotations

import random

from cardtable.bots.knock import TAKE_GAIN, _best_discard
from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.knock import KnockRummy

#: rounds (a turn of each seat) in which the bot knocks with up to the knock limit
EARLY_ROUNDS = 3
#: the least brandhout the bot still knocks with late in a hand
LOW_BAR = 3


def knock_bar(obs: Observation, game: KnockRummy) -> int:
    """The most brandhout the bot knocks with: the knock limit (9) in the first ``EARLY_ROUNDS``
    rounds, then one less each round, at least ``LOW_BAR``."""
    limit = game.knock_limit if game.knock_limit is not None else 9
    rounds = int(obs.extra.get("turn", 0)) // max(1, obs.n_seats)
    return max(LOW_BAR, limit - max(0, rounds - EARLY_ROUNDS + 1))


def gain(hand: list[Card], card: Card, game: KnockRummy) -> tuple[int, int]:
    """What taking ``card`` does: ``(brandhout now, the least brandhout a discard then leaves)``
    (``card`` itself may not be thrown back)."""
    now = game.brandhout(hand)
    after, _ = _best_discard(hand + [card], card, game)
    return now, after


def worth_taking(hand: list[Card], card: Card, game: KnockRummy) -> int | None:
    """The points of brandhout taking ``card`` saves, if it saves ``TAKE_GAIN`` or more or
    leaves none; else None."""
    now, after = gain(hand, card, game)
    if after == 0 or after <= now - TAKE_GAIN:
        return now - after
    return None


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """One of ``obs.legal`` by the rules of thumb of the module docstring."""
    legal = obs.legal
    if len(legal) == 1 or not isinstance(game, KnockRummy):
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    hand = list(obs.hand)
    by_text = {(a.verb, a.arg): a for a in legal if not a.cards}
    pile = obs.discard
    if ("pass", None) in by_text:
        take = by_text.get(("draw", "discard"))
        if take is not None and pile and worth_taking(hand, pile[-1], game) is not None:
            return take
        return by_text[("pass", None)]
    if ("draw", "stock") in by_text or ("draw", "discard") in by_text:
        best: tuple[int, Action] | None = None
        for arg, depth in (("discard", 1), ("discard 2", 2)):
            a = by_text.get(("draw", arg))
            if a is None or len(pile) < depth:
                continue
            saved = worth_taking(hand, pile[-depth], game)
            if saved is not None and (best is None or saved > best[0]):
                best = (saved, a)
        if best is not None:
            return best[1]
        return by_text.get(("draw", "stock")) or legal[0]
    for a in legal:
        if a.verb == "gin":
            return a
    taken = obs.extra.get("taken_from_discard")
    discards = {a.cards[0] for a in legal if a.verb == "discard" and a.cards}
    knocks = {a.cards[0] for a in legal if a.verb == "knock" and a.cards}
    if not discards and not knocks:
        return legal[rng.randrange(len(legal))]
    left, card = _best_discard(hand, taken, game, discards or knocks)
    knock = Action("knock", None, (card,))
    if (not discards or 0 < left <= knock_bar(obs, game)) and knock in legal:
        return knock
    return Action("discard", None, (card,))


from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.jersey_gin import JerseyGin  # noqa: E402

register_policy("simple", choose, game_classes=(JerseyGin,))

__all__ = ["EARLY_ROUNDS", "LOW_BAR", "choose", "gain", "knock_bar", "worth_taking"]
