"""The hot-seat hand-over: a full screen between two humans, and the rule of when it is due.

Privacy (DESIGN.md, hot-seat): a hand is face up only while its owner decides, after they
took the keyboard; every hand is hidden before the hand-over screen is drawn. The hand-over
is passed by one deliberate key only, named on the screen (``pass_key``), and only once the
screen has been drawn and the keyboard has been quiet ``app.handover_quiet`` seconds since
(``InputGate``): a key typed before it was drawn never counts, however late a starved event
loop handles it, because the gate compares the time each key was read (``event.time``) with
the time the screen was drawn. The summary and the resume offer before a hot-seat hand-over
keep the same gate. After a confirmation the app's input gate (``CardTableApp.hush``) drops
the keys and clicks that come right after it, so none reaches the next player's table.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from rich.style import Style
from rich.text import Text
from textual import _time, events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from cardtable.tui import render as R
from cardtable.tui.chooser import RESERVED_KEYS
from cardtable.tui.widgets import dismiss_once, key_name


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


# ---- the key that passes a hand-over ------------------------------------------------------

#: letters that are keys of the table in every game, whoever plays: the sheet, the history,
#: the hint, the rules, the card letters, quit, the page key (``chooser.RESERVED_KEYS``)
TABLE_LETTERS = frozenset(k for k in RESERVED_KEYS if len(k) == 1 and "a" <= k <= "z")
#: the letters a hand-over falls back on, in this order, when no letter of the name will do
FALLBACK_LETTERS = "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in TABLE_LETTERS)


def name_letters(name: str) -> list[str]:
    """The ASCII letters of ``name`` in order, lower case, accents dropped (``Éva`` -> e v a;
    ``2Pac`` -> p a c; a name in another script has none)."""
    out = []
    for c in unicodedata.normalize("NFKD", name):
        c = c.lower()
        if "a" <= c <= "z":
            out.append(c)
    return out


def pass_key(name: str, avoid: Iterable[str] = (), taken: Iterable[str] = ()) -> str:
    """The letter (lower case) that passes the hand-over to the player called ``name``.

    The rule (README, keys; the screen names the letter): the first letter of the name that
    is none of these, else the first such letter of ``FALLBACK_LETTERS``:
    - a table key of every game (``TABLE_LETTERS``: ``s`` ``h`` ``i`` ``n`` ``o`` ``q`` and
      the card letters ``f`` ``g`` ``j`` ``u`` ``v`` ``w`` ``y`` ``z``);
    - a key in ``avoid``: the keys of the moves the previous player had on offer since they
      took the keyboard (``p`` Pass, ``c`` Ik dek, ``d`` draw ...), the keys their fingers
      are on (only letters matter: ⏎, space, digits and arrows never pass a hand-over);
    - a letter in ``taken``: the initials of the humans seated before this one, so that two
      players whose names start alike (Anna, Arie) get different keys (Arie: ``r``).
    If every fallback letter is taken, ``taken`` is ignored; the result is always a letter.
    """
    banned = set(TABLE_LETTERS) | {k.lower() for k in avoid if len(k) == 1}
    taken = {t.lower() for t in taken}
    for pool in (name_letters(name), FALLBACK_LETTERS):
        for c in pool:
            if c not in banned and c not in taken:
                return c
    return next((c for c in FALLBACK_LETTERS if c not in banned), FALLBACK_LETTERS[0])


def initial(name: str) -> str:
    """The first ASCII letter of ``name`` (lower case), "" if it has none."""
    letters = name_letters(name)
    return letters[0] if letters else ""


# ---- the gate: drawn, then quiet --------------------------------------------------------


def _is_input(event) -> bool:
    return isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Paste))


class InputGate(Screen):
    """A Screen whose input counts only once the screen has been drawn (``painted_at``)
    and the keyboard and mouse have been quiet ``gate_quiet()`` seconds since then.

    The app (``CardTableApp.on_event``) asks ``gate_allows(event, t)`` for every key, click
    and paste while such a screen is on top, ``t`` being the time the input was read from
    the terminal (``event.time``), and drops what it refuses. Every input (counted or not)
    restarts the quiet time: the app keeps their times (``CardTableApp.input_times``).
    Ctrl+Q is never stopped.
    """

    #: the time (``textual._time.get_time``, the clock of ``event.time``) the screen was
    #: first drawn; None until then
    painted_at: float | None = None
    _gate_down_ok = False
    _gate_told = -1e9

    def gate_quiet(self) -> float:
        """Seconds of quiet needed after the screen was drawn (and after any input)."""
        return float(getattr(self.app, "handover_quiet", 1.0) or 0.0)

    def on_screen_resume(self) -> None:
        if self.painted_at is None:
            self.call_after_refresh(self._check_painted)

    def _check_painted(self) -> None:
        """Called after a refresh: the screen counts as drawn once it is the screen on top
        and the compositor has placed its widgets (the refresh that placed them wrote the
        frame to the terminal); else wait for the next refresh."""
        if self.painted_at is not None or not self.is_attached:
            return
        drawn = self.app.screen is self and any(w is not self for w in self._compositor.visible_widgets)
        if drawn:
            self.painted_at = _time.get_time()
        else:
            self.call_after_refresh(self._check_painted)

    def gate_open_at(self, times: Iterable[float] = ()) -> float | None:
        """The first time a key would count, given the inputs read so far (``times``):
        None while the screen has not been drawn."""
        if self.painted_at is None:
            return None
        since = max([self.painted_at] + [x for x in times if x > self.painted_at])
        return since + self.gate_quiet()

    def gate_allows(self, event, t: float) -> bool:
        """Whether input ``event``, read at time ``t``, counts: read after the screen was
        drawn and after ``gate_quiet()`` seconds without input. A mouse release counts when
        the press it ends did (a click is both)."""
        if isinstance(event, events.MouseUp):
            ok, self._gate_down_ok = self._gate_down_ok, False
            return ok
        painted = self.painted_at
        ok = False
        if painted is not None and t >= painted:
            since = painted
            for x in getattr(self.app, "input_times", ()):
                if since < x < t:
                    since = x
            ok = t - since >= self.gate_quiet()
        if isinstance(event, events.MouseDown):
            self._gate_down_ok = ok
        if not ok and painted is not None and t >= painted:
            self.gate_refused(event)
        return ok

    def gate_refused(self, event) -> None:
        """Input after the screen was drawn but too soon: say so, a moment later and only if
        the screen is still up (the rest of a burst that confirmed it says nothing), at most
        every 2 s."""
        self.set_timer(0.3, self._tell_too_soon)

    def _tell_too_soon(self) -> None:
        now = _time.get_time()
        if (
            now - self._gate_told < 2.0
            or getattr(self, "_dismissed", False)
            or not self.is_attached
            or self.app.screen is not self
        ):
            return
        self._gate_told = now
        self.notify("Too soon: a key counts after a quiet moment.", timeout=2.5)


class HandOverScreen(InputGate):
    """Covers the whole table until the next human presses their key (DESIGN.md, hot-seat).

    A full Screen: nothing of the table, and no hand, is drawn while it is up. It is passed
    only by ``key`` (a letter, ``pass_key``; either case), pressed once the screen has been
    drawn and the keyboard has been quiet ``app.handover_quiet`` seconds (``InputGate``);
    ⏎, space, digits, other letters and clicks never pass it. Ctrl+Q quits.
    """

    def __init__(self, name: str, note: str = "", key: str | None = None) -> None:
        super().__init__()
        self.player = name
        self.note = note
        self.pass_key = (key or pass_key(name)).lower()
        self.told = ""  # the line under the text: why the last key did not pass

    def _text(self) -> Text:
        t = Text(justify="center")
        for i, (sym, red) in enumerate((("♠", False), ("♥", True), ("♣", False), ("♦", True))):
            t.append(("  " if i else "") + sym, Style(bold=True, color="#ff6b6b" if red else "#f0f0f0"))
        t.append("\n\n")
        t.append("Pass the keyboard to\n\n", Style(color="#b8d8c0"))
        t.append(self.player, Style(bold=True, color=R.GOLD))
        t.append("\n\n")
        white = Style(color="#ffffff")
        t.append(f"{self.player}, press ", white)
        t.append(self.pass_key.upper(), Style(bold=True, color=R.GOLD))
        t.append(" when you are ready", white)
        t.append("\nand nobody else can see the screen.", white)
        t.append("\nNo other key hands over.", Style(color="#b8d8c0"))
        # the only other way out of this screen is Ctrl+Q, so it is said here
        saved = " (the game is saved)" if getattr(self.app, "autosave", True) else ""
        t.append(f"\n\nCtrl+Q quits{saved}", Style(color="#8fb89e"))
        if self.note:
            t.append(f"\n\n{self.note}", Style(color="#8fb89e", italic=True))
        t.append("\n\n" + (self.told or " "), Style(color=R.GOLD))
        return t

    def compose(self) -> ComposeResult:
        with Center(id="handover-box"):
            yield Static(self._text(), markup=False, id="handover-text")

    def _tell(self, line: str) -> None:
        if line == self.told:
            return
        self.told = line
        try:
            self.query_one("#handover-text", Static).update(self._text())
        except NoMatches:  # not composed yet: compose draws the line
            pass

    def gate_refused(self, event) -> None:
        self._tell(f"Too soon: wait a moment, then press {self.pass_key.upper()}.")

    def is_pass_key(self, event) -> bool:
        """``event`` is the key that passes this hand-over (either case, no Ctrl or Alt)."""
        char = event.character
        return (
            char is not None
            and char.lower() == self.pass_key
            and event.key in (self.pass_key, self.pass_key.upper(), f"shift+{self.pass_key}")
        )

    def on_key(self, event) -> None:
        event.stop()
        event.prevent_default()
        if self.is_pass_key(event):
            confirm(self, True)
            return
        self._tell(f"{key_name(event.key)} does not hand over: {self.player}, press {self.pass_key.upper()}.")

    def on_click(self, event) -> None:
        event.stop()
        self._tell(f"{self.player}, press {self.pass_key.upper()} on the keyboard.")


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
