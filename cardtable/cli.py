"""The ``cardtable`` command (click).

    cardtable                                   # the menu (TUI)
    cardtable play GAME [--seat human:NAME --seat bot[:KIND] ...] [--players N]
                        [--seed S] [--option KEY=VALUE ...]
    cardtable list [--options GAME]             # one line per game; a game's options
    cardtable rules GAME [--spec]               # the players' guide (--spec: the spec)
    cardtable saves [--delete N|all] [--yes]    # the unfinished games; delete (asks first)
    cardtable stats [--player NAME] [--json]    # statistics per player name
    cardtable simulate GAME --seats bot,bot:random,... --hands N --seed S
                        [--option KEY=VALUE ...] [--json]
    cardtable replay FILE [--json] [--review N] # re-run a game record (docs/records.md)
    cardtable tournament GAME --bots strong,simple [--matches N] [--seed S] [--json]
                        [--iterations N] [--budget S] [--jobs N] [--players N] [--option K=V]

Exit codes: 0 success; 1 an internal failure (a bot returned an illegal action, a hand did
not end); 2 bad input (unknown game, option, seat or bot kind; a file that is not a
record; a record whose action is refused). Errors are one line on stderr, never a
traceback.

Layering: this is the top layer. The TUI (and so textual) is imported lazily inside the
commands that open it, so ``list``, ``rules``, ``saves``, ``stats``, ``simulate`` and
``replay`` never import it. The commands' work lives below: the headless match loop of
``simulate`` in bots/simulate.py, the tournament in bots/tournament.py.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, NoReturn

import click

from cardtable import __version__
from cardtable.bots import BOT_KINDS
from cardtable.bots.simulate import simulate_matches
from cardtable.engine import Match, OptionError, game_class, game_ids, get_game
from cardtable.engine.game import Game, IllegalAction, Option
from cardtable.engine.record import RecordError, check_seat


class CliError(Exception):
    """Bad input: one line for the user, exit code 2."""


#: The longest error line printed: an error never echoes a huge input whole.
MAX_ERROR_CHARS = 400


def safe_text(text: str) -> str:
    """``text`` as any terminal can print it: lone surrogates (a seat name ``human:\\ud800``
    in a record) written as ``\\ud800`` instead of failing with UnicodeEncodeError."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``cardtable: error: message`` on stderr, one line of at most MAX_ERROR_CHARS
    characters, and exit with ``code``."""
    message = " ".join(message.splitlines())
    if len(message) > MAX_ERROR_CHARS:
        message = message[: MAX_ERROR_CHARS - 1] + "…"
    click.echo(safe_text(f"cardtable: error: {message}"), err=True)
    raise SystemExit(code)


class CardtableGroup(click.Group):
    """The command group; a value click refuses (``--players x``, ``--hands 0``, an unknown
    option or command) is one ``cardtable: error:`` line and exit code 2, like every other
    bad input, instead of click's usage block."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Abort:
            fail("aborted", code=1)
        except click.ClickException as e:
            hint = ""
            if isinstance(e, click.UsageError) and e.ctx is not None:
                hint = f" (see {e.ctx.command_path} --help)"
            fail(f"{e.format_message()}{hint}", code=e.exit_code if e.exit_code else 2)
        if not standalone_mode:
            return rv
        raise SystemExit(rv if isinstance(rv, int) else 0)


# ---- parsing helpers (pure; tested directly) -------------------------------------------


class SeedType(click.ParamType):
    """A ``--seed``: a whole number (at least ``minimum`` when given). Anything else is
    refused in words a player reads (``'abc' is not a seed: write a whole number, 0 or
    more, like --seed 7``), not click's ``is not a valid integer range``."""

    name = "seed"

    def __init__(self, minimum: int | None = None) -> None:
        self.minimum = minimum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        more = f", {self.minimum} or more" if self.minimum is not None else ""
        refusal = f"{str(value)[:40]!r} is not a seed: write a whole number{more}, like --seed 7"
        try:
            n = value if isinstance(value, int) and not isinstance(value, bool) else int(str(value).strip())
        except ValueError:
            self.fail(refusal, param, ctx)
        if self.minimum is not None and n < self.minimum:
            self.fail(refusal, param, ctx)
        return n


def option_example(game_id: str | None) -> str:
    """``--option NAME=DEFAULT`` of the game's first option (``--option target=5`` for a game
    unknown or without options): the example a malformed ``--option`` is answered with."""
    try:
        specs = game_class(game_id).option_specs if game_id else ()
    except OptionError:
        specs = ()
    if not specs:
        return "--option target=5"
    opt = specs[0]
    default = opt.default
    # a bool is tested by type: 1 == True, so a whole number 1 would read as "true"
    value = "none" if default is None else str(default).lower() if isinstance(default, bool) else default
    return f"--option {opt.name}={value}"


