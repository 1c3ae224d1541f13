"""What the bot would have played (issue 9 item 4): the hand summary lists the human's
decisions where the strong bot would have chosen otherwise. The search is a stub injected
through ``CardTableApp.review_search`` (it "prefers" the last legal action), so the lines
are known exactly and no CPU is spent."""

from __future__ import annotations

import threading

from cardtable import settings
from cardtable.bots import review as RV
from cardtable.bots.strong import Decision, Stats
from cardtable.engine import Match, get_game
from cardtable.tui import render as R
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens import HandSummaryScreen
from cardtable.tui.testing import settle
from tests.tui.helpers import finish_hand


class StubSearch:
    """A search that prefers the last legal action by one return unit, sure of it. ``run``
    waits until the table cancels it (the human moved), as a search longer than the
    human's thinking would; every instance is kept in ``made``."""

    made: list["StubSearch"] = []
    prefer = -1                 # the index of the legal action it prefers
    running = 0
    most_at_once = 0
    lock = threading.Lock()

    def __init__(self, game, info, budget):
        self.obs = info.observation
        self.budget = budget
        self.cancelled = threading.Event()
        StubSearch.made.append(self)

    def run(self):
        with StubSearch.lock:
            StubSearch.running += 1
            StubSearch.most_at_once = max(StubSearch.most_at_once, StubSearch.running)
        try:
            self.cancelled.wait(10)
        finally:
            with StubSearch.lock:
                StubSearch.running -= 1
        legal = tuple(self.obs.legal)
        k = len(legal)
        best = StubSearch.prefer % k
        st = Stats.empty(k)
        for i in range(k):
            st.n[i] = 10
            st.total[i] = 10.0 if i == best else 0.0
            st.dsquares[i] = 0.0 if i == best else 10.0    # a paired difference of exactly 1
        st.worlds = 10
        return Decision(legal, st, best, extra={"prior": best})

    def cancel(self):
        self.cancelled.set()


#: the lines the summary lists in the first test (fewer than the decisions of the hand)
SHOWN = 4


def _reset():
    StubSearch.made = []
    StubSearch.running = 0
    StubSearch.most_at_once = 0
    StubSearch.prefer = -1


def _app(match, review=True, monkeypatch=None) -> CardTableApp:
    if monkeypatch is not None:
        monkeypatch.setenv("CARDTABLE_REVIEW", "1" if review else "0")
    app = CardTableApp(match, bot_delay=0, resume=False, autosave=False)
    app.review_search = StubSearch
    return app


async def _first_legal(pilot, tbl, step, seen):
    """Play the first legal action (the stub prefers the last), noting each decision."""
    obs = tbl.observation()
    seen.append((len(tbl.match.hands[-1]["actions"]), obs))
    await pilot.pause()
    tbl.try_action(obs.legal[0])


async def _summary_review(pilot, app) -> str:
    for _ in range(100):
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, HandSummaryScreen)
        text = str(scr.query_one("#summary-review").render())
        if "thinking" not in text:
            return text
        await pilot.pause(0.05)
    raise AssertionError("the review never came")


async def test_summary_lists_where_the_bot_would_have_played_otherwise(monkeypatch):
    _reset()
    monkeypatch.setattr("cardtable.tui.review.MAX_LINES", SHOWN)
    game = get_game("kruisjassen")
    match = Match(game, ["human:You", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = _app(match, monkeypatch=monkeypatch)
    seen: list = []
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_hand(pilot, app, match, lambda p, t, s: _first_legal(p, t, s, seen))
        text = await _summary_review(pilot, app)
        decided = [(i, obs) for i, obs in seen if len(obs.legal) > 1]
        # one search per decision with a choice, each cancelled when the human moved, one at a time
        assert len(StubSearch.made) == len(decided) > SHOWN
        assert all(s.cancelled.is_set() for s in StubSearch.made)
        assert StubSearch.most_at_once == 1
        assert all(s.budget == RV.REVIEW_BUDGET for s in StubSearch.made)
        scale = RV.sheet_scale(match.state)
        assert scale == 3.0                      # a pit, 3 strepen, is one unit of the returns
        want = []
        for i, obs in decided[:SHOWN]:
            played, better = obs.legal[0], obs.legal[-1]
            line = RV.ReviewLine(0, i, RV.when_words(obs, 0), RV.action_words(played, obs.verbs, played.verb == "play"),
                                 RV.action_words(better, obs.verbs, better.verb == "play"), scale, "strepen")
            want.append(str(R.pretty(line.text())))
        want.append(f"and {len(decided) - SHOWN} more")
        assert text.splitlines() == want
        assert "about 3.0 strepen better" in text
        assert "declare" not in text and "Trick 1: you chose" in text


async def test_the_setting_off_spends_nothing(monkeypatch):
    _reset()
    monkeypatch.delenv("CARDTABLE_REVIEW", raising=False)
    settings.save(settings.Settings(review=False))
    game = get_game("kruisjassen")
    match = Match(game, ["human:You", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = CardTableApp(match, bot_delay=0, resume=False, autosave=False)
    app.review_search = StubSearch
    assert app.settings.review is False
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_hand(pilot, app, match, lambda p, t, s: _first_legal(p, t, s, []))
        assert StubSearch.made == []
        assert not app.screen.query("#summary-review")


async def test_hot_seat_shows_no_review(monkeypatch):
    """Two humans at one keyboard: a line would name cards a player held, read by all; so no
    search runs and the summary has no review section."""
    _reset()
    game = get_game("kruisjassen")
    match = Match(game, ["human:Anna", "bot:simple", "human:Bram", "bot:simple"], seed=3)
    app = _app(match, monkeypatch=monkeypatch)
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_hand(pilot, app, match, lambda p, t, s: _first_legal(p, t, s, []))
        assert StubSearch.made == []
        assert not app.screen.query("#summary-review")


async def test_a_decision_the_bot_agrees_with_is_not_listed(monkeypatch):
    """The human plays what the stub prefers: the section says the bot agreed."""
    _reset()
    StubSearch.prefer = 0
    game = get_game("kruisjassen")
    match = Match(game, ["human:You", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = _app(match, monkeypatch=monkeypatch)

    async with app.run_test(size=(100, 40)) as pilot:
        await finish_hand(pilot, app, match, lambda p, t, s: _first_legal(p, t, s, []))
        text = await _summary_review(pilot, app)
        n = len(StubSearch.made)
        assert n > 1
        assert text == f"In the {n} decisions it looked at, the bot would have played as you did."
