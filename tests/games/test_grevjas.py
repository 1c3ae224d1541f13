"""Grevjas (cardtable/rules/grevjas.md): every Example G1-G8 with the spec's exact values, the
options of §9, the rulings of §10 that change play (free trumping, the lone jas, best-only
roem, the pit bid, stuk on the second card, the last trick's winner deals), the sheet and
the simple bot. Full-hand examples G4-G8 are records in tests/records/grevjas."""

from __future__ import annotations

from functools import partial

import pytest

from cardtable.bots import get_bot
from cardtable.engine import Match, get_game
from cardtable.engine.game import OptionError
from cardtable.engine.record import replay
from tests.games.helpers import legal, load_record, plays, refused, run

load = partial(load_record, "grevjas")


def deal(dealer: int, upcard: str, *hands: str) -> dict:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard, "stock": []}


def start(d: dict, **options):
    return get_game("grevjas", **options).from_deal(d)


def actions_of(name: str) -> tuple[dict, list[str]]:
    h = load(name)["hands"][0]
    return h["deal"], h["actions"]


PASS4 = ("pass",) * 4
G1 = deal(
    0, "9H", "9H JH AH KD QD 8S 9C 8C", "KH KS QS 9S AD 8D AC 7C", "TH 8H JS TS JD 7D KC TC", "QH 7H AS 7S TD 9D QC JC"
)
G2 = deal(
    0, "9H", "9H AH TH KD QD 8S 9C 8C", "KH 8H KS QS 9S AD 8D AC", "JH JS TS JD 7D KC TC 7C", "QH 7H AS 7S TD 9D QC JC"
)
G3 = deal(
    0, "7H", "QC AD QD KH 8H 7H TS 9S", "TD 9D 8D 7D AC KC 9H 7S", "JC JD JH JS TC 8C AH QH", "AS KS QS 9C 7C KD TH 8S"
)


def test_trick_points_are_146():
    g = get_game("grevjas")
    assert g.ranking.total_points() + 5 == 146


def test_g1_trumping_is_always_free_even_under_a_higher_trump():
    s = run(start(G1), *PASS4, "play KS", "play 8H")
    assert legal(s) == {"play AS", "play 7S", "play QH", "play 7H", "claim"}
    s = run(s, "play 7H")
    assert legal(s) == {"play 8S", "play 9H", "play JH", "play AH", "claim"}
    s = run(s, "play 8S")
    obs = s.observation(0)
    assert obs.last_trick_winner == 2
    assert obs.extra["tricks"][-1]["points"] == 3
    assert s.counts == [3, 0]


def test_g2_trump_led_the_lone_jas_may_be_kept_back():
    s = run(start(G2), *PASS4, "play KH")
    assert plays(s) == set("JH JS TS JD 7D KC TC 7C".split())
    s = run(s, "play 7C")
    assert plays(s) == {"QH", "7H"}
    s = run(s, "play 7H")
    assert plays(s) == {"9H", "AH", "TH"}


def test_g3_only_the_best_meld_scores():
    s = run(
        start(G3),
        "declare seq4 TD 9D 8D 7D",
        "pass",
        "declare carre JC JD JH JS",
        "pass",
        "declare seq3 AS KS QS",
        "pass",
        "pass",
    )
    assert s.phase == "play" and s.to_act == 1
    assert s.counts == [0, 0]
    obs = s.observation(1)
    assert obs.extra["roem_strepen"] == [1, 0]
    assert [d["scores"] for d in obs.extra["declared"]] == [False, True, False]
    # the streep stands at the end of the hand whatever happens: seat 1's wrong claim at once
    s = run(s, "claim")
    r = s.result()
    assert {"side": 0, "strepen": 1, "reason": "roem"} in r.detail["entries"]
    assert r.detail["strepen"] == [3, 0]  # the roem streep + 2 for a wrong claim at 0


def test_melds_are_public_at_once_and_need_not_outrank():
    s = run(start(G3), "declare seq4 TD 9D 8D 7D", "pass")
    # seat 2 may declare a lower meld too (no outranking, §6.2); seat 0 sees seat 1's cards
    assert "declare carre JC JD JH JS" in legal(s)
    obs = s.observation(0)
    assert obs.extra["declared"][0]["cards"] == ["TD", "9D", "8D", "7D"]
    from cardtable.cards import parse_card

    for code in ("TD", "9D", "8D", "7D"):
        assert not (s.hidden_mask(0) >> parse_card(code)) & 1
    assert (s.hidden_mask(0) >> parse_card("AC")) & 1  # the rest of seat 1's hand stays hidden


