"""A throwaway game declared only in the tests ("vormen"): a few zones and a verb of every
input shape, so that the table is shown to play a game it has no line of code for.

2 players, 5 cards each from S2..S7, H2..H7 and a joker. Each turn offers every shape:
``bet n1`` .. ``bet n30`` (buttons with no key of their own: more than the free keys, so a
second page), ``play <card>`` (a card, on ⏎), ``meld <2 cards of a suit>`` (cards, on m),
``add <card> to <n>`` (a meld to pick, on l), ``call color red|black`` / ``call card <card>``
(a nested menu, on a), ``wild JK=<card>`` (a designation, on w). The hand ends after 8
actions or when a hand is empty.
"""

from __future__ import annotations

import contextlib
from typing import Any

from cardtable.cards import JOKER, card_text, designate, make, parse_card, plain, shuffled, suit_of
from cardtable.engine import registry
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, MeldView, Observation, Result, State, rng_for
from cardtable.engine.views import (
    CARD,
    CARDS,
    DESIGNATION,
    DISCARD,
    DOWN,
    MELD,
    MELDS,
    MENU,
    NONE,
    UP,
    LogEvent,
    MenuItem,
    Summary,
    VerbSpec,
    Zone,
    hand_zone,
    specs_for,
)
from cardtable.sheets.base import Sheet

SHAPE_ID = "test-vormen"

VERBS = (
    VerbSpec("play", "Play card", "enter", "choose a card and press ⏎", CARD),
    VerbSpec("meld", "Meld selected", "m", "select two cards of a suit, m melds them", CARDS, min_cards=2),
    VerbSpec("add", "Add", "l", "a card, l, then the meld's number", MELD),
    VerbSpec(
        "call",
        "Call…",
        "a",
        "call a colour or a card",
        MENU,
        menu=(
            MenuItem("color", "Colour", "c", (MenuItem("red", "Red", "r"), MenuItem("black", "Black", "b"))),
            MenuItem("card", "A card", "k", pick="card"),
        ),
    ),
    VerbSpec("wild", "Wild card", "w", "the joker, w, then what it stands for", DESIGNATION),
    VerbSpec("bet", "Bet", "", "bet a number", NONE),
)
DECK = tuple(make(r, s) for s in (3, 2) for r in range(2, 8)) + (JOKER,)


class ShapeSheet(Sheet):
    kind = "totals"

    def __init__(self, n_seats: int):
        super().__init__(n_seats)
        self.totals = [0] * n_seats

    def record(self, result: Result) -> None:
        self.hands += 1
        for s in range(self.n_seats):
            self.totals[s] += result.points[s]
        self.next_dealer = (self.next_dealer + 1) % self.n_seats
        if self.hands >= 2:
            self.over = True
            best = max(self.totals)
            self.winners = [s for s in range(self.n_seats) if self.totals[s] == best]

    def render(self) -> str:
        return "\n".join(f"seat {s}: {t}" for s, t in enumerate(self.totals))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "totals": list(self.totals)}

    def table(self):
        return [f"seat {s}" for s in range(self.n_seats)], [[str(t) for t in self.totals]]


