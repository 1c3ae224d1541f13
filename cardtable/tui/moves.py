"""From the legal actions to a move: the action line's buttons and keys (the chooser,
``tui/chooser.py``), the card-shaped verbs (the card under the cursor, the selected cards, a
designation) and the meld a lay-off goes onto (its number typed or clicked). Legality is never
decided here: a move comes from ``obs.legal``, or is sent to ``Match.apply`` (``try_action``),
which refuses it with the rules' reason. A layer of ``TableScreen`` (see ``tui/table_base.py``).
"""

from __future__ import annotations

import dataclasses

from rich.style import Style
from rich.text import Text

from cardtable.cards import plain
from cardtable.engine.actions import Action
from cardtable.engine.game import Observation
from cardtable.engine.views import CARD, CARDS, DESIGNATION, MELD, spec_for
from cardtable.tui import render as R
from cardtable.tui.chooser import CARD_SHAPES, Chooser, Item
from cardtable.tui.flow import TableFlow
from cardtable.tui.widgets import ActionBar, MeldWidget


class TableMoves(TableFlow):
    """The action line and the card verbs: which move a key, a button or a card makes."""

    @property
    def menu(self) -> tuple[str, ...]:
        return self.chooser.path

    @menu.setter
    def menu(self, path: tuple[str, ...]) -> None:
        self.chooser.path = tuple(path)

    @property
    def layoff_cards(self) -> list[int] | None:
        p = self.chooser.pending
        return None if p is None else list(p[1])

    @property
    def layoff_digits(self) -> str:
        return self.chooser.digits

    # ---- the action chooser's buttons ---------------------------------------------------
    def _item_label(self, it: Item, dutch: bool) -> Text:
        t = Text(it.label)
        if it.suit is not None:
            t.append_text(R.suit_text(it.suit))
        if it.cards:
            if it.label:
                t.append(" ")
            t.append_text(R.cards_inline(it.cards, dutch, copies=it.copies))
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
                        self.keymap[sp.key] = (
                            (lambda sp=sp: self.card_key(sp, []))
                            if sp.shape in CARD_SHAPES
                            else (lambda sp=sp: self._not_on_offer(sp))
                        )
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
        words = dataclasses.replace(obs, verbs=(*obs.verbs, spec))  # to name the move in the game's words
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
                self.set_message(
                    Text(
                        f"Select the cards first (␣ or their numbers), then {spec.key or '⏎'}: {spec.label}.",
                        Style(color="#ff6b6b", bold=True),
                    )
                )
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
        hinted = self._hinted_for(spec)
        if hinted is not None:  # the move the hint named, not a guess from the cursor's card
            self.try_action(hinted)
            return
        cards = list(self.selected) if self.selected else ([hand[self.cursor]] if hand else [])
        if not cards:
            return
        if spec.shape == CARD or spec.shape == DESIGNATION:
            if len(cards) != 1:
                self.set_message(
                    Text(f"Choose exactly one card for {spec.label.lower()}.", Style(color="#ff6b6b", bold=True))
                )
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

    # ---- a lay-off's meld --------------------------------------------------------------
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
                if not ways:  # a joker from hand: what it may stand for there
                    ways = [
                        a
                        for a in legal
                        if a.verb == spec.verb and len(a.cards) == 1 and plain(a.cards[0]) == c and a.target == target
                    ]
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
