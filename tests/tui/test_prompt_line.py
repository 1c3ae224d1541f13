"""The turn prompt (the message line on the human's turn) says only what is on offer."""

from __future__ import annotations

from cardtable.engine import Match, get_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.testing import settle
from tests.tui.helpers import message
from tests.tui.test_usability import rummy_position


def make_app(match) -> CardTableApp:
    return CardTableApp(match, bot_delay=0, resume=False, autosave=False)


async def test_loba_prompt_does_not_offer_the_discard_when_only_the_stock_may_be_drawn():
    m = Match(get_game("loba", 3), ["bot:simple", "human:You", "bot:simple"], seed=0)
    m.start_hand()
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert [a.text() for a in tbl.observation().legal] == ["draw stock"]
        line = message(tbl)
        assert "d draws from the stock" in line, line
        assert "discard" not in line, line


async def test_rummy_prompt_offers_both_draws_when_both_are_legal():
    app = make_app(rummy_position())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = message(app.screen)
        assert "d draws from the stock" in line and "t takes the top discard" in line, line


# ---- the cursor after a draw -------------------------------------------------------------


async def test_after_taking_the_discard_enter_discards_another_card():
    """Klassieke Rummy: the card taken from the discard pile may not be discarded in the same
    turn, so the cursor is not left on it (it is put where that card comes): ⏎ discards."""
    match = rummy_position()
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        top = tbl.observation().discard[-1]
        place = list(match.state.apply("draw discard").observation(0).hand).index(top)
        tbl.cursor = place  # where the taken card comes
        await pilot.press("t")
        await settle(pilot)
        assert tbl.hand_cards().index(top) == place
        assert tbl.hand_cards()[tbl.cursor] != top
        await pilot.press("enter")
        await settle(pilot)
        assert match.hands[-1]["actions"][1].startswith("discard"), (match.hands[-1]["actions"], message(tbl))


async def test_after_a_stock_draw_the_cursor_is_on_the_drawn_card():
    match = rummy_position()
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        before = list(tbl.hand_cards())
        await pilot.press("d")
        await settle(pilot)
        hand = tbl.hand_cards()
        drawn = [c for c in hand if c not in before]
        assert len(drawn) == 1 and hand[tbl.cursor] == drawn[0], (hand, tbl.cursor)


# ---- the prompt fits one line of 80 columns ----------------------------------------------


async def test_rummy_prompt_after_the_draw_fits_80_columns():
    """Klassieke Rummy after the draw (lay off and discard on offer): the whole prompt on one
    line, not cut with … (tests/tui/fit.py reports a cut prompt)."""
    from tests.tui.fit import fit_problems

    app = make_app(rummy_position())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        tbl = app.screen
        line = message(tbl)
        assert "l lays off" in line and "⏎ or x discards" in line, line
        assert tbl.message_cut is None and not fit_problems(app), fit_problems(app)


async def test_kruisjassen_prompt_with_the_claim_fits_80_columns():
    from tests.tui.fit import fit_problems
    from tests.tui.phases import phase_match

    m = phase_match("kruisjassen", 4, "play")
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert any(a.verb == "claim" for a in tbl.observation().legal)
        line = message(tbl)
        assert "c claims 100" in line and not line.endswith("…"), line
        assert tbl.message_cut is None and not fit_problems(app), fit_problems(app)


# ---- the cursor at the start of a decision -----------------------------------------------


async def test_enter_alone_plays_a_whole_trick_hand():
    """Kruisjassen: at each of the human's turns the cursor starts on a card that may be played
    (a suit to follow), so ⏎ alone plays the hand through; before, the cursor could start on a
    card of another suit and ⏎ was refused."""
    moved = 0
    for seed in range(8):
        moved += await _enter_alone(seed)
        if moved >= 2:
            break
    assert moved >= 2, "too few turns with a suit to follow: the test would not catch the fault"


