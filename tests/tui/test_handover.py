"""The hot-seat hand-over is passed only by the next player (issue 19).

Before, any key passed it once ``handover_guard`` seconds (at most 0.4) had gone by since it
was mounted, measured when the key was handled: at Anna's roem turn ``p``, 0.4 s, ``⏎``,
0.4 s, ``⏎`` passed Bram's hand-over and played Bram's card; under load keys queued while
the event loop was busy were handled late and counted. Now a hand-over takes one letter,
named on it (``handover.pass_key``), read (``event.time``) after the screen was drawn and
after ``app.handover_quiet`` seconds without input (``handover.InputGate``). The summary and
the resume offer before a hot-seat hand keep the same gate; the hand-over after an undo is
the same screen.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from textual import _time, events

from cardtable import saves
from cardtable.bots import get_bot
from cardtable.engine import Match, get_game
from cardtable.tui import demo
from cardtable.tui.app import DEFAULT_HANDOVER_QUIET, CardTableApp
from cardtable.tui.handover import (
    FALLBACK_LETTERS,
    TABLE_LETTERS,
    HandOverScreen,
    initial,
    pass_key,
)
from cardtable.tui.screens import HandSummaryScreen, ResumeScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import pass_handover, press_when_quiet, settle, table
from tests.tui.helpers import actions

SEATS = ["human:Anna", "human:Bram", "bot:simple", "bot:simple"]


# ---- the key -------------------------------------------------------------------------------


def test_the_key_is_a_letter_of_the_name_that_no_table_key_uses():
    assert pass_key("Bram") == "b"
    assert pass_key("anna") == "a"
    assert pass_key("Éva") == "e"  # accents dropped
    assert pass_key("2Pac") == "p"  # the first letter, not the digit
    # a table key of every game (the sheet, the history, the hint, the card letters) is
    # skipped for the next letter of the name
    assert pass_key("Sam") == "a" and pass_key("Henk") == "e" and pass_key("Wim") == "m"
    # a key of a move the previous player had on offer: p Pass, ⏎, digits do not matter
    assert pass_key("Piet", avoid={"p", "enter", "1"}) == "e"
    assert pass_key("Piet", avoid={"P"}) == "e"  # a suit's capital counts as its letter
    # two players whose names start alike: the later seat takes another letter
    assert pass_key("Arie", taken=["a"]) == "r"
    # no usable letter in the name: the first free fallback letter
    assert pass_key("李") == FALLBACK_LETTERS[0]
    assert pass_key("Sijs", avoid={"a"}) == FALLBACK_LETTERS[1]
    assert pass_key("P2", taken=["p"]) == "a"
    assert initial("2Pac") == "p" and initial("李") == ""


def test_the_key_is_always_a_letter_no_table_key_uses():
    every_move_key = set(FALLBACK_LETTERS)
    key = pass_key("Bram", avoid=every_move_key - {"x"})
    assert key == "x"
    for name in ("Bram", "Sam", "李", "", "Qyz"):
        for avoid in ((), ("b", "a", "c")):
            k = pass_key(name, avoid=avoid, taken=("a", "b"))
            assert len(k) == 1 and "a" <= k <= "z" and k not in TABLE_LETTERS, (name, avoid, k)
            assert k not in avoid


# ---- the screens ---------------------------------------------------------------------------


def _at_annas_roem() -> Match:
    """Kruisjassen, Anna, Bram and two bots: Bram and the bots have passed their roem turn;
    Anna's is next (Pass is her only move), then Bram leads the first trick."""
    m = Match(get_game("kruisjassen"), SEATS, seed=1)
    m.start_hand()
    while m.state.to_act != 0:
        assert [a.text() for a in m.state.legal_actions()] == ["pass"]
        m.apply("pass")
    return m


