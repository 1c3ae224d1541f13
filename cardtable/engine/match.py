"""The match loop: hands until the sheet says the match is over.

A Match keeps what a game record holds (DESIGN.md, "Game records"): the game and its
options, the seats, and per hand its seed or explicit deal and the actions applied (as
text). ``to_record()`` gives the ``cardtable-record/1`` JSON; ``engine.record`` reads it back.

Each hand is dealt from the sheet's ``Standing`` (``sheet.standing()``). After a hand is
written, the game may ask for a decision before the next deal (``Game.between_hands``, e.g.
Loba's buy-back): ``between_due`` is then True, and ``start_between()`` (or
``start_next()``) makes that decision the current State, played like a hand with
``apply``; it is kept as an entry ``{"between": true, "actions": [...]}`` of ``hands`` and
written with ``Sheet.record_between``. A loop that works for every game::

    while not match.over:
        state = match.start_next()                 # the next hand, or a decision before it
        while state.to_act is not None:
            state = match.apply(choose(state))
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardtable.cards import Card, display, plain
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, IllegalAction, Result, State

RECORD_FORMAT = "cardtable-record/1"


def hand_seed(match_seed: int | None, index: int) -> int:
    """The seed of hand ``index`` (0-based) of a match seeded ``match_seed``; random if None."""
    if match_seed is None:
        return random.SystemRandom().randrange(2**31)
    return random.Random(f"cardtable/{match_seed}/{index}").randrange(2**31)


class Match:
    """A match in progress.

    ``seats``: one text per seat, ``human:NAME`` or ``bot:KIND`` (``bot`` alone means
    ``bot:simple``). ``seed``: the match seed, an int (hand seeds derive from it; None =
    random); IllegalAction for a seat count that does not fit or a seed of another type.
    """

    def __init__(self, game: Game, seats: list[str] | None = None, seed: int | None = None):
        self.game = game
        self.seats = list(seats) if seats else ["bot:simple" for _ in range(game.players)]
        if len(self.seats) != game.players:
            raise IllegalAction(
                f"{game.name} with {game.players} players needs {game.players} seats, not {len(self.seats)}"
            )
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            # a seed "7" would fail only later, at ``seed * 1000`` or the next hand's deal
            raise IllegalAction(f"the match seed must be a whole number, not {seed!r:.40}")
        self.seed = seed
        self.sheet = game.new_sheet()
        self.hands: list[dict[str, Any]] = []
        self.results: list[Result | None] = []
        #: Per entry of ``hands``: which seats took part (``Standing.active`` when it was
        #: dealt); ``()`` for a decision between hands, which is no hand.
        self.took_part: list[tuple[bool, ...]] = []
        self.state: State | None = None
        self._between: State | None = None  # a decision due before the next deal
        self._in_between = False  # the current state is such a decision
        self._drawn_cache: tuple = (None, None, ())  # ``drawn``: (state, key, cards)

    # -- play --
    def start_hand(self, seed: int | None = None, deal: dict[str, Any] | None = None) -> State:
        """Deal the next hand: from ``deal`` (exact cards), else ``seed``, else the match seed
        (hand i of the match, counting dealt hands only, gets ``hand_seed(seed, i)``).

        Raises IllegalAction if the match is over, the current hand or decision is not
        finished, or a decision between hands is due (``start_between`` first).
        """
        if self.sheet.over:
            raise IllegalAction("the match is over")
        if self.state is not None and not self.state.over:
            raise IllegalAction("the current hand is not finished")
        if self._between is not None:
            raise IllegalAction("a decision between hands comes before the next deal")
        entry: dict[str, Any] = {}
        standing = self.sheet.standing()
        if deal is not None:
            self.state = self.game.from_deal(deal, standing)
            entry["deal"] = deal
            if seed is not None:
                entry["seed"] = seed
        else:
            if seed is None:
                seed = hand_seed(self.seed, self.hand_number())
            self.state = self.game.new_hand(seed, standing)
            entry["seed"] = seed
        entry["actions"] = []
        self.hands.append(entry)
        self.results.append(None)
        self.took_part.append(tuple(standing.active))
        self._in_between = False
        if self.state.over:  # decided without a decision (e.g. automatic roem and claim)
            self._finished(self.state.result())
        return self.state

    def start_between(self) -> State:
        """Make the decision due between hands the current State (an entry ``{"between":
        true, "actions": []}`` is added to ``hands``); play it with ``apply``.

        Raises IllegalAction if the current hand is not finished or no decision is due
        (``between_due`` is False)."""
        if self.state is not None and not self.state.over:
            raise IllegalAction("the current hand is not finished")
        if self._between is None:
            raise IllegalAction("no decision between hands is due")
        self.state, self._between = self._between, None
        self._in_between = True
        self.hands.append({"between": True, "actions": []})
        self.results.append(None)
        self.took_part.append(())
        if self.state.over:
            self._finished(self.state.result())
        return self.state

    def start_next(self) -> State:
        """``start_between()`` if a decision between hands is due, else ``start_hand()``
        (same errors)."""
        return self.start_between() if self.between_due else self.start_hand()

    def _finished(self, res: Result | None) -> None:
        """The current hand or decision is over: write ``res`` (its ``result()``, never None
        once over), then ask the game for a decision before the next deal."""
        assert res is not None, "a hand that is over has a result"
        self.results[-1] = res
        if self._in_between:
            self.sheet.record_between(res)
            self._between = None
        else:
            self.sheet.record(res)
            self._between = None if self.sheet.over else self.game.between_hands(self.sheet.standing())

    def apply(self, action: Action | str, check: bool = True) -> State:
        """Apply an action to the current hand; records it; writes the sheet when the hand ends.

        Raises IllegalAction (state unchanged) if there is no hand in play or it is refused.
        """
        if self.state is None or self.state.over:
            raise IllegalAction("no hand is being played")
        if isinstance(action, str):
            action = self.game.parse_action(action)
        new = self.state.apply(action, check=check)
        self.state = new
        self.hands[-1]["actions"].append(action.text())
        if new.over:
            self._finished(new.result())
        return new

    def hand_number(self, index: int | None = None) -> int:
        """The number (1-based) of the dealt hand at ``hands[index]`` (default: the last
        entry), counting dealt hands only, as the sheet numbers its rows: a decision between
        hands is no hand, and for one this is the number of the hand it follows. 0 before
        the first deal. A negative ``index`` counts from the end, as in a list.

        Raises IndexError if ``index`` is not an entry of ``hands``."""
        n = len(self.hands)
        if index is None:
            index = n - 1
        elif not -n <= index < n:
            raise IndexError(f"no hand entry {index} in a match of {n}")
        elif index < 0:
            index += n
        return sum(1 for h in self.hands[: index + 1] if not h.get("between"))

    def seat_hands(self, seat: int) -> tuple[int, int]:
        """(hands played, hands won) by ``seat``: the finished dealt hands it took part in
        (a seat out of the game, or sitting out a deal, plays no hand; a decision between
        hands is no hand), and of those the ones it is among the winners of."""
        played = won = 0
        for entry, res, part in zip(self.hands, self.results, self.took_part):
            if entry.get("between") or res is None or not (seat < len(part) and part[seat]):
                continue
            played += 1
            won += seat in res.winners
        return played, won

    # -- undo --
    def _hand_start(self) -> State:
        """The current hand (or decision between hands) as it was dealt, before its first
        action: dealt again from its entry (seed or explicit deal) and the sheet's standing,
        which a hand still in play has not changed yet."""
        entry = self.hands[-1]
        standing = self.sheet.standing()
        if entry.get("between"):
            st = self.game.between_hands(standing)
            assert st is not None, "a decision between hands was recorded, so the game has one"
            return st
        if "deal" in entry:
            return self.game.from_deal(entry["deal"], standing)
        return self.game.new_hand(entry["seed"], standing)

    def actors(self) -> list[int | None]:
        """The seat that made each action of the current hand, oldest first (the hand is
        replayed from its deal). Raises IllegalAction if no hand was dealt."""
        if self.state is None or not self.hands:
            raise IllegalAction("no hand is being played")
        st = self._hand_start()
        out: list[int | None] = []
        for text in self.hands[-1]["actions"]:
            out.append(st.to_act)
            st = st.apply(self.game.parse_action(text), check=False)
        return out

    def undo_count(self, seats) -> int:
        """How many actions ``undo`` must take back to undo the last decision of one of
        ``seats`` (a set of seat numbers) in the current hand with every action after it
        (the bots' replies); 0 if none of them has acted in this hand yet or the hand is over."""
        if self.state is None or self.state.over:
            return 0
        actors = self.actors()
        for i in range(len(actors) - 1, -1, -1):
            if actors[i] in seats:
                return len(actors) - i
        return 0

    def undo_refusal(self, count: int, seats) -> str | None:
        """Why the last ``count`` actions of the current hand may not be taken back for
        ``seats`` (a set of seat numbers), or None when they may: a card that was hidden from
        one of ``seats`` came into its hand among them (a card drawn from the stock, a hand
        taken up), and undo would let that seat see it and then choose again. The test is
        generic: for each action of the tail, a card the seat's hand gained of which fewer
        copies were hidden from the seat afterwards (``State.hidden_from``). Taking a card
        that lay face up (the discard pile) is no such case."""
        if self.state is None or not self.hands or count < 1:
            return None
        actions = self.hands[-1]["actions"]
        st = self._hand_start()
        first = len(actions) - count
        for i, text in enumerate(actions):
            nxt = st.apply(self.game.parse_action(text), check=False)
            if i >= first:
                for seat in seats:
                    card = _revealed(st, nxt, seat)
                    if card is not None:
                        return (
                            f"You have seen {display(card)} come into your hand: a card once seen cannot be taken back."
                        )
            st = nxt
        return None

    def undo(self, count: int = 1) -> State:
        """Take back the last ``count`` actions of the current hand: the hand is dealt again
        from its entry and the actions before them are replayed, so the record
        (``to_record``, the autosave) holds exactly the actions kept. Returns the new State.

        Raises IllegalAction (nothing changed) if no hand is in play (a finished hand is
        written on the sheet and stays) or ``count`` is not 1 to the number of actions of
        the hand."""
        if self.state is None or self.state.over:
            raise IllegalAction("only a hand in play can be taken back")
        actions = self.hands[-1]["actions"]
        if not isinstance(count, int) or not 1 <= count <= len(actions):
            raise IllegalAction(f"there are {len(actions)} actions in this hand to take back, not {count!r}")
        keep = actions[: len(actions) - count]
        st = self._hand_start()
        for text in keep:
            st = st.apply(self.game.parse_action(text), check=False)
        self.state = st
        self.hands[-1]["actions"] = list(keep)
        return st

    def drawn(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` drew unseen (from the stock) in its current turn, or in its last
        turn while the other seats play theirs: the cards its own actions of that turn brought
        into its hand while hidden from it (``State.hidden_from``; a card taken face up from
        the discard pile is none of them). Once its next turn has started (it is to act and
        another seat has acted since): the cards the other seats' moves since then brought
        into its hand unseen (a draw after a trick another seat completed), else none. Empty
        between hands and when no hand is in play.
        Derived from the hand's record (replayed from its deal), so a resumed match gives the
        same answer; only cards now in ``seat``'s own hand are named (the table marks them
        and names them to that seat alone). Cached until the next action."""
        st = self.state
        if st is None or not self.hands or self._in_between:
            return ()
        key = (seat, len(self.hands), len(self.hands[-1]["actions"]))
        if self._drawn_cache[0] is st and self._drawn_cache[1] == key:
            return self._drawn_cache[2]
        states = [self._hand_start()]
        try:
            for text in self.hands[-1]["actions"]:
                states.append(states[-1].apply(self.game.parse_action(text), check=False))
        except IllegalAction:  # a verb outside the grammar (a game of the tests): no replay
            self._drawn_cache = (st, key, ())
            return ()
        actors = [s.to_act for s in states[:-1]]
        # the seat's last turn: its last run of actions, unless its next turn has begun
        end = max((i for i, a in enumerate(actors) if a == seat), default=None)
        out: tuple[Card, ...] = ()
        if end is not None and not st.over:
            if st.to_act == seat and end < len(actors) - 1:
                # its next turn has begun: what the others' moves since its last turn dealt
                # it (the draw after a trick the other seat completed: Honderden, Bezique)
                span = range(end + 1, len(actors))
            else:
                start = end
                while start > 0 and actors[start - 1] == seat:
                    start -= 1
                span = range(start, end + 1)
            gained: Counter = Counter()
            for i in span:
                gained += _hidden_gain(states[i], states[i + 1], seat)
            hand = _counts(st.observation(seat).hand)
            out = tuple(sorted((gained & hand).elements()))
        self._drawn_cache = (st, key, out)
        return out

    @property
    def over(self) -> bool:
        return self.sheet.over

    @property
    def hand_over(self) -> bool:
        return self.state is not None and self.state.over

    @property
    def between_due(self) -> bool:
        """A decision between hands must be played (``start_between``) before the next deal."""
        return self._between is not None

    @property
    def in_between(self) -> bool:
        """The current State is a decision between hands, not a dealt hand."""
        return self._in_between

    def seat_kind(self, seat: int) -> tuple[str, str]:
        """(``human`` or ``bot``, name or bot kind) of a seat."""
        kind, _, rest = self.seats[seat].partition(":")
        if kind == "bot":
            return "bot", rest or "simple"
        return "human", rest or f"Player {seat + 1}"

    def seat_label(self, seat: int) -> str:
        kind, name = self.seat_kind(seat)
        return name if kind == "human" else f"{name} bot {seat}"

    # -- records --
    def to_record(self) -> dict[str, Any]:
        """The match as a ``cardtable-record/1`` dict (docs/records.md)."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "players": self.game.players,
            "options": {k: v for k, v in self.game.options.items()},
            "seats": list(self.seats),
        }
        if self.seed is not None:
            rec["seed"] = self.seed
        rec["hands"] = [dict(h, actions=list(h["actions"])) for h in self.hands]
        return rec


def _counts(cards) -> Counter:
    """A multiset of plain card codes (copies and designations dropped)."""
    if isinstance(cards, Counter):
        out: Counter = Counter()
        for c, k in cards.items():
            out[plain(c)] += k
        return out
    return Counter(plain(c) for c in cards)


def _hidden_gain(before: State, after: State, seat: int) -> Counter:
    """The cards (plain codes, a multiset) that came into ``seat``'s hand from ``before`` to
    ``after`` while hidden from it: of each code gained, at most as many copies as fewer were
    hidden from the seat afterwards."""
    gained = _counts(after.observation(seat).hand) - _counts(before.observation(seat).hand)
    if not gained:
        return Counter()
    hid0, hid1 = _counts(before.hidden_from(seat)), _counts(after.hidden_from(seat))
    return Counter({c: min(k, hid0[c] - hid1[c]) for c, k in gained.items() if hid0[c] > hid1[c]})


def _revealed(before: State, after: State, seat: int):
    """A card that came into ``seat``'s hand from ``before`` to ``after`` while hidden from it
    (fewer copies of its code hidden from the seat afterwards), or None."""
    gained = _counts(after.observation(seat).hand) - _counts(before.observation(seat).hand)
    if not gained:
        return None
    hid0, hid1 = _counts(before.hidden_from(seat)), _counts(after.hidden_from(seat))
    for c in gained:
        if hid1[c] < hid0[c]:
            return c
    return None
