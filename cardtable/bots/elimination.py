"""The ``simple`` bot for the elimination rummies (families/elimination.py: Ramino drift, Loba).

    choose(obs, game, rng) -> Action      # always one of obs.legal

In a hand it plays as bots/wild_rummy.py (draw, meld, lay off, place and keep jokers, discard);
between hands, offered a buy-back (loba §7.4), it always buys back: staying in is the only way
to win, and the total it comes back with is never above the highest total still in.

The strong bot's prior (``prior``) is the wild rummy prior with two changes a good player makes
in these games (measured against simple with ``tournament --iterations 0``, benchmarks/README.md):

- Discard by live outs under the game's own melds (``card_outs``): each card still unseen is
  tried in the hand, and a card is worth the copies that would make a meld with it. Loba's
  piernas want exactly three suits (``4C 4D`` waits on a 4H or 4S, not on a second 4C) and its
  escaleras four cards; the wild rummy prior's pair count knew neither.
- Loba's jokers cost 50 in hand, most of a losing hand's penalty: a joker worth
  ``JOKER_DUMP_PTS`` or more goes on the table at once, in a meld or laid off. Ramino's (20)
  stay in hand until the going-out race, as before: they are worth more as wild cards there.
"""

from __future__ import annotations

import random

from cardtable.bots import wild_rummy
from cardtable.bots.registry import register_policy
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.elimination import EliminationRummy


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    legal = list(obs.legal)
    buy = next((a for a in legal if a.verb == "buy"), None)
    if buy is not None:
        return buy
    return wild_rummy.choose(obs, game, rng)


register_policy("simple", choose, game_classes=(EliminationRummy,))


# ---- the prior's discard by live outs (Loba, Ramino drift) ---------------------------------------

from collections import Counter  # noqa: E402

from cardtable.cards import JOKER, RANK_OF, SUIT_OF, Card, is_joker, plain  # noqa: E402
from cardtable.families.melds import find_wild_melds, meld_uses  # noqa: E402

#: what one live out of a card is worth (points of the card that holds it)
OUT_W = 4.0


def card_outs(hand: list[Card], unseen: Counter, rules) -> dict[Card, float]:
    """Per plain natural card of ``hand``: the unseen cards (copies counted) that would make a
    meld with it and other cards of the hand (jokers included): each unseen card is tried in
    the hand once, so the count follows the game's own meld rules (Loba's piernas of exactly
    three suits and escaleras of four, Ramino's sets with jokers)."""
    cards = [JOKER if is_joker(c) else plain(c) for c in hand]
    outs = {c: 0.0 for c in cards if c != JOKER}
    ranks = {RANK_OF[c] for c in outs}
    reach = [set() for _ in range(4)]
    for c in outs:
        r = RANK_OF[c]
        reach[SUIT_OF[c]].update(range(r - 3, r + 4))
        if r == 14:
            reach[SUIT_OF[c]].update(range(1, 5))
    for c, k in unseen.items():
        if c == JOKER:
            continue
        r = RANK_OF[c]
        if r not in ranks and r not in reach[SUIT_OF[c]] and not (r == 14 and 1 in reach[SUIT_OF[c]]):
            continue
        helped: set[Card] = set()
        for _kind, m in find_wild_melds(cards + [c], rules):
            uses = meld_uses(m)
            if c in uses:
                helped.update(uses)
        helped.discard(JOKER)
        if cards.count(c) == 0:
            helped.discard(c)
        for x in helped:
            if x in outs:
                outs[x] += k
    return outs


#: what a card in a meld of the hand's naturals is worth (kept)
IN_MELD_W = 60.0
#: what a near card (same rank, or same suit within two ranks) is worth, per near card
NEAR_W = 2.0
#: the extra cost of a discard the next player could lay off on the table
FEED_W = 14.0
#: the extra cost per card known in the next hand (taken from the discard pile) it pairs with
KNOWN_W = 6.0


def outs_discard(obs: Observation, game: Game, discards: list[Action], hand: list[Card], rng: random.Random) -> Action:
    """The discard by live outs (``card_outs``): throw the card whose points, weighed by how
    close the other hand is to going out, are highest against what it may still become."""
    pts = game.points
    unseen = wild_rummy.unseen_counts(obs, game)
    outs = card_outs(hand, unseen, game.rules)
    naturals = [plain(c) for c in hand if not is_joker(c)]
    in_meld = {c for _k, m in find_wild_melds(naturals, game.rules) for c in meld_uses(m)}
    w = wild_rummy._risk_weight(obs, game)
    risk = wild_rummy.DiscardRisk(obs, game, feed=FEED_W, known=KNOWN_W)
    pool = [a for a in discards if not is_joker(a.cards[0])] or discards
    best, best_v = pool[0], None
    for a in pool:
        c = a.cards[0]
        if is_joker(c):
            v = -1000.0
        else:
            p = plain(c)
            near = sum(1 for x in naturals if x != p and wild_rummy._near(x, p))
            v = w * pts[p] - OUT_W * outs.get(p, 0.0) - NEAR_W * near - (IN_MELD_W if p in in_meld else 0.0)
            v = risk.adjust(v, p, rng, fed=c in risk.feeds or p in risk.feeds)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


#: a joker worth this many penalty points or more (Loba's 50; Ramino's 20 is not) is put on the
#: table at once, in a meld or laid off
JOKER_DUMP_PTS = 30


def prior(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The strong bot's prior: buy back as ``choose``; in a hand the wild rummy prior
    (bots/wild_rummy.py, ``prior_choose``) with the discard by live outs (``outs_discard``),
    and a joker worth ``JOKER_DUMP_PTS`` or more put on the table first."""
    buy = next((a for a in obs.legal if a.verb == "buy"), None)
    if buy is not None:
        return buy
    return wild_rummy.prior_choose(
        obs, game, rng, discard=outs_discard, jokers_first=game.points[JOKER] >= JOKER_DUMP_PTS
    )


register_policy("prior", prior, game_classes=(EliminationRummy,))
