"""Klop Rummy / Poker Rummy, 2 to 5 players (cardtable/rules/klop-rummy.md): a closed-hand knock
rummy of one pack, no knock limit, no laying off.

The knock-rummy hand as it is (``families/knock.py``: the turn, the renewed stock, the showdown
with every hand's split by the exact solver of families/deadwood.py). This module holds the
options (§9), the deal (§3: 10 cards each with 2 players, else 7), the grammar and the scoring of
the showdown (§7.1: cases A to D, ``showdown``), with ``check_result`` for the shared tests. The
record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, full52, shuffled
from cardtable.engine.game import Option, Result, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import LogEvent, phrase
from cardtable.families.knock import KnockHand, KnockRummy
from cardtable.families.melds import MeldRules
from cardtable.families.rummy import ACE_LOW, deal_round_robin, points_table
from cardtable.sheets.totals import HandScoresSheet

#: §3: cards dealt to each player by the number of players
DEAL_SIZES = {2: 10, 3: 7, 4: 7, 5: 7}
#: §7.1: the rummy bonus and the bonus for beating the knocker
RUMMY_BONUS = 25
BEAT_BONUS = 10
PAYOUTS = ("total_minus_own", "differences")


@register
class KlopRummy(KnockRummy):
    """Klop Rummy for 2 to 5 players (klop-rummy.md). Options as §9."""

    id = "klop-rummy"
    name = "Klop Rummy"
    #: klop-rummy.md §4: no melds on the table; knock and rummy end the turn with a discard
    grammar = Grammar(
        {
            "draw": ("stock", "discard"),
            "discard": "<card>",
            "knock": "<card>",
            "rummy": "<card>",
        }
    )
    bad_texts = (
        ("meld 5C 6C 7C", "'meld'"),
        ("knock", "'knock'"),
        ("rummy", "'rummy'"),
        ("draw discard 2", "'2'"),
        ("gin 5C", "'gin'"),
        ("discard JK=8C", "JK=8C"),
    )
    min_players = 2
    max_players = 5
    deck_name = "full52"
    description = (
        "Knock rummy: melds stay in the hand; knock at any brandhout, or go rummy; "
        "the lowest brandhout wins the others' brandhout."
    )
    option_specs = (
        Option(
            "knock_payout",
            "choice",
            "total_minus_own",
            "total_minus_own: the others' brandhout less your own; differences: the difference with each",
            choices=PAYOUTS,
        ),
        Option("target_score", "int", 250, "game ends when a total reaches this", minimum=1, maximum=100000),
    )
    #: §6.1: sets of 3 or 4, runs of 3 or more, the ace low only
    meld_rules = MeldRules(ace_mode=ACE_LOW)
    ace_mode = ACE_LOW
    zero_verb = "rummy"
    knock_limit = None

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        #: §2: A 1, 2-9 face value, T J Q K 10
        self.points: list[int] = points_table(ace=1)
        self.dealt = DEAL_SIZES[self.players]

    def payout(self, d: list[int], w: int) -> int:
        """§7.1: what winner ``w`` collects from the brandhout ``d`` of every seat."""
        others = [x for s, x in enumerate(d) if s != w]
        if self.options["knock_payout"] == "differences":
            return sum(x - d[w] for x in others)
        return sum(others) - d[w]

    def check_result(self, result: Result, state: "KlopRummyState") -> list[str]:
        """The spec's totals for a finished hand (§7.1): the case's winner scores the payout
        (+25 for a rummy, +10 for beating the knocker), everyone else 0, nobody negative; a void
        hand scores nothing. Problems as sentences; ``[]`` if none."""
        p, d = result.points, result.detail
        if result.outcome == "void":
            return [] if not any(p) and not result.winners else [f"a void hand scores nothing: {p}"]
        if result.outcome not in ("knock", "rummy"):
            return [f"outcome {result.outcome!r} is not knock, rummy or void"]
        out = []
        bh = d["brandhout"]
        if any(x < 0 for x in p):
            out.append(f"a hand score is never negative: {p}")
        if d["case"] == "D":
            if any(p) or result.winners:
                out.append(f"case D: nobody scores, not {p}")
            return out
        (w,) = result.winners
        bonus = {"A": RUMMY_BONUS, "B": 0, "C": BEAT_BONUS}[d["case"]]
        if p[w] != self.payout(bh, w) + bonus:
            out.append(f"case {d['case']}: seat {w} scores {self.payout(bh, w) + bonus}, not {p[w]}")
        if any(x for s, x in enumerate(p) if s != w):
            out.append(f"only the winner scores: {p}")
        if any(bh[s] != state.game.brandhout(h) for s, h in enumerate(state.hands)):
            out.append(f"brandhout {bh} is not the solver's")
        return out

    def new_sheet(self) -> HandScoresSheet:
        """The §8 sheet: hand scores, a totals row, the target in the header."""
        return HandScoresSheet(self.players, target_score=self.options["target_score"], mark_rummy=False)

    def deck(self) -> list[Card]:
        return full52()

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: HandScoresSheet | None = None
    ) -> "KlopRummyState":
        """A shuffled deal (§3): one card at a time from voorhand, then the upcard; the dealer
        and the totals from ``standing`` (or ``sheet=``; neither: seat 0 deals a fresh match)."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(full52(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, self.dealt, (dealer + 1) % n)
        st = KlopRummyState._fresh(
            self, dealer, hands, list(reversed(rest[1:])), [rest[0]], [], (dealer + 1) % n, standing
        )
        st.seed = seed
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: HandScoresSheet | None = None
    ) -> "KlopRummyState":
        """An exact position from a record ``deal`` (docs/records.md: ``dealer``, ``hands``,
        ``stock`` top card first, ``discard`` bottom to top; mid-hand ``to_act``; no ``melds``);
        DealError if invalid."""
        from cardtable.engine.game import DealError

        if isinstance(deal, dict) and deal.get("melds"):
            raise DealError("melds: Klop Rummy puts no melds on the table")
        return self.parse_deal(deal, KlopRummyState, standing, sheet)


