"""Remake the screenshots in screenshots/ from fixed seeds.

    python scripts/screenshots.py          # SVGs (menu, the tables mid-hand, the sheets ...)
    python scripts/screenshots.py --png    # also PNGs of the 80x24 tables (needs cairosvg)
    python scripts/screenshots.py --game klop-rummy   # only that game's table and sheet

Runs the real app headless (``App.run_test()``) on positions that bots reach from fixed
seeds (cardtable.tui.demo), then ``save_screenshot``. Bot delay 0, autosave off.

Besides the chosen moments of the first games, every registered game (the registry, so a new
game is in without a line here) gets ``<game-id>-table`` (80x24, the human to act mid-hand)
and ``<game-id>-sheet`` (after two hands), both also as PNG.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-shots-"))

from cardtable.engine import Match, get_game  # noqa: E402
from cardtable.engine.registry import game_ids  # noqa: E402
from cardtable.tui import demo  # noqa: E402
from cardtable.tui.app import CardTableApp  # noqa: E402
from cardtable.tui.testing import settle  # noqa: E402

OUT = ROOT / "screenshots"
#: the screenshots also written as PNG with --png
PNG = (
    "kruisjassen-table",
    "rummy-table",
    "manille-parlee-table",
    "manille-5p-table",
    "manille-3p-exchange",
    "butifarra-trump",
    "butifarra-table",
    "butifarra-sheet",
    "manille-sheet",
    "manille-muette-sheet",
    "butifarra-hand-summary",
    "history",
    "manille-2p-long-hand",
)
NARROW = (80, 24)
WIDE = (132, 36)


async def shot(app: CardTableApp, name: str, size, before=None) -> Path:
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if before is not None:
            await before(pilot)
            await settle(pilot)
        path = app.save_screenshot(f"{name}.svg", str(OUT))
    print("wrote", Path(path).relative_to(ROOT))
    return Path(path)


def app_for(match=None, **kw) -> CardTableApp:
    # no quiet time before a key counts on the summary or a hand-over (``handover.InputGate``):
    # the keys below come at once (a key typed before a screen is drawn still never counts)
    kw.setdefault("input_quiet", 0)
    kw.setdefault("handover_quiet", 0)
    return CardTableApp(match, bot_delay=0, autosave=False, resume=False, **kw)


async def open_sheet(pilot) -> None:
    await pilot.press("s")


def midhand(game_id: str, seed: int = 7) -> Match:
    """Any game: Anna (seat 0) to act, once every seat has acted about twice this hand."""
    game = get_game(game_id)
    m = Match(game, ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=seed)
    return demo.play_until(
        m,
        lambda mt, o: o is not None and o.seat == 0 and mt.hands and len(mt.hands[-1]["actions"]) >= 2 * game.players,
        seed=seed,
    )


async def every_game(made: list[Path], png: set[str], games: list[str] | None = None) -> None:
    """A table and a score sheet of every registered game (names not made above), or of
    ``games`` only."""
    done = {p.stem for p in made}
    for gid in games or game_ids():
        name = f"{gid}-table"
        if name not in done:
            made.append(await shot(app_for(midhand(gid)), name, NARROW))
        png.add(name)
        name = f"{gid}-sheet"
        if name not in done:

            async def before(pilot):
                await pilot.press("s")

            made.append(await shot(app_for(demo.after_hands(gid, 2, seed=5)), name, NARROW, before))
        png.add(name)


async def main(png: bool, games: list[str] | None = None) -> None:
    OUT.mkdir(exist_ok=True)
    made: list[Path] = []
    if games:  # a new game's two shots, nothing else rewritten
        as_png: set[str] = set()
        await every_game(made, as_png, games)
        await to_png(made, as_png, png)
        return
    made.append(await shot(app_for(), "menu", NARROW))
    made.append(await shot(app_for(demo.trick_midhand("kruisjassen", 7, tricks=3)), "kruisjassen-table", NARROW))
    made.append(await shot(app_for(demo.trick_midhand("kruisjassen", 7, tricks=3)), "kruisjassen-table-wide", WIDE))
    made.append(await shot(app_for(demo.draw_midhand("klassieke-rummy", 11, players=2)), "rummy-table", NARROW))
    made.append(await shot(app_for(demo.draw_midhand("klassieke-rummy", 12, players=4)), "rummy-table-4p-wide", WIDE))

    async def sheet_of(match, name):
        # the match stands between two hands: the table shows the last hand's summary;
        # close it and open the score sheet
        async def before(pilot):
            await pilot.press("s")

        return await shot(app_for(match), name, NARROW, before)

    made.append(await sheet_of(demo.after_hands("kruisjassen", 4, seed=5), "kruisjassen-sheet"))
    made.append(await sheet_of(demo.after_hands("klassieke-rummy", 4, seed=5), "rummy-sheet"))
    made.append(await shot(app_for(demo.after_hands("kruisjassen", 2, seed=6)), "kruisjassen-hand-summary", NARROW))

    hot = demo.trick_midhand("kruisjassen", 7, tricks=3, seats=["human:Anna", "bot:simple", "human:Bram", "bot:simple"])
    made.append(await shot(app_for(hot), "hand-over", NARROW))

    # the manille family and butifarra: a table and a score sheet of each
    async def ask_menu(pilot):
        await pilot.press("a")

    made.append(await shot(app_for(demo.trick_midhand("manille-muette", 7)), "manille-muette-table", NARROW))
    made.append(await sheet_of(demo.after_hands("manille-muette", 2, seed=5), "manille-muette-sheet"))
    made.append(await shot(app_for(demo.menu_open("manille-parlee", 7)), "manille-parlee-table", NARROW, ask_menu))
    made.append(await shot(app_for(demo.menu_open("manille-parlee", 7)), "manille-parlee-table-wide", WIDE, ask_menu))
    made.append(await sheet_of(demo.after_hands("manille-parlee", 2, seed=8), "manille-parlee-sheet"))
    made.append(await shot(app_for(demo.trick_midhand("manille", 7, players=5)), "manille-5p-table", NARROW))
    made.append(await shot(app_for(demo.trick_midhand("manille", 7, players=7)), "manille-7p-table-wide", WIDE))

    async def select_two(pilot):
        await pilot.press("1")
        await pilot.press("3")

    made.append(
        await shot(
            app_for(demo.at_phase("manille", "exchange", 7, players=3)), "manille-3p-exchange", NARROW, select_two
        )
    )
    made.append(await sheet_of(demo.after_hands("manille", 4, seed=5, players=5), "manille-sheet"))
    made.append(await shot(app_for(demo.at_phase("butifarra", "trump", 7)), "butifarra-trump", NARROW))
    made.append(await shot(app_for(demo.trick_midhand("butifarra", 7, tricks=4)), "butifarra-table", NARROW))
    made.append(await shot(app_for(demo.trick_midhand("butifarra", 7, tricks=4)), "butifarra-table-wide", WIDE))
    made.append(await sheet_of(demo.after_hands("butifarra", 4, seed=5), "butifarra-sheet"))
    made.append(await shot(app_for(demo.after_hands("butifarra", 2, seed=5)), "butifarra-hand-summary", NARROW))

    # 80x24 that works: the hand's history on h, a hand of 16 cards with a key on each,
    # the notice below 80x24
    async def history(pilot):
        await pilot.press("h")

    made.append(await shot(app_for(demo.trick_midhand("manille-parlee", 7, tricks=5)), "history", NARROW, history))
    made.append(
        await shot(app_for(demo.trick_midhand("manille", 7, players=2, tricks=0)), "manille-2p-long-hand", NARROW)
    )
    made.append(await shot(app_for(demo.trick_midhand("kruisjassen", 7, tricks=3)), "too-small", (70, 20)))
    as_png = set(PNG)
    await every_game(made, as_png)
    await to_png(made, as_png, png)


async def to_png(made: list[Path], as_png: set[str], png: bool) -> None:
    if png:
        import cairosvg

        for p in made:
            if p.stem in as_png:
                cairosvg.svg2png(url=str(p), write_to=str(p.with_suffix(".png")), output_width=1400)
                print("wrote", p.with_suffix(".png").relative_to(ROOT))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--png", action="store_true", help="also write PNGs of the tables (cairosvg)")
    ap.add_argument(
        "--game", action="append", metavar="ID", help="make only this game's <id>-table and <id>-sheet (repeatable)"
    )
    args = ap.parse_args()
    unknown = sorted(set(args.game or ()) - set(game_ids()))
    if unknown:
        ap.error(f"unknown game {', '.join(unknown)}; the games are: {', '.join(game_ids())}")
    asyncio.run(main(args.png, args.game))
