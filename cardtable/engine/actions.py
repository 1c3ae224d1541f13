"""Actions and their text form (shared/rules/README.md, "Action grammar").

An Action is a small immutable tuple: cheap to make in the hot loop, hashable, and with a
text form that parses back to the same action:

    Action("play", cards=(JH,))                       -> "play JH"
    Action("declare", "seq3", (KD, QD, JD))           -> "declare seq3 KD QD JD"
    Action("layoff", cards=(8C,), prep="to", target=3) -> "layoff 8C to 3"
    Action("draw", "discard 2")                        -> "draw discard 2"
    Action("swap", cards=(6S,), prep="in", target=2)   -> "swap 6S in 2"
    Action("open", parts=(Action("meld", cards=(5C, 6C, 7C)),
                          Action("layoff", cards=(9C,), prep="to", target=1)))
                                                       -> "open 5C 6C 7C, layoff 9C to 1"

The parts in text order: verb, ``arg`` (words that are not cards), ``cards``, ``prep`` and
``target`` (``to 3``, ``in 2``), ``end`` (``low``/``high``); a compound action (``open``)
has only ``parts``, written after the verb separated by ``", "``, a ``meld`` part without
its verb. Cards are written by ``cards.card_text`` (``QS#2``, ``JK=8C``).

Which words a game knows is its grammar's business (cardtable/engine/grammar.py; a game
parses with ``Game.parse_action``); ``parse_action`` here reads the whole README table.
"""

from __future__ import annotations

from typing import NamedTuple

from cardtable.cards import Card, card_text

#: The verb of the parts of a compound action that are written without their verb.
IMPLIED_PART_VERB = "meld"


class ActionError(ValueError):
    """A text that is not an action; the message says what is wrong and names the word.

    ``loose``: where the verb is known, the text read loosely (words before the cards as
    ``arg``, as the parser before the strict grammar did), so that a State can add what it
    expects now (``State.apply``); None otherwise. Never applied.
    """

    def __init__(self, message: str, loose: "Action | None" = None):
        super().__init__(message)
        self.loose = loose


class Action(NamedTuple):
    verb: str
    arg: str | None = None
    cards: tuple[Card, ...] = ()
    prep: str | None = None
    target: int | None = None
    end: str | None = None
    parts: "tuple[Action, ...]" = ()

    def text(self) -> str:
        """The canonical text form (shared/rules/README.md, "Action grammar")."""
        parts = [self.verb]
        if self.arg:
            parts.append(self.arg)
        parts.extend(card_text(c) for c in self.cards)
        if self.prep is not None:
            parts.append(self.prep)
            parts.append(str(self.target))
        if self.end:
            parts.append(self.end)
        if self.parts:
            return " ".join(parts) + " " + ", ".join(
                p.text()[len(IMPLIED_PART_VERB) + 1:] if p.verb == IMPLIED_PART_VERB else p.text()
                for p in self.parts)
        return " ".join(parts)

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.text()

    def __repr__(self) -> str:
        return f"Action({self.text()!r})"


def parse_action(text: str) -> Action:
    """Parse an action's text by the whole "Action grammar" table of shared/rules/README.md
    (every verb and form of every game, copies ``#1``..``#7``, designations in ``meld``,
    ``open`` and ``layoff``): ``grammar.README_GRAMMAR``.

    Returns the canonical Action (``parse_action(a.text()) == a``). Raises ActionError,
    naming the word, for an empty text, a verb or word the table does not have, or a card
    that is not a card. A game's own, narrower grammar is applied by ``Game.parse_action``.
    """
    from cardtable.engine.grammar import README_GRAMMAR  # grammar imports this module
    return README_GRAMMAR.parse(text, "the rules README")


def as_action(action: "Action | str") -> Action:
    """An Action from an Action or its text form (ActionError if the text is malformed)."""
    if isinstance(action, Action):
        return action
    return parse_action(action)
