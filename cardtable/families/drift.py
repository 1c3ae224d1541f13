"""The drift-rummy hand (issue 11): draw from the stock or the discard pile, put melds down, lay
off on anyone's melds, discard; the stock turned over (shuffled or not) when it runs out; going
out with or without a discard; the hand's end, and the stuck-hand ruling.

Its first game is Klassieke Rummy (games/klassieke_rummy.py; klassieke-rummy.md §10 has the
rulings 8-10 this hand implements, docs/records.md the record ``deal``); the joker rummies of
issue 11 build on the same hand.

A game on this hand subclasses ``DriftRummy`` and its state ``DriftHand``. What a game's melds
are comes from the game object's hooks, so a matcher with wild cards (families/melds.py) plugs in
without touching the turn:

    ``melds_in(hand)``           every meld ``(kind, cards)`` the cards can make;
    ``classify(cards)``          ``(kind, cards in canonical order)`` or None;
    ``why_not(cards)``           the reason ``cards`` are not a meld, in the player's words;
    ``kind_of(cards)``           the kind of a valid meld (cheap: the cards are known valid);
    ``layoffs(hand, melds)``     every lay-off ``(card, meld number, end or None)``;
    ``ends(card, meld)``         where ``card`` fits on ``meld`` (``()``, ``("set",)``, run ends);
    ``lay_off_on(meld, card, end)``  the meld with the card added.

``DriftRummy`` gives them for natural cards and one pack (families/rummy.py) by the game's
``ace_mode``. The options the hand reads from the game: ``no_meld_limit``,
``layoff_requires_meld``, ``last_card``, ``reshuffle``, ``turnover_keeps_top``, ``dealt``,
``points`` and ``options["target_score"]``. ``DriftHand.result()`` writes the hand's result and
summary; a game gives its scoring rule by hooks (``out_points``, ``result_keys``,
``result_tail``, ...: its docstring).

An empty stock is re-formed from the discard pile (``DriftHand._turn_over``, §5.6 of each game).
Turned over unshuffled, the new stock is known to every seat in order (the pile was face up), and
so is a card drawn from it. **Shuffled** (``reshuffle``), its cards are hidden from every seat
again (issue 19): only the stock's count shows, a card drawn from it joins the drawer's hidden
hand, ``hidden_from`` counts them and the information set deals them as unknown (the stock only
from the shuffled cards: ``reformed``).
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from typing import Any, Sequence, TypeVar

from cardtable.cards import ACE, RANK_OF, Card, card_text, cards_text, plain, sort_hand
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, IllegalAction, MeldView, Observation, Result, State
from cardtable.engine.standing import Standing
from cardtable.engine.views import (
    EventLog,
    Fact,
    Facts,
    LogEvent,
    Summary,
    VerbSpec,
    log_view,
    phrase,
    specs_for,
    status_items,
)
from cardtable.families.rummy import (
    ACE_LOW,
    RUMMY_VERBS,
    RUN,
    SET,
    Meld,
    card_points,
    classify,
    find_melds,
    lay_off,
    layoff_ends,
    layoff_options,
    rummy_zones,
    stock_top_first,
    turn_over,
    why_not_meld,
)
from cardtable.families.summaries import score_fact

#: Ruling 9 (klassieke-rummy): the stock is re-formed at most this often in one hand; then the
#: hand is void.
MAX_TURNOVERS = 40

#: the words of the log line of a shuffled turnover (every drift rummy's, Loba's own included):
#: ``DriftRummy.leak_view`` finds the last such line by them
SHUFFLED_WORDS = "shuffled to form a new stock."

DRAW, PLAY, OVER = 0, 1, 2
_PHASE_NAMES = ("draw", "play", "over")

DRAW_STOCK = Action("draw", "stock")
DRAW_DISCARD = Action("draw", "discard")

#: a drift hand's own class (``DriftHand._fresh`` makes one of ``cls``)
_Hand = TypeVar("_Hand", bound="DriftHand")


def draw_choice(obs: Observation, draws: Sequence[Action]) -> tuple[Action | None, Action | None, Action | None]:
    """A bot's draw (bots/rummy.py, bots/wild_rummy.py): ``(decided, take, stock)``, ``decided`` the
    draw when there is no choice (no discard to take: the stock or the only draw; no stock: take),
    else None and the two draws to choose between."""
    take = next((a for a in draws if a.arg == "discard"), None)
    stock = next((a for a in draws if a.arg == "stock"), None)
    if take is None or not obs.discard:
        return stock or draws[0], take, stock
    if stock is None:
        return take, take, stock
    return None, take, stock


class DriftRummy(Game):
    """A drift rummy's game object: the meld hooks (module docstring) for natural cards of one
    pack, by ``self.ace_mode``. Subclasses set the options the hand reads."""

    family = "rummy"
    #: which runs the ace makes (``families.rummy.ACE_MODES``): low only, also high, or round the corner
    ace_mode: str = ACE_LOW
    #: §3: the cards dealt to each hand (set by each game, by the number of players or an option)
    dealt: int
    #: §2: the card points (or penalty points) of each card, indexed by the card int
    points: list[int]
    #: any number of melds per turn (else one meld a turn; lay-offs are not limited)
    no_meld_limit: bool = False
    #: no lay-off before the player owns a meld on the table
    layoff_requires_meld: bool = False
    #: a player goes out only by discarding his last card (never by melding or laying it off)
    last_card: bool = False
    #: an empty stock is re-formed from the discard pile **but its top card**, which stays face up
    #: (jokeren §5.6); a pile of one card then forms no stock: the player must take it
    turnover_keeps_top: bool = False
    #: the discard pile is **shuffled** into the new stock (its cards are then hidden again:
    #: ``DriftHand._hide_reformed``); False: turned face down unshuffled, its bottom card on top,
    #: so the new stock is known to every seat in order (klassieke-rummy §5.6, basis-rummy §5.6)
    reshuffle: bool = False
    #: the strong bot (bots/strong.py) searches the simple bot's first 3 choices (and its first
    #: of each other verb) and plays the best over the simple bot's only by a margin that grows
    #: with the number searched: the search's noise among a dozen discards is large
    search_width: int | None = 3
    search_bar: str | None = "candidates"

    def card_sort_key(self, card: Card, trump: int | None) -> int:
        """The natural rank, low to high (``Game.card_sort_key``), as the hand is shown in
        run order (``DriftHand._display_key``): the ace low where it makes only low runs
        (``ace_mode`` low), else after the king."""
        r = RANK_OF[plain(card)]
        return 1 if r == ACE and self.ace_mode == ACE_LOW else r

    def melds_in(self, hand: Sequence[Card]) -> list[tuple[str, tuple[Card, ...]]]:
        return find_melds(hand, self.ace_mode)

    def classify(self, cards: Sequence[Card]) -> tuple[str, tuple[Card, ...]] | None:
        return classify(cards, self.ace_mode)

    def why_not(self, cards: Sequence[Card]) -> str:
        return why_not_meld(cards, self.ace_mode)

    def kind_of(self, cards: Sequence[Card]) -> str:
        return SET if RANK_OF[cards[0]] == RANK_OF[cards[1]] else RUN

    def layoffs(self, hand: Sequence[Card], melds: Sequence[Meld]) -> list[tuple[Card, int, str | None]]:
        return layoff_options(hand, melds, self.ace_mode)

    def ends(self, card: Card, meld: Meld) -> tuple[str, ...]:
        return layoff_ends(card, meld, self.ace_mode)

    def lay_off_on(self, meld: Meld, card: Card, end: str) -> Meld:
        return lay_off(meld, card, end)

    def leak_view(self, obs_json: dict[str, Any]) -> dict[str, Any]:
        """The observation as the hidden-card check reads it (``Game.leak_view``): the log lines
        up to the last shuffled turnover (the one holding ``SHUFFLED_WORDS``) are left out. They
        name cards that were face up then (discarded, taken); the shuffle hid those again and
        the lines say nothing of where such a card lies now. Every later line names only cards
        still face up or known where they are (the check read the earlier lines at the earlier
        positions, and a log line never changes). Returns a new dict without a turnover."""
        log = obs_json.get("log") or []
        last = next(
            (i for i in range(len(log) - 1, -1, -1) if isinstance(log[i], str) and log[i].endswith(SHUFFLED_WORDS)), -1
        )
        if last < 0:
            return obs_json
        out = dict(obs_json)
        out["log"] = list(log[last + 1 :])
        return out

    #: the keys a record ``deal`` may hold (docs/records.md, klassieke-rummy)
    deal_keys = frozenset({"dealer", "hands", "stock", "discard", "melds", "to_act"})

    def parse_deal(
        self, deal: dict[str, Any], state_cls: type[_Hand], standing: Standing | None = None, sheet=None
    ) -> _Hand:
        """An exact position from a record ``deal`` as a ``state_cls`` hand; DealError if invalid.
        The melds are checked by ``classify``/``why_not``, the cards as a whole by
        ``check_deal_cards``, a position's hand sizes by ``position_hand_error``; the totals come
        from ``standing`` (or ``sheet=``), the dealer from the deal."""
        from cardtable.engine.game import DealError, check_cards

        if not isinstance(deal, dict):
            raise DealError("a deal is an object with dealer, hands, stock and discard")
        allowed = self.deal_keys
        unknown = sorted(set(deal) - allowed)
        if unknown:
            raise DealError(
                f"unknown deal key(s) {', '.join(unknown)}; a {self.name} deal has {', '.join(sorted(allowed))}"
            )
        n = self.players
        dealer = deal.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
        hands_in = deal.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise DealError(f"hands: expected {n} lists of cards (one per seat)")
        hands = [check_cards(h, f"hand of seat {i}") for i, h in enumerate(hands_in)]
        stock_tf = check_cards(deal.get("stock", []), "stock")
        pile = check_cards(deal.get("discard", []), "discard")
        melds: list[Meld] = []
        melds_in = deal.get("melds", [])
        if not isinstance(melds_in, list):
            raise DealError('melds: expected a list of {"owner": seat, "cards": [...]}')
        for i, m in enumerate(melds_in, 1):
            if not isinstance(m, dict) or "cards" not in m:
                raise DealError(f'meld {i}: expected {{"owner": seat, "cards": [...]}}')
            owner = m.get("owner")
            if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < n:
                raise DealError(f"meld {i}: owner must be a seat 0..{n - 1}, not {owner!r}")
            cards = check_cards(m["cards"], f"meld {i}")
            cl = self.classify(cards)
            if cl is None:
                raise DealError(f"meld {i} ({cards_text(cards)}): {self.why_not(cards)}")
            melds.append(Meld(owner, cl[0], cl[1]))
        self.check_deal_cards(hands, stock_tf, pile, melds)
        if "melds" in deal or "to_act" in deal:
            to_act = deal.get("to_act", (dealer + 1) % n)
            if not isinstance(to_act, int) or isinstance(to_act, bool) or not 0 <= to_act < n:
                raise DealError(f"to_act must be a seat 0..{n - 1}, not {to_act!r}")
            for i, h in enumerate(hands):
                why = self.position_hand_error(i, h)
                if why:
                    raise DealError(why)
            if not stock_tf and not pile:
                raise DealError("stock and discard pile are both empty: nothing to draw")
        else:
            to_act = (dealer + 1) % n
            for i, h in enumerate(hands):
                why = self.fresh_hand_error(i, h)
                if why:
                    raise DealError(why)
            if len(pile) != 1:
                raise DealError("discard: a fresh deal has exactly one upcard on the discard pile")
        st = state_cls._fresh(
            self, dealer, hands, list(reversed(stock_tf)), pile, melds, to_act, self.standing_of(standing, sheet)
        )
        st._deal = deal
        return st

    def check_deal_cards(self, hands: list[list[Card]], stock: list[Card], pile: list[Card], melds: list[Meld]) -> None:
        """``parse_deal``: the deal's cards are the 52 of one pack, each once; DealError if not."""
        from cardtable.cards import full52
        from cardtable.engine.game import DealError

        everything = [c for h in hands for c in h] + stock + pile + [c for m in melds for c in m.cards]
        if len(set(everything)) != len(everything):
            dup = sorted({c for c in everything if everything.count(c) > 1})
            raise DealError(f"card(s) {cards_text(dup)} appear more than once")
        missing = sorted(set(full52()) - set(everything))
        if missing:
            raise DealError(f"the deal must hold all 52 cards; missing {cards_text(missing)}")

    def fresh_hand_error(self, seat: int, hand: list[Card]) -> str | None:
        """``parse_deal``, a fresh deal: why ``hand`` may not be the hand of ``seat`` there (it
        must hold ``dealt`` cards), or None. A game whose seats may be out of the game overrides
        it (families/elimination.py)."""
        if len(hand) != self.dealt:
            return f"hand of seat {seat}: {len(hand)} cards; with {self.players} players each is dealt {self.dealt}"
        return None

    def position_hand_error(self, seat: int, hand: list[Card]) -> str | None:
        """``parse_deal``, a position (``melds``/``to_act``): why ``hand`` may not be the hand of
        ``seat`` there (1 to ``dealt`` cards), or None."""
        if not 1 <= len(hand) <= self.dealt:
            return f"hand of seat {seat}: {len(hand)} cards; in a position a hand holds 1 to {self.dealt} cards"
        return None


