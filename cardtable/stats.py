"""Statistics per player name across matches, in an SQLite database (Python's sqlite3).

    stats.record_match(match, match_id)   # at the match's end (saves.finish calls it)
    rows = stats.table()                  # per (player name, game): a Row
    stats.db_path()                       # data_dir()/stats.sqlite3 (paths.db_path)

Only human seats are counted (by their name, as typed; the same name in another game is a
row of its own). Per player and game: matches played and won, hands played and won, and the
best score (the seat's total on the score sheet at the match's end, in the sheet's unit:
points, strepen ...; the highest counts as best, the lowest where the lowest total wins:
the sheet's ``lowest_wins``, as in Jokeren).

A match is counted once and whole: its row in ``matches`` (primary key: the match id kept
in its save) and its players' rows are written in one transaction. If the process is killed
halfway, SQLite rolls the transaction back and the match is counted at the next
``record_match`` of the same match (the save is only deleted after the commit, see
``saves.finish``); a second ``record_match`` of a match already counted writes nothing.

Layering: beside ``saves`` (the engine's Match only); used by saves, the TUI and the CLI.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cardtable.engine.match import Match
from cardtable.paths import DB_NAME, db_path  # noqa: F401 (stats.* as before)

__all__ = ["Row", "db_path", "record_match", "table"]


SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    match_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    game_name TEXT NOT NULL,
    ended TEXT NOT NULL,
    hands INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
    match_id TEXT NOT NULL REFERENCES matches(match_id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    won INTEGER NOT NULL,
    hands_played INTEGER NOT NULL,
    hands_won INTEGER NOT NULL,
    score INTEGER NOT NULL,
    unit TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
"""


def _connect(path: Path | None = None) -> sqlite3.Connection:
    p = path or db_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(p, timeout=5.0, isolation_level=None)  # transactions by hand
    conn.executescript(SCHEMA)
    return conn


def _between_rows() -> None:
    """A hook between the match's row and its players' rows (tests end the process here to
    prove a write killed halfway counts nothing)."""


def _player_rows(match: Match) -> list[tuple]:
    """(seat, name, won, hands played, hands won, score, unit) per human seat; hands
    played are the dealt hands the seat took part in (``Match.seat_hands``)."""
    sheet = match.sheet
    try:
        totals = list(sheet.seat_totals())
    except Exception:
        totals = [0] * len(match.seats)
    rows = []
    for seat in range(len(match.seats)):
        kind, name = match.seat_kind(seat)
        if kind != "human":
            continue
        played, won = match.seat_hands(seat)  # dealt hands it took part in
        score = totals[seat] if seat < len(totals) else 0
        rows.append((seat, name, int(seat in sheet.winners), played, won, int(score), sheet.unit or "points"))
    return rows


def record_match(match: Match, match_id: str, path: Path | None = None) -> bool:
    """Count the finished ``match`` (its id: ``match_id``) in one transaction. Returns True
    if it was counted now, False if it had been counted before (nothing written).

    Raises ValueError for a match that is not over; sqlite3.Error or OSError if the
    database cannot be written (nothing is counted then)."""
    if not match.over:
        raise ValueError("only a finished match is counted")
    rows = _player_rows(match)
    hands = match.hand_number()  # dealt hands only
    conn = _connect(path)
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("SELECT 1 FROM matches WHERE match_id = ?", (match_id,)).fetchone():
                conn.execute("ROLLBACK")
                return False
            conn.execute(
                "INSERT INTO matches VALUES (?, ?, ?, ?, ?)",
                (
                    match_id,
                    match.game.id,
                    match.game.name,
                    datetime.now().astimezone().isoformat(timespec="seconds"),
                    hands,
                ),
            )
            _between_rows()
            conn.executemany(
                "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, seat, name, match.game.id, won, played, hw, score, unit)
                    for seat, name, won, played, hw, score, unit in rows
                ],
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    finally:
        conn.close()
    return True


@dataclass(frozen=True)
class Row:
    """One player in one game: matches and hands played and won, the best score."""

    name: str
    game: str
    game_name: str
    matches: int
    matches_won: int
    hands: int
    hands_won: int
    best_score: int
    unit: str


def table(name: str | None = None, path: Path | None = None) -> list[Row]:
    """The statistics per (player name, game), by name then game name; ``name``: only that
    player. An absent database is no statistics (``[]``). Raises sqlite3.Error for a file
    that is not a database."""
    p = path or db_path()
    if not p.exists():
        return []
    conn = _connect(p)
    try:
        q = (
            "SELECT p.name, p.game, m.game_name, COUNT(*), SUM(p.won), SUM(p.hands_played), "
            "SUM(p.hands_won), MAX(p.score), MIN(p.score), MAX(p.unit) FROM players p "
            "JOIN matches m USING (match_id) "
        )
        args: tuple = ()
        if name is not None:
            q += "WHERE p.name = ? "
            args = (name,)
        q += "GROUP BY p.name, p.game ORDER BY p.name COLLATE NOCASE, m.game_name"
        return [Row(*r[:7], r[8] if _lowest_wins(r[1]) else r[7], r[9]) for r in conn.execute(q, args).fetchall()]
    finally:
        conn.close()


def _lowest_wins(game_id: str) -> bool:
    """Whether the lowest total wins in ``game_id`` (its score sheet's ``lowest_wins``);
    False for a game no longer known."""
    from cardtable.engine import get_game

    try:
        return bool(getattr(get_game(game_id).new_sheet(), "lowest_wins", False))
    except Exception:
        return False
