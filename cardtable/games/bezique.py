"""Bezique, 2 players, two piquet packs (cardtable/rules/bezique.md).

The bezique family's hand (``families/bezique.py``: ``BeziqueHand``, the declare window,
the draw, the last eight tricks, the re-use rules of §6.3 in ``meld_refusal``) with
Bezique's parameters: 64 cards dealt 3-2-3, troef from the turn-up, one meld per trick and
the dix, brisques scored when won, the trump seven 10, the last trick 10. This module holds
the meld table of §6.1 (with ``alt_bezique``'s pair), the options of §9 and the sheet of
§8 (``sheets/events.py``). The record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from cardtable.cards import Card, make
from cardtable.engine.game import Option, Result
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.families.bezique import BeziqueGame, BeziqueHand, MeldKind
from cardtable.sheets.events import EventSheet

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

#: §6.1, in the order the buttons show them (the highest first)
MELDS = (
    MeldKind("double_bezique", "bezique", 2, "B", 500, "Double bezique"),
    MeldKind("trump_sequence", "sequence", "trump", "A", 250, "Sequence"),
    MeldKind("four_aces", "quartet", 14, "C", 100, "Four aces"),
    MeldKind("four_kings", "quartet", 13, "C", 80, "Four kings"),
    MeldKind("four_queens", "quartet", 12, "C", 60, "Four queens"),
    MeldKind("bezique", "bezique", 1, "B", 40, "Bezique"),
    MeldKind("stuk", "marriage", "trump", "A", 40, "Stuk"),
    MeldKind("four_jacks", "quartet", 11, "C", 40, "Four jacks"),
    MeldKind("marriage", "marriage", "plain", "A", 20, "Marriage"),
)


@register
class Bezique(BeziqueGame):
    """Bezique (bezique.md). Options §9: ``target_score`` (500, 1000, 1500, 2000),
    ``alt_bezique`` (with troef D or S the bezique is JC + QH), ``reuse_rule`` (``value``,
    the seed's; ``class``, the classic rule)."""

    id = "bezique"
    name = "Bezique"
    family = "bezique"
    deck_name = "64 cards (two piquet packs)"
    description = "Two packs, melds from the hand after each trick won, brisques and the dix; to 500."
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "declare": "trump_sequence|stuk|marriage|bezique|double_bezique"
            "|four_aces|four_kings|four_queens|four_jacks <cards>",
            "swap": "<card>",
        },
        copies=2,
    )
    #: texts the grammar refuses and the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("declare four_tens TS TD TH TC", "'four_tens'"),
        ("declare triple_bezique QS QS QS JD JD JD", "'triple_bezique'"),
        ("play QS#3", "QS#3"),
        ("declare stuk", "expected cards"),
        ("bid pit", "'bid'"),
        ("swap 7H in 2", "'in'"),
        ("pass now", "'now'"),
        ("play XX", "'XX' is not a card"),
    )
    option_specs = (
        Option(
            "target_score",
            "choice",
            "500",
            "points to win the game",
            choices=("500", "1000", "1500", "2000"),
            numeric=True,
        ),
        Option("alt_bezique", "bool", False, "with troef diamonds or spades the bezique is J♣ + Q♥"),
        Option(
            "reuse_rule",
            "choice",
            "value",
            "re-use of melded cards: by value (seed) or by class",
            choices=("value", "class"),
        ),
    )

    #: a brisque: every score of the sheet is a multiple of 10 (``Game.review_floor``)
    review_floor = 10.0

    packs = 2
    hand_size = 8
    packets = (3, 2, 3)  # §3.2
    turn_up = True
    melds_per_window = 1  # §6.2, ruling 4
    dix = True
    seven_points = 10
    brisque_points = 10
    last_trick_points = 10

    @property
    def meld_table(self) -> tuple[MeldKind, ...]:
        return MELDS

    def bezique_pair(self, trump: int | None) -> tuple[Card, Card]:
        """QS + JD; with ``alt_bezique`` and troef D or S: QH + JC (§6.1)."""
        if self.options["alt_bezique"] and trump in (DIAMONDS, SPADES):
            return make(12, HEARTS), make(11, CLUBS)
        return make(12, SPADES), make(11, DIAMONDS)

    def new_sheet(self) -> EventSheet:
        """The event sheet of §8, the target at the top; seat 0 deals first."""
        return EventSheet(2, self.target, self.name)

    def check_result(self, result: Result, state: BeziqueHand) -> list[str]:
        """The family's totals (``BeziqueGame.check_result``) and §2's: 160 brisque points in a
        hand played out, every score a multiple of 10."""
        out = super().check_result(result, state)
        if any(p % 10 for p in result.points):
            out.append(f"points are multiples of 10, not {result.points}")
        return out


class BeziqueState(BeziqueHand):
    """One hand of Bezique: the family's hand with two packs."""

    copies = 2


Bezique.state_class = BeziqueState

__all__ = ["MELDS", "Bezique", "BeziqueState"]
