"""Jo-Jotte (cardtable/rules/jo-jotte.md): every Example 1-16 with the spec's exact values,
the options of §9, the rulings of §10 that change play (the bidding rounds, the overcall,
doubling, the dix, nullo and slam, melds judged apart, jo-jotte, the suspense, games and
rubbers), what stays hidden, the sheet with the line and the simple bot. The whole hands of
Examples 10, 11, 12 and 14 are records in tests/records/jo-jotte."""

from __future__ import annotations

import random
import re
from functools import partial
from pathlib import Path

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_card, piquet32, rank_of, suit_of
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay
from cardtable.engine.standing import Standing
from cardtable.families.follow import KlaberjasRule
from cardtable.families.roem import judge_apart, parse_meld
from cardtable.families.trick_masks import mask_of
from cardtable.games.jo_jotte import CARRE_NT, CARRE_SUIT, JOJOTTE, bid_value
from cardtable.sheets.lijn import LijnSheet
from tests.games.helpers import legal, load_record, refused, run

load = partial(load_record, "jo-jotte")
SPEC = Path(__file__).resolve().parents[2] / "cardtable" / "rules" / "jo-jotte.md"


def _key(code: str):
    c = parse_card(code)
    return (suit_of(c), -rank_of(c))


def deal(hands9, upcard: str, dealer: int = 0) -> dict:
    """A deal whose hands after the completion are ``hands9`` (two lists of 9 codes): the
    first six of each (by suit, high first) in the first deal, the last three at the
    completion; the other cards in the stock in pack order."""
    first, comp = [], []
    for h in hands9:
        h = sorted(h, key=_key)
        first.append(h[:6])
        comp.append(h[6:])
    used = set(hands9[0]) | set(hands9[1]) | {upcard}
    rest = sorted((card_text(c) for c in piquet32() if card_text(c) not in used), key=_key)
    return {"dealer": dealer, "hands": first, "upcard": upcard, "completion": comp, "stock": rest}


def start(d: dict, standing: Standing | None = None, **options):
    return get_game("jo-jotte", **options).from_deal(d, standing)


def hand_codes(st, seat: int) -> set[str]:
    return {card_text(c) for c in range(64) if (st.hands[seat] >> c) & 1}


# a free deal: seat 0 strong in hearts, seat 1 a bit of everything (no runs, no carré)
FREE = [
    ["JH", "9H", "AH", "TH", "KS", "QS", "7D", "7C", "9C"],
    ["KH", "7H", "AS", "TS", "AD", "KD", "TD", "AC", "JC"],
]


# ---- §2 cards: Example 1 --------------------------------------------------------------------


def test_example_1_card_points():
    t = JOJOTTE.table(3)
    spades = [parse_card(c) for c in "JS 9S AS TS KS QS 8S 7S".split()]
    assert [t.points[c] for c in spades] == [20, 15, 10, 10, 5, 5, 0, 0]
    assert t.points_of(spades) == 65
    assert t.points_of(parse_card(c) for c in "JH 9H AH TH KH QH 8H 7H".split()) == 30
    assert t.points_of(piquet32()) == 155 and JOJOTTE.total_points() == 155
    assert JOJOTTE.table(None).points_of(piquet32()) == 120


def test_trick_orders_of_section_2():
    t = JOJOTTE.table(2)
    by = sorted((parse_card(r + "H") for r in "J9ATKQ87"), key=lambda c: -t.strength[c])
    assert [card_text(c) for c in by] == "JH 9H AH TH KH QH 8H 7H".split()
    plain = sorted((parse_card(r + "S") for r in "ATKQJ987"), key=lambda c: -t.strength[c])
    assert [card_text(c) for c in plain] == "AS TS KS QS JS 9S 8S 7S".split()


# ---- §3 the deal ----------------------------------------------------------------------------


def test_the_deal_6_each_a_turn_up_and_19_in_the_stock():
    g = get_game("jo-jotte")
    st = g.new_hand(seed=5)
    assert [h.bit_count() for h in st.hands] == [6, 6] and len(st.stock) == 19
    assert st.to_act == 1 and st.phase == "bid" and st.dealer == 0
    again = g.from_deal(st.deal_record())
    assert again.deal_record() == st.deal_record() and again.stock[6:] == st.stock[6:]
    assert set(st.deal_record()) == {"dealer", "hands", "upcard", "completion", "stock"}


