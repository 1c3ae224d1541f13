"""Options outside the range their spec gives (or a sane bound: a target a match can
reach) and a seed that is not a number are refused with one clear line and start nothing
(issue 21, point 8)."""

from __future__ import annotations

import sys
import types

import pytest
from click.testing import CliRunner

import cardtable
from cardtable.cli import main
from cardtable.engine import OptionError, game_class, game_ids


@pytest.fixture
def no_tui(monkeypatch, tmp_path):
    """``cardtable.tui`` replaced by a stub that records the match it would open."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "1")
    calls: list = []
    mod = types.ModuleType("cardtable.tui")
    mod.run = lambda match=None: calls.append(match)
    monkeypatch.setitem(sys.modules, "cardtable.tui", mod)
    monkeypatch.setattr(cardtable, "tui", mod, raising=False)
    return calls


def error_line(result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output)
    try:
        err = result.stderr
    except ValueError:  # pragma: no cover - click 8.1 mixes it into output
        err = result.output
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("game_id,option", [("kruisjassen", "target"), ("klassieke-rummy", "target_score")])
def test_a_target_no_match_reaches_is_refused_and_starts_nothing(no_tui, game_id, option):
    r = CliRunner().invoke(main, ["play", game_id, "--option", f"{option}=99999999999999999999"])
    line = error_line(r)
    assert option in line and "maximum" in line, line
    assert no_tui == []


@pytest.mark.parametrize("seed", ["abc", "-3"])
def test_a_seed_that_is_not_one_is_refused_in_words(no_tui, seed):
    line = error_line(CliRunner().invoke(main, ["play", "kruisjassen", "--seed", seed]))
    assert "is not a seed" in line and "whole number" in line, line
    assert "integer range" not in line and "x>=0" not in line
    assert no_tui == []


def test_every_whole_number_option_declares_its_upper_bound():
    """Each int option has a maximum at or above its default, and a value past it is refused."""
    for gid in game_ids():
        for opt in game_class(gid).option_specs:
            if not opt.kind.startswith("int"):
                continue
            assert opt.maximum is not None, (gid, opt.name)
            if isinstance(opt.default, int):
                assert opt.minimum is None or opt.minimum <= opt.default <= opt.maximum, (gid, opt.name)
            with pytest.raises(OptionError):
                opt.check_maximum(opt.parse(opt.maximum + 1))
            assert opt.parse(opt.maximum) == opt.maximum
            opt.check_maximum(opt.maximum)


def test_a_record_begun_with_a_larger_target_still_replays():
    """The maximum bounds a new match only: a record (or a save) of a match begun before the
    bound, with a target above it, replays as the record format promises (docs/records.md)."""
    from cardtable.engine.record import replay

    rec = {
        "format": "cardtable-record/1",
        "game": "kruisjassen",
        "options": {"target": 100000},
        "seed": 3,
        "hands": [{"seed": 5, "actions": []}],
    }
    match = replay(rec)
    assert match.game.options["target"] == 100000
    with pytest.raises(OptionError, match="maximum"):
        match.game.check_new_match()


def test_list_options_shows_the_range(no_tui):
    out = CliRunner().invoke(main, ["list", "--options", "kruisjassen"]).output
    assert "1 to 1000" in out
