"""Grevjas, 4 players in two partnerships (cardtable/rules/grevjas.md).

The jas family's hand (``families/jas.py``: ``JasHand``) with grevjas's parameters (onder
jan at 50 or less, pit 4 strepen, no outranking in the meld round, best-only scoring, stuk
on the second card, no trick roem, the last trick's winner deals), and kruisjassen's words
and observation (``KruisState``) where grevjas's do not differ. This module holds the pit
bid (``bid pit``: ``GrevState``), stroke melds written at once, stuk struck off by an
opposing pit, its claim word "honderd", its check of a hand's totals (``check_result``) and
the observation's added ``extra`` keys (``GrevState.observation``). The record's ``deal``
and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.cards import SUIT_SYMBOLS
from cardtable.engine.actions import Action
from cardtable.engine.game import Option, Result
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import NONE, LogEvent, VerbSpec
from cardtable.families import jas, roem
from cardtable.families.follow import JasRule
from cardtable.families.partnerships import SIDE_NAMES
from cardtable.families.roem import CARRE_SPEC, ROEM_PASS_SPEC, ROEM_SPEC, STUK_SPEC, Meld, RoemRules, kruis_precedence
from cardtable.families.trick_ranking import JAS
from cardtable.families.trick_views import PLAY_SPEC, esc
from cardtable.games.kruisjassen import KruisState
from cardtable.sheets.streepjes import Streepjes

BID_PIT = Action("bid", "pit")
N_TRICKS = 8

#: §6.1: seq3 20, seq4 50, seq5+ 5 strepen; carré J 1, Q 2, K 3, A 4 strepen (a streep = 100
#: points); a card may be in a sequence and a carré (§6.2); precedence §6.3 (cards, top,
#: value, trump).
GREV_ROEM = RoemRules(
    seq_values={3: 20, 4: 50, 5: 500},
    carre_values={11: 100, 12: 200, 13: 300, 14: 400},
    exclusive=False,
    precedence=kruis_precedence,
)

CLAIM_SPEC = VerbSpec(
    "claim",
    "Honderd!",
    "c",
    "c claims 100 (\u201chonderd\u201d)",
    NONE,
    confirm="Claim now? The hand ends at once, and a wrong claim loses it.",
)
PIT_SPEC = VerbSpec("bid", "Bid pit", "t", "t bids pit (all tricks)", NONE, arg="pit")
VERBS = (PLAY_SPEC, CLAIM_SPEC, ROEM_PASS_SPEC, ROEM_SPEC, CARRE_SPEC, STUK_SPEC, PIT_SPEC)


_OUTCOME_WORDS = {
    "claim": "Honderd: a correct claim",
    "wrong_claim": "Honderd: a wrong claim",
    "pit": "Pit: all eight tricks",
    "end": "The hand was played out",
    "carried": "Nobody reached 100: the counts carry over",
    "void": "A void hand: equal counts, only the stroke melds are written",
}


_plural = jas.strepen_text


@register
class Grevjas(jas.StreepjesJasGame):
    """Grevjas (grevjas.md). Options §9: ``target`` (strepen to win, default 10),
    ``claim_mode`` (manual/auto), ``roem_mode`` (manual/auto)."""

    sheet_factory = staticmethod(Streepjes)
    packets = (3, 2, 3)  # §3: 3-2-3 from voorhand round to the dealer

    id = "grevjas"
    name = "Grevjas"
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "claim": "",
            "bid": "pit",
            "declare": ("seq<N> <cards>", "carre <cards>", "stuk"),
        }
    )
    #: texts the grammar refuses and the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("bid schut", "'schut'"),
        ("declare trickroem", "'trickroem'"),
        ("claim stuk", "'stuk'"),
        ("play QS#2", "QS#2"),
        ("declare seq3 KD QD JD extra", "'extra'"),
        ("pass now", "'now'"),
        ("bid pit now", "'now'"),
        ("declare carre", "expected cards"),
        ("play XX", "'XX' is not a card"),
    )
    description = (
        'Two against two from the Faroes: only the best roem scores, claim "honderd", bid a pit; to 10 strepen.'
    )
    option_specs = (
        Option("target", "int", 10, "strepen needed to win the game", minimum=1, maximum=1000),
        Option(
            "claim_mode",
            "choice",
            "manual",
            'who says "honderd": the players or the engine',
            choices=("manual", "auto"),
        ),
        Option("roem_mode", "choice", "manual", "who declares melds and stuk", choices=("manual", "auto")),
    )

    ranking = JAS
    roem = GREV_ROEM

    def jas_rule(self) -> JasRule:
        return JasRule(jas_wild=True, free_trumping=True)  # §5

    def check_result(self, result: Result, state: "GrevState") -> list[str]:
        """§7: an outcome of §7.6, no negative strepen, partners write alike, the strepen
        are the entries' sum, and 8 tricks hold 146 trick points."""
        out = jas.streepjes_problems(result, "§7.6")
        p, d = result.points, result.detail
        sums = [0, 0]
        for e in d.get("entries", ()):
            sums[e["side"]] += e["strepen"]
        if [p[0], p[1]] != sums:
            out.append(f"strepen {p} are not the entries' sum {sums}")
        if d.get("tricks_played") == N_TRICKS and sum(d["trick_points"]) != 146:
            out.append(f"8 tricks hold 146 trick points, not {d['trick_points']}")
        return out


