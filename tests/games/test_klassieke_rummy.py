"""Klassieke Rummy (cardtable/rules/klassieke-rummy.md): every Example of §11, plus options,
deals, the action text, determinism, the score sheet and the simple bot."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, full52, parse_card, parse_cards
from cardtable.engine import DealError, IllegalAction, Match, OptionError, Result, get_game
from cardtable.engine.grammar import parse_action
from cardtable.engine.record import replay, summary
from cardtable.families import rummy as R
from cardtable.games.klassieke_rummy import DEAL_SIZES, MAX_TURNOVERS
from cardtable.sheets.totals import TotalsSheet

GAME = "klassieke-rummy"


def C(text: str) -> list[int]:
    return parse_cards(text)


def position(
    n: int, hands: dict[int, str], melds=(), stock_top: str = "", discard: str = "", to_act: int = 0, dealer: int = 0
) -> dict:
    """A mid-hand ``deal``: the given hands (others get one filler card each from the
    rest), the given melds ``[(owner, "cards")]``, the stock starting with ``stock_top`` and
    the rest of the pack below it, the discard pile bottom to top."""
    used = set()
    for t in list(hands.values()) + [m[1] for m in melds] + [stock_top, discard]:
        for c in C(t):
            assert c not in used, card_text(c)
            used.add(c)
    rest = [c for c in full52() if c not in used]
    hand_lists = []
    for s in range(n):
        if s in hands:
            hand_lists.append(hands[s].split())
        else:
            hand_lists.append([card_text(rest.pop())])
    return {
        "dealer": dealer,
        "hands": hand_lists,
        "stock": stock_top.split() + [card_text(c) for c in rest],
        "discard": discard.split(),
        "melds": [{"owner": o, "cards": t.split()} for o, t in melds],
        "to_act": to_act,
    }


def record(n: int, deal: dict, actions: list[str], options: dict | None = None) -> dict:
    return {
        "format": "cardtable-record/1",
        "game": GAME,
        "players": n,
        "options": options or {},
        "seats": ["bot:simple"] * n,
        "hands": [{"deal": deal, "actions": actions}],
    }


def snapshot(st) -> tuple:
    return (
        [list(h) for h in st.hands],
        list(st.stock),
        list(st.pile),
        list(st.melds),
        st.phase,
        st.seat,
        st.taken,
        st.melded,
    )


def refused(st, text: str, *words: str) -> str:
    """Assert ``text`` is refused with a message holding ``words`` and ``st`` is unchanged."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as err:
        st.apply(text)
    assert snapshot(st) == before
    msg = str(err.value)
    for w in words:
        assert w in msg, msg
    return msg


def texts(actions) -> set[str]:
    return {a.text() for a in actions}


# ---- §11 Examples ----------------------------------------------------------------------


def example1_state(**opts):
    g = get_game(GAME, 3, **opts)
    deal = position(
        3,
        {1: "3C 4C 5C 9H 9D 9S KH", 0: "2H 3H 4H 5S 6S 7S 8S", 2: "2S 3S 4S 6D 7D 8D 9C"},
        melds=[(2, "TH JH QH")],
        stock_top="2D",
        discard="KD",
        to_act=1,
    )
    return g.from_deal(deal).apply("draw stock")


def test_example1_one_meld_per_turn():
    st = example1_state()
    assert sorted(st.hand_of(1)) == sorted(C("3C 4C 5C 9H 9D 9S KH 2D"))
    legal = texts(st.legal_actions())
    assert {"meld 3C 4C 5C", "meld 9D 9H 9S", "layoff KH to 1"} <= legal
    st = st.apply("meld 3C 4C 5C")
    assert st.melds[1] == R.Meld(1, "run", tuple(C("3C 4C 5C")))  # meld 2
    refused(st, "meld 9H 9D 9S", "one meld per turn")
    st = st.apply("layoff KH to 1")
    assert st.melds[0] == R.Meld(2, "run", tuple(C("TH JH QH KH")))
    st = st.apply("discard 2D")
    assert sorted(st.hand_of(1)) == sorted(C("9H 9D 9S"))
    assert st.to_act == 2 and st.pile[-1] == parse_card("2D")


