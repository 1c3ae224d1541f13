"""The Textual application: menu -> seat setup -> table -> hand summary -> ... -> match end."""

from __future__ import annotations

import os
from collections import deque

from textual import _time, events
from textual.app import App
from textual.binding import Binding
from textual.widgets import OptionList

from cardtable.engine.match import Match


def _guard_page_keys() -> None:
    """Work around a Textual 8 fault: PageUp / PageDown on an OptionList (the game menu, a
    Select's drop-down) whose lines are not laid out yet raise ``KeyError`` in
    ``OptionList._move_page`` (``_index_to_line[...]``), which ended the app in a burst of
    keys. The page move is skipped then (the list is not drawn yet, so there is no page)."""
    move = OptionList._move_page
    if getattr(move, "_cardtable_guarded", False):
        return

    def _move_page(self, direction):
        try:
            move(self, direction)
        except KeyError:
            pass

    _move_page._cardtable_guarded = True
    OptionList._move_page = _move_page


_guard_page_keys()

DEFAULT_BOT_DELAY = 0.6
#: seconds the keyboard and mouse must be quiet before input counts again after a hand-over
#: or another confirmation screen came or went (``CardTableApp.hush``)
DEFAULT_INPUT_QUIET = 0.25
#: seconds the keyboard and mouse must be quiet, after a hand-over was drawn, before its key
#: counts (``handover.InputGate``; also the summary and resume offer before a hot-seat hand)
DEFAULT_HANDOVER_QUIET = 1.0


def _env_float(name: str, default: float) -> float:
    try:
        return max(0.0, float(os.environ[name]))
    except (KeyError, ValueError):
        return default


def _hotseat_undo_setting() -> bool:
    """The player's "undo in hot-seat" setting (``cardtable.settings``); False without it."""
    try:
        from cardtable import settings
    except ImportError:
        return False
    try:
        return bool(settings.load().hotseat_undo)
    except Exception:
        return False


def _write_crash_log(error: BaseException):
    """The traceback of ``error`` in ``crash.log`` beside the save; its path, or None."""
    import traceback

    try:
        from cardtable.paths import crash_log_path

        path = crash_log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
        return path
    except Exception:
        return None


