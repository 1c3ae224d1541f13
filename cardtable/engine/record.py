"""Game records (``cardtable-record/1``): read, check, replay, save atomically.

The format is a public interface, documented in docs/records.md; change it only additively.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import unicodedata
from pathlib import Path
from typing import Any, Collection

from cardtable.engine.game import DealError, IllegalAction, OptionError
from cardtable.engine.match import RECORD_FORMAT, Match
from cardtable.engine.registry import get_game

#: The largest record read (bytes): a long match is well under 1 MB; a bigger file is refused
#: before it is read whole (``replay /dev/zero`` must not read until memory runs out).
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: The deepest nesting of lists and objects (a record needs 6; a ``comment`` may use more).
MAX_DEPTH = 64
#: The longest action text (the longest legal action is well under 500 characters).
MAX_ACTION_CHARS = 1000
#: The longest seat name.
MAX_NAME_CHARS = 64
#: The longest error message: a message never echoes a huge input.
MAX_MESSAGE_CHARS = 400
#: Bot kinds a seat may name when the caller does not pass its own list (engine does not
#: import the bots; ``cardtable.saves`` passes the registry's kinds).
_BOT_KIND = re.compile(r"[a-z][a-z0-9_-]*")


def clip(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (with ``…``), for error messages. Lone
    surrogates and other odd characters come out escaped, as ``repr`` writes them."""
    text = value if isinstance(value, str) else None
    if text is not None and len(text) > limit * 4:
        text = text[: limit * 4]  # repr of a 50 MB text is never built
        r = repr(text)
    else:
        r = repr(value) if text is None else repr(text)
    if len(r) > limit:
        r = r[: limit - 1] + "…"
    return r


def _one_line(message: str) -> str:
    message = " ".join(message.split("\n"))
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[: MAX_MESSAGE_CHARS - 1] + "…"
    return message


class RecordError(ValueError):
    """A record that cannot be read or replayed. ``str(err)`` is one line for a person (at
    most MAX_MESSAGE_CHARS characters); ``hand`` and ``action`` (0-based indexes) say where,
    when an action was refused; the message counts from 1 (``hand 1, action 3``), as the
    table does."""

    def __init__(self, message: str, hand: int | None = None, action: int | None = None, reason: str | None = None):
        message = _one_line(message)
        super().__init__(message)
        self.hand = hand
        self.action = action
        self.reason = _one_line(reason) if reason else message


