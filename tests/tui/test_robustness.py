"""Issue 12, the TUI: every key at every screen is handled or ignored (digits are ASCII
digits only), a crash exits 1 with one line and the save kept, memory stays flat over a
long bots-only session (Textual's footer leak, textual#6666), and a quit, a resize and a
bot's move racing each other never raise."""

from __future__ import annotations

import functools
import gc
import random

import pytest
from textual import events
from textual.widgets import Footer

from cardtable import saves
from cardtable.engine import Match, get_game
from cardtable.tui import demo
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens import HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import pass_handover, settle
from tests.tui.test_usability import rummy_position

#: keys no screen binds: Unicode digits, symbols, function keys, control keys, a paste
ODD_KEYS = [
    "²",
    "³",
    "①",
    "٣",
    "½",
    "€",
    "é",
    "ß",
    "😀",
    "∞",
    "§",
    "µ",
    "¹",
    "f1",
    "f5",
    "f12",
    "f24",
    "ctrl+a",
    "ctrl+x",
    "ctrl+z",
    "ctrl+space",
    "ctrl+left",
    "shift+tab",
    "tab",
    "home",
    "end",
    "insert",
    "delete",
    "backspace",
    "pageup",
    "pagedown",
    "shift+up",
    "alt+x",
    "ctrl+shift+a",
]


def make_app(match=None, **kw) -> CardTableApp:
    kw.setdefault("bot_delay", 0)
    kw.setdefault("resume", False)
    return CardTableApp(match, **kw)


async def press_raw(pilot, key: str, pause: bool = True) -> None:
    """Send ``key`` as a terminal would: a printable key carries its character."""
    char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(pilot.app)
    await pilot.app._post_message(event)
    if pause:
        await pilot.pause()


def test_only_ascii_digits_are_digit_keys():
    from cardtable.tui.table import is_digit_key

    assert all(is_digit_key(str(d)) for d in range(10))
    for k in ("²", "³", "①", "٣", "½", "a", "", "10", "f1"):
        assert not is_digit_key(k), k


@pytest.mark.parametrize("key", ["²", "³", "①", "٣"])
async def test_unicode_digit_at_the_table_is_ignored(key):
    # the fault: ValueError from int('²') killed the app (and it exited 0)
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen) and tbl.mode == "human"
        before = list(match.hands[-1]["actions"]), tbl.cursor
        await press_raw(pilot, key)
        await settle(pilot)
        assert app.screen is tbl and (list(match.hands[-1]["actions"]), tbl.cursor) == before
        await pilot.press("2")  # an ASCII digit still chooses the second card
        assert tbl.cursor == 1


@pytest.mark.parametrize("key", ["²", "①"])
async def test_unicode_digit_while_laying_off_is_ignored(key):
    match = rummy_position()
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("l")
        assert tbl.layoff_cards is not None
        await press_raw(pilot, key)
        await settle(pilot)
        assert app.screen is tbl and tbl.layoff_digits == ""


async def _odd_keys_everywhere(pilot, app) -> list[str]:
    """Press every odd key at the current screen; the screen must stay."""
    screen = app.screen
    for key in ODD_KEYS:
        await press_raw(pilot, key, pause=False)
    await settle(pilot)
    assert not app._exit
    # none of them passes a hand-over either: only the next player's letter does
    assert app.screen is screen, type(app.screen).__name__
    return [type(screen).__name__]


