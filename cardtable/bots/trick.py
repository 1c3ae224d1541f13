"""The ``simple`` bot of the trick games (jas and manille families).

``choose(obs, game, rng) -> Action`` returns one of ``obs.legal``; it reads only the
Observation plus the game's static rules (``game.ranking``: trick order and card points;
``game.roem``: jas roem rules; ``game.team_of``), never a State.

Rules of thumb, for a new player to play against:
1. trick roem is always declared; a claim is made as soon as the side's count is 100 or
   more, unless the side is playing for a pit (it won every trick so far, at least one);
2. meld phase: declare stuk, then the best set of melds that is allowed (the highest first,
   kruisjassen §6.6 choice), then pass;
3. play: lead a sure winner (the top trump while holding two or more trumps, or the
   highest outstanding card of a plain suit), else a low card; follow by feeding points to
   a partner who is sure to win the trick, else win as cheaply as possible (a trump only
   when the trick is worth it), else throw the lowest card.

Shared with the other trick bots (``bots/manille.py`` and those built on it): ``deck_mask``,
``hand_mask``, ``unseen_mask`` (cards as ints, sets as masks).
"""

from __future__ import annotations

import random

from cardtable.cards import SUIT_OF, parse_card
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families import roem
from cardtable.families.trick_masks import mask_of

_CLAIM = Action("claim")
_PASS = Action("pass")
_STUK = Action("declare", "stuk")
_TRICKROEM = Action("declare", "trickroem")

CLAIM_AT = 100
WORTH_TRUMPING = 10  # card points in the trick that make a trump worth spending

_DECK_MASKS: dict[str, int] = {}


def deck_mask(game: Game) -> int:
    """The mask of the game's deck (cached per game id); the trick bots of every family
    use it."""
    m = _DECK_MASKS.get(game.id)
    if m is None:
        m = _DECK_MASKS[game.id] = mask_of(game.deck())
    return m


def hand_mask(obs: Observation) -> int:
    """The mask of the seat's hand."""
    return mask_of(obs.hand)


def unseen_mask(obs: Observation, deck: int) -> int:
    """Cards of the deck the seat has not seen: not in its hand, not in completed tricks
    (``extra["played"]``), not in the current trick."""
    seen = hand_mask(obs)
    for code in obs.extra.get("played", ()):
        seen |= 1 << parse_card(code)
    for _s, c in obs.trick:
        seen |= 1 << c
    return deck & ~seen


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    if _TRICKROEM in legal:
        return _TRICKROEM
    if _CLAIM in legal and _should_claim(obs, game):
        return _CLAIM
    if obs.phase == "meld":
        return _meld(obs, game, legal)
    if _STUK in legal:
        return _STUK
    plays = [a.cards[0] for a in legal if a.verb == "play"]
    ranking = getattr(game, "ranking", None)
    if plays and ranking is not None and obs.trump is not None:
        return Action("play", None, (_play(obs, game, ranking.table(obs.trump), plays),))
    if plays:
        return Action("play", None, (plays[0],))
    if _PASS in legal:
        return _PASS
    others = [a for a in legal if a != _CLAIM]
    return (others or legal)[0]


def _should_claim(obs: Observation, game: Game) -> bool:
    counts = obs.scores.get("counts")
    if not counts:
        return False
    side = game.team_of(obs.seat)
    if counts[side] < CLAIM_AT:
        return False
    st = obs.extra.get("side_tricks")
    if st and st[side] >= 1 and st[1 - side] == 0:
        return False  # playing for a pit
    return True


def _meld(obs: Observation, game: Game, legal: list[Action]) -> Action:
    if _STUK in legal:
        return _STUK
    if not any(a.verb == "declare" for a in legal):
        return _PASS
    rules = game.roem
    hand = 0
    for c in obs.hand:
        hand |= 1 << c
    own = []
    for text in obs.extra.get("my_melds", ()):
        parts = text.split()
        own.append(roem.parse_meld(parts[1], [parse_card(p) for p in parts[2:]], rules))
    bar = obs.extra.get("roem_bar")
    bar = tuple(bar) if (bar is not None and not own) else None
    best = roem.best_set(hand, obs.trump, rules, own, bar)
    if best:
        a = best[0].action()
        if a in legal:
            return a
    return _PASS


def _play(obs: Observation, game: Game, t, plays: list[int]) -> int:
    seat = obs.seat
    unseen = unseen_mask(obs, deck_mask(game))
    trump = t.trump
    tm = t.trump_mask
    pts = t.points
    st = t.strength

    def low_key(c: int):
        return (SUIT_OF[c] == trump, pts[c], st[c])

    def is_boss(c: int) -> bool:
        """No unseen card of its suit beats it."""
        return not (t.higher[c] & unseen)

    trick = obs.trick
    if not trick:
        trumps = [c for c in plays if SUIT_OF[c] == trump]
        if len(trumps) >= 2 and (unseen & tm):
            top = max(trumps, key=lambda c: st[c])
            if is_boss(top):
                return top
        bosses = [c for c in plays if SUIT_OF[c] != trump and is_boss(c) and pts[c] > 0]
        if bosses:
            return max(bosses, key=lambda c: (pts[c], st[c]))
        return min(plays, key=low_key)

    # who is winning now
    w_seat, w = trick[0]
    for s, c in trick[1:]:
        if t.beats(c, w):
            w_seat, w = s, c
    last = len(trick) == obs.n_seats - 1
    trick_pts = sum(pts[c] for _s, c in trick)
    partner = game.team_of(w_seat) == game.team_of(seat) and w_seat != seat
    if partner:
        safe = last or (is_boss(w) and (SUIT_OF[w] == trump or not (unseen & tm)))
        if safe:
            feed = [c for c in plays if SUIT_OF[c] != trump]
            if feed:
                return max(feed, key=lambda c: (pts[c], -st[c]))
        return min(plays, key=low_key)
    winners = [c for c in plays if t.beats(c, w)]
    if winners:
        plain = [c for c in winners if SUIT_OF[c] != trump]
        if plain:
            if last:
                return min(plain, key=lambda c: st[c])
            sure = [c for c in plain if is_boss(c)]
            if sure:
                return min(sure, key=lambda c: st[c])
            if trick_pts >= WORTH_TRUMPING:
                return max(plain, key=lambda c: st[c])
        else:
            cheapest = min(winners, key=lambda c: (st[c], pts[c]))
            non_trump = [c for c in plays if SUIT_OF[c] != trump]
            if trick_pts >= WORTH_TRUMPING or (last and trick_pts > 0) or not non_trump:
                return cheapest
    return min(plays, key=low_key)


__all__ = ["choose"]


# the games this module's rules of thumb play (bots/registry.py)
from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.kruisjassen import Kruisjassen  # noqa: E402

register_policy("simple", choose, game_classes=(Kruisjassen,))
