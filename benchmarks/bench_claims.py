"""Wrong bot claims per game (run by hand:
``python benchmarks/bench_claims.py [--games grevjas,...] [--seats strong,strong,strong,strong]
[--hands 200] [--seed 5] [--iterations N]``; the strong bot's time budget is
``CARDTABLE_BOT_BUDGET``, else 1 s, unless ``--iterations`` fixes its playouts).

For each game with a claim (kruisjassen's "ik dek", grevjas's "honderd", schutjassen's "ik
dek"), ``--hands`` hands of bot-only matches, dealt as ``cardtable simulate GAME --seed S``
deals them (the same match seeds and bot seeds), the strong bot searching in process. A
hand's result says whether it ended on a claim (``detail["claimer"]``, the seat) and whether
that claim was wrong (``outcome`` ``wrong_claim``; schutjassen: ``failed``). Printed per
game: hands, claims by a bot, wrong claims, the decisions where a claim was on offer, and
those where it was on offer but unproven (``Game.unproven_claims``: the bots leave it out),
and the wall time (the machine's load included).
"""

from __future__ import annotations

import argparse
import json
import time

from common import bench_seconds  # noqa: F401  (puts the clone on sys.path)

from cardtable.bots import get_bot
from cardtable.bots.simulate import MAX_ACTIONS_PER_HAND, _sub_seed
from cardtable.engine import Match, get_game

#: the games whose bots may claim
CLAIM_GAMES = ("kruisjassen", "grevjas", "schutjassen")


def wrong_claim(result) -> bool:
    """Whether a hand's Result ended on a wrong claim: a claimer and a failed outcome."""
    d = result.detail
    return d.get("claimer") is not None and result.outcome in ("wrong_claim", "failed")


def run(gid: str, kinds: list[str], hands: int, seed: int, iterations: int | None) -> dict:
    game = get_game(gid)
    seats = [f"bot:{k}" for k in kinds]
    out = {
        "game": gid,
        "seats": seats,
        "hands": 0,
        "claims": 0,
        "wrong_claims": 0,
        "claim_offered": 0,
        "claim_unproven": 0,
    }
    unproven = getattr(game, "unproven_claims", None)  # None: a clone from before the hook
    t0 = time.perf_counter()
    matches = 0
    match = None
    bots: list = []
    while out["hands"] < hands:
        if match is None or match.over:
            match = Match(game, seats, seed=_sub_seed(seed, matches))
            bots = [get_bot(match.seat_kind(s)[1], game, seed=_sub_seed(seed, matches, s)) for s in range(game.players)]
            for b in bots:
                b.use_pool = False
                if iterations is not None and b.kind == "strong":
                    b.iterations = iterations
            matches += 1
        state = match.start_next()
        steps = 0
        while not state.over:
            seat = state.to_act
            obs = state.observation(seat)
            if any(a.verb == "claim" for a in obs.legal):
                out["claim_offered"] += 1
                out["claim_unproven"] += (
                    bool(unproven(obs)) if unproven else obs.scores["counts"][game.team_of(seat)] < 100
                )
            state = match.apply(bots[seat].choose(bots[seat].info_for(state, seat)))
            steps += 1
            if steps > MAX_ACTIONS_PER_HAND:
                raise RuntimeError(f"{gid}: a hand did not end")
        if match.in_between:
            continue
        res = match.results[-1]
        out["hands"] += 1
        out["claims"] += res.detail.get("claimer") is not None
        out["wrong_claims"] += wrong_claim(res)
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(CLAIM_GAMES))
    ap.add_argument("--seats", default="strong,strong,strong,strong", help="bot kinds, one per seat")
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--iterations", type=int, default=None, help="fixed playouts per strong decision")
    ap.add_argument("--json", action="store_true", help="one JSON object per game")
    args = ap.parse_args()
    kinds = args.seats.split(",")
    for gid in args.games.split(","):
        r = run(gid, kinds, args.hands, args.seed, args.iterations)
        if args.json:
            print(json.dumps(r), flush=True)
        else:
            print(
                f"{gid:12} {args.seats}: {r['hands']} hands, {r['claims']} claims by bots, "
                f"{r['wrong_claims']} wrong; claim on offer {r['claim_offered']} times, "
                f"unproven {r['claim_unproven']}; {r['seconds']} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
