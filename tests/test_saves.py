"""cardtable.saves: one file per unfinished match (never overwritten by another match), the
old single autosave migrated, corrupt files kept under a name of their own and reported once,
finished matches moved to the history (CARDTABLE_HOME set to a temporary folder)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardtable import saves
from cardtable.bots import get_bot
from cardtable.engine import Match, get_game, record
from cardtable.engine.record import RecordError
from tests.helpers import play


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    getattr(saves, "take_notices", list)()  # (getattr: the fault tests also run on old code)
    return tmp_path / "home"


def records_under(folder: Path) -> list[dict]:
    """Every JSON record anywhere under ``folder`` (whatever the file names)."""
    out = []
    for p in sorted(folder.rglob("*.json")):
        try:
            out.append(json.loads(p.read_text()))
        except ValueError:
            pass
    return out


def kruisjassen_in_progress() -> Match:
    game = get_game("kruisjassen")
    return play(Match(game, ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=5), hands=1, extra_actions=6)


def test_folders_use_cardtable_home(home):
    assert saves.saves_dir() == home / "saves" and saves.history_dir() == home / "history"
    assert saves.autosave_path() == home / "autosave.json"


def test_default_folder_is_platform_data_dir(monkeypatch):
    import platformdirs

    monkeypatch.delenv("CARDTABLE_HOME", raising=False)
    assert saves.data_dir() == Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def test_nothing_saved(home):
    assert saves.list_saves() == [] and saves.load_match() is None
    assert saves.take_notices() == [] and saves.corrupt_files() == []


def test_a_new_match_never_overwrites_a_saved_one(home):
    """Issue 8, fault 3: with a Kruisjassen game saved, a new Klassieke Rummy game (what
    ``cardtable play klassieke-rummy`` does: a new Match, saved after its first action) left
    no trace of the Kruisjassen game. Uses only what today's main also has (save_match), so
    it fails there: the single autosave.json then holds the rummy game alone."""
    kj = kruisjassen_in_progress()
    saves.save_match(kj)
    rummy = Match(get_game("klassieke-rummy", players=2), ["human:Anna", "bot:simple"], seed=3)
    st = rummy.start_hand()
    rummy.apply(st.legal_actions()[0])
    saves.save_match(rummy)
    kept = [r for r in records_under(home) if r.get("game") == "kruisjassen"]
    assert kept, "the saved Kruisjassen game is gone"
    assert kept[0]["hands"] == kj.to_record()["hands"]
    assert {r["game"] for r in records_under(home)} == {"kruisjassen", "klassieke-rummy"}


def test_every_match_has_its_own_file_named_by_game_players_and_time(home):
    a = kruisjassen_in_progress()
    b = kruisjassen_in_progress()  # same game, same players, same second
    pa, pb = saves.save_match(a), saves.save_match(b)
    assert pa != pb and pa.parent == pb.parent == home / "saves"
    assert pa.name.startswith("kruisjassen_Anna-3bots_") and pa.suffix == ".json"
    assert saves.save_match(a) == pa  # later saves of a match go to its own file
    data = json.loads(pa.read_text())
    assert isinstance(data["match_id"], str) and data["started"]
    assert record.summary(saves.replay_file(pa)) == record.summary(a)  # still a record


@pytest.mark.parametrize("gid,players", [("kruisjassen", None), ("klassieke-rummy", 3)])
def test_save_after_every_action_and_resume(home, gid, players):
    game = get_game(gid, players=players)
    match = Match(game, ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=9)
    bots = [get_bot("simple", game, seed=s) for s in range(game.players)]
    st = match.start_hand()
    saves.save_match(match)
    for _ in range(12):
        st = match.apply(bots[st.to_act].choose(st.observation(st.to_act)))
        path = saves.save_match(match)
    assert [p.name for p in (home / "saves").iterdir()] == [path.name]
    infos = saves.list_saves()
    assert len(infos) == 1
    info = infos[0]
    assert (info.game_name, info.players, info.hand) == (game.name, f"Anna and {game.players - 1} bots", 1)
    assert info.last_played_text().startswith("today ")
    resumed = saves.resume(info)
    assert record.summary(resumed) == record.summary(match)
    # play on: the resumed match saves back into the same file, not into a new one
    resumed.apply(resumed.state.legal_actions()[0])
    assert saves.save_match(resumed) == path
    assert len(list((home / "saves").iterdir())) == 1


def test_list_is_last_played_first(home):
    a, b = kruisjassen_in_progress(), kruisjassen_in_progress()
    pa, pb = saves.save_match(a), saves.save_match(b)
    os.utime(pa, (1_700_000_000, 1_700_000_000))
    assert [i.path for i in saves.list_saves()] == [pb, pa]
    assert saves.list_saves()[1].last_played_text().startswith("2023-")
    assert record.summary(saves.load_match()) == record.summary(b)


def test_finished_match_moves_to_the_history_and_is_counted_once(home):
    from cardtable import stats

    game = get_game("klassieke-rummy", players=2, target_score=20)
    match = Match(game, ["human:Anna", "bot:simple"], seed=1)
    path = saves.save_match(play(match, hands=0, extra_actions=2))
    play(match, hands=100)
    assert match.over
    hist = saves.save_match(match)
    assert not path.exists() and hist == home / "history" / path.name
    assert record.replay(json.loads(hist.read_text())).over
    assert saves.finish(match) == hist  # the table finishes it again at the match end
    rows = stats.table()
    assert [(r.name, r.game, r.matches) for r in rows] == [("Anna", "klassieke-rummy", 1)]
    assert saves.list_saves() == []


def test_a_finished_match_left_in_saves_is_finished_at_the_next_listing(home):
    """A crash between the last action's save and the match's end: the save holds a
    finished match; the next start moves it to the history and counts it."""
    from cardtable import stats

    game = get_game("klassieke-rummy", players=2, target_score=20)
    match = play(Match(game, ["human:Anna", "bot:simple"], seed=1), hands=100)
    p = home / "saves" / "x.json"
    record.save(dict(match.to_record(), match_id="abc"), p)
    assert saves.list_saves() == [] and not p.exists()
    assert (home / "history" / "x.json").exists()
    assert stats.table()[0].matches == 1


@pytest.mark.parametrize(
    "content,needle",
    [
        ("{not json", "not a cardtable record"),
        ('{"format": "something-else"}', "not a cardtable record"),
        (
            '{"format": "cardtable-record/1", "game": "kruisjassen", "hands": [{"seed": 1, "actions": ["play 2C"]}]}',
            "hand 1, action 1",
        ),
        ('{"format": "cardtable-record/1", "game": "nope", "hands": []}', "unknown game"),
    ],
)
def test_corrupt_save_is_kept_aside_and_reported_once(home, content, needle):
    good = kruisjassen_in_progress()
    saves.save_match(good)
    bad = home / "saves" / "kruisjassen_Bram_2026-01-01_000000.json"
    bad.write_text(content)
    with pytest.raises(RecordError) as ei:
        saves.load_match(bad)
    assert needle in str(ei.value) and "\n" not in str(ei.value)
    assert len(saves.list_saves()) == 1  # the good one is still offered
    notices = saves.take_notices()
    assert len(notices) == 1 and bad.name in notices[0] and needle in notices[0]
    kept = home / "saves" / "kruisjassen_Bram_2026-01-01_000000.corrupt.json"
    assert kept.read_text() == content and not bad.exists()
    assert saves.list_saves() and saves.take_notices() == []  # reported once
    assert saves.corrupt_files() == [kept]


def test_a_second_corrupt_save_does_not_overwrite_the_first(home):
    """Issue 8, fault 3: a second corrupt save overwrote the first autosave.corrupt.json."""
    home.mkdir(parents=True)
    saves.autosave_path().write_text("first")
    saves.list_saves()
    saves.autosave_path().write_text("second")
    saves.list_saves()
    assert (home / "autosave.corrupt.json").read_text() == "first"
    assert (home / "autosave.corrupt-2.json").read_text() == "second"
    assert len(saves.take_notices()) == 2


def test_the_old_single_autosave_shows_up_and_is_never_lost(home):
    """An existing player's ``autosave.json`` (earlier versions) is moved into saves/ under a
    name of its own, unchanged as a record, and offered first."""
    match = kruisjassen_in_progress()
    home.mkdir(parents=True)
    record.save(match.to_record(), saves.autosave_path())
    os.utime(saves.autosave_path(), (1_750_000_000, 1_750_000_000))
    infos = saves.list_saves()
    assert len(infos) == 1 and not saves.autosave_path().exists()
    info = infos[0]
    assert info.path.parent == home / "saves" and info.path.name.startswith("kruisjassen_Anna-3bots_2025-")
    assert record.summary(info.match) == record.summary(match)
    assert info.last_played.timestamp() == 1_750_000_000
    assert saves.take_notices() == []


def test_delete_only_what_is_named(home):
    a, b = kruisjassen_in_progress(), kruisjassen_in_progress()
    pa, pb = saves.save_match(a), saves.save_match(b)
    assert saves.delete(pa) and not saves.delete(pa)
    assert [i.path for i in saves.list_saves()] == [pb]


def test_game_bug_on_load_is_one_line_record_error(home, monkeypatch, fake):
    with fake.registered():
        match = Match(fake.FakeGame(), None, seed=1)
        match.start_hand()
        path = saves.save_match(match)

        def boom(self, seed=None, sheet=None):
            raise KeyError("oops")

        monkeypatch.setattr(fake.FakeGame, "new_hand", boom)
        with pytest.raises(RecordError) as ei:
            saves.load_match(path)
    assert "hand 1: this seed cannot be dealt" in str(ei.value) and "KeyError" in str(ei.value)


def test_explicit_path_arguments(tmp_path, monkeypatch, fake):
    monkeypatch.delenv("CARDTABLE_HOME", raising=False)
    p = tmp_path / "elsewhere.json"
    with fake.registered():
        match = Match(fake.FakeGame(), None, seed=3)
        st = match.start_hand()
        match.apply(st.legal_actions()[0])
        saves.save_match(match, p)
        again = saves.load_match(p)
        assert record.summary(again) == record.summary(match)
        saves.clear(p)
        assert not p.exists()
        p.write_text("junk")
        assert saves.quarantine(p) == tmp_path / "elsewhere.corrupt.json"
