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

from cardtable.bots.knock import TAKE_GAIN, end_turn
from cardtable.cards import ACE, RANK_OF, SUIT_OF, Card
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


def _low(c: Card) -> int:
    r = RANK_OF[c]
    return 1 if r == ACE else r


def near(c: Card, hand: list[Card]) -> int:
    """How many other cards of ``hand`` ``c`` could form a meld with given one more card: the
    same rank, or the same suit within two ranks (the ace low), as ``rummy.near_melds``."""
    r, s, lo = RANK_OF[c], SUIT_OF[c], _low(c)
    return sum(1 for o in hand if o != c and (RANK_OF[o] == r or (SUIT_OF[o] == s and abs(_low(o) - lo) <= 2)))


def best_discard(
    hand: list[Card], taken: Card | None, game: KnockRummy, allowed: set[Card] | None = None
) -> tuple[int, Card]:
    """The least brandhout a discard leaves and that discard (``taken`` never; only a card of
    ``allowed`` when given); among equals the card with the fewest near-melds, then the highest
    (``bots/knock.py``'s rule, the near-melds counted for the tied cards only)."""
    after = game.solver.after_discards(hand)
    pts = game.points
    cards = [c for c in set(hand) if c != taken and (allowed is None or c in allowed)]
    low = min(after[c] for c in cards)
    tied = [c for c in cards if after[c] == low]
    if len(tied) == 1:
        return low, tied[0]
    return low, min(tied, key=lambda c: (near(c, hand), -pts[c], c))


def _melds_with(card: Card, hand: list[Card]) -> bool:
    """``card`` can be in a meld of ``hand`` + ``card``: two of its rank, or a run of its suit."""
    r, s, lo = RANK_OF[card], SUIT_OF[card], _low(card)
    if sum(1 for o in hand if RANK_OF[o] == r) >= 2:
        return True
    have = {_low(o) for o in hand if SUIT_OF[o] == s}
    return (lo - 1 in have and (lo - 2 in have or lo + 1 in have)) or (lo + 1 in have and lo + 2 in have)


class Takes:
    """What taking a card from the discard pile does for ``hand`` (the module docstring's test),
    with the hand's own brandhout and discards computed once for the two cards a draw weighs."""

    def __init__(self, hand: list[Card], game: KnockRummy):
        self.hand = hand
        self.game = game
        self.now = game.brandhout(hand)
        self._least: int | None = None

    def after(self, card: Card) -> int:
        """The least brandhout a discard leaves after taking ``card`` (never ``card`` itself).
        A card that melds with nothing stays brandhout: its points and the least brandhout a
        discard of the hand leaves now."""
        if _melds_with(card, self.hand):
            return best_discard(self.hand + [card], card, self.game)[0]
        if self._least is None:
            self._least = min(self.game.solver.after_discards(self.hand).values())
        return self._least + self.game.points[card]

    def saved(self, card: Card) -> int | None:
        """The points of brandhout taking ``card`` saves, if ``TAKE_GAIN`` or more or it leaves
        none; else None."""
        after = self.after(card)
        if after == 0 or after <= self.now - TAKE_GAIN:
            return self.now - after
        return None


def worth_taking(hand: list[Card], card: Card, game: KnockRummy) -> int | None:
    """``Takes(hand, game).saved(card)``: the points taking ``card`` saves, or None."""
    return Takes(hand, game).saved(card)


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
        takes = Takes(hand, game)
        for arg, depth in (("discard", 1), ("discard 2", 2)):
            a = by_text.get(("draw", arg))
            if a is None or len(pile) < depth:
                continue
            saved = takes.saved(pile[-depth])
            if saved is not None and (best is None or saved > best[0]):
                best = (saved, a)
        if best is not None:
            return best[1]
        return by_text.get(("draw", "stock")) or legal[0]
    return end_turn(obs, game, rng, best_discard, knock_bar)


from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.jersey_gin import JerseyGin  # noqa: E402

register_policy("simple", choose, game_classes=(JerseyGin,))

__all__ = ["EARLY_ROUNDS", "LOW_BAR", "Takes", "best_discard", "choose", "knock_bar", "near", "worth_taking"]
