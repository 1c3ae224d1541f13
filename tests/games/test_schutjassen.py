"""Schutjassen (cardtable/rules/schutjassen.md): every Example S1-S7 with the spec's exact
values (the full deals S1-S6 are records in tests/records/schutjassen), the options of §9,
the rulings of §10 (when schut, herschut and tout may be said, who claims, who gives up),
the boom sheet of §8 and the simple bot."""

from __future__ import annotations

from functools import partial

import pytest

from cardtable.bots import get_bot
from cardtable.engine import Match, get_game
from cardtable.engine.game import OptionError, Result
from cardtable.engine.record import replay
from cardtable.sheets.boom import Boom
from tests.games.helpers import legal, load_record, refused, run

load = partial(load_record, "schutjassen")

D6 = {
    "dealer": 0,
    "upcard": "7H",
    "stock": [],
    "hands": [
        h.split()
        for h in (
            "JH 9H AH 7H AS TS 8C 7D",
            "8H KD QD JD 9D KC QC 7S",
            "QH TH AD TD AC TC KS 8S",
            "KH 8D JC 9C 7C QS JS 9S",
        )
    ],
}
M = ("declare seq3 KD QD JD", "pass", "pass", "pass", "pass")
_TABLE = (
    "1 KD, 2 AD, 3 8D, 0 7D|2 AC, 3 7C, 0 8C, 1 QC|2 TC, 3 9C, 0 7H, 1 KC|0 JH, 1 8H, 2 TH, 3 KH|"
    "0 9H, 1 7S, 2 QH, 3 JC|0 AH, 1 9D, 2 TD, 3 9S|0 AS, 1 QD, 2 KS, 3 JS|0 TS, 1 JD, 2 8S, 3 QS"
)
#: the tricks of D6 as (plays, winner, counts after with M): §11's table
TRICKS = [
    (["play " + p.split()[1] for p in t.split(", ")], w, c)
    for t, w, c in zip(
        _TABLE.split("|"),
        (2, 2, 0, 0, 0, 0, 0, 3),
        ([14, 20], [27, 20], [40, 20], [73, 20], [90, 20], [111, 20], [128, 20], [128, 38]),
    )
]


def start(**options):
    return get_game("schutjassen", **options).from_deal(D6)


def tricks(a: int, b: int) -> list[str]:
    return [p for plays, _w, _c in TRICKS[a:b] for p in plays]


def result_of(name: str):
    m = replay(load(name))
    return m, m.results[-1]


def test_trick_points_are_146_and_the_table_of_d6():
    assert get_game("schutjassen").ranking.total_points() + 5 == 146
    s = run(start(), "pass", "bid schut", *M)
    assert s.counts == [0, 20] and s.observation(0).extra["roem_side"] == 1
    for plays, winner, counts in TRICKS:
        s = run(s, *plays)
        assert s.observation(0).last_trick_winner == winner
        assert s.counts == counts
    assert s.phase == "over" and sum(s.result().detail["trick_points"]) == 146


def test_s1_nobody_says_schut():
    s = start()
    assert s.phase == "bid" and s.to_act == 1
    order = []
    for _ in range(4):
        order.append(s.to_act)
        assert legal(s) == {"bid schut", "pass"}
        s = s.apply("pass")
    assert order == [1, 2, 3, 0]
    r = s.result()
    assert r.outcome == "thrown_in" and r.points == [0, 0, 0, 0] and r.winners == []
    assert r.detail["next_dealer"] == 0 and r.detail["entries"] == []
    assert not s.declared and r.detail["tricks_played"] == 0
    m, _ = result_of("s1")
    assert m.sheet.points == [0, 0] and m.sheet.log == [] and m.sheet.next_dealer == 0
    assert m.start_hand(seed=3).dealer == 0


