"""The knock rummies (issue 25): a closed hand, draw one and discard one, and the hand ends by a
knock, a gin or a rummy with a showdown of every hand. Its first game is Klop Rummy
(games/klop_rummy.py, klop-rummy.md); Jersey Gin, Ramino klop and Tonk are to come on it.

The rummies that end only by going out all at once (Wildcard Rummy, Cincinnati, Boathouse Rummy)
share ``GoingOutRummy`` (the grammar, the deal, the deal's check as a multiset); Wildcard Rummy and
Cincinnati also the packs, hand sizes and options of their §3 and §9 (``packs_for``, ``dealt_for``,
``packs_options``, ``packs_not_in_force``). A hand whose identical cards share a code is a
``KnownKnockHand`` (Ramino klop and those three).

The turn is the drift rummy's (families/drift.py: ``DriftHand`` keeps the piles, the public cards,
the information set and the log) without melds or lay-offs on the table: melds stay in the hand
until the showdown. A turn is a draw (``draw stock`` / ``draw discard``) and an end step:

    discard <card>     the turn passes on;
    knock <card>       discard and end the hand with brandhout 1 .. ``knock_limit`` (None: any);
    rummy <card>       discard and end the hand with brandhout 0 (``zero_verb``: ``gin`` in Gin);

never naming the card just taken from the discard pile. Brandhout is the exact solver's
(families/deadwood.py) over the game's ``meld_rules`` and ``points``. The stock is renewed at the
start of a turn that finds it empty (klop-rummy.md §4: the pile but its top card, turned over
unshuffled, so it is known to every seat in order); after ``MAX_TURNOVERS`` the hand is void.

**Hidden information.** Nothing is put on the table, so no observation shows another hand before
the showdown; a card taken from the discard pile stays known to every seat while in that hand (the
drift hand's ``public`` mask), and the information set deals the unseen cards around those. At
the showdown every hand is shown (its cards become public) and the split of each hand is written in
the hand's Summary facts: the table draws it with no code of its own.

**The showdown.** ``splits()`` arranges every hand (``Deadwood.split``: klop-rummy.md §6.3); the
game scores it by ``showdown(detail)`` (declared on ``KnockHand``), which fills the ``result.detail``
keys of its own and returns the points and winners; ``showdown_words(detail)`` gives the headline.
A game whose opponents lay off onto the ender's melds (``lays_off``: Jersey Gin, jersey-gin.md §6.5)
gives ``splits()`` (the ender's arrangement, each opponent's cards kept) and ``layoffs()`` from
families/layoffs.py; ``result.detail`` then holds ``layoffs`` and the summary shows each seat's
lay-offs and the ender's melds with them, the laid-off cards marked (``Fact.marked``).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

from cardtable.cards import Card, card_text, cards_text, full52, shuffled
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Option, Result, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.standing import Standing
from cardtable.engine.views import CARD, Fact, LogEvent, Summary, VerbSpec, phrase
from cardtable.families.deadwood import Deadwood, Split, canonical
from cardtable.families.drift import DRAW, MAX_TURNOVERS, OVER, PLAY, DriftHand, DriftRummy
from cardtable.families.melds import MeldRules
from cardtable.families.rummy import DRAW_DISCARD_SPEC, DRAW_STOCK_SPEC, Meld, deal_round_robin
from cardtable.families.summaries import score_fact
from cardtable.families.wild_drift import KnownCards

KNOCK_SPEC = VerbSpec("knock", "Knock", "k", "select, k knocks with it as the discard", CARD)
RUMMY_SPEC = VerbSpec("rummy", "Rummy", "r", "select, r goes rummy with it as the discard", CARD)
GIN_SPEC = VerbSpec("gin", "Gin", "r", "select, r goes gin with it as the discard", CARD)
DISCARD_SPEC = VerbSpec("discard", "Discard", "x", "\u23ce or x discards", CARD)
#: the verbs of a knock turn (klop-rummy §4), in the table's order
KNOCK_VERBS = (DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, DISCARD_SPEC, KNOCK_SPEC, RUMMY_SPEC, GIN_SPEC)
#: the text grammar of a game that goes out all at once (``GoingOutRummy``): no melds on the
#: table, no knock; ``rummy`` with a discard or without one
GOING_OUT_GRAMMAR = Grammar(
    {
        "draw": ("stock", "discard"),
        "discard": "<card>",
        "rummy": ("<card>", ""),
    }
)
#: texts ``GOING_OUT_GRAMMAR`` refuses, with a word of the refusal (tests/test_grammar.py)
GOING_OUT_BAD_TEXTS = (
    ("meld 5C 6C 7C", "'meld'"),
    ("knock 5C", "'knock'"),
    ("gin 5C", "'gin'"),
    ("draw discard 2", "'2'"),
    ("discard JK=8C", "JK=8C"),
    ("layoff 8C to 1", "'layoff'"),
)


def packs_for(players: int, packs_option: int) -> int:
    """The packs of Wildcard Rummy and Cincinnati (§3 of each): one pack with 2 or 3 players,
    two with 7, the ``packs`` option with 4 to 6."""
    if players <= 3:
        return 1
    if players == 7:
        return 2
    return packs_option


def dealt_for(players: int, packs: int, three_player_hand: int = 7) -> int:
    """The cards per player of Wildcard Rummy and Cincinnati (§3 of each): 10 with two packs; one
    pack 7 (6 players 6; 3 players 7 or ``three_player_hand``)."""
    if packs == 2:
        return 10
    if players == 3:
        return three_player_hand
    return 6 if players == 6 else 7


def packs_options(target_score: int) -> tuple[Option, ...]:
    """The options of Wildcard Rummy and Cincinnati (§9 of each), which differ only by the
    default ``target_score``: ``packs`` (4-6 players), ``three_player_hand``,
    ``reshuffle_stock``, ``target_score``."""
    return (
        Option(
            "packs",
            "choice",
            "1",
            "packs for 4-6 players (2-3: always 1, 7: always 2)",
            choices=("1", "2"),
            numeric=True,
        ),
        Option(
            "three_player_hand", "choice", "7", "cards per player with 3 players", choices=("7", "10"), numeric=True
        ),
        Option("reshuffle_stock", "bool", False, "shuffle the discard pile when it becomes the new stock"),
        Option("target_score", "int", target_score, "game ends when a total reaches this", minimum=1, maximum=100000),
    )


def packs_not_in_force(players: int) -> dict[str, tuple[Any, str]]:
    """``options_not_in_force`` of ``packs_options`` (§3, §9): the packs are chosen with 4 to 6
    players only; the 3-player hand size only with 3 players."""
    out: dict[str, tuple[Any, str]] = {}
    n = players
    if n <= 3 or n == 7:
        used = packs_for(n, 1)
        out["packs"] = (used, f"the packs are chosen with 4 to 6 players only; with {n} players it is {used}")
    if n != 3:
        out["three_player_hand"] = (7, "the hand size is chosen with 3 players only")
    return out


class KnockRummy(DriftRummy):
    """A knock rummy's game object: the meld rules, the points, the knock limit and the verb of a
    hand without brandhout. Every hook is read by ``KnockHand``."""

    #: what a meld is (families/melds.py): the ace, the packs, the jokers, the meld sizes
    meld_rules: MeldRules = MeldRules(ace_mode="low")
    #: whether the hands hold jokers (the solver then uses the wild matcher)
    wild: bool = False
    #: the highest brandhout a knock may leave (None: no limit, klop-rummy ruling 3)
    knock_limit: int | None = None
    #: the verb that ends the hand with brandhout 0 and a discard: ``rummy`` or ``gin``
    zero_verb: str = "rummy"
    #: the strong bot searches the simple bot's first choices (families/drift.py)
    search_width: int | None = 3
    #: an empty stock is renewed from the pile but its top card (klop-rummy.md §4)
    turnover_keeps_top: bool = True
    #: the opponents lay off onto the ender's melds at the showdown (jersey-gin.md §6.5): the hand's
    #: ``layoffs()`` gives them, ``result.detail`` gains ``layoffs`` and the summary shows them
    lays_off: bool = False

    @cached_property
    def solver(self) -> Deadwood:
        """The exact brandhout solver of this game (families/deadwood.py)."""
        return Deadwood(self.meld_rules, self.points, self.wild)

    def brandhout(self, hand: list[Card]) -> int:
        """brandhout(hand) by the game's melds and points (klop-rummy.md §6.2)."""
        return self.solver.value(hand)


