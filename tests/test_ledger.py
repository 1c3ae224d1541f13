"""The stake ledger sheet (cardtable/sheets/ledger.py): rows sum to zero, the balance, the
match end, the drawing; manille.md Example 9 and tonk.md Example 11 at their values."""

from __future__ import annotations

import pytest

from cardtable.engine.game import Result
from cardtable.sheets.ledger import Ledger, signed


def hand(amounts, dealer=None, info=None, outcome="made", **detail):
    d = dict(detail)
    if dealer is not None:
        d["dealer"] = dealer
    if info is not None:
        d["ledger_info"] = info
    return Result(points=list(amounts), outcome=outcome, detail=d)


def test_signed_uses_the_minus_sign():
    assert [signed(x) for x in (4, -2, 0)] == ["+4", "\u22122", "0"]


def test_manille_example_9_match_end():
    sh = Ledger(3, 6, info_columns=("declarer",), label="deal")
    rows = [(-2, 4, -2), (0, 0, 0), (-6, 3, 3), (-1, -1, 2), (-3, -3, 6), (2, -4, 2)]
    dealers = []
    for i, r in enumerate(rows):
        assert not sh.over
        assert sh.deal_number == i + 1
        dealers.append(sh.next_dealer)
        sh.record(hand(r, info=["passed out" if r == (0, 0, 0) else 1]))
    assert dealers == [0, 1, 2, 0, 1, 2]
    assert sh.balance == [-10, -1, 11]
    assert sh.over and sh.winners == [2]
    assert all(sum(r["amounts"]) == 0 and sum(r["balance"]) == 0 for r in sh.rows)
    text = sh.render()
    assert text.splitlines()[0] == "Deal 6 of 6 (match over)"
    assert "| balance |" in text and "\u221210" in text and "+11" in text
    assert text.splitlines()[-1] == "Match over: seat 2 wins with +11."
    with pytest.raises(ValueError, match="over"):
        sh.record(hand((0, 0, 0)))


def test_tonk_example_11_rows_and_balance():
    sh = Ledger(4, 10)
    for r, how in [
        ((-2, -2, 6, -2), [2]),
        ((-1, -4, 4, 1), ["Bram knocked, Cor lowest"]),
        ((0, 0, 0, 0), ["void (two deal tonks)"]),
    ]:
        sh.record(hand(r, info=how))
    assert sh.balance == [-3, -6, 10, -1]
    names = ["Anna", "Bram", "Cor", "Dirk"]
    head, rows = sh.table(names=names)
    assert head == ["hand", "dealer", "how it ended", "Anna", "Bram", "Cor", "Dirk"]
    assert rows[0] == ["1", "Anna", "Cor", "\u22122", "\u22122", "+6", "\u22122"]
    assert rows[1][:3] == ["2", "Bram", "Bram knocked, Cor lowest"]
    assert rows[2][3:] == ["0", "0", "0", "0"]
    assert rows[-1] == ["balance", "", "", "\u22123", "\u22126", "+10", "\u22121"]
    assert sh.render(names=names).splitlines()[0] == "Hand 4 of 10"
    assert not sh.over


def test_a_row_that_does_not_sum_to_zero_is_refused():
    sh = Ledger(3, 6)
    with pytest.raises(ValueError, match="sum to 0"):
        sh.record(hand((1, 1, -1)))
    with pytest.raises(ValueError, match="expected 3"):
        sh.record(hand((1, -1)))
    with pytest.raises(ValueError, match="info cells"):
        sh.record(hand((1, -1, 0), info=["a", "b"]))
    assert sh.hands == 0 and sh.balance == [0, 0, 0] and sh.rows == []


def test_equal_highest_balances_share_the_win():
    sh = Ledger(3, 1)
    sh.record(hand((2, 2, -4), dealer=1))
    assert sh.over and sh.winners == [0, 1]
    assert sh.next_dealer == 2
    assert sh.render().splitlines()[-1] == "Match over: seat 0 and seat 1 win with +2."


def test_to_json_round_numbers():
    sh = Ledger(2, 2, info_columns=("declarer", "v"), label="deal")
    sh.record(hand((1, -1), info=[0, "1"], next_dealer=1))
    j = sh.to_json()
    assert j["kind"] == "ledger" and j["balance"] == [1, -1] and j["next_dealer"] == 1
    assert j["rows"] == [{"hand": 1, "dealer": 0, "info": [0, "1"], "amounts": [1, -1], "balance": [1, -1]}]
    assert j["max_hands"] == 2 and j["info_columns"] == ["declarer", "v"] and not j["over"]
    head, rows = sh.table()
    assert head == ["deal", "dealer", "declarer", "v", "seat 0", "seat 1"]
    assert rows[0] == ["1", "seat 0", "seat 0", "1", "+1", "\u22121"]


def test_a_template_cell_names_the_seats_and_says_you():
    """A cell may be a template naming seats in the log's syntax (tonk.md §8: "Bram knocked, Cor
    lowest"), drawn with the seats' names and the seat named You in the second person."""
    sh = Ledger(3, 5)
    cell = {"template": "{^0} knocked, {1} lowest", "seats": [1, 2]}
    sh.record(hand((-2, -2, 4), info=[cell]))
    assert sh.table(["Anna", "Bram", "Cor"])[1][0][2] == "Bram knocked, Cor lowest"
    assert sh.table(["Anna", "You", "Cor"])[1][0][2] == "You knocked, Cor lowest"
    assert sh.table(["Anna", "Bram", "You"])[1][0][2] == "Bram knocked, you lowest"
    assert sh.table()[1][0][2] == "Seat 1 knocked, seat 2 lowest"
    assert sh.to_json()["rows"][0]["info"] == [cell]


def test_the_ledger_checks_itself():
    sh = Ledger(3, 5)
    sh.record(hand((1, -2, 1)))
    sh.record(hand((0, 0, 0)))
    assert sh.problems() == []
    sh.rows[1]["amounts"] = [1, 0, 0]  # a row spoilt behind the sheet's back is flagged
    sh.balance[0] += 1
    got = sh.problems()
    assert any("sum to 1, not 0" in p for p in got) and any("the balance [2, -2, 1] sums to 1" in p for p in got), got
