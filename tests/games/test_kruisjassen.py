"""Kruisjassen (cardtable/rules/kruisjassen.md): every Example K1-K10 with the spec's exact
values, plus options, action texts, determinism, auto modes, stuk, void hands, the game
end and the simple bot. Full-hand examples K6-K9 are records in tests/records/kruisjassen."""

from __future__ import annotations

import json
import random
import time
from functools import partial

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_card, piquet32, shuffled
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, IllegalAction, OptionError, Result
from cardtable.engine.grammar import parse_action
from cardtable.engine.record import replay
from cardtable.sheets.streepjes import Streepjes
from tests.games.helpers import legal, load_record, plays, refused, run

load = partial(load_record, "kruisjassen")  # a record of tests/records/kruisjassen by name


# ---- helpers -----------------------------------------------------------------------------


def deal(dealer: int, upcard: str, *hands: str) -> dict:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard, "stock": []}


def start(d: dict, **options):
    return get_game("kruisjassen", **options).from_deal(d)


def hand_actions(name: str) -> tuple[dict, list[str]]:
    h = load(name)["hands"][0]
    return h["deal"], h["actions"]


def carried_hand(name: str, carry: list[int]) -> Match:
    """A new match whose sheet carries ``carry`` into the hand, after the whole hand of
    record ``name`` (its deal and actions)."""
    m = Match(get_game("kruisjassen"))
    m.sheet.carry = carry
    d, actions = hand_actions(name)
    m.start_hand(deal=d)
    for a in actions:
        m.apply(a)
    return m


K1 = deal(
    0, "9H", "9H JH AH KD QD 8S 9C 8C", "KH KS QS 9S AD 8D AC 7C", "TH 8H JS TS JD 7D KC TC", "QH 7H AS 7S TD 9D QC JC"
)
K3 = deal(
    0, "7S", "7S JS TS JD 9D JC TC 7C", "AS QS AD QD TD 8D JH 8H", "9S KS KD 7D QH TH KC QC", "8S AH KH 9H 7H AC 9C 8C"
)
K4 = deal(
    0, "9H", "9H AH TH KD QD 8S 9C 8C", "KH 8H KS QS 9S AD 8D AC", "JH JS TS JD 7D KC TC 7C", "QH 7H AS 7S TD 9D QC JC"
)
K5 = deal(
    0, "7C", "7C 9S 8S 7S TD 8D KC 9H", "KD QD JD 9D 7D QC 8H JS", "AC AD AH AS JC TC 7H KS", "KH QH JH TH 9C 8C QS TS"
)
PASS4 = ("pass", "pass", "pass", "pass")


# ---- §2 / §5 examples --------------------------------------------------------------------


def test_k1_follow_or_overtrump_never_undertrump():
    s = run(start(K1), *PASS4, "play KS", "play 8H")
    assert s.to_act == 3
    assert legal(s) == {"play AS", "play 7S", "play QH", "claim"}
    refused(s, "play 7H", "7H", "lower than 8H")
    s = s.apply("play QH")
    assert s.to_act == 0
    assert legal(s) == {"play 8S", "play 9H", "play JH", "play AH", "claim"}
    s = s.apply("play 8S")
    obs = s.observation(0)
    assert obs.last_trick_winner == 3
    assert obs.tricks_won == (0, 0, 0, 1)
    assert [card_text(c) for _s, c in obs.last_trick] == ["KS", "8H", "QH", "8S"]
    assert obs.extra["tricks"][0]["points"] == 5
    assert obs.scores["counts"] == [0, 5]
    assert s.to_act == 3  # seat 3 leads next


def test_k2_trump_led_must_follow_with_trump_even_lower():
    s = run(start(K1), *PASS4, "play KH")
    assert s.to_act == 2
    assert legal(s) == {"play TH", "play 8H", "claim"}
    refused(s, "play JS", "trump", "must play a trump")


def test_k3_void_discard_rather_than_undertrump():
    s = run(start(K3), *PASS4, "play AD", "play 9S")  # trumping while holding diamonds
    assert s.to_act == 3
    assert plays(s) == {"AH", "KH", "9H", "7H", "AC", "9C", "8C"}
    assert legal(s) == {f"play {c}" for c in plays(s)} | {"claim"}
    refused(s, "play 8S", "8S", "lower than 9S")
    s = s.apply("play 7H")
    assert plays(s) == {"JD", "9D", "JS"}
    assert "claim" in legal(s)
    refused(s, "play TS", "TS", "lower than 9S")
    refused(s, "play 7S", "7S")
    s = s.apply("play JS")
    obs = s.observation(1)
    assert obs.last_trick_winner == 0
    assert obs.extra["tricks"][0]["points"] == 11 + 14 + 0 + 20 == 45
    assert s.counts == [45, 0]


def test_k4_jas_wild_option():
    s = run(start(K4), *PASS4, "play KH")
    assert plays(s) == {"JH"}
    assert plays(s.apply("play JH")) == {"QH", "7H"}
    w = run(start(K4, jas_wild=True), *PASS4, "play KH")
    assert plays(w) == {"JH", "JS", "TS", "JD", "7D", "KC", "TC", "7C"}
    assert plays(w.apply("play 7C")) == {"QH", "7H"}
    assert plays(w.apply("play JH")) == {"QH", "7H"}


