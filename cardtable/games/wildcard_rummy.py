"""Wildcard Rummy, 2 to 7 players (cardtable/rules/wildcard-rummy.md): a closed-hand rummy of one
or two packs in which jokers and twos are wild; the hand ends only when a player lays his whole
hand down at once, and he collects the others' brandhout.

The knock-rummy hand (``families/knock.py``: draw, then discard or ``rummy c`` by the exact
solver's brandhout, never the card just taken; the stock renewed when a turn finds it empty; the
showdown with every hand's split) with the knowledge of a hand whose identical cards share a code
and the bare ``rummy`` (``KnownKnockHand``), and the deal, grammar and options it shares with
Cincinnati (``GoingOutRummy``, ``packs_options``). There is no knock (§4): ``end_actions`` offers only the
discards and the rummies. The melds are ``WILDCARD_RULES`` (§6.1: the ace high or low, a set's
naturals of different suits, the wild twos of ``MeldRules.wild_twos`` that may also stand for
themselves).

This module holds the target of the options (§9), the melds and points, the offer of the bare
``rummy`` (all n + 1 cards in melds, no discard), the scoring of the showdown (§7: the
winner collects every other hand's brandhout, ``showdown``) and the sheet's result cell (§8: the
collected brandhout per loser in brackets), with ``check_result`` for the shared tests and
``is_meld`` for §6.1's examples. The record's ``deal`` and ``result.detail``: docs/records.md; the
rulings: the spec's §10.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card, card_text, parse_cards
from cardtable.engine.actions import Action
from cardtable.engine.game import Result, State
from cardtable.engine.registry import register
from cardtable.engine.views import NONE, LogEvent, VerbSpec, phrase
from cardtable.families.deadwood import Deadwood
from cardtable.families.drift import DRAW, OVER
from cardtable.families.knock import (
    DISCARD_SPEC,
    RUMMY_SPEC,
    GoingOutRummy,
    KnownKnockHand,
    dealt_for,
    packs_for,
    packs_not_in_force,
    packs_options,
)
from cardtable.families.melds import SET_CARD, MeldRules, meld_uses
from cardtable.families.rummy import (
    ACE_HIGH_LOW,
    DRAW_DISCARD_SPEC,
    DRAW_STOCK_SPEC,
    points_table,
)
from cardtable.sheets.totals import HandScoresSheet

#: §6.1: sets of 3 or 4 (naturals of different suits, wild cards for the missing suits: ruling 1),
#: runs of 3 or more with the ace high or low, any number of wild cards but one card no joker
#: (ruling 2), twos wild and also themselves
WILDCARD_RULES = MeldRules(
    ace_mode=ACE_HIGH_LOW, packs=1, max_set=4, min_natural=1, set_jokers=SET_CARD, wild_twos=True
)
#: §2: 3-10 face value, J Q K 10, A 11, twos and jokers 25 (ruling 8)
WILDCARD_POINTS = points_table(ace=11, joker=25, overrides={2: 25})

#: §4: ``rummy`` without a card, a button of its own beside ``rummy <card>``
RUMMY_ALL_SPEC = VerbSpec("rummy", "Rummy, all", "a", "a goes rummy with every card, no discard", NONE)
#: the verbs of a turn, in the table's order
WILDCARD_VERBS = (DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, DISCARD_SPEC, RUMMY_SPEC, RUMMY_ALL_SPEC)


def is_meld(cards: list[Card], solver: Deadwood | None = None) -> bool:
    """§6.1: ``cards`` (plain codes, jokers as ``JK``) form one meld under ``WILDCARD_RULES``."""
    solver = solver or Deadwood(WILDCARD_RULES, WILDCARD_POINTS, True)
    want = sorted(cards)
    return any(len(m) == len(want) and sorted(meld_uses(m)) == want for _k, m in solver.melds_of(cards))


@register
class WildcardRummy(GoingOutRummy):
    """Wildcard Rummy for 2 to 7 players (wildcard-rummy.md). Options as §9."""

    id = "wildcard-rummy"
    name = "Wildcard Rummy"
    min_players = 2
    max_players = 7
    deck_name = "54 or 108 (jokers)"
    description = (
        "Closed-hand rummy, jokers and twos wild: lay the whole hand down at once and collect "
        "the brandhout left in the other hands (wild cards 25)."
    )
    option_specs = packs_options(500)
    #: the search tests play random hands to their end (a random player seldom goes rummy: up to
    #: 40 renewals of the stock): two players and one pack keep them affordable
    search_configs = ((2, {}),)
    meld_rules = WILDCARD_RULES
    ace_mode = ACE_HIGH_LOW
    #: no knock (§4): with a limit of 0 the knock hand never offers one, and its solver bounds
    #: every discard that leaves a card in no meld without a search (``after_discards``)
    knock_limit = 0

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.points: list[int] = list(WILDCARD_POINTS)
        self.packs = packs_for(self.players, int(self.options["packs"]))
        self.dealt = dealt_for(self.players, self.packs, int(self.options["three_player_hand"]))
        self.reshuffle = bool(self.options["reshuffle_stock"])

    def options_not_in_force(self) -> dict[str, tuple[Any, str]]:
        """§3, §9: the packs are chosen with 4 to 6 players only; the 3-player hand size only
        with 3 players."""
        return packs_not_in_force(self.players)

    def new_sheet(self) -> HandScoresSheet:
        """The §8 sheet: hand scores, a totals row, the target in the header."""
        return HandScoresSheet(self.players, target_score=self.options["target_score"], mark_rummy=False)

    def check_result(self, result: Result, state: Any) -> list[str]:
        """The spec's totals for a finished hand (§7): the rummy player holds no brandhout with
        ``dealt`` or ``dealt + 1`` cards and scores the solver's brandhout of every other hand,
        nobody else scores; a void hand scores nothing. Problems as sentences; ``[]`` if none.
        ``state``: the finished ``WildcardRummyState``."""
        p = result.points
        if result.outcome == "void":
            return [] if not any(p) and not result.winners else [f"a void hand scores nothing: {p}"]
        if result.outcome != "rummy":
            return [f"outcome {result.outcome!r} is not rummy or void"]
        e = result.detail["ender"]
        out = []
        if result.winners != [e]:
            out.append(f"the rummy player {e} wins, not {result.winners}")
        hand = state.hands[e]
        if len(hand) not in (self.dealt, self.dealt + 1) or self.brandhout(hand) != 0:
            out.append(f"the rummy player holds {len(hand)} cards with brandhout {self.brandhout(hand)}")
        owed = sum(self.brandhout(h) for s, h in enumerate(state.hands) if s != e)
        if p[e] != owed:
            out.append(f"the rummy player scores the others' brandhout {owed}, not {p[e]}")
        if any(x for s, x in enumerate(p) if s != e):
            out.append(f"only the rummy player scores: {p}")
        return out

    def grammar_positions(self) -> list[State]:
        """Example 5 of the spec after the draw: ``rummy`` without a discard is on offer."""
        return [example_5_position(self.players)]


def example_position(players: int, hands: dict[int, str], to_act: int, dealer: int = 0, **options: Any):
    """A position of ``players`` players (one pack unless ``options`` say otherwise) with
    ``to_act`` to draw: the hands given by seat, every other hand dealt from the rest of the
    pack in order, one card on the discard pile, the rest the stock in pack order."""
    g = WildcardRummy(players, **options)
    rest = g.deck()
    given = {s: parse_cards(h) for s, h in hands.items()}
    for cards in given.values():
        for c in cards:
            rest.remove(c)
    out: list[list[str]] = []
    for s in range(players):
        if s in given:
            out.append([card_text(c) for c in given[s]])
        else:
            out.append([card_text(c) for c in rest[: g.dealt]])
            rest = rest[g.dealt :]
    deal = {
        "dealer": dealer,
        "hands": out,
        "stock": [card_text(c) for c in rest[1:]],
        "discard": [card_text(rest[0])],
        "to_act": to_act,
    }
    return g.from_deal(deal)


def example_5_position(players: int = 2) -> "WildcardRummyState":
    """wildcard-rummy.md Example 5: seat 1 has drawn ``9D`` to ``AH 2D 3H 4H 9C 9S JK``."""
    st = example_position(players, {1: "AH 2D 3H 4H 9C 9S JK"}, 1)
    i = st.stock.index(parse_cards("9D")[0])
    st.stock.append(st.stock.pop(i))  # the 9D on top of the stock
    st = st.apply("draw stock")
    assert isinstance(st, WildcardRummyState)
    return st


class WildcardRummyState(KnownKnockHand):
    """One hand of Wildcard Rummy: the knock-rummy hand without the knock, with the knowledge of
    two packs and the bare ``rummy`` (``KnownKnockHand``), and the §7 showdown."""

    __slots__ = ()
    game: WildcardRummy
    VERBS = WILDCARD_VERBS

    # -- the turn (§5) --
    def end_actions(self) -> list[Action]:
        """§5 end step: ``discard c`` for every card but the one taken, ``rummy c`` where the
        other n cards fit in melds, ``rummy`` where all n + 1 do (no knock in this game)."""
        out = super().end_actions()  # no knock: ``knock_limit`` 0
        hand = self.hands[self.seat]
        if self.all_in_melds(hand):
            out.append(Action("rummy"))
        return out

    def all_in_melds(self, hand: list[Card]) -> bool:
        """brandhout(hand) = 0, searched only when every card of ``hand`` is in some meld of it
        (a card in none is brandhout whatever the split)."""
        solver = self.game.solver
        covered = {c for _k, m in solver.melds_of(hand) for c in meld_uses(m)}
        return all(c in covered for c in meld_uses(hand)) and solver.value(hand) == 0

    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = f"stock {len(self.stock)} · discard {top} · to {g.options['target_score']}"
        if self.phase == OVER:
            if self.void:
                return f"Hand void · {tail}"
            assert self.ender is not None, "a hand over and not void has an ender"
            return f"{g.seat_name(self.ender).capitalize()} goes rummy: showdown · {tail}"
        step = "draw" if self.phase == DRAW else "discard or go rummy"
        return f"{g.seat_name(self.seat).capitalize()} to {step} · {tail}"

    # -- the showdown (§7) --
    def showdown(self, detail: dict[str, Any]) -> tuple[list[int], list[int]]:
        """§7: the rummy player scores the brandhout of every other hand, nobody else scores.
        Adds ``collected`` (per seat, the brandhout the winner takes from it; his own 0)."""
        e = detail["ender"]
        got = [0 if s == e else b for s, b in enumerate(detail["brandhout"])]
        detail["collected"] = got
        pts = [0] * self.n
        pts[e] = sum(got)
        return pts, [e]

    def showdown_words(self, detail: dict[str, Any]) -> LogEvent:
        e = detail["ender"]
        how = " with every card" if detail.get("end") is None else ""
        total = sum(detail["collected"])
        return phrase(f"{{0}} went rummy{how} and {{0:collects|collect}} {{v0}}", (e,), (), (total,), "outcome")

    def sheet_text(self, detail: dict[str, Any]) -> tuple[str, list[int]]:
        """§8: ``{0} rummy (27 + 6 + 25)``: the brandhout collected from each loser, in seat
        order, in the log's template syntax."""
        e = detail["ender"]
        parts = " + ".join(str(x) for s, x in enumerate(detail["collected"]) if s != e)
        return f"{{^0}} rummy ({parts})", [e]


WildcardRummy.state_class = WildcardRummyState
