"""Manille Muette (cardtable/rules/manille-muette.md): every Example 1-8 with the spec's exact
values, plus the deal, options, the sheet, explanations, determinism, 200 simulated hands
and the simple bot. Full hands (Examples 6 and 7) are records in tests/records/manille-muette."""

from __future__ import annotations

import json
from functools import partial

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_cards
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, IllegalAction, OptionError, Result
from cardtable.engine.record import replay
from cardtable.families.manille import deal_with_upcard, excess_points, hand_winner, score_hand
from cardtable.families.tricks import mask_of
from cardtable.sheets.hands import HandsWon
from cardtable.sheets.sides import SideTotals
from tests.games.helpers import load_record, plays, run

GID = "manille-muette"
load = partial(load_record, GID)  # a record of tests/records/<GID> by name

EX6 = {
    "dealer": 0,
    "hands": [
        "AC QC QD 8D AH KH 9H 7S".split(),
        "TC JC TD AD 9D AS QS JS".split(),
        "9C JD TH QH JH 8H TS KS".split(),
        "KC 8C 7C KD 7D 7H 9S 8S".split(),
    ],
    "upcard": "QD",
    "stock": [],
}


# ---- helpers -----------------------------------------------------------------------------

_TRUMP_DEALS: dict[str, dict] = {}


def position(trump: str, hands: dict[int, str], *actions: str, gid: str = GID, **options):
    """Dealer 0 (seat 1 leads), trump ``trump``; the seats in ``hands`` hold exactly those
    cards (a made-up position for the play-rule Examples, where the spec gives only the
    cards that matter); then ``actions``."""
    g = get_game(gid, **options)
    if trump not in _TRUMP_DEALS:
        for seed in range(1000):
            st = g.new_hand(seed=seed)
            if "CDHS"[st.trump] == trump:
                _TRUMP_DEALS[trump] = st.deal_record()
                break
    st = g.from_deal(_TRUMP_DEALS[trump])
    assert "CDHS"[st.trump] == trump and st.to_act == 1
    for seat, cards in hands.items():
        st.hands[seat] = mask_of(parse_cards(cards))
    return run(st, *actions)


# ---- Example 1: start of a hand -----------------------------------------------------------


def test_example_1_start_of_a_hand():
    st = get_game(GID).from_deal(EX6)
    assert st.trump == 1 and "CDHS"[st.trump] == "D"
    assert st.to_act == 1
    legal = [a.text() for a in st.legal_actions()]
    assert sorted(legal) == sorted(f"play {c}" for c in EX6["hands"][1])
    assert len(legal) == 8
    for seat in range(4):
        obs = st.observation(seat)
        assert obs.upcard is not None and card_text(obs.upcard) == "QD"
        assert obs.dealer == 0
        assert obs.extra["upcard_held"] is True
        assert obs.trump == 1
    # the upcard lies in front of the dealer until he takes it up; it is public all along
    assert all(parse_cards("QD")[0] not in st.hidden_from(s) for s in range(4))


# ---- Examples 2-5: the play rule ----------------------------------------------------------


def test_example_2_the_ten_beats_the_ace():
    st = position("S", {1: "AD", 2: "TD 9D 8S"}, "play AD")
    assert st.to_act == 2
    assert plays(st) == {"TD"}


def test_example_3_partner_winning():
    st = position("H", {1: "KC", 2: "8C", 3: "TC 7C 9H"}, "play KC", "play 8C")
    assert st.to_act == 3 and plays(st) == {"TC", "7C"}
    st = position("H", {1: "KC", 2: "8C", 3: "9H 8D"}, "play KC", "play 8C")
    assert plays(st) == {"9H", "8D"}  # no duty to trump


def test_example_4_trump_overtrump_follow():
    hands = {1: "9S", 2: "7H QD", 3: "8H 7C", 0: "KH 9C"}
    st = position("H", hands, "play 9S")
    assert plays(st) == {"7H"}
    st = run(st, "play 7H")
    assert plays(st) == {"8H"}
    st = run(st, "play 8H")
    assert st.to_act == 0 and plays(st) == {"KH"}
    # variant: seat 3 must follow spades even though the trick is trumped
    st = position("H", {1: "9S", 2: "7H QD", 3: "JS 8H"}, "play 9S", "play 7H")
    assert plays(st) == {"JS"}


def test_example_5_trick_winner_with_trumps():
    hands = {1: "TH", 2: "7C QD 9S", 3: "AH 7H JS", 0: "8C KS"}
    st = position("C", hands, "play TH")
    assert plays(st) == {"7C"}
    st = run(st, "play 7C")
    assert plays(st) == {"AH", "7H"}
    st = run(st, "play AH")
    assert plays(st) == {"8C", "KS"}
    st = run(st, "play 8C")
    obs = st.observation(0)
    assert obs.last_trick_winner == 0
    assert obs.extra["tricks"][0]["points"] == 10
    assert obs.extra["hand_points"] == [10, 0] and obs.extra["card_points"] == [9, 0]
    assert st.to_act == 0


