"""Autosave: the match in progress, saved after every action, offered for resume at start.

The save is a game record (``cardtable-record/1``, docs/records.md) in
``platformdirs.user_data_dir("cardtable")/autosave.json``; the environment variable
``CARDTABLE_HOME``, if set, replaces that folder (tests use it).

    save_match(match)          # after every action (atomic: temporary file, then rename)
    match = load_match()       # None if there is nothing to resume
    quarantine()               # keep a bad save as autosave.corrupt.json
    clear()                    # forget the save

A finished match is never offered for resume: ``save_match`` of a finished match clears
the save, and ``load_match`` of a save whose match is over clears it and returns None.

Layering: above engine (records); used by the TUI and the CLI; never imports textual.
"""

from __future__ import annotations

import os
from pathlib import Path

from cardtable.engine.match import Match
from cardtable.engine.record import RecordError, load, replay, save

AUTOSAVE_NAME = "autosave.json"
CORRUPT_NAME = "autosave.corrupt.json"
HOME_ENV = "CARDTABLE_HOME"

__all__ = ["RecordError", "autosave_path", "clear", "data_dir", "load_match", "quarantine", "save_match"]


def data_dir() -> Path:
    """The folder of the autosave: ``$CARDTABLE_HOME`` if set, else the platform's user data
    folder for ``cardtable`` (e.g. ``~/.local/share/cardtable`` on Linux). Not created here."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def autosave_path() -> Path:
    """The path of the autosave file (it may not exist)."""
    return data_dir() / AUTOSAVE_NAME


def save_match(match: Match, path: str | os.PathLike | None = None) -> None:
    """Save ``match`` atomically as a record (a finished match clears the save instead).

    Raises OSError if the folder cannot be written.
    """
    p = Path(path) if path is not None else autosave_path()
    if match.over:
        clear(p)
        return
    save(match.to_record(), p)


def load_match(path: str | os.PathLike | None = None) -> Match | None:
    """The saved match, replayed to where it stood; None if there is no save or its match
    is over (that save is cleared).

    Raises RecordError (one line) if the file is not a readable record or does not replay
    (an unknown game, an illegal action ...). The caller then keeps the file aside with
    ``quarantine()`` and starts afresh.
    """
    p = Path(path) if path is not None else autosave_path()
    if not p.exists():
        return None
    data = load(p)
    try:
        match = replay(data)
    except RecordError:
        raise
    except Exception as e:  # a game that fails on odd input: still one line
        raise RecordError(f"{p}: the saved game cannot be replayed ({type(e).__name__}: {e})") from None
    if match.over:
        clear(p)
        return None
    return match


def quarantine(path: str | os.PathLike | None = None) -> Path | None:
    """Rename a bad save to ``autosave.corrupt.json`` beside it (replacing an older one), so
    that it is kept for a bug report but not offered again. Returns the new path, or None if
    there was no file."""
    p = Path(path) if path is not None else autosave_path()
    if not p.exists():
        return None
    stem = p.name[:-len(".json")] if p.name.endswith(".json") else p.name
    target = p.with_name(f"{stem}.corrupt.json")
    os.replace(p, target)
    return target


def clear(path: str | os.PathLike | None = None) -> None:
    """Delete the save if there is one."""
    p = Path(path) if path is not None else autosave_path()
    try:
        p.unlink()
    except FileNotFoundError:
        pass
