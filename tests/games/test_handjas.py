"""Handjas (cardtable/rules/handjas.md): every Example HJ1-HJ9 with the spec's exact values,
the options of §9, the rulings of §10 that change play (the deal per player count, the rob,
one binding exchange, whole runs, value precedence, stuk, onder jan, ties, the aardappel,
the game end), hidden places, the sheet and the simple bot. The full-hand examples HJ4-HJ7
are records in tests/records/handjas."""

from __future__ import annotations

import dataclasses
from functools import partial

import pytest

from cardtable.bots import get_bot
from cardtable.cards import deck36, parse_card
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay
from cardtable.games.handjas import HANDJAS
from cardtable.games.handjas import deal as deal_pack
from cardtable.sheets.aardappel import Aardappels
from tests.games.helpers import legal, load_record, plays, refused, run

load = partial(load_record, "handjas")


def deal4(dealer: int, upcard: str, *hands: str) -> dict:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard}


def start(d: dict, players: int = 4, **options):
    return get_game("handjas", players=players, **options).from_deal(d)


def record_of(name: str) -> tuple[dict, list[str], int]:
    rec = load(name)
    h = rec["hands"][0]
    return h["deal"], h["actions"], rec["players"]


PASS4 = ("pass",) * 4
A = deal4(
    0,
    "6S",
    "6S TS AH QH TH 8H 6H AC QC",
    "KS 7S AD JD 9D KH 9H KC 9C",
    "9S QS QD TD 8D 6D JH 7H 8C",
    "JS 8S AS KD 7D JC TC 7C 6C",
)
B = deal4(
    0,
    "JS",
    "JS AH QH TH 8H 6H AC QC JC",
    "KS 7S AD JD 9D KH 9H KC 9C",
    "9S QS QD TD 8D 6D JH 7H 8C",
    "6S TS 8S AS KD 7D TC 7C 6C",
)
C = deal4(
    0,
    "7D",
    "QD TD 7D KS JS 7S TH 6H 7C",
    "AC KC QC JC TC AD 7H 8S 6S",
    "9C 9D 9H 9S KH QH JH 6C 6D",
    "KD JD 8D AS QS TS AH 8H 8C",
)
E = deal4(
    0,
    "7H",
    "AC JC TC 7C QD 9D AH 7H 8S",
    "6C JD 6D KH 9H 6H JS 9S 6S",
    "9C TD 8D QH TH 8H AS QS 7S",
    "KC QC 8C AD KD 7D JH KS TS",
)
MELD_C = (
    "declare seq5 AC KC QC JC TC",
    "pass",
    "declare carre 9C 9D 9H 9S",
    "declare seq3 KH QH JH",
    "pass",
    "pass",
    "pass",
)


# ---- §2 cards, §3 deal ----------------------------------------------------------------------


def test_card_points_are_152_and_157_with_the_last_trick():
    assert HANDJAS.total_points() == 152
    g = get_game("handjas", players=4)
    assert len(g.deck()) == 36 and g.deck() == deck36()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_deal_follows_the_card_numbers_of_section_3(n):
    cards = deck36()
    pack = list(cards)  # position i holds "card i + 1"
    hands, extra, dead, up = deal_pack(pack, n, dealer=0)
    num = {c: i + 1 for i, c in enumerate(pack)}

    def numbers(mask):
        return sorted(num[c] for c in cards if (mask >> c) & 1)

    first = [1, 2, 3, 13, 14, 15, 25, 26, 27]
    if n == 4:
        assert numbers(hands[1]) == first and numbers(hands[0]) == [10, 11, 12, 22, 23, 24, 34, 35, 36]
        assert num[up] == 36 and (hands[0] >> up) & 1
    if n == 5:
        assert hands[0] == 0 and numbers(hands[1]) == first
        assert numbers(hands[4]) == [10, 11, 12, 22, 23, 24, 34, 35, 36] and (hands[4] >> up) & 1
    if n == 3:
        assert numbers(hands[1]) == [1, 2, 3, 10, 11, 12, 19, 20, 21]
        assert numbers(hands[0]) == [7, 8, 9, 16, 17, 18, 25, 26, 27]
        assert numbers(extra) == list(range(28, 37)) and num[up] == 28
    if n == 2:
        assert numbers(hands[1]) == first and numbers(hands[0]) == [4, 5, 6, 16, 17, 18, 28, 29, 30]
        assert numbers(extra) == [7, 8, 9, 19, 20, 21, 31, 32, 33]
        assert numbers(dead) == [10, 11, 12, 22, 23, 24, 34, 35, 36] and num[up] == 36


