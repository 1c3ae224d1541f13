"""Elimination for the drift rummies with jokers (issue 11: Ramino drift and Loba): seats that
have left the game are not dealt in and are skipped in the turn order, the penalty sheet
(sheets/penalty.py) with its eliminations, and what a seat knows when the stock was made by
shuffling the discard pile.

A game subclasses ``EliminationRummy`` and its state ``EliminationHand``:

- The hand reads ``standing.active`` (the penalty sheet's seats still in): only those seats are
  dealt (``deal_active``), voorhand is the first of them after the dealer, and the turn passes
  over the others (``_discard``). The observation's ``active`` says who is in. This turn order
  is ``SeatsOut``, a hand class of its own, so that a hand of another turn takes it too (the
  knock rummy of games/ramino_klop.py: ``SeatsOut`` over ``knock.KnockHand``).
- ``from_deal``: a seat that is out holds no cards; the others hold ``dealt`` cards (a fresh
  deal) or any number from 1 in a position (``melds`` / ``to_act`` given).
- ``reshuffle`` (a game attribute, families/drift.py): the stock re-formed from the discard pile
  is shuffled, and its cards are hidden again from every seat (a card drawn from it too), as in
  every drift rummy; with an unshuffled re-formed stock every seat knows it in order
  (wild_drift).
- ``penalty_points(seat)``: the hand's penalty (§2 card points of the cards left); ``check_result``
  (the invariant tests): penalties are the cards' points, only active seats score, the winner
  holds no cards.
"""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

from cardtable.cards import Card, card_text, shuffled
from cardtable.engine.game import DealError, Result, rng_for
from cardtable.engine.standing import Standing
from cardtable.families.drift import DRAW, DriftHand, DriftRummy
from cardtable.families.rummy import Meld, card_points
from cardtable.families.wild_drift import WildDriftHand, WildDriftRummy

#: a hand's own class (``SeatsOut._fresh`` makes one of ``cls``)
_OutHand = TypeVar("_OutHand", bound="SeatsOut")


def deal_active(
    pack: Sequence[Card], active: Sequence[bool], dealer: int, k: int
) -> tuple[list[list[Card]], list[Card]]:
    """``k`` cards to each active seat, one at a time from the first active seat after
    ``dealer``; ``(hands, rest)`` with ``rest`` the undealt cards in pack order."""
    n = len(active)
    order = [(dealer + i) % n for i in range(1, n + 1) if active[(dealer + i) % n]]
    hands: list[list[Card]] = [[] for _ in range(n)]
    it = iter(pack)
    for _ in range(k):
        for s in order:
            hands[s].append(next(it))
    return hands, list(it)


def next_active(active: Sequence[bool], seat: int) -> int:
    """The first active seat after ``seat`` clockwise (``seat`` if none other)."""
    n = len(active)
    for i in range(1, n + 1):
        if active[(seat + i) % n]:
            return (seat + i) % n
    return seat


class EliminationRummy(WildDriftRummy):
    """A drift rummy with jokers played to elimination (module docstring). Subclasses set
    ``rules``, ``points``, ``dealt``, ``state_class``, and give ``new_sheet`` (a
    sheets.penalty.PenaltySheet) and the option ``elimination_score``."""

    #: any number of melds a turn; lay-offs only after a meld of one's own in this hand (both games)
    no_meld_limit = True
    layoff_requires_meld = True
    _dealing: tuple[bool, ...] | None = None

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *, sheet=None) -> SeatsOut:
        """A shuffled deal to the seats still in (``standing.active``): ``dealt`` cards each, one
        at a time from voorhand (the next seat in after the dealer), then the upcard."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(self.deck(), rng_for(seed))
        hands, rest = deal_active(pack, standing.active, dealer, self.dealt)
        st = self.state_class._fresh(
            self, dealer, hands, list(reversed(rest[1:])), [rest[0]], [], next_active(standing.active, dealer), standing
        )
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet=None) -> SeatsOut:
        """An exact position from a record ``deal`` (docs/records.md), the seats
        that are out without cards; DealError if invalid."""
        standing = self.standing_of(standing, sheet)
        self._dealing = standing.active
        try:
            st = self.parse_deal(deal, self.state_class, standing)
        finally:
            self._dealing = None
        if not standing.active[st.seat]:
            raise DealError(f"to_act: seat {st.seat} is out of the game")
        return st

    #: the game's hand (an ``EliminationHand`` subclass; a ``SeatsOut`` hand of another turn,
    #: Ramino klop's knock), set by the game module
    state_class: type[SeatsOut]

    def _out_error(self, seat: int, hand: list[Card]) -> str | None:
        if self._dealing is not None and not self._dealing[seat]:
            return None if not hand else f"hand of seat {seat}: seat {seat} is out of the game and holds no cards"
        return ""

    def fresh_hand_error(self, seat: int, hand: list[Card]) -> str | None:
        why = self._out_error(seat, hand)
        return super().fresh_hand_error(seat, hand) if why == "" else why

    def position_hand_error(self, seat: int, hand: list[Card]) -> str | None:
        why = self._out_error(seat, hand)
        if why != "":
            return why
        return None if hand else f"hand of seat {seat}: empty; in a position every seat still in holds a card"

    def check_deal_cards(self, hands: list[list[Card]], stock: list[Card], pile: list[Card], melds: list[Meld]) -> None:
        """The deal's cards are exactly the deck (a multiset: two packs repeat every card)."""
        self.check_deck_multiset(
            hands, stock, pile, melds, f"the {len(self.deck())} cards of the {self.deck_name} deck"
        )

    def check_result(self, result: Result, state: "EliminationHand") -> list[str]:
        """Penalties add up: each active loser scores his cards' points, the winner holds no
        cards and scores 0 or the game's bonus, seats that are out score nothing; every table
        meld valid, its jokers' designations consistent."""
        p, d = result.points, result.detail
        out = []
        if result.outcome not in {"out", "void"}:
            return [f"outcome {result.outcome!r} is not out or void"]
        for s in range(state.n):
            if not state.active[s]:
                if p[s] or state.hands[s]:
                    out.append(f"seat {s} is out of the game but scores {p[s]} or holds cards")
                continue
            if result.outcome == "void":
                if p[s]:
                    out.append(f"a void hand scores nothing: {p}")
                continue
            if s == state.winner:
                if state.hands[s]:
                    out.append("the winner still holds cards")
                if p[s] not in (0, -self.out_bonus):
                    out.append(f"the winner scores 0 or {-self.out_bonus}, not {p[s]}")
            elif p[s] != card_points(state.hands[s], self.points) or p[s] != d["penalties"][s]:
                out.append(f"seat {s} scores {p[s]}, not his cards' {card_points(state.hands[s], self.points)}")
        return out + self.table_meld_problems(state.melds)

    #: what the winner subtracts for going out all at once (Loba: 10; 0: no bonus)
    out_bonus: int = 0


