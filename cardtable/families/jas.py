"""The jas hand and the jas games' bases: ``JasHand``, the State of one hand of a jas game
(a ``TrickHand`` with the meld turns, roem, stuk, trick roem and claims, for N seats and any
partnership), ``JasGame`` and ``StreepjesJasGame``, what kruisjassen and grevjas share
(two partnerships on the piquet pack, a streepjes sheet), kruisjassen §3-§7, reused by
schutjassen, grevjas, handjas and honderden. The melds themselves (sequences, carrés, stuk,
their values and precedence) are ``families/roem.py``; its public names are re-exported
here (``__all__``), so ``from cardtable.families.jas import KRUIS_ROEM, Meld`` keeps working.
"""

from __future__ import annotations

from typing import Any, Callable, cast

from cardtable.cards import Card, card_text, piquet32, shuffled, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import rng_for
from cardtable.engine.standing import Standing
from cardtable.engine.views import LogEvent, Summary, phrase
from cardtable.families.partnerships import SIDE_NAMES, side_result
from cardtable.families.roem import (
    CARRE_SPEC,
    KRUIS_ROEM,
    ROEM_SPEC,
    ROEM_VERBS,
    STUK_SPEC,
    TRICKROEM_SPEC,
    Meld,
    MeldError,
    RoemRules,
    announce,
    best_meld,
    best_set,
    candidates,
    canonical,
    carre_meld,
    conflict,
    kruis_precedence,
    parse_meld,
    public_key,
    roem_words,
    roem_zone,
    runs,
    seq_meld,
    stuk_mask,
    trick_roem,
    value_precedence,
)
from cardtable.families.summaries import score_fact, side_fact
from cardtable.families.trick_deal import deal_packets, parse_trick_deal
from cardtable.families.trick_masks import mask_of
from cardtable.families.tricks import TrickGame, TrickHand

# ---- the jas hand: one State for N seats and any partnership -------------------------------

PASS = Action("pass")
CLAIM = Action("claim")
DECLARE_STUK = Action("declare", "stuk")
DECLARE_TRICKROEM = Action("declare", "trickroem")


def strepen_text(n: int) -> str:
    """``1 streep`` / ``n strepen``."""
    return f"{n} streep" if n == 1 else f"{n} strepen"


def gain_text(pts: int, stre: int, stre_suffix: str = "") -> str:
    """What a side gains from roem in words: ``+40``, ``2 strepen`` (+ ``stre_suffix``,
    kruisjassen " pending"), both joined by ", "; ``0`` for nothing."""
    parts = []
    if pts:
        parts.append(f"+{pts}")
    if stre:
        parts.append(strepen_text(stre) + stre_suffix)
    return ", ".join(parts) or "0"


