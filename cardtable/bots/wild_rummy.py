"""The ``simple`` bot for the drift rummies with jokers (families/wild_drift.py: Basis Rummy).

    choose(obs, game, rng) -> Action      # always one of obs.legal

It sees its Observation (hand, discard pile, table melds, ``extra``) and the game's public
rules (``game.rules``, ``game.points``). Rules of thumb:

Draw: take the top discard when it makes a meld of natural cards with the hand (or a set or
run with one joker and two naturals), or lays off naturally on a table meld; else the stock.
Play, in this order: go out at once if an action empties the hand; swap a joker out of a
table meld whenever a natural card of the hand takes its place (the joker is worth more in
hand, and the swap never breaks a meld); put down the meld of natural cards worth most;
failing that a meld with one joker and at least two naturals (never a joker standing for a
card the hand holds, so it is never swapped straight back); lay off natural cards, highest
first; lay off a joker only when at most two cards would be left. Discard: never a joker; the
card with fewest near-melds (pairs, suited cards within two ranks), highest points first;
once the stock has been re-formed a random element grows with each re-forming, so that bots
holding each other's cards do not cycle for ever.
"""

from __future__ import annotations

import random

from cardtable.cards import JOKER, Card, is_joker, plain
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.drift import draw_choice
from cardtable.families.melds import find_wild_melds, layoff_targets, meld_uses, stand_in
from cardtable.families.rummy import Meld, near_melds
from cardtable.families.wild_drift import WildDriftRummy


def _jokers(cards) -> int:
    return sum(1 for c in cards if is_joker(c))


def first_moves(obs: Observation, game: Game, legal: list[Action], hand: list[Card], draw_rule) -> Action | None:
    """The moves the wild rummy bots (simple and the priors) make before weighing anything: the
    only legal move; a draw,
    by ``draw_rule(obs, game, draws, hand) -> Action``; going out with a meld or lay-off of the
    whole hand. ``None`` when none of these applies."""
    if len(legal) == 1:
        return legal[0]
    draws = [a for a in legal if a.verb == "draw"]
    if draws:
        return draw_rule(obs, game, draws, hand)
    n = len(hand)
    for a in legal:
        if a.verb in ("meld", "layoff") and len(a.cards) == n:
            return a
    return None


def joker_layoffs(legal: list[Action], hand: list[Card]) -> list[Action]:
    """The lay-offs of a joker (out of the hand: 25 to 50 penalty points) that stands for a
    card the hand does not hold, in ``legal``'s order."""
    held = set(hand)
    return [a for a in legal if a.verb == "layoff" and is_joker(a.cards[0]) and stand_in(a.cards[0]) not in held]


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    legal = list(obs.legal)
    hand = list(obs.hand)
    pts = game.points
    # the only move, the draw, going out at once
    first = first_moves(obs, game, legal, hand, _draw)
    if first is not None:
        return first
    n = len(hand)
    swaps = [a for a in legal if a.verb == "swap"]
    if swaps:
        return swaps[0]
    held = set(hand)
    melds = [a for a in legal if a.verb == "meld"]
    natural = [a for a in melds if not _jokers(a.cards)]
    if natural:
        return max(natural, key=lambda a: (sum(pts[c] for c in a.cards), len(a.cards)))
    one = [
        a
        for a in melds
        if _jokers(a.cards) == 1 and len(a.cards) >= 3 and not any(is_joker(c) and stand_in(c) in held for c in a.cards)
    ]
    if one:
        return max(one, key=lambda a: sum(pts[plain(c)] for c in a.cards if not is_joker(c)))
    lays = [a for a in legal if a.verb == "layoff"]
    nat_lays = [a for a in lays if not is_joker(a.cards[0])]
    if nat_lays:
        return max(nat_lays, key=lambda a: pts[a.cards[0]])
    if n <= 3:
        jl = joker_layoffs(legal, hand)
        if jl:
            return jl[0]
    discards = [a for a in legal if a.verb == "discard"]
    if not discards:
        return rng.choice(legal)
    return _discard(obs, game, discards, hand, rng)


