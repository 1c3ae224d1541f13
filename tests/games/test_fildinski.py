"""Fildinski (cardtable/rules/fildinski.md): every Example of §11 with the spec's values, the
options of §9 and the rulings of §10 that change play, the record, the sheet, the hidden cards
and the simple bot. A position in the middle of stage 1 is set up by ``before`` (each seat's
concealed cards and open cards with their meld histories, at the lead of the next trick) and
the Example's tricks are then played for real, so the cards just won are the code's own."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from cardtable.bots import get_bot
from cardtable.cards import PIQUET_RANKS, card_text, copy_of, deck, parse_card, plain, with_copy
from cardtable.engine import Match, get_game
from cardtable.engine.game import Result
from cardtable.engine.record import replay
from cardtable.families.bezique import Instance
from cardtable.families.trick_masks import layered_mask
from tests.games.helpers import legal, load_record, plays, refused, run

load = partial(load_record, "fildinski")


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def texts(cs) -> list[str]:
    return sorted(card_text(c) for c in cs)


def before(
    trump: str,
    trick: int,
    leader: int,
    hand0: str = "",
    hand1: str = "",
    open0: dict[str, list[int]] | str = "",
    open1: dict[str, list[int]] | str = "",
    instances=(),
    upcard: str | None = None,
    points: tuple[int, int] = (0, 0),
    **options,
):
    """Stage 1 after ``trick`` completed tricks, ``leader`` to lead: each seat's concealed
    cards (filled up to 8 with low cards), its open cards (``"KH QH"``, or a dict of codes
    with ``#n`` -> the indexes of the ``instances`` it served in: (seat, kind, cards, value,
    trick)); seat 1's open cards filled up with low cards to the tricks played; the turn-up
    (a card of troef, no 7, unless given); the rest of the deck the stock."""
    game = get_game("fildinski", **options)
    st = game.new_hand(seed=0)
    t = "CDHS".index(trump)
    opens = []
    for o in (open0, open1):
        opens.append([(c, []) for c in o.split()] if isinstance(o, str) else list(o.items()))
    rest = Counter(deck(PIQUET_RANKS, 2))
    hands = [cards(hand0), cards(hand1)]
    up = parse_card(upcard) if upcard else None
    for c in hands[0] + hands[1] + [plain(parse_card(c)) for o in opens for c, _h in o] + ([up] if up else []):
        rest[c] -= 1
        assert rest[c] >= 0, card_text(c)
    if up is None:
        up = next(c for c in sorted(rest.elements(), reverse=True) if c // 16 == t and c % 16 in (8, 9, 11, 12, 13))
        rest[up] -= 1
    # low cards first (8, 9, a plain 7, a ten), the court cards and aces last: no filler melds
    low = {8: 0, 9: 1, 7: 2, 10: 3}
    filler = sorted(rest.elements(), key=lambda c: (c % 16 == 7 and c // 16 == t, low.get(c % 16, 4), c % 16, c))
    for h in hands:
        while len(h) < 8:
            h.append(filler.pop(0))
    while sum(len(o) for o in opens) < 2 * trick:
        opens[1].append((card_text(filler.pop(0)), []))
    # pack numbers: as written, a bare code the lowest free one
    named: set[int] = {parse_card(c) for o in opens for c, _h in o if copy_of(parse_card(c))}
    areas = []
    for o in opens:
        area = []
        for code, hist in o:
            c = parse_card(code)
            if not copy_of(c):
                c = next(with_copy(c, n) for n in (1, 2) if with_copy(c, n) not in named)
                named.add(c)
            area.append((c, tuple(hist)))
        areas.append(tuple(area))
    st.hands = [layered_mask(h) for h in hands]
    st.start_hands = tuple(st.hands)
    st.gone = layered_mask(plain(c) for a in areas for c, _h in a)
    st.stock = st.stock0 = tuple(filler)
    assert len(st.stock) == 64 - 16 - 2 * trick - 1
    st.turnup = st.turnup0 = up
    st.trump, st.t = t, game.ranking.table(t)
    st.ntricks = trick
    st.phase, st.to_act = "play", leader
    st.points, st.scoring = points, ()
    kinds = {k.kind: k for k in game.meld_table}
    st.instances = tuple(Instance(k, kinds[k].cls, v, tuple(cards(cs)), tr, s) for s, k, cs, v, tr in instances)
    st.areas = tuple(areas)
    st.named = 0
    for c in named:
        st.named |= 1 << (8 * plain(c) + copy_of(c))
    st._lc = None
    assert sorted(st.cards_in_play()) == sorted(game.deck())
    return st


def trick(st, lead: str, follow: str):
    """Close an open window (``pass``: both draw), then the trick: ``lead``, ``follow``."""
    if st.phase == "declare":
        st = run(st, "pass")
    return run(st, f"play {lead}", f"play {follow}")


def pts(st) -> tuple[int, int]:
    return tuple(st.points)


def open_of(st, seat: int) -> list[str]:
    return texts(st.area_cards(seat))


def concealed(st, seat: int) -> list[str]:
    from cardtable.families.trick_masks import layered_cards

    return texts(layered_cards(st.concealed_mask(seat)))


# ---- Example 1: a meld needs a card from the trick just won ----------------------------------


def example_1(hand0: str = "7C"):
    st = before("C", 5, 1, hand0=hand0, hand1="AS", open0="KH QH 9S 8D")
    return trick(st, "AS", "7C")


def test_example_1_a_meld_needs_a_card_of_the_trick_just_won():
    st = example_1()
    assert st.last_winner == 0 and st.phase == "declare" and st.to_act == 0
    assert pts(st) == (20, 0)  # the trump seven when played, the AS
    assert open_of(st, 0) == ["7C#1", "8D#1", "9S#1", "AS#1", "KH#1", "QH#1"]
    refused(st, "declare marriage KH QH", "a marriage must hold a card of the trick just won")
    assert legal(st) == {"pass"}
    assert legal(example_1("7C 7C")) == {"pass", "swap 7C"}  # the other 7C still concealed


# ---- Example 2: several melds in one window, disjoint cards --------------------------------


def example_2():
    st = before("C", 8, 0, hand0="JD 9H 9H 7D", hand1="QH 8D 8D QH", open0="KH QS QD QC 8S")
    return trick(st, "JD", "QH")


def test_example_2_the_candidates():
    st = example_2()
    assert st.last_winner == 0 and st.just_won == tuple(cards("JD#1 QH#1"))
    got = {a.text() for a in st.legal_actions() if a.verb == "declare"}
    want = {"declare four_queens QS QD QC QH#1", "declare marriage KH QH#1", "declare fildinski QS JD"}
    assert {st.normalize(st.parse(w)).text() for w in want} == got


def test_example_2_marriage_then_fildinski():
    st = run(example_2(), "declare marriage KH QH#1", "declare fildinski QS JD")
    assert pts(st) == (60, 0)


def test_example_2_four_queens_takes_the_cards():
    st = run(example_2(), "declare four_queens QS QD QC QH#1")
    assert pts(st) == (60, 0)
    refused(st, "declare fildinski QS JD", "QS#1 already serves in a meld of this trick")
    refused(st, "declare marriage KH QH#1", "QH#1 already serves in a meld of this trick")


@pytest.mark.parametrize("rule", ["class", "value"])
def test_example_2_follow_up_at_trick_12(rule):
    st = before("C", 8, 0, hand0="JD 9H 9H 7D", hand1="QH 8D 8D QH", open0="KH QS QD QC 8S", reuse_rule=rule)
    st = run(trick(st, "JD", "QH"), "declare marriage KH QH#1", "declare fildinski QS JD")
    st = trick(trick(st, "9H", "8D"), "9H", "8D")  # tricks 10 and 11
    st = trick(st, "7D", "QH")  # trick 12: seat 0 wins QH#2 and 7D
    assert st.ntricks == 12 and st.last_winner == 0
    assert "QH#2" in map(card_text, st.just_won)
    refused(st, "declare marriage KH QH#2", "KH#1 already served in a marriage")
    before_pts = pts(st)
    st = run(st, "declare four_queens QS QD QC QH#2")
    assert pts(st)[0] == before_pts[0] + 60


# ---- Example 3: the same kind only once --------------------------------------------------------


def test_example_3_the_same_kind_only_once():
    st = before(
        "S",
        9,
        0,
        hand0="8D 9D 9H 7D",
        hand1="QH 8C 7C KH",
        open0={"KH#1": [0], "QH#1": [0], "9C": []},
        instances=[(0, "marriage", "KH#1 QH#1", 20, 4)],
    )
    st = trick(st, "8D", "QH")  # trick 10: seat 0 wins QH#2 and 8D
    assert "QH#2" in map(card_text, st.just_won)
    refused(st, "declare marriage KH#1 QH#2", "KH#1 already served in a marriage")
    st = trick(trick(st, "9D", "8C"), "9H", "7C")  # tricks 11 and 12
    st = trick(st, "7D", "KH")  # trick 13: seat 0 wins KH#2 and 7D
    assert st.ntricks == 13 and "KH#2" in map(card_text, st.just_won)
    p = pts(st)[0]
    st = run(st, "declare marriage KH#2 QH#2")
    assert pts(st)[0] == p + 20


# ---- Example 4: the dix (a record of the whole hand) ---------------------------------------------


def test_example_4_the_dix_record():
    rec = load("example4")
    game = get_game("fildinski")
    st = game.from_deal(rec["hands"][0]["deal"])
    assert card_text(st.turnup) == "TS"
    actions = rec["hands"][0]["actions"]
    i = 0
    while st.ntricks < 3:
        st = st.apply(actions[i])
        i += 1
    assert st.last_winner == 1 and st.phase == "declare"
    assert concealed(st, 1) == texts(cards("7S AH 9D 8D KC JH 8C"))
    assert "swap 7S" in legal(st)
    p = pts(st)
    st = st.apply(actions[i])
    i += 1
    assert actions[i - 1] == "swap 7S" and pts(st) == (p[0], p[1] + 10)
    assert card_text(st.turnup) == "7S"
    assert concealed(st, 1) == texts(cards("TS AH 9D 8D KC JH 8C"))
    assert "play TS" not in legal(st) and "swap 7S" not in legal(st)
    st = st.apply(actions[i])  # pass: the draw; seat 1 leads trick 4 and may play TS
    assert st.to_act == 1 and "TS" in plays(st)
    m = replay(rec)
    ev = m.results[0].detail["events"]
    assert [e for e in ev if e[2] == "dix"] == [[1, 3, "dix", 10]]
    assert [e for e in ev if e[2] == "seven"] == [[0, 9, "seven", 10]]  # the other 7S, played at trick 9
    assert not [e for e in ev if e[2] == "turn-up seven"]
    assert sum(e[3] for e in ev if e[2] in ("seven", "dix")) == 20
    # the 7S under the stock goes to the loser of trick 24 and scores nothing in stage 2
    st = game.from_deal(rec["hands"][0]["deal"])
    for text in actions:
        if st.ntricks == 24 and st.phase == "declare":
            loser = 1 - st.to_act
            st = st.apply(text)
            assert st.stage == 2 and (st.hands[loser] >> parse_card("7S")) & 1
            continue
        st = st.apply(text)
        if st.stage == 1 and st.ntricks > 3:
            assert "swap" not in " ".join(legal(st))  # a second dix, by anyone: never
    assert st.result().points == m.results[0].points


# ---- Example 5: sequence, quartets and re-use -------------------------------------------------

OPEN_5 = "AS TS KS#1 QS#1 8H KH KC KD"


def test_example_5_trick_15_the_sequence():
    st = before("S", 14, 1, hand0="JS", hand1="9H", open0=OPEN_5)
    st = trick(st, "9H", "JS")
    assert st.last_winner == 0
    refused(st, "declare four_kings KS#1 KH KC KD", "must hold a card of the trick just won")
    st = run(st, "declare trump_sequence AS TS KS#1 QS#1 JS")
    assert pts(st) == (250, 0)


SEQ = {"AS": [0], "TS": [0], "KS#1": [0], "QS#1": [0], "JS#1": [0], "8H": [], "KH": [], "KC": [], "KD": []}
SEQ_INST = [(0, "trump_sequence", "AS#1 TS#1 KS#1 QS#1 JS#1", 250, 15)]


@pytest.mark.parametrize("rule,word", [("class", "worth more"), ("value", "worth as much or more")])
def test_example_5_trick_19_no_stuk_from_the_sequence(rule, word):
    st = before("S", 18, 1, hand0="QS", hand1="8C", open0=SEQ, instances=SEQ_INST, reuse_rule=rule)
    st = trick(st, "8C", "QS")
    assert st.last_winner == 0 and "QS#2" in map(card_text, st.just_won)
    refused(st, "declare stuk KS#1 QS#2", "KS#1 served in a trump sequence (250)", word)


def example_5_trick_22(rule="class"):
    open0 = dict(SEQ, **{"QS#2": []})
    st = before("S", 21, 1, hand0="KS 9D", hand1="7C QH", open0=open0, instances=SEQ_INST, reuse_rule=rule)
    return trick(st, "7C", "KS")


def test_example_5_trick_22_kings_or_stuk():
    st = example_5_trick_22()
    assert st.last_winner == 0 and "KS#2" in map(card_text, st.just_won)
    refused(st, "declare four_kings KS#1 KH KC KD", "must hold a card of the trick just won")
    assert pts(run(st, "declare stuk KS#2 QS#2")) == (40, 0)
    st = run(st, "declare four_kings KS#2 KH KC KD")
    assert pts(st) == (80, 0)
    refused(st, "declare stuk KS#2 QS#2", "KS#2 already serves in a meld of this trick")


@pytest.mark.parametrize("rule", ["class", "value"])
def test_example_5_trick_23_a_king_of_the_four_kings_marries(rule):
    st = run(example_5_trick_22(rule), "declare four_kings KS#2 KH KC KD")
    st = trick(st, "9D", "QH")  # trick 23: seat 0 wins QH and 9D
    assert st.last_winner == 0 and st.ntricks == 23
    if rule == "class":
        assert pts(run(st, "declare marriage KH QH")) == (100, 0)
    else:
        refused(st, "declare marriage KH QH", "KH#1 served in a four kings (80)")


# ---- Example 6: the double fildinski ---------------------------------------------------------


def example_6():
    st = before(
        "H",
        15,
        1,
        hand0="7H",
        hand1="JD",
        open0={"JD#1": [0], "QS#1": [0], "QS#2": [], "9C": []},
        instances=[(0, "fildinski", "JD#1 QS#1", 40, 7)],
    )
    return trick(st, "JD", "7H")


def test_example_6_the_double_fildinski():
    st = example_6()
    assert st.last_winner == 0 and pts(st) == (10, 0)
    st = run(st, "declare double_fildinski JD#1 QS#1 QS#2 JD#2")
    assert pts(st) == (510, 0)


def test_example_6_the_single_instead():
    st = run(example_6(), "declare fildinski QS#2 JD#2")
    assert pts(st) == (50, 0)
    refused(st, "declare double_fildinski JD#1 QS#1 QS#2 JD#2", "already serves in a meld of this trick")
    # no later trick brings a fresh JD or QS: all four are open
    assert sum(1 for c in st.area_cards(0) if plain(c) in (parse_card("JD"), parse_card("QS"))) == 4


# ---- Example 7: stage 2 ----------------------------------------------------------------------


def stage2(trump: str, lead: str, follower: str):
    """Stage 2, seat 0 to lead ``lead``; seat 1 holds ``follower``; the rest won."""
    game = get_game("fildinski")
    st = game.new_hand(seed=0)
    hand1 = cards(follower)
    hand0 = [parse_card(lead)] + [c for c in cards("9H 9H 8C 8C") if c not in hand1][: len(hand1) - 1]
    rest = Counter(deck(PIQUET_RANKS, 2)) - Counter(hand0) - Counter(hand1)
    t = "CDHS".index(trump)
    st.hands = [layered_mask(hand0), layered_mask(hand1)]
    st.gone = layered_mask(rest.elements())
    st.trump, st.t = t, game.ranking.table(t)
    st.stock, st.turnup, st.stage, st.phase, st.to_act = (), None, 2, "play", 0
    st.ntricks = 32 - len(hand1)
    st.areas = ((), ())
    st._lc = None
    assert sorted(st.cards_in_play()) == sorted(deck(PIQUET_RANKS, 2))
    return run(st, f"play {lead}")


@pytest.mark.parametrize(
    "hand,want", [("AS 9S 7H", {"AS"}), ("9S 7H AC", {"9S"}), ("7H AC", {"7H"}), ("AC 8D", {"AC", "8D"})]
)
def test_example_7_stage_2_legal_cards(hand, want):
    assert plays(stage2("H", "KS", hand)) == want


def test_example_7_no_meld_no_dix_and_the_seven_scores_nothing():
    st = stage2("H", "KS", "7H AC")
    refused(st, "declare marriage KC QC", "no melds in the last tricks")
    refused(st, "swap 7H", "no dix in the last tricks")
    st = run(st, "play 7H")
    assert st.last_winner == 1 and pts(st) == (0, 0)  # no brisque in the trick, nothing for the seven


def test_example_7_the_last_trick():
    st = run(stage2("H", "TD", "AD"), "play AD")
    assert st.over and st.last_winner == 1 and pts(st) == (0, 30)  # TD, AD, the last trick
    assert st.result().detail["events"][-1] == [1, 32, "last trick", 10]


# ---- Example 8: the game end ------------------------------------------------------------------


def hand_result(points, dealer=0):
    events = [[s, 1, "four_aces", p] for s, p in enumerate(points)]
    detail = {"dealer": dealer, "next_dealer": 1 - dealer, "events": events, "points": list(points)}
    return Result(list(points), "end", [0 if points[0] > points[1] else 1], detail)


@pytest.mark.parametrize(
    "totals,over,winners",
    [((480, 530), True, [1]), ((560, 560), False, []), ((620, 410), True, [0]), ((470, 490), False, [])],
)
def test_example_8_game_end(totals, over, winners):
    sheet = get_game("fildinski").new_sheet()
    sheet.record(hand_result(totals))
    assert sheet.totals == list(totals) and sheet.over == over and sheet.winners == winners
    assert sheet.next_dealer == 1  # the other player deals the next hand


# ---- Example 9: open cards are not playable ------------------------------------------------------


def test_example_9_open_cards_are_not_playable():
    st = before("H", 1, 0, hand0="AH 9H KC QD JS 8S 7D TC", open0="AS KH")
    assert plays(st) == {"AH", "9H", "KC", "QD", "JS", "8S", "7D", "TC"}
    refused(st, "play AS", "AS is an open card")
    refused(st, "play AS#1", "AS#1 is an open card")


# ---- the rulings of §10 ------------------------------------------------------------------------


def test_ruling_11_a_bare_code_among_differing_copies():
    st = before("C", 8, 0, hand0="JD 9H 9H 7D", hand1="QH 8D 8D QH", open0="KH QS QD QC 8S")
    st = run(trick(st, "JD", "QH"), "declare marriage KH QH#1")
    st = trick(trick(trick(st, "9H", "8D"), "9H", "8D"), "7D", "QH")
    refused(st, "declare four_queens QS QD QC QH", "name the copy, QH#1 or QH#2")
    p = pts(st)[0]
    assert pts(run(st, "declare four_queens QS QD QC QH#2"))[0] == p + 60  # QS, QD, QC: one open copy each


def test_ruling_11_a_bare_code_naming_every_copy():
    st = example_6()
    assert pts(run(st, "declare double_fildinski JD JD QS QS")) == (510, 0)
    refused(st, "declare fildinski QS JD", "name the copy")  # QS#1 melded, QS#2 fresh


def test_ruling_12_pack_numbers_in_the_order_played():
    st = before("D", 2, 1, hand0="QS", hand1="QS")
    st = trick(st, "QS", "QS")  # the leader wins two identical cards
    assert st.last_winner == 1 and texts(st.just_won) == ["QS#1", "QS#2"]


def test_ruling_13_the_window_opens_with_nothing_to_declare():
    st = trick(before("H", 0, 1, hand0="8C", hand1="7C"), "7C", "8C")
    assert st.phase == "declare" and st.to_act == 0 and legal(st) == {"pass"}


def test_ruling_14_the_open_cards_turned_down():
    game = get_game("fildinski")
    bots = [get_bot("simple", game, s) for s in range(2)]
    st = game.new_hand(seed=2)
    while st.stage == 1:
        st = st.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    obs = st.observation(0)
    assert st.areas == ((), ()) and not [z for z in obs.zones if z.kind == "open"]
    assert sum(z.count for z in obs.zones if z.kind == "taken") == 48
    assert "the open cards are turned down" in " ".join(obs.log)


@pytest.mark.parametrize(
    "trump,alt,ok,bad", [("S", True, "QH JC", "QS JD"), ("D", True, "QH JC", "QS JD"), ("H", True, "QS JD", "QH JC")]
)
def test_option_alt_bezique(trump, alt, ok, bad):
    q, j = ok.split()
    lead = "9" + j[1]
    st = before(trump, 3, 1, hand0=j, hand1=lead, open0=f"{q} {bad}", alt_bezique=alt)
    st = trick(st, lead, j)
    assert st.last_winner == 0
    assert pts(run(st, f"declare fildinski {q} {j}")) == (40, 0)
    refused(st, f"declare fildinski {bad}", "a fildinski is")


def test_options():
    from cardtable.engine.game import OptionError

    g = get_game("fildinski")
    assert g.target == 500 and g.reuse_rule == "class" and g.new_sheet().target == 500
    assert get_game("fildinski", target_score="2000").new_sheet().target == 2000
    with pytest.raises(OptionError, match="500, 1000, 1500, 2000"):
        get_game("fildinski", target_score=750)


# ---- the deal, the hidden cards, the sheet, the bot -----------------------------------------------


def test_the_deal_3_2_3_turn_up_and_stock():
    game = get_game("fildinski")
    st = game.new_hand(seed=4)
    assert [h.bit_count() for h in st.hands] == [8, 8] and len(st.stock) == 47 and st.turnup is not None
    assert st.to_act == 1 and sorted(st.cards_in_play()) == sorted(game.deck())
    assert game.from_deal(st.deal_record()).hands == st.hands


def test_the_open_cards_are_public_the_hand_and_the_stock_not():
    st = example_2()
    obs = st.observation(1)
    opened = next(z for z in obs.zones if z.kind == "open" and z.owner == 0)
    # the cards that may meld are listed, the others counted (ruling 17)
    assert texts(opened.cards) == ["JD#1", "KH#1", "QC#1", "QD#1", "QH#1", "QS#1"]
    assert opened.caption == "open cards (+1 others)"
    hand0 = next(z for z in obs.zones if z.kind == "hand" and z.owner == 0)
    assert hand0.cards == () and hand0.count == 7
    hidden = st.hidden_from(1)
    assert sum(hidden.values()) == 7 + len(st.stock)  # seat 0's concealed cards and the stock
    assert Counter(hidden) == Counter(cards(" ".join(concealed(st, 0)))) + Counter(st.stock)


def test_the_sheet_drawing():
    sheet = get_game("fildinski").new_sheet()
    events = [[0, 0, "turn-up seven", 10], [1, 6, "brisques", 10], [1, 6, "seven", 10], [0, 9, "fildinski", 40]]
    detail = {"dealer": 0, "next_dealer": 1, "events": events}
    sheet.record(Result([50, 20], "end", [0], detail))
    assert sheet.render().splitlines() == [
        "Fildinski to 500",
        "| Hand | Trick | Event (to 500) | Seat 0   | Seat 1   |",
        "|------|-------|----------------|----------|----------|",
        "| 1    | 0     | seven up       | +10 = 10 |          |",
        "| 1    | 6     | brisques 1     |          | +10 = 10 |",
        "| 1    | 6     | seven played   |          | +10 = 20 |",
        "| 1    | 9     | fildinski      | +40 = 50 |          |",
        "| 1    |       | hand 1         | 50 / 50  | 20 / 20  |",
    ]


def test_simple_bot_declares_the_best_meld_then_draws():
    game = get_game("fildinski")
    bot = get_bot("simple", game, 0)
    st = example_2()
    a = bot.choose(st.observation(0))
    assert a.arg == "four_queens"
    st = st.apply(a)
    assert bot.choose(st.observation(0)).text() == "pass"


def test_a_game_to_the_end_with_simple_bots():
    game = get_game("fildinski")
    m = Match(game, ["bot:simple", "bot:simple"], seed=3)
    bots = [get_bot("simple", game, s) for s in range(2)]
    while not m.over:
        st = m.start_hand()
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
        assert game.check_result(st.result(), st) == []
    assert max(m.sheet.totals) >= 500 and m.sheet.winners == [m.sheet.totals.index(max(m.sheet.totals))]