def parse_options(pairs: tuple[str, ...] | list[str], game_id: str | None = None) -> dict[str, str]:
    """``KEY=VALUE`` texts -> a dict (``-`` in a key becomes ``_``); CliError if malformed,
    with an example of ``game_id``'s own options, or if one key is given twice (which value
    was meant is not for the program to guess)."""
    out: dict[str, str] = {}
    for p in pairs:
        key, eq, value = p.partition("=")
        key = key.strip().replace("-", "_")
        if not eq or not key:
            raise CliError(f"--option {p!r}: write KEY=VALUE, like {option_example(game_id)}")
        if key in out and out[key] != value.strip():
            raise CliError(f"--option {key} is given twice ({out[key]!r} and {value.strip()!r}): give it once")
        out[key] = value.strip()
    return out


def normalize_seat(text: str, index: int, allow_human: bool = True, default_bot: str = "simple") -> str:
    """A seat text as the Match keeps it: ``human:NAME`` or ``bot:KIND``.

    Accepts ``human``, ``human:NAME``, ``bot``, ``bot:KIND`` and a bare bot kind
    (``random``, ``simple``). ``bot`` alone is ``bot:`` + ``default_bot`` (``play``: the
    default level, ``bots.default_level``; ``simulate``: simple). CliError for anything else,
    an unknown bot kind, or a human where only bots may sit (``simulate``).
    """
    t = text.strip()
    kind, colon, rest = t.partition(":")
    kind = kind.lower()
    if kind in BOT_KINDS and not colon:
        kind, rest = "bot", kind
    if kind == "bot":
        bot = rest.strip().lower() or default_bot
        if bot not in BOT_KINDS:
            raise CliError(f"seat {index} {text!r}: unknown bot {bot!r} (bots: {', '.join(BOT_KINDS)})")
        return f"bot:{bot}"
    if kind == "human":
        if not allow_human:
            raise CliError(f"seat {index} {text!r}: simulate plays bots only (bot, bot:random, bot:simple, bot:strong)")
        if colon:  # ``human:NAME``: the name checked as the seat setup checks it
            from cardtable.seats import name_problem

            problem = name_problem(rest, index)
            if problem:
                raise CliError(f"--seat {text!r}: {problem}")
        name = rest.strip() or f"Player {index + 1}"
        return f"human:{name}"
    raise CliError(f"seat {index} {text!r}: write human:NAME or bot[:KIND] (bots: {', '.join(BOT_KINDS)})")


def checked_seat(seat: str, index: int) -> str:
    """A normalized seat checked as a record's seat is checked (``record.check_seat``), so
    that a match the CLI starts is one its autosave resumes; CliError otherwise."""
    try:
        return check_seat(seat, index, BOT_KINDS)
    except RecordError as e:
        raise CliError(str(e)) from None


def make_game(game_id: str, players: int | None, options: dict[str, Any]) -> Game:
    """The validated game; CliError with the engine's message for a bad game, count or option."""
    try:
        game = get_game(game_id, players=players, **options)
        game.check_new_match()
    except OptionError as e:
        raise CliError(str(e)) from None
    return game


def bounds_text(opt: Option) -> str:
    """`` (1 to 100)``, `` (at least 1)`` or ``""``: the range an int option takes."""
    if opt.minimum is not None and opt.maximum is not None:
        return f" ({opt.minimum} to {opt.maximum})"
    if opt.minimum is not None:
        return f" (at least {opt.minimum})"
    if opt.maximum is not None:
        return f" (at most {opt.maximum})"
    return ""


def option_lines(cls: type[Game]) -> list[str]:
    """The options of a game as ``cardtable list --options`` prints them: name, the values
    it takes, the default, and what it does (from the game's declared options; an older
    name the option is still read under is named after what it does)."""
    if not cls.option_specs:
        return [f"{cls.name} has no options."]
    rows = []
    for opt in cls.option_specs:
        if opt.kind == "bool":
            values = "true or false"
        elif opt.kind == "choice":
            values = " | ".join(opt.choices)
        elif opt.kind == "int_or_none":
            values = "a whole number or none" + bounds_text(opt)
        elif opt.kind.startswith("int_or_"):  # a game's own kind: int_or_auto ...
            values = f"a whole number or {opt.kind[len('int_or_') :]}" + bounds_text(opt)
        else:
            values = "a whole number" + bounds_text(opt)
        default = (
            "none"
            if opt.default is None
            else str(opt.default).lower()
            if isinstance(opt.default, bool)
            else str(opt.default)
        )
        also = f" (also written {', '.join(opt.aliases)})" if opt.aliases else ""
        rows.append((opt.name, values, default, (opt.help or "") + also))
    w = [max(len(r[i]) for r in rows + [("option", "values", "default", "")]) for i in range(3)]
    out = [
        f"{cls.name}: options (play {cls.id} --option NAME=VALUE)",
        "",
        f"{'option':<{w[0]}}  {'values':<{w[1]}}  {'default':<{w[2]}}  what it does",
    ]
    out += [f"{n:<{w[0]}}  {v:<{w[1]}}  {d:<{w[2]}}  {h}".rstrip() for n, v, d, h in rows]
    return out


