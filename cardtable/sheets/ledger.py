"""The stake ledger (docs/grammar.md, "Score sheets": Ledger; defined in manille.md §8, whose
ledger has the most columns; a tonk spec (no game here yet) draws the same kind).

One row per hand (deal), one column per player: each cell is that player's net result of
the hand in stake units (``+6``, ``−2``, ``0``); a balance row under it gives each player's
running balance. Every row, and so the balance row, sums to 0: ``record`` refuses a hand
that does not.

Data:

    rows:    [{hand, dealer, info, amounts, balance}, ...]   info: the game's own cells
    balance: [int, ...]                                       per seat, sums to 0
    max_hands: int                                            hands in the match
    next_dealer, hands, over, winners                         as every Sheet

``record(result)`` reads ``result.points`` (one int per seat: the hand's net amounts, in
units) and from ``result.detail``: ``dealer`` (default: the sheet's ``next_dealer``),
``next_dealer`` (default: the seat after the dealer), ``ledger_info`` (one cell per
``info_columns`` entry; default: the outcome in the first column). A cell is a text, an
int meaning a seat (drawn as the seat's name when names are given, else ``seat N``), or a
template naming seats, ``{"template": "{0} knocked, {1} lowest", "seats": [1, 2]}``, in the
log's syntax (``views.LogEvent``), drawn with the seats' names and the seat named You in the
second person (tonk.md §8: ``Bram knocked, Cor lowest``).

The sheet checks itself: ``record`` refuses a row that does not sum to 0, and ``problems()``
lists every row and the balance that do not (or a balance that is not the sum of its rows).

The match ends after ``max_hands`` hands, void and passed-out deals included; the highest
balance wins, equal highest balances share the win (tonk.md §8, manille.md §7.5).

Drawing (``render``): a header line ``Deal 3 of 6`` (the deal in play, or the last one
once the match is over), then the table with a ``balance`` row, the amounts written with
a sign (``+4``, ``−2``, U+2212 as in the specs, ``0``), and once the match is over a line
naming the winner(s).
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import WINNER, LogEvent, SheetView, is_you, render
from cardtable.sheets.base import Sheet, grid

MINUS = "\u2212"


def signed(n: int) -> str:
    """An amount with its sign: ``+4``, ``−2`` (U+2212), ``0``."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"


