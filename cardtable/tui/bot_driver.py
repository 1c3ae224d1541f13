"""The bot driver: a bot thinks in a thread worker, its move is applied after the bot delay;
the hint key asks the strong bot (``cardtable.bots.hint``, when it exists) the same way.

A bot that can stop its search (``Bot.cancel()``) is stopped when the table leaves while it
thinks. Nothing here knows a game: the bots come from ``cardtable.bots.get_bot``.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from textual.worker import Worker, WorkerState, get_current_worker

from cardtable import bots as _bots
from cardtable.engine.game import Observation


def hint_function() -> Callable | None:
    """``cardtable.bots.hint`` if the bots provide it (wave 2), else None (the key is hidden)."""
    return getattr(_bots, "hint", None)


def seat_bot_kinds(game) -> list[tuple[str, str]]:
    """The bot levels a seat may take, as (label, seat text) pairs, weakest first:
    ``cardtable.bots.bot_levels(game)`` when it exists, else the registry's kinds."""
    levels = None
    fn = getattr(_bots, "bot_levels", None)
    if fn is not None:
        try:
            levels = [(k, d) for k, d in fn(game)]
        except Exception:
            levels = None
    if not levels:
        kinds = list(_bots.BOT_KINDS)
        try:
            from cardtable.bots.registry import kinds as reg_kinds

            for k in reg_kinds():
                if k not in kinds:
                    kinds.append(k)
        except Exception:
            pass
        # the simple bot first: it is the default of a new seat
        kinds.sort(key=lambda k: (k != "simple", k))
        levels = [(k, "") for k in kinds]
    return [(f"Bot: {k}", f"bot:{k}") for k, _ in levels]


def default_bot_seat(game) -> str:
    """The seat text a new bot seat of the setup gets: ``bot:`` and the default level
    (``cardtable.bots.default_level``: strong where it keeps the budget), else ``bot:simple``."""
    fn = getattr(_bots, "default_level", None)
    try:
        return f"bot:{fn(game)}" if fn is not None else "bot:simple"
    except Exception:
        return "bot:simple"


def bot_level_words(game) -> str:
    """One line on every bot level (``random: plays any legal move at random · ...``), from
    ``cardtable.bots.bot_levels``; "" without it."""
    fn = getattr(_bots, "bot_levels", None)
    try:
        levels = list(fn(game)) if fn is not None else []
    except Exception:
        levels = []
    return " · ".join(f"{k}: {d}" for k, d in levels if d)


class BotDriver:
    """Runs the bots of one table (``screen``: the TableScreen)."""

    def __init__(self, screen, bots: dict[int, Any]):
        self.screen = screen
        self.bots = bots
        self.token: object = None
        self.thinking: Any = None  # the bot whose worker runs now
        if any(getattr(b, "wants_information_set", False) for b in bots.values()):
            warm = getattr(_bots, "warm_up", None)  # start a searching bot's workers now
            if callable(warm):
                try:
                    warm()
                except Exception:
                    pass

    def start(self, seat: int, obs: Any, delay: float) -> None:
        """Let the bot of ``seat`` choose from ``obs`` (its Observation, or the information set
        ``bot.info_for(state, seat)`` gives a bot that searches) in a worker; the move is
        handed back (``result``) no sooner than ``delay`` seconds after the start."""
        bot = self.bots[seat]
        token = object()
        self.token = token
        self.thinking = bot

        def think():
            t0 = time.monotonic()
            action = bot.choose(obs)
            worker = get_current_worker()
            while True:
                rest = delay - (time.monotonic() - t0)
                if rest <= 0 or worker.is_cancelled:
                    break
                time.sleep(min(0.05, rest))
            return token, seat, action

        self.screen.run_worker(think, name="bot", group="bot", thread=True, exclusive=True, exit_on_error=False)

    def stop(self) -> None:
        """Forget the move being thought (its result is dropped) and stop the search of a
        bot that can (``cancel``)."""
        self.token = None
        bot, self.thinking = self.thinking, None
        cancel = getattr(bot, "cancel", None)
        if callable(cancel):
            try:
                cancel()
            except Exception:
                pass

    def result(self, event: Worker.StateChanged):
        """(seat, action) of a bot worker that finished and is still wanted; ("error", why)
        for one that failed; None otherwise."""
        if event.state == WorkerState.SUCCESS:
            res = event.worker.result
            if not res:
                return None
            token, seat, action = res
            if token is not self.token:
                return None
            self.thinking = None
            return seat, action
        if event.state == WorkerState.ERROR:
            self.thinking = None
            return "error", f"the bot failed: {event.worker.error!r}"
        return None

    def start_hint(self, game, obs: Observation, info: Any, key: Any = None) -> bool:
        """Ask the hint (``bots.hint_search``, else ``bots.hint``) for ``info`` in a worker
        (``info``: the information set of the seat to act, whose Observation is ``obs``);
        the worker's result is ``(obs, (action, why[, decision, scale]), key)``, ``key``
        telling the table which decision it was. False if there is no hint function."""
        fn = getattr(_bots, "hint_search", None) or hint_function()
        if fn is None:
            return False

        def think():
            return obs, fn(game, info), key

        self.screen.run_worker(think, name="hint", group="hint", thread=True, exclusive=True, exit_on_error=False)
        return True
