"""The ``cardtable`` command: list, rules, simulate, replay, play (argument errors), and
that only the commands that open the TUI import textual."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

import cardtable
from cardtable.cli import main
from cardtable.engine import Match, get_game
from tests.helpers import play

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["kruisjassen", "klassieke-rummy"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_error_line(result, *needles: str) -> str:
    """The run failed with exit 2 and exactly one line on stderr holding every needle."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    try:
        err = result.stderr  # click >= 8.2 keeps stderr apart
    except ValueError:  # pragma: no cover - click 8.1 mixes it into output
        err = result.output
    assert "Traceback" not in result.output
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def play_some(
    game_id: str, players: int | None = None, hands: int = 2, extra_actions: int = 5, seed: int = 3, **options
) -> Match:
    """A match of simple bots: ``hands`` whole hands, then ``extra_actions`` of the next."""
    game = get_game(game_id, players=players, **options)
    return play(Match(game, ["bot:simple"] * game.players, seed=seed), hands, extra_actions)


# ---- list ------------------------------------------------------------------------------


def test_list_one_line_per_game():
    r = run("list")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    ids = [ln.split()[0] for ln in lines]
    assert sorted(ids) == sorted(cardtable.engine.game_ids())
    for gid in GAMES:
        assert gid in ids
    by_id = {ln.split()[0]: ln for ln in lines}
    assert "4 players" in by_id["kruisjassen"]
    assert "2-6 players" in by_id["klassieke-rummy"]
    for gid in GAMES:
        cls = cardtable.engine.game_class(gid)
        assert cls.name in by_id[gid] and cls.description[:20] in by_id[gid]
    # the deck in words, never an internal id (issue 8 item 9)
    assert "32 cards" in by_id["kruisjassen"] and "52 cards" in by_id["klassieke-rummy"]
    for internal in ("piquet32", "full52", "deck36"):
        assert internal not in r.output


def test_list_options_lists_the_declared_options_of_every_game():
    for gid in cardtable.engine.game_ids():
        cls = cardtable.engine.game_class(gid)
        r = run("list", "--options", gid)
        assert r.exit_code == 0, r.output
        for opt in cls.option_specs:
            line = next(ln for ln in r.output.splitlines() if ln.startswith(opt.name + " "))
            default = "none" if opt.default is None else str(opt.default).lower()
            assert default in line.lower(), (gid, opt.name, line)
            for choice in opt.choices:
                assert choice in line
    one_error_line(run("list", "--options", "pandoeren"), "unknown game")


def test_play_help_points_to_the_options():
    r = run("play", "--help")
    assert r.exit_code == 0 and "cardtable list --options GAME" in r.output


# ---- rules -----------------------------------------------------------------------------


@pytest.mark.parametrize("gid,title", [("kruisjassen", "Kruisjassen"), ("klassieke-rummy", "Klassieke Rummy")])
def test_rules_prints_the_guide_and_spec_prints_the_spec(gid, title):
    r = run("rules", gid)
    assert r.exit_code == 0, r.output
    assert title in r.output and "Options" in r.output
    assert "Examples" not in r.output and "Source: seed" not in r.output  # the players' guide
    assert "##" not in r.output  # rendered, not raw markdown
    r = run("rules", gid, "--spec")
    assert r.exit_code == 0, r.output
    assert title in r.output and "Examples" in r.output and "Options" in r.output


def test_rules_unknown_game():
    one_error_line(run("rules", "pandoeren"), "unknown game", "kruisjassen")


def test_rules_game_without_spec(fake):
    with fake.registered():
        r = run("rules", fake.FAKE_ID)
    assert r.exit_code == 1
    assert "no rules text" in r.output and "Traceback" not in r.output


def test_rules_are_package_data():
    for gid in GAMES:
        assert (ROOT / "cardtable" / "rules" / f"{gid}.md").is_file()


# ---- simulate --------------------------------------------------------------------------


def check_summary(s: dict, gid: str, players: int, hands: int) -> None:
    assert s["game"] == gid and s["players"] == players and s["hands"] == hands
    assert len(s["seats"]) == players
    assert len(s["match_wins"]) == len(s["avg_points"]) == len(s["total_points"]) == players
    assert sum(s["outcomes"].values()) == hands
    assert 1 <= s["matches"] and 0 <= s["matches_finished"] <= s["matches"]
    assert s["matches"] - s["matches_finished"] <= 1
    assert all(isinstance(p, int) and p >= 0 for p in s["total_points"])
    assert all(w >= 0 for w in s["match_wins"])
    assert sum(s["match_wins"]) >= s["matches_finished"]  # every finished match has a winner
    assert s["hands_per_second"] > 0
    if gid == "kruisjassen":  # partners score together, in strepen
        tp, mw = s["total_points"], s["match_wins"]
        assert tp[0] == tp[2] and tp[1] == tp[3]
        assert mw[0] == mw[2] and mw[1] == mw[3]
        assert mw[0] + mw[1] == s["matches_finished"]
        assert 0 < tp[0] + tp[1] <= 3 * hands + 16 * hands  # at most a pit plus stroke roem per hand
    if gid == "klassieke-rummy":  # only the player who goes out scores; one winner a match
        assert sum(s["match_wins"]) == s["matches_finished"]
        assert sum(s["total_points"]) > 0
        assert set(s["outcomes"]) <= {"out", "void"}