class DriftHand(State):
    """One hand of a drift rummy (plain data; the module docstring). The game object gives the
    meld rules (``DriftRummy``'s hooks) and the options read here."""

    __slots__ = (
        "game",
        "seed",
        "n",
        "dealer",
        "hands",
        "stock",
        "pile",
        "melds",
        "seat",
        "phase",
        "taken",
        "melded",
        "start_size",
        "owners",
        "public",
        "turnovers",
        "turn",
        "events",
        "winner",
        "rummy",
        "void",
        "totals",
        "_deal",
        "shuffle_key",
        "_cache",
        "_logc",
        "stock_known",
        "reformed",
    )
    #: the cards of the last shuffled turnover (the stock's source), in pile order; () if none
    reformed: tuple[Card, ...]

    game: DriftRummy
    #: the number of seats
    n: int
    #: the seat that dealt (the seat after it acts first)
    dealer: int
    #: each seat's cards, in the order held
    hands: list[list[Card]]
    #: the stock, top card last
    stock: list[Card]
    #: the discard pile, bottom to top
    pile: list[Card]
    #: the table melds, numbered from 1 in this order
    melds: list[Meld]
    #: the seat to act (the winner's seat once the hand is over)
    seat: int
    #: ``DRAW``, ``PLAY`` or ``OVER``
    phase: int
    #: the card taken from the discard pile this turn (it may not be discarded), else None
    taken: Card | None
    #: whether the player to act has put a meld down this turn
    melded: bool
    #: the size of the hand of the player to act when his turn began (a rummy: the §3 size)
    start_size: int
    #: bit per seat that owns a meld on the table
    owners: int
    #: bit per card that has been face up this hand
    public: int
    #: how often the stock has been re-formed from the discard pile
    turnovers: int
    #: the number of turns that have ended
    turn: int
    #: the public log as a cons list ``[previous, raw event, text or None]``, None when empty
    events: list[Any] | None
    #: the seat that went out, once the hand is over (None: on, or void)
    winner: int | None
    #: whether the winner went out with a rummy (§7)
    rummy: bool
    #: whether the hand was void (ruling 9: it could not end)
    void: bool
    #: the match totals before this hand, per seat
    totals: tuple[int, ...]
    #: the starting position: the record ``deal`` given, or the shuffled deal as a tuple
    _deal: Any
    #: the seed of a stock re-formed with ``reshuffle``
    shuffle_key: int
    #: the legal actions of this position, once listed
    _cache: list[Action] | None
    #: the rendered public log of the last observation
    _logc: EventLog | None

    @classmethod
    def _fresh(
        cls: type[_Hand],
        game: "DriftRummy",
        dealer: int,
        hands: list[list[Card]],
        stock: list[Card],
        pile: list[Card],
        melds: list[Meld],
        to_act: int,
        standing: Standing,
    ) -> _Hand:
        st = cls.__new__(cls)
        st.game = game
        st.seed = None
        st.n = game.players
        st.dealer = dealer
        st.hands = [list(h) for h in hands]
        st.stock = stock  # top card last
        st.pile = pile  # bottom .. top
        st.melds = list(melds)
        st.seat = to_act
        st.phase = DRAW
        st.taken = None
        st.melded = False
        st.start_size = len(st.hands[to_act])
        st.owners = 0
        for m in st.melds:
            st.owners |= 1 << m.owner
        pub = 0
        for c in pile:
            pub |= 1 << c
        for m in st.melds:
            for c in m.cards:
                pub |= 1 << c
        st.public = pub  # bit per card face up this hand, not shuffled away since
        st.turnovers = 0
        st.stock_known = False  # every seat knows the stock in order (unshuffled turnover)
        st.reformed = ()  # the cards of the last shuffled turnover (the stock's source)
        st.turn = 0
        st.events = None  # linked list [previous, event, text or None]
        st.winner = None
        st.rummy = False
        st.void = False
        st.totals = standing.totals
        st._deal = (dealer, [list(h) for h in hands], list(stock), list(pile), list(st.melds), to_act)
        flat = [c for h in st.hands for c in h + [255]] + stock + [255] + pile
        st.shuffle_key = zlib.crc32(bytes(flat))
        st._cache = None
        st._logc = None
        return st

    # -- engine contract --
    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.seat

    def clone(self: _Hand) -> _Hand:
        new = object.__new__(type(self))
        new.game = self.game
        new.seed = self.seed
        new.n = self.n
        new.dealer = self.dealer
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.pile = self.pile[:]
        new.melds = self.melds[:]
        new.seat = self.seat
        new.phase = self.phase
        new.taken = self.taken
        new.melded = self.melded
        new.start_size = self.start_size
        new.owners = self.owners
        new.public = self.public
        new.turnovers = self.turnovers
        new.stock_known = self.stock_known
        new.reformed = self.reformed
        new.turn = self.turn
        new.events = self.events
        new.winner = self.winner
        new.rummy = self.rummy
        new.void = self.void
        new.totals = self.totals
        new._deal = self._deal
        new.shuffle_key = self.shuffle_key
        new._cache = None
        new._logc = self._logc
        return new

    def _changed(self) -> None:
        self._cache = None

    # -- search (engine/search.py) --
    def rollout_actions(self) -> list[Action]:
        """A playout draws at random, puts down a meld or lays off whenever it can (one
        of them at random) and only then discards at random, so that hands end."""
        legal = self._legal()
        if self.phase == PLAY:
            down = [a for a in legal if a.verb != "discard"]
            if down:
                return down
        return legal

    def playout(self, rng) -> tuple[float, ...]:
        """The fast path of ``State.playout`` (the same choices as ``rollout_actions()``):
        plain lists, no legal list and no clone per step; a discard is chosen as a card
        (the ``i``-th of the hand, the taken card left out) without Action objects."""
        randbelow = getattr(rng, "_randbelow", rng.randrange)
        while self.phase != OVER:
            self._cache = None
            if self.phase == DRAW:
                acts = self._legal()
            else:
                acts = self._down_actions()
                if not acts:
                    cards = self._discard_choices()
                    n = len(cards)
                    self._discard(cards[0] if n == 1 else cards[randbelow(n)])
                    continue
            n = len(acts)
            self._apply(acts[0] if n == 1 else acts[randbelow(n)])
        self._cache = None
        return self.returns()

    def _discard_choices(self) -> list[Card]:
        """``playout``: the cards a discard picks among (the hand, the taken card left out)."""
        taken = self.taken
        hand = self.hands[self.seat]
        return [c for c in hand if c != taken] if taken is not None else hand

    def returns_scale(self) -> float:
        """``returns()``: the winner's score (the others' card points, x2 for a rummy)
        against the others' 0, over 100 points; a loser's own card points add to the
        winner's score, so fewer is better for him. A void hand: 0."""
        return 100.0

    def information_set(self, seat: int):
        """What ``seat`` knows (``engine.search.InformationSet``): its hand, the discard
        pile, the table melds, and every card face up since it was last shuffled away (a card
        taken from the discard pile stays known in that hand until melded or discarded; a stock
        turned over unshuffled is known in order, and so is a card drawn from it). The other
        cards of the other hands and of the stock are dealt again at random (the stock in
        random order), keeping every hand size: with a shuffled re-formed stock (``reshuffle``)
        also its cards and those drawn from it, the stock only from the cards that were
        shuffled into it (``reformed``). The pool is ``hidden_from(seat)``."""
        from cardtable.engine.search import Bucket, Deal, InformationSet

        pub = self.public
        buckets = []
        pool = 0
        for s, h in enumerate(self.hands):
            if s == seat:
                continue
            m = 0
            for c in h:
                if not pub >> c & 1:
                    m |= 1 << c
            pool |= m
            if m:
                buckets.append(Bucket(s, m.bit_count()))
        m = 0
        for c in self.stock:
            if not pub >> c & 1:
                m |= 1 << c
        if m:
            pool |= m
            allowed = -1
            if self.reformed:
                allowed = 0
                for c in self.reformed:
                    allowed |= 1 << c
            buckets.append(Bucket("stock", m.bit_count(), allowed))
        deal = Deal(pool, buckets)
        return InformationSet(self, seat, deal, lambda st, masks, rng: st._iset_build(seat, deal, masks, rng))

    def _iset_build(self, seat: int, deal, masks: list[int], rng) -> "DriftHand":
        """Make this clone the sampled State: the dealt cards in random order into the
        places of the unseen cards (other hands, stock), a new reshuffle key, no seed, and
        the sampled position as its ``deal_record``."""
        from cardtable.engine.search import mask_cards

        pool = deal.pool
        given: dict[object, list[Card]] = {}
        for b, m in zip(deal.buckets, masks):
            cards = mask_cards(m)
            rng.shuffle(cards)
            given.setdefault(b.owner, []).extend(cards)
        if "stock" in given:
            rng.shuffle(given["stock"])
        for s, h in enumerate(self.hands):
            if s in given:
                it = iter(given[s])
                self.hands[s] = [next(it) if pool >> c & 1 else c for c in h]
        if "stock" in given:
            it = iter(given["stock"])
            self.stock = [next(it) if pool >> c & 1 else c for c in self.stock]
        self.shuffle_key = rng.getrandbits(32)
        self.seed = None
        self._deal = self._position_deal()
        self._cache = None
        return self

    def _position_deal(self) -> dict[str, Any]:
        """The record ``deal`` of this position (melds, seat to act): what a sampled hand replays."""
        return {
            "dealer": self.dealer,
            "hands": [[card_text(c) for c in h] for h in self.hands],
            "stock": [card_text(c) for c in reversed(self.stock)],
            "discard": [card_text(c) for c in self.pile],
            "melds": [{"owner": m.owner, "cards": [card_text(c) for c in m.cards]} for m in self.melds],
            "to_act": self.seat,
        }

    def _keeps_discard(self, rem: int, used: tuple[Card, ...]) -> bool:
        """Invariant §5.7 after putting ``used`` down, leaving ``rem`` cards: empty (not with
        ``last_card``) or holding a card other than the one taken from the discard pile."""
        if rem == 0:
            return not self.game.last_card
        if rem >= 2 or self.taken is None:
            return True
        return self.taken in used

    def _legal(self) -> list[Action]:
        if self._cache is not None:
            return self._cache
        if self.phase == DRAW:
            out = []
            if self.stock or len(self.pile) > self.game.turnover_keeps_top:
                out.append(DRAW_STOCK)
            if self.pile:
                out.append(DRAW_DISCARD)
            self._cache = out
            return out
        out = self._down_actions()
        taken = self.taken
        for c in self.hands[self.seat]:
            if c != taken:
                out.append(Action("discard", None, (c,)))
        self._cache = out
        return out

    def _down_actions(self) -> list[Action]:
        """The melds, then the lay-offs, the player to act may make now (play phase)."""
        g = self.game
        hand = self.hands[self.seat]
        nh = len(hand)
        out = []
        if g.no_meld_limit or not self.melded:
            for _kind, cards in g.melds_in(hand):
                if self._keeps_discard(nh - len(cards), cards):
                    out.append(Action("meld", None, cards))
        if self.melds and (not g.layoff_requires_meld or self.owners >> self.seat & 1):
            for card, i, end in g.layoffs(hand, self.melds):
                if self._keeps_discard(nh - 1, (card,)):
                    out.append(Action("layoff", None, (card,), "to", i, end))
        return out

    def normalize(self, action: Action) -> Action:
        """Canonical form: a meld's cards in run/set order; a redundant layoff end dropped."""
        if action.verb == "meld" and action.cards and action.arg is None:
            cl = self.game.classify(action.cards)
            if cl is not None:
                return action._replace(cards=cl[1])
        elif (
            action.verb == "layoff"
            and action.end
            and len(action.cards) == 1
            and action.prep == "to"
            and isinstance(action.target, int)
            and 1 <= action.target <= len(self.melds)
        ):
            ends = self.game.ends(action.cards[0], self.melds[action.target - 1])
            if ends == (SET,) or (len(ends) == 1 and ends[0] == action.end):
                return action._replace(end=None)
        return action

    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.seat
        hand = self.hands[seat]
        if v == "draw":
            if action.arg == "discard":
                c = self.pile.pop()
                self.taken = c
                self.events = [self.events, ("take", seat, c), None]
            else:
                if not self.stock:
                    if self.turnovers >= MAX_TURNOVERS or self._stuck():
                        self._end_void()
                        return
                    self._turn_over(self.game.turnover_keeps_top)
                c = self.stock.pop()
                self.taken = None
                self.events = [self.events, ("draw", seat), None]
            hand.append(c)
            self.phase = PLAY
        elif v == "meld":
            cards = action.cards
            for c in cards:
                hand.remove(c)
                self.public |= 1 << c
            kind = self.game.kind_of(cards)
            self.melds.append(Meld(seat, kind, cards))
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
            end = action.end or self.game.ends(c, m)[0]
            self.melds[i - 1] = self.game.lay_off_on(m, c, end)
            hand.remove(c)
            self.public |= 1 << c
            self.events = [self.events, ("layoff", seat, c, i, action.end), None]
            if not hand:
                self._end_out()
        elif v == "discard":
            self._discard(action.cards[0])
        else:  # pragma: no cover - the engine only applies legal actions
            raise IllegalAction(f"{action.text()}: unknown action")

    def _turn_over(self, keep_top: bool) -> None:
        """Re-form the empty stock from the discard pile (§5.6 of each drift rummy; amerikaans-
        jokeren §5.7), its top card left face up when ``keep_top``: with the game's ``reshuffle``
        the cards are shuffled (the shuffle derived from the deal's ``shuffle_key`` and the
        turnover's number, so a record replays: klassieke-rummy ruling 10) and hidden again
        (``_hide_reformed``); without it they are turned face down unshuffled, the pile's bottom
        card on top, and the new stock is known to every seat in order, as the specs have it
        (klassieke-rummy §5.6, basis-rummy §5.6 and its ruling 15, ramino-drift §5.6, jokeren
        §5.6 and amerikaans-jokeren §5.7 with ``reshuffle = false``). Logs a ``turnover``."""
        self.turnovers += 1
        shuffle = bool(self.game.reshuffle)
        rng = random.Random(self.shuffle_key * 1009 + self.turnovers) if shuffle else None
        keep = self.pile[-1:] if keep_top else []
        under = self.pile[: len(self.pile) - len(keep)]
        self.stock = turn_over(under, rng)
        self.events = [self.events, ("turnover", len(under), shuffle), None]
        self.pile = keep
        self.stock_known = True
        self.reformed = ()
        if shuffle:
            self._hide_reformed(under)

    def _hide_reformed(self, under: list[Card]) -> None:
        """A shuffled re-formed stock (issue 19): its cards ``under``, face up in the pile until
        now, are hidden from every seat again (only the stock's count shows); a card drawn from
        it joins the drawer's hidden hand. ``hidden_from`` then counts them and the information
        set deals them, the stock from ``reformed`` only."""
        m = 0
        for c in under:
            m |= 1 << c
        self.public &= ~m
        self.stock_known = False
        self.reformed = tuple(under)

    def _discard(self, c: Card) -> None:
        """The player to act discards ``c``: out if it was his last card, else the turn
        passes on."""
        seat = self.seat
        hand = self.hands[seat]
        hand.remove(c)
        self.pile.append(c)
        self.public |= 1 << c
        self.events = [self.events, ("discard", seat, c), None]
        if not hand:
            self._end_out()
        else:
            self.seat = (seat + 1) % self.n
            self.phase = DRAW
            self.taken = None
            self.melded = False
            self.start_size = len(self.hands[self.seat])
            self.turn += 1

    def _end_out(self) -> None:
        """§5.5 / §7: the player to act has no cards left; a rummy if he began the turn with
        the §3 hand size (nothing put on the table before this turn)."""
        self.phase = OVER
        self.winner = self.seat
        self.rummy = self.start_size == self.game.dealt
        self.events = [self.events, ("out", self.seat, self.rummy), None]

    def _stuck(self) -> bool:
        """Ruling 9 (a): no sequence of play can end the hand any more. A hand only ends
        after melds or lay-offs, and none is possible when the cards outside the table melds
        (hands, stock, discard pile: any of them can reach any hand) hold no meld that a hand
        is big enough to make (a hand of k cards melds at most k + 1 after drawing, k with
        ``last_card``) and none of them fits on a table meld (or, with
        ``layoff_requires_meld``, nobody owns a meld). Then nothing can ever change."""
        g = self.game
        free = self.stock + self.pile
        for h in self.hands:
            free += h
        if self.melds and (self.owners or not g.layoff_requires_meld):
            if g.layoffs(free, self.melds):
                return False
        biggest = max(len(h) for h in self.hands) + (0 if g.last_card else 1)
        if biggest >= 3 and g.melds_in(free):
            return False
        return True

    def _end_void(self) -> None:
        """Ruling 9: the hand cannot end (or the stock would be re-formed once too often);
        nobody scores."""
        self.phase = OVER
        self.void = True
        self.events = [self.events, ("void", self.turnovers), None]

    # -- explanations --
    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, as a sentence for the player."""
        a = action
        g = self.game
        who = g.seat_name(self.seat)
        text = a.text()
        if self.phase == OVER:
            return f"{text}: the hand is over"
        hand = self.hands[self.seat]
        verbs = ("draw", "meld", "layoff", "discard")
        if a.verb not in verbs:
            return f"{text}: unknown action; {g.name} uses draw, meld, layoff and discard"
        if a.verb == "draw":
            if a.arg not in ("stock", "discard") or a.cards:
                return f"{text}: write 'draw stock' or 'draw discard'"
            if self.phase != DRAW:
                return f"{text}: {who} has already drawn this turn; meld, lay off or discard"
            if a.arg == "discard" and not self.pile:
                return f"{text}: the discard pile is empty"
            return f"{text}: nothing to draw"
        if a.arg is not None:
            return f"{text}: '{a.arg.upper()}' is not a card; write cards like 7C, TD or AS"
        if self.phase == DRAW:
            return f"{text}: first draw a card: 'draw stock' or 'draw discard'"
        missing = [c for c in a.cards if c not in hand]
        if missing:
            return f"{text}: {cards_text(missing)} {'is' if len(missing) == 1 else 'are'} not in {who}'s hand"
        if a.verb == "meld":
            if a.prep is not None or a.end:
                return f"{text}: write 'meld' and the cards, like 'meld 5C 6C 7C'"
            if len(set(a.cards)) != len(a.cards):
                return f"{text}: a card is named twice"
            cl = g.classify(a.cards)
            if cl is None:
                return f"{text}: {g.why_not(a.cards)}"
            if self.melded and not g.no_meld_limit:
                return f"{text}: only one meld per turn, and {who} has already melded this turn"
            return f"{text}: {self._invariant_reason(len(hand) - len(a.cards))}"
        if a.verb == "layoff":
            if len(a.cards) != 1 or a.prep != "to":
                return f"{text}: write 'layoff <card> to <meld number>', like 'layoff 8C to 3'"
            c = a.cards[0]
            if not self.melds:
                return f"{text}: there are no melds on the table"
            if a.target is None or not 1 <= a.target <= len(self.melds):
                return f"{text}: there is no meld {a.target}; the melds are numbered 1 to {len(self.melds)}"
            if g.layoff_requires_meld and not self.owners >> self.seat & 1:
                return f"{text}: {who} may not lay off before putting down a meld"
            m = self.melds[a.target - 1]
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
            return f"{text}: {self._invariant_reason(len(hand) - 1)}"
        # discard
        if len(a.cards) != 1 or a.prep is not None or a.end:
            return f"{text}: write 'discard' and one card, like 'discard 9D'"
        if a.cards[0] == self.taken:
            return (
                f"{text}: {card_text(a.cards[0])} was taken from the discard pile this turn "
                f"and may not be discarded in the same turn"
            )
        return f"{text} is not allowed now"

    def _invariant_reason(self, rem: int) -> str:
        if rem == 0:
            return (
                "with the option last_card a player goes out only by discarding the last card "
                "in hand, so a player must keep a card to discard"
            )
        return (
            "afterwards no card could be discarded (the card taken from the discard pile "
            "may not be discarded this turn)"
        )

    @staticmethod
    def _meld_text(m: Meld) -> str:
        return f"the {m.kind} {cards_text(m.cards)}"

    # -- views --
    def _display_key(self):
        """Hand display order: by suit, low to high in run order (ace low unless the ace
        also goes high)."""
        if self.game.ace_mode == ACE_LOW:
            return lambda c: -1 if RANK_OF[c] == ACE else -RANK_OF[c]
        return lambda c: -RANK_OF[c]

    def event_log(self) -> EventLog:
        """The public log as LogEvents and texts (a first line: the deal), made and rendered
        once per event: only the events added since the last observation are new."""
        lc = self._logc = log_view(
            self._logc,
            self.events,
            self._log_event,
            (LogEvent("deal", "{^0} {0:deals|deal}; the upcard starts the discard pile.", (self.dealer,)),),
        )
        return lc

    def _log_event(self, ev: tuple) -> LogEvent:
        k = ev[0]
        if k == "draw":
            return LogEvent(k, "{^0} {0:draws|draw} from the stock.", (ev[1],))
        if k == "take":
            return LogEvent(k, "{^0} {0:takes|take} {c0} from the discard pile.", (ev[1],), (ev[2],))
        if k == "turnover":
            how = SHUFFLED_WORDS if ev[2] else "turned over without shuffling to form a new stock."
            return LogEvent(k, f"The stock is empty: the discard pile ({ev[1]} cards) is {how}", (), (), (ev[1], ev[2]))
        if k == "meld":
            return LogEvent(k, f"{{^0}} {{0:melds|meld}} {{c*}} (meld {ev[3]}).", (ev[1],), ev[2], (ev[3],))
        if k == "layoff":
            end = f" ({ev[4]} end)" if ev[4] else ""
            return LogEvent(
                k, f"{{^0}} {{0:lays|lay}} off {{c0}} on meld {ev[3]}{end}.", (ev[1],), (ev[2],), (ev[3], ev[4])
            )
        if k == "discard":
            return LogEvent(k, "{^0} {0:discards|discard} {c0}.", (ev[1],), (ev[2],))
        if k == "out":
            return LogEvent(
                k, "{^0} {0:goes|go} out" + (" with a rummy" if ev[2] else "") + ".", (ev[1],), (), (ev[2],)
            )
        return LogEvent(
            "void", f"The hand cannot end (stock re-formed {ev[1]} times): it is void, nobody scores.", (), (), (ev[1],)
        )

    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = f"stock {len(self.stock)} · discard {top} · melds {len(self.melds)} · to {g.options.get('target_score')}"
        if self.phase == OVER:
            if self.void:
                return f"Hand void: it could not end (ruling 9) · {tail}"
            res = self.result()
            w = self.winner
            assert res is not None and w is not None, "an over hand that is not void has a winner"
            return (
                f"{g.seat_name(w).capitalize()} went out{' with a rummy' if self.rummy else ''}: "
                f"{res.points[w]} points · {tail}"
            )
        # the same words whatever the hand holds: every seat reads this line, so it may not
        # tell whether the player to act can meld or lay off (the buttons tell that player)
        step = "draw" if self.phase == DRAW else "meld, lay off or discard"
        return f"{g.seat_name(self.seat).capitalize()} to {step} · {tail}"

    #: the verb specs of the table (engine.views), in the table's order
    VERBS: tuple[VerbSpec, ...] = RUMMY_VERBS

    def _scores(self) -> dict[str, Any]:
        """The observation's ``scores``: the totals and the target (a game without a target
        overrides it)."""
        return {"totals": list(self.totals), "target_score": self.game.options.get("target_score")}

    def _meld_views(self) -> tuple[MeldView, ...]:
        """The table melds as every seat sees them, numbered from 1."""
        return tuple(MeldView(i, m.owner, m.kind, m.cards) for i, m in enumerate(self.melds, 1))

    def _picks(self, legal) -> set[Card]:
        """The hand cards the legal actions that pick cards name."""
        return {c for a in legal if a.verb in ("meld", "layoff", "discard") for c in a.cards}

    def _zones(self, seat: int, view, melds, selectable):
        """The zones (``families.rummy.rummy_zones``) as ``seat`` sees them."""
        return rummy_zones(seat, self.hands, view, self.stock, self.pile, melds, self.public, selectable)

    #: set while ``policy_observation`` runs: ``observation`` leaves the table's views out
    _light = False

    def policy_observation(self, seat: int) -> Observation:
        """``observation(seat)`` for a bot's rules of thumb inside a search (the strong bot's
        rummy playouts, bots/rummy_playout.py): the same hand, piles, melds, ``extra`` and
        legal actions, without the views only a table draws (``zones``, ``verbs``,
        ``log``/``events`` and ``status`` are empty, ``facts`` None), which cost most of an
        observation's time. Every drift rummy
        (a subclass's ``observation`` adding ``extra`` keys included) inherits it."""
        self._light = True
        try:
            return self.observation(seat)
        finally:
            del self._light

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees: its own hand, hand sizes, stock size, the discard pile, the
        table melds, the totals, a status line, the public log, and its legal actions when it
        is to act. ``scores``: ``{"totals": [points per seat before this hand],
        "target_score": T}``.

        ``extra`` keys (public data): ``turn_phase`` (``draw`` / ``play`` / ``over``, also
        ``Observation.phase``); ``taken_from_discard`` (the card drawn from the discard pile
        this turn, or None); ``melded_this_turn`` (the player to act has made his meld this
        turn); ``on_table`` (per seat: owns a meld this hand); ``dealt`` (cards dealt to each
        player, §3); ``start_size`` (the acting player's hand size when his turn began: a
        rummy is still possible while it equals ``dealt`` and he has put nothing down);
        ``turnovers`` (how often the stock has been re-formed); ``turn`` (the turn number in
        the hand, 0 = voorhand's first); ``ace_mode`` (the option); once over ``winner`` and
        ``rummy``. Games on this hand add theirs."""
        g = self.game
        over = self.phase == OVER
        extra: dict[str, Any] = {
            "turn_phase": _PHASE_NAMES[self.phase],
            "taken_from_discard": self.taken,
            "melded_this_turn": self.melded,
            "on_table": [bool(self.owners >> s & 1) for s in range(self.n)],
            "dealt": g.dealt,
            "start_size": self.start_size,
            "turnovers": self.turnovers,
            "turn": self.turn,
            "ace_mode": g.ace_mode,
        }
        if over:
            extra["winner"] = self.winner
            extra["rummy"] = self.rummy
        legal = self._observation_legal() if (not over and seat == self.seat) else ()
        view = tuple(sort_hand(self.hands[seat], rank_key=self._display_key()))
        melds = self._meld_views()
        if self._light:
            return Observation(
                game=g.id,
                seat=seat,
                n_seats=self.n,
                to_act=self.to_act,
                phase=_PHASE_NAMES[self.phase],
                hand=view,
                hand_sizes=tuple(len(h) for h in self.hands),
                dealer=self.dealer,
                stock_size=len(self.stock),
                discard=tuple(self.pile),
                melds=melds,
                scores=self._scores(),
                legal=legal,
                extra=extra,
            )
        specs = specs_for(legal, self.VERBS) if legal else ()
        pick = self._picks(legal)
        lc = self.event_log()
        return Observation(
            game=g.id,
            seat=seat,
            n_seats=self.n,
            to_act=self.to_act,
            phase=_PHASE_NAMES[self.phase],
            hand=view,
            hand_sizes=tuple(len(h) for h in self.hands),
            dealer=self.dealer,
            stock_size=len(self.stock),
            discard=tuple(self.pile),
            melds=melds,
            scores=self._scores(),
            status=(status := self._status()),
            facts=Facts(None, "", "", status_items(status)),
            log=lc.texts,
            legal=legal,
            extra=extra,
            zones=self._zones(seat, view, melds, tuple(c for c in view if c in pick)),
            verbs=specs,
            events=lc.events,
        )

    def _observation_legal(self):
        """The observation's legal list: ``tuple(legal_actions())``; a game whose list can be
        long may give an ``engine.actions.LazyActions`` instead (built when read)."""
        return tuple(self.legal_actions())

    def hidden_from(self, seat: int) -> "set[Card] | Counter[Card]":
        """Cards in other hands and in the stock that have not been face up in this hand since
        they were last shuffled away (a card taken from the discard pile is public while it
        stays in the hand; the cards of a shuffled re-formed stock, and a card drawn from it,
        are hidden again: ``_hide_reformed``)."""
        pub = self.public
        out = {c for s, h in enumerate(self.hands) if s != seat for c in h if not pub >> c & 1}
        out.update(c for c in self.stock if not pub >> c & 1)
        return out

    def cards_in_play(self) -> list[Card]:
        """All 52 cards: hands, stock, discard pile, table melds."""
        out = [c for h in self.hands for c in h]
        out += self.stock
        out += self.pile
        for m in self.melds:
            out += m.cards
        return out

    def deal_record(self) -> dict[str, Any]:
        """The starting position as a record ``deal`` (the deal given to ``from_deal``, or
        the shuffled deal: dealer, hands, stock top first, discard bottom to top)."""
        d = self._deal
        if isinstance(d, dict):
            return d
        dealer, hands, stock, pile, melds, to_act = d
        out: dict[str, Any] = {
            "dealer": dealer,
            "hands": [[card_text(c) for c in h] for h in hands],
            "stock": [card_text(c) for c in reversed(stock)],
            "discard": [card_text(c) for c in pile],
        }
        if melds:
            out["melds"] = [{"owner": m.owner, "cards": [card_text(c) for c in m.cards]} for m in melds]
        return out

    # -- the hand's result (§7 of each game) --
    #: the ``result.detail`` key of the per-seat points (``hand_points``, ``penalties``) and
    #: their words in the hand summary ("points", "penalty points")
    POINTS_KEY = "hand_points"
    SCORE_LABEL = "points"
    #: whether ``result.detail`` names ``next_dealer`` (an elimination rummy's does not)
    NAMES_NEXT_DEALER = True

    def result(self) -> Result | None:
        """The hand's result once it is over, else None. A void hand writes 0 for every seat
        (outcome ``void``, no winners); an out hand writes ``out_points(detail)`` (outcome
        ``out``, winners ``[winner]``). ``detail`` (docs/records.md), in this order:
        ``outcome``, ``winner``, the game's ``result_keys()``, ``dealer``, ``next_dealer``
        (with ``NAMES_NEXT_DEALER``), ``turnovers``, ``turns``, the game's ``result_tail()``.
        The summary is ``hand_summary(res)``.

        A game gives only its scoring rule: ``out_points`` (and, when its detail differs,
        ``result_keys`` / ``result_tail``, ``went_out_words``, ``summary_lines``)."""
        if self.phase != OVER:
            return None
        detail: dict[str, Any] = {"outcome": "void" if self.void else "out", "winner": self.winner}
        detail.update(self.result_keys())
        detail["dealer"] = self.dealer
        if self.NAMES_NEXT_DEALER:
            detail["next_dealer"] = (self.dealer + 1) % self.n
        detail["turnovers"] = self.turnovers
        detail["turns"] = self.turn + 1
        detail.update(self.result_tail())
        if self.void:
            res = Result([0] * self.n, "void", [], detail)
        else:
            assert self.winner is not None, "an out hand has a winner"
            res = Result(list(self.out_points(detail)), "out", [self.winner], detail)
        res.summary = self.hand_summary(res)
        return res

    def result_keys(self) -> dict[str, Any]:
        """The game's ``result.detail`` keys after ``winner``; by default ``POINTS_KEY``: the
        card points (``game.points``) left in each hand."""
        return {self.POINTS_KEY: [card_points(h, self.game.points) for h in self.hands]}

    def result_tail(self) -> dict[str, Any]:
        """The game's ``result.detail`` keys after ``turns`` (``packs``, ``active``); none by
        default."""
        return {}

    def out_points(self, detail: dict[str, Any]) -> list[int]:
        """The scoring rule of an out hand: what each seat writes. By default the winner scores
        the points left in the other hands (``detail[POINTS_KEY]``)."""
        pts = [0] * self.n
        assert self.winner is not None, "an out hand has a winner"
        pts[self.winner] = sum(detail[self.POINTS_KEY])
        return pts

    def went_out_words(self) -> str:
        """The summary's headline for an out hand (``{0}``: the winner)."""
        return "{0} went out"

    def hand_summary(self, res: Result) -> Summary:
        """The hand in words: "A void hand: nothing is written" or ``went_out_words()``, the
        points written (``SCORE_LABEL``), then ``summary_lines(res)``."""
        if self.void:
            head = phrase("A void hand: nothing is written", kind="outcome")
        else:
            assert self.winner is not None, "an out hand has a winner"
            head = phrase(self.went_out_words(), (self.winner,), kind="outcome")
        facts = [score_fact(self.SCORE_LABEL, None, res.points, (), res.winners, seats=self.summary_seats())]
        return Summary(head, tuple(facts + self.summary_lines(res)))

    def summary_seats(self) -> list[int] | None:
        """The seats the hand summary's score line lists: None, every seat (an elimination
        rummy lists only the seats still in the game)."""
        return None

    def summary_lines(self, res: Result) -> list[Fact]:
        """Facts for the hand summary: the cards left in each hand with their points
        (``game.points``; the hand's total from ``detail[POINTS_KEY]``)."""
        g = self.game
        hp = res.detail[self.POINTS_KEY]
        left = [(s, sort_hand(h)) for s, h in enumerate(self.hands) if h]
        facts = []
        if left:
            facts.append(Fact(f"Cards left in hand ({self.SCORE_LABEL})", phrase("", kind="cards_left")))
        for s, cards in left:
            each = ", ".join(f"{{c{i}}} {g.points[c]}" for i, c in enumerate(cards))
            facts.append(Fact("", phrase(f"  {{0}}: {each}  = {hp[s]}", (s,), cards, (hp[s],), kind="cards_left")))
        return facts

    # -- helpers for tests and tools --
    def hand_of(self, seat: int) -> list[Card]:
        """A copy of ``seat``'s cards (in the order held)."""
        return list(self.hands[seat])

    def stock_top_first(self) -> list[Card]:
        """The stock written top first."""
        return stock_top_first(self.stock)


__all__ = [
    "DRAW",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "DriftHand",
    "DriftRummy",
    "MAX_TURNOVERS",
    "OVER",
    "PLAY",
    "SHUFFLED_WORDS",
]
