"""The strong bot's prior for Jokeren (games/jokeren.py): a plan of the whole hand.

    prior(obs, game, rng) -> Action      # always one of obs.legal

The simple bot's turn (bots/wild_rummy.py) with the changes a good Jokeren player makes (each
measured against simple with ``tournament --iterations 0``; benchmarks/README.md):

- **Go down at once.** A player lays off only once he owns a meld, so holding melds back
  denies the other hand little, and a meld kept in hand is penalty points if he goes out
  first: the bot puts its melds down as soon as it can (the wild rummy prior's holding back
  cost about 2 penalty points a hand here).
- **Plan the hand.** The hand, jokers too, is split into the melds that leave the fewest cards
  over, fewest points first (``best_split``). The meld put down is the one that keeps to that
  plan and leaves the best rest: a joker goes where it completes a meld the plan needs, and
  stands for a card whose copies are mostly seen (harder for the other hand to swap out).
- **Discard by the best rest** (``_Context.value``): what the rest is worth is the race first
  (each card the plan leaves over costs ``LEFT_W``), then the expected progress of the next
  stock card (``draw_gain``: a card completing a leftover pair puts three cards down, one
  extending a meld or laying off on the table one, a joker completes the best pair), the
  leftover points (weighing more the fewer cards the other hand holds, twice as much once he
  holds three or fewer) and the live outs of the leftover pairs. A card the next player could
  lay off, or that pairs with a card he took from the pile, costs extra (the wild prior's
  rules). Never a joker.
- **Draw**: the simple bot's rule, and also the top discard when the plan with it leaves
  fewer cards over (it extends a meld of the hand, or completes one with a joker).

Cost: a few milliseconds a decision at most (the split is memoised across decisions, as a
hand changes by a card a turn).
"""

from __future__ import annotations

import random
from collections import Counter

from cardtable.bots import wild_rummy as W
from cardtable.cards import JOKER, Card, is_joker, plain
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.melds import find_wild_melds, layoff_targets, meld_uses, stand_in
from cardtable.families.rummy import Meld
from cardtable.games.jokeren import Jokeren

_MEMOS: dict = {}
#: a split memo holds at most this many hands before it is cleared
MEMO_LIMIT = 200_000


def split_memo(rules, pts) -> dict:
    """The split memo shared by every decision under ``rules`` and points table ``pts`` (hands
    change by a card a turn, so most of a hand's sub-splits were met before)."""
    key = (rules, id(pts))
    got = _MEMOS.get(key)
    if got is None or got[0] is not pts:
        got = _MEMOS[key] = (pts, {})
    if len(got[1]) > MEMO_LIMIT:
        got[1].clear()
    return got[1]


#: the split of the hand that leaves the fewest cards over (bots/wild_rummy.py)
best_split = W.best_split


#: what each card the best split leaves over costs (the race: cards still to be put down)
LEFT_W = 50.0
#: what the expected progress of the next draw (cards of the hand it puts down) is worth
GAIN_W = 150.0
#: what one live out of a leftover pair takes off the pair's cost (per card)
OUT_W = 2.0
#: a leftover card that lays off on a table meld keeps this share of its cost
LAYOFF_KEEP = 0.2
#: once another hand holds this many cards or fewer, a point in hand weighs ``LATE_MULT`` times more
LATE_CARDS = 3
LATE_MULT = 2.0
#: what one unseen copy of the card a melded joker stands for costs (the other hand may swap it)
SWAP_RISK = 2.0
#: take the top discard when the plan with it leaves at least this many fewer cards over
TAKE_GAIN = 1


def rest_cost(game: Game, rest, unseen: Counter, targets: set, w: float, memo: dict) -> float:
    """What holding ``rest`` costs in points: its leftover cards' points after the best split
    (times ``w``), a card that lays off counted at a fraction, less the live outs of the pairs
    among them."""
    rules, pts = game.rules, game.points
    _k, _p, left = best_split(rest, rules, pts, memo)
    nat = [c for c in left if not is_joker(c)]
    cost = 0.0
    jokers_out = unseen[JOKER]
    for c in left:
        if is_joker(c):
            cost += w * pts[c] - 10.0  # a free joker: a meld with the next pair
            continue
        v = w * pts[c]
        if c in targets:
            v *= LAYOFF_KEEP
        cost += v
    for i in range(len(nat)):
        for j in range(i + 1, len(nat)):
            n = W.pair_outs(nat[i], nat[j], unseen, rules)
            if n or W._near(nat[i], nat[j]):
                cost -= OUT_W * (n + jokers_out) * 0.5
    return cost