# ---- Example 6: a complete hand, won with exactly 35 ------------------------------------------

EX6_TRICKS = [(1, 0, 6), (0, 1, 6), (1, 2, 12), (2, 2, 7), (2, 3, 13), (3, 1, 6), (1, 2, 10), (2, 3, 8)]


def test_example_6_complete_hand():
    rec = load("m6")
    assert rec["hands"][0]["deal"] == EX6
    actions = rec["hands"][0]["actions"]
    st = get_game(GID).from_deal(EX6)
    for i, (leader, winner, pts) in enumerate(EX6_TRICKS):
        assert st.to_act == leader
        trick = actions[4 * i : 4 * i + 4]
        for j, a in enumerate(trick):
            if (i, j) == (1, 1):  # trick 2, seat 1: no hearts, seat 0 winning -> its trumps
                assert st.to_act == 1 and plays(st) == {"TD", "AD", "9D"}
            if (i, j) == (2, 1):  # trick 3, seat 2: no clubs, seat 1 winning with TC -> JD
                assert st.to_act == 2 and plays(st) == {"JD"}
            assert a[5:] in plays(st), (i, a)
            st = st.apply(a)
        obs = st.observation(3)
        assert obs.last_trick_winner == winner
        assert obs.extra["tricks"][-1]["points"] == pts
        if i == 0:
            assert obs.extra["upcard_held"] is True
    assert obs.extra["tricks"][-1]["cards"][2] == [0, "QD"]  # trick 8: seat 0 plays the upcard
    assert st.over

    m = replay(rec)
    r = m.results[0]
    assert r.outcome == "won"
    assert r.detail["side_tricks"] == [4, 4]
    assert r.detail["card_points"] == [31, 29]
    assert r.detail["hand_points"] == [35, 33]
    assert r.detail["winning_side"] == 0 and r.winners == [0, 2]
    assert r.points == [1, 0, 1, 0]
    assert r.detail["next_dealer"] == 1
    assert m.sheet.won == [1, 0] and not m.sheet.over
    assert m.sheet.tally_line() == "hands won: A 1 · B 0 (2 needed)"
    assert r.to_json() == st.result().to_json()


# ---- Example 7: a tied hand ---------------------------------------------------------------


def test_example_7_tied_hand():
    m = replay(load("m7"))
    first, tie = m.results
    assert first.detail["winning_side"] == 0
    assert tie.detail["side_tricks"] == [4, 4] and tie.detail["card_points"] == [30, 30]
    assert tie.detail["hand_points"] == [34, 34]
    assert tie.outcome == "tie" and tie.detail["winning_side"] is None and tie.winners == []
    assert tie.points == [0, 0, 0, 0]
    assert m.sheet.won == [1, 0]  # the tally is unchanged
    assert tie.detail["dealer"] == 1 and tie.detail["next_dealer"] == 2 and m.sheet.next_dealer == 2
    head, rows = m.sheet.table()
    assert rows[1][-2:] == ["—", "—"]
    assert "hand over: 34 – 34, a tie: nobody wins the hand" in m.state.observation(0).log


# ---- Example 8: game end -------------------------------------------------------------------

EX8 = [(36, 32), (34, 34), (30, 38), (40, 28)]


def _result(points, scoring: str, dealer: int) -> Result:
    """A hand Result as ManilleHand writes it, from the hand points (§7)."""
    side, gp = score_hand(list(points), 35, 34, scoring)
    return Result(
        points=[gp[0], gp[1], gp[0], gp[1]],
        outcome="tie" if side is None else "won",
        winners=[] if side is None else [side, side + 2],
        detail={
            "winning_side": side,
            "hand_points": list(points),
            "game_points": gp,
            "dealer": dealer,
            "next_dealer": (dealer + 1) % 4,
            "sheet_row": {
                "dealer": str(dealer),
                "points": f"{points[0]} – {points[1]}",
                "winner": "—" if side is None else "AB"[side] + " ✓",
            },
        },
    )


def test_example_8_game_end_hands():
    game = get_game(GID, scoring="hands", hands_to_win=2)
    sheet = game.new_sheet()
    assert isinstance(sheet, HandsWon)
    dealers = []
    after = []
    for pts in EX8:
        dealers.append(sheet.next_dealer)
        assert not sheet.over
        sheet.record(_result(pts, "hands", sheet.next_dealer))
        after.append(list(sheet.won))
    assert after == [[1, 0], [1, 0], [1, 1], [2, 1]]
    assert sheet.over and sheet.winners == [0, 2]
    assert dealers == [0, 1, 2, 3]
    text = sheet.render()
    assert "hands won: A 2 · B 1 (2 needed)" in text
    assert "Game over: A (0 & 2) wins, 2 hands to 1." in text


