"""The bot levels in the seat setup (issue 9 item 3): random / simple / strong with a word
on each, and a new bot seat at the strongest level that keeps the budget."""

from __future__ import annotations

from cardtable.bots import strong
from cardtable.engine.registry import game_class
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens import SetupScreen
from cardtable.tui.testing import screen_text, settle


async def _setup(monkeypatch, budget: float, cores: int) -> tuple[CardTableApp, list[str], str]:
    monkeypatch.delenv("CARDTABLE_BOT_BUDGET", raising=False)
    monkeypatch.setattr("cardtable.bots.search_cores", lambda: cores)
    app = CardTableApp(None, bot_delay=0, resume=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(strong, "DEFAULT_BUDGET", budget)  # after the app applied the settings
        app.push_screen(SetupScreen(game_class("klassieke-rummy")))
        await settle(pilot)
        setup = app.screen
        kinds = [setup.query_one(f"#kind-{s}").value for s in range(2)]
        options = [v for _, v in setup.kinds]
        return app, kinds + ["|"] + options, screen_text(app)


async def test_new_bot_seats_are_strong_and_each_level_has_its_word(monkeypatch):
    _app, kinds, text = await _setup(monkeypatch, 1.0, 2)
    assert kinds == ["human", "bot:strong", "|", "human", "bot:random", "bot:simple", "bot:strong"]
    flat = " ".join(text.split())
    assert "random: plays any legal move at random" in flat
    assert "simple: rules of thumb, answers at once" in flat
    assert "strong: searches the cards it has not seen (about 1 s a move)" in flat


async def test_a_budget_too_small_for_the_search_makes_simple_the_default(monkeypatch):
    _app, kinds, _text = await _setup(monkeypatch, 0.1, 2)  # below 0.2 s a move
    assert kinds[:2] == ["human", "bot:simple"]
    _app, kinds, _text = await _setup(monkeypatch, 0.3, 1)  # one core: 0.3 CPU-seconds
    assert kinds[:2] == ["human", "bot:simple"]
    _app, kinds, _text = await _setup(monkeypatch, 0.3, 2)  # two cores: 0.6
    assert kinds[:2] == ["human", "bot:strong"]
