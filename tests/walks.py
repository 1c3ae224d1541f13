"""The shared random walk (issue 20): random legal matches of every game, played once per
test process and read by each test that needs random play of a game.

``walk(gid, players)`` plays the matches of a game at one player count through
``tests.test_invariants.play_match``, which checks every invariant while it plays (every
action legal, cards conserved, no hidden card shown, old states unchanged, illegal actions
refused, the spec's totals; see that module), and keeps what the other tests read:

- ``actions``: every distinct legal action met at any position, by game (options) —
  tests/test_grammar.py reads each text back;
- ``positions``: states the checks looked at in depth, at most ``PER_HAND`` a hand and
  ``POSITIONS`` in all (a State never changes once made: ``apply`` returns a new one, and
  the walk checks it) — tests/test_views.py checks their zones, verbs and events;
- ``finals``: finished hands, at most ``FINALS`` — the views' summaries and log, the
  result hooks (tests/test_invariants.py);
- ``stats``: matches, hands, actions, positions checked in depth, probes, outcomes.

The matches: match ``i`` of (game, players) draws its options, its seats' policies and its
seeds from ``random.Random(f"walk/{gid}/{players}/{i}")``, the same on every run and
whatever the number of matches. The policies go round: every seat random (a uniformly
random legal action), every seat the simple bot, one of the two per seat. Options: every
option drawn from its own spec, whole-number targets small (down to the minimum) as often
as at the default, so that matches are short and match ends are reached often.

How many matches: the game's measured seconds of one match (``tests/walk_costs/<game>.txt``,
a file of the game's own: one core, nothing else running) against ``budget_seconds`` per game
(``tests/walk_budget.json``), at most ``max_matches``, at least ``min_per_count`` per player count, spread evenly over
the player counts. ``python -m tests.walks`` measures every game again and prints the table
(``--write GAME`` writes the game's file); ``CARDTABLE_INVARIANT_MATCHES=N`` plays N
matches per game instead. ``pytest -m slow tests/test_invariants.py`` plays 10,000 a game.

One process plays a walk once: the tests that read one game's walk are marked
``xdist_group`` with ``group(gid)`` (``--dist loadgroup`` in pyproject.toml sends them to
one worker). A walk that fails raises its AssertionError in every test that reads it, with
the call that plays the failing match again.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import cardtable.games  # noqa: F401 - registers the games
from cardtable.engine import game_class, game_ids

BUDGET_FILE = Path(__file__).with_name("walk_budget.json")
BUDGET: dict[str, Any] = json.loads(BUDGET_FILE.read_text(encoding="utf-8"))
#: one file a game, ``<game id>.txt``: its measured seconds of one match (``--write``)
COSTS_DIR = Path(__file__).with_name("walk_costs")


def seconds_per_match(gid: str) -> float | None:
    """``gid``'s measured seconds of one match of its walk, or None (not measured yet)."""
    path = COSTS_DIR / f"{gid}.txt"
    return float(path.read_text(encoding="utf-8")) if path.exists() else None


#: positions kept for the views: at most this many a hand, and in all per (game, players)
PER_HAND = 6
POSITIONS = 240
#: finished hands kept per (game, players)
FINALS = 40


def group(gid: str):
    """The mark that sends every test reading the walks of ``gid`` to one xdist worker."""
    return pytest.mark.xdist_group(f"walk-{gid}")


def counts_of(gid: str) -> range:
    cls = game_class(gid)
    return range(cls.min_players, cls.max_players + 1)


def matches_for(gid: str) -> int:
    """The matches of ``gid``'s walk (all player counts together), by its budget."""
    env = os.environ.get("CARDTABLE_INVARIANT_MATCHES")
    if env:
        return int(env)
    cost = seconds_per_match(gid)
    if cost is None:  # not measured yet: the most (test_every_game_has_a_budget says so)
        return BUDGET["max_matches"]
    return min(BUDGET["max_matches"], int(BUDGET["budget_seconds"] / cost))


def matches_per_count(gid: str) -> int:
    """The matches at each player count: the game's share spread evenly, at least
    ``min_per_count``."""
    return max(BUDGET["min_per_count"], math.ceil(matches_for(gid) / len(counts_of(gid))))


# ---- one match's draw ------------------------------------------------------------------


