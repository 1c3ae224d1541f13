"""Hidden cards of a re-formed stock (issue 19, part 2): no seat sees a card that the rules
shuffled face down, in any rummy, at any seat count.

A card that was face up in the discard pile and is then **shuffled** into a new stock is hidden
again: every seat knows only the stock's count, and a card drawn from it joins the drawer's
hidden hand. A pile **turned over unshuffled** is known in order (each spec's section below), so
its cards, and a card drawn from it, stay known.

The check does not trust the game's own bookkeeping (``hidden_from``): ``Seen`` follows the
hand action by action and keeps, from the specs alone, what every seat has seen: per hand the
cards that went into it face up (taken from the pile, a joker taken back by a swap, a card
drawn from a stock known in order), and whether the stock is known (only after an unshuffled
turnover). Then, at every position after the hand's first turnover, for every seat:

- ``zone``: another hand's zone lists only cards ``Seen`` knows in that hand; the stock's zone
  lists nothing unless the stock is known;
- ``text`` (every ``TEXT_EVERY``-th position): the observation's JSON (as ``Game.leak_view``
  gives it, its log cut here by the events: without the lines up to the last shuffled turnover,
  which name cards that were face up then) names no code of which every copy ``Seen`` hides;
- ``hidden_from``: ``state.hidden_from(seat)`` holds every card ``Seen`` hides (a card it
  leaves out is one the game shows), and no other (the two agree);
- ``iset`` (every ``ISET_EVERY``-th position): the information set's pool is as large as what ``Seen``
  hides, and a sampled world keeps every card the seat knows in its place.

A strict leak is a ``zone``, ``text`` or ``hidden_from`` finding. Turnovers are forced by
positions with a short stock (``from_deal``: the hand's shuffled deal with all but 0-3 stock
cards put under the discard pile). The fast tier plays ``HANDS`` hands per game spread over
its seat counts, each checked for ``AFTER_STEPS`` actions after its first turnover; ``-m slow``
plays ten times as many hands.

``python -m tests.test_turnover_leaks [hands]`` prints the counts per game.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

import pytest

import cardtable.games  # noqa: F401 - registers the games
from cardtable.cards import card_text
from cardtable.engine import game_class, get_game
from cardtable.families.drift import SHUFFLED_WORDS
from tests.games.test_basis_rummy import position
from tests.test_invariants import codes_in, fully_hidden

#: Whether each rummy's spec shuffles the discard pile into the new stock (by its options):
#: klassieke-rummy §5.6 (turned over unshuffled; option ``reshuffle`` shuffles), basis-rummy
#: §5.6 (always unshuffled, ruling 15: known in order), jokeren §5.6 (shuffled; ``reshuffle =
#: false`` turns it over), amerikaans-jokeren §5.7 (likewise), loba §5.6 (always shuffled),
#: ramino-drift §5.6 (unshuffled; ``reshuffle`` shuffles).
SHUFFLED = {
    "klassieke-rummy": lambda o: bool(o["reshuffle"]),
    "basis-rummy": lambda o: False,
    "jokeren": lambda o: bool(o["reshuffle"]),
    "amerikaans-jokeren": lambda o: bool(o["reshuffle"]),
    "loba": lambda o: True,
    "ramino-drift": lambda o: bool(o["reshuffle"]),
}
RUMMIES = tuple(SHUFFLED)

#: hands per game in the fast tier (spread over the seat counts); actions played to reach the
#: first turnover at most, and actions checked after it at most
HANDS = 200
MAX_STEPS = 60
AFTER_STEPS = 8
#: the text check (the costly one) and the information set are checked at every this-many-th
#: position after the turnover, the first one included
TEXT_EVERY = 2
ISET_EVERY = 4


class Seen:
    """What every seat has seen in one hand, by the specs alone (module docstring): ``known[s]``
    the cards known to be in hand ``s`` (a multiset), ``stock_known`` whether the stock is known
    (after an unshuffled turnover), ``shuffled`` whether this game's turnovers shuffle."""

    def __init__(self, game, state):
        self.shuffled = SHUFFLED[game.id](game.options)
        self.known = [Counter() for _ in range(game.players)]
        self.stock_known = False
        self.turnovers = 0
        self.redraws = 0  # stock draws after a turnover (a card drawn from a re-formed stock)

    def step(self, before, action, after) -> None:
        """Follow ``action`` from ``before`` to ``after``: a turnover makes the stock known or
        not; a card leaving a hand goes face up (pile or table), so is no longer known there; a
        card entering a hand is known, unless it was drawn from a stock not known."""
        if after.turnovers > before.turnovers:
            self.turnovers += after.turnovers - before.turnovers
            self.stock_known = not self.shuffled
        from_stock = action.verb == "draw" and action.arg == "stock"
        if from_stock and self.turnovers:
            self.redraws += 1
        for s, (h0, h1) in enumerate(zip(before.hands, after.hands, strict=True)):
            c0, c1 = Counter(h0), Counter(h1)
            self.known[s] = self.known[s] - (c0 - c1)
            added = c1 - c0
            if added and (not from_stock or self.stock_known):
                self.known[s] += added

    def hidden(self, state, seat: int) -> Counter:
        """The cards ``seat`` may not place: the other hands' cards not known there, and the
        stock unless it is known."""
        out: Counter = Counter()
        for s, h in enumerate(state.hands):
            if s != seat:
                out += Counter(h) - self.known[s]
        if not self.stock_known:
            out += Counter(state.stock)
        return out


