"""The table's log of the last moves: an older line too long for the rows the newest leaves is
cut with … instead of dropped unseen (the trial: Boathouse Rummy's "Anna takes J♣ from the
discard pile, takes K♥ from the discard pile, discards J♣." vanished at 80 columns)."""

from __future__ import annotations

from cardtable.tui.testing import settle
from cardtable.tui.widgets import LogView


async def test_an_older_line_too_long_is_cut_not_dropped(make_app):
    app = make_app("klassieke-rummy", ["human:Anna", "bot:simple"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("#log", LogView)
        older = "Anna takes J♣ from the discard pile, takes K♥ from the discard pile, discards J♣ and more words."
        newest = "Bot 1 draws from the stock, discards Q♣."
        log.show([older, newest], False)
        await pilot.pause()
        shown = str(log.render()).splitlines()
        assert shown[-1] == newest, shown
        assert len(shown) == log.lines and shown[0].startswith("Anna takes J♣") and shown[0].endswith("…"), shown
        # when both fit, both are whole
        log.show(["Anna discards J♣.", newest], False)
        await pilot.pause()
        assert str(log.render()).splitlines() == ["Anna discards J♣.", newest]
