"""Butifarra (cardtable/rules/butifarra.md): every Example 1-10 with the spec's exact values,
plus the deal, options, action texts, observations, the score sheet and the simple bot.
The full hand of Example 8 is a record in tests/records/butifarra/e8.json."""

from __future__ import annotations

import json
import random
from functools import partial

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, deck48_no_tens, parse_card, shuffled
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, IllegalAction, OptionError
from cardtable.engine.grammar import parse_action
from cardtable.engine.record import replay
from cardtable.games.butifarra import hand_score, multiplier
from tests.games.helpers import legal, load_record, plays, refused, run, snapshot

load = partial(load_record, "butifarra")  # a record of tests/records/butifarra by name

# ---- helpers -----------------------------------------------------------------------------

#: Example 8's deal (dealer 0)
E8 = {
    "dealer": 0,
    "hands": [
        "8C 6C 3C 2C JD 8D 9H 7H 4H 9S 7S 6S".split(),
        "JC 5C AD QD 6D QH 8H AS QS JS 8S 5S".split(),
        "9C AC QC 9D 4D 2D 6H 5H 2H KS 3S 2S".split(),
        "KC 7C 4C KD 7D 5D 3D AH KH JH 3H 4S".split(),
    ],
    "upcard": None,
    "stock": [],
}


def game(**options):
    return get_game("butifarra", **options)


def start(d: dict = E8, **options):
    return game(**options).from_deal(d)


TRUMPS = {"trump C", "trump D", "trump H", "trump S", "trump none"}


# ---- Example 1: trump choice and delegation ------------------------------------------------


def test_example_1_trump_choice_and_delegation():
    s = start()
    assert s.to_act == 0 and s.phase == "trump"
    assert legal(s) == TRUMPS | {"pass"}
    s = s.apply("pass")
    assert s.to_act == 2
    assert legal(s) == TRUMPS
    refused(s, "pass", "must choose")
    s = s.apply("trump none")
    assert s.contract == "none" and s.trump is None and s.chooser == 2 and s.delegated
    assert s.phase == "double" and s.to_act == 1
    assert legal(s) == {"double", "pass"}
    obs = s.observation(3)
    assert obs.trump is None and obs.extra["contract"] == "none"
    assert obs.extra["chooser"] == 2 and obs.extra["delegated"] is True
    assert "Butifarra (partner)" in obs.status and "×2" in obs.status


# ---- Example 2: doubling order -------------------------------------------------------------


def test_example_2_doubling_order():
    s = run(start(), "trump S")
    assert s.phase == "double" and s.to_act == 1 and legal(s) == {"double", "pass"}
    s = s.apply("pass")
    assert s.to_act == 3 and legal(s) == {"double", "pass"}
    s = s.apply("double")
    assert s.to_act == 0 and legal(s) == {"redouble", "pass"}
    s = s.apply("pass")
    assert s.to_act == 2 and legal(s) == {"redouble", "pass"}
    s = s.apply("redouble")
    assert s.phase == "play" and s.to_act == 1
    assert plays(s) == set(E8["hands"][1])
    assert s.mult == 4
    assert s.observation(0).extra["multiplier"] == 4


def test_example_2_variant_first_opponent_doubles():
    s = run(start(), "trump S", "double")
    assert s.to_act == 2 and legal(s) == {"redouble", "pass"}
    s = s.apply("pass")
    assert s.to_act == 0
    s = s.apply("pass")
    assert s.phase == "play" and s.to_act == 1 and s.mult == 2


def test_example_2_variant_nobody_doubles():
    s = run(start(), "trump S", "pass", "pass")
    assert s.phase == "play" and s.to_act == 1 and s.mult == 1


def test_no_sant_vicenc_by_default_and_with_the_option():
    s = run(start(), "trump S", "double", "redouble")
    assert s.phase == "play" and s.mult == 4  # the redouble ends the phase
    s = run(start(sant_vicenc=True), "trump S", "double", "redouble")
    # the opponents are asked again, first after the redoubler (seat 2): 3, then 1
    assert s.phase == "double" and s.to_act == 3 and legal(s) == {"redouble", "pass"}
    s2 = run(s, "pass")
    assert s2.to_act == 1
    s2 = s2.apply("pass")
    assert s2.phase == "play" and s2.mult == 4
    s3 = s.apply("redouble")
    assert s3.phase == "play" and s3.mult == 8
    b = run(start(sant_vicenc=True), "trump none", "pass", "double", "pass", "redouble", "pass", "redouble")
    assert b.phase == "play" and b.mult == 16
    assert b.observation(0).extra["doubling"] == "sant_vicenc"


