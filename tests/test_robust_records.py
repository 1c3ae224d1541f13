"""Issue 12, records and saves: one loader for ``cardtable replay`` and the resume of the
autosave that checks everything the app will use and raises only RecordError (seat kinds,
seed and option types, sizes, nesting, huge numbers, a BOM); what it refuses is moved
aside under a name of its own; temporary files of an interrupted save are cleaned; saving
encodes only the hand in play; CLI values of the wrong type are one error line."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable import saves
from cardtable.cli import main
from cardtable.engine import Match, get_game, record
from cardtable.engine.record import RecordError
from tests.helpers import play

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


def base(**extra) -> dict:
    rec = {"format": "cardtable-record/1", "game": "kruisjassen", "seed": 7}
    rec.update(extra)
    return rec


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_error_line(result, *needles: str, code: int = 2) -> str:
    assert result.exit_code == code, (result.exit_code, result.output)
    err = result.stderr
    assert "Traceback" not in result.output and result.stdout == ""
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("cardtable: error: "), lines[0]
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def refused_by_both(home: Path, rec_text: str, *needles: str) -> str:
    """``rec_text`` as the autosave and as a file to replay: both refuse it with the same
    RecordError naming ``needles``; the TUI's resume would then move it aside."""
    p = saves.autosave_path()
    p.write_text(rec_text, encoding="utf-8")
    with pytest.raises(RecordError) as ei:
        saves.load_match(p)
    msg = str(ei.value)
    assert "\n" not in msg and len(msg) <= record.MAX_MESSAGE_CHARS
    for n in needles:
        assert n in msg, (n, msg)
    one_error_line(run("replay", str(p)), *needles)
    return msg


# ---- seats, seeds, options: what replay accepted crashed the resume -----------------------


@pytest.mark.parametrize(
    "seat,needle",
    [
        ("bot:unknown", "unknown bot"),
        ("bot:random ", "unknown bot"),  # a trailing space
        ("robot", "human:NAME"),
        ("BOT:SIMPLE", "human:NAME"),
        ("Human:Anna", "human:NAME"),
        (" bot", "human:NAME"),
        ("bot:", "bot:KIND"),
        ("human:", "needs a name"),
        ("human: Anna", "space"),
        ("human:Anna\n", "space"),
        ("human:A\x07", "control"),
        ("human:" + "x" * 65, "longer than"),
        (7, "must be a text"),
    ],
)
def test_seats_are_checked_exactly(home, seat, needle):
    rec = base(seats=[seat, "bot", "bot:random", "human:Bram"])
    refused_by_both(home, json.dumps(rec), "seat 0", needle)


def test_lone_surrogate_in_a_seat_name_is_one_line_in_text_mode(home, tmp_path):
    # the fault: `cardtable replay FILE` exited 1 with a UnicodeEncodeError traceback
    p = tmp_path / "s.json"
    p.write_text(json.dumps(base(seats=["human:\ud800", "bot", "bot", "bot"], hands=[{"seed": 1}])))
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "cardtable", "replay", str(p)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
    assert "seat 0" in proc.stderr and "\\ud800" in proc.stderr


def test_text_output_never_fails_on_a_lone_surrogate():
    from cardtable.cli import safe_text

    assert safe_text("Anna \ud800") == "Anna \\ud800"
    safe_text("Anna \ud800").encode("utf-8")


@pytest.mark.parametrize(
    "rec,needle",
    [
        (base(seed="7"), '"seed"'),
        (base(seed=True), '"seed"'),
        (base(seed=7.0), '"seed"'),
        (base(hands=[{"seed": "7"}]), "hand 1"),
        (base(hands=[{"seed": False}]), "hand 1"),
        (base(players="4"), '"players"'),
        (base(options={"target": 1.9}), "target"),
        (base(options={"target": [11]}), "target"),
        (base(options={"target": {"n": 1}}), "target"),
        (base(hands=[{"deal": [1, 2]}]), "deal"),
        (base(hands=[{"deal": {"hands": 5}}]), "hands"),
        (base(hands=[{"deal": {"hands": [[1, 2]]}}]), "hands[0]"),
        (base(hands=[{"deal": {"dealer": "0", "hands": []}}]), "dealer"),
        (base(hands=[{"deal": {"upcard": 3}}]), "upcard"),
    ],
)
def test_types_are_checked_and_name_the_key(home, rec, needle):
    refused_by_both(home, json.dumps(rec), needle)


