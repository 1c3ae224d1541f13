"""Manille for 2 to 7 players, every player for himself (cardtable/rules/manille.md).

The trick play comes from ``families/tricks.py`` (``TrickHand`` with every seat its own
side; ``ManilleRule`` of ``families/follow.py`` with ``partner_winning`` never true: §5,
R8). This module holds the rest: the deal with a stock by the number of players, the calls
(``bid play`` / ``pass``), the exchange with the stock (``is_legal`` checks one without
listing every set of cards), the trump choice, the settlement in stake units on the ledger
(``sheets.ledger``), the game-local option kind ``int_or_auto`` of ``target``, the
observation and its ``extra`` keys (``ManilleState.observation``) and the information set's
stock and discards (``iset_places``). The record's ``deal`` and ``result.detail``:
docs/records.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_text, piquet32, shuffled, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, Observation, Option, OptionError, Result, option_text, rng_for, written
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import ASIDE, CARDS, COUNT, DOWN, NONE, STOCK, LogEvent, Summary, VerbSpec, Zone, phrase
from cardtable.families.follow import ManilleRule
from cardtable.families.partnerships import end_detail
from cardtable.families.summaries import seats_fact
from cardtable.families.trick_deal import parse_trick_deal
from cardtable.families.trick_masks import cards_of, mask_of
from cardtable.families.trick_ranking import MANILLE
from cardtable.families.trick_views import PASS_SPEC, PLAY_SPEC
from cardtable.families.tricks import TrickGame, TrickHand
from cardtable.sheets.ledger import Ledger, signed

# ---- actions, made once ------------------------------------------------------------------

BID_PLAY = Action("bid", "play")
PASS = Action("pass")
EXCHANGE_NONE = Action("exchange", "none")
TRUMP = tuple(Action("trump", L) for L in SUIT_LETTERS)

#: the verbs (engine.views), keys and labels as the table shows them; each hint names its
#: own key only (the table's prompt joins the hints of the verbs on offer)
MANILLE_VERBS = (
    PLAY_SPEC,
    VerbSpec("bid", "Take the game", "b", "b takes the game: you play alone against the others", NONE, arg="play"),
    PASS_SPEC,
    VerbSpec("exchange", "Keep hand (no exchange)", "k", "k keeps your hand", NONE, arg="none"),
    VerbSpec("exchange", "Exchange selected", "e", "select cards, e swaps them with the stock", CARDS, min_cards=1),
) + tuple(
    VerbSpec("trump", sym, L, "name trumps: C \u2663 D \u2666 H \u2665 S \u2660", NONE, arg=L)
    for L, sym in zip(SUIT_LETTERS, SUIT_SYMBOLS)
)


def manille_verbs(stock: int) -> tuple[VerbSpec, ...]:
    """``MANILLE_VERBS`` with the exchange's hint naming how many cards may go (the stock's
    ``stock`` cards, §4.2)."""
    hint = f"select 1 to {stock} cards, e swaps them with the stock" if stock > 1 else "select 1 card, e swaps it"
    return tuple(replace(s, hint=hint) if s.verb == "exchange" and s.shape == CARDS else s for s in MANILLE_VERBS)


_PACK = tuple(piquet32())
_PIQUET = mask_of(_PACK)
PACK_POINTS = 60  # §2: 15 card points per suit
PER_TRICK = 1  # §2: each trick is worth 1 point more
MAX_TARGET = 76  # §9: 60 + 16 tricks with 2 players
_NO_TRUMP = MANILLE.table(None)  # trick order for sorting before trump is named


def deal_shape(n: int) -> tuple[int, int]:
    """(cards each ``h``, stock ``S``) for ``n`` players (§2 table, §3): h = 32 // n."""
    h = 32 // n
    return h, 32 - n * h


def auto_target(n: int) -> int:
    """The declarer's target by player count (§7.2): 21 for 2-4 players, 15 for 5-7."""
    return 21 if n <= 4 else 15


def canonical(cards) -> tuple[int, ...]:
    """Cards of an ``exchange`` in canonical order (§4.2): by suit C D H S, then high to
    low in manille order (T A K Q J 9 8 7)."""
    st = _NO_TRUMP.strength
    return tuple(sorted(cards, key=lambda c: (suit_of(c), -st[c])))


