"""Slagjes, a throwaway trick game made by following CONTRIBUTING.md ("Adding a game") as a
new contributor would: its spec (``rules.md`` here, ``cardtable/rules/<id>.md`` for a real
game), its guide (``guide.md``), this module (the rules, step 3, and the simple bot, step 6:
in a real game two files, ``cardtable/games/`` and ``cardtable/bots/``), a record of its
whole-hand Example (``e3.json``) and its tests (``test_contrib_game.py``, which also runs
the shared checks on it). Registered only inside ``registered()``, so ``cardtable list``
and the shared tests' own lists never see it.

2 to 4 players each for himself, T J Q K A of one suit per player, five cards each, no
trump, follow suit; a trick is 1 point, the last one 2 (rules.md). ``TrickHand`` as it is,
with the jas follow rule and no trump (follow suit, else any card); this module holds the
deal by player count and the hand's scoring (``_hand_over``, ``result``).
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from cardtable.bots import registry as bot_registry
from cardtable.cards import Card, make, rank_of, shuffled, suit_of
from cardtable.engine import registry
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation, Option, Result, rng_for
from cardtable.engine.grammar import Grammar
from cardtable.engine.standing import Standing
from cardtable.engine.views import Fact, LogEvent, Summary, phrase
from cardtable.families.summaries import score_fact
from cardtable.families.tricks import JasRule, Ranking, TrickHand, deal_packets, mask_of, parse_trick_deal
from cardtable.sheets.totals import TotalsSheet

GAME_ID = "test-slagjes"

#: rules.md §2: A K Q J T in every suit, no card points
ORDER = Ranking(
    "slagjes", plain_order=(14, 13, 12, 11, 10), trump_order=(14, 13, 12, 11, 10), plain_points={}, trump_points={}
)


class SlagjesHand(TrickHand):
    """One hand (§4-§7): five tricks, 1 point each, the last one ``last_bonus`` more."""

    per_trick = 1

    def __init__(self, game: Slagjes, dealer: int, hands: list[int]):
        n = game.players
        self.n_seats = self.n_sides = n
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.partner = (-1,) * n
        self.side = tuple(range(n))
        self.last_bonus = 1 if game.options["last_bonus"] else 0
        super().__init__(game, dealer, hands, None, None, 5)

    def _hand_over(self) -> None:
        pts = list(self.trick_pts)
        best = max(pts)
        self.end = {
            "outcome": "end",
            "points": pts,
            "tricks": list(self.tricks_won),
            "winners": [s for s in range(self.n_seats) if pts[s] == best],
            "dealer": self.dealer,
            "next_dealer": self.next_seat[self.dealer],
        }
        self.phase = "over"
        self.to_act = None

    def result(self) -> Result | None:
        """Once over (§7): ``points`` per seat, ``winners`` the best this hand; ``detail``:
        ``tricks`` per seat, ``dealer``, ``next_dealer``."""
        if self.end is None:
            return None
        e = self.end
        res = Result(
            points=list(e["points"]),
            outcome="end",
            winners=list(e["winners"]),
            detail={"tricks": e["tricks"], "dealer": e["dealer"], "next_dealer": e["next_dealer"]},
        )
        res.summary = Summary(
            phrase("The hand is over", kind="outcome"),
            (
                score_fact("points", None, res.points, (), res.winners),
                Fact("Tricks", LogEvent("tricks", " · ".join(map(str, e["tricks"])))),
            ),
        )
        return res

    def returns_scale(self) -> float:
        """``returns()``: a hand's 6 points, against the others' mean, lie within about 3."""
        return 3.0

    def status(self) -> str:
        return "No trump · tricks " + " · ".join(str(t) for t in self.tricks_won)

    def no_trump_words(self) -> str:
        return "No trump"

    def observation(self, seat: int) -> Observation:
        """The generic trick Observation; ``scores``: ``{"points": [per seat]}``; ``extra``:
        ``tricks`` (the completed tricks) and ``result`` (the detail once over)."""
        return self.make_observation(
            seat,
            scores={"points": list(self.trick_pts)},
            extra={"tricks": self.tricks_json(), "result": None if self.end is None else dict(self.end)},
        )


class Slagjes(Game):
    """Slagjes (rules.md). Options §9: ``target``, ``last_bonus``."""

    id = GAME_ID
    name = "Slagjes"
    family = "slagjes"
    min_players = 2
    max_players = 4
    deck_name = "5 cards a player (10 to ace)"
    description = "Follow suit and take tricks; the last trick counts double."
    option_specs = (
        Option("target", "int", 12, "points to win the game", minimum=1),
        Option("last_bonus", "bool", True, "the last trick scores 2"),
    )
    grammar = Grammar({"play": "<card>"})
    bad_texts = (("pass", "'pass'"), ("play JK=8C", "JK=8C"), ("play 7C 8C", "'8C'"), ("claim", "'claim'"))

    ranking = ORDER
    rule = JasRule()

    def deck(self) -> list[Card]:
        """§1: T J Q K A of one suit per player."""
        return [make(r, s) for s in range(self.players) for r in (10, 11, 12, 13, 14)]

    def new_sheet(self) -> TotalsSheet:
        return TotalsSheet(self.players, target_score=self.options["target"])

    def check_result(self, result: Result, state: SlagjesHand) -> list[str]:
        """§7: 5 tricks; 6 points a hand (5 without ``last_bonus``)."""
        want = 5 + state.last_bonus
        out = []
        if sum(result.points) != want:
            out.append(f"a hand scores {want} points, not {result.points}")
        if sum(result.detail["tricks"]) != 5:
            out.append(f"a hand has 5 tricks, not {result.detail['tricks']}")
        return out

    def new_hand(self, seed: int | None = None, standing: Standing | None = None, *, sheet=None) -> SlagjesHand:
        """§3: five cards each, one at a time from the seat after the dealer."""
        standing = self.standing_of(standing, sheet)
        pack = shuffled(self.deck(), rng_for(seed))
        hands = deal_packets(pack, self.players, standing.next_dealer, (1,) * 5)
        st = SlagjesHand(self, standing.next_dealer, [mask_of(h) for h in hands])
        st.seed = seed
        return st

    def from_deal(self, deal: dict[str, Any], standing: Standing | None = None, *, sheet=None) -> SlagjesHand:
        """``{"dealer": d, "hands": [[5 codes] per seat]}``; DealError if it is not a deal
        of this pack."""
        dealer, masks, _up, _stock = parse_trick_deal(
            deal, self.players, 5, mask_of(self.deck()), f"the {5 * self.players}-card pack", self.id, upcard=False
        )
        return SlagjesHand(self, dealer, masks)


# ---- the simple bot (a real game: cardtable/bots/<module>.py) ---------------------------------


def choose(obs: Observation, game: Game, rng: random.Random) -> Action:
    """Win the trick with the lowest card that wins it, else throw the lowest card; lead the
    highest (one of ``obs.legal``)."""
    legal = list(obs.legal)
    if not obs.trick:
        return max(legal, key=lambda a: rank_of(a.cards[0]))
    led = suit_of(obs.trick[0][1])
    best = max(rank_of(c) for _s, c in obs.trick if suit_of(c) == led)
    winners = [a for a in legal if suit_of(a.cards[0]) == led and rank_of(a.cards[0]) > best]
    if winners:
        return min(winners, key=lambda a: rank_of(a.cards[0]))
    return min(legal, key=lambda a: rank_of(a.cards[0]))


@contextlib.contextmanager
def registered():
    """The game registered (``@register`` in a real game) and its simple bot
    (``register_policy``) for the duration of a ``with`` block."""
    registry._load()
    registry._GAMES[GAME_ID] = Slagjes
    entry = bot_registry.register_policy("simple", choose, game_classes=(Slagjes,))
    try:
        yield Slagjes
    finally:
        registry._GAMES.pop(GAME_ID, None)
        if entry in bot_registry._ENTRIES:
            bot_registry._ENTRIES.remove(entry)
