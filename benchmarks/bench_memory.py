"""Memory of a long TUI session: bots-only hands played headless through the real app.

    python benchmarks/bench_memory.py                      # 50 Kruisjassen hands, 20 Klassieke Rummy
    python benchmarks/bench_memory.py --game kruisjassen --hands 100

Plays every seat by a bot (``bot_delay=0``) at the table screen, pressing ⏎ at each hand
summary, with a target so high that the match never ends. Prints the resident set size
(RSS, from /proc/self/statm; ru_maxrss elsewhere), the live widgets (``gc``) and the
seconds per hand after 5 hands and at the end. The goal (issue 12): the RSS at the end
within 20% of the RSS after 5 hands.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardtable.engine import Match, get_game  # noqa: E402

#: game id -> (options that keep the match going, default hands)
GAMES = {
    "kruisjassen": ({"target": 1000}, 50),
    "klassieke-rummy": ({"target_score": 100000}, 20),
}


def rss_mb() -> float:
    """The resident set size of this process in MB."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def live_widgets() -> int:
    from textual.widget import Widget

    return sum(1 for o in gc.get_objects() if isinstance(o, Widget))


async def play(
    game_id: str, hands: int, players: int | None = None, seed: int = 1, report=print
) -> list[tuple[int, float, int, float]]:
    """Play ``hands`` bots-only hands; (hands done, RSS MB, live widgets, seconds) after 5
    hands and at the end."""
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens import HandSummaryScreen
    from cardtable.tui.testing import settle

    options, _ = GAMES[game_id]
    game = get_game(game_id, players, **options)
    match = Match(game, ["bot:simple"] * game.players, seed=seed)
    app = CardTableApp(match, bot_delay=0, autosave=False, resume=False)
    marks = []
    async with app.run_test(size=(100, 30)) as pilot:
        t0 = time.perf_counter()
        done = 0
        while done < hands:
            await settle(pilot)
            if not isinstance(app.screen, HandSummaryScreen):
                raise RuntimeError(f"expected the hand summary, got {type(app.screen).__name__}")
            done += 1
            if done in (5, hands):
                gc.collect()
                mark = (done, rss_mb(), live_widgets(), time.perf_counter() - t0)
                marks.append(mark)
                report(f"{game_id}: {mark[0]:>3} hands  RSS {mark[1]:7.1f} MB  widgets {mark[2]:>6}  {mark[3]:6.1f} s")
            await pilot.press("enter")
    return marks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(GAMES), help="one game (default: both)")
    ap.add_argument("--hands", type=int, help="hands to play (default: 50 kruisjassen, 20 rummy)")
    args = ap.parse_args()
    os.environ.setdefault("CARDTABLE_HOME", os.path.join("/tmp", f"cardtable-bench-{os.getpid()}"))
    for gid in [args.game] if args.game else list(GAMES):
        n = args.hands or GAMES[gid][1]
        marks = asyncio.run(play(gid, n))
        first, last = marks[0], marks[-1]
        growth = (last[1] - first[1]) / first[1] * 100
        print(f"{gid}: RSS {first[1]:.1f} -> {last[1]:.1f} MB ({growth:+.1f}%), widgets {first[2]} -> {last[2]}")


if __name__ == "__main__":
    main()