def test_bad_deals_are_refused_with_a_reason():
    g = get_game("handjas", players=4)
    with pytest.raises(DealError, match="upcard 6S must be in seat 1's hand"):
        g.from_deal(dict(A, dealer=1))
    with pytest.raises(DealError, match="dealt twice"):
        g.from_deal(dict(A, hands=[A["hands"][0]] * 4))
    with pytest.raises(DealError, match="unknown deal key"):
        g.from_deal(dict(A, talon=[]))
    d5, _a, _n = record_of("hj7")
    with pytest.raises(DealError, match="hand of seat 0 must hold 0 cards"):
        get_game("handjas", players=5).from_deal(dict(d5, hands=[["6C"]] + d5["hands"][1:]))
    d2, _a, _n = record_of("hj5")
    with pytest.raises(DealError, match="dead must hold 9 cards"):
        get_game("handjas", players=2).from_deal(dict(d2, dead=[]))


def test_deal_record_round_trips_after_rob_and_exchange():
    d, actions, n = record_of("hj6")
    s = run(start(d, 3), *actions[:3])
    again = get_game("handjas", players=3).from_deal(s.deal_record())
    assert again.deal_record() == s.deal_record()
    assert s.deal_record()["extra"] == sorted(d["extra"], key=lambda c: ("CDHS".index(c[1]), -parse_card(c) % 16))


# ---- §5 play: HJ1, HJ2 ----------------------------------------------------------------------


def test_hj1_plain_suit_led_follow_or_overtrump_void_never_undertrump():
    s = run(start(A), *PASS4, "play AD", "play 9S")
    assert plays(s) == {"KD", "7D", "JS"}
    s = run(s, "play KD")
    assert plays(s) == {"AH", "QH", "TH", "8H", "6H", "AC", "QC"}
    refused(s, "play TS", "lower than 9S")
    s = run(s, "play 6H")
    obs = s.observation(0)
    assert obs.last_trick_winner == 2 and obs.extra["tricks"][-1]["points"] == 29
    assert s.counts == [0, 0, 29, 0]


def test_hj2_trump_led_overtrump_the_lone_jas_may_be_kept_back():
    s = run(start(B), *PASS4, "play KS")
    assert plays(s) == {"9S"}
    assert plays(run(start(B, overtrump_on_trump_lead=False), *PASS4, "play KS")) == {"9S", "QS"}
    s = run(s, "play 9S")
    assert plays(s) == {"6S", "TS", "8S", "AS"}
    s = run(s, "play 6S")
    assert len(plays(s)) == 9
    s = run(s, "play 6H")
    assert s.observation(0).last_trick_winner == 2 and s.counts[2] == 18


# ---- §6 roem: HJ3, HJ9 ----------------------------------------------------------------------


def test_hj3_value_first_the_meld_winner_scores_all_his_melds():
    s = start(C)  # seat 1 first: a part of the run is refused, the whole run is legal
    refused(s, "declare seq4 AC KC QC JC", "not a whole run", "seq5 AC KC QC JC TC")
    s = run(s, *MELD_C)
    assert s.phase == "play"
    assert s.counts == [0, 0, 170, 0]
    obs = s.observation(0)
    assert obs.extra["meld_winner"] == 2
    assert [d["scores"] for d in obs.extra["declared"]] == [False, True, True]