@pytest.mark.soak
async def test_odd_keys_are_ignored_at_every_screen():
    seen = set()
    match = Match(get_game("kruisjassen"), ["human:Anna", "bot", "human:Bram", "bot"], seed=5)
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(60):  # hand-overs, the table, the sheet, the rules, a summary
            scr = app.screen
            name = type(scr).__name__
            if name not in seen:
                seen.add(name)
                await _odd_keys_everywhere(pilot, app)
            if name == "HandOverScreen":
                await pass_handover(pilot)
            elif name == "TableScreen" and "SheetScreen" not in seen:
                await pilot.press("s")
            elif name == "SheetScreen":
                await pilot.press("escape")
                await pilot.press("question_mark")
            elif name == "RulesScreen":
                await pilot.press("escape")
            elif name == "HandSummaryScreen":
                break
            elif name == "TableScreen":
                obs = scr.observation()
                a = obs.legal[0]
                scr.try_action(a)
            await settle(pilot)
    assert {"HandOverScreen", "TableScreen", "SheetScreen", "RulesScreen", "HandSummaryScreen"} <= seen
    # the resume offer, the menu and the seat setup
    saves.save_match(demo.trick_midhand("kruisjassen", 7, tricks=3))
    app = CardTableApp(None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "ResumeScreen"
        await _odd_keys_everywhere(pilot, app)
        await pilot.press("n")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"
        await _odd_keys_everywhere(pilot, app)
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "SetupScreen"
        await _odd_keys_everywhere(pilot, app)


@pytest.mark.soak
async def test_random_keys_and_clicks_never_crash():
    keys = (
        ODD_KEYS
        + ["space", "up", "down"]
        + list("0123456789abcdefghijklmnopqrstuvwxyz?")
        + ["enter", "escape", "left", "right"]
    )
    rng = random.Random(6)
    pressed = 0
    for round_ in range(2):
        app = make_app(None, autosave=False, seed=round_)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for _ in range(110):
                if app._exit:
                    break
                if rng.random() < 0.1:
                    await pilot.click(offset=(rng.randrange(80), rng.randrange(24)))
                else:
                    k = rng.choice(keys)
                    if k == "q" and rng.random() < 0.8:
                        continue  # stay in the app for most of the run
                    await press_raw(pilot, k)
                pressed += 1
                if rng.random() < 0.2:
                    await settle(pilot)
    assert pressed > 150


# ---- a crash: one line, exit 1, the save kept ---------------------------------------------


def test_a_crash_exits_1_with_one_line_and_keeps_the_save(monkeypatch, capsys):
    from cardtable import tui

    def broken(self):
        raise RuntimeError("a bug in a key handler")

    monkeypatch.setattr(TableScreen, "action_sheet", broken)
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    n = len(match.hands[-1]["actions"])

    async def pilot_fn(pilot):
        await settle(pilot)
        tbl = pilot.app.screen
        tbl.try_action(tbl.observation().legal[0])
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()

    # the real ``run()``, headless, driven by the pilot
    monkeypatch.setattr(
        CardTableApp, "run", functools.partialmethod(CardTableApp.run, headless=True, auto_pilot=pilot_fn)
    )
    with pytest.raises(SystemExit) as ei:  # the fault: the process exited 0
        tui.run(match, bot_delay=0)
    assert ei.value.code == 1
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("cardtable: error: ") and "Traceback" not in err
    assert "a bug in a key handler" in lines[0] and "saved" in lines[0]
    again = saves.load_match()
    assert again is not None and len(again.hands[-1]["actions"]) >= n + 1
    assert "RuntimeError" in (saves.data_dir() / "crash.log").read_text()


# ---- memory: a long bots-only session ------------------------------------------------------


def live_widgets() -> int:
    from textual.widget import Widget

    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, Widget))


async def _bots_only(game_id: str, hands: int, options: dict, marks: tuple[int, ...]) -> dict[int, int]:
    game = get_game(game_id, **options)
    match = Match(game, ["bot:simple"] * game.players, seed=1)
    app = make_app(match, autosave=False)
    counts = {}
    async with app.run_test(size=(100, 30)) as pilot:
        for done in range(1, hands + 1):
            await settle(pilot)
            assert isinstance(app.screen, HandSummaryScreen)
            if done in marks:
                counts[done] = live_widgets()
            if done == marks[-1]:
                footer = app.screen_stack[-2].query_one(Footer)
                # the watchers Textual keeps on the footer: one per key shown, not per key built
                counts["watchers"] = sum(len(v) for v in getattr(footer, "__watchers", {}).values())
                counts["keys"] = len(footer.children)
            await pilot.press("enter")
    return counts


async def test_widgets_stay_bounded_over_bots_only_hands():
    # on the old code: about 160 footer keys kept alive per kruisjassen hand
    counts = await _bots_only("kruisjassen", 10, {"target": 1000}, (3, 10))
    assert counts[10] <= counts[3] + 10, counts
    assert counts["watchers"] <= counts["keys"] + 2, counts


