"""The strict action grammar (docs/grammar.md, "Action texts").

Every action is one line: a verb and its arguments. A game says which verbs it knows and the
shape of each one's arguments, in the notation below (docs/grammar.md), and ``Grammar.parse`` reads a
text into an ``Action`` or refuses it with an ``ActionError`` that names the first word it
does not know. How a game declares its words::

    class Kruisjassen(Game):
        grammar = Grammar({
            "play": "<card>",
            "pass": "",                                   # no arguments
            "claim": "",
            "declare": ("seq<N> <cards>", "carre <cards>", "stuk", "trickroem"),
        })

    Grammar({"draw": ("stock", "discard", "discard 2"),   # literal words
             "layoff": "<card> to <n> [low|high]",         # [optional], a|b alternatives
             "meld": "<cards>",
             "open": Compound({"meld": "<cards>", "layoff": "<card> to <n>"})},
            wild=("meld", "open", "layoff"),               # cards there may be JK=8C
            rank_only=False,                               # ... or JK=8* (set jokers)
            copies=0)                                      # 2: cards may be QS#1, QS#2

**Form notation.** A form is tokens separated by single spaces; a verb with several forms
lists them in a tuple (one string for one form, ``""`` for none):

=================  ========================================================  ==============
token              matches                                                   goes into
=================  ========================================================  ==============
``word``           that word (lower case; input is read case-insensitively)  ``arg``
``a|b|c``          one of the words                                          ``arg``
``<suit>``         ``C`` ``D`` ``H`` ``S``                                   ``arg``
``<n>``            a whole number (``1``, ``12``; no sign, no leading 0)     ``arg``
``seq<N>``         ``seq3``, ``seq4`` ... (any N from 1)                     ``arg``
``<card>``         one card code                                             ``cards``
``<cards>``        one or more card codes                                    ``cards``
``to <n>``         after the cards: ``to`` / ``in`` and a meld number        ``prep``,
``in <n>``                                                                   ``target``
``low|high``       after ``to <n>``: the end of a run                        ``end``
``[token]``        the token or nothing
=================  ========================================================  ==============

Arg words come first, then the cards, then ``to|in <n>``, then the end word (the order of
the fields of ``Action``); ``Grammar`` raises ``GrammarError`` at declaration for a form
that does not fit that order. ``Compound`` declares a compound verb (``open``): parts
separated by ``", "``, first one or more parts of its first verb written without the verb
(``meld``: ``5C 6C 7C``), then parts of the others written with it (``layoff 9C to 1``).

**Card forms.** ``copies`` (0: none) is the highest pack copy a card may name (``QS#2``
needs ``copies >= 2``); ``wild`` the verbs whose cards may carry a designation (``JK=8C``,
``2S=8C``); ``rank_only`` allows the rank-only designation ``JK=8*``. A card form the game
does not have is refused naming it.

Parse only at the edges (records, CLI, the table's input); the engine's hot paths take
``Action`` objects. Canonical text is ``Action.text()``; ``parse(a.text()) == a`` for every
action the grammar accepts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from cardtable.cards import (
    RANK_LETTERS,
    Card,
    CardError,
    card_text,
    copy_of,
    designate,
    is_any_suit,
    parse_card,
    rank_of,
    stands_for,
)
from cardtable.engine.actions import IMPLIED_PART_VERB, Action, ActionError

__all__ = ["Compound", "Grammar", "GrammarError", "README_GRAMMAR", "README_FORMS", "as_action", "parse_action"]


class GrammarError(ValueError):
    """A grammar declaration that cannot be read (a bad form, a bad option): a programming
    error in a game module, raised when the Grammar is made."""


# ---- slots ------------------------------------------------------------------------------

# slot kinds
_WORDS, _SUIT, _NUM, _SEQ, _CARD, _CARDS, _PREP, _END = range(8)
_SEQ_RE = re.compile(r"seq[1-9][0-9]*\Z")
_NUM_RE = re.compile(r"(0|[1-9][0-9]*)\Z")


@dataclass(frozen=True)
class _Slot:
    kind: int
    words: tuple[str, ...] = ()  # _WORDS, _PREP, _END: the allowed words
    optional: bool = False

    def describe(self) -> list[str]:
        """What this slot expects, one item per alternative (for messages)."""
        if self.kind in (_WORDS, _END):
            return [f"'{w}'" for w in self.words]
        if self.kind == _PREP:
            return [f"'{self.words[0]} <n>'"]
        return [
            {
                _SUIT: "a suit (C, D, H or S)",
                _NUM: "a number",
                _SEQ: "seq<N> (seq3, seq4, ...)",
                _CARD: "a card",
                _CARDS: "cards",
            }[self.kind]
        ]


@dataclass(frozen=True)
class _Form:
    source: str
    slots: tuple[_Slot, ...]


def _compile(form: str, where: str) -> _Form:
    if not isinstance(form, str) or form != " ".join(form.split()):
        raise GrammarError(f"{where}: a form is a text of tokens separated by single spaces, not {form!r}")
    toks = form.split()
    slots: list[_Slot] = []
    stage = 0  # 0 arg words, 1 cards, 2 prep done, 3 end done
    i = 0
    while i < len(toks):
        tok = toks[i]
        opt = tok.startswith("[") and tok.endswith("]")
        core = tok[1:-1] if opt else tok
        if not core:
            raise GrammarError(f"{where}: empty token in {form!r}")
        if core in ("to", "in"):
            if i + 1 >= len(toks) or toks[i + 1] != "<n>" or opt:
                raise GrammarError(f"{where}: '{core}' is written '{core} <n>' in {form!r}")
            if stage != 1:
                raise GrammarError(f"{where}: '{core} <n>' comes after the cards in {form!r}")
            slots.append(_Slot(_PREP, (core,)))
            stage = 2
            i += 2
            continue
        if core in ("<card>", "<cards>"):
            if stage != 0 or opt:
                raise GrammarError(f"{where}: one <card> or <cards>, after the words, in {form!r}")
            slots.append(_Slot(_CARD if core == "<card>" else _CARDS))
            stage = 1
        elif core in ("<suit>", "<n>", "seq<N>"):
            if stage != 0:
                raise GrammarError(f"{where}: {core} must come before the cards in {form!r}")
            slots.append(_Slot({"<suit>": _SUIT, "<n>": _NUM, "seq<N>": _SEQ}[core], optional=opt))
        else:
            words = tuple(core.split("|"))
            if not all(re.fullmatch(r"[a-z0-9][a-z0-9_-]*", w) for w in words):
                raise GrammarError(f"{where}: {core!r} is not a word or a|b alternatives in {form!r}")
            if stage == 0:
                slots.append(_Slot(_WORDS, words, opt))
            elif stage == 2:
                slots.append(_Slot(_END, words, opt))
                stage = 3
            else:
                raise GrammarError(f"{where}: a word after the cards must follow 'to <n>' in {form!r}")
        i += 1
    return _Form(form, tuple(slots))


@dataclass(frozen=True)
class Compound:
    """The argument shape of a compound verb (``open``): ``parts`` maps each part's verb to
    its forms; the first verb's parts come first and are written without the verb (it must
    be ``meld``), the others' after them, with their verb. At least one part of the first
    verb. Text: ``open 5C 6C 7C, 8D 8H 8S, layoff 9C to 1``."""

    parts: Mapping[str, "str | Sequence[str]"]


# ---- the grammar ------------------------------------------------------------------------


class _Refusal(Exception):
    """Internal: a card form refused outright (the message is final)."""


class Grammar:
    """The verbs a game knows and the shape of their arguments (module docstring).

    ``verbs`` maps a verb to one form, a tuple of forms, or a ``Compound``; ``copies`` is
    the highest pack copy a card may name (0 = no ``#n``); ``wild`` the verbs whose cards
    may carry a designation (``JK=8C``); ``rank_only`` allows ``JK=8*`` there. Raises
    GrammarError for a form or option it cannot read.
    """

    def __init__(
        self,
        verbs: Mapping[str, "str | Sequence[str] | Compound"],
        *,
        copies: int = 0,
        wild: Iterable[str] = (),
        rank_only: bool = False,
    ):
        if not isinstance(copies, int) or not 0 <= copies <= 7:
            raise GrammarError(f"copies is 0..7, not {copies!r}")
        self.copies = copies
        self.wild = frozenset(wild)
        self.rank_only = bool(rank_only)
        self.forms: dict[str, tuple[_Form, ...]] = {}
        self.compounds: dict[str, tuple[str, dict[str, tuple[_Form, ...]]]] = {}
        for verb, spec in verbs.items():
            if not re.fullmatch(r"[a-z][a-z-]*", verb):
                raise GrammarError(f"{verb!r} is not a verb (lower-case letters and '-')")
            if isinstance(spec, Compound):
                names = list(spec.parts)
                if not names or names[0] != IMPLIED_PART_VERB:
                    raise GrammarError(f"{verb}: the first part of a Compound is {IMPLIED_PART_VERB!r}")
                self.compounds[verb] = (names[0], {v: self._forms(f"{verb} … {v}", f) for v, f in spec.parts.items()})
            else:
                self.forms[verb] = self._forms(verb, spec)
        unknown = self.wild - set(self.forms) - set(self.compounds)
        if unknown:
            raise GrammarError(f"wild names verbs the grammar has not: {', '.join(sorted(unknown))}")
        self.verbs: tuple[str, ...] = tuple(verbs)

    @staticmethod
    def _forms(verb: str, spec) -> tuple[_Form, ...]:
        specs = (spec,) if isinstance(spec, str) else tuple(spec)
        if not specs:
            raise GrammarError(f"{verb}: no forms")
        return tuple(_compile(f, verb) for f in specs)

    # -- what it knows --
    def form_texts(self) -> dict[str, tuple[str, ...]]:
        """Every verb's forms as declared; a compound's as ``"<part verb>: <form>"``
        (``("meld: <cards>", "layoff: <card> to <n>")``)."""
        out = {v: tuple(f.source for f in fs) for v, fs in self.forms.items()}
        for v, (_first, parts) in self.compounds.items():
            out[v] = tuple(f"{p}: {f.source}" for p, fs in parts.items() for f in fs)
        return out

    def usage(self, verb: str) -> str:
        """The ways to write ``verb``, quoted: ``'draw stock' or 'draw discard'``."""
        if verb in self.compounds:
            first, parts = self.compounds[verb]
            bits = [f"{verb} {parts[first][0].source}[, {parts[first][0].source}]…"]
            bits += [f"[, {p} {fs[0].source}]…" for p, fs in parts.items() if p != first]
            return "'" + "".join(bits) + "'"
        texts = []
        for f in self.forms[verb]:
            if f.source == "<suit>":  # few enough to name: 'trump C', ... 'trump S'
                texts += [f"'{verb} {s}'" for s in "CDHS"]
            else:
                texts.append(f"'{verb} {f.source}'" if f.source else f"'{verb}'")
        return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]

    # -- parsing --
    def parse(self, text: str, game: str = "this game") -> Action:
        """The Action of ``text``; ActionError naming the first word that is not known.

        ``game`` is the game's name for the messages. Verbs, words and suits are read
        case-insensitively and cards as ``parse_card`` reads them (``10H`` for ``TH``); the
        Action is canonical (``Action.text()`` writes it back in the declared spelling).
        """
        if not isinstance(text, str):
            raise ActionError(f"an action is a text like 'play JH', not {text!r}")
        toks = text.split()
        if not toks:
            raise ActionError("empty action: write a verb and its arguments, like 'play JH'")
        verb = toks[0].lower()
        if verb in self.compounds:
            return self._parse_compound(text, verb, text.strip()[len(toks[0]) :], game)
        forms = self.forms.get(verb)
        if forms is None:
            known = ", ".join(self.verbs)
            raise ActionError(
                f"{text!r}: unknown action {toks[0]!r}: it is not an action of {game} (its actions: {known})"
            )
        return self._match(text, verb, forms, toks[1:], game, verb)

    def _parse_compound(self, text: str, verb: str, rest: str, game: str) -> Action:
        first, parts = self.compounds[verb]
        if not rest.strip():
            raise ActionError(f"{text!r}: expected cards after '{verb}'; write {self.usage(verb)}")
        chunks = rest.split(",")
        out: list[Action] = []
        named = False
        for chunk in chunks:
            toks = chunk.split()
            if not toks:
                raise ActionError(f"{text!r}: an empty part; write {self.usage(verb)}")
            pverb = toks[0].lower()
            if pverb in parts and pverb != first:
                named = True
                out.append(self._match(text, pverb, parts[pverb], toks[1:], game, verb, f"{verb} … {pverb}"))
                continue
            if pverb == first:
                raise ActionError(
                    f"{text!r}: the melds of '{verb}' are written without '{first}'; write {self.usage(verb)}"
                )
            if not _looks_like_card(toks[0]):
                raise ActionError(
                    f"{text!r}: {game} does not know {toks[0]!r} in '{verb}' "
                    f"(expected cards or {' or '.join(repr(p) for p in parts if p != first)}); "
                    f"write {self.usage(verb)}"
                )
            if named:
                raise ActionError(
                    f"{text!r}: {chunk.strip()!r} comes after a "
                    f"{' or '.join(p for p in parts if p != first)}; the melds come "
                    f"first: write {self.usage(verb)}"
                )
            out.append(self._match(text, first, parts[first], toks, game, verb, verb))
        if not out or out[0].verb != first:
            raise ActionError(f"{text!r}: '{verb}' starts with a meld; write {self.usage(verb)}")
        return Action(verb, parts=tuple(out))

    def _match(
        self,
        text: str,
        verb: str,
        forms: Sequence[_Form],
        toks: Sequence[str],
        game: str,
        card_verb: str,
        prefix: str | None = None,
    ) -> Action:
        """Match ``toks`` against ``forms``; the Action, or ActionError at the furthest word
        any form reached. ``card_verb``: the verb whose ``wild`` setting rules the cards."""
        best = -1
        expected: list[str] = []
        card_error: str | None = None
        for form in forms:
            try:
                got = self._try(form.slots, toks, card_verb, game)
            except _Refusal as r:
                raise ActionError(f"{text!r}: {r}") from None
            if isinstance(got, Action):
                return got._replace(verb=verb)
            pos, exp, cerr = got
            if pos > best:
                best, expected, card_error = pos, list(exp), cerr
            elif pos == best:
                expected += [e for e in exp if e not in expected]
                card_error = card_error or cerr
        prefix = prefix or verb
        usage = self.usage(verb) if prefix == verb else self.usage(card_verb)
        loose = _loose(verb, toks) if prefix == verb else None
        if best >= len(toks):
            what = _either(expected) or "more"
            raise ActionError(f"{text!r}: expected {what} after '{' '.join([prefix, *toks])}'; write {usage}", loose)
        tok = toks[best]
        before = " ".join([prefix, *toks[:best]])
        if card_error is not None:
            raise ActionError(f"{text!r}: {card_error} ({game}: {usage})", loose)
        if "the end of the action" in expected:
            others = [e for e in expected if e != "the end of the action"]
            also = f" (expected {_either(others + ['the end'])})" if others else ""
            raise ActionError(f"{text!r}: unexpected word {tok!r} after '{before}'{also}; write {usage}", loose)
        raise ActionError(
            f"{text!r}: {game} does not know {tok!r} after '{before}' (expected {_either(expected)}); write {usage}",
            loose,
        )

    def _try(self, slots: Sequence[_Slot], toks: Sequence[str], verb: str, game: str):
        """An Action (verb left empty) if ``toks`` fit ``slots``, else (position of the
        first word that does not fit, what was expected there, a card error there or None)."""
        args: list[str] = []
        cards: list[Card] = []
        prep = target = end = None
        i = 0
        skipped: list[str] = []  # optional slots passed over at position i
        bad_card: tuple[int, str | None] = (-1, None)  # (position, CardError text) of a word that is no card

        def fail(what: "str | list[str]", cerr: str | None = None):
            return (
                i,
                skipped + ([what] if isinstance(what, str) else what),
                cerr or (bad_card[1] if bad_card[0] == i else None),
            )

        for slot in slots:
            tok = toks[i] if i < len(toks) else None
            k = slot.kind
            if k == _PREP:
                if tok is None or tok.lower() != slot.words[0]:
                    return fail(slot.describe())
                num = toks[i + 1] if i + 1 < len(toks) else None
                if num is None or not _NUM_RE.match(num):
                    i += 1
                    skipped = []
                    return fail("a meld number (1, 2, ...)")
                prep, target = slot.words[0], int(num)
                i += 2
                skipped = []
                continue
            if k in (_CARD, _CARDS):
                n0 = len(cards)
                cerr = None
                while i < len(toks):
                    try:
                        c = parse_card(toks[i])
                    except CardError as e:
                        cerr = str(e)
                        bad_card = (i, cerr)
                        break
                    self._check_card(toks[i], c, verb, game)
                    cards.append(c)
                    i += 1
                    skipped = []
                    if k == _CARD:
                        break
                if len(cards) == n0:
                    return fail(slot.describe(), cerr)
                if k == _CARDS:
                    skipped = ["more cards"]
                continue
            ok = False
            word = ""
            if tok is not None:
                if k in (_WORDS, _END):
                    word = tok.lower()
                    ok = word in slot.words
                elif k == _SUIT:
                    word = tok.upper()
                    ok = len(word) == 1 and word in "CDHS"
                elif k == _NUM:
                    word = tok
                    ok = bool(_NUM_RE.match(tok))
                else:  # _SEQ
                    word = tok.lower()
                    ok = bool(_SEQ_RE.match(word))
            if ok:
                if k == _END:
                    end = word
                else:
                    args.append(word)
                i += 1
                skipped = []
                continue
            if slot.optional:
                skipped.extend(slot.describe())
                continue
            return fail(slot.describe())
        if i < len(toks):
            return fail("the end of the action")
        return Action("", " ".join(args) if args else None, tuple(cards), prep, target, end)

    def _check_card(self, tok: str, card: Card, verb: str, game: str) -> None:
        """_Refusal naming ``tok`` for a copy or designation this game does not have."""
        n = copy_of(card)
        if n:
            if not self.copies:
                raise _Refusal(
                    f"{tok} names a pack copy (#{n}), and {game} does not tell copies "
                    f"apart: write the card without #{n}"
                )
            if n > self.copies:
                raise _Refusal(f"{tok} names pack copy #{n}, and {game} has copies #1 to #{self.copies}")
        d = stands_for(card)
        if d is not None:
            if verb not in self.wild:
                if not self.wild:
                    raise _Refusal(f"{tok} says what a wild card stands for, and {game} has no jokers or wild cards")
                raise _Refusal(
                    f"{tok} says what a wild card stands for, which '{verb}' does not take "
                    f"in {game} (only {', '.join(sorted(self.wild))})"
                )
            if is_any_suit(d) and not self.rank_only:
                raise _Refusal(
                    f"{tok} sets a wild card to a rank only, and {game} names the card: "
                    f"write it like {card_text(designate(card, None))}={RANK_LETTERS[rank_of(d)]}C"
                )


def _loose(verb: str, toks: Sequence[str]) -> Action | None:
    """The words read as the parser before the strict grammar did: words before the cards
    as ``arg``, card codes as ``cards``, ``to|in N``, a final ``low|high``; None where that
    does not fit either. Only to let a State say what it expects now (``ActionError.loose``)."""
    args: list[str] = []
    cards: list[Card] = []
    prep = target = end = None
    i = 0
    while i < len(toks):
        tok, low = toks[i], toks[i].lower()
        if low in ("to", "in") and prep is None and cards:
            if i + 1 >= len(toks) or not toks[i + 1].isdigit():
                return None
            prep, target = low, int(toks[i + 1])
            i += 2
            continue
        if low in ("low", "high") and prep is not None and end is None:
            end = low
        elif _looks_like_card(tok) and prep is None:
            cards.append(parse_card(tok))
        elif cards or prep is not None:
            return None
        else:
            args.append(tok.upper() if len(tok) == 1 and tok.upper() in "CDHS" else low)
        i += 1
    return Action(verb, " ".join(args) if args else None, tuple(cards), prep, target, end)


def _either(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    items = list(dict.fromkeys(items))
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1] if items else ""


def _looks_like_card(tok: str) -> bool:
    try:
        parse_card(tok)
    except CardError:
        return False
    return True


# ---- the whole table (README_FORMS: named after the rules README it was first taken from) ----

#: Every verb and form a game may declare: those of docs/grammar.md, "The verbs of the current
#: games", and of the specs not played yet ("Verbs of games to come").
README_FORMS: dict[str, "tuple[str, ...] | Compound"] = {
    "play": ("<card>",),
    "pass": ("",),
    "bid": ("schut|herschut|tout", "pit", "accept", "nullo|slam", "schmeiss|throw-in|refuse", "play"),
    "trump": ("<suit>", "none"),
    "double": ("",),
    "redouble": ("",),
    "declare": (
        "seq<N> <cards>",
        "carre <cards>",
        "stuk",
        "jojotte",
        "trickroem",
        "trump_sequence|plain_sequence|stuk|marriage|bezique|double_bezique|triple_bezique"
        "|quadruple_bezique|fildinski|double_fildinski|four_aces|four_tens|four_kings"
        "|four_queens|four_jacks <cards>",
    ),
    "claim": ("", "stuk"),
    "concede": ("",),
    "ask": ("count <suit>", "top <suit>", "has <card>"),
    "tell": ("count <suit>", "top <suit>", "has <card>"),
    "swap": ("<card>", "<card> in <n>"),
    "exchange": ("<cards>", "none"),
    "take-hand": ("",),
    "keep-hand": ("",),
    "draw": ("stock", "discard", "discard 2", "trump"),
    "meld": ("<cards>",),
    "open": Compound({"meld": ("<cards>",), "layoff": ("<card> to <n> [low|high]",)}),
    "layoff": ("<card> to <n> [low|high]",),
    "discard": ("<card>",),
    "knock": ("", "<card>"),
    "gin": ("<card>",),
    "rummy": ("<card>", ""),
    # loba §7.4: buy back in after reaching the elimination score (``pass`` declines); the
    # spec names no verb, so the game adds one (docs/grammar.md: a new verb goes into this table first)
    "buy": ("back",),
}

#: Every verb and form of ``README_FORMS``, copies up to #7, designations in meld, open and layoff,
#: rank-only ones too: what the module-level ``parse_action`` reads.
README_GRAMMAR = Grammar(README_FORMS, copies=7, wild=("meld", "open", "layoff"), rank_only=True)


def parse_action(text: str) -> Action:
    """Parse an action's text by every verb and form any game may declare (docs/grammar.md,
    "Action texts", with the verbs of games to come; copies ``#1``..``#7``, designations in
    ``meld``, ``open`` and ``layoff``): ``README_GRAMMAR``.

    Returns the canonical Action (``parse_action(a.text()) == a``). Raises ActionError,
    naming the word, for an empty text, a verb or word the table does not have, or a card
    that is not a card. A game's own, narrower grammar is applied by ``Game.parse_action``.
    """
    return README_GRAMMAR.parse(text, "any game")


def as_action(action: "Action | str") -> Action:
    """An Action from an Action or its text form (ActionError if the text is malformed)."""
    if isinstance(action, Action):
        return action
    return parse_action(action)
