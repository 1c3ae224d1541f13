"""Bursts of keys and clicks at every hand-over and every confirmation screen (issue 8, item 1;
issue 19).

Keys a terminal delivers together (a bouncing key, SSH lag, a paste typed as keys, a double
click) never pass a hand-over (only the next player's key does, after a quiet moment:
tests/tui/test_handover.py); they confirm a hand summary, the resume offer or the match end
once, and none of them reaches the table of the next player: no card is played by a bounce,
the app never lands on the menu or a blank screen. The keys come a few milliseconds apart,
as a terminal sends them (``Pilot.press`` waits for the app between two keys, which hides
the fault).
"""

from __future__ import annotations

import asyncio

import pytest
from textual import _time, events

from cardtable import saves
from cardtable.bots import get_bot
from cardtable.engine import Match, get_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens import HandOverScreen, HandSummaryScreen, MatchEndScreen, MenuScreen, ResumeScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import pass_handover, press_when_quiet, settle, table
from cardtable.tui.widgets import CardWidget

QUIET = 0.06  # the app's input gate in these tests (the app's default is 0.25 s)
HANDOVER_QUIET = 0.1  # the quiet a hand-over asks in these tests (the app's default is 1 s)
CHARS = {"space": " ", "enter": "\r", "escape": "\x1b"}
#: the faults of issue 8 and longer bursts: 2, 3 and 10 keys
BURSTS = [
    ("space", "1"),
    ("space", "space"),
    ("a", "b"),
    ("space", "1", "enter"),
    ("enter",) * 10,
    ("space", "2", "enter", "1", "enter", "3", "enter", "q", "escape", "enter"),
]


def _stamp(event, t0: float, i: int, gap: float):
    """``event`` as the terminal driver would have made it: read ``i * gap`` seconds after
    the first input of the burst (the test and the app share one event loop, so a sleep
    here may last much longer than the keyboard's gap when the app is busy drawing)."""
    event.time = t0 + i * gap
    return event


@pytest.fixture(autouse=True)
def _gate(monkeypatch):
    monkeypatch.setenv("CARDTABLE_INPUT_QUIET", str(QUIET))
    monkeypatch.setenv("CARDTABLE_HANDOVER_QUIET", str(HANDOVER_QUIET))


async def burst(app, keys, gap: float = 0.005) -> None:
    """Post ``keys`` to the app ``gap`` seconds apart, letting the app handle each one (as it
    does when the terminal's keys come in one by one) but without waiting for the screens
    to settle in between."""
    t0 = _time.get_time()
    for i, k in enumerate(keys):
        app.post_message(_stamp(events.Key(k, CHARS.get(k, k if len(k) == 1 else None)), t0, i, gap))
        await asyncio.sleep(gap)


async def clicks(pilot, n: int = 2) -> None:
    """``n`` quick clicks where the card under the cursor will lie once the table shows."""
    app = pilot.app
    tbl = table(app)
    cards = list(tbl.query(CardWidget)) if tbl is not None else []
    region = cards[0].region if cards else None
    x, y = (region.x + 1, region.y + 1) if region else (40, 20)
    t0 = _time.get_time()
    for i in range(n):
        for j, cls in enumerate((events.MouseDown, events.MouseUp)):
            app.post_message(
                _stamp(cls(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y), t0, 2 * i + j, 0.01)
            )
        await asyncio.sleep(0.02)


async def quiet(pilot) -> None:
    """Let the input gate open (the keyboard quiet for longer than ``QUIET``)."""
    await pilot.pause(QUIET * 1.6)
    await settle(pilot)


async def until_open(pilot) -> None:
    """Wait until the gated screen on top (a hand-over, the summary, the resume offer) takes
    a key: drawn, and the keyboard quiet as long as it asks since."""
    app = pilot.app
    await settle(pilot)
    opens = app.screen.gate_open_at(app.input_times)
    await asyncio.sleep(max(0.0, opens - _time.get_time()) + 0.005)


