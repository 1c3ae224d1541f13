"""Saves: every unfinished match in a file of its own, offered in the menu's Continue list.

Each match in progress is a game record (``cardtable-record/1``, docs/records.md) in
``data_dir()/saves/``, named by game, players and start time
(``kruisjassen_Anna-Bram-2bots_2026-12-01_142500.json``); a finished match moves to
``data_dir()/history/`` and is counted in the statistics (``cardtable.stats``). The data
folder is ``platformdirs.user_data_dir("cardtable")``; the environment variable
``CARDTABLE_HOME``, if set, replaces it (tests use it): cardtable/paths.py computes every
folder and file location. The players' names a seat may take: cardtable/seats.py.

    save_match(match)          # after every action: the match's own file (atomic)
    infos = list_saves()       # the unfinished matches, last played first (SaveInfo)
    match = load_match(path)   # one save, replayed; load_match() = the last played
    finish(match)              # the match is over: history and statistics, once
    delete(path)               # drop a save (only when the player chose it)
    notices = take_notices()   # the bad files moved aside since the last call (once each)
    clean_temp()               # at start: the temporary files of an interrupted save
    match = replay_file(path)  # any record file, checked as ``cardtable replay`` checks it

No save is ever overwritten by another match: a new match gets a new file (a name already
taken gets ``-2``, ``-3`` ...). The save records keys of its own besides the record's
(additive, docs/records.md "Saves"): ``match_id`` (a random hex id, the statistics' key),
``started`` (ISO 8601 time) and, once the table has set it, ``table``: the table's own
state (the order each player left the hand in: ``table_state``, ``set_table_state``). A
save that cannot be read or does not replay is renamed ``<name>.corrupt.json`` (``-2``
...) beside it, never offered again, and reported once (``take_notices``). The single
``autosave.json`` of earlier versions is moved into ``saves/`` the first time the saves
are listed (a bad one becomes ``autosave.corrupt.json`` as before), so an existing
player's game shows up in Continue.

``load_match`` and ``cardtable replay`` read a record the same way (``replay_file``): what
replays also resumes, and what is refused is refused by both, with the same RecordError.

Layering: above engine (records); uses ``stats`` at a match's end; used by the TUI and the
CLI; never imports textual.
"""

from __future__ import annotations

import os
import re
import secrets
import weakref
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cardtable.engine import record as _record
from cardtable.engine.match import Match
from cardtable.engine.record import RecordError, load, replay, save
from cardtable.paths import autosave_path, data_dir, history_dir, saves_dir  # the folders (paths.py); saves.* as before
from cardtable.seats import BOT_NAME, duplicate_problem, name_problem  # noqa: F401 (saves.* as before)

CORRUPT_NAME = "autosave.corrupt.json"

__all__ = [
    "RecordError",
    "SaveInfo",
    "autosave_path",
    "clean_temp",
    "clear",
    "corrupt_files",
    "data_dir",
    "delete",
    "finish",
    "history_dir",
    "list_saves",
    "load_match",
    "path_of",
    "quarantine",
    "replay_file",
    "save_match",
    "saves_dir",
    "set_table_state",
    "table_state",
    "take_notices",
]

#: per match: the encoded text of its hands (``record.dumps``), so that an autosave
#: encodes only the hand in play however long the match grows
_HAND_TEXT: "weakref.WeakKeyDictionary[Match, dict]" = weakref.WeakKeyDictionary()
#: per match: its save file and the keys of its own (``match_id``, ``started``)
_FILE: "weakref.WeakKeyDictionary[Match, tuple[Path, dict]]" = weakref.WeakKeyDictionary()
#: per match: the table's own state, kept in its save under ``table`` (``table_state``)
_TABLE: "weakref.WeakKeyDictionary[Match, dict]" = weakref.WeakKeyDictionary()
#: the bad files moved aside and not yet reported (``take_notices``)
_NOTICES: list[str] = []
#: (path, mtime_ns, size) -> SaveInfo of a file already replayed by ``list_saves``
_SEEN: dict[tuple[str, int, int], "SaveInfo"] = {}


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


# ---- names -------------------------------------------------------------------------------


def _safe(text: str, limit: int = 16) -> str:
    """``text`` as a part of a file name: letters and digits only (any script), cut."""
    return re.sub(r"[^\w]+", "", text).replace("_", "")[:limit]


