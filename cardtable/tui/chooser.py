"""The action chooser: one generic way to choose every legal action, from the legal actions
and the verb specs the game declares (``Observation.verbs``, engine/views.py). No textual
here and no game's words: the table asks it for the buttons of the moment and hands it
the keys.

Shapes (``VerbSpec.shape``):
- ``none``: a button per legal action of the spec, on the spec's key (or a free one);
- ``card``: the card under the cursor (←→ or its number), then the spec's key (``⏎``);
- ``cards``: cards selected (␣ or their numbers), then the spec's key; where the legal
  actions hold wild cards with a designation, a menu of the designations follows; a
  compound action (an ``open`` of several melds) matches by the cards of all its parts, and
  when several fit (other melds, lay-offs, designations) a numbered menu of them follows;
  a long list the game builds only when read (``LazyActions``) is asked for the actions of
  the selected cards alone;
- ``meld``: a card (the selection or the cursor), the key, then a meld's number (or a click);
- ``menu``: the spec's words, level by level (``MenuItem.children``); ``pick="card"`` lists
  the cards of the legal actions under the path (by suit first when of several suits);
- ``designation``: the card, then a menu of what it may stand for.

Nothing is ever dropped: when the free keys run out, the rest of the buttons go on a
second page (``o`` turns the page); a numbered list longer than nine pages the same way.
An action the chooser builds that is not legal is still sent, so that the rules refuse it
with their reason.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from cardtable.cards import SUIT_LETTERS, card_text, plain, rank_of, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.views import CARD, CARDS, DESIGNATION, MELD, MENU, VerbSpec, spec_for
from cardtable.tui.render import card_label

#: The keys of the cards of a hand, in order: 1-9, 0 for the tenth, then letters no verb
#: uses (hands of 12, 14 or 16 cards). The key is drawn on the card.
CARD_LETTERS = "fgjuvwyz"
CARD_KEYS = "1234567890" + CARD_LETTERS


def card_key(i: int) -> str | None:
    """The key of card ``i`` (from 0) of the hand, or None past the last key."""
    return CARD_KEYS[i] if 0 <= i < len(CARD_KEYS) else None


def card_index(key: str) -> int | None:
    """The card of the hand a key chooses (from 0), or None. Only ASCII digits and the
    card letters choose cards (``²`` or ``٣`` do not)."""
    if len(key) != 1:
        return None
    i = CARD_KEYS.find(key)
    return None if i < 0 else i


#: Keys that belong to the table (sheet, quit, rules, letters, hint, history, cancel, card
#: keys: digits and the card letters) and are never given to a button, not even for a moment
#: (a suit is chosen by its capital letter: ``trump H`` on ``H``)
RESERVED_KEYS = (
    set("snq?oih=<>-")
    | {"enter", "space", "left", "right", "escape", "up", "down"}
    | {"equals_sign", "less_than_sign", "greater_than_sign", "minus"}
    | set(CARD_KEYS)
)
#: keys given to buttons whose spec has no key (or whose key is taken), in this order
FREE_KEYS = "eabcdkmprtlx"
#: the key that turns the page when the buttons are more than the keys
PAGE_KEY = "o"
#: shapes whose cards come from a zone (the cursor / the selection)
CARD_SHAPES = (CARD, CARDS, MELD, DESIGNATION)


def words_of(action: Action) -> tuple[str, ...]:
    """The action's words as a menu path reads them: the verb, the argument's words, the
    cards' codes (``ask has QS`` -> ("ask", "has", "QS"))."""
    out = [action.verb]
    if action.arg:
        out += action.arg.split()
    out += [card_text(c) for c in action.cards]
    return tuple(out)


def cards_of(action: Action) -> tuple[int, ...]:
    """The cards an action puts down: its own, or those of all its parts (a compound open)."""
    return action.cards if not action.parts else tuple(c for p in action.parts for c in p.cards)


def parts_label(action: Action) -> str:
    """The words of a compound action's button: its melds, then its lay-offs as card and meld
    number (``7♣ 7♦ 7♠ · JK=3♥ 4♥ 5♥ · K♠→3``); '' for any other action (its cards are drawn)."""
    if not action.parts:
        return ""
    out = []
    for p in action.parts:
        words = " ".join(card_label(c) for c in p.cards)
        if p.prep is not None:
            words += ("→" if p.prep == "to" else f" {p.prep} ") + str(p.target) + (f" {p.end}" if p.end else "")
        elif p.verb != "meld":
            words = f"{p.verb} {words}"
        out.append(words)
    return " · ".join(out)


