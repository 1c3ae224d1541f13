"""Tonk (cardtable/rules/tonk.md): every Example of §11 with the spec's exact values, the options of
§9, the rulings of §10 that change play, the stake ledger, the hidden hands, the simple bot's rules
of thumb. Examples 1, 2 and 4 to 11 play whole hands: they are records in tests/records/tonk/,
replayed."""

from __future__ import annotations

import random

import pytest

from cardtable.bots.simulate import simulate_matches
from cardtable.bots.tonk import choose, lowest_chance
from cardtable.cards import card_text, full52, parse_cards
from cardtable.engine import get_game
from cardtable.engine.game import DealError, OptionError
from cardtable.engine.match import Match
from cardtable.engine.record import replay as replay_match
from cardtable.games.tonk import settle
from tests.games.helpers import legal, load_record, refused, run

NAMES4 = ["Anna", "Bram", "Cor", "Dirk"]


def deal(
    n: int, hands: list[str], melds=(), stock_top: str = "", pile: str = "", to_act: int = 1, dealer: int = 0, **options
):
    """A position of ``n`` players: the hands given, the spreads ``melds`` as (owner, cards), the
    stock with ``stock_top`` first, the discard pile ``pile`` (bottom to top), the other cards in
    the stock."""
    g = get_game("tonk", n, **options)
    hs = [parse_cards(h) for h in hands]
    ms = [(o, parse_cards(c)) for o, c in melds]
    top = parse_cards(stock_top) if stock_top else []
    pl = parse_cards(pile) if pile else []
    used = {c for h in hs for c in h} | {c for _o, m in ms for c in m} | set(top) | set(pl)
    rest = [c for c in full52() if c not in used]
    if not pl:
        pl, rest = rest[-1:], rest[:-1]
    d = {
        "dealer": dealer,
        "hands": [[card_text(c) for c in h] for h in hs],
        "stock": [card_text(c) for c in top + rest],
        "discard": [card_text(c) for c in pl],
        "melds": [{"owner": o, "cards": [card_text(c) for c in m]} for o, m in ms],
        "to_act": to_act,
    }
    return g.from_deal(d)


def replay(name: str, **options):
    rec = load_record("tonk", name)
    if options:
        rec["options"] = dict(rec["options"], **options)
    return replay_match(rec)


# ---- Examples 1 and 2: the deal check ---------------------------------------------------------


def test_example_1_tonk_on_the_deal():
    m = replay("e1")
    res = m.results[0]
    assert res.outcome == "deal_tonk" and res.points == [-2, -2, 6, -2] and res.winners == [2]
    assert res.detail["deal_points"] == [33, 31, 50, 28] and res.detail["tonks"] == [2]
    assert m.hands[0]["actions"] == [] and res.detail["turns"] == 0  # no play
    assert res.detail["next_dealer"] == 1 and m.results[1].detail["dealer"] == 1  # seat 1 deals next
    assert res.summary.lines(NAMES4)[0] == "Cor has tonk on the deal (50 points): a double stake from everyone"


def test_example_2_two_tonks_void_the_deal():
    m = replay("e2")
    res = m.results[0]
    assert res.outcome == "void" and res.points == [0, 0, 0] and res.winners == []
    assert res.detail["tonks"] == [1, 2] and m.results[1].detail["dealer"] == 1
    assert m.sheet.table(["Anna", "Bram", "Cor"])[1][0][2:] == ["void (two deal tonks)", "0", "0", "0"]


def test_deal_tonk_min_49_and_melds_never_deducted_at_the_deal():
    """§9 ``deal_tonk_min`` and ruling 12: ``KH QH JH TH 9H`` (a run, 49 points) is a tonk with 49,
    even with ``count_melds_in_hand``; not with the default 50."""
    hands = [["2C", "3C", "4C", "5C", "6C"], ["KH", "QH", "JH", "TH", "9H"], ["2D", "3D", "4D", "5D", "6D"]]
    rest = [card_text(c) for c in full52() if card_text(c) not in {x for h in hands for x in h}]
    d = {"dealer": 0, "hands": hands, "stock": rest[1:], "discard": rest[:1]}
    assert get_game("tonk", 3).from_deal(d).to_act == 1
    st = get_game("tonk", 3, deal_tonk_min="49", count_melds_in_hand=True).from_deal(d)
    res = st.result()
    assert st.to_act is None and res.outcome == "deal_tonk" and res.points == [-2, 4, -2]


