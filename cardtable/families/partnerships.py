"""Two against two: the sides of a 4-player partnership game (seats 0/2 against 1/3) and
the ``Result`` of a partnership hand from its ``end`` summary. Used by the jas games
(kruisjassen §1) and the partnership manille games (manille-muette §1).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.game import Result

# ---- partnerships ------------------------------------------------------------------------


def side_of(seat: int) -> int:
    """Side of a seat in a 4-player partnership game: 0 for seats 0/2, 1 for seats 1/3."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The partner of a seat in a 4-player partnership game (0<->2, 1<->3)."""
    return seat ^ 2


def side_seats(side: int) -> list[int]:
    """The seats of a side (0 -> [0, 2], 1 -> [1, 3])."""
    return [side, side + 2]


SIDE_NAMES = ("0/2", "1/3")


def end_detail(end: dict[str, Any]) -> dict[str, Any]:
    """A copy of a hand's ``end`` summary for ``Result.detail``: list and dict values are
    copied (one level), so the Result shares no mutable value with the state."""
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in end.items()}


def side_result(end: dict[str, Any] | None, points_key: str = "game_points") -> Result | None:
    """The Result of a 4-player partnership hand from its ``end`` summary; None while the
    hand is on (``end`` None). ``points``: ``end[points_key]`` ([side 0, side 1]) for each
    seat, partners alike; ``outcome``: ``end["outcome"]``; ``winners``: the seats of
    ``end["winning_side"]`` (none when it is None); ``detail``: ``end_detail(end)``."""
    if end is None:
        return None
    p = end[points_key]
    side = end["winning_side"]
    return Result(
        points=[p[0], p[1], p[0], p[1]],
        outcome=end["outcome"],
        winners=[] if side is None else side_seats(side),
        detail=end_detail(end),
    )


__all__ = [
    "SIDE_NAMES",
    "end_detail",
    "partner_of",
    "side_of",
    "side_result",
    "side_seats",
]
