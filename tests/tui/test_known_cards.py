"""A card of another seat's face-down hand that every seat knows (taken from the discard pile,
shown) is named by that seat on the table: the trial found Cincinnati's guide promising it while
the seat showed backs only. Found through the registry: no game named here."""

from __future__ import annotations

import random

from cardtable.engine import Match, get_game
from cardtable.engine.registry import game_class, game_ids
from cardtable.engine.views import HAND
from cardtable.tui import render as R
from cardtable.tui.testing import screen_text, settle


def known_position():
    """The first game (by id) whose seeded random play shows seat 0 a known card in another
    seat's hidden hand: (match with Anna in seat 0 to act, the seat, its known cards)."""
    for gid in sorted(game_ids()):
        n = game_class(gid).min_players
        for seed in range(3):
            m = Match(get_game(gid, players=n), ["human:Anna"] + ["bot:random"] * (n - 1), seed=seed)
            rng = random.Random(seed)
            m.start_next()
            for _ in range(400):
                st = m.state
                if st is None or st.over:
                    break
                if st.to_act == 0:
                    for z in st.observation(0).zones:
                        if z.kind == HAND and z.owner not in (None, 0) and z.face != "up" and z.cards:
                            return m, z.owner, z.cards
                m.apply(rng.choice(st.legal_actions()), check=False)
    return None


async def test_a_known_card_in_another_hand_is_named_by_its_seat(make_app):
    found = known_position()
    assert found is not None, "no game shows a known card in another hand"
    m, seat, cards = found
    app = make_app(m)
    async with app.run_test(size=(132, 36)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "holds " + " ".join(R.card_label(c) for c in cards) in text, text
