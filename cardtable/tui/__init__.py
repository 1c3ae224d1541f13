"""The Textual card table (DESIGN.md, "The TUI").

    from cardtable.tui import run
    run()          # the menu (offers to resume an unfinished autosaved match first)
    run(match)     # the table of a Match built by the CLI

Keys at the table: ←→ or 1-9 choose a card, ␣ selects cards where several are chosen, and
the action buttons show their own keys, taken from the game's verb specs (⏎ play, c "Ik dek",
p pass, m meld, l lay off then the meld's number, d / t draw, a / t open a menu, Esc back,
o the next page of buttons when they are more than the keys); i a hint where the bots give
one; s score sheet, ? rules, n Dutch/English card letters, q leaves the table (the game is
saved).
"""

from __future__ import annotations

from cardtable.engine.match import Match


def run(match: Match | None = None, **kwargs) -> Match | None:
    """Start the app: the table of ``match``, or the menu when it is None. Returns the match
    of the table on screen when the player quit with Ctrl+Q (None: no table was open).

    ``kwargs`` go to ``CardTableApp`` (``bot_delay``, ``dutch``, ``seed`` ...). If the app stops
    on an internal error, prints one line ``cardtable: error: ...`` on stderr (the
    traceback goes to ``crash.log`` beside the save, which is kept) and raises
    SystemExit(1).
    """
    from cardtable.tui.app import CardTableApp

    app = CardTableApp(match, **kwargs)
    app.run()
    if app.crash is not None:
        import sys

        err = app.crash
        what = f"{type(err).__name__}: {err}".splitlines()[0] if str(err) else type(err).__name__
        if len(what) > 200:
            what = what[:199] + "…"
        where = f"; details in {app.crash_log}" if app.crash_log else ""
        saved = "; the game is saved and offered at the next start" if app.crash_saved else ""
        line = f"cardtable: error: the app stopped on an internal error ({what}){saved}{where}"
        sys.stderr.write(line.encode("utf-8", "backslashreplace").decode("utf-8") + "\n")
        raise SystemExit(1)
    return app.left_match


__all__ = ["run"]
