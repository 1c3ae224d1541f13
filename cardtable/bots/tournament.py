"""Duplicate tournaments between bot kinds (``cardtable tournament``).

    result = run_tournament(game, ["strong", "simple"], deals=20, seed=1, iterations=200)

Each deal (a match seed: the seeds of all its hands) is played once for every distinct
rotation of the seating pattern (kinds in turn round the table: ``strong, simple, strong,
simple`` and then ``simple, strong, simple, strong`` for four seats; three rotations for
three seats), so every kind sits in every seat of every deal, as in duplicate bridge. A
match's point goes to the kind(s) of the seats the score sheet names as winners (shared
by halves when seats of several kinds win); a kind's win rate is its points over the
matches it played, with a 95% Wilson interval. A match that has not ended after
``max_hands`` hands counts as a draw (half each) and is reported as unfinished. Also per
kind: the mean points per hand of one of its seats (the hand results' points), which says
more than match wins where matches are short and the deal decides much.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Callable

from cardtable.bots import get_bot
from cardtable.engine.game import Game
from cardtable.engine.match import Match

#: a hand not over after this many actions is a bug
MAX_ACTIONS_PER_HAND = 20_000


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% for z = 1.96)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def arrangements(kinds: list[str], players: int) -> list[tuple[str, ...]]:
    """The distinct rotations of the pattern ``kinds[s % len(kinds)]`` round the table."""
    pattern = [kinds[s % len(kinds)] for s in range(players)]
    out: list[tuple[str, ...]] = []
    for r in range(players):
        a = tuple(pattern[(s + r) % players] for s in range(players))
        if a not in out:
            out.append(a)
    return out


def _seed(seed: int, *parts: Any) -> int:
    return random.Random("/".join(["cardtable-tournament", str(seed), *map(str, parts)])).randrange(2**31)


def play_match(
    game: Game,
    seating: tuple[str, ...],
    match_seed: int,
    bot_seed: int,
    iterations: int | None = None,
    budget: float | None = None,
    max_hands: int = 200,
) -> dict[str, Any]:
    """One match of ``game`` with bots of ``seating`` (a kind per seat); the strong bots
    search in this process. Returns the winners, hands, whether it finished, and the
    decision times per kind (seconds, decisions with more than one legal action)."""
    match = Match(game, [f"bot:{k}" for k in seating], seed=match_seed)
    bots = []
    for s, kind in enumerate(seating):
        b = get_bot(kind, game, seed=_seed(bot_seed, s))
        b.use_pool = False
        if iterations is not None and hasattr(b, "iterations"):
            b.iterations = iterations
        bots.append(b)
    times: dict[str, list[float]] = {k: [] for k in seating}
    points: dict[str, float] = {k: 0.0 for k in seating}
    hands = 0
    while not match.over and hands < max_hands:
        state = match.start_next()
        hands += 1
        steps = 0
        while state.to_act is not None:
            seat = state.to_act
            bot = bots[seat]
            t0 = time.perf_counter()
            info = bot.info_for(state, seat)
            action = bot.choose(info, budget)
            dt = time.perf_counter() - t0
            if len(getattr(info, "observation", info).legal) > 1:
                times[seating[seat]].append(dt)
            state = match.apply(action)
            steps += 1
            if steps > MAX_ACTIONS_PER_HAND:
                raise RuntimeError(f"a hand did not end after {MAX_ACTIONS_PER_HAND} actions")
        res = match.results[-1] if match.results else None
        if res is not None and not match.in_between:
            for s, p in enumerate(res.points):
                points[seating[s]] += p / seating.count(seating[s])
    return {
        "winners": list(match.sheet.winners) if match.over else [],
        "hands": hands,
        "finished": match.over,
        "times": times,
        "points": points,
    }


def _job(args: tuple) -> tuple[int, int, dict[str, Any]]:
    game, seating, i, a, match_seed, bot_seed, iterations, budget, max_hands = args
    return i, a, play_match(game, seating, match_seed, bot_seed, iterations, budget, max_hands)


def run_tournament(
    game: Game,
    kinds: list[str],
    deals: int,
    seed: int | None = None,
    iterations: int | None = None,
    budget: float | None = None,
    jobs: int = 1,
    max_hands: int = 200,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` deals under every rotation of the seating (see the module) and sum
    up per kind. ``iterations``/``budget``: the strong bots' playouts or seconds per
    decision; ``jobs``: matches played at once in worker processes (1: in this process);
    ``progress(done, total)`` after each match. Returns the ``tournament --json`` object."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    seatings = arrangements(kinds, game.players)
    work = [
        (game, seating, i, a, _seed(seed, "deal", i), _seed(seed, "bots", i, a), iterations, budget, max_hands)
        for i in range(deals)
        for a, seating in enumerate(seatings)
    ]
    total = len(work)
    t0 = time.perf_counter()
    results: dict[tuple[int, int], dict[str, Any]] = {}
    if jobs <= 1:
        for w in work:
            i, a, r = _job(w)
            results[i, a] = r
            if progress is not None:
                progress(len(results), total)
    else:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            for f in as_completed([pool.submit(_job, w) for w in work]):
                i, a, r = f.result()
                results[i, a] = r
                if progress is not None:
                    progress(len(results), total)
    seconds = time.perf_counter() - t0
    points = {k: 0.0 for k in kinds}
    played = {k: 0 for k in kinds}
    times: dict[str, list[float]] = {k: [] for k in kinds}
    hand_points = {k: 0.0 for k in kinds}
    unfinished = 0
    hands = 0
    for (_i, a), r in sorted(results.items()):
        seating = seatings[a]
        present = set(seating)
        for k in present:
            played[k] += 1
        hands += r["hands"]
        if not r["finished"]:
            unfinished += 1
        won = {seating[s] for s in r["winners"]}
        share = won if won else present  # no winner (unfinished): a draw
        for k in share:
            points[k] += 1 / len(share)
        for k, ts in r["times"].items():
            times[k].extend(ts)
        for k, p in r["points"].items():
            hand_points[k] += p
    out_kinds = []
    for k in kinds:
        n = played[k]
        lo, hi = wilson(points[k], n)
        ts = times[k]
        out_kinds.append(
            {
                "bot": k,
                "matches": n,
                "points": round(points[k], 2),
                "win_rate": round(points[k] / n, 4) if n else None,
                "points_per_hand": round(hand_points[k] / hands, 3) if hands else None,
                "interval": [round(lo, 4), round(hi, 4)],
                "decisions": len(ts),
                "median_decision_seconds": round(statistics.median(ts), 5) if ts else None,
                "mean_decision_seconds": round(statistics.fmean(ts), 5) if ts else None,
            }
        )
    return {
        "game": game.id,
        "players": game.players,
        "options": dict(game.options),
        "bots": list(kinds),
        "seed": seed,
        "deals": deals,
        "seatings": [list(s) for s in seatings],
        "matches": total,
        "unfinished": unfinished,
        "hands": hands,
        "iterations": iterations,
        "budget": budget,
        "results": out_kinds,
        "seconds": round(seconds, 3),
    }


__all__ = ["arrangements", "play_match", "run_tournament", "wilson"]
