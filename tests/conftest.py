"""Fixtures shared by the tests in every folder."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

# the helpers shared across folders (the contributed game's test imports both)
pytest.register_assert_rewrite("tests.games.helpers", "tests.tui.helpers")


@pytest.fixture
def fake():
    """The module ``tests/fakegame.py`` (the throwaway game "hoogste kaart"), loaded by path
    once under the name ``cardtable_tests_fakegame``, whatever the tests folder's package
    layout; its game is registered only inside ``fake.registered()``."""
    name = "cardtable_tests_fakegame"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("fakegame.py"))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]
