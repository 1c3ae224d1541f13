"""The table screen: draws one seat's observation and turns keys and clicks into actions.

``TableScreen`` is built in layers, each a class on the one below it (see
``tui/table_base.py``), one concept a module:
- ``tui/table_base.py``: the state the layers share and what the viewer may see;
- ``tui/drawing.py``: the table drawn from the observation (seats, middle, hand, messages);
- ``tui/selection.py``: the hand's cursor and selected cards;
- ``tui/flow.py``: whose turn it is, bots, hand-overs, the hand summary, undo, autosave;
- ``tui/moves.py``: the action line's buttons, the card verbs and a lay-off's meld;
- ``tui/keys.py``: the keys and clicks, the key line;
- this module: the screen's widgets and bindings.

Its other parts (each in a module of its own):
- the layout (``tui/layout.py``): where the seats sit and where each zone is drawn;
- the action chooser (``tui/chooser.py``): the buttons and card keys of the legal actions,
  from the verb specs the game declares;
- the bot driver (``tui/bot_driver.py``): bots think in a worker; the hint key;
- the hand-over (``tui/handover.py``): the screen between two humans at one keyboard;
- the hand's order (``tui/hand_order.py``): as dealt, by suit, by rank, the player's own
  (``=``, ``<`` ``>``); the card keys follow the order drawn;
- the review (``tui/review.py``): a short search of the one human's decisions for the hand
  summary's "what the bot would have played".

Legality is never decided here: keys look the action up in ``obs.legal`` (the
observation's copy of ``legal_actions()``); an action that is not there is still sent to
``Match.apply``, which refuses it with the rules' reason, and that reason is shown.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from cardtable.tui import render as R
from cardtable.tui.keys import CARD_KEY_ACTIONS, TableKeys, is_digit_key  # noqa: F401  (the tests read them here)
from cardtable.tui.layout import seat_positions  # noqa: F401  (the tests read it here)
from cardtable.tui.table_base import MIN_SIZE
from cardtable.tui.widgets import (
    ActionBar,
    HandView,
    KeyFooter,
    LogView,
    MeldsView,
    MoreBelow,
    PileView,
    SeatView,
    SheetView,
    TrickView,
)


class TableScreen(TableKeys):
    """One match at the table. ``standalone``: quitting the table quits the app (CLI start)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (MIN_SIZE[0], "-narrow"), (110, "-wide")]
    #: the key line's keys left out first where it is too narrow even compact (KeyFooter),
    #: lowest priority first: the arrows (each card shows its key), the history, the hint,
    #: the melds' scroll keys (the line under the melds names them), the rules, undo; the
    #: sort key and the last trick's key only after them, so that at 80 columns they are in
    #: view wherever they apply (tests/tui/test_key_line.py)
    FOOTER_DROP = (
        "cursor",
        "history",
        "hint",
        "scroll_center",
        "rules",
        "undo",
        "toggle",
        "sort",
        "last_trick",
        "sheet",
        "enter",
    )
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_SIZE[1], "-tall")]
    AUTO_FOCUS = None

    BINDINGS = [
        Binding("left", "cursor(-1)", "card", key_display="←→"),
        Binding("right", "cursor(1)", "card", show=False),
        Binding("enter", "enter", "play"),
        Binding("space", "toggle", "select", key_display="␣"),
        Binding("s", "sheet", "sheet"),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("i", "hint", "hint"),
        Binding("h", "history", "history"),
        Binding("n", "letters", "B/J", show=False),
        # the hand's order (the player's): sort, move the card under the cursor; the last trick
        Binding("equals_sign", "sort", "sort", key_display="="),
        Binding("less_than_sign", "move_card(-1)", "move card", key_display="<>", show=False),
        Binding("greater_than_sign", "move_card(1)", "move card", show=False),
        Binding("shift+left", "move_card(-1)", "move card", show=False),
        Binding("shift+right", "move_card(1)", "move card", show=False),
        Binding("minus", "last_trick", "last trick", key_display="-"),
        Binding("escape", "cancel", "cancel", show=False),
        Binding("q", "leave", "quit"),
        # undo: backspace (⌫) or Ctrl+Z (every letter is a verb's or a card's key); after q
        # in the key line, so that q stays in sight where the line is too long
        Binding("backspace", "undo", "undo", key_display="⌫"),
        Binding("ctrl+z", "undo", "undo", show=False),
        # the middle of the table (many melds) scrolls
        Binding("up", "scroll_center(-1)", "melds", key_display="\u2191\u2193"),
        Binding("down", "scroll_center(1)", "scroll", show=False),
        Binding("pageup", "scroll_center(-5)", "scroll", show=False),
        Binding("pagedown", "scroll_center(5)", "scroll", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(
            Text(
                f"Make the terminal at least {MIN_SIZE[0]}x{MIN_SIZE[1]} to see the table "
                "(it comes back when the terminal is large enough).  q quits.",
                Style(bold=True, color=R.GOLD),
            ),
            id="too-small",
            markup=False,
        )
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
                yield MoreBelow("center", above=True, id="center-more")  # melds out of view: ↑↓
                yield LogView(lines=2, grow=4, id="log")  # a bot's long turn: up to 4 rows
            with Vertical(id="side"):
                yield Static("Score sheet", classes="side-title", markup=False)
                yield SheetView(id="side-sheet")
                yield Static("", id="side-melds", markup=False)
                yield Static("Log", classes="side-title", markup=False)
                yield LogView(lines=12, id="side-log")
        yield Static("", id="me", markup=False)
        yield HandView(id="hand")
        yield Static("", id="message", markup=False)
        yield ActionBar(id="actions")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.advance()

    def on_screen_resume(self) -> None:
        self.refresh_table()

    def on_resize(self, event) -> None:
        # the status items and the rows of buttons are fitted to the width
        self.call_after_refresh(self.refresh_table)
