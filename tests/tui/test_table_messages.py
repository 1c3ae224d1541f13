"""Messages and score lines at the table: a refusal said while a bot was to play is gone on
the human's next turn; the talk of the hand (Manille Parlée) and the game totals
(Butifarra) at 80x24."""

from __future__ import annotations

from cardtable.engine import Match, get_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.testing import screen_text, settle
from tests.tui.helpers import message

# ---- 1. a "Wait:" refusal does not outlive the bots' turns -------------------------------


async def test_wait_message_is_replaced_on_your_next_turn():
    game = get_game("manille-muette")
    m = Match(game, ["bot:simple", "human:Me", "bot:simple", "bot:simple"], seed=30)
    app = CardTableApp(m, bot_delay=1.5, resume=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert tbl.mode == "human"
        assert "Your turn" in message(tbl) or "lead" in message(tbl).lower()
        await pilot.press("enter")  # play a card
        await pilot.pause()
        assert tbl.mode == "bot"
        await pilot.press("2", "enter")  # too early: a bot is to play
        await pilot.pause()
        assert message(tbl).startswith("Wait:"), message(tbl)
        await settle(pilot)
        assert tbl.mode == "human"
        assert "Wait:" not in message(tbl), message(tbl)
        assert "Your turn" in message(tbl) or "lead" in message(tbl).lower(), message(tbl)
        await pilot.press("q")


async def test_key_line_shows_no_card_keys_while_the_bots_play():
    """While a bot plays, the key line offers what one can do then (quit, the sheet, the
    history, the rules, undo), not ←→ card, ⏎ play or ␣ select (before: shown all along). The
    keys pressed then still say whose turn it is."""
    from tests.tui.test_usability import _footer_keys

    game = get_game("manille-muette")
    m = Match(game, ["bot:simple", "human:Me", "bot:simple", "bot:simple"], seed=30)
    app = CardTableApp(m, bot_delay=1.5, resume=False, autosave=False)  # a bot's turn lasts
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert tbl.mode == "human"
        keys = _footer_keys(app)
        # (at 80 columns ←→ card gives way to = sort and - last trick: FOOTER_DROP)
        assert "⏎ play" in keys and tbl.check_action("cursor", ()), keys
        await pilot.press("enter")  # play a card: the bots' turn
        await pilot.pause()
        assert tbl.mode == "bot"
        keys = _footer_keys(app)
        assert "q quit" in keys and "h history" in keys and "s sheet" in keys, keys
        assert "⏎" not in keys and "←→" not in keys and "␣" not in keys and "hint" not in keys, keys
        assert not tbl.check_action("cursor", ())
        await pilot.press("space")
        await pilot.pause()
        assert message(tbl).startswith("Wait:"), message(tbl)
        await settle(pilot)
        assert tbl.mode == "human" and "⏎ play" in _footer_keys(app), _footer_keys(app)
        await pilot.press("q")


# ---- 2. Manille Parlée: the talk of the hand beside the trick at 80x24 -------------------


def _parlee_after_two_talks() -> Match:
    from cardtable.engine.grammar import parse_action
    from cardtable.tui import demo

    m = Match(get_game("manille-parlee"), ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=7)
    m.start_hand()
    bots = {s: demo.robot(m.game, s) for s in range(4)}
    said = ["ask count S", "tell count H"]
    while True:
        st = m.state
        if not said and st.to_act == 0 and st.observation(0).trick:
            return m
        obs = st.observation(st.to_act)
        if obs.extra.get("talk_open") and said and parse_action(said[0]) in obs.legal:
            m.apply(parse_action(said.pop(0)))
            continue
        m.apply(bots[st.to_act].choose(obs))


async def test_parlee_shows_every_question_and_answer_of_the_hand_at_80x24(make_app):
    m = _parlee_after_two_talks()
    talk = m.state.observation(0).extra["talk"]
    assert [t["action"] for t in talk] == ["ask count S", "tell count H"]
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        names = app.screen._names()
        first, second = talk
        asked = f"{names[first['seat']]}→{names[first['subject']]} ♠ count: {first['answer']}"
        ask = next((ln for ln in text.splitlines() if asked in ln), None)
        told = f"{names[second['seat']]}: I hold {second['answer']} ♥"
        tell = next((ln for ln in text.splitlines() if told in ln), None)
        assert ask is not None and tell is not None, text
        assert text.index(ask) < text.index(tell)  # most recent last
        await pilot.press("q")
