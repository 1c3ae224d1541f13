"""Amerikaans Jokeren, 2 to 4 players (cardtable/rules/amerikaans-jokeren.md): Jokeren with
six fixed hands, each with its own contract for coming out (§5.2: a set, a run, 40 points,
a run of 4, a run of 5, out in one go); lowest total wins.

The drift-rummy hand with jokers (``families/wild_drift.py``) whose players come out by a
contract (``families/contract_open.py``: the search for the opens that meet one). This module
holds the upcard round before normal play (§4.1: phase ``upcard``), the contracts (``CONTRACTS``
in the sheet's words, ``CONTRACT_TEXT``, ``CONTRACT_RULES`` as the search reads them) and the
compound ``open`` that meets one (``Compound`` in its grammar; an ``open`` given as its cards
alone is read by ``normalize``), when an open may be checked on its own (``_open_time``), why
one is refused (``_open_reason``), the going-out exception of §5.2.4, the penalty scoring with
its jokers, its sheet (``sheets/contract.py``'s ``ContractSheet`` with these contracts: six
rows) and the observation's added ``extra`` keys (``AmerikaansState.observation``). The
record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Sequence

from cardtable.cards import JOKER, Card, card_text, cards_text, full52, is_joker, plain, sort_hand
from cardtable.engine.actions import Action, LazyActions
from cardtable.engine.game import DealError, Option, Result, State
from cardtable.engine.grammar import Compound, Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import DISCARD, NONE, Fact, LogEvent, Summary, VerbSpec, phrase
from cardtable.families.contract_open import Contract, ContractHand, ContractRummy
from cardtable.families.drift import DRAW, MAX_TURNOVERS, OVER, PLAY
from cardtable.families.melds import SET_CARD, SET_RANK, MeldRules, check_meld, meld_points, meld_uses
from cardtable.families.rummy import ACE_HIGH_LOW, RUN, SET, Meld, points_table
from cardtable.families.summaries import score_fact
from cardtable.families.wild_drift import WILD_VERBS, WildDriftRummy
from cardtable.games.jokeren import Jokeren
from cardtable.sheets.contract import ContractSheet

#: §5.2: the contract of hand h, in the sheet's words (§8) and in a sentence
CONTRACTS = {1: "set ≥ 3", 2: "run ≥ 3", 3: "40 points", 4: "run ≥ 4", 5: "run ≥ 5", 6: "in one go"}
CONTRACT_TEXT = {
    1: "a set of at least 3 cards",
    2: "a run of at least 3 cards",
    3: "melds worth at least 40 points",
    4: "a run of at least 4 cards",
    5: "a run of at least 5 cards",
    6: "going out in one turn",
}
HANDS = 6
#: §5.2: the contract of hand h as the open search reads it (families/contract_open.py);
#: ruling 18: going out at once is searched for hands of at most ``SEARCH_LIMIT`` cards
CONTRACT_RULES = {
    1: Contract(kind=SET),
    2: Contract(kind=RUN),
    3: Contract(points=40),
    4: Contract(kind=RUN, min_len=4),
    5: Contract(kind=RUN, min_len=5),
    6: Contract(going_out=True),
}

UP_ASK, UP_GIVE = 1, 2  # the upcard round: a seat may take it / must give a card back

PASS = Action("pass")
OPEN_SPEC = VerbSpec(
    "open", "Open (come out)", "c", "select the whole opening, c comes out (uitkomen)", "cards", min_cards=3
)
PASS_SPEC = VerbSpec("pass", "Pass", "p", "p leaves the upcard", NONE)
#: the upcard round's ``draw discard``: the family's spec says "d draws from the stock", which
#: is not on offer then (found at 80x24)
UPCARD_TAKE_SPEC = VerbSpec(
    "draw", "Take upcard", "t", "t takes the upcard (then give a card back)", NONE, arg="discard", zone=DISCARD
)
AJ_VERBS = WILD_VERBS + (OPEN_SPEC, PASS_SPEC)


@register
class AmerikaansJokeren(ContractRummy):
    """Amerikaans Jokeren for 2 to 4 players (amerikaans-jokeren.md). Options as §9."""

    id = "amerikaans-jokeren"
    name = "Amerikaans Jokeren"
    grammar = Grammar(
        {
            "pass": "",
            "draw": ("stock", "discard"),
            "open": Compound({"meld": "<cards>", "layoff": "<card> to <n> [low|high]"}),
            "meld": "<cards>",
            "layoff": "<card> to <n> [low|high]",
            "swap": "<card> in <n>",
            "discard": "<card>",
        },
        wild=("meld", "open", "layoff"),
        rank_only=True,
    )
    bad_texts = (
        ("open 5C 6C 7C, knock 9D", "'knock'"),
        ("draw deck", "'deck'"),
        ("layoff 8C in 3", "'in'"),
        ("swap 6S to 2", "'to'"),
        ("discard JK=8C", "JK=8C"),
        ("meld 5C#1 6C 7C", "5C#1"),
        ("knock 9D", "'knock'"),
        ("pass 3", "'3'"),
    )
    search_configs = ((2, {}), (3, {"hand_size": "7"}))
    #: the shared table tests that play whole hands by keys (tests/tui/test_hotseat.py): the
    #: 7-card hands of §9, about half as many moves, each a redraw of the table
    table_test_options = {"hand_size": "7"}
    min_players = 2
    max_players = 4
    deck_name = "108 (2 packs + 4 jokers)"
    description = (
        "Six hands, six contracts to come out with (a set, a run, 40 points, runs of 4 and 5, "
        "out in one go); then meld, lay off and swap jokers freely. Lowest total wins."
    )
    #: §9: Jokeren's options (the same seed text), ``no_joker_in_opening`` for its first meld
    option_specs = tuple(
        Option("no_joker_in_opening", "bool", False, "no joker in the melds of coming out")
        if o.name == "no_joker_in_first_meld"
        else o
        for o in Jokeren.option_specs
        if o.name not in ("first_meld_40", "packs", "deals_per_player")
    )

    no_meld_limit = True
    layoff_requires_meld = True
    swap_requires_meld = True
    last_card = True
    first_round_no_out = True
    ace_mode = ACE_HIGH_LOW

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        o = self.options
        self.dealt = int(o["hand_size"])
        self.reshuffle = bool(o["reshuffle"])
        self.swap_follow = not o["joker_to_hand"]
        self.no_joker_in_open = bool(o["no_joker_in_opening"])
        self.rules = MeldRules(
            ace_mode=ACE_HIGH_LOW,
            packs=1,
            max_set=4,
            min_natural=1,
            set_jokers=SET_CARD if o["joker_set_fixed"] else SET_RANK,
        )
        #: §2 penalty points by card int (a joker 25; 10 for a holder not come out: ``result``)
        self.points: list[int] = points_table(ace=11, joker=25)

    def deck(self) -> list[Card]:
        return full52(2, jokers=4)

    def new_sheet(self) -> ContractSheet:
        return ContractSheet(self.players, CONTRACTS)

    deal_keys = WildDriftRummy.deal_keys | {"hand_no", "turn"}

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: ContractSheet | None = None
    ) -> "AmerikaansState":
        """A shuffled deal (§3): one card at a time from voorhand, the upcard, the upcard round."""
        standing = self.standing_of(standing, sheet)
        st = self.shuffled_deal(AmerikaansState, seed, standing)
        st._begin(min(HANDS, standing.hands + 1), True, 0)
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: ContractSheet | None = None
    ) -> "AmerikaansState":
        """An exact position from a record ``deal`` (docs/records.md: Basis Rummy's keys,
        ``hand_no`` (1-6, the contract; default the hand's number in the match) and, in a
        position, ``turn``); a fresh deal starts with the upcard round, a position at the
        draw of ``to_act``, and a seat owning a table meld has come out. DealError if
        invalid."""
        standing = self.standing_of(standing, sheet)
        st = self.parse_deal(deal, AmerikaansState, standing)
        h = deal.get("hand_no", min(HANDS, standing.hands + 1))
        if not isinstance(h, int) or isinstance(h, bool) or not 1 <= h <= HANDS:
            raise DealError(f"hand_no must be a hand 1..{HANDS} (its contract), not {h!r}")
        position = "melds" in deal or "to_act" in deal
        t = deal.get("turn", 0)
        if not isinstance(t, int) or isinstance(t, bool) or t < 0:
            raise DealError(f"turn must be a turn number 0, 1, 2 ..., not {t!r}")
        if "turn" in deal and not position:
            raise DealError("turn belongs to a position (with melds or to_act); a fresh deal starts at turn 0")
        st._begin(h, not position, t)
        return st

    def grammar_positions(self) -> list[State]:
        """Positions where the rarest form of the grammar is offered (tests/test_grammar.py):
        going out at once with an ace laid off at either end of a run 2..K (``open 4H 5H 6H,
        layoff AS to 1 low``), hand 2, turn 5. Random play seldom meets it."""
        from cardtable.cards import parse_cards

        n = self.players
        hands = [["4H", "5H", "6H", "AS"]] + [["2C", "3C", "9C"] for _ in range(n - 1)]
        run = [r + "S" for r in "23456789TJQK"]
        used = Counter(c for h in hands for c in parse_cards(h))
        used.update(parse_cards(run + ["9D", "KD"]))
        rest = [card_text(c) for c in sorted((Counter(self.deck()) - used).elements())]
        deal = {
            "dealer": n - 1,
            "hands": hands,
            "stock": ["9D"] + rest,
            "discard": ["KD"],
            "melds": [{"owner": 1, "cards": run}],
            "to_act": 0,
            "hand_no": 2,
            "turn": 5,
        }
        return [self.from_deal(deal).apply(Action("draw", "stock"))]

    def check_deal_cards(self, hands, stock, pile, melds) -> None:
        """``parse_deal``: the deal's cards are exactly the 108, as a multiset."""
        self.check_deck_multiset(hands, stock, pile, melds, "the 108 cards of two packs with 4 jokers")

    def position_hand_error(self, seat: int, hand: list[Card]) -> str | None:
        return None if hand else f"hand of seat {seat}: empty; in a position every hand holds a card"

    def check_result(self, result: Result, state: "AmerikaansState") -> list[str]:
        """§7: the winner holds no cards and scores 0; each other seat his penalty points (a joker
        25 or 10 by his having come out); a void hand scores nothing; the melds are valid."""
        p = result.points
        out = []
        if result.outcome == "void":
            if any(p) or result.winners:
                out.append(f"a void hand scores nothing: {p}")
        elif result.outcome != "out":
            return [f"outcome {result.outcome!r} is not out or void"]
        else:
            (w,) = result.winners
            if p[w] != 0 or state.hands[w]:
                out.append("the winner scores 0 and holds no cards")
            for s, _h in enumerate(state.hands):
                if s != w and p[s] != state.penalty(s):
                    out.append(f"seat {s} scores {p[s]}, not his cards' {state.penalty(s)}")
        return out + self.table_meld_problems(state.melds)


class AmerikaansState(ContractHand):
    """One hand of Amerikaans Jokeren: the upcard round, the contract, the open, the §7 score."""

    game: AmerikaansJokeren

    __slots__ = ("hand_no", "up", "up_passes", "to_use")
    VERBS = AJ_VERBS

    def _begin(self, hand_no: int, upcard_round: bool, turn: int) -> None:
        self.hand_no = hand_no
        self.up = UP_ASK if upcard_round else 0
        self.up_passes = 0
        self.takes: tuple[Card, ...] = ()
        self.draws = 0
        self.to_use: tuple[Card, ...] = ()
        self.turn = turn
        self.was_on = bool(self.owners >> self.seat & 1)

    def clone(self):
        new = super().clone()
        new.hand_no = self.hand_no
        new.up = self.up
        new.up_passes = self.up_passes
        new.to_use = self.to_use
        return new

    # -- the contract --
    def contract(self) -> Contract:
        """§5.2: the contract of this hand (``CONTRACT_RULES`` by ``hand_no``)."""
        return CONTRACT_RULES[self.hand_no]

    def penalty(self, seat: int) -> int:
        """§7.2: the penalty points of ``seat``'s hand (a joker 25 if he has come out, else 10)."""
        pts = self.game.points
        jk = 25 if self.came_out(seat) else 10
        return sum(jk if is_joker(c) else pts[c] for c in self.hands[seat])

    # -- legality --
    def _keeps(
        self,
        hand: Sequence[Card],
        used: Sequence[Card],
        gained: Card | None = None,
        forb: tuple[Card, ...] | None = None,
    ) -> bool:
        """§5.6.5 after ``used`` leave ``hand`` (``gained`` joining it): a card is left that may be
        discarded (not a copy of a card taken from the pile this turn: ``forb``, default
        ``takes``), two if ``t < n - 1``."""
        rem = len(hand) - len(used) + (gained is not None)
        if rem < (2 if self.turn < self.n - 1 else 1):
            return False
        forb = self.takes if forb is None else forb
        if not forb:
            return True
        left = sum(1 for c in hand if c in forb) - sum(1 for c in used if c in forb) + (gained in forb)
        return rem - left > 0

    def _may_take(self) -> bool:
        """``draw discard`` in normal play: not when only copies of forbidden cards would be left
        to discard; with ``discard_take_must_use`` only if the card can go down this turn."""
        top = self.pile[-1]
        hand = self.hands[self.seat]
        forb = self.takes + (top,)
        if all(c in forb for c in hand):
            return False
        if not self.game.options["discard_take_must_use"]:
            return True
        trial = self.clone()
        trial.hands[trial.seat] = hand + [top]
        trial.takes = forb
        trial.to_use = self.to_use + (top,)
        trial.phase = PLAY
        trial._cache = None
        return bool(trial._using_must(trial._down_actions()))

    def _legal(self) -> list[Action]:
        if self._cache is not None:
            return self._cache
        hand = self.hands[self.seat]
        if self.up == UP_ASK:
            top = self.pile[-1]
            out = [PASS] + ([Action("draw", "discard")] if any(c != top for c in hand) else [])
        elif self.up == UP_GIVE:
            top = self.takes[0]
            out = [Action("discard", None, (c,)) for c in dict.fromkeys(hand) if c != top]
        elif self.phase == DRAW:
            out = []
            if self.stock or len(self.pile) > 1:
                out.append(Action("draw", "stock"))
            if self.pile and self._may_take():
                out.append(Action("draw", "discard"))
            if not out:  # §5.7: nothing may be drawn: the draw ends the hand void
                out.append(Action("draw", "stock"))
        else:
            out = self._down_actions()
            if self.forced:
                self._cache = out
                return out
            if self.to_use and self._musts_left():
                use = self._using_must(out)
                if use:
                    self._cache = use
                    return use
                out = []
            else:
                out = list(out)
            out += self._discards()
        self._cache = out
        return out

    def _musts_left(self) -> bool:
        hand = self.hands[self.seat]
        return any(c in hand for c in self.to_use)

    def _using_must(self, acts: list[Action]) -> list[Action]:
        """The play actions that put down a card still to be used (``discard_take_must_use``)."""
        want = set(c for c in self.to_use if c in self.hands[self.seat])
        out = []
        for a in acts:
            cards = [c for p in a.parts for c in p.cards] if a.verb == "open" else list(a.cards)
            if a.verb != "swap" and any(plain(c) in want or (is_joker(c) and JOKER in want) for c in cards):
                out.append(a)
        return out

    def _down_actions(self) -> list[Action]:
        seat = self.seat
        if not self.came_out(seat):
            return self._opens()
        if not self.was_on:  # came out this turn: only the discard (§5.2.3, 5)
            return []
        return super()._down_actions()

    def _open_time(self) -> bool:
        """Whether the seat to act may come out now and nothing else narrows the list (not the
        upcard round, no card taken under ``discard_take_must_use`` still to be put down): then an ``open`` is
        checked on its own (``_open_ok``) rather than looked up in the whole list."""
        return (
            self.phase == PLAY
            and not self.up
            and self.to_act is not None
            and not self.came_out(self.seat)
            and not self.forced
            and not (self.to_use and self._musts_left())
        )

    def is_legal(self, action: Action) -> bool:
        """As ``legal_actions()`` says; an ``open`` out of turn, by a player who has come out, or
        with cards the hand has not is refused without listing every opening (there can be
        thousands)."""
        if action.verb == "open" and not self.over:
            if self.up or self.phase != PLAY or self.came_out(self.seat):
                return False
            cards = [c for p in action.parts for c in p.cards] if action.parts else list(action.cards)
            if Counter(JOKER if is_joker(c) else c for c in cards) - Counter(self.hands[self.seat]):
                return False
            if self._open_time() and self._cache is None:
                return self._open_ok(self.normalize(action))
        return super().is_legal(action)

    def normalize(self, action: Action) -> Action:
        """The canonical form. An ``open`` given by its cards alone (cards and no parts, or one
        meld part that is no meld) is read as the legal opening of exactly those cards: the
        cards as one meld if that is legal, else the first opening ``_opens_of`` finds (the
        table instead lists them all and lets the player choose, key ``c``)."""
        if action.verb != "open":
            return super().normalize(action)
        g = self.game
        parts = action.parts
        cards: list[Card] = list(action.cards)
        melds, lays, loose = [], [], bool(cards) and not parts
        for p in parts:
            if p.verb == "meld":
                cl = g.classify(p.cards)
                if cl is None:
                    loose = True
                    cards += p.cards
                else:
                    melds.append(cl)
            elif p.verb == "layoff":
                lays.append(p)
        if loose:
            if parts and (melds or lays):
                return action
            want = Counter(JOKER if is_joker(c) else plain(c) for c in cards)
            if self.phase == PLAY and not self.up and self.to_act is not None:
                whole = g.classify(cards)
                if whole is not None and self.is_legal(self._canon_open([whole], [])):
                    return self._canon_open([whole], [])
                if self._open_time():
                    found = self._opens_of(list(want.elements()))
                    if found:
                        return found[0]
                    return action
                for a in self._legal():
                    if (
                        a.verb == "open"
                        and Counter(JOKER if is_joker(c) else plain(c) for p in a.parts for c in p.cards) == want
                    ):
                        return a
            return action
        return self._canon_open(melds, lays)

    # -- play --
    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.seat
        hand = self.hands[seat]
        if self.up == UP_ASK:
            if v == "pass":
                self.events = [self.events, ("pass", seat), None]
                self.up_passes += 1
                if self.up_passes >= self.n:
                    self._end_upcard()
                else:
                    self.seat = (seat + 1) % self.n
                    self._cache = None
            else:
                c = self.pile.pop()
                hand.append(c)
                self.known[seat].append(c)
                self.takes = (c,)
                self.up = UP_GIVE
                self.events = [self.events, ("take", seat, c), None]
            self._cache = None
            return
        if self.up == UP_GIVE:
            c = action.cards[0]
            hand.remove(c)
            self._forget(seat, c)
            self.pile.append(c)
            self.events = [self.events, ("give", seat, c), None]
            self._end_upcard()
            return
        if v == "draw":
            if action.arg == "stock" and not self.stock:
                if len(self.pile) <= 1 or self.turnovers >= MAX_TURNOVERS or self._stuck():
                    self._end_void()
                    return
                self._turn_over(keep_top=True)  # §5.7: the top discard stays
            took = self.pile[-1] if action.arg == "discard" else None
            super()._apply(action)
            # the family's draw counts ``draws`` and adds a card from the pile to ``takes``
            if took is not None and self.game.options["discard_take_must_use"]:
                self.to_use += (took,)
            if self.game.options["draw_two"] and self.draws < 2:
                self.phase = DRAW
            self._cache = None
            return
        if v == "open":
            self._open(action)
            return
        super()._apply(action)
        self._cache = None

    def _open(self, action: Action) -> None:
        seat = self.seat
        hand = self.hands[seat]
        g = self.game
        self.owners |= 1 << seat
        self.melded = True
        self.events = [self.events, ("open", seat, self.hand_no), None]
        for p in action.parts:
            if p.verb == "meld":
                for c in meld_uses(p.cards):
                    hand.remove(c)
                    self._forget(seat, c)
                self.melds.append(Meld(seat, g.kind_of(p.cards), tuple(p.cards)))
                self.events = [self.events, ("meld", seat, p.cards, len(self.melds)), None]
            else:
                c = p.cards[0]
                assert p.target is not None, "a layoff part names its meld"
                m = self.melds[p.target - 1]
                self.melds[p.target - 1] = g.lay_off_on(m, c, p.end or g.ends(c, m)[0])
                u = JOKER if is_joker(c) else c
                hand.remove(u)
                self._forget(seat, u)
                self.events = [self.events, ("layoff", seat, c, p.target, p.end), None]
        self._cache = None

    def _end_upcard(self) -> None:
        """§4.1: the round is over; voorhand takes the first normal turn (t = 0)."""
        self.up = 0
        self.takes = ()
        self.seat = (self.dealer + 1) % self.n
        self.phase = DRAW
        self.taken = None
        self.start_size = len(self.hands[self.seat])
        self.was_on = False
        self._cache = None

    def _discard(self, c: Card) -> None:
        self.takes = ()
        self.draws = 0
        self.to_use = ()
        super()._discard(c)
        self._cache = None

    def playout(self, rng) -> tuple[float, ...]:
        """Random play to the end by ``rollout_actions`` (the generic playout: the upcard round
        and the open are this game's)."""
        randbelow = getattr(rng, "_randbelow", rng.randrange)
        while self.phase != OVER:
            self._cache = None
            acts = self.rollout_actions()
            n = len(acts)
            self._apply(acts[0] if n == 1 else acts[randbelow(n)])
        self._cache = None
        return self.returns()

    def _discard_choices(self) -> list[Card]:
        return list(dict.fromkeys(c for c in self.hands[self.seat] if c not in self.takes))

    def returns_scale(self) -> float:
        return 100.0

    def returns(self) -> tuple[float, ...]:
        """Once over: each seat's gain = the others' mean penalty minus its own, over 100."""
        res = self.result()
        if res is None:
            return tuple(0.0 for _ in range(self.n))
        p = res.points
        n = self.n
        tot = sum(p)
        return tuple(((tot - p[s]) / (n - 1) - p[s]) / 100.0 for s in range(n))

    # -- result (the family's DriftHand.result with this game's keys) --
    def result_keys(self) -> dict[str, Any]:
        """§7: ``hand_points`` (the winner 0, the others their penalty points; in a void hand
        every seat's, none written), ``came_out``, ``hand_no``, ``contract``."""
        n = self.n
        return {
            "hand_points": [0 if (not self.void and s == self.winner) else self.penalty(s) for s in range(n)],
            "came_out": [self.came_out(s) for s in range(n)],
            "hand_no": self.hand_no,
            "contract": CONTRACTS[self.hand_no],
        }

    def out_points(self, detail: dict[str, Any]) -> list[int]:
        return list(detail["hand_points"])

    def hand_summary(self, res: Result) -> Summary:
        return self._summary(res)

    def _summary(self, res: Result) -> Summary:
        g = self.game
        if self.void:
            head = phrase("A void hand: nothing is written", kind="outcome")
        else:
            assert self.winner is not None, "an out hand has a winner"
            head = phrase("{0} went out", (self.winner,), kind="outcome")
        facts = [
            Fact("Contract", phrase(f"hand {self.hand_no}: {CONTRACT_TEXT[self.hand_no]}", kind="contract")),
            score_fact("penalty points", None, res.points, (), res.winners),
        ]
        left = [(s, sort_hand(h)) for s, h in enumerate(self.hands) if h]
        if left and not self.void:
            facts.append(Fact("Cards left in hand (points)", phrase("", kind="cards_left")))
            for s, cards in left:
                jk = 25 if self.came_out(s) else 10
                each = ", ".join(f"{{c{i}}} {jk if is_joker(c) else g.points[c]}" for i, c in enumerate(cards))
                facts.append(
                    Fact(
                        "",
                        phrase(f"  {{0}}: {each}  = {res.points[s]}", (s,), cards, (res.points[s],), kind="cards_left"),
                    )
                )
        return Summary(head, tuple(facts))

    # -- explanations --
    def explain(self, action: Action) -> str:
        a = action
        g = self.game
        text = a.text()
        who = g.seat_name(self.seat) if self.to_act is not None else ""
        if self.phase == OVER:
            return f"{text}: the hand is over"
        if self.up == UP_ASK:
            if a.verb == "draw" and a.arg == "discard":
                return f"{text}: {who} holds only copies of the upcard and could give no other card back"
            return f"{text}: in the upcard round {who} says 'pass' or 'draw discard' (takes the upcard)"
        if self.up == UP_GIVE:
            if a.verb == "discard" and len(a.cards) == 1 and a.cards[0] == self.takes[0]:
                return f"{text}: give back a card other than {card_text(a.cards[0])} (or a copy of it)"
            return f"{text}: {who} took the upcard and now puts another card in its place: 'discard <card>'"
        if a.verb == "pass":
            return f"{text}: 'pass' is only for the upcard round"
        if self.phase == DRAW and a.verb in ("open", "swap"):
            return f"{text}: first draw a card: 'draw stock' or 'draw discard'"
        if self.phase == DRAW and a.verb == "draw" and a.arg == "discard" and self.pile:
            if g.options["discard_take_must_use"]:
                return (
                    f"{text}: with discard_take_must_use the top discard is taken only when it can go on "
                    f"the table this turn"
                )
        if self.phase == PLAY and a.verb == "discard" and a.cards and a.cards[0] in self.takes:
            return (
                f"{text}: {card_text(a.cards[0])} was taken from the discard pile this turn; neither it "
                f"nor an identical card may be discarded in the same turn"
            )
        if (
            self.phase == PLAY
            and self.to_use
            and self._musts_left()
            and a.verb in ("discard", "meld", "layoff", "swap", "open")
        ):
            return (
                f"{text}: the card taken from the discard pile ({cards_text(self.to_use)}) must first go on "
                f"the table (discard_take_must_use)"
            )
        if self.phase == PLAY and not self.forced:
            if a.verb in ("meld", "layoff", "swap") and not self.came_out(self.seat):
                return (
                    f"{text}: {who} has not come out yet; first 'open' with the contract of hand "
                    f"{self.hand_no}: {CONTRACT_TEXT[self.hand_no]}"
                )
            if a.verb in ("meld", "layoff", "swap", "open") and self.came_out(self.seat) and not self.was_on:
                return (
                    f"{text}: {who} came out this turn; melds, lay-offs and joker swaps start next turn (now discard)"
                )
            if a.verb == "open":
                if self.came_out(self.seat):
                    return f"{text}: {who} has already come out in this hand; meld and lay off instead"
                return f"{text}: {self._open_reason(a)}"
        return super().explain(a)

    def _open_reason(self, a: Action) -> str:
        """Why an ``open`` is not legal (its player has not come out; it is his play phase)."""
        g = self.game
        h = self.hand_no
        hand = Counter(self.hands[self.seat])
        uses = Counter(
            JOKER if is_joker(c) else plain(c) for c in ([c for p in a.parts for c in p.cards] if a.parts else a.cards)
        )
        short = [c for c, k in uses.items() if hand[c] < k]
        if short:
            return f"{g.seat_name(self.seat)} does not hold {cards_text(short)}" + (
                " that often" if any(hand[c] for c in short) else ""
            )
        if not a.parts and a.cards:  # cards alone (selected at the table) that make no opening
            return f"these cards make no opening now: hand {h} asks for {CONTRACT_TEXT[h]}" + (
                " (one meld only, unless going out at once)"
                if h in (1, 2, 4, 5)
                else " (melds only, unless going out at once)"
                if h == 3
                else ""
            )
        melds = []
        lays = [p for p in a.parts if p.verb == "layoff"]
        for p in a.parts:
            if p.verb == "meld":
                got = check_meld(p.cards, g.rules)
                if isinstance(got, str):
                    return f"{cards_text(p.cards)}: {got}"
                melds.append(got)
        if not melds:
            return "an opening holds at least one meld"
        if g.options["no_joker_in_opening"] and any(is_joker(x) for _k, cs in melds for x in cs):
            return "with no_joker_in_opening the melds of coming out may not hold a joker"
        rem = sum(self.hands[self.seat].__len__() for _ in [0]) - sum(uses.values())
        going_out = rem == 1
        if not self._contract_ok(melds):
            return f"the contract of hand {h} is {CONTRACT_TEXT[h]}" + (
                f" (these melds are worth {sum(meld_points(k, c, g.points) for k, c in melds)})" if h == 3 else ""
            )
        if rem == 0:
            return "an opening may not empty the hand: the last card is discarded to go out"
        if going_out and self.turn < self.n - 1:
            return "nobody may go out before every player has had a turn"
        if going_out:
            left = hand - uses
            if any(c in self.takes for c in left):
                return "the card left would be the one taken from the discard pile, which may not be discarded"
            return "the lay-offs do not fit the melds on the table in this order"
        if h == 6:
            return "in hand 6 a player comes out only by going out in one go: every card in hand but the discard"
        if lays:
            return "lay-offs in the turn of coming out only when going out at once"
        if h != 3 and len(melds) > 1:
            return f"only the contract ({CONTRACT_TEXT[h]}): one meld when coming out, unless going out at once"
        if self.turn < self.n - 1 and rem < 2:
            return "in the first round at least two cards stay in hand until the discard"
        return "afterwards no card could be discarded (a card taken from the discard pile may not be)"

    # -- views --
    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = (
            f"hand {self.hand_no}/6: {CONTRACT_TEXT[self.hand_no]} · stock {len(self.stock)} · discard {top}"
            f" · melds {len(self.melds)}"
        )
        if self.phase == OVER:
            return self._status_line(tail, "nothing is written", "")
        who = g.seat_name(self.seat).capitalize()
        if self.up == UP_ASK:
            return f"{who}: take the upcard or pass · {tail}"
        if self.up == UP_GIVE:
            return f"{who}: put a card in the upcard's place · {tail}"
        if self.phase == DRAW:
            step = "draw"
        elif self.forced:
            step = "put the joker in a new meld"
        elif not self.came_out(self.seat):
            step = "open with the contract or discard"
        elif not self.was_on:
            step = "discard"
        else:
            step = "meld, lay off, swap or discard"
        return self._status_line(tail, "", step)

    def _log_event(self, ev: tuple) -> LogEvent:
        k = ev[0]
        if k == "pass":
            return LogEvent(k, "{^0} {0:leaves|leave} the upcard.", (ev[1],))
        if k == "give":
            return LogEvent(k, "{^0} {0:puts|put} {c0} in its place.", (ev[1],), (ev[2],))
        if k == "open":
            return LogEvent(k, f"{{^0}} {{0:comes|come}} out ({CONTRACT_TEXT[ev[2]]}).", (ev[1],), (), (ev[2],))
        return super()._log_event(ev)

    def _zones(self, seat: int, view, melds, selectable):
        out = list(super()._zones(seat, view, melds, selectable))
        cap = f"hand {self.hand_no}/6 · contract: {CONTRACT_TEXT[self.hand_no]}"
        res = []
        for z in out:
            if z.kind == "melds":
                z = z._replace(caption=cap)
            res.append(z)
        return tuple(res)

    def _picks(self, legal) -> set[Card]:
        """The cards the seat may pick: those of its melds, lay-offs, swaps and discards, and
        while an ``open`` is legal every card of the hand (the one taken from the pile too: it
        may go into the open). The same whether the opens are listed or not."""
        lazy = isinstance(legal, LazyActions)
        out = super()._picks(legal.eager if lazy else legal)
        if lazy or any(a.verb == "open" for a in legal):
            out.update(JOKER if is_joker(c) else c for c in self.hands[self.seat])
        return out

    def observation(self, seat: int):
        """The drift hand's observation (``DriftHand.observation``) with ``phase`` ``upcard``
        during the upcard round, ``taken_from_discard`` a list (the cards taken this turn),
        and in ``extra``: ``hand_no``, ``contract``, ``contract_text`` (the hand's contract,
        also in the status line and the meld zone's caption), ``upcard_round`` (bool),
        ``came_out_this_turn``."""
        obs = super().observation(seat)
        e = obs.extra
        e["hand_no"] = self.hand_no
        e["contract"] = CONTRACTS[self.hand_no]
        e["contract_text"] = CONTRACT_TEXT[self.hand_no]
        e["upcard_round"] = bool(self.up)
        e["came_out_this_turn"] = self.came_out(self.seat) and not self.was_on and self.phase != OVER
        e["taken_from_discard"] = list(self.takes)
        if self.up:
            obs = dataclasses.replace(
                obs,
                phase="upcard",
                verbs=tuple(UPCARD_TAKE_SPEC if s.verb == "draw" and s.arg == "discard" else s for s in obs.verbs),
            )
        return obs

    def _position_deal(self) -> dict[str, Any]:
        d = super()._position_deal()
        d["hand_no"] = self.hand_no
        d["turn"] = self.turn
        return d


__all__ = ["AmerikaansJokeren", "AmerikaansState", "CONTRACTS", "CONTRACT_TEXT", "ContractSheet"]