def test_s2_schut_made_against_onder_jan_300():
    s = run(start(), "pass", "bid schut")
    assert s.phase == "meld" and s.to_act == 1
    obs = s.observation(0)
    assert obs.extra["stage"] == "schut" and obs.extra["schutters"] == 0 and obs.extra["contract_side"] == 0
    s = run(s, *M)
    for _i, (plays, _w, _c) in enumerate(TRICKS[:6]):
        while plays:
            if s.to_act == 0:
                acts = legal(s)
                assert "claim" in acts
                assert "bid herschut" not in acts and "concede" not in acts
            s = s.apply(plays[0])
            plays = plays[1:]
    assert s.counts == [111, 20] and s.to_act == 0
    m, r = result_of("s2")
    assert r.outcome == "made" and r.detail["stage"] == "schut"
    assert r.points == [300, 0, 300, 0] and r.winners == [0, 2]
    assert r.detail["contract_points"] == [300, 0] and r.detail["roem_points"] == [0, 0]
    assert r.detail["claimer"] == 0 and r.detail["next_dealer"] == 1
    assert m.sheet.points == [300, 0] and m.sheet.next_dealer == 1


def test_ik_dek_asks_first_as_it_ends_the_hand_at_once():
    """The claim ends the hand on one key, so its verb asks for confirmation (as the
    Opgeven does): the table shows the question before it plays it."""
    s = run(start(), "pass", "bid schut", *M)
    while "claim" not in legal(s):
        s = s.apply(sorted(legal(s))[0] if s.to_act != 0 else next(a for a in s.legal_actions() if a.verb == "play"))
    spec = next(v for v in s.observation(s.to_act).verbs if v.verb == "claim")
    assert spec.confirm and "wrong claim" in spec.confirm


def test_s2_the_defenders_may_herschut_and_give_up_but_never_claim():
    s = run(start(), "pass", "bid schut", *M)
    assert s.to_act == 1
    acts = legal(s)
    assert {"bid herschut", "concede"} <= acts and "claim" not in acts and "bid tout" not in acts
    refused(s, "claim", "only the side holding the contract")
    refused(s, "bid tout", "tout")


def test_s3_schut_failed_the_schutters_onder_jan_200_to_the_defenders():
    s = run(start(), "bid schut", *M)
    assert s.observation(2).extra["schutters"] == 1
    s = run(s, *tricks(0, 7))
    assert s.counts == [128, 20]
    assert s.to_act == 0 and legal(s) == {"play TS", "concede", "bid herschut"}  # 128: no claim (ruling 15)
    assert "claim" in legal(run(s, "play TS"))  # seat 1 could (wrongly)
    m, r = result_of("s3")
    assert r.outcome == "failed" and r.detail["stage"] == "schut"
    assert r.detail["counts"] == [128, 38]
    assert r.points == [200, 0, 200, 0] and r.winners == [0, 2]
    assert r.detail["claimer"] is None and r.detail["tricks_played"] == 8
    assert sum(r.detail["trick_points"]) == 146


def test_s4_herschut_made_500():
    s = run(start(), "bid schut", *M, *tricks(0, 3))
    assert s.counts == [40, 20] and s.to_act == 0
    assert "bid herschut" in legal(s)
    s = s.apply("bid herschut")
    obs = s.observation(1)
    assert obs.extra["stage"] == "herschut" and obs.extra["contract_side"] == 0 and obs.extra["schutters"] == 1
    assert s.to_act == 0 and "play JH" in legal(s) and "bid herschut" not in legal(s)
    m, r = result_of("s4")
    assert r.outcome == "made" and r.detail["stage"] == "herschut"
    assert r.detail["counts"] == [111, 20]
    assert r.points == [500, 0, 500, 0]
    assert r.detail["contract_side"] == 0 and r.detail["schutters"] == 1


def test_s5_tout_then_failed_900_to_the_herschutters():
    s = run(start(), "bid schut", *M, *tricks(0, 3), "bid herschut", "play JH")
    assert s.to_act == 1 and "bid tout" in legal(s) and "concede" in legal(s)
    s = s.apply("bid tout")
    obs = s.observation(0)
    assert obs.extra["stage"] == "tout" and obs.extra["contract_side"] == 1
    assert "concede" not in legal(s) and "claim" in legal(s)
    refused(s, "concede", "no giving up after tout")
    s = run(s, "play 8H")
    assert "claim" not in legal(s) and "concede" not in legal(s)  # seat 2: side 0/2
    refused(s, "claim", "only the side holding the contract")
    m, r = result_of("s5")
    assert r.outcome == "failed" and r.detail["stage"] == "tout"
    assert r.detail["counts"] == [128, 38]
    assert r.points == [900, 0, 900, 0] and r.winners == [0, 2]


