"""Honderden's sheet (honderden.md §7 "Applying game points", §8): lives with de kip, or
game points as streepjes, and the round log.

Data (``to_json``), as §8 draws it:

    kind: "honderden"
    players: [str]                 seat labels
    scoring: "lives" | "points"
    lives: [int] | None            "lives" mode
    game_points: [int] | None      "points" mode
    kip: {"available": bool, "holder": seat | None}
    out: [bool]
    counts: [int]                  the current round's counts (carried; hidden while it runs)
    rounds: [{"round", "deals": [{"dealer", "counts_after", "tricks_won"}],
              "roem_points": [{"seat", "game_points", "combos"}], "end", "winner",
              "final_counts", "onder_jan", "pit", "game_points"}]
    log: [str]                     the lines of the round log (§8 drawing)
    next_dealer, hands, over, winners

``record(result)`` reads a deal's ``Result.detail`` (docs/records.md, honderden): ``roem``
(the roem game points scored in trick 1), ``end`` (``claim``, ``wrong_claim``,
``deal_end``, ``stuk_dek``, ``void``, ``carried``, ``roem_out``), ``winner``,
``game_points``, ``counts``, ``tricks_won``, ``dealer``, ``next_dealer``, ``onder_jan``,
``pit``. The rules of §7 that change lives and the kip are the pure function
``drop_lives``, which the game also reads to end a deal when roem ends the game.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.engine.views import WINNER, SheetView
from cardtable.sheets.base import Sheet, tally

#: §8's end words in the round log
END_WORDS = {"claim": "dek", "wrong_claim": "foute dek", "deal_end": "einde", "stuk_dek": "stuk-dek"}

#: the carré names of the log (``carré heren``)
RANK_WORDS = {14: "azen", 13: "heren", 12: "vrouwen", 11: "boeren", 10: "tienen"}

LEGEND = "[n] lives \u00b7 K op de kip (one life more, once a game) \u00b7 | a game point (points mode)"
#: the legend of the lives mode's drawing
LIVES_LEGEND = "[n] lives \u00b7 K op de kip (one life more, once a game)"


def drop_lives(
    lives: list[int], kip: dict[str, Any], out: list[bool], drops: Sequence[tuple[int, int]]
) -> list[tuple[int, int, int, str]]:
    """§7 "Applying game points", lives mode: each (seat, g) of ``drops`` in the order
    given (clockwise after the winner) loses g lives; the first player of the game at 0
    or less sits op de kip with 1 life if he is at exactly 0, else is out; the kip is
    spent either way; any later player at 0 or less is out. Changes ``lives``, ``kip``
    (``available``, ``holder``) and ``out`` in place; returns (seat, before, after, what)
    per drop, what: ``""``, ``kip`` or ``out``."""
    events = []
    for seat, g in drops:
        if g <= 0 or out[seat]:
            continue
        before = lives[seat]
        lives[seat] = before - g
        what = ""
        if lives[seat] <= 0:
            if kip["available"] and lives[seat] == 0:
                kip["available"] = False
                kip["holder"] = seat
                lives[seat] = 1
                what = "kip"
            else:
                kip["available"] = False
                out[seat] = True
                what = "out"
        events.append((seat, before, before - g, what))
    return events


def clockwise_after(seat: int, n: int) -> list[int]:
    """The seats after ``seat`` clockwise, ``seat`` itself last."""
    return [(seat + i) % n for i in range(1, n + 1)]


class HonderdenSheet(Sheet):
    """Lives and de kip, or game points, and the round log (honderden §8)."""

    kind = "honderden"
    unit = "game points"
    title = "Honderden"

    def __init__(self, n_seats: int, scoring: str = "lives", lives: int = 5, target: int = 5, first_dealer: int = 0):
        super().__init__(n_seats, first_dealer)
        self.scoring = scoring
        self.target = target
        self.lives = [lives] * n_seats
        self.game_points = [0] * n_seats
        self.kip: dict[str, Any] = {"available": True, "holder": None}
        self.out = [False] * n_seats
        self.counts = [0] * n_seats
        self.rounds: list[dict[str, Any]] = []
        self.log: list[tuple[int, str, str]] = []  # (round, left text, right text)
        self._open: dict[str, Any] | None = None

    # -- the standing --
    def seat_totals(self) -> tuple[int, ...]:
        """Lives (lives mode) or game points (points mode) per seat."""
        return tuple(self.lives if self.scoring == "lives" else self.game_points)

    def carried(self) -> tuple[int, ...]:
        """The current round's counts (carried into the next deal)."""
        return tuple(self.counts)

    def standing_extra(self) -> dict[str, Any]:
        """``lives``, ``game_points``, ``kip``, ``out``, ``deal_in_round`` (0 for the first
        deal of a round), ``round`` (1-based)."""
        r = self._open
        return {
            "lives": list(self.lives),
            "game_points": list(self.game_points),
            "kip": dict(self.kip),
            "out": list(self.out),
            "deal_in_round": 0 if r is None else len(r["deals"]),
            "round": len(self.rounds) + (0 if r is not None else 1),
        }

    # -- writing --
    def _round(self) -> dict[str, Any]:
        if self._open is None:
            self._open = {
                "round": len(self.rounds) + 1,
                "deals": [],
                "roem_points": [],
                "end": None,
                "winner": None,
                "final_counts": None,
                "onder_jan": False,
                "pit": False,
                "game_points": 0,
            }
            self.rounds.append(self._open)
        return self._open

    def _lose(self, rnd: int, left: str, drops: list[tuple[int, int]], winner: int | None) -> None:
        """Apply ``drops`` (lives mode) or the game points to ``winner`` (points mode) and log."""
        if self.scoring == "points":
            if winner is not None:
                g = sum(g for _s, g in drops) if len(drops) == 1 else max(g for _s, g in drops)
                before = self.game_points[winner]
                self.game_points[winner] += g
                self.log.append((rnd, left, f"{{{winner}}}  {before} \u2192 {self.game_points[winner]}"))
            return
        for seat, before, after, what in drop_lives(self.lives, self.kip, self.out, drops):
            right = f"{{{seat}}}  {before} \u2192 {after}"
            if what == "kip":
                right += " \u2192 op de kip: 1"
            elif what == "out":
                right += " \u2192 uit"
            self.log.append((rnd, left, right))

    def record(self, result) -> None:
        """Write one deal (the detail keys of the module docstring): roem game points at
        once, then the round's end; the game's end (§7)."""
        d = result.detail
        self.hands += 1
        r = self._round()
        n = self.n_seats
        r["deals"].append(
            {"dealer": d["dealer"], "counts_after": list(d["counts"]), "tricks_won": list(d["tricks_won"])}
        )
        for rp in d.get("roem", ()):
            seat, g = rp["seat"], rp["game_points"]
            r["roem_points"].append(dict(rp))
            left = f"roem: {{{seat}}} {', '.join(rp['combos'])} ({g})"
            others = [(s, g) for s in clockwise_after(seat, n)[:-1] if not self.out[s]]
            if self.scoring == "points":
                before = self.game_points[seat]
                self.game_points[seat] += g
                self.log.append((r["round"], left, f"{{{seat}}}  {before} \u2192 {self.game_points[seat]}"))
            else:
                self._lose(r["round"], left, others, seat)
        end = d["end"]
        self.counts = list(d.get("carry") or [0] * n)
        if end in ("claim", "wrong_claim", "deal_end", "stuk_dek"):
            w, g = d["winner"], d["game_points"]
            r.update(
                end=end,
                winner=w,
                final_counts=list(d["counts"]),
                onder_jan=d["onder_jan"],
                pit=d["pit"],
                game_points=g,
            )
            shown = [d["counts"][s] for s in [w] + [s for s in range(n) if s != w and not self.out[s]]]
            left = f"{{{w}}} wint: {END_WORDS[end]}, " + " \u2013 ".join(map(str, shown))
            if d["onder_jan"]:
                left += ", jan"
            if d["pit"]:
                left += ", pit"
            losers = [s for s in clockwise_after(w, n)[:-1] if not self.out[s] and d["in_play"][s]]
            if self.scoring == "points":
                self._lose(r["round"], left, [(losers[0] if losers else w, g)], w)
            else:
                self._lose(r["round"], left, [(s, g) for s in losers], w)
            self._open = None
        elif end in ("void", "roem_out"):
            r.update(end="void", final_counts=list(d["counts"]))
            self.log.append((r["round"], "gelijk: de ronde telt niet" if end == "void" else "de ronde vervalt", ""))
            self._open = None
        self.next_dealer = int(d["next_dealer"])
        self._check_end()
        if not self.over and self.out[self.next_dealer]:
            self.next_dealer = next(s for s in clockwise_after(self.next_dealer, n) if not self.out[s])

    def _check_end(self) -> None:
        """Lives: one player left; points: the first at ``target``."""
        n = self.n_seats
        self.active = [not o for o in self.out]
        if self.scoring == "points":
            reached = [s for s in range(n) if self.game_points[s] >= self.target]
            self.over = bool(reached)
            self.winners = reached[:1] if reached else []
            if len(reached) > 1:
                top = max(self.game_points)
                self.winners = [s for s in reached if self.game_points[s] == top]
            return
        left = [s for s in range(n) if not self.out[s]]
        self.over = len(left) <= 1
        self.winners = left if self.over else []

    # -- drawing --
    def _names(self, names: Sequence[str] | None) -> list[str]:
        return [str(s) if names is None else names[s] for s in range(self.n_seats)]

    def header(self, names: Sequence[str] | None = None) -> list[str]:
        """The header: a line per player with his lives ``[3]`` and ``K (op de kip)``, or
        his streepjes ``Anna: ||||/ | (6)``."""
        nm = self._names(names)
        if self.scoring == "points":
            return [f"{nm[s]}: {tally(self.game_points[s])} ({self.game_points[s]})" for s in range(self.n_seats)]
        w = max(24, max(len(x) for x in nm) + 2)
        out = ["Honderden".ljust(w) + "levens"]
        for s in range(self.n_seats):
            cell = "uit" if self.out[s] else f"[{self.lives[s]}]"
            if self.kip["holder"] == s and not self.out[s]:
                cell += " K   (op de kip)"
            out.append(nm[s].ljust(w) + cell)
        return out

    def log_lines(self, names: Sequence[str] | None = None) -> list[str]:
        """The round log: ``ronde 1  Bert wint: dek, 104 – 41, jan      Anna  5 → 3``."""
        nm = self._names(names)
        lefts = [f"ronde {r}  " + a.format(*nm) for r, a, _b in self.log]
        w = max([len(x) for x in lefts] + [0]) + 4
        return [(a.ljust(w) + b.format(*nm)).rstrip() for a, (_r, _x, b) in zip(lefts, self.log)]

    def render(self, names: Sequence[str] | None = None) -> str:
        """The §8 drawing: the header, a rule, the round log."""
        lines = self.header(names)
        lines.append("\u2500" * 58)
        lines += self.log_lines(names)
        return "\n".join(lines)

    def table(self, names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
        """One column per seat: a row per round (game points won, lives lost), then the
        totals (lives with ``K``, or game points)."""
        nm = self._names(names)
        rows = []
        for r in self.rounds:
            if r["end"] is None:
                continue
            cells = ["" for _ in range(self.n_seats)]
            for rp in r["roem_points"]:
                cells[rp["seat"]] += f"roem {rp['game_points']} "
            if r["winner"] is not None:
                cells[r["winner"]] += f"+{r['game_points']}"
            rows.append([str(r["round"])] + [c.strip() for c in cells])
        tot = []
        for s in range(self.n_seats):
            if self.scoring == "points":
                tot.append(f"{tally(self.game_points[s])} ({self.game_points[s]})")
            else:
                t = "uit" if self.out[s] else f"[{self.lives[s]}]"
                tot.append(t + (" K" if self.kip["holder"] == s and not self.out[s] else ""))
        rows.append(["total"] + tot)
        return ["round"] + nm, rows

    def view(self, names: Sequence[str] | None = None) -> SheetView:
        """Lives mode: the §8 drawing as it is (the lives header with the kip, the rule, the
        round log; a free drawing, its lines only), the winner marked as the boom marks its
        side. Points mode: the table (a row per round, the totals) and the §8 drawing's lines
        not already in it; the winners marked."""
        if self.scoring == "lives":
            won = tuple((-1, 1 + w, WINNER) for w in (self.winners if self.over else ()))
            return SheetView(self.title, marks=won, lines=tuple(self.render(names).splitlines()), legend=LIVES_LEGEND)
        head, rows = self.table(names)
        heads = {h.strip().lower() for h in head}
        # a points-mode tally line names a column: the table's total row shows it already
        lines = tuple(
            ln
            for ln in self.render(names).splitlines()
            if ln.strip() and not ln.lstrip().startswith("|") and ln.split(":")[0].strip().lower() not in heads
        )
        marks = tuple((-1, 1 + w, WINNER) for w in (self.winners if self.over else ()))
        return SheetView(
            self.title,
            tuple(head),
            tuple(tuple(r) for r in rows[:-1]),
            tuple(rows[-1]),
            marks,
            self.n_seats,
            lines,
            LEGEND,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "players": [str(s) for s in range(self.n_seats)],
            "scoring": self.scoring,
            "lives": list(self.lives) if self.scoring == "lives" else None,
            "game_points": list(self.game_points) if self.scoring == "points" else None,
            "totals": list(self.seat_totals()),
            "kip": dict(self.kip),
            "out": list(self.out),
            "counts": list(self.counts),
            "rounds": [dict(r) for r in self.rounds],
            "log": self.log_lines(),
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }


__all__ = ["END_WORDS", "HonderdenSheet", "LEGEND", "clockwise_after", "drop_lives"]
