"""The layout of the table: where each seat sits and where each zone of the observation is
drawn (DESIGN.md, "The TUI").

- ``seat_positions``: seats around the table, seen from the one at the bottom, 2 to 7.
- ``place_zones``: every zone of ``Observation.zones`` by owner and kind: a HAND of another
  seat goes to that seat's place (left, top, right); the middle holds the trick (a TRICK
  zone: the cross) or the piles (STOCK, DISCARD) and the table's MELDS; every other kind
  (a melded area, open cards, a dead hand, cards put aside, a kind the table does not
  know, the MELDS of a trick game: its declared roem) goes to the side area, or to the
  viewer's own line when the viewer owns it.
- the lines drawn by the trick and the status line, from what the game declares: the
  trick and the last trick from their zones (who played each card), the trump and the
  status items from ``Observation.facts``, the table talk from ``Observation.panels``.

No game is named here; the TableScreen calls these with the observation it draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from cardtable.cards import card_text
from cardtable.engine.game import Observation
from cardtable.engine.views import DISCARD, HAND, LAST_TRICK, MELDS, OUT, STOCK, TAKEN, TRICK, UPCARD, Zone
from cardtable.tui import render as R


def seat_positions(n: int, anchor: int) -> dict[int, str]:
    """Where each seat sits, seen from ``anchor`` at the bottom: play goes clockwise, so the
    next seat sits to the left. 2: top; 3: left, right; 4: left, top, right; more: left,
    top (several), right."""
    rel = [(anchor + k) % n for k in range(1, n)]
    pos = {anchor: "bottom"}
    if n == 2:
        pos[rel[0]] = "top"
    elif n == 3:
        pos[rel[0]], pos[rel[1]] = "left", "right"
    else:
        pos[rel[0]] = "left"
        pos[rel[-1]] = "right"
        for s in rel[1:-1]:
            pos[s] = "top"
    return pos


#: zone kinds drawn by the seats and the middle (the rest go to the side area)
SEAT_KINDS = (HAND, TAKEN, OUT)
MIDDLE_KINDS = (TRICK, LAST_TRICK, UPCARD, STOCK, DISCARD)


@dataclass
class Placed:
    """The zones of one observation by place: ``hands`` by owner, ``trick`` (a trick game:
    the cross in the middle) or ``piles`` (stock and discard), ``melds`` (the table's melds,
    drawn in the middle when there is no trick), ``side`` (the side area), ``mine`` (zones
    of the side kinds the viewer owns: drawn on the viewer's line)."""

    hands: dict[int, Zone] = field(default_factory=dict)
    trick: Zone | None = None
    last_trick: Zone | None = None
    upcard: Zone | None = None
    stock: Zone | None = None
    discard: Zone | None = None
    melds: Zone | None = None
    side: list[Zone] = field(default_factory=list)
    mine: list[Zone] = field(default_factory=list)

    @property
    def piles(self) -> bool:
        """The middle draws the piles (no trick is played here)."""
        return self.trick is None and (self.stock is not None or self.discard is not None)


def place_zones(obs: Observation, viewer: int | None) -> Placed:
    p = Placed()
    for z in obs.zones:
        k = z.kind
        if k == HAND and z.owner is not None:
            p.hands[z.owner] = z
        elif k in SEAT_KINDS:
            continue
        elif k == TRICK:
            p.trick = z
        elif k == LAST_TRICK and p.last_trick is None:
            p.last_trick = z
        elif k == UPCARD and p.upcard is None:
            p.upcard = z
        elif k == STOCK and p.stock is None:
            p.stock = z
        elif k == DISCARD and p.discard is None:
            p.discard = z
        elif k in MIDDLE_KINDS:
            continue
        elif k == MELDS and z.owner is None and p.melds is None and not any(y.kind == TRICK for y in obs.zones):
            p.melds = z
        elif viewer is not None and z.owner == viewer:
            p.mine.append(z)
        else:
            p.side.append(z)
    return p


def zone_title(z: Zone) -> str:
    """A zone's words on the table: its caption, else its name with a capital."""
    return z.caption or (z.name[:1].upper() + z.name[1:])


def side_text(zones, names: dict[int, str], dutch: bool) -> Text | None:
    """The side area's zones: a title each, then its melds by owner or its cards (face up),
    or the backs and count."""
    if not zones:
        return None
    out = Text()
    for z in zones:
        title = (z.name[:1].upper() + z.name[1:]) if z.melds else zone_title(z)
        out.append(
            title + ("" if z.owner is None else f" ({names.get(z.owner, z.owner)})") + "\n",
            Style(bold=True, color=R.GOLD),
        )
        if z.melds:
            out.append_text(
                Text("\n").join(
                    Text.assemble(
                        (names.get(md.owner, str(md.owner)) + " ", Style(color="#b8d8c0")),
                        R.cards_inline(R.meld_cards(md), dutch, copies=True),
                    )
                    for md in z.melds
                )
            )
        elif z.cards and z.face == "up":
            out.append_text(R.cards_inline(z.cards, dutch, copies=True))
        else:
            out.append_text(R.backs(z.count, limit=8))
        out.append("\n")
    return out


def mine_text(zones, dutch: bool, room: int | None = None) -> Text:
    """The viewer's own side zones on its line: ``  put aside: K♠ 7♥`` (a card named by its
    pack copy with the number: ``melded: K♠¹ Q♠²``). ``room``: the cells left on the line; cards
    that do not fit are left out from the end and counted (``… +3``), never cut off unseen."""
    t = Text()
    for z in zones:
        if not z.cards and not z.count:
            continue
        t.append(f"  {z.caption or z.name}: ", Style(color="#b8d8c0"))
        if not z.cards:
            t.append_text(R.backs(z.count, limit=8))
            continue
        cards = list(z.cards)
        shown = R.cards_inline(cards, dutch, copies=True)
        if room is not None:
            while cards and t.cell_len + shown.cell_len > room:
                cards.pop()
                shown = R.cards_inline(cards, dutch, copies=True)
                shown.append(f" … +{len(z.cards) - len(cards)}", Style(color=R.GOLD, bold=True))
        t.append_text(shown)
    return t


def trick_pairs(z: Zone | None) -> tuple[tuple[int | None, int], ...]:
    """A TRICK or LAST_TRICK zone as (seat, card) pairs, oldest first (``Zone.seats`` says
    who played each card; None where a game does not say)."""
    if z is None:
        return ()
    seats = tuple(z.seats) + (None,) * (len(z.cards) - len(z.seats))
    return tuple(zip(seats, z.cards))


def last_trick_line(last: Zone | None, names: dict[int, str], dutch: bool) -> Text | None:
    """``last trick 7♠ K♠ 9♠ J♠ · won by Bot 1`` (the winner's card underlined), from the
    LAST_TRICK zone (its owner: the winner): the trick before the one in play stays in
    view, so that a person can see who won it."""
    if last is None or not last.cards:
        return None
    soft = Style(color="#b8d8c0", italic=True)
    t = Text("last trick ", soft)
    w = last.owner
    for i, (seat, card) in enumerate(trick_pairs(last)):
        if i:
            t.append(" ")
        lab = R.cards_inline([card], dutch)
        if seat is not None and seat == w:
            lab.stylize(Style(underline=True))
        t.append_text(lab)
    if w is not None:
        t.append(f" · won by {names.get(w, str(w))}", soft)
    return t


def trump_head(obs: Observation, placed: "Placed", dutch: bool, brief: bool = False) -> Text:
    """The line above the trick: the trump (``Troef ♣``) or the game's words when there is
    none (``No trumps``), the upcard and the stock, from ``Observation.facts`` and the
    zones. ``brief``: the side area is not shown (a narrow table), so the side zones that
    hold cards rather than melds (an extra hand, a dead hand, open cards) are named here,
    with their cards when face up, else their count (``· Extra hand 9``)."""
    soft = Style(color="#b8d8c0")
    head = Text()
    f = obs.facts
    trump = f.trump if f is not None else obs.trump
    if trump is not None:
        head.append(((f.trump_label if f is not None else "Troef") + " ").lstrip(), soft)
        head.append_text(R.suit_text(trump))
    elif f is not None and f.no_trump:
        head.append(f.no_trump, soft)
    up = placed.upcard
    if up is not None and up.cards:
        head.append(" · turned up " if head.plain else "turned up ", soft)
        head.append_text(R.card_text(up.cards[0], dutch))
    if placed.stock is not None and placed.stock.count:
        head.append(f" · stock {placed.stock.count}", soft)
    if brief:
        for z in placed.side:
            if z.melds or not z.count:
                continue
            head.append((" · " if head.plain else "") + zone_title(z) + " ", soft)
            if z.cards and z.face == "up":
                head.append_text(R.cards_inline(z.cards, dutch, copies=True))
            else:
                head.append(str(z.count), soft)
    return head


def status_text(
    obs: Observation,
    names: dict[int, str],
    dutch: bool,
    first: int,
    width: int,
    lines: int = 2,
    drawn: tuple[str, ...] = (),
) -> Text:
    """The status line's items (``Facts.status``; else the whole ``status``) joined with
    `` · ``, broken only between two items, on one line where that loses nothing the table
    does not draw anyway: all the items on one line, else without the items in ``drawn``
    (what the middle shows: ``drawn_items``), else on up to ``lines`` lines (``first`` cells on
    the first, ``width`` on the others) with the items in ``drawn`` too where they fit, else
    without them. An item that does not fit is left out whole and the later ones are still
    tried (a lone first item too wide is cut with …)."""
    f = obs.facts
    items = list(f.status) if f is not None and f.status else ([obs.status] if obs.status else [])
    texts = [R.pretty(it, dutch, names) for it in items]

    def lay(texts: list[Text], lines: int) -> tuple[Text, bool]:
        out = Text()
        row, used, room, whole = 0, 0, first, True
        for t in texts:
            sep = 3 if used else 0
            if used + sep + t.cell_len > room and used and row + 1 < lines:
                out.append("\n")
                row, used, room, sep = row + 1, 0, width, 0
            if used + sep + t.cell_len > room:
                if used:
                    whole = False
                    continue  # left out whole; a shorter item after it may fit
                t = t.copy()
                t.truncate(max(1, room - 1))
                t.append("…")
                whole = False
            if sep:
                out.append(" · ")
            out.append_text(t)
            used += sep + t.cell_len
        return out, whole

    fewer = [t for it, t in zip(items, texts) if it not in drawn]
    for these, rows in ((texts, 1), (fewer, 1), (texts, lines), (fewer, lines)):
        out, whole = lay(these, rows)
        if whole:
            break
    return out


def drawn_items(obs: Observation, placed: Placed) -> tuple[str, ...]:
    """The status items, as the rules write them, that the middle of the table already says
    where it draws the piles: the stock (``stock 29``), the top discard (``discard KS``) and
    the number of melds (``melds 2``: the melds are drawn, none is none to see). What a
    narrow status line leaves out first (``status_text``)."""
    if not placed.piles:
        return ()
    stock = placed.stock.count if placed.stock is not None else obs.stock_size
    pile = placed.discard.cards if placed.discard is not None else obs.discard
    top = card_text(pile[-1]) if pile else "none"
    melds = len(placed.melds.melds) if placed.melds is not None else len(obs.melds)
    return (f"stock {stock}", f"discard {top}", f"melds {melds}")


def roles_of(obs: Observation, seat: int) -> list[str]:
    """The words the game writes by ``seat`` (``Facts.roles``: ``declarer``)."""
    f = obs.facts
    return [w for s, w in (f.roles if f is not None else ()) if s == seat]


def panel_lines(obs: Observation, names: dict[int, str], dutch: bool) -> tuple[str, list[Text]]:
    """The first declared panel (``Observation.panels``) as its title and lines, seats
    named and "you" forms made: ``("Talk this hand", [3 Anna→Bot 2 ♠ count: 2, ...])``."""
    if not obs.panels:
        return "", []
    p = obs.panels[0]
    you = next((s for s, nm in names.items() if R.is_you(nm)), None)
    return p.title, [R.pretty(R.event_text(e, names, you), dutch) for e in p.lines]


def panel_current(obs: Observation, names: dict[int, str], dutch: bool) -> Text | None:
    """The panel's line of the trick in play (``Panel.current``), drawn under the trick."""
    p = next((p for p in obs.panels if p.current is not None), None)
    if p is None:
        return None
    you = next((s for s, nm in names.items() if R.is_you(nm)), None)
    t = R.pretty(R.event_text(p.current, names, you), dutch)
    t.stylize(Style(color=R.GOLD, italic=True))
    return t
