"""Klop / Bela (cardtable/rules/klop.md): every Example 1-13 with the spec's exact values,
the options of §9, the rulings of §10 that change play (the two bidding rounds with the
completion between them, nat on equality, the jas hold-back, schots, schmeiss, stuk, the
claim by roem, three players with the split nat and the overtrump option), what stays
hidden, the sheet of §8 and the simple bot. The whole hands of Examples 7, 8 and 9 are
records in tests/records/klop."""

from __future__ import annotations

from functools import partial

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_card, piquet32, rank_of, suit_of
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, OptionError
from cardtable.engine.standing import Standing
from cardtable.families.follow import KlaberjasRule
from cardtable.families.trick_masks import mask_of
from cardtable.games.klop import CLAIM_DEAL, KLOP, score_hand
from cardtable.sheets.klop import KlopSheet
from tests.games.helpers import legal, load_record, plays, refused, run

load = partial(load_record, "klop")
NEXT2 = (1, 0)
NEXT3 = (1, 2, 0)


def _key(code: str):
    c = parse_card(code)
    return (suit_of(c), -rank_of(c))


def deal(hands9, upcard: str, dealer: int = 0) -> dict:
    """A deal whose hands after the completion are ``hands9`` (lists of 9 codes, one per
    seat): the first six of each (by suit, high first) in the first deal, the last three at
    the completion; the other cards in the stock in pack order."""
    first, comp = [], []
    for h in hands9:
        h = sorted(h, key=_key)
        first.append(h[:6])
        comp.append(h[6:])
    used = {c for h in hands9 for c in h} | {upcard}
    rest = sorted((card_text(c) for c in piquet32() if card_text(c) not in used), key=_key)
    return {"dealer": dealer, "hands": first, "upcard": upcard, "completion": comp, "stock": rest}


def start(d: dict, standing: Standing | None = None, players: int = 2, **options):
    return get_game("klop", players, **options).from_deal(d, standing)


def codes(st, seat: int) -> set[str]:
    return {card_text(c) for c in range(64) if (st.hands[seat] >> c) & 1}


def rule_legal(hand: str, trick: list[str], trump: str, **kw) -> set[str]:
    """The follow rule's cards for ``hand`` after ``trick`` (cards in play order)."""
    t = KLOP.table("CDHS".index(trump))
    r = KlaberjasRule(**kw)
    led, win = -1, -1
    for code in trick:
        c = parse_card(code)
        if led < 0:
            led, win = suit_of(c), c
        elif t.beats(c, win):
            win = c
    m = r.legal(t, mask_of(parse_card(x) for x in hand.split()), led, win, False)
    return {card_text(c) for c in range(64) if (m >> c) & 1}


# ---- Example 1: card points ----
def test_example_1_card_points():
    t = KLOP.table(2)
    assert sum(t.points[parse_card(c)] for c in "JH 9H AH TH KH QH 8H 7H".split()) == 62
    assert sum(t.points[parse_card(c)] for c in "AS TS KS QS JS 9S 8S 7S".split()) == 30
    assert t.points_of_mask(mask_of(piquet32())) == 152


# ---- Example 2: bidding ----
FREE = [
    ["7C", "8C", "7D", "8D", "7S", "8S", "QC", "KD", "QS"],
    ["AS", "KS", "QH", "JS", "TS", "AC", "AD", "TC", "TD"],
]


def test_example_2_bidding_rounds_and_the_completion_after_round_1():
    st = start(deal(FREE, "9H"))
    assert st.to_act == 1 and legal(st) == {"bid accept", "pass"}
    assert all(len(codes(st, s)) == 6 for s in (0, 1))
    st = run(st, "pass", "pass")
    # the last 3 are dealt after round 1, whatever its result (ruling 1)
    assert all(len(codes(st, s)) == 9 for s in (0, 1))
    assert st.to_act == 1 and legal(st) == {"trump C", "trump D", "trump S", "pass"}
    refused(st, "trump H", "turned up")
    made = st.apply("trump S")
    assert (made.declarer, made.trump, made.phase) == (1, 3, "play")  # no dix in spades
    thrown = run(st, "pass", "pass")
    r = thrown.result()
    assert r.outcome == "thrown_in" and r.points == [0, 0] and r.detail["next_dealer"] == 1


