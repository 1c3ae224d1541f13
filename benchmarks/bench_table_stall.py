"""Does the table freeze while a strong bot thinks? (run by hand:
``python benchmarks/bench_table_stall.py [--game kruisjassen] [--budget 1] [--hands 1]
[--level simple --delay 1]``: the same with bots that do not search, the baseline)

A Pilot run (``App.run_test``, 80x24) of one human (playing the first legal action, after
asking a hint at every decision) against strong bots at ``--budget`` seconds, with the
review of the hand summary on. All the while it times:

- ``pause``: round trips of ``pilot.pause()`` (the event loop handles every message queued
  before it: a stalled loop shows as a long one), split by what runs at that moment: a
  bot's search, the hint's, the review's, or nothing;
- ``key``: a key that redraws the table (``n``, the card letters) pressed while a bot
  thinks, until the app has handled it and drawn.

Prints per phase the count, median, 95th percentile and worst in milliseconds, and the
strong bots' decision times (wall seconds, median and worst). Nothing is asserted: the
numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from common import bench_seconds  # noqa: F401  (puts the clone on sys.path)
from textual.worker import WorkerState

from cardtable.engine import Match, get_game


def _phase(app) -> str:
    running = {w.group for w in app.workers if w.state in (WorkerState.PENDING, WorkerState.RUNNING)}
    for g in ("bot", "hint", "review"):
        if g in running:
            return g
    return "idle"


def _ms(xs: list[float]) -> str:
    if not xs:
        return "      -"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"{len(xs):5d} {statistics.median(xs) * 1000:7.1f} {p95 * 1000:7.1f} {xs[-1] * 1000:7.1f}"


async def run(gid: str, budget: float, hands: int, level: str = "strong", delay: float = 0.0) -> None:
    from cardtable.bots import strong
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens import HandSummaryScreen
    from cardtable.tui.table import TableScreen

    game = get_game(gid)
    match = Match(game, ["human:You"] + [f"bot:{level}"] * (game.players - 1), seed=7)
    app = CardTableApp(match, bot_delay=delay, resume=False, autosave=False)
    strong.DEFAULT_BUDGET = budget
    pauses: dict[str, list[float]] = {}
    keys: list[float] = []
    decisions: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        done = 0
        t_end = time.monotonic() + 600
        asked = None
        while done < hands and time.monotonic() < t_end:
            scr = app.screen
            phase = _phase(app)
            t0 = time.perf_counter()
            await pilot.pause()
            pauses.setdefault(phase, []).append(time.perf_counter() - t0)
            if phase == "bot" and len(keys) < 200:
                t0 = time.perf_counter()
                await pilot.press("n")
                keys.append(time.perf_counter() - t0)
            if isinstance(scr, HandSummaryScreen):
                done += 1
                await pilot.pause(0.5)
                if done < hands:
                    await pilot.press("enter")
                continue
            if isinstance(scr, TableScreen) and scr.mode == "human":
                key = (len(match.hands), len(match.hands[-1]["actions"]))
                if asked != key:
                    asked = key
                    await pilot.press("i")
                    continue
                if _phase(app) == "hint":
                    continue
                obs = scr.observation()
                await pilot.pause(0.2)  # a person's thinking, the review meanwhile
                scr.try_action(obs.legal[0], confirmed=True)
            for bot in getattr(app.screen, "bots", {}).values():
                last = getattr(bot, "last", None)
                if last is not None and last.seconds and id(last) not in seen:
                    seen.add(id(last))
                    decisions.append(last.seconds)
    print(f"{gid}, {level} bots at {budget:g} s, bot delay {delay:g} s, {hands} hand(s), 80x24")
    print(f"{'':14s}{'count':>5s} {'median':>7s} {'p95':>7s} {'worst':>7s}   (ms)")
    for phase in ("bot", "hint", "review", "idle"):
        print(f"pause, {phase:7s} {_ms(pauses.get(phase, []))}")
    print(f"key n, bot    {_ms(keys)}")
    if decisions:
        print(
            f"strong decisions: {len(decisions)}, median {statistics.median(decisions):.3f} s, "
            f"worst {max(decisions):.3f} s"
        )


seen: set[int] = set()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kruisjassen")
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--hands", type=int, default=1)
    ap.add_argument("--level", default="strong", help="the bots' level (simple: the baseline)")
    ap.add_argument(
        "--delay",
        type=float,
        default=0.0,
        help="the bot delay, seconds (a simple bot's 'thinking' phase lasts this long)",
    )
    args = ap.parse_args()
    os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))
    os.environ["CARDTABLE_REVIEW"] = "1"
    asyncio.run(run(args.game, args.budget, args.hands, args.level, args.delay))


if __name__ == "__main__":
    main()
