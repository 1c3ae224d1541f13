"""The player's settings: bot pace, card letters, colours, undo in hot-seat, bot thinking
budget, the bot's review in the hand summary, the order of the hand at the table.

    s = settings.load()            # the file's values, then the environment's overrides
    s.bot_delay, s.letters, s.dutch, s.colours, s.hotseat_undo, s.bot_budget, s.review,
    s.hand_sort
    settings.save(replace(s, letters="nl"))
    line = settings.take_warning() # the one message about an unreadable file (then None)

The file is ``settings.json`` (JSON, ``{"format": "cardtable-settings/1", ...}``) in the
platform's user config folder for ``cardtable`` (e.g. ``~/.config/cardtable`` on Linux);
``CARDTABLE_HOME``, if set, replaces that folder (as for the saves; tests use it): the
folders are computed in cardtable/paths.py (``config_dir``, ``data_dir``, ``settings_path``).

The environment still overrides the file (for one run, never saved by ``load``):
``CARDTABLE_BOT_DELAY`` (seconds), ``CARDTABLE_LETTERS`` (``en``/``nl``),
``CARDTABLE_BOT_BUDGET`` (seconds), ``CARDTABLE_REVIEW`` (``0``/``off`` or ``1``/``on``). A
bad environment value is ignored.

A file that cannot be read or parsed, or a key with a bad value, never stops the app: the
defaults stand in for what is bad, and one clear line (``take_warning``) says so.

Layering: beside ``saves`` (no game or TUI imports); used by the TUI and the CLI.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from cardtable.paths import HOME_ENV, config_dir, data_dir, settings_path  # noqa: F401 (settings.* as before)
from cardtable.paths import SETTINGS_NAME as FILE_NAME  # noqa: F401

__all__ = [
    "COLOURS",
    "HAND_SORTS",
    "LETTERS",
    "Settings",
    "config_dir",
    "data_dir",
    "load",
    "replace",
    "save",
    "settings_path",
    "take_warning",
]

FORMAT = "cardtable-settings/1"

#: card letters: English J Q K A, or Dutch B V H A (boer, vrouw, heer, aas)
LETTERS = ("en", "nl")
#: suit colours: hearts and diamonds red, spades and clubs white (``red-black``), or a
#: four-colour deck (diamonds orange, clubs green) that tells the suits apart at a glance
COLOURS = ("red-black", "four-colour")
#: the order of the hand at the table (the sort key ``=`` steps through them): as dealt, by
#: suit with the trump suit first, by rank (``tui/hand_order.py``)
HAND_SORTS = ("dealt", "suit", "rank")
#: upper bounds, so that a typing slip cannot freeze the table
MAX_BOT_DELAY = 10.0
MAX_BOT_BUDGET = 30.0


@dataclass(frozen=True)
class Settings:
    """The settings (immutable; change them with ``dataclasses.replace``).

    bot_delay: seconds a bot's move stays pending so a person can follow it (0 to 10).
    letters: ``"en"`` (J Q K A) or ``"nl"`` (B V H A).
    colours: one of ``COLOURS``.
    hotseat_undo: whether undo is allowed when two or more humans share the keyboard.
    bot_budget: seconds the strong bot may think per decision (more than 0, up to 30).
    review: whether the hand summary shows what the strong bot would have played (a short
        search while the player thinks, at a table with one human); False spends no CPU on it.
    hand_sort: the order the hand is shown in, one of ``HAND_SORTS`` (the table's ``=`` key
        changes and saves it).

    Raises ValueError (one line naming the setting) for a value out of range.
    """

    bot_delay: float = 0.6
    letters: str = "en"
    colours: str = "red-black"
    hotseat_undo: bool = False
    bot_budget: float = 1.0
    review: bool = True
    hand_sort: str = "dealt"

    def __post_init__(self) -> None:
        for f in fields(self):
            problem = _check(f.name, getattr(self, f.name))
            if problem:
                raise ValueError(problem)
        # JSON and the environment give ints for whole seconds: keep floats throughout
        object.__setattr__(self, "bot_delay", float(self.bot_delay))
        object.__setattr__(self, "bot_budget", float(self.bot_budget))

    @property
    def dutch(self) -> bool:
        """True for Dutch card letters (B V H A)."""
        return self.letters == "nl"


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def _check(name: str, value) -> str | None:
    """What is wrong with ``value`` for the setting ``name`` (None if it is fine)."""
    if name == "bot_delay":
        if not _number(value) or not 0 <= value <= MAX_BOT_DELAY:
            return f"bot_delay must be a number of seconds from 0 to {MAX_BOT_DELAY:g}, not {value!r}"
    elif name == "bot_budget":
        if not _number(value) or not 0 < value <= MAX_BOT_BUDGET:
            return f"bot_budget must be a number of seconds above 0 and at most {MAX_BOT_BUDGET:g}, not {value!r}"
    elif name == "letters":
        if value not in LETTERS:
            return f"letters must be one of {', '.join(LETTERS)}, not {value!r}"
    elif name == "colours":
        if value not in COLOURS:
            return f"colours must be one of {', '.join(COLOURS)}, not {value!r}"
    elif name == "hand_sort":
        if value not in HAND_SORTS:
            return f"hand_sort must be one of {', '.join(HAND_SORTS)}, not {value!r}"
    elif name in ("hotseat_undo", "review"):
        if not isinstance(value, bool):
            return f"{name} must be true or false, not {value!r}"
    return None


_warning: str | None = None
_warned: set[str] = set()


def take_warning() -> str | None:
    """The message about an unreadable settings file from the last ``load`` (once: a second
    call returns None, and the same message is not given again in this process)."""
    global _warning
    w, _warning = _warning, None
    return w


def _warn(line: str) -> None:
    global _warning
    if line not in _warned:
        _warned.add(line)
        _warning = line


def _from_file(path: Path) -> dict:
    """The valid settings of the file as a dict (bad or unknown keys left out, with a warning)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as e:
        _warn(f"The settings file {path} cannot be read ({e}); using the defaults.")
        return {}
    try:
        data = json.loads(text)
    except ValueError as e:
        _warn(f"The settings file {path} is not valid JSON ({e}); using the defaults.")
        return {}
    if not isinstance(data, dict):
        _warn(f"The settings file {path} does not hold a JSON object; using the defaults.")
        return {}
    out, bad = {}, []
    for f in fields(Settings):
        if f.name in data:
            problem = _check(f.name, data[f.name])
            if problem:
                bad.append(problem)
            else:
                out[f.name] = data[f.name]
    if bad:
        _warn(f"In the settings file {path}: {'; '.join(bad)}; using the default there.")
    return out


