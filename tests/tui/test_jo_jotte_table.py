"""Jo-Jotte's sheet with the line on the table's sheet screen (jo-jotte.md §8): a snapshot at
80x24 after four hands (three games, a suspense pending), and the drawing as the screen shows
it: §8's columns and line, every line within the screen, the suspense under it."""

from __future__ import annotations

from cardtable.cards import card_text
from cardtable.tui import demo
from cardtable.tui.testing import screen_text, settle


def after_four_hands():
    return demo.after_hands("jo-jotte", 4, seed=9)


async def open_sheet(pilot) -> None:
    await settle(pilot)
    await pilot.press("s")
    await settle(pilot)


def test_lijn_sheet_snapshot(make_app, snap_compare):
    assert snap_compare(make_app(after_four_hands()), terminal_size=(80, 24), run_before=open_sheet)


async def test_the_sheet_screen_draws_the_line(make_app):
    m = after_four_hands()
    assert m.sheet.suspense == 90 and len(m.sheet.rubbers[0]["games"]) == 3
    a = make_app(m)
    async with a.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        text = screen_text(a)
        lines = text.splitlines()
        assert all(len(ln) <= 80 for ln in lines)
        drawing = m.sheet.view(["Anna", "Bot 1"]).lines
        for ln in drawing:
            assert ln.rstrip() in text, ln
        assert "suspense: 90" in text
        assert any("\u256a" in ln for ln in lines)  # the line


def at_the_dix():
    """Example 15's deal, Anna in seat 0 with the troef seven after the completion deal."""
    from cardtable.engine import Match, get_game
    from tests.games.test_jo_jotte import deal

    hands = [
        ["7H", "AS", "KS", "AD", "KD", "AC", "KC", "9S", "9D"],
        ["JH", "9H", "AH", "TH", "QS", "JS", "QD", "JD", "QC"],
    ]
    m = Match(get_game("jo-jotte"), ["human:Anna", "bot:simple"], seed=1)
    m.start_hand(deal=deal(hands, "KH"))
    for a in ("bid accept", "pass", "pass"):
        m.apply(a)
    assert m.state.phase == "dix" and m.state.to_act == 0
    return m


def test_dix_snapshot(make_app, snap_compare):
    assert snap_compare(make_app(at_the_dix()), terminal_size=(80, 24), run_before=settle)


async def test_the_dix_by_key(make_app):
    m = at_the_dix()
    a = make_app(m)
    async with a.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Exchange 7" in screen_text(a)
        await pilot.press("x")
        await settle(pilot)
        assert m.hands[0]["actions"][3] == "swap 7H" and card_text(m.state.up_now) == "7H"