class Ledger(Sheet):
    """The zero-sum stake ledger.

    Parameters: ``n_seats``; ``max_hands`` (hands in the match, >= 1); ``info_columns``
    (headers of the game's own cells between the dealer and the players, e.g.
    ``("how it ended",)`` for tonk, ``("declarer", "k", "trump", "points", "v")`` for
    manille); ``label`` (the first header and the header word: ``hand`` or ``deal``);
    ``first_dealer``.
    """

    kind = "ledger"
    unit = "stake units"
    unit_decimals = 2

    def __init__(
        self,
        n_seats: int,
        max_hands: int,
        info_columns: Sequence[str] = ("how it ended",),
        label: str = "hand",
        first_dealer: int = 0,
    ):
        if max_hands < 1:
            raise ValueError("a ledger match needs at least one hand")
        super().__init__(n_seats, first_dealer)
        self.max_hands = max_hands
        self.info_columns = tuple(info_columns)
        self.label = label
        self.balance: list[int] = [0] * n_seats
        self.rows: list[dict[str, Any]] = []

    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's balance in stake units (they sum to 0)."""
        return tuple(self.balance)

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand's amounts; then next dealer, over and winners.

        Raises ValueError if the match is already over, the amounts have the wrong length,
        are not whole numbers or do not sum to 0, or the info cells do not fit the columns.
        """
        if self.over:
            raise ValueError("the match is already over")
        amounts = list(result.points)
        if len(amounts) != self.n_seats:
            raise ValueError(f"expected {self.n_seats} amounts, got {len(amounts)}")
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in amounts):
            raise ValueError(f"ledger amounts are whole stake units, not {amounts}")
        if sum(amounts) != 0:
            raise ValueError(f"a ledger row must sum to 0: {amounts} sums to {sum(amounts)}")
        detail = result.detail or {}
        dealer = int(detail.get("dealer", self.next_dealer))
        info = detail.get("ledger_info")
        if info is None:
            info = [result.outcome] + [""] * (len(self.info_columns) - 1) if self.info_columns else []
        info = list(info)
        if len(info) != len(self.info_columns):
            raise ValueError(f"expected {len(self.info_columns)} info cells {self.info_columns}, got {info}")
        for i, a in enumerate(amounts):
            self.balance[i] += a
        if sum(self.balance) != 0:  # pragma: no cover - rows that sum to 0 keep it so
            raise ValueError(f"the ledger's balance must sum to 0: {self.balance}")
        self.hands += 1
        self.rows.append(
            {"hand": self.hands, "dealer": dealer, "info": info, "amounts": amounts, "balance": list(self.balance)}
        )
        self.next_dealer = int(detail.get("next_dealer", (dealer + 1) % self.n_seats))
        if self.hands >= self.max_hands:
            self.over = True
            best = max(self.balance)
            self.winners = [i for i, b in enumerate(self.balance) if b == best]

    def problems(self) -> list[str]:
        """What is wrong with the ledger as written, one sentence each (``[]`` if nothing): a
        row whose amounts do not sum to 0, a row's balance that is not the running sum of the
        rows so far, a balance that does not sum to 0 (tonk.md §8: the app checks it)."""
        out = []
        running = [0] * self.n_seats
        for r in self.rows:
            if sum(r["amounts"]) != 0:
                out.append(f"{self.label} {r['hand']}: the amounts {r['amounts']} sum to {sum(r['amounts'])}, not 0")
            running = [b + a for b, a in zip(running, r["amounts"])]
            if list(r["balance"]) != running:
                out.append(f"{self.label} {r['hand']}: the balance {r['balance']} is not the sum of the rows {running}")
        if list(self.balance) != running:
            out.append(f"the balance {self.balance} is not the sum of the rows {running}")
        if sum(self.balance) != 0:
            out.append(f"the balance {self.balance} sums to {sum(self.balance)}, not 0")
        return out

    @property
    def deal_number(self) -> int:
        """The deal in play (1-based): hands recorded + 1, or the last one once over."""
        return min(self.hands + 1, self.max_hands) if not self.over else self.hands

    # -- reading --
    def _seat(self, seat: int, names: Sequence[str] | None) -> str:
        if names and 0 <= seat < len(names):
            return str(names[seat])
        return f"seat {seat}"

    def _cell(self, cell: Any, names: Sequence[str] | None) -> str:
        if isinstance(cell, int) and not isinstance(cell, bool):
            return self._seat(cell, names)
        if isinstance(cell, dict) and "template" in cell:
            seats = [int(s) for s in cell.get("seats", [])]
            all_names = [self._seat(s, names) for s in range(self.n_seats)]
            you = next((s for s, x in enumerate(all_names) if is_you(x)), None)
            try:
                return render(LogEvent("sheet", str(cell["template"]), seats), all_names, you)
            except (IndexError, ValueError):
                return str(cell["template"])
        return "" if cell is None else str(cell)

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers (label, ``dealer``, the info columns, one per player: ``names`` or
        ``seat i``) and one row of text cells per hand, then the ``balance`` row."""
        players = [self._seat(i, names) for i in range(self.n_seats)]
        head = [self.label, "dealer", *self.info_columns, *players]
        rows = []
        for r in self.rows:
            rows.append(
                [
                    str(r["hand"]),
                    self._seat(r["dealer"], names),
                    *(self._cell(c, names) for c in r["info"]),
                    *(signed(a) for a in r["amounts"]),
                ]
            )
        rows.append(["balance", "", *([""] * len(self.info_columns)), *(signed(b) for b in self.balance)])
        return head, rows

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """``table(names)`` as a table (amounts with their sign, the ``balance`` row as the
        totals row, the winners' balances marked); the lines: ``Deal 3 of 6`` and, once the
        match is over, the winner's line."""
        head, rows = self.table(names)
        k = 2 + len(self.info_columns)
        marks = tuple((-1, k + w, WINNER) for w in self.winners) if self.over else ()
        drawing = self.render(names).splitlines()
        return SheetView(
            "Ledger",
            tuple(head),
            tuple(tuple(r) for r in rows[:-1]),
            tuple(rows[-1]),
            marks,
            self.n_seats,
            (drawing[0],) + tuple(drawing[len(rows) + 3 :]),
        )

    def render(self, names: Sequence[str] | None = None) -> str:
        """The §8 drawing: ``Deal 3 of 6``, the aligned table with its balance row, and a
        winner line once the match is over."""
        head, rows = self.table(names)
        out = [
            f"{self.label.capitalize()} {self.deal_number} of {self.max_hands}"
            + (" (match over)" if self.over else ""),
            *grid(head, rows),
        ]
        if self.over:
            who = [self._seat(w, names) for w in self.winners]
            best = self.balance[self.winners[0]]
            out.append(f"Match over: {' and '.join(who)} {'win' if len(who) > 1 else 'wins'} with {signed(best)}.")
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "ledger", "label", "max_hands", "info_columns", "rows": [{"hand",
        "dealer", "info", "amounts", "balance"}], "balance", "next_dealer", "hands", "over",
        "winners"}``; amounts in stake units."""
        return {
            "kind": self.kind,
            "label": self.label,
            "max_hands": self.max_hands,
            "info_columns": list(self.info_columns),
            "rows": [
                dict(r, info=list(r["info"]), amounts=list(r["amounts"]), balance=list(r["balance"])) for r in self.rows
            ],
            "balance": list(self.balance),
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }


__all__ = ["Ledger", "MINUS", "signed"]