def test_example_8_game_end_excess():
    game = get_game(GID, scoring="excess", target=50)
    sheet = game.new_sheet()
    assert isinstance(sheet, SideTotals)
    scored = []
    for pts in EX8:
        r = _result(pts, "excess", sheet.next_dealer)
        scored.append(r.detail["game_points"])
        sheet.record(r)
    assert [a for a, _b in scored] == [2, 0, 0, 6] and [b for _a, b in scored] == [0, 0, 4, 0]
    assert sheet.totals == [8, 4]
    assert not sheet.over


def test_hand_scoring_functions():
    assert hand_winner([35, 33], 35) == 0 and hand_winner([34, 34], 35) is None
    assert hand_winner([0, 68], 35) == 1
    assert excess_points([35, 33], 0, 34) == [1, 0] and excess_points([0, 68], 1, 34) == [0, 34]
    assert excess_points([34, 34], None, 34) == [0, 0]
    assert score_hand([36, 32], 35, 34, "excess") == (0, [2, 0])
    assert score_hand([30, 38], 35, 34, "hands") == (1, [0, 1])


def test_excess_hand_through_a_real_hand():
    rec = load("m6")
    rec["options"] = {"scoring": "excess", "target": 1}
    m = replay(rec)
    r = m.results[0]
    assert r.points == [1, 0, 1, 0] and r.detail["game_points"] == [1, 0]
    assert m.sheet.totals == [1, 0] and m.sheet.over and m.sheet.winners == [0, 2]
    head, rows = m.sheet.table()
    assert head[-3:] == ["Won", "A (0 & 2)", "B (1 & 3)"]
    assert rows[0][1:] == ["0", "QD", "35 – 33", "A ✓", "1 / 1", "0 / 0"]


# ---- cards, deal, options -------------------------------------------------------------------


def test_card_points_total_68():
    g = get_game(GID)
    assert g.ranking.total_points() == 60
    t = g.ranking.table(0)
    assert [t.points[c] for c in parse_cards("TH AH KH QH JH 9H 8H 7H")] == [5, 4, 3, 2, 1, 0, 0, 0]


def test_deal_4x4_with_the_dealers_last_card_turned():
    g = get_game(GID)
    sheet = g.new_sheet()
    st = g.new_hand(seed=5, sheet=sheet)
    rec = st.deal_record()
    assert rec["dealer"] == 0 and rec["stock"] == []
    assert all(len(h) == 8 for h in rec["hands"])
    assert rec["upcard"] in rec["hands"][0]
    assert sorted(c for h in rec["hands"] for c in h) == sorted(card_text(c) for c in g.deck())
    # the same position from the record's deal
    again = g.from_deal(rec)
    assert again.observation(1).to_json() == st.observation(1).to_json()
    # deal_with_upcard: packets from voorhand, the very last card to the dealer, face up
    pack = list(range(32))
    hands, up = deal_with_upcard(pack, 4, 2, (4, 4))
    assert up == 31 and (hands[2] >> 31) & 1
    assert hands[3] & 0xF == 0xF  # voorhand (seat 3) gets the first packet


def test_dealer_rotates_through_the_match():
    m = Match(get_game(GID), seed=3)
    dealers = []
    while not m.over and len(dealers) < 6:
        st = m.start_hand()
        dealers.append(st.dealer)
        bots = [get_bot("simple", m.game, seed=s) for s in range(4)]
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    assert dealers == [i % 4 for i in range(len(dealers))]


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"dealer": 0, "hands": [["7H"]], "upcard": "7H"}, "four hands"),
        ({"dealer": 4, "hands": EX6["hands"], "upcard": "QD"}, "dealer"),
        ({"dealer": 0, "hands": EX6["hands"], "upcard": "TC"}, "dealer's"),
        ({"dealer": 0, "hands": EX6["hands"]}, "upcard"),
        ({"dealer": 0, "hands": [EX6["hands"][0][:7] + ["TC"]] + EX6["hands"][1:], "upcard": "QD"}, "twice"),
        ({"dealer": 0, "hands": [EX6["hands"][0][:7]] + EX6["hands"][1:], "upcard": "QD"}, "8 cards"),
        ({"dealer": 0, "hands": [EX6["hands"][0][:7] + ["6H"]] + EX6["hands"][1:], "upcard": "QD"}, "piquet"),
        ({"dealer": 0, "hands": EX6["hands"], "upcard": "QD", "stock": ["7H"]}, "stock"),
        ("nonsense", "dealer"),
    ],
)
def test_from_deal_validation(bad, words):
    with pytest.raises(DealError) as err:
        get_game(GID).from_deal(bad)
    assert words in str(err.value)


