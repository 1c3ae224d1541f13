"""The table's flow: whose turn it is and what happens next.

One ``advance()`` after every change:
  hand over?  -> the hand summary screen, then the next hand or the decision between hands
                 (``Match.start_next``; the match end screen once it is over);
  a bot acts  -> it thinks in a thread worker (``tui/bot_driver.py``), its move is shown after
                 ``app.bot_delay``;
  a human     -> with several humans, a hand-over screen (``tui/handover.py``) first when the
                 turn passes to a different human than the one who last saw the table (and at
                 every new hand); the table is drawn from that seat's observation only after
                 the confirmation.

Also here: a human's move sent to the match (``try_action``: the rules refuse it or not), the
hint, the autosave, undo and leaving the table. A layer of ``TableScreen`` (see
``tui/table_base.py``).
"""

from __future__ import annotations

from collections import Counter

from rich.style import Style
from rich.text import Text
from textual.worker import Worker, WorkerState

from cardtable import saves
from cardtable.cards import plain
from cardtable.engine.actions import Action
from cardtable.engine.game import IllegalAction, Observation
from cardtable.engine.views import LAST_TRICK, TRICK, spec_for
from cardtable.tui import layout as L
from cardtable.tui import render as R
from cardtable.tui.chooser import Chooser
from cardtable.tui.handover import ConfirmScreen, HandOverScreen, handover_due, hush, initial, pass_key
from cardtable.tui.screens import HandSummaryScreen, MatchEndScreen
from cardtable.tui.selection import TableSelection
from cardtable.tui.widgets import dismiss_once


