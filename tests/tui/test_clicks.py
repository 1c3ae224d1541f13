"""The clicks a new player tries first (issue 22, point 5): the stock and the discard pile draw
where that draw is legal (the move the game declares for the zone, ``VerbSpec.zone``, looked
up in the legal actions), and say why not where it is not; a click on the hand summary goes
on as ⏎ does, through the summary's gate, and never passes the hot-seat hand-over after it."""

from __future__ import annotations

import asyncio

from textual import _time, events

from cardtable.engine import Match, get_game
from cardtable.tui import demo
from cardtable.tui.screens import HandOverScreen, HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import settle
from cardtable.tui.widgets import CardWidget, PileView
from tests.tui.helpers import actions, message
from tests.tui.test_usability import rummy_position


async def click(pilot, target, offset: tuple[int, int] = (1, 1)) -> None:
    """A click as the terminal sends it: a press and a release at ``offset`` in ``target`` (a
    widget or a selector), read now, through the app's input gates (``Pilot.click`` hands a
    Click to the screen and would pass any gate by)."""
    app = pilot.app
    w = app.screen.query_one(target) if isinstance(target, str) else target
    x, y = w.region.x + offset[0], w.region.y + offset[1]
    for cls in (events.MouseDown, events.MouseUp):
        ev = cls(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
        ev.time = _time.get_time()
        app.post_message(ev)
        await pilot.pause()
    await pilot.pause()


def pile_offset(piles: PileView, zone: str) -> tuple[int, int]:
    """Where to click ``piles`` to hit ``zone`` (``stock`` or ``discard``): on its card."""
    x = next(x for x in range(piles.size.width) if piles.zone_at(x) == zone)
    return x + 2, 2


async def click_pile(pilot, zone: str) -> None:
    piles = pilot.app.screen.query_one("#piles", PileView)
    await click(pilot, piles, pile_offset(piles, zone))
    await settle(pilot)


async def test_a_click_on_the_stock_draws_and_then_says_why_not(make_app):
    match = rummy_position()
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await click_pile(pilot, "stock")
        assert actions(match) == ["draw stock"], (actions(match), message(tbl))
        # drawn already: a second click draws nothing and gives the rules' reason
        await click_pile(pilot, "stock")
        assert actions(match) == ["draw stock"]
        assert message(tbl).startswith("Draw stock: "), message(tbl)


async def test_a_click_on_the_discard_pile_takes_its_top_card(make_app):
    match = rummy_position()
    top = match.state.observation(0).discard[-1]
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await click_pile(pilot, "discard")
        assert actions(match) == ["draw discard"], message(app.screen)
        assert top in app.screen.hand_cards()


async def test_a_click_on_the_discard_pile_when_only_the_stock_may_be_drawn(make_app):
    """Loba's first draw of a hand is from the stock only: the click on the discard pile says
    why (the rules' words) and plays nothing."""
    m = Match(get_game("loba", 3), ["bot:simple", "human:You", "bot:simple"], seed=0)
    m.start_hand()
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert [a.text() for a in tbl.observation().legal] == ["draw stock"]
        await click_pile(pilot, "discard")
        assert actions(m) == []
        assert message(tbl).startswith("Nothing is taken from the discard pile now"), message(tbl)
        await click_pile(pilot, "stock")
        assert actions(m) == ["draw stock"], message(tbl)


async def test_a_click_while_a_bot_plays_says_whose_turn_it_is(make_app):
    match = rummy_position(seats=["bot:simple", "human:You", "bot:simple"])
    app = make_app(match, bot_delay=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tbl = app.screen
        assert tbl.mode == "bot"
        piles = tbl.query_one("#piles", PileView)
        await click(pilot, piles, pile_offset(piles, "stock"))
        await pilot.pause()
        assert actions(match) == []
        assert message(tbl).startswith("Wait: "), message(tbl)


def last_card(players: list[str]) -> Match:
    """Manille Muette with one card left in seat 0's hand, seat 0 to play it."""
    m = Match(get_game("manille-muette", hands_to_win=2), players, seed=3)
    return demo.play_until(m, lambda m, o: o is not None and len(o.hand) == 1 and o.seat == 0)


async def test_a_click_on_the_summary_deals_the_next_hand(make_app):
    match = last_card(["human:You"] + ["bot:simple"] * 3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.try_action(app.screen.observation().legal[0])
        await settle(pilot)
        assert isinstance(app.screen, HandSummaryScreen)
        await click(pilot, "#summary-result")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and len(match.hands) == 2


async def test_a_click_on_the_summary_in_hot_seat_waits_for_the_gate_and_never_passes_a_hand_over(make_app):
    """Hot-seat: a click on the summary counts only once the summary has been drawn and the
    keyboard and mouse have been quiet as long as before a hand-over; the hand-over that
    follows is passed by its player's key alone, never by a click."""
    match = last_card(["human:Anna", "human:Bram", "bot:simple", "bot:simple"])
    app = make_app(match, handover_quiet=0.2)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):  # the humans' last cards, each after a hand-over
            await settle(pilot)
            scr = app.screen
            if isinstance(scr, HandOverScreen):
                await asyncio.sleep(0.25)
                await pilot.press(scr.pass_key)
            elif isinstance(scr, TableScreen):
                scr.try_action(scr.observation().legal[0])
            else:
                break
        summary = app.screen
        assert isinstance(summary, HandSummaryScreen)
        app.handover_quiet = 60.0
        await click(pilot, "#summary-result")  # too soon: the quiet time has not passed
        await pilot.pause()
        assert app.screen is summary
        app.handover_quiet = 0.2
        opens = summary.gate_open_at(app.input_times)
        await asyncio.sleep(max(0.0, opens - _time.get_time()) + 0.02)
        await click(pilot, "#summary-result")
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen) and len(match.hands) == 2
        handover = app.screen
        await asyncio.sleep(0.25)
        await click(pilot, "#handover-text")
        await pilot.pause()
        assert app.screen is handover and table_viewer(app) is None


def table_viewer(app):
    tbl = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    return tbl.viewer


async def test_a_click_bounced_after_the_card_that_takes_the_trick_leads_nothing(make_app, monkeypatch):
    """The input gate after a move that ends a trick (``flow.try_action``'s hush) drops clicks
    as it drops keys: a double click whose second half lands after the winning card leads no
    card; a click once the mouse was quiet does."""
    from tests.tui.test_bursts import clicks, quiet
    from tests.tui.test_trick_bounce import QUIET, winning_last_card

    monkeypatch.setenv("CARDTABLE_INPUT_QUIET", str(QUIET))
    match, win = winning_last_card("kruisjassen", 4)
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await quiet(pilot)
        tbl = app.screen
        n0 = len(actions(match))
        assert tbl.try_action(win)
        tbl.cursor = 0  # a click on the first card would play it
        dropped = app.hushed_inputs
        await clicks(pilot, 2)
        await settle(pilot)
        assert actions(match)[n0:] == [str(win)], "a bounced click led a card"
        assert app.hushed_inputs > dropped and match.state.to_act == 0
        await quiet(pilot)
        tbl.cursor = 0
        await click(pilot, tbl.query(CardWidget).first())
        await settle(pilot)
        assert len(actions(match)) >= n0 + 2, message(tbl)
