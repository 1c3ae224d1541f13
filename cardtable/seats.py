"""The names a human player may take at a seat: not empty, no ``:`` or ``,`` (the seat texts
``human:NAME`` of the command line and the records are split on them), not how the table
names a bot (``Bot 2``), and nothing a record refuses (``engine.record.check_seat``); no two
human seats with the same name. The seat setup of the TUI and ``cardtable play`` ask here,
so both refuse the same names with the same one-line message.
"""

from __future__ import annotations

import re

from cardtable.engine import record as _record
from cardtable.engine.record import RecordError

__all__ = ["BOT_NAME", "duplicate_problem", "name_problem"]

#: how the table names a bot (``Bot 2``): no human may take such a name
BOT_NAME = re.compile(r"(?i)bots?( \d+)?")


def name_problem(name: str, seat: int) -> str | None:
    """What is wrong with ``name`` for a human in ``seat`` (None if nothing): empty, with
    ``:`` or ``,``, a bot's name (``Bot 2``, ``Bot``), or what a record refuses (too long, control
    characters). The seat setup and ``cardtable play`` refuse the same names."""
    if not name.strip():
        return f"seat {seat}: a human player needs a name"
    if ":" in name or "," in name:
        return f"seat {seat}: a name may not contain ':' or ','"
    if BOT_NAME.fullmatch(name.strip()):
        return f"seat {seat}: '{name.strip()}' is how the table names a bot; choose another name"
    try:  # what a record may hold, so that the save resumes
        _record.check_seat(f"human:{name}", seat)
    except RecordError as e:
        return str(e)
    return None


def duplicate_problem(seats: list[str]) -> str | None:
    """``two human players have the same name`` when two human seats share a name."""
    names = [s.split(":", 1)[1].strip().casefold() for s in seats if s.startswith("human:")]
    return "two human players have the same name" if len(set(names)) != len(names) else None
