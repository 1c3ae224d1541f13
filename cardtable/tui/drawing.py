"""The table's drawing: the status line, the seats round the table, the middle (the trick, the
piles, the melds), the side panel (the score sheet, the table talk), the viewer's hand, the
message line and the key line, all from ``observation()`` (the viewer's, or the public view
while every hand is hidden). A layer of ``TableScreen`` (see ``tui/table_base.py``); the action
line is drawn by ``tui/moves.py``.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from cardtable.engine.actions import Action
from cardtable.engine.game import Observation
from cardtable.engine.views import HAND, MELD, TRICK, LogEvent
from cardtable.tui import layout as L
from cardtable.tui import render as R
from cardtable.tui.chooser import CARD_SHAPES, Chooser
from cardtable.tui.layout import seat_positions
from cardtable.tui.table_base import TableBase
from cardtable.tui.widgets import (
    HandView,
    LogView,
    MeldsView,
    PileView,
    SeatView,
    SheetView,
    TrickView,
    mount_safely,
)


class TableDrawing(TableBase):
    """Draws the table from the observation; ``refresh_table`` redraws it all."""

    def _refusal(self, reason: str, action: Action | None = None, obs: Observation | None = None) -> Text:
        """The rules' reason, with card codes drawn as cards and seats named; the action it
        starts with (``declare seq3 KH QH JH: ...``) in the game's words (``R.move_words``)."""
        dutch = bool(getattr(self.app, "dutch", False))
        head = f"{action.text()}: " if action is not None else None
        if head and reason.startswith(head) and obs is not None:
            t = R.move_words(action, obs.verbs, dutch)
            t.append(": ")
            t.append_text(R.pretty(reason[len(head) :], dutch, self._names()))
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
        # dealt hands only, as the sheet's rows (a decision between hands: the hand it follows)
        status.append(f" hand {max(1, m.hand_number())} ", Style(color="#b8d8c0"))
        placed = L.place_zones(obs, None if self._hidden() else self.viewer) if obs is not None else None
        if obs is not None:
            # one line where leaving out what the middle shows makes it fit (a second line
            # costs the table a row)
            width = self.size.width or 80
            status.append_text(
                L.status_text(
                    obs, names, dutch, max(20, width - status.cell_len), width, drawn=L.drawn_items(obs, placed)
                )
            )
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
            view.show(
                names[s],
                count,
                dealer=(s == obs.dealer),
                to_act=(s == obs.to_act),
                note=self._seat_note(obs, s, anchor),
                thinking=(self.mode == "bot" and s == obs.to_act and self.delay > 0),
                compact=(p in ("left", "right")),
                center=(p == "top"),
            )
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
        self.query_one("#side-sheet", SheetView).show(
            m.sheet, names=[names[s] for s in range(n)], score_columns=len(teams)
        )
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
        You in the second person, a seat's turn of several moves on one line
        (``render.turn_texts``); the rules' texts where a game has no events."""
        if not obs.events:
            return [R.name_seats(x, names) for x in obs.log]
        you = next((s for s, nm in names.items() if R.is_you(nm)), None)
        events = list(obs.events)
        # the viewer's own draw names the card drawn (``Match.drawn``: its own hand's
        # cards; never while the hands are hidden, so no other seat reads it)
        drawn = self._drawn_cards()
        mine = [i for i, e in enumerate(events) if e.kind == "draw" and e.seats[:1] == (self.viewer,)]
        if drawn and mine:
            e = events[mine[-1]]
            codes = " ".join(f"{{c{len(e.cards) + k}}}" for k in range(len(drawn)))
            template = e.template.rstrip().rstrip(".") + f" ({codes})."
            events[mine[-1]] = LogEvent(e.kind, template, e.seats, e.cards + tuple(drawn), e.values)
        return R.turn_texts(events, names, you)  # a seat's turn of several moves: one line

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
            if self.peek_last and not last:
                self.peek_last = False  # a new hand: no trick taken yet
            if trick and not self.peek_last:
                leader = trick[0][0]
                caption = talk or Text(
                    f"{names.get(leader, '')} led" if leader is not None else "", Style(color="#b8d8c0", italic=True)
                )
                trick_view.show(
                    trick,
                    pos,
                    names,
                    dutch,
                    caption,
                    trump=head,
                    last=L.last_trick_line(placed.last_trick, names, dutch),
                    side=side,
                    title=title,
                )
            elif last:
                w = placed.last_trick.owner
                caption = (None if self.peek_last else talk) or Text(
                    "last trick" + (f": won by {names[w]}" if w is not None else ""),
                    Style(color="#b8d8c0", italic=True),
                )
                if self.peek_last:
                    caption.append(" · - back to the trick", Style(color=R.GOLD))
                trick_view.show(last, pos, names, dutch, caption, winner=w, trump=head, side=side, title=title)
            else:
                trick_view.show((), pos, names, dutch, talk or Text(""), trump=head, side=side, title=title)
        if meld_list:
            melds.show(meld_list, names, dutch)

    def _draw_hand(self, obs: Observation, placed: L.Placed, names, dutch: bool, anchor: int) -> None:
        me = Text()
        hand_view = self.query_one("#hand", HandView)
        if self._hidden():
            me.append(
                "  Hands are hidden until the next player takes the keyboard.", Style(color="#b8d8c0", italic=True)
            )
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
            me.append_text(L.mine_text(placed.mine, dutch, max(0, (self.size.width or 80) - me.cell_len - 1)))
            hand = self.shown_hand(obs)
            if hand:
                self.cursor = max(0, min(self.cursor, len(hand) - 1))
            human = self.mode == "human"
            ok = Chooser.playable(obs) if human and obs.legal else None
            playable = None if ok is None else {i for i, c in enumerate(hand) if c in ok}
            if human and any(s.shape == MELD for s, _ in Chooser.specs(obs)):
                playable = None  # a turn with melds: every card may be selected
            # the cursor is drawn while a card of the hand is chosen (not for a draw or a bid)
            cursor = self.cursor if human and hand and ok is not None else None
            # selecting (a meld, an exchange): the selected cards stand up; else the card
            # under the cursor
            raised = (
                self._selected_indexes(hand)
                if human and Chooser.selecting(obs)
                else ({cursor} if cursor is not None else set())
            )
            hand_view.show(hand, dutch, cursor, raised, playable, self._drawn_indexes(hand))
        self.query_one("#me", Static).update(me)

    def _seat_note(self, obs: Observation, s: int, anchor: int) -> str:
        parts = []
        g = self.match.game
        if s != anchor and g.team_of(s) == g.team_of(anchor):
            parts.append("partner")
        parts += L.roles_of(obs, s)
        if (
            obs.tricks_won
            and s < len(obs.tricks_won)
            and (any(obs.tricks_won) or any(z.kind == TRICK and z.cards for z in obs.zones))
        ):
            k = obs.tricks_won[s]
            parts.append(f"{k} trick{'s' if k != 1 else ''}")
        table_melds = next((z for z in obs.zones if z.kind == "melds" and z.owner is None and not z.mirror), None)
        if table_melds is not None:
            k = sum(1 for md in table_melds.melds if md.owner == s)
            if k:
                parts.append(f"{k} meld{'s' if k != 1 else ''}")
        # the cards of another seat's face-down hand that every seat knows (taken from the
        # discard pile, shown): the zone lists them, the backs cannot
        dutch = bool(getattr(self.app, "dutch", False))
        for z in obs.zones:
            if z.kind == HAND and z.owner == s and s != obs.seat and z.face != "up" and z.cards:
                parts.append("holds " + " ".join(R.card_label(c, dutch) for c in z.cards))
        return " · ".join(parts)

    def _table_melds(self, obs: Observation | None) -> tuple:
        if obs is None:
            return ()
        z = next((z for z in obs.zones if z.kind == "melds" and z.owner is None and not z.mirror), None)
        return z.melds if z is not None else obs.melds

    def _key_line(self) -> tuple:
        """What the key line shows now: each shown binding's key, words and whether it is
        live (``check_action``)."""
        out = []
        for key, bindings in self._bindings.key_to_bindings.items():
            for b in bindings:
                if b.show:
                    out.append((key, b.action, b.description, self.check_action(b.action.split("(")[0], ())))
        return tuple(out)

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

    def _not_your_turn(self) -> None:
        st = self.match.state
        if self.mode == "bot" and st is not None and st.to_act is not None:
            self.set_message(Text(f"Wait: {self._names()[st.to_act]} is to play.", Style(color=R.GOLD)))
            self._wait_shown = True

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
            t = Text(f"{c.pending[0].label} ", gold)  # the cards it will move, by name
            t.append_text(R.cards_inline(c.pending[1], bool(getattr(self.app, "dutch", False))))
            t.append(": onto which meld? Type its number" + (" and press ⏎" if k > 9 else "") + " (Esc cancels).", gold)
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
        # one line: the hints of the verbs on offer (each names only its own verb), as many
        # whole ones as fit (``R.prompt_line``); a single hint too long is cut with …
        # (``message_cut``: the fit checks report it)
        return self._one_line(Text(R.prompt_line(hints, self._line_width()), grey))

    def _line_width(self) -> int:
        return max(20, (self.size.width or 80) - 2)

    def _one_line(self, t: Text) -> Text:
        width = self._line_width()
        if t.cell_len > width:
            self.message_cut = t.plain
            t.truncate(width - 1)
            t.append("…")
        return t
