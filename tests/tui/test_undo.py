"""Undo at the table (issue 8, item 4) and the confirmation a game declares for a move that
ends the hand at once (``VerbSpec.confirm``)."""

from __future__ import annotations

from cardtable import saves
from cardtable.engine import Match, get_game
from cardtable.engine.actions import Action
from cardtable.tui.app import CardTableApp
from cardtable.tui.handover import ConfirmScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import pass_handover, settle
from tests.tui.helpers import message


async def _past_handovers(app, pilot) -> None:
    """Settle, confirming hand-overs, until the table shows a decision."""
    for _ in range(6):
        await settle(pilot)
        if app.screen.__class__.__name__ == "HandOverScreen":
            await pass_handover(pilot)
            continue
        break


def _first(tbl: TableScreen) -> Action:
    obs = tbl.observation()
    return next((a for a in obs.legal if a.verb != "claim"), obs.legal[0])


async def test_undo_against_bots_takes_back_decisions_one_by_one():
    match = Match(get_game("kruisjassen"), ["human:Anna", "bot", "bot", "bot"], seed=12)
    app = CardTableApp(match, bot_delay=0, resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        marks = []
        for _ in range(3):
            tbl = app.screen
            assert isinstance(tbl, TableScreen) and tbl.mode == "human"
            marks.append(len(match.hands[-1]["actions"]))
            assert tbl.try_action(_first(tbl))
            await settle(pilot)
        assert app.screen.check_action("undo", ())
        for i, mark in enumerate(reversed(marks)):
            await pilot.press("backspace" if i % 2 == 0 else "ctrl+z")
            await settle(pilot)
            assert len(match.hands[-1]["actions"]) == mark
            assert app.screen.mode == "human" and match.state.to_act == 0
            # the autosave holds the match as it now stands
            assert saves.load_match().to_record() == match.to_record()
        await pilot.press("backspace")
        await settle(pilot)
        assert "Nothing to take back" in message(app.screen)


async def test_undo_in_hot_seat_is_off_unless_turned_on(make_app):
    for allowed in (False, True):
        match = Match(get_game("kruisjassen"), ["human:Anna", "human:Bram", "bot", "bot"], seed=12)
        app = make_app(match, hotseat_undo=allowed)
        async with app.run_test(size=(80, 24)) as pilot:
            await _past_handovers(app, pilot)
            tbl = app.screen
            assert tbl.try_action(_first(tbl))
            await settle(pilot)
            if app.screen.__class__.__name__ == "HandOverScreen":
                await pass_handover(pilot)
                await settle(pilot)
            n = len(match.hands[-1]["actions"])
            await pilot.press("backspace")
            await settle(pilot)
            if allowed:
                # Bram is at the keyboard and has not decided yet: Anna's move is not his to
                # take back (a fresh user undid the other human's move here)
                assert len(match.hands[-1]["actions"]) == n
                assert "Nothing to take back" in message(app.screen)
            else:
                # not in the key line, and the key does nothing
                assert len(match.hands[-1]["actions"]) == n
                assert not app.screen.check_action("undo", ())


async def test_in_hot_seat_a_player_takes_back_only_their_own_decision(make_app):
    """With undo on in hot-seat, Anna takes back her own draw while she is still deciding."""
    match = Match(get_game("klassieke-rummy"), ["human:Anna", "human:Bram"], seed=3)
    app = make_app(match, hotseat_undo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _past_handovers(app, pilot)
        seat = match.state.to_act
        tbl = app.screen
        # taking the discard (a card all have seen): the same player decides on
        assert tbl.try_action(Action("draw", "discard"))
        await settle(pilot)
        assert match.state.to_act == seat and len(match.hands[-1]["actions"]) == 1
        await pilot.press("backspace")
        await settle(pilot)
        assert match.hands[-1]["actions"] == []
        # a card drawn from the stock has been seen: it is not taken back
        assert tbl.try_action(Action("draw", "stock"))
        await settle(pilot)
        await pilot.press("backspace")
        await settle(pilot)
        assert match.hands[-1]["actions"] == ["draw stock"]
        assert "cannot be taken back" in message(app.screen)


async def test_a_claim_asks_first(make_app):
    """ "Ik dek" ends the hand at once: the game declares a confirmation (VerbSpec.confirm);
    n keeps the hand going, y claims."""
    match = Match(get_game("kruisjassen"), ["human:Anna", "bot", "bot", "bot"], seed=12)
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot)
            tbl = app.screen
            if Action("claim") in tbl.observation().legal:
                break
            assert tbl.try_action(_first(tbl))
        n = len(match.hands[-1]["actions"])
        spec = next(s for s in tbl.observation().verbs if s.verb == "claim")
        assert spec.confirm
        await pilot.press(spec.key)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is tbl and len(match.hands[-1]["actions"]) == n
        await pilot.press(spec.key)
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert match.hands[-1]["actions"][n] == "claim"


async def test_undo_names_the_move_in_the_games_words():
    """The undo message says the move with the game's label and the cards drawn ("Roem K♦
    Q♦ J♦"), not the action text ("declare seq3 KD QD JD")."""
    from cardtable.tui import demo
    from cardtable.tui import render as R

    match = Match(get_game("kruisjassen"), ["human:Anna", "bot", "bot", "bot"], seed=3)
    demo.play_until(
        match,
        lambda m, o: (
            o is not None and o.seat == 0 and any(a.verb == "declare" and a.arg.startswith("seq") for a in o.legal)
        ),
        seed=3,
    )
    app = CardTableApp(match, bot_delay=0, resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        roem = next(a for a in tbl.observation().legal if a.verb == "declare" and a.arg.startswith("seq"))
        assert tbl.try_action(roem)
        await settle(pilot)
        await pilot.press("backspace")
        await settle(pilot)
        text = message(app.screen)
        assert "Taken back: Roem " + " ".join(R.card_label(c) for c in roem.cards) in text, text
        assert roem.arg not in text