# ---- Example 3: spreads and hits ---------------------------------------------------------------


def test_example_3_legal_spreads_and_hits():
    st = deal(3, ["2C 3C", "AS 2S 9S JS QS", "4D 6H"], melds=[(0, "3S 4S 5S"), (2, "9C 9D 9H")], stock_top="KS")
    st = run(st, "draw stock")
    got = legal(st)
    assert {a for a in got if a.startswith("layoff")} == {"layoff 2S to 1", "layoff 9S to 2"}
    assert {a for a in got if a.startswith("meld")} == {"meld JS QS KS"}
    refused(st, "layoff AS to 1", "does not fit")
    refused(st, "meld QS KS AS", "ace is low only")
    refused(st, "meld 9S JS QS KS", "not consecutive")
    after = run(st, "layoff 2S to 1")
    assert [card_text(c) for c in after.melds[0].cards] == ["2S", "3S", "4S", "5S"]
    assert "layoff AS to 1" in legal(after)


# ---- Examples 4 to 9: the ends of a hand (records) ----------------------------------------------


@pytest.mark.parametrize(
    "name,outcome,points,winners",
    [
        ("e4", "tonk_out", [-2, 4, -2], [1]),
        ("e5", "out", [-1, 2, -1], [1]),
        ("e6", "knock", [-1, -1, 3, -1], [2]),
        ("e7", "knock", [-1, -4, 4, 1], [2]),
        ("e7p", "knock", [-1, -5, 5, 1], [2]),
        ("e8", "knock", [3, -1, -2], [0]),
        ("e9", "stock", [1, -2, 1], [0, 2]),
    ],
)
def test_examples_4_to_9_settlement_records(name, outcome, points, winners):
    m = replay(name)
    res = m.results[0]
    assert (res.outcome, res.points, res.winners) == (outcome, points, winners)
    assert m.sheet.balance == points and m.sheet.problems() == []
    assert m.state.game.check_result(res, m.state) == []


def test_example_4_and_5_the_hand_empties():
    st4 = replay("e4").state
    assert st4.hands[1] == [] and [card_text(c) for c in st4.melds[0].cards] == ["5D", "6D", "7D", "8D", "9D", "TD"]
    assert st4.observation(0).log[-1] == "Seat 1 tonks out: no cards left."
    st5 = replay("e5").state
    assert st5.hands[1] == [] and card_text(st5.pile[-1]) == "5S"
    assert st5.observation(0).log[-1] == "Seat 1 goes out with the last discard."


@pytest.mark.parametrize(
    "name,counts",
    [
        ("e6", [27, 11, 6, 23]),
        ("e7", [20, 14, 9, 14]),
        ("e8", [6, 15, 6]),
        ("e9", [8, 13, 8]),
    ],
)
def test_examples_6_to_9_counts_at_the_showdown(name, counts):
    res = replay(name).results[0]
    assert res.detail["counts"] == counts


def test_example_7_and_8_the_knocker_is_not_strictly_lowest():
    d7 = replay("e7").results[0].detail
    assert (d7["ender"], d7["knock_won"], d7["lowest"]) == (1, False, [2])
    d8 = replay("e8").results[0].detail
    assert (d8["ender"], d8["knock_won"], d8["lowest"]) == (2, False, [0])
    assert replay("e6").results[0].detail["knock_won"] is True


def test_example_9_the_hand_ends_after_the_discard_that_empties_the_stock():
    m = replay("e9")
    assert m.state.stock == [] and m.hands[0]["actions"] == ["draw stock", "discard QD"]
    assert m.results[0].summary.lines(["Anna", "Bram", "Cor"])[0] == "The stock ran out: Anna and Cor lowest"


def test_settle_ties_and_the_stock():
    """§7: E5 with every count equal pays nothing; E4 with two lowest non-knockers pays each."""
    assert settle("stock", [5, 5, 5], None) == ([0, 0, 0], [], {"lowest": []})
    amounts, winners, keys = settle("knock", [10, 12, 4, 4], 0)
    assert amounts == [-4, -2, 3, 3] and winners == [2, 3] and sum(amounts) == 0
    assert settle("knock", [10, 12, 4, 4], 0, True)[0] == [-6, -2, 4, 4]