def test_delegation_keeps_the_dealing_side():
    # dealer 1 passes, seat 3 chooses; the opponents are still 2 then 0
    d = dict(E8, dealer=1)
    s = run(start(d), "pass", "trump C")
    assert s.chooser == 3 and s.to_act == 2
    s = s.apply("double")
    assert s.to_act == 3  # first dealing-side seat after the doubler (2): 3, then 1
    s = run(s, "pass")
    assert s.to_act == 1
    s = s.apply("pass")
    assert s.phase == "play" and s.to_act == 2  # voorhand leads


def test_refusals_in_the_bidding():
    s = start()
    refused(s, "double", "trump")
    refused(s, "play 8C", "trump")
    refused(s, "trump X")
    s = s.apply("trump H")
    refused(s, "redouble", "double")
    refused(s, "trump S")
    refused(s, "play JC")
    s = s.apply("double")
    refused(s, "double", "redouble")


# ---- Example 9: hand scores ----------------------------------------------------------------


def test_example_9_hand_scores():
    # (a) trump H, undoubled: A 38 + 7 = 45, B 22 + 5 = 27
    assert hand_score((45, 27), multiplier(False, 0)) == (0, [9, 0])
    # (b) butifarra doubled: M = 4
    assert multiplier(True, 1) == 4
    assert hand_score((45, 27), multiplier(True, 1)) == (0, [36, 0])
    # (c) butifarra redoubled: M = 8; B has 40
    assert multiplier(True, 2) == 8
    assert hand_score((32, 40), 8) == (1, [0, 32])
    # (d) trump C doubled, 36-36
    assert hand_score((36, 36), multiplier(False, 1)) == (None, [0, 0])
    # (e) as (a), score_mode total
    assert hand_score((45, 27), 1, "total") == (0, [45, 0])
    # the multipliers of §7.2
    assert {multiplier(b, lv) for b in (False, True) for lv in range(4)} == {1, 2, 4, 8, 16}


def test_example_9_card_points():
    from cardtable.families.tricks import BUTIFARRA

    t = BUTIFARRA.table(2)
    a = [parse_card(c) for c in "9H 9S 9C AH AS AD KH KC KD QH".split()]
    b = [parse_card(c) for c in "9D AC KS QS QC QD JH JS JC JD".split()]
    assert t.points_of(a) == 38 and t.points_of(b) == 22
    assert t.points_of(deck48_no_tens()) == 60


# ---- Examples 3-7: the play rule in a trick --------------------------------------------------


def position(trump: str, trick: str, actor_hand: str, seed: int = 0):
    """The state in which the seat after the trick's last card is to play, holding exactly
    ``actor_hand``: the trick ``"3:JS 0:KS"`` is played through the engine from a deal in
    which its leader is voorhand (the other cards are dealt at random, none of the led suit
    to a seat that shows out, until every trick card is a legal play), after ``trump
    <trump>`` and two passes. The actor's other cards are then taken out of the test state."""
    plays = [(int(x.split(":")[0]), parse_card(x.split(":")[1])) for x in trick.split()]
    leader = plays[0][0]
    actor = (plays[-1][0] + 1) % 4
    dealer = (leader + 3) % 4
    mine = [parse_card(c) for c in actor_hand.split()]
    fixed = {c for _s, c in plays} | set(mine)
    rest = [c for c in deck48_no_tens() if c not in fixed]
    rng = random.Random(seed)
    for _attempt in range(2000):
        pool = shuffled(rest, rng)
        hands = [[] for _ in range(4)]
        for s_, c in plays:
            hands[s_].append(c)
        hands[actor].extend(mine)
        led = plays[0][1] >> 4
        void = {s_ for s_, c in plays[1:] if c >> 4 != led}  # seats that showed out
        for s_ in sorted(range(4), key=lambda x: x not in void):
            need = 12 - len(hands[s_])
            take = [c for c in pool if not (s_ in void and c >> 4 == led)][:need]
            hands[s_].extend(take)
            pool = [c for c in pool if c not in take]
        d = {"dealer": dealer, "hands": [[card_text(c) for c in h] for h in hands], "upcard": None, "stock": []}
        st = run(start(d), f"trump {trump}", "pass", "pass")
        try:
            for _s, c in plays:
                st = st.apply(f"play {card_text(c)}")
        except IllegalAction:
            continue
        assert st.to_act == actor
        st = st.clone()
        st.hands[actor] = sum(1 << c for c in mine)
        st._lc = None
        return st
    raise AssertionError("no deal found")  # pragma: no cover


