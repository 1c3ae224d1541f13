"""Rubicon Bezique (cardtable/rules/rubicon.md): every Example of §11 with the spec's values
(Example 5 also as a record played to the end), the options of §9 and the rulings of §10
that change play, the deal, the settlement, the sheet of §8 and the simple bot. Positions in
the middle of a hand are set by ``position`` as the Example writes them (every card still in
exactly one place)."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import Sequence

import pytest

from cardtable.bots import get_bot
from cardtable.cards import PIQUET_RANKS, card_text, copy_of, deck, parse_card, plain
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay
from cardtable.families.bezique import Instance
from cardtable.families.trick_masks import layered_cards, layered_mask
from cardtable.games.rubicon import settle
from tests.games.helpers import legal, load_record, refused, run

load = partial(load_record, "rubicon")
FULL = Counter(deck(PIQUET_RANKS, 4))


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def low_first(rest: Counter) -> list[int]:
    """The cards of ``rest``, the low plain cards first (fillers)."""
    return sorted(rest.elements(), key=lambda c: (c % 16 in (10, 14), c % 16 == 7, c % 16, c))


def position(
    trump: str | None,
    seat: int,
    concealed: str,
    melded: dict[str, list[int]] | None = None,
    instances: Sequence[tuple[str, str, int, int]] = (),
    trick: int = 9,
    other: str = "",
    phase: str = "declare",
    to_act: int | None = None,
    **options,
):
    """A stage-1 position after ``trick`` completed tricks: ``seat``'s concealed cards and
    melded area (a code with #n -> the indexes of the ``instances`` it served in: (kind,
    cards, value, trick), declared by ``seat``), the other seat's cards (filled up with low
    cards); at ``seat``'s declare window (8 cards each) or, with ``phase="play"``, at the lead
    of the next trick (9 each, ``to_act`` leads). The rest lies in the stock and the tricks."""
    game = get_game("rubicon", **options)
    st = game.new_hand(seed=0)
    t = "CDHS".index(trump) if trump else None
    melded = melded or {}
    hs = 8 if phase == "declare" else 9
    rest = Counter(FULL)
    mine = [plain(c) for c in cards(concealed)] + [plain(parse_card(c)) for c in melded]
    theirs = cards(other)
    for c in mine + theirs:
        rest[c] -= 1
        assert rest[c] >= 0, card_text(c)
    filler = low_first(rest)
    assert len(mine) == hs, len(mine)
    while len(theirs) < hs:
        theirs.append(filler.pop(0))
    n_stock = 128 - 2 * hs - 2 * trick
    stock, gone = filler[:n_stock], filler[n_stock:]
    assert len(gone) == 2 * trick
    hands = [mine, theirs] if seat == 0 else [theirs, mine]
    st.hands = [layered_mask(h) for h in hands]
    st.start_hands = tuple(st.hands)
    st.gone = layered_mask(gone)
    st.stock = st.stock0 = tuple(stock)
    st.trump, st.t = t, game.ranking.table(t)
    st.ntricks = trick
    st.phase = phase
    st.to_act = seat if to_act is None else to_act
    st.points = (0, 0)
    st.scoring = ()
    st.cb_active = (False, False)
    kinds = {k.kind: k for k in game.meld_table}
    st.instances = tuple(Instance(k, kinds[k].cls, v, tuple(cards(cs)), tr, seat) for k, cs, v, tr in instances)
    areas: list[tuple] = [(), ()]
    areas[seat] = tuple((parse_card(c), tuple(h)) for c, h in melded.items())
    st.areas = tuple(areas)
    st.named = 0
    for c in [c for m in st.instances for c in m.cards] + [parse_card(c) for c in melded]:
        st.named |= 1 << (8 * plain(c) + copy_of(c))
    st._lc = None
    assert sorted(st.cards_in_play()) == sorted(game.deck())
    return st


def last_tricks(trump: str | None, leader: int, hand_lead: str, hand_follow: str, **options):
    """Stage 2 with ``leader`` to lead from ``hand_lead``; the other holds ``hand_follow``."""
    game = get_game("rubicon", **options)
    st = game.new_hand(seed=0)
    lead, follow = cards(hand_lead), cards(hand_follow)
    assert len(lead) == len(follow)
    hands = [lead, follow] if leader == 0 else [follow, lead]
    st.hands = [layered_mask(h) for h in hands]
    st.gone = layered_mask((Counter(FULL) - Counter(lead) - Counter(follow)).elements())
    t = "CDHS".index(trump) if trump else None
    st.trump, st.t = t, game.ranking.table(t)
    st.stock, st.stage, st.phase, st.to_act = (), 2, "play", leader
    st.ntricks = 64 - len(lead)
    st.areas = ((), ())
    st.cb_active = (False, False)
    st._lc = None
    assert sorted(st.cards_in_play()) == sorted(game.deck())
    return st


def pts(st) -> tuple[int, int]:
    return tuple(st.points)


def suit(st) -> str | None:
    return "CDHS"[st.trump] if st.trump is not None else None


# ---- Example 1: troef fixed by the first marriage ----------------------------------------------


def example1(**options):
    return position(None, 1, "KH QH KC QC 9S 8S 7D AD", trick=3, **options)


def test_example_1a_stuk_sets_troef_then_a_marriage():
    st = run(example1(), "declare stuk KH QH")
    assert pts(st) == (0, 40) and suit(st) == "H"
    st = run(st, "declare marriage KC QC")
    assert pts(st) == (0, 60) and suit(st) == "H"


def test_example_1b_the_order_decides_troef():
    st = run(example1(), "declare stuk KC QC", "declare marriage KH QH")
    assert pts(st) == (0, 60) and suit(st) == "C"


def test_example_1c_no_marriage_before_troef():
    st = example1()
    assert "declare marriage KH QH" not in legal(st)
    assert {"declare stuk KH QH", "declare stuk KC QC"} <= legal(st)
    refused(st, "declare marriage KH QH", "declared as stuk")


def test_example_1d_a_sequence_before_troef_is_the_trump_sequence():
    st = position(None, 1, "AS TS KS QS JS 9H 8H 7C", trick=3)
    assert "declare plain_sequence AS TS KS QS JS" not in legal(st)
    st = run(st, "declare trump_sequence AS TS KS QS JS")
    assert pts(st) == (0, 250) and suit(st) == "S"


# ---- Example 2: several melds in one window -----------------------------------------------------


def test_example_2_state_1_three_melds():
    st = position("D", 1, "AH AH AS AC QS JD KD QD")
    st = run(st, "declare four_aces AH#1 AH#2 AS AC", "declare bezique QS JD", "declare stuk KD QD")
    assert pts(st) == (0, 180)


def test_example_2_state_2_a_card_in_one_meld_per_window():
    st = position("D", 1, "KD QD QS QH QC JD 9S 8S")
    after = run(st, "declare stuk KD QD")
    assert pts(after) == (0, 40)
    refused(after, "declare four_queens QD QS QH QC", "already serves in a meld of this trick")
    assert pts(run(after, "declare bezique QS JD")) == (0, 80)
    queens = run(st, "declare four_queens QD QS QH QC")
    assert pts(queens) == (0, 60)
    refused(queens, "declare bezique QS JD", "QS#1 already serves")


@pytest.mark.parametrize("rule,ok", [("value", False), ("class", True)])
def test_example_2_state_2_a_later_bezique_by_the_reuse_rule(rule, ok):
    st = position("D", 1, "KD QD QS QH QC JD 9S 8S", reuse_rule=rule)
    st = run(st, "declare four_queens QD QS QH QC", "pass", "play 9S", "play 8C")
    assert st.phase == "declare" and st.to_act == 1
    if ok:
        assert pts(run(st, "declare bezique QS#1 JD")) == (0, 100)
    else:
        refused(st, "declare bezique QS#1 JD", "four queens (60)")


# ---- Example 3: re-forming four kings ----------------------------------------------------------

I1 = ("four_kings", "KH#1 KH#2 KS#1 KC#1", 80, 14)
I2 = ("marriage", "KS#3 QS#3", 20, 11)


def example3(ks1_played: bool = True):
    melded = {"KH#1": [0], "KH#2": [0], "KC#1": [0], "KS#3": [1], "QS#3": [1]}
    concealed = "KD#1 9C 8C"
    if not ks1_played:
        melded["KS#1"] = [0]
        concealed = "KD#1 9C"
    return position("H", 0, concealed, melded, [I1, I2], trick=20)


def test_example_3a_re_forming_with_a_fresh_king():
    st = run(example3(), "declare four_kings KH#1 KH#2 KC#1 KD#1")
    assert pts(st) == (80, 0)
    assert sorted(st.instances[-1].cards) == sorted(cards("KH#1 KH#2 KC#1 KD#1"))


def test_example_3b_re_forming_with_a_married_king():
    assert pts(run(example3(), "declare four_kings KH#1 KH#2 KC#1 KS#3")) == (80, 0)


def test_example_3c_not_both_in_one_window():
    st = run(example3(), "declare four_kings KH#1 KH#2 KC#1 KD#1")
    refused(st, "declare four_kings KH#1 KH#2 KC#1 KS#3", "already serves in a meld of this trick")


def test_example_3d_an_intact_marriage_is_not_declared_again():
    refused(example3(), "declare marriage KS#3 QS#3", "still in a marriage")


def test_example_3e_an_intact_four_kings_is_not_re_formed():
    refused(example3(ks1_played=False), "declare four_kings KH#1 KH#2 KC#1 KD#1", "still in a four kings")


def test_example_3_after_a_then_b_only_once_i3_is_broken():
    st = run(example3(), "declare four_kings KH#1 KH#2 KC#1 KD#1", "pass", "play 9C", "play 8C")
    assert st.phase == "declare" and st.to_act == 0
    refused(st, "declare four_kings KH#1 KH#2 KC#1 KS#3", "still in a four kings")
    st = run(st, "pass", "play KD#1", "play 8C")
    assert st.phase == "declare" and st.to_act == 0
    assert pts(run(st, "declare four_kings KH#1 KH#2 KC#1 KS#3")) == (160, 0)


# ---- Example 4: triple bezique -----------------------------------------------------------------


def example4():
    melded = {"QS#1": [0], "QS#2": [0], "JD#1": [0], "JD#2": [0]}
    return position("C", 1, "QS#3 JD#3 7H 8H", melded, [("double_bezique", "QS#1 QS#2 JD#1 JD#2", 500, 9)])


def test_example_4a_triple_bezique():
    assert pts(run(example4(), "declare triple_bezique QS#1 QS#2 QS#3 JD#1 JD#2 JD#3")) == (0, 1500)


def test_example_4b_a_single_first_blocks_the_triple():
    st = run(example4(), "declare bezique QS#3 JD#3")
    assert pts(st) == (0, 40)
    st = run(st, "pass", "play 8H", "play 8D")
    assert st.phase == "declare" and st.to_act == 1
    refused(st, "declare triple_bezique QS#1 QS#2 QS#3 JD#1 JD#2 JD#3", "a new meld needs a new card")


@pytest.mark.parametrize("rule,words", [("value", "double bezique (500)"), ("class", "worth more")])
def test_example_4c_a_double_never_yields_a_single(rule, words):
    st = example4()
    st.game = get_game("rubicon", reuse_rule=rule)
    refused(st, "declare bezique QS#1 JD#3", words)


# ---- Example 5: carte blanche (a record) -------------------------------------------------------

EXAMPLE_5_SEAT_1 = "AH TH 9H 8C 7C 7D AS TS 9S"
EXAMPLE_5_SEAT_0 = "KC 9C 9C 9C 9D 9D 9D 8H 8H"


def example5_deal() -> dict:
    hands = [EXAMPLE_5_SEAT_0.split(), EXAMPLE_5_SEAT_1.split()]
    top = ["8D", "AC", "QC", "AC", "7S", "AC"]
    rest = Counter(FULL) - Counter(cards(" ".join(hands[0] + hands[1] + top)))
    stock = top + [card_text(c) for c in sorted(rest.elements())]
    return {"dealer": 0, "hands": hands, "upcard": None, "stock": stock}


def test_example_5_carte_blanche_and_its_repeats():
    st = get_game("rubicon").from_deal(example5_deal())
    assert pts(st) == (0, 50) and st.cb_active == (False, True) and st.to_act == 1
    st = run(st, "play AH", "play 9C", "pass")  # seat 1 draws 8D
    assert pts(st) == (0, 100) and st.cb_active[1]
    st = run(st, "play AS", "play 9C", "pass")  # seat 1 draws QC
    assert pts(st) == (0, 100) and not st.cb_active[1]
    st = run(st, "play TS", "play 9C", "pass")  # seat 1 draws 7S
    assert pts(st) == (0, 100)
    assert [e for e in st.scoring if e[2] == "carte_blanche"] == [
        (1, 0, "carte_blanche", 50),
        (1, 1, "carte_blanche", 50),
    ]


def test_example_5_the_record_replays():
    rec = load("example5")
    assert rec["hands"][0]["deal"] == example5_deal()
    m = replay(rec)
    r = m.results[0]
    ev = r.detail["events"]
    assert [e for e in ev if e[2] == "carte_blanche"] == [[1, 0, "carte_blanche", 50], [1, 1, "carte_blanche", 50]]
    assert [e[1:] for e in ev if e[2] == "last trick"] == [[64, "last trick", 50]]
    assert r.detail["tricks_played"] == 64 and sum(r.detail["brisques"]) == 32
    assert r.points == settle(r.detail["points"], [10 * b for b in r.detail["brisques"]])["game_points"]
    assert get_game("rubicon").check_result(r, m.state) == []
    assert m.sheet.totals == r.points


# ---- Examples 6-9: the settlement --------------------------------------------------------------


def test_example_6_no_rubicon():
    st = settle([2370, 1450], [160, 160])
    assert st["winner"] == 0 and not st["rubicon"] and not st["counted"]
    assert st["game_points"] == [1400, 0] and st["formula"] == "500 + 2300 - 1400 = 1400"


def test_example_7_rubicon():
    st = settle([1860, 720], [200, 120])
    assert st["counted"] and st["totals"] == [2060, 840] and st["rubicon"]
    assert st["game_points"] == [3820, 0] and st["formula"] == "1000 + 1800 + 700 + 320 = 3820"


def test_example_8_escaping_the_rubicon_with_brisques():
    st = settle([1600, 930], [170, 150])
    assert st["totals"] == [1770, 1080] and not st["rubicon"]
    assert st["game_points"] == [1200, 0]


def test_example_9_a_tie_broken_by_brisques_or_a_drawn_game():
    st = settle([1540, 1540], [180, 140])
    assert st["totals"] == [1720, 1680] and st["winner"] == 0 and st["game_points"] == [600, 0]
    drawn = settle([1540, 1540], [160, 160])
    assert drawn["winner"] is None and drawn["game_points"] == [0, 0]


def test_settlement_the_under_100_bonus_and_the_loser_first_by_score():
    assert settle([450, 60], [200, 120])["game_points"] == [1000 + 400 + 0 + 320 + 100, 0]
    assert settle([450, 60], [200, 120], under_100_bonus=False)["game_points"] == [1720, 0]
    # the brisques turn the game: seat 1 leads on S but not with B counted
    st = settle([900, 950], [300, 20])
    assert st["winner"] == 0 and st["totals"] == [1200, 970] and st["rubicon"]


# ---- Example 10: tricks without troef ----------------------------------------------------------


def test_example_10_stage_1_without_and_with_troef():
    st = position(None, 0, "9H 8C 8C 8C 8C 8D 8D 8D 8D", other="7S", phase="play", to_act=0)
    assert run(st, "play 9H", "play 7S").last_winner == 0
    st = position("S", 0, "9H 8C 8C 8C 8C 8D 8D 8D 8D", other="7S", phase="play", to_act=0)
    assert run(st, "play 9H", "play 7S").last_winner == 1


@pytest.mark.parametrize("hand,want", [("TH 7H AS", {"TH"}), ("AS KC 8D", {"AS", "KC", "8D"})])
def test_example_10_stage_2_troef_never_set(hand, want):
    st = run(last_tricks(None, 0, "9H 9C 9C", hand), "play 9H")
    assert {a.text()[5:] for a in st.legal_actions()} == want
    if "AS" in want:
        assert run(st, "play AS").last_winner == 0


# ---- Example 11: the last trick ----------------------------------------------------------------


def test_example_11_the_last_trick_scores_50():
    st = run(last_tricks("S", 1, "AH", "7S"), "play AH")
    assert legal(st) == {"play 7S"}
    st = run(st, "play 7S")
    assert st.over and pts(st) == (50, 0) and st.brisques == (1, 0)
    assert st.scoring[-1] == (0, 64, "last trick", 50)


# ---- the options of §9 and the rulings of §10 ---------------------------------------------------


def test_option_four_tens():
    st = position("H", 0, "TS TD TC TH 9C 8C 7C 7S")
    assert pts(run(st, "declare four_tens TS TD TC TH")) == (90, 0)
    st = position("H", 0, "TS TD TC TH 9C 8C 7C 7S", four_tens=False)
    refused(st, "declare four_tens TS TD TC TH", "four_tens")


def test_option_bezique_pair_trump_queen_sets_troef():
    st = position(None, 0, "QH JC QS JD 9C 8C 7C 7S", bezique_pair="trump_queen")
    assert {"declare bezique QH JC", "declare bezique QS JD"} <= legal(st)
    st = run(st, "declare bezique QH JC")
    assert suit(st) == "H" and pts(st) == (40, 0)
    assert "declare bezique QS JD" not in legal(st)  # troef H: only QH + JC
    st = position("D", 0, "QD JS QS JD 9C 8C 7C 7S", bezique_pair="trump_queen")
    assert pts(run(st, "declare bezique QD JS")) == (40, 0)
    refused(st, "declare bezique QS JD", "QD and JS")


def test_option_values_and_the_session_length():
    assert get_game("rubicon").games == 4
    with pytest.raises(OptionError, match="above the maximum 20"):
        get_game("rubicon", games=21).check_new_match()
    with pytest.raises(OptionError):
        get_game("rubicon", games=0)
    with pytest.raises(OptionError):
        get_game("rubicon", bezique_pair="hearts")


def test_ruling_11_the_deal_is_three_packets_of_three_and_no_turn_up():
    from cardtable.cards import shuffled
    from cardtable.engine.game import rng_for

    game = get_game("rubicon")
    st = game.new_hand(seed=11)
    pack = shuffled(game.deck(), rng_for(11))
    non_dealer = pack[0:3] + pack[6:9] + pack[12:15]
    dealer = pack[3:6] + pack[9:12] + pack[15:18]
    assert st.hands[1] == layered_mask(non_dealer) and st.hands[0] == layered_mask(dealer)
    assert st.turnup is None and st.trump is None and list(st.stock) == pack[18:] and len(st.stock) == 110
    assert st.to_act == 1 and st.stage1_tricks == 55


def test_ruling_18_the_records_deal():
    d = example5_deal()
    with pytest.raises(DealError, match="upcard must be null"):
        get_game("rubicon").from_deal(dict(d, upcard="9H"))
    with pytest.raises(DealError, match="the stock must hold 110"):
        get_game("rubicon").from_deal(dict(d, stock=d["stock"][:-1]))
    five = dict(d, hands=[["KC"] * 5 + d["hands"][0][4:], d["hands"][1]])
    with pytest.raises(DealError, match="KC is dealt 5 times"):
        get_game("rubicon").from_deal(five)


def shown_in(obs, seat: int) -> list[str]:
    """The codes the table lists on ``seat``'s face-down hand in ``obs``, sorted."""
    hand = next(z for z in obs.zones if z.kind == "hand" and z.owner == seat)
    return sorted(card_text(c) for c in hand.cards)