def draw_gain(rest, unseen: Counter, targets: set, rules, pts, memo: dict) -> float:
    """The expected number of ``rest``'s leftover cards the next stock card puts on the table,
    read from the best split: a card completing a leftover pair puts three down (with itself),
    one extending a meld of the split or laying off on the table one; a joker completes the
    best pair."""
    _k, _p, left = best_split(rest, rules, pts, memo)
    nat = [c for c in left if not is_joker(c)]
    gain: dict[Card, float] = {}
    any_pair = False
    for i in range(len(nat)):
        for j in range(i + 1, len(nat)):
            for x in completers(nat[i], nat[j], rules):
                if unseen[x]:
                    gain[x] = 3.0
                    any_pair = True
    ext = set(targets)
    split = Counter(rest)
    split.subtract(left)
    kept = list(split.elements())
    if kept:
        for _kind, m in find_wild_melds(kept, rules):
            for rep, _e in layoff_targets(Meld(0, _kind, m), rules):
                ext.add(plain(rep) if not is_joker(rep) else rep)
    for x in ext:
        if not is_joker(x) and unseen[x] and x not in gain:
            gain[x] = 1.0
    total = sum(unseen.values()) or 1
    g = sum(unseen[x] * v for x, v in gain.items())
    if unseen[JOKER]:
        g += unseen[JOKER] * (3.0 if any_pair else 1.0)
    return g / total


def completers(a: Card, b: Card, rules) -> list[Card]:
    """The natural cards that make a meld of three with ``a`` and ``b`` (none if they are no
    pair): the other suits of a set, the ends of two touching run cards, the gap between two
    run cards one apart."""
    ra, rb, sa, sb = W.RANK_OF[a], W.RANK_OF[b], W.SUIT_OF[a], W.SUIT_OF[b]
    if ra == rb:
        if sa == sb:
            return []
        return [W.make(ra, s) for s in range(4) if s not in (sa, sb)]
    if sa != sb:
        return []
    line, pos = W._line_pos(rules.ace_mode)
    out = []
    for i in pos[ra]:
        for j in pos[rb]:
            lo, hi = min(i, j), max(i, j)
            if hi - lo == 1:
                if lo > 0:
                    out.append(W.make(line[lo - 1], sa))
                if hi + 1 < len(line):
                    out.append(W.make(line[hi + 1], sa))
            elif hi - lo == 2:
                out.append(W.make(line[lo + 1], sa))
    return out


class _Context:
    """What every rest of one decision is judged against: the unseen cards, the weight of a
    point, the cards that lay off on the table, the split memo."""

    def __init__(self, obs: Observation, game: Game):
        self.obs, self.game = obs, game
        self.unseen = W.unseen_counts(obs, game)
        self.w = W._risk_weight(obs, game)
        if W._opponent_cards(obs) <= LATE_CARDS:
            self.w *= LATE_MULT
        on = (obs.extra.get("on_table") or [True] * obs.n_seats)[obs.seat] or bool(obs.extra.get("melded_this_turn"))
        self.targets: set = set()
        if on:
            for mv in obs.melds:
                self.targets.update(
                    rep for rep, _e in layoff_targets(Meld(mv.owner, mv.kind, W._meld_cards(mv)), game.rules)
                )
        self.memo = split_memo(game.rules, game.points)

    def value(self, rest) -> float:
        """How good holding ``rest`` is (higher: better): the cards the plan leaves over
        (``LEFT_W`` each), the expected progress of the next draw (``draw_gain``), the cost of
        the leftovers in points (``rest_cost``)."""
        g = self.game
        v = -rest_cost(g, rest, self.unseen, self.targets, self.w, self.memo)
        v -= LEFT_W * best_split(rest, g.rules, g.points, self.memo)[0]
        v += GAIN_W * draw_gain(rest, self.unseen, self.targets, g.rules, g.points, self.memo)
        return v


def _plain(c: Card) -> Card:
    return JOKER if is_joker(c) else plain(c)


