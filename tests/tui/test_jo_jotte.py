"""Jo-Jotte's sheet with the line on the table's sheet screen (jo-jotte.md §8): a snapshot at
80x24 after four hands (three games, a suspense pending), and the drawing as the screen shows
it: §8's columns and line, every line within the screen, the suspense under it."""

from __future__ import annotations

from cardtable.tui import demo
from cardtable.tui.testing import screen_text, settle


def after_four_hands():
    return demo.after_hands("jo-jotte", 4, seed=9)


async def open_sheet(pilot) -> None:
    await settle(pilot)
    await pilot.press("s")
    await settle(pilot)


def test_lijn_sheet_snapshot(make_app, snap_compare):
    assert snap_compare(make_app(after_four_hands()), terminal_size=(80, 24), run_before=open_sheet)


async def test_the_sheet_screen_draws_the_line(make_app):
    m = after_four_hands()
    assert m.sheet.suspense == 90 and len(m.sheet.rubbers[0]["games"]) == 3
    a = make_app(m)
    async with a.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        text = screen_text(a)
        lines = text.splitlines()
        assert all(len(ln) <= 80 for ln in lines)
        drawing = m.sheet.view(["Anna", "Bot 1"]).lines
        for ln in drawing:
            assert ln.rstrip() in text, ln
        assert "suspense: 90" in text
        assert any("\u256a" in ln for ln in lines)  # the line