def test_ruling_14_a_dealt_carte_blanche_is_shown():
    st = get_game("rubicon").from_deal(example5_deal())
    obs = st.observation(0)
    assert obs.log[-1] == "seat 1 shows carte blanche: AS TS 9S AH TH 9H 8C 7C 7D (+50)"
    assert obs.extra["carte_blanche"] == [False, True]
    assert shown_in(obs, 1) == sorted(EXAMPLE_5_SEAT_1.split())
    assert obs.extra["known"][1] == sorted(EXAMPLE_5_SEAT_1.split(), key=parse_card)
    # hidden from seat 0: the stock only (seat 1's whole hand was shown)
    assert st.hidden_from(0) == Counter(st.stock)
    # seat 0 was dealt a K: its hand stays hidden from seat 1
    assert st.hidden_from(1) == Counter(cards(EXAMPLE_5_SEAT_0)) + Counter(st.stock)
    assert shown_in(st.observation(1), 0) == []
    assert "KC" not in " ".join(st.observation(1).log)


def test_ruling_14_a_drawn_repeat_is_shown_a_court_card_not():
    st = run(get_game("rubicon").from_deal(example5_deal()), "play AH", "play 9C", "pass")
    obs = st.observation(0)
    assert obs.log[-1] == "seat 1 shows the card drawn, 8D: carte blanche again (+50)"
    assert "8D" in shown_in(obs, 1) and "AH" not in shown_in(obs, 1) and len(shown_in(obs, 1)) == 9
    assert st.hidden_from(0) == Counter(st.stock)
    st = run(st, "play AS", "play 9C", "pass")  # seat 1 draws QC: the status ends, QC unseen
    obs = st.observation(0)
    assert not st.cb_active[1] and "QC" not in " ".join(obs.log)
    assert st.hidden_from(0) == Counter(st.stock) + Counter(cards("QC"))
    # AS was played: the shown copy left the hand (the public trick shows it)
    assert "AS" not in shown_in(obs, 1) and len(shown_in(obs, 1)) == 8
    st = run(st, "play TS", "play 9C", "pass")  # seat 1 draws 7S, unseen
    assert st.hidden_from(0) == Counter(st.stock) + Counter(cards("QC 7S"))
    st = run(st, "play 7C", "play 9D", "pass")  # a shown 7C played: one shown copy less
    assert "7C" not in shown_in(st.observation(0), 1)