def _draw(obs: Observation, game: Game, draws: list[Action], hand: list[Card]) -> Action:
    decided, take, stock = draw_choice(obs, draws)
    if decided is not None:
        return decided
    top = obs.discard[-1]
    if is_joker(top):
        return take
    naturals = [c for c in hand if not is_joker(c)] + [top]
    if any(top in cards for _kind, cards in find_wild_melds(naturals, game.rules)):
        return take
    if game.layoff_requires_meld and not (obs.extra.get("on_table") or [True] * obs.n_seats)[obs.seat]:
        return stock  # may not lay off yet (ramino-drift §5.3, loba §5.3)
    for mv in obs.melds:
        m = Meld(mv.owner, mv.kind, _meld_cards(mv))
        if any(rep == top for rep, _e in layoff_targets(m, game.rules)):
            return take
    return stock


def _meld_cards(mv) -> tuple[Card, ...]:
    """A MeldView's cards with its jokers designated again (as the table holds them)."""
    from cardtable.cards import designate

    cards = list(mv.cards)
    for i, c in mv.wilds:
        cards[i] = c if is_joker(c) else designate(JOKER, c)
    return tuple(cards)


def _discard(obs: Observation, game: Game, discards: list[Action], hand: list[Card], rng: random.Random) -> Action:
    pts = game.points
    naturals = [c for c in hand if not is_joker(c)]
    near = near_melds(naturals, game.rules.ace_mode)
    in_meld = {c for _k, cards in find_wild_melds(naturals, game.rules) for c in meld_uses(cards)}
    noise = obs.extra.get("turnovers", 0)
    pool = [a for a in discards if not is_joker(a.cards[0])] or discards

    def badness(a: Action) -> float:
        c = a.cards[0]
        if is_joker(c):
            return -1000.0
        v = pts[c] - 12 * near.get(c, 0) - (40 if c in in_meld else 0)
        if noise:
            v += rng.random() * min(noise, 40)
        return v

    return max(pool, key=badness)


from cardtable.bots.registry import register_policy  # noqa: E402

register_policy("simple", choose, game_classes=(WildDriftRummy,))


# ---- the strong bot's prior (``register_policy("prior", ...)``) -------------------------------
#
# The simple bot's turn with the changes a good player makes (each measured against simple with
# ``tournament --iterations 0``; benchmarks/README.md):
#
# - Hold melds back (``HOLD_OPP``): a meld on the table is a place for the other hand to lay
#   off (and to take jokers from), so while every other hand still holds more than five cards
#   and may lay off, the bot keeps its melds in hand and puts them down only when the whole hand
#   (all but one card) can go down in that turn. In Basis Rummy this took the prior from about
#   57% to about 73% of matches won against simple (200 matches each).
# - Discard by what the rest of the hand can still become: a pair (same rank, or same suit
#   within two ranks) is worth its *live outs*, the copies of the cards that complete it not yet
#   seen (in hand, on the discard pile, in the table melds: two packs may leave a copy out after
#   one was seen), and jokers still out complete any pair; a dead pair is worth little.
# - Do not feed the next player: a card that lays off on a table meld (where he may lay off), or
#   pairs with a card he is known to hold (taken from the discard pile, when a full
#   observation's zones show it), costs extra.
# - The going-out race: a card's points weigh more the fewer cards the other hands hold, and
#   with a hand of three or fewer cards on either side the bot lays off its jokers (they cost
#   most in hand) when no meld is to be made.
# - Draw: the simple bot's rule (taking also a discard that melds with a joker of the hand
#   measured no better in Jokeren).

from collections import Counter  # noqa: E402

from cardtable.cards import RANK_OF, SUIT_OF, make  # noqa: E402
from cardtable.families.melds import SET_NONE  # noqa: E402
from cardtable.families.rummy import _LINES  # noqa: E402

#: per game (by id, with the game itself to tell a reused id): its deck's copies per plain card
_DECKS: dict[int, tuple[Game, Counter]] = {}


def _deck_counts(game: Game) -> Counter:
    got = _DECKS.get(id(game))
    if got is None or got[0] is not game:
        got = _DECKS[id(game)] = (game, Counter(plain(c) if not is_joker(c) else JOKER for c in game.deck()))
    return got[1]


