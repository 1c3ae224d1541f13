"""What a game declares about its table, so that the TUI, the log and the hand summary need
no per-game code (issue 6, item 6; docs/contract.md shows a worked example per family).

Plain data, no textual. Five kinds of value:

- ``Zone``: one named card area of an ``Observation`` (a hand, the trick, the stock, the
  melds on the table ...), with its owner, how many cards lie there, which of them the
  observing seat knows, how the table draws them and which the seat may pick now.
- ``VerbSpec``: how one verb of the legal actions is chosen: label, key, hint and an input
  shape (a button, a card, several cards then a key, a meld to pick, a menu of words, a
  designation for a wild card).
- ``LogEvent``: one public event, structured (a kind, a template with seat placeholders,
  the cards and values it names), rendered by the one function ``render``.
- ``Summary`` / ``Fact``: what a finished hand came to (``Result.summary``).
- ``SheetView``: a score sheet's own drawing: a table (columns, rows, a totals row, marks)
  and/or free lines (a boom, a lives log, the streepjes tallies).

Units: a zone's ``count`` is in cards; every other number is the game's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from cardtable.cards import Card, card_text

# ---- zones -----------------------------------------------------------------------------

#: Zone kinds. A game may use another word for an area no kind here describes; the table
#: then draws it in the side area.
HAND = "hand"  # a seat's hand (own: face up; others: backs, known cards listed)
TRICK = "trick"  # the trick being played (``seats`` says who played each card)
LAST_TRICK = "last_trick"  # the trick just completed (a mirror of cards in a TAKEN pile)
TAKEN = "taken"  # tricks won by a seat, face down
STOCK = "stock"  # the face-down stock (talon)
DISCARD = "discard"  # the discard pile, bottom to top
UPCARD = "upcard"  # a turned card showing trump (a mirror while a hand holds it)
MELDS = "melds"  # melds on the table (``melds`` holds them, numbered)
MELDED_AREA = "melded_area"  # a seat's declared melds kept on the table (bezique family)
OPEN = "open"  # a seat's open cards (fildinski's stage-1 open rows)
EXTRA_HAND = "extra_hand"  # a hand nobody holds yet (handjas' extra hand)
DEAD_HAND = "dead_hand"  # a hand out of play (face down, or turned up)
ASIDE = "aside"  # cards put aside, out of play (manille's exchange)
OUT = "out"  # a seat that is out of the hand or the match (no cards)

ZONE_KINDS = (
    HAND,
    TRICK,
    LAST_TRICK,
    TAKEN,
    STOCK,
    DISCARD,
    UPCARD,
    MELDS,
    MELDED_AREA,
    OPEN,
    EXTRA_HAND,
    DEAD_HAND,
    ASIDE,
    OUT,
)

#: How the table draws a zone: ``up`` every card face up (``cards`` holds them all, in
#: ``order``); ``down`` backs with the count (``cards`` lists the ones the seat knows, e.g.
#: the upcard in the dealer's hand, a card taken from the discard pile); ``count`` only
#: the number (a taken pile, an undrawn stock).
UP, DOWN, COUNT = "up", "down", "count"


class Zone(NamedTuple):
    """One card area as one seat sees it.

    ``name``: unique in the observation (``hand 2``, ``trick``, ``stock``); ``kind``: one of
    ``ZONE_KINDS``; ``owner``: a seat, or None for the middle of the table.
    ``count``: cards lying there. ``cards``: those of them the seat may know (never a card of
    ``state.hidden_from(seat)``), in ``order`` (``display``: as the game sorts a hand;
    ``played``: oldest first; ``bottom_to_top``: a pile; ``top_first``). With ``face ==
    UP``, ``cards`` holds all ``count`` cards.
    ``seats``: for a trick, the seat that played each card (parallel to ``cards``).
    ``selectable``: the cards of this zone the seat may pick now (its legal actions).
    ``melds``: the melds of a MELDS / MELDED_AREA zone (``MeldView``: number, owner, kind,
    cards, and what each wild card stands for).
    ``mirror``: the cards also lie in another zone (the last trick, an upcard still in a
    hand, declared roem still held); a mirror zone is not counted in the deck.
    ``caption``: a few words the table writes by the zone (``won by seat 1``, ``12 left``).
    A NamedTuple (cheap to make in every observation; compare and hash as a tuple).
    """

    name: str
    kind: str
    owner: int | None = None
    count: int = 0  # type: ignore[assignment]  # the field shadows tuple.count, as the record names it
    cards: tuple[Card, ...] = ()
    face: str = UP
    order: str = "display"
    seats: tuple[int, ...] = ()
    selectable: tuple[Card, ...] = ()
    melds: tuple[Any, ...] = ()
    mirror: bool = False
    caption: str = ""

    def _replace_cards(self, cards: tuple[Card, ...]) -> "Zone":
        """The zone with other known ``cards`` (same count)."""
        return self._replace(cards=cards)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, cards as codes."""
        return {
            "name": self.name,
            "kind": self.kind,
            "owner": self.owner,
            "count": self.count,
            "cards": [card_text(c) for c in self.cards],
            "face": self.face,
            "order": self.order,
            "seats": list(self.seats),
            "selectable": [card_text(c) for c in self.selectable],
            "melds": [m.to_json() if hasattr(m, "to_json") else m for m in self.melds],
            "mirror": self.mirror,
            "caption": self.caption,
        }


