"""Schutjassen, 4 players in two partnerships (cardtable/rules/schutjassen.md).

Kruisjassen's hand (``games/kruisjassen.py``: ``KruisState`` on ``families/jas.py``) with a
contract: this module holds the bidding round (``bid schut`` / ``pass``, phase ``bid``),
the contract's stages during play (``bid herschut``, ``bid tout``, ``concede``; claims for
the contract side only, also right after a herschut or tout with ``claim_mode = auto``:
rulings 14 and 15), the thrown-in hand, the scoring in hundreds with roem on the boom
(``sheets/boom.py``), playouts without herschut, tout or concession (``rollout_actions``)
and the observation's changed ``scores`` and added ``extra`` keys
(``SchutState.observation``). The record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from cardtable.cards import SUIT_SYMBOLS
from cardtable.engine.actions import Action
from cardtable.engine.game import Observation, Option, Result
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import NONE, LogEvent, Summary, VerbSpec, phrase
from cardtable.families import jas, roem
from cardtable.families.follow import JasRule
from cardtable.families.jas import CLAIM, DECLARE_TRICKROEM, PASS
from cardtable.families.partnerships import SIDE_NAMES, side_result
from cardtable.families.roem import KRUIS_ROEM
from cardtable.families.summaries import score_fact, side_fact
from cardtable.families.trick_ranking import JAS
from cardtable.families.trick_views import PASS_SPEC, PLAY_SPEC
from cardtable.games.kruisjassen import KruisState
from cardtable.sheets.boom import Boom

N_TRICKS = 8
CONTRACT_AT = 100  # §7.2
ONDER_JAN = 50  # §10.7: fewer than 50

BID_SCHUT = Action("bid", "schut")
BID_HERSCHUT = Action("bid", "herschut")
BID_TOUT = Action("bid", "tout")
CONCEDE = Action("concede")

#: §7.2 UI: Schut / Pas in the bidding; Ik dek, Herschut, Tout, Opgeven on a play turn
SCHUT_SPEC = VerbSpec("bid", "Schut", "b", "b says schut: your side must reach 100", NONE, arg="schut")
HERSCHUT_SPEC = VerbSpec("bid", "Herschut", "e", "e says herschut (400/500)", NONE, arg="herschut")
TOUT_SPEC = VerbSpec("bid", "Tout", "t", "t says tout (900)", NONE, arg="tout")
CONCEDE_SPEC = VerbSpec(
    "concede",
    "Opgeven",
    "x",
    "x gives up",
    NONE,
    confirm="Give up the hand? It ends at once and the contract side scores.",
)
CLAIM_SPEC = VerbSpec(
    "claim",
    "Ik dek",
    "c",
    "c claims 100 (\u201cik dek\u201d)",
    NONE,
    confirm="Claim now? The hand ends at once, and a wrong claim fails the contract.",
)
BID_PASS_SPEC = VerbSpec("pass", "Pas", "p", "p passes (no schut)", NONE)
VERBS = (PLAY_SPEC, CLAIM_SPEC, PASS_SPEC, SCHUT_SPEC, HERSCHUT_SPEC, TOUT_SPEC, CONCEDE_SPEC) + roem.ROEM_VERBS
BID_VERBS = (BID_PASS_SPEC, SCHUT_SPEC)


OUTCOMES = ("thrown_in", "made", "failed", "conceded")
STAGES = ("schut", "herschut", "tout")

_OUTCOME_WORDS = {
    "thrown_in": "Nobody said schut: the cards are dealt again",
    "made": "The contract is made",
    "failed": "The contract failed",
    "conceded": "Given up",
}


def contract_points(outcome: str, stage: str, schutters: int, counts: list[int]) -> list[int]:
    """The contract points of §7.2 per side ([side 0, side 1]) for a hand that ended with
    ``outcome`` (made, failed, conceded) at ``stage`` (schut, herschut, tout) with the
    original ``schutters`` (side) and the final ``counts``; onder jan = a count below 50."""
    s, h = schutters, 1 - schutters
    out = [0, 0]
    if outcome == "made":
        if stage == "schut":
            out[s] = 300 if counts[h] < ONDER_JAN else 200
        elif stage == "herschut":
            out[h] = 500 if counts[s] < ONDER_JAN else 400
        else:
            out[s] = 900
    elif outcome == "failed":
        if stage == "schut":
            out[h] = 200 if counts[s] < ONDER_JAN else 100
        elif stage == "herschut":
            out[s] = 500
        else:
            out[h] = 900
    elif outcome == "conceded":
        if stage == "schut":
            out[s] = 100
        else:
            out[h] = 300
    return out


@register
class Schutjassen(jas.StreepjesJasGame):
    """Schutjassen (schutjassen.md). Options §9: ``target`` (branches of 100 points to win,
    default 13), ``claim_mode`` (manual/auto), ``roem_mode`` (manual/auto), ``jas_wild``
    (false/true)."""

    sheet_factory = staticmethod(Boom)
    #: points on the boom, written in hundreds: a tenth of a branch (``Game.review_floor``)
    review_floor = 10.0

    id = "schutjassen"
    name = "Schutjassen"
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "claim": "",
            "concede": "",
            "bid": ("schut", "herschut", "tout"),
            "declare": ("seq<N> <cards>", "carre <cards>", "stuk", "trickroem"),
        }
    )
    #: texts the grammar refuses and the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("bid pit", "'pit'"),
        ("concede now", "'now'"),
        ("bid schut now", "'now'"),
        ("claim stuk", "'stuk'"),
        ("play QS#2", "QS#2"),
        ("declare carre", "expected cards"),
        ("play XX", "'XX' is not a card"),
    )
    description = (
        "Kruisjas with a contract: say schut to reach 100, herschut and tout during play; "
        "points in hundreds on a boom, to 1300."
    )
    option_specs = (
        Option("target", "int", 13, "branches (hundreds of points) needed to win the game", minimum=1, maximum=1000),
        Option(
            "claim_mode",
            "choice",
            "manual",
            'who says "ik dek" for the contract side: the players or the engine',
            choices=("manual", "auto"),
        ),
        Option("roem_mode", "choice", "manual", "who declares roem and trick roem", choices=("manual", "auto")),
        Option("jas_wild", "bool", False, "a jas that is one's last trump need not be played to a trump lead"),
    )

    ranking = JAS
    roem = KRUIS_ROEM
    #: the search tests (tests/test_search.py): the defaults, and auto roem and claims
    search_configs = ((None, {}), (None, {"claim_mode": "auto", "roem_mode": "auto"}))

    def jas_rule(self) -> JasRule:
        return JasRule(jas_wild=self.options["jas_wild"])  # §5, as kruisjassen

    def unproven_claims(self, obs: Observation) -> tuple[Action, ...]:
        """§7.2: ``(CLAIM,)`` when ``claim`` is on offer and the contract side's count, as
        ``obs`` shows it (``scores["counts"]``, ``extra["contract_side"]``), is below
        ``CONTRACT_AT`` (100): the claim is judged on that count (``SchutState._claim``);
        else ``()`` (``Game.unproven_claims``)."""
        if CLAIM not in obs.legal:
            return ()
        counts = obs.scores.get("counts")
        contract = obs.extra.get("contract_side")
        if counts and contract is not None and counts[contract] >= CONTRACT_AT:
            return ()
        return (CLAIM,)

    def check_result(self, result: Result, state: "SchutState") -> list[str]:
        """§7: an outcome of §7.5, partners alike, points in hundreds, the points the
        entries' sum and the contract points those of the §7.2 table for the final counts,
        8 tricks holding 146 trick points; problems as sentences, ``[]`` if none."""
        out = []
        p, d = result.points, result.detail
        if result.outcome not in OUTCOMES:
            out.append(f"outcome {result.outcome!r} is not one of §7.5")
        if p[0] != p[2] or p[1] != p[3]:
            out.append(f"partners score together: {p}")
        if any(x < 0 or x % 100 for x in p):
            out.append(f"points {p} are not hundreds")
        sums = [0, 0]
        for e in d.get("entries", ()):
            sums[e["side"]] += e["points"]
        if [p[0], p[1]] != sums:
            out.append(f"points {p} are not the entries' sum {sums}")
        best = [] if p[0] == p[1] else [0, 2] if p[0] > p[1] else [1, 3]
        if sorted(result.winners) != best:
            out.append(f"winners {result.winners} are not the side writing more points {p}")
        if result.outcome == "thrown_in":
            if any(p) or d.get("next_dealer") != state.dealer:
                out.append("a thrown-in hand scores nothing and the same dealer deals again")
        elif result.outcome in OUTCOMES:
            want = contract_points(result.outcome, d["stage"], d["schutters"], d["counts"])
            if d["contract_points"] != want:
                out.append(f"contract points {d['contract_points']} are not §7.2's {want}")
            if [a + b for a, b in zip(d["contract_points"], d["roem_points"])] != [p[0], p[1]]:
                out.append("points are not contract + roem")
        if d.get("tricks_played") == N_TRICKS and sum(d["trick_points"]) != 146:
            out.append(f"8 tricks hold 146 trick points, not {d['trick_points']}")
        return out


class SchutState(KruisState):
    """One hand of schutjassen: a kruisjassen hand with the bidding round first and the
    contract's stage, scored in hundreds."""

    verb_table = VERBS
    outcome_words = _OUTCOME_WORDS

    def __init__(self, game: jas.StreepjesJasGame, dealer: int, hands: list[int], upcard: int, standing: Standing):
        self.bidding = True
        self.bid_step = 0
        self.stage: str | None = None
        self.schutters = -1
        self.contract = -1
        KruisState.__init__(self, game, dealer, hands, upcard, standing)
        self.phase = "bid"
        self.to_act = self.next_seat[dealer]

    # -- the bidding (§4.1) --
    def _auto_meld_phase(self) -> None:
        if not self.bidding:  # roem_mode = auto: after the schut only
            KruisState._auto_meld_phase(self)

    def _bid_turn(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None, "the bidding has a seat to act"
        if action == BID_SCHUT:
            self.schutters = self.contract = self.side[seat]
            self.stage = "schut"
            self._log("schut", seat)
            self.bidding = False
            self.phase = "meld"
            self.to_act = self.next_seat[self.dealer]
            if not self.game.roem_manual:
                self._auto_meld_phase()
            return
        self._log("bid_pass", seat)
        self.bid_step += 1
        if self.bid_step < 4:
            self.to_act = self.next_seat[seat]
            return
        self._log("thrown_in", self.dealer)
        self._settle("thrown_in", None, None)

    # -- legality --
    def _legal_other(self) -> list[Action]:
        if self.phase == "bid":
            return [PASS, BID_SCHUT]
        if self.phase == "trickroem":
            acts = [DECLARE_TRICKROEM, PASS]
            assert self.to_act is not None, "legal actions are listed while the hand is on"
            if self.game.claim_manual and self.side[self.to_act] == self.contract:
                acts.append(CLAIM)
            return acts
        return KruisState._legal_other(self)

    def _legal_play(self) -> list[Action]:
        acts = KruisState._legal_play(self)
        assert self.to_act is not None, "legal actions are listed while the hand is on"
        side = self.side[self.to_act]
        if side != self.contract:
            acts = [a for a in acts if a != CLAIM]
        if self.stuk_forced:
            return acts
        open_ = self.counts[self.contract] < CONTRACT_AT  # §4.3, §10.4: the contract side below 100
        if self.stage == "schut" and side != self.schutters and open_:
            acts.append(BID_HERSCHUT)  # whatever the defenders' own count (§10.15)
        if self.stage == "herschut" and side == self.schutters and open_:
            acts.append(BID_TOUT)  # whatever the schutters' own count (§10.14)
        if self.stage in ("schut", "herschut") and side != self.contract:
            acts.append(CONCEDE)
        return acts

    def rollout_actions(self) -> list[Action]:
        """As the jas family's; no herschut, tout or concession in a playout."""
        acts = KruisState.rollout_actions(self)
        return [a for a in acts if a.verb != "concede" and a.arg not in ("herschut", "tout")] or acts

    # -- applying --
    def _apply(self, action: Action) -> None:
        if self.phase == "bid":
            self._bid_turn(action)
        else:
            KruisState._apply(self, action)

    def _apply_other(self, action: Action) -> None:
        seat = self.to_act
        if action == BID_HERSCHUT:
            self.stage = "herschut"
            self.contract = 1 - self.schutters
            self._log("herschut", seat)
            if not self.game.claim_manual:  # §10.15: defenders already at 100 have made it
                self._auto_claim()
        elif action == BID_TOUT:
            self.stage = "tout"
            self.contract = self.schutters
            self._log("tout", seat)
            if not self.game.claim_manual:  # §10.14: schutters already at 100 have made it
                self._auto_claim()
        elif action == CONCEDE:
            self._log("concede", seat)
            self._settle("conceded", None, seat)
        else:  # pragma: no cover - legal actions only
            raise ValueError(f"unknown action {action.text()}")

    # -- the contract (§7.2) --
    def _claim(self, seat: int) -> None:
        own = self.counts[self.contract]
        ok = own >= CONTRACT_AT
        self._log("claim", seat, ok, own)
        self._settle("made" if ok else "failed", seat, None)

    def _auto_claim(self) -> None:
        if self.contract >= 0 and self.counts[self.contract] >= CONTRACT_AT:
            self._log("autoclaim", self.contract, self.counts[self.contract])
            self._settle("made", None, None)

    def _end_without_claim(self) -> None:
        self._settle("made" if self.counts[self.contract] >= CONTRACT_AT else "failed", None, None)

    def _settle(self, outcome: str, claimer: int | None, conceder: int | None) -> None:
        """End the hand: the §7.2 contract points, the roem of §7.3, the entries the boom
        writes and the next dealer (dealer + 1; the same dealer after a thrown-in hand)."""
        win: int | None
        if outcome == "thrown_in":
            cp, win, nxt = [0, 0], None, self.dealer
        else:
            assert self.stage is not None, "a hand played out has a contract stage"
            cp = contract_points(outcome, self.stage, self.schutters, self.counts)
            win = 0 if cp[0] else 1
            nxt = self.next_seat[self.dealer]
        roem = [100 * (self.pend_roem[s] + self.pend_trick[s]) for s in range(2)]
        entries = []
        if win is not None:
            entries.append({"side": win, "points": cp[win], "reason": outcome})
        for reason, pend in (("roem", self.pend_roem), ("trickroem", self.pend_trick)):
            for side in range(2):
                if pend[side]:
                    entries.append({"side": side, "points": 100 * pend[side], "reason": reason})
        played = outcome != "thrown_in"
        total = [cp[0] + roem[0], cp[1] + roem[1]]
        best = None if total[0] == total[1] else 0 if total[0] > total[1] else 1
        self.end = {
            "outcome": outcome,
            "stage": self.stage,
            "contract_side": self.contract if played else None,
            "schutters": self.schutters if played else None,
            "contract_winner": win,
            "winning_side": best,
            "counts": list(self.counts),
            "contract_points": cp,
            "roem_points": roem,
            "points": total,
            "next_dealer": nxt,
            "entries": entries,
            "claimer": claimer,
            "conceder": conceder,
            "trick_points": list(self.trick_pts),
            "tricks_played": self.ntricks,
            "roem_side": self.roem_side,
        }
        if played:
            self._log("end", outcome, win, self.end["points"])
        self.phase = "over"
        self.to_act = None

    # -- search --
    def returns_gains(self) -> list[float]:
        """Points written this hand per seat, in hundreds."""
        assert self.end is not None, "returns_gains: the hand is over"
        p = self.end["points"]
        return [p[self.side[s]] / 100 for s in range(4)]

    def returns_scale(self) -> float:
        return 9.0

    def _iset_accept(self):
        """With ``roem_mode = auto`` a sample is kept only if its starting hands declare the
        same roem after the schut (as kruisjassen's)."""
        if self.game.roem_manual or self.bidding:
            return None
        want = [(s, self.game.roem.key(m, self.trump)) for s, m in self.declared]
        stuk = self.stuk_by
        standing = Standing(
            n_seats=4, next_dealer=self.dealer, unit="points", totals=(self.strepen0[0], self.strepen0[1]) * 2
        )
        voorhand = self.next_seat[self.dealer]

        def accept(w: "SchutState") -> bool:
            again = type(w)(w.game, w.dealer, list(w.start_hands), w.upcard, standing)
            again.to_act = voorhand if self.schutters == self.side[voorhand] else self.next_seat[voorhand]
            again._bid_turn(BID_SCHUT)
            got = [(s, again.game.roem.key(m, again.trump)) for s, m in again.declared]
            return got == want and again.stuk_by == stuk

        return accept

    # -- words --
    def verb_specs(self):
        return BID_VERBS if self.phase == "bid" else VERBS

    def explain(self, action: Action) -> str:
        """Why ``action`` is refused now, in words."""
        v, arg = action.verb, action.arg
        seat = self.to_act
        ph = self.phase
        if ph == "over":
            return "the hand is over"
        if ph == "bid":
            if v == "bid" and arg in ("herschut", "tout"):
                return f"{arg} is said during play; now each seat says schut or passes"
            return f"{action.text()}: it is seat {seat}'s turn in the bidding: bid schut or pass"
        if v == "bid" and arg == "schut":
            return "schut is said in the bidding, before the meld phase"
        side = self.side[seat] if seat is not None else -1
        if v == "claim" and side != self.contract:
            return (
                f"only the side holding the contract ({SIDE_NAMES[self.contract]}) may claim; "
                "the defenders win by making it fail"
            )
        if v == "claim" and ph == "meld":
            return "no claim in the meld phase: \u201cik dek\u201d is said on a play turn"
        if v in ("bid", "concede"):
            if ph != "play":
                return f"{action.text()} is said on your play turn, not now"
            if self.stuk_forced:
                return "stuk is declared: now play your troef K or Q"
            if v == "concede":
                if self.stage == "tout":
                    return "there is no giving up after tout"
                return f"only the side without the contract may give up; {SIDE_NAMES[side]} holds it"
            if arg == "herschut":
                if self.stage != "schut":
                    return f"herschut is said once, while the stage is schut (now {self.stage})"
                if side == self.schutters:
                    return "herschut is said by a defender, not by the schutters"
                return (
                    f"{SIDE_NAMES[self.contract]} already has {self.counts[self.contract]}: "
                    "no herschut once the contract side has 100"
                )
            if arg == "tout":
                if self.stage != "herschut":
                    return "tout is said by the schutters after a herschut"
                if side != self.schutters:
                    return "tout is said by the original schutters"
                return (
                    f"{SIDE_NAMES[self.contract]} already has {self.counts[self.contract]}: "
                    "no tout once the herschutters have 100"
                )
        if ph == "trickroem" and v == "claim":
            return "claims are made automatically (claim_mode = auto)"
        return KruisState.explain(self, action)

    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "schut":
            return LogEvent(k, f"{{0}} {{0:says|say}} schut: {SIDE_NAMES[self.side[ev[1]]]} must reach 100", (ev[1],))
        if k == "bid_pass":
            return LogEvent(k, "{0} {0:passes|pass} (no schut)", (ev[1],))
        if k == "thrown_in":
            return LogEvent(k, "nobody says schut: {0} {0:deals|deal} again", (ev[1],))
        if k == "herschut":
            return LogEvent(
                k, f"{{0}} {{0:says|say}} herschut: {SIDE_NAMES[self.side[ev[1]]]} takes the contract", (ev[1],)
            )
        if k == "tout":
            return LogEvent(
                k,
                f"{{0}} {{0:says|say}} tout: {SIDE_NAMES[self.side[ev[1]]]} takes the contract "
                "back, the hand is worth 900",
                (ev[1],),
            )
        if k == "concede":
            return LogEvent(k, "{0} {0:gives|give} up", (ev[1],))
        if k == "autoclaim":
            return LogEvent(k, f"{SIDE_NAMES[ev[1]]} has {ev[2]}: the contract is made", (), (), (ev[1], ev[2]))
        if k == "end":
            outcome, side, p = ev[1], ev[2], ev[3]
            return LogEvent(
                k,
                f"hand over ({outcome}): the contract points to {SIDE_NAMES[side]}; points {p[0]} - {p[1]}",
                (),
                (),
                (outcome, side),
            )
        return KruisState._log_event(self, ev)

    def result(self):
        res = side_result(self.end, "points")
        if res is not None:
            res.summary = self.summary(res)
        return res

    def summary(self, res) -> Summary:
        """The hand in words: the outcome and the contract (stage and side), onder jan, the
        points written per side (contract and roem) and the final counts."""
        d = res.detail
        head = self.outcome_words[res.outcome]
        seats: tuple[int, ...] = ()
        if res.outcome != "thrown_in":
            head += f" ({d['stage']}, contract {SIDE_NAMES[d['contract_side']]})"
            if d["claimer"] is not None:
                head = (
                    "{0} said \u201cik dek\u201d: "
                    + ("correct" if res.outcome == "made" else "wrong")
                    + f" ({d['stage']}, contract {SIDE_NAMES[d['contract_side']]})"
                )
                seats = (d["claimer"],)
            elif d["conceder"] is not None:
                head = f"{{0}} gave up ({d['stage']}, contract {SIDE_NAMES[d['contract_side']]})"
                seats = (d["conceder"],)
        facts = [score_fact("points", SIDE_NAMES, res.points, ((0, 2), (1, 3)), res.winners)]
        if res.outcome != "thrown_in":
            if any(d["roem_points"]):
                facts.append(side_fact("Roem on the boom", SIDE_NAMES, d["roem_points"]))
            tp = d["trick_points"]
            facts.append(side_fact("Counts", SIDE_NAMES, d["counts"], f"   card points {tp[0]} \u2013 {tp[1]}"))
        return Summary(phrase(head, seats, kind="outcome"), tuple(facts))

    def status(self) -> str:
        a, b = self.counts
        s = f"Troef {SUIT_SYMBOLS[self.trump]} · 0/2: {a} · 1/3: {b}"
        if self.stage is not None:
            s += f" · {self.stage} {SIDE_NAMES[self.contract]}"
        elif self.phase == "bid":
            s += " · bidding"
        return s

    def observation(self, seat: int):
        """Kruisjassen's observation with ``scores`` = ``{"counts": [a, b], "points": [a,
        b]}`` (points on the boom when the hand was dealt) and in ``extra``: ``stage`` (None
        while bidding or after a thrown-in hand, else ``schut`` / ``herschut`` / ``tout``),
        ``schutters`` (side 0/1 or None), ``contract_side`` (side 0/1 or None), ``bid_turn``
        (the seat to speak while bidding, else None), ``roem_points`` ([a, b] boom points of
        stroke melds and trick carrés so far); kruisjassen's ``pending_strepen`` is left
        out."""
        obs = KruisState.observation(self, seat)
        obs.scores.pop("strepen", None)
        obs.scores["points"] = list(self.strepen0)
        x = obs.extra
        x.pop("pending_strepen", None)
        x["stage"] = self.stage
        x["schutters"] = self.schutters if self.schutters >= 0 else None
        x["contract_side"] = self.contract if self.contract >= 0 else None
        x["bid_turn"] = self.to_act if self.phase == "bid" else None
        x["roem_points"] = [100 * (self.pend_roem[s] + self.pend_trick[s]) for s in range(2)]
        if self.phase == "bid":
            x["meld_turn"] = None
        return obs


__all__ = ["BID_HERSCHUT", "BID_SCHUT", "BID_TOUT", "CONCEDE", "SchutState", "Schutjassen", "contract_points"]


Schutjassen.state_class = SchutState  # the hand the family deals (new_hand, from_deal: jas.StreepjesJasGame)
