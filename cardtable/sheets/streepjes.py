"""The streepjes sheet (tally marks) of the partnership jas games (kruisjassen.md §8;
also grevjas, handjas, honderden in points mode).

Data, for two sides (side 0 = seats 0/2, side 1 = seats 1/3):

    strepen: [int, int]      strepen written per side
    carry:   [int, int]      counts carried into the next hand ([0, 0] if none)
    target:  int             strepen needed to win the game
    log:     [{hand, side, strepen, reason}, ...]   reason: claim, onder_jan, pit,
                             wrong_claim, roem, trickroem, end
    next_dealer: int         seat that deals the next hand

``record(result)`` reads a hand's ``Result.detail``:
    ``entries``: [{"side": 0|1, "strepen": n, "reason": word}, ...]  (what is written)
    ``carry``: [a, b]  (counts the next hand starts with)
    ``next_dealer``: int
and then applies the game end of kruisjassen §7.5: once a side has ``target`` strepen the
side with more strepen wins; equal strepen at or above the target: play on.
"""

from __future__ import annotations

import re
from typing import Any

from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet, tally

SIDE_LABELS = ("0/2", "1/3")


#: The reasons a streepjes sheet writes (§8 of its rules), in a reader's words.
STREEPJES_REASONS = {
    "wrong_claim": "wrong claim",
    "trickroem": "trick roem",
    "onder_jan": "onder jan",
    "end": "played out",
}
_STREEP_ENTRY = re.compile(r"\b(\d+) (claim|wrong_claim|end|pit|roem|trickroem|onder_jan)\b")


def streepjes_words(cell: str, side: int | None = None) -> str:
    """A streepjes sheet cell (``2 claim, 1 roem``) in words, written in the column of
    ``side`` (0 = 0/2, 1 = 1/3; None: not known). A wrong claim is the other side's, so it
    names them: ``1 wrong claim by 1/3``. A claim (correct or wrong) or a played-out hand
    worth 2 strepen was won against a side onder jan (§7.2, §7.4 of its rules), always the
    other side, which the sheet writes as one entry of 2: ``2 claim (1/3 onder jan)``,
    ``2 wrong claim by 1/3 (onder jan)``; without ``side``: ``2 claim (onder jan)``."""
    other = None if side is None else SIDE_LABELS[1 - side]

    def sub(m: re.Match) -> str:
        n, reason = m.group(1), m.group(2)
        word = STREEPJES_REASONS.get(reason, reason)
        if reason == "wrong_claim" and other is not None:
            word += f" by {other}"
        if reason in ("claim", "wrong_claim", "end") and n == "2":
            who = other if other is not None and reason != "wrong_claim" else ""
            word += f" ({who} onder jan)".replace("( ", "(")
        return f"{n} {word}"

    return _STREEP_ENTRY.sub(sub, cell)


class Streepjes(Sheet):
    """Strepen per side, the carried counts and the log of what was written."""

    kind = "streepjes"
    unit = "strepen"
    unit_decimals = 1

    def __init__(self, n_seats: int = 4, target: int = 11, first_dealer: int = 0):
        super().__init__(n_seats, first_dealer)
        self.target = target
        self.strepen = [0, 0]
        self.carry = [0, 0]
        self.log: list[dict[str, Any]] = []

    def seat_totals(self) -> tuple[int, ...]:
        """Strepen of each seat's side (seats 0 & 2: side 0)."""
        return tuple(self.strepen[s % 2] for s in range(self.n_seats))

    def carried(self) -> tuple[int, ...]:
        """The counts the next hand starts with, per side ([0, 0] when nothing is carried)."""
        return tuple(self.carry)

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand: its entries, the carry and the next dealer; then check the
        game end (§7.5). ``result.detail`` must hold ``entries``, ``carry``, ``next_dealer``."""
        d = result.detail
        self.hands += 1
        for e in d.get("entries", ()):
            n = int(e["strepen"])
            if n <= 0:
                continue
            side = int(e["side"])
            self.strepen[side] += n
            self.log.append({"hand": self.hands, "side": side, "strepen": n, "reason": e["reason"]})
        self.carry = [int(x) for x in d.get("carry", (0, 0))]
        if "next_dealer" in d:
            self.next_dealer = int(d["next_dealer"])
        self._check_end()

    def _check_end(self) -> None:
        a, b = self.strepen
        self._end_at(a, b, self.target)

    # -- drawing --
    def render(self) -> str:
        """The §8 drawing: ``0/2: ||||/ || (7)``, ``1/3: ||| (3)`` and, only when counts are
        carried, ``carry: 78 - 68``."""
        lines = [f"{SIDE_LABELS[s]}: {tally(self.strepen[s])} ({self.strepen[s]})" for s in (0, 1)]
        if any(self.carry):
            lines.append(f"carry: {self.carry[0]} - {self.carry[1]}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "strepen": list(self.strepen),
            "carry": list(self.carry),
            "target": self.target,
            "log": [dict(e) for e in self.log],
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }

    def view(self, names=None) -> SheetView:
        """``table()`` as a table (the ``total`` row holds the tallies; the winner's marked
        once the game is over) and the carry line of ``render()`` under it."""
        head, rows = self.table()
        rows = [[self.cell_words(str(c), i) for i, c in enumerate(r)] for r in rows]  # the reader's words
        marks = tuple((-1, 1 + w, WINNER) for w in (self.winners[:1] if self.over else ()))
        lines = tuple(ln for ln in self.render().splitlines() if ln.startswith("carry"))
        return SheetView("Streepjes", tuple(head), tuple(tuple(r) for r in rows[:-1]), tuple(rows[-1]), marks, 2, lines)

    def cell_words(self, cell: str, column: int | None = None) -> str:
        """``streepjes_words``: the reasons in words, who claimed wrongly and who was onder
        jan, for a cell of ``table()``'s ``column`` (1 = 0/2, 2 = 1/3; others: no side)."""
        return streepjes_words(cell, column - 1 if column in (1, 2) else None)

    def table(self) -> tuple[list[str], list[list[str]]]:
        """Headers ``hand``, ``0/2``, ``1/3``; one row per hand that wrote strepen (the
        reasons in brackets), a carry row when counts are carried, and a totals row."""
        headers = ["hand", SIDE_LABELS[0], SIDE_LABELS[1]]
        rows: list[list[str]] = []
        by_hand: dict[int, list[list[str]]] = {}
        for e in self.log:
            cells = by_hand.setdefault(e["hand"], [[], []])
            cells[e["side"]].append(f"{e['strepen']} {e['reason']}")
        for h in sorted(by_hand):
            a, b = by_hand[h]
            rows.append([str(h), ", ".join(a), ", ".join(b)])
        if any(self.carry):
            rows.append(["carry", str(self.carry[0]), str(self.carry[1])])
        rows.append(
            ["total", f"{tally(self.strepen[0])} ({self.strepen[0]})", f"{tally(self.strepen[1])} ({self.strepen[1]})"]
        )
        return headers, rows


__all__ = ["Streepjes", "SIDE_LABELS"]
