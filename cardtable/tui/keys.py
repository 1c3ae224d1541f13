"""The table's keys and clicks: every key is handled in ``on_key`` at once and in the order
typed; the key line shows the keys that do something now (``check_action``); ⏎ does what
``_enter_plan`` says, or says why it does nothing. A layer of ``TableScreen`` (see
``tui/table_base.py``).
"""

from __future__ import annotations

from typing import Callable

from rich.style import Style
from rich.text import Text
from textual.actions import parse as parse_action
from textual.containers import VerticalScroll

from cardtable.engine.actions import Action
from cardtable.engine.game import Observation
from cardtable.engine.views import CARD, CARDS, DISCARD, LAST_TRICK, MELD, NONE, STOCK, TRICK, spec_for
from cardtable.tui import render as R
from cardtable.tui.bot_driver import hint_function
from cardtable.tui.chooser import CARD_SHAPES, Chooser, card_index
from cardtable.tui.moves import TableMoves
from cardtable.tui.screens import RulesScreen, SheetScreen
from cardtable.tui.table_base import MIN_SIZE
from cardtable.tui.widgets import ActionBar, CardWidget, PileView, key_name


def is_digit_key(key: str) -> bool:
    """An ASCII digit key, 0 to 9: only those choose a card or a meld. ``²`` (a key of its
    own on AZERTY keyboards), ``³``, ``①`` or ``٣`` are digits to ``str.isdigit`` (and some to
    ``int``) but are no card number here: they are ignored like any other unbound key."""
    return len(key) == 1 and "0" <= key <= "9"


#: the card keys' actions (⏎, ←→, ␣): on the key line only while a human may use them
CARD_KEY_ACTIONS = ("enter", "cursor", "toggle")


