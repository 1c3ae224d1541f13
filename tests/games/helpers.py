"""Helpers the game tests share: applying action texts, the legal texts of a state, a
refusal that must leave the state unchanged, and the hand records in tests/records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.engine.game import IllegalAction

RECORDS = Path(__file__).resolve().parent.parent / "records"


def run(state, *actions: str):
    """``state`` after applying each action text in turn (every one checked)."""
    for a in actions:
        state = state.apply(a)
    return state


def legal(state) -> set[str]:
    """The texts of ``state``'s legal actions."""
    return {a.text() for a in state.legal_actions()}


def plays(state) -> set[str]:
    """The cards (``"JH"``) of ``state``'s legal ``play`` actions."""
    return {a.text()[5:] for a in state.legal_actions() if a.verb == "play"}


def snapshot(state):
    """What a refused action must leave unchanged: every seat's observation, ``to_act``, the
    legal action texts and the deal record."""
    n = state.game.players
    return (
        [state.observation(s).to_json() for s in range(n)],
        state.to_act,
        [a.text() for a in state.legal_actions()],
        state.deal_record(),
    )


def refused(state, action: str, *words: str) -> str:
    """``action`` raises IllegalAction whose message holds ``words``; the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    msg = str(err.value)
    for w in words:
        assert w in msg, msg
    assert snapshot(state) == before
    return msg


def load_record(game_dir: str, name: str) -> dict:
    """The record ``tests/records/<game_dir>/<name>.json``."""
    return json.loads((RECORDS / game_dir / f"{name}.json").read_text(encoding="utf-8"))
