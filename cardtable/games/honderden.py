"""Honderden / Smousjas, 2 or 3 players (cardtable/rules/honderden.md).

The turn-up hand of ``families/turnup.py`` (``TurnUpHand``) without its bidding: the open
card's suit is trumps at once; roem is declared in the first trick (``melds_at =
first_trick``) and judged by afkeuren (``meld_judge = overrule``, the precedence
``smous_precedence``: cards, top card, trump, then the earlier player); the follow rule
``SmousRule`` (families/follow.py) from trick 8 (two players) or always (three). This
module adds the stock with its draws after every trick and the last draw's choice, the
trump-7 ``swap`` in phase 1, stuk in any turn, ``claim`` (ik dek) and stuk-dek polled
before each turn with three players, the counts carried over deals of a round (the
sheet's ``carried()``), roem game points at once, the round's game points (onder jan,
pit) and the lives with de kip or the game points (``sheets/honderden.py``), elimination
to the two-player rules. Hidden information (§10 ruling 21): no counts (``show_counts``),
no earlier tricks, the melds only announced until trick 1 is complete.
The record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import SUIT_LETTERS, card_text, deck, make, piquet32, rank_of, shuffled, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, MeldView, Observation, Option, Result, State, check_cards, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import DOWN, NONE, STOCK, UP, UPCARD, LogEvent, Summary, VerbSpec, Zone, fact, phrase
from cardtable.families.follow import SmousRule
from cardtable.families.roem import Meld, RoemRules, roem_zone, stuk_mask
from cardtable.families.summaries import seats_fact
from cardtable.families.trick_deal import deal_packets
from cardtable.families.trick_masks import cards_of, mask_of
from cardtable.families.trick_ranking import Ranking
from cardtable.families.trick_views import PLAY_SPEC
from cardtable.families.tricks import TrickHand
from cardtable.families.turnup import MELD_VERBS, PASS, TurnUpGame, TurnUpHand
from cardtable.sheets.honderden import HonderdenSheet, clockwise_after, drop_lives

#: §2: plain A K Q J T 9 8 7; trump J 9 A K Q T 8 7; J 20 / 1, 9 14 / 0, A 11, T 10, K 3, Q 2
SMOUS = Ranking(
    "honderden",
    plain_order=(14, 13, 12, 11, 10, 9, 8, 7),
    trump_order=(11, 9, 14, 13, 12, 10, 8, 7),
    plain_points={14: 11, 10: 10, 13: 3, 12: 2, 11: 1},
    trump_points={11: 20, 9: 14, 14: 11, 10: 10, 13: 3, 12: 2},
)

LAST_TRICK = 5
STUK = 20
GOAL = 100
ONDER = 50
#: tricks of phase 1 (two players): the stock has cards when they start
PHASE1 = 7

CLAIM = Action("claim")
CLAIM_STUK = Action("claim", "stuk")
DECLARE_STUK = Action("declare", "stuk")
DRAW_STOCK = Action("draw", "stock")
DRAW_TRUMP = Action("draw", "trump")


def smous_precedence(m: Meld, trump: int) -> tuple[int, int, int]:
    """§6 step 3: more cards; a higher top card (A K Q J T 9 8 7); in trumps (a carré
    always counts as trumps)."""
    return (len(m.cards), m.top, 1 if m.kind == "carre" or m.suit == trump else 0)


def smous_roem(jack_carre: int) -> RoemRules:
    """§6: sequences 20 / 50 / 100 (5 or more), carrés of A K Q T 100 and of J
    ``jack_carre`` (200 or 100); no carré of 9s, 8s or 7s; a card in a carré and a sequence."""
    return RoemRules(
        seq_values={3: 20, 4: 50, 5: 100},
        carre_values={14: 100, 13: 100, 12: 100, 11: jack_carre, 10: 100},
        exclusive=False,
        precedence=smous_precedence,
    )


_ROEM = {v: smous_roem(v) for v in (200, 100)}
_PIQUET = mask_of(piquet32())
_DECK24 = tuple(deck(range(9, 15)))
_MASK24 = mask_of(_DECK24)

_TURN = "roem (its key), stuk (k), ik dek (d), or play a card"
# no hints of their own: the prompt line holds the card's and roem's at 80 columns; the
# buttons name them (Exchange 7 x, Stuk k, Ik dek c)
CLAIM_SPEC = VerbSpec(
    "claim",
    "Ik dek",
    "c",
    "",
    NONE,
    confirm="Say ik dek now? The round ends at once, and a wrong claim loses it.",
)
SWAP_SPEC = VerbSpec("swap", "Exchange 7", "x", "", NONE)
HSTUK_SPEC = VerbSpec("declare", "Stuk", "k", "", NONE, arg="stuk")
PLAY_VERBS = (PLAY_SPEC, SWAP_SPEC, HSTUK_SPEC, CLAIM_SPEC) + MELD_VERBS[:2]
_DRAW = "the last draw: the covered card (c) or the open troef card (t)"
DRAW_VERBS = (
    VerbSpec("draw", "Covered card", "c", _DRAW, NONE, arg="stock"),
    VerbSpec("draw", "Open card", "t", _DRAW, NONE, arg="trump"),
)
_POLL = "stuk-dek: declare stuk and win the round (k), or pass (p)"
POLL_VERBS = (
    VerbSpec("claim", "Stuk-dek", "k", _POLL, NONE, arg="stuk"),
    VerbSpec("pass", "Pass", "p", _POLL, NONE),
)
VERBS = PLAY_VERBS + DRAW_VERBS + POLL_VERBS

_END_WORDS = {
    "claim": "{0} said \u201cik dek\u201d: correct",
    "wrong_claim": "{0} said \u201cik dek\u201d: wrong",
    "stuk_dek": "{0} won the round by stuk-dek",
    "deal_end": "{0} won the round at the end of the deal",
    "void": "A tie: the round does not count",
    "carried": "Nobody reached 100: the counts carry over",
    "roem_out": "Roem ended the round",
}


def announcement(m: Meld) -> str:
    """§6 step 2: ``carré`` or ``3 op de vrouw`` (length and top card, no suit)."""
    if m.kind == "carre":
        return "carr\u00e9"
    names = {14: "aas", 13: "heer", 12: "vrouw", 11: "boer", 10: "tien", 9: "negen", 8: "acht", 7: "zeven"}
    top = names[m.top]
    return (
        f"{len(m.cards)} op de {top}"
        if m.top in (13, 12, 11, 10)
        else f"{len(m.cards)} op het {top}"
        if m.top == 14
        else f"{len(m.cards)} op de {top}"
    )


def combo_words(m: Meld) -> str:
    """A combination in the sheet's log: ``carré heren``, ``seq3 vrouw``."""
    from cardtable.sheets.honderden import RANK_WORDS

    if m.kind == "carre":
        return f"carr\u00e9 {RANK_WORDS[m.top]}"
    return f"{len(m.cards)} op {card_text(m.cards[0])}"