# ---- §6 meld phase -----------------------------------------------------------------------


def test_k5_meld_phase_outranking_and_rejection():
    s = start(K5)
    assert s.to_act == 1
    assert "declare seq3 KD QD JD" in legal(s)
    s = s.apply("declare seq3 KD QD JD")
    # the others hear the length and top card only
    obs0 = s.observation(0)
    assert obs0.log[-1] == "seat 1 declares three in a row to the king"  # the players' words
    assert obs0.extra["declared"][0]["cards"] is None
    assert obs0.extra["declared"][0]["announce"] == "seq3 to K"
    assert s.observation(1).extra["declared"][0]["cards"] == ["KD", "QD", "JD"]
    s = s.apply("pass")
    assert s.to_act == 2
    assert "declare carre AC AD AH AS" in legal(s)
    s = run(s, "declare carre AC AD AH AS", "pass")
    assert s.to_act == 3
    refused(
        s, "declare seq4 KH QH JH TH", "does not outrank", "carré of aces", "4 cards against 4", "top K below top A"
    )
    refused(s, "declare seq3 KH QH JH", "does not outrank", "3 cards against 4")
    assert legal(s) == {"pass"}
    s = s.apply("pass")
    assert s.to_act == 0
    assert legal(s) == {"pass"}
    s = s.apply("pass")
    # resolution: carré of aces (seat 2) -> roem side 0/2; 1 pending streep; seq3 rejected
    obs = s.observation(3)
    assert obs.phase == "play"
    assert obs.extra["roem_side"] == 0
    assert obs.extra["pending_strepen"] == [1, 0]
    assert [d["scores"] for d in obs.extra["declared"]] == [False, True]
    assert s.counts == [0, 0]
    assert s.to_act == 1


def test_meld_refusals_are_readable():
    s = start(K5)
    refused(s, "declare seq3 KD QD 9D", "not consecutive")
    refused(s, "declare seq3 AH KH QH", "does not hold")
    refused(s, "declare carre 7C 7D 7H 7S", "does not count")
    refused(s, "play KD", "meld turn")
    refused(s, "claim", "no claim in the meld phase")
    refused(s, "declare stuk", "no stuk")
    s = s.apply("declare seq3 KD QD JD")
    refused(s, "declare seq3 KD QD JD", "already declared")
    # cards may be written in any order: normalized to the canonical order
    t = start(K5).apply("declare seq3 JD KD QD")
    assert t.observation(1).extra["my_melds"] == ["declare seq3 KD QD JD"]


def test_adjacent_sequences_and_shared_cards_refused():
    d = deal(
        0,
        "7S",
        "7S JS TS JD 9D JC TC 7C",
        "AH KH QH JH TH 9H 8D 7D",
        "9S KS KD QD TD QC KC 8S",
        "AS QS AD AC 9C 8C 8H 7H",
    )
    s = start(d)
    assert s.to_act == 1
    assert {"declare seq6 AH KH QH JH TH 9H", "declare seq3 AH KH QH", "declare seq3 JH TH 9H"} <= legal(s)
    s = s.apply("declare seq3 AH KH QH")
    refused(s, "declare seq3 JH TH 9H", "adjacent")
    refused(s, "declare seq3 QH JH TH", "one meld only")
    assert legal(s) == {"pass"}


def test_k9_meld_second_of_a_turn_need_not_outrank():
    d, actions = hand_actions("k9")
    s = run(start(d), "pass", "pass", "declare seq3 KC QC JC")
    assert "declare seq3 9C 8C 7C" in legal(s)
    s = run(s, "declare seq3 9C 8C 7C", "pass")
    # seat 0 holds a carré of aces but need not declare it
    assert "declare carre AC AD AH AS" in legal(s)
    s = s.apply("pass")
    assert s.counts == [0, 40]
    assert s.observation(0).extra["roem_side"] == 1


# ---- full hands: records K6-K9 -------------------------------------------------------------


def _tricks_from(actions: list[str]) -> list[list[str]]:
    pl = [a for a in actions if a.startswith("play ")]
    return [pl[i : i + 4] for i in range(0, len(pl), 4)]


def _check_tricks(s, actions: list[str], expect):
    """Play the tricks of ``actions`` from ``s``, asserting after each the ``(winner, trick
    points, counts)`` of ``expect``; the state after the last."""
    for trick, (winner, pts, counts) in zip(_tricks_from(actions), expect):
        s = run(s, *trick)
        obs = s.observation(0)
        assert obs.last_trick_winner == winner
        assert obs.extra["tricks"][-1]["points"] == pts
        assert s.counts == counts
    return s


