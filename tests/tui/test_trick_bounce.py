"""A bounced key after a card that takes the trick (helper trial of issue 19): the player who
wins the trick leads the next one at once, with no hand-over between, and the rest of the
keys that played his card (a bounced ⏎, a habit's ⏎⏎, SSH lag) must not lead a card for him.
The table shuts the input gate when a move of the player to act ends a trick and leaves him
to act again."""

from __future__ import annotations

import pytest

from cardtable.bots import get_bot
from cardtable.engine import Match, get_game
from cardtable.tui.testing import settle, table
from tests.tui.test_bursts import burst, quiet

QUIET = 0.06


@pytest.fixture(autouse=True)
def _gate(monkeypatch):
    monkeypatch.setenv("CARDTABLE_INPUT_QUIET", str(QUIET))


def winning_last_card(gid: str, players: int, seeds=range(1, 40)):
    """A match with the human (seat 0) to play the last card of a trick, and a legal card
    that takes it (so that he leads the next one): (match, that action)."""
    for seed in seeds:
        m = Match(get_game(gid, players), ["human:Anna"] + ["bot"] * (players - 1), seed=seed)
        m.start_next()
        bots = {s: get_bot("simple", m.game, seed=s) for s in range(players)}
        for _ in range(200):
            st = m.state
            if st is None or st.over:
                break
            seat = st.to_act
            if seat == 0:
                obs = st.observation(0)
                trick = [z for z in obs.zones if z.kind == "trick"]
                if trick and trick[0].count == players - 1:
                    for a in st.legal_actions():
                        if a.verb == "play" and st.apply(a).to_act == 0:
                            return m, a
            m.apply(bots[seat].choose(st.observation(seat)))
    raise AssertionError(f"no position found in {gid}")


@pytest.mark.parametrize("gid,players", [("kruisjassen", 4), ("manille", 2)])
async def test_a_bounce_after_the_card_that_takes_the_trick_leads_nothing(make_app, gid, players):
    match, win = winning_last_card(gid, players)
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await quiet(pilot)
        tbl = table(app)
        n0 = len(match.hands[-1]["actions"])
        assert tbl.try_action(win)
        await burst(app, ("enter", "enter", "space", "1", "enter"))  # the rest of the burst
        await settle(pilot)
        assert match.hands[-1]["actions"][n0:] == [str(win)], "a bounced key led a card"
        assert match.state.to_act == 0 and tbl.mode == "human"
        await quiet(pilot)  # a deliberate key, once the keyboard was quiet, leads
        await pilot.press("enter")
        await settle(pilot)
        assert len(match.hands[-1]["actions"]) >= n0 + 2
