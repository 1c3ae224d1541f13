"""Boathouse Rummy (cardtable/rules/boathouse-rummy.md): every Example of §11 with the spec's exact
values (4, 5 and 6 play whole hands: records in tests/records/boathouse-rummy/, replayed), the
options of §9, the rulings of §10 that change play, the sheet of §8, the going-out summary, what
each seat knows, the simple bot, and ``cardtable simulate`` at 2 and 7 seats."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from cardtable.bots.boathouse_rummy import choose, take_bar
from cardtable.cards import JOKER, card_text, cards_text, is_joker, parse_cards, plain
from cardtable.cli import main
from cardtable.engine import get_game
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Result
from cardtable.engine.record import replay as replay_match
from cardtable.engine.standing import Standing
from cardtable.engine.views import render
from cardtable.families.melds import meld_refusal
from cardtable.games.boathouse_rummy import example_4_position
from tests.games.helpers import legal, load_record, refused, run

GID = "boathouse-rummy"


def position(n: int, hands: list[str], stock_top: str = "", pile: str = "", to_act: int = 1, dealer: int = 0, **opt):
    """A position of ``n`` players at ``to_act``'s draw: the hands given, the stock with
    ``stock_top`` first, the discard pile ``pile`` (bottom to top); the other cards of the deck go
    into the stock (``stock_top="-"``: into the last hand instead, the stock empty)."""
    g = get_game(GID, n, **opt)
    hs = [parse_cards(h) for h in hands]
    top = parse_cards(stock_top) if stock_top not in ("", "-") else []
    pl = parse_cards(pile) if pile else []
    rest = g.deck()
    for c in [c for h in hs for c in h] + top + pl:
        rest.remove(c)
    if stock_top == "-":
        hs[-1] += rest
        rest = []
    d = {
        "dealer": dealer,
        "hands": [[card_text(c) for c in h] for h in hs],
        "stock": [card_text(c) for c in top + rest],
        "discard": [card_text(c) for c in pl],
        "to_act": to_act,
    }
    return g.from_deal(d)


# ---- Example 1: the two-card draw --------------------------------------------------------------

HAND_7 = "2C 4D 6H 8S TC QD AH"


def example_1():
    return position(2, ["3C 5D 7H 9S JC KD 2H", HAND_7], "KS", "4C 5C 9D", to_act=1)


def test_example_1a_discard_then_discard_the_second_is_barred():
    st = run(example_1(), "draw discard")
    assert st.to_act == 1 and legal(st) == {"draw stock", "draw discard"}  # the second draw is due
    refused(st, "discard 9D", "second card")
    st = st.apply("draw discard")
    assert parse_cards("9D 5C")[0] in st.hands[1] and len(st.hands[1]) == 9
    assert "discard 9D" in legal(st) and "discard 5C" not in legal(st)
    refused(st, "discard 5C", "last card taken")
    st = st.apply("discard 9D")
    assert len(st.hands[1]) == 8 and st.to_act == 0


def test_example_1b_discard_then_stock_the_first_is_barred():
    st = run(example_1(), "draw discard", "draw stock")
    assert "discard KS" in legal(st) and "discard 9D" not in legal(st)
    st = st.apply("discard KS")
    assert len(st.hands[1]) == 8


def test_example_1c_a_stock_draw_is_one_card():
    st = example_1().apply("draw stock")
    assert st.phase == 1 and parse_cards("KS")[0] in st.hands[1]
    assert {f"discard {c}" for c in ("KS",) + tuple(HAND_7.split())} <= legal(st)
    st = st.apply("discard KS")
    assert len(st.hands[1]) == 7


# ---- Example 2: melds --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards,packs,valid",
    [
        ("KH AH 2H", 1, True),
        ("QS KS AS 2S 3S", 1, True),
        ("AC 2C 3C", 1, True),
        ("QC KC AC", 1, True),
        ("KD JK=AD 2D", 1, True),
        ("JK=KC AC 2C", 1, True),
        ("4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D 3D 4D", 1, False),
        ("5C 5D JK=5*", 1, True),
        ("5C 5D 5H 5S JK=5*", 1, False),
        ("9H JK=TH JK=JH", 1, True),
        ("9H JK=9* JK=9*", 1, True),
        ("JK=9* JK=9* JK=9*", 2, False),
    ],
)
def test_example_2_melds(cards, packs, valid):
    g = get_game(GID, 4, packs=str(packs))
    assert (meld_refusal(parse_cards(cards), g.meld_rules) is None) is valid


def test_example_2_the_solver_lays_down_9h_and_two_jokers():
    g = get_game(GID, 2)
    assert g.solver.all_melded(parse_cards("9H JK JK"))
    assert not get_game(GID, 7).solver.all_melded(parse_cards("JK JK JK"))
    assert g.solver.all_melded(parse_cards("QS KS AS 2S 3S"))  # round the corner
    # the 14 cards are no one meld, but two runs: 4D .. TD and JD QD KD AD 2D 3D 4D
    g2 = get_game(GID, 4, packs="2")
    two = g2.solver.all_melded_split(parse_cards("4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D 3D 4D"))
    assert two is not None and sum(len(m) for m in two) == 14 and len(two) >= 2
    assert all(meld_refusal(m, g2.meld_rules) is None for m in two)


# ---- Example 3: going out with a discard --------------------------------------------------------


def test_example_3_going_out_with_a_discard():
    hands = ["2D 3D 4D 5D 6D 7D", "2C 3C 4C 5C 6C 7C", "7H 8H 9H QC QD QS", "2S 3S 5S 6S 7S 8S"]
    hands += ["TC JC KC 8D 9D TD", "2H 3H 4H 5H 6H TH"]
    st = position(6, hands, "4S", "", to_act=2, dealer=1)
    assert len(st.hands[0]) == 6 and st.game.dealt == 6
    st = st.apply("draw stock")
    assert "rummy 4S" in legal(st) and {a for a in legal(st) if a.startswith("rummy")} == {"rummy 4S"}
    out = st.apply("rummy 4S")
    assert out.to_act is None and out.result().detail["melds"] == [["7H", "8H", "9H"], ["QC", "QD", "QS"]]
    hands[2] = "7H 8H 9H QC QD 4S"
    hands[3] = "2S 3S 6S 7S 8S 9S"
    st = position(6, hands, "5S", "", to_act=2, dealer=1)
    st = st.apply("draw stock")
    assert not any(a.startswith("rummy") for a in legal(st))
    refused(st, "rummy 4S", "do not all fit in melds")


# ---- Examples 4, 5 and 6: whole hands (records) -------------------------------------------------


def test_example_4_going_out_without_a_discard_after_two_cards():
    st = run(example_4_position(), "draw discard", "draw discard")
    assert sorted(st.hands[0]) == sorted(parse_cards("KS AS 6D 6H 9C TC JC 6C 2S"))
    assert "rummy" in legal(st) and "rummy 2S" not in legal(st)
    refused(st, "rummy 2S", "last card taken")
    m = replay_match(load_record(GID, "e4"))
    res = m.results[0]
    assert res.outcome == "rummy" and res.points == [47, 0]
    assert res.detail["end"] is None
    assert sorted(map(tuple, res.detail["melds"])) == [("6C", "6D", "6H"), ("9C", "TC", "JC"), ("KS", "AS", "2S")]
    assert len(m.state.hands[0]) == 9


def test_example_5_hand_score():
    m = replay_match(load_record(GID, "e5"))
    res = m.results[0]
    assert cards_text(sorted(m.state.hands[1])) == cards_text(sorted(parse_cards("JK AH AD 9C 9S 3D 4D 5D")))
    assert cards_text(sorted(m.state.hands[2])) == cards_text(sorted(parse_cards("KC QH 2S 2H 7C 8S 4H")))
    assert res.detail["hand_points"] == [0, 67, 43]
    assert res.points == [110, 0, 0] and res.winners == [0]
    assert m.sheet.render(aligned=False).splitlines()[2] == "| 1 | 110 / 110 | 0 / 0 | 0 / 0 |"


def test_example_6_penalty_scoring():
    m = replay_match(load_record(GID, "e6"))
    assert m.results[0].points == [0, 67, 43]
    assert m.sheet.render(aligned=False).splitlines()[2] == "| 1 | 0 / 0 | 67 / 67 | 43 / 43 |"


# ---- Example 7: the empty stock in the two-card draw --------------------------------------------


def example_7(pile: str = "3H TC"):
    return position(3, ["2C 3C", "4C 5C", "6C"], "-", pile, to_act=2)


def test_example_7_second_card_from_the_pile():
    st = example_7().apply("draw discard")
    assert legal(st) == {"draw stock", "draw discard"}
    a = st.apply("draw discard")
    assert a.pile == [] and a.stock == [] and a.taken == parse_cards("3H")[0]
    b = st.apply("draw stock")  # the pile (3H) is turned over and drawn
    assert b.pile == [] and b.stock == [] and b.turnovers == 1 and b.taken == parse_cards("TC")[0]
    for x in (a, b):
        assert parse_cards("3H")[0] in x.hands[2] and x.phase == 1


def test_example_7_no_second_card_when_both_piles_are_empty():
    st = example_7("TC").apply("draw discard")
    assert st.phase == 1 and "discard TC" not in legal(st)
    assert st.hands[2][-1] == parse_cards("TC")[0]


# ---- Example 8: game end -------------------------------------------------------------------------


def test_example_8_game_end():
    g = get_game(GID, 2)
    sheet = g.new_sheet()
    sheet.record(Result([230, 170], "rummy", [0], {"dealer": 0}))
    st = position(2, ["AS AC 5H 2D 3C 4H 6S", "7H 8H 9H TH QC QD QS"], "KD", "", to_act=1)
    res = run(st, "draw stock", "rummy KD").result()
    assert res.points == [0, 42]
    sheet.record(res)
    assert sheet.totals == [230, 212] and not sheet.over
    st = position(2, ["5H 6H 7H KS KH KC KD", "QD JD 2C 3S 4S 8H 9D"], "3C", "", to_act=0, dealer=1)
    res = run(st, "draw stock", "rummy 3C").result()
    assert res.points == [46, 0]
    sheet.record(res)
    assert sheet.totals == [276, 212] and sheet.over and sheet.winners == [0]


# ---- §3 and §9: deal sizes and options -----------------------------------------------------------


@pytest.mark.parametrize(
    "n,opts,packs,dealt,stock",
    [
        (2, {}, 1, 7, 39),
        (3, {}, 1, 7, 32),
        (3, {"deal_3p": "10"}, 1, 10, 23),
        (5, {}, 1, 7, 18),
        (6, {}, 1, 6, 17),
        (6, {"packs": "2"}, 2, 10, 47),
        (7, {}, 2, 10, 37),
    ],
)
def test_section_3_the_deal(n, opts, packs, dealt, stock):
    st = get_game(GID, n, **opts).new_hand(seed=3)
    assert st.game.packs == packs and [len(h) for h in st.hands] == [dealt] * n
    assert len(st.stock) == stock and len(st.pile) == 1 and st.to_act == 1


def test_packs_is_not_in_force_with_2_3_or_7_players():
    assert "packs" in get_game(GID, 7).options_not_in_force()
    assert get_game(GID, 5).options_not_in_force() == {}


def test_reshuffle_shuffles_the_pile_into_the_stock_and_hides_it():
    pile = "2D 3D 4D 5D 6D 7D 8D 9D"
    plain_st = position(3, ["2C 3C", "4C 5C", "6C"], "-", pile, to_act=2).apply("draw stock")
    assert plain_st.stock_known and plain_st.hands[2][-1] == parse_cards("2D")[0]  # the bottom card
    g = get_game(GID, 3, reshuffle=True)
    assert g.reshuffle
    hs = position(3, ["2C 3C", "4C 5C", "6C"], "-", pile, to_act=2, reshuffle=True).apply("draw stock")
    assert not hs.stock_known and hs.turnovers == 1 and hs.known[2] == []


def test_max_hands_ends_the_match_and_the_best_total_wins():
    sheet = get_game(GID, 2, max_hands=2).new_sheet()
    sheet.record(Result([30, 0], "rummy", [0], {"dealer": 0}))
    sheet.record(Result([0, 20], "rummy", [1], {"dealer": 1}))
    assert sheet.over and sheet.winners == [0]
    sheet = get_game(GID, 2, max_hands=2, penalty_scoring=True).new_sheet()
    sheet.record(Result([0, 30], "rummy", [0], {"dealer": 0}))
    sheet.record(Result([20, 0], "rummy", [1], {"dealer": 1}))
    assert sheet.over and sheet.winners == [0]  # the lowest total with penalty scoring


def test_penalty_scoring_ends_at_the_target_with_the_lowest_total():
    sheet = get_game(GID, 3, penalty_scoring=True, target_score=100).new_sheet()
    sheet.record(Result([0, 101, 40], "rummy", [0], {"dealer": 0}))
    assert sheet.over and sheet.winners == [0]


# ---- §10: rulings that change play ---------------------------------------------------------------


def test_ruling_2_with_two_packs_the_twin_of_the_last_card_taken_is_barred():
    hands = ["9D 2C 3C 4C 5C 6C 7C 8C TC JC", "2H 3H 4H 5H 6H 7H 8H 9H TH JH"]
    hands += ["2S 3S 4S 5S 6S 7S 8S 9S TS JS", "2D 3D 4D 5D 6D 7D 8D TD JD QD"]
    st = position(4, hands, "", "5S 9D", to_act=0, dealer=3, packs="2")
    st = run(st, "draw discard", "draw stock")
    assert st.hands[0].count(parse_cards("9D")[0]) == 2 and "discard 9D" not in legal(st)
    refused(st, "discard 9D", "same code")


def test_ruling_12_the_hand_is_void_at_the_11th_turnover():
    st = position(3, ["2C 3C", "4C 5C", "6C"], "-", "3H TC", to_act=2)
    st.turnovers = 9
    st = st.apply("draw stock")
    assert st.turnovers == 10 and st.to_act == 2  # the 10th re-forming is still played
    st = position(3, ["2C 3C", "4C 5C", "6C"], "-", "3H TC", to_act=2)
    st.turnovers = 10
    st = st.apply("draw stock")
    res = st.result()
    assert st.to_act is None and res.outcome == "void" and res.points == [0, 0, 0]
    assert res.summary.headline.template.startswith("A void hand")


def test_ruling_13_a_card_taken_from_the_pile_is_known_to_the_others():
    st = run(example_1(), "draw discard", "draw stock", "discard KS")
    zone = next(z for z in st.observation(0).zones if z.name == "hand 1")
    assert cards_text(zone.cards) == "9D"
    assert parse_cards("9D")[0] not in st.hidden_from(0)


def test_ruling_16_the_bare_rummy_after_a_one_card_draw():
    st = position(2, ["7H 8H 9H QC QD QS 2C", "2D 3D 4D 5D 6D 7D 8D"], "TH", "", to_act=0, dealer=1)
    st = st.apply("draw stock")
    assert {a for a in legal(st) if a.startswith("rummy")} == {"rummy 2C"}
    st = position(2, ["7H 8H 9H QC QD QS QH", "2D 3D 4D 5D 6D 7D 8D"], "TH", "", to_act=0, dealer=1)
    st = st.apply("draw stock")
    assert {"rummy", "rummy TH", "rummy QH", "rummy 7H"} <= legal(st)


def test_the_grammar_refuses_what_the_game_has_not():
    st = example_1()
    refused(st, "rummy 9D", "draw first")
    refused(st.apply("draw stock"), "rummy", "whole hand")


def test_a_deal_with_melds_is_refused():
    with pytest.raises(DealError, match="melds"):
        get_game(GID, 2).from_deal({"dealer": 0, "hands": [[], []], "melds": [{"owner": 0, "cards": ["2C"]}]})


# ---- §8 and the going-out summary -----------------------------------------------------------------


def test_section_8_the_sheet():
    sheet = get_game(GID, 3).new_sheet()
    sheet.record(Result([81, 0, 0], "rummy", [0], {"dealer": 0}))
    sheet.record(Result([0, 0, 64], "rummy", [2], {"dealer": 1}))
    assert sheet.render(aligned=False).splitlines() == [
        "| Hand | Seat 0 | Seat 1 | Seat 2 |",
        "|---|---|---|---|",
        "| 1 | 81 / 81 | 0 / 0 | 0 / 0 |",
        "| 2 | 0 / 81 | 0 / 0 | 64 / 64 |",
    ]


def test_the_going_out_summary_shows_the_melds_and_the_cards_that_count():
    m = replay_match(load_record(GID, "e5"))
    s = m.results[0].summary
    names = ["Anna", "Bram", "Cor"]
    lines = [render(f.text, names) for f in s.facts]
    assert render(s.headline, names) == "Anna laid the whole hand down, discarding 3C"
    assert lines[1].startswith("  Anna: ") and lines[1].count(",") == 1  # two melds
    assert lines[3].startswith("  Bram: ") and lines[3].endswith("= 67")
    assert lines[4].startswith("  Cor: ") and lines[4].endswith("= 43")
    assert [f.label for f in s.facts][1:3] == ["Laid down", "Cards left in hand (all count)"]


# ---- the simple bot --------------------------------------------------------------------------------


def test_the_bot_goes_out_when_it_can():
    st = run(example_4_position(), "draw discard", "draw discard")
    assert choose(st.observation(0), st.game, random.Random(1)) == Action("rummy")


def test_the_bot_takes_the_discard_that_lets_it_go_out_with_the_next():
    st = example_4_position()
    assert choose(st.observation(0), st.game, random.Random(1)) == Action("draw", "discard")


def test_the_bot_weighs_a_growing_hand():
    g = get_game(GID, 2)
    assert take_bar(7, g) < take_bar(9, g) < take_bar(12, g)
    # the top discard 5C makes no meld: the stock
    st = position(2, ["2C 3D 4H 8S TD QH KD", "AS 2S 3S 9C 9D 9H JC"], "", "KH 5C", to_act=0, dealer=1)
    assert choose(st.observation(0), g, random.Random(1)) == Action("draw", "stock")
    # the top discard 6H makes a run of 4H 5H (9 points saved): taken with a hand of 7
    st = position(2, ["4H 5H 8S TD QS 2C KD", "AS 2S 3S 9D 9H 9S JC"], "", "9C 6H", to_act=0, dealer=1)
    assert choose(st.observation(0), g, random.Random(1)) == Action("draw", "discard")
    # the same card with a hand already grown to 11: 9 points do not pay for a bigger hand
    st = position(2, ["4H 5H 8S TD QS 2C KD 3D 7C 9S AD", "AS 2S 3S 9D 9H 7S JC"], "", "9C 6H", to_act=0, dealer=1)
    assert choose(st.observation(0), g, random.Random(1)) == Action("draw", "stock")


def test_the_bot_discards_the_card_that_leaves_the_least_brandhout():
    st = position(2, ["7H 8H 9H QC QD 2S KC", "2D 3D 4D 5D 6D 7D 8D"], "4S", "", to_act=0, dealer=1)
    st = st.apply("draw stock")
    a = choose(st.observation(0), st.game, random.Random(1))
    assert a.verb == "discard" and card_text(a.cards[0]) in ("KC", "QC", "QD")


@pytest.mark.parametrize("seats", ["bot,bot", "bot,bot,bot,bot,bot,bot,bot"])
def test_simulate_finishes_with_valid_scores(seats):
    out = CliRunner().invoke(main, ["simulate", GID, "--seats", seats, "--hands", "6", "--seed", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["hands"] == 6 and sum(data["outcomes"].values()) == 6
    assert all(p >= 0 for p in data["total_points"])


def test_a_hand_from_a_standing_keeps_the_totals():
    st = get_game(GID, 2).new_hand(seed=1, standing=Standing(2, 1, 1, (230, 170)))
    assert st.totals == (230, 170) and st.dealer == 1


@pytest.mark.parametrize("n,packs", [(2, "1"), (5, "2")])
def test_the_cover_search_agrees_with_the_exact_solver(n, packs):
    g = get_game(GID, n, packs=packs)
    rng = random.Random(f"cover/{packs}")
    wholes = outs_met = 0
    for _ in range(40):
        deck = g.deck()
        rng.shuffle(deck)
        hand: list = []  # two or three melds of a random 20 cards, then 0 to 2 cards more
        pool = deck[:20]
        found = g.solver.melds_of(pool)
        for _kind, cards in rng.sample(found, min(3, len(found))):
            uses = [JOKER if is_joker(c) else plain(c) for c in cards]
            left = list(pool)
            try:
                for c in uses:
                    left.remove(c)
            except ValueError:
                continue
            pool, hand = left, hand + uses
        hand += pool[: rng.randrange(3)]
        after = g.solver.after_discards(hand)
        whole, outs = g.solver.going_out(hand)
        assert whole == (g.solver.value(hand) == 0) == g.solver.all_melded(hand)
        assert outs == {c for c, v in after.items() if v == 0}
        split = g.solver.all_melded_split(hand)
        assert (split is not None) == whole
        wholes += whole
        outs_met += bool(outs)
    assert wholes >= 5 and outs_met >= 5  # the test meets hands that go out, both ways
