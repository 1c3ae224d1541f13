"""The history of the hand, one key away at the table (``h``): every public event the game
declares (``Observation.events``) of the hand so far, scrollable, so that nothing that
scrolled off the two-line log is lost: every trick (its cards with their players, who won
it), every meld, every word of table talk.

Built only from what the seat's observation shows (public information). The events the game
gathers (``Observation.event_group``, views.EventGroup: the trick family's plays of a trick,
closed by the trick's end) go on one line; any other event is a line of its own.
"""

from __future__ import annotations

from typing import Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.engine.game import Observation
from cardtable.tui import render as R
from cardtable.tui.widgets import MoreBelow

SOFT = Style(color="#b8d8c0")


def history_lines(obs: Observation | None, names: dict[int, str], dutch: bool) -> list[Text]:
    """The hand's history as lines: ``Trick 3: Anna 7♠ · Bot 1 K♠ · … → Bot 1 wins the
    trick (12)`` for each trick, every other event as its own line (seats named, a player
    called You in the second person), in the order they happened: a trick's line where its
    first card was played, so an event during a trick (stuk, a claim) comes after the line
    of the trick it was said in, and a trick cut short (by a claim) before what cut it. The
    rules' texts where a game declares no events."""
    if obs is None:
        return []
    if not obs.events:
        return [R.pretty(x, dutch, names) for x in obs.log]
    you = next((s for s, nm in names.items() if R.is_you(nm)), None)
    group = obs.event_group
    out: list[Text | None] = []
    plays: list[Text] = []
    slot: int | None = None  # the line of the trick in play: where its first card came
    tricks = 0

    def flush(end: Text | None) -> None:
        nonlocal tricks, plays, slot
        if slot is None:
            return
        tricks += 1 if end is not None else 0
        line = Text()
        line.append(
            f"{group.label} {tricks}: " if end is not None else f"{group.label} {tricks + 1} so far: ",
            Style(color=R.GOLD, bold=True),
        )
        line.append_text(Text(" · ").join(plays))
        if end is not None:
            line.append(" → ", SOFT)
            line.append_text(end)
        out[slot] = line
        plays, slot = [], None

    for e in obs.events:
        if group is not None and e.kind == group.part and e.seats and e.cards:
            t = Text(names.get(e.seats[0], str(e.seats[0])) + " ", SOFT)
            t.append_text(R.cards_inline(e.cards, dutch))
            if slot is None:
                slot = len(out)
                out.append(None)
            plays.append(t)
            continue
        text = R.pretty(R.event_text(e, names, you), dutch)
        if group is not None and e.kind == group.close and plays:
            flush(text)
            continue
        out.append(text)
    flush(None)
    return [x for x in out if x is not None]


class HistoryScreen(Screen):
    """The hand so far, scrollable (↑↓, PageUp/PageDown, the mouse); h, Esc or q goes back
    to the table."""

    BINDINGS = [
        Binding("escape", "back", "back to the table"),
        Binding("h", "back", "back", show=False),
        Binding("q", "back", "back", show=False),
        Binding("up", "scroll(-1)", "scroll", key_display="↑↓"),
        Binding("down", "scroll(1)", "scroll", show=False),
        Binding("pageup", "scroll(-10)", "page", show=False),
        Binding("pagedown", "scroll(10)", "page", show=False),
    ]

    def __init__(self, title: str, lines: Sequence[Text], back: str = "back to the table") -> None:
        super().__init__()
        self._title = title
        self._lines = list(lines)
        if back != "back to the table":  # the key line names where Esc goes
            self._bindings.key_to_bindings["escape"] = [Binding("escape", "back", back)]

    def compose(self) -> ComposeResult:
        yield Static(
            Text(f" {self._title} ", Style(bold=True, color="#0b2e1c", bgcolor=R.GOLD)),
            id="history-title",
            markup=False,
        )
        with VerticalScroll(id="history-body"):
            body = (
                Text("\n").join(self._lines)
                if self._lines
                else Text("Nothing has happened yet this hand.", Style(italic=True, color="#b8d8c0"))
            )
            yield Static(body, id="history-text", markup=False)
        yield MoreBelow("history-body", above=True)  # it opens at the end: what is above is named
        yield Footer()

    def on_mount(self) -> None:
        # the newest events in view first (the end of the hand so far), also once the hint
        # that more is above takes its line: a page longer than the screen is anchored to its
        # foot until the first scroll (a short one stays at the top: an anchor would push it
        # down to the foot)
        body = self.query_one("#history-body", VerticalScroll)
        body.scroll_end(animate=False)
        self.call_after_refresh(lambda: body.anchor() if body.max_scroll_y > 0 else None)

    def action_scroll(self, lines: int) -> None:
        body = self.query_one("#history-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + lines, animate=False)

    def action_back(self) -> None:
        from cardtable.tui.widgets import dismiss_once

        dismiss_once(self, None)
