"""Butifarra, 4 players in two partnerships (cardtable/rules/butifarra.md).

The trick play is ``families/tricks.py``'s ``TrickHand`` with the ``BUTIFARRA`` ranking
(``families/trick_ranking.py``: 48 cards, no tens) and the ``ManilleRule``
(``families/follow.py``); the hand winner and the points above half are
``families/manille.py``'s (``hand_winner``, ``excess_points``). This module holds what is
Butifarra's own: the deal (§3), the trump choice with its delegation and the doubling round
(§4.1-4.2: phases ``trump`` and ``double``, Sant Vicenç), the multiplier and the scoring
modes (§7), the sheet's cells (``sheets.sides``), the words of the log and the summary, and
the observation with its ``extra`` keys (``ButifarraState.observation``). The record's
``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.cards import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, deck48_no_tens, shuffled
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Observation, Option, Result, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import NONE, Fact, LogEvent, Summary, VerbSpec, phrase
from cardtable.families.follow import ManilleRule
from cardtable.families.manille import SIDE_LETTERS, excess_points, hand_winner
from cardtable.families.partnerships import side_result
from cardtable.families.summaries import score_fact, side_fact
from cardtable.families.trick_deal import deal_packets, parse_trick_deal
from cardtable.families.trick_masks import mask_of
from cardtable.families.trick_ranking import BUTIFARRA
from cardtable.families.trick_views import PLAY_SPEC
from cardtable.families.tricks import TrickGame, TrickHand
from cardtable.sheets.sides import SIDE_HEADERS, SideTotals

# ---- actions, made once ------------------------------------------------------------------

PASS = Action("pass")
DOUBLE = Action("double")
REDOUBLE = Action("redouble")
TRUMP = {s: Action("trump", SUIT_LETTERS[s]) for s in range(4)}
TRUMP_NONE = Action("trump", "none")
#: §4.1: the dealer's choices, and his partner's after a pass
DEALER_CHOICES = [TRUMP[0], TRUMP[1], TRUMP[2], TRUMP[3], TRUMP_NONE, PASS]
PARTNER_CHOICES = DEALER_CHOICES[:5]

#: the verbs (engine.views), keys and labels as the table shows them, by phase
#: each verb's hint names its own key only: the table's prompt joins the hints of the verbs
#: on offer (a double round with no redouble on offer says nothing of ``r``)
_TRUMP_HINT = "name trumps: C \u2663 D \u2666 H \u2665 S \u2660"
TRUMP_VERBS = tuple(
    VerbSpec("trump", sym, L, _TRUMP_HINT, NONE, arg=L) for L, sym in zip(SUIT_LETTERS, SUIT_SYMBOLS)
) + (
    VerbSpec("trump", "Butifarra (no trumps)", "b", "b butifarra (\u00d72)", NONE, arg="none"),
    VerbSpec("pass", "Pass to partner", "p", "p passes to your partner", NONE),
)
DOUBLE_VERBS = (
    VerbSpec("double", "Double", "d", "d doubles", NONE),
    VerbSpec("redouble", "Redouble", "r", "r redoubles", NONE),
    VerbSpec("pass", "Pass", "p", "p passes", NONE),
)
SANT_VICENC_VERBS = (
    DOUBLE_VERBS[0],
    VerbSpec("redouble", "Sant Vicenç", "r", "r redoubles again (Sant Vicenç)", NONE),
    DOUBLE_VERBS[2],
)

N_TRICKS = 12
PER_TRICK = 1  # §2: every trick is worth 1 point
HAND_TOTAL = 72  # §2: 60 card points + 12 tricks
HALF = 36  # §7.3: a side needs more than 36
WIN_AT = 37  # §7.3: 37 or more of the 72 wins the hand

_PACK = tuple(deck48_no_tens())
_DECK = mask_of(_PACK)

#: the doubling level's word (§8): none, double, redouble, Sant Vicenç
LEVEL_WORDS = ("none", "double", "redouble", "sant_vicenc")
LEVEL_SHEET = ("—", "dubbel", "herdubbel", "Sant Vicenç")
#: the verb of each call (level 1, 2, 3) and its word in the log
CALL_VERBS = ("double", "redouble", "redouble")
CALL_WORDS = {1: "double (dubbel)", 2: "redouble (herdubbel)", 3: "redouble (Sant Vicenç)"}


# ---- §7 scoring, as plain functions ------------------------------------------------------


def multiplier(butifarra: bool, level: int) -> int:
    """§7.2: ×2 for butifarra, ×2 per doubling level (1 double, 2 redouble, 3 Sant Vicenç)."""
    return (2 if butifarra else 1) << level


def hand_score(hand_points: Sequence[int], mult: int, score_mode: str = "excess") -> tuple[int | None, list[int]]:
    """§7.3-7.4: ``(winning side or None, [game points side A, side B])``.

    ``hand_points``: each side's card points + tricks (they add up to 72); ``mult``: the
    multiplier; ``score_mode``: ``excess`` (points above 36) or ``total`` (all points).
    A side with 37 or more scores, the other 0; 36-36 scores nothing."""
    side = hand_winner(hand_points, WIN_AT)
    if score_mode == "excess":
        gp = excess_points(hand_points, side, HALF)
    else:
        gp = [p if s == side else 0 for s, p in enumerate(hand_points)]
    return side, [p * mult for p in gp]


def contract_text(trump: int | None) -> str:
    """``♥`` for a trump suit, ``butifarra`` for no trumps (§8)."""
    return "butifarra" if trump is None else SUIT_SYMBOLS[trump]


# ---- the game ------------------------------------------------------------------------------


@register
class Butifarra(TrickGame):
    """Butifarra (butifarra.md). Options §9: ``score_mode`` (excess/total), ``target``
    (game points to win, default 101), ``sant_vicenc`` (a third doubling, default off)."""

    id = "butifarra"
    name = "Butifarra"
    #: butifarra.md §4: the trump choice (``trump none`` = butifarra), the doublings, play.
    grammar = Grammar(
        {
            "trump": ("<suit>", "none"),
            "pass": "",
            "double": "",
            "redouble": "",
            "play": "<card>",
        }
    )
    family = "butifarra"
    min_players = 4
    max_players = 4
    deck_name = "48 (no tens)"
    description = (
        "Catalan two against two: the dealer names trumps or butifarra (no trumps), "
        "double and redouble, score above 36, play to 101."
    )
    option_specs = (
        Option(
            "score_mode",
            "choice",
            "excess",
            "the hand's winner scores its points above 36 (excess) or all its points (total)",
            choices=("excess", "total"),
        ),
        Option("target", "int", 101, "game points needed to win the game", minimum=1, maximum=10000),
        Option("sant_vicenc", "bool", False, "after a redouble the opponents may redouble once more (Sant Vicenç, ×2)"),
    )

    #: trick order and card points (§2) and the follow rule (§5)
    ranking = BUTIFARRA
    rule = ManilleRule()

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.score_excess = self.options["score_mode"] == "excess"
        self.max_level = 3 if self.options["sant_vicenc"] else 2

    def team_of(self, seat: int) -> int:
        return seat & 1

    def deck(self) -> list[int]:
        return list(_PACK)

    def check_result(self, result: Result, state: "ButifarraState") -> list[str]:
        """The spec's totals for a finished hand (§2, §7): 12 tricks worth 60 card points
        + 12 = 72; the multiplier M is 2 under butifarra times 2 per call; only a side above
        36 scores, (points - 36) x M (score_mode ``total``: points x M); 36-36 scores
        nothing; partners alike. Problems as sentences; ``[]`` if none."""
        out = []
        p, d = result.points, result.detail
        if result.outcome not in {"won", "tie"}:
            out.append(f"outcome {result.outcome!r} is not won or tie")
        if p[0] != p[2] or p[1] != p[3]:
            out.append(f"partners score together: {p}")
        hp, m = d["hand_points"], d["multiplier"]
        if d["tricks_played"] != N_TRICKS or sum(d["side_tricks"]) != N_TRICKS:
            out.append(f"{N_TRICKS} tricks are played: {d['tricks_played']}, {d['side_tricks']}")
        if sum(hp) != 72 or sum(d["card_points"]) != 60:
            out.append(f"hand points sum to 72 and card points to 60: {hp}, {d['card_points']}")
        if m not in {1, 2, 4, 8, 16} or m != (2 if d["contract"] == "none" else 1) * 2 ** len(d["callers"]):
            out.append(f"multiplier {m} does not fit contract {d['contract']} and calls {d['callers']}")
        if hp[0] == hp[1]:
            if result.outcome != "tie" or any(p) or result.winners:
                out.append(f"a 36-36 hand is a tie that scores nothing: {result.outcome}, {p}")
        else:
            w = 0 if hp[0] > hp[1] else 1
            base = hp[w] - 36 if d["score_mode"] == "excess" else hp[w]
            if p[w] != base * m or p[1 - w] != 0:
                out.append(f"side {w} scores {base} x {m} and the other nothing, not {p}")
            if result.winners != [w, w + 2]:
                out.append(f"the winners are seats {w} and {w + 2}, not {result.winners}")
        return out

    def new_sheet(self) -> SideTotals:
        """Running totals to ``target`` (§8); seat 0 deals first."""
        return SideTotals(self.options["target"], columns=SHEET_COLUMNS, first_dealer=0)

    # -- §3 deal --
    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: SideTotals | None = None
    ) -> "ButifarraState":
        """Shuffle (seeded) and deal all 48 cards in three rounds of 4 from voorhand round to
        the dealer (§3). The dealer and the game points so far (``totals``) come from
        ``standing`` (or ``sheet=``, read as ``sheet.standing()``; neither: a fresh match)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(_PACK, rng_for(seed))
        dealer = standing.next_dealer
        hands = deal_packets(pack, 4, dealer, (4, 4, 4))
        st = ButifarraState(self, dealer, [mask_of(h) for h in hands], standing)
        st.seed = seed
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: SideTotals | None = None
    ) -> "ButifarraState":
        """An exact deal ``{"dealer": 0, "hands": [[12 codes] x4], "upcard": null, "stock": []}``.

        DealError unless: dealer 0..3, four hands of 12 cards, together the 48 cards without
        tens, each once; no upcard; no stock. Totals come from ``standing`` (or ``sheet=``)."""
        dealer, masks, _up, _stock = parse_trick_deal(
            deal, 4, 12, _DECK, "the 48-card pack (no tens)", "butifarra", upcard=False
        )
        if deal.get("upcard") is not None:
            raise DealError("butifarra turns no card: the upcard must be null")
        return ButifarraState(self, dealer, masks, self.standing_of(standing, sheet))


