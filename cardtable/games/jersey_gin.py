"""Jersey Gin, 3 players (cardtable/rules/jersey-gin.md): Gin Rummy for three, on the knock-rummy
hand of families/knock.py.

What is this game's own: the offer round of the upcard (§4.2: ``pass`` / ``draw discard`` from
voorhand to the dealer), ``draw discard 2`` (the second card of the discard pile, unless the
previous turn took from the pile: §5), the void hand when a plain discard leaves 2 stock cards or
fewer (§7.4), and the showdown with lay-offs onto the ender's melds (§6.4, §6.5: the ender's
arrangement chosen against the lay-offs, families/layoffs.py ``gin_showdown``), scored by §7 (gin
50, the knock limit 9, the undercut). The family gives the turn, the end step (``knock <card>``
with brandhout 1-9, ``gin <card>`` with 0), the shown hands and the summary (with ``lays_off``:
every seat's lay-offs and the ender's melds with them). The sheet is ``HandScoresSheet`` (§8).
The record's ``deal`` (with ``offer`` and ``took``) and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cardtable.cards import Card, card_text, full52, parse_cards, shuffled
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Option, Result, State, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import NONE, LogEvent, VerbSpec, phrase
from cardtable.families.deadwood import Split
from cardtable.families.drift import DRAW, DRAW_DISCARD, DRAW_STOCK, OVER, PLAY, DriftHand
from cardtable.families.knock import DISCARD_SPEC, GIN_SPEC, KNOCK_SPEC, KnockHand, KnockRummy
from cardtable.families.layoffs import Showdown, gin_showdown
from cardtable.families.melds import MeldRules
from cardtable.families.rummy import ACE_LOW, DRAW_DISCARD_SPEC, DRAW_STOCK_SPEC, deal_round_robin, points_table
from cardtable.sheets.totals import HandScoresSheet

#: §3: cards dealt to each player
DEALT = 10
#: §7.1: the gin bonus
GIN_BONUS = 50
#: §4.4, §7.4: a plain discard that leaves this many stock cards or fewer ends the hand void
VOID_STOCK = 2
PAYOUTS = ("total_minus_own", "differences")

PASS = Action("pass")
DRAW_SECOND = Action("draw", "discard 2")

PASS_SPEC = VerbSpec("pass", "Pass", "p", "p leaves the upcard, t takes it", NONE)
#: the offer round's ``draw discard`` (the family's says "takes the top discard")
UPCARD_SPEC = VerbSpec("draw", "Take upcard", "t", PASS_SPEC.hint, NONE, arg="discard")
SECOND_SPEC = VerbSpec("draw", "Take 2nd discard", "e", "e takes the second discard", NONE, arg="discard 2")
#: the verbs of a Jersey Gin turn, in the table's order
JERSEY_VERBS = (DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, SECOND_SPEC, DISCARD_SPEC, KNOCK_SPEC, GIN_SPEC, PASS_SPEC)


@register
class JerseyGin(KnockRummy):
    """Jersey Gin for 3 players (jersey-gin.md). Options as §9."""

    id = "jersey-gin"
    name = "Jersey Gin"
    #: §4: the offer round's pass, the three draws, the end step's discard, knock and gin
    grammar = Grammar(
        {
            "pass": "",
            "draw": ("stock", "discard", "discard 2"),
            "discard": "<card>",
            "knock": "<card>",
            "gin": "<card>",
        }
    )
    bad_texts = (
        ("meld 5C 6C 7C", "'meld'"),
        ("knock", "'knock'"),
        ("gin", "'gin'"),
        ("rummy 5C", "'rummy'"),
        ("draw discard 3", "'3'"),
        ("discard JK=8C", "JK=8C"),
    )
    min_players = 3
    max_players = 3
    deck_name = "full52"
    description = (
        "Gin for three: take either of the two top discards; knock with 9 or less, "
        "gin for 50; the others lay off onto your melds."
    )
    option_specs = (
        Option(
            "knock_payout",
            "choice",
            "total_minus_own",
            "total_minus_own: the others' brandhout less your own once; differences: the difference with each",
            choices=PAYOUTS,
        ),
        Option("layoff_on_knock", "bool", True, "the others may lay off onto a knocker's melds"),
        Option("layoff_on_gin", "bool", True, "the others may lay off onto a gin player's melds (false: standard Gin)"),
        Option("undercut_penalty", "int", 20, "points an undercut knocker loses", minimum=0, maximum=10000),
        Option("target_score", "int", 200, "game ends when a total reaches this", minimum=1, maximum=100000),
    )
    #: §6.1: sets of 3 or 4, runs of 3 or more, the ace low only
    meld_rules = MeldRules(ace_mode=ACE_LOW)
    ace_mode = ACE_LOW
    zero_verb = "gin"
    #: §5, ruling 6: a knock leaves brandhout 1 to 9
    knock_limit = 9
    #: §6.5: the opponents lay off onto the ender's melds
    lays_off = True
    #: the deal keys of a record (docs/records.md): the drift rummy's, ``offer`` and ``took``
    deal_keys = frozenset({"dealer", "hands", "stock", "discard", "to_act", "offer", "took"})

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        #: §2: A 1, 2-9 face value, T J Q K 10
        self.points: list[int] = points_table(ace=1)
        self.dealt = DEALT

    # -- scoring (§7) --
    def knock_score(self, k: int, f: list[int]) -> int:
        """§7.2: what a knocker with brandhout ``k`` who beats both opponents' final brandhout
        ``f`` scores, by ``knock_payout``."""
        if self.options["knock_payout"] == "differences":
            return sum(x - k for x in f)
        return sum(f) - k

    def check_result(self, result: Result, state: "JerseyState") -> list[str]:
        """The spec's totals for a finished hand (§7): only the ender's score is not 0; a gin
        scores 50 + the opponents' final brandhout; a knock ``knock_score`` when it beats both,
        else minus ``undercut_penalty``; the ender's brandhout is the solver's, 0 for gin and
        1-9 for a knock, and no opponent's final brandhout is above his own. Problems as
        sentences; ``[]`` if none."""
        p, d = result.points, result.detail
        if result.outcome == "void":
            return [] if not any(p) and not result.winners else [f"a void hand scores nothing: {p}"]
        if result.outcome not in ("knock", "gin"):
            return [f"outcome {result.outcome!r} is not knock, gin or void"]
        out = []
        e = d["ender"]
        bh = d["brandhout"]
        k = bh[e]
        f = [x for s, x in enumerate(bh) if s != e]
        if any(x for s, x in enumerate(p) if s != e):
            out.append(f"only the ender scores: {p}")
        if k != state.game.brandhout(state.hands[e]):
            out.append(f"the ender's brandhout {k} is not the solver's")
        for s, h in enumerate(state.hands):
            if s != e and bh[s] > state.game.brandhout(h):
                out.append(f"seat {s}'s final brandhout {bh[s]} is above his hand's")
        if result.outcome == "gin":
            if k != 0 or p[e] != GIN_BONUS + sum(f):
                out.append(f"gin: k {k}, seat {e} scores {p[e]}, not {GIN_BONUS + sum(f)}")
        elif not 1 <= k <= self.knock_limit:
            out.append(f"a knock with brandhout {k}")
        elif all(k < x for x in f):
            if p[e] != self.knock_score(k, f) or d["undercut"]:
                out.append(f"a winning knock: seat {e} scores {self.knock_score(k, f)}, not {p[e]}")
        elif p[e] != -self.options["undercut_penalty"] or not d["undercut"]:
            out.append(f"an undercut knock: seat {e} scores {-self.options['undercut_penalty']}, not {p[e]}")
        return out

    def new_sheet(self) -> HandScoresSheet:
        """The §8 sheet: hand scores, a totals row, ``to 200`` in the header."""
        return HandScoresSheet(self.players, target_score=self.options["target_score"], mark_rummy=False)

    def deck(self) -> list[Card]:
        return full52()

    # -- the deal (§3) --
    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: HandScoresSheet | None = None
    ) -> "JerseyState":
        """A shuffled deal (§3): 10 cards each, one at a time from voorhand, then the upcard; the
        offer round begins (§4.2). The dealer and the totals from ``standing`` (or ``sheet=``;
        neither: seat 0 deals a fresh match)."""
        standing = self.standing_of(standing, sheet)
        dealer = standing.next_dealer
        pack = shuffled(full52(), rng_for(seed))
        n = self.players
        hands, rest = deal_round_robin(pack, n, DEALT, (dealer + 1) % n)
        voorhand = (dealer + 1) % n
        st = JerseyState._fresh(self, dealer, hands, list(reversed(rest[1:])), [rest[0]], [], voorhand, standing)
        st.offering = True
        st.seed = seed
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: HandScoresSheet | None = None
    ) -> "JerseyState":
        """An exact position from a record ``deal`` (docs/records.md: ``dealer``, ``hands``,
        ``stock`` top card first, ``discard`` bottom to top; for a position in mid-hand
        ``to_act``, ``offer`` (the offer round is on: default for a fresh deal, not for a
        position) and ``took`` (the previous turn took from the discard pile); no ``melds``);
        DealError if invalid."""
        if not isinstance(deal, dict):
            raise DealError("a deal is an object with dealer, hands, stock and discard")
        if deal.get("melds"):
            raise DealError("melds: Jersey Gin puts no melds on the table")
        for key in ("offer", "took"):
            if key in deal and not isinstance(deal[key], bool):
                raise DealError(f"{key} must be true or false, not {deal[key]!r}")
        core = {k: v for k, v in deal.items() if k not in ("offer", "took")}
        st = self.parse_deal(core, JerseyState, standing, sheet)
        st._deal = deal
        position = "to_act" in deal
        st.offering = bool(deal.get("offer", not position))
        st.took = bool(deal.get("took", False))
        if len(st.stock) <= VOID_STOCK:
            raise DealError(f"stock: a turn begins with at least {VOID_STOCK + 1} stock cards (§7.4)")
        if st.offering and len(st.pile) != 1:
            raise DealError("offer: the offer round has exactly one card, the upcard, on the discard pile")
        if st.offering and st.took:
            raise DealError("took: nothing has been taken during the offer round")
        if position and any(len(h) != DEALT for h in st.hands):
            raise DealError(f"hands: at the start of a turn every hand holds {DEALT} cards")
        return st

    def grammar_positions(self) -> list[State]:
        """Example 3 (§11): seat 2 after drawing, where ``gin`` and ``knock`` are legal."""
        hands = [
            "2C 5C 6C 7C 8D 9H TS JD QH KC",
            "2D 3D 5D 6D 7D 8C 8H TC JC QC",
            "3H 4H 5H 6H 9C 9D 9S 2S AS 4D",
        ]
        return [self._example_3(hands)]

    def _example_3(self, hands: list[str]) -> "JerseyState":
        used = {c for h in hands for c in parse_cards(h)} | set(parse_cards("3S"))
        rest = [card_text(c) for c in full52() if c not in used]
        deal = {
            "dealer": 0,
            "hands": [h.split() for h in hands],
            "stock": ["3S"] + rest[1:],
            "discard": rest[:1],
            "to_act": 2,
        }
        st = self.from_deal(deal).apply(DRAW_STOCK)
        assert isinstance(st, JerseyState), "a Jersey Gin hand stays one"
        return st


class JerseyState(KnockHand):
    """One hand of Jersey Gin: the knock-rummy hand with the offer round, the second discard,
    the void stock and the gin showdown."""

    game: JerseyGin
    __slots__ = ("offering", "took", "_show")
    VERBS = JERSEY_VERBS
    #: the offer round of the upcard is on (§4.2): ``pass`` or ``draw discard``
    offering: bool
    #: the last completed turn took a card from the discard pile (§5: no ``draw discard 2`` now)
    took: bool
    #: the showdown once made (``gin_showdown``)
    _show: Showdown | None

    @classmethod
    def _fresh(cls, *args: Any, **kwargs: Any):
        st = super()._fresh(*args, **kwargs)
        st.offering = False
        st.took = False
        st._show = None
        return st

    def clone(self):
        new = KnockHand.clone(self)
        new.offering = self.offering
        new.took = self.took
        new._show = self._show
        return new

    # -- legality (§5) --
    def _legal(self) -> list[Action]:
        if self._cache is not None:
            return self._cache
        if self.phase == DRAW:
            if self.offering:
                out = [PASS, DRAW_DISCARD]
            else:
                out = [DRAW_STOCK, DRAW_DISCARD]
                if len(self.pile) >= 2 and not self.took:
                    out.append(DRAW_SECOND)
            self._cache = out
            return out
        return KnockHand._legal(self)

    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.seat
        if v == "pass":
            self.events = [self.events, ("pass", seat), None]
            self.seat = (seat + 1) % self.n
            if self.seat == (self.dealer + 1) % self.n:  # the dealer passed too: voorhand plays
                self.offering = False
            self.start_size = len(self.hands[self.seat])
            self._cache = None
            return
        if v == "draw" and action.arg == "discard 2":
            c = self.pile.pop(-2)
            self.taken = c
            self.hands[seat].append(c)
            self.phase = PLAY
            self.events = [self.events, ("take2", seat, c), None]
            self._cache = None
            return
        if v == "draw":
            self.offering = False  # a take in the offer round ends it (§4.2)
        KnockHand._apply(self, action)
        self._cache = None

    def _discard(self, c: Card) -> None:
        """A plain discard (§4.3): the turn passes on, remembering whether it took from the pile;
        with 2 stock cards or fewer left the hand is void (§7.4)."""
        self.took = self.taken is not None
        DriftHand._discard(self, c)
        if self.phase == DRAW and len(self.stock) <= VOID_STOCK:
            self._end_void()

    def _end_void(self) -> None:
        """§7.4: nobody scores."""
        self.phase = OVER
        self.void = True
        self.events = [self.events, ("stock_out", len(self.stock)), None]

    # -- the showdown (§6.4, §6.5, §7) --
    def showdown_once(self) -> Showdown:
        """The showdown (``families.layoffs.gin_showdown``), made once: lay-offs by the options
        ``layoff_on_knock`` / ``layoff_on_gin``."""
        if self._show is None:
            assert self.ender is not None, "a showdown has an ender"
            knock = self.end_verb == "knock"
            opts = self.game.options
            layoff = bool(opts["layoff_on_knock"] if knock else opts["layoff_on_gin"])
            self._show = gin_showdown(self.game.solver, self.hands, self.ender, knock, layoff)
        return self._show

    def splits(self) -> list[Split]:
        """The ender's arrangement (§6.4) and each opponent's cards kept after laying off (§6.5)."""
        if self._splits is None:
            self._splits = list(self.showdown_once().splits)
        return self._splits

    def layoffs(self) -> list[tuple[tuple[Card, int], ...]]:
        """Each opponent's lay-offs onto the ender's melds (§6.5); none for the ender."""
        return list(self.showdown_once().layoffs)

    def showdown(self, detail: dict[str, Any]) -> tuple[list[int], list[int]]:
        """§7.1 gin (50 + both final brandhout), §7.2 knock (``knock_score`` when it beats both
        opponents, else minus ``undercut_penalty``). Adds ``undercut`` (bool) and
        ``undercut_by`` (the seats whose final brandhout is not above the knocker's) to
        ``detail``; the winners are the ender, or nobody when he is undercut."""
        g = self.game
        bh = detail["brandhout"]
        e = detail["ender"]
        k = bh[e]
        f = [x for s, x in enumerate(bh) if s != e]
        pts = [0] * self.n
        by: list[int] = []
        if detail["outcome"] == "gin":
            pts[e] = GIN_BONUS + sum(f)
        else:
            by = [s for s, x in enumerate(bh) if s != e and x <= k]
            pts[e] = -g.options["undercut_penalty"] if by else g.knock_score(k, f)
        detail["undercut"] = bool(by)
        detail["undercut_by"] = by
        return pts, ([] if by else [e])

    def showdown_words(self, detail: dict[str, Any]) -> LogEvent:
        e = detail["ender"]
        bh = detail["brandhout"]
        k = bh[e]
        f = [x for s, x in enumerate(bh) if s != e]
        if detail["outcome"] == "gin":
            return phrase(f"{{0}} went gin: {GIN_BONUS} + {f[0]} + {f[1]} = {GIN_BONUS + sum(f)}", (e,), kind="outcome")
        by = detail["undercut_by"]
        if by:
            who = " and ".join(f"{{{i + 1}}}" for i in range(len(by)))
            pen = self.game.options["undercut_penalty"]
            return phrase(
                f"{{0}} knocked with {k} and {{0:was|were}} undercut by {who}: \u2212{pen}", (e, *by), kind="outcome"
            )
        if self.game.options["knock_payout"] == "differences":
            sums = f"({f[0]} \u2212 {k}) + ({f[1]} \u2212 {k})"
        else:
            sums = f"{f[0]} + {f[1]} \u2212 {k}"
        return phrase(f"{{0}} knocked with {k} and won: {sums} = {self.game.knock_score(k, f)}", (e,), kind="outcome")

    def sheet_text(self, detail: dict[str, Any]) -> tuple[str, list[int]]:
        """§8: ``{0} knocks (3), wins`` / ``{0} knocks (7), undercut`` / ``{0} gin``, in the log's
        template syntax (``views.LogEvent``: ``You knock (3), win``)."""
        e = detail["ender"]
        if detail["outcome"] == "gin":
            return "{^0} gin", [e]
        k = detail["brandhout"][e]
        if detail["undercut"]:
            return f"{{^0}} {{0:knocks|knock}} ({k}), undercut", [e]
        return f"{{^0}} {{0:knocks|knock}} ({k}), {{0:wins|win}}", [e]

    # -- words and views --
    def _log_event(self, ev: tuple) -> LogEvent:
        k = ev[0]
        if k == "pass":
            return LogEvent(k, "{^0} {0:leaves|leave} the upcard.", (ev[1],))
        if k == "take2":
            return LogEvent("take", "{^0} {0:takes|take} {c0}, the second discard.", (ev[1],), (ev[2],))
        if k == "stock_out":
            return LogEvent(
                "void", f"Only {ev[1]} cards are left in the stock: the hand is void, nobody scores.", (), (), (ev[1],)
            )
        return KnockHand._log_event(self, ev)

    def _status(self) -> str:
        if self.offering and self.phase == DRAW:
            g = self.game
            top = card_text(self.pile[-1]) if self.pile else "none"
            return (
                f"{g.seat_name(self.seat).capitalize()}: take the upcard {top} or pass · "
                f"stock {len(self.stock)} · to {g.options.get('target_score')}"
            )
        return KnockHand._status(self)

    def observation(self, seat: int):
        """The knock-rummy observation; ``phase`` ``offer`` during the offer round (its verbs
        ``pass`` and "Take upcard"); ``extra`` adds ``offer_round`` (bool) and
        ``previous_took`` (the last completed turn took from the discard pile, §5)."""
        obs = KnockHand.observation(self, seat)
        obs.extra["offer_round"] = self.offering
        obs.extra["previous_took"] = self.took
        if self.offering and self.phase == DRAW:
            obs = dataclasses.replace(
                obs,
                phase="offer",
                verbs=tuple(UPCARD_SPEC if s.verb == "draw" and s.arg == "discard" else s for s in obs.verbs),
            )
        return obs

    def _position_deal(self) -> dict[str, Any]:
        """A sampled position (``information_set``) as a record deal, with ``offer`` and ``took``."""
        d = DriftHand._position_deal(self)
        del d["melds"]
        d["offer"] = self.offering
        d["took"] = self.took
        return d

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, as a sentence for the player (§5)."""
        a = action
        text = a.text()
        who = self.game.seat_name(self.seat)
        if self.phase == DRAW:
            if self.offering and (a.verb != "draw" or a.arg != "discard") and a.verb != "pass":
                return f"{text}: in the offer round {who} says 'pass' or 'draw discard' (takes the upcard)"
            if a.verb == "pass" and not self.offering:
                return f"{text}: 'pass' is only for the offer round of the upcard"
            if a.verb == "draw" and a.arg == "discard 2":
                if len(self.pile) < 2:
                    return f"{text}: the discard pile holds only {len(self.pile)} card"
                if self.took:
                    return f"{text}: the previous turn took from the discard pile: only its top card may be taken"
        if a.verb == "pass" and self.phase == PLAY:
            return f"{text}: {who} has taken a card; now discard, knock or gin"
        if a.verb == "draw" and a.arg == "discard 2" and self.phase == PLAY:
            return f"{text}: {who} has already drawn this turn; discard, knock or gin"
        return KnockHand.explain(self, action)


__all__ = ["GIN_BONUS", "JERSEY_VERBS", "JerseyGin", "JerseyState", "VOID_STOCK"]
