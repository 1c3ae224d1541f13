"""Screens around the table: menu (with the Continue list of saved games), resume offer,
seat setup, hand-over, hand summary, score sheet, match end, rules (the players' guide).
Settings, statistics and the delete question are in ``tui/profile.py``.

The hand-over is a full ``Screen`` (never a ``ModalScreen``, which lets the table show
through) and every screen dismisses itself directly (a deferred dismiss hangs run_test).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option as ListOption

from cardtable import saves
from cardtable import seats as seat_names
from cardtable.cards import DECK_WORDS, deck_words  # noqa: F401  (DECK_WORDS re-exported)
from cardtable.engine.game import Game, Option, OptionError
from cardtable.engine.match import Match
from cardtable.engine.record import RecordError
from cardtable.tui import render as R
from cardtable.tui.handover import HandOverScreen, InputGate, confirm, hush  # noqa: F401  (re-exported)
from cardtable.tui.widgets import KeyFooter, MoreBelow, dismiss_once, sheet_renderable


def _t(text: str, style: str | Style | None = None) -> Text:
    return Text(text, style or "")


# ---- menu -----------------------------------------------------------------------------


def _players_text(cls: type[Game]) -> str:
    if cls.min_players == cls.max_players:
        return f"{cls.min_players} players"
    return f"{cls.min_players}-{cls.max_players} players"


#: option ids of the menu's section headings (never chosen)
_HEADINGS = ("-continue", "-new")


class MenuScreen(Screen):
    """The unfinished games first ("Continue": game, players, hand, last played; ⏎
    resumes, x deletes after a confirmation), then the games from the registry with player
    counts and a one-line description."""

    BINDINGS = [
        Binding("enter", "choose", "play", show=True, priority=False),
        Binding("x", "delete", "delete save"),
        Binding("r", "rules", "rules"),
        Binding("o", "settings", "settings"),
        Binding("t", "stats", "statistics"),
        Binding("n", "letters", "B/J letters", show=False),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, notice: str | None = None) -> None:
        super().__init__()
        self.notice = notice
        self.saved: list = []  # saves.SaveInfo of the Continue entries

    def compose(self) -> ComposeResult:
        from cardtable.engine.registry import game_class, game_ids

        self.games = [game_class(g) for g in game_ids()]
        yield Static(self._banner(), id="banner", markup=False)
        yield Static(Text(self.notice or "", Style(color="#ff6b6b")), id="notice", markup=False)
        yield OptionList(*self._options(), id="games")
        yield KeyFooter()

    def _game_option(self, cls: type[Game]) -> ListOption:
        t = Text()
        t.append(cls.name, Style(bold=True))
        t.append(f"  {_players_text(cls)}", Style(color=R.GOLD))
        deck = deck_words(cls.deck_name)
        if deck:
            t.append(f" · {deck}", Style(color="#8fb89e"))
        t.append("\n")
        t.append(cls.description or "", Style(color="#c9d6cd"))
        return ListOption(t, id=cls.id)

    def _options(self) -> list[ListOption]:
        options = []
        if self.saved:
            options.append(ListOption(Text("Continue", Style(bold=True, color=R.GOLD)), id=_HEADINGS[0], disabled=True))
            # the score and the time, and where two would still read the same what tells
            # them apart (the bots' levels, the start, the number)
            for i, (info, details) in enumerate(zip(self.saved, saves.continue_details(self.saved))):
                t = Text()
                t.append(info.game_name, Style(bold=True))
                t.append(f" · {info.players}", Style(color="#ffffff"))
                t.append(f" · hand {info.hand}", Style(color=R.GOLD))
                for d in details:
                    t.append(f" · {d}", Style(color="#8fb89e"))
                options.append(ListOption(t, id=f"save-{i}"))
            options.append(ListOption(Text("New game", Style(bold=True, color=R.GOLD)), id=_HEADINGS[1], disabled=True))
        options.extend(self._game_option(cls) for cls in self.games)
        if not self.games:
            options.append(ListOption(Text("No games are installed yet."), id="-", disabled=True))
        return options

    def _banner(self) -> Text:
        t = Text()
        t.append("♠ ", Style(color="#f0f0f0", bold=True))
        t.append("♥ ", Style(color="#ff6b6b", bold=True))
        t.append("cardtable", Style(bold=True, color=R.GOLD))
        t.append(" ♣", Style(color="#f0f0f0", bold=True))
        t.append(" ♦", Style(color="#ff6b6b", bold=True))
        t.append("   pick a game: ↑↓ and ⏎", Style(color="#b8d8c0"))
        return t

    def on_mount(self) -> None:
        self.reload_saves()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        # back from a table or the settings: the game just left is in Continue now
        self._opening = False
        self.reload_saves()

    def reload_saves(self) -> None:
        """Read the saves again (``saves.list_saves``), rebuild the list and show what was
        moved aside (each bad file once)."""
        if not getattr(self.app, "autosave", True):
            return
        from cardtable import saves

        try:
            self.saved = saves.list_saves()
        except Exception as e:  # an unreadable folder: the menu goes on without Continue
            self.saved = []
            self.set_notice(f"The saved games cannot be listed ({e}).")
        notices = saves.take_notices()
        from cardtable import settings

        warning = settings.take_warning()
        if warning:
            notices.append(warning)
        if notices:
            self.set_notice(
                " ".join(notices)
                if len(notices) < 3
                else f"{len(notices)} saved games could not be read and were moved aside "
                f"(see cardtable saves). " + notices[0]
            )
        self.refresh_bindings()
        ol = self.query_one(OptionList)
        keep = ol.highlighted
        ol.clear_options()
        ol.add_options(self._options())
        first = 1 if self.saved else 0
        shown = [info.path for info in self.saved]
        if shown != getattr(self, "_shown_saves", None):
            # a game was left, saved, resumed or deleted: the line kept would now be another
            # game's; the last played (the game just left) is at the top, in view
            keep = None
        self._shown_saves = shown
        ol.highlighted = first if keep is None or keep >= ol.option_count else max(first, keep)
        if ol.get_option_at_index(ol.highlighted).disabled:
            ol.highlighted = first
        if ol.highlighted == first:
            ol.scroll_home(animate=False, immediate=True)  # the Continue heading in view too

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()  # "x delete save" only on a Continue line

    def on_key(self, event) -> None:
        """``x`` on a line that is not a saved game (where the key line does not offer it):
        say what it deletes instead of doing nothing."""
        if event.key == "x" and self._current_save() is None:
            event.stop()
            self.notify("Only a saved game in Continue can be deleted.", markup=False, timeout=3)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """The delete key is shown only on a saved game's line (Continue)."""
        if action == "delete":
            try:
                return self._current_save() is not None
            except NoMatches:  # the list is not mounted yet
                return False
        return True

    def _current_id(self) -> str | None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None:
            return None
        return ol.get_option_at_index(ol.highlighted).id

    def _current(self) -> type[Game] | None:
        oid = self._current_id()
        return next((cls for cls in self.games if cls.id == oid), None)

    def _current_save(self):
        oid = self._current_id() or ""
        if oid.startswith("save-"):
            i = int(oid[5:])
            return self.saved[i] if i < len(self.saved) else None
        return None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose()

    def action_choose(self) -> None:
        """⏎ (or a click) on an entry: resume the saved game or open the new game's setup,
        once: a second ⏎ or click that comes before the screen is up (a double press, a
        double click, a key bounce) is dropped, so a game is never opened twice."""
        if getattr(self, "_opening", False) or self.app.screen is not self:
            return
        info = self._current_save()
        if info is not None:
            self._opening = True
            if not self._continue(info):
                self._opening = False
            return
        cls = self._current()
        if cls is not None:
            self._opening = True
            self.app.push_screen(SetupScreen(cls))

    def _continue(self, info) -> bool:
        """Resume ``info``'s game (True), or move its unreadable file aside and say so (False)."""
        from cardtable import saves

        try:
            match = saves.resume(info)
        except RecordError as e:
            try:
                where = saves.quarantine(info.path)
            except OSError:
                where = None
            self.set_notice(
                f"The saved game {info.path.name} could not be read ({e}); it was moved aside"
                + (f" to {where.name}." if where else ".")
            )
            self.reload_saves()
            return False
        self.app.open_table(match)
        return True

    def action_delete(self) -> None:
        info = self._current_save()
        if info is None:
            self.notify("Only a saved game in Continue can be deleted.", markup=False, timeout=3)
            return
        from cardtable.tui.profile import ConfirmScreen

        question = (
            f"Delete the saved game {info.game_name} ({info.players}, hand {info.hand}, "
            f"{info.last_played_text()})? It cannot be brought back."
        )

        def answer(yes: bool | None) -> None:
            if yes:
                from cardtable import saves

                saves.delete(info.path)
                self.notify(f"Deleted: {info.game_name}, {info.players}.", markup=False, timeout=3)
                self.reload_saves()

        self.app.push_screen(ConfirmScreen(question, yes="Delete", no="Keep it"), callback=answer)

    def action_rules(self) -> None:
        info = self._current_save()
        cls = type(info.match.game) if info is not None else self._current()
        if cls is not None:
            self.app.push_screen(RulesScreen(cls))

    def action_settings(self) -> None:
        from cardtable.tui.profile import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_stats(self) -> None:
        from cardtable.tui.profile import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_letters(self) -> None:
        failed = self.app.toggle_letters()
        self.notify(
            "Card letters: "
            + ("B V H A (Dutch)" if self.app.dutch else "J Q K A (English)")
            + (f"; {failed}" if failed else ", kept in the settings"),
            markup=False,
            timeout=2,
        )

    def action_quit(self) -> None:
        self.app.exit()

    def set_notice(self, text: str) -> None:
        self.notice = text
        try:  # composed (even while its on_mount runs, when ``is_mounted`` is still False)
            self.query_one("#notice", Static).update(Text(text, Style(color="#ff6b6b")))
        except Exception:
            pass