def test_s6a_a_defender_gives_up_after_schut_100():
    m, r = result_of("s6a")
    assert r.outcome == "conceded" and r.detail["stage"] == "schut"
    assert r.points == [100, 0, 100, 0] and r.detail["conceder"] == 1
    assert r.detail["roem_points"] == [0, 0] and r.detail["tricks_played"] == 0
    assert m.sheet.points == [100, 0]


def test_s6b_a_schutter_gives_up_after_herschut_300():
    m, r = result_of("s6b")
    assert r.outcome == "conceded" and r.detail["stage"] == "herschut"
    assert r.points == [300, 0, 300, 0] and r.winners == [0, 2] and r.detail["conceder"] == 1


S7 = ["    |"] * 10 + ["----|", "----|", "----|----", "=========", "0/2 | 1/3", " 300|100"]


def test_s7_drawing_the_boom():
    b = Boom(4, 13)
    b.points = [300, 100]
    assert b.render().splitlines() == S7
    assert len(S7) == 16
    b.record(
        Result(
            [0, 500, 0, 500],
            "made",
            [1, 3],
            {"entries": [{"side": 1, "points": 500, "reason": "made"}], "next_dealer": 1},
        )
    )
    lines = b.render().splitlines()
    assert b.points == [300, 600]
    assert lines[7:13] == ["    |----", "    |----", "    |----", "----|----", "----|----", "----|----"]
    assert lines[:7] == ["    |"] * 7
    assert lines[-1] == " 300|600"
    assert all(ln == ln.rstrip() for ln in lines)
    v = b.view()
    assert not v.is_table and v.title == "Boom"
    assert list(v.lines) == ["    |   target 13", "    |----", "    |----", "    |----"] + ["----|----"] * 3 + lines[
        -3:
    ] + [
        "",
        "hand 1: 1/3 500 made",
    ]


def test_boom_grows_past_the_target_and_the_game_ends():
    b = Boom(4, 2)
    b.record(
        Result(
            [300, 0, 300, 0],
            "made",
            [0, 2],
            {"entries": [{"side": 0, "points": 300, "reason": "made"}], "next_dealer": 1},
        )
    )
    assert b.over and b.winners == [0, 2]
    assert b.render().splitlines()[:3] == ["----|", "----|", "----|"]
    assert b.view().marks == ((-1, 1, "winner"),)
    j = b.to_json()
    assert j["kind"] == "boom" and j["points"] == [300, 0] and j["target"] == 2
    assert j["log"] == [{"hand": 1, "side": 0, "points": 300, "reason": "made"}]
    with pytest.raises(ValueError):
        b.record(Result([50, 0, 50, 0], "made", [0, 2], {"entries": [{"side": 0, "points": 50, "reason": "made"}]}))


def test_equal_points_past_the_target_play_on():
    b = Boom(4, 1)
    for side in (0, 1):
        b.record(Result([0] * 4, "made", [], {"entries": [{"side": side, "points": 200, "reason": "made"}]}))
    assert b.points == [200, 200] and not b.over


def test_stroke_roem_is_added_to_the_boom():
    d = {
        "dealer": 0,
        "upcard": "7H",
        "hands": [
            h.split()
            for h in (
                "AS KS QS JS TS 7H 8C 7D",
                "8H KD QD JD 9D KC QC 7S",
                "QH TH AD TD AC TC 9S 8S",
                "KH 8D JC 9C 7C JH 9H AH",
            )
        ],
    }
    s = get_game("schutjassen").from_deal(d)
    s = run(
        s, "pass", "bid schut", "declare seq3 KD QD JD", "pass", "pass", "pass", "declare seq5 AS KS QS JS TS", "pass"
    )
    assert s.observation(0).extra["roem_points"] == [100, 0] and s.counts == [0, 0]
    s = run(s, "concede")
    r = s.result()
    assert r.points == [200, 0, 200, 0]
    assert r.detail["contract_points"] == [100, 0] and r.detail["roem_points"] == [100, 0]
    assert {"side": 0, "points": 100, "reason": "roem"} in r.detail["entries"]


def test_herschut_and_tout_refused_once_the_contract_side_has_100():
    s = run(start(), "pass", "bid schut", *M, *tricks(0, 6))
    assert s.counts == [111, 20]
    s = run(s, "play AS")
    assert s.to_act == 1 and "bid herschut" not in legal(s) and "concede" in legal(s)
    refused(s, "bid herschut", "already has 111")
    s = run(start(), "bid schut", *M, *tricks(0, 3), "bid herschut", *tricks(3, 6))
    assert s.counts == [111, 20]
    s = run(s, "play AS")
    refused(s, "bid tout", "already has 111")