class SeatsOut(DriftHand):
    """The turn order of a hand played to elimination (module docstring): the seats that are out
    (``active`` False) are not to act, neither at the deal nor when the turn passes on. A hand
    class with it declares the slot ``active``. Used by ``EliminationHand`` and by the knock
    rummy played to elimination (games/ramino_klop.py)."""

    __slots__ = ()

    #: per seat, whether it is still in the game (``standing.active`` when the hand was dealt)
    active: tuple[bool, ...]

    @classmethod
    def _fresh(
        cls: type[_OutHand],
        game: DriftRummy,
        dealer: int,
        hands: list[list[Card]],
        stock: list[Card],
        pile: list[Card],
        melds: list[Meld],
        to_act: int,
        standing: Standing,
    ) -> _OutHand:
        st = super()._fresh(game, dealer, hands, stock, pile, melds, to_act, standing)
        st.active = tuple(standing.active)
        if not st.active[to_act]:
            st._turn_to(next_active(st.active, to_act))
        return st

    def _turn_to(self, seat: int) -> None:
        """The turn begins at ``seat`` instead (the seat before it is out of the game)."""
        self.seat = seat
        self.start_size = len(self.hands[seat])

    def clone(self: _OutHand) -> _OutHand:
        new = super().clone()
        new.active = self.active
        return new

    def _discard(self, c: Card) -> None:
        super()._discard(c)
        if self.phase == DRAW and not self.active[self.seat]:
            self._turn_to(next_active(self.active, self.seat))

    def returns_gains(self) -> list[float]:
        """Search: a penalty is a loss (the sheet's lower is better), the winner's bonus a gain."""
        res = self.result()
        assert res is not None, "returns_gains: the hand is over"
        return [-float(p) for p in res.points]

    def observation(self, seat: int):
        obs = super().observation(seat)
        obs.active = self.active
        return obs

    def summary_seats(self) -> list[int] | None:
        """Only the seats still in the game: a seat out scores nothing and is not listed."""
        return [s for s in range(self.n) if self.active[s]]


class EliminationHand(SeatsOut, WildDriftHand):
    """One hand of an elimination rummy (module docstring)."""

    __slots__ = ("active",)

    game: EliminationRummy

    def _turn_to(self, seat: int) -> None:
        super()._turn_to(seat)
        self.was_on = bool(self.owners >> seat & 1)

    def returns_scale(self) -> float:
        return 100.0

    def penalty_points(self, seat: int) -> int:
        """The §2 card points left in ``seat``'s hand."""
        return card_points(self.hands[seat], self.game.points)

    #: what a seat may do in the play phase, for the status line
    PLAY_WORDS = "meld, lay off, swap or discard"

    def _scores(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "elimination_score": self.game.options["elimination_score"]}

    def _status(self) -> str:
        """One line: who is to do what (what a turn allows, not what this hand can do), the
        stock, the top discard, the melds, the elimination score."""
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = (
            f"stock {len(self.stock)} · discard {top} · melds {len(self.melds)} · "
            f"out at {g.options['elimination_score']}"
        )
        step = "draw" if self.phase == DRAW else "put the joker back on the table" if self.forced else self.PLAY_WORDS
        return self._status_line(tail, "nobody scores", step)

    # -- the hand's result: the family's (drift.py) with the penalties of the seats still in --
    POINTS_KEY = "penalties"
    SCORE_LABEL = "penalty points"
    NAMES_NEXT_DEALER = False

    def result_keys(self) -> dict[str, Any]:
        """``penalties``: each active seat's penalty points (``penalty_points``), 0 for a seat out."""
        return {"penalties": [self.penalty_points(s) if self.active[s] else 0 for s in range(self.n)]}

    def result_tail(self) -> dict[str, Any]:
        return {"active": list(self.active)}

    def out_points(self, detail: dict[str, Any]) -> list[int]:
        """§7: every other seat still in scores the penalty points of his hand; the winner 0."""
        return list(detail["penalties"])


__all__ = ["EliminationHand", "EliminationRummy", "SeatsOut", "deal_active", "next_active"]