@pytest.mark.parametrize(
    "gid,seats",
    [
        ("kruisjassen", "bot,bot,bot,bot"),
        ("kruisjassen", "bot:random,bot:simple,random,simple"),
        ("klassieke-rummy", "bot,bot"),
        ("klassieke-rummy", "bot,bot:random,bot,bot:random"),
        ("klassieke-rummy", "bot,bot,bot,bot,bot,bot"),
    ],
)
def test_simulate_json(gid, seats):
    n = len(seats.split(","))
    r = run("simulate", gid, "--seats", seats, "--hands", "30", "--seed", "1", "--json")
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    check_summary(s, gid, n, 30)


def test_simulate_issue_commands():
    """The issue's acceptance commands: 200 hands of each game (rummy with 2, 4 and 6 seats)."""
    for gid, n in [("kruisjassen", 4), ("klassieke-rummy", 2), ("klassieke-rummy", 4), ("klassieke-rummy", 6)]:
        r = run("simulate", gid, "--seats", ",".join(["bot"] * n), "--hands", "200", "--seed", "1", "--json")
        assert r.exit_code == 0, (gid, n, r.output)
        check_summary(json.loads(r.output), gid, n, 200)


def test_simulate_is_deterministic_and_starts_new_matches():
    args = (
        "simulate",
        "klassieke-rummy",
        "--seats",
        "bot,bot,bot",
        "--hands",
        "25",
        "--seed",
        "7",
        "--option",
        "target_score=40",
        "--json",
    )
    a, b = json.loads(run(*args).output), json.loads(run(*args).output)
    for k in ("seconds", "hands_per_second"):
        a.pop(k), b.pop(k)
    assert a == b
    assert a["matches"] > 1 and a["options"]["target_score"] == 40
    c = json.loads(run(*args[:-3], "--seed", "8", "--option", "target_score=40", "--json").output)
    assert c["total_points"] != a["total_points"]


def test_simulate_text_summary():
    r = run("simulate", "kruisjassen", "--seats", "bot,bot:random,bot,bot:random", "--hands", "5", "--seed", "2")
    assert r.exit_code == 0, r.output
    assert "hands: 5" in r.output and "hands/s" in r.output
    assert "matches won" in r.output and "avg points/hand" in r.output
    assert "bot:random" in r.output


@pytest.mark.parametrize(
    "args,needles",
    [
        (("simulate", "nope", "--seats", "bot,bot"), ("unknown game",)),
        (("simulate", "kruisjassen", "--seats", "bot,bot,bot"), ("4 players", "3")),
        (("simulate", "kruisjassen", "--seats", "bot,human:Anna,bot,bot"), ("seat 1", "bots only")),
        (("simulate", "kruisjassen", "--seats", "bot,bot:genius,bot,bot"), ("seat 1", "genius")),
        (("simulate", "kruisjassen", "--seats", "bot,,bot,bot"), ("--seats",)),
        (("simulate", "kruisjassen", "--option", "target=zero"), ("target",)),
        (("simulate", "kruisjassen", "--option", "colour=red"), ("colour",)),
        (("simulate", "klassieke-rummy", "--players", "7"), ("2 to 6", "7")),
    ],
)
def test_simulate_bad_input(args, needles):
    one_error_line(run(*args), *needles)


# ---- replay ----------------------------------------------------------------------------


def write(tmp_path: Path, name: str, data) -> Path:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


