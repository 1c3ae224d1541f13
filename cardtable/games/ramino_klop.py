"""Ramino (klop), 2 to 6 players (cardtable/rules/ramino-klop.md): the Italian knock rummy of two
packs and four jokers, melds of exactly 3 or 4 cards, played to elimination at 101.

The knock-rummy hand (``families/knock.py``: draw, then discard / knock / rummy by the exact
solver's brandhout, never the card just taken; the stock renewed when a turn finds it empty; the
showdown with every hand's split) with the knowledge of a hand whose identical cards share a code
and the bare ``rummy`` (``KnownKnockHand``: a card taken from the discard pile stays known while
in that hand, multisets), and what Ramino drift shares: the turn order of a match to elimination
(``elimination.SeatsOut``; the deal to the seats still in: ``elimination.EliminationRummy``).

This module holds the options (§9), the melds (§6.1: ``RAMINO_RULES``), the bare ``rummy`` (all
eight cards in two melds of four, no discard: ruling 1), the scoring of the showdown (§7.1: every
player still in scores his brandhout, the knocker too; ``showdown``) and the sheet (§8:
sheets/elimination_scores.py), with ``check_result`` for the shared tests. The record's ``deal``
and ``result.detail``: docs/records.md; the rulings: the spec's §10.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, card_text, full52, parse_cards
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Option, Result, State
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.views import NONE, LogEvent, VerbSpec, Zone, out_zone, phrase
from cardtable.families.drift import DRAW, OVER
from cardtable.families.elimination import EliminationRummy, SeatsOut
from cardtable.families.knock import DISCARD_SPEC, KNOCK_SPEC, RUMMY_SPEC, KnockRummy, KnownKnockHand
from cardtable.families.melds import SET_CARD, MeldRules
from cardtable.families.rummy import ACE_LOW, DRAW_DISCARD_SPEC, DRAW_STOCK_SPEC, points_table
from cardtable.sheets.elimination_scores import EliminationScoresSheet

#: §6.1: runs and sets of exactly 3 or 4 cards, the ace low, a set's naturals of different suits
#: (ruling 5), any number of jokers but at least one natural card (ruling 6), a set joker for a
#: missing suit (§6.3: shown as C, D, H, S in that order)
RAMINO_RULES = MeldRules(ace_mode=ACE_LOW, packs=1, max_set=4, max_run=4, min_natural=1, set_jokers=SET_CARD)

#: §4: ``rummy`` without a card, a button of its own beside ``rummy <card>`` (``views.spec_for``)
RUMMY_ALL_SPEC = VerbSpec("rummy", "Rummy, all 8", "a", "a goes rummy with all eight cards, no discard", NONE)
#: the verbs of a Ramino klop turn, in the table's order (the knock turn's, ``gin`` left out)
RAMINO_KLOP_VERBS = (DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, DISCARD_SPEC, KNOCK_SPEC, RUMMY_SPEC, RUMMY_ALL_SPEC)


@register
class RaminoKlop(KnockRummy, EliminationRummy):
    """Ramino (klop) for 2 to 6 players (ramino-klop.md). Options as §9."""

    id = "ramino-klop"
    name = "Ramino (klop)"
    #: §4: no melds on the table; knock and rummy end the turn, ``rummy`` also without a discard
    grammar = Grammar(
        {
            "draw": ("stock", "discard"),
            "discard": "<card>",
            "knock": "<card>",
            "rummy": ("<card>", ""),
        }
    )
    bad_texts = (
        ("meld 5C 6C 7C", "'meld'"),
        ("knock", "'knock'"),
        ("gin 5C", "'gin'"),
        ("draw discard 2", "'2'"),
        ("discard JK=8C", "JK=8C"),
        ("layoff 8C to 1", "'layoff'"),
    )
    min_players = 2
    max_players = 6
    deck_name = "108 (2 packs, 4 jokers)"
    description = (
        "Italian knock rummy with jokers: melds of 3 or 4 stay in the hand; knock under 7 or go "
        "rummy; everyone scores his brandhout, at 101 you leave, the last player left wins."
    )
    option_specs = (
        Option("reshuffle_stock", "bool", False, "shuffle the discard pile when it becomes the new stock"),
        Option("knock_limit", "int", 6, "the most brandhout a knock may leave", minimum=0, maximum=20),
        Option("elimination_score", "int", 101, "a total at least this leaves the game", minimum=1, maximum=10000),
    )
    meld_rules = RAMINO_RULES
    rules = RAMINO_RULES
    wild = True
    ace_mode = ACE_LOW
    zero_verb = "rummy"
    #: §3: 7 cards to each player still in
    dealt = 7

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        #: §2: A 1, 2-9 face value, T J Q K 10, joker 20
        self.points: list[int] = points_table(ace=1, joker=20)
        self.knock_limit = int(self.options["knock_limit"])
        self.reshuffle = bool(self.options["reshuffle_stock"])

    def deck(self) -> list[Card]:
        """§2: two packs of 52 and four jokers, 108 cards."""
        return full52(2, jokers=4)

    def new_sheet(self) -> EliminationScoresSheet:
        """The §8 sheet: hand penalties, a totals row, out at ``elimination_score``."""
        return EliminationScoresSheet(self.players, self.options["elimination_score"])

    def from_deal(self, deal: dict[str, Any], standing=None, *, sheet=None) -> SeatsOut:
        """An exact position from a record ``deal`` (docs/records.md: ``dealer``, ``hands``
        with ``[]`` for a seat out of the game, ``stock`` top card first, ``discard`` bottom
        to top; mid-hand ``to_act``; no ``melds``); DealError if invalid."""
        if isinstance(deal, dict) and deal.get("melds"):
            raise DealError("melds: Ramino klop puts no melds on the table")
        return super().from_deal(deal, standing, sheet=sheet)

    def check_result(self, result: Result, state: Any) -> list[str]:
        """The spec's totals for a finished hand (§7.1): every player still in scores the
        solver's brandhout of his hand, the rummy player 0, the knocker 1 to ``knock_limit``;
        a seat out of the game holds no cards and scores 0; a void hand scores nothing.
        Problems as sentences; ``[]`` if none. ``state``: the finished ``RaminoKlopState``."""
        p, d = result.points, result.detail
        if result.outcome == "void":
            return [] if not any(p) else [f"a void hand scores nothing: {p}"]
        if result.outcome not in ("knock", "rummy"):
            return [f"outcome {result.outcome!r} is not knock, rummy or void"]
        out = []
        for s, h in enumerate(state.hands):
            if not state.active[s]:
                if h or p[s]:
                    out.append(f"seat {s} is out of the game but holds {len(h)} cards or scores {p[s]}")
            elif p[s] != self.brandhout(h):
                out.append(f"seat {s} scores {p[s]}, not the brandhout of his hand, {self.brandhout(h)}")
        e = d["ender"]
        if result.outcome == "rummy" and (p[e] != 0 or len(state.hands[e]) not in (7, 8)):
            out.append(f"the rummy player scores 0 with 7 or 8 cards, not {p[e]} with {len(state.hands[e])}")
        if result.outcome == "knock" and not 1 <= p[e] <= self.knock_limit:
            out.append(f"the knocker scores 1 to {self.knock_limit}, not {p[e]}")
        return out

    def grammar_positions(self) -> list[State]:
        """Example 4 of the spec after the draw (3 players): ``rummy`` without a discard is on
        offer (random play seldom holds two melds of four)."""
        return [example_4_position().apply("draw stock")]


def example_4_position(players: int = 3) -> "RaminoKlopState":
    """ramino-klop.md Example 4: seat 2 to act with ``5C 6C 7C 8C JH JD JS`` and the ``JK`` on
    top of the stock (``players`` >= 3), before its draw."""
    g = RaminoKlop(players)
    hands = [["2C", "3D", "4H", "9S", "TS", "QC", "KD"], ["2D", "3H", "4S", "9C", "TD", "QH", "KS"]]
    hands.append(["5C", "6C", "7C", "8C", "JH", "JD", "JS"])
    hands += [["2H", "3S", "4C", "9D", "TH", "QS", "KC"], ["2S", "3C", "4D", "9H", "TC", "QD", "KH"]]
    hands += [["AS", "AC", "AD", "AH", "5D", "6H", "7S"]]
    hands = hands[:players]
    rest = g.deck()
    for h in hands:
        for c in parse_cards(" ".join(h)):
            rest.remove(c)
    rest.remove(parse_cards("JK")[0])
    pile = [rest.pop()]
    deal = {
        "dealer": 1,
        "hands": hands,
        "stock": ["JK"] + [card_text(c) for c in rest],
        "discard": [card_text(c) for c in pile],
        "to_act": 2,
    }
    st = g.from_deal(deal)
    assert isinstance(st, RaminoKlopState)
    return st


class RaminoKlopState(SeatsOut, KnownKnockHand):
    """One hand of Ramino klop: the knock-rummy hand with the knowledge of two packs and the bare
    ``rummy`` (``KnownKnockHand``) and the seats out of the game skipped (``SeatsOut``); its
    §7.1 showdown."""

    __slots__ = ("active",)
    game: RaminoKlop
    VERBS = RAMINO_KLOP_VERBS
    #: the hand summary's score line: every player still in writes his brandhout as penalty
    SCORE_LABEL = "penalty points"
    ALL_CARDS = "all eight cards"
    ALL_REFUSAL = "the eight cards do not all fit in melds of 3 or 4"

    # -- the turn --
    def end_actions(self) -> list[Action]:
        """The knock hand's end step (§5) and ``rummy`` when all eight cards fit in melds.
        Eight cards in two melds of four always offer a ``rummy c`` too: every meld of four
        keeps a meld of three without one of its cards (a joker, or a natural at an end), and
        the two melds cannot both lose only copies of the card just taken (that would take six
        jokers); so the eight are searched only when some ``rummy c`` is offered."""
        out = super().end_actions()
        if any(a.verb == "rummy" for a in out) and self.game.brandhout(self.hands[self.seat]) == 0:
            out.append(Action("rummy"))
        return out

    def _scores(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "elimination_score": self.game.options["elimination_score"]}

    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = f"stock {len(self.stock)} · discard {top} · out at {g.options['elimination_score']}"
        if self.phase == OVER:
            if self.void:
                return f"Hand void · {tail}"
            assert self.ender is not None, "a hand over and not void has an ender"
            verb = "knocks" if self.end_verb == "knock" else "goes rummy"
            return f"{g.seat_name(self.ender).capitalize()} {verb}: showdown · {tail}"
        step = "draw" if self.phase == DRAW else "discard, knock or go rummy"
        return f"{g.seat_name(self.seat).capitalize()} to {step} · {tail}"

    def _zones(self, seat: int, view, melds, selectable) -> tuple[Zone, ...]:
        """The knock hand's zones and an ``out`` marker for each seat out of the game."""
        zones = super()._zones(seat, view, melds, selectable)
        return tuple(zones) + tuple(out_zone(s) for s in range(self.n) if not self.active[s])

    # -- the showdown (§7.1) --
    def showdown(self, detail: dict[str, Any]) -> tuple[list[int], list[int]]:
        """§7.1: every player still in scores his brandhout (the knocker too; the rummy player's
        is 0), seats out of the game 0. Adds ``penalties`` (the same, per seat) to ``detail``;
        the hand's winners are the rummy player, or after a knock the players still in with the
        least brandhout (the knocker need not be one of them: no undercut, ruling 4)."""
        d = detail["brandhout"]
        pts = [d[s] if self.active[s] else 0 for s in range(self.n)]
        detail["penalties"] = list(pts)
        if detail["outcome"] == "rummy":
            return pts, [detail["ender"]]
        low = min(pts[s] for s in range(self.n) if self.active[s])
        return pts, [s for s in range(self.n) if self.active[s] and pts[s] == low]

    def showdown_words(self, detail: dict[str, Any]) -> LogEvent:
        e = detail["ender"]
        if detail["outcome"] == "rummy":
            how = " with all eight cards" if detail.get("end") is None else ""
            return phrase(f"{{0}} went rummy{how}", (e,), kind="outcome")
        return phrase("{0} knocked with a brandhout of {v0}", (e,), (), (detail["brandhout"][e],), "outcome")

    def sheet_text(self, detail: dict[str, Any]) -> tuple[str, list[int]]:
        """§8: ``{0} knocks`` / ``{0} rummy``, in the log's template syntax (``You knock``)."""
        e = detail["ender"]
        if detail["outcome"] == "rummy":
            return "{^0} rummy", [e]
        return "{^0} {0:knocks|knock}", [e]

    def result(self) -> Result | None:
        """The knock hand's result (docs/records.md) with ``penalties`` and ``active`` (the seats
        dealt in) in ``detail`` and without ``next_dealer`` (the sheet passes the deal to the
        next seat still in, §7.2)."""
        res = super().result()
        if res is None:
            return None
        res.detail.pop("next_dealer", None)
        res.detail.setdefault("penalties", list(res.points))
        res.detail["active"] = list(self.active)
        return res


RaminoKlop.state_class = RaminoKlopState