@register
class Honderden(TurnUpGame):
    """Honderden (honderden.md). The seat count is ``players`` (ruling 22); options §9: ``scoring``, ``lives``,
    ``target_points``, ``carre_jacks``, ``show_counts``."""

    id = "honderden"
    name = "Honderden"
    family = "jas"
    min_players = 2
    max_players = 3
    deck_name = "32 cards (7–A; 24, 9–A, with 3 players)"
    description = "Two or three players race to 100: draw from the stock, roem in the first trick, ik dek, de kip."
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "swap": "<card>",
            "claim": ("", "stuk"),
            "draw": ("stock", "trump"),
            "declare": ("seq<N> <cards>", "carre <cards>", "stuk"),
        }
    )
    bad_texts = (
        ("bid accept", "'bid'"),
        ("declare jojotte", "'jojotte'"),
        ("draw discard", "'discard'"),
        ("claim now", "'now'"),
        ("play XX", "'XX' is not a card"),
    )
    option_specs = (
        Option("scoring", "choice", "auto", "lives (with de kip) or points", choices=("auto", "lives", "points")),
        Option("lives", "int", 5, "lives each player starts with", minimum=1, maximum=100),
        Option("target_points", "int", 5, "game points that win (points mode)", minimum=1, maximum=100),
        Option("carre_jacks", "choice", "200", "the carré of jacks: 200 or 100", choices=("200", "100"), numeric=True),
        Option("show_counts", "bool", False, "show the counts during a round (a training aid)"),
    )
    search_configs = ((3, {}), (2, {"scoring": "points", "carre_jacks": 100}))

    ranking = SMOUS
    rule = SmousRule()
    state_class: Any = None

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        if self.options["scoring"] == "auto":
            self.options["scoring"] = "lives" if self.players == 2 else "points"
        self.roem = _ROEM[200 if self.options["carre_jacks"] >= 200 else 100]

    def deck(self) -> list[int]:
        return piquet32()

    def unproven_claims(self, obs: Observation) -> tuple[Action, ...]:
        """§6: ``(CLAIM,)`` when ik dek is on offer and the seat's own count, as it has seen
        it (``extra["memory"]["count"]``: its own tricks and roem, never another's), is below
        100: a bot never says ik dek wrongly; stuk-dek is offered only when it wins. Else
        ``()`` (``Game.unproven_claims``)."""
        if CLAIM not in obs.legal:
            return ()
        memory = obs.extra.get("memory") or {}
        if memory.get("count", 0) >= GOAL:
            return ()
        return (CLAIM,)

    def new_sheet(self) -> HonderdenSheet:
        o = self.options
        return HonderdenSheet(self.players, o["scoring"], o["lives"], o["target_points"], first_dealer=0)

    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: Any = None
    ) -> "HonderdenHand":
        """§3: two active players: 9 each in packets of 3 from voorhand, the open card, 13
        covered cards; three: the 24 cards, 3-2-3, the dealer's last card face up."""
        standing = self.standing_of(standing, sheet)
        active = standing.active_seats
        dealer = (
            standing.next_dealer
            if standing.active[standing.next_dealer]
            else standing.next_active(standing.next_dealer)
        )
        rng = rng_for(seed)
        n = self.players
        order = [s for s in clockwise_after(dealer, n) if s in active]  # voorhand .. dealer
        hands = [0] * n
        if len(active) == 2:
            pack = shuffled(tuple(piquet32()), rng)
            got = deal_packets(pack, 2, 1, (3, 3, 3))  # index 0 = voorhand, 1 = dealer
            for i, s in enumerate(order):
                hands[s] = mask_of(got[i])
            st = self.state_class(self, dealer, hands, pack[18], list(pack[19:]), standing)
        else:
            pack = shuffled(_DECK24, rng)
            got = deal_packets(pack, 3, 2, (3, 2, 3))
            for i, s in enumerate(order):
                hands[s] = mask_of(got[i])
            st = self.state_class(self, dealer, hands, pack[23], [], standing)
        st.seed = seed
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: Any = None
    ) -> "HonderdenHand":
        """``{"dealer", "hands": [[codes] per seat], "upcard", "stock": [13 covered, top
        first]}`` (docs/records.md): two active seats 9 cards each, the open card and 13
        covered cards, the 32 piquet cards once (an out seat's hand is ``[]``); three, 8
        each of the 24 cards A-9, the upcard in the dealer's hand, no stock. DealError
        with the reason."""
        standing = self.standing_of(standing, sheet)
        if not isinstance(deal, dict):
            raise DealError("a deal is an object with dealer, hands, upcard and stock")
        unknown = sorted(set(deal) - {"dealer", "hands", "upcard", "stock"})
        if unknown:
            raise DealError(
                f"unknown deal key {', '.join(map(repr, unknown))}: a deal has dealer, hands, upcard, stock"
            )
        n = self.players
        dealer = deal.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
        raw = deal.get("hands")
        if not isinstance(raw, list) or len(raw) != n:
            raise DealError(f"hands must be a list of {n} lists of cards")
        hands = [check_cards(h, f"hands of seat {i}") if isinstance(h, list) else None for i, h in enumerate(raw)]
        if any(h is None for h in hands):
            raise DealError("each hand is a list of card codes")
        playing = [i for i, h in enumerate(hands) if h]
        two = len(playing) == 2
        size, full, label = (9, _PIQUET, "the 32-card piquet pack") if two else (8, _MASK24, "the 24 cards A-9")
        seen = 0
        masks = []
        for i, h in enumerate(hands):
            assert h is not None
            if h and len(h) != size:
                raise DealError(f"hands of seat {i} must hold {size} cards, not {len(h)}")
            for c in h:
                if not (full >> c) & 1:
                    raise DealError(f"{card_text(c)} is not in {label}")
                if (seen >> c) & 1:
                    raise DealError(f"{card_text(c)} is dealt twice")
                seen |= 1 << c
            masks.append(mask_of(h))
        if dealer not in playing:
            raise DealError(f"the dealer (seat {dealer}) has no cards")
        u = deal.get("upcard")
        if not isinstance(u, str):
            raise DealError('the deal needs the open card, e.g. "upcard": "AS"')
        up = check_cards([u], "upcard")[0]
        stock = check_cards(deal.get("stock") or [], "stock")
        if two:
            for c in [up] + stock:
                if (seen >> c) & 1:
                    raise DealError(f"{card_text(c)} is dealt twice")
                seen |= 1 << c
            if len(stock) != 13 or seen != full:
                raise DealError("two players: 9 cards each, the open card and 13 covered cards in the stock")
        else:
            if stock:
                raise DealError("three players: no stock")
            if not (masks[dealer] >> up) & 1:
                raise DealError(f"the upcard {card_text(up)} must be in the dealer's hand")
            if seen != full:
                raise DealError("three players: 8 cards each of the 24 cards A-9")
        return self.state_class(self, dealer, masks, up, stock, standing)

    def check_result(self, result: Result, state: "HonderdenHand") -> list[str]:
        """§2, §7: a played-out deal holds 146 points (141 + 5); a round's game points 1 to 3."""
        out = []
        d = result.detail
        if d["end"] in ("deal_end", "carried", "void") and d["tricks_played"] == state.n_tricks:
            got = sum(d["trick_points"])
            if got != 146:
                out.append(f"a played-out deal holds 146 card points, not {got}")
        g = d["game_points"]
        if d["end"] in ("claim", "wrong_claim", "deal_end", "stuk_dek") and not 1 <= g <= 3:
            out.append(f"a round is worth 1 to 3 game points, not {g}")
        want = [0] * len(result.points)
        lives = state.scoring == "lives"
        for r in d["roem"]:
            for s in range(len(want)):
                if lives and s != r["seat"] and d["in_play"][s]:
                    want[s] -= r["game_points"]
                elif not lives and s == r["seat"]:
                    want[s] += r["game_points"]
        w = d["winner"]
        if w is not None:
            for s in range(len(want)):
                if lives and s != w and d["in_play"][s]:
                    want[s] -= g
                elif not lives and s == w:
                    want[s] += g
        if want != list(result.points):
            out.append(f"points {result.points} are not the game points of the detail {want}")
        return out

    def grammar_positions(self) -> list[State]:
        """A swap, a last draw and a stuk-dek poll (seldom met by random play)."""
        out: list[State] = []
        import random

        rng = random.Random(5)
        for seed in range(300):
            st = self.new_hand(seed=seed)
            while not st.over:
                legal = st.legal_actions()
                if any(a.verb in ("swap", "draw") for a in legal) or (
                    any(a.verb == "declare" and a.cards for a in legal) and any(a.arg == "stuk" for a in legal)
                ):
                    out.append(st.clone())
                    break
                plays = [a for a in legal if a.verb == "play"] or legal
                st.apply_in_place(rng.choice(plays))
            if len(out) >= 6:
                break
        return out