def test_a_wrong_claim_fails_the_contract():
    s = run(start(), "pass", "bid schut", *M, *tricks(0, 4))
    s = run(s, "claim")
    r = s.result()
    assert r.outcome == "failed" and r.points == [0, 100, 0, 100]  # 73 is not onder jan
    assert r.detail["claimer"] == 0
    s = run(start(), "pass", "bid schut", *M, *tricks(0, 2), "claim")  # seat 2 at 27: onder jan
    assert s.result().points == [0, 200, 0, 200]


def test_bidding_refusals():
    s = start()
    refused(s, "bid herschut", "during play")
    refused(s, "play KD", "bidding")
    s = run(s, "pass", "bid schut")
    refused(s, "bid schut", "in the bidding")
    s = run(s, *M)
    refused(s, "bid schut", "in the bidding")


def test_after_stuk_only_the_stuk_card_or_a_claim():
    d = {
        "dealer": 0,
        "upcard": "7H",
        "hands": [
            h.split()
            for h in (
                "KH QH AS TS 8C 7D 7H 9S",
                "8H KD QD JD 9D KC QC 7S",
                "JH TH AD TD AC TC KS 8S",
                "9H 8D JC 9C 7C QS JS AH",
            )
        ],
    }
    s = run(get_game("schutjassen").from_deal(d), "bid schut", *("pass",) * 4)
    s = run(s, "play 7S")
    assert s.to_act == 2
    s = run(s, "play 8S", "play JS")
    assert s.to_act == 0 and {"declare stuk", "bid herschut", "concede"} <= legal(s)
    s = run(s, "declare stuk")
    assert legal(s) == {"play KH", "play QH"}


def test_options_validated():
    for bad in (
        {"target": 0},
        {"target": "many"},
        {"claim_mode": "sometimes"},
        {"roem_mode": "never"},
        {"jas_wild": "maybe"},
        {"pit": 3},
    ):
        with pytest.raises(OptionError):
            get_game("schutjassen", **bad)
    assert get_game("schutjassen").options == {
        "target": 13,
        "claim_mode": "manual",
        "roem_mode": "manual",
        "jas_wild": False,
    }
    assert get_game("schutjassen", target=5).new_sheet().target == 5


def test_claim_mode_auto_claims_for_the_contract_side_only():
    s = run(start(claim_mode="auto"), "pass", "bid schut", *M)
    assert all(a.verb != "claim" for a in s.legal_actions())
    s = run(s, *tricks(0, 6))
    r = s.result()
    assert r.outcome == "made" and r.points == [300, 0, 300, 0] and r.detail["claimer"] is None
    s = run(start(claim_mode="auto"), "bid schut", *M, *tricks(0, 8))
    assert s.result().outcome == "failed" and s.result().points == [200, 0, 200, 0]


def test_roem_mode_auto_declares_after_the_schut():
    s = start(roem_mode="auto")
    assert s.phase == "bid" and not s.declared
    s = run(s, "bid schut")
    assert s.phase == "play" and s.counts == [0, 20] and [p for p, _m in s.declared] == [1]


def test_jas_wild():
    d = {
        "dealer": 3,
        "upcard": "8H",
        "hands": [
            h.split()
            for h in (
                "9H 7H AS TS 8C 7D KS 8S",
                "JH KD QD JD 9D KC QC 7S",
                "QH TH AD TD AC TC AH 9S",
                "KH 8H JC 9C 7C QS JS 8D",
            )
        ],
    }
    for wild, want in ((False, {"JH"}), (True, {"JH", "KD", "QD", "JD", "9D", "KC", "QC", "7S"})):
        s = run(get_game("schutjassen", jas_wild=wild).from_deal(d), "bid schut", *("pass",) * 4)
        s = run(s, "play 9H")
        assert {a.text()[5:] for a in s.legal_actions() if a.verb == "play"} == want


