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

CASES = [
    ("kruisjassen", None, {}),
    ("kruisjassen", None, {"roem_mode": "auto", "claim_mode": "auto"}),
    ("klassieke-rummy", 2, {}),
    ("klassieke-rummy", 4, {"ace_mode": "bridge"}),
    ("klassieke-rummy", 6, {"last_card": True, "no_meld_limit": True}),
]


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
    assert "hand 1, action 4" in str(e)  # the message counts from 1 and "\n" not in str(e)
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
    again = record.replay(
        {**rec, "hands": [{"deal": records[1]["hands"][0]["deal"], "actions": rec["hands"][0]["actions"]}]}
    )
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


# ---- option values written as JSON values, option names as in §9 (issue 19) ------------


def _options_record(gid: str, options: dict, players: int | None = None) -> dict:
    rec = {"format": "cardtable-record/1", "game": gid, "options": options, "hands": []}
    if players is not None:
        rec["players"] = players
    return rec


@pytest.mark.parametrize(
    "gid,players,written,kept",
    [
        ("basis-rummy", 4, {"packs": 2}, {"packs": "2"}),
        ("basis-rummy", 3, {"deal_3p": 10.0}, {"deal_3p": "10"}),
        ("jokeren", 2, {"hand_size": 7, "packs": 1}, {"hand_size": "7", "packs": "1"}),
        ("handjas", 3, {"target": 5, "onder_jan_max": 25.0}, {"target": 5, "onder_jan_max": 25}),
        ("manille", 4, {"target": 12.0, "rounds": 3}, {"target": 12, "rounds": 3}),
        ("kruisjassen", None, {"jas_wild": True, "target": 9.0}, {"jas_wild": True, "target": 9}),
        ("schutjassen", None, {"jas_wild": 1}, {"jas_wild": True}),
        ("klassieke-rummy", 2, {"max_hands": None, "last_card": 0}, {"max_hands": None, "last_card": False}),
    ],
)
def test_option_values_as_json_numbers_and_booleans_read_as_their_text(gid, players, written, kept):
    """docs/records.md "Option values and names": ``"packs": 2`` is ``"packs": "2"``; the
    game refused it once with "option packs: 2 is not one of 1, 2"."""
    m = record.replay(_options_record(gid, written, players))
    for k, v in kept.items():
        assert m.game.options[k] == v and type(m.game.options[k]) is type(v)
    as_text = {
        k: "none" if v is None else str(int(v)) if isinstance(v, float) else str(v).lower() for k, v in written.items()
    }
    assert record.replay(_options_record(gid, as_text, players)).game.options == m.game.options


def test_every_option_reads_a_json_value_as_its_text():
    """Generic over the registry: each choice of a choice among numbers as an int and a
    whole float, each true/false option as JSON true/false, each number option as a float."""
    import cardtable.engine as engine

    for gid in engine.game_ids():
        cls = engine.game_class(gid)
        for opt in cls.option_specs:
            for c in opt.choices:
                if c.isdigit():
                    assert opt.parse(int(c)) == opt.parse(float(c)) == opt.parse(c), (gid, opt.name, c)
            if opt.kind == "bool":
                assert opt.parse(True) is True and opt.parse(False) is False
                assert opt.parse("TRUE") is True and opt.parse(" false ") is False
            if opt.kind in ("int", "int_or_none"):
                n = max(opt.minimum or 0, 3)
                assert opt.parse(n) == opt.parse(float(n)) == opt.parse(str(n)) == n


@pytest.mark.parametrize(
    "gid,options,message",
    [
        ("basis-rummy", {"packs": 3}, "option packs: 3 is not one of 1, 2"),
        ("basis-rummy", {"packs": "3"}, "option packs: '3' is not one of 1, 2"),
        ("basis-rummy", {"packs": True}, "option packs: true is not one of 1, 2"),
        ("kruisjassen", {"target": True}, "option target: true is not a whole number"),
        ("kruisjassen", {"claim_mode": None}, "option claim_mode: null is not one of manual, auto"),
        ("kruisjassen", {"jas_wild": 2}, "option jas_wild: 2 is not true or false"),
        ("kruisjassen", {"jas_wild": "maybe"}, "option jas_wild: 'maybe' is not true or false"),
        ("handjas", {"target": 6}, "option target: 6 is not one of 5, 7"),
        ("manille", {"target": True}, "option target: true is not auto or a whole number 1-76"),
        (
            "loba",
            {"max_buy_backs": 2, "max_buybacks": 1},
            "option max_buybacks is given twice (as max_buy_backs and as max_buybacks)",
        ),
        ("loba", {"max_buy_backs": "two"}, "option max_buybacks: 'two' is not a whole number (given as max_buy_backs)"),
    ],
)
def test_a_refused_option_value_is_written_as_the_record_writes_it(gid, options, message):
    with pytest.raises(RecordError) as err:
        record.replay(_options_record(gid, options))
    assert str(err.value) == message


def test_a_number_that_is_not_whole_is_refused_by_the_game_too():
    """The record refuses ``1.9`` (docs/records.md); the game's own parser did cut it to 1."""
    from cardtable.engine.game import OptionError

    with pytest.raises(OptionError, match="option target: 1.9 is not a whole number"):
        get_game("kruisjassen", target=1.9)
    with pytest.raises(OptionError, match="option packs: 1.5 is not one of 1, 2"):
        get_game("basis-rummy", players=4, packs=1.5)


def test_loba_max_buybacks_is_the_spec_name_and_max_buy_backs_still_replays():
    """loba.md §9 names ``max_buybacks``; records written before say ``max_buy_backs``: both
    replay to the same game, and the record written from now on says ``max_buybacks``."""
    new = record.replay(_options_record("loba", {"max_buybacks": 1}, 3))
    old = record.replay(_options_record("loba", {"max_buy_backs": 1}, 3))
    assert new.game.options == old.game.options
    assert new.game.options["max_buybacks"] == 1 and "max_buy_backs" not in new.game.options
    assert new.game.new_sheet().max_buy_backs == 1
    rec = roundtrip(new.to_record())
    assert rec["options"]["max_buybacks"] == 1 and "max_buy_backs" not in rec["options"]
    kept = json.loads((Path(__file__).parent / "records" / "loba" / "e3.json").read_text(encoding="utf-8"))
    assert "max_buy_backs" in kept["options"]  # a record of before still replays
    assert record.replay(kept).game.options["max_buybacks"] == kept["options"]["max_buy_backs"]
