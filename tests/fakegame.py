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
from cardtable.engine.grammar import Grammar
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
        return Observation(
            game=FAKE_ID,
            seat=seat,
            n_seats=2,
            to_act=self.turn,
            phase="play" if self.turn is not None else "over",
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            dealer=self.dealer,
            trick=tuple(self.trick),
            legal=tuple(self._legal()) if seat == self.turn else (),
        )

    def result(self):
        if self.turn is not None:
            return None
        pts = [len(w) // 2 for w in self.won]
        return Result(
            points=pts, outcome="end", winners=[s for s in range(2) if pts[s] == max(pts)], detail={"tricks": pts}
        )

    def hidden_from(self, seat):
        return set(self.hands[1 - seat])

    def cards_in_play(self):
        return [c for h in self.hands for c in h] + [c for _, c in self.trick] + [c for w in self.won for c in w]

    def deal_record(self):
        return {"dealer": self.dealer, "hands": [[card_text(c) for c in h] for h in self.start]}


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

    def check_result(self, result, state):
        """Two tricks, a point each: the points sum to 2."""
        return [] if sum(result.points) == 2 else [f"two tricks score 2 points, not {result.points}"]

    def deck(self):
        return [make(r, 3) for r in (11, 12, 13, 14)]

    def new_hand(self, seed=None, standing=None, *, sheet=None):
        cards = shuffled(self.deck(), rng_for(seed))
        dealer = self.standing_of(standing, sheet).next_dealer
        st = FakeState(self, [cards[0:2], cards[2:4]], dealer)
        st.seed = seed
        return st

    def from_deal(self, deal, standing=None, *, sheet=None):
        try:
            hands = [[parse_card(c) for c in h] for h in deal["hands"]]
        except Exception as e:
            raise DealError(f"bad deal: {e}") from None
        if sorted(c for h in hands for c in h) != sorted(self.deck()):
            raise DealError("the deal must hold JS QS KS AS, two each")
        return FakeState(self, hands, self.standing_of(standing, sheet).next_dealer)


# ---- a second fake: seats that drop out, a smaller deck, a buy-back between hands ----------

OUT_ID = "fake-afvallen"
_OUT_RANKS = (14, 13, 12, 11, 10, 9)  # AS KS QS JS TS 9S: the top 2 per active seat


class OutSheet(Sheet):
    """Penalty totals; a seat whose total reaches ``limit`` is out (``active`` False). It may
    buy back in before the next deal (at most ``buy_backs`` times, and only while at least
    two seats are below the limit, as in loba.md §7.4): its total becomes the highest total
    of the seats still in. The last seat in wins."""

    kind = "totals"
    unit = "penalty points"

    def __init__(self, n_seats: int, limit: int, buy_backs: int):
        super().__init__(n_seats)
        self.limit = limit
        self.max_buy_backs = buy_backs
        self.totals = [0] * n_seats
        self.bought = [0] * n_seats
        self.pending: list[int] = []
        self.last_dealer = 0
        self.rows: list[dict[str, Any]] = []

    def seat_totals(self):
        return tuple(self.totals)

    def standing_extra(self):
        return {"buy_backs": list(self.bought), "may_buy_back": list(self.pending)}

    def record(self, result: Result) -> None:
        if self.over:
            raise ValueError("the match is already over")
        self.hands += 1
        for s in range(self.n_seats):
            self.totals[s] += result.points[s]
        self.last_dealer = result.detail["dealer"]
        out = [s for s in range(self.n_seats) if self.active[s] and self.totals[s] >= self.limit]
        for s in out:
            self.active[s] = False
        still_in = sum(self.active)
        self.pending = [s for s in out if self.bought[s] < self.max_buy_backs] if still_in >= 2 else []
        self.rows.append({"hand": self.hands, "points": list(result.points), "totals": list(self.totals), "out": out})
        self._settle()

    def record_between(self, result: Result) -> None:
        if not self.pending:
            raise ValueError("no seat may buy back now")
        bought = list(result.detail["bought"])
        if not set(bought) <= set(self.pending):
            raise ValueError(f"seats {bought} may not buy back (only {self.pending})")
        new_total = max(self.totals[s] for s in range(self.n_seats) if self.active[s])
        for s in bought:
            self.totals[s] = new_total
            self.active[s] = True
            self.bought[s] += 1
        self.rows.append({"between": True, "bought": bought, "totals": list(self.totals)})
        self.pending = []
        self._settle()

    def _settle(self) -> None:
        if self.pending:
            return  # decided after the buy-backs
        seats = [s for s in range(self.n_seats) if self.active[s]]
        if len(seats) <= 1:
            self.over = True
            low = min(self.totals)
            self.winners = seats or [s for s in range(self.n_seats) if self.totals[s] == low]
            return
        self.next_dealer = next(
            (self.last_dealer + i) % self.n_seats
            for i in range(1, self.n_seats + 1)
            if self.active[(self.last_dealer + i) % self.n_seats]
        )

    def render(self) -> str:
        return "\n".join(f"seat {s}: {t}{'' if self.active[s] else ' OUT'}" for s, t in enumerate(self.totals))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "totals": list(self.totals),
            "active": list(self.active),
            "bought": list(self.bought),
            "rows": [dict(r) for r in self.rows],
            "next_dealer": self.next_dealer,
            "hands": self.hands,
            "over": self.over,
            "winners": list(self.winners),
        }

    def table(self):
        return [f"seat {s}" for s in range(self.n_seats)], [[str(t) for t in self.totals]]


