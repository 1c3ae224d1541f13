"""The screens around the table: menu -> seat setup (with option validation) -> table,
resume of an autosaved match (and a corrupt save), the autosave itself, score sheet,
rules, the letters setting, and the match end."""

from __future__ import annotations

import json

from cardtable import saves
from cardtable.engine import Match, get_game
from cardtable.tui import demo
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens import (
    HandSummaryScreen,
    MatchEndScreen,
    MenuScreen,
    ResumeScreen,
    RulesScreen,
    SetupScreen,
    SheetScreen,
    rules_text,
)
from cardtable.tui.table import TableScreen, seat_positions
from cardtable.tui.testing import screen_text, settle, table


def make_app(match=None, **kw) -> CardTableApp:
    kw.setdefault("bot_delay", 0)
    return CardTableApp(match, **kw)


async def test_menu_lists_the_games_with_player_counts():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        text = screen_text(app)
        assert "Kruisjassen" in text and "4 players" in text
        assert "Klassieke Rummy" in text and "2-6 players" in text


async def _to_setup(pilot, app, game_name: str) -> SetupScreen:
    menu = app.screen
    ids = [cls.name for cls in menu.games]
    idx = ids.index(game_name)
    for _ in range(idx):
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def test_setup_validates_options_and_starts_the_table():
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        setup = await _to_setup(pilot, app, "Kruisjassen")
        # a bad option value is refused with the option's message
        target = setup.query_one("#opt-target")
        target.value = "0"
        await pilot.pause()
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "below the minimum" in screen_text(app)
        # a human without a name is refused too
        target.value = "3"
        setup.query_one("#name-0").value = ""
        await pilot.pause()
        setup.action_start()
        await pilot.pause()
        assert "needs a name" in screen_text(app)
        setup.query_one("#name-0").value = "Anna"
        # a new bot seat is strong at the default budget (1 s: strong keeps it on one core);
        # simple bots here, so that the test spends no CPU on searches
        assert [setup.query_one(f"#kind-{s}").value for s in range(4)] == ["human"] + ["bot:strong"] * 3
        for s in (1, 2, 3):
            setup.query_one(f"#kind-{s}").value = "bot:simple"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen)
        assert tbl.match.game.options["target"] == 3
        assert tbl.match.seats == ["human:Anna", "bot:simple", "bot:simple", "bot:simple"]
        assert tbl.match.seed == 3
        # q leaves the table for the menu (the autosave keeps the match)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert saves.load_match() is not None


async def test_setup_player_count_changes_the_seats():
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        setup = await _to_setup(pilot, app, "Klassieke Rummy")

        def seats_shown():
            return sum(1 for row in setup.query(".seat-row") if row.display)

        assert seats_shown() == 2
        setup.query_one("#players").value = 5
        await settle(pilot)
        assert seats_shown() == 5
        assert setup.query_one("#name-1").disabled  # a bot needs no name
        setup.query_one("#kind-0").value = "bot:random"
        for seat in range(1, 5):  # (the default strong bots would think a second a move)
            setup.query_one(f"#kind-{seat}").value = "bot:simple"
        await pilot.pause()
        setup.action_start()
        await settle(pilot)
        tbl = table(app)  # five bots: the hand is already played out
        assert isinstance(app.screen, HandSummaryScreen)
        assert tbl.match.game.players == 5 and tbl.match.seats[0] == "bot:random"


