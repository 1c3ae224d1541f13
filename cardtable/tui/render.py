"""Text building blocks for the table: cards, card backs, action labels, log lines.

Everything here returns Rich ``Text`` (never a markup string): card codes such as ``[JH]``
would be eaten by Textual markup (textual#6525), so no text in the TUI goes through markup.
Pure functions, no widgets: the tests and the widgets share them.
"""

from __future__ import annotations

import re
from typing import Collection, Iterable, Sequence

from rich.style import Style
from rich.text import Text

from cardtable.cards import (
    RANK_DISPLAY_EN,
    RANK_LETTERS_NL,
    SUIT_SYMBOLS,
    Card,
    copy_of,
    designate,
    is_joker,
    is_red,
    parse_card,
    plain,
    rank_of,
    stands_for,
    suit_of,
)
from cardtable.engine.views import is_you  # the table calls R.is_you

# Colours of the table (kept here so the canvas drawings and the .tcss agree).
FELT = "#0f5132"
CARD_FACE = "#f7f3e8"
CARD_EDGE = "#8a8577"
RED = "#c8102e"
BLACK = "#111111"
BACK = "#2f5d9e"
BACK_EDGE = "#cfd8e6"
GOLD = "#f2c94c"
#: a marked card in a summary line (``Fact.marked``: laid off at a showdown)
MARKED = Style(color=GOLD, bold=True, underline=True)


