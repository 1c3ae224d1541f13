"""Helpers for driving the app under ``App.run_test()`` (tests and scripts/screenshots.py)."""

from __future__ import annotations

from textual.worker import WorkerState


def busy(app) -> bool:
    """True while a bot is thinking or the table is between two decisions (a review search,
    ``tui/review.py``, runs while the person decides: nobody waits for it)."""
    from cardtable.tui.table import TableScreen

    if any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) and w.group != "review" for w in app.workers):
        return True
    scr = app.screen
    if hasattr(scr, "gate_allows") and scr.painted_at is None:
        return True  # a gated screen (``handover.InputGate``) not drawn yet
    return isinstance(scr, TableScreen) and scr.mode in ("bot", "idle", "summary", "handover")


async def press_when_quiet(pilot, key: str, character: str | None = None) -> None:
    """Press ``key`` on the gated screen on top (``handover.InputGate``: a hand-over, the
    summary, the resume offer) as a person does who waited: once the screen has been drawn
    and the keyboard has been quiet as long as the gate asks (``app.handover_quiet``, 0 in
    the tests unless a test sets it; a test that wants the real quiet time without waiting
    moves the clock, ``tests/tui/test_handover.py``)."""
    import asyncio

    from textual import _time, events

    app = pilot.app
    scr = app.screen
    for _ in range(200):
        if getattr(scr, "painted_at", None) is not None:
            break
        await pilot.pause()
    opens = scr.gate_open_at(app.input_times)
    if opens is None:
        raise TimeoutError(f"{type(scr).__name__} was never drawn")
    wait = opens - _time.get_time()
    if wait > 0:
        await asyncio.sleep(wait + 0.002)
    if character is None:
        character = {"enter": "\r", "space": " ", "escape": "\x1b"}.get(key, key if len(key) == 1 else None)
    app.post_message(events.Key(key, character))
    await pilot.pause()
    await pilot.pause()


async def pass_handover(pilot) -> None:
    """Pass the hand-over on top with its key (``HandOverScreen.pass_key``), once drawn and
    after the quiet time (``press_when_quiet``)."""
    await press_when_quiet(pilot, pilot.app.screen.pass_key)


async def settle(pilot, rounds: int = 2000) -> None:
    """Let the bots play and the screens switch until a person has to do something."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        waited = [w for w in app.workers if w.group != "review"]
        if waited:  # (an empty list would mean every worker to Textual)
            await app.workers.wait_for_complete(waited)
        if not busy(app):
            await pilot.pause()
            if not busy(app):
                return
    raise TimeoutError(f"the app did not settle (screen {type(app.screen).__name__})")


def table(app):
    """The TableScreen on the stack (None if there is none)."""
    from cardtable.tui.table import TableScreen

    for scr in reversed(app.screen_stack):
        if isinstance(scr, TableScreen):
            return scr
    return None


def screen_text(app) -> str:
    """The characters of the current screen, line by line (what a person sees)."""
    from rich.console import Console

    width, height = app.size
    console = Console(
        width=width,
        height=height,
        record=True,
        color_system=None,
        file=open("/dev/null", "w"),
        legacy_windows=False,
        force_terminal=False,
    )
    # the compositor renders the visible screen, whatever lies beneath it
    update = app.screen._compositor.render_update(full=True)
    console.print(update)
    return console.export_text()
