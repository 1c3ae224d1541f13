"""The ``simple`` bot of Manille for 2-7 players (family ``manille-solo``, manille.md).

``choose(obs, game, rng) -> Action`` returns one of ``obs.legal``; it reads only the
Observation and the game's static rules (``game.ranking``, ``game.target``,
``game.stake(k)``, ``game.hand_size``, ``game.stock_size``), never a State.

Rules of thumb:
1. **Bid** (``bid play``) only with a hand that is expected to make the target: for each
   trump suit and each number k of cards it could exchange, the hand's expected points
   (``estimate``) give a chance of making it (a logistic curve around the target); the bot
   plays if the best stake-weighted expectation ``v × (2p − 1)`` is positive.
2. **Exchange** the k weakest cards (for the trump it has in mind) where that raises the
   expectation, counting a drawn card at the average worth of the unseen cards; keep the
   hand (a higher stake) when it is strong enough.
3. **Trump**: the suit with the highest expected points for the hand after the exchange.
4. **Card play**: the shared manille heuristics of ``bots/manille.py`` (``choose_card``:
   draw trumps, cash sure winners, beat cheaply, don't waste the manille, feed a winning
   partner). The declarer plays alone; the defenders play as partners against him (each
   gains when he fails), see ``play_card``.
"""

from __future__ import annotations

import copy
import math
import random

from cardtable.bots.manille import (
    beaters,
    choose_card,
    deck_mask,
    hand_mask,
    is_boss,
    lead_card,
    lowest,
    richest_feed,
    unseen_mask,
    winning,
)
from cardtable.bots.strong import StrongBot
from cardtable.cards import SUIT_LETTERS, SUIT_OF, parse_card
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.trick_masks import SUIT_MASK, cards_of

_BID = Action("bid", "play")
_PASS = Action("pass")
_EXCHANGE_NONE = Action("exchange", "none")

#: per player count: (intercept, slope, spread) mapping ``estimate`` to the declarer's
#: points, fitted on 600 simple-bot deals each (voorhand declaring with the bot's plan);
#: spread = the standard deviation of the points around that line
CALIBRATION = {
    2: (16.5, 0.65, 5.9),
    3: (7.1, 0.87, 7.1),
    4: (1.0, 1.02, 7.5),
    5: (2.2, 0.94, 9.1),
    6: (-0.2, 1.01, 9.9),
    7: (-9.0, 1.38, 11.8),
}


# ---- hand evaluation ---------------------------------------------------------------------


def estimate(game: Game, hand: int, trump: int, unseen: int) -> float:
    """Expected points (card points + 1 per trick) the declarer takes with ``hand`` (a
    mask) and ``trump``, against opponents holding ``unseen`` (a mask).

    Winners: a trump with no unseen trump above it wins; one with m unseen trumps above
    wins often when the hand has more trumps below it than m; spare trumps ruff short plain
    suits; a plain card with no unseen card above it wins when its suit is led and nobody
    is void (less likely with more players). A winning trick is worth the card's points,
    about 1.5 points from each opponent and 1 for the trick.
    """
    t = game.ranking.table(trump)
    n = game.players
    pts = t.points
    others = (n - 1) * 1.5 + 1
    p_plain = max(0.35, 1.0 - 0.09 * (n - 1))
    total = 0.0
    tm = t.trump_mask
    trumps = sorted(cards_of(hand & tm), key=lambda c: -t.strength[c])
    spare = 0
    for i, c in enumerate(trumps):
        above = (t.higher[c] & unseen).bit_count()
        if above == 0:
            p = 1.0
        elif len(trumps) - i > above:
            p = 0.7
        else:
            p = 0.3 if above == 1 else 0.1
        if p < 0.7:
            spare += 1
        total += p * (pts[c] + others)
    short = 0
    for s in range(4):
        if s == trump:
            continue
        mine = hand & SUIT_MASK[s]
        cnt = mine.bit_count()
        if cnt <= 1:
            short += 2 - cnt
        for c in cards_of(mine):
            above = (t.higher[c] & unseen).bit_count()
            if above == 0:
                total += p_plain * (pts[c] + others)
            elif above == 1 and cnt >= 2:
                total += 0.25 * p_plain * (pts[c] + others)
    total += min(spare, short) * 0.5 * others
    return total


def chance(game: Game, points: float) -> float:
    """Chance of making the target with an ``estimate`` of ``points``: the calibrated
    points against the target on a logistic curve of the calibrated spread."""
    a, b, sd = CALIBRATION[game.players]
    x = (a + b * points - game.target + 0.5) / (0.55 * sd)
    return 1.0 / (1.0 + math.exp(-x))


def _worst_first(game: Game, hand: int, trump: int, unseen: int) -> list[int]:
    """The hand's cards, least useful first for ``trump``: non-trumps before trumps, then
    by what the card adds to the estimate."""
    base = estimate(game, hand, trump, unseen)
    t = game.ranking.table(trump)

    def loss(c: int) -> tuple:
        return (SUIT_OF[c] == trump, base - estimate(game, hand & ~(1 << c), trump, unseen), t.strength[c])

    return sorted(cards_of(hand), key=loss)


