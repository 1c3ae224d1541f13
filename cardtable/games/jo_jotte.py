"""Jo-Jotte, 2 players (cardtable/rules/jo-jotte.md).

The Klaberjass hand of ``families/turnup.py`` (``TurnUpHand``: the first deal of 6, the
turn-up, both bidding rounds with the no-trump overcall, doubling, the completion deal
with its information card, the dix, the declaration round judged carrés and sequences
apart, jo-jotte) with jo-jotte's parameters; the follow rule ``KlaberjasRule``
(families/follow.py). This module adds the card points (``JOJOTTE``), the melds' values
(``jo_roem``), the nullo and slam round (phase ``contract``, §4 F), the scoring of §7
above and below the line with the suspense carried in ``Standing.extra``, the thrown-in
hand, the sample check of the bidding (``bid_value``, ``iset_accept``), the words and the
observation. The sheet is ``sheets/lijn.py``. The record's ``deal`` and ``result.detail``:
docs/records.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_text, make, piquet32, shuffled
from cardtable.engine.actions import Action
from cardtable.engine.game import MeldView, Observation, Option, Result, State, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import NONE, LogEvent, Summary, VerbSpec, fact, phrase
from cardtable.families.follow import KlaberjasRule
from cardtable.families.roem import RoemRules, kruis_precedence
from cardtable.families.summaries import seats_fact
from cardtable.families.trick_masks import mask_of
from cardtable.families.trick_ranking import Ranking
from cardtable.families.turnup import (
    NT,
    PASS,
    TURNUP_VERBS,
    TurnUpGame,
    TurnUpHand,
    contract_text,
    contract_words,
    deal_turnup,
    parse_turnup_deal,
    pass_spec,
)
from cardtable.sheets.lijn import LijnSheet

N_TRICKS = 9
LAST_TRICK = 10
JOJOTTE_VALUE = 20
NULLO_VALUE = 200
NULLO_EXTRA = 100
SLAM_VALUE = 500
PIT_VALUE = 100

#: §2: trump J 9 A T K Q 8 7 (J 20, 9 15); plain (and every suit at no trumps and nullo)
#: A T K Q J 9 8 7; A 10, T 10, K 5, Q 5. 155 card points with a trump suit, 120 without.
JOJOTTE = Ranking(
    "jo-jotte",
    plain_order=(14, 10, 13, 12, 11, 9, 8, 7),
    trump_order=(11, 9, 14, 10, 13, 12, 8, 7),
    plain_points={14: 10, 10: 10, 13: 5, 12: 5},
    trump_points={11: 20, 9: 15, 14: 10, 10: 10, 13: 5, 12: 5},
)

#: §6: the carré ranks high to low in a suit contract (J 9 A K Q T 8 7) and at no trumps
CARRE_SUIT = (11, 9, 14, 13, 12, 10, 8, 7)
CARRE_NT = (14, 13, 12, 11, 10, 9, 8, 7)


def jo_roem(low_carres: bool) -> RoemRules:
    """§6: sequences 20 / 40 / 50 (5 or more), carrés 100 (of every rank; without 7s and
    8s when ``low_carres`` is false); a card may be in a sequence and a carré."""
    ranks = range(7, 15) if low_carres else range(9, 15)
    return RoemRules(
        seq_values={3: 20, 4: 40, 5: 50},
        carre_values={r: 100 for r in ranks},
        exclusive=False,
        precedence=kruis_precedence,
    )


_ROEM = {k: jo_roem(k) for k in (True, False)}

NULLO = Action("bid", "nullo")
SLAM = Action("bid", "slam")

#: phase F: ``bid nullo`` (the defender), ``bid slam`` (the declarer), ``pass``; each hint
#: names its own key only
CONTRACT_VERBS = (
    VerbSpec("bid", "Nullo", "l", "l bids nullo: you take no trick", NONE, arg="nullo"),
    VerbSpec("bid", "Slam", "a", "a bids slam: you take all nine tricks", NONE, arg="slam"),
    pass_spec("Pass"),
)
VERBS = TURNUP_VERBS + CONTRACT_VERBS

_PACK = tuple(piquet32())
_PIQUET = mask_of(_PACK)

#: the headline of each outcome (the summary)
_OUTCOME_WORDS = {
    "made": "{0} made the contract",
    "failed": "{0} failed: {1} scores both players' trick points",
    "tie": "A tie: the trick points go into the suspense",
    "nullo_made": "{0} made the nullo",
    "nullo_failed": "{0} failed the nullo",
    "thrown_in": "Both passed twice: the hand is thrown in",
}

#: a hand's worth as a contract, in points, from which the bots bid and the samples check
#: the bidding seen (``bid_value``): accepting a suit from this much, a free choice too
BID_AT = 55
#: a pass in round 1 with a hand worth this much in the turn-up's suit is unlikely
PASS_BELOW = 75


def bid_value(hand: int, contract: int, ranking: Ranking = JOJOTTE) -> int:
    """What a hand (a mask, of any size) is worth as the declarer of ``contract`` (a suit,
    or ``NT``), a count a player makes at the table: card points by the contract's
    table, 8 per trump (length), 10 for the jas and 6 for the nel beyond their points, 6
    per plain ace; at no trumps 12 per ace and 5 per ten guarded by its ace."""
    t = ranking.table(None if contract == NT else contract)
    v = t.points_of_mask(hand)
    if contract == NT:
        for s in range(4):
            if (hand >> make(14, s)) & 1:
                v += 12
                if (hand >> make(10, s)) & 1:
                    v += 5
        return v
    trumps = hand & t.trump_mask
    v += 8 * trumps.bit_count()
    if (hand >> make(11, contract)) & 1:
        v += 10
    if (hand >> make(9, contract)) & 1:
        v += 6
    for s in range(4):
        if s != contract and (hand >> make(14, s)) & 1:
            v += 6
    return v


@register
class JoJotte(TurnUpGame):
    """Jo-Jotte (jo-jotte.md). Options §9: ``rubbers``, ``game_target``, ``rubber_bonus``,
    ``slam_only_over_nullo``, ``failed_slam_penalty``, ``low_carres``."""

    id = "jo-jotte"
    name = "Jo-Jotte"
    family = "jas"
    min_players = 2
    max_players = 2
    deck_name = "piquet32"
    description = (
        "Two players: jas meets bridge. Bid over the turned card, double, nullo or slam; "
        "roem above the line, tricks below, games to 80."
    )
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "bid": ("accept", "nullo", "slam"),
            "trump": ("<suit>", "none"),
            "double": "",
            "redouble": "",
            "swap": "<card>",
            "declare": ("seq<N> <cards>", "carre <cards>", "jojotte"),
        }
    )
    #: texts the grammar refuses and the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("claim", "'claim'"),
        ("declare stuk", "'stuk'"),
        ("bid schut", "'schut'"),
        ("bid pit", "'pit'"),
        ("swap 6S in 2", "'in'"),
        ("trump X", "'X'"),
        ("double now", "'now'"),
        ("play XX", "'XX' is not a card"),
    )
    option_specs = (
        Option("rubbers", "int", 1, "rubbers played in the session", minimum=1, maximum=20),
        Option("game_target", "int", 80, "below-the-line points that win a game", minimum=1, maximum=1000),
        Option("rubber_bonus", "int", 300, "bonus for winning a rubber", minimum=0, maximum=10000),
        Option("slam_only_over_nullo", "bool", False, "slam may only be announced as an overcall of nullo"),
        Option(
            "failed_slam_penalty",
            "int",
            500,
            "above-the-line points to the defender when an announced slam fails (0 = none)",
            minimum=0,
            maximum=10000,
        ),
        Option("low_carres", "bool", True, "false: four 7s and four 8s are not carrés"),
    )
    #: tests/test_search.py: the narrow slam and no low carrés too
    search_configs = ((2, {"slam_only_over_nullo": True, "low_carres": False}),)

    ranking = JOJOTTE
    rule = KlaberjasRule()
    #: the hand's class (``JoJotteState``, set below; a variant of the family may deal another)
    state_class: Any = None

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.roem = _ROEM[bool(self.options["low_carres"])]

    def carre_order(self, contract: int | None) -> tuple[int, ...]:
        """§6: J 9 A K Q T 8 7 in a suit contract, A K Q J T 9 8 7 at no trumps."""
        return CARRE_NT if contract == NT or contract is None else CARRE_SUIT

    def deck(self) -> list[int]:
        return piquet32()

    def new_sheet(self) -> LijnSheet:
        """The sheet with the line (§8) with this game's options; seat 0 deals first."""
        o = self.options
        return LijnSheet(2, o["game_target"], o["rubber_bonus"], o["rubbers"], first_dealer=0)

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: Any = None
    ) -> "JoJotteState":
        """Shuffle (seeded) and deal (§3): 3-3 from voorhand round to the dealer, the 13th
        card turned up, 19 in the stock. Dealer and suspense from ``standing`` (or ``sheet=``)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(_PACK, rng_for(seed))
        first, up, stock = deal_turnup(pack, 2, standing.next_dealer, JoJotteState.first_packets)
        st = self.state_class(self, standing.next_dealer, first, up, stock, standing)
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: Any = None) -> "JoJotteState":
        """An exact deal (docs/records.md): ``{"dealer", "hands": [6 codes] x2, "upcard",
        "completion": [3 codes] x2, "stock": [13 codes, top first]}``, the 32 piquet cards
        once. DealError with the reason."""
        dealer, first, up, stock = parse_turnup_deal(deal, 2, 6, 3, _PIQUET, "the 32-card piquet pack")
        return self.state_class(self, dealer, first, up, stock, self.standing_of(standing, sheet))

    def check_result(self, result: Result, state: "JoJotteState") -> list[str]:
        """§2 and §7: the points are the entries' sum, none negative; 9 tricks hold the
        card points of the 18 cards played + 10; one seat at most scores below the line;
        the suspense grows only in a tie and is emptied by a below-the-line score."""
        out = []
        d = result.detail
        sums = [0, 0]
        below = set()
        for e in d["entries"]:
            if e["points"] <= 0:
                out.append(f"an entry of {e['points']} points")
            sums[e["seat"]] += e["points"]
            if e["line"] == "below":
                below.add(e["seat"])
        if sums != list(result.points):
            out.append(f"points {result.points} are not the entries' sum {sums}")
        if len(below) > 1:
            out.append("both seats score below the line")
        if d["tricks_played"] == N_TRICKS:
            want = state.in_play_points() + LAST_TRICK
            if sum(d["trick_points"]) != want:
                out.append(f"9 tricks hold {want} trick points, not {d['trick_points']}")
        before, after = d["suspense_before"], d["suspense_after"]
        if result.outcome == "tie" and after <= before and sum(d["trick_points"]):
            out.append("a tie adds to the suspense")
        if below and after:
            out.append("a below-the-line score takes the suspense")
        return out

    def grammar_positions(self) -> list[State]:
        """A hand at its slam decision after a nullo bid, and a swap of the seven (both seldom
        met by random play from the start)."""
        out: list[State] = []
        for seed in range(200):
            st = self.new_hand(seed=seed)
            for a in ("bid accept", "pass", "pass"):
                st.apply_in_place(st.parse(a))
            if st.phase == "dix":
                out.append(st.clone())
                st.apply_in_place(st.legal_actions()[0])
            if st.phase == "contract":
                out.append(st.apply("bid nullo"))
            if len(out) >= 2:
                break
        return out


class JoJotteState(TurnUpHand):
    """One hand of Jo-Jotte: the turn-up hand with jo-jotte's parameters, the nullo and
    slam round, and §7's scoring."""

    game: JoJotte
    verb_table = VERBS
    last_bonus = LAST_TRICK

    def __init__(self, game: JoJotte, dealer: int, first: list[int], turnup: int, stock: list[int], standing: Standing):
        TurnUpHand.__init__(self, game, dealer, first, turnup, stock)
        ex = standing.extra
        self.suspense0 = int(ex.get("suspense", 0))
        self.game_below = tuple(ex.get("game", (0, 0)))
        self.games_won = tuple(ex.get("games_won", (0, 0)))
        self.f_step = 0
        self.nullo_by = -1
        self.slam = False
        self.nullo = False
        self.end: dict[str, Any] | None = None

    # -- §4 F: nullo and slam --
    def _after_dix(self) -> None:
        self.phase = "contract"
        self.f_step = 0
        self.to_act = self.defender

    def _legal_game(self) -> list[Action]:
        if self.phase != "contract":
            return []
        if self.f_step == 0:
            return [NULLO, PASS]
        if self.game.options["slam_only_over_nullo"] and self.nullo_by < 0:
            return [PASS]
        return [SLAM, PASS]

    def _apply_game(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None and self.phase == "contract", "nullo and slam are bid in phase F"
        if self.f_step == 0:
            if action == NULLO:
                self.nullo_by = seat
            self._log("nullo", seat, action == NULLO)
            self.f_step = 1
            self.to_act = self.declarer
            return
        self.slam = action == SLAM
        self._log("slam", seat, self.slam)
        if self.nullo_by >= 0 and not self.slam:
            self.nullo = True
            self._set_trump(None)
            self._log("nullo_on", self.defender)
            self._start_play(self.defender)
            return
        self._start_melds((self.defender, self.declarer))

    def _thrown_in(self) -> None:
        self._finish("thrown_in", [], self.suspense0)

    # -- §7 scoring --
    def in_play_points(self) -> int:
        """The card points of the 18 cards in play under this contract (§2)."""
        t = self.t
        total = t.points_of_mask(self.gone)
        for s in range(self.n_seats):
            total += t.points_of_mask(self.hands[s])
        for _s, c in self.trick:
            total += t.points[c]
        return total

    def roem_points(self, seat: int) -> tuple[int, int, int]:
        """(carrés, sequences, jo-jotte) ``seat`` scores (0 in a nullo hand)."""
        if self.nullo:
            return 0, 0, 0
        car, seq = self.meld_points(seat)
        return car, seq, JOJOTTE_VALUE if self.jo_by == seat else 0

    def _hand_over(self) -> None:
        d, f = self.declarer, self.defender
        tw = self.tricks_won
        entries: list[dict[str, Any]] = []

        def write(seat: int, line: str, points: int, kind: str) -> None:
            if points > 0:
                entries.append({"seat": seat, "line": line, "points": points, "kind": kind})

        suspense = self.suspense0
        if self.nullo:
            k = tw[f]
            if k == 0:
                write(f, "above", NULLO_VALUE, "nullo")
                outcome = "nullo_made"
            else:
                write(d, "above", NULLO_VALUE + NULLO_EXTRA * (k - 1), "nullo")
                outcome = "nullo_failed"
            self._finish(outcome, entries, suspense)
            return
        T = list(self.trick_pts)
        for s in (0, 1):
            car, seq, jo = self.roem_points(s)
            write(s, "above", car, "carre")
            write(s, "above", seq, "sequence")
            write(s, "above", jo, "jojotte")
        P = [T[s] + sum(self.roem_points(s)) for s in (0, 1)]
        m = self.mult
        below = -1
        if P[d] > P[f]:
            below, pts, outcome = d, m * T[d], "made"
        elif P[d] < P[f]:
            below, pts, outcome = f, m * (T[d] + T[f]), "failed"
        else:
            outcome = "tie"
            suspense += m * (T[d] + T[f])
        if below >= 0:
            write(below, "below", pts, "tricks")
            write(below, "below", suspense, "suspense")
            suspense = 0
        if self.slam:
            if tw[d] == self.n_tricks:
                write(d, "above", SLAM_VALUE, "slam")
            else:
                write(f, "above", self.game.options["failed_slam_penalty"], "slam")
        else:
            for s in (0, 1):
                if tw[s] == self.n_tricks:
                    write(s, "above", PIT_VALUE, "pit")
        self._finish(outcome, entries, suspense, P)

    def _finish(self, outcome: str, entries: list, suspense: int, hand_points: list[int] | None = None) -> None:
        points = [0, 0]
        for e in entries:
            points[e["seat"]] += e["points"]
        # the hand's winner: the seat that wrote more this hand (a made contract can lose to
        # a failed slam's 500)
        winners = [s for s in (0, 1) if points[s] > points[1 - s]]
        roem_pts = [sum(self.roem_points(s)) for s in (0, 1)]
        self.end = {
            "outcome": outcome,
            "points": points,
            "winners": winners,
            "dealer": self.dealer,
            "next_dealer": self.next_seat[self.dealer],
            "upcard": card_text(self.turnup),
            "bids": [{"seat": s, "bid": w, "stage": g} for s, w, g in self.bids],
            "contract": "nullo" if self.nullo else contract_text(self.contract),
            "trump": None if self.trump is None else SUIT_LETTERS[self.trump],
            "declarer": self.declarer if self.declarer >= 0 else None,
            "defender": self.defender if self.defender >= 0 else None,
            "overcall": self.overcall,
            "multiplier": self.mult,
            "doubling": "redouble" if self.redoubled_by >= 0 else ("double" if self.doubled_by >= 0 else "none"),
            "dix": self.dix_by if self.dix_by >= 0 else None,
            "nullo": self.nullo_by if self.nullo_by >= 0 else None,
            "slam": self.slam,
            "trick_points": list(self.trick_pts),
            "tricks": list(self.tricks_won),
            "carres_to": self.carre_seat,
            "sequences_to": self.seq_seat,
            "jojotte": self.jo_by if self.jo_by >= 0 else None,
            "roem": roem_pts,
            "hand_points": hand_points,
            "entries": entries,
            "suspense_before": self.suspense0,
            "suspense_after": suspense,
            "tricks_played": self.ntricks,
        }
        self._log("end", outcome, tuple(points))
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        """The Result once over: ``points`` per seat (above and below the line this hand),
        ``outcome`` (``made``, ``failed``, ``tie``, ``nullo_made``, ``nullo_failed``,
        ``thrown_in``), ``winners`` (the seat that wrote more points this hand; none when
        both wrote as much), ``detail`` (docs/records.md), ``summary``."""
        e = self.end
        if e is None:
            return None
        detail = {k: v for k, v in e.items() if k not in ("points", "winners")}
        res = Result(list(e["points"]), e["outcome"], list(e["winners"]), detail)
        res.summary = self.summary(res)
        return res

    def summary(self, res: Result) -> Summary:
        """The hand in words: the outcome, what each seat writes above and below the line,
        the trick points and roem, the suspense."""
        d = res.detail
        out = res.outcome
        if out in ("nullo_made", "nullo_failed"):
            seats: tuple[int, ...] = (d["defender"],)
        elif out == "failed":
            seats = (d["declarer"], d["defender"])
        elif out == "made":
            seats = (d["declarer"],)
        else:
            seats = ()
        head = _OUTCOME_WORDS[out]
        if d["contract"] is not None and out != "thrown_in":
            head += f" ({_contract_name(d)})"
        facts = [seats_fact("This hand (points)", res.points, winners=res.winners, sep="  \u00b7  ")]
        for line in ("below", "above"):
            cells = [
                ", ".join(
                    f"{e['points']} {_KIND[e['kind']]}" for e in d["entries"] if e["seat"] == s and e["line"] == line
                )
                or "\u2013"
                for s in (0, 1)
            ]
            facts.append(seats_fact(f"{line.capitalize()} the line", cells, sep="  \u00b7  "))
        if d["tricks_played"]:
            tp, ro = d["trick_points"], d["roem"]
            facts.append(
                fact(
                    "Trick points",
                    f"{{0}} {tp[0]} \u00b7 {{1}} {tp[1]}   roem {ro[0]} \u2013 {ro[1]}",
                    (0, 1),
                )
            )
        if d["suspense_after"] or d["suspense_before"]:
            facts.append(fact("Suspense", f"{d['suspense_before']} \u2192 {d['suspense_after']}"))
        return Summary(phrase(head, seats, kind="outcome"), tuple(facts))

    # -- search --
    def rollout_actions(self) -> list[Action]:
        """As the family's; a playout bids no nullo and no slam (the simple bot's choices
        come through the playout policy)."""
        return TurnUpHand.rollout_actions(self)

    def playout_misere(self, seat: int) -> bool:
        """The search's playouts (bots/trick_playout.py): the nullo player plays to take no
        trick."""
        return self.nullo and seat == self.defender

    def playout_ally(self, winner: int, seat: int) -> bool:
        """The search's playouts: in a nullo the nullo player's trick suits his opponent
        (he lets it be); otherwise every seat plays for itself."""
        return self.nullo and winner == self.defender and seat == self.declarer

    def returns_gains(self) -> list[float]:
        """The points written this hand per seat (above and below the line)."""
        e = self.end
        assert e is not None, "returns_gains: the hand is over"
        return [float(p) for p in e["points"]]

    def returns_scale(self) -> float:
        """A usual hand differs by 100 to 200 points."""
        return 200.0

    def iset_accept(self, seat: int):
        """The other seat's bids judged by ``bid_value`` on its first deal: a sample is kept
        unless the other seat accepted, named a suit or bid no trumps (also as the overcall)
        with a hand worth far less than ``BID_AT`` for it, or passed in round 1 with a hand
        worth ``PASS_BELOW`` or more in the turn-up's suit, or in round 2 in another suit
        or at no trumps; after ``TRIES`` samples the last is kept (engine/search.py)."""
        other = [(s, w, g) for s, w, g in self.bids if s != seat]
        if not other:
            return None
        turn = self.turn_suit
        free = [c for c in (0, 1, 2, 3, NT) if c != turn]

        def accept(w: "JoJotteState") -> bool:
            for s, word, stage in other:
                hand = w.first[s]
                if word == "pass":
                    if stage == "overcall":
                        continue
                    bids = [turn] if stage == "round1" else free
                    if max(bid_value(hand, c) for c in bids) >= PASS_BELOW:
                        return False
                else:
                    c = turn if word == "accept" else (NT if word == "none" else SUIT_LETTERS.index(word))
                    if bid_value(hand, c) < BID_AT - 20:
                        return False
            return True

        return accept

    # -- views --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "nullo":
            return LogEvent(k, "{0} " + ("{0:bids|bid} nullo" if ev[2] else "{0:passes|pass}"), (ev[1],))
        if k == "slam":
            return LogEvent(k, "{0} " + ("{0:announces|announce} a slam" if ev[2] else "{0:passes|pass}"), (ev[1],))
        if k == "nullo_on":
            return LogEvent(k, "nullo: no troef, no roem; {0} {0:tries|try} to take no trick", (ev[1],))
        if k == "end":
            words = {
                "made": "contract made",
                "failed": "contract failed",
                "tie": "a tie: the trick points go into the suspense",
                "nullo_made": "nullo made",
                "nullo_failed": "nullo failed",
                "thrown_in": "thrown in, nothing is written",
            }
            p = ev[2]
            return LogEvent(k, f"hand over: {words[ev[1]]}; {{0}} +{p[0]} \u00b7 {{1}} +{p[1]}", (0, 1))
        return TurnUpHand._log_event(self, ev)

    def _explain_game(self, action: Action) -> str:
        seat = self.to_act
        if self.phase == "contract":
            if self.f_step == 0:
                return f"seat {seat} (defender) may bid nullo or pass"
            if self.game.options["slam_only_over_nullo"] and self.nullo_by < 0:
                return "slam is only announced over a nullo (slam_only_over_nullo): pass"
            return f"seat {seat} (declarer) may bid slam or pass"
        return TurnUpHand._explain_game(self, action)

    def explain(self, action: Action) -> str:
        if action.verb == "bid" and action.arg in ("nullo", "slam") and self.phase not in ("contract", "over"):
            return "nullo and slam are bid after the completion deal, before the roem"
        return TurnUpHand.explain(self, action)

    def status(self) -> str:
        """``contract ♥ · doubled · slam · points 35 – 20 · game 62 – 0 · suspense 240``; in
        the bidding ``bidding, round 1``, ``round 2 (not ♠)`` or ``♠ bid by seat 1``."""
        parts = []
        if self.phase == "bid":
            if self.offer >= 0:
                parts.append(f"{contract_words(self.contract)} bid by seat {self.declarer}")
            else:
                parts.append("bidding, round 1" if self.round == 1 else f"round 2 (not {SUIT_SYMBOLS[self.turn_suit]})")
        elif self.nullo:
            parts.append(f"nullo by seat {self.defender}")
        elif self.contract is not None:
            parts.append(f"contract {contract_words(self.contract)}")
        else:
            parts.append("thrown in")
        if self.mult > 1:
            parts.append("doubled" if self.mult == 2 else "redoubled")
        if self.slam:
            parts.append("slam")
        if self.phase in ("play", "over"):
            parts.append(f"points {self.trick_pts[0]} \u2013 {self.trick_pts[1]}")
        parts.append(f"game {self.game_below[0]} \u2013 {self.game_below[1]}")
        if self.suspense0:
            parts.append(f"suspense {self.suspense0}")
        return " \u00b7 ".join(parts)

    def seat_roles(self, seat: int) -> tuple[tuple[int, str], ...]:
        if self.nullo:
            return ((self.defender, "nullo"),)
        return TurnUpHand.seat_roles(self, seat)

    def game_verbs(self) -> tuple[VerbSpec, ...]:
        """Phase F's verbs (``contract``)."""
        return CONTRACT_VERBS

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees. ``upcard``: the card lying face up at the turn-up place (the
        trump 7 after the dix); ``trump``: the contract's suit (None in the bidding, at no
        trumps and in a nullo); ``scores``: ``{"points": [trick points so far], "game":
        [this game's below-the-line totals when dealt], "games_won": [in this rubber],
        "suspense": pending when dealt}``; ``melds``: the declared melds (public as made).

        ``extra`` keys: ``turned`` (the turn-up's code), ``info_card`` (the information
        card once shown, else None), ``round`` (1, 2), ``bids`` ([{"seat", "bid",
        "stage"}]: ``accept``, ``pass``, a suit letter, ``none``; ``round1``, ``round2``,
        ``overcall``), ``overcall_open`` (the seat to act may overcall), ``contract`` (``C``
        … ``S``, ``none``, ``nullo`` or None),
        ``declarer``, ``defender`` (seats or None), ``multiplier``, ``doubled_by``,
        ``redoubled_by``, ``seven_at`` (where the trump 7 is known to be: a seat,
        ``stock`` or None), ``dix`` (the seat that exchanged, or None), ``nullo_bid`` (the
        seat that bid nullo, or None), ``nullo`` (the hand is a nullo), ``slam``,
        ``declared`` ([{"seat", "meld" (the action's words), "value", "kind", "scores"
        (None before the judgement)}]), ``my_melds`` (texts this seat declared),
        ``carres_to`` / ``sequences_to``, ``jojotte`` (the seat that said jo, or None),
        ``jo_forced``, ``played``, ``tricks``, ``trick_points``, ``result`` (the detail
        once over)."""
        declared = []
        melds: list[MeldView] = []
        for s, m in self.declared:
            wins = None
            if self.melds_judged:
                wins = s == (self.carre_seat if m.kind == "carre" else self.seq_seat)
            declared.append({"seat": s, "meld": m.action().text(), "value": m.value, "kind": m.kind, "scores": wins})
            melds.append(MeldView(len(melds) + 1, s, "run" if m.kind == "seq" else "set", m.cards))
        info = self.stock[-1] if self.dealt and self.stock and self.info_card else None
        extra = {
            "turned": card_text(self.turnup),
            "info_card": None if info is None else card_text(info),
            "round": self.round,
            "bids": [{"seat": s, "bid": w, "stage": g} for s, w, g in self.bids],
            "overcall_open": self.offer >= 0,
            "contract": "nullo" if self.nullo else contract_text(self.contract),
            "declarer": self.declarer if self.declarer >= 0 else None,
            "defender": self.defender if self.defender >= 0 else None,
            "multiplier": self.mult,
            "doubled_by": self.doubled_by if self.doubled_by >= 0 else None,
            "redoubled_by": self.redoubled_by if self.redoubled_by >= 0 else None,
            "seven_at": self.seven_at,
            "dix": self.dix_by if self.dix_by >= 0 else None,
            "nullo_bid": self.nullo_by if self.nullo_by >= 0 else None,
            "nullo": self.nullo,
            "slam": self.slam,
            "declared": declared,
            "my_melds": [m.action().text() for s, m in self.declared if s == seat],
            "carres_to": self.carre_seat,
            "sequences_to": self.seq_seat,
            "jojotte": self.jo_by if self.jo_by >= 0 else None,
            "jo_forced": self.jo_forced,
            "played": self.played_codes(),
            "tricks": self.tricks_json(),
            "trick_points": list(self.trick_pts),
            "options": dict(self.game.options),
            "result": None if self.end is None else dict(self.end),
        }
        scores = {
            "points": list(self.trick_pts),
            "game": list(self.game_below),
            "games_won": list(self.games_won),
            "suspense": self.suspense0,
        }
        return self.make_observation(
            seat, scores=scores, extra=extra, melds=tuple(melds), upcard=self.up_now, stock_size=len(self.stock)
        )


_KIND = {
    "tricks": "tricks",
    "suspense": "suspense",
    "carre": "carré",
    "sequence": "sequence",
    "jojotte": "jo-jotte",
    "nullo": "nullo",
    "slam": "slam",
    "pit": "pit",
}


def _contract_name(d: dict[str, Any]) -> str:
    """``♥``, ``no trumps``, ``nullo``, with ``doubled`` / ``redoubled`` and ``slam``."""
    c = d["contract"]
    if c == "nullo":
        words = "nullo"
    elif c == "none":
        words = "no trumps"
    else:
        words = SUIT_SYMBOLS[SUIT_LETTERS.index(c)]
    if d["multiplier"] > 1 and c != "nullo":
        words += ", doubled" if d["multiplier"] == 2 else ", redoubled"
    if d["slam"]:
        words += ", slam"
    return words


__all__ = ["JOJOTTE", "JoJotte", "JoJotteState", "bid_value", "jo_roem"]


JoJotte.state_class = JoJotteState
