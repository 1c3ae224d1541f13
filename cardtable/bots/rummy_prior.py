"""The strong bot's prior for Klassieke Rummy: the rules of thumb its search starts from.

    choose(obs, game, rng) -> Action      # always one of obs.legal

Registered as ``prior`` for ``KlassiekeRummy`` only (bots/registry.py; bots/strong.py's
``prior_policy``); the ``simple`` bot (bots/rummy.py) is unchanged and no other game sees
this module. It reads only its seat's Observation: its hand, the discard pile, the table
melds, the hand sizes, ``extra`` and, where the observation carries them, the public events
of the hand (who took which card from the discard pile, what each player threw, who drew
from the stock with a card on offer). A playout's light observation (``policy_observation``)
has no events: the prior then plays the same rules without what it reads from them.

What it plays, in a player's words (measured against the simple bot, benchmarks/README.md):

- **Live cards.** The cards it has not seen (not in its hand, not on the table, not in the
  discard pile, not known in an opponent's hand because he took it from the pile) are the
  cards it may still draw. A pair or a run piece counts for each live card that would make
  it a meld, so a pair whose two other cards are gone, or a run end whose cards lie in the
  discard pile, is worth nothing (the simple bot counts every pair and suited neighbour).
- **Discard** the card least worth keeping: a card in a meld is kept; then the live
  near-melds it is part of, less its points. When an opponent is down to ``LATE_HAND``
  cards or fewer his going out is near and every point left in the hand will count against
  it, so the points weigh ``LATE_POINTS`` times as much: high cards go first.
- **Do not feed the next player.** A card he would pick up (it fits a table meld, or makes a
  meld with two cards he may hold: surely with cards he took from the pile, less likely for
  ranks and suits he threw or passed by) is kept back by the chance that he takes it times
  ``FEED``.
- **Draw**: the top discard when it makes a meld or fits a table meld (the simple bot's
  reason), and also when it is worth keeping by ``TAKE_MARGIN`` more than the card it would
  then throw (a strong near-meld), else the stock.
- **Meld, lay off, go out** as the simple bot: out at once when it can, else the meld that
  leaves the best hand, then every lay-off, highest first.
- A hand that stalls (the stock re-formed) gets the simple bot's growing random shake-up in
  the discard, so two bots holding each other's cards do not cycle for ever.

Cost: about 0.06 ms a decision (median, 2 players), at most a few ms while the tables of
which cards make a meld with which (built once per ace mode) fill.
"""

from __future__ import annotations

import random
from typing import Sequence

from cardtable.bots import rummy as simple
from cardtable.cards import RANK_OF, SUIT_OF, Card, full52, make
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.drift import draw_choice
from cardtable.families.rummy import classify, layoff_options

#: a near-meld (two cards that make a meld with one more) is worth this much to each of its
#: cards with one live card that completes it, half as much again with two or more, nothing
#: when none is live
NEAR = 30.0
#: what keeping a card in a meld is worth (it goes down this turn or the next)
IN_MELD = 100.0
#: the weight of a card's points in the discard, and once an opponent holds ``LATE_HAND``
#: cards or fewer (his going out is near: the points left will count)
POINTS = 1.0
LATE_POINTS = 10.0
LATE_HAND = 4
#: the worth of not feeding the next player: times the chance that he picks the card up
FEED = 30.0
#: the top discard is taken (beside the simple bot's reasons) when it is worth this much more
#: than the card the hand would then throw
TAKE_MARGIN = 80.0
#: the shake-up of a stalled hand per re-forming of the stock (at most 5), as the simple bot
NOISE = 8.0
#: the share of the cards he may hold unseen that the next player is assumed to hold of a
#: rank or suited neighbour he threw or passed by (he keeps fewer of those)
SHUNNED = 0.6

_ALL = 0
for _c in full52():
    _ALL |= 1 << _c
del _c


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# (ace_mode, a, b) -> mask of the cards x with {a, b, x} a meld; (ace_mode, c) -> those pairs
_COMPLETE: dict[tuple[str, Card, Card], int] = {}
_PAIRS: dict[tuple[str, Card], tuple[tuple[Card, Card], ...]] = {}