def test_k6_claim_against_onder_jan():
    d, actions = hand_actions("k6")
    s = run(start(d), *actions[:5])
    assert s.counts == [0, 20]
    expect = [
        (2, 14, [14, 20]),
        (2, 13, [27, 20]),
        (0, 13, [40, 20]),
        (0, 33, [73, 20]),
        (0, 17, [90, 20]),
        (0, 21, [111, 20]),
    ]
    s = _check_tricks(s, actions, expect)
    assert s.to_act == 0
    m = replay(load("k6"))
    r = m.results[0]
    assert r.outcome == "claim"
    assert r.winners == [0, 2]
    assert r.points == [2, 0, 2, 0]
    assert r.detail["winning_side"] == 0
    assert r.detail["strepen"] == [2, 0]
    assert r.detail["counts"] == [111, 20]
    assert r.detail["carry"] == [0, 0]
    assert r.detail["next_dealer"] == 1
    assert r.detail["trick_points"] == [111, 0]
    assert r.detail["tricks_played"] == 6
    assert m.sheet.strepen == [2, 0] and m.sheet.carry == [0, 0] and m.sheet.next_dealer == 1
    assert m.sheet.log == [{"hand": 1, "side": 0, "strepen": 2, "reason": "claim"}]


def test_k7_wrong_claim():
    m = replay(load("k7"))
    r = m.results[0]
    assert r.detail["counts"] == [90, 20]
    assert r.outcome == "wrong_claim"
    assert r.detail["winning_side"] == 1 and r.winners == [1, 3]
    assert r.points == [0, 1, 0, 1]
    assert r.detail["next_dealer"] == 1
    assert r.detail["carry"] == [0, 0]
    assert m.sheet.strepen == [0, 1] and m.sheet.carry == [0, 0]
    assert m.sheet.log[0]["reason"] == "wrong_claim"


def test_k8_counts_carry_over():
    d, actions = hand_actions("k8")
    s = run(start(d), *PASS4)
    expect = [
        (1, 44, [0, 44]),
        (2, 24, [24, 44]),
        (3, 10, [24, 54]),
        (3, 14, [24, 68]),
        (0, 12, [36, 68]),
        (0, 3, [39, 68]),
        (2, 5, [44, 68]),
        (0, 34, [78, 68]),
    ]
    _check_tricks(s, actions, expect)
    assert sum(p for _w, p, _c in expect) == 146
    m = replay(load("k8"))
    r = m.results[0]
    assert r.outcome == "carried"
    assert r.points == [0, 0, 0, 0] and r.winners == []
    assert r.detail["carry"] == [78, 68]
    assert r.detail["next_dealer"] == 0
    assert r.detail["trick_points"] == [78, 68]
    assert "carry: 78 - 68" in m.sheet.render().splitlines()
    # the next hand: seat 0 deals again and the counts start at [78, 68]
    nxt = m.state
    assert nxt.dealer == 0
    assert nxt.counts == [78, 68]
    assert nxt.observation(1).extra["counts_at_start"] == [78, 68]


def test_k9_pit_with_trick_roem():
    d, actions = hand_actions("k9")
    s = run(start(d), *actions[:6])
    assert s.counts == [0, 40]
    s = run(s, *actions[6:10])
    assert s.counts == [16, 40]
    assert s.to_act == 0 and s.phase == "trickroem"
    assert legal(s) == {"declare trickroem", "pass", "claim"}
    s = s.apply("declare trickroem")
    assert s.counts == [36, 40]
    expect = [[56, 40], [81, 40], [94, 40], [109, 40], [121, 40], [137, 40], [166, 40]]
    for trick, counts in zip(_tricks_from(actions)[1:], expect):
        s = run(s, *trick)
        assert s.counts == counts
    m = replay(load("k9"))
    r = m.results[0]
    assert r.outcome == "pit"
    assert r.points == [3, 0, 3, 0]
    assert r.detail["strepen"] == [3, 0]
    assert r.detail["next_dealer"] == 1
    assert r.detail["trick_points"] == [146, 0]
    assert m.sheet.log == [{"hand": 1, "side": 0, "strepen": 3, "reason": "pit"}]


# ---- §8 sheet ----------------------------------------------------------------------------


def _result(strepen, entries, carry=(0, 0), next_dealer=1) -> Result:
    return Result(
        points=[strepen[0], strepen[1]] * 2,
        outcome="claim",
        detail={"entries": entries, "carry": list(carry), "next_dealer": next_dealer, "strepen": list(strepen)},
    )


def test_k10_sheet_game_end_and_drawings():
    sh = Streepjes(4, 11)
    sh.strepen = [10, 8]
    sh.record(_result([1, 0], [{"side": 0, "strepen": 1, "reason": "claim"}]))
    assert sh.strepen == [11, 8]
    assert sh.over and sh.winners == [0, 2]
    assert sh.render() == "0/2: ||||/ ||||/ | (11)\n1/3: ||||/ ||| (8)"
    sh = Streepjes(4, 11)
    sh.strepen, sh.carry = [7, 3], [78, 68]
    assert sh.render() == "0/2: ||||/ || (7)\n1/3: ||| (3)\ncarry: 78 - 68"
    sh = Streepjes(4, 11)
    sh.strepen = [0, 5]
    assert sh.render() == "0/2: - (0)\n1/3: ||||/ (5)"


