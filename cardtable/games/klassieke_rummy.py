"""Klassieke Rummy, 2 to 6 players (cardtable/rules/klassieke-rummy.md): John McLeod's basic
Rummy, one pack of 52 and no jokers.

The drift-rummy hand as it is (``families/drift.py``: ``DriftRummy``, ``DriftHand``, which
implement the turn, the re-formed stock and rulings 8-10). This module holds the game's
options (§9, ``ace_mode`` among them), its deal (§3), its grammar and the scoring hooks
(``out_points``: the others' card points, doubled for a rummy; ``check_result``). The
record's ``deal`` and ``result.detail``: docs/records.md; the observation's ``extra`` keys:
``DriftHand.observation``.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, full52, shuffled
from cardtable.engine.game import Option, Result, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.families.drift import DRAW, DRAW_DISCARD, DRAW_STOCK, MAX_TURNOVERS, OVER, PLAY, DriftHand, DriftRummy  # noqa: F401
from cardtable.families.rummy import ACE_LOW, ACE_MODES, deal_round_robin, points_table
from cardtable.sheets.totals import TotalsSheet

#: §3: cards dealt to each player by number of players.
DEAL_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


@register
class KlassiekeRummy(DriftRummy):
    """Klassieke Rummy for 2 to 6 players (klassieke-rummy.md). Options as §9."""

    id = "klassieke-rummy"
    name = "Klassieke Rummy"
    #: klassieke-rummy.md §4; no jokers or wild cards, one pack.
    grammar = Grammar(
        {
            "draw": ("stock", "discard"),
            "meld": "<cards>",
            "layoff": "<card> to <n> [low|high]",
            "discard": "<card>",
        }
    )
    min_players = 2
    max_players = 6
    deck_name = "full52"
    description = (
        "McLeod's basic rummy: draw, one meld a turn, lay off anywhere, discard; "
        "out first scores the others' cards, doubled for a rummy."
    )
    option_specs = (
        Option("no_meld_limit", "bool", False, "any number of melds per turn (Geen uitleglimiet)"),
        Option("layoff_requires_meld", "bool", False, "no lay-off before owning a meld (Aanlegverbod)"),
        Option(
            "ace_mode",
            "choice",
            ACE_LOW,
            "low: A-2-3 only; high_low: also Q-K-A, ace 15; bridge: also K-A-2, ace 15",
            choices=ACE_MODES,
        ),
        Option("last_card", "bool", False, "go out only by discarding the last card (Laatste kaart)"),
        Option("reshuffle", "bool", False, "shuffle the discard pile before it becomes the stock"),
        Option("target_score", "int", 150, "game ends when a total reaches this", minimum=1, maximum=100000),
        Option("max_hands", "int_or_none", None, "fixed number of hands (none: no limit)", minimum=1, maximum=1000),
    )

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        o = self.options
        self.ace_mode: str = o["ace_mode"]
        #: §2 card points by card int; the ace counts 15 with high_low / bridge.
        self.points: list[int] = points_table(ace=1 if self.ace_mode == ACE_LOW else 15)
        self.dealt = DEAL_SIZES[self.players]
        self.no_meld_limit: bool = o["no_meld_limit"]
        self.layoff_requires_meld: bool = o["layoff_requires_meld"]
        self.last_card: bool = o["last_card"]
        self.reshuffle: bool = o["reshuffle"]

    def check_result(self, result: Result, state: "KlassiekeRummyState") -> list[str]:
        """The spec's totals for a finished hand (§7): the winner went out (no cards left)
        and scores the others' card points (``detail["hand_points"]``), doubled for a
        rummy; nobody else scores; a ``void`` hand (ruling 9) scores nothing and has no
        winner. Problems as sentences; ``[]`` if none."""
        p, d = result.points, result.detail
        if result.outcome not in {"out", "void"}:
            return [f"outcome {result.outcome!r} is not out or void"]
        if result.outcome == "void":
            if result.winners or any(p):
                return [f"a void hand scores nothing: points {p}, winners {result.winners}"]
            return []
        if len(result.winners) != 1:
            return [f"one seat wins a hand, not {result.winners}"]
        out = []
        (w,) = result.winners
        factor = 2 if d["rummy"] else 1
        if p[w] != factor * sum(d["hand_points"]):
            out.append(f"the winner scores {factor} x the others' points {d['hand_points']}, not {p[w]}")
        if any(x for s, x in enumerate(p) if s != w):
            out.append(f"only the winner scores: {p}")
        if state.observation(w).hand_sizes[w] != 0:
            out.append("the winner still holds cards")
        return out

    def new_sheet(self) -> TotalsSheet:
        """The §8 running-totals sheet with the game's target and ``max_hands``."""
        return TotalsSheet(
            self.players,
            target_score=self.options["target_score"],
            max_hands=self.options["max_hands"],
            mark_rummy=True,
        )

    def deck(self) -> list[Card]:
        return full52()

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: TotalsSheet | None = None
    ) -> "KlassiekeRummyState":
        """A shuffled deal (§3): one card at a time from voorhand, then the upcard. The
        dealer and the totals come from ``standing`` (or ``sheet=``, read as
        ``sheet.standing()``; neither: a fresh match, seat 0 deals)."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(full52(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, self.dealt, (dealer + 1) % n)
        upcard, stock_top_first_ = rest[0], rest[1:]
        st = KlassiekeRummyState._fresh(
            self, dealer, hands, list(reversed(stock_top_first_)), [upcard], [], (dealer + 1) % n, standing
        )
        st.seed = seed
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: TotalsSheet | None = None
    ) -> "KlassiekeRummyState":
        """An exact position from a record ``deal`` (docs/records.md: ``dealer``, ``hands``,
        ``stock`` top card first, ``discard`` bottom to top; for a position in mid-hand
        ``melds`` and ``to_act``); DealError if invalid.
        The totals come from ``standing`` (or ``sheet=``), the dealer from the deal."""
        return self.parse_deal(deal, KlassiekeRummyState, standing, sheet)


class KlassiekeRummyState(DriftHand):
    """One hand of Klassieke Rummy: the drift-rummy hand (families/drift.py) and its §7 score."""

    game: KlassiekeRummy

    __slots__ = ()
    #: the family's fast playout (families/drift.py), named here as the game's own
    playout = DriftHand.playout

    def result_keys(self) -> dict[str, Any]:
        """``rummy`` (the winner went out in one turn), then the card points left in each hand."""
        return {"rummy": self.rummy, **super().result_keys()}

    def out_points(self, detail: dict[str, Any]) -> list[int]:
        """§7: the winner scores the card points left in the other hands (×2 for a rummy)."""
        pts = [0] * self.n
        assert self.winner is not None, "an out hand has a winner"
        pts[self.winner] = sum(detail["hand_points"]) * (2 if self.rummy else 1)
        return pts

    def went_out_words(self) -> str:
        return "{0} went out" + (" with a rummy: the score is doubled" if self.rummy else "")
