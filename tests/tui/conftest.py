"""TUI tests: every test gets an empty CARDTABLE_HOME (no autosave leaks between tests or
into the user's folder) and bots that move at once."""

from __future__ import annotations

import pytest

pytest.register_assert_rewrite("tests.tui.helpers")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CARDTABLE_BOT_DELAY", "0")
    monkeypatch.setenv("CARDTABLE_INPUT_QUIET", "0")     # the input gate off (tests/tui/test_bursts.py turns it on)
    # a hand-over's key counts as soon as the hand-over is drawn (the quiet time after it is
    # tested in tests/tui/test_handover.py); keys typed before it is drawn never count
    monkeypatch.setenv("CARDTABLE_HANDOVER_QUIET", "0")
    monkeypatch.delenv("CARDTABLE_LETTERS", raising=False)
    # no review searches behind the tests' backs (tests/tui/test_review_summary.py turns it on)
    monkeypatch.setenv("CARDTABLE_REVIEW", "0")
    return tmp_path / "home"


@pytest.fixture
def make_app():
    """Build the app a TUI test drives: ``make_app(game, seats=None, *, seed=None,
    players=None, options=None, **app_options) -> CardTableApp``.

    ``game``: a ``Match`` (used as it is), a game id (``seats``: one ``"human:Name"``,
    ``"bot"`` or ``"bot:level"`` per seat, default one human and bots; ``players``: the seat
    count, default the length of ``seats`` or the game's default; ``options``: the game's
    options, ``get_game(game, players, **options)``; ``seed``: the match seed), or None (the
    menu). ``app_options`` go to ``CardTableApp``, with the tests' defaults: no bot delay, no
    resume offer, no autosave. The match is ``app.start_match``."""
    from cardtable.engine import Match, get_game
    from cardtable.tui.app import CardTableApp

    def make(game=None, seats=None, *, seed=None, players=None, options=None, **app_options) -> CardTableApp:
        if isinstance(game, str):
            n = players if players is not None else (len(seats) if seats else None)
            g = get_game(game, n, **(options or {}))
            game = Match(g, list(seats) if seats else ["human:You"] + ["bot"] * (g.players - 1), seed=seed)
        elif seats is not None or players is not None or options is not None or seed is not None:
            raise TypeError("seats, players, options and seed are for a game id, not a Match")
        for key, value in (("bot_delay", 0), ("resume", False), ("autosave", False)):
            app_options.setdefault(key, value)
        return CardTableApp(game, **app_options)

    return make
