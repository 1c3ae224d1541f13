"""The ``simple`` bot of the bezique family (bezique.md; the family's hand in
``families/bezique.py``), for a new player to play against.

``choose(obs, game, rng) -> Action`` returns one of ``obs.legal``; it reads only the
Observation and the game's static rules (its meld table, the bezique pair, the trick order),
never a State. Rules of thumb:

1. the declare window: the best meld allowed now (the highest value), then the dix, then
   pass;
2. stage 1 (free play), leading: the card worth least to keep, a low plain card that is no
   brisque and serves in no meld; following: take a brisque (or a trick of 20) when a plain
   card of the suit does it, or a low trump that serves in no meld; else throw the card worth
   least to keep (the trump seven scores 10 whenever it is played: it is thrown first);
3. stage 2 (the last tricks), counting the cards seen: lead a card no unseen card of its
   suit beats (a brisque first), else a low one; follow with the cheapest card that wins
   when the trick holds a brisque or the card wins anyway, else the lowest.

The strong bot (``bots/strong.py``) searches from these choices; its playouts are the trick
family's (``bots/trick_playout.py``) with the hand's own rollout in the declare window (the
best meld, the dix, pass: ``BeziqueHand.rollout_actions``).
"""

from __future__ import annotations

import random
from collections import Counter

from cardtable.cards import RANK_OF, SUIT_OF, copy_of, parse_card, plain
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation

_PASS = Action("pass")
ACE, TEN, KING, QUEEN, JACK, SEVEN = 14, 10, 13, 12, 11, 7
#: A > T > K > Q > J > 9 > 8 > 7 (bezique.md §2)
STRENGTH = {14: 8, 10: 7, 13: 6, 12: 5, 11: 4, 9: 3, 8: 2, 7: 1}


def _value(game: Game, kind: str | None) -> int:
    for k in getattr(game, "meld_table", ()):
        if k.kind == kind:
            return k.value
    return 0


def keep_value(c: int, trump: int | None, pair: tuple[int, int], hand: Counter) -> int:
    """How much ``c`` is worth keeping in stage 1 (higher: kept longer): the bezique cards
    and the trump sequence's cards most, then kings and queens with their partner in hand,
    aces and tens (brisques), other court cards; a low plain card least; the trump seven
    nothing (10 when played)."""
    p = plain(c)
    r, s = RANK_OF[p], SUIT_OF[p]
    if trump is not None and s == trump and r == SEVEN:
        return -5
    v = STRENGTH[r]
    if p in pair:
        v += 40
    if trump is not None and s == trump and r in (ACE, TEN, KING, QUEEN, JACK):
        v += 30
    if r in (KING, QUEEN):
        partner = p + (1 if r == QUEEN else -1)
        if hand[partner]:
            v += 20
    if r in (ACE, TEN):
        v += 12
    if r in (ACE, KING, QUEEN, JACK):
        same = sum(n for x, n in hand.items() if RANK_OF[x] == r)
        v += 4 * same
    if trump is not None and s == trump:
        v += 10
    return v


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    if obs.phase == "declare":
        declares = [a for a in legal if a.verb == "declare"]
        if declares:
            return max(declares, key=lambda a: (_value(game, a.arg), -len(a.cards)))
        swap = next((a for a in legal if a.verb == "swap"), None)
        return swap if swap is not None else _PASS
    plays = [a for a in legal if a.verb == "play"]
    if not plays:
        return legal[0]
    stage = obs.extra.get("stage", 1)
    c = _stage1(obs, game, plays) if stage == 1 else _stage2(obs, game, plays)
    return c


def _beats(c: int, win: int, trump: int | None) -> bool:
    c, win = plain(c), plain(win)
    if SUIT_OF[c] == SUIT_OF[win]:
        return STRENGTH[RANK_OF[c]] > STRENGTH[RANK_OF[win]]
    return trump is not None and SUIT_OF[c] == trump


def _stage1(obs: Observation, game: Game, plays: list[Action]) -> Action:
    trump = obs.trump
    pair = game.bezique_pair(trump) if hasattr(game, "bezique_pair") else (-1, -1)
    hand = Counter(plain(c) for c in obs.hand)

    def keep(a: Action) -> tuple:
        c = a.cards[0]
        # an area card that served already is worth less than its fresh copy
        return (keep_value(c, trump, pair, hand) - (3 if copy_of(c) else 0), STRENGTH[RANK_OF[plain(c)]])

    if not obs.trick:
        return min(plays, key=keep)
    led = obs.trick[0][1]
    brisque = RANK_OF[led] in (ACE, TEN)
    winners = [a for a in plays if _beats(a.cards[0], led, trump)]
    if brisque and winners:
        plain_win = [a for a in winners if SUIT_OF[plain(a.cards[0])] == SUIT_OF[led]]
        if plain_win:
            return min(plain_win, key=keep)
        cheap = [a for a in winners if keep(a)[0] < 45]
        if cheap:
            return min(cheap, key=keep)
    return min(plays, key=keep)


def _stage2(obs: Observation, game: Game, plays: list[Action]) -> Action:
    trump = obs.trump
    seen = Counter(plain(c) for c in obs.hand)
    for code in obs.extra.get("played", ()):
        seen[parse_card(code)] += 1
    for _s, c in obs.trick:
        seen[plain(c)] += 1
    packs = getattr(game, "packs", 2)

    def boss(c: int) -> bool:
        """No unseen card of its suit beats it."""
        s = SUIT_OF[c]
        for r, st in STRENGTH.items():
            if st > STRENGTH[RANK_OF[c]] and seen[s * 16 + r] < packs:
                return False
        return True

    def low(a: Action) -> tuple:
        c = plain(a.cards[0])
        return (SUIT_OF[c] == trump, RANK_OF[c] in (ACE, TEN), STRENGTH[RANK_OF[c]])

    cards = [plain(a.cards[0]) for a in plays]
    if not obs.trick:
        bosses = [a for a, c in zip(plays, cards) if boss(c)]
        if bosses:
            return max(
                bosses, key=lambda a: (RANK_OF[plain(a.cards[0])] in (ACE, TEN), SUIT_OF[plain(a.cards[0])] != trump)
            )
        return min(plays, key=low)
    led = obs.trick[0][1]
    winners = [a for a, c in zip(plays, cards) if _beats(c, led, trump)]
    if winners:
        return min(winners, key=lambda a: (SUIT_OF[plain(a.cards[0])] == trump, STRENGTH[RANK_OF[plain(a.cards[0])]]))
    return min(plays, key=low)


__all__ = ["choose", "keep_value"]


# the games this module's rules of thumb play (bots/registry.py)
from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.families.bezique import BeziqueGame  # noqa: E402

register_policy("simple", choose, game_classes=(BeziqueGame,))