def test_g4_correct_claim_against_onder_jan_last_trick_winner_deals():
    d, actions = actions_of("g4")
    s = run(start(d), *actions[:5])
    assert s.counts == [0, 20]
    s = run(s, *actions[5:-1])
    assert s.counts == [111, 20] and s.to_act == 0
    m = replay(load("g4"))
    r = m.results[0]
    assert r.outcome == "claim" and r.winners == [0, 2]
    assert r.points == [2, 0, 2, 0]
    assert r.detail["next_dealer"] == 0
    assert r.detail["carry"] == [0, 0]
    assert m.sheet.strepen == [2, 0] and m.sheet.carry == [0, 0] and m.sheet.next_dealer == 0


def test_g5_no_100_counts_carry_last_trick_winner_deals():
    d, actions = actions_of("g5")
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
    pl = actions[4:]
    for i, (winner, pts, counts) in enumerate(expect):
        s = run(s, *pl[4 * i : 4 * i + 4])
        obs = s.observation(0)
        assert obs.last_trick_winner == winner
        assert obs.extra["tricks"][-1]["points"] == pts
        assert s.counts == counts
    r = s.result()
    assert r.outcome == "carried" and r.points == [0, 0, 0, 0]
    assert sum(r.detail["counts"]) == 146
    m = replay(load("g5"))
    assert m.sheet.next_dealer == 0 and m.sheet.carry == [78, 68]
    assert m.sheet.render().splitlines()[-1] == "carry: 78 - 68"
    nxt = m.start_hand(seed=3)
    assert nxt.dealer == 0 and nxt.counts == [78, 68]


def test_g6_a_pit_announced_and_made():
    d, actions = actions_of("g6")
    s = run(start(d), *actions[:8])
    assert s.phase == "play" and s.counts == [0, 0]
    assert s.observation(1).extra["pit"] == 0 and s.observation(1).extra["pit_alive"]
    m = replay(load("g6"))
    r = m.results[0]
    assert r.outcome == "pit"
    assert r.detail["strepen"] == [8, 0]
    assert r.detail["counts"] == [146, 0]
    assert r.detail["next_dealer"] == 0
    assert m.sheet.strepen == [8, 0]


def test_g6_without_the_bid_the_carre_scores_at_once():
    d, actions = actions_of("g6")
    acts = [a for a in actions if a != "bid pit"]
    s = run(start(d), *acts[:7])
    assert s.observation(0).extra["roem_strepen"] == [4, 0]
    s = run(s, *acts[7:])
    r = s.result()
    assert r.outcome == "pit" and r.detail["strepen"] == [8, 0]  # 4 for the pit + 4 roem


def test_a_failed_pit_voids_its_sides_melds_and_the_other_side_scores_its_best():
    d, actions = actions_of("g6")
    # seat 0 bids pit; seat 1 wins the first trick with the pit alive -> it fails
    s = run(start(d), *actions[:8])
    assert legal(s) >= {"claim"}
    s2 = run(s, "claim")  # a claim while the pit is alive: it fails first
    r = s2.result()
    assert r.outcome == "wrong_claim"
    # side 1/3 scored its best meld (seq3 to K: 20 points) before the claim was judged
    assert r.detail["counts"] == [0, 20]
    assert r.detail["pit_bid"] == 0 and not r.detail["pit_made"]
    assert all(e["reason"] != "roem" for e in r.detail["entries"])


def test_one_pit_bid_per_hand():
    d, _ = actions_of("g6")
    s = run(start(d), "bid pit")
    assert "bid pit" not in legal(s)
    s = run(s, "pass")
    refused(s, "bid pit", "already bid pit")


def test_g7_a_wrong_claim():
    d, actions = actions_of("g7")
    s = run(start(d), *actions[:-1])
    assert s.counts == [40, 20]
    m = replay(load("g7"))
    r = m.results[0]
    assert r.outcome == "wrong_claim"
    assert r.points == [0, 2, 0, 2]
    assert r.detail["next_dealer"] == 0


