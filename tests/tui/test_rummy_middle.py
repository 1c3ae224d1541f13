"""The middle of a rummy table at 80x24 (issue 21, point 7): melds out of view are named
(more below / above) and their scroll keys are on the key line; a bot's whole turn (draw,
swap, meld, lay-offs, discard) is one line of the log, in view until the player decides."""

from __future__ import annotations

from cardtable.tui import demo
from cardtable.tui.testing import screen_text, settle, table


def key_line(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_melds_out_of_view_are_named_and_their_keys_shown(make_app):
    match = demo.draw_midhand("jokeren", seed=11, players=4, melds=8)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        center = table(app).query_one("#center")
        assert center.max_scroll_y > 0  # the melds do not fit
        assert "more below" in screen_text(app)
        assert "\u2191\u2193 melds" in key_line(app)
        await pilot.press("down")
        await settle(pilot)
        assert "more above and below" in screen_text(app)
        await pilot.press("pagedown", "pagedown")
        await settle(pilot)
        assert center.scroll_y == center.max_scroll_y
        text = screen_text(app)
        assert "more above" in text and "more below" not in text
        last = len(match.state.observation(0).melds)
        assert any(line.lstrip().startswith(f"{last} ") for line in text.splitlines())  # the last meld


async def test_the_key_line_has_no_scroll_keys_when_the_melds_fit(make_app):
    app = make_app(demo.draw_midhand("jokeren", seed=11, players=2, melds=1))
    async with app.run_test(size=(132, 36)) as pilot:
        await settle(pilot)
        assert table(app).query_one("#center").max_scroll_y == 0
        assert "\u2191\u2193" not in key_line(app) and "more below" not in screen_text(app)


async def test_a_bots_whole_rummy_turn_is_one_line_in_view(make_app):
    match = demo.draw_midhand("jokeren", seed=11, players=4, melds=8)
    events = match.state.observation(0).events
    bot = events[-1].seats[0]
    turn = []  # the last bot's turn: its events since the previous seat's
    for e in reversed(events):
        if not e.seats or e.seats[0] != bot:
            break
        turn.append(e)
    kinds = [e.kind for e in reversed(turn)]
    assert kinds[0] == "draw" and kinds[-1] == "discard" and len(kinds) >= 4, kinds
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = " ".join(str(table(app).query_one("#log").render()).split())
        assert log.count(f"Bot {bot} ") == 1, log  # one sentence
        assert log.startswith(f"Bot {bot} draws from the stock,"), log
        assert log.endswith("discards 4♦."), log
        assert log.count("lays off") == kinds.count("layoff")