def test_the_completion_deal_and_the_information_card():
    st = run(start(deal(FREE, "8H")), "pass", "bid accept", "pass", "pass")
    # 3 more to voorhand (seat 1), then 3 to the dealer; 13 left, the last shown to both
    assert [h.bit_count() for h in st.hands] == [9, 9] and len(st.stock) == 13
    assert hand_codes(st, 0) == set(FREE[0]) and hand_codes(st, 1) == set(FREE[1])
    info = st.stock[-1]
    for seat in (0, 1):
        obs = st.observation(seat)
        assert obs.extra["info_card"] == card_text(info)
        assert info not in st.hidden_from(seat)
        assert not (set(st.stock[:-1]) - st.hidden_from(seat))
    rec = st.deal_record()
    assert rec["completion"] == [sorted(FREE[0], key=_key)[6:], sorted(FREE[1], key=_key)[6:]]


def test_bad_deals_are_refused_with_a_reason():
    d = deal(FREE, "8H")
    g = get_game("jo-jotte")
    with pytest.raises(DealError, match="unknown deal key"):
        g.from_deal(dict(d, talon=[]))
    with pytest.raises(DealError, match="dealt twice"):
        g.from_deal(dict(d, upcard=d["hands"][0][0]))
    with pytest.raises(DealError, match="must hold 3 cards"):
        g.from_deal(dict(d, completion=[d["completion"][0][:2], d["completion"][1]]))
    with pytest.raises(DealError, match="not the 32"):
        g.from_deal(dict(d, stock=d["stock"][:-1]))


# ---- §4 A, B, C: Examples 2 and 3 -----------------------------------------------------------


def test_example_2_round_1_no_trump_overcall_and_redouble():
    st = start(deal(FREE, "9D"))
    assert legal(st) == {"bid accept", "pass"}
    st = run(st, "pass", "bid accept")
    assert st.contract == suit_of(parse_card("9D")) and st.declarer == 0
    assert legal(st) == {"trump none", "pass"}
    st = run(st, "trump none")
    assert (st.contract, st.declarer, st.defender, st.trump) == (4, 1, 0, None)
    assert st.phase == "double" and st.to_act == 0 and legal(st) == {"double", "pass"}
    st = run(st, "double")
    assert st.to_act == 1 and legal(st) == {"redouble", "pass"}
    st = run(st, "redouble")
    assert st.mult == 4
    assert st.phase == "contract"  # no dix without a trump
    assert legal(st) == {"bid nullo", "pass"}  # nullo against no trumps too (ruling 9)
    st = run(st, "pass", "pass", "pass", "pass")
    assert st.phase == "play" and st.to_act == 0  # the defender leads
    while not st.over:
        assert "declare jojotte" not in legal(st)
        st = st.apply(st.legal_actions()[0])
    assert st.result().detail["multiplier"] == 4 and st.result().detail["overcall"] is True


def test_example_3_round_2():
    st = run(start(deal(FREE, "8C")), "pass", "pass")
    assert st.round == 2 and st.to_act == 1
    assert legal(st) == {"trump D", "trump H", "trump S", "trump none", "pass"}
    refused(st, "trump C", "refused")
    st = run(st, "pass", "trump S")
    assert legal(st) == {"trump none", "pass"}
    st = run(st, "pass")
    assert (st.contract, st.declarer, st.defender) == (3, 0, 1)
    thrown = run(start(deal(FREE, "8C"), Standing(2, extra={"suspense": 240})), "pass", "pass", "pass", "pass")
    r = thrown.result()
    assert r.outcome == "thrown_in" and r.points == [0, 0] and r.detail["next_dealer"] == 1
    assert r.detail["suspense_after"] == 240


def test_a_thrown_in_hand_passes_the_deal_and_keeps_the_suspense():
    g = get_game("jo-jotte")
    m = Match(g, ["human:A", "human:B"], seed=1)
    sheet = m.sheet
    sheet.suspense = 80
    m.start_hand(deal=deal(FREE, "8C"))
    for a in ("pass",) * 4:
        m.apply(a)
    assert sheet.hands == 1 and sheet.next_dealer == 1 and sheet.suspense == 80
    assert m.start_hand(seed=3).dealer == 1


def test_no_trumps_is_an_overcall_in_round_1_and_cannot_be_overcalled():
    st = start(deal(FREE, "8H"))
    refused(st, "trump none", "round 1")
    st = run(st, "bid accept", "trump none")
    assert st.phase == "double" and st.declarer == 0
    st2 = run(start(deal(FREE, "8C")), "pass", "pass", "trump none")
    assert st2.phase == "double" and st2.declarer == 1 and st2.contract == 4