def test_example1_no_meld_limit_allows_second_meld():
    st = example1_state(no_meld_limit=True).apply("meld 3C 4C 5C")
    assert "meld 9D 9H 9S" in texts(st.legal_actions())
    st = st.apply("meld 9H 9D 9S")  # typed in any order
    assert st.melds[2] == R.Meld(1, "set", tuple(C("9D 9H 9S")))


EX2 = [
    ("AS 2S 3S", True, True, True),
    ("QS KS AS", False, True, True),
    ("KS AS 2S", False, False, True),
    ("QD KD AD 2D 3D", False, False, True),
]


@pytest.mark.parametrize("run,low,high_low,bridge", EX2)
def test_example2_aces_family(run, low, high_low, bridge):
    for mode, valid in (("low", low), ("high_low", high_low), ("bridge", bridge)):
        got = R.run_order(C(run), mode)
        assert (got is not None) == valid, (run, mode)
        if valid:
            assert got == tuple(C(run))  # written first..last, bridge along the circle


@pytest.mark.parametrize("run,low,high_low,bridge", EX2)
def test_example2_aces_in_play(run, low, high_low, bridge):
    for mode, valid in (("low", low), ("high_low", high_low), ("bridge", bridge)):
        g = get_game(GAME, 2, ace_mode=mode)
        st = g.from_deal(position(2, {0: run + " 9H"}, stock_top="5H", discard="TC", to_act=0))
        st = st.apply("draw stock")
        shuffled_text = "meld " + " ".join(reversed(run.split()))
        if valid:
            assert "meld " + run in texts(st.legal_actions())
            nxt = st.apply(shuffled_text)
            assert nxt.melds[0].cards == tuple(C(run))
        else:
            assert "meld " + run not in texts(st.legal_actions())
            refused(st, shuffled_text, "not a run")


def example3_state():
    g = get_game(GAME, 3)
    st = g.from_deal(position(3, {0: "7C 7S 2D", 1: "KS QD 4C 4H AC", 2: "9C 8C 2S"}, discard="5D 7H", to_act=0))
    return st.apply("draw discard")


def test_example3_discard_restriction():
    st = example3_state()
    assert sorted(st.hand_of(0)) == sorted(C("7H 7C 7S 2D"))
    assert st.observation(0).extra["taken_from_discard"] == parse_card("7H")
    discards = {a.text() for a in st.legal_actions() if a.verb == "discard"}
    assert discards == {"discard 7C", "discard 7S", "discard 2D"}
    refused(st, "discard 7H", "taken from the discard pile")
    st = st.apply("meld 7H 7C 7S").apply("discard 2D")
    assert st.over
    res = st.result()
    assert res.outcome == "out" and res.winners == [0]
    assert res.detail["rummy"] is False  # started the turn with 3 cards, not 7
    assert res.points == [29 + 19, 0, 0]