def file_stem(game_id: str, seats: list[str], when: datetime) -> str:
    """``<game>_<players>_<YYYY-MM-DD_HHMMSS>``: the humans' names joined by ``-``, then the
    number of bots (``Anna-2bots``; ``4bots`` without humans)."""
    humans = [_safe(s.partition(":")[2]) or "player" for s in seats if s.startswith("human")]
    bots = sum(1 for s in seats if not s.startswith("human"))
    who = humans + ([f"{bots}bot" + ("s" if bots > 1 else "")] if bots else [])
    return f"{_safe(game_id, 40) or 'game'}_{'-'.join(who)[:60]}_{when.strftime('%Y-%m-%d_%H%M%S')}"


def _free(folder: Path, stem: str, suffix: str = ".json") -> Path:
    """``folder/stem.json``, or ``stem-2.json`` (``-3`` ...) when that name is taken."""
    p = folder / f"{stem}{suffix}"
    n = 1
    while p.exists():
        n += 1
        p = folder / f"{stem}-{n}{suffix}"
    return p


def players_text(seats: list[str]) -> str:
    """The players of a save in words: ``Anna, Bram and 2 bots``."""
    humans = [s.partition(":")[2] or "player" for s in seats if s.startswith("human")]
    bots = sum(1 for s in seats if not s.startswith("human"))
    parts = humans + ([f"{bots} bot" + ("s" if bots > 1 else "")] if bots else [])
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# ---- saving ------------------------------------------------------------------------------


def _own_keys(match: Match) -> tuple[Path, dict]:
    """The match's save file and own keys, made the first time it is saved: a new file in
    ``saves/`` that no other match has (so a new match never overwrites an old one)."""
    entry = _FILE.get(match)
    if entry is None:
        now = datetime.now().astimezone()
        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = _free(folder, file_stem(match.game.id, match.seats, now))
        entry = (path, {"match_id": secrets.token_hex(8), "started": now.isoformat(timespec="seconds")})
        _FILE[match] = entry
    return entry


def _record_of(match: Match, own: dict) -> dict:
    rec = match.to_record()
    rec.update(own)
    table = _TABLE.get(match)
    if table:
        rec["table"] = table
    return rec


def table_state(match: Match) -> dict:
    """The table's own state kept with ``match``'s save (its key ``table``, docs/records.md
    "Saves": the order each player left the hand in), as the table last set it or as the
    save it was resumed from holds it; ``{}`` when there is none (a new match, an older
    save). A copy: changing it changes nothing."""
    return dict(_TABLE.get(match) or {})


def set_table_state(match: Match, state: dict) -> None:
    """Keep ``state`` (JSON values only) as the table's state of ``match``, written with its
    every save from now on (``save_match``); ``{}`` drops it. Not read by ``replay``: the
    record's actions alone say what happened."""
    if state:
        _TABLE[match] = dict(state)
    else:
        _TABLE.pop(match, None)


def _keep_table(match: Match, data: dict) -> None:
    """The table's state of a save just read (``data["table"]`` when it is an object)."""
    table = data.get("table")
    if isinstance(table, dict) and table:
        _TABLE[match] = table


def path_of(match: Match) -> Path | None:
    """The save file of ``match`` (None before its first save)."""
    entry = _FILE.get(match)
    return entry[0] if entry else None


def match_id(match: Match) -> str:
    """The match's id (``match_id`` in its save; made now if it has none yet)."""
    return _own_keys(match)[1]["match_id"]


def save_match(match: Match, path: str | os.PathLike | None = None) -> Path | None:
    """Save ``match`` atomically in its own file (``path``: an explicit file instead); a
    finished match goes to the history instead (``finish``). The hands already saved are
    not encoded again (``record.dumps``). Returns the file written.

    Raises OSError if the folder cannot be written.
    """
    if path is not None:
        p = Path(path)
        if match not in _FILE:
            _FILE[match] = (
                p,
                {
                    "match_id": secrets.token_hex(8),
                    "started": datetime.now().astimezone().isoformat(timespec="seconds"),
                },
            )
        else:
            _FILE[match] = (p, _FILE[match][1])
    if match.over:
        return finish(match)
    p, own = _own_keys(match)
    try:
        cache = _HAND_TEXT.setdefault(match, {})
    except TypeError:  # not weakly referable: no cache
        cache = None
    save(_record_of(match, own), p, cache)
    return p