def hand_zone(
    seat: int,
    owner: int,
    cards: Sequence[Card],
    known: Sequence[Card] = (),
    selectable: Sequence[Card] = (),
    caption: str = "",
) -> Zone:
    """The HAND zone of ``owner`` as ``seat`` sees it: its own hand face up (``cards`` in
    display order, ``selectable`` the cards it may pick now); another seat's hand face down
    with its count and the ``known`` cards (those not hidden from ``seat``)."""
    if owner == seat:
        return Zone(
            f"hand {owner}", HAND, owner, len(cards), tuple(cards), UP, selectable=tuple(selectable), caption=caption
        )
    return Zone(f"hand {owner}", HAND, owner, len(cards), tuple(known), DOWN, caption=caption)


def out_zone(seat: int, caption: str = "out") -> Zone:
    """The OUT marker of a seat that is out (no cards; Honderden, Loba, Ramino)."""
    return Zone(f"out {seat}", OUT, seat, 0, (), COUNT, caption=caption)


# ---- verbs -----------------------------------------------------------------------------

#: Input shapes of a verb.
NONE = "none"  # a button: the whole action (``pass``, ``claim``, ``trump C``)
CARD = "card"  # one card of a zone (``play JH``, ``discard 9D``)
CARDS = "cards"  # several cards selected, then the key (``meld``, ``exchange``)
MELD = "meld"  # a card, then a table meld to pick (``layoff 8C to 3``, ``swap``)
MENU = "menu"  # a menu of words, possibly nested (Parlée's ask / tell)
DESIGNATION = "designation"  # a wild card, then the card it stands for (``JK=8C``)
SHAPES = (NONE, CARD, CARDS, MELD, MENU, DESIGNATION)


@dataclass(frozen=True)
class MenuItem:
    """One word of a menu: ``word`` (what goes into the action text), ``label``, ``key``;
    then either ``children`` (the next level) or ``pick`` (``card``: the card is picked
    among the legal actions under this path; ``suit`` likewise a suit) or neither (a leaf:
    the words so far are the action)."""

    word: str
    label: str
    key: str = ""
    children: tuple["MenuItem", ...] = ()
    pick: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "label": self.label,
            "key": self.key,
            "children": [c.to_json() for c in self.children],
            "pick": self.pick,
        }


