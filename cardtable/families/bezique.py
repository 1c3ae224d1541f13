"""The bezique family: one hand of Bezique, Rubicon Bezique or Fildinski (bezique.md,
rubicon.md, fildinski.md §3-§7), built once on the trick hand with copies
(``MultiPackTrickHand``).

What the three games share and how a game differs (a parameter of ``BeziqueGame``, never a
copy of the code):

- **Decks of two or four packs** (``packs``): identical cards share a code, a hand is a
  layered mask (families/trick_masks.py). The cards of the concealed hand, the stock and
  the tricks have no identity; a card gets its pack number (``QS#1``) when it comes into a
  seat's **area** on the table (bezique and rubicon: melded from the hand; fildinski: won
  in a trick), the lowest number of that code not yet given this hand (``named``), and
  keeps its **meld history** there (``Instance``s).
- **Two stages**: while the stock lasts any card may be played (from the concealed hand
  or, where the area is part of the hand, from the area), and the winner of a trick has a
  **declare window** (``declare``, the dix ``swap``, ``pass``), then both draw, the winner
  first (the last card drawn is the turn-up, where there is one). Then the areas go back
  into the hands (or face down: fildinski) and the last tricks are played under
  ``BeziqueRule`` (follow, beat when possible, trump when void; an identical card is not
  higher).
- **One meld table per game**, as data (``MeldKind``: id, shape, class, value), and the
  re-use rules decided by one function, ``meld_refusal`` (``families/bezique_melds.py``:
  rules 4-6 of bezique.md §6.3, rubicon.md §6.3 with its re-forming, fildinski.md §6.3 with
  its "just won" card), whose refusals are sentences (``KH#1 already served in a marriage``).
- Brisques scored at once (bezique, fildinski) or only counted (rubicon), the trump seven
  (10 when turned up, exchanged or played in stage 1), the dix, the last trick's points,
  troef from the turn-up or from the first marriage (rubicon), one meld per window or
  several.

The game module says which (``games/bezique.py``); the records' ``deal``, ``result.detail``
and the sheet are in docs/records.md.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Any, Sequence

from cardtable.cards import (
    PIQUET_RANKS,
    RANK_OF,
    SUIT_OF,
    SUIT_SYMBOLS,
    Card,
    card_text,
    copy_of,
    deck,
    make,
    plain,
    shuffled,
    suit_of,
    with_copy,
)
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Observation, Result, check_cards, rng_for
from cardtable.engine.standing import Standing
from cardtable.engine.views import (
    COUNT,
    DOWN,
    HAND,
    LAST_TRICK,
    MELDED_AREA,
    NONE,
    OPEN,
    STOCK,
    TRICK,
    UP,
    UPCARD,
    LogEvent,
    Summary,
    VerbSpec,
    Zone,
    phrase,
)
from cardtable.families.bezique_melds import Instance, MeldKind, meld_refusal
from cardtable.families.bezique_melds import meld_words as _words
from cardtable.families.follow import FollowRule
from cardtable.families.summaries import seats_fact
from cardtable.families.trick_deal import deal_packets
from cardtable.families.trick_masks import (
    LANE,
    LANE0,
    SUIT_MASK,
    add_copy,
    copy_counts,
    layered_cards,
    layered_mask,
    layered_minus,
    layered_union,
    take_copy,
)
from cardtable.families.trick_ranking import DISPLAY_SUITS, Ranking, TrickTable
from cardtable.families.trick_views import PASS_SPEC, PLAY, PLAY_SPEC
from cardtable.families.tricks import MultiPackTrickHand, TrickGame

ACE, TEN, KING, QUEEN, JACK, SEVEN = 14, 10, 13, 12, 11, 7

#: bezique.md §2: A > T > K > Q > J > 9 > 8 > 7 in every suit; A and T are brisques (10)
BEZIQUE = Ranking(
    "bezique",
    plain_order=(14, 10, 13, 12, 11, 9, 8, 7),
    trump_order=(14, 10, 13, 12, 11, 9, 8, 7),
    plain_points={14: 10, 10: 10},
    trump_points={14: 10, 10: 10},
)

PASS = Action("pass")


# ---- the follow rule of the last tricks -------------------------------------------------


class BeziqueRule(FollowRule):
    """Stage 2 (bezique.md §5.3, rubicon.md §5.3, fildinski.md §5.3): the second player
    follows suit and plays higher if he can (an identical card is not higher); void, he
    trumps with any trump; with neither (or no troef at all) any card."""

    __slots__ = ()

    def legal(self, t: TrickTable, hand: int, led: int, win: Card, partner_winning: bool) -> int:
        if led < 0:
            return hand
        follow = hand & SUIT_MASK[led]
        if follow:
            return (follow & t.higher[win]) or follow
        return (hand & t.trump_mask) or hand

    def why_not(self, t, hand, led, win, partner_winning, card) -> str:
        settled = self._settled(t, hand, led, win, partner_winning, card)
        if settled:
            return settled
        words = ("clubs", "diamonds", "hearts", "spades")
        if hand & SUIT_MASK[led]:
            if SUIT_OF[card] != led:
                return f"in the last tricks you must follow suit ({words[led]})"
            return f"in the last tricks you must play higher than {card_text(win)} when you can"
        return "in the last tricks you must trump when you cannot follow suit"


# ---- the verbs --------------------------------------------------------------------------

#: the dix (bezique.md §6.5): a button on ``d``
SWAP_SPEC = VerbSpec("swap", "Dix", "d", "d exchanges your seven of trumps for the turn-up (+10)", NONE)
#: closing the declare window
DECLARE_PASS_SPEC = VerbSpec("pass", "Draw", "p", "p draws (no more melds this trick)", NONE)


def declare_spec(kind: MeldKind) -> VerbSpec:
    """The button of one meld kind (its cards drawn after the label; the table gives it a
    free key)."""
    return VerbSpec(
        "declare", f"{kind.label} +{kind.value}", "", "its key declares the meld shown", NONE, arg=kind.kind
    )


# ---- the game -------------------------------------------------------------------------


class BeziqueGame(TrickGame):
    """A game of the bezique family (bezique.md, rubicon.md, fildinski.md). Its parameters
    (class attributes) say how the game differs:

    ``packs`` (2 or 4), ``hand_size`` (8 or 9), ``packets`` (the deal, from the non-dealer
    round to the dealer), ``turn_up`` (a card is turned for troef: bezique, fildinski),
    ``meld_table`` (the game's ``MeldKind``s; a property where an option changes it),
    ``melds_per_window`` (1, or None for any number), ``reform`` (rubicon's re-forming of a
    broken meld), ``meld_source`` (``hand``: melds from the hand, the area is part of it;
    ``won``: from the cards won, fildinski), ``trump_by_meld`` (no turn-up: the first stuk
    or trump sequence sets troef), ``dix`` (the seven of trumps may be exchanged),
    ``seven_points`` (turned up, exchanged or played in stage 1), ``brisque_points`` (each A
    and T won scores at once; 0: only counted), ``last_trick_points``, ``reuse_default``,
    ``bare_alike`` (a bare code in a ``declare`` names an area card only where the seat's
    area copies of that code left to name are alike: fildinski §4).
    ``carte_blanche`` (rubicon.md §6.6: the points of a dealt hand without K, Q or J and of
    each non-court card its holder draws until a court card; 0: none).
    Hooks: ``target`` (the game target), ``state_class`` (the hand's State class)."""

    family = "bezique"
    ranking = BEZIQUE
    rule: FollowRule = BeziqueRule()
    min_players = 2
    max_players = 2

    packs = 2
    hand_size = 8
    packets: tuple[int, ...] = (3, 2, 3)
    turn_up = True
    melds_per_window: int | None = 1
    reform = False
    meld_source = "hand"
    #: fildinski §4: a declaration's bare code is refused when the area copies it could name
    #: differ (meld history, or won in the trick just played); False: the lowest number
    bare_alike = False
    trump_by_meld = False
    dix = True
    seven_points = 10
    brisque_points = 10
    last_trick_points = 10
    carte_blanche = 0
    state_class: type["BeziqueHand"]

    @property
    def meld_table(self) -> tuple[MeldKind, ...]:
        """The game's meld table (§6.1), in the order the buttons show it."""
        raise NotImplementedError

    @property
    def target(self) -> int:
        """The game target in points (``target_score``)."""
        return int(self.options.get("target_score", 500))

    @property
    def reuse_rule(self) -> str:
        """``value`` or ``class`` (§9 ``reuse_rule``)."""
        return str(self.options.get("reuse_rule", "value"))

    def bezique_pair(self, trump: int | None) -> tuple[Card, Card]:
        """The bezique queen and jack under ``trump`` (QS and JD; a game's option may change
        them)."""
        return make(QUEEN, 3), make(JACK, 1)

    def n_cards(self) -> int:
        return 32 * self.packs

    def deck(self) -> list[Card]:
        """The plain cards of ``packs`` piquet packs (a multiset: identical cards share a code)."""
        return deck(PIQUET_RANKS, self.packs)

    # -- the deal (§3) --
    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: Any = None
    ) -> "BeziqueHand":
        """Shuffle (seeded) and deal ``packets`` from the non-dealer round to the dealer; the
        next card is the turn-up (where the game turns one), the rest the stock, top first.
        The dealer and the running totals come from ``standing`` (or ``sheet=``)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(self.deck(), rng_for(seed))
        dealer = standing.next_dealer
        hands = deal_packets(pack, 2, dealer, self.packets)
        i = 2 * self.hand_size
        turnup = pack[i] if self.turn_up else None
        stock = tuple(pack[i + 1 :] if self.turn_up else pack[i:])
        st = self.state_class(self, dealer, [layered_mask(h) for h in hands], turnup, stock, standing)
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: Any = None) -> "BeziqueHand":
        """An exact deal ``{"dealer": d, "hands": [[codes] x 2], "upcard": "9H", "stock":
        [codes, top first]}`` (``upcard`` the turn-up, null where none is turned). Cards are
        plain codes; a code may name its copy (``QS#2``: read as a QS, the copy is given
        when the card is melded), each copy at most once. DealError naming what is wrong:
        an unknown key, a bad dealer, hand or stock size, a code that is not a card, a card
        more often than the packs hold."""
        if not isinstance(deal, dict):
            raise DealError("a deal is an object with dealer, hands, upcard and stock")
        keys = ("dealer", "hands", "upcard", "stock")
        unknown = sorted(set(deal) - set(keys))
        if unknown:
            many = "s" if len(unknown) > 1 else ""
            raise DealError(f"unknown deal key{many} {', '.join(map(repr, unknown))}: a deal has {', '.join(keys)}")
        dealer = deal.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
            raise DealError(f"dealer must be a seat 0..1, not {dealer!r}")
        h = self.hand_size
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != 2:
            raise DealError(f"hands must be a list of two hands of {h} cards")
        seen_copies: set[Card] = set()
        count: Counter[Card] = Counter()

        def take(codes: Any, what: str) -> list[Card]:
            if not isinstance(codes, list):
                raise DealError(f"{what} must be a list of card codes")
            cards = check_cards(codes, what)
            out = []
            for c in cards:
                p = plain(c)
                if not (SUIT_OF[p] < 4 and RANK_OF[p] in PIQUET_RANKS) or c != with_copy(p, copy_of(c)):
                    raise DealError(f"{card_text(c)} is not a card of the piquet packs")
                if copy_of(c):
                    if copy_of(c) > self.packs:
                        raise DealError(f"{card_text(c)}: the deck has {self.packs} packs")
                    if c in seen_copies:
                        raise DealError(f"{card_text(c)} is dealt twice")
                    seen_copies.add(c)
                count[p] += 1
                if count[p] > self.packs:
                    raise DealError(f"{card_text(p)} is dealt {count[p]} times: the deck holds {self.packs}")
                out.append(p)
            return out

        masks = []
        for i, hand in enumerate(hands):
            cards = take(hand, f"hand of seat {i}")
            if len(cards) != h:
                raise DealError(f"seat {i} must hold {h} cards, not {len(cards)}")
            masks.append(layered_mask(cards))
        up = deal.get("upcard")
        turnup = None
        if self.turn_up:
            if not isinstance(up, str):
                raise DealError('the deal needs the turned-up card, e.g. "upcard": "9H"')
            turnup = take([up], "upcard")[0]
        elif up is not None:
            raise DealError(f"no card is turned up in {self.name}: upcard must be null")
        n_stock = self.n_cards() - 2 * h - (1 if self.turn_up else 0)
        raw = deal.get("stock")
        stock = take(raw, "stock") if raw is not None else []
        if len(stock) != n_stock:
            raise DealError(f"the stock must hold {n_stock} cards, not {len(stock)}")
        return self.state_class(self, dealer, masks, turnup, tuple(stock), self.standing_of(standing, sheet))

    def check_result(self, result: Result, state: "BeziqueHand") -> list[str]:
        """The family's totals (§7): a seat's hand points are the sum of its scoring events;
        brisques 10 each, all of them once every trick is played; at most 10 per trump seven
        (two sevens); the last trick's points to its winner once."""
        out = []
        d = result.detail
        sums = [0, 0]
        for s, _t, _what, pts in d["events"]:
            sums[s] += pts
        if sums != list(d["points"]):
            out.append(f"hand points {d['points']} are not the events' sum {sums}")
        if d["tricks_played"] == self.n_cards() // 2 and sum(d["brisques"]) != 8 * self.packs:
            out.append(f"{8 * self.packs} brisques are won in a hand, not {d['brisques']}")
        sevens = [e for e in d["events"] if e[2] in ("seven", "dix", "turn-up seven")]
        if sum(e[3] for e in sevens) > 2 * self.seven_points:
            out.append(f"the sevens of trumps scored {sum(e[3] for e in sevens)}, more than {2 * self.seven_points}")
        lasts = [e for e in d["events"] if e[2] == "last trick"]
        if d["tricks_played"] == self.n_cards() // 2 and self.last_trick_points and len(lasts) != 1:
            out.append(f"the last trick scores once, not {len(lasts)} times")
        return out


# ---- the hand -----------------------------------------------------------------------------


def _sort_key(t: TrickTable):
    """Display order: troef first, the colours alternating, each suit high to low, then the
    pack number."""
    order = {s: i for i, s in enumerate(DISPLAY_SUITS[t.trump])}
    st = t.strength

    def key(c: Card) -> tuple:
        p = plain(c)
        return (order[SUIT_OF[p]], -st[p], copy_of(c))

    return key


class BeziqueHand(MultiPackTrickHand):
    """One hand of the bezique family (the section numbers are bezique.md's; rubicon.md and
    fildinski.md have the same).

    State fields beyond ``TrickHand``'s: ``stock`` (top first), ``turnup`` (the turned card
    under the stock, None once drawn or where none is turned), ``stage`` (1 while the stock
    lasts, 2 for the last tricks), ``areas`` (per seat: ((card with ``#n``, instance
    indexes), ...) in the order they came), ``instances`` (every ``Instance`` of the hand),
    ``named`` (bit ``8 * plain + n``: copy n of that code has been given this hand),
    ``known`` (per seat, a layered mask of the cards every seat knows to be in its concealed
    hand: the turn-up taken, the melded cards picked up, the cards of a carte blanche shown),
    ``points`` (this hand, per seat), ``brisques`` (A and T won, per seat), ``scoring`` (the
    scoring events ``(seat, trick, what, points)``), the window (``win_melds``, ``win_used``, ``win_dix``, ``dix_card``,
    ``just_won``), ``totals0`` (the running totals when the hand was dealt) and ``hand_no``.

    Phases: ``play`` (a card to the trick), ``declare`` (the winner's window in stage 1),
    ``over``. Actions: ``play <card>`` (``QS#1`` for an area card: see ``normalize``),
    ``declare <kind> <cards>``, ``swap 7<troef>``, ``pass``.
    """

    game: BeziqueGame
    n_seats = 2
    next_seat = (1, 0)
    partner = (-1, -1)
    side = (0, 1)
    n_sides = 2

    def __init__(
        self,
        game: BeziqueGame,
        dealer: int,
        hands: list[int],
        turnup: Card | None,
        stock: tuple[Card, ...],
        standing: Standing,
    ):
        trump = suit_of(turnup) if turnup is not None else None
        super().__init__(game, dealer, hands, trump, None, n_tricks=game.n_cards() // 2)
        self.stock = tuple(stock)
        self.turnup = turnup
        self.stock0 = self.stock
        self.turnup0 = turnup
        self.stage = 1
        self.stage1_tricks = (len(stock) + (1 if turnup is not None else 0)) // 2
        self.areas: tuple[tuple[tuple[Card, tuple[int, ...]], ...], ...] = ((), ())
        self.instances: tuple[Instance, ...] = ()
        self.named = 0
        self.known: tuple[int, ...] = (0, 0)
        self.points: tuple[int, ...] = (0, 0)
        self.brisques: tuple[int, ...] = (0, 0)
        self.scoring: tuple[tuple[int, int, str, int], ...] = ()
        self.win_melds = 0
        self.win_used: tuple[Card, ...] = ()
        self.win_dix = False
        self.dix_card = -1
        self.just_won: tuple[Card, ...] = ()
        #: per seat: carte blanche still running (rubicon.md §6.6)
        self.cb_active: tuple[bool, ...] = (False, False)
        #: the areas as the stock ran out (phase C), for the result's ``areas``
        self.last_areas: tuple[tuple[tuple[Card, tuple[int, ...]], ...], ...] = ((), ())
        self.totals0 = tuple(standing.totals) if standing.totals else (0, 0)
        self.hand_no = standing.hands + 1
        self.phase = "play"
        self._log("deal", dealer, turnup if turnup is not None else -1)
        if turnup is not None and RANK_OF[turnup] == SEVEN and game.seven_points:
            self._score(dealer, 0, "turn-up seven", game.seven_points)  # §3.5
            self._log("turnup7", dealer, game.seven_points)
        self.to_act = self.next_seat[dealer]
        if game.carte_blanche:
            self._carte_blanche_dealt()

    def _carte_blanche_dealt(self) -> None:
        """Phase B (rubicon.md §6.6): first the non-dealer, then the dealer; a dealt hand
        without K, Q or J scores ``carte_blanche`` and its holder becomes active. The hand
        is shown (rubicon.md ruling 14): its cards join the seat's ``known`` and the log
        names them."""
        active = [False, False]
        for s in (self.next_seat[self.dealer], self.dealer):
            dealt = layered_cards(self.hands[s])
            if not any(RANK_OF[c] in (KING, QUEEN, JACK) for c in dealt):
                active[s] = True
                self._score(s, 0, "carte_blanche", self.game.carte_blanche)
                self._show(s, dealt)
                shown = tuple(sorted(dealt, key=_sort_key(self.t)))
                self._log("carte_blanche", s, self.game.carte_blanche, shown, "dealt")
        self.cb_active = tuple(active)

    def _carte_blanche_drawn(self, seat: int, c: Card, shown: bool = False) -> None:
        """After a draw by an active seat (rubicon.md §6.6): a card that is no K, Q or J
        scores ``carte_blanche`` again and is shown (into ``known``, unless ``shown``: the
        turn-up, known already); a court card ends the run."""
        if RANK_OF[c] in (KING, QUEEN, JACK):
            self.cb_active = tuple(False if s == seat else a for s, a in enumerate(self.cb_active))
            return
        self._score(seat, self.ntricks, "carte_blanche", self.game.carte_blanche)
        if not shown:
            self._show(seat, [c])
        self._log("carte_blanche", seat, self.game.carte_blanche, (c,), "drawn")

    def _show(self, seat: int, cards: Sequence[Card]) -> None:
        """``cards`` of ``seat``'s concealed hand are shown to the other seat: they join
        ``known`` (left again as the seat plays or melds a copy of them)."""
        k = list(self.known)
        k[seat] = layered_union(k[seat], layered_mask(cards))
        self.known = tuple(k)

    # -- small helpers --
    def _score(self, seat: int, trick: int, what: str, pts: int) -> None:
        p = list(self.points)
        p[seat] += pts
        self.points = tuple(p)
        self.scoring = self.scoring + ((seat, trick, what, pts),)

    def area_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s area (codes with ``#n``), in the order they came."""
        return tuple(c for c, _h in self.areas[seat])

    def histories(self, seat: int) -> dict[Card, tuple[int, ...]]:
        return dict(self.areas[seat])

    def area_mask(self, seat: int) -> int:
        """The area's cards as a layered mask of plain cards."""
        return layered_mask(plain(c) for c, _h in self.areas[seat])

    def concealed_mask(self, seat: int) -> int:
        """The concealed hand (layered mask): where the area is part of the hand, the hand
        less the area."""
        if self.game.meld_source == "hand":
            return layered_minus(self.hands[seat], self.area_mask(seat))
        return self.hands[seat]

    def concealed_count(self, seat: int, c: Card) -> int:
        return copy_counts(self.concealed_mask(seat)).get(c, 0) if (self.hands[seat] >> c) & 1 else 0

    def _is_named(self, c: Card, n: int) -> bool:
        return bool((self.named >> (8 * c + n)) & 1)

    def _give_number(self, c: Card) -> Card:
        """The lowest pack number of ``c`` not given yet this hand, now given: ``c#n``."""
        for n in range(1, self.copies + 1):
            if not self._is_named(c, n):
                self.named |= 1 << (8 * c + n)
                return with_copy(c, n)
        raise AssertionError(f"every copy of {card_text(c)} is numbered already")  # pragma: no cover

    def seven(self) -> Card | None:
        return make(SEVEN, self.trump) if self.trump is not None else None

    # -- naming cards (bezique.md §4 "Naming a physical card") --
    def resolve(self, seat: int, cards: Sequence[Card], melding: bool = False) -> list[Card] | None:
        """The tokens ``cards`` name in ``seat``'s possession (a plain card: a concealed
        copy; a code with ``#n``: that card of its area), or None when a card is not there.
        ``CODE#n``: the area's card, else a concealed copy if copy n was never numbered; a
        bare code: a concealed copy, else the area's copy with the lowest number. Several
        names take further copies in the same order, the ``#n`` names first."""
        area = set(self.area_cards(seat)) if (self.game.meld_source == "hand" or melding) else set()
        conc = copy_counts(self.concealed_mask(seat)) if not (melding and self.game.meld_source == "won") else {}
        taken: Counter[Card] = Counter()
        used: set[Card] = set()
        out: list[Card | None] = [None] * len(cards)
        for i, c in enumerate(cards):
            n = copy_of(c)
            if not n:
                continue
            p = plain(c)
            if c in area and c not in used:
                used.add(c)
                out[i] = c
            elif not self._is_named(p, n) and conc.get(p, 0) - taken[p] > 0:
                taken[p] += 1
                out[i] = p
            else:
                return None
        if melding and self.game.bare_alike and self._ambiguous(seat, cards) is not None:
            return None
        for i, c in enumerate(cards):
            if copy_of(c):
                continue
            if c != plain(c):
                return None
            if conc.get(c, 0) - taken[c] > 0:
                taken[c] += 1
                out[i] = c
                continue
            mine = sorted((x for x in area if plain(x) == c and x not in used), key=copy_of)
            if not mine:
                return None
            used.add(mine[0])
            out[i] = mine[0]
        return [c for c in out if c is not None]

    def _ambiguous(self, seat: int, cards: Sequence[Card]) -> tuple[Card, list[Card]] | None:
        """``bare_alike`` (fildinski §4, ruling 11): the first bare code of ``cards`` that
        does not say which area copies it names, with those copies: more copies are left
        (not named with ``#n`` in ``cards``) than the code is written bare, and they differ
        in meld history or in being won in the trick just played. None when every bare code
        is plain to read."""
        named = {c for c in cards if copy_of(c)}
        hist = self.histories(seat)
        won = set(self.just_won)
        bare = Counter(c for c in cards if not copy_of(c))
        for c, k in bare.items():
            left = sorted((x for x in hist if plain(x) == c and x not in named), key=copy_of)
            if len(left) > k and len({(hist[x], x in won) for x in left}) > 1:
                return c, left
        return None

    def canonical(self, tokens: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(sorted(tokens, key=_sort_key(self.t)))

    def normalize(self, action: Action) -> Action:
        """A ``play`` or ``declare`` with its cards named as the legal actions name them (a
        concealed copy bare, an area card with ``#n``; a declare's cards in display order);
        a card that is not there is kept as written (the action is then refused)."""
        seat = self.to_act
        if seat is None or not action.cards or action.verb not in ("play", "declare"):
            return action
        if action.verb == "play" and len(action.cards) == 1 and self.stage == 2:
            return action._replace(cards=(plain(action.cards[0]),))  # the picked-up cards lost their numbers (phase C)
        got = self.resolve(seat, action.cards, melding=action.verb == "declare")
        if got is None:
            return action
        if action.verb == "play":
            return action if len(got) != 1 else (PLAY[got[0]] if got[0] < LANE else Action("play", None, (got[0],)))
        return action._replace(cards=self.canonical(got))

    # -- legality --
    def play_mask(self, seat: int) -> int:
        """The plain cards ``seat`` may play: in stage 1 any card of the hand (§5.2), in
        stage 2 by ``BeziqueRule`` (§5.3)."""
        if self.stage == 1:
            return self.hands[seat] & LANE0
        return MultiPackTrickHand.play_mask(self, seat)

    def _legal_play(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None
        if self.stage == 2 or self.game.meld_source != "hand" or not self.areas[seat]:
            return self.play_actions(self.play_mask(seat))
        acts = self.play_actions(self.concealed_mask(seat) & LANE0)
        acts += [Action("play", None, (c,)) for c in sorted(self.area_cards(seat), key=_sort_key(self.t))]
        return acts

    def _legal_other(self) -> list[Action]:
        if self.phase != "declare":
            return []
        acts = self.declare_actions()
        s7 = self.seven()
        if s7 is not None and self._dix_ok():
            acts.append(Action("swap", None, (s7,)))
        acts.append(PASS)
        return acts

    def _dix_ok(self) -> bool:
        """§6.5: in an open window, no dix yet in it, the turn-up not a 7, the seven of
        troef in the concealed hand."""
        g = self.game
        if not g.dix or self.win_dix or self.turnup is None or RANK_OF[self.turnup] == SEVEN:
            return False
        s7 = self.seven()
        assert self.to_act is not None
        return s7 is not None and (self.concealed_mask(self.to_act) >> s7) & 1 == 1

    def _window_limit_reached(self) -> bool:
        lim = self.game.melds_per_window
        return lim is not None and self.win_melds >= lim

    def meld_suits(self, kind: MeldKind) -> list[int]:
        """The suits a sequence or marriage of ``kind`` may be in now (§6.1; rubicon: before
        troef, only as stuk or trump sequence, in any suit)."""
        tr = self.trump
        if kind.arg == "trump":
            if tr is None:
                return [0, 1, 2, 3] if self.game.trump_by_meld else []
            return [tr]
        if tr is None:
            return []
        return [s for s in range(4) if s != tr]

    def _options(self, seat: int) -> dict[Card, list[tuple[Card, int]]]:
        """Per plain card, the tokens ``seat`` may meld with it now: (a concealed copy,
        how many) and (each area card not used this window, 1)."""
        opts: dict[Card, list[tuple[Card, int]]] = {}
        if self.game.meld_source == "hand":
            for c, k in copy_counts(self.concealed_mask(seat)).items():
                if c == self.dix_card:
                    k -= 1
                if k > 0:
                    opts.setdefault(c, []).append((c, k))
        used = set(self.win_used)
        for c, _h in self.areas[seat]:
            if c not in used:
                opts.setdefault(plain(c), []).append((c, 1))
        return opts

    def _compositions(self, kind: MeldKind, opts: dict[Card, list[tuple[Card, int]]]) -> list[tuple[Card, ...]]:
        """Every set of tokens that makes ``kind`` (rule 3) from ``opts``."""
        out: list[tuple[Card, ...]] = []

        def multis(options: list[tuple[Card, int]], k: int) -> list[tuple[Card, ...]]:
            toks = [t for t, n in options for _ in range(min(n, k))]
            return sorted(set(tuple(sorted(x)) for x in combinations(toks, k)))

        if kind.shape in ("sequence", "marriage"):
            ranks = (ACE, TEN, KING, QUEEN, JACK) if kind.shape == "sequence" else (KING, QUEEN)
            for s in self.meld_suits(kind):
                per = [[t for t, _n in opts.get(make(r, s), [])] for r in ranks]
                if all(per):
                    out.extend(product(*per))
        elif kind.shape == "bezique":
            q, j = self.game.bezique_pair(self.trump)
            pairs = [(q, j)]
            if self.trump is None and self.game.trump_by_meld:
                pairs = [self.game.bezique_pair(s) for s in range(4)]
                pairs = list(dict.fromkeys(pairs))
            n = kind.arg
            for q, j in pairs:
                qs = multis(opts.get(q, []), n)
                js = multis(opts.get(j, []), n)
                out.extend(a + b for a in qs for b in js)
        elif kind.shape == "quartet":
            options = [o for s in range(4) for o in opts.get(make(kind.arg, s), [])]
            out.extend(multis(options, 4))
        return out

    def declare_actions(self) -> list[Action]:
        """The legal ``declare`` actions now (rules 1-6 of §6.3)."""
        seat = self.to_act
        assert seat is not None
        if self._window_limit_reached():
            return []
        opts = self._options(seat)
        if not opts:
            return []
        hist = self.histories(seat)
        area = set(self.area_cards(seat))
        won = frozenset(self.just_won) if self.game.meld_source == "won" else None
        acts: list[Action] = []
        seen: set[tuple] = set()
        for kind in self.game.meld_table:
            for toks in self._compositions(kind, opts):
                key = (kind.kind, tuple(sorted(toks)))
                if key in seen:
                    continue
                seen.add(key)
                why = meld_refusal(kind, toks, hist, self.instances, area, self.game.reuse_rule, self.game.reform, won)
                if why is None:
                    acts.append(Action("declare", kind.kind, self.canonical(toks)))
        return acts

    def _kind(self, kind_id: str | None) -> MeldKind | None:
        return next((k for k in self.game.meld_table if k.kind == kind_id), None)

    def declare_refusal(self, seat: int, action: Action) -> str:
        """Why ``action`` (a declare) is refused, in the player's words."""
        kind = self._kind(action.arg)
        text = action.text()
        if kind is None:
            names = ", ".join(k.kind for k in self.game.meld_table)
            return f"{text}: {self.game.name} has no meld {action.arg!r} (melds: {names})"
        if self.phase != "declare":
            return f"{text}: melds are declared after winning a trick while the stock lasts"
        if self._window_limit_reached():
            return (
                f"{text}: one meld per trick, and you have declared one (\u201cen ook echt maar \u00e9\u00e9n!\u201d)"
            )
        toks = self.resolve(seat, action.cards, melding=True)
        amb = self._ambiguous(seat, action.cards) if self.game.bare_alike else None
        if toks is None and amb is not None:
            c, left = amb
            copies = " or ".join(card_text(x) for x in left)
            return (
                f"{text}: your open {card_text(c)} differ (meld history, or won in this trick): name the copy, {copies}"
            )
        if toks is None:
            return f"{text}: {self._missing(seat, action.cards)}"
        used = [c for c in toks if c in self.win_used]
        if used:
            return f"{text}: {card_text(used[0])} already serves in a meld of this trick"
        if (
            self.dix_card >= 0
            and sum(1 for c in toks if c == self.dix_card) > self.concealed_count(seat, self.dix_card) - 1
        ):
            return (
                f"{text}: {card_text(self.dix_card)} was taken by the dix this trick: it may be melded at a later trick"
            )
        if not self._composes(kind, toks):
            return f"{text}: {self._composition_words(kind)}"
        why = meld_refusal(
            kind,
            toks,
            self.histories(seat),
            self.instances,
            set(self.area_cards(seat)),
            self.game.reuse_rule,
            self.game.reform,
            frozenset(self.just_won) if self.game.meld_source == "won" else None,
        )
        return f"{text}: {why}" if why else f"{text} is not allowed now"

    def _composes(self, kind: MeldKind, toks: Sequence[Card]) -> bool:
        """Rule 3: ``toks`` are exactly the cards ``kind`` needs now."""
        opts: dict[Card, list[tuple[Card, int]]] = {}
        for c, n in Counter(toks).items():
            opts.setdefault(plain(c), []).append((c, n))
        want = tuple(sorted(toks))
        return any(tuple(sorted(x)) == want for x in self._compositions(kind, opts))

    def _composition_words(self, kind: MeldKind) -> str:
        tr = self.trump
        if kind.shape == "sequence":
            if kind.arg == "trump":
                return (
                    "a trump sequence is A T K Q J of troef"
                    if tr is not None
                    else "a trump sequence is A T K Q J of one suit (it sets troef)"
                )
            return "a sequence is A T K Q J of one suit that is not troef"
        if kind.shape == "marriage":
            if kind.arg == "trump":
                return "stuk is K and Q of troef" if tr is not None else "stuk is K and Q of one suit (it sets troef)"
            if tr is None:
                return "no marriage before troef is set: K and Q of one suit are declared as stuk"
            return "a marriage is K and Q of one suit that is not troef"
        if kind.shape == "bezique":
            q, j = self.game.bezique_pair(tr)
            n = kind.arg
            what = f"{card_text(q)} and {card_text(j)}" if n == 1 else f"{n} x {card_text(q)} and {n} x {card_text(j)}"
            return f"a {_words(kind.kind)} is {what}"
        rank = {ACE: "aces", TEN: "tens", KING: "kings", QUEEN: "queens", JACK: "jacks"}[kind.arg]
        return f"{_words(kind.kind)} are four {rank} (of any suits)"

    def _missing(self, seat: int, cards: Sequence[Card]) -> str:
        """Which named card is not the seat's to meld or play."""
        area = set(self.area_cards(seat))
        conc = copy_counts(self.concealed_mask(seat))
        need: Counter[Card] = Counter(plain(c) for c in cards)
        for c in cards:
            n = copy_of(c)
            if n and c not in area and (self._is_named(plain(c), n) or not conc.get(plain(c))):
                return f"{card_text(c)} is not yours to use"
        for p, k in need.items():
            have = conc.get(p, 0) + sum(1 for x in area if plain(x) == p)
            if not have:
                return f"{card_text(p)} is not in your hand"
            if have < k:
                return f"you hold {have} {card_text(p)}, not {k}"
        return "a card is named twice"

    def explain(self, action: Action) -> str:
        seat = self.to_act
        if seat is None:
            return "the hand is over"
        v = action.verb
        if self.phase == "declare":
            if v == "play":
                return f"{action.text()}: first declare a meld or pass (p) to draw"
            if v == "declare":
                return self.declare_refusal(seat, action)
            if v == "swap":
                return f"{action.text()}: {self._dix_words()}"
            return f"{action.text()}: declare a meld, exchange the seven (dix) or pass"
        if v == "declare":
            if self.stage == 2:
                return f"{action.text()}: no melds in the last tricks"
            return f"{action.text()}: melds are declared after winning a trick"
        if v == "swap":
            if self.stage == 2:
                return f"{action.text()}: no dix in the last tricks"
            return f"{action.text()}: the dix is made after winning a trick"
        if v == "pass":
            return "pass: play a card to the trick"
        if v == "play" and len(action.cards) == 1:
            c = action.cards[0]
            if self.stage == 1:
                if self.game.meld_source == "won" and self._open_not_concealed(seat, c):
                    return f"{card_text(c)} is an open card: a card won is never played again"
                if copy_of(c) or self.resolve(seat, [c]) is None:
                    return f"{card_text(c)}: " + self._missing(seat, [c])
                return f"{card_text(c)} may be played"  # pragma: no cover
            return self.explain_play(seat, plain(c))
        return f"{action.text()} is not an action of {self.game.name} now"

    def _open_not_concealed(self, seat: int, c: Card) -> bool:
        """Fildinski §5.2: ``c`` names one of ``seat``'s open cards (``AS#1``, or a bare code
        it holds open and not concealed), which may never be played."""
        area = self.area_cards(seat)
        if copy_of(c):
            return c in area
        return not self.concealed_count(seat, c) and any(plain(x) == c for x in area)

    def _dix_words(self) -> str:
        g = self.game
        if not g.dix:
            return f"{g.name} has no dix"
        if self.win_dix:
            return "one dix per trick"
        if self.turnup is None or RANK_OF[self.turnup] == SEVEN:
            return "a seven lies under the stock already: no dix this hand"
        return f"the dix needs the seven of troef ({card_text(self.seven() or 0)}) in your concealed hand"

    def is_legal(self, action: Action) -> bool:
        if (
            self.phase == "play"
            and self.stage == 1
            and action.verb == "play"
            and action.cards
            and copy_of(action.cards[0])
        ):
            return self.normalize(action) in self._legal()
        return MultiPackTrickHand.is_legal(self, action)

    # -- applying --
    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.to_act
        assert seat is not None, "the engine applies actions only while the hand is on"
        if v == "play":
            self._play(seat, action.cards[0])
        elif v == "declare":
            kind = self._kind(action.arg)
            toks = self.resolve(seat, action.cards, melding=True)
            assert kind is not None and toks is not None, "a legal declare names a meld of the seat's cards"
            self._declare(seat, kind, toks)
        elif v == "swap":
            self._dix(seat)
        elif v == "pass":
            self._close_window(seat)
        else:  # pragma: no cover - the engine only passes legal actions
            raise ValueError(f"unknown action {action.text()}")

    def _play(self, seat: int, c: int) -> None:
        """``seat`` plays ``c``: an area card (``#n``) leaves the area; a plain card is a
        concealed copy, else the area's copy with the lowest number (§4 naming). A trump
        seven played in stage 1 scores at once (§7.1)."""
        area_card = -1
        if copy_of(c) or (
            self.stage == 1
            and self.game.meld_source == "hand"
            and self.areas[seat]
            and not self.concealed_count(seat, c)
        ):
            if not copy_of(c):
                c = min((x for x in self.area_cards(seat) if plain(x) == c), key=copy_of)
            self.areas = tuple(tuple(e for e in a if e[0] != c) if s == seat else a for s, a in enumerate(self.areas))
            area_card = c
            c = plain(c)
        elif self.known[seat] and (self.known[seat] >> c) & 1:
            k = list(self.known)
            k[seat] = take_copy(k[seat], c)
            self.known = tuple(k)
        g = self.game
        if self.stage == 1 and g.seven_points and self.trump is not None and c == make(SEVEN, self.trump):
            self._score(seat, self.ntricks + 1, "seven", g.seven_points)
            self._log("seven", seat, c, g.seven_points)
        if area_card >= 0:  # not shown: the next card played comes from the area (information sets)
            self._log("from_area", seat, area_card)
        MultiPackTrickHand._play(self, seat, c)

    def _after_trick(self) -> None:
        """The trick is booked (``_take_trick``): brisques to the winner; in stage 1 the
        winner's declare window opens, in stage 2 he leads (the last trick scores)."""
        g = self.game
        w = self.last_winner
        assert w is not None
        n_b = sum(1 for _s, c in self.last_trick if RANK_OF[c] in (ACE, TEN))
        if n_b:
            b = list(self.brisques)
            b[w] += n_b
            self.brisques = tuple(b)
            if g.brisque_points:
                self._score(w, self.ntricks, "brisques", g.brisque_points * n_b)
        if self.stage == 1:
            self.phase = "declare"
            self.win_melds = 0
            self.win_used = ()
            self.win_dix = False
            self.dix_card = -1
            self.just_won = ()
            if g.meld_source == "won":  # fildinski §4 B.3: the trick's cards open in front of the winner
                won = tuple(self._give_number(c) for _s, c in self.last_trick)
                self.areas = tuple(a + tuple((c, ()) for c in won) if s == w else a for s, a in enumerate(self.areas))
                self.just_won = won
            self.to_act = w
            return
        if self.ntricks == self.n_tricks:
            if g.last_trick_points:
                self._score(w, self.ntricks, "last trick", g.last_trick_points)
                self._log("last", w, g.last_trick_points)
            self._hand_over()
            return
        self.phase = "play"
        self.to_act = w

    def _declare(self, seat: int, kind: MeldKind, toks: list[Card]) -> None:
        """§6.3 "On a legal meld": the instance, each card's history, fresh cards into the
        area with their pack numbers, the value to the declarer."""
        cards = []
        known = self.known[seat]
        for c in toks:
            if copy_of(c):
                cards.append(c)
            else:
                if (known >> c) & 1:
                    known = take_copy(known, c)
                cards.append(self._give_number(c))
        if known != self.known[seat]:
            k = list(self.known)
            k[seat] = known
            self.known = tuple(k)
        idx = len(self.instances)
        inst = Instance(kind.kind, kind.cls, kind.value, self.canonical(cards), self.ntricks, seat)
        self.instances = self.instances + (inst,)
        area = []
        cardset = set(cards)
        for c, h in self.areas[seat]:
            area.append((c, h + (idx,)) if c in cardset else (c, h))
        present = {c for c, _h in self.areas[seat]}
        area.extend((c, (idx,)) for c in cards if c not in present)
        self.areas = tuple(tuple(area) if s == seat else a for s, a in enumerate(self.areas))
        self.win_melds += 1
        self.win_used = self.win_used + tuple(cards)
        if self.trump is None and self.game.trump_by_meld and kind.arg == "trump":
            self._set_trump(suit_of(cards[0]))
        self._score(seat, self.ntricks, kind.kind, kind.value)
        self._log("declare", seat, kind.kind, inst.cards, kind.value)

    def _set_trump(self, suit: int) -> None:
        self.trump = suit
        self.t = self.game.ranking.table(suit)
        self._log("troef", suit)

    def _dix(self, seat: int) -> None:
        """§6.5: the seven of troef from the concealed hand under the stock, the turn-up
        into the concealed hand (fresh), 10 points."""
        s7 = self.seven()
        old = self.turnup
        assert s7 is not None and old is not None
        h = list(self.hands)
        h[seat] = add_copy(take_copy(h[seat], s7), old)
        self.hands = h
        k = list(self.known)
        if (k[seat] >> s7) & 1:
            k[seat] = take_copy(k[seat], s7)
        k[seat] = add_copy(k[seat], old)
        self.known = tuple(k)
        self.turnup = s7
        self.win_dix = True
        self.dix_card = old
        if self.game.seven_points:
            self._score(seat, self.ntricks, "dix", self.game.seven_points)
        self._log("dix", seat, s7, old, self.game.seven_points)

    def _close_window(self, seat: int) -> None:
        """``pass``: the draw (§5.4), winner first; the last card drawn is the turn-up; an
        empty stock ends stage 1 (phase C: the areas go back into the hands)."""
        other = self.next_seat[seat]
        h = list(self.hands)
        k = list(self.known)
        took = -1
        cb: list[tuple[int, Card]] = []  # the draws of a seat in carte blanche (rubicon.md §6.6)
        for s in (seat, other):
            if self.stock:
                c = self.stock[0]
                self.stock = self.stock[1:]
            elif self.turnup is not None:
                c = self.turnup
                self.turnup = None
                k[s] = add_copy(k[s], c)
                took = c
            else:  # pragma: no cover - the stock holds pairs of draws
                continue
            h[s] = add_copy(h[s], c)
            if self.cb_active[s]:
                cb.append((s, c))
        self.hands = h
        self.known = tuple(k)
        self._log("draw", seat, other, took)
        for s, c in cb:
            self._carte_blanche_drawn(s, c, shown=s == other and c == took)
        self.win_dix = False
        self.dix_card = -1
        if not self.stock and self.turnup is None:
            self._pick_up()
        self.phase = "play"
        self.to_act = seat

    def _pick_up(self) -> None:
        """Phase C: the areas go back into the concealed hands, their histories gone; the
        last tricks begin."""
        k = list(self.known)
        for s in range(2):
            if self.game.meld_source == "hand":
                k[s] = layered_union(k[s], self.area_mask(s))
        self.known = tuple(k)
        self.last_areas = self.areas
        self.areas = ((), ())
        self.stage = 2
        self._log("pickup", self.n_tricks - self.ntricks)

    def _hand_over(self) -> None:
        g = self.game
        p = self.points
        winners = [s for s in range(2) if p[s] > p[1 - s]]
        self.end = {
            "outcome": "end",
            "dealer": self.dealer,
            "next_dealer": self.next_seat[self.dealer],
            "trump": "CDHS"[self.trump] if self.trump is not None else None,
            "turn_up": card_text(self.turnup0) if self.turnup0 is not None else None,
            "points": list(p),
            "events": [[s, t, what, pts] for s, t, what, pts in self.scoring],
            "brisques": list(self.brisques),
            "melds": [
                {
                    "seat": m.seat,
                    "kind": m.kind,
                    "cards": [card_text(c) for c in m.cards],
                    "value": m.value,
                    "trick": m.trick,
                }
                for m in self.instances
            ],
            "areas": [[[card_text(c), list(h)] for c, h in self.last_areas[s]] for s in range(2)],
            "tricks": list(self.tricks_won),
            "tricks_played": self.ntricks,
            "totals": [a + b for a, b in zip(self.totals0, p)],
            "target": g.target,
        }
        self._winners = winners
        self._log("end", list(p))
        self.phase = "over"
        self.to_act = None

    # -- the result --
    _winners: list[int] = []

    def result(self) -> Result | None:
        """Once over: ``points`` the hand's points per seat, ``outcome`` ``end``, the
        ``winners`` the seat with more points this hand; ``detail`` as docs/records.md says;
        ``summary`` the hand in words."""
        e = self.end
        if e is None:
            return None
        res = Result(points=list(e["points"]), outcome="end", winners=list(self._winners), detail=dict(e))
        res.summary = self.summary(res)
        return res

    def summary(self, res: Result) -> Summary:
        d = res.detail
        p = d["points"]
        if p[0] == p[1]:
            head = phrase(f"An even hand: {p[0]} each", kind="outcome")
        else:
            w = 0 if p[0] > p[1] else 1
            head = phrase(f"{{0}} {{0:scores|score}} more this hand: {p[w]} to {p[1 - w]}", (w,), kind="outcome")
        facts = [seats_fact("This hand", p, winners=res.winners)]
        melds = [
            sum(v for s, _t, what, v in d["events"] if s == seat and what in {k.kind for k in self.game.meld_table})
            for seat in range(2)
        ]
        facts.append(seats_fact("Melds", melds))
        facts.append(seats_fact("Brisques", d["brisques"]))
        facts.append(seats_fact("Totals", d["totals"], tail=f"  (to {d['target']})"))
        return Summary(head, tuple(facts))

    # -- what a seat sees --
    def hand_view(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards for display: the concealed copies (plain codes), then the area's
        cards (codes with ``#n``, so that the table plays the copy chosen: the melded cards at
        the right end), each group troef first and each suit high to low."""
        key = _sort_key(self.t)
        cards = sorted(layered_cards(self.concealed_mask(seat)), key=key)
        if self.game.meld_source == "hand":
            cards += sorted(self.area_cards(seat), key=key)
        return tuple(cards)

    def hidden_mask(self, seat: int) -> int:
        """The other seat's concealed cards less those every seat knows (the turn-up it
        took, its melds picked up), and the stock (layered)."""
        o = 1 - seat
        hid = layered_minus(self.concealed_mask(o), self.known[o])
        return layered_union(hid, layered_mask(self.stock))

    def hidden_from(self, seat: int) -> "Counter[int]":
        return Counter(layered_cards(self.hidden_mask(seat)))

    def _card_places(self) -> list[int]:
        places = [*super()._card_places(), layered_mask(self.stock)]
        if self.turnup is not None:
            places.append(layered_mask([self.turnup]))
        return places

    def zones(self, seat: int, legal: tuple = (), specs: tuple = (), view: tuple | None = None) -> tuple[Zone, ...]:
        """Each hand (the seat's own face up: its concealed cards and its area's cards with
        their ``#n``; the other face down, its area's cards and the cards known in it
        listed), the trick, the taken tricks, the last trick (a mirror), the stock (counted),
        the turn-up, each seat's area (``melded_area``, a mirror of the hand's cards; or
        fildinski's ``open`` cards)."""
        if view is None:
            view = self.hand_view(seat)
        sel: set[Card] = set()
        for a in legal:
            if a.verb == "play" and a.cards:
                sel.add(a.cards[0])
        out = []
        for s in range(2):
            if s == seat:
                out.append(
                    Zone(f"hand {s}", HAND, s, len(view), view, UP, selectable=tuple(c for c in view if c in sel))
                )
            else:
                known = list(self.area_cards(s)) if self.game.meld_source == "hand" else []
                known += layered_cards(self.known[s])
                out.append(
                    Zone(
                        f"hand {s}",
                        HAND,
                        s,
                        self.hands[s].bit_count(),
                        tuple(sorted(known, key=_sort_key(self.t))),
                        DOWN,
                    )
                )
        tr = self.trick
        out.append(
            Zone("trick", TRICK, None, len(tr), tuple(c for _s, c in tr), UP, "played", tuple(s for s, _c in tr))
        )
        out.extend(self._taken_zones())
        lt = self.last_trick
        if lt:
            out.append(
                Zone(
                    "last trick",
                    LAST_TRICK,
                    self.last_winner,
                    len(lt),
                    tuple(c for _s, c in lt),
                    UP,
                    "played",
                    tuple(s for s, _c in lt),
                    mirror=True,
                )
            )
        if self.stage == 1:
            out.append(
                Zone("stock", STOCK, None, len(self.stock), (), COUNT, "top_first", caption=f"{len(self.stock)} left")
            )
        if self.turnup is not None:
            out.append(Zone("turn-up", UPCARD, None, 1, (self.turnup,), UP, caption="turned up"))
        for s in range(2):
            cards = tuple(sorted(self.area_cards(s), key=_sort_key(self.t)))
            if cards:
                kind = MELDED_AREA if self.game.meld_source == "hand" else OPEN
                caption = "melded"
                if kind == OPEN:  # fildinski ruling 17: the cards that may meld, the others counted
                    low = len(cards)
                    cards = tuple(c for c in cards if self.may_meld(c))
                    low -= len(cards)
                    caption = f"open cards (+{low} others)" if low else "open cards"
                    if not cards:
                        continue
                out.append(
                    Zone(
                        f"{'melded' if kind == MELDED_AREA else 'open'} {s}",
                        kind,
                        s,
                        len(cards),
                        cards,
                        UP,
                        mirror=True,
                        caption=caption,
                    )
                )
        return tuple(out)

    def may_meld(self, c: Card) -> bool:
        """Whether a card of rank and suit ``c`` serves in some meld of the game's table: an
        ace, king, queen or jack, a ten of troef (the trump sequence); a 9, 8, 7 or a plain
        ten never."""
        r = RANK_OF[plain(c)]
        return r in (ACE, KING, QUEEN, JACK) or (r == TEN and SUIT_OF[plain(c)] == self.trump)

    def verb_specs(self) -> tuple[VerbSpec, ...]:
        if self.phase == "declare":
            return tuple(declare_spec(k) for k in self.game.meld_table) + (SWAP_SPEC, DECLARE_PASS_SPEC)
        return (PLAY_SPEC, PASS_SPEC)

    def status(self) -> str:
        """``seat 0 120 · seat 1 80 · to 500`` (the running totals with this hand), in the
        last tricks first ``last 8 tricks`` (the stock and the turn-up are drawn apart)."""
        tot = [a + b for a, b in zip(self.totals0, self.points)]
        parts = [] if self.stage == 1 else [f"last {self.n_tricks - self.ntricks} tricks"]
        parts += [f"seat 0 {tot[0]}", f"seat 1 {tot[1]}", f"to {self.game.target}"]
        return " \u00b7 ".join(parts)

    def no_trump_words(self) -> str:
        return "No troef yet" if self.trump is None else ""

    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "deal":
            if ev[2] < 0:
                return LogEvent(k, "{0} {0:deals|deal}", (ev[1],))
            return LogEvent(
                k, "{0} {0:deals|deal}; turned up {c0}: troef " + SUIT_SYMBOLS[SUIT_OF[ev[2]]], (ev[1],), (ev[2],)
            )
        if k == "seven":
            return LogEvent(k, "{0} {0:scores|score} {v0} for the seven of troef", (ev[1],), (ev[2],), (ev[3],))
        if k == "declare":
            return LogEvent(
                k, f"{{0}} {{0:declares|declare}} {_words(ev[2])} {{c*}} (+{ev[4]})", (ev[1],), ev[3], (ev[2], ev[4])
            )
        if k == "dix":
            return LogEvent(
                k, "{0} {0:exchanges|exchange} {c0} for {c1} (dix, +{v0})", (ev[1],), (ev[2], ev[3]), (ev[4],)
            )
        if k == "draw":
            if ev[3] >= 0:
                return LogEvent(
                    k, "{0} {0:draws|draw} the last card; {1} {1:takes|take} the turn-up {c0}", (ev[1], ev[2]), (ev[3],)
                )
            return LogEvent(k, "{0} and {1} draw", (ev[1], ev[2]))
        if k == "pickup":
            if self.game.meld_source == "won":
                return LogEvent(
                    k, f"the stock is out: the open cards are turned down; the last {ev[1]} tricks", (), (), (ev[1],)
                )
            return LogEvent(
                k, f"the stock is out: the melds go back into the hands; the last {ev[1]} tricks", (), (), (ev[1],)
            )
        if k == "last":
            return LogEvent(k, "{0} {0:scores|score} {v0} for the last trick", (ev[1],), (), (ev[2],))
        if k == "troef":
            return LogEvent(k, f"troef is {SUIT_SYMBOLS[ev[1]]}", (), (), (ev[1],))
        if k == "carte_blanche":  # rubicon.md §6.6, ruling 14: the cards are shown
            if ev[4] == "dealt":
                text = "{0} {0:shows|show} carte blanche: {c*} (+{v0})"
            else:
                text = "{0} {0:shows|show} the card drawn, {c0}: carte blanche again (+{v0})"
            return LogEvent(k, text, (ev[1],), ev[3], (ev[2], ev[4]))
        if k == "turnup7":
            return LogEvent(k, "{0} {0:scores|score} {v0}: a seven was turned up", (ev[1],), (), (ev[2],))
        if k == "end":
            return LogEvent(k, "hand over: {0} " + str(ev[1][0]) + ", {1} " + str(ev[1][1]), (0, 1), (), tuple(ev[1]))
        return MultiPackTrickHand._log_event(self, ev)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees (``engine.game.Observation``). ``upcard``: the turn-up (None
        once drawn); ``stock_size``: face-down stock cards; ``hand``: concealed cards plain,
        area cards with ``#n``; ``scores``: ``{"points": [this hand], "totals": [running,
        with this hand], "target"}``.

        ``extra`` keys: ``stage`` (1 or 2); ``areas`` (per seat: [[code with #n, [instance
        indexes]], ...]); ``instances`` ([{"seat", "kind", "cards", "value", "trick",
        "class"}]); ``window`` ({"melds", "used", "dix", "dix_card"} while a window is open,
        else None); ``brisques`` (per seat); ``events`` ([[seat, trick, what, points]]);
        ``played`` (codes of the cards of completed tricks); ``known`` (per seat, codes known
        in its concealed hand); ``trick_no`` (tricks completed)."""
        tot = [a + b for a, b in zip(self.totals0, self.points)]
        extra = {
            "stage": self.stage,
            "areas": [[[card_text(c), list(h)] for c, h in self.areas[s]] for s in range(2)],
            "instances": [
                {
                    "seat": m.seat,
                    "kind": m.kind,
                    "cards": [card_text(c) for c in m.cards],
                    "value": m.value,
                    "trick": m.trick,
                    "class": m.cls,
                }
                for m in self.instances
            ],
            "window": (
                {
                    "melds": self.win_melds,
                    "used": [card_text(c) for c in self.win_used],
                    "dix": self.win_dix,
                    "dix_card": card_text(self.dix_card) if self.dix_card >= 0 else None,
                }
                if self.phase == "declare"
                else None
            ),
            "brisques": list(self.brisques),
            "events": [[s, t, what, pts] for s, t, what, pts in self.scoring],
            "played": self.played_codes(),
            "known": [[card_text(c) for c in layered_cards(self.known[s])] for s in range(2)],
            "trick_no": self.ntricks,
        }
        scores = {"points": list(self.points), "totals": tot, "target": self.game.target}
        return self.make_observation(seat, scores, extra, upcard=self.turnup, stock_size=len(self.stock))

    def deal_record(self) -> dict[str, Any]:
        """The starting position as a record ``deal``: dealer, hands (plain codes, by suit,
        high first), the turn-up (``upcard``) and the stock, top first."""

        def order(cards):
            return [card_text(c) for c in sorted(cards, key=lambda c: (suit_of(c), -self.t.strength[c]))]

        return {
            "dealer": self.dealer,
            "hands": [order(layered_cards(h)) for h in self.start_hands],
            "upcard": card_text(self.turnup0) if self.turnup0 is not None else None,
            "stock": [card_text(c) for c in self.stock0],
        }

    # -- search --
    def rollout_actions(self) -> list[Action]:
        """In the declare window one action (a playout never searches it): the best meld
        allowed (the highest value), else the dix, else ``pass``; cards as ``TrickHand``."""
        if self.phase == "declare":
            acts = self._legal()
            best = None
            for a in acts:
                if a.verb == "declare":
                    k = self._kind(a.arg)
                    if k is not None and (best is None or k.value > best[0]):
                        best = (k.value, a)
            if best is not None:
                return [best[1]]
            return [acts[-2]] if len(acts) > 1 and acts[-2].verb == "swap" else [PASS]
        return MultiPackTrickHand.rollout_actions(self)

    def returns_scale(self) -> float:
        """A usual hand's difference in points (bezique: about 250)."""
        return 250.0

    def iset_known(self, seat: int) -> list[int]:
        """Its own hand; in the other's: its area and the cards known in its concealed hand."""
        known = [0, 0]
        known[seat] = self.hands[seat]
        o = 1 - seat
        a = self.area_mask(o) if self.game.meld_source == "hand" else 0
        known[o] = layered_union(a, self.known[o])
        return known

    def iset_forbidden(self, seat: int, known: list[int], pool: int) -> list[int]:
        """What the plays of the last tricks rule out (``BeziqueRule``); stage 1 binds
        nothing (any card may be played)."""
        forbid = [0, 0]
        tricks = [tr for tr, _w, _p in self._tricks()][self.stage1_tricks :]
        if self.trick and self.stage == 2:
            tricks.append(self.trick)
        if not tricks:
            return forbid
        rule = self.game.rule
        t = self.t
        later = [0, 0]
        for tr in tricks:
            for s, c in tr:
                later[s] = add_copy(later[s], c)
        pool &= LANE0
        kn = [k & LANE0 for k in known]
        for tr in tricks:
            led = -1
            win = -1
            for s, c in tr:
                later[s] = take_copy(later[s], c)
                if led < 0:
                    led, win = SUIT_OF[c], c
                    continue
                if s == seat:
                    continue
                base = kn[s] | (later[s] & LANE0) | (1 << c)
                cand = pool & ~forbid[s]
                while cand:
                    low = cand & -cand
                    cand ^= low
                    if not (rule.legal(t, base | low, led, win, False) >> c) & 1:
                        forbid[s] |= low
        return forbid

    def iset_places(self, seat: int) -> list[tuple[Any, int]]:
        """The face-down stock."""
        return [("stock", layered_mask(self.stock))] if self.stock else []

    def iset_place(self, owner: Any, mask: int, rng) -> None:
        cards = layered_cards(mask)
        rng.shuffle(cards)
        self.stock = tuple(cards)

    def _iset_rebuild(self, seat: int, rng, played: list[int]) -> None:
        """The sample's deal, consistent with all ``seat`` saw: its own dealt hand and draws
        as they were; the other seat's dealt hand and draws made of its cards in the sample
        (those it played, melded or gave in the dix, and those it holds), each card arrived
        before the play, meld or dix that used it (the earliest deadlines first into the
        earliest places: a deal exists whenever the real one did); the stock below the
        draws as sampled."""
        o = 1 - seat
        g = self.game
        n_turn = 1 if self.turnup0 is not None else 0
        slots: list[int] = [-1] * g.hand_size  # times of o's unknown arrivals (the deal: -1)
        slot_pos: list[int | None] = [None] * g.hand_size  # the stock position of a draw
        known: list[tuple[int, Card]] = []  # (time, card) of o's arrivals every seat saw
        uses: list[tuple[int, Card]] = []  # (time, card) of the cards o's concealed hand gave up
        mine_pos: list[int] = []  # stock positions ``seat`` drew
        shown: list[tuple[int, Card]] = []  # (slot, card) of o's arrivals shown (carte blanche)
        o_drew = -1  # the slot of o's last draw from the stock
        area: set[Card] = set()
        seen: set[Card] = set()
        from_area = False
        pos = 0
        for i, ev in enumerate(self._events()):
            k = ev[0]
            if k == "draw":
                o_drew = -1
                for s in (ev[1], ev[2]):
                    if s == ev[2] and ev[3] >= 0:  # the loser took the turn-up
                        if s == o:
                            known.append((i, ev[3]))
                        continue
                    if s == o:
                        o_drew = len(slots)
                        slots.append(i)
                        slot_pos.append(pos)
                    else:
                        mine_pos.append(pos)
                    pos += 1
            elif k == "pickup":
                if g.meld_source == "hand":
                    known.extend((i, plain(c)) for c in area)
                area = set()
            elif ev[1] != o:
                continue
            elif k == "play":
                if not from_area:
                    uses.append((i, ev[2]))
                from_area = False
            elif k == "from_area":
                area.discard(ev[2])
                from_area = True
            elif k == "declare":
                for c in ev[3]:
                    if c not in seen:
                        seen.add(c)
                        area.add(c)
                        if g.meld_source == "hand":
                            uses.append((i, plain(c)))
            elif k == "dix":
                uses.append((i, ev[2]))
                known.append((i, ev[3]))
            elif k == "carte_blanche":  # shown: the dealt hand, or the card just drawn
                if ev[4] == "dealt":
                    shown.extend(enumerate(ev[3]))
                elif o_drew >= 0:
                    shown.append((o_drew, ev[3][0]))
        # the cards of o's unknown arrivals: what it holds, used, less its known arrivals
        # (the shown arrivals are known arrivals in their own slots)
        fill: list[Card | None] = [None] * len(slots)
        for slot, c in shown:
            fill[slot] = c
            known.append((slots[slot], c))
        pool = Counter(layered_cards(self.concealed_mask(o)))
        pool.update(c for _t, c in uses)
        pool.subtract(c for _t, c in known)
        free_known = sorted(known)
        taken = [False] * len(free_known)
        for t, c in sorted(uses):
            j = next((j for j, (tk, ck) in enumerate(free_known) if not taken[j] and ck == c and tk < t), None)
            if j is not None:
                taken[j] = True
                continue
            j = next((j for j, ts in enumerate(slots) if fill[j] is None and ts < t), None)
            if j is None:
                return self._iset_rebuild_plain(seat, rng, played)
            fill[j] = c
            pool[c] -= 1
        rest = list(pool.elements())
        if any(n < 0 for n in pool.values()) or len(rest) != fill.count(None):
            return self._iset_rebuild_plain(seat, rng, played)
        rng.shuffle(rest)
        for j in range(len(fill)):
            if fill[j] is None:
                fill[j] = rest.pop()
        start = list(self.start_hands)
        start[o] = layered_mask(c for c in fill[: g.hand_size] if c is not None)
        stock0 = list(self.stock0)  # the positions ``seat`` drew keep their (seen) cards
        for p_, c in zip(slot_pos[g.hand_size :], fill[g.hand_size :]):
            assert p_ is not None and c is not None
            stock0[p_] = c
        stock0[pos:] = list(self.stock)
        assert len(stock0) == len(self.stock0) and n_turn >= 0
        self.start_hands = tuple(start)
        self.stock0 = tuple(stock0)

    def _iset_rebuild_plain(self, seat: int, rng, played: list[int]) -> None:
        """A position set up by hand, whose log tells no history (a test, a puzzle): the
        starting hands as the trick family makes them, the stock as sampled (nothing of the
        real deal's order)."""
        MultiPackTrickHand._iset_rebuild(self, seat, rng, played)
        self.stock0 = tuple(self.stock)


__all__ = [
    "BEZIQUE",
    "BeziqueGame",
    "BeziqueHand",
    "BeziqueRule",
    "DECLARE_PASS_SPEC",
    "Instance",
    "MeldKind",
    "SWAP_SPEC",
    "declare_spec",
    "meld_refusal",
]