def test_example_2_accept_and_the_dix():
    hands = [["7H", "8C", "7D", "8D", "7S", "8S", "QC", "QD", "QS"], FREE[1]]
    st = start(deal(hands, "9H")).apply("bid accept")
    assert (st.declarer, st.trump) == (1, 2) and all(len(codes(st, s)) == 9 for s in (0, 1))
    assert st.phase == "dix" and st.to_act == 0 and legal(st) == {"swap 7H", "pass"}
    st = st.apply("swap 7H")
    assert "9H" in codes(st, 0) and "7H" not in codes(st, 0) and card_text(st.up_now) == "7H"


# ---- Examples 3, 4, 5: following ----
def test_example_3_trump_lead():
    assert rule_legal("9S KS 8S AD", ["AS"], "S", jas_holdback=True) == {"9S"}
    assert rule_legal("KS 8S AD", ["AS"], "S", jas_holdback=True) == {"KS", "8S"}
    assert rule_legal("JS AD 7C", ["AS"], "S", jas_holdback=True) == {"JS", "AD", "7C"}
    assert rule_legal("JS AD 7C", ["AS"], "S", jas_holdback=False) == {"JS"}


def test_example_4_void_in_the_led_suit():
    assert rule_legal("7S QS KD", ["AH"], "S", jas_holdback=True) == {"7S", "QS"}
    assert rule_legal("JS KD 8C", ["AH"], "S", jas_holdback=True) == {"JS", "KD", "8C"}
    assert rule_legal("JS KD 8C", ["AH"], "S", jas_holdback=False) == {"JS"}


def test_example_5_three_players():
    t = KLOP.table(0)
    trick = [parse_card(c) for c in ("KH", "7C", "AH")]
    win = trick[0]
    for c in trick[1:]:
        if t.beats(c, win):
            win = c
    assert card_text(win) == "7C" and sum(t.points[c] for c in trick) == 15
    assert rule_legal("AC KC 8H", ["TC", "9C"], "C", jas_holdback=True) == {"AC", "KC"}


def test_overtrump_on_ruff_with_three_players():
    # ruling 7: a second ruff needs no higher trump, unless overtrump_on_ruff
    assert rule_legal("9C 7C 8S", ["AH", "TC"], "C") == {"9C", "7C"}
    assert rule_legal("9C 7C 8S", ["AH", "TC"], "C", overtrump_on_ruff=True) == {"9C"}
    g = get_game("klop", 3, overtrump_on_ruff=True)
    assert g.rule.overtrump_on_ruff
    assert not get_game("klop", 3).rule.overtrump_on_ruff
    with pytest.raises(OptionError):
        get_game("klop", 2, overtrump_on_ruff=True).check_new_match()


def test_the_jas_holdback_in_a_hand():
    hands = [
        ["JS", "KD", "8C", "7C", "7D", "8D", "9C", "9D", "QD"],
        ["AH", "KH", "QH", "TH", "9H", "AS", "KS", "QS", "TS"],
    ]
    for hb, want in ((True, 9), (False, 1)):
        st = run(start(deal(hands, "JC"), jas_holdback=hb), "pass", "pass", "pass", "trump S")
        st = st.apply("play AH")
        assert len(plays(st)) == want


# ---- Example 6: first-trick roem ----
EX6 = [
    ["TS", "9S", "8S", "7S", "AC", "KC", "QC", "7H", "8H"],
    ["KH", "QH", "JH", "KD", "QD", "AS", "7D", "8C", "9H"],
]


def test_example_6_first_trick_roem():
    st = run(start(deal(EX6, "AD")), "bid accept", "pass")  # seat 1 keeps his 7D (the dix)
    assert st.trump == 1 and st.to_act == 1
    assert {"declare seq3 KH QH JH", "declare stuk"} <= legal(st)
    st = run(st, "declare seq3 KH QH JH", "declare stuk")
    assert not any(a.startswith("declare seq") for a in legal(st))  # sequences before stuk
    st = run(st, "play AS")
    assert {"declare seq4 TS 9S 8S 7S", "declare seq3 AC KC QC"} <= legal(st)
    st = run(st, "declare seq4 TS 9S 8S 7S", "declare seq3 AC KC QC", "play 7S")
    assert st.seq_seat == 0 and st.meld_points(0) == (0, 70) and st.meld_points(1) == (0, 0)
    assert st.stuk_by == 1
    # seat 1 won trick 1: his stuk stands; seat 0 has no trick yet: his 70 is not valid yet
    assert st.valid_roem(1) == 20 and st.valid_roem(0) == 0
    refused(st, "declare seq3 KH QH JH", "first trick")


