"""Widgets of the card table: cards in hand, seats, the trick, the piles, melds, the sheet.

The widgets only draw what an Observation (or a Sheet) says; they never decide what is
legal. Text is built with Rich ``Text`` (``markup=False`` everywhere, textual#6525).
"""

from __future__ import annotations

import io
from typing import Any, Collection, Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import MountError, Widget
from textual.widgets import Button, Footer, Static

from cardtable.cards import Card, copy_of
from cardtable.engine.game import MeldView
from cardtable.engine.views import BUYBACK, DISCARD, OUT_MARK, RUMMY, STOCK, TIE_MARK, VOID, WINNER
from cardtable.tui import render as R
from cardtable.tui.chooser import card_key

#: a console to measure and wrap texts with (never printed to)
_CONSOLE = Console(width=200, file=io.StringIO(), color_system=None)


def mount_safely(parent: Widget, *widgets: Widget) -> bool:
    """Mount ``widgets`` in ``parent`` unless it is leaving the app (a quit racing a bot's
    move or a redraw); True if they were mounted."""
    if not parent.is_attached or parent._closing or parent._closed or parent.app._closing:
        return False
    try:
        parent.mount(*widgets)
    except MountError:
        return False
    return True


def dismiss_once(screen: Screen, result: Any = None) -> None:
    """``screen.dismiss(result)``, once, and only while it is the screen on top: Textual's
    dismiss pops whatever screen is on top, so a second key typed before the first dismiss
    has taken effect (key repeat at the hand-over, ⏎⏎ at the summary) would pop the table
    beneath it and leave the app without a screen."""
    if getattr(screen, "_dismissed", False) or not screen.is_attached or screen is not screen.app.screen:
        return
    screen._dismissed = True
    screen.dismiss(result)


class KeyFooter(Footer):
    """The key help line, rebuilt only when the keys it shows change.

    Textual's Footer rebuilds all its keys whenever a screen's bindings may have changed
    (every ``refresh_bindings()``, every focus change), and each rebuilt ``FooterKey``
    leaves a watcher on the footer that keeps it alive (textual#6666: watchers are pruned
    only when the watched value changes). This footer skips a rebuild that would show the
    same keys, and drops the watchers of the keys it removed.

    The line never cuts a key: where the keys are wider than the screen, it first closes up
    (Textual's compact footer: one space fewer around each key), and where they are still
    too wide whole keys are left out, first those the screen names in ``FOOTER_DROP``
    (actions, lowest priority first), then from the right. A line that fits is drawn with
    the usual spacing.
    """

    _composed: tuple | None = None

    def _width(self) -> int:
        try:
            return self.screen.size.width or self.app.size.width
        except Exception:
            return 0

    def _signature(self) -> tuple:
        try:
            active = self.screen.active_bindings
        except Exception:
            return ()
        return tuple(
            (key, b.action, b.description, b.key_display, b.show, enabled, tooltip)
            for key, (_, b, enabled, tooltip) in active.items()
        ) + (self.compact, self._width())

    def compose(self):
        self._prune_watchers()
        keys = self._fitted(list(super().compose()))  # sets ``compact`` for the width
        if self._bindings_ready:
            self._composed = self._signature()
        yield from keys

    def _fitted(self, items: list) -> list:
        """``items`` (the footer's keys) without the keys that do not fit the width whole;
        the line is compact where the keys fit only so."""
        from rich.cells import cell_len
        from textual.widgets._footer import FooterKey

        width = self._width()
        if not width or any(not isinstance(k, FooterKey) for k in items):
            return items

        def need(keys, pad: int) -> int:
            # a key, its description and their padding: 3 cells (" s sheet "), compact 2
            return sum(cell_len(k.key_display) + cell_len(k.description) + pad for k in keys)

        keep = list(items)
        self.compact = need(keep, 3) > width
        pad = 2 if self.compact else 3
        order = [a for a in getattr(self.screen, "FOOTER_DROP", ())]
        while need(keep, pad) > width and keep:
            drop = next((k for a in order for k in keep if k.action.split("(")[0] == a), keep[-1])
            keep.remove(drop)
        self.styles.grid_size_columns = max(1, len(keep))
        return keep

    def on_resize(self, event) -> None:
        if self._bindings_ready and self._composed is not None and self._signature() != self._composed:
            self.call_after_refresh(self.recompose)

    def _prune_watchers(self) -> None:
        watchers = getattr(self, "__watchers", None)
        if not watchers:
            return
        for _name, entries in watchers.items():
            entries[:] = [
                (node, cb)
                for node, cb in entries
                if not (getattr(node, "_closing", False) or getattr(node, "_closed", False))
            ]

    def bindings_changed(self, screen) -> None:
        if (
            self._bindings_ready
            and self._composed is not None
            and self.is_attached
            and screen is self.screen
            and self._signature() == self._composed
        ):
            return
        super().bindings_changed(screen)