def short_stock_position(game, seed: int, rng: random.Random) -> dict[str, Any]:
    """The shuffled deal of ``seed`` as a position (``to_act`` voorhand) whose stock keeps 0 to
    3 cards: the others go under the discard pile, face up. Amerikaans Jokeren also gets a random
    contract (``hand_no``)."""
    d = game.new_hand(seed=seed).deal_record()
    k = rng.randint(0, 3)
    stock = list(d["stock"])
    out = {
        "dealer": d["dealer"],
        "hands": d["hands"],
        "stock": stock[:k],
        "discard": stock[k:] + list(d["discard"]),
        "to_act": (d["dealer"] + 1) % game.players,
    }
    if game.id == "amerikaans-jokeren":
        out["hand_no"] = rng.randint(1, 6)
    return out


def _trimmed_json(game, obs, shuffled: bool) -> dict:
    """The observation's JSON as the text check reads it: ``game.leak_view`` (a meld's ``wilds``
    left out), its log replaced by the observation's whole log or, with shuffled turnovers, the
    lines after the last turnover event (the lines before it name cards face up then); the log is
    cut here by the events, not by the game's ``leak_view``."""
    js = game.leak_view(obs.to_json())
    last = -1
    if shuffled:
        last = max((i for i, e in enumerate(obs.events) if e.kind == "turnover"), default=-1)
    js["log"] = list(obs.log[last + 1 :])
    return js


def findings(game, state, seen: Seen, seat: int, text: bool = True) -> list[str]:
    """The strict leaks (``zone``, ``text`` unless not ``text``, ``hidden_from``) and
    disagreements (``hides``) ``seat`` has at ``state``: one line each (module docstring)."""
    out = []
    obs = state.observation(seat)
    hidden = seen.hidden(state, seat)
    for z in obs.zones:
        if z.kind == "hand" and z.owner is not None and z.owner != seat:
            extra = Counter(z.cards) - seen.known[z.owner]
            if extra:
                out.append(f"zone: seat {seat} sees {sorted(card_text(c) for c in extra.elements())} in {z.name}")
        elif z.kind == "stock" and z.cards and not seen.stock_known:
            out.append(f"zone: seat {seat} sees the shuffled stock's {sorted(card_text(c) for c in z.cards)}")
    if text:
        deck = Counter(card_text(c) for c in game.deck())
        leaked = codes_in(_trimmed_json(game, obs, seen.shuffled)) & fully_hidden(hidden, deck)
        if leaked:
            out.append(f"text: seat {seat}'s observation names {sorted(leaked)}")
    theirs = Counter(state.hidden_from(seat))
    shown = hidden - theirs
    if shown:
        out.append(f"hidden_from: seat {seat} is not hidden {sorted(card_text(c) for c in shown.elements())}")
    over = theirs - hidden
    if over:
        out.append(f"hides: hidden_from({seat}) hides seen cards {sorted(card_text(c) for c in over.elements())}")
    return out


