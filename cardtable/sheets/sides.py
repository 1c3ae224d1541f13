"""Running totals per side of a four-player partnership game (butifarra.md §8; also fits
the ``excess`` scoring of manille-muette.md §8).

Two columns, one per side (side 0 = seats 0 & 2, side 1 = seats 1 & 3). One row per hand:
the hand number, the game's own descriptive cells (``columns``: e.g. dealer, contract,
doubling, hand points, multiplier), and per side the game points scored and the running
total, ``scored / total``. Under the rows a totals row, then ``target: N``; once a side
reaches the target, its total is marked ``(winner)`` and a last line names it.

    | Hand | Dealer | Contract | Doubling | Points  | × | A (0 & 2) | B (1 & 3) |
    |------|--------|----------|----------|---------|---|-----------|-----------|
    | 1    | 0      | ♥        | herdubbel| 40 – 32 | 4 | 16 / 16   | 0 / 0     |
    | total|        |          |          |         |   | 16        | 0         |
    target: 101

``record(result)`` reads ``result.points`` (per seat; side 0's score is ``points[0]``, side
1's ``points[1]``) and from ``result.detail``: ``dealer``, ``next_dealer`` (default: the
seat after the dealer) and ``sheet_row`` (a dict giving the text of each of ``columns``;
missing cells are blank). Game end: after a hand, a side whose total is at least
``target`` wins (the higher total if both are; equal totals play on).
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet, grid

SIDE_HEADERS = ("A (0 & 2)", "B (1 & 3)")


class SideTotals(Sheet):
    """Game points per side, summed to a target.

    Parameters: ``target`` (game points to win); ``columns``: ``(key, header)`` pairs of
    the descriptive cells the game writes in ``detail["sheet_row"]``; ``side_headers``;
    ``first_dealer``.
    """

    kind = "side_totals"
    unit = "game points"
    unit_decimals = 0

    def __init__(
        self,
        target: int,
        columns: Sequence[tuple[str, str]] = (),
        side_headers: Sequence[str] = SIDE_HEADERS,
        first_dealer: int = 0,
    ):
        super().__init__(4, first_dealer)
        self.target = target
        self.columns = tuple((k, h) for k, h in columns)
        self.side_headers = tuple(side_headers)
        self.totals = [0, 0]
        self.rows: list[dict[str, Any]] = []

    def seat_totals(self) -> tuple[int, ...]:
        """Game points of each seat's side (seats 0 & 2: side 0)."""
        return tuple(self.totals[s & 1] for s in range(4))

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand; then next dealer, over and winners.

        Raises ValueError if the match is already over or ``result.points`` is not 4 long."""
        if self.over:
            raise ValueError("the match is already over")
        pts = [int(p) for p in result.points]
        if len(pts) != 4:
            raise ValueError(f"expected 4 hand scores, got {len(pts)}")
        d = result.detail or {}
        dealer = int(d.get("dealer", self.next_dealer))
        scored = [pts[0], pts[1]]
        self.totals[0] += scored[0]
        self.totals[1] += scored[1]
        self.hands += 1
        row = d.get("sheet_row") or {}
        self.rows.append(
            {
                "hand": self.hands,
                "dealer": dealer,
                "cells": [str(row.get(k, "")) for k, _h in self.columns],
                "points": scored,
                "totals": list(self.totals),
            }
        )
        self.next_dealer = int(d.get("next_dealer", (dealer + 1) % 4))
        a, b = self.totals
        if max(a, b) >= self.target and a != b:
            side = 0 if a > b else 1
            self.over = True
            self.winners = [side, side + 2]

    # -- reading --
    def winning_side(self) -> int | None:
        return self.winners[0] if self.over else None

    def table(self) -> tuple[list[str], list[list[str]]]:
        """Headers (``Hand``, the game's columns, the two sides) and one row per hand
        (``scored / total`` per side), then a ``total`` row (the winner's marked)."""
        head = ["Hand"] + [h for _k, h in self.columns] + list(self.side_headers)
        rows = [
            [str(r["hand"])] + r["cells"] + [f"{p} / {t}" for p, t in zip(r["points"], r["totals"])] for r in self.rows
        ]
        win = self.winning_side()
        tot = [str(t) + (" (winner)" if s == win else "") for s, t in enumerate(self.totals)]
        rows.append(["total"] + [""] * len(self.columns) + tot)
        return head, rows

    def view(self, names=None) -> SheetView:
        """``table()`` as a table (``scored / total`` cells, the ``total`` row as the totals
        row, the winner's total marked); under it ``target: N`` and the winner's line."""
        head, rows = self.table()
        k = 1 + len(self.columns)
        marks = ((-1, k + self.winners[0], WINNER),) if self.over else ()
        lines = tuple(self.render().splitlines()[len(rows) + 2 :])
        return SheetView(
            "Game points", tuple(head), tuple(tuple(r) for r in rows[:-1]), tuple(rows[-1]), marks, 2, lines
        )

    def render(self, aligned: bool = True) -> str:
        """The §8 drawing: the table, ``target: N`` and, at game end, the winner's line."""
        head, rows = self.table()
        out = grid(head, rows, aligned)
        out.append(f"target: {self.target}")
        win = self.winning_side()
        if win is not None:
            out.append(f"Game over: {self.side_headers[win]} wins with {self.totals[win]}.")
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "side_totals", "target", "columns": [keys], "rows": [{"hand", "dealer",
        "cells", "points": [a, b], "totals": [a, b]}], "totals", "next_dealer", "hands",
        "over", "winners"}``; points are game points."""
        return {
            "kind": self.kind,
            "target": self.target,
            "columns": [k for k, _h in self.columns],
            "rows": [
                dict(r, cells=list(r["cells"]), points=list(r["points"]), totals=list(r["totals"])) for r in self.rows
            ],
            "totals": list(self.totals),
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }


__all__ = ["SIDE_HEADERS", "SideTotals"]
