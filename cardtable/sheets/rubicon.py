"""The Rubicon sheet (rubicon.md §8): per game, one line per scoring event (game, trick,
event, the scorer's running score ``+40 = 120``), the game's score S per seat, the brisques
B and the totals T only where they were counted, the settlement line (the winner, rubicon
or not, the formula with its numbers, the game points); under it the session table, the
game points of every game with their running total per seat. Rendering of one game:

    Rubicon Bezique, session of 2 games
    | Game | Trick | Event         | Seat 0   | Seat 1   |
    |------|-------|---------------|----------|----------|
    | 1    | 0     | carte blanche |          | +50 = 50 |
    | 1    | 3     | stuk          | +40 = 40 |          |
    | 1    | 64    | last trick    | +50 = 90 |          |
    | 1    |       | score         | 90       | 50       |
    | 1    |       | brisques      | 170      | 150      |
    | 1    |       | with brisques | 260      | 200      |
    | 1    |       | rubicon       | 1420     | 0        |

    game 1: Seat 0 rubicon: 1000 + 0 + 0 + 320 + 100 = 1420

    Session  Seat 0  Seat 1
    game 1     1420       0
    total      1420       0

The settlement's formula stands under the table (ruling 20), so that the table fits 80
columns. The session (§7.3, ruling 13) is over after its ``games`` games; the higher total of game
points wins it, equal totals are a drawn session (both seats its winners).
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet, grid
from cardtable.sheets.events import event_words


class RubiconSheet(Sheet):
    """A session of Rubicon games (rubicon.md §8).

    ``record(result)`` reads ``result.points`` (the game points per seat) and from
    ``result.detail``: ``events`` ([[seat, trick, what, points], ...]), ``points`` (the
    scores S), ``brisques`` (A and T won, per seat), ``settlement`` (``games.rubicon.settle``'s
    dict), ``dealer`` and ``next_dealer``. ``games``: the games of the session."""

    kind = "rubicon"
    unit = "points"
    unit_decimals = 0

    def __init__(self, n_seats: int, games: int, title: str = "Rubicon Bezique", first_dealer: int = 0):
        super().__init__(n_seats, first_dealer)
        self.games = games
        self.title = title
        self.totals: list[int] = [0] * n_seats
        self.rows: list[dict[str, Any]] = []
        #: per game: its game points per seat
        self.session: list[list[int]] = []

    def seat_totals(self) -> tuple[int, ...]:
        return tuple(self.totals)

    def record(self, result) -> None:
        """Write a finished game: a line per scoring event, the scores, the brisques where
        counted, the settlement; then the session's totals, the next dealer and the end of
        the session. ValueError when the session is over or the points do not have one value
        per seat."""
        if self.over:
            raise ValueError("the session is already over")
        pts = [int(p) for p in result.points]
        if len(pts) != self.n_seats:
            raise ValueError(f"expected {self.n_seats} game points, got {len(pts)}")
        d = result.detail or {}
        self.hands += 1
        g = self.hands
        running = [0] * self.n_seats
        for seat, trick, what, p in d.get("events", ()):
            running[seat] += int(p)
            self.rows.append(
                {"game": g, "trick": trick, "seat": seat, "event": what, "points": int(p), "total": running[seat]}
            )
        st = d.get("settlement") or {}
        self.rows.append(
            {
                "game": g,
                "scores": list(d.get("points", running)),
                "brisques": [10 * b for b in d.get("brisques", [0] * self.n_seats)] if st.get("counted") else None,
                "totals": list(st["totals"]) if st.get("counted") else None,
                "winner": st.get("winner"),
                "rubicon": bool(st.get("rubicon")),
                "formula": st.get("formula", ""),
                "game_points": pts,
            }
        )
        for i, p in enumerate(pts):
            self.totals[i] += p
        self.session.append(pts)
        self.next_dealer = d.get("next_dealer", (d.get("dealer", self.next_dealer) + 1) % self.n_seats)
        if self.hands >= self.games:
            self.over = True
            top = max(self.totals)
            self.winners = [s for s in range(self.n_seats) if self.totals[s] == top]

    # -- reading --
    def _names(self, names: Sequence[str] | None) -> list[str]:
        return list(names) if names else [f"Seat {i}" for i in range(self.n_seats)]

    def settlement_words(self, r: dict[str, Any], names: Sequence[str] | None = None) -> str:
        """The settlement line under the table: ``game 2: Seat 0 wins: 500 + 2300 - 1400 =
        1400``, ``game 1: Seat 0 rubicon: 1000 + ...``, ``game 3: drawn game``."""
        if r["winner"] is None:
            return f"game {r['game']}: drawn game"
        who = self._names(names)[r["winner"]]
        return f"game {r['game']}: {who} {'rubicon' if r['rubicon'] else 'wins'}: {r['formula']}"

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """Headers ``Game``, ``Trick``, ``Event``, one per seat; a row per scoring event (the
        scorer's cell ``+40 = 120``, his running score in this game), then per game
        ``score`` (S), where counted ``brisques`` (B) and ``with brisques`` (T), and the
        settlement row (``rubicon``, ``game points`` or ``drawn game``, the game points per
        seat; its formula is written under the table, ``settlement_words``, so that the table
        fits 80 columns)."""
        head = ["Game", "Trick", "Event"] + self._names(names)
        rows = []
        for r in self.rows:
            g = str(r["game"])
            if "scores" not in r:
                cells = [""] * self.n_seats
                cells[r["seat"]] = f"+{r['points']} = {r['total']}"
                rows.append([g, str(r["trick"]), event_words(r["event"], r["points"])] + cells)
                continue
            rows.append([g, "", "score"] + [str(x) for x in r["scores"]])
            if r["brisques"] is not None:
                rows.append([g, "", "brisques"] + [str(x) for x in r["brisques"]])
                rows.append([g, "", "with brisques"] + [str(x) for x in r["totals"]])
            word = "drawn game" if r["winner"] is None else ("rubicon" if r["rubicon"] else "game points")
            rows.append([g, "", word] + [str(x) for x in r["game_points"]])
        return head, rows

    def formula_lines(self, names: Sequence[str] | None = None) -> list[str]:
        """Each game's settlement in words, one line per game (``settlement_words``)."""
        return [self.settlement_words(r, names) for r in self.rows if "scores" in r]

    def session_lines(self, names: Sequence[str] | None = None) -> list[str]:
        """The session table as aligned text (no pipes: the table's panel draws it under the
        games' table): a header, a row per game with its game points, the ``total`` row with
        the running totals; e.g. ``game 1     1420       0``."""
        rows = [["Session"] + self._names(names)]
        rows += [[f"game {i + 1}"] + [str(p) for p in pts] for i, pts in enumerate(self.session)]
        rows.append(["total"] + [str(t) for t in self.totals])
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return [
            "  ".join([r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:])]).rstrip() for r in rows
        ]

    def _head_line(self) -> str:
        many = "s" if self.games > 1 else ""
        return f"{self.title}, session of {self.games} game{many}"

    def _end_line(self, names: Sequence[str] | None) -> str | None:
        if not self.over:
            return None
        if len(self.winners) > 1:
            return f"Session over: a draw at {self.totals[0]} game points each."
        who = self._names(names)[self.winners[0]]
        return f"Session over: {who} wins with {self.totals[self.winners[0]]} game points."

    def render(self, names: Sequence[str] | None = None, aligned: bool = True) -> str:
        """The §8 sheet as text: the session's title, the games' table, the session table,
        the winner once over."""
        head, rows = self.table(names)
        out = [self._head_line()] + grid(head, rows, aligned)
        if self.session:
            out += [""] + self.formula_lines(names)
            out += [""] + self.session_lines(names)
        end = self._end_line(names)
        if end:
            out.append(end)
        return "\n".join(out)

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """The games' table (no totals row), the winner's last settlement cell marked; under
        it the title, each game's settlement formula, the session table's lines and the
        winner's line."""
        head, rows = self.table(names)
        marks: list[tuple[int, int, str]] = []
        if self.over and rows:
            marks = [(len(rows) - 1, 3 + w, WINNER) for w in self.winners]
        lines: list[str] = [self._head_line()] if rows else []
        if self.session:
            lines += self.formula_lines(names) + self.session_lines(names)
        end = self._end_line(names)
        if end:
            lines.append(end)
        return SheetView(
            self._head_line(),
            tuple(head),
            tuple(tuple(r) for r in rows),
            None,
            tuple(marks),
            self.n_seats,
            tuple(lines),
        )

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "rubicon", "games", "rows": [{"game", "trick", "seat", "event",
        "points", "total"} | {"game", "scores", "brisques", "totals", "winner", "rubicon",
        "formula", "game_points"}], "session": [[game points per seat] per game], "totals",
        "next_dealer", "over", "winners"}``; points in points (``brisques`` and ``totals``
        null where the brisques were not counted)."""
        return {
            "kind": self.kind,
            "games": self.games,
            "rows": [dict(r) for r in self.rows],
            "session": [list(p) for p in self.session],
            "totals": list(self.totals),
            "next_dealer": self.next_dealer,
            "over": self.over,
            "winners": list(self.winners),
        }


__all__ = ["RubiconSheet"]