class GoingOutRummy(KnockRummy):
    """A knock rummy that ends only by going out all at once (``rummy`` with or without a
    discard, ``GOING_OUT_GRAMMAR``), from one or two packs with two jokers each: Wildcard Rummy,
    Cincinnati, Boathouse Rummy. It deals ``dealt`` cards one at a time from voorhand and turns
    up the next (``new_hand``), reads a record's deal (``from_deal``, no ``melds``) and checks its
    cards as a multiset (identical cards share a code). The game sets ``packs``, ``dealt`` and
    ``state_class``."""

    grammar = GOING_OUT_GRAMMAR
    bad_texts = GOING_OUT_BAD_TEXTS
    wild = True
    zero_verb = "rummy"
    #: the packs in play (1 or 2), set by the game from its players and options
    packs: int
    #: the cards dealt to each player, set by the game
    dealt: int
    #: the game's hand class (a ``KnockHand``), set by the game module
    state_class: type[KnockHand]
    #: the game's name in a deal's error (``melds: Cincinnati puts no melds on the table``);
    #: None: ``name``
    deal_name: str | None = None

    def deck(self) -> list[Card]:
        """One or two packs of 52 with 2 jokers each (54 or 108 cards)."""
        return full52(self.packs, jokers=2 * self.packs)

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *, sheet=None) -> KnockHand:
        """A shuffled deal (§3 of each spec): one card at a time from voorhand, then the upcard;
        the dealer and the totals from ``standing`` (or ``sheet=``; neither: seat 0 deals a
        fresh match)."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(self.deck(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, self.dealt, (dealer + 1) % n)
        st = self.state_class._fresh(
            self, dealer, hands, list(reversed(rest[1:])), [rest[0]], [], (dealer + 1) % n, standing
        )
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet=None) -> KnockHand:
        """An exact position from a record ``deal`` (docs/records.md: ``dealer``, ``hands``,
        ``stock`` top card first, ``discard`` bottom to top; mid-hand ``to_act``; no ``melds``);
        DealError if invalid."""
        if isinstance(deal, dict) and deal.get("melds"):
            raise DealError(f"melds: {self.deal_name or self.name} puts no melds on the table")
        return self.parse_deal(deal, self.state_class, standing, sheet)

    def check_deal_cards(self, hands: list[list[Card]], stock: list[Card], pile: list[Card], melds: list[Meld]) -> None:
        """``parse_deal``: the deal's cards are exactly ``deck()`` as a multiset (two packs repeat
        every card)."""
        have = Counter(c for h in hands for c in h)
        have.update(stock)
        have.update(pile)
        want = Counter(self.deck())
        if have != want:
            extra = sorted((have - want).elements())
            missing = sorted((want - have).elements())
            parts = ([f"too many {cards_text(extra)}"] if extra else []) + (
                [f"missing {cards_text(missing)}"] if missing else []
            )
            raise DealError(f"the deal must hold the {len(want)} cards of {self.packs} pack(s): {'; '.join(parts)}")


class KnockHand(DriftHand):
    """One hand of a knock rummy (module docstring); the game gives ``showdown``."""

    __slots__ = ("ender", "end_verb", "end_card", "_splits")
    game: KnockRummy
    #: the seat that knocked or went rummy / gin (None: on, or void)
    ender: int | None
    #: ``knock``, ``rummy`` or ``gin`` once the hand has ended so
    end_verb: str | None
    #: the card discarded by the ender
    end_card: Card | None
    #: the showdown's split of each hand, once made
    _splits: list[Split] | None

    VERBS: tuple[VerbSpec, ...] = KNOCK_VERBS

    @classmethod
    def _fresh(cls, *args: Any, **kwargs: Any):
        st = super()._fresh(*args, **kwargs)
        st.ender = None
        st.end_verb = None
        st.end_card = None
        st._splits = None
        return st

    def clone(self):
        new = DriftHand.clone(self)
        new.ender = self.ender
        new.end_verb = self.end_verb
        new.end_card = self.end_card
        new._splits = self._splits
        return new

    # -- the turn --
    def end_actions(self) -> list[Action]:
        """The end step (klop-rummy.md §5): ``discard c`` for every card but the one taken, then
        ``knock c`` / ``rummy c`` (``gin c``) by the brandhout left after discarding ``c``."""
        g = self.game
        hand = self.hands[self.seat]
        taken = self.taken
        limit = g.knock_limit
        after = g.solver.after_discards(hand, limit)  # above the limit: a bound, enough here
        out: list[Action] = []
        ends: list[Action] = []
        seen: set[Card] = set()
        for c in hand:
            if c == taken or c in seen:
                continue
            seen.add(c)
            out.append(Action("discard", None, (c,)))
            d = after[c]
            if d == 0:
                ends.append(Action(g.zero_verb, None, (c,)))
            elif limit is None or d <= limit:
                ends.append(Action("knock", None, (c,)))
        return out + ends

    def _legal(self) -> list[Action]:
        if self._cache is not None:
            return self._cache
        if self.phase == DRAW:
            return DriftHand._legal(self)
        self._cache = self.end_actions()
        return self._cache

    def _down_actions(self) -> list[Action]:
        """No melds or lay-offs during play: the hand ends only by a knock or a rummy."""
        return [a for a in self._legal() if a.verb != "discard"] if self.phase == PLAY else []

    def rollout_actions(self) -> list[Action]:
        """A random playout discards at random and ends the hand whenever it may (so hands end)."""
        legal = self._legal()
        if self.phase == PLAY:
            ends = [a for a in legal if a.verb != "discard"]
            if ends:
                return ends
        return legal

    def _apply(self, action: Action) -> None:
        v = action.verb
        if v in ("knock", "rummy", "gin"):
            c = action.cards[0]
            seat = self.seat
            self.hands[seat].remove(c)
            self.pile.append(c)
            self.public |= 1 << c
            self.ender, self.end_verb, self.end_card = seat, v, c
            self.phase = OVER
            self.winner = None
            self.events = [self.events, (v, seat, c), None]
            self._show_hands()
            return
        DriftHand._apply(self, action)

    def _discard(self, c: Card) -> None:
        """A plain discard; the next turn finds the stock renewed if it is empty (§4)."""
        DriftHand._discard(self, c)
        if self.phase == DRAW and not self.stock:
            if self.turnovers >= MAX_TURNOVERS or len(self.pile) < 2:
                self._end_void()
            else:
                self._turn_over(True)

    def _show_hands(self) -> None:
        """The showdown: every hand is shown (its cards public from now on)."""
        for h in self.hands:
            for c in h:
                self.public |= 1 << c

    def playout(self, rng) -> tuple[float, ...]:
        """Random play to the end (``rollout_actions``' choices), then ``returns()``."""
        while self.phase != OVER:
            self._cache = None
            acts = self.rollout_actions()
            self._apply(acts[rng.randrange(len(acts))] if len(acts) > 1 else acts[0])
        self._cache = None
        return self.returns()

    def returns_scale(self) -> float:
        """A hand's score is some tens of points (klop-rummy.md §7.1)."""
        return 50.0

    # -- words --
    def _log_event(self, ev: tuple) -> LogEvent:
        k = ev[0]
        if k == "knock":
            return LogEvent(k, "{^0} {0:knocks|knock}, discarding {c0}.", (ev[1],), (ev[2],))
        if k in ("rummy", "gin"):
            return LogEvent(k, f"{{^0}} {{0:goes|go}} {k}, discarding {{c0}}.", (ev[1],), (ev[2],))
        return DriftHand._log_event(self, ev)

    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = f"stock {len(self.stock)} · discard {top} · to {g.options.get('target_score')}"
        if self.phase == OVER:
            if self.void:
                return f"Hand void · {tail}"
            assert self.ender is not None, "a hand over and not void has an ender"
            verb = "knocks" if self.end_verb == "knock" else f"goes {self.end_verb}"
            return f"{g.seat_name(self.ender).capitalize()} {verb}: showdown · {tail}"
        step = "draw" if self.phase == DRAW else f"discard, knock or {g.zero_verb}"
        return f"{g.seat_name(self.seat).capitalize()} to {step} · {tail}"

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, as a sentence for the player."""
        a = action
        text = a.text()
        if self.phase == OVER:
            return f"{text}: the hand is over"
        if a.verb in ("knock", "rummy", "gin") and self.phase == PLAY and a.cards:
            c = a.cards[0]
            hand = self.hands[self.seat]
            if c not in hand:
                return f"{text}: {card_text(c)} is not in your hand"
            if c == self.taken:
                return f"{text}: the card just taken from the discard pile may not go back this turn"
            if a.verb != self.game.zero_verb and a.verb != "knock":
                return f"{text}: {self.game.name} has no '{a.verb}'"
            rest = list(hand)
            rest.remove(c)
            d = self.game.brandhout(rest)
            if a.verb == "knock":
                if d == 0:
                    return f"{text}: no brandhout would be left: that is a {self.game.zero_verb}"
                return f"{text}: the brandhout left would be {d}, more than {self.game.knock_limit}"
            return f"{text}: the brandhout left would be {d}, not 0"
        if a.verb in ("knock", "rummy", "gin") and self.phase == DRAW:
            return f"{text}: draw first (draw stock or draw discard)"
        return DriftHand.explain(self, action)

    # -- the showdown --
    def splits(self) -> list[Split]:
        """Every hand's split (``Deadwood.split``, klop-rummy.md §6.3), made once."""
        if self._splits is None:
            self._splits = [self.game.solver.split(h) for h in self.hands]
        return self._splits

    def layoffs(self) -> list[tuple[tuple[Card, int], ...]]:
        """The showdown's lay-offs per seat, in the order laid: ``(card, n)``, ``n`` the number
        (from 1) of the ender's meld in his split (``splits()[ender].melds``) the card goes onto.
        ``splits()`` then holds each opponent's cards kept. Default: none (a game without
        ``lays_off``: Klop Rummy)."""
        return [() for _ in range(self.n)]

    def showdown(self, detail: dict[str, Any]) -> tuple[list[int], list[int]]:
        """The game's scoring of the showdown (its §7): ``(points per seat, winners)``, adding its
        own keys to ``detail`` (which holds ``ender``, ``end``, ``brandhout``)."""
        raise NotImplementedError

    def showdown_words(self, detail: dict[str, Any]) -> LogEvent:
        """The summary's headline of a scored showdown (``{0}``: the ender)."""
        return phrase("{0} ended the hand", (detail["ender"],), kind="outcome")

    def sheet_text(self, detail: dict[str, Any]) -> tuple[str, list[int]]:
        """The score sheet's ``result`` cell (§8): a template naming seats ``{0}``, ``{1}`` in the
        log's syntax (``views.LogEvent``: ``{0:knocks|knock}``, so a seat named You reads right) and
        the seats it names (``detail["sheet_result"]``, ``detail["sheet_seats"]``)."""
        return str(detail["outcome"]), []

    def result(self) -> Result | None:
        """The hand's result once over (docs/records.md): ``outcome`` ``void`` or the ender's verb
        (``knock``, ``rummy``, ``gin``); ``detail``: ``ender``, ``end`` (the card discarded),
        ``brandhout`` (per seat), ``melds`` and ``deadwood`` (the split shown per seat, card
        codes), with ``lays_off`` ``layoffs`` (per seat ``[code, meld number]`` pairs), the
        game's keys (``showdown``), ``dealer``, ``next_dealer``, ``turnovers``, ``turns``,
        ``sheet_result`` and ``sheet_seats`` (the sheet's cell: ``sheet_text``)."""
        if self.phase != OVER:
            return None
        n = self.n
        detail: dict[str, Any] = {"outcome": "void" if self.void else self.end_verb, "ender": self.ender}
        points: list[int]
        winners: list[int]
        if self.void:
            points, winners = [0] * n, []
        else:
            sp = self.splits()
            detail["end"] = card_text(self.end_card) if self.end_card is not None else None
            detail["brandhout"] = [s.points for s in sp]
            detail["melds"] = [[cards_text(m[1]) for m in s.melds] for s in sp]
            detail["deadwood"] = [cards_text(s.dead) for s in sp]
            if self.game.lays_off:
                detail["layoffs"] = [[[card_text(c), m] for c, m in lo] for lo in self.layoffs()]
            points, winners = self.showdown(detail)
        detail["dealer"] = self.dealer
        detail["next_dealer"] = (self.dealer + 1) % n
        detail["turnovers"] = self.turnovers
        detail["turns"] = self.turn + 1
        detail["sheet_result"], detail["sheet_seats"] = ("void", []) if self.void else self.sheet_text(detail)
        res = Result(points, detail["outcome"], winners, detail)
        res.summary = self.knock_summary(res)
        return res

    def knock_summary(self, res: Result) -> Summary:
        """The hand in words: the headline, the points written (``SCORE_LABEL``), then each
        hand's split as shown (``{0}: 5♣ 5♦ 5♠ | A♥ 9♣ = 20``); only the seats of
        ``summary_seats()`` (default every seat; a hand played to elimination: those still in).
        With ``lays_off``, a seat's line ends with the cards it laid off (``, laid off 8♥``) and a
        last line shows the ender's melds with the lay-offs (``On {0's} melds: 3♥ 4♥ 5♥ 6♥ 7♥
        8♥, ...``), the laid-off cards ``marked``."""
        seats = self.summary_seats()
        if self.void:
            return Summary(
                phrase("A void hand: nothing is written", kind="outcome"),
                (score_fact(self.SCORE_LABEL, None, res.points, (), (), seats=seats),),
            )
        facts = [
            score_fact(self.SCORE_LABEL, None, res.points, (), res.winners, seats=seats),
            Fact("Hands shown (melds | brandhout)", phrase("", kind="split")),
        ]
        splits = self.splits()
        lays: list[tuple[tuple[Card, int], ...]] = self.layoffs() if self.game.lays_off else [() for _ in splits]
        for s, sp in enumerate(splits):
            if seats is not None and s not in seats:
                continue
            cards: list[Card] = []
            parts = []
            for _k, m in sp.melds:
                parts.append(" ".join(f"{{c{len(cards) + i}}}" for i in range(len(m))))
                cards += m
            dead = " ".join(f"{{c{len(cards) + i}}}" for i in range(len(sp.dead)))
            cards += sp.dead
            melds = ", ".join(parts) if parts else "no meld"
            tail = f" | {dead}" if dead else ""
            line = f"  {{^0}}: {melds}{tail}  = {sp.points}"
            laid = tuple(c for c, _m in lays[s])
            if laid:
                line += ", laid off " + " ".join(f"{{c{len(cards) + i}}}" for i in range(len(laid)))
                cards += laid
            facts.append(Fact("", phrase(line, (s,), tuple(cards), (sp.points,), kind="split"), (), laid))
        if any(lays) and self.ender is not None:
            facts.append(self._layoff_fact(self.ender, splits[self.ender], lays))
        return Summary(self.showdown_words(res.detail), tuple(facts))

    def _layoff_fact(self, ender: int, split: Split, lays: list[tuple[tuple[Card, int], ...]]) -> Fact:
        """The summary's line of the ender's melds with every card laid off onto them (canonical
        order: a run in run order, the ace low; a set by suit), the laid-off cards ``marked``."""
        on: dict[int, list[Card]] = {}
        for lo in lays:
            for c, number in lo:
                on.setdefault(number, []).append(c)
        cards: list[Card] = []
        parts = []
        for n, (_kind, meld) in enumerate(split.melds, 1):
            full = canonical(list(meld) + on.get(n, []))  # a run in run order (the ace low), a set by suit
            parts.append(" ".join(f"{{c{len(cards) + i}}}" for i in range(len(full))))
            cards += full
        marked = tuple(c for lo in lays for c, _m in lo)
        line = "  On {0's} melds: " + ", ".join(parts)
        return Fact("", phrase(line, (ender,), tuple(cards), kind="split"), (), marked)


class KnownKnockHand(KnownCards, KnockHand):
    """A knock hand whose identical cards share a code (jokers, two packs): what every seat knows
    of the other hands kept as multisets (``wild_drift.KnownCards``: a card taken from the discard
    pile, or drawn from a stock turned over unshuffled, is known while it stays in that hand; at
    the showdown every hand is known), and the bare ``rummy`` (no card: the whole hand laid down
    in melds, no discard; the game offers it in ``end_actions``). Used by Cincinnati, Wildcard
    Rummy, Ramino klop and Boathouse Rummy."""

    __slots__ = ("known",)
    #: the log's words for the cards of a bare ``rummy`` (``{^0} goes rummy with every card,
    #: without a discard.``)
    ALL_CARDS: str = "every card"
    #: why a bare ``rummy`` is refused, after the action's text (``rummy: ... (brandhout 12)``)
    ALL_REFUSAL: str = "not all your cards fit in melds"

    @classmethod
    def _fresh(cls, *args: Any, **kwargs: Any):
        st = super()._fresh(*args, **kwargs)
        st.known = [[] for _ in range(st.n)]
        return st

    def clone(self):
        new = super().clone()
        new.known = [k[:] for k in self.known]
        return new

    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.seat
        if v == "draw":
            super()._apply(action)
            if self.phase == PLAY and (action.arg == "discard" or self.stock_known):
                # taken from the pile, or drawn from a stock turned over unshuffled: known to all
                self.known[seat].append(self.hands[seat][-1])
            return
        if v == "rummy" and not action.cards:
            self.ender, self.end_verb, self.end_card = seat, "rummy", None
            self.phase = OVER
            self.winner = None
            self.events = [self.events, ("rummy", seat, None), None]
            self._show_hands()
            return
        if action.cards:
            self._forget(seat, action.cards[0])
        super()._apply(action)

    def _show_hands(self) -> None:
        """The showdown: every hand is shown (known to every seat from now on)."""
        super()._show_hands()
        self.known = [list(h) for h in self.hands]

    def explain(self, action: Action) -> str:
        a = action
        if a.verb == "rummy" and not a.cards and self.phase == PLAY:
            d = self.game.brandhout(self.hands[self.seat])
            return f"{a.text()}: {self.ALL_REFUSAL} (brandhout {d})"
        return super().explain(action)

    def _log_event(self, ev: tuple) -> LogEvent:
        if ev[0] == "rummy" and ev[2] is None:
            return LogEvent("rummy", f"{{^0}} {{0:goes|go}} rummy with {self.ALL_CARDS}, without a discard.", (ev[1],))
        return super()._log_event(ev)


__all__ = [
    "DISCARD_SPEC",
    "GIN_SPEC",
    "GOING_OUT_BAD_TEXTS",
    "GOING_OUT_GRAMMAR",
    "GoingOutRummy",
    "KNOCK_SPEC",
    "KNOCK_VERBS",
    "KnockHand",
    "KnockRummy",
    "KnownKnockHand",
    "RUMMY_SPEC",
    "dealt_for",
    "packs_for",
    "packs_not_in_force",
    "packs_options",
]