async def play_hand_with_bursts(pilot, match: Match, humans, bursts_at: int = 6, stop: bool = False) -> dict:
    """Play the current hand to its summary: a burst at each of the first ``bursts_at``
    hand-overs (then the gate is turned off to keep the test quick), the human's moves from
    the simple bot. ``stop``: return after the last burst. Returns counts."""
    app = pilot.app
    bots = {s: get_bot("simple", match.game, seed=s) for s in humans}
    seen = {"handovers": 0, "bursts": 0, "moves": 0}
    for _ in range(3000):
        await settle(pilot)
        scr = app.screen
        if isinstance(scr, HandSummaryScreen):
            return seen
        if isinstance(scr, HandOverScreen):
            seen["handovers"] += 1
            nxt = match.state.to_act
            if seen["bursts"] < bursts_at:
                b = seen["bursts"]
                seen["bursts"] += 1
                n0 = len(match.hands[-1]["actions"])
                keys = BURSTS[b % len(BURSTS)]
                # a burst (or a double click) as the hand-over comes up, even one that ends
                # with the next player's key, and one of other keys after the keyboard was
                # quiet: neither passes it, nothing is played, no hand is shown
                other = tuple(k for k in keys if k != scr.pass_key) or ("enter",)
                for when, these in (("at once", other + (scr.pass_key,)), ("after quiet", other)):
                    if when == "after quiet":
                        await until_open(pilot)
                    if b % 4 == 3:
                        await clicks(pilot, 2)
                    else:
                        await burst(app, these)
                    await quiet(pilot)
                    assert app.screen is scr, (b, when, these, type(app.screen).__name__)
                    assert len(match.hands[-1]["actions"]) == n0, match.hands[-1]["actions"][n0:]
                    assert table(app).viewer is None
                # the next player's key, bouncing: passed once, the bounce plays nothing
                await until_open(pilot)
                await burst(app, (scr.pass_key,) + keys)
                await quiet(pilot)
                assert app.screen is table(app), (b, type(app.screen).__name__, app.hushed_inputs)
                assert len(match.hands[-1]["actions"]) == n0, match.hands[-1]["actions"][n0:]
                tbl = table(app)
                assert tbl.mode == "human" and tbl.viewer == nxt == match.state.to_act
                if seen["bursts"] == bursts_at:
                    if stop:
                        return seen
                    app.input_quiet = 0.0
                    app.handover_quiet = 0.0
            else:
                await pass_handover(pilot)
            continue
        tbl = scr
        assert isinstance(tbl, TableScreen) and tbl.mode == "human", type(scr).__name__
        st = match.state
        seat = st.to_act
        action = bots[seat].choose(st.observation(seat))
        n0 = len(match.hands[-1]["actions"])
        tbl.try_action(action)
        assert len(match.hands[-1]["actions"]) > n0
        seen["moves"] += 1
    pytest.fail("the hand did not end")


def watch(match: Match) -> Match:
    """Keep the seat of every action applied in ``match._movers``."""
    match._movers = []
    apply = match.apply

    def watched(action, check=True):
        seat = match.state.to_act
        out = apply(action, check=check)
        match._movers.append(seat)
        return out

    match.apply = watched
    return match


def _app(match, **kw):
    watch(match)
    return CardTableApp(match, bot_delay=0, resume=False, autosave=False, **kw)


async def _summary_burst(pilot, match, keys) -> None:
    """A burst at the hand summary: it goes on once; the next hand's hand-over (hot-seat) or
    table comes, and no card of the next hand is played by the burst."""
    app = pilot.app
    assert isinstance(app.screen, HandSummaryScreen)
    hands = len(match.hands)
    await until_open(pilot)
    await burst(app, keys)
    await quiet(pilot)
    scr = app.screen
    if match.over:
        assert isinstance(scr, MatchEndScreen), type(scr).__name__
        return
    assert len(match.hands) == hands + 1
    tbl = table(app)
    if tbl.hot_seat:
        assert isinstance(scr, HandOverScreen), type(scr).__name__
    else:
        assert scr is tbl
    movers = match._movers[len(match._movers) - len(match.hands[-1]["actions"]) :]
    assert all(match.seat_kind(s)[0] == "bot" for s in movers), movers


@pytest.mark.parametrize(
    "game_id,players,humans",
    [
        ("kruisjassen", 4, 2),
        ("manille", 3, 3),
        ("manille-muette", 4, 4),
    ],
)
async def test_bursts_at_every_hand_over(game_id, players, humans):
    """2, 3 and 4 humans: bursts of 2, 3 and 10 keys and a double click at the hand-overs
    (the first five of a hand, to keep the test quick)."""
    game = get_game(game_id, players)
    seats = [f"human:P{s + 1}" for s in range(humans)] + ["bot:simple"] * (players - humans)
    match = Match(game, seats, seed=91)
    app = _app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_hand_with_bursts(pilot, match, set(range(humans)), bursts_at=5, stop=True)
        assert seen["bursts"] == 5