def test_hj9_which_carres_count():
    s = start(E)
    assert s.to_act == 1
    assert legal(s) == {"declare carre 6C 6D 6H 6S", "pass"}
    assert legal(start(E, carre_ranks="swiss")) == {"pass"}
    refused(start(E, carre_ranks="swiss"), "declare carre 6C 6D 6H 6S", "does not count")
    s = run(s, "declare carre 6C 6D 6H 6S", "pass", "pass", "pass", "pass")
    assert s.counts == [0, 100, 0, 0] and s.observation(1).extra["meld_winner"] == 1


def test_stuk_scores_for_its_holder_and_forces_the_card():
    # seat 3 gets K and Q of spades (trump) from seat 1 and seat 2
    d = deal4(
        0,
        "6S",
        "6S TS AH QH TH 8H 6H AC QC",
        "JS 7S AD JD 9D KH 9H KC 9C",
        "9S 8S QD TD 8D 6D JH 7H 8C",
        "KS QS AS KD 7D JC TC 7C 6C",
    )
    s = start(d)
    s = run(s, "pass", "pass")
    assert "declare stuk" in legal(s)
    s = run(s, "pass", "pass")  # not declared in the meld phase
    s = run(s, "play AD", "play 8D")
    assert "declare stuk" in legal(s)  # KS / QS may trump: a legal play
    s = run(s, "declare stuk")
    assert plays(s) == {"KS", "QS"} and s.counts[3] == 20
    refused(s, "play 7D", "troef K or Q")
    s = run(s, "play QS")
    assert s.observation(0).extra["stuk"] == 3
    refused(s, "declare stuk", "once per hand")


def test_no_claim_in_handjas():
    s = run(start(A), *PASS4)
    refused(s, "claim", "'claim'")
    assert not any(a.verb == "claim" for a in s.legal_actions())


def test_roem_mode_auto_declares_whole_runs_carres_and_stuk():
    s = start(C, roem_mode="auto")
    assert s.phase == "play"
    assert s.counts == [0, 0, 170, 0]
    assert [(d["seat"], d["announce"]) for d in s.observation(0).extra["declared"]] == [
        (1, "seq5 to A"),
        (2, "seq3 to K"),
        (2, "carré of nines"),
    ]


# ---- full hands: HJ4-HJ7 ----------------------------------------------------------------------


def test_hj4_two_strepen_a_potato_extra_strepen():
    d, actions, n = record_of("hj4")
    s = run(start(d, n), *actions[:7])
    assert s.counts == [0, 0, 170, 0]
    s = run(s, *actions[7:])
    r = s.result()
    assert r.detail["points"] == [24, 9, 208, 86] and sum(r.detail["points"]) == 327 == 157 + 170
    assert r.detail["onder_jan"] == [False, True, False, False]
    assert r.detail["strepen"] == [1, 0, 2, 2] and r.detail["aardappels"] == [0, 1, 0, 0]
    assert r.winners == [2, 3] and r.points == [1, -1, 2, 2]
    m = replay(load("hj4"))
    assert m.sheet.render().splitlines() == ["0: | (1)", "1: - O (-1)", "2: || (2)", "3: || (2)"]


def test_hj5_two_players_rob_exchange_dead_hand():
    d, actions, n = record_of("hj5")
    s = start(d, n)
    assert s.phase == "rob" and s.to_act == 1 and legal(s) == {"swap 6D", "pass"}
    s = run(s, "swap 6D")
    assert (s.hands[1] >> parse_card("QD")) & 1 and s.upcard == parse_card("6D")
    assert s.observation(0).upcard == parse_card("6D")
    assert s.phase == "exchange" and s.to_act == 1
    s = run(s, "keep-hand", "take-hand")
    assert {c for c in "AC TC 8D AH KH AS JS 9S 7S".split()} == set(s.observation(0).to_json()["hand"])
    refused(s, "take-hand", "only one player")
    s = run(s, *actions[3:6])
    assert s.counts == [0, 50]
    s = run(s, "play 7D")
    assert plays(s) == {"8D"}  # its only trump, and it beats 7D
    s = run(s, *actions[7:])
    r = s.result()
    assert r.detail["points"] == [16, 131] and sum(r.detail["points"]) == 147 == 92 + 5 + 50
    assert r.detail["aardappels"] == [1, 0] and r.detail["strepen"] == [0, 2]
    assert r.detail["robbed_by"] == 1 and r.detail["took_extra"] == 0