# ---- §5 play: Examples 4, 5, 6 ----------------------------------------------------------------


def _legal(trump, hand: str, led: str) -> set[str]:
    t = JOJOTTE.table(trump)
    c = parse_card(led)
    m = KlaberjasRule().legal(t, mask_of(parse_card(x) for x in hand.split()), suit_of(c), c, False)
    return {card_text(x) for x in range(64) if (m >> x) & 1}


def test_example_4_following_a_trump_lead():
    assert _legal(2, "9H QH 7H AS KC JD 8D", "TH") == {"9H"}
    assert _legal(2, "QH 7H AS KC", "TH") == {"QH", "7H"}
    assert _legal(2, "AS KC JD", "TH") == {"AS", "KC", "JD"}


def test_example_5_void_in_the_led_suit():
    assert _legal(2, "KH 8H AC 9D", "AS") == {"KH", "8H"}
    assert _legal(None, "KH 8H AC 9D", "AS") == {"KH", "8H", "AC", "9D"}


@pytest.mark.parametrize(
    "trump,a,b,winner,points",
    [
        ("D", "AS", "7D", 0, 10),
        ("D", "JC", "AC", 0, 10),
        ("H", "AH", "9H", 0, 25),
        (None, "9H", "JH", 0, 0),
        (None, "KC", "AS", 1, 15),
    ],
)
def test_example_6_trick_winners(trump, a, b, winner, points):
    t = JOJOTTE.table(None if trump is None else "CDHS".index(trump))
    cards = [parse_card(a), parse_card(b)]  # seat 1 leads, seat 0 follows
    assert (1, 0)[t.winner(cards)] == winner
    assert t.points_of(cards) == points


# ---- §6 melds: Examples 7 and 8 --------------------------------------------------------------


def _meld(text: str, low: bool = True):
    g = get_game("jo-jotte", low_carres=low)
    arg, *cards = text.split()
    return parse_meld(arg, [parse_card(c) for c in cards], g.roem)


def test_example_7_carres():
    declared = [(1, _meld("carre 9C 9D 9H 9S")), (0, _meld("carre AC AD AH AS"))]
    assert judge_apart(declared, 2, CARRE_SUIT)[0] == 1
    assert judge_apart(declared, None, CARRE_NT)[0] == 0
    assert _meld("carre 9C 9D 9H 9S").value == 100


def test_example_8_sequences():
    theirs = [(1, _meld("seq3 KS QS JS"))]
    ours = [(0, _meld("seq3 KH QH JH")), (0, _meld("seq3 9D 8D 7D"))]
    assert judge_apart(theirs + ours, 2, CARRE_SUIT)[1] == 0
    assert sum(m.value for _s, m in ours) == 40
    assert judge_apart(theirs + ours, 0, CARRE_SUIT)[1] is None
    four = [(1, _meld("seq4 TS 9S 8S 7S"))]
    assert judge_apart(four + ours, 2, CARRE_SUIT)[1] == 1 and four[0][1].value == 40
    assert _meld("seq5 AS KS QS JS TS").value == 50 and _meld("seq8 AS KS QS JS TS 9S 8S 7S").value == 50


def test_melds_are_judged_in_the_hand_and_declared_whole():
    rec = load("example14")
    h = rec["hands"][0]
    st = run(start(h["deal"]), *h["actions"][:8])
    assert st.phase == "meld" and st.to_act == 1
    assert legal(st) == {"pass", "declare seq3 9D 8D 7D"}
    st = run(st, "declare seq3 9D 8D 7D")
    assert legal(st) == {"pass"}  # each meld at most once
    st = run(st, "pass")
    refused(st, "declare seq3 AS KS QS", "whole")
    assert legal(st) == {"pass", "declare seq8 AS KS QS JS TS 9S 8S 7S"}
    # declarations are public as made (ruling 22)
    assert not ({parse_card(c) for c in "9D 8D 7D".split()} & st.hidden_from(0))


# ---- §5 jo-jotte: Example 9 -------------------------------------------------------------------


