"""Kruisjassen, 4 players in two partnerships (cardtable/rules/kruisjassen.md).

The jas family's hand (``families/jas.py``: ``StreepjesJasGame``, ``JasHand``) with its
defaults: the meld round with roem precedence (``side_all``), stuk on either card, trick
roem, claims, pit, the end without a claim and carried counts. This module holds the
game's grammar and options, its words (the log events, why an action is refused, the
summary's headlines), the sample check of ``roem_mode = auto`` (``_iset_accept``), the
146-point check of a hand (``check_result``) and the observation with its ``extra`` keys
(``KruisState.observation``). Rulings: the spec's §10; the record's ``deal`` and
``result.detail``: docs/records.md.
"""

from __future__ import annotations

from cardtable.cards import SUIT_SYMBOLS, Card, card_text
from cardtable.engine.actions import Action
from cardtable.engine.game import MeldView, Observation, Option, Result
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import NONE, LogEvent, VerbSpec
from cardtable.families import jas, roem
from cardtable.families.follow import JasRule
from cardtable.families.jas import CLAIM, DECLARE_STUK, DECLARE_TRICKROEM, PASS, JasHand  # noqa: F401
from cardtable.families.partnerships import SIDE_NAMES
from cardtable.families.roem import KRUIS_ROEM, Meld, MeldError  # noqa: F401
from cardtable.families.trick_masks import cards_of
from cardtable.families.trick_ranking import JAS
from cardtable.families.trick_views import PLAY_SPEC, esc
from cardtable.families.tricks import TrickHand
from cardtable.sheets.streepjes import Streepjes

# ---- actions, made once ------------------------------------------------------------------


LAST_TRICK = 5  # §2: 5 points for the last trick
STUK_VALUE = 20  # §6.4
N_TRICKS = 8

#: the verbs (engine.views): play, "Ik dek", pass, the roem of the jas family
CLAIM_SPEC = VerbSpec(
    "claim",
    "Ik dek",
    "c",
    "c claims 100 (\u201cik dek\u201d)",
    NONE,
    confirm="Claim now? The hand ends at once, and a wrong claim loses it.",
)
VERBS = (PLAY_SPEC, CLAIM_SPEC, roem.ROEM_PASS_SPEC) + roem.ROEM_VERBS


def _side_text(side: int) -> str:
    return SIDE_NAMES[side]


#: the headline of a hand's outcome (the summary)
_OUTCOME_WORDS = {
    "claim": "Ik dek: a correct claim",
    "wrong_claim": "Ik dek: a wrong claim",
    "pit": "Pit (doormars): all eight tricks",
    "end": "The hand was played out",
    "carried": "Nobody reached 100: the counts carry over",
    "void": "A void hand: nothing is written",
}


_plural = jas.strepen_text


# ---- the game ------------------------------------------------------------------------------


@register
class Kruisjassen(jas.StreepjesJasGame):
    """Kruisjassen (kruisjassen.md). Options §9: ``target`` (strepen to win, default 11),
    ``claim_mode`` (manual/auto), ``roem_mode`` (manual/auto), ``jas_wild`` (false/true)."""

    sheet_factory = staticmethod(Streepjes)

    id = "kruisjassen"
    name = "Kruisjassen"
    #: kruisjassen.md §4 (claim and trickroem whatever the options: legality says when).
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "claim": "",
            "declare": ("seq<N> <cards>", "carre <cards>", "stuk", "trickroem"),
        }
    )
    description = 'Two against two with troef, roem and stuk; claim 100 ("ik dek"), play to 11 strepen.'
    option_specs = (
        Option("target", "int", 11, "strepen needed to win the game", minimum=1, maximum=1000),
        Option(
            "claim_mode", "choice", "manual", 'who says "ik dek": the players or the engine', choices=("manual", "auto")
        ),
        Option("roem_mode", "choice", "manual", "who declares roem and trick roem", choices=("manual", "auto")),
        Option("jas_wild", "bool", False, "a jas that is one's last trump need not be played to a trump lead"),
    )

    #: trick order and card points (§2), roem (§6) and the follow rule (§5)
    ranking = JAS
    roem = KRUIS_ROEM

    def jas_rule(self) -> JasRule:
        return JasRule(jas_wild=self.options["jas_wild"])

    def check_result(self, result: Result, state: "KruisState") -> list[str]:
        """The spec's totals for a finished hand (§2, §7): an outcome of §7, no negative
        strepen, partners write alike, and a hand of 8 tricks holds 146 trick points
        (``detail["trick_points"]``: 60 + the last trick's 5 + ... per the pack). Problems
        as sentences; ``[]`` if none."""
        out = jas.streepjes_problems(result, "§7")
        d = result.detail
        if sum(state.observation(0).tricks_won) == 8 and sum(d["trick_points"]) != 146:
            out.append(f"8 tricks hold 146 trick points, not {d['trick_points']}")
        return out

    # -- §3 deal --


