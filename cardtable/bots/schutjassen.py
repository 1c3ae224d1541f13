"""The ``simple`` bot of Schutjassen (schutjassen.md), on the trick bot's play
(``bots/trick.py``).

Rules of thumb beyond the trick bot's:
1. bidding: say schut with a hand worth ``SCHUT_AT`` or more by ``strength`` (trump
   honours, trump length, side aces and guarded tens, its roem); the dealer, the last to
   speak after three passes, says it from ``SCHUT_LAST`` (a thrown-in hand scores nothing);
2. claim ("ik dek") as soon as the contract side's count is 100 or more, after declaring
   the trick roem of a trick just won (a claim instead of it would lose that roem);
3. herschut (a defender) when its side's count is ``TAKE_OVER`` or more and the
   schutters' is below ``ONDER`` (they are then onder jan too, so a made herschut is 500),
   and always when its side already has 100 (a certain 400 or 500, claimed at once: rule 2);
   tout (a schutter) on the same test, from ``TOUT_AT``: a failed tout costs 900; and
   always when its side already has 100 (a certain 900, claimed at once: rule 2);
4. give up when the contract side has ``GIVE_UP_AT`` or more and the bot's side is below
   ``ONDER`` (a made contract would cost more than the concession); otherwise play on;
5. meld, stuk, trick roem and the cards as ``bots/trick``.
"""

from __future__ import annotations

import dataclasses
import random

from cardtable.bots import trick
from cardtable.cards import rank_of, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families import roem

_CLAIM = Action("claim")
_PASS = Action("pass")
_SCHUT = Action("bid", "schut")
_HERSCHUT = Action("bid", "herschut")
_TOUT = Action("bid", "tout")
_CONCEDE = Action("concede")
_TRICKROEM = Action("declare", "trickroem")

SCHUT_AT = 50
SCHUT_LAST = 38
TAKE_OVER = 70
TOUT_AT = 85
GIVE_UP_AT = 90
ONDER = 35

#: trump cards by rank: what a trump is worth to the side that holds it
_TRUMP_WORTH = {11: 25, 9: 18, 14: 12, 13: 6, 12: 5, 10: 9, 8: 4, 7: 4}


def strength(obs: Observation, game: Game) -> int:
    """What the hand is worth towards the 100 of a schut, in points: each trump by
    ``_TRUMP_WORTH``, 4 more per trump beyond three, 11 per side ace, 7 per side ten with
    its ace, and the point value of its best set of melds."""
    tr = obs.trump
    hand = 0
    for c in obs.hand:
        hand |= 1 << c
    total = 0
    trumps = [c for c in obs.hand if suit_of(c) == tr]
    for c in trumps:
        total += _TRUMP_WORTH[rank_of(c)]
    total += 4 * max(0, len(trumps) - 3)
    held = {(rank_of(c), suit_of(c)) for c in obs.hand}
    for c in obs.hand:
        s, r = suit_of(c), rank_of(c)
        if s == tr:
            continue
        if r == 14:
            total += 11
        elif r == 10 and (14, s) in held:
            total += 7
    total += sum(m.value for m in roem.best_set(hand, tr, game.roem))
    return total


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """The simple bot's action for ``obs`` (one of ``obs.legal``)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    x = obs.extra
    side = game.team_of(obs.seat)
    counts = obs.scores.get("counts") or [0, 0]
    if _SCHUT in legal:
        last = obs.seat == obs.dealer
        return _SCHUT if strength(obs, game) >= (SCHUT_LAST if last else SCHUT_AT) else _PASS
    if _TRICKROEM in legal:  # before a claim: a claim instead would lose it
        return _TRICKROEM
    contract = x.get("contract_side")
    if _CLAIM in legal and contract == side and counts[side] >= trick.CLAIM_AT:
        return _CLAIM
    if contract is not None and contract != side:
        theirs, ours = counts[contract], counts[side]
        if _HERSCHUT in legal and (ours >= trick.CLAIM_AT or (ours >= TAKE_OVER and theirs < ONDER)):
            return _HERSCHUT
        if _TOUT in legal and (ours >= trick.CLAIM_AT or (ours >= TOUT_AT and theirs < ONDER)):
            return _TOUT
        if _CONCEDE in legal and theirs >= GIVE_UP_AT and ours < ONDER:
            return _CONCEDE
    rest = [a for a in legal if a not in (_CLAIM, _HERSCHUT, _TOUT, _CONCEDE)] or legal
    return trick.choose(dataclasses.replace(obs, legal=type(obs.legal)(rest)), game, rng)


from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.schutjassen import Schutjassen  # noqa: E402

register_policy("simple", choose, game_classes=(Schutjassen,))
