"""Amerikaans Jokeren (amerikaans-jokeren.md): every Example of §11 with the spec's exact values,
the deal of §3, the contracts of §5.2, the options of §9, the refusals in words, the sheet of §8
and a bot match.

Examples 1 (the upcard round), 5 (the going-out exception) and 6 (hand 6 in one go) are also
records in tests/records/amerikaans-jokeren/ and replayed."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_cards
from cardtable.engine import Action, Match, get_game
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay as replay_match
from cardtable.engine.record import summary as match_summary
from cardtable.games.amerikaans_jokeren import CONTRACTS, ContractSheet
from tests.games.helpers import legal, load_record, refused, run
from tests.games.test_basis_rummy import hand_text, meld_text, position

GID = "amerikaans-jokeren"


def game(n: int = 3, **opts):
    return get_game(GID, n, **opts)


def at(g, hands, hand_no, turn=0, **kw):
    """A position (``test_basis_rummy.position``) in hand ``hand_no`` at normal turn ``turn``."""
    d = position(g, hands, **kw)
    d["hand_no"] = hand_no
    d["turn"] = turn
    return g.from_deal(d)


def ok(st, text: str) -> bool:
    return st.is_legal(st.game.parse_action(text))


def opens(st) -> set[str]:
    return {t for t in legal(st) if t.startswith("open")}


# ---- §2, §3 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n, stock", [(2, 81), (3, 68), (4, 55)])
def test_deal_sizes(n, stock):
    g = game(n)
    st = g.new_hand(seed=3)
    assert [len(h) for h in st.hands] == [13] * n and len(st.stock) == stock and len(st.pile) == 1
    assert Counter(st.cards_in_play()) == Counter(g.deck()) and len(g.deck()) == 108
    assert st.observation(1).phase == "upcard" and st.to_act == 1


def test_penalty_points_check():
    g = game(2)
    pts = [25 if card_text(c) == "JK" else g.points[c] for c in g.deck()]
    assert sum(pts) == 860 and sum(pts) - 4 * 15 == 800


def test_hands_are_dealt_in_turn_and_the_contract_is_shown():
    g = game(4)
    m = Match(g, ["bot:simple"] * 4, seed=2)
    seen = []
    while not m.over:
        st = m.start_hand()
        obs = st.observation(0)
        seen.append((st.dealer, st.hand_no, obs.extra["contract"]))
        assert f"hand {st.hand_no}/6" in obs.status
        zone = next(z for z in obs.zones if z.kind == "melds")
        assert "contract:" in zone.caption
        m.play_bots() if hasattr(m, "play_bots") else _finish(m)
    assert [s[:2] for s in seen] == [(0, 1), (1, 2), (2, 3), (3, 4), (0, 5), (1, 6)]
    assert [s[2] for s in seen] == ["set ≥ 3", "run ≥ 3", "40 points", "run ≥ 4", "run ≥ 5", "in one go"]
    assert m.sheet.hands == 6 and m.over


def _finish(m):
    bots = [get_bot("simple", m.game, seed=i) for i in range(m.game.players)]
    st = m.state
    while not st.over:
        st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))


# ---- §11 Examples ---------------------------------------------------------------------------


def example_1_deal(g):
    """A fresh 3-player deal, dealer seat 0, upcard 9H; seat 2 holds KC."""
    deck = Counter(g.deck())
    hands = [
        ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"],
        ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"],
        ["KC", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "TH", "JH", "QH", "KH", "AH"],
    ]
    used = Counter(parse_cards([c for h in hands for c in h] + ["9H"]))
    stock = [card_text(c) for c in sorted((deck - used).elements())]
    return {"dealer": 0, "hands": hands, "stock": stock, "discard": ["9H"]}


def test_example_1_upcard_round():
    g = game(3)
    st = g.from_deal(example_1_deal(g))
    assert st.to_act == 1 and legal(st) == {"pass", "draw discard"}
    st = run(st, "pass")
    assert st.to_act == 2
    st = run(st, "draw discard")
    assert "9H" in hand_text(st, 2) and "discard 9H" not in legal(st)
    refused(st, "discard 9H", "other than 9H")
    st = run(st, "discard KC")
    assert card_text(st.pile[-1]) == "KC" and st.to_act == 1 and st.turn == 0  # seat 0 not asked
    assert legal(st) == {"draw stock", "draw discard"}
    # all three pass: seat 1 starts with 9H as the upcard
    st = run(g.from_deal(example_1_deal(g)), "pass", "pass", "pass")
    assert st.to_act == 1 and card_text(st.pile[-1]) == "9H" and legal(st) == {"draw stock", "draw discard"}


def test_example_1_record():
    m = replay_match(load_record(GID, "e1"))
    assert card_text(m.state.pile[-1]) == "KC" and m.state.to_act == 1 and "9H" in hand_text(m.state, 2)


def example_2(g=None):
    g = g or game(3)
    return at(
        g,
        ["5H 6D", "7C 7D 7H 8S 9S TS 2D KD 4C 5C 6C QH JK", "2S 9D"],
        1,
        turn=1,
        discard="3C",
        stock_top="QS",
        to_act=1,
        dealer=2,
    )


def test_example_2_hand_1_set():
    st = run(example_2(), "draw stock")
    assert hand_text(st, 1) == sorted("7C 7D 7H 8S 9S TS 2D KD 4C 5C 6C QH JK QS".split())
    assert ok(st, "open 7C 7D 7H")
    refused(st, "open 7C 7D 7H, 8S 9S TS", "one meld when coming out")
    refused(st, "open 8S 9S TS", "contract of hand 1 is a set")
    refused(st, "meld 7C 7D 7H", "has not come out yet")
    st = run(st, "open 7C 7D 7H", "discard 2D")
    assert len(st.hands[1]) == 10
    st = run(st, "draw stock", "discard 2S", "draw stock", "discard 6D", "draw stock")
    assert st.to_act == 1
    assert {"meld 8S 9S TS", "meld 4C 5C 6C"} <= legal(st)
    st = run(st, "meld 8S 9S TS", "meld 4C 5C 6C")
    assert [meld_text(st, i) for i in (1, 2, 3)] == ["7C 7D 7H", "8S 9S TS", "4C 5C 6C"]


def test_example_2_no_layoff_in_the_turn_of_coming_out():
    st = run(example_2(), "draw stock", "open 7C 7D 7H")
    assert {a.split()[0] for a in legal(st)} == {"discard"}
    refused(st, "meld 8S 9S TS", "came out this turn")


def test_example_3_hand_3_forty_points():
    g = game(3)
    st = at(
        g,
        ["5H 6D", "JH QH KH 5C 5D 5S AD 2D 3D KC KD KS 8H", "2S 9D"],
        3,
        turn=1,
        discard="3C",
        stock_top="7S",
        to_act=1,
        dealer=2,
    )
    st = run(st, "draw stock")
    assert ok(st, "open JH QH KH, 5C 5D 5S")  # 30 + 15 = 45
    refused(st, "open AD 2D 3D, KC KD KS", "40 points", "worth 36")  # 6 + 30
    st = at(
        g,
        ["5H 6D", "QS KS AS 9C JK JC 2H 3H 7D 8D 4C 6S 9H", "2S 9D"],
        3,
        turn=1,
        discard="3C",
        stock_top="7S",
        to_act=1,
        dealer=2,
    )
    st = run(st, "draw stock")
    refused(st, "open QS KS AS", "worth 31")  # 10 + 10 + 11
    assert ok(st, "open QS KS AS, 9C JK=TC JC")  # 31 + 29 = 60


def test_example_4_hands_4_and_5():
    g = game(3)
    st = run(
        at(
            g,
            ["5H 6D", "5H 6H JK 8H 7H 9C 9D 9H 9S 2D 4S KC KD", "2S 9D"],
            4,
            turn=1,
            discard="3C",
            stock_top="7S",
            to_act=1,
            dealer=2,
        ),
        "draw stock",
    )
    assert ok(st, "open 5H 6H JK=7H 8H")
    refused(st, "open 5H 6H 7H", "run of at least 4")
    refused(st, "open 9C 9D 9H 9S", "run of at least 4")
    st = run(
        at(
            g,
            ["5H 6D", "TD JD QD KD AD 2D 9C 9H 9S 2C 4S KC 7H", "2S 9D"],
            5,
            turn=1,
            discard="3C",
            stock_top="7S",
            to_act=1,
            dealer=2,
        ),
        "draw stock",
    )
    assert ok(st, "open TD JD QD KD AD")
    assert g.classify(parse_cards("JD QD KD AD 2D")) is None
    refused(st, "open JD QD KD AD 2D", "not")


def example_5(extra: str = ""):
    g = game(3, hand_size="7")
    return at(
        g,
        ["4S 5S 6S 7S KH KD KC " + extra, "2H 3D", "8C TC"],
        2,
        turn=4,
        discard="3C",
        stock_top="9D",
        to_act=0,
        dealer=1,
    )


def test_example_5_going_out_exception():
    st = run(example_5(), "draw stock")
    assert hand_text(st, 0) == sorted("4S 5S 6S 7S KH KD KC 9D".split())
    assert ok(st, "open 4S 5S 6S 7S, KH KD KC")
    st = run(st, "open 4S 5S 6S 7S, KH KD KC")
    assert hand_text(st, 0) == ["9D"]
    st = run(st, "discard 9D")
    assert st.over and st.result().winners == [0]
    # one card more: two melds without going out are illegal; the run alone is legal
    st = run(example_5("2C"), "draw stock")
    refused(st, "open 4S 5S 6S 7S, KH KD KC", "one meld when coming out")
    assert ok(st, "open 4S 5S 6S 7S")


def test_example_5_record():
    s = match_summary(replay_match(load_record(GID, "e5")))
    r = s["hands"][0]["result"]
    assert r["points"] == [0, 5, 18] and r["winners"] == [0]  # 2H 3D = 5; 8C TC = 18


def example_6():
    g = game(4)
    return at(
        g,
        ["5S 6D", "2S 9D", "AH 2H 3H 4H 9C 9D 9S JK QS KS 5D 5C 5H", "8D 7C"],
        6,
        turn=4,
        discard="3C",
        stock_top="8C",
        to_act=2,
        dealer=1,
    )


def test_example_6_hand_6_in_one_go():
    st = run(example_6(), "draw stock")
    text = "open AH 2H 3H 4H, 9C 9D 9S, JK=JS QS KS, 5D 5C 5H"
    assert ok(st, text)
    st = run(st, text)
    assert hand_text(st, 2) == ["8C"]
    st = run(st, "discard 8C")
    assert st.over and st.result().winners == [2]
    # a player who cannot meld all but one card puts nothing down
    g = game(4)
    st = run(
        at(
            g,
            ["5S 6D", "2S 9D", "AH 2H 3H 4H 9C 9D 9S JK QS KS 5D 5C 7H", "8D 7C"],
            6,
            turn=4,
            discard="3C",
            stock_top="8C",
            to_act=2,
            dealer=1,
        ),
        "draw stock",
    )
    assert not opens(st)
    refused(st, "open AH 2H 3H 4H", "in hand 6 a player comes out only by going out")


def test_example_6_record():
    s = match_summary(replay_match(load_record(GID, "e6")))
    assert s["hands"][0]["result"]["winners"] == [2]
    assert s["hands"][0]["result"]["points"] == [11, 11, 0, 15]  # 5S 6D; 2S 9D; 8D 7C


def example_7(hand: str = "JC 4S 5S", stock_top: str = "8D", **opts):
    g = game(3, **opts)
    return at(
        g,
        ["2C 3C", hand, "6D 7D"],
        2,
        turn=5,
        discard="3D",
        melds=[(2, "9C TC JK=JC QC"), (1, "2H 3H 4H")],
        stock_top=stock_top,
        to_act=1,
        dealer=0,
    )


def test_example_7_joker_exchange():
    st = run(example_7(), "draw stock")
    assert hand_text(st, 1) == sorted("JC 4S 5S 8D".split())
    st = run(st, "swap JC in 1")
    assert meld_text(st, 1) == "9C TC JC QC"
    assert legal(st) >= {"meld 4S 5S JK=6S"} and not any(t.startswith("discard") for t in legal(st))
    refused(st, "discard 8D", "joker must go at once into a new meld")
    st = run(st, "meld 4S 5S JK=6S")
    assert hand_text(st, 1) == ["8D"]


def test_example_7_who_may_swap():
    g = game(3)
    # not come out: no swap
    st = run(
        at(
            g,
            ["2C 3C", "JC 4S 5S", "6D 7D"],
            2,
            turn=5,
            discard="3D",
            melds=[(2, "9C TC JK=JC QC")],
            stock_top="8D",
            to_act=1,
            dealer=0,
        ),
        "draw stock",
    )
    refused(st, "swap JC in 1", "has not come out yet")
    # comes out in this very turn: no swap
    st = run(
        at(
            g,
            ["2C 3C", "JC 4S 5S 6S 9H", "6D 7D"],
            2,
            turn=5,
            discard="3D",
            melds=[(2, "9C TC JK=JC QC")],
            stock_top="8D",
            to_act=1,
            dealer=0,
        ),
        "draw stock",
        "open 4S 5S 6S",
    )
    refused(st, "swap JC in 1", "came out this turn")


def test_example_7_no_new_meld_for_the_joker():
    st = run(example_7("JC 8D", stock_top="KH"), "draw stock")
    assert hand_text(st, 1) == ["8D", "JC", "KH"]
    refused(st, "swap JC in 1")
    st = run(example_7("JC 8D", stock_top="KH", joker_to_hand=True), "draw stock")
    st = run(st, "swap JC in 1")
    assert hand_text(st, 1) == ["8D", "JK", "KH"] and "discard JK" in legal(st)


def test_example_8_hand_score_with_two_joker_values():
    g = game(4)
    st = at(
        g,
        ["JK AS 7D", "JK AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C", "5S", "9C"],
        1,
        turn=7,
        discard="2D",
        melds=[(0, "KC KD KS"), (2, "QC QH QS"), (3, "6C 7C 8C")],
        stock_top="2H",
        to_act=3,
        dealer=0,
    )
    st = run(st, "draw stock", "layoff 9C to 3", "discard 2H")
    res = st.result()
    assert res.points == [43, 103, 5, 0] and res.winners == [3]
    assert res.detail["came_out"] == [True, False, True, True]
    sheet = g.new_sheet()
    sheet.record(res)
    assert sheet.table()[1][0] == ["1 (dealer 0)", "set ≥ 3", "43 / 43", "103 / 103", "5 / 5", "0 / 0"]
    # the same 13 cards in the hand of a player who has come out: 118
    st.owners |= 1 << 1
    assert st.penalty(1) == 118


def test_example_9_game_end_and_shared_win():
    sheet = ContractSheet(3, CONTRACTS)
    rows = [[40, 30, 30], [30, 30, 30], [30, 30, 30], [40, 30, 30], [40, 30, 30], [32, 37, 37]]
    for i, pts in enumerate(rows):
        assert not sheet.over
        sheet.record(Result(pts, "out", [], {"dealer": i % 3}))
    assert sheet.totals == [212, 187, 187] and sheet.over and sheet.winners == [1, 2]
    v = sheet.view()
    assert v.columns[:2] == ("Hand", "Contract") and v.rows[5][1] == "in one go"
    assert "Seat 1 and Seat 2 win with 187" in sheet.render()


# ---- §9 options, §5.6, refusals, deals --------------------------------------------------------


@pytest.mark.parametrize(
    "opts, word",
    [
        ({"hand_size": "9"}, "hand_size"),
        ({"draw_two": "maybe"}, "draw_two"),
        ({"reshuffle": 3}, "reshuffle"),
        ({"joker_set_fixed": "x"}, "joker_set_fixed"),
        ({"no_joker_in_opening": "?"}, "no_joker_in_opening"),
        ({"discard_take_must_use": 2}, "discard_take_must_use"),
        ({"joker_to_hand": "y"}, "joker_to_hand"),
        ({"target_score": 100}, "target_score"),
    ],
)
def test_options_are_validated(opts, word):
    with pytest.raises(OptionError) as err:
        game(3, **opts)
    assert word in str(err.value)


def test_no_joker_in_opening_and_free_set_jokers():
    g = game(3, no_joker_in_opening=True)
    st = run(
        at(
            g,
            ["5H 6D", "5H 6H JK 8H 9C 9D 9H 2D 4S KC KD 3S 7S", "2S 9D"],
            4,
            turn=1,
            discard="3C",
            stock_top="7D",
            to_act=1,
            dealer=2,
        ),
        "draw stock",
    )
    assert not opens(st)
    refused(st, "open 5H 6H JK=7H 8H", "no_joker_in_opening")
    g = game(3, joker_set_fixed=False)
    st = run(
        at(
            g,
            ["5H 6D", "9C 9D JK 2D 4S KC 3S 7S 4H 6C TD QH AS", "2S 9D"],
            1,
            turn=1,
            discard="3C",
            stock_top="7D",
            to_act=1,
            dealer=2,
        ),
        "draw stock",
    )
    assert "open 9C 9D JK=9*" in opens(st)
    assert not any("JK=9H" in t for t in opens(st))


def test_first_round_nobody_goes_out_and_taken_card_not_discarded():
    g = game(3, hand_size="7")
    st = run(
        at(g, ["4S 5S 6S 7S KH KD KC", "2H 3D", "8C TC"], 2, turn=1, discard="9D", stock_top="2C", to_act=0, dealer=1),
        "draw discard",
    )
    refused(st, "open 4S 5S 6S 7S, KH KD KC", "before every player has had a turn")
    refused(st, "discard 9D", "taken from the discard pile")


def test_discard_take_must_use():
    g = game(3, discard_take_must_use=True)
    hands = ["4S 5S 6S KH KD 2C 9H 3D 7C JD QC 8H TS", "2H 3D", "8C TC"]
    st = at(g, hands, 1, turn=3, discard="KC", stock_top="2D", to_act=0, dealer=2)
    assert "draw discard" in legal(st)
    st = run(st, "draw discard")
    assert legal(st) == {"open KC KD KH"}
    st = at(g, hands, 1, turn=3, discard="4D", stock_top="2D", to_act=0, dealer=2)
    assert "draw discard" not in legal(st)
    refused(st, "draw discard", "discard_take_must_use")


def test_draw_two_and_unshuffled_stock():
    g = game(2, draw_two=True, reshuffle=False)
    st = g.new_hand(seed=4)
    st = run(st, "pass", "pass", "draw stock")
    assert legal(st) == {"draw stock", "draw discard"}
    st = run(st, "draw stock")
    assert len(st.hands[1]) == 15 and st.phase == 1


def test_empty_stock_keeps_the_top_discard():
    g = game(2)
    d = position(g, ["5H 6D", "2S 9D"], discard="3C 4C 8S", to_act=0, dealer=1, empty_stock=True, dump=1)
    d["turn"] = 3
    st = run(g.from_deal(d), "draw stock")
    assert [card_text(c) for c in st.pile] == ["8S"] and len(st.stock) == 1 and st.turnovers == 1


def test_deal_errors():
    g = game(3)
    with pytest.raises(DealError, match="hand_no"):
        at(g, ["5H 6D", "2S", "9D"], 7, discard="3C", to_act=0)
    d = example_1_deal(g)
    d["turn"] = 2
    with pytest.raises(DealError, match="turn belongs to a position"):
        g.from_deal(d)
    d = example_1_deal(g)
    d["hands"][0][0] = "AD"
    with pytest.raises(DealError, match="108 cards"):
        g.from_deal(d)


def test_upcard_round_refusals():
    g = game(3)
    st = g.from_deal(example_1_deal(g))
    refused(st, "draw stock", "upcard round")
    refused(st, "open AS 2S 3S", "upcard round")


def test_a_bot_match_of_six_hands():
    g = game(3)
    m = Match(g, ["bot:simple"] * 3, seed=11)
    while not m.over:
        m.start_hand()
        _finish(m)
    assert m.sheet.hands == 6 and len(m.sheet.winners) >= 1
    assert sum(1 for r in m.results if r.outcome == "out") >= 5


def test_cards_alone_that_make_no_opening_say_the_contract():
    """The table sends an open as the selected cards alone; two melds in hand 1 are refused
    naming the contract (it said "an opening holds at least one meld")."""
    g = game(2)
    st = at(
        g,
        ["9H TH JH KH KC KD JK JK 2C 7C 9C QC 7D AS", "2H 3D"],
        1,
        turn=3,
        discard="5D",
        stock_top="2D",
        to_act=0,
        dealer=1,
    )
    st = run(st, "draw stock")
    a = Action("open", cards=tuple(parse_cards("9H TH JH KH KC KD JK JK".split())))
    assert not st.is_legal(a)
    assert "hand 1 asks for a set of at least 3 cards (one meld only" in st.explain(a)
    assert st.is_legal(Action("open", cards=tuple(parse_cards("KC KD JK".split()))))


# ---- the opens without their list (LazyActions, is_legal alone, the bot's open) --------------


def worst_position():
    """benchmarks/bench_amerikaans_open.py's position: hand 3, turn 3, 14 cards with 2 jokers,
    5 melds of others on the table: 6,961 legal actions."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import bench_amerikaans_open as bench

    return bench.position(game(4))


