"""The trick family's search policies: how the strong bot plays out a sampled trick hand
(``trick_playout``) and what its hint says of a card (``trick_words``), registered for every
game of the family (``TrickGame``, families/tricks.py):

    register_policy("playout", trick_playout, game_classes=(TrickGame,))
    register_policy("explain", trick_words, game_classes=(TrickGame,))

Only the public search API of ``TrickHand`` is used (``rollout_mask``, ``rollout_actions``,
``apply_in_place``, the trick table ``t``, ``trick``, ``win_card`` / ``win_seat``,
``partner``, ``playout_ally``), so every game of the family gets the policy with no line here.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots.playouts import EPSILON, simple_step
from cardtable.bots.registry import register_policy
from cardtable.cards import SUIT_OF, mask_cards
from cardtable.engine.actions import Action
from cardtable.families.trick_views import PLAY
from cardtable.families.tricks import TrickGame, TrickHand


def trick_playout(world: Any, rng: random.Random) -> tuple[float, ...]:
    """Play the trick hand ``world`` to the end and return its ``returns()``: card plays by
    a greedy rule of thumb (``greedy_card``), a share ``EPSILON`` of them at random; other
    steps (roem, stuk, ...) as the game's rollout does (``rollout_actions()``; where it
    offers a choice, such as a bid or the trump, the simple bot's, ``simple_step``). A
    world that is not a ``TrickHand`` (a game of the family whose hand is another State, a
    phase before the play) plays each step by ``simple_step``."""
    if not isinstance(world, TrickHand):
        while world.to_act is not None:
            acts = world.rollout_actions()
            world.apply_in_place(acts[0] if len(acts) == 1 else simple_step(world, acts, rng))
        return world.returns()
    rand = rng.random
    while world.to_act is not None:
        m = world.rollout_mask()
        if m:
            if m & (m - 1):
                c = greedy_card(world, m) if rand() >= EPSILON else rng.choice(mask_cards(m))
            else:
                c = m.bit_length() - 1
            world.apply_in_place(PLAY[c])
        else:
            acts = world.rollout_actions()
            world.apply_in_place(acts[0] if len(acts) == 1 else simple_step(world, acts, rng))
    return world.returns()


def greedy_card(world: Any, m: int) -> int:
    """A card of the mask ``m`` for the seat to act: leading, its strongest card of the
    longest plain suit... kept simple: the strongest card when it is the highest left of its
    suit, else the lowest; following, with the partner winning, the card of most points
    that does not take the trick over; else the cheapest card that wins the trick, and
    with none, the card of fewest points (the weakest of those). The partner: the
    world's ``playout_ally(winner, seat)`` where it has one (the defenders of a solo
    contract), else its ``partner``. A seat for which the world's ``playout_misere(seat)``
    is true plays to take no trick (``misere_card``)."""
    t = world.t
    pts = t.points
    strength = t.strength
    trick = world.trick
    cards = mask_cards(m)
    misere = getattr(world, "playout_misere", None)
    if misere is not None and misere(world.to_act):
        return misere_card(world, cards)
    if not trick:
        # lead: a card no unseen card of its suit can beat (higher cards all gone)
        out = 0
        for h in world.hands:
            out |= h
        for c in cards:
            if not (t.higher[c] & out & ~m) and SUIT_OF[c] != t.trump:
                return c
        return min(cards, key=lambda c: (pts[c], strength[c]))
    win = world.win_card
    higher = t.higher
    trump = t.trump
    wsuit = SUIT_OF[win]

    def beats(c: int) -> bool:
        return bool((1 << c) & higher[win]) or (SUIT_OF[c] == trump and wsuit != trump)

    ally = getattr(world, "playout_ally", None)
    if world.win_seat == world.partner[world.to_act] if ally is None else ally(world.win_seat, world.to_act):
        safe = [c for c in cards if not beats(c)]
        if safe:
            return max(safe, key=lambda c: (pts[c], -strength[c]))
        return min(cards, key=lambda c: (pts[c], strength[c]))
    winners = [c for c in cards if beats(c)]
    if winners:
        return min(winners, key=lambda c: (SUIT_OF[c] == trump, strength[c], pts[c]))
    return min(cards, key=lambda c: (pts[c], strength[c]))


def misere_card(world: Any, cards: list[int]) -> int:
    """A card for a seat that plays to take no trick (the world's ``playout_misere(seat)``:
    Jo-Jotte's nullo player): leading, its lowest card; following, the highest card that
    does not take the trick over, else its highest card (the trick is lost anyway)."""
    t = world.t
    strength = t.strength
    if not world.trick:
        return min(cards, key=lambda c: (strength[c], t.points[c]))
    win = world.win_card
    under = [c for c in cards if not t.beats(c, win)]
    return max(under or cards, key=lambda c: strength[c])


def takes_trick(iset: Any, action: Action) -> str | None:
    """The seat playing the last card of a trick: who takes it after ``action`` (the same in
    every sample, as every other card of the trick is on the table): ``"seat"``,
    ``"partner"`` or ``"other"`` (the other side); None otherwise (no information set, not
    a card, not the trick's last card)."""
    if iset is None or action.verb != "play" or len(action.cards) != 1:
        return None
    world = iset.sample(random.Random(0))
    if not isinstance(world, TrickHand) or len(world.trick) != world.n_seats - 1:
        return None
    seat = iset.seat
    world.apply_in_place(action)
    if world.trick:
        return None
    if world.last_winner == seat:
        return "seat"
    return "partner" if world.last_winner == world.partner[seat] else "other"


#: what a hint says of a trick's last card, by who takes the trick (``takes_trick``)
TAKES_WORDS = {"seat": "wins the trick", "partner": "the trick stays your partner's", "other": "leaves the trick"}


def trick_words(obs: Any, action: Action, iset: Any = None) -> list[str]:
    """The hint's words on a card of a trick game: who takes the trick when it is the
    trick's last card (``TAKES_WORDS``), else none."""
    takes = takes_trick(iset, action)
    return [TAKES_WORDS[takes]] if takes is not None else []


register_policy("playout", trick_playout, game_classes=(TrickGame,))
register_policy("explain", trick_words, game_classes=(TrickGame,))

__all__ = ["TAKES_WORDS", "greedy_card", "misere_card", "takes_trick", "trick_playout", "trick_words"]
