"""What the partnership manille games share (manille-muette.md, manille-parlee.md; the
scoring functions and the hand machinery also fit butifarra.md).

Everything is a parameter of a class or a function, so that a game module holds only what
differs:

- ``deal_with_upcard``: deal in packets; the last card dealt (the dealer's last) is the
  upcard, whose suit is trump (manille-muette §3).
- ``hand_winner`` / ``excess_points`` / ``score_hand``: the hand's points per side (card
  points + 1 per trick, ``TrickHand.per_trick``), the winner (``win_at`` of ``total``
  points: 35 of 68 in manille, 37 of 72 in butifarra; equal halves tie) and the points
  above half (manille ``scoring = excess``: 35 -> 1; butifarra: points above 36).
- ``SCORING_OPTIONS``: the ``scoring`` / ``hands_to_win`` / ``target`` options (§9); the
  sheet they ask for is ``sheets.hands.match_sheet`` (families sit below sheets, so the
  game module names it as ``sheet_factory``).
- ``PartnershipManille``: a ``Game`` of 2 x 2 with the upcard trump, the manille ranking
  and follow rule, the deal and the record deal; a game subclasses it and names its
  ``state_class`` and ``sheet_factory``.
- ``ManilleHand``: a ``TrickHand`` of one such hand: play only, then the hand scoring
  (§7), the observation's common ``extra`` keys and the status line.

Units: hand points (card points + tricks, 0..68), game points (``excess``), hands won.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Callable, Sequence

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS, Card, card_text, piquet32, shuffled, suit_of
from cardtable.engine.game import Observation, Option, Result, rng_for
from cardtable.engine.standing import Standing
from cardtable.engine.views import Fact, LogEvent, Summary, phrase
from cardtable.families.follow import ManilleRule
from cardtable.families.partnerships import side_result
from cardtable.families.summaries import score_fact, side_fact
from cardtable.families.trick_deal import deal_packets, parse_trick_deal
from cardtable.families.trick_masks import mask_of
from cardtable.families.trick_ranking import MANILLE
from cardtable.families.tricks import TrickGame, TrickHand

#: the sides as the manille sheets head them (``sheets.sides.SIDE_HEADERS``; families sit
#: below sheets, so the words are repeated here)
SIDE_HEADERS = ("A (0 & 2)", "B (1 & 3)")

#: side letters of the specs (A = seats 0 & 2, B = seats 1 & 3)
SIDE_LETTERS = ("A", "B")


# ---- the deal ----------------------------------------------------------------------------


def deal_with_upcard(
    pack: Sequence[Card], n_players: int, dealer: int, packets: Sequence[int]
) -> tuple[list[int], Card]:
    """Deal ``pack`` (index 0 = top) in ``packets`` from voorhand round to the dealer
    (``deal_packets``) and turn the last card dealt, the dealer's last: returns (hand masks,
    upcard). The upcard stays in the dealer's hand (manille-muette §3, R5)."""
    hands = deal_packets(pack, n_players, dealer, packets)
    n = n_players * sum(packets)
    return [mask_of(h) for h in hands], pack[n - 1]


# ---- scoring -----------------------------------------------------------------------------


def hand_winner(points: Sequence[int], win_at: int) -> int | None:
    """The side (index into ``points``) with ``win_at`` or more hand points, or None (a
    tie at half the total, or nobody there yet). manille-muette §7.2: 35 of 68."""
    for side, p in enumerate(points):
        if p >= win_at:
            return side
    return None


def excess_points(points: Sequence[int], side: int | None, half: int) -> list[int]:
    """Game points per side: the hand winner ``side`` scores its points above ``half``
    (manille ``scoring = excess``, half 34: 35 -> 1 ... 68 -> 34; butifarra: above 36),
    the other side 0; a tie (``side`` None) scores nothing."""
    out = [0] * len(points)
    if side is not None:
        out[side] = points[side] - half
    return out


def score_hand(points: Sequence[int], win_at: int, half: int, scoring: str) -> tuple[int | None, list[int]]:
    """(hand winner or None, game points per side) of a hand that ended with ``points``
    (§7): ``scoring = "hands"``: 1 to the winner (one hand won); ``"excess"``: the points
    above ``half``. E.g. ``score_hand([36, 32], 35, 34, "excess") == (0, [2, 0])``."""
    side = hand_winner(points, win_at)
    if scoring == "excess":
        return side, excess_points(points, side, half)
    return side, [1 if s == side else 0 for s in range(len(points))]


