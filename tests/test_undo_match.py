"""Match.undo (issue 8, item 4): the current hand dealt again and replayed minus its tail, for
every registered game (written over the registry: a new game is covered with no line here)."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalAction, Match, game_ids, get_game
from cardtable.tui import demo


def _same(a, b, players: int) -> bool:
    return (
        a.to_act == b.to_act
        and a.legal_actions() == b.legal_actions()
        and all(a.observation(s) == b.observation(s) for s in range(players))
    )


@pytest.mark.parametrize("game_id", game_ids())
def test_undo_replays_the_hand_minus_its_tail(game_id):
    game = get_game(game_id)
    n = game.players
    match = Match(game, ["human:Anna"] + ["bot:simple"] * (n - 1), seed=4)
    states = []
    demo.play_until(
        match,
        lambda m, o: (
            (states.append(m.state) if o is not None else None)
            or (o is not None and len(m.hands[-1]["actions"]) >= 12)
            or m.sheet.hands >= 1
        ),
    )
    acts = list(match.hands[-1]["actions"])
    if match.state.over or len(acts) < 3:
        pytest.skip("the hand ended too soon")
    k = len(acts)
    assert states[-1] is match.state
    st = match.undo(3)
    assert match.hands[-1]["actions"] == acts[: k - 3]
    assert _same(st, states[-4], n) and match.state is st
    rec = match.to_record()
    assert rec["hands"][-1]["actions"] == acts[: k - 3]
    # every action of the hand, then none is left to take back
    match.undo(k - 3)
    assert match.hands[-1]["actions"] == [] and _same(match.state, states[0], n)
    for bad in (0, 1, -1):
        with pytest.raises(IllegalAction):
            match.undo(bad)
    assert match.undo_count({0}) == 0


@pytest.mark.parametrize("game_id", game_ids())
def test_undo_count_takes_back_the_last_decision_of_a_seat_and_what_followed(game_id):
    game = get_game(game_id)
    match = Match(game, ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=6)

    def stop(m, obs):  # seat 0 to decide again, after a decision of its own in this hand
        return obs is not None and obs.seat == 0 and 0 in m.actors()

    demo.play_until(match, stop)
    actors = match.actors()
    last = max(i for i, a in enumerate(actors) if a == 0)
    n = match.undo_count({0})
    assert n == len(actors) - last
    match.undo(n)
    assert match.state.to_act == 0 and len(match.hands[-1]["actions"]) == last


def test_a_finished_hand_is_not_taken_back():
    match = demo.after_hands("kruisjassen", 1)
    assert match.state.over and match.hands[-1]["actions"]
    with pytest.raises(IllegalAction):
        match.undo(1)


def _rummy_at_own_draw(seed: int = 3) -> Match:
    """Klassieke Rummy, seat 0 (human) to draw at its first turn."""
    match = Match(get_game("klassieke-rummy"), ["human:Anna", "bot:simple"], seed=seed)
    demo.play_until(match, lambda m, obs: obs is not None and obs.seat == 0)
    assert any(a.verb == "draw" for a in match.state.legal_actions())
    return match


def test_a_card_drawn_from_the_stock_cannot_be_taken_back():
    match = _rummy_at_own_draw()
    match.apply("draw stock")
    drawn = match.undo_refusal(1, {0})
    assert drawn is not None and "cannot be taken back" in drawn
    # for the other seat, the draw revealed nothing
    assert match.undo_refusal(1, {1}) is None


def test_a_card_taken_from_the_discard_pile_may_be_taken_back():
    match = _rummy_at_own_draw()
    match.apply("draw discard")
    assert match.undo_refusal(1, {0}) is None
    match.undo(1)
    assert match.state.to_act == 0


@pytest.mark.parametrize("game_id", ["kruisjassen", "manille"])
def test_card_play_in_trick_games_stays_undoable(game_id):
    game = get_game(game_id)
    match = Match(game, ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=6)
    demo.play_until(match, lambda m, obs: obs is not None and obs.seat == 0 and 0 in m.actors())
    n = match.undo_count({0})
    assert n >= 1 and match.undo_refusal(n, {0}) is None
