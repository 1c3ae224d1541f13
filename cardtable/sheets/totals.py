"""The running-totals sheet: one row per hand, one column per seat, cells ``hand / total``.

Defined in klassieke-rummy.md §8 (a hand won by a rummy is marked ``R``), used the same way
by basis-rummy (§8, the dealer shown with the hand number) and boathouse-rummy (§8, also
with penalty scoring: lowest total wins). Rendering of klassieke-rummy's example:

    | Hand | Seat 0 | Seat 1 | Seat 2 |
    |---|---|---|---|
    | 1 | 0 / 0 | 48 / 48 | 0 / 0 |
    | 2 (R) | 0 / 0 | 0 / 48 | 70 / 70 |

``render()`` pads the columns so they line up in a terminal (``render(aligned=False)``
gives the spec's text verbatim); ``table()`` gives the same cells for a table widget.

Game end (klassieke-rummy.md §7): after a hand, if ``target_score`` is set and a running
total is at least the target, the match is over; otherwise, if ``max_hands`` hands have been
played, it is over. The best total wins (highest, or lowest with ``lowest_wins``); equal
best totals share the win.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import RUMMY, VOID, WINNER, LogEvent, SheetView, is_you, render
from cardtable.sheets.base import Sheet, grid


class TotalsSheet(Sheet):
    """Running totals in points.

    Parameters: ``n_seats``; ``target_score`` (points, or None for no target);
    ``max_hands`` (or None); ``lowest_wins`` (penalty scoring: the lowest total wins);
    ``show_dealer`` (write ``1 (0)``: hand number and dealer seat, basis-rummy §8);
    ``mark_rummy`` (write ``(R)`` after the hand number when ``result.detail["rummy"]``);
    ``first_dealer`` (seat that deals hand 1).

    ``record(result)`` reads ``result.points`` (one int per seat) and from ``result.detail``
    ``dealer``, ``next_dealer`` (default: the dealer after the recorded one, clockwise),
    ``rummy`` (bool) and ``outcome`` ``void`` (written ``(void)``).
    """

    kind = "totals"
    unit = "points"
    unit_decimals = 0

    def __init__(
        self,
        n_seats: int,
        target_score: int | None = None,
        max_hands: int | None = None,
        lowest_wins: bool = False,
        show_dealer: bool = False,
        mark_rummy: bool = True,
        first_dealer: int = 0,
    ):
        super().__init__(n_seats, first_dealer)
        self.target_score = target_score
        self.max_hands = max_hands
        self.lowest_wins = lowest_wins
        self.show_dealer = show_dealer
        self.mark_rummy = mark_rummy
        self.totals: list[int] = [0] * n_seats
        self.rows: list[dict[str, Any]] = []

    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's running total in points."""
        return tuple(self.totals)

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand: its points per seat; then decide next dealer, over, winners.

        Raises ValueError if the match is already over or the points have the wrong length.
        """
        if self.over:
            raise ValueError("the match is already over")
        pts = [int(p) for p in result.points]
        if len(pts) != self.n_seats:
            raise ValueError(f"expected {self.n_seats} hand scores, got {len(pts)}")
        detail = result.detail or {}
        dealer = detail.get("dealer", self.next_dealer)
        for i, p in enumerate(pts):
            self.totals[i] += p
        self.hands += 1
        self.rows.append(
            {
                "hand": self.hands,
                "dealer": dealer,
                "points": pts,
                "totals": list(self.totals),
                "rummy": bool(detail.get("rummy", False)),
                "void": result.outcome == "void",
            }
        )
        self.next_dealer = detail.get("next_dealer", (dealer + 1) % self.n_seats)
        reached = self.target_score is not None and any(t >= self.target_score for t in self.totals)
        if reached or (self.max_hands is not None and self.hands >= self.max_hands):
            self.over = True
            best = min(self.totals) if self.lowest_wins else max(self.totals)
            self.winners = [i for i, t in enumerate(self.totals) if t == best]

    # -- reading --
    def _label(self, row: dict[str, Any]) -> str:
        text = str(row["hand"])
        if self.show_dealer:
            text += f" ({row['dealer']})"
        if row["void"]:
            text += " (void)"
        elif self.mark_rummy and row["rummy"]:
            text += " (R)"
        return text

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers (``Hand`` or ``Hand (dealer)``, then one per seat: ``names`` or
        ``Seat i``) and one row of text cells per hand (``48 / 48``)."""
        head = ["Hand (dealer)" if self.show_dealer else "Hand"]
        head += list(names) if names else [f"Seat {i}" for i in range(self.n_seats)]
        rows = [[self._label(r)] + [f"{p} / {t}" for p, t in zip(r["points"], r["totals"])] for r in self.rows]
        return head, rows

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """``table(names)`` as a table (no totals row: the last cell of a column is the
        total): a rummy or void hand's label marked, the winners' last cells marked once the
        match is over; under it the winner's line."""
        head, rows = self.table(names)
        marks = [
            (i, 0, VOID if r["void"] else RUMMY)
            for i, r in enumerate(self.rows)
            if r["void"] or (self.mark_rummy and r["rummy"])
        ]
        if self.over and rows:
            marks += [(len(rows) - 1, 1 + w, WINNER) for w in self.winners]
        lines = tuple(self.render(names).splitlines()[len(rows) + 2 :])
        return SheetView(
            "Running totals", tuple(head), tuple(tuple(r) for r in rows), None, tuple(marks), self.n_seats, lines
        )

    def render(self, names: Sequence[str] | None = None, aligned: bool = True) -> str:
        """The sheet as a text table (klassieke-rummy.md §8), one line per hand, and a last
        line naming the winner(s) once the match is over."""
        head, rows = self.table(names)
        out = grid(head, rows, aligned)
        if self.over:
            who = [names[w] if names else f"Seat {w}" for w in self.winners]
            best = self.totals[self.winners[0]] if self.winners else 0
            out.append(f"Game over: {' and '.join(who)} {'win' if len(who) > 1 else 'wins'} with {best}.")
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "totals", "target_score", "max_hands", "lowest_wins", "rows": [{"hand",
        "dealer", "points", "totals", "rummy", "void"}], "totals", "next_dealer", "over",
        "winners"}``; points in points."""
        return {
            "kind": self.kind,
            "target_score": self.target_score,
            "max_hands": self.max_hands,
            "lowest_wins": self.lowest_wins,
            "rows": [dict(r, points=list(r["points"]), totals=list(r["totals"])) for r in self.rows],
            "totals": list(self.totals),
            "next_dealer": self.next_dealer,
            "over": self.over,
            "winners": list(self.winners),
        }


class HandScoresSheet(TotalsSheet):
    """Hand scores with a totals row (klop-rummy.md §8, also jersey-gin §8): one row per hand
    with the hand number, the dealer, the result (``Bram knocks, wins``) and each seat's hand
    score; a ``total`` row under them; the target in the title (``to 250``).

    ``record(result)`` reads, besides what ``TotalsSheet`` reads, ``detail["sheet_result"]``
    (a template naming seats ``{0}``, ``{1}``, in the log's syntax: ``views.LogEvent``) and
    ``detail["sheet_seats"]`` (those seats)."""

    kind = "hand_scores"

    def record(self, result) -> None:
        """``TotalsSheet.record`` and the row's result cell; ValueError as there."""
        super().record(result)
        detail = result.detail or {}
        self.rows[-1]["result"] = str(detail.get("sheet_result", result.outcome))
        self.rows[-1]["result_seats"] = [int(s) for s in detail.get("sheet_seats", [])]

    def _name(self, seat: int, names: Sequence[str] | None) -> str:
        return names[seat] if names else f"Seat {seat}"

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers ``Hand``, ``Dealer``, ``Result`` and one per seat; one row per hand (the hand
        scores), then the ``total`` row. The result cell is its template rendered as a log line
        (``views.render``): a seat named ``You`` (the table's single human) reads ``You knock``,
        ``beaten by you``."""
        head = ["Hand", "Dealer", "Result"]
        head += [self._name(s, names) for s in range(self.n_seats)]
        all_names = [self._name(s, names) for s in range(self.n_seats)]
        you = next((s for s, x in enumerate(all_names) if is_you(x)), None)
        rows = []
        for r in self.rows:
            text = r.get("result", "")
            try:
                cell = render(LogEvent("sheet", text, r.get("result_seats", [])), all_names, you)
            except (IndexError, ValueError):
                cell = text
            rows.append([str(r["hand"]), self._name(r["dealer"], names), cell] + [str(p) for p in r["points"]])
        rows.append(["total", "", ""] + [str(t) for t in self.totals])
        return head, rows

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """``table(names)`` with its totals row; a void hand's label marked, the winners'
        totals marked once the match is over; the target and the winner's line under it."""
        head, rows = self.table(names)
        marks = [(i, 0, VOID) for i, r in enumerate(self.rows) if r["void"]]
        if self.over:
            marks += [(-1, 3 + w, WINNER) for w in self.winners]
        lines = tuple(self.render(names).splitlines()[len(rows) + 2 :])
        return SheetView(
            f"Scores (to {self.target_score})",
            tuple(head),
            tuple(tuple(r) for r in rows[:-1]),
            tuple(rows[-1]),
            tuple(marks),
            self.n_seats,
            lines,
        )

    def render(self, names: Sequence[str] | None = None, aligned: bool = True) -> str:
        """The §8 table with its totals row, then ``to 250`` and, once over, the winner."""
        text = super().render(names, aligned)
        lines = text.splitlines()
        n = len(self.rows) + 3
        return "\n".join(lines[:n] + [f"to {self.target_score}"] + lines[n:])

    def to_json(self) -> dict[str, Any]:
        """``TotalsSheet.to_json`` with ``kind`` ``hand_scores``; each row also holds ``result``
        and ``result_seats``."""
        return super().to_json()
