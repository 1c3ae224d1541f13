"""Phrases shared by the hand summaries of the games (``Result.summary``, engine.views):
sides and seats with their values, written as LogEvent templates so that ``views.render``
names the seats (and says "you").

    sides_text(("0/2", "1/3"), (120, 42))     -> "0/2 120 – 1/3 42"
    seats_fact("Points", [23, 10, 4])         -> Fact "Points: {0} 23 · {1} 10 · {2} 4"
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from cardtable.engine.views import Fact, LogEvent, seat_list

EN_DASH = "\u2013"


def signed(n: int) -> str:
    """``+4``, ``−2`` (U+2212), ``0``."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def sides_text(labels: Sequence[str], pair: Sequence[Any]) -> str:
    """``A (0 & 2) 36 – B (1 & 3) 32``: two sides with their values (no placeholders)."""
    return f"{labels[0]} {pair[0]} {EN_DASH} {labels[1]} {pair[1]}".replace("{", "{{").replace("}", "}}")


def side_fact(
    label: str, labels: Sequence[str], pair: Sequence[Any], tail: str = "", winners: Sequence[int] = ()
) -> Fact:
    """A Fact ``label: A 36 – B 32<tail>``."""
    return Fact(
        label, LogEvent(label.lower() or "fact", sides_text(labels, pair) + tail, (), (), tuple(pair)), tuple(winners)
    )


def seats_fact(
    label: str,
    values: Sequence[Any],
    fmt: Callable[[Any], str] = str,
    tail: str = "",
    winners: Sequence[int] = (),
    sep: str = " \u00b7 ",
    seats: Sequence[int] | None = None,
) -> Fact:
    """A Fact ``label: {0} v0 · {1} v1 …`` naming every seat, or only ``seats`` (in that
    order; None: all): a seat out of the game is not listed with a 0 it never scored."""
    text = seat_list(values, fmt, sep=sep, seats=seats)
    return Fact(
        label,
        LogEvent(label.lower() or "fact", text + tail, tuple(range(len(values))), (), tuple(values)),
        tuple(winners),
    )


def score_fact(
    unit: str,
    labels: Sequence[str] | None,
    points: Sequence[int],
    groups: Sequence[Sequence[int]],
    winners: Sequence[int],
    seats: Sequence[int] | None = None,
) -> Fact:
    """``This hand (strepen): 0/2 2 · 1/3 0``: what the hand writes on the sheet, per side
    (``labels`` and ``groups``, the seats of each side) or, with ``labels`` None, per seat
    (only ``seats`` when given: the seats that took part in the hand)."""
    if labels is None:
        return seats_fact(f"This hand ({unit})", points, winners=winners, sep="  \u00b7  ", seats=seats)
    text = "  \u00b7  ".join(f"{labels[i]} {points[g[0]]}" for i, g in enumerate(groups))
    return Fact(
        f"This hand ({unit})",
        LogEvent("score", text.replace("{", "{{").replace("}", "}}"), (), (), tuple(points)),
        tuple(winners),
    )


__all__ = ["EN_DASH", "score_fact", "seats_fact", "side_fact", "sides_text", "signed"]