def test_stuk_after_the_first_trick_forces_the_k_or_q():
    hands = [
        ["7C", "8C", "7D", "8D", "7S", "8S", "QC", "QD", "QS"],
        ["KH", "QH", "AS", "KS", "JS", "AC", "AD", "TC", "TD"],
    ]
    st = run(start(deal(hands, "9H")), "bid accept", "play AS", "play 7S")
    assert st.to_act == 1 and "declare stuk" in legal(st)  # leading: K and Q are legal
    st = st.apply("declare stuk")
    assert plays(st) == {"KH", "QH"}
    refused(st, "play AC", "K or Q")
    st = st.apply("play KH")
    assert st.stuk_by == 1 and "declare stuk" not in legal(st)


# ---- Examples 7, 8, 9: whole hands (records) ----
def _result(name: str):
    h = load(name)["hands"][0]
    g = get_game("klop")
    return run(g.from_deal(h["deal"]), *h["actions"]).result()


def test_example_7_made_hand():
    r = _result("example7")
    d = r.detail
    assert (d["trump"], d["maker"], d["sequences_to"], d["stuk"]) == ("H", 1, 1, 0)
    assert d["card_points"] == [25, 93] and d["roem"] == [20, 50]
    assert d["hand_scores"] == [45, 143] and r.points == [45, 143]
    assert r.outcome == "made" and not d["nat"] and d["next_dealer"] == 1
    assert sum(d["card_points"]) - 10 == 108  # the 18 cards dealt


def test_example_8_nat():
    r = _result("example8")
    d = r.detail
    assert (d["trump"], d["maker"], d["sequences_to"], d["stuk"]) == ("S", 0, 0, 0)
    assert d["card_points"] == [38, 89] and d["roem"] == [40, 0] and d["hand_scores"] == [78, 89]
    assert r.outcome == "nat" and d["nat"] and r.points == [0, 167] and d["next_dealer"] == 1


def test_example_9_roem_without_a_trick():
    r = _result("example9")
    d = r.detail
    assert d["tricks"] == [0, 9] and d["sequences_to"] == 1 and d["stuk"] == 0
    assert d["card_points"] == [0, 113] and d["hand_scores"] == [0, 133] and r.points == [0, 133]
    assert d["roem"] == [0, 20]  # seat 0's stuk is void: no trick


def test_nat_on_equality():
    # ruling 9: equal hand scores are nat
    assert score_hand([80, 80], 1, NEXT2) == ([160, 0], True, 0)
    assert score_hand([81, 80], 0, NEXT2) == ([81, 80], False, 0)


# ---- Example 10: three players ----
def test_example_10_three_players_nat_split():
    assert score_hand([62, 40, 50], 2, NEXT3) == ([87, 65, 0], True, 0)
    assert score_hand([62, 40, 51], 2, NEXT3) == ([88, 65, 0], True, 0)
    assert score_hand([62, 40, 70], 2, NEXT3) == ([62, 40, 70], False, 2)
    # equal defenders: the odd point to the first clockwise after the maker
    assert score_hand([45, 45, 41], 2, NEXT3) == ([66, 65, 0], True, 0)


# ---- Example 11: game end ----
EX11 = [
    ["AS", "KS", "QS", "JS", "7C", "8C", "7D", "8D", "7H"],
    ["7S", "AH", "KH", "QH", "TH", "AD", "TD", "KC", "QC"],
]


