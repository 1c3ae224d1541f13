"""Issue 21, point 9: what players of these games expect at the table. The hand sorted by the
sort key ``=`` (as dealt, by suit with the trump first, by rank), remembered in the settings;
the card under the cursor moved with ``<`` ``>``; the card keys following the order drawn;
⏎ playing the one card the rules allow wherever the cursor is; ``-`` showing the last trick
at any time."""

from __future__ import annotations

import json
import random

from cardtable import settings
from cardtable.cards import card_text, suit_of
from cardtable.engine import Match, get_game
from cardtable.tui.hand_order import arrange, follow, suit_rank
from cardtable.tui.render import card_label
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import settle
from cardtable.tui.widgets import CardWidget
from tests.tui.helpers import actions


def drawn_hand(tbl: TableScreen) -> list[int]:
    """The cards of the hand as drawn, left to right."""
    ws = sorted(
        (w for w in tbl.query_one("#hand").query(CardWidget) if w.display and w.card is not None),
        key=lambda w: w.index,
    )
    return [w.card for w in ws]


def test_arrange_puts_the_trump_first_and_alternates_colours():
    from cardtable.cards import parse_cards

    hand = parse_cards("AS 7H KC 9D 8H JC TS")
    by_suit = arrange(hand, "suit", trump=1)  # trump ♦
    assert [card_text(c) for c in by_suit] == ["9D", "TS", "AS", "7H", "8H", "JC", "KC"]
    assert suit_rank(None)[3] == 0  # no trump: ♠ first
    assert [card_text(c) for c in arrange(hand, "rank")] == ["7H", "8H", "9D", "TS", "JC", "KC", "AS"]
    assert arrange(hand, "dealt") == hand
    # the player's own order: cards gone are dropped, new cards go at the right end
    assert follow([3, 1, 2], [1, 2, 4]) == [1, 2, 4]


async def test_the_sort_key_orders_the_hand_and_the_card_keys_follow(make_app):
    app = make_app(lead_match())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen) and tbl.mode == "human"
        dealt = list(tbl.observation().hand)
        assert drawn_hand(tbl) == dealt
        trump = tbl.observation().facts.trump
        key = tbl.match.game.card_sort_key
        await pilot.press("equals_sign")
        await pilot.pause()
        shown = drawn_hand(tbl)
        assert shown == arrange(dealt, "suit", trump, key)
        assert suit_of(shown[0]) == trump or trump not in {suit_of(c) for c in dealt}
        assert "Hand sorted by suit, trump first" in str(tbl.query_one("#message").render())
        # remembered in the settings file
        assert json.loads(settings.settings_path().read_text())["hand_sort"] == "suit"
        await pilot.press("equals_sign")
        await pilot.pause()
        shown = drawn_hand(tbl)
        assert shown == arrange(dealt, "rank", trump, key) and shown != dealt
        assert "Hand sorted by rank" in str(tbl.query_one("#message").render())
        # a card key chooses the card drawn under it, and ⏎ plays that card
        legal = {a.cards[0]: a for a in tbl.observation().legal if a.verb == "play"}
        k = next(i for i, c in enumerate(shown) if c in legal and dealt.index(c) != i)
        await pilot.press(str(k + 1))
        assert tbl.cursor == k
        n0 = len(actions(tbl.match))
        await pilot.press("enter")
        await settle(pilot)
        assert actions(tbl.match)[n0] == legal[shown[k]].text()
        hand = list(tbl.observation().hand)
        assert drawn_hand(tbl) == arrange(hand, "rank", trump, key)
        await pilot.press("equals_sign")
        await pilot.pause()
        assert drawn_hand(tbl) == hand
        assert "Hand as dealt" in str(tbl.query_one("#message").render())
    # a new table starts in the saved order
    settings.save(settings.replace(settings.load(environ=False), hand_sort="rank"))
    app = make_app(lead_match())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        assert drawn_hand(tbl) == arrange(obs.hand, "rank", obs.facts.trump, tbl.match.game.card_sort_key)


async def test_a_card_moves_within_the_hand(make_app):
    app = make_app(lead_match())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        tbl = app.screen
        before = drawn_hand(tbl)
        await pilot.press("1")
        await pilot.press("greater_than_sign")
        await pilot.press("greater_than_sign")
        after = drawn_hand(tbl)
        assert after == before[1:3] + before[:1] + before[3:]
        assert tbl.cursor == 2
        await pilot.press("less_than_sign")
        assert drawn_hand(tbl) == before[1:2] + before[:1] + before[2:] and tbl.cursor == 1
        # the card key 1 is the card drawn first now
        await pilot.press("1")
        assert tbl.hand_cards()[tbl.cursor] == before[1]


def kruisjassen_at(want, seed: int = 3) -> Match:
    """Kruisjassen played at random (the human's seat 0 too) until ``want(plays, obs)`` holds
    for seat 0's legal plays and observation at its turn."""
    for s in range(seed, seed + 200):
        m = Match(get_game("kruisjassen"), ["human:You", "bot", "bot", "bot"], seed=s)
        m.start_next()
        rng = random.Random(s)
        for _ in range(200):
            st = m.state
            if st is None or st.over:
                break
            legal = st.legal_actions()
            plays = [a for a in legal if a.verb == "play"]
            if st.to_act == 0 and plays and want(plays, st.observation(0)):
                return m
            m.apply(rng.choice(legal))
    raise AssertionError("no such position")


def one_card_match() -> Match:
    """The human to play with exactly one card allowed, among more."""
    return kruisjassen_at(lambda plays, obs: len(plays) == 1 and len(obs.hand) > 2)