@dataclass(frozen=True)
class _TargetOption(Option):
    """``auto`` or a whole number 1..76 (§9 ``target``)."""

    def parse(self, value: Any) -> Any:
        """``"auto"`` or an int 1..76 from a value or its text (``option_text``: ``7``,
        ``7.0`` and ``"7"`` alike); OptionError writing the value as a record does."""
        text = option_text(value)
        if text == "auto":
            return "auto"
        try:
            if isinstance(value, bool) or text is None:
                raise ValueError
            iv = int(text)
        except ValueError:
            raise OptionError(
                f"option {self.name}: {written(value)} is not auto or a whole number 1-{MAX_TARGET}"
            ) from None
        if not 1 <= iv <= MAX_TARGET:
            raise OptionError(f"option {self.name}: {iv} is not auto or a whole number 1-{MAX_TARGET}")
        return iv

    def describe(self) -> str:
        return f"{self.name}=auto|N (default {self.default}): {self.help}"


# ---- the game ------------------------------------------------------------------------------


@register
class Manille(TrickGame):
    """Manille, 2 to 7 players (manille.md). Options §9: ``target`` (``auto`` or 1..76),
    ``stake`` (``exchange``/``flat``), ``rounds`` (the match is ``rounds × n`` deals)."""

    id = "manille"
    name = "Manille"
    #: manille.md §4: bid, exchange with the stock, name trump, play.
    grammar = Grammar(
        {
            "bid": "play",
            "pass": "",
            "exchange": ("<cards>", "none"),
            "trump": "<suit>",
            "play": "<card>",
        }
    )
    family = "manille-solo"
    #: a twentieth of a stake unit (``Game.review_floor``; a deal settles whole units)
    review_floor = 0.05
    min_players = 2
    max_players = 7
    deck_name = "piquet32"
    description = (
        "Each for himself: bid to play, exchange with the stock, name trump, "
        "take 21 (15 above four players); stakes on a ledger."
    )
    option_specs = (
        _TargetOption(
            "target",
            "int_or_auto",
            "auto",
            "declarer's target: auto = 21 for 2-4 players, 15 for 5-7",
            minimum=1,
            maximum=MAX_TARGET,
        ),
        Option(
            "stake",
            "choice",
            "exchange",
            "stake per opponent: 1 + (stock - exchanged), or always 1",
            choices=("exchange", "flat"),
        ),
        Option("rounds", "int", 2, "the match lasts rounds × players deals", minimum=1, maximum=100),
    )

    #: trick order and card points (§2) and the follow rule without partners (§5)
    ranking = MANILLE
    rule = ManilleRule()

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        n = self.players
        self.hand_size, self.stock_size = deal_shape(n)
        t = self.options["target"]
        self.target = auto_target(n) if t == "auto" else t
        self.deals = self.options["rounds"] * n
        #: the verbs as the table shows them (the exchange's hint names the stock's size)
        self.verbs = manille_verbs(self.stock_size)

    def deck(self) -> list[int]:
        return piquet32()

    def stake(self, k: int) -> int:
        """§7.3: the stake per opponent after exchanging ``k`` cards (stake units)."""
        if self.options["stake"] == "flat":
            return 1
        return 1 + (self.stock_size - k)

    def check_result(self, result: Result, state: "ManilleState") -> list[str]:
        """The spec's totals for a finished deal (§2, §7): a ledger row sums to 0; a passed
        out deal scores nothing; otherwise every trick is played, card points + 1 per trick
        with the cards out of play make 60 + h, and the declarer wins (made: his points
        reach the target) or pays the stake v from or to each opponent. Problems as
        sentences; ``[]`` if none."""
        p, d, n = result.points, result.detail, self.players
        if result.outcome not in {"made", "failed", "passed_out"}:
            return [f"outcome {result.outcome!r} is not made, failed or passed_out"]
        if sum(p) != 0:
            return [f"a ledger row sums to 0: {p}"]
        if result.outcome == "passed_out":
            return [] if not result.winners and not any(p) else [f"a passed-out deal scores nothing: {p}"]
        out = []
        h, decl, v = self.hand_size, d["declarer"], d["stake"]
        if d["tricks_played"] != h or sum(d["tricks"]) != h:
            out.append(f"{h} tricks are played: {d['tricks_played']}, {d['tricks']}")
        if sum(d["points"]) + d["out_of_play_points"] != 60 + h:
            out.append(f"points {d['points']} + out of play {d['out_of_play_points']} are not 60 + {h}")
        made = result.outcome == "made"
        if (d["declarer_points"] >= self.target) != made:
            out.append(f"declarer's {d['declarer_points']} against target {self.target} is not {result.outcome}")
        sign = 1 if made else -1
        if p != [sign * v * (n - 1) if s == decl else -sign * v for s in range(n)]:
            out.append(f"the declarer {decl} wins or pays {v} per opponent, not {p}")
        if result.winners != ([decl] if made else [s for s in range(n) if s != decl]):
            out.append(f"winners {result.winners} do not fit {result.outcome}")
        return out

    def new_sheet(self) -> Ledger:
        """The stake ledger (§8) of ``rounds × n`` deals; seat 0 deals first."""
        return Ledger(
            self.players,
            self.deals,
            info_columns=("declarer", "k", "trump", "points", "v"),
            label="deal",
            first_dealer=0,
        )

    # -- §3 deal --
    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: Ledger | None = None
    ) -> "ManilleState":
        """Shuffle (seeded) and deal one card at a time from voorhand, h each; the rest is
        the stock (top card first). The dealer, the balances (``totals``) and the deal's
        number (``hands`` + 1) come from ``standing`` (or ``sheet=``, read as
        ``sheet.standing()``; neither: a fresh match)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(_PACK, rng_for(seed))
        n, h = self.players, self.hand_size
        dealer = standing.next_dealer
        hands = [0] * n
        for i in range(n * h):
            hands[(dealer + 1 + i) % n] |= 1 << pack[i]
        st = ManilleState(self, dealer, hands, tuple(pack[n * h :]), standing)
        st.seed = seed
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: Ledger | None = None
    ) -> "ManilleState":
        """An exact deal ``{"dealer": d, "hands": [n lists of h codes], "upcard": null,
        "stock": [S codes, top first]}``.

        DealError unless: dealer 0..n-1, n hands of h cards, a stock of S cards, the 32
        distinct piquet cards, no upcard, no other key. Balances and the deal's number come
        from ``standing`` (or ``sheet=``)."""
        if not isinstance(deal, dict):
            raise DealError("a deal is an object with dealer, hands, upcard and stock")
        n, h, S = self.players, self.hand_size, self.stock_size
        unknown = set(deal) - {"dealer", "hands", "upcard", "stock"}
        if unknown:
            raise DealError(f"unknown deal keys {sorted(unknown)}: a manille deal has dealer, hands, upcard, stock")
        if deal.get("upcard") is not None:
            raise DealError("no card is turned in manille: upcard must be null")
        dealer, masks, _up, stock = parse_trick_deal(
            deal, n, h, _PIQUET, "the 32-card piquet pack", f"Manille with {n} players", upcard=False, stock_size=S
        )
        return ManilleState(self, dealer, masks, tuple(stock), self.standing_of(standing, sheet))


# ---- the state -----------------------------------------------------------------------------


class ManilleState(TrickHand):
    """One deal of manille on the shared ``TrickHand``: the trick play, the tricks and
    points per seat (``trick_pts``, every seat its own side), the log and the generic
    observation come from there; this class adds the calls, the exchange, the trump
    choice and the settlement (§4, §7)."""

    game: Manille

    per_trick = PER_TRICK

    def __init__(self, game: Manille, dealer: int, hands: list[int], stock: tuple[int, ...], standing: Standing):
        n = game.players
        # every player alone (§5, R8): the TrickHand parameters by player count
        self.n_seats = self.n_sides = n
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.partner = (-1,) * n
        self.side = tuple(range(n))
        super().__init__(game, dealer, hands, None, None, n_tricks=game.hand_size)
        self.stock = stock  # undrawn stock, top first
        self.stock0 = stock
        self.balance0 = standing.totals
        self.deal_number = standing.hands + 1
        self.phase = "bid"  # §4.1
        self.calls: tuple[tuple[int, str], ...] = ()
        self.declarer = -1
        self.k = -1  # §4.2: cards exchanged, -1 before the exchange
        self.discards = 0  # mask, out of play
        self._winners: list[int] = []

    @property
    def stake(self) -> int | None:
        """v once the number of exchanged cards is known (§7.3), else None."""
        return self.game.stake(self.k) if self.k >= 0 else None

    @property
    def declarer_points(self) -> int | None:
        """P: card points + 1 per trick in the declarer's tricks (§7.1), or None."""
        return self.trick_pts[self.declarer] if self.declarer >= 0 else None

    # -- legality --
    def _legal_other(self) -> list[Action]:
        ph = self.phase
        if ph == "bid":
            return [BID_PLAY, PASS]
        if ph == "exchange":
            return self._legal_exchange()
        if ph == "trump":
            return list(TRUMP)
        return []

    def _legal_exchange(self) -> list[Action]:
        """§4.2: ``exchange none`` plus every set of 1..S cards of the declarer's hand."""
        hand = canonical(cards_of(self.hands[self.declarer]))
        acts = [EXCHANGE_NONE]
        for k in range(1, self.game.stock_size + 1):
            acts.extend(Action("exchange", None, combo) for combo in combinations(hand, k))
        return acts

    def normalize(self, action: Action) -> Action:
        """The cards of an ``exchange`` in canonical order (§4.2)."""
        if action.verb == "exchange" and action.cards:
            return action._replace(cards=canonical(action.cards))
        return action

    def explain(self, action: Action) -> str:
        """Why ``action`` is refused now, in words."""
        v = action.verb
        seat = self.to_act
        ph = self.phase
        if ph == "bid":
            return f"{action.text()}: seat {seat} says bid play or pass"
        if ph == "exchange":
            S = self.game.stock_size
            if v != "exchange":
                return (
                    f"{action.text()}: seat {seat} exchanges first: exchange none, or exchange "
                    f"1 to {S} cards of the hand"
                )
            if action.cards and seat is not None:
                hand = self.hands[seat]
                missing = [c for c in action.cards if not (hand >> c) & 1]
                if missing:
                    return f"{action.text()}: seat {seat} does not hold " + " ".join(card_text(c) for c in missing)
                if len(set(action.cards)) != len(action.cards):
                    return f"{action.text()}: a card is named twice"
                return f"{action.text()}: at most {S} cards may be exchanged (the stock has {S})"
            return f"{action.text()}: write exchange none or exchange and the cards to put aside"
        if ph == "trump":
            return f"{action.text()}: seat {seat} names trump: trump C, trump D, trump H or trump S"
        if ph == "play" and not (v == "play" and len(action.cards) == 1):
            return f"{action.text()}: seat {seat} plays a card"
        return super().explain(action)

    # -- applying --
    def _apply(self, action: Action) -> None:
        v = action.verb
        seat = self.to_act
        assert seat is not None, "the engine applies actions only while the hand is on"
        if v == "play":
            self._play(seat, action.cards[0])
        elif v == "bid":
            self._bid(seat)
        elif v == "pass":
            self._pass(seat)
        elif v == "exchange":
            self._exchange(seat, action.cards)
        elif v == "trump":
            assert action.arg is not None, "a legal trump action names the suit"
            self._name_trump(seat, SUIT_LETTERS.index(action.arg))
        else:  # pragma: no cover - the engine only passes legal actions
            raise ValueError(f"unknown action {action.text()}")

    def _bid(self, seat: int) -> None:
        """§4.1: the first ``bid play`` makes the declarer; nobody after him is asked."""
        self.calls = self.calls + ((seat, "play"),)
        self.declarer = seat
        self._log("bid", seat)
        if self.game.stock_size > 0:
            self.phase = "exchange"
        else:
            self.k = 0
            self.phase = "trump"

    def _pass(self, seat: int) -> None:
        """§4.1: after n passes the deal is passed out."""
        self.calls = self.calls + ((seat, "pass"),)
        self._log("pass", seat)
        if len(self.calls) == self.n_seats:
            self._finish("passed_out", [0] * self.n_seats, [])
        else:
            self.to_act = self.next_seat[seat]

    def _exchange(self, seat: int, cards: tuple[int, ...]) -> None:
        """§4.2: the k cards go out of play, the top k of the stock come in (k public)."""
        k = len(cards)
        if k:
            out = mask_of(cards)
            self.hands[seat] = (self.hands[seat] & ~out) | mask_of(self.stock[:k])
            self.discards = out
            self.stock = self.stock[k:]
        self.k = k
        self._log("exchange", seat, k)
        self.phase = "trump"

    def _name_trump(self, seat: int, suit: int) -> None:
        """§4.3 then §4.4: voorhand leads the first trick, whoever declared."""
        self.trump = suit
        self.t = self.game.ranking.table(suit)
        self._log("trump", seat, suit)
        self.phase = "play"
        self.to_act = self.next_seat[self.dealer]

    # -- §7 scoring --
    def _hand_over(self) -> None:
        game = self.game
        n = self.n_seats
        d = self.declarer
        v = self.stake
        assert v is not None, "a hand played out follows the exchange, so its stake is known"
        made = self.trick_pts[d] >= game.target
        sign = 1 if made else -1
        amounts = [-sign * v] * n
        amounts[d] = sign * v * (n - 1)
        self._finish("made" if made else "failed", amounts, [d] if made else [s for s in range(n) if s != d])

    def _finish(self, outcome: str, amounts: list[int], winners: list[int]) -> None:
        game = self.game
        d = self.declarer
        dead = self.discards | mask_of(self.stock)
        if d >= 0:
            assert self.trump is not None, "a declarer has named trump"
            mark = "\u2713" if outcome == "made" else "\u2717"
            info = [
                d,
                str(self.k),
                SUIT_SYMBOLS[self.trump],
                f"{self.trick_pts[d]} / {game.target} {mark}",
                str(self.stake),
            ]
        else:
            info = ["passed out", "\u2014", "\u2014", "\u2014", "\u2014"]
        self.end = {
            "outcome": outcome,
            "dealer": self.dealer,
            "next_dealer": self.next_seat[self.dealer],
            "declarer": d if d >= 0 else None,
            "exchanged": self.k if d >= 0 else None,
            "trump": SUIT_LETTERS[self.trump] if self.trump is not None else None,
            "target": game.target,
            "declarer_points": self.declarer_points,
            "stake": self.stake if d >= 0 else None,
            "amounts": list(amounts),
            "points": list(self.trick_pts),
            "tricks": list(self.tricks_won),
            "out_of_play_points": self.t.points_of_mask(dead) if d >= 0 else 0,
            "tricks_played": self.ntricks,
            "ledger_info": info,
        }
        self._winners = winners
        self._log("end", outcome, list(amounts))
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        """§7 once the hand is over, else None; ``summary``: the declarer made it or not,
        the ledger amounts, the contract (trump, exchange, stake), the points per seat."""
        e = self.end
        if e is None:
            return None
        res = Result(points=list(e["amounts"]), outcome=e["outcome"], winners=list(self._winners), detail=end_detail(e))
        res.summary = self._summary(res)
        return res

    def _summary(self, res: Result) -> Summary:
        d = res.detail
        ledger = seats_fact("Ledger (stake units)", res.points, signed, winners=res.winners)
        if d["declarer"] is None:
            return Summary(phrase("Everyone passed: nothing is written", kind="outcome"), (ledger,))
        dec = d["declarer"]
        verb = "{0:made|made} it" if res.outcome == "made" else "{0:failed|failed}"
        head = phrase(f"{{0}} {verb}: {d['declarer_points']} points, {d['target']} needed", (dec,), kind="outcome")
        k = d["exchanged"]
        # no stock (2 or 4 players): no exchange to speak of (§4.2)
        kept = (
            ""
            if self.game.stock_size == 0
            else ", kept the hand dealt"
            if k == 0
            else f", exchanged {k} card{'s' if k != 1 else ''}"
        )
        contract = phrase(
            f"{{0}} played {SUIT_SYMBOLS[SUIT_LETTERS.index(d['trump'])]}{kept}; stake {d['stake']} a player", (dec,)
        )
        from cardtable.engine.views import Fact

        pts = seats_fact(
            "Points", d["points"], tail=f"  ({d['out_of_play_points']} out of play)" if d["out_of_play_points"] else ""
        )
        return Summary(head, (ledger, Fact("Contract", contract), pts))

    # -- what a seat sees --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "bid":
            return LogEvent(k, "{0} {0:takes|take} the game (bid play)", (ev[1],))
        if k == "pass":
            return LogEvent(k, "{0} {0:passes|pass}", (ev[1],))
        if k == "exchange":
            n = ev[2]
            if n == 0:
                return LogEvent(k, "{0} {0:keeps|keep} the hand dealt (exchange none)", (ev[1],), (), (0,))
            return LogEvent(
                k, f"{{0}} {{0:exchanges|exchange}} {n} card{'s' if n > 1 else ''} with the stock", (ev[1],), (), (n,)
            )
        if k == "trump":
            return LogEvent(k, f"{{0}} {{0:names|name}} trump {SUIT_SYMBOLS[ev[2]]}", (ev[1],), (), (ev[2],))
        if k == "end":
            if ev[1] == "passed_out":
                return LogEvent(k, "hand over: everyone passed, nothing is written")
            d = self.declarer
            verdict = "{0:makes|make} it" if ev[1] == "made" else "{0:fails|fail}"
            amounts = " ".join(signed(a) for a in ev[2])
            return LogEvent(
                k,
                f"hand over: {{0}} {verdict} with {self.trick_pts[d]} of {self.game.target}; "
                f"stake {self.stake}: {amounts}",
                (d,),
                (),
                tuple(ev[2]),
            )
        return super()._log_event(ev)

    # -- declared views --
    def verb_specs(self):
        return self.game.verbs

    def extra_zones(self, seat: int, hidden: int) -> list:
        """The undrawn stock (face down) and, after the exchange, the cards put aside (out
        of play, face down; their faces known to the declarer only)."""
        out = [
            Zone(
                "stock",
                STOCK,
                None,
                len(self.stock),
                tuple(c for c in self.stock if not (hidden >> c) & 1),
                COUNT,
                "top_first",
                caption="out of play" if self.k >= 0 else "",
            )
        ]
        if self.discards:
            cs = canonical(cards_of(self.discards))
            out.append(
                Zone(
                    "aside",
                    ASIDE,
                    self.declarer,
                    len(cs),
                    tuple(c for c in cs if not (hidden >> c) & 1),
                    DOWN,
                    caption="put aside",
                )
            )
        return out

    def status(self) -> str:
        game = self.game
        head = f"Deal {self.deal_number} of {game.deals}"
        d = self.declarer
        if d < 0:
            return f"{head} \u00b7 play or pass (target {game.target})"
        parts = [head]
        if self.trump is not None:
            parts.append(f"seat {d} plays {SUIT_SYMBOLS[self.trump]} for {game.target}")
            parts.append(f"{self.trick_pts[d]} points")
        else:
            parts.append(f"seat {d} plays for {game.target}")
        if self.k >= 0:
            parts.append(f"stake {self.stake}")
        return " \u00b7 ".join(parts)

    def seat_roles(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The declarer, written by its name at the table (``views.Facts.roles``)."""
        return ((self.declarer, "declarer"),) if self.declarer >= 0 else ()

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees (the generic fields as in ``engine.game.Observation``).

        ``hand``: without trump ♠ ♥ ♣ ♦, with trump the trump first and the colours
        alternating, each suit high to low (T A K Q J 9 8 7); ``trump``: the named suit or
        None; ``upcard``: None; ``stock_size``: the stock cards not drawn (S until the
        exchange, S − k after it: out of play, never shown; the discards lie apart);
        ``scores``: ``{"points": [per seat: card points + 1 per trick this hand],
        "balance": [the ledger balance when the deal started, stake units]}``; ``status``:
        ``Deal 1 of 6 · seat 1 plays ♠ for 21 · 23 points · stake 2``.

        ``extra`` keys: ``calls`` ([[seat, "play" | "pass"], …] in order); ``declarer``
        (seat or None); ``exchanged`` (k once the exchange is made, else None);
        ``stock_at_deal`` (S); ``stake`` (v once k is known; 1 at once when S = 0);
        ``target``; ``declarer_points`` (None before a declarer); ``my_discards`` (codes of
        the cards this seat put aside: the declarer only); ``played``; ``tricks``
        ([{"leader", "cards": [[seat, code], …], "winner", "points"}]); ``deal_number``,
        ``deals`` (this deal's number and the match length); ``stake_mode`` (the option);
        ``result`` (the Result detail once over, else None)."""
        extra = {
            "calls": [[s, c] for s, c in self.calls],
            "declarer": self.declarer if self.declarer >= 0 else None,
            "exchanged": self.k if self.k >= 0 else None,
            "stock_at_deal": self.game.stock_size,
            "stake": self.stake,
            "target": self.game.target,
            "declarer_points": self.declarer_points,
            "my_discards": (
                [card_text(c) for c in canonical(cards_of(self.discards))] if seat == self.declarer else []
            ),
            "played": self.played_codes(),
            "tricks": self.tricks_json(),
            "deal_number": self.deal_number,
            "deals": self.game.deals,
            "stake_mode": self.game.options["stake"],
            "result": None if self.end is None else dict(self.end),
        }
        return self.make_observation(
            seat, {"points": list(self.trick_pts), "balance": list(self.balance0)}, extra, stock_size=len(self.stock)
        )

    def hidden_mask(self, seat: int) -> int:
        """The other seats' hands, the undrawn stock, and the discards (but from the
        declarer, who put them aside)."""
        hid = super().hidden_mask(seat) | mask_of(self.stock)
        if seat != self.declarer:
            hid |= self.discards
        return hid

    def _card_places(self) -> list[int]:
        return [*super()._card_places(), mask_of(self.stock), self.discards]

    # -- search (engine/search.py) --
    def is_legal(self, action: Action) -> bool:
        """An ``exchange`` is checked without listing the 2^S sets: ``none``, or 1..S
        distinct cards of the declarer's hand (in any order); else ``TrickHand.is_legal``."""
        if self.phase == "exchange" and action.verb == "exchange" and self.to_act is not None:
            a = self.normalize(action)
            if a == EXCHANGE_NONE:
                return True
            cards = a.cards
            if a != Action("exchange", None, cards) or not 1 <= len(cards) <= self.game.stock_size:
                return False
            m = mask_of(cards)
            return m.bit_count() == len(cards) and m & ~self.hands[self.declarer] == 0
        return TrickHand.is_legal(self, action)

    def playout_ally(self, winner: int, seat: int) -> bool:
        """For playout policies (bots/trick_playout.py ``greedy_card``): whether ``seat`` plays
        with ``winner`` against the declarer (both defenders; every defender gains when
        he fails, §7.4), though the follow rule gives nobody a partner (§5)."""
        d = self.declarer
        return d >= 0 and winner != seat and winner != d and seat != d

    def returns_scale(self) -> float:
        """``returns()``: the ledger amounts over n x the top stake (1 + S, or 1 when flat),
        so the declarer's result lies in [-1, 1]."""
        return float(self.n_seats * self.game.stake(0))

    def iset_places(self, seat: int) -> list[tuple[Any, int]]:
        """The undrawn stock (nobody sees it) and the discards (but for the declarer)."""
        out = [("stock", mask_of(self.stock))]
        if seat != self.declarer:
            out.append(("discards", self.discards))
        return out

    def iset_place(self, owner: Any, mask: int, rng) -> None:
        if owner == "stock":
            cards = cards_of(mask)
            rng.shuffle(cards)
            self.stock = tuple(cards)
        else:
            self.discards = mask

    def _iset_rebuild(self, seat: int, rng, played: list[int]) -> None:
        """Also the deal before the exchange: the declarer's k drawn cards (the real ones
        for the declarer himself, else k cards at random of what he held after it) go back
        on top of the stock, the discards back into his hand."""
        TrickHand._iset_rebuild(self, seat, rng, played)
        d, k = self.declarer, self.k
        if d < 0 or k <= 0:
            self.stock0 = self.stock  # nothing drawn yet
            return
        held = self.start_hands[d]
        if seat == d:
            drawn = list(self.stock0[:k])
        else:
            drawn = rng.sample(cards_of(held), k)
        hands = list(self.start_hands)
        hands[d] = (held & ~mask_of(drawn)) | self.discards
        self.start_hands = tuple(hands)
        self.stock0 = tuple(drawn) + tuple(self.stock)

    def deal_record(self) -> dict[str, Any]:
        """The starting position as a record ``deal`` (§3), the stock top card first."""
        rec = super().deal_record()
        rec["stock"] = [card_text(c) for c in self.stock0]
        return rec


__all__ = ["Manille", "ManilleState", "auto_target", "canonical", "deal_shape"]