def test_options():
    g = get_game(GID)
    assert g.options == {"scoring": "hands", "hands_to_win": 2, "target": 50}
    with pytest.raises(OptionError):
        get_game(GID, scoring="points")
    with pytest.raises(OptionError):
        get_game(GID, hands_to_win=0)
    with pytest.raises(OptionError):
        get_game(GID, players=3)
    assert get_game(GID, hands_to_win=1).new_sheet().hands_to_win == 1


# ---- refusals, texts, observation ------------------------------------------------------------


def test_refusals_say_why_and_change_nothing():
    st = position("S", {1: "AD", 2: "TD 9D 8S"}, "play AD")
    before = [st.observation(s).to_json() for s in range(4)]
    for action, words in (
        ("play 9D", "beat"),
        ("play 8S", "follow suit"),
        ("play AS", "not in your hand"),
        ("ask count S", "not an action"),
        ("pass", "not an action"),
    ):
        with pytest.raises(IllegalAction) as err:
            st.apply(action)
        assert words in str(err.value), (action, str(err.value))
    assert [st.observation(s).to_json() for s in range(4)] == before
    st = position("H", {1: "9S", 2: "7H QD"}, "play 9S")
    with pytest.raises(IllegalAction, match="trump that beats"):
        st.apply("play QD")


def test_observation_fields_and_log():
    st = get_game(GID).from_deal(EX6)
    st = run(st, "play JC", "play 9C", "play 8C", "play AC")
    obs = st.observation(2)
    assert obs.game == GID and obs.n_seats == 4 and obs.phase == "play"
    assert obs.hand_sizes == (7, 7, 7, 7) and obs.tricks_won == (1, 0, 0, 0)
    assert obs.scores == {"points": [6, 0], "hands_won": [0, 0]}
    assert obs.status == "Troef ♦ · A: 6 · B: 0 · hands 0–0 of 2"
    assert obs.log == (
        "seat 1 plays JC",
        "seat 2 plays 9C",
        "seat 3 plays 8C",
        "seat 0 plays AC",
        "seat 0 wins the trick (6)",
    )
    assert obs.legal == () and st.observation(0).legal
    assert card_text(obs.hand[0])[1] == "D"  # trump first
    assert obs.extra["played"] == ["8C", "9C", "JC", "AC"]
    assert obs.extra["win_at"] == 35 and obs.extra["total_points"] == 68
    assert obs.extra["result"] is None


def test_hidden_cards_never_shown():
    st = get_game(GID).from_deal(EX6)
    for seat in range(4):
        hid = {card_text(c) for c in st.hidden_from(seat)}
        assert len(hid) == 23 if seat != 0 else len(hid) == 24
        text = json.dumps(st.observation(seat).to_json())
        assert not any(f'"{c}"' in text for c in hid)


def test_apply_leaves_the_old_state_alone():
    st = get_game(GID).from_deal(EX6)
    before = [st.observation(s).to_json() for s in range(4)]
    new = st.apply("play JC")
    assert [st.observation(s).to_json() for s in range(4)] == before
    assert new.observation(0).trick == ((1, parse_cards("JC")[0]),)


# ---- simulation, determinism, bot --------------------------------------------------------------


def _play_hands(gid: str, n: int, kinds=("simple",) * 4, seed: int = 1, **options) -> list[Result]:
    game = get_game(gid, **options)
    out = []
    sheet = game.new_sheet()
    bots = [get_bot(k, game, seed=seed + s) for s, k in enumerate(kinds)]
    for i in range(n):
        if sheet.over:
            sheet = game.new_sheet()
        st = game.new_hand(seed=seed * 10_000 + i, sheet=sheet)
        while not st.over:
            a = bots[st.to_act].choose(st.observation(st.to_act))
            assert a in st.legal_actions()
            st = st.apply(a)
        r = st.result()
        assert sum(r.detail["hand_points"]) == 68
        sheet.record(r)
        out.append(r)
    return out


def test_simulate_200_hands():
    results = _play_hands(GID, 200)
    assert len(results) == 200
    assert {r.outcome for r in results} <= {"won", "tie"}
    for r in results:
        w = r.detail["winning_side"]
        assert (w is None) == (r.detail["hand_points"] == [34, 34])


def test_deterministic():
    a = _play_hands(GID, 5, kinds=("random",) * 4, seed=7)
    b = _play_hands(GID, 5, kinds=("random",) * 4, seed=7)
    assert [r.to_json() for r in a] == [r.to_json() for r in b]


def test_simple_bot_beats_random_bots():
    res = _play_hands(GID, 200, kinds=("simple", "random", "simple", "random"), seed=3)
    pts = [sum(r.detail["hand_points"][s] for r in res) for s in (0, 1)]
    assert pts[0] > pts[1] * 1.2, pts
