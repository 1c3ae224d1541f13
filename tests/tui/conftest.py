"""TUI tests: every test gets an empty CARDTABLE_HOME (no autosave leaks between tests or
into the user's folder) and bots that move at once."""

from __future__ import annotations

import pytest

from tests.tui.helpers import build_app, tui_env


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    return tui_env(monkeypatch, tmp_path / "home")


@pytest.fixture
def make_app():
    """Build the app a TUI test drives (``build_app`` in tests/tui/helpers.py)."""
    return build_app