def test_k10_with_a_real_hand():
    """Strepen [10, 8]; side 0/2 claims correctly while side 1/3 counts 62 (20 + 42 carried)."""
    game = get_game("kruisjassen")
    m = Match(game)
    m.sheet.strepen = [10, 8]
    m.sheet.carry = [0, 42]
    d, actions = hand_actions("k6")
    st = m.start_hand(deal=d)
    assert st.counts == [0, 42]
    for a in actions:
        m.apply(a)
    r = m.results[0]
    assert r.outcome == "claim" and r.detail["counts"] == [111, 62]
    assert r.points == [1, 0, 1, 0]
    assert m.sheet.strepen == [11, 8]
    assert m.over and m.sheet.winners == [0, 2]
    assert m.sheet.render() == "0/2: ||||/ ||||/ | (11)\n1/3: ||||/ ||| (8)"


@pytest.mark.parametrize("carried, count, strepen", [(29, 49, 2), (30, 50, 1)])
def test_onder_jan_is_below_50(carried, count, strepen):
    m = carried_hand("k6", [0, carried])
    r = m.results[0]
    assert r.detail["counts"] == [111, count]
    assert r.points == [strepen, 0, strepen, 0]


def test_sheet_json_and_table():
    m = replay(load("k8"))
    j = m.sheet.to_json()
    assert j["carry"] == [78, 68] and j["strepen"] == [0, 0] and j["target"] == 11
    assert j["next_dealer"] == 0 and not j["over"]
    headers, rows = m.sheet.table()
    assert headers == ["hand", "0/2", "1/3"]
    assert ["carry", "78", "68"] in rows


# ---- §7 special cases --------------------------------------------------------------------


def test_void_hand_equal_counts_of_100():
    """K8's play with [60, 70] carried: both end at 138: nothing written, counts back to the
    start, the same dealer."""
    m = carried_hand("k8", [60, 70])
    r = m.results[0]
    assert r.outcome == "void"
    assert r.detail["counts"] == [138, 138]
    assert r.detail["strepen"] == [0, 0] and r.points == [0, 0, 0, 0] and r.winners == []
    assert r.detail["carry"] == [60, 70]
    assert r.detail["next_dealer"] == 0
    assert m.sheet.carry == [60, 70] and m.sheet.strepen == [0, 0]
    assert m.sheet.next_dealer == 0


def test_end_without_claim_higher_count_wins():
    """K8's play with [30, 0] carried: [108, 68] after the eighth trick, nobody claimed:
    side 0/2 wins as if it had claimed (1 streep, 68 is not onder jan)."""
    m = carried_hand("k8", [30, 0])
    r = m.results[0]
    assert r.outcome == "end" and r.detail["counts"] == [108, 68]
    assert r.points == [1, 0, 1, 0] and r.detail["next_dealer"] == 1
    assert m.sheet.carry == [0, 0]


def test_equal_at_target_play_continues():
    """Strepen [10, 9], target 11. K5: carré of aces for 0/2 (1 streep pending); seat 2
    claims wrongly with 0 -> 1/3 scores 2 (0/2 onder jan), 0/2 its roem streep: [11, 11]:
    the game goes on. Then K7 (wrong claim by 0/2): [11, 12]: side 1/3 wins."""
    game = get_game("kruisjassen")
    m = Match(game)
    m.sheet.strepen = [10, 9]
    m.start_hand(deal=K5)
    for a in ("declare seq3 KD QD JD", "pass", "declare carre AC AD AH AS", "pass", "pass", "pass", "play KD", "claim"):
        m.apply(a)
    r = m.results[0]
    assert r.outcome == "wrong_claim"
    assert r.detail["strepen"] == [1, 2]
    assert sorted((e["side"], e["strepen"], e["reason"]) for e in r.detail["entries"]) == [
        (0, 1, "roem"),
        (1, 2, "wrong_claim"),
    ]
    assert m.sheet.strepen == [11, 11]
    assert not m.over and m.sheet.winners == []
    d, actions = hand_actions("k7")
    assert m.sheet.next_dealer == 1
    st = m.start_hand(deal=d)
    assert st.dealer == 0  # an explicit deal names its dealer
    for a in actions:
        m.apply(a)
    assert m.sheet.strepen == [11, 12]
    assert m.over and m.sheet.winners == [1, 3]


def test_stroke_melds_go_to_the_pit_side():
    """Roem side 0/2 with a carré of aces (pending 1); if 0/2 then makes a pit it scores
    3 + 1."""
    game = get_game("kruisjassen", roem_mode="auto", claim_mode="manual")
    d, actions = hand_actions("k9")
    s = game.from_deal(d)
    # auto roem: seat 3 declares its two seq3s, seat 0 then the carré of aces (outranks)
    decl = s.observation(0).extra["declared"]
    assert [(x["seat"], x["announce"]) for x in decl] == [(3, "seq3 to K"), (3, "seq3 to 9"), (0, "carré of aces")]
    assert s.counts == [0, 0] and s.observation(0).extra["pending_strepen"] == [1, 0]
    for trick in _tricks_from(actions):
        s = run(s, *trick)
    assert s.over
    r = s.result()
    assert r.outcome == "pit"
    assert r.detail["strepen"] == [4, 0]
    assert sorted((e["side"], e["strepen"], e["reason"]) for e in r.detail["entries"]) == [
        (0, 1, "roem"),
        (0, 3, "pit"),
    ]