def test_hj6_three_players_the_jas_robbed_exactly_21_is_onder_jan():
    d, actions, n = record_of("hj6")
    s = run(start(d, n), "swap 6S")
    assert (s.hands[1] >> parse_card("JS")) & 1
    ex = [z for z in s.observation(0).zones if z.name == "extra hand"][0]
    assert ex.count == 9 and ex.cards == (parse_card("6S"),)  # only the six lies face up
    s = run(s, "keep-hand", "take-hand")
    assert s.observation(0).extra["took_extra"] == 2
    s = run(s, *actions[3:])
    r = s.result()
    assert r.detail["points"] == [31, 65, 21] and sum(r.detail["points"]) == 117
    assert r.detail["onder_jan"] == [False, False, True]
    assert r.detail["strepen"] == [1, 2, 0] and r.detail["aardappels"] == [0, 0, 1]


def test_hj7_five_players_dealer_sits_out_tie_for_second():
    d, actions, n = record_of("hj7")
    s = start(d, n)
    obs = s.observation(0)
    assert obs.active == (False, True, True, True, True) and obs.hand == ()
    assert s.to_act == 1
    s = run(s, *actions)
    r = s.result()
    assert r.detail["points"] == [None, 36, 24, 36, 81] and sum(r.detail["points"][1:]) == 177
    assert r.detail["strepen"] == [0, 1, 0, 1, 1] and r.winners == [1, 3, 4]
    assert r.detail["next_dealer"] == 1
    m = replay(load("hj7"))
    nxt = m.start_hand(seed=2)
    assert nxt.dealer == 1 and nxt.hands[1] == 0 and nxt.to_act == 2


def test_check_result_finds_a_point_written_to_the_seat_sitting_out():
    """The §7 check of the invariant tests: the seat sitting out (5 players) scores nothing, in
    ``points`` as well as in its strepen and aardappels."""
    d, actions, n = record_of("hj7")
    s = run(start(d, n), *actions)
    r = s.result()
    assert s.game.check_result(r, s) == []
    bad = dataclasses.replace(
        r, points=tuple([1, *r.points[1:]]) if isinstance(r.points, tuple) else [1, *r.points[1:]]
    )
    assert s.game.check_result(bad, s) == ["seat 0 sat out but scores"]


def test_single_winner_gives_one_most_points_streep_with_four():
    d, actions, n = record_of("hj4")
    r = run(start(d, n, single_winner=True), *actions).result()
    assert r.detail["strepen"] == [1, 0, 2, 1]


def test_onder_jan_max_25():
    d, actions, n = record_of("hj4")
    r = run(start(d, n, onder_jan_max=25), *actions).result()
    assert r.detail["onder_jan"] == [True, True, False, False]  # 24 is below 26 now
    assert r.detail["strepen"] == [0, 0, 3, 3]


# ---- §7.3, §8 the sheet: HJ8 ---------------------------------------------------------------------


def _hand(strepen, aardappels, points=(30, 30, 30, 30)):
    return Result(
        points=[a - b for a, b in zip(strepen, aardappels)],
        outcome="end",
        detail={"strepen": list(strepen), "aardappels": list(aardappels), "points": list(points), "next_dealer": 1},
    )