@dataclass(frozen=True)
class VerbSpec:
    """How the actions of one verb are chosen on the table.

    ``verb``: the action verb; ``arg``: the action argument this spec is for (``stuk`` of
    ``declare stuk``, ``C`` of ``trump C``), None for every argument of the verb that no
    more specific spec names (``spec_for``).
    ``label``: the button's words (``Ik dek``, ``Draw stock``; the card of a CARD verb and
    the suit of ``trump C`` are drawn by the table after it); ``key``: the key the table
    gives it (``c``, ``enter``), ``""`` to let the table pick a free one; ``hint``: one line
    saying what to do, naming no key but its own (the table's prompt joins the hints of the
    verbs on offer); ``shape``: one of ``SHAPES``; ``zone``: the zone whose cards a CARD /
    CARDS / MELD / DESIGNATION verb picks (default the seat's hand), and for a NONE verb the
    kind of the zone a click on which makes the move (``stock`` for ``draw stock``, the table
    makes it only when it is legal); ``menu``: the first
    level of a MENU; ``min_cards`` / ``max_cards`` for CARDS (0: any).
    ``confirm``: a question the table asks before an action of this spec is applied, for a
    move that ends the hand at once (a claim such as "ik dek"); "" for none.
    """

    verb: str
    label: str
    key: str = ""
    hint: str = ""
    shape: str = NONE
    arg: str | None = None
    zone: str = "hand"
    menu: tuple[MenuItem, ...] = ()
    min_cards: int = 0
    max_cards: int = 0
    confirm: str = ""

    def to_json(self) -> dict[str, Any]:
        out = {
            "verb": self.verb,
            "arg": self.arg,
            "label": self.label,
            "key": self.key,
            "hint": self.hint,
            "shape": self.shape,
            "zone": self.zone,
            "menu": [m.to_json() for m in self.menu],
            "min_cards": self.min_cards,
            "max_cards": self.max_cards,
        }
        if self.confirm:
            out["confirm"] = self.confirm
        return out


def _names_cards(action: Any) -> bool:
    """Whether ``action`` puts cards down (its own or its parts'): what tells a verb's card
    form from its bare form (``rummy 9D`` / ``rummy``)."""
    return bool(getattr(action, "cards", ()) or getattr(action, "parts", ()))


def spec_for(action: Any, specs: Sequence[VerbSpec]) -> VerbSpec | None:
    """The spec of ``action`` (an Action) among ``specs``: the one naming its verb and
    argument, else the one for its verb with ``arg`` None; None if there is none.

    A verb with a card form and a bare form both on offer (Ramino klop's ``rummy 9D`` and
    ``rummy``) has two specs with ``arg`` None: an action naming cards takes the first whose
    shape picks cards, an action without cards the first ``NONE`` one. With one spec for the
    verb (every other game) that spec is the answer, whatever the action holds."""
    loose = None
    for s in specs:
        if s.verb == action.verb:
            if s.arg is not None and s.arg == action.arg:
                return s
            if s.arg is None:
                if loose is None:
                    loose = s
                elif (loose.shape == NONE) == _names_cards(action) and (s.shape == NONE) != _names_cards(action):
                    loose = s
    return loose


class _Pair(NamedTuple):
    verb: str
    arg: Any


def specs_for(legal: Sequence[Any], table: Sequence[VerbSpec]) -> tuple[VerbSpec, ...]:
    """The specs of ``table`` that the ``legal`` actions need, in the table's order, each
    once (``Observation.verbs``). Cost: one look-up per distinct (verb, arg, whether it names
    cards)."""
    need: set[int] = set()
    seen: set[tuple] = set()
    pairs = getattr(legal, "verb_pairs", None)  # a LazyActions: its verbs without building it
    for a in pairs() if pairs is not None else legal:
        if pairs is not None:
            a = _Pair(*a)
        k = (a.verb, a.arg, _names_cards(a))
        if k in seen:
            continue
        seen.add(k)
        s = spec_for(a, table)
        if s is not None:
            need.add(id(s))
    return tuple(s for s in table if id(s) in need)


# ---- log events and the one renderer -----------------------------------------------------