def test_ruling_14_samples_keep_the_shown_cards_in_the_showers_hand():
    st = run(get_game("rubicon").from_deal(example5_deal()), "play AH", "play 9C", "pass", "play AS", "play 9C", "pass")
    want = Counter(cards("TS 9S TH 9H 8C 7C 7D 8D"))  # shown and still held
    assert Counter(layered_cards(st.known[1])) == want
    iset = st.information_set(0)
    for k in range(8):
        w = iset.sample(random.Random(k))
        held = Counter(layered_cards(w.hands[1]))
        assert held & want == want and w.hands[0] == st.hands[0]
        assert layered_cards(w.start_hands[1]) == sorted(cards(EXAMPLE_5_SEAT_1))  # the shown deal
        assert w.stock0[0] == parse_card("8D")  # the shown draw, in its place


def cb_deal(seed: int) -> dict:
    """A deal where seat 0 (the dealer) has carte blanche and the stock's top holds low
    cards for a few repeats; the rest at random."""
    rng = random.Random(seed)
    rest = list(FULL.elements())
    rng.shuffle(rest)
    low = [c for c in rest if c % 16 < 11]
    court = [c for c in rest if c % 16 in (11, 12, 13)]
    mine, top = low[:9], low[9 : 9 + 2 * rng.randrange(1, 4)]
    others = Counter(rest) - Counter(mine) - Counter(top) - Counter(court[:1])
    pool = list(others.elements())
    rng.shuffle(pool)
    theirs = court[:1] + pool[:8]
    stock = top + pool[8:]

    def text(cs):
        return [card_text(c) for c in cs]

    return {"dealer": 0, "hands": [text(mine), text(theirs)], "upcard": None, "stock": text(stock)}


