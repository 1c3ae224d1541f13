"""The standing of a match between two hands: a typed, frozen snapshot of the score sheet.

A game deals the next hand from a ``Standing`` (``game.new_hand(seed, standing=...)``,
``game.from_deal(deal, standing=...)``), never from the live sheet, so a hand cannot change
the sheet and a test can write the standing it needs by hand::

    standing = sheet.standing()                    # what the sheet says now
    state = game.new_hand(seed=7, standing=standing)
    Standing(4, next_dealer=2, totals=(5, 3, 5, 3), carry=(78, 68))   # written by hand

The sheet makes it (``Sheet.standing()``, cardtable/sheets/base.py); the ``Match`` passes
it. Everything a game reads between hands is here as a typed field: the dealer of the next
hand, the hands played, each seat's total in the sheet's unit, the seats still in the game,
the counts carried from an undecided hand; anything else a game needs goes in the small
frozen ``extra`` mapping (e.g. Loba's buy-backs used per seat).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Iterator


def freeze(value: Any) -> Any:
    """``value`` made immutable: lists and tuples become tuples, dicts ``FrozenMap``s, sets
    frozensets, recursively; other values are returned as they are."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, Mapping):
        return value if isinstance(value, FrozenMap) else FrozenMap(value)
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    return value


class FrozenMap(Mapping):
    """A read-only, hashable mapping (values frozen with ``freeze``). ``FrozenMap()`` is
    empty; ``FrozenMap({"buy_backs": [0, 1, 0]})`` holds ``(0, 1, 0)``. Compares equal to
    a dict with the same items."""

    __slots__ = ("_d",)

    def __init__(self, data: Mapping[str, Any] | Any = ()):
        self._d = {k: freeze(v) for k, v in dict(data).items()}

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        return hash(frozenset(self._d.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, (tuple, frozenset)):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Standing:
    """A match's standing before a hand, made by ``Sheet.standing()``.

    Fields (all immutable):
      ``n_seats``: seats at the table (active or not).
      ``hands``: hands recorded on the sheet so far (0 before the first deal).
      ``next_dealer``: the seat that deals the next hand.
      ``totals``: per seat, the sheet's running total in the sheet's ``unit`` (a partnership
        sheet gives each seat its side's total: ``totals[s]`` is side ``s & 1``'s); default
        all 0.
      ``unit``: the unit of ``totals`` (``strepen``, ``points``, ``game points``, ``hands``,
        ``stake units``; ``""`` if the sheet does not say).
      ``active``: per seat, True if the seat takes part in the next hand; False for a seat
        that is out of the game or sits out this deal; default all True.
      ``carry``: counts carried into the next hand, as the sheet keeps them (kruisjassen:
        per side [0 & 2, 1 & 3] after a carried or void hand; ``()`` when the game carries
        nothing, and a game reads ``()`` as nothing carried).
      ``extra``: a small ``FrozenMap`` of the game's own carry-over (JSON-like values).

    Raises ValueError (from the constructor) if ``totals`` or ``active`` do not have one
    entry per seat, or ``next_dealer`` is not a seat.
    """

    n_seats: int
    hands: int = 0
    next_dealer: int = 0
    totals: tuple[int, ...] = ()
    unit: str = ""
    active: tuple[bool, ...] = ()
    carry: tuple[int, ...] = ()
    extra: FrozenMap = field(default_factory=FrozenMap)

    def __post_init__(self) -> None:
        n = self.n_seats
        totals = tuple(self.totals) if self.totals else (0,) * n
        active = tuple(bool(a) for a in self.active) if self.active else (True,) * n
        if len(totals) != n:
            raise ValueError(f"a standing of {n} seats needs {n} totals, not {list(totals)}")
        if len(active) != n:
            raise ValueError(f"a standing of {n} seats needs {n} active flags, not {list(active)}")
        if not (isinstance(self.next_dealer, int) and 0 <= self.next_dealer < n):
            raise ValueError(f"next_dealer must be a seat 0..{n - 1}, not {self.next_dealer!r}")
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "active", active)
        object.__setattr__(self, "carry", tuple(self.carry))
        if not isinstance(self.extra, FrozenMap):
            object.__setattr__(self, "extra", FrozenMap(self.extra))

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats that take part in the next hand, in seat order."""
        return tuple(s for s in range(self.n_seats) if self.active[s])

    def next_active(self, seat: int) -> int:
        """The first active seat after ``seat``, clockwise (``seat`` itself if it is the only
        one). ValueError if no seat is active."""
        for i in range(1, self.n_seats + 1):
            s = (seat + i) % self.n_seats
            if self.active[s]:
                return s
        raise ValueError("no seat is active")

    def to_json(self) -> dict[str, Any]:
        """The standing as JSON data: every field, ``extra`` as an object."""
        return {
            "n_seats": self.n_seats,
            "hands": self.hands,
            "next_dealer": self.next_dealer,
            "totals": list(self.totals),
            "unit": self.unit,
            "active": list(self.active),
            "carry": list(self.carry),
            "extra": _thaw(self.extra),
        }


__all__ = ["FrozenMap", "Standing", "freeze"]
