"""Handjas, 2 to 5 players, every player for himself (cardtable/rules/handjas.md).

The jas family's hand (``families/jas.py``: ``JasHand``) with every seat its own side, a
meld round without outranking whose best meld's holder scores all his melds
(``side_all``), stuk on either card, no claims and no trick roem, and four playing seats
with five players (``n_playing``: the dealer sits out, ``active`` False). This module adds
the deal by player count with the extra, dead and put-aside hands, the rob (``swap 6X``)
and exchange (``take-hand`` / ``keep-hand``) phases, the scoring of §7 (strepen and
aardappels, ``sheets/aardappel.py``), the information set's places for those hands
(``iset_places``; with ``roem_mode = auto`` a sample is not checked against what the
others declared) and the observation with its ``extra`` keys (``HandjasState.observation``).
The record's ``deal`` and ``result.detail``: docs/records.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import SUIT_SYMBOLS, card_text, deck36, make, rank_of, shuffled, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, MeldView, Option, Result, check_cards, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.standing import Standing
from cardtable.engine.views import (
    DEAD_HAND,
    DOWN,
    EXTRA_HAND,
    NONE,
    UP,
    LogEvent,
    Summary,
    VerbSpec,
    Zone,
    out_zone,
    phrase,
)
from cardtable.families import jas, roem
from cardtable.families.follow import JasRule
from cardtable.families.jas import PASS, JasHand
from cardtable.families.roem import (
    CARRE_SPEC,
    ROEM_SPEC,
    STUK_SPEC,
    Meld,
    RoemRules,
    carre_meld,
    conflict,
    runs,
    seq_meld,
    stuk_mask,
    value_precedence,
)
from cardtable.families.summaries import seats_fact
from cardtable.families.trick_masks import cards_of, mask_of
from cardtable.families.trick_ranking import Ranking
from cardtable.families.trick_views import PASS_SPEC, PLAY_SPEC, esc
from cardtable.families.tricks import TrickHand
from cardtable.sheets.aardappel import Aardappels

N_TRICKS = 9
LAST_TRICK = 5
STUK_VALUE = 20

#: §2: trump J 9 A K Q T 8 7 6 (J 20, 9 14, A 11, T 10, K 4, Q 3); other suits
#: A K Q J T 9 8 7 6 (A 11, T 10, K 4, Q 3, J 2): 152 card points.
HANDJAS = Ranking(
    "handjas",
    plain_order=(14, 13, 12, 11, 10, 9, 8, 7, 6),
    trump_order=(11, 9, 14, 13, 12, 10, 8, 7, 6),
    plain_points={14: 11, 13: 4, 12: 3, 11: 2, 10: 10},
    trump_points={11: 20, 9: 14, 14: 11, 13: 4, 12: 3, 10: 10},
)
CARD_POINTS = 152

_SEQ = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
_CARRE_SWISS = {11: 200, 9: 150, 14: 100, 13: 100, 12: 100, 10: 100}
_CARRE_ALL = {**_CARRE_SWISS, 8: 100, 7: 100, 6: 100}


def handjas_roem(carre_ranks: str) -> RoemRules:
    """§6.1 / §6.3: sequences 20 … 300, carrés (``all``: every rank; ``swiss``: not 8 7 6),
    a card in one sequence and one carré (not exclusive), precedence by value; no meld is a
    stroke meld (every value is points)."""
    return RoemRules(
        seq_values=_SEQ,
        carre_values=_CARRE_ALL if carre_ranks == "all" else _CARRE_SWISS,
        exclusive=False,
        precedence=value_precedence,
        stroke_at=10**9,
        min_rank=6,
    )


_ROEM = {k: handjas_roem(k) for k in ("all", "swiss")}

TAKE = Action("take-hand")
KEEP = Action("keep-hand")

SWAP_SPEC = VerbSpec("swap", "Roof", "b", "b robs the turned card with your trump six", NONE)
TAKE_SPEC = VerbSpec("take-hand", "Ruil", "r", "r takes the extra hand (binding)", NONE)
KEEP_SPEC = VerbSpec("keep-hand", "Houden", "k", "k keeps your hand", NONE)
VERBS = (PLAY_SPEC, PASS_SPEC, SWAP_SPEC, TAKE_SPEC, KEEP_SPEC, ROEM_SPEC, CARRE_SPEC, STUK_SPEC)

DEAL_KEYS = frozenset(("dealer", "hands", "extra", "dead", "upcard", "stock"))


def receivers(n: int, dealer: int) -> list:
    """Who receives the packets of 3, in dealing order (§3): seats, ``extra``, ``dead``."""
    if n == 2:
        return [(dealer + 1) % 2, dealer, "extra", "dead"]
    if n == 3:
        return [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    if n == 4:
        return [(dealer + i) % 4 for i in (1, 2, 3, 4)]
    return [(dealer + i) % 5 for i in (1, 2, 3, 4)]


def upcard_place(n: int, dealer: int):
    """Where the turned card lies (§3): the dealer (4), the achterhand dealer+4 (5), the
    extra hand (3), the dead hand (2)."""
    return {2: "dead", 3: "extra", 4: dealer, 5: (dealer + 4) % 5}[n]


def deal(pack: list[int], n: int, dealer: int) -> tuple[list[int], int, int, int]:
    """Deal the 36 cards ``pack`` (card 1 first) for ``n`` players (§3): (hand masks per
    seat, extra hand mask, dead hand mask, upcard)."""
    piles: dict[Any, list[int]] = {}
    rec = receivers(n, dealer)
    i = 0
    for _round in range(3):
        for r in rec:
            piles.setdefault(r, []).extend(pack[i : i + 3])
            i += 3
    if n == 3:
        piles["extra"] = pack[27:36]
    hands = [mask_of(piles.get(s, ())) for s in range(n)]
    up = pack[27] if n == 3 else pack[35]
    return hands, mask_of(piles.get("extra", ())), mask_of(piles.get("dead", ())), up


@register
class Handjas(jas.JasGame):
    """Handjas (handjas.md) for 2 to 5 players. Options §9: ``target`` (5/7),
    ``onder_jan_max`` (21/25), ``single_winner``, ``carre_ranks`` (all/swiss),
    ``overtrump_on_trump_lead``, ``roem_mode`` (manual/auto)."""

    id = "handjas"
    name = "Handjas"
    family = "jas"
    #: a tenth of a streep on the aardappels sheet (``Game.review_floor``)
    review_floor = 0.1
    min_players = 2
    max_players = 5
    deck_name = "36 cards (6–A)"
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "swap": "<card>",
            "take-hand": "",
            "keep-hand": "",
            "declare": ("seq<N> <cards>", "carre <cards>", "stuk"),
        }
    )
    #: texts the grammar refuses and the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("claim", "'claim'"),
        ("declare trickroem", "'trickroem'"),
        ("swap 6S in 2", "'in'"),
        ("take-hand now", "'now'"),
        ("bid pit", "'bid'"),
        ("play XX", "'XX' is not a card"),
    )
    description = (
        "Two to five, each for himself, with sixes: swap for the extra hand, best roem takes all; beware the aardappel."
    )
    option_specs = (
        Option("target", "choice", "7", "strepen needed to win (5 or 7)", choices=("5", "7"), numeric=True),
        Option(
            "onder_jan_max",
            "choice",
            "21",
            'highest score that is onder jan (25: the "grens van 26")',
            choices=("21", "25"),
            numeric=True,
        ),
        Option("single_winner", "bool", False, 'only one "most points" streep, also with four players'),
        Option(
            "carre_ranks",
            "choice",
            "all",
            "which carrés count: all ranks, or swiss (not 8, 7, 6)",
            choices=("all", "swiss"),
        ),
        Option("overtrump_on_trump_lead", "bool", True, "on a trump lead you must overtrump when you can"),
        Option("roem_mode", "choice", "manual", "who declares roem and stuk", choices=("manual", "auto")),
    )
    #: tests/test_search.py: every seat count
    search_configs = ((2, {}), (3, {}), (4, {}), (5, {"roem_mode": "auto"}))

    ranking = HANDJAS

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)  # target, onder_jan_max: ints (numeric choices)
        self.rule = self.jas_rule()
        self.claim_manual = False  # §4: no claim in Handjas
        self.roem_manual = self.options["roem_mode"] == "manual"
        self.roem = _ROEM[self.options["carre_ranks"]]
        self.onder_max = self.options["onder_jan_max"]

    def jas_rule(self) -> JasRule:
        """§5: the lone jas may be kept back; overtrump on a trump lead by the option."""
        return JasRule(jas_wild=True, overtrump_on_trump_lead=self.options["overtrump_on_trump_lead"])

    def team_of(self, seat: int) -> int:
        return seat

    def deck(self) -> list[int]:
        return deck36()

    def new_sheet(self) -> Aardappels:
        """The streepjes-and-aardappels sheet (§8) with this game's target; seat 0 deals."""
        return Aardappels(self.players, self.options["target"], first_dealer=0)

    def check_result(self, result: Result, state: "HandjasState") -> list[str]:
        """§2 and §7: each seat's points are its trick points + roem + stuk; 9 tricks hold
        the card points in play + 5 (152 + 5 with 4 or 5 players); an aardappel exactly for
        the players onder jan, m or m + 1 strepen for the others (m players onder jan); the
        seat sitting out gets nothing; ``points`` = strepen − aardappels."""
        out = []
        d = result.detail
        n = self.players
        m = sum(1 for x in d["onder_jan"] if x)
        for s in range(n):
            p = d["points"][s]
            if p is not None and not d["onder_jan"][s] and d["strepen"][s] not in (m, m + 1):
                out.append(f"seat {s}: {d['strepen'][s]} strepen with {m} players onder jan")
            if p is None:
                if d["strepen"][s] or d["aardappels"][s] or result.points[s] or s != d["sitting_out"]:
                    out.append(f"seat {s} sat out but scores")
                continue
            if p != d["trick_points"][s] + d["roem"][s] + d["stuk"][s]:
                out.append(f"seat {s}: {p} points is not tricks + roem + stuk")
            if bool(d["aardappels"][s]) != (p <= self.onder_max) or d["onder_jan"][s] != (p <= self.onder_max):
                out.append(f"seat {s}: {p} points and aardappel {d['aardappels'][s]}")
            if result.points[s] != d["strepen"][s] - d["aardappels"][s]:
                out.append(f"seat {s}: points {result.points[s]} is not strepen - aardappels")
        if d["tricks_played"] == N_TRICKS:
            want = state.in_play_points + LAST_TRICK
            if sum(x or 0 for x in d["trick_points"]) != want:
                out.append(f"9 tricks hold {want} trick points, not {d['trick_points']}")
            if n >= 4 and state.in_play_points != CARD_POINTS:
                out.append(f"with {n} players all {CARD_POINTS} card points are in play")
        return out

    # -- §3 deal --
    def new_hand(
        self, seed: int | None = None, standing: Standing | None = None, *, sheet: Aardappels | None = None
    ) -> "HandjasState":
        """Shuffle (seeded) and deal in packets of 3 (§3); the dealer comes from ``standing``
        (or ``sheet=``)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(deck36(), rng_for(seed))
        dealer = standing.next_dealer
        hands, extra, dead, up = deal(pack, self.players, dealer)
        st = HandjasState(self, dealer, hands, up, standing, extra, dead)
        st.seed = seed
        return st

    def from_deal(
        self, deal: dict[str, Any], standing: Standing | None = None, *, sheet: Aardappels | None = None
    ) -> "HandjasState":
        """An exact deal ``{"dealer": 0, "hands": [[codes] per seat], "extra": [...],
        "dead": [...], "upcard": "6S"}`` (docs/records.md): the seat sitting out (5 players:
        the dealer) has ``[]``, every other hand 9 cards; ``extra`` 9 cards with 2 or 3
        players, ``dead`` 9 with 2 (else absent or empty); all 36 cards once; the upcard in
        the dealer's hand (4), the achterhand's (5), the extra hand (3), the dead hand (2).
        Raises DealError with the reason."""
        n = self.players
        if not isinstance(deal, dict):
            raise DealError("a deal is an object with dealer, hands, extra, dead and upcard")
        unknown = sorted(set(deal) - DEAL_KEYS)
        if unknown:
            raise DealError(
                f"unknown deal key {', '.join(map(repr, unknown))}: a deal has dealer, hands, extra, dead, upcard"
            )
        dealer = deal.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise DealError(f"hands must be a list of {n} hands")
        seen: set[int] = set()
        deck = mask_of(deck36())

        def cards(raw: Any, what: str, size: int) -> int:
            if raw is None:
                raw = []
            if not isinstance(raw, list):
                raise DealError(f"{what} must be a list of card codes")
            cs = check_cards(raw, what)
            if len(cs) != size:
                raise DealError(f"{what} must hold {size} cards, not {len(cs)}")
            for c in cs:
                if not (deck >> c) & 1:
                    raise DealError(f"{card_text(c)} is not in the 36-card pack")
                if c in seen:
                    raise DealError(f"{card_text(c)} is dealt twice")
                seen.add(c)
            return mask_of(cs)

        out = 0 if n < 5 else dealer
        masks = [cards(h, f"hand of seat {i}", 0 if n == 5 and i == out else N_TRICKS) for i, h in enumerate(hands)]
        extra = cards(deal.get("extra"), "extra", N_TRICKS if n <= 3 else 0)
        dead = cards(deal.get("dead"), "dead", N_TRICKS if n == 2 else 0)
        if deal.get("stock"):
            raise DealError("handjas has no stock")
        u = deal.get("upcard")
        if not isinstance(u, str):
            raise DealError('the deal needs the upcard, e.g. "upcard": "6S"')
        up = check_cards([u], "upcard")[0]
        place = upcard_place(n, dealer)
        where = {"extra": extra, "dead": dead}.get(place) if isinstance(place, str) else masks[place]
        if where is None or not (where >> up) & 1:
            name = f"seat {place}'s hand" if isinstance(place, int) else f"the {place} hand"
            raise DealError(f"the upcard {card_text(up)} must be in {name}")
        return HandjasState(self, dealer, masks, up, self.standing_of(standing, sheet), extra, dead)


class HandjasState(JasHand):
    """One hand of Handjas: the jas hand with every seat its own side, the rob and the
    exchange before the meld round, no claims, and the §7 scoring."""

    game: Handjas

    copy_lists = ("hands", "counts")
    verb_table = VERBS
    last_bonus = LAST_TRICK
    stuk_value = STUK_VALUE
    outrank_first = False  # §6.2: any meld may be declared
    roem_scoring = "side_all"  # §6.3: the meld winner scores all his melds
    stuk_when = "first"  # §6.4: on either card, or in the meld phase
    trick_roem = False

    def __init__(
        self,
        game: Handjas,
        dealer: int,
        hands: list[int],
        upcard: int,
        standing: Standing,
        extra: int = 0,
        dead: int = 0,
    ):
        n = game.players
        self.n_seats = n
        self.n_sides = n
        self.side = tuple(range(n))
        self.partner = (-1,) * n
        self.out_seat = dealer if n == 5 else -1
        order = [s for s in range(n) if s != self.out_seat]
        nxt = list(range(1, n)) + [0]
        if n == 5:
            nxt[(dealer + 4) % 5] = (dealer + 1) % 5
            self.n_playing = 4
        self.next_seat = tuple(nxt)
        self.active_seats = tuple(order)
        self.extra = extra
        self.dead = dead
        self.dealt_extra = extra
        self.dealt_dead = dead
        self.aside = 0
        self.aside_seat = -1
        self.turned = upcard  # the card first turned
        self.up_place = upcard_place(n, dealer)
        self.robbed_by = -1
        self.taker = -1
        self.step = 0  # exchange turns taken
        self.in_play_points = 0
        self.six_holder = -1  # 2-3 players: who had the rob decision (public)
        self.six_in_pile = False  # 2-3 players: nobody could rob, so the trump six lay in the extra/dead hand
        self._ready = False
        JasHand.__init__(self, game, dealer, hands, upcard, standing, N_TRICKS)
        self._ready = True
        self.onder_max = game.onder_max
        voor = self.next_seat[dealer]
        if n <= 3:
            six = make(6, self.trump)
            holder = next((s for s in order if (hands[s] >> six) & 1), -1)
            self.six_holder = holder if upcard != six else -1
            self.six_in_pile = holder < 0 and upcard != six
            if holder >= 0 and upcard != six:
                self.phase = "rob"
                self.to_act = holder
            else:
                self.phase = "exchange"
                self.to_act = voor
        else:
            self._begin_meld()

    # -- the phases before play --
    def _begin_meld(self) -> None:
        """The meld phase from voorhand; stuk's holder and the card points in play are
        fixed now (§6.4: K and Q of trump at the start of the meld phase)."""
        self.phase = "meld"
        self.to_act = self.next_seat[self.dealer]
        self.meld_step = 0
        stuk = stuk_mask(self.trump)
        self.stuk_seat = next((s for s in self.active_seats if self.hands[s] & stuk == stuk), -1)
        self.in_play_points = sum(self.t.points_of_mask(self.hands[s]) for s in self.active_seats)
        if not self.game.roem_manual:
            self._auto_meld_phase()

    def _legal_other(self) -> list[Action]:
        ph = self.phase
        if ph == "rob":
            return [Action("swap", None, (make(6, self.trump),)), PASS]
        if ph == "exchange":
            return [TAKE, KEEP]
        if ph == "meld":
            return self._legal_meld()
        return []

    def _apply_rob(self, seat: int, swap: bool) -> None:
        if swap:
            six = make(6, self.trump)
            self.hands[seat] ^= (1 << six) | (1 << self.turned)
            pile = (1 << six) | (1 << self.turned)
            if self.up_place == "extra":
                self.extra ^= pile
            else:
                self.dead ^= pile
            self.upcard = six
            self.robbed_by = seat
            self._log("rob", seat, self.turned)
        else:
            self._log("norob", seat)
        self.phase = "exchange"
        self.to_act = self.next_seat[self.dealer]

    def _apply_exchange(self, seat: int, take: bool) -> None:
        if take:
            self.aside = self.hands[seat]
            self.aside_seat = seat
            self.hands[seat] = self.extra
            self.extra = 0
            self.taker = seat
            if self.up_place == "extra":
                self.up_place = seat
            self._log("take", seat)
            self._begin_meld()
            return
        self._log("keep", seat)
        self.step += 1
        if self.step == len(self.active_seats):
            self._begin_meld()
        else:
            self.to_act = self.next_seat[seat]

    def _apply_other(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None, "the engine applies actions only while the hand is on"
        v = action.verb
        if self.phase == "rob" and v == "swap":
            self._apply_rob(seat, True)
        elif v in ("take-hand", "keep-hand"):
            self._apply_exchange(seat, v == "take-hand")
        else:  # pragma: no cover - legal actions only
            raise ValueError(f"unknown action {action.text()}")

    def _apply(self, action: Action) -> None:
        if self.phase == "rob" and action.verb == "pass":
            assert self.to_act is not None, "the engine applies actions only while the hand is on"
            self._apply_rob(self.to_act, False)
            return
        JasHand._apply(self, action)

    # -- the meld phase (§6.2, §6.5) --
    def _meld_options(self, seat: int) -> list[Meld]:
        """Whole runs (maximal, §6.2 / ruling 8) and counting carrés, not yet declared."""
        rules = self.game.roem
        hand = self.hands[seat]
        out = [seq_meld(s, top, k, rules) for s, top, k in runs(hand, rules)]
        out += [carre_meld(r, rules) for r, m in rules.carre_masks.items() if hand & m == m]
        return [m for m in out if conflict(m, self.turn_melds, rules) is None]

    def _auto_meld_phase(self) -> None:
        """``roem_mode = auto`` (§6.5): each active player declares all his whole runs,
        counting carrés and stuk."""
        if not self._ready:
            return
        while self.phase == "meld":
            seat = self.to_act
            assert seat is not None, "the meld round has a seat to act"
            for m in self._meld_options(seat):
                self._declare(seat, m)
            if self.stuk_seat == seat and self.stuk_by < 0:
                self._stuk(seat)
            self._meld_pass(seat)

    def _public(self) -> bool:
        """§6.2: declared melds are public at once."""
        return True

    def _auto_claim(self) -> None:
        """§4: there is no claim in Handjas."""

    # -- scoring (§7) --
    def _end_without_claim(self) -> None:
        n = self.n_seats
        act = self.active_seats
        pts = list(self.counts)
        onder = [s in act and pts[s] <= self.onder_max for s in range(n)]
        m = sum(onder)
        k = 2 if len(act) == 4 and not self.game.options["single_winner"] else 1
        strepen = [0] * n
        potato = [0] * n
        top = []
        for s in act:
            if onder[s]:
                potato[s] = 1
                continue
            if sum(1 for t in act if pts[t] > pts[s]) < k:
                strepen[s] += 1
                top.append(s)
            strepen[s] += m
        winner = self.top_seat if self.declared else -1
        roem = [0] * n
        if winner >= 0:
            roem[winner] = sum(mm.value for s, mm in self.declared if s == winner)
        stuk = [STUK_VALUE if s == self.stuk_by else 0 for s in range(n)]
        self.end = {
            "outcome": "end",
            "points": [pts[s] if s in act else None for s in range(n)],
            "trick_points": [self.trick_pts[s] if s in act else None for s in range(n)],
            "last_trick": self.last_winner,
            "roem": roem,
            "stuk": stuk,
            "onder_jan": onder,
            "strepen": strepen,
            "aardappels": potato,
            "most_points": top,
            "meld_winner": winner if winner >= 0 else None,
            "robbed_by": self.robbed_by if self.robbed_by >= 0 else None,
            "took_extra": self.taker if self.taker >= 0 else None,
            "sitting_out": self.out_seat if self.out_seat >= 0 else None,
            "next_dealer": (self.dealer + 1) % n,
            "tricks_played": self.ntricks,
        }
        self._log("end", tuple(strepen), tuple(potato))
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        e = self.end
        if e is None:
            return None
        detail = {k: (list(v) if isinstance(v, list) else v) for k, v in e.items()}
        res = Result(
            points=[a - b for a, b in zip(e["strepen"], e["aardappels"])],
            outcome="end",
            winners=list(e["most_points"]),
            detail=detail,
        )
        res.summary = self.summary(res)
        return res

    def summary(self, res: Result) -> Summary:
        """The hand in words: who got the "most points" strepen, who is onder jan; the
        strepen and aardappels per seat; the points per seat."""
        d = res.detail
        top = d["most_points"]
        head = (
            ("Most points: " + " and ".join(f"{{{i}}}" for i in range(len(top)))) if top else "Nobody above onder jan"
        )
        onder = [s for s in range(self.n_seats) if d["onder_jan"][s]]
        if onder:
            head += "  \u00b7  onder jan: " + " and ".join(f"{{{len(top) + i}}}" for i in range(len(onder)))
        seats = tuple(top) + tuple(onder)

        def written(s: int) -> str:
            if d["points"][s] is None:
                return "sat out"
            if d["aardappels"][s]:
                return "aardappel"
            return jas.strepen_text(d["strepen"][s])

        facts = (
            seats_fact("This hand", [written(s) for s in range(self.n_seats)], winners=tuple(top)),
            seats_fact("Points", ["\u2013" if p is None else p for p in d["points"]]),
        )
        return Summary(phrase(head, seats, kind="outcome"), facts)

    def returns_gains(self) -> list[float]:
        e = self.end
        assert e is not None, "returns_gains: the hand is over"
        return [float(a - b) for a, b in zip(e["strepen"], e["aardappels"])]

    def returns_scale(self) -> float:
        return 2.0

    # -- hidden cards, places, search --
    def _shown(self) -> int:
        """Cards whose place everyone knows: the face-up card, a robbed turned card, and the
        trump six of a player who had the rob decision."""
        m = 1 << self.upcard
        if self.robbed_by >= 0:
            m |= 1 << self.turned
        if self.six_holder >= 0:
            m |= 1 << make(6, self.trump)
        return m

    def named_places(self) -> tuple[tuple[str, int], ...]:
        return (("extra", self.extra), ("dead", self.dead), ("aside", self.aside))

    def iset_forbidden(self, seat: int, known: list[int], pool: int) -> list[int]:
        """Also: a whole run declared rules out the cards just above and below it for its
        declarer (§6.2); with nobody to rob (2-3 players) the trump six lay in the extra or
        dead hand, so only the taker of the extra hand can hold it."""
        forbid = JasHand.iset_forbidden(self, seat, known, pool)
        for s, m in self.declared:
            if m.kind == "seq":
                if m.top < 14:
                    forbid[s] |= 1 << make(m.top + 1, m.suit)
                if m.low > 6:
                    forbid[s] |= 1 << make(m.low - 1, m.suit)
        if self.six_in_pile:
            six = 1 << make(6, self.trump)
            for s in self.active_seats:
                if s != self.taker:
                    forbid[s] |= six
        return forbid

    def iset_place_allowed(self, seat: int, owner: Any) -> int:
        """The put-aside hand was a dealt hand: not the trump six when it lay in the pile."""
        if owner[0] == "aside" and self.six_in_pile:
            return ~(1 << make(6, self.trump))
        return -1

    def hidden_mask(self, seat: int) -> int:
        """Also the extra and dead hands and a put-aside hand (not from its owner), except
        the face-up card and a robbed turned card."""
        hid = JasHand.hidden_mask(self, seat) | self.extra | self.dead
        if seat != self.aside_seat:
            hid |= self.aside
        return hid & ~self._shown()

    def _card_places(self) -> list[int]:
        return TrickHand._card_places(self) + [self.extra, self.dead, self.aside]

    def iset_known(self, seat: int) -> list[int]:
        known = [0] * self.n_seats
        known[seat] = self.hands[seat]
        shown = self._shown()
        for s in range(self.n_seats):
            if s != seat:
                known[s] |= self.hands[s] & shown
        if self.stuk_by >= 0 and self.stuk_by != seat:
            known[self.stuk_by] |= stuk_mask(self.trump) & self.hands[self.stuk_by]
        for s, m in self.declared:
            if s != seat:
                known[s] |= m.mask & self.hands[s]
        return known

    def iset_places(self, seat: int) -> list[tuple[Any, int]]:
        """The extra, dead and put-aside hands less what ``seat`` knows there; an owner is
        ``(place name, known cards there)``."""
        out = []
        shown = self._shown()
        for name in ("extra", "dead", "aside"):
            m = getattr(self, name)
            fixed = m if (name == "aside" and seat == self.aside_seat) else m & shown
            if m & ~fixed:
                out.append(((name, fixed), m & ~fixed))
        return out

    def iset_place(self, owner: Any, mask: int, rng) -> None:
        name, fixed = owner
        setattr(self, name, fixed | mask)

    def _iset_rebuild(self, seat: int, rng, played: list[int]) -> None:
        """After a sample: the hands at the meld phase (stuk's holder, the card points in
        play) and the deal they came from (the exchange and the rob undone)."""
        now = [h | p for h, p in zip(self.hands, played)]
        if self.phase not in ("rob", "exchange"):
            if self.stuk_by < 0:
                stuk = stuk_mask(self.trump)
                self.stuk_seat = next((s for s in self.active_seats if now[s] & stuk == stuk), -1)
            self.in_play_points = sum(self.t.points_of_mask(now[s]) for s in self.active_seats)
        pre, extra, dead = list(now), self.extra, self.dead
        if self.taker >= 0:
            pre[self.taker], extra = self.aside, now[self.taker]
        if self.robbed_by >= 0:
            sw = (1 << make(6, self.trump)) | (1 << self.turned)
            pre[self.robbed_by] ^= sw
            if self.n_seats == 3:
                extra ^= sw
            else:
                dead ^= sw
        self.start_hands, self.dealt_extra, self.dealt_dead = tuple(pre), extra, dead

    def deal_record(self) -> dict[str, Any]:
        """The deal as dealt: dealer, hands, extra, dead (2-3 players), upcard (the card
        first turned). After an information-set sample the hands are the sample's."""

        def codes(m: int) -> list[str]:
            return [card_text(c) for c in sorted(cards_of(m), key=lambda c: (suit_of(c), -rank_of(c)))]

        d = {"dealer": self.dealer, "hands": [codes(h) for h in self.start_hands], "upcard": card_text(self.turned)}
        if self.n_seats <= 3:
            d["extra"] = codes(self.dealt_extra)
        if self.n_seats == 2:
            d["dead"] = codes(self.dealt_dead)
        return d

    # -- views --
    def zones(self, seat: int, legal: tuple = (), specs: tuple = (), view: tuple | None = None):
        """The trick zones, the upcard under the hand it lies in, the extra, dead and
        put-aside hands, and an OUT marker for the seat sitting out."""
        zs = list(TrickHand.zones(self, seat, legal, specs, view))
        owner = self.up_place if isinstance(self.up_place, int) else None
        for i, z in enumerate(zs):
            if z.kind == "upcard":
                zs[i] = z._replace(owner=owner, caption="trump" if self.robbed_by < 0 else "trump (robbed)")
        return tuple(zs)

    def extra_zones(self, seat: int, hidden: int) -> list:
        """The extra hand (2-3 players), the dead hand (2), a put-aside hand (its owner sees
        it), the OUT marker of the seat sitting out (5) and the declared roem."""
        places: list[tuple[str, str, int | None, int]] = []
        if self.n_seats <= 3:
            places.append(("extra hand", EXTRA_HAND, None, self.extra))
        if self.n_seats == 2:
            places.append(("dead hand", DEAD_HAND, None, self.dead))
        if self.aside:
            places.append(("put aside", DEAD_HAND, self.aside_seat, self.aside))
        out = []
        for name, kind, owner, mask in places:
            known = mask & ~hidden
            out.append(
                Zone(
                    name,
                    kind,
                    owner,
                    mask.bit_count(),
                    tuple(cards_of(known)),
                    UP if mask and known == mask else DOWN,
                    caption=name,
                )
            )
        if self.out_seat >= 0:
            out.append(out_zone(self.out_seat, "sits out"))
        out.extend(JasHand.extra_zones(self, seat, hidden))
        return out

    def status(self) -> str:
        """``Troef ♠ · seat 4 sits out this hand · seat 0: 24 · seat 1: 9 …``: the trump,
        the seat that sits out (five players), the points of each seat that plays (the
        table names the seats)."""
        pts = " · ".join(f"seat {s}: {self.counts[s]}" for s in self.active_seats)
        out = f"seat {self.out_seat} sits out this hand · " if self.out_seat >= 0 else ""
        return f"Troef {SUIT_SYMBOLS[self.trump]} · {out}{pts}"

    def observation(self, seat: int):
        """What ``seat`` sees: ``hand`` in display order (trump first); ``upcard`` the card
        lying face up (the turned card, or the trump six that robbed it); ``scores``
        ``{"points": [per seat], "strepen": [net per seat on the sheet when dealt]}``;
        ``status`` ``Troef ♠ · seat 0: 24 · seat 1: 9 …`` (``status()``); ``active`` False
        for the seat that sits out.

        ``extra`` keys: ``declared`` ([{"seat", "announce", "value", "cards", "scores"}],
        public at once, §6.2; ``scores`` None in the meld phase, then whether it belongs to
        the meld winner); ``meld_winner`` (seat or None, after the meld phase); ``stuk``
        (the seat that declared it); ``stuk_forced`` (the seat to act declared stuk and must
        play the trump K or Q); ``robbed_by`` (the seat that robbed the turned card, or
        None); ``turned`` (the card first turned); ``took_extra`` (the seat that took the
        extra hand, or None); ``extra_hand`` / ``dead_hand`` / ``put_aside`` (the cards
        lying there, counts); ``sitting_out`` (the dealer with five players, else None);
        ``played``, ``tricks`` (the completed tricks); ``points`` (per seat, running);
        ``roem_mode``, ``overtrump_on_trump_lead`` (options); ``result`` (the detail once
        over)."""
        declared = []
        over_melds = self.phase not in ("rob", "exchange", "meld")
        melds: list[MeldView] = []
        for s, m in self.declared:
            declared.append(
                {
                    "seat": s,
                    "announce": roem.announce(m, self.trump),
                    "value": m.value,
                    "cards": [card_text(c) for c in m.cards],
                    "scores": (s == self.top_seat) if over_melds else None,
                }
            )
            melds.append(MeldView(len(melds) + 1, s, "run" if m.kind == "seq" else "set", m.cards))
        extra = {
            "declared": declared,
            "meld_winner": (self.top_seat if self.declared else None) if over_melds else None,
            "stuk": self.stuk_by if self.stuk_by >= 0 else None,
            "stuk_forced": self.stuk_forced,
            "robbed_by": self.robbed_by if self.robbed_by >= 0 else None,
            "turned": card_text(self.turned),
            "took_extra": self.taker if self.taker >= 0 else None,
            "extra_hand": self.extra.bit_count(),
            "dead_hand": self.dead.bit_count(),
            "put_aside": self.aside.bit_count(),
            "sitting_out": self.out_seat if self.out_seat >= 0 else None,
            "played": self.played_codes(),
            "tricks": self.tricks_json(),
            "points": list(self.counts),
            "roem_mode": self.game.options["roem_mode"],
            "overtrump_on_trump_lead": self.game.options["overtrump_on_trump_lead"],
            "result": None if self.end is None else dict(self.end),
        }
        active = tuple(s != self.out_seat for s in range(self.n_seats))
        return self.make_observation(
            seat,
            scores={"points": list(self.counts), "strepen": list(self.strepen0)},
            extra=extra,
            melds=tuple(melds),
            active=active,
        )

    # -- words --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        tr = self.trump
        if k == "rob":
            return LogEvent(
                k, "{0} {0:robs|rob} the turned card {c0} with the trump six {c1}", (ev[1],), (ev[2], make(6, tr))
            )
        if k == "norob":
            return LogEvent(k, "{0} {0:holds|hold} the trump six and {0:does|do} not rob", (ev[1],))
        if k == "take":
            return LogEvent(k, "{0} {0:takes|take} the extra hand; the old hand goes out of play", (ev[1],))
        if k == "keep":
            return LogEvent(k, "{0} {0:keeps|keep} the hand", (ev[1],))
        if k == "meld":
            return LogEvent(
                k,
                "{0} {0:declares|declare} " + esc(roem.roem_words(ev[2], tr)) + f" ({ev[2].value})",
                (ev[1],),
                ev[2].cards,
            )
        if k == "stuk":
            return LogEvent(k, f"{{0}} {{0:declares|declare}} stuk (+{STUK_VALUE})", (ev[1],))
        if k == "pass":
            return LogEvent(k, "{0} {0:passes|pass}", (ev[1],))
        if k == "resolve":
            side, pts = ev[1], ev[2]
            rej = [s for s, _m in self.declared if s != side]
            txt = f"best roem: all {{0's}} roem scores (+{pts})"
            if rej:
                txt += "; nothing for " + ", ".join(f"{{{i + 1}}}" for i in range(len(sorted(set(rej)))))
            return LogEvent(k, txt, (side,) + tuple(sorted(set(rej))), (), (side, pts))
        if k == "end":
            strepen, potato = ev[1], ev[2]
            parts: list[str] = []
            seats: list[int] = []
            for s in self.active_seats:
                if potato[s]:
                    parts.append(f"{{{len(seats)}}} aardappel")
                elif strepen[s]:
                    parts.append(f"{{{len(seats)}}} {jas.strepen_text(strepen[s])}")
                else:
                    continue
                seats.append(s)
            return LogEvent(k, "hand over: " + (", ".join(parts) or "nothing written"), tuple(seats))
        if k in ("play", "trick"):
            return TrickHand._log_event(self, ev)
        return None

    def explain(self, action: Action) -> str:
        """Why ``action`` is refused now, in words."""
        v, arg = action.verb, action.arg
        seat = self.to_act
        ph = self.phase
        if ph == "over" or seat is None:
            return "the hand is over"
        if v == "claim":
            return "there is no claim in Handjas: every hand is played to the ninth trick"
        six = card_text(make(6, self.trump))
        if ph == "rob":
            if v == "swap":
                return f"only the trump six ({six}) robs the turned card: swap {six} or pass"
            return f"seat {seat} holds the trump six: swap {six} to rob the turned card, or pass"
        if v == "swap":
            if self.n_seats > 3:
                return "robbing with the trump six is only played with 2 or 3 players"
            return "the turned card is robbed before the exchange, by the holder of the trump six"
        if ph == "exchange":
            return f"seat {seat} decides: take-hand (the extra hand, binding) or keep-hand"
        if v in ("take-hand", "keep-hand"):
            if self.n_seats > 3:
                return "there is no extra hand with 4 or 5 players"
            return "the exchange is over: only one player can take the extra hand, before the roem"
        if ph == "meld":
            if v == "declare" and arg != "stuk":
                return self._explain_meld(seat, action)
            if v == "declare":
                if self.stuk_seat != seat:
                    return f"seat {seat} does not hold K and Q of troef: no stuk"
                return "stuk has already been declared"
            return f"{action.text()}: it is seat {seat}'s meld turn: declare roem or pass"
        if v == "play" and len(action.cards) == 1:
            c = action.cards[0]
            if self.stuk_forced and (self.hands[seat] >> c) & 1:
                return "after declaring stuk you must play your troef K or Q"
            return self.explain_play(seat, c)
        if v == "declare" and arg == "stuk":
            if self.stuk_by >= 0:
                return "stuk may be declared once per hand"
            if self.stuk_seat != seat:
                return f"seat {seat} did not hold K and Q of troef at the start of the roem: no stuk"
            if self.stuk_forced:
                return "stuk is declared: now play your troef K or Q"
            return "stuk is declared when you play your troef K or Q, and that card is not a legal play now"
        if v == "declare":
            return "roem is declared in the meld phase, before the first card is played"
        if v == "pass":
            return "you cannot pass on a play turn: play a card"
        return f"{action.text()} is not an action of Handjas now"

    def _explain_meld_more(self, seat: int, action: Action, m: Meld) -> str:
        """A sequence that is not a whole run (§6.2, ruling 8)."""
        if m.kind == "seq":
            for s, top, k in runs(self.hands[seat], self.game.roem):
                if s == m.suit and top >= m.top and top - k + 1 <= m.low:
                    whole = seq_meld(s, top, k, self.game.roem)
                    return f"{action.text()}: not a whole run; a run is declared whole: declare {whole.text()}"
        return f"{action.text()} is not allowed now"  # pragma: no cover


__all__ = ["HANDJAS", "Handjas", "HandjasState", "deal", "handjas_roem"]