def plan(game: Game, hand: int, unseen: int, stock: int) -> tuple[float, int, int, list[int], float]:
    """The best (value, trump, k, discards, expected points) over trumps and k = 0..stock: value =
    ``v(k) × (2p − 1)``, p the chance of making it after discarding the k weakest cards
    and drawing k cards of average worth."""
    best: tuple[float, int, int, list[int], float] | None = None
    n_unseen = unseen.bit_count()
    for trump in range(4):
        base = estimate(game, hand, trump, unseen)
        order = _worst_first(game, hand, trump, unseen) if stock else []
        kept = hand
        drawn_worth = 0.0
        if stock and n_unseen:
            # the average worth of one more card from the unseen ones
            gains = [estimate(game, hand | (1 << c), trump, unseen & ~(1 << c)) - base for c in cards_of(unseen)]
            drawn_worth = max(0.0, sum(gains) / len(gains))
        for k in range(0, stock + 1):
            if k:
                kept &= ~(1 << order[k - 1])
            pts = estimate(game, kept, trump, unseen) + k * drawn_worth
            v = game.stake(k)
            value = v * (2 * chance(game, pts) - 1)
            if best is None or value > best[0]:
                best = (value, trump, k, order[:k], pts)
    assert best is not None
    return best


# ---- choosing ----------------------------------------------------------------------------


def _deck_less_discards(obs: Observation, game: Game) -> int:
    """The deck less the seat's own discards (``extra["my_discards"]``), which it has seen."""
    deck = deck_mask(game)
    for code in obs.extra.get("my_discards", ()):
        deck &= ~(1 << parse_card(code))
    return deck


def _unseen(obs: Observation, game: Game) -> int:
    return unseen_mask(obs, _deck_less_discards(obs, game))


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    phase = obs.phase
    if phase == "bid":
        value, _t, _k, _d, _p = plan(game, hand_mask(obs), _unseen(obs, game), game.stock_size)
        return _BID if value > 0 and _BID in legal else _PASS
    if phase == "exchange":
        _value, _t, k, discards, _p = plan(game, hand_mask(obs), _unseen(obs, game), game.stock_size)
        if k == 0:
            return _EXCHANGE_NONE
        a = Action("exchange", None, tuple(sorted(discards)))
        for x in legal:
            if x.verb == "exchange" and x.cards and set(x.cards) == set(a.cards):
                return x
        return _EXCHANGE_NONE
    if phase == "trump":
        hand = hand_mask(obs)
        unseen = _unseen(obs, game)
        best = max(range(4), key=lambda s: (estimate(game, hand, s, unseen), (hand & SUIT_MASK[s]).bit_count()))
        return Action("trump", SUIT_LETTERS[best])
    plays = [a.cards[0] for a in legal if a.verb == "play"]
    if plays and obs.trump is not None:
        return Action("play", None, (play_card(obs, game, plays),))
    return legal[0]


def play_card(obs: Observation, game: Game, plays: list[int]) -> int:
    """A card from ``plays`` (the legal ones) for the trick in ``obs``, by the shared manille
    heuristics of ``bots/manille.py``. The declarer plays alone; a defender treats the other
    defenders as partners (only the declarer's tricks count): once the declarer has played
    to the trick, a trick the defenders win is safe whoever keeps it, so the defender puts
    his richest card on it (beating the declarer with it when he can; never a trump or a
    sure winner of his own); while the declarer is still to play, a fellow defender's card
    is fed only when the declarer cannot take it (the best card of its suit, and a trump
    or no trump left out), else the defender throws his cheapest card. The declarer's
    discards are known to him and count as seen."""
    t = game.ranking.table(obs.trump)
    deck = _deck_less_discards(obs, game)
    declarer = obs.extra.get("declarer")
    if not obs.trick and obs.seat != declarer:
        # a defender keeps his trumps to cut the declarer's winners: he leads a plain card
        plain = [c for c in plays if not t.is_trump(c)]
        return lead_card(plain or plays, t, unseen_mask(obs, deck))[0]
    if obs.trick and obs.seat != declarer:
        w_seat, w = winning(obs.trick, t)
        if any(s == declarer for s, _c in obs.trick):
            # the declarer has played: a trick the defenders win is safe, so it gets the
            # richest card that is neither a trump nor a sure winner of our own
            unseen = unseen_mask(obs, deck)
            if w_seat != declarer:
                return richest_feed(plays, t, unseen)
            b = beaters(plays, t, w)
            return richest_feed(b, t, unseen) if b else lowest(plays, t, unseen)
        if w_seat != declarer:
            # the declarer is still to play and may trump in: feed only a card he cannot take
            unseen = unseen_mask(obs, deck)
            if is_boss(w, t, unseen) and (t.is_trump(w) or not unseen & t.trump_mask):
                return richest_feed(plays, t, unseen)
            return lowest(plays, t, unseen)
    return choose_card(obs, t, plays, deck, None)


