"""Wildcard Rummy, 2 to 7 players (cardtable/rules/wildcard-rummy.md): a closed-hand rummy of one
or two packs in which jokers and twos are wild; the hand ends only when a player lays his whole
hand down at once, and he collects the others' brandhout.

The knock-rummy hand (``families/knock.py``: draw, then discard or ``rummy c`` by the exact
solver's brandhout, never the card just taken; the stock renewed when a turn finds it empty; the
showdown with every hand's split) with the knowledge of a hand whose identical cards share a code
(``wild_drift.KnownCards``, two packs). There is no knock (§4): ``end_actions`` offers only the
discards and the rummies. The melds are ``WILDCARD_RULES`` (§6.1: the ace high or low, a set's
naturals of different suits, the wild twos of ``MeldRules.wild_twos`` that may also stand for
themselves).

This module holds the options (§9), the packs and deal sizes (§3: ``packs_for``, ``dealt_for``),
the bare ``rummy`` (all n + 1 cards in melds, no discard), the scoring of the showdown (§7: the
winner collects every other hand's brandhout, ``showdown``) and the sheet's result cell (§8: the
collected brandhout per loser in brackets), with ``check_result`` for the shared tests and
``is_meld`` for §6.1's examples. The record's ``deal`` and ``result.detail``: docs/records.md; the
rulings: the spec's §10.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.cards import Card, card_text, cards_text, full52, parse_cards, shuffled
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Option, Result, State, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import NONE, LogEvent, VerbSpec, phrase
from cardtable.families.deadwood import Deadwood
from cardtable.families.drift import DRAW, OVER, PLAY
from cardtable.families.knock import DISCARD_SPEC, RUMMY_SPEC, KnockHand, KnockRummy
from cardtable.families.melds import SET_CARD, MeldRules, meld_uses
from cardtable.families.rummy import (
    ACE_HIGH_LOW,
    DRAW_DISCARD_SPEC,
    DRAW_STOCK_SPEC,
    Meld,
    deal_round_robin,
    points_table,
)
from cardtable.families.wild_drift import KnownCards
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


def packs_for(players: int, packs_option: int) -> int:
    """§3: one pack with 2 or 3 players, two with 7, the ``packs`` option with 4 to 6."""
    if players <= 3:
        return 1
    if players == 7:
        return 2
    return packs_option


def dealt_for(players: int, packs: int, three_player_hand: int = 7) -> int:
    """§3: cards per player: 10 with two packs; one pack 7 (6 players 6; 3 players 7 or
    ``three_player_hand``)."""
    if packs == 2:
        return 10
    if players == 3:
        return three_player_hand
    return 6 if players == 6 else 7


def is_meld(cards: list[Card], solver: Deadwood | None = None) -> bool:
    """§6.1: ``cards`` (plain codes, jokers as ``JK``) form one meld under ``WILDCARD_RULES``."""
    solver = solver or Deadwood(WILDCARD_RULES, WILDCARD_POINTS, True)
    want = sorted(cards)
    return any(len(m) == len(want) and sorted(meld_uses(m)) == want for _k, m in solver.melds_of(cards))


@register
class WildcardRummy(KnockRummy):
    """Wildcard Rummy for 2 to 7 players (wildcard-rummy.md). Options as §9."""

    id = "wildcard-rummy"
    name = "Wildcard Rummy"
    #: §4: no melds on the table; ``rummy`` ends the hand with a discard or without one
    grammar = Grammar(
        {
            "draw": ("stock", "discard"),
            "discard": "<card>",
            "rummy": ("<card>", ""),
        }
    )
    bad_texts = (
        ("meld 5C 6C 7C", "'meld'"),
        ("knock 5C", "'knock'"),
        ("gin 5C", "'gin'"),
        ("draw discard 2", "'2'"),
        ("discard JK=8C", "JK=8C"),
        ("layoff 8C to 1", "'layoff'"),
    )
    min_players = 2
    max_players = 7
    deck_name = "54 or 108 (jokers)"
    description = (
        "Closed-hand rummy, jokers and twos wild: lay the whole hand down at once and collect "
        "the brandhout left in the other hands (wild cards 25)."
    )
    option_specs = (
        Option(
            "packs",
            "choice",
            "1",
            "packs for 4-6 players (2-3: always 1, 7: always 2)",
            choices=("1", "2"),
            numeric=True,
        ),
        Option(
            "three_player_hand", "choice", "7", "cards per player with 3 players", choices=("7", "10"), numeric=True
        ),
        Option("reshuffle_stock", "bool", False, "shuffle the discard pile when it becomes the new stock"),
        Option("target_score", "int", 500, "game ends when a total reaches this", minimum=1, maximum=100000),
    )
    #: the search tests play random hands to their end (a random player seldom goes rummy: up to
    #: 40 renewals of the stock): two players and one pack keep them affordable
    search_configs = ((2, {}),)
    meld_rules = WILDCARD_RULES
    wild = True
    ace_mode = ACE_HIGH_LOW
    zero_verb = "rummy"
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
        out: dict[str, tuple[Any, str]] = {}
        n = self.players
        if n <= 3 or n == 7:
            used = packs_for(n, 1)
            out["packs"] = (used, f"the packs are chosen with 4 to 6 players only; with {n} players it is {used}")
        if n != 3:
            out["three_player_hand"] = (7, "the hand size is chosen with 3 players only")
        return out

    def deck(self) -> list[Card]:
        """§2: one or two packs of 52 with 2 jokers each (54 or 108 cards)."""
        return full52(self.packs, jokers=2 * self.packs)

    def new_sheet(self) -> HandScoresSheet:
        """The §8 sheet: hand scores, a totals row, the target in the header."""
        return HandScoresSheet(self.players, target_score=self.options["target_score"], mark_rummy=False)

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: HandScoresSheet | None = None
    ) -> "WildcardRummyState":
        """A shuffled deal (§3): one card at a time from voorhand, then the upcard; the dealer
        and the totals from ``standing`` (or ``sheet=``; neither: seat 0 deals a fresh match)."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(self.deck(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, self.dealt, (dealer + 1) % n)
        st = WildcardRummyState._fresh(
            self, dealer, hands, list(reversed(rest[1:])), [rest[0]], [], (dealer + 1) % n, standing
        )
        st.seed = seed
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: HandScoresSheet | None = None
    ) -> "WildcardRummyState":
        """An exact position from a record ``deal`` (docs/records.md: ``dealer``, ``hands``,
        ``stock`` top card first, ``discard`` bottom to top; mid-hand ``to_act``; no ``melds``);
        DealError if invalid."""
        if isinstance(deal, dict) and deal.get("melds"):
            raise DealError("melds: Wildcard Rummy puts no melds on the table")
        return self.parse_deal(deal, WildcardRummyState, standing, sheet)

    def check_deal_cards(self, hands: list[list[Card]], stock: list[Card], pile: list[Card], melds: list[Meld]) -> None:
        """The deal's cards are exactly ``deck()`` as a multiset (two packs repeat every card)."""
        have = Counter(c for h in hands for c in h)
        have.update(stock)
        have.update(pile)
        want = Counter(self.deck())
        if have != want:
            extra = sorted((have - want).elements())
            missing = sorted((want - have).elements())
            parts = ([f"too many {cards_text(extra)}"] if extra else []) + (
                [f"missing {cards_text(missing)}"] if missing else []
            )
            raise DealError(f"the deal must hold the {len(want)} cards of {self.packs} pack(s): {'; '.join(parts)}")

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