def test_simple_bot_plays_whole_matches_and_says_everything():
    seen = set()
    for seed in range(3):
        for opts in ({}, {"claim_mode": "auto"}, {"roem_mode": "auto"}):
            g = get_game("schutjassen", **opts)
            m = Match(g, seed=seed)
            bots = [get_bot("simple", g, seed=s) for s in range(4)]
            for _ in range(12):
                if m.over:
                    break
                st = m.start_next()
                while st.to_act is not None:
                    a = bots[st.to_act].choose(st.observation(st.to_act))
                    seen.add(a.verb if a.verb != "bid" else a.arg)
                    st = m.apply(a)
                assert g.check_result(st.result(), st) == []
                seen.add(st.result().outcome)
    assert {"schut", "herschut", "concede", "claim", "thrown_in", "made", "failed", "conceded"} <= seen


def test_auto_roem_samples_declare_the_same_roem_after_the_schut():
    import random

    s = run(start(roem_mode="auto"), "pass", "bid schut")
    assert [(p, m.arg) for p, m in s.declared] == [(1, "seq3")]
    iset = s.information_set(0)
    accept = iset._accept
    assert accept is not None and accept(s)  # the real deal declares the same
    rng = random.Random(4)
    for _ in range(5):
        w = iset.sample(rng)
        assert accept(w) and w.phase == "play" and w.stage == "schut"
    d = dict(D6, hands=[D6["hands"][0], D6["hands"][2], D6["hands"][1], D6["hands"][3]])
    other = get_game("schutjassen", roem_mode="auto").from_deal(d)  # seq3 in seat 2's hand
    assert not accept(other)


def test_herschut_by_defenders_already_at_100_ruling_15():
    """§4.3 limits herschut by the contract side's count only: defenders at 111 may say it
    (the game refused it once: "your side already has 111"), then claim a contract already
    made: 500, the schutters being onder jan (20 < 50)."""
    s = run(start(), "bid schut", *M, *tricks(0, 6))  # schutters 1/3 at 20, side 0/2 at 111
    assert s.counts == [111, 20] and s.to_act == 0
    assert {"bid herschut", "concede"} <= legal(s) and "claim" not in legal(s)
    s = s.apply("bid herschut")
    assert s.stage == "herschut" and s.contract == 0 and s.to_act == 0
    assert "claim" in legal(s) and "bid herschut" not in legal(s)
    s = s.apply("claim")
    r = s.result()
    assert r.outcome == "made" and r.detail["stage"] == "herschut"
    assert r.detail["contract_points"] == [500, 0]


def test_herschut_at_100_is_claimed_at_once_with_claim_mode_auto():
    s = run(start(claim_mode="auto"), "bid schut", *M, *tricks(0, 6))
    assert s.counts == [111, 20] and "bid herschut" in legal(s)
    s = s.apply("bid herschut")
    r = s.result()
    assert s.to_act is None and r.outcome == "made" and r.detail["stage"] == "herschut"
    assert r.detail["contract_points"] == [500, 0]


def tout_at_111():
    """D6: 0/2 say schut, seat 1 herschut on its first play turn, tricks 1-6: the
    schutters 0/2 at 111, the herschutters 1/3 at 20, seat 0 to lead trick 7."""
    return run(start(), "pass", "bid schut", *M, "bid herschut", *tricks(0, 6))


def test_tout_by_schutters_already_at_100_ruling_14():
    """§4.3 limits tout by the herschutters' count only: schutters at 111 may say it (the
    game refused it once: "your side already has 111"), then hold a contract already made."""
    s = tout_at_111()
    assert s.counts == [111, 20] and s.to_act == 0 and s.stage == "herschut"
    assert legal(s) == {"bid tout", "concede", "play AS", "play TS"}
    s = s.apply("bid tout")
    obs = s.observation(1)
    assert obs.extra["stage"] == "tout" and obs.extra["contract_side"] == 0 and obs.extra["schutters"] == 0
    assert s.to_act == 0 and legal(s) == {"claim", "play AS", "play TS"}
    refused(s, "concede", "no giving up after tout")


def test_tout_at_111_then_ik_dek_900():
    m, r = result_of("tout_made_at_once")
    assert r.outcome == "made" and r.detail["stage"] == "tout"
    assert r.detail["contract_side"] == 0 and r.detail["schutters"] == 0
    assert r.detail["counts"] == [111, 20] and r.detail["claimer"] == 0 and r.detail["tricks_played"] == 6
    assert r.detail["contract_points"] == [900, 0] and r.detail["roem_points"] == [0, 0]
    assert r.points == [900, 0, 900, 0] and r.winners == [0, 2]
    assert r.detail["entries"] == [{"side": 0, "points": 900, "reason": "made"}]
    assert m.sheet.points == [900, 0] and m.sheet.next_dealer == 1
    assert m.game.check_result(r, m.state) == []


