"""The melds of the bezique family as data, and the one function that decides their re-use
(bezique.md §6.3, rubicon.md §6.3, fildinski.md §6.3): a game's meld table is a tuple of
``MeldKind`` rows; a meld declared in a hand is an ``Instance``; ``meld_refusal`` says why a
meld may not be made of cards with these histories (rules 4-6), in the player's words. Used
by the bezique hand (families/bezique.py), which checks the window, the possession and the
composition (rules 1-3) itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from cardtable.cards import Card, card_text, copy_of


@dataclass(frozen=True)
class MeldKind:
    """One row of a meld table (§6.1): ``kind`` (the id the action names), ``shape`` and
    its ``arg``: ``sequence`` A T K Q J of one suit (``arg`` ``trump`` or ``plain``),
    ``marriage`` K Q of one suit (``trump``: the stuk, ``plain``), ``bezique`` ``arg`` x the
    bezique queen and ``arg`` x its jack, ``quartet`` any four cards of rank ``arg``;
    ``cls`` the re-use class (``A`` sequences and marriages, ``B`` beziques, ``C``
    quartets) and ``value`` in points; ``label`` the button's words."""

    kind: str
    shape: str
    arg: Any
    cls: str
    value: int
    label: str


class Instance(NamedTuple):
    """A meld declared this hand (bezique.md §6.3): its ``kind``, ``cls``, ``value``, the
    physical ``cards`` (codes with ``#n``), the ``trick`` after which it was declared and
    the ``seat`` that declared it."""

    kind: str
    cls: str
    value: int
    cards: tuple[Card, ...]
    trick: int
    seat: int


def meld_words(kind: str) -> str:
    """A meld kind in words: ``double_bezique`` -> ``double bezique``."""
    return kind.replace("_", " ")


def meld_refusal(
    kind: MeldKind,
    tokens: Sequence[Card],
    histories: dict[Card, tuple[int, ...]],
    instances: Sequence[Instance],
    area: frozenset[Card] | set[Card],
    reuse_rule: str,
    reform: bool = False,
    just_won: frozenset[Card] | None = None,
) -> str | None:
    """Why ``kind`` may not be declared with ``tokens`` by re-use (rules 4-6 of
    bezique.md §6.3; rubicon.md §6.3 with ``reform``; fildinski.md §6.3 with ``just_won``),
    or None when it may. The window, possession and composition (rules 1-3) are checked by
    the hand before.

    ``tokens``: the named cards, a plain card for a fresh concealed copy, a code with
    ``#n`` (``copy_of`` > 0) for a card of the seat's area; ``histories``: each area card's
    instances (indexes into ``instances``); ``area``: the cards now in the declarer's area
    (an instance with a card outside it is broken, rubicon.md §6.3); ``reuse_rule``:
    ``value`` (the new value at least each card's highest) or ``class`` (strictly more than
    each instance of its class of another kind); ``just_won``: the cards of the trick just
    won (fildinski: one of them must be named). A sentence for the player, e.g. ``KH#1
    already served in a marriage``."""
    named = [c for c in tokens if copy_of(c)]
    if just_won is not None and not any(c in just_won for c in tokens):
        return f"a {meld_words(kind.kind)} must hold a card of the trick just won"
    # rule 4: the same kind only once per card (rubicon: unless re-forming a broken one)
    same = [c for c in named if any(instances[i].kind == kind.kind for i in histories.get(c, ()))]
    if same:
        if not reform:
            return f"{card_text(same[0])} already served in a {meld_words(kind.kind)}"
        for c in same:
            for i in histories.get(c, ()):
                inst = instances[i]
                if inst.kind == kind.kind and all(x in area for x in inst.cards):
                    return (
                        f"{card_text(c)} is still in a {meld_words(kind.kind)} on the table: it may be "
                        "re-formed only once a card of it is played"
                    )
        groups = [
            i for i in range(len(instances)) if instances[i].kind == kind.kind and set(same) <= set(instances[i].cards)
        ]
        if not any(not all(x in area for x in instances[i].cards) for i in groups):
            return (
                f"{' '.join(card_text(c) for c in same)} did not serve together in one {meld_words(kind.kind)}: "
                f"a meld is re-formed from one broken {meld_words(kind.kind)}"
            )
    # rule 5: the value rule
    for c in named:
        hist = [instances[i] for i in histories.get(c, ())]
        if not hist:
            continue
        if reuse_rule == "value":
            top = max(hist, key=lambda m: m.value)
            if kind.value < top.value:
                return (
                    f"{card_text(c)} served in a {meld_words(top.kind)} ({top.value}): a melded card may only go "
                    f"into a meld worth as much or more"
                )
        else:
            for m in hist:
                if m.cls == kind.cls and m.kind != kind.kind and kind.value <= m.value:
                    return (
                        f"{card_text(c)} served in a {meld_words(m.kind)} ({m.value}): in the same class a card may "
                        f"only go into a meld worth more"
                    )
    # rule 6: at least one card new in the class
    fresh = [c for c in tokens if not any(instances[i].cls == kind.cls for i in histories.get(c, ()))]
    if not fresh:
        return (
            f"every card of this {meld_words(kind.kind)} has served in a meld of its class: a new meld needs a new card"
        )
    return None


__all__ = ["Instance", "MeldKind", "meld_refusal", "meld_words"]