@pytest.mark.slow
async def test_widgets_stay_bounded_over_50_hands():
    counts = await _bots_only("kruisjassen", 50, {"target": 1000}, (5, 50))
    assert counts[50] <= counts[5] + 10 and counts["watchers"] <= counts["keys"] + 2, counts
    counts = await _bots_only("klassieke-rummy", 20, {"target_score": 100000}, (5, 20))
    assert counts[20] <= counts[5] + 30 and counts["watchers"] <= counts["keys"] + 2, counts


# ---- races: quit, resize and a bot's move ----------------------------------------------------


async def test_a_bot_move_after_the_table_was_taken_down_is_dropped():
    # the fault: MountError "Can't mount widget(s) before ActionBar(id='actions') is mounted"
    # from on_worker_state_changed -> _after_action -> refresh_table -> ActionBar.show when
    # the app quits (ctrl+q: the table is taken down without leaving it) during a bot's move
    match = Match(get_game("klassieke-rummy", 3), ["bot"] * 3, seed=2)
    app = make_app(None, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = TableScreen(match)
        app.bot_delay = 1.0
        await app.push_screen(tbl)
        await pilot.pause(0.05)
        assert tbl.mode == "bot" and tbl._token is not None
        await app.pop_screen()
        await pilot.pause(0.05)
        n = len(match.hands[-1]["actions"])
        st = match.state
        match.apply(st.legal_actions()[0])  # the bot's move lands after the table went
        tbl._after_action()
        tbl.refresh_table()
        await pilot.pause()
        assert len(match.hands[-1]["actions"]) == n + 1


@pytest.mark.soak
@pytest.mark.parametrize("how", ["q", "ctrl+q", "resize"])
async def test_quit_or_resize_during_bot_moves_never_raises(how):
    rng = random.Random(how)
    for trial in range(3):
        match = Match(get_game("kruisjassen"), ["bot"] * 4, seed=trial)
        app = make_app(match, autosave=False, bot_delay=0.01)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(4):
                await pilot.pause(rng.random() * 0.05)
                if how == "resize":
                    await pilot.resize_terminal(rng.choice([80, 100, 132]), rng.choice([24, 30, 40]))
                if isinstance(app.screen, HandSummaryScreen):
                    await pilot.press("enter")
            if how != "resize":
                await pilot.press(how)
            await pilot.pause(0.05)


# ---- the resume at start: what replay accepted crashed the app at every start -----------------


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "cardtable-record/1", "game": "kruisjassen", "seed": "7"}',
        '{"format": "cardtable-record/1", "game": "kruisjassen", "seats": ["bot:unknown", "bot", "bot", "bot"]}',
        '{"format": "cardtable-record/1", "game": "kruisjassen", "seats": ["bot:random ", "bot", "bot", "bot"]}',
        '{"format": "cardtable-record/1", "game": "kruisjassen", "x": ' + "[" * 3000 + "]" * 3000 + "}",
        '{"format": "cardtable-record/1", "game": "kruisjassen", "seed": ' + "1" * 5000 + "}",
    ],
)
async def test_a_bad_save_is_moved_aside_once_and_the_menu_opens(_home, text):
    _home.mkdir(parents=True, exist_ok=True)
    (_home / "autosave.corrupt.json").write_text("an earlier bad save")
    saves.autosave_path().write_text(text)
    for start in range(2):
        app = CardTableApp(None, bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert type(app.screen).__name__ == "MenuScreen"
            notice = str(app.screen.query_one("#notice").render())
            if start == 0:
                assert "moved aside" in notice, notice
            else:
                assert notice.strip() == "", notice  # not offered again
    assert not saves.autosave_path().exists()
    assert (_home / "autosave.corrupt.json").read_text() == "an earlier bad save"
    assert (_home / "autosave.corrupt-2.json").read_text() == text


async def test_temp_files_of_a_killed_save_are_cleaned_at_start(_home):
    import os
    import subprocess
    import sys

    _home.mkdir(parents=True, exist_ok=True)
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    left = _home / f".cardtable-{dead}-q1w2e3.json"
    old = _home / ".cardtable-a1b2c3.json"
    for f in (left, old):
        f.write_text('{"format": "cardtable-rec')
    os.utime(old, (1, 1))
    app = CardTableApp(None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    assert not left.exists() and not old.exists()