@pytest.mark.parametrize("gid,players", [("kruisjassen", None), ("klassieke-rummy", 3)])
def test_replay_good_record(tmp_path, gid, players):
    match = play_some(gid, players)
    p = write(tmp_path, "game.json", match.to_record())
    r = run("replay", str(p))
    assert r.exit_code == 0, r.output
    assert "hand 1" in r.output and "hand 3" in r.output and "not finished" in r.output
    names = [f"Bot {s}" for s in range(match.game.players)]  # the sheet names seats as the table does
    assert match.sheet.named_text(names).strip() in r.output
    assert f"to act: Bot {match.state.to_act} (simple)" in r.output  # as the table names it

    r = run("replay", str(p), "--json")
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    assert s["format"] == "cardtable-record/1" and s["game"] == gid
    assert s["players"] == match.game.players and s["options"] == match.game.options
    assert [h["actions_applied"] for h in s["hands"]] == [len(h["actions"]) for h in match.hands]
    assert s["hands"][-1]["result"] is None
    for h in s["hands"][:-1]:
        assert len(h["result"]["points"]) == match.game.players
        assert set(h["result"]) == {"points", "outcome", "winners", "detail"}
    assert s["to_act"] == match.state.to_act
    assert s["legal_actions"] == [a.text() for a in match.state.legal_actions()] and s["legal_actions"]
    assert s["sheet_text"] == match.sheet.render()
    assert s["match_over"] is False and s["winners"] == []
    assert isinstance(s["sheet"], dict)


def test_replay_finished_match(tmp_path):
    match = play_some("klassieke-rummy", 2, hands=50, extra_actions=0, target_score=30)
    assert match.over
    p = write(tmp_path, "done.json", match.to_record())
    r = run("replay", str(p))
    assert r.exit_code == 0, r.output
    assert "match over" in r.output
    s = json.loads(run("replay", str(p), "--json").output)
    assert s["match_over"] is True and s["winners"] == match.sheet.winners
    assert s["to_act"] is None and s["legal_actions"] == []


def test_replay_names_the_seats_as_the_table_does(tmp_path):
    """``cardtable replay`` says ``Anna`` and ``Bot 1 (simple)``, not ``seat 0 (Anna)`` (the
    rules' index, from 0), in its text and in a refused action's reason; ``--json`` keeps
    the seat numbers of docs/records.md."""
    match = play_some("kruisjassen", hands=1, extra_actions=2)
    match.seats[0] = "human:Anna"
    rec = match.to_record()
    p = write(tmp_path, "game.json", rec)
    r = run("replay", str(p))
    assert r.exit_code == 0, r.output
    assert "seat 0" not in r.output and "seat 1" not in r.output, r.output
    won = match.results[0].winners
    names = {0: "Anna", 1: "Bot 1 (simple)", 2: "Bot 2 (simple)", 3: "Bot 3 (simple)"}
    assert "won by " + ", ".join(names[s] for s in won) in r.output, r.output
    assert f"to act: {names[match.state.to_act]}" in r.output, r.output
    s = json.loads(run("replay", str(p), "--json").output)
    assert s["to_act"] == match.state.to_act and s["hands"][0]["result"]["winners"] == won
    # a refused action (a card in the meld phase): the reason names the seat to act so too
    rec["hands"][1]["actions"] = ["play 7H"]
    p = write(tmp_path, "bad.json", rec)
    line = one_error_line(run("replay", str(p)), "hand 2, action 1", "meld turn")
    reason = line.split("):", 1)[1]
    assert "seat " not in reason and any(n.split(" (")[0] + "'s meld turn" in reason for n in names.values()), line


@pytest.mark.parametrize("gid", sorted(cardtable.engine.game_ids()))
def test_replay_sheet_names_the_seats_as_the_table_does(tmp_path, gid):
    """The sheet under ``cardtable replay``'s hands calls each seat as the table does
    (``Anna``, ``Bot 1``), never ``Seat 0`` (``--json``'s ``sheet_text`` keeps ``render()``)."""
    match = play_some(gid, hands=1)
    match.seats[0] = "human:Anna"
    r = run("replay", str(write(tmp_path, "game.json", match.to_record())))
    assert r.exit_code == 0, r.output
    sheet = r.output.split("\n\n", 1)[1]
    assert "seat 0" not in sheet.lower() and "seat 1" not in sheet.lower(), sheet


def _illegal_for(state) -> str:
    """An action text that parses but is not legal in ``state``."""
    legal = {a.text() for a in state.legal_actions()}
    for t in [
        "play 7C",
        "play AS",
        "discard 2C",
        "discard KH",
        "claim",
        "draw discard",
        "pass",
        "meld 2C 3C 4C",
        "play 8D",
    ]:
        if t not in legal:
            return t
    raise AssertionError("no illegal action found")  # pragma: no cover


