"""Jersey Gin's showdown at the table (jersey-gin.md §8, issue 25 point 4): the hand summary shows
every hand as arranged, each seat's lay-offs and the ender's melds with the laid-off cards in gold
(``Fact.marked``), drawn by the table's generic summary with no code of the game; a snapshot of
it at 80x24 from tests/records/jersey-gin/e4.json (Example 4) with Anna in seat 0."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from cardtable.engine.record import replay
from cardtable.tui import render as R
from cardtable.tui.screens import HandSummaryScreen, result_renderable
from cardtable.tui.testing import screen_text, settle
from tests.games.helpers import load_record

SEATS = ["human:Anna", "bot:simple", "bot:simple"]


def example_4():
    return replay(dict(load_record("jersey-gin", "e4"), seats=SEATS))


def _lines(renderable) -> list[Text]:
    assert isinstance(renderable, Group)
    out = []
    for part in renderable.renderables:
        assert isinstance(part, Text)
        out += part.split("\n")
    return out


def test_the_laid_off_cards_are_drawn_in_another_colour():
    m = example_4()
    names = {0: "Anna", 1: "Bram", 2: "Cor"}
    lines = _lines(result_renderable(m, 0, names))
    melds = next(t for t in lines if t.plain.startswith("  On Bram's melds: "))
    assert melds.plain == "  On Bram's melds: 3♥ 4♥ 5♥ 6♥ 7♥ 8♥, 9♣ 9♦ 9♥ 9♠, 10♣ J♣ Q♣ K♣"
    marked = {melds.plain[s.start : s.end] for s in melds.spans if s.style == R.MARKED}
    assert marked == {"3♥", "4♥", "8♥", "9♥", "10♣"}
    cor = next(t for t in lines if t.plain.startswith("Cor: ") or t.plain.startswith("  Cor: "))
    assert cor.plain.endswith("= 48, laid off 8♥")
    assert {cor.plain[s.start : s.end] for s in cor.spans if s.style == R.MARKED} == {"8♥"}


def test_no_card_is_marked_in_a_showdown_without_lay_offs():
    """Klop Rummy's summary (no lay-offs) draws its shown hands with no marked card."""
    m = replay(load_record("klop-rummy", "e10"))
    lines = _lines(result_renderable(m, 0, {s: f"Seat {s}" for s in range(4)}))
    assert any(t.plain.startswith("  Seat 3: 5♦ 6♦ 7♦ 8♦, J♣ J♥ J♠") for t in lines)
    assert not any(s.style == R.MARKED for t in lines for s in t.spans)


async def test_the_summary_screen_shows_the_showdown(make_app):
    app = make_app(example_4())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandSummaryScreen)
        text = screen_text(app)
        assert "Bot 1 knocked with 3 and won" in text and "laid off 8♥" in text


def test_showdown_snapshot(make_app, snap_compare):
    assert snap_compare(make_app(example_4()), terminal_size=(80, 24), run_before=settle)
