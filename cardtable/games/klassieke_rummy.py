"""Klassieke Rummy (``klassieke-rummy``): John McLeod's basic Rummy, 2 to 6 players.

Spec: shared/rules/klassieke-rummy.md. One pack of 52, no jokers. On his turn a player
draws (stock or top discard), may put **one** new meld on the table and lay off any number
of cards on anyone's melds, then discards. The first player to get rid of his last card
wins the hand and scores the card points left in the other hands, doubled for a rummy
(out in one turn). Game to ``target_score`` (150) or ``max_hands``.

Actions (rules/README.md, "Action grammar"):
    ``draw stock`` · ``draw discard`` · ``meld <cards>`` · ``layoff <card> to <n> [low|high]``
    · ``discard <card>``.
A meld may be typed in any card order; ``normalize`` writes it in canonical order (a run
first..last, a set by suit C D H S). ``low``/``high`` is only written where the card fits
both ends of a run (an ace on ``2 … K`` with ``high_low``; the missing rank of a 12-card
``bridge`` run); a redundant end naming the only possible end is dropped by ``normalize``.

Record ``deal`` (``from_deal`` / ``deal_record``), card codes:
    ``dealer``   seat that dealt (voorhand = dealer + 1 acts first);
    ``hands``    one list per seat;
    ``stock``    the face-down stock, **top card first**;
    ``discard``  the discard pile, **bottom to top** (a fresh deal: just the upcard);
  optional keys for a position in mid-hand (tests, puzzles):
    ``melds``    ``[{"owner": seat, "cards": [codes]}]``, table melds in their numbering
                 order (1, 2, …), cards in any order (stored canonically);
    ``to_act``   seat whose turn starts now, at its draw (default voorhand).
  Without ``melds``/``to_act`` each hand must hold the §3 number of cards and the discard
  pile exactly one card; with them every hand holds 1 to that number. In every deal the
  52 cards appear exactly once. The starting hand size of the §3 table is what a rummy is
  measured against.

Observation ``extra`` keys (public data):
    ``turn_phase``          ``draw`` / ``play`` / ``over`` (also ``Observation.phase``);
    ``taken_from_discard``  the card (int) drawn from the discard pile this turn, or None;
    ``melded_this_turn``    bool: the player to act has made his meld this turn;
    ``on_table``            per seat, bool: owns at least one meld in this hand;
    ``dealt``               cards dealt to each player (§3);
    ``start_size``          the acting player's hand size when his turn began (a rummy is
                            still possible while it equals ``dealt`` and he has not yet
                            put cards down);
    ``turnovers``           how often the stock has been re-formed from the discard pile;
    ``turn``                turn number in the hand, 0 = voorhand's first turn;
    ``ace_mode``            the option (``low``/``high_low``/``bridge``);
    ``winner``, ``rummy``   once the hand is over.
``scores`` = ``{"totals": [points per seat before this hand], "target_score": T}``.

Result: ``points`` = hand score per seat (the winner gets the sum of the others' card
points, doubled for a rummy; the others 0); ``outcome`` ``out`` (or ``void``, ruling 9);
``detail`` = ``outcome`` (as ``Result.outcome``), ``winner`` (None when void), ``rummy``
(bool), ``hand_points`` (card points left in each hand, the winner's 0), ``dealer``,
``next_dealer``, ``turnovers``, ``turns``.

Search: ``returns()`` = the winner's score against the others' 0 (own minus the others'
mean), over 100. Playouts draw at random, meld or lay off whenever they can, else discard
at random. An information set keeps every card that has been face up where it is (a card
taken from the discard pile stays known in that hand; a stock turned over unshuffled is
known in order) and deals the others again, the stock in random order.

Rulings added in the code (beyond the spec's §10):
  8. A layoff naming an end where the card fits only one end is accepted when the named
     end is that end (``normalize`` drops it); naming the wrong end is refused.
  9. Hands that cannot end. The stock may be re-formed without limit (§5.6), but positions
     occur in which no sequence of play can end the hand, e.g. every player is down to one
     card (two after drawing: too few to meld) and no card outside the melds fits any meld.
     Random play reaches such a dead end in about 1-2% of hands, the simple bot in well
     under 1%. The seed and the spec are silent. Ruling: when a player asks to draw from
     the empty stock and (a) the position is such a dead end, or (b) the stock
     has already been re-formed ``MAX_TURNOVERS`` (40) times, the hand ends **void**:
     nobody scores, the sheet writes ``(void)`` and the deal passes on. (b) is a safety cap
     that a real game never reaches (each re-forming takes ten or more turns); it ends
     stalled bot or random play.
 10. Reshuffle (``reshuffle``): the shuffle of the re-formed stock is derived from the
     hand's initial deal and the number of the re-forming, so a record's ``deal`` replays
     exactly.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

from cardtable.cards import ACE, Card, card_text, cards_text, full52, shuffled, sort_hand
from cardtable.engine.actions import Action
from cardtable.engine.grammar import Grammar
from cardtable.engine.game import (DealError, Game, IllegalAction, MeldView, Observation, Option,
                                   Result, State, check_cards, rng_for)
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.families.rummy import (ACE_LOW, ACE_MODES, RUN, SET, Meld, card_points, classify,
                                      deal_round_robin, find_melds, lay_off, layoff_ends,
                                      layoff_options, points_table, stock_top_first, turn_over,
                                      why_not_meld)
from cardtable.engine.views import EventLog, LogEvent, Summary, log_view, phrase, specs_for
from cardtable.families.rummy import RUMMY_VERBS, rummy_zones
from cardtable.families.summaries import score_fact
from cardtable.sheets.totals import TotalsSheet

#: §3: cards dealt to each player by number of players.
DEAL_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
#: Ruling 9: the stock is re-formed at most this often in one hand; then the hand is void.
MAX_TURNOVERS = 40

DRAW, PLAY, OVER = 0, 1, 2
_PHASE_NAMES = ("draw", "play", "over")

DRAW_STOCK = Action("draw", "stock")
DRAW_DISCARD = Action("draw", "discard")


@register
class KlassiekeRummy(Game):
    """Klassieke Rummy for 2 to 6 players (klassieke-rummy.md). Options as §9."""

    id = "klassieke-rummy"
    name = "Klassieke Rummy"
    #: klassieke-rummy.md §4; no jokers or wild cards, one pack.
    grammar = Grammar({
        "draw": ("stock", "discard"),
        "meld": "<cards>",
        "layoff": "<card> to <n> [low|high]",
        "discard": "<card>",
    })
    family = "rummy"
    min_players = 2
    max_players = 6
    deck_name = "full52"
    description = ("McLeod's basic rummy: draw, one meld a turn, lay off anywhere, discard; "
                   "out first scores the others' cards, doubled for a rummy.")
    option_specs = (
        Option("no_meld_limit", "bool", False, "any number of melds per turn (Geen uitleglimiet)"),
        Option("layoff_requires_meld", "bool", False, "no lay-off before owning a meld (Aanlegverbod)"),
        Option("ace_mode", "choice", ACE_LOW,
               "low: A-2-3 only; high_low: also Q-K-A, ace 15; bridge: also K-A-2, ace 15",
               choices=ACE_MODES),
        Option("last_card", "bool", False, "go out only by discarding the last card (Laatste kaart)"),
        Option("reshuffle", "bool", False, "shuffle the discard pile before it becomes the stock"),
        Option("target_score", "int", 150, "game ends when a total reaches this", minimum=1),
        Option("max_hands", "int_or_none", None, "fixed number of hands (none: no limit)", minimum=1),
    )

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        o = self.options
        self.ace_mode: str = o["ace_mode"]
        #: §2 card points by card int; the ace counts 15 with high_low / bridge.
        self.points: list[int] = points_table(ace=1 if self.ace_mode == ACE_LOW else 15)
        self.dealt = DEAL_SIZES[self.players]
        self.no_meld_limit: bool = o["no_meld_limit"]
        self.layoff_requires_meld: bool = o["layoff_requires_meld"]
        self.last_card: bool = o["last_card"]
        self.reshuffle: bool = o["reshuffle"]

    def check_result(self, result: Result, state: "KlassiekeRummyState") -> list[str]:
        """The spec's totals for a finished hand (§7): the winner went out (no cards left)
        and scores the others' card points (``detail["hand_points"]``), doubled for a
        rummy; nobody else scores; a ``void`` hand (ruling 9) scores nothing and has no
        winner. Problems as sentences; ``[]`` if none."""
        p, d = result.points, result.detail
        if result.outcome not in {"out", "void"}:
            return [f"outcome {result.outcome!r} is not out or void"]
        if result.outcome == "void":
            if result.winners or any(p):
                return [f"a void hand scores nothing: points {p}, winners {result.winners}"]
            return []
        if len(result.winners) != 1:
            return [f"one seat wins a hand, not {result.winners}"]
        out = []
        (w,) = result.winners
        factor = 2 if d["rummy"] else 1
        if p[w] != factor * sum(d["hand_points"]):
            out.append(f"the winner scores {factor} x the others' points {d['hand_points']}, not {p[w]}")
        if any(x for s, x in enumerate(p) if s != w):
            out.append(f"only the winner scores: {p}")
        if state.observation(w).hand_sizes[w] != 0:
            out.append("the winner still holds cards")
        return out

    def new_sheet(self) -> TotalsSheet:
        """The §8 running-totals sheet with the game's target and ``max_hands``."""
        return TotalsSheet(self.players, target_score=self.options["target_score"],
                           max_hands=self.options["max_hands"], mark_rummy=True)

    def deck(self) -> list[Card]:
        return full52()

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *,
                 sheet: TotalsSheet | None = None) -> "KlassiekeRummyState":
        """A shuffled deal (§3): one card at a time from voorhand, then the upcard. The
        dealer and the totals come from ``standing`` (or ``sheet=``, read as
        ``sheet.standing()``; neither: a fresh match, seat 0 deals)."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(full52(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, self.dealt, (dealer + 1) % n)
        upcard, stock_top_first_ = rest[0], rest[1:]
        st = KlassiekeRummyState._fresh(self, dealer, hands, list(reversed(stock_top_first_)),
                                        [upcard], [], (dealer + 1) % n, standing)
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *,
                  sheet: TotalsSheet | None = None) -> "KlassiekeRummyState":
        """An exact position from a record ``deal`` (module docstring); DealError if invalid.
        The totals come from ``standing`` (or ``sheet=``), the dealer from the deal."""
        if not isinstance(deal, dict):
            raise DealError("a deal is an object with dealer, hands, stock and discard")
        allowed = {"dealer", "hands", "stock", "discard", "melds", "to_act"}
        unknown = sorted(set(deal) - allowed)
        if unknown:
            raise DealError(f"unknown deal key(s) {', '.join(unknown)}; "
                            f"a Klassieke Rummy deal has {', '.join(sorted(allowed))}")
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
            raise DealError("melds: expected a list of {\"owner\": seat, \"cards\": [...]}")
        for i, m in enumerate(melds_in, 1):
            if not isinstance(m, dict) or "cards" not in m:
                raise DealError(f"meld {i}: expected {{\"owner\": seat, \"cards\": [...]}}")
            owner = m.get("owner")
            if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < n:
                raise DealError(f"meld {i}: owner must be a seat 0..{n - 1}, not {owner!r}")
            cards = check_cards(m["cards"], f"meld {i}")
            cl = classify(cards, self.ace_mode)
            if cl is None:
                raise DealError(f"meld {i} ({cards_text(cards)}): {why_not_meld(cards, self.ace_mode)}")
            melds.append(Meld(owner, cl[0], cl[1]))
        everything = [c for h in hands for c in h] + stock_tf + pile + [c for m in melds for c in m.cards]
        if len(set(everything)) != len(everything):
            dup = sorted({c for c in everything if everything.count(c) > 1})
            raise DealError(f"card(s) {cards_text(dup)} appear more than once")
        missing = sorted(set(full52()) - set(everything))
        if missing:
            raise DealError(f"the deal must hold all 52 cards; missing {cards_text(missing)}")
        position = "melds" in deal or "to_act" in deal
        if position:
            to_act = deal.get("to_act", (dealer + 1) % n)
            if not isinstance(to_act, int) or isinstance(to_act, bool) or not 0 <= to_act < n:
                raise DealError(f"to_act must be a seat 0..{n - 1}, not {to_act!r}")
            for i, h in enumerate(hands):
                if not 1 <= len(h) <= self.dealt:
                    raise DealError(f"hand of seat {i}: {len(h)} cards; in a position a hand holds "
                                    f"1 to {self.dealt} cards")
            if not stock_tf and not pile:
                raise DealError("stock and discard pile are both empty: nothing to draw")
        else:
            to_act = (dealer + 1) % n
            for i, h in enumerate(hands):
                if len(h) != self.dealt:
                    raise DealError(f"hand of seat {i}: {len(h)} cards; with {n} players each "
                                    f"is dealt {self.dealt}")
            if len(pile) != 1:
                raise DealError("discard: a fresh deal has exactly one upcard on the discard pile")
        st = KlassiekeRummyState._fresh(self, dealer, hands, list(reversed(stock_tf)), pile, melds,
                                        to_act, self.standing_of(standing, sheet))
        st._deal = deal
        return st


class KlassiekeRummyState(State):
    """One hand of Klassieke Rummy (plain data; see the module docstring)."""

    __slots__ = ("game", "seed", "n", "dealer", "hands", "stock", "pile", "melds", "seat", "phase",
                 "taken", "melded", "start_size", "owners", "public", "turnovers", "turn", "events",
                 "winner", "rummy", "void", "totals", "_deal", "shuffle_key", "_cache", "_logc")

    @classmethod
    def _fresh(cls, game: KlassiekeRummy, dealer: int, hands: list[list[Card]], stock: list[Card],
               pile: list[Card], melds: list[Meld], to_act: int, standing: Standing) -> "KlassiekeRummyState":
        st = cls.__new__(cls)
        st.game = game
        st.seed = None
        st.n = game.players
        st.dealer = dealer
        st.hands = [list(h) for h in hands]
        st.stock = stock                      # top card last
        st.pile = pile                        # bottom .. top
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
        st.public = pub                       # bit per card that has been face up this hand
        st.turnovers = 0
        st.turn = 0
        st.events = None                      # linked list [previous, event, text or None]
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

    def clone(self) -> "KlassiekeRummyState":
        new = object.__new__(KlassiekeRummyState)
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
                    taken = self.taken
                    hand = self.hands[self.seat]
                    cards = [c for c in hand if c != taken] if taken is not None else hand
                    n = len(cards)
                    self._discard(cards[0] if n == 1 else cards[randbelow(n)])
                    continue
            n = len(acts)
            self._apply(acts[0] if n == 1 else acts[randbelow(n)])
        self._cache = None
        return self.returns()

    def returns_scale(self) -> float:
        """``returns()``: the winner's score (the others' card points, x2 for a rummy)
        against the others' 0, over 100 points; a loser's own card points add to the
        winner's score, so fewer is better for him. A void hand: 0."""
        return 100.0

    def information_set(self, seat: int):
        """What ``seat`` knows (``engine.search.InformationSet``): its hand, the discard
        pile, the table melds, and every card that has been face up (a card taken from the
        discard pile stays known in that hand until melded or discarded; a stock turned
        over unshuffled is known in order). The other cards of the other hands and of the
        stock are dealt again at random (the stock in random order), keeping every hand
        size. With ``reshuffle`` and a re-formed stock, the stock's face-up cards are also
        shuffled among the stock's places (which of them another seat drew is not
        tracked)."""
        from cardtable.engine.search import Bucket, Deal, InformationSet
        pub = self.public
        loose = self.game.reshuffle and self.turnovers > 0
        pubs = 0                       # face-up cards in a reshuffled stock: order unknown
        if loose:
            for c in self.stock:
                if pub >> c & 1:
                    pubs |= 1 << c
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
                buckets.append(Bucket(s, m.bit_count(), ~pubs))
        m = 0
        for c in self.stock:
            if loose or not pub >> c & 1:
                m |= 1 << c
        if m:
            pool |= m
            hidden_n = (m & ~pubs).bit_count()
            if hidden_n:
                buckets.append(Bucket("stock", hidden_n, ~pubs))
            if pubs:
                buckets.append(Bucket("stock", pubs.bit_count(), pubs))
        deal = Deal(pool, buckets)
        return InformationSet(self, seat, deal, lambda st, masks, rng: st._iset_build(seat, deal, masks, rng))

    def _iset_build(self, seat: int, deal, masks: list[int], rng) -> "KlassiekeRummyState":
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
        self._deal = {"dealer": self.dealer, "hands": [[card_text(c) for c in h] for h in self.hands],
                      "stock": [card_text(c) for c in reversed(self.stock)],
                      "discard": [card_text(c) for c in self.pile],
                      "melds": [{"owner": m.owner, "cards": [card_text(c) for c in m.cards]} for m in self.melds],
                      "to_act": self.seat}
        self._cache = None
        return self

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
            if self.stock or self.pile:
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
            for _kind, cards in find_melds(hand, g.ace_mode):
                if self._keeps_discard(nh - len(cards), cards):
                    out.append(Action("meld", None, cards))
        if self.melds and (not g.layoff_requires_meld or self.owners >> self.seat & 1):
            for card, i, end in layoff_options(hand, self.melds, g.ace_mode):
                if self._keeps_discard(nh - 1, (card,)):
                    out.append(Action("layoff", None, (card,), "to", i, end))
        return out

    def normalize(self, action: Action) -> Action:
        """Canonical form: a meld's cards in run/set order; a redundant layoff end dropped."""
        if action.verb == "meld" and action.cards and action.arg is None:
            cl = classify(action.cards, self.game.ace_mode)
            if cl is not None:
                return action._replace(cards=cl[1])
        elif (action.verb == "layoff" and action.end and len(action.cards) == 1
              and action.prep == "to" and isinstance(action.target, int)
              and 1 <= action.target <= len(self.melds)):
            ends = layoff_ends(action.cards[0], self.melds[action.target - 1], self.game.ace_mode)
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
                    self.turnovers += 1
                    rng = (random.Random(self.shuffle_key * 1009 + self.turnovers)
                           if self.game.reshuffle else None)
                    self.stock = turn_over(self.pile, rng)
                    self.events = [self.events, ("turnover", len(self.pile), rng is not None), None]
                    self.pile = []
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
            kind = SET if (cards[0] & 15) == (cards[1] & 15) else RUN
            self.melds.append(Meld(seat, kind, cards))
            self.owners |= 1 << seat
            self.melded = True
            self.events = [self.events, ("meld", seat, cards, len(self.melds)), None]
            if not hand:
                self._end_out()
        elif v == "layoff":
            c = action.cards[0]
            i = action.target
            m = self.melds[i - 1]
            end = action.end or layoff_ends(c, m, self.game.ace_mode)[0]
            self.melds[i - 1] = lay_off(m, c, end)
            hand.remove(c)
            self.public |= 1 << c
            self.events = [self.events, ("layoff", seat, c, i, action.end), None]
            if not hand:
                self._end_out()
        elif v == "discard":
            self._discard(action.cards[0])
        else:  # pragma: no cover - the engine only applies legal actions
            raise IllegalAction(f"{action.text()}: unknown action")

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
            if layoff_options(free, self.melds, g.ace_mode):
                return False
        biggest = max(len(h) for h in self.hands) + (0 if g.last_card else 1)
        if biggest >= 3 and find_melds(free, g.ace_mode):
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
            return f"{text}: unknown action; Klassieke Rummy uses draw, meld, layoff and discard"
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
            cl = classify(a.cards, g.ace_mode)
            if cl is None:
                return f"{text}: {why_not_meld(a.cards, g.ace_mode)}"
            if self.melded and not g.no_meld_limit:
                return f"{text}: only one meld per turn, and {who} has already melded this turn"
            return f"{text}: {self._invariant_reason(len(hand) - len(a.cards))}"
        if a.verb == "layoff":
            if len(a.cards) != 1 or a.prep != "to":
                return f"{text}: write 'layoff <card> to <meld number>', like 'layoff 8C to 3'"
            c = a.cards[0]
            if not self.melds:
                return f"{text}: there are no melds on the table"
            if not 1 <= a.target <= len(self.melds):
                return f"{text}: there is no meld {a.target}; the melds are numbered 1 to {len(self.melds)}"
            if g.layoff_requires_meld and not self.owners >> self.seat & 1:
                return f"{text}: {who} may not lay off before putting down a meld of his own"
            m = self.melds[a.target - 1]
            ends = layoff_ends(c, m, g.ace_mode)
            if not ends:
                return f"{text}: {card_text(c)} does not fit on meld {a.target} ({self._meld_text(m)})"
            if len(ends) == 2 and a.end is None:
                return (f"{text}: {card_text(c)} fits both ends of meld {a.target}; say which: "
                        f"'layoff {card_text(c)} to {a.target} low' or '… high'")
            if a.end is not None and a.end not in ends:
                return f"{text}: {card_text(c)} goes at the {ends[0]} end of meld {a.target}, not the {a.end} end"
            return f"{text}: {self._invariant_reason(len(hand) - 1)}"
        # discard
        if len(a.cards) != 1 or a.prep is not None or a.end:
            return f"{text}: write 'discard' and one card, like 'discard 9D'"
        if a.cards[0] == self.taken:
            return (f"{text}: {card_text(a.cards[0])} was taken from the discard pile this turn "
                    f"and may not be discarded in the same turn")
        return f"{text} is not allowed now"

    def _invariant_reason(self, rem: int) -> str:
        if rem == 0:
            return ("with the option last_card a player goes out only by discarding his last card, "
                    "so he must keep a card to discard")
        return ("afterwards no card could be discarded (the card taken from the discard pile "
                "may not be discarded this turn)")

    @staticmethod
    def _meld_text(m: Meld) -> str:
        return f"the {m.kind} {cards_text(m.cards)}"

    # -- views --
    def _display_key(self):
        """Hand display order: by suit, low to high in run order (ace low unless the ace
        also goes high)."""
        if self.game.ace_mode == ACE_LOW:
            return lambda c: -1 if (c & 15) == ACE else -(c & 15)
        return lambda c: -(c & 15)

    def event_log(self) -> EventLog:
        """The public log as LogEvents and texts (a first line: the deal), made and rendered
        once per event: only the events added since the last observation are new."""
        lc = self._logc = log_view(self._logc, self.events, self._log_event,
                                   (LogEvent("deal", "{^0} {0:deals|deal}; the upcard starts the discard pile.",
                                             (self.dealer,)),))
        return lc

    def _log_event(self, ev: tuple) -> LogEvent:
        k = ev[0]
        if k == "draw":
            return LogEvent(k, "{^0} {0:draws|draw} from the stock.", (ev[1],))
        if k == "take":
            return LogEvent(k, "{^0} {0:takes|take} {c0} from the discard pile.", (ev[1],), (ev[2],))
        if k == "turnover":
            how = "shuffled" if ev[2] else "turned over without shuffling"
            return LogEvent(k, f"The stock is empty: the discard pile ({ev[1]} cards) is {how} to form a new stock.",
                            (), (), (ev[1], ev[2]))
        if k == "meld":
            return LogEvent(k, f"{{^0}} {{0:melds|meld}} {{c*}} (meld {ev[3]}).", (ev[1],), ev[2], (ev[3],))
        if k == "layoff":
            end = f" ({ev[4]} end)" if ev[4] else ""
            return LogEvent(k, f"{{^0}} {{0:lays|lay}} off {{c0}} on meld {ev[3]}{end}.", (ev[1],), (ev[2],),
                            (ev[3], ev[4]))
        if k == "discard":
            return LogEvent(k, "{^0} {0:discards|discard} {c0}.", (ev[1],), (ev[2],))
        if k == "out":
            return LogEvent(k, "{^0} {0:goes|go} out" + (" with a rummy" if ev[2] else "") + ".", (ev[1],), (),
                            (ev[2],))
        return LogEvent("void", f"The hand cannot end (stock re-formed {ev[1]} times): it is void, nobody scores.",
                        (), (), (ev[1],))

    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = f"stock {len(self.stock)} · discard {top} · melds {len(self.melds)} · to {g.options['target_score']}"
        if self.phase == OVER:
            if self.void:
                return f"Hand void: it could not end (ruling 9) · {tail}"
            res = self.result()
            w = self.winner
            return (f"{g.seat_name(w).capitalize()} went out{' with a rummy' if self.rummy else ''}: "
                    f"{res.points[w]} points · {tail}")
        if self.phase == DRAW:
            step = "draw"
        else:
            verbs = {a.verb for a in self._legal()}
            words = [w for v, w in (("meld", "meld"), ("layoff", "lay off"), ("discard", "discard"))
                     if v in verbs]
            step = ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1]
        return f"{g.seat_name(self.seat).capitalize()} to {step} · {tail}"

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees: its own hand, hand sizes, stock size, the discard pile, the
        table melds, the totals, a status line, the public log, and its legal actions when it
        is to act (extra keys in the module docstring)."""
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
        legal = tuple(self.legal_actions()) if (not over and seat == self.seat) else ()
        specs = specs_for(legal, RUMMY_VERBS) if legal else ()
        view = tuple(sort_hand(self.hands[seat], rank_key=self._display_key()))
        melds = tuple(MeldView(i, m.owner, m.kind, m.cards) for i, m in enumerate(self.melds, 1))
        pick = {c for a in legal if a.verb in ("meld", "layoff", "discard") for c in a.cards}
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
            scores={"totals": list(self.totals), "target_score": g.options["target_score"]},
            status=self._status(),
            log=lc.texts,
            legal=legal,
            extra=extra,
            zones=rummy_zones(seat, self.hands, view, self.stock, self.pile, melds, self.public,
                              tuple(c for c in view if c in pick)),
            verbs=specs,
            events=lc.events,
        )

    def result(self) -> Result | None:
        """§7: the winner scores the card points left in the other hands (×2 for a rummy)."""
        if self.phase != OVER:
            return None
        g = self.game
        hand_points = [card_points(h, g.points) for h in self.hands]
        detail: dict[str, Any] = {
            "outcome": "void" if self.void else "out",
            "winner": self.winner,
            "rummy": self.rummy,
            "hand_points": hand_points,
            "dealer": self.dealer,
            "next_dealer": (self.dealer + 1) % self.n,
            "turnovers": self.turnovers,
            "turns": self.turn + 1,
        }
        if self.void:
            res = Result([0] * self.n, "void", [], detail)
        else:
            w = self.winner
            total = sum(hand_points) * (2 if self.rummy else 1)
            pts = [0] * self.n
            pts[w] = total
            res = Result(pts, "out", [w], detail)
        res.summary = self._summary(res)
        return res

    def _summary(self, res: Result) -> Summary:
        """The hand in words (§7): who went out (a rummy doubles), the points written, and
        the cards left in each hand with their points (public once the hand is over)."""
        from cardtable.engine.views import Fact
        g = self.game
        if self.void:
            head = phrase("A void hand: nothing is written", kind="outcome")
        else:
            head = phrase("{0} went out" + (" with a rummy: the score is doubled" if self.rummy else ""),
                          (self.winner,), kind="outcome")
        facts = [score_fact("points", None, res.points, (), res.winners)]
        hp = res.detail["hand_points"]
        left = [(s, sort_hand(h)) for s, h in enumerate(self.hands) if h]
        if left:
            facts.append(Fact("Cards left in hand (points)", phrase("", kind="cards_left")))
        for s, cards in left:
            each = ", ".join(f"{{c{i}}} {g.points[c]}" for i, c in enumerate(cards))
            facts.append(Fact("", phrase(f"  {{0}}: {each}  = {hp[s]}", (s,), cards, (hp[s],), kind="cards_left")))
        return Summary(head, tuple(facts))

    def hidden_from(self, seat: int) -> set[Card]:
        """Cards in other hands and in the stock that have never been face up in this hand
        (a card taken from the discard pile is public while it stays in the hand)."""
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

    # -- helpers for tests and tools --
    def hand_of(self, seat: int) -> list[Card]:
        """A copy of ``seat``'s cards (in the order held)."""
        return list(self.hands[seat])

    def stock_top_first(self) -> list[Card]:
        """The stock written top first."""
        return stock_top_first(self.stock)