def draw_options(gid: str, rng: random.Random) -> dict:
    """Option values from the game's own option specs: bools and choices uniformly;
    whole-number targets at the default or small (down to the minimum), half and half."""
    opts: dict[str, Any] = {}
    for o in game_class(gid).option_specs:
        if o.kind == "bool":
            opts[o.name] = rng.random() < 0.5
        elif o.kind == "choice":
            opts[o.name] = rng.choice(o.choices)
        elif o.kind == "int":
            lo = o.minimum if o.minimum is not None else 1
            hi = max(lo, o.default if isinstance(o.default, int) else lo + 10)
            small = rng.randint(lo, min(hi, lo + max(3, (hi - lo) // 4)))
            opts[o.name] = o.default if rng.random() < 0.5 else small
        elif o.kind == "int_or_none":
            lo = o.minimum if o.minimum is not None else 1
            opts[o.name] = None if rng.random() < 0.5 else rng.randint(lo, lo + 4)
        elif o.kind == "int_or_auto":  # manille's target: auto or a number
            lo = o.minimum if o.minimum is not None else 1
            opts[o.name] = "auto" if rng.random() < 0.5 else rng.randint(lo, lo + 40)
    return opts


@dataclass(frozen=True)
class MatchDraw:
    """What match ``index`` of a walk plays: ``play_match(**kwargs)`` plays it again."""

    gid: str
    players: int
    options: dict
    policies: tuple[str, ...]
    match_seed: int
    play_seed: int

    def call(self) -> str:
        """The call that plays this match again, for a failure message."""
        return (
            f"tests.test_invariants.play_match({self.gid!r}, {self.players}, {self.options!r}, "
            f"match_seed={self.match_seed}, play_seed={self.play_seed}, policies={self.policies!r})"
        )


def draw_match(gid: str, players: int, index: int) -> MatchDraw:
    rng = random.Random(f"walk/{gid}/{players}/{index}")
    options = draw_options(gid, rng)
    kind = index % 3
    if kind == 0:
        policies = ("random",) * players
    elif kind == 1:
        policies = ("simple",) * players
    else:
        policies = tuple(rng.choice(("random", "simple")) for _ in range(players))
    return MatchDraw(gid, players, options, policies, rng.randrange(2**31), rng.randrange(2**31))


# ---- the walk --------------------------------------------------------------------------


@dataclass
class Walk:
    gid: str
    players: int
    draws: list[MatchDraw] = field(default_factory=list)
    stats: Counter = field(default_factory=Counter)
    #: (players, sorted options) -> (a game with those options, the distinct legal actions)
    actions: dict = field(default_factory=dict)
    positions: list = field(default_factory=list)
    finals: list = field(default_factory=list)
    seconds: float = 0.0


_WALKS: dict[tuple[str, int], Walk] = {}
_FAILED: dict[tuple[str, int], str] = {}


def walk(gid: str, players: int) -> Walk:
    """The walk of ``gid`` at ``players`` seats, played at the first call in this process
    (every invariant checked on the way); raises the walk's AssertionError if it failed."""
    key = (gid, players)
    if key in _FAILED:
        raise AssertionError(_FAILED[key])
    if key not in _WALKS:
        try:
            _WALKS[key] = _play(gid, players, matches_per_count(gid))
        except Exception as e:  # the failing match's call, in every test that reads the walk
            _FAILED[key] = f"{type(e).__name__}: {e}"
            raise
    return _WALKS[key]


class _Keeper:
    """What one match of a walk leaves for the other tests: its legal actions, a few of the
    positions checked in depth a hand (``PER_HAND``), its finished hands; ``play_match``
    calls it at every position."""

    def __init__(self, w: Walk):
        self.w = w
        self.seen: set = set()
        self.in_hand = 0

    def __call__(self, state, legal, deep, between) -> None:
        self.seen.update(legal)
        if between:
            return
        w = self.w
        if state.to_act is None:
            if len(w.finals) < FINALS:
                w.finals.append(state)
            self.in_hand = 0
        elif deep and self.in_hand < PER_HAND and len(w.positions) < POSITIONS:
            w.positions.append(state)
            self.in_hand += 1


def _play(gid: str, players: int, n_matches: int) -> Walk:
    from cardtable.engine import get_game
    from tests.test_invariants import play_match

    w = Walk(gid, players)
    start = time.process_time()
    for i in range(n_matches):
        d = draw_match(gid, players, i)
        w.draws.append(d)
        keep = _Keeper(w)
        try:
            stats = play_match(gid, players, d.options, d.match_seed, d.play_seed, d.policies, visit=keep)
        except Exception as e:
            raise AssertionError(f"{e}\n  in match {i} of the walk of {gid} at {players}: {d.call()}") from e
        w.stats += stats
        w.stats["matches"] += 1
        okey = (players, tuple(sorted(d.options.items())))
        if okey not in w.actions:
            w.actions[okey] = (get_game(gid, players=players, **d.options), set())
        w.actions[okey][1].update(keep.seen)
    w.seconds = time.process_time() - start
    return w


def every_case() -> list[tuple[str, int]]:
    """(game id, player count) for every registered game and every count it allows."""
    return [(g, n) for g in sorted(game_ids()) for n in counts_of(g)]


# ---- measuring the budget --------------------------------------------------------------


def measure(gid: str, per_count: int = 20) -> float:
    """Seconds (process time) of one match of ``gid``'s walk: the first ``per_count``
    matches at every player count, checked as in the tests."""
    from tests.test_invariants import play_match

    total, n = 0.0, 0
    for players in counts_of(gid):
        for i in range(per_count):
            d = draw_match(gid, players, i)
            t = time.process_time()
            play_match(gid, players, d.options, d.match_seed, d.play_seed, d.policies)
            total += time.process_time() - t
            n += 1
    return total / n


def main(argv: list[str]) -> None:
    """``python -m tests.walks [--write] [GAME ...]``: measure the seconds per match of the
    games (all by default) and print each game's matches and share; ``--write`` stores each
    measured game's seconds in its file, tests/walk_costs/<game>.txt."""
    write = "--write" in argv
    games = [a for a in argv if not a.startswith("--")] or sorted(game_ids())
    for gid in games:
        cost = round(measure(gid), 4)
        if write:
            COSTS_DIR.mkdir(exist_ok=True)
            (COSTS_DIR / f"{gid}.txt").write_text(f"{cost}\n", encoding="utf-8")
        m = matches_per_count(gid) * len(counts_of(gid))
        print(f"{gid:22s} {cost:.4f} s a match  {m:4d} matches  ~{m * cost:.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