def _hot_seat(match: Match) -> bool:
    """Several humans share the keyboard in ``match``."""
    return sum(1 for s in range(match.game.players) if match.seat_kind(s)[0] == "human") > 1


class GatedConfirmation(InputGate):
    """The gate of a confirmation screen that leads to a hand (``InputGate``): a key typed
    before the screen was drawn never counts; in hot-seat the keyboard must then be quiet
    as long as before a hand-over (``app.handover_quiet``), else as long as the app's input
    gate asks (``app.input_quiet``)."""

    match: Match

    def gate_quiet(self) -> float:
        name = "handover_quiet" if _hot_seat(self.match) else "input_quiet"
        return float(getattr(self.app, name, 0.0) or 0.0)


class ResumeScreen(GatedConfirmation):
    """Offer to resume an unfinished autosaved match. Dismisses True (resume) or False.
    Gated (``GatedConfirmation``): in hot-seat the hand-over follows."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "resume"),
        Binding("n,escape,q", "answer(False)", "menu"),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    def compose(self) -> ComposeResult:
        m = self.match
        seats = ", ".join(n for n in _names(m).values())
        t = Text()
        t.append("An unfinished game was saved\n\n", Style(bold=True, color=R.GOLD))
        t.append(f"{m.game.name}, hand {max(1, m.hand_number())}\n", Style(bold=True))
        t.append(f"{seats}")
        parts: list[Any] = [t]
        if m.sheet.hands:
            parts.append(Text(""))
            parts.append(_sheet_block(m, _names(m)))
        parts.append(Text("\nResume it?  y/⏎ resume   n/Esc/q the menu (the save is kept)", Style(color="#b8d8c0")))
        with Center(id="resume-box"):
            with VerticalScroll(id="resume-scroll"):
                yield Static(Group(*parts), markup=False, id="resume-text")
        yield MoreBelow("resume-scroll")
        with Horizontal(id="resume-buttons"):
            yield Button(Text("Resume"), id="resume-yes", variant="primary", compact=True)
            yield Button(Text("Menu"), id="resume-no", compact=True)
        yield KeyFooter()

    def action_answer(self, yes: bool) -> None:
        confirm(self, yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        confirm(self, event.button.id == "resume-yes")


# ---- seat setup -------------------------------------------------------------------------

SEAT_KINDS = [("Human", "human"), ("Bot: simple", "bot:simple"), ("Bot: random", "bot:random")]


def seat_kinds(cls: type[Game]) -> list[tuple[str, str]]:
    """Human, then the bot levels of the game (``bot_driver.seat_bot_kinds``)."""
    from cardtable.tui.bot_driver import seat_bot_kinds

    try:
        game = cls(players=cls.min_players)
    except Exception:
        game = cls
    return [("Human", "human")] + seat_bot_kinds(game)


class OptionCheckbox(Checkbox):
    """An on/off option: the box holds an X when the option is on and is empty when it is
    off (Textual's box always shows its X, only the colour changing); the option's name is
    to its left and its help to its right."""

    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 - Textual's class attribute, per value here
        return "X" if self.value else " "


BOT_NAME = seat_names.BOT_NAME  # how the table names a bot: no human may take it


def default_seat_name(seat: int, kind: str) -> str:
    """The name a seat starts with in the setup: what the table will call it (``Bot N`` for
    the bot in seat N, ``R.seat_names``); a human: "You" in seat 0, else ``Player N``."""
    if kind != "human":
        return f"Bot {seat}"
    return "You" if seat == 0 else f"Player {seat}"


class SetupScreen(Screen):
    """Player count, each seat (human or bot, name) and the game's options, validated."""

    BINDINGS = [
        Binding("ctrl+s", "start", "start"),
        Binding("escape", "back", "back"),
    ]

    def __init__(self, cls: type[Game]) -> None:
        super().__init__()
        self.cls = cls
        self.players = cls.min_players
        self._typed: dict[int, str] = {}  # a human's name kept while the seat is a bot
        self.kinds = seat_kinds(cls)
        from cardtable.tui.bot_driver import bot_level_words, default_bot_seat

        try:
            game = cls(players=cls.min_players)
        except Exception:
            game = cls
        self.default_bot = default_bot_seat(game)  # strong where it keeps the budget
        self.level_words = bot_level_words(game)

    def compose(self) -> ComposeResult:
        cls = self.cls
        # not focusable itself: the first field gets the focus (and the first key)
        with VerticalScroll(id="setup", can_focus=False):
            yield Static(
                Text(f"{cls.name}: seats and options", Style(bold=True, color=R.GOLD)),
                markup=False,
                classes="setup-title",
            )
            if cls.min_players != cls.max_players:
                with Horizontal(classes="setup-row"):
                    yield Label(Text("Players"), classes="setup-label")
                    yield Select(
                        [(str(n), n) for n in range(cls.min_players, cls.max_players + 1)],
                        value=self.players,
                        allow_blank=False,
                        id="players",
                        compact=True,
                    )
            with Vertical(id="seats"):
                yield from self._seat_rows()
            if self.level_words:
                yield Static(Text(self.level_words, Style(color="#8fb89e")), markup=False, id="bot-levels")
            if cls.option_specs:
                yield Static(Text("Options", Style(bold=True)), markup=False, classes="setup-sub")
            for opt in cls.option_specs:
                with Horizontal(classes="setup-row"):
                    yield Label(Text(opt.name), classes="setup-label")
                    yield self._option_widget(opt)
                    yield Static(
                        Text(opt.help or "", Style(color="#8fb89e")),
                        markup=False,
                        classes="setup-help",
                        id=f"help-{opt.name}",
                    )
        # outside the scrolled form, so that a refusal is always in sight
        yield Static("", id="setup-error", markup=False)
        with Horizontal(id="setup-buttons"):
            yield Button(Text("Start ⏎"), id="start", variant="primary", compact=True)
            yield Button(Text("Back"), id="back", compact=True)
        yield KeyFooter()

    def _option_widget(self, opt: Option):
        wid = f"opt-{opt.name}"
        if opt.kind == "bool":
            return OptionCheckbox("", value=bool(opt.default), id=wid, compact=True)
        if opt.kind == "choice":
            return Select([(c, c) for c in opt.choices], value=opt.default, allow_blank=False, id=wid, compact=True)
        val = "none" if opt.default is None else str(opt.default)
        return Input(val, id=wid, compact=True, classes="opt-input")

    def on_mount(self) -> None:
        self._show_seats()

    def _seat_rows(self) -> list[Horizontal]:
        """One row per possible seat (made once; rows beyond the player count are hidden)."""
        rows = []
        for s in range(self.cls.max_players):
            kind = "human" if s == 0 else self.default_bot
            team = ""
            if self.cls.min_players == self.cls.max_players == 4:
                try:
                    g = self.cls(players=4)
                    if g.team_of(0) == g.team_of(2) != g.team_of(1):
                        team = f" side {'0/2' if g.team_of(s) == g.team_of(0) else '1/3'}"
                except Exception:
                    team = ""
            rows.append(
                Horizontal(
                    Label(Text(f"Seat {s}{team}"), classes="setup-label"),
                    Select(
                        self.kinds,
                        value=kind if kind in {v for _, v in self.kinds} else self.kinds[1][1],
                        allow_blank=False,
                        compact=True,
                        classes="seat-kind",
                        id=f"kind-{s}",
                    ),
                    Input(
                        default_seat_name(s, kind),
                        placeholder="name",
                        compact=True,
                        classes="seat-name",
                        id=f"name-{s}",
                        disabled=(kind != "human"),
                    ),
                    classes="setup-row seat-row",
                    id=f"seat-{s}",
                )
            )
        return rows

    def _show_seats(self) -> None:
        for s in range(self.cls.max_players):
            self.query_one(f"#seat-{s}").display = s < self.players

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "players" and isinstance(event.value, int) and event.value != self.players:
            self.players = event.value
            self._show_seats()
        elif sid.startswith("kind-"):
            # a bot needs no name: its name field is greyed out and shows what the table
            # will call it; a human gets back the name typed for the seat before
            s = int(sid[5:])
            field = self.query_one(f"#name-{s}", Input)
            human = event.value == "human"
            if field.disabled == human:
                if human:
                    field.value = self._typed.get(s, default_seat_name(s, "human"))
                else:
                    self._typed[s] = field.value
                    field.value = default_seat_name(s, "bot")
            field.disabled = not human
        self._validate()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._validate()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._validate()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def _options(self) -> tuple[dict[str, Any], list[str]]:
        opts: dict[str, Any] = {}
        errors = []
        for opt in self.cls.option_specs:
            w = self.query_one(f"#opt-{opt.name}")
            raw = w.value
            try:
                val = opt.parse(raw)
                opt.check_maximum(val)
            except OptionError as e:
                errors.append(str(e))
                self.query_one(f"#help-{opt.name}", Static).update(Text(str(e), Style(color="#ff6b6b")))
                continue
            self.query_one(f"#help-{opt.name}", Static).update(Text(opt.help or "", Style(color="#8fb89e")))
            if val != opt.default:
                opts[opt.name] = val
        return opts, errors

    def _seats(self) -> tuple[list[str], list[str]]:
        seats, errors = [], []
        for s in range(self.players):
            try:
                kind = self.query_one(f"#kind-{s}", Select).value
                name = self.query_one(f"#name-{s}", Input).value.strip()
            except Exception:
                continue
            if kind == "human":
                problem = seat_names.name_problem(name, s)  # the same names as ``cardtable play``
                if problem:
                    errors.append(problem)
                seats.append(f"human:{name}")
            else:
                seats.append(str(kind))
        dup = seat_names.duplicate_problem(seats)
        if dup:
            errors.append(dup)
        return seats, errors

    def _validate(self) -> list[str]:
        _, e1 = self._options()
        _, e2 = self._seats()
        errors = e1 + e2
        self.query_one("#setup-error", Static).update(
            Text("\n".join(errors), Style(color="#ff6b6b", bold=True)) if errors else Text("")
        )
        return errors

    def action_start(self) -> None:
        if self._validate():
            return
        opts, _ = self._options()
        seats, _ = self._seats()
        try:
            game = self.cls(players=self.players, **opts)
            game.check_new_match()
            match = Match(game, seats, seed=getattr(self.app, "seed", None))
        except (OptionError, ValueError) as e:
            self.query_one("#setup-error", Static).update(Text(str(e), Style(color="#ff6b6b", bold=True)))
            return
        # the app opens the table (screens.py never imports table.py: no import cycle)
        self.app.open_table(match, switch=True)

    def action_back(self) -> None:
        dismiss_once(self, None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()


# ---- hand summary, sheet, match end -----------------------------------------------------


def _names(match: Match) -> dict[int, str]:
    return R.seat_names(match)


def sides_legend(match: Match, names: dict[int, str]) -> Text | None:
    """``0/2: Anna & Bram · 1/3: ...`` for partnership games, None otherwise."""
    g = match.game
    teams: dict[int, list[int]] = {}
    for s in range(g.players):
        teams.setdefault(g.team_of(s), []).append(s)
    if all(len(v) == 1 for v in teams.values()):
        return None
    heads = getattr(match.sheet, "side_headers", None)  # ``A (0 & 2)``: the sheet's own names
    t = Text()
    for i, seats in enumerate(teams.values()):
        if i:
            t.append("   ")
        label = str(heads[i]) if heads and i < len(heads) else "/".join(str(s) for s in seats)
        t.append(label + ": ", Style(bold=True, color=R.GOLD))
        t.append(" & ".join(names[s] for s in seats))
    return t


def _sheet_block(match: Match, names: dict[int, str], panel: bool = False):
    """The sides legend and the sheet; ``panel``: the compact form (the last hands, columns
    left out as the width asks) that the hand summary shows under the hand's result."""
    legend = sides_legend(match, names)
    body = sheet_renderable(
        match.sheet, names=[names[s] for s in range(match.game.players)], score_columns=len(_teams(match)), panel=panel
    )
    return Group(legend, body) if legend is not None else body


def _teams(match: Match) -> list[list[int]]:
    g = match.game
    teams: dict[int, list[int]] = {}
    for s in range(g.players):
        teams.setdefault(g.team_of(s), []).append(s)
    return list(teams.values())


def result_renderable(match: Match, index: int, names: dict[int, str]):
    """What a hand came to, in words: ``Result.summary`` (written by the rules: the headline,
    what it writes on the sheet, the facts), seats by their names and a player called You in
    the second person, then the last public events."""
    res = match.results[index] if index < len(match.results) else None
    if res is None:
        return Text("The hand is not finished.")
    number = match.hand_number(index)  # dealt hands only, as the sheet's rows
    summary = getattr(res, "summary", None)
    if summary is None:
        return Text(f"Hand {number}: over.")
    you = next((s for s, nm in names.items() if R.is_you(nm)), None)
    lines = summary.lines(names, you=you)
    gold = Style(bold=True, color=R.GOLD)
    head = Text(f"Hand {number}  ", Style(bold=True))
    head.append_text(R.pretty(lines[0]))
    head.stylize(gold, len(f"Hand {number}  "))
    parts: list[Any] = [head]
    for ln, fact in zip(lines[1:], summary.facts):
        label, sep, rest = ln.partition(": ")
        t = Text()
        marked = fact.marked  # cards drawn in another colour (laid off at a showdown)
        if sep and len(label) <= 28:
            t.append(label + ": ", Style(bold=True))
            t.append_text(R.pretty(rest, marked=marked))
        else:
            t.append_text(R.pretty(ln, marked=marked))
        parts.append(t)
    st = match.state
    if st is not None and index == len(match.hands) - 1:
        try:
            obs = st.observation(0)
        except Exception:
            obs = None
        if obs is not None:
            if obs.events:
                log = [R.event_text(e, names, you) for e in obs.events]
            else:
                log = [R.name_seats(x, names) for x in obs.log]
            # the last events, but not the "hand over" line: the lines above say it in full
            tail = [x for x in log[-3:] if not x.lower().startswith("hand over")][-2:]
            if tail:
                parts.append(Text("\n").join(R.pretty(x) for x in tail))
    return Group(*parts)


class HandSummaryScreen(GatedConfirmation):
    """The finished hand: outcome, points or strepen, what the bot would have played
    (``review``: its lines; None: no such section) and the score sheet.

    Dismisses True (⏎, ␣ or Esc: go on) or "leave" (q: leave the table; the match is saved).
    Gated (``GatedConfirmation``): keys of the last move typed before it was drawn do not
    skip it; in hot-seat the next hand's hand-over follows.
    """

    BINDINGS = [
        Binding("enter,space,escape", "next", "next hand", key_display="⏎"),
        Binding("s", "sheet", "sheet"),
        Binding("h", "history", "history"),
        Binding("q", "leave", "quit (saved)"),
    ]

    def __init__(self, match: Match, index: int, names: dict[int, str], review: list[Text] | None = None) -> None:
        super().__init__()
        self.match = match
        self.index = index
        self.names = names
        self.review = review

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="summary"):
            yield Static(result_renderable(self.match, self.index, self.names), markup=False, id="summary-result")
            if self.review is not None:
                # what the strong bot would have played (``tui/review.py``): one human only
                yield Static(
                    Text("What the bot would have played", Style(bold=True, color=R.GOLD)),
                    markup=False,
                    classes="summary-title",
                )
                yield Static(Text("\n").join(self.review), markup=False, id="summary-review")
            yield Static(Text("Score sheet", Style(bold=True, color=R.GOLD)), markup=False, classes="summary-title")
            yield Static(_sheet_block(self.match, self.names, panel=True), markup=False, id="summary-sheet")
            nxt = (
                "the match is over: ⏎ or Esc for the result"
                if self.match.over
                else "⏎ or Esc deals the next hand · q leaves the table (the match is saved)"
            )
            yield Static(Text(nxt, Style(color="#b8d8c0", italic=True)), markup=False)
        yield MoreBelow("summary")
        yield KeyFooter()

    def on_mount(self) -> None:
        if self.match.over:
            # the last hand of the match: the key line says what ⏎ does now, and q quits
            self._bindings.key_to_bindings["enter"] = [Binding("enter", "next", "the result", key_display="⏎")]
            self._bindings.key_to_bindings["q"] = [Binding("q", "leave", "quit")]
            self.refresh_bindings()

    def show_review(self, lines: list[Text] | None) -> None:
        """Fill in the review section (a search that ended after the summary came up)."""
        if lines is None or self.review is None:
            return
        self.review = lines
        try:
            self.query_one("#summary-review", Static).update(Text("\n").join(lines))
        except Exception:
            pass

    def action_leave(self) -> None:
        confirm(self, "leave")

    def action_next(self) -> None:
        confirm(self, True)

    def on_click(self, event) -> None:
        """A click on the summary's text goes on as ⏎ does (not one on its scroll bar or its
        key line): through the same gate (``InputGate``: a click made before the summary was
        drawn, or in hot-seat before a quiet second, never reaches here), and the next hand's
        hand-over still asks for its player's key."""
        w = event.widget
        if w is None or isinstance(w, ScrollBar) or not any(x.id == "summary" for x in (w, *w.ancestors)):
            return
        event.stop()
        self.action_next()

    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(self.match, self.names, back="back to the summary"))

    def action_history(self) -> None:
        """The hand just played, trick by trick or turn by turn (``tui/history.py``), from
        its public log (what every seat saw)."""
        from cardtable.tui.history import HistoryScreen, history_lines

        st = self.match.state
        if st is None or self.index != len(self.match.hands) - 1:
            return
        try:
            obs = st.observation(0)
        except Exception:
            return
        lines = history_lines(obs, self.names, bool(getattr(self.app, "dutch", False)))
        number = self.match.hand_number(self.index)  # dealt hands only, as the sheet's rows
        self.app.push_screen(
            HistoryScreen(f"{self.match.game.name}, hand {number}: how it went", lines, back="back to the summary")
        )