# ---- Example 10: the hit block ------------------------------------------------------------------


def _steps(rec_options=None):
    rec = load_record("tonk", "e10")
    if rec_options is not None:
        rec["options"] = rec_options
    g = get_game("tonk", 3, **rec["options"])
    st = g.from_deal(rec["hands"][0]["deal"])
    out = [st]
    for a in rec["hands"][0]["actions"]:
        st = st.apply(a)
        out.append(st)
    return out


def test_example_10_a_hit_blocks_the_next_knock():
    steps = _steps()
    seat2 = steps[3]  # after draw stock (2H), layoff 9D to 1, discard 3C
    assert seat2.to_act == 2 and [card_text(c) for c in seat2.hands[1]] == ["KH", "4S", "7C", "2H"]
    assert legal(seat2) == {"knock", "draw stock", "draw discard"}
    seat0 = steps[5]
    assert seat0.to_act == 0 and legal(seat0) == {"draw stock", "draw discard"}
    assert seat0.observation(1).extra["blocked"] == [True, False, False]
    refused(seat0, "knock", "was hit since his last turn")
    again = steps[11]
    assert again.to_act == 0 and "knock" in legal(again)
    m = replay("e10")
    assert m.results[0].outcome == "knock" and m.results[0].points == [2, -1, -1]


def test_example_10_without_the_option_seat_0_may_knock_at_once():
    seat0 = _steps({})[5]
    assert seat0.to_act == 0 and legal(seat0) == {"knock", "draw stock", "draw discard"}


# ---- Example 11: the ledger over three hands -------------------------------------------------------


def test_example_11_the_ledger():
    m = replay("e11")
    assert [r.points for r in m.results] == [[-2, -2, 6, -2], [-1, -4, 4, 1], [0, 0, 0, 0]]
    assert m.sheet.balance == [-3, -6, 10, -1] and m.sheet.problems() == []
    assert [r["dealer"] for r in m.sheet.rows] == [0, 1, 2]
    lines = m.sheet.render(NAMES4).splitlines()
    assert lines[0] == "Hand 4 of 10"
    head, rows = m.sheet.table(NAMES4)
    assert head == ["hand", "dealer", "how it ended", *NAMES4]
    assert rows[0] == ["1", "Anna", "Cor: tonk on the deal", "\u22122", "\u22122", "+6", "\u22122"]
    assert rows[1] == ["2", "Bram", "Bram knocked, Cor lowest", "\u22121", "\u22124", "+4", "+1"]
    assert rows[2] == ["3", "Cor", "void (two deal tonks)", "0", "0", "0", "0"]
    assert rows[3] == ["balance", "", "", "\u22123", "\u22126", "+10", "\u22121"]
    assert m.sheet.table(["Anna", "You", "Cor", "Dirk"])[1][1][2] == "You knocked, Cor lowest"


def test_example_11_with_stake_5():
    m = replay("e11", stake=5)
    assert m.sheet.balance == [-15, -30, 50, -5]
    assert m.sheet.table(NAMES4)[1][1][3:] == ["\u22125", "\u221220", "+20", "+5"]


def test_the_match_ends_after_match_hands_void_deals_included():
    m = replay("e11", match_hands=3)
    assert m.sheet.over and m.sheet.winners == [2]
    assert m.sheet.render(NAMES4).splitlines()[-1] == "Match over: Cor wins with +10."


# ---- §6.4 the count; §9 options ---------------------------------------------------------------------


def test_count_melds_in_hand():
    """§6.4: ``7H 8H 9H KS 2D`` counts 36, 12 with ``count_melds_in_hand``."""
    hands = ["7H 8H 9H KS 2D", "TC TD", "JC 4C 5S"]
    for option, count, pts in ((False, 36, [-4, 1, 3]), (True, 12, [2, -1, -1])):
        st = run(deal(3, hands, to_act=0, count_melds_in_hand=option), "knock")
        res = st.result()
        assert res.detail["counts"][0] == count and res.points == pts
    assert res.detail["melds"][0] == ["7H 8H 9H"]
    assert "  Seat 0: 7H 8H 9H | 2D KS  = 12" in res.summary.lines()