def test_the_observation_builds_its_opens_only_when_read():
    from cardtable.engine.actions import LazyActions

    st = worst_position()
    obs = st.clone().observation(0)
    assert isinstance(obs.legal, LazyActions) and not obs.legal.built()
    assert {s.verb for s in obs.verbs} == {"open", "discard"} and obs.legal  # without building it
    every = st.legal_actions()
    assert len(every) == 6961
    pick = get_bot("simple", st.game, seed=1).choose(obs)
    assert not obs.legal.built() and pick in every and pick.verb == "open"
    assert sum(len(p.cards) for p in pick.parts) == 13  # it goes out at once
    cards = [c for p in pick.parts for c in p.cards]
    found = obs.legal.matching(cards)
    assert pick in found and set(found) == {
        a
        for a in every
        if a.verb == "open"
        and Counter(
            card_text(c)[:2] if card_text(c).startswith("JK") else card_text(c) for p in a.parts for c in p.cards
        )
        == Counter(card_text(c)[:2] if card_text(c).startswith("JK") else card_text(c) for c in cards)
    }
    assert not obs.legal.built()
    assert tuple(obs.legal) == tuple(every) and obs.legal.built()


def check_opens_alone(st) -> int:
    """Every listed open is legal by ``_open_ok`` and the bot's open among them; an open with
    one of its parts left out is legal alone exactly when it is listed."""
    st._cache = st._ocache = None
    every = st._legal()
    listed = {a for a in every if a.verb == "open"}
    st._cache = None
    assert st._any_open() == bool(listed)
    assert (st.best_open() is None) == (not listed) and (not listed or st.best_open() in listed)
    for a in listed:
        assert st._open_ok(a) and st.is_legal(a), a.text()
        for i in range(len(a.parts)):
            less = st.normalize(Action("open", parts=a.parts[:i] + a.parts[i + 1 :]))
            if less.parts:
                assert st._open_ok(less) == (less in listed), less.text()
    return len(listed)


