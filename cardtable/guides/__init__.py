"""Players' guides: ``cardtable/guides/<game-id>.md``, a page for players (how to play, the
scoring, the Dutch terms, the options), shown by ``cardtable rules GAME`` and the app's
rules screen. The spec (``cardtable/rules/<game-id>.md``) stays for reference
(``cardtable rules GAME --spec``).

    text = guide_text("kruisjassen")   # the guide, or None when the game has none
    text = spec_text("kruisjassen")    # the spec without its source line, or None
    page = markdown(text)              # as Rich draws it: a table never cuts a word

Layering: data beside ``saves``; no game or TUI imports (Rich only, for ``markdown``).
"""

from __future__ import annotations

import re
from importlib import resources

__all__ = ["guide_text", "markdown", "spec_text", "without_source"]

_SOURCE_LINE = re.compile(r"(?m)^Source: seed .*\n?")


def _read(folder: str, game_id: str) -> str | None:
    try:
        return (resources.files("cardtable") / folder / f"{game_id}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, OSError):
        return None


def guide_text(game_id: str) -> str | None:
    """The players' guide of ``game_id`` (Markdown), or None if it has none."""
    return _read("guides", game_id)


def without_source(text: str) -> str:
    """The text without its ``Source: seed …`` line (where a spec came from: of use to the
    authors, not to a player)."""
    return _SOURCE_LINE.sub("", text, count=1)


def spec_text(game_id: str, source: bool = True) -> str | None:
    """The spec of ``game_id`` as shipped (``source=False``: without its source line), or None."""
    text = _read("rules", game_id)
    if text is None or source:
        return text
    return without_source(text)


def markdown(text: str, hyperlinks: bool = True):
    """``text`` (Markdown) as a Rich renderable for the terminal (``cardtable rules`` and the
    app's rules screen): Rich's Markdown, but a table's column is never narrower than its
    longest word, so that a word (an option's name, ``discard_take_must_use``) is wrapped
    around, never cut with … as Rich's tables do at 80 columns."""
    from rich.cells import cell_len
    from rich.markdown import Markdown, TableElement
    from rich.table import Table

    class WholeWords(TableElement):
        def __rich_console__(self, console, options):
            for part in super().__rich_console__(console, options):
                if isinstance(part, Table):
                    for col in part.columns:
                        cells = [col.header, *col._cells]
                        words = [w for c in cells for w in str(getattr(c, "plain", c)).split()]
                        col.min_width = max((cell_len(w) for w in words), default=None)
                yield part

    class GuideMarkdown(Markdown):
        elements = {**Markdown.elements, "table_open": WholeWords}

    return GuideMarkdown(text, hyperlinks=hyperlinks)
