"""The table screen: draws one seat's observation and turns keys and clicks into actions.

Its parts (each in a module of its own):
- the layout (``tui/layout.py``): where the seats sit and where each zone is drawn;
- the action chooser (``tui/chooser.py``): the buttons and card keys of the legal actions,
  from the verb specs the game declares;
- the bot driver (``tui/bot_driver.py``): bots think in a worker; the hint key;
- the hand-over (``tui/handover.py``): the screen between two humans at one keyboard;
- the review (``tui/review.py``): a short search of the one human's decisions for the hand
  summary's "what the bot would have played".

Flow (one ``advance()`` after every change):
  hand over?  -> the hand summary screen, then the next hand or the decision between hands
                 (``Match.start_next``; the match end screen once it is over);
  a bot acts  -> it thinks in a thread worker, its move is shown after ``app.bot_delay``;
  a human     -> with several humans, a hand-over screen first when the turn passes to a
                 different human than the one who last saw the table (and at every new hand);
                 the table is drawn from that seat's observation only after the confirmation.

Legality is never decided here: keys look the action up in ``obs.legal`` (the
observation's copy of ``legal_actions()``); an action that is not there is still sent to
``Match.apply``, which refuses it with the rules' reason, and that reason is shown.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Callable

from rich.style import Style
from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from cardtable import saves
from cardtable.cards import plain
from cardtable.engine.actions import Action
from cardtable.engine.game import IllegalAction, Observation
from cardtable.engine.match import Match
from cardtable.engine.views import CARD, CARDS, DESIGNATION, MELD, TRICK, spec_for
from cardtable.tui import layout as L
from cardtable.tui import render as R
from cardtable.tui.bot_driver import BotDriver, hint_function
from cardtable.tui.chooser import CARD_SHAPES, Chooser, Item, card_index
from cardtable.tui.handover import ConfirmScreen, HandOverScreen, handover_due, initial, pass_key
from cardtable.tui.layout import seat_positions  # noqa: F401  (the tests read it here)
from cardtable.tui.review import TableReview
from cardtable.tui.screens import HandSummaryScreen, MatchEndScreen, RulesScreen, SheetScreen
from cardtable.tui.widgets import (
    ActionBar,
    CardWidget,
    HandView,
    KeyFooter,
    LogView,
    MeldsView,
    MeldWidget,
    MoreBelow,
    PileView,
    SeatView,
    SheetView,
    TrickView,
    dismiss_once,
    key_name,
    mount_safely,
)


def is_digit_key(key: str) -> bool:
    """An ASCII digit key, 0 to 9: only those choose a card or a meld. ``²`` (a key of its
    own on AZERTY keyboards), ``³``, ``①`` or ``٣`` are digits to ``str.isdigit`` (and some to
    ``int``) but are no card number here: they are ignored like any other unbound key."""
    return len(key) == 1 and "0" <= key <= "9"


#: the card keys' actions (⏎, ←→, ␣): on the key line only while a human may use them
CARD_KEY_ACTIONS = ("enter", "cursor", "toggle")

#: the smallest terminal the table is drawn in (columns, rows); below it a notice says so
MIN_SIZE = (80, 24)


class TableScreen(Screen):
    """One match at the table. ``standalone``: quitting the table quits the app (CLI start)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (MIN_SIZE[0], "-narrow"), (110, "-wide")]
    #: the key line's keys left out first where it is too narrow (KeyFooter): the arrows
    #: (the hint line names them), the hint, the rules, the history
    FOOTER_DROP = ("cursor", "hint", "rules", "history")
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_SIZE[1], "-tall")]
    AUTO_FOCUS = None

    BINDINGS = [
        Binding("left", "cursor(-1)", "card", key_display="←→"),
        Binding("right", "cursor(1)", "card", show=False),
        Binding("enter", "enter", "play"),
        Binding("space", "toggle", "select", key_display="␣"),
        Binding("s", "sheet", "sheet"),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("i", "hint", "hint"),
        Binding("h", "history", "history"),
        Binding("n", "letters", "B/J", show=False),
        Binding("escape", "cancel", "cancel", show=False),
        Binding("q", "leave", "quit"),
        # undo: backspace (⌫) or Ctrl+Z (every letter is a verb's or a card's key); after q
        # in the key line, so that q stays in sight where the line is too long
        Binding("backspace", "undo", "undo", key_display="⌫"),
        Binding("ctrl+z", "undo", "undo", show=False),
        # the middle of the table (many melds) scrolls
        Binding("up", "scroll_center(-1)", "scroll", show=False),
        Binding("down", "scroll_center(1)", "scroll", show=False),
        Binding("pageup", "scroll_center(-5)", "scroll", show=False),
        Binding("pagedown", "scroll_center(5)", "scroll", show=False),
    ]

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
        self.review = TableReview(self)        # what the bot would have played (the summary)
        self._summary_screen = None
        self.humans = [s for s in range(match.game.players) if match.seat_kind(s)[0] == "human"]
        self.hot_seat = len(self.humans) > 1
        # the seat whose hand is on the table (None: every hand hidden)
        self.viewer: int | None = None if self.hot_seat else (self.humans[0] if self.humans else 0)
        self.anchor = self.humans[0] if self.humans else 0
        self.mode = "idle"        # idle | bot | human | handover | summary | over
        self.cursor = 0
        self.chooser = Chooser()
        self.keymap: dict[str, Callable[[], None]] = {}
        self._summary_for = -1
        self._message: Text | None = None
        self._wait_shown = False         # the message is a "Wait: … is to play." refusal
        self.message_cut: str | None = None   # the whole prompt when it was cut to one line
        self.errors: list[str] = []     # bot failures (shown, and kept for the tests)
        self._save_failed = False        # the last autosave failed (its warning was shown)
        self._key_line_shown: tuple = ()
        self._left = False               # the table was left (q, the match end): it is gone
        self._obs_cache: tuple = (None, None, None)
        # card-shaped verbs seen in each phase: their keys stay bound while no action of
        # theirs is legal, so that a try is refused with the rules' reason (a two-card meld)
        self._seen_specs: dict[str, dict[tuple, object]] = {}
        self._buttons: list[tuple[str, Text]] = []     # the action line's (key, label), as drawn
        #: the keys of the moves offered to the human at the keyboard since they took it (the
        #: last hand-over): the next hand-over is not passed by any of them (``pass_key``)
        self.keys_in_use: set[str] = set()

    # ---- the chooser's state, as the tests and the key line read it -----------------------
    @property
    def menu(self) -> tuple[str, ...]:
        return self.chooser.path

    @menu.setter
    def menu(self, path: tuple[str, ...]) -> None:
        self.chooser.path = tuple(path)

    @property
    def selected(self) -> list[int]:
        return self.chooser.selected

    @selected.setter
    def selected(self, cards: list[int]) -> None:
        self.chooser.selected = list(cards)

    @property
    def layoff_cards(self) -> list[int] | None:
        p = self.chooser.pending
        return None if p is None else list(p[1])

    @property
    def layoff_digits(self) -> str:
        return self.chooser.digits

    @property
    def selecting(self) -> bool:
        """Cards are selected (several, with ␣ or their numbers): a ``cards`` verb is on offer."""
        obs = self.observation()
        return (obs is not None and self.mode == "human" and not self._hidden()
                and Chooser.selecting(obs))

    # ---- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(Text(f"Make the terminal at least {MIN_SIZE[0]}x{MIN_SIZE[1]} to see the table "
                          "(it comes back when the terminal is large enough).  q quits.",
                          Style(bold=True, color=R.GOLD)), id="too-small", markup=False)
        yield Static("", id="status", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield Horizontal(id="top-seats")
                with Horizontal(id="middle"):
                    yield SeatView(id="left-seat")
                    with VerticalScroll(id="center", can_focus=False):
                        yield TrickView(id="trick")
                        yield PileView(id="piles")
                        yield MeldsView(id="melds")
                    yield SeatView(id="right-seat")
                yield MoreBelow("center", id="center-more")    # melds out of view: ↓ or PgDn
                yield LogView(lines=2, id="log")
            with Vertical(id="side"):
                yield Static("Score sheet", classes="side-title", markup=False)
                yield SheetView(id="side-sheet")
                yield Static("", id="side-melds", markup=False)
                yield Static("Table talk", classes="side-title", markup=False)
                yield LogView(lines=12, id="side-log")
        yield Static("", id="me", markup=False)
        yield HandView(id="hand")
        yield Static("", id="message", markup=False)
        yield ActionBar(id="actions")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.advance()

    # ---- the flow -----------------------------------------------------------------------
    @property
    def delay(self) -> float:
        return float(getattr(self.app, "bot_delay", 0.0) or 0.0)

    def advance(self) -> None:
        """Move the match on to the next decision (see the module docstring)."""
        m = self.match
        if self._wait_shown:
            # a "Wait: X is to play." refusal is stale once the turn moves on
            self._message = None
            self._wait_shown = False
        st = m.state
        if st is None or st.over:
            if (st is not None and st.over and not m.in_between
                    and self._summary_for != len(m.hands)):
                self._summary_for = len(m.hands)
                self.mode = "summary"
                self.refresh_table()
                if self.delay > 0:
                    self.set_timer(self.delay, self._show_summary)
                else:
                    self._show_summary()
                return
            if m.over:
                self._show_end()
                return
            # the next hand, or first the decision between hands (played like a hand)
            m.start_next()
            self._autosave()
            self._new_hand()
            if m.state.over:
                self.advance()
                return
            st = m.state
        seat = st.to_act
        kind, name = m.seat_kind(seat)
        if kind == "bot":
            self.mode = "bot"
            if self.hot_seat:
                self.viewer = None        # the last human's hand turns face down first
            self.refresh_table()
            self._start_bot(seat)
            return
        if handover_due(self.hot_seat, self.viewer, seat):
            self.mode = "handover"
            self.viewer = None            # hide every hand before anything else is drawn
            self.refresh_table()
            self.app.push_screen(HandOverScreen(name, self._handover_note(seat), self._pass_key(seat, name)),
                                 callback=lambda _=None, s=seat: self._handover_done(s))
            return
        self.viewer = seat
        self.anchor = seat
        self.mode = "human"
        self._cursor_to_playable()
        self.refresh_table()
        self.review.start()

    def _pass_key(self, seat: int | None, name: str) -> str:
        """The key that passes the hand-over to ``seat``, called ``name`` (``handover.pass_key``):
        a letter of the name that no move the previous player had on offer uses, and not
        the initial of a human seated before."""
        names = self._names()
        taken = [initial(names[s]) for s in self.humans if seat is not None and s < seat]
        return pass_key(name, avoid=self.keys_in_use, taken=taken)

    def _handover_note(self, seat: int) -> str:
        m = self.match
        return f"{m.game.name}, hand {len(m.hands)}"

    def _handover_done(self, seat: int) -> None:
        st = self.match.state
        if st is None or st.over or st.to_act != seat:
            self.advance()
            return
        self.viewer = seat
        self.anchor = seat
        self.mode = "human"
        self.keys_in_use = set()          # another player's fingers on the keys from now
        self.cursor = 0
        self.chooser = Chooser()
        self._cursor_to_playable()
        self.refresh_table()

    def _new_hand(self) -> None:
        self.cursor = 0
        self.chooser = Chooser()
        self._message = None
        if self.hot_seat:
            self.viewer = None

    def _show_summary(self) -> None:
        m = self.match
        if not m.hands or m.state is None or not m.state.over or self._gone():
            return
        index = len(m.hands) - 1
        self._summary_screen = HandSummaryScreen(m, index, self._names(), self.review.lines(index))
        self.app.push_screen(self._summary_screen, callback=self._after_summary)

    def _after_summary(self, answer=True) -> None:
        self._summary_screen = None
        if answer == "leave":         # q on the summary: the match is saved, the table left
            self._leave()
            return
        self.advance()

    def _show_end(self) -> None:
        self.mode = "over"
        self._clear_save()
        self.refresh_table()
        self.app.push_screen(MatchEndScreen(self.match, self._names()), callback=self._after_end)

    def _after_end(self, answer="menu") -> None:
        """⏎ at the match end goes back to the menu (also from the command line); q quits."""
        if answer == "quit":
            self._leave()
            self.app.exit()
            return
        self._leave(to_menu=True)

    # ---- bots ---------------------------------------------------------------------------
    def _start_bot(self, seat: int) -> None:
        state = self.match.state
        obs = state.observation(seat)
        bot = self.driver.bots[seat]
        info_for = getattr(bot, "info_for", None)    # a searching bot takes its information set
        self.driver.start(seat, info_for(state, seat) if info_for else obs, self.bot_pause(obs))

    @property
    def _token(self):
        return self.driver.token

    @_token.setter
    def _token(self, value) -> None:
        self.driver.token = value

    def bot_pause(self, obs: Observation) -> float:
        """Seconds a bot's move stays pending: the bot delay, one and a half times that when
        a trick has just been completed (the table shows it) and the bot leads the next."""
        placed = L.place_zones(obs, None)
        if placed.trick is not None and not placed.trick.cards and placed.last_trick is not None:
            return self.delay * 1.5
        return self.delay

    def _gone(self) -> bool:
        """The table is leaving or has left the app (a quit, ``q``, the app closing): no
        bot move is applied and nothing is drawn or mounted any more."""
        app = self.app
        return (self._left or not self.is_attached or self._closing or self._closed
                or app._closing or bool(getattr(app, "_exit", False)))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if self._gone():
            return
        if event.worker.name == "hint":
            self._hint_done(event)
            return
        if event.worker.name == "review":
            self.review.done(event)
            return
        if event.worker.name != "bot":
            return
        res = self.driver.result(event)
        if res is None:
            return
        if res[0] == "error":
            st = self.match.state
            self._bot_failed(st.to_act if st else None, res[1])
            return
        seat, action = res
        if self.mode != "bot":
            return
        st = self.match.state
        if st is None or st.over or st.to_act != seat:
            return
        try:
            self.match.apply(action)
        except IllegalAction as e:
            self._bot_failed(seat, f"the bot chose {action.text()}: {e}")
            return
        self._after_action()

    def _bot_failed(self, seat: int | None, why: str) -> None:
        """A bot error must not stop the game: report it and play its first legal action."""
        self.errors.append(why)
        self.set_message(Text(why, Style(color="#ff6b6b")))
        st = self.match.state
        if st is None or st.over or seat is None or st.to_act != seat:
            return
        legal = st.legal_actions()
        if legal:
            self.match.apply(legal[0])
            self._after_action()

    def action_hint(self) -> None:
        """What the strong bot would play, and why (``cardtable.bots.hint``), in a worker."""
        if self.mode != "human":
            self._not_your_turn()
            return
        obs = self.observation()
        st = self.match.state
        if obs is None or st is None or st.over or st.to_act != obs.seat:
            return
        key = self.review.decision_key()
        if not self.driver.start_hint(self.match.game, obs, st.information_set(obs.seat), key):
            return
        self.review.hint_asked(key)          # the hint's search is this decision's review
        self.set_message(Text("Thinking about a hint…", Style(color=R.GOLD, italic=True)))

    def _hint_done(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.SUCCESS and event.worker.result:
            obs, (action, why, *search), key = event.worker.result
            if len(search) == 2 and search[0] is not None:
                self.review.take_hint(key, obs, search[0], search[1])
            now = self.observation()
            if (self.mode != "human" or now is None or now.seat != obs.seat or now.legal != obs.legal
                    or key != self.review.decision_key()):
                return
            t = Text("Hint: ", Style(color=R.GOLD, bold=True))
            t.append_text(R.move_words(action, now.verbs, bool(getattr(self.app, "dutch", False))))
            if why:
                # the reason starts by naming the move ("play 10♦: wins the trick, ..."): once is enough
                head, sep, rest = why.partition(": ")
                t.append(f": {rest}" if sep and "(" not in head else f" ({why})", Style(color="#b8d8c0"))
            self.set_message(t)
        elif event.state == WorkerState.ERROR:
            self.set_message(Text(f"no hint: {event.worker.error!r}", Style(color="#ff6b6b")))

    # ---- applying actions ---------------------------------------------------------------
    def may_act(self) -> bool:
        if self.mode != "human":
            self._not_your_turn()
            return False
        return True

    def act(self, action: Action) -> bool:
        """The chooser's way to play an action."""
        return self.try_action(action)

    def try_action(self, action: Action, confirmed: bool = False) -> bool:
        """Send a human's action to the match; on refusal show the rules' reason. An action
        whose verb spec asks a confirmation (``VerbSpec.confirm``: a claim that ends the hand
        at once) is applied only after a yes on a ConfirmScreen (False is returned then)."""
        if self.mode != "human":
            self._not_your_turn()
            return False
        obs = self.observation()
        spec = spec_for(action, obs.verbs) if obs is not None and not confirmed else None
        if spec is not None and spec.confirm and action in obs.legal:
            seat = obs.seat

            def answer(yes, action=action, seat=seat) -> None:
                st = self.match.state
                if yes and self.mode == "human" and st is not None and not st.over and st.to_act == seat:
                    self.try_action(action, confirmed=True)
                else:
                    self.refresh_table()

            self.app.push_screen(ConfirmScreen(spec.confirm, spec.label), callback=answer)
            return False
        before = Counter(obs.hand) if obs is not None and obs.seat == self.viewer else None
        held = (obs.hand[self.cursor] if before is not None and 0 <= self.cursor < len(obs.hand)
                else None)                     # the card under the cursor, kept in view after a draw
        try:
            self.match.apply(action)
        except IllegalAction as e:
            self.set_message(self._refusal(str(e), action, obs))
            return False
        self.review.stop()             # a review search still running ends now
        self._message = None
        self._after_action(before)
        if before is not None:
            self._cursor_after_draw(before, held)
        return True

    def _cursor_after_draw(self, before: Counter, held=None) -> None:
        """After the viewer's own move added cards to the hand (a draw) and the turn goes
        on: the cursor on the card drawn when ⏎ may play it, else on the card it was on
        (``held``, wherever the draw moved it) when ⏎ may play that, else on a card ⏎ may
        play (a card taken from the discard pile may not be discarded at once)."""
        obs = self.observation()
        if self.mode != "human" or obs is None or obs.seat != self.viewer or not obs.hand:
            return
        hand = list(obs.hand)
        drawn = Counter(hand) - before
        if not drawn:
            return
        ok = self._enter_cards(obs)
        if ok is None:
            return
        new = [i for i, c in enumerate(hand) if c in drawn and c in ok]
        if new:
            self.cursor = new[0]
        elif held is not None and held in ok and held in hand:
            self.cursor = hand.index(held)
        elif not 0 <= self.cursor < len(hand) or hand[self.cursor] not in ok:
            self.cursor = next((i for i, c in enumerate(hand) if c in ok), self.cursor)
        else:
            return
        self.refresh_table()

    def _enter_cards(self, obs: Observation) -> set | None:
        """The cards ⏎ may play now (the card-shaped verb on ⏎ and its legal actions), or
        None when ⏎ plays no card of the hand (a draw, a bid, selecting a meld)."""
        found = self.chooser.card_spec(obs, "enter")
        if found is None or found[0].shape != CARD or not isinstance(found[1], list):
            return None
        return {c for a in found[1] for c in a.cards}

    def _cursor_to_playable(self) -> None:
        """At the start of a human's decision: when the card under the cursor may not be
        played (a suit to follow), the cursor moves on to the next card that may (to the
        right, round to the first)."""
        obs = self.observation()
        if obs is None or obs.seat != self.viewer or not obs.hand or not obs.legal:
            return
        ok = self._enter_cards(obs)
        if not ok:
            return
        hand = list(obs.hand)
        n = len(hand)
        start = self.cursor if 0 <= self.cursor < n else 0
        for step in range(n):
            i = (start + step) % n
            if hand[i] in ok:
                self.cursor = i
                return

    def _after_action(self, before: Counter | None = None) -> None:
        """After a move: save, close the menus, and keep the selection only as far as its
        cards are still in the hand. ``before``: the hand before the viewer's own move; the
        cards that left it leave the selection first, so that a copy of a melded card (two
        packs: two ``7C``) does not stay selected in its place."""
        self._autosave()
        self.chooser.reset()
        if self.viewer is not None and self.match.state is not None:
            hand = Counter(self.match.state.observation(self.viewer).hand)
            gone = before - hand if before is not None else Counter()
            keep = []
            for c in self.selected:
                if gone[c] > 0:
                    gone[c] -= 1
                elif hand[c] > 0:
                    hand[c] -= 1
                    keep.append(c)
            self.selected = keep
        self.advance()

    def _autosave(self) -> None:
        if not getattr(self.app, "autosave", True):
            return
        try:
            saves.save_match(self.match)
        except Exception as e:  # a full disk must not end the game
            # said once: not a warning after every move while the disk stays full
            if not self._save_failed:
                self.app.notify(f"autosave failed: {e} (the game goes on; later failures are "
                                "not shown)", severity="warning", markup=False, timeout=8)
            self._save_failed = True
        else:
            if self._save_failed:
                self.app.notify("autosave works again", markup=False, timeout=3)
            self._save_failed = False

    def _clear_save(self) -> None:
        if not getattr(self.app, "autosave", True):
            return
        try:
            saves.finish(self.match)     # the history and the statistics, once
        except Exception:
            pass

    def _not_your_turn(self) -> None:
        st = self.match.state
        if self.mode == "bot" and st is not None and st.to_act is not None:
            self.set_message(Text(f"Wait: {self._names()[st.to_act]} is to play.", Style(color=R.GOLD)))
            self._wait_shown = True

    # ---- what the viewer sees -----------------------------------------------------------
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
        zones = tuple(z._replace(cards=(), face="count", selectable=())
                      if z.owner == me and z.face == "up" and any(c in private for c in z.cards) else z
                      for z in obs.zones)
        return dataclasses.replace(obs, hand=(), legal=(), verbs=(), zones=zones)

    def hand_cards(self) -> list[int]:
        obs = self.observation()
        if obs is None or self._hidden():
            return []
        return list(obs.hand)

    def _names(self) -> dict[int, str]:
        return R.seat_names(self.match)

    def _selected_indexes(self, hand: list[int]) -> set[int]:
        want = Counter(self.selected)
        out = set()
        for i, c in enumerate(hand):
            if want[c] > 0:
                want[c] -= 1
                out.add(i)
        return out

    def _refusal(self, reason: str, action: Action | None = None, obs: Observation | None = None) -> Text:
        """The rules' reason, with card codes drawn as cards and seats named; the action it
        starts with (``declare seq3 KH QH JH: ...``) in the game's words (``R.move_words``)."""
        dutch = bool(getattr(self.app, "dutch", False))
        head = f"{action.text()}: " if action is not None else None
        if head and reason.startswith(head) and obs is not None:
            t = R.move_words(action, obs.verbs, dutch)
            t.append(": ")
            t.append_text(R.pretty(reason[len(head):], dutch, self._names()))
        else:
            t = R.pretty(reason, dutch, self._names())
        t.stylize_before(Style(color="#ff8080", bold=True))
        return t

    def set_message(self, text: Text | None) -> None:
        self._message = text
        self._wait_shown = False
        self._draw_message()

    def redraw(self, clear: bool = False) -> None:
        """The chooser's way to have the table drawn again (``clear``: the message too)."""
        if clear:
            self._message = None
        self.refresh_table()

    def refresh_table(self) -> None:
        """Redraw everything from the observation of ``self.viewer`` (or the public view)."""
        if not self.is_mounted or self._gone():
            return
        m = self.match
        obs = self.observation()
        dutch = bool(getattr(self.app, "dutch", False))
        names = self._names()
        n = m.game.players
        anchor = self.viewer if self.viewer is not None else self.anchor
        pos = seat_positions(n, anchor)
        status = Text()
        status.append(f" {m.game.name} ", Style(bold=True, color="#0b2e1c", bgcolor=R.GOLD))
        status.append(f" hand {max(1, len(m.hands))} ", Style(color="#b8d8c0"))
        placed = L.place_zones(obs, None if self._hidden() else self.viewer) if obs is not None else None
        if obs is not None:
            # one line where leaving out what the middle shows makes it fit (a second line
            # costs the table a row)
            width = self.size.width or 80
            status.append_text(L.status_text(obs, names, dutch, max(20, width - status.cell_len), width,
                                             drawn=L.drawn_items(obs, placed)))
        self.query_one("#status", Static).update(status)

        top = self.query_one("#top-seats", Horizontal)
        top_seats = [s for s in range(1, n) for s in [(anchor + s) % n] if pos.get(s) == "top"]
        views = list(top.query(SeatView))
        while len(views) < len(top_seats):
            v = SeatView()
            if not mount_safely(top, v):
                return
            views.append(v)
        for i, v in enumerate(views):
            v.display = i < len(top_seats)
        top.display = bool(top_seats)
        left = self.query_one("#left-seat", SeatView)
        right = self.query_one("#right-seat", SeatView)
        left.display = any(p == "left" for p in pos.values())
        right.display = any(p == "right" for p in pos.values())
        if obs is None:
            return
        human = self.mode == "human" and not self._hidden()
        if not (human and Chooser.selecting(obs)) and not self.chooser.pending:
            self.chooser.selected = []
        if self.chooser.path and not self.chooser.under(obs):
            self.chooser.path = ()
        for s, p in pos.items():
            if p == "bottom":
                continue
            view = left if p == "left" else right if p == "right" else views[top_seats.index(s)]
            z = placed.hands.get(s)
            count = z.count if z is not None else (obs.hand_sizes[s] if s < len(obs.hand_sizes) else 0)
            view.show(names[s], count,
                      dealer=(s == obs.dealer), to_act=(s == obs.to_act), note=self._seat_note(obs, s, anchor),
                      thinking=(self.mode == "bot" and s == obs.to_act and self.delay > 0),
                      compact=(p in ("left", "right")), center=(p == "top"))
        self._draw_middle(obs, placed, pos, names, dutch)

        # the side area: zones of the side kinds (declared roem, open cards, a dead hand ...)
        side_melds = self.query_one("#side-melds", Static)
        side = L.side_text(placed.side, names, dutch)
        side_melds.display = side is not None
        if side is not None:
            side_melds.update(side)

        # logs and sheet
        log = self._log_lines(obs, names)
        self.query_one("#log", LogView).show(log, dutch)
        self.query_one("#side-log", LogView).show(log, dutch)
        teams = {m.game.team_of(s) for s in range(n)}
        self.query_one("#side-sheet", SheetView).show(m.sheet, names=[names[s] for s in range(n)],
                                                      score_columns=len(teams))
        self._draw_hand(obs, placed, names, dutch, anchor)
        self._draw_actions(obs)
        self._draw_message()
        # ⏎ plays a card, exchanges the selection or discards: the key line says which verb
        enter = self._enter_plan()[0] or "play"
        current = self._bindings.key_to_bindings.get("enter")
        if not current or current[0].description != enter:
            self._bindings.key_to_bindings["enter"] = [Binding("enter", "enter", enter)]
        # the key line is rebuilt only when what it shows changed (not at every redraw:
        # a rebuilt footer costs widgets, and Textual keeps some of them, textual#6666)
        shown = self._key_line()
        if shown != self._key_line_shown:
            self._key_line_shown = shown
            self.refresh_bindings()

    def _log_lines(self, obs: Observation, names: dict[int, str]) -> list[str]:
        """The public log from the game's events, seats by their names and a player called
        You in the second person; the rules' texts where a game has no events."""
        if not obs.events:
            return [R.name_seats(x, names) for x in obs.log]
        you = next((s for s, nm in names.items() if R.is_you(nm)), None)
        return [R.event_text(e, names, you) for e in obs.events]

    def _draw_middle(self, obs: Observation, placed: L.Placed, pos, names, dutch: bool) -> None:
        trick_view = self.query_one("#trick", TrickView)
        piles = self.query_one("#piles", PileView)
        melds = self.query_one("#melds", MeldsView)
        in_piles = placed.piles or placed.trick is None
        trick_view.display = not in_piles
        piles.display = in_piles
        meld_list = placed.melds.melds if placed.melds is not None else ()
        melds.display = bool(meld_list)
        if in_piles:
            stock = placed.stock.count if placed.stock is not None else obs.stock_size
            discard = placed.discard.cards if placed.discard is not None else obs.discard
            piles.show(stock, discard, dutch)
        else:
            head = L.trump_head(obs, placed, dutch, brief=not self.has_class("-wide"))
            title, side = L.panel_lines(obs, names, dutch)
            # the talk list beside the trick says the trick's question already
            talk = None if side else L.panel_current(obs, names, dutch)
            trick = L.trick_pairs(placed.trick)
            last = L.trick_pairs(placed.last_trick)
            if trick:
                leader = trick[0][0]
                caption = talk or Text(f"{names.get(leader, '')} led" if leader is not None else "",
                                       Style(color="#b8d8c0", italic=True))
                trick_view.show(trick, pos, names, dutch, caption, trump=head,
                                last=L.last_trick_line(placed.last_trick, names, dutch), side=side, title=title)
            elif last:
                w = placed.last_trick.owner
                caption = talk or Text("last trick" + (f": won by {names[w]}" if w is not None else ""),
                                       Style(color="#b8d8c0", italic=True))
                trick_view.show(last, pos, names, dutch, caption, winner=w, trump=head, side=side, title=title)
            else:
                trick_view.show((), pos, names, dutch, talk or Text(""), trump=head, side=side, title=title)
        if meld_list:
            melds.show(meld_list, names, dutch)

    def _draw_hand(self, obs: Observation, placed: L.Placed, names, dutch: bool, anchor: int) -> None:
        me = Text()
        hand_view = self.query_one("#hand", HandView)
        if self._hidden():
            me.append("  Hands are hidden until the next player takes the keyboard.",
                      Style(color="#b8d8c0", italic=True))
            hand_view.show([], dutch, None, set(), None)
        else:
            v = self.viewer
            me.append("▶ " if obs.to_act == v else "  ", Style(color=R.GOLD, bold=True))
            me.append(names[v], Style(bold=True, color=R.GOLD if obs.to_act == v else "#ffffff"))
            if v == obs.dealer:
                me.append(" (D)", Style(color="#b8d8c0"))
            note = self._seat_note(obs, v, anchor)
            if note:
                me.append("  " + note, Style(color="#b8d8c0"))
            me.append_text(L.mine_text(placed.mine, dutch))
            hand = list(obs.hand)
            if hand:
                self.cursor = max(0, min(self.cursor, len(hand) - 1))
            human = self.mode == "human"
            ok = Chooser.playable(obs) if human and obs.legal else None
            playable = None if ok is None else {i for i, c in enumerate(hand) if c in ok}
            if human and any(s.shape == MELD for s, _ in Chooser.specs(obs)):
                playable = None       # a turn with melds: every card may be selected
            # the cursor is drawn while a card of the hand is chosen (not for a draw or a bid)
            cursor = self.cursor if human and hand and ok is not None else None
            # selecting (a meld, an exchange): the selected cards stand up; else the card
            # under the cursor
            raised = (self._selected_indexes(hand) if human and Chooser.selecting(obs)
                      else ({cursor} if cursor is not None else set()))
            hand_view.show(hand, dutch, cursor, raised, playable)
        self.query_one("#me", Static).update(me)

    def _seat_note(self, obs: Observation, s: int, anchor: int) -> str:
        parts = []
        g = self.match.game
        if s != anchor and g.team_of(s) == g.team_of(anchor):
            parts.append("partner")
        parts += L.roles_of(obs, s)
        if obs.tricks_won and s < len(obs.tricks_won) and (
                any(obs.tricks_won) or any(z.kind == TRICK and z.cards for z in obs.zones)):
            k = obs.tricks_won[s]
            parts.append(f"{k} trick{'s' if k != 1 else ''}")
        table_melds = next((z for z in obs.zones if z.kind == "melds" and z.owner is None and not z.mirror), None)
        if table_melds is not None:
            k = sum(1 for md in table_melds.melds if md.owner == s)
            if k:
                parts.append(f"{k} meld{'s' if k != 1 else ''}")
        return " · ".join(parts)

    def _key_line(self) -> tuple:
        """What the key line shows now: each shown binding's key, words and whether it is
        live (``check_action``)."""
        out = []
        for key, bindings in self._bindings.key_to_bindings.items():
            for b in bindings:
                if b.show:
                    out.append((key, b.action, b.description, self.check_action(b.action.split("(")[0], ())))
        return tuple(out)

    # ---- the action chooser's buttons -------------------------------------------------------
    def _item_label(self, it: Item, dutch: bool) -> Text:
        t = Text(it.label)
        if it.suit is not None:
            t.append_text(R.suit_text(it.suit))
        if it.cards:
            if it.label:
                t.append(" ")
            t.append_text(R.cards_inline(it.cards, dutch))
        return t

    def _draw_actions(self, obs: Observation) -> None:
        bar = self.query_one("#actions", ActionBar)
        self.keymap = {}
        items: list[tuple[str, Text]] = []
        if self.mode == "human" and obs.legal and not self._hidden():
            dutch = bool(getattr(self.app, "dutch", False))
            for it in self.chooser.items(obs, self):
                if not it.key or it.key in self.keymap:
                    continue
                self.keymap[it.key] = it.run
                items.append((it.key, self._item_label(it, dutch)))
            seen = self._seen_specs.setdefault(obs.phase, {})
            for sp in obs.verbs:
                seen[(sp.verb, sp.arg)] = sp
            if not (self.chooser.path or self.chooser.choices):
                # a key this phase has offered before but not now: the rules' reason
                # (a card-shaped verb: for the card under the cursor), nothing played
                offered = {(sp.verb, sp.arg) for sp in obs.verbs}
                for k, sp in seen.items():
                    if k not in offered and sp.key and sp.key not in self.keymap and sp.key != "enter":
                        self.keymap[sp.key] = ((lambda sp=sp: self.card_key(sp, [])) if sp.shape in CARD_SHAPES
                                               else (lambda sp=sp: self._not_on_offer(sp)))
            # ⏎ plays the card (or the selection) as well when no button is on it
            if "enter" not in self.keymap and not (self.chooser.path or self.chooser.choices):
                spec = self.chooser.card_spec(obs, "enter")
                if spec is not None:
                    self.keymap["enter"] = lambda s=spec: self.card_key(*s)
            # the keys the player at the keyboard has had: the next hand-over's key is none
            # of them (``handover.pass_key``)
            self.keys_in_use.update(self.keymap)
        self._buttons = items
        bar.show(items)

    def _not_on_offer(self, spec) -> None:
        """The key of a verb without cards that this phase offered before but does not now
        (taking the discard when only the stock may be drawn): the rules' reason
        (``State.explain``) on the message line; nothing is played."""
        if not self.may_act():
            return
        st = self.match.state
        obs = self.observation()
        if st is None or st.over or obs is None:
            return
        action = Action(spec.verb, spec.arg)
        words = dataclasses.replace(obs, verbs=(*obs.verbs, spec))    # to name the move in the game's words
        self.set_message(self._refusal(st.explain(action), action, words))

    def card_key(self, spec, acts) -> None:
        """The key of a card-shaped verb: play the card under the cursor (``card``), the
        selected cards (``cards``), pick the meld next (``meld``) or the designation next
        (``designation``, or a ``cards`` verb whose legal actions designate wild cards)."""
        if not self.may_act():
            return
        hand = self.hand_cards()
        verb, arg = spec.verb, spec.arg
        if spec.shape == CARDS:
            cards = list(self.selected)
            obs = self.observation()
            if not cards and obs is not None and spec_for(Action(verb, arg), obs.verbs) is None:
                # a verb of this phase not on offer now (no meld can be made this turn)
                self.set_message(Text(f"{spec.label}: not on offer now.", Style(color=R.GOLD)))
                return
            if not cards:
                self.set_message(Text(f"Select the cards first (␣ or their numbers), then "
                                      f"{spec.key or '⏎'}: {spec.label}.", Style(color="#ff6b6b", bold=True)))
                return
            found = self.chooser.match_cards(spec, acts, cards)
            if len(found) == 1:
                self.selected = []
                self.try_action(found[0])
            elif found:
                self.chooser.choices = tuple(found)
                self.redraw(clear=True)
            else:
                self.try_action(Action(verb, arg, cards=tuple(cards)))
            return
        cards = list(self.selected) if self.selected else ([hand[self.cursor]] if hand else [])
        if not cards:
            return
        if spec.shape == CARD or spec.shape == DESIGNATION:
            if len(cards) != 1:
                self.set_message(Text(f"Choose exactly one card for {spec.label.lower()}.",
                                      Style(color="#ff6b6b", bold=True)))
                return
            found = self.chooser.match_cards(spec, acts, cards)
            if len(found) == 1:
                self.try_action(found[0])
            elif found:
                self.chooser.choices = tuple(found)
                self.redraw(clear=True)
            else:
                self.try_action(Action(verb, arg, cards=(cards[0],)))
            return
        # MELD: the card(s), then the meld
        melds = self._table_melds(obs=self.observation())
        if not melds:
            prep = next((a.prep for a in acts if a.prep), "to")
            self.try_action(Action(verb, arg, cards=(cards[0],), prep=prep, target=1))
            return
        self.chooser.pending = (spec, tuple(cards))
        self.chooser.digits = ""
        self._message = None
        self._draw_message()

    def _table_melds(self, obs: Observation | None) -> tuple:
        if obs is None:
            return ()
        z = next((z for z in obs.zones if z.kind == "melds" and z.owner is None and not z.mirror), None)
        return z.melds if z is not None else obs.melds

    def _meld_key(self, key: str) -> None:
        obs = self.observation()
        c = self.chooser
        if key == "enter":
            if c.digits:
                self._meld_to(int(c.digits))
            return
        c.digits += key
        n = int(c.digits)
        k = len(self._table_melds(obs))
        if k <= 9 or n * 10 > k:
            self._meld_to(n)

    def on_meld_widget_clicked(self, event: MeldWidget.Clicked) -> None:
        if self.mode != "human":
            return
        if self.chooser.pending is None:
            obs = self.observation()
            spec = next(((s, a) for s, a in Chooser.specs(obs) if s.shape == MELD), None) if obs else None
            if spec is None:
                return
            hand = self.hand_cards()
            cards = list(self.selected) if self.selected else ([hand[self.cursor]] if hand else [])
            self.chooser.pending = (spec[0], tuple(cards))
        self._meld_to(event.meld_id)

    def _meld_to(self, target: int) -> None:
        """Put the chosen cards onto meld ``target``, one by one, in whatever order the rules
        accept them; the first card that fits nowhere is refused with the reason. A card that
        fits in more than one way (a joker at either end of a run: ``JK=4C`` or ``JK=8C``; a
        card for both ends) is asked about, as a meld's designations are: the numbered
        choices, once the cards that fit one way only are down."""
        spec, cards = self.chooser.pending or (None, ())
        self.chooser.pending = None
        self.chooser.digits = ""
        cards = list(cards)
        while spec is not None and cards:
            st = self.match.state
            if st is None or st.over or self.mode != "human":
                break
            legal = st.legal_actions()
            pick = None
            ask = None
            for c in cards:
                ways = [a for a in legal if a.verb == spec.verb and a.cards == (c,) and a.target == target]
                if not ways:        # a joker from hand: what it may stand for there
                    ways = [a for a in legal if a.verb == spec.verb and len(a.cards) == 1
                            and plain(a.cards[0]) == c and a.target == target]
                if len(ways) == 1:
                    pick = ways[0]
                    break
                ask = ask or (ways or None)
            if pick is None and ask:
                self.chooser.choices = tuple(ask)
                self.redraw(clear=True)
                return
            if pick is None:
                prep = next((a.prep for a in legal if a.verb == spec.verb and a.prep), "to")
                self.try_action(Action(spec.verb, spec.arg, cards=(cards[0],), prep=prep, target=target))
                # the refused card is put back (not left selected for the next lay-off)
                if cards[0] in self.chooser.selected:
                    self.chooser.selected.remove(cards[0])
                break
            cards.remove(c)
            if not self.try_action(pick):
                break
        self.refresh_table()

    # ---- the message line ---------------------------------------------------------------
    def _draw_message(self) -> None:
        if not self.is_mounted:
            return
        widget = self.query_one("#message", Static)
        self.message_cut = None
        if self._message is not None:
            widget.update(self._message)
            return
        widget.update(self._hint())

    def _hint(self) -> Text:
        obs = self.observation()
        st = self.match.state
        names = self._names()
        grey = Style(color="#b8d8c0")
        gold = Style(color=R.GOLD, bold=True)
        if st is None or obs is None:
            return Text("")
        if self.mode == "bot" and st.to_act is not None:
            return Text(f"{names[st.to_act]} is thinking…", Style(color=R.GOLD, italic=True))
        if self.mode == "summary":
            return Text("The hand is over.", grey)
        if self.mode == "handover":
            return Text("Waiting for the next player…", grey)
        if self.mode != "human":
            return Text("")
        c = self.chooser
        if c.pending is not None:
            k = len(self._table_melds(obs))
            t = Text(f"{c.pending[0].label} ", gold)       # the cards it will move, by name
            t.append_text(R.cards_inline(c.pending[1], bool(getattr(self.app, "dutch", False))))
            t.append(": onto which meld? Type its number" + (" and press ⏎" if k > 9 else "")
                     + " (Esc cancels).", gold)
            return self._one_line(t)
        if c.path or c.choices:
            return self._one_line(Text(c.menu_prompt(obs), gold))
        hints = []
        # the card-shaped verbs' hints first: they say how to choose from the hand
        specs = sorted(Chooser.specs(obs), key=lambda sa: sa[0].shape not in CARD_SHAPES)
        for s, _ in specs:
            if s.hint and s.hint not in hints:
                hints.append(s.hint)
        if not hints:
            return Text("Your turn: choose an action below.", grey)
        # one line: the hints of every verb on offer, without "Your turn: " if that makes
        # them fit, else cut with … (``message_cut``: the fit checks report it)
        line = " · ".join(hints)
        if Text("Your turn: " + line).cell_len <= self._line_width():
            line = "Your turn: " + line
        return self._one_line(Text(line, grey))

    def _line_width(self) -> int:
        return max(20, (self.size.width or 80) - 2)

    def _one_line(self, t: Text) -> Text:
        width = self._line_width()
        if t.cell_len > width:
            self.message_cut = t.plain
            t.truncate(width - 1)
            t.append("…")
        return t

    # ---- keys ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        """Which keys the key line shows: the card keys only while a human decides and
        they do something (while the bots play: quit, the sheet, the history, the rules, undo).
        The table's keys themselves are run by ``on_key``, a card key even when hidden."""
        if action in CARD_KEY_ACTIONS and not self._card_key_live(action):
            return False          # hidden from the key line: it does nothing now
        if action == "hint":
            return hint_function() is not None and self.mode == "human"
        if action == "undo":
            return self.undo_allowed()
        return True

    def _card_key_live(self, action: str) -> bool:
        """Whether a card key does something now: ⏎ and ←→ while a card-shaped verb is on
        offer, ␣ while cards are selected; never while it is not a human's turn (pressed
        then, they say whose it is)."""
        if self.mode != "human":
            return False
        obs = self.observation()
        if obs is None or self._hidden():
            return False
        if action == "toggle":
            return Chooser.selecting(obs)
        if action == "enter":
            # ⏎ making the one move a button already names (roem: ``p Pass``) still makes it
            # but is not listed: two keys offered for one move invited pressing both, and
            # the second then fell on the next player's hand-over (issue 19)
            return self._enter_plan()[1] is not None and not self._enter_doubles_a_button(obs)
        return any(s.shape in CARD_SHAPES for s, _ in Chooser.specs(obs))

    async def on_key(self, event) -> None:
        """Every key of the table is handled here, at once and in the order typed (fast
        typing, a paste, key repeat): a key left to its binding would run only after it has
        bubbled up to the app, behind the digits typed after it."""
        key = event.key
        if self._too_small() and key != "q":
            event.stop()          # the table is not in view: no card is played blind
            event.prevent_default()
            return
        if self.chooser.pending is not None and (is_digit_key(key) or key == "enter"):
            event.stop()
            event.prevent_default()
            self._meld_key(key)
            return
        if key in self.keymap:
            event.stop()
            event.prevent_default()
            self.keymap[key]()
            return
        if card_index(key) is not None:
            event.stop()
            event.prevent_default()
            self._card_number(card_index(key))
            return
        for binding in self._bindings.key_to_bindings.get(key, ()):
            event.stop()
            event.prevent_default()
            _, name, params = parse_action(binding.action)
            if name in CARD_KEY_ACTIONS:
                # not through ``run_action``: that skips an action ``check_action`` hides from
                # the key line, and a card key says why it does nothing (⏎: ``action_enter``;
                # while a bot plays: whose turn it is)
                getattr(self, f"action_{name}")(*params)
            else:
                await self.run_action(binding.action)
            return
        char = event.character
        if (self.mode == "human" and char is not None and len(char) == 1 and char.isprintable()
                and not char.isspace() and key not in self.app._bindings.key_to_bindings):
            event.stop()
            event.prevent_default()
            self._no_such_key(char)

    def _digit(self, d: int) -> None:
        self._card_number(9 if d == 0 else d - 1)

    def _too_small(self) -> bool:
        """The terminal is smaller than ``MIN_SIZE``: a notice stands in for the table."""
        w, h = self.app.size
        return 0 < w < MIN_SIZE[0] or 0 < h < MIN_SIZE[1]

    def _card_number(self, i: int) -> None:
        """The key of card ``i`` of the hand (``chooser.card_key``): the cursor goes there
        (and the card is selected or put back while cards are selected)."""
        if self.mode != "human":
            self._not_your_turn()
            return
        hand = self.hand_cards()
        if i >= len(hand):
            return
        self.cursor = i
        self._message = None
        if self.selecting:
            self._toggle(i)
        self.refresh_table()

    def action_cursor(self, step: int) -> None:
        hand = self.hand_cards()
        if not hand or self.mode != "human":
            return
        self.cursor = (self.cursor + step) % len(hand)
        self._message = None
        self.refresh_table()

    def _toggle(self, i: int) -> None:
        hand = self.hand_cards()
        if not 0 <= i < len(hand):
            return
        c = hand[i]
        idx = self._selected_indexes(hand)
        if i in idx:
            self.chooser.selected.remove(c)
        else:
            self.chooser.selected.append(c)

    def action_toggle(self) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        if not self.selecting:
            if not self._hidden():
                # before, ␣ was silent here: a player took it for a selection that failed
                self.set_message(Text("␣ selects cards for a move of several cards; "
                                      "none is on offer now.", Style(color=R.GOLD)))
            return
        self._toggle(self.cursor)
        self._message = None
        self.refresh_table()

    def action_enter(self) -> None:
        """⏎: what ``_enter_plan`` says it does; when it does nothing now, why not
        (``_enter_refusal``)."""
        if self.mode != "human":
            self._not_your_turn()
            return
        fn = self._enter_plan()[1]
        if fn is not None:
            fn()
            return
        self._enter_refusal()

    def _enter_plan(self) -> tuple[str, Callable[[], None] | None]:
        """What ⏎ does now, one answer for the key line and the key: its verb and the
        function it runs. ⏎ runs the card-shaped verb on ⏎ (or the first card verb on offer:
        the card under the cursor, the selected cards), a button on ⏎, else the one legal move
        when it takes no cards and asks nothing (roem to pass on). ``("", None)``: nothing
        now (not the human's turn, a draw or a bid to choose, a menu open)."""
        obs = self.observation()
        if self.mode != "human" or obs is None or self._hidden() or not obs.legal:
            return "", None
        fn = self.keymap.get("enter")
        if fn is not None:
            spec = self.chooser.card_spec(obs, "enter")
            return (spec[0].verb if spec else "choose"), fn
        only = self._only_move(obs)
        if only is not None:
            return only.verb, (lambda: self.try_action(only))
        return "", None

    def _enter_refusal(self) -> None:
        """⏎ when it does nothing now, on the human's turn: a card verb this phase offered on
        ⏎ before but not now gets the rules' reason for the card under the cursor (as its
        own key does); else the message names the keys that choose (``d Draw stock · t Take
        discard``), Esc too in a menu."""
        obs = self.observation()
        if obs is None or self._hidden() or not obs.legal:
            return
        c = self.chooser
        menu = bool(c.path or c.choices)
        if not menu:
            seen = [sp for sp in self._seen_specs.get(obs.phase, {}).values() if sp.shape in (CARD, CARDS)]
            sp = next((sp for sp in seen if sp.key == "enter"), None) or next(
                (sp for sp in seen if not sp.key and sp.shape == CARD), None)
            if sp is not None and spec_for(Action(sp.verb, sp.arg), obs.verbs) is None:
                self.card_key(sp, [])
                return
        t = Text("⏎ makes no move now; keys: ", Style(color=R.GOLD))
        for i, (key, label) in enumerate(self._buttons):
            if i:
                t.append(" · ", Style(color=R.GOLD))
            t.append(f"{key_name(key)} ", Style(color=R.GOLD, bold=True))
            t.append_text(label)
        if menu and not any(key == "escape" for key, _ in self._buttons):
            t.append(" · Esc back", Style(color=R.GOLD))
        self.set_message(self._one_line(t))

    def _enter_doubles_a_button(self, obs: Observation) -> bool:
        """⏎ would make the one move on offer (``_only_move``) and a button of the action
        line makes that move on its own key."""
        return ("enter" not in self.keymap and self._only_move(obs) is not None
                and any(key != "enter" for key, _ in self._buttons))

    @staticmethod
    def _only_move(obs: Observation) -> Action | None:
        """The one legal move when there is one and it takes no cards and asks nothing
        (roem to pass on): ⏎ makes it."""
        if obs is None or len(obs.legal) != 1:
            return None
        only = obs.legal[0]
        spec = spec_for(only, obs.verbs)
        if spec is None or spec.shape in CARD_SHAPES or spec.shape == MELD or spec.confirm:
            return None
        return only

    def _no_such_key(self, key: str) -> None:
        """A key that does nothing now, on the human's turn: say so and point at the key
        line (before, nothing happened and an old message stayed, as if it answered)."""
        self.set_message(Text(f"{key} does nothing now: the keys below say what you can do.",
                              Style(color=R.GOLD)))

    def action_scroll_center(self, lines: int) -> None:
        center = self.query_one("#center", VerticalScroll)
        center.scroll_to(y=center.scroll_y + lines, animate=False)

    def action_cancel(self) -> None:
        c = self.chooser
        if c.path or c.choices:
            c.back(self)
            return
        if c.pending is not None:
            c.pending = None
            c.digits = ""
        elif c.selected:
            c.selected = []
        c.page = 0
        self._message = None
        self.refresh_table()

    def on_card_widget_clicked(self, event: CardWidget.Clicked) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        i = event.index
        if self.selecting:
            self.cursor = i
            self._toggle(i)
            self._message = None
            self.refresh_table()
        elif self.cursor == i:
            self.action_enter()
        else:
            self.cursor = i
            self._message = None
            self.refresh_table()

    def on_action_bar_chosen(self, event: ActionBar.Chosen) -> None:
        fn = self.keymap.get(event.key)
        if fn:
            fn()

    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(self.match, self._names()))

    def action_history(self) -> None:
        """The hand so far (``tui/history.py``), from the public events of the observation."""
        from cardtable.tui.history import HistoryScreen, history_lines

        m = self.match
        lines = history_lines(self.observation(), self._names(), bool(getattr(self.app, "dutch", False)))
        self.app.push_screen(HistoryScreen(f"{m.game.name}, hand {max(1, len(m.hands))}: the hand so far", lines))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(type(self.match.game)))

    def action_letters(self) -> None:
        self.app.dutch = not getattr(self.app, "dutch", False)
        self.refresh_table()

    # ---- undo -----------------------------------------------------------------------------
    def undo_allowed(self) -> bool:
        """Undo is on for a human alone with bots; in hot-seat only when the setting
        (``app.hotseat_undo``) turns it on."""
        if not self.humans:
            return False
        return not self.hot_seat or bool(getattr(self.app, "hotseat_undo", False))

    def action_undo(self) -> None:
        """Take back the last decision of a human in this hand and the bots' moves after it
        (``Match.undo``); as many times as there are decisions in the hand."""
        if not self.undo_allowed():
            self.set_message(Text("Undo is off in hot-seat (it can be turned on in the settings).",
                                  Style(color=R.GOLD)))
            return
        if self.mode not in ("human", "bot"):
            return
        m = self.match
        humans = set(self.humans)
        # hot-seat: only the player at the keyboard takes back, only their own decision, and
        # not once another human has decided after it
        mine = {self.viewer} if len(humans) > 1 and self.mode == "human" else humans
        n = m.undo_count(mine)
        if n and len(humans) > 1 and any(a in humans - mine for a in m.actors()[-n:]):
            self.set_message(Text("Another player has decided since your last move: it cannot be "
                                  "taken back.", Style(color=R.GOLD)))
            return
        if n == 0:
            self.set_message(Text("Nothing to take back in this hand.", Style(color=R.GOLD)))
            return
        refusal = m.undo_refusal(n, mine)
        if refusal:
            self.set_message(Text(refusal, Style(color=R.GOLD)))
            return
        taken = m.hands[-1]["actions"][len(m.hands[-1]["actions"]) - n]
        self.driver.stop()            # a bot thinking about its reply: its move is dropped
        self.review.stop()
        m.undo(n)
        self._autosave()
        self.chooser = Chooser()
        self.cursor = 0
        self.advance()
        back = self.observation()
        msg = Text("Taken back: ")
        msg.append_text(R.move_words(m.game.parse_action(taken), back.verbs if back is not None else (),
                                     bool(getattr(self.app, "dutch", False))))
        msg.append((f" and {n - 1} move{'s' if n > 2 else ''} after it" if n > 1 else "") + ".")
        msg.stylize_before(Style(color=R.GOLD))
        self.set_message(msg)

    def action_leave(self) -> None:
        """Leave the table; the autosave keeps the match for the next start."""
        self._leave()

    def _leave(self, to_menu: bool = False) -> None:
        """Leave the table: back to the screen beneath; a table opened from the command line
        (``standalone``) quits the app, or with ``to_menu`` makes way for the menu."""
        self.mode = "idle"
        self.driver.stop()         # a bot still thinking stops its search (``Bot.cancel``)
        self.review.stop()
        if self._left:
            return
        self._left = True
        if self.standalone and to_menu:
            from cardtable.tui.screens import MenuScreen

            if self.is_attached and self is self.app.screen:
                self.app.switch_screen(MenuScreen())
        elif self.standalone:
            self.app.exit()
        else:
            dismiss_once(self, None)

    def on_unmount(self) -> None:
        self.driver.stop()
        self.review.stop()

    def on_screen_resume(self) -> None:
        self.refresh_table()

    def on_resize(self, event) -> None:
        # the status items and the rows of buttons are fitted to the width
        self.call_after_refresh(self.refresh_table)