def prior(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The Jokeren prior (module docstring). ``(obs, game, rng) -> Action``, one of
    ``obs.legal``; reads only the observation (a full one adds the cards known in other hands)."""
    legal = list(obs.legal)
    hand = list(obs.hand)
    first = W.first_moves(obs, game, legal, hand, draw)
    if first is not None:
        return first
    n = len(hand)
    opp = W._opponent_cards(obs)
    melds = [a for a in legal if a.verb == "meld"]
    if (opp <= 3 or n <= 3) and not melds:
        jl = W.joker_layoffs(legal, hand)
        if jl:
            return jl[0]
    if melds and not any(a.verb == "swap" for a in legal):
        return plan_meld(obs, game, melds, hand)
    pick = W.choose(obs, game, rng)
    if pick.verb != "discard":
        return pick
    return discard(obs, game, [a for a in legal if a.verb == "discard"], hand, rng)


def plan_meld(obs: Observation, game: Game, melds: list[Action], hand: list[Card]) -> Action:
    """The meld the plan puts down first: the one after which the best split of the rest leaves
    fewest cards over, then the cheapest rest (``rest_cost``), with ``SWAP_RISK`` added per unseen
    copy of a card a joker stands for (the other hand could swap it out)."""
    ctx = _Context(obs, game)
    rules, pts = game.rules, game.points
    base = [_plain(c) for c in hand]
    best, best_key = melds[0], None
    for a in melds:
        rest = list(base)
        for c in meld_uses(a.cards):
            rest.remove(c)
        k = best_split(rest, rules, pts, ctx.memo)[0]
        v = rest_cost(game, rest, ctx.unseen, set(), ctx.w, ctx.memo)
        for c in a.cards:
            if is_joker(c):
                v += SWAP_RISK * ctx.unseen[stand_in(c)]
        key = (k, v, -len(a.cards))
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


def draw(obs: Observation, game: Game, draws: list[Action], hand: list[Card]) -> Action:
    """The simple bot's draw, and also the top discard when the best split of the hand with it
    leaves ``TAKE_GAIN`` or more fewer cards over (it extends a meld of the plan, or completes
    one with a joker) and still a card over to discard."""
    pick = W._draw(obs, game, draws, hand)
    if pick.arg == "discard" or not TAKE_GAIN:
        return pick
    take = next((a for a in draws if a.arg == "discard"), None)
    if take is None or not obs.discard:
        return pick
    top = plain(obs.discard[-1])
    base = [_plain(c) for c in hand]
    memo = split_memo(game.rules, game.points)
    k0 = best_split(base, game.rules, game.points, memo)[0]
    k1, _p, left = best_split(base + [top], game.rules, game.points, memo)
    if k0 + 1 - k1 >= TAKE_GAIN and any(c != top for c in left):
        return take
    return pick


def discard(
    obs: Observation,
    game: Game,
    discards: list[Action],
    hand: list[Card],
    rng: random.Random,
    ctx: _Context | None = None,
) -> Action:
    """The discard that leaves the best rest (``best_discard``); never a joker unless only
    jokers may go."""
    pool = [a for a in discards if not is_joker(a.cards[0])] or discards
    if len(pool) == 1:
        return pool[0]
    if ctx is None:
        ctx = _Context(obs, game)
    card, _v = best_discard(ctx, [_plain(c) for c in hand], [a.cards[0] for a in pool], rng)
    return next(a for a in pool if a.cards[0] == card)


def best_discard(
    ctx: _Context, cards: list[Card], options: list[Card], rng: random.Random, extra=None
) -> tuple[Card, float]:
    """Of ``options`` (cards of ``cards`` that may go), the discard that leaves the best rest,
    less the cost of feeding the next player (and plus ``extra(rest)`` if given: a game's own
    term, such as Amerikaans Jokeren's contract): ``(card, value)``."""
    risk = W.DiscardRisk(ctx.obs, ctx.game)
    best, best_v = options[0], None
    for c in dict.fromkeys(options):
        rest = list(cards)
        rest.remove(_plain(c))
        v = ctx.value(rest)
        if extra is not None:
            v += extra(rest)
        v = risk.adjust(v, c, rng)
        if best_v is None or v > best_v:
            best, best_v = c, v
    return best, best_v


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("prior", prior, game_classes=(Jokeren,))