def _post(app, key: str, at: float | None = None) -> None:
    """Post ``key`` as the terminal driver does; ``at``: the time it was read (default now)."""
    char = {"enter": "\r", "space": " ", "backspace": "\x7f"}.get(key, key if len(key) == 1 else None)
    event = events.Key(key, char)
    if at is not None:
        event.time = at
    app.post_message(event)


async def test_the_double_press_at_annas_roem_turn_passes_nothing(make_app, monkeypatch):
    """The issue's keys, with the app's default gates and bot pace: ``p``, 0.4 s, ``⏎``, 0.4 s,
    ``⏎`` at Anna's roem turn. Before: Bram's hand-over closed and Bram led a card nobody
    chose (or Anna saw Bram's hand). Now Bram's hand-over stays, until Bram's key."""
    monkeypatch.delenv("CARDTABLE_INPUT_QUIET")
    monkeypatch.delenv("CARDTABLE_HANDOVER_QUIET")
    match = _at_annas_roem()
    app = make_app(match, bot_delay=0.6)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await asyncio.sleep(1.1)  # Anna takes the keyboard
        await pilot.press("a")
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen) and tbl.viewer == 0
        n0 = len(actions(match))
        for key in ("p", "enter", "enter"):
            _post(app, key)
            await asyncio.sleep(0.4)
        await pilot.pause(0.2)
        assert actions(match)[n0:] == ["pass"]  # Anna's pass; nothing for Bram
        assert type(app.screen).__name__ == "HandOverScreen", type(app.screen).__name__
        assert tbl.viewer is None  # no hand drawn
        assert "press B" in str(app.screen.query_one("#handover-text").render())
        # Bram, after a quiet second: his table, nothing played
        await press_when_quiet(pilot, "b")
        await settle(pilot)
        assert app.screen is tbl and tbl.viewer == 1 and actions(match)[n0:] == ["pass"]


async def test_the_key_line_does_not_offer_enter_beside_the_pass_button(make_app):
    """At a roem turn where Pass is the only move, ⏎ still passes but the key line names
    only ``p Pass`` (before: ``⏎ pass`` beside it invited pressing both)."""
    match = _at_annas_roem()
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pass_handover(pilot)
        await settle(pilot)
        tbl = app.screen
        assert "p" in tbl.keymap and tbl._enter_plan()[0] == "pass"
        assert not tbl.check_action("enter", ())
        await pilot.press("enter")
        await settle(pilot)
        assert actions(match)[-1:] == ["pass"]