def card_label(card: Card, dutch: bool = False) -> str:
    """Rank and suit symbol as shown on the table: ``10♥``, ``K♠`` (``H♠`` with Dutch letters)."""
    target = stands_for(card)
    if target is not None:  # a designated wild card: ``JK=8♣``
        base = "JK" if is_joker(card) else card_label(plain(card), dutch)
        try:
            return base + "=" + card_label(target, dutch)
        except IndexError:  # a rank-only target (``JK=8*``)
            letters = RANK_LETTERS_NL if dutch else RANK_DISPLAY_EN
            return base + "=" + letters[rank_of(target)] + "*"
    card = plain(card)
    if is_joker(card):
        return "JK"
    letters = RANK_LETTERS_NL if dutch else RANK_DISPLAY_EN
    return letters[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


def meld_cards(meld) -> tuple[Card, ...]:
    """A meld's cards as the table shows them: each wild card with what it stands for
    (``MeldView.wilds``: (index, card) pairs; the card a plain card, or a designated wild
    card such as ``JK=7*``), e.g. ``3♥ 4♥ JK=5♥``."""
    cards = list(meld.cards)
    for i, target in getattr(meld, "wilds", ()):
        if 0 <= i < len(cards) and stands_for(cards[i]) is None:
            # a target that is itself a designated wild card (a set joker for a rank only,
            # ``JK=7*``) is shown as it is
            cards[i] = target if stands_for(target) is not None else designate(cards[i], target)
    return tuple(cards)


#: the suit colours setting (``set_colours``): None for red and black, else per suit
#: (clubs, diamonds, hearts, spades) the colour on a card face and on the felt
_FOUR: dict[str, tuple[str, ...]] | None = None
FOUR_COLOURS = {"face": ("#1a7f37", "#1f5fbf", RED, BLACK), "felt": ("#7ee08a", "#8ab8ff", "#ff6b6b", "#f0f0f0")}


def set_colours(name: str) -> None:
    """``"four-colour"``: diamonds blue and clubs green; anything else: red and black."""
    global _FOUR
    _FOUR = FOUR_COLOURS if name == "four-colour" else None


def card_color(card: Card) -> str:
    if _FOUR is not None and not is_joker(card):
        return _FOUR["face"][suit_of(plain(card))]
    return RED if is_joker(card) or is_red(plain(card)) else BLACK


def card_text(card: Card, dutch: bool = False, on_face: bool = True, bold: bool = True) -> Text:
    """One card as coloured text (on a card-face background when ``on_face``)."""
    style = Style(color=card_color(card), bold=bold, bgcolor=CARD_FACE if on_face else None)
    return Text(card_label(card, dutch), style=style)


#: a card's pack number as drawn after it where two copies must be told apart (``Q♠²``)
PACK_MARKS = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def cards_inline(cards: Iterable[Card], dutch: bool = False, sep: str = " ", copies: bool = False) -> Text:
    """Cards on one line, each in its colour (no face background): ``K♦ Q♦ J♦``; with
    ``copies`` a card naming its pack copy has the number after it (``Q♠¹``)."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        label = card_label(c, dutch)
        n = copy_of(c) if copies else 0
        if 0 < n < 10:
            label += PACK_MARKS[n]
        out.append(label, Style(color=_inline_color(c), bold=True))
    return out


def _inline_color(card: Card) -> str:
    # On the dark felt pure black is unreadable: black suits are drawn in a light tone.
    if _FOUR is not None and not is_joker(card):
        return _FOUR["felt"][suit_of(plain(card))]
    return "#ff6b6b" if is_joker(card) or is_red(plain(card)) else "#f0f0f0"


def suit_text(suit: int | None) -> Text:
    if suit is None or not 0 <= suit <= 3:
        return Text("-")
    colour = _FOUR["felt"][suit] if _FOUR is not None else "#ff6b6b" if suit in (1, 2) else "#f0f0f0"
    return Text(SUIT_SYMBOLS[suit], Style(color=colour, bold=True))


def backs(n: int, limit: int = 10) -> Text:
    """``n`` face-down cards: a row of backs (at most ``limit`` drawn) and the count."""
    t = Text()
    shown = min(n, limit)
    t.append("▒" * shown, Style(color=BACK_EDGE, bgcolor=BACK))
    if n > limit:
        t.append("…")
    t.append(f" {n}", Style(bold=True))
    return t


def seat_names(match) -> dict[int, str]:
    """Display names: a human's own name, ``Bot N`` for the bot in seat N (seats are
    numbered from 0 as in the specs, so the sides of a partnership read ``0/2``)."""
    out = {}
    for s in range(match.game.players):
        kind, name = match.seat_kind(s)
        out[s] = name if kind == "human" else f"Bot {s}"
    return out


# ---- log lines and action labels -------------------------------------------------------

#: a card code in a log line: plain (``JH``, ``10H``), with a pack copy (``QS#2``) and/or what a
#: wild card stands for (``JK=8C``, ``JK=8*``, ``2S=8C``)
_CARD_TOKEN = re.compile(
    r"(?<![A-Za-z0-9=#])((?:JK|10[CDHS]|[2-9TJQKA][CDHS])(?:#[1-7])?"
    r"(?:=(?:10|[2-9TJQKA])(?:[CDHS]|\*))?)(?![A-Za-z0-9])"
)


_SEAT_WORD = re.compile(r"\b[Ss]eat (\d+)\b(?P<poss>'s\b)?(?P<aside> \([^)]*\))?(?: (?P<verb>[a-z]+)\b)?")

#: A verb after a seat that the TUI names "You", in the form "you" takes: "You pass".
YOU_VERBS = {
    "plays": "play",
    "passes": "pass",
    "draws": "draw",
    "melds": "meld",
    "discards": "discard",
    "declares": "declare",
    "wins": "win",
    "deals": "deal",
    "asks": "ask",
    "tells": "tell",
    "lays": "lay",
    "takes": "take",
    "goes": "go",
    "has": "have",
    "is": "are",
    "was": "were",
    "does": "do",
    "claims": "claim",
    "says": "say",
    "bids": "bid",
    "doubles": "double",
    "redoubles": "redouble",
    "exchanges": "exchange",
    "names": "name",
    "chooses": "choose",
    "leads": "lead",
    "trumps": "trump",
    "scores": "score",
    "lets": "let",
    "keeps": "keep",
    "knocks": "knock",
    "calls": "call",
    "shows": "show",
    "holds": "hold",
    "needs": "need",
    "gets": "get",
    "puts": "put",
    "concedes": "concede",
    "hands": "hand",
    "picks": "pick",
    "makes": "make",
    "loses": "lose",
    "follows": "follow",
    "wants": "want",
    "tries": "try",
    "sits": "sit",
}


_is_you = is_you


def event_text(event, names: dict[int, str], you: int | None = None) -> str:
    """A LogEvent's text (``views.render``) with the players' names, ``you`` in the
    second person, cards as codes (``pretty`` draws them)."""
    from cardtable.engine.views import render

    try:
        return render(event, names, you)
    except (IndexError, KeyError, ValueError):
        return event.text


#: a template that opens with its seat as the subject (``{^0} {0:draws|draw} ...``): a move of
#: that seat's own
_SUBJECT = "{^0} "


def turn_texts(events, names: dict[int, str], you: int | None = None) -> list[str]:
    """The log's lines from LogEvents (``event_text``), a seat's turn of several moves on one
    line: consecutive events whose sentence opens with the same seat as its subject (a
    rummy turn: draw, swap, meld, lay-offs, discard) are one sentence, ``Bot 3 draws from
    the stock, melds 7C 8C 9C (meld 8), lays off 6D on meld 9, discards 4D.``, so that a
    bot's whole turn stays in a short log until the player has read it. Any other event is
    a line of its own."""
    from cardtable.engine.views import LogEvent

    out: list[str] = []
    subject: int | None = None  # the seat whose turn the last line tells
    for e in events:
        opens = e.template.startswith(_SUBJECT) and bool(e.seats)
        if opens and out and subject == e.seats[0]:
            rest = event_text(LogEvent(e.kind, e.template[len(_SUBJECT) :], e.seats, e.cards, e.values), names, you)
            out[-1] = out[-1].rstrip().rstrip(".") + ", " + rest
            continue
        out.append(event_text(e, names, you))
        subject = e.seats[0] if opens else None
    return out


def name_seats(line: str, names: dict[int, str]) -> str:
    """``line`` with the rules' ``seat N`` replaced by the player's name. A player named
    "You" is written as the grammar wants: "You pass", "Bot 1 asks you", "your hand"."""

    def sub(m: re.Match) -> str:
        name = names.get(int(m.group(1)))
        if name is None:
            return m.group(0)
        aside, verb = m.group("aside") or "", m.group("verb")
        if not _is_you(name):
            return name + (m.group("poss") or "") + aside + (f" {verb}" if verb else "")
        start = m.start() == 0 or line[: m.start()].rstrip().endswith((".", "!", "?", ";"))
        if m.group("poss"):
            word = "Your" if start else "your"
        else:
            word = "You" if start or m.group(0)[0] == "S" else "you"
            verb = YOU_VERBS.get(verb, verb) if verb else verb
        return word + aside + (f" {verb}" if verb else "")

    return _SEAT_WORD.sub(sub, line)


def pretty(line: str, dutch: bool = False, names: dict[int, str] | None = None, marked: Collection[Card] = ()) -> Text:
    """A log line with its card codes (``JH``, ``TS``) drawn as coloured cards (``J♥``) and,
    given ``names``, the rules' ``seat N`` replaced by the player's name (``name_seats``); the
    cards of ``marked`` (a summary fact's ``Fact.marked``: cards laid off at a showdown) drawn
    in gold, underlined."""
    if names:
        line = name_seats(line, names)
    out = Text()
    pos = 0
    for m in _CARD_TOKEN.finditer(line):
        _plain(out, line[pos : m.start()])
        try:
            c = parse_card(m.group(1))
        except ValueError:
            out.append(m.group(0))
        else:
            if marked and c in marked:
                out.append(card_label(c, dutch), MARKED)
            else:
                out.append(card_label(c, dutch), Style(color=_inline_color(c), bold=True))
        pos = m.end()
    _plain(out, line[pos:])
    return out


def move_words(action, verbs: Sequence = (), dutch: bool = False) -> Text:
    """An action in the game's own words, for a message (undo, hint, refusal): the label of
    its verb spec (``verbs``: the observation's) where the action's argument is a word of the
    game (``declare seq3 KH QH JH`` -> "Roem K♥ Q♥ J♥", ``bid herschut`` -> "Herschut", a
    suit's symbol after the verb: ``trump H`` -> "trump ♥"), else the action with its cards
    drawn (``meld TC TD TS`` -> "meld 10♣ 10♦ 10♠"); a button with no argument by its label
    (``take-hand`` -> "Ruil"). A move onto a table meld by its label
    and ``bots.words.action_words`` (``layoff 4H to 3`` -> "Lay off 4♥ onto meld 3")."""
    from cardtable.bots.words import action_words
    from cardtable.engine.views import MELD, MENU, NONE, spec_for

    spec = spec_for(action, verbs)
    if spec is not None and spec.shape == MELD and spec.label and action.prep is not None:
        return pretty(action_words(action, verbs), dutch)
    if spec is not None and spec.shape == NONE and not action.arg and not action.cards and spec.label:
        return pretty(spec.label.rstrip("\u2026"), dutch)  # a button by its label: "Ruil", not take-hand
    if spec is None or not action.arg or spec.shape == MENU or not spec.label:
        return pretty(action.text(), dutch)
    label = spec.label.rstrip("\u2026")
    if len(label) <= 2:
        label = f"{action.verb} {label}"
    out = Text()
    _plain(out, label)
    if action.cards:
        out.append(" ")
        out.append_text(cards_inline(action.cards, dutch))
    return out


def hint_line(action, why: str, verbs: Sequence = (), dutch: bool = False) -> Text:
    """The hint's message: ``Hint: `` and the move in the game's words (``move_words``), then
    the reason (``bots.explain.reason``: ``<the move's label>: a close call, ...``) after a
    colon, its own naming of the move left out (once is enough, and a label with brackets,
    ``Open (come out)``, would nest them): ``Hint: open 7♣ 7♦ 7♥: a close call, ...``. A
    reason that does not name the move first goes in brackets."""
    t = Text("Hint: ", Style(color=GOLD, bold=True))
    t.append_text(move_words(action, verbs, dutch))
    if why:
        _head, sep, rest = why.partition(": ")
        t.append(f": {rest}" if sep else f" ({why})", Style(color="#b8d8c0"))
    return t


#: the words before the turn prompt's hints, where they fit
YOUR_TURN = "Your turn: "


def prompt_line(hints: Sequence[str], width: int) -> str:
    """The turn prompt in at most ``width`` cells: ``Your turn: `` and ``hints`` (the hints
    of the verbs on offer, the most needed first) joined by `` · ``; where they do not all
    fit, first without ``Your turn: ``, then without the last hints, whole (their buttons
    still name them), never a hint cut in the middle. One hint wider than ``width`` is
    returned whole (the caller cuts it)."""
    from rich.cells import cell_len

    for k in range(len(hints), 0, -1):
        line = " \u00b7 ".join(hints[:k])
        if cell_len(YOUR_TURN + line) <= width:
            return YOUR_TURN + line
        if cell_len(line) <= width:
            return line
    return hints[0] if hints else ""


_SUIT_GLYPHS = {"\u2663": 0, "\u2666": 1, "\u2665": 2, "\u2660": 3}


def _plain(out: Text, seg: str) -> None:
    """Append ``seg`` to ``out`` with its suit symbols (``♠ count``) in their colours."""
    start = 0
    for i, ch in enumerate(seg):
        if ch in _SUIT_GLYPHS:
            if i > start:
                out.append(seg[start:i])
            out.append_text(suit_text(_SUIT_GLYPHS[ch]))
            start = i + 1
    if start < len(seg):
        out.append(seg[start:])


# ---- a small character canvas for drawings (the trick, the piles) ----------------------


class Canvas:
    """A grid of styled characters, turned into one multi-line ``Text``."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.cells: list[list[tuple[str, Style | None]]] = [[(" ", None)] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str | Text, style: Style | None = None) -> None:
        if not 0 <= y < self.height:
            return
        if isinstance(text, Text):
            for i, ch in enumerate(text.plain):
                st = text.get_style_at_offset(_NullConsole, i) if text.spans or text.style else None
                self._set(x + i, y, ch, st if st else style)
            return
        for i, ch in enumerate(text):
            self._set(x + i, y, ch, style)

    def _set(self, x: int, y: int, ch: str, style: Style | None) -> None:
        if 0 <= x < self.width:
            self.cells[y][x] = (ch, style)

    def card(self, x: int, y: int, card: Card | None, dutch: bool = False, highlight: bool = False) -> None:
        """A 5x3 card box at (x, y); ``None`` draws a card back."""
        if card is None:
            edge = Style(color=BACK_EDGE, bgcolor=BACK)
            self.put(x, y, "╭───╮", edge)
            self.put(x, y + 1, "│▒▒▒│", edge)
            self.put(x, y + 2, "╰───╯", edge)
            return
        edge = Style(color=GOLD if highlight else CARD_EDGE, bgcolor=CARD_FACE, bold=highlight)
        face = Style(color=card_color(card), bgcolor=CARD_FACE, bold=True)
        label = card_label(card, dutch)
        label = label if len(label) >= 3 else label.center(3)
        self.put(x, y, "╭───╮", edge)
        self.put(x, y + 1, "│", edge)
        self.put(x + 1, y + 1, label, face)
        self.put(x + 4, y + 1, "│", edge)
        self.put(x, y + 2, "╰───╯", edge)

    def text(self) -> Text:
        out = Text()
        for r, row in enumerate(self.cells):
            if r:
                out.append("\n")
            run, run_style = "", None
            for ch, st in row:
                if st != run_style and run:
                    out.append(run, run_style)
                    run = ""
                run_style = st
                run += ch
            if run:
                out.append(run, run_style)
        return out


class _NullConsoleType:
    """Text.get_style_at_offset only needs ``console.get_style``; styles here are objects."""

    def get_style(self, name, default=None):
        if isinstance(name, Style):
            return name
        try:
            return Style.parse(name)
        except Exception:
            return Style.parse(default) if isinstance(default, str) and default else Style()


_NullConsole = _NullConsoleType()


def center_pad(text: Text, width: int) -> Text:
    """``text`` centred in ``width`` cells (left-padded)."""
    pad = max(0, (width - text.cell_len) // 2)
    return Text(" " * pad) + text


def join_lines(lines: Sequence[Text]) -> Text:
    return Text("\n").join(lines)
