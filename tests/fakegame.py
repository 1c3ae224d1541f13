"""A tiny throwaway game for tests of the CLI, records and saves that must not depend on
a real game's rules ("hoogste kaart": 2 players, 2 cards each, highest card wins a trick,
1 point a trick, first to ``target`` points).

Registered only inside a test through the ``registered()`` context manager, so the real
registry (``cardtable list``) is unchanged outside it. Loaded by path (the ``fake``
fixture in tests/conftest.py) so it works whatever the tests folder's package layout.
"""

from __future__ import annotations

import contextlib
from typing import Any

from cardtable.cards import card_text, make, parse_card, shuffled
from cardtable.engine import registry
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Game, Observation, Option, Result, State, rng_for
from cardtable.sheets.base import Sheet

FAKE_ID = "fake-hoogste-kaart"


class FakeSheet(Sheet):
    kind = "totals"

    def __init__(self, n_seats: int, target: int):
        super().__init__(n_seats)
        self.target = target
        self.totals = [0] * n_seats

    def record(self, result: Result) -> None:
        self.hands += 1
        for s in range(self.n_seats):
            self.totals[s] += result.points[s]
        self.next_dealer = (self.next_dealer + 1) % self.n_seats
        best = max(self.totals)
        if best >= self.target and self.totals.count(best) == 1:
            self.over = True
            self.winners = [self.totals.index(best)]

    def render(self) -> str:
        return "\n".join(f"seat {s}: {t}" for s, t in enumerate(self.totals))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "totals": list(self.totals), "target": self.target}

    def table(self):
        return [f"seat {s}" for s in range(self.n_seats)], [[str(t) for t in self.totals]]


class FakeState(State):
    def __init__(self, game: "FakeGame", hands: list[list[int]], dealer: int):
        self.game = game
        self.hands = hands
        self.dealer = dealer
        self.trick: list[tuple[int, int]] = []
        self.won: list[list[int]] = [[], []]
        self.turn: int | None = (dealer + 1) % 2
        self.start = [list(h) for h in hands]

    @property
    def to_act(self):
        return self.turn

    def clone(self):
        new = FakeState.__new__(FakeState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.trick = list(self.trick)
        new.won = [list(w) for w in self.won]
        return new

    def _legal(self):
        return [Action("play", cards=(c,)) for c in sorted(self.hands[self.turn])]

    def _apply(self, action):
        c = action.cards[0]
        self.hands[self.turn].remove(c)
        self.trick.append((self.turn, c))
        if len(self.trick) == 2:
            winner = max(self.trick, key=lambda sc: sc[1] & 15)[0]
            self.won[winner].extend(c for _, c in self.trick)
            self.trick = []
            self.turn = winner if self.hands[winner] else None
        else:
            self.turn = 1 - self.turn

    def observation(self, seat):
        return Observation(game=FAKE_ID, seat=seat, n_seats=2, to_act=self.turn,
                           phase="play" if self.turn is not None else "over",
                           hand=tuple(self.hands[seat]),
                           hand_sizes=tuple(len(h) for h in self.hands), dealer=self.dealer,
                           trick=tuple(self.trick),
                           legal=tuple(self._legal()) if seat == self.turn else ())

    def result(self):
        if self.turn is not None:
            return None
        pts = [len(w) // 2 for w in self.won]
        return Result(points=pts, outcome="end", winners=[s for s in range(2) if pts[s] == max(pts)],
                      detail={"tricks": pts})

    def hidden_from(self, seat):
        return set(self.hands[1 - seat])

    def cards_in_play(self):
        return [c for h in self.hands for c in h] + [c for _, c in self.trick] + [c for w in self.won for c in w]

    def deal_record(self):
        return {"dealer": self.dealer, "hands": [[card_text(c) for c in h] for h in self.start]}


@registry.register
class FakeGame(Game):
    id = FAKE_ID
    name = "Hoogste kaart (test)"
    family = "trick"
    min_players = 2
    max_players = 2
    deck_name = "4 spades"
    description = "A throwaway game for tests."
    option_specs = (Option("target", "int", 3, "points to win", minimum=1),)

    def new_sheet(self):
        return FakeSheet(2, self.options["target"])

    def deck(self):
        return [make(r, 3) for r in (11, 12, 13, 14)]

    def new_hand(self, seed=None, sheet=None):
        cards = shuffled(self.deck(), rng_for(seed))
        dealer = sheet.next_dealer if sheet is not None else 0
        st = FakeState(self, [cards[0:2], cards[2:4]], dealer)
        st.seed = seed
        return st

    def from_deal(self, deal, sheet=None):
        try:
            hands = [[parse_card(c) for c in h] for h in deal["hands"]]
        except Exception as e:
            raise DealError(f"bad deal: {e}") from None
        if sorted(c for h in hands for c in h) != sorted(self.deck()):
            raise DealError("the deal must hold JS QS KS AS, two each")
        dealer = sheet.next_dealer if sheet is not None else 0
        return FakeState(self, hands, dealer)


# Registered only while a test holds it.
registry._GAMES.pop(FAKE_ID, None)


@contextlib.contextmanager
def registered():
    """Register the fake game for the duration of a ``with`` block."""
    registry._load()
    registry._GAMES[FAKE_ID] = FakeGame
    try:
        yield FakeGame
    finally:
        registry._GAMES.pop(FAKE_ID, None)
