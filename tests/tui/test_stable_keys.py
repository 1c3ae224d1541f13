"""A button the table gives a free key keeps that key while the seat's decision lasts (the
issue 23 trial: in Jo-Jotte `e` declared one meld, and `a`, which the player had read beside
the second, did nothing: the second had moved onto `e`)."""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.engine.actions import Action
from cardtable.engine.views import VerbSpec
from cardtable.tui.chooser import FREE_KEYS, Chooser

VERBS = (VerbSpec("declare", "Declare", "", "declare a meld"), VerbSpec("pass", "No roem", "p", "pass"))
UI = SimpleNamespace(act=lambda a: None, card_key=lambda s, acts: None, redraw=lambda: None)


def obs(melds, seat=0, phase="play"):
    legal = [Action("declare", arg=m) for m in melds] + [Action("pass")]
    return SimpleNamespace(legal=legal, verbs=VERBS, seat=seat, phase=phase)


def keys(chooser, o):
    """Each meld's key: the declare buttons come in the order of the legal actions."""
    melds = [a.arg for a in o.legal if a.verb == "declare"]
    got = [it.key for it in chooser.items(o, UI) if it.key != "p"]
    assert len(got) == len(melds)
    return dict(zip(melds, got))


def test_a_button_keeps_its_key_when_another_goes_and_a_new_one_takes_an_unused_key():
    c = Chooser()
    first = keys(c, obs(["carre", "seq3", "seq4"]))
    assert first == {"carre": "e", "seq3": "a", "seq4": "b"}
    # carre declared: seq3 and seq4 keep a and b; e is not handed on at once
    assert keys(c, obs(["seq3", "seq4"])) == {"seq3": "a", "seq4": "b"}
    # a meld new in this decision takes a key no button had, not the gone carre's e
    assert keys(c, obs(["seq3", "seq4", "stuk"])) == {"seq3": "a", "seq4": "b", "stuk": "c"}
    # the carre offered again gets its e back
    assert keys(c, obs(["carre", "seq3"]))["carre"] == "e"


def test_another_seat_or_phase_starts_from_the_first_free_key():
    c = Chooser()
    keys(c, obs(["carre", "seq3"]))
    assert keys(c, obs(["seq3"], seat=1)) == {"seq3": "e"}
    assert keys(c, obs(["seq3"], seat=1, phase="meld")) == {"seq3": "e"}


def test_once_every_free_key_was_given_a_gone_buttons_key_is_reused():
    c = Chooser()
    n = len(FREE_KEYS) - 1  # pass takes p
    names = [f"m{i}" for i in range(n)]
    assert sorted(keys(c, obs(names)).values()) == sorted(k for k in FREE_KEYS if k != "p")
    got = keys(c, obs(names[1:] + ["new"]))
    assert got["new"] == "e" and len(set(got.values())) == n