class SheetScreen(Screen):
    """The match score sheet, one key away from the table (or the hand summary: ``back``,
    what the key line says Esc goes back to)."""

    BINDINGS = [Binding("escape,s,enter,q", "close", "back to the table")]

    def __init__(self, match: Match, names: dict[int, str], back: str = "back to the table") -> None:
        super().__init__()
        self.match = match
        self.names = names
        if back != "back to the table":  # the key line names where Esc goes
            keys = self._bindings.key_to_bindings
            for key in ("escape", "s", "enter", "q"):
                keys[key] = [dataclasses.replace(b, description=back) for b in keys.get(key, [])]

    def compose(self) -> ComposeResult:
        m = self.match
        legend = Text()
        legend.append(f"{m.game.name}: score sheet", Style(bold=True, color=R.GOLD))
        with VerticalScroll(id="sheet-page"):
            yield Static(legend, markup=False)
            yield Static(_sheet_block(m, self.names), markup=False, id="sheet-body")
        yield MoreBelow("sheet-page", above=True)  # a long match: the rows out of view are named
        yield KeyFooter()

    def action_close(self) -> None:
        dismiss_once(self, None)


class MatchEndScreen(Screen):
    """The winners and the final sheet. Dismisses "menu" (⏎ or Esc: back to the menu, also
    when the table was opened from the command line) or "quit" (q: quit the app)."""

    BINDINGS = [
        Binding("enter,escape", "close", "back to the menu", key_display="⏎"),
        Binding("q", "quit_app", "quit"),
    ]

    def __init__(self, match: Match, names: dict[int, str]) -> None:
        super().__init__()
        self.match = match
        self.names = names

    def compose(self) -> ComposeResult:
        m = self.match
        t = Text(justify="center")
        t.append("The match is over\n\n", Style(bold=True, color=R.GOLD))
        winners = m.sheet.winners
        if winners:
            t.append("Winner" + ("s" if len(winners) > 1 else "") + ": ", Style(bold=True))
            t.append(", ".join(self.names[w] for w in winners), Style(bold=True, color="#ffffff"))
        else:
            t.append("No winner.")
        with VerticalScroll(id="end-page"):
            yield Static(t, markup=False, id="end-title")
            yield Static(_sheet_block(m, self.names), markup=False, id="end-sheet")
            yield Static(Text("⏎ back to the menu · q quit", Style(color="#b8d8c0", italic=True)), markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        hush(self.app)

    def action_close(self) -> None:
        confirm(self, "menu")

    def action_quit_app(self) -> None:
        confirm(self, "quit")


# ---- rules ------------------------------------------------------------------------------


def rules_text(cls: type[Game]) -> str:
    """What the rules screen shows: the players' guide ``cardtable/guides/<id>.md``, else
    the spec ``cardtable/rules/<id>.md`` without its source line, else the description."""
    from cardtable.guides import guide_text, spec_text

    text = guide_text(cls.id) or spec_text(cls.id, source=False)
    if text:
        return text
    return f"# {cls.name}\n\n{cls.description or 'No rules text is installed for this game.'}\n"


def without_source(text: str) -> str:
    """The rules text without its ``Source: seed …`` line (``guides.without_source``)."""
    from cardtable.guides import without_source as strip

    return strip(text)


class RulesScreen(Screen):
    """The players' guide of a game, opened at its top; ↑↓ PgUp PgDn scroll, Esc/q back."""

    BINDINGS = [Binding("escape,q", "close", "back")]

    def __init__(self, cls: type[Game]) -> None:
        super().__init__()
        self.cls = cls

    def compose(self) -> ComposeResult:
        from cardtable.guides import markdown

        # Rich's Markdown in a Static: a whole page renders in a blink (the Markdown
        # widget takes seconds for a long text); a table's words are never cut
        with VerticalScroll(id="rules-page"):
            yield Static(markdown(without_source(rules_text(self.cls)), hyperlinks=False), id="rules", markup=False)
        yield MoreBelow("rules-page", above=True)  # a long guide: what is out of view is named
        yield KeyFooter()

    def on_mount(self) -> None:
        page = self.query_one("#rules-page")
        page.focus(scroll_visible=False)
        page.scroll_home(animate=False)
        self.call_after_refresh(lambda: page.scroll_home(animate=False))

    def action_close(self) -> None:
        dismiss_once(self, None)