def unseen_counts(obs: Observation, game: Game) -> Counter:
    """Per plain card (and ``JK``), the copies this seat has not seen: the deck less its hand,
    the discard pile, the table melds and the cards known in other hands (the zones of a full
    observation; a playout's light observation has none)."""
    seen = Counter(JOKER if is_joker(c) else plain(c) for c in obs.hand)
    seen.update(JOKER if is_joker(c) else plain(c) for c in obs.discard)
    for mv in obs.melds:
        seen.update(JOKER if is_joker(c) else plain(c) for c in mv.cards)
    for _s, cards in _known_in_hands(obs).items():
        seen.update(cards)
    out = Counter()
    for c, k in _deck_counts(game).items():
        left = k - seen[c]
        if left > 0:
            out[c] = left
    return out


def _known_in_hands(obs: Observation) -> dict[int, list[Card]]:
    """Cards known to be in the other hands (taken from the discard pile), by seat: read from the
    hand zones of a full observation (empty in a light one)."""
    out: dict[int, list[Card]] = {}
    for z in getattr(obs, "zones", ()) or ():
        owner = getattr(z, "owner", None)
        if owner is None or owner == obs.seat or not str(getattr(z, "name", "")).startswith("hand"):
            continue
        if z.cards:
            out[owner] = [JOKER if is_joker(c) else plain(c) for c in z.cards]
    return out


_POS_CACHE: dict[str, tuple[tuple[int, ...], dict[int, list[int]]]] = {}


def _line_pos(ace_mode: str):
    got = _POS_CACHE.get(ace_mode)
    if got is None:
        line = tuple(_LINES[ace_mode][0])
        pos: dict[int, list[int]] = {}
        for i, r in enumerate(line):
            pos.setdefault(r, []).append(i)
        got = _POS_CACHE[ace_mode] = (line, pos)
    return got


def pair_outs(a: Card, b: Card, unseen: Counter, rules) -> int:
    """How many unseen natural cards complete the pair ``a``, ``b`` to a meld of three (0: no
    pair, or a dead one): the other suits of a set's rank, the ends of two touching run cards,
    the gap of two run cards one apart."""
    ra, rb, sa, sb = RANK_OF[a], RANK_OF[b], SUIT_OF[a], SUIT_OF[b]
    if ra == rb:
        if rules.max_set < 3 or (a == b and rules.packs < 2):
            return 0
        if getattr(rules, "set_suits", 0):
            return 0  # Loba's piernas: left to the simple count
        return sum(unseen[make(ra, s)] for s in range(4) if rules.packs >= 2 or s not in (sa, sb))
    if sa != sb:
        return 0
    line, pos = _line_pos(rules.ace_mode)
    best = 0
    for i in pos[ra]:
        for j in pos[rb]:
            lo, hi = min(i, j), max(i, j)
            d = hi - lo
            if d == 1:
                n = 0
                if lo > 0:
                    n += unseen[make(line[lo - 1], sa)]
                if hi + 1 < len(line):
                    n += unseen[make(line[hi + 1], sa)]
            elif d == 2:
                n = unseen[make(line[lo + 1], sa)]
            else:
                continue
            best = max(best, n)
    return best


#: what one live out of a pair is worth (points of the card that holds it)
OUT_WEIGHT = 5.0
#: what a card in a meld of the hand's naturals is worth (never broken up for a discard)
IN_MELD = 60.0
#: what a second copy of a card keeps of its pairs' worth where a meld holds one of each
#: (sets of different suits: the other copy keeps the pairs)
COPY_KEEP = 1.0
#: the extra cost of a discard the next player can lay off on the table
FEED = 14.0


def best_split(cards, rules, pts, memo: dict, points_first: bool = False) -> tuple[int, int, tuple[Card, ...]]:
    """The split of ``cards`` (naturals and plain jokers) into melds under ``rules`` that leaves
    the fewest cards over, fewest points first (``points_first``: the fewest points, fewest cards
    first), points by ``pts``: ``(cards left, their points, the cards left)``. ``memo`` caches
    the answers by the sorted cards; use one memo per ``rules``, ``pts`` and ``points_first``."""
    key = tuple(sorted(cards))
    got = memo.get(key)
    if got is not None:
        return got
    if not key:
        memo[key] = (0, 0, ())
        return memo[key]
    order = (lambda t: (t[1], t[0])) if points_first else (lambda t: (t[0], t[1]))
    first = key[0]
    sub = best_split(key[1:], rules, pts, memo, points_first)
    best = (sub[0] + 1, sub[1] + pts[first], (first,) + sub[2])
    for _k, m in find_wild_melds(key, rules):
        uses = meld_uses(m)
        if first not in uses:
            continue
        left = list(key)
        for c in uses:
            left.remove(c)
        sub = best_split(left, rules, pts, memo, points_first)
        if order(sub) < order(best):
            best = sub
    memo[key] = best
    return best


