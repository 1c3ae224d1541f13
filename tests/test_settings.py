"""cardtable.settings: defaults, the file in the config folder, the environment's overrides,
and a bad file that gives one message and the defaults (never a crash)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cardtable import settings


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    for name in ("CARDTABLE_BOT_DELAY", "CARDTABLE_LETTERS", "CARDTABLE_BOT_BUDGET", "CARDTABLE_REVIEW"):
        monkeypatch.delenv(name, raising=False)
    settings.take_warning()
    settings._warned.clear()
    return tmp_path


def test_defaults_without_a_file(home):
    s = settings.load()
    assert s == settings.Settings()
    assert (s.bot_delay, s.letters, s.colours, s.hotseat_undo, s.bot_budget) == (0.6, "en", "red-black", False, 1.0)
    assert settings.take_warning() is None
    assert settings.settings_path() == home / "settings.json"


def test_save_and_load_round_trip(home):
    s = replace(
        settings.Settings(), bot_delay=0.2, letters="nl", colours="four-colour", hotseat_undo=True, bot_budget=2
    )
    path = settings.save(s)
    assert json.loads(path.read_text())["format"] == "cardtable-settings/1"
    back = settings.load()
    assert back == s and back.dutch and isinstance(back.bot_budget, float)


def test_environment_overrides_the_file_but_is_not_saved(home, monkeypatch):
    settings.save(replace(settings.Settings(), bot_delay=2.0, letters="nl", bot_budget=3.0))
    monkeypatch.setenv("CARDTABLE_BOT_DELAY", "0")
    monkeypatch.setenv("CARDTABLE_LETTERS", "en")
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "0.25")
    s = settings.load()
    assert (s.bot_delay, s.letters, s.bot_budget) == (0.0, "en", 0.25)
    assert settings.load(environ=False).bot_delay == 2.0
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "lots")  # a bad value is ignored
    assert settings.load().bot_budget == 3.0


def test_the_review_setting_its_override_and_a_bad_value(home, monkeypatch):
    assert settings.load().review is True  # on by default
    settings.save(replace(settings.Settings(), review=False))
    assert settings.load().review is False
    monkeypatch.setenv("CARDTABLE_REVIEW", "1")
    assert settings.load().review is True and settings.load(environ=False).review is False
    monkeypatch.setenv("CARDTABLE_REVIEW", "maybe")  # a bad value is ignored
    assert settings.load().review is False
    (home / "settings.json").write_text(json.dumps({"review": "no"}))
    assert settings.load().review is True
    line = settings.take_warning()
    assert line and "review must be true or false" in line


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\xff\xfe", json.dumps({"bot_delay": "fast"})])
def test_a_bad_file_gives_one_message_and_the_defaults(home, text):
    raw = text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe\x00"
    (home / "settings.json").write_bytes(raw)
    s = settings.load()
    assert s == settings.Settings()
    line = settings.take_warning()
    assert line and "settings" in line and "default" in line and "\n" not in line
    assert settings.take_warning() is None
    settings.load()
    assert settings.take_warning() is None  # reported once


def test_one_bad_key_keeps_the_good_ones(home):
    (home / "settings.json").write_text(json.dumps({"letters": "nl", "bot_budget": -1, "future_key": 1}))
    s = settings.load()
    assert s.letters == "nl" and s.bot_budget == 1.0
    assert "bot_budget" in settings.take_warning()


def test_bad_values_are_refused_with_the_setting_named():
    for change in (
        {"bot_delay": -1},
        {"letters": "fr"},
        {"colours": "pink"},
        {"hotseat_undo": "yes"},
        {"bot_budget": 0},
        {"hand_sort": "size"},
    ):
        with pytest.raises(ValueError, match=next(iter(change))):
            replace(settings.Settings(), **change)