def check_iset(state, seen: Seen, seat: int, rng: random.Random) -> list[str]:
    """The information set agrees with ``Seen``: its pool holds as many cards as ``Seen``
    hides, and a sampled world keeps the seat's hand, the pile, the melds, the cards known in
    the other hands and a known stock."""
    iset = state.information_set(seat)
    out = []
    hidden = seen.hidden(state, seat)
    if iset.deal.pool.bit_count() != sum(hidden.values()):
        out.append(
            f"iset: seat {seat}'s pool holds {iset.deal.pool.bit_count()} cards, {sum(hidden.values())} are hidden"
        )
    try:
        w = iset.sample(rng)
    except Exception as e:  # noqa: BLE001 - a sampler that fails is a finding like the others
        return out + [f"iset: seat {seat}'s sample fails: {type(e).__name__}: {e}"]
    if sorted(w.hands[seat]) != sorted(state.hands[seat]) or w.pile != state.pile or w.melds != state.melds:
        out.append(f"iset: seat {seat}'s sample changed what it sees")
    for s, h in enumerate(w.hands):
        if len(h) != len(state.hands[s]) or seen.known[s] - Counter(h):
            out.append(f"iset: seat {seat}'s sample lost a card known in hand {s}")
    if seen.stock_known and w.stock != state.stock:
        out.append(f"iset: seat {seat}'s sample changed a known stock")
    if Counter(w.cards_in_play()) != Counter(state.cards_in_play()):
        out.append("iset: the sample's cards are not the deck")
    return out


def play_hand(game, seed: int, rng: random.Random, tally: Counter, examples: list[str]) -> None:
    """One random hand from a short-stock position of ``seed`` (a meld or lay-off when there is
    one every other step, else any legal action): played unchecked until its first turnover (at
    most ``MAX_STEPS`` actions), then every seat checked at every position for at most
    ``AFTER_STEPS`` actions (the text check every ``TEXT_EVERY``-th, the information set every
    ``ISET_EVERY``-th). Counts go to ``tally`` (``hands``, ``turnover_hands``,
    ``shuffled_hands``, ``redraws``, ``observations``, one key per finding kind,
    ``leaky_observations``), the first findings to ``examples``."""
    st = game.from_deal(short_stock_position(game, seed, rng))
    seen = Seen(game, st)
    tally["hands"] += 1
    step = after = 0
    while True:
        if seen.turnovers:
            for seat in range(game.players):
                found = findings(game, st, seen, seat, after % TEXT_EVERY == 0)
                if after % ISET_EVERY == 0 and st.to_act is not None:
                    # a sampler of its own, so that the play does not depend on the sampling
                    found += check_iset(st, seen, seat, random.Random(seed * 31 + step))
                tally["observations"] += 1
                if any(not f.startswith(("hides", "iset")) for f in found):
                    tally["leaky_observations"] += 1
                for f in found:
                    tally[f.split(":")[0]] += 1
                    if len(examples) < 5:
                        examples.append(f"{game.id} n={game.players} seed {seed} step {step}: {f}")
            after += 1
        if st.over or after > AFTER_STEPS or (step >= MAX_STEPS and not seen.turnovers):
            break
        acts = st.rollout_actions() if step % 2 else st.legal_actions()
        a = rng.choice(list(acts))
        nxt = st.apply(a, check=False)
        seen.step(st, a, nxt)
        st = nxt
        step += 1
    if seen.turnovers:
        tally["turnover_hands"] += 1
        tally[f"turnover_hands_{game.players}p"] += 1
        if seen.shuffled:
            tally["shuffled_hands"] += 1
    tally["redraws"] += seen.redraws