def min_deadwood(cards, rules, pts, memo: dict | None = None) -> tuple[int, int]:
    """The fewest ``(cards, points)`` left over when ``cards`` (naturals and plain jokers) are
    split into melds under ``rules`` (points by ``pts``; fewest points first): ``best_split``
    with ``points_first``."""
    k, p, _left = best_split(cards, rules, pts, {} if memo is None else memo, points_first=True)
    return (k, p)


#: hold melds back (they give the other hand lay-offs) while every other hand holds more than
#: this many cards, unless the whole hand can go down this turn (0: never hold)
HOLD_OPP = 5


def _others_may_lay_off(obs: Observation, game: Game) -> bool:
    """True when another seat could lay off on a meld this seat puts down (no meld of his own
    needed, or he has one)."""
    if not game.layoff_requires_meld:
        return True
    on = obs.extra.get("on_table") or [True] * obs.n_seats
    return any(on[s] for s in range(obs.n_seats) if s != obs.seat)


def _opponent_cards(obs: Observation) -> int:
    """The fewest cards in another seat's hand (still in the hand)."""
    sizes = [k for s, k in enumerate(obs.hand_sizes) if s != obs.seat]
    return min(sizes) if sizes else 99


def _risk_weight(obs: Observation, game: Game) -> float:
    """How much a point in hand weighs against a live out: more, the closer another hand is to
    going out."""
    k = _opponent_cards(obs)
    dealt = max(1, obs.extra.get("dealt", 7) or 7)
    if k <= 2:
        return 2.2
    if k <= 4:
        return 1.6
    return 1.0 + 0.4 * max(0.0, 1.0 - k / dealt)


def card_keeps(obs: Observation, game: Game, hand: list[Card], unseen: Counter) -> dict[Card, float]:
    """Per natural card of ``hand``: what keeping it is worth (the live outs of its pairs, a
    meld it is part of), before its points are weighed."""
    rules = game.rules
    naturals = [c for c in hand if not is_joker(c)]
    keep = {c: 0.0 for c in naturals}
    in_meld = {c for _k, cards in find_wild_melds(naturals, rules) for c in meld_uses(cards)}
    jokers_out = unseen[JOKER]
    joker_w = 2.0 if jokers_out else 0.0
    for i in range(len(naturals)):
        a = naturals[i]
        for j in range(i + 1, len(naturals)):
            b = naturals[j]
            n = pair_outs(a, b, unseen, rules)
            near = _near(a, b)
            if not near and not n:
                continue
            if RANK_OF[a] == RANK_OF[b] and rules.set_jokers == SET_NONE:
                jw = 0.0
            else:
                jw = joker_w * jokers_out
            v = OUT_WEIGHT * n + jw + (1.0 if near else 0.0)
            keep[a] += v
            keep[b] += v
    for c in in_meld:
        keep[c] += IN_MELD
    return keep


def _feed_cards(obs: Observation, game: Game) -> set[Card]:
    """The cards the next player could lay off on a table meld (none where he may not)."""
    nxt = (obs.seat + 1) % obs.n_seats
    if game.layoff_requires_meld and not (obs.extra.get("on_table") or [True] * obs.n_seats)[nxt]:
        return set()
    return {rep for mv in obs.melds for rep, _e in layoff_targets(Meld(mv.owner, mv.kind, _meld_cards(mv)), game.rules)}


def _near(a: Card, b: Card) -> bool:
    """Same rank, or same suit within two ranks (an ace next to the low cards too)."""
    ra, rb = RANK_OF[a], RANK_OF[b]
    if ra == rb:
        return True
    if SUIT_OF[a] != SUIT_OF[b]:
        return False
    if abs(ra - rb) <= 2:
        return True
    return 14 in (ra, rb) and min(ra, rb) <= 3


def _known_pairs(known_next: list[Card], card: Card) -> int:
    """How many of the cards known in the next hand (``known_next``) ``card`` pairs with (it
    would help him)."""
    return sum(1 for c in known_next if not is_joker(c) and _near(c, card))


