"""Hand penalties with a totals row, played to elimination (ramino-klop.md §8): one row per hand
with the hand number, the dealer, the result (``Dirk knocks``) and each player's penalty; a
``total`` row under them in which a player who has left reads ``101 out``; the elimination
score in the title (``out at 101``). Its drawing of the spec's table:

    | Hand | Dealer | Result      | Anna | Bram | Cor | Dirk |
    |------|--------|-------------|------|------|-----|------|
    | 1    | Anna   | Dirk knocks | 16   | 22   | 1   | 5    |
    | ...  |        |             |      |      |     |      |
    | 9    | Bram   | Cor rummy   | 12   | 4    | 0   | 15   |
    | total|        |             | 100  | 101 out | 40 | 115 out |
    out at 101

A player who has left writes ``–`` in the later rows. The rows are ``HandScoresSheet``'s
(sheets/totals.py: the result cell a log template naming seats, ``{0} knocks``).

Elimination (ramino-klop.md §7.2): after a hand every player still in whose total is at least
``limit`` is out. One player left: the match is over and he wins. Nobody left (every player
still in crossed the limit in the same hand): the lowest total among them wins, equal lowest
totals share the win. Otherwise the next dealer is the next seat still in after the hand's
dealer. A void hand writes 0 for everyone and only passes the deal on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from cardtable.engine.views import OUT_MARK, WINNER, SheetView
from cardtable.sheets.base import grid
from cardtable.sheets.totals import HandScoresSheet

DASH = "\u2013"


class EliminationScoresSheet(HandScoresSheet):
    """Hand penalties, a totals row and elimination at ``limit`` (module docstring).

    Parameters: ``n_seats``; ``limit`` (the elimination score: a total at least this leaves);
    ``first_dealer``.

    ``record(result)`` reads what ``HandScoresSheet.record`` reads (``result.points``: penalty
    points per seat, 0 for a seat that is out; ``detail["dealer"]``, ``outcome`` ``void``,
    ``sheet_result``, ``sheet_seats``). ValueError for a result it cannot write (the match over,
    the wrong length, points for a seat that is out)."""

    kind = "elimination_scores"
    unit = "penalty points"

    def __init__(self, n_seats: int, limit: int, first_dealer: int = 0):
        super().__init__(n_seats, target_score=None, lowest_wins=True, mark_rummy=False, first_dealer=first_dealer)
        self.limit = limit
        #: per seat, the hand (1, 2, ...) after which it left the game, or None while it is in
        self.out_after: list[int | None] = [None] * n_seats

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand (``HandScoresSheet.record``), then the eliminations and the
        game's end (module docstring); ValueError as the class docstring says."""
        if self.over:
            raise ValueError("the match is already over")
        pts = [int(p) for p in result.points]
        if len(pts) != self.n_seats:
            raise ValueError(f"expected {self.n_seats} hand scores, got {len(pts)}")
        for s, p in enumerate(pts):
            if p and not self.active[s]:
                raise ValueError(f"seat {s} is out of the game and cannot score {p}")
        was_in = [s for s in range(self.n_seats) if self.active[s]]
        super().record(result)
        row = self.rows[-1]
        row["active"] = [self.active[s] for s in range(self.n_seats)]
        out = [s for s in was_in if self.totals[s] >= self.limit]
        for s in out:
            self.active[s] = False
            self.out_after[s] = self.hands
        row["out"] = out
        left = [s for s in was_in if self.active[s]]
        if len(left) == 1:
            self.over, self.winners = True, left
        elif not left:
            low = min(self.totals[s] for s in was_in)
            self.over, self.winners = True, [s for s in was_in if self.totals[s] == low]
        else:
            dealer = row["dealer"]
            n = self.n_seats
            self.next_dealer = next((dealer + i) % n for i in range(1, n + 1) if self.active[(dealer + i) % n])

    # -- reading --
    def total_text(self, seat: int) -> str:
        """A seat's cell of the totals row: ``40``, or ``115 out`` once it has left."""
        t = str(self.totals[seat])
        return f"{t} out" if self.out_after[seat] is not None else t

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """``HandScoresSheet.table`` with ``–`` for a seat that had left before a hand and the
        totals row's ``101 out``."""
        head, rows = super().table(names)
        for r, row in zip(rows, self.rows):
            for s, dealt in enumerate(row.get("active", [True] * self.n_seats)):
                if not dealt:
                    r[3 + s] = DASH
        rows[-1] = ["total", "", ""] + [self.total_text(s) for s in range(self.n_seats)]
        return head, rows

    def _end_line(self, names: Sequence[str] | None) -> str | None:
        if not self.over or not self.winners:
            return None
        who = [self._name(w, names) for w in self.winners]
        if len(self.winners) == 1 and sum(1 for t in self.out_after if t is None) == 1:
            return f"Game over: {who[0]} is the last player left and wins."
        verb = "share the win" if len(who) > 1 else "wins"
        return (
            f"Game over: everybody left reached {self.limit}; {' and '.join(who)} {verb} with the lowest total, "
            f"{self.totals[self.winners[0]]}."
        )

    def render(self, names: Sequence[str] | None = None, aligned: bool = True) -> str:
        """The §8 table with its totals row, then ``out at 101`` and, once over, the winner."""
        head, rows = self.table(names)
        out = grid(head, rows, aligned)
        out.append(f"out at {self.limit}")
        end = self._end_line(names)
        if end:
            out.append(end)
        return "\n".join(out)

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """``table(names)`` with its totals row: a void hand's label marked, each player who left
        marked in the row of the hand that put him out and in the totals row, the winners'
        totals once the match is over; ``out at 101`` and the winner's line under it."""
        view = super().view(names)  # the void hands and the winners marked, the lines under it
        out = [(i, 3 + s, OUT_MARK) for i, r in enumerate(self.rows) for s in r.get("out", [])]
        out += [(-1, 3 + s, OUT_MARK) for s in range(self.n_seats) if self.out_after[s] is not None]
        void = tuple(m for m in view.marks if m[2] != WINNER)
        won = tuple(m for m in view.marks if m[2] == WINNER)
        return replace(view, title=f"Scores (out at {self.limit})", marks=void + tuple(out) + won)

    def to_json(self) -> dict[str, Any]:
        """``HandScoresSheet.to_json`` with ``kind`` ``elimination_scores``, ``limit``,
        ``active`` (per seat: still in) and ``out_after`` (per seat: the hand after which it
        left, or null); each row also holds ``active`` (the seats dealt in) and ``out`` (the
        seats that left after it). ``target_score`` and ``max_hands`` are null,
        ``lowest_wins`` true."""
        out = super().to_json()
        out["kind"] = self.kind
        out["limit"] = self.limit
        out["active"] = list(self.active)
        out["out_after"] = list(self.out_after)
        return out


__all__ = ["EliminationScoresSheet"]