def test_example_3_beat_the_opponent_in_suit():
    s = position("H", "3:JS 0:KS", "AS 8S 9H 2C")
    assert s.to_act == 1 and s.win_card == parse_card("KS") and s.win_seat == 0
    assert plays(s) == {"AS"}
    refused(s, "play 8S", "beat", "KS")
    refused(s, "play 9H", "follow suit")


def test_example_4_partner_winning():
    s = position("H", "1:AS 2:4S", "9S 2S KH 5D")
    assert s.to_act == 3 and s.win_seat == 1
    assert plays(s) == {"9S", "2S"}
    s = position("H", "1:AS 2:4S", "KH 5D 3C")
    assert plays(s) == {"KH", "5D", "3C"}


def test_example_5_winning_trump_compulsory_no_undertrump():
    s = position("D", "2:9C", "2D QD AH 7S")
    assert s.to_act == 3 and plays(s) == {"2D", "QD"}
    refused(s, "play AH", "trump that beats")
    s = position("D", "1:8C 2:5D 3:AD", "2D 7D KH 4S")
    assert s.to_act == 0 and s.win_card == parse_card("AD") and s.win_seat == 3
    assert plays(s) == {"2D", "7D", "KH", "4S"}
    s = position("D", "1:8C 2:5D 3:AD", "2D 9D KH 4S")
    assert plays(s) == {"9D"}


def test_example_6_trumped_by_an_opponent_but_you_can_follow():
    s = position("D", "0:7C 1:3D", "AC 2C 9D 5H")
    assert s.to_act == 2 and s.win_seat == 1
    assert plays(s) == {"AC", "2C"}
    refused(s, "play 9D", "follow suit")


def test_example_7_butifarra_nine_is_highest():
    # butifarra: the trick is set up under "trump none"
    s = position("none", "1:8H 2:9S 3:AH", "9H 2H 5C")
    assert s.trump is None and s.to_act == 0
    assert plays(s) == {"9H"}
    s = s.apply("play 9H")
    assert s.last_winner == 0 and s.to_act == 0
    assert s.trick_pts == (15, 0)
    assert s.observation(1).last_trick_winner == 0
    assert "seat 0 wins the trick (15)" in s.observation(2).log


# ---- Example 8: a complete hand, doubled and redoubled -------------------------------------

E8_TRICKS = [
    (1, 2, 9),
    (2, 1, 2),
    (1, 2, 11),
    (2, 2, 3),
    (2, 3, 9),
    (3, 1, 1),
    (1, 0, 11),
    (0, 2, 6),
    (2, 3, 7),
    (3, 1, 6),
    (1, 3, 6),
    (3, 3, 1),
]  # (leader, winner, points)


def test_example_8_record_replays_to_the_spec_values():
    match = replay(load("e8"))
    res = match.results[0]
    assert match.state.over and res is not None
    d = res.detail
    assert d["hand_points"] == [40, 32] and sum(d["hand_points"]) == 72
    assert d["side_tricks"] == [5, 7] and d["card_points"] == [35, 25]
    assert d["multiplier"] == 4 and d["doubling"] == "redouble" and d["callers"] == [3, 0]
    assert d["contract"] == "H" and d["trump"] == "H" and d["chooser"] == 0 and not d["delegated"]
    assert res.points == [16, 0, 16, 0] and res.winners == [0, 2] and res.outcome == "won"
    assert match.sheet.totals == [16, 0] and match.sheet.next_dealer == 1
    tricks = match.state.observation(0).extra["tricks"]
    assert [(t["leader"], t["winner"], t["points"]) for t in tricks] == E8_TRICKS


def test_example_8_every_card_legal_and_spot_checks():
    rec = load("e8")
    actions = rec["hands"][0]["actions"]
    s = start()
    for i, a in enumerate(actions):
        if i == 4 + 2:  # trick 1, seat 3 to play: any club
            assert s.to_act == 3 and plays(s) == {"KC", "7C", "4C"}
        if i == 4 + 4 * 4 + 1:  # trick 5, seat 3 void in spades, seat 2 winning
            assert s.to_act == 3 and plays(s) == {"JH", "KH", "AH", "3H"}
        if i == 4 + 4 * 10 + 3:  # trick 11, seat 0: 3C 9S, no diamonds, no trump
            assert s.to_act == 0 and plays(s) == {"3C", "9S"}
        assert a in legal(s), (i, a)
        s = s.apply(a)
    assert s.result().points == [16, 0, 16, 0]