def test_seed_as_text_was_the_resume_crash(home):
    # the fault exactly as written in the issue: replay accepted it, every start crashed
    refused_by_both(home, '{"format": "cardtable-record/1", "game": "kruisjassen", "seed": "7"}', "seed")


def test_a_whole_float_option_is_its_integer_and_never_cut():
    m = record.replay(base(options={"target": 5.0}))
    assert m.game.options["target"] == 5 and type(m.game.options["target"]) is int


def test_what_replays_also_resumes(home):
    """Random damage to good records: the loader raises only RecordError, and every record
    it accepts opens at the table (TableScreen builds its bots from the seats and seeds)."""
    from cardtable.tui.table import TableScreen

    good = []
    for gid, n in [("kruisjassen", 4), ("klassieke-rummy", 3), ("manille", 5), ("butifarra", 4)]:
        m = play(Match(get_game(gid, n), ["human:Anna"] + ["bot:simple"] * (n - 1), seed=3), 1, 6)
        good.append(m.to_record())
        st = get_game(gid, n).new_hand(seed=5)
        good.append(
            {
                "format": "cardtable-record/1",
                "game": gid,
                "players": n,
                "seats": m.seats,
                "hands": [{"deal": st.deal_record(), "actions": []}],
            }
        )
    values = [
        None,
        True,
        0,
        -1,
        7,
        2**70,
        1.9,
        2.0,
        "",
        "7",
        "AS",
        "bot",
        "bot:unknown",
        "BOT:SIMPLE",
        "human:",
        "robot",
        [],
        [1],
        ["AS"],
        [[]],
        {},
        {"a": 1},
        "play AS",
        "\ud800",
    ]
    rng = random.Random(12)
    accepted = 0
    for _ in range(800):
        rec = copy.deepcopy(rng.choice(good))
        spots = []

        def walk(obj, spots=spots):
            items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
            for k, v in items:
                spots.append((obj, k))
                walk(v)

        walk(rec)
        # half of the damage where the app reads a value without replaying it: the top
        # keys, the seats, the options
        top = [(o, k) for o, k in spots if o is rec or o is rec.get("seats") or o is rec.get("options")]
        obj, key = rng.choice(top if rng.random() < 0.5 else spots)
        obj[key] = copy.deepcopy(rng.choice(values))
        try:
            match = record.replay(rec, bot_kinds=saves.bot_kinds())
        except RecordError:
            continue
        accepted += 1
        TableScreen(match)
        match.to_record()
    assert accepted > 10, accepted


# ---- sizes, nesting, numbers, BOM ------------------------------------------------------


def test_nesting_1000_deep_is_a_record_error(home):
    refused_by_both(
        home, '{"format": "cardtable-record/1", "comment": ' + "[" * 5000 + "]" * 5000 + "}", "nested deeper"
    )
    refused_by_both(home, '{"format": "cardtable-record/1", "comment": ' + "[" * 100 + "]" * 100 + "}", "nested deeper")


def test_an_integer_of_5000_digits_is_a_record_error(home):
    refused_by_both(
        home, '{"format": "cardtable-record/1", "game": "kruisjassen", "seed": ' + "7" * 5000 + "}", "4300 digits"
    )


def test_nan_is_not_json(home):
    refused_by_both(home, '{"format": "cardtable-record/1", "game": "kruisjassen", "seed": NaN}', "NaN")


def test_a_bom_is_accepted(home, tmp_path):
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps(base(hands=[{"seed": 1, "actions": ["pass"]}])).encode())
    assert saves.replay_file(p).hands[0]["actions"] == ["pass"]
    r = run("replay", str(p))
    assert r.exit_code == 0, r.output


def test_a_file_over_the_cap_is_refused_without_reading_it_all(home, tmp_path, monkeypatch):
    monkeypatch.setattr(record, "MAX_RECORD_BYTES", 1000)
    p = tmp_path / "big.json"
    p.write_text(json.dumps(base(comment="x" * 2000)))
    with pytest.raises(RecordError, match="larger than"):
        saves.replay_file(p)
    reads = []
    real_open = open

    class Probe:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *a):
            self.f.close()

        def read(self, n=-1):
            reads.append(n)
            return self.f.read(n)

    monkeypatch.setattr("builtins.open", lambda *a, **k: Probe(real_open(*a, **k)))
    with pytest.raises(RecordError):
        record.read_text(p)
    assert reads == [1001]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_replay_dev_zero_stops_at_the_cap():
    one_error_line(run("replay", "/dev/zero"), "larger than")