def test_ruling_14_a_samples_deal_replays_to_the_sample(monkeypatch):
    """With a carte blanche shown, every sample of the other seat's information set keeps
    the shown cards that are still held (the seat's ``known``), and its own deal played with
    the real moves gives the sample (no fallback to a deal without history)."""
    from cardtable.games.rubicon import RubiconState

    def no_history(*a):
        raise AssertionError("a real hand's sample lost its history")

    monkeypatch.setattr(RubiconState, "_iset_rebuild_plain", no_history)
    game = get_game("rubicon", games=1)
    bots = [get_bot("simple", game, s) for s in range(2)]
    rng = random.Random(3)
    checked = 0
    for seed in range(2):
        st = game.from_deal(cb_deal(seed))
        assert st.cb_active[0] and not st.cb_active[1]
        history: list = []
        while not st.over and len(history) < 50:  # the shown cards are played by then
            if len(history) % 5 == 3:
                assert hidden_from_1_is_exact(st)
                shown = Counter(layered_cards(st.known[0]))
                for seat in range(2):
                    w = st.information_set(seat).sample(rng)
                    assert Counter(layered_cards(w.hands[0])) & shown == shown
                    re = game.from_deal(w.deal_record())
                    for a in history:
                        re = re.apply(a)
                    assert re.hands == w.hands and re.stock == w.stock and re.areas == w.areas
                    checked += 1
            a = bots[st.to_act].choose(st.observation(st.to_act))
            history.append(a)
            st = st.apply(a)
    assert checked == 40


