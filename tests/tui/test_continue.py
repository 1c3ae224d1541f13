"""The menu's Continue list, deleting a save (only after a question), the settings and the
statistics screens (issue 8 items 3 and 8)."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import OptionList

from cardtable import saves, settings, stats
from cardtable.engine import Match, get_game
from cardtable.tui import demo
from cardtable.tui.app import CardTableApp
from cardtable.tui.testing import screen_text as _screen_text
from cardtable.tui.testing import settle, table
from tests.tui.test_usability import type_fast


def screen_text(app) -> str:
    """The screen's words on one line (so a wrapped line still matches)."""
    return " ".join(_screen_text(app).split())


def make_app(match=None, **kw) -> CardTableApp:
    kw.setdefault("bot_delay", 0)
    return CardTableApp(match, **kw)


def games_under(folder: Path) -> list[str]:
    out = []
    for p in sorted(folder.rglob("*.json")):
        try:
            out.append(json.loads(p.read_text())["game"])
        except (ValueError, KeyError):
            pass
    return sorted(out)


async def start_from_menu(pilot, app, game_id: str) -> None:
    """Highlight ``game_id`` in the menu's list, ⏎, then start with the setup's defaults."""
    ol = app.screen.query_one(OptionList)
    ol.highlighted = ol.get_option_index(game_id)
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def to_menu(pilot, app) -> None:
    """Past the resume offer at the start (if any): ``n``."""
    await settle(pilot)
    if type(app.screen).__name__ == "ResumeScreen":
        await pilot.press("n")
        await settle(pilot)
    assert type(app.screen).__name__ == "MenuScreen"


async def test_starting_a_game_in_the_app_keeps_the_saved_one(_home):
    """Issue 8, fault 3 in the app: with a Kruisjassen game saved, starting another game
    from the menu overwrote it. Fails on main: the single autosave then holds only the
    new game."""
    saves.save_match(demo.trick_midhand("kruisjassen", 7, tricks=3))
    app = make_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        await start_from_menu(pilot, app, "klassieke-rummy")
        assert table(app) is not None and table(app).match.game.id == "klassieke-rummy"
        assert table(app).match.hands[-1]["actions"]  # a move was made and saved
        await pilot.press("q")
        await settle(pilot)
        # back in the menu, both games are offered under Continue
        text = screen_text(app)
        assert "Continue" in text and "Klassieke Rummy · You and 1 bot" in text and "Kruisjassen · " in text
    assert games_under(_home) == ["klassieke-rummy", "kruisjassen"]


async def test_continue_lists_every_unfinished_game_and_resumes_the_one_chosen(_home):
    kj = demo.trick_midhand("kruisjassen", 7, tricks=3)
    saves.save_match(kj)
    rummy = demo.draw_midhand("klassieke-rummy", 11, players=2)
    saves.save_match(rummy)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        text = screen_text(app)
        assert "Continue" in text and "New game" in text
        assert "Kruisjassen · " in text and "hand 1 · today" in text
        assert "Klassieke Rummy · " in text
        menu = app.screen
        assert [i.game_name for i in menu.saved] == ["Klassieke Rummy", "Kruisjassen"]
        ol = menu.query_one(OptionList)
        ol.highlighted = ol.get_option_index("save-1")
        await pilot.press("enter")
        await settle(pilot)
        tbl = table(app)
        assert tbl.match.game.id == "kruisjassen"
        assert tbl.match.hands == kj.hands
        await pilot.press("enter")  # a card played: the save is written again
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        # back in the menu: both are still there, the one just played first
        assert [i.game_name for i in app.screen.saved] == ["Kruisjassen", "Klassieke Rummy"]
    assert len(saves.list_saves()) == 2


