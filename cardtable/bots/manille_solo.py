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
4. **Card play**: the declarer plays against everyone; the defenders play together against
   him (each gains when he fails): lead a sure winner (top trump while trumps are out, for
   the declarer; a boss card with points), else a low card; follow by feeding points to a
   fellow defender who is sure to win the trick, else win as cheaply as possible (a trump
   when the trick is worth it), else throw the lowest card.
"""

from __future__ import annotations

import math
import random

from cardtable.cards import SUIT_LETTERS, parse_card
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.tricks import SUIT_MASK, cards_of

_BID = Action("bid", "play")
_PASS = Action("pass")
_EXCHANGE_NONE = Action("exchange", "none")

#: per player count: (intercept, slope, spread) mapping ``estimate`` to the declarer's
#: points, fitted on 400 simple-bot deals each (voorhand declaring with the bot's plan);
#: spread = the standard deviation of the points around that line
CALIBRATION = {2: (16.9, 0.66, 6.0), 3: (13.8, 0.67, 8.3), 4: (2.3, 0.97, 7.3),
               5: (4.6, 0.82, 9.2), 6: (4.1, 0.81, 10.2), 7: (-13.1, 1.47, 10.4)}
#: card points in a trick that make a trump worth spending on it
WORTH_TRUMPING = 5

_DECK = 0


def _deck_mask(game: Game) -> int:
    global _DECK
    if not _DECK:
        for c in game.deck():
            _DECK |= 1 << c
    return _DECK


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


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
        return ((c >> 4) == trump, base - estimate(game, hand & ~(1 << c), trump, unseen), t.strength[c])

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

def _unseen(obs: Observation, game: Game) -> int:
    seen = _mask(obs.hand)
    for code in obs.extra.get("played", ()):
        seen |= 1 << parse_card(code)
    for code in obs.extra.get("my_discards", ()):
        seen |= 1 << parse_card(code)
    for _s, c in obs.trick:
        seen |= 1 << c
    return _deck_mask(game) & ~seen


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    phase = obs.phase
    if phase == "bid":
        value, _t, _k, _d, _p = plan(game, _mask(obs.hand), _unseen(obs, game), game.stock_size)
        return _BID if value > 0 and _BID in legal else _PASS
    if phase == "exchange":
        _value, _t, k, discards, _p = plan(game, _mask(obs.hand), _unseen(obs, game), game.stock_size)
        if k == 0:
            return _EXCHANGE_NONE
        a = Action("exchange", None, tuple(sorted(discards)))
        for x in legal:
            if x.verb == "exchange" and x.cards and set(x.cards) == set(a.cards):
                return x
        return _EXCHANGE_NONE
    if phase == "trump":
        hand = _mask(obs.hand)
        unseen = _unseen(obs, game)
        best = max(range(4), key=lambda s: (estimate(game, hand, s, unseen), (hand & SUIT_MASK[s]).bit_count()))
        return Action("trump", SUIT_LETTERS[best])
    plays = [a.cards[0] for a in legal if a.verb == "play"]
    if plays and obs.trump is not None:
        return Action("play", None, (play_card(obs, game, plays),))
    return legal[0]


def play_card(obs: Observation, game: Game, plays: list[int]) -> int:
    """A card from ``plays`` (the legal ones) for the trick in ``obs``."""
    t = game.ranking.table(obs.trump)
    seat = obs.seat
    declarer = obs.extra.get("declarer")
    unseen = _unseen(obs, game)
    trump = t.trump
    tm = t.trump_mask
    pts = t.points
    st = t.strength

    def low_key(c: int):
        return ((c >> 4) == trump, pts[c], st[c])

    def is_boss(c: int) -> bool:
        return not (t.higher[c] & unseen)

    trick = obs.trick
    if not trick:
        if seat == declarer:
            trumps = [c for c in plays if (c >> 4) == trump]
            if trumps and (unseen & tm):
                top = max(trumps, key=lambda c: st[c])
                if is_boss(top):
                    return top
        bosses = [c for c in plays if (c >> 4) != trump and is_boss(c)]
        if bosses:
            return max(bosses, key=lambda c: (pts[c], st[c]))
        return min(plays, key=low_key)
    w_seat, w = trick[0]
    for s, c in trick[1:]:
        if t.beats(c, w):
            w_seat, w = s, c
    last = len(trick) == obs.n_seats - 1
    trick_pts = sum(pts[c] for _s, c in trick)
    friend = seat != declarer and w_seat != declarer
    if friend:
        # a fellow defender is winning: feed points when he is sure to keep the trick
        declarer_to_play = declarer is not None and declarer not in {s for s, _c in trick}
        safe = (not declarer_to_play) or (is_boss(w) and ((w >> 4) == trump or not (unseen & tm)))
        if safe:
            feed = [c for c in plays if (c >> 4) != trump] or plays
            return max(feed, key=lambda c: (pts[c], -st[c]))
        return min(plays, key=low_key)
    winners = [c for c in plays if t.beats(c, w)]
    if winners:
        plain = [c for c in winners if (c >> 4) != trump]
        if plain:
            if last:
                return min(plain, key=lambda c: st[c])
            sure = [c for c in plain if is_boss(c)]
            if sure:
                return min(sure, key=lambda c: st[c])
            return max(plain, key=lambda c: st[c])
        cheapest = min(winners, key=lambda c: (st[c], pts[c]))
        non_trump = [c for c in plays if (c >> 4) != trump]
        if trick_pts >= WORTH_TRUMPING or last or not non_trump:
            return cheapest
    return min(plays, key=low_key)


__all__ = ["choose", "estimate", "plan", "play_card"]
