"""The per-side running-totals sheet (cardtable/sheets/sides.py; butifarra.md §8)."""

from __future__ import annotations

import pytest

from cardtable.engine.game import Result
from cardtable.sheets.sides import SideTotals

COLS = (("dealer", "Dealer"), ("contract", "Contract"))


def res(a: int, b: int, dealer: int, **cells) -> Result:
    return Result(
        points=[a, b, a, b],
        outcome="win" if a or b else "tie",
        detail={"dealer": dealer, "next_dealer": (dealer + 1) % 4, "sheet_row": {"dealer": str(dealer), **cells}},
    )


def test_rows_totals_and_target_line():
    sh = SideTotals(101, COLS)
    assert sh.next_dealer == 0 and not sh.over
    sh.record(res(16, 0, 0, contract="♥"))
    sh.record(res(0, 8, 1, contract="butifarra"))
    assert sh.totals == [16, 8] and sh.hands == 2 and sh.next_dealer == 2
    head, rows = sh.table()
    assert head == ["Hand", "Dealer", "Contract", "A (0 & 2)", "B (1 & 3)"]
    assert rows == [
        ["1", "0", "♥", "16 / 16", "0 / 0"],
        ["2", "1", "butifarra", "0 / 16", "8 / 8"],
        ["total", "", "", "16", "8"],
    ]
    text = sh.render(aligned=False)
    assert text.splitlines() == [
        "| Hand | Dealer | Contract | A (0 & 2) | B (1 & 3) |",
        "|---|---|---|---|---|",
        "| 1 | 0 | ♥ | 16 / 16 | 0 / 0 |",
        "| 2 | 1 | butifarra | 0 / 16 | 8 / 8 |",
        "| total |  |  | 16 | 8 |",
        "target: 101",
    ]
    j = sh.to_json()
    assert j["kind"] == "side_totals" and j["totals"] == [16, 8] and j["columns"] == ["dealer", "contract"]
    assert j["rows"][1] == {"hand": 2, "dealer": 1, "cells": ["1", "butifarra"], "points": [0, 8], "totals": [16, 8]}


def test_game_end_at_the_target_and_no_more_hands():
    sh = SideTotals(101, COLS)
    sh.totals = [95, 93]
    sh.record(res(0, 8, 2))
    assert sh.over and sh.winners == [1, 3] and sh.totals == [95, 101]
    assert sh.table()[1][-1][-1] == "101 (winner)"
    assert sh.render().splitlines()[-1] == "Game over: B (1 & 3) wins with 101."
    with pytest.raises(ValueError):
        sh.record(res(1, 0, 3))


def test_below_the_target_plays_on():
    sh = SideTotals(10)
    sh.record(res(9, 0, 0))
    assert not sh.over and sh.winners == []
    sh.record(res(0, 0, 1))
    assert not sh.over and sh.next_dealer == 2
    sh.record(res(1, 0, 2))
    assert sh.over and sh.winners == [0, 2]