class JasHand(TrickHand):
    """One hand of a jas game for ``n_seats`` (2 to 5) seats and any partnership (the
    ``TrickHand`` parameters ``side`` / ``partner`` / ``next_seat`` / ``n_sides``; the state
    may shadow them per instance). The dealer's last card is the turned trump card.

    What it does (a game's state subclasses it and sets the class parameters below):

    * the **meld round** (phase ``meld``): one turn per seat from voorhand; ``declare``s,
      then ``pass``; with ``outrank_first`` a seat's first meld must outrank the best
      declared so far (kruisjassen 6.2), else any meld is allowed (grevjas); the melds
      are resolved by ``roem_scoring``: ``side_all`` (the side of the best meld scores all
      its melds, the others are rejected: kruisjassen 6.3) or ``best_only`` (only the
      single best meld scores: grevjas 6.3);
    * **stuk** (K and Q of trump in one starting hand): ``stuk_when`` ``first`` (declared on
      playing either card, or in the meld round; the stuk card must then follow:
      kruisjassen 6.4) or ``second`` (declared on the play turn of the second card, which
      must follow: grevjas 6.5); ``stuk_value`` points;
    * **trick roem** (``trick_roem``: kruisjassen 6.5), offered to the winner (manual) or
      credited;
    * **claims** (``claim_at``, side against side: a correct claim 1 streep, 2 when the
      other side is onder jan, i.e. its count ``<= onder_max``; a wrong one the same to the
      other side, tested on the claimer's count), auto claims, **pit** (``pit_strepen``) and
      the end without a claim (the higher count of ``claim_at`` or more; equal: void; else
      the counts are **carried**).
    * The next dealer: ``next_dealer_rule`` ``left`` (dealer + 1) or ``last_trick`` (the
      winner of the last trick played; dealer + 1 if none was completed).

    Counts and strepen are per side (``n_sides``); seat arithmetic goes through ``side``,
    ``partner`` and ``next_seat`` only.
    """

    game: JasGame
    #: the trump suit (a jas hand always has one: the upcard's suit, or as chosen)
    trump: int
    #: the dealer's last card, turned up
    upcard: Card
    copy_lists = ("hands", "counts")
    #: the count a side claims at ("ik dek" at 100)
    claim_at: int = 100
    #: a count at most this is onder jan (kruisjassen: below 50)
    onder_max: int = 49
    #: the roem of stuk (K and Q of trump)
    stuk_value: int = 20
    #: the strepen of a pit (every trick to one side)
    pit_strepen: int = 3
    last_bonus = 5
    #: a seat's first meld must outrank the best declared so far (kruisjassen 6.2; else any meld: grevjas)
    outrank_first: bool = True
    #: ``side_all`` (the best meld's side scores all its melds) or ``best_only`` (only the best meld scores)
    roem_scoring: str = "side_all"
    #: stuk is declared on playing ``first`` (either card) or ``second`` (the second card) of K and Q
    stuk_when: str = "first"
    #: a trick whose cards make a meld scores trick roem (kruisjassen 6.5)
    trick_roem: bool = True
    #: who deals next: ``left`` (the seat after the dealer) or ``last_trick`` (the last trick's winner)
    next_dealer_rule: str = "left"
    #: the words of the streepjes summary and log: what a claimer says (kruisjassen
    #: "ik dek", grevjas "honderd"), the claim log's word for it, the onder-jan rule in
    #: words, and the headline of each outcome
    claim_word = "ik dek"
    claim_log_word = "(ik dek)"
    onder_words = "below 50"
    outcome_words: dict[str, str] = {}

    def __init__(self, game: JasGame, dealer: int, hands: list[int], upcard: int, standing: Standing, n_tricks: int):
        TrickHand.__init__(self, game, dealer, hands, suit_of(upcard), upcard, n_tricks)
        ns = self.n_sides
        self.strepen0 = tuple(standing.totals[self.side_seats0[i]] for i in range(ns))
        carry = standing.carry or (0,) * ns
        self.start_counts = tuple(carry)
        self.counts = list(carry)
        self.pend_roem = (0,) * ns  # stroke-meld strepen (to be written at the end)
        self.pend_trick = (0,) * ns  # trick carrés
        self.meld_step = 0
        self.turn_melds: tuple[Meld, ...] = ()
        self.declared: tuple[tuple[int, Meld], ...] = ()
        self.bar: tuple[Any, ...] | None = None  # precedence key of the highest meld so far
        self.top_seat = -1  # its seat
        self.roem_side: int | None = None
        stuk = stuk_mask(self.trump)
        self.stuk_seat = next((s for s in range(self.n_seats) if hands[s] & stuk == stuk), -1)
        self.stuk_by = -1
        self.stuk_forced = False
        self.tr_pending: Meld | None = None
        self.phase = "meld"
        if not game.roem_manual:
            self._auto_meld_phase()

    @property
    def side_seats0(self) -> tuple[int, ...]:
        """The first seat of each side (to read per-side totals off a per-seat standing)."""
        return tuple(self.side.index(i) for i in range(self.n_sides))

    # -- legality --
    def _legal_other(self) -> list[Action]:
        ph = self.phase
        if ph == "meld":
            return self._legal_meld()
        if ph == "trickroem":
            return [DECLARE_TRICKROEM, PASS, CLAIM] if self.game.claim_manual else [DECLARE_TRICKROEM, PASS]
        return []

    def legal_play_mask(self) -> int:
        """The follow rule; after ``declare stuk`` only the trump K or Q."""
        seat = self.to_act
        assert seat is not None, "nobody plays in a hand that is over"
        mask = self.game.rule.legal(
            self.t, self.hands[seat], self.led, self.win_card, self.win_seat == self.partner[seat]
        )
        if self.stuk_forced and self.stuk_seat == seat:
            mask &= stuk_mask(self.trump)
        return mask

    def _stuk_here(self, mask: int) -> bool:
        """The seat to act may declare stuk now: ``first``: a stuk card is a legal play;
        ``second``: it holds one stuk card only, and that is a legal play."""
        if not (self.stuk_seat == self.to_act and not self.stuk_forced and self.stuk_by < 0):
            return False
        sm = stuk_mask(self.trump)
        if self.stuk_when == "second":
            held = self.hands[self.to_act] & sm
            return held.bit_count() == 1 and bool(mask & held)
        return bool(mask & sm)

    def _legal_play(self) -> list[Action]:
        mask = self.legal_play_mask()
        acts = self.play_actions(mask)
        if self._stuk_here(mask):
            acts.append(DECLARE_STUK)
        if self.game.claim_manual:
            acts.append(CLAIM)
        return acts

    def _meld_extra(self, seat: int) -> list[Action]:
        """Actions of the meld turn besides pass, stuk and the melds (grevjas: ``bid pit``)."""
        return []

    def _legal_meld(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None, "the meld round has a seat to act"
        acts = [PASS]
        if self.stuk_when == "first" and self.stuk_seat == seat and self.stuk_by < 0:
            acts.append(DECLARE_STUK)
        acts.extend(self._meld_extra(seat))
        acts.extend(m.action() for m in self._meld_options(seat))
        return acts

    def _meld_options(self, seat: int) -> list[Meld]:
        """The melds ``seat`` may declare now on its meld turn."""
        rules = self.game.roem
        first = not self.turn_melds
        bar = self.bar if self.outrank_first else None
        out = []
        for m in candidates(self.hands[seat], rules):
            if conflict(m, self.turn_melds, rules) is not None:
                continue
            if first and bar is not None and not rules.key(m, self.trump) > bar:
                continue
            out.append(m)
        return out

    def normalize(self, action: Action) -> Action:
        """Cards of a ``declare seq<N>`` / ``declare carre`` in canonical order."""
        if action.verb == "declare" and action.cards and action.arg not in ("stuk", "trickroem"):
            return action._replace(cards=canonical(action.arg, action.cards))
        return action

    # -- search (engine/search.py) --
    def rollout_actions(self) -> list[Action]:
        """Random playouts never claim (the hand is played out) and always declare trick
        roem and stuk when offered; otherwise ``legal_actions()``."""
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
        assert seat is not None, "a playout step needs a seat to act"
        mask = self.game.rule.legal(
            self.t, self.hands[seat], self.led, self.win_card, self.win_seat == self.partner[seat]
        )
        if self.stuk_seat == seat:  # legal_play_mask and _stuk_here, inlined
            if self.stuk_forced:
                return mask & stuk_mask(self.trump)
            if self.stuk_by < 0 and self._stuk_here(mask):
                return 0
        return mask

    def _fast_inline_ok(self) -> bool:
        """Card steps are inlined unless stuk forces the play (``_play`` then clears it)."""
        return not self.stuk_forced

    def _fast_watch_seat(self) -> int:
        """The stuk holder's steps go through ``_rollout_mask`` until stuk is declared."""
        return self.stuk_seat if self.stuk_by < 0 else -1

    def returns_gains(self) -> list[float]:
        """Strepen written this hand per seat; a carried hand: the carried count /
        ``claim_at`` (a count of 100 is worth about one streep)."""
        e = self.end
        assert e is not None, "returns_gains: the hand is over"
        side = self.side
        if e["outcome"] == "carried":
            c = e["carry"]
            return [c[side[s]] / self.claim_at for s in range(self.n_seats)]
        return [float(e["strepen"][side[s]]) for s in range(self.n_seats)]

    def returns_scale(self) -> float:
        return float(self.pit_strepen)

    def iset_known(self, seat: int) -> list[int]:
        """Also stuk once declared (K and Q of trump with the declarer until played) and
        the declared melds once shown."""
        known = TrickHand.iset_known(self, seat)
        if self.stuk_by >= 0 and self.stuk_by != seat:
            known[self.stuk_by] |= stuk_mask(self.trump) & self.hands[self.stuk_by]
        if self._public():
            for s, m in self.declared:
                if s != seat:
                    known[s] |= m.mask & self.hands[s]
        return known

    def _iset_rebuild(self, seat: int, rng, played: list[int]) -> None:
        """Also the stuk holder from the dealt hands (K and Q of trump at the start)."""
        TrickHand._iset_rebuild(self, seat, rng, played)
        if self.stuk_by < 0:
            stuk = stuk_mask(self.trump)
            self.stuk_seat = next((s for s in range(self.n_seats) if self.start_hands[s] & stuk == stuk), -1)

    def _public(self) -> bool:
        """Declared cards are shown once the first trick is complete (kruisjassen 6.2)."""
        return self.ntricks >= 1

    def hidden_mask(self, seat: int) -> int:
        """Cards of the other seats, except the upcard while the dealer holds it, stuk once
        declared, and declared meld cards once public (``hidden_from`` as a mask)."""
        hid = TrickHand.hidden_mask(self, seat)
        if self.stuk_by >= 0:
            hid &= ~stuk_mask(self.trump)
        if self._public():
            for _s, m in self.declared:
                hid &= ~m.mask
        return hid

    def _iset_accept(self):
        """A check on each sample (None: none); kruisjassen's auto roem."""
        return None

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
            for suit in (
                [m.suit] if m.kind == "carre" or m.suit == self.trump else [x for x in range(4) if x != self.trump]
            ):
                cand = m if m.kind == "carre" else seq_meld(suit, m.top, len(m.cards), self.game.roem)
                if cand.mask & ~(here | played[s] | known[s]) == 0:
                    opts.append(cand)
            options.append((i, s, opts or [m]))
        real = self

        def build(st, _masks, rng):
            for _try in range(TRIES):
                picked = [(i, s, rng.choice(opts)) for i, s, opts in options]
                k = [x for x in known]
                clash = False
                for _i, s, cand in picked:
                    if any(cand.mask & k[o] for o in range(real.n_seats) if o != s) or any(
                        cand.mask & p for o, p in enumerate(played) if o != s
                    ):
                        clash = True
                    k[s] |= cand.mask & ~played[s]
                own: dict[int, list[Meld]] = {}
                for _i, s, cand in picked:
                    own.setdefault(s, []).append(cand)
                if clash or any(
                    conflict(a, [b for b in ms if b is not a], real.game.roem) for ms in own.values() for a in ms
                ):
                    continue
                try:
                    deal = real.iset_deal(seat, k, forbid)
                    masks = deal.solve(rng)
                except ValueError:
                    continue
                break
            else:  # pragma: no cover - the real melds always fit
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

    # -- applying --
    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.to_act
        assert seat is not None, "the engine applies actions only while the hand is on"
        if v == "play":
            self._play(seat, action.cards[0])
        elif v == "pass":
            if self.phase == "meld":
                self._meld_pass(seat)
            else:  # trick-roem decision
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
                assert m is not None, "declare trickroem is legal only while trick roem is pending"
                self.tr_pending = None
                self._credit_trick_roem(seat, m)
                self._after_trick()
            else:
                self._declare(seat, parse_meld(arg, action.cards, self.game.roem))
        else:
            self._apply_other(action)

    def _apply_other(self, action: Action) -> None:  # pragma: no cover - legal actions only
        raise ValueError(f"unknown action {action.text()}")

    # meld round
    def _declare(self, seat: int, m: Meld) -> None:
        self.declared = self.declared + ((seat, m),)
        self.turn_melds = self.turn_melds + (m,)
        k = self.game.roem.key(m, self.trump)
        if self.bar is None or k > self.bar:
            self.bar = k
            self.top_seat = seat
        self._log("meld", seat, m)

    def _stuk(self, seat: int) -> None:
        """+``stuk_value`` to the holder's side at once; in play the stuk card must follow."""
        self.counts[self.side[seat]] += self.stuk_value
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
        if self.meld_step == (self.n_playing or self.n_seats):
            self._resolve_roem()
        else:
            self.to_act = self.next_seat[seat]

    def _auto_meld_phase(self) -> None:
        """``roem_mode = auto``: every seat declares its best set of melds (``side_all``) or
        its best meld (``best_only``), and stuk when it is declared in the meld round."""
        rules = self.game.roem
        while self.phase == "meld":
            seat = self.to_act
            assert seat is not None, "the meld round has a seat to act"
            bar = self.bar if self.outrank_first else None
            if self.roem_scoring == "best_only":
                m = best_meld(self.hands[seat], self.trump, rules)
                best = [] if m is None else [m]
            else:
                best = best_set(self.hands[seat], self.trump, rules, (), bar)
            for m in best:
                self._declare(seat, m)
            if self.stuk_when == "first" and self.stuk_seat == seat and self.stuk_by < 0:
                self._stuk(seat)
            self._meld_pass(seat)

    def _score_meld(self, side: int, m: Meld, pend: list[int]) -> tuple[int, int]:
        """Score one meld for ``side``: points into the count or strepen pending; returns
        (points, strepen)."""
        rules = self.game.roem
        if rules.is_stroke(m):
            pend[side] += rules.strepen(m)
            return 0, rules.strepen(m)
        self.counts[side] += m.value
        return m.value, 0

    def _resolve_roem(self) -> None:
        """``side_all``: the side of the highest meld scores all its melds; ``best_only``:
        the single best meld scores; the others are rejected."""
        side_of = self.side
        pts = stre = 0
        if self.declared:
            side = side_of[self.top_seat]
            self.roem_side = side
            pend = list(self.pend_roem)
            for seat, m in self.declared:
                if self.roem_scoring == "best_only":
                    if seat != self.top_seat or self.game.roem.key(m, self.trump) != self.bar:
                        continue
                elif side_of[seat] != side:
                    continue
                p, s = self._score_meld(side, m, pend)
                pts += p
                stre += s
                if self.roem_scoring == "best_only":
                    break
            self.pend_roem = tuple(pend)
            self._log("resolve", side, pts, stre)
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.to_act = self.next_seat[self.dealer]
        if not self.game.claim_manual:
            self._auto_claim()

    # play
    def _play(self, seat: int, c: int) -> None:
        self.stuk_forced = False
        TrickHand._play(self, seat, c)

    def _complete_trick(self) -> None:
        w, pts, m = self._take_trick()
        self.counts[self.side[w]] += pts
        if self.ntricks == 1 and self.declared:
            self._log("show")
        self._trick_taken(w)
        if self.phase == "over":
            return
        roem = trick_roem(m, self.game.roem) if self.trick_roem else None
        if roem is not None:
            if self.game.roem_manual:
                self.phase = "trickroem"
                self.tr_pending = roem
                self.to_act = w
                return
            self._credit_trick_roem(w, roem)
        self._after_trick()

    def _trick_taken(self, winner: int) -> None:
        """A hook after a trick is booked (grevjas: a pit fails)."""

    def _credit_trick_roem(self, seat: int, m: Meld) -> None:
        """Trick roem to the side of the trick's winner (a carré: pending strepen)."""
        rules = self.game.roem
        side = self.side[seat]
        if rules.is_stroke(m):
            p = list(self.pend_trick)
            p[side] += rules.strepen(m)
            self.pend_trick = tuple(p)
        else:
            self.counts[side] += m.value
        self._log("trickroem", seat, m)

    def _after_trick(self) -> None:
        if self.ntricks == self.n_tricks:
            self._end_without_claim()
            return
        self.phase = "play"
        self.to_act = self.win_seat
        if not self.game.claim_manual:
            self._auto_claim()

    # -- scoring: claims, pit, the end without a claim --
    def _onder(self, count: int) -> bool:
        return count <= self.onder_max

    def _claimable(self, side: int) -> bool:
        """Whether an auto claim may be made for ``side`` (grevjas: not while its pit is alive)."""
        return True

    def _auto_claim(self) -> None:
        """A side with ``claim_at`` or more is claimed for at once (both: the higher count;
        equal: the side of the seat that acts next)."""
        a, b = self.counts
        ca = a >= self.claim_at and self._claimable(0)
        cb = b >= self.claim_at and self._claimable(1)
        if not (ca or cb):
            return
        if ca and cb:
            assert self.to_act is not None, "an automatic claim is made while the hand is on"
            side = 0 if a > b else 1 if b > a else self.side[self.to_act]
        else:
            side = 0 if ca else 1
        self._before_claim()
        if self.phase == "over":
            return
        self._log("autoclaim", side, self.counts[side])
        self._decided("claim", side, 2 if self._onder(self.counts[1 - side]) else 1, "claim", None)

    def _before_claim(self) -> None:
        """A hook before a claim is judged (grevjas: a live pit fails)."""

    def _claim(self, seat: int) -> None:
        """Judged at once on the claimer's side's count."""
        self._before_claim()
        side = self.side[seat]
        own = self.counts[side]
        if own >= self.claim_at:
            self._log("claim", seat, True, own)
            n = 2 if self._onder(self.counts[1 - side]) else 1
            self._decided("claim", side, n, "claim", seat)
        else:
            self._log("claim", seat, False, own)
            n = 2 if self._onder(own) else 1
            self._decided("wrong_claim", 1 - side, n, "wrong_claim", seat)

    def _end_without_claim(self) -> None:
        """Pit; else the higher count of ``claim_at`` or more; equal: void; else carried."""
        st = self.side_tricks
        for side in range(self.n_sides):
            if st[side] == self.n_tricks:
                self._decided("pit", side, self.pit_strepen, "pit", None)
                return
        a, b = self.counts
        if a >= self.claim_at or b >= self.claim_at:
            if a == b:
                self._finish("void", None, [], list(self.start_counts), self._next_dealer(False), None)
                return
            side = 0 if a > b else 1
            self._decided("end", side, 2 if self._onder(self.counts[1 - side]) else 1, "end", None)
            return
        self._finish("carried", None, self._pending_entries(None), list(self.counts), self._next_dealer(False), None)

    def _next_dealer(self, decided: bool) -> int:
        """``left``: dealer + 1 after a decided hand, the same dealer after a carried or
        void one (kruisjassen); ``last_trick``: the winner of the last trick played
        (dealer + 1 if none was completed)."""
        if self.next_dealer_rule == "last_trick":
            return self.last_winner if self.last_winner is not None else self.next_seat[self.dealer]
        return self.next_seat[self.dealer] if decided else self.dealer

    def _pending_entries(self, to_side: int | None) -> list[dict[str, Any]]:
        """The pending strepen as sheet entries (all to ``to_side`` after a pit)."""
        out = []
        for reason, pend in (("roem", self.pend_roem), ("trickroem", self.pend_trick)):
            for side in range(self.n_sides):
                if pend[side]:
                    out.append({"side": side if to_side is None else to_side, "strepen": pend[side], "reason": reason})
        return out

    def _decided(self, outcome: str, side: int, n: int, reason: str, claimer: int | None) -> None:
        entries = [{"side": side, "strepen": n, "reason": reason}]
        entries += self._pending_entries(side if outcome == "pit" else None)
        self._finish(outcome, side, entries, [0] * self.n_sides, self._next_dealer(True), claimer)

    def _finish(
        self, outcome: str, side: int | None, entries: list, carry: list[int], next_dealer: int, claimer: int | None
    ) -> None:
        strepen = [0] * self.n_sides
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

    # -- declared views --
    _rzc = None  # (declared, roem zone) once the roem is public: a cache shared by clones

    def extra_zones(self, seat: int, hidden: int) -> list:
        """The declared roem (a mirror zone: the cards stay in the hands), shown to all once
        public, before that to its owner only."""
        from cardtable.engine.game import MeldView

        public = self._public()
        c = self._rzc
        if public and c is not None and c[0] is self.declared:
            z = c[1]
        else:
            z = roem_zone(self.declared, public, seat, self.trump, MeldView)
            if public:  # the same for every seat from now on
                self._rzc = (self.declared, z)
        return [] if z is None else [z]

    # -- words: result, summary, meld explanations (streepjes games, two sides) --
    def result(self):
        """The result once the hand is over, else None; ``summary``: the hand in words."""
        res = side_result(self.end, "strepen")
        if res is not None:
            res.summary = self.summary(res)
        return res

    def summary(self, res) -> Summary:
        """The hand in words: the headline (a claim and whether it was right, a pit, a
        carried or void hand; an onder-jan side), the strepen written per side, the final
        counts and card points, the counts carried."""
        d = res.detail
        claimer = d.get("claimer")
        out = res.outcome
        if out in ("claim", "wrong_claim") and claimer is not None:
            head = f"{{0}} said \u201c{self.claim_word}\u201d: " + ("correct" if out == "claim" else "wrong")
            seats: tuple[int, ...] = (claimer,)
        else:
            head = self.outcome_words[out]
            seats = ()
            if res.winners:
                head += f"  \u00b7 won by {SIDE_NAMES[d['winning_side']]}"
        for e in d.get("entries", ()):
            if e["reason"] in ("claim", "wrong_claim", "end") and e["strepen"] == 2:
                head += f"  \u00b7 {SIDE_NAMES[1 - e['side']]} onder jan ({self.onder_words}): 2 strepen"
                break
        facts = [score_fact("strepen", SIDE_NAMES, res.points, ((0, 2), (1, 3)), res.winners)]
        tp = d["trick_points"]
        facts.append(side_fact("Counts", SIDE_NAMES, d["counts"], f"   card points {tp[0]} \u2013 {tp[1]}"))
        if any(d["carry"]):
            facts.append(side_fact("Carried to the next hand", SIDE_NAMES, d["carry"]))
        return Summary(phrase(head, seats, kind="outcome"), tuple(facts))

    def _claim_log(self, ev: tuple):
        """The log line of a ``claim`` event."""
        seat, ok, n = ev[1], ev[2], ev[3]
        return LogEvent(
            "claim",
            f"{{0}} {{0:claims|claim}} {self.claim_log_word} with {n}: " + ("correct" if ok else "wrong"),
            (seat,),
            (),
            (ok, n),
        )

    def _explain_meld(self, seat: int, action: Action) -> str:
        """Why a ``declare`` of a meld is refused: not a meld, cards not held, a conflict
        with the seat's melds of this turn, else ``_explain_meld_more``."""
        rules = self.game.roem
        try:
            m = parse_meld(action.arg, action.cards, rules)
        except MeldError as e:
            return f"{action.text()}: {e}"
        missing = [c for c in m.cards if not (self.hands[seat] >> c) & 1]
        if missing:
            return f"{action.text()}: seat {seat} does not hold " + " ".join(card_text(c) for c in missing)
        why = conflict(m, self.turn_melds, rules)
        if why:
            return f"{action.text()}: {why}"
        return self._explain_meld_more(seat, action, m)

    def _explain_meld_more(self, seat: int, action: Action, m: Meld) -> str:
        return f"{action.text()} is not allowed now"  # pragma: no cover


# ---- the streepjes jas game: what kruisjassen and grevjas share ------------------------------

_PACK = tuple(piquet32())  # the unshuffled piquet pack, made once
_PIQUET = mask_of(_PACK)


def streepjes_problems(result: Any, section: str) -> list[str]:
    """The checks every streepjes jas result passes (two partnerships of 4 seats): an
    outcome of ``section`` (claim, wrong_claim, pit, end, carried, void), no negative
    strepen, partners write alike; problems as sentences."""
    out = []
    p = result.points
    if result.outcome not in {"claim", "wrong_claim", "pit", "end", "carried", "void"}:
        out.append(f"outcome {result.outcome!r} is not one of {section}")
    if any(x < 0 for x in p):
        out.append(f"negative strepen {p}")
    if p[0] != p[2] or p[1] != p[3]:
        out.append(f"partners score together: {p}")
    return out


class JasGame(TrickGame):
    """The Game of a jas hand (``JasHand``): what the hand reads from its game besides
    ``TrickGame``'s ``ranking`` and ``rule`` (kruisjassen, schutjassen, grevjas, handjas)."""

    #: the roem melds score (``KRUIS_ROEM``; grevjas and handjas have their own ``RoemRules``)
    roem: RoemRules
    #: ``claim_mode=manual``: the player claims ("ik dek") himself; else the table claims for him
    claim_manual: bool = False
    #: ``roem_mode=manual``: the player declares his roem himself; else the table declares it
    roem_manual: bool = False


class StreepjesJasGame(JasGame):
    """A 4-seat jas game of two partnerships on the piquet pack, written on a streepjes
    sheet (kruisjassen, grevjas); a game sets ``jas_rule`` (its follow rule) and
    ``sheet_factory`` (its sheet class)."""

    family = "jas"
    min_players = 4
    max_players = 4
    deck_name = "piquet32"
    #: a tenth of a streep (``Game.review_floor``; a hand writes 1 to 3 strepen)
    review_floor = 0.1

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.rule = self.jas_rule()
        self.claim_manual = self.options["claim_mode"] == "manual"
        self.roem_manual = self.options["roem_mode"] == "manual"

    def jas_rule(self) -> Any:  # pragma: no cover - each game sets it
        raise NotImplementedError

    def team_of(self, seat: int) -> int:
        return seat & 1

    def deck(self) -> list[int]:
        return piquet32()

    def unproven_claims(self, obs: Any) -> tuple[Action, ...]:
        """``(CLAIM,)`` when ``claim`` is on offer and the claimer's side's count, as ``obs``
        shows it (``scores["counts"]``: both counts are always shown, kruisjassen §7.2 UI),
        is below the hand's ``claim_at`` (100): the claim is judged on that count
        (``JasHand._claim``; grevjas 7.2 first fails a live pit, which never lowers the
        claimer's count); else ``()`` (``Game.unproven_claims``). Conservative in one case:
        a claim against grevjas's live opposing pit fails it first, which may bring the
        claimer's side its best meld; below 100 that claim is still left out."""
        if CLAIM not in obs.legal:
            return ()
        counts = obs.scores.get("counts")
        claim_at = cast("type[JasHand]", self.state_class).claim_at  # a JasHand class, called as a factory
        if counts and counts[self.team_of(obs.seat)] >= claim_at:
            return ()
        return (CLAIM,)

    #: the match sheet's class (``sheets.streepjes.Streepjes``), set by each game: the sheets
    #: layer sits above the families, so the family does not import it
    sheet_factory: Any = None

    def new_sheet(self):
        """The streepjes sheet (§8) with this game's target; seat 0 deals first."""
        return self.sheet_factory(4, self.options["target"], first_dealer=0)

    #: the hand's State class, set by each game: ``state_class(game, dealer, hands as masks,
    #: upcard, standing)`` makes a ``JasHand``
    state_class: Callable[..., JasHand]
    #: the packets of the deal, from voorhand round to the dealer (kruisjassen 4-4, grevjas 3-2-3)
    packets: tuple[int, ...] = (4, 4)

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *, sheet: Any = None) -> JasHand:
        """Shuffle (seeded) and deal ``packets`` from voorhand round to the dealer; card 32,
        the dealer's last, is the upcard (each game's §3). Dealer and what the sheet carries
        come from ``standing`` (or ``sheet=``, read as ``sheet.standing()``; neither: a fresh
        match)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(_PACK, rng_for(seed))
        dealer = standing.next_dealer
        hands = deal_packets(pack, 4, dealer, self.packets)
        st = self.state_class(self, dealer, [mask_of(h) for h in hands], pack[31], standing)
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: Any = None) -> JasHand:
        """An exact deal ``{"dealer": 0, "hands": [[codes] x4], "upcard": "7H"}``.

        DealError unless: dealer 0..3, four hands of 8 cards, the 32 distinct piquet cards,
        the upcard in the dealer's hand, no stock. The dealer is the deal's (what the sheet
        carries still comes from ``standing``, or ``sheet=``)."""
        dealer, masks, upcard, _stock = parse_trick_deal(deal, 4, 8, _PIQUET, "the 32-card piquet pack", self.id)
        assert upcard is not None, "parse_trick_deal reads the upcard of a game that has one"
        return self.state_class(self, dealer, masks, upcard, self.standing_of(standing, sheet))


__all__ = [
    # re-exported from families/roem.py (their home)
    "CARRE_SPEC",
    "KRUIS_ROEM",
    "Meld",
    "MeldError",
    "ROEM_SPEC",
    "ROEM_VERBS",
    "RoemRules",
    "STUK_SPEC",
    "TRICKROEM_SPEC",
    "announce",
    "roem_words",
    "roem_zone",
    "best_meld",
    "best_set",
    "candidates",
    "canonical",
    "carre_meld",
    "conflict",
    "kruis_precedence",
    "parse_meld",
    "public_key",
    "runs",
    "seq_meld",
    "stuk_mask",
    "trick_roem",
    "value_precedence",
    # the jas hand and games
    "CLAIM",
    "DECLARE_STUK",
    "DECLARE_TRICKROEM",
    "JasGame",
    "JasHand",
    "PASS",
    "StreepjesJasGame",
    "gain_text",
    "strepen_text",
    "streepjes_problems",
]
