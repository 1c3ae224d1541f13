"""The engine contract every game fulfils (DESIGN.md, "The contract").

    game = get_game("kruisjassen")                 # rules + validated options
    sheet = game.new_sheet()                       # the match score sheet (dealer, carry, totals)
    standing = sheet.standing()                    # frozen snapshot: dealer, totals, active seats ...
    state = game.new_hand(seed=7, standing=standing)   # or game.from_deal(deal, standing=standing)
    state.to_act                                   # seat to decide, None when the hand is over
    state.legal_actions()                          # list[Action]: the ONLY source of legality
    state = state.apply(action)                    # new State; IllegalAction if not legal
    state.observation(seat)                        # what that seat may see
    state.result()                                 # Result once the hand is over
    sheet.record(state.result())                   # the match goes on, or sheet.over
    game.between_hands(sheet.standing())           # a decision before the next deal, or None

The Match (engine/match.py) runs this loop and records it. Hooks for the tests, stated by
each game: ``State.deck()`` (the cards of this hand), ``Game.check_result(result, state)``
(what a hand's scores must add up to), ``Game.leak_view(obs_json)`` (what the hidden-card
check reads).

A State is plain data, cheap to ``clone()`` (the Game is shared, never copied); ``apply``
clones and then changes the clone with ``_apply`` (games implement ``_legal`` and
``_apply``; the engine checks legality with ``is_legal``).

Search (``engine/search.py`` has the details and the table of units):

    state.is_legal(action)                         # = normalize(action) in legal_actions()
    state.apply_in_place(action)                   # no clone, no check: for callers that own it
    state.returns()                                # per seat, once over: one unit for every game
    iset = state.information_set(seat)             # .seat, .observation, .sample(rng) -> State
    state.playout(rng)                             # random play to the end (fast path per family)

Action texts come in only at the edges (records, the CLI, typed input) and are read by the
game's own grammar (docs/grammar.md, "Action texts"; cardtable/engine/grammar.py):

    class Kruisjassen(Game):
        grammar = Grammar({"play": "<card>", "pass": "", "claim": "",
                           "declare": ("seq<N> <cards>", "carre <cards>", "stuk", "trickroem")})

    game.parse_action("declare seq3 KD QD JD")     # Action; IllegalAction naming an unknown word

What the table draws is declared by the game (``cardtable.engine.views``; docs/contract.md
has a worked example per family): ``Observation.zones`` (card areas), ``Observation.verbs``
(how each legal verb is chosen), ``Observation.events`` (the log as structured events,
``log`` their texts), ``Result.summary`` (the hand in words) and ``Sheet.view()``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence

from cardtable.cards import Card, CardError, card_text, cards_text, parse_card, rank_of
from cardtable.engine.actions import Action, ActionError, LazyActions
from cardtable.engine.grammar import Compound, Grammar, parse_action
from cardtable.engine.standing import Standing


class IllegalAction(ValueError):
    """An action the rules do not allow now, or a text that is not an action.

    ``str(err)`` is a sentence a player can read: what was tried and why it is refused.
    The state it was applied to is unchanged. Raised by ``Game.parse_action`` for a text
    its grammar does not read, with ``loose`` (an Action or None, see ``ActionError``).
    """

    loose = None


class OptionError(ValueError):
    """An unknown option or a bad option value; the message names the option and its values."""


class DealError(ValueError):
    """An explicit deal that is not a valid position for the game (wrong card counts,
    duplicate cards, unknown codes ...); the message says what is wrong."""


# ---- options ---------------------------------------------------------------------------


def written(value: Any) -> str:
    """``value`` as a record or ``--option`` writes it, for a message: ``true`` / ``false``,
    ``null``, a number as it is (``2``, ``1.9``), a text in quotes (``'two'``), cut at 40
    characters."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "\u2026"


def option_text(value: Any) -> str | None:
    """The text a JSON value stands for as an option value (docs/records.md, "options"): a
    text as it is, stripped and in lower case; ``true`` / ``false``; a whole number as its
    digits (``2`` and ``2.0`` are ``"2"``). None for a value that has no such text (null, a
    number that is not whole, a list ...)."""
    if isinstance(value, str):
        return value.strip().lower()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return None


