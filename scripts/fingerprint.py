"""A fingerprint of the program's behaviour, to compare before and after a change that should
change nothing (a refactor): every record under ``tests/records`` replayed to its summary JSON
(docs/records.md), and fixed-seed bot matches (simple and strong bots, the strong one searching a
fixed number of playouts in process) written as their action lists.

Run from the repository root: ``python scripts/fingerprint.py > before.txt``, change the code,
``python scripts/fingerprint.py > after.txt``, then ``diff before.txt after.txt`` (no output: the
same behaviour). ``--quick`` plays fewer matches. Prints one line per record and per match: its
name and a SHA-256 of its JSON (``--full`` prints the JSON itself, to see what differs).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardtable import saves  # noqa: E402
from cardtable.bots import get_bot  # noqa: E402
from cardtable.engine import get_game, record  # noqa: E402
from cardtable.engine.match import Match  # noqa: E402
from cardtable.engine.registry import game_ids  # noqa: E402


def records() -> list[tuple[str, object]]:
    """(the record's path under tests/records, its summary) for every record."""
    out = []
    for path in sorted((ROOT / "tests" / "records").rglob("*.json")):
        name = str(path.relative_to(ROOT))
        try:
            out.append((name, record.summary(saves.replay_file(path))))
        except Exception as e:  # a record that is meant to be refused: its message is its print
            out.append((name, f"{type(e).__name__}: {e}"))
    return out


def match_actions(gid: str, seed: int, iterations: int, hands: int) -> list[list[str]]:
    """The actions of ``hands`` hands of ``gid``: strong bots (``iterations`` playouts a
    decision, in process) against simple ones, seats alternating, every seed fixed."""
    game = get_game(gid)
    n = game.players
    kinds = ["strong" if s % 2 == 0 else "simple" for s in range(n)]
    match = Match(game, [f"bot:{k}" for k in kinds], seed=seed)
    bots = []
    for s, kind in enumerate(kinds):
        b = get_bot(kind, game, seed=seed * 31 + s)
        if hasattr(b, "use_pool"):
            b.use_pool = False
        if hasattr(b, "iterations"):
            b.iterations = iterations
        bots.append(b)
    out: list[list[str]] = []
    while not match.over and len(out) < hands:
        state = match.start_next()
        acts: list[str] = []
        while state.to_act is not None:
            seat = state.to_act
            action = bots[seat].choose(bots[seat].info_for(state, seat))
            acts.append(f"{seat} {action.text() if hasattr(action, 'text') else action}")
            state = match.apply(action)
        out.append(acts)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one hand per game instead of three")
    ap.add_argument("--full", action="store_true", help="print the JSON, not its hash")
    ap.add_argument("--games", default=",".join(game_ids()))
    ap.add_argument("--no-records", action="store_true")
    args = ap.parse_args()

    def show(name: str, obj: object) -> None:
        text = json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str)
        print(name, text if args.full else hashlib.sha256(text.encode()).hexdigest()[:16], flush=True)

    if not args.no_records:
        for name, obj in records():
            show(name, obj)
    for gid in args.games.split(","):
        for seed in (1, 2):
            show(f"match {gid} seed {seed}", match_actions(gid, seed, 30, 1 if args.quick else 3))


if __name__ == "__main__":
    main()
