"""Hands won per side of a four-player partnership game (manille-muette.md §8, also
manille-parlee.md §8), and ``match_sheet``: the sheet the manille ``scoring`` option asks for.

Two side columns (side 0 = seats 0 & 2, side 1 = seats 1 & 3). One row per hand: the hand
number, the game's own descriptive cells (``columns``: dealer, upcard, hand points
``35 – 33`` ...), and per side a mark: ``✓`` for the hand winner, ``—`` in both columns for a
tied hand. Under the rows a ``won`` row with the hands won per side, then the line
``hands won: A 1 · B 0 (2 needed)``; once a side has ``hands_to_win`` hands a last line names
it. Rendering of manille-muette Example 8 after hand 2:

    | Hand | Dealer | Troef | Points A – B | A (0 & 2) | B (1 & 3) |
    |------|--------|-------|--------------|-----------|-----------|
    | 1    | 0      | QD    | 36 – 32      | ✓         |           |
    | 2    | 1      | 7H    | 34 – 34      | —         | —         |
    | won  |        |       |              | 1         | 0         |
    hands won: A 1 · B 0 (2 needed)

``record(result)`` reads from ``result.detail``: ``winning_side`` (0, 1, or None for a
tie), ``dealer``, ``next_dealer`` (default: the seat after the dealer) and ``sheet_row`` (a
dict giving the text of each of ``columns``; missing cells are blank). ``result.points``
is not read (the manille games write 1 per seat of the hand winner there).
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import TIE_MARK, WINNER, SheetView
from cardtable.sheets.base import Sheet, grid
from cardtable.sheets.sides import SIDE_HEADERS, SideTotals

TICK = "✓"
TIE = "—"


class HandsWon(Sheet):
    """Hands won per side; the first side to ``hands_to_win`` wins the match.

    Parameters: ``hands_to_win``; ``columns``: ``(key, header)`` pairs of the descriptive
    cells the game writes in ``detail["sheet_row"]``; ``side_headers``; ``side_letters``
    (for the tally line); ``first_dealer``.
    Data: ``won`` [a, b]; ``rows`` [{"hand", "dealer", "cells", "winner"}].
    """

    kind = "hands_won"
    unit = "hands"
    unit_decimals = 2

    def __init__(
        self,
        hands_to_win: int = 2,
        columns: Sequence[tuple[str, str]] = (),
        side_headers: Sequence[str] = SIDE_HEADERS,
        side_letters: Sequence[str] = ("A", "B"),
        first_dealer: int = 0,
    ):
        super().__init__(4, first_dealer)
        self.hands_to_win = hands_to_win
        self.columns = tuple((k, h) for k, h in columns)
        self.side_headers = tuple(side_headers)
        self.side_letters = tuple(side_letters)
        self.won = [0, 0]
        self.rows: list[dict[str, Any]] = []

    def seat_totals(self) -> tuple[int, ...]:
        """Hands won by each seat's side (seats 0 & 2: side 0)."""
        return tuple(self.won[s & 1] for s in range(4))

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand: a won hand to its side (a tie to nobody), the next dealer,
        then the match end (a side with ``hands_to_win`` hands wins).

        Raises ValueError if the match is already over or ``winning_side`` is not 0, 1 or None."""
        if self.over:
            raise ValueError("the match is already over")
        d = result.detail or {}
        side = d.get("winning_side")
        if side not in (0, 1, None):
            raise ValueError(f"winning_side must be 0, 1 or None, not {side!r}")
        dealer = int(d.get("dealer", self.next_dealer))
        if side is not None:
            self.won[side] += 1
        self.hands += 1
        row = d.get("sheet_row") or {}
        self.rows.append(
            {
                "hand": self.hands,
                "dealer": dealer,
                "cells": [str(row.get(k, "")) for k, _h in self.columns],
                "winner": side,
            }
        )
        self.next_dealer = int(d.get("next_dealer", (dealer + 1) % 4))
        if side is not None and self.won[side] >= self.hands_to_win:
            self.over = True
            self.winners = [side, side + 2]

    # -- reading --
    def winning_side(self) -> int | None:
        return self.winners[0] if self.over else None

    def tally_line(self) -> str:
        """``hands won: A 1 · B 0 (2 needed)``."""
        a, b = self.side_letters
        return f"hands won: {a} {self.won[0]} · {b} {self.won[1]} ({self.hands_to_win} needed)"

    def table(self) -> tuple[list[str], list[list[str]]]:
        """Headers (``Hand``, the game's columns, the two sides), one row per hand (``✓``
        for the winner, ``—`` twice for a tie), then the ``won`` row."""
        head = ["Hand"] + [h for _k, h in self.columns] + list(self.side_headers)
        rows = []
        for r in self.rows:
            w = r["winner"]
            marks = [TIE, TIE] if w is None else [TICK if s == w else "" for s in (0, 1)]
            rows.append([str(r["hand"])] + r["cells"] + marks)
        rows.append(["won"] + [""] * len(self.columns) + [str(n) for n in self.won])
        return head, rows

    def view(self, names=None) -> SheetView:
        """``table()`` as a table: the hand winner's cell marked ``winner`` (``tie`` in both
        side columns for a tie), the ``won`` row as the totals row (the match winner marked);
        under it the hands-won line and, at match end, the winner's line."""
        head, rows = self.table()
        k = 1 + len(self.columns)
        marks = []
        for i, r in enumerate(self.rows):
            w = r["winner"]
            if w is None:
                marks += [(i, k, TIE_MARK), (i, k + 1, TIE_MARK)]
            else:
                marks.append((i, k + w, WINNER))
        if self.over:
            marks.append((-1, k + self.winners[0], WINNER))
        lines = tuple(self.render().splitlines()[len(rows) + 2 :])
        return SheetView(
            "Hands won", tuple(head), tuple(tuple(r) for r in rows[:-1]), tuple(rows[-1]), tuple(marks), 2, lines
        )

    def render(self, aligned: bool = True) -> str:
        """The §8 drawing: the table, the hands-won line and, at match end, the winner."""
        head, rows = self.table()
        out = grid(head, rows, aligned)
        out.append(self.tally_line())
        win = self.winning_side()
        if win is not None:
            out.append(f"Game over: {self.side_headers[win]} wins, {self.won[win]} hands to {self.won[1 - win]}.")
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "hands_won", "hands_to_win", "columns": [keys], "rows": [{"hand",
        "dealer", "cells", "winner"}], "won": [a, b], "next_dealer", "hands", "over",
        "winners"}``."""
        return {
            "kind": self.kind,
            "hands_to_win": self.hands_to_win,
            "columns": [k for k, _h in self.columns],
            "rows": [dict(r, cells=list(r["cells"])) for r in self.rows],
            "won": list(self.won),
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }


#: the manille games' descriptive columns (key in ``detail["sheet_row"]``, header)
MANILLE_COLUMNS = (("dealer", "Dealer"), ("upcard", "Troef"), ("points", "Points A – B"))


def match_sheet(options: dict[str, Any], columns: Sequence[tuple[str, str]] = MANILLE_COLUMNS) -> Sheet:
    """The sheet of a manille match (manille-muette §8): ``HandsWon`` to
    ``options["hands_to_win"]`` when ``options["scoring"] == "hands"``, else ``SideTotals``
    to ``options["target"]`` (game points scored and running totals), with a ``winner``
    column (``A ✓`` / ``B ✓`` / ``—``) added to ``columns``."""
    if options.get("scoring", "hands") == "excess":
        return SideTotals(options["target"], columns=tuple(columns) + (("winner", "Won"),))
    return HandsWon(options["hands_to_win"], columns=columns)


__all__ = ["HandsWon", "MANILLE_COLUMNS", "TICK", "TIE", "match_sheet"]