def finish(match: Match) -> Path | None:
    """The match is over: write it to ``history/`` (same name), count it in the statistics
    (``stats.record_match``, keyed by its ``match_id``, so a second call counts nothing),
    then delete its save. Safe to repeat after a crash at any point: until the save is
    deleted, the next ``list_saves`` finds the finished match and finishes it again.
    Returns the history file, or None for a match that is not over.

    Raises OSError or sqlite3.Error if a folder or the statistics cannot be written (the
    save is then kept)."""
    if not match.over:
        return None
    from cardtable import stats

    p, own = _own_keys(match)
    rec = _record_of(match, own)
    if p.parent == saves_dir():
        # the finished record in the save first: if the process dies below, the next
        # ``list_saves`` finds a finished match and finishes it (nothing is lost)
        save(rec, p)
    folder = history_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / p.name
    save(rec, target)
    stats.record_match(match, own["match_id"])
    try:
        p.unlink()
    except FileNotFoundError:
        pass
    return target


# ---- listing and loading -----------------------------------------------------------------


@dataclass(frozen=True)
class SaveInfo:
    """One unfinished match: its file, the Match replayed to where it stands, and what the
    Continue list shows (game name, players, the hand in play, last played)."""

    path: Path
    match: Match
    match_id: str
    started: str
    last_played: datetime

    @property
    def game_name(self) -> str:
        return self.match.game.name

    @property
    def players(self) -> str:
        return players_text(self.match.seats)

    @property
    def hand(self) -> int:
        """The number of the hand in play (1-based; dealt hands only)."""
        return max(1, sum(1 for h in self.match.hands if not h.get("between")))

    @property
    def score(self) -> str:
        """The running score of each side in seat order (``12–30``; partners share one), or
        "" while it is all 0 (no hand scored yet); with a total under 0 (a ledger of stakes)
        signed and apart (``-1 / +1``), where ``-1–1`` would read as a range."""
        g = self.match.game
        totals = self.match.sheet.seat_totals()
        by_side: dict[int, int] = {}
        for s, t in enumerate(totals):
            by_side.setdefault(g.team_of(s), t)
        if not any(by_side.values()):
            return ""
        if min(by_side.values()) < 0:
            return " / ".join(f"{t:+d}" if t else "0" for t in by_side.values())
        return "–".join(str(t) for t in by_side.values())

    @property
    def bots(self) -> str:
        """The bots by level (``3 strong bots``, ``2 strong, 1 simple bots``), or "" without
        bots."""
        levels = Counter(
            name for kind, name in map(self.match.seat_kind, range(len(self.match.seats))) if kind == "bot"
        )
        if not levels:
            return ""
        words = ", ".join(f"{n} {level}" for level, n in levels.items())
        return words + (" bots" if sum(levels.values()) > 1 else " bot")

    def started_text(self, now: datetime | None = None) -> str:
        """When the match was started, as ``last_played_text`` writes a time (the raw
        ``started`` text if it is no ISO time)."""
        try:
            t = datetime.fromisoformat(self.started)
        except ValueError:
            return self.started
        return _when_text(t, now)

    def last_played_text(self, now: datetime | None = None) -> str:
        """``today 14:25``, ``yesterday 09:10`` or ``2026-11-28 20:02``."""
        return _when_text(self.last_played, now)


def _when_text(t: datetime, now: datetime | None = None) -> str:
    """``today 14:25``, ``yesterday 09:10`` or ``2026-11-28 20:02``."""
    now = now or datetime.now().astimezone()
    if t.tzinfo is None:
        t = t.astimezone()
    days = (now.date() - t.astimezone(now.tzinfo).date()).days
    if days == 0:
        return f"today {t:%H:%M}"
    if days == 1:
        return f"yesterday {t:%H:%M}"
    return f"{t:%Y-%m-%d %H:%M}"