class MoreBelow(Static):
    """A hint under a scrolling page that there is more below it ("▼ more below: ↓ or PgDn"),
    shown while the page (the widget with id ``page``, a scroll container of the same screen)
    can scroll further down, hidden at its foot. ``above``: also shown while the page is
    scrolled down, saying what is above it ("▲ more above: ↑ or PgUp"; both ways: "▲▼ more
    above and below"), so that nothing out of view is out of mind. A change of what it shows
    refreshes the screen's key line (a screen may show its scroll keys only while the page
    scrolls)."""

    BELOW = "\u25bc more below: \u2193 or PgDn scrolls"
    ABOVE = "\u25b2 more above: \u2191 or PgUp scrolls"
    BOTH = "\u25b2\u25bc more above and below: \u2191\u2193 or PgUp PgDn scroll"

    def __init__(self, page: str, above: bool = False, **kw) -> None:
        super().__init__(self._words(self.BELOW), markup=False, classes="more-below", **kw)
        self.page = page
        self.above = above
        self._shown = self.BELOW

    @staticmethod
    def _words(text: str) -> Text:
        return Text(text, Style(color=R.GOLD, italic=True))

    def on_mount(self) -> None:
        self.display = False
        try:
            self._page = self.screen.query_one(f"#{self.page}")
        except Exception:
            return
        for name in ("scroll_y", "virtual_size", "size"):
            self.watch(self._page, name, self._later, init=False)
        self.call_after_refresh(self._update)

    def _later(self) -> None:
        # the page's sizes change one at a time during a layout: judge once it is done
        self.call_after_refresh(self._update)

    def _update(self) -> None:
        page = self._page
        # the hint's own line is taken from the page: a page that fits without it has no more
        more = page.max_scroll_y - (1 if self.display else 0) > 0
        below = more and round(page.scroll_y) < page.max_scroll_y
        up = self.above and more and round(page.scroll_y) > 0
        text = self.BOTH if below and up else self.ABOVE if up else self.BELOW
        was = (self.display, self._shown)
        if text != self._shown:
            self._shown = text
            self.update(self._words(text))
        self.display = below or up
        if (self.display, self._shown) != was:
            try:
                self.screen.refresh_bindings()
            except Exception:
                pass