def players_text(cls: type[Game]) -> str:
    if cls.min_players == cls.max_players:
        return str(cls.min_players)
    return f"{cls.min_players}-{cls.max_players}"


def rules_text(game_id: str) -> str | None:
    """The spec text copied into the package for ``game_id`` (``cardtable/rules/ID.md``), or None."""
    from cardtable.guides import spec_text

    return spec_text(game_id)


# ---- the group -------------------------------------------------------------------------


@click.group(cls=CardtableGroup, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="cardtable")
@click.pass_context
def main(ctx: click.Context) -> None:
    """A terminal card table for traditional Dutch card games.

    Without a command, opens the menu: pick a game, set the seats, play.
    """
    if ctx.invoked_subcommand is None:
        _need_terminal("cardtable")
        from cardtable import tui  # lazy: only the TUI needs textual

        _saved_notice_for(tui.run(None))


def _need_terminal(command: str) -> None:
    """Refuse in one line (exit 1) when the app could not be played here: standard input or
    output is not a terminal (a pipe, a file, ``</dev/null``, a cron job). The app reads keys
    from a terminal; without one it would wait for keys that never come."""
    if not (_interactive() and _stdout_is_terminal()):
        fail(
            f"{command} needs a terminal to play in (its input or output here is a pipe or a file); "
            "`cardtable simulate` and `cardtable replay` work without one"
        )


def _stdout_is_terminal() -> bool:
    """Standard output is a terminal."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


# ---- play ------------------------------------------------------------------------------


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="human:NAME|bot[:KIND]",
    help="One per seat in the order of play (seat 0 deals first). A bot kind is "
    "random, simple or strong; plain bot is the default level: strong (it searches, "
    "about the bot budget a move), or simple where the budget or the machine is too "
    "small for it. Default: you in seat 0 and default bots elsewhere.",
)
@click.option(
    "--players",
    type=int,
    default=None,
    help="Number of players (default: the seats given, else the game's smallest count).",
)
@click.option(
    "--seed",
    type=SeedType(minimum=0),
    default=None,
    help="Match seed (0 or more): the same seed deals the same hands.",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option; `cardtable list --options GAME` lists them with their values.",
)
def play(game_id: str, seats: tuple[str, ...], players: int | None, seed: int | None, options: tuple[str, ...]) -> None:
    """Play GAME at this terminal (hot-seat humans and bots).

    A new match is saved beside the unfinished ones (never over them); `cardtable saves`
    lists them and the menu's Continue resumes them. The game's options and their values:
    `cardtable list --options GAME`.
    """
    from cardtable import settings
    from cardtable.bots import default_level
    from cardtable.seats import duplicate_problem

    level = default_level(budget=settings.load().bot_budget)  # plain "bot": strong if it keeps the budget
    try:
        opts = parse_options(options, game_id)
        if seats:
            seat_list = [checked_seat(normalize_seat(s, i, default_bot=level), i) for i, s in enumerate(seats)]
            if players is not None and players != len(seat_list):
                raise CliError(f"--players {players} but {len(seat_list)} --seat given")
            players = len(seat_list)
            dup = duplicate_problem(seat_list)
            if dup:
                raise CliError(f"--seat: {dup}")
        game = make_game(game_id, players, opts)
        if not seats:
            seat_list = ["human:You"] + [f"bot:{default_level(game, settings.load().bot_budget)}"] * (game.players - 1)
        match = Match(game, seat_list, seed=seed)
    except CliError as e:
        fail(str(e))
    except IllegalAction as e:
        fail(str(e))
    _need_terminal("cardtable play")
    _settings_warning()
    from cardtable import tui  # lazy: only the TUI needs textual

    tui.run(match)
    _saved_notice_for(match)


def _saved_notice_for(match: Match | None) -> None:
    """After the app: where the unfinished ``match`` left (if any) is saved (``saved_notice``)."""
    if match is None or match.over:
        return
    from cardtable import saves

    where = saves.path_of(match)
    if where is not None and where.exists():
        import shutil

        click.echo(saved_notice(where.name, shutil.get_terminal_size((80, 24)).columns))


def saved_notice(name: str, columns: int = 80) -> str:
    """What ``cardtable play`` prints when the player leaves an unfinished game: where it is
    saved and how to go on, wrapped between words to a terminal of ``columns``."""
    import textwrap

    text = safe_text(
        f"The game is saved as {name}: choose it under Continue in the menu (cardtable), or see cardtable saves."
    )
    return textwrap.fill(text, width=max(20, min(100, columns) - 1), break_long_words=False, break_on_hyphens=False)


def _settings_warning() -> None:
    """The one line about an unreadable settings file, on stderr (the app uses the defaults)."""
    from cardtable import settings

    settings.load()
    warning = settings.take_warning()
    if warning:
        click.echo(safe_text(f"cardtable: warning: {warning}"), err=True)


# ---- list ------------------------------------------------------------------------------


@main.command("list")
@click.option(
    "--options",
    "options_of",
    default=None,
    metavar="GAME",
    help="List the options of GAME (names, values, defaults) instead.",
)
def list_games(options_of: str | None) -> None:
    """List the games: the name to type, the game, players, cards and a one-line description."""
    from cardtable.cards import deck_words

    if options_of is not None:
        try:
            cls = game_class(options_of)
        except OptionError as e:
            fail(str(e))
        click.echo("\n".join(option_lines(cls)))
        return
    rows = []
    for gid in sorted(game_ids()):
        cls = game_class(gid)
        rows.append((gid, cls.name, f"{players_text(cls)} players", deck_words(cls.deck_name), cls.description))
    if not rows:
        click.echo("no games are registered")
        return
    click.echo("\n".join(list_lines(rows, _terminal_columns())))


def _terminal_columns() -> int | None:
    """The terminal's width when standard output is one (None: a pipe or a file)."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns if sys.stdout.isatty() else None