class LogEvent:
    """One public event: ``kind`` (a word: ``play``, ``trick``, ``meld``, ...), a
    ``template`` with placeholders, the ``seats``, ``cards`` and ``values`` it names.

    Template placeholders (``render``): ``{0}`` the name of ``seats[0]`` as given (for the
    seat ``you``: ``You`` at the start of a sentence, else ``you``); ``{^0}`` the name with
    a capital first letter (``Seat 2 draws``); ``{0's}`` its
    possessive (``Bram's`` / ``your``); ``{0:plays|play}`` the first word, or the second when
    ``seats[0]`` is ``you``; ``{c0}`` card 0's code, ``{c*}`` all cards separated by
    spaces; ``{v0}`` ``str(values[0])``; ``{{`` / ``}}`` braces.
    ``text`` is the rendering with the rules' own names (``seat 2``), made once, on first
    use (it is what ``Observation.log`` holds).
    """

    __slots__ = ("kind", "template", "seats", "cards", "values", "_text")

    def __init__(
        self,
        kind: str,
        template: str,
        seats: Sequence[int] = (),
        cards: Sequence[Card] = (),
        values: Sequence[Any] = (),
    ):
        self.kind = kind
        self.template = template
        self.seats = tuple(seats)
        self.cards = tuple(cards)
        self.values = tuple(values)
        self._text: str | None = None

    @property
    def text(self) -> str:
        t = self._text
        if t is None:
            t = self._text = render(self)
        return t

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, LogEvent)
            and self.kind == other.kind
            and self.template == other.template
            and self.seats == other.seats
            and self.cards == other.cards
            and self.values == other.values
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.template, self.seats, self.cards))

    def __repr__(self) -> str:
        return f"LogEvent({self.kind!r}, {self.text!r})"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "template": self.template,
            "seats": list(self.seats),
            "cards": [card_text(c) for c in self.cards],
            "values": [str(v) for v in self.values],
        }


_PLACE = re.compile(r"\{\{|\}\}|\{(\^?)(c|v)?(\d+|\*)('s)?(?::([^|}]*)\|([^}]*))?\}")


@lru_cache(maxsize=4096)
def _parse(template: str) -> tuple:
    """The template as literal texts and placeholder tuples (cached per template)."""
    parts: list[Any] = []
    pos = 0
    for m in _PLACE.finditer(template):
        if m.start() > pos:
            parts.append(template[pos : m.start()])
        tok = m.group(0)
        if tok == "{{":
            parts.append("{")
        elif tok == "}}":
            parts.append("}")
        else:
            cap, what, idx, poss, third, second = m.groups()
            start = m.start() == 0 or template[: m.start()].rstrip().endswith((".", "!", "?", ";"))
            parts.append((what or "s", idx, bool(cap), start, bool(poss), third, second))
        pos = m.end()
    if pos < len(template):
        parts.append(template[pos:])
    return tuple(parts)


#: how many times ``render`` has run (tests check that an observation does not re-render
#: old events; never read by the rules)
RENDER_CALLS = [0]


def default_name(seat: int) -> str:
    """The rules' own name of a seat: ``seat 2`` (``Game.seat_name``)."""
    return f"seat {seat}"


def is_you(name: str) -> bool:
    """A player the table calls You (the single human at a table of bots): the seat ``render``
    is given as ``you`` reads ``You knock`` and ``beaten by you``."""
    return name.strip().lower() == "you"


def render(
    event: LogEvent,
    names: Mapping[int, str] | Sequence[str] | None = None,
    you: int | None = None,
    card: Callable[[Card], str] = card_text,
) -> str:
    """The text of ``event``: seats by ``names`` (a mapping or a sequence by seat; default
    ``seat N``), the seat ``you`` in the second person (``You play JH``, ``Bram asks you``,
    ``your``), cards by ``card`` (default the code ``JH``). Raises IndexError if the
    template names a seat, card or value the event does not hold."""
    RENDER_CALLS[0] += 1
    out = []
    seats, cards, values = event.seats, event.cards, event.values
    for p in _parse(event.template):
        if isinstance(p, str):
            out.append(p)
            continue
        what, idx, cap, start, poss, third, second = p
        if what == "c":
            out.append(" ".join(card(c) for c in cards) if idx == "*" else card(cards[int(idx)]))
            continue
        if what == "v":
            out.append(" ".join(str(v) for v in values) if idx == "*" else str(values[int(idx)]))
            continue
        seat = seats[int(idx)]
        is_you = you is not None and seat == you
        if third is not None:  # {0:plays|play}
            out.append(second if is_you else third)
            continue
        if is_you:
            word = "your" if poss else "you"
            out.append(word.capitalize() if cap or start else word)
            continue
        if names is None:
            name = default_name(seat)
        else:
            try:
                name = names[seat]
            except (KeyError, IndexError):
                name = default_name(seat)
        if cap and name:
            name = name[0].upper() + name[1:]
        out.append(name + ("'s" if poss else ""))
    return "".join(out)


