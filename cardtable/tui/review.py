"""The table's part of "what the bot would have played" (``cardtable.bots.review``): a
strong-bot search of each of the human's decisions while they think, kept for the hand
summary.

When: once the human is to decide and the table is theirs (``start``, called when the
table turns to them), a ``ReviewSearch`` runs in a thread worker (the search itself runs in
the strong bot's process pool, so the table keeps drawing) for up to the bot budget (the
setting ``bot_budget``: it costs nobody a wait, the human is thinking). When the human
moves, undoes or leaves (``stop``), a search still running is cancelled: it returns at once
with what it found (a search worker still busy ends its slice), so nothing piles up and the
bots' own searches never wait for one. A search that found too little gives no line
(``bots.explain.is_clear``).

The hint: when the human asks a hint (``i``) at a decision, the hint's search is that
decision's review (``hint_asked``, ``take_hint``): the review search of it stops, and the
summary judges the move played by the hint's own Decision. A hint followed gives no line;
a hint not followed gives a line with the hint's numbers, if their difference is clear.

Where: only at a table with exactly one human (``wanted``). In hot-seat the summary is read
by every player at once, and a line about a decision names cards the player held (a hand
ended by a claim, a rummy hand, a bid); so there is no review there, and no CPU is spent on
it. The setting ``review`` (``cardtable.settings``) turns it off everywhere.

The hook for tests: ``CardTableApp.review_search`` (None: ``bots.review.ReviewSearch``) is
the class the table makes a search with: ``cls(game, info, budget)``, ``run()`` in the
worker, ``cancel()`` from the table.
"""

from __future__ import annotations

import threading
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.worker import Worker, WorkerState

from cardtable.bots import review as RV
from cardtable.tui import render as R

#: the most lines the summary lists (the largest gains, in the order of the hand)
MAX_LINES = 6