class HonderdenHand(TurnUpHand):
    """One deal of Honderden (§3-§7). Fields besides ``TurnUpHand``'s: ``active`` (the
    seats playing), ``counts`` (per seat, carried ones included), ``stock`` (covered cards,
    top first), ``up_now`` (the open card, or -1 once taken), ``turn_step`` (0 nothing yet,
    1 melds declared, 2 stuk declared this turn), ``stuk_by``, ``polled`` (seats still to
    poll before this turn), ``poll_for`` (the seat whose turn follows the poll), ``roem``
    (the roem game points), ``lives`` / ``kip`` / ``out`` / ``gp`` (the match as dealt)."""

    game: Honderden
    contract: int  # the troef suit, always set (no bidding)
    verb_table = VERBS
    copy_lists = ("hands", "counts")
    melds_at = "first_trick"
    meld_judge = "overrule"
    jojotte = False
    dix = False
    info_card = False
    doubling = False
    completion_packets = ()
    last_bonus = LAST_TRICK

    def __init__(
        self,
        game: Honderden,
        dealer: int,
        hands: list[int],
        upcard: int,
        stock: list[int],
        standing: Standing,
    ):
        n = game.players
        active = tuple(s for s in range(n) if hands[s])
        self.n_seats = n
        self.active = active
        nxt = list(range(n))
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        self.next_seat = tuple(nxt)
        self.partner = (-1,) * n
        self.side = tuple(range(n))
        self.n_sides = n
        self.n_playing = len(active)
        self.two = len(active) == 2
        self._dealt_stock = tuple(stock)
        TurnUpHand.__init__(self, game, dealer, hands, upcard, stock)
        self.n_tricks = 16 if self.two else 8
        self.phase = "play"
        self.to_act = self.next_seat[dealer]
        self.contract = suit_of(upcard)
        self._set_trump(self.contract)
        if not self.two:
            self.upcard = upcard  # the dealer's last card, face up (§3)
        self.up_now = upcard if self.two else -1
        ex = standing.extra
        carry = standing.carry
        self.counts = [int(carry[s]) if carry and s < len(carry) else 0 for s in range(n)]
        self.start_counts = tuple(self.counts)
        self.first_deal = int(ex.get("deal_in_round", 0)) == 0
        self.scoring = game.options["scoring"]
        self.lives0 = tuple(ex.get("lives", [game.options["lives"]] * n))
        self.gp0 = tuple(ex.get("game_points", [0] * n))
        kip = ex.get("kip", {"available": True, "holder": None})
        self.kip0 = (bool(kip["available"]), kip["holder"])
        self.turn_step = 0
        self.stuk_by = -1
        self.roem: tuple[dict[str, Any], ...] = ()
        self.polled: tuple[int, ...] = ()
        self.poll_for = -1
        self.shown = -1  # the covered card shown at the last draw
        self.open_taken = -1  # the open card taken at the last draw
        self.swap_at = -1  # the trick (1-based) of the trump-7 exchange
        self.stuk_at = -1  # the trick (1-based) in which stuk was declared
        self.end: dict[str, Any] | None = None
        self._poll()

    # -- legality --
    def deck(self) -> list[int]:
        """The 32 piquet cards with two players, the 24 cards A-9 with three (§3)."""
        return piquet32() if self.two else list(_DECK24)

    def phase1(self) -> bool:
        """Two players, the stock still has cards (tricks 1-7)."""
        return self.two and bool(self.stock)

    def play_mask(self, seat: int) -> int:
        """Phase 1: any card; else ``SmousRule``."""
        if self.phase1():
            return self.hands[seat]
        return TurnUpHand.play_mask(self, seat)

    def _stuk_ok(self, seat: int) -> bool:
        sm = stuk_mask(self.contract)
        return self.stuk_by < 0 and self.hands[seat] & sm == sm and self.turn_step <= 1

    def _swap_ok(self, seat: int) -> bool:
        seven = make(7, self.contract)
        return (
            self.phase1()
            and self.turn_step == 0
            and self.up_now >= 0
            and self.up_now != seven
            and bool((self.hands[seat] >> seven) & 1)
        )

    def _meld_options(self, seat: int) -> list[Meld]:
        """§6: whole runs and carrés not declared yet; one sequence per suit."""
        if self.turn_step > 1:
            return []
        own = [m for s, m in self.declared if s == seat]
        suits = {m.suit for m in own if m.kind == "seq"}
        out = []
        for m in TurnUpHand._meld_options(self, seat):
            if m.kind == "seq" and m.suit in suits:
                continue
            out.append(m)
        return out

    def _legal_play(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None
        acts = self.play_actions(self.legal_play_mask())
        if self._swap_ok(seat):
            acts.append(Action("swap", None, (make(7, self.contract),)))
        if self._melds_now():
            acts.extend(m.action() for m in self._meld_options(seat))
        if self._stuk_ok(seat):
            acts.append(DECLARE_STUK)
        if self.two:
            acts.append(CLAIM)
        return acts

    def _legal_game(self) -> list[Action]:
        if self.phase == "draw":
            return [DRAW_STOCK, DRAW_TRUMP]
        if self.phase == "poll":
            return [CLAIM_STUK, PASS]
        return []

    # -- applying --
    def _apply(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if action.verb == "play":
            self.turn_step = 0
            self._play(seat, action.cards[0])
            if self.phase == "play" and self.trick:
                self._poll()
            return
        if action.verb == "declare" and action.cards:
            self.turn_step = 1
        TurnUpHand._apply(self, action)

    def _apply_game(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        v = action.verb
        if v == "swap":
            seven = make(7, self.contract)
            self.hands[seat] ^= (1 << seven) | (1 << self.up_now)
            self._log("swap", seat, seven, self.up_now)
            self.dix_by = seat
            self.swap_at = self.ntricks + 1
            self.up_now = seven
        elif v == "declare":  # stuk
            self.stuk_by = seat
            self.stuk_at = self.ntricks + 1
            self.counts[seat] += STUK
            self.turn_step = 2
            self._log("stuk", seat)
        elif v == "claim" and action.arg == "stuk":
            self.stuk_by = seat
            self.counts[seat] += STUK
            self._log("stuk", seat)
            self._log("stukdek", seat, self.counts[seat])
            self._round_won("stuk_dek", seat)
        elif v == "claim":
            ok = self.counts[seat] >= GOAL
            self._log("claim", seat, ok)
            if ok:
                self._round_won("claim", seat, claimer=seat)
            else:
                self._round_won("wrong_claim", self._other(seat), claimer=seat)
        elif v == "draw":
            self._last_draw(seat, action.arg == "trump")
        elif v == "pass":
            self._log("nodek", seat)
            self.polled = self.polled[1:]
            self._poll_next()
        else:  # pragma: no cover - legal actions only
            raise ValueError(f"unknown action {action.text()}")

    def _other(self, seat: int) -> int:
        return self.next_seat[seat]

    # stuk-dek (§4, three players)
    def _eligible(self, seat: int) -> bool:
        sm = stuk_mask(self.contract)
        return self.stuk_by < 0 and self.hands[seat] & sm == sm and self.counts[seat] + STUK >= GOAL

    def _poll(self) -> None:
        """Before every turn with three players: the eligible seats from the seat to act."""
        if self.two or self.phase != "play" or self.to_act is None:
            return
        order = [self.to_act] + [s for s in clockwise_after(self.to_act, self.n_seats)[:-1] if s in self.active]
        self.polled = tuple(s for s in order if self._eligible(s))
        if self.polled:
            self.poll_for = self.to_act
            self.phase = "poll"
            self.to_act = self.polled[0]

    def _poll_next(self) -> None:
        if self.polled:
            self.to_act = self.polled[0]
            return
        self.phase = "play"
        self.to_act = self.poll_for
        self.poll_for = -1

    # tricks and the stock
    def _complete_trick(self) -> None:
        w, pts, _m = self._take_trick()
        self.counts[w] += pts
        if self.ntricks == 1:
            self._judge_melds()
            if self.declared:
                self._score_roem()
            if self.phase == "over":
                return
        if self.ntricks == self.n_tricks:
            self._deal_end()
            return
        if self.two and self.stock:
            loser = self._other(w)
            if len(self.stock) >= 2:
                self.hands[w] |= 1 << self.stock[0]
                self.hands[loser] |= 1 << self.stock[1]
                self.stock = self.stock[2:]
                self._log("drawn")
            else:
                self.phase = "draw"
                self.to_act = w
                return
        self.phase = "play"
        self.to_act = w
        self._poll()

    def _last_draw(self, seat: int, trump: bool) -> None:
        covered = self.stock[0]
        loser = self._other(seat)
        take, give = (self.up_now, covered) if trump else (covered, self.up_now)
        self.hands[seat] |= 1 << take
        self.hands[loser] |= 1 << give
        self.shown = covered
        self.open_taken = self.up_now
        self._log("lastdraw", seat, trump, covered)
        self.stock = ()
        self.up_now = -1
        self.phase = "play"
        self.to_act = seat

    def _score_roem(self) -> None:
        """§6 step 4: the winner of the comparison earns ⌊S/100⌋ game points at once and
        S mod 100 into his count; roem that ends the game ends the deal."""
        seat = self.carre_seat
        if seat is None:
            return
        ms = [m for s, m in self.declared if s == seat]
        total = sum(m.value for m in ms)
        gp, rest = divmod(total, 100)
        self.counts[seat] += rest
        self._log("roem", seat, total, gp)
        if gp:
            self.roem = self.roem + ({"seat": seat, "game_points": gp, "combos": [combo_words(m) for m in ms]},)
            if self._roem_ends():
                self._finish("roem_out", None, None)

    def _roem_ends(self) -> bool:
        """Whether the roem game points put a player out or reach the target (§7)."""
        n = self.n_seats
        if self.scoring == "points":
            gp = list(self.gp0)
            for r in self.roem:
                gp[r["seat"]] += r["game_points"]
            return max(gp) >= self.game.options["target_points"]
        lives = list(self.lives0)
        out = [s not in self.active for s in range(n)]
        kip = {"available": self.kip0[0], "holder": self.kip0[1]}
        for r in self.roem:
            drop_lives(lives, kip, out, [(s, r["game_points"]) for s in clockwise_after(r["seat"], n)[:-1]])
        return any(out[s] for s in self.active)

    # -- the end of a round (§7) --
    def _game_points(self, winner: int, pit: bool) -> tuple[int, bool]:
        losers = [s for s in self.active if s != winner]
        onder = [self.counts[s] < ONDER for s in losers]
        if self.two:
            g = 1 + (1 if onder[0] else 0) + (1 if pit else 0)
            return g, onder[0]
        if pit and self.first_deal:
            return 3, True
        return (2, True) if all(onder) else (1, False)

    def _round_won(self, end: str, winner: int, claimer: int | None = None, pit: bool = False) -> None:
        g, onder = self._game_points(winner, pit)
        self._finish(end, winner, g, onder=onder, pit=pit, claimer=claimer)

    def _deal_end(self) -> None:
        cs = [self.counts[s] for s in self.active]
        top = max(cs)
        if top >= GOAL:
            best = [s for s in self.active if self.counts[s] == top]
            if len(best) > 1:
                self._finish("void", None, None)
                return
            w = best[0]
            self._round_won("deal_end", w, pit=self.tricks_won[w] == self.n_tricks)
            return
        self._finish("carried", None, None)

    def _finish(
        self,
        end: str,
        winner: int | None,
        g: int | None,
        onder: bool = False,
        pit: bool = False,
        claimer: int | None = None,
    ) -> None:
        n = self.n_seats
        nd = self.dealer
        if end in ("claim", "wrong_claim", "deal_end", "stuk_dek"):
            nd = self._other(self.dealer) if self.two else self.next_seat[self.dealer]
        elif end == "void" or end == "roem_out":
            nd = self.dealer if self.two else self.next_seat[self.dealer]
        elif not self.two:
            nd = self.next_seat[self.dealer]
        carry = list(self.counts) if end == "carried" else [0] * n
        pts = [0] * n
        if self.scoring == "points":
            for r in self.roem:
                pts[r["seat"]] += r["game_points"]
            if winner is not None and g:
                pts[winner] += g
        else:
            for r in self.roem:
                for s in self.active:
                    if s != r["seat"]:
                        pts[s] -= r["game_points"]
            if winner is not None and g:
                for s in self.active:
                    if s != winner:
                        pts[s] -= g
        self.end = {
            "end": end,
            "winner": winner,
            "claimer": claimer,
            "game_points": g or 0,
            "onder_jan": onder,
            "pit": pit,
            "roem": [dict(r) for r in self.roem],
            "counts": list(self.counts),
            "counts_at_start": list(self.start_counts),
            "carry": carry,
            "trick_points": list(self.trick_pts),
            "tricks_won": list(self.tricks_won),
            "tricks_played": self.ntricks,
            "dealer": self.dealer,
            "next_dealer": nd,
            "first_deal": self.first_deal,
            "in_play": [s in self.active for s in range(n)],
            "trump": SUIT_LETTERS[self.contract],
            "points": pts,
        }
        self._log("end", end, winner, g or 0)
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        """``points``: the sheet's change per seat (lives lost as negative numbers, or game
        points won); ``outcome``: the ``end`` word; ``winners``: the round's winner;
        ``detail``: docs/records.md."""
        e = self.end
        if e is None:
            return None
        detail = {k: v for k, v in e.items() if k != "points"}
        res = Result(list(e["points"]), e["end"], [] if e["winner"] is None else [e["winner"]], detail)
        res.summary = self.summary(res)
        return res

    def summary(self, res: Result) -> Summary:
        d = res.detail
        seat = d["claimer"] if d["end"] == "wrong_claim" else d["winner"]
        head = _END_WORDS[d["end"]]
        if d["game_points"]:
            head += f" ({d['game_points']} game point{'s' if d['game_points'] > 1 else ''})"
        shown = d["end"] != "carried" or self.game.options["show_counts"]
        facts = [seats_fact("Counts", d["counts"], sep="  \u00b7  ")] if shown else []
        for r in d["roem"]:
            facts.append(
                fact("Roem", "{0} " + ", ".join(r["combos"]) + f": {r['game_points']} game point(s)", (r["seat"],))
            )
        return Summary(phrase(head, () if seat is None else (seat,), kind="outcome"), tuple(facts))

    def returns_gains(self) -> list[float]:
        """The sheet's change; a carried deal: counts / 100 (a count of 100 is about a game point)."""
        e = self.end
        assert e is not None
        gains = [float(p) for p in e["points"]]
        if e["end"] == "carried":
            return [g + c / GOAL for g, c in zip(gains, e["carry"])]
        return gains

    def returns_scale(self) -> float:
        return 2.0

    # -- search --
    def rollout_actions(self) -> list[Action]:
        """Playouts: no claims by ik dek below 100, always stuk-dek, melds and stuk declared,
        the swap made."""
        legal = self._legal()
        if self.phase == "poll":
            return [CLAIM_STUK]
        if self.phase == "play":
            seat = self.to_act
            assert seat is not None
            if CLAIM in legal and self.counts[seat] >= GOAL:
                return [CLAIM]
            for a in legal:
                if a.verb in ("swap", "declare"):
                    return [a]
            return self.play_actions(self.legal_play_mask())
        return legal

    def _rollout_mask(self) -> int:
        if self.phase != "play":
            return 0
        seat = self.to_act
        assert seat is not None
        if self.ntricks == 0 or self._stuk_ok(seat) or self._swap_ok(seat) or (self.two and self.counts[seat] >= GOAL):
            return 0
        return self.legal_play_mask()

    def _fast_inline_ok(self) -> bool:
        return False

    def _fast_watch_seat(self) -> int:
        return -1

    def public_mask(self) -> int:
        """Declared melds once trick 1 is complete; the former open card after a swap (in
        the swapper's hand); the covered card shown at the last draw; stuk once declared."""
        pub = 0
        if self.melds_judged:
            for _s, m in self.declared:
                pub |= m.mask
        if self.dix_by >= 0:
            pub |= 1 << self.turnup
        if self.shown >= 0:
            pub |= 1 << self.shown
        if self.stuk_by >= 0:
            pub |= stuk_mask(self.contract)
        if self.open_taken >= 0:
            pub |= 1 << self.open_taken
        return pub

    def hidden_mask(self, seat: int) -> int:
        """The other hands, the covered stock and the earlier tricks (won tricks lie face
        down: only the last trick is shown, ruling 21), less the public cards."""
        hid = self.stock_mask() | self.gone
        for _s, c in self.last_trick:
            hid &= ~(1 << c)
        for s in range(self.n_seats):
            if s != seat:
                hid |= self.hands[s]
        hid &= ~self.public_mask()
        if self.upcard is not None:
            hid &= ~(1 << self.upcard)
        return hid

    def stock_mask(self) -> int:
        return mask_of(self.stock)

    def _card_places(self) -> list[int]:
        places = TrickHand._card_places(self) + [self.stock_mask()]
        if self.two and self.up_now >= 0:
            places.append(1 << self.up_now)
        return places

    def iset_known(self, seat: int) -> list[int]:
        """``TurnUpHand.iset_known`` and, with three players, the dealer's face-up last
        card while he holds it (§3)."""
        known = TurnUpHand.iset_known(self, seat)
        up = self.upcard
        if up is not None and seat != self.dealer and (self.hands[self.dealer] >> up) & 1:
            known[self.dealer] |= 1 << up
        return known

    def iset_places(self, seat: int) -> list[tuple[Any, int]]:
        m = self.stock_mask() & ~self.public_mask()
        return [("stock", m)] if m else []

    def iset_forbidden(self, seat: int, known: list[int], pool: int) -> list[int]:
        """Three players: ``TurnUpHand``'s (the follow rule, the ends of a declared run).
        Two players: the follow rule's inferences from the plays of phase 2 only (phase 1 is
        free play); a run's ends may have been drawn later, so they are ruled out of the
        dealt nine only (``_iset_draws``)."""
        if not self.two:
            return TurnUpHand.iset_forbidden(self, seat, known, pool)
        rule = self.game.rule
        t = self.t
        forbid = [0] * self.n_seats
        later = self.played_by()
        for i, (s, c, led, win, pw) in enumerate(self.plays_in_order()):
            later[s] &= ~(1 << c)
            if s == seat or led < 0 or i < 2 * PHASE1:
                continue
            base = known[s] | later[s] | (1 << c)
            cand = pool & ~forbid[s]
            while cand:
                low = cand & -cand
                cand ^= low
                if not (rule.legal(t, base | low, led, win, pw) >> c) & 1:
                    forbid[s] |= low
        return forbid

    def _iset_rebuild(self, seat: int, rng: Any, played: list[int]) -> None:
        """The deal again: three players, the hands as they are plus the cards played; two
        players, each other seat's cards split into its nine dealt cards and its draws
        (``_iset_draws``), the seat's own as dealt and drawn."""
        real_start, real_stock = self.start_hands, self._dealt_stock
        TrickHand._iset_rebuild(self, seat, rng, played)
        if self.two and real_stock:
            self._iset_draws(seat, rng, played, real_start, real_stock)
        self.first = tuple(self.start_hands)

    def _iset_draws(
        self, seat: int, rng: Any, played: list[int], real_start: tuple[int, ...], real_stock: tuple[int, ...]
    ) -> None:
        """Two players: which of another seat's cards it drew after tricks 1-6. A card it
        needed in hand by trick t (played there, stuk, the trump-7 exchange, a trick-1
        declaration) was dealt or drawn after an earlier trick; the draws are filled from
        the latest down, at random among the cards that fit (the fitting sets are nested,
        so this never fails where the real deal fits). ``seat``'s own cards stay as dealt."""
        tricks = self._tricks()
        if self.stock:
            d = (len(real_stock) - len(self.stock)) // 2
        else:
            d = (len(real_stock) - 1) // 2 if self.shown >= 0 else min(len(tricks), (len(real_stock) - 1) // 2)
        need: dict[int, int] = {}
        for t, (trick, _w, _p) in enumerate(tricks, 1):
            for _s, c in trick:
                need[c] = t
        for _s, c in self.trick:
            need[c] = len(tricks) + 1
        start = list(self.start_hands)
        stock = list(real_stock)
        seven = make(7, self.contract)
        for s in self.active:
            if s == seat:
                start[s] = real_start[s]
                continue
            cards = self.hands[s] | played[s]
            if self.shown >= 0:
                cards &= ~(1 << (self.shown if (cards >> self.shown) & 1 else self.open_taken))
            mine = dict(need)
            if self.dix_by == s:
                cards = (cards & ~(1 << self.turnup)) | (1 << seven)
                mine[seven] = min(mine.get(seven, 99), self.swap_at)
            if self.stuk_by == s:
                for c in cards_of(stuk_mask(self.contract)):
                    mine[c] = min(mine.get(c, 99), self.stuk_at)
            must: set[int] = set()  # the ends of its declared runs: drawn, not dealt
            lo = self.game.roem.min_rank
            for o, m in self.declared:
                if o == s:
                    for c in cards_of(m.mask):
                        mine[c] = 1
                    if m.kind == "seq":
                        ends = ([make(m.top + 1, m.suit)] if m.top < 14 else []) + (
                            [make(m.low - 1, m.suit)] if m.low > lo else []
                        )
                        must.update(e for e in ends if (cards >> e) & 1)
            if self.dix_by == s and self.swap_at == 1:  # exchanged before declaring
                must.discard(seven)
            free = sorted(cards_of(cards))
            for k in range(d, 0, -1):
                w = tricks[k - 1][1]
                pos = 2 * (k - 1) + (0 if w == s else 1)
                fit = [c for c in free if mine.get(c, 99) > k]
                left = [c for c in free if c in must]
                if left and not self._draws_fit_without(left, mine, k - 1):
                    top = max(mine.get(c, 99) for c in left if mine.get(c, 99) > k)
                    fit = [c for c in left if mine.get(c, 99) == top]
                c = fit[rng.randrange(len(fit))]
                free.remove(c)
                stock[pos] = c
                cards &= ~(1 << c)
            start[s] = cards
        rest = 2 * d
        if self.stock:
            stock[rest:] = self.stock
        elif self.shown >= 0:
            stock[-1] = self.shown
        self.start_hands = tuple(start)
        self._dealt_stock = tuple(stock)

    @staticmethod
    def _draws_fit_without(cards: list[int], need: dict[int, int], slots: int) -> bool:
        """Whether ``cards`` (each needed in hand by trick ``need``) all fit in the draws
        after tricks 1..``slots`` (Hall's condition on the nested slots)."""
        if len(cards) > slots:
            return False
        needs = sorted(need.get(c, 99) for c in cards)
        return all(n - 1 >= i + 1 for i, n in enumerate(needs))

    # -- the deal as a record --
    def deal_record(self) -> dict[str, Any]:
        """``dealer``, ``hands`` (as dealt), ``upcard`` (the open card; three players: the
        dealer's last card), ``stock`` (the 13 covered cards, top first; [] with three)."""

        def codes(m: int) -> list[str]:
            return [card_text(c) for c in sorted(cards_of(m), key=lambda c: (suit_of(c), -rank_of(c)))]

        return {
            "dealer": self.dealer,
            "hands": [codes(h) for h in self.start_hands],
            "upcard": card_text(self.turnup),
            "stock": [card_text(c) for c in self._dealt_stock],
        }

    # -- views --
    def extra_zones(self, seat: int, hidden: int) -> list[Zone]:
        out: list[Zone] = []
        if self.two and self.up_now >= 0:
            out.append(Zone("open card", UPCARD, None, 1, (self.up_now,), UP, caption="troef"))
        if self.two and self.stock:
            known = tuple(c for c in self.stock if not (hidden >> c) & 1)
            out.append(Zone("stock", STOCK, None, len(self.stock), known, DOWN, "top_first", caption="stock"))
        z = roem_zone(self.declared, self.melds_judged, seat, self.contract, MeldView)
        if z is not None:
            out.append(z)
        return out

    def verb_specs(self) -> tuple[VerbSpec, ...]:
        if self.phase == "draw":
            return DRAW_VERBS
        if self.phase == "poll":
            return POLL_VERBS
        return PLAY_VERBS

    def seat_roles(self, seat: int) -> tuple[tuple[int, str], ...]:
        return ((self.dealer, "dealer"),)

    def status(self) -> str:
        parts = [f"trick {min(self.ntricks + 1, self.n_tricks)} of {self.n_tricks}"]
        if self.two:
            # the covered cards, as the stock's zone counts them (the open card lies beside it)
            parts.append(f"stock {len(self.stock)}" if self.stock else "phase 2")
        if self.game.options["show_counts"]:
            parts.append("counts " + " \u2013 ".join(str(self.counts[s]) for s in self.active))
        return " \u00b7 ".join(parts)

    def no_trump_words(self) -> str:
        return ""

    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "play":
            return LogEvent("play", "{0} {0:plays|play} a card", (ev[1],))
        if k == "trick":
            return LogEvent("trick", "{0} {0:wins|win} the trick", (ev[1],))
        if k == "meld":
            return LogEvent("meld", "{0} {0:announces|announce} " + announcement(ev[2]), (ev[1],))
        if k == "melds":
            if ev[1] is None:
                return LogEvent("melds", "no roem declared")
            return LogEvent("melds", "the roem goes to {0}; every other declaration is overruled", (ev[1],))
        if k == "roem":
            return LogEvent("roem", f"{{0}} {{0:scores|score}} {ev[2]} roem", (ev[1],))
        if k == "swap":
            return LogEvent("swap", "{0} {0:exchanges|exchange} {c0} for the open card {c1}", (ev[1],), (ev[2], ev[3]))
        if k == "stuk":
            return LogEvent("stuk", "{0} {0:declares|declare} stuk (+20)", (ev[1],))
        if k == "drawn":
            return LogEvent("drawn", "both draw from the stock")
        if k == "lastdraw":
            what = "the open card" if ev[2] else "the covered card"
            return LogEvent(
                "lastdraw", "{0} {0:takes|take} " + what + "; the covered card was {c0}", (ev[1],), (ev[3],)
            )
        if k == "claim":
            return LogEvent("claim", "{0} {0:says|say} ik dek: " + ("correct" if ev[2] else "wrong"), (ev[1],))
        if k == "stukdek":
            return LogEvent("stukdek", "{0} {0:claims|claim} stuk-dek", (ev[1],))
        if k == "nodek":
            return LogEvent("nodek", "{0} {0:passes|pass}", (ev[1],))
        if k == "end":
            return LogEvent("end", "deal over: " + ev[1].replace("_", " "))
        return None

    def explain(self, action: Action) -> str:
        seat = self.to_act
        if self.phase == "over" or seat is None:
            return "the hand is over"
        v = action.verb
        if self.phase == "draw":
            return f"seat {seat} won trick 7: draw stock (the covered card) or draw trump (the open card)"
        if self.phase == "poll":
            return f"seat {seat} may claim stuk (stuk-dek) or pass"
        if v == "swap":
            return "swap 7X: only in phase 1, before declaring, holding the troef 7 while the open card lies"
        if v == "claim":
            return "three players claim only by stuk-dek, when polled" if not self.two else "claim is not possible now"
        if v == "declare" and action.arg == "stuk":
            return "stuk: K and Q of troef in your hand, once a deal, before you play"
        if v == "draw":
            return "the last draw comes after trick 7"
        if v == "pass":
            return "pass answers a stuk-dek poll"
        if v == "declare" and action.cards and self.turn_step > 1:
            return "roem is declared before stuk"
        return TurnUpHand.explain(self, action)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees: no counts (``scores`` holds them only with ``show_counts``),
        no earlier tricks (the last trick only), the melds announced until trick 1 is
        complete. ``extra``: ``open_card`` (code or None), ``stock`` (covered cards left),
        ``phase1``, ``announced`` ([{"seat", "words"}]), ``declared`` (after trick 1:
        [{"seat", "meld", "value", "scores"}]), ``stuk`` (the seat or None), ``active``,
        ``show_counts``, ``counts`` (with ``show_counts``, else None), ``memory`` (``{"count"}``:
        the seat's own count as a perfect memory of what it saw gives it, for the bots'
        ik dek; the table never draws ``extra``), ``result`` (the end of the deal; None
        while the counts carry over, unless ``show_counts``)."""
        sc = self.game.options["show_counts"]
        # a deal whose counts carry over ends no round: they stay hidden (§7, ruling 21)
        told = sc or (self.end is not None and self.end["end"] != "carried")
        declared = []
        melds: list[MeldView] = []
        if self.melds_judged:
            for s, m in self.declared:
                declared.append(
                    {"seat": s, "meld": m.action().text(), "value": m.value, "scores": s == self.carre_seat}
                )
                melds.append(MeldView(len(melds) + 1, s, "run" if m.kind == "seq" else "set", m.cards))
        extra = {
            "open_card": card_text(self.up_now) if self.two and self.up_now >= 0 else None,
            "stock": len(self.stock),
            "phase1": self.phase1(),
            "announced": [{"seat": s, "words": announcement(m)} for s, m in self.declared],
            "declared": declared,
            "my_melds": [m.action().text() for s, m in self.declared if s == seat],
            "stuk": self.stuk_by if self.stuk_by >= 0 else None,
            "active": list(self.active),
            "show_counts": sc,
            "counts": list(self.counts) if sc else None,
            "memory": {"count": self.counts[seat]},
            "options": dict(self.game.options),
            "result": None if self.end is None or not told else {k: v for k, v in self.end.items()},
        }
        scores: dict[str, Any] = {"counts": list(self.counts)} if told else {}
        return self.make_observation(
            seat, scores=scores, extra=extra, melds=tuple(melds), upcard=self.upcard, stock_size=len(self.stock)
        )


Honderden.state_class = HonderdenHand

__all__ = ["Honderden", "HonderdenHand", "SMOUS", "announcement", "smous_precedence", "smous_roem"]