def test_example_9_jo_jotte():
    h = load("example14")["hands"][0]
    st = run(start(h["deal"]), *h["actions"][:12])
    assert st.phase == "play" and st.to_act == 1
    st = run(st, "play 7C")
    assert "play KS" in legal(st) and "declare jojotte" in legal(st)
    jo = run(st, "declare jojotte")
    assert legal(jo) == {"play KS"}
    refused(jo, "play QS", "jo")
    jo = run(jo, "play KS")
    assert "declare jojotte" not in legal(jo)
    assert parse_card("QS") not in jo.hidden_from(1)  # the queen is known after jo
    # the queen first: jo-jotte is lost for the hand
    q = run(st, "play QS")
    while not q.over:
        assert "declare jojotte" not in legal(q)
        q = q.apply(q.legal_actions()[0])
    assert q.result().detail["jojotte"] is None and q.result().detail["roem"][0] == 50


# ---- §7 scoring: Examples 10-14 ---------------------------------------------------------------


def _results(name: str) -> list[Result]:
    rec = load(name)
    g = get_game("jo-jotte")
    sheet = g.new_sheet()
    out = []
    for h in rec["hands"]:
        st = run(g.from_deal(h["deal"], sheet.standing()), *h["actions"])
        out.append(st.result())
        sheet.record(st.result())
    return out


def test_example_10_declarer_wins_doubled():
    (r,) = _results("example10")
    d = r.detail
    assert (d["contract"], d["declarer"], d["multiplier"]) == ("H", 0, 2)
    assert d["trick_points"] == [95, 25] and d["roem"] == [20, 0] and d["hand_points"] == [115, 25]
    assert r.outcome == "made" and r.winners == [0]
    assert d["entries"] == [
        {"seat": 0, "line": "above", "points": 20, "kind": "sequence"},
        {"seat": 0, "line": "below", "points": 190, "kind": "tricks"},
    ]
    assert sum(d["trick_points"]) == 120  # the 18 cards' 110 + 10


# the spec's own piles (ruling 23: not reachable by legal play, so played unchecked)
PILES_10 = (
    [["TC", "QC", "AD", "7H", "9H", "8D", "QD", "KD", "JH"], ["8C", "7D", "9S", "TS", "KH", "AH", "JC", "QS", "AS"]],
    "8C TC QC 7D AD 9S 7H TS 9H KH 8D AH JC QD QS KD AS JH",
)
PILES_11 = (
    [["QC", "QD", "QH", "QS", "AS", "9C", "7H", "8H", "KS"], ["7C", "KC", "AC", "8S", "TS", "9S", "TD", "AD", "JS"]],
    "QC 7C QD KC QH AC QS 8S AS TS 9C 9S TD 7H AD 8H JS KS",
)


def _piles(st) -> list[list[str]]:
    """The cards each seat took, sorted."""
    return [sorted(c for tr in st.tricks_json() if tr["winner"] == s for _x, c in tr["cards"]) for s in (0, 1)]


def _unchecked(st, cards: str):
    for c in cards.split():
        st = st.apply(f"play {c}", check=False)
    return st


def test_example_10_on_the_spec_s_own_piles():
    hands, cards = PILES_10
    st = run(start(deal(hands, "8H")), "pass", "bid accept", "pass", "double", "pass", "pass", "pass", "pass")
    st = run(st, "pass", "declare seq3 AD KD QD", "pass")
    st = _unchecked(st, cards)
    piles = _piles(st)
    assert piles[0] == sorted("JH 9H AS TS KH 7D AD 8C QC 9S TC 7H".split())
    assert piles[1] == sorted("AH QS KD 8D QD JC".split())
    d = st.result().detail
    assert d["trick_points"] == [95, 25] and d["hand_points"] == [115, 25]
    assert st.result().points == [210, 0]


def test_example_11_declarer_fails():
    (r,) = _results("example11")
    d = r.detail
    assert (d["contract"], d["declarer"], d["multiplier"]) == ("S", 1, 1)
    assert d["trick_points"] == [55, 70] and d["hand_points"] == [155, 70]
    assert r.outcome == "failed" and r.winners == [0]
    assert d["entries"] == [
        {"seat": 0, "line": "above", "points": 100, "kind": "carre"},
        {"seat": 0, "line": "below", "points": 125, "kind": "tricks"},
    ]
    m = replay(load("example11"))
    game = m.sheet.rubbers[0]["games"][0]
    assert game["totals"] == [125, 0] and game["winner"] == 0  # 125 alone wins the game


def test_example_11_on_the_spec_s_own_piles():
    hands, cards = PILES_11
    st = run(start(deal(hands, "7S")), "bid accept", "pass", "pass", "pass", "pass")
    st = run(st, "declare carre QC QD QH QS", "pass", "pass")
    st = _unchecked(st, cards)
    piles = _piles(st)
    assert piles[1] == sorted("JS 9S AD TD KS 7H 8H 9C".split())
    d = st.result().detail
    assert d["trick_points"] == [55, 70] and d["hand_points"] == [155, 70]
    assert st.result().points == [225, 0]