@pytest.mark.parametrize("humans", [1, 4])
async def test_bursts_at_the_summary_and_the_match_end(humans):
    """The last card of a one-hand match, then a burst at the summary (it goes on once, to
    the match end, nothing skipped) and one at the match end (back to the menu, also for a
    table opened from the command line; the app does not quit)."""
    from cardtable.tui import demo

    game = get_game("manille-muette", hands_to_win=1)
    seats = [f"human:P{s + 1}" for s in range(humans)] + ["bot:simple"] * (4 - humans)
    match = Match(game, seats, seed=3)
    demo.play_until(match, lambda m, o: o is not None and len(o.hand) == 1 and o.seat == 0)
    app = _app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_hand_with_bursts(pilot, match, set(range(humans)), bursts_at=1)
        assert match.over
        # the last summary's key line speaks of the result, not of a next hand
        keys = {k: v[0].description for k, v in app.screen._bindings.key_to_bindings.items()}
        assert keys["enter"] == "the result" and keys["q"] == "quit", keys
        app.input_quiet = QUIET
        app.handover_quiet = HANDOVER_QUIET
        await _summary_burst(pilot, match, ("enter", "1", "enter"))
        assert isinstance(app.screen, MatchEndScreen)
        await quiet(pilot)
        await burst(app, ("enter",) * 10)
        await quiet(pilot)
        assert not app._exit
        assert isinstance(app.screen, MenuScreen), type(app.screen).__name__


async def test_a_bounce_after_a_move_plays_nothing_for_the_next_player():
    """⏎⏎⏎ at the table: the first plays the card; the rest never play for the next human."""
    game = get_game("kruisjassen")
    match = Match(game, ["human:Anna", "human:Bram", "human:Cas", "human:Daan"], seed=91)
    app = _app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await settle(pilot)
            if isinstance(app.screen, HandOverScreen):
                await pass_handover(pilot)
                await quiet(pilot)
                continue
            tbl = app.screen
            assert isinstance(tbl, TableScreen) and tbl.mode == "human"
            if "enter" not in tbl.keymap:
                tbl.try_action(tbl.observation().legal[0])
                continue
            n0 = len(match.hands[-1]["actions"])
            dropped = app.hushed_inputs
            await burst(app, ("enter", "enter", "enter"))
            await quiet(pilot)
            assert app.hushed_inputs > dropped  # the bounce met the gate
            assert len(match.hands[-1]["actions"]) == n0 + 1, match.hands[-1]["actions"][n0:]
            assert isinstance(app.screen, HandOverScreen), type(app.screen).__name__


@pytest.mark.parametrize("humans", [1, 2])
async def test_bursts_at_the_resume_offer(humans):
    """A burst at "Resume it?": resumed once, the burst's other keys play nothing and do
    not pass the hand-over that follows in hot-seat."""
    from cardtable.tui import demo

    seats = ["human:Anna", "human:Bram"][:humans]
    game = get_game("kruisjassen")
    seats = seats + ["bot:simple"] * (game.players - len(seats))
    m = demo.trick_midhand("kruisjassen", 7, tricks=2, seats=seats)
    while m.seat_kind(m.state.to_act)[0] == "bot":
        m.apply(get_bot("simple", m.game, seed=1).choose(m.state.observation(m.state.to_act)))
    saves.save_match(m)
    n0 = len(m.hands[-1]["actions"])
    app = CardTableApp(None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        await until_open(pilot)
        await burst(app, ("enter", "1", "enter", "enter", "a", "b"))
        await quiet(pilot)
        tbl = table(app)
        assert tbl is not None and len(tbl.match.hands[-1]["actions"]) == n0
        assert isinstance(app.screen, HandOverScreen if humans > 1 else TableScreen)


async def test_q_and_escape_on_the_summary_and_match_end_do_what_they_say():
    """Esc on the summary goes on like ⏎; q leaves the table (the match is saved); at the
    match end ⏎ goes back to the menu even from the command line and q quits."""
    from cardtable.tui import demo

    seats = ["human:Anna", "bot:simple", "bot:simple", "bot:simple"]

    def near_end(hands_to_win=1):
        m = Match(get_game("manille-muette", hands_to_win=hands_to_win), seats, seed=3)
        return demo.play_until(m, lambda m, o: o is not None and len(o.hand) == 1 and o.seat == 0)

    for key, want in (("escape", MatchEndScreen), ("q", None)):
        match = near_end(1 if want else 2)
        app = CardTableApp(match, bot_delay=0, resume=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_hand_with_bursts(pilot, match, {0}, bursts_at=0)
            await press_when_quiet(pilot, key)
            if want is None:
                assert app._exit  # a CLI table: q quits, the save stays
                assert saves.load_match() is not None
            else:
                assert isinstance(app.screen, want)
                await pilot.press("enter")
                await settle(pilot)
                assert not app._exit and isinstance(app.screen, MenuScreen)
    match = near_end()
    app = CardTableApp(match, bot_delay=0, resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_hand_with_bursts(pilot, match, {0}, bursts_at=0)
        await press_when_quiet(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, MatchEndScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app._exit
