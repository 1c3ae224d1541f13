"""The engine contract every game fulfils (DESIGN.md, "The contract").

    game = get_game("kruisjassen")                 # rules + validated options
    sheet = game.new_sheet()                       # the match score sheet (dealer, carry, totals)
    state = game.new_hand(seed=7, sheet=sheet)     # or game.from_deal(deal, sheet=sheet)
    state.to_act                                   # seat to decide, None when the hand is over
    state.legal_actions()                          # list[Action]: the ONLY source of legality
    state = state.apply(action)                    # new State; IllegalAction if not legal
    state.observation(seat)                        # what that seat may see
    state.result()                                 # Result once the hand is over
    sheet.record(state.result())                   # the match goes on, or sheet.over

A State is plain data, cheap to ``clone()`` (the Game is shared, never copied); ``apply``
clones and then changes the clone with ``_apply`` (games implement ``_legal`` and
``_apply``; the engine checks legality with ``is_legal``).

Search (``engine/search.py`` has the details and the table of units):

    state.is_legal(action)                         # = normalize(action) in legal_actions()
    state.apply_in_place(action)                   # no clone, no check: for callers that own it
    state.returns()                                # per seat, once over: one unit for every game
    iset = state.information_set(seat)             # .seat, .observation, .sample(rng) -> State
    state.playout(rng)                             # random play to the end (fast path per family)
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence

from cardtable.cards import Card, card_text, cards_text, parse_card, CardError
from cardtable.engine.actions import Action, ActionError, as_action


class IllegalAction(ValueError):
    """An action the rules do not allow now, or a text that is not an action.

    ``str(err)`` is a sentence a player can read: what was tried and why it is refused.
    The state it was applied to is unchanged.
    """


class OptionError(ValueError):
    """An unknown option or a bad option value; the message names the option and its values."""


class DealError(ValueError):
    """An explicit deal that is not a valid position for the game (wrong card counts,
    duplicate cards, unknown codes ...); the message says what is wrong."""


# ---- options ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """One game option from a spec's Options table.

    kind: ``bool``, ``int``, ``choice`` or ``int_or_none``. ``minimum`` bounds ints.
    """

    name: str
    kind: str
    default: Any
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None

    def parse(self, value: Any) -> Any:
        """A validated value from a Python value or its text (``true``, ``11``, ``auto``)."""
        v = value
        if self.kind == "bool":
            if isinstance(v, bool):
                return v
            if isinstance(v, str) and v.lower() in ("true", "yes", "1", "on"):
                return True
            if isinstance(v, str) and v.lower() in ("false", "no", "0", "off"):
                return False
            raise OptionError(f"option {self.name}: {value!r} is not true or false")
        if self.kind in ("int", "int_or_none"):
            if self.kind == "int_or_none" and (v is None or (isinstance(v, str) and v.lower() in ("none", ""))):
                return None
            try:
                if isinstance(v, bool):
                    raise ValueError
                iv = int(v)
            except (TypeError, ValueError):
                raise OptionError(f"option {self.name}: {value!r} is not a whole number") from None
            if self.minimum is not None and iv < self.minimum:
                raise OptionError(f"option {self.name}: {iv} is below the minimum {self.minimum}")
            return iv
        if self.kind == "choice":
            if isinstance(v, str) and v.lower() in self.choices:
                return v.lower()
            raise OptionError(f"option {self.name}: {value!r} is not one of {', '.join(self.choices)}")
        raise OptionError(f"option {self.name}: unknown kind {self.kind}")  # pragma: no cover

    def describe(self) -> str:
        if self.kind == "bool":
            vals = "true|false"
        elif self.kind == "choice":
            vals = "|".join(self.choices)
        elif self.kind == "int_or_none":
            vals = "N|none"
        else:
            vals = "N"
        return f"{self.name}={vals} (default {self.default}): {self.help}"


# ---- observation, result ---------------------------------------------------------------

@dataclass(frozen=True)
class MeldView:
    """A meld on the table as every seat sees it: number (1, 2, ...), owner seat, kind
    (``set``/``run``), cards in order."""

    id: int
    owner: int
    kind: str
    cards: tuple[Card, ...]


@dataclass
class Observation:
    """What one seat may see (DESIGN.md, "Hidden information stays hidden").

    Never holds another seat's hidden cards. Generic fields are filled by every game so the
    TUI and the bots need no per-game code; ``extra`` holds the game's own public data.
    Units: ``hand_sizes`` in cards; ``scores`` in the game's own units (see ``status``).
    """

    game: str
    seat: int
    n_seats: int
    to_act: int | None
    phase: str                                   # e.g. "meld", "play", "trickroem", "draw", "over"
    hand: tuple[Card, ...]                       # this seat's cards, in display order
    hand_sizes: tuple[int, ...]                  # cards held by each seat
    dealer: int
    trump: int | None = None                     # suit 0..3, or None
    upcard: Card | None = None                   # a turned card (trump indicator), if public
    trick: tuple[tuple[int, Card], ...] = ()     # (seat, card) in the current trick, leader first
    last_trick: tuple[tuple[int, Card], ...] = ()
    last_trick_winner: int | None = None
    tricks_won: tuple[int, ...] = ()             # tricks taken per seat
    stock_size: int = 0
    discard: tuple[Card, ...] = ()               # discard pile, bottom to top (public)
    melds: tuple[MeldView, ...] = ()
    scores: dict[str, Any] = field(default_factory=dict)
    status: str = ""                             # one line: trump, contract, counts
    log: tuple[str, ...] = ()                    # public events, oldest first
    legal: tuple[Action, ...] = ()               # legal actions, only when seat == to_act
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with cards as codes (used by tests and debugging)."""

        def conv(v: Any) -> Any:
            if isinstance(v, Action):
                return v.text()
            if isinstance(v, MeldView):
                return {"id": v.id, "owner": v.owner, "kind": v.kind, "cards": [card_text(c) for c in v.cards]}
            if isinstance(v, dict):
                return {k: conv(x) for k, x in v.items()}
            if isinstance(v, (list, tuple)):
                return [conv(x) for x in v]
            return v

        d = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out = {k: conv(v) for k, v in d.items()}
        for k in ("hand", "discard"):
            out[k] = [card_text(c) for c in d[k]]
        for k in ("trick", "last_trick"):
            out[k] = [[s, card_text(c)] for s, c in d[k]]
        out["upcard"] = card_text(self.upcard) if self.upcard is not None else None
        return out