def test_trick_carre_is_pending_strepen_written_at_the_end():
    """Four jacks fall in one trick: a carré of jacks (200) as trick roem = 2 pending strepen
    for the trick winner's side, written when the hand is decided (here by a wrong claim)."""
    d = deal(
        0,
        "7H",
        "JS 7H KS QS TS 9S 8S 7S",
        "AC KC QC JC TC 9C 8C 7C",
        "JD AD KD QD TD 9D 8D 7D",
        "JH AH KH QH TH 9H 8H AS",
    )
    s = run(start(d), *PASS4, "play JC", "play JD", "play JH", "play JS")
    assert s.to_act == 3 and legal(s) == {"declare trickroem", "pass", "claim"}
    assert s.observation(0).extra["trickroem"] == {"seat": 3, "announce": "carré of jacks", "value": 200}
    s = s.apply("declare trickroem")
    assert s.counts == [0, 23]  # 1 + 1 + 20 + 1, the carré is strepen
    assert s.observation(0).extra["pending_strepen"] == [0, 2]
    s = s.apply("claim")  # seat 3 with 23: wrong, onder jan
    r = s.result()
    assert r.outcome == "wrong_claim"
    assert sorted((e["side"], e["strepen"], e["reason"]) for e in r.detail["entries"]) == [
        (0, 2, "wrong_claim"),
        (1, 2, "trickroem"),
    ]
    assert r.points == [2, 2, 2, 2]


def test_auto_roem_choice_6_6():
    from cardtable.families import jas
    from cardtable.families.tricks import mask_of

    def best(cards, trump=0, bar=None):
        return [
            m.text()
            for m in jas.best_set(mask_of(parse_card(c) for c in cards.split()), trump, jas.KRUIS_ROEM, (), bar)
        ]

    # a run of six: one seq6 (100) beats seq3 + seq3 (adjacent halves are not allowed)
    assert best("AH KH QH JH TH 9H 8D 7D") == ["seq6 AH KH QH JH TH 9H"]
    # carré of jacks (200) against seq3 KH QH JH sharing JH: the carré
    assert best("JC JD JH JS KH QH 9H 8H") == ["carre JC JD JH JS"]
    # two disjoint runs, highest first
    assert best("KC QC JC 9C 8C 7C 7D 8D") == ["seq3 KC QC JC", "seq3 9C 8C 7C"]
    # a bar (carré of aces declared earlier): a seq4 to K cannot outrank it
    assert best("KH QH JH TH 9C 8C QS TS", bar=(4, 14, 100, 0)) == []
    assert best("KH QH JH TH 9C 8C QS TS") == ["seq4 KH QH JH TH"]
    # equal value 20: the seq3 in trump ranks above an equal plain one
    assert best("KH QH JH KS QS JS 7C 7D", trump=3) == ["seq3 KS QS JS", "seq3 KH QH JH"]


# ---- options -----------------------------------------------------------------------------


def test_options_validated():
    g = get_game("kruisjassen")
    assert g.options == {"target": 11, "claim_mode": "manual", "roem_mode": "manual", "jas_wild": False}
    assert g.family == "jas" and g.name == "Kruisjassen" and g.players == 4
    g = get_game("kruisjassen", target="7", claim_mode="AUTO", roem_mode="auto", jas_wild="true")
    assert g.options == {"target": 7, "claim_mode": "auto", "roem_mode": "auto", "jas_wild": True}
    for bad in (
        {"trump": "H"},
        {"target": 0},
        {"target": "eleven"},
        {"claim_mode": "sometimes"},
        {"roem_mode": 1},
        {"jas_wild": "maybe"},
    ):
        with pytest.raises(OptionError):
            get_game("kruisjassen", **bad)
    with pytest.raises(OptionError):
        get_game("kruisjassen", players=3)
    assert get_game("kruisjassen", target=3).new_sheet().target == 3


def test_roem_mode_auto():
    g = get_game("kruisjassen", roem_mode="auto")
    s = g.from_deal(K5)
    assert s.phase == "play" and s.to_act == 1  # the meld phase ran by itself
    assert [(x["seat"], x["announce"]) for x in s.observation(0).extra["declared"]] == [
        (1, "seq3 to K"),
        (2, "carré of aces"),
    ]
    assert s.observation(0).extra["pending_strepen"] == [1, 0]
    # trick roem is credited automatically (K9, trick 1: AS KS QS to seat 0)
    d, actions = hand_actions("k9")
    s = run(g.from_deal(d), *_tricks_from(actions)[0])
    assert s.phase == "play" and s.counts == [16 + 20, 0]
    assert all(a.verb != "declare" for a in s.legal_actions())
    # stuk is declared automatically in the meld turn
    s = g.from_deal(STUK_DEAL)
    assert s.observation(0).extra["stuk"] == 1 and s.counts == [0, 20]


