"""Game records (``cardtable-record/1``): read, check, replay, save atomically.

The format is a public interface, documented in docs/records.md; change it only additively.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.engine.game import DealError, IllegalAction, OptionError
from cardtable.engine.match import RECORD_FORMAT, Match
from cardtable.engine.registry import get_game


class RecordError(ValueError):
    """A record that cannot be read or replayed. ``str(err)`` is one line for a person;
    ``hand`` and ``action`` (0-based indexes) say where, when an action was refused."""

    def __init__(self, message: str, hand: int | None = None, action: int | None = None,
                 reason: str | None = None):
        super().__init__(message)
        self.hand = hand
        self.action = action
        self.reason = reason or message


def load(path: str | os.PathLike) -> dict[str, Any]:
    """Read a record file; RecordError for a missing file or text that is not JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a cardtable record (not text)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not a cardtable record (not JSON: {e.msg} at line {e.lineno})") from None
    return data


def check_shape(data: Any) -> None:
    """RecordError unless ``data`` has the shape of a ``cardtable-record/1``."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a cardtable record (expected \"format\": \"{RECORD_FORMAT}\")")
    if not isinstance(data.get("game"), str):
        raise RecordError("record has no \"game\"")
    if not isinstance(data.get("options", {}), dict):
        raise RecordError("record \"options\" must be an object")
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("record \"hands\" must be a list")
    for i, h in enumerate(hands):
        if not isinstance(h, dict):
            raise RecordError(f"hand {i}: must be an object with \"seed\" or \"deal\" and \"actions\"")
        if "between" in h and h["between"] is not True:
            raise RecordError(f"hand {i}: \"between\" must be true (a decision between hands) or left out")
        if not h.get("between") and "deal" not in h and not isinstance(h.get("seed"), int):
            raise RecordError(f"hand {i}: needs a \"seed\" (integer) or a \"deal\"")
        acts = h.get("actions", [])
        if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
            raise RecordError(f"hand {i}: \"actions\" must be a list of action texts")
    seats = data.get("seats")
    if seats is not None and (not isinstance(seats, list) or not all(isinstance(s, str) for s in seats)):
        raise RecordError("record \"seats\" must be a list of texts like \"human:Anna\" or \"bot:simple\"")


def replay(data: dict[str, Any]) -> Match:
    """Re-run a record, checking every action; the Match as it stands after the last action.

    Raises RecordError: for a bad shape, unknown game or option, invalid deal, or an
    illegal action (with ``hand`` and ``action`` indexes and the reason).
    """
    check_shape(data)
    seats = data.get("seats")
    players = data.get("players") or (len(seats) if seats else None)
    try:
        game = get_game(data["game"], players=players, **data.get("options", {}))
    except OptionError as e:
        raise RecordError(str(e)) from None
    if seats is None:
        seats = [f"bot:simple" for _ in range(game.players)]
    try:
        match = Match(game, seats, seed=data.get("seed"))
    except IllegalAction as e:
        raise RecordError(str(e)) from None
    for hi, hand in enumerate(data.get("hands", [])):
        if match.over:
            raise RecordError(f"hand {hi}: the match was already over")
        try:
            if hand.get("between"):
                match.start_between()
            else:
                match.start_hand(seed=hand.get("seed"), deal=hand.get("deal"))
        except (DealError, IllegalAction) as e:
            raise RecordError(f"hand {hi}: {e}", hand=hi) from None
        for ai, text in enumerate(hand.get("actions", [])):
            try:
                match.apply(text)
            except IllegalAction as e:
                raise RecordError(f"hand {hi}, action {ai} ({text!r}): {e}", hand=hi, action=ai,
                                  reason=str(e)) from None
    return match


def summary(match: Match) -> dict[str, Any]:
    """The ``cardtable replay --json`` object (docs/records.md)."""
    hands = []
    for entry, res in zip(match.hands, match.results):
        hands.append({
            "actions_applied": len(entry["actions"]),
            "result": res.to_json() if res is not None else None,
        })
        if entry.get("between"):
            hands[-1]["between"] = True
    st = match.state
    unfinished = st is not None and not st.over
    return {
        "format": RECORD_FORMAT,
        "game": match.game.id,
        "players": match.game.players,
        "options": dict(match.game.options),
        "hands": hands,
        "to_act": st.to_act if unfinished else None,
        "legal_actions": [a.text() for a in st.legal_actions()] if unfinished else [],
        "sheet": match.sheet.to_json(),
        "sheet_text": match.sheet.render(),
        "match_over": match.over,
        "winners": list(match.sheet.winners),
    }


def save(record: dict[str, Any], path: str | os.PathLike) -> None:
    """Write a record atomically: a temporary file in the same folder, then rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".cardtable-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(record, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