def test_hj8_paying_off_a_potato_game_end_drawing():
    sh = Aardappels(4, target=7)
    for seat, p in enumerate(
        (
            {"strepen": 0, "open": 2, "cancelled": 0},
            {"strepen": 6, "open": 1, "cancelled": 0},
            {"strepen": 3, "open": 0, "cancelled": 0},
            {"strepen": 5, "open": 0, "cancelled": 1},
        )
    ):
        sh.players[seat].update(p)
    sh.record(_hand([0, 2, 1, 1], [1, 0, 0, 0]))
    assert sh.players[1] == {"strepen": 7, "open": 0, "cancelled": 1}
    assert sh.players[0]["open"] == 3
    assert sh.over and sh.winners == [1]
    assert sh.render().splitlines() == [
        "0: - OOO (-3)",
        "1: ||||/ || \u00d8 (7)",
        "2: |||| (4)",
        "3: ||||/ | \u00d8 (6)",
    ]
    v = sh.view()
    assert v.total[1:] == ("- OOO (-3)", "||||/ || \u00d8 (7)", "|||| (4)", "||||/ | \u00d8 (6)")
    assert v.rows[0][1:] == ("O", "\u00d8|", "|", "|") and (-1, 2, "winner") in v.marks


def test_the_target_needs_no_open_potato_and_ties_go_to_points():
    sh = Aardappels(3, target=5)
    sh.players[0].update(strepen=5, open=1)
    sh.players[1].update(strepen=4)
    sh.record(_hand([0, 0, 0], [0, 0, 1], (40, 40, 10)))
    assert not sh.over  # 5 strepen but an open potato
    sh.record(_hand([1, 1, 0], [0, 0, 0], (50, 40, 30)))
    assert sh.players[0] == {"strepen": 5, "open": 0, "cancelled": 1}
    assert sh.over and sh.winners == [0]  # 5 strepen each: more points in the last hand
    sh2 = Aardappels(2, target=5)
    sh2.players[0].update(strepen=4)
    sh2.players[1].update(strepen=5)
    sh2.record(_hand([2, 1], [0, 0], (60, 50)))
    assert sh2.winners == [0]  # 6 strepen each: seat 0 made more points
    sh3 = Aardappels(2, target=5)
    sh3.players[0].update(strepen=4)
    sh3.players[1].update(strepen=4)
    sh3.record(_hand([1, 1], [0, 0], (60, 60)))
    assert sh3.winners == [0, 1]  # level in strepen and points: a shared win


# ---- §9 options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "opt,value",
    [
        ("target", 6),
        ("target", "9"),
        ("onder_jan_max", 26),
        ("carre_ranks", "dutch"),
        ("roem_mode", "none"),
        ("single_winner", "maybe"),
        ("overtrump_on_trump_lead", 2),
    ],
)
def test_every_option_is_validated(opt, value):
    with pytest.raises(OptionError, match=opt):
        get_game("handjas", players=4, **{opt: value})


def test_options_from_text_and_players():
    g = get_game("handjas", players=3, target="5", onder_jan_max="25")
    assert g.options["target"] == 5 and g.options["onder_jan_max"] == 25
    assert g.new_sheet().target == 5
    with pytest.raises(OptionError, match="2 to 5"):
        get_game("handjas", players=6)


# ---- hidden places ----------------------------------------------------------------------------


def test_extra_dead_and_put_aside_hands_stay_hidden():
    d, actions, n = record_of("hj5")
    s = start(d, n)
    for seat in (0, 1):
        hid = s.hidden_mask(seat)
        for code in d["extra"] + d["dead"][:-1]:
            assert (hid >> parse_card(code)) & 1
        assert not (hid >> parse_card("QD")) & 1  # the turned card is public
    s = run(s, "swap 6D", "keep-hand", "take-hand")
    for code in "JC 9C 8C 6C TD 8H 6H QS 8S".split():  # seat 0's old hand, put aside
        assert not (s.hidden_mask(0) >> parse_card(code)) & 1
        assert (s.hidden_mask(1) >> parse_card(code)) & 1
    assert not (s.hidden_mask(0) >> parse_card("QD")) & 1 and not (s.hidden_mask(0) >> parse_card("6D")) & 1