# ---- the state -----------------------------------------------------------------------------


class KruisState(JasHand):
    """One hand of kruisjassen: plain ints, tuples and bitmasks (cheap to clone); the meld
    round, stuk, trick roem, claims and the end are the jas family's (``jas.JasHand``) with
    its defaults (4 seats in two sides, 100 to claim, onder jan below 50, pit 3 strepen,
    5 for the last trick); the words (log, summary, explanations) and the observation are
    kruisjassen's."""

    game: jas.StreepjesJasGame
    last_bonus = LAST_TRICK
    verb_table: tuple[VerbSpec, ...] = VERBS
    outcome_words = _OUTCOME_WORDS

    def __init__(self, game: jas.StreepjesJasGame, dealer: int, hands: list[int], upcard: int, standing: Standing):
        JasHand.__init__(self, game, dealer, hands, upcard, standing, N_TRICKS)

    # -- search (engine/search.py) --
    def _iset_accept(self):
        """With ``roem_mode = auto`` the roem was declared by the engine from the hands
        (§6.6): a sample is kept only if its starting hands declare the same (the same
        announcements by the same seats, stuk alike); else None (no check)."""
        if self.game.roem_manual:
            return None
        want = [(s, self.game.roem.key(m, self.trump)) for s, m in self.declared]
        stuk = self.stuk_by

        standing = Standing(
            n_seats=4,
            next_dealer=self.dealer,
            unit="strepen",
            totals=(self.strepen0[0], self.strepen0[1]) * 2,
            carry=tuple(self.start_counts),
        )

        def accept(w: "KruisState") -> bool:
            again = type(w)(w.game, w.dealer, list(w.start_hands), w.upcard, standing)
            got = [(s, again.game.roem.key(m, again.trump)) for s, m in again.declared]
            return got == want and (self.stuk_when != "first" or again.stuk_by == stuk)

        return accept

    # -- explanations --
    def explain(self, action: Action) -> str:
        """Why ``action`` is refused now, in words."""
        v, arg = action.verb, action.arg
        seat = self.to_act
        ph = self.phase
        if ph == "over" or seat is None:
            return "the hand is over"
        if ph == "meld":
            if v == "declare" and arg not in ("stuk", "trickroem"):
                return self._explain_meld(seat, action)
            if v == "declare" and arg == "stuk":
                if self.stuk_seat != seat:
                    return f"seat {seat} does not hold K and Q of troef: no stuk"
                return "stuk has already been declared"
            if v == "claim":
                return 'no claim in the meld phase: "ik dek" is said on a play turn'
            return f"{action.text()}: it is seat {seat}'s meld turn: declare roem or pass"
        if ph == "trickroem":
            if v == "claim":
                return "claims are made automatically (claim_mode = auto)"
            assert self.tr_pending is not None, "the trickroem phase has a pending trick roem"
            return (
                f"seat {seat} won a trick holding {roem.roem_words(self.tr_pending, self.trump)}: "
                "declare trickroem or pass first"
            )
        # play
        if v == "play" and len(action.cards) == 1:
            c = action.cards[0]
            if self.stuk_forced and c in self._hand_cards(seat):
                return "after declaring stuk you must play your troef K or Q" + (
                    " (or claim)" if self.game.claim_manual else ""
                )
            return self.explain_play(seat, c)
        if v == "claim":
            return "claims are made automatically (claim_mode = auto)"
        if v == "declare" and arg == "stuk":
            if self.stuk_by >= 0:
                return "stuk may be declared once per hand"
            if self.stuk_seat != seat:
                return f"seat {seat} did not hold K and Q of troef at the start: no stuk"
            if self.stuk_forced:
                return "stuk is declared: now play your troef K or Q"
            return "stuk is declared when you play your troef K or Q, and that card is not a legal play now"
        if v == "declare" and arg == "trickroem":
            return "there is no trick roem to declare now"
        if v == "declare":
            return "roem is declared in the meld phase, before the first card is played"
        if v == "pass":
            return "you cannot pass on a play turn: play a card"
        return f"{action.text()} is not an action of kruisjassen now"

    def _hand_cards(self, seat: int) -> list[int]:
        return cards_of(self.hands[seat])

    def _explain_meld_more(self, seat: int, action: Action, m: Meld) -> str:
        """A first meld that does not outrank the roem declared (§6.2; not in a game
        without ``outrank_first``)."""
        rules = self.game.roem
        if self.outrank_first and not self.turn_melds and self.bar is not None:
            best = next(x for s, x in self.declared if rules.key(x, self.trump) == self.bar)
            a, b = m, best
            if len(a.cards) != len(b.cards):
                reason = f"{len(a.cards)} cards against {len(b.cards)}"
            elif a.top != b.top:
                reason = (
                    f"{len(a.cards)} cards against {len(b.cards)}, top {roem.RANK_LETTER[a.top]} "
                    f"below top {roem.RANK_LETTER[b.top]}"
                )
            elif a.value != b.value:
                reason = f"same cards and top, value {a.value} below {b.value}"
            else:
                reason = "it is not higher (equal roem: the first declared stands)"
            return (
                f"{action.text()}: {roem.roem_words(a, self.trump)} does not outrank "
                f"{roem.roem_words(b, self.trump)} declared by seat {self.top_seat} ({reason}); "
                "your first meld must be higher than all roem declared"
            )
        return f"{action.text()} is not allowed now"  # pragma: no cover

    # -- what a seat sees --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        tr = self.trump
        if k == "meld":
            return LogEvent(k, "{0} {0:declares|declare} " + esc(roem.roem_words(ev[2], tr)), (ev[1],))
        if k == "stuk":
            return LogEvent(k, f"{{0}} {{0:declares|declare}} stuk (+{STUK_VALUE})", (ev[1],))
        if k == "pass":
            return LogEvent(k, "{0} {0:passes|pass}", (ev[1],))
        if k == "resolve":
            side, pts, stre = ev[1], ev[2], ev[3]
            rej = [(s, m) for s, m in self.declared if s & 1 != side]
            txt = f"roem to {_side_text(side)} ({jas.gain_text(pts, stre, ' pending')})"
            if rej:
                txt += "; rejected: " + ", ".join(
                    f"{{{i}}} " + esc(roem.roem_words(m, tr)) for i, (_s, m) in enumerate(rej)
                )
            return LogEvent(k, txt, tuple(s for s, _m in rej), (), (side, pts, stre))
        if k == "play" or k == "trick":
            return TrickHand._log_event(self, ev)
        if k == "show":
            parts: list[str] = []
            cards: list[Card] = []
            for i, (_s, m) in enumerate(self.declared):
                idx = " ".join(f"{{c{len(cards) + j}}}" for j in range(len(m.cards)))
                cards.extend(m.cards)
                parts.append(f"{{{i}}} {esc(roem.roem_words(m, tr, top=False))} {idx}")
            return LogEvent(k, "roem shown: " + "; ".join(parts), tuple(s for s, _m in self.declared), cards)
        if k == "trickroem":
            m = ev[2]
            gain = f"+{m.value}" if not self.game.roem.is_stroke(m) else f"{_plural(self.game.roem.strepen(m))} pending"
            return LogEvent(
                k, "{0} {0:scores|score} trick roem " + esc(roem.roem_words(m, tr)) + f" ({gain})", (ev[1],), m.cards
            )
        if k == "trickroem_pass":
            return LogEvent(k, "{0} {0:lets|let} the trick roem go", (ev[1],))
        if k == "claim":
            return self._claim_log(ev)
        if k == "autoclaim":
            return LogEvent(k, f"{_side_text(ev[1])} has {ev[2]}: claimed", (), (), (ev[1], ev[2]))
        if k == "end":
            outcome, side, s = ev[1], ev[2], ev[3]
            if outcome == "void":
                return LogEvent(k, "hand over: void (equal counts of 100 or more), nothing is written")
            if outcome == "carried":
                return LogEvent(
                    k, f"hand over: nobody has 100, the counts {self.counts[0]} - {self.counts[1]} carry over"
                )
            words = {"claim": "claim", "wrong_claim": "wrong claim", "pit": "pit", "end": "highest count"}
            return LogEvent(
                k,
                f"hand over ({words[outcome]}): {_side_text(side)} wins; strepen {s[0]} - {s[1]}",
                (),
                (),
                (outcome, side),
            )
        return None

    # -- declared views --
    def status(self) -> str:
        a, b = self.counts
        return f"Troef {SUIT_SYMBOLS[self.trump]} · 0/2: {a} · 1/3: {b}"

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees (the generic fields as in ``engine.game.Observation``).

        ``hand``: troef first, then the other suits alternating colours, each high to low in
        trick order; ``upcard``: always the turned card (it shows troef; ``upcard_held``
        says whether the dealer still holds it); ``scores``: ``{"counts": [a, b],
        "strepen": [a, b]}`` (this hand's counts; the strepen when the hand was dealt);
        ``status``: ``Troef ♥ · 0/2: 45 · 1/3: 20``; ``melds``: the declared melds once
        public (after the first trick), ``run`` for a sequence, ``set`` for a carré.

        ``extra`` keys: ``declared``: [{"seat", "announce" ("seq3 to K"), "key" (the
        precedence key: [cards, top, value, in trump]), "cards" (codes when public or the
        seat's own, else None), "scores" (None before the resolution, then True/False)}] in
        the order declared; ``stuk``: the seat that declared stuk, or None; ``stuk_forced``:
        the seat to act declared stuk and must now play its trump K or Q (or claim);
        ``roem_side``: 0/1 once roem is resolved, else None; ``roem_bar``: the precedence
        key of the highest meld declared so far (None if none); ``meld_turn``: the seat
        whose meld turn it is (meld phase), else None; ``my_melds``: the action texts of the
        melds this seat declared; ``pending_strepen``: [a, b] strepen of stroke melds and
        trick carrés to be written at the end; ``trickroem``: {"seat", "announce", "value"}
        while a trick-roem decision is open, else None; ``played``: codes of the cards in
        completed tricks; ``tricks``: [{"leader", "cards": [[seat, code], …], "winner",
        "points"}]; ``side_tricks``: [a, b]; ``trick_points``: [a, b] card points from
        tricks (with the last trick's 5); ``counts_at_start``: [a, b] carried into this
        hand; ``upcard_held``; ``claim_mode``, ``roem_mode``, ``jas_wild``: the options;
        ``result``: the Result detail once the hand is over, else None.
        """
        public = self._public()
        declared = []
        melds: list[MeldView] = []
        for _i, (s, m) in enumerate(self.declared):
            show = public or s == seat
            declared.append(
                {
                    "seat": s,
                    "announce": roem.announce(m, self.trump),
                    "key": list(self.game.roem.key(m, self.trump)),
                    "cards": [card_text(c) for c in m.cards] if show else None,
                    "scores": None if self.phase == "meld" else (s & 1) == self.roem_side,
                }
            )
            if public:
                melds.append(MeldView(len(melds) + 1, s, "run" if m.kind == "seq" else "set", m.cards))
        tp = self.tr_pending
        extra = {
            "declared": declared,
            "stuk": self.stuk_by if self.stuk_by >= 0 else None,
            "stuk_forced": self.stuk_forced,
            "roem_side": self.roem_side,
            "roem_bar": list(self.bar) if self.bar is not None else None,
            "meld_turn": self.to_act if self.phase == "meld" else None,
            "my_melds": [m.action().text() for s, m in self.declared if s == seat],
            "pending_strepen": [self.pend_roem[0] + self.pend_trick[0], self.pend_roem[1] + self.pend_trick[1]],
            "trickroem": None
            if tp is None
            else {"seat": self.to_act, "announce": roem.announce(tp, self.trump), "value": tp.value},
            "played": self.played_codes(),
            "tricks": self.tricks_json(),
            "side_tricks": list(self.side_tricks),
            "trick_points": list(self.trick_pts),
            "counts_at_start": list(self.start_counts),
            "upcard_held": bool((self.hands[self.dealer] >> self.upcard) & 1),
            "claim_mode": self.game.options["claim_mode"],
            "roem_mode": self.game.options["roem_mode"],
            "jas_wild": self.game.options.get("jas_wild", False),
            "result": None if self.end is None else dict(self.end),
        }
        return self.make_observation(
            seat, scores={"counts": list(self.counts), "strepen": list(self.strepen0)}, extra=extra, melds=tuple(melds)
        )


__all__ = ["Kruisjassen", "KruisState"]


Kruisjassen.state_class = KruisState  # the hand the family deals (new_hand, from_deal: jas.StreepjesJasGame)