async def test_resume_offer_and_corrupt_save(_home):
    # a saved unfinished match is offered and resumed where it stood
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    saves.save_match(match)
    n = len(match.hands[-1]["actions"])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert "Kruisjassen" in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen)
        assert len(tbl.match.hands[-1]["actions"]) == n
        assert tbl.observation().hand == match.state.observation(0).hand
    # a corrupt save (the single autosave of earlier versions): one line, moved aside,
    # the menu goes on
    for info in saves.list_saves():
        saves.delete(info.path)
    saves.autosave_path().write_text("{not json", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "could not be read" in screen_text(app)
        assert not saves.autosave_path().exists()
        assert (saves.autosave_path().parent / "autosave.corrupt.json").exists()


async def test_declining_resume_shows_the_menu():
    saves.save_match(demo.draw_midhand("klassieke-rummy", 11, players=2))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_autosave_after_every_action():
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        data = json.loads(saves.path_of(table(app).match).read_text(encoding="utf-8"))
        assert data["hands"][-1]["actions"] == match.hands[-1]["actions"]


async def test_sheet_rules_and_letters_from_the_table():
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert "0/2" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert "The game in short" in screen_text(app)  # the players' guide
        await pilot.press("escape")
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen)
        hand_en = screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        hand_nl = screen_text(app)
        assert app.dutch
        obs = tbl.observation()
        if any((c & 15) in (11, 12, 13) for c in obs.hand):
            assert hand_en != hand_nl


def test_rules_text_falls_back_to_the_description():
    from cardtable.engine.registry import game_class

    assert "Kruisjassen" in rules_text(game_class("kruisjassen"))

    class NoRules:
        id = "no-such-game"
        name = "Nothing"
        description = "A game without a rules file."

    assert "without a rules file" in rules_text(NoRules)


async def test_match_end_is_shown_and_clears_the_save():
    game = get_game("klassieke-rummy", 2, target_score=1)
    match = Match(game, ["bot:simple", "bot:simple"], seed=2)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandSummaryScreen)
        assert match.over
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MatchEndScreen)
        assert "Winner" in screen_text(app)
        assert not saves.autosave_path().exists()


def test_seat_positions_put_the_next_player_on_the_left():
    assert seat_positions(4, 0) == {0: "bottom", 1: "left", 2: "top", 3: "right"}
    assert seat_positions(4, 2) == {2: "bottom", 3: "left", 0: "top", 1: "right"}
    assert seat_positions(2, 1) == {1: "bottom", 0: "top"}
    assert seat_positions(3, 0) == {0: "bottom", 1: "left", 2: "right"}
    assert seat_positions(6, 0) == {0: "bottom", 1: "left", 2: "top", 3: "top", 4: "top", 5: "right"}


async def _scroll_to_the_foot(pilot, app, page_id: str, last_words: str) -> None:
    """A page longer than 80x24: the hint says there is more; ↓/PgDn scroll to the foot,
    where ``last_words`` are in view and the hint is gone."""
    page = app.screen.query_one(f"#{page_id}")
    hint = app.screen.query_one(".more-below")
    assert page.max_scroll_y > 0 and hint.display, "the page should be longer than the screen"
    assert "more below" in screen_text(app)
    assert last_words not in screen_text(app)
    await pilot.press("down")
    await settle(pilot)
    assert page.scroll_y > 0
    for _ in range(10):
        await pilot.press("pagedown")
    await settle(pilot)
    assert round(page.scroll_y) == page.max_scroll_y and not hint.display
    assert last_words in screen_text(app) and "more below" not in screen_text(app)


async def test_a_long_sheet_scrolls_in_the_resume_box_with_a_hint():
    match = demo.after_hands("schutjassen", 8, seed=5)
    app = make_app(match, resume=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ResumeScreen(match))
        await settle(pilot)
        await _scroll_to_the_foot(pilot, app, "resume-scroll", "Resume it?")
        await pilot.press("y")  # the answer keys still work
        await settle(pilot)
        assert not isinstance(app.screen, ResumeScreen)


async def test_the_schutjassen_hand_summary_shows_the_foot_of_the_boom_and_scrolls_to_its_log():
    """The boom's ground and totals are in view at once at 80x24 (issue 21); the log of
    hands under it and the summary's last words are reached by scrolling."""
    from cardtable.sheets.boom import GROUND
    from cardtable.tui import render as R

    match = demo.after_hands("schutjassen", 8, seed=5)
    a, b = match.sheet.points
    app = make_app(match, resume=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HandSummaryScreen(match, len(match.results) - 1, R.seat_names(match)))
        await settle(pilot)
        text = screen_text(app)
        assert GROUND in text and f"{a:>4}|{b}" in text, text
        await _scroll_to_the_foot(pilot, app, "summary", "deals the next hand")