def _from_env() -> dict:
    """The overrides of the environment that are valid (a bad value is ignored)."""
    out = {}
    for name, key in (("CARDTABLE_BOT_DELAY", "bot_delay"), ("CARDTABLE_BOT_BUDGET", "bot_budget")):
        raw = os.environ.get(name)
        if raw is None or raw.strip() == "":
            continue
        try:
            v = float(raw)
        except ValueError:
            continue
        if key == "bot_delay":
            v = max(0.0, min(MAX_BOT_DELAY, v))
        if _check(key, v) is None:
            out[key] = v
    raw = os.environ.get("CARDTABLE_LETTERS")
    if raw:
        out["letters"] = "nl" if raw.strip().lower().startswith("nl") else "en"
    raw = (os.environ.get("CARDTABLE_REVIEW") or "").strip().lower()
    if raw in ("0", "off", "no", "false", "1", "on", "yes", "true"):
        out["review"] = raw in ("1", "on", "yes", "true")
    return out


def load(*, environ: bool = True, path: str | os.PathLike | None = None) -> Settings:
    """The settings: the defaults, then the file's valid values, then (``environ``) the
    environment's. Never raises for a bad file (see ``take_warning``)."""
    values = _from_file(Path(path) if path is not None else settings_path())
    if environ:
        values.update(_from_env())
    return Settings(**values)


def save(settings: Settings, path: str | os.PathLike | None = None) -> Path:
    """Write ``settings`` to the settings file atomically (a temporary file, then rename);
    the folder is created. Returns the path. Raises OSError if it cannot be written."""
    p = Path(path) if path is not None else settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": FORMAT, **asdict(settings)}
    tmp = p.with_name(f".{p.name}.tmp-{os.getpid()}")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, p)
    return p
