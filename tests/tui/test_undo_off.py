"""⌫ where undo is off (hot-seat without the setting) is not on the key line, but the key
says why instead of doing nothing (a new user's trial)."""

from __future__ import annotations

import pytest

from cardtable.tui.testing import pass_handover, settle, table
from tests.tui.helpers import message


@pytest.mark.parametrize("key", ["backspace", "ctrl+z"])
async def test_undo_off_in_hot_seat_says_why(make_app, key):
    app = make_app("kruisjassen", ["human:Anna", "human:Bram", "bot", "bot"], seed=2, hotseat_undo=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pass_handover(pilot)
        tbl = table(app)
        assert tbl.mode == "human"
        n0 = len(app.start_match.hands[-1]["actions"])
        await pilot.press(key)
        await settle(pilot)
        assert "Undo is off in hot-seat" in message(tbl)
        assert len(app.start_match.hands[-1]["actions"]) == n0
