"""Hands are numbered as the score sheet numbers its rows (issue 22 point 1): a decision
between hands (Loba's buy-back, loba.md §7.4) is no hand in ``replay``'s numbering, its
JSON summary (``hands[].hand`` and ``hands[].after_hand``, added beside the existing keys)
or the statistics, and a seat out of the game plays no hands.

tests/records/loba/buyback_out.json: elimination at 20, one buy-back; Anna (seat 0) buys
back in after hand 1, is out after hand 2, and hand 3 is dealt to seats 1 and 2 only. The
record holds four entries (hand 1, the buy-back, hands 2 and 3), the sheet three rows."""

from __future__ import annotations

import pytest

from cardtable import stats
from cardtable.cli import _replay_text
from cardtable.engine.record import replay, summary
from tests.games.helpers import load_record


@pytest.fixture(scope="module")
def match():
    m = replay(load_record("loba", "buyback_out"))
    assert m.over and m.sheet.hands == 3 and len(m.hands) == 4 and m.hands[1]["between"]
    assert m.sheet.standing().active[0] is False  # Anna is out
    return m


def test_match_numbers_dealt_hands_only(match):
    assert [match.hand_number(i) for i in range(4)] == [1, 1, 2, 3]
    assert match.hand_number() == match.sheet.hands == 3
    assert match.hand_number(-2) == 2
    with pytest.raises(IndexError):
        match.hand_number(4)


def test_replay_json_numbers_hands_as_the_sheet(match):
    hands = summary(match)["hands"]
    assert [h.get("hand") for h in hands] == [1, None, 2, 3]
    assert hands[1]["between"] is True and hands[1]["after_hand"] == 1
    assert "after_hand" not in hands[0] and "between" not in hands[2]


def test_replay_text_numbers_hands_as_the_sheet(match):
    lines = _replay_text(match)
    heads = [ln.split(":")[0] for ln in lines if ln.startswith(("hand ", "after hand "))]
    assert heads == [
        f"hand 1 (seed {match.hands[0]['seed']})",
        "after hand 1 (decision between hands)",
        f"hand 2 (seed {match.hands[2]['seed']})",
        f"hand 3 (seed {match.hands[3]['seed']})",
    ]
    assert not any(ln.startswith("hand 4") for ln in lines)


def test_a_seat_out_of_the_game_collects_no_hands(match, tmp_path):
    db = tmp_path / "stats.sqlite3"
    assert stats.record_match(match, "buyback-out", path=db)
    (anna,) = stats.table("Anna", path=db)
    assert (anna.matches, anna.matches_won, anna.hands, anna.hands_won) == (1, 0, 2, 0)
    assert match.took_part[3] == (False, True, True)
    assert [match.seat_hands(s) for s in range(3)] == [(2, 0), (3, 1), (3, 2)]


def test_replay_review_names_hands_as_the_sheet(match, monkeypatch):
    """``replay --review``: each line keeps ``hand`` (the entry's position in ``hands``) and
    gains ``hand_number`` (the sheet's row). The strong bot's search is replaced by one line
    per dealt hand: what is tested is the numbering, not the review."""
    from cardtable import cli
    from cardtable.bots import review as review_module
    from cardtable.bots.review import ReviewLine

    def one_line(m, index, iterations):
        assert not m.hands[index].get("between")
        return [ReviewLine(0, 0, "Turn 1", "draw stock", "draw pile", 1.0, "points")]

    monkeypatch.setattr(review_module, "review_hand", one_line)
    got = [(r["hand"], r["hand_number"]) for r in cli._review(match, iterations=1)]
    assert got == [(1, 1), (3, 2), (4, 3)]


def test_a_seat_out_of_the_game_is_not_in_the_hand_summarys_score_line(match):
    """Hand 3 is dealt to seats 1 and 2 only: its summary lists them, not Anna with a 0
    she never scored."""
    from cardtable.engine.views import render

    res = match.results[-1]
    fact = next(f for f in res.summary.facts if f.label.startswith("This hand"))
    line = render(fact.text, {0: "Anna", 1: "Bot 1", 2: "Bot 2"}, None)
    assert "Anna" not in line and "Bot 1" in line and "Bot 2" in line, line
