"""The penalty sheet of the elimination rummies: one row per hand, one column per seat, cells
``penalty / total``; a player who reaches the elimination score leaves (``OUT``), and, where
the game allows it, may buy back in (``→ 28 (B1)``). Defined in ramino-drift.md §8 and loba.md
§8; its drawing of Loba's example:

    | Hand | Seat 0 | Seat 1 | Seat 2 |
    |---|---|---|---|
    | 1 | 0 / 0 | 38 / 38 | 71 / 71 |
    | 2 | 22 / 22 | −10 / 28 | 45 / 116 → 28 (B1) |
    | 3 | 0 / 22 | 81 / 109 OUT (no buy-back) | 12 / 40 |

A negative number is written with the minus sign ``−`` (U+2212), as the spec draws it. A seat
that has left shows ``–`` in later rows. ``OUT (no buy-back)`` marks a player who could have
bought back and declined; a player for whom no buy-back was possible (none left, or fewer than
two players below the limit) is marked ``OUT``.

Elimination (ramino-drift §7.4, loba §7.3-7.5): after a hand every active seat whose total is
at least ``limit`` is out. With ``max_buy_backs`` > 0 and at least two active seats below the
limit, the eliminated seats with buy-backs left are *pending*: the game's decision between
hands (``Standing.extra["may_buy_back"]``) settles them, and ``record_between`` writes it; a
seat that buys back takes the highest total of the seats below the limit (those buying back
in the same hand do not count). When one seat is left the match is over and it wins. The next
dealer is the next seat still in after the hand's dealer.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import BUYBACK, OUT_MARK, VOID, WINNER, SheetView
from cardtable.sheets.base import Sheet, grid

MINUS = "\u2212"
DASH = "\u2013"


def signed(n: int) -> str:
    """``n`` as the sheet writes it: ``-10`` as ``−10``."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


