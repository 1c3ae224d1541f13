"""The side panel's log is titled as what it is (issue 21, point 6)."""

from __future__ import annotations

from cardtable.tui.testing import screen_text, settle


async def test_the_side_log_is_titled_log_not_table_talk(make_app):
    app = make_app("basis-rummy", ["human:You", "bot"], seed=3)
    async with app.run_test(size=(132, 36)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Table talk" not in text and "Score sheet" in text and "Log" in text, text
