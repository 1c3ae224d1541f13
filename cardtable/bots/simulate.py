"""The headless bot match runner of ``cardtable simulate`` (cli.py is its command line):
``simulate_matches`` plays a number of hands of bot-only matches of one game, starting a new
match whenever one ends, each match and bot seeded from the run's seed (``_sub_seed``), and
returns the summary that ``simulate --json`` prints (games, seats, outcomes, match wins,
points per hand, speed). A bot's illegal action or a hand that does not end is a RuntimeError;
Ctrl+C stops the run with the figures of the hands finished so far.
"""

from __future__ import annotations

import random
import time
from typing import Any

from cardtable.bots import get_bot
from cardtable.engine import Match
from cardtable.engine.game import Game, IllegalAction

#: A hand that has not ended after this many actions is a bug (simulate reports it).
MAX_ACTIONS_PER_HAND = 20_000


def _sub_seed(seed: int | None, *parts: Any) -> int | None:
    if seed is None:
        return None
    return random.Random("/".join(["cardtable-simulate", str(seed), *map(str, parts)])).randrange(2**31)


def simulate_matches(game: Game, seats: list[str], hands: int, seed: int | None, progress=None) -> dict[str, Any]:
    """Play ``hands`` hands of bot-only matches, starting a new match whenever one ends.

    Returns the summary dict that ``simulate --json`` prints. Raises RuntimeError if a bot
    returns an illegal action or a hand does not end after MAX_ACTIONS_PER_HAND actions.
    ``progress``: a callable taking the number of hands done, or None. Ctrl+C
    (KeyboardInterrupt) stops the run: the summary then holds the hands finished so far
    (the hand in play is left out) and ``"interrupted": true``.
    """
    n = game.players
    match_wins = [0] * n
    total_points = [0] * n
    outcomes: dict[str, int] = {}
    matches = finished = actions = 0
    match: Match | None = None
    bots: list = []
    t0 = time.perf_counter()
    done = 0
    interrupted = False
    try:
        while done < hands:
            if match is None or match.over:
                match = Match(game, seats, seed=_sub_seed(seed, matches))
                bots = [get_bot(match.seat_kind(s)[1], game, seed=_sub_seed(seed, matches, s)) for s in range(n)]
                for b in bots:
                    b.use_pool = False  # the strong bot searches in this process here
                matches += 1
            state = match.start_next()  # a hand, or a decision between hands (not counted)
            steps = 0
            while not state.over:
                seat = state.to_act
                action = bots[seat].choose(bots[seat].info_for(state, seat))
                try:
                    state = match.apply(action)
                except IllegalAction as e:
                    raise RuntimeError(
                        f"match {matches}, hand {match.hand_number()}: bot {seats[seat]} in seat "
                        f"{seat} chose {action.text()!r}: {e}"
                    ) from None
                steps += 1
                if steps > MAX_ACTIONS_PER_HAND:
                    raise RuntimeError(
                        f"match {matches}, hand {match.hand_number()} did not end after {MAX_ACTIONS_PER_HAND} actions"
                    )
            # the figures of a finished hand, added at once (a Ctrl+C in a hand leaves them
            # as they were after the last finished hand)
            res = match.results[-1]
            between = match.in_between
            over = match.over
            if not between:
                total_points[:] = [total_points[s] + res.points[s] for s in range(n)]
                outcomes[res.outcome] = outcomes.get(res.outcome, 0) + 1
            if over:
                match_wins[:] = [match_wins[s] + (s in match.sheet.winners) for s in range(n)]
            actions += steps
            finished += over
            if between:
                continue
            done += 1
            if progress is not None:
                progress(done)
    except KeyboardInterrupt:
        interrupted = True
    seconds = time.perf_counter() - t0
    return {
        "game": game.id,
        "players": n,
        "options": dict(game.options),
        "seats": list(seats),
        "seed": seed,
        "hands": done,
        "hands_asked": hands,
        "interrupted": interrupted,
        "actions": actions,
        "matches": matches,
        "matches_finished": finished,
        "match_wins": match_wins,
        "total_points": total_points,
        "avg_points": [round(p / done, 4) if done else 0.0 for p in total_points],
        "outcomes": dict(sorted(outcomes.items())),
        "seconds": round(seconds, 4),
        "hands_per_second": round(done / seconds, 2) if seconds > 0 else None,
    }


__all__ = ["MAX_ACTIONS_PER_HAND", "simulate_matches"]