# ---- the bot ----------------------------------------------------------------------------------


def test_the_bot_robs_and_swaps_a_weak_hand():
    d, _actions, n = record_of("hj5")
    g = get_game("handjas", players=n)
    bot = get_bot("simple", g, seed=1)
    s = g.from_deal(d)
    assert bot.choose(s.observation(1)).text() == "swap 6D"
    s = run(s, "swap 6D")
    assert bot.choose(s.observation(1)).text() == "keep-hand"  # a seq4 and four trumps
    s = run(s, "keep-hand")
    assert bot.choose(s.observation(0)).text() == "take-hand"  # 19 card points, one trump


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_bot_match_ends_with_a_winner(n):
    g = get_game("handjas", players=n, target=5)
    m = Match(g, ["bot:simple"] * n, seed=4)
    bots = [get_bot("simple", g, seed=s) for s in range(n)]
    while not m.over:
        st = m.start_next()
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    assert m.sheet.winners and all(m.sheet.players[w]["open"] == 0 for w in m.sheet.winners)


# ---- §6.3 precedence, §7.2 rulings 14-15, ruling 5 -------------------------------------------------


def test_precedence_a_trump_run_then_the_one_declared_first():
    # seat 1: KD QD JD (trump diamonds), seat 2: KH QH JH, seat 3: KC QC JC: equal value, cards, top
    d = deal4(
        0,
        "7D",
        "AD TD 7D AS JS 7S TH 6H TC",
        "KD QD JD AC TS 9C 7H 8S 6S",
        "KH QH JH 9D 9H 9S 8D 6C 6D",
        "KC QC JC AH QS KS 8H 8C 7C",
    )
    s = run(start(d), "pass", "declare seq3 KH QH JH", "pass", "declare seq3 KC QC JC", "pass", "pass")
    assert s.observation(0).extra["meld_winner"] == 2  # declared before seat 3's equal run
    s = run(start(d), "declare seq3 KD QD JD", "pass", "declare seq3 KH QH JH", "pass", "pass", "pass")
    assert s.observation(0).extra["meld_winner"] == 1 and s.counts == [0, 20, 0, 0]
    s = run(start(d), "pass", "declare seq3 KH QH JH", "pass", "pass", "pass")
    assert s.counts == [0, 0, 20, 0]


def _scored(points, players=4, **options):
    """The §7.2 scoring of a hand whose players end with ``points``."""
    d = {4: A, 3: record_of("hj6")[0], 2: record_of("hj5")[0]}[players]
    st = start(d, players, **options)
    st.counts = list(points)
    st._end_without_claim()
    return st.result().detail


def test_onder_jan_players_get_no_most_points_streep_even_second():
    d = _scored([120, 20, 15, 2])  # four players, k = 2: seat 1 ranks second
    assert d["strepen"] == [1 + 3, 0, 0, 0] and d["aardappels"] == [0, 1, 1, 1]
    assert d["most_points"] == [0]


def test_ties_share_the_streep_and_all_onder_jan_scores_no_streep():
    d = _scored([50, 50, 17], players=3)
    assert d["strepen"] == [2, 2, 0] and d["most_points"] == [0, 1]
    d = _scored([21, 20], players=2)
    assert d["strepen"] == [0, 0] and d["aardappels"] == [1, 1]


def test_a_robber_may_still_take_the_extra_hand():
    d, _actions, n = record_of("hj6")
    s = run(start(d, n), "swap 6S", "take-hand")  # seat 1 robs the jas, then swaps
    assert (s.hands[1] >> parse_card("6S")) & 1 and not (s.hands[1] >> parse_card("JS")) & 1
    assert s.observation(0).extra["took_extra"] == 1 and s.phase == "meld"
    assert not (s.hidden_mask(0) >> parse_card("JS")) & 1  # the jas lies in the put-aside hand, known
    again = get_game("handjas", players=3).from_deal(s.deal_record())
    assert again.deal_record() == s.deal_record() and again.dealt_extra == s.dealt_extra
