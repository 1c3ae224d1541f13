"""Bezique (cardtable/rules/bezique.md): every Example of §11 with the spec's values, the
options of §9 and the rulings of §10 that change play, the deal, the records, the sheet and
the simple bot. Positions in the middle of a hand are dealt by ``deal`` and played to by
``win_trick``; where a meld history from earlier tricks is needed, ``position`` sets the
hand's areas as the Example writes them (every card still in exactly one place)."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import Sequence

import pytest

from cardtable.bots import get_bot
from cardtable.cards import PIQUET_RANKS, card_text, copy_of, deck, parse_card, plain
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, Result
from cardtable.engine.record import replay
from cardtable.families.bezique import Instance
from cardtable.families.trick_masks import layered_mask
from tests.games.helpers import legal, load_record, refused, run

load = partial(load_record, "bezique")


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def deal(dealer: int, upcard: str, hand0: str, hand1: str, stock_top: str = "", **options):
    """A Bezique hand dealt as written: the given cards of each hand filled up to 8 with
    low cards of the rest, the turn-up, the stock's top cards as given, the rest after them."""
    rest = Counter(deck(PIQUET_RANKS, 2))
    given = [cards(hand0), cards(hand1)]
    top = cards(stock_top)
    up = parse_card(upcard)
    for c in given[0] + given[1] + top + [up]:
        rest[c] -= 1
        assert rest[c] >= 0, card_text(c)
    filler = sorted(rest.elements(), key=lambda c: (c % 16 in (10, 14), c % 16 == 7, c % 16, c))
    hands = []
    for g in given:
        h = list(g)
        while len(h) < 8:
            c = filler.pop(0)
            h.append(c)
        hands.append([card_text(c) for c in h])
    stock = [card_text(c) for c in top] + [card_text(c) for c in filler]
    d = {"dealer": dealer, "hands": hands, "upcard": upcard, "stock": stock}
    return get_game("bezique", **options).from_deal(d)


