"""The hot-seat hand-over: a full screen between two humans, and the rule of when it is due.

Privacy (DESIGN.md, hot-seat): a hand is face up only while its owner decides, after they
took the keyboard; every hand is hidden before the hand-over screen is drawn, and keys
typed in a burst never skip it (``app.handover_guard``) and never reach the table of the
next player: the app's input gate (``CardTableApp.hush``) drops the keys and clicks that
come with or right after a confirmation until the keyboard has been quiet a moment.
"""

from __future__ import annotations

import time

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.screen import Screen
from textual.widgets import Static

from cardtable.tui import render as R
from cardtable.tui.widgets import dismiss_once


def hush(app) -> None:
    """Shut the app's input gate (``CardTableApp.hush``), if the app has one."""
    fn = getattr(app, "hush", None)
    if callable(fn):
        fn()


def confirm(screen, result=None) -> None:
    """Dismiss a confirmation screen (hand-over, summary, resume, match end) once and shut
    the input gate, so the rest of the burst that confirmed it is dropped."""
    if getattr(screen, "_dismissed", False):
        return
    hush(screen.app)
    dismiss_once(screen, result)


def handover_due(hot_seat: bool, viewer: int | None, seat: int) -> bool:
    """A hand-over screen comes first when several humans share the keyboard and the seat to
    decide is not the one whose hand is on the table."""
    return hot_seat and viewer != seat


class HandOverScreen(Screen):
    """Covers the whole table until the next human presses a key (DESIGN.md, hot-seat).

    A full Screen: nothing of the table, and no hand, is drawn while it is up. Keys typed
    within ``app.handover_guard`` seconds (the previous player still typing) are ignored.
    """

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note
        self._shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        t = Text(justify="center")
        for i, (sym, red) in enumerate((("♠", False), ("♥", True), ("♣", False), ("♦", True))):
            t.append(("  " if i else "") + sym, Style(bold=True, color="#ff6b6b" if red else "#f0f0f0"))
        t.append("\n\n")
        t.append("Pass the keyboard to\n\n", Style(color="#b8d8c0"))
        t.append(self.player, Style(bold=True, color=R.GOLD))
        t.append("\n\n")
        t.append(f"{self.player}, press any key when you are ready", Style(color="#ffffff"))
        t.append("\nand nobody else can see the screen.", Style(color="#ffffff"))
        # any key confirms: the only way out of this screen is Ctrl+Q, so it is said here
        saved = " (the game is saved)" if getattr(self.app, "autosave", True) else ""
        t.append(f"\n\nCtrl+Q quits{saved}", Style(color="#8fb89e"))
        if self.note:
            t.append(f"\n\n{self.note}", Style(color="#8fb89e", italic=True))
        with Center(id="handover-box"):
            yield Static(t, markup=False, id="handover-text")

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()
        hush(self.app)        # the previous player may still be typing

    def _ready(self) -> None:
        guard = float(getattr(self.app, "handover_guard", 0.0) or 0.0)
        if time.monotonic() - self._shown_at < guard:
            return
        confirm(self, True)

    def on_key(self, event) -> None:
        event.stop()
        event.prevent_default()
        self._ready()

    def on_click(self, event) -> None:
        event.stop()
        self._ready()




class ConfirmScreen(Screen):
    """A yes/no question before a move that ends the hand at once (``VerbSpec.confirm``,
    declared by the game). Dismisses True (y or ⏎) or False (n, Esc or q). A full Screen
    that shuts the input gate when it comes and goes, so a bounce neither answers it nor
    plays on at the table."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "yes", key_display="y/⏎"),
        Binding("n,escape,q", "answer(False)", "no", key_display="n/Esc"),
    ]

    def __init__(self, question: str, what: str = "") -> None:
        super().__init__()
        self.question = question
        self.what = what

    def compose(self) -> ComposeResult:
        from cardtable.tui.widgets import KeyFooter

        t = Text(justify="center")
        if self.what:
            t.append(self.what + "\n\n", Style(bold=True, color=R.GOLD))
        t.append(self.question, Style(color="#ffffff"))
        t.append("\n\ny/⏎ yes   n/Esc no", Style(color="#b8d8c0"))
        with Center(id="handover-box"):
            yield Static(t, markup=False, id="confirm-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        hush(self.app)

    def action_answer(self, yes: bool) -> None:
        confirm(self, yes)
