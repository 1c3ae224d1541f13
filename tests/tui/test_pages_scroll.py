"""The score sheet and the history read to their foot (issue 21, a person's trial): a sheet
longer than the screen says there is more below it and a history (shown at its end) that
there is more above, as the hand summary does, and the sheet opened from the summary says
Esc goes back to the summary, not to the table."""

from __future__ import annotations

import random

from cardtable.engine import Match, get_game
from cardtable.tui.history import HistoryScreen
from cardtable.tui.screens import HandSummaryScreen, SheetScreen
from cardtable.tui.testing import screen_text, settle


def after_hands(n: int) -> Match:
    """Klassieke Rummy (a row a hand on its sheet) played at random to the end of its
    ``n``-th hand (the summary to show)."""
    m = Match(get_game("klassieke-rummy", target_score=100000), ["human:You", "bot"], seed=2)
    rng = random.Random(2)
    while len(m.hands) < n or not m.state.over:
        if m.state is None or m.state.over:
            m.start_next()
        m.apply(rng.choice(m.state.legal_actions()), check=False)
    assert not m.over
    return m


def words(app) -> str:
    return " ".join(screen_text(app).split())


async def test_the_sheet_and_the_history_say_what_is_out_of_view(make_app):
    app = make_app(after_hands(4))
    async with app.run_test(size=(80, 12)) as pilot:
        await settle(pilot)
        summary = app.screen
        assert isinstance(summary, HandSummaryScreen)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        text = words(app)
        assert "more below" in text and "back to the summary" in text and "back to the table" not in text, text
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is summary
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        last = str(app.screen._lines[-1]).strip()
        assert last in text and "more above:" in text and "more below" not in text, text
        await pilot.press("up")
        await settle(pilot)
        assert "more above and below" in words(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is summary


async def test_the_rules_say_there_is_more_below(make_app):
    from cardtable.engine.registry import game_class
    from cardtable.tui.screens import RulesScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(RulesScreen(game_class("jokeren")))
        await settle(pilot)
        assert "more below" in words(app)


async def test_a_short_history_stays_at_the_top(make_app):
    from rich.text import Text

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HistoryScreen("Kruisjassen, hand 1: the hand so far", [Text("Trick 1: …"), Text("Trick 2: …")]))
        await settle(pilot)
        lines = screen_text(app).splitlines()
        assert "Trick 1" in lines[1] and "Trick 2" in lines[2], lines[:4]
        assert "more above" not in words(app)