async def test_delete_asks_first(_home):
    saves.save_match(demo.trick_midhand("kruisjassen", 7, tricks=3))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        await pilot.press("x")
        await settle(pilot)
        assert "Delete the saved game Kruisjassen" in screen_text(app)
        await pilot.press("enter")  # the focused button is "Keep it"
        await settle(pilot)
        assert len(saves.list_saves()) == 1
        await pilot.press("x")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert len(saves.list_saves()) == 1
        await pilot.press("x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert saves.list_saves() == []
        assert "Continue" not in screen_text(app)
        await pilot.press("x")  # on a game, not a save: nothing is deleted
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"


async def test_a_corrupt_save_is_reported_once_in_the_menu(_home):
    saves.saves_dir().mkdir(parents=True)
    (saves.saves_dir() / "kruisjassen_Anna-3bots_2026-01-01_000000.json").write_text("{oops")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        assert "could not be read" in screen_text(app)
    assert [p.name for p in saves.corrupt_files()] == ["kruisjassen_Anna-3bots_2026-01-01_000000.corrupt.json"]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        assert "could not be read" not in screen_text(app)


async def test_settings_are_saved_and_take_effect(_home, monkeypatch):
    from cardtable.bots import strong
    from cardtable.tui import render

    monkeypatch.setattr(strong, "DEFAULT_BUDGET", strong.DEFAULT_BUDGET)  # restored after
    monkeypatch.setattr(render, "_FOUR", None)
    monkeypatch.delenv("CARDTABLE_BOT_BUDGET", raising=False)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        await pilot.press("o")
        await settle(pilot)
        scr = app.screen
        assert type(scr).__name__ == "SettingsScreen"
        text = screen_text(app)
        for label in (
            "Bot pace",
            "Card letters",
            "Suit colours",
            "Undo in hot-seat",
            "Bot thinking time",
            "Bot's review",
        ):
            assert label in text
        scr.query_one("#set-bot_delay").value = "-3"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "Bot pace" in screen_text(app) and type(app.screen).__name__ == "SettingsScreen"
        # the field's label, not the settings file's key (a trial user read "Bot pace: bot_delay must ...")
        assert "Bot pace: must be a number of seconds from 0 to" in screen_text(app), screen_text(app)
        assert "bot_delay" not in screen_text(app)
        assert not settings.settings_path().exists()
        scr.query_one("#set-bot_delay").value = "0,2"
        scr.query_one("#set-letters").value = "nl"
        scr.query_one("#set-colours").value = "four-colour"
        scr.query_one("#set-hotseat_undo").value = True
        scr.query_one("#set-bot_budget").value = "2.5"
        scr.query_one("#set-review").value = False  # no CPU on what the bot would have played
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"
        assert app.dutch and app.settings.hotseat_undo and app.settings.bot_budget == 2.5
        assert strong.default_budget() == 2.5  # the strong bot thinks longer
        assert render.card_color(render.parse_card("7C")) != render.card_color(render.parse_card("7S"))
    s = settings.load(environ=False)
    assert (s.bot_delay, s.letters, s.colours, s.hotseat_undo, s.bot_budget, s.review) == (
        0.2,
        "nl",
        "four-colour",
        True,
        2.5,
        False,
    )
    # the next start reads them
    app = make_app()
    assert app.dutch and app.settings.colours == "four-colour"


async def test_a_bad_settings_file_is_one_line_in_the_menu(_home):
    _home.mkdir(parents=True)
    settings._warned.clear()
    settings.settings_path().write_text("{nope")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        assert "settings file" in screen_text(app) and "defaults" in screen_text(app)


async def test_statistics_screen_after_a_finished_match(_home):
    game = get_game("klassieke-rummy", 2, target_score=1)
    match = Match(game, ["human:Anna", "bot:simple"], seed=2)
    st = match.start_hand()
    from cardtable.bots import get_bot

    bot = get_bot("simple", game, seed=1)
    while not match.over:
        st = match.apply(bot.choose(st.observation(st.to_act)))
    saves.finish(match)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        await pilot.press("t")
        await settle(pilot)
        text = screen_text(app)
        assert "Statistics" in text and "Anna" in text and "Klassieke Rummy" in text
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"
    assert stats.table()[0].matches == 1


async def test_a_double_enter_on_continue_opens_the_game_once(_home):
    """A double ⏎ on a saved game opened it twice, one table on top of the other: q then showed
    the hidden copy (in hot-seat, a hand with no hand-over) and a move there overwrote the save."""
    from cardtable.tui.table import TableScreen

    saves.save_match(demo.trick_midhand("kruisjassen", 7, tricks=3))
    app = make_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        await type_fast(pilot, "enter", "enter")
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert len(tables) == 1, app.screen_stack
        await pilot.press("q")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen", app.screen_stack
        await pilot.press("enter")  # back in the menu: ⏎ opens it again
        await settle(pilot)
        assert len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1


async def test_a_double_enter_on_a_new_game_opens_one_setup(_home):
    app = make_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        await type_fast(pilot, "enter", "enter")
        setups = [s for s in app.screen_stack if type(s).__name__ == "SetupScreen"]
        assert len(setups) == 1, app.screen_stack


async def test_ctrl_q_at_a_table_opened_from_the_menu_keeps_its_match_for_the_notice(_home):
    """Ctrl+Q at a table the menu opened: the app remembers the match, so ``cardtable`` says
    where it is saved (before, only ``cardtable play`` did)."""
    m = demo.trick_midhand("kruisjassen", 7, tricks=3)
    saves.save_match(m)
    app = make_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        await pilot.press("enter")
        await settle(pilot)
        left = table(app).match
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.left_match is left and not left.over
    assert saves.path_of(left).exists()


async def test_two_continue_entries_never_read_the_same(_home):
    """Three Kruisjassen games of Anna and 3 bots, each in hand 1, saved in the same minute:
    before, all three entries read ``Kruisjassen · Anna and 3 bots · hand 1 · today 14:25``.
    Now the bots' levels tell the strong game from the simple ones, and the number in the
    list the two that are the same in every other way."""
    strong = ["human:Anna"] + ["bot:strong"] * 3
    saves.save_match(demo.trick_midhand("kruisjassen", 7, tricks=3))
    saves.save_match(demo.trick_midhand("kruisjassen", 7, tricks=3))
    saves.save_match(demo.trick_midhand("kruisjassen", 7, seats=strong, tricks=3))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(pilot, app)
        ol = app.screen.query_one(OptionList)
        entries = [" ".join(ol.get_option(f"save-{i}").prompt.plain.split()) for i in range(3)]
        assert len(set(entries)) == 3, entries
        assert all(e.startswith("Kruisjassen · Anna and 3 bots · hand 1 · ") for e in entries), entries
        assert sum("3 strong bots" in e for e in entries) == 1, entries
        assert sum("save " in e for e in entries) == 2, entries


def test_continue_details_show_the_score_once_a_hand_is_scored():
    m = demo.trick_midhand("kruisjassen", 7, tricks=1)
    info = saves.SaveInfo(Path("x.json"), m, "id", "2026-12-01T10:00:00+00:00", saves.datetime.now().astimezone())
    assert info.score == "" and not saves.continue_details([info])[0][0].startswith("score")
    for _ in range(2000):  # on to a hand with a strook written
        if any(m.sheet.seat_totals()) or m.over:
            break
        if m.state.over:
            m.start_next()
        else:
            m.apply(m.state.legal_actions()[0])
    info = saves.SaveInfo(Path("x.json"), m, "id", "2026-12-01T10:00:00+00:00", saves.datetime.now().astimezone())
    a, b = m.sheet.seat_totals()[:2]
    assert info.score == f"{a}–{b}" and (a or b)
    assert saves.continue_details([info])[0][0] == f"score {a}–{b}"


def test_a_score_under_0_reads_signed_and_apart_not_as_a_range():
    """Tonk's stake ledger: the Continue line said ``score -1–1``."""
    from cardtable.engine import Match, get_game

    m = Match(get_game("tonk", 2), ["human:Anna", "bot:simple"], seed=4)
    for _ in range(5000):
        if any(m.sheet.seat_totals()) or m.over:
            break
        if m.state is None or m.state.over:
            m.start_next()
        else:
            m.apply(m.state.legal_actions()[0])
    info = saves.SaveInfo(Path("x.json"), m, "id", "2026-12-01T10:00:00+00:00", saves.datetime.now().astimezone())
    a, b = m.sheet.seat_totals()
    assert min(a, b) < 0
    assert info.score == " / ".join(f"{t:+d}" if t else "0" for t in (a, b)) and "–" not in info.score
