"""Card letters have one owner, the settings (issue 22, point 2): ``n`` at the table or the
menu changes the letters in force and the saved setting, so the settings screen and the next
start agree with what the cards show."""

from __future__ import annotations

from cardtable import settings as S
from cardtable.tui.testing import settle, table
from tests.tui.helpers import message


async def test_n_at_the_table_changes_the_saved_letters(make_app):
    S.save(S.Settings(letters="nl"))
    app = make_app("kruisjassen", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.dutch
        await pilot.press("n")
        await settle(pilot)
        assert not app.dutch and S.load().letters == "en"
        assert "kept in the settings" in message(table(app))
        await pilot.press("n")
        await settle(pilot)
        assert app.dutch and S.load().letters == "nl"


async def test_n_at_the_menu_changes_the_saved_letters(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before = S.load().letters
        await pilot.press("n")
        await settle(pilot)
        assert S.load().letters != before and app.dutch == (S.load().letters == "nl")