def test_tout_at_111_with_claim_mode_auto_is_claimed_at_once():
    s = run(start(claim_mode="auto"), "pass", "bid schut", *M, "bid herschut", *tricks(0, 6))
    assert s.counts == [111, 20] and s.to_act == 0 and "bid tout" in legal(s)
    m, r = result_of("tout_made_auto")
    assert m.game.options["claim_mode"] == "auto"
    assert r.outcome == "made" and r.detail["stage"] == "tout" and r.detail["claimer"] is None
    assert r.detail["counts"] == [111, 20] and r.detail["tricks_played"] == 6
    assert r.points == [900, 0, 900, 0] and m.sheet.points == [900, 0]


def test_tout_at_111_without_a_claim_is_made_after_the_eighth_trick():
    _m, r = result_of("tout_made_at_the_end")
    assert r.outcome == "made" and r.detail["stage"] == "tout" and r.detail["claimer"] is None
    assert r.detail["counts"] == [128, 38] and r.detail["tricks_played"] == 8
    assert sum(r.detail["trick_points"]) == 146
    assert r.points == [900, 0, 900, 0] and r.winners == [0, 2]


def test_simple_bot_touts_at_100_and_claims():
    """A certain 900: the bot says tout when its side has 100, even with the herschutters
    above onder jan (its rule of thumb for a tout below 100 asks them below 35), then
    claims."""
    import dataclasses

    s = tout_at_111()
    bot = get_bot("simple", s.game, seed=1)
    obs = s.observation(0)
    assert bot.choose(obs).text() == "bid tout"
    richer = dataclasses.replace(obs, scores={**obs.scores, "counts": [111, 40]})
    assert bot.choose(richer).text() == "bid tout"
    lower = dataclasses.replace(obs, scores={**obs.scores, "counts": [95, 40]})
    assert bot.choose(lower).text() != "bid tout"
    assert bot.choose(s.apply("bid tout").observation(0)).text() == "claim"


def test_the_hand_is_won_by_the_side_writing_more_points():
    """Four jacks (200 on the boom) outweigh a concession's 100: the defenders won the hand."""
    d = {
        "dealer": 0,
        "upcard": "7H",
        "hands": [
            h.split()
            for h in (
                "8H 9H AH 7H AS TS 8C 7D",
                "JH JC JS JD 9D KC QC 7S",
                "QH TH AD TD AC TC KS 8S",
                "KH 8D KD QD 9C 7C QS 9S",
            )
        ],
    }
    s = run(
        get_game("schutjassen").from_deal(d),
        "pass",
        "bid schut",
        "declare carre JC JD JH JS",
        *("pass",) * 4,
        "concede",
    )
    r = s.result()
    assert r.detail["contract_points"] == [100, 0] and r.detail["roem_points"] == [0, 200]
    assert r.points == [100, 200, 100, 200]
    assert r.detail["contract_winner"] == 0 and r.winners == [1, 3] and r.detail["winning_side"] == 1


def test_giving_up_asks_first():
    """Opgeven ends the hand at once, so the game declares a confirmation (VerbSpec.confirm),
    as for Ik dek: a fresh user gave up a hand with one stray key."""
    from cardtable.games.schutjassen import CONCEDE_SPEC

    assert CONCEDE_SPEC.verb == "concede" and CONCEDE_SPEC.confirm


def test_simple_bot_says_herschut_at_100_and_claims():
    """A certain 400 or 500: a defender whose side has 100 says herschut, even with the
    schutters above onder jan, then claims (ruling 15)."""
    import dataclasses

    s = run(start(), "bid schut", *M, *tricks(0, 6))  # schutters 1/3 at 20, side 0/2 at 111
    bot = get_bot("simple", s.game, seed=1)
    obs = s.observation(0)
    assert bot.choose(obs).text() == "bid herschut"
    richer = dataclasses.replace(obs, scores={**obs.scores, "counts": [111, 60]})
    assert bot.choose(richer).text() == "bid herschut"
    assert bot.choose(s.apply("bid herschut").observation(0)).text() == "claim"
