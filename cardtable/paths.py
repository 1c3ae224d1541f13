"""Where cardtable keeps its files on this machine: the config folder (the settings file) and
the data folder (the saves, the finished matches, the statistics, the crash log). Both are the
platform's user folders for ``cardtable`` (``platformdirs``: e.g. ``~/.config/cardtable`` and
``~/.local/share/cardtable`` on Linux); the environment variable ``CARDTABLE_HOME``, if set,
replaces both (tests use it). Every function computes a path and creates nothing; settings.py,
saves.py, stats.py and the TUI ask here (``settings.data_dir``, ``saves.saves_dir`` ... remain
as names of these).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "HOME_ENV",
    "autosave_path",
    "config_dir",
    "crash_log_path",
    "data_dir",
    "db_path",
    "history_dir",
    "saves_dir",
    "settings_path",
]

#: the environment variable that replaces both folders
HOME_ENV = "CARDTABLE_HOME"
#: the settings file, in the config folder
SETTINGS_NAME = "settings.json"
#: in the data folder: the unfinished matches, the finished ones, the statistics database,
#: the single autosave of earlier versions (moved into ``saves/`` once) and the crash log
SAVES_FOLDER = "saves"
HISTORY_FOLDER = "history"
DB_NAME = "stats.sqlite3"
AUTOSAVE_NAME = "autosave.json"
CRASH_LOG_NAME = "crash.log"


def config_dir() -> Path:
    """The folder of the settings file: ``$CARDTABLE_HOME`` if set, else the platform's user
    config folder for ``cardtable`` (e.g. ``~/.config/cardtable``). Not created here."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("cardtable", appauthor=False))


def data_dir() -> Path:
    """The data folder (saves, history, statistics; ``saves.data_dir`` is this one):
    ``$CARDTABLE_HOME`` if set, else the platform's user data folder for ``cardtable`` (e.g.
    ``~/.local/share/cardtable`` on Linux). Not created here."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def settings_path() -> Path:
    """The path of the settings file (it may not exist)."""
    return config_dir() / SETTINGS_NAME


def saves_dir() -> Path:
    """The folder of the unfinished matches (``data_dir()/saves``)."""
    return data_dir() / SAVES_FOLDER


def history_dir() -> Path:
    """The folder of the finished matches (``data_dir()/history``)."""
    return data_dir() / HISTORY_FOLDER


def autosave_path() -> Path:
    """The single autosave of earlier versions (read once, to move it into ``saves/``)."""
    return data_dir() / AUTOSAVE_NAME


def db_path() -> Path:
    """The statistics database file: ``stats.sqlite3`` in the data folder (the saves' folder)."""
    return data_dir() / DB_NAME


def crash_log_path() -> Path:
    """The TUI's crash log: ``crash.log`` in the data folder, beside the saves."""
    return data_dir() / CRASH_LOG_NAME