def later_match() -> Match:
    """The human to play to the third trick, after its lead."""
    return kruisjassen_at(
        lambda plays, obs: len(obs.hand) == 6 and any(z.kind == "trick" and z.cards for z in obs.zones)
    )


def lead_match() -> Match:
    """The human to lead the first trick: every card of the full hand may be played."""
    return kruisjassen_at(lambda plays, obs: len(plays) == len(obs.hand) == 8)


async def test_enter_plays_the_only_card_allowed_wherever_the_cursor_is(make_app):
    m = one_card_match()
    only = next(a for a in m.state.legal_actions() if a.verb == "play")
    app = make_app(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert tbl.mode == "human"
        hand = tbl.hand_cards()
        # the cursor off the card (before: ⏎ was refused there, the player had to find it)
        tbl.cursor = next(i for i, c in enumerate(hand) if c != only.cards[0])
        tbl.refresh_table()
        await pilot.pause()
        assert tbl._enter_plan()[0] == f"play {card_label(only.cards[0])}"
        n0 = len(actions(m))
        await pilot.press("enter")
        await pilot.pause()
        assert actions(m)[n0 : n0 + 1] == [only.text()], (actions(m), str(tbl.query_one("#message").render()))


async def test_the_last_trick_is_shown_on_a_key(make_app):
    m = later_match()
    app = make_app(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        last = next(z for z in obs.zones if z.kind == "last_trick")
        assert last.cards
        trick_text = lambda: str(tbl.query_one("#trick").render())  # noqa: E731
        assert "last trick: won by" not in trick_text()  # the trick in play is drawn
        await pilot.press("minus")
        await pilot.pause()
        shown = trick_text()
        for c in last.cards:
            assert card_label(c) in shown
        names = tbl._names()
        assert f"last trick: won by {names[last.owner]}" in shown
        await pilot.press("minus")
        await pilot.pause()
        assert "last trick: won by" not in trick_text()


def hot_seat_one_card_match() -> tuple[Match, object]:
    """Kruisjassen, Anna and Bram at one keyboard: Anna to play a card after which Bram (next)
    may play one card only. Returns the match and Anna's play."""
    for s in range(1, 300):
        m = Match(get_game("kruisjassen"), ["human:Anna", "human:Bram", "bot", "bot"], seed=s)
        m.start_next()
        rng = random.Random(s)
        for _ in range(200):
            st = m.state
            if st is None or st.over:
                break
            legal = st.legal_actions()
            if st.to_act == 0:
                for a in (a for a in legal if a.verb == "play"):
                    nxt = st.apply(a)
                    plays = [b for b in nxt.legal_actions() if b.verb == "play"] if nxt.to_act == 1 else []
                    if len(plays) == 1 and len(nxt.observation(1).hand) > 2:
                        return m, a
            m.apply(rng.choice(legal))
    raise AssertionError("no such position")


async def test_the_one_card_key_keeps_the_hand_over_gate(make_app, monkeypatch):
    """Anna's ⏎ bounces (⏎⏎⏎) play her card only: Bram's one card is not played by them,
    only by his own ⏎ once his table is drawn."""
    from cardtable.tui.screens import HandOverScreen
    from cardtable.tui.testing import pass_handover
    from tests.tui.test_bursts import HANDOVER_QUIET, QUIET, burst, quiet  # noqa: I001

    monkeypatch.setenv("CARDTABLE_INPUT_QUIET", str(QUIET))
    monkeypatch.setenv("CARDTABLE_HANDOVER_QUIET", str(HANDOVER_QUIET))
    m, anna = hot_seat_one_card_match()
    app = make_app(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pass_handover(pilot)
        await quiet(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen) and tbl.viewer == 0
        tbl.cursor = tbl.hand_cards().index(anna.cards[0])
        n0 = len(actions(m))
        await burst(app, ("enter", "enter", "enter"))
        await quiet(pilot)
        assert actions(m)[n0:] == [anna.text()]
        assert isinstance(app.screen, HandOverScreen)
        await pass_handover(pilot)
        await quiet(pilot)
        assert tbl.viewer == 1 and tbl._enter_plan()[0].startswith("play ")
        only = next(a for a in m.state.legal_actions() if a.verb == "play")
        await pilot.press("enter")
        await pilot.pause()
        assert actions(m)[n0:] == [anna.text(), only.text()]


async def test_a_sorted_rummy_hand_keeps_its_order_through_a_draw_and_a_meld(make_app):
    """By rank in a rummy: the drawn card takes its sorted place (the cursor on it), and the
    cards selected by their keys in the order shown are the ones melded."""
    from tests.tui.test_usability import rummy_position

    settings.save(settings.replace(settings.load(environ=False), hand_sort="rank"))
    m = rummy_position(hand0="9H 4C 9C 3C 9S TH")
    app = make_app(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        tbl = app.screen
        before = list(tbl.observation().hand)
        await pilot.press("d")
        await settle(pilot)
        hand = list(tbl.observation().hand)
        shown = drawn_hand(tbl)
        assert shown == arrange(hand, "rank", None, tbl.match.game.card_sort_key)
        new = next(c for c in hand if c not in before)
        assert shown[tbl.cursor] == new
        nines = [i for i, c in enumerate(shown) if card_text(c)[0] == "9"]
        assert len(nines) == 3
        for i in nines:
            await pilot.press(str(i + 1))
        assert sorted(tbl.selected) == sorted(shown[i] for i in nines)
        n0 = len(actions(m))
        await pilot.press("m")
        await settle(pilot)
        made = actions(m)[n0]
        assert made.startswith("meld") and all(x in made for x in ("9S", "9H", "9C")), made
