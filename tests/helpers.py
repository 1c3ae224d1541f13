"""Helpers the tests in this folder share (the game tests have theirs in tests/games)."""

from __future__ import annotations

from cardtable.bots import get_bot
from cardtable.engine import Match


def play(match: Match, hands: int, extra_actions: int = 0, bot: str = "simple") -> Match:
    """Play ``hands`` whole hands with bots, then ``extra_actions`` of the next hand."""
    bots = [get_bot(bot, match.game, seed=s) for s in range(match.game.players)]
    for h in range(hands + 1):
        if match.over or (h == hands and extra_actions == 0):
            break
        if match.state is not None and not match.state.over:
            state = match.state  # go on with the hand in progress
        else:
            state = match.start_hand()
        steps = 0
        while not state.over and (h < hands or steps < extra_actions):
            state = match.apply(bots[state.to_act].choose(state.observation(state.to_act)))
            steps += 1
    return match
