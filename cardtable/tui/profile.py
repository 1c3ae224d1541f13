"""The player's screens from the menu: settings (saved with ``cardtable.settings``),
statistics (``cardtable.stats``), and the yes/no question the menu asks before it deletes
a saved game.

``apply_settings(app, s)`` puts settings into effect in a running app: the bot pace, the
card letters, the suit colours, undo in hot-seat (``app.settings.hotseat_undo``, read by
the table), the strong bot's thinking budget and the bot's review in the hand summary
(``app.settings.review``, read by the table), the order of the hand (``app.settings.hand_sort``,
read and changed by the table's ``=`` key).
"""

from __future__ import annotations

from dataclasses import replace

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Select, Static

from cardtable import settings as S
from cardtable.tui import render as R
from cardtable.tui.widgets import KeyFooter, dismiss_once


def apply_settings(app, s: S.Settings) -> None:
    """Put ``s`` into effect in ``app`` (and for the bots and the card colours)."""
    app.settings = s
    app.bot_delay = s.bot_delay
    app.dutch = s.dutch
    if hasattr(R, "set_colours"):
        R.set_colours(s.colours)
    try:
        from cardtable.bots import strong

        strong.DEFAULT_BUDGET = s.bot_budget
    except Exception:
        pass


class ConfirmScreen(ModalScreen):
    """A yes/no question; dismisses True only for y or the yes button (Enter on it)."""

    BINDINGS = [
        Binding("y", "answer(True)", "yes"),
        Binding("n,escape,q", "answer(False)", "no"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Center(id="confirm-box"):
            yield Static(Text(self.question, Style(bold=True)), id="confirm-text", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(Text(f"{self.no}  n"), id="confirm-no", variant="primary", compact=True)
                yield Button(Text(f"{self.yes}  y"), id="confirm-yes", variant="error", compact=True)

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()  # Enter alone never deletes

    def action_answer(self, yes: bool) -> None:
        dismiss_once(self, yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        dismiss_once(self, event.button.id == "confirm-yes")


#: (field, label, help) of the settings screen, in order
FIELDS = [
    ("bot_delay", "Bot pace", "seconds a bot's move stays shown (0-10)"),
    ("letters", "Card letters", "English, or Dutch boer vrouw heer aas"),
    ("colours", "Suit colours", "four: diamonds blue, clubs green"),
    ("hotseat_undo", "Undo in hot-seat", "players at one keyboard may take back"),
    ("bot_budget", "Bot thinking time", "seconds a move for the strong bot"),
    ("review", "Bot's review", "the hand summary shows where the bot would play otherwise"),
    ("hand_sort", "Hand order", "by suit: trump first; = at the table"),
]


class SettingsScreen(Screen):
    """The settings, saved to the settings file with ctrl+s or the Save button; Esc leaves
    without saving. The environment's overrides are not written to the file."""

    BINDINGS = [
        Binding("ctrl+s", "save", "save"),
        Binding("escape", "back", "back"),
    ]

    def compose(self) -> ComposeResult:
        s = S.load(environ=False)
        with VerticalScroll(id="settings", can_focus=False):
            yield Static(Text("Settings", Style(bold=True, color=R.GOLD)), markup=False, classes="setup-title")
            for name, label, help_text in FIELDS:
                with Horizontal(classes="setup-row"):
                    yield Label(Text(label), classes="setup-label")
                    yield self._widget(name, getattr(s, name))
                    yield Static(
                        Text(help_text, Style(color="#8fb89e")), markup=False, classes="setup-help", id=f"help-{name}"
                    )
            yield Static(
                Text(f"Saved in {S.settings_path()}", Style(color="#8fb89e", italic=True)),
                markup=False,
                id="settings-where",
            )
        yield Static("", id="settings-error", markup=False)
        with Horizontal(id="setup-buttons"):
            yield Button(Text("Save ⏎"), id="save", variant="primary", compact=True)
            yield Button(Text("Back"), id="back", compact=True)
        yield KeyFooter()

    @staticmethod
    def _widget(name: str, value):
        wid = f"set-{name}"
        if name == "letters":
            return Select([("J Q K A", "en"), ("B V H A", "nl")], value=value, allow_blank=False, id=wid, compact=True)
        if name == "colours":
            return Select(
                [("red and black", "red-black"), ("four colours", "four-colour")],
                value=value,
                allow_blank=False,
                id=wid,
                compact=True,
            )
        if name == "hand_sort":
            return Select(
                [("as dealt", "dealt"), ("by suit", "suit"), ("by rank", "rank")],
                value=value,
                allow_blank=False,
                id=wid,
                compact=True,
            )
        if name in ("hotseat_undo", "review"):
            return Select([("off", False), ("on", True)], value=value, allow_blank=False, id=wid, compact=True)
        return Input(f"{value:g}", id=wid, compact=True, classes="opt-input")

    def on_mount(self) -> None:
        self.query_one("#set-bot_delay").focus()

    def read(self) -> tuple[S.Settings | None, list[str]]:
        """The settings as filled in, or None and the problems (one per field)."""
        values, errors = {}, []
        for name, label, _ in FIELDS:
            raw = self.query_one(f"#set-{name}").value
            if name in ("bot_delay", "bot_budget"):
                try:
                    raw = float(str(raw).strip().replace(",", "."))
                except ValueError:
                    errors.append(f"{label}: write a number of seconds, like 0.6")
                    continue
            problem = S._check(name, raw)
            if problem:
                # the settings file's key ("bot_delay must be ...") is the label on this screen
                errors.append(f"{label}: {problem.removeprefix(name + ' ')}")
            else:
                values[name] = raw
        if errors:
            return None, errors
        return replace(S.load(environ=False), **values), []

    def action_save(self) -> None:
        s, errors = self.read()
        err = self.query_one("#settings-error", Static)
        if s is None:
            err.update(Text("\n".join(errors), Style(color="#ff6b6b", bold=True)))
            return
        try:
            S.save(s)
        except OSError as e:
            err.update(Text(f"The settings could not be saved: {e}", Style(color="#ff6b6b", bold=True)))
            return
        # in effect now; an environment override still wins, as at the next start
        apply_settings(self.app, S.load())
        self.notify("Settings saved.", markup=False, timeout=2)
        dismiss_once(self, True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()

    def action_back(self) -> None:
        dismiss_once(self, None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        elif event.button.id == "back":
            self.action_back()


def stats_table(rows) -> Table:
    """The statistics as a Rich table: player, game, matches (won), hands (won), best score."""
    t = Table(box=None, header_style=Style(bold=True, color=R.GOLD), pad_edge=False, expand=False)
    for head, justify in (
        ("Player", "left"),
        ("Game", "left"),
        ("Matches", "right"),
        ("won", "right"),
        ("Hands", "right"),
        ("won", "right"),
        ("Best score", "right"),
    ):
        t.add_column(head, justify=justify, no_wrap=True)
    for r in rows:
        t.add_row(
            r.name,
            r.game_name,
            str(r.matches),
            str(r.matches_won),
            str(r.hands),
            str(r.hands_won),
            f"{r.best_score} {r.unit}",
        )
    return t


class StatsScreen(Screen):
    """The statistics per player name and game (``cardtable.stats``)."""

    BINDINGS = [Binding("escape,q,enter", "close", "back")]

    def compose(self) -> ComposeResult:
        from cardtable import stats

        with VerticalScroll(id="stats-page"):
            yield Static(Text("Statistics", Style(bold=True, color=R.GOLD)), markup=False)
            try:
                rows = stats.table()
            except Exception as e:
                rows = None
                yield Static(Text(f"The statistics cannot be read ({e}).", Style(color="#ff6b6b")), markup=False)
            if rows == []:
                yield Static(
                    Text(
                        "No finished matches yet: the statistics count every match played to its end, per player name.",
                        Style(color="#b8d8c0"),
                    ),
                    markup=False,
                )
            elif rows:
                yield Static(stats_table(rows), markup=False, id="stats-table")
        yield KeyFooter()

    def action_close(self) -> None:
        dismiss_once(self, None)