def test_example_11_the_claim_by_roem():
    d = deal(EX11, "JH")
    at = Standing(2, totals=(470, 0))
    st = run(start(d, at), "pass", "pass", "pass", "trump S")
    assert st.declarer == 0 and st.to_act == 1
    st = run(st, "play 7S", "declare seq4 AS KS QS JS", "play JS")
    assert st.to_act == 0 and st.valid_roem(0) == 50 and "claim" in legal(st)
    r = st.apply("claim").result()
    assert r.outcome == "claim" and r.points == [0, 0] and r.detail["claim"]["value"] == 520
    sheet = get_game("klop").new_sheet()
    sheet.totals = [470, 0]
    sheet.record(r)
    assert sheet.over and sheet.winners == [0]
    assert "claim: Seat 0 (total + roem = 520)" in sheet.render()
    # not yet a trick: no claim offered
    lost = run(start(d, at), "pass", "pass", "pass", "trump S", "play AH", "declare seq4 AS KS QS JS")
    assert "claim" not in legal(lost)
    lost = lost.apply("play 7H")
    assert lost.to_act == 1 and lost.valid_roem(0) == 0
    # roem_claim off: no claim
    off = run(start(d, at, roem_claim=False), "pass", "pass", "pass", "trump S", "play 7S")
    off = run(off, "declare seq4 AS KS QS JS", "play JS")
    assert "claim" not in legal(off)
    refused(off, "claim", "roem_claim")


def test_example_11_end_of_a_hand():
    sheet = KlopSheet(2)
    sheet.totals = [498, 470]
    sheet.record(_fake([40, 45]))
    assert sheet.over and sheet.winners == [0] and sheet.totals == [538, 515]
    sheet = KlopSheet(2)
    sheet.totals = [460, 450]
    sheet.record(_fake([40, 45]))
    assert sheet.totals == [500, 495] and not sheet.over
    sheet = KlopSheet(2)
    sheet.totals = [470, 480]
    sheet.record(_fake([60, 50]))
    assert sheet.totals == [530, 530] and not sheet.over  # equal highest: play on


def test_early_trick_claim_counts_the_points_won():
    d = deal(EX11, "JH")
    at = Standing(2, totals=(470, 0))
    st = run(start(d, at, early_trick_claim=True), "pass", "pass", "pass", "trump S", "play AH")
    st = run(st, "declare seq4 AS KS QS JS", "play 7H")  # seat 1 won trick 1 (11 points)
    assert st.claim_value(1) == 11
    at1 = Standing(2, totals=(0, 490))
    st = run(start(d, at1, early_trick_claim=True), "pass", "pass", "pass", "trump S", "play AH", "play 7H")
    assert st.to_act == 1 and "claim" in legal(st) and st.claim_value(1) == 501
    st = run(start(d, at1), "pass", "pass", "pass", "trump S", "play AH", "play 7H")
    assert "claim" not in legal(st)


def _fake(points):
    from cardtable.engine.game import Result

    return Result(list(points), "made", [0], {"dealer": 0, "next_dealer": 0, "maker": 0, "trump": "H", "claim": None})


# ---- Example 12: schots ----
def _leader(cards: str, schots: bool = True):
    """A hearts hand at seat 1's lead holding ``cards`` only (the other cards elsewhere)."""
    st = run(start(deal(EX6, "AD"), schots=schots), "pass", "pass", "pass", "trump H")
    assert st.to_act == 1 and st.phase == "play" and st.trump == 2
    mine = mask_of(parse_card(c) for c in cards.split())
    st.hands[0] |= st.hands[1] & ~mine
    st.hands[1] = mine
    st.hands[0] &= ~mine
    st._changed()
    return st


def test_example_12_schots():
    assert plays(_leader("7H 8H AS KC")) == {"AS", "KC"}
    assert plays(_leader("7H 8H")) == {"7H", "8H"}
    assert plays(_leader("7H JH AS")) == {"JH", "AS"}
    assert plays(_leader("7H 8H AS KC", schots=False)) == {"7H", "8H", "AS", "KC"}
    refused(_leader("7H 8H AS KC"), "play 7H", "schots")


# ---- Example 13: schmeiss ----
def test_example_13_schmeiss():
    d = deal(FREE, "QD")
    st = start(d, schmeiss=True)
    assert "bid schmeiss" in legal(st)
    st = st.apply("bid schmeiss")
    assert st.to_act == 0 and legal(st) == {"bid throw-in", "bid refuse"}
    made = st.apply("bid refuse")
    assert (made.declarer, made.trump) == (1, 1) and all(len(codes(made, s)) == 9 for s in (0, 1))
    thrown = st.apply("bid throw-in").result()
    assert thrown.outcome == "thrown_in" and thrown.detail["next_dealer"] == 1
    # round 2: after a refusal the schmeisser must name a suit
    r2 = run(start(d, schmeiss=True), "pass", "pass", "bid schmeiss", "bid refuse")
    assert r2.to_act == 1 and legal(r2) == {"trump C", "trump H", "trump S"}
    assert "bid schmeiss" not in legal(start(d))
    with pytest.raises(OptionError):
        get_game("klop", 3, schmeiss=True).check_new_match()


