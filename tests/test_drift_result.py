"""The drift rummies' hand result (families/drift.py ``DriftHand.result``): one helper writes the
``result.detail`` keys in the order docs/records.md gives, and a game gives only its scoring rule
by hooks (``out_points``, ``result_keys``, ``result_tail``, ``went_out_words``)."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import get_game

#: docs/records.md: the ``result.detail`` keys of each drift rummy, in order
DETAIL_KEYS = {
    "klassieke-rummy": ["outcome", "winner", "rummy", "hand_points", "dealer", "next_dealer", "turnovers", "turns"],
    "basis-rummy": [
        "outcome",
        "winner",
        "rummy",
        "hand_points",
        "dealer",
        "next_dealer",
        "turnovers",
        "turns",
        "packs",
    ],
    "jokeren": ["outcome", "winner", "hand_points", "dealer", "next_dealer", "turnovers", "turns", "packs"],
    "ramino-drift": ["outcome", "winner", "penalties", "dealer", "turnovers", "turns", "active"],
    "loba": ["outcome", "winner", "penalties", "all_at_once", "dealer", "turnovers", "turns", "active"],
}


def played_out(gid: str, players: int = 3, seed: int = 4):
    """A hand of ``gid`` played to its end by seeded random legal moves (melds preferred)."""
    st = get_game(gid, players).new_hand(seed)
    rng = random.Random(seed)
    while st.to_act is not None:
        acts = st.legal_actions()
        keen = [a for a in acts if a.verb != "discard"] if rng.random() < 0.7 else acts
        st = st.apply(rng.choice(keen or acts))
    return st


@pytest.mark.parametrize("gid", sorted(DETAIL_KEYS))
def test_detail_keys_in_the_documented_order(gid):
    res = played_out(gid).result()
    assert list(res.detail) == DETAIL_KEYS[gid]
    assert res.outcome == res.detail["outcome"] == "out" and res.winners == [res.detail["winner"]]


@pytest.mark.parametrize("gid", sorted(DETAIL_KEYS))
def test_a_game_gives_only_its_scoring_rule(gid):
    """A subclass that changes only the hooks changes the points, the detail and the headline;
    the family writes the rest (the way a new drift rummy plugs in)."""
    st = played_out(gid)
    base = type(st)

    class Doubled(base):
        __slots__ = ()

        def out_points(self, detail):
            return [2 * p for p in super().out_points(detail)]

        def result_keys(self):
            return {**super().result_keys(), "extra_key": 1}

        def result_tail(self):
            return {**super().result_tail(), "last_key": 2}

        def went_out_words(self):
            return "{0} went out twice"

    plain = st.result()
    st.__class__ = Doubled
    res = st.result()
    assert res.points == [2 * p for p in plain.points]
    keys = list(res.detail)
    assert keys[-1] == "last_key" and keys.index("extra_key") == keys.index("dealer") - 1
    assert res.summary.headline.template == "{0} went out twice"


def test_a_void_hand_writes_nothing_whatever_the_rule():
    st = played_out("jokeren")
    st.void = True
    res = st.result()
    assert res.points == [0, 0, 0] and res.outcome == "void" and res.winners == []
    assert res.summary.headline.template == "A void hand: nothing is written"