def test_example_12_tie_and_suspense():
    r1, r2 = _results("example12")
    d1 = r1.detail
    assert (d1["contract"], d1["declarer"], d1["multiplier"], d1["jojotte"]) == ("C", 0, 2, 0)
    assert d1["trick_points"] == [50, 70] and d1["hand_points"] == [70, 70]
    assert r1.outcome == "tie" and d1["suspense_after"] == 240
    assert d1["entries"] == [{"seat": 0, "line": "above", "points": 20, "kind": "jojotte"}]
    d2 = r2.detail
    assert (d2["contract"], d2["declarer"], d2["multiplier"]) == ("H", 1, 1)
    assert d2["trick_points"] == [30, 75] and r2.outcome == "made"
    assert d2["entries"] == [
        {"seat": 1, "line": "below", "points": 75, "kind": "tricks"},
        {"seat": 1, "line": "below", "points": 240, "kind": "suspense"},
    ]
    assert r2.points == [0, 315] and d2["suspense_after"] == 0
    m = replay(load("example12"))
    assert m.sheet.suspense == 0 and m.sheet.rubbers[0]["games"][0]["totals"] == [0, 315]


NULLO_0 = [
    ["AC", "KC", "QC", "AD", "KD", "AH", "KH", "AS", "KS"],
    ["7C", "8C", "7D", "8D", "7H", "8H", "7S", "8S", "9C"],
]
NULLO_3 = [
    ["KC", "QC", "JC", "KD", "QD", "JD", "KH", "QH", "KS"],
    ["AC", "AD", "AH", "7S", "8S", "9S", "7C", "7D", "7H"],
]


def _nullo(hands, standing=None):
    st = run(start(deal(hands, "TH"), standing), "pass", "bid accept", "pass", "pass")
    st = run(st, "pass")  # seat 1 keeps the troef seven
    assert st.phase == "contract" and st.to_act == 1 and legal(st) == {"bid nullo", "pass"}
    st = run(st, "bid nullo")
    assert st.to_act == 0 and legal(st) == {"bid slam", "pass"}
    return run(st, "pass")


def test_example_13_nullo():
    standing = Standing(2, extra={"suspense": 90})
    st = _nullo(NULLO_0, standing)
    assert st.nullo and st.trump is None and st.phase == "play" and st.to_act == 1  # no melds
    rng = random.Random(3)
    while not st.over:
        st = st.apply(rng.choice(st.legal_actions()))
    r = st.result()
    assert r.outcome == "nullo_made" and st.tricks_won[1] == 0
    assert r.detail["entries"] == [{"seat": 1, "line": "above", "points": 200, "kind": "nullo"}]
    assert r.detail["suspense_after"] == 90 and r.detail["contract"] == "nullo"
    st = _nullo(NULLO_3)
    st = run(st, *(f"play {c}" for c in "7S KS KC AC 7C QC KD AD 7D QD KH AH 7H QH JC 8S JD 9S".split()))
    r = st.result()
    assert st.tricks_won[1] == 3 and r.outcome == "nullo_failed"
    assert r.detail["entries"] == [{"seat": 0, "line": "above", "points": 400, "kind": "nullo"}]
    assert not any(e["line"] == "below" for e in r.detail["entries"])


def test_example_14_announced_slam():
    (r,) = _results("example14")
    d = r.detail
    assert d["slam"] is True and d["nullo"] == 1 and d["contract"] == "S"
    assert d["sequences_to"] == 0 and d["jojotte"] == 0 and d["tricks"] == [9, 0]
    assert d["trick_points"] == [85, 0]
    assert [e for e in d["entries"] if e["seat"] == 0] == [
        {"seat": 0, "line": "above", "points": 50, "kind": "sequence"},
        {"seat": 0, "line": "above", "points": 20, "kind": "jojotte"},
        {"seat": 0, "line": "below", "points": 85, "kind": "tricks"},
        {"seat": 0, "line": "above", "points": 500, "kind": "slam"},
    ]
    assert sum(e["points"] for e in d["entries"] if e["line"] == "above") == 570
    assert r.points == [655, 0]