# ---- three players ----
def test_three_players_deal_and_thrown_in():
    g = get_game("klop", 3)
    st = g.new_hand(seed=5)
    assert [h.bit_count() for h in st.hands] == [6, 6, 6] and len(st.stock) == 13
    st = run(st, "pass", "pass", "pass")
    assert [h.bit_count() for h in st.hands] == [9, 9, 9] and len(st.stock) == 4
    st = run(st, "pass", "pass", "pass")
    r = st.result()
    assert r.outcome == "thrown_in" and r.detail["next_dealer"] == 1 and r.points == [0, 0, 0]


def test_a_deal_is_checked():
    d = deal(FREE, "9H")
    d["stock"] = d["stock"][1:]
    with pytest.raises(DealError):
        start(d)


# ---- hidden information ----
@pytest.mark.parametrize("players", [2, 3])
def test_the_stock_and_the_other_hands_stay_hidden(players):
    st = run(get_game("klop", players).new_hand(seed=2), *["pass"] * players)
    assert st.round == 2 and len(st.stock) == (13 if players == 2 else 4)
    for seat in range(players):
        hidden = st.hidden_from(seat)
        assert set(st.stock) <= hidden and st.turnup not in hidden
        for other in range(players):
            mine = {c for c in range(64) if (st.hands[other] >> c) & 1}
            assert (mine <= hidden) == (other != seat)
        obs = st.observation(seat)
        assert obs.stock_size == len(st.stock)
        text = str(obs.to_json()["zones"])
        assert not any(f"'{card_text(c)}'" in text for c in hidden)


def test_the_information_set_keeps_the_bidding_seen():
    strong = ["AC", "AD", "AS", "KS", "JS", "TS", "9S", "8S", "7S"]
    weak = ["7C", "8C", "9C", "7D", "8D", "9D", "7H", "8H", "9H"]
    other = ["QC", "KC", "TC", "QD", "KD", "TD", "QH", "KH", "TH"]
    st = start(deal([other, strong], "QS")).apply("pass")  # seat 1 passes round 1 on AC AD AS KS JS TS
    acc = st.iset_accept(0)
    assert acc is not None and not acc(st)  # a world where seat 1 held that hand is refused
    assert st.information_set(0)._accept is not None  # the family's information set checks it
    st = start(deal([other, weak], "QS")).apply("pass")
    assert st.iset_accept(0)(st)
    st = start(deal([other, weak], "QS")).apply("bid accept")  # accepting on nothing: unlikely
    assert not st.iset_accept(0)(st)
    assert st.iset_accept(1) is None  # nobody else has bid


# ---- the sheet (§8) ----
RULE_LINE = "  " + "\u2500" * 27 + "\u253c" + "\u2500" * 8 + "\u253c" + "\u2500" * 7


def test_the_sheet_as_section_8_draws_it():
    sheet = KlopSheet(2)
    from cardtable.engine.game import Result

    rows = [
        ([45, 143], {"dealer": 0, "next_dealer": 1, "maker": 1, "trump": "H", "hand_scores": [45, 143], "nat": False}),
        ([0, 167], {"dealer": 1, "next_dealer": 1, "maker": 0, "trump": "S", "hand_scores": [78, 89], "nat": True}),
        ([0, 0], {"dealer": 1, "next_dealer": 0, "maker": None, "trump": None, "thrown_in": True}),
    ]
    for pts, d in rows:
        sheet.record(Result(pts, "x", [], dict(d, claim=None)))
    text = sheet.render(["Anna", "Bert"])
    assert text.splitlines()[:7] == [
        "  hand  dealer  trump  maker \u2502  Anna  \u2502  Bert",
        RULE_LINE,
        "     1  Anna    \u2665      Bert  \u2502    45  \u2502   143",
        "     2  Bert    \u2660      Anna* \u2502     0  \u2502   167      * = maker was nat",
        "     3  Bert    \u2013      \u2013     \u2502     \u2013  \u2502     \u2013      thrown in; Anna deals hand 4",
        RULE_LINE,
        "  total                      \u2502    45  \u2502   310",
    ]
    j = sheet.to_json()
    assert j["totals"] == [45, 310] and j["hands"][1]["nat"] and j["hands"][2]["thrown_in"] and j["winner"] is None
    v = sheet.view(["Anna", "Bert"])
    assert not v.is_table and list(v.lines) == text.splitlines()
    head, rows = sheet.table(["Anna", "Bert"])
    assert head == ["hand", "dealer", "trump", "maker", "Anna", "Bert"] and rows[-1][-2:] == ["45", "310"]
    assert rows[1][3] == "Anna*"
    assert sheet.standing().totals == (45, 310) and sheet.standing().next_dealer == 0