class CardTableApp(App):
    """The card table.

    match: a Match to open the table with directly (the CLI builds it); None shows the menu,
        first offering to resume an unfinished autosaved match.
    bot_delay: seconds a bot's move stays pending so a person can follow it (default: env
        ``CARDTABLE_BOT_DELAY``, else 0.6; 0 in tests).
    dutch: card letters B V H A (True) or J Q K A (False); default env ``CARDTABLE_LETTERS``
        (``nl``/``en``), else English.
    seed: match seed for games started from the menu (None: random); tests fix it.
    autosave: save after every action with ``cardtable.saves`` (and clear at the match end).
    resume: offer to resume an autosaved match when started without one.
    handover_quiet: seconds the keyboard and mouse must be quiet after a hand-over was
        drawn (and after every key since) before the key that passes it counts; also the
        summary's and the resume offer's before a hot-seat hand (``handover.InputGate``;
        default env ``CARDTABLE_HANDOVER_QUIET``, else 1.0).
    input_quiet: seconds of quiet keyboard and mouse needed after a hand-over or another
        confirmation screen came or went before a key or click counts again (``hush``;
        default env ``CARDTABLE_INPUT_QUIET``, else 0.25; 0 turns the gate off).
    hotseat_undo: allow undo (⌫ or Ctrl+Z) when several humans share the keyboard (default: the
        player's setting ``Settings.hotseat_undo`` when ``cardtable.settings`` exists, else
        False). A human alone with bots may always undo.
    """

    #: the class the table searches a human's decision with for the hand summary's "what the
    #: bot would have played" (``tui/review.py``): None is ``bots.review.ReviewSearch``; tests
    #: put a stub here (``cls(game, info, budget)``, ``run() -> Decision | None``, ``cancel()``)
    review_search = None

    CSS_PATH = "cardtable.tcss"
    TITLE = "cardtable"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "quit", show=False, priority=True)]

    def __init__(
        self,
        match: Match | None = None,
        *,
        bot_delay: float | None = None,
        dutch: bool | None = None,
        seed: int | None = None,
        autosave: bool = True,
        resume: bool = True,
        handover_quiet: float | None = None,
        input_quiet: float | None = None,
        hotseat_undo: bool | None = None,
    ) -> None:
        super().__init__()
        self.start_match = match
        from cardtable import settings
        from cardtable.tui.profile import apply_settings

        apply_settings(self, settings.load())  # the settings file, then the environment
        if bot_delay is not None:
            self.bot_delay = bot_delay
        if dutch is not None:
            self.dutch = dutch
        self.seed = seed
        self.autosave = autosave
        self.resume = resume
        self.handover_quiet = (
            _env_float("CARDTABLE_HANDOVER_QUIET", DEFAULT_HANDOVER_QUIET)
            if handover_quiet is None
            else max(0.0, handover_quiet)
        )
        self.input_quiet = (
            _env_float("CARDTABLE_INPUT_QUIET", DEFAULT_INPUT_QUIET) if input_quiet is None else max(0.0, input_quiet)
        )
        self.hotseat_undo = _hotseat_undo_setting() if hotseat_undo is None else bool(hotseat_undo)
        self._hush_last: float | None = None  # the gate is shut: time of the last input
        self.hushed_inputs = 0  # inputs the gate swallowed (the tests read it)
        #: the times (``event.time``) the last keys, clicks and pastes were read, counted or
        #: not: a gated screen (``handover.InputGate``) measures the quiet before a key on them
        self.input_times: deque[float] = deque(maxlen=64)

    # ---- the input gate -------------------------------------------------------------------
    def toggle_letters(self) -> str | None:
        """``n`` at the menu or the table: the other card letters (J Q K A / B V H A), in force
        at once and saved in the settings, so that the settings screen and the next start show
        what is in force (one owner: the settings). Returns None, or why the save failed (the
        letters change for this run anyway)."""
        from dataclasses import replace

        from cardtable import settings as S

        self.dutch = not self.dutch
        try:
            S.save(replace(S.load(environ=False), letters="nl" if self.dutch else "en"))
        except (OSError, ValueError) as e:
            return f"the letters could not be saved: {e}"
        return None

    def hush(self) -> None:
        """Shut the input gate: keys, clicks and pastes are dropped until the keyboard and the
        mouse have been quiet for ``input_quiet`` seconds. Called when a confirmation screen
        (hand-over, summary, resume, match end, a yes/no question) is dismissed, and when the
        match end or a question appears, so the keys of a burst (a bouncing key, SSH lag, a
        paste, a double click) that confirm a screen never reach the table of the next
        player; the screen beneath is drawn but inert meanwhile. Ctrl+Q always passes. A
        screen with a gate of its own (the hand-over, the summary, the resume offer:
        ``handover.InputGate``) decides its input itself while it is on top."""
        if self.input_quiet > 0:
            # from now, or from the last input read if the app is behind: a key read just
            # before the confirmation that is handled after it is part of the same burst
            self._hush_last = max([_time.get_time(), *self.input_times])

    def _drop_input(self, event) -> bool:
        """Whether to drop ``event`` (a key, a click, a paste): the screen on top decides when
        it has a gate of its own (``handover.InputGate``: the hand-over; the summary and the
        resume offer), else the input gate (``hush``). Ctrl+Q always passes."""
        if event.is_forwarded or not isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Paste)):
            return False
        if isinstance(event, events.Key) and event.key == "ctrl+q":
            return False
        # the time the input arrived (made when the terminal's bytes were read), not the
        # time it is handled: keys queued behind a slow redraw still count as one burst
        now = getattr(event, "time", None) or _time.get_time()
        gate = getattr(self.screen, "gate_allows", None)
        if callable(gate):
            drop = not gate(event, now)
            self.input_times.append(now)
            if drop:
                self._dropped(event)
            return drop
        self.input_times.append(now)
        if self._hush_last is None:
            return False
        if now - self._hush_last >= self.input_quiet:
            self._hush_last = None  # quiet long enough: the gate opens
            return False
        if not isinstance(event, events.MouseUp):
            self._hush_last = max(self._hush_last, now)  # input keeps the gate shut
        self._dropped(event)
        return True

    def _dropped(self, event) -> None:
        if isinstance(event, events.MouseDown):
            self._mouse_down_widget = None  # no click from a press that was dropped
        self.hushed_inputs += 1

    async def on_event(self, event) -> None:
        if self._drop_input(event):
            return
        await super().on_event(event)

    #: the exception that stopped the app (None while it runs or after a normal exit);
    #: ``cardtable.tui.run`` turns it into one line and exit code 1
    crash: BaseException | None = None
    crash_log = None
    crash_saved = False  # a match was at the table and is in the autosave

    def _handle_exception(self, error: Exception) -> None:
        """Any exception that escapes a handler ends the app (Textual's rule): keep the
        save, write the traceback to ``crash.log`` beside the save, and leave the one line
        to ``tui.run`` instead of Textual's page of traceback (the tests still see the
        exception: Textual re-raises it from ``run_test``)."""
        if self.crash is None:
            self.crash = error
            self._rescue_save()
            self.crash_log = _write_crash_log(error)
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def _rescue_save(self) -> None:
        """Save the match at the table once more (the autosave already holds every action
        applied; this covers a crash between an action and its save)."""
        if not self.autosave:
            return
        from cardtable.tui.table import TableScreen

        try:
            tbl = next((s for s in reversed(self.screen_stack) if isinstance(s, TableScreen)), None)
            if tbl is not None and not tbl.match.over:
                from cardtable import saves

                saves.save_match(tbl.match)
                self.crash_saved = True
        except Exception:
            pass

    #: the match of the table on screen when the app was quit (Ctrl+Q), for the notice
    #: ``cardtable`` prints after it (``tui.run``'s result); None: no table was open
    left_match: Match | None = None

    async def action_quit(self) -> None:
        """Ctrl+Q: quit at once (every move is saved as it is made); the match of the table
        left, if any, is kept in ``left_match``."""
        from cardtable.tui.table import TableScreen

        tables = [s for s in self.screen_stack if isinstance(s, TableScreen)]
        if tables:
            self.left_match = tables[-1].match
        self.exit()

    def open_table(self, match: Match, switch: bool = False, standalone: bool = False) -> None:
        """Put a TableScreen for ``match`` on top (``switch``: in place of the screen on top)."""
        from cardtable.tui.table import TableScreen

        scr = TableScreen(match, standalone=standalone)
        if switch:
            self.switch_screen(scr)
        else:
            self.push_screen(scr)

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        if self.autosave:
            try:
                from cardtable import saves

                saves.clean_temp()
            except Exception:
                pass
        from cardtable.tui.screens import MenuScreen
        from cardtable.tui.table import TableScreen

        if self.start_match is not None:
            self.push_screen(TableScreen(self.start_match, standalone=True))
            return
        menu = MenuScreen()
        self.push_screen(menu)
        if self.resume:
            self._offer_resume(menu)

    def _offer_resume(self, menu) -> None:
        from cardtable import saves
        from cardtable.engine.record import RecordError

        try:
            match = saves.load_match()
        except RecordError as e:
            try:
                where = saves.quarantine()
            except OSError:
                where = None
            line = f"The saved game could not be read ({e}); it was moved aside"
            menu.set_notice(line + (f" to {where}." if where else "."))
            return
        if match is None or match.over:
            return
        from cardtable.tui.screens import ResumeScreen
        from cardtable.tui.table import TableScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.push_screen(TableScreen(match))

        self.push_screen(ResumeScreen(match), callback=answer)