def options_for(gid: str, i: int) -> dict[str, Any]:
    """Hand ``i``'s options: ``reshuffle`` on and off in turn where the game has it."""
    if any(o.name == "reshuffle" for o in game_class(gid).option_specs):
        return {"reshuffle": i % 2 == 0}
    return {}


def survey(gid: str, hands: int, seed0: int = 0) -> tuple[Counter, list[str]]:
    """``hands`` hands of ``gid`` spread over its seat counts (module docstring)."""
    cls = game_class(gid)
    counts = list(range(cls.min_players, cls.max_players + 1))
    tally: Counter = Counter()
    examples: list[str] = []
    for i in range(hands):
        n = counts[i % len(counts)]
        game = get_game(gid, players=n, **options_for(gid, i))
        rng = random.Random(seed0 * 100_003 + i)
        play_hand(game, seed0 * 100_003 + i, rng, tally, examples)
    return tally, examples


def _assert_clean(gid: str, tally: Counter, examples: list[str], hands: int) -> None:
    assert tally["hands"] == hands
    # turnovers really happen: in most hands, and with cards drawn from the re-formed stock
    assert tally["turnover_hands"] >= hands * 3 // 4, f"{gid}: turnovers in only {tally['turnover_hands']} hands"
    assert tally["redraws"] >= hands, f"{gid}: only {tally['redraws']} draws from a re-formed stock"
    cls = game_class(gid)
    for n in range(cls.min_players, cls.max_players + 1):  # every seat count
        assert tally[f"turnover_hands_{n}p"] >= 10, f"{gid}: {n} players, {tally[f'turnover_hands_{n}p']} hands"
    if gid != "basis-rummy":
        assert tally["shuffled_hands"] >= hands // 4, f"{gid}: shuffled turnovers in {tally['shuffled_hands']} hands"
    bad = {k: tally[k] for k in ("zone", "text", "hidden_from", "hides", "iset") if tally[k]}
    assert not bad and not tally["leaky_observations"], f"{gid}: {bad}; e.g. {examples}"


@pytest.mark.parametrize("gid", RUMMIES)
def test_no_seat_sees_a_card_shuffled_into_the_stock(gid):
    tally, examples = survey(gid, HANDS)
    _assert_clean(gid, tally, examples, HANDS)


@pytest.mark.slow
@pytest.mark.parametrize("gid", RUMMIES)
def test_no_seat_sees_a_card_shuffled_into_the_stock_many_hands(gid):
    tally, examples = survey(gid, 10 * HANDS, seed0=1)
    _assert_clean(gid, tally, examples, 10 * HANDS)


# ---- the record of the issue ------------------------------------------------------------------


def _jokeren_example():
    """Jokeren, 2 players, an empty stock and the pile ``3C 9H QS KD`` (jokeren §11 Example 8),
    seat 0 to draw with ``3D 4D 5D``: ``draw stock`` keeps KD up and shuffles ``3C 9H QS`` into
    the stock, seat 0 drawing 3C (the stock is then QS 9H, top first)."""
    g = get_game("jokeren", 2)
    d = position(g, ["3D 4D 5D", "2C"], "3C 9H QS KD", to_act=0, empty_stock=True, dump=1)
    return g, g.from_deal(d)