def list_lines(rows: list[tuple[str, str, str, str, str]], columns: int | None = None) -> list[str]:
    """``cardtable list``'s lines: per game its id, name, players and deck in columns, then
    its description. ``columns`` None (a pipe): one line per game; a terminal's width: a line
    too long for it is wrapped between words, the description indented under the id."""
    import textwrap

    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    out = []
    for r in rows:
        head = "  ".join(r[i].ljust(widths[i]) for i in range(4))
        line = f"{head}  {r[4]}".rstrip()
        if columns is None or len(line) < columns:
            out.append(line)
            continue
        out.append(head.rstrip())
        out.extend(
            textwrap.wrap(
                r[4],
                width=max(20, columns - 1),
                initial_indent="    ",
                subsequent_indent="    ",
                break_long_words=False,
            )
        )
    return out


def field_lines(
    head: str, fields: list[str], columns: int | None = None, sep: str | list[str] = " · ", indent: str = "    "
) -> list[str]:
    """``head`` and ``fields`` joined with ``sep`` (one string, or one per gap: ``cardtable
    saves``' `` 1. Kruisjassen · Anna and 3 bots · hand 2 · last played today 14:25
    (kruisjassen-….json)``). ``columns`` None (a pipe): one line; a terminal's width: a
    line too long for it is broken between two fields, the next line ``indent``-ed, and a
    field too long for a line of its own between its words (never inside a word or a file
    name: a name too wide for an indented line stands alone at the left edge)."""
    import textwrap

    seps = [sep] * (len(fields) - 1) if isinstance(sep, str) else list(sep)
    whole = head + fields[0] + "".join(g + f for g, f in zip(seps, fields[1:]))
    if columns is None or len(whole) < columns:
        return [whole]
    width = max(20, columns - 1)
    rows, cur = [], head + fields[0]
    for g, f in zip(seps, fields[1:]):
        if len(cur) + len(g) + len(f) <= width:
            cur += g + f
        else:
            rows.append(cur)
            cur = indent + f
    rows.append(cur)
    out = []
    for k, row in enumerate(rows):
        lead = indent if k else ""
        out.extend(
            [row]
            if len(row) <= width
            else textwrap.wrap(
                row[len(lead) :],
                width=width,
                initial_indent=lead,
                subsequent_indent=indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    # a word too wide for its indented line (a long file name): at the left edge
    return [ln if len(ln) <= width else ln.lstrip() for ln in out]


# ---- rules -----------------------------------------------------------------------------


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("--spec", is_flag=True, help="The full specification instead of the players' guide.")
def rules(game_id: str, spec: bool) -> None:
    """Print the rules of GAME for players: how to play, scoring, terms, options."""
    from cardtable.guides import guide_text, spec_text

    try:
        cls = game_class(game_id)
    except OptionError as e:
        fail(str(e))
    text = spec_text(cls.id) if spec else (guide_text(cls.id) or spec_text(cls.id, source=False))
    if text is None:
        fail(f"no rules text is installed for {cls.name} ({cls.id}) yet", code=1)
    from rich.console import Console

    from cardtable.guides import markdown

    Console().print(markdown(text))


# ---- saves and statistics --------------------------------------------------------------


def _interactive() -> bool:
    """A person can answer a question (stdin is a terminal)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


@main.command("saves")
@click.option(
    "--delete",
    "to_delete",
    default=None,
    metavar="N|all",
    help="Delete save number N of the list (or all of them, or 'corrupt' for the bad files).",
)
@click.option("--yes", is_flag=True, help="Delete without asking (needed when not at a terminal).")
def saves_command(to_delete: str | None, yes: bool) -> None:
    """List the unfinished games (the menu's Continue list) and delete them on request."""
    from cardtable import saves

    infos = saves.list_saves()
    for line in saves.take_notices():
        click.echo(safe_text(f"cardtable: warning: {line}"), err=True)
    corrupt = saves.corrupt_files()
    if to_delete is None:
        if not infos:
            click.echo("No unfinished games are saved.")
        columns = _terminal_columns()
        for i, info in enumerate(infos, 1):
            fields = [
                info.game_name,
                info.players,
                f"hand {info.hand}",
                f"last played {info.last_played_text()}",
                f"({info.path.name})",
            ]
            for line in field_lines(f"{i:>2}. ", fields, columns, sep=[" · "] * 3 + ["   "]):
                click.echo(safe_text(line))
        if corrupt:
            for line in field_lines(
                "",
                [f"Kept aside because they could not be read ({len(corrupt)}):", ", ".join(p.name for p in corrupt)],
                columns,
                sep=" ",
            ):
                click.echo(safe_text(line))
        for line in field_lines("", ["Folder:", str(saves.saves_dir())], columns, sep=" "):
            click.echo(safe_text(line))
        if infos or corrupt:
            click.echo("Delete one with: cardtable saves --delete N (it asks first).")
        return
    what = to_delete.strip().lower()
    if what == "all":
        chosen = [i.path for i in infos]
        label = f"all {len(chosen)} unfinished games"
    elif what == "corrupt":
        chosen = list(corrupt)
        label = f"the {len(chosen)} files kept aside"
    else:
        try:
            n = int(what)
        except ValueError:
            fail(f"--delete {to_delete!r}: give a number from the list, all, or corrupt")
        if not 1 <= n <= len(infos):
            fail(f"--delete {n}: there is no save number {n} (cardtable saves lists {len(infos)})")
        info = infos[n - 1]
        chosen = [info.path]
        label = f"{info.game_name} · {info.players} · hand {info.hand} · last played {info.last_played_text()}"
    if not chosen:
        click.echo("Nothing to delete.")
        return
    if not yes:
        if not _interactive():
            fail(f"deleting {label} needs --yes when not at a terminal")
        if not click.confirm(safe_text(f"Delete {label}? It cannot be brought back"), default=False):
            click.echo("Nothing was deleted.")
            return
    for p in chosen:
        saves.delete(p)
    click.echo(safe_text(f"Deleted {label}."))


@main.command("stats")
@click.option("--player", default=None, metavar="NAME", help="Only this player.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON list instead of the table.")
def stats_command(player: str | None, as_json: bool) -> None:
    """Statistics per player name: matches and hands played and won per game, best score."""
    import dataclasses
    import sqlite3

    from cardtable import stats

    try:
        rows = stats.table(player)
    except sqlite3.Error as e:
        fail(f"the statistics in {stats.db_path()} cannot be read ({e})", code=1)
    if as_json:
        click.echo(json.dumps([dataclasses.asdict(r) for r in rows], ensure_ascii=False))
        return
    if not rows:
        click.echo("No finished matches yet" + (f" for {player}" if player else "") + ".")
        return
    head = ("player", "game", "matches", "won", "hands", "won", "best score")
    cells = [
        (
            r.name,
            r.game_name,
            str(r.matches),
            str(r.matches_won),
            str(r.hands),
            str(r.hands_won),
            f"{r.best_score} {r.unit}",
        )
        for r in rows
    ]
    w = [max(len(c[i]) for c in cells + [head]) for i in range(len(head))]

    def fmt(c):
        return "  ".join(x.ljust(w[i]) if i < 2 else x.rjust(w[i]) for i, x in enumerate(c)).rstrip()

    click.echo(safe_text(fmt(head)))
    for c in cells:
        click.echo(safe_text(fmt(c)))


# ---- simulate --------------------------------------------------------------------------


def run_reported(
    game: Game,
    as_json: bool,
    label: str,
    total: int | None,
    run: Callable[[Callable | None], dict[str, Any]],
    remaining: bool = False,
) -> dict[str, Any] | None:
    """``run(progress)`` of ``simulate`` or ``tournament``: with a Rich progress bar (``label``,
    ``total`` steps or None while unknown; ``progress(done[, total])``) on a terminal unless
    ``as_json``. A RuntimeError is one error line (exit 1). With ``as_json`` the summary is
    printed as one JSON object and None returned; otherwise the header line naming the game
    is printed and the summary returned for the command's own table."""
    try:
        if not as_json and sys.stdout.isatty():
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            columns = [TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
            if remaining:
                columns.append(TimeRemainingColumn())
            with Progress(*columns, transient=True) as bar:
                task = bar.add_task(label, total=total)
                summary = run(lambda done, t=total: bar.update(task, completed=done, total=t))
        else:
            summary = run(None)
    except RuntimeError as e:
        fail(str(e), code=1)
    if as_json:
        click.echo(json.dumps(summary))
        return None
    opt = game.option_text()
    click.echo(f"{game.name} ({game.id}), {game.players} players" + (f"; options: {opt}" if opt else ""))
    return summary


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--seats",
    "seats_text",
    default=None,
    metavar="bot,bot:random,...",
    help="Comma-separated bots, one per seat (default: simple bots for --players seats); "
    "plain bot is simple here, to stay fast: name bot:strong to search.",
)
@click.option("--players", type=int, default=None, help="Number of seats when --seats is not given.")
@click.option("--hands", type=click.IntRange(min=1), default=100, show_default=True, help="Hands to play.")
@click.option("--seed", type=SeedType(), default=None, help="Seed of the whole run (same seed, same games).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the summary.")
def simulate(
    game_id: str,
    seats_text: str | None,
    players: int | None,
    hands: int,
    seed: int | None,
    options: tuple[str, ...],
    as_json: bool,
) -> None:
    """Play headless bot matches of GAME and summarise them."""
    try:
        opts = parse_options(options, game_id)
        if seats_text is not None:
            parts = [p for p in seats_text.split(",")]
            if any(not p.strip() for p in parts):
                raise CliError(f"--seats {seats_text!r}: write bots separated by commas, like bot,bot:random")
            seats = [normalize_seat(p, i, allow_human=False) for i, p in enumerate(parts)]
            if players is not None and players != len(seats):
                raise CliError(f"--players {players} but --seats names {len(seats)} seats")
            players = len(seats)
        game = make_game(game_id, players, opts)
        if seats_text is None:
            seats = ["bot:simple"] * game.players
    except CliError as e:
        fail(str(e))

    summary_interrupted = [False]

    def run(progress):
        out = simulate_matches(game, seats, hands, seed, progress=progress)
        summary_interrupted[0] = out["interrupted"]
        return out

    summary = run_reported(game, as_json, game.id, hands, run)
    if summary is None:
        if summary_interrupted[0]:
            raise SystemExit(130)
        return
    if summary["interrupted"]:
        click.echo(
            f"stopped by Ctrl+C after {summary['hands']} of {summary['hands_asked']} hands; "
            "the figures of the hands finished so far:"
        )
    rate = summary["hands_per_second"]
    click.echo(
        f"hands: {summary['hands']}  matches: {summary['matches']} "
        f"({summary['matches_finished']} finished)  "
        f"speed: {rate if rate is not None else '-'} hands/s"
    )
    click.echo("outcomes: " + ", ".join(f"{k} {v}" for k, v in summary["outcomes"].items()))
    w = max(len(s) for s in seats)
    click.echo(f"{'seat':<5} {'player':<{w}}  {'matches won':>11}  {'avg points/hand':>15}")
    for s in range(game.players):
        click.echo(f"{s:<5} {seats[s]:<{w}}  {summary['match_wins'][s]:>11}  {summary['avg_points'][s]:>15.2f}")
    if summary["interrupted"]:
        raise SystemExit(130)


# ---- tournament ------------------------------------------------------------------------


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--bots",
    "bots_text",
    required=True,
    metavar="strong,simple",
    help="Comma-separated bot kinds, seated in turn round the table (seats rotated).",
)
@click.option(
    "--matches",
    type=int,
    default=10,
    show_default=True,
    help="Deals (match seeds); each is played once per rotation of the seats.",
)
@click.option("--seed", type=SeedType(), default=None, help="Seed of the whole run (same seed, same matches).")
@click.option("--players", type=int, default=None, help="Number of seats (default: the game's).")
@click.option(
    "--iterations",
    type=int,
    default=None,
    help="Playouts per decision of the strong bot (default: its time budget; 0: no "
    "search, it plays its prior, the rules of thumb its search starts from).",
)
@click.option(
    "--budget",
    type=float,
    default=None,
    help="Seconds per decision of the strong bot (default: CARDTABLE_BOT_BUDGET or 1).",
)
@click.option("--jobs", type=int, default=1, show_default=True, help="Matches played at once (processes).")
@click.option(
    "--max-hands",
    type=int,
    default=200,
    show_default=True,
    help="A match not over after this many hands counts as a draw.",
)
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the table.")
def tournament(
    game_id: str,
    bots_text: str,
    matches: int,
    seed: int | None,
    players: int | None,
    iterations: int | None,
    budget: float | None,
    jobs: int,
    max_hands: int,
    options: tuple[str, ...],
    as_json: bool,
) -> None:
    """Duplicate matches of GAME between bot kinds: win rates with a 95% interval."""
    from cardtable.bots.tournament import run_tournament

    try:
        kinds = [k.strip().lower() for k in bots_text.split(",")]
        if len(kinds) < 2 or any(not k for k in kinds):
            raise CliError(
                f"--bots {bots_text!r}: name two or more bot kinds separated by commas, "
                f"like strong,simple (bots: {', '.join(BOT_KINDS)})"
            )
        for k in kinds:
            if k not in BOT_KINDS:
                raise CliError(f"--bots {bots_text!r}: unknown bot {k!r} (bots: {', '.join(BOT_KINDS)})")
        if len(set(kinds)) != len(kinds):
            raise CliError(f"--bots {bots_text!r}: name each bot kind once")
        for name, value, low in (
            ("--matches", matches, 1),
            ("--jobs", jobs, 1),
            ("--max-hands", max_hands, 1),
            ("--iterations", iterations, 0),
        ):
            if value is not None and value < low:
                raise CliError(f"{name} {value}: must be at least {low}")
        if budget is not None and budget <= 0:
            raise CliError(f"--budget {budget:g}: must be more than 0 seconds")
        game = make_game(game_id, players, parse_options(options, game_id))
        if game.players < len(kinds):
            raise CliError(f"{game.name} with {game.players} players has no seat for each of {len(kinds)} bots")
    except CliError as e:
        fail(str(e))

    summary = run_reported(
        game,
        as_json,
        f"{game.id} {' vs '.join(kinds)}",
        None,
        lambda progress: run_tournament(
            game, kinds, matches, seed, iterations, budget, jobs, max_hands, progress=progress
        ),
        remaining=True,
    )
    if summary is None:
        return
    strength = (
        f"{iterations} playouts a decision"
        if iterations is not None
        else f"{budget if budget is not None else 'default'} s a decision"
    )
    click.echo(
        f"deals: {summary['deals']}  matches: {summary['matches']} "
        f"({summary['unfinished']} unfinished)  hands: {summary['hands']}  "
        + (f"strong: {strength}  " if "strong" in kinds else "")
        + f"seed: {summary['seed']}  time: {summary['seconds']:.1f} s"
    )
    click.echo(tournament_table(summary, kinds, getattr(game.new_sheet(), "unit", "") or ""))


def tournament_table(summary: dict, kinds: list[str], unit: str) -> str:
    """The table ``cardtable tournament`` prints: a row a bot kind, each number in one
    precision down its column (issue 22: ``0.00639`` beside ``7e-05`` seconds): matches won
    to a half (a shared win), the win rate and its interval in percent to a tenth, the points
    a hand in the sheet's ``unit`` one decimal finer than the unit is written
    (``sheets.base.unit_decimals``: strepen 0.01, points 0.1), the median seconds a decision
    to a ten-thousandth. ``--json`` keeps the raw numbers."""
    from cardtable.sheets.base import unit_decimals

    per_hand = unit_decimals(unit) + 1
    w = max(len(k) for k in kinds)
    lines = [
        f"{'bot':<{w}}  {'matches':>7}  {'won':>6}  {'win rate':>8}  {'95% interval':>15}  "
        f"{'points/hand':>11}  {'median s/decision':>17}"
    ]
    for r in summary["results"]:
        med = r["median_decision_seconds"]
        lo, hi = r["interval"]
        seconds = f"{med:.4f}" if med is not None else "-"
        lines.append(
            f"{r['bot']:<{w}}  {r['matches']:>7}  {r['points']:>6.1f}  {r['win_rate']:>8.1%}  "
            f"{lo:>7.1%}-{hi:<7.1%}  {r['points_per_hand']:>11.{per_hand}f}  {seconds:>17}"
        )
    return "\n".join(lines)


# ---- replay ----------------------------------------------------------------------------


def _seat_words(match: Match, seat: int) -> str:
    """A seat as the table names it, for people: ``Anna``, ``Bot 2 (simple)``."""
    from cardtable.tui.render import seat_names

    kind, name = match.seat_kind(seat)
    return seat_names(match)[seat] + (f" ({name})" if kind == "bot" else "")


def _name_seats(message: str, path: str) -> str:
    """A refusal's ``seat N`` (the rules count seats from 0) by the name the table gives
    that seat in the record ``path`` (``Anna``, ``Bot 1``); the message as it is where the
    record's seats cannot be read."""
    from cardtable.engine import record
    from cardtable.tui.render import name_seats

    try:
        seats = json.loads(record.read_text(path)).get("seats")
    except Exception:
        return message
    if seats is not None and not (isinstance(seats, list) and all(isinstance(x, str) for x in seats)):
        return message
    match_seats = seats or ["bot:simple"] * 16  # no seats: every seat a bot
    names = {}
    for s, text in enumerate(match_seats):
        kind, _, name = text.partition(":")
        names[s] = (name or f"Player {s + 1}") if kind == "human" else f"Bot {s}"
    return name_seats(message, names)


def _replay_text(match: Match) -> list[str]:
    """``cardtable replay``'s lines for people: the hands, who is to act, the sheet, seats
    named as at the table (``Anna``, ``Bot 1 (simple)``), never by their index."""
    from cardtable.engine.record import summary as record_summary

    summ = record_summary(match)
    lines = [
        f"{match.game.name} ({match.game.id}), {match.game.players} players"
        + (f"; options: {match.game.option_text()}" if match.game.options else "")
    ]
    for entry, h in zip(match.hands, summ["hands"]):
        # dealt hands numbered as the sheet's rows; a decision between hands is no hand
        if entry.get("between"):
            head = f"after hand {h['after_hand']} (decision between hands)"
        else:
            how = f"seed {entry['seed']}" if "deal" not in entry else "explicit deal"
            head = f"hand {h['hand']} ({how})"
        res = h["result"]
        if res is None:
            lines.append(f"{head}: {h['actions_applied']} actions, not finished")
        else:
            winners = ", ".join(_seat_words(match, s) for s in res["winners"]) or "nobody"
            pts = " ".join(str(p) for p in res["points"])
            lines.append(
                f"{head}: {h['actions_applied']} actions, {res['outcome']}; points per seat: {pts}; won by {winners}"
            )
    if summ["to_act"] is not None:
        lines.append(f"to act: {_seat_words(match, summ['to_act'])}")
        lines.append("legal: " + ", ".join(summ["legal_actions"]))
    lines.append("")
    from cardtable.tui.render import seat_names

    names = seat_names(match)
    lines.append(match.sheet.named_text([names[s] for s in range(match.game.players)]).rstrip("\n"))
    if summ["match_over"]:
        lines.append("")
        lines.append("match over; won by " + (", ".join(_seat_words(match, s) for s in summ["winners"]) or "nobody"))
    return lines


def _review(match: Match, iterations: int) -> list[dict]:
    """``replay --review``: every dealt hand's review lines for the human seats
    (``bots.review.review_hand``, ``iterations`` playouts a decision, seed 0)."""
    from cardtable.bots.review import review_hand

    out = []
    for i, entry in enumerate(match.hands):
        if entry.get("between"):
            continue
        for ln in review_hand(match, i, iterations=iterations):
            out.append(
                {
                    "hand": i + 1,
                    "hand_number": match.hand_number(i),
                    "seat": ln.seat,
                    "action": ln.index,
                    "when": ln.when,
                    "played": ln.played,
                    "bot": ln.better,
                    "gain": round(ln.gain, 3),
                    "unit": ln.unit,
                    "text": ln.text(match.seat_label(ln.seat)),
                }
            )
    return out


@main.command()
@click.argument("path", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the summary object (docs/records.md).")
@click.option(
    "--review",
    "review_n",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Also list where the strong bot would clearly have played otherwise, for the human "
    "seats (N playouts a decision, e.g. 400; fewer than 30 sampled deals say nothing).",
)
def replay(path: str, as_json: bool, review_n: int | None) -> None:
    """Re-run the game record FILE, checking every action."""
    from cardtable import saves
    from cardtable.engine import record

    try:
        match = saves.replay_file(path)  # the same reading as the resume of an autosave
    except RecordError as e:
        msg = str(e)
        if e.action is not None:  # the rules' reason: its seats by their table names
            msg = _name_seats(msg, path)
        fail(msg if path in msg else f"{path}: {msg}")
    try:
        review = _review(match, review_n) if review_n else None
        if as_json:
            obj = record.summary(match)
            if review is not None:
                obj["review"] = review
            out = json.dumps(obj, ensure_ascii=False)
        else:
            lines = _replay_text(match)
            if review is not None:
                lines += ["", "What the bot would have played:"]
                lines += [f"hand {r['hand_number']}, {r['text']}" for r in review] or [
                    "nothing: it agreed, or no seat is human"
                ]
            out = "\n".join(lines)
    except Exception as e:  # a bug of the program itself (exit code 1), never a traceback
        fail(
            f"{path}: the record replayed but its summary failed, a bug in cardtable ({type(e).__name__}: {e})", code=1
        )
    click.echo(safe_text(out))


if __name__ == "__main__":  # pragma: no cover
    main()
