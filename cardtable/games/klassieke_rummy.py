"""Klassieke Rummy (``klassieke-rummy``): John McLeod's basic Rummy, 2 to 6 players.

Spec: shared/rules/klassieke-rummy.md. One pack of 52, no jokers. On his turn a player
draws (stock or top discard), may put **one** new meld on the table and lay off any number
of cards on anyone's melds, then discards. The first player to get rid of his last card
wins the hand and scores the card points left in the other hands, doubled for a rummy
(out in one turn). Game to ``target_score`` (150) or ``max_hands``.

Actions (rules/README.md, "Action grammar"):
    ``draw stock`` · ``draw discard`` · ``meld <cards>`` · ``layoff <card> to <n> [low|high]``
    · ``discard <card>``.
A meld may be typed in any card order; ``normalize`` writes it in canonical order (a run
first..last, a set by suit C D H S). ``low``/``high`` is only written where the card fits
both ends of a run (an ace on ``2 … K`` with ``high_low``; the missing rank of a 12-card
``bridge`` run); a redundant end naming the only possible end is dropped by ``normalize``.

Record ``deal`` (``from_deal`` / ``deal_record``), card codes:
    ``dealer``   seat that dealt (voorhand = dealer + 1 acts first);
    ``hands``    one list per seat;
    ``stock``    the face-down stock, **top card first**;
    ``discard``  the discard pile, **bottom to top** (a fresh deal: just the upcard);
  optional keys for a position in mid-hand (tests, puzzles):
    ``melds``    ``[{"owner": seat, "cards": [codes]}]``, table melds in their numbering
                 order (1, 2, …), cards in any order (stored canonically);
    ``to_act``   seat whose turn starts now, at its draw (default voorhand).
  Without ``melds``/``to_act`` each hand must hold the §3 number of cards and the discard
  pile exactly one card; with them every hand holds 1 to that number. In every deal the
  52 cards appear exactly once. The starting hand size of the §3 table is what a rummy is
  measured against.

Observation ``extra`` keys (public data):
    ``turn_phase``          ``draw`` / ``play`` / ``over`` (also ``Observation.phase``);
    ``taken_from_discard``  the card (int) drawn from the discard pile this turn, or None;
    ``melded_this_turn``    bool: the player to act has made his meld this turn;
    ``on_table``            per seat, bool: owns at least one meld in this hand;
    ``dealt``               cards dealt to each player (§3);
    ``start_size``          the acting player's hand size when his turn began (a rummy is
                            still possible while it equals ``dealt`` and he has not yet
                            put cards down);
    ``turnovers``           how often the stock has been re-formed from the discard pile;
    ``turn``                turn number in the hand, 0 = voorhand's first turn;
    ``ace_mode``            the option (``low``/``high_low``/``bridge``);
    ``winner``, ``rummy``   once the hand is over.
``scores`` = ``{"totals": [points per seat before this hand], "target_score": T}``.

Result: ``points`` = hand score per seat (the winner gets the sum of the others' card
points, doubled for a rummy; the others 0); ``outcome`` ``out`` (or ``void``, ruling 9);
``detail`` = ``outcome`` (as ``Result.outcome``), ``winner`` (None when void), ``rummy``
(bool), ``hand_points`` (card points left in each hand, the winner's 0), ``dealer``,
``next_dealer``, ``turnovers``, ``turns``.

Search: ``returns()`` = the winner's score against the others' 0 (own minus the others'
mean), over 100. Playouts draw at random, meld or lay off whenever they can, else discard
at random. An information set keeps every card that has been face up where it is (a card
taken from the discard pile stays known in that hand; a stock turned over unshuffled is
known in order) and deals the others again, the stock in random order.

Rulings added in the code (beyond the spec's §10):
  8. A layoff naming an end where the card fits only one end is accepted when the named
     end is that end (``normalize`` drops it); naming the wrong end is refused.
  9. Hands that cannot end. The stock may be re-formed without limit (§5.6), but positions
     occur in which no sequence of play can end the hand, e.g. every player is down to one
     card (two after drawing: too few to meld) and no card outside the melds fits any meld.
     Random play reaches such a dead end in about 1-2% of hands, the simple bot in well
     under 1%. The seed and the spec are silent. Ruling: when a player asks to draw from
     the empty stock and (a) the position is such a dead end, or (b) the stock
     has already been re-formed ``MAX_TURNOVERS`` (40) times, the hand ends **void**:
     nobody scores, the sheet writes ``(void)`` and the deal passes on. (b) is a safety cap
     that a real game never reaches (each re-forming takes ten or more turns); it ends
     stalled bot or random play.
 10. Reshuffle (``reshuffle``): the shuffle of the re-formed stock is derived from the
     hand's initial deal and the number of the re-forming, so a record's ``deal`` replays
     exactly.
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
    grammar = Grammar({
        "draw": ("stock", "discard"),
        "meld": "<cards>",
        "layoff": "<card> to <n> [low|high]",
        "discard": "<card>",
    })
    min_players = 2
    max_players = 6
    deck_name = "full52"
    description = ("McLeod's basic rummy: draw, one meld a turn, lay off anywhere, discard; "
                   "out first scores the others' cards, doubled for a rummy.")
    option_specs = (
        Option("no_meld_limit", "bool", False, "any number of melds per turn (Geen uitleglimiet)"),
        Option("layoff_requires_meld", "bool", False, "no lay-off before owning a meld (Aanlegverbod)"),
        Option("ace_mode", "choice", ACE_LOW,
               "low: A-2-3 only; high_low: also Q-K-A, ace 15; bridge: also K-A-2, ace 15",
               choices=ACE_MODES),
        Option("last_card", "bool", False, "go out only by discarding the last card (Laatste kaart)"),
        Option("reshuffle", "bool", False, "shuffle the discard pile before it becomes the stock"),
        Option("target_score", "int", 150, "game ends when a total reaches this", minimum=1),
        Option("max_hands", "int_or_none", None, "fixed number of hands (none: no limit)", minimum=1),
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
        return TotalsSheet(self.players, target_score=self.options["target_score"],
                           max_hands=self.options["max_hands"], mark_rummy=True)

    def deck(self) -> list[Card]:
        return full52()

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *,
                 sheet: TotalsSheet | None = None) -> "KlassiekeRummyState":
        """A shuffled deal (§3): one card at a time from voorhand, then the upcard. The
        dealer and the totals come from ``standing`` (or ``sheet=``, read as
        ``sheet.standing()``; neither: a fresh match, seat 0 deals)."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(full52(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, self.dealt, (dealer + 1) % n)
        upcard, stock_top_first_ = rest[0], rest[1:]
        st = KlassiekeRummyState._fresh(self, dealer, hands, list(reversed(stock_top_first_)),
                                        [upcard], [], (dealer + 1) % n, standing)
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *,
                  sheet: TotalsSheet | None = None) -> "KlassiekeRummyState":
        """An exact position from a record ``deal`` (module docstring); DealError if invalid.
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