#: The match options of the manille games (manille-muette §9).
SCORING_OPTIONS = (
    Option(
        "scoring",
        "choice",
        "hands",
        "hands: first side to win hands_to_win hands; excess: the hand "
        "winner scores its points above half, first side to target",
        choices=("hands", "excess"),
    ),
    Option("hands_to_win", "int", 2, "hands a side must win (scoring = hands)", minimum=1, maximum=1000),
    Option("target", "int", 50, "game points to win (scoring = excess)", minimum=1, maximum=10000),
)


# ---- the game ----------------------------------------------------------------------------


class PartnershipManille(TrickGame):
    """A manille game of 4 players in two sides (manille-muette §1-3, §7, §9).

    Parameters (class attributes): ``ranking`` (trick order and card points), ``rule`` (the
    follow rule), ``pack`` (the deck), ``deck_label`` (its name in messages), ``packets``
    (the deal), ``hand_size``, ``total_points`` (hand points in a hand, a check), ``win_at``
    (hand points that win it), ``state_class`` (the hand's State, a ``ManilleHand``),
    ``sheet_factory`` (``options -> Sheet``; the sheet must have ``next_dealer`` and
    ``won`` [a, b] (scoring = hands) or ``totals`` [a, b] (excess)).
    Options: ``SCORING_OPTIONS``.
    """

    family = "manille"
    min_players = 4
    max_players = 4
    deck_name = "piquet32"
    option_specs = SCORING_OPTIONS

    ranking = MANILLE
    rule = ManilleRule()
    #: the deck, in pack order
    pack: tuple[Card, ...] = tuple(piquet32())
    #: the deck's name in messages
    deck_label: str = "the 32-card piquet pack"
    #: the packets of the deal, from voorhand round to the dealer
    packets: tuple[int, ...] = (4, 4)
    #: the cards of each hand (= the tricks of a hand)
    hand_size: int = 8
    #: the hand points of a whole hand: card points + 1 per trick (a check)
    total_points: int = 68
    #: the hand points that win the hand
    win_at: int = 35
    #: the hand's State, set by the game module: ``state_class(game, dealer, hands as masks,
    #: upcard, standing)`` makes a ``ManilleHand``
    state_class: Callable[..., ManilleHand]
    #: the match sheet, set by the game module (a staticmethod): ``sheet_factory(options)``
    sheet_factory: Callable[[dict[str, Any]], Any]

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        #: ``Game.review_floor`` in the sheet's unit: a twentieth of a hand where a hand won
        #: writes 1 (scoring = hands), else 1 game point (excess: a hand writes up to 34)
        self.review_floor = 0.05 if self.options["scoring"] == "hands" else 1.0

    def team_of(self, seat: int) -> int:
        return seat & 1

    def deck(self) -> list[int]:
        return list(self.pack)

    @cached_property
    def deck_mask(self) -> int:
        """The mask of ``pack`` (made once per game)."""
        return mask_of(self.pack)

    def check_result(self, result: Result, state: "ManilleHand") -> list[str]:
        """The spec's totals for a finished hand (§2, §7): card points + 1 per trick make
        ``total_points`` (68: 60 + 8 tricks); ``win_at`` (35) wins, half each (34-34) ties;
        partners alike; the hand winner scores 1 hand (scoring = hands) or its points above
        half (excess). Problems as sentences; ``[]`` if none."""
        out = []
        p, d = result.points, result.detail
        half, h = self.total_points // 2, self.hand_size
        if result.outcome not in {"won", "tie"}:
            out.append(f"outcome {result.outcome!r} is not won or tie")
        if p[0] != p[2] or p[1] != p[3]:
            out.append(f"partners score together: {p}")
        hp = d["hand_points"]
        if sum(hp) != self.total_points or d["tricks_played"] != h or sum(d["side_tricks"]) != h:
            out.append(f"{h} tricks and {self.total_points} hand points: {hp}, {d['side_tricks']}")
        card = self.total_points - h * ManilleHand.per_trick
        if [hp[s] - d["side_tricks"][s] for s in (0, 1)] != d["card_points"] or sum(d["card_points"]) != card:
            out.append(f"card points {d['card_points']} are not hand points less tricks, {card} in all")
        w = d["winning_side"]
        if w is None:
            if hp != [half, half] or result.winners or any(p):
                out.append(f"a tie is {half}-{half} and scores nothing: {hp}, {p}")
        else:
            if hp[w] < self.win_at or result.winners != [w, w + 2]:
                out.append(f"side {w} wins with {self.win_at} or more: {hp}, winners {result.winners}")
            if p[w] != (hp[w] - half if d["scoring"] == "excess" else 1) or p[1 - w] != 0:
                want = "its points above " + str(half) if d["scoring"] == "excess" else "1 hand"
                out.append(f"side {w} scores {want}, not {p}")
        return out

    def new_sheet(self):
        """The match sheet for the options (§8), made by ``sheet_factory``."""
        return self.sheet_factory(self.options)

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *, sheet=None) -> "ManilleHand":
        """Shuffle (seeded) and deal 4-4 from voorhand round to the dealer, who gets the
        last card face up: the upcard, trump (§3). The dealer and the hands won or game
        points so far (``totals``) come from ``standing`` (or ``sheet=``, read as
        ``sheet.standing()``; neither: a fresh match)."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(self.pack, rng_for(seed))
        hands, upcard = deal_with_upcard(pack, 4, standing.next_dealer, self.packets)
        st = self.state_class(self, standing.next_dealer, hands, upcard, standing)
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet=None) -> "ManilleHand":
        """An exact deal ``{"dealer": 0, "hands": [[8 codes] x4], "upcard": "QD", "stock": []}``
        (§3). DealError unless: dealer 0..3, four hands of 8 distinct piquet cards, the
        upcard in the dealer's hand, no stock. The deal's dealer is used; the standing so
        far comes from ``standing`` (or ``sheet=``)."""
        dealer, masks, upcard, _stock = parse_trick_deal(
            deal, 4, self.hand_size, self.deck_mask, self.deck_label, self.id
        )
        assert upcard is not None, "parse_trick_deal reads the upcard of a game that has one"
        return self.state_class(self, dealer, masks, upcard, self.standing_of(standing, sheet))


# ---- the hand ----------------------------------------------------------------------------


class ManilleHand(TrickHand):
    """One hand of a partnership manille game: eight tricks under the manille rule, 1
    point per trick, then §7. Subclasses add phases or actions (Parlée's talk).

    ``end`` (the Result detail) holds: ``outcome`` (``won`` / ``tie``), ``winning_side``
    (0/1/None), ``hand_points`` [a, b] (card points + tricks), ``card_points`` [a, b],
    ``side_tricks`` [a, b], ``tricks_played``, ``game_points`` [a, b] (``excess``: points
    above half; ``hands``: 1 to the hand winner), ``scoring``, ``dealer``, ``next_dealer``,
    ``upcard`` (code), ``trump`` (letter), ``sheet_row`` (the sheet's cells).
    """

    per_trick = 1
    game: PartnershipManille
    #: the trump suit: the upcard's
    trump: int
    #: the dealer's last card, turned up
    upcard: Card

    def __init__(self, game: PartnershipManille, dealer: int, hands: list[int], upcard: Card, standing: Standing):
        super().__init__(game, dealer, hands, suit_of(upcard), upcard, game.hand_size)
        self.scoring = game.options["scoring"]
        # per side: game points so far (scoring = excess) or hands won (hands), as the sheet
        # of that scoring keeps them
        self.standing = (standing.totals[0], standing.totals[1])

    # -- §7 scoring --
    def _hand_over(self) -> None:
        game = self.game
        pts = list(self.trick_pts)
        side, gp = score_hand(pts, game.win_at, game.total_points // 2, self.scoring)
        cp = [pts[s] - self.side_tricks[s] for s in (0, 1)]
        upcard = card_text(self.upcard)
        self.end = {
            "outcome": "tie" if side is None else "won",
            "winning_side": side,
            "hand_points": pts,
            "card_points": cp,
            "side_tricks": list(self.side_tricks),
            "tricks_played": self.ntricks,
            "game_points": gp,
            "scoring": self.scoring,
            "dealer": self.dealer,
            "next_dealer": (self.dealer + 1) & 3,
            "upcard": upcard,
            "trump": SUIT_LETTERS[self.trump],
            "sheet_row": {
                "dealer": str(self.dealer),
                "upcard": upcard,
                "points": f"{pts[0]} – {pts[1]}",
                "winner": "—" if side is None else f"{SIDE_LETTERS[side]} ✓",
            },
        }
        self._log("end", side, pts[0], pts[1])
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        """Once over: ``points`` per seat = ``game_points`` of its side (hands mode: 1 for
        each seat of the hand winner; excess: the points above half); ``winners`` = the
        seats of the hand winner (none for a tie); ``summary``: ``summary(result)``."""
        res = side_result(self.end)
        if res is not None:
            res.summary = self.summary(res)
        return res

    def summary(self, res: Result) -> Summary:
        """The hand in words (§7): who won it and by how much (or a tie), the game points it
        writes (``scoring = excess``; in hands mode the sheet's "hands won" line says it),
        troef and the upcard, the hand points with card points and tricks."""
        d = res.detail
        w = d["winning_side"]
        hp = d["hand_points"]
        if w is None:
            head = f"A tie, {hp[0]} \u2013 {hp[1]}: nobody " + (
                "scores" if self.scoring == "excess" else "wins the hand"
            )
        else:
            head = f"Side {SIDE_HEADERS[w]} wins the hand, {hp[w]} to {hp[1 - w]}"
        facts = []
        if self.scoring == "excess":
            facts.append(score_fact("game points", SIDE_HEADERS, res.points, ((0, 2), (1, 3)), res.winners))
        facts.append(Fact("Troef", phrase(f"{SUIT_SYMBOLS[self.trump]} (turned up {{c0}})", (), (self.upcard,))))
        cp, tr = d["card_points"], d["side_tricks"]
        facts.append(
            side_fact(
                "Points",
                SIDE_HEADERS,
                hp,
                f"  (cards {cp[0]} \u2013 {cp[1]}, tricks {tr[0]} \u2013 {tr[1]})",
                res.winners,
            )
        )
        return Summary(phrase(head, kind="outcome"), tuple(facts))

    def returns_scale(self) -> float:
        """``returns()``: the game points (hands mode: 1 to the hand winner, so +-1; excess:
        the points above half, scaled by half the hand's points, 34)."""
        return 1.0 if self.scoring == "hands" else self.game.total_points / 2

    # -- what a seat sees --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        if ev[0] == "end":
            side, a, b = ev[1], ev[2], ev[3]
            if side is None:
                return LogEvent("end", f"hand over: {a} – {b}, a tie: nobody wins the hand", (), (), (side, a, b))
            return LogEvent(
                "end",
                f"hand over: {a} – {b}, side {SIDE_LETTERS[side]} ({side}/{side + 2}) wins the hand",
                (),
                (),
                (side, a, b),
            )
        return TrickHand._log_event(self, ev)

    def status(self) -> str:
        a, b = self.trick_pts
        x, y = self.standing
        if self.scoring == "excess":
            match = f"game {x}–{y} of {self.game.options['target']}"
        else:
            match = f"hands {x}–{y} of {self.game.options['hands_to_win']}"
        return f"Troef {SUIT_SYMBOLS[self.trump]} · A: {a} · B: {b} · {match}"

    def scores(self) -> dict[str, Any]:
        """``{"points": [a, b]`` (hand points so far), ``"hands_won": [a, b]`` (scoring =
        hands) or ``"game_points": [a, b]`` (excess), at the deal of this hand``}``."""
        key = "game_points" if self.scoring == "excess" else "hands_won"
        return {"points": list(self.trick_pts), key: list(self.standing)}

    def common_extra(self) -> dict[str, Any]:
        """The ``extra`` keys every partnership manille game shows: ``played`` (codes of the
        cards in completed tricks); ``tricks`` ([{"leader", "cards": [[seat, code], …],
        "winner", "points"}], points with the 1 per trick); ``side_tricks`` [a, b];
        ``hand_points`` [a, b] (card points + tricks so far); ``card_points`` [a, b];
        ``upcard_held`` (the dealer still holds the upcard); ``win_at`` (35), ``total_points``
        (68); ``scoring``, ``hands_to_win``, ``target`` (the options); ``result`` (the Result
        detail once the hand is over, else None).

        The rest of the observation: ``hand`` trump first, then the other suits alternating
        colours, each high to low in trick order (T A K Q J 9 8 7); ``upcard`` always the
        turned card (it shows trump); ``scores`` as ``scores()``; ``status`` ``Troef ♦ · A: 12
        · B: 8 · hands 1–0 of 2``."""
        o = self.game.options
        return {
            "played": self.played_codes(),
            "tricks": self.tricks_json(),
            "side_tricks": list(self.side_tricks),
            "hand_points": list(self.trick_pts),
            "card_points": [self.trick_pts[s] - self.side_tricks[s] for s in (0, 1)],
            "upcard_held": bool((self.hands[self.dealer] >> self.upcard) & 1),
            "win_at": self.game.win_at,
            "total_points": self.game.total_points,
            "scoring": o["scoring"],
            "hands_to_win": o["hands_to_win"],
            "target": o["target"],
            "result": None if self.end is None else dict(self.end),
        }

    def observation(self, seat: int) -> Observation:
        return self.make_observation(seat, scores=self.scores(), extra=self.common_extra())


__all__ = [
    "ManilleHand",
    "PartnershipManille",
    "SCORING_OPTIONS",
    "SIDE_HEADERS",
    "SIDE_LETTERS",
    "deal_with_upcard",
    "excess_points",
    "hand_winner",
    "score_hand",
]
