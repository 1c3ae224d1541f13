"""Game records (cardtable-record/1): round trip, explicit deals, atomic save (the saves
themselves, resume and corrupt files: tests/test_saves.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardtable.bots import get_bot
from cardtable.engine import Match, get_game, record
from cardtable.engine.record import RecordError
from tests.helpers import play

CASES = [("kruisjassen", None, {}), ("kruisjassen", None, {"roem_mode": "auto", "claim_mode": "auto"}),
         ("klassieke-rummy", 2, {}), ("klassieke-rummy", 4, {"ace_mode": "bridge"}),
         ("klassieke-rummy", 6, {"last_card": True, "no_meld_limit": True})]


def roundtrip(rec: dict) -> dict:
    return json.loads(json.dumps(rec))


@pytest.mark.parametrize("gid,players,options", CASES)
def test_record_round_trip(gid, players, options):
    game = get_game(gid, players=players, **options)
    match = play(Match(game, ["bot:simple"] * game.players, seed=11), hands=3, extra_actions=7)
    rec = roundtrip(match.to_record())
    assert rec["format"] == "cardtable-record/1" and rec["game"] == gid
    assert rec["players"] == game.players and rec["options"] == game.options and rec["seed"] == 11
    assert rec["seats"] == ["bot:simple"] * game.players
    assert all(isinstance(h["seed"], int) and isinstance(h["actions"], list) for h in rec["hands"])
    again = record.replay(rec)
    assert record.summary(again) == record.summary(match)
    assert again.to_record() == rec
    # the replayed state is the same position for every seat
    for s in range(game.players):
        assert again.state.observation(s).to_json() == match.state.observation(s).to_json()


@pytest.mark.parametrize("gid,players,options", CASES[::2])
def test_explicit_deals_replay_the_same(gid, players, options):
    """A record whose hands carry ``deal`` (the state's deal_record()) instead of ``seed``."""
    game = get_game(gid, players=players, **options)
    match = Match(game, ["bot:random"] * game.players, seed=5)
    deals = []
    bots = [get_bot("simple", game, seed=s) for s in range(game.players)]
    for _ in range(3):
        if match.over:
            break
        st = match.start_hand()
        deals.append(roundtrip(st.deal_record()))
        while not st.over:
            st = match.apply(bots[st.to_act].choose(st.observation(st.to_act)))
    rec = roundtrip(match.to_record())
    for h, d in zip(rec["hands"], deals):
        del h["seed"]
        h["deal"] = d
    again = record.replay(rec)
    a, b = record.summary(again), record.summary(match)
    assert a == b


def test_unknown_record_keys_are_ignored_and_seats_optional():
    game = get_game("kruisjassen")
    match = play(Match(game, None, seed=2), hands=1)
    rec = roundtrip(match.to_record())
    rec["comment"] = "hand-written"
    del rec["seats"]
    assert record.summary(record.replay(rec)) == record.summary(match)


def test_replay_reports_the_illegal_action():
    game = get_game("klassieke-rummy", players=2)
    match = play(Match(game, None, seed=4), hands=0, extra_actions=3)
    rec = roundtrip(match.to_record())
    rec["hands"][0]["actions"].append("meld AS AS AS")
    with pytest.raises(RecordError) as ei:
        record.replay(rec)
    e = ei.value
    assert (e.hand, e.action) == (0, 3)
    assert "hand 1, action 4" in str(e)   # the message counts from 1 and "\n" not in str(e)
    assert e.reason and e.reason in str(e)


# ---- atomic save -----------------------------------------------------------------------

def test_save_is_atomic(tmp_path, monkeypatch):
    p = tmp_path / "sub" / "game.json"
    record.save({"format": "cardtable-record/1", "game": "x", "hands": []}, p)
    assert json.loads(p.read_text())["game"] == "x"
    good = p.read_text()

    def broken_fsync(fd):
        os.write(fd, b'{"format": "cardtable-rec')  # half a file ...
        raise OSError("disk full")

    monkeypatch.setattr(record.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        record.save({"format": "cardtable-record/1", "game": "y", "hands": []}, p)
    assert p.read_text() == good  # the old save is intact
    assert sorted(os.listdir(p.parent)) == ["game.json"]  # no temporary file left behind


# ---- the examples of docs/records.md ---------------------------------------------------

DOCS = Path(__file__).resolve().parent.parent / "docs" / "records.md"


def test_docs_examples_replay():
    import re

    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.S)
    records = [json.loads(b) for b in blocks if '"format"' in b]
    assert len(records) == 2
    first, second = (record.replay(r) for r in records)
    s1, s2 = record.summary(first), record.summary(second)
    assert s1["to_act"] == 3
    assert s1["legal_actions"] == ["play TD", "play JD", "play 8H", "play TH", "claim"]
    # the explicit deal is the same first hand: the same position after the same actions
    rec = records[0]
    again = record.replay({**rec, "hands": [{"deal": records[1]["hands"][0]["deal"],
                                             "actions": rec["hands"][0]["actions"]}]})
    assert record.summary(again) == s1
    assert s2["to_act"] == 3 and s2["hands"][0]["actions_applied"] == 2


def test_docs_name_every_summary_key():
    text = DOCS.read_text(encoding="utf-8")
    game = get_game("kruisjassen")
    s = record.summary(play(Match(game, None, seed=1), hands=1, extra_actions=3))
    for key in s:
        assert f"`{key}`" in text, key
    for key in s["hands"][0]["result"]:
        assert f"`hands[].result.{key}`" in text, key
    for key in s["hands"][0]["result"]["detail"]:
        assert f"`{key}`" in text, key
    for key in s["sheet"]:
        assert f"`{key}`" in text, key
    rummy = record.summary(play(Match(get_game("klassieke-rummy", players=3), None, seed=1), hands=1))
    for key in list(rummy["hands"][0]["result"]["detail"]) + list(rummy["sheet"]):
        assert f"`{key}`" in text, key
