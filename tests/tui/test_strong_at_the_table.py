"""The strong bot at the table (issue 9): it gets its information set, not the hidden
cards, plays legal moves, and the hint key shows what it would play without playing it."""

from __future__ import annotations

from cardtable.bots import strong
from cardtable.engine import Match, get_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import settle
from tests.tui.helpers import message


async def _until_human(pilot, app, steps: int = 200) -> TableScreen:
    for _ in range(steps):
        await settle(pilot)
        tbl = app.screen
        if isinstance(tbl, TableScreen) and tbl.mode == "human":
            return tbl
        await pilot.pause(0.05)
    raise AssertionError("the human's turn never came")


async def test_strong_bots_play_and_the_hint_key_answers(monkeypatch):
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "0.05")
    # the table sets the bots' default budget from its settings: back to what it was after
    monkeypatch.setattr(strong, "DEFAULT_BUDGET", strong.DEFAULT_BUDGET)
    game = get_game("kruisjassen")
    match = Match(game, ["human:Anna", "bot:strong", "bot:strong", "bot:strong"], seed=3)
    app = CardTableApp(match, bot_delay=0, resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        tbl = await _until_human(pilot, app)
        for _ in range(3):  # a few of Anna's turns, the bots in between
            before = list(match.hands[-1]["actions"])
            await pilot.press("i")  # the hint: shown, not played
            for _ in range(100):
                await pilot.pause(0.05)
                if message(tbl).startswith("Hint: "):
                    break
            assert message(tbl).startswith("Hint: "), message(tbl)
            assert match.hands[-1]["actions"] == before
            legal = match.state.legal_actions()
            await pilot.press(*(["p"] if any(a.verb == "pass" for a in legal) else ["1", "enter"]))
            await settle(pilot)
            if match.state.over:
                break
            if len(match.hands[-1]["actions"]) == len(before):  # "1" was not playable: any legal card
                obs = tbl.observation()
                i = next(i for i, c in enumerate(obs.hand) if any(a.cards == (c,) for a in obs.legal))
                await pilot.press(str(i + 1), "enter")
            tbl = await _until_human(pilot, app)
        assert len(match.hands[-1]["actions"]) >= 4