def hidden_from_1_is_exact(st) -> bool:
    """``hidden_from(1)``: seat 0's concealed cards less those shown and still held (its
    ``known``, all of them in the hand), and the stock."""
    concealed = Counter(layered_cards(st.concealed_mask(0)))
    known = Counter(layered_cards(st.known[0]))
    return known & concealed == known and st.hidden_from(1) == concealed - known + Counter(st.stock)


def test_the_melds_are_public_the_concealed_hand_not():
    st = example4()
    obs = st.observation(0)
    melded = next(z for z in obs.zones if z.kind == "melded_area" and z.owner == 1)
    assert sorted(card_text(c) for c in melded.cards) == ["JD#1", "JD#2", "QS#1", "QS#2"]
    hand1 = next(z for z in obs.zones if z.kind == "hand" and z.owner == 1)
    assert sorted(card_text(c) for c in hand1.cards) == ["JD#1", "JD#2", "QS#1", "QS#2"] and hand1.count == 8
    assert all("QS#3" not in str(e) for e in obs.log)


# ---- the sheet of §8 and the session -------------------------------------------------------------


def game_result(events, brisques, dealer=0) -> Result:
    s = [0, 0]
    for seat, _t, _w, p in events:
        s[seat] += p
    st = settle(s, [10 * b for b in brisques])
    return Result(
        points=st["game_points"],
        outcome="end",
        winners=[st["winner"]] if st["winner"] is not None else [],
        detail={
            "events": [list(e) for e in events],
            "points": s,
            "brisques": list(brisques),
            "settlement": st,
            "dealer": dealer,
            "next_dealer": 1 - dealer,
        },
    )


