"""The menu and the table's edges a new player hit (issue 21, point 8): the Continue list
in view after leaving a table, ``x delete save`` only on a saved game's line, an option past
its bound refused in the setup, and Ctrl+C at the table saying how to quit."""

from __future__ import annotations

from textual.widgets import OptionList

from cardtable import saves
from cardtable.tui import demo
from cardtable.tui.screens import MenuScreen, SetupScreen
from cardtable.tui.testing import screen_text, settle, table


def footer_keys(app) -> set[str]:
    """The actions the key line shows now."""
    return {b.action for _, b, enabled, _ in app.screen.active_bindings.values() if b.show and enabled}


async def test_after_q_from_a_table_the_continue_list_is_in_view(make_app):
    saves.save_match(demo.trick_midhand("kruisjassen", 7, tricks=3))
    app = make_app(None, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        ol = menu.query_one(OptionList)
        last = menu.games[-1]  # the game at the foot of the list: the list scrolls to it
        ol.highlighted = ol.get_option_index(last.id)
        await pilot.press("enter")
        await settle(pilot)
        setup = app.screen
        for s in range(1, setup.players):  # simple bots: no searches in a cheap test
            setup.query_one(f"#kind-{s}").value = "bot:simple"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert table(app) is not None and table(app).match.game.id == last.id
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is menu and len(menu.saved) == 2
        # the game just left is highlighted, at the top of the list with its heading
        assert menu._current_save() is not None and menu._current_save().game_name == last.name
        assert ol.scroll_y == 0
        text = screen_text(app)
        assert "Continue" in text and last.name in text.split("New game")[0]


async def test_x_delete_save_is_offered_only_on_a_saved_game(make_app):
    saves.save_match(demo.trick_midhand("kruisjassen", 7, tricks=3))
    app = make_app(None, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen
        assert menu._current_save() is not None
        assert "delete" in footer_keys(app)
        await pilot.press("down")  # past the "New game" heading onto a new game
        await settle(pilot)
        assert menu._current_save() is None and menu._current() is not None
        assert "delete" not in footer_keys(app)
        assert "delete save" not in screen_text(app)
        await pilot.press("x")  # says what it deletes, deletes nothing
        await settle(pilot)
        assert any("Only a saved game" in n.message for n in app._notifications)
        assert len(saves.list_saves()) == 1
        await pilot.press("up")
        await settle(pilot)
        assert "delete" in footer_keys(app)


async def test_the_setup_refuses_a_target_no_match_reaches(make_app):
    app = make_app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen
        ol = menu.query_one(OptionList)
        ol.highlighted = ol.get_option_index("kruisjassen")
        await pilot.press("enter")
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#opt-target").value = "99999999999999999999"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is setup and table(app) is None
        assert "above the maximum 1000" in screen_text(app)


async def test_ctrl_c_at_the_table_says_how_to_quit(make_app):
    app = make_app("kruisjassen", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = table(app)
        before = len(tbl.match.hands[-1]["actions"])
        await pilot.press("ctrl+c")
        await settle(pilot)
        said = " ".join(n.message for n in app._notifications)
        assert "Ctrl+Q" in said and "q" in said
        assert table(app) is tbl and len(tbl.match.hands[-1]["actions"]) == before
