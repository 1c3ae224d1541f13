"""The event sheet of the bezique family (bezique.md §8, fildinski.md §8): the target at the
top, one line per scoring event (hand, trick, event, points) with the scorer's running total,
and a sub-total line at the end of each hand (the hand's points / the running total per
seat). Rendering of a short hand to 500:

    Bezique to 500
    | Hand | Trick | Event (to 500) | Seat 0   | Seat 1   |
    |------|-------|----------------|----------|----------|
    | 1    | 0     | seven up       | +10 = 10 |          |
    | 1    | 3     | brisques 2     |          | +20 = 20 |
    | 1    | 5     | bezique        | +40 = 50 |          |
    | 1    |       | hand 1         | 50 / 50  | 20 / 20  |

Game end (bezique.md §7.3): checked after a hand; once a total has reached the target, the
higher total wins; equal totals play another hand. All points are multiples of 10; only
their sum counts (the brisques and sevens are the seed's counters).
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet, grid

#: the words of a scoring event on the sheet (a meld kind: its id with spaces)
EVENT_WORDS = {
    "turn-up seven": "seven up",
    "seven": "seven played",
    "dix": "dix",
    "last trick": "last trick",
}


def event_words(what: str, points: int) -> str:
    """A scoring event as the sheet writes it: ``brisques 2``, ``seven up``, ``bezique``."""
    if what == "brisques":
        return f"brisques {points // 10}"
    return EVENT_WORDS.get(what, what.replace("_", " "))


class EventSheet(Sheet):
    """Running totals kept event by event (bezique.md §8).

    ``record(result)`` reads ``result.points`` (the hand's points per seat) and from
    ``result.detail``: ``events`` ([[seat, trick, what, points], ...], in order),
    ``dealer`` and ``next_dealer``. ``title``: the game's name written before the target."""

    kind = "events"
    unit = "points"

    def __init__(self, n_seats: int, target: int, title: str = "Bezique", first_dealer: int = 0):
        super().__init__(n_seats, first_dealer)
        self.target = target
        self.title = title
        self.totals: list[int] = [0] * n_seats
        self.rows: list[dict[str, Any]] = []

    def seat_totals(self) -> tuple[int, ...]:
        return tuple(self.totals)

    def record(self, result) -> None:
        """Write a finished hand: a line per event, then the sub-total; then the next dealer
        and the game end (§7.3). ValueError when the match is over or the points do not have
        one value per seat."""
        if self.over:
            raise ValueError("the match is already over")
        pts = [int(p) for p in result.points]
        if len(pts) != self.n_seats:
            raise ValueError(f"expected {self.n_seats} hand scores, got {len(pts)}")
        d = result.detail or {}
        self.hands += 1
        running = list(self.totals)
        for seat, trick, what, p in d.get("events", ()):
            running[seat] += int(p)
            self.rows.append(
                {
                    "hand": self.hands,
                    "trick": trick,
                    "seat": seat,
                    "event": what,
                    "points": int(p),
                    "total": running[seat],
                }
            )
        for i, p in enumerate(pts):
            self.totals[i] += p
        self.rows.append({"hand": self.hands, "subtotal": pts, "totals": list(self.totals)})
        self.next_dealer = d.get("next_dealer", (d.get("dealer", self.next_dealer) + 1) % self.n_seats)
        top = max(self.totals)
        if top >= self.target and self.totals.count(top) == 1:
            self.over = True
            self.winners = [self.totals.index(top)]

    # -- reading --
    def _names(self, names: Sequence[str] | None) -> list[str]:
        return list(names) if names else [f"Seat {i}" for i in range(self.n_seats)]

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers ``Hand``, ``Trick``, ``Event (to 500)`` (the target at the top) and one per
        seat; a row per event (the
        scorer's cell ``+40 = 120``) and per hand's sub-total (``250 / 1070``: the hand's
        points and the running total)."""
        head = ["Hand", "Trick", f"Event (to {self.target})"] + self._names(names)
        rows = []
        for r in self.rows:
            if "subtotal" in r:
                rows.append(
                    [str(r["hand"]), "", f"hand {r['hand']}"]
                    + [f"{p} / {t}" for p, t in zip(r["subtotal"], r["totals"])]
                )
                continue
            cells = [""] * self.n_seats
            cells[r["seat"]] = f"+{r['points']} = {r['total']}"
            rows.append([str(r["hand"]), str(r["trick"]), event_words(r["event"], r["points"])] + cells)
        return head, rows

    def _head_line(self) -> str:
        return f"{self.title} to {self.target}"

    def _end_line(self, names: Sequence[str] | None) -> str | None:
        if not self.over:
            return None
        who = self._names(names)[self.winners[0]]
        return f"Game over: {who} wins with {self.totals[self.winners[0]]}."

    def render(self, names: Sequence[str] | None = None, aligned: bool = True) -> str:
        """The §8 sheet as text: the target, the table, the winner once over."""
        head, rows = self.table(names)
        out = [self._head_line()] + grid(head, rows, aligned)
        end = self._end_line(names)
        if end:
            out.append(end)
        return "\n".join(out)

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """The table (no totals row: each hand's sub-total line carries them), the winner's
        last sub-total cell marked; the target in the title and under the table (the
        drawing's first line), the winner's line."""
        head, rows = self.table(names)
        marks: list[tuple[int, int, str]] = []
        if self.over and rows:
            marks = [(len(rows) - 1, 3 + w, WINNER) for w in self.winners]
        end = self._end_line(names)
        return SheetView(
            self._head_line(),
            tuple(head),
            tuple(tuple(r) for r in rows),
            None,
            tuple(marks),
            self.n_seats,
            ((self._head_line(),) if rows else ()) + ((end,) if end else ()),
        )

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "events", "target", "rows": [{"hand", "trick", "seat", "event",
        "points", "total"} | {"hand", "subtotal", "totals"}], "totals", "next_dealer",
        "over", "winners"}``; points in points."""
        return {
            "kind": self.kind,
            "target": self.target,
            "rows": [dict(r) for r in self.rows],
            "totals": list(self.totals),
            "next_dealer": self.next_dealer,
            "over": self.over,
            "winners": list(self.winners),
        }


__all__ = ["EVENT_WORDS", "EventSheet", "event_words"]
