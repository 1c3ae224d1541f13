"""The search API for bots (issue 6 item 7): information sets, returns in one unit, and
the dealing of unseen cards that both rest on.

    iset = state.information_set(seat)       # what ``seat`` knows now
    iset.observation                         # its Observation (the same as state.observation(seat))
    world = iset.sample(rng)                 # a State of the same class: the unseen cards
                                             # dealt again at random, consistent with all
                                             # the seat has seen
    world.apply_in_place(action)             # search owns the sample: no clone, no check
    values = world.playout(rng)              # random play to the end -> world.returns()

**Returns** (``State.returns()``): per seat, once the hand is over, the seat's (side's)
gain on the score sheet this hand minus the mean gain of the other sides, divided by a
per-game scale so that a usual hand lies in about [-1, 1]. Higher is better for that seat,
partners share their side's value, and the sides' values sum to 0 (``relative_returns``).
The gains and scales of the games of today:

=================== =================================================== ==============
game                gain per side / seat                                scale
=================== =================================================== ==============
kruisjassen         strepen written this hand; a carried hand: the      3 (a pit)
                    carried count / 100 (worth a streep at 100)
manille-muette,     hands mode: 1 to the hand winner; excess mode: the  1 (hands) or
manille-parlee      points above 34                                     34 (excess)
butifarra           game points (multiplier included)                   72
manille (2-7)       the ledger amount (stake units, sums to 0)          n x top stake
klassieke-rummy     the winner's score (the others' card points, x2     100
                    for a rummy), the others 0: a loser's own card
                    points lower the winner's gain, so fewer is better
=================== =================================================== ==============

A void, tied or passed-out hand returns 0 for every seat.

**Information sets** (``InformationSet``): a game describes what a seat knows as a
``Deal`` problem: the cards whose place the seat does not know (``pool``) and the places
they may go (``Bucket``: an owner such as a seat or the stock, a number of cards, and a
mask of the cards allowed there: voids revealed by not following, cards a talk answer
denied, ...). Cards whose place the seat knows (its hand, cards played or shown, the
upcard while the dealer holds it, stuk once declared, cards taken from a discard pile)
are not in the pool. ``Deal.solve(rng)`` puts every pool card in a bucket: first by
rejection (a uniform shuffle, kept if it breaks no constraint; at most ``REJECT`` times,
once when it has never worked for this deal: exactly uniform over the consistent deals),
then by a sequential deal (the tightest bucket first, each a uniform choice among the cards
it allows; at most ``TRIES`` times: close to uniform), then by a constraint-respecting
assignment (augmenting paths over the buckets, in random order), so it never loops forever
and finds a deal whenever one exists.

Cards are ints as in ``cardtable.cards``; masks are ``1 << card`` bitmasks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from cardtable.cards import mask_cards  # noqa: F401  (the cards of a mask; re-exported for the bots)

#: uniform rejection attempts, then attempts of the tightest-first sequential deal,
#: before the assignment by augmenting paths
REJECT = 4
TRIES = 24


def relative_returns(gains: Sequence[float], teams: Sequence[int], scale: float = 1.0) -> tuple[float, ...]:
    """Per seat: (its team's gain - the mean gain of the other teams) / ``scale``.

    ``gains``: each seat's gain this hand (partners alike; a team's gain is that of its
    first seat); ``teams``: each seat's team (``Game.team_of``). With one team only every
    seat gets 0. E.g. ``relative_returns([2, 0, 2, 0], [0, 1, 0, 1], 3)`` ==
    ``(2/3, -2/3, 2/3, -2/3)``; ``relative_returns([6, -3, -3], [0, 1, 2], 9)`` ==
    ``(1.0, -0.5, -0.5)``."""
    team_gain: dict[int, float] = {}
    for g, t in zip(gains, teams):
        team_gain.setdefault(t, float(g))
    k = len(team_gain)
    if k < 2:
        return tuple(0.0 for _ in gains)
    total = sum(team_gain.values())
    out = []
    for t in teams:
        own = team_gain[t]
        out.append((own - (total - own) / (k - 1)) / scale)
    return tuple(out)


@dataclass
class Bucket:
    """A place for ``size`` unseen cards: ``owner`` (a seat number, or a word such as
    ``"stock"``), ``allowed`` (mask of the cards that may go there; -1: any)."""

    owner: Any
    size: int
    allowed: int = -1


@dataclass
class Deal:
    """The dealing problem of an information set: put each card of ``pool`` (mask) into
    one of ``buckets`` so that each bucket gets exactly ``size`` cards, all ``allowed``.
    The sizes must add up to the pool's card count (ValueError otherwise)."""

    pool: int
    buckets: list[Bucket] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.cards = mask_cards(self.pool)
        if sum(b.size for b in self.buckets) != len(self.cards):
            raise ValueError(f"the buckets hold {sum(b.size for b in self.buckets)} cards, the pool {len(self.cards)}")
        self._free = all((b.allowed & self.pool) == self.pool for b in self.buckets)
        self._reject = REJECT
        self._hits = 0
        # the tightest bucket first (fewest allowed cards to spare), for ``_sequential``
        self._order = sorted(
            range(len(self.buckets)),
            key=lambda j: (self.buckets[j].allowed & self.pool).bit_count() - self.buckets[j].size,
        )

    def solve(self, rng: random.Random) -> list[int]:
        """A mask per bucket (in ``buckets`` order): a random deal of the pool that keeps
        every constraint. Raises ValueError if no such deal exists (a broken state)."""
        cards = self.cards[:]
        buckets = self.buckets
        for _ in range(1 if self._free else self._reject):
            rng.shuffle(cards)
            out = []
            i = 0
            ok = True
            for b in buckets:
                m = 0
                for c in cards[i : i + b.size]:
                    m |= 1 << c
                i += b.size
                if m & ~b.allowed:
                    ok = False
                    break
                out.append(m)
            if ok:
                self._hits += 1
                return out
        if not self._hits:  # rejection never works here: keep one try of it
            self._reject = 1
        for _ in range(TRIES):
            got = self._sequential(rng)
            if got is not None:
                return got
        return self._assign(rng)

    def _sequential(self, rng: random.Random) -> list[int] | None:
        """Fill the buckets tightest first, each with a uniform choice of its size among
        the cards still free that it allows; None at a dead end."""
        free = self.pool
        out = [0] * len(self.buckets)
        for j in self._order:
            b = self.buckets[j]
            avail = free & b.allowed
            if avail.bit_count() < b.size:
                return None
            if avail.bit_count() == b.size:
                m = avail
            else:
                m = 0
                for c in rng.sample(mask_cards(avail), b.size):
                    m |= 1 << c
            out[j] = m
            free &= ~m
        return out

    def _assign(self, rng: random.Random) -> list[int]:
        """Augmenting paths (Kuhn's algorithm with bucket capacities), cards and buckets
        tried in random order: a deal whenever one exists."""
        nb = len(self.buckets)
        load: list[list[int]] = [[] for _ in range(nb)]
        where: dict[int, int] = {}
        cards = self.cards[:]
        rng.shuffle(cards)
        # the most constrained cards first
        fits = {c: [j for j in range(nb) if (self.buckets[j].allowed >> c) & 1] for c in cards}
        for c in cards:
            rng.shuffle(fits[c])
        cards.sort(key=lambda c: len(fits[c]))

        def augment(c: int, seen: set[int]) -> bool:
            for j in fits[c]:
                if j in seen:
                    continue
                seen.add(j)
                if len(load[j]) < self.buckets[j].size:
                    load[j].append(c)
                    where[c] = j
                    return True
                for k, other in enumerate(load[j]):
                    if augment(other, seen):
                        load[j][k] = c
                        where[c] = j
                        return True
            return False

        for c in cards:
            if not augment(c, set()):
                raise ValueError("no deal of the unseen cards fits what the seat has seen")
        out = []
        for j in range(nb):
            m = 0
            for c in load[j]:
                m |= 1 << c
            out.append(m)
        return out


