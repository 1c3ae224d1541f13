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

A State is plain data, cheap to ``clone()``; ``apply`` clones and then changes the clone
with ``_apply`` (games implement ``_legal`` and ``_apply``; the engine checks legality).

What the table draws is declared by the game (``cardtable.engine.views``; docs/contract.md
has a worked example per family): ``Observation.zones`` (card areas), ``Observation.verbs``
(how each legal verb is chosen), ``Observation.events`` (the log as structured events,
``log`` their texts), ``Result.summary`` (the hand in words) and ``Sheet.view()``.
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

    Declared views (``cardtable.engine.views``, docs/contract.md): ``zones`` every card area
    as this seat sees it (its cards never include one of ``hidden_from(seat)``; the counts of
    the zones that are not mirrors add up to the deck); ``verbs`` the specs of the verbs in
    ``legal`` (label, key, hint, input shape); ``events`` the public log as structured
    ``LogEvent``s (``log`` holds their texts, one per event, rendered once). ``to_json``
    writes zones and verbs, not events (their text is ``log``).
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
    zones: tuple[Any, ...] = ()                  # views.Zone, see the class docstring
    verbs: tuple[Any, ...] = ()                  # views.VerbSpec of the verbs in ``legal``
    events: tuple[Any, ...] = ()                 # views.LogEvent, oldest first (``log`` = texts)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with cards as codes (used by tests and debugging)."""

        def conv(v: Any) -> Any:
            if isinstance(v, Action):
                return v.text()
            if isinstance(v, MeldView) or hasattr(v, "to_json"):
                return v.to_json()
            if isinstance(v, dict):
                return {k: conv(x) for k, x in v.items()}
            if isinstance(v, (list, tuple)):
                return [conv(x) for x in v]
            return v

        d = {k: getattr(self, k) for k in self.__dataclass_fields__ if k != "events"}
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
        """A deep-enough copy (games with nested mutable data override for speed)."""
        return copy.deepcopy(self)

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

    def apply(self, action: "Action | str", check: bool = True) -> "State":
        """A new State with ``action`` applied; self is unchanged.

        Raises IllegalAction (with a reason a person can read) when the hand is over, the
        text is malformed, or the action is not in ``legal_actions()``. ``check=False`` skips
        the check for callers that took the action from ``legal_actions()`` themselves.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if self.to_act is None:
            raise IllegalAction(f"{action.text()}: the hand is over")
        if check:
            action = self.normalize(action)
            if action not in self._legal():
                raise IllegalAction(self.explain(action))
        new = self.clone()
        new._apply(action)
        return new

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

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