class EventGroup(NamedTuple):
    """How the history of the hand (the table's ``h``) gathers a game's events
    (``Observation.event_group``): the events of kind ``part`` that name a seat and cards go
    on one line headed ``label`` and its number, closed by the next event of kind ``close``
    (written after them); every other event is a line of its own."""

    part: str
    close: str
    label: str


#: the trick family's: the plays of a trick on one line, closed by the trick's end
TRICK_EVENTS = EventGroup("play", "trick", "Trick")


class EventLog:
    """The rendered public log of a state: ``node`` (the head of the cons list of raw events
    it was made from), ``events`` (the LogEvents, oldest first) and ``texts`` (their texts:
    ``Observation.log``). Made by ``log_view``; a state keeps the last one and its clones
    share it (it is immutable), so the next observation renders only the new events.
    """

    __slots__ = ("node", "events", "texts")

    def __init__(self, node: Any = None, events: tuple = (), texts: tuple = ()):
        self.node = node
        self.events = events
        self.texts = texts


def log_view(
    cache: EventLog | None, node: Any, make: Callable[[Any], LogEvent | None], head: tuple[LogEvent, ...] = ()
) -> EventLog:
    """The ``EventLog`` for the cons list ``node`` (``(previous, raw event)`` pairs, None
    when empty; a longer tuple or list node keeps its raw event at index 1), reusing
    ``cache`` where ``node`` extends the cached list: only the new raw events are made into
    LogEvents and rendered. ``head``: events before the first raw one (a fixed first line).
    Returns ``cache`` itself when nothing is new."""
    if cache is not None and cache.node is node:
        return cache
    new = []
    n = node
    stop = cache.node if cache is not None else None
    while n is not None and n is not stop:
        new.append(n[1])
        n = n[0]
    if n is not stop:  # not an extension of the cache: start again
        cache = None
    base_e = cache.events if cache is not None else tuple(head)
    base_t = cache.texts if cache is not None else tuple(e.text for e in head)
    evs = []
    for raw in reversed(new):
        e = make(raw)
        if e is not None:
            evs.append(e)
    if not evs:
        return EventLog(node, base_e, base_t)
    return EventLog(node, base_e + tuple(evs), base_t + tuple(e.text for e in evs))


# ---- the hand summary --------------------------------------------------------------------


@dataclass(frozen=True)
class Fact:
    """One line of a hand summary: a ``label`` (``Points``, ``Contract``; may be empty) and
    its ``text`` (a LogEvent, so seats are named and "you" forms made by ``render``);
    ``seats``: the seats this line singles out as winners (drawn in the highlight);
    ``marked``: cards of this line the table draws in another colour (the cards laid off at a
    knock rummy's showdown, jersey-gin.md §8), none by default."""

    label: str
    text: LogEvent
    seats: tuple[int, ...] = ()
    marked: tuple[Card, ...] = ()

    def line(self, names=None, you: int | None = None, card: Callable[[Card], str] = card_text) -> str:
        """``label: text`` (``label:`` alone when the text is empty; the text alone without
        a label), rendered by ``render``."""
        body = render(self.text, names, you, card)
        if not self.label:
            return body
        return f"{self.label}: {body}" if body else f"{self.label}:"