class TableReview:
    """The review of one table (``screen``: the TableScreen)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.found: dict[tuple[int, int], tuple[Any, Any, str, float]] = {}
        self.turns: dict[int, RV.TurnCounter] = {}
        self.search: Any = None
        self.key: tuple[int, int] | None = None
        self.running: set[tuple[int, int]] = set()
        #: set when the last search's worker thread has ended (the next search waits for it)
        self._ended: threading.Event | None = None
        #: the decisions the human asked a hint at, and the hint's search of them (when it came)
        self.hint_keys: set[tuple[int, int]] = set()
        self.hinted: dict[tuple[int, int], tuple[Any, Any, str, float]] = {}

    # ---- when it runs ---------------------------------------------------------------------
    def wanted(self) -> bool:
        """A table with one human, and the setting on."""
        scr = self.screen
        settings = getattr(scr.app, "settings", None)
        return len(scr.humans) == 1 and bool(getattr(settings, "review", True))

    def budget(self) -> float:
        """The bot budget (the setting; else ``strong.default_budget()``): the hint's too."""
        settings = getattr(self.screen.app, "settings", None)
        budget = getattr(settings, "bot_budget", None)
        if not budget:
            from cardtable.bots.strong import default_budget

            budget = default_budget()
        return float(budget) if RV.REVIEW_BUDGET is None else min(RV.REVIEW_BUDGET, float(budget))

    def decision_key(self) -> tuple[int, int] | None:
        """(hand, index of the action to come) of the decision now, or None."""
        m = self.screen.match
        if m.state is None or m.state.over or not m.hands or m.in_between:
            return None
        return len(m.hands) - 1, len(m.hands[-1]["actions"])

    def hint_asked(self, key: tuple[int, int] | None) -> None:
        """The human asked a hint at decision ``key``: its search will be the review of it,
        so a review search of it stops now (the CPU goes to the hint)."""
        if key is None:
            return
        self.hint_keys.add(key)
        if self.key == key:
            self.stop()

    def take_hint(self, key: tuple[int, int] | None, obs: Any, decision: Any, scale: float) -> None:
        """The hint's search of decision ``key`` came (``obs``: the observation it was asked
        for): keep it as the review of that decision, ahead of any review search of it."""
        if key is None or decision is None:
            return
        hand, index = key
        turn = self.turns.setdefault(hand, RV.TurnCounter()).note(index)
        self.hinted[key] = (obs, decision, RV.when_words(obs, turn), scale)
        self._refresh_summary(hand)

    def _refresh_summary(self, hand: int) -> None:
        summary = getattr(self.screen, "_summary_screen", None)
        if summary is not None and getattr(summary, "index", None) == hand:
            summary.show_review(self.lines(hand))

    def start(self) -> None:
        """The human is to decide and sees the table: search this decision in a worker
        (once per decision; a decision with one legal action is only counted as a turn)."""
        scr = self.screen
        m = scr.match
        st = m.state
        if not self.wanted() or st is None or st.over or not m.hands or m.in_between:
            return
        seat = st.to_act
        hand, index = len(m.hands) - 1, len(m.hands[-1]["actions"])
        key = (hand, index)
        turn = self.turns.setdefault(hand, RV.TurnCounter()).note(index)
        if key in self.found or key in self.running or key == self.key or key in self.hint_keys:
            return
        obs = st.observation(seat)
        if len(obs.legal) < 2:
            return
        try:
            info = st.information_set(seat)
        except NotImplementedError:
            return
        cls = getattr(scr.app, "review_search", None) or RV.ReviewSearch
        search = cls(m.game, info, self.budget())
        self.stop()
        self.search, self.key = search, key
        self.running.add(key)
        when = RV.when_words(obs, turn)

        unit = getattr(m.sheet, "unit", "") or ""
        # one search at a time: the one stopped above returns at once, but its thread may not
        # have ended yet on a loaded machine; this one waits for it
        before, ended = self._ended, threading.Event()
        self._ended = ended

        def think():  # (the unit's scale too, as the hint's: a few playouts the first time)
            try:
                if before is not None:
                    before.wait(10)
                return key, obs, search.run(), when, RV.sheet_scale(info) if unit else 1.0
            finally:
                ended.set()

        scr.run_worker(think, name="review", group="review", thread=True, exit_on_error=False)

    def stop(self) -> None:
        """The human moved, undid or left: a search still running returns at once."""
        search, self.search, self.key = self.search, None, None
        if search is not None:
            try:
                search.cancel()
            except Exception:
                pass

    def done(self, event: Worker.StateChanged) -> None:
        """A review worker finished: keep its decision (and fill the summary if it shows)."""
        if event.state == WorkerState.SUCCESS and event.worker.result:
            key, obs, decision, when, scale = event.worker.result
            self.running.discard(key)
            if self.key == key:
                self.search, self.key = None, None
            if decision is not None:
                self.found[key] = (obs, decision, when, scale)
            self._refresh_summary(key[0])
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self.running.clear()
            self.search, self.key = None, None

    # ---- what the summary shows -------------------------------------------------------
    def searched(self, hand: int) -> dict[tuple[int, int], tuple[Any, Any, str, float]]:
        """The searches of the hand's decisions: the hint's where the human asked one, else
        the review's."""
        out = {k: v for k, v in self.found.items() if k[0] == hand}
        out.update((k, v) for k, v in self.hinted.items() if k[0] == hand)
        return out

    def review_lines(self, hand: int) -> list[RV.ReviewLine]:
        """The hand's decisions where the bot would clearly have chosen otherwise, compared
        with the actions of the record (an undone move's search compares with the move made)."""
        m = self.screen.match
        if not 0 <= hand < len(m.hands):
            return []
        actions = m.hands[hand]["actions"]
        unit = getattr(m.sheet, "unit", "") or ""
        out = []
        for (_h, index), (obs, decision, when, scale) in sorted(self.searched(hand).items()):
            if index >= len(actions):
                continue
            try:
                played = m.game.parse_action(actions[index])
            except Exception:
                continue
            played = next((a for a in obs.legal if a == played), played)
            line = RV.review_line(decision, played, obs, when, unit, scale, index)
            if line is not None:
                out.append(line)
        return out

    def lines(self, hand: int) -> list[Text] | None:
        """The summary's section: None when there is no review at this table or no decision
        of the hand was searched (a hand resumed at its end), else its lines (one line saying
        so when the bot agreed with every decision it looked at)."""
        if not self.wanted():
            return None
        looked = len(self.searched(hand))
        pending = any(h == hand for h, _ in self.running)
        if not looked and not pending:
            return None  # no decision of this hand was searched (a resumed hand)
        found = self.review_lines(hand)
        dutch = bool(getattr(self.screen.app, "dutch", False))
        name = self.screen._names()[self.screen.humans[0]]
        who = "you" if R.is_you(name) else name
        soft = Style(color="#b8d8c0")
        if not found:
            word = (
                "thinking…"
                if pending
                else f"in the {looked} decision{'s' if looked != 1 else ''} it looked at, the bot found "
                f"nothing clearly better than what {who} played."
            )
            return [Text(word[0].upper() + word[1:], soft)]
        shown = sorted(sorted(found, key=lambda ln: -ln.gain)[:MAX_LINES], key=lambda ln: ln.index)
        out = [R.pretty(ln.text(who), dutch) for ln in shown]
        if len(found) > len(shown):
            out.append(Text(f"and {len(found) - len(shown)} more", soft))
        return out