class KlopRummyState(KnockHand):
    """One hand of Klop Rummy: the knock-rummy hand and its §7.1 showdown."""

    game: KlopRummy
    __slots__ = ()

    def showdown(self, detail: dict[str, Any]) -> tuple[list[int], list[int]]:
        """§7.1, cases A (rummy: +25), B (the knocker strictly lowest), C (one non-knocker lowest:
        +10), D (two or more non-knockers share the lowest: nobody). Adds ``case`` and
        ``winner`` (None in case D) to ``detail``."""
        g = self.game
        d = detail["brandhout"]
        e = detail["ender"]
        pts = [0] * self.n
        if detail["outcome"] == "rummy":
            case, w = "A", e
            pts[w] = g.payout(d, w) + RUMMY_BONUS
        elif all(d[e] < x for s, x in enumerate(d) if s != e):
            case, w = "B", e
            pts[w] = g.payout(d, w)
        else:
            low = min(x for s, x in enumerate(d) if s != e)
            lowest = [s for s, x in enumerate(d) if s != e and x == low]
            if len(lowest) == 1:
                case, w = "C", lowest[0]
                pts[w] = g.payout(d, w) + BEAT_BONUS
            else:
                case, w = "D", None
        detail["case"] = case
        detail["winner"] = w
        return pts, ([] if w is None else [w])

    def showdown_words(self, detail: dict[str, Any]) -> LogEvent:
        e, w, case = detail["ender"], detail["winner"], detail["case"]
        if case == "A":
            return phrase("{0} went rummy (+25)", (e,), kind="outcome")
        if case == "B":
            return phrase("{0} knocked and won", (e,), kind="outcome")
        if case == "C":
            return phrase("{0} knocked and {0:was|were} beaten by {1} (+10)", (e, w), kind="outcome")
        return phrase("{0} knocked; two or more others share the lowest brandhout: nobody scores", (e,), kind="outcome")

    def sheet_text(self, detail: dict[str, Any]) -> tuple[str, list[int]]:
        """§8: ``{0} knocks, wins`` / ``{0} knocks, beaten by {1}`` / ``{0} knocks, no winner`` /
        ``{0} rummy``, in the log's template syntax (``views.LogEvent``: ``You knock, win``)."""
        e, w, case = detail["ender"], detail["winner"], detail["case"]
        if case == "A":
            return "{^0} rummy", [e]
        if case == "B":
            return "{^0} {0:knocks|knock}, {0:wins|win}", [e]
        if case == "C":
            return "{^0} {0:knocks|knock}, beaten by {1}", [e, w]
        return "{^0} {0:knocks|knock}, no winner", [e]
