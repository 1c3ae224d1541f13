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


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (pyproject.toml): one worker more than the cores. The table tests spend part
    of their time waiting on the app's timers (the bots' pace, the input gate's quiet), and a
    third worker on two cores fills those waits: the fast tier took 302 s with two workers and
    262 s with three on the 2-core machine (whole-process figures, nothing else running)."""
    import os

    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return cores + 1
