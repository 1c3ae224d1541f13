"""Jokeren (jokeren.md): every Example of §11 with the spec's exact values, the §8 sheet, the
deal of §3, the options of §9 (each validated and each changing play as the spec says), the
refusals in words, and bot matches.

Examples 2 (lay-offs), 3 (joker exchange) and 6 (hand score) are also records in
tests/records/jokeren/ and replayed."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_cards
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay as replay_match
from tests.games.helpers import legal, load_record, refused, run
from tests.games.test_basis_rummy import hand_text, meld_text, position


def deal(
    players: int = 3,
    hands=(),
    discard: str = "",
    melds=(),
    stock_top: str = "",
    to_act: int = 0,
    turn: int = 0,
    dealer: int = 0,
    **opts,
):
    """A Jokeren position (``position`` of the Basis Rummy tests) with the turn number ``turn``."""
    g = get_game("jokeren", players, **opts)
    d = position(g, list(hands), discard, melds, stock_top=stock_top, to_act=to_act, dealer=dealer)
    d["turn"] = turn
    return g.from_deal(d)


# ---- §2, §3 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "n, opts, size, stock",
    [
        (2, {}, 13, 81),
        (3, {}, 13, 68),
        (4, {}, 13, 55),
        (2, {"packs": "1"}, 13, 27),
        (3, {"hand_size": "7"}, 7, 86),
    ],
)
def test_deal_sizes(n, opts, size, stock):
    g = get_game("jokeren", n, **opts)
    st = g.new_hand(seed=3)
    assert [len(h) for h in st.hands] == [size] * n and len(st.stock) == stock and len(st.pile) == 1
    assert Counter(st.cards_in_play()) == Counter(g.deck())


def test_penalty_points_check():
    assert sum(get_game("jokeren", 3).points[c] for c in get_game("jokeren", 3).deck()) == 860
    g = get_game("jokeren", 2, packs="1")
    assert sum(g.points[c] for c in g.deck()) == 430


# ---- §11 Examples ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, ok",
    [
        ("7C 7D 7H", True),
        ("7C 7C 7D", False),
        ("7C 7D 7H 7S JK=7S", False),
        ("7C 7D 7H 7S JK=7C", False),
        ("7C 7D JK=7S", True),
        ("7C 7D JK=7C", False),
        ("QD JK=QH JK=QS", True),
        ("AH 2H 3H", True),
        ("QH KH AH", True),
        ("KH AH 2H", False),
        ("JK=AS 2S 3S", True),
        ("QS KS JK=AS", True),
    ],
)
def test_example_1_meld_validity(text, ok):
    g = get_game("jokeren", 3)
    assert (g.classify(parse_cards(text)) is not None) == ok


def test_example_1_no_five_card_set_and_the_refusals():
    g = get_game("jokeren", 3)
    assert all(len(c) <= 4 for k, c in g.melds_in(parse_cards("7C 7D 7H 7S JK")) if k == "set")
    assert "two 7" in g.why_not(parse_cards("7C 7C 7D"))
    assert "two 7" in g.why_not(parse_cards("7C 7D JK=7C"))


def example_2(**opts):
    return deal(
        3,
        ["4C 4D", "8S 8H 8D 9C 9H 9S TH", "5C 5H"],
        "3S",
        [(2, "8C 8D JK=8H"), (0, "5D 6D 7D")],
        stock_top="2C",
        to_act=1,
        hand_size="7",
        **opts,
    )


def test_example_2_layoffs():
    st = run(example_2(), "draw stock")
    assert hand_text(st, 1) == sorted("8S 8H 8D 9C 9H 9S TH 2C".split())
    refused(st, "layoff 8S to 1", "before putting down a meld")
    st = run(st, "meld 9C 9H 9S")
    assert meld_text(st, 3) == "9C 9H 9S"
    st = run(st, "layoff 8S to 1")
    assert meld_text(st, 1) == "8C 8D JK=8H 8S"
    refused(st, "layoff 8H to 1", "8H does not fit on meld 1")
    st = run(st, "layoff 8D to 2")
    assert meld_text(st, 2) == "5D 6D 7D 8D"
    assert hand_text(st, 1) == ["2C", "8H", "TH"]
    assert {a for a in legal(st) if a.startswith("discard")} == {"discard 8H", "discard TH", "discard 2C"}


def example_3(hand: str = "JC 4S 5S", turn: int = 3, **opts):
    return deal(
        3,
        ["4C 4D", hand, "5C 5H"],
        "3H",
        [(2, "9C TC JK=JC QC"), (1, "KH KD KS")],
        stock_top="8D",
        to_act=1,
        turn=turn,
        **opts,
    )


def test_example_3_joker_exchange():
    st = run(example_3(), "draw stock", "swap JC in 1")
    assert meld_text(st, 1) == "9C TC JC QC" and hand_text(st, 1) == sorted("4S 5S 8D JK".split())
    after = legal(st)
    assert "meld 4S 5S JK=6S" in after and all(a.startswith("meld") and "JK=" in a for a in after)
    refused(st, "discard 8D", "the joker must go at once into a new meld")
    st = run(st, "meld 4S 5S JK=6S")
    assert meld_text(st, 3) == "4S 5S JK=6S" and st.melds[2].owner == 1 and hand_text(st, 1) == ["8D"]
    st = run(st, "discard 8D")
    assert st.over and st.result().winners == [1]


def test_after_a_swap_a_faulty_meld_is_refused_for_its_own_fault():
    """The follow-up meld of a swap: a meld of two cards, a wrong designation or a card not
    held is refused with that reason, not the swap rule; a meld without the joker with it."""
    st = run(example_3(), "draw stock", "swap JC in 1")
    msg = refused(st, "meld 5S JK=6S", "at least 3 cards")
    assert "after a swap" not in msg
    assert "after a swap" not in refused(st, "meld 4S 5S JK=7S", "not a run")
    assert "after a swap" not in refused(st, "meld 4S 5S 6S JK=7S", "does not hold 6S")
    refused(st, "meld 4S 5S 8D", "after a swap the joker must go at once into a new meld")


def test_example_3_swap_illegal_without_a_follow_up_meld():
    st = run(example_3("JC KC"), "draw stock")  # JC 8D KC: no meld for the joker
    assert hand_text(st, 1) == ["8D", "JC", "KC"]
    assert not any(a.startswith("swap") for a in legal(st))
    refused(st, "swap JC in 1", "must go at once into a new meld", "no such meld")
    st = run(example_3("JC KC", joker_to_hand=True), "draw stock", "swap JC in 1")
    assert hand_text(st, 1) == sorted("8D JK KC".split()) and meld_text(st, 1) == "9C TC JC QC"


def test_ruling_4_the_owner_may_exchange_too():
    st = deal(3, ["4C 4D", "JC 4S 5S", "5C 5H"], "3H", [(1, "9C TC JK=JC QC")], stock_top="8D", to_act=1, turn=3)
    st = run(st, "draw stock", "swap JC in 1", "meld 4S 5S JK=6S")
    assert meld_text(st, 1) == "9C TC JC QC" and hand_text(st, 1) == ["8D"]


def test_example_4_no_going_out_in_the_first_round():
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    st = deal(3, ["9S 9D", clubs, "4H 4D"], "3S", stock_top="5D", to_act=1)
    st = run(st, "draw stock")
    assert "meld " + clubs not in legal(st)  # 13 of 14 cards: only one would be left
    refused(st, "meld " + clubs)
    assert "meld " + clubs[:-3] in legal(st)  # 12 cards: two stay
    st = run(st, "discard 5D", "draw discard", "discard 4H")  # t = 0 seat 1, t = 1 seat 2
    assert st.to_act == 0 and st.turn == 2
    st = deal(3, ["9S 9D 9H", "4C 4D", "5C 5H"], "3S", stock_top="KD", to_act=0, turn=2)
    st = run(st, "draw stock", "meld 9S 9D 9H", "discard KD")
    assert st.over and st.result().winners == [0]


def test_example_5_discard_restriction():
    st = deal(3, ["4C 4D", "5C 5D", "5H 8C 9D"], "2C 5H", to_act=2, turn=3)
    st = run(st, "draw discard")
    assert hand_text(st, 2) == sorted("5H 5H 8C 9D".split())
    assert {a for a in legal(st) if a.startswith("discard")} == {"discard 8C", "discard 9D"}
    refused(st, "discard 5H", "taken from the discard pile", "identical")


def example_6():
    return deal(4, ["JK AS 7D", "JK KH KD 2C", "5S", "9C 9D 4S"], "3D", stock_top="9H", to_act=3, turn=7)


def test_example_6_hand_score():
    st = run(example_6(), "draw stock", "meld 9C 9D 9H", "discard 4S")
    r = st.result()
    assert r.points == [43, 47, 5, 0] and r.detail["hand_points"] == [43, 47, 5, 0] and r.winners == [3]
    assert not st.game.check_result(r, st)
    sheet = st.game.new_sheet()
    sheet.record(r)
    assert sheet.table()[1] == [["1 (0)", "43 / 43", "47 / 47", "5 / 5", "0 / 0"]]


def test_example_7_game_end_shared_win():
    g = get_game("jokeren", 3)
    sheet = g.new_sheet()
    for pts, d in (([0, 30, 50], 0), ([31, 0, 38], 1), ([30, 31, 0], 2)):
        assert not sheet.over
        sheet.record(Result(pts, "out", [pts.index(0)], {"dealer": d}))
    assert sheet.over and sheet.seat_totals() == (61, 61, 88) and sheet.winners == [0, 1]
    assert sheet.render().splitlines()[-1] == "Game over: Seat 0 and Seat 1 win with 61."


def test_example_8_empty_stock():
    g = get_game("jokeren", 2, reshuffle=False)
    d = position(g, ["3D", "4D"], "3C 9H QS KD", to_act=0, empty_stock=True, dump=1)
    st = run(g.from_deal(d), "draw stock")
    assert [card_text(c) for c in st.pile] == ["KD"] and "3C" in hand_text(st, 0)
    assert [card_text(c) for c in st.stock_top_first()] == ["9H", "QS"]
    g = get_game("jokeren", 2)
    st = run(g.from_deal(position(g, ["3D", "4D"], "3C 9H QS KD", to_act=0, empty_stock=True, dump=1)), "draw stock")
    assert [card_text(c) for c in st.pile] == ["KD"] and len(st.stock) == 2
    drawn = set(hand_text(st, 0)) - {"3D"}
    assert len(drawn) == 1 and drawn <= {"3C", "9H", "QS"}
    assert sorted(card_text(c) for c in st.stock) == sorted({"3C", "9H", "QS"} - drawn)
    one = g.from_deal(position(g, ["3D", "4D"], "KD", to_act=0, empty_stock=True, dump=1))
    assert legal(one) == {"draw discard"}  # one discard: no stock can be formed


def test_section_8_sheet():
    g = get_game("jokeren", 3)
    sheet = g.new_sheet()
    for pts, d in (([0, 54, 17], 0), ([33, 0, 90], 1), ([12, 8, 0], 2)):
        sheet.record(Result(pts, "out", [pts.index(0)], {"dealer": d}))
    assert sheet.render(aligned=False).splitlines() == [
        "| Hand (dealer) | Seat 0 | Seat 1 | Seat 2 |",
        "|---|---|---|---|",
        "| 1 (0) | 0 / 0 | 54 / 54 | 17 / 17 |",
        "| 2 (1) | 33 / 33 | 0 / 54 | 90 / 107 |",
        "| 3 (2) | 12 / 45 | 8 / 62 | 0 / 107 |",
        "Game over: Seat 0 wins with 45.",
    ]
    view = sheet.view()
    assert view.columns[0] == "Hand (dealer)" and view.marks[-1] == (2, 1, "winner")


# ---- records ---------------------------------------------------------------------------------


def test_example_records_replay():
    m = replay_match(load_record("jokeren", "e2"))
    assert [meld_text(m.state, i) for i in (1, 2, 3)] == ["8C 8D JK=8H 8S", "5D 6D 7D 8D", "9C 9H 9S"]
    m = replay_match(load_record("jokeren", "e3"))
    assert meld_text(m.state, 3) == "4S 5S JK=6S" and m.state.result().winners == [1]
    m = replay_match(load_record("jokeren", "e6"))
    assert m.state.result().points == [43, 47, 5, 0]


# ---- §9 options ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "opt, bad",
    [("hand_size", "10"), ("packs", "3"), ("deals_per_player", "0"), ("first_meld_40", "maybe"), ("draw_two", "2")],
)
def test_options_are_validated(opt, bad):
    with pytest.raises(OptionError, match=opt):
        get_game("jokeren", 3, **{opt: bad})


def test_joker_set_free():
    g = get_game("jokeren", 3, joker_set_fixed=False)
    assert g.classify(parse_cards("8C 8D JK=8*")) is not None and g.classify(parse_cards("8C 8D JK=8H")) is None
    st = deal(
        3,
        ["4C 4D", "8S 8H 3C", "5C 5H"],
        "3S",
        [(2, "8C 8D JK=8*"), (1, "KH KD KS")],
        stock_top="3D",
        to_act=1,
        turn=3,
        joker_set_fixed=False,
        joker_to_hand=True,
    )
    st = run(st, "draw stock")
    assert {"swap 8S in 1", "swap 8H in 1"} <= legal(st)
    st = run(st, "swap 8S in 1")
    assert meld_text(st, 1) == "8C 8D 8S"


def test_no_joker_in_first_meld():
    st = deal(3, ["4C 4D", "7C 7D JK 2S", "5C 5H"], "3S", stock_top="9S", to_act=1, no_joker_in_first_meld=True)
    st = run(st, "draw stock")
    assert not any("JK=" in a for a in legal(st))
    refused(st, "meld 7C 7D JK=7S", "no joker")


def test_first_meld_40():
    st = deal(
        3,
        ["4C 4D", "KC KD KH 5S 6S 7S 2D 3H", "5C 5H"],
        "3S",
        [(0, "9D TD JD")],
        stock_top="QD",
        to_act=1,
        turn=3,
        first_meld_40=True,
    )
    st = run(st, "draw stock")
    assert {"meld 5S 6S 7S", "meld KC KD KH"} <= legal(st)  # 18 + 30: together 48
    st = run(st, "meld 5S 6S 7S")  # 18: not yet 40
    refused(st, "discard 2D", "at least 40", "so far 18")
    assert not any(a.startswith("layoff") for a in legal(st))
    st = run(st, "meld KC KD KH")  # 48
    refused(st, "layoff QD to 1", "from the turn after")
    st = run(st, "discard 2D")
    assert st.to_act == 2


def test_first_meld_40_short_of_40_no_meld():
    st = deal(3, ["4C 4D", "5S 6S 7S 2D 3H 9C 4C", "5C 5H"], "3S", stock_top="QD", to_act=1, turn=3, first_meld_40=True)
    st = run(st, "draw stock")
    assert not any(a.startswith("meld") for a in legal(st))
    refused(st, "meld 5S 6S 7S", "at least 40", "worth 18")


def test_first_meld_40_a_low_ace_counts_one():
    from cardtable.families.melds import meld_points

    g = get_game("jokeren", 3, first_meld_40=True)
    assert meld_points("run", parse_cards("AH 2H 3H"), g.points) == 6
    assert meld_points("run", parse_cards("QH KH AH"), g.points) == 31
    assert meld_points("set", parse_cards("7C 7D JK=7S"), g.points) == 21


def test_discard_take_must_use():
    st = deal(
        3, ["4C 4D", "9H 9S 2D 3C", "5C 5H"], "4S 9C", stock_top="QD", to_act=1, turn=3, discard_take_must_use=True
    )
    assert "draw discard" in legal(st)
    st2 = run(st, "draw discard")
    refused(st2, "discard 2D", "must first be put on the table")
    st2 = run(st2, "meld 9C 9H 9S")
    assert "discard 2D" in legal(st2)
    st = deal(
        3, ["4C 4D", "9H 2S 2D 3C", "5C 5H"], "4S 9C", stock_top="QD", to_act=1, turn=3, discard_take_must_use=True
    )
    assert legal(st) == {"draw stock"}
    refused(st, "draw discard", "only if it can be put on the table")


def test_discard_take_must_use_by_a_lay_off_after_coming_out():
    st = deal(
        3,
        ["4C 4D", "9C 9H 9S 2D", "5C 5H"],
        "4S 8S",
        [(2, "8C 8D JK=8H")],
        stock_top="QD",
        to_act=1,
        turn=3,
        discard_take_must_use=True,
    )
    st = run(st, "draw discard")  # 8S fits meld 1 once seat 1 is on the table
    assert not any(a.startswith("discard") for a in legal(st))
    st = run(st, "meld 9C 9H 9S", "layoff 8S to 1")
    assert meld_text(st, 1) == "8C 8D JK=8H 8S" and legal(st) == {"discard 2D"}


def test_discard_take_must_use_no_lay_off_takes_the_taken_cards_place():
    """Ruling 16: an action in between is allowed only if the taken card can still go down after
    it, on the table as that action leaves it. Laying a joker off as the very 9D taken (``layoff
    JK=9D to 1``) left the 9D no place and the seat with no legal action at all (found by random
    play with ``draw_two``); a joker at the other end leaves it its place."""
    st = deal(
        3,
        ["4D 5C", "KD QS JK 2C", "5H 5S"],
        "3S 9D",
        [(0, "6D 7D 8D"), (1, "4C 4H 4S")],
        stock_top="QD",
        to_act=1,
        turn=3,
        discard_take_must_use=True,
    )
    st = run(st, "draw discard")
    assert {"layoff 9D to 1", "layoff JK=5D to 1"} <= legal(st)
    assert "layoff JK=9D to 1" not in legal(st)
    refused(st, "layoff JK=9D to 1", "")
    st = run(st, "layoff JK=5D to 1")
    assert legal(st) == {"layoff 9D to 1"}
    st = run(st, "layoff 9D to 1")
    assert meld_text(st, 1) == "JK=5D 6D 7D 8D 9D" and "discard 2C" in legal(st)


def test_draw_two():
    st = deal(3, ["4C 4D", "9H 9S 2D", "5C 5H"], "4S 9C", stock_top="QD", to_act=1, turn=3, draw_two=True)
    st = run(st, "draw discard")
    assert st.to_act == 1 and legal(st) == {"draw stock", "draw discard"}
    refused(st, "meld 9C 9H 9S", "second card")
    st = run(st, "draw stock")
    assert hand_text(st, 1) == sorted("9H 9S 2D 9C QD".split())
    assert "discard 9C" not in legal(st) and "discard QD" in legal(st)


def test_packs_one_only_for_two_players():
    assert get_game("jokeren", 2, packs="1").packs == 1 and len(get_game("jokeren", 2, packs="1").deck()) == 54
    assert get_game("jokeren", 3, packs="1").packs == 2  # ruling 13


def test_deals_per_player_sets_the_number_of_hands():
    g = get_game("jokeren", 3, deals_per_player=2)
    assert g.new_sheet().max_hands == 6


def test_a_deal_must_hold_the_whole_deck_and_a_valid_turn():
    g = get_game("jokeren", 2)
    d = position(g, ["3C", "3D"], "4H")
    d["stock"] = d["stock"][:-1]
    with pytest.raises(DealError, match="missing"):
        g.from_deal(d)
    d = position(g, ["3C", "3D"], "4H")
    d["turn"] = -1
    with pytest.raises(DealError, match="turn"):
        g.from_deal(d)


# ---- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, opts", [(2, {}), (4, {"first_meld_40": True}), (3, {"joker_set_fixed": False})])
def test_bots_play_whole_matches(n, opts):
    """The simple bot plays whole matches; it melds with jokers and exchanges them, and with
    ``first_meld_40`` its first melds reach 40."""
    g = get_game("jokeren", n, deals_per_player=2, **opts)
    m = Match(g, seed=5)
    bots = [get_bot("simple", g, seed=s) for s in range(n)]
    seen = Counter()
    st = m.start_hand()
    while not m.over:
        if st.over:
            st = m.start_hand()
            continue
        obs = st.observation(st.to_act)
        a = bots[st.to_act].choose(obs)
        seen[a.verb] += 1
        if a.verb == "meld" and any(card_text(c).startswith("JK=") for c in a.cards):
            seen["joker meld"] += 1
        before = st
        st = m.apply(a)
        if a.verb == "discard" and opts.get("first_meld_40") and before.first_pts:
            assert before.first_pts >= 40
    assert m.sheet.winners and m.sheet.hands == 2 * n
    assert seen["joker meld"] and seen["layoff"] and seen["swap"], seen


@pytest.mark.parametrize("players", [3, 4])
def test_one_pack_with_more_than_two_players_is_refused_not_silently_two(players):
    """§9, ruling 13: ``packs=1`` is for 2 players only; a new match with more players that
    asks for it is refused in one line (a record holding it still replays: only new matches
    are checked)."""
    from click.testing import CliRunner

    from cardtable.cli import main
    from cardtable.engine import OptionError, get_game

    with pytest.raises(OptionError, match="packs=1: one pack is for 2 players only"):
        get_game("jokeren", players, packs="1").check_new_match()
    get_game("jokeren", 2, packs="1").check_new_match()
    get_game("jokeren", players, packs="2").check_new_match()
    res = CliRunner().invoke(
        main, ["simulate", "jokeren", "--players", str(players), "--option", "packs=1", "--hands", "1"]
    )
    assert res.exit_code == 2 and "one pack is for 2 players only" in res.output, res.output
