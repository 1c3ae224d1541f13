"""TUI tests: every test gets an empty CARDTABLE_HOME (no autosave leaks between tests or
into the user's folder) and bots that move at once."""

from __future__ import annotations

import pytest

pytest.register_assert_rewrite("tests.tui.helpers")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CARDTABLE_BOT_DELAY", "0")
    monkeypatch.setenv("CARDTABLE_INPUT_QUIET", "0")     # the input gate off (tests/tui/test_bursts.py turns it on)
    # a hand-over's key counts as soon as the hand-over is drawn (the quiet time after it is
    # tested in tests/tui/test_handover.py); keys typed before it is drawn never count
    monkeypatch.setenv("CARDTABLE_HANDOVER_QUIET", "0")
    monkeypatch.delenv("CARDTABLE_LETTERS", raising=False)
    # no review searches behind the tests' backs (tests/tui/test_review_summary.py turns it on)
    monkeypatch.setenv("CARDTABLE_REVIEW", "0")
    return tmp_path / "home"
