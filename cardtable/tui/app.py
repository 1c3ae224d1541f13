"""The Textual application: menu -> seat setup -> table -> hand summary -> ... -> match end."""

from __future__ import annotations

import os

from textual.app import App
from textual.binding import Binding

from cardtable.engine.match import Match

DEFAULT_BOT_DELAY = 0.6


def _env_float(name: str, default: float) -> float:
    try:
        return max(0.0, float(os.environ[name]))
    except (KeyError, ValueError):
        return default


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
    """

    CSS_PATH = "cardtable.tcss"
    TITLE = "cardtable"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "quit", show=False, priority=True)]

    def __init__(self, match: Match | None = None, *, bot_delay: float | None = None,
                 dutch: bool | None = None, seed: int | None = None, autosave: bool = True,
                 resume: bool = True, handover_guard: float | None = None) -> None:
        super().__init__()
        self.start_match = match
        self.bot_delay = _env_float("CARDTABLE_BOT_DELAY", DEFAULT_BOT_DELAY) if bot_delay is None else bot_delay
        if dutch is None:
            dutch = os.environ.get("CARDTABLE_LETTERS", "en").lower().startswith("nl")
        self.dutch = dutch
        self.seed = seed
        self.autosave = autosave
        self.resume = resume
        # keys typed this soon after a hand-over appears are ignored (the previous player
        # may still be typing); never longer than the bot pace, so 0 in tests
        self.handover_guard = min(0.4, self.bot_delay) if handover_guard is None else handover_guard

    def on_mount(self) -> None:
        self.theme = "textual-dark"
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
        try:
            from cardtable import saves
        except ImportError:
            return
        from cardtable.engine.record import RecordError

        try:
            match = saves.load_match()
        except RecordError as e:
            try:
                where = saves.quarantine()
            except Exception:
                where = None
            line = f"The saved game could not be read ({e}); it was moved aside"
            menu.set_notice(line + (f" to {where}." if where else "."))
            return
        except Exception as e:  # an unreadable save must never stop the app
            menu.set_notice(f"The saved game could not be read: {e}")
            return
        if match is None or match.over:
            return
        from cardtable.tui.screens import ResumeScreen
        from cardtable.tui.table import TableScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.push_screen(TableScreen(match))

        self.push_screen(ResumeScreen(match), callback=answer)
