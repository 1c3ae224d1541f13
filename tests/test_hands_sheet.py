"""The hands-won sheet (sheets/hands.py; manille-muette.md §8) and ``match_sheet``."""

from __future__ import annotations

import pytest

from cardtable.engine.game import Result
from cardtable.sheets.hands import MANILLE_COLUMNS, HandsWon, match_sheet
from cardtable.sheets.sides import SideTotals


def hand(side, dealer, points):
    a, b = points
    return Result(
        points=[0, 0, 0, 0],
        outcome="tie" if side is None else "won",
        detail={
            "winning_side": side,
            "dealer": dealer,
            "next_dealer": (dealer + 1) % 4,
            "sheet_row": {"dealer": str(dealer), "upcard": "QD", "points": f"{a} – {b}"},
        },
    )


def test_rows_marks_and_tally():
    s = HandsWon(2, columns=MANILLE_COLUMNS)
    s.record(hand(0, 0, (36, 32)))
    s.record(hand(None, 1, (34, 34)))
    assert s.won == [1, 0] and s.next_dealer == 2 and s.hands == 2 and not s.over
    head, rows = s.table()
    assert head == ["Hand", "Dealer", "Troef", "Points A – B", "A (0 & 2)", "B (1 & 3)"]
    assert rows == [
        ["1", "0", "QD", "36 – 32", "✓", ""],
        ["2", "1", "QD", "34 – 34", "—", "—"],
        ["won", "", "", "", "1", "0"],
    ]
    assert s.render().splitlines()[-1] == "hands won: A 1 · B 0 (2 needed)"
    assert s.render(aligned=False).splitlines()[2] == "| 1 | 0 | QD | 36 – 32 | ✓ |  |"


def test_match_end_and_json():
    s = HandsWon(2)
    for side, dealer in ((1, 0), (0, 1), (1, 2)):
        s.record(hand(side, dealer, (30, 38)))
    assert s.over and s.winners == [1, 3] and s.won == [1, 2]
    assert s.render().splitlines()[-1] == "Game over: B (1 & 3) wins, 2 hands to 1."
    j = s.to_json()
    assert j["kind"] == "hands_won" and j["won"] == [1, 2] and j["over"] and j["winners"] == [1, 3]
    assert [r["winner"] for r in j["rows"]] == [1, 0, 1]
    with pytest.raises(ValueError, match="already over"):
        s.record(hand(0, 3, (40, 28)))


def test_bad_side_refused():
    with pytest.raises(ValueError, match="winning_side"):
        HandsWon(2).record(hand(2, 0, (0, 0)))


def test_match_sheet_by_scoring_option():
    s = match_sheet({"scoring": "hands", "hands_to_win": 3, "target": 50})
    assert isinstance(s, HandsWon) and s.hands_to_win == 3
    t = match_sheet({"scoring": "excess", "hands_to_win": 3, "target": 40})
    assert isinstance(t, SideTotals) and t.target == 40
    assert [k for k, _h in t.columns] == ["dealer", "upcard", "points", "winner"]
