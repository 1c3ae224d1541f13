"""What a trick hand shows and says, outside the state: the ``play`` verb (its actions,
made once, and its ``VerbSpec``), ``pass``, and the log events of a card played and a
trick won (docs/contract.md, "Trick games"; engine/views.py holds the shapes). The zones,
log and facts of a hand are ``TrickHand`` methods (families/tricks.py).
"""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.engine.views import CARD, LogEvent, VerbSpec

#: ``play <card>`` actions, made once; index = card int
PLAY = tuple(Action("play", None, (c,)) for c in range(65))

#: The verb every trick game has (the table today: ``⏎`` plays the chosen card).
PLAY_SPEC = VerbSpec("play", "Play card", "enter", "choose a card (←→), ⏎ plays it", CARD)
#: ``pass``, a button (bids, meld turns, doubling rounds)
PASS_SPEC = VerbSpec("pass", "Pass", "p", "p passes", arg=None)
#: the verbs of a trick game without bidding; games add theirs (``TrickHand.verb_table``)
TRICK_VERBS: tuple[VerbSpec, ...] = (PLAY_SPEC,)


def play_event(seat: int, card: Card) -> LogEvent:
    """``seat 1 plays JC`` / ``You play JC``."""
    return LogEvent("play", "{0} {0:plays|play} {c0}", (seat,), (card,))


def trick_event(seat: int, points: int) -> LogEvent:
    """``seat 0 wins the trick (6)`` / ``You win the trick (6)``."""
    return LogEvent("trick", "{0} {0:wins|win} the trick ({v0})", (seat,), (), (points,))


def esc(text: str) -> str:
    """``text`` safe inside a LogEvent template (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


__all__ = [
    "PASS_SPEC",
    "PLAY",
    "PLAY_SPEC",
    "TRICK_VERBS",
    "esc",
    "play_event",
    "trick_event",
]
