"""Ramino drift, 2 to 4 players (cardtable/rules/ramino-drift.md): the Italian drift rummy
with two jokers, played to elimination at 101 penalty points.

Spec: shared/rules/ramino-drift.md (seed 000, "Ramino (Drift) / Remigio"). One pack of 54 (52 +
2 jokers), 7 cards each. On his turn a player draws (stock or top discard), may put down any
number of sets and runs (ace low only), lay off on anyone's melds once he has a meld of his own
in this hand, and exchange a joker on the table for the natural card it stands for (the joker
must go back on the table at once: in a new meld, or laid off by a player who has melded), then
discards. Going out is by discarding the last card (option ``go_out_without_discard``). The
others score their cards (A 1, 2-9 face, T-K 10, joker 20); a total of 101 or more leaves the
game, the last player left wins. The hand is families/elimination.py's (on families/wild_drift.py).

Actions (rules/README.md, "Action grammar"):
    ``draw stock`` · ``draw discard`` · ``meld <cards>`` (jokers ``JK=7H`` in a run, ``JK=7*``
    in a set) · ``layoff <card> to <n>`` (``layoff JK=8S to 2``) · ``swap <card> in <n>`` ·
    ``discard <card>``.

Record ``deal`` (``from_deal`` / ``deal_record``), card codes: ``dealer``, ``hands`` (one list per
seat; a seat that is out of the game: ``[]``), ``stock`` (top card first), ``discard`` (bottom to
top; a fresh deal: the upcard only); optional, for a position in mid-hand: ``melds``
(``[{"owner": seat, "cards": [codes]}]`` in their numbering order, jokers designated: ``JK=6S``,
``JK=Q*``) and ``to_act`` (the seat whose turn starts now, at its draw). Together the cards are
exactly the 54 of the pack. The totals and the seats still in come from the sheet (a record's
earlier hands).

Observation ``extra`` keys: those of Basis Rummy's hand (``turn_phase``, ``taken_from_discard``,
``melded_this_turn``, ``on_table`` (come out, per seat), ``dealt``, ``start_size``,
``turnovers``, ``turn``, ``ace_mode`` = ``low``; ``winner`` once over). ``scores`` =
``{"totals", "elimination_score"}``; ``active``: the seats still in.

Result: ``points`` = the penalty points of the hand (the winner 0, seats out of the game 0);
``outcome`` ``out`` or ``void``; ``detail`` = ``outcome``, ``winner``, ``penalties`` (per seat),
``dealer``, ``turnovers``, ``turns``, ``active`` (seats dealt in). Sheet: sheets/penalty.py
(§8: ``penalty / total``, ``OUT``).

Rulings added in the code (beyond the spec's §10):
 10. Hands that cannot end: Klassieke Rummy's ruling 9 (the hand is void, nobody scores, when
     the stock would be re-formed while no meld and no lay-off can ever be made, or a 41st time).
 11. Without ``reshuffle`` the re-formed stock is known to all in order (§5.6: turned face down
     without shuffling), so a card drawn from it is known in that hand; with ``reshuffle`` its
     cards are hidden again (only the stock's count shows) and a card drawn from it is hidden in
     that hand (families/drift.py, ``_hide_reformed``).
 12. After a swap the joker is held until its follow-up (the very next action), as the
     action grammar has it; nothing else can be played in between.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, full52
from cardtable.engine.game import Option
from cardtable.engine.registry import register
from cardtable.families.elimination import EliminationHand, EliminationRummy
from cardtable.families.melds import SET_RANK, MeldRules
from cardtable.families.rummy import ACE_LOW, points_table
from cardtable.families.wild_drift import WILD_DRIFT_GRAMMAR
from cardtable.sheets.penalty import PenaltySheet


@register
class RaminoDrift(EliminationRummy):
    """Ramino drift for 2 to 4 players (ramino-drift.md). Options as §9."""

    id = "ramino-drift"
    name = "Ramino (drift)"
    grammar = WILD_DRIFT_GRAMMAR
    #: texts the grammar refuses, with the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("meld 5C#2 6C 7C", "5C#2"),
        ("draw deck", "'deck'"),
        ("layoff 8C in 3", "'in'"),
        ("swap 6S to 2", "'to'"),
        ("discard JK=8C", "JK=8C"),
        ("knock 9D", "'knock'"),
        ("meld", "expected cards"),
    )
    min_players = 2
    max_players = 4
    deck_name = "54 (2 jokers)"
    description = (
        "Italian rummy with jokers to elimination: meld, lay off once you have come out, "
        "swap jokers; at 101 penalty points you leave, the last player left wins."
    )
    option_specs = (
        Option("reshuffle", "bool", False, "shuffle the discard pile when it becomes the new stock"),
        Option("go_out_without_discard", "bool", False, "a meld or lay-off that empties the hand ends it"),
        Option("elimination_score", "int", 101, "a total at least this leaves the game", minimum=1, maximum=10000),
    )

    swap_requires_meld = False
    swap_follow = True
    swap_follow_layoff = True
    ace_mode = ACE_LOW
    dealt = 7

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.last_card = not self.options["go_out_without_discard"]
        self.reshuffle = bool(self.options["reshuffle"])
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

    game: RaminoDrift

    __slots__ = ()


RaminoDrift.state_class = RaminoState