class WildcardRummyState(KnownCards, KnockHand):
    """One hand of Wildcard Rummy: the knock-rummy hand (``KnockHand``) without the knock, with
    the knowledge of two packs (``KnownCards``), the bare ``rummy`` and the §7 showdown."""

    __slots__ = ("known",)
    game: WildcardRummy
    VERBS = WILDCARD_VERBS

    @classmethod
    def _fresh(cls, *args: Any, **kwargs: Any):
        st = super()._fresh(*args, **kwargs)
        st.known = [[] for _ in range(st.n)]
        return st

    def clone(self):
        new = super().clone()
        new.known = [k[:] for k in self.known]
        return new

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

    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.seat
        if v == "draw":
            super()._apply(action)
            if self.phase == PLAY and (action.arg == "discard" or self.stock_known):
                # taken from the pile, or drawn from a stock turned over unshuffled: known to all
                self.known[seat].append(self.hands[seat][-1])
            return
        if v == "rummy" and not action.cards:
            self.ender, self.end_verb, self.end_card = seat, "rummy", None
            self.phase = OVER
            self.winner = None
            self.events = [self.events, ("rummy", seat, None), None]
            self._show_hands()
            return
        if action.cards:
            self._forget(seat, action.cards[0])
        super()._apply(action)

    def _show_hands(self) -> None:
        """The showdown: every hand is shown (known to every seat from now on)."""
        super()._show_hands()
        self.known = [list(h) for h in self.hands]

    def explain(self, action: Action) -> str:
        a = action
        if a.verb == "rummy" and not a.cards and self.phase == PLAY:
            d = self.game.brandhout(self.hands[self.seat])
            return f"{a.text()}: not all your cards fit in melds (brandhout {d})"
        return super().explain(action)

    # -- words --
    def _log_event(self, ev: tuple) -> LogEvent:
        if ev[0] == "rummy" and ev[2] is None:
            return LogEvent("rummy", "{^0} {0:goes|go} rummy with every card, without a discard.", (ev[1],))
        return super()._log_event(ev)

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
