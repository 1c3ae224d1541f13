"""Kruisjassen, 4 players in two partnerships (shared/rules/kruisjassen.md).

Seats 0/2 (side 0) play against seats 1/3 (side 1). 32 piquet cards; the dealer's last
card is turned and fixes troef. Each side keeps a count (card points, roem, stuk, carried
points); the first side to claim ("ik dek") 100 correctly wins the hand: 1 streep, 2
against onder jan, 3 for a pit. First side to ``target`` strepen wins the game.

Phases (§4): ``meld`` (each seat: ``declare seq<N> …`` / ``declare carre …`` /
``declare stuk``, then ``pass``), roem resolution (no decision), ``play`` (``play <card>``,
``declare stuk``, ``claim``), ``trickroem`` (the winner of a trick holding trick roem:
``declare trickroem`` / ``pass`` / ``claim``), ``over``.

Observation (generic fields as in ``engine.game.Observation``):
  hand: display order, troef first then the other suits alternating colours, each high to
  low in trick order; upcard: always the turned card (it shows troef; see
  ``extra["upcard_held"]``); scores: ``{"counts": [a, b], "strepen": [a, b]}`` (counts of
  this hand; strepen on the sheet when the hand was dealt); status: ``Troef ♥ · 0/2: 45 ·
  1/3: 20``; melds: the declared melds whose cards are public (after the first trick),
  ``run`` for a sequence, ``set`` for a carré; log: public events in words.
``extra`` keys:
  ``declared``: [{"seat", "announce" ("seq3 to K"), "key" (precedence key, [cards, top,
      value, in trump]), "cards" (codes when public or own, else None), "scores"
      (None before the resolution, then True/False)}] in the order declared;
  ``stuk``: seat that declared stuk, or None;  ``stuk_forced``: the seat to act declared
      stuk and must now play its trump K or Q (or claim);
  ``roem_side``: 0/1 once roem has been resolved to a side, else None;
  ``roem_bar``: precedence key of the highest meld declared so far (None if none);
  ``meld_turn``: seat whose meld turn it is (meld phase), else None;
  ``my_melds``: action texts of the melds this seat declared;
  ``pending_strepen``: [a, b] strepen of stroke melds / trick carrés to be written at the end;
  ``trickroem``: {"seat", "announce", "value"} while a trick-roem decision is open, else None;
  ``played``: codes of the cards in completed tricks; ``tricks``: [{"leader", "cards":
      [[seat, code], …], "winner", "points"}] the completed tricks;
  ``side_tricks``: [a, b] tricks per side; ``trick_points``: [a, b] card points from
      tricks (incl. the last-trick 5); ``counts_at_start``: [a, b] carried into this hand;
  ``upcard_held``: the dealer still holds the turned card;
  ``claim_mode``, ``roem_mode``, ``jas_wild``: the options;
  ``result``: the Result detail once the hand is over, else None.

Result (§7.6): ``points`` = strepen written to each seat this hand (partners alike,
roem strepen included); ``outcome`` in claim, wrong_claim, pit, end, carried, void;
``winners`` = seats of the side that won the hand; ``detail``: ``outcome``,
``winning_side`` (0/1/None), ``strepen`` [a, b], ``counts`` [a, b] (final), ``carry``
[a, b] (counts the next hand starts with), ``next_dealer``, ``trick_points`` [a, b],
``tricks_played``, ``entries`` (what the sheet writes: [{side, strepen, reason}]),
``roem_side``, ``claimer`` (seat or None), ``counts_at_start``.

Search (``engine/search.py``): ``returns()`` = strepen written this hand (a carried hand:
the carried count / 100), side against side, over 3. Playouts never claim and always
declare stuk and trick roem. An information set knows the upcard while the dealer holds
it, stuk once declared, the melds once shown; before that a meld is known by its
announcement and each sample picks one that fits. With ``roem_mode = auto`` a sample is
kept only if its hands declare the same roem (bounded retries). Not used as evidence: a
seat that declares nothing or passes up stuk in manual mode (the rules allow it).

Rulings taken here beyond the spec (also in the report):
  * Stuk declared in the meld phase adds its 20 at the moment of ``declare stuk`` (the spec
    lists it under the resolution; nothing can be claimed in between, so the result is the
    same, and the count shown is right at once).
  * ``claim_mode = auto``: the engine checks for a claim after the meld phase, after a
    ``declare stuk`` in play and after each of tricks 1-7 (with its trick roem). The eighth
    trick ends the hand by §7.4 (pit first, else ``end``), so a side that takes every
    trick still scores its pit (3 strepen) in auto mode when it only reaches 100 on the last
    trick, and the score of ``end`` equals that of a claim.
  * A ``claim`` on a trick-roem decision is judged before (and instead of) that trick roem.
  * The log reason ``onder_jan`` is never written: a claim worth 2 is one ``claim`` entry
    (§8); the hand's strepen say whether it was doubled.
  * The bot's pit chase (§7.2) starts after its side has won at least one trick.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import SUIT_SYMBOLS, card_text, piquet32, shuffled
from cardtable.engine.actions import Action
from cardtable.engine.grammar import Grammar
from cardtable.engine.game import Game, MeldView, Observation, Option, Result, rng_for
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.families import jas
from cardtable.families.jas import KRUIS_ROEM, Meld, MeldError
from cardtable.engine.views import NONE, LogEvent, VerbSpec
from cardtable.families.tricks import (JAS, PASS_SPEC, PLAY_SPEC, SIDE_NAMES, JasRule, TrickHand, cards_of,
                                      deal_packets, esc, mask_of, parse_trick_deal, side_result)
from cardtable.engine.views import Summary, phrase
from cardtable.families.summaries import score_fact, side_fact
from cardtable.sheets.streepjes import Streepjes

# ---- actions, made once ------------------------------------------------------------------

PASS = Action("pass")
CLAIM = Action("claim")
DECLARE_STUK = Action("declare", "stuk")
DECLARE_TRICKROEM = Action("declare", "trickroem")

CLAIM_AT = 100        # §7.2: "ik dek" at 100
ONDER_JAN = 50        # §10.13: a count below 50
LAST_TRICK = 5        # §2: 5 points for the last trick
STUK_VALUE = 20       # §6.4
PIT_STREPEN = 3       # §7.3
N_TRICKS = 8

#: the verbs (engine.views): play, "Ik dek", pass, the roem of the jas family
CLAIM_SPEC = VerbSpec("claim", "Ik dek", "c", "claim 100 (\u201cik dek\u201d): a wrong claim loses the hand", NONE)
VERBS = (PLAY_SPEC, CLAIM_SPEC, PASS_SPEC) + jas.ROEM_VERBS

_PACK = tuple(piquet32())         # the unshuffled pack, made once
_PIQUET = mask_of(_PACK)


def _side_text(side: int) -> str:
    return SIDE_NAMES[side]


#: the headline of a hand's outcome (the summary)
_OUTCOME_WORDS = {
    "claim": "Ik dek: a correct claim", "wrong_claim": "Ik dek: a wrong claim",
    "pit": "Pit (doormars): all eight tricks", "end": "The hand was played out",
    "carried": "Nobody reached 100: the counts carry over", "void": "A void hand: nothing is written",
}


def _plural(n: int) -> str:
    return f"{n} streep" if n == 1 else f"{n} strepen"


# ---- the game ------------------------------------------------------------------------------

@register
class Kruisjassen(Game):
    """Kruisjassen (kruisjassen.md). Options §9: ``target`` (strepen to win, default 11),
    ``claim_mode`` (manual/auto), ``roem_mode`` (manual/auto), ``jas_wild`` (false/true)."""

    id = "kruisjassen"
    name = "Kruisjassen"
    #: kruisjassen.md §4 (claim and trickroem whatever the options: legality says when).
    grammar = Grammar({
        "play": "<card>",
        "pass": "",
        "claim": "",
        "declare": ("seq<N> <cards>", "carre <cards>", "stuk", "trickroem"),
    })
    family = "jas"
    min_players = 4
    max_players = 4
    deck_name = "piquet32"
    description = "Two against two with troef, roem and stuk; claim 100 (\"ik dek\"), play to 11 strepen."
    option_specs = (
        Option("target", "int", 11, "strepen needed to win the game", minimum=1),
        Option("claim_mode", "choice", "manual", "who says \"ik dek\": the players or the engine",
               choices=("manual", "auto")),
        Option("roem_mode", "choice", "manual", "who declares roem and trick roem",
               choices=("manual", "auto")),
        Option("jas_wild", "bool", False, "a jas that is one's last trump need not be played to a trump lead"),
    )

    #: trick order and card points (§2), roem (§6) and the follow rule (§5)
    ranking = JAS
    roem = KRUIS_ROEM

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.rule = JasRule(jas_wild=self.options["jas_wild"])
        self.claim_manual = self.options["claim_mode"] == "manual"
        self.roem_manual = self.options["roem_mode"] == "manual"

    def team_of(self, seat: int) -> int:
        return seat & 1

    def deck(self) -> list[int]:
        return piquet32()

    def check_result(self, result: Result, state: "KruisState") -> list[str]:
        """The spec's totals for a finished hand (§2, §7): an outcome of §7, no negative
        strepen, partners write alike, and a hand of 8 tricks holds 146 trick points
        (``detail["trick_points"]``: 60 + the last trick's 5 + ... per the pack). Problems
        as sentences; ``[]`` if none."""
        out = []
        p, d = result.points, result.detail
        if result.outcome not in {"claim", "wrong_claim", "pit", "end", "carried", "void"}:
            out.append(f"outcome {result.outcome!r} is not one of §7")
        if any(x < 0 for x in p):
            out.append(f"negative strepen {p}")
        if p[0] != p[2] or p[1] != p[3]:
            out.append(f"partners score together: {p}")
        if sum(state.observation(0).tricks_won) == 8 and sum(d["trick_points"]) != 146:
            out.append(f"8 tricks hold 146 trick points, not {d['trick_points']}")
        return out

    def new_sheet(self) -> Streepjes:
        """The streepjes sheet (§8) with this game's target; seat 0 deals first."""
        return Streepjes(4, self.options["target"], first_dealer=0)

    # -- §3 deal --
    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *,
                 sheet: Streepjes | None = None) -> "KruisState":
        """Shuffle (seeded) and deal 4-4 from voorhand round to the dealer; card 32, the
        dealer's eighth, is the upcard. Dealer, strepen (``totals``) and carried counts
        (``carry``) come from ``standing`` (or ``sheet=``, read as ``sheet.standing()``;
        neither: a fresh match)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(_PACK, rng_for(seed))
        dealer = standing.next_dealer
        hands = deal_packets(pack, 4, dealer, (4, 4))
        st = KruisState(self, dealer, [mask_of(h) for h in hands], pack[31], standing)
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *,
                  sheet: Streepjes | None = None) -> "KruisState":
        """An exact deal ``{"dealer": 0, "hands": [[codes] x4], "upcard": "7H"}``.

        DealError unless: dealer 0..3, four hands of 8 cards, the 32 distinct piquet cards,
        the upcard in the dealer's hand, no stock. The dealer is the deal's (carried counts
        and strepen still come from ``standing``, or ``sheet=``)."""
        dealer, masks, upcard, _stock = parse_trick_deal(
            deal, 4, 8, _PIQUET, "the 32-card piquet pack", "kruisjassen")
        return KruisState(self, dealer, masks, upcard, self.standing_of(standing, sheet))


# ---- the state -----------------------------------------------------------------------------

class KruisState(TrickHand):
    """One hand of kruisjassen: plain ints, tuples and bitmasks (cheap to clone); the trick
    machinery is ``TrickHand``'s, with 5 for the last trick."""

    last_bonus = LAST_TRICK
    copy_lists = ("hands", "counts")
    verb_table = VERBS
    _rzc = None            # (declared, roem zone) once the roem is public: a cache shared by clones

    def __init__(self, game: Kruisjassen, dealer: int, hands: list[int], upcard: int,
                 standing: Standing):
        super().__init__(game, dealer, hands, upcard >> 4, upcard, N_TRICKS)
        self.strepen0 = (standing.totals[0], standing.totals[1])   # per side
        carry = standing.carry or (0, 0)
        self.start_counts = tuple(carry)
        self.counts = list(carry)
        self.pend_roem = (0, 0)            # stroke-meld strepen of the roem side (§6.3)
        self.pend_trick = (0, 0)           # trick carrés (§6.5)
        # meld phase (§4.1, §6.2)
        self.phase = "meld"
        self.meld_step = 0
        self.turn_melds: tuple[Meld, ...] = ()
        self.declared: tuple[tuple[int, Meld], ...] = ()
        self.bar = None                    # precedence key of the highest meld so far
        self.top_seat = -1                 # its seat
        self.roem_side = None
        stuk = jas.stuk_mask(self.trump)
        self.stuk_seat = next((s for s in range(4) if hands[s] & stuk == stuk), -1)
        self.stuk_by = -1
        self.stuk_forced = False
        self.tr_pending: Meld | None = None
        self.phase = "meld"
        if not game.roem_manual:
            self._auto_meld_phase()

    # -- legality --
    def _legal_other(self) -> list[Action]:
        ph = self.phase
        if ph == "meld":
            return self._legal_meld()
        if ph == "trickroem":
            return [DECLARE_TRICKROEM, PASS, CLAIM] if self.game.claim_manual else [DECLARE_TRICKROEM, PASS]
        return []

    def legal_play_mask(self) -> int:
        """§5 by the follow rule; after ``declare stuk`` only the troef K or Q (§6.4)."""
        seat = self.to_act
        mask = self.game.rule.legal(self.t, self.hands[seat], self.led, self.win_card,
                                    (self.win_seat ^ seat) == 2)
        if self.stuk_forced and self.stuk_seat == seat:
            mask &= jas.stuk_mask(self.trump)
        return mask

    def _stuk_here(self, mask: int) -> bool:
        """§6.4: the seat to act may declare stuk now (a stuk card is a legal play)."""
        return (self.stuk_seat == self.to_act and not self.stuk_forced and self.stuk_by < 0
                and bool(mask & jas.stuk_mask(self.trump)))

    def _legal_play(self) -> list[Action]:
        mask = self.legal_play_mask()
        acts = self.play_actions(mask)
        if self._stuk_here(mask):
            acts.append(DECLARE_STUK)
        if self.game.claim_manual:
            acts.append(CLAIM)
        return acts

    # -- search (engine/search.py) --
    def rollout_actions(self) -> list[Action]:
        """Random playouts never claim (the hand is played out, §7.4) and always declare
        trick roem and stuk when offered; otherwise ``legal_actions()``."""
        legal = self._legal()
        if self.phase == "trickroem":
            return [DECLARE_TRICKROEM]
        if DECLARE_STUK in legal:
            return [DECLARE_STUK]
        if self.phase == "play":
            return self.play_actions(self.legal_play_mask())
        return [a for a in legal if a != CLAIM] or legal

    def _rollout_mask(self) -> int:
        if self.phase != "play":
            return 0
        seat = self.to_act
        mask = self.game.rule.legal(self.t, self.hands[seat], self.led, self.win_card,
                                    (self.win_seat ^ seat) == 2)
        if self.stuk_seat == seat:          # legal_play_mask and _stuk_here, inlined
            stuk = jas.stuk_mask(self.trump)
            if self.stuk_forced:
                return mask & stuk
            if self.stuk_by < 0 and mask & stuk:
                return 0
        return mask

    def _fast_inline_ok(self) -> bool:
        """Card steps are inlined unless stuk forces the play (``_play`` then clears it)."""
        return not self.stuk_forced

    def _fast_watch_seat(self) -> int:
        """The stuk holder's steps go through ``_rollout_mask`` until stuk is declared."""
        return self.stuk_seat if self.stuk_by < 0 else -1

    def returns_gains(self) -> list[float]:
        """Strepen written this hand per seat; a carried hand: the carried count / 100
        (a count of 100 is worth about one streep)."""
        e = self.end
        if e["outcome"] == "carried":
            c = e["carry"]
            return [c[s & 1] / CLAIM_AT for s in range(4)]
        return [float(e["strepen"][s & 1]) for s in range(4)]

    def returns_scale(self) -> float:
        return float(PIT_STREPEN)

    def iset_known(self, seat: int) -> list[int]:
        """Also stuk once declared (K and Q of troef with the declarer until played) and
        the declared melds once shown (after the first trick)."""
        known = TrickHand.iset_known(self, seat)
        if self.stuk_by >= 0 and self.stuk_by != seat:
            known[self.stuk_by] |= jas.stuk_mask(self.trump) & self.hands[self.stuk_by]
        if self._public():
            for s, m in self.declared:
                if s != seat:
                    known[s] |= m.mask & self.hands[s]
        return known

    def _iset_accept(self):
        """With ``roem_mode = auto`` the roem was declared by the engine from the hands
        (§6.6): a sample is kept only if its starting hands declare the same (the same
        announcements by the same seats, stuk alike); else None (no check)."""
        if self.game.roem_manual:
            return None
        want = [(s, self.game.roem.key(m, self.trump)) for s, m in self.declared]
        stuk = self.stuk_by

        standing = Standing(n_seats=4, next_dealer=self.dealer, unit="strepen",
                            totals=(self.strepen0[0], self.strepen0[1]) * 2,
                            carry=tuple(self.start_counts))

        def accept(w: "KruisState") -> bool:
            again = KruisState(w.game, w.dealer, list(w.start_hands), w.upcard, standing)
            got = [(s, again.game.roem.key(m, again.trump)) for s, m in again.declared]
            return got == want and again.stuk_by == stuk

        return accept

    def information_set(self, seat: int):
        """As ``TrickHand.information_set``; before the melds are shown (meld phase and
        first trick) each other seat's declared meld is known only by its announcement
        (``seq3 to K``, ``in trump``, a carré): each sample picks a meld that fits the
        announcement and what ``seat`` has seen, puts its cards in the declarer's hand and
        writes it in ``declared``."""
        hidden = [] if self._public() else [i for i, (s, _m) in enumerate(self.declared) if s != seat]
        if not hidden:
            iset = TrickHand.information_set(self, seat)
            iset._accept = self._iset_accept()
            return iset
        from cardtable.engine.search import TRIES, InformationSet
        known = self.iset_known(seat)
        pool = self.iset_pool(seat, known)
        forbid = self.iset_forbidden(seat, known, pool)
        played = self.played_by()
        options = []
        for i in hidden:
            s, m = self.declared[i]
            here = pool & ~forbid[s]
            opts = []
            for suit in ([m.suit] if m.kind == "carre" or m.suit == self.trump else
                         [x for x in range(4) if x != self.trump]):
                cand = (m if m.kind == "carre" else
                        jas.seq_meld(suit, m.top, len(m.cards), self.game.roem))
                if cand.mask & ~(here | played[s] | known[s]) == 0:
                    opts.append(cand)
            options.append((i, s, opts or [m]))
        real = self

        def build(st, _masks, rng):
            for _try in range(TRIES):
                picked = [(i, s, rng.choice(opts)) for i, s, opts in options]
                k = [x for x in known]
                clash = False
                for i, s, cand in picked:
                    if any(cand.mask & k[o] for o in range(4) if o != s) or \
                            any(cand.mask & p for o, p in enumerate(played) if o != s):
                        clash = True
                    k[s] |= cand.mask & ~played[s]
                own = {}
                for i, s, cand in picked:
                    own.setdefault(s, []).append(cand)
                if clash or any(jas.conflict(a, [b for b in ms if b is not a], real.game.roem)
                                for ms in own.values() for a in ms):
                    continue
                try:
                    deal = real.iset_deal(seat, k, forbid)
                    masks = deal.solve(rng)
                except ValueError:
                    continue
                break
            else:   # pragma: no cover - the real melds always fit
                picked = [(i, s, real.declared[i][1]) for i, s, _o in options]
                k = known
                deal = real.iset_deal(seat, k, forbid)
                masks = deal.solve(rng)
            st._iset_build(seat, k, deal, masks, rng, played)
            swap = {id(real.declared[i][1]): cand for i, _s, cand in picked}
            st.declared = tuple((s, swap.get(id(m), m)) for s, m in st.declared)
            st.turn_melds = tuple(swap.get(id(m), m) for m in st.turn_melds)
            return st

        return InformationSet(self, seat, None, build, accept=self._iset_accept())

    def _iset_rebuild(self, seat: int, rng, played: list[int]) -> None:
        """Also the stuk holder from the dealt hands (K and Q of troef at the start)."""
        TrickHand._iset_rebuild(self, seat, rng, played)
        if self.stuk_by < 0:
            stuk = jas.stuk_mask(self.trump)
            self.stuk_seat = next((s for s in range(4) if self.start_hands[s] & stuk == stuk), -1)

    def _meld_options(self, seat: int) -> list[Meld]:
        """§6.2: the melds ``seat`` may declare now on its meld turn."""
        rules = self.game.roem
        first = not self.turn_melds
        bar = self.bar
        out = []
        for m in jas.candidates(self.hands[seat], rules):
            if jas.conflict(m, self.turn_melds, rules) is not None:
                continue
            if first and bar is not None and not rules.key(m, self.trump) > bar:
                continue
            out.append(m)
        return out

    def _legal_meld(self) -> list[Action]:
        seat = self.to_act
        acts = [PASS]
        if self.stuk_seat == seat and self.stuk_by < 0:
            acts.append(DECLARE_STUK)
        acts.extend(m.action() for m in self._meld_options(seat))
        return acts

    def normalize(self, action: Action) -> Action:
        """Cards of a ``declare seq<N>`` / ``declare carre`` in canonical order (§4)."""
        if action.verb == "declare" and action.cards and action.arg not in ("stuk", "trickroem"):
            return action._replace(cards=jas.canonical(action.arg, action.cards))
        return action

    # -- applying --
    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.to_act
        if v == "play":
            self._play(seat, action.cards[0])
        elif v == "pass":
            if self.phase == "meld":
                self._meld_pass(seat)
            else:                                   # trick-roem decision
                self._log("trickroem_pass", seat, self.tr_pending)
                self.tr_pending = None
                self._after_trick()
        elif v == "claim":
            self._claim(seat)
        elif v == "declare":
            arg = action.arg
            if arg == "stuk":
                self._stuk(seat)
            elif arg == "trickroem":
                m = self.tr_pending
                self.tr_pending = None
                self._credit_trick_roem(seat, m)
                self._after_trick()
            else:
                self._declare(seat, jas.parse_meld(arg, action.cards, self.game.roem))
        else:  # pragma: no cover - the engine only passes legal actions
            raise ValueError(f"unknown action {action.text()}")

    # meld phase
    def _declare(self, seat: int, m: Meld) -> None:
        self.declared = self.declared + ((seat, m),)
        self.turn_melds = self.turn_melds + (m,)
        k = self.game.roem.key(m, self.trump)
        if self.bar is None or k > self.bar:
            self.bar = k
            self.top_seat = seat
        self._log("meld", seat, m)

    def _stuk(self, seat: int) -> None:
        """§6.4: +20 to the holder's side at once; in play the stuk card must follow."""
        side = seat & 1
        self.counts[side] += STUK_VALUE
        self.stuk_by = seat
        self._log("stuk", seat)
        if self.phase == "play":
            self.stuk_forced = True
            if not self.game.claim_manual:
                self._auto_claim()

    def _meld_pass(self, seat: int) -> None:
        self._log("pass", seat)
        self.meld_step += 1
        self.turn_melds = ()
        if self.meld_step == 4:
            self._resolve_roem()
        else:
            self.to_act = (self.dealer + 1 + self.meld_step) & 3

    def _auto_meld_phase(self) -> None:
        """§6.6: every seat declares its best set of melds, and stuk, on its meld turn."""
        rules = self.game.roem
        while self.phase == "meld":
            seat = self.to_act
            for m in jas.best_set(self.hands[seat], self.trump, rules, (), self.bar):
                self._declare(seat, m)
            if self.stuk_seat == seat and self.stuk_by < 0:
                self._stuk(seat)
            self._meld_pass(seat)

    def _resolve_roem(self) -> None:
        """§6.3: the side of the highest meld scores all its melds; the others are rejected."""
        rules = self.game.roem
        scored_pts = 0
        scored_str = 0
        if self.declared:
            side = self.top_seat & 1
            self.roem_side = side
            pend = list(self.pend_roem)
            for seat, m in self.declared:
                if seat & 1 != side:
                    continue
                if rules.is_stroke(m):
                    pend[side] += rules.strepen(m)
                    scored_str += rules.strepen(m)
                else:
                    self.counts[side] += m.value
                    scored_pts += m.value
            self.pend_roem = tuple(pend)
            self._log("resolve", side, scored_pts, scored_str)
        self.phase = "play"
        self.to_act = (self.dealer + 1) & 3
        if not self.game.claim_manual:
            self._auto_claim()

    # play phase
    def _play(self, seat: int, c: int) -> None:
        self.stuk_forced = False
        TrickHand._play(self, seat, c)

    def _complete_trick(self) -> None:
        w, pts, m = self._take_trick()
        self.counts[w & 1] += pts
        if self.ntricks == 1 and self.declared:
            self._log("show")
        roem = jas.trick_roem(m, self.game.roem)
        if roem is not None:
            if self.game.roem_manual:
                self.phase = "trickroem"
                self.tr_pending = roem
                self.to_act = w
                return
            self._credit_trick_roem(w, roem)
        self._after_trick()

    def _credit_trick_roem(self, seat: int, m: Meld) -> None:
        """§6.5: trick roem to the side of the trick's winner (carré: pending strepen)."""
        rules = self.game.roem
        side = seat & 1
        if rules.is_stroke(m):
            p = list(self.pend_trick)
            p[side] += rules.strepen(m)
            self.pend_trick = tuple(p)
        else:
            self.counts[side] += m.value
        self._log("trickroem", seat, m)

    def _after_trick(self) -> None:
        if self.ntricks == N_TRICKS:
            self._end_without_claim()
            return
        self.phase = "play"
        self.to_act = self.win_seat
        if not self.game.claim_manual:
            self._auto_claim()

    # -- §7 scoring --
    def _auto_claim(self) -> None:
        """§7.2 auto: a side with 100 or more is claimed for at once (both: the higher
        count; equal: the side of the seat that acts next)."""
        a, b = self.counts
        if a < CLAIM_AT and b < CLAIM_AT:
            return
        if a >= CLAIM_AT and b >= CLAIM_AT:
            side = 0 if a > b else 1 if b > a else (self.to_act & 1)
        else:
            side = 0 if a >= CLAIM_AT else 1
        self._log("autoclaim", side, self.counts[side])
        self._decided("claim", side, 2 if self.counts[1 - side] < ONDER_JAN else 1, "claim", None)

    def _claim(self, seat: int) -> None:
        """§7.2: judged at once on the claimer's side's count."""
        side = seat & 1
        own = self.counts[side]
        if own >= CLAIM_AT:
            self._log("claim", seat, True, own)
            n = 2 if self.counts[1 - side] < ONDER_JAN else 1
            self._decided("claim", side, n, "claim", seat)
        else:
            self._log("claim", seat, False, own)
            n = 2 if own < ONDER_JAN else 1
            self._decided("wrong_claim", 1 - side, n, "wrong_claim", seat)

    def _end_without_claim(self) -> None:
        """§7.4: pit; else the higher count of 100 or more; equal: void; else carried."""
        st = self.side_tricks
        if st[0] == N_TRICKS or st[1] == N_TRICKS:
            self._decided("pit", 0 if st[0] == N_TRICKS else 1, PIT_STREPEN, "pit", None)
            return
        a, b = self.counts
        if a >= CLAIM_AT or b >= CLAIM_AT:
            if a == b:
                self._finish("void", None, [], list(self.start_counts), self.dealer, None)
                return
            side = 0 if a > b else 1
            self._decided("end", side, 2 if self.counts[1 - side] < ONDER_JAN else 1, "end", None)
            return
        self._finish("carried", None, self._pending_entries(None), list(self.counts), self.dealer, None)

    def _pending_entries(self, to_side: int | None) -> list[dict[str, Any]]:
        """The pending strepen as sheet entries (all to ``to_side`` after a pit)."""
        out = []
        for reason, pend in (("roem", self.pend_roem), ("trickroem", self.pend_trick)):
            for side in (0, 1):
                if pend[side]:
                    out.append({"side": side if to_side is None else to_side,
                                "strepen": pend[side], "reason": reason})
        return out

    def _decided(self, outcome: str, side: int, n: int, reason: str, claimer: int | None) -> None:
        entries = [{"side": side, "strepen": n, "reason": reason}]
        entries += self._pending_entries(side if outcome == "pit" else None)
        self._finish(outcome, side, entries, [0, 0], (self.dealer + 1) & 3, claimer)

    def _finish(self, outcome: str, side: int | None, entries: list, carry: list[int],
                next_dealer: int, claimer: int | None) -> None:
        strepen = [0, 0]
        for e in entries:
            strepen[e["side"]] += e["strepen"]
        self.end = {
            "outcome": outcome,
            "winning_side": side,
            "strepen": strepen,
            "counts": list(self.counts),
            "carry": carry,
            "next_dealer": next_dealer,
            "trick_points": list(self.trick_pts),
            "tricks_played": self.ntricks,
            "entries": entries,
            "roem_side": self.roem_side,
            "claimer": claimer,
            "counts_at_start": list(self.start_counts),
        }
        self._log("end", outcome, side, strepen)
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        """§7.6 once the hand is over, else None; ``summary``: the hand in words (who
        claimed, the strepen written, troef, the counts, what is carried)."""
        res = side_result(self.end, "strepen")
        if res is not None:
            res.summary = self.summary(res)
        return res

    def summary(self, res: Result) -> Summary:
        """The hand in words (§7, §8): the headline (a claim and whether it was right, a
        pit, a carried or void hand; an onder-jan side), the strepen written per side, the
        final counts and card points, the counts carried."""
        d = res.detail
        claimer = d.get("claimer")
        out = res.outcome
        if out in ("claim", "wrong_claim") and claimer is not None:
            head = "{0} said \u201cik dek\u201d: " + ("correct" if out == "claim" else "wrong")
            seats = (claimer,)
        else:
            head = _OUTCOME_WORDS[out]
            seats = ()
            if res.winners:
                head += f"  \u00b7 won by {_side_text(d['winning_side'])}"
        for e in d.get("entries", ()):
            if e["reason"] in ("claim", "wrong_claim", "end") and e["strepen"] == 2:
                head += f"  \u00b7 {_side_text(1 - e['side'])} onder jan (below 50): 2 strepen"
                break
        facts = [score_fact("strepen", SIDE_NAMES, res.points, ((0, 2), (1, 3)), res.winners)]
        tp = d["trick_points"]
        facts.append(side_fact("Counts", SIDE_NAMES, d["counts"], f"   card points {tp[0]} \u2013 {tp[1]}"))
        if any(d["carry"]):
            facts.append(side_fact("Carried to the next hand", SIDE_NAMES, d["carry"]))
        return Summary(phrase(head, seats, kind="outcome"), tuple(facts))

    # -- explanations --
    def explain(self, action: Action) -> str:
        """Why ``action`` is refused now, in words."""
        v, arg = action.verb, action.arg
        seat = self.to_act
        ph = self.phase
        if ph == "over":
            return "the hand is over"
        if ph == "meld":
            if v == "declare" and arg not in ("stuk", "trickroem"):
                return self._explain_meld(seat, action)
            if v == "declare" and arg == "stuk":
                if self.stuk_seat != seat:
                    return f"seat {seat} does not hold K and Q of troef: no stuk"
                return "stuk has already been declared"
            if v == "claim":
                return "no claim in the meld phase: \"ik dek\" is said on a play turn"
            return f"{action.text()}: it is seat {seat}'s meld turn: declare roem or pass"
        if ph == "trickroem":
            if v == "claim":
                return "claims are made automatically (claim_mode = auto)"
            return (f"seat {seat} won a trick holding {jas.announce(self.tr_pending, self.trump)}: "
                    "declare trickroem or pass first")
        # play
        if v == "play" and len(action.cards) == 1:
            c = action.cards[0]
            if self.stuk_forced and c in self._hand_cards(seat):
                return "after declaring stuk you must play your troef K or Q" + \
                    (" (or claim)" if self.game.claim_manual else "")
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

    def _explain_meld(self, seat: int, action: Action) -> str:
        rules = self.game.roem
        try:
            m = jas.parse_meld(action.arg, action.cards, rules)
        except MeldError as e:
            return f"{action.text()}: {e}"
        missing = [c for c in m.cards if not (self.hands[seat] >> c) & 1]
        if missing:
            return f"{action.text()}: seat {seat} does not hold " + " ".join(card_text(c) for c in missing)
        why = jas.conflict(m, self.turn_melds, rules)
        if why:
            return f"{action.text()}: {why}"
        if not self.turn_melds and self.bar is not None:
            best = next(x for s, x in self.declared if rules.key(x, self.trump) == self.bar)
            a, b = m, best
            if len(a.cards) != len(b.cards):
                reason = f"{len(a.cards)} cards against {len(b.cards)}"
            elif a.top != b.top:
                reason = (f"{len(a.cards)} cards against {len(b.cards)}, top {jas.RANK_LETTER[a.top]} "
                          f"below top {jas.RANK_LETTER[b.top]}")
            elif a.value != b.value:
                reason = f"same cards and top, value {a.value} below {b.value}"
            else:
                reason = "it is not higher (equal roem: the first declared stands)"
            return (f"{action.text()}: {jas.announce(a, self.trump)} does not outrank "
                    f"{jas.announce(b, self.trump)} declared by seat {self.top_seat} ({reason}); "
                    "your first meld must be higher than all roem declared")
        return f"{action.text()} is not allowed now"  # pragma: no cover

    # -- what a seat sees --
    def _public(self) -> bool:
        """§6.2: declared cards are shown once the first trick is complete."""
        return self.ntricks >= 1

    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        tr = self.trump
        if k == "meld":
            return LogEvent(k, "{0} {0:declares|declare} " + esc(jas.announce(ev[2], tr)), (ev[1],))
        if k == "stuk":
            return LogEvent(k, f"{{0}} {{0:declares|declare}} stuk (+{STUK_VALUE})", (ev[1],))
        if k == "pass":
            return LogEvent(k, "{0} {0:passes|pass}", (ev[1],))
        if k == "resolve":
            side, pts, stre = ev[1], ev[2], ev[3]
            parts = []
            if pts:
                parts.append(f"+{pts}")
            if stre:
                parts.append(f"{_plural(stre)} pending")
            rej = [(s, m) for s, m in self.declared if s & 1 != side]
            txt = f"roem to {_side_text(side)} ({', '.join(parts) or '0'})"
            if rej:
                txt += "; rejected: " + ", ".join(f"{{{i}}} " + esc(jas.announce(m, tr)) for i, (_s, m) in enumerate(rej))
            return LogEvent(k, txt, tuple(s for s, _m in rej), (), (side, pts, stre))
        if k == "play" or k == "trick":
            return TrickHand._log_event(self, ev)
        if k == "show":
            parts, cards = [], []
            for i, (_s, m) in enumerate(self.declared):
                idx = " ".join(f"{{c{len(cards) + j}}}" for j in range(len(m.cards)))
                cards.extend(m.cards)
                parts.append(f"{{{i}}} {m.arg} {idx}")
            return LogEvent(k, "roem shown: " + "; ".join(parts), tuple(s for s, _m in self.declared), cards)
        if k == "trickroem":
            m = ev[2]
            gain = f"+{m.value}" if not self.game.roem.is_stroke(m) else \
                f"{_plural(self.game.roem.strepen(m))} pending"
            return LogEvent(k, "{0} {0:scores|score} trick roem " + esc(jas.announce(m, tr)) + f" ({gain})",
                            (ev[1],), m.cards)
        if k == "trickroem_pass":
            return LogEvent(k, "{0} {0:lets|let} the trick roem go", (ev[1],))
        if k == "claim":
            seat, ok, n = ev[1], ev[2], ev[3]
            return LogEvent(k, f"{{0}} {{0:claims|claim}} (ik dek) with {n}: " + ("correct" if ok else "wrong"),
                            (seat,), (), (ok, n))
        if k == "autoclaim":
            return LogEvent(k, f"{_side_text(ev[1])} has {ev[2]}: claimed", (), (), (ev[1], ev[2]))
        if k == "end":
            outcome, side, s = ev[1], ev[2], ev[3]
            if outcome == "void":
                return LogEvent(k, "hand over: void (equal counts of 100 or more), nothing is written")
            if outcome == "carried":
                return LogEvent(k, f"hand over: nobody has 100, the counts {self.counts[0]} - {self.counts[1]} carry over")
            words = {"claim": "claim", "wrong_claim": "wrong claim", "pit": "pit", "end": "highest count"}
            return LogEvent(k, f"hand over ({words[outcome]}): {_side_text(side)} wins; strepen "
                               f"{s[0]} - {s[1]}", (), (), (outcome, side))
        return None

    # -- declared views --
    def extra_zones(self, seat: int, hidden: int) -> list:
        """The declared roem (a mirror zone: the cards stay in the hands), shown to all once
        the first trick is complete, before that to its owner only."""
        public = self._public()
        c = self._rzc
        if public and c is not None and c[0] is self.declared:
            z = c[1]
        else:
            z = jas.roem_zone(self.declared, public, seat, self.trump, MeldView)
            if public:                               # the same for every seat from now on
                self._rzc = (self.declared, z)
        return [] if z is None else [z]

    def status(self) -> str:
        a, b = self.counts
        return f"Troef {SUIT_SYMBOLS[self.trump]} · 0/2: {a} · 1/3: {b}"

    def observation(self, seat: int) -> Observation:
        public = self._public()
        declared = []
        melds = []
        for i, (s, m) in enumerate(self.declared):
            show = public or s == seat
            declared.append({
                "seat": s, "announce": jas.announce(m, self.trump),
                "key": list(self.game.roem.key(m, self.trump)),
                "cards": [card_text(c) for c in m.cards] if show else None,
                "scores": None if self.phase == "meld" else (s & 1) == self.roem_side,
            })
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
            "trickroem": None if tp is None else {"seat": self.to_act, "announce": jas.announce(tp, self.trump),
                                                  "value": tp.value},
            "played": self.played_codes(),
            "tricks": self.tricks_json(),
            "side_tricks": list(self.side_tricks),
            "trick_points": list(self.trick_pts),
            "counts_at_start": list(self.start_counts),
            "upcard_held": bool((self.hands[self.dealer] >> self.upcard) & 1),
            "claim_mode": self.game.options["claim_mode"],
            "roem_mode": self.game.options["roem_mode"],
            "jas_wild": self.game.options["jas_wild"],
            "result": None if self.end is None else dict(self.end),
        }
        return self.make_observation(
            seat, scores={"counts": list(self.counts), "strepen": list(self.strepen0)},
            extra=extra, melds=tuple(melds))

    def hidden_mask(self, seat: int) -> int:
        """Cards of the other seats, except the upcard while the dealer holds it, stuk once
        declared, and declared meld cards after the first trick (``hidden_from`` as a mask)."""
        hid = TrickHand.hidden_mask(self, seat)
        if self.stuk_by >= 0:
            hid &= ~jas.stuk_mask(self.trump)
        if self._public():
            for _s, m in self.declared:
                hid &= ~m.mask
        return hid

__all__ = ["Kruisjassen", "KruisState"]
