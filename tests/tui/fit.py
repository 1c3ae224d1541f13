"""What can be checked of a drawn table from the screen: no text runs into another (no two
visible widgets overlap), no text is cut (each widget's text fits in the room it has,
outside the scrolling middle; the table's one-line prompt is not cut with …), every button
of the action bar is in view, and no key of the key line is cut."""

from __future__ import annotations

from rich.cells import cell_len
from textual.containers import ScrollableContainer
from textual.widgets import Button, Static


def _visible(screen):
    """(widget, visible region) of every widget drawn on ``screen``."""
    out = []
    for w, geo in screen._compositor.full_map.items():
        r = geo.region.intersection(geo.clip)
        if r.area > 0 and w.display and w.visible:
            out.append((w, r))
    return out


def _scrolls(w) -> bool:
    return any(isinstance(a, ScrollableContainer) for a in w.ancestors)


def fit_problems(app) -> list[str]:
    """What runs into something else, is cut, or is out of view on the current screen."""
    screen = app.screen
    vis = _visible(screen)
    leaves = [(w, r) for w, r in vis if isinstance(w, (Static, Button))]
    bad = []
    for i, (a, ra) in enumerate(leaves):
        for b, rb in leaves[i + 1 :]:
            if a in b.ancestors or b in a.ancestors:
                continue
            if ra.overlaps(rb):
                bad.append(f"{a!r} overlaps {b!r}")
    size = screen.size
    for w, _r in leaves:
        if isinstance(w, Static) and not _scrolls(w) and w.size.width > 0 and w.styles.overflow_y != "auto":
            need = w.get_content_height(w.size, size, w.size.width)
            if need > w.size.height:
                bad.append(f"{w!r} needs {need} lines, has {w.size.height}: {str(w.render())[:60]!r}")
    from cardtable.tui.widgets import SeatView

    for w, _r in leaves:
        if isinstance(w, SeatView) or w.id in ("me", "status", "message"):
            width = w.content_region.width
            for line in str(w.render()).splitlines():
                if width > 0 and cell_len(line.rstrip()) > width:
                    bad.append(f"{w!r} wraps a line of {cell_len(line.rstrip())} cells in {width}: {line.strip()!r}")
    from textual.widgets._footer import FooterKey

    for w, r in vis:
        if isinstance(w, FooterKey) and (r.width < w.outer_size.width or r.right > size.width):
            bad.append(f"key {w.key_display} {w.description!r} cut: {r.width} of {w.outer_size.width} cells shown")
    cut = getattr(screen, "message_cut", None)
    if cut:
        bad.append(f"the prompt is cut to one line of {size.width - 2} cells: {cut!r}")
    bar = screen.query("#actions Button")
    shown = {w for w, _r in vis}
    for b in bar:
        r = b.region
        if b not in shown or r.right > size.width or r.bottom > size.height or r.width < len(str(b.label)) + 2:
            bad.append(f"button {str(b.label)!r} not (wholly) in view: {r}")
    return bad
