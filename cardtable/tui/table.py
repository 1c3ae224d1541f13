"""The table screen: draws one seat's observation and turns keys and clicks into actions.

Flow (one ``advance()`` after every change):
  hand over?  -> the hand summary screen, then the next hand (or the match end screen);
  a bot acts  -> it thinks in a thread worker, its move is shown after ``app.bot_delay``;
  a human     -> with several humans, a hand-over screen first when the turn passes to a
                 different human than the one who last saw the table (and at every new hand);
                 the table is drawn from that seat's observation only after the confirmation.

Legality is never decided here: card keys look the action up in ``obs.legal`` (the
observation's copy of ``legal_actions()``); an action that is not there is still sent to
``Match.apply``, which refuses it with the rules' reason, and that reason is shown.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Callable

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

from cardtable import saves
from cardtable.cards import SUIT_LETTERS
from cardtable.engine.actions import Action, parse_action
from cardtable.engine.game import IllegalAction, Observation
from cardtable.engine.match import Match
from cardtable.tui import render as R
from cardtable.tui.widgets import (ActionBar, CardWidget, HandView, KeyFooter, LogView, MeldsView, MeldWidget,
                                   PileView, SeatView, SheetView, TrickView, mount_safely)

#: Keys an action button may want first (verb, or "verb arg").
PREFERRED_KEYS = {
    "claim": "c", "pass": "p", "declare stuk": "k", "declare trickroem": "r",
    "draw stock": "d", "draw discard": "t", "knock": "k", "double": "d", "redouble": "r",
    "bid play": "b", "exchange none": "k",
    "trump C": "c", "trump D": "d", "trump H": "h", "trump S": "s", "trump none": "b",
}
#: Keys that belong to the table itself and are never given to an action button ...
RESERVED_KEYS = set("smlxnq?") | {"enter", "space", "left", "right", "escape", "up", "down"} | set("0123456789")
#: ... but these, which a suit's letter may take while suits are offered (the sheet key
#: then waits: it is hidden from the key line until the choice is made)
SUIT_KEYS = {"s"}
FREE_KEYS = "efgijuvwyzabh"
#: Verbs that act on the cards selected in the hand (the rest become buttons);
#: ``exchange none`` has no cards and is a button.
SELECTION_VERBS = {"play", "meld", "layoff", "discard", "exchange"}
#: Verbs offered as a menu (rules/README.md: ``ask``/``tell`` ``count <suit>`` · ``top
#: <suit>`` · ``has <card>``): the verb, then the topic, then the suit or the card.
MENU_VERBS = ("ask", "tell")
MENU_OPEN = {"ask": ("a", "Ask partner…"), "tell": ("t", "Tell…")}
TOPICS = ("count", "top", "has")
TOPIC_KEYS = {"count": "c", "top": "t", "has": "h"}
TOPIC_WORDS = {
    ("ask", "count"): "How many?", ("ask", "top"): "Highest?", ("ask", "has"): "Do you have…?",
    ("tell", "count"): "How many I hold", ("tell", "top"): "My highest", ("tell", "has"): "A card I hold",
}
#: the menu's prompt for a topic (after "Ask Bram (your partner): ")
TOPIC_PROMPTS = {
    ("ask", "count"): "how many cards of", ("ask", "top"): "the highest card of",
    ("ask", "has"): "do you have", ("tell", "count"): "how many I hold of",
    ("tell", "top"): "my highest card of", ("tell", "has"): "I hold",
}
SUIT_KEY = "cdhs"     # ♣ ♦ ♥ ♠ (suit order C D H S)


def is_digit_key(key: str) -> bool:
    """An ASCII digit key, 0 to 9: only those choose a card or a meld. ``²`` (a key of its
    own on AZERTY keyboards), ``³``, ``①`` or ``٣`` are digits to ``str.isdigit`` (and some to
    ``int``) but are no card number here: they are ignored like any other unbound key."""
    return len(key) == 1 and "0" <= key <= "9"


def seat_positions(n: int, anchor: int) -> dict[int, str]:
    """Where each seat sits, seen from ``anchor`` at the bottom: play goes clockwise, so the
    next seat sits to the left. 2: top; 3: left, right; 4: left, top, right; more: left,
    top (several), right."""
    rel = [(anchor + k) % n for k in range(1, n)]
    pos = {anchor: "bottom"}
    if n == 2:
        pos[rel[0]] = "top"
    elif n == 3:
        pos[rel[0]], pos[rel[1]] = "left", "right"
    else:
        pos[rel[0]] = "left"
        pos[rel[-1]] = "right"
        for s in rel[1:-1]:
            pos[s] = "top"
    return pos


class TableScreen(Screen):
    """One match at the table. ``standalone``: quitting the table quits the app (CLI start)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    AUTO_FOCUS = None

    BINDINGS = [
        Binding("left", "cursor(-1)", "card", key_display="←→"),
        Binding("right", "cursor(1)", "card", show=False),
        Binding("enter", "enter", "play"),
        Binding("space", "toggle", "select", key_display="␣"),
        Binding("m", "meld", "meld"),
        Binding("l", "layoff", "lay off"),
        Binding("x", "discard", "discard", show=False),
        Binding("s", "sheet", "sheet"),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("n", "letters", "B/J", show=False),
        Binding("escape", "cancel", "cancel", show=False),
        Binding("q", "leave", "quit"),
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

        self.bots = {}
        for s in range(match.game.players):
            kind, name = match.seat_kind(s)
            if kind == "bot":
                seed = None if match.seed is None else match.seed * 1000 + s
                self.bots[s] = get_bot(name, match.game, seed=seed)
        self.humans = [s for s in range(match.game.players) if match.seat_kind(s)[0] == "human"]
        self.hot_seat = len(self.humans) > 1
        # the seat whose hand is on the table (None: every hand hidden)
        self.viewer: int | None = None if self.hot_seat else (self.humans[0] if self.humans else 0)
        self.anchor = self.humans[0] if self.humans else 0
        self.mode = "idle"        # idle | bot | human | handover | summary | over
        self.cursor = 0
        self.selected: list[int] = []   # cards selected (rummy), as card values (a multiset)
        self.layoff_cards: list[int] | None = None
        self.layoff_digits = ""
        self.keymap: dict[str, Callable[[], None]] = {}
        self.menu: tuple[str, ...] = ()     # the path in an ask/tell menu: (verb, topic, suit)
        self._token: object = None
        self._summary_for = -1
        self._message: Text | None = None
        self._wait_shown = False         # the message is a "Wait: … is to play." refusal
        self.errors: list[str] = []     # bot failures (shown, and kept for the tests)
        self._live_verbs: set[str] = set()   # the verbs of the human's legal actions now
        self._save_failed = False        # the last autosave failed (its warning was shown)
        self._key_line_shown: tuple = ()
        self._left = False               # the table was left (q, the match end): it is gone
        self.multi = match.game.family == "rummy"
        # cards are selected (several, with ␣ or their numbers) in a rummy and, in a trick
        # game, while an exchange with the stock is offered
        self.selecting = self.multi
        if self.multi:
            # ⏎ discards in a rummy: say so in the key help line
            self._bindings.key_to_bindings["enter"] = [Binding("enter", "enter", "discard")]

    # ---- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
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
            if st is not None and st.over and self._summary_for != len(m.hands):
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
            m.start_hand()
            self._autosave()
            self._new_hand()
            st = m.state
        seat = st.to_act
        kind, name = m.seat_kind(seat)
        if kind == "bot":
            self.mode = "bot"
            self.refresh_table()
            self._start_bot(seat)
            return
        if self.hot_seat and self.viewer != seat:
            self.mode = "handover"
            self.viewer = None            # hide every hand before anything else is drawn
            self.refresh_table()
            from cardtable.tui.screens import HandOverScreen

            self.app.push_screen(HandOverScreen(name, self._handover_note(seat)),
                                 callback=lambda _=None, s=seat: self._handover_done(s))
            return
        self.viewer = seat
        self.anchor = seat
        self.mode = "human"
        self.refresh_table()

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
        self.cursor = 0
        self.selected = []
        self.menu = ()
        self.refresh_table()

    def _new_hand(self) -> None:
        self.cursor = 0
        self.selected = []
        self.menu = ()
        self.layoff_cards = None
        self._message = None
        if self.hot_seat:
            self.viewer = None

    def _show_summary(self) -> None:
        from cardtable.tui.screens import HandSummaryScreen

        m = self.match
        if not m.hands or m.state is None or not m.state.over:
            return
        self.app.push_screen(HandSummaryScreen(m, len(m.hands) - 1, self._names()),
                             callback=lambda _=None: self._after_summary())

    def _after_summary(self) -> None:
        self.advance()

    def _show_end(self) -> None:
        from cardtable.tui.screens import MatchEndScreen

        self.mode = "over"
        self._clear_save()
        self.refresh_table()
        self.app.push_screen(MatchEndScreen(self.match, self._names()),
                             callback=lambda _=None: self._leave())

    # ---- bots ---------------------------------------------------------------------------
    def _start_bot(self, seat: int) -> None:
        st = self.match.state
        obs = st.observation(seat)
        bot = self.bots[seat]
        token = object()
        self._token = token
        delay = self.bot_pause(obs)

        def think():
            t0 = time.monotonic()
            action = bot.choose(obs)
            worker = get_current_worker()
            while True:
                rest = delay - (time.monotonic() - t0)
                if rest <= 0 or worker.is_cancelled:
                    break
                time.sleep(min(0.05, rest))
            return token, seat, action

        self.run_worker(think, name="bot", group="bot", thread=True, exclusive=True, exit_on_error=False)

    def bot_pause(self, obs: Observation) -> float:
        """Seconds a bot's move stays pending: the bot delay, one and a half times that when
        a trick has just been completed (the table shows it) and the bot leads the next."""
        if not obs.trick and obs.last_trick:
            return self.delay * 1.5
        return self.delay

    def _gone(self) -> bool:
        """The table is leaving or has left the app (a quit, ``q``, the app closing): no
        bot move is applied and nothing is drawn or mounted any more."""
        app = self.app
        return (self._left or not self.is_attached or self._closing or self._closed
                or app._closing or bool(getattr(app, "_exit", False)))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "bot" or self._gone():
            return
        if event.state == WorkerState.SUCCESS:
            res = event.worker.result
            if not res:
                return
            token, seat, action = res
            if token is not self._token or self.mode != "bot":
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
        elif event.state == WorkerState.ERROR:
            st = self.match.state
            self._bot_failed(st.to_act if st else None, f"the bot failed: {event.worker.error!r}")

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

    # ---- applying actions ---------------------------------------------------------------
    def try_action(self, action: Action) -> bool:
        """Send a human's action to the match; on refusal show the rules' reason."""
        if self.mode != "human":
            self._not_your_turn()
            return False
        try:
            self.match.apply(action)
        except IllegalAction as e:
            self.set_message(self._refusal(str(e)))
            return False
        self._message = None
        self._after_action()
        return True

    def _after_action(self) -> None:
        self._autosave()
        self.menu = ()
        self.layoff_cards = None
        self.layoff_digits = ""
        # keep the selection only as far as the cards are still in the hand
        if self.viewer is not None and self.match.state is not None:
            hand = Counter(self.match.state.observation(self.viewer).hand)
            keep = []
            for c in self.selected:
                if hand[c] > 0:
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
            saves.clear()
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
        if self._hidden():
            # public view only: the hand of this observation is never drawn
            return st.observation(self.anchor)
        return st.observation(self.viewer)

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

    def _refusal(self, reason: str) -> Text:
        """The rules' reason, with card codes drawn as cards and seats named."""
        t = R.pretty(reason, bool(getattr(self.app, "dutch", False)), self._names())
        t.stylize_before(Style(color="#ff8080", bold=True))
        return t

    def set_message(self, text: Text | None) -> None:
        self._message = text
        self._wait_shown = False
        self._draw_message()

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
        if obs is not None:
            status.append_text(R.pretty(obs.status, dutch, names))
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
        self.selecting = self.multi or (self.mode == "human" and not self._hidden() and any(
            a.verb == "exchange" and a.cards for a in obs.legal))
        if not self.selecting:
            self.selected = []
        if self.menu and not self._menu_actions(obs):
            self.menu = ()
        for s, p in pos.items():
            if p == "bottom":
                continue
            view = left if p == "left" else right if p == "right" else views[top_seats.index(s)]
            view.show(names[s], obs.hand_sizes[s] if s < len(obs.hand_sizes) else 0,
                      dealer=(s == obs.dealer), to_act=(s == obs.to_act), note=self._seat_note(obs, s, anchor),
                      thinking=(self.mode == "bot" and s == obs.to_act and self.delay > 0),
                      compact=(p in ("left", "right")), center=(p == "top"))

        # the middle
        trick_view = self.query_one("#trick", TrickView)
        piles = self.query_one("#piles", PileView)
        melds = self.query_one("#melds", MeldsView)
        # a trick game with a stock (manille) keeps the trick in the middle; the stock's
        # count goes in the line above it
        is_rummy = self.multi or bool(obs.discard)
        trick_view.display = not is_rummy
        piles.display = is_rummy
        melds.display = is_rummy and bool(obs.melds)
        if is_rummy:
            piles.show(obs.stock_size, obs.discard, dutch)
        else:
            head = Text()
            if obs.trump is not None:
                head.append("Troef ", Style(color="#b8d8c0"))
                head.append_text(R.suit_text(obs.trump))
            elif isinstance(obs.extra, dict) and obs.extra.get("contract") == "none":
                head.append("No trumps", Style(color="#b8d8c0"))
            elif obs.phase not in ("play", "over") and not obs.trick:
                head.append("Trump not chosen yet", Style(color="#b8d8c0"))
            if obs.upcard is not None:
                head.append(" · turned up ", Style(color="#b8d8c0"))
                head.append_text(R.card_text(obs.upcard, dutch))
            if obs.stock_size:
                head.append(f" · stock {obs.stock_size}", Style(color="#b8d8c0"))
            side = self._talk_lines(obs, names, dutch)
            # the talk list beside the trick says the trick's question already
            talk = None if side else self._trick_talk(obs, names, dutch)
            if obs.trick:
                leader = obs.trick[0][0]
                caption = talk or Text(f"{names[leader]} led", Style(color="#b8d8c0", italic=True))
                trick_view.show(obs.trick, pos, names, dutch, caption, trump=head,
                                last=self._last_trick_line(obs, names, dutch), side=side)
            elif obs.last_trick:
                w = obs.last_trick_winner
                caption = talk or Text("last trick" + (f": won by {names[w]}" if w is not None else ""),
                                       Style(color="#b8d8c0", italic=True))
                trick_view.show(obs.last_trick, pos, names, dutch, caption, winner=w, trump=head,
                                side=side)
            else:
                trick_view.show((), pos, names, dutch, talk or Text(""), trump=head, side=side)
        if is_rummy and obs.melds:
            melds.show(obs.melds, names, dutch)

        # roem shown in a trick game (the log says it too; the side panel keeps it in view)
        side_melds = self.query_one("#side-melds", Static)
        if not is_rummy and obs.melds:
            t = Text("Roem\n", Style(bold=True, color=R.GOLD))
            t.append_text(Text("\n").join(
                Text.assemble((names.get(md.owner, str(md.owner)) + " ", Style(color="#b8d8c0")),
                              R.cards_inline(md.cards, dutch)) for md in obs.melds))
            t.append("\n")
            side_melds.update(t)
            side_melds.display = True
        else:
            side_melds.display = False

        # logs and sheet
        self.query_one("#log", LogView).show(obs.log, dutch, names)
        self.query_one("#side-log", LogView).show(obs.log, dutch, names)
        teams = {m.game.team_of(s) for s in range(n)}
        self.query_one("#side-sheet", SheetView).show(m.sheet, names=[names[s] for s in range(n)],
                                                      score_columns=len(teams))

        # my seat line and hand
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
            aside = obs.extra.get("my_discards") if isinstance(obs.extra, dict) else None
            if aside:
                me.append("  put aside: ", Style(color="#b8d8c0"))
                me.append_text(R.pretty(" ".join(aside), dutch))
            hand = list(obs.hand)
            if hand:
                self.cursor = max(0, min(self.cursor, len(hand) - 1))
            playable = self._playable(obs, hand)
            cursor = self.cursor if self.mode == "human" and hand else None
            # selecting (rummy, an exchange): the selected cards stand up; else the card
            # under the cursor
            raised = (self._selected_indexes(hand) if self.selecting
                      else ({cursor} if cursor is not None else set()))
            hand_view.show(hand, dutch, cursor, raised, playable)
        self.query_one("#me", Static).update(me)
        self._live_verbs = ({a.verb for a in obs.legal} if self.mode == "human" and not self._hidden()
                            else set())
        self._draw_actions(obs)
        self._draw_message()
        # ⏎ plays a card, exchanges the selection (manille) or discards (rummy): the key line says which
        enter = "discard" if self.multi else ("exchange" if self.selecting else "play")
        current = self._bindings.key_to_bindings.get("enter")
        if not current or current[0].description != enter:
            self._bindings.key_to_bindings["enter"] = [Binding("enter", "enter", enter)]
        # the key line is rebuilt only when what it shows changed (not at every redraw:
        # a rebuilt footer costs widgets, and Textual keeps some of them, textual#6666)
        shown = self._key_line()
        if shown != self._key_line_shown:
            self._key_line_shown = shown
            self.refresh_bindings()

    def _key_line(self) -> tuple:
        """What the key line shows now: each shown binding's key, words and whether it is
        live (``check_action``)."""
        out = []
        for key, bindings in self._bindings.key_to_bindings.items():
            for b in bindings:
                if b.show:
                    out.append((key, b.action, b.description, self.check_action(b.action.split("(")[0], ())))
        return tuple(out)

    def _last_trick_line(self, obs: Observation, names: dict[int, str], dutch: bool) -> Text | None:
        """``last trick 7♠ K♠ 9♠ J♠ · Bot 1`` (the winner's card in gold): the trick before the
        one in play stays in view, so that a person can see who won it."""
        if not obs.last_trick:
            return None
        soft = Style(color="#b8d8c0", italic=True)
        t = Text("last trick ", soft)
        w = obs.last_trick_winner
        for i, (seat, card) in enumerate(obs.last_trick):
            if i:
                t.append(" ")
            lab = R.cards_inline([card], dutch)
            if seat == w:
                lab.stylize(Style(underline=True))
            t.append_text(lab)
        if w is not None:
            t.append(f" · won by {names.get(w, str(w))}", soft)
        return t

    def _talk_lines(self, obs: Observation, names: dict[int, str], dutch: bool) -> list[Text]:
        """Every question or statement of the hand with its answer (``extra["talk"]``,
        Manille Parlée), oldest first, short enough to stand beside the trick:
        ``3 Anna→Bot 2: ♠ count? 2``, ``5 Bot 1: I hold K♣``."""
        talk = obs.extra.get("talk") if isinstance(obs.extra, dict) else None
        if not talk:
            return []
        out = []
        for t in talk:
            try:
                a = parse_action(t["action"])
            except Exception:
                continue
            topic = (a.arg or "").split()
            if not topic:
                continue
            ans = str(t.get("answer", ""))
            seat, subject = t.get("seat"), t.get("subject")
            line = Text(f"{t.get('trick', '?')} ", Style(color="#b8d8c0"))
            if topic[0] == "has":
                what = R.cards_inline(a.cards, dutch)
            else:
                what = R.suit_text(SUIT_LETTERS.index(topic[1]))
            ans_t = R.pretty(ans, dutch, names) if ans not in ("none",) else Text("none")
            if a.verb == "ask":
                line.append(f"{names.get(seat, seat)}→{names.get(subject, subject)} ")
                if topic[0] == "count":
                    line.append_text(what)
                    line.append(" count: ")
                else:
                    line.append(topic[0] + " ")
                    line.append_text(what)
                    line.append(": ")
                line.append_text(ans_t)
            else:
                line.append(f"{names.get(seat, seat)}: ")
                if topic[0] == "count":
                    line.append(f"I hold {ans} ")
                    line.append_text(what)
                elif topic[0] == "top":
                    line.append("no " if ans == "none" else "top ")
                    line.append_text(what)
                    if ans != "none":
                        line.append(" ")
                        line.append_text(ans_t)
                else:
                    line.append("I hold ")
                    line.append_text(what)
            out.append(line)
        return out

    def _trick_talk(self, obs: Observation, names: dict[int, str], dutch: bool) -> Text | None:
        """The question or statement of the trick in play (``extra["talk"]``, Manille
        Parlée), drawn under the trick so that every seat sees it while the trick lasts."""
        talk = obs.extra.get("talk") if isinstance(obs.extra, dict) else None
        if not talk:
            return None
        done = sum(obs.tricks_won) if obs.tricks_won else 0
        cur = talk[-1]
        if cur.get("trick") != done + 1:
            return None
        line = next((ln for ln in reversed(obs.log) if " asks " in ln or " tells: " in ln), None)
        if line is None:
            return None
        t = R.pretty(line, dutch, names)
        t.stylize(Style(color=R.GOLD, italic=True))
        return t

    def _seat_note(self, obs: Observation, s: int, anchor: int) -> str:
        parts = []
        g = self.match.game
        if s != anchor and g.team_of(s) == g.team_of(anchor):
            parts.append("partner")
        if isinstance(obs.extra, dict) and obs.extra.get("declarer") == s:
            parts.append("declarer")
        if obs.tricks_won and s < len(obs.tricks_won) and (obs.trick or obs.last_trick or any(obs.tricks_won)):
            k = obs.tricks_won[s]
            parts.append(f"{k} trick{'s' if k != 1 else ''}")
        if obs.melds and self.multi:
            k = sum(1 for md in obs.melds if md.owner == s)
            if k:
                parts.append(f"{k} meld{'s' if k != 1 else ''}")
        return " · ".join(parts)

    def _playable(self, obs: Observation, hand: list[int]) -> set[int] | None:
        """Indexes of hand cards that some legal card action uses (for dimming the rest)."""
        if self.mode != "human" or not obs.legal:
            return None
        verbs = {a.verb for a in obs.legal}
        if "play" in verbs:
            ok = {c for a in obs.legal if a.verb == "play" for c in a.cards}
            return {i for i, c in enumerate(hand) if c in ok}
        if self.selecting:
            ok = {c for a in obs.legal if a.verb == "exchange" for c in a.cards}
            return {i for i, c in enumerate(hand) if c in ok} if not self.multi else None
        # outside the play step (bidding, naming trumps, declaring) no card is played, but
        # the hand is read for the decision: drawn as it is
        return None

    def _label(self, a: Action, obs: Observation) -> Text:
        return R.action_label(a, getattr(self.app, "dutch", False), phase=obs.phase,
                              family=self.match.game.family,
                              extra=obs.extra if isinstance(obs.extra, dict) else None)

    def _draw_actions(self, obs: Observation) -> None:
        bar = self.query_one("#actions", ActionBar)
        self.keymap = {}
        items: list[tuple[str, Text]] = []
        if self.mode == "human" and obs.legal and self.menu:
            items = self._menu_items(obs)
        elif self.mode == "human" and obs.legal:
            used = set(RESERVED_KEYS)
            direct = [a for a in obs.legal if a.verb not in MENU_VERBS
                      and not (a.verb in SELECTION_VERBS and a.cards)]
            seen = set()
            for a in direct:
                if a in seen:
                    continue
                seen.add(a)
                key = PREFERRED_KEYS.get(f"{a.verb} {a.arg}") or PREFERRED_KEYS.get(a.verb)
                if key is None or (key in used and not (key in SUIT_KEYS and a.verb == "trump")):
                    key = next((k for k in FREE_KEYS if k not in used), None)
                if key is None:
                    continue
                used.add(key)
                self.keymap[key] = (lambda a=a: self.try_action(a))
                items.append((key, self._label(a, obs)))
            verbs = {a.verb for a in obs.legal}
            for verb in MENU_VERBS:
                if verb in verbs:
                    key, label = MENU_OPEN[verb]
                    if key in used:
                        key = next((k for k in FREE_KEYS if k not in used), key)
                    used.add(key)
                    self.keymap[key] = (lambda v=verb: self.open_menu((v,)))
                    items.append((key, Text(label)))
            if self.multi:
                if "meld" in verbs:
                    items.append(("m", Text("Meld selected")))
                    self.keymap["m"] = self.action_meld
                if "layoff" in verbs:
                    items.append(("l", Text("Lay off")))
                    self.keymap["l"] = self.action_layoff
                if "discard" in verbs:
                    items.append(("x", Text("Discard")))
                    self.keymap["x"] = self.action_discard
            elif "play" in verbs:
                items.insert(0, ("enter", Text("Play card")))
                self.keymap["enter"] = self.action_enter
            elif self.selecting:
                n = len(self.selected)
                key = "e" if "e" not in used else next(k for k in FREE_KEYS if k not in used)
                items.insert(0, (key, Text(f"Exchange selected ({n})")))
                self.keymap[key] = self.action_exchange
                self.keymap["enter"] = self.action_exchange
        bar.show(items)

    # ---- the ask/tell menu ----------------------------------------------------------------
    def _menu_actions(self, obs: Observation) -> list[Action]:
        """The legal actions under the menu path ``self.menu``."""
        if not self.menu:
            return []
        verb = self.menu[0]
        acts = [a for a in obs.legal if a.verb == verb]
        if len(self.menu) > 1:
            topic = self.menu[1]
            acts = [a for a in acts if (a.arg or "").split()[:1] == [topic]]
        if len(self.menu) > 2:
            suit = self.menu[2]
            acts = [a for a in acts if (a.cards and "CDHS"[a.cards[0] >> 4] == suit)
                    or (not a.cards and (a.arg or "").split()[1:] == [suit])]
        return acts

    def _menu_items(self, obs: Observation) -> list[tuple[str, Text]]:
        """Buttons of the menu level: the topics, the suits, or the cards of a suit."""
        acts = self._menu_actions(obs)
        dutch = getattr(self.app, "dutch", False)
        items: list[tuple[str, Text]] = []
        path = self.menu
        if len(path) == 1:
            topics = {(a.arg or "").split()[0] for a in acts if a.arg}
            for topic in TOPICS:
                if topic in topics:
                    key = TOPIC_KEYS[topic]
                    items.append((key, Text(TOPIC_WORDS[(path[0], topic)])))
                    self.keymap[key] = (lambda t=topic: self.open_menu(path + (t,)))
        elif len(path) == 2:
            suits = set()
            for a in acts:
                if a.cards:
                    suits.add("CDHS"[a.cards[0] >> 4])
                else:
                    suits.add((a.arg or "").split()[-1])
            for i, letter in enumerate("CDHS"):
                if letter not in suits:
                    continue
                key = SUIT_KEY[i]
                items.append((key, R.suit_text(i)))
                if path[1] == "has":
                    self.keymap[key] = (lambda L=letter: self.open_menu(path + (L,)))
                else:
                    act = next(a for a in acts if (a.arg or "").split()[-1] == letter)
                    self.keymap[key] = (lambda a=act: self.try_action(a))
        else:
            acts = sorted(acts, key=lambda a: -(a.cards[0] & 15))
            for i, a in enumerate(acts[:9]):
                key = str(i + 1)
                items.append((key, R.cards_inline(a.cards, dutch)))
                self.keymap[key] = (lambda a=a: self.try_action(a))
        items.append(("escape", Text("Back")))
        self.keymap["escape"] = self.menu_back
        return items

    def open_menu(self, path: tuple[str, ...]) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        self.menu = path
        self._message = None
        self.refresh_table()

    def menu_back(self) -> None:
        self.menu = self.menu[:-1]
        self._message = None
        self.refresh_table()

    def _menu_hint(self, obs: Observation) -> Text:
        names = self._names()
        gold = Style(color=R.GOLD, bold=True)
        verb = self.menu[0]
        partner = next((s for s in range(obs.n_seats) if s != obs.seat
                        and self.match.game.team_of(s) == self.match.game.team_of(obs.seat)), None)
        who = f"Ask {names[partner]} (your partner)" if verb == "ask" and partner is not None else (
            "Ask your partner" if verb == "ask" else "Tell everyone")
        if len(self.menu) == 1:
            return Text(f"{who}: what? (Esc: back)", gold)
        topic = self.menu[1]
        what = TOPIC_PROMPTS[(verb, topic)]
        if len(self.menu) == 2:
            return Text(f"{who}: {what} … which suit? (Esc: back)", gold)
        return Text(f"{who}: {what} … which card? (Esc: back)", gold)

    def action_exchange(self) -> None:
        """Exchange the selected cards with the stock (the rules check the number)."""
        if self.mode != "human":
            self._not_your_turn()
            return
        obs = self.observation()
        cards = list(self.selected)
        if not cards:
            self.set_message(Text("Select the cards to put aside first (␣ or their numbers), "
                                  "or keep your hand.", Style(color="#ff6b6b", bold=True)))
            return
        want = Counter(cards)
        for a in obs.legal:
            if a.verb == "exchange" and a.cards and Counter(a.cards) == want:
                self.selected = []
                self.try_action(a)
                return
        self.try_action(Action("exchange", cards=tuple(cards)))

    def _draw_message(self) -> None:
        if not self.is_mounted:
            return
        widget = self.query_one("#message", Static)
        if self._message is not None:
            widget.update(self._message)
            return
        widget.update(self._hint())

    def _hint(self) -> Text:
        obs = self.observation()
        st = self.match.state
        names = self._names()
        grey = Style(color="#b8d8c0")
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
        if self.layoff_cards is not None:
            return Text("Lay off onto which meld? Type its number"
                        + (" and press ⏎" if len(obs.melds) > 9 else "") + " (Esc cancels).",
                        Style(color=R.GOLD, bold=True))
        if self.menu:
            return self._menu_hint(obs)
        verbs = {a.verb for a in obs.legal}
        if self.selecting and not self.multi:
            k = max((len(a.cards) for a in obs.legal if a.verb == "exchange"), default=0)
            return Text(f"Put aside up to {k} card{'s' if k != 1 else ''}: select (␣ or 1-9), e "
                        "exchanges; k keeps your hand.", grey)
        if self.multi:
            if "draw" in verbs:
                return Text("Your turn: d draws from the stock, t takes the top discard.", grey)
            return Text("Select cards (␣ or 1-9), m melds them, l lays one off; ⏎ or x discards.", grey)
        if "play" in verbs:
            if any(v in verbs for v in MENU_VERBS):
                return Text(f"You lead: a card (←→ or 1-{min(9, len(obs.hand))}, ⏎), or first "
                            "a asks your partner, t tells.", grey)
            keys = "1-9, 0" if len(obs.hand) >= 10 else f"1-{len(obs.hand)}"
            return Text(f"Your turn: choose a card (←→ or {keys}) and press ⏎.", grey)
        if "trump" in verbs:
            more = []
            if Action("trump", "none") in obs.legal:
                more.append("b " + ("butifarra (×2)" if self.match.game.family == "butifarra" else "no trumps"))
            if Action("pass") in obs.legal:
                more.append("p your partner chooses")
            return Text(" · ".join(["Name trumps: c ♣ d ♦ h ♥ s ♠"] + more), grey)
        if "bid" in verbs:
            return Text("Take the game (b) and play alone against the others, or pass (p).", grey)
        if "double" in verbs or "redouble" in verbs:
            calls = (["double (d)"] if "double" in verbs else []) + (["redouble (r)"] if "redouble" in verbs else [])
            tail = ", or pass (p)." if "pass" in verbs else "."
            return Text(" / ".join(calls).capitalize() + tail, grey)
        if any(a.verb == "declare" for a in obs.legal) and obs.phase in ("meld", "roem"):
            return Text("Declare your roem with its key, then p to pass.", grey)
        return Text("Your turn: choose an action below.", grey)

    # ---- keys ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("enter", "cursor", "toggle", "meld", "layoff", "discard") and not self._card_key_live(action):
            return False          # hidden from the key line: it does nothing now
        if action == "toggle":
            return self.selecting
        if action in ("meld", "layoff", "discard"):
            return self.multi
        if action == "sheet" and "s" in self.keymap:
            return False          # the s key names spades now
        return True

    def _card_key_live(self, action: str) -> bool:
        """Whether a card key does something in the current phase: ⏎ and ←→ while a card
        can be played (or cards exchanged); in a rummy the meld, lay-off and discard keys
        once the card is drawn. While it is not the human's turn the keys say whose it is."""
        if self.mode != "human":
            return True
        verbs = self._live_verbs
        if self.multi:
            return bool(verbs & {"meld", "layoff", "discard"})
        if action == "enter" or action == "cursor":
            return "play" in verbs or self.selecting
        return True

    async def on_key(self, event) -> None:
        """Every key of the table is handled here, at once and in the order typed (fast
        typing, a paste, key repeat): a key left to its binding would run only after it has
        bubbled up to the app, behind the digits typed after it."""
        key = event.key
        if self.menu and key in self.keymap:
            event.stop()
            event.prevent_default()
            self.keymap[key]()
            return
        if self.layoff_cards is not None and (is_digit_key(key) or key == "enter"):
            event.stop()
            event.prevent_default()
            self._layoff_key(key)
            return
        if is_digit_key(key):
            event.stop()
            event.prevent_default()
            self._digit(int(key))
            return
        if key in self.keymap and key not in ("enter", "m", "l", "x"):
            event.stop()
            event.prevent_default()
            self.keymap[key]()
            return
        for binding in self._bindings.key_to_bindings.get(key, ()):
            event.stop()
            event.prevent_default()
            await self.run_action(binding.action)
            return

    def _digit(self, d: int) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        hand = self.hand_cards()
        i = 9 if d == 0 else d - 1
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
            self.selected.remove(c)
        else:
            self.selected.append(c)

    def action_toggle(self) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        self._toggle(self.cursor)
        self._message = None
        self.refresh_table()

    def action_enter(self) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        if self.multi:
            self.action_discard()
            return
        if self.selecting:
            self.action_exchange()
            return
        hand = self.hand_cards()
        if not hand:
            return
        self.try_action(Action("play", cards=(hand[self.cursor],)))

    def _target_cards(self) -> list[int]:
        """The selected cards, or the card under the cursor when nothing is selected."""
        hand = self.hand_cards()
        if self.selected:
            return list(self.selected)
        if hand:
            return [hand[self.cursor]]
        return []

    def action_discard(self) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        cards = self._target_cards()
        if len(cards) != 1:
            self.set_message(Text("Select exactly one card to discard.", Style(color="#ff6b6b", bold=True)))
            return
        self.try_action(Action("discard", cards=(cards[0],)))

    def action_meld(self) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        obs = self.observation()
        cards = list(self.selected)
        if not cards:
            self.set_message(Text("Select the cards of the meld first (␣ or their numbers).",
                                  Style(color="#ff6b6b", bold=True)))
            return
        want = Counter(cards)
        for a in obs.legal:
            if a.verb == "meld" and Counter(a.cards) == want:
                if self.try_action(a):
                    self.selected = []
                    self.refresh_table()
                return
        # not among the legal melds: let the rules say why
        self.try_action(Action("meld", cards=tuple(cards)))

    def action_layoff(self) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        obs = self.observation()
        cards = self._target_cards()
        if not cards:
            return
        if not obs.melds:
            self.try_action(Action("layoff", cards=(cards[0],), prep="to", target=1))
            return
        self.layoff_cards = cards
        self.layoff_digits = ""
        self._message = None
        self._draw_message()

    def _layoff_key(self, key: str) -> None:
        obs = self.observation()
        if key == "enter":
            if self.layoff_digits:
                self._layoff_to(int(self.layoff_digits))
            return
        self.layoff_digits += key
        n = int(self.layoff_digits)
        if len(obs.melds) <= 9 or n * 10 > len(obs.melds):
            self._layoff_to(n)

    def on_meld_widget_clicked(self, event: MeldWidget.Clicked) -> None:
        if self.mode != "human":
            return
        if self.layoff_cards is None:
            self.layoff_cards = self._target_cards()
        self._layoff_to(event.meld_id)

    def _layoff_to(self, target: int) -> None:
        """Lay the chosen cards off onto meld ``target``, one by one, in whatever order the
        rules accept them; the first card that fits nowhere is refused with the reason."""
        cards = list(self.layoff_cards or [])
        self.layoff_cards = None
        self.layoff_digits = ""
        while cards:
            st = self.match.state
            if st is None or st.over or self.mode != "human":
                break
            legal = st.legal_actions()
            pick = None
            for c in cards:
                pick = next((a for a in legal if a.verb == "layoff" and a.cards == (c,) and a.target == target), None)
                if pick:
                    break
            if pick is None:
                self.try_action(Action("layoff", cards=(cards[0],), prep="to", target=target))
                break
            cards.remove(pick.cards[0])
            if not self.try_action(pick):
                break
        self.refresh_table()

    def action_scroll_center(self, lines: int) -> None:
        center = self.query_one("#center", VerticalScroll)
        center.scroll_to(y=center.scroll_y + lines, animate=False)

    def action_cancel(self) -> None:
        if self.menu:
            self.menu_back()
            return
        if self.layoff_cards is not None:
            self.layoff_cards = None
            self.layoff_digits = ""
        elif self.selected:
            self.selected = []
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
        from cardtable.tui.screens import SheetScreen

        self.app.push_screen(SheetScreen(self.match, self._names()))

    def action_rules(self) -> None:
        from cardtable.tui.screens import RulesScreen

        self.app.push_screen(RulesScreen(type(self.match.game)))

    def action_letters(self) -> None:
        self.app.dutch = not getattr(self.app, "dutch", False)
        self.refresh_table()

    def action_leave(self) -> None:
        """Leave the table; the autosave keeps the match for the next start."""
        self._token = None
        self._leave()

    def _leave(self) -> None:
        self.mode = "idle"
        self._token = None
        self._left = True
        if self.standalone:
            self.app.exit()
        else:
            from cardtable.tui.screens import dismiss_once

            dismiss_once(self, None)

    def on_screen_resume(self) -> None:
        self.refresh_table()
