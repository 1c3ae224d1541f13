"""The positions of every phase of every game that the table tests read (tests/tui/test_generic.py,
test_small_screen.py, test_key_line.py), made once per process: a module of its own, so that a
test module importing them does not import test_generic.py a second time under another name
(the test files are no package: pytest imports them by their file name) and play its
collection-time positions again."""

from __future__ import annotations

import functools
import random

from cardtable.engine import Match, get_game
from cardtable.engine.registry import game_class, game_ids


@functools.lru_cache(maxsize=None)
def phase_positions(gid: str, n: int, seeds: int = 3, per_phase: int = 2):
    """Positions of every phase the game reaches in seeded random matches (a few of each);
    made once per arguments (several tests read them; none changes them)."""
    out: dict[str, list] = {}
    for seed in range(seeds):
        m = Match(get_game(gid, players=n), seed=seed)
        rng = random.Random(seed)
        for _ in range(3):
            if m.over:
                break
            m.start_next()
            while not m.state.over:
                obs = m.state.observation(m.state.to_act)
                if len(out.setdefault(obs.phase, [])) < per_phase:
                    out[obs.phase].append(obs)
                m.apply(rng.choice(m.state.legal_actions()), check=False)
    return out


CONFIGS = [(g, n) for g in sorted(game_ids()) for n in sorted({game_class(g).min_players, game_class(g).max_players})]


def phase_match(gid: str, n: int, phase: str, seed: int = 1) -> Match | None:
    """A match (Anna in seat 0, random bots) at Anna's first decision in ``phase``."""
    m = Match(get_game(gid, players=n), ["human:Anna"] + ["bot:random"] * (n - 1), seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if m.state is None or m.state.over:
            if m.over:
                return None
            m.start_next()
            continue
        if m.state.to_act == 0 and m.state.observation(0).phase == phase:
            return m
        m.apply(rng.choice(m.state.legal_actions()), check=False)
    return None