def position(
    trump: str,
    seat: int,
    concealed: str,
    melded: dict[str, list[int]] | None = None,
    instances: Sequence[tuple[str, str, int, int]] = (),
    trick: int = 9,
    other: str = "",
    other_melded: dict[str, list[int]] | None = None,
    upcard: str | None = None,
    stock_top: str = "",
    points: tuple[int, int] = (0, 0),
    phase: str = "declare",
    to_act: int | None = None,
    **options,
):
    """A stage-1 position after ``trick`` completed tricks: ``seat``'s concealed cards and
    area (a code with #n -> the indexes of the ``instances`` it served in: (kind, cards,
    value, trick), declared by ``seat``), the other seat's cards (filled up with low cards)
    and area, the turn-up (a card of troef, not a 7, unless given), the stock's top cards,
    the hand's points; at ``seat``'s declare window (7 cards each) or, with ``phase="play"``,
    at the lead of the next trick (8 each, ``to_act`` leads). The rest of the deck lies in
    the completed tricks."""
    game = get_game("bezique", **options)
    st = game.new_hand(seed=0)
    t = "CDHS".index(trump)
    melded = melded or {}
    other_melded = other_melded or {}
    hs = 7 if phase == "declare" else 8
    rest = Counter(deck(PIQUET_RANKS, 2))
    mine = cards(concealed) + [plain(parse_card(c)) for c in melded]
    theirs = cards(other) + [plain(parse_card(c)) for c in other_melded]
    up = parse_card(upcard) if upcard else None
    for c in mine + theirs + cards(stock_top) + ([up] if up is not None else []):
        rest[c] -= 1
        assert rest[c] >= 0, card_text(c)
    if up is None:
        up = next(c for c in sorted(rest.elements(), reverse=True) if c // 16 == t and c % 16 not in (7, 10, 14))
        rest[up] -= 1
    filler = sorted(rest.elements(), key=lambda c: (c % 16 in (10, 14), c % 16 == 7, c % 16, c))
    assert len(mine) == hs, len(mine)
    while len(theirs) < hs:
        theirs.append(filler.pop(0))
    n_stock = 64 - 2 * hs - 2 * trick - 1 - len(cards(stock_top))
    stock = cards(stock_top) + filler[:n_stock]
    gone = filler[n_stock:]
    assert len(gone) == 2 * trick
    hands = [mine, theirs] if seat == 0 else [theirs, mine]
    st.hands = [layered_mask(h) for h in hands]
    st.start_hands = tuple(st.hands)
    st.gone = layered_mask(gone)
    st.stock = st.stock0 = tuple(stock)
    st.turnup = st.turnup0 = up
    st.trump, st.t = t, game.ranking.table(t)
    st.ntricks = trick
    st.phase = phase
    st.to_act = seat if to_act is None else to_act
    st.points = points
    st.scoring = ()
    kinds = {k.kind: k for k in game.meld_table}
    st.instances = tuple(Instance(k, kinds[k].cls, v, tuple(cards(cs)), tr, seat) for k, cs, v, tr in instances)
    areas = [(), ()]
    areas[seat] = tuple((parse_card(c), tuple(h)) for c, h in melded.items())
    areas[1 - seat] = tuple((parse_card(c), tuple(h)) for c, h in other_melded.items())
    st.areas = tuple(areas)
    st.named = 0
    for c in list(melded) + list(other_melded):
        p = parse_card(c)
        st.named |= 1 << (8 * plain(p) + copy_of(p))
    st._lc = None
    assert sorted(st.cards_in_play()) == sorted(game.deck())
    return st


def win_trick(st, lead: str, follow: str):
    """Close the window (``pass``: both draw), the winner leads ``lead``, the other plays
    ``follow``."""
    return run(st, "pass", f"play {lead}", f"play {follow}")


def pts(st) -> tuple[int, int]:
    return tuple(st.points)


# ---- Example 1: stage-1 trick winners and immediate points ------------------------------


def test_example_1a_a_trump_on_a_plain_lead_and_the_seven_played():
    st = deal(0, "9H", "7H", "AS")  # seat 1 (non-dealer) leads
    st = run(st, "play AS", "play 7H")
    assert st.last_winner == 0 and st.to_act == 0 and st.phase == "declare"
    assert pts(st) == (20, 0)  # 10 for the trump seven played, 10 for the brisque AS


def test_example_1b_identical_cards_the_leader_wins():
    st = run(deal(0, "9H", "TC", "TC"), "play TC", "play TC")
    assert st.last_winner == 1 and pts(st) == (0, 20)


def test_example_1c_a_card_of_another_suit_loses():
    st = run(deal(1, "9H", "KD", "AC"), "play KD", "play AC")  # seat 0 leads (dealer 1)
    assert st.last_winner == 0 and pts(st) == (10, 0)


def test_example_1d_the_seven_scores_for_the_loser():
    st = run(deal(1, "JH", "9H", "7H"), "play 9H", "play 7H")
    assert st.last_winner == 0 and pts(st) == (0, 10)


# ---- Example 2: stage-2 legal cards ------------------------------------------------------


def stage2(trump: str, lead: str, follower: str):
    """Stage 2, seat 0 to lead ``lead``; seat 1 holds ``follower``."""
    st = position(trump, 0, "AH AH AC AC KH KH 8H")
    hand1 = cards(follower)
    hand0 = [parse_card(lead)] + [c for c in cards("9H 9H 8C 8C") if c not in hand1][: len(hand1) - 1]
    rest = Counter(deck(PIQUET_RANKS, 2)) - Counter(hand0) - Counter(hand1)
    st.hands = [layered_mask(hand0), layered_mask(hand1)]
    st.gone = layered_mask(rest.elements())
    st.stock, st.turnup, st.stage, st.phase, st.to_act = (), None, 2, "play", 0
    st.ntricks = 32 - len(hand1)
    st.areas = ((), ())
    st._lc = None
    assert sorted(st.cards_in_play()) == sorted(deck(PIQUET_RANKS, 2))
    return run(st, f"play {lead}")


@pytest.mark.parametrize(
    "lead,hand,want",
    [
        ("TD", "AD 9D KS 7C", {"AD"}),
        ("TD", "KD 9D 7S QC", {"KD", "9D"}),
        ("TD", "TD 8D AS", {"TD", "8D"}),
        ("TD", "7S QS AC 8H", {"7S", "QS"}),
        ("TD", "AC 8H", {"AC", "8H"}),
        ("KS", "AS 9S 8D", {"AS"}),
    ],
)
def test_example_2_stage_2_legal_cards(lead, hand, want):
    st = stage2("S", lead, hand)
    assert {a.text()[5:] for a in st.legal_actions()} == want


def test_example_2_the_seven_of_trumps_scores_nothing_in_stage_2():
    st = stage2("S", "TD", "7S QS AC 8H")
    st = run(st, "play 7S")
    assert st.last_winner == 1 and pts(st) == (0, 10)  # TD only, nothing for the seven
    refused(stage2("S", "TD", "TD 8D AS"), "play AS", "follow suit")


# ---- Example 3: the re-use chain -----------------------------------------------------------


def state_a(**options):
    return position(
        "C",
        0,
        "KS KD KC QH QD",
        {"KH#1": [0], "QH#1": [0]},
        [("marriage", "KH#1 QH#1", 20, 6)],
        trick=9,
        other="9S 8S 7S 9D 8D",
        **options,
    )


def test_example_3a_four_kings_with_a_married_king():
    st = run(state_a(), "declare four_kings KH#1 KS KD KC")
    assert pts(st) == (80, 0)
    assert st.histories(0)[parse_card("KH#1")] == (0, 1)


def test_example_3b_a_married_king_never_marries_again():
    refused(state_a(), "declare marriage KH#1 QH#2", "KH#1 already served in a marriage")


def test_example_3c_a_fresh_marriage():
    st = run(state_a(), "declare marriage KD QD")
    assert pts(st) == (20, 0)


def test_example_3d_one_meld_per_window():
    st = run(state_a(), "declare four_kings KH#1 KS KD KC")
    refused(st, "declare marriage KD QD", "one meld per trick")
    assert not [a for a in st.legal_actions() if a.verb == "declare"]


def state_b(**options):
    return position(
        "C",
        0,
        "QD QS",
        {"KH#1": [0, 1], "QH#1": [0], "KS#1": [1], "KD#1": [1], "KC#1": [1]},
        [("marriage", "KH#1 QH#1", 20, 6), ("four_kings", "KH#1 KS#1 KD#1 KC#1", 80, 9)],
        trick=12,
        **options,
    )


def test_example_3e_3f_value_rule_against_class_rule():
    for meld in ("declare marriage KD QD", "declare marriage KS QS"):
        refused(state_b(), meld, "four kings (80)")
        st = run(state_b(reuse_rule="class"), meld)
        assert pts(st) == (20, 0)


def test_example_3g_a_queen_no_longer_held():
    refused(state_b(), "declare four_queens QH#1 QD QS QH#2", "QH#2")


def test_example_3_the_chain_played_out():
    """State A -> (a) at trick 9 -> State B at trick 12 through real tricks."""
    st = run(state_a(), "declare four_kings KH#1 KS KD KC")
    st = win_trick(st, "QH", "8S")  # trick 10: seat 0 wins (8S is no heart nor troef)
    assert st.last_winner == 0
    refused(st, "declare marriage KD QD", "four kings (80)")


# ---- Example 4: single and double bezique ---------------------------------------------------


def bezique_state(**options):
    return position(
        "H",
        0,
        "QS JD 9C 8C 7S",
        {"QS#1": [0], "JD#1": [0]},
        [("bezique", "QS#1 JD#1", 40, 5)],
        trick=9,
        other="9S 8S 7D 9D 8D 7C",
        **options,
    )


def test_example_4a_double_bezique_on_a_single():
    st = run(bezique_state(), "declare double_bezique QS#1 JD#1 QS#2 JD#2")
    assert pts(st) == (500, 0)
    assert sorted(card_text(c) for c in st.area_cards(0)) == ["JD#1", "JD#2", "QS#1", "QS#2"]


@pytest.mark.parametrize("rule", ["value", "class"])
def test_example_4b_two_singles_never_make_a_double(rule):
    st = run(bezique_state(reuse_rule=rule), "declare bezique QS#2 JD#2")
    assert pts(st) == (40, 0)
    st = win_trick(st, "9C", "7C")
    assert st.last_winner == 0 and st.phase == "declare"
    refused(st, "declare double_bezique QS#1 JD#1 QS#2 JD#2", "a new meld needs a new card")


def test_example_4c_a_bezique_card_in_a_second_bezique():
    refused(bezique_state(), "declare bezique QS#1 JD#2", "QS#1 already served in a bezique")


@pytest.mark.parametrize("rule,word", [("value", "worth as much or more"), ("class", "worth more")])
def test_example_4d_a_double_never_yields_a_single(rule, word):
    st = position("H", 0, "QS QS JD JD 9C 8C 7S", trick=5, other="9S 8S 7D 9D 8D 7C", reuse_rule=rule)
    st = run(st, "declare double_bezique QS QS JD JD")
    assert pts(st) == (500, 0)
    st = win_trick(st, "9C", "7C")
    refused(st, "declare bezique QS#1 JD#1", word)


# ---- Example 5: the dix together with a meld -------------------------------------------------


def dix_state():
    return position("D", 1, "7D AS AH AC KD QD 9S", trick=7, upcard="AD", other="7D 9C 8C 7C 9H 8H 7H", points=(0, 120))


def test_example_5_dix_then_a_meld_and_not_the_card_taken():
    st = dix_state()
    st = run(st, "swap 7D")
    assert card_text(st.turnup) == "7D" and pts(st) == (0, 130)
    assert sorted(card_text(c) for c in st.hand_view(1)).count("AD") == 1
    refused(st, "declare four_aces AS AH AC AD", "AD was taken by the dix")
    st = run(st, "declare stuk KD QD")
    assert pts(st) == (0, 170)
    refused(st, "swap 7D", "one dix per trick")
    st = win_trick(st, "9S", "7C")
    refused(st, "swap 7D")  # the turn-up is a seven: no dix this hand
    assert "dix" not in " ".join(a.text() for a in st.legal_actions())
    st = run(st, "declare four_aces AS AH AC AD")
    assert pts(st) == (0, 270)


def test_example_5_the_other_seven_scores_when_played():
    st = win_trick(run(dix_state(), "swap 7D"), "9S", "7D")  # seat 0 plays its 7D in stage 1
    assert pts(st) == (10, 130)


# ---- Example 6: the end of the stock and the pick-up ---------------------------------------


def test_example_6_last_draw_and_pick_up():
    st = position(
        "D",
        0,
        "AD TD 8S 9S 7C AH",
        {"KC#1": [0], "QC#1": [0]},
        [("marriage", "KC#1 QC#1", 20, 12)],
        trick=23,
        other="8H 9C 9C 8C 8C 7H 7H JC",
        upcard="7D",
        stock_top="9H",
        phase="play",
        to_act=1,
    )
    assert [card_text(c) for c in st.stock] == ["9H"] and card_text(st.turnup) == "7D"
    st = run(st, "play 8H", "play AH")  # trick 24: seat 0 wins
    assert st.ntricks == 24 and st.to_act == 0 and st.phase == "declare"
    assert "pass" in legal(st)
    st = run(st, "pass")  # seat 0 draws 9H, seat 1 the turn-up 7D
    assert st.stock == () and st.turnup is None and st.stage == 2
    assert not [e for e in st.scoring if e[2] == "last trick"]  # trick 24 scores nothing (ruling 9)
    assert Counter(card_text(c) for c in st.hand_view(0)) == Counter("KC QC AD TD 8S 9S 7C 9H".split())
    assert st.areas == ((), ()) and st.to_act == 0 and st.phase == "play"
    refused(st, "declare marriage KC QC", "no melds in the last tricks")
    before = pts(st)
    st = run(st, "play 8S", "play 7D")  # seat 1, void in spades, must trump: its only trump
    assert st.last_winner == 1 and pts(st) == before  # no brisque, nothing for the seven
    refused(st, "swap 7D", "no dix in the last tricks")


def test_example_6_no_meld_and_no_dix_in_stage_2():
    st = stage2("D", "TD", "7D 8D AS")
    st = run(st, "play 7D")
    assert pts(st) == (10, 0)  # seat 0 wins with TD; nothing for the seven in stage 2
    assert st.phase == "play"
    refused(st, "declare marriage KC QC", "no melds in the last tricks")
    refused(st, "swap 7D", "no dix in the last tricks")


# ---- Example 8: option alt_bezique -----------------------------------------------------------


@pytest.mark.parametrize(
    "trump,alt,ok,bad",
    [
        ("S", True, "QH JC", "QS JD"),
        ("H", True, "QS JD", "QH JC"),
        ("S", False, "QS JD", "QH JC"),
        ("D", False, "QS JD", "QH JC"),
    ],
)
def test_example_8_alt_bezique(trump, alt, ok, bad):
    st = position(trump, 0, "QS JD QH JC 9C 8C 7C", alt_bezique=alt)
    assert pts(run(st, f"declare bezique {ok}")) == (40, 0)
    refused(st, f"declare bezique {bad}", "a bezique is")


def test_example_8_alt_double_bezique():
    st = position("S", 0, "QH QH JC JC 9C 8C 7C", alt_bezique=True)
    assert "declare double_bezique JC JC QH QH" in legal(st) or "declare double_bezique QH QH JC JC" in legal(st)
    assert pts(run(st, "declare double_bezique QH QH JC JC")) == (500, 0)


# ---- Example 7: hand total and game end --------------------------------------------------------


def hand_result(events, brisques=(0, 0), dealer=0):
    points = [0, 0]
    for s, _t, _w, p in events:
        points[s] += p
    detail = {
        "dealer": dealer,
        "next_dealer": 1 - dealer,
        "events": [list(e) for e in events],
        "points": points,
        "brisques": list(brisques),
        "tricks_played": 32,
    }
    return Result(points, "end", [0 if points[0] > points[1] else 1], detail)


EXAMPLE_7 = [
    (0, 4, "marriage", 20),
    (0, 9, "stuk", 40),
    (1, 11, "double_bezique", 500),
    (1, 12, "dix", 10),
    (0, 14, "four_kings", 80),
    (0, 15, "seven", 10),
    (0, 20, "brisques", 90),
    (1, 28, "brisques", 70),
    (0, 32, "last trick", 10),
]


def test_example_7_hand_total_and_game_end():
    game = get_game("bezique", target_score=1000)
    res = hand_result(EXAMPLE_7, brisques=(9, 7))
    assert res.points == [250, 580]
    assert game.check_result(res, None) == []  # 16 brisques, sevens 10 + 10, the last trick once
    sheet = game.new_sheet()
    sheet.record(hand_result([(0, 5, "four_aces", 820), (1, 5, "four_queens", 760)], dealer=1))
    assert sheet.totals == [820, 760] and not sheet.over
    sheet.record(res)
    assert sheet.totals == [1070, 1340] and sheet.over and sheet.winners == [1]
    text = sheet.render()
    assert text.splitlines()[0] == "Bezique to 1000"
    assert "250 / 1070" in text and "580 / 1340" in text
    assert "+500 = 1260" in text  # the double bezique, written at once with the running total
    assert "Game over: Seat 1 wins with 1340." in text


@pytest.mark.parametrize(
    "target,before,over,winners",
    [
        (1000, (820, 490), False, []),  # 1070 - 1070: another hand
        (1000, (740, 360), False, []),  # 990 - 940: nobody at 1000, the next hand
        (500, (230, -70), True, [1]),  # 480 - 510
        (500, (220, -90), False, []),  # 470 - 490
    ],
)
def test_example_7_variants(target, before, over, winners):
    game = get_game("bezique", target_score=target)
    sheet = game.new_sheet()
    sheet.record(hand_result([(0, 1, "four_aces", before[0]), (1, 1, "four_aces", before[1])]))
    sheet.record(hand_result(EXAMPLE_7, brisques=(9, 7), dealer=1))
    assert sheet.over == over and sheet.winners == winners
    assert sheet.next_dealer == 0  # the deal alternates: hand 2 was dealt by seat 1


# ---- Example 9: the turned-up seven (a record) ------------------------------------------------


def test_example_9_turned_up_seven():
    rec = load("example9")
    m = replay(rec)
    r = m.results[0]
    ev = r.detail["events"]
    assert ev[0] == [0, 0, "turn-up seven", 10]  # the dealer, at once
    assert [e for e in ev if e[2] == "seven"] == [[1, 3, "seven", 10]]
    assert not [e for e in ev if e[2] == "dix"]
    game = get_game("bezique")
    st = game.from_deal(rec["hands"][0]["deal"])
    assert st.points == (10, 0)
    seven = parse_card("7C")
    taker = None
    for text in rec["hands"][0]["actions"]:
        assert "swap" not in legal(st)  # no dix this hand
        if st.ntricks == 24 and st.phase == "declare":
            loser = 1 - st.to_act
            st = st.apply(text)
            assert st.stage == 2 and (st.hands[loser] >> seven) & 1
            taker = loser
            continue
        st = st.apply(text)
    assert taker is not None
    assert st.result().points == r.points
    assert sum(e[3] for e in ev if e[2] in ("seven", "turn-up seven")) == 20


def test_records_replay_with_their_sheet():
    m = replay(load("example9"))
    assert m.sheet.totals == m.results[0].points
    data = m.sheet.to_json()
    assert data["kind"] == "events" and data["rows"][-1]["subtotal"] == m.results[0].points


# ---- the rulings of §10 and the app's own -------------------------------------------------------


def test_ruling_14_pack_numbers_are_given_when_melded_and_stay_given():
    st = position("C", 0, "KH QH KH KS KD KC 9S", trick=3, other="9D 8D 7D 9H 8H 7H")
    st = run(st, "declare marriage KH QH")
    assert sorted(card_text(c) for c in st.area_cards(0)) == ["KH#1", "QH#1"]
    st = run(st, "pass", "play KH#1", "play 7H")  # the married king leaves; the other KH stays fresh
    assert st.last_winner == 0
    st = run(st, "declare four_kings KH KS KD KC")
    assert "KH#2" in [card_text(c) for c in st.area_cards(0)]


def test_ruling_15_the_window_opens_with_nothing_to_declare():
    st = run(deal(0, "9H", "8C", "7C"), "play 7C", "play 8C")
    assert st.phase == "declare" and st.to_act == 0 and legal(st) == {"pass"}


def test_ruling_16_a_melded_card_or_its_concealed_copy():
    st = run(bezique_state(), "pass")
    ways = {a.text() for a in st.legal_actions() if a.cards and plain(a.cards[0]) == parse_card("QS")}
    assert ways == {"play QS", "play QS#1"}
    after = run(st, "play QS#1")
    assert [card_text(c) for c in after.area_cards(0)] == ["JD#1"]
    after = run(st, "play QS")
    assert sorted(card_text(c) for c in after.area_cards(0)) == ["JD#1", "QS#1"]


def test_ruling_16_a_bare_code_plays_the_melded_copy_when_no_other():
    st = run(bezique_state(), "pass")
    assert "play JD#1" in legal(st) and "play JD" in legal(st)
    st2 = position("H", 0, "9C 8C 7S 9S 8S", {"QS#1": [0], "JD#1": [0]}, [("bezique", "QS#1 JD#1", 40, 5)])
    st2 = run(st2, "pass")
    assert "play QS" not in legal(st2) and "play QS#1" in legal(st2)
    assert [card_text(c) for c in run(st2, "play QS").area_cards(0)] == ["JD#1"]


def test_ruling_13_the_turn_up_is_nobodys_card():
    st = position("D", 0, "AS AH AC 9C 8C 7C 9S", upcard="AD")
    refused(st, "declare four_aces AS AH AC AD", "AD")


def test_ruling_17_a_deal_with_copies():
    st = deal(0, "9H", "QS JD", "QS 8C")
    d = st.deal_record()
    d["hands"][0][d["hands"][0].index("QS")] = "QS#2"
    assert get_game("bezique").from_deal(d).hands == st.hands
    bad = dict(d, hands=[list(d["hands"][0]), list(d["hands"][1])])
    bad["hands"][1][bad["hands"][1].index("QS")] = "QS#2"
    with pytest.raises(DealError, match="QS#2 is dealt twice"):
        get_game("bezique").from_deal(bad)
    third = dict(d, upcard="QS")
    with pytest.raises(DealError, match="QS is dealt 3 times"):
        get_game("bezique").from_deal(third)
    with pytest.raises(DealError, match="the stock must hold 47"):
        get_game("bezique").from_deal(dict(d, stock=d["stock"][:-1]))


def test_the_deal_3_2_3_turn_up_and_stock():
    st = get_game("bezique").new_hand(seed=4)
    assert [h.bit_count() for h in st.hands] == [8, 8]
    assert len(st.stock) == 47 and st.turnup is not None and st.trump == st.turnup >> 4
    assert st.to_act == 1  # the non-dealer leads
    assert sorted(st.cards_in_play()) == sorted(get_game("bezique").deck())


def test_the_other_seats_melds_are_public_its_hand_and_the_stock_not():
    st = bezique_state()
    obs = st.observation(1)
    melded = next(z for z in obs.zones if z.kind == "melded_area" and z.owner == 0)
    assert sorted(card_text(c) for c in melded.cards) == ["JD#1", "QS#1"]
    hand0 = next(z for z in obs.zones if z.kind == "hand" and z.owner == 0)
    assert sorted(card_text(c) for c in hand0.cards) == ["JD#1", "QS#1"] and hand0.count == 7
    assert obs.extra["areas"][0] == [["QS#1", [0]], ["JD#1", [0]]]
    hidden = st.hidden_from(1)
    assert hidden[parse_card("QS")] == 1 and sum(hidden.values()) == 5 + len(st.stock)


def test_a_game_to_the_end_with_simple_bots():
    game = get_game("bezique")
    m = Match(game, ["bot:simple", "bot:simple"], seed=3)
    bots = [get_bot("simple", game, s) for s in range(2)]
    while not m.over:
        st = m.start_hand()
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    assert max(m.sheet.totals) >= 500 and m.sheet.winners == [m.sheet.totals.index(max(m.sheet.totals))]


# ---- the simple bot's rules of thumb ------------------------------------------------------------


def test_simple_bot_declares_the_best_meld_then_the_dix_then_draws():
    game = get_game("bezique")
    bot = get_bot("simple", game, 1)
    st = position("D", 1, "7D AS AH AC KD QD AD", trick=7, upcard="9D")
    assert bot.choose(st.observation(1)).text() == "declare four_aces AD AS AH AC"
    st = run(st, "declare four_aces AS AH AC AD")
    assert bot.choose(st.observation(1)).text() == "swap 7D"
    st = run(st, "swap 7D")
    assert bot.choose(st.observation(1)).text() == "pass"


def test_simple_bot_throws_a_low_plain_card_and_takes_a_brisque():
    game = get_game("bezique")
    bot = get_bot("simple", game, 1)
    st = deal(0, "9H", "AS TS 8S 8C QS JD KH QH", "KC QC AC TC 9D 8D 7D 9C")
    a = bot.choose(st.observation(1))
    assert a.text() in ("play 8D", "play 7D", "play 9D")
    st = run(st, "play TC")  # a brisque led: no plain card takes it, K and Q of troef are kept
    assert bot.choose(st.observation(0)).text() in ("play 8C", "play 8S")
    st = deal(0, "9H", "AC 8S 8C QS JD KH QH 9S", "KC QC TC 9D 8D 7D 9C 7S")
    st = run(st, "play TC")
    assert bot.choose(st.observation(0)).text() == "play AC"


# ---- the sheet of §8 ---------------------------------------------------------------------


def test_the_sheet_drawing_and_its_view():
    sheet = get_game("bezique").new_sheet()
    events = [(0, 0, "turn-up seven", 10), (1, 3, "brisques", 20), (0, 5, "bezique", 40)]
    sheet.record(hand_result(events))
    assert sheet.render().splitlines() == [
        "Bezique to 500",
        "| Hand | Trick | Event (to 500) | Seat 0   | Seat 1   |",
        "|------|-------|----------------|----------|----------|",
        "| 1    | 0     | seven up       | +10 = 10 |          |",
        "| 1    | 3     | brisques 2     |          | +20 = 20 |",
        "| 1    | 5     | bezique        | +40 = 50 |          |",
        "| 1    |       | hand 1         | 50 / 50  | 20 / 20  |",
    ]
    view = sheet.view(["Anna", "Bot 1"])
    assert view.columns == ("Hand", "Trick", "Event (to 500)", "Anna", "Bot 1")
    assert view.rows[-1] == ("1", "", "hand 1", "50 / 50", "20 / 20") and view.score_columns == 2
    assert sheet.standing().totals == (50, 20) and sheet.next_dealer == 1


# ---- the deal, the options, the hidden cards --------------------------------------------------


def test_ruling_11_the_deal_is_3_2_3_then_the_turn_up_and_the_stock():
    from cardtable.cards import shuffled
    from cardtable.engine.game import rng_for

    game = get_game("bezique")
    st = game.new_hand(seed=11)  # seat 0 deals the first hand
    pack = shuffled(game.deck(), rng_for(11))
    non_dealer = pack[0:3] + pack[6:8] + pack[10:13]
    dealer = pack[3:6] + pack[8:10] + pack[13:16]
    assert st.hands[1] == layered_mask(non_dealer) and st.hands[0] == layered_mask(dealer)
    assert st.turnup == pack[16] and list(st.stock) == pack[17:]


def test_option_values():
    from cardtable.engine.game import OptionError

    assert get_game("bezique").target == 500
    assert get_game("bezique", target_score="2000").new_sheet().target == 2000
    with pytest.raises(OptionError, match="500, 1000, 1500, 2000"):
        get_game("bezique", target_score=750)
    with pytest.raises(OptionError):
        get_game("bezique", reuse_rule="kind")


def test_ruling_9_no_four_tens_and_no_points_for_trick_24():
    st = position("H", 0, "TS TD TC TH 9C 8C 7C")
    refused(st, "declare four_tens TS TD TC TH", "four_tens")
    assert not [a for a in st.legal_actions() if a.verb == "declare"]


def test_the_samples_keep_what_was_seen_the_dix_card_and_the_melds():
    st = run(dix_state(), "swap 7D", "declare stuk KD QD")
    iset = st.information_set(0)
    for k in range(8):
        w = iset.sample(random.Random(k))
        assert (w.hands[1] >> parse_card("AD")) & 1  # taken by the dix: seen by both
        assert w.areas == st.areas and w.turnup == st.turnup
        assert w.hands[0] == st.hands[0] and len(w.stock) == len(st.stock)


def test_a_samples_deal_replays_to_the_sample(monkeypatch):
    """Every sample's own deal (its dealt hands and stock order) played with the real moves
    gives the sample: each card the other seat played, melded or gave in the dix came to it
    before (no sample of a real hand falls back to a deal without history)."""
    from cardtable.games.bezique import BeziqueState

    def no_history(*a):
        raise AssertionError("a real hand's sample lost its history")

    monkeypatch.setattr(BeziqueState, "_iset_rebuild_plain", no_history)
    game = get_game("bezique")
    bots = [get_bot("simple", game, s) for s in range(2)]
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        st = game.new_hand(seed=seed)
        history = []
        while not st.over:
            if len(history) % 9 == 4:
                for seat in range(2):
                    w = st.information_set(seat).sample(rng)
                    re = game.from_deal(w.deal_record())
                    for a in history:
                        re = re.apply(a)
                    assert re.hands == w.hands and re.stock == w.stock and re.areas == w.areas
                    checked += 1
            a = bots[st.to_act].choose(st.observation(st.to_act))
            history.append(a)
            st = st.apply(a)
    assert checked > 30


# ---- the family's one re-use function, as Rubicon and Fildinski will call it -------------------


def test_meld_refusal_re_forms_a_broken_meld_rubicon_example_3():
    from cardtable.families.bezique_melds import MeldKind, meld_refusal

    kings = MeldKind("four_kings", "quartet", 13, "C", 80, "Four kings")
    marriage = MeldKind("marriage", "marriage", "plain", "A", 20, "Marriage")
    inst = [
        Instance("four_kings", "C", 80, tuple(cards("KH#1 KH#2 KS#1 KC#1")), 14, 0),
        Instance("marriage", "A", 20, tuple(cards("KS#3 QS#3")), 11, 0),
    ]
    hist = {c: (0,) for c in cards("KH#1 KH#2 KC#1")} | {c: (1,) for c in cards("KS#3 QS#3")}
    area = set(cards("KH#1 KH#2 KC#1 KS#3 QS#3"))  # KS#1 was played: four kings broken

    def why(kind, text, area=area):
        return meld_refusal(kind, cards(text), hist, inst, area, "value", reform=True)

    assert why(kings, "KH#1 KH#2 KC#1 KD") is None  # (a)
    assert why(kings, "KH#1 KH#2 KC#1 KS#3") is None  # (b)
    assert "still in a marriage" in why(marriage, "KS#3 QS#3")  # (d)
    assert "still in a four kings" in why(kings, "KH#1 KH#2 KC#1 KD", area | {parse_card("KS#1")})  # (e)
    assert "already served" in meld_refusal(kings, cards("KH#1 KH#2 KC#1 KD"), hist, inst, area, "value")


def test_meld_refusal_needs_a_card_just_won_fildinski_example_1():
    from cardtable.families.bezique_melds import MeldKind, meld_refusal

    marriage = MeldKind("marriage", "marriage", "plain", "A", 20, "Marriage")
    won = frozenset(cards("AS#1 7C#1"))
    area = set(cards("KH#1 QH#1 9S#1 8D#1")) | won
    got = meld_refusal(marriage, cards("KH#1 QH#1"), {}, [], area, "class", just_won=won)
    assert got == "a marriage must hold a card of the trick just won"