def test_the_card_drawn_from_a_shuffled_stock_is_hidden():
    g, st = _jokeren_example()
    st = st.apply("draw stock")
    assert "3C" in [card_text(c) for c in st.hands[0]]
    assert [card_text(c) for c in st.stock_top_first()] == ["QS", "9H"]
    obs = st.observation(1)
    zones = {z.name: z for z in obs.zones}
    assert zones["hand 0"].count == 4 and zones["hand 0"].cards == ()
    assert zones["stock"].count == 2 and zones["stock"].cards == ()
    hidden = Counter(card_text(c) for c in st.hidden_from(1))
    assert hidden["3C"] == 1 and hidden["QS"] == 1 and hidden["9H"] == 1
    assert not any(w in line for line in obs.log[-2:] for w in ("3C", "9H", "QS"))  # turnover, draw
    # the whole check of this file finds nothing at either seat
    _g, start = _jokeren_example()
    seen = Seen(g, start)
    seen.step(start, g.parse_action("draw stock"), st)
    assert findings(g, st, seen, 0) == [] and findings(g, st, seen, 1) == []
    assert check_iset(st, seen, 1, random.Random(1)) == []
    # the drawer sees his own card; the information set of seat 1 deals 3C, 9H, QS at random
    assert "3C" in [card_text(c) for c in st.observation(0).hand]
    places = Counter()
    rng = random.Random(5)
    iset = st.information_set(1)
    for _ in range(200):
        w = iset.sample(rng)
        places["stock" if any(card_text(c) == "3C" for c in w.stock) else "hand"] += 1
        assert Counter(card_text(c) for c in w.stock) <= Counter({"3C": 1, "9H": 1, "QS": 1})
    assert places["stock"] and places["hand"]


def test_an_unshuffled_turnover_stays_known():
    """jokeren §5.6 with ``reshuffle = false``: the pile but KD is turned over, bottom card on
    top, so the stock is known in order and the card drawn (3C) is known in seat 0's hand."""
    g = get_game("jokeren", 2, reshuffle=False)
    d = position(g, ["3D 4D 5D", "2C"], "3C 9H QS KD", to_act=0, empty_stock=True, dump=1)
    st = g.from_deal(d).apply("draw stock")
    zones = {z.name: z for z in st.observation(1).zones}
    assert [card_text(c) for c in zones["hand 0"].cards] == ["3C"]
    assert [card_text(c) for c in zones["stock"].cards] == ["9H", "QS"]
    assert not Counter(card_text(c) for c in st.hidden_from(1)) & Counter({"3C": 1, "9H": 1, "QS": 1})


def test_leak_view_leaves_out_the_log_before_the_last_shuffle_only():
    """``DriftRummy.leak_view`` (what tests/test_invariants.py checks): the log lines up to the
    last shuffled turnover go, the later ones stay; an unshuffled turnover cuts nothing."""
    g, st = _jokeren_example()
    st = st.apply("draw stock").apply("discard 3D")
    log = st.observation(1).to_json()["log"]
    cut = g.leak_view(st.observation(1).to_json())["log"]
    assert log[-3].endswith("is shuffled to form a new stock.")
    assert cut == log[-2:] and "3D" in cut[-1]
    g2 = get_game("jokeren", 2, reshuffle=False)
    d = position(g2, ["3D 4D 5D", "2C"], "3C 9H QS KD", to_act=0, empty_stock=True, dump=1)
    js = g2.from_deal(d).apply("draw stock").observation(1).to_json()
    assert "without shuffling" in js["log"][-2] and g2.leak_view(js)["log"] == js["log"]
    for gid in ("klassieke-rummy", "loba"):  # Loba writes its own turnover line
        game = get_game(gid, 2)
        assert game.leak_view({"log": ["a", f"x {SHUFFLED_WORDS}", "b"]})["log"] == ["b"]


# ---- the strong bot's sampler with the cards now unknown -----------------------------------------