def test_g8_stuk_with_the_second_card_equal_melds_first_declarer():
    d, actions = actions_of("g8")
    s = run(start(d), *actions[:6])
    assert s.counts == [0, 20]
    s = run(s, *actions[6:18])
    assert s.counts == [40, 20]
    s = run(s, "play JH", "play 8H")
    assert legal(s) == {"play QH", "play KH", "play TH", "claim"}
    s = run(s, "play KH", "play JC")
    assert s.observation(0).last_trick_winner == 0 and s.counts == [64, 20]
    s = run(s, "play 9H", "play 7S")
    assert "declare stuk" in legal(s)
    s = run(s, "declare stuk")
    assert s.counts == [84, 20]
    assert legal(s) == {"play QH", "claim"}
    s = run(s, "play QH", "play 9S")
    assert s.counts == [100, 20]
    m = replay(load("g8"))
    r = m.results[0]
    assert r.outcome == "claim" and r.points == [2, 0, 2, 0]


def test_stuk_not_declared_on_the_second_card_is_lost():
    d, actions = actions_of("g8")
    s = run(start(d), *actions[:18], "play JH", "play 8H", "play KH", "play JC", "play 9H", "play 7S")
    s = run(s, "play QH")
    assert all(a.arg != "stuk" for a in s.legal_actions())
    assert s.stuk_by == -1


def test_options_validated():
    with pytest.raises(OptionError):
        get_game("grevjas", target=0)
    with pytest.raises(OptionError):
        get_game("grevjas", claim_mode="sometimes")
    with pytest.raises(OptionError):
        get_game("grevjas", roem_mode="never")
    with pytest.raises(OptionError):
        get_game("grevjas", jas_wild=True)
    assert get_game("grevjas").options == {"target": 10, "claim_mode": "manual", "roem_mode": "manual"}


def test_roem_mode_auto_declares_the_best_meld_only_and_stuk_on_the_second_card():
    s = start(G3, roem_mode="auto")
    assert s.phase == "play"
    assert [(p, m.arg) for p, m in s.declared] == [(1, "seq4"), (2, "carre"), (3, "seq3")]
    assert s.observation(0).extra["roem_strepen"] == [1, 0]
    d, actions = actions_of("g8")
    s = start(d, roem_mode="auto")
    plays8 = [a for a in actions if a.startswith("play ")]
    s = run(s, *plays8[:12], "play JH", "play 8H", "play KH", "play JC", "play 9H", "play 7S")
    assert s.counts == [64, 20]
    assert "declare stuk" not in legal(s)
    s = run(s, "play QH")
    assert s.counts == [84, 20]


def test_claim_mode_auto_claims_at_100_but_not_for_a_live_pit():
    d, actions = actions_of("g8")
    s = start(d, claim_mode="auto")
    s = run(s, *[a for a in actions if a != "claim"])
    r = s.result()
    assert r.outcome == "claim" and r.points == [2, 0, 2, 0] and r.detail["claimer"] is None
    d6, a6 = actions_of("g6")
    s = run(start(d6, claim_mode="auto"), *a6)
    assert s.result().outcome == "pit" and s.result().detail["strepen"] == [8, 0]


def test_sheet_game_end_at_target():
    g = get_game("grevjas", target=2)
    m = Match(g)
    d, actions = actions_of("g4")
    m.start_hand(deal=d)
    for a in actions:
        m.apply(a)
    assert m.over and m.sheet.winners == [0, 2]
    assert m.sheet.render().splitlines()[0] == "0/2: || (2)"


def test_simple_bot_plays_whole_matches():
    for seed in range(3):
        for opts in ({}, {"claim_mode": "auto"}, {"roem_mode": "auto"}):
            g = get_game("grevjas", **opts)
            m = Match(g, seed=seed)
            bots = [get_bot("simple", g, seed=s) for s in range(4)]
            for _ in range(6):
                if m.over:
                    break
                st = m.start_next()
                while st.to_act is not None:
                    st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
                assert g.check_result(st.result(), st) == []


def test_the_refusal_of_a_card_off_suit_says_any_trump_may_be_played():
    """§5.3 free trumping: holding the led suit, the refusal names any trump, not a higher one."""
    from cardtable.cards import CLUBS, HEARTS, parse_card
    from cardtable.families.tricks import JAS, JasRule, mask_of

    t = JAS.table(HEARTS)
    hand = mask_of([parse_card(c) for c in ("KC", "8D")])
    free = JasRule(free_trumping=True).why_not(t, hand, CLUBS, parse_card("AC"), False, parse_card("8D"))
    assert free == "you must follow suit (clubs) or play a trump"
    strict = JasRule().why_not(t, hand, CLUBS, parse_card("AC"), False, parse_card("8D"))
    assert strict == "you must follow suit (clubs) or play a higher trump"