class ShapeState(State):
    def __init__(self, game, hands, dealer):
        self.game = game
        self.hands = [list(h) for h in hands]
        self.dealer = dealer
        self.pile: list[int] = []
        self.melds: list[tuple[int, list[int]]] = []
        self.turn: int | None = (dealer + 1) % 2
        self.moves = 0
        self.log: list[LogEvent] = []
        self.score = [0, 0]

    @property
    def to_act(self):
        return self.turn

    def clone(self):
        new = ShapeState.__new__(ShapeState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.pile = list(self.pile)
        new.melds = [(o, list(c)) for o, c in self.melds]
        new.log = list(self.log)
        new.score = list(self.score)
        return new

    def _legal(self):
        s = self.turn
        hand = self.hands[s]
        out = [Action("play", cards=(c,)) for c in hand if c != JOKER]
        plain_cards = [c for c in hand if c != JOKER]
        for i, a in enumerate(plain_cards):
            for b in plain_cards[i + 1 :]:
                if suit_of(a) == suit_of(b):
                    out.append(Action("meld", cards=(a, b)))
        for n in range(1, len(self.melds) + 1):
            out += [Action("add", cards=(c,), prep="to", target=n) for c in plain_cards]
        out += [Action("call", "color red"), Action("call", "color black")]
        out += [Action("call", "card", cards=(c,)) for c in DECK if c != JOKER and c not in hand]
        if JOKER in hand:
            out += [Action("wild", cards=(designate(JOKER, c),)) for c in DECK[:6]]
        out += [Action("bet", f"n{k}") for k in range(1, 31)]
        return out

    def _apply(self, a):
        s = self.turn
        if a.verb in ("play", "wild"):
            c = plain(a.cards[0])
            self.hands[s].remove(c)
            self.pile.append(c)
        elif a.verb == "meld":
            for c in a.cards:
                self.hands[s].remove(c)
            self.melds.append((s, list(a.cards)))
        elif a.verb == "add":
            self.hands[s].remove(a.cards[0])
            self.melds[a.target - 1][1].append(a.cards[0])
        self.score[s] += 1
        self.moves += 1
        self.log.append(LogEvent(a.verb, "{0} {0:does|do} " + a.text().replace("{", "(").replace("}", ")"), (s,)))
        if self.moves >= 8 or not self.hands[s] or not self.hands[1 - s]:
            self.turn = None
        else:
            self.turn = 1 - s

    def observation(self, seat):
        legal = tuple(self._legal()) if seat == self.turn else ()
        hand = tuple(self.hands[seat])
        zones = [
            hand_zone(seat, o, self.hands[o], selectable=tuple(c for a in legal for c in a.cards)) for o in range(2)
        ]
        zones.append(Zone("pile", DISCARD, None, len(self.pile), tuple(self.pile), UP, order="bottom_to_top"))
        mv = tuple(MeldView(i + 1, o, "set", tuple(cs)) for i, (o, cs) in enumerate(self.melds))
        zones.append(
            Zone(
                "melds",
                MELDS,
                None,
                sum(len(c) for _, c in self.melds),
                tuple(c for _, cs in self.melds for c in cs),
                UP,
                melds=mv,
            )
        )
        zones.append(Zone("pot", "pot", None, 0, (), DOWN, caption="the pot"))
        return Observation(
            game=SHAPE_ID,
            seat=seat,
            n_seats=2,
            to_act=self.turn,
            phase="turn" if self.turn is not None else "over",
            hand=hand,
            hand_sizes=tuple(len(h) for h in self.hands),
            dealer=self.dealer,
            discard=tuple(self.pile),
            melds=mv,
            legal=legal,
            verbs=specs_for(legal, VERBS) if legal else (),
            zones=tuple(zones),
            events=tuple(self.log),
            log=tuple(e.text for e in self.log),
        )

    def result(self):
        if self.turn is not None:
            return None
        pts = list(self.score)
        best = max(pts)
        res = Result(points=pts, outcome="end", winners=[s for s in range(2) if pts[s] == best], detail={"moves": pts})
        res.summary = Summary(LogEvent("end", "{0} {0:scores|score} {v0}", (0,), values=(pts[0],)))
        return res

    def hidden_from(self, seat):
        return set(self.hands[1 - seat])

    def cards_in_play(self):
        return [c for h in self.hands for c in h] + self.pile + [c for _, cs in self.melds for c in cs]

    def deal_record(self):
        return {"dealer": self.dealer, "hands": [[card_text(c) for c in h] for h in self.hands]}


class ShapeGame(Game):
    id = SHAPE_ID
    name = "Vormen (test)"
    family = "test"
    min_players = 2
    max_players = 2
    deck_name = "13 cards"
    description = "A throwaway game with a verb of every input shape."

    def new_sheet(self):
        return ShapeSheet(2)

    def deck(self):
        return list(DECK)

    def new_hand(self, seed=None, standing=None, *, sheet=None):
        cards = shuffled(self.deck(), rng_for(seed))
        if JOKER not in cards[:10]:
            cards[0], cards[cards.index(JOKER)] = JOKER, cards[0]
        dealer = self.standing_of(standing, sheet).next_dealer
        return ShapeState(self, [cards[0:5], cards[5:10]], dealer)

    def from_deal(self, deal, standing=None, *, sheet=None):
        hands = [[parse_card(c) for c in h] for h in deal["hands"]]
        return ShapeState(self, hands, self.standing_of(standing, sheet).next_dealer)


@contextlib.contextmanager
def registered():
    registry._load()
    registry._GAMES[SHAPE_ID] = ShapeGame
    try:
        yield ShapeGame
    finally:
        registry._GAMES.pop(SHAPE_ID, None)