@dataclass(frozen=True)
class Option:
    """One game option from a spec's Options table (§9).

    kind: ``bool``, ``int``, ``choice`` or ``int_or_none`` (a game may declare its own kind
    with its own ``parse``). ``minimum`` and ``maximum`` bound ints: the spec's range, or a
    sane bound where the spec gives none (a target a match reaches in about a thousand hands
    at most, so that a typo never starts an endless match). ``choices``: the values of a
    ``choice``, as the spec writes them. ``numeric``: the choices are numbers (``"5"``,
    ``"7"``) and the value is kept as an int. ``aliases``: other names the option is known
    by (an older name that records used); a record or ``--option`` may give it under any
    of them, the game keeps it under ``name`` and writes that.

    A value is a Python value or the text it stands for (``option_text``): the JSON number
    ``2`` or ``2.0`` reads as ``"2"``, ``true`` as ``"true"``, so a record may write
    ``"packs": 2`` or ``"packs": "2"``, ``"jas_wild": true`` or ``"jas_wild": "true"``.
    """

    name: str
    kind: str
    default: Any
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    numeric: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """``name`` and then its ``aliases``."""
        return (self.name, *self.aliases)

    def parse(self, value: Any) -> Any:
        """A validated value from a Python value or its text (``true``, ``11``, ``auto``;
        ``option_text``): a bool (``true yes 1 on`` / ``false no 0 off``), an int (a whole
        number from ``minimum`` on; ``maximum`` is checked by ``check_maximum`` for a new match
        only; ``none`` or null for ``int_or_none``), or one of
        ``choices`` (an int if ``numeric``). OptionError naming the option, the value as
        written (``written``) and the values it takes."""
        text = option_text(value)
        if self.kind == "bool":
            if text in ("true", "yes", "1", "on"):
                return True
            if text in ("false", "no", "0", "off"):
                return False
            raise OptionError(f"option {self.name}: {written(value)} is not true or false")
        if self.kind in ("int", "int_or_none"):
            if self.kind == "int_or_none" and (value is None or text in ("none", "")):
                return None
            try:
                if isinstance(value, bool) or text is None:
                    raise ValueError
                iv = int(text)
            except ValueError:
                raise OptionError(f"option {self.name}: {written(value)} is not a whole number") from None
            if self.minimum is not None and iv < self.minimum:
                raise OptionError(f"option {self.name}: {iv} is below the minimum {self.minimum}")
            return iv
        if self.kind == "choice":
            if text is not None and text in self.choices:
                return int(text) if self.numeric else text
            raise OptionError(f"option {self.name}: {written(value)} is not one of {', '.join(self.choices)}")
        raise OptionError(f"option {self.name}: unknown kind {self.kind}")  # pragma: no cover

    def check_maximum(self, value: Any) -> None:
        """OptionError if ``value`` (as ``parse`` gives it) is above ``maximum``. A bound for a
        new match (``Game.check_new_match``: the command line and the seat setup), not for
        reading: a record or save of a match begun with a larger value still replays, as the
        record format promises."""
        if self.maximum is not None and isinstance(value, int) and not isinstance(value, bool) and value > self.maximum:
            raise OptionError(f"option {self.name}: {written(value)} is above the maximum {self.maximum}")

    def describe(self) -> str:
        if self.kind == "bool":
            vals = "true|false"
        elif self.kind == "choice":
            vals = "|".join(self.choices)
        elif self.kind == "int_or_none":
            vals = "N|none"
        else:
            vals = "N"
        also = f" (also {', '.join(self.aliases)})" if self.aliases else ""
        return f"{self.name}={vals}{also} (default {self.default}): {self.help}"


# ---- observation, result ---------------------------------------------------------------


