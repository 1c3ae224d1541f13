"""The layout of the table: where each seat sits and where each zone of the observation is
drawn (DESIGN.md, "The TUI").

- ``seat_positions``: seats around the table, seen from the one at the bottom, 2 to 7.
- ``place_zones``: every zone of ``Observation.zones`` by owner and kind: a HAND of another
  seat goes to that seat's place (left, top, right); the middle holds the trick (a TRICK
  zone: the cross) or the piles (STOCK, DISCARD) and the table's MELDS; every other kind
  (a melded area, open cards, a dead hand, cards put aside, a kind the table does not
  know, the MELDS of a trick game: its declared roem) goes to the side area, or to the
  viewer's own line when the viewer owns it.
- the lines drawn by the trick (the last trick, the talk of the hand).

No game is named here; the TableScreen calls these with the observation it draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from cardtable.cards import SUIT_LETTERS
from cardtable.engine.actions import parse_action
from cardtable.engine.game import Observation
from cardtable.engine.views import (DISCARD, HAND, LAST_TRICK, MELDS, OUT, STOCK, TAKEN, TRICK, UPCARD,
                                    Zone)
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
        out.append(title + ("" if z.owner is None else f" ({names.get(z.owner, z.owner)})") + "\n",
                   Style(bold=True, color=R.GOLD))
        if z.melds:
            out.append_text(Text("\n").join(
                Text.assemble((names.get(md.owner, str(md.owner)) + " ", Style(color="#b8d8c0")),
                              R.cards_inline(R.meld_cards(md), dutch)) for md in z.melds))
        elif z.cards and z.face == "up":
            out.append_text(R.cards_inline(z.cards, dutch))
        else:
            out.append_text(R.backs(z.count, limit=8))
        out.append("\n")
    return out


def mine_text(zones, dutch: bool) -> Text:
    """The viewer's own side zones on its line: ``  put aside: K♠ 7♥``."""
    t = Text()
    for z in zones:
        if not z.cards and not z.count:
            continue
        t.append(f"  {z.caption or z.name}: ", Style(color="#b8d8c0"))
        t.append_text(R.cards_inline(z.cards, dutch) if z.cards else R.backs(z.count, limit=8))
    return t


def last_trick_line(obs: Observation, names: dict[int, str], dutch: bool) -> Text | None:
    """``last trick 7♠ K♠ 9♠ J♠ · Bot 1`` (the winner's card in gold): the trick before the
    one in play stays in view, so that a person can see who won it."""
    if not obs.last_trick:
        return None
    soft = Style(color="#b8d8c0", italic=True)
    t = Text("last trick ", soft)
    w = obs.last_trick_winner
    for i, (seat, card) in enumerate(obs.last_trick):
        if i:
            t.append(" ")
        lab = R.cards_inline([card], dutch)
        if seat == w:
            lab.stylize(Style(underline=True))
        t.append_text(lab)
    if w is not None:
        t.append(f" · won by {names.get(w, str(w))}", soft)
    return t

def talk_lines(obs: Observation, names: dict[int, str], dutch: bool) -> list[Text]:
    """Every question or statement of the hand with its answer (``extra["talk"]``,
    a game with table talk), oldest first, short enough to stand beside the trick:
    ``3 Anna→Bot 2: ♠ count? 2``, ``5 Bot 1: I hold K♣``."""
    talk = obs.extra.get("talk") if isinstance(obs.extra, dict) else None
    if not talk:
        return []
    out = []
    for t in talk:
        try:
            a = parse_action(t["action"])
        except Exception:
            continue
        topic = (a.arg or "").split()
        if not topic:
            continue
        ans = str(t.get("answer", ""))
        seat, subject = t.get("seat"), t.get("subject")
        line = Text(f"{t.get('trick', '?')} ", Style(color="#b8d8c0"))
        if topic[0] == "has":
            what = R.cards_inline(a.cards, dutch)
        else:
            what = R.suit_text(SUIT_LETTERS.index(topic[1]))
        ans_t = R.pretty(ans, dutch, names) if ans not in ("none",) else Text("none")
        if a.verb == "ask":
            line.append(f"{names.get(seat, seat)}→{names.get(subject, subject)} ")
            if topic[0] == "count":
                line.append_text(what)
                line.append(" count: ")
            else:
                line.append(topic[0] + " ")
                line.append_text(what)
                line.append(": ")
            line.append_text(ans_t)
        else:
            line.append(f"{names.get(seat, seat)}: ")
            if topic[0] == "count":
                line.append(f"I hold {ans} ")
                line.append_text(what)
            elif topic[0] == "top":
                line.append("no " if ans == "none" else "top ")
                line.append_text(what)
                if ans != "none":
                    line.append(" ")
                    line.append_text(ans_t)
            else:
                line.append("I hold ")
                line.append_text(what)
        out.append(line)
    return out

def trick_talk(obs: Observation, names: dict[int, str], dutch: bool) -> Text | None:
    """The question or statement of the trick in play (``extra["talk"]``, a game
    with table talk), drawn under the trick so that every seat sees it while the trick lasts."""
    talk = obs.extra.get("talk") if isinstance(obs.extra, dict) else None
    if not talk:
        return None
    done = sum(obs.tricks_won) if obs.tricks_won else 0
    cur = talk[-1]
    if cur.get("trick") != done + 1:
        return None
    line = next((ln for ln in reversed(obs.log) if " asks " in ln or " tells: " in ln), None)
    if line is None:
        return None
    t = R.pretty(line, dutch, names)
    t.stylize(Style(color=R.GOLD, italic=True))
    return t