def test_an_error_line_never_echoes_a_huge_input(home, tmp_path):
    huge = "x" * 3_000_000
    for rec in (
        base(hands=[{"seed": 1, "actions": ["play " + huge[:900]]}]),
        base(options={"target": huge}),
        base(game=huge),
        base(seats=["human:" + huge]),
        base(hands=[{"seed": 1, "actions": [huge]}]),
    ):
        p = tmp_path / "h.json"
        p.write_text(json.dumps(rec))
        line = one_error_line(run("replay", str(p)))
        assert len(line) < 500, len(line)


# ---- moved aside under a name of its own ------------------------------------------------


def test_each_bad_save_is_kept_under_a_name_of_its_own(home):
    p = saves.autosave_path()
    names = []
    for text in ("first", "second", "third"):
        p.write_text(text)
        with pytest.raises(RecordError):
            saves.load_match(p)
        names.append(saves.quarantine(p))
    assert [n.name for n in names] == ["autosave.corrupt.json", "autosave.corrupt-2.json", "autosave.corrupt-3.json"]
    assert [n.read_text() for n in names] == ["first", "second", "third"]


# ---- temporary files, the cost of a save --------------------------------------------------


def test_temp_files_of_an_interrupted_save_are_cleaned(home):
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    left = home / f".cardtable-{dead}-abc123.json"  # killed in its first save
    old = home / ".cardtable-xyz.json"  # an older name, long ago
    mine = home / f".cardtable-{os.getppid()}-live.json"  # a save in progress elsewhere
    for f in (left, old, mine):
        f.write_text("{")
    os.utime(old, (1, 1))
    gone = saves.clean_temp()
    assert sorted(gone) == sorted([left, old])
    assert mine.exists() and not left.exists() and not old.exists()


def test_save_encodes_only_the_hand_in_play(home, monkeypatch):
    match = play(Match(get_game("kruisjassen", 4, target=1000), None, seed=2), 30, 3)
    path = saves.save_match(match)
    encoded = []
    real = json.dumps

    def counting(obj, *a, **k):
        if isinstance(obj, dict) and "actions" in obj:
            encoded.append(obj)
        return real(obj, *a, **k)

    monkeypatch.setattr(record.json, "dumps", counting)
    st = match.state
    match.apply(st.legal_actions()[0])
    saves.save_match(match)
    assert len(encoded) == 1 and encoded[0]["actions"] == match.hands[-1]["actions"]
    monkeypatch.setattr(record.json, "dumps", real)
    again = saves.load_match(path)
    assert again.to_record() == match.to_record()
    written = json.loads(path.read_text())
    assert {k: v for k, v in written.items() if k not in ("match_id", "started")} == match.to_record()


# ---- CLI values of the wrong type ---------------------------------------------------------


@pytest.mark.parametrize(
    "args,needle",
    [
        (("play", "kruisjassen", "--players", "x"), "--players"),
        (("play", "kruisjassen", "--seed", "abc"), "--seed"),
        (("play", "kruisjassen", "--seed", "1.5"), "--seed"),
        (("simulate", "kruisjassen", "--hands", "0"), "--hands"),
        (("simulate", "kruisjassen", "--hands", "many"), "--hands"),
        (("simulate", "kruisjassen", "--players", "four"), "--players"),
        (("play", "kruisjassen", "--nonsense"), "--nonsense"),
        (("replay",), "FILE"),
        (("simulate", "kruisjassen", "--seed", "9" * 5000), "--seed"),
    ],
)
def test_cli_values_of_the_wrong_type_are_one_error_line(args, needle):
    line = one_error_line(run(*args), needle)
    assert len(line) < 500


def test_cli_refuses_a_seat_the_autosave_could_not_resume(monkeypatch):
    import cardtable.tui

    opened = []
    monkeypatch.setattr(cardtable.tui, "run", lambda match=None, **kw: opened.append(match))
    one_error_line(
        run("play", "kruisjassen", "--seat", "human:" + "n" * 80, "--seat", "bot", "--seat", "bot", "--seat", "bot"),
        "seat 0",
        "longer than",
    )
    assert opened == []


def test_a_json_error_reads_as_one_sentence():
    """json's "Unterminated string starting at" is not followed by a second "at"."""
    from cardtable.engine.record import parse

    with pytest.raises(RecordError) as ei:
        parse('{"a": "x')
    assert "at at" not in str(ei.value) and "starting at line 1" in str(ei.value)