def random_positions(count: int, seed: int):
    """Positions rich in melds: a hand made of random melds (some with a joker) and strays, other
    melds on the table, a random hand number and turn, after the draw."""
    import random

    rng = random.Random(seed)
    ranks, suits = "A23456789TJQK", "CDHS"
    every = [r + s for r in ranks for s in suits]
    for _ in range(count):
        n = rng.choice([2, 3, 4])
        g = game(n, **({"no_joker_in_opening": True} if rng.random() < 0.2 else {}))
        left = Counter(g.deck())

        def take(codes, left=left):
            cs = parse_cards(codes)
            if Counter(cs) - left:
                return False
            left.subtract(cs)
            return True

        def meld():
            if rng.random() < 0.5:
                r = rng.choice(ranks)
                return [r + s for s in rng.sample(suits, rng.choice([3, 4]))]
            s, k = rng.choice(suits), rng.choice([3, 4, 5])
            lo = rng.randint(0, 13 - k)
            return [ranks[i] + s for i in range(lo, lo + k)]

        hand: list[str] = []
        while len(hand) < rng.randint(9, 14):
            m = meld()
            if rng.random() < 0.4:
                m[rng.randrange(len(m))] = "JK"
            if take(m):
                hand += m
        while len(hand) < rng.randint(11, 15):
            c = rng.choice(every + ["JK"])
            if take([c]):
                hand.append(c)
        table = [
            {"owner": rng.randrange(1, n), "cards": m} for m in (meld() for _ in range(rng.randint(0, 3))) if take(m)
        ]
        others = []
        for _s in range(1, n):
            h: list[str] = []
            while len(h) < 3:
                c = rng.choice(every)
                if take([c]):
                    h.append(c)
            others.append(h)
        pile = next(c for c in iter(lambda: rng.choice(every), None) if take([c]))
        stock = [card_text(c) for c in sorted(left.elements())]
        rng.shuffle(stock)
        st = g.from_deal(
            {
                "dealer": n - 1,
                "hands": [hand] + others,
                "stock": stock,
                "discard": [pile],
                "melds": table,
                "to_act": 0,
                "hand_no": rng.randint(1, 6),
                "turn": rng.choice([0, n - 1, 5]),
            }
        )
        yield st.apply(Action("draw", "discard" if rng.random() < 0.3 else "stock"))


def test_an_open_checked_alone_agrees_with_the_list():
    assert sum(check_opens_alone(st) for st in random_positions(12, seed=1)) > 100


@pytest.mark.slow
def test_an_open_checked_alone_agrees_with_the_list_many():
    assert sum(check_opens_alone(st) for st in random_positions(300, seed=2)) > 10000
