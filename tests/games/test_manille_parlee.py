"""Manille Parlée (cardtable/rules/manille-parlee.md): every Example 1-6 with the spec's exact
values, plus the talk menu's refusals, texts and hidden cards, 200 simulated hands and the
bot's use of the menu. The play and scoring machinery is Manille Muette's (tested there)."""

from __future__ import annotations

import json

import pytest

from cardtable.bots import get_bot
from cardtable.cards import card_text, parse_card
from cardtable.engine import get_game
from cardtable.engine.game import IllegalAction, Result
from cardtable.engine.record import replay
from cardtable.families.manille import score_hand
from tests.games.helpers import run
from tests.games.test_manille_muette import _play_hands, position

GID = "manille-parlee"

DEAL = {
    "dealer": 0,
    "hands": [
        "9S KS JH 8H 7H AD 8C 9C".split(),
        "AS QS KH QH TD KD TC AC".split(),
        "JS 8S 9H QD JD 7D KC JC".split(),
        "TS 7S AH TH 9D 8D QC 7C".split(),
    ],
    "upcard": "9S",
    "stock": [],
}


def start(**options):
    return get_game(GID, **options).from_deal(DEAL)


def texts(state) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def answer(state, action: str) -> str:
    """The answer of ``action`` as the single talk action of the trick."""
    new = state.apply(action)
    talk = new.observation(0).extra["talk"]
    assert talk[-1]["action"] == action
    return talk[-1]["answer"]


# ---- Example 1: the leader's menu on trick 1 -----------------------------------------------


def test_example_1_menu_on_trick_1():
    st = start()
    assert st.to_act == 1
    legal = texts(st)
    assert len(legal) == 56
    assert sum(t.startswith("play ") for t in legal) == 8
    fixed = [f"{v} {k} {s}" for v in ("ask", "tell") for k in ("count", "top") for s in "CDHS"]
    assert set(fixed) <= set(legal) and len(fixed) == 16
    own = set(DEAL["hands"][1])
    ask_has = {t[8:] for t in legal if t.startswith("ask has ")}
    tell_has = {t[9:] for t in legal if t.startswith("tell has ")}
    assert len(ask_has) == 24 and not (ask_has & own)
    assert tell_has == own
    assert len(legal) == 8 + 16 + 24 + 8
    assert "ask has AS" not in legal
    assert "tell has TS" not in legal
    assert "ask has TS" in legal


# ---- Example 2: asking, then only playing ---------------------------------------------------


def test_example_2_asking_then_only_playing():
    st = run(start(), "ask count S")
    entry = {"trick": 1, "seat": 1, "action": "ask count S", "subject": 3, "answer": "2"}
    for seat in range(4):
        obs = st.observation(seat)
        assert obs.extra["talk"] == [entry]
        assert "seat 1 asks seat 3: how many spades? — 2" in obs.log
    assert sorted(texts(st)) == sorted(f"play {c}" for c in DEAL["hands"][1])
    assert st.observation(1).extra["talk_open"] is False


# ---- Example 3: answers ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "action, expected",
    [
        ("ask top H", "TH"),
        ("ask top D", "9D"),
        ("ask has 9S", "no"),
        ("tell count H", "2"),
        ("tell top C", "TC"),
        ("tell has KD", "yes"),
    ],
)
def test_example_3_answers(action, expected):
    st = start()
    assert answer(st, action) == expected
    new = st.apply(action)
    subject = 3 if action.startswith("ask") else 1
    assert new.observation(2).extra["talk"][0]["subject"] == subject


# ---- Example 4: only the leader talks; answers follow the cards held ---------------------------


def test_example_4_only_the_leader_talks():
    st = run(start(), "ask count S")
    assert st.observation(0).extra["talk"][0]["answer"] == "2"
    st = run(st, "play AC")
    assert st.to_act == 2
    assert set(texts(st)) == {"play KC", "play JC"}  # no talk actions
    st = run(st, "play JC")
    assert set(texts(st)) == {"play QC", "play 7C"}
    st = run(st, "play 7C")
    assert set(texts(st)) == {"play 9C", "play 8C"}
    st = run(st, "play 9C")
    obs = st.observation(0)
    assert obs.last_trick_winner == 1
    assert obs.extra["tricks"][0]["points"] == 6
    assert obs.extra["hand_points"] == [0, 6]
    # trick 2: seat 1 leads again
    assert st.to_act == 1
    legal = texts(st)
    assert len(legal) == 51
    assert sum(t.startswith("play ") for t in legal) == 7
    assert len(legal) - 7 == 44
    assert "ask has 7C" not in legal
    assert answer(st, "ask count C") == "1"
    assert answer(st, "ask has QC") == "yes"