def after_a_redraw(gid: str, seed: int):
    """A position of ``gid`` (2 players, shuffled turnovers where the game has the option) just
    after a card was drawn from a shuffled re-formed stock, the hand not over, and ``Seen`` of
    it; None if random play from ``seed``'s short-stock position finds none in ``MAX_STEPS``."""
    game = get_game(gid, players=2, **({"reshuffle": True} if options_for(gid, 0) else {}))
    rng = random.Random(seed)
    st = game.from_deal(short_stock_position(game, seed, rng))
    seen = Seen(game, st)
    for _ in range(MAX_STEPS):
        if st.over:
            return None
        a = rng.choice(st.legal_actions())
        nxt = st.apply(a, check=False)
        seen.step(st, a, nxt)
        st = nxt
        if seen.redraws and seen.shuffled and not st.over:
            return st, seen
    return None


@pytest.mark.parametrize("gid", [g for g in RUMMIES if g != "basis-rummy"])
def test_the_strong_bot_samples_and_chooses_after_a_shuffled_turnover(gid):
    """The information set after a draw from a shuffled stock deals the stock and the drawn card
    among the unknown places (the stock from the codes shuffled into it only), and the strong bot plays a
    legal action from it (Loba's sampler used to fail here: its game had no ``reshuffle``)."""
    from cardtable.bots import get_bot

    got = next(x for x in (after_a_redraw(gid, seed) for seed in range(40)) if x is not None)
    st, seen = got
    game = st.game
    for seat in range(2):
        iset = st.information_set(seat)
        assert iset.deal.pool.bit_count() == sum(seen.hidden(st, seat).values())
        rng = random.Random(seat)
        for _ in range(20):
            w = iset.sample(rng)
            assert Counter(w.cards_in_play()) == Counter(st.cards_in_play())
            # the stock only from the codes shuffled into it (with two packs a code, not a copy)
            assert set(w.stock) <= set(st.reformed), "the stock only from the shuffled cards"
    bot = get_bot("strong", game, seed=3)
    bot.iterations = 16
    seat = st.to_act
    assert bot.choose(st.information_set(seat)) in st.legal_actions()


# ---- the check catches a planted leak ---------------------------------------------------------


def test_a_planted_leak_is_caught(monkeypatch):
    """With the hiding switched off (the drift hand's turnover leaving the shuffled cards known),
    the check finds leaks in Klassieke Rummy with ``reshuffle``, and in the wild family (a card
    drawn from a shuffled stock counted as known) in Jokeren."""
    from cardtable.families.drift import DriftHand

    monkeypatch.setattr(DriftHand, "_hide_reformed", lambda self, under: None)
    for gid in ("klassieke-rummy", "jokeren"):
        tally: Counter = Counter()
        examples: list[str] = []
        for i in range(12):
            game = get_game(gid, players=2, reshuffle=True)
            play_hand(game, 7000 + i, random.Random(i), tally, examples)
        assert tally["leaky_observations"] and tally["zone"] and tally["hidden_from"], (gid, tally)


def test_seen_follows_the_rules_on_a_hand_built_record():
    """``Seen`` itself: a take is known, a discard forgets it, a draw from a shuffled stock is not."""
    g, st = _jokeren_example()
    seen = Seen(g, st)
    for text in ("draw stock",):
        a = g.parse_action(text)
        nxt = st.apply(a)
        seen.step(st, a, nxt)
        st = nxt
    assert seen.turnovers == 1 and not seen.stock_known and seen.redraws == 1 and not seen.known[0]
    assert sorted(card_text(c) for c in seen.hidden(st, 1).elements() if card_text(c) in ("3C", "9H", "QS")) == [
        "3C",
        "9H",
        "QS",
    ]


def main(argv: list[str]) -> None:
    """``python -m tests.test_turnover_leaks [hands]``: the counts per game, as JSON lines."""
    hands = int(argv[0]) if argv else HANDS
    for gid in RUMMIES:
        tally, examples = survey(gid, hands)
        print(json.dumps({"game": gid, **dict(sorted(tally.items())), "examples": examples[:2]}))


if __name__ == "__main__":
    main(sys.argv[1:])