def test_options_are_validated():
    with pytest.raises(OptionError, match="stake"):
        get_game("tonk", 3, stake=0)
    with pytest.raises(OptionError, match="deal_tonk_min"):
        get_game("tonk", 3, deal_tonk_min=48)
    with pytest.raises(OptionError, match="match_hands"):
        get_game("tonk", 3, match_hands=0)
    assert get_game("tonk", 3, deal_tonk_min="49").options["deal_tonk_min"] == 49


def test_deal_sizes_and_stock():
    """§3: five cards each, one upcard, the stock 41 / 36 / 31 / 26 / 21."""
    for n, stock in ((2, 41), (3, 36), (4, 31), (5, 26), (6, 21)):
        st = get_game("tonk", n).new_hand(seed=3)
        assert [len(h) for h in st.hands] == [5] * n and len(st.stock) == stock and len(st.pile) == 1


# ---- §10 rulings that change play ---------------------------------------------------------------------


def test_ruling_3_knock_only_at_the_start_of_the_turn():
    st = deal(3, ["2C 3C 4D", "AS 2D 9S", "4H 6H"], to_act=1)
    assert "knock" in legal(st)  # also on the first turn
    st = run(st, "draw stock")
    refused(st, "knock", "start of the turn")


def test_ruling_10_the_taken_card_goes_back_only_when_it_is_the_last():
    st = run(deal(3, ["2C 3C", "5H 6H 7H KS", "4D 6D"], pile="9C"), "draw discard")
    assert "discard 9C" not in legal(st)
    refused(st, "discard 9C", "taken from the discard pile")
    st = run(st, "meld 5H 6H 7H")
    assert {a for a in legal(st) if a.startswith("discard")} == {"discard KS"}
    st = run(deal(3, ["2C 3C", "5H 6H 7H", "4D 6D"], pile="9C"), "draw discard", "meld 5H 6H 7H")
    assert legal(st) == {"discard 9C"}  # the only card left
    assert run(st, "discard 9C").result().outcome == "out"


def test_ruling_7_a_tonk_out_on_the_last_stock_card_comes_first():
    st = deal(3, ["2C 3C", "5H 6H", "4D 6D"], melds=[(0, "8S 9S TS")], stock_top="7H", to_act=1)
    st.stock = st.stock[-1:]  # the 7H alone
    st = run(st, "draw stock", "meld 5H 6H 7H")
    assert st.result().outcome == "tonk_out" and st.result().points == [-2, 4, -2]


def test_a_position_needs_a_stock():
    st = deal(3, ["2C 3C", "5H 6H", "4D 6D"])
    d = dict(st.deal_record())
    d["discard"] = d["stock"] + d["discard"]
    d["stock"] = []
    with pytest.raises(DealError, match="stock"):
        get_game("tonk", 3).from_deal(d)


# ---- hidden information ------------------------------------------------------------------------------


def test_hands_stay_hidden_until_the_end_and_a_taken_card_stays_known():
    st = run(deal(3, ["2C 3C 8D", "5H 6H KS", "4D 6D TC"], pile="9C"), "draw discard", "discard KS")
    nine = parse_cards("9C")[0]
    for seat in (0, 2):
        obs = st.observation(seat)
        zone = next(z for z in obs.zones if z.name == "hand 1")
        assert zone.cards == (nine,)
        assert nine not in st.hidden_from(seat) and obs.extra["known_in_hands"][1] == (nine,)
        others = {c for s, h in enumerate(st.hands) if s != seat for c in h} - {nine}
        assert others <= set(st.hidden_from(seat))
    rng = random.Random(1)
    iset = st.information_set(0)
    for _ in range(20):
        world = iset.sample(rng)
        assert nine in world.hands[1] and len(world.hands[1]) == 3 and world.hands[0] == st.hands[0]
        assert world.pile == st.pile and world.melds == st.melds
        assert not set(world.hands[1] + world.hands[2]) & set(st.pile)
    end = run(st, "knock")
    assert end.result() is not None and not set(end.hidden_from(0)) & {c for h in end.hands for c in h}


# ---- the words -------------------------------------------------------------------------------------


