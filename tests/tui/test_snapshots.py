"""Snapshot tests (pytest-textual-snapshot) of the menu, both tables, both score sheets and
the hot-seat hand-over, at 80x24 and at a larger size, from fixed seeds.

Plain ``def`` tests (snap_compare runs its own event loop). The positions come from
``cardtable.tui.demo``: bots play every seat from a fixed seed up to the moment shown.
Update after an intended change of the look (or of a game's texts) with
``python -m pytest tests/tui/test_snapshots.py --snapshot-update`` and look at the SVGs.
"""

from __future__ import annotations

import pytest

from cardtable.tui import demo
from cardtable.tui.testing import settle

SMALL = (80, 24)
LARGE = (132, 36)


async def open_sheet(pilot) -> None:
    """From a match between hands (the table shows the last hand's summary): open the sheet."""
    await settle(pilot)
    await pilot.press("s")
    await settle(pilot)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "132x36"])
def test_menu(make_app, snap_compare, size):
    assert snap_compare(make_app(), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "132x36"])
def test_kruisjassen_table(make_app, snap_compare, size):
    assert snap_compare(make_app(demo.trick_midhand("kruisjassen", 7, tricks=3)), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "132x36"])
def test_klassieke_rummy_table(make_app, snap_compare, size):
    players = 2 if size == SMALL else 4
    match = demo.draw_midhand("klassieke-rummy", 11 if players == 2 else 12, players=players)
    assert snap_compare(make_app(match), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "132x36"])
def test_kruisjassen_score_sheet(make_app, snap_compare, size):
    match = demo.after_hands("kruisjassen", 4, seed=5)
    assert snap_compare(make_app(match), terminal_size=size, run_before=open_sheet)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "132x36"])
def test_klassieke_rummy_score_sheet(make_app, snap_compare, size):
    match = demo.after_hands("klassieke-rummy", 4, seed=5, players=3)
    assert snap_compare(make_app(match), terminal_size=size, run_before=open_sheet)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "132x36"])
def test_hand_over(make_app, snap_compare, size):
    match = demo.trick_midhand(
        "kruisjassen", 7, tricks=3, seats=["human:Anna", "bot:simple", "human:Bram", "bot:simple"]
    )
    assert snap_compare(make_app(match), terminal_size=size, run_before=settle)


def test_kruisjassen_hand_summary(make_app, snap_compare):
    match = demo.after_hands("kruisjassen", 2, seed=6)
    assert snap_compare(make_app(match), terminal_size=SMALL, run_before=settle)