async def _enter_alone(seed: int) -> int:
    """One Kruisjassen hand played by ⏎ alone (roem passed on by its key); the turns where
    not every card could be played."""
    m = Match(get_game("kruisjassen"), ["bot:simple", "bot:simple", "human:You", "bot:simple"], seed=seed)
    m.start_hand()
    app = make_app(m)
    moved = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        for _ in range(200):
            if len(m.hands) > 1 or m.state is None or m.state.over:
                break
            obs = tbl.observation()
            if tbl.mode != "human" or obs is None or obs.to_act != 2:
                await settle(pilot)
                continue
            plays = [a for a in obs.legal if a.verb == "play"]
            if not plays:  # roem to pass on: its own key
                await pilot.press(next(v.key for v in obs.verbs if v.verb == obs.legal[0].verb))
                await settle(pilot)
                continue
            hand = list(obs.hand)
            assert hand[tbl.cursor] in {a.cards[0] for a in plays}, (hand, tbl.cursor, plays)
            moved += len(plays) < len(hand)  # a suit to follow
            await pilot.press("enter")
            await settle(pilot)
            assert "may not" not in (message(tbl) or ""), message(tbl)
        played = [a for a in m.hands[0]["actions"] if a.startswith("play")]
        assert len(played) == 32 or m.hands[0]["actions"][-1].startswith("claim"), m.hands[0]["actions"]
    return moved


async def test_a_key_offered_before_but_not_now_says_why():
    """Loba: ``t`` (take the top discard) when only the stock may be drawn gives the rules'
    reason on the message line and changes nothing; before, the key did nothing at all."""
    m = Match(get_game("loba", 2), ["bot:simple", "human:You"], seed=1)
    m.start_hand()
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        offered = refused = False
        for _ in range(300):
            if m.state is None or m.state.over or len(m.hands) > 1:
                break
            obs = tbl.observation()
            if tbl.mode != "human" or obs is None or obs.to_act != 1:
                await settle(pilot)
                continue
            texts = [a.text() for a in obs.legal]
            if "draw stock" in texts:
                if "draw discard" in texts:
                    offered = True
                elif offered:
                    hand, actions = list(obs.hand), len(m.hands[-1]["actions"])
                    await pilot.press("t")
                    await settle(pilot)
                    line = message(tbl)
                    assert line.startswith("Take discard: ") and "may be taken only" in line, line
                    assert list(tbl.observation().hand) == hand and len(m.hands[-1]["actions"]) == actions
                    refused = True
                    break
                await pilot.press("d")
            else:
                await pilot.press("enter")
            await settle(pilot)
        assert offered and refused, (offered, refused)


async def test_h_on_the_hand_summary_shows_the_hand_just_played():
    """The summary's key line offers ``h``: the history of the hand that just ended (every trick),
    from its public log; Esc goes back to the summary."""
    from cardtable.tui.history import HistoryScreen
    from cardtable.tui.screens import HandSummaryScreen
    from tests.tui.helpers import finish_hand

    m = Match(get_game("kruisjassen"), ["bot:simple", "bot:simple", "human:You", "bot:simple"], seed=3)
    m.start_hand()
    app = make_app(m)

    async def turn(pilot, tbl, step):
        obs = tbl.observation()
        if any(a.verb == "play" for a in obs.legal):
            await pilot.press("enter")
        else:
            await pilot.press(next(v.key for v in obs.verbs if v.verb == obs.legal[0].verb))

    async with app.run_test(size=(80, 24)) as pilot:
        await finish_hand(pilot, app, m, turn)
        summary = app.screen
        assert isinstance(summary, HandSummaryScreen)
        assert "history" in screen_words(app)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        text = screen_words(app)
        assert "Trick 1" in text and "hand 1" in text, text
        assert "back to the summary" in text and "back to the table" not in text, text
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is summary


def screen_words(app) -> str:
    from cardtable.tui.testing import screen_text

    return " ".join(screen_text(app).split())


async def test_after_taking_the_discard_the_cursor_stays_on_its_card():
    """Taking the discard puts a card into the hand before the cursor's: the cursor stays on
    the card it was on (not on the slot, which now holds another card)."""
    match = rummy_position(players=2)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        top = tbl.observation().discard[-1]
        after = list(match.state.apply("draw discard").observation(0).hand)
        hand = list(tbl.hand_cards())
        # a card whose slot gets another card that may be discarded (not the one taken)
        i = next(i for i in range(len(hand)) if after.index(top) < i)
        tbl.cursor = i
        await pilot.press("t")
        await settle(pilot)
        assert tbl.hand_cards()[tbl.cursor] == hand[i], (tbl.hand_cards(), tbl.cursor, hand[i])