@dataclass
class Result:
    """The result of a finished hand.

    ``points``: what the hand writes on the score sheet for each seat, in the game's unit
    (strepen for streepjes games, points for rummies); partners get their side's value.
    ``outcome``: a word from the spec (``claim``, ``pit``, ``carried``, ``out`` ...).
    ``winners``: seats that won the hand (empty for a carried/void hand).
    ``detail``: everything else the spec's result names (counts, carry, next dealer ...).
    """

    points: list[int]
    outcome: str
    winners: list[int] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"points": list(self.points), "outcome": self.outcome,
                "winners": list(self.winners), "detail": self.detail}


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

    def __init__(self, players: int | None = None, **options: Any):
        n = self.min_players if players is None else players
        if not isinstance(n, int) or not (self.min_players <= n <= self.max_players):
            span = (f"{self.min_players}" if self.min_players == self.max_players
                    else f"{self.min_players} to {self.max_players}")
            raise OptionError(f"{self.name} is played by {span} players, not {players}")
        self.players = n
        known = {o.name: o for o in self.option_specs}
        for k in options:
            if k not in known:
                names = ", ".join(known) or "none"
                raise OptionError(f"{self.name} has no option {k!r} (options: {names})")
        self.options: dict[str, Any] = {o.name: o.default for o in self.option_specs}
        for k, v in options.items():
            self.options[k] = known[k].parse(v)

    # -- to implement --
    def new_sheet(self):  # -> sheets.Sheet
        raise NotImplementedError

    def new_hand(self, seed: int | None = None, sheet=None) -> "State":
        """A shuffled deal for the next hand of ``sheet``'s match (a fresh match if None)."""
        raise NotImplementedError

    def from_deal(self, deal: dict[str, Any], sheet=None) -> "State":
        """An exact position from a record's ``deal`` (card codes); DealError if invalid."""
        raise NotImplementedError

    def deck(self) -> list[Card]:
        """The full deck this game is dealt from (for the invariant tests)."""
        raise NotImplementedError

    # -- helpers --
    def parse_action(self, text: str) -> Action:
        """Parse an action's text (IllegalAction with a readable reason if malformed)."""
        try:
            return as_action(text)
        except (ActionError, CardError) as e:
            raise IllegalAction(str(e)) from None

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
            action = self.game.parse_action(action)
        if self.to_act is None:
            raise IllegalAction(f"{action.text()}: the hand is over")
        if check:
            action = self.normalize(action)
            if not self.is_legal(action):
                raise IllegalAction(self.explain(action))
        new = self.clone()
        new._apply(action)
        return new

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
        return [float(p) for p in self.result().points]

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

    def hidden_from(self, seat: int) -> set[Card]:
        """Cards ``seat`` may not see now (for the invariant tests): by default every card in
        another seat's hand. Games override to remove cards the rules made public."""
        raise NotImplementedError

    def cards_in_play(self) -> list[Card]:
        """Every card of the hand's deck wherever it is now (hands, stock, discard pile,
        trick, tricks taken, melds), for the invariant "cards are conserved"."""
        raise NotImplementedError

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
    "Action", "Card", "DealError", "Game", "IllegalAction", "MeldView", "Observation",
    "Option", "OptionError", "Result", "State", "cards_text", "check_cards", "rng_for",
]
