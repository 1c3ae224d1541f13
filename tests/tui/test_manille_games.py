"""Pilot tests of the manille family and Butifarra at the table, through the keyboard
against bots (and hot-seat): Manille Parlée with a question and a statement from the talk
menu, Manille with 3 and 7 players (the bid, the exchange with the stock, the free trump
choice), Butifarra (the trump choice, delegation, doubling) and the readable hand summary.

The keys are the ones the action bar shows; which action a key sends is never decided
here: every assertion compares with ``obs.legal`` and the match record.
"""

from __future__ import annotations

import pytest

from cardtable.cards import card_text
from cardtable.engine import Match, get_game
from cardtable.engine.actions import Action
from cardtable.engine.grammar import parse_action
from cardtable.tui import demo
from cardtable.tui import render as R
from cardtable.tui.chooser import card_index, card_key
from cardtable.tui.history import HistoryScreen
from cardtable.tui.screens import SheetScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import screen_text, settle, table
from cardtable.tui.widgets import ActionBar, CardWidget
from tests.tui.helpers import actions, finish_hand, message


def bar(tbl: TableScreen) -> dict[str, str]:
    """The action bar as shown: key -> label."""
    return {k: label for k, label, _spans in tbl.query_one(ActionBar)._shown}


def key_for(tbl: TableScreen, words: str) -> str:
    """The key of the button whose label contains ``words``."""
    keys = [k for k, label in bar(tbl).items() if words in label]
    assert keys, f"no button with {words!r}: {bar(tbl)}"
    return keys[0]


async def press(pilot, *keys: str) -> None:
    for k in keys:
        await pilot.press(k)
        await pilot.pause()


