"""The sheet of a contract rummy (issue 20): one row per hand, labelled with its dealer and the
hand's contract in the sheet's words, cells ``penalty / total``, lowest total wins after the
last hand. The contracts come from the game (``contracts``: hand number 1, 2 ... -> the words
of its column), one hand per contract; Amerikaans Jokeren's §8 sheet
(games/amerikaans_jokeren.py) is the first.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from cardtable.engine.views import VOID, WINNER, SheetView
from cardtable.sheets.totals import TotalsSheet


class ContractSheet(TotalsSheet):
    """The sheet of a match of ``len(contracts)`` hands: one row per hand labelled with its
    dealer and contract, cells ``penalty / total``, lowest total wins after the last hand."""

    def __init__(self, n_seats: int, contracts: Mapping[int, str]):
        super().__init__(
            n_seats, target_score=None, max_hands=len(contracts), lowest_wins=True, show_dealer=True, mark_rummy=False
        )
        #: hand number (from 1) -> its contract in the sheet's words
        self.contracts = dict(contracts)

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers ``Hand``, ``Contract``, one per seat; a row per hand: ``1 (dealer 0)``, the
        contract, ``31 / 31`` per seat."""
        head = ["Hand", "Contract"] + (list(names) if names else [f"Seat {i}" for i in range(self.n_seats)])
        rows = []
        for r in self.rows:
            label = f"{r['hand']} (dealer {r['dealer']})" + (" (void)" if r["void"] else "")
            rows.append(
                [label, self.contracts.get(r["hand"], "")] + [f"{p} / {t}" for p, t in zip(r["points"], r["totals"])]
            )
        return head, rows

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """``table(names)``; a void hand's label and the winners' last cells marked."""
        head, rows = self.table(names)
        marks = [(i, 0, VOID) for i, r in enumerate(self.rows) if r["void"]]
        if self.over and rows:
            marks += [(len(rows) - 1, 2 + w, WINNER) for w in self.winners]
        lines = tuple(self.render(names).splitlines()[len(rows) + 2 :])
        return SheetView(
            "Penalty points", tuple(head), tuple(tuple(r) for r in rows), None, tuple(marks), self.n_seats, lines
        )


__all__ = ["ContractSheet"]