class TableFlow(TableSelection):
    """Moves the match on: bots, hand-overs, the hand summary, a human's moves, undo."""

    #: the move the last hint named, while its decision lasts (``_take_hint``)
    _hinted: Action | None = None

    #: the table has just been opened (a new or resumed match): the first human decision
    #: puts the cursor on a card drawn before (``_cursor_to_drawn``)
    _back_at_table = True

    def advance(self) -> None:
        """Move the match on to the next decision (see the module docstring)."""
        m = self.match
        if self._wait_shown:
            # a "Wait: X is to play." refusal is stale once the turn moves on
            self._message = None
            self._wait_shown = False
        st = m.state
        if st is None or st.over:
            if st is not None and st.over and not m.in_between and self._summary_for != len(m.hands):
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
                self.viewer = None  # the last human's hand turns face down first
            self.refresh_table()
            self._start_bot(seat)
            return
        if handover_due(self.hot_seat, self.viewer, seat):
            self.mode = "handover"
            self.viewer = None  # hide every hand before anything else is drawn
            self.refresh_table()
            self.app.push_screen(
                HandOverScreen(name, self._handover_note(seat), self._pass_key(seat, name)),
                callback=lambda _=None, s=seat: self._handover_done(s),
            )
            return
        self.viewer = seat
        self.anchor = seat
        self.mode = "human"
        if self._back_at_table:  # a resumed match: the cursor on a card drawn before the save
            self._back_at_table = False
            self._cursor_to_drawn()
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
        return f"{m.game.name}, hand {max(1, m.hand_number())}"

    def _handover_done(self, seat: int) -> None:
        st = self.match.state
        if st is None or st.over or st.to_act != seat:
            self.advance()
            return
        self.viewer = seat
        self.anchor = seat
        self.mode = "human"
        self.keys_in_use = set()  # another player's fingers on the keys from now
        self.cursor = 0
        self.chooser = Chooser()
        self._cursor_to_drawn()
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
        if answer == "leave":  # q on the summary: the match is saved, the table left
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
        info_for = getattr(bot, "info_for", None)  # a searching bot takes its information set
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
        self.review.hint_asked(key)  # the hint's search is this decision's review
        self.set_message(Text("Thinking about a hint…", Style(color=R.GOLD, italic=True)))

    def _hint_done(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.SUCCESS and event.worker.result:
            obs, (action, why, *search), key = event.worker.result
            if len(search) == 2 and search[0] is not None:
                self.review.take_hint(key, obs, search[0], search[1])
            now = self.observation()
            if (
                self.mode != "human"
                or now is None
                or now.seat != obs.seat
                or now.legal != obs.legal
                or key != self.review.decision_key()
            ):
                return
            self._take_hint(action, now)
            self.set_message(R.hint_line(action, why, now.verbs, bool(getattr(self.app, "dutch", False))))
        elif event.state == WorkerState.ERROR:
            self.set_message(Text(f"no hint: {event.worker.error!r}", Style(color="#ff6b6b")))

    def _take_hint(self, action: Action, obs: Observation) -> None:
        """The hint ``action`` shown for ``obs``: when it moves one card of the hand, the
        cursor goes onto that card, and the verb's key makes the hinted move while the cursor
        stays there (``_hinted_for``: a joker swap onto the hinted meld, not the cursor's
        card asked about)."""
        self._hinted = action if action in obs.legal else None
        if self._hinted is None or len(action.cards) != 1:
            return
        hand = [plain(c) for c in self.shown_hand(obs)]  # the order drawn: the cursor counts in it
        card = plain(action.cards[0])
        if card in hand and (not 0 <= self.cursor < len(hand) or hand[self.cursor] != card):
            self.cursor = hand.index(card)
            self.refresh_table()

    def _hinted_for(self, spec) -> Action | None:
        """The move the last hint named when the key of its verb ``spec`` is pressed now with
        the cursor on the hinted card and no card selected: legal now; else None."""
        h = self._hinted
        obs = self.observation()
        if h is None or obs is None or self.selected or h.verb != spec.verb or h not in obs.legal:
            return None
        if spec_for(h, obs.verbs) is not spec:
            return None
        hand = self.hand_cards()
        if len(h.cards) == 1 and not (0 <= self.cursor < len(hand) and plain(hand[self.cursor]) == plain(h.cards[0])):
            return None
        return h

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
        shown = self.shown_hand(obs) if obs is not None and before is not None else []
        held = (
            shown[self.cursor] if 0 <= self.cursor < len(shown) else None
        )  # the card under the cursor, kept in view after a draw
        tricks_before = _tricks(obs)
        try:
            self.match.apply(action)
        except IllegalAction as e:
            self.set_message(self._refusal(str(e), action, obs))
            return False
        self.review.stop()  # a review search still running ends now
        self._message = None
        self._after_action(before)
        if before is not None:
            self._cursor_after_draw(before, held)
        if obs is not None and self.mode == "human" and self.viewer == obs.seat:
            after = self.observation()
            if after is not None and tricks_before is not None and _tricks(after) != tricks_before:
                # the move ended a trick and its player leads the next at once: the rest of
                # the keys that played it (a bounced ⏎, a habit) must not lead a card too
                hush(self.app)
        return True

    def _after_action(self, before: Counter | None = None) -> None:
        """After a move: save, close the menus, and keep the selection only as far as its
        cards are still in the hand (``_keep_selection``; ``before``: the hand before the
        viewer's own move)."""
        self._autosave()
        self.chooser.reset()
        self._hinted = None  # a hint is for the decision it was asked at
        self.peek_last = False  # a move: the middle shows the play again
        self._keep_selection(before)
        self.advance()

    def _autosave(self) -> None:
        """Save the match (``saves.save_match``) with the order each player left the hand in
        (``order_state``); a failure is said once and the game goes on."""
        if not getattr(self.app, "autosave", True):
            return
        try:
            saves.set_table_state(self.match, self.order_state())
            saves.save_match(self.match)
        except Exception as e:  # a full disk must not end the game
            # said once: not a warning after every move while the disk stays full
            if not self._save_failed:
                self.app.notify(
                    f"autosave failed: {e} (the game goes on; later failures are not shown)",
                    severity="warning",
                    markup=False,
                    timeout=8,
                )
            self._save_failed = True
        else:
            if self._save_failed:
                self.app.notify("autosave works again", markup=False, timeout=3)
            self._save_failed = False

    def _clear_save(self) -> None:
        if not getattr(self.app, "autosave", True):
            return
        try:
            saves.finish(self.match)  # the history and the statistics, once
        except Exception:
            pass

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
            if self.humans:  # (only bots at the table: nobody's move to take back)
                self.set_message(
                    Text("Undo is off in hot-seat (it can be turned on in the settings).", Style(color=R.GOLD))
                )
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
            self.set_message(
                Text("Another player has decided since your last move: it cannot be taken back.", Style(color=R.GOLD))
            )
            return
        if n == 0:
            self.set_message(Text("Nothing to take back in this hand.", Style(color=R.GOLD)))
            return
        refusal = m.undo_refusal(n, mine)
        if refusal:
            self.set_message(Text(refusal, Style(color=R.GOLD)))
            return
        taken = m.hands[-1]["actions"][len(m.hands[-1]["actions"]) - n]
        self.driver.stop()  # a bot thinking about its reply: its move is dropped
        self.review.stop()
        m.undo(n)
        self._autosave()
        self.chooser = Chooser()
        self.cursor = 0
        self.advance()
        back = self.observation()
        msg = Text("Taken back: ")
        msg.append_text(
            R.move_words(
                m.game.parse_action(taken),
                back.verbs if back is not None else (),
                bool(getattr(self.app, "dutch", False)),
            )
        )
        msg.append((f" and {n - 1} move{'s' if n > 2 else ''} after it" if n > 1 else "") + ".")
        msg.stylize_before(Style(color=R.GOLD))
        self.set_message(msg)

    # ---- leaving ------------------------------------------------------------------------
    def action_leave(self) -> None:
        """Leave the table; the autosave keeps the match for the next start."""
        self._leave()

    def _leave(self, to_menu: bool = False) -> None:
        """Leave the table: back to the screen beneath; a table opened from the command line
        (``standalone``) quits the app, or with ``to_menu`` makes way for the menu."""
        self.mode = "idle"
        self.driver.stop()  # a bot still thinking stops its search (``Bot.cancel``)
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


def _tricks(obs: Observation | None) -> tuple | None:
    """What a trick game's middle says of the tricks (the last trick's cards and the trick's
    count), or None where there is no trick: a change after a move means a trick ended."""
    if obs is None:
        return None
    found = tuple(
        (z.kind, z.cards if z.kind == LAST_TRICK else z.count) for z in obs.zones if z.kind in (TRICK, LAST_TRICK)
    )
    return found or None
