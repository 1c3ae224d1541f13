"""Actions and their text form (docs/grammar.md, "Action texts").

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
parses with ``Game.parse_action``); ``grammar.parse_action`` reads the whole table
(``grammar.README_FORMS``, docs/grammar.md).
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
        """The canonical text form (docs/grammar.md, "Action texts")."""
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
            return (
                " ".join(parts)
                + " "
                + ", ".join(
                    p.text()[len(IMPLIED_PART_VERB) + 1 :] if p.verb == IMPLIED_PART_VERB else p.text()
                    for p in self.parts
                )
            )
        return " ".join(parts)

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.text()

    def __repr__(self) -> str:
        return f"Action({self.text()!r})"


class LazyActions:
    """A legal list built only when it is read (``Observation.legal`` of a game whose list
    can run to thousands, such as every compound ``open`` of a rummy contract).

    ``eager``: the actions listed at once (draws, discards), after the built ones in the
    list; ``build()``: the other actions (a list, called once, on the first read of the
    whole list: ``len``, iteration, indexing, ``==`` with a tuple); ``lazy_verbs``: the verbs
    of the built actions (each has at least one: the game checked); ``contains(action)``:
    whether a built-verb action is in the list, without building it (the game's ``is_legal``
    on its canonical form); ``matching(cards)``: the built actions whose cards (of all their
    parts) are ``cards`` as a plain multiset, without building the list (the table's way to
    find an ``open`` from selected cards); ``key``: equal keys mean equal lists; ``source``:
    what the game's own bot may ask (it holds only what the seat may see).

    Read as a sequence it is the full list, in the game's order; ``bool`` is True without
    building (a lazy verb has an action). Games that do not use it are unchanged.
    """

    __slots__ = ("eager", "lazy_verbs", "_build", "_contains", "_matching", "key", "source", "_all")

    def __init__(self, eager, build, lazy_verbs, contains=None, matching=None, key=None, source=None):
        self.eager = tuple(eager)
        self.lazy_verbs = frozenset(lazy_verbs)
        self._build = build
        self._contains = contains
        self._matching = matching
        self.key = key
        self.source = source
        self._all = None

    def built(self) -> bool:
        """Whether the full list has been built."""
        return self._all is not None

    def _full(self) -> tuple:
        if self._all is None:
            self._all = tuple(self._build()) + self.eager
        return self._all

    def verb_pairs(self) -> set:
        """The (verb, arg) pairs of the list, without building it."""
        out = {(a.verb, a.arg) for a in self.eager}
        out.update((v, None) for v in self.lazy_verbs)
        return out

    def matching(self, cards) -> list | None:
        """The built-verb actions whose cards are ``cards`` (plain multiset), or None when the
        game gave no such search."""
        return None if self._matching is None else list(self._matching(cards))

    def __contains__(self, action) -> bool:
        if self._all is None and getattr(action, "verb", None) in self.lazy_verbs and self._contains is not None:
            return bool(self._contains(action))
        return action in self._full()

    def __len__(self) -> int:
        return len(self._full())

    def __bool__(self) -> bool:
        return bool(self.eager or self.lazy_verbs)

    def __iter__(self):
        return iter(self._full())

    def __getitem__(self, i):
        return self._full()[i]

    def __eq__(self, other) -> bool:
        if isinstance(other, LazyActions):
            if self.key is not None and self.key == other.key:
                return True
            return self._full() == other._full()
        if isinstance(other, (tuple, list)):
            return self._full() == tuple(other)
        return NotImplemented

    def __ne__(self, other) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]  # a list-like value: unhashable, as a list is

    def __repr__(self) -> str:
        return f"LazyActions({len(self.eager)} listed + {sorted(self.lazy_verbs)} built when read)"