def mark_copies(items: list[Item]) -> list[Item]:
    """``items`` with ``copies`` set on the buttons that would look alike without their cards'
    pack numbers (two marriages K♥ Q♥ of different copies: a game of two or four packs)."""
    looks = Counter((it.label, tuple(plain(c) for c in it.cards)) for it in items if it.cards)
    for it in items:
        if it.cards and looks[(it.label, tuple(plain(c) for c in it.cards))] > 1:
            it.copies = True
    return items


class LazyGroup:
    """The actions of one spec in a ``LazyActions`` list that is not built yet (a rummy's
    compound ``open``): built when iterated; ``matching(cards)`` asks the game for those of
    the selected cards without building them all."""

    def __init__(self, legal, spec: VerbSpec, verbs) -> None:
        self.legal = legal
        self.spec = spec
        self.verbs = verbs
        self._acts = None

    def _all(self) -> list[Action]:
        if self._acts is None:
            self._acts = [a for a in self.legal if spec_for(a, self.verbs) is self.spec]
        return self._acts

    def matching(self, cards) -> list[Action]:
        got = self.legal.matching(cards)
        if got is None:
            want = Counter(plain(c) for c in cards)
            got = [a for a in self._all() if Counter(plain(c) for c in cards_of(a)) == want]
        return got

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return True

    def __getitem__(self, i):
        return self._all()[i]


@dataclass
class Item:
    """One button: its ``key``, its ``label`` (plain words; ``cards`` drawn after them by the
    table, ``suit`` a suit symbol to colour) and what it does (``run``)."""

    key: str
    label: str
    run: Callable[[], Any]
    cards: tuple[int, ...] = ()
    suit: int | None = None
    #: draw the cards' pack numbers (``Q♠¹``): another button has the same words and codes
    copies: bool = False


