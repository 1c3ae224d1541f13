"""Random playouts per second from mid-hand states (run by hand:
``python benchmarks/bench_playout.py [--seconds S] [--games kruisjassen,butifarra,...]``).

A playout plays a state to the end at random by the reference policy of
``State.playout`` (``rollout_actions()``: no claims, no talk; trick roem and stuk always
declared; the rummy melds and lays off when it can) and ends with ``returns()``. The
starting positions: 20 deals per game (seeds 0..19) played at random to mid-hand: 4 of 8
tricks (Kruisjassen, Manille Muette), 6 of 12 (Butifarra), 3 turns per seat (Klassieke
Rummy, 4 players). Each column measures another way to play out the same positions, with
the same random draws:

- ``engine``: today's way, ``legal_actions()`` then ``apply(action)`` (a clone and a
  legality check per step), from a copy of the real state;
- ``unchecked``: the same with ``apply(action, check=False)``;
- ``in place``: ``information_set(seat).sample(rng)`` then the generic loop of
  ``State.playout`` (``rollout_actions()`` + ``apply_in_place``);
- ``fast``: ``information_set(seat).sample(rng)`` then the game's ``playout(rng)``
  (the trick games: ``TrickHand.playout``, bitmasks, no Action objects, no clone);
- ``fast, no sample``: the fast path from a plain ``clone()`` of the real state.

Rates are playouts per second of CPU time of this process (``time.process_time``); the
columns take turns in short bursts, so that other work on the machine weighs on them alike.
The last two columns: ``fast`` and ``fast, no sample`` over ``engine``.
"""

from __future__ import annotations

import argparse
import random
import time

from common import bench_seconds  # puts the clone on sys.path

from cardtable.engine import get_game
from cardtable.engine.game import State

#: game id -> (players, a test "is this mid-hand?")
GAMES = {
    "kruisjassen": (None, lambda st: getattr(st, "ntricks", 0) >= 4),
    "manille-muette": (None, lambda st: getattr(st, "ntricks", 0) >= 4),
    "butifarra": (None, lambda st: getattr(st, "ntricks", 0) >= 6),
    "klassieke-rummy": (4, lambda st: st.turn >= 12),
}


def mid_hand_states(gid: str, n: int = 20) -> list[State]:
    players, mid = GAMES[gid]
    game = get_game(gid, players=players)
    out = []
    seed = 0
    while len(out) < n:
        st = game.new_hand(seed=seed)
        rng = random.Random(seed)
        seed += 1
        while st.to_act is not None and not mid(st):
            st = st.apply(rng.choice(st.rollout_actions()))
        if st.to_act is not None:
            out.append(st)
    return out


def pick(acts, rng):
    return acts[0] if len(acts) == 1 else acts[rng.randrange(len(acts))]


def engine_playout(st: State, rng: random.Random, check: bool) -> tuple:
    while st.to_act is not None:
        st = st.apply(pick(st.rollout_actions(), rng), check=check)
    return st.returns()


def rates(states: list[State], seconds: float, runs, rounds: int = 10) -> list[float]:
    """Playouts per CPU second of each ``run(state, iset, rng)`` over ``states``: the runs
    take turns in ``rounds`` short bursts (``seconds / rounds`` each), so that other work on
    the machine weighs on every column alike."""
    isets = [st.information_set(st.to_act) for st in states]
    counts = [0] * len(runs)
    times = [0.0] * len(runs)
    rngs = [random.Random(1) for _ in runs]
    for _ in range(rounds):
        for j, run in enumerate(runs):
            rng = rngs[j]
            n = 0
            t0 = time.process_time()
            end = t0 + seconds / rounds
            while time.process_time() < end:
                for st, iset in zip(states, isets):
                    run(st, iset, rng)
                    n += 1
            times[j] += time.process_time() - t0
            counts[j] += n
    return [c / t for c, t in zip(counts, times)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=bench_seconds("2"), help="seconds per figure")
    ap.add_argument("--games", default="kruisjassen,butifarra,klassieke-rummy,manille-muette")
    args = ap.parse_args()
    cols = (
        ("engine", lambda st, iset, rng: engine_playout(st, rng, True)),
        ("unchecked", lambda st, iset, rng: engine_playout(st, rng, False)),
        ("in place", lambda st, iset, rng: State.playout(iset.sample(rng), rng)),
        ("fast", lambda st, iset, rng: iset.sample(rng).playout(rng)),
        ("fast, no sample", lambda st, iset, rng: st.clone().playout(rng)),
    )
    print(f"random playouts per second from mid-hand (CPU time, {args.seconds:g} s per figure)")
    print(f"{'game':16s}" + "".join(f"{c:>17s}" for c, _ in cols) + f"{'fast/engine':>13s}" + f"{'no sample':>13s}")
    for gid in args.games.split(","):
        states = mid_hand_states(gid)
        rs = rates(states, args.seconds * len(cols), [run for _c, run in cols])
        print(f"{gid:16s}" + "".join(f"{r:17,.0f}" for r in rs) + f"{rs[3] / rs[0]:12.1f}x" + f"{rs[4] / rs[0]:12.1f}x")


if __name__ == "__main__":
    main()