# ---- Example 5: play rule (same as the silent game) ------------------------------------------------


def test_example_5_play_rule():
    st = position("S", {1: "AD", 2: "TD 9D 8S"}, "play AD", gid=GID)
    assert set(texts(st)) == {"play TD"}
    st = position("H", {1: "9S", 2: "7H", 3: "JS 8H"}, "play 9S", "play 7H", gid=GID)
    assert set(texts(st)) == {"play JS"}
    st = position("H", {1: "9S", 2: "7H", 3: "8H 7C"}, "play 9S", "play 7H", gid=GID)
    assert set(texts(st)) == {"play 8H"}


# ---- Example 6: hand result and game end ----------------------------------------------------------


def test_example_6_hand_result_and_game_end():
    assert score_hand([35, 33], 35, 34, "hands") == (0, [1, 0])
    assert score_hand([34, 34], 35, 34, "hands") == (None, [0, 0])
    sheet = get_game(GID, scoring="hands").new_sheet()
    after = []
    for a, b in ((33, 35), (36, 32), (34, 34), (38, 30)):
        assert not sheet.over
        side, gp = score_hand([a, b], 35, 34, "hands")
        sheet.record(
            Result(
                points=[gp[0], gp[1], gp[0], gp[1]],
                outcome="won" if side is not None else "tie",
                detail={"winning_side": side, "dealer": sheet.next_dealer},
            )
        )
        after.append(sheet.tally_line())
    assert after == [
        "hands won: A 0 · B 1 (2 needed)",
        "hands won: A 1 · B 1 (2 needed)",
        "hands won: A 1 · B 1 (2 needed)",
        "hands won: A 2 · B 1 (2 needed)",
    ]
    assert sheet.over and sheet.winners == [0, 2]


# ---- the talk menu: refusals, texts, hidden cards, records ------------------------------------------


def test_talk_refusals_say_why():
    st = start()
    for action, words in (
        ("ask has AS", "you hold AS"),
        ("tell has TS", "only tell about a card you hold"),
        ("ask colour S", "not on the menu"),
        ("ask count", "not on the menu"),
        ("ask has 6S", "not in the 32-card piquet pack"),
    ):
        with pytest.raises(IllegalAction) as err:
            st.apply(action)
        assert words in str(err.value), (action, str(err.value))
    st2 = run(st, "ask count S")
    with pytest.raises(IllegalAction, match="one question or statement per trick"):
        st2.apply("tell count S")
    st3 = run(st, "play AC")
    with pytest.raises(IllegalAction, match="only the leader"):
        st3.apply("ask count C")
    st4 = run(st, "play AC", "play JC", "play 7C", "play 9C")
    with pytest.raises(IllegalAction, match="already been played"):
        st4.apply("ask has 7C")


def test_talk_texts_in_the_log():
    st = start()
    cases = {
        "ask top H": "seat 1 asks seat 3: highest heart? — TH",
        "ask has 9S": "seat 1 asks seat 3: do you have 9S? — no",
        "tell count H": "seat 1 tells: I hold 2 hearts",
        "tell count S": "seat 1 tells: I hold 2 spades",
        "tell top C": "seat 1 tells: my highest club is TC",
        "tell has KD": "seat 1 tells: I hold KD",
    }
    for action, line in cases.items():
        assert st.apply(action).observation(2).log[-1] == line
    # counts of 0 and 1, and a void top
    st = run(start(), "play AC", "play JC", "play 7C", "play 9C")  # seat 1 leads again
    assert st.apply("tell count C").observation(0).log[-1] == "seat 1 tells: I hold 1 club"
    st = run(st, "play TC", "play KC", "play QC", "play 8C")  # seat 1 has no clubs left
    assert st.to_act == 1
    assert st.apply("tell top C").observation(0).log[-1] == "seat 1 tells: I hold no clubs"
    assert st.apply("ask count C").observation(0).log[-1] == "seat 1 asks seat 3: how many clubs? — 0"


def test_answers_place_cards_in_hands_public():
    st = start()
    th = parse_card("TH")
    assert th in st.hidden_from(0)
    new = st.apply("ask top H")  # seat 3 holds TH: now everybody knows
    assert th not in new.hidden_from(0) and th not in new.hidden_from(2)
    no = st.apply("ask has KS")  # "no" (seat 0 holds it): KS stays hidden
    assert parse_card("KS") in no.hidden_from(2)
    assert no.observation(0).extra["talk"][0]["answer"] == "no"
    yes = st.apply("ask has TS")  # "yes": seat 3 holds TS, now public
    assert yes.observation(0).extra["talk"][0]["answer"] == "yes"
    assert parse_card("TS") not in yes.hidden_from(0)