def continue_details(infos: list[SaveInfo], now: datetime | None = None) -> list[list[str]]:
    """Per save, what the Continue list writes after the game, the players and the hand, so
    that no two entries read the same: the score (where a hand has been scored) and the
    last played time, then, only where two entries would still read the same, the bots'
    levels, the start time and at last the save's number in the list."""
    base = [[x for x in (i.score and f"score {i.score}", i.last_played_text(now)) if x] for i in infos]
    heads = [(i.game_name, i.players, i.hand) for i in infos]
    extras = (lambda i, k: i.bots, lambda i, k: f"started {i.started_text(now)}", lambda i, k: f"save {k + 1}")
    for extra in extras:
        seen: dict[tuple, list[int]] = {}
        for k, (h, b) in enumerate(zip(heads, base)):
            seen.setdefault((h, tuple(b)), []).append(k)
        same = [ks for ks in seen.values() if len(ks) > 1]
        if not same:
            break
        for ks in same:
            words = [extra(infos[k], k) for k in ks]
            if len(set(words)) > 1 or extra is extras[-1]:
                for k, w in zip(ks, words):
                    if w:
                        base[k].append(w)
    return base


def take_notices() -> list[str]:
    """The lines about bad files moved aside since the last call (each reported once)."""
    out = list(_NOTICES)
    _NOTICES.clear()
    return out


def _note_bad(path: Path, error: Exception) -> None:
    """Move a bad save aside and note it for ``take_notices``."""
    try:
        where = quarantine(path)
    except OSError:
        where = None
    why = str(error)
    if why.startswith(str(path)):  # "PATH is not a cardtable record": the name is said once
        why = re.sub(r"^(: | is )", "", why[len(str(path)) :])
    why = why.replace(str(path), path.name)
    line = f"The saved game {path.name} could not be read ({why}); it was moved aside"
    _NOTICES.append(line + (f" to {where.name}." if where else "."))


def _migrate_autosave() -> None:
    """Move the single ``autosave.json`` of earlier versions into ``saves/`` under a name of
    its own (its ``started`` time: the file's time), never losing it: a bad one is renamed
    ``autosave.corrupt.json`` (``-2`` ...) where it is and reported."""
    old = autosave_path()
    try:
        if not old.is_file():
            return
        when = datetime.fromtimestamp(old.stat().st_mtime).astimezone()
    except OSError:
        return
    try:
        data = load(old)
        match = replay(data, bot_kinds=bot_kinds())
    except RecordError as e:
        _note_bad(old, e)
        return
    if match.over:  # earlier versions cleared a finished match; nothing to offer
        try:
            old.unlink()
        except OSError:
            pass
        return
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = _free(folder, file_stem(match.game.id, match.seats, when))
    data.setdefault("match_id", secrets.token_hex(8))
    data.setdefault("started", when.isoformat(timespec="seconds"))
    save(data, target)
    os.utime(target, (when.timestamp(), when.timestamp()))
    old.unlink()


def _is_save_name(name: str) -> bool:
    return name.endswith(".json") and not name.startswith(".") and ".corrupt" not in name


def list_saves() -> list[SaveInfo]:
    """The unfinished matches in ``saves/``, last played first (each replayed, as a resume
    would; a file already replayed and unchanged since is not replayed again). Moves the
    old single autosave in first; a bad file is moved aside (``take_notices``); a finished
    match found here (a crash at its end) is finished now. Never raises for a bad file or a
    folder that cannot be written (the old autosave then stays where it is)."""
    try:
        _migrate_autosave()
    except OSError:
        pass
    folder = saves_dir()
    try:
        paths = sorted(p for p in folder.iterdir() if _is_save_name(p.name) and p.is_file())
    except OSError:
        return []
    out = []
    for p in paths:
        try:
            st = p.stat()
        except OSError:
            continue
        key = (str(p), st.st_mtime_ns, st.st_size)
        info = _SEEN.get(key)
        if info is None:
            try:
                data = load(p)
                match = replay(data, bot_kinds=bot_kinds())
            except RecordError as e:
                _note_bad(p, e)
                continue
            _keep_table(match, data)
            own = {
                "match_id": data.get("match_id") if isinstance(data.get("match_id"), str) else secrets.token_hex(8),
                "started": str(data.get("started", "")),
            }
            if match.over:
                _FILE[match] = (p, own)
                try:
                    finish(match)
                except Exception:
                    pass
                continue
            info = SaveInfo(p, match, own["match_id"], own["started"], datetime.fromtimestamp(st.st_mtime).astimezone())
            _SEEN[key] = info
        out.append(info)
    out.sort(key=lambda i: i.last_played, reverse=True)
    return out


