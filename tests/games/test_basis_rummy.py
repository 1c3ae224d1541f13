"""Basis Rummy (basis-rummy.md): every Example of §11 with the spec's exact values, the deal
sizes of §3, the options of §9, the refusals in words, and a bot match.

Example 3 (lay-offs), 4 (joker exchange) and 7 (going out) are also records in
tests/records/basis-rummy/ and replayed."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_cards
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, Result
from cardtable.engine.record import replay as replay_match
from cardtable.engine.record import summary as match_summary
from cardtable.families.melds import meld_uses
from tests.games.helpers import legal, load_record, refused, run


def position(
    game,
    hands: list[str],
    discard: str = "",
    melds=(),
    stock_top: str = "",
    to_act: int = 0,
    dealer: int = 0,
    empty_stock: bool = False,
    dump: int | None = None,
) -> dict:
    """A mid-hand ``deal``: the given hands, discard pile (bottom to top), melds and stock top;
    every other card of the deck goes under the stock (sorted), or, with ``empty_stock``, into
    the hand of seat ``dump``."""
    hands_l = [h.split() for h in hands]
    used = Counter()
    for h in hands_l:
        used.update(parse_cards(h))
    used.update(parse_cards(discard.split()))
    used.update(parse_cards(stock_top.split()))
    for _owner, cards in melds:
        used.update(meld_uses(parse_cards(cards.split())))
    rest = sorted((Counter(game.deck()) - used).elements())
    stock = stock_top.split()
    if empty_stock:
        hands_l[dump] += [card_text(c) for c in rest]
    else:
        stock += [card_text(c) for c in rest]
    return {
        "dealer": dealer,
        "hands": hands_l,
        "stock": stock,
        "discard": discard.split(),
        "melds": [{"owner": o, "cards": c.split()} for o, c in melds],
        "to_act": to_act,
    }


def meld_text(state, i: int) -> str:
    return " ".join(card_text(c) for c in state.melds[i - 1].cards)


def hand_text(state, seat: int) -> list[str]:
    return sorted(card_text(c) for c in state.hands[seat])


# ---- §2, §3 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "n, opts, packs, size, stock",
    [
        (2, {}, 1, 7, 39),
        (3, {}, 1, 7, 32),
        (3, {"deal_3p": "10"}, 1, 10, 23),
        (4, {}, 1, 7, 25),
        (5, {}, 1, 7, 18),
        (6, {}, 1, 6, 17),
        (4, {"packs": "2"}, 2, 10, 67),
        (5, {"packs": "2"}, 2, 10, 57),
        (6, {"packs": "2"}, 2, 10, 47),
        (7, {}, 2, 10, 37),
        (2, {"packs": "2"}, 1, 7, 39),
    ],
)
def test_deal_sizes_and_packs(n, opts, packs, size, stock):
    g = get_game("basis-rummy", n, **opts)
    st = g.new_hand(seed=5)
    assert g.packs == packs and len(g.deck()) == 54 * packs
    assert [len(h) for h in st.hands] == [size] * n
    assert len(st.stock) == stock and len(st.pile) == 1
    assert Counter(st.cards_in_play()) == Counter(g.deck())


def test_card_points_check():
    g = get_game("basis-rummy", 2)
    assert sum(g.points[c] for c in g.deck()) == 410
    assert sum(g.points[c] for c in get_game("basis-rummy", 7).deck()) == 820


# ---- §11 Examples ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, ok",
    [
        ("AH 2H 3H", True),
        ("QH KH AH", True),
        ("KH AH 2H", False),
        ("JK=AS 2S 3S", True),
        ("QS KS JK=AS", True),
        ("KS JK=AS 2S", False),
        ("5C JK=6C JK=7C", True),
        ("5H 6H 8H", False),
        ("5H 6H JK=7H 8H", True),
    ],
)
def test_example_1_runs(text, ok):
    g = get_game("basis-rummy", 2)
    assert (g.classify(parse_cards(text)) is not None) == ok


@pytest.mark.parametrize(
    "n, text, ok",
    [
        (2, "7C 7D 7H JK=7*", True),
        (2, "7C 7D 7H 7S JK=7*", False),
        (7, "7C 7C 7D", True),
        (7, "9S 9S 9H 9H 9D 9C JK=9* JK=9*", True),
        (7, "9S 9S 9H 9H 9D 9C JK=9* JK=9* JK=9*", False),
        (7, "JK=9* JK=9* JK=9*", False),
    ],
)
def test_example_2_sets(n, text, ok):
    g = get_game("basis-rummy", n)
    assert (g.classify(parse_cards(text)) is not None) == ok


def example_3():
    g = get_game("basis-rummy", 3)
    return g.from_deal(
        position(g, ["AD 9D TD 2D", "4S 4H", "4C 4D"], "8S", [(2, "JD QD KD")], stock_top="5C", to_act=0)
    )


def test_example_3_layoffs_on_a_run():
    st = run(example_3(), "draw stock")
    assert hand_text(st, 0) == sorted("AD 9D TD 2D 5C".split())
    assert "layoff AD to 1" in legal(st)
    st = run(st, "layoff AD to 1")
    assert meld_text(st, 1) == "JD QD KD AD"
    refused(st, "layoff 2D to 1", "2D does not fit on meld 1")
    st = run(st, "layoff TD to 1")
    assert meld_text(st, 1) == "TD JD QD KD AD"
    st = run(st, "layoff 9D to 1")
    assert meld_text(st, 1) == "9D TD JD QD KD AD"
    assert hand_text(st, 0) == ["2D", "5C"]
    assert {a for a in legal(st) if a.startswith("discard")} == {"discard 2D", "discard 5C"}


def example_4(hand: str = "6S QS", players: int = 3, **opts):
    g = get_game("basis-rummy", players, **opts)
    return g.from_deal(
        position(
            g,
            [hand] + ["4S 4H", "4C 4D", "5C", "5D"][: players - 1],
            "8S",
            [(1, "5S JK=6S 7S"), (2, "QC QD JK=Q*")],
            stock_top="9H",
            to_act=0,
        )
    )


def test_example_4_joker_exchange():
    st = run(example_4(), "draw stock")
    assert hand_text(st, 0) == ["6S", "9H", "QS"]
    st = run(st, "swap 6S in 1")
    assert meld_text(st, 1) == "5S 6S 7S" and hand_text(st, 0) == ["9H", "JK", "QS"]
    st = run(st, "swap QS in 2")
    assert meld_text(st, 2) == "QC QD QS" and hand_text(st, 0) == ["9H", "JK", "JK"]
    st = run(st, "discard 9H")
    assert hand_text(st, 0) == ["JK", "JK"] and st.to_act == 1


def test_example_4_the_run_joker_stands_for_6s_only():
    st = run(example_4("5S QS", 4, packs="2"), "draw stock")  # the other 5S: two packs
    refused(st, "swap 5S in 1", "no joker of meld 1", "stands for 5S")


def test_example_5_discard_restriction_two_packs():
    g = get_game("basis-rummy", 4, packs="2")
    st = g.from_deal(position(g, ["4S 4H", "4C 4D", "5S 5H", "8C 8H 2D 9S"], "3C 8C", to_act=3))
    st = run(st, "draw discard")
    assert hand_text(st, 3) == sorted("8C 8C 8H 2D 9S".split())
    assert {a for a in legal(st) if a.startswith("discard")} == {"discard 8H", "discard 2D", "discard 9S"}
    refused(st, "discard 8C", "taken from the discard pile", "identical")
    st2 = g.from_deal(position(g, ["4S 4H", "4C 4D", "5S 5H", "8C 8H 2D 9S"], "3C", stock_top="8C", to_act=3))
    st2 = run(st2, "draw stock")
    assert {a for a in legal(st2) if a.startswith("discard")} == {
        "discard 8C",
        "discard 8H",
        "discard 2D",
        "discard 9S",
    }


def example_6():
    g = get_game("basis-rummy", 2)
    return g.from_deal(position(g, ["3C", "3D"], "4H 9C KD 2S", to_act=1, empty_stock=True, dump=0))


def test_example_6_empty_stock():
    st = example_6()
    assert not st.stock
    a = run(st, "draw discard")
    assert "2S" in hand_text(a, 1) and not a.stock and [card_text(c) for c in a.pile] == ["4H", "9C", "KD"]
    b = run(st, "draw stock")
    assert not b.pile and "4H" in hand_text(b, 1)
    assert [card_text(c) for c in b.stock_top_first()] == ["9C", "KD", "2S"]


def test_example_7_going_out_with_and_without_a_discard():
    g = get_game("basis-rummy", 3)
    st = g.from_deal(position(g, ["9D 4S", "QH", "5C 6C"], "QS", [(0, "6D 7D 8D")], stock_top="7C", to_act=2))
    out = run(st, "draw stock", "meld 5C 6C 7C")
    assert out.over and out.result().winners == [2]
    st = g.from_deal(position(g, ["9D 4S", "QH", "5C 6C"], "QS", [(0, "6D 7D 8D")], stock_top="KH", to_act=0))
    st = run(st, "draw stock", "layoff 9D to 1", "discard KH")
    assert hand_text(st, 0) == ["4S"] and st.to_act == 1 and not st.over
    st = g.from_deal(position(g, ["9D 4S", "QH", "5C 6C"], "QS", [(0, "6D 7D 8D")], to_act=1))
    st = run(st, "draw discard")
    assert {a for a in legal(st) if a.startswith("discard")} == {"discard QH"}
    st = run(st, "discard QH")
    assert hand_text(st, 1) == ["QS"] and st.to_act == 2


def test_example_8_hand_score():
    g = get_game("basis-rummy", 4)
    st = g.from_deal(position(g, ["AS KD JK", "7C 7D 2H TS", "5H 6H", "QH"], "3D", stock_top="7H", to_act=2, dealer=1))
    st = run(st, "draw stock", "meld 5H 6H 7H")
    r = st.result()
    assert r.detail["hand_points"] == [36, 26, 0, 10]
    assert r.points == [0, 0, 72, 0] and r.winners == [2]
    assert not g.check_result(r, st)
    sheet = g.new_sheet()
    sheet.record(r)
    head, rows = sheet.table()
    assert head[0] == "Hand (dealer)" and rows == [["1 (1)", "0 / 0", "0 / 0", "72 / 72", "0 / 0"]]


def test_example_9_game_end():
    g = get_game("basis-rummy", 3, target_score=250)
    sheet = g.new_sheet()
    sheet.record(Result([240, 0, 0], "out", [0], {"dealer": 0}))
    sheet.record(Result([0, 100, 0], "out", [1], {"dealer": 1}))
    sheet.record(Result([0, 0, 180], "out", [2], {"dealer": 2}))
    assert not sheet.over and sheet.seat_totals() == (240, 100, 180)
    sheet.record(Result([0, 160, 0], "out", [1], {"dealer": 0}))
    assert sheet.over and sheet.winners == [1] and sheet.seat_totals() == (240, 260, 180)
    assert sheet.render().splitlines()[-1] == "Game over: Seat 1 wins with 260."


def test_section_8_sheet_example():
    g = get_game("basis-rummy", 3)
    sheet = g.new_sheet()
    for pts, d in (([0, 47, 0], 0), ([62, 0, 0], 1), ([0, 0, 38], 2)):
        sheet.record(Result(pts, "out", [pts.index(max(pts))], {"dealer": d}))
    assert sheet.render(aligned=False).splitlines() == [
        "| Hand (dealer) | Seat 0 | Seat 1 | Seat 2 |",
        "|---|---|---|---|",
        "| 1 (0) | 0 / 0 | 47 / 47 | 0 / 0 |",
        "| 2 (1) | 62 / 62 | 0 / 47 | 0 / 0 |",
        "| 3 (2) | 0 / 62 | 0 / 47 | 38 / 38 |",
    ]


# ---- records ---------------------------------------------------------------------------------


def test_example_records_replay():
    m = replay_match(load_record("basis-rummy", "e3"))
    assert meld_text(m.state, 1) == "9D TD JD QD KD AD" and hand_text(m.state, 0) == ["2D"]
    m = replay_match(load_record("basis-rummy", "e4"))
    assert [meld_text(m.state, i) for i in (1, 2)] == ["5S 6S 7S", "QC QD QS"]
    assert hand_text(m.state, 0) == ["JK", "JK"] and card_text(m.state.pile[-1]) == "9H"
    s = match_summary(replay_match(load_record("basis-rummy", "e7")))
    assert s["hands"][0]["result"]["points"] == [0, 0, 23]  # 9D 4S = 13, QH = 10


# ---- refusals, options, deals ---------------------------------------------------------------


def test_refusals_in_words():
    st = run(example_3(), "draw stock")
    refused(st, "meld 9D TD 2D", "not a run")
    refused(st, "meld 9D TD JK=JD", "does not hold JK")
    st = run(example_4(), "draw stock")
    refused(st, "swap 9H in 2", "no joker of meld 2")
    refused(st, "meld 6S QS 9H", "not a set")


def test_a_deal_must_hold_the_whole_deck():
    g = get_game("basis-rummy", 2)
    d = position(g, ["3C", "3D"], "4H")
    d["stock"] = d["stock"][:-1]
    with pytest.raises(DealError, match="missing"):
        g.from_deal(d)
    d = position(g, ["3C", "3D"], "4H", [(0, "5S JK=6S 7S")])
    assert g.from_deal(d).deal_record() == d


def test_bots_play_whole_matches():
    """The simple bot plays whole matches at 2, 5 (two packs) and 7 players; a meld with a
    joker and a swap happen along the way."""
    seen = Counter()
    for n, opts in ((2, {}), (5, {"packs": "2"}), (7, {})):
        g = get_game("basis-rummy", n, target_score=150, **opts)
        m = Match(g, seed=11)
        bots = [get_bot("simple", g, seed=s) for s in range(n)]
        steps = 0
        st = m.start_hand()
        while not m.over:
            if st.over:
                st = m.start_hand()
                continue
            a = bots[st.to_act].choose(st.observation(st.to_act))
            seen[a.verb] += 1
            if a.verb == "meld" and any(card_text(c).startswith("JK=") for c in a.cards):
                seen["joker meld"] += 1
            st = m.apply(a)
            steps += 1
            assert steps < 50_000
        assert m.sheet.winners and max(m.sheet.totals) >= 150
    assert seen["swap"] and seen["joker meld"] and seen["layoff"], seen


def test_ruling_16_no_taking_a_copy_of_ones_only_cards():
    g = get_game("basis-rummy", 4, packs="2")
    st = g.from_deal(position(g, ["4S 4H", "4C 4D", "5S 5H", "8C"], "3C 8C", to_act=3))
    assert legal(st) == {"draw stock"}
    refused(st, "draw discard", "only copies of 8C")


@pytest.mark.parametrize("players,given,refused", [(3, "2", True), (7, "1", False), (7, "2", False), (5, "2", False)])
def test_packs_outside_four_to_six_players_only_as_in_force(players, given, refused):
    """§2: the packs are chosen with 4 to 6 players; with 2-3 (one pack) or 7 (two) another
    value is refused at a new match instead of being silently overruled."""
    from cardtable.engine import OptionError, get_game

    game = get_game("basis-rummy", players, packs=given)
    if refused:
        with pytest.raises(OptionError, match=f"packs={given}: the packs are chosen with 4 to 6 players only"):
            game.check_new_match()
    else:
        game.check_new_match()
