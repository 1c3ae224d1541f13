"""Tonk, 2 to 6 players (cardtable/rules/tonk.md): a knock rummy of five cards for a fixed stake, with
its melds spread on the table for anyone to hit.

The hand is the knock-rummy hand (``families/knock.py``: the ender, the showdown hooks, every hand
shown at the end, the brandhout solver for ``count_melds_in_hand``) over the drift rummy's open
melds (``families/drift.py``: the spreads are its table melds, numbered from 1, and a hit is its
lay-off on anyone's meld, any number a turn). What is Tonk's own, in this module:

- the **deal check** (§3): a tonk on the deal ends the hand before play (E1), two or more void it;
- the **start step** (§4): ``knock`` (no card) before drawing ends the hand in a showdown, unless
  the seat was hit since its last turn with ``hit_blocks_knock`` (§6.3: ``blocked``);
- the **main step**: spreads and hits never have to leave a card to discard (a hand emptied by them
  **tonks out**, E2) and the card taken from the discard pile may be discarded when it is the only
  card left (§5 main step 4: ``_keeps_discard``, ``_legal``, ``_discard_choices``);
- the **ends** (§7): out by the last discard (E3), the stock running out after a discard (E5, no
  renewal), and the settlement in stakes (``settle``) on the stake ledger (``sheets.ledger``).

The record's ``deal`` and ``result.detail``: docs/records.md, "Tonk".
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.cards import Card, card_text, cards_text, full52, shuffled, sort_hand
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Option, Result, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import CARD, CARDS, MELD, NONE, Fact, LogEvent, Summary, VerbSpec, phrase
from cardtable.families.drift import DRAW, DRAW_DISCARD, DRAW_STOCK, OVER, PLAY, DriftHand
from cardtable.families.knock import KnockHand, KnockRummy
from cardtable.families.melds import MeldRules
from cardtable.families.rummy import (
    ACE_LOW,
    DRAW_DISCARD_SPEC,
    DRAW_STOCK_SPEC,
    card_points,
    deal_round_robin,
    points_table,
)
from cardtable.families.summaries import seats_fact, signed
from cardtable.sheets.ledger import Ledger

#: §3: five cards each
DEALT = 5
#: the ways a hand ends (§7; ``result.outcome``): E1, the void deal, E2, E3, E4, E5
DEAL_TONK, VOID, TONK_OUT, OUT, KNOCK, STOCK = "deal_tonk", "void", "tonk_out", "out", "knock", "stock"
OUTCOMES = (DEAL_TONK, VOID, TONK_OUT, OUT, KNOCK, STOCK)
KNOCK_ACTION = Action("knock")
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

KNOCK_SPEC = VerbSpec(
    "knock",
    "Knock",
    "k",
    "k knocks",
    NONE,
    confirm="Knock now? Every hand is shown and the lowest count wins.",
)
SPREAD_SPEC = VerbSpec("meld", "Spread", "m", "\u2423 or 1-9 selects, m spreads", CARDS, min_cards=3)
HIT_SPEC = VerbSpec("layoff", "Hit", "l", "l hits a spread", MELD)
DISCARD_SPEC = VerbSpec("discard", "Discard", "x", "\u23ce or x discards", CARD)
#: the verbs of a Tonk turn (§4), in the table's order
TONK_VERBS = (KNOCK_SPEC, DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, SPREAD_SPEC, HIT_SPEC, DISCARD_SPEC)


def settle(
    outcome: str, counts: Sequence[int], ender: int | None, loser_pays_winner: bool = False
) -> tuple[list[int], list[int], dict[str, Any]]:
    """The §7 settlement of a finished hand in stake units (multiply by the stake): ``(amounts per
    seat, winners, detail keys)``. ``counts`` are the §6.4 counts (E4, E5), ``ender`` the seat
    that had the deal tonk, tonked out, went out or knocked (None: void, E5). The amounts sum to 0.
    Detail keys: ``knock_won`` (E4: the knocker alone had the fewest points) and ``lowest`` (E4
    lost, E5: the seats paid as lowest)."""
    n = len(counts)
    amounts = [0] * n
    if outcome == VOID:
        return amounts, [], {}
    if outcome in (DEAL_TONK, TONK_OUT, OUT):
        assert ender is not None, "this end has a player who ends it"
        each = 1 if outcome == OUT else 2
        for p in range(n):
            if p != ender:
                amounts[p] -= each
                amounts[ender] += each
        return amounts, [ender], {}
    if outcome == KNOCK:
        k = ender
        assert k is not None, "a knock has a knocker"
        others = [p for p in range(n) if p != k]
        if all(counts[k] < counts[p] for p in others):
            for p in others:
                amounts[p] -= 1
                amounts[k] += 1
            return amounts, [k], {"knock_won": True, "lowest": []}
        for p in others:  # §7 E4 2.1: double to everyone with as few points or fewer
            if counts[p] <= counts[k]:
                amounts[k] -= 2
                amounts[p] += 2
        low = min(counts[p] for p in others)
        lowest = [p for p in others if counts[p] == low]
        payers = [p for p in others if p not in lowest] + ([k] if loser_pays_winner else [])
        for w in lowest:
            for p in payers:
                amounts[p] -= 1
                amounts[w] += 1
        return amounts, lowest, {"knock_won": False, "lowest": lowest}
    # STOCK (E5): every lowest count receives a stake from every higher one
    low = min(counts)
    lowest = [p for p in range(n) if counts[p] == low]
    for w in lowest:
        for p in range(n):
            if counts[p] > low:
                amounts[p] -= 1
                amounts[w] += 1
    return amounts, (lowest if len(lowest) < n else []), {"lowest": lowest if len(lowest) < n else []}


@register
class Tonk(KnockRummy):
    """Tonk for 2 to 6 players (tonk.md). Options as §9."""

    id = "tonk"
    name = "Tonk"
    #: §4: the start step's knock has no card; spreads are ``meld``, hits ``layoff … to <n>``
    grammar = Grammar(
        {
            "knock": "",
            "draw": ("stock", "discard"),
            "meld": "<cards>",
            "layoff": "<card> to <n> [low|high]",
            "discard": "<card>",
        }
    )
    bad_texts = (
        ("knock 9D", "9D"),
        ("rummy 9D", "'rummy'"),
        ("gin 5C", "'gin'"),
        ("draw discard 2", "'2'"),
        ("meld JK=8C 6C 7C", "JK=8C"),
    )
    min_players = 2
    max_players = 6
    deck_name = "full52"
    description = (
        "Five-card knock rummy for a stake: spread and hit anyone's spreads, tonk out, "
        "or knock when you think your count is lowest."
    )
    option_specs = (
        Option("stake", "int", 1, "the agreed stake per hand (vaste inzet)", minimum=1, maximum=1000),
        Option("match_hands", "int", 10, "hands per match, void deals included", minimum=1, maximum=1000),
        Option(
            "deal_tonk_min", "choice", "50", "deal total that is a tonk (50, or 49)", choices=("50", "49"), numeric=True
        ),
        Option("hit_blocks_knock", "bool", False, "a player who was hit may not knock on his next turn"),
        Option("knock_loser_pays_winner", "bool", False, "a knocker who loses also pays the lowest player(s) a stake"),
        Option("count_melds_in_hand", "bool", False, "at a showdown, melds still in the hand do not count"),
    )
    #: §6.1: sets of 3 or 4, runs of 3 or more in a suit, the ace low only, no wild cards
    meld_rules = MeldRules(ace_mode=ACE_LOW)
    ace_mode = ACE_LOW
    #: §4: any number of spreads and hits a turn, on anyone's spreads
    no_meld_limit = True
    layoff_requires_meld = False
    last_card = False
    #: the strong bot plays a searched move over the simple bot's only by a clear margin
    search_bar = "candidates"

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        o = self.options
        #: §2: A 1, 2-9 face value, T J Q K 10
        self.points: list[int] = points_table(ace=1)
        self.dealt = DEALT
        self.stake: int = o["stake"]
        #: a twentieth of a stake is the least difference the review tells (as the manille games)
        self.review_floor = 0.05 * self.stake

    def count(self, hand: Sequence[Card]) -> int:
        """§6.4: the count of a hand at a showdown: all its card points, or with
        ``count_melds_in_hand`` its brandhout (the least points left outside melds)."""
        if self.options["count_melds_in_hand"]:
            return self.brandhout(list(hand))
        return card_points(hand, self.points)

    def check_result(self, result: Result, state: "TonkHand") -> list[str]:
        """The spec's totals for a finished hand (§7): the amounts sum to 0, are whole stakes and
        are the settlement of ``detail`` (outcome, counts, ender) by ``settle``; a player who went
        out holds no card; the counts are the §6.4 counts of the hands shown. ``[]`` if all is well."""
        p, d = result.points, result.detail
        if result.outcome not in OUTCOMES:
            return [f"outcome {result.outcome!r} is not one of {', '.join(OUTCOMES)}"]
        out = []
        if sum(p) != 0:
            out.append(f"a ledger row sums to 0: {p}")
        s = self.stake
        if any(x % s for x in p):
            out.append(f"the amounts {p} are not whole stakes of {s}")
        units, winners, _ = settle(result.outcome, d["counts"], d["ender"], self.options["knock_loser_pays_winner"])
        if [u * s for u in units] != list(p) or sorted(winners) != sorted(result.winners):
            out.append(
                f"{result.outcome}: the settlement is {units} x {s}, winners {winners}; not {p}, {result.winners}"
            )
        if d["counts"] != [self.count(h) for h in state.hands]:
            out.append(f"counts {d['counts']} are not the counts of the hands")
        if result.outcome in (TONK_OUT, OUT) and state.hands[d["ender"]]:
            out.append(f"seat {d['ender']} went out and still holds cards")
        if result.outcome in (DEAL_TONK, VOID):
            tonks = [t for t, pts in enumerate(d["deal_points"]) if pts >= self.options["deal_tonk_min"]]
            if tonks != d["tonks"] or (len(tonks) == 1) != (result.outcome == DEAL_TONK):
                out.append(f"deal tonks {d['tonks']} do not fit the deal points {d['deal_points']}")
        return out

    def new_sheet(self) -> Ledger:
        """The §8 stake ledger: ``match_hands`` hands, the column "how it ended"."""
        return Ledger(self.players, self.options["match_hands"], info_columns=("how it ended",), label="hand")

    def deck(self) -> list[Card]:
        return full52()

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: Ledger | None = None
    ) -> "TonkHand":
        """A shuffled deal (§3): five cards one at a time from voorhand, the upcard, the stock;
        then the deal check (a tonk on the deal ends the hand at once). The dealer and the
        balances from ``standing`` (or ``sheet=``; neither: seat 0 deals a fresh match)."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(full52(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, DEALT, (dealer + 1) % n)
        st = TonkHand._fresh(self, dealer, hands, list(reversed(rest[1:])), [rest[0]], [], (dealer + 1) % n, standing)
        st.seed = seed
        st.deal_check()
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: Ledger | None = None
    ) -> "TonkHand":
        """An exact position from a record ``deal`` (docs/records.md: ``dealer``, ``hands``,
        ``stock`` top card first, ``discard`` bottom to top; for a position in mid-hand
        ``melds`` (the spreads, with their owners) and ``to_act``); a fresh deal gets the deal
        check. DealError if invalid, or a position's stock is empty (§5: the hand ends when
        the stock runs out)."""
        st = self.parse_deal(deal, TonkHand, standing, sheet)
        if "melds" in deal or "to_act" in deal:
            if not st.stock:
                raise DealError("stock: empty; a Tonk hand ends when the stock runs out (§7 E5)")
        else:
            st.deal_check()
        return st


