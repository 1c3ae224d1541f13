"""The table screen's base: the state its parts share and what the viewer may see.

``TableScreen`` (``tui/table.py``) is built in layers, each a class on the one below it:
``TableBase`` (this module) <- ``TableDrawing`` (``tui/drawing.py``) <- ``TableSelection``
(``tui/selection.py``) <- ``TableFlow`` (``tui/flow.py``) <- ``TableMoves`` (``tui/moves.py``)
<- ``TableKeys`` (``tui/keys.py``) <- ``TableScreen``. A layer calls the layers below it; the
few methods a lower layer calls in a higher one are declared here, typed, with a docstring,
and defined in the layer named there.

Here: the match and the state of the table (``__init__``), which seat's view is drawn
(``observation``: the viewer's, or the public view while every hand is hidden) and whether the
table is still attached (``_gone``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Callable

from rich.text import Text
from textual.screen import Screen

from cardtable.cards import plain
from cardtable.engine.game import Observation
from cardtable.engine.match import Match
from cardtable.engine.views import VerbSpec
from cardtable.tui import render as R
from cardtable.tui.bot_driver import BotDriver
from cardtable.tui.chooser import Chooser
from cardtable.tui.review import TableReview

#: the smallest terminal the table is drawn in (columns, rows); below it a notice says so
MIN_SIZE = (80, 24)


class TableBase(Screen):
    """The state of one match at the table, shared by the table's layers (see the module
    docstring). ``standalone``: quitting the table quits the app (CLI start)."""

    def __init__(self, match: Match, standalone: bool = False) -> None:
        super().__init__()
        self.match = match
        self.standalone = standalone
        from cardtable.bots import get_bot

        bots = {}
        for s in range(match.game.players):
            kind, name = match.seat_kind(s)
            if kind == "bot":
                seed = None if match.seed is None else match.seed * 1000 + s
                bots[s] = get_bot(name, match.game, seed=seed)
        self.bots = bots
        self.driver = BotDriver(self, bots)
        self.review = TableReview(self)  # what the bot would have played (the summary)
        self._summary_screen = None
        self.humans = [s for s in range(match.game.players) if match.seat_kind(s)[0] == "human"]
        self.hot_seat = len(self.humans) > 1
        # the seat whose hand is on the table (None: every hand hidden)
        self.viewer: int | None = None if self.hot_seat else (self.humans[0] if self.humans else 0)
        self.anchor = self.humans[0] if self.humans else 0
        self.mode = "idle"  # idle | bot | human | handover | summary | over
        self.cursor = 0
        self.chooser = Chooser()
        self.keymap: dict[str, Callable[[], None]] = {}
        self._summary_for = -1
        self._message: Text | None = None
        self._wait_shown = False  # the message is a "Wait: … is to play." refusal
        self.message_cut: str | None = None  # the whole prompt when it was cut to one line
        self.errors: list[str] = []  # bot failures (shown, and kept for the tests)
        self._save_failed = False  # the last autosave failed (its warning was shown)
        self._key_line_shown: tuple = ()
        self._left = False  # the table was left (q, the match end): it is gone
        self._obs_cache: tuple = (None, None, None)
        # card-shaped verbs seen in each phase: their keys stay bound while no action of
        # theirs is legal, so that a try is refused with the rules' reason (a two-card meld)
        self._seen_specs: dict[str, dict[tuple, VerbSpec]] = {}
        self._buttons: list[tuple[str, Text]] = []  # the action line's (key, label), as drawn
        #: the keys of the moves offered to the human at the keyboard since they took it (the
        #: last hand-over): the next hand-over is not passed by any of them (``pass_key``)
        self.keys_in_use: set[str] = set()
        #: the order each seat's player made by moving cards (``<`` ``>``): seat -> (the hand
        #: it was made in, the cards in that order); ``shown_hand`` follows it
        self.own_order: dict[int, tuple[int, list[int]]] = {}
        #: the sort key's order at this table (``hand_order.ORDERS``); None: the settings'
        self._hand_sort: str | None = None
        #: the middle shows the last trick instead of the trick in play (the ``-`` key)
        self.peek_last = False
        # a resumed match: the hand in the order its player left it (the save's ``table``)
        from cardtable import saves

        self.restore_order(saves.table_state(match))

    # ---- what the viewer sees ------------------------------------------------------------
    @property
    def delay(self) -> float:
        return float(getattr(self.app, "bot_delay", 0.0) or 0.0)

    def _gone(self) -> bool:
        """The table is leaving or has left the app (a quit, ``q``, the app closing): no
        bot move is applied and nothing is drawn or mounted any more."""
        app = self.app
        return (
            self._left
            or not self.is_attached
            or self._closing
            or self._closed
            or app._closing
            or bool(getattr(app, "_exit", False))
        )

    def _hidden(self) -> bool:
        """No hand may be drawn: between two humans, or (hot-seat) once the hand is over, when
        a claim may have left cards in the last viewer's hand and anyone may be looking."""
        st = self.match.state
        return self.viewer is None or (self.hot_seat and (st is None or st.over))

    def observation(self) -> Observation | None:
        st = self.match.state
        if st is None:
            return None
        seat = self.anchor if self._hidden() else self.viewer
        # the public view when hidden: the hand of this observation is never drawn
        key = (seat, self._hidden())
        if self._obs_cache[0] is st and self._obs_cache[1] == key:
            return self._obs_cache[2]
        obs = st.observation(seat)
        if key[1]:
            obs = self._public(st, obs)
        self._obs_cache = (st, key, obs)
        return obs

    @staticmethod
    def _public(st, obs: Observation) -> Observation:
        """``obs`` with what only its seat may know taken out (hot-seat, between two
        humans): no hand, no legal actions, and a zone of that seat holding a card another
        seat may not see (``hidden_from``) shows its count only."""
        me = obs.seat
        private: set = set()
        for s in range(obs.n_seats):
            if s != me:
                private.update(st.hidden_from(s))
        zones = tuple(
            z._replace(cards=(), face="count", selectable=())
            if z.owner == me and z.face == "up" and any(c in private for c in z.cards)
            else z
            for z in obs.zones
        )
        return dataclasses.replace(obs, hand=(), legal=(), verbs=(), zones=zones)

    def hand_cards(self) -> list[int]:
        """The viewer's hand in the order drawn (``shown_hand``); [] while hands are hidden."""
        obs = self.observation()
        if obs is None or self._hidden():
            return []
        return self.shown_hand(obs)

    @property
    def hand_sort(self) -> str:
        """The order the player chose for the hand (``settings.HAND_SORTS``): the one chosen
        at this table with ``=`` or kept in its save, else the settings' (``Hand order``)."""
        if self._hand_sort is not None:
            return self._hand_sort
        s = getattr(self.app, "settings", None)
        return getattr(s, "hand_sort", "dealt")

    @hand_sort.setter
    def hand_sort(self, order: str) -> None:
        self._hand_sort = order

    def order_state(self) -> dict:
        """The hand's order as the save keeps it (``saves.set_table_state``; docs/records.md
        "Saves"): ``hand_sort``, the sort key's order in force, and ``own_order``, per seat
        (a text key) the order its player moved the cards to: ``hand`` (the number of hands
        of the match when it was made: it holds for that hand only) and ``cards`` (codes)."""
        from cardtable.cards import card_text

        out: dict = {"hand_sort": self.hand_sort}
        now = len(self.match.hands)
        own = {
            str(s): {"hand": n, "cards": [card_text(c) for c in cards]}
            for s, (n, cards) in sorted(self.own_order.items())
            if n == now
        }
        if own:
            out["own_order"] = own
        return out

    def restore_order(self, state: dict) -> None:
        """The hand's order from ``state`` (``order_state``, as a save holds it): what is
        missing or not understood is left out (an older save has none; a card no longer
        held is dropped by ``hand_order.follow``). Never raises."""
        from cardtable.cards import CardError, parse_card
        from cardtable.tui.hand_order import ORDERS

        if not isinstance(state, dict):
            return
        if state.get("hand_sort") in ORDERS:
            self._hand_sort = state["hand_sort"]
        own = state.get("own_order")
        if not isinstance(own, dict):
            return
        for seat, entry in own.items():
            try:
                s, n, cards = int(seat), entry["hand"], [parse_card(t) for t in entry["cards"]]
            except (CardError, KeyError, TypeError, ValueError, AttributeError):
                continue
            if 0 <= s < self.match.game.players and type(n) is int:
                self.own_order[s] = (n, cards)

    def shown_hand(self, obs: Observation) -> list[int]:
        """``obs.hand`` in the order the table draws it, the player's choice alone: the
        order of the sort key (``hand_order.arrange``: as dealt, by suit with the trump
        first, by rank; within a suit in the game's own card order,
        ``Game.card_sort_key``), then the cards the player moved (``own_order``). The card
        keys (1…9, the letters) and the cursor count in this order."""
        from cardtable.tui.hand_order import arrange, follow

        f = obs.facts
        trump = f.trump if f is not None else obs.trump
        hand = arrange(obs.hand, self.hand_sort, trump, self.match.game.card_sort_key)
        own = self.own_order.get(obs.seat)
        if own is not None and own[0] == len(self.match.hands):
            return follow(own[1], hand)
        return hand

    def _drawn_cards(self) -> tuple[int, ...]:
        """The cards the viewer drew from the stock this turn, marked until its next turn
        (``Match.drawn``: from the hand's record, so also after a resume); none while every
        hand is hidden or the hand is over."""
        st = self.match.state
        if self.viewer is None or self._hidden() or st is None or st.over:
            return ()
        return self.match.drawn(self.viewer)

    def _drawn_indexes(self, hand: list[int]) -> list[int]:
        """The positions in ``hand`` of the cards just drawn (``_drawn_cards``), a copy of a
        card marked from the right (a draw adds its card after the copy already held)."""
        want = Counter(self._drawn_cards())
        out = []
        for i in range(len(hand) - 1, -1, -1):
            c = plain(hand[i])
            if want[c] > 0:
                want[c] -= 1
                out.append(i)
        return sorted(out)

    def _names(self) -> dict[int, str]:
        return R.seat_names(self.match)

    # ---- called here, defined in a layer above ---------------------------------------------
    def _selected_indexes(self, hand: list[int]) -> set[int]:
        """The positions in ``hand`` of the selected cards, a copy of a card counted once per
        copy selected (``tui/selection.py``)."""
        raise NotImplementedError

    def _draw_actions(self, obs: Observation) -> None:
        """Draw the action line for ``obs`` and bind its keys (``keymap``) (``tui/moves.py``)."""
        raise NotImplementedError

    def _enter_plan(self) -> tuple[str, Callable[[], None] | None]:
        """What ⏎ does now: its verb for the key line and the function it runs, ``("", None)``
        when it does nothing (``tui/keys.py``)."""
        raise NotImplementedError
