"""The hand's cursor and selected cards: the card under the cursor (←→, a card's number, a
click), the cards selected for a move of several cards (␣, their numbers), and where the
cursor goes at the start of a decision and after a draw. The selection is a list of cards (two
packs: a card may be there twice) and the positions their keys picked: a key selects or puts
back the copy at its position, and the drawing marks those (``_selected_positions``).
A layer of ``TableScreen`` (see ``tui/table_base.py``).
"""

from __future__ import annotations

from collections import Counter

from rich.style import Style
from rich.text import Text

from cardtable.engine.game import Observation
from cardtable.engine.views import CARD
from cardtable.tui import render as R
from cardtable.tui.chooser import Chooser
from cardtable.tui.drawing import TableDrawing


class TableSelection(TableDrawing):
    """The cursor and the selection in the viewer's hand."""

    #: the hand positions picked by key, in order, and the hand they were picked in
    #: (``_toggle``; read by ``_picked_in``)
    _picked: tuple[list[int], tuple[int, ...]] = ([], ())

    @property
    def selected(self) -> list[int]:
        return self.chooser.selected

    @selected.setter
    def selected(self, cards: list[int]) -> None:
        self.chooser.selected = list(cards)

    @property
    def selecting(self) -> bool:
        """Cards are selected (several, with ␣ or their numbers): a ``cards`` verb is on offer."""
        obs = self.observation()
        return obs is not None and self.mode == "human" and not self._hidden() and Chooser.selecting(obs)

    def _selected_indexes(self, hand: list[int]) -> set[int]:
        return set(self._selected_positions(hand))

    def _selected_positions(self, hand: list[int]) -> list[int]:
        """The positions in ``hand`` of the selected cards, in the order picked: each copy
        where its key picked it (two packs: the second 8♠ when its key was typed, not the
        first), the copies picked before the hand changed by their rank among the copies of
        their card, and a selected card never picked by key (set by a move) on its first
        free copy."""
        want = Counter(self.selected)
        out: list[int] = []
        for i in self._picked_in(hand):
            if want[hand[i]] > 0 and i not in out:
                want[hand[i]] -= 1
                out.append(i)
        for i, c in enumerate(hand):
            if want[c] > 0 and i not in out:
                want[c] -= 1
                out.append(i)
        return out

    def _picked_in(self, hand: list[int]) -> list[int]:
        """The positions picked by key (``_picked``), moved to ``hand`` when it is not the hand
        they were picked in: the k-th copy of a card stays the k-th copy of that card."""
        picked, old = self._picked
        if tuple(hand) == old:
            return [i for i in picked if 0 <= i < len(hand)]
        out = []
        for i in picked:
            if not 0 <= i < len(old):
                continue
            c = old[i]
            copies = [j for j, x in enumerate(hand) if x == c]
            if copies:
                out.append(copies[min(old[:i].count(c), len(copies) - 1)])
        return out

    def _keep_selection(self, before: Counter | None = None) -> None:
        """After a move: the selection keeps only the cards still in the viewer's hand.
        ``before``: the hand before the viewer's own move; the cards that left it leave the
        selection first, so that a copy of a melded card (two packs: two ``7C``) does not stay
        selected in its place."""
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

    def _toggle(self, i: int) -> None:
        hand = self.hand_cards()
        if not 0 <= i < len(hand):
            return
        c = hand[i]
        at = self._selected_positions(hand)
        if i in at:  # this copy, not another copy of the same card (two packs)
            self.chooser.selected.remove(c)
            at.remove(i)
        else:
            self.chooser.selected.append(c)
            at.append(i)
        self._picked = (at, tuple(hand))

    def action_toggle(self) -> None:
        if self.mode != "human":
            self._not_your_turn()
            return
        if not self.selecting:
            if not self._hidden():
                # before, ␣ was silent here: a player took it for a selection that failed
                self.set_message(
                    Text("␣ selects cards for a move of several cards; none is on offer now.", Style(color=R.GOLD))
                )
            return
        self._toggle(self.cursor)
        self._message = None
        self.refresh_table()

    def action_cursor(self, step: int) -> None:
        hand = self.hand_cards()
        if not hand or self.mode != "human":
            return
        self.cursor = (self.cursor + step) % len(hand)
        self._message = None
        self.refresh_table()

    def _digit(self, d: int) -> None:
        self._card_number(9 if d == 0 else d - 1)

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
        hand = self.shown_hand(obs)
        n = len(hand)
        start = self.cursor if 0 <= self.cursor < n else 0
        for step in range(n):
            i = (start + step) % n
            if hand[i] in ok:
                self.cursor = i
                return

    def _cursor_after_draw(self, before: Counter, held=None) -> None:
        """After the viewer's own move added cards to the hand (a draw) and the turn goes
        on: the cursor on the card drawn when ⏎ may play it, else on the card it was on
        (``held``, wherever the draw moved it) when ⏎ may play that, else on a card ⏎ may
        play (a card taken from the discard pile may not be discarded at once)."""
        obs = self.observation()
        if self.mode != "human" or obs is None or obs.seat != self.viewer or not obs.hand:
            return
        hand = self.shown_hand(obs)
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

    def _cursor_to_drawn(self) -> None:
        """The cursor on the card just drawn (the last one, when two were drawn), if any:
        when the viewer comes back to the table mid-turn (a resume, a hand-over)."""
        at = self._drawn_indexes(self.hand_cards())
        if at:
            self.cursor = at[-1]