def example4_deal(**extra):
    deal = {
        "dealer": 1,
        "to_act": 0,
        "hands": [["QC", "KC"], ["AD", "2D"]],
        "stock": [],
        "discard": ["JC", "3D", "8S"],
        "melds": [
            {"owner": 1, "cards": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC".split()},
            {"owner": 0, "cards": "4D 5D 6D 7D 8D 9D TD JD QD KD".split()},
            {"owner": 1, "cards": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH".split()},
            {"owner": 0, "cards": "AS 2S 3S 4S 5S 6S 7S".split()},
            {"owner": 1, "cards": "9S TS JS QS KS".split()},
        ],
    }
    deal.update(extra)
    return deal


def test_example4_empty_stock_take_discard():
    st = get_game(GAME, 2).from_deal(example4_deal())
    assert texts(st.legal_actions()) == {"draw stock", "draw discard"}
    st = st.apply("draw discard")
    assert parse_card("8S") in st.hand_of(0) and st.pile == C("JC 3D") and st.stock == []


def test_example4_empty_stock_turned_over():
    rec = record(2, example4_deal(), ["draw stock"])
    m = replay(rec)
    st = m.state
    assert parse_card("JC") in st.hand_of(0)
    assert st.stock_top_first() == C("3D 8S")
    assert st.pile == []
    assert st.turnovers == 1
    assert st.observation(1).stock_size == 2 and st.observation(1).discard == ()
    assert any("turned over without shuffling" in line for line in st.observation(1).log)


def test_example4_reshuffle_option():
    g = get_game(GAME, 2, reshuffle=True)
    st = g.from_deal(example4_deal()).apply("draw stock")
    drawn = [c for c in st.hand_of(0) if c not in C("QC KC")]
    assert sorted(drawn + st.stock) == sorted(C("JC 3D 8S")) and st.pile == []
    again = g.from_deal(example4_deal()).apply("draw stock")  # deterministic
    assert again.hands == st.hands and again.stock == st.stock


def test_example5_ordinary_hand_score():
    deal = position(
        3,
        {0: "KD", 1: "KS QD 4C 4H AC", 2: "9C 8C 2S"},
        melds=[(0, "4D 5D 6D"), (0, "JS JH JC")],
        stock_top="7D",
        discard="2C",
        to_act=0,
    )
    m = replay(record(3, deal, ["draw stock", "layoff 7D to 1", "discard KD"]))
    res = m.results[0]
    assert res.detail["hand_points"] == [0, 29, 19]
    assert res.detail["rummy"] is False and res.detail["winner"] == 0
    assert res.points == [48, 0, 0]
    assert m.sheet.table()[1][0] == ["1", "48 / 48", "0 / 0", "0 / 0"]
    js = summary(m)
    assert js["hands"][0]["result"]["points"] == [48, 0, 0]


def test_example6_rummy_doubles():
    deal = position(
        2,
        {1: "3H 4H 5H 6H 7H 8H 9H TH JH 2C", 0: "KC KD 5S AH 2S"},
        melds=[(0, "4D 5D 6D 7D 8D")],
        stock_top="QH",
        discard="9S",
        to_act=1,
    )
    m = replay(record(2, deal, ["draw stock", "meld 3H 4H 5H 6H 7H 8H 9H TH JH QH", "discard 2C"]))
    res = m.results[0]
    assert res.detail["rummy"] is True
    assert res.detail["hand_points"] == [28, 0]
    assert res.points == [0, 56]
    assert m.sheet.table()[1][0] == ["1 (R)", "0 / 0", "56 / 56"]


def example7_state(**opts):
    g = get_game(GAME, 3, **opts)
    st = g.from_deal(
        position(
            3, {2: "4S 5S", 0: "KC QC", 1: "2D 9D"}, melds=[(2, "TH JH QH")], stock_top="6S", discard="3C", to_act=2
        )
    )
    return st.apply("draw stock")


def test_example7_default_out_by_meld():
    st = example7_state()
    assert "meld 4S 5S 6S" in texts(st.legal_actions())
    st = st.apply("meld 4S 5S 6S")
    assert st.over and st.result().winners == [2] and st.pile == C("3C")


def test_example7_last_card():
    st = example7_state(last_card=True)
    assert "meld 4S 5S 6S" not in texts(st.legal_actions())
    refused(st, "meld 4S 5S 6S", "last_card")
    st = st.apply("discard 6S")
    assert sorted(st.hand_of(2)) == sorted(C("4S 5S")) and not st.over and st.to_act == 0


def example8_state(**opts):
    g = get_game(GAME, 4, **opts)
    st = g.from_deal(
        position(4, {3: "8S 2C 3C 4C KD 9H 5S"}, melds=[(0, "8C 8D 8H")], stock_top="KH", discard="7D", to_act=3)
    )
    return st.apply("draw stock")


def test_example8_layoff_default():
    st = example8_state()
    assert "layoff 8S to 1" in texts(st.legal_actions())
    st = st.apply("layoff 8S to 1")
    assert st.melds[0].cards == tuple(C("8C 8D 8H 8S"))


def test_example8_layoff_requires_meld():
    st = example8_state(layoff_requires_meld=True)
    assert "layoff 8S to 1" not in texts(st.legal_actions())
    refused(st, "layoff 8S to 1", "before putting down a meld")
    st = st.apply("meld 2C 3C 4C")
    assert "layoff 8S to 1" in texts(st.legal_actions())
    st = st.apply("layoff 8S to 1")
    assert st.melds[0].cards == tuple(C("8C 8D 8H 8S"))


def test_example9_game_end():
    g = get_game(GAME, 4, target_score=150)
    m = Match(g, ["bot:simple"] * 4, seed=1)
    for seat, pts in enumerate((120, 95, 140, 60)):  # the totals before the hand
        p = [0, 0, 0, 0]
        p[seat] = pts
        m.sheet.record(Result(p, "out", [seat], {"dealer": seat, "rummy": False}))
    assert m.sheet.totals == [120, 95, 140, 60] and not m.over
    deal = position(
        4,
        {3: "2H 3H 4H 5H 6H 7H 8H", 0: "KC QD", 1: "9C 8D", 2: "AS TD"},
        stock_top="9H",
        discard="5C",
        to_act=3,
        dealer=0,
    )
    m.start_hand(deal=deal)
    for a in ("draw stock", "meld 2H 3H 4H 5H 6H 7H 8H 9H"):
        m.apply(a)
    res = m.results[-1]
    assert res.detail["rummy"] is True and res.detail["hand_points"] == [20, 17, 11, 0]
    assert res.points == [0, 0, 0, 96]
    assert m.over and m.sheet.winners == [3]
    assert m.sheet.totals == [120, 95, 140, 156]
    assert m.sheet.table()[1][-1] == ["5 (R)", "0 / 120", "0 / 95", "0 / 140", "96 / 156"]
    assert m.sheet.render().splitlines()[-1] == "Game over: Seat 3 wins with 156."
    with pytest.raises(IllegalAction):
        m.start_hand(seed=3)


# ---- §8 score sheet -------------------------------------------------------------------


def test_sheet_render_matches_spec():
    sh = TotalsSheet(3, target_score=150)
    sh.record(Result([0, 48, 0], "out", [1], {"dealer": 0, "rummy": False}))
    sh.record(Result([0, 0, 70], "out", [2], {"dealer": 1, "rummy": True}))
    assert sh.render(aligned=False).splitlines() == [
        "| Hand | Seat 0 | Seat 1 | Seat 2 |",
        "|---|---|---|---|",
        "| 1 | 0 / 0 | 48 / 48 | 0 / 0 |",
        "| 2 (R) | 0 / 0 | 0 / 48 | 70 / 70 |",
    ]
    aligned = sh.render().splitlines()
    assert aligned[2] == "| 1     | 0 / 0  | 48 / 48 | 0 / 0   |"
    assert len({len(x) for x in aligned}) == 1
    assert sh.next_dealer == 2 and not sh.over
    js = sh.to_json()
    assert js["rows"][1]["rummy"] is True and js["totals"] == [0, 48, 70]


def test_sheet_max_hands_shared_win_and_dealer_column():
    sh = TotalsSheet(3, target_score=None, max_hands=2, show_dealer=True)
    sh.record(Result([30, 0, 0], "out", [0], {"dealer": 0}))
    sh.record(Result([0, 30, 0], "out", [1], {"dealer": 1}))
    assert sh.over and sh.winners == [0, 1]
    assert sh.table()[0][0] == "Hand (dealer)" and sh.table()[1][1][0] == "2 (1)"
    assert sh.render().splitlines()[-1] == "Game over: Seat 0 and Seat 1 win with 30."


def test_max_hands_option_ends_match():
    g = get_game(GAME, 2, max_hands=1, target_score=1000)
    m = Match(g, ["bot:simple", "bot:simple"], seed=4)
    bots = [get_bot("simple", g, seed=i) for i in range(2)]
    st = m.start_hand()
    while not st.over:
        st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    assert m.over and m.sheet.hands == 1


def test_dealer_rotates_through_match():
    g = get_game(GAME, 3)
    m = Match(g, seed=11)
    bots = [get_bot("simple", g, seed=i) for i in range(3)]
    dealers = []
    while not m.over and len(dealers) < 6:
        st = m.start_hand()
        dealers.append(st.dealer)
        assert st.to_act == (st.dealer + 1) % 3
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    assert dealers == [i % 3 for i in range(len(dealers))]


# ---- options, deals --------------------------------------------------------------------


def test_options_validated():
    g = get_game(GAME, 4)
    assert g.options == {
        "no_meld_limit": False,
        "layoff_requires_meld": False,
        "ace_mode": "low",
        "last_card": False,
        "reshuffle": False,
        "target_score": 150,
        "max_hands": None,
    }
    assert get_game(GAME, 2, ace_mode="BRIDGE", max_hands="none").options["ace_mode"] == "bridge"
    assert get_game(GAME, 2, max_hands="5").options["max_hands"] == 5
    for bad in ({"ace_mode": "high"}, {"target_score": 0}, {"max_hands": 0}, {"last_card": "maybe"}, {"jokers": 2}):
        with pytest.raises(OptionError):
            get_game(GAME, 3, **bad)
    for n in (1, 7):
        with pytest.raises(OptionError):
            get_game(GAME, n)


def test_card_points_per_ace_mode():
    assert sum(get_game(GAME, 2).points[c] for c in full52()) == 340
    assert sum(get_game(GAME, 2, ace_mode="high_low").points[c] for c in full52()) == 396
    assert get_game(GAME, 2, ace_mode="bridge").points[parse_card("AS")] == 15


@pytest.mark.parametrize("n,size,stock", [(2, 10, 31), (3, 7, 30), (4, 7, 23), (5, 6, 21), (6, 6, 15)])
def test_deal_sizes(n, size, stock):
    from cardtable.cards import shuffled
    from cardtable.engine.game import rng_for

    g = get_game(GAME, n)
    sheet = g.new_sheet()
    sheet.next_dealer = n - 1
    st = g.new_hand(seed=42, sheet=sheet)
    assert DEAL_SIZES[n] == size
    assert [len(h) for h in st.hands] == [size] * n
    assert len(st.stock) == stock and len(st.pile) == 1
    assert st.to_act == 0  # voorhand after dealer n-1
    pack = shuffled(full52(), rng_for(42))  # one at a time from voorhand
    assert st.hands[0][:2] == [pack[0], pack[n]] and st.hands[1][0] == pack[1]
    assert st.pile == [pack[n * size]] and st.stock_top_first()[0] == pack[n * size + 1]
    assert sorted(st.cards_in_play()) == sorted(full52())


def test_deal_record_round_trip_and_errors():
    g = get_game(GAME, 3)
    st = g.new_hand(seed=9)
    d = st.deal_record()
    assert set(d) == {"dealer", "hands", "stock", "discard"}
    again = g.from_deal(d)
    assert again.hands == st.hands and again.stock == st.stock and again.pile == st.pile
    bad = dict(d, hands=[d["hands"][0][:-1]] + d["hands"][1:])
    with pytest.raises(DealError, match="missing"):
        g.from_deal(bad)
    bad = dict(d, hands=[d["hands"][0] + [d["stock"][0]]] + d["hands"][1:])
    with pytest.raises(DealError, match="more than once"):
        g.from_deal(bad)
    bad = dict(d, hands=[d["hands"][0] + [d["stock"][0]]] + d["hands"][1:], stock=d["stock"][1:])
    with pytest.raises(DealError, match="is dealt 7"):
        g.from_deal(bad)
    with pytest.raises(DealError, match="unknown deal key"):
        g.from_deal(dict(d, upcard="2C"))
    with pytest.raises(DealError, match="not a card"):
        g.from_deal(dict(d, discard=["XX"]))
    with pytest.raises(DealError, match="dealer"):
        g.from_deal(dict(d, dealer=3))
    pos = position(3, {0: "2C 3C"}, melds=[(1, "5H 6H 8H")], discard="9D")
    with pytest.raises(DealError, match="meld 1"):
        g.from_deal(pos)
    pos = position(3, {0: "2C 3C 4C 5C 6C 7C 8C 9C"}, discard="9D")
    with pytest.raises(DealError, match="1 to 7"):
        g.from_deal(pos)


def test_position_meld_canonical_and_deal_record():
    g = get_game(GAME, 2, ace_mode="bridge")
    pos = position(2, {0: "9C"}, melds=[(1, "2D QD AD KD")], discard="9D")
    st = g.from_deal(pos)
    assert st.melds[0] == R.Meld(1, "run", tuple(C("QD KD AD 2D")))
    assert st.deal_record() is pos


# ---- family machinery ------------------------------------------------------------------


@pytest.mark.parametrize("mode", R.ACE_MODES)
def test_find_melds_is_every_subset_that_is_a_meld(mode):
    from itertools import combinations

    rng = random.Random(7)
    hands = [C("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"), C("KS AS 2S 3S 3H 3D 3C QS")]
    hands += [rng.sample([c for c in full52() if c >> 4 in (0, 2)], rng.randint(3, 11)) for _ in range(60)]
    for hand in hands:
        brute = set()
        for k in range(3, len(hand) + 1):
            for comb in combinations(hand, k):
                cl = R.classify(comb, mode)
                if cl:
                    brute.add(cl)
        got = R.find_melds(hand, mode)
        assert len(got) == len(set(got)) and set(got) == brute
    full = R.find_runs(C("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"), mode)
    assert full.count(tuple(C("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"))) == 1


def test_run_ends_and_turn_over():
    assert R.run_ends(C("AS 2S 3S"), "low") == (None, parse_card("4S"))
    assert R.run_ends(C("JS QS KS"), "low") == (parse_card("TS"), None)
    assert R.run_ends(C("JS QS KS"), "high_low") == (parse_card("TS"), parse_card("AS"))
    assert R.run_ends(C("QS KS AS"), "high_low") == (parse_card("JS"), None)
    assert R.run_ends(C("QS KS AS"), "bridge") == (parse_card("JS"), parse_card("2S"))
    assert R.run_ends(C("AS 2S 3S"), "bridge") == (parse_card("KS"), parse_card("4S"))
    assert R.set_accepts(C("8C 8D 8H")) == (parse_card("8S"),)
    assert R.turn_over(C("JC 3D 8S")) == C("8S 3D JC")  # top last: JC is drawn first
    assert R.stock_top_first(R.turn_over(C("JC 3D 8S"))) == C("JC 3D 8S")
    assert R.card_points(C("KS QD 4C 4H AC"), R.points_table(ace=1)) == 29


# ---- play rules ------------------------------------------------------------------------


def test_draw_phase_and_refusals():
    g = get_game(GAME, 2)
    st = g.new_hand(seed=3)
    assert texts(st.legal_actions()) == {"draw stock", "draw discard"}
    c = card_text(st.hands[1][0])
    refused(st, f"discard {c}", "first draw")
    refused(st, "draw deck", "draw stock")
    refused(st, "dance", "unknown action")
    refused(st, "discard XX", "not a card")
    refused(st, "play 7C", "unknown action")
    st2 = st.apply("draw stock")
    refused(st2, "draw stock", "already drawn")
    other = card_text(st.hands[0][0])
    refused(st2, f"discard {other}", "not in seat 1's hand")


def test_layoff_ends_named_only_where_both_fit():
    g = get_game(GAME, 2, ace_mode="high_low")
    st = g.from_deal(
        position(
            2,
            {0: "AS 9C", 1: "4D"},
            melds=[(1, "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")],
            stock_top="5D",
            discard="9D",
            to_act=0,
        )
    ).apply("draw stock")
    legal = texts(st.legal_actions())
    assert {"layoff AS to 1 low", "layoff AS to 1 high"} <= legal and "layoff AS to 1" not in legal
    refused(st, "layoff AS to 1", "both ends", "low")
    assert st.apply("layoff AS to 1 high").melds[0].cards[-1] == parse_card("AS")
    assert st.apply("layoff AS to 1 low").melds[0].cards[0] == parse_card("AS")
    # a run whose ends differ: the end follows from the card; naming it is accepted
    g2 = get_game(GAME, 2)
    st = g2.from_deal(
        position(2, {0: "AH 9H 5H KC"}, melds=[(1, "6H 7H 8H")], stock_top="5D", discard="9D", to_act=0)
    ).apply("draw stock")
    assert {"layoff 9H to 1", "layoff 5H to 1"} <= texts(st.legal_actions())
    assert st.apply("layoff 9H to 1 high").melds[0].cards == tuple(C("6H 7H 8H 9H"))
    refused(st, "layoff 9H to 1 low", "high end")
    refused(st, "layoff KC to 1", "does not fit")
    refused(st, "layoff 9H to 2", "no meld 2")


def test_bridge_twelve_card_run_and_no_middle():
    g = get_game(GAME, 2, ace_mode="bridge")
    run = "8D 9D TD JD QD KD AD 2D 3D 4D 5D 6D"
    st = g.from_deal(position(2, {0: "7D 9C"}, melds=[(1, run)], stock_top="5C", discard="9S", to_act=0)).apply(
        "draw stock"
    )
    assert {"layoff 7D to 1 low", "layoff 7D to 1 high"} <= texts(st.legal_actions())
    low = st.apply("layoff 7D to 1 low")
    assert low.melds[0].cards[0] == parse_card("7D") and len(low.melds[0].cards) == 13
    high = st.apply("layoff 7D to 1 high")
    assert high.melds[0].cards[-1] == parse_card("7D")
    assert not any(a.verb == "layoff" for a in high.legal_actions())  # 13 cards: closed
    # low mode: cards only at the ends, never in the middle; ace only low
    g = get_game(GAME, 2)
    st = g.from_deal(
        position(
            2,
            {0: "AD KD 9C 5C", 1: "9S"},
            melds=[(1, "2D 3D 4D"), (0, "TD JD QD")],
            stock_top="7C",
            discard="6D",
            to_act=0,
        )
    ).apply("draw stock")
    legal = texts(st.legal_actions())
    assert "layoff AD to 1" in legal and "layoff KD to 2" in legal
    st = st.apply("layoff KD to 2")
    refused(st, "layoff AD to 2", "does not fit")


def test_out_by_layoff_and_rummy_by_layoffs():
    g = get_game(GAME, 2)
    deal = position(
        2,
        {0: "4H 3C 4C 5C 6C 7C 8C 9C TC JC", 1: "2S"},
        melds=[(1, "5H 6H 7H")],
        stock_top="QC",
        discard="9D",
        to_act=0,
    )
    st = g.from_deal(deal)
    for a in ("draw stock", "meld 3C 4C 5C 6C 7C 8C 9C TC JC QC", "layoff 4H to 1"):
        st = st.apply(a)
    assert st.over and st.result().detail["rummy"] is True and st.result().points == [4, 0]


def test_invariant_keeps_a_discard():
    # holding one card, he takes the discard: laying off the other card would leave only it
    g = get_game(GAME, 2)
    st = g.from_deal(position(2, {0: "9H", 1: "2S"}, melds=[(1, "6H 7H 8H")], discard="KC", to_act=0))
    st = st.apply("draw discard")
    assert texts(st.legal_actions()) == {"discard 9H"}
    refused(st, "layoff 9H to 1", "no card could be discarded")


FULL_RUNS = [
    (1, "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
    (0, "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
    (1, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
]


def test_void_when_hand_cannot_end():
    """Ruling 9: one card each, and no free card (the 13 spades) fits a complete run: a hand
    of one card can never meld, so the hand can never end: void at the empty stock."""
    g = get_game(GAME, 2)
    deal = {
        "dealer": 1,
        "to_act": 0,
        "hands": [["AS"], ["5S"]],
        "stock": [],
        "discard": "9S 2S 7S JS 3S KS 4S 8S TS 6S QS".split(),
        "melds": [{"owner": o, "cards": t.split()} for o, t in FULL_RUNS],
    }
    st = g.from_deal(deal)
    assert texts(st.legal_actions()) == {"draw stock", "draw discard"}
    taken = st.apply("draw discard")  # taking the discard is still a normal turn
    assert not taken.over
    st = st.apply("draw stock")
    assert st.over and st.void
    res = st.result()
    assert res.outcome == "void" and res.points == [0, 0] and res.winners == []
    assert "void" in st.observation(1).log[-1]
    m = Match(g, seed=1)
    m.start_hand(deal=deal)
    m.apply("draw stock")
    assert m.sheet.table()[1][0][0] == "1 (void)" and m.sheet.next_dealer == 0 and not m.over
    # with two cards in a hand the spades can still be melded: not a dead end
    deal2 = dict(deal, hands=[["AS", "2S"], ["5S"]], discard="9S 7S JS 3S KS 4S 8S TS 6S QS".split())
    st2 = g.from_deal(deal2).apply("draw stock")
    assert not st2.over and st2.turnovers == 1


def test_nothing_to_draw_is_not_a_position():
    g = get_game(GAME, 2)
    deal = {
        "dealer": 1,
        "to_act": 0,
        "hands": [["AS"], ["5S"]],
        "stock": [],
        "discard": [],
        "melds": [{"owner": o, "cards": t.split()} for o, t in FULL_RUNS]
        + [{"owner": 0, "cards": "2S 3S 4S".split()}, {"owner": 1, "cards": "6S 7S 8S 9S TS JS QS KS".split()}],
    }
    with pytest.raises(DealError, match="nothing to draw"):
        g.from_deal(deal)


def test_turnover_cap_constant():
    assert MAX_TURNOVERS == 40


# ---- actions, determinism, hidden information, bots -----------------------------------


def play_random(g, seed, steps=4000):
    rng = random.Random(seed)
    st = g.new_hand(seed=seed)
    states = [st]
    for _ in range(steps):
        if st.over:
            break
        st = st.apply(rng.choice(st.legal_actions()))
        states.append(st)
    return states


@pytest.mark.parametrize(
    "opts",
    [
        {},
        {"ace_mode": "bridge", "no_meld_limit": True},
        {"ace_mode": "high_low", "last_card": True, "layoff_requires_meld": True},
    ],
)
def test_text_round_trip_of_every_legal_action(opts):
    g = get_game(GAME, 3, **opts)
    seen = 0
    for seed in range(3):
        for st in play_random(g, seed, steps=300):
            for a in st.legal_actions():
                back = parse_action(a.text())
                assert back == a, (a, back)
                assert st.normalize(back) == a
                seen += 1
    assert seen > 100


def test_determinism_and_replay_of_deal_record():
    g = get_game(GAME, 4, reshuffle=True)
    a = play_random(g, 5, steps=3000)
    b = play_random(g, 5, steps=3000)
    assert [s.hands for s in a] == [s.hands for s in b]
    # the same actions replayed on from_deal(deal_record()) give the same hand
    rng = random.Random(5)
    st = g.new_hand(seed=5)
    actions = []
    while not st.over:
        act = rng.choice(st.legal_actions())
        actions.append(act.text())
        st = st.apply(act)
    rec = {
        "format": "cardtable-record/1",
        "game": GAME,
        "players": 4,
        "options": {"reshuffle": True},
        "hands": [{"deal": g.new_hand(seed=5).deal_record(), "actions": actions}],
    }
    m = replay(rec)
    assert m.state.hands == st.hands and m.state.melds == st.melds
    assert m.results[0].points == st.result().points


def test_observation_hides_hands_and_shows_public_data():
    g = get_game(GAME, 3)
    for st in play_random(g, 8, steps=4000):
        cards_seen_by = {}
        for seat in range(3):
            o = st.observation(seat)
            hidden = st.hidden_from(seat)
            visible = set(o.hand) | set(o.discard) | {c for m in o.melds for c in m.cards}
            assert not (visible & hidden)
            log = " ".join(o.log)
            assert not any(card_text(c) in log.split() or card_text(c) + "." in log.split() for c in hidden)
            assert o.hand_sizes == tuple(len(h) for h in st.hands)
            assert o.stock_size == len(st.stock)
            assert (o.legal != ()) == (seat == st.to_act)
            cards_seen_by[seat] = o
        assert sorted(st.cards_in_play()) == sorted(full52())
    assert st.over
    o = st.observation(0)
    assert o.phase == "over" and o.legal == () and o.extra["winner"] == st.result().detail["winner"]


def test_simple_bot_legal_and_hands_end():
    for n, opts in [
        (2, {}),
        (3, {"ace_mode": "bridge", "last_card": True, "reshuffle": True}),
        (4, {"no_meld_limit": True, "layoff_requires_meld": True, "ace_mode": "high_low"}),
        (5, {}),
        (6, {"last_card": True}),
    ]:
        g = get_game(GAME, n, **opts)
        bots = [get_bot("simple", g, seed=s) for s in range(n)]
        for hand in range(25):
            st = g.new_hand(seed=hand)
            steps = 0
            while not st.over:
                o = st.observation(st.to_act)
                a = bots[st.to_act].choose(o)
                assert a in o.legal
                if a.verb == "discard":
                    assert a.cards[0] != o.extra["taken_from_discard"]
                st = st.apply(a)
                steps += 1
            assert steps < 5000
            res = st.result()
            assert sum(res.points) >= 0 and len(res.points) == n


def test_simple_bot_takes_useful_discard_and_melds():
    g = get_game(GAME, 2)
    st = g.from_deal(position(2, {0: "5H 6H KC 2S", 1: "9D"}, discard="7H", stock_top="3D", to_act=0))
    bot = get_bot("simple", g, seed=0)
    a = bot.choose(st.observation(0))
    assert a.text() == "draw discard"
    st = st.apply(a)
    assert bot.choose(st.observation(0)).text() == "meld 5H 6H 7H"
    st = st.apply("meld 5H 6H 7H")
    assert bot.choose(st.observation(0)).text() == "discard KC"  # highest useless card
    st2 = g.from_deal(position(2, {0: "5H 6H KC 2S", 1: "9D"}, discard="QD", stock_top="3D", to_act=0))
    assert bot.choose(st2.observation(0)).text() == "draw stock"
