"""Autosave: the match in progress, saved after every action, offered for resume at start.

The save is a game record (``cardtable-record/1``, docs/records.md) in
``platformdirs.user_data_dir("cardtable")/autosave.json``; the environment variable
``CARDTABLE_HOME``, if set, replaces that folder (tests use it).

    save_match(match)          # after every action (atomic: temporary file, then rename)
    match = load_match()       # None if there is nothing to resume
    quarantine()               # keep a bad save aside as autosave.corrupt.json (-2, -3 ...)
    clear()                    # forget the save
    clean_temp()               # at start: the temporary files of an interrupted save
    match = replay_file(path)  # any record file, checked as ``cardtable replay`` checks it

``load_match`` and ``cardtable replay`` read a record the same way (``replay_file``): what
replays also resumes, and what is refused is refused by both, with the same RecordError.

A finished match is never offered for resume: ``save_match`` of a finished match clears
the save, and ``load_match`` of a save whose match is over clears it and returns None.

Layering: above engine (records); used by the TUI and the CLI; never imports textual.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path

from cardtable.engine import record as _record
from cardtable.engine.match import Match
from cardtable.engine.record import RecordError, load, replay, save

AUTOSAVE_NAME = "autosave.json"
CORRUPT_NAME = "autosave.corrupt.json"
HOME_ENV = "CARDTABLE_HOME"

__all__ = ["RecordError", "autosave_path", "clean_temp", "clear", "data_dir", "load_match", "quarantine",
           "replay_file", "save_match"]

#: per match: the encoded text of its hands (``record.dumps``), so that an autosave
#: encodes only the hand in play however long the match grows
_HAND_TEXT: "weakref.WeakKeyDictionary[Match, dict]" = weakref.WeakKeyDictionary()


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


def bot_kinds() -> tuple[str, ...]:
    """The bot kinds a seat may name (``bot:KIND``): the bots' registry."""
    from cardtable.bots import BOT_KINDS

    return tuple(BOT_KINDS)


def replay_file(path: str | os.PathLike) -> Match:
    """Read and replay the record file ``path`` (``record.load`` and ``record.replay``, the
    seats' bot kinds checked against the bots' registry).

    Raises RecordError, and only RecordError, with one line naming what is wrong.
    """
    return replay(load(path), bot_kinds=bot_kinds())


def save_match(match: Match, path: str | os.PathLike | None = None) -> None:
    """Save ``match`` atomically as a record (a finished match clears the save instead).
    The hands already saved are not encoded again (``record.dumps``).

    Raises OSError if the folder cannot be written.
    """
    p = Path(path) if path is not None else autosave_path()
    if match.over:
        clear(p)
        return
    try:
        cache = _HAND_TEXT.setdefault(match, {})
    except TypeError:  # not weakly referable: no cache
        cache = None
    save(match.to_record(), p, cache)


def load_match(path: str | os.PathLike | None = None) -> Match | None:
    """The saved match, replayed to where it stood; None if there is no save or its match
    is over (that save is cleared).

    Raises RecordError (one line) if the file is not a readable record or does not replay
    (``replay_file``: the same checks as ``cardtable replay``). The caller then keeps the
    file aside with ``quarantine()`` and starts afresh.
    """
    p = Path(path) if path is not None else autosave_path()
    try:
        if not p.exists():
            return None
    except OSError as e:  # a folder that cannot be read
        raise RecordError(f"cannot read {p}: {e.strerror or e}") from None
    match = replay_file(p)
    if match.over:
        clear(p)
        return None
    return match


def quarantine(path: str | os.PathLike | None = None) -> Path | None:
    """Rename a bad save to ``autosave.corrupt.json`` beside it, or ``autosave.corrupt-2.json``
    (``-3`` ...) when that name is taken, so that every bad save is kept for a bug report
    and none is offered again. Returns the new path, or None if there was no file."""
    p = Path(path) if path is not None else autosave_path()
    if not p.exists():
        return None
    stem = p.name[:-len(".json")] if p.name.endswith(".json") else p.name
    target = p.with_name(f"{stem}.corrupt.json")
    n = 1
    while target.exists():
        n += 1
        target = p.with_name(f"{stem}.corrupt-{n}.json")
    os.replace(p, target)
    return target


def clean_temp(folder: str | os.PathLike | None = None) -> list[Path]:
    """Delete the temporary files ``.cardtable-*.json`` of an interrupted save in the save's
    folder (``record.clean_temp``); the app calls it at start. Returns the files deleted."""
    return _record.clean_temp(Path(folder) if folder is not None else data_dir())


def clear(path: str | os.PathLike | None = None) -> None:
    """Delete the save if there is one."""
    p = Path(path) if path is not None else autosave_path()
    try:
        p.unlink()
    except FileNotFoundError:
        pass