class FakeClock:
    """``textual._time.get_time`` moved on by ``advance`` instead of sleeping: key events,
    the hand-over's drawing time and the gates all read it."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


async def test_the_next_players_key_passes_once_drawn_and_quiet(make_app, monkeypatch):
    """With the real quiet time (1 s) on a fake clock: Bram's key too soon after the screen
    was drawn, or too soon after another key, does not count; ⏎, space, a digit, Pass's key,
    another letter and a click never pass; B (either case) after a quiet second does."""
    monkeypatch.delenv("CARDTABLE_HANDOVER_QUIET")
    clock = FakeClock()
    monkeypatch.setattr(_time, "get_time", clock)
    match = _at_annas_roem()
    match.apply("pass")  # Anna passed: Bram's hand-over
    app = make_app(match)
    assert app.handover_quiet == DEFAULT_HANDOVER_QUIET == 1.0
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, HandOverScreen) and scr.pass_key == "b"
        assert scr.painted_at is not None
        n0 = len(actions(match))

        async def press(key, after):
            clock.advance(after)
            await pilot.press(key)
            await pilot.pause()

        await press("b", 0.5)  # too soon after it was drawn
        assert app.screen is scr and scr.told.startswith("Too soon")
        await press("b", 0.8)  # 1.3 s after drawing, 0.8 after a key
        assert app.screen is scr
        for key in ("enter", "space", "1", "p", "a", "escape", "backspace"):
            await press(key, 1.2)
            assert app.screen is scr, key
            assert "does not hand over" in scr.told, (key, scr.told)
        clock.advance(1.2)
        await pilot.click("#handover-text")
        assert app.screen is scr and "on the keyboard" in scr.told, scr.told
        await press("B", 1.2)
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen) and tbl.viewer == 1
        assert len(actions(match)) == n0


@pytest.mark.parametrize("starved", ["before it is drawn", "after it is drawn"])
async def test_keys_queued_while_the_event_loop_is_starved_do_not_pass(make_app, monkeypatch, starved):
    """The event loop is blocked (a slow redraw under load) while the keyboard sends keys,
    Bram's own key among them; they are handled only after the block. Keys read before the
    hand-over was drawn, or within the quiet time after it, never pass it, however late
    they are handled (before: the time was taken when the key was handled)."""
    match = _at_annas_roem()
    app = make_app(match, handover_quiet=0.3)
    armed, blocked, sent = threading.Event(), threading.Event(), threading.Event()
    keys = ["enter", "b", "1", "b"] if starved == "before it is drawn" else ["b"]

    def keyboard():
        blocked.wait(10)
        for key in keys:
            time.sleep(0.1)
            _post(app, key)  # read now, in this thread
        sent.set()

    def block() -> None:
        if armed.is_set() and not blocked.is_set():
            blocked.set()
            sent.wait(10)
            time.sleep(0.5)  # the app busy: the keys queue up

    if starved == "before it is drawn":
        monkeypatch.setattr(HandOverScreen, "on_mount", lambda self: block(), raising=False)
    else:
        painted = HandOverScreen._check_painted

        def check_then_block(self):
            painted(self)
            if self.painted_at is not None:
                block()

        monkeypatch.setattr(HandOverScreen, "_check_painted", check_then_block)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pass_handover(pilot)  # Anna's
        await settle(pilot)
        n0 = len(actions(match))
        thread = threading.Thread(target=keyboard, daemon=True)
        thread.start()
        armed.set()
        await pilot.press("p")  # Anna passes: Bram's hand-over
        thread.join(10)
        await settle(pilot)
        await pilot.pause(0.1)
        scr = app.screen
        assert isinstance(scr, HandOverScreen) and scr.pass_key == "b"
        assert table(app).viewer is None and actions(match)[n0:] == ["pass"]
        assert app.hushed_inputs >= len(keys)
        await pass_handover(pilot)
        await settle(pilot)
        assert table(app).viewer == 1 and actions(match)[n0:] == ["pass"]


# ---- undo, resume and the summary keep the gate ------------------------------------------


async def _burst(app, keys, gap: float = 0.01) -> None:
    for key in keys:
        _post(app, key)
        await asyncio.sleep(gap)


async def test_the_hand_over_after_an_undo_keeps_the_gate(make_app):
    """Anna plays, and while the bot after her thinks she takes it back with ⌫ followed by
    a burst (her own key among it): the hand-over back to her comes (her hand was hidden
    while the bot played) and the burst does not pass it; her key after the quiet does."""
    match = Match(get_game("kruisjassen"), ["human:Anna", "bot:simple", "human:Bram", "bot:simple"], seed=12)
    app = make_app(match, hotseat_undo=True, handover_quiet=0.2)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(8):
            await settle(pilot)
            if isinstance(app.screen, HandOverScreen):
                await pass_handover(pilot)
                continue
            tbl = app.screen
            if tbl.viewer == 0:
                break
            tbl.try_action(tbl.observation().legal[0])
        tbl = app.screen
        assert isinstance(tbl, TableScreen) and tbl.viewer == 0 and tbl.mode == "human"
        n0 = len(actions(match))
        app.bot_delay = 2  # the bot after Anna takes its time
        assert tbl.try_action(tbl.observation().legal[0])
        for _ in range(5):
            await pilot.pause()
        assert tbl.mode == "bot" and tbl.viewer is None  # the bot's move is pending
        await _burst(app, ["backspace", "enter", "a", "1", "a"])
        await pilot.pause(0.1)
        for _ in range(5):
            await pilot.pause()
        scr = app.screen
        assert len(actions(match)) == n0  # taken back
        assert isinstance(scr, HandOverScreen) and scr.player == "Anna" and scr.pass_key == "a"
        assert tbl.viewer is None
        app.bot_delay = 0
        await pass_handover(pilot)
        await settle(pilot)
        assert app.screen is tbl and tbl.viewer == 0 and len(actions(match)) == n0


async def test_the_resume_offer_before_a_hot_seat_hand_keeps_the_gate(monkeypatch):
    """In hot-seat the resume offer takes ⏎ only once drawn and after the quiet time; the
    rest of the burst that resumed (the next player's key among it) does not pass the
    hand-over that follows."""
    monkeypatch.setenv("CARDTABLE_HANDOVER_QUIET", "0.2")
    m = demo.trick_midhand("kruisjassen", 7, tricks=2, seats=SEATS)
    while m.seat_kind(m.state.to_act)[0] == "bot":
        m.apply(get_bot("simple", m.game, seed=1).choose(m.state.observation(m.state.to_act)))
    saves.save_match(m)
    n0 = len(m.hands[-1]["actions"])
    app = CardTableApp(None, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        offer = app.screen
        assert isinstance(offer, ResumeScreen)
        for i, key in enumerate(["enter", "y"]):  # read as it came up: too soon
            _post(app, key, at=offer.painted_at + 0.01 * (i + 1))
        await pilot.pause(0.05)
        assert app.screen is offer
        await asyncio.sleep(0.25)
        await _burst(app, ["enter", "a", "b", "enter", "1"])
        await pilot.pause(0.1)
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, HandOverScreen), type(scr).__name__
        assert table(app).viewer is None and len(table(app).match.hands[-1]["actions"]) == n0
        await pass_handover(pilot)
        await settle(pilot)
        assert table(app).viewer == m.state.to_act


async def test_the_hand_summary_before_a_hot_seat_hand_keeps_the_gate(make_app, monkeypatch):
    """The last card of a hand in hot-seat: the summary takes ⏎ only once drawn and after
    the quiet time, and the burst that went on (the players' keys among it) does not pass
    the next hand's hand-over."""
    monkeypatch.setenv("CARDTABLE_HANDOVER_QUIET", "0.2")
    seats = ["human:Anna", "human:Bram", "bot:simple", "bot:simple"]
    match = Match(get_game("manille-muette", hands_to_win=2), seats, seed=3)
    demo.play_until(match, lambda m, o: o is not None and len(o.hand) == 1 and o.seat == 0)
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(20):
            await settle(pilot)
            scr = app.screen
            if isinstance(scr, HandSummaryScreen):
                break
            if isinstance(scr, HandOverScreen):
                await pass_handover(pilot)
                continue
            scr.try_action(scr.observation().legal[0])
        summary = app.screen
        assert isinstance(summary, HandSummaryScreen)
        hands = len(match.hands)
        for i, key in enumerate(["enter", "space"]):  # read as it came up: too soon
            _post(app, key, at=summary.painted_at + 0.01 * (i + 1))
        await pilot.pause(0.05)
        assert app.screen is summary
        await asyncio.sleep(0.25)
        await _burst(app, ["enter", "a", "b", "enter", "1", "enter"])
        await pilot.pause(0.1)
        await settle(pilot)
        scr = app.screen
        assert len(match.hands) == hands + 1
        assert isinstance(scr, HandOverScreen), type(scr).__name__
        assert table(app).viewer is None
        movers = [a for a in match.hands[-1]["actions"]]
        await pass_handover(pilot)
        await settle(pilot)
        assert match.hands[-1]["actions"][: len(movers)] == movers
        assert table(app).viewer == match.state.to_act
