"""The table's key line at 80 and 100 columns (issue 21): the sort key ``=`` and the last
trick's key ``-`` are in view wherever they apply, in trick games and rummies alike. Where
the keys are wider than the screen the line closes up first (compact), then leaves out
whole keys of the lowest priority (``TableScreen.FOOTER_DROP``: the arrows first); at 100
columns every key that does something is shown."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from cardtable.engine.registry import game_class
from cardtable.tui import demo
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import settle, table
from cardtable.tui.widgets import KeyFooter
from tests.tui.fit import fit_problems
from tests.tui.phases import phase_match

#: a play phase of trick games and rummies (Anna's first decision in it, seed 1)
GAMES = ["kruisjassen", "manille-parlee", "handjas", "jokeren", "klassieke-rummy"]


def shown_keys(tbl: TableScreen) -> dict[str, str]:
    """The key line's keys as drawn: action name -> description."""
    return {k.action.split("(")[0]: k.description for k in tbl.query_one(KeyFooter).query(FooterKey)}


def live_keys(tbl: TableScreen) -> set[str]:
    """The actions the key line would show with room for all (shown and live now)."""
    return {
        b.action.split("(")[0]
        for _, b, enabled, _ in tbl.active_bindings.values()
        if b.show and enabled and tbl.check_action(b.action.split("(")[0], ())
    }


def check_line(app, width: int) -> None:
    tbl = app.screen
    assert isinstance(tbl, TableScreen) and tbl.mode == "human"
    shown, live = shown_keys(tbl), live_keys(tbl)
    assert set(shown) <= live
    # the sort key wherever the hand has two cards, the last trick wherever there are tricks
    for action, words in (("sort", "sort"), ("last_trick", "last trick")):
        if action in live:
            assert shown.get(action) == words, (width, sorted(shown), sorted(live))
    assert "leave" in shown and "sheet" in shown, sorted(shown)
    if width >= 100:
        assert set(shown) == live, (width, sorted(live - set(shown)))
    else:
        # what is left out comes first in FOOTER_DROP's order
        dropped = live - set(shown)
        order = list(TableScreen.FOOTER_DROP)
        assert all(a in order for a in dropped), dropped
        assert not dropped or max(order.index(a) for a in dropped) < order.index("sort"), dropped
    assert not [p for p in fit_problems(app) if p.startswith("key ")]


@pytest.mark.parametrize("gid", GAMES)
async def test_the_sort_and_last_trick_keys_are_in_view_at_80_and_100_columns(make_app, gid):
    m = phase_match(gid, game_class(gid).min_players, "play")
    assert m is not None
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert "sort" in live_keys(tbl)
        assert ("last_trick" in live_keys(tbl)) == (game_class(gid).family != "rummy")
        check_line(app, 80)
        await pilot.resize_terminal(100, 24)
        await settle(pilot)
        await pilot.pause()
        check_line(app, 100)


async def test_a_rummy_with_melds_out_of_view_keeps_the_sort_key_at_80_columns(make_app):
    """The longest key line: a rummy's discard with the selection and the melds' scroll keys."""
    app = make_app(demo.draw_midhand("jokeren", seed=11, players=4, melds=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        tbl = table(app)
        assert {"scroll_center", "sort", "enter"} <= live_keys(tbl)
        check_line(app, 80)
        assert tbl.query_one(KeyFooter).compact  # closed up before any key is left out


async def test_a_line_that_fits_keeps_its_spacing(make_app):
    app = make_app(phase_match("kruisjassen", 4, "play"))
    async with app.run_test(size=(132, 36)) as pilot:
        await settle(pilot)
        assert not table(app).query_one(KeyFooter).compact
