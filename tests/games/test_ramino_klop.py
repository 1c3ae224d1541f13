"""Ramino (klop) (cardtable/rules/ramino-klop.md): every Example of §11 with the spec's exact values
(5 and 6 play whole hands: records in tests/records/ramino-klop/, replayed), the options of §9,
the rulings of §10 that change play, the sheet of §8, what each seat knows, the bots, and
``cardtable simulate`` at 2 and 6 seats."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner

from cardtable.bots import get_bot
from cardtable.bots.knock import choose
from cardtable.bots.playouts import prior_policy, simple_policy
from cardtable.bots.ramino_klop import prior
from cardtable.cards import card_text, cards_text, parse_card, parse_cards
from cardtable.cli import main
from cardtable.engine import Match, get_game
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay as replay_match
from cardtable.games.ramino_klop import example_4_position
from tests.games.helpers import legal, load_record, refused, run

NAMES = ["Anna", "Bram", "Cor", "Dirk"]


def deal(n: int, hands: list[str], stock_top: str = "", pile: str = "", to_act: int = 1, dealer: int = 0, **options):
    """A position of ``n`` players at ``to_act``'s draw: the hands given (``""`` for a seat out of
    the game), the stock with ``stock_top`` first, the discard pile ``pile`` (bottom to top), the
    other cards of the 108 in the stock."""
    g = get_game("ramino-klop", n, **options)
    hs = [parse_cards(h) if h else [] for h in hands]
    top = parse_cards(stock_top) if stock_top else []
    pl = parse_cards(pile) if pile else []
    rest = g.deck()
    for c in [c for h in hs for c in h] + top + pl:
        rest.remove(c)
    if not pl:
        pl, rest = rest[-1:], rest[:-1]
    d = {
        "dealer": dealer,
        "hands": [[card_text(c) for c in h] for h in hs],
        "stock": [card_text(c) for c in top + rest],
        "discard": [card_text(c) for c in pl],
        "to_act": to_act,
    }
    return g.from_deal(d)


def split_of(hand: str):
    sp = get_game("ramino-klop", 4).solver.split(parse_cards(hand))
    return sp.points, [cards_text(m[1]) for m in sp.melds], cards_text(sp.dead)


# ---- Examples 1 and 2: brandhout and the split shown ------------------------------------------


def test_example_1_exactly_3_or_4_cards_per_meld():
    assert split_of("3H 4H 5H 6H 7H 9C 9D") == (21, ["4H 5H 6H 7H"], "3H 9C 9D")


@pytest.mark.parametrize(
    "hand,value,melds,dead",
    [
        ("3H 4H 5H 6H 7H JK 9C", 9, ["3H 4H 5H", "6H 7H JK=8H"], "9C"),
        ("QH KH AH JK 5C 5D 5S", 1, ["5C 5D 5S", "JK=JH QH KH"], "AH"),
        ("JK JK 4C 9D KS 7H 7S", 23, ["JK=7C JK=7D 7H 7S"], "4C 9D KS"),
    ],
)
def test_example_2_jokers_and_the_low_ace(hand, value, melds, dead):
    assert split_of(hand) == (value, melds, dead)


def test_section_6_4_the_joker_goes_where_it_saves_most_and_the_ties():
    assert split_of("JK AD AC 4H 4D 7S TC") == (19, ["JK=4C 4D 4H"], "AC AD 7S TC")
    assert split_of("4H 5H 6H 5C 5D KS KC") == (30, ["5C 5D 5H"], "4H 6H KC KS")  # K4
    assert split_of("8H 9H TH 9C 9D JK QS") == (10, ["8H 9H TH", "9C 9D JK=9H"], "QS")  # K5


# ---- Examples 3, 4 and 8: the end step ---------------------------------------------------------

EX3 = ["2C 3D 4H 5S 7C 8D TH", "4S 5S 6S 9D 9C JK 6H", "2D 3H 4C 5C 8C 8S TD"]


def test_example_3_knock_legality():
    st = run(deal(3, EX3, stock_top="7D"), "draw stock")
    after = st.game.solver.after_discards(st.hands[1])
    assert {card_text(c): v for c, v in after.items()} == {
        "7D": 6,
        "9C": 6,
        "6H": 7,
        "9D": 22,
        "6S": 22,
        "5S": 23,
        "4S": 24,
        "JK": 31,
    }
    cards = "4S 5S 6S 9D 9C JK 6H 7D".split()
    assert legal(st) == {f"discard {c}" for c in cards} | {"knock 7D", "knock 9C"}
    refused(st, "knock 6H", "would be 7, more than 6")
    refused(st, "rummy 7D", "would be 6, not 0")
    refused(st, "rummy", "do not all fit in melds", "brandhout 13")
    st7 = st.game.solver.split(parse_cards("4S 5S 6S 9D JK 6H 7D"))
    assert [cards_text(m[1]) for m in st7.melds] == ["4S 5S 6S", "7D JK=8D 9D"]


def test_example_4_rummy_with_and_without_a_discard():
    st = example_4_position()
    assert (st.to_act, cards_text(st.hands[2])) == (2, "5C 6C 7C 8C JH JD JS")
    st = run(st, "draw stock")
    cards = "5C 6C 7C 8C JH JD JS JK".split()
    assert legal(st) == {f"discard {c}" for c in cards} | {f"rummy {c}" for c in cards} | {"rummy"}
    assert not any(a.verb == "knock" for a in st.legal_actions())
    end = run(st, "rummy")
    res = end.result()
    assert res.outcome == "rummy" and res.detail["ender"] == 2 and res.detail["end"] is None
    assert res.detail["melds"][2] == ["5C 6C 7C 8C", "JK=JC JD JH JS"] and res.points[2] == 0
    assert len(end.hands[2]) == 8 and cards_text(end.pile) == cards_text(st.pile)
    assert res.summary.headline.text == "seat 2 went rummy with all eight cards"
    assert "goes rummy with all eight cards, without a discard." in end.observation(0).log[-1]
    assert end.game.check_result(res, end) == []


def test_example_4_the_table_offers_rummy_without_a_discard_on_a_key_of_its_own():
    """The bare ``rummy`` has a button (``a``) beside ``rummy <card>`` (``r`` with a card):
    ``views.spec_for`` tells the two forms apart."""
    from tests.tui.reach import reach

    obs = run(example_4_position(), "draw stock").observation(2)
    specs = {(s.verb, s.key, s.shape) for s in obs.verbs}
    assert ("rummy", "a", "none") in specs and ("rummy", "r", "card") in specs
    got = reach(obs)
    assert Action("rummy") in got and got[Action("rummy")] == ["a"]
    assert all(a in got for a in obs.legal)


def test_example_8_the_discard_taken_may_not_be_thrown_back():
    st = run(deal(3, ["4S 5S 6S 9D 9C JK 6H", EX3[0], EX3[2]], pile="7D", to_act=0), "draw discard")
    got = legal(st)
    assert "discard 7D" not in got and "knock 7D" not in got and "knock 9C" in got
    refused(st, "discard 7D", "taken from the discard pile")
    refused(st, "knock 7D", "taken from the discard pile")


def test_ruling_8_the_twin_of_the_card_taken_is_blocked_too():
    st = run(deal(3, ["4S 5S 6S 7D 9C JK 6H", EX3[0], EX3[2]], pile="7D", to_act=0), "draw discard")
    assert [c for c in st.hands[0] if card_text(c) == "7D"] == parse_cards("7D 7D")
    assert not any(card_text(a.cards[0]) == "7D" for a in st.legal_actions() if a.cards)


# ---- Examples 5 and 6 (records), 7 (the sheet) ---------------------------------------------------


def test_example_5_settlement_after_a_knock():
    m = replay_match(load_record("ramino-klop", "e5"))
    res = m.state.result()
    assert res.outcome == "knock" and res.detail["ender"] == 3 and res.detail["end"] == "QS"
    assert res.points == [16, 22, 1, 5] == res.detail["penalties"] == res.detail["brandhout"]
    melds = [["JK=KC KH KS"], ["3C 4C 5C 6C"], ["9C 9D 9H", "9S TS JK=JS"], ["7H 8H 9H", "JC JD JK=JH"]]
    assert res.detail["melds"] == melds
    assert res.detail["deadwood"] == ["AC 3D 4D 8C", "2C QD QD", "AH", "5S"]
    assert res.winners == [2]  # seat 2 has less than the knocker: it changes nothing (ruling 4)
    assert m.sheet.totals == [16, 22, 1, 5]
    assert m.sheet.table(NAMES)[1][0][2] == "Dirk knocks"
    assert m.state.game.check_result(res, m.state) == []
    lines = [f.line() for f in res.summary.facts]
    assert "  Seat 0: JK=KC KH KS | AC 3D 4D 8C  = 16" in lines, lines
    assert res.summary.headline.text == "seat 3 knocked with a brandhout of 5"


def test_example_6_elimination_and_the_next_deal():
    m = replay_match(load_record("ramino-klop", "e6"))
    assert m.results[3].points == [12, 4, 0, 15]
    assert m.sheet.totals == [100, 101, 40, 115]
    assert m.sheet.active == [True, False, True, False] and not m.sheet.over
    st = m.state  # hand 5, dealt from the record's seed
    assert (st.dealer, st.to_act) == (0, 2)
    assert [len(h) for h in st.hands] == [7, 0, 7, 0] and len(st.stock) == 93 and len(st.pile) == 1
    assert st.observation(0).active == (True, False, True, False)
    st = run(st, "draw stock", f"discard {card_text(st.hands[2][0])}")
    assert st.to_act == 0  # seats 3 and 1 are skipped
    text = m.sheet.render(NAMES, aligned=False).splitlines()
    assert text[0] == "| Hand | Dealer | Result | Anna | Bram | Cor | Dirk |"
    assert text[5] == "| 4 | Dirk | Cor rummy | 12 | 4 | 0 | 15 |"
    assert text[6] == "| total |  |  | 100 | 101 out | 40 | 115 out |"
    assert text[7] == "out at 101"


def test_example_7_everybody_left_crosses_101_at_once():
    g = get_game("ramino-klop", 3)

    def sheet_at_95_and_92():
        sheet = g.new_sheet()
        sheet.record(Result([95, 101, 92], "knock", [0], {"dealer": 0}))
        assert sheet.active == [True, False, True] and sheet.next_dealer == 2
        return sheet

    sheet = sheet_at_95_and_92()
    sheet.record(Result([10, 0, 20], "knock", [0], {"dealer": 2}))
    assert sheet.totals == [105, 101, 112] and sheet.over and sheet.winners == [0]
    assert sheet.render().splitlines()[-1] == (
        "Game over: everybody left reached 101; Seat 0 wins with the lowest total, 105."
    )
    sheet = sheet_at_95_and_92()
    sheet.record(Result([3, 0, 8], "knock", [0], {"dealer": 2}))
    assert sheet.totals == [98, 101, 100] and not sheet.over and sheet.next_dealer == 0
    sheet = sheet_at_95_and_92()
    sheet.record(Result([10, 0, 13], "knock", [0], {"dealer": 2}))
    assert sheet.over and sheet.winners == [0, 2]  # equal lowest totals share the win


def test_the_sheet_refuses_points_for_a_seat_that_is_out():
    g = get_game("ramino-klop", 3)
    sheet = g.new_sheet()
    sheet.record(Result([0, 120, 5], "knock", [0], {"dealer": 0}))
    with pytest.raises(ValueError, match="seat 1 is out"):
        sheet.record(Result([3, 2, 1], "knock", [0], {"dealer": 2}))
    sheet.record(Result([0, 0, 101], "rummy", [0], {"dealer": 2}))
    assert sheet.over and sheet.winners == [0]
    assert sheet.render().splitlines()[-1] == "Game over: Seat 0 is the last player left and wins."
    view = sheet.view()
    assert view.title == "Scores (out at 101)" and view.total == ("total", "", "", "0", "120 out", "106 out")
    assert {(0, 4, "out"), (1, 5, "out"), (-1, 4, "out"), (-1, 3, "winner")} <= set(view.marks)
    assert view.rows[1][4] == "\u2013"  # seat 1 was not dealt in hand 2
    j = sheet.to_json()
    assert j["kind"] == "elimination_scores" and j["limit"] == 101 and j["out_after"] == [None, 1, 2]


# ---- §9 options, §3 deal, §4 stock renewal -------------------------------------------------------


def test_options_are_validated():
    with pytest.raises(OptionError, match="knock_limit"):
        get_game("ramino-klop", 3, knock_limit=21).check_new_match()
    with pytest.raises(OptionError, match="knock_limit"):
        get_game("ramino-klop", 3, knock_limit=-1)
    with pytest.raises(OptionError, match="elimination_score"):
        get_game("ramino-klop", 3, elimination_score=0)
    with pytest.raises(OptionError, match="7"):
        get_game("ramino-klop", 7)


def test_knock_limit_option():
    st = run(deal(3, EX3, stock_top="7D", knock_limit=7), "draw stock")
    assert {"knock 6H", "knock 7D", "knock 9C"} <= legal(st)
    st = run(deal(3, EX3, stock_top="7D", knock_limit=0), "draw stock")
    assert not any(a.verb == "knock" for a in st.legal_actions())


def test_elimination_score_option():
    sheet = get_game("ramino-klop", 2, elimination_score=30).new_sheet()
    sheet.record(Result([12, 29], "knock", [0], {"dealer": 0}))
    assert not sheet.over
    sheet.record(Result([18, 0], "rummy", [1], {"dealer": 1}))
    assert sheet.over and sheet.winners == [1] and sheet.render().splitlines()[-2] == "out at 30"


@pytest.mark.parametrize("n,stock", [(2, 93), (3, 86), (4, 79), (5, 72), (6, 65)])
def test_deal_sizes_and_stock(n, stock):
    st = get_game("ramino-klop", n).new_hand(seed=3)
    assert [len(h) for h in st.hands] == [7] * n and len(st.stock) == stock and len(st.pile) == 1
    assert Counter(st.cards_in_play()) == Counter(st.game.deck()) and len(st.cards_in_play()) == 108


def _empty_stock_position(**options):
    st = run(deal(3, EX3, stock_top="KD", **options), "draw stock")
    st.stock, st.pile = [], parse_cards("AS 9H JD 2S")
    return run(st, "discard KD")


def test_stock_renewal_keeps_the_top_discard_and_the_order():
    st = _empty_stock_position()
    assert st.seat == 2 and cards_text(st.stock_top_first()) == "AS 9H JD 2S" and cards_text(st.pile) == "KD"
    assert "turned over without shuffling" in st.observation(0).log[-1]
    assert not Counter(st.hidden_from(0)) & Counter(st.stock)  # known to all, in order
    drawn = run(st, "draw stock")
    assert card_text(drawn.hands[2][-1]) == "AS"
    assert drawn.known[2] == parse_cards("AS")  # drawn from a stock every seat knows in order
    assert Counter(drawn.hidden_from(0))[parse_card("AS")] == 0


def test_reshuffle_stock_option_shuffles_and_hides_the_renewed_stock():
    st = _empty_stock_position(reshuffle_stock=True)
    assert sorted(st.stock) == sorted(parse_cards("AS 9H JD 2S")) and cards_text(st.pile) == "KD"
    assert "shuffled to form a new stock" in st.observation(0).log[-1]
    assert Counter(st.hidden_from(0)) >= Counter(parse_cards("AS 9H JD 2S"))
    drawn = run(st, "draw stock")
    assert drawn.known[2] == []


def test_a_hand_that_cannot_be_renewed_is_void():
    st = run(deal(3, EX3, stock_top="KD"), "draw stock")
    st.stock, st.pile = [], []
    st = run(st, "discard KD")
    res = st.result()
    assert res.outcome == "void" and res.points == [0, 0, 0] and st.game.check_result(res, st) == []
    sheet = st.game.new_sheet()
    sheet.record(res)
    assert sheet.next_dealer == 1 and sheet.table()[1][0][2] == "void"


def test_melds_in_a_deal_are_refused():
    st = deal(3, EX3, stock_top="7D")
    d = dict(st.deal_record(), melds=[{"owner": 0, "cards": ["AS", "2S", "3S"]}])
    with pytest.raises(DealError, match="melds"):
        st.game.from_deal(d)


# ---- what each seat knows ----------------------------------------------------------------------


def test_hands_stay_hidden_and_a_taken_card_stays_known():
    st = run(deal(3, ["4S 5S 6S 9D 9C JK 6H", EX3[0], EX3[2]], pile="7D", to_act=0), "draw discard", "discard 6H")
    seven = parse_card("7D")
    for seat in (1, 2):
        zone = next(z for z in st.observation(seat).zones if z.name == "hand 0")
        assert zone.cards == (seven,)
        assert Counter(st.hidden_from(seat))[seven] == 1  # the other 7D: somewhere unseen
        obs_text = json.dumps(st.observation(seat).to_json())
        for c in st.hands[0]:
            if c != seven:
                assert Counter(st.hidden_from(seat))[c] >= 1, card_text(c)
        assert "9C" not in obs_text.replace("JK=9C", "")
        iset = st.information_set(seat)
        for k in range(5):  # every sample agrees with the pick-up and the discards seen
            world = iset.sample(random.Random(k))
            assert seven in world.hands[0] and world.hands[seat] == st.hands[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in st.hands] and world.pile == st.pile
            assert len(world.stock) == len(st.stock)
            assert Counter(world.cards_in_play()) == Counter(st.game.deck())
    st = run(st, "draw stock", f"discard {card_text(st.hands[1][0])}")
    st = run(st, "draw stock", f"discard {card_text(st.hands[2][0])}")
    st = run(st, "draw stock", "discard 7D")
    assert st.known[0] == []  # thrown away: no longer known in that hand


def test_the_showdown_shows_every_hand():
    end = replay_match(load_record("ramino-klop", "e5")).state
    for seat in range(4):
        obs = end.observation(seat)
        for s in range(4):
            zone = next(z for z in obs.zones if z.name == f"hand {s}")
            assert sorted(zone.cards) == sorted(end.hands[s])
        assert Counter(end.hidden_from(seat)) == Counter(end.stock)  # only the stock stays hidden


# ---- the bots -------------------------------------------------------------------------------------


def test_the_bots_of_ramino_klop():
    """simple: the knock rummies' rules (bots/knock.py); the strong bot's prior its own (not
    the drift rummies' elimination prior, which would meld)."""
    g = get_game("ramino-klop", 3)
    assert simple_policy(g) is choose and prior_policy(g) is prior
    rng = random.Random(1)
    st = deal(3, [EX3[0], "4S 5S 9D 9C KH QH 2C", EX3[2]], pile="6S")
    assert choose(st.observation(1), g, rng).text() == "draw discard"  # 6S makes 4S 5S 6S
    assert choose(deal(3, EX3, pile="7D").observation(1), g, rng).text() == "draw stock"  # 6 either way
    st = run(deal(3, EX3, stock_top="7D"), "draw stock")
    assert choose(st.observation(1), g, rng).text() == "knock 9C"  # at once under 7; 9C the higher of two
    assert prior(st.observation(1), g, rng).text() == "knock 9C"
    st = run(example_4_position(), "draw stock")
    assert choose(st.observation(2), g, rng).verb == "rummy" and prior(st.observation(2), g, rng).verb == "rummy"
    st = run(deal(3, ["2C 3D 4H 5S 7C 8D TH", "2D 3H 4C 9C 8S KD JK", EX3[2]], stock_top="QH"), "draw stock")
    a = prior(st.observation(1), g, rng)
    assert a.verb == "discard" and card_text(a.cards[0]) != "JK" and a in st.legal_actions()


# ---- simulate, whole matches ------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 6])
def test_simulate_finishes_hands_and_matches(n):
    r = CliRunner().invoke(
        main, ["simulate", "ramino-klop", "--seats", ",".join(["bot"] * n), "--hands", "40", "--seed", "1", "--json"]
    )
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    assert s["hands"] == 40 and s["matches_finished"] >= 1 and set(s["outcomes"]) <= {"knock", "rummy", "void"}
    assert sum(s["match_wins"]) >= s["matches_finished"]
    g = get_game("ramino-klop", n)
    m = Match(g, ["bot:simple"] * n, seed=n)
    bots = [get_bot("simple", g, seed=i) for i in range(n)]
    while not m.over:
        st = m.start_hand()
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
        assert g.check_result(st.result(), st) == []
    left = [s for s in range(n) if m.sheet.active[s]]
    assert (len(left) == 1 and m.sheet.winners == left) or (not left and m.sheet.winners)
    assert all(m.sheet.totals[s] >= 101 for s in range(n) if s not in left)


def test_a_hand_after_an_elimination_names_only_the_players_still_in():
    """Hand 5 of Example 6 played out by the simple bot: the summary's score line and the
    hands shown name Anna and Cor only, in penalty points; the seats out score 0."""
    m = replay_match(load_record("ramino-klop", "e6"))
    g = m.game
    rng = random.Random(5)
    while not m.state.over:
        m.apply(choose(m.state.observation(m.state.to_act), g, rng))
    res = m.state.result()
    assert res.detail["active"] == [True, False, True, False] and res.points[1] == res.points[3] == 0
    lines = res.summary.lines(NAMES)
    assert lines[1].startswith("This hand (penalty points): ") and "Bram" not in lines[1] and "Dirk" not in lines[1]
    shown = [ln for ln in lines if ln.startswith("  ")]
    assert [ln.split(":")[0].strip() for ln in shown] == ["Anna", "Cor"]