def test_claim_mode_auto():
    g = get_game("kruisjassen", claim_mode="auto")
    d, actions = hand_actions("k6")
    s = g.from_deal(d)
    for a in actions[:-1]:
        assert "claim" not in legal(s)
        s = s.apply(a)
    assert s.over  # claimed for 0/2 when the sixth trick brought 111
    r = s.result()
    assert r.outcome == "claim" and r.detail["strepen"] == [2, 0] and r.detail["tricks_played"] == 6
    refused(run(g.from_deal(K1), *PASS4), "claim", "automatically")


def test_claim_at_meld_phase_end_with_carry_auto():
    g = get_game("kruisjassen", claim_mode="auto")
    m = Match(g)
    m.sheet.carry = [90, 10]
    m.start_hand(deal=K5)
    for a in ("pass", "declare carre AC AD AH AS", "pass", "pass", "pass"):
        m.apply(a)
    # 0/2: 90, roem is a stroke meld (no points) -> no claim yet
    assert not m.state.over and m.state.counts == [90, 10]
    m2 = Match(g)
    m2.sheet.carry = [85, 10]
    m2.start_hand(deal=K5)
    for a in ("declare seq3 KD QD JD", "pass", "pass", "pass", "pass"):
        m2.apply(a)
    # 1/3's seq3 (20) does not reach 100; nothing happens
    assert not m2.state.over
    m3 = Match(g)
    m3.sheet.carry = [10, 85]
    m3.start_hand(deal=K5)
    for a in ("declare seq3 KD QD JD", "pass", "pass", "pass", "pass"):
        m3.apply(a)
    assert m3.state.over and m3.results[0].outcome == "claim"
    assert m3.results[0].detail["strepen"] == [0, 2]  # 0/2 has 10: onder jan


# ---- stuk (§6.4) -------------------------------------------------------------------------

# K1 with QH and 9S swapped: seat 1 holds KH and QH of troef (hearts).
STUK_DEAL = deal(
    0, "9H", "9H JH AH KD QD 8S 9C 8C", "KH QH KS QS AD 8D AC 7C", "TH 8H JS TS JD 7D KC TC", "9S 7H AS 7S TD 9D QC JC"
)


def test_stuk_in_meld_phase():
    s = start(STUK_DEAL)
    assert "declare stuk" in legal(s)
    s = s.apply("declare stuk")
    assert s.counts == [0, 20]
    assert "declare stuk" not in legal(s)
    refused(s, "declare stuk", "already")
    s = run(s, "pass", "pass", "pass", "pass")
    assert s.counts == [0, 20]  # never rejected, no roem side
    assert s.observation(0).extra["roem_side"] is None
    assert "declare stuk" not in legal(s)
    # stuk cards are public once declared
    assert parse_card("KH") not in s.hidden_from(0)
    assert parse_card("KS") in s.hidden_from(0)


def test_stuk_during_play_forced_follow_up():
    s = run(start(STUK_DEAL), *PASS4)
    assert s.to_act == 1
    assert "declare stuk" in legal(s)
    s = s.apply("declare stuk")
    assert s.counts == [0, 20]
    assert legal(s) == {"play KH", "play QH", "claim"}
    refused(s, "play KS", "stuk", "K or Q")
    refused(s, "declare stuk", "stuk")
    s = s.apply("play KH")
    assert s.to_act == 2
    assert "declare stuk" not in legal(s)
    obs = s.observation(3)
    assert obs.extra["stuk"] == 1
    assert any("declares stuk" in line for line in obs.log)


def test_stuk_only_with_a_legal_stuk_card_and_with_the_second_card():
    s = run(start(STUK_DEAL), *PASS4, "play AC", "play KC", "play QC", "play 8C")  # seat 1 wins
    assert legal(s) == {"declare trickroem", "pass", "claim"}  # AC KC QC in the trick
    s = s.apply("declare trickroem")
    assert s.counts == [0, 16 + 20]
    s = run(s, "play 7C", "play TC", "play JC", "play 9C", "pass")  # seat 3 wins, lets JC TC 9C go
    assert s.counts == [0, 36 + 11]
    assert "seat 3 lets the trick roem go" in s.observation(0).log
    s = run(s, "play TD", "play 9H")  # seat 0 trumps higher than KH/QH; seat 1 holds diamonds
    assert s.to_act == 1
    assert plays(s) == {"AD", "8D"}
    assert "declare stuk" not in legal(s)
    refused(s, "declare stuk", "not a legal play")
    s = run(s, "play 8D", "play JD")  # seat 0 wins
    s = run(s, "play 8S", "play KH", "play JS", "play 7S")  # KH played without stuk; seat 1 wins
    assert s.to_act == 1
    assert "declare stuk" in legal(s)  # held both at the start, QH still held and playable
    s = s.apply("declare stuk")
    assert legal(s) == {"play QH", "claim"}
    before = s.counts[1]
    s = s.apply("play QH")
    assert before == s.counts[1] and s.observation(0).extra["stuk"] == 1