class TonkHand(KnockHand):
    """One hand of Tonk (module docstring)."""

    __slots__ = ("blocked", "ending", "tonks", "deal_points")
    game: Tonk
    #: bit per seat that may not knock at the start of its next turn (§6.3, ``hit_blocks_knock``)
    blocked: int
    #: how the hand ended (``OUTCOMES``), None while on
    ending: str | None
    #: the seats with a tonk on the deal (§3)
    tonks: tuple[int, ...]
    #: each seat's points as dealt (§3), once the deal was checked; () for a position
    deal_points: tuple[int, ...]

    VERBS = TONK_VERBS
    #: the drift hand's turn: spreads and hits (any number) and the discard, and its fast playout
    _down_actions = DriftHand._down_actions
    rollout_actions = DriftHand.rollout_actions
    playout = DriftHand.playout

    @classmethod
    def _fresh(cls, *args: Any, **kwargs: Any):
        st = super()._fresh(*args, **kwargs)
        st.blocked = 0
        st.ending = None
        st.tonks = ()
        st.deal_points = ()
        return st

    def clone(self):
        new = KnockHand.clone(self)
        new.blocked = self.blocked
        new.ending = self.ending
        new.tonks = self.tonks
        new.deal_points = self.deal_points
        return new

    # -- the deal check (§3) --
    def deal_check(self) -> None:
        """Tonk on the deal (§3): every seat whose five cards total at least ``deal_tonk_min``
        has a tonk; exactly one wins the hand (E1), two or more void it; none: play starts."""
        g = self.game
        self.deal_points = tuple(card_points(h, g.points) for h in self.hands)
        least = g.options["deal_tonk_min"]
        self.tonks = tuple(s for s, p in enumerate(self.deal_points) if p >= least)
        if not self.tonks:
            return
        if len(self.tonks) == 1:
            (w,) = self.tonks
            self.ender = self.winner = w
            self.events = [self.events, ("tonk", w, self.deal_points[w]), None]
            self._finish(DEAL_TONK)
        else:
            self.void = True
            self.events = [self.events, ("tonks", self.tonks), None]
            self._finish(VOID)

    # -- the turn (§4, §5) --
    def _legal(self) -> list[Action]:
        if self._cache is not None:
            return self._cache
        out: list[Action] = []
        if self.phase == DRAW:
            if not self.blocked >> self.seat & 1:
                out.append(KNOCK_ACTION)
            if self.stock:
                out.append(DRAW_STOCK)
            if self.pile:
                out.append(DRAW_DISCARD)
        else:
            out = self._down_actions()
            out += [Action("discard", None, (c,)) for c in self._discard_choices()]
        self._cache = out
        return out

    def _keeps_discard(self, rem: int, used: tuple[Card, ...]) -> bool:
        """§5: a spread or a hit never has to leave a card to discard: an empty hand tonks out,
        and the card taken from the discard pile may go back when it is the only card left."""
        return True

    def _discard_choices(self) -> list[Card]:
        """§5 main step 4: every card but the one taken from the discard pile; that one too when
        it is the only card left."""
        hand = self.hands[self.seat]
        taken = self.taken
        if taken is None or len(hand) == 1:
            return hand
        return [c for c in hand if c != taken]

    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.seat
        if v == "knock":
            self.ender, self.end_verb = seat, KNOCK
            self.events = [self.events, ("knock", seat), None]
            self._finish(KNOCK)
            return
        if v == "draw":
            self.blocked &= ~(1 << seat)  # §6.3: the block ends once the turn has started
        elif v == "layoff" and self.game.options["hit_blocks_knock"]:
            assert action.target is not None, "a legal hit names its spread"
            owner = self.melds[action.target - 1].owner
            if owner != seat:
                self.blocked |= 1 << owner
        DriftHand._apply(self, action)

    def _discard(self, c: Card) -> None:
        """A discard: out with the last card (E3); else, with the stock empty, the hand ends in a
        showdown (E5); else the next player's turn (§5, "after each action")."""
        DriftHand._discard(self, c)
        if self.phase == DRAW and not self.stock:
            self.events = [self.events, ("stockout",), None]
            self._finish(STOCK)

    def _end_out(self) -> None:
        """The player to act has no card left: by a spread or a hit he tonks out (E2), by his
        discard he goes out (E3)."""
        how = OUT if self.events is not None and self.events[1][0] == "discard" else TONK_OUT
        self.ender = self.winner = self.seat
        self.end_verb = how
        self.events = [self.events, (how, self.seat), None]
        self._finish(how)

    def _finish(self, how: str) -> None:
        """The hand is over (``how``: ``OUTCOMES``): every hand is shown."""
        self.ending = how
        self.phase = OVER
        self._cache = None
        self._show_hands()

    # -- search --
    def returns_gains(self) -> list[float]:
        """The ledger amounts (``result().points``) without the result's words: the settlement of
        the counts alone, as every playout of the strong bot ends with it."""
        g = self.game
        assert self.ending is not None, "returns_gains: the hand is over"
        units, _w, _k = settle(self.ending, self.counts(), self.ender, g.options["knock_loser_pays_winner"])
        return [float(u * g.stake) for u in units]

    def returns_scale(self) -> float:
        """A usual hand moves a stake or two from each player: the stake times the players."""
        return float(self.game.stake * self.n)

    # -- words --
    def _log_event(self, ev: tuple) -> LogEvent:
        k = ev[0]
        if k == "knock":
            return LogEvent(k, "{^0} {0:knocks|knock}: every hand is shown.", (ev[1],))
        if k == "meld":
            return LogEvent(k, f"{{^0}} {{0:spreads|spread}} {{c*}} (spread {ev[3]}).", (ev[1],), ev[2], (ev[3],))
        if k == "layoff":
            return LogEvent(k, f"{{^0}} {{0:hits|hit}} spread {ev[3]} with {{c0}}.", (ev[1],), (ev[2],), (ev[3],))
        if k == TONK_OUT:
            return LogEvent(k, "{^0} {0:tonks|tonk} out: no cards left.", (ev[1],))
        if k == OUT:
            return LogEvent(k, "{^0} {0:goes|go} out with the last discard.", (ev[1],))
        if k == "stockout":
            return LogEvent(k, "The stock has run out: every hand is shown.")
        if k == "tonk":
            return LogEvent(k, "{^0} {0:has|have} tonk on the deal ({v0} points).", (ev[1],), (), (ev[2],))
        if k == "tonks":
            seats = tuple(ev[1])
            who = " and ".join(f"{{{i}}}" for i in range(len(seats)))
            return LogEvent(k, f"Tonk on the deal for {who}: the deal is void.", seats)
        return DriftHand._log_event(self, ev)

    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = f"stock {len(self.stock)} · discard {top} · spreads {len(self.melds)} · stake {g.stake}"
        name = g.seat_name(self.ender if self.ender is not None else self.seat).capitalize()
        if self.phase == OVER:
            words = {
                DEAL_TONK: f"{name} has tonk on the deal",
                VOID: "Deal void: more than one tonk",
                TONK_OUT: f"{name} tonks out",
                OUT: f"{name} goes out",
                KNOCK: f"{name} knocks: showdown",
                STOCK: "Stock out: showdown",
            }
            return f"{words[self.ending or VOID]} · {tail}"
        if self.phase == DRAW:
            step = "draw" if self.blocked >> self.seat & 1 else "knock or draw"
        else:
            step = "spread, hit or discard"
        return f"{name} to {step} · {tail}"

    def _scores(self) -> dict[str, Any]:
        """The observation's ``scores``: the balances before this hand (``totals``, in stake
        units times the stake), ``match_hands`` and ``stake``."""
        g = self.game
        return {"totals": list(self.totals), "match_hands": g.options["match_hands"], "stake": g.stake}

    def observation(self, seat: int):
        """``DriftHand.observation`` (its ``extra`` keys) with Tonk's own public keys in
        ``extra``: ``blocked`` (per seat: may not knock at the start of its next turn, §6.3),
        ``known_in_hands`` (per seat: the cards of its hand every seat knows, taken from the
        discard pile), ``stake``, ``deal_tonk_min`` and, once over, ``ending``
        (``result.outcome``)."""
        obs = DriftHand.observation(self, seat)
        ex = obs.extra
        pub = self.public
        ex["blocked"] = [bool(self.blocked >> s & 1) for s in range(self.n)]
        ex["known_in_hands"] = [tuple(c for c in h if pub >> c & 1) for h in self.hands]
        ex["stake"] = self.game.stake
        ex["deal_tonk_min"] = self.game.options["deal_tonk_min"]
        if self.phase == OVER:
            ex["ending"] = self.ending
        return obs

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, as a sentence for the player."""
        a = action
        text = a.text()
        if self.phase != OVER and a.verb == "knock":
            who = self.game.seat_name(self.seat)
            if self.phase == PLAY:
                return f"{text}: a knock comes at the start of the turn, before drawing; {who} has drawn already"
            if self.blocked >> self.seat & 1:
                return f"{text}: {who} was hit since his last turn and may not knock now (hit_blocks_knock)"
        if self.phase == DRAW and a.verb == "draw" and a.arg == "stock" and not self.stock:
            return f"{text}: the stock is empty"
        return DriftHand.explain(self, action)

    # -- the end (§7) --
    def counts(self) -> list[int]:
        """Every seat's §6.4 count of the cards in its hand now."""
        return [self.game.count(h) for h in self.hands]

    def showdown(self, detail: dict[str, Any]) -> tuple[list[int], list[int]]:
        """§7: the amounts per seat (stake units times the stake) and the winners, by ``settle``
        from ``detail``'s ``outcome``, ``counts`` and ``ender``; adds ``knock_won`` / ``lowest``
        where they apply."""
        g = self.game
        units, winners, keys = settle(
            detail["outcome"], detail["counts"], detail["ender"], g.options["knock_loser_pays_winner"]
        )
        detail.update(keys)
        return [u * g.stake for u in units], winners

    def showdown_words(self, detail: dict[str, Any]) -> LogEvent:
        """The summary's headline (``{0}``: the ender)."""
        how, e = detail["outcome"], detail["ender"]
        if how == DEAL_TONK:
            pts = detail["deal_points"][e]
            return phrase(
                "{0} {0:has|have} tonk on the deal ({v0} points): a double stake from everyone",
                (e,),
                (),
                (pts,),
                kind="outcome",
            )
        if how == VOID:
            k = _NUMBER_WORDS.get(len(detail["tonks"]), str(len(detail["tonks"])))
            return phrase(f"Tonk on the deal for {k} players: the deal is void, nobody pays", kind="outcome")
        if how == TONK_OUT:
            return phrase("{0} tonked out: a double stake from everyone", (e,), kind="outcome")
        if how == OUT:
            return phrase("{0} went out with the last discard: a stake from everyone", (e,), kind="outcome")
        low = detail.get("lowest", [])
        if how == KNOCK:
            if detail["knock_won"]:
                return phrase("{0} knocked with the fewest points: a stake from everyone", (e,), kind="outcome")
            return phrase(f"{{0}} knocked and lost: {_seats(len(low), 1)} lowest", (e, *low), kind="outcome")
        if not low:
            return phrase("The stock ran out: every count is equal, nobody pays", kind="outcome")
        return phrase(f"The stock ran out: {_seats(len(low), 0)} lowest", tuple(low), kind="outcome")

    def ledger_cell(self, detail: dict[str, Any]) -> dict[str, Any] | str:
        """§8's "how it ended" cell: a template naming seats in the log's syntax and its seats
        (``{"template": "{^0} knocked, {1} lowest", "seats": [1, 2]}``), or a text."""
        how, e = detail["outcome"], detail["ender"]
        if how == VOID:
            k = _NUMBER_WORDS.get(len(detail["tonks"]), str(len(detail["tonks"])))
            return f"void ({k} deal tonks)"
        if how == DEAL_TONK:
            return {"template": "{^0}: tonk on the deal", "seats": [e]}
        if how == TONK_OUT:
            return {"template": "{^0} tonked out", "seats": [e]}
        if how == OUT:
            return {"template": "{^0} went out", "seats": [e]}
        low = list(detail.get("lowest", []))
        if how == KNOCK:
            if detail["knock_won"]:
                return {"template": "{^0} knocked and won", "seats": [e]}
            return {"template": f"{{^0}} knocked, {_seats(len(low), 1)} lowest", "seats": [e, *low]}
        if not low:
            return "stock out, all equal"
        return {"template": f"stock out, {_seats(len(low), 0)} lowest", "seats": low}

    def result(self) -> Result | None:
        """The hand's result once over (docs/records.md, "Tonk"): ``outcome`` one of
        ``deal_tonk``, ``void``, ``tonk_out``, ``out``, ``knock``, ``stock``; ``points`` the
        ledger amounts (stake units times the stake, summing to 0); ``detail``: ``ender``,
        ``hands`` (each seat's cards, shown), ``counts`` (§6.4), with ``count_melds_in_hand``
        ``melds`` (the melds of each count), ``tonks`` and ``deal_points`` (a deal that ended
        at once), ``knock_won`` / ``lowest`` (E4, E5), ``stake``, ``dealer``, ``next_dealer``,
        ``turns``, ``ledger_info`` (the sheet's cell)."""
        if self.phase != OVER:
            return None
        g = self.game
        n = self.n
        detail: dict[str, Any] = {"outcome": self.ending, "ender": self.ender}
        detail["hands"] = [[card_text(c) for c in h] for h in self.hands]
        detail["counts"] = self.counts()
        if g.options["count_melds_in_hand"]:
            detail["melds"] = [[cards_text(m[1]) for m in s.melds] for s in self.splits()]
        if self.ending in (DEAL_TONK, VOID):
            detail["tonks"] = list(self.tonks)
            detail["deal_points"] = list(self.deal_points)
        points, winners = self.showdown(detail)
        detail["stake"] = g.stake
        detail["dealer"] = self.dealer
        detail["next_dealer"] = (self.dealer + 1) % n
        detail["turns"] = self.turn + 1 if self.ending not in (DEAL_TONK, VOID) else 0
        detail["ledger_info"] = [self.ledger_cell(detail)]
        res = Result(points, str(self.ending), winners, detail)
        res.summary = self.tonk_summary(res)
        return res

    def tonk_summary(self, res: Result) -> Summary:
        """The hand in words: the headline, the ledger amounts, then every hand as shown with its
        count (``{0}: 9♥ 5♣  = 14``; with ``count_melds_in_hand`` the melds first, ``|``, the rest)."""
        d = res.detail
        facts = [
            seats_fact(
                f"This hand ({'stakes' if self.game.stake == 1 else 'units'})", res.points, signed, winners=res.winners
            )
        ]
        if any(self.hands):
            facts.append(Fact("Hands shown (count)", phrase("", kind="split")))
        splits = self.splits() if self.game.options["count_melds_in_hand"] else None
        key = self._display_key()
        for s, h in enumerate(self.hands):
            if not h:
                continue
            if splits is not None:
                cards: list[Card] = []
                parts = []
                for _k, m in splits[s].melds:
                    parts.append(" ".join(f"{{c{len(cards) + i}}}" for i in range(len(m))))
                    cards += m
                dead = " ".join(f"{{c{len(cards) + i}}}" for i in range(len(splits[s].dead)))
                cards += splits[s].dead
                body = (", ".join(parts) + " | " if parts else "") + dead
            else:
                cards = sort_hand(h, rank_key=key)
                body = " ".join(f"{{c{i}}}" for i in range(len(cards)))
            count = d["counts"][s]
            facts.append(Fact("", phrase(f"  {{^0}}: {body}  = {count}", (s,), tuple(cards), (count,), kind="split")))
        return Summary(self.showdown_words(d), tuple(facts))


def _seats(k: int, start: int) -> str:
    """The placeholders of ``k`` seats from ``start``, joined: ``{1} and {2}``, ``{0}, {1} and {2}``."""
    names = [f"{{{start + i}}}" for i in range(k)]
    return names[0] if k == 1 else ", ".join(names[:-1]) + " and " + names[-1]


__all__ = ["OUTCOMES", "TONK_VERBS", "Tonk", "TonkHand", "settle"]
