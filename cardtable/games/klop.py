"""Klop / Clobyosh / Bela, 2 or 3 players (cardtable/rules/klop.md).

The Klaberjass hand of ``families/turnup.py`` with klop's parameters: the first deal of 6,
the turn-up, round 1 over the turned suit, the completion deal right after round 1
(``completion_at = "round1"``), round 2 for another suit, no overcall, no doubling, no
information card, the dix, sequences declared in the first trick and judged apart
(``melds_at = "first_trick"``), stuk (``stuk``); three seats by ``ThreeSeats``. The follow
rule is ``KlaberjasRule`` (families/follow.py) with the options ``jas_holdback`` and
``overtrump_on_ruff``; ``schots`` narrows the lead here (``legal_play_mask``).

This module adds the card points (``KLOP``), the melds' values (``KLOP_ROEM``), schmeiss
(§4, phases B and D), the claim by roem (§7, ``claim_value``), the scoring of §7 with nat
and its split among three, the thrown-in hand, the bidding check of the samples
(``bid_value``, ``iset_accept``), the words and the observation. The sheet is
``sheets/klop.py``. The record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_text, make, piquet32, rank_of, shuffled, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import MeldView, Observation, Option, Result, State, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import NONE, LogEvent, Summary, VerbSpec, phrase
from cardtable.families.follow import KlaberjasRule
from cardtable.families.roem import RoemRules, stuk_mask
from cardtable.families.summaries import seats_fact
from cardtable.families.trick_masks import mask_of
from cardtable.families.trick_ranking import Ranking
from cardtable.families.turnup import (
    STUK_VERB,
    TRUMP,
    TURNUP_VERBS,
    ThreeSeats,
    TurnUpGame,
    TurnUpHand,
    deal_turnup,
    parse_turnup_deal,
    pass_spec,
)
from cardtable.sheets.klop import KlopSheet

LAST_TRICK = 10
STUK_VALUE = 20

#: §2: trump J 9 A T K Q 8 7 (J 20, 9 14); plain A T K Q J 9 8 7; A 11, T 10, K 4, Q 3,
#: plain J 2. 152 card points in the deck.
KLOP = Ranking(
    "klop",
    plain_order=(14, 10, 13, 12, 11, 9, 8, 7),
    trump_order=(11, 9, 14, 10, 13, 12, 8, 7),
    plain_points={14: 11, 10: 10, 13: 4, 12: 3, 11: 2},
    trump_points={11: 20, 9: 14, 14: 11, 10: 10, 13: 4, 12: 3},
)

#: §6: sequences of 3 (20) and of 4 or more (50, ruling 4); no carrés
KLOP_ROEM = RoemRules(seq_values={3: 20, 4: 50}, carre_values={}, exclusive=False)

SCHMEISS = Action("bid", "schmeiss")
THROW_IN = Action("bid", "throw-in")
REFUSE = Action("bid", "refuse")
CLAIM = Action("claim")

_SM_HINT = "play or throw in: throw in (t), or refuse (r) and let the schmeisser play"
#: the answer to a schmeiss: ``bid throw-in`` / ``bid refuse``
ANSWER_VERBS = (
    VerbSpec("bid", "Throw in", "t", _SM_HINT, NONE, arg="throw-in"),
    VerbSpec("bid", "Refuse", "r", _SM_HINT, NONE, arg="refuse"),
)
_R2 = "name another troef (its letter), or pass (p)"
#: round 2: ``trump <suit>`` / ``pass`` (no no-trump bid)
ROUND2_VERBS = (
    *(VerbSpec("trump", sym, L, _R2, NONE, arg=L) for L, sym in zip(SUIT_LETTERS, SUIT_SYMBOLS)),
    pass_spec("Pass", _R2),
)
#: ``bid schmeiss`` in either bidding round (option ``schmeiss``)
SCHMEISS_VERB = VerbSpec("bid", "Schmeiss", "m", "offer: play or throw in (m)", NONE, arg="schmeiss")
#: ``claim``: the game by roem (§7)
CLAIM_VERB = VerbSpec(
    "claim",
    "Claim game",
    "c",
    "your total and roem pass the target: claim the game (c)",
    NONE,
    confirm="Claim the game now? The hand ends at once.",
)
VERBS = TURNUP_VERBS + ANSWER_VERBS + ROUND2_VERBS + (STUK_VERB, SCHMEISS_VERB, CLAIM_VERB)

_PACK = tuple(piquet32())
_PIQUET = mask_of(_PACK)

#: a hand's worth as the maker (``bid_value``) from which the simple bot accepts in round 1
#: (6 cards) and names a suit in round 2 (9 cards), and the samples check the bidding seen
BID_AT_6 = 52
BID_AT_9 = 78
#: a pass with a hand worth this much more than the bar is unlikely (``iset_accept``)
PASS_MARGIN = 25


def bid_value(hand: int, suit: int, ranking: Ranking = KLOP) -> int:
    """What a hand (a mask, of any size) is worth as the maker in ``suit``, a count a player
    makes at the table: card points with ``suit`` trumps, 8 per trump, 10 for the jas and
    6 for the nel beyond their points, 6 per plain ace, 10 for stuk."""
    t = ranking.table(suit)
    v = t.points_of_mask(hand) + 8 * (hand & t.trump_mask).bit_count()
    if (hand >> make(11, suit)) & 1:
        v += 10
    if (hand >> make(9, suit)) & 1:
        v += 6
    sm = stuk_mask(suit)
    if hand & sm == sm:
        v += 10
    for s in range(4):
        if s != suit and (hand >> make(14, s)) & 1:
            v += 6
    return v


#: a deal where seat 1 accepts hearts, declares stuk and wins trick 1 with AS: at 495 his
#: claim is legal in trick 2 (``grammar_positions``)
CLAIM_DEAL = {
    "dealer": 0,
    "hands": [["7S", "8S", "7C", "8C", "7D", "8D"], ["AS", "KH", "QH", "JH", "AC", "AD"]],
    "upcard": "9H",
    "completion": [["9C", "9D", "9S"], ["TS", "TC", "TD"]],
    "stock": ["KS", "QS", "JS", "KC", "QC", "JC", "KD", "QD", "JD", "AH", "TH", "8H", "7H"],
}


@register
class Klop(TurnUpGame):
    """Klop / Bela (klop.md). Options §9: ``players`` (the seat count, 2 or 3), ``target``,
    ``jas_holdback``, ``roem_claim``, ``early_trick_claim``, ``schots``, ``schmeiss`` (two
    players), ``overtrump_on_ruff`` (three players)."""

    id = "klop"
    name = "Klop"
    family = "jas"
    min_players = 2
    max_players = 3
    deck_name = "piquet32"
    description = (
        "Two or three players, each for himself: accept the turned suit or name another, "
        "the maker must beat everyone or is nat; first past 500, roem may claim it."
    )
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "bid": ("accept", "schmeiss", "throw-in", "refuse"),
            "trump": "<suit>",
            "swap": "<card>",
            "declare": ("seq<N> <cards>", "stuk"),
            "claim": "",
        }
    )
    #: texts the grammar refuses and the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("trump none", "'none'"),
        ("declare carre AS AH AD AC", "'carre'"),
        ("declare jojotte", "'jojotte'"),
        ("bid nullo", "'nullo'"),
        ("double", "'double'"),
        ("claim stuk", "'stuk'"),
        ("play XX", "'XX' is not a card"),
    )
    option_specs = (
        Option("target", "int", 500, "a player wins with more than this many points", minimum=1, maximum=10000),
        Option("jas_holdback", "bool", True, "a lone jas need not be played on a trump lead or a ruff"),
        Option("roem_claim", "bool", True, "claim the game in mid-hand when total + roem pass the target"),
        Option("early_trick_claim", "bool", False, "in the first three tricks the claim also counts the points won"),
        Option("schots", "bool", False, "the trump 7 and 8 may not be led unless nothing else is held"),
        Option("schmeiss", "bool", False, "offer play or throw in while bidding (two players)"),
        Option("overtrump_on_ruff", "bool", False, "three players: a second ruff must overtrump"),
    )
    #: tests/test_search.py: three seats with the stricter ruff, two with schmeiss and schots
    search_configs = (
        (3, {"overtrump_on_ruff": True, "early_trick_claim": True}),
        (2, {"schmeiss": True, "schots": True, "jas_holdback": False}),
    )

    ranking = KLOP
    roem = KLOP_ROEM

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        o = self.options
        self.rule = KlaberjasRule(
            jas_holdback=bool(o["jas_holdback"]), overtrump_on_ruff=bool(o["overtrump_on_ruff"]) and self.players == 3
        )
        self.state_class = KlopHand3 if self.players == 3 else KlopHand

    def options_not_in_force(self) -> dict[str, tuple[Any, str]]:
        """``schmeiss`` is for two players, ``overtrump_on_ruff`` for three (§9)."""
        if self.players == 3:
            return {"schmeiss": (False, "schmeiss is played by two players only")}
        return {"overtrump_on_ruff": (False, "overtrump_on_ruff is a rule of three players")}

    def deck(self) -> list[int]:
        return piquet32()

    def new_sheet(self) -> KlopSheet:
        """Klop's sheet (§8): running totals to ``target``; seat 0 deals first."""
        return KlopSheet(self.players, self.options["target"], first_dealer=0)

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *, sheet: Any = None) -> "KlopHand":
        """Shuffle (seeded) and deal (§3): 3-3 from voorhand round to the dealer, the next
        card turned up, the rest the stock (its first cards the completion's). Dealer and
        totals from ``standing`` (or ``sheet=``)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(_PACK, rng_for(seed))
        first, up, stock = deal_turnup(pack, self.players, standing.next_dealer, KlopHand.first_packets)
        st = self.state_class(self, standing.next_dealer, first, up, stock, standing)
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: Any = None) -> "KlopHand":
        """An exact deal (docs/records.md): ``{"dealer", "hands": [6 codes] per seat,
        "upcard", "completion": [3 codes] per seat, "stock": [the rest, top first]}``, the 32
        piquet cards once. DealError with the reason."""
        dealer, first, up, stock = parse_turnup_deal(deal, self.players, 6, 3, _PIQUET, "the 32-card piquet pack")
        return self.state_class(self, dealer, first, up, stock, self.standing_of(standing, sheet))

    def check_result(self, result: Result, state: "KlopHand") -> list[str]:
        """§7: nine tricks hold the card points of the cards dealt + 10; the maker scores his
        H or is nat and scores 0; the defenders' entries hold their own H and, when the
        maker is nat, his H between them; a claim or a thrown-in hand scores nothing."""
        out = []
        d = result.detail
        pts = list(result.points)
        if any(p < 0 for p in pts):
            out.append(f"a negative entry {pts}")
        if d["thrown_in"] or d["claim"] is not None:
            if any(pts):
                out.append("a thrown-in or claimed hand scores nothing")
            return out
        H = d["hand_scores"]
        m = d["maker"]
        if d["tricks_played"] == state.n_tricks:
            want = state.in_play_points() + LAST_TRICK
            if sum(d["card_points"]) != want:
                out.append(f"9 tricks hold {want} card points, not {d['card_points']}")
        if sum(pts) != sum(H):
            out.append(f"the entries {pts} do not add up to the hand scores {H}")
        if d["nat"]:
            if pts[m] != 0:
                out.append("a nat maker scores 0")
        elif pts != H or any(H[m] <= H[s] for s in range(len(H)) if s != m):
            out.append(f"a made hand writes each H {H}, the maker's above every other, not {pts}")
        return out

    def grammar_positions(self) -> list[State]:
        """A swap of the seven, schmeiss and its answers, stuk and a claim (seldom met by
        random play from the start)."""
        out: list[State] = []
        g = Klop(2, schmeiss=True)
        st = g.new_hand(seed=3)
        st.apply_in_place(st.parse("bid schmeiss"))
        out.append(st.clone())
        out.append(st.apply("bid refuse"))
        for seed in range(200):
            st = self.new_hand(seed=seed)
            st.apply_in_place(st.parse("bid accept"))
            if st.phase == "dix":
                out.append(st.clone())
                break
        claim = g.from_deal(CLAIM_DEAL, Standing(2, totals=(0, 495)))
        for a in ("bid accept", "declare stuk", "play AS", "play 7S"):
            claim.apply_in_place(claim.parse(a))
        out.append(claim)
        return out


class KlopHand(TurnUpHand):
    """One hand of Klop: the turn-up hand with klop's parameters, schmeiss, the claim and
    §7's scoring. Fields besides ``TurnUpHand``'s: ``totals0`` (each seat's total before
    the hand), ``schmeiss_by`` / ``schmeiss_open`` / ``must_name`` (schmeiss),
    ``claim`` (the claim's detail once made), ``end`` (the result detail)."""

    game: Klop
    verb_table = VERBS
    last_bonus = LAST_TRICK
    nt_overcall = False
    nt_direct = False
    doubling = False
    info_card = False
    jojotte = False
    stuk = True
    completion_at = "round1"
    melds_at = "first_trick"
    meld_judge = "apart"

    def __init__(self, game: Klop, dealer: int, first: list[int], turnup: int, stock: list[int], standing: Standing):
        TurnUpHand.__init__(self, game, dealer, first, turnup, stock)
        tot = tuple(standing.totals) or (0,) * self.n_seats
        self.totals0 = tuple(int(x) for x in tot)
        self.schmeiss_by = -1
        self.schmeiss_open = False
        self.must_name = False
        self.claim: dict[str, Any] | None = None
        self.end: dict[str, Any] | None = None

    # -- the bidding (§4 B, D) and schmeiss --
    def _legal_other(self) -> list[Action]:
        if self.phase == "bid":
            if self.schmeiss_open:
                return [THROW_IN, REFUSE]
            if self.must_name:
                return [TRUMP[s] for s in range(4) if s != self.turn_suit]
            acts = TurnUpHand._legal_other(self)
            if self.game.options["schmeiss"] and self.n_seats == 2:
                acts.insert(len(acts) - 1, SCHMEISS)
            return acts
        return TurnUpHand._legal_other(self)

    def _bid(self, seat: int, action: Action) -> None:
        stage = "round1" if self.round == 1 else "round2"
        if action == SCHMEISS:
            self.bids = self.bids + ((seat, "schmeiss", stage),)
            self.schmeiss_by = seat
            self.schmeiss_open = True
            self._log("schmeiss", seat)
            self.to_act = self.next_seat[seat]
            return
        if action in (THROW_IN, REFUSE):
            self.bids = self.bids + ((seat, str(action.arg), stage),)
            self.schmeiss_open = False
            self._log("answer", seat, action.arg)
            if action == THROW_IN:
                self._thrown_in()
            elif self.round == 1:
                self.declarer = self.schmeiss_by
                self.contract = self.turn_suit
                self._contract(self.schmeiss_by, self.turn_suit, overcall=False)
            else:
                self.must_name = True
                self.to_act = self.schmeiss_by
            return
        self.must_name = False
        TurnUpHand._bid(self, seat, action)

    def _thrown_in(self) -> None:
        self._finish(thrown_in=True)

    def _after_dix(self) -> None:
        """Voorhand leads the first trick (§4 F, ruling 2)."""
        self._start_play(self.next_seat[self.dealer])

    # -- the play: schots (§5) and the claim (§7) --
    def legal_play_mask(self) -> int:
        """The family's mask; with ``schots`` a leader may not lead the trump 7 or 8 unless
        his hand holds nothing else."""
        mask = TurnUpHand.legal_play_mask(self)
        if self.game.options["schots"] and not self.trick and self.trump is not None:
            low = (1 << make(7, self.trump)) | (1 << make(8, self.trump))
            if mask & ~low:
                mask &= ~low
        return mask

    def valid_roem(self, seat: int) -> int:
        """§6: the seat's scoring sequences (after the trick-1 comparison) and its declared
        stuk, once it has won a trick; else 0."""
        if not self.tricks_won[seat]:
            return 0
        seq = self.meld_points(seat)[1] if self.melds_judged else 0
        return seq + (STUK_VALUE if self.stuk_by == seat else 0)

    def claim_value(self, seat: int) -> int:
        """§7: the seat's total before the hand + its valid roem (+ with
        ``early_trick_claim``, while at most 3 tricks are complete, the card points it won)."""
        v = self.totals0[seat] + self.valid_roem(seat)
        if self.game.options["early_trick_claim"] and self.ntricks <= 3:
            v += self._won_points(seat)
        return v

    def _won_points(self, seat: int) -> int:
        return self.trick_pts[self.side[seat]]

    def _claim_here(self) -> bool:
        seat = self.to_act
        return (
            seat is not None
            and self.game.options["roem_claim"]
            and self.claim_value(seat) > self.game.options["target"]
        )

    def _legal_play(self) -> list[Action]:
        acts = TurnUpHand._legal_play(self)
        if self._claim_here():
            acts.append(CLAIM)
        return acts

    def _fast_inline_ok(self) -> bool:
        return TurnUpHand._fast_inline_ok(self) and not self.game.options["schots"] and not self._claims_possible()

    def _claims_possible(self) -> bool:
        """A claim may come up in this hand: some seat is within 300 of the target (120
        roem and three tricks' card points at most)."""
        o = self.game.options
        return bool(o["roem_claim"]) and max(self.totals0) + 300 > o["target"]

    def _rollout_mask(self) -> int:
        if self._claim_here():
            return 0
        return TurnUpHand._rollout_mask(self)

    def rollout_actions(self) -> list[Action]:
        """A playout claims when it may, else as the family's."""
        if self.phase == "play" and self._claim_here():
            return [CLAIM]
        return TurnUpHand.rollout_actions(self)

    def _apply_game(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None and action == CLAIM, "the claim is klop's own play action"
        self.claim = {
            "seat": seat,
            "total": self.totals0[seat],
            "roem": self.valid_roem(seat),
            "card_points": self._won_points(seat)
            if self.game.options["early_trick_claim"] and self.ntricks <= 3
            else 0,
            "value": self.claim_value(seat),
        }
        self._log("claim", seat, self.claim["value"])
        self._finish()

    # -- §7 scoring --
    def in_play_points(self) -> int:
        """The card points of the cards dealt (§2), under the trump suit."""
        t = self.t
        total = t.points_of_mask(self.gone)
        for s in range(self.n_seats):
            total += t.points_of_mask(self.hands[s])
        for _s, c in self.trick:
            total += t.points[c]
        return total

    def _hand_over(self) -> None:
        self._finish()

    def _finish(self, thrown_in: bool = False) -> None:
        n = self.n_seats
        m = self.declarer
        C = [self.trick_pts[self.side[s]] for s in range(n)]
        R = [self.valid_roem(s) for s in range(n)]
        H = [C[s] + R[s] for s in range(n)]
        scored = [0] * n
        nat = False
        if thrown_in:
            outcome = "thrown_in"
            nxt = self.next_seat[self.dealer]
            winners: list[int] = []
        elif self.claim is not None:
            outcome = "claim"
            nxt = self.claim["seat"]
            winners = [self.claim["seat"]]
        else:
            scored, nat, nxt = score_hand(H, m, self.next_seat)
            outcome = "nat" if nat else "made"
            winners = [nxt]
        self.end = {
            "outcome": outcome,
            "points": scored,
            "winners": winners,
            "dealer": self.dealer,
            "next_dealer": nxt,
            "upcard": card_text(self.turnup),
            "bids": [{"seat": s, "bid": w, "stage": g} for s, w, g in self.bids],
            "trump": None if self.contract is None else SUIT_LETTERS[self.contract],
            "maker": m if m >= 0 else None,
            "claimer": self.claim["seat"] if self.claim is not None else None,
            "schmeiss": self.schmeiss_by if self.schmeiss_by >= 0 else None,
            "dix": self.dix_by if self.dix_by >= 0 else None,
            "card_points": C,
            "tricks": list(self.tricks_won),
            "sequences_to": self.seq_seat,
            "stuk": self.stuk_by if self.stuk_by >= 0 else None,
            "roem": R,
            "hand_scores": H,
            "scored": scored,
            "nat": nat,
            "thrown_in": thrown_in,
            "claim": None if self.claim is None else dict(self.claim),
            "totals_before": list(self.totals0),
            "tricks_played": self.ntricks,
        }
        self._log("end", outcome, tuple(scored))
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        """The Result once over: ``points`` per seat (what is written this hand),
        ``outcome`` (``made``, ``nat``, ``thrown_in``, ``claim``), ``winners`` (the seat that
        deals next after a played hand: the highest entry; the claimer; none when thrown
        in), ``detail`` (docs/records.md), ``summary``."""
        e = self.end
        if e is None:
            return None
        detail = {k: v for k, v in e.items() if k not in ("points", "winners")}
        res = Result(list(e["points"]), e["outcome"], list(e["winners"]), detail)
        res.summary = self.summary(res)
        return res

    def summary(self, res: Result) -> Summary:
        """The hand in words: made, nat, thrown in or claimed; each seat's entry, the card
        points and roem."""
        d = res.detail
        out = res.outcome
        if out == "claim":
            c = d["claim"]
            head = phrase("{0} claims the game (total + roem = " + str(c["value"]) + ")", (c["seat"],), kind="outcome")
            return Summary(head, ())
        if out == "thrown_in":
            return Summary(phrase("Nobody played: the hand is thrown in", (), kind="outcome"), ())
        trump = SUIT_SYMBOLS[SUIT_LETTERS.index(d["trump"])]
        if out == "made":
            head = phrase("{0} made it in " + trump, (d["maker"],), kind="outcome")
        else:
            head = phrase("{0} is nat in " + trump + ": the points go to the defence", (d["maker"],), kind="outcome")
        facts = [
            seats_fact("This hand (points)", res.points, winners=res.winners, sep="  \u00b7  "),
            seats_fact("Hand scores", d["hand_scores"], sep="  \u00b7  "),
            seats_fact("Card points", d["card_points"], sep="  \u00b7  "),
            seats_fact("Roem", d["roem"], sep="  \u00b7  "),
        ]
        return Summary(head, tuple(facts))

    # -- search --
    def returns_gains(self) -> list[float]:
        """What each seat writes this hand, less the mean of the others' (a claim: 500 to
        the claimer)."""
        e = self.end
        assert e is not None, "returns_gains: the hand is over"
        pts = [float(p) for p in e["points"]]
        if e["outcome"] == "claim":
            pts = [500.0 if s == e["claim"]["seat"] else 0.0 for s in range(self.n_seats)]
        n = self.n_seats
        tot = sum(pts)
        return [p - (tot - p) / (n - 1) for p in pts]

    def returns_scale(self) -> float:
        """A usual hand differs by 100 to 200 points."""
        return 200.0

    def iset_accept(self, seat: int):
        """The other seats' bids judged by ``bid_value``: a sample is kept unless a seat
        accepted or named a suit with a hand worth far less than the bar (round 1 on its
        first six cards, round 2 on nine), or passed with a hand worth ``PASS_MARGIN`` more
        than the bar; after ``TRIES`` samples the last is kept (engine/search.py)."""
        other = [(s, w, g) for s, w, g in self.bids if s != seat and w in ("accept", "pass", *SUIT_LETTERS)]
        if not other:
            return None
        turn = self.turn_suit
        free = [c for c in range(4) if c != turn]

        def accept(w: "KlopHand") -> bool:
            for s, word, stage in other:
                if stage == "round1":
                    hand, bar, bids = w.first[s], BID_AT_6, [turn]
                else:
                    hand, bar, bids = w.first[s] | (w.completion[s] if w.completion else 0), BID_AT_9, free
                if word == "pass":
                    if max(bid_value(hand, c) for c in bids) >= bar + PASS_MARGIN:
                        return False
                else:
                    c = turn if word == "accept" else SUIT_LETTERS.index(word)
                    if bid_value(hand, c) < bar - 25:
                        return False
            return True

        return accept

    # -- views --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "schmeiss":
            return LogEvent(k, "{0} {0:says|say} schmeiss: play or throw in?", (ev[1],))
        if k == "answer":
            if ev[2] == "throw-in":
                return LogEvent(k, "{0} {0:throws|throw} the hand in", (ev[1],))
            return LogEvent(k, "{0} {0:refuses|refuse}: the schmeisser plays", (ev[1],))
        if k == "claim":
            return LogEvent(k, "{0} {0:claims|claim} the game: total + roem = " + str(ev[2]), (ev[1],))
        if k == "contract":
            return LogEvent(k, "troef " + SUIT_SYMBOLS[ev[2]] + ", {0} maker", (ev[1],), (), (ev[2],))
        if k == "end":
            words = {"made": "made", "nat": "nat", "thrown_in": "thrown in", "claim": "claimed"}
            p = ev[2]
            cells = " \u00b7 ".join(f"{{{s}}} +{p[s]}" for s in range(self.n_seats))
            return LogEvent(k, f"hand over: {words[ev[1]]}; {cells}", tuple(range(self.n_seats)))
        return TurnUpHand._log_event(self, ev)

    def explain(self, action: Action) -> str:
        ph = self.phase
        if action.verb == "claim":
            if not self.game.options["roem_claim"]:
                return "no claim in this game (roem_claim is off)"
            seat = self.to_act
            if ph != "play" or seat is None:
                return "the game is claimed at your turn in the play, before your card"
            return (
                f"your total {self.totals0[seat]} + valid roem {self.valid_roem(seat)} is not more than "
                f"{self.game.options['target']}"
            )
        if ph == "bid":
            if self.schmeiss_open:
                return f"seat {self.to_act} answers the schmeiss: bid throw-in or bid refuse"
            if self.must_name:
                return f"seat {self.to_act} must name a troef other than {SUIT_SYMBOLS[self.turn_suit]}"
            if action == SCHMEISS:
                return "schmeiss is not played (option schmeiss, two players)"
            if self.round == 1 and action.verb == "trump":
                return f"round 1 is about the turned suit: bid accept ({SUIT_SYMBOLS[self.turn_suit]}) or pass"
            if action.verb == "trump" and action.arg == "none":
                return "klop has no no-trump bid"
            if self.round == 2 and not (action.verb == "trump" and action.arg == SUIT_LETTERS[self.turn_suit]):
                return f"seat {self.to_act} bids: trump <suit> (not {SUIT_LETTERS[self.turn_suit]}) or pass"
        if ph == "play" and action.verb == "play" and len(action.cards) == 1 and self.to_act is not None:
            c = action.cards[0]
            seat = self.to_act
            if (self.hands[seat] >> c) & 1 and self.stuk_forced:
                return "after stuk you must play your troef K or Q"
            if (
                (self.hands[seat] >> c) & 1
                and not self.trick
                and self.game.options["schots"]
                and self.trump is not None
                and suit_of(c) == self.trump
                and rank_of(c) in (7, 8)
            ):
                return "schots: the troef 7 and 8 may not be led while you hold another card"
        return TurnUpHand.explain(self, action)

    def status(self) -> str:
        """``bidding, round 1`` / ``round 2 (not ♠)`` / ``troef ♥, maker seat 1``, then
        ``points 35 – 20``, ``totals 45 – 143 · over 500`` (more than the target wins)."""
        parts = []
        if self.phase == "bid":
            parts.append("bidding, round 1" if self.round == 1 else f"round 2 (not {SUIT_SYMBOLS[self.turn_suit]})")
        elif self.contract is not None:
            parts.append(f"troef {SUIT_SYMBOLS[self.contract]}, maker seat {self.declarer}")
        else:
            parts.append("thrown in")
        dash = " \u2013 "
        if self.phase in ("play", "over") and self.contract is not None:
            parts.append("points " + dash.join(str(p) for p in self.trick_pts))
        parts.append("totals " + dash.join(str(t) for t in self.totals0))
        parts.append(f"over {self.game.options['target']}")
        return " \u00b7 ".join(parts)

    def seat_roles(self, seat: int) -> tuple[tuple[int, str], ...]:
        return ((self.declarer, "maker"),) if self.declarer >= 0 and self.phase != "bid" else ()

    def verb_specs(self) -> tuple[VerbSpec, ...]:
        """The family's verbs of the phase; the schmeiss words in the bidding; the claim in
        the play."""
        if self.phase == "bid":
            if self.schmeiss_open:
                return ANSWER_VERBS
            if self.round == 2:
                return ROUND2_VERBS + (SCHMEISS_VERB,)
            return TurnUpHand.verb_specs(self) + (SCHMEISS_VERB,)
        if self.phase == "play":
            return TurnUpHand.verb_specs(self) + (CLAIM_VERB,)
        return TurnUpHand.verb_specs(self)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees. ``upcard``: the card lying face up at the turn-up place (the
        trump 7 after the dix); ``trump``: the maker's suit (None in the bidding);
        ``scores``: ``{"points": [card points taken so far per seat], "totals": [before
        this hand], "target"}``; ``melds``: the declared sequences (public as made).

        ``extra`` keys: ``turned`` (the turn-up's code), ``round`` (1, 2), ``bids``
        ([{"seat", "bid", "stage"}]: ``accept``, ``pass``, a suit letter, ``schmeiss``,
        ``throw-in``, ``refuse``; ``round1``, ``round2``), ``schmeiss_open``, ``trump``
        (``C`` … ``S`` or None), ``maker`` (a seat or None), ``seven_at`` (where the trump 7
        is known to be: a seat, ``stock`` or None), ``dix``, ``declared`` ([{"seat",
        "meld", "value", "scores" (None before trick 1 is complete)}]), ``my_melds``,
        ``sequences_to``, ``stuk`` (the seat that declared it, or None), ``stuk_forced``,
        ``valid_roem`` (per seat), ``claim_value`` (this seat's), ``totals``, ``target``,
        ``played``, ``tricks``, ``card_points``, ``options``, ``result`` (the detail once
        over)."""
        declared = []
        melds: list[MeldView] = []
        for s, m in self.declared:
            wins = (s == self.seq_seat) if self.melds_judged else None
            declared.append({"seat": s, "meld": m.action().text(), "value": m.value, "scores": wins})
            melds.append(MeldView(len(melds) + 1, s, "run", m.cards))
        target = self.game.options["target"]
        extra = {
            "turned": card_text(self.turnup),
            "round": self.round,
            "bids": [{"seat": s, "bid": w, "stage": g} for s, w, g in self.bids],
            "schmeiss_open": self.schmeiss_open,
            "trump": None if self.contract is None else SUIT_LETTERS[self.contract],
            "maker": self.declarer if self.declarer >= 0 else None,
            "seven_at": self.seven_at,
            "dix": self.dix_by if self.dix_by >= 0 else None,
            "declared": declared,
            "my_melds": [m.action().text() for s, m in self.declared if s == seat],
            "sequences_to": self.seq_seat,
            "stuk": self.stuk_by if self.stuk_by >= 0 else None,
            "stuk_forced": self.stuk_forced,
            "valid_roem": [self.valid_roem(s) for s in range(self.n_seats)],
            "claim_value": self.claim_value(seat),
            "totals": list(self.totals0),
            "target": target,
            "played": self.played_codes(),
            "tricks": self.tricks_json(),
            "card_points": list(self.trick_pts),
            "options": dict(self.game.options),
            "result": None if self.end is None else dict(self.end),
        }
        scores = {"points": list(self.trick_pts), "totals": list(self.totals0), "target": target}
        return self.make_observation(
            seat, scores=scores, extra=extra, melds=tuple(melds), upcard=self.up_now, stock_size=len(self.stock)
        )


def score_hand(H: list[int], maker: int, next_seat: tuple[int, ...]) -> tuple[list[int], bool, int]:
    """§7: the entries of a played hand from the hand scores ``H`` (per seat) and the
    ``maker``: (what each seat writes, nat, the next dealer). Two players: the maker
    scores his H if it is above the defender's, else he is nat and the defender writes both;
    three: the maker must be above each defender, else his H is split between them, the odd
    point to the one with the higher own H (equal: the first clockwise after the maker).
    The next dealer writes the most (equal: the first clockwise after the maker)."""
    n = len(H)
    defenders = defenders_clockwise(maker, next_seat)
    scored = [0] * n
    nat = not all(H[maker] > H[s] for s in defenders)
    if not nat:
        scored = list(H)
    else:
        for s in defenders:
            scored[s] = H[s]
        if n == 2:
            scored[defenders[0]] += H[maker]
        else:
            a, b = defenders
            half = H[maker] // 2
            scored[a] += half
            scored[b] += half
            if H[maker] % 2:
                scored[b if H[b] > H[a] else a] += 1
    order = defenders + [maker]
    nxt = max(order, key=lambda s: (scored[s], -order.index(s)))
    return scored, nat, nxt


def defenders_clockwise(maker: int, next_seat: tuple[int, ...]) -> list[int]:
    """The other seats, clockwise from the one after ``maker``."""
    out = [next_seat[maker]]
    while next_seat[out[-1]] != maker:
        out.append(next_seat[out[-1]])
    return out


class KlopHand3(ThreeSeats, KlopHand):
    """A hand of Klop for three players (§1: 9 cards each, 5 out of play)."""


__all__ = ["KLOP", "KLOP_ROEM", "Klop", "KlopHand", "KlopHand3", "bid_value", "defenders_clockwise", "score_hand"]