async def test_a_lay_off_names_its_cards_and_a_refused_card_is_put_back():
    """Select 10♥, lay off onto 6♥ 7♥ 8♥: refused (it does not fit yet), and 10♥ is no longer
    selected; then 9♥ alone: the prompt names 9♥ only, and only 9♥ goes onto the meld (before,
    10♥ stayed selected and went along, and the prompt named no card)."""
    from cardtable.cards import parse_card

    match = rummy_position(players=2, melds=[(1, "6H 7H 8H")], hand0="2S 9H TH 3C")
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)

        async def key_of(code):
            return str(tbl.hand_cards().index(parse_card(code)) + 1)

        await pilot.press(await key_of("TH"), "l")
        await settle(pilot)
        assert "10♥" in message(tbl) and "onto which meld" in message(tbl), message(tbl)
        await pilot.press("1")
        await settle(pilot)
        assert "does not fit" in message(tbl), message(tbl)
        assert parse_card("TH") not in tbl.chooser.selected
        await pilot.press(await key_of("9H"), "l")
        await settle(pilot)
        line = message(tbl)
        assert "9♥" in line and "10♥" not in line, line
        await pilot.press("1")
        await settle(pilot)
        lays = [a for a in match.hands[-1]["actions"] if a.startswith("layoff")]
        assert lays == ["layoff 9H to 1"], match.hands[-1]["actions"]


async def test_enter_makes_the_only_move_and_a_dead_key_says_so():
    """Kruisjassen, a roem turn where Pass is the only move: ⏎ passes (before: nothing). A
    letter that does nothing now says so, and the key line is named (before: silence, with
    an old message left standing as if it answered)."""
    m = Match(get_game("kruisjassen"), ["bot:simple", "human:You", "bot:simple", "bot:simple"], seed=3)
    m.start_hand()
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert [a.text() for a in tbl.observation().legal] == ["pass"]
        await pilot.press("b")
        await settle(pilot)
        assert message(tbl).startswith("b does nothing now"), message(tbl)
        await pilot.press("enter")
        await settle(pilot)
        assert m.hands[-1]["actions"][:1] == ["pass"], m.hands[-1]["actions"]


async def test_a_meld_key_when_no_meld_can_be_made_says_it_is_not_on_offer():
    """Klassieke Rummy, after the draw with no meld in hand (the meld key was offered in this
    phase before): the key says the meld is not on offer, not "select the cards first"."""
    melds = [(1, "6H 7H 8H")]
    match = rummy_position(players=2, melds=melds, hand0="2S 9H TH 3C 5D 7C")
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)
        obs = tbl.observation()
        assert not any(a.verb == "meld" for a in obs.legal)
        await pilot.press("m")
        await settle(pilot)
        line = message(tbl)
        assert "not on offer" in line or "does nothing now" in line, line
        assert "Select the cards first" not in line, line


async def test_space_with_nothing_to_select_says_so():
    """Klassieke Rummy before the draw (no move takes several cards): ␣ selects nothing and
    says why; before, it was silent and a trial user took it for a failed selection."""
    match = rummy_position()
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert not tbl.selecting
        await pilot.press("space")
        await settle(pilot)
        assert tbl.selected == []
        want = "␣ selects cards for a move of several cards; none is on offer now."
        assert message(tbl).startswith(want), message(tbl)
        assert match.hands[-1]["actions"] == []


# ---- ⏎ when it makes no move -------------------------------------------------------------


async def test_enter_before_the_draw_says_which_keys_choose():
    """Klassieke Rummy before the draw (the stock or the discard: no card to play, no single
    move): ⏎ says it makes no move and names the keys that do. Before, the key line's
    ``check_action`` hid ⏎ and the key ran nothing: silence."""
    match = rummy_position()
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert {a.text() for a in tbl.observation().legal} == {"draw stock", "draw discard"}
        assert not tbl.check_action("enter", ())  # ⏎ is not offered on the key line
        await pilot.press("enter")
        await settle(pilot)
        line = message(tbl)
        assert line.startswith("⏎ makes no move now"), line
        assert "d Draw stock" in line and "t Take discard" in line, line
        assert match.hands[-1]["actions"] == [], match.hands[-1]["actions"]


async def test_enter_in_a_bid_names_the_buttons():
    """Manille (2-7), the bid (take the game or pass): ⏎ names the two keys, plays nothing."""
    from tests.tui.phases import phase_match

    m = phase_match("manille", 3, "bid")
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        before = list(m.hands[-1]["actions"])
        await pilot.press("enter")
        await settle(pilot)
        line = message(tbl)
        assert line.startswith("⏎ makes no move now") and "p Pass" in line, line
        assert m.hands[-1]["actions"] == before
