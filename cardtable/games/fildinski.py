"""Fildinski, Polish Bezique, 2 players, two piquet packs (cardtable/rules/fildinski.md).

The bezique family's hand (``families/bezique.py``: ``BeziqueHand``, the declare window,
the draw, the last eight tricks, the re-use rules of §6.3 in ``meld_refusal``) with
Fildinski's parameters: melds only from the cards won in stage-1 tricks, which lie open in
front of their winner (``meld_source = "won"``; each meld must hold a card of the trick
just won), any number of melds per window on disjoint cards, the dix, brisques scored when
won, the trump seven 10, the last trick 10, the open cards turned face down when the stock
is out; a bare code in a declaration only where the player's open copies of it are alike
(``bare_alike``, §4 "Naming a physical card"). This module holds the meld table of §6.1
(with ``alt_bezique``'s pair), the options of §9 and the sheet of §8 (``sheets/events.py``).
The record's ``deal`` and ``result.detail``: docs/records.md.
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
    MeldKind("double_fildinski", "bezique", 2, "B", 500, "Double fildinski"),
    MeldKind("trump_sequence", "sequence", "trump", "A", 250, "Sequence"),
    MeldKind("four_aces", "quartet", 14, "C", 100, "Four aces"),
    MeldKind("four_kings", "quartet", 13, "C", 80, "Four kings"),
    MeldKind("four_queens", "quartet", 12, "C", 60, "Four queens"),
    MeldKind("fildinski", "bezique", 1, "B", 40, "Fildinski"),
    MeldKind("stuk", "marriage", "trump", "A", 40, "Stuk"),
    MeldKind("four_jacks", "quartet", 11, "C", 40, "Four jacks"),
    MeldKind("marriage", "marriage", "plain", "A", 20, "Marriage"),
)


@register
class Fildinski(BeziqueGame):
    """Fildinski (fildinski.md). Options §9: ``target_score`` (500, 1000, 1500, 2000),
    ``alt_bezique`` (with troef D or S the fildinski is JC + QH), ``reuse_rule`` (``class``,
    the classic rule; ``value``, the seed's Bezique rule)."""

    id = "fildinski"
    name = "Fildinski"
    family = "bezique"
    deck_name = "64 cards (two piquet packs)"
    description = "Polish Bezique: melds from the cards won, laid open; the fildinski JD + QS; to 500."
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "declare": "trump_sequence|stuk|marriage|fildinski|double_fildinski"
            "|four_aces|four_kings|four_queens|four_jacks <cards>",
            "swap": "<card>",
        },
        copies=2,
    )
    #: texts the grammar refuses and the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("declare bezique QS JD", "'bezique'"),
        ("declare four_tens TS TD TH TC", "'four_tens'"),
        ("play QS#3", "QS#3"),
        ("declare fildinski", "expected cards"),
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
        Option("alt_bezique", "bool", False, "with troef diamonds or spades the fildinski is J♣ + Q♥"),
        Option(
            "reuse_rule",
            "choice",
            "class",
            "re-use of melded cards: by class (classic) or by value (Bezique's seed rule)",
            choices=("class", "value"),
        ),
    )

    #: a brisque: every score of the sheet is a multiple of 10 (``Game.review_floor``)
    review_floor = 10.0

    packs = 2
    hand_size = 8
    packets = (3, 2, 3)  # §3.2, ruling 8
    turn_up = True
    melds_per_window = None  # §6.2: several melds in one window, on disjoint cards
    meld_source = "won"  # §4: melds from the open cards won in tricks
    bare_alike = True  # §4: a bare code in a declaration only where the open copies are alike
    dix = True
    seven_points = 10
    brisque_points = 10
    last_trick_points = 10

    @property
    def meld_table(self) -> tuple[MeldKind, ...]:
        return MELDS

    def bezique_pair(self, trump: int | None) -> tuple[Card, Card]:
        """The fildinski pair QS + JD; with ``alt_bezique`` and troef D or S: QH + JC (§6.1,
        ruling 9)."""
        if self.options["alt_bezique"] and trump in (DIAMONDS, SPADES):
            return make(12, HEARTS), make(11, CLUBS)
        return make(12, SPADES), make(11, DIAMONDS)

    def new_sheet(self) -> EventSheet:
        """The event sheet of §8, the target at the top; seat 0 deals first."""
        return EventSheet(2, self.target, self.name)

    def check_result(self, result: Result, state: BeziqueHand) -> list[str]:
        """The family's totals (``BeziqueGame.check_result``) and §2's: every score a
        multiple of 10."""
        out = super().check_result(result, state)
        if any(p % 10 for p in result.points):
            out.append(f"points are multiples of 10, not {result.points}")
        return out


class FildinskiState(BeziqueHand):
    """One hand of Fildinski: the family's hand with two packs."""

    copies = 2


Fildinski.state_class = FildinskiState

__all__ = ["MELDS", "Fildinski", "FildinskiState"]