@pytest.mark.parametrize("gid,players", [("kruisjassen", None), ("klassieke-rummy", 4)])
def test_replay_illegal_action(tmp_path, gid, players):
    match = play_some(gid, players, hands=1, extra_actions=6)
    rec = match.to_record()
    # replay hand 1 up to action 4, then put an illegal action there
    game = match.game
    m2 = Match(game, match.seats, seed=match.seed)
    m2.start_hand(seed=rec["hands"][0]["seed"])
    for t in rec["hands"][0]["actions"]:
        m2.apply(t)
    st = m2.start_hand(seed=rec["hands"][1]["seed"])
    for t in rec["hands"][1]["actions"][:4]:
        st = m2.apply(t)
    bad = _illegal_for(st)
    rec["hands"][1]["actions"][4] = bad
    p = write(tmp_path, "bad.json", rec)
    for args in (("replay", str(p)), ("replay", str(p), "--json")):
        line = one_error_line(run(*args), "hand 2, action 5", bad)  # counted from 1
        assert line.startswith("cardtable: error:")
        # the reason is the engine's sentence, not just "illegal"
        reason = line.split(f"{bad!r}):", 1)[1].strip()
        assert len(reason) > 5


@pytest.mark.parametrize(
    "content,needle",
    [
        ("hello, this is not JSON", "not a cardtable record"),
        ('{"some": "json"}', "not a cardtable record"),
        ("[1, 2, 3]", "not a cardtable record"),
        ('{"format": "cardtable-record/1", "game": "pandoeren", "hands": []}', "unknown game"),
        ('{"format": "cardtable-record/1", "game": "kruisjassen", "options": {"target": "x"}, "hands": []}', "target"),
        ('{"format": "cardtable-record/1", "game": "kruisjassen", "hands": [{"actions": []}]}', "hand 1"),
        (
            '{"format": "cardtable-record/1", "game": "kruisjassen", '
            '"hands": [{"deal": {"hands": [["XX"]]}, "actions": []}]}',
            "hand 1",
        ),
        (
            '{"format": "cardtable-record/1", "game": "kruisjassen", "hands": [{"seed": 1, "actions": ["fly away"]}]}',
            "hand 1, action 1",
        ),
    ],
)
def test_replay_not_a_record(tmp_path, content, needle):
    p = write(tmp_path, "x.json", content)
    one_error_line(run("replay", str(p)), needle)
    one_error_line(run("replay", str(p), "--json"), needle)


def test_replay_binary_and_missing_file(tmp_path):
    p = tmp_path / "x.bin"
    p.write_bytes(bytes(range(256)))
    one_error_line(run("replay", str(p)), "not a cardtable record")
    one_error_line(run("replay", str(tmp_path / "missing.json")), "cannot read")


def test_replay_subprocess_exit_code_and_no_traceback(tmp_path):
    p = write(tmp_path, "x.json", "not json")
    proc = subprocess.run(
        [sys.executable, "-m", "cardtable", "replay", str(p)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "not a cardtable record" in proc.stderr


# ---- play (argument errors; the TUI is replaced by a stub) ------------------------------


@pytest.fixture
def fake_tui(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))  # no settings of the user
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "1")
    monkeypatch.setattr("cardtable.bots.search_cores", lambda: 2)  # a 2-core machine
    calls = []
    mod = types.ModuleType("cardtable.tui")
    mod.run = lambda match=None: calls.append(match)
    monkeypatch.setitem(sys.modules, "cardtable.tui", mod)
    monkeypatch.setattr(cardtable, "tui", mod, raising=False)
    monkeypatch.setattr("cardtable.cli._need_terminal", lambda command: None)  # as at a terminal
    return calls


@pytest.mark.parametrize(
    "args,needles",
    [
        (("play", "pandoeren"), ("unknown game", "kruisjassen")),
        (("play", "kruisjassen", "--option", "target=0"), ("target", "minimum")),
        (("play", "kruisjassen", "--option", "trumps=none"), ("no option", "trumps")),
        (("play", "kruisjassen", "--option", "target"), ("KEY=VALUE",)),
        (("play", "klassieke-rummy", "--option", "ace_mode=sideways"), ("ace_mode", "sideways")),
        (("play", "kruisjassen", "--seat", "human:Anna", "--seat", "bot"), ("4 players", "2")),
        (
            ("play", "kruisjassen", "--seat", "robot", "--seat", "bot", "--seat", "bot", "--seat", "bot"),
            ("seat 0", "robot"),
        ),
        (("play", "klassieke-rummy", "--seat", "bot:genius", "--seat", "human"), ("seat 0", "genius")),
        (("play", "klassieke-rummy", "--players", "3", "--seat", "bot", "--seat", "human"), ("--players 3",)),
        (("play", "klassieke-rummy", "--players", "9"), ("2 to 6", "9")),
        # the names the seat setup refuses (issue 8 item 9)
        (("play", "klassieke-rummy", "--seat", "human:", "--seat", "bot"), ("seat 0", "needs a name")),
        (("play", "klassieke-rummy", "--seat", "human:  ", "--seat", "bot"), ("seat 0", "needs a name")),
        (("play", "klassieke-rummy", "--seat", "human:Anna", "--seat", "human:Anna"), ("same name",)),
        (("play", "klassieke-rummy", "--seat", "human:Anna", "--seat", "human:anna "), ("same name",)),
        (("play", "klassieke-rummy", "--seat", "human:Bot 1", "--seat", "bot"), ("names a bot",)),
        (("play", "klassieke-rummy", "--seat", "human:bot", "--seat", "bot"), ("names a bot",)),
        (("play", "klassieke-rummy", "--seat", "human:A,B", "--seat", "bot"), ("':' or ','",)),
        (("play", "kruisjassen", "--seed", "-1"), ("--seed", "-1")),
    ],
)
def test_play_bad_input(fake_tui, args, needles):
    one_error_line(run(*args), *needles)
    assert fake_tui == []


