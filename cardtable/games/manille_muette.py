"""Manille Muette, 4 players in two partnerships, silent (shared/rules/manille-muette.md).

Seats 0/2 (side A) play against seats 1/3 (side B). 32 piquet cards dealt 4-4; the
dealer's last card is turned: the upcard, whose suit is trump. Eight tricks under the
manille rule (§5: follow suit; beat an opponent's winning card when you can, with a
winning trump when void; free under a winning partner). Hand points = card points
(T 5, A 4, K 3, Q 2, J 1) + 1 per trick, 68 in all; 35 wins the hand, 34–34 ties. The
match: first side to win ``hands_to_win`` hands (or, ``scoring = excess``, the points above
34 summed to ``target``).

Everything here is shared with Manille Parlée and lives in ``families/manille.py``
(``PartnershipManille``, ``ManilleHand``) over ``families/tricks.py`` (``TrickHand``,
``ManilleRule``, the ``MANILLE`` ranking); this module only names the game.

Phases: ``play`` (``play <card>``, the only verb), ``over``.

Observation (generic fields as in ``engine.game.Observation``):
  hand: trump first, then the other suits alternating colours, each high to low in trick
  order (T A K Q J 9 8 7); upcard: always the turned card (it shows trump; see
  ``extra["upcard_held"]``); trump: its suit; scores: ``{"points": [a, b]`` (hand points so
  far), ``"hands_won": [a, b]`` (scoring = hands) or ``"game_points": [a, b]`` (excess), as
  on the sheet when the hand was dealt``}``; status: ``Troef ♦ · A: 12 · B: 8 · hands 1–0
  of 2``; log: ``seat 1 plays JC``, ``seat 0 wins the trick (6)``, ``hand over: 35 – 33,
  side A (0/2) wins the hand``.
``extra`` keys:
  ``played``: codes of the cards in completed tricks; ``tricks``: [{"leader", "cards":
      [[seat, code], …], "winner", "points"}] the completed tricks (points incl. the 1 per
      trick); ``side_tricks``: [a, b]; ``hand_points``: [a, b] card points + tricks so far;
  ``card_points``: [a, b]; ``upcard_held``: the dealer still holds the upcard;
  ``win_at`` (35), ``total_points`` (68); ``scoring``, ``hands_to_win``, ``target``: the
      options; ``result``: the Result detail once the hand is over, else None.

Result (§7): ``points`` per seat = its side's ``game_points`` (scoring = hands: 1 for each
seat of the hand winner; excess: the winner's points above 34); ``outcome`` ``won`` or
``tie``; ``winners`` the seats of the hand winner; ``detail``: ``outcome``,
``winning_side`` (0/1/None), ``hand_points`` [a, b], ``card_points`` [a, b],
``side_tricks`` [a, b], ``tricks_played``, ``game_points`` [a, b], ``scoring``, ``dealer``,
``next_dealer``, ``upcard``, ``trump`` (letter), ``sheet_row``.

Sheet (§8): ``sheets.hands.HandsWon`` (scoring = hands) or ``sheets.sides.SideTotals``
(excess), via ``sheets.hands.match_sheet``.

Rulings: the spec's R1-R8 as written (the seed agrees: the upcard is the dealer's card,
35 of 68 wins, first side to two hands; 34–34 counts for nobody).
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