def out_deck(k: int) -> list[int]:
    """The deck of a hand with ``k`` active seats: the 2k highest spades."""
    return [make(r, 3) for r in _OUT_RANKS[: 2 * k]]


class OutState(State):
    """A hand of "afvallen": every active seat gets 2 cards, a trick is one card from each
    active seat (highest wins and leads), 2 tricks; a penalty point per trick not won."""

    def __init__(self, game: "OutGame", hands: list[list[int]], dealer: int, active: tuple[bool, ...]):
        self.game = game
        self.hands = hands
        self.dealer = dealer
        self.active = active
        self.start = [list(h) for h in hands]
        self.trick: list[tuple[int, int]] = []
        self.won = [0] * game.players
        self.turn: int | None = self._next(dealer)

    def _next(self, seat: int) -> int:
        n = self.game.players
        return next((seat + i) % n for i in range(1, n + 1) if self.active[(seat + i) % n])

    @property
    def to_act(self):
        return self.turn

    def deck(self):
        return out_deck(sum(self.active))

    def clone(self):
        new = OutState.__new__(OutState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.trick = list(self.trick)
        new.won = list(self.won)
        return new

    def _legal(self):
        return [Action("play", cards=(c,)) for c in sorted(self.hands[self.turn])]

    def _apply(self, action):
        c = action.cards[0]
        self.hands[self.turn].remove(c)
        self.trick.append((self.turn, c))
        if len(self.trick) == sum(self.active):
            winner = max(self.trick, key=lambda sc: sc[1] & 15)[0]
            self.won[winner] += 1
            self.taken = getattr(self, "taken", []) + [c for _, c in self.trick]
            self.trick = []
            self.turn = winner if self.hands[winner] else None
        else:
            self.turn = self._next(self.turn)

    def observation(self, seat):
        n = self.game.players
        return Observation(
            game=OUT_ID,
            seat=seat,
            n_seats=n,
            to_act=self.turn,
            phase="play" if self.turn is not None else "over",
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            dealer=self.dealer,
            trick=tuple(self.trick),
            tricks_won=tuple(self.won),
            legal=tuple(self._legal()) if seat == self.turn else (),
            active=self.active,
        )

    def result(self):
        if self.turn is not None:
            return None
        pts = [2 - self.won[s] if self.active[s] else 0 for s in range(self.game.players)]
        return Result(
            points=pts,
            outcome="end",
            winners=[s for s in range(len(pts)) if self.active[s] and pts[s] == 0],
            detail={"dealer": self.dealer, "tricks": list(self.won)},
        )

    def hidden_from(self, seat):
        return {c for s, h in enumerate(self.hands) if s != seat for c in h}

    def cards_in_play(self):
        return [c for h in self.hands for c in h] + [c for _, c in self.trick] + list(getattr(self, "taken", []))

    def deal_record(self):
        return {"dealer": self.dealer, "hands": [[card_text(c) for c in h] for h in self.start]}


BUY_BACK = Action("buy", "back")
PASS = Action("pass")


class BuyBackState(State):
    """The decision between hands: each seat in ``standing.extra["may_buy_back"]``, in seat
    order, says ``buy back`` or ``pass``."""

    def __init__(self, game: "OutGame", standing):
        self.game = game
        self.standing = standing
        self.pending = tuple(standing.extra["may_buy_back"])
        self.said: tuple[tuple[int, bool], ...] = ()

    @property
    def to_act(self):
        i = len(self.said)
        return self.pending[i] if i < len(self.pending) else None

    def clone(self):
        new = BuyBackState.__new__(BuyBackState)
        new.__dict__.update(self.__dict__)
        return new

    def _legal(self):
        return [BUY_BACK, PASS]

    def _apply(self, action):
        self.said += ((self.to_act, action == BUY_BACK),)

    def deck(self):
        return []

    def observation(self, seat):
        n = self.game.players
        return Observation(
            game=OUT_ID,
            seat=seat,
            n_seats=n,
            to_act=self.to_act,
            phase="buy_back",
            hand=(),
            hand_sizes=(0,) * n,
            dealer=self.standing.next_dealer,
            scores={"totals": list(self.standing.totals)},
            legal=tuple(self._legal()) if seat == self.to_act else (),
            active=self.standing.active,
        )

    def result(self):
        if self.to_act is not None:
            return None
        return Result(
            points=[0] * self.game.players,
            outcome="buy_back",
            detail={"bought": [s for s, b in self.said if b], "declined": [s for s, b in self.said if not b]},
        )

    def hidden_from(self, seat):
        return set()

    def cards_in_play(self):
        return []


class OutGame(Game):
    id = OUT_ID
    name = "Afvallen (test)"
    family = "trick"
    min_players = 3
    max_players = 3
    deck_name = "6 spades"
    description = "A throwaway game for tests of seats that drop out and buy back."
    #: a verb of its own (docs/grammar.md: a game may add one where none fits): ``buy back``
    grammar = Grammar({"play": "<card>", "pass": "", "buy": "back"})
    option_specs = (
        Option("limit", "int", 3, "penalty points that put a seat out", minimum=1),
        Option("buy_backs", "int", 1, "buy-backs per seat", minimum=0),
    )

    def new_sheet(self):
        return OutSheet(self.players, self.options["limit"], self.options["buy_backs"])

    def deck(self):
        return out_deck(self.players)

    def new_hand(self, seed=None, standing=None, *, sheet=None):
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        cards = shuffled(out_deck(len(standing.active_seats)), rng_for(seed))
        hands: list[list[int]] = [[] for _ in range(self.players)]
        seat = dealer
        for i in range(len(cards)):
            seat = standing.next_active(seat)
            hands[seat].append(cards[i])
        st = OutState(self, hands, dealer, standing.active)
        st.seed = seed
        return st

    def from_deal(self, deal, standing=None, *, sheet=None):
        standing = self.standing_of(standing, sheet)
        try:
            hands = [[parse_card(c) for c in h] for h in deal["hands"]]
        except Exception as e:
            raise DealError(f"bad deal: {e}") from None
        if any(bool(h) != standing.active[s] for s, h in enumerate(hands)):
            raise DealError("only the active seats hold cards")
        if sorted(c for h in hands for c in h) != sorted(out_deck(len(standing.active_seats))):
            raise DealError("the deal must hold the 2 highest spades per active seat")
        return OutState(self, hands, deal.get("dealer", standing.next_dealer), standing.active)

    def check_result(self, result, state):
        """A penalty point per trick not won, for each active seat; none for the others."""
        k = sum(state.active)
        if sum(result.points) != 2 * k - 2 or any(p for s, p in enumerate(result.points) if not state.active[s]):
            return [f"{k} seats in 2 tricks score {2 * k - 2} penalty points, only active seats: {result.points}"]
        return []

    def between_hands(self, standing):
        return BuyBackState(self, standing) if standing.extra.get("may_buy_back") else None


@contextlib.contextmanager
def registered(game: type = None):
    """Register a fake game (default ``FakeGame``; or ``OutGame``) for the duration of a
    ``with`` block."""
    game = game or FakeGame
    registry._load()
    registry._GAMES[game.id] = game
    try:
        yield game
    finally:
        registry._GAMES.pop(game.id, None)
