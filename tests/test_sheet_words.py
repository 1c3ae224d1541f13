"""Sheets, headers and words a player reads (issue 21, points 4 to 6)."""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.sheets.streepjes import Streepjes


def _hand(entries, carry=(0, 0)):
    return SimpleNamespace(detail={"entries": entries, "carry": list(carry), "next_dealer": 1})


def test_streepjes_say_who_claimed_wrongly_and_who_was_onder_jan():
    """A wrong claim of 1/3 writes 2 strepen in the 0/2 column: the cell names 1/3."""
    sheet = Streepjes()
    sheet.record(_hand([{"side": 0, "strepen": 2, "reason": "wrong_claim"}]))
    sheet.record(_hand([{"side": 1, "strepen": 2, "reason": "claim"}]))
    sheet.record(_hand([{"side": 1, "strepen": 1, "reason": "end"}]))
    v = sheet.view()
    assert v.rows[0][1] == "2 wrong claim by 1/3 (onder jan)"
    assert v.rows[1][2] == "2 claim (0/2 onder jan)"
    assert v.rows[2][2] == "1 played out"


def test_the_boom_keeps_its_ground_and_totals_near_the_top_and_a_log_under_it():
    """Twelve branches against eight: the ground and the points within the first 14 lines
    (the whole trunk is 16 lines), the hands' log under the foot."""
    from cardtable.sheets.boom import GROUND, Boom

    sheet = Boom()
    for _h in range(4):
        sheet.record(
            _hand([{"side": 0, "points": 300, "reason": "made"}, {"side": 1, "points": 200, "reason": "roem"}])
        )
    lines = list(sheet.view().lines)
    ground = lines.index(GROUND)
    assert ground < 12 and lines[ground + 2] == "1200|800", lines
    assert lines[ground + 4 :] == [f"hand {h}: 0/2 300 made \u00b7 1/3 200 roem" for h in range(1, 5)]
