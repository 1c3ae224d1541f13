"""Loba, 2 to 5 players (cardtable/rules/loba.md): the Argentine drift rummy of piernas and
escaleras, two packs and four jokers, played to elimination at 100 penalty points with
buy-backs.

The elimination hand with jokers (``families/elimination.py`` on ``families/wild_drift.py``).
This module holds Loba's own rules: its melds (piernas of three suits, escaleras of four
or more with at most two jokers that never leave them; a natural card laid off pushes a
joker to an end: ``layoffs``, ``ends``, ``lay_off_on``), the top discard that must be put
on the table in the same turn (``LobaState``, ``extra["must_place"]``), the joker that is
not discarded, the score with the all-at-once bonus (``out_points``), and the buy-back
decision between hands (``between_hands``, ``BuyBackState``: the verb ``buy back``, §7.4).
The record's ``deal``, its buy-back entries and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from cardtable.cards import JOKER, Card, card_text, cards_text, full52, is_joker, stands_for
from cardtable.engine.actions import Action
from cardtable.engine.game import Observation, Option, Result, State
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import DOWN, HAND, NONE, LogEvent, Summary, VerbSpec, Zone, phrase, specs_for
from cardtable.families.drift import DRAW, DRAW_DISCARD, DRAW_STOCK, MAX_TURNOVERS, OVER, PLAY, SHUFFLED_WORDS
from cardtable.families.elimination import EliminationHand, EliminationRummy
from cardtable.families.melds import SET_NONE, MeldRules, meld_uses, push_joker, push_targets, wild_lay_off
from cardtable.families.rummy import ACE_HIGH_LOW, RUN, Meld, points_table
from cardtable.sheets.penalty import PenaltySheet, signed

BUY_BACK = Action("buy", "back")
PASS = Action("pass")
BUY_VERBS = (
    VerbSpec("buy", "Buy back in", "b", "b buys back in", NONE),
    VerbSpec("pass", "Leave the game", "p", "p leaves the game", NONE),
)


@register
class Loba(EliminationRummy):
    """Loba for 2 to 5 players (loba.md). Options as §9."""

    id = "loba"
    name = "Loba"
    grammar = Grammar(
        {
            "draw": ("stock", "discard"),
            "meld": "<cards>",
            "layoff": "<card> to <n> [low|high]",
            "discard": "<card>",
            "buy": "back",
            "pass": "",
        },
        wild=("meld", "layoff"),
    )
    #: texts the grammar refuses, with the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("meld 5C#1 6C 7C 8C", "5C#1"),
        ("draw deck", "'deck'"),
        ("layoff 8C in 3", "'in'"),
        ("swap 6S in 2", "'swap'"),
        ("discard JK=8C", "JK=8C"),
        ("buy in", "'in'"),
        ("meld", "expected cards"),
    )
    min_players = 2
    max_players = 5
    deck_name = "108 (2 packs, 4 jokers)"
    description = (
        "Argentine rummy to elimination: piernas of three suits and escaleras of four, "
        "jokers pushed along; at 100 penalty points you are out unless you buy back in."
    )
    option_specs = (
        Option("joker_penalty", "int", 50, "penalty points for a joker left in hand", minimum=0, maximum=1000),
        Option("elimination_score", "int", 100, "a total at least this is out of the game", minimum=1, maximum=10000),
        Option(
            "max_buybacks",
            "int",
            2,
            "buy-backs per player and game",
            minimum=0,
            maximum=100,
            aliases=("max_buy_backs",),
        ),  # §9's name; max_buy_backs: the name records used before
        Option("all_at_once_bonus", "int", 10, "subtracted for going out all in one turn", minimum=0, maximum=1000),
    )

    swap_requires_meld = True
    last_card = True
    #: §5.6: the discards but the top one are shuffled into the new stock (hidden again)
    reshuffle = True
    ace_mode = ACE_HIGH_LOW
    dealt = 9

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.rules = MeldRules(
            ace_mode=ACE_HIGH_LOW,
            packs=2,
            max_set=6,
            min_natural=1,
            set_jokers=SET_NONE,
            set_suits=3,
            min_run=4,
            run_jokers=2,
        )
        #: §2 penalty points by card int: A K Q J 10, 2-T face value, JK ``joker_penalty``
        self.points: list[int] = points_table(ace=10, joker=self.options["joker_penalty"])
        self.out_bonus = self.options["all_at_once_bonus"]
        self.max_buy_backs = self.options["max_buybacks"]

    def deck(self) -> list[Card]:
        return full52(2, jokers=4)

    def new_sheet(self) -> PenaltySheet:
        """The §8 penalty sheet: elimination at ``elimination_score``, ``max_buybacks``."""
        return PenaltySheet(self.players, self.options["elimination_score"], self.options["max_buybacks"])

    def between_hands(self, standing: Standing) -> "BuyBackState | None":
        """§7.4: the seats that may buy back decide, in seat order."""
        return BuyBackState(self, standing) if standing.extra.get("may_buy_back") else None

    # -- the meld hooks with pushed jokers (§5.4) --
    def layoffs(self, hand, melds):
        out = super().layoffs(hand, melds)
        hs = set(hand)
        for i, m in enumerate(melds, 1):
            by: dict[Card, list[str]] = {}
            for nat, end in push_targets(m, self.rules):
                by.setdefault(nat, []).append(end)
            for nat, ends in by.items():
                if nat in hs:
                    out += [(nat, i, e if len(ends) == 2 else None) for e in ends]
        return out

    def ends(self, card: Card, meld: Meld) -> tuple[str, ...]:
        got = super().ends(card, meld)
        if not is_joker(card):
            got += tuple(e for nat, e in push_targets(meld, self.rules) if nat == card)
        return got

    def lay_off_on(self, meld: Meld, card: Card, end: str) -> Meld:
        if meld.kind == RUN and not is_joker(card) and any(is_joker(c) and stands_for(c) == card for c in meld.cards):
            return push_joker(meld, card, end, self.rules)
        return wild_lay_off(meld, card, end)


def _is_taken(card: Card, taken: Card | None) -> bool:
    """``card`` (as an action writes it) is the taken card (a joker taken: any designated joker);
    False when no card was taken."""
    if taken is None:
        return False
    return is_joker(card) if is_joker(taken) else card == taken


class LobaState(EliminationHand):
    """One hand of Loba: the elimination hand with Loba's melds, the taken discard to be put
    on the table this turn, and its score."""

    game: Loba

    __slots__ = ("pending", "at_once")
    PLAY_WORDS = "meld, lay off or discard"

    @classmethod
    def _fresh(cls, game, dealer, hands, stock, pile, melds, to_act, standing):
        st = super()._fresh(game, dealer, hands, stock, pile, melds, to_act, standing)
        st.pending = False  # the card taken from the discard pile is not on the table yet
        st.at_once = False  # the winner went out all at once (ruling 7)
        return st

    def clone(self):
        new = super().clone()
        new.pending = self.pending
        new.at_once = self.at_once
        return new

    # -- legality --
    def _legal(self) -> list[Action]:
        if self._cache is not None:
            return self._cache
        if self.phase == DRAW:
            # a position no real hand reaches (a sampled one: engine.search) gets a draw anyway
            out = self._draws() or [DRAW_DISCARD if self.pile else DRAW_STOCK]
            self._cache = out
            return out
        out = self._down_actions()
        if self.pending and not out:  # likewise: the taken card stays, another is discarded
            out = [Action("discard", None, (c,)) for c in dict.fromkeys(self.hands[self.seat]) if c != self.taken]
        if not self.pending:
            hand = self.hands[self.seat]
            naturals = [c for c in dict.fromkeys(hand) if not is_joker(c)]
            # §5.5 step 2: a joker only as the last card or when only jokers are left
            out += [Action("discard", None, (c,)) for c in (naturals or [JOKER])]
        self._cache = out
        return out

    def _draws(self) -> list[Action]:
        """The draws §5.1 and §5.6 allow now."""
        out = []
        if self.stock or len(self.pile) >= 2:
            out.append(DRAW_STOCK)
        if self.pile and self._can_take():
            out.append(DRAW_DISCARD)
        return out

    def _discard_choices(self) -> list[Card]:
        """The fast playout's discards: those of ``_legal`` (distinct naturals, else a joker)."""
        if self.pending:
            return [c for c in dict.fromkeys(self.hands[self.seat]) if c != self.taken]
        naturals = [c for c in dict.fromkeys(self.hands[self.seat]) if not is_joker(c)]
        return naturals or [JOKER]

    def _keeps(
        self,
        hand: Sequence[Card],
        used: Sequence[Card],
        gained: Card | None = None,
        forb: tuple[Card, ...] | None = None,
    ) -> bool:
        """§5.7: a card to discard stays (any card: a joker too when only jokers are left); while
        the taken card waits to go down and this play does not put it down, two stay (ruling 13
        checks the rest). ``gained`` and ``forb`` (the family's signature) change nothing here."""
        rem = len(hand) - len(used)
        if self.pending and not any(_is_taken(c, self.taken) for c in used):
            return rem >= 2
        return rem >= 1

    def _down_actions(self) -> list[Action]:
        acts = [a for a in super()._down_actions() if a.verb != "swap"]
        if not self.pending:
            return acts
        return [a for a in acts if self._keeps_placeable(a)]

    def _keeps_placeable(self, a: Action) -> bool:
        """Ruling 13: ``a`` puts the taken card down, or it can still go down afterwards."""
        t = self.taken
        if any(_is_taken(c, t) for c in (meld_uses(a.cards) if a.verb == "meld" else a.cards)):
            return True
        g = self.game
        hand = list(self.hands[self.seat])
        melds = list(self.melds)
        if a.verb == "meld":
            for c in meld_uses(a.cards):
                hand.remove(c)
            melds.append(Meld(self.seat, g.kind_of(a.cards), a.cards))
            own = True
            assert t is not None, "ruling 13 is checked while the taken card is pending"
        else:
            c = a.cards[0]
            hand.remove(JOKER if is_joker(c) else c)
            assert a.target is not None and t is not None, "a legal layoff names its meld; a card is pending"
            m = melds[a.target - 1]
            melds[a.target - 1] = g.lay_off_on(m, c, a.end or g.ends(c, m)[0])
            own = True
        return self._can_place(hand, melds, own, t)

    def _can_place(self, hand: list[Card], melds: list[Meld], own: bool, t: Card, depth: int = 1) -> bool:
        """The taken card ``t`` (in ``hand``) can go on the table this turn: in a new meld with
        cards from hand, or (``own``: a meld of one's own) laid off, or laid off after a first
        meld made now; a card always stays to discard."""
        g = self.game
        found = g.melds_in(hand)
        for _k, cards in found:
            uses = meld_uses(cards)
            if t in uses and len(hand) > len(uses):
                return True
        if own:
            if len(hand) >= 2 and any(_is_taken(card, t) for card, _i, _e in g.layoffs(hand, melds)):
                return True
        elif depth:
            for _k, cards in found:
                uses = meld_uses(cards)
                if t in uses or len(hand) - len(uses) < 2:
                    continue
                rest = list(hand)
                for c in uses:
                    rest.remove(c)
                if self._can_place(rest, melds + [Meld(self.seat, g.kind_of(cards), cards)], True, t, 0):
                    return True
        return False

    def _can_take(self) -> bool:
        """§5.1 step 2: the top discard could go on the table in this turn."""
        top = self.pile[-1]
        hand = self.hands[self.seat] + [top]
        return self._can_place(hand, self.melds, bool(self.owners >> self.seat & 1), top)

    # -- play --
    def _apply(self, action: Action) -> None:
        v = action.verb
        if v == "draw" and action.arg == "stock" and not self.stock:
            # §5.6: the top discard stays, the others are shuffled into a new stock
            if self.turnovers >= MAX_TURNOVERS or self._stuck():
                self._end_void()
                return
            self._turn_over(keep_top=True)
        super()._apply(action)
        if v == "draw" and action.arg == "discard":
            self.pending = True
        elif v in ("meld", "layoff") and self.pending:
            used = meld_uses(action.cards) if v == "meld" else action.cards
            if any(_is_taken(c, self.taken) for c in used):
                self.pending = False

    def _discard(self, c: Card) -> None:
        first = not self.was_on  # no card of his on the table before this turn
        self.pending = False
        super()._discard(c)
        if self.phase == OVER:
            self.at_once = first
        elif self.phase == DRAW:
            self._cache = None
            if not self._draws():  # §5.6: no stock, and the top discard cannot be used
                self._end_void()

    # -- explanations --
    def explain(self, action: Action) -> str:
        a = action
        g = self.game
        text = a.text()
        if self.phase == DRAW and a.verb == "draw" and a.arg == "discard" and self.pile:
            return (
                f"{text}: {card_text(self.pile[-1])} may be taken only to put it on the table in this "
                f"turn, in a new meld with cards from the hand or (after a meld of one's own) as a lay-off, "
                f"and {g.seat_name(self.seat)} cannot do that"
            )
        if self.phase == DRAW and a.verb == "draw" and a.arg == "stock" and not self.stock:
            return f"{text}: the stock is empty and the discard pile holds only its top card"
        if a.verb in ("buy", "pass"):
            return f"{text}: only between hands, by a player offered a buy-back"
        if self.phase == PLAY and a.verb == "discard" and len(a.cards) == 1:
            c = a.cards[0]
            hand = self.hands[self.seat]
            if self.pending and c in hand and self.taken is not None:
                return (
                    f"{text}: {card_text(self.taken)} was taken from the discard pile and must go on the "
                    f"table before the discard"
                )
            if is_joker(c) and c in hand and any(not is_joker(x) for x in hand):
                return f"{text}: a joker may not be discarded, except as the last card or when only jokers are left"
        if self.phase == PLAY and a.verb in ("meld", "layoff") and self.pending and a.cards and self.taken is not None:
            if self._in_hand(a) and self._shape_ok(a):
                return (
                    f"{text}: then {card_text(self.taken)}, taken from the discard pile, could not go on the "
                    f"table this turn"
                )
        if (
            self.phase == PLAY
            and a.verb == "layoff"
            and a.end == "high"
            and len(a.cards) == 1
            and isinstance(a.target, int)
            and 1 <= a.target <= len(self.melds)
        ):
            m = self.melds[a.target - 1]
            if any(nat == a.cards[0] for nat, _e in push_targets(m, g.rules)):
                return f"{text}: the pushed joker would become a high ace; it may only move to the low end"
        return super().explain(a)

    def _in_hand(self, a: Action) -> bool:
        need = Counter(meld_uses(a.cards))
        have = Counter(self.hands[self.seat])
        return all(have[c] >= k for c, k in need.items())

    def _shape_ok(self, a: Action) -> bool:
        g = self.game
        if a.verb == "meld":
            return g.classify(a.cards) is not None and bool(self.owners >> self.seat & 1 or True)
        if not (isinstance(a.target, int) and 1 <= a.target <= len(self.melds)):
            return False
        return bool(self.owners >> self.seat & 1) and bool(g.ends(a.cards[0], self.melds[a.target - 1]))

    @staticmethod
    def _meld_text(m: Meld) -> str:
        return f"the {'escalera' if m.kind == RUN else 'pierna'} {cards_text(m.cards)}"

    def _log_event(self, ev: tuple) -> LogEvent:
        if ev[0] == "turnover":
            return LogEvent(
                "turnover",
                f"The stock is empty: the discard pile but its top card ({ev[1]} cards) is {SHUFFLED_WORDS}",
                (),
                (),
                (ev[1], ev[2]),
            )
        return super()._log_event(ev)

    def _status(self) -> str:
        if self.phase == PLAY and self.pending and self.taken is not None:
            g = self.game
            return (
                f"{g.seat_name(self.seat).capitalize()} to put {card_text(self.taken)} on the table · "
                f"stock {len(self.stock)} · melds {len(self.melds)} · out at {g.options['elimination_score']}"
            )
        return super()._status()

    def observation(self, seat: int) -> Observation:
        """The drift hand's observation (``DriftHand.observation``; ``scores``: ``{"totals",
        "elimination_score"}``; ``active``: the seats still in) and ``extra["must_place"]``:
        the card taken from the discard pile is not on the table yet."""
        obs = super().observation(seat)
        obs.extra["must_place"] = self.pending
        return obs

    # -- the score --
    def result_keys(self) -> dict[str, Any]:
        """The penalties, then ``all_at_once``: the winner went out all at once (ruling 7)."""
        return {**super().result_keys(), "all_at_once": not self.void and self.at_once}

    def out_points(self, detail: dict[str, Any]) -> list[int]:
        """§7: every other seat still in scores his cards; the winner 0, or −``all_at_once_bonus``
        if all his cards went to the table in this turn and none before (ruling 7)."""
        pts = list(detail["penalties"])
        assert self.winner is not None, "an out hand has a winner"
        pts[self.winner] = -self.game.out_bonus if detail["all_at_once"] else 0
        return pts

    def went_out_words(self) -> str:
        return "{0} went out all at once: " + signed(-self.game.out_bonus) if self.at_once else "{0} went out"


