"""Bezique at the 80x24 table, by the keys alone against the simple bot (issue 24: a whole
hand with a marriage, a bezique and a re-used card in a higher meld). The keys are the ones
the action bar shows; which action a key sends is never decided here: the assertions read
the match's record."""

from __future__ import annotations

import pytest

from cardtable.cards import PIQUET_RANKS, card_text, deck, parse_card, plain
from cardtable.engine import Match, get_game
from cardtable.engine.actions import Action
from cardtable.tui.chooser import card_key
from cardtable.tui.testing import screen_text, settle
from cardtable.tui.widgets import ActionBar
from tests.tui.helpers import finish_hand

HUMAN = "AC AC TC TC KH QH QS JD"
#: the stock's top: the human (who wins the first tricks) draws QD, then QC
STOCK_TOP = "QD 8D QC 8D"


def the_deal() -> dict:
    rest = list(deck(PIQUET_RANKS, 2))
    for c in (HUMAN + " " + STOCK_TOP + " 9C").split():
        rest.remove(parse_card(c))
    bot = rest[:8]
    stock = [parse_card(c) for c in STOCK_TOP.split()] + rest[8:]
    return {
        "dealer": 1,  # the human leads
        "hands": [HUMAN.split(), [card_text(c) for c in bot]],
        "upcard": "9C",
        "stock": [card_text(c) for c in stock],
    }


def bar(tbl) -> dict[str, str]:
    return {k: label for k, label, _spans in tbl.query_one(ActionBar)._shown}


async def test_the_three_melds_by_their_keys(make_app):
    """The fast tier's part of the hand below: the first three tricks, each won and its meld
    declared by the key its button shows (the four queens re-use the married QH#1 and the
    bezique's QS#1), and the melded row on the human's line."""
    match = Match(get_game("bezique"), ["human:Anna", "bot:simple"], seed=1)
    match.start_hand(deal=the_deal())
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        for lead, meld in (("AC", "Marriage"), ("AC", "Bezique"), ("TC", "Four queens")):
            hand = tbl.hand_cards()
            i = next(i for i, c in enumerate(hand) if plain(c) == parse_card(lead))
            await pilot.press(card_key(i), "enter")
            await settle(pilot)
            key = next(k for k, label in bar(tbl).items() if label.startswith(meld))
            await pilot.press(key)
            await settle(pilot)
            if meld != "Four queens":
                await pilot.press("p")
                await settle(pilot)
        assert "melded:" in screen_text(app)
    kinds = [m.kind for m in match.state.instances]
    assert kinds == ["marriage", "bezique", "four_queens"]
    assert [card_text(c) for c in match.state.instances[2].cards] == ["QC#1", "QH#1", "QS#1", "QD#1"]


@pytest.mark.soak
async def test_a_whole_hand_with_a_marriage_a_bezique_and_a_reused_queen(make_app):
    game = get_game("bezique")
    match = Match(game, ["human:Anna", "bot:simple"], seed=1)
    match.start_hand(deal=the_deal())
    app = make_app(match)
    leads = ["AC", "AC", "TC"]
    wanted = ["Marriage", "Bezique", "Four queens"]

    async def turn(pilot, tbl, step):
        obs = tbl.observation()
        if obs.phase == "declare":
            shown = bar(tbl)
            key = None
            if wanted and obs.extra["window"]["melds"] == 0:
                key = next((k for k, label in shown.items() if label.startswith(wanted[0])), None)
                if key is not None:
                    wanted.pop(0)
            await pilot.press(key or "p")
            return
        hand = tbl.hand_cards()
        if leads and not obs.trick:
            want = parse_card(leads.pop(0))
            i = next(i for i, c in enumerate(hand) if plain(c) == want)
        else:
            i = next(i for i, c in enumerate(hand) if Action("play", cards=(c,)) in obs.legal)
        await pilot.press(card_key(i))
        await pilot.press("enter")

    async with app.run_test(size=(80, 24)) as pilot:
        await finish_hand(pilot, app, match, turn)
    melds = match.results[0].detail["melds"]
    mine = [(m["kind"], m["cards"]) for m in melds if m["seat"] == 0]
    assert mine[:3] == [
        ("marriage", ["KH#1", "QH#1"]),
        ("bezique", ["QS#1", "JD#1"]),
        ("four_queens", ["QC#1", "QH#1", "QS#1", "QD#1"]),  # troef clubs first
    ]
    assert match.results[0].detail["tricks_played"] == 32