def test_example_8_score_mode_total():
    rec = load("e8")
    rec["options"] = {"score_mode": "total"}
    res = replay(rec).results[0]
    assert res.points == [160, 0, 160, 0]
    assert res.detail["game_points"] == [160, 0]


# ---- Example 10: game end ------------------------------------------------------------------


def finished(contract: str, hand_points: tuple[int, int], level: int, sheet, **options):
    """A hand of the game whose tricks gave ``hand_points``, scored by the game (§7)."""
    g = game(**options)
    s = g.from_deal(E8, sheet=sheet)
    s = s.apply(f"trump {contract}")
    s = s.clone()
    s.level = level
    s.trick_pts = hand_points
    s._hand_over()
    return s.result()


def test_example_10_game_end():
    g = game()
    sheet = g.new_sheet()
    sheet.totals = [95, 60]
    res = finished("S", (44, 28), 0, sheet)
    assert res.points == [8, 0, 8, 0]
    sheet.record(res)
    assert sheet.totals == [103, 60] and sheet.over and sheet.winners == [0, 2]

    sheet = g.new_sheet()
    sheet.totals = [95, 93]
    res = finished("none", (32, 40), 0, sheet)
    assert res.points == [0, 8, 0, 8] and res.detail["multiplier"] == 2
    sheet.record(res)
    assert sheet.totals == [95, 101] and sheet.over and sheet.winners == [1, 3]


def test_tie_scores_nothing_whatever_the_multiplier():
    sheet = game().new_sheet()
    res = finished("C", (36, 36), 1, sheet)
    assert res.outcome == "tie" and res.points == [0, 0, 0, 0] and res.winners == []
    sheet.record(res)
    assert sheet.totals == [0, 0] and not sheet.over


# ---- §8 the score sheet ------------------------------------------------------------------


def test_sheet_after_example_8():
    match = replay(load("e8"))
    head, rows = match.sheet.table()
    assert head == ["Hand", "Dealer", "Contract", "Doubling", "Points", "×", "A (0 & 2)", "B (1 & 3)"]
    assert rows[0] == ["1", "0", "♥", "herdubbel", "40 – 32", "4", "16 / 16", "0 / 0"]
    assert rows[-1] == ["total", "", "", "", "", "", "16", "0"]
    text = match.sheet.render()
    assert "target: 101" in text and "herdubbel" in text


def test_sheet_shows_butifarra_by_the_partner():
    sheet = game().new_sheet()
    s = run(start(), "pass", "trump none", "double", "pass", "pass").clone()
    s.trick_pts = (44, 28)
    s._hand_over()
    sheet.record(s.result())
    assert sheet.table()[1][0] == ["1", "0", "butifarra (partner)", "dubbel", "44 – 28", "4", "32 / 32", "0 / 0"]


# ---- §3 the deal, records, options ---------------------------------------------------------


def test_deal_in_three_rounds_of_four_from_voorhand():
    g = game()
    s = g.new_hand(seed=5)
    pack = shuffled(deck48_no_tens(), random.Random(5))
    # dealer 0: seat 1 gets cards 0-3, seat 2 4-7, seat 3 8-11, seat 0 12-15, then again
    expect = {1: [], 2: [], 3: [], 0: []}
    i = 0
    for _round in range(3):
        for seat in (1, 2, 3, 0):
            expect[seat] += pack[i : i + 4]
            i += 4
    for seat in range(4):
        assert sorted(s.observation(seat).hand) == sorted(expect[seat])
        assert len(s.observation(seat).hand) == 12
    assert all(c & 15 != 10 for c in pack) and len(pack) == 48
    assert s.dealer == 0 and s.to_act == 0 and s.phase == "trump"


def test_dealer_rotates_through_the_sheet():
    m = Match(game(), seed=3)
    bots = [get_bot("simple", m.game, seed=i) for i in range(4)]
    dealers = []
    for _ in range(5):
        st = m.start_hand()
        dealers.append(st.dealer)
        assert st.to_act == st.dealer
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    assert dealers == [0, 1, 2, 3, 0]


def test_deal_record_round_trip_and_determinism():
    g = game()
    a, b = g.new_hand(seed=11), g.new_hand(seed=11)
    assert a.deal_record() == b.deal_record()
    d = a.deal_record()
    assert d["upcard"] is None and d["stock"] == [] and d["dealer"] == 0
    c = g.from_deal(d)
    assert snapshot(c) == snapshot(a)
    assert start().deal_record()["hands"][0] == ["8C", "6C", "3C", "2C", "JD", "8D", "9H", "7H", "4H", "9S", "7S", "6S"]