def test_play_default_seats(fake_tui):
    r = run("play", "kruisjassen", "--seed", "5")
    assert r.exit_code == 0, r.output
    (m,) = fake_tui
    assert isinstance(m, Match) and m.game.id == "kruisjassen" and m.seed == 5
    assert m.seats == ["human:You", "bot:strong", "bot:strong", "bot:strong"]


def test_plain_bot_is_the_default_level_in_play_only(fake_tui, monkeypatch):
    """``play``: plain ``bot`` is strong where it keeps the budget, else simple (a tiny
    budget, one core and a small budget); ``simulate``: always simple, to stay fast."""
    r = run("play", "klassieke-rummy", "--seat", "human:Anna", "--seat", "bot", "--seat", "bot:simple")
    assert r.exit_code == 0, r.output
    assert fake_tui[-1].seats == ["human:Anna", "bot:strong", "bot:simple"]
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "0.1")
    run("play", "klassieke-rummy", "--seat", "human:Anna", "--seat", "bot")
    assert fake_tui[-1].seats == ["human:Anna", "bot:simple"]
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "0.3")
    monkeypatch.setattr("cardtable.bots.search_cores", lambda: 1)
    run("play", "klassieke-rummy")
    assert fake_tui[-1].seats == ["human:You", "bot:simple"]
    from cardtable.cli import normalize_seat

    assert normalize_seat("bot", 0, allow_human=False) == "bot:simple"  # simulate's reading


def test_play_seats_set_the_player_count(fake_tui):
    r = run(
        "play",
        "klassieke-rummy",
        "--seat",
        "human:Anna",
        "--seat",
        "bot:random",
        "--seat",
        "human",
        "--option",
        "ace_mode=bridge",
        "--option",
        "target-score=200",
    )
    assert r.exit_code == 0, r.output
    (m,) = fake_tui
    assert m.game.players == 3
    assert m.seats == ["human:Anna", "bot:random", "human:Player 3"]
    assert m.game.options["ace_mode"] == "bridge" and m.game.options["target_score"] == 200
    run("play", "klassieke-rummy", "--players", "5")
    assert fake_tui[1].seats == ["human:You"] + ["bot:strong"] * 4


def test_no_command_opens_the_menu(fake_tui):
    r = run()
    assert r.exit_code == 0, r.output
    assert fake_tui == [None]


# ---- entry points and layering ---------------------------------------------------------


def test_python_m_cardtable_list():
    proc = subprocess.run(
        [sys.executable, "-m", "cardtable", "list"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert "kruisjassen" in proc.stdout and "klassieke-rummy" in proc.stdout


def test_headless_commands_never_import_textual(tmp_path):
    rec = tmp_path / "r.json"
    rec.write_text(json.dumps(play_some("kruisjassen", hands=1).to_record()))
    code = f"""
import sys
from click.testing import CliRunner
from cardtable.cli import main
r = CliRunner()
for args in (["list"], ["rules", "kruisjassen"], ["replay", {str(rec)!r}, "--json"],
             ["simulate", "klassieke-rummy", "--hands", "3", "--seed", "1"],
             ["play", "nope"]):
    res = r.invoke(main, args)
    assert res.exit_code in (0, 2), (args, res.output)
bad = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
assert not bad, bad
print("ok")
"""
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_simulate_on_a_terminal_shows_progress_then_the_summary():
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "simulate", "kruisjassen", "--hands", "40", "--seed", "3"],
        cwd=ROOT,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "COLUMNS": "100"},
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert proc.wait(timeout=120) == 0
    out = b"".join(chunks).decode("utf-8", "replace")
    assert "hands: 40" in out and "hands/s" in out
    assert "\x1b[" in out  # the live progress bar drew on the terminal


