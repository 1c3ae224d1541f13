"""The Textual card table (DESIGN.md, "The TUI").

    from cardtable.tui import run
    run()          # the menu (offers to resume an unfinished autosaved match first)
    run(match)     # the table of a Match built by the CLI

Keys at the table: ←→ or 1-9 choose a card, ⏎ plays it (rummy: discards it), ␣ selects
(rummy), m melds the selection, l lays off (then the meld number), d / t draw from the stock
/ the discard pile, the action buttons show their own keys (c = "Ik dek", p = pass ...),
s score sheet, ? rules, n Dutch/English card letters, q leaves the table (the game is saved).
"""

from __future__ import annotations

from cardtable.engine.match import Match


def run(match: Match | None = None, **kwargs) -> None:
    """Start the app: the table of ``match``, or the menu when it is None.

    ``kwargs`` go to ``CardTableApp`` (``bot_delay``, ``dutch``, ``seed`` ...).
    """
    from cardtable.tui.app import CardTableApp

    CardTableApp(match, **kwargs).run()


__all__ = ["run"]