@pytest.mark.parametrize(
    "bad,words",
    [
        ("not a deal", ("object",)),
        ({**E8, "dealer": 4}, ("dealer",)),
        ({**E8, "hands": E8["hands"][:3]}, ("four hands",)),
        ({**E8, "hands": [E8["hands"][0][:11]] + E8["hands"][1:]}, ("12 cards",)),
        ({**E8, "hands": [["TC"] + E8["hands"][0][1:]] + E8["hands"][1:]}, ("TC", "48")),
        ({**E8, "hands": [["JC"] + E8["hands"][0][1:]] + E8["hands"][1:]}, ("JC", "twice")),
        ({**E8, "hands": [["XX"] + E8["hands"][0][1:]] + E8["hands"][1:]}, ("XX",)),
        ({**E8, "upcard": "8C"}, ("upcard",)),
        ({**E8, "stock": ["8C"]}, ("stock",)),
    ],
)
def test_from_deal_validation(bad, words):
    with pytest.raises(DealError) as err:
        game().from_deal(bad)
    for w in words:
        assert w in str(err.value), str(err.value)


def test_options_validated():
    g = game()
    assert g.options == {"score_mode": "excess", "target": 101, "sant_vicenc": False}
    assert game(score_mode="total", target="50", sant_vicenc="true").options == {
        "score_mode": "total",
        "target": 50,
        "sant_vicenc": True,
    }
    for bad in ({"score_mode": "all"}, {"target": 0}, {"sant_vicenc": "maybe"}, {"trumps": 1}):
        with pytest.raises(OptionError):
            game(**bad)
    with pytest.raises(OptionError):
        get_game("butifarra", players=3)


def test_small_target_ends_the_match():
    m = Match(game(target=5), seed=1)
    bots = [get_bot("simple", m.game, seed=i) for i in range(4)]
    while not m.over:
        st = m.start_hand()
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    side = m.sheet.winners[0]
    assert m.sheet.winners == [side, side + 2] and m.sheet.totals[side] >= 5
    with pytest.raises(IllegalAction):
        m.start_hand()


# ---- observations, texts, hidden cards -------------------------------------------------------


def test_observation_fields_through_a_hand():
    s = start()
    o = s.observation(0)
    assert o.game == "butifarra" and o.n_seats == 4 and o.phase == "trump" and o.to_act == 0
    assert o.trump is None and o.upcard is None and o.extra["contract"] is None
    assert o.status == "Trump choice: seat 0 (dealer) · hand A 0 – B 0 · game A 0 – B 0 / 101"
    assert {a.text() for a in o.legal} == TRUMPS | {"pass"} and s.observation(1).legal == ()
    assert o.hand_sizes == (12, 12, 12, 12) and o.scores == {"hand_points": [0, 0], "totals": [0, 0]}
    s = run(s, "trump H", "pass", "double", "redouble")
    o = s.observation(2)
    assert o.trump == 2 and o.status == "Trump ♥ · herdubbel ×4 · hand A 0 – B 0 · game A 0 – B 0 / 101"
    assert o.extra["calls"] == [{"seat": 3, "call": "double"}, {"seat": 0, "call": "redouble"}]
    assert o.log == (
        "seat 0 names trumps: hearts ♥",
        "seat 1 passes",
        "seat 3 says double (dubbel)",
        "seat 0 says redouble (herdubbel)",
        "play starts: ×4, seat 1 leads",
    )
    # hearts first, high to low in butifarra order
    assert [card_text(c) for c in s.observation(0).hand][:3] == ["9H", "7H", "4H"]
    s = run(s, "play JC", "play AC", "play KC", "play 6C")
    o = s.observation(1)
    assert o.last_trick_winner == 2 and o.tricks_won == (0, 0, 1, 0)
    assert o.extra["hand_points"] == [9, 0] and o.extra["side_tricks"] == [1, 0]
    assert o.extra["played"] == ["6C", "JC", "KC", "AC"]
    assert o.log[-1] == "seat 2 wins the trick (9)"
    assert o.status == "Trump ♥ · herdubbel ×4 · hand A 9 – B 0 · game A 0 – B 0 / 101"