class DiscardRisk:
    """What a discard costs beyond the hand, for one decision (the priors' "do not feed the next
    player"): ``feed`` when the next player can lay it off on a table meld, ``known`` per card
    known in his hand it pairs with, and the turnover noise (a hand that keeps turning the stock
    over varies its discards). ``adjust(v, card, rng)`` applies them to a discard's value ``v``
    (higher: throw) in that order; ``rng.random()`` is drawn once per call when there is noise."""

    def __init__(self, obs: Observation, game: Game, feed: float = FEED, known: float = 6.0):
        self.feeds = _feed_cards(obs, game)
        self.known_next = _known_in_hands(obs).get((obs.seat + 1) % obs.n_seats, [])
        self.noise = obs.extra.get("turnovers", 0)
        self.feed, self.known = feed, known

    def adjust(self, v: float, card: Card, rng: random.Random, fed: bool | None = None) -> float:
        """``v`` less the feeding costs of ``card`` plus the noise; ``fed``: whether it feeds
        the next player, when the caller knows better than ``card in feeds`` (a copy's plain
        card)."""
        if (card in self.feeds) if fed is None else fed:
            v -= self.feed
        v -= self.known * _known_pairs(self.known_next, card)
        if self.noise:
            v += rng.random() * min(self.noise, 40)
        return v


def discard_scores(
    obs: Observation, game: Game, hand: list[Card], discards: list[Action], rng: random.Random
) -> list[tuple[float, Action]]:
    """Each discard with how much the bot would rather throw it (higher: throw)."""
    pts = game.points
    unseen = unseen_counts(obs, game)
    keep = card_keeps(obs, game, hand, unseen)
    w = _risk_weight(obs, game)
    risk = DiscardRisk(obs, game)
    out = []
    for a in discards:
        c = a.cards[0]
        if is_joker(c):
            out.append((-1000.0, a))
            continue
        k = keep.get(c, 0.0)
        if hand.count(c) > 1 and game.rules.packs < 2 and k < IN_MELD:
            k *= COPY_KEEP  # a copy: sets want other suits, runs one of each
        out.append((risk.adjust(w * pts[c] - k, c, rng), a))
    return out


def prior_choose(
    obs: Observation, game: Game, rng: random.Random, *, discard=None, jokers_first: bool = False
) -> Action:
    """The strong bot's rules of thumb for a drift rummy with jokers (the notes above).

    ``(obs, game, rng) -> Action``, always one of ``obs.legal``; reads only the observation
    (a full one adds the cards known in other hands). ``discard``: the discard rule, with
    ``prior_discard``'s arguments (default ``prior_discard``); ``jokers_first``: put jokers on
    the table at once, in a meld (most jokers first) or laid off, before any other play."""
    legal = list(obs.legal)
    hand = list(obs.hand)
    first = first_moves(obs, game, legal, hand, _draw)
    if first is not None:
        return first
    n = len(hand)
    opp = _opponent_cards(obs)
    if jokers_first:
        jm = [a for a in legal if a.verb == "meld" and _jokers(a.cards)]
        if jm:
            return max(jm, key=lambda a: (_jokers(a.cards), len(a.cards)))
    if jokers_first or ((opp <= 3 or n <= 3) and not any(a.verb == "meld" for a in legal)):
        jl = joker_layoffs(legal, hand)
        if jl:
            return jl[0]
    pick = choose(obs, game, rng)
    if pick.verb == "meld" and HOLD_OPP and opp > HOLD_OPP and _others_may_lay_off(obs, game):
        left, _p = min_deadwood(hand, game.rules, game.points)
        if left > 1 and any(a.verb == "discard" for a in legal):
            pick = next(a for a in legal if a.verb == "discard")
    if pick.verb != "discard":
        return pick
    return (discard or prior_discard)(obs, game, [a for a in legal if a.verb == "discard"], hand, rng)


def prior_discard(obs: Observation, game: Game, discards: list[Action], hand: list[Card], rng: random.Random) -> Action:
    """The discard the prior throws (``discard_scores``' highest; a joker only if nothing else)."""
    pool = [a for a in discards if not is_joker(a.cards[0])] or discards
    return max(discard_scores(obs, game, hand, pool, rng), key=lambda t: t[0])[1]


register_policy("prior", prior_choose, game_classes=(WildDriftRummy,))
