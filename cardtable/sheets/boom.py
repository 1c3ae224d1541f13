"""The boom of Schutjassen (schutjassen.md §8): a vertical trunk with one branch per 100
points on each side's half, side 0/2 on the left, side 1/3 on the right.

Data, for two sides (side 0 = seats 0/2, side 1 = seats 1/3):

    points: [int, int]   points per side; always multiples of 100
    target: int          branches (hundreds of points) needed to win; default 13
    log:    [{hand, side, points, reason}, ...]   reason: made, failed, conceded, roem,
                         trickroem
    next_dealer: int     seat that deals the next hand

``record(result)`` reads a hand's ``Result.detail``:
    ``entries``: [{"side": 0|1, "points": n, "reason": word}, ...]  (what is written)
    ``next_dealer``: int
and then applies the game end of §7.4: once a side has ``target`` x 100 points the side
with more points wins; equal points at or past the target: play on.

The drawing (``render()``, §8): with b0, b1 the branches of each side (points // 100) and
L = max(target, b0, b1), one row per level from L down to 1 (``----`` or four spaces, ``|``,
then ``----`` or nothing; never padded on the right), the ground ``=========``, the labels
``0/2 | 1/3`` and the points `` 300|100``. The empty trunk above the branches shows how far
the target is.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet

SIDE_LABELS = ("0/2", "1/3")
BRANCH = "----"
GROUND = "=" * 9


def boom_lines(points: tuple[int, int] | list[int], target: int) -> list[str]:
    """The §8 drawing of a boom with ``points`` ([side 0/2, side 1/3], multiples of 100)
    and ``target`` (branches) as text lines: levels L..1, ground, labels, points."""
    b0, b1 = points[0] // 100, points[1] // 100
    top = max(target, b0, b1)
    lines = [(BRANCH if b0 >= lv else "    ") + "|" + (BRANCH if b1 >= lv else "") for lv in range(top, 0, -1)]
    lines += [GROUND, f"{SIDE_LABELS[0]} | {SIDE_LABELS[1]}", f"{points[0]:>4}|{points[1]}"]
    return lines


def compact_boom_lines(points: tuple[int, int] | list[int], target: int) -> list[str]:
    """``boom_lines`` made short for a screen: the empty trunk above the branches drawn as
    one line ``    |   target 13``, and a run of more than three equal levels drawn once
    with ``  ×n`` after it; the ground, labels and points as they are. At most 14 lines."""
    full = boom_lines(points, target)
    levels, foot = full[:-3], full[-3:]
    b = max(points[0], points[1]) // 100
    out = [f"    |   target {target}"] if len(levels) > b else []
    grown = levels[len(levels) - b :] if b else []
    i = 0
    while i < len(grown):
        j = i
        while j < len(grown) and grown[j] == grown[i]:
            j += 1
        n = j - i
        out += [f"{grown[i]:<9}  \u00d7{n}"] if n > 3 else grown[i:j]
        i = j
    return out + foot


class Boom(Sheet):
    """Points per side in hundreds, drawn as branches on a trunk, and the log of what was
    written (schutjassen.md §8)."""

    kind = "boom"
    unit = "points"
    unit_decimals = 0
    title = "Boom"

    def __init__(self, n_seats: int = 4, target: int = 13, first_dealer: int = 0):
        super().__init__(n_seats, first_dealer)
        self.target = target
        self.points = [0, 0]
        self.log: list[dict[str, Any]] = []

    def seat_totals(self) -> tuple[int, ...]:
        """Points of each seat's side (seats 0 & 2: side 0)."""
        return tuple(self.points[s % 2] for s in range(self.n_seats))

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand: its entries (points > 0 only; a thrown-in hand writes
        nothing) and the next dealer; then check the game end (§7.4). ``result.detail``
        must hold ``entries`` and ``next_dealer``. Raises ValueError for points that are not
        a positive multiple of 100."""
        d = result.detail
        self.hands += 1
        for e in d.get("entries", ()):
            n = int(e["points"])
            if n == 0:
                continue
            if n < 0 or n % 100:
                raise ValueError(f"the boom takes multiples of 100, not {n}")
            side = int(e["side"])
            self.points[side] += n
            self.log.append({"hand": self.hands, "side": side, "points": n, "reason": e["reason"]})
        if "next_dealer" in d:
            self.next_dealer = int(d["next_dealer"])
        self._check_end()

    def _check_end(self) -> None:
        a, b = self.points
        self._end_at(a, b, self.target * 100)

    # -- drawing --
    def render(self) -> str:
        """The §8 drawing (see the module docstring), lines joined by newlines."""
        return "\n".join(boom_lines(self.points, self.target))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "points": list(self.points),
            "target": self.target,
            "log": [dict(e) for e in self.log],
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }

    def view(self, names=None) -> SheetView:
        """The boom as a free drawing, short enough that its foot stays in view:
        ``compact_boom_lines`` (the trunk above the branches as one line naming the
        target, a run of more than three equal levels as one line ``×n``; the ground, the
        labels and the points as ``render()`` draws them), then a blank line and the log of
        hands, one line each (``hand 2: 0/2 300 made, 100 roem``). Once the game is over
        ``marks`` holds ``(-1, 1 + side, "winner")`` for the winning side (the column of its
        label: 1 = 0/2, 2 = 1/3)."""
        marks = tuple((-1, 1 + w, WINNER) for w in (self.winners[:1] if self.over else ()))
        lines = compact_boom_lines(self.points, self.target) + self.log_lines()
        return SheetView(self.title, (), (), None, marks, 0, tuple(lines))

    def log_lines(self) -> list[str]:
        """The log of hands under the boom: a blank line, then per hand that wrote points
        ``hand 2: 0/2 300 made · 1/3 100 roem``; none before the first."""
        _head, rows = self.table()
        out = []
        for h, a, b in rows[:-1]:
            parts = [f"{SIDE_LABELS[i]} {c}" for i, c in enumerate((a, b)) if c]
            out.append(f"hand {h}: " + " \u00b7 ".join(parts))
        return [""] + out if out else []

    def table(self) -> tuple[list[str], list[list[str]]]:
        """Headers ``hand``, ``0/2``, ``1/3``; one row per hand that wrote points (``300
        made``, ``100 roem``) and a totals row."""
        headers = ["hand", SIDE_LABELS[0], SIDE_LABELS[1]]
        by_hand: dict[int, list[list[str]]] = {}
        for e in self.log:
            by_hand.setdefault(e["hand"], [[], []])[e["side"]].append(f"{e['points']} {e['reason']}")
        rows = [[str(h), ", ".join(a), ", ".join(b)] for h, (a, b) in sorted(by_hand.items())]
        rows.append(["total", str(self.points[0]), str(self.points[1])])
        return headers, rows


__all__ = ["BRANCH", "Boom", "GROUND", "SIDE_LABELS", "boom_lines", "compact_boom_lines"]
