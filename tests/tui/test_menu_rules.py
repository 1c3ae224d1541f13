"""The in-app rules (issue 8 item 7): the players' guide, opened at its top, without the
name of the file a rule came from; for every registered game (one app, every game in turn)."""

from __future__ import annotations

from textual.widgets import OptionList

from cardtable.engine.registry import game_class, game_ids
from cardtable.guides import guide_text
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens import RulesScreen
from cardtable.tui.testing import screen_text, settle


async def test_rules_from_the_menu_show_the_guide_from_its_top():
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for gid in sorted(game_ids()):
            ol = app.screen.query_one(OptionList)
            ol.highlighted = ol.get_option_index(gid)
            await pilot.press("r")
            await settle(pilot)
            assert isinstance(app.screen, RulesScreen)
            await pilot.pause()
            assert app.screen.query_one("#rules-page").scroll_y == 0, f"{gid}: the rules open at the top"
            text = screen_text(app)
            assert game_class(gid).name in text
            assert "Source:" not in text and ".txt" not in text
            first_words = guide_text(gid).splitlines()[2].split()[:3]
            assert " ".join(first_words) in " ".join(text.split()), gid
            await pilot.press("q")
            await settle(pilot)
            assert type(app.screen).__name__ == "MenuScreen"