def _candidates(c: Card) -> list[Card]:
    """The cards that can stand in a meld of three with ``c``: its rank, and its suit (any
    distance: the ace's place depends on the ace mode)."""
    r, s = RANK_OF[c], SUIT_OF[c]
    return [make(r, t) for t in range(4) if t != s] + [make(q, s) for q in range(2, 15) if q != r]


def completions(a: Card, b: Card, ace_mode: str) -> int:
    """The mask of the cards that make a meld of three with ``a`` and ``b`` under
    ``ace_mode`` (0 when none does)."""
    key = (ace_mode, a, b) if a < b else (ace_mode, b, a)
    got = _COMPLETE.get(key)
    if got is None:
        got = 0
        if RANK_OF[a] == RANK_OF[b] or SUIT_OF[a] == SUIT_OF[b]:
            for x in _candidates(a):
                if x != b and classify((a, b, x), ace_mode) is not None:
                    got |= 1 << x
        _COMPLETE[key] = got
    return got


def meld_pairs(c: Card, ace_mode: str) -> tuple[tuple[Card, Card], ...]:
    """The pairs of other cards that make a meld of three with ``c``."""
    key = (ace_mode, c)
    got = _PAIRS.get(key)
    if got is None:
        cands = _candidates(c)
        got = tuple(
            (a, b) for i, a in enumerate(cands) for b in cands[i + 1 :] if classify((c, a, b), ace_mode) is not None
        )
        _PAIRS[key] = got
    return got


class _View:
    """What the prior reads once per decision: the rules, the table, the live (unseen)
    cards, and per seat the cards he is known to hold and the cards he threw or passed by."""

    __slots__ = ("ace_mode", "points", "layoff_needs_meld", "last_card", "table", "unseen", "known", "shunned", "fits")

    def __init__(self, obs: Observation, game: Game):
        self.ace_mode, self.points, self.layoff_needs_meld, self.last_card = simple._rules(game)
        self.table = simple._table_melds(obs)
        seen = _mask(obs.hand) | _mask(obs.discard)
        for m in obs.melds:
            seen |= _mask(m.cards)
        known = [0] * obs.n_seats
        shunned = [0] * obs.n_seats
        offered = None  # the card a draw from the stock passes by
        for ev in getattr(obs, "events", None) or ():
            k = ev.kind
            if k == "take":
                known[ev.seats[0]] |= 1 << ev.cards[0]
                offered = None
            elif k == "discard":
                s, c = ev.seats[0], ev.cards[0]
                known[s] &= ~(1 << c)
                shunned[s] |= 1 << c
                offered = c
            elif k == "draw":
                if offered is not None:
                    shunned[ev.seats[0]] |= 1 << offered
                offered = None
            else:
                if k in ("meld", "layoff"):
                    known[ev.seats[0]] &= ~_mask(ev.cards)
                offered = None
        known[obs.seat] = 0
        self.known = known
        self.shunned = shunned
        self.unseen = _ALL & ~seen
        for m in known:
            self.unseen &= ~m
        self.fits: dict[Card, bool] = {}

    def fits_table(self, c: Card) -> bool:
        """``c`` can be laid off on a table meld."""
        got = self.fits.get(c)
        if got is None:
            got = self.fits[c] = bool(self.table) and bool(layoff_options([c], self.table, self.ace_mode))
        return got

    def take_chance(self, c: Card, seat: int, hand_size: int) -> float:
        """How likely ``seat`` picks ``c`` up from the pile: 1 if it fits a table meld, else
        the chance that he holds two cards that make a meld with it (a card he took from the
        pile he holds; an unseen card with the share of the unseen cards his hand holds,
        less for ranks and suits he threw or passed by)."""
        if self.fits_table(c):
            return 1.0
        known = self.known[seat]
        unseen = self.unseen
        n_unseen = unseen.bit_count()
        q = min(1.0, max(0, hand_size - known.bit_count()) / n_unseen) if n_unseen else 0.0
        r, s = RANK_OF[c], SUIT_OF[c]
        shun = self.shunned[seat]
        while shun:
            low = shun & -shun
            shun ^= low
            o = low.bit_length() - 1
            if RANK_OF[o] == r or (SUIT_OF[o] == s and abs(RANK_OF[o] - r) <= 1):
                q *= SHUNNED
                break
        miss = 1.0
        for a, b in meld_pairs(c, self.ace_mode):
            pa = 1.0 if known >> a & 1 else (q if unseen >> a & 1 else 0.0)
            if pa:
                pb = 1.0 if known >> b & 1 else (q if unseen >> b & 1 else 0.0)
                if pb:
                    miss *= 1.0 - pa * pb
        return 1.0 - miss


