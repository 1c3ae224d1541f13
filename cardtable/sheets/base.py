"""The Sheet base class and the streepjes tally drawing."""

from __future__ import annotations

import inspect
from typing import Any, Sequence

from cardtable.engine.standing import FrozenMap, Standing
from cardtable.engine.views import SheetView, table_view


def tally(n: int) -> str:
    """Streepjes: n // 5 groups ``||||/``, then n % 5 strokes, separated by single spaces;
    ``-`` for zero (cardtable/rules/kruisjassen.md §8). Example: ``tally(7) == "||||/ ||"``."""
    if n <= 0:
        return "-"
    parts = ["||||/"] * (n // 5)
    if n % 5:
        parts.append("|" * (n % 5))
    return " ".join(parts)


def grid(head: list[str], rows: list[list[str]], aligned: bool = True) -> list[str]:
    """The lines of a pipe table: ``| a | b |`` for ``head``, a rule, then one line per row.

    ``aligned``: every column padded to its widest cell, the rule ``|---|`` as wide;
    otherwise cells unpadded and the rule ``|---|---|``. E.g. ``grid(["A", "Bb"], [["1",
    "2"]])`` is ``["| A | Bb |", "|---|----|", "| 1 | 2  |"]``.
    """
    if aligned:
        widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]

        def line(cells):
            return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

        sep = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    else:

        def line(cells):
            return "| " + " | ".join(cells) + " |"

        sep = "|" + "|".join("---" for _ in head) + "|"
    return [line(head), sep] + [line(r) for r in rows]


def unit_decimals(unit: str) -> int:
    """The decimals an amount in ``unit`` (a ``Sheet.unit``: ``strepen``, ``points`` ...) is
    written with: the ``unit_decimals`` of the sheet kind that counts in it (strepen 1, points
    0, stake units 2), the same in every game; 2 for a unit no sheet declares (a game's own
    returns)."""
    todo = list(Sheet.__subclasses__())
    while todo:
        cls = todo.pop(0)
        if cls.unit == unit and unit:
            return cls.unit_decimals
        todo += cls.__subclasses__()
    return Sheet.unit_decimals


class Sheet:
    """A match score sheet. Subclasses keep their own data and implement ``record``,
    ``render``, ``to_json`` and ``table``.

    Attributes every sheet has:
      n_seats: int; next_dealer: int (seat that deals the next hand);
      hands: int (hands recorded); over: bool; winners: list[int] (seats, once over);
      active: list[bool] (per seat: takes part in the next hand; all True unless the
      game's sheet puts a seat out or lets it sit out a deal).

    ``standing()`` is the snapshot a game deals the next hand from (engine/standing.py);
    a subclass gives its totals with ``seat_totals()`` and its carry with ``carried()``.
    """

    kind = "sheet"
    #: the unit of ``seat_totals()`` (Standing.unit)
    unit = ""
    #: the decimals a player reads an amount in ``unit`` with, fixed for the unit wherever
    #: one is written as a fraction (the review's and the hint's gains, a tournament's
    #: average): at least those of the game's ``review_floor`` (``unit_decimals``)
    unit_decimals = 2

    def __init__(self, n_seats: int, first_dealer: int = 0):
        self.n_seats = n_seats
        self.next_dealer = first_dealer
        self.hands = 0
        self.over = False
        self.winners: list[int] = []
        self.active: list[bool] = [True] * n_seats

    # -- the standing between hands --
    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's running total in ``unit`` (a side's total for both its seats);
        default all 0."""
        return (0,) * self.n_seats

    def carried(self) -> tuple[int, ...]:
        """Counts carried into the next hand (default none: ``()``)."""
        return ()

    def standing_extra(self) -> dict[str, Any]:
        """The game's own carry-over for ``Standing.extra`` (default empty)."""
        return {}

    def standing(self) -> Standing:
        """The frozen snapshot the next hand is dealt from: hands recorded, next dealer,
        ``seat_totals()``, ``unit``, ``active``, ``carried()``, ``standing_extra()``.
        Changing the sheet later does not change a standing already made."""
        return Standing(
            self.n_seats,
            hands=self.hands,
            next_dealer=self.next_dealer,
            totals=tuple(self.seat_totals()),
            unit=self.unit,
            active=tuple(self.active),
            carry=tuple(self.carried()),
            extra=FrozenMap(self.standing_extra()),
        )

    def record_between(self, result) -> None:
        """Write the outcome of a decision between hands (``Game.between_hands``; e.g. Loba's
        buy-back): ``result`` is the decision State's Result. It may change totals, ``active``,
        ``over`` and ``winners``, but is not a hand (``hands`` stays). The default refuses:
        a game that offers decisions between hands gives its sheet this method.

        Raises NotImplementedError (default) or ValueError for a result the sheet cannot write."""
        raise NotImplementedError(f"the {self.kind} sheet has no decisions between hands")

    def record(self, result) -> None:
        """Write a finished hand's Result; updates next_dealer, over and winners."""
        raise NotImplementedError

    def _end_at(self, a: int, b: int, goal: int) -> None:
        """Two sides with totals ``a`` (seats 0/2) and ``b`` (seats 1/3): the match is over
        once one reaches ``goal`` and they differ, won by the higher side (both partners at
        four seats); otherwise not over and no winners."""
        if max(a, b) >= goal and a != b:
            win = 0 if a > b else 1
            self.over = True
            self.winners = [win, win + 2] if self.n_seats == 4 else [win]
        else:
            self.over = False
            self.winners = []

    def render(self) -> str:
        """The sheet as plain text (the exact drawing the spec's §8 defines)."""
        raise NotImplementedError

    def named_text(self, names: Sequence[str] | None = None) -> str:
        """``render()`` with the seats called by ``names`` (one per seat: ``Anna``, ``Bot 1``)
        where the sheet's drawing takes names (the totals, penalty, contract and ledger
        sheets); the plain ``render()`` otherwise (a sheet of sides or a boom names no seat).
        ``cardtable replay`` prints it; ``replay --json``'s ``sheet_text`` stays ``render()``."""
        return self._with_names(self.render, names)

    def to_json(self) -> dict[str, Any]:
        """The sheet as JSON data (part of ``cardtable replay --json``, docs/records.md)."""
        raise NotImplementedError

    def table(self) -> tuple[list[str], list[list[str]]]:
        """Column headers and rows of text cells, for a table widget."""
        raise NotImplementedError

    title = ""

    def cell_words(self, cell: str, column: int | None = None) -> str:
        """A cell of ``table()`` (in its ``column``, 0-based, when known) in a reader's
        words, as ``view()`` shows it (default: as it is; the streepjes sheet writes
        ``2 claim (1/3 onder jan)`` for ``2 claim`` in the 0/2 column)."""
        return cell

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """The sheet's own drawing (``engine.views.SheetView``): by default the table of
        ``table()`` (its last row the totals row when its first cell is not a hand number)
        and, under it, the lines of ``render()`` that are not table rows. ``names`` (one per
        seat) where the sheet's ``table`` / ``render`` take them. Sheets override it to mark
        winners and to choose the lines; a free drawing (a boom) returns only ``lines``."""
        head, rows = self._with_names(self.table, names)
        drawing = self._with_names(self.render, names)
        return table_view(head, rows, drawing, title=self.title)

    @staticmethod
    def _with_names(fn, names):
        if names is not None and "names" in inspect.signature(fn).parameters:
            return fn(names=names)
        return fn()
