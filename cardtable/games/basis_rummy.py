"""Basis Rummy, 2 to 7 players (cardtable/rules/basis-rummy.md): Parlett's Basic Rummy
with jokers, one pack of 54 or two of 108.

The drift-rummy hand with jokers (``families/wild_drift.py``: ``WildDriftRummy``,
``WildDriftHand``: melds with designated jokers, lay-offs, free joker swaps, the
unshuffled re-formed stock and its knowledge). This module holds the number of packs by
player count (``packs_for``, §2), the deal (§3) and its check as a multiset, the options,
the grammar (rank-only jokers in sets), the scoring hooks (no rummy bonus, §7.3) and the
observation's ``extra["packs"]``. The record's ``deal`` and ``result.detail``:
docs/records.md; the other ``extra`` keys: ``DriftHand.observation``.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, full52
from cardtable.engine.game import Option, Result
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.families.melds import MeldRules
from cardtable.families.rummy import ACE_HIGH_LOW, Meld, card_points, points_table
from cardtable.families.wild_drift import WILD_DRIFT_GRAMMAR, WildDriftHand, WildDriftRummy
from cardtable.sheets.totals import TotalsSheet

#: §3: cards dealt to each player, by packs and players.
DEAL_SIZES = {1: {2: 7, 3: 7, 4: 7, 5: 7, 6: 6}, 2: {4: 10, 5: 10, 6: 10, 7: 10}}


def packs_for(players: int, option: int) -> int:
    """§2: one pack for 2-3 players, two for 7, the option for 4-6."""
    if players <= 3:
        return 1
    if players == 7:
        return 2
    return option


@register
class BasisRummy(WildDriftRummy):
    """Basis Rummy for 2 to 7 players (basis-rummy.md). Options as §9."""

    id = "basis-rummy"
    name = "Basis Rummy"
    grammar = WILD_DRIFT_GRAMMAR
    #: texts the grammar refuses, with the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("meld 5C#1 6C 7C", "5C#1"),
        ("draw deck", "'deck'"),
        ("layoff 8C in 3", "'in'"),
        ("swap 6S to 2", "'to'"),
        ("discard JK=8C", "JK=8C"),
        ("swap JK=6S in 2", "JK=6S"),
        ("open 5C 6C 7C", "'open'"),
        ("knock 9D", "'knock'"),
        ("meld", "expected cards"),
    )
    #: positions tests/test_search.py samples and plays out: (players, options); one pack only (its
    #: swap helper cannot yet place two identical cards of which the seat knows one)
    search_configs = ((2, {}), (3, {"deal_3p": "10"}))
    min_players = 2
    max_players = 7
    deck_name = "54 or 108 (jokers)"
    description = (
        "Rummy with jokers, one or two packs: meld, lay off and swap jokers freely; "
        "out first scores the cards left in the other hands."
    )
    option_specs = (
        Option("packs", "choice", "1", "packs for 4-6 players (2-3: always 1, 7: always 2)", choices=("1", "2")),
        Option("deal_3p", "choice", "7", "cards dealt with 3 players", choices=("7", "10")),
        Option("target_score", "int", 250, "game ends when a total reaches this", minimum=1, maximum=100000),
        Option("max_hands", "int_or_none", None, "fixed number of hands (none: no limit)", minimum=1, maximum=1000),
    )

    no_meld_limit = True
    layoff_requires_meld = False
    last_card = False
    reshuffle = False
    ace_mode = ACE_HIGH_LOW

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        n = self.players
        self.packs = packs_for(n, int(self.options["packs"]))
        self.dealt = 10 if (n == 3 and self.options["deal_3p"] == "10") else DEAL_SIZES[self.packs][n]
        self.rules = MeldRules(ace_mode=ACE_HIGH_LOW, packs=self.packs, max_set=4 * self.packs, min_natural=1)
        #: §2 card points by card int: 2-9 face value, T-K 10, A 11, JK 15
        self.points: list[int] = points_table(ace=11, joker=15)

    def options_not_in_force(self) -> dict[str, tuple[Any, str]]:
        """§2: the number of packs is chosen with 4 to 6 players only."""
        if self.players <= 3 or self.players == 7:
            used = packs_for(self.players, 1)
            return {
                "packs": (
                    str(used),
                    f"the packs are chosen with 4 to 6 players only; with {self.players} players "
                    f"Basis Rummy is played with {used}",
                )
            }
        return {}

    def deck(self) -> list[Card]:
        return full52(self.packs, jokers=2 * self.packs)

    def new_sheet(self) -> TotalsSheet:
        """The §8 running totals, the dealer shown with the hand number."""
        return TotalsSheet(
            self.players,
            target_score=self.options["target_score"],
            max_hands=self.options["max_hands"],
            show_dealer=True,
            mark_rummy=False,
        )

    def check_result(self, result: Result, state: "BasisRummyState") -> list[str]:
        """§7: the winner holds no cards and scores the others' card points; nobody else
        scores; a void hand scores nothing."""
        p, d = result.points, result.detail
        if result.outcome not in {"out", "void"}:
            return [f"outcome {result.outcome!r} is not out or void"]
        if result.outcome == "void":
            return [] if not result.winners and not any(p) else [f"a void hand scores nothing: {p}"]
        if len(result.winners) != 1:
            return [f"one seat wins a hand, not {result.winners}"]
        (w,) = result.winners
        out = []
        if p[w] != sum(d["hand_points"]):
            out.append(f"the winner scores the others' points {d['hand_points']}, not {p[w]}")
        if any(x for s, x in enumerate(p) if s != w):
            out.append(f"only the winner scores: {p}")
        if state.hands[w]:
            out.append("the winner still holds cards")
        for h, hp in zip(state.hands, d["hand_points"]):
            if card_points(h, self.points) != hp:
                out.append(f"hand points {hp} are not the cards' {card_points(h, self.points)}")
        return out + self.table_meld_problems(state.melds)

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: TotalsSheet | None = None
    ) -> "BasisRummyState":
        """A shuffled deal (§3): one card at a time from voorhand, then the upcard."""
        return self.shuffled_deal(BasisRummyState, seed, self.standing_of(standing, sheet))

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: TotalsSheet | None = None
    ) -> "BasisRummyState":
        """An exact position from a record ``deal`` (docs/records.md: ``dealer``, ``hands``,
        ``stock`` top first, ``discard`` bottom to top; ``melds``, ``to_act`` for a position
        in mid-hand); DealError if invalid."""
        return self.parse_deal(deal, BasisRummyState, standing, sheet)

    def check_deal_cards(self, hands: list[list[Card]], stock: list[Card], pile: list[Card], melds: list[Meld]) -> None:
        """``parse_deal``: the deal's cards are exactly the hand's deck, as a multiset."""
        self.check_deck_multiset(
            hands,
            stock,
            pile,
            melds,
            f"the {len(self.deck())} cards of {self.packs} pack(s) with {2 * self.packs} jokers",
        )

    def position_hand_error(self, seat: int, hand: list[Card]) -> str | None:
        """``parse_deal``, a position: a hand holds any number of cards from 1."""
        return None if hand else f"hand of seat {seat}: empty; in a position every hand holds a card"


class BasisRummyState(WildDriftHand):
    """One hand of Basis Rummy: the drift-rummy hand with jokers and its §7 score."""

    game: BasisRummy

    __slots__ = ()

    def observation(self, seat: int):
        obs = super().observation(seat)
        obs.extra["packs"] = self.game.packs
        return obs

    def result_keys(self) -> dict[str, Any]:
        """§7: the winner scores the card points left in the other hands (the family's
        ``out_points``); ``rummy`` is always false here."""
        return {"rummy": False, **super().result_keys()}

    def result_tail(self) -> dict[str, Any]:
        return {"packs": self.game.packs}