@dataclass(frozen=True)
class Summary:
    """What a finished hand came to (``Result.summary``): the ``headline`` (``Anna said
    "ik dek": correct``) and the ``facts`` (what it writes on the sheet, the contract, the
    points), written by the rules from the same data as ``Result.detail``."""

    headline: LogEvent
    facts: tuple[Fact, ...] = ()

    def lines(self, names=None, you: int | None = None, card: Callable[[Card], str] = card_text) -> list[str]:
        """The summary as plain lines (the headline first), rendered by ``render``."""
        return [render(self.headline, names, you, card)] + [f.line(names, you, card) for f in self.facts]

    def to_json(self) -> dict[str, Any]:
        """``{"headline", "facts": [{"label", "text", "seats"}]}``; a fact with ``marked``
        cards also holds ``"marked"`` (their codes)."""
        facts = []
        for f in self.facts:
            d: dict[str, Any] = {"label": f.label, "text": f.text.to_json(), "seats": list(f.seats)}
            if f.marked:
                d["marked"] = [card_text(c) for c in f.marked]
            facts.append(d)
        return {"headline": self.headline.to_json(), "facts": facts}


def phrase(
    template: str,
    seats: Sequence[int] = (),
    cards: Sequence[Card] = (),
    values: Sequence[Any] = (),
    kind: str = "summary",
) -> LogEvent:
    """A LogEvent for a summary line (kind ``summary`` unless given)."""
    return LogEvent(kind, template, seats, cards, values)


def fact(
    label: str,
    template: str,
    seats: Sequence[int] = (),
    cards: Sequence[Card] = (),
    values: Sequence[Any] = (),
    winners: Sequence[int] = (),
) -> Fact:
    """A Fact from a label and a template (see ``LogEvent``)."""
    return Fact(label, LogEvent(label.lower() or "fact", template, seats, cards, values), tuple(winners))


def seat_list(
    values: Sequence[Any],
    fmt: Callable[[Any], str] = str,
    start: int = 0,
    sep: str = " · ",
    seats: Sequence[int] | None = None,
) -> str:
    """A template naming every seat with a value: ``{0} 12 · {1} 0 · {2} 7`` (seat
    placeholders from ``start``, separated by ``sep``); only ``seats`` (in that order) when
    given."""
    shown = range(len(values)) if seats is None else seats
    return sep.join(f"{{{start + s}}} {fmt(values[s])}" for s in shown)


# ---- what the table writes beside the cards -------------------------------------------


@dataclass(frozen=True)
class Facts:
    """The hand's public facts as the table writes them (``Observation.facts``), so that
    it reads no game's ``extra`` keys.

    ``trump``: the trump suit (0..3) or None; ``trump_label``: the word before its symbol
    (``Troef``); ``no_trump``: the words shown when there is no trump (``No trumps``,
    ``Trump not chosen yet``; empty: nothing is shown). ``status``: the status line as
    items, most important first (``Deal 1 of 4``, ``seat 1 plays ♣ for 21``, ``stake 1``);
    the rules' ``seat N`` is named by the table; a narrow table joins the items that fit
    with `` · `` and leaves the rest out whole (never cut in the middle of an item).
    ``roles``: (seat, word) pairs written by a seat's name (``declarer``, ``pit``).
    """

    trump: int | None = None
    trump_label: str = "Troef"
    no_trump: str = ""
    status: tuple[str, ...] = ()
    roles: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "trump": self.trump,
            "trump_label": self.trump_label,
            "no_trump": self.no_trump,
            "status": list(self.status),
            "roles": [list(r) for r in self.roles],
        }


@dataclass(frozen=True)
class Panel:
    """A few public lines the table draws beside the trick (``Observation.panels``):
    Parlée's table talk. ``title`` (``Talk this hand``); ``lines``: LogEvents, oldest first,
    short enough to stand beside the trick (``3 {0}→{1} ♠ count: 2``); ``current``: the
    line of the trick in play, drawn under it while the trick lasts (or None). Suit
    symbols in a template are coloured by the table. ``Observation.to_json`` leaves the
    panels out, as it does the events (their texts are in ``log``)."""

    title: str
    lines: tuple[LogEvent, ...] = ()
    current: LogEvent | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "lines": [e.to_json() for e in self.lines],
            "current": None if self.current is None else self.current.to_json(),
        }


def status_items(status: str) -> tuple[str, ...]:
    """A status line written as ``a · b · c`` as its items (``Facts.status``)."""
    return tuple(p.strip() for p in status.split(" \u00b7 ") if p.strip())


