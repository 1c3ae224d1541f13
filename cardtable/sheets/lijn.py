"""The sheet onder en boven de lijn (below and above the line) of Jo-Jotte (jo-jotte.md §8):
a bridge-style sheet with one column per player and a line across both; roem and bonuses
are written above it, trick points below it in one block per game; two games win a
rubber.

Data (``to_json``), for two seats:

    players:  ["seat 0", "seat 1"]        the seats' labels (a drawing takes names)
    rubbers:  [Rubber, ...]               the last one is the current rubber
    suspense: int                         tied trick points pending (already multiplied)
    Rubber = {"above": [[Entry], [Entry]], "games": [Game, ...], "games_won": [a, b],
              "winner": null | 0 | 1}
    Game   = {"below": [[Entry], [Entry]], "totals": [a, b], "winner": null | 0 | 1}
    Entry  = {"hand": n, "points": p, "kind": "tricks" | "suspense" | "carre" | "sequence"
              | "jojotte" | "nullo" | "slam" | "pit" | "rubber"}

plus ``game_target``, ``rubber_bonus``, ``rubbers_to_play``, ``totals`` (grand totals per
seat), ``rubbers_won``, ``next_dealer``, ``hands``, ``over``, ``winners``.

``record(result)`` reads a hand's ``Result.detail``: ``entries`` ([{"seat", "line":
"above" | "below", "points", "kind"}], in the order written), ``suspense_after`` and
``next_dealer``; then the game (``game_target`` below the line in the current game) and
the rubber (two games: ``rubber_bonus`` above the line), and the session's end after
``rubbers_to_play`` rubbers: the higher grand total wins, then more rubbers won, else a
draw (both seats).

The drawing (``render``, §8): per rubber the names, a rule, the above-the-line entries
stacked upwards from the line (each seat's first entry just above it), the double line,
then per game its below-the-line entries in hand order (``game N`` beside the first), a
rule with the game's totals under a won game (``game 1 won by Anna, 110 – 0``, totals in
seat order; ``; rubber to Anna`` under the game that wins the rubber), and the rubber's
grand totals; a pending suspense under it as ``suspense: N``.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet

#: the width of the first column (its cells right-aligned) and of the second
LEFT, RIGHT = 22, 16
MARGIN = 7
RULE = " " * MARGIN + "\u2500" * (LEFT - MARGIN + 1) + "\u253c" + "\u2500" * RIGHT
LINE = " " * MARGIN + "\u2550" * (LEFT - MARGIN + 1) + "\u256a" + "\u2550" * RIGHT
EN_DASH = "\u2013"

#: what each kind of entry is, in a reader's words (the table's cells)
KIND_WORDS = {
    "tricks": "tricks",
    "suspense": "suspense",
    "carre": "carré",
    "sequence": "sequence",
    "jojotte": "jo-jotte",
    "nullo": "nullo",
    "slam": "slam",
    "pit": "pit",
    "rubber": "rubber",
}


def row(left: str, right: str, note: str = "") -> str:
    """One line of the drawing: ``left`` right-aligned in the first column, ``│``,
    ``right`` in the second, ``note`` beside it; no trailing spaces."""
    line = left[:LEFT].rjust(LEFT) + " \u2502" + (" " + right[: RIGHT - 1]).ljust(RIGHT)
    if note:
        return line + "   " + note
    return line.rstrip()


def rule(line: str, note: str = "") -> str:
    """A rule (``RULE``, ``LINE``) with ``note`` beside it."""
    return line + ("   " + note if note else "")


#: the column of the notes beside the drawing (``game 1``, ``game 1 won by …``)
NOTE_AT = LEFT + 1 + RIGHT + 4
#: how wide ``view(names)`` draws for a screen (an 80-column table less its margins)
SCREEN = 76


def fitted(line: str, width: int | None) -> list[str]:
    """``line`` as one line, or, when it passes ``width`` (None: never) and holds a note,
    the note continued under itself: broken after ``;`` or ``,``, else at a space (never
    inside the totals ``85 – 55``)."""
    if width is None or len(line) <= width or len(line) <= NOTE_AT:
        return [line]
    head, note = line[:NOTE_AT], line[NOTE_AT:]
    room = max(8, width - NOTE_AT)
    words = re.findall(r"[^;,]+[;,]?", note.replace(f" {EN_DASH} ", f"\u00a0{EN_DASH}\u00a0"))
    parts: list[str] = []
    for w in words:
        w = w.strip()
        while len(w) > room and " " in w[1:room]:
            cut = w.rfind(" ", 1, room + 1)
            parts.append(w[:cut])
            w = w[cut + 1 :]
        parts.append(w)
    out = [""]
    for p in parts:
        if out[-1] and len(out[-1]) + 1 + len(p) > room:
            out.append(p)
        else:
            out[-1] = f"{out[-1]} {p}" if out[-1] else p
    out = [o.replace("\u00a0", " ") for o in out]
    return [head + out[0]] + [" " * NOTE_AT + o for o in out[1:]]


def _new_game() -> dict[str, Any]:
    return {"below": [[], []], "totals": [0, 0], "winner": None}


def _new_rubber() -> dict[str, Any]:
    return {"above": [[], []], "games": [_new_game()], "games_won": [0, 0], "winner": None}


class LijnSheet(Sheet):
    """Onder en boven de lijn for two seats (jo-jotte.md §8; see the module docstring)."""

    kind = "lijn"
    unit = "points"
    title = "Onder en boven de lijn"

    def __init__(
        self,
        n_seats: int = 2,
        game_target: int = 80,
        rubber_bonus: int = 300,
        rubbers: int = 1,
        first_dealer: int = 0,
    ):
        """``game_target``: below-the-line points that win a game; ``rubber_bonus``: above
        the line for a rubber; ``rubbers``: rubbers in the session. ValueError unless two
        seats."""
        if n_seats != 2:
            raise ValueError("the sheet with the line is for two players")
        super().__init__(n_seats, first_dealer)
        self.game_target = game_target
        self.rubber_bonus = rubber_bonus
        self.rubbers_to_play = rubbers
        self.rubbers: list[dict[str, Any]] = [_new_rubber()]
        self.suspense = 0

    # -- the standing between hands --
    def rubber_total(self, rubber: dict[str, Any], seat: int) -> int:
        """All points of ``seat`` in ``rubber``, above and below the line."""
        return sum(e["points"] for e in rubber["above"][seat]) + sum(g["totals"][seat] for g in rubber["games"])

    def totals(self) -> list[int]:
        """Each seat's grand total: every rubber, above and below the line."""
        return [sum(self.rubber_total(r, s) for r in self.rubbers) for s in range(2)]

    def rubbers_won(self) -> list[int]:
        return [sum(1 for r in self.rubbers if r["winner"] == s) for s in range(2)]

    def seat_totals(self) -> tuple[int, ...]:
        return tuple(self.totals())

    def standing_extra(self) -> dict[str, Any]:
        """``suspense`` (pending), ``game`` (the current game's below-the-line totals),
        ``games_won`` (in the current rubber), ``rubber`` (its number, from 1)."""
        r = self.rubbers[-1]
        return {
            "suspense": self.suspense,
            "game": list(r["games"][-1]["totals"]),
            "games_won": list(r["games_won"]),
            "rubber": len(self.rubbers),
        }

    # -- writing --
    def record(self, result) -> None:
        """Write a finished hand (see the module docstring). ValueError for an entry that is
        not above or below the line, or negative points."""
        d = result.detail
        self.hands += 1
        hand = self.hands
        rubber = self.rubbers[-1]
        game = rubber["games"][-1]
        for e in d.get("entries", ()):
            seat, pts, line = int(e["seat"]), int(e["points"]), e["line"]
            if pts < 0:
                raise ValueError(f"the sheet with the line takes no negative points: {pts}")
            entry = {"hand": hand, "points": pts, "kind": e["kind"]}
            if line == "above":
                rubber["above"][seat].append(entry)
            elif line == "below":
                game["below"][seat].append(entry)
                game["totals"][seat] += pts
            else:
                raise ValueError(f"an entry is written above or below the line, not {line!r}")
        self.suspense = int(d.get("suspense_after", self.suspense))
        if "next_dealer" in d:
            self.next_dealer = int(d["next_dealer"])
        won = [s for s in range(2) if game["totals"][s] >= self.game_target]
        if not won:
            return
        w = max(won, key=lambda s: game["totals"][s])
        game["winner"] = w
        rubber["games_won"][w] += 1
        if rubber["games_won"][w] < 2:
            rubber["games"].append(_new_game())
            return
        rubber["winner"] = w
        rubber["above"][w].append({"hand": hand, "points": self.rubber_bonus, "kind": "rubber"})
        if len(self.rubbers) >= self.rubbers_to_play:
            self._session_end()
            return
        self.rubbers.append(_new_rubber())
        self.suspense = 0

    def _session_end(self) -> None:
        """§7: the higher grand total; equal: more rubbers won; else a draw (both)."""
        self.over = True
        t, r = self.totals(), self.rubbers_won()
        key = [(t[s], r[s]) for s in range(2)]
        best = max(key)
        self.winners = [s for s in range(2) if key[s] == best]

    # -- drawing --
    def _names(self, names: Sequence[str] | None) -> list[str]:
        return [f"seat {s}" for s in range(2)] if names is None else [str(n) for n in names]

    def rubber_lines(self, rubber: dict[str, Any], names: Sequence[str], width: int | None = None) -> list[str]:
        """The §8 drawing of one rubber; a note that would pass ``width`` (None: never)
        goes on under itself (``fitted``)."""
        out = [row(names[0], names[1]), RULE]
        above = rubber["above"]
        high = max(len(above[0]), len(above[1]))
        for level in range(high - 1, -1, -1):
            cells = [str(above[s][level]["points"]) if level < len(above[s]) else "" for s in range(2)]
            out.append(row(cells[0], cells[1]))
        out.append(LINE)
        for gi, game in enumerate(rubber["games"], 1):
            entries = sorted(
                ((e["hand"], s, i, e["points"]) for s in range(2) for i, e in enumerate(game["below"][s])),
            )
            for k, (_h, s, _i, pts) in enumerate(entries):
                cells = ["", ""]
                cells[s] = str(pts)
                out.append(row(cells[0], cells[1], f"game {gi}" if k == 0 else ""))
            w = game["winner"]
            if w is not None:
                a, b = game["totals"]
                note = f"game {gi} won by {names[w]}, {a} {EN_DASH} {b}"
                if rubber["winner"] == w and gi == len(rubber["games"]):
                    note += f"; rubber to {names[w]}"
                out += fitted(rule(RULE, note), width)
        t = [self.rubber_total(rubber, s) for s in range(2)]
        out.append(" " * MARGIN + "total" + str(t[0]).rjust(LEFT - MARGIN - 5) + " \u2502 " + str(t[1]))
        return out

    def render(self, names: Sequence[str] | None = None, width: int | None = None) -> str:
        """The §8 drawing (module docstring), lines joined by newlines; ``names`` one per
        seat (default ``seat 0``, ``seat 1``). With more than one rubber to play each
        rubber is headed ``rubber N`` and the session's grand totals follow. ``width``: a
        note that would pass it goes on under itself (None: the drawing as §8, however
        wide)."""
        nm = self._names(names)
        lines: list[str] = []
        many = self.rubbers_to_play > 1
        for i, r in enumerate(self.rubbers, 1):
            if many:
                if i > 1:
                    lines.append("")
                lines.append(f"rubber {i}")
            lines += self.rubber_lines(r, nm, width)
        if many and len(self.rubbers) > 1:
            t = self.totals()
            lines.append(" " * MARGIN + "session" + str(t[0]).rjust(LEFT - MARGIN - 7) + " \u2502 " + str(t[1]))
        if self.suspense:
            lines.append(f"suspense: {self.suspense}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "players": self._names(None),
            "rubbers": [
                {
                    "above": [[dict(e) for e in col] for col in r["above"]],
                    "games": [
                        {
                            "below": [[dict(e) for e in col] for col in g["below"]],
                            "totals": list(g["totals"]),
                            "winner": g["winner"],
                        }
                        for g in r["games"]
                    ],
                    "games_won": list(r["games_won"]),
                    "winner": r["winner"],
                }
                for r in self.rubbers
            ],
            "suspense": self.suspense,
            "game_target": self.game_target,
            "rubber_bonus": self.rubber_bonus,
            "rubbers_to_play": self.rubbers_to_play,
            "totals": self.totals(),
            "rubbers_won": self.rubbers_won(),
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }

    def table(self) -> tuple[list[str], list[list[str]]]:
        """Headers ``hand``, ``line``, ``seat 0``, ``seat 1``; one row per entry written
        (``above`` / ``below``, ``62 tricks``), in the order written; a ``total`` row of the
        grand totals."""
        rows: list[tuple[int, int, int, list[str]]] = []
        for ri, r in enumerate(self.rubbers):
            for s in range(2):
                for i, e in enumerate(r["above"][s]):
                    cells = ["", ""]
                    cells[s] = f"{e['points']} {KIND_WORDS.get(e['kind'], e['kind'])}"
                    rows.append((ri, e["hand"], 1 + i + 100 * s, [str(e["hand"]), "above"] + cells))
                for g in r["games"]:
                    for i, e in enumerate(g["below"][s]):
                        cells = ["", ""]
                        cells[s] = f"{e['points']} {KIND_WORDS.get(e['kind'], e['kind'])}"
                        rows.append((ri, e["hand"], i + 100 * s, [str(e["hand"]), "below"] + cells))
        rows.sort(key=lambda x: (x[0], x[1], x[3][1] != "below", x[2]))
        t = self.totals()
        return ["hand", "line", "seat 0", "seat 1"], [r[3] for r in rows] + [["total", "", str(t[0]), str(t[1])]]

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """The drawing of ``render()`` as free lines; with ``names`` (the table's call, one
        per seat) laid out for a screen: ``render(names, SCREEN)``, a long note (``game 2
        won by Anna, 85 – 55; rubber to Anna``) going on under itself rather than past the
        80th column. Once the session is over the winners' columns are marked (``(-1, 1 +
        seat, "winner")``)."""
        marks = tuple((-1, 1 + w, WINNER) for w in self.winners) if self.over else ()
        drawing = self.render(names, SCREEN if names is not None else None)
        return SheetView(self.title, (), (), None, marks, 0, tuple(drawing.splitlines()))


__all__ = ["LINE", "LijnSheet", "NOTE_AT", "RULE", "SCREEN", "fitted", "row", "rule"]
