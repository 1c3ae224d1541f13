"""Pilot tests: whole hands played through key presses against bots, the hot-seat
hand-over, and refused actions (the reason is shown, nothing changes)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine import Match, get_game
from cardtable.engine.actions import Action
from cardtable.tui import demo
from cardtable.tui.app import CardTableApp
from cardtable.tui.render import card_label
from cardtable.tui.screens import HandOverScreen, HandSummaryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import pass_handover, screen_text, settle, table
from cardtable.tui.widgets import CardWidget, HandView
from tests.tui.helpers import finish_hand, message

MAX_STEPS = 3000


def make_app(match: Match, **kw) -> CardTableApp:
    return CardTableApp(match, bot_delay=0, resume=False, **kw)


async def move_cursor(pilot, tbl: TableScreen, index: int) -> None:
    """Walk the cursor to ``index`` with the arrow keys."""
    n = len(tbl.hand_cards())
    for _ in range(n):
        if tbl.cursor == index:
            return
        await pilot.press("right" if (index - tbl.cursor) % n <= n // 2 else "left")
    assert tbl.cursor == index


def visible_hand(tbl: TableScreen) -> list[int]:
    return tbl.query_one(HandView).visible_cards()


# ---- a whole Kruisjassen hand -----------------------------------------------------------


async def play_trick_turn(pilot, tbl: TableScreen, step: int) -> None:
    obs = tbl.observation()
    legal = list(obs.legal)
    plays = [a for a in legal if a.verb == "play"]
    if plays:
        hand = list(obs.hand)
        ok = [i for i, c in enumerate(hand) if Action("play", cards=(c,)) in legal]
        i = ok[step % len(ok)]
        if step % 2:  # number keys one turn, arrows the next
            await pilot.press(str(i + 1))
        else:
            await move_cursor(pilot, tbl, i)
        assert tbl.cursor == i
        await pilot.press("enter")
    elif Action("pass") in legal:
        await pilot.press("p")
    else:  # e.g. after "declare stuk": whatever the bar offers
        key = next(iter(tbl.keymap))
        await pilot.press(key)


async def test_kruisjassen_hand_played_with_keys():
    game = get_game("kruisjassen")
    match = Match(game, ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        human_moves = await finish_hand(pilot, app, match, play_trick_turn, MAX_STEPS, handovers=False)
        assert match.results[0] is not None
        assert human_moves >= 2
        played = [a for a in match.hands[0]["actions"]]
        assert any(a.startswith("play ") for a in played)
        # the summary names the outcome and shows the streepjes
        text = screen_text(app)
        assert "Hand 1" in text and "0/2" in text
        assert table(app).errors == []
        await pilot.press("enter")  # next hand
        await settle(pilot)
        assert len(match.hands) == 2 or match.over


# ---- a whole Klassieke Rummy hand -------------------------------------------------------


async def select_cards(pilot, tbl: TableScreen, cards) -> None:
    """Select exactly ``cards`` (a multiset) in the hand with arrows and space."""
    if tbl.selected:
        await pilot.press("escape")
    want = Counter(cards)
    hand = tbl.hand_cards()
    for i, c in enumerate(hand):
        if want[c] > 0:
            want[c] -= 1
            await move_cursor(pilot, tbl, i)
            await pilot.press("space")
    assert Counter(tbl.selected) == Counter(cards)


async def play_rummy_turn(pilot, tbl: TableScreen, used: Counter) -> None:
    obs = tbl.observation()
    legal = list(obs.legal)
    verbs = {a.verb for a in legal}
    if "draw" in verbs:
        key = "d" if Action("draw", "stock") in legal else "t"
        used[key] += 1
        await pilot.press(key)
        return
    melds = [a for a in legal if a.verb == "meld"]
    if melds:
        await select_cards(pilot, tbl, melds[0].cards)
        used["m"] += 1
        await pilot.press("m")
        return
    layoffs = [a for a in legal if a.verb == "layoff"]
    if layoffs:
        a = layoffs[0]
        await select_cards(pilot, tbl, a.cards)
        used["l"] += 1
        await pilot.press("l")
        for ch in str(a.target):
            await pilot.press(ch)
        if len(obs.melds) > 9 and a.target < 10:
            await pilot.press("enter")
        return
    discards = [a for a in legal if a.verb == "discard"]
    assert discards, legal
    # discard the highest card the rules allow (helps the bots end the hand)
    hand = tbl.hand_cards()
    if tbl.selected:
        await pilot.press("escape")
    a = discards[-1]
    await move_cursor(pilot, tbl, hand.index(a.cards[0]))
    used["enter"] += 1
    await pilot.press("enter")


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3])
async def test_klassieke_rummy_hand_played_with_keys(players):
    game = get_game("klassieke-rummy", players)
    match = Match(game, ["human:Anna"] + ["bot:simple"] * (players - 1), seed=4)
    app = make_app(match)
    used: Counter = Counter()
    async with app.run_test(size=(80, 24)) as pilot:
        await finish_hand(
            pilot, app, match, lambda p, tbl, _step: play_rummy_turn(p, tbl, used), MAX_STEPS, handovers=False
        )
        assert match.results[0] is not None
        assert used["d"] + used["t"] >= 1 and used["enter"] >= 1
        assert table(app).errors == []
        text = screen_text(app)
        assert "Hand 1" in text


# ---- hot seat -----------------------------------------------------------------------------


def labels(cards, dutch=False) -> set[str]:
    return {card_label(c, dutch) for c in cards}


async def test_hot_seat_hand_over_hides_the_next_hand():
    game = get_game("kruisjassen")
    match = Match(game, ["human:Anna", "bot:simple", "human:Bram", "bot:simple"], seed=8)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = []
        for step in range(MAX_STEPS):
            await settle(pilot)
            if isinstance(app.screen, HandSummaryScreen):
                # a claim may leave cards in the last viewer's hand: not drawn any more
                assert visible_hand(table(app)) == []
                break
            if isinstance(app.screen, HandOverScreen):
                st = match.state
                nxt = st.to_act
                hand = st.observation(nxt).hand
                text = screen_text(app)
                assert app.screen.player in text
                for lab in labels(hand) | labels(hand, dutch=True):
                    assert lab not in text, f"{lab} of the next player shows on the hand-over"
                # the table beneath holds no hand either
                tbl = table(app)
                assert tbl.viewer is None and visible_hand(tbl) == []
                assert not app.screen.query(CardWidget)
                await pass_handover(pilot)
                await settle(pilot)
                tbl = app.screen
                assert isinstance(tbl, TableScreen) and tbl.viewer == nxt
                assert visible_hand(tbl) == list(match.state.observation(nxt).hand)
                seen.append(nxt)
                continue
            tbl = app.screen
            assert isinstance(tbl, TableScreen) and tbl.mode == "human"
            assert tbl.viewer == match.state.to_act
            if len(seen) >= 4 and Action("claim") in tbl.observation().legal:
                await pilot.press("c")  # "ik dek" mid-hand: cards stay in the hands
                await settle(pilot)
                await pilot.press("y")  # the game asks first (VerbSpec.confirm)
                continue
            await play_trick_turn(pilot, tbl, step)
        else:
            pytest.fail("the hand did not end")
        assert match.results[0].outcome in ("claim", "wrong_claim")
        assert len(seen) >= 2
        # the turn alternated between the two humans, each behind a hand-over
        assert set(seen) == {0, 2}
        assert all(a != b for a, b in zip(seen, seen[1:]))


async def test_single_human_gets_no_hand_over():
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert visible_hand(app.screen) == list(match.state.observation(0).hand)


# ---- refused actions --------------------------------------------------------------------


def _illegal_position(seed: int = 1) -> Match:
    game = get_game("kruisjassen")
    m = Match(game, ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=seed)

    def stop(match, obs):
        if obs is None or obs.seat != 0 or obs.phase != "play" or not obs.trick:
            return False
        legal_cards = {a.cards[0] for a in obs.legal if a.verb == "play"}
        return bool(legal_cards) and any(c not in legal_cards for c in obs.hand)

    return demo.play_until(m, stop, seed)


async def test_illegal_card_shows_the_reason_and_changes_nothing():
    match = _illegal_position()
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        legal_cards = {a.cards[0] for a in obs.legal if a.verb == "play"}
        i, card = next((i, c) for i, c in enumerate(obs.hand) if c not in legal_cards)
        state = match.state
        n_actions = len(match.hands[-1]["actions"])
        # the card is drawn greyed out
        widget = [w for w in tbl.query(CardWidget) if w.display][i]
        assert widget.has_class("dim")
        await move_cursor(pilot, tbl, i)
        await pilot.press("enter")
        await settle(pilot)
        reason = tbl._refusal(state.explain(Action("play", cards=(card,)))).plain
        assert reason and reason in message(tbl)
        assert match.state is state
        assert len(match.hands[-1]["actions"]) == n_actions
        assert visible_hand(tbl) == list(obs.hand)
        # clicking it says the same
        await pilot.click(widget)
        await pilot.click(widget)
        await settle(pilot)
        assert reason in message(tbl) and match.state is state


async def test_illegal_meld_shows_the_reason_and_changes_nothing():
    # a turn where some meld is legal (so the meld key is on offer), then two cards
    match = Match(get_game("klassieke-rummy", 2), ["human:Anna", "bot:simple"], seed=21)
    demo.play_until(
        match, lambda mt, o: o is not None and o.seat == 0 and any(a.verb == "meld" for a in o.legal), seed=21
    )
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await settle(pilot)
        obs = tbl.observation()
        legal_melds = {tuple(sorted(a.cards)) for a in obs.legal if a.verb == "meld"}
        pair = list(obs.hand[:2])
        assert tuple(sorted(pair)) not in legal_melds  # two cards never make a meld
        state = match.state
        await select_cards(pilot, tbl, pair)
        await pilot.press("m")
        await settle(pilot)
        try:
            state.apply(Action("meld", cards=tuple(pair)))
        except Exception as e:
            reason = tbl._refusal(str(e)).plain  # card codes drawn as cards, seats named
        else:
            pytest.fail("the meld should be refused")
        assert reason in message(tbl)
        assert match.state is state
        assert Counter(tbl.selected) == Counter(pair)  # the selection is kept to fix it


def jokeren_lay_off(hand: str, meld: str) -> Match:
    """Jokeren (two packs) for two: Anna holds ``hand`` and owns the table meld ``meld``; she
    is to draw (the stock's top is 4S)."""
    from tests.games.test_basis_rummy import position

    game = get_game("jokeren", 2)
    match = Match(game, ["human:Anna", "bot:simple"], seed=1)
    match.start_hand(deal=position(game, [hand, "4D 6D 8S JD QD 2S 3S"], "TH", melds=[(0, meld)], stock_top="4S"))
    return match


async def test_after_a_lay_off_no_copy_of_the_card_stays_selected():
    """Two packs: the hand holds two 7C; laying one of them off (a meld still possible, so
    the selection is kept) leaves the selection empty: the other copy is not selected in its
    place."""
    from cardtable.cards import parse_card

    match = jokeren_lay_off("7C 7C 3H 4H 5H KS QS", "8C 9C TC")
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")  # draw the 4S
        await settle(pilot)
        seven = parse_card("7C")
        await select_cards(pilot, tbl, [seven])
        await pilot.press("l", "1")  # lay it off on meld 1
        await settle(pilot)
        assert match.hands[-1]["actions"][-1] == "layoff 7C to 1"
        assert tbl.hand_cards().count(seven) == 1  # the other 7C is still in the hand
        assert any(a.verb == "meld" for a in tbl.observation().legal)
        assert tbl.selected == []


async def test_a_joker_laid_off_by_keys_asks_which_end():
    """A joker laid off on a run by keys (l, then the meld's number) that can stand at either
    end is not put at the first one: the two designations are offered by number, as a meld's
    are, and the one chosen is played."""
    from cardtable.cards import JOKER

    match = jokeren_lay_off("JK 3H 4H 5H KS QS 9D", "5C 6C 7C")
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)
        await select_cards(pilot, tbl, [JOKER])
        before = list(match.hands[-1]["actions"])
        await pilot.press("l", "1")
        await settle(pilot)
        assert match.hands[-1]["actions"] == before  # nothing played yet: a question
        choices = [a.text() for a in tbl.chooser.choices]
        assert sorted(choices) == ["layoff JK=4C to 1", "layoff JK=8C to 1"], choices
        assert "Which one?" in message(tbl)
        await pilot.press("2")
        await settle(pilot)
        assert match.hands[-1]["actions"][-1] == choices[1]
        assert tbl.chooser.choices == () and tbl.selected == []