class PenaltySheet(Sheet):
    """Penalty totals with elimination (module docstring).

    Parameters: ``n_seats``; ``limit`` (the elimination score: a total at least this leaves);
    ``max_buy_backs`` (per seat and game, 0: none); ``first_dealer``.

    ``record(result)`` reads ``result.points`` (penalty points per seat, the winner's 0 or
    negative bonus; 0 for a seat that is out) and ``result.detail["dealer"]`` and ``outcome``
    (``void``). ``record_between(result)`` reads ``detail["bought"]`` and ``detail["declined"]``
    (seats). ValueError for a result it cannot write.
    """

    kind = "penalty"
    unit = "penalty points"
    unit_decimals = 0
    title = "Penalty points"

    def __init__(self, n_seats: int, limit: int, max_buy_backs: int = 0, first_dealer: int = 0):
        super().__init__(n_seats, first_dealer)
        self.limit = limit
        self.max_buy_backs = max_buy_backs
        self.totals: list[int] = [0] * n_seats
        self.bought: list[int] = [0] * n_seats
        self.pending: list[int] = []
        self.last_dealer = first_dealer
        #: per hand: ``{"hand", "dealer", "void", "cells": [None or {"points", "total", "mark"}]}``
        #: with ``mark`` one of ``""``, ``"out"``, ``"out_declined"``, ``"buy_back"`` (then
        #: ``"new_total"`` and ``"buy_backs"``)
        self.rows: list[dict[str, Any]] = []

    def seat_totals(self) -> tuple[int, ...]:
        return tuple(self.totals)

    def standing_extra(self) -> dict[str, Any]:
        """``buy_backs`` used per seat and the seats ``may_buy_back`` now (loba §7.4)."""
        return {"buy_backs": list(self.bought), "may_buy_back": list(self.pending)}

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand, then the eliminations (module docstring)."""
        if self.over:
            raise ValueError("the match is already over")
        if self.pending:
            raise ValueError("the buy-backs of the last hand are not decided yet")
        pts = [int(p) for p in result.points]
        if len(pts) != self.n_seats:
            raise ValueError(f"expected {self.n_seats} hand scores, got {len(pts)}")
        detail = result.detail or {}
        dealer = detail.get("dealer", self.next_dealer)
        cells: list[dict[str, Any] | None] = []
        for s in range(self.n_seats):
            if not self.active[s]:
                if pts[s]:
                    raise ValueError(f"seat {s} is out of the game and cannot score {pts[s]}")
                cells.append(None)
                continue
            self.totals[s] += pts[s]
            cells.append({"points": pts[s], "total": self.totals[s], "mark": ""})
        self.hands += 1
        self.last_dealer = dealer
        self.rows.append({"hand": self.hands, "dealer": dealer, "void": result.outcome == "void", "cells": cells})
        out = [s for s in range(self.n_seats) if self.active[s] and self.totals[s] >= self.limit]
        below = sum(1 for s in range(self.n_seats) if self.active[s] and self.totals[s] < self.limit)
        for s in out:
            self.active[s] = False
        if self.max_buy_backs and below >= 2:
            self.pending = [s for s in out if self.bought[s] < self.max_buy_backs]
        for s in out:
            if s not in self.pending:
                cell = cells[s]
                assert cell is not None, "a seat that goes out took part in the hand"
                cell["mark"] = "out"
        self._settle()

    def record_between(self, result) -> None:
        """Write the buy-back decision (loba §7.4): ``bought`` seats come back in at the highest
        total of the seats below the limit, ``declined`` ones leave."""
        if not self.pending:
            raise ValueError("no seat may buy back now")
        detail = result.detail or {}
        bought = list(detail.get("bought", ()))
        declined = list(detail.get("declined", ()))
        if sorted(bought + declined) != sorted(self.pending):
            raise ValueError(f"the seats {self.pending} decide on a buy-back, not {sorted(bought + declined)}")
        new_total = max(self.totals[s] for s in range(self.n_seats) if self.active[s])
        cells = self.rows[-1]["cells"]
        for s in bought:
            self.bought[s] += 1
            self.totals[s] = new_total
            self.active[s] = True
            cells[s].update(mark="buy_back", new_total=new_total, buy_backs=self.bought[s])
        for s in declined:
            cells[s]["mark"] = "out_declined"
        self.pending = []
        self._settle()

    def _settle(self) -> None:
        if self.pending:
            return  # the buy-backs come first
        seats = [s for s in range(self.n_seats) if self.active[s]]
        if len(seats) <= 1:
            self.over = True
            self.winners = seats
            return
        self.next_dealer = next(
            (self.last_dealer + i) % self.n_seats
            for i in range(1, self.n_seats + 1)
            if self.active[(self.last_dealer + i) % self.n_seats]
        )

    # -- reading --
    @staticmethod
    def cell_text(cell: dict[str, Any] | None) -> str:
        """One cell as §8 writes it: ``45 / 116 → 28 (B1)``, ``64 / 105 OUT``, ``–``."""
        if cell is None:
            return DASH
        text = f"{signed(cell['points'])} / {signed(cell['total'])}"
        mark = cell["mark"]
        if mark == "out":
            text += " OUT"
        elif mark == "out_declined":
            text += " OUT (no buy-back)"
        elif mark == "buy_back":
            text += f" \u2192 {signed(cell['new_total'])} (B{cell['buy_backs']})"
        return text

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers (``Hand``, then ``names`` or ``Seat i``) and one row of cells per hand."""
        head = ["Hand"] + (list(names) if names else [f"Seat {i}" for i in range(self.n_seats)])
        rows = [
            [str(r["hand"]) + (" (void)" if r["void"] else "")] + [self.cell_text(c) for c in r["cells"]]
            for r in self.rows
        ]
        return head, rows

    def render(self, names: Sequence[str] | None = None, aligned: bool = True) -> str:
        """The sheet as a text table (§8), and a last line naming the winner once over."""
        head, rows = self.table(names)
        out = grid(head, rows, aligned)
        if self.over and self.winners:
            w = self.winners[0]
            out.append(f"Game over: {names[w] if names else f'Seat {w}'} is the last player left and wins.")
        return "\n".join(out)

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """``table(names)``: void hands, eliminations and buy-backs marked, the winner's last
        cell once over; under it the winner's line."""
        head, rows = self.table(names)
        marks = []
        for i, r in enumerate(self.rows):
            if r["void"]:
                marks.append((i, 0, VOID))
            for s, c in enumerate(r["cells"]):
                if c and c["mark"] in ("out", "out_declined"):
                    marks.append((i, 1 + s, OUT_MARK))
                elif c and c["mark"] == "buy_back":
                    marks.append((i, 1 + s, BUYBACK))
        if self.over and rows:
            marks += [(len(rows) - 1, 1 + w, WINNER) for w in self.winners]
        lines = tuple(self.render(names).splitlines()[len(rows) + 2 :])
        return SheetView(
            self.title, tuple(head), tuple(tuple(r) for r in rows), None, tuple(marks), self.n_seats, lines
        )

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "penalty", "limit", "max_buy_backs", "rows": [{"hand", "dealer", "void",
        "cells": [null or {"points", "total", "mark", ["new_total", "buy_backs"]}]}], "totals",
        "buy_backs", "active", "pending", "next_dealer", "over", "winners"}``; points in penalty
        points."""
        return {
            "kind": self.kind,
            "limit": self.limit,
            "max_buy_backs": self.max_buy_backs,
            "rows": [dict(r, cells=[dict(c) if c else None for c in r["cells"]]) for r in self.rows],
            "totals": list(self.totals),
            "buy_backs": list(self.bought),
            "active": list(self.active),
            "pending": list(self.pending),
            "next_dealer": self.next_dealer,
            "over": self.over,
            "winners": list(self.winners),
        }