def test_a_record_stores_the_action_and_replay_recomputes_the_answer():
    rec = {
        "format": "cardtable-record/1",
        "game": GID,
        "options": {},
        "seats": ["bot:simple"] * 4,
        "hands": [{"deal": DEAL, "actions": ["ask count S", "play AC", "play JC", "play 7C", "play 9C", "tell top C"]}],
    }
    m = replay(rec)
    talk = m.state.observation(0).extra["talk"]
    assert talk == [
        {"trick": 1, "seat": 1, "action": "ask count S", "subject": 3, "answer": "2"},
        {"trick": 2, "seat": 1, "action": "tell top C", "subject": 1, "answer": "TC"},
    ]
    assert m.to_record()["hands"][0]["actions"][0] == "ask count S"


def test_talk_never_scores():
    st = run(start(), "ask count S", "play AC", "play JC", "play 7C", "play 9C")
    quiet = run(start(), "play AC", "play JC", "play 7C", "play 9C")
    assert st.observation(0).extra["hand_points"] == quiet.observation(0).extra["hand_points"] == [0, 6]
    assert st.observation(0).scores == quiet.observation(0).scores


def test_every_seat_sees_the_same_talk_and_no_hidden_card():
    st = run(start(), "ask top H", "play AC")
    talks = [st.observation(s).extra["talk"] for s in range(4)]
    assert all(t == talks[0] for t in talks)
    for seat in range(4):
        hid = {card_text(c) for c in st.hidden_from(seat)}
        data = json.dumps(st.observation(seat).to_json())
        assert not any(f'"{c}"' in data for c in hid)


# ---- simulation and the bot's use of the menu ------------------------------------------------------


def test_simulate_200_hands():
    results = _play_hands(GID, 200)
    assert len(results) == 200
    assert {r.outcome for r in results} <= {"won", "tie"}


def test_the_bot_asks_before_a_low_lead_and_follows_the_answer():
    g = get_game(GID)
    bot = get_bot("simple", g, seed=1)
    asked = 0
    for seed in range(40):
        st = g.new_hand(seed=seed)
        while not st.over:
            obs = st.observation(st.to_act)
            a = bot.choose(obs)
            assert a in st.legal_actions()
            if a.verb in ("ask", "tell"):
                assert a.verb == "ask" and a.arg.startswith("top ")
                asked += 1
                st = st.apply(a)
                after = bot.choose(st.observation(st.to_act))
                assert after.verb == "play"
                a = after
            st = st.apply(a)
    assert asked > 40


def test_simple_bot_beats_random_bots():
    res = _play_hands(GID, 200, kinds=("simple", "random", "simple", "random"), seed=3)
    pts = [sum(r.detail["hand_points"][s] for r in res) for s in (0, 1)]
    assert pts[0] > pts[1] * 1.2, pts


def test_leak_view_leaves_out_only_what_names_a_card_without_placing_it():
    """``Game.leak_view`` (the hidden-card check's reading, tests/test_invariants.py): the
    offered ``ask has X`` and a question answered ``no`` name a card that stays hidden; they
    are left out, and nothing else is."""
    import re

    def codes(o):
        return set(re.split(r"[^A-Za-z0-9]+", json.dumps(o)))

    game = get_game(GID)
    st = start()
    leader = st.to_act
    hidden = {card_text(c) for c in st.hidden_from(leader)}
    raw = st.observation(leader).to_json()
    assert codes(raw) & hidden  # the offered ``ask has`` name them
    view = game.leak_view(raw)
    assert not codes(view) & hidden
    assert raw["legal"] != view["legal"] and any(a.startswith("ask has") for a in raw["legal"])
    assert [a for a in raw["legal"] if not a.startswith("ask has ")] == view["legal"]
    # seat 2's JS, asked of seat 3: "no"; seat 0 must still not see where JS is
    new = st.apply("ask has JS")
    assert new.observation(0).extra["talk"][-1]["answer"] == "no"
    assert "JS" in {card_text(c) for c in new.hidden_from(0)}
    raw0 = new.observation(0).to_json()
    assert "JS" in codes(raw0) and "JS" not in codes(game.leak_view(raw0))
    assert raw0 == new.observation(0).to_json()  # leak_view did not change its input