# ---- saves, stats (issue 8 items 3 and 8) -------------------------------------------------


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_saves_lists_and_deletes_only_when_asked(home, monkeypatch):
    from cardtable import saves

    r = run("saves")
    assert r.exit_code == 0 and "No unfinished games" in r.output
    a = play_some("kruisjassen", hands=1, extra_actions=3)
    a.seats[0] = "human:Anna"
    saves.save_match(a)
    b = play_some("klassieke-rummy", players=3, hands=0, extra_actions=4)
    saves.save_match(b)
    r = run("saves")
    assert r.exit_code == 0, r.output
    lines = [ln for ln in r.output.splitlines() if ln[:3].strip().rstrip(".").isdigit()]
    assert len(lines) == 2
    assert "Klassieke Rummy · 3 bots · hand 1" in lines[0] and "last played today" in lines[0]
    assert "Kruisjassen · Anna and 3 bots · hand 2" in lines[1]
    # not at a terminal and no --yes: nothing is deleted
    one_error_line(run("saves", "--delete", "1"), "--yes")
    assert len(saves.list_saves()) == 2
    # at a terminal: it asks, and "n" keeps the game
    monkeypatch.setattr("cardtable.cli._interactive", lambda: True)
    r = CliRunner().invoke(main, ["saves", "--delete", "2"], input="n\n")
    assert "Delete Kruisjassen" in r.output and "Nothing was deleted" in r.output
    assert len(saves.list_saves()) == 2
    r = run("saves", "--delete", "2", "--yes")
    assert r.exit_code == 0 and "Deleted Kruisjassen" in r.output
    assert [i.game_name for i in saves.list_saves()] == ["Klassieke Rummy"]
    one_error_line(run("saves", "--delete", "7", "--yes"), "no save number 7")
    one_error_line(run("saves", "--delete", "some", "--yes"), "a number")


def test_saves_on_a_terminal_wraps_between_fields(home, monkeypatch):
    """At a terminal of 80 columns no line of ``cardtable saves`` is wider than it and every
    file name stands whole on a line (the terminal broke ``…_Anna-1bot_2026-12-01_230253.json``
    mid-word at its edge); piped, one line per save as before."""
    from cardtable import saves

    a = play_some("klassieke-rummy", players=4, hands=0, extra_actions=4)
    a.seats[:3] = ["human:Annemarie", "human:Bartholomeus", "human:Christina"]
    saves.save_match(a)
    name = saves.list_saves()[0].path.name
    piped = [ln for ln in run("saves").output.splitlines() if ln.startswith(" 1. ")]
    assert len(piped) == 1 and piped[0].endswith(f"   ({name})"), piped
    monkeypatch.setattr("cardtable.cli._terminal_columns", lambda: 80)
    r = run("saves")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    folder = str(saves.saves_dir())  # a path wider than the terminal stands alone
    assert all(len(ln) < 80 or ln.strip() == folder for ln in lines), lines
    assert any(ln.strip() == f"({name})" for ln in lines), lines
    entry = lines[: lines.index(next(ln for ln in lines if ln.strip() == f"({name})")) + 1]
    assert entry[0].startswith(" 1. Klassieke Rummy · Annemarie, Bartholomeus")
    assert entry[1].startswith("    last played"), entry  # the next field, indented

    def words(lines):
        return [w for w in " ".join(lines).split() if w != "·"]

    assert words(entry) == words(piped), (entry, piped)  # the same words, broken between fields


def test_field_lines_breaks_between_fields_then_words():
    from cardtable.cli import field_lines

    fields = ["Kruisjassen", "Anna and 3 bots", "hand 2", "last played today 14:25", "(" + "x" * 90 + ".json)"]
    assert field_lines(" 1. ", fields) == [" 1. " + " · ".join(fields)]
    lines = field_lines(" 1. ", fields, 40)
    assert lines == [
        " 1. Kruisjassen · Anna and 3 bots",
        "    hand 2 · last played today 14:25",
        "(" + "x" * 90 + ".json)",
    ], lines  # too wide for any line: whole, at the edge
    # one field too long for a line: between its words
    lines = field_lines("", ["Folder:", "/a/b " * 10], 30, sep=" ")
    assert all(len(ln) < 30 for ln in lines)
    assert " ".join(" ".join(lines).split()) == "Folder: " + ("/a/b " * 10).strip()


def test_saves_reports_a_corrupt_file_once_and_keeps_it(home):
    from cardtable import saves

    saves.saves_dir().mkdir(parents=True)
    (saves.saves_dir() / "x.json").write_text("{")
    r = run("saves")
    assert r.exit_code == 0 and "could not be read" in r.stderr and "x.corrupt.json" in r.output
    r = run("saves")
    assert "could not be read" not in r.stderr and "x.corrupt.json" in r.output
    r = run("saves", "--delete", "corrupt", "--yes")
    assert r.exit_code == 0 and saves.corrupt_files() == []