#: the descriptive columns of the sheet (§8), filled from ``detail["sheet_row"]``
SHEET_COLUMNS = (
    ("dealer", "Dealer"),
    ("contract", "Contract"),
    ("doubling", "Doubling"),
    ("points", "Points"),
    ("mult", "×"),
)


# ---- the state -----------------------------------------------------------------------------


class ButifarraState(TrickHand):
    """One hand of butifarra: the trick play is ``TrickHand``'s (1 point per trick); the
    trump choice, the doubling and the scoring are here."""

    game: Butifarra

    per_trick = PER_TRICK
    #: the spec's word (``trump C``, "Trump ♥" in the status line), on the table too
    trump_label = "Trump"

    def __init__(self, game: Butifarra, dealer: int, hands: list[int], standing: Standing):
        super().__init__(game, dealer, hands, None, None, N_TRICKS)
        self.totals0 = (standing.totals[0], standing.totals[1])  # per side
        # §4.1 trump choice: the dealer acts first
        self.phase = "trump"
        self.to_act = dealer
        self.contract: str | None = None  # "C" "D" "H" "S" or "none" once chosen
        self.chooser = -1
        self.delegated = False
        # §4.2 doubling
        self.level = 0  # 0 none, 1 double, 2 redouble, 3 Sant Vicenç
        self.callers: tuple[int, ...] = ()  # seat of each doubling call, in order
        self.ask: tuple[int, ...] = ()  # seats still to be asked in this round

    @property
    def mult(self) -> int:
        """The multiplier M of §7.2 as it stands."""
        return multiplier(self.contract == "none", self.level)

    @property
    def dealing_side(self) -> int:
        return self.dealer & 1

    # -- legality --
    def _legal_other(self) -> list[Action]:
        ph = self.phase
        if ph == "trump":
            return PARTNER_CHOICES if self.delegated else DEALER_CHOICES
        if ph == "double":
            return [DOUBLE if self.level == 0 else REDOUBLE, PASS]
        return []

    # -- applying --
    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.to_act
        assert seat is not None, "the engine applies actions only while the hand is on"
        if v == "play":
            self._play(seat, action.cards[0])
        elif v == "trump":
            assert action.arg is not None, "a legal trump action names its choice"
            self._choose(seat, action.arg)
        elif v == "pass":
            if self.phase == "trump":
                self.delegated = True
                self._log("delegate", seat)
                self.to_act = seat ^ 2
            else:
                self._log("pass", seat)
                self.ask = self.ask[1:]
                if self.ask:
                    self.to_act = self.ask[0]
                else:
                    self._start_play()
        elif v in ("double", "redouble"):
            self.level += 1
            self.callers = self.callers + (seat,)
            self._log("call", seat, self.level)
            if self.level >= self.game.max_level:
                self._start_play()
            else:
                self._ask_side_after(seat)
        else:  # pragma: no cover - the engine only passes legal actions
            raise ValueError(f"unknown action {action.text()}")

    def _choose(self, seat: int, arg: str) -> None:
        """§4.1: the contract is fixed; the doubling starts with the dealer's left-hand
        opponent (as if the dealing side had made the opening call)."""
        self.contract = arg
        self.trump = None if arg == "none" else SUIT_LETTERS.index(arg)
        self.t = self.game.ranking.table(self.trump)
        self.chooser = seat
        self._log("trump", seat, self.trump)
        self.phase = "double"
        self._ask_side_after(self.dealer)

    def _ask_side_after(self, seat: int) -> None:
        """§4.2: the other side is asked in play order, starting after ``seat``."""
        self.ask = ((seat + 1) & 3, (seat + 3) & 3)
        self.to_act = self.ask[0]

    def _start_play(self) -> None:
        """§4.3: voorhand leads the first trick, whoever chose trumps."""
        self.ask = ()
        self.phase = "play"
        self.to_act = (self.dealer + 1) & 3
        self._log("play_starts", self.mult)

    # -- §7 scoring --
    def _hand_over(self) -> None:
        hp = self.trick_pts  # card points + 1 per trick, per side
        mode = self.game.options["score_mode"]
        side, gp = hand_score(hp, self.mult, mode)
        card_pts = [hp[0] - self.side_tricks[0], hp[1] - self.side_tricks[1]]
        self.end = {
            "outcome": "tie" if side is None else "won",
            "winning_side": side,
            "hand_points": list(hp),
            "card_points": card_pts,
            "side_tricks": list(self.side_tricks),
            "contract": self.contract,
            "trump": None if self.trump is None else SUIT_LETTERS[self.trump],
            "chooser": self.chooser,
            "delegated": self.delegated,
            "doubling": LEVEL_WORDS[self.level],
            "callers": list(self.callers),
            "multiplier": self.mult,
            "score_mode": mode,
            "game_points": gp,
            "totals_before": list(self.totals0),
            "totals": [self.totals0[0] + gp[0], self.totals0[1] + gp[1]],
            "dealer": self.dealer,
            "next_dealer": (self.dealer + 1) & 3,
            "tricks_played": self.ntricks,
            "sheet_row": {
                "dealer": str(self.dealer),
                "contract": contract_text(self.trump) + (" (partner)" if self.delegated else ""),
                "doubling": LEVEL_SHEET[self.level],
                "points": f"{hp[0]} – {hp[1]}",
                "mult": str(self.mult),
            },
        }
        self._log("end", side, hp, gp)
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        """§7 once the hand is over, else None: ``points`` = game points per seat
        (partners alike); ``outcome`` ``won`` or ``tie`` (36-36); ``winners`` the seats of
        the side that scored; ``summary``: the hand in words (who won by how much, the game
        points, the contract and doubling, the hand points)."""
        res = side_result(self.end)
        if res is not None:
            res.summary = self._summary(res)
        return res

    def _summary(self, res: Result) -> Summary:
        d = res.detail
        w, hp = d["winning_side"], d["hand_points"]
        if w is None:
            head = f"A tie, {hp[0]} \u2013 {hp[1]}: nobody scores"
        else:
            head = f"Side {SIDE_HEADERS[w]} wins the hand, {hp[w]} to {hp[1 - w]}"
        facts = [score_fact("game points", SIDE_HEADERS, res.points, ((0, 2), (1, 3)), res.winners)]
        c = (
            "butifarra (no trumps)"
            if d["contract"] == "none"
            else f"trump {SUIT_SYMBOLS[SUIT_LETTERS.index(d['contract'])]}"
        )
        c += ", chosen by {0}" + (" (the dealer passed)" if d["delegated"] else "")
        level = {
            "double": "doubled",
            "redouble": "doubled and redoubled",
            "sant_vicenc": "doubled, redoubled and Sant Vicenç",
        }.get(d["doubling"])
        if level:
            c += f"; {level}"
        c += f"; \u00d7{d['multiplier']}"
        facts.append(Fact("Contract", phrase(c, (d["chooser"],))))
        cp, tr = d["card_points"], d["side_tricks"]
        facts.append(
            side_fact(
                "Points",
                SIDE_HEADERS,
                hp,
                f"  (cards {cp[0]} \u2013 {cp[1]}, tricks {tr[0]} \u2013 {tr[1]})",
                res.winners,
            )
        )
        return Summary(phrase(head, kind="outcome"), tuple(facts))

    def returns_scale(self) -> float:
        """``returns()``: game points (multiplier included) per side over the hand's 72
        points, so an undoubled hand lies within +-0.5 and a doubled one within +-1."""
        return float(HAND_TOTAL)

    # -- explanations --
    def explain(self, action: Action) -> str:
        """Why ``action`` is refused now, in words."""
        v = action.verb
        seat = self.to_act
        ph = self.phase
        if ph == "over" or seat is None:
            return "the hand is over"
        if ph == "trump":
            if v == "pass":
                return f"seat {seat} must choose: the dealer handed over the choice, and it cannot be passed back"
            if v == "trump":
                return f"{action.text()}: name a suit (trump C, D, H or S) or trump none for butifarra"
            who = "the dealer's partner" if self.delegated else "the dealer"
            opts = "trump C|D|H|S or trump none" + ("" if self.delegated else ", or pass to the partner")
            return f"{action.text()}: {who} (seat {seat}) chooses trumps first: {opts}"
        if ph == "double":
            call = "double" if self.level == 0 else "redouble"
            if v in ("double", "redouble"):
                return f"{action.text()}: seat {seat} may now {call} or pass"
            return f"{action.text()}: doubling first: seat {seat} says {call} or pass"
        if v == "play" and len(action.cards) == 1:
            return self.explain_play(seat, action.cards[0])
        if v in ("trump", "double", "redouble", "pass"):
            return f"{action.text()}: the bidding is over: play a card"
        return f"{action.text()} is not an action of butifarra now"

    # -- what a seat sees --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "delegate":
            return LogEvent(k, "{0} {0:passes|pass} the trump choice to {1}", (ev[1], ev[1] ^ 2))
        if k == "trump":
            if ev[2] is None:
                return LogEvent(k, "{0} {0:declares|declare} butifarra (no trumps, ×2)", (ev[1],), (), (None,))
            return LogEvent(
                k, f"{{0}} {{0:names|name}} trumps: {SUIT_NAMES[ev[2]]} {SUIT_SYMBOLS[ev[2]]}", (ev[1],), (), (ev[2],)
            )
        if k == "call":
            return LogEvent(k, f"{{0}} {{0:says|say}} {CALL_WORDS[ev[2]]}", (ev[1],), (), (ev[2],))
        if k == "pass":
            return LogEvent(k, "{0} {0:passes|pass}", (ev[1],))
        if k == "play_starts":
            return LogEvent(k, f"play starts: ×{ev[1]}, {{0}} {{0:leads|lead}}", ((self.dealer + 1) & 3,), (), (ev[1],))
        if k == "end":
            side, hp, gp = ev[1], ev[2], ev[3]
            if side is None:
                return LogEvent(k, f"hand over: {hp[0]} – {hp[1]}, a tie: nobody scores", (), (), (side,))
            return LogEvent(
                k,
                f"hand over: {hp[0]} – {hp[1]}, side {SIDE_LETTERS[side]} ({side}/{side + 2}) scores {gp[side]}",
                (),
                (),
                (side,),
            )
        return super()._log_event(ev)

    # -- declared views --
    def verb_specs(self):
        """The verbs as the table shows them now: ``pass`` hands the trump choice to the
        partner in the trump phase; the second redouble is the Sant Vicenç."""
        if self.phase == "trump":
            return TRUMP_VERBS
        if self.phase == "double":
            return SANT_VICENC_VERBS if self.level == 2 else DOUBLE_VERBS
        return (PLAY_SPEC,)

    def no_trump_words(self) -> str:
        """``No trumps`` under a butifarra contract; before the choice the family's words."""
        return "No trumps" if self.contract == "none" else TrickHand.no_trump_words(self)

    def status(self) -> str:
        """One line: the contract (and who chose it), the doubling, the multiplier, the hand
        points so far and the game points on the sheet, e.g.
        ``Trump ♥ · herdubbel ×4 · hand A 40 – B 32 · game A 16 – B 0 / 101``."""
        a, b = self.trick_pts
        ga, gb = self.totals0
        tail = f"hand A {a} – B {b} · game A {ga} – B {gb} / {self.game.options['target']}"
        if self.contract is None:
            who = f"seat {self.to_act} (partner)" if self.delegated else f"seat {self.dealer} (dealer)"
            return f"Trump choice: {who} · {tail}"
        c = "Butifarra" if self.trump is None else f"Trump {SUIT_SYMBOLS[self.trump]}"
        if self.delegated:
            c += " (partner)"
        dbl = "" if self.level == 0 else f" · {LEVEL_SHEET[self.level]}"
        return f"{c}{dbl} ×{self.mult} · {tail}"

    def observation(self, seat: int) -> Observation:
        """The generic fields: ``trump`` the trump suit, None under butifarra and before
        the choice (``extra["contract"]`` tells them apart); ``upcard`` None; ``hand`` trump
        first, then the other suits alternating colours, each 9 A K Q J 8 … 2; ``scores``
        ``{"hand_points": [a, b], "totals": [a, b]}`` (card points + 1 per trick so far; the
        game points when the hand was dealt); ``status`` ``Trump choice: seat 0 (dealer) ·
        hand A 0 – B 0 · game A 0 – B 0 / 101``, later ``Trump ♥ (partner) · herdubbel ×4 ·
        …``.

        ``extra`` keys: ``contract`` (``"C"`` … ``"S"`` or ``"none"`` for butifarra once
        chosen, else None); ``chooser`` (the seat that chose, None before); ``delegated``
        (the dealer passed the choice to his partner); ``dealing_side`` (0 or 1);
        ``doubling`` (``none``, ``double``, ``redouble``, ``sant_vicenc``); ``calls``
        ([{"seat", "call"}] in order); ``asked`` (the seats still to be asked in the doubling
        round, the first to act); ``multiplier`` (M as it stands, §7.2); ``hand_points``,
        ``side_tricks`` [a, b]; ``played``; ``tricks`` ([{"leader", "cards": [[seat, code],
        …], "winner", "points"}]); ``totals`` [a, b] (game points when the hand was dealt);
        ``target``, ``score_mode``, ``sant_vicenc`` (the options); ``result`` (the Result
        detail once over, else None)."""
        extra = {
            "contract": self.contract,
            "chooser": self.chooser if self.chooser >= 0 else None,
            "delegated": self.delegated,
            "dealing_side": self.dealing_side,
            "doubling": LEVEL_WORDS[self.level],
            "calls": [{"seat": s, "call": CALL_VERBS[i]} for i, s in enumerate(self.callers)],
            "asked": list(self.ask),
            "multiplier": self.mult,
            "hand_points": list(self.trick_pts),
            "side_tricks": list(self.side_tricks),
            "played": self.played_codes(),
            "tricks": self.tricks_json(),
            "totals": list(self.totals0),
            "target": self.game.options["target"],
            "score_mode": self.game.options["score_mode"],
            "sant_vicenc": self.game.options["sant_vicenc"],
            "result": None if (res := self.result()) is None else res.detail,
        }
        scores = {"hand_points": list(self.trick_pts), "totals": list(self.totals0)}
        return self.make_observation(seat, scores, extra)