def test_stuk_auto_claim_mode_no_claim_in_forced_follow_up():
    s = run(get_game("kruisjassen", claim_mode="auto").from_deal(STUK_DEAL), *PASS4, "declare stuk")
    assert legal(s) == {"play KH", "play QH"}


# ---- deal, records, determinism ----------------------------------------------------------


def test_deal_in_packets_of_four_card_32_up():
    g = get_game("kruisjassen")
    sheet = g.new_sheet()
    sheet.next_dealer = 2
    s = g.new_hand(seed=42, sheet=sheet)
    pack = shuffled(piquet32(), random.Random(42))
    assert s.dealer == 2
    rec = s.deal_record()
    expect = {
        3: pack[0:4] + pack[16:20],
        0: pack[4:8] + pack[20:24],
        1: pack[8:12] + pack[24:28],
        2: pack[12:16] + pack[28:32],
    }
    for seat, cards in expect.items():
        assert sorted(parse_card(c) for c in rec["hands"][seat]) == sorted(cards)
    assert rec["upcard"] == card_text(pack[31])
    assert s.trump == pack[31] >> 4
    assert s.to_act == 3  # voorhand
    obs = s.observation(0)
    assert obs.upcard == pack[31] and obs.extra["upcard_held"] is True
    assert pack[31] not in s.hidden_from(0)


def test_deal_record_round_trip_and_determinism():
    g = get_game("kruisjassen")
    a = g.new_hand(seed=7)
    b = g.new_hand(seed=7)
    assert a.deal_record() == b.deal_record()
    assert g.new_hand(seed=8).deal_record() != a.deal_record()
    c = g.from_deal(a.deal_record())
    assert c.deal_record() == a.deal_record()
    rng1, rng2 = random.Random(3), random.Random(3)
    for s, rng in ((a, rng1), (c, rng2)):
        while not s.over:
            s = s.apply(rng.choice(s.legal_actions()))
        if rng is rng1:
            r1 = s.result().to_json()
        else:
            assert s.result().to_json() == r1


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"dealer": 0, "hands": [["7H"]], "upcard": "7H"}, "four hands"),
        ({"dealer": 5, "hands": K1["hands"], "upcard": "9H"}, "dealer"),
        ({"dealer": 0, "hands": K1["hands"], "upcard": "KH"}, "dealer's"),
        ({"dealer": 0, "hands": K1["hands"]}, "upcard"),
        ({"dealer": 0, "hands": [K1["hands"][0][:7] + ["KH"]] + K1["hands"][1:], "upcard": "9H"}, "twice"),
        ({"dealer": 0, "hands": [K1["hands"][0][:7]] + K1["hands"][1:], "upcard": "9H"}, "8 cards"),
        ({"dealer": 0, "hands": [K1["hands"][0][:7] + ["6H"]] + K1["hands"][1:], "upcard": "9H"}, "piquet"),
        ({"dealer": 0, "hands": [K1["hands"][0][:7] + ["XX"]] + K1["hands"][1:], "upcard": "9H"}, "XX"),
        ({"dealer": 0, "hands": K1["hands"], "upcard": "9H", "stock": ["7H"]}, "stock"),
        ({"dealer": 0, "hands": K1["hands"], "upcrad": "9H", "upcard": "9H"}, "unknown deal key 'upcrad'"),
    ],
)
def test_from_deal_validation(bad, words):
    with pytest.raises(DealError) as err:
        get_game("kruisjassen").from_deal(bad)
    assert words in str(err.value)


def _random_states(n_hands: int, seed: int = 1, **options):
    g = get_game("kruisjassen", **options)
    rng = random.Random(seed)
    for i in range(n_hands):
        s = g.new_hand(seed=seed * 1000 + i)
        while not s.over:
            yield s
            s = s.apply(rng.choice(s.legal_actions()))
        yield s


def test_action_text_round_trip_for_all_legal_actions():
    n = 0
    for opts in ({}, {"roem_mode": "auto", "claim_mode": "auto"}):
        for s in _random_states(60, **opts):
            for a in s.legal_actions():
                assert parse_action(a.text()) == a
                s.apply(a.text())
                n += 1
    assert n > 1000


def test_cards_conserved_and_hidden_information():
    deck = sorted(piquet32())
    for s in _random_states(150, seed=5):
        assert sorted(s.cards_in_play()) == deck
        for seat in range(4):
            obs = s.observation(seat)
            hidden = s.hidden_from(seat)
            assert not hidden & set(obs.hand)
            text = json.dumps(obs.to_json())
            own = {card_text(c) for c in obs.hand}
            # a hidden card code never appears as a JSON string in the observation
            for c in hidden:
                assert f'"{card_text(c)}"' not in text, (card_text(c), seat)
            assert (obs.legal != ()) == (seat == s.to_act and not s.over)
            assert own == {card_text(c) for c in s._hand_cards(seat)}