def test_a_failed_slam_pays_the_defender_and_the_hand_is_scored_normally():
    h = load("example10")["hands"][0]
    acts = list(h["actions"])
    i = acts.index("declare seq3 AD KD QD") - 2  # seat 0's slam decision
    assert acts[i] == "pass"
    acts[i] = "bid slam"
    st = run(start(h["deal"]), *acts)
    d = st.result().detail
    assert d["slam"] and st.tricks_won[1] == 2
    assert {"seat": 1, "line": "above", "points": 500, "kind": "slam"} in d["entries"]
    assert {"seat": 0, "line": "below", "points": 190, "kind": "tricks"} in d["entries"]
    st0 = run(start(h["deal"], failed_slam_penalty=0), *acts)
    assert not any(e["kind"] == "slam" for e in st0.result().detail["entries"])
    st2 = run(start(h["deal"], failed_slam_penalty=250), *acts)
    assert {"seat": 1, "line": "above", "points": 250, "kind": "slam"} in st2.result().detail["entries"]


def test_an_unannounced_pit_scores_100():
    h = load("example14")["hands"][0]
    acts = ["pass" if a in ("bid nullo", "bid slam") else a for a in h["actions"]]
    d = run(start(h["deal"]), *acts).result().detail
    assert {"seat": 0, "line": "above", "points": 100, "kind": "pit"} in d["entries"]
    assert not d["slam"]


# ---- §4 E the dix: Example 15 -----------------------------------------------------------------


def test_example_15_dix():
    hands = [
        ["7H", "AS", "KS", "AD", "KD", "AC", "KC", "9S", "9D"],
        ["JH", "9H", "AH", "TH", "QS", "JS", "QD", "JD", "QC"],
    ]
    st = run(start(deal(hands, "KH")), "bid accept", "pass", "pass")
    assert st.phase == "dix" and st.to_act == 0 and legal(st) == {"swap 7H", "pass"}
    assert parse_card("7H") not in st.hidden_from(1)  # who holds it is public
    sw = run(st, "swap 7H")
    assert "KH" in hand_codes(sw, 0) and "7H" not in hand_codes(sw, 0)
    assert sw.observation(1).upcard == parse_card("7H") and sw.result() is None
    assert sw.phase == "contract" and sw.deal_record()["upcard"] == "KH"
    nt = run(start(deal(hands, "KH")), "bid accept", "trump none", "pass")
    assert nt.phase == "contract"  # no trump: no exchange
    r2 = run(start(deal(hands, "8C")), "pass", "pass", "trump H", "pass", "pass")
    assert r2.phase == "contract"  # round 2 never names the turn-up's suit
    out = run(start(deal(FREE, "8S")), "bid accept", "pass", "pass")
    assert out.phase == "contract" and out.seven_at == "stock"  # the seven is out of play
    assert parse_card("7S") not in out.hidden_from(0) and parse_card("7S") in out.stock


# ---- §7, §8 games, rubbers and the sheet: Example 16 -----------------------------------------


def _written(entries, after=0):
    return Result([0, 0], "made", [], {"entries": entries, "suspense_after": after, "next_dealer": 0})


EXAMPLE_16 = [
    [(0, "below", 62, "tricks"), (0, "above", 20, "sequence")],
    [(0, "above", 100, "carre"), (0, "below", 48, "tricks")],
    [(1, "above", 100, "carre"), (1, "below", 55, "tricks")],
    [(0, "below", 70, "tricks")],
    [(0, "below", 15, "tricks")],
]


def _spec_drawing() -> list[str]:
    text = SPEC.read_text(encoding="utf-8")
    block = text.split("Drawing (monospace", 1)[1].split("```", 2)[1]
    return [re.sub(r"\s*<-.*$", "", ln).rstrip() for ln in block.strip("\n").splitlines()]


def test_example_16_game_and_rubber():
    sheet = LijnSheet()
    for hand in EXAMPLE_16:
        assert not sheet.over
        sheet.record(_written([{"seat": s, "line": ln, "points": p, "kind": k} for s, ln, p, k in hand]))
    r = sheet.rubbers[0]
    assert [g["totals"] for g in r["games"]] == [[110, 0], [85, 55]]
    assert [g["winner"] for g in r["games"]] == [0, 0] and r["winner"] == 0 and r["games_won"] == [2, 0]
    assert r["above"][0][-1] == {"hand": 5, "points": 300, "kind": "rubber"}
    assert sheet.totals() == [615, 155] and sheet.over and sheet.winners == [0]
    assert sheet.render(["Anna", "Bert"]).splitlines() == _spec_drawing()
    # on a screen (the table passes the names) a note that would pass 76 columns goes on
    # under itself; the drawing is otherwise §8's
    screen = list(sheet.view(["Anna", "Bert"]).lines)
    assert max(len(ln) for ln in screen) <= 76
    assert screen[-3].endswith("game 2 won by Anna, 85 \u2013 55;") and screen[-2].strip() == "rubber to Anna"
    assert screen[:-3] + screen[-1:] == _spec_drawing()[:-2] + _spec_drawing()[-1:]
    assert sheet.to_json()["totals"] == [615, 155]


