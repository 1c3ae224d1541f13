"""What an observation costs early and late in a hand (run by hand:
``python benchmarks/bench_observation.py``).

Issue 6: the observation must cost the same at the end of a hand as at the start (it
used to re-render every log line). For Kruisjassen, Butifarra and Klassieke Rummy (3
players), one random hand is played (Kruisjassen without claims, so that it runs its 8
tricks) and ``observation(to_act)`` is timed at an early and a late position:
- ``same state``: the same state observed again (the log's texts are cached);
- ``fresh state``: the first observation of a state just made by ``apply`` from an
  observed state, as the table does after every action (only the new events are made into
  LogEvents and rendered).
Figures are the minimum over interleaved repeats (wall time, the machine may be shared).
"""

from __future__ import annotations

import random
import time

from common import bench_seconds  # noqa: F401  (puts the clone on sys.path)

from cardtable.engine import get_game


def line(game, seed: int, skip=("claim",)):
    """The states of one random hand (actions with a verb in ``skip`` left out)."""
    rng = random.Random(seed)
    st = game.new_hand(seed=seed)
    states = [st]
    while not st.over:
        legal = [a for a in st.legal_actions() if a.verb not in skip] or st.legal_actions()
        st = st.apply(rng.choice(legal), check=False)
        states.append(st)
    return states


def timing(st, repeats: int = 30, n: int = 1000) -> tuple[float, float]:
    """(same state, fresh state) seconds per observation, minimum over ``repeats``."""
    same = fresh = 1e9
    seat = st.to_act
    a = st.legal_actions()[0]
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _i in range(n):
            st.observation(seat)
        same = min(same, (time.perf_counter() - t0) / n)
        st.observation(seat)
        kids = [st.apply(a, check=False) for _i in range(n // 5)]
        t0 = time.perf_counter()
        for k in kids:
            k.observation(k.to_act)
        fresh = min(fresh, (time.perf_counter() - t0) / len(kids))
    return same, fresh


def main() -> None:
    for gid, players, early, late in (
        ("kruisjassen", 4, "trick 1", "trick 8"),
        ("butifarra", 4, "trick 1", "trick 12"),
        ("klassieke-rummy", 3, "turn 2", "late"),
    ):
        game = get_game(gid, players=players)
        for seed in range(100):
            sts = [s for s in line(game, seed) if s.to_act is not None]
            if gid == "klassieke-rummy":
                if len(sts) > 40:
                    pick = (sts[3], sts[-2])
                    break
            else:
                plays = [s for s in sts if s.phase == "play" and not s.trick]
                if plays and plays[-1].ntricks == plays[-1].n_tricks - 1:
                    pick = (plays[0], plays[-1])
                    break
        for label, st in zip((early, late), pick):
            same, fresh = timing(st)
            print(
                f"{gid:16s} {label:9s} {len(st.observation(0).log):3d} log lines: "
                f"{same * 1e6:6.1f} us (same state), {fresh * 1e6:6.1f} us (fresh state)"
            )


if __name__ == "__main__":
    main()