def test_the_sheet_drawing_and_the_session():
    sheet = get_game("rubicon", games=2).new_sheet()
    sheet.record(game_result([(1, 0, "carte_blanche", 50), (0, 3, "stuk", 40), (0, 64, "last trick", 50)], (17, 15)))
    assert sheet.render().splitlines() == [
        "Rubicon Bezique, session of 2 games",
        "| Game | Trick | Event         | Seat 0   | Seat 1   |",
        "|------|-------|---------------|----------|----------|",
        "| 1    | 0     | carte blanche |          | +50 = 50 |",
        "| 1    | 3     | stuk          | +40 = 40 |          |",
        "| 1    | 64    | last trick    | +50 = 90 |          |",
        "| 1    |       | score         | 90       | 50       |",
        "| 1    |       | brisques      | 170      | 150      |",
        "| 1    |       | with brisques | 260      | 200      |",
        "| 1    |       | rubicon       | 1420     | 0        |",
        "",
        "game 1: Seat 0 rubicon: 1000 + 0 + 0 + 320 + 100 = 1420",
        "",
        "Session  Seat 0  Seat 1",
        "game 1     1420       0",
        "total      1420       0",
    ]
    assert not sheet.over and sheet.next_dealer == 1 and sheet.standing().totals == (1420, 0)
    example6 = [(0, 10, "four_aces", 2370), (1, 12, "four_aces", 1450)]
    sheet.record(game_result(example6, (16, 16), dealer=1))
    head, rows = sheet.table(["Anna", "Bot 1"])
    assert rows[-1] == ["2", "", "game points", "1400", "0"]
    assert sheet.formula_lines(["Anna", "Bot 1"])[-1] == "game 2: Anna wins: 500 + 2300 - 1400 = 1400"
    assert sheet.over and sheet.winners == [0] and sheet.totals == [2820, 0]
    view = sheet.view()
    assert view.lines[-1] == "Session over: Seat 0 wins with 2820 game points."
    assert sheet.to_json()["session"] == [[1420, 0], [1400, 0]]
    with pytest.raises(ValueError):
        sheet.record(game_result(example6, (16, 16)))