def read_text(path: str | os.PathLike) -> str:
    """The text of a record file, at most MAX_RECORD_BYTES, UTF-8 with or without a BOM.

    Raises RecordError for a missing or unreadable file, a bigger file, or bytes that are
    not UTF-8 text.
    """
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path} is not a cardtable record (larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a cardtable record (not UTF-8 text)") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse(text: str, where: str = "record") -> Any:
    """JSON text -> data; RecordError (naming ``where``) for text that is not JSON, a
    number of more than 4,300 digits, NaN or Infinity, or nesting deeper than MAX_DEPTH."""
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as e:
        at = "" if e.msg.endswith(" at") else " at"  # "Unterminated string starting at"
        raise RecordError(f"{where} is not a cardtable record (not JSON: {e.msg}{at} line {e.lineno})") from None
    except RecursionError:
        raise RecordError(f"{where} is not a cardtable record (nested deeper than {MAX_DEPTH} levels)") from None
    except ValueError as e:  # an integer of 4,300+ digits (sys.get_int_max_str_digits), NaN
        why = str(e)
        if "digits" in why:
            why = "a number with more than 4300 digits"
        raise RecordError(f"{where} is not a cardtable record (not JSON: {why})") from None
    # iterative: a RecursionError must not escape from here either
    stack = [(data, 1)]
    while stack:
        obj, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RecordError(f"{where} is not a cardtable record (nested deeper than {MAX_DEPTH} levels)")
        if isinstance(obj, dict):
            stack.extend((v, depth + 1) for v in obj.values())
        elif isinstance(obj, list):
            stack.extend((v, depth + 1) for v in obj)
    return data


def load(path: str | os.PathLike) -> dict[str, Any]:
    """Read a record file (``read_text`` and ``parse``); RecordError if it cannot be read or
    is not JSON. The shape is checked by ``check_shape`` (``replay`` calls it)."""
    return parse(read_text(path), str(path))


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_seat(text: Any, index: int, bot_kinds: Collection[str] | None = None) -> str:
    """A record's seat text, checked exactly: ``human:NAME`` (NAME 1 to MAX_NAME_CHARS
    characters, no spaces at either end, no control characters or lone surrogates),
    ``bot`` or ``bot:KIND`` (KIND lower case, one of ``bot_kinds`` when given). Returns the
    text; RecordError naming the seat otherwise (``BOT:SIMPLE``, ``robot``, ``bot:random ``)."""
    where = f"seat {index}"
    if not isinstance(text, str):
        raise RecordError(f'{where}: must be a text like "human:Anna" or "bot:simple", not {clip(text)}')
    kind, colon, rest = text.partition(":")
    if kind == "bot":
        if colon and not rest:
            raise RecordError(f'{where} {clip(text)}: write "bot" or "bot:KIND"')
        if rest and (not _BOT_KIND.fullmatch(rest) or (bot_kinds is not None and rest not in bot_kinds)):
            known = f" (bots: {', '.join(bot_kinds)})" if bot_kinds is not None else ""
            raise RecordError(f"{where} {clip(text)}: unknown bot {clip(rest)}{known}")
        return text
    if kind == "human" and colon:
        if not rest:
            raise RecordError(f'{where} {clip(text)}: a human seat needs a name ("human:Anna")')
        if len(rest) > MAX_NAME_CHARS:
            raise RecordError(f"{where}: the name is longer than {MAX_NAME_CHARS} characters")
        if rest != rest.strip():
            raise RecordError(f"{where} {clip(text)}: the name begins or ends with a space")
        if any(unicodedata.category(ch) in ("Cc", "Cs", "Cn", "Zl", "Zp") for ch in rest):
            raise RecordError(
                f"{where} {clip(text)}: the name holds a control character or an invalid one (a lone surrogate)"
            )
        return text
    raise RecordError(f'{where} {clip(text)}: write "human:NAME", "bot" or "bot:KIND" (lower case, no spaces around)')


def _check_option(name: Any, value: Any) -> Any:
    """An option value as the game's parser takes it; RecordError for a value no option
    takes (a list, an object) or a number that is not whole (``1.9`` is never cut to 1)."""
    if not isinstance(name, str):
        raise RecordError(f'record "options": the key {clip(name)} is not a text')
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise RecordError(f"option {clip(name)}: {value!r} is not a whole number")
    if isinstance(value, str):
        if len(value) > 100:
            raise RecordError(f"option {clip(name)}: {clip(value)} is not a value of this option")
        return value
    raise RecordError(f"option {clip(name)}: {clip(value)} must be true/false, a number, a text or null")


#: The keys of a ``deal`` shared by the games and the type of their value (docs/records.md,
#: "The deal of each game"); other keys are left to the game's ``from_deal`` (DealError).
_CODES = "a list of card codes"


def _check_deal(deal: Any, where: str) -> None:
    if not isinstance(deal, dict):
        raise RecordError(f'{where}: "deal" must be an object (dealer, hands, ...), not {clip(deal)}')

    def codes(v: Any, what: str) -> None:
        if not isinstance(v, list) or not all(isinstance(c, str) and len(c) <= 8 for c in v):
            raise RecordError(f'{where}: deal "{what}" must be {_CODES}, not {clip(v)}')

    for key, v in deal.items():
        if key in ("dealer", "to_act"):
            if not _is_int(v):
                raise RecordError(f'{where}: deal "{key}" must be a seat number, not {clip(v)}')
        elif key == "hands":
            if not isinstance(v, list):
                raise RecordError(f'{where}: deal "hands" must be a list of hands ({_CODES} each), not {clip(v)}')
            for i, h in enumerate(v):
                codes(h, f"hands[{i}]")
        elif key in ("stock", "discard"):
            codes(v, key)
        elif key == "upcard":
            if v is not None and not (isinstance(v, str) and len(v) <= 8):
                raise RecordError(f'{where}: deal "upcard" must be a card code or null, not {clip(v)}')
        elif key == "melds":
            if not isinstance(v, list):
                raise RecordError(f'{where}: deal "melds" must be a list of {{"owner", "cards"}}, not {clip(v)}')
            for i, md in enumerate(v):
                if not isinstance(md, dict) or not _is_int(md.get("owner")):
                    raise RecordError(f'{where}: deal "melds"[{i}] must be {{"owner": seat, "cards": [...]}}')
                codes(md.get("cards"), f"melds[{i}].cards")


def check_shape(data: Any, bot_kinds: Collection[str] | None = None) -> None:
    """RecordError unless ``data`` has the shape of a ``cardtable-record/1`` and every value
    the app uses has its type (docs/records.md, "The record" and "What is refused"): the
    seats (``check_seat``), integer seeds and player count, option values, hands with a
    seed or a deal object and action texts of at most MAX_ACTION_CHARS characters."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(f'not a cardtable record (expected "format": "{RECORD_FORMAT}")')
    if not isinstance(data.get("game"), str):
        raise RecordError('record has no "game" (a game id text)')
    if len(data["game"]) > 40:
        raise RecordError(f"unknown game {clip(data['game'])}")
    players = data.get("players")
    if players is not None and not _is_int(players):
        raise RecordError(f'record "players" must be a whole number, not {clip(players)}')
    seed = data.get("seed")
    if seed is not None and not _is_int(seed):
        raise RecordError(f'record "seed" must be a whole number, not {clip(seed)}')
    if seed is not None and seed < 0:  # random.Random(-n) deals as n: a seed is 0 or more
        raise RecordError(f'record "seed" must be 0 or more, not {clip(seed)}')
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError('record "options" must be an object')
    for k, v in options.items():
        _check_option(k, v)
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError('record "hands" must be a list')
    for i, h in enumerate(hands):
        if not isinstance(h, dict):
            raise RecordError(f'hand {i + 1}: must be an object with "seed" or "deal" and "actions"')
        if "between" in h and h["between"] is not True:
            raise RecordError(f'hand {i + 1}: "between" must be true (a decision between hands) or left out')
        if "seed" in h and not _is_int(h["seed"]):
            raise RecordError(f'hand {i + 1}: "seed" must be a whole number, not {clip(h["seed"])}')
        if "seed" in h and h["seed"] < 0:
            raise RecordError(f'hand {i + 1}: "seed" must be 0 or more, not {clip(h["seed"])}')
        if "deal" in h:
            _check_deal(h["deal"], f"hand {i + 1}")
        elif "seed" not in h and not h.get("between"):
            raise RecordError(f'hand {i + 1}: needs a "seed" (integer) or a "deal"')
        acts = h.get("actions", [])
        if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
            raise RecordError(f'hand {i + 1}: "actions" must be a list of action texts')
        for j, a in enumerate(acts):
            if len(a) > MAX_ACTION_CHARS:
                raise RecordError(
                    f"hand {i + 1}, action {j + 1}: an action text of {len(a)} characters (at most {MAX_ACTION_CHARS})",
                    hand=i,
                    action=j,
                )
    seats = data.get("seats")
    if seats is not None:
        if not isinstance(seats, list):
            raise RecordError('record "seats" must be a list of texts like "human:Anna" or "bot:simple"')
        for i, s in enumerate(seats):
            check_seat(s, i, bot_kinds)


def replay(data: dict[str, Any], bot_kinds: Collection[str] | None = None) -> Match:
    """Re-run a record, checking every action; the Match as it stands after the last action.

    ``bot_kinds``: the bot kinds a seat may name (``cardtable.saves`` passes the bots'
    registry; None checks only their form). Raises RecordError, and nothing else, for a bad
    shape (``check_shape``), an unknown game or option, an invalid deal, an illegal action
    (with ``hand`` and ``action`` indexes and the reason), or a game that fails on the record.
    """
    check_shape(data, bot_kinds)
    seats = data.get("seats")
    players = data.get("players") or (len(seats) if seats else None)
    options = {k: _check_option(k, v) for k, v in data.get("options", {}).items()}
    try:
        game = get_game(data["game"], players=players, **options)
    except OptionError as e:
        raise RecordError(str(e)) from None
    except Exception as e:  # a game that fails on odd options: still one line
        raise RecordError(
            f"the game {clip(data['game'])} cannot be set up with these options "
            f"({type(e).__name__}: {clip(str(e), 80)})"
        ) from None
    if seats is None:
        seats = ["bot:simple" for _ in range(game.players)]
    try:
        match = Match(game, seats, seed=data.get("seed"))
    except IllegalAction as e:
        raise RecordError(str(e)) from None
    for hi, hand in enumerate(data.get("hands", [])):
        if match.over:
            raise RecordError(f"hand {hi + 1}: the match was already over")
        try:
            if hand.get("between"):
                match.start_between()
            else:
                match.start_hand(seed=hand.get("seed"), deal=hand.get("deal"))
        except (DealError, IllegalAction) as e:
            raise RecordError(f"hand {hi + 1}: {e}", hand=hi) from None
        except Exception as e:  # a game that fails on an odd deal
            what = "deal" if "deal" in hand else "seed"
            raise RecordError(
                f"hand {hi + 1}: this {what} cannot be dealt ({type(e).__name__}: {clip(str(e), 80)})", hand=hi
            ) from None
        for ai, text in enumerate(hand.get("actions", [])):
            try:
                match.apply(text)
            except IllegalAction as e:
                raise RecordError(
                    f"hand {hi + 1}, action {ai + 1} ({clip(text, 60)}): {e}", hand=hi, action=ai, reason=str(e)
                ) from None
            except Exception as e:  # a game that fails on an odd action
                raise RecordError(
                    f"hand {hi + 1}, action {ai + 1} ({clip(text, 60)}): the action cannot be "
                    f"applied ({type(e).__name__}: {clip(str(e), 80)})",
                    hand=hi,
                    action=ai,
                    reason=str(e),
                ) from None
    return match


def summary(match: Match) -> dict[str, Any]:
    """The ``cardtable replay --json`` object (docs/records.md)."""
    hands = []
    number = 0  # dealt hands so far: a decision between hands is no hand
    for entry, res in zip(match.hands, match.results):
        hands.append(
            {
                "actions_applied": len(entry["actions"]),
                "result": res.to_json() if res is not None else None,
            }
        )
        if entry.get("between"):
            hands[-1]["between"] = True
            hands[-1]["after_hand"] = number
        else:
            number += 1
            hands[-1]["hand"] = number
    st = match.state
    live = st if st is not None and not st.over else None  # the hand still in play
    return {
        "format": RECORD_FORMAT,
        "game": match.game.id,
        "players": match.game.players,
        "options": dict(match.game.options),
        "hands": hands,
        "to_act": live.to_act if live is not None else None,
        "legal_actions": [a.text() for a in live.legal_actions()] if live is not None else [],
        "sheet": match.sheet.to_json(),
        "sheet_text": match.sheet.render(),
        "match_over": match.over,
        "winners": list(match.sheet.winners),
    }


def dumps(record: dict[str, Any], cache: dict[int, tuple[Any, str]] | None = None) -> str:
    """A record as JSON text for a person and a program alike: each top-level key on a line
    of its own and each hand on one line (compact, and written by json's fast encoder; an
    indented dump of a long match costs ten times as much at every autosave).

    ``cache``: a dict kept by the caller between saves of the same match: the text of each
    hand, reused while the hand's seed, deal and number of actions are unchanged (a
    record's earlier hands never change), so that an autosave encodes only the hand in play.
    """
    parts = []
    for key, value in record.items():
        if key == "hands" and isinstance(value, list) and value:
            lines = []
            for i, h in enumerate(value):
                sig = (len(h.get("actions", ())), h.get("seed"), id(h.get("deal")), len(h))
                hit = cache.get(i) if cache is not None else None
                if hit is not None and hit[0] == sig:
                    lines.append(hit[1])
                    continue
                text = json.dumps(h, separators=(", ", ": "))
                if cache is not None:
                    cache[i] = (sig, text)
                lines.append(text)
            body = ",\n  ".join(lines)
            parts.append(f"{json.dumps(key)}: [\n  {body}\n ]")
        else:
            parts.append(f"{json.dumps(key)}: {json.dumps(value, separators=(', ', ': '))}")
    return "{\n " + ",\n ".join(parts) + "\n}\n"


#: The temporary files of ``save``: ``.cardtable-PID-XXXX.json`` beside the record.
TEMP_PREFIX = ".cardtable-"


def save(record: dict[str, Any], path: str | os.PathLike, cache: dict[int, tuple[Any, str]] | None = None) -> None:
    """Write a record atomically: a temporary file in the same folder (named
    ``.cardtable-PID-….json``, see ``clean_temp``), flushed to disk, then renamed.
    ``cache``: see ``dumps``. Raises OSError if the folder cannot be written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(record, cache)
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def clean_temp(folder: str | os.PathLike, older_than: float = 60.0) -> list[Path]:
    """Delete the temporary files an interrupted ``save`` left in ``folder`` (the process
    was killed between writing and renaming): those of a process that is no longer running,
    and any older than ``older_than`` seconds. The files of a save in progress in another
    running process are kept. Returns the files deleted; never raises for a file it cannot
    delete or a missing folder."""
    import time

    gone: list[Path] = []
    try:
        entries = list(Path(folder).glob(f"{TEMP_PREFIX}*.json"))
    except OSError:
        return gone
    now = time.time()
    for p in entries:
        pid_text = p.name[len(TEMP_PREFIX) :].split("-", 1)[0]
        try:
            stale = now - p.stat().st_mtime > older_than
            if not stale and pid_text.isdecimal() and pid_text.isascii():
                stale = not _alive(int(pid_text))
            if stale:
                p.unlink()
                gone.append(p)
        except OSError:
            continue
    return gone
