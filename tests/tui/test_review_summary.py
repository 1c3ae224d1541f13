"""What the bot would have played (issue 9 item 4): the hand summary lists the human's
decisions where the strong bot would clearly have chosen otherwise. The search is a stub
injected through ``CardTableApp.review_search`` (it "prefers" the last legal action), and
the hint's search a stub put in place of ``bots.hint_search``, so the lines are known
exactly and no CPU is spent."""

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
from tests.tui.helpers import finish_hand, message


class StubSearch:
    """A search that prefers the last legal action by one return unit, sure of it. ``run``
    waits until the table cancels it (the human moved), as a search longer than the
    human's thinking would; every instance is kept in ``made``."""

    made: list["StubSearch"] = []
    prefer = -1  # the index of the legal action it prefers
    worlds = 40  # the deals it "sampled"
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
        return Decision(legal, _sure(k, best, 1.0, StubSearch.worlds), best, extra={"prior": best})

    def cancel(self):
        self.cancelled.set()


def _sure(k: int, best: int, gain: float, worlds: int = 40) -> Stats:
    """Stats of ``worlds`` sampled deals where action ``best`` beats each other by exactly
    ``gain`` in every deal (the prior: ``best``)."""
    st = Stats.empty(k)
    for i in range(k):
        st.n[i] = worlds
        st.total[i] = worlds * gain if i == best else 0.0
        st.dsquares[i] = 0.0 if i == best else worlds * gain * gain
    st.worlds = worlds
    return st


class StubHint:
    """``bots.hint_search``: prefers the legal action ``prefer`` by ``gain`` return units,
    sure of it, at once; the reason is the real one (``explain.reason``) in strepen."""

    prefer = 0
    gain = 2.0
    given: list = []

    @staticmethod
    def search(game, info, budget=None):
        from cardtable.bots.explain import reason

        obs = info.observation
        legal = tuple(obs.legal)
        best = StubHint.prefer % len(legal)
        d = Decision(legal, _sure(len(legal), best, StubHint.gain), best, extra={"prior": best})
        StubHint.given.append((obs, legal[best]))
        return legal[best], reason(obs, d, None, 3.0, "strepen"), d, 3.0


#: the lines the summary lists in the first test (fewer than the decisions of the hand)
SHOWN = 4


def _reset():
    StubSearch.made = []
    StubSearch.running = 0
    StubSearch.most_at_once = 0
    StubSearch.prefer = -1
    StubSearch.worlds = 40


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
        # each up to the bot budget (the setting), as long as the hint's: the human thinks anyway
        assert all(s.budget == app.settings.bot_budget for s in StubSearch.made)
        scale = RV.sheet_scale(match.state)
        assert scale == 3.0  # a pit, 3 strepen, is one unit of the returns
        want = []
        for i, obs in decided[:SHOWN]:
            played, better = obs.legal[0], obs.legal[-1]
            line = RV.ReviewLine(
                0,
                i,
                RV.when_words(obs, 0),
                RV.action_words(played, obs.verbs, played.verb == "play"),
                RV.action_words(better, obs.verbs, better.verb == "play"),
                scale,
                "strepen",
            )
            want.append(str(R.pretty(line.text())))
        want.append(f"and {len(decided) - SHOWN} more")
        assert text.splitlines() == want
        assert "about 3.0 strepen better on average" in text
        assert "declare" not in text and "Trick 1: you chose" in text


async def test_the_setting_off_spends_nothing(make_app, monkeypatch):
    _reset()
    monkeypatch.delenv("CARDTABLE_REVIEW", raising=False)
    settings.save(settings.Settings(review=False))
    game = get_game("kruisjassen")
    match = Match(game, ["human:You", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = make_app(match)
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
        assert text == f"In the {n} decisions it looked at, the bot found nothing clearly better than what you played."


async def test_a_search_of_too_few_deals_gives_no_line(monkeypatch):
    """The same sure preference as in the first test, from fewer deals than ``MIN_WORLDS``
    (a search cut short by a quick move): search noise, so no line."""
    _reset()
    StubSearch.worlds = RV.MIN_WORLDS - 1
    game = get_game("kruisjassen")
    match = Match(game, ["human:You", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = _app(match, monkeypatch=monkeypatch)
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_hand(pilot, app, match, lambda p, t, s: _first_legal(p, t, s, []))
        text = await _summary_review(pilot, app)
        assert len(StubSearch.made) > 1
        assert text.endswith("the bot found nothing clearly better than what you played.")


def _hinted(monkeypatch, prefer: int):
    StubHint.prefer, StubHint.given = prefer, []
    monkeypatch.setattr("cardtable.bots.hint_search", StubHint.search)


async def _ask_hint_then(pilot, tbl, pick, asked):
    """At a decision with a choice: press ``i``, wait for the hint, then play ``pick(obs,
    hinted)`` (``hinted``: the hint's move); ``asked`` notes (index, obs, played, hinted)."""
    obs = tbl.observation()
    if len(obs.legal) < 2:
        tbl.try_action(obs.legal[0])
        return
    n = len(StubHint.given)
    await pilot.press("i")
    for _ in range(200):
        await pilot.pause(0.02)
        if message(tbl).startswith("Hint: "):
            break
    assert message(tbl).startswith("Hint: ") and len(StubHint.given) == n + 1, message(tbl)
    hinted = StubHint.given[-1][1]
    played = pick(obs, hinted)
    asked.append((len(tbl.match.hands[-1]["actions"]), obs, played, hinted))
    tbl.try_action(played)


async def test_a_hint_followed_gives_no_line(monkeypatch):
    """The review search prefers the last move, the hint the first; the human asks the hint
    at every decision and plays it: the hint's search is the review, so no line at all (the
    review's own search would have listed every decision, as in the first test)."""
    _reset()
    _hinted(monkeypatch, 0)
    game = get_game("kruisjassen")
    match = Match(game, ["human:You", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = _app(match, monkeypatch=monkeypatch)
    asked: list = []
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_hand(pilot, app, match, lambda p, t, s: _ask_hint_then(p, t, lambda o, h: h, asked))
        text = await _summary_review(pilot, app)
        assert len(asked) > 1 and all(played == hinted for _, _, played, hinted in asked)
        assert all(s.cancelled.is_set() for s in StubSearch.made)
        assert text == (
            f"In the {len(asked)} decisions it looked at, the bot found nothing clearly better than what you played."
        )


async def test_a_hint_not_followed_gives_the_hints_numbers(monkeypatch):
    """The hint prefers the last move by 2 units (6 strepen), the review search by 1 (3
    strepen); the human plays the first move after each hint: the lines are the hint's."""
    _reset()
    _hinted(monkeypatch, -1)
    monkeypatch.setattr("cardtable.tui.review.MAX_LINES", 50)
    game = get_game("kruisjassen")
    match = Match(game, ["human:You", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = _app(match, monkeypatch=monkeypatch)
    asked: list = []
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_hand(pilot, app, match, lambda p, t, s: _ask_hint_then(p, t, lambda o, h: o.legal[0], asked))
        text = await _summary_review(pilot, app)
        assert len(asked) > 1
        want = []
        for i, obs, played, hinted in asked:
            line = RV.ReviewLine(
                0, i, RV.when_words(obs, 0), RV.short_words(played, obs), RV.short_words(hinted, obs), 6.0, "strepen"
            )
            want.append(str(R.pretty(line.text())))
        assert text.splitlines() == want
        assert "about 6.0 strepen better on average" in text and "about 3.0 strepen" not in text