class CardWidget(Static):
    """One card of the active hand; click to select (or toggle) it."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, index: int) -> None:
        super().__init__("", markup=False, classes="card")
        self.index = index
        self.card: Card | None = None

    def show_card(
        self,
        card: Card,
        dutch: bool,
        number: int | None,
        *,
        cursor: bool,
        selected: bool,
        playable: bool,
        overlap: bool = False,
        drawn: bool = False,
    ) -> None:
        """Draw the card: its own box (the number of its key in the bottom edge), a heavy gold
        edge under the cursor, blue when selected (rummy), greyed when it cannot be played.
        ``overlap``: a long hand; the next card covers this one's right edge (4 cells wide).
        ``drawn``: the card just drawn from the stock: ``new`` in its top edge, in gold; else a
        card named by its pack copy has the pack number there (``¹``)."""
        self.card = card
        label = R.card_label(card, dutch)
        label = label if len(label) >= 3 else " " + label
        if cursor:
            edge = Style(color="#b8860b", bold=True)
            box = "┏━━━┓", "┃", "┗", "━", "┛"
        elif selected:
            edge = Style(color="#2f80ed", bold=True)
            box = "╭───╮", "│", "╰", "─", "╯"
        else:
            edge = Style(color="#8a8577")
            box = "╭───╮", "│", "╰", "─", "╯"
        top, side, bl, hz, br = box
        overlap = overlap and not cursor
        if overlap:
            top, br = top[:-1], ""
        num = card_key(number - 1) if number is not None else None
        num = num or hz
        t = Text()
        pack = copy_of(card)
        if drawn:
            t.append(top[0], edge)
            t.append("new", Style(color=R.GOLD, bold=True))
            t.append(top[4:] + "\n", edge)
        elif 0 < pack < 10:
            # a card named by its pack (a melded copy: Q♠¹) has the number in its top edge,
            # as the melded row and the buttons write it
            t.append(top[0], edge)
            t.append(R.PACK_MARKS[pack], Style(color=R.GOLD, bold=True))
            t.append(top[2:] + "\n", edge)
        else:
            t.append(top + "\n", edge)
        t.append(side, edge)
        t.append(label, Style(color=R.card_color(card) if playable else "#6b675c", bold=True))
        t.append((side if not overlap else "") + "\n", edge)
        t.append(bl + hz, edge)
        t.append(num, Style(color="#111111", bold=True) if cursor else edge)
        t.append(hz + br, edge)
        self.update(t)
        self.set_class(overlap, "overlap")
        self.set_class(cursor, "cursor")
        self.set_class(selected, "selected")
        self.set_class(drawn, "drawn")
        self.set_class(not playable, "dim")

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Clicked(self.index))


class HandView(Horizontal):
    """The active seat's hand, left to right in the observation's display order."""

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._pool: list[CardWidget] = []

    def show(
        self,
        cards: Sequence[Card],
        dutch: bool,
        cursor: int | None,
        selected: set[int],
        playable: set[int] | None,
        drawn: Collection[int] = (),
    ) -> None:
        """Draw ``cards``; ``selected``/``playable``/``drawn`` are indexes (``playable`` None =
        all; ``drawn``: the cards just drawn from the stock, marked ``new``).
        A hand too long for the width (16 cards at 80 columns) is
        drawn with the cards overlapping: 4 cells each instead of 6."""
        width = (self.size.width or self.app.size.width) - 2
        overlap = len(cards) * 6 > width
        while len(self._pool) < len(cards):
            w = CardWidget(len(self._pool))
            if not mount_safely(self, w):
                return
            self._pool.append(w)
        for i, w in enumerate(self._pool):
            if i < len(cards):
                w.display = True
                w.show_card(
                    cards[i],
                    dutch,
                    i + 1,
                    cursor=(i == cursor),
                    selected=(i in selected),
                    playable=(playable is None or i in playable),
                    overlap=overlap and i < len(cards) - 1,
                    drawn=(i in drawn),
                )
            else:
                w.display = False
                w.card = None

    def visible_cards(self) -> list[Card]:
        return [w.card for w in self._pool if w.display and w.card is not None]


def item_lines(items: Sequence[str], width: int, rows: int, sep: str = " \u00b7 ") -> list[str]:
    """``items`` (a seat's note: ``partner``, ``declarer``, ``2 tricks``) joined by ``sep`` in
    lines of at most ``width`` cells, broken only between two items, in at most ``rows``
    lines: an item wider than a line, or what is left after the last line, is cut with …
    (``width`` 0: one line, not fitted)."""
    if width <= 0:
        return [sep.join(items)] if items else []
    lines: list[str] = []
    for it in items:
        if lines and cell_len(lines[-1] + sep + it) <= width:
            lines[-1] += sep + it
        elif len(lines) < rows:
            lines.append(it)
        else:
            lines[-1] += sep + it  # no row left: cut below
    return [_cut(ln, width) for ln in lines]


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: cut with … where it is wider."""
    if cell_len(text) <= width:
        return text
    t = Text(text)
    t.truncate(width, overflow="ellipsis")
    return t.plain


class SeatView(Static):
    """Another seat: name, dealer and turn marks, card backs with the count, tricks or melds.
    Every line fits the seat's width (``item_lines``): the note breaks between its items
    onto a second line, the name is cut with … where it is too long."""

    #: the lines a seat's note may take
    NOTE_ROWS = 2

    def __init__(self, **kw) -> None:
        super().__init__("", markup=False, classes="seat", **kw)

    def show(
        self,
        name: str,
        cards: int,
        *,
        dealer: bool,
        to_act: bool,
        note: str = "",
        thinking: bool = False,
        compact: bool = False,
        center: bool = False,
    ) -> None:
        self._last = (
            name,
            cards,
            dict(dealer=dealer, to_act=to_act, note=note, thinking=thinking, compact=compact, center=center),
        )
        lines = []
        width = self._width = self.content_region.width
        head = Text()
        head.append("▶ " if to_act else "", Style(color=R.GOLD, bold=True))
        marks = " (D)" if dealer else ""
        short = _cut(name, max(2, width - head.cell_len - len(marks))) if width > 0 else name
        head.append(short, Style(bold=True, color=R.GOLD if to_act else "#ffffff"))
        if dealer:
            head.append(marks, Style(color="#b8d8c0"))
        lines.append(head)
        lines.append(R.backs(cards, limit=8 if compact else 10))
        # while the seat thinks, that word takes the note's line (tricks, melds come back
        # with its move)
        if thinking:
            lines.append(Text("thinking…", Style(color=R.GOLD, italic=True)))
        else:
            items = [x for x in note.split(" · ") if x]
            rows = item_lines(items, width, self.NOTE_ROWS) or [""]
            lines += [Text(x, Style(color="#b8d8c0")) for x in rows]
        t = Text("\n").join(lines)
        if center:
            t.justify = "center"
        self.update(t)
        self.set_class(to_act, "to-act")

    def clear(self) -> None:
        self._last = None
        self.update("")
        self.set_class(False, "to-act")

    _last: tuple | None = None
    _width = 0  # the width the lines were fitted to

    def on_resize(self) -> None:
        # the lines are fitted to the width: drawn again once it is known or changes (not
        # when the table has drawn them for the new width already)
        if self._last is not None and self.content_region.width != self._width:
            name, cards, kw = self._last
            self.show(name, cards, **kw)


class TrickView(Static):
    """The trick in the middle: a cross (each card in front of its player) with the trump
    above and a caption below; a row when more than one seat sits at the top. Between
    tricks it shows the last trick with the winner's card outlined in gold."""

    def __init__(self, **kw) -> None:
        super().__init__("", markup=False, **kw)

    def show(
        self,
        trick: Sequence[tuple[int, Card]],
        positions: dict[int, str],
        names: dict[int, str],
        dutch: bool,
        caption: Text | None = None,
        winner: int | None = None,
        trump: Text | None = None,
        last: Text | None = None,
        side: Sequence[Text] = (),
        title: str = "",
    ) -> None:
        """``last``: a line under the caption (the last trick, kept in view while the next
        one is played). ``side``: lines beside the cross (the table talk of the
        hand, oldest first; the most recent ones when they do not all fit)."""
        caption = caption or Text("")
        trump = trump or Text("")
        avail = self.size.width or 48
        tops = [s for s, p in positions.items() if p == "top"]
        if (
            last is not None
            and not (side and len(tops) <= 1)
            and caption.cell_len + 3 + last.cell_len <= min(avail, 60)
        ):
            # the caption and the last trick on one row: a row more for the cross at 80x24
            caption = Text.assemble(caption, Text(" · ", Style(color="#b8d8c0")), last) if caption.plain else last
            last = None
        extra = 1 if last is not None else 0
        if side and len(tops) <= 1:
            cross = 23
            side_w = max(10, min(max(t.cell_len for t in side), avail - cross - 1))
            width = cross + 1 + side_w
            rows = 9 + extra
            cv = R.Canvas(width, rows)
            mid = 8
            spots = {"top": (mid, 1), "left": (mid - 8, 3), "right": (mid + 8, 3), "bottom": (mid, 5)}
            for seat, card in trick:
                pos = positions.get(seat)
                if pos in spots:
                    x, y = spots[pos]
                    cv.card(x, y, card, dutch, highlight=(seat == winner))
            cv.put(0, 0, trump)
            cv.put(cross + 1, 0, Text(title[:side_w], Style(color="#b8d8c0", bold=True)))
            # each line wrapped to the room beside the cross (the next rows indented), the
            # most recent ones when they do not all fit
            wrapped: list[Text] = []
            for t in side:
                first, *rest = _wrap_text(t, side_w)
                wrapped.append(first)
                if rest:
                    wrapped += [Text("  ") + p for p in _wrap_text(Text(" ").join(rest), side_w - 2)]
            for i, t in enumerate(wrapped[-(rows - 1) :]):
                cv.put(cross + 1, 1 + i, t)
            cap = caption.copy()
            cap.truncate(cross, overflow="ellipsis")
            cv.put(max(0, (cross - cap.cell_len) // 2), 8, cap)
            if last is not None:
                ln = last.copy()
                ln.truncate(width, overflow="ellipsis")
                cv.put(0, 9, ln)
            self.update(cv.text())
            return
        if len(tops) <= 1:
            width = max(25, caption.cell_len, trump.cell_len, last.cell_len if last is not None else 0)
            cv = R.Canvas(width, 9 + extra)
            mid = (width - 5) // 2
            spots = {"top": (mid, 1), "left": (mid - 8, 3), "right": (mid + 8, 3), "bottom": (mid, 5)}
            for seat, card in trick:
                pos = positions.get(seat)
                if pos in spots:
                    x, y = spots[pos]
                    cv.card(x, y, card, dutch, highlight=(seat == winner))
            cv.put((width - trump.cell_len) // 2, 0, trump)
            cv.put((width - caption.cell_len) // 2, 8, caption)
            if last is not None:
                cv.put((width - last.cell_len) // 2, 9, last)
            self.update(cv.text())
            return
        # many seats: the cards in playing order, each under its player's name
        width = max(25, caption.cell_len, trump.cell_len, 6 * len(trick), last.cell_len if last is not None else 0)
        cv = R.Canvas(width, 7 + extra)
        cv.put((width - trump.cell_len) // 2, 0, trump)
        x0 = (width - 6 * len(trick)) // 2
        for i, (seat, card) in enumerate(trick):
            x = x0 + i * 6
            cv.put(x, 1, names.get(seat, str(seat))[:5], Style(color="#b8d8c0"))
            cv.card(x, 2, card, dutch, highlight=(seat == winner))
        cv.put((width - caption.cell_len) // 2, 6, caption)
        if last is not None:
            cv.put((width - last.cell_len) // 2, 7, last)
        self.update(cv.text())


def _wrap_text(t: Text, width: int) -> list[Text]:
    """``t`` in lines of at most ``width`` cells, broken at spaces (a word longer than the
    line is cut with …)."""
    if t.cell_len <= width or width < 4:
        return [t]
    out = []
    for line in t.wrap(_CONSOLE, width):
        line.rstrip()
        if line.cell_len > width:
            line.truncate(width, overflow="ellipsis")
        out.append(line)
    return out or [t]


class PileView(Static):
    """Stock (a card back and the count) and the discard pile (its top card, the count and
    the next cards below it, all public). A click on either says which (``Clicked``: the
    zone kind, ``stock`` or ``discard``); the table makes the move the game declares for it."""

    #: the drawing's width, and where the discard pile starts in it (the stock left of it)
    WIDTH = 40
    DISCARD_AT = 12

    class Clicked(Message):
        def __init__(self, zone: str) -> None:
            self.zone = zone
            super().__init__()

    def __init__(self, **kw) -> None:
        super().__init__("", markup=False, **kw)

    def zone_at(self, x: int) -> str | None:
        """The zone kind (``stock``, ``discard``) drawn at column ``x`` of the widget, or None
        beside the drawing (centred in the widget's content, ``content-align``)."""
        left = self.styles.gutter.left + max(0, (self.content_region.width - self.WIDTH) // 2)
        col = x - left
        if not 0 <= col < self.WIDTH:
            return None
        return STOCK if col < self.DISCARD_AT else DISCARD

    def on_click(self, event) -> None:
        zone = self.zone_at(event.x)
        if zone is not None:
            event.stop()
            self.post_message(self.Clicked(zone))

    def show(self, stock: int, discard: Sequence[Card], dutch: bool) -> None:
        soft = Style(color="#b8d8c0")
        cv = R.Canvas(self.WIDTH, 4)
        cv.put(0, 0, "Stock", soft)
        if stock:
            cv.card(0, 1, None)
            cv.put(6, 2, str(stock), Style(bold=True))
        else:
            cv.put(0, 2, "empty", Style(color="#b8d8c0", italic=True))
        at = self.DISCARD_AT
        cv.put(at, 0, f"Discard pile ({len(discard)})", soft)
        if discard:
            cv.card(at, 1, discard[-1], dutch, highlight=True)
            below = list(reversed(discard[:-1]))[:4]
            if below:
                cv.put(18, 2, "below: ", soft)
                cv.put(25, 2, R.cards_inline(below, dutch))
        else:
            cv.put(at, 2, "empty", Style(color="#b8d8c0", italic=True))
        self.update(cv.text())


class MeldWidget(Horizontal):
    """One meld on the table: its number, all its cards (a long meld wraps onto a second
    line, under the cards) and its owner; click to lay the selected card off on it."""

    DEFAULT_CSS = """
    MeldWidget { height: auto; width: 100%; }
    MeldWidget > .meld-id { width: 3; height: 1; }
    MeldWidget > .meld-cards { width: 1fr; height: auto; }
    MeldWidget > .meld-owner { width: 12; height: 1; margin-left: 1; }
    """

    class Clicked(Message):
        def __init__(self, meld_id: int) -> None:
            self.meld_id = meld_id
            super().__init__()

    def __init__(self) -> None:
        super().__init__(classes="meld")
        self.meld_id = 0
        self._id = Static("", markup=False, classes="meld-id")
        self._cards = Static("", markup=False, classes="meld-cards")
        self._owner = Static("", markup=False, classes="meld-owner")

    def compose(self) -> ComposeResult:
        yield self._id
        yield self._cards
        yield self._owner

    def show_meld(self, meld: MeldView, owner: str, dutch: bool) -> None:
        self.meld_id = meld.id
        self._id.update(Text(f"{meld.id:>2} ", Style(bold=True, color=R.GOLD)))
        self._cards.update(R.cards_inline(R.meld_cards(meld), dutch))
        short = owner if len(owner) <= 11 else owner[:10] + "…"
        self._owner.update(Text(short, Style(color="#b8d8c0", italic=True)))

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(self.Clicked(self.meld_id))


class MeldsView(Widget):
    """The melds on the table, numbered as the action grammar numbers them."""

    DEFAULT_CSS = "MeldsView { height: auto; layout: vertical; }"

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._pool: list[MeldWidget] = []

    def show(self, melds: Sequence[MeldView], names: dict[int, str], dutch: bool) -> None:
        while len(self._pool) < len(melds):
            w = MeldWidget()
            if not mount_safely(self, w):
                return
            self._pool.append(w)
        for i, w in enumerate(self._pool):
            if i < len(melds):
                w.display = True
                w.show_meld(melds[i], names.get(melds[i].owner, str(melds[i].owner)), dutch)
            else:
                w.display = False


class LogView(Static):
    """The last public events, newest at the bottom. ``grow``: the rows the view may take
    (above its ``lines``) for a newest event too long for them (a bot's whole rummy turn on
    one line, ``render.turn_texts``), so that it is read whole; 0: the view's height is the
    stylesheet's."""

    def __init__(self, lines: int = 3, grow: int = 0, **kw) -> None:
        super().__init__("", markup=False, **kw)
        self.lines = lines
        self.grow = grow
        self._last: tuple | None = None

    def show(
        self, log: Sequence[str], dutch: bool, names: dict[int, str] | None = None, lines: int | None = None
    ) -> None:
        """The last ``lines`` (default ``self.lines``) events, as many of them as fit the
        widget's height once it is laid out (a long line wraps onto more rows): the newest
        are never pushed out of view by older ones, and a newest one longer than the height
        takes up to ``grow`` rows."""
        self._last = (log, dutch, names, lines)
        n = lines or self.lines
        tail = [R.pretty(line, dutch, names) for line in list(log)[-n:]]
        height, width = (self.lines if self.grow else self.size.height), self.size.width
        if self.grow and width:
            width -= self.styles.gutter.width  # the padding: the text's own width
        if height and width > 0 and tail:
            kept, rows = [], 0
            for t in reversed(tail):
                need = len(t.wrap(self.app.console, width))
                if kept and rows + need > height:
                    if height > rows:  # an older line cut to the rows left, not dropped unseen
                        kept.append(self._cut_to(t, width, height - rows))
                        rows = height
                    break
                kept.append(t)
                rows += need
            tail = kept[::-1]
            if self.grow:
                self.styles.height = max(self.lines, min(rows, self.grow))
        self.update(Text("\n").join(tail) if tail else Text(""))

    def _cut_to(self, t: Text, width: int, rows: int) -> Text:
        """``t`` cut at its end with ``…`` so that it takes at most ``rows`` rows of ``width``
        (the whole line stays in the history, ``h``)."""
        keep = max(1, width * rows - 1)
        while True:
            cut = t.copy()
            cut.truncate(keep)
            cut.rstrip()
            cut.append("…")
            if keep <= 1 or len(cut.wrap(self.app.console, width)) <= rows:
                return cut
            keep -= max(1, width // 4)

    def on_resize(self) -> None:
        if self._last is not None:
            self.show(*self._last)


def sheet_renderable(
    sheet,
    title: str | None = None,
    names: Sequence[str] | None = None,
    score_columns: int | None = None,
    panel: bool = False,
):
    """The score sheet as its own drawing (``Sheet.view()``: a table and lines, or lines
    alone), laid out for the width it is drawn in (see ``FittedSheet``).

    The table gives one row per hand (and the totals row); the view's lines are shown
    below it: the streepjes tallies, a carry line, a winner line.
    ``names`` (one per seat) replace ``Seat i`` headers where the sheet accepts them.
    ``score_columns``: how many columns at the right hold the scores (one per side or seat;
    default: all but the first); the columns between the first and those describe the hand
    (dealer, contract ...) and give way first when the sheet is too wide. ``panel``: the
    narrow side panel (only the last hands, columns dropped) rather than a page (columns
    split over two tables).
    """
    from rich.console import Group

    parts: list[Any] = []  # a FittedSheet and Texts
    view = _call_with_names(sheet.view, names) if hasattr(sheet, "view") else None
    if view is None:
        return Group(Text("(no sheet)"))
    headers = list(view.columns)
    rows = [list(r) for r in view.rows] + ([list(view.total)] if view.total is not None else [])
    # the marks by (row, column) of ``rows``: row -1 is the totals row
    marks = {((len(rows) - 1) if r == -1 else r, c): w for r, c, w in view.marks}
    if score_columns is None and view.score_columns:
        score_columns = view.score_columns
    if headers and rows:
        parts.append(
            FittedSheet(headers, rows, title=title, names=names, panel=panel, score_columns=score_columns, marks=marks)
        )
    # the sheet's own lines: under the table (a tally, a carry, the winner), or the whole
    # drawing of a sheet that is no table (a boom, a lives log)
    extra = list(view.lines)
    if extra:
        parts.append(Text("\n".join(extra), Style(bold=True)))
    if view.legend and parts:
        parts.append(Text(view.legend, Style(dim=True, italic=True)))
    if not parts:
        parts.append(Text("(no hands played yet)"))
    return Group(*parts)


def _wrap_header(text: str, width: int) -> str:
    """``text`` on two lines when it is wider than ``width`` cells: broken at the space that
    fits, before a bracket if it can (``A (0 & 2)`` -> ``A`` / ``(0 & 2)``), else the space
    that makes the wider line narrowest; a text without spaces, or whose only breaks leave
    a stub (``Bot 1``, ``Player 2``), stays whole."""
    if len(text) <= width or " " not in text:
        return text
    best = None
    for i, ch in enumerate(text):
        if ch != " ":
            continue
        a, b = text[:i], text[i + 1 :]
        if not b.startswith("(") and min(len(a), len(b)) < 3:
            continue
        fits = max(len(a), len(b)) <= width
        key = (not b.startswith("("), not fits, max(len(a), len(b)))
        if best is None or key < best[0]:
            best = (key, a + "\n" + b)
    return best[1] if best else text


#: how a SheetView's marked cell is drawn (``views.WINNER`` ...)
MARK_STYLES = {
    WINNER: Style(bold=True, color=R.GOLD),
    TIE_MARK: Style(bold=True, color="#e0c080"),
    RUMMY: Style(bold=True, color="#7fd1ff"),
    VOID: Style(italic=True, color="#8fb89e"),
    OUT_MARK: Style(strike=True, color="#8fb89e"),
    BUYBACK: Style(italic=True, color="#ffb070"),
}


class FittedSheet:
    """A sheet table that fits the width Rich gives it, trying in turn:

    1. the whole table;
    2. long headers wrapped onto two lines (``Points A – B`` -> ``Points`` / ``A – B``);
    3. a page: the hand-describing columns and the score columns as two tables, one under
       the other, each with the hand number; a panel: the hand-describing columns left out
       (the dealer first, then one-letter columns, then the widest);
    4. the standings only: one row per score column with its last (total) value.

    A panel shows only the last ``PANEL_ROWS`` hands (and the total row). Card codes in the
    cells are drawn as cards, and a numeric dealer cell as the seat's name.
    """

    PANEL_ROWS = 6

    def __init__(self, headers, rows, title=None, names=None, panel=False, score_columns=None, marks=None):
        self.headers = [str(h) for h in headers]
        self.marks = dict(marks or {})  # (row of ``rows``, column) -> a mark word
        self.rows = [[str(c) for c in r] for r in rows]
        self.title = title
        self.names = list(names) if names else None
        self.panel = panel
        n = len(self.headers)
        k = n - 1 if score_columns is None else max(1, min(score_columns, n - 1))
        self.score_cols = list(range(n - k, n))
        self.middle = list(range(1, n - k))
        # a last row that is not a hand (``total``, ``balance``, ``won``) stays in any cut
        self.has_total = bool(self.rows) and not self.rows[-1][0].strip().isdigit()

    # -- the cells --
    def _cell(self, col: int, value: str, mark: str | None = None) -> Text:
        if self.names and self.headers[col].strip().lower() == "dealer" and value.strip().isdigit():
            i = int(value)
            if 0 <= i < len(self.names):
                value = self.names[i]
        from cardtable.tui import render as R

        if mark is not None and mark in MARK_STYLES:
            t = R.pretty(value) if value else Text("")
            t.stylize(MARK_STYLES[mark])
            return t
        if value.strip() == "\u2713" or value.endswith("(winner)"):
            return Text(value, Style(bold=True, color=R.GOLD))  # the hand's or the game's winner
        return R.pretty(value) if value else Text("")

    def _rows(self) -> list[list[str]]:
        rows = self.rows
        if self.panel:
            body = rows[:-1] if self.has_total else rows
            if len(body) > self.PANEL_ROWS:
                cut = len(body) - self.PANEL_ROWS
                skipped = [f"… {cut}"] + [""] * (len(self.headers) - 1)
                rows = [skipped] + body[cut:] + (rows[-1:] if self.has_total else [])
        return rows

    def _mark(self, row: list[str], col: int) -> str | None:
        """The mark of a cell of ``self.rows`` (found by identity: the panel cuts rows)."""
        for i, r in enumerate(self.rows):
            if r is row:
                return self.marks.get((i, col))
        return None

    def _col_width(self, col: int, rows, wrap: bool) -> int:
        cells = max((self._cell(col, r[col], self._mark(r, col)).cell_len for r in rows), default=0)
        head = self.headers[col]
        if wrap:
            hw = max(len(line) for line in _wrap_header(head, cells).split("\n"))
        else:
            hw = len(head)
        return max(cells, hw, 1)

    def _width(self, cols, rows, wrap: bool) -> int:
        return sum(self._col_width(c, rows, wrap) for c in cols) + 3 * len(cols) + 1

    def _table(self, cols, rows, wrap: bool, title=None, total: bool = True) -> Table:
        tbl = Table(
            title=title,
            box=box.ROUNDED,
            show_edge=True,
            expand=False,
            pad_edge=True,
            header_style="bold",
            border_style="#5f9c78",
        )
        for c in cols:
            head = self.headers[c]
            if wrap:
                w = self._col_width(c, rows, True)
                head = _wrap_header(head, w)
            tbl.add_column(Text(head), justify="left" if c == 0 else "right", no_wrap=True)
        for r, row in enumerate(rows):
            last = total and self.has_total and r == len(rows) - 1
            cells = []
            for c in cols:
                t = self._cell(c, row[c], self._mark(row, c))
                if last:
                    t.stylize(Style(bold=True))
                if row[0].startswith("…") and c == 0:
                    t.stylize(Style(color="#8fb89e", italic=True))
                cells.append(t)
            tbl.add_row(*cells)
        return tbl

    def layouts(self, width: int) -> list:
        """The renderables for ``width`` cells (step 1 to 4 above)."""
        rows = self._rows()
        allc = list(range(len(self.headers)))
        for wrap in (False, True):
            if self._width(allc, rows, wrap) <= width:
                return [self._table(allc, rows, wrap, self.title)]
        keep = [0] + self.score_cols
        if self.middle and not self.panel:
            # the hand-describing columns over the hands (no total row), then the scores
            desc = [0] + self.middle
            hands = rows[:-1] if self.has_total else rows
            wd = next((w for w in (False, True) if self._width(desc, hands, w) <= width), None)
            wk = next((w for w in (False, True) if self._width(keep, rows, w) <= width), None)
            if wd is not None and wk is not None:
                return [self._table(desc, hands, wd, self.title, total=False), self._table(keep, rows, wk)]
        if self.panel and self.middle:
            middle = list(self.middle)
            # the dealer first, then the one-letter columns (k, v, ×: cryptic out of the
            # full sheet), then the widest
            order = sorted(
                middle,
                key=lambda c: (
                    self.headers[c].strip().lower() != "dealer",
                    len(self.headers[c].strip()) > 1,
                    -self._col_width(c, rows, True),
                ),
            )
            for c in order:
                middle.remove(c)
                cols = [0] + middle + self.score_cols
                if self._width(cols, rows, True) <= width:
                    return [self._table(cols, rows, True, self.title)]
        for wrap in (False, True):
            if self._width(keep, rows, wrap) <= width:
                return [self._table(keep, rows, wrap, self.title)]
        return [self._standings(rows)]

    def _standings(self, rows) -> Table:
        """One row per score column: its header and its last value (the total)."""
        last = rows[-1] if rows else [""] * len(self.headers)
        label = last[0] if self.has_total else "last"
        tbl = Table(title=self.title, box=box.ROUNDED, header_style="bold", border_style="#5f9c78")
        tbl.add_column(Text(""), no_wrap=True)
        tbl.add_column(Text(label), justify="right", no_wrap=True)
        for c in self.score_cols:
            tbl.add_row(Text(self.headers[c]), self._cell(c, last[c], self._mark(last, c)))
        return tbl

    def __rich_console__(self, console, options):
        for r in self.layouts(options.max_width):
            yield r

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        w = min(options.max_width, self._width(list(range(len(self.headers))), self._rows(), False))
        return Measurement(min(w, 20), w)


def _call_with_names(fn, names):
    try:
        if names is not None:
            try:
                return fn(names=list(names))
            except TypeError:
                pass
        return fn()
    except NotImplementedError:
        return None


class SheetView(Static):
    """The sheet in the side panel: the last hands, columns left out as the width asks."""

    def __init__(self, **kw) -> None:
        super().__init__("", markup=False, **kw)

    def show(
        self, sheet, title: str | None = None, names: Sequence[str] | None = None, score_columns: int | None = None
    ) -> None:
        self.update(sheet_renderable(sheet, title, names, score_columns=score_columns, panel=True))


class ActionBar(Vertical):
    """Buttons for the actions that are not a card from the hand: each shows its key. The
    buttons wrap onto more rows where one row is too narrow (80 columns), so that every
    button is in view."""

    class Chosen(Message):
        def __init__(self, key: str) -> None:
            self.key = key
            super().__init__()

    _shown: tuple = ()
    _width = 0

    def show(self, items: Sequence[tuple[str, Text]]) -> None:
        """``items``: (key, label) in order. Rebuilds the buttons when they (or the width)
        changed."""
        width = max(20, (self.size.width or self.app.size.width) - 2)
        sig = tuple((k, lab.plain, tuple(lab.spans)) for k, lab in items)
        if (sig == self._shown and width == self._width) or not self.is_attached or self._closing or self.app._closing:
            return
        self._shown = sig
        self._width = width
        self.remove_children()
        rows: list[list[Button]] = [[]]
        used = 0
        for key, label in items:
            t = Text()
            t.append(key_name(key), Style(bold=True, color=R.GOLD))
            t.append(" ")
            t.append_text(label)
            need = t.cell_len + 3  # the button's padding and its margin
            if rows[-1] and used + need > width + 1:
                rows.append([])
                used = 0
            used += need
            b = Button(t, compact=True, classes="action", name=key)
            b.can_focus = False  # keys go to the table; the button shows its key
            rows[-1].append(b)
        if rows[0]:
            mount_safely(self, *(Horizontal(*r, classes="action-row") for r in rows))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.name:
            self.post_message(self.Chosen(event.button.name))


def key_name(key: str) -> str:
    """A key as a button writes it: ``⏎``, ``␣``, ``Esc``, a letter as it is."""
    return {"enter": "⏎", "space": "␣", "escape": "Esc"}.get(key, key)