class InformationSet:
    """What one seat knows: ``seat``, ``observation`` (its Observation now) and
    ``sample(rng) -> State``: a State of the game's class in which the cards the seat has
    not seen are dealt again at random (``deal.solve``), consistent with everything it has
    seen; the sample plays on with the engine like any State.

    Made by ``State.information_set(seat)``: ``state`` the real position (never handed
    out: ``sample`` only copies it and replaces what the seat could not see), ``deal`` the
    dealing problem (None when ``build`` deals itself, e.g. kruisjassen before the melds
    are shown), ``build(state, masks, rng) -> State`` the game's function that makes the
    sampled State from a clone and one mask per bucket."""

    __slots__ = ("seat", "_state", "_obs", "deal", "_build", "_accept")

    def __init__(
        self,
        state: Any,
        seat: int,
        deal: Deal | None,
        build: Callable[[Any, list[int], random.Random], Any],
        observation: Any = None,
        accept: Callable[[Any], bool] | None = None,
    ):
        """``accept(sample) -> bool``: a check the constraints of ``deal`` cannot say
        (kruisjassen's automatic roem: the sampled hands must declare what was declared);
        ``sample`` then deals again, at most ``TRIES`` times, and keeps the last deal."""
        self.seat = seat
        self._state = state
        self._obs = observation
        self.deal = deal
        self._build = build
        self._accept = accept

    def __reduce__(self):
        """Pickled (for a bot's search in a worker process) as the State and the seat: the
        other side makes the same information set again with ``state.information_set(seat)``
        (the game's build and accept functions may be closures). The pickle holds the real
        position, as the set itself does; a bot still reads only ``observation`` and
        ``sample``."""
        return (_remake_information_set, (self._state, self.seat))

    @property
    def game(self):
        """The Game played (its rules and options, not the position): what a bot looks its
        game's policies up by."""
        return self._state.game

    @property
    def observation(self):
        """The seat's Observation (made when first asked for)."""
        if self._obs is None:
            self._obs = self._state.observation(self.seat)
        return self._obs

    def sample(self, rng: random.Random):
        """A random State consistent with what the seat has seen (see the class)."""
        for _ in range(TRIES if self._accept is not None else 1):
            masks = self.deal.solve(rng) if self.deal is not None else []
            world = self._build(self._state.clone(), masks, rng)
            if self._accept is None or self._accept(world):
                break
        return world


def _remake_information_set(state: Any, seat: int) -> "InformationSet":
    """``state.information_set(seat)`` (the other side of ``InformationSet.__reduce__``)."""
    return state.information_set(seat)


__all__ = ["Bucket", "Deal", "InformationSet", "REJECT", "TRIES", "mask_cards", "relative_returns"]
