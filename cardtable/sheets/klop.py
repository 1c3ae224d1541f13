"""Klop's sheet (klop.md §8): a table of hands with the dealer, the trump and the maker (a
nat maker marked ``*``), one column per player, thrown-in rows, a claim row and the running
totals to the target (500). Rendering of §8's example:

      hand  dealer  trump  maker │  Anna  │  Bert
      ───────────────────────────┼────────┼───────
         1  Anna    ♥      Bert  │    45  │   143
         2  Bert    ♠      Anna* │     0  │   167      * = maker was nat
         3  Bert    –      –     │     –  │     –      thrown in; Anna deals hand 4
      ───────────────────────────┼────────┼───────
      total                      │    45  │   310

A claim is a last line ``claim: <name> (total + roem = N)``.

``record(result)`` reads ``result.points`` (what each seat writes) and from
``result.detail``: ``dealer``, ``next_dealer``, ``maker``, ``trump``, ``hand_scores``,
``nat``, ``thrown_in`` and ``claim`` (``{"seat", "value", ...}`` or None). Game end (§7):
a claim wins at once; after a hand the highest total above ``target`` wins, equal highest
totals play on.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS
from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet

DASH = "\u2013"
BAR = "\u2502"
RULE = "\u2500"
CROSS = "\u253c"


class KlopSheet(Sheet):
    """The table of hands to ``target`` (see the module docstring). Data: ``totals`` per
    seat, ``rows`` (one dict per hand as §8's ``hands``), ``claim`` (the claim row's data
    or None)."""

    kind = "klop"
    unit = "points"
    title = "Klop"

    def __init__(self, n_seats: int, target: int = 500, first_dealer: int = 0):
        super().__init__(n_seats, first_dealer)
        self.target = target
        self.totals: list[int] = [0] * n_seats
        self.rows: list[dict[str, Any]] = []
        self.claim: dict[str, Any] | None = None

    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's running total in points."""
        return tuple(self.totals)

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand (§7, §8); then the next dealer, ``over`` and ``winners``.

        Raises ValueError if the match is already over or the points have the wrong length."""
        if self.over:
            raise ValueError("the match is already over")
        pts = [int(p) for p in result.points]
        if len(pts) != self.n_seats:
            raise ValueError(f"expected {self.n_seats} hand scores, got {len(pts)}")
        d = result.detail or {}
        dealer = int(d.get("dealer", self.next_dealer))
        self.hands += 1
        claim = d.get("claim")
        if claim is not None:
            self.claim = {"hand": self.hands, "seat": int(claim["seat"]), "value": int(claim["value"])}
            self.over = True
            self.winners = [int(claim["seat"])]
            return
        for i, p in enumerate(pts):
            self.totals[i] += p
        self.rows.append(
            {
                "hand": self.hands,
                "dealer": dealer,
                "maker": d.get("maker"),
                "trump": d.get("trump"),
                "H": list(d.get("hand_scores", pts)),
                "scored": pts,
                "nat": bool(d.get("nat", False)),
                "thrown_in": bool(d.get("thrown_in", False)),
                "claim": None,
            }
        )
        self.next_dealer = int(d.get("next_dealer", (dealer + 1) % self.n_seats))
        above = [t for t in self.totals if t > self.target]
        if above:
            best = max(self.totals)
            holders = [s for s, t in enumerate(self.totals) if t == best]
            if len(holders) == 1:
                self.over = True
                self.winners = holders
                return
        self.over = False
        self.winners = []

    # -- reading --
    def _names(self, names: Sequence[str] | None) -> list[str]:
        return list(names) if names else [f"Seat {s}" for s in range(self.n_seats)]

    def _row_cells(self, r: dict[str, Any], nm: list[str]) -> list[str]:
        if r["thrown_in"]:
            return [str(r["hand"]), nm[r["dealer"]], DASH, DASH] + [DASH] * self.n_seats
        trump = SUIT_SYMBOLS[SUIT_LETTERS.index(r["trump"])] if r["trump"] else DASH
        maker = DASH if r["maker"] is None else nm[r["maker"]] + ("*" if r["nat"] else "")
        return [str(r["hand"]), nm[r["dealer"]], trump, maker] + [str(p) for p in r["scored"]]

    def _notes(self, r: dict[str, Any], nm: list[str], i: int) -> str:
        if r["thrown_in"]:
            nxt = self.rows[i + 1]["dealer"] if i + 1 < len(self.rows) else self.next_dealer
            return f"thrown in; {nm[nxt]} deals hand {r['hand'] + 1}"
        if r["nat"] and not any(x["nat"] for x in self.rows[:i]):
            return "* = maker was nat"
        return ""

    def _tail(self, nm: list[str]) -> list[str]:
        out = []
        if self.claim is not None:
            out.append(f"claim: {nm[self.claim['seat']]} (total + roem = {self.claim['value']})")
        if self.over and self.winners:
            w = self.winners[0]
            how = "by the claim" if self.claim is not None else f"with {self.totals[w]}"
            out.append(f"{nm[w]} wins {how}")
        else:
            out.append(f"to more than {self.target}")
        return out

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers ``hand``, ``dealer``, ``trump``, ``maker`` and one per seat; a row per hand
        (the written scores, ``–`` in a thrown-in row, the nat maker with ``*``), then the
        ``total`` row."""
        nm = self._names(names)
        head = ["hand", "dealer", "trump", "maker"] + nm
        rows = [self._row_cells(r, nm) for r in self.rows]
        rows.append(["total", "", "", ""] + [str(t) for t in self.totals])
        return head, rows

    def render(self, names: Sequence[str] | None = None) -> str:
        """The §8 drawing (see the module docstring), the claim row and the winner or the
        target under it."""
        nm = self._names(names)
        dw = max([6] + [len(x) for x in nm])
        mw = max([6] + [len(x) + 2 for x in nm])
        ws = [max(6, len(x) + 2) for x in nm]
        n = self.n_seats

        def left(cells: Sequence[str]) -> str:
            a, b, c, d = cells
            return f"  {a:>4}  {b:<{dw}}  {c:<5}  {d:<{mw}}"

        def right(cells: Sequence[str]) -> str:
            parts = [f"{v:>{ws[i]}}" + ("  " if i < n - 1 else "") for i, v in enumerate(cells)]
            return BAR + BAR.join(parts)

        width = len(left(["", "", "", ""]))
        rule = (
            "  " + RULE * (width - 2) + CROSS + CROSS.join(RULE * (ws[i] + (2 if i < n - 1 else 1)) for i in range(n))
        )
        lines = [left(["hand", "dealer", "trump", "maker"]) + right(nm)]
        lines.append(rule)
        for i, r in enumerate(self.rows):
            cells = self._row_cells(r, nm)
            line = left(cells[:4]) + right(cells[4:])
            note = self._notes(r, nm, i)
            lines.append(line + ("      " + note if note else ""))
        lines.append(rule)
        lines.append(f"  {'total':<{width - 2}}" + right([str(t) for t in self.totals]))
        lines += self._tail(nm)
        return "\n".join(x.rstrip() for x in lines)

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """The §8 drawing as it is (a free drawing: ``render(names)``'s lines, monospace),
        titled with the target; ``marks`` holds ``(-1, 4 + seat, "winner")`` for the winner
        once the game is over (its column of the drawing, as the boom marks its side)."""
        marks = tuple((-1, 4 + w, WINNER) for w in (self.winners if self.over else ()))
        return SheetView(
            f"Klop (to more than {self.target})", marks=marks, lines=tuple(self.render(names).splitlines())
        )

    def to_json(self) -> dict[str, Any]:
        """§8's ``KlopSheet``: ``{"kind": "klop", "players": [seat names ``Seat i``],
        "target", "hands": [{"hand", "dealer", "maker", "trump", "H", "scored", "nat",
        "thrown_in", "claim"}], "claim" (``{"hand", "seat", "value"}`` or None), "totals",
        "winner" (a seat or None), "next_dealer", "over", "winners"}``."""
        return {
            "kind": self.kind,
            "players": self._names(None),
            "target": self.target,
            "hands": [dict(r, H=list(r["H"]), scored=list(r["scored"])) for r in self.rows],
            "claim": None if self.claim is None else dict(self.claim),
            "totals": list(self.totals),
            "winner": self.winners[0] if self.over and self.winners else None,
            "next_dealer": self.next_dealer,
            "over": self.over,
            "winners": list(self.winners),
        }


__all__ = ["KlopSheet"]
