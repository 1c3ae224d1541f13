"""Seats and decks per hand (issue 6, item 5): the Standing a hand is dealt from, active
seats in the Observation and the sheet, ``State.deck()``, and a decision between hands
(Loba's buy-back) played, recorded and replayed by the Match."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine import FrozenMap, IllegalAction, Match, Standing, game_ids, get_game, record
from cardtable.engine.record import RecordError
from tests.helpers import play

# ---- the Standing itself ---------------------------------------------------------------


def test_standing_defaults_and_validation():
    st = Standing(3)
    assert st.totals == (0, 0, 0) and st.active == (True, True, True)
    assert st.hands == 0 and st.next_dealer == 0 and st.carry == () and dict(st.extra) == {}
    with pytest.raises(ValueError, match="3 totals"):
        Standing(3, totals=(1, 2))
    with pytest.raises(ValueError, match="active"):
        Standing(3, active=(True,))
    with pytest.raises(ValueError, match="next_dealer"):
        Standing(3, next_dealer=3)


def test_standing_is_frozen_and_hashable():
    st = Standing(3, totals=[1, 2, 3], active=[True, False, True], extra={"buy_backs": [0, 1, 0]})
    assert st.totals == (1, 2, 3) and st.active == (True, False, True)
    assert st.extra["buy_backs"] == (0, 1, 0) and isinstance(st.extra, FrozenMap)
    with pytest.raises(AttributeError):
        st.hands = 4
    with pytest.raises(TypeError):
        st.extra["x"] = 1
    assert hash(st) == hash(Standing(3, totals=(1, 2, 3), active=(True, False, True), extra={"buy_backs": (0, 1, 0)}))
    assert st.active_seats == (0, 2)
    assert st.next_active(0) == 2 and st.next_active(2) == 0
    with pytest.raises(ValueError):
        Standing(2, active=(False, False)).next_active(0)
    assert json.loads(json.dumps(st.to_json()))["extra"] == {"buy_backs": [0, 1, 0]}


# ---- every sheet makes one, every game deals from one ----------------------------------

GAMES = sorted(game_ids())


@pytest.mark.parametrize("gid", GAMES)
def test_sheet_standing_is_a_snapshot_of_the_sheet(gid):
    match = play(Match(get_game(gid), seed=3), hands=1)
    sheet = match.sheet
    st = sheet.standing()
    assert st.n_seats == match.game.players
    assert st.hands == sheet.hands == 1 and st.next_dealer == sheet.next_dealer
    assert st.active == (True,) * st.n_seats and st.unit
    assert len(st.totals) == st.n_seats
    js = sheet.to_json()
    if "totals" in js and len(js["totals"]) == st.n_seats:
        assert list(st.totals) == js["totals"]  # per seat
    elif "totals" in js:
        assert [st.totals[0], st.totals[1]] == js["totals"]  # per side, seat s in side s & 1
        assert st.totals[2:] == st.totals[:2]
    elif "won" in js:
        assert [st.totals[0], st.totals[1]] == js["won"] and st.totals[2:] == st.totals[:2]
    elif "balance" in js:
        assert list(st.totals) == js["balance"]
    elif "strepen" in js:
        assert [st.totals[0], st.totals[1]] == js["strepen"] and list(st.carry) == js["carry"]
    elif js.get("kind") == "boom":  # points per side (schutjassen)
        assert [st.totals[0], st.totals[1]] == js["points"] and st.totals[2:] == st.totals[:2]
    else:  # pragma: no cover - a new sheet kind: say how its totals read
        pytest.fail(f"unknown sheet {js['kind']}")
    before = st.to_json()
    if not match.over:
        play(match, hands=1)  # the sheet moves on ...
        assert sheet.standing().hands == 2
    assert st.to_json() == before and st.hands == 1  # ... the snapshot does not


@pytest.mark.parametrize("gid", GAMES)
def test_new_hand_from_a_standing_equals_from_the_sheet(gid):
    """``sheet=`` is still accepted (converted with ``sheet.standing()``) and deals the same
    hand as ``standing=``; both at once is refused."""
    game = get_game(gid)
    match = play(Match(game, seed=11), hands=1)
    assert not match.over
    sheet = match.sheet
    a = game.new_hand(seed=5, standing=sheet.standing())
    b = game.new_hand(seed=5, sheet=sheet)
    c = game.new_hand(5, sheet)  # positional sheet: converted too
    n = game.players
    for seat in range(n):
        assert a.observation(seat).to_json() == b.observation(seat).to_json() == c.observation(seat).to_json()
    d = game.from_deal(a.deal_record(), standing=sheet.standing())
    e = game.from_deal(a.deal_record(), sheet=sheet)
    assert d.observation(0).to_json() == e.observation(0).to_json()
    with pytest.raises(TypeError):
        game.new_hand(seed=5, standing=sheet.standing(), sheet=sheet)


def test_kruisjassen_reads_strepen_and_carry_from_the_standing():
    """A hand-written Standing: dealer 2, strepen 5 - 3, counts 78 - 68 carried (§7)."""
    game = get_game("kruisjassen")
    st = game.new_hand(seed=1, standing=Standing(4, hands=3, next_dealer=2, totals=(5, 3, 5, 3), carry=(78, 68)))
    obs = st.observation(0)
    assert obs.dealer == 2 and obs.scores["strepen"] == [5, 3] and obs.scores["counts"] == [78, 68]
    fresh = game.new_hand(seed=1, standing=Standing(4))
    assert fresh.observation(0).scores["counts"] == [0, 0]


@pytest.mark.parametrize("gid", GAMES)
def test_six_games_have_every_seat_active_and_their_own_deck(gid):
    game = get_game(gid)
    st = game.new_hand(seed=2)
    assert sorted(st.deck()) == sorted(game.deck())
    for seat in range(game.players):
        assert st.observation(seat).active == (True,) * game.players
    assert game.between_hands(game.new_sheet().standing()) is None


# ---- a game whose seats drop out and buy back in (tests/fakegame.py, "afvallen") ------


def out_match(fake, seed: int, policy, **options) -> Match:
    """Play a whole match of the fake "afvallen", ``policy(state, rng)`` choosing."""
    match = Match(fake.OutGame(**options), seed=seed)
    rng = random.Random(seed)
    while not match.over:
        state = match.start_next()
        while state.to_act is not None:
            state = match.apply(policy(state, rng))
    return match


def random_policy(state, rng):
    return rng.choice(state.legal_actions())


def test_seats_drop_out_the_deck_shrinks_and_a_buy_back_is_played(fake):
    with fake.registered(fake.OutGame):
        seen = {"between": 0, "small_deck": 0, "inactive_obs": 0}
        for seed in range(40):
            match = Match(fake.OutGame(), seed=seed)
            rng = random.Random(seed)
            while not match.over:
                state = match.start_next()
                standing = match.sheet.standing()
                if match.in_between:
                    seen["between"] += 1
                    assert match.hands[-1] == {"between": True, "actions": []}
                    assert state.to_act in standing.extra["may_buy_back"]
                    assert not standing.active[state.to_act]
                else:
                    assert sorted(state.cards_in_play()) == sorted(state.deck())
                    assert len(state.deck()) == 2 * sum(standing.active)
                    seen["small_deck"] += len(state.deck()) < len(match.game.deck())
                while state.to_act is not None:
                    obs = [state.observation(s) for s in range(3)]
                    assert all(o.active == standing.active for o in obs)
                    assert standing.active[state.to_act] or match.in_between
                    for s in range(3):
                        if not obs[s].active[s]:
                            seen["inactive_obs"] += 1
                            assert obs[s].hand_sizes[s] == 0
                    state = match.apply(random_policy(state, rng))
            assert len(match.sheet.winners) >= 1
            assert all(match.sheet.active[w] for w in match.sheet.winners) or not any(match.sheet.active)
        assert seen["between"] and seen["small_deck"] and seen["inactive_obs"], seen


def test_a_buy_back_resets_the_total_and_makes_the_seat_active(fake):
    """Seat totals 3 (out) / 1 / 0 before the decision: buying back sets 1, the highest total
    of the seats still in, and the seat deals in again."""
    with fake.registered(fake.OutGame):
        for seed in range(60):
            match = Match(fake.OutGame(), seed=seed)
            rng = random.Random(seed)
            while not match.over and not match.between_due:
                state = match.start_hand()
                while state.to_act is not None:
                    state = match.apply(random_policy(state, rng))
            if match.between_due:
                break
        else:  # pragma: no cover
            pytest.fail("no match reached a buy-back")
        before = match.sheet.standing()
        (seat,) = before.extra["may_buy_back"] or (None,)
        with pytest.raises(IllegalAction, match="decision between hands comes"):
            match.start_hand()
        state = match.start_between()
        assert state.to_act == seat and {a.text() for a in state.legal_actions()} == {"buy back", "pass"}
        match.apply("buy back")
        after = match.sheet.standing()
        best = max(before.totals[s] for s in range(3) if before.active[s])
        assert after.totals[seat] == best and after.active == (True, True, True)
        assert after.extra["buy_backs"][seat] == 1 and after.hands == before.hands
        assert match.results[-1].outcome == "buy_back" and match.hands[-1]["actions"] == ["buy back"]
        with pytest.raises(IllegalAction, match="no decision"):
            match.start_between()
        nxt = match.start_hand()
        assert len(nxt.deck()) == 6 and nxt.observation(seat).hand_sizes[seat] == 2


def test_between_hands_round_trip_through_a_record(fake):
    """The record keeps the decision as a hand entry ``{"between": true, "actions": [...]}``;
    replay plays it again and ends in the same place; the JSON summary marks it."""
    with fake.registered(fake.OutGame):
        matches = [out_match(fake, seed, random_policy) for seed in range(30)]
        with_between = [m for m in matches if any(h.get("between") for h in m.hands)]
        assert with_between
        for m in with_between:
            rec = json.loads(json.dumps(m.to_record()))
            again = record.replay(rec)
            assert again.to_record() == rec
            assert record.summary(again) == record.summary(m)
            s = record.summary(m)
            flags = [h.get("between", False) for h in s["hands"]]
            assert flags == [bool(h.get("between")) for h in rec["hands"]] and any(flags)
            i = flags.index(True)
            assert s["hands"][i]["result"]["outcome"] == "buy_back"
            # seeds of dealt hands count dealt hands only
            dealt = [h for h in rec["hands"] if not h.get("between")]
            from cardtable.engine.match import hand_seed

            assert [h["seed"] for h in dealt] == [hand_seed(rec["seed"], k) for k in range(len(dealt))]


def test_a_record_must_hold_the_decision_where_it_is_due(fake):
    with fake.registered(fake.OutGame):
        m = next(
            m for m in (out_match(fake, s, random_policy) for s in range(30)) if any(h.get("between") for h in m.hands)
        )
        rec = m.to_record()
        i = next(k for k, h in enumerate(rec["hands"]) if h.get("between"))
        skipped = dict(rec, hands=rec["hands"][:i] + rec["hands"][i + 1 :])
        with pytest.raises(RecordError, match=f"hand {i + 1}: a decision between hands comes"):
            record.replay(skipped)
        early = dict(rec, hands=[{"between": True, "actions": []}] + rec["hands"])
        with pytest.raises(RecordError, match="hand 1: no decision between hands is due"):
            record.replay(early)
        bad = dict(rec, hands=rec["hands"][:i] + [{"between": True, "actions": ["play AS"]}])
        with pytest.raises(RecordError, match=f"hand {i + 1}, action 1"):
            record.replay(bad)
        with pytest.raises(RecordError, match="must be true"):
            record.replay(dict(rec, hands=[{"between": "yes", "actions": []}]))
        # an unfinished decision is a match in progress: replay stops inside it
        part = dict(rec, hands=rec["hands"][:i] + [{"between": True, "actions": []}])
        s = record.summary(record.replay(part))
        assert s["to_act"] is not None and sorted(s["legal_actions"]) == ["buy back", "pass"]
        after = sum(1 for h in rec["hands"][:i] if not h.get("between"))
        assert s["hands"][-1] == {"actions_applied": 0, "result": None, "between": True, "after_hand": after}


def test_replay_text_names_a_decision_between_hands(fake):
    from cardtable.cli import _replay_text

    with fake.registered(fake.OutGame):
        m = next(
            m for m in (out_match(fake, s, random_policy) for s in range(30)) if any(h.get("between") for h in m.hands)
        )
        text = "\n".join(_replay_text(record.replay(m.to_record())))
    assert "(decision between hands): 1 actions, buy_back" in text


def test_an_autosave_resumes_before_and_inside_a_decision_between_hands(fake, tmp_path, monkeypatch):
    """Saved when a buy-back is due, the match resumes with it still due; saved inside it,
    the match resumes at the same seat with the same choices."""
    from cardtable import saves

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    with fake.registered(fake.OutGame):
        for seed in range(60):
            match = Match(fake.OutGame(), seed=seed)
            rng = random.Random(seed)
            while not match.over and not match.between_due:
                state = match.start_hand()
                while state.to_act is not None:
                    state = match.apply(random_policy(state, rng))
            if match.between_due:
                break
        saves.save_match(match)
        again = saves.load_match()
        assert again.between_due and not again.in_between
        assert again.sheet.standing() == match.sheet.standing()
        state = again.start_next()
        assert again.in_between and state.to_act == match.start_next().to_act
        saves.save_match(again)
        inside = saves.load_match()
        assert inside.in_between and inside.state.to_act == state.to_act
        assert [a.text() for a in inside.state.legal_actions()] == [a.text() for a in state.legal_actions()]


def test_standing_of_refuses_what_is_not_a_standing():
    game = get_game("kruisjassen")
    with pytest.raises(TypeError, match="Standing or a score sheet"):
        game.new_hand(seed=1, standing={"next_dealer": 2})
    assert (
        game.standing_of() == game.new_sheet().standing() == Standing(4, totals=(0,) * 4, unit="strepen", carry=(0, 0))
    )
