"""Players' guides: ``cardtable/guides/<game-id>.md``, a page for players (how to play, the
scoring, the Dutch terms, the options), shown by ``cardtable rules GAME`` and the app's
rules screen. The spec (``cardtable/rules/<game-id>.md``) stays for reference
(``cardtable rules GAME --spec``).

    text = guide_text("kruisjassen")   # the guide, or None when the game has none
    text = spec_text("kruisjassen")    # the spec without its source line, or None

Layering: data beside ``saves``; no game or TUI imports.
"""

from __future__ import annotations

import re
from importlib import resources

__all__ = ["guide_text", "spec_text", "without_source"]

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
