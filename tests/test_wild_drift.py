"""The drift-rummy hand with jokers (cardtable/families/wild_drift.py): the options a jokeren-like
game sets (a swap's forced follow-up meld, lay-offs and swaps only once on the table, no joker in
the first melds, nobody out in the first round, going out only by a discard), with the positions
of jokeren.md §11 Examples 2, 3 and 4, played on a Basis Rummy game object with those options set
(Jokeren itself is not built yet)."""

from __future__ import annotations

from cardtable.engine import get_game
from tests.games.helpers import legal, refused, run
from tests.games.test_basis_rummy import hand_text, meld_text, position


def jokeren_like(n: int = 3, **opts):
    g = get_game("basis-rummy", n, **opts)
    g.swap_follow = True
    g.swap_requires_meld = True
    g.layoff_requires_meld = True
    g.last_card = True
    return g


def test_jokeren_example_3_swap_then_the_joker_in_a_new_meld():
    g = jokeren_like()
    st = g.from_deal(
        position(g, ["2C", "JC 4S 5S", "3C"], "KS", [(2, "9C TC JK=JC QC"), (1, "2H 3H 4H")], stock_top="8D", to_act=1)
    )
    msg = refused(st, "swap JC in 1", "first draw a card")
    assert "'draw" not in msg, msg
    st = run(st, "draw stock", "swap JC in 1")
    assert meld_text(st, 1) == "9C TC JC QC"
    assert legal(st) == {"meld 4S 5S JK=6S", "meld JK=3S 4S 5S"}
    msg = refused(st, "discard 8D", "the joker must go at once into a new meld", "such as 4S 5S JK=6S")
    assert "'meld" not in msg, msg  # the player's words, not an action text
    st = run(st, "meld 4S 5S JK=6S")
    assert hand_text(st, 1) == ["8D"] and "discard 8D" in legal(st)
    st = run(st, "discard 8D")
    assert st.over and st.result().winners == [1]


def test_jokeren_example_3_no_swap_without_a_follow_up_meld():
    g = jokeren_like()
    st = g.from_deal(
        position(g, ["2C", "JC 8D", "3C"], "KS", [(2, "9C TC JK=JC QC"), (1, "2H 3H 4H")], stock_top="KH", to_act=1)
    )
    st = run(st, "draw stock")
    assert not any(a.startswith("swap") for a in legal(st))
    g.swap_follow = False  # joker_to_hand: the joker may stay in hand
    st = g.from_deal(
        position(g, ["2C", "JC 8D", "3C"], "KS", [(2, "9C TC JK=JC QC"), (1, "2H 3H 4H")], stock_top="KH", to_act=1)
    )
    st = run(st, "draw stock", "swap JC in 1")
    assert "JK" in hand_text(st, 1) and "discard JK" in legal(st)


def test_jokeren_example_2_lay_off_only_on_the_table():
    g = jokeren_like(4, packs="2")  # two packs, as in jokeren
    st = g.from_deal(
        position(
            g,
            ["5C", "8S 8H 8D 9C 9H 9S TH", "3C", "4C"],
            "KS",
            [(2, "8C 8D JK=8*"), (0, "5D 6D 7D")],
            stock_top="2C",
            to_act=1,
        )
    )
    st = run(st, "draw stock")
    refused(st, "layoff 8S to 1", "may not lay off before putting down a meld")
    st = run(st, "meld 9C 9H 9S", "layoff 8S to 1", "layoff 8D to 2")
    assert meld_text(st, 2) == "5D 6D 7D 8D" and hand_text(st, 1) == ["2C", "8H", "TH"]


def test_jokeren_example_4_nobody_out_in_the_first_round():
    g = jokeren_like()
    g.first_round_no_out = True
    st = g.from_deal(position(g, ["5C", "2H 3H 4H 5H 6H", "3C"], "KS", stock_top="KD", to_act=1))
    st = run(st, "draw stock")
    assert "meld 2H 3H 4H 5H 6H" not in legal(st) and "meld 2H 3H 4H 5H" in legal(st)  # two cards stay
    st = run(st, "meld 2H 3H 4H 5H")
    assert {a for a in legal(st) if a.startswith("layoff")} == set()  # 6H would leave one card


def test_no_joker_in_the_first_melds():
    g = jokeren_like()
    g.no_joker_first = True
    st = g.from_deal(position(g, ["5C", "2H 3H JK 9S 9D", "3C"], "KS", stock_top="9C", to_act=1))
    st = run(st, "draw stock")
    assert "meld 2H 3H JK=4H" not in legal(st) and "meld 9C 9D 9S" in legal(st)
