"""Boathouse Rummy, 2 to 7 players (cardtable/rules/boathouse-rummy.md): a rummy that goes out all
at once, with one or two packs and jokers, runs round the corner (``Q K A 2``), and a draw of two
cards whenever the first is the top discard, so hands grow.

The knock-rummy hand (``families/knock.py``: a closed hand, draw then discard or ``rummy``, no
melds on the table; the grammar, the deal and the deal's check of the going-out rummies:
``GoingOutRummy``) with the knowledge of two packs and the bare ``rummy`` (``KnownKnockHand``) and
the deal sizes and packs of Basis rummy of the same seed (``basis_rummy.DEAL_SIZES``, ``packs_for``). This module holds
what is its own: the second draw after ``draw discard`` (§5.1: another ``draw stock`` or ``draw
discard``; ``second``), the discard barred by the **last** card taken from the pile (§5.2: the
hand's ``taken``), the stock re-formed only when a draw asks for it, the whole pile turned over
(§5.4), going out with (``rummy c``) or without (``rummy``) a discard by the solver's cover search
(``Deadwood.all_melded``, ``melded_after_discards``: §5.3), the scoring (§7: the winner collects
the others' card points, or ``penalty_scoring``) and the going-out summary (the winner's melds,
the cards each loser scores). Melds (§6): ``families/melds.py`` with the ``bridge`` ace mode. The
sheet: ``sheets/totals.py`` (§8, cells ``hand / total``). The record's ``deal`` and
``result.detail``: docs/records.md; the rulings: the spec's §10.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import (
    JOKER,
    Card,
    card_text,
    cards_text,
    is_joker,
    parse_cards,
    plain,
    sort_hand,
)
from cardtable.engine.actions import Action
from cardtable.engine.game import Option, Result, State
from cardtable.engine.registry import register
from cardtable.engine.views import NONE, Fact, LogEvent, Summary, VerbSpec, phrase
from cardtable.families.drift import DRAW, OVER, PLAY, DriftHand
from cardtable.families.knock import DISCARD_SPEC, RUMMY_SPEC, GoingOutRummy, KnockHand, KnownKnockHand
from cardtable.families.melds import SET_RANK, MeldRules, meld_refusal
from cardtable.families.rummy import ACE_BRIDGE, DRAW_DISCARD_SPEC, DRAW_STOCK_SPEC, points_table
from cardtable.families.summaries import score_fact
from cardtable.games.basis_rummy import DEAL_SIZES, packs_for
from cardtable.sheets.totals import TotalsSheet

#: §4: ``rummy`` without a card, a button of its own beside ``rummy <card>``
RUMMY_ALL_SPEC = VerbSpec("rummy", "Rummy, all", "a", "a lays the whole hand down, no discard", NONE)
#: the verbs of a Boathouse turn, in the table's order
BOATHOUSE_VERBS = (DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, DISCARD_SPEC, RUMMY_SPEC, RUMMY_ALL_SPEC)


@register
class BoathouseRummy(GoingOutRummy):
    """Boathouse Rummy for 2 to 7 players (boathouse-rummy.md). Options as §9."""

    id = "boathouse-rummy"
    name = "Boathouse Rummy"
    #: positions tests/test_search.py samples and plays out: (players, options); not two players,
    #: whose random hands grow to thirty cards (the search tests play many to the end)
    search_configs = ((3, {}),)  # random hands grow long with more seats and packs: the search tests stay short
    min_players = 2
    max_players = 7
    deck_name = "54 or 108 (jokers)"
    description = (
        "Go out all at once: take the top discard and you take a second card too, so hands grow; "
        "runs go round the corner; out first scores the cards left in the other hands."
    )
    option_specs = (
        Option("packs", "choice", "1", "packs for 4-6 players (2-3: always 1, 7: always 2)", choices=("1", "2")),
        Option("deal_3p", "choice", "7", "cards dealt with 3 players", choices=("7", "10")),
        Option("reshuffle", "bool", False, "shuffle the discard pile when it becomes the new stock"),
        Option("penalty_scoring", "bool", False, "each loser scores his own cards as penalty; lowest total wins"),
        Option("target_score", "int", 250, "game ends when a total reaches this", minimum=1, maximum=100000),
        Option("max_hands", "int_or_none", None, "fixed number of hands (none: no limit)", minimum=1, maximum=1000),
    )
    ace_mode = ACE_BRIDGE
    knock_limit = None
    #: §5.4: the whole discard pile becomes the stock, when a draw asks for it
    turnover_keeps_top = False
    #: ruling 12: the stock is re-formed at most this often in one hand; then the hand is void
    max_turnovers = 10

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        n = self.players
        #: §2: one pack for 2-3 players, two for 7, the option for 4-6
        self.packs = packs_for(n, int(self.options["packs"]))
        #: §3: as Basis rummy
        self.dealt = 10 if (n == 3 and self.options["deal_3p"] == "10") else DEAL_SIZES[self.packs][n]
        #: §6: sets of 3 to 4 (two packs: 8) with identical cards allowed, runs of 3 to 13 round the
        #: corner, a joker anywhere, at least one natural card per meld
        self.meld_rules = MeldRules(ace_mode=ACE_BRIDGE, packs=self.packs, max_set=4 * self.packs, set_jokers=SET_RANK)
        self.rules = self.meld_rules
        #: §2: 2-9 face value, T J Q K 10, A 11, JK 15
        self.points: list[int] = points_table(ace=11, joker=15)
        self.reshuffle = bool(self.options["reshuffle"])
        self.penalty = bool(self.options["penalty_scoring"])

    def options_not_in_force(self) -> dict[str, tuple[Any, str]]:
        """§2: the number of packs is chosen with 4 to 6 players only; ``deal_3p`` with 3."""
        out: dict[str, tuple[Any, str]] = {}
        if self.players <= 3 or self.players == 7:
            out["packs"] = (
                str(self.packs),
                f"the packs are chosen with 4 to 6 players only; with {self.players} players "
                f"Boathouse Rummy is played with {self.packs}",
            )
        return out

    def new_sheet(self) -> TotalsSheet:
        """The §8 running totals (cells ``hand / total``); with ``penalty_scoring`` the lowest
        total wins."""
        return TotalsSheet(
            self.players,
            target_score=self.options["target_score"],
            max_hands=self.options["max_hands"],
            lowest_wins=self.penalty,
            mark_rummy=False,
        )

    def hand_count(self, hand: list[Card]) -> int:
        """§7: the points of all cards in ``hand`` (§2 values)."""
        pts = self.points
        return sum(pts[plain(c)] for c in hand)

    def position_hand_error(self, seat: int, hand: list[Card]) -> str | None:
        """``parse_deal``, a position: hands grow (§4), so any number of cards from 1."""
        return None if hand else f"hand of seat {seat}: empty; in a position every hand holds a card"

    def check_result(self, result: Result, state: "BoathouseState") -> list[str]:
        """§7: the winner's cards all in melds (but the discard); each loser counts all his cards;
        the winner scores their sum and the others 0, or with ``penalty_scoring`` each loser his
        count and the winner 0; a void hand scores nothing. Problems as sentences; ``[]`` if none."""
        p, d = result.points, result.detail
        if result.outcome == "void":
            return [] if not any(p) and not result.winners else [f"a void hand scores nothing: {p}"]
        if result.outcome != "rummy":
            return [f"outcome {result.outcome!r} is not rummy or void"]
        w = d["winner"]
        out = []
        counts = [0 if s == w else self.hand_count(h) for s, h in enumerate(state.hands)]
        if d["hand_points"] != counts:
            out.append(f"hand points {d['hand_points']} are not the cards' {counts}")
        want = [0] * self.players
        if self.penalty:
            want = counts
        else:
            want[w] = sum(counts)
        if list(p) != want:
            out.append(f"points {p}, not {want}")
        melded = [c for m in d["melds"] for c in parse_cards(" ".join(m))]
        uses = sorted(JOKER if is_joker(c) else plain(c) for c in melded)
        if uses != sorted(state.hands[w]):
            out.append(f"the winner's melds {d['melds']} are not his hand {cards_text(state.hands[w])}")
        for m in d["melds"]:
            if meld_refusal(parse_cards(" ".join(m)), self.meld_rules) is not None:
                out.append(f"{' '.join(m)} is not a meld")
        return out

    def grammar_positions(self) -> list[State]:
        """Example 4 of the spec after both draws: ``rummy`` without a discard is on offer (random
        play seldom gets there)."""
        return [example_4_position().apply("draw discard").apply("draw discard")]


def example_4_position() -> "BoathouseState":
    """boathouse-rummy.md Example 4 (2 players): seat 0 to draw with ``KS AS 6D 6H 9C TC JC``, the
    discard pile ending ``2S 6C``."""
    g = BoathouseRummy(2)
    hands = [parse_cards("KS AS 6D 6H 9C TC JC"), parse_cards("2C 3D 4H 8S TD QH KD")]
    pile = parse_cards("2S 6C")
    rest = g.deck()
    for c in [c for h in hands for c in h] + pile:
        rest.remove(c)
    deal = {
        "dealer": 1,
        "hands": [[card_text(c) for c in h] for h in hands],
        "stock": [card_text(c) for c in rest],
        "discard": [card_text(c) for c in pile],
        "to_act": 0,
    }
    st = g.from_deal(deal)
    assert isinstance(st, BoathouseState)
    return st


class BoathouseState(KnownKnockHand):
    """One hand of Boathouse Rummy: the knock-rummy hand with the knowledge of two packs and the
    bare ``rummy`` (``KnownKnockHand``), the second draw and going out all at once (module
    docstring)."""

    __slots__ = ("second",)
    game: BoathouseRummy
    VERBS = BOATHOUSE_VERBS
    #: the hand summary's score line
    SCORE_LABEL = "points"
    #: whether the player to act owes a second draw (§5.1 step 2: he took the top discard)
    second: bool

    @classmethod
    def _fresh(cls, *args: Any, **kwargs: Any):
        st = super()._fresh(*args, **kwargs)
        st.second = False
        return st

    def clone(self):
        new = super().clone()
        new.second = self.second
        return new

    # -- the turn --
    def end_actions(self) -> list[Action]:
        """§5.2, §5.3: ``discard c`` for every card code but the last one taken from the pile,
        ``rummy c`` where the rest lies wholly in melds, ``rummy`` where the whole hand does."""
        g = self.game
        hand = self.hands[self.seat]
        taken = self.taken
        codes = [c for c in dict.fromkeys(hand) if c != taken]
        out = [Action("discard", None, (c,)) for c in codes]
        whole, outs = g.solver.going_out(hand)
        out += [Action("rummy", None, (c,)) for c in codes if c in outs]
        if whole:
            out.append(Action("rummy"))
        return out

    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.seat
        if v == "draw":
            self._draw(seat, action.arg == "discard")
            return
        super()._apply(action)  # the bare rummy, the known cards: ``KnownKnockHand``
        if v == "rummy":
            self.winner = seat

    def _draw(self, seat: int, from_pile: bool) -> None:
        """§5.1: one draw; after a first ``draw discard`` a second is due (none when both piles
        are empty, ruling 3). ``taken`` is the last card taken from the pile this turn (§5.2)."""
        hand = self.hands[seat]
        if from_pile:
            c = self.pile.pop()
            self.events = [self.events, ("take", seat, c), None]
        else:
            if not self.stock:  # §5.4: the whole pile is turned over when a draw asks for it
                if self.turnovers >= self.game.max_turnovers:
                    self._end_void()
                    return
                self._turn_over(False)
            c = self.stock.pop()
            self.events = [self.events, ("draw", seat), None]
        hand.append(c)
        if from_pile or self.stock_known:
            self.known[seat].append(c)
        self._cache = None
        if self.second:
            self.second = False
            if from_pile:
                self.taken = c
            self.phase = PLAY
        elif from_pile:
            self.taken = c
            if self.stock or self.pile:
                self.second = True
            else:
                self.phase = PLAY
        else:
            self.taken = None
            self.phase = PLAY

    def _discard(self, c: Card) -> None:
        """A plain discard; the stock is not renewed here but when a draw asks for it (§5.4)."""
        DriftHand._discard(self, c)

    def rollout_actions(self) -> list[Action]:
        """A random playout goes out whenever it may (so hands end), else plays at random."""
        return KnockHand.rollout_actions(self)

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, as a sentence for the player."""
        a = action
        text = a.text()
        if self.phase == OVER:
            return f"{text}: the hand is over"
        if a.verb == "rummy" and self.phase == DRAW:
            return f"{text}: draw first" + (" (the second card)" if self.second else "")
        if a.verb == "rummy" and not a.cards:
            return f"{text}: the whole hand does not fit in melds"
        if a.verb in ("rummy", "discard") and a.cards and self.phase == PLAY:
            c = a.cards[0]
            if c in self.hands[self.seat] and c == self.taken:
                twin = " (nor a card of the same code)" if self.game.packs == 2 else ""
                return (
                    f"{text}: {card_text(c)} was the last card taken from the discard pile this turn "
                    f"and may not go back{twin}"
                )
            if a.verb == "rummy" and c in self.hands[self.seat]:
                return f"{text}: the other cards do not all fit in melds"
        if a.verb == "discard" and self.phase == DRAW and self.second:
            return f"{text}: {self.game.seat_name(self.seat)} took the top discard and must draw a second card first"
        return KnockHand.explain(self, action)

    # -- words --
    def _log_event(self, ev: tuple) -> LogEvent:
        if ev[0] == "rummy":
            if ev[2] is None:
                return LogEvent("rummy", "{^0} {0:lays|lay} the whole hand down, without a discard.", (ev[1],))
            return LogEvent("rummy", "{^0} {0:lays|lay} the whole hand down, discarding {c0}.", (ev[1],), (ev[2],))
        return super()._log_event(ev)

    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        end = f"to {g.options['target_score']}"
        tail = f"stock {len(self.stock)} · discard {top} · {end}"
        if self.phase == OVER:
            if self.void:
                return f"Hand void · {tail}"
            assert self.winner is not None, "a hand over and not void has a winner"
            return f"{g.seat_name(self.winner).capitalize()} goes out · {tail}"
        who = g.seat_name(self.seat).capitalize()
        if self.phase == DRAW:
            step = "draw a second card" if self.second else "draw"
        else:
            step = "discard or go rummy"
        return f"{who} to {step} · {tail}"

    def observation(self, seat: int):
        """The drift hand's observation (families/drift.py) with ``extra`` ``second_draw`` (the
        player to act owes a second draw, §5.1) and ``packs``."""
        obs = super().observation(seat)
        obs.extra["second_draw"] = self.second
        obs.extra["packs"] = self.game.packs
        return obs

    # -- the result (§7) --
    def counts(self) -> list[int]:
        """§7: each loser's count of all his cards; the winner 0 (his cards are laid down)."""
        g = self.game
        return [0 if s == self.winner else g.hand_count(h) for s, h in enumerate(self.hands)]

    def points_of(self, counts: list[int]) -> list[int]:
        """§7: the winner the sum of ``counts``, the others 0; ``penalty_scoring``: each loser his
        count, the winner 0."""
        if self.game.penalty:
            return list(counts)
        pts = [0] * self.n
        assert self.winner is not None, "an out hand has a winner"
        pts[self.winner] = sum(counts)
        return pts

    def returns_gains(self) -> list[float]:
        """The gain of each seat on the sheet (higher is better): the points, or with
        ``penalty_scoring`` minus the penalty; cheap (no split of the winner's hand)."""
        if self.void:
            return [0.0] * self.n
        pts = self.points_of(self.counts())
        return [-float(p) for p in pts] if self.game.penalty else [float(p) for p in pts]

    def returns_scale(self) -> float:
        """A winner collects some 50 points from each other player (§7; hands grown large
        hold far more): 100 points for each other player."""
        return 100.0 * (self.n - 1)

    def winner_melds(self) -> tuple[tuple[Card, ...], ...]:
        """The winner's melds as shown (§5.3 step 2: the solver's first split, each meld in run or
        set order with its jokers designated); the discard is not in his hand."""
        assert self.winner is not None, "an out hand has a winner"
        melds = self.game.solver.all_melded_split(self.hands[self.winner])
        assert melds is not None, "the winner's hand lies in melds"
        return melds

    def result(self) -> Result | None:
        """The hand's result once over (docs/records.md): ``outcome`` ``rummy`` or ``void``;
        ``detail``: ``winner``, ``end`` (the card discarded going out, or None), ``melds`` (the
        winner's melds, card codes), ``hand_points`` (each loser's count, the winner 0),
        ``penalty_scoring``, ``dealer``, ``next_dealer``, ``turnovers``, ``turns``, ``packs``."""
        if self.phase != OVER:
            return None
        n = self.n
        detail: dict[str, Any] = {"outcome": "void" if self.void else "rummy", "winner": self.winner}
        if self.void:
            points, winners = [0] * n, []
        else:
            detail["end"] = card_text(self.end_card) if self.end_card is not None else None
            detail["melds"] = [[card_text(c) for c in m] for m in self.winner_melds()]
            counts = self.counts()
            detail["hand_points"] = counts
            points = self.points_of(counts)
            assert self.winner is not None, "an out hand has a winner"
            winners = [self.winner]
        detail["penalty_scoring"] = self.game.penalty
        detail["dealer"] = self.dealer
        detail["next_dealer"] = (self.dealer + 1) % n
        detail["turnovers"] = self.turnovers
        detail["turns"] = self.turn + 1
        detail["packs"] = self.game.packs
        res = Result(points, detail["outcome"], winners, detail)
        res.summary = self.going_out_summary(res)
        return res

    def going_out_summary(self, res: Result) -> Summary:
        """The hand in words: the headline (who went out, with or without a discard), the points
        written, the winner's hand laid down in its melds, then each loser's cards with their
        points (§7: all cards count)."""
        label = "penalty points" if self.game.penalty else "points"
        if self.void:
            return Summary(
                phrase("A void hand: nothing is written", kind="outcome"),
                (score_fact(label, None, res.points, (), ()),),
            )
        w = self.winner
        assert w is not None, "an out hand has a winner"
        end = self.end_card
        if end is None:
            head = phrase("{0} laid the whole hand down, no discard", (w,), kind="outcome")
        else:
            head = phrase("{0} laid the whole hand down, discarding {c0}", (w,), (end,), kind="outcome")
        facts = [score_fact(label, None, res.points, (), res.winners)]
        cards: list[Card] = []
        parts = []
        for m in self.winner_melds():
            parts.append(" ".join(f"{{c{len(cards) + i}}}" for i in range(len(m))))
            cards += m
        facts.append(Fact("Laid down", phrase("  {^0}: " + ", ".join(parts), (w,), tuple(cards), kind="split")))
        facts.append(Fact("Cards left in hand (all count)", phrase("", kind="cards_left")))
        counts = res.detail["hand_points"]
        for s, h in enumerate(self.hands):
            if s == w:
                continue
            held = sort_hand(h, rank_key=self._display_key())
            each = " ".join(f"{{c{i}}}" for i in range(len(held)))
            line = f"  {{^0}}: {each}  = {counts[s]}"
            facts.append(Fact("", phrase(line, (s,), tuple(held), (counts[s],), kind="cards_left")))
        return Summary(head, tuple(facts))


BoathouseRummy.state_class = BoathouseState