# ---- the sheet's own drawing ------------------------------------------------------------

#: mark words of a SheetView cell
WINNER, RUMMY, VOID, OUT_MARK, BUYBACK, TIE_MARK = "winner", "rummy", "void", "out", "buyback", "tie"


@dataclass(frozen=True)
class SheetView:
    """A score sheet as its own drawing (``Sheet.view()``), so the table never guesses from
    the text.

    A table when ``columns`` is not empty: ``rows`` (one per hand, text cells, as many as
    ``columns``), ``total`` (the totals / balance / won row, or None), ``marks`` ((row,
    column, word) with row -1 for the totals row; words ``winner``, ``rummy``, ``void``,
    ``out``, ``buyback``, ``tie``), ``score_columns`` (how many columns at the right hold the
    scores, one per side or seat); ``lines``: text under the table (a tally line, a carry,
    the winner). A free drawing when ``columns`` is empty: ``lines`` is the drawing (a boom,
    a lives log, a bridge-style sheet), monospace, as the spec's §8 draws it.
    ``legend``: the marks a reader may not know, explained (``O an open aardappel``),
    drawn dim under everything; empty: none.
    ``title``: the sheet's name (``Streepjes``, ``Ledger``). The cells are the sheet's own
    words for a reader (``2 claim (onder jan)``, not a record code): the table draws them as
    they are.
    """

    title: str = ""
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    total: tuple[str, ...] | None = None
    marks: tuple[tuple[int, int, str], ...] = ()
    score_columns: int = 0
    lines: tuple[str, ...] = ()
    legend: str = ""

    @property
    def is_table(self) -> bool:
        return bool(self.columns)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "columns": list(self.columns),
            "rows": [list(r) for r in self.rows],
            "total": None if self.total is None else list(self.total),
            "marks": [list(m) for m in self.marks],
            "score_columns": self.score_columns,
            "lines": list(self.lines),
            "legend": self.legend,
        }


def table_view(
    head: Sequence[str],
    rows: Sequence[Sequence[str]],
    drawing: str = "",
    title: str = "",
    has_total: bool | None = None,
    marks: Sequence[tuple[int, int, str]] = (),
    score_columns: int = 0,
) -> SheetView:
    """A table SheetView from ``Sheet.table()``'s headers and rows (the last row is the
    totals row when ``has_total``; None: when its first cell is not a hand number) and the
    lines of ``Sheet.render()``'s drawing that are not table lines (``| ... |`` rows)."""
    cells = [tuple(str(c) for c in r) for r in rows]
    if has_total is None:
        has_total = bool(cells) and not cells[-1][0].split(" ")[0].isdigit()
    total = cells.pop() if has_total and cells else None
    lines = tuple(ln for ln in drawing.splitlines() if ln.strip() and not ln.lstrip().startswith("|"))
    return SheetView(title, tuple(str(h) for h in head), tuple(cells), total, tuple(marks), score_columns, lines)


__all__ = [
    "ASIDE",
    "BUYBACK",
    "CARD",
    "CARDS",
    "COUNT",
    "DEAD_HAND",
    "DESIGNATION",
    "DISCARD",
    "DOWN",
    "EXTRA_HAND",
    "EventGroup",
    "EventLog",
    "Fact",
    "Facts",
    "Panel",
    "HAND",
    "LAST_TRICK",
    "LogEvent",
    "MELD",
    "MELDED_AREA",
    "MELDS",
    "MENU",
    "MenuItem",
    "NONE",
    "OPEN",
    "OUT",
    "OUT_MARK",
    "RUMMY",
    "SHAPES",
    "STOCK",
    "SheetView",
    "Summary",
    "TAKEN",
    "TIE_MARK",
    "TRICK",
    "TRICK_EVENTS",
    "UP",
    "UPCARD",
    "VOID",
    "VerbSpec",
    "WINNER",
    "ZONE_KINDS",
    "Zone",
    "default_name",
    "fact",
    "hand_zone",
    "log_view",
    "out_zone",
    "phrase",
    "render",
    "seat_list",
    "status_items",
    "spec_for",
    "specs_for",
    "table_view",
]