class BuyBackState(State):
    """The decision between hands (§7.4): each seat in ``standing.extra["may_buy_back"]``, in seat
    order, plays ``buy back`` (its total becomes the highest total of the seats still in) or
    ``pass`` (it leaves the game)."""

    def __init__(self, game: Loba, standing: Standing):
        self.game = game
        self.standing = standing
        self.offered = tuple(standing.extra["may_buy_back"])
        self.said: tuple[tuple[int, bool], ...] = ()
        self.new_total = max(t for s, t in enumerate(standing.totals) if standing.active[s])

    @property
    def to_act(self) -> int | None:
        i = len(self.said)
        return self.offered[i] if i < len(self.offered) else None

    def clone(self) -> "BuyBackState":
        new = BuyBackState.__new__(BuyBackState)
        new.__dict__.update(self.__dict__)
        return new

    def _legal(self) -> list[Action]:
        return [BUY_BACK, PASS] if self.to_act is not None else []

    def explain(self, action: Action) -> str:
        if self.to_act is None:
            return f"{action.text()}: the decision is over"
        return f"{action.text()}: {self.game.seat_name(self.to_act)} decides on a buy-back now: 'buy back' or 'pass'"

    def _apply(self, action: Action) -> None:
        assert self.to_act is not None, "the engine applies actions only while the decision is on"
        self.said += ((self.to_act, action == BUY_BACK),)

    def deck(self) -> list[Card]:
        return []

    def hidden_from(self, seat: int) -> set:
        return set()

    def cards_in_play(self) -> list[Card]:
        return []

    def _status(self) -> str:
        g = self.game
        s = self.to_act
        if s is None:
            return "Buy-backs decided"
        used = self.standing.extra["buy_backs"][s]
        return (
            f"{g.seat_name(s).capitalize()} reached {self.standing.totals[s]}: buy back in at "
            f"{signed(self.new_total)} or leave · buy-back {used + 1} of {g.options['max_buybacks']}"
        )

    def observation(self, seat: int) -> Observation:
        """Phase ``buy_back``, no cards; ``extra``: ``may_buy_back`` (the seats offered it),
        ``buy_backs`` (used per seat), ``buy_back_total`` (the total a seat comes back with)."""
        g = self.game
        n = g.players
        legal = tuple(self._legal()) if seat == self.to_act else ()
        limit = g.options["elimination_score"]
        st = self.standing
        log = tuple(
            f"{g.seat_name(s).capitalize()} reached {st.totals[s]} (out at {limit}); buy-backs used: "
            f"{st.extra['buy_backs'][s]} of {g.options['max_buybacks']}."
            for s in self.offered
        )
        log += (f"The highest total still in: {signed(self.new_total)}.",)
        log += tuple(
            f"{g.seat_name(s).capitalize()} {'buys back in' if b else 'leaves the game'}." for s, b in self.said
        )
        return Observation(
            game=g.id,
            seat=seat,
            n_seats=n,
            to_act=self.to_act,
            phase="buy_back",
            hand=(),
            hand_sizes=(0,) * n,
            dealer=self.standing.next_dealer,
            scores={"totals": list(self.standing.totals), "elimination_score": g.options["elimination_score"]},
            status=self._status(),
            log=log,
            legal=legal,
            extra={
                "may_buy_back": list(self.offered),
                "buy_backs": list(self.standing.extra["buy_backs"]),
                "buy_back_total": self.new_total,
            },
            active=tuple(self.standing.active),
            verbs=specs_for(legal, BUY_VERBS) if legal else (),
            zones=tuple(Zone(f"hand {s}", HAND, s, 0, (), DOWN) for s in range(n)),
        )

    def result(self) -> Result | None:
        if self.to_act is not None:
            return None
        bought = [s for s, b in self.said if b]
        declined = [s for s, b in self.said if not b]
        res = Result(
            [0] * self.game.players,
            "buy_back",
            [],
            {"bought": bought, "declined": declined, "new_total": self.new_total},
        )
        parts = [f"{{{i}}} buys back in at {signed(self.new_total)}" for i, _s in enumerate(bought)]
        parts += [f"{{{len(bought) + i}}} leaves the game" for i, _s in enumerate(declined)]
        res.summary = Summary(phrase("; ".join(parts) or "No buy-back", tuple(bought + declined), kind="outcome"), ())
        return res


Loba.state_class = LobaState