def test_hand_over_log_and_refusals():
    match = replay(load("e8"))
    s = match.state
    o = s.observation(3)
    assert o.phase == "over" and o.to_act is None and o.legal == ()
    assert o.log[-1] == "hand over: 40 – 32, side A (0/2) scores 16"
    assert o.extra["result"]["game_points"] == [16, 0]
    with pytest.raises(IllegalAction):
        s.apply("play 8C")


def test_action_texts_round_trip_and_hidden_cards():
    g = game(sant_vicenc=True)
    rng = random.Random(2)
    for seed in range(30):
        s = g.new_hand(seed=seed)
        while not s.over:
            for a in s.legal_actions():
                assert parse_action(a.text()) == a
            for seat in range(4):
                text = json.dumps(s.observation(seat).to_json())
                for c in s.hidden_from(seat):
                    assert f'"{card_text(c)}"' not in text
            assert sorted(s.cards_in_play()) == sorted(deck48_no_tens())
            s = s.apply(rng.choice(s.legal_actions()))
        assert sum(s.result().detail["hand_points"]) == 72


# ---- the simple bot ----------------------------------------------------------------------


def test_simple_bot_plays_legal_over_many_hands():
    g = game(sant_vicenc=True)
    bots = [get_bot("simple", g, seed=i) for i in range(4)]
    for seed in range(60):
        s = g.new_hand(seed=seed)
        while not s.over:
            o = s.observation(s.to_act)
            a = bots[s.to_act].choose(o)
            assert a in o.legal
            s = s.apply(a)


def bot_choice(state, seat_hand: str | None = None) -> str:
    s = state
    if seat_hand is not None:
        s = s.clone()
        s.hands[s.to_act] = sum(1 << parse_card(c) for c in seat_hand.split())
        s._lc = None
    return get_bot("simple", game(), seed=0).choose(s.observation(s.to_act)).text()


def test_simple_bot_trump_choice():
    s = start()
    # very strong: three 9s and two aces -> butifarra
    assert bot_choice(s, "9C AC 9D AD 9H KH QH 2S 3S 4S 5S 6S") == "trump none"
    # a long strong suit -> that suit
    assert bot_choice(s, "9S AS KS QS 8S 7S 2C 3C 4D 5D 2H 3H") == "trump S"
    # weak -> hand the choice to the partner
    assert bot_choice(s, "2C 3C 4C 2D 3D 4D 5D 2H 3H 4H 5S 6S") == "pass"
    # the partner must choose: his best suit
    p = s.apply("pass")
    assert bot_choice(p, "2C 3C 4C 2D 3D 4D 5D 2H 3H 8H 5S 6S") == "trump D"


def test_simple_bot_doubles_only_with_a_strong_hand():
    s = run(start(), "trump S")
    assert bot_choice(s, "2C 3C 4C 2D 3D 4D 5D 2H 3H 4H 5S 6S") == "pass"
    assert bot_choice(s, "9S AS KS QS 8S 9C AC 9D AD 2H 3H 4H") == "double"
    s = s.apply("double")
    assert bot_choice(s, "2C 3C 4C 2D 3D 4D 5D 2H 3H 4H 5S 6S") == "pass"
    assert bot_choice(s, "9S AS KS QS 8S 9C AC 9D AD 2H 3H 4H") == "redouble"


def test_simple_bot_beats_an_opponent_and_feeds_a_winning_partner():
    # Example 3: only AS beats KS
    assert bot_choice(position("H", "3:JS 0:KS", "AS 8S 9H 2C")) == "play AS"
    # partner (seat 1) wins with AS and seat 3 is last: feed points (KS, not 2S)
    assert bot_choice(position("H", "0:4S 1:AS 2:5S", "KS 2S KH 5D")) == "play KS"
    # an opponent (seat 1) wins with AS, nothing beats it: throw the cheapest spade
    assert bot_choice(position("H", "1:AS", "KS 2S QH 5D")) == "play 2S"


def test_status_shows_the_game_points_of_the_sheet():
    """The status line names the game points towards the target, not only the hand's."""
    g = get_game("butifarra")
    m = Match(g, ["bot:simple"] * 4, seed=4)
    bots = [get_bot("simple", g, seed=s) for s in range(4)]
    while sum(m.sheet.totals) == 0:
        m.start_hand()
        while not m.state.over:
            seat = m.state.to_act
            m.apply(bots[seat].choose(m.state.observation(seat)))
    m.start_hand()
    a, b = m.sheet.totals
    assert m.state.observation(0).status.endswith(f"game A {a} – B {b} / 101")