def test_a_session_to_the_end_with_simple_bots():
    game = get_game("rubicon", games=2)
    m = Match(game, ["bot:simple", "bot:simple"], seed=3)
    bots = [get_bot("simple", game, s) for s in range(2)]
    while not m.over:
        st = m.start_hand()
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
        assert game.check_result(st.result(), st) == []
    assert m.sheet.hands == 2 and m.sheet.totals == [sum(r.points[s] for r in m.results) for s in range(2)]


# ---- the simple bot ------------------------------------------------------------------------------


def test_simple_bot_declares_the_best_melds_then_draws():
    game = get_game("rubicon")
    bot = get_bot("simple", game, 1)
    st = position("D", 1, "AH AH AS AC QS JD KD QD")
    assert bot.choose(st.observation(1)).text() == "declare four_aces AS AH AH AC"
    st = run(st, "declare four_aces AS AH AH AC")
    assert bot.choose(st.observation(1)).text() in ("declare bezique JD QS", "declare stuk KD QD")
    st = run(st, "declare bezique QS JD", "declare stuk KD QD")
    assert bot.choose(st.observation(1)).text() == "pass"


def test_simple_bot_keeps_meld_cards_and_throws_a_low_one():
    game = get_game("rubicon")
    bot = get_bot("simple", game, 1)
    st = position(None, 0, "QS JD KH QH AS TS 8C 9D 7H", phase="play", to_act=0)
    assert bot.choose(st.observation(0)).text() in ("play 8C", "play 9D", "play 7H")


def test_the_samples_keep_the_melds_and_the_hand_size():
    st = run(example4(), "declare bezique QS#3 JD#3", "pass", "play 8H")
    iset = st.information_set(0)
    for k in range(4):
        w = iset.sample(random.Random(k))
        assert w.areas == st.areas and w.hands[0] == st.hands[0] and len(w.stock) == len(st.stock)