def corrupt_files() -> list[Path]:
    """The bad saves kept aside (``*.corrupt*.json`` in ``saves/`` and the data folder)."""
    out = []
    for folder in (saves_dir(), data_dir()):
        try:
            out.extend(p for p in folder.iterdir() if p.name.endswith(".json") and ".corrupt" in p.name)
        except OSError:
            pass
    return sorted(out)


def load_match(path: str | os.PathLike | None = None) -> Match | None:
    """The saved match in ``path``, replayed to where it stood, from now on saved back to
    that file; without ``path``, the match played last (``list_saves()[0]``). None if there
    is no such save or its match is over (it is finished then: ``finish``).

    Raises RecordError (one line) if the file ``path`` is not a readable record or does
    not replay (``replay_file``: the same checks as ``cardtable replay``); the caller then
    keeps it aside with ``quarantine(path)``. Without ``path`` bad files are moved aside
    by ``list_saves`` instead.
    """
    if path is None:
        infos = list_saves()
        if not infos:
            return None
        return resume(infos[0])
    p = Path(path)
    try:
        if not p.exists():
            return None
    except OSError as e:  # a folder that cannot be read
        raise RecordError(f"cannot read {p}: {e.strerror or e}") from None
    data = load(p)
    match = replay(data, bot_kinds=bot_kinds())
    _keep_table(match, data)
    own = {
        "match_id": data["match_id"] if isinstance(data.get("match_id"), str) else secrets.token_hex(8),
        "started": str(data.get("started") or datetime.now().astimezone().isoformat(timespec="seconds")),
    }
    _FILE[match] = (p, own)
    if match.over:
        finish(match)
        return None
    return match


def resume(info: SaveInfo) -> Match:
    """The match of a Continue entry, from now on saved back to its file. A SaveInfo's
    Match is handed out once: a second call replays the file again (a fresh Match)."""
    key = next((k for k, v in _SEEN.items() if v is info), None)
    if key is None:
        match = load_match(info.path)
        if match is None:
            raise RecordError(f"{info.path.name} is no longer an unfinished game")
        return match
    del _SEEN[key]
    _FILE[info.match] = (info.path, {"match_id": info.match_id, "started": info.started})
    return info.match


def quarantine(path: str | os.PathLike | None = None) -> Path | None:
    """Rename a bad save ``NAME.json`` to ``NAME.corrupt.json`` beside it, or
    ``NAME.corrupt-2.json`` (``-3`` ...) when that name is taken, so that every bad save is
    kept for a bug report and none is offered again. Without ``path``: the old single
    autosave. Returns the new path, or None if there was no file."""
    p = Path(path) if path is not None else autosave_path()
    if not p.exists():
        return None
    stem = p.name[: -len(".json")] if p.name.endswith(".json") else p.name
    target = p.with_name(f"{stem}.corrupt.json")
    n = 1
    while target.exists():
        n += 1
        target = p.with_name(f"{stem}.corrupt-{n}.json")
    os.replace(p, target)
    return target


def delete(path: str | os.PathLike) -> bool:
    """Delete one save (or a corrupt file kept aside); True if a file was deleted. Only
    for a player's explicit choice: nothing in cardtable deletes an unfinished game on its
    own."""
    p = Path(path)
    for k in [k for k, v in _SEEN.items() if v.path == p]:
        del _SEEN[k]
    try:
        p.unlink()
    except FileNotFoundError:
        return False
    return True


def clean_temp(folder: str | os.PathLike | None = None) -> list[Path]:
    """Delete the temporary files ``.cardtable-*.json`` of an interrupted save
    (``record.clean_temp``) in ``folder``, or in the data, saves and history folders; the
    app calls it at start. Returns the files deleted."""
    if folder is not None:
        return _record.clean_temp(Path(folder))
    out = []
    for f in (data_dir(), saves_dir(), history_dir()):
        if f.is_dir():
            out.extend(_record.clean_temp(f))
    return out


def clear(path: str | os.PathLike | None = None) -> None:
    """Delete the save file ``path`` if there is one. Without ``path`` it does nothing: there
    is no single save any more, and a finished match moves to the history (``finish``)."""
    if path is None:
        return
    p = Path(path)
    try:
        p.unlink()
    except FileNotFoundError:
        pass