# ---- the strong bot's prior and its reading of the calls ---------------------------------

#: per player count: the chance of making it (``chance``) above which the strong bot's
#: prior says ``bid play`` (the simple bot: 0.5). With 4 players a pass is no safe 0: the
#: next player who bids makes his game about 85% of the time against the simple bot's
#: defence and takes 1 from each defender, so a bid at a chance of 0.3 to 0.5 loses less
#: (3 × (2p − 1)) than the pass it replaces. Other counts: the simple bot's rule.
PRIOR_BID_CHANCE = {4: 0.3}
#: reading the calls (``CallsRead``): a player who passed had a hand whose best chance was
#: at most ``PASSED_AT_MOST``; the declarer one whose best chance was at least
#: ``BID_AT_LEAST`` and whose named trump is his best suit (lenient bounds that fit the
#: simple bot's calls and the prior's)
PASSED_AT_MOST = 0.5
BID_AT_LEAST = 0.3
#: deals a ``CallsRead`` sample tries before it keeps one that does not fit the calls
CALLS_TRIES = 24


def best_chance(game: Game, hand: int) -> tuple[float, list[float]]:
    """(chance of making it with the best trump, ``estimate`` per trump suit) for a
    starting ``hand`` (a mask) of a game without stock, the other cards unseen."""
    unseen = deck_mask(game) & ~hand
    ests = [estimate(game, hand, s, unseen) for s in range(4)]
    return chance(game, max(ests)), ests


def prior(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The strong bot's prior: the simple bot's rules, but with 4 players it bids at a
    lower chance (``PRIOR_BID_CHANCE``)."""
    legal = obs.legal
    bar = PRIOR_BID_CHANCE.get(game.players)
    if bar is None or obs.phase != "bid" or len(legal) == 1 or game.stock_size:
        return choose(obs, game, rng)
    p, _ests = best_chance(game, hand_mask(obs))
    return _BID if p > bar and _BID in legal else _PASS


def fits_calls(world, seat: int) -> bool:
    """Whether the sampled ``world`` (a ``ManilleState``) fits what ``seat`` heard: each
    other player who passed held a starting hand with a best chance of at most
    ``PASSED_AT_MOST``, the declarer one of at least ``BID_AT_LEAST``, and the trump he
    named is the suit his hand estimated best. Games with a stock: always True."""
    game = world.game
    if game.stock_size:
        return True
    trump = world.t.trump if world.t is not None else -1
    for s, call in world.calls:
        if s == seat:
            continue
        p, ests = best_chance(game, world.start_hands[s])
        if call == "pass":
            if p > PASSED_AT_MOST:
                return False
        else:
            if p < BID_AT_LEAST:
                return False
            if trump >= 0 and s == world.declarer and ests[trump] < max(ests):
                return False
    return True


class CallsRead:
    """An information set whose samples fit the calls (``fits_calls``): ``sample`` deals
    again, at most ``CALLS_TRIES`` times, until the players who passed hold hands they
    would pass with and the declarer one he would bid and name that trump with (keeping
    the last deal if none fits). It reads only the wrapped set's ``observation`` and
    ``sample``: the calls are public, the sampled hands are the set's own guesses."""

    __slots__ = ("inner", "seat")

    def __init__(self, inner):
        self.inner = inner
        self.seat = inner.seat

    def __reduce__(self):
        return (CallsRead, (copy.copy(self.inner),))

    @property
    def observation(self):
        return self.inner.observation

    @property
    def game(self):
        return self.inner.game

    def sample(self, rng: random.Random):
        for _ in range(CALLS_TRIES):
            world = self.inner.sample(rng)
            if fits_calls(world, self.seat):
                break
        return world


class ManilleStrongBot(StrongBot):
    """The strong bot of Manille: ``StrongBot``'s search over samples that fit the calls
    (``CallsRead``), starting from ``prior``."""

    def choose(self, info, budget: float | None = None) -> Action:
        if hasattr(info, "sample") and not isinstance(info, CallsRead) and not self.game.stock_size:
            info = CallsRead(info)
        return super().choose(info, budget)


__all__ = [
    "CallsRead",
    "ManilleStrongBot",
    "best_chance",
    "choose",
    "estimate",
    "fits_calls",
    "plan",
    "play_card",
    "prior",
]


# the games this module's rules of thumb play (bots/registry.py)
from cardtable.bots.registry import register_bot, register_policy  # noqa: E402
from cardtable.games.manille import Manille  # noqa: E402

register_policy("simple", choose, game_classes=(Manille,))
register_policy("prior", prior, game_classes=(Manille,))
register_bot("strong", ManilleStrongBot, game_classes=(Manille,))