def test_summary_status_and_log_speak_to_you():
    res = replay("e7").results[0]
    assert res.summary.lines(NAMES4)[0] == "Bram knocked and lost: Cor lowest"
    lines = res.summary.lines(["Anna", "You", "Cor", "Dirk"], you=1)
    assert lines[0] == "You knocked and lost: Cor lowest"
    assert lines[1] == "This hand (stakes): Anna \u22121 \u00b7 you \u22124 \u00b7 Cor +4 \u00b7 Dirk +1"
    assert "  You: 9\u2665 5\u2663  = 14" not in lines and "  You: 9H 5C  = 14" in lines
    st = deal(3, ["2C 3C", "5H 6H", "4D 6D"])
    assert st._status().startswith("Seat 1 to knock or draw")
    assert run(st, "knock")._status().startswith("Seat 1 knocks: showdown")


# ---- bots --------------------------------------------------------------------------------------------


def test_the_simple_bot_knocks_when_likely_lowest():
    g = get_game("tonk", 3)
    rng = random.Random(1)
    low = deal(3, ["2C 3C 4D 8S 9S", "AS 2D", "4H 6H 9H KC QD"], to_act=1)
    assert lowest_chance(low.observation(1), g, 3) > 0.9
    assert choose(low.observation(1), g, rng).text() == "knock"
    high = deal(3, ["2C 3C", "KS QD JC", "4H 6H"], to_act=1)
    assert choose(high.observation(1), g, rng).text() != "knock"


def test_the_simple_bot_takes_a_hit_spreads_hits_and_keeps_near_melds():
    g = get_game("tonk", 3)
    rng = random.Random(1)
    st = deal(3, ["2C 3C", "KS QD JC 4H 5D", "4D 6D"], melds=[(0, "8S 9S TS")], pile="JS")
    assert choose(st.observation(1), g, rng).text() == "draw discard"  # JS hits spread 1
    st = deal(3, ["2C 3C", "7C 7D 7H 9S KD", "4D 6D"], melds=[(0, "6S 7S 8S")], stock_top="KH")
    st = run(st, "draw stock")
    assert choose(st.observation(1), g, rng).text() == "meld 7C 7D 7H"
    st = run(st, "meld 7C 7D 7H")
    assert choose(st.observation(1), g, rng).text() == "layoff 9S to 1"
    st = run(st, "layoff 9S to 1")
    assert choose(st.observation(1), g, rng).text() in ("discard KD", "discard KH")  # a pair, but 10s
    st = deal(3, ["2C 3C", "8H 9H QC 2S", "4D 6D"], stock_top="AD", to_act=1)
    st = run(st, "draw stock")
    assert choose(st.observation(1), g, rng).text() == "discard QC"  # keeps 8H 9H


def test_the_simple_bot_chooses_among_the_legal_actions_it_is_given():
    from dataclasses import replace

    g = get_game("tonk", 4)
    start = g.new_hand(seed=5)
    rng = random.Random(1)
    for st in (start, run(start, "draw stock")):
        obs = st.observation(st.to_act)
        for verb in {a.verb for a in obs.legal}:
            only = tuple(a for a in obs.legal if a.verb == verb)
            assert choose(replace(obs, legal=only), g, rng) in only
        first = choose(obs, g, rng)
        rest = tuple(a for a in obs.legal if a != first)
        assert choose(replace(obs, legal=rest), g, rng) in rest


# ---- whole matches: the ledger sums to zero after every hand ------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_simulated_matches_keep_the_ledger_at_zero(players):
    g = get_game("tonk", players)
    from cardtable.bots import get_bot

    bots = [get_bot("simple", g, seed=s) for s in range(players)]
    m = Match(g, ["bot:simple"] * players, seed=1)
    hands = 0
    while hands < 12:
        if m.over:
            m = Match(g, ["bot:simple"] * players, seed=hands)
        st = m.start_next()
        while not st.over:
            st = m.apply(bots[st.to_act].choose(bots[st.to_act].info_for(st, st.to_act)))
        hands += 1
        assert sum(m.sheet.balance) == 0 and m.sheet.problems() == []
        assert g.check_result(m.results[-1], m.state) == []
    out = simulate_matches(g, ["bot"] * players, 12, 1)
    assert out["hands"] == 12 and sum(out["total_points"]) == 0


def test_returns_are_the_ledger_amounts():
    for name in ("e1", "e2", "e4", "e7p", "e9"):
        st = replay(name).state
        assert st.returns_gains() == [float(x) for x in st.result().points]
    st = replay("e11", stake=5).state
    assert st.returns_gains() == [0.0] * 4