# ---- matches, the bot ----
@pytest.mark.parametrize("players", [2, 3])
def test_a_match_of_simple_bots_ends_past_the_target(players):
    g = get_game("klop", players, target=300)
    bots = [get_bot("simple", g, seed=i) for i in range(players)]
    m = Match(g, ["bot:simple"] * players, seed=4)
    st = m.start_hand(seed=4)
    while not m.over:
        st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
        if st.over and not m.over:
            st = m.start_next()
    sheet = m.sheet
    assert sheet.over and (sheet.claim is not None or max(sheet.totals) > 300)


def test_the_simple_bot_claims_only_when_sure_and_declares():
    g = get_game("klop")
    st = g.from_deal(CLAIM_DEAL, Standing(2, totals=(0, 495)))
    bot = get_bot("simple", g, seed=1)
    st = st.apply("bid accept")
    assert bot.choose(st.observation(1)).text() == "declare seq3 KH QH JH"
    st = st.apply("declare seq3 KH QH JH")
    assert bot.choose(st.observation(1)).text() == "declare stuk"
    st = run(st, "declare stuk", "play AS", "play 7S")
    assert bot.choose(st.observation(1)).text() == "claim"


def test_rulings_4_and_5_long_runs_and_equal_best_sequences():
    from cardtable.families.roem import judge_apart, parse_meld
    from cardtable.games.klop import KLOP_ROEM

    five = parse_meld("seq5", [parse_card(c) for c in "AH KH QH JH TH".split()], KLOP_ROEM)
    assert five.value == 50 and KLOP_ROEM.seq_value(8) == 50
    a = parse_meld("seq3", [parse_card(c) for c in "KH QH JH".split()], KLOP_ROEM)
    b = parse_meld("seq3", [parse_card(c) for c in "KC QC JC".split()], KLOP_ROEM)
    assert judge_apart([(0, a), (1, b)], 3, ()) == (None, None)  # equal, neither in troef
    assert judge_apart([(0, a), (1, b)], 0, ()) == (None, 1)  # in troef wins


def test_three_players_nat_split_in_a_whole_hand():
    rec = load("three_nat")
    h = rec["hands"][0]
    g = get_game("klop", rec["players"])
    r = run(g.from_deal(h["deal"]), *h["actions"]).result()
    d = r.detail
    assert (d["trump"], d["maker"], d["stuk"], d["sequences_to"]) == ("H", 1, 2, 2)
    assert d["card_points"] == [13, 65, 67] and d["roem"] == [0, 0, 40] and d["hand_scores"] == [13, 65, 107]
    # 65 is odd: 32 to each defender, the odd point to seat 2 (the higher own H)
    assert r.outcome == "nat" and r.points == [45, 0, 140] and d["next_dealer"] == 2


def test_the_claim_asks_first_at_the_table():
    """A stray ``c`` must not end the game: the claim declares the table's confirmation."""
    from cardtable.games.klop import CLAIM_VERB

    assert CLAIM_VERB.verb == "claim" and CLAIM_VERB.confirm.startswith("Claim the game now?")


def test_the_header_and_the_sheet_say_more_than_the_target_wins():
    """§7: "meer dan 500": the header said `to 500`, as if 500 itself won."""
    from cardtable.engine import Match, get_game

    m = Match(get_game("klop", 2), ["human:A", "bot:simple"], seed=1)
    m.start_next()
    assert m.state.status().endswith("· over 500")
    assert m.sheet.view(["A", "B"]).title == "Klop (to more than 500)"