@dataclass(frozen=True)
class MeldView:
    """A meld on the table as every seat sees it: number (1, 2, ...), owner seat, kind
    (``set``/``run``), cards in order, and what each wild card in it stands for."""

    id: int
    owner: int
    kind: str
    cards: tuple[Card, ...]
    #: (index in ``cards``, plain card it stands for) for each wild card of the meld
    wilds: tuple[tuple[int, Card], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"id", "owner", "kind", "cards": [codes]}`` (plus ``"wilds": [[index, code]]``
        when the meld holds a wild card)."""
        out = {"id": self.id, "owner": self.owner, "kind": self.kind, "cards": [card_text(c) for c in self.cards]}
        if self.wilds:
            out["wilds"] = [[i, card_text(c)] for i, c in self.wilds]
        return out


@dataclass
class Observation:
    """What one seat may see (DESIGN.md, "Hidden information stays hidden").

    Never holds another seat's hidden cards. Generic fields are filled by every game so the
    TUI and the bots need no per-game code; ``extra`` holds the game's own public data.
    Units: ``hand_sizes`` in cards; ``scores`` in the game's own units (see ``status``).
    ``active``: per seat, True if the seat takes part in this hand (False: out of the game,
    sitting out this deal); left out by a game, it is all True.

    Declared views (``cardtable.engine.views``, docs/contract.md): ``zones`` every card area
    as this seat sees it (its cards never include one of ``hidden_from(seat)``; the counts of
    the zones that are not mirrors add up to the deck); ``verbs`` the specs of the verbs in
    ``legal`` (label, key, hint, input shape); ``events`` the public log as structured
    ``LogEvent``s (``log`` holds their texts, one per event, rendered once); ``facts`` what
    the table writes beside the cards (``views.Facts``: trump, the status line as items,
    seat roles such as the declarer; None: the table writes ``status`` as it is);
    ``panels`` lines drawn beside the trick (``views.Panel``: Parlée's talk); ``event_group``
    the events the history of the hand gathers on one line (``views.EventGroup``: a trick's
    plays; None: a line each). ``to_json`` writes zones, verbs and facts, not events, panels
    or the event group (their text is ``log``).
    """

    game: str
    seat: int
    n_seats: int
    to_act: int | None
    phase: str  # e.g. "meld", "play", "trickroem", "draw", "over"
    hand: tuple[Card, ...]  # this seat's cards, in display order
    hand_sizes: tuple[int, ...]  # cards held by each seat
    dealer: int
    trump: int | None = None  # suit 0..3, or None
    upcard: Card | None = None  # a turned card (trump indicator), if public
    trick: tuple[tuple[int, Card], ...] = ()  # (seat, card) in the current trick, leader first
    last_trick: tuple[tuple[int, Card], ...] = ()
    last_trick_winner: int | None = None
    tricks_won: tuple[int, ...] = ()  # tricks taken per seat
    stock_size: int = 0
    discard: tuple[Card, ...] = ()  # discard pile, bottom to top (public)
    melds: tuple[MeldView, ...] = ()
    scores: dict[str, Any] = field(default_factory=dict)
    status: str = ""  # one line: trump, contract, counts
    log: tuple[str, ...] = ()  # public events, oldest first
    legal: tuple[Action, ...] = ()  # legal actions, only when seat == to_act
    extra: dict[str, Any] = field(default_factory=dict)
    active: tuple[bool, ...] = ()  # per seat; () is filled in as all True
    zones: tuple[Any, ...] = ()  # views.Zone, see the class docstring
    verbs: tuple[Any, ...] = ()  # views.VerbSpec of the verbs in ``legal``
    events: tuple[Any, ...] = ()  # views.LogEvent, oldest first (``log`` = texts)
    facts: Any = None  # views.Facts: trump, status items, seat roles
    panels: tuple[Any, ...] = ()  # views.Panel: lines beside the trick (table talk)
    event_group: Any = None  # views.EventGroup: events the history gathers on a line

    def __post_init__(self) -> None:
        if not self.active:
            self.active = (True,) * self.n_seats

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with cards as codes (used by tests and debugging)."""

        def conv(v: Any) -> Any:
            if v is None or type(v) in _PLAIN:
                return v
            if isinstance(v, Action):
                return v.text()
            if isinstance(v, MeldView) or hasattr(v, "to_json"):
                return v.to_json()
            if isinstance(v, dict):
                return {k: conv(x) for k, x in v.items()}
            if isinstance(v, (list, tuple, LazyActions)):
                return [conv(x) for x in v]
            return v

        d = {k: getattr(self, k) for k in self.__dataclass_fields__ if k not in ("events", "panels", "event_group")}
        out = {k: conv(v) for k, v in d.items()}
        for k in ("hand", "discard"):
            out[k] = [card_text(c) for c in d[k]]
        for k in ("trick", "last_trick"):
            out[k] = [[s, card_text(c)] for s, c in d[k]]
        out["upcard"] = card_text(self.upcard) if self.upcard is not None else None
        return out


#: types ``Observation.to_json`` passes through as they are (the common case, checked first)
_PLAIN = frozenset((int, str, float, bool))


@dataclass
class Result:
    """The result of a finished hand.

    ``points``: what the hand writes on the score sheet for each seat, in the game's unit
    (strepen for streepjes games, points for rummies); partners get their side's value.
    ``outcome``: a word from the spec (``claim``, ``pit``, ``carried``, ``out`` ...).
    ``winners``: seats that won the hand (empty for a carried/void hand).
    ``detail``: everything else the spec's result names (counts, carry, next dealer ...).
    ``summary``: the hand in words for the hand summary (``views.Summary``: a headline and
    fact lines with seat placeholders), written by the rules; None for a game that has none.
    """

    points: list[int]
    outcome: str
    winners: list[int] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    summary: Any = None

    def to_json(self) -> dict[str, Any]:
        """``points``, ``outcome``, ``winners``, ``detail``: the record format
        (docs/records.md); ``summary`` is not part of it (``summary.to_json()``)."""
        return {
            "points": list(self.points),
            "outcome": self.outcome,
            "winners": list(self.winners),
            "detail": self.detail,
        }


# ---- game and state --------------------------------------------------------------------


class Game:
    """The rules of one game with validated options. Subclasses set the class attributes
    and implement ``new_hand``, ``from_deal`` and ``new_sheet``.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    family: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    deck_name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: The verbs and argument words the game knows (cardtable/engine/grammar.py;
    #: docs/grammar.md, "Action texts"); None reads the whole table (``README_FORMS``). A subclass may make it a
    #: property when its words depend on the options.
    grammar: ClassVar[Grammar | None] = None
    #: The smallest difference worth telling a player, in the unit of the game's sheet
    #: (``Sheet.unit``, as the review and the hint print it: strepen, points, stake
    #: units, ...): the review (``bots.review.review_line``) lists a decision only where the
    #: bot's choice is better by at least this much on average (beyond the search's noise),
    #: and the hint (``bots.explain.reason``) calls a smaller difference "a close call".
    #: The default, 1, suits a sheet of whole points; a game whose unit is worth more (a
    #: streep, a stake) sets a fraction of it. A game whose sheet depends on its options
    #: may set it per instance in ``__init__``.
    review_floor: float = 1.0
    #: Texts the game's grammar must refuse, each with the word the refusal names (``("bid
    #: pit", "'pit'")``): tests/test_grammar.py adds them to its table. Default: none.
    bad_texts: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: (players or None, options) the search tests (tests/test_search.py) also play besides the
    #: defaults. Default: none.
    search_configs: ClassVar[tuple[tuple[int | None, dict[str, Any]], ...]] = ()
    #: The strong bot's playouts (bots/pimc.py, ``greedy_playout``): ``simple`` (the simple bot's choices) or
    #: ``prior`` (the game's prior policy).
    playout_policy: ClassVar[str] = "simple"
    #: The strong bot searches only the simple bot's first this many choices (None: all of them).
    search_width: int | None = None
    #: ``candidates``: the strong bot plays a searched choice over the simple bot's only by a
    #: margin that grows with the number searched (None: by any margin).
    search_bar: str | None = None

    def __init__(self, players: int | None = None, **options: Any):
        """``players`` seats (None: ``min_players``) and ``options`` by name or alias
        (``Option.names``), each read by its ``Option.parse``; ``self.options`` holds every
        option under its name (defaults filled in; a ``numeric`` choice as an int).
        OptionError for a player count out of range, an unknown option, one option given
        under two names, or a bad value (naming the alias it was given under)."""
        n = self.min_players if players is None else players
        if not isinstance(n, int) or not (self.min_players <= n <= self.max_players):
            span = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise OptionError(f"{self.name} is played by {span} players, not {players}")
        self.players = n
        known = {n: o for o in self.option_specs for n in o.names}
        given: dict[str, str] = {}
        for k in options:
            if k not in known:
                names = ", ".join(o.name for o in self.option_specs) or "none"
                raise OptionError(f"{self.name} has no option {k!r} (options: {names})")
            name = known[k].name
            if name in given:
                raise OptionError(f"option {name} is given twice (as {given[name]} and as {k})")
            given[name] = k
        self.options: dict[str, Any] = {
            o.name: o.parse(o.default) if o.numeric else o.default for o in self.option_specs
        }
        for k, v in options.items():
            opt = known[k]
            try:
                self.options[opt.name] = opt.parse(v)
            except OptionError as e:
                if k == opt.name:
                    raise
                raise OptionError(f"{e} (given as {k})") from None

    def check_new_match(self) -> None:
        """OptionError if an option is above its ``Option.maximum``: called where a new match
        is begun (``cardtable play``, ``simulate``, ``tournament``, the seat setup), so that a
        typo never starts an endless match; a record or save replays whatever it holds."""
        for opt in self.option_specs:
            opt.check_maximum(self.options.get(opt.name))
        defaults = {o.name: (o.parse(o.default) if o.numeric else o.default) for o in self.option_specs}
        for name, (used, why) in self.options_not_in_force().items():
            value = self.options.get(name)
            if value not in (defaults.get(name), used):
                raise OptionError(f"{name}={value}: {why}")

    def options_not_in_force(self) -> dict[str, tuple[Any, str]]:
        """Options whose value this seat count overrules, by name: the value in force
        instead and the reason in one phrase (as the spec's §9 says it); default: none.
        ``check_new_match`` refuses such an option set to anything but its default or the
        value in force, so that a player who asked for it is told instead of silently
        dealt another game."""
        return {}

    # -- to implement --
    def new_sheet(self):  # -> sheets.Sheet
        raise NotImplementedError

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *, sheet=None) -> "State":
        """A shuffled deal (``seed``) for the next hand of a match that stands at
        ``standing`` (dealer, totals, carried counts, active seats; None: a fresh match).

        ``sheet=`` (the live sheet) is still accepted during the move to Standing and is
        read only through ``sheet.standing()``; give one or the other (``standing_of``).
        """
        raise NotImplementedError

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet=None) -> "State":
        """An exact position from a record's ``deal`` (card codes) in a match that stands
        at ``standing`` (or ``sheet=``, as for ``new_hand``); DealError if invalid."""
        raise NotImplementedError

    def deck(self) -> list[Card]:
        """The full deck this game is dealt from; a hand's own deck is ``State.deck()``."""
        raise NotImplementedError

    # -- the match between hands --
    def standing_of(self, standing: Standing | None = None, sheet=None) -> Standing:
        """The Standing a ``new_hand``/``from_deal`` call means: ``standing`` itself, else
        ``sheet.standing()``, else a fresh match's (``new_sheet().standing()``).

        For the transition from ``sheet=`` a Sheet given as ``standing`` is converted too.
        Raises TypeError if both are given or ``standing`` is neither a Standing nor a sheet.
        """
        if standing is not None and sheet is not None:
            raise TypeError("give standing= or sheet=, not both")
        if standing is None:
            standing = sheet if sheet is not None else self.new_sheet()
        if not isinstance(standing, Standing):
            make = getattr(standing, "standing", None)
            if make is None:
                raise TypeError(f"expected a Standing or a score sheet, not {type(standing).__name__}")
            standing = make()
        return standing

    def between_hands(self, standing: Standing) -> "State | None":
        """A decision to take before the next deal (Loba's buy-back, loba.md §7.4), or None.

        Called by the Match after a hand is written on the sheet, when the match is not
        over, with the sheet's standing then. The decision is an ordinary State (``to_act``,
        ``legal_actions()``, ``apply``, ``observation``); once it is over its ``result()``
        (``points`` all 0 unless the decision scores, ``outcome`` a word of the game, e.g.
        ``buy_back``) is written with ``Sheet.record_between``, and the next hand is dealt
        from the standing after it. A record keeps its actions in a hand entry
        ``{"between": true, "actions": [...]}`` (docs/records.md). Default: None (no game
        of the first six has one).
        """
        return None

    # -- a hook for the table (the hand's order, ``tui/hand_order.py``) --
    def card_sort_key(self, card: Card, trump: int | None) -> int:
        """Where the plain card ``card`` goes among the cards of its suit when a player sorts
        the hand (the table's sort key ``=``, by suit and by rank): left to right from the
        smallest key, in the game's own card order as its players hold their cards
        (Kruisjassen's trick order, its §2: trump J 9 A K Q T 8 7, the other suits
        A K Q J T 9 8 7). ``trump``: the trump suit in force (0..3), or None (no trump, none
        yet, or the order of a plain suit: by rank the table asks with None, so that a rank's
        cards stay together). Only the order the hand is drawn in: it decides nothing about
        the rules. Never raises for a card of the game's deck. Default: the natural rank, low
        to high (2 … 10, J, Q, K, A); a joker is placed by the table (after every other
        card)."""
        return rank_of(card)

    # -- a hook for the bots (cardtable/bots: ``proven_legal``) --
    def unproven_claims(self, obs: Observation) -> tuple[Action, ...]:
        """The claims among ``obs.legal`` that what ``obs`` shows does not prove correct: a
        *claim* is a move that ends the hand on the claimer's word that its count is reached
        (kruisjassen's "ik dek", grevjas's "honderd", §7.2), proven when the count the seat
        itself sees (its side's points taken, its known roem) reaches what the claim needs.

        Every bot level leaves these out of its choice (``bots.proven_legal``), so a bot
        never makes a claim its own count does not prove and the hint never suggests one;
        ``legal_actions()`` keeps them (a player may still claim wrongly). Reads ``obs``
        only (the seat's own view, never a hidden card: a count the seat cannot see proves
        nothing); called once per bot decision, so it must be cheap (a lazy ``legal`` is
        tested with ``in``, not listed). Returns ``()`` when every claim on offer is proven
        or none is; never raises. Default: ``()`` (a game without claims)."""
        return ()

    # -- hooks for the invariant tests (tests/test_invariants.py) --
    def check_result(self, result: Result, state: Any) -> list[str]:
        """What is wrong with ``result``, the Result of the finished hand ``state`` (a State of
        the game's own State class, which an override names as its type), by the
        spec's own totals (e.g. a kruisjassen hand of 8 tricks: 146 card points): one
        sentence per problem, ``[]`` if none. Called by the invariant tests after every
        hand; never raises for a bad result (it reports it). Default: no game-specific
        check (``[]``)."""
        return []

    def grammar_positions(self) -> "list[State]":
        """Positions where the game offers the rarest forms of its grammar, for the grammar
        tests (tests/test_grammar.py: every legal action's text must read back). Default:
        none."""
        return []

    def leak_view(self, obs_json: dict[str, Any]) -> dict[str, Any]:
        """The observation JSON (``Observation.to_json()``) as the hidden-card check reads
        it: a game whose rules let a text name a card without showing where it is (a
        question ``ask has QS`` answered "no") leaves those texts out here. Default: the
        JSON unchanged. Returns a new dict; ``obs_json`` is not changed."""
        return obs_json

    # -- helpers --
    def parse_action(self, text: "str | Action") -> Action:
        """The Action of an action text, read by this game's ``grammar`` (an Action is
        returned as it is); the edge where records, the CLI and typed input come in.

        Raises IllegalAction whose message names the first word the game does not know: a
        verb, an argument word, or a card form it has not (``QS#2`` without copies,
        ``JK=8C`` without wild cards), or a word that is not a card where one is due.
        Whether the action is legal now is the State's business (``State.apply``).
        """
        if isinstance(text, Action):
            return text
        try:
            if self.grammar is None:
                return parse_action(text)
            return self.grammar.parse(text, self.name or self.id)
        except (ActionError, CardError) as e:
            err = IllegalAction(str(e))
            err.loose = getattr(e, "loose", None)
            raise err from None

    def option_text(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.options.items())

    def seat_name(self, seat: int) -> str:
        return f"seat {seat}"

    def team_of(self, seat: int) -> int:
        """The side of a seat (partnership games override; default: every seat alone)."""
        return seat


class State:
    """One hand in progress: plain data, cheap to copy. Subclasses implement
    ``_legal() -> list[Action]``, ``_apply(action)`` (on a clone, legality already checked),
    ``observation(seat)``, ``result()``, ``to_act`` and optionally ``explain(action)``.
    """

    game: Game
    seed: int | None = None

    @property
    def to_act(self) -> int | None:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        return self.to_act is None

    def clone(self) -> "State":
        """A deep-enough copy (games with nested mutable data override for speed). The Game
        is shared, never copied (it holds the rules and options, not the position)."""
        return copy.deepcopy(self, {id(self.game): self.game})

    def legal_actions(self) -> list[Action]:
        """Every legal action for ``to_act``; empty when the hand is over."""
        if self.to_act is None:
            return []
        return self._legal()

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def normalize(self, action: Action) -> Action:
        """The canonical form of an action (e.g. cards sorted) before the legality check."""
        return action

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now: a sentence for a player."""
        return f"{action.text()} is not allowed now"

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` (in any card order ``normalize`` accepts) may be applied now.

        The default is membership of ``normalize(action)`` in ``legal_actions()``; a game
        with very many (compound) actions overrides it to check one action without listing
        all, and must agree with ``legal_actions()`` (tests/test_search.py checks it).
        ``legal_actions()`` stays the one source of what the table offers. False when the
        hand is over."""
        if self.to_act is None:
            return False
        return self.normalize(action) in self._legal()

    def apply(self, action: "Action | str", check: bool = True) -> "State":
        """A new State with ``action`` applied; self is unchanged.

        Raises IllegalAction (with a reason a person can read) when the hand is over, the
        text is malformed, or ``is_legal(action)`` is false. ``check=False`` skips the check
        for callers that took the action from ``legal_actions()`` themselves.
        """
        if isinstance(action, str):
            action = self.parse(action)
        if self.to_act is None:
            raise IllegalAction(f"{action.text()}: the hand is over")
        if check:
            action = self.normalize(action)
            if not self.is_legal(action):
                raise IllegalAction(self.explain(action))
        new = self.clone()
        new._apply(action)
        return new

    def parse(self, text: str) -> Action:
        """``game.parse_action(text)``; when the game's grammar refuses a word of a verb it
        knows, the IllegalAction also says why the loosely read action would not do now
        (``explain``), e.g. ``'bid schut': Manille does not know 'schut' after 'bid' ...
        (bid schut: seat 1 says bid play or pass)``."""
        try:
            return self.game.parse_action(text)
        except IllegalAction as e:
            loose = getattr(e, "loose", None)
            if loose is None or self.to_act is None:
                raise
            try:
                why = self.explain(self.normalize(loose))
            except Exception:  # a loose reading the game cannot even explain: the grammar's word stands
                raise e from None
            raise IllegalAction(f"{e} ({why})") from None

    def apply_in_place(self, action: Action) -> None:
        """Apply ``action`` to this state itself: no clone, no legality check, no parsing.

        For callers that own the state (search, playouts) and took ``action`` from
        ``legal_actions()`` (or ``rollout_actions()``) of this very state; anything else
        leaves the state undefined. The same as ``apply(action, check=False)`` but without
        the copy (tests/test_search.py checks that both end in the same state)."""
        self._apply(action)
        self._changed()

    def _changed(self) -> None:
        """Drop whatever a state caches about its position (its legal actions) after an
        in-place change; ``apply`` needs none of it since a clone starts empty."""

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    # -- search (engine/search.py) --
    def returns(self) -> tuple[float, ...]:
        """The hand's value for each seat in the one unit of search, once it is over.

        Unit (the same in every game): the seat's (side's) gain on the score sheet this hand
        minus the mean gain of the other sides (``engine.search.relative_returns``), divided
        by the game's ``returns_scale()`` so that a usual hand lies in about [-1, 1];
        higher is better for that seat, partners (``game.team_of``) share their side's value,
        the values of the sides sum to 0. ``returns_gains()`` gives the gains (default:
        ``result().points``); games whose sheet is not "higher is better" or that carry
        value into the next hand override it (documented per game).
        Raises ValueError while the hand is on."""
        from cardtable.engine.search import relative_returns

        if self.to_act is not None:
            raise ValueError("returns(): the hand is not over")
        gains = self.returns_gains()
        teams = [self.game.team_of(s) for s in range(len(gains))]
        return relative_returns(gains, teams, self.returns_scale())

    def returns_gains(self) -> list[float]:
        """Each seat's gain on the score sheet this hand, higher = better (default: the
        Result's points)."""
        res = self.result()
        assert res is not None, "returns_gains: the hand is over"
        return [float(p) for p in res.points]

    def returns_scale(self) -> float:
        """The unit that maps a usual hand's ``relative_returns`` into about [-1, 1]."""
        return 1.0

    def information_set(self, seat: int):
        """What ``seat`` knows now: an ``engine.search.InformationSet`` with ``.seat``,
        ``.observation`` and ``.sample(rng) -> State`` (the unseen cards dealt again at
        random, consistent with everything the seat has seen). Games implement it; the
        default raises NotImplementedError."""
        raise NotImplementedError(f"{type(self).__name__} has no information sets")

    def rollout_actions(self) -> list[Action]:
        """The actions a random playout chooses from now (default: ``legal_actions()``);
        a game may leave out actions that only end a hand at random (a claim) or take the
        ones that are always right (declaring trick roem). Never empty while on."""
        return self._legal()

    def playout(self, rng: random.Random) -> tuple[float, ...]:
        """Play this state (in place) to the end at random and return ``returns()``.

        The reference: at each step ``acts = rollout_actions()``; the action is ``acts[0]``
        when there is one, else ``acts[rng.randrange(len(acts))]``; applied in place. A
        game's fast path (bitmasks, no Action objects) must choose exactly the same actions
        from the same ``rng`` draws (tests/test_search.py)."""
        while self.to_act is not None:
            acts = self.rollout_actions()
            n = len(acts)
            self.apply_in_place(acts[0] if n == 1 else acts[rng.randrange(n)])
        return self.returns()

    def observation(self, seat: int) -> Observation:
        raise NotImplementedError

    def result(self) -> Result | None:
        """The hand's Result once it is over, else None."""
        raise NotImplementedError

    def hidden_from(self, seat: int) -> "set[Card] | Counter[Card]":
        """Cards ``seat`` may not see now (for the invariant tests): by default every card in
        another seat's hand. Games override to remove cards the rules made public.

        A multiset where a deck holds identical cards (a ``collections.Counter``: one QS
        hidden in a hand while the other QS lies on the table is ``Counter({QS: 1})``); a set
        is a multiset of ones, enough for a one-pack game. The tests flag a code shown to
        ``seat`` only when every copy of it in the deck is hidden."""
        raise NotImplementedError

    def cards_in_play(self) -> list[Card]:
        """Every card of the hand's deck wherever it is now (hands, stock, discard pile,
        trick, tricks taken, melds), for the invariant "cards are conserved": as a multiset
        it equals ``deck()``."""
        raise NotImplementedError

    def deck(self) -> list[Card]:
        """The cards this hand is dealt from (a multiset, any order). Default: the game's
        ``Game.deck()``; a game whose deck changes between deals (Honderden with three
        players and then two, honderden.md §3) overrides it."""
        return self.game.deck()

    def deal_record(self) -> dict[str, Any]:
        """This hand's starting position as a record ``deal`` (card codes)."""
        raise NotImplementedError


def check_cards(codes: Sequence[str], what: str) -> list[Card]:
    """Parse card codes from a deal; DealError naming ``what`` if one is not a card."""
    try:
        return [parse_card(c) for c in codes]
    except CardError as e:
        raise DealError(f"{what}: {e}") from None
    except AttributeError:
        raise DealError(f"{what}: expected a list of card codes") from None


def rng_for(seed: int | None) -> random.Random:
    """The random generator of a hand (deterministic for an int seed)."""
    return random.Random(seed)


__all__ = [
    "Action",
    "Card",
    "Compound",
    "DealError",
    "Game",
    "Grammar",
    "IllegalAction",
    "MeldView",
    "Observation",
    "Option",
    "OptionError",
    "Result",
    "Standing",
    "State",
    "cards_text",
    "check_cards",
    "rng_for",
]