def test_the_sheet_writes_a_pending_suspense_and_starts_new_rubbers():
    sheet = LijnSheet(rubbers=2, game_target=50, rubber_bonus=100)
    sheet.record(_written([], after=240))
    assert sheet.render().splitlines()[-1] == "suspense: 240"
    assert sheet.standing().extra["suspense"] == 240
    for _ in range(2):
        sheet.record(_written([{"seat": 1, "line": "below", "points": 60, "kind": "tricks"}], after=240))
    assert len(sheet.rubbers) == 2 and sheet.suspense == 0 and not sheet.over  # a fresh rubber
    assert sheet.rubbers[0]["above"][1] == [{"hand": 3, "points": 100, "kind": "rubber"}]
    lines = sheet.render(["A", "B"]).splitlines()
    assert lines[0] == "rubber 1" and "rubber 2" in lines and lines[-1].lstrip().startswith("session")
    for _ in range(2):
        sheet.record(_written([{"seat": 0, "line": "below", "points": 50, "kind": "tricks"}]))
    assert sheet.over and sheet.totals() == [200, 220] and sheet.winners == [1]


def test_a_session_draw_names_both():
    sheet = LijnSheet(game_target=10, rubber_bonus=0, rubbers=2)
    for seat in (0, 0, 1, 1):
        sheet.record(_written([{"seat": seat, "line": "below", "points": 10, "kind": "tricks"}]))
    assert sheet.over and sheet.totals() == [20, 20] and sheet.rubbers_won() == [1, 1]
    assert sheet.winners == [0, 1]


def test_game_target_and_rubber_bonus_options():
    g = get_game("jo-jotte", game_target=50, rubber_bonus=0, rubbers=3)
    sheet = g.new_sheet()
    assert (sheet.game_target, sheet.rubber_bonus, sheet.rubbers_to_play) == (50, 0, 3)
    with pytest.raises(OptionError):
        get_game("jo-jotte", rubbers=0)


def test_matches_end_with_a_rubber():
    g = get_game("jo-jotte")
    bots = [get_bot("simple", g, s) for s in range(2)]
    m = Match(g, ["bot:simple", "bot:simple"], seed=4)
    st = m.start_hand(seed=4)
    while not m.over:
        st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
        if st.over and not m.over:
            st = m.start_next()
    r = m.sheet.rubbers[-1]
    assert r["winner"] in (0, 1) and r["games_won"][r["winner"]] == 2
    assert m.sheet.winners and m.sheet.to_json()["rubbers_won"][r["winner"]] == 1


# ---- §9 options ------------------------------------------------------------------------------


def test_slam_only_over_nullo():
    h = load("example14")["hands"][0]
    st = run(start(h["deal"], slam_only_over_nullo=True), *h["actions"][:6])
    assert st.phase == "contract"
    assert legal(run(st, "pass")) == {"pass"}  # ruling 26: still the declarer's action
    assert legal(run(st, "bid nullo")) == {"bid slam", "pass"}
    refused(run(st, "pass"), "bid slam", "over a nullo")


def test_low_carres():
    hands = [
        ["7C", "7D", "7H", "7S", "AS", "KS", "AD", "KD", "AC"],
        ["JH", "9H", "AH", "TH", "QS", "JS", "QD", "JD", "QC"],
    ]
    acts = ("pass", "pass", "pass", "trump S", "pass", "pass", "pass", "pass")
    assert "declare carre 7C 7D 7H 7S" in legal(run(start(deal(hands, "8H")), *acts, "pass"))
    off = run(start(deal(hands, "8H"), low_carres=False), *acts, "pass")
    assert legal(off) == {"pass"}
    refused(off, "declare carre 7C 7D 7H 7S", "does not count")


# ---- hidden information and the search -------------------------------------------------------


