"""Manille Muette, 4 players in two partnerships, silent (cardtable/rules/manille-muette.md).

Everything is shared with Manille Parlée and lives in ``families/manille.py``
(``PartnershipManille``, ``ManilleHand``: the deal with the upcard, the manille follow rule,
§7 scoring, the observation and its ``extra`` keys in ``ManilleHand.common_extra``) over
``families/tricks.py``; this module only names the game, its grammar and its sheet
(``sheets.hands.match_sheet``: hands won, or side totals with ``scoring = excess``). The
record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.families.manille import ManilleHand, PartnershipManille
from cardtable.sheets.hands import match_sheet


class MuetteState(ManilleHand):
    """One hand of Manille Muette: only ``play`` (``ManilleHand`` as it is)."""

    game: ManilleMuette


@register
class ManilleMuette(PartnershipManille):
    """Manille Muette (manille-muette.md). Options §9: ``scoring`` (hands/excess),
    ``hands_to_win`` (default 2), ``target`` (default 50)."""

    id = "manille-muette"
    name = "Manille Muette"
    #: manille-muette.md §4: ``play <card>``, the only verb.
    grammar = Grammar({"play": "<card>"})
    description = "Two against two, silent: the ten is the manille; beat your opponents, 35 of 68 wins a hand."
    state_class = MuetteState
    sheet_factory = staticmethod(match_sheet)


__all__ = ["ManilleMuette", "MuetteState"]
