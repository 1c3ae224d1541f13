"""Jokeren, 2 to 4 players (cardtable/rules/jokeren.md): the Dutch drift rummy with two
packs and four jokers, penalty points, lowest total wins.

The drift-rummy hand with jokers (``families/wild_drift.py``: ``WildDriftRummy``,
``WildDriftHand``), set up by this module's options: the meld rules (sets of different
suits, jokers named in a set or not), lay-offs and joker swaps only once on the table, the
swapped joker into a new meld at once (``swap_follow``, or to the hand with
``joker_to_hand``), two draws with ``draw_two``, the first meld of 40, the taken card to be
used, no going out in the first round, the re-formed stock keeping the top discard. This
module also holds the deal (``turn`` in a record's position), the penalty scoring (§7:
``returns_gains``, ``out_points``) and the observation's added ``extra`` keys
(``JokerenState.observation``). Rulings 13-21 of the spec are implemented in the family.
The record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, cards_text, full52
from cardtable.engine.game import DealError, Option, Result
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.families.melds import SET_CARD, SET_RANK, MeldRules
from cardtable.families.rummy import ACE_HIGH_LOW, SET, Meld, card_points, points_table
from cardtable.families.wild_drift import WildDriftHand, WildDriftRummy
from cardtable.games.basis_rummy import BasisRummy, BasisRummyState
from cardtable.sheets.totals import TotalsSheet

#: §4 step 2 / §5.2: what the first melding turn's melds must total with ``first_meld_40``
FIRST_MELD_POINTS = 40


@register
class Jokeren(WildDriftRummy):
    """Jokeren for 2 to 4 players (jokeren.md). Options as §9."""

    id = "jokeren"
    name = "Jokeren"
    grammar = BasisRummy.grammar
    bad_texts = BasisRummy.bad_texts
    #: positions tests/test_search.py samples and plays out (one pack: see Basis Rummy)
    search_configs = ((2, {"packs": "1"}),)
    min_players = 2
    max_players = 4
    deck_name = "108 (2 packs + 4 jokers)"
    description = (
        "The Dutch rummy with two packs and four jokers: meld, lay off and exchange "
        "jokers once on the table; the others pay for the cards left in hand."
    )
    option_specs = (
        Option("joker_set_fixed", "bool", True, "a joker in a set stands for one missing suit (false: any)"),
        Option("no_joker_in_first_meld", "bool", False, "no joker in the melds of a player's first melding turn"),
        Option("first_meld_40", "bool", False, "the first melds total at least 40 points"),
        Option("reshuffle", "bool", True, "shuffle the discards into a new stock (false: turn them over)"),
        Option("discard_take_must_use", "bool", False, "take the top discard only to put it on the table at once"),
        Option("joker_to_hand", "bool", False, "an exchanged joker may go to the hand"),
        Option("hand_size", "choice", "13", "cards dealt to each player", choices=("13", "7")),
        Option("draw_two", "bool", False, "two draws per turn, one discard"),
        Option("packs", "choice", "2", "packs (1: 52 cards + 2 jokers, 2 players only)", choices=("2", "1")),
        Option(
            "deals_per_player",
            "int",
            1,
            "hands = players x this (everyone deals equally often)",
            minimum=1,
            maximum=250,
        ),
    )

    no_meld_limit = True
    layoff_requires_meld = True
    swap_requires_meld = True
    last_card = True
    first_round_no_out = True
    turnover_keeps_top = True
    ace_mode = ACE_HIGH_LOW

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        o = self.options
        n = self.players
        self.packs = 1 if (n == 2 and o["packs"] == "1") else 2
        self.dealt = int(o["hand_size"])
        self.reshuffle = o["reshuffle"]
        self.swap_follow = not o["joker_to_hand"]
        self.no_joker_first = o["no_joker_in_first_meld"]
        self.first_meld_min = FIRST_MELD_POINTS if o["first_meld_40"] else 0
        self.draws_per_turn = 2 if o["draw_two"] else 1
        self.take_must_use = o["discard_take_must_use"]
        self.hands_total = n * o["deals_per_player"]
        self.rules = MeldRules(
            ace_mode=ACE_HIGH_LOW,
            packs=1,
            max_set=4,
            min_natural=1,
            set_jokers=SET_CARD if o["joker_set_fixed"] else SET_RANK,
        )
        #: §2 penalty points by card int: 2-9 face value, T-K 10, A 11, JK 25
        self.points: list[int] = points_table(ace=11, joker=25)

    def options_not_in_force(self) -> dict[str, tuple[Any, str]]:
        """§9 and ruling 13: one pack is for 2 players only."""
        if self.players > 2:
            return {
                "packs": (
                    "2",
                    f"one pack is for 2 players only; with {self.players} players Jokeren is played with two",
                )
            }
        return {}

    def deck(self) -> list[Card]:
        return full52(self.packs, jokers=2 * self.packs)

    def new_sheet(self) -> TotalsSheet:
        """The §8 running totals ``penalty / total``, the dealer by the hand number; lowest wins."""
        return TotalsSheet(
            self.players,
            target_score=None,
            max_hands=self.hands_total,
            lowest_wins=True,
            show_dealer=True,
            mark_rummy=False,
        )

    def check_result(self, result: Result, state: "JokerenState") -> list[str]:
        """§7: the one who went out holds no cards and scores 0, every other seat the penalty
        points of his hand; a void hand scores nothing; every table meld valid."""
        p, d = result.points, result.detail
        if result.outcome not in {"out", "void"}:
            return [f"outcome {result.outcome!r} is not out or void"]
        if result.outcome == "void":
            return [] if not result.winners and not any(p) else [f"a void hand scores nothing: {p}"]
        out = []
        if len(result.winners) != 1 or state.hands[result.winners[0]]:
            out.append(f"one seat goes out with an empty hand, not {result.winners}")
        for s, h in enumerate(state.hands):
            if p[s] != card_points(h, self.points) or d["hand_points"][s] != p[s]:
                out.append(f"seat {s} scores {p[s]}, not the {card_points(h, self.points)} points in hand")
        return out + self.table_meld_problems(state.melds)

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: TotalsSheet | None = None
    ) -> "JokerenState":
        """A shuffled deal (§3): one card at a time from voorhand, then the upcard."""
        return self.shuffled_deal(JokerenState, seed, self.standing_of(standing, sheet))

    #: Basis Rummy's keys and ``turn``: the turn number ``t`` of ``to_act``'s turn (default 0), for
    #: a position after the first round (§5.5 step 3)
    deal_keys = WildDriftRummy.deal_keys | {"turn"}

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: TotalsSheet | None = None
    ) -> "JokerenState":
        """An exact position from a record ``deal`` (docs/records.md: Basis Rummy's keys and
        ``turn``); DealError if invalid."""
        turn = deal.get("turn", 0) if isinstance(deal, dict) else 0
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
            raise DealError(f"turn must be a whole number from 0, not {turn!r}")
        st = self.parse_deal(deal, JokerenState, standing, sheet)
        st.turn = turn
        return st

    def lay_off_on(self, meld: Meld, card: Card, end: str) -> Meld:
        """The family's lay-off; a set then in suit order, its jokers by their declared suits
        (``8C 8D JK=8H 8S``, Example 2) as ``classify`` writes it."""
        m = super().lay_off_on(meld, card, end)
        if m.kind == SET and self.rules.set_jokers == SET_CARD:
            return Meld(m.owner, SET, self.classify(m.cards)[1])
        return m

    check_deal_cards = BasisRummy.check_deal_cards
    position_hand_error = BasisRummy.position_hand_error


class JokerenState(WildDriftHand):
    """One hand of Jokeren: the drift-rummy hand with jokers and its §7 penalty score."""

    game: Jokeren

    __slots__ = ()

    def observation(self, seat: int):
        """The drift hand's observation (``DriftHand.observation``; ``scores`` has
        ``target_score`` None) and in ``extra``: ``packs``, ``hands_total`` (hands in the
        match), ``draws_left`` (draws still due this turn), ``first_meld_points`` (meld points
        put down this turn towards a first meld of 40), ``must_use`` (taken cards still to be
        put on the table)."""
        obs = super().observation(seat)
        g = self.game
        x = obs.extra
        x["packs"] = g.packs
        x["hands_total"] = g.hands_total
        x["draws_left"] = (g.draws_per_turn - self.draws) if self.phase == 0 else 0
        x["first_meld_points"] = self.first_pts
        x["must_use"] = [c for c, _k in self._musts()] if self.phase == 1 else []
        return obs

    def returns_gains(self) -> list[float]:
        """§7: penalties, lower is better: the gain is minus the penalty."""
        res = self.result()
        assert res is not None, "returns_gains: the hand is over"
        return [-float(p) for p in res.points]

    def out_points(self, detail: dict[str, Any]) -> list[int]:
        """§7: the one who went out scores 0, the others the penalty points in their hands."""
        return list(detail["hand_points"])

    result_tail = BasisRummyState.result_tail

    def _status(self) -> str:
        g = self.game
        if self.phase == 2:
            return super()._status().replace(" · to None", "")
        top = "none" if not self.pile else cards_text(self.pile[-1:])
        if self.phase == 0:
            step = "draw" if not self.draws else "draw a second card"
        elif self.forced:
            step = "put the joker in a new meld"
        else:
            step = "meld, lay off, swap or discard"
        return (
            f"{g.seat_name(self.seat).capitalize()} to {step} · stock {len(self.stock)} · "
            f"discard {top} · melds {len(self.melds)}"
        )
