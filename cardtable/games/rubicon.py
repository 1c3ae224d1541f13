"""Rubicon Bezique, 2 players, four piquet packs (cardtable/rules/rubicon.md).

The bezique family's hand (``families/bezique.py``: ``BeziqueHand``, the declare window,
the draw, the last tricks, the re-use rules of §6.3 with the re-forming of a broken meld in
``meld_refusal``) with Rubicon's parameters: 128 cards dealt in packets of three, no
turn-up (troef set by the first stuk or trump sequence), any number of melds per window,
carte blanche (§6.6), brisques only counted, the last trick 50. This module holds the meld
table of §6.1 (with the options ``four_tens`` and ``bezique_pair``), the settlement of
§7.2 (``settle``), the session of §7.3 (option ``games``) and the sheet of §8
(``sheets/rubicon.py``). A hand's ``Result.points`` are the game points of the settlement;
the hand scores S are ``detail["points"]``. The record's ``deal`` and ``result.detail``:
docs/records.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtable.cards import RANK_OF, SUIT_OF, Card, make, plain
from cardtable.engine.game import Observation, Option, Result, State
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.views import Summary, phrase
from cardtable.families.bezique import BeziqueGame, BeziqueHand, MeldKind
from cardtable.families.summaries import seats_fact
from cardtable.sheets.rubicon import RubiconSheet

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
QUEEN, JACK = 12, 11
#: the rubicon: a loser whose score stays under it is rubiconed (§7.2)
RUBICON = 1000
#: every brisque of the four packs (§2: 32 x 10)
ALL_BRISQUES = 320

#: §6.1, in the order the buttons show them (the highest first)
MELDS = (
    MeldKind("quadruple_bezique", "bezique", 4, "B", 4500, "Quadruple bezique"),
    MeldKind("triple_bezique", "bezique", 3, "B", 1500, "Triple bezique"),
    MeldKind("double_bezique", "bezique", 2, "B", 500, "Double bezique"),
    MeldKind("trump_sequence", "sequence", "trump", "A", 250, "Trump sequence"),
    MeldKind("plain_sequence", "sequence", "plain", "A", 150, "Sequence"),
    MeldKind("four_aces", "quartet", 14, "C", 100, "Four aces"),
    MeldKind("four_tens", "quartet", 10, "C", 90, "Four tens"),
    MeldKind("four_kings", "quartet", 13, "C", 80, "Four kings"),
    MeldKind("four_queens", "quartet", 12, "C", 60, "Four queens"),
    MeldKind("bezique", "bezique", 1, "B", 40, "Bezique"),
    MeldKind("stuk", "marriage", "trump", "A", 40, "Stuk"),
    MeldKind("four_jacks", "quartet", 11, "C", 40, "Four jacks"),
    MeldKind("marriage", "marriage", "plain", "A", 20, "Marriage"),
)
#: the classic table, without four tens (option ``four_tens`` off)
MELDS_NO_TENS = tuple(k for k in MELDS if k.kind != "four_tens")
#: ``bezique_pair = trump_queen``: the jack paired with each queen's suit (D with S, C with H)
PARTNER = {SPADES: DIAMONDS, DIAMONDS: SPADES, CLUBS: HEARTS, HEARTS: CLUBS}


def fl(x: int) -> int:
    """``x`` rounded down to a multiple of 100 (§7.2)."""
    return x - x % 100


def settle(s: list[int] | tuple[int, ...], b: list[int] | tuple[int, ...], under_100_bonus: bool = True) -> dict:
    """The settlement of one game (§7.2) from the hand scores ``s`` and the brisque points
    ``b`` (10 per A and T won; ``b[0] + b[1] == 320`` once the hand is played out).

    Returns ``{"winner": seat or None (a drawn game), "loser", "rubicon": bool, "counted":
    bool (the brisques were added), "totals": T per seat, "game_points": per seat (the
    winner's, 0 for the loser), "formula": the sum in words}``."""
    t = list(s)
    counted = False
    if t[0] == t[1]:  # step 2
        t = [s[i] + b[i] for i in range(2)]
        counted = True
        if t[0] == t[1]:
            return {
                "winner": None,
                "loser": None,
                "rubicon": False,
                "counted": True,
                "totals": t,
                "game_points": [0, 0],
                "formula": f"drawn game: {t[0]} each",
            }
    while True:  # step 3
        if t[0] != t[1]:
            w = 0 if t[0] > t[1] else 1
        else:
            w = 0 if s[0] > s[1] else 1
        lose = 1 - w
        if t[lose] < RUBICON and not counted:  # step 4
            t = [s[i] + b[i] for i in range(2)]
            counted = True
            continue
        break
    pts = [0, 0]
    if t[lose] < RUBICON:  # step 5
        bonus = 100 if under_100_bonus and s[lose] < 100 else 0
        pts[w] = RUBICON + fl(s[w]) + fl(s[lose]) + ALL_BRISQUES + bonus
        formula = f"{RUBICON} + {fl(s[w])} + {fl(s[lose])} + {ALL_BRISQUES}" + (f" + {bonus}" if bonus else "")
    else:  # step 6
        pts[w] = 500 + fl(t[w]) - fl(t[lose])
        formula = f"500 + {fl(t[w])} - {fl(t[lose])}"
    return {
        "winner": w,
        "loser": lose,
        "rubicon": t[lose] < RUBICON,
        "counted": counted,
        "totals": t,
        "game_points": pts,
        "formula": f"{formula} = {pts[w]}",
    }


@register
class Rubicon(BeziqueGame):
    """Rubicon Bezique (rubicon.md). Options §9: ``reuse_rule`` (``value``, the seed's;
    ``class``, the classic rule), ``four_tens`` (the 90 of four tens), ``bezique_pair``
    (``standard`` QS + JD; ``trump_queen``: the queen of troef and the jack of its paired
    suit, a bezique before troef sets it), ``under_100_bonus`` (the rubicon's extra 100),
    ``games`` (the games of a session, ruling 13)."""

    id = "rubicon"
    name = "Rubicon Bezique"
    family = "bezique"
    deck_name = "128 cards (four piquet packs)"
    description = "Four packs, no troef until the first marriage, several melds at once, the rubicon at 1000."
    grammar = Grammar(
        {
            "play": "<card>",
            "pass": "",
            "declare": "trump_sequence|plain_sequence|stuk|marriage|bezique|double_bezique|triple_bezique"
            "|quadruple_bezique|four_aces|four_tens|four_kings|four_queens|four_jacks <cards>",
        },
        copies=4,
    )
    #: texts the grammar refuses and the word each refusal names (tests/test_grammar.py)
    bad_texts = (
        ("declare fildinski QS JD", "'fildinski'"),
        ("swap 7H", "'swap'"),
        ("play QS#5", "QS#5"),
        ("declare stuk", "expected cards"),
        ("bid pit", "'bid'"),
        ("pass now", "'now'"),
        ("play XX", "'XX' is not a card"),
    )
    option_specs = (
        Option(
            "reuse_rule",
            "choice",
            "value",
            "re-use of melded cards: by value (seed) or by class",
            choices=("value", "class"),
        ),
        Option("four_tens", "bool", True, "four tens count 90"),
        Option(
            "bezique_pair",
            "choice",
            "standard",
            "the bezique: Q♠ + J♦, or the queen of troef and the jack of its paired suit",
            choices=("standard", "trump_queen"),
        ),
        Option("under_100_bonus", "bool", True, "a rubiconed loser under 100: the winner scores 100 more"),
        Option("games", "int", 4, "games in a session", minimum=1, maximum=20),
    )
    #: a session of one game is enough for the table's tests
    table_test_options = {"games": 1}

    #: a score of the sheet is a multiple of 10
    review_floor = 10.0

    packs = 4
    hand_size = 9
    packets = (3, 3, 3)  # §3.2, ruling 11
    turn_up = False  # §3.3
    melds_per_window = None  # §6.2, ruling 5
    reform = True  # §6.3 rule 4
    trump_by_meld = True  # §6.5
    dix = False
    seven_points = 0
    brisque_points = 0  # only counted (§7.2)
    last_trick_points = 50  # §4 phase E, ruling 12
    carte_blanche = 50  # §6.6

    @property
    def meld_table(self) -> tuple[MeldKind, ...]:
        return MELDS if self.options["four_tens"] else MELDS_NO_TENS

    @property
    def target(self) -> int:
        """Rubicon has no target in points: the rubicon (1000), which the sheet names."""
        return RUBICON

    @property
    def games(self) -> int:
        """The games of a session (option ``games``)."""
        return int(self.options["games"])

    def bezique_pair(self, trump: int | None) -> tuple[Card, Card]:
        """QS + JD; with ``bezique_pair = trump_queen`` the queen of ``trump`` and the jack
        of its paired suit (§9; with ``trump`` None: the spades' pair, the hand tries all
        four suits)."""
        if self.options["bezique_pair"] == "trump_queen" and trump is not None:
            return make(QUEEN, trump), make(JACK, PARTNER[trump])
        return make(QUEEN, SPADES), make(JACK, DIAMONDS)

    def grammar_positions(self) -> list[State]:
        """Declare windows offering the melds random play seldom meets (tests/test_grammar.py):
        seat 1 has won trick 1 with four QS and four JD (bezique to quadruple, four queens),
        with a stuk declared beside a plain sequence and a marriage, with four aces and four
        tens, with four kings and four jacks."""
        from collections import Counter

        from cardtable.cards import card_text, parse_cards

        out: list[State] = []
        other = "7C 7C 7C 7C 7D 7D 7D 7D 8C".split()
        for hand, first in (
            ("QS QS QS QS JD JD JD JD 9S", None),
            ("KC QC AH TH KH QH JH KD QD", "declare stuk KC QC"),
            ("TS TD TC TH AS AD AC AH 9S", None),
            ("KS KD KC KH JS JD JC JH 9S", None),
        ):
            mine = hand.split()
            rest = Counter(self.deck()) - Counter(parse_cards(mine + other))
            deal = {
                "dealer": 0,
                "hands": [other, mine],
                "upcard": None,
                "stock": [card_text(c) for c in sorted(rest.elements())],
            }
            lead = "9S" if "9S" in mine else mine[-1]
            st = self.from_deal(deal).apply(f"play {lead}").apply("play 7C")
            out.append(st.apply(first) if first else st)
        return out

    def new_sheet(self) -> RubiconSheet:
        """The sheet of §8 for a session of ``games`` games; seat 0 deals first."""
        return RubiconSheet(2, self.games, self.name)

    def check_result(self, result: Result, state: BeziqueHand) -> list[str]:
        """The family's totals (the events' sum, 32 brisques, the last trick once) and §7.2's:
        the settlement of the hand's scores and brisques is the result's points."""
        out = super().check_result(result, state)
        d = result.detail
        if d["tricks_played"] == self.n_cards() // 2:
            want = settle(d["points"], [10 * n for n in d["brisques"]], self.options["under_100_bonus"])
            if want["game_points"] != list(result.points):
                out.append(f"game points {result.points}, the settlement gives {want['game_points']}")
        if any(p % 10 for p in d["points"]):
            out.append(f"hand scores are multiples of 10, not {d['points']}")
        return out


class RubiconState(BeziqueHand):
    """One game of Rubicon Bezique: the family's hand with four packs; the settlement at its
    end (§7.2); a bezique sets troef under ``bezique_pair = trump_queen`` (§6.5)."""

    copies = 4
    game: Rubicon

    def _declare(self, seat: int, kind: MeldKind, toks: list[Card]) -> None:
        """The family's meld; then, under ``trump_queen`` with no troef yet, a bezique sets
        troef to its queens' suit (§9)."""
        BeziqueHand._declare(self, seat, kind, toks)
        if self.trump is None and kind.shape == "bezique" and self.game.options["bezique_pair"] == "trump_queen":
            q = next(c for c in toks if RANK_OF[plain(c)] == QUEEN)
            self._set_trump(SUIT_OF[plain(q)])

    def _hand_over(self) -> None:
        """The family's end of the hand, then the settlement: ``points`` stay the hand
        scores S; ``settlement`` (``settle``'s dict), ``game_points`` and the session's
        ``totals`` are added."""
        BeziqueHand._hand_over(self)
        e = self.end
        assert e is not None
        st = settle(self.points, [10 * n for n in self.brisques], self.game.options["under_100_bonus"])
        e["settlement"] = st
        e["game_points"] = list(st["game_points"])
        e["totals"] = [a + b for a, b in zip(self.totals0, st["game_points"])]
        e["games"] = self.game.games
        e.pop("target", None)
        self._winners = [st["winner"]] if st["winner"] is not None else []

    def result(self) -> Result | None:
        """Once over: ``points`` the game points of the settlement (the winner's, 0 for the
        loser), ``winners`` the game's winner (none: a drawn game); ``detail`` as
        docs/records.md says (``points``: the hand scores S)."""
        e = self.end
        if e is None:
            return None
        res = Result(points=list(e["game_points"]), outcome="end", winners=list(self._winners), detail=dict(e))
        res.summary = self.summary(res)
        return res

    def summary(self, res: Result) -> Summary:
        d = res.detail
        st = d["settlement"]
        w = st["winner"]
        if w is None:
            head = phrase(f"A drawn game: {st['totals'][0]} each", kind="outcome")
        else:
            verb = "{0} {0:rubicons|rubicon} {1}" if st["rubicon"] else "{0} {0:wins|win}"
            head = phrase(f"{verb}: {st['formula']} game points", (w, 1 - w), kind="outcome")
        facts = [seats_fact("Score", d["points"])]
        if st["counted"]:
            facts.append(seats_fact("With brisques", st["totals"]))
        facts.append(seats_fact("Game points", res.points, winners=res.winners))
        facts.append(seats_fact("Session", d["totals"], tail=f"  (game {self.hand_no} of {d['games']})"))
        return Summary(head, tuple(facts))

    def status(self) -> str:
        """``seat 0 320 · seat 1 180 · game 1 of 4`` (this game's scores), in the last
        tricks first ``last 9 tricks``."""
        parts = [] if self.stage == 1 else [f"last {self.n_tricks - self.ntricks} tricks"]
        parts += [f"seat 0 {self.points[0]}", f"seat 1 {self.points[1]}", f"game {self.hand_no} of {self.game.games}"]
        return " \u00b7 ".join(parts)

    def observation(self, seat: int) -> Observation:
        """The family's observation; ``scores``: ``{"points": [this game's scores S],
        "totals": [the session's game points before this game], "games"}``; ``extra``
        adds ``carte_blanche`` (per seat, still running)."""
        obs = BeziqueHand.observation(self, seat)
        scores: dict[str, Any] = {"points": list(self.points), "totals": list(self.totals0), "games": self.game.games}
        extra = dict(obs.extra)
        extra["carte_blanche"] = list(self.cb_active)
        return replace(obs, scores=scores, extra=extra)

    def returns_scale(self) -> float:
        """A usual game's points (about 1500)."""
        return 1500.0


Rubicon.state_class = RubiconState

__all__ = ["MELDS", "Rubicon", "RubiconState", "fl", "settle"]
