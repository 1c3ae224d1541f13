"""Cincinnati Rummy, 2 to 7 players (cardtable/rules/cincinnati.md): a closed-hand rummy of one or
two packs with wild jokers; the hand ends only when a player lays his whole hand down at once, and
he scores the points of his own melds (nobody else scores).

The knock-rummy hand (``families/knock.py``: draw, then discard or ``rummy c`` by the exact
solver's brandhout, never the card just taken; the stock renewed when a turn finds it empty) with
the knowledge of a hand whose identical cards share a code and the bare ``rummy``
(``KnownKnockHand``: two jokers a pack, two packs with 4 to 7 players). There is no knock (§4):
``knock_limit`` 0 leaves the knock hand's end step only the discards and the rummies.

The deal, grammar and options it shares with Wildcard Rummy: ``GoingOutRummy``, ``packs_options``
(families/knock.py). This module holds the target of the options (§9), the melds (§6.1:
``CINCINNATI_RULES``, the ace high or low), the card points (§2), the legality of ``rummy`` without
a discard (§5 step 3), the scoring (§7: the winner's own melds, ``showdown``),
the going-out summary (the winner's melds with their points, the other hands shown uncounted) and
the sheet's result cell (§8), with ``check_result`` for the shared tests and ``is_meld`` for §6.1's
examples. The record's ``deal`` and ``result.detail``: docs/records.md; the rulings: the spec's §10.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import ACE, JOKER, RANK_OF, SUIT_OF, Card, card_text, parse_cards
from cardtable.engine.actions import Action
from cardtable.engine.game import Result, State
from cardtable.engine.registry import register
from cardtable.engine.views import NONE, Fact, LogEvent, Summary, VerbSpec, phrase
from cardtable.families.deadwood import Deadwood, canonical
from cardtable.families.drift import DRAW, OVER
from cardtable.families.knock import (
    DISCARD_SPEC,
    RUMMY_SPEC,
    GoingOutRummy,
    KnownKnockHand,
    dealt_for,
    packs_for,
    packs_not_in_force,
    packs_options,
)
from cardtable.families.melds import SET_CARD, MeldRules, meld_uses
from cardtable.families.rummy import (
    ACE_HIGH_LOW,
    DRAW_DISCARD_SPEC,
    DRAW_STOCK_SPEC,
    card_points,
    points_table,
)
from cardtable.families.summaries import score_fact
from cardtable.sheets.totals import HandScoresSheet

#: §6.1: sets of 3 or 4 (naturals of different suits, jokers for the missing suits: ruling 5),
#: runs of 3 or more with the ace high or low (never both), any number of jokers but at least
#: one natural card; twos are ordinary cards (ruling 4)
CINCINNATI_RULES = MeldRules(ace_mode=ACE_HIGH_LOW, packs=1, max_set=4, min_natural=1, set_jokers=SET_CARD)
#: §2: 2-9 face value, T J Q K 10, A 11, joker 15 (ruling 2)
CINCINNATI_POINTS = points_table(ace=11, joker=15)

#: §4: ``rummy`` without a card, a button of its own beside ``rummy <card>``
RUMMY_ALL_SPEC = VerbSpec("rummy", "Rummy, all", "a", "a goes rummy with every card, no discard", NONE)
#: the verbs of a turn, in the table's order
CINCINNATI_VERBS = (DRAW_STOCK_SPEC, DRAW_DISCARD_SPEC, DISCARD_SPEC, RUMMY_SPEC, RUMMY_ALL_SPEC)


def loose_cards(hand: list[Card], enough: int | None = None) -> list[Card]:
    """The card codes of ``hand`` (plain cards, jokers as ``JK``) in no meld of ``hand`` under
    ``CINCINNATI_RULES``, each once: the cards that can only be the discard of a rummy (§5).
    A card is in some meld exactly when it is in one of three cards (a set of four less another
    card, or three neighbours of a longer run, is still a meld), so this looks at ranks and
    suits only: a set of its rank with two other suits or jokers, a run window of three
    positions (A-2-3 up to Q-K-A) of its suit filled by naturals or jokers. No meld search.
    ``enough``: stop once that many are found (the end step asks whether there are two)."""
    jokers = sum(1 for c in hand if c == JOKER)
    naturals = {c for c in hand if c != JOKER}
    if jokers >= 2:
        return []  # any natural card and two jokers make a meld; a joker is in one with them
    held = [[False] * 16 for _ in range(4)]  # [suit][run position 1..14]: the ace at 1 and 14
    suits_of: dict[int, set[int]] = {}
    for c in naturals:
        r, su = RANK_OF[c], SUIT_OF[c]
        held[su][r] = True
        if r == ACE:
            held[su][1] = True
        suits_of.setdefault(r, set()).add(su)
    out: list[Card] = []
    for c in naturals:
        r, su = RANK_OF[c], SUIT_OF[c]
        if len(suits_of[r]) - 1 + jokers >= 2:
            continue
        line = held[su]
        found = False
        for p in (1, 14) if r == ACE else (r,):
            for lo in range(max(1, p - 2), min(p, 12) + 1):
                if sum(1 for q in range(lo, lo + 3) if q != p and not line[q]) <= jokers:
                    found = True
                    break
            if found:
                break
        if not found:
            out.append(c)
            if enough is not None and len(out) >= enough:
                return out
    if jokers:
        # one joker: in a meld with two naturals that make a set or a run window with it
        if not any(len(v) >= 2 for v in suits_of.values()) and not any(
            sum(1 for q in range(lo, lo + 3) if line[q]) >= 2 for line in held for lo in range(1, 13)
        ):
            out.append(JOKER)
    return out


def is_meld(cards: list[Card]) -> bool:
    """§6.1: ``cards`` (plain codes, jokers as ``JK``) form one meld under ``CINCINNATI_RULES``."""
    solver = Deadwood(CINCINNATI_RULES, CINCINNATI_POINTS, True)
    want = sorted(cards)
    return any(len(m) == len(want) and sorted(meld_uses(m)) == want for _k, m in solver.melds_of(cards))


@register
class Cincinnati(GoingOutRummy):
    """Cincinnati Rummy for 2 to 7 players (cincinnati.md). Options as §9."""

    id = "cincinnati"
    name = "Cincinnati Rummy"
    min_players = 2
    max_players = 7
    deck_name = "54 or 108 (jokers)"
    description = (
        "Closed-hand rummy with wild jokers: lay the whole hand down at once and score "
        "your own melds (ace 11, joker 15); nobody else scores."
    )
    option_specs = packs_options(250)
    search_configs = ((2, {}),)
    meld_rules = CINCINNATI_RULES
    ace_mode = ACE_HIGH_LOW
    deal_name = "Cincinnati"
    #: §4: there is no knock: a brandhout of 1 to 0 never is
    knock_limit = 0

    def __init__(self, players: int | None = None, **options: Any):
        super().__init__(players, **options)
        self.points: list[int] = list(CINCINNATI_POINTS)
        self.packs = packs_for(self.players, int(self.options["packs"]))
        self.dealt = dealt_for(self.players, self.packs, int(self.options["three_player_hand"]))
        self.reshuffle = bool(self.options["reshuffle_stock"])

    def options_not_in_force(self) -> dict[str, tuple[Any, str]]:
        """§3, §9: the packs are chosen with 4 to 6 players only; the 3-player hand size only
        with 3 players."""
        return packs_not_in_force(self.players)

    def new_sheet(self) -> HandScoresSheet:
        """The §8 sheet: hand scores (the winner's only), a totals row, the target in the header."""
        return HandScoresSheet(self.players, target_score=self.options["target_score"], mark_rummy=False)

    def check_result(self, result: Result, state: Any) -> list[str]:
        """The spec's totals for a finished hand (§7): the rummy player holds ``dealt`` or
        ``dealt + 1`` cards with no brandhout and scores their card points, nobody else scores;
        a void hand scores nothing. Problems as sentences; ``[]`` if none. ``state``: the
        finished ``CincinnatiState``."""
        p = result.points
        if result.outcome == "void":
            return [] if not any(p) and not result.winners else [f"a void hand scores nothing: {p}"]
        if result.outcome != "rummy":
            return [f"outcome {result.outcome!r} is not rummy or void"]
        e = result.detail["ender"]
        out = []
        if result.winners != [e]:
            out.append(f"the rummy player {e} wins, not {result.winners}")
        hand = state.hands[e]
        want = self.dealt + (0 if result.detail["end"] else 1)
        if len(hand) != want or self.brandhout(hand) != 0:
            out.append(f"the rummy player holds {len(hand)} cards with brandhout {self.brandhout(hand)}")
        if p[e] != card_points(hand, self.points):
            out.append(f"the rummy player scores his melds' {card_points(hand, self.points)}, not {p[e]}")
        if any(x for s, x in enumerate(p) if s != e):
            out.append(f"only the rummy player scores: {p}")
        return out

    def grammar_positions(self) -> list[State]:
        """Example 4 of the spec after the draw: ``rummy`` without a discard is on offer."""
        return [example_position(max(4, self.players), {3: "AD 2D 3D 4D 9C 9H 9S"}, 3, "JK").apply("draw stock")]


def example_position(
    players: int, hands: dict[int, str], to_act: int, top: str | None = None, dealer: int = 0, **options: Any
) -> "CincinnatiState":
    """A position of ``players`` players with ``to_act`` to draw: the hands given by seat, every
    other hand dealt from the rest of the deck in order, one card on the discard pile, the rest
    the stock in deck order (``top``, a card code, on top of it when given)."""
    g = Cincinnati(players, **options)
    rest = g.deck()
    given = {s: parse_cards(h) for s, h in hands.items()}
    for cards in given.values():
        for c in cards:
            rest.remove(c)
    if top is not None:
        t = parse_cards(top)[0]
        rest.remove(t)
        rest.insert(1, t)  # after the upcard: the stock's top card
    out: list[list[str]] = []
    for s in range(players):
        if s in given:
            out.append([card_text(c) for c in given[s]])
        else:
            out.append([card_text(c) for c in rest[-g.dealt :]])
            rest = rest[: -g.dealt]
    deal = {
        "dealer": dealer,
        "hands": out,
        "stock": [card_text(c) for c in rest[1:]],
        "discard": [card_text(rest[0])],
        "to_act": to_act,
    }
    st = g.from_deal(deal)
    assert isinstance(st, CincinnatiState)
    return st


class CincinnatiState(KnownKnockHand):
    """One hand of Cincinnati: the knock-rummy hand without the knock, with the knowledge of
    identical cards and the bare ``rummy`` (``KnownKnockHand``), and the §7 scoring."""

    __slots__ = ()
    game: Cincinnati
    VERBS = CINCINNATI_VERBS
    #: the hand summary's score line
    SCORE_LABEL = "points"

    # -- the turn (§5) --
    def end_actions(self) -> list[Action]:
        """§5 end step: ``discard c`` for every card but the one taken, ``rummy c`` where the
        other n cards fit in melds, ``rummy`` where all n + 1 do (the card just taken among them:
        it is laid down, not discarded). No knock. A card in no meld of the hand must be the
        discard of a rummy: with two such cards nobody goes out and no search is made (the
        usual hand of a player far from going out), with one only ``rummy`` with it is searched."""
        g = self.game
        hand = self.hands[self.seat]
        taken = self.taken
        codes = list(dict.fromkeys(hand))
        out = [Action("discard", None, (c,)) for c in codes if c != taken]
        loose = loose_cards(hand, 2)
        if len(loose) > 1:
            return out
        if loose:
            c = loose[0]
            rest = list(hand)
            rest.remove(c)
            if c != taken and g.brandhout(rest) == 0:
                out.append(Action("rummy", None, (c,)))
            return out
        after = g.solver.after_discards(hand, 0)
        out += [Action("rummy", None, (c,)) for c in codes if c != taken and after[c] == 0]
        if g.brandhout(hand) == 0:
            out.append(Action("rummy"))
        return out

    def _status(self) -> str:
        g = self.game
        top = card_text(self.pile[-1]) if self.pile else "none"
        tail = f"stock {len(self.stock)} · discard {top} · to {g.options['target_score']}"
        if self.phase == OVER:
            if self.void:
                return f"Hand void · {tail}"
            assert self.ender is not None, "a hand over and not void has an ender"
            return f"{g.seat_name(self.ender).capitalize()} goes rummy · {tail}"
        step = "draw" if self.phase == DRAW else "discard or go rummy"
        return f"{g.seat_name(self.seat).capitalize()} to {step} · {tail}"

    # -- the scoring (§7) --
    def showdown(self, detail: dict[str, Any]) -> tuple[list[int], list[int]]:
        """§7: the rummy player scores the card points of every card he laid down in melds (all
        his cards but the discard); nobody else scores. Adds ``hand_score`` (those points)."""
        e = detail["ender"]
        score = card_points(self.hands[e], self.game.points)
        detail["hand_score"] = score
        pts = [0] * self.n
        pts[e] = score
        return pts, [e]

    def showdown_words(self, detail: dict[str, Any]) -> LogEvent:
        e = detail["ender"]
        how = " with every card" if detail.get("end") is None else ""
        return phrase(f"{{0}} went rummy{how}: {{v0}} points", (e,), (), (detail["hand_score"],), "outcome")

    def sheet_text(self, detail: dict[str, Any]) -> tuple[str, list[int]]:
        """§8: ``{0} rummy`` / ``{0} rummy (no discard)``, in the log's template syntax."""
        e = detail["ender"]
        return ("{^0} rummy" if detail.get("end") else "{^0} rummy (no discard)"), [e]

    def knock_summary(self, res: Result) -> Summary:
        """The going-out in words: the headline (``Bram went rummy: 67 points``), the points
        written, the winner's melds as laid down (§6.3) with their points and the discard, then
        every other hand as it was held, not counted (§4 step 3)."""
        if self.void:
            return Summary(
                phrase("A void hand: nothing is written", kind="outcome"),
                (score_fact(self.SCORE_LABEL, None, res.points, (), ()),),
            )
        e = self.ender
        assert e is not None, "a hand over and not void has an ender"
        facts = [score_fact(self.SCORE_LABEL, None, res.points, (), res.winners)]
        cards: list[Card] = []
        parts = []
        for _k, m in self.splits()[e].melds:
            parts.append(" ".join(f"{{c{len(cards) + i}}}" for i in range(len(m))))
            cards += m
        line = "{^0} laid down " + ", ".join(parts) + "  = {v0}"
        if self.end_card is not None:
            line += f", discarding {{c{len(cards)}}}"
            cards.append(self.end_card)
        facts.append(Fact("", phrase(line, (e,), tuple(cards), (res.detail["hand_score"],), kind="split"), (e,)))
        facts.append(Fact("Other hands (not counted)", phrase("", kind="split")))
        for s in range(self.n):
            if s == e:
                continue
            h = canonical(self.hands[s])
            text = "  {^0}: " + " ".join(f"{{c{i}}}" for i in range(len(h)))
            facts.append(Fact("", phrase(text, (s,), h, kind="split")))
        return Summary(self.showdown_words(res.detail), tuple(facts))


Cincinnati.state_class = CincinnatiState
