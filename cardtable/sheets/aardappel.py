"""The streepjes-and-aardappels sheet of Handjas (handjas.md §7.3-§7.4, §8): one column per
player, strepen as tally marks, potatoes (aardappels) that a later streep pays off.

Data (``to_json``):

    kind: "aardappels"
    players: [{strepen: int, open: int, cancelled: int}, ...]   one per seat
    totals:  [int, ...]                  net per seat: strepen - open aardappels
    target:  int                         strepen needed to win (with no open aardappel)
    log:     [{hand, seat, strepen, aardappels}, ...]   what each hand earned per seat
    next_dealer, hands, over, winners

``record(result)`` reads a hand's ``Result.detail``: ``strepen`` (earned per seat),
``aardappels`` (per seat, 0 or 1), ``points`` (hand points per seat, for the tie-break,
None for a seat that sat out) and ``next_dealer``. Each streep first cancels an open
aardappel (§7.3); then the game end of §7.4.

Drawing (``render``), one line per seat: ``<seat>: <tally>[ <potatoes>] (<net>)``, the
tally as in kruisjassen §8 (``-`` for none), ``Ø`` per cancelled and ``O`` per open
aardappel, net = strepen - open: ``1: ||||/ || Ø (7)``, ``0: - OOO (-3)``.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet, tally


def potatoes(cancelled: int, open_: int) -> str:
    """``Ø`` per cancelled aardappel, then ``O`` per open one (``""`` for none)."""
    return "\u00d8" * cancelled + "O" * open_


#: The marks of the sheet in words, drawn under it (``SheetView.legend``).
AARDAPPEL_LEGEND = (
    "| a streep \u00b7 O an aardappel (a potato: a penalty, still open) \u00b7 "
    "\u00d8 an aardappel paid off by a streep \u00b7 (n) strepen less open aardappels"
)


class Aardappels(Sheet):
    """Strepen and aardappels per seat (handjas §8)."""

    kind = "aardappels"
    unit = "strepen"
    unit_decimals = 1
    title = "Streepjes en aardappels"

    def __init__(self, n_seats: int, target: int = 7, first_dealer: int = 0):
        super().__init__(n_seats, first_dealer)
        self.target = target
        self.players: list[dict[str, int]] = [{"strepen": 0, "open": 0, "cancelled": 0} for _ in range(n_seats)]
        self.log: list[dict[str, int]] = []
        #: per hand recorded: per seat the cell of the table (``| |``, ``Ø |``, ``O``, ``""``)
        self.cells: list[list[str]] = []

    def net(self, seat: int) -> int:
        """Strepen minus open aardappels."""
        p = self.players[seat]
        return p["strepen"] - p["open"]

    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's net score (strepen - open aardappels)."""
        return tuple(self.net(s) for s in range(self.n_seats))

    # -- writing --
    def add(self, seat: int, strepen: int = 0, aardappels: int = 0) -> str:
        """Write ``strepen`` and ``aardappels`` for ``seat`` (§7.3): each streep cancels an
        open aardappel if there is one, else it is added; aardappels are added open.
        Returns the hand's cell for the table (``Ø`` per cancel, ``|`` per streep, ``O``)."""
        p = self.players[seat]
        cell = ""
        for _ in range(strepen):
            if p["open"]:
                p["open"] -= 1
                p["cancelled"] += 1
                cell += "\u00d8"
            else:
                p["strepen"] += 1
                cell += "|"
        p["open"] += aardappels
        cell += "O" * aardappels
        return cell

    def record(self, result) -> None:
        """Write a finished hand (``detail``: ``strepen``, ``aardappels``, ``points``,
        ``next_dealer``); then the game end of §7.4. Raises KeyError when the detail lacks
        ``strepen`` or ``aardappels``."""
        d = result.detail
        self.hands += 1
        earned, potato = d["strepen"], d["aardappels"]
        cells = []
        for s in range(self.n_seats):
            n, a = int(earned[s]), int(potato[s])
            cells.append(self.add(s, n, a))
            if n or a:
                self.log.append({"hand": self.hands, "seat": s, "strepen": n, "aardappels": a})
        self.cells.append(cells)
        if "next_dealer" in d:
            self.next_dealer = int(d["next_dealer"])
        self._check_end(d.get("points") or [None] * self.n_seats)

    def _check_end(self, points: Sequence[int | None]) -> None:
        """§7.4: the players with no open aardappel and ``target`` strepen or more; the most
        strepen, then the most points in the last hand; still equal: a shared win."""
        reached = [s for s, p in enumerate(self.players) if p["open"] == 0 and p["strepen"] >= self.target]
        if not reached:
            self.over, self.winners = False, []
            return
        top = max(self.players[s]["strepen"] for s in reached)
        reached = [s for s in reached if self.players[s]["strepen"] == top]
        pts = {s: (-1 if (p := points[s]) is None else p) for s in reached}
        best = max(pts.values())
        self.over = True
        self.winners = [s for s in reached if pts[s] == best]

    # -- drawing --
    def line(self, seat: int, label: str | None = None) -> str:
        """One seat's line of the §8 drawing: ``3: ||||/ | Ø (6)``."""
        p = self.players[seat]
        pot = potatoes(p["cancelled"], p["open"])
        mid = tally(p["strepen"]) + (" " + pot if pot else "")
        return f"{seat if label is None else label}: {mid} ({self.net(seat)})"

    def render(self, names: Sequence[str] | None = None) -> str:
        """The §8 drawing, one line per seat in seat order, labelled by the seat number or
        by ``names`` (one per seat)."""
        return "\n".join(self.line(s, None if names is None else names[s]) for s in range(self.n_seats))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "players": [dict(p) for p in self.players],
            "totals": list(self.seat_totals()),
            "target": self.target,
            "log": [dict(e) for e in self.log],
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers ``hand`` and one column per seat (``names`` or the seat numbers); one row
        per hand (``|`` per streep added, ``Ø`` per aardappel it paid off, ``O`` for a new
        aardappel); the totals row: the seat's §8 drawing without the label."""
        cols = [str(s) if names is None else names[s] for s in range(self.n_seats)]
        rows = [[str(i)] + list(c) for i, c in enumerate(self.cells, 1)]
        rows.append(["total"] + [self.line(s).split(": ", 1)[1] for s in range(self.n_seats)])
        return ["hand"] + cols, rows

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """The table (the totals row holds each seat's strepen, aardappels and net, as the
        §8 drawing writes them; the winners marked once the game is over); no lines under
        it (the drawing's lines are the totals row); the legend of ``|``, ``O``, ``Ø``."""
        head, rows = self.table(names)
        marks = tuple((-1, 1 + w, WINNER) for w in (self.winners if self.over else ()))
        return SheetView(
            self.title,
            tuple(head),
            tuple(tuple(r) for r in rows[:-1]),
            tuple(rows[-1]),
            marks,
            self.n_seats,
            (),
            AARDAPPEL_LEGEND,
        )


__all__ = ["AARDAPPEL_LEGEND", "Aardappels", "potatoes"]
