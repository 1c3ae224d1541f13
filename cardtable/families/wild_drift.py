"""The drift-rummy hand with jokers and identical cards (issue 11): families/drift.py's turn
with the meld matcher of families/melds.py, the joker swap, and knowledge kept as multisets.

What changes against ``DriftHand`` (one pack, no wild cards):

- A hand holds plain cards and plain jokers (``JK``); melds on the table hold each joker
  designated (``JK=6S``, a set joker ``JK=7*``), and an action names a joker the same way
  (``meld 5H 6H JK=7H``, ``layoff JK=8H to 2``). The hand gives up a plain ``JK`` for it.
- ``swap <card> in <n>`` (basis-rummy §5.4): a natural card from hand takes the place of the
  joker that stands for it in table meld ``n`` (a set joker: any natural of the set's rank the
  set may still hold); the joker goes to the hand. No forced follow-up here (Basis Rummy);
  games whose released joker must be placed at once set ``swap_follow`` (not built yet).
- Options a game sets on its Game object: ``swap_follow`` (the released joker must go into a
  new meld as the very next action; the swap is legal only if that meld can be made),
  ``no_joker_first`` (no joker in the melds of a player's first melding turn),
  ``first_round_no_out`` (nobody goes out before every player has had a turn), with
  ``last_card`` (going out only by a discard) and ``layoff_requires_meld`` /
  ``swap_requires_meld`` (on the table first) from ``DriftRummy``.
- Identical cards: a discard may not be the card taken from the discard pile this turn **nor
  an identical copy of it** (basis-rummy §5.5 step 2, ruling 10: same code); the §5.7
  invariant counts the hand as a multiset; each discard is listed once.
- Knowledge: ``known[s]`` is the multiset of cards known to be in hand ``s`` (taken from the
  discard pile, drawn from a stock made of the pile turned over unshuffled, or a joker taken
  back by a swap); once the pile has been turned over unshuffled the whole stock is known in
  order (``stock_known``). A pile **shuffled** into the stock (``reshuffle``) is hidden again
  (families/drift.py, ``_hide_reformed``): the stock shows its count only, and a card drawn
  from it is not known in the drawer's hand. ``hidden_from`` is a ``Counter``; the information
  set deals the unknown cards by position (a bit per physical card), so identical cards are
  dealt as such; a shuffled stock only from the codes shuffled into it (``reformed``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence, TypeVar

from cardtable.cards import JOKER, Card, card_text, cards_text, designation, is_any_suit, is_joker, plain, shuffled
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, MeldView, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.standing import Standing
from cardtable.engine.views import (
    CARDS,
    COUNT,
    DISCARD,
    DOWN,
    HAND,
    MELD,
    MELDS,
    STOCK,
    UP,
    LogEvent,
    VerbSpec,
    Zone,
)
from cardtable.families.drift import DRAW, MAX_TURNOVERS, OVER, PLAY, DriftHand, DriftRummy
from cardtable.families.melds import (
    MeldRules,
    any_meld,
    check_meld,
    find_wild_melds,
    layoff_targets,
    meld_points,
    meld_uses,
    stand_in,
    swap_joker,
    swap_targets,
    wild_lay_off,
)
from cardtable.families.rummy import DISCARD_SPEC, DRAW_DISCARD_SPEC, DRAW_STOCK_SPEC, RUN, SET, Meld, deal_round_robin

WILD_MELD_SPEC = VerbSpec("meld", "Meld selected", "m", "\u2423 or 1-9 selects, m melds", CARDS, min_cards=3)
WILD_LAYOFF_SPEC = VerbSpec("layoff", "Lay off", "l", "l lays off", MELD)
SWAP_SPEC = VerbSpec("swap", "Swap joker", "e", "e swaps a joker", MELD)
#: the verbs of a turn with jokers
#: the words of a drift rummy with jokers and free joker swaps (docs/grammar.md, "Action
#: texts"): Basis Rummy, Jokeren and Ramino drift speak exactly these
WILD_DRIFT_GRAMMAR = Grammar(
    {
        "draw": ("stock", "discard"),
        "meld": "<cards>",
        "layoff": "<card> to <n> [low|high]",
        "swap": "<card> in <n>",
        "discard": "<card>",
    },
    wild=("meld", "layoff"),
    rank_only=True,
)
WILD_VERBS = (DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, WILD_MELD_SPEC, WILD_LAYOFF_SPEC, SWAP_SPEC, DISCARD_SPEC)

#: a wild drift hand's own class (``WildDriftRummy.shuffled_deal`` deals one)
_WildHand = TypeVar("_WildHand", bound="WildDriftHand")


class WildDriftRummy(DriftRummy):
    """A drift rummy with jokers: the meld hooks of ``DriftRummy`` by ``self.rules``
    (``families.melds.MeldRules``). Subclasses set ``rules`` in ``__init__``."""

    rules: MeldRules = MeldRules()
    #: a swap needs a meld of one's own first
    swap_requires_meld: bool = False
    #: after a swap the next action must be a new meld holding a joker (jokeren §5.4 step 3),
    #: and a swap is legal only if such a meld can then be made
    swap_follow: bool = False
    #: no joker in the melds of the turn in which a player first melds (jokeren's option)
    no_joker_first: bool = False
    #: in turns t < n - 1 nobody goes out: at least two cards stay in hand until the discard
    #: (jokeren §5.5 step 3)
    first_round_no_out: bool = False
    #: the melds of a player's first melding turn must total at least this many meld points
    #: (``families.melds.meld_points`` by ``points``; jokeren's ``first_meld_40``); with a minimum
    #: he lays off and swaps only from the turn after (jokeren §5.2 step 5, §5.3 step 1)
    first_meld_min: int = 0
    #: draws at the start of a turn (jokeren's ``draw_two``: 2, each from the stock or the pile)
    draws_per_turn: int = 1
    #: the top discard may be taken only if it can go on the table this turn, and it must before
    #: the discard (jokeren's ``discard_take_must_use``)
    take_must_use: bool = False
    #: with ``swap_follow``: the released joker may also be laid off (``layoff JK=… to …``) by a
    #: player who owns a meld (ramino-drift §5.4 step 3)
    swap_follow_layoff: bool = False

    def melds_in(self, hand: Sequence[Card]) -> list[tuple[str, tuple[Card, ...]]]:
        return find_wild_melds(hand, self.rules)

    def classify(self, cards: Sequence[Card]):
        got = check_meld(cards, self.rules)
        return None if isinstance(got, str) else got

    def why_not(self, cards: Sequence[Card]) -> str:
        got = check_meld(cards, self.rules)
        return got if isinstance(got, str) else "it is a meld"

    def kind_of(self, cards: Sequence[Card]) -> str:
        got = check_meld(cards, self.rules)
        return got[0] if not isinstance(got, str) else RUN

    def layoffs(self, hand: Sequence[Card], melds: Sequence[Meld]) -> list[tuple[Card, int, str | None]]:
        hs = set(hand)
        joker = JOKER in hs
        out: list[tuple[Card, int, str | None]] = []
        rules = self.rules
        for i, m in enumerate(melds, 1):
            targets = layoff_targets(m, rules)
            if not targets:
                continue
            written = [c for c, _e in targets]
            for card, end in targets:
                if joker if is_joker(card) else card in hs:
                    out.append((card, i, end if end != SET and written.count(card) == 2 else None))
        return out

    def ends(self, card: Card, meld: Meld) -> tuple[str, ...]:
        if is_joker(card) and stand_in(card) is None:
            return ()
        return tuple(e for c, e in layoff_targets(meld, self.rules) if c == card)

    def lay_off_on(self, meld: Meld, card: Card, end: str) -> Meld:
        return wild_lay_off(meld, card, end)

    def leak_view(self, obs_json: dict[str, Any]) -> dict[str, Any]:
        """The observation as the hidden-card check reads it (``Game.leak_view``): the drift
        hand's (the log before the last shuffled turnover left out), and a meld's ``wilds``,
        which name the cards its jokers stand for (``[1, "6S"]``), not where a 6S lies, left out
        too (the designation ``JK=6S`` in texts is skipped by the check itself)."""

        def strip(v):
            if isinstance(v, dict):
                return {k: strip(x) for k, x in v.items() if k != "wilds"}
            if isinstance(v, list):
                return [strip(x) for x in v]
            return v

        return strip(super().leak_view(obs_json))

    def shuffled_deal(self, state_cls: type[_WildHand], seed: int | None, standing: Standing) -> _WildHand:
        """A shuffled deal of ``state_cls``: ``dealt`` cards to every seat, one at a time from
        voorhand (the seat after ``standing.next_dealer``), the rest the stock, its top card
        turned up as the discard pile; voorhand to act."""
        dealer = standing.next_dealer
        pack = shuffled(self.deck(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, self.dealt, (dealer + 1) % n)
        st = state_cls._fresh(self, dealer, hands, list(reversed(rest[1:])), [rest[0]], [], (dealer + 1) % n, standing)
        st.seed = seed
        return st

    def check_deck_multiset(
        self, hands: list[list[Card]], stock: list[Card], pile: list[Card], melds: list[Meld], deck_words: str
    ) -> None:
        """``check_deal_cards`` for two packs: the deal's cards (hands, stock, pile, the cards
        the table melds use) are exactly ``deck()`` as a multiset. Raises DealError ``the deal
        must hold <deck_words>: too many ...; missing ...``."""
        everything = Counter(c for h in hands for c in h)
        everything.update(stock)
        everything.update(pile)
        for m in melds:
            everything.update(meld_uses(m.cards))
        want = Counter(self.deck())
        if everything != want:
            extra = sorted((everything - want).elements())
            missing = sorted((want - everything).elements())
            parts = ([f"too many {cards_text(extra)}"] if extra else []) + (
                [f"missing {cards_text(missing)}"] if missing else []
            )
            raise DealError(f"the deal must hold {deck_words}: {'; '.join(parts)}")

    def table_meld_problems(self, melds: Sequence[Meld]) -> list[str]:
        """``check_result``: every table meld valid, its jokers' designations consistent (a
        13-card run may hold its ace at either end: the order is not compared there)."""
        out = []
        for m in melds:
            cl = self.classify(m.cards)
            if cl is None or cl[0] != m.kind or sorted(cl[1]) != sorted(m.cards):
                out.append(f"table meld {cards_text(m.cards)} is not a valid {m.kind}")
        return out


class KnownCards(DriftHand):
    """What every seat knows of the other hands when identical cards share a code (two packs,
    jokers): the drift hand's knowledge (families/drift.py: ``public``, a bit per card) kept
    as multisets instead (module docstring, "Knowledge"). A hand class with it declares the
    slot ``known`` and keeps it: a card taken from the discard pile, or drawn from a stock known
    in order, joins ``known[seat]``; a card that leaves the hand is forgotten (``_forget``).
    Used by ``WildDriftHand`` and by the knock rummy of two packs (games/ramino_klop.py)."""

    __slots__ = ()

    #: per seat, the multiset of cards known to be in that hand (module docstring, "Knowledge")
    known: list[list[Card]]

    def _forget(self, seat: int, c: Card) -> None:
        k = self.known[seat]
        if c in k:
            k.remove(c)

    def _zones(self, seat: int, view, melds, selectable):
        out = []
        for s, h in enumerate(self.hands):
            if s == seat:
                out.append(Zone(f"hand {s}", HAND, s, len(view), tuple(view), UP, selectable=tuple(selectable)))
            else:
                out.append(Zone(f"hand {s}", HAND, s, len(h), tuple(self.known[s]), DOWN))
        known_stock = tuple(reversed(self.stock)) if self.stock_known else ()
        out.append(Zone("stock", STOCK, None, len(self.stock), known_stock, COUNT, "top_first"))
        out.append(Zone("discard", DISCARD, None, len(self.pile), tuple(self.pile), UP, "bottom_to_top"))
        cards = tuple(c for m in melds for c in m.cards)
        out.append(Zone("melds", MELDS, None, len(cards), cards, UP, melds=tuple(melds)))
        return tuple(out)

    def _hidden_cards(self, seat: int) -> list[tuple[Any, list[Card]]]:
        """Per place (another seat, the stock): the cards there ``seat`` does not know."""
        out: list[tuple[Any, list[Card]]] = []
        for s, h in enumerate(self.hands):
            if s == seat:
                continue
            rest = Counter(h)
            rest.subtract(self.known[s])
            out.append((s, list(rest.elements())))
        if not self.stock_known:  # a pile turned over unshuffled: every card was face up, order kept
            out.append(("stock", list(self.stock)))
        return out

    def hidden_from(self, seat: int) -> Counter[Card]:
        """The cards of the other hands not known to be there, and the stock unless it is known
        in order (a pile turned over unshuffled), as a multiset."""
        out: Counter[Card] = Counter()
        for _place, cards in self._hidden_cards(seat):
            out.update(cards)
        return out

    def cards_in_play(self) -> list[Card]:
        out = [c for h in self.hands for c in h]
        out += self.stock
        out += self.pile
        for m in self.melds:
            out += meld_uses(m.cards)
        return out

    def information_set(self, seat: int):
        """What ``seat`` knows: its hand, the discard pile, the melds, the cards known in other
        hands (``known``) and a stock known in order; the other cards of the other hands and the
        stock are dealt again at random, keeping every hand size (each physical card a bit of the
        pool; the pool is ``hidden_from(seat)``). A shuffled re-formed stock gets only cards of
        the codes shuffled into it (``reformed``)."""
        from cardtable.engine.search import Bucket, Deal, InformationSet

        places = self._hidden_cards(seat)
        flat: list[Card] = []
        for _place, cards in places:
            flat.extend(cards)
        flat.sort()  # the pool in card order: nothing of where they lie
        from_pile: set[Card] = set(self.reformed)
        buckets = []
        for place, cards in places:
            if cards:
                allowed = -1
                if place == "stock" and from_pile:
                    allowed = sum(1 << i for i, c in enumerate(flat) if c in from_pile)
                buckets.append(Bucket(place, len(cards), allowed))
        deal = Deal((1 << len(flat)) - 1, buckets)
        return InformationSet(self, seat, deal, lambda st, masks, rng: st._wild_build(seat, deal, flat, masks, rng))

    def _wild_build(self, seat: int, deal, flat: list[Card], masks: list[int], rng) -> "KnownCards":
        from cardtable.engine.search import mask_cards

        given: dict[Any, list[Card]] = {}
        for b, m in zip(deal.buckets, masks):
            cards = [flat[i] for i in mask_cards(m)]
            rng.shuffle(cards)
            given[b.owner] = cards
        for s in range(self.n):
            if s != seat and s in given:
                self.hands[s] = list(self.known[s]) + given[s]
        if "stock" in given:
            self.stock = given["stock"]
        self.shuffle_key = rng.getrandbits(32)
        self.seed = None
        self._deal = self._position_deal()
        self._cache = None
        return self


class WildDriftHand(KnownCards):
    """One hand of a drift rummy with jokers (module docstring)."""

    __slots__ = ("known", "forced", "was_on", "takes", "draws", "first_pts", "must", "idle")
    VERBS: tuple[VerbSpec, ...] = WILD_VERBS

    game: WildDriftRummy
    #: per seat, the multiset of cards known to be in that hand (module docstring, "Knowledge")
    known: list[list[Card]]
    #: a swap's follow-up meld is due (``swap_follow``)
    forced: bool
    #: the seat to act owned a meld when its turn began
    was_on: bool
    #: the cards taken from the discard pile this turn
    takes: tuple[Card, ...]
    #: draws made this turn (``draws_per_turn``)
    draws: int
    #: meld points put down this turn, in a first melding turn (``first_meld_min``)
    first_pts: int
    #: ``take_must_use``: (card, copies the hand may keep) still to be put down
    must: tuple[tuple[Card, int], ...]
    #: turns with an empty stock and one discard, the table unchanged
    idle: int

    @classmethod
    def _fresh(
        cls: type[_WildHand],
        game: DriftRummy,
        dealer: int,
        hands: list[list[Card]],
        stock: list[Card],
        pile: list[Card],
        melds: list[Meld],
        to_act: int,
        standing: Standing,
    ) -> _WildHand:
        st = super()._fresh(game, dealer, hands, stock, pile, melds, to_act, standing)
        st.public = 0  # not used: knowledge is ``known`` (multisets)
        st.known = [[] for _ in range(st.n)]
        st.forced = False  # a swap's follow-up meld is due (``swap_follow``)
        st.was_on = bool(st.owners >> to_act & 1)  # the seat to act owned a meld when its turn began
        st.takes = ()  # the cards taken from the discard pile this turn
        st.draws = 0  # draws made this turn (``draws_per_turn``)
        st.first_pts = 0  # meld points put down this turn, a first melding turn (``first_meld_min``)
        st.must = ()  # ``take_must_use``: (card, copies the hand may keep) still to be put down
        st.idle = 0  # turns with an empty stock and one discard, the table unchanged
        return st

    def clone(self: _WildHand) -> _WildHand:
        new = super().clone()
        new.known = [k[:] for k in self.known]
        new.forced = self.forced
        new.was_on = self.was_on
        new.takes = self.takes
        new.draws = self.draws
        new.first_pts = self.first_pts
        new.must = self.must
        new.idle = self.idle
        return new

    # -- legality --
    def _legal(self) -> list[Action]:
        if self._cache is not None:
            return self._cache
        if self.phase == DRAW:
            out = super()._legal()
            if self.pile and (
                (self.draws + 1 == self.game.draws_per_turn and self._only_copies_of_top())
                or (self.game.take_must_use and not self._top_usable())
            ):
                out = [x for x in out if x.arg != "discard"]
                self._cache = out
            return out
        out = self._down_actions()
        if self.forced or self._discard_barred():
            self._cache = out
            return out
        taken = self.takes
        seen = set()
        for c in self.hands[self.seat]:
            if c not in taken and c not in seen:
                seen.add(c)
                out.append(Action("discard", None, (c,)))
        if not seen:  # draw_two: only copies of the taken cards are left (jokeren ruling 21)
            out += [Action("discard", None, (c,)) for c in dict.fromkeys(self.hands[self.seat])]
        self._cache = out
        return out

    def _only_copies_of_top(self) -> bool:
        """True when every card of the hand is a copy of the top discard: taking it would leave
        no card to discard (identical cards may not be discarded either), so ``draw discard``
        is not allowed then (ruling, basis-rummy 16)."""
        top = self.pile[-1]
        return all(c == top for c in self.hands[self.seat])

    def _keeps(
        self,
        hand: Sequence[Card],
        used: Sequence[Card],
        gained: Card | None = None,
        forb: tuple[Card, ...] | None = None,
    ) -> bool:
        """§5.7 after ``used`` (hand cards) leave ``hand`` (and ``gained`` joins it): empty (not
        with ``last_card``) or holding a card other than copies of those taken this turn
        (``forb``, default ``takes``)."""
        rem = len(hand) - len(used) + (gained is not None)
        g = self.game
        if forb is None:
            forb = self.takes
        left_taken = 0
        if forb:
            left_taken = sum(1 for c in hand if c in forb) - sum(1 for c in used if c in forb) + (gained in forb)
        if g.first_round_no_out and self.turn < self.n - 1:
            return rem >= 2 and rem - left_taken > 0
        if rem == 0:
            return not g.last_card
        return rem - left_taken > 0

    # -- first-meld minimum and a taken card that must be used (jokeren's options) --
    def _first_min(self) -> int:
        """The meld points still due this turn under ``first_meld_min`` (0: none due or not a
        first melding turn)."""
        g = self.game
        return max(0, g.first_meld_min - self.first_pts) if g.first_meld_min and not self.was_on else 0

    def _musts(self, hand: Sequence[Card] | None = None) -> tuple[tuple[Card, int], ...]:
        """``take_must_use``: the taken cards not put down yet, as ``(card, copies the hand may keep)``."""
        hand = self.hands[self.seat] if hand is None else hand
        return tuple((c, k) for c, k in self.must if hand.count(c) > k)

    def _discard_barred(self) -> bool:
        """No discard yet: a taken card still to be used, or a first meld short of the minimum."""
        return bool(self._musts()) or (self.first_pts > 0 and self._first_min() > 0)

    def _plan(
        self,
        hand: Sequence[Card],
        need: int,
        musts: tuple[tuple[Card, int], ...],
        forb: tuple[Card, ...],
        owns: bool,
        memo: dict | None = None,
        melds: Sequence[Meld] | None = None,
    ) -> bool:
        """True if new melds from ``hand`` (each keeping §5.7 with ``forb``) can be put down this
        turn worth ``need`` meld points together and putting down every card of ``musts`` (one
        taken card may instead be laid off on a table meld of ``melds``, default the table's,
        when lay-offs are allowed and the player ``owns`` a meld). A depth-first search,
        memoised in ``memo``."""
        musts = tuple((c, k) for c, k in musts if hand.count(c) > k)
        if need <= 0 and not musts:
            return True
        g = self.game
        memo = {} if memo is None else memo
        key = (tuple(sorted(hand)), need, musts, owns)
        if key in memo:
            return memo[key]
        memo[key] = False
        ok = False
        if need <= 0 and len(musts) == 1 and owns and not (g.first_meld_min and not self.was_on):
            c = musts[0][0]
            table = self.melds if melds is None else melds
            ok = (
                bool(table)
                and any(x == c for x, _i, _e in g.layoffs((c,), table))
                and self._keeps(hand, (c,), None, forb)
            )
        no_joker = g.no_joker_first and not self.was_on
        if not ok:
            for kind, cards in g.melds_in(hand):
                uses = meld_uses(cards)
                if (no_joker and JOKER in uses) or not self._keeps(hand, uses, None, forb):
                    continue
                if (
                    musts
                    and need <= 0
                    and not any(c in uses for c, _k in musts)
                    and (owns or g.first_meld_min and not self.was_on)
                ):
                    continue  # a meld without the taken card only to get on the table first
                rest = list(hand)
                for u in uses:
                    rest.remove(u)
                p = meld_points(kind, cards, g.points) if need > 0 else 0
                if self._plan(rest, need - p, musts, forb, True, memo, melds):
                    ok = True
                    break
        memo[key] = ok
        return ok

    def _top_usable(self) -> bool:
        """``take_must_use``: the top discard, once taken, can be put on the table this turn."""
        hand = self.hands[self.seat] + [self.pile[-1]]
        c = self.pile[-1]
        musts = self._musts() + ((c, hand.count(c) - 1),)
        return self._plan(hand, self._first_min(), musts, self.takes + (c,), bool(self.owners >> self.seat & 1))

    def _after_ok(
        self,
        hand: Sequence[Card],
        used: Sequence[Card],
        pts: int,
        gained: Card | None = None,
        owns: bool = True,
        melds: Sequence[Meld] | None = None,
    ) -> bool:
        """An action taking ``used`` from ``hand`` (worth ``pts`` meld points, ``gained`` joining it)
        leaves a plan (``_plan``) for the points still due and the taken cards still to be used,
        with ``melds`` the table after the action (jokeren ruling 16: a lay-off that fills the
        place the taken card would go to leaves it no place)."""
        need = self._first_min()
        musts = self._musts()
        if not need and not musts:
            return True
        rest = list(hand)
        for u in used:
            rest.remove(u)
        if gained is not None:
            rest.append(gained)
        return self._plan(rest, need - pts, musts, self.takes, owns, None, melds)

    def _down_actions(self) -> list[Action]:
        g = self.game
        hand = self.hands[self.seat]
        out: list[Action] = []
        no_joker = g.no_joker_first and not self.was_on
        if self.forced:  # the released joker goes into a new meld, nothing else
            out = [
                Action("meld", None, cards)
                for _k, cards in g.melds_in(hand)
                if any(is_joker(c) for c in cards) and self._keeps(hand, meld_uses(cards))
            ]
            if g.swap_follow_layoff and self.owners >> self.seat & 1 and self._keeps(hand, (JOKER,)):
                out += [
                    Action("layoff", None, (card,), "to", i, end)
                    for card, i, end in g.layoffs(hand, self.melds)
                    if is_joker(card)
                ]
            return out
        first_min = bool(g.first_meld_min) and not self.was_on  # no lay-off, no swap this turn
        check = self._first_min() or self._musts()
        if g.no_meld_limit or not self.melded:
            for _kind, cards in g.melds_in(hand):
                if no_joker and any(is_joker(c) for c in cards):
                    continue
                uses = meld_uses(cards)
                if self._keeps(hand, uses) and (
                    not check
                    or self._after_ok(
                        hand,
                        uses,
                        meld_points(_kind, cards, g.points) if first_min else 0,
                        None,
                        True,
                        [*self.melds, Meld(self.seat, g.kind_of(cards), tuple(cards))],
                    )
                ):
                    out.append(Action("meld", None, cards))
        own = self.owners >> self.seat & 1
        if self.melds and (not g.layoff_requires_meld or own) and not first_min:
            for card, i, end in g.layoffs(hand, self.melds):
                u = JOKER if is_joker(card) else card
                if self._keeps(hand, (u,)) and (
                    not check
                    or self._after_ok(
                        hand,
                        (u,),
                        0,
                        None,
                        True,
                        self._melds_after(
                            i, g.lay_off_on(self.melds[i - 1], card, end or g.ends(card, self.melds[i - 1])[0])
                        ),
                    )
                ):
                    out.append(Action("layoff", None, (card,), "to", i, end))
        if self.melds and (not g.swap_requires_meld or own) and not first_min and not (no_joker and g.swap_follow):
            hs = set(hand)
            for i, m in enumerate(self.melds, 1):
                for nat in swap_targets(m, g.rules):
                    if (
                        nat in hs
                        and self._keeps(hand, (nat,), JOKER)
                        and (not g.swap_follow or self._follow_up_exists(hand, nat, i))
                        and (
                            not check
                            or (
                                self._after_ok(
                                    hand, (nat,), 0, JOKER, True, self._melds_after(i, swap_joker(m, nat, g.rules)[0])
                                )
                                if not g.swap_follow
                                else not self._musts(self._without(hand, nat))
                            )
                        )
                    ):
                        out.append(Action("swap", None, (nat,), "in", i))
        return out

    def _melds_after(self, meld_no: int, meld: Meld) -> list[Meld]:
        """The table's melds with meld ``meld_no`` (1-based) replaced by ``meld``."""
        melds = list(self.melds)
        melds[meld_no - 1] = meld
        return melds

    @staticmethod
    def _without(hand: Sequence[Card], card: Card) -> list[Card]:
        rest = list(hand)
        rest.remove(card)
        return rest

    def _follow_up_exists(self, hand: Sequence[Card], nat: Card, meld_no: int | None = None) -> bool:
        """``swap_follow``: after giving ``nat`` for a joker (of table meld ``meld_no``), a new meld
        holding a joker can be made that keeps the §5.7 invariant (with ``swap_follow_layoff``, or
        the joker laid off)."""
        after = list(hand)
        after.remove(nat)
        after.append(JOKER)
        g = self.game
        if g.swap_follow_layoff and meld_no and self.owners >> self.seat & 1 and self._keeps(after, (JOKER,)):
            melds = list(self.melds)
            melds[meld_no - 1] = swap_joker(melds[meld_no - 1], nat, g.rules)[0]
            if any(is_joker(card) for card, _i, _e in g.layoffs(after, melds)):
                return True
        for _k, cards in g.melds_in(after):
            if any(is_joker(c) for c in cards) and self._keeps(after, meld_uses(cards)):
                return True
        return False

    def _discard_choices(self) -> list[Card]:
        """``DriftHand.playout`` picks a discard among the distinct cards (identical cards are one
        action), so it plays as the engine's generic playout does."""
        taken = self.takes
        return list(dict.fromkeys(c for c in self.hands[self.seat] if c not in taken)) or list(
            dict.fromkeys(self.hands[self.seat])
        )

    # -- play --
    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.seat
        hand = self.hands[seat]
        g = self.game
        if v == "draw":
            super()._apply(action)
            if self.phase == PLAY and (action.arg == "discard" or self.stock_known):
                # taken from the pile, or drawn from a stock made of the pile turned over unshuffled
                self.known[seat].append(hand[-1])
            if self.phase == PLAY:
                self.draws += 1
                c = hand[-1]
                if action.arg == "discard":
                    self.takes += (c,)
                    if g.take_must_use:
                        self.must += ((c, hand.count(c) - 1),)
                elif self.must:  # a copy drawn from the stock may stay in hand
                    self.must = tuple((m, k + (m == c)) for m, k in self.must)
                self.taken = self.takes[0] if self.takes else None
                if self.draws < g.draws_per_turn:
                    self.phase = DRAW  # the next draw; skipped when nothing can be drawn (jokeren 20)
                    self._cache = None
                    if not self._legal():
                        self.phase = PLAY
                    self._cache = None
        elif v == "meld":
            cards = action.cards
            for c in meld_uses(cards):
                hand.remove(c)
                self._forget(seat, c)
            self.melds.append(Meld(seat, g.kind_of(cards), tuple(cards)))
            self.idle = 0
            if g.first_meld_min and not self.was_on:
                self.first_pts += meld_points(self.melds[-1].kind, cards, g.points)
            self.forced = False
            self.owners |= 1 << seat
            self.melded = True
            self.events = [self.events, ("meld", seat, cards, len(self.melds)), None]
            if not hand:
                self._end_out()
        elif v == "layoff":
            c = action.cards[0]
            i = action.target
            assert i is not None, "a legal layoff names its meld"
            m = self.melds[i - 1]
            end = action.end or g.ends(c, m)[0]
            self.melds[i - 1] = g.lay_off_on(m, c, end)
            self.idle = 0
            u = JOKER if is_joker(c) else c
            hand.remove(u)
            self._forget(seat, u)
            self.forced = False  # a laid-off joker is its swap's follow-up (swap_follow_layoff)
            self.events = [self.events, ("layoff", seat, c, i, action.end), None]
            if not hand:
                self._end_out()
        elif v == "swap":
            nat = action.cards[0]
            i = action.target
            assert i is not None, "a legal swap names its meld"
            new, jk = swap_joker(self.melds[i - 1], nat, g.rules)
            self.melds[i - 1] = new
            hand.remove(nat)
            self._forget(seat, nat)
            hand.append(jk)
            self.known[seat].append(jk)
            self.forced = g.swap_follow
            self.events = [self.events, ("swap", seat, nat, i), None]
        else:
            super()._apply(action)

    def _discard(self, c: Card) -> None:
        self._forget(self.seat, c)
        super()._discard(c)
        self.was_on = bool(self.owners >> self.seat & 1)
        self.takes = ()
        self.draws = 0
        self.first_pts = 0
        self.must = ()
        if self.phase == DRAW and self.game.turnover_keeps_top:
            self._cache = None
            if not self._legal():  # jokeren §5.6: one discard, no stock, and it may not be taken
                self._end_void()
            elif not self.stock and len(self.pile) == 1:
                # the one discard goes round: the stuck-hand ruling, and at most MAX_TURNOVERS rounds
                # without a meld or lay-off (jokeren ruling 14)
                self.idle += 1
                if self.idle > MAX_TURNOVERS * self.n or (self.idle == 1 and self._stuck()):
                    self._end_void()
            self._cache = None

    def _stuck(self) -> bool:
        """Ruling 9 of Klassieke Rummy with jokers: no meld can be made from the cards outside
        the table melds by a hand big enough, and none of them fits on a table meld."""
        g = self.game
        free = self.stock + self.pile
        for h in self.hands:
            free += h
        if self.melds and (self.owners or not g.layoff_requires_meld):
            if g.layoffs(free, self.melds):
                return False
        biggest = max(len(h) for h in self.hands) + (0 if g.last_card else 1)
        return not (biggest >= 3 and any_meld(free, g.rules))

    # -- explanations --
    def explain(self, action: Action) -> str:
        a = action
        g = self.game
        text = a.text()
        if self.forced and self.phase == PLAY:
            why = self._forced_meld_fault(a)
            if why:
                return f"{text}: {why}"
            return (
                f"{text}: after a swap the joker must go at once into a new meld with cards from "
                f"the hand (a meld holding it, such as 4S 5S JK=6S)"
                + (", or be laid off by a player who has melded" if g.swap_follow_layoff else "")
            )
        why = self._option_refusal(a)
        if why:
            return f"{text}: {why}"
        if a.verb == "draw" and a.arg == "discard" and self.phase == DRAW and self.pile and self._only_copies_of_top():
            return (
                f"{text}: {g.seat_name(self.seat)} holds only copies of {card_text(self.pile[-1])}; "
                f"after taking it there would be no card left to discard"
            )
        if self.phase == OVER or a.verb not in ("meld", "layoff", "swap") or self.phase == DRAW:
            if a.verb == "swap" and self.phase == DRAW:
                return f"{text}: first draw a card"
            if a.verb == "discard" and self.phase == PLAY and a.cards and a.cards[0] in self.takes:
                return (
                    f"{text}: {card_text(a.cards[0])} was taken from the discard pile this turn; "
                    f"neither it nor an identical card may be discarded in the same turn"
                )
            return super().explain(a)
        who = g.seat_name(self.seat)
        why = self._not_held(a)
        if why:
            return f"{text}: {why}"
        if a.verb == "meld":
            if a.prep is not None or a.end:
                return f"{text}: write 'meld' and the cards, like 'meld 5C 6C JK=7C'"
            got = check_meld(a.cards, g.rules)
            if isinstance(got, str):
                return f"{text}: {got}"
            if self.melded and not g.no_meld_limit:
                return f"{text}: only one meld per turn, and {who} has already melded this turn"
            return f"{text}: {self._invariant_reason(len(self.hands[self.seat]) - len(a.cards))}"
        if len(a.cards) != 1 or a.prep != ("to" if a.verb == "layoff" else "in"):
            return (
                f"{text}: write 'layoff <card> to <meld number>', like 'layoff JK=8C to 3'"
                if a.verb == "layoff"
                else f"{text}: write 'swap <card> in <meld number>', like 'swap 6S in 2'"
            )
        if not self.melds:
            return f"{text}: there are no melds on the table"
        if a.target is None or not 1 <= a.target <= len(self.melds):
            return f"{text}: there is no meld {a.target}; the melds are numbered 1 to {len(self.melds)}"
        m = self.melds[a.target - 1]
        c = a.cards[0]
        if not self.owners >> self.seat & 1 and (
            g.layoff_requires_meld if a.verb == "layoff" else g.swap_requires_meld
        ):
            return (
                f"{text}: {who} may not {'lay off' if a.verb == 'layoff' else 'swap a joker'} "
                f"before putting down a meld"
            )
        if a.verb == "swap":
            if is_joker(c):
                return f"{text}: a joker is taken from a meld by putting a natural card in its place"
            if not any(is_joker(x) for x in m.cards):
                return f"{text}: meld {a.target} ({self._meld_text(m)}) holds no joker"
            if c not in swap_targets(m, g.rules):
                return f"{text}: no joker of meld {a.target} ({self._meld_text(m)}) stands for {card_text(c)}"
            if g.swap_follow and not self._follow_up_exists(self.hands[self.seat], c, a.target):
                return (
                    f"{text}: the joker could not go back on the table at once (in a new meld"
                    f"{' or a lay-off' if g.swap_follow_layoff else ''}), so it may not be taken"
                )
            return f"{text}: {self._invariant_reason(len(self.hands[self.seat]))}"
        if is_joker(c) and stand_in(c) is None:
            return f"{text}: say what the joker stands for, like 'layoff JK=8C to {a.target}'"
        ends = g.ends(c, m)
        if not ends:
            return f"{text}: {card_text(c)} does not fit on meld {a.target} ({self._meld_text(m)})"
        if len(ends) == 2 and a.end is None:
            return (
                f"{text}: {card_text(c)} fits both ends of meld {a.target}; say which: "
                f"'layoff {card_text(c)} to {a.target} low' or '… high'"
            )
        if a.end is not None and a.end not in ends:
            return f"{text}: {card_text(c)} goes at the {ends[0]} end of meld {a.target}, not the {a.end} end"
        return f"{text}: {self._invariant_reason(len(self.hands[self.seat]) - 1)}"

    def _forced_meld_fault(self, a: Action) -> str | None:
        """After a swap: why a meld that holds the joker is refused when the fault is the meld
        itself (cards not held, not a meld: two cards, a wrong designation), not the swap rule;
        None otherwise."""
        if a.verb != "meld" or a.prep is not None or a.end or not any(is_joker(c) for c in a.cards):
            return None
        why = self._not_held(a) or check_meld(a.cards, self.game.rules)
        return why if isinstance(why, str) else None

    def _not_held(self, a: Action) -> str | None:
        """ "seat 1 does not hold 6S (that often)" when the hand lacks a card ``a`` names; else None."""
        hand = Counter(self.hands[self.seat])
        uses = Counter(JOKER if is_joker(c) else plain(c) for c in a.cards)
        short = [c for c, k in uses.items() if hand[c] < k]
        if not short:
            return None
        return f"{self.game.seat_name(self.seat)} does not hold {cards_text(short)}" + (
            " that often" if any(hand[c] for c in short) else ""
        )

    def _option_refusal(self, a: Action) -> str | None:
        """Why ``a`` is refused by ``first_meld_min``, ``take_must_use`` or ``draws_per_turn``
        (None when another rule refuses it)."""
        g = self.game
        if self.phase == DRAW and a.verb != "draw" and self.draws:
            return "draw your second card first: 'draw stock' or 'draw discard'"
        if (
            self.phase == DRAW
            and a.verb == "draw"
            and a.arg == "discard"
            and self.pile
            and g.take_must_use
            and not self._top_usable()
        ):
            return (
                f"the top discard may be taken only if it can be put on the table this turn, and "
                f"{card_text(self.pile[-1])} cannot"
            )
        if self.phase != PLAY:
            return None
        hand = self.hands[self.seat]
        if a.verb == "discard" and a.cards and a.cards[0] in hand and a.cards[0] not in self.takes:
            musts = self._musts()
            if musts:
                return (
                    f"{cards_text([c for c, _k in musts])}, taken from the discard pile, must first be "
                    f"put on the table (in a meld or laid off)"
                )
            if self.first_pts and self._first_min():
                return (
                    f"the first melds must total at least {g.first_meld_min} points; so far "
                    f"{self.first_pts}: meld more first"
                )
        if (
            a.verb == "swap"
            and g.swap_follow
            and len(a.cards) == 1
            and a.cards[0] in hand
            and self.owners >> self.seat & 1
            and isinstance(a.target, int)
            and 1 <= a.target <= len(self.melds)
            and a.cards[0] in swap_targets(self.melds[a.target - 1], g.rules)
            and not self._follow_up_exists(hand, a.cards[0])
        ):
            return (
                "the joker must go at once into a new meld with cards from the hand (it may not be laid "
                "off or kept), and no such meld can be made"
            )
        if (
            g.no_joker_first
            and not self.was_on
            and a.verb in ("meld", "swap")
            and (a.verb == "swap" and g.swap_follow or any(is_joker(c) for c in a.cards))
        ):
            return "no joker in the melds of a player's first melding turn (nor an exchange, whose meld holds one)"
        first_min = bool(g.first_meld_min) and not self.was_on
        if a.verb in ("layoff", "swap") and first_min and self.owners >> self.seat & 1:
            return (
                f"with a first meld of at least {g.first_meld_min} points, a player lays off and "
                f"exchanges jokers only from the turn after the first melds"
            )
        if a.verb == "meld" and a.cards and (self._first_min() or self._musts()):
            uses = meld_uses(a.cards)
            if Counter(uses) - Counter(hand):
                return None
            got = check_meld(a.cards, g.rules)
            if isinstance(got, str) or not self._keeps(hand, uses):
                return None
            if self._first_min():
                return (
                    f"the melds of a first melding turn must total at least {g.first_meld_min} points "
                    f"(this one is worth {meld_points(got[0], got[1], g.points)}, and the rest of the hand "
                    f"cannot make up the {self._first_min()} still due)"
                )
            return "the card taken from the discard pile could then no longer be put on the table this turn"
        return None

    def _status_line(self, tail: str, void_words: str, step: str) -> str:
        """A status line: ``<Seat> went out · tail`` or ``Hand void: <void_words> · tail`` once
        the hand is over, else ``<Seat> to <step> · tail``."""
        g = self.game
        if self.phase == OVER:
            if self.void:
                return f"Hand void: {void_words} · {tail}"
            assert self.winner is not None, "an over hand that is not void has a winner"
            return f"{g.seat_name(self.winner).capitalize()} went out · {tail}"
        return f"{g.seat_name(self.seat).capitalize()} to {step} · {tail}"

    def _status(self) -> str:
        """The status line; while a seat plays it says what a turn allows (not what this hand can
        do, which would tell the other seats about its cards)."""
        if self.phase == PLAY:
            g = self.game
            top = card_text(self.pile[-1]) if self.pile else "none"
            step = "put the joker in a new meld" if self.forced else "meld, lay off, swap or discard"
            return (
                f"{g.seat_name(self.seat).capitalize()} to {step} · stock {len(self.stock)} · "
                f"discard {top} · melds {len(self.melds)} · to {g.options['target_score']}"
            )
        return super()._status()

    def _log_event(self, ev: tuple) -> LogEvent:
        if ev[0] == "swap":
            return LogEvent(
                "swap",
                f"{{^0}} {{0:puts|put}} {{c0}} in meld {ev[3]} and {{0:takes|take}} its joker.",
                (ev[1],),
                (ev[2],),
                (ev[3],),
            )
        return super()._log_event(ev)

    # -- views and knowledge --
    def _meld_views(self) -> tuple[MeldView, ...]:
        out = []
        for i, m in enumerate(self.melds, 1):
            # a run joker: the plain card it stands for; a set joker standing for a rank only: the
            # designated joker itself (``JK=7*``: the bare rank ``7*`` is no card to write)
            wilds = tuple(
                (k, c if is_any_suit(designation(c)) else designation(c)) for k, c in enumerate(m.cards) if is_joker(c)
            )
            out.append(MeldView(i, m.owner, m.kind, tuple(meld_uses(m.cards)), wilds))
        return tuple(out)

    def _picks(self, legal) -> set[Card]:
        return {
            JOKER if is_joker(c) else c
            for a in legal
            if a.verb in ("meld", "layoff", "discard", "swap")
            for c in a.cards
        }


__all__ = [
    "KnownCards",
    "SWAP_SPEC",
    "WILD_LAYOFF_SPEC",
    "WILD_MELD_SPEC",
    "WILD_VERBS",
    "WildDriftHand",
    "WildDriftRummy",
]
