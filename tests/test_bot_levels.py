"""The default bot level (issue 9 item 3): strong where it keeps the budget, else simple;
and the strong bot's workers run below the table's priority."""

from __future__ import annotations

import os

import pytest

from cardtable import bots
from cardtable.bots import pool
from cardtable.engine import get_game


@pytest.mark.parametrize(
    "budget,cores,level",
    [
        (1.0, 2, "strong"),
        (1.0, 1, "strong"),
        (0.5, 1, "strong"),
        (0.3, 1, "simple"),  # 0.3 CPU-seconds: too little search to differ from simple
        (0.3, 2, "strong"),
        (0.1, 4, "simple"),  # under 0.2 s a move, whatever the cores
        (0.2, 2, "strong"),
    ],
)
def test_default_level_by_budget_and_cores(budget, cores, level):
    assert bots.default_level(get_game("kruisjassen"), budget, cores) == level
    assert bots.default_level(None, budget, cores) == level


def test_default_level_follows_the_budget_setting(monkeypatch):
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "0.05")
    assert bots.default_level(get_game("klassieke-rummy"), cores=4) == "simple"
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "1")
    assert bots.default_level(get_game("klassieke-rummy"), cores=1) == "strong"


def test_search_cores_are_this_process_cpus_at_most_four():
    n = bots.search_cores()
    assert 1 <= n <= 4
    if hasattr(os, "sched_getaffinity"):
        assert n == min(4, len(os.sched_getaffinity(0)))


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_the_search_workers_run_below_the_table():
    mine = os.nice(0)
    workers = pool.get_pool()
    theirs = pool.submit(workers, os.nice, 0).result(timeout=60)
    assert theirs == min(19, mine + pool.WORKER_NICE)