def test_observation_fields():
    s = run(start(K1), *PASS4, "play KS")
    obs = s.observation(2)
    assert obs.status == "Troef ♥ · 0/2: 0 · 1/3: 0"
    assert obs.trump == 2 and obs.upcard == parse_card("9H")
    assert obs.hand_sizes == (8, 7, 8, 8)
    assert [card_text(c) for c in obs.hand] == ["TH", "8H", "JS", "TS", "JD", "7D", "KC", "TC"]
    assert obs.trick == ((1, parse_card("KS")),)
    assert obs.scores == {"counts": [0, 0], "strepen": [0, 0]}
    assert obs.log[-1] == "seat 1 plays KS"
    assert obs.phase == "play" and obs.dealer == 0
    assert set(a.text() for a in obs.legal) == legal(s)
    assert s.observation(0).legal == ()
    s = run(s, "play 8H", "play QH", "play 8S")
    o = s.observation(0)
    assert o.extra["played"] == sorted(["KS", "8H", "QH", "8S"], key=parse_card)
    assert o.log[-1] == "seat 3 wins the trick (5)"
    # trump first in the display order: JH is the top trump
    assert card_text(s.observation(0).hand[0]) == "JH"


def test_hand_over_refuses_everything():
    m = replay(load("k6"))
    s = m.state
    assert s.over and s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply("play 7D")


def test_claim_on_trickroem_decision_is_judged_at_once():
    d, actions = hand_actions("k9")
    s = run(start(d), *actions[:10])
    s = s.apply("claim")  # seat 0 with 16: wrong; 16 < 50, so 1/3 scores 2
    r = s.result()
    assert r.outcome == "wrong_claim" and r.detail["strepen"] == [0, 2]


# ---- the simple bot ----------------------------------------------------------------------


def test_simple_bot_plays_legal_over_many_hands():
    timings = []
    for opts in ({}, {"roem_mode": "auto", "claim_mode": "auto", "jas_wild": True}):
        g = get_game("kruisjassen", **opts)
        bots = [get_bot("simple", g, seed=i) for i in range(4)]
        outcomes = set()
        for mseed in range(6):
            m = Match(g, seed=mseed)
            while not m.over:
                st = m.start_hand()
                while not st.over:
                    obs = st.observation(st.to_act)
                    t0 = time.perf_counter()
                    a = bots[st.to_act].choose(obs)
                    timings.append(time.perf_counter() - t0)
                    assert a in obs.legal
                    st = m.apply(a)
                outcomes.add(m.results[-1].outcome)
                assert m.results[-1].outcome != "wrong_claim"  # the bot never claims wrongly
        assert "claim" in outcomes
    timings.sort()
    assert timings[len(timings) // 2] < 0.005


def test_simple_bot_choices():
    g = get_game("kruisjassen")
    bot = get_bot("simple", g, seed=0)
    # K5: seat 1 declares its seq3, then passes
    s = start(K5)
    assert bot.choose(s.observation(1)).text() == "declare seq3 KD QD JD"
    s = s.apply("declare seq3 KD QD JD")
    assert bot.choose(s.observation(1)).text() == "pass"
    # seat 2 declares its carré
    s = s.apply("pass")
    assert bot.choose(s.observation(2)).text() == "declare carre AC AD AH AS"
    # stuk is declared
    assert bot.choose(start(STUK_DEAL).observation(1)).text() == "declare stuk"
    # K9: trick roem declared; K6: claim with 111; a side that won every trick plays for a pit
    d, actions = hand_actions("k9")
    s = run(start(d), *actions[:10])
    assert bot.choose(s.observation(0)).text() == "declare trickroem"
    s = run(s, *actions[10:27])  # through trick 5: [109, 40], all tricks to 0/2
    assert s.counts == [109, 40] and s.to_act == 0
    assert bot.choose(s.observation(0)).text() != "claim"
    d, actions = hand_actions("k6")
    s = run(start(d), *actions[:-1])  # [111, 20], but 0/2 won all six tricks: pit chase
    assert bot.choose(s.observation(0)).text() != "claim"
    # K8 with [60, 0] carried: after trick 7 0/2 has 104 and 1/3 has won tricks: seat 2 claims
    m = Match(g)
    m.sheet.carry = [60, 0]
    d, actions = hand_actions("k8")
    st = m.start_hand(deal=d)
    for a in actions[: 4 + 28]:
        st = m.apply(a)
    assert st.counts == [104, 68] and st.to_act == 2
    assert bot.choose(st.observation(2)).text() == "claim"
    # K1: seat 0 cannot beat QH cheaply... it must win with the cheapest higher trump
    s = run(start(K1), *PASS4, "play KS", "play 8H", "play QH")
    assert bot.choose(s.observation(0)).text() == "play AH"
    # K3: partner (seat 2) wins with 9S, seat 0 last: feeds points, follows with JD
    s = run(start(K3), *PASS4, "play AD", "play 9S", "play 7H")
    assert bot.choose(s.observation(0)).text() == "play JD"
