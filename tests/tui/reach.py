"""What the action chooser (cardtable/tui/chooser.py) lets a person reach, found without a
screen: every button is pressed in turn (menus opened, pages turned, designations listed)
and every card-shaped verb tried with the cards of its legal actions. ``reach(obs)`` maps
each reachable action to the keys that play it at the table."""

from __future__ import annotations

import copy
from collections import Counter

from cardtable.cards import plain
from cardtable.engine.views import CARD, CARDS, DESIGNATION, MELD
from cardtable.tui.chooser import CARD_KEYS, Chooser, card_key, cards_of


class _UI:
    def __init__(self):
        self.acted = None
        self.card = None

    def act(self, action):
        self.acted = action
        return True

    def card_key(self, spec, acts):
        self.card = (spec, acts)

    def redraw(self, clear=False):
        pass

    def may_act(self):
        return True


def cursor_keys(i: int) -> list[str]:
    """Keys that put the cursor on card ``i`` of the hand: its key (1-9, 0, the card
    letters), past the last key the last one and then →."""
    k = card_key(i)
    if k is not None:
        return [k]
    return [CARD_KEYS[-1]] + ["right"] * (i - len(CARD_KEYS) + 1)


def select_keys(hand, cards) -> list[str] | None:
    """Keys that select exactly ``cards`` (a multiset) in ``hand``: the number of each (from
    the tenth card on: the cursor, then ␣)."""
    want = Counter(cards)
    keys = []
    for i, c in enumerate(hand):
        if want[c] > 0:
            want[c] -= 1
            keys += cursor_keys(i) if card_key(i) is not None else cursor_keys(i) + ["space"]
    return None if +want else keys


def _card_of(hand, action_cards):
    """The hand's index of the card an action names (a designated wild card: its plain card)."""
    for c in action_cards:
        for i, h in enumerate(hand):
            if h == c or h == plain(c):
                return i
    return None


def reach(obs) -> dict:
    """{action: keys} for every action the chooser offers at this observation."""
    hand = list(obs.hand)
    out: dict = {}
    todo = [(Chooser(), [])]
    seen = set()
    while todo:
        ch, keys = todo.pop()
        sig = (ch.path, ch.page, ch.choices)
        if sig in seen:
            continue
        seen.add(sig)
        for it in ch.items(obs, _UI()):
            c2 = copy.deepcopy(ch)
            ui = _UI()
            # run the item's action on the copy: items close over their chooser, so rebuild
            item = next(x for x in c2.items(obs, ui) if x.key == it.key)
            item.run()
            k2 = keys + [it.key]
            if ui.acted is not None:
                out.setdefault(ui.acted, k2)
            elif ui.card is not None:
                _cards(obs, hand, c2, ui.card, keys, it.key, out, todo)
            elif it.key != "escape":
                todo.append((c2, k2))
    return out


def _cards(obs, hand, ch, card, keys, key, out, todo):
    spec, acts = card
    for a in acts:
        if spec.shape == CARDS:
            cards = [plain(c) for c in cards_of(a)]  # a compound open: the cards of its parts
            sel = select_keys(hand, cards)
            if sel is None:
                continue
            found = ch.match_cards(spec, acts, cards)
            pre = keys + sel + [key]
        else:
            i = _card_of(hand, a.cards)
            if i is None:
                continue
            found = ch.match_cards(spec, acts, [hand[i]])
            pre = keys + cursor_keys(i) + [key]
        if spec.shape == MELD:
            out.setdefault(a, pre + list(str(a.target)) + (["enter"] if a.target < 10 and _melds(obs) > 9 else []))
            continue
        if len(found) == 1 and spec.shape in (CARD, CARDS, DESIGNATION):
            out.setdefault(found[0], pre)
        elif found:
            c3 = copy.deepcopy(ch)
            c3.choices = tuple(found)
            for it in c3.items(obs, _UI()):
                c4 = copy.deepcopy(c3)
                ui = _UI()
                next(x for x in c4.items(obs, ui) if x.key == it.key).run()
                if ui.acted is not None:
                    out.setdefault(ui.acted, pre + [it.key])
                elif it.key == "o":
                    todo.append((c4, pre + [it.key]))


def _melds(obs) -> int:
    z = next((z for z in obs.zones if z.kind == "melds" and z.owner is None and not z.mirror), None)
    return len(z.melds) if z is not None else len(obs.melds)