class TableKeys(TableMoves):
    """Keys and clicks to the table's actions; the key line."""

    def check_action(self, action: str, parameters) -> bool | None:
        """Which keys the key line shows: the card keys only while a human decides and
        they do something (while the bots play: quit, the sheet, the history, the rules, undo);
        only q while the terminal is too small for the table.
        The table's keys themselves are run by ``on_key``, a card key even when hidden."""
        if self._too_small():
            return action == "leave"  # only q works while the notice stands in for the table
        if action in CARD_KEY_ACTIONS and not self._card_key_live(action):
            return False  # hidden from the key line: it does nothing now
        if action == "hint":
            return hint_function() is not None and self.mode == "human"
        if action == "undo":
            return self.undo_allowed()
        if action == "scroll_center":
            return self._center_scrolls()
        if action in ("sort", "move_card"):
            return len(self.hand_cards()) > 1
        if action == "last_trick":
            obs = self.observation()
            return obs is not None and any(z.kind in (TRICK, LAST_TRICK) for z in obs.zones)
        return True

    def _center_scrolls(self) -> bool:
        """The middle of the table (the melds) is taller than its room: ↑↓ scroll it and the
        key line says so."""
        try:
            return self.query_one("#center", VerticalScroll).max_scroll_y > 0
        except Exception:
            return False

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
        if key == "ctrl+c":  # Textual's convention: Ctrl+C does not quit, it says what does
            event.stop()
            event.prevent_default()
            self.action_help_quit()
            return
        if key in ("backspace", "ctrl+z") and not self.undo_allowed():
            # the binding is off (not on the key line), but the key says why
            event.stop()
            event.prevent_default()
            self.action_undo()
            return
        if self._too_small() and key != "q":
            event.stop()  # the table is not in view: no card is played blind
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
            # ⏎ as ``_enter_plan`` says (the one card allowed wherever the cursor is)
            fn = self._enter_plan()[1] if key == "enter" and self.mode == "human" else None
            (fn or self.keymap[key])()
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
        if (
            self.mode == "human"
            and char is not None
            and len(char) == 1
            and char.isprintable()
            and not char.isspace()
            and key not in self.app._bindings.key_to_bindings
        ):
            event.stop()
            event.prevent_default()
            self._no_such_key(char)

    def action_help_quit(self) -> None:
        """Ctrl+C (Textual's ``help_quit``; the table's key handler would otherwise give it to
        the screen's copy binding, which does nothing here): a notice that ``q`` leaves the
        table (the game is saved) and Ctrl+Q quits the app; nothing else changes."""
        self.notify(
            "Press q to leave the table (the game is saved) or Ctrl+Q to quit the app.",
            title="Do you want to quit?",
            markup=False,
            timeout=4,
        )

    def _too_small(self) -> bool:
        """The terminal is smaller than ``MIN_SIZE``: a notice stands in for the table."""
        w, h = self.app.size
        return 0 < w < MIN_SIZE[0] or 0 < h < MIN_SIZE[1]

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
            verb = spec[0].verb if spec else "choose"
            one = self._one_card(obs)
            if one is not None:
                # the one card the rules allow: ⏎ plays it wherever the cursor is
                dutch = bool(getattr(self.app, "dutch", False))
                return f"{verb} {R.card_label(one, dutch)}", (lambda: self._enter_one(one, fn))
            return verb, fn
        only = self._only_move(obs)
        if only is not None:
            return only.verb, (lambda: self.try_action(only))
        return "", None

    def _one_card(self, obs: Observation) -> int | None:
        """The one card ⏎ may play now (``_enter_cards`` holds a single card; no cards are
        selected), else None."""
        ok = self._enter_cards(obs)
        if not ok or len(ok) != 1 or self.selected:
            return None
        return next(iter(ok))

    def _enter_one(self, card: int, fn: Callable[[], None]) -> None:
        """⏎ with one card allowed: the cursor goes onto it and ⏎'s verb plays it (through
        ``legal_actions()``, as any card key)."""
        hand = self.hand_cards()
        if card in hand:
            self.cursor = hand.index(card)
        fn()

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
                (sp for sp in seen if not sp.key and sp.shape == CARD), None
            )
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
        return (
            "enter" not in self.keymap
            and self._only_move(obs) is not None
            and any(key != "enter" for key, _ in self._buttons)
        )

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
        self.set_message(Text(f"{key} does nothing now: the keys below say what you can do.", Style(color=R.GOLD)))

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

    def on_pile_view_clicked(self, event: PileView.Clicked) -> None:
        """A click on the stock or the discard pile: the legal move whose verb the game declares
        for that zone (``VerbSpec.zone``: ``draw stock``, ``draw discard``), as its key makes it;
        where this match has offered such a move before but not now, the rules' reason
        (``_not_on_offer``: the draw is made already, only the stock may be drawn). Legality
        is the rules': the move is looked up in ``obs.legal``."""
        if self.mode != "human":
            self._not_your_turn()
            return
        obs = self.observation()
        if obs is None or self._hidden() or not obs.legal:
            return
        for a in obs.legal:
            spec = spec_for(a, obs.verbs)
            if spec is not None and spec.shape == NONE and spec.zone == event.zone:
                self.try_action(a)
                return
        seen = [
            sp
            for phase in self._seen_specs.values()
            for sp in phase.values()
            if sp.shape == NONE and sp.zone == event.zone
        ]
        if seen:
            self._not_on_offer(seen[-1])
            return
        where = {STOCK: "the stock", DISCARD: "the discard pile"}.get(event.zone, event.zone)
        self.set_message(
            Text(f"Nothing is taken from {where} now: the keys below say what you can do.", Style(color=R.GOLD))
        )

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
        self.app.push_screen(HistoryScreen(f"{m.game.name}, hand {max(1, m.hand_number())}: the hand so far", lines))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(type(self.match.game)))

    def action_letters(self) -> None:
        """``n``: the other card letters, saved in the settings (``CardTableApp.toggle_letters``)."""
        toggle = getattr(self.app, "toggle_letters", None)
        failed = toggle() if toggle is not None else None
        if toggle is None:
            self.app.dutch = not getattr(self.app, "dutch", False)
        words = "B V H A (Dutch)" if getattr(self.app, "dutch", False) else "J Q K A (English)"
        self.set_message(
            Text(
                f"Card letters: {words}" + (f"; {failed}" if failed else ", kept in the settings."), Style(color=R.GOLD)
            )
        )
        self.refresh_table()

    # ---- the hand's order and the last trick ----------------------------------------------
    def action_sort(self) -> None:
        """``=``: the next order of the hand (as dealt, by suit with the trump first, by rank;
        ``hand_order.ORDERS``), kept at this table (and in its save) and in the settings for
        the next table; the cursor stays on its card. Any order the player made by moving
        cards is given up. The message line names the order now in force, and says so when
        the hand was in that order already (each press visibly answers)."""
        from dataclasses import replace

        from cardtable import settings as S
        from cardtable.tui.hand_order import ORDER_DONE, ORDERS

        hand = self.hand_cards()
        obs = self.observation()
        if len(hand) < 2 or obs is None:
            return
        held = hand[self.cursor] if 0 <= self.cursor < len(hand) else None
        order = ORDERS[(ORDERS.index(self.hand_sort) + 1) % len(ORDERS)] if self.hand_sort in ORDERS else ORDERS[1]
        self.hand_sort = order
        current = getattr(self.app, "settings", None) or S.load()
        setattr(self.app, "settings", replace(current, hand_sort=order))  # noqa: B010 (the App type has no settings)
        self.own_order.pop(obs.seat, None)
        words = ORDER_DONE[order]
        if order == "suit":
            f = obs.facts
            if (f.trump if f is not None else obs.trump) is not None:
                words += ", trump first"
        after = self.hand_cards()
        said = words + (" (it was in this order already)." if after == hand else ".")
        more = " = the next order; < > move the card under the cursor."
        # the keys' reminder only where it fits whole: what was done is never cut
        t = Text(said + (more if len(said + more) <= self._line_width() else ""), Style(color=R.GOLD))
        try:
            S.save(replace(S.load(environ=False), hand_sort=order))
        except OSError as e:
            t = Text(f"{said} The order could not be kept in the settings: {e}", Style(color=R.GOLD))
        if held is not None and held in after:
            self.cursor = after.index(held)
        self._autosave()  # the order is the table's: kept in the save too
        self.set_message(self._one_line(t))
        self.refresh_table()

    def action_move_card(self, step: int) -> None:
        """``<`` ``>`` (or Shift+←→): the card under the cursor moves one place left or right
        in the hand and the cursor with it; the order is the player's (``own_order``, kept in
        the save) until the next hand or the sort key."""
        hand = self.hand_cards()
        obs = self.observation()
        if len(hand) < 2 or obs is None or not 0 <= self.cursor < len(hand):
            return
        i, j = self.cursor, self.cursor + step
        if not 0 <= j < len(hand):
            return
        hand[i], hand[j] = hand[j], hand[i]
        self.own_order[obs.seat] = (len(self.match.hands), hand)
        self.cursor = j
        self._message = None
        self._autosave()
        self.refresh_table()

    def action_last_trick(self) -> None:
        """``-``: the middle shows the last trick taken (who played which card, who took it),
        from the public LAST_TRICK zone, until ``-`` again or the next move."""
        obs = self.observation()
        if obs is None:
            return
        last = next((z for z in obs.zones if z.kind == LAST_TRICK and z.cards), None)
        if last is None:
            self.peek_last = False
            self.set_message(Text("No trick has been taken yet this hand.", Style(color=R.GOLD)))
            return
        self.peek_last = not self.peek_last
        self._message = None
        self.refresh_table()
