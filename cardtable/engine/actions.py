"""Actions and their text form (shared/rules/README.md, "Action grammar").

An Action is a small immutable tuple: cheap to make in the hot loop, hashable, and with a
text form that parses back to the same action:

    Action("play", cards=(JH,))                       -> "play JH"
    Action("declare", "seq3", (KD, QD, JD))           -> "declare seq3 KD QD JD"
    Action("layoff", cards=(8C,), prep="to", target=3) -> "layoff 8C to 3"
    Action("draw", "discard 2")                        -> "draw discard 2"
    Action("swap", cards=(6S,), prep="in", target=2)   -> "swap 6S in 2"

The parts in text order: verb, ``arg`` (words that are not cards), ``cards``, ``prep`` and
``target`` (``to 3``, ``in 2``), ``end`` (``low``/``high``).
"""

from __future__ import annotations

from typing import NamedTuple

from cardtable.cards import Card, CardError, card_text, parse_card


class ActionError(ValueError):
    """A text that is not an action; the message says what is wrong."""


class Action(NamedTuple):
    verb: str
    arg: str | None = None
    cards: tuple[Card, ...] = ()
    prep: str | None = None
    target: int | None = None
    end: str | None = None

    def text(self) -> str:
        """The canonical text form (shared/rules/README.md)."""
        parts = [self.verb]
        if self.arg:
            parts.append(self.arg)
        parts.extend(card_text(c) for c in self.cards)
        if self.prep is not None:
            parts.append(self.prep)
            parts.append(str(self.target))
        if self.end:
            parts.append(self.end)
        return " ".join(parts)

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.text()

    def __repr__(self) -> str:
        return f"Action({self.text()!r})"


_PREPS = ("to", "in")
_ENDS = ("low", "high")


def _is_card_token(tok: str) -> bool:
    try:
        parse_card(tok)
    except CardError:
        return False
    return len(tok) >= 2


def parse_action(text: str) -> Action:
    """Parse an action's text form.

    Words that are card codes become ``cards``; ``to N`` / ``in N`` the target; a final
    ``low`` / ``high`` the end; other words (before the cards) the ``arg``.
    Raises ActionError for an empty text, a word after the cards that fits nowhere, or a
    target that is not a number.
    """
    if not isinstance(text, str):
        raise ActionError(f"an action is a text like 'play JH', not {text!r}")
    toks = text.split()
    if not toks:
        raise ActionError("empty action: write a verb and its arguments, like 'play JH'")
    verb = toks[0].lower()
    if not verb.replace("-", "").isalpha():
        raise ActionError(f"{text!r}: an action starts with a verb, like 'play JH' or 'draw stock'")
    args: list[str] = []
    cards: list[Card] = []
    prep = target = end = None
    i = 1
    while i < len(toks):
        tok = toks[i]
        low = tok.lower()
        if low in _PREPS and prep is None and cards:
            if i + 1 >= len(toks) or not toks[i + 1].isdigit():
                raise ActionError(f"{text!r}: '{tok}' must be followed by a meld number, like '{tok} 2'")
            prep, target = low, int(toks[i + 1])
            i += 2
            continue
        if low in _ENDS and prep is not None and end is None:
            end = low
            i += 1
            continue
        if _is_card_token(tok):
            if prep is not None:
                raise ActionError(f"{text!r}: cards must come before '{prep} N'")
            cards.append(parse_card(tok))
            i += 1
            continue
        if cards or prep is not None:
            raise ActionError(f"{text!r}: unexpected word {tok!r}")
        args.append(low if not tok.isdigit() else tok)
        i += 1
    if i != len(toks):  # pragma: no cover - loop always consumes
        raise ActionError(f"{text!r}: could not read it")
    # Normalise an arg word that is a suit letter to upper case ("trump h" -> "trump H").
    args = [a.upper() if len(a) == 1 and a.upper() in "CDHS" else a for a in args]
    return Action(verb, " ".join(args) if args else None, tuple(cards), prep, target, end)


def as_action(action: "Action | str") -> Action:
    """An Action from an Action or its text form (ActionError if the text is malformed)."""
    if isinstance(action, Action):
        return action
    return parse_action(action)