def test_nothing_out_of_play_is_seen_and_the_samples_keep_what_is_public():
    g = get_game("jo-jotte")
    st = g.new_hand(seed=11)
    for seat in (0, 1):
        hid = st.hidden_from(seat)
        assert set(st.stock) <= hid and st.turnup not in hid
        text = str(st.observation(seat).to_json())
        assert not any(re.search(rf"\b{card_text(c)}\b", text) for c in hid)
    st = run(st, "bid accept", "pass", "pass")
    while st.phase == "dix":
        st = st.apply("pass")
    info = st.stock[-1]
    iset = st.information_set(0)
    rng = random.Random(2)
    for _ in range(5):
        w = iset.sample(rng)
        assert w.stock[-1] == info and w.hands[0] == st.hands[0] and w.up_now == st.up_now
        assert sorted(w.cards_in_play()) == sorted(st.cards_in_play())
        again = g.from_deal(w.deal_record())
        assert again.hands == list(w.first)


def test_samples_follow_the_bidding_seen():
    """After the other seat passed the turn-up's suit, the samples seldom give it a hand
    worth ``PASS_BELOW`` in that suit; after it accepted, seldom a worthless one."""
    g = get_game("jo-jotte")
    rng = random.Random(1)
    for words, check in ((("pass",), lambda v: v < 75), (("bid accept",), lambda v: v >= 35)):
        ok = 0
        n = 0
        for seed in range(6):
            st = run(g.new_hand(seed=seed), *words)
            iset = st.information_set(0)
            for _ in range(4):
                w = iset.sample(rng)
                ok += check(bid_value(w.first[1], st.turn_suit))
                n += 1
        assert ok == n


def test_a_bot_of_each_level_plays_a_hand():
    g = get_game("jo-jotte")
    for kind in ("random", "simple", "strong"):
        bots = [get_bot(kind, g, s) for s in range(2)]
        for b in bots:
            if kind == "strong":
                b.iterations = 40
        st = g.new_hand(seed=21)
        while not st.over:
            a = bots[st.to_act].choose(st.information_set(st.to_act) if kind == "strong" else st.observation(st.to_act))
            st = st.apply(a)
        assert st.result() is not None


# ---- the simple bot ---------------------------------------------------------------------------


def test_the_simple_bot_bids_by_counting_and_swaps_and_declares():
    g = get_game("jo-jotte")
    bot = get_bot("simple", g, 1)
    strong = [["7D", "8C", "9C", "KS", "QS", "TH"], ["JH", "9H", "AH", "KH", "AS", "AC"]]
    d = deal([strong[0] + ["JD", "QD", "9D"], strong[1] + ["7H", "TS", "KD"]], "8H")
    st = start(d)
    assert bid_value(st.first[1], 2) >= 55
    assert bot.choose(st.observation(1)).text() == "bid accept"
    weak = start(deal([strong[1] + ["7H", "TS", "KD"], strong[0] + ["JD", "QD", "9D"]], "8H"))
    assert bot.choose(weak.observation(1)).text() == "pass"
    st = run(st, "bid accept", "pass", "pass")
    assert st.phase == "dix" and st.to_act == 1
    assert bot.choose(st.observation(1)).text() == "swap 7H"


def test_a_nullo_is_played_to_lose_tricks_by_the_bots_and_the_playouts():
    from cardtable.bots.jo_jotte import nullo_card
    from cardtable.bots.playouts import playout_for
    from cardtable.bots.trick_playout import trick_playout

    c = [parse_card(x) for x in "AS 9S 7S".split()]
    assert card_text(nullo_card(c, True, parse_card("TS"))) == "9S"  # the highest that loses
    assert card_text(nullo_card(c, False, parse_card("TS"))) == "7S"  # let the nullo player win
    assert card_text(nullo_card([parse_card("AS")], True, parse_card("TS"))) == "AS"
    assert card_text(nullo_card(c, True, None)) == "7S"
    g = get_game("jo-jotte")
    assert playout_for(g) is trick_playout
    st = _nullo(NULLO_0)
    assert st.playout_misere(1) and not st.playout_misere(0) and st.playout_ally(1, 0)
    bot = get_bot("simple", g, 0)
    while not st.over:
        st = st.apply(bot.choose(st.observation(st.to_act)))
    assert st.tricks_won[1] == 0
    # the playouts' nullo player ducks where he can: fewer tricks than the 3 or more a
    # greedy player takes with NULLO_3's hand
    taken = []
    for k in range(20):
        w = _nullo(NULLO_3).clone()
        trick_playout(w, random.Random(k))
        taken.append(w.tricks_won[1])
    assert sum(taken) / len(taken) < 3 and min(taken) < 3