class GrevState(KruisState):
    """One hand of grevjas: a kruisjassen hand with the parameters below and the pit bid."""

    verb_table = VERBS
    onder_max = 50  # §7.1: onder jan = 50 or less
    pit_strepen = 4  # §7.3
    outrank_first = False  # §6.2: no need to outrank
    roem_scoring = "best_only"  # §6.3
    stuk_when = "second"  # §6.5
    trick_roem = False
    next_dealer_rule = "last_trick"  # §3, §7.4
    claim_word = "honderd"  # §7.2
    claim_log_word = "honderd"
    onder_words = "50 or less"
    outcome_words = _OUTCOME_WORDS

    def __init__(self, game: Grevjas, dealer: int, hands: list[int], upcard: int, standing: Standing):
        self.pit_seat = -1
        self.pit_alive = False
        self.stuk_struck = False
        KruisState.__init__(self, game, dealer, hands, upcard, standing)

    def _public(self) -> bool:
        """§6.2: declared melds are public at once."""
        return True

    # -- the meld round --
    def _meld_extra(self, seat: int) -> list[Action]:
        return [BID_PIT] if self.pit_seat < 0 else []

    def _apply_other(self, action: Action) -> None:
        if action.verb == "bid" and action.arg == "pit":
            assert self.to_act is not None, "the engine applies actions only while the hand is on"
            self.pit_seat = self.to_act
            self.pit_alive = True
            self._log("bid_pit", self.to_act)
            return
        raise ValueError(f"unknown action {action.text()}")  # pragma: no cover

    def _resolve_roem(self) -> None:
        """§6.3, or nothing while a pit is bid (§6.4)."""
        if self.pit_seat >= 0:
            self._log("resolve_pit", self.pit_seat)
            self._start_play()
            return
        KruisState._resolve_roem(self)

    # -- the pit (§6.4) --
    def _fail_pit(self) -> None:
        """The pit side's melds are void; the other side scores its own best meld."""
        self.pit_alive = False
        other = 1 - self.side[self.pit_seat]
        best = None
        for s, m in self.declared:
            if self.side[s] == other and (
                best is None or self.game.roem.key(m, self.trump) > self.game.roem.key(best[1], self.trump)
            ):
                best = (s, m)
        pts = stre = 0
        if best is not None:
            self.roem_side = other
            self.top_seat = best[0]
            pend = list(self.pend_roem)
            pts, stre = self._score_meld(other, best[1], pend)
            self.pend_roem = tuple(pend)
        self._log("pit_fail", self.pit_seat, other, pts, stre)

    def _trick_taken(self, winner: int) -> None:
        if self.pit_alive and self.side[winner] != self.side[self.pit_seat]:
            self._fail_pit()

    def _before_claim(self) -> None:
        if self.pit_alive:
            self._fail_pit()

    def _claimable(self, side: int) -> bool:
        return not (self.pit_alive and side == self.side[self.pit_seat])

    # -- stuk on the second card (§6.5) --
    def _stuk_here(self, mask: int) -> bool:
        return self.game.roem_manual and KruisState._stuk_here(self, mask)

    def _play(self, seat: int, c: int) -> None:
        if (
            not self.game.roem_manual
            and seat == self.stuk_seat
            and self.stuk_by < 0
            and (roem.stuk_mask(self.trump) >> c) & 1
            and (self.hands[seat] & roem.stuk_mask(self.trump)).bit_count() == 1
        ):
            self.counts[self.side[seat]] += self.stuk_value  # §6.6: automatically
            self.stuk_by = seat
            self._log("stuk", seat)
        KruisState._play(self, seat, c)

    # -- scoring --
    def _pending_entries(self, to_side: int | None) -> list[dict[str, Any]]:
        """The stroke-meld strepen written this hand, each to its own side (§6.3)."""
        return [{"side": side, "strepen": n, "reason": "roem"} for side, n in enumerate(self.pend_roem) if n]

    def _decided(self, outcome: str, side: int, n: int, reason: str, claimer: int | None) -> None:
        entries = [{"side": side, "strepen": n, "reason": reason}]
        rules = self.game.roem
        if outcome == "pit" and self.pit_alive and self.side[self.pit_seat] == side:
            for _s, m in self.declared:  # §6.4 success
                if rules.strepen(m):
                    entries.append({"side": side, "strepen": rules.strepen(m), "reason": "roem"})
        else:
            entries += self._pending_entries(None)
        if outcome == "pit" and self.stuk_by >= 0 and self.side[self.stuk_by] != side:
            self.counts[self.side[self.stuk_by]] -= self.stuk_value  # §6.5: struck off
            self.stuk_struck = True
        self._finish(outcome, side, entries, [0, 0], self._next_dealer(True), claimer)

    def _finish(
        self, outcome: str, side: int | None, entries: list, carry: list[int], next_dealer: int, claimer: int | None
    ) -> None:
        if outcome == "void":
            entries = self._pending_entries(None)
        KruisState._finish(self, outcome, side, entries, carry, next_dealer, claimer)
        end = self.end
        assert end is not None, "_finish writes the hand's end"
        end["pit_bid"] = self.pit_seat if self.pit_seat >= 0 else None
        end["pit_made"] = outcome == "pit"
        end["stuk_struck"] = self.stuk_struck

    # -- words --
    def explain(self, action: Action) -> str:
        v, arg = action.verb, action.arg
        if v == "bid":
            if self.phase != "meld":
                return "a pit is bid in the meld round only"
            if self.pit_seat >= 0:
                return f"seat {self.pit_seat} has already bid pit: one pit bid per hand"
            return "bid pit is not allowed now"  # pragma: no cover
        if (
            self.phase == "play"
            and v == "declare"
            and arg == "stuk"
            and self.stuk_by < 0
            and self.stuk_seat == self.to_act
            and self.game.roem_manual
            and not self.stuk_forced
        ):
            return "stuk is declared on the turn you play the second of troef K and Q"
        if self.phase == "play" and v == "claim" and self.game.claim_manual is False:
            return "claims are made automatically (claim_mode = auto)"
        if self.phase == "meld" and v == "claim":
            return "no claim in the meld round: \u201chonderd\u201d is said on a play turn"
        return KruisState.explain(self, action)

    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "bid_pit":
            return LogEvent(k, "{0} {0:bids|bid} pit", (ev[1],))
        if k == "resolve_pit":
            return LogEvent(k, "a pit is bid: no roem is scored yet", (ev[1],))
        if k == "pit_fail":
            pit, other, pts, stre = ev[1], ev[2], ev[3], ev[4]
            gain = f"+{pts}" if pts else (f"{_plural(stre)}" if stre else "nothing")
            return LogEvent(
                k,
                f"pit failed (bid by {{0}}): that side's roem is void; {SIDE_NAMES[other]} "
                f"scores its best meld ({gain})",
                (pit,),
                (),
                (other, pts, stre),
            )
        if k == "resolve":
            side, pts, stre = ev[1], ev[2], ev[3]
            best = next(
                m for s, m in self.declared if s == self.top_seat and self.game.roem.key(m, self.trump) == self.bar
            )
            rej = [(s, m) for s, m in self.declared if m is not best]
            txt = (
                f"best meld {esc(roem.roem_words(best, self.trump))} to {SIDE_NAMES[side]} ({jas.gain_text(pts, stre)})"
            )
            if rej:
                txt += "; not scored: " + ", ".join(
                    f"{{{i}}} " + esc(roem.roem_words(m, self.trump)) for i, (_s, m) in enumerate(rej)
                )
            return LogEvent(k, txt, tuple(s for s, _m in rej), (), (side, pts, stre))
        if k == "end" and ev[1] == "void":
            return LogEvent(k, "hand over: void (equal counts of 100 or more)")
        return KruisState._log_event(self, ev)

    def status(self) -> str:
        a, b = self.counts
        s = f"Troef {SUIT_SYMBOLS[self.trump]} · 0/2: {a} · 1/3: {b}"
        if self.pit_alive:
            s += f" · pit bid by seat {self.pit_seat}"
        return s

    def observation(self, seat: int):
        """Kruisjassen's observation (``KruisState.observation``) without ``jas_wild`` and
        ``trickroem``, and in ``extra``: ``pit`` (the seat that bid pit, or None);
        ``pit_alive`` (the bid pit has not failed yet); ``roem_strepen`` ([a, b] strepen of
        stroke melds written this hand, at once: §6.3); ``stuk_struck`` (stuk points struck
        off by an opposing pit). ``declared[i]["scores"]``: only the single best meld."""
        obs = KruisState.observation(self, seat)
        obs.extra["pit"] = self.pit_seat if self.pit_seat >= 0 else None
        obs.extra["pit_alive"] = self.pit_alive
        obs.extra["roem_strepen"] = list(self.pend_roem)
        obs.extra["stuk_struck"] = self.stuk_struck
        obs.extra.pop("jas_wild", None)
        obs.extra.pop("trickroem", None)
        if self.phase != "meld" and self.declared:  # only the single best scores
            best = self._best_scoring()
            for d, (_s, m) in zip(obs.extra["declared"], self.declared):
                d["scores"] = m is best
        return obs

    def _best_scoring(self):
        """The meld that scores: the best declared (§6.3), after a failed pit the other
        side's best (§6.4); None while a pit is alive or when nothing scores."""
        if self.pit_alive:
            return None
        cands: Sequence[tuple[int, Meld]] = self.declared
        if self.pit_seat >= 0:
            cands = [(s, m) for s, m in cands if self.side[s] != self.side[self.pit_seat]]
        best = None
        for _s, m in cands:
            if best is None or self.game.roem.key(m, self.trump) > self.game.roem.key(best, self.trump):
                best = m
        return best


__all__ = ["BID_PIT", "GREV_ROEM", "Grevjas", "GrevState"]


Grevjas.state_class = GrevState  # the hand the family deals (new_hand, from_deal: jas.StreepjesJasGame)