def test_stats_command(home):
    from cardtable import saves

    r = run("stats")
    assert r.exit_code == 0 and "No finished matches" in r.output
    game = get_game("klassieke-rummy", players=2, target_score=30)
    m = play(Match(game, ["human:Anna", "bot:simple"], seed=4), hands=100)
    assert m.over
    saves.finish(m)
    r = run("stats")
    assert r.exit_code == 0, r.output
    assert "Anna" in r.output and "Klassieke Rummy" in r.output
    data = json.loads(run("stats", "--json").output)
    assert data[0]["name"] == "Anna" and data[0]["matches"] == 1
    assert data[0]["hands"] == sum(1 for h in m.hands if not h.get("between"))
    assert json.loads(run("stats", "--json", "--player", "Bram").output) == []


# ---- simulate: Ctrl+C, replay: seed -1 (issue 8 item 9) ----------------------------------


def test_simulate_stops_cleanly_on_ctrl_c_with_the_figures_so_far(monkeypatch):
    import cardtable.bots.simulate as sim

    real = sim.get_bot
    calls = [0]

    def get_bot(kind, game, seed=None):
        bot = real(kind, game, seed=seed)
        choose = bot.choose

        def interrupted(obs, budget=None):
            calls[0] += 1
            if calls[0] == 200:  # Ctrl+C in the middle of a hand
                raise KeyboardInterrupt
            return choose(obs, budget)

        bot.choose = interrupted
        return bot

    monkeypatch.setattr(sim, "get_bot", get_bot)
    r = run("simulate", "kruisjassen", "--hands", "100000", "--seed", "1")
    assert r.exit_code == 130, r.output
    assert "stopped by Ctrl+C after" in r.output and "of 100000 hands" in r.output
    assert "matches won" in r.output and "Traceback" not in r.output
    calls[0] = 0
    r = run("simulate", "kruisjassen", "--hands", "100000", "--seed", "1", "--json")
    data = json.loads(r.output)
    assert data["interrupted"] is True and 0 < data["hands"] < 100000
    assert sum(data["outcomes"].values()) == data["hands"]


def test_replay_refuses_a_negative_seed(tmp_path):
    p = tmp_path / "neg.json"
    p.write_text(json.dumps({"format": "cardtable-record/1", "game": "kruisjassen", "seed": -1}))
    one_error_line(run("replay", str(p)), '"seed"', "0 or more", "-1")
    p.write_text(
        json.dumps({"format": "cardtable-record/1", "game": "kruisjassen", "hands": [{"seed": -5, "actions": []}]})
    )
    one_error_line(run("replay", str(p)), "hand 1", "0 or more")
    # unknown top-level keys stay accepted (forward compatibility, docs/records.md)
    p.write_text(
        json.dumps(
            {
                "format": "cardtable-record/1",
                "game": "kruisjassen",
                "seed": 1,
                "comment": "hi",
                "match_id": "abc",
                "future": [1],
            }
        )
    )
    assert run("replay", str(p)).exit_code == 0


def test_the_saved_notice_breaks_between_words():
    """Leaving an unfinished game: the notice fits the terminal and never cuts a word (at 80
    columns the terminal used to break "Continue" in two)."""
    from cardtable.cli import saved_notice

    name = "2026-12-01-klassieke-rummy-you-bot-bot-bot-3f2a9c.json"
    for columns in (40, 80, 120):
        text = saved_notice(name, columns)
        lines = text.splitlines()
        assert all(len(ln) < min(100, columns) for ln in lines if name not in ln), lines
        assert "Continue" in text.split() and name + ":" in text.split(), text
        assert " ".join(text.split()) == (
            "The game is saved as " + name + ": choose it under Continue "
            "in the menu (cardtable), or see cardtable saves."
        )


def test_list_on_a_terminal_wraps_between_words():
    """On a terminal of 80 columns no line of ``cardtable list`` is wider than it (a line of
    241 characters broke words at the edge); piped, it stays one line per game."""
    from cardtable.cli import list_lines

    rows = [("kruisjassen", "Kruisjassen", "4 players", "32 cards", "word " * 40)]
    assert list_lines(rows) == [rows[0][0] + "  Kruisjassen  4 players  32 cards  " + ("word " * 40).strip()]
    lines = list_lines(rows, 80)
    assert lines[0].split()[0] == "kruisjassen" and all(len(ln) < 80 for ln in lines), lines
    assert " ".join(" ".join(lines[1:]).split()) == ("word " * 40).strip()