def live_near(hand: Sequence[Card], unseen: int, ace_mode: str) -> dict[Card, float]:
    """For each card of ``hand``, its near-melds with other cards of ``hand``, each counted
    by its live outs: 1 for one unseen card that completes it, 1.5 for two or more, 0 for
    none."""
    out = {c: 0.0 for c in hand}
    for i, a in enumerate(hand):
        for b in hand[i + 1 :]:
            outs = completions(a, b, ace_mode) & unseen
            if outs:
                v = 1.0 if outs & (outs - 1) == 0 else 1.5
                out[a] += v
                out[b] += v
    return out


def usefulness(obs: Observation, view: _View, hand: Sequence[Card]) -> dict[Card, float]:
    """How much each card of ``hand`` is worth keeping (higher: keep; the module docstring):
    in a meld, its live near-melds, less its points (more once an opponent is close to going
    out), plus the chance the next player picks it up times ``FEED``."""
    cover = simple._meld_cover(hand, view.ace_mode)
    near = live_near(hand, view.unseen, view.ace_mode)
    nxt = (obs.seat + 1) % obs.n_seats
    nxt_size = obs.hand_sizes[nxt]
    short = min(n for s, n in enumerate(obs.hand_sizes) if s != obs.seat)
    pts_w = LATE_POINTS if short <= LATE_HAND else POINTS
    points = view.points
    out = {}
    for c in hand:
        out[c] = (
            (IN_MELD if c in cover else 0.0)
            + NEAR * near[c]
            - pts_w * points[c]
            + FEED * view.take_chance(c, nxt, nxt_size)
        )
    return out


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """One of ``obs.legal`` by the rules of thumb in the module docstring."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    verbs = {a.verb for a in legal}
    if verbs == {"draw"}:
        return _choose_draw(obs, game, list(legal), rng)
    if verbs == {"discard"}:
        return _choose_discard(obs, game, list(legal), rng)
    return simple.choose(obs, game, rng)  # go out, meld, lay off: as the simple bot


def _choose_draw(obs: Observation, game: Game, draws: list[Action], rng: random.Random) -> Action:
    decided, take, stock = draw_choice(obs, draws)
    if decided is not None:
        return decided
    if simple.choose(obs, game, rng) == take:  # it makes a meld or fits a table meld
        return take
    view = _View(obs, game)
    top = obs.discard[-1]
    view.unseen &= ~(1 << top)
    useful = usefulness(obs, view, list(obs.hand) + [top])
    if useful[top] > min(useful[c] for c in obs.hand) + TAKE_MARGIN:
        return take
    return stock


def _choose_discard(obs: Observation, game: Game, discards: list[Action], rng: random.Random) -> Action:
    view = _View(obs, game)
    useful = usefulness(obs, view, list(obs.hand))
    noise = NOISE * min(int(obs.extra.get("turnovers", 0) or 0), 5)
    best, best_key = discards[0], None
    for a in discards:
        c = a.cards[0]
        u = useful[c] + (rng.random() * noise if noise else 0.0)
        key = (u, -view.points[c])
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


# the game this prior plays (bots/registry.py): Klassieke Rummy only
from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.klassieke_rummy import KlassiekeRummy  # noqa: E402

register_policy("prior", choose, game_classes=(KlassiekeRummy,))
