"""An action in the player's words, for the hint, the review and the table: ``action_words``
(the game's own labels from the observation's ``VerbSpec``s, ``Roem KD QD JD``, ``Lay off 7D
onto meld 1``, cards as codes unless told how to write them), ``short_words`` (a card play in
a trick game by its card alone) and ``action_label`` (the verb and its cards with suit
symbols); never the records' internal action text unless a game declares no spec.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from cardtable.cards import display
from cardtable.engine.actions import Action
from cardtable.engine.views import CARD, CARDS, MELD, TRICK, spec_for


def action_words(
    action: Action, verbs: Sequence[Any] = (), cards_only: bool = False, card: Callable[[int], str] | None = None
) -> str:
    """``action`` in the game's words: its spec's label (from ``verbs``, the observation's
    ``VerbSpec``s; ``Meld`` for a ``Meld selected`` button), its cards as codes, ``onto
    meld N`` for a meld target (``into meld N`` for a swap). ``cards_only``:
    the cards alone when it has some (``7H`` rather than ``Play card 7H``); ``card``: how a
    card is written (default its code). Without a spec: the action text."""
    spec = spec_for(action, verbs) if verbs else None
    cards = " ".join((card or _code)(c) for c in action.cards)
    if spec is None:
        return action.text()
    if cards_only and cards:
        return cards
    label = spec.label.rstrip("…")
    if spec.shape == CARDS and label.endswith(" selected"):
        label = label[: -len(" selected")]  # "Meld selected" names a button, not a move
    parts = [label]
    if cards:
        parts.append(cards)
    if action.prep is not None:
        into = "into" if action.prep == "in" else "onto"  # a swap puts its card into the meld
        parts.append(f"{into} meld {action.target}" if spec.shape == MELD else f"{action.prep} {action.target}")
    if action.end:
        parts.append(str(action.end))
    return " ".join(p for p in parts if p)


def short_words(action: Action, obs: Any, card: Callable[[int], str] | None = None) -> str:
    """``action_words`` for ``obs`` (the seat's Observation): a card play in a game with a
    trick on the table by its card alone (``7H``), every other action with its label."""
    spec = spec_for(action, obs.verbs) if obs.verbs else None
    trick = spec is not None and spec.shape == CARD and any(z.kind == TRICK for z in obs.zones)
    return action_words(action, obs.verbs, trick, card)


def _code(card: int) -> str:
    from cardtable.cards import card_text

    return card_text(card)


def action_label(action: Action) -> str:
    """A short text for a hint: the verb and the cards with suit symbols (``play J♥``)."""
    parts = [action.verb]
    if action.arg:
        parts.append(action.arg)
    parts.extend(display(c) for c in action.cards)
    if action.prep is not None:
        parts.append(f"{action.prep} {action.target}")
    if action.parts:
        return action.text()
    return " ".join(parts)


__all__ = ["action_label", "action_words", "short_words"]