async def test_keys_wait_while_a_bot_thinks():
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = CardTableApp(match, bot_delay=30, resume=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tbl = app.screen
        assert tbl.mode == "human"
        await pilot.press("enter")  # Anna plays; the next seat is a bot
        await pilot.pause()
        assert tbl.mode == "bot"
        state = match.state
        await pilot.press("enter")
        await pilot.pause()
        assert match.state is state and "to play" in message(tbl)
        assert "thinking" in screen_text(app)
        await pilot.press("q")  # leaving cancels the bot


# ---- the mouse ----------------------------------------------------------------------------


async def test_ik_dek_button_claims_with_the_mouse():
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert Action("claim") in tbl.observation().legal
        button = next(b for b in tbl.query("#actions Button") if b.name == "c")
        assert "Ik dek" in str(button.label)
        await pilot.click(button)
        await settle(pilot)
        # the claim ends the hand at once: the game asks first (VerbSpec.confirm)
        assert match.hands[-1]["actions"][-1] != "claim"
        await pilot.click("#confirm-text")
        assert type(app.screen).__name__ == "ConfirmScreen"
        await pilot.press("y")
        await settle(pilot)
        assert match.hands[-1]["actions"][-1] == "claim"
        assert match.results[-1].outcome in ("claim", "wrong_claim")
        assert isinstance(app.screen, HandSummaryScreen)
        assert "ik dek" in screen_text(app)


async def test_card_clicks_play_and_meld_clicks_lay_off():
    # trick game: the first click chooses a card, the second plays it
    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        i = next(i for i, c in enumerate(obs.hand) if Action("play", cards=(c,)) in obs.legal)
        widget = [w for w in tbl.query(CardWidget) if w.display][i]
        n = len(match.hands[-1]["actions"])
        if tbl.cursor == i:
            await pilot.press("right")
        assert tbl.cursor != i
        await pilot.click(widget)
        await pilot.pause()
        assert tbl.cursor == i and len(match.hands[-1]["actions"]) == n
        await pilot.click(widget)
        await settle(pilot)
        assert match.hands[-1]["actions"][n] == Action("play", cards=(obs.hand[i],)).text()

    # rummy: find a position where seat 0 can lay off, click the card, then the meld
    game = get_game("klassieke-rummy", 2)
    m = Match(game, ["human:Anna", "bot:simple"], seed=21)

    def stop(mt, o):
        return o is not None and o.seat == 0 and any(a.verb == "layoff" for a in o.legal)

    demo.play_until(m, stop, seed=21)
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        lay = next(a for a in obs.legal if a.verb == "layoff")
        i = list(obs.hand).index(lay.cards[0])
        card_w = [w for w in tbl.query(CardWidget) if w.display][i]
        await pilot.click(card_w)
        await pilot.pause()
        assert tbl.selected == [lay.cards[0]]
        from cardtable.tui.widgets import MeldWidget

        meld_w = next(w for w in tbl.query(MeldWidget) if w.display and w.meld_id == lay.target)
        await pilot.click(meld_w)
        await settle(pilot)
        assert lay.text() in m.hands[-1]["actions"]
