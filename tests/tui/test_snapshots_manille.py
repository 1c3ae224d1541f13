"""Snapshot tests (pytest-textual-snapshot) of the manille family and Butifarra at 80x24:
a table and a score sheet of each game, the Parlée talk menu, the Manille exchange and the
Butifarra trump choice, from fixed seeds (``cardtable.tui.demo``).

Plain ``def`` tests (snap_compare runs its own event loop). Update after an intended change
of the look with ``python -m pytest tests/tui/test_snapshots_manille.py --snapshot-update``
and look at the SVGs.
"""

from __future__ import annotations

import pytest

from cardtable.tui import demo
from cardtable.tui.testing import settle

SMALL = (80, 24)


def pressing(*keys: str):
    """``run_before``: settle, press ``keys`` one by one, settle."""

    async def run(pilot):
        await settle(pilot)
        for k in keys:
            await pilot.press(k)
            await pilot.pause()
        await settle(pilot)

    return run


# ---- tables -----------------------------------------------------------------------------------


def test_manille_muette_table(make_app, snap_compare):
    assert snap_compare(make_app(demo.trick_midhand("manille-muette", 7)), terminal_size=SMALL, run_before=settle)


def test_manille_parlee_table_talk_menu(make_app, snap_compare):
    # the leader's menu open: a (ask), then the topics
    assert snap_compare(make_app(demo.menu_open("manille-parlee", 7)), terminal_size=SMALL, run_before=pressing("a"))


def test_manille_parlee_table_after_a_question(make_app, snap_compare):
    # the question and its answer under the trick and in the log
    assert snap_compare(
        make_app(demo.menu_open("manille-parlee", 7)), terminal_size=SMALL, run_before=pressing("a", "c", "C")
    )


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_manille_table(make_app, snap_compare, players):
    match = demo.trick_midhand("manille", 7, players=players, tricks=1)
    assert snap_compare(make_app(match), terminal_size=SMALL, run_before=settle)


def test_manille_exchange(make_app, snap_compare):
    match = demo.at_phase("manille", "exchange", 7, players=3)
    assert snap_compare(make_app(match), terminal_size=SMALL, run_before=pressing("1", "3"))


def test_butifarra_trump_choice(make_app, snap_compare):
    assert snap_compare(make_app(demo.at_phase("butifarra", "trump", 7)), terminal_size=SMALL, run_before=settle)


def test_butifarra_table(make_app, snap_compare):
    match = demo.trick_midhand("butifarra", 7, tricks=4)
    assert snap_compare(make_app(match), terminal_size=SMALL, run_before=settle)


# ---- score sheets and the hand summary ---------------------------------------------------------


@pytest.mark.parametrize(
    "game,hands,players",
    [
        ("manille-muette", 2, None),
        ("manille-parlee", 2, None),
        ("manille", 4, 5),
        ("manille", 3, 7),
        ("butifarra", 4, None),
    ],
    ids=["manille-muette", "manille-parlee", "manille-5p", "manille-7p", "butifarra"],
)
def test_score_sheet(make_app, snap_compare, game, hands, players):
    match = demo.after_hands(game, hands, seed=5, players=players)
    assert snap_compare(make_app(match), terminal_size=SMALL, run_before=pressing("s"))


@pytest.mark.parametrize("game,players", [("manille-muette", None), ("manille", 5), ("butifarra", None)])
def test_hand_summary(make_app, snap_compare, game, players):
    match = demo.after_hands(game, 2, seed=5, players=players)
    assert snap_compare(make_app(match), terminal_size=SMALL, run_before=settle)