def test_play_option_reads_the_spec_name_and_the_older_one(fake_tui):
    """loba.md §9 names ``max_buybacks``; ``--option`` reads it, its older name
    ``max_buy_backs`` (records used it), and either with dashes; giving both is refused."""
    for key in ("max_buybacks", "max-buybacks", "max_buy_backs", "max-buy-backs"):
        r = run("play", "loba", "--players", "3", "--option", f"{key}=1")
        assert r.exit_code == 0, (key, r.output)
        assert fake_tui[-1].game.options["max_buybacks"] == 1
    one_error_line(
        run("play", "loba", "--option", "max_buybacks=1", "--option", "max_buy_backs=1"),
        "option max_buybacks is given twice",
    )
    lines = run("list", "--options", "loba").output.splitlines()
    assert any(ln.startswith("max_buybacks ") and "also written max_buy_backs" in ln for ln in lines)


# ---- the version -----------------------------------------------------------------------


def _changelog_top_version() -> tuple[str, str]:
    """The version and the date word of CHANGELOG.md's first ``## [X.Y.Z] - ...`` heading."""
    import re

    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    m = re.search(r"^## \[(\d+\.\d+\.\d+)\](?: - (\S+))?\s*$", text, re.M)
    assert m, "CHANGELOG.md has no '## [X.Y.Z] - date' heading"
    return m.group(1), m.group(2) or ""


def test_version_is_the_changelogs_top_heading():
    """The version under way is the changelog's top heading, ``Unreleased`` or a date."""
    import re

    version, when = _changelog_top_version()
    assert version == cardtable.__version__, (
        f"CHANGELOG.md's top heading is {version}, cardtable.__version__ is {cardtable.__version__}"
    )
    assert when == "Unreleased" or re.fullmatch(r"\d{4}-\d\d-\d\d", when), when


def test_version_of_the_package_is_read_from_cardtable():
    """pyproject.toml takes the version from ``cardtable.__version__`` (one place), or, if it
    names one itself, names the same."""
    import re

    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    static = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
    if static:
        assert static.group(1) == cardtable.__version__
    else:
        assert re.search(r'^dynamic\s*=\s*\[[^]]*"version"', text, re.M), text
        assert re.search(r'^version\s*=\s*\{\s*attr\s*=\s*"cardtable\.__version__"\s*\}', text, re.M), text


def test_version_option_prints_the_version():
    r = run("--version")
    assert r.exit_code == 0, r.output
    assert r.output.strip() == f"cardtable, version {cardtable.__version__}"


def test_a_malformed_option_is_answered_with_an_option_of_that_game():
    """``--option`` without ``=VALUE``: the example names an option the game has (a new
    user's trial: Klop Rummy was told ``like --option target=5``, an option it lacks)."""
    from click.testing import CliRunner

    from cardtable.cli import main
    from cardtable.engine import game_class

    for gid in ("klop-rummy", "kruisjassen"):
        r = CliRunner().invoke(main, ["play", gid, "--option", "oops"])
        assert r.exit_code == 2
        first = game_class(gid).option_specs[0].name
        assert f"like --option {first}=" in r.output, r.output


@pytest.mark.parametrize("args", [(), ("play", "tonk"), ("play", "kruisjassen", "--seed", "3")])
def test_without_a_terminal_the_app_is_refused_in_one_line(args, monkeypatch, tmp_path):
    """`cardtable play tonk </dev/null` spun at full CPU for ever waiting for keys; now it is
    refused before the app starts, and no save is made."""
    import cardtable.tui

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    opened = []
    monkeypatch.setattr(cardtable.tui, "run", lambda match=None, **kw: opened.append(match))
    result = CliRunner().invoke(main, list(args), input="")  # CliRunner's stdin is no terminal
    assert result.exit_code == 2, result.output
    assert "needs a terminal" in result.output
    assert opened == []
    from cardtable import saves

    assert saves.list_saves() == []


@pytest.mark.parametrize(
    "typed, meant", [("Tonk", "tonk"), ("Jersey Gin", "jersey-gin"), ("kruisjasen", "kruisjassen"), ("jo_jotte", "jo-jotte")]
)
def test_a_mistyped_game_is_answered_with_the_game_meant(typed, meant):
    line = one_error_line(run("play", typed), "unknown game", f"did you mean '{meant}'?")
    assert "known games" not in line
    one_error_line(run("list", "--options", typed), f"did you mean '{meant}'?")


def test_an_option_given_twice_is_refused_and_an_example_has_the_option_type():
    one_error_line(run("simulate", "tonk", "--seats", "bot,bot", "--option", "stake=2", "--option", "stake=3"), "twice")
    # Tonk's stake is a whole number with default 1: the example said stake=true (1 == True)
    one_error_line(run("simulate", "tonk", "--seats", "bot,bot", "--option", "stake"), "--option stake=1")
