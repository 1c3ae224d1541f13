"""Ramino drift, 2 to 4 players (cardtable/rules/ramino-drift.md): the Italian drift rummy
with two jokers, played to elimination at 101 penalty points.

The elimination hand with jokers (``families/elimination.py`` on ``families/wild_drift.py``:
seats that are out, the penalty sheet, the swapped joker back on the table at once by a new
meld or a lay-off: ``swap_follow``, ``swap_follow_layoff``). This module holds the options
(§9), the pack, the card points (A 1, 2-9 face, T-K 10, joker 20), the grammar (ace low
only, rank-only jokers in sets) and the sheet (``sheets/penalty.py``, no buy-backs). The
record's ``deal`` and ``result.detail``: docs/records.md; the observation's ``extra`` keys:
``DriftHand.observation`` (``scores``: ``{"totals", "elimination_score"}``; ``active``: the
seats still in).
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, full52
from cardtable.engine.game import Option
from cardtable.engine.registry import register
from cardtable.families.elimination import EliminationHand, EliminationRummy
from cardtable.families.wild_drift import WILD_DRIFT_GRAMMAR
from cardtable.families.melds import SET_RANK, MeldRules
from cardtable.families.rummy import ACE_LOW, points_table
from cardtable.sheets.penalty import PenaltySheet


@register
class RaminoDrift(EliminationRummy):
    """Ramino drift for 2 to 4 players (ramino-drift.md). Options as §9."""

    id = "ramino-drift"
    name = "Ramino (drift)"
    grammar = WILD_DRIFT_GRAMMAR
    #: texts the grammar refuses, with the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("meld 5C#2 6C 7C", "5C#2"), ("draw deck", "'deck'"), ("layoff 8C in 3", "'in'"),
        ("swap 6S to 2", "'to'"), ("discard JK=8C", "JK=8C"), ("knock 9D", "'knock'"),
        ("meld", "expected cards"),
    )
    min_players = 2
    max_players = 4
    deck_name = "54 (2 jokers)"
    description = ("Italian rummy with jokers to elimination: meld, lay off once you have come out, "
                   "swap jokers; at 101 penalty points you leave, the last player left wins.")
    option_specs = (
        Option("reshuffle", "bool", False, "shuffle the discard pile when it becomes the new stock"),
        Option("go_out_without_discard", "bool", False, "a meld or lay-off that empties the hand ends it"),
        Option("elimination_score", "int", 101, "a total at least this leaves the game", minimum=1),
    )

    swap_requires_meld = False
    swap_follow = True
    swap_follow_layoff = True
    ace_mode = ACE_LOW
    dealt = 7

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.last_card = not self.options["go_out_without_discard"]
        self.reshuffle = self.shuffles_stock = bool(self.options["reshuffle"])
        self.rules = MeldRules(ace_mode=ACE_LOW, packs=1, max_set=4, min_natural=1, set_jokers=SET_RANK)
        #: §2 penalty points by card int: A 1, 2-9 face value, T-K 10, JK 20
        self.points: list[int] = points_table(ace=1, joker=20)

    def deck(self) -> list[Card]:
        return full52(1, jokers=2)

    def new_sheet(self) -> PenaltySheet:
        """The §8 penalty sheet: elimination at ``elimination_score``, no buy-backs."""
        return PenaltySheet(self.players, self.options["elimination_score"])


class RaminoState(EliminationHand):
    """One hand of Ramino drift: the elimination hand with jokers; its §7 score is the family's
    (every other seat still in scores the penalty points of his hand, the winner 0)."""

    __slots__ = ()


RaminoDrift.state_class = RaminoState