async def play_a_card(pilot, tbl: TableScreen, step: int) -> None:
    """Play a legal card, with the number keys one turn and the arrows the next."""
    obs = tbl.observation()
    hand = list(obs.hand)
    ok = [i for i, c in enumerate(hand) if Action("play", cards=(c,)) in obs.legal]
    assert ok, obs.legal
    i = ok[step % len(ok)]
    if step % 2 and i < 9:
        await pilot.press(str(i + 1))
    else:
        n = len(hand)
        for _ in range(n):
            if tbl.cursor == i:
                break
            await pilot.press("right" if (i - tbl.cursor) % n <= n // 2 else "left")
    assert tbl.cursor == i
    await pilot.press("enter")


# ---- Manille Parlée: the talk menu ---------------------------------------------------------


async def test_manille_parlee_hand_with_a_question_and_a_statement(make_app):
    game = get_game("manille-parlee")
    match = Match(game, ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=4)
    app = make_app(match)
    talked: list[str] = []

    async def turn(pilot, tbl, step):
        obs = tbl.observation()
        if obs.extra.get("talk_open") and len(talked) < 2:
            asked = not talked
            if asked:
                # ask the partner how many cards of a suit: a, then c (count), then the suit
                await press(pilot, "a")
                assert tbl.menu == ("ask",)
                assert message(tbl).startswith("Ask partner: what?"), message(tbl)
                await press(pilot, "c")
                assert tbl.menu == ("ask", "count")
                # Esc goes back one level, and c opens the counts again
                await press(pilot, "escape")
                assert tbl.menu == ("ask",)
                await press(pilot, "c")
                suit_key = next(k for k in ("S", "H", "D", "C") if k in tbl.keymap)
                await press(pilot, suit_key)
                want = Action("ask", f"count {suit_key}")
            else:
                # tell a card one holds: t, a (has), then the card's key, the same as in
                # the hand
                hand = list(obs.hand)
                await press(pilot, "t", "a")
                assert tbl.menu == ("tell", "has")
                keys = [k for k in tbl.keymap if k != "escape"]
                told = sorted(hand.index(a.cards[0]) for a in obs.legal if a.verb == "tell" and a.arg == "has")
                assert keys == [card_key(i) for i in told], (keys, told)
                key = keys[-1]
                await press(pilot, key)
                want = parse_action(actions(match)[-1])
                assert want.verb == "tell" and want.arg == "has"
                assert want.cards[0] == hand[card_index(key)]
            assert actions(match)[-1] == want.text()
            assert want in obs.legal
            talked.append(want.text())
            # the question and its truthful answer: in the log of every seat, under the trick
            st = match.state
            line = st.observation(0).log[-1]
            assert (" asks " in line) if asked else (" tells: " in line)
            for seat in range(4):
                assert st.observation(seat).log[-1] == line
            text = screen_text(app)
            shown = R.pretty(line, False, R.seat_names(match)).plain
            assert shown in text, text
            assert tbl.menu == ()  # the leader must now play
            assert not any(a.verb in ("ask", "tell") for a in tbl.observation().legal)
            return
        await play_a_card(pilot, tbl, step)

    async with app.run_test(size=(80, 24)) as pilot:
        await finish_hand(pilot, app, match, turn)
        assert len(talked) == 2, talked
        assert talked[0].startswith("ask count ") and talked[1].startswith("tell has ")
        result = match.results[0]
        assert result is not None
        # the truthful answer was recorded with the question (recomputed from the deal)
        talk = match.state.observation(1).extra["talk"]
        assert [t["action"] for t in talk if t["seat"] == 0] == talked
        text = screen_text(app)
        assert "Hand 1" in text and "wins the hand" in text or "tie" in text
        assert "sheet_row" not in text and "[]" not in text
        assert table(app).errors == []


async def test_parlee_talk_menu_offers_only_legal_choices(make_app):
    match = demo.menu_open("manille-parlee", 7)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        assert "a" in bar(tbl) and "t" in bar(tbl)
        state = match.state
        await press(pilot, "a", "a")  # ask has: the suits of cards not held
        suits = {"CDHS"[a.cards[0] >> 4] for a in obs.legal if a.verb == "ask" and a.arg == "has"}
        assert suits == set(tbl.keymap) - {"escape"}
        key = next(iter(sorted(set(tbl.keymap) - {"escape"})))
        await press(pilot, key)
        cards = {a.cards[0] for a in obs.legal if a.verb == "ask" and a.arg == "has" and "CDHS"[a.cards[0] >> 4] == key}
        offered = set(bar(tbl)) - {"escape"}
        assert len(offered) == len(cards)
        # the suits are on their capital letters: s and h stay the sheet and the history
        await press(pilot, "escape")
        await press(pilot, "h")
        assert isinstance(app.screen, HistoryScreen)
        await press(pilot, "escape")
        assert tbl.menu == ("ask", "has")
        await press(pilot, "escape", "escape")
        assert tbl.menu == () and match.state is state
        await press(pilot, "s")
        assert isinstance(app.screen, SheetScreen)


# ---- Manille 2-7: bid, exchange, trump ------------------------------------------------------


def manille_turn(exchange: int):
    """The human takes the game when asked, exchanges ``exchange`` cards (selected with
    their numbers, then e), names the suit it holds most of, and plays."""

    async def turn(pilot, tbl, step):
        obs = tbl.observation()
        verbs = {a.verb for a in obs.legal}
        if "bid" in verbs:
            assert "Take the game" in bar(tbl).get("b", "")
            await press(pilot, "b")
        elif "exchange" in verbs:
            assert tbl.selecting
            if exchange:
                for i in range(exchange):
                    await press(pilot, str(i + 1))
                assert len(tbl.selected) == exchange
                assert f"Exchange selected ({exchange})" in bar(tbl).values()
                await press(pilot, "e")
            else:
                await press(pilot, "k")
        elif "trump" in verbs:
            suits = [c >> 4 for c in obs.hand]
            best = max(range(4), key=suits.count)
            await press(pilot, "CDHS"[best])
        elif "pass" in verbs:
            await press(pilot, "p")
        else:
            await play_a_card(pilot, tbl, step)

    return turn


@pytest.mark.parametrize("players,exchange", [(3, 2), (7, 3)])
async def test_manille_hand_with_the_exchange(make_app, players, exchange):
    game = get_game("manille", players)
    seats = ["bot:simple", "human:Anna"] + ["bot:simple"] * (players - 2)
    match = Match(game, seats, seed=4)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        # every other seat around the table, with card backs and counts
        text = screen_text(app)
        for s in range(players):
            if s != 1:
                assert f"Bot {s}" in text
        assert text.count(f"▒ {game.hand_size}") + text.count(f"… {game.hand_size}") >= players - 1
        hand0 = list(tbl.observation().hand)
        await finish_hand(pilot, app, match, manille_turn(exchange))
        acts = actions(match)
        assert acts[0] == "bid play"
        assert acts[1].startswith("exchange ") and len(acts[1].split()) == 1 + exchange
        # the cards selected with 1..k: the first k of the hand as shown
        assert set(acts[1].split()[1:]) == {card_text(c) for c in hand0[:exchange]}
        assert acts[2].startswith("trump ")
        res = match.results[0]
        assert res.outcome in ("made", "failed") and sum(res.points) == 0
        text = screen_text(app)
        assert ("made it" in text or "failed" in text) and "needed" in text
        assert "Ledger (stake units)" in text
        assert "ledger_info" not in text and "[]" not in text
        assert table(app).errors == []


async def test_manille_status_line_shows_the_target_and_keep_hand(make_app):
    game = get_game("manille", 5)
    match = Match(game, ["bot:simple", "human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=9)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert "target 15" in screen_text(app)
        await press(pilot, "b")
        await settle(pilot)
        assert "Anna plays for 15" in screen_text(app)
        # too many cards selected: the rules refuse, the reason is shown, nothing changes
        state = match.state
        for i in range(3):
            await press(pilot, str(i + 1))
        await press(pilot, "e")
        assert match.state is state and "at most 2" in message(tbl)
        await press(pilot, "escape")
        assert tbl.selected == []
        await press(pilot, "k")  # keep the hand
        assert actions(match)[-1] == "exchange none"
        await press(pilot, "h")  # h is the history, never a suit
        assert isinstance(app.screen, HistoryScreen) and actions(match)[-1] == "exchange none"
        await press(pilot, "escape", "H")
        await settle(pilot)
        assert actions(match)[-1] == "trump H"
        assert "Anna plays ♥ for 15" in screen_text(app)


@pytest.mark.parametrize("players", [2, 4, 5, 6])
async def test_manille_every_player_count_is_laid_out(make_app, players):
    match = demo.trick_midhand("manille", 7, players=players)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        text = screen_text(app)
        for s in range(1, players):
            assert f"Bot {s}" in text
        # the whole hand is on screen (16 cards overlap at 80 columns)
        cards = [w for w in tbl.query(CardWidget) if w.display]
        assert len(cards) == len(obs.hand)
        assert all(w.region.right <= 80 for w in cards)
        assert "stock" not in text.lower() or obs.stock_size > 0


# ---- Butifarra --------------------------------------------------------------------------------


def butifarra_turn(choice: str):
    async def turn(pilot, tbl, step):
        obs = tbl.observation()
        verbs = {a.verb for a in obs.legal}
        if "trump" in verbs:
            labels = bar(tbl)
            assert labels.get("b", "").startswith("Butifarra")
            if Action("pass") in obs.legal:
                assert labels.get("p") == "Pass to partner"
            await press(pilot, choice)
        elif "double" in verbs or "redouble" in verbs:
            key = "d" if "double" in verbs else "r"
            await press(pilot, key)
        elif "pass" in verbs:
            await press(pilot, "p")
        else:
            await play_a_card(pilot, tbl, step)

    return turn


@pytest.mark.parametrize(
    "choice,word",
    # the fast tier plays the trump choice; butifarra and the delegation whole by keys in the soak tier
    [
        ("S", "trump ♠"),
        pytest.param("b", "butifarra", marks=pytest.mark.soak),
        pytest.param("p", "Contract", marks=pytest.mark.soak),
    ],
)
async def test_butifarra_hand_played_with_keys(make_app, choice, word):
    game = get_game("butifarra")
    match = Match(game, ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert tbl.observation().seat == 0 and match.state.to_act == 0  # the dealer chooses
        assert "Trump not chosen yet" in screen_text(app)
        await finish_hand(pilot, app, match, butifarra_turn(choice))
        first = actions(match)[0]
        assert first == {"S": "trump S", "b": "trump none", "p": "pass"}[choice]
        if choice == "p":
            assert actions(match)[1].startswith("trump ")  # the partner chose
        text = screen_text(app)
        assert word in text
        assert "Points: A (0 & 2)" in text and "wins the hand" in text or "nobody scores" in text
        assert "callers" not in text and "score mode" not in text
        assert table(app).errors == []


async def test_butifarra_sheet_fits_80_columns(make_app):
    match = demo.after_hands("butifarra", 3, seed=5)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        await settle(pilot)
        text = screen_text(app)
        assert "Contract" in text and "Doubling" in text and "(1 & 3)" in text
        assert "…" not in text  # no cell or header cut short
        assert "target: 101" in text


# ---- hot-seat -------------------------------------------------------------------------------


@pytest.mark.soak
async def test_manille_hot_seat_three_players(make_app):
    game = get_game("manille", 3)
    match = Match(game, ["human:Anna", "human:Bram", "bot:simple"], seed=5)
    app = make_app(match)
    seen = set()

    async def turn(pilot, tbl, step):
        seen.add(tbl.viewer)
        assert tbl.viewer == match.state.to_act
        await manille_turn(0)(pilot, tbl, step)

    async with app.run_test(size=(80, 24)) as pilot:
        await finish_hand(pilot, app, match, turn)
        assert seen == {0, 1}
        assert match.results[0] is not None


async def test_butifarra_doubling_hint_names_only_the_offered_calls(make_app):
    game = get_game("butifarra")
    match = Match(game, ["bot:simple", "human:Anna", "bot:simple", "bot:simple"], seed=3)
    match.start_hand()
    match.apply("trump S")  # the dealer names spades; seat 1 may double
    assert {a.text() for a in match.state.legal_actions()} == {"double", "pass"}
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        # the buttons are the offered calls only (the hint line is the game's own words)
        assert set(bar(app.screen)) == {"d", "p"}, bar(app.screen)
        assert "Double" in text and "Pass" in text and "Redouble" not in text