@dataclass
class Chooser:
    """The chooser's state between two keys: ``path`` (menu words so far), ``selected``
    (cards, a multiset), ``pending`` (a MELD / DESIGNATION spec waiting for its target, with
    its cards), ``digits`` (a meld number being typed), ``page``; ``given``: the free keys
    handed to keyless buttons in this seat's decision (its ``(seat, phase)`` in
    ``given_for``), so that a button keeps its key while others come and go (a meld
    declared: the next meld's key does not move onto the one before)."""

    path: tuple[str, ...] = ()
    selected: list[int] = field(default_factory=list)
    pending: tuple[VerbSpec, tuple[int, ...]] | None = None
    digits: str = ""
    page: int = 0
    # designation menus: the actions to choose between (after a CARDS / DESIGNATION key)
    choices: tuple[Action, ...] = ()
    given: dict[str, str] = field(default_factory=dict)
    given_for: tuple[int, str] | None = None

    def reset(self) -> None:
        self.path = ()
        self.pending = None
        self.digits = ""
        self.page = 0
        self.choices = ()

    # ---- what the legal actions need ------------------------------------------------------
    @staticmethod
    def specs(obs) -> list[tuple[VerbSpec, list[Action]]]:
        """The specs of the legal actions, each with its actions, in the specs' order; an
        action without a spec gets a button of its own (its text)."""
        groups: dict[int, tuple[VerbSpec, list[Action]]] = {}
        order: list[int] = []
        verbs = tuple(obs.verbs or ())
        loose = []
        legal = obs.legal
        lazy = getattr(legal, "lazy_verbs", None)  # a LazyActions: its long part not built
        if lazy is not None and not legal.built():
            for v in sorted(lazy):
                s = spec_for(Action(v), verbs)
                if s is not None and id(s) not in groups:
                    groups[id(s)] = (s, LazyGroup(legal, s, verbs))
            legal = legal.eager
        for a in legal:
            s = spec_for(a, verbs)
            if s is None:
                loose.append(a)
                continue
            if id(s) not in groups:
                groups[id(s)] = (s, [])
            groups[id(s)][1].append(a)
        idx = {id(s): i for i, s in enumerate(verbs)}
        order = sorted(groups, key=lambda k: idx.get(k, 0))
        out = [groups[k] for k in order]
        for a in loose:
            out.append((VerbSpec(a.verb, a.text()), [a]))
        return out

    @staticmethod
    def selecting(obs) -> bool:
        """Whether cards are selected (several) now: a CARDS verb (or a MELD verb, which
        takes the selection or the card under the cursor) is on offer."""
        return any(s.shape in (CARDS, MELD) for s, _ in Chooser.specs(obs))

    @staticmethod
    def playable(obs) -> set[int] | None:
        """The cards some CARD-shaped legal action uses (for dimming the rest), or None when
        no card of the hand is chosen now (a bid, a trump choice: the hand is read as it is)."""
        ok: set[int] = set()
        any_card = False
        for s, acts in Chooser.specs(obs):
            if s.shape in CARD_SHAPES:
                any_card = True
                if isinstance(acts, LazyGroup):
                    continue  # compound actions (an open): no cards of their own
                for a in acts:
                    ok.update(a.cards)
        return ok if any_card else None

    def card_spec(self, obs, key: str = "enter") -> tuple[VerbSpec, list[Action]] | None:
        """The card-shaped spec ``key`` runs: the one on that key, else for ⏎ the first
        CARD / CARDS / MELD verb on offer."""
        cand = [(s, a) for s, a in self.specs(obs) if s.shape in CARD_SHAPES]
        for s, a in cand:
            if s.key == key:
                return s, a
        if key == "enter" and cand:
            for shape in (CARD, CARDS):
                for s, a in cand:
                    if s.shape == shape:
                        return s, a
        return None

    # ---- the buttons --------------------------------------------------------------------
    def items(self, obs, ui) -> list[Item]:
        """The buttons of the moment. ``ui``: the table (``ui.act(action)``, ``ui.card_key(spec,
        acts)`` for a card-shaped key, ``ui.redraw()``)."""
        if self.choices:
            # a compound open: its parts in words; a lay-off's end in words (``low end`` / ``high end``)
            return self._numbered(
                list(self.choices), ui, lambda a: (parts_label(a) or (f"{a.end} end" if a.end else ""), a.cards)
            )
        if self.path:
            return self._menu_items(obs, ui)
        context = (obs.seat, obs.phase)
        if context != self.given_for:
            self.given, self.given_for = {}, context
        used = set(RESERVED_KEYS)
        out: list[Item] = []
        late: list[tuple[VerbSpec, Action | None]] = []
        names: list[str] = []  # what each button of ``rest`` is, for its key kept (``given``)
        for s, acts in self.specs(obs):
            if s.shape in CARD_SHAPES:
                key = s.key or ""
                if key and (key not in used or key == "enter") and key not in ("space",):
                    used.add(key)
                    label = s.label + (f" ({len(self.selected)})" if s.shape == CARDS else "")
                    fn = lambda s=s, acts=acts: ui.card_key(s, acts)  # noqa: E731 - a default binds the loop value
                    fn.card_shaped = True
                    out.append(Item(key, label, fn))
                else:
                    late.append((s, None))
                continue
            if s.shape == MENU:
                key = s.key
                if key and key not in used:
                    used.add(key)
                    out.append(Item(key, s.label, lambda v=s.verb: self.open((v,), ui)))
                else:
                    late.append((s, None))
                continue
            seen = set()
            for a in acts:
                if a in seen:
                    continue
                seen.add(a)
                key = s.key
                if key and key not in used:
                    used.add(key)
                    out.append(self._button(key, s, a, ui))
                else:
                    late.append((s, a))
        free = [k for k in FREE_KEYS if k not in used]
        rest: list[Item] = []
        for s, a in late:
            if a is None:
                fn = (
                    (lambda v=s.verb: self.open((v,), ui))
                    if s.shape == MENU
                    else (lambda s=s: ui.card_key(s, [x for x in obs.legal if spec_for(x, obs.verbs) is s]))
                )
                rest.append(Item("", s.label, fn))
                names.append(f"verb {s.verb}")
            else:
                rest.append(self._button("", s, a, ui))
                names.append(a.text())
        # the card-shaped verbs first (⏎ Play card, e Exchange selected), as the hand reads
        out.sort(key=lambda it: 0 if getattr(it.run, "card_shaped", False) else 1)
        return mark_copies(out + self._paged(rest, free, ui, names))

    def _button(self, key: str, s: VerbSpec, a: Action, ui) -> Item:
        suit = SUIT_LETTERS.index(a.arg) if s.verb == "trump" and a.arg in SUIT_LETTERS and len(s.label) <= 2 else None
        label = s.label
        tail = ""
        if a.prep is not None:
            tail += f" {a.prep} {a.target}"
        if a.end:
            tail += f" {a.end}"
        if suit is not None:
            label = ""  # the suit symbol alone, in its colour
        return Item(key, label + tail if not a.cards else label, lambda a=a: ui.act(a), cards=a.cards, suit=suit)

    def _paged(self, rest: list[Item], free: list[str], ui, names: Sequence[str] = ()) -> list[Item]:
        """Keys for the buttons that had none: the free keys; past them, pages (``o``). A button
        named in ``names`` keeps the key it had earlier in this decision (``given``); a new one
        takes a free key no button of this decision had, while there is one."""
        if not rest:
            return []
        if len(rest) <= len(free):
            if len(names) != len(rest):
                for it, k in zip(rest, free):
                    it.key = k
                return rest
            taken = {self.given[n] for n in names if self.given.get(n) in free}
            unused = [k for k in free if k not in taken and k not in self.given.values()]
            spare = [k for k in free if k not in taken and k not in unused]  # once given, now free
            for it, n in zip(rest, names):
                kept = self.given.get(n)
                if kept is not None and kept in taken:
                    k = kept
                else:
                    k = (unused or spare).pop(0)
                    taken.add(k)
                    for old in [m for m, v in self.given.items() if v == k]:
                        del self.given[old]  # a button gone: its key is another's now
                    self.given[n] = k
                it.key = k
            return rest
        per = max(1, len(free))
        pages = (len(rest) + per - 1) // per
        self.page %= pages
        shown = rest[self.page * per : (self.page + 1) * per]
        for it, k in zip(shown, free):
            it.key = k
        return shown + [Item(PAGE_KEY, f"more… ({self.page + 1}/{pages})", lambda: self.turn_page(ui))]

    def turn_page(self, ui) -> None:
        self.page += 1
        ui.redraw()

    def _numbered(self, acts: list[Action], ui, label: Callable[[Action], tuple[str, tuple]]) -> list[Item]:
        """Actions on the keys 1-9; more than nine: pages (``o``). Esc goes back. Long labels
        (a compound open's melds and lay-offs, a line each at 80 columns) three a page."""
        per = 9 if all(len(label(a)[0]) <= 36 for a in acts) else 3
        pages = max(1, (len(acts) + per - 1) // per)
        self.page %= pages
        out = []
        for i, a in enumerate(acts[self.page * per : (self.page + 1) * per]):
            words, cards = label(a)
            out.append(Item(str(i + 1), words, lambda a=a: ui.act(a), cards=cards))
        if pages > 1:
            out.append(Item(PAGE_KEY, f"more… ({self.page + 1}/{pages})", lambda: self.turn_page(ui)))
        out.append(Item("escape", "Back", lambda: self.back(ui)))
        return out

    # ---- menus --------------------------------------------------------------------------
    def under(self, obs, path: tuple[str, ...] | None = None) -> list[Action]:
        """The legal actions under a menu path (suit letters stand for a card's suit at the
        level where a card is picked)."""
        path = self.path if path is None else path
        out = []
        for a in obs.legal:
            w = words_of(a)
            ok = True
            for i, p in enumerate(path):
                if i < len(w) and w[i] == p:
                    continue
                # a suit level before a picked card
                if i == len(w) - 1 and len(p) == 1 and a.cards and SUIT_LETTERS[suit_of(a.cards[0])] == p:
                    continue
                ok = False
                break
            if ok:
                out.append(a)
        return out

    def _level(self, obs) -> tuple[VerbSpec | None, Any]:
        """The spec of the open menu and the MenuItem at the end of the path (None at the
        top; the pick item when a card is being picked)."""
        spec = next((s for s, _ in self.specs(obs) if s.verb == self.path[0] and s.shape == MENU), None)
        items = spec.menu if spec else ()
        node = None
        for w in self.path[1:]:
            nxt = next((m for m in items if m.word == w), None)
            if nxt is None:
                break
            node = nxt
            items = nxt.children
        return spec, node

    def _menu_items(self, obs, ui) -> list[Item]:
        spec, node = self._level(obs)
        acts = self.under(obs)
        out: list[Item] = []
        depth = len(self.path)
        if node is not None and node.pick == "card":
            hand = list(getattr(obs, "hand", ()))
            picks = [a for a in acts if a.cards]
            if self._from_hand(obs, picks):
                # cards of the hand: on the keys they have in the hand, in its order
                for a in sorted(picks, key=lambda a: hand.index(a.cards[0])):
                    out.append(Item(card_key(hand.index(a.cards[0])), "", lambda a=a: ui.act(a), cards=a.cards))
                out.append(Item("escape", "Back", lambda: self.back(ui)))
                return out
            cards = sorted({a.cards[0] for a in acts if a.cards}, key=lambda c: (suit_of(c), -rank_of(c)))
            at_suit = depth > 1 and self.path[-1] in SUIT_LETTERS and self.path[-1] != node.word
            # by suit first (the suit's key, then the card's number) when the cards are
            # of several suits or more than nine
            if (len(cards) > 9 or len({suit_of(c) for c in cards}) > 1) and not at_suit:
                suits = sorted({suit_of(c) for c in cards})
                for s in suits:
                    L = SUIT_LETTERS[s]
                    out.append(Item(L, "", lambda L=L: self.open(self.path + (L,), ui), suit=s))
            else:
                acts = sorted((a for a in acts if a.cards), key=lambda a: -rank_of(a.cards[0]))
                return self._numbered(acts, ui, lambda a: ("", a.cards))
        else:
            children = node.children if node is not None else (spec.menu if spec else ())
            for m in children:
                path = self.path + (m.word,)
                under = self.under(obs, path)
                if not under:
                    continue
                suit = SUIT_LETTERS.index(m.word) if m.word in SUIT_LETTERS and len(m.label) <= 2 else None
                leaf = [a for a in under if words_of(a) == path]
                if leaf and not m.children and m.pick is None:
                    fn = lambda a=leaf[0]: ui.act(a)  # noqa: E731 - a default binds the loop value
                else:
                    fn = lambda p=path: self.open(p, ui)  # noqa: E731 - a default binds the loop value
                out.append(Item(m.key or "", m.label if suit is None else "", fn, suit=suit))
            used = {i.key for i in out if i.key}
            free = [k for k in FREE_KEYS + CARD_LETTERS + "123456789" if k not in used]
            for it in out:
                if not it.key:
                    it.key = free.pop(0) if free else ""
            out = [i for i in out if i.key]
        out.append(Item("escape", "Back", lambda: self.back(ui)))
        return out

    @staticmethod
    def _from_hand(obs, picks: Sequence[Action]) -> bool:
        """The cards to pick are all of the seat's hand, each with its key there."""
        hand = list(getattr(obs, "hand", ()))
        return bool(picks) and all(a.cards[0] in hand and card_key(hand.index(a.cards[0])) for a in picks)

    def open(self, path: tuple[str, ...], ui) -> None:
        if not ui.may_act():
            return
        self.path = path
        self.page = 0
        ui.redraw(clear=True)

    def back(self, ui) -> None:
        if self.choices:
            self.choices = ()
        else:
            self.path = self.path[:-1]
        self.page = 0
        ui.redraw(clear=True)

    def menu_prompt(self, obs) -> str:
        """A line saying where the menu is: the labels along the path (not the verb's hint:
        it names the key that opened the menu, which means another word inside it)."""
        if self.choices:
            return "Which one? Type its number (Esc: back)."
        spec, node = self._level(obs)
        words = [spec.label.rstrip("…") if spec else self.path[0]]
        items = spec.menu if spec else ()
        for w in self.path[1:]:
            m = next((x for x in items if x.word == w), None)
            if m is None:
                words.append("\u2663\u2666\u2665\u2660"[SUIT_LETTERS.index(w)] if w in SUIT_LETTERS else w)
                break
            words.append(m.label.rstrip("…?"))
            items = m.children
        ask = "which card?" if node is not None and node.pick == "card" else "what?"
        if node is not None and node.pick == "card" and self.path[-1] == node.word:
            picks = [a for a in self.under(obs) if a.cards]
            cards = [a.cards[0] for a in picks]
            if (len(cards) > 9 or len({suit_of(c) for c in cards}) > 1) and not self._from_hand(obs, picks):
                ask = "which suit?"
        if node is not None and node.pick is None and node.children and node.children[0].word in SUIT_LETTERS:
            ask = "which suit?"
        return " › ".join(words) + f": {ask} (Esc: back)"

    # ---- cards --------------------------------------------------------------------------
    def match_cards(self, s: VerbSpec, acts: Sequence[Action], cards: Sequence[int]) -> list[Action]:
        """The legal actions of ``s`` whose cards are ``cards`` (a multiset; a designated
        wild card matches its plain card)."""
        if isinstance(acts, LazyGroup):
            return acts.matching(cards)
        want = Counter(plain(c) for c in cards)
        exact = Counter(cards)
        out = [a for a in acts if Counter(cards_of(a)) == exact]
        if out:
            return out
        return [a for a in acts if Counter(plain(c) for c in cards_of(a)) == want]
