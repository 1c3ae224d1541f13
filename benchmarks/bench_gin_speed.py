"""Random play of Jersey Gin hands per second beside OpenSpiel's ``gin_rummy`` (issue 25 point 8).
Run by hand:

    python benchmarks/bench_gin_speed.py [--seconds 5] [--openspiel-python PATH]

Our figures, each a uniformly random legal action at every step, from a fresh deal to the end of
the hand (the showdown with its lay-offs and the result included):

- ``apply``: through the contract, ``legal_actions()`` and ``apply(action)`` (a new State each
  step, legality checked), as a bot, the CLI or a test drives a hand;
- ``apply_in_place``: the search's path, one State changed in place (``State.apply_in_place``);
- ``playout``: the knock family's fast playout (``State.playout``), the strong bot's random
  rollouts: a uniformly random draw or discard, but a knock or gin whenever one is legal.

OpenSpiel (``pyspiel``, C++) is driven from Python the same way: ``legal_actions()`` and
``apply_action`` with a uniformly random choice, chance outcomes (the deal, the stock) drawn
uniformly, one ``gin_rummy`` game (two players, one hand: knock at 10 or less, gin 25, undercut
25) from the deal to its end. OpenSpiel is not a dependency of cardtable: install it in a venv of
its own and name its python,

    python -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open_spiel
    python benchmarks/bench_gin_speed.py --openspiel-python /tmp/osvenv/bin/python

the script runs its OpenSpiel part there (``--only-openspiel``; that part imports no cardtable
module). Without it only our figures are printed. CPU time of this process (or of the child).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time


def openspiel_hands(seconds: float, seed: int = 1) -> dict:
    """Random ``gin_rummy`` games (hands) for ``seconds`` of CPU time: hands/s and actions/hand."""
    import pyspiel  # the optional venv's

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    hands = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        hands += 1
    spent = time.process_time() - start
    return {"hands_per_s": hands / spent, "actions_per_hand": actions / hands, "hands": hands}


def ours(seconds: float, how: str, seed: int = 1) -> dict:
    """Random Jersey Gin hands for ``seconds`` of CPU time by ``how`` (module docstring)."""
    import common  # noqa: F401  (puts the clone on sys.path)

    from cardtable.engine import get_game

    game = get_game("jersey-gin")
    rng = random.Random(seed)
    hands = actions = 0
    outcomes: dict[str, int] = {}
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_hand(seed=hands)
        if how == "playout":
            state.playout(rng)
        elif how == "apply_in_place":
            while state.to_act is not None:
                legal = state.legal_actions()
                state.apply_in_place(legal[rng.randrange(len(legal))])
                actions += 1
        else:
            while state.to_act is not None:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randrange(len(legal))])
                actions += 1
        res = state.result()
        outcomes[res.outcome] = outcomes.get(res.outcome, 0) + 1
        hands += 1
    spent = time.process_time() - start
    return {
        "hands_per_s": hands / spent,
        "actions_per_hand": actions / hands if actions else None,
        "hands": hands,
        "outcomes": outcomes,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per figure")
    ap.add_argument("--openspiel-python", help="a python with open_spiel installed (its own venv)")
    ap.add_argument("--only-openspiel", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.only_openspiel:
        print(json.dumps(openspiel_hands(args.seconds)))
        return
    rows = []
    for how in ("apply", "apply_in_place", "playout"):
        r = ours(args.seconds, how)
        rows.append((f"Jersey Gin (3 players), {how}", r))
    if args.openspiel_python:
        out = subprocess.run(
            [args.openspiel_python, __file__, "--only-openspiel", "--seconds", str(args.seconds)],
            capture_output=True,
            text=True,
            check=False,
        )
        if out.returncode == 0:
            rows.append(("OpenSpiel gin_rummy (2 players), apply_action", json.loads(out.stdout)))
        else:
            print(f"OpenSpiel not run: {out.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
    else:
        print("OpenSpiel not run (no --openspiel-python): our figures only", file=sys.stderr)
    print(f"{'what':52} {'hands/s':>9} {'actions/hand':>13}")
    for name, r in rows:
        per = r.get("actions_per_hand")
        print(f"{name:52} {r['hands_per_s']:9.0f} {per if per is None else round(per, 1)!s:>13}")
        if "outcomes" in r:
            print(f"{'':52} outcomes {r['outcomes']}")


if __name__ == "__main__":
    main()
