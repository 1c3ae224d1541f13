"""Random legal play through whole matches of every registered game (DESIGN.md, "Tests").

Hypothesis picks the game's options, the seeds of the match and of the random player, and
who plays each seat (uniformly random legal actions, or the simple bot); the match is then
played to its end, and:

- at every step, the applied action is one of ``legal_actions()`` and cards are conserved:
  ``sorted(state.cards_in_play()) == sorted(state.deck())`` (the deck of this hand);
- at the first and last position of every hand and a random sample of the others (a
  tenth of the first 100 positions, fewer later: the observation checks cost more than
  the play, and more as the hand's log grows): ``obs.legal`` of the seat to act is
  ``legal_actions()`` and other seats get none; every seat sees the same active seats
  (``Observation.active``), a seat that is out holds no cards and is not to act;
- every legal action's text parses back to the same action;
- no observation's JSON, as the game's ``Game.leak_view`` gives it to the check (what the
  rules let a text name without placing it), holds a card code of ``state.hidden_from(seat)``
  (a multiset: a code only where every copy of it in the deck is hidden from the seat);
- ``apply()`` leaves the old state unchanged (all observations compared), and an illegal
  action is refused with a reason and changes nothing;
- every hand and every match ends (a generous step cap fails the test);
- scores add up by the game's own hook, ``Game.check_result(result, state)``, which states
  the spec's totals (146 trick points in a kruisjassen hand of 8 tricks, 68 hand points in
  manille-muette/parlée, 72 in butifarra, ledger rows that sum to 0 in manille, the rummy
  winner's points = the others' card points, doubled for a rummy ...): no game id here;
- decisions between hands (``Game.between_hands``) are played through the same loop
  (``Match.start_next()``) and checked as positions, without a hand result.

The matches are the shared random walk of tests/walks.py: played once per process (the
grammar and views tests read the same walk), the same on every run, as many per game as its
budget in tests/walk_budget.json and tests/walk_costs/ allow (a game's share of the fast tier, by its measured
seconds per match: up to 200); ``pytest -m slow tests/test_invariants.py`` plays 10,000 more
per game.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import Counter

import pytest

from cardtable.cards import card_text
from cardtable.engine import Action, IllegalAction, Match, game_class, game_ids, get_game, parse_action
from tests import walks

#: A match that has not ended after this many actions fails the test.
MAX_ACTIONS_PER_MATCH = 200_000
#: A hand that has not ended after this many actions fails the test.
MAX_ACTIONS_PER_HAND = 20_000

TOKEN = re.compile(r"[^A-Za-z0-9]+")
#: Card codes with a copy or a designation (``QS#2``, ``JK=8C``, ``JK=8*``) as one token.
CODE_TOKEN = re.compile(r"[^A-Za-z0-9#=*]+")
DESIGNATION = re.compile(r"=(?:10|[2-9TJQKA])[CDHS*]")

#: (game id, player count) for every registered game and every count it allows.
CASES = walks.every_case()


# ---- the checks ------------------------------------------------------------------------


def codes_in_text(text: str) -> set[str]:
    """The words of a JSON text: split at everything but letters and digits (``JH``), and
    also at everything but those and ``# = *`` (so ``QS#2`` and ``JK=8C`` are words); a
    designation ``=8C`` shows what a wild card stands for, not the card 8C itself."""
    return set(TOKEN.split(DESIGNATION.sub("", text))) | set(CODE_TOKEN.split(text))


#: the words of each string, number and key met in an observation (log lines repeat from
#: one position to the next and from seat to seat: each is split once)
_WORDS: dict = {}


def _words(value) -> frozenset:
    key = (type(value), value)
    got = _WORDS.get(key)
    if got is None:
        if len(_WORDS) > 200_000:
            _WORDS.clear()
        got = _WORDS[key] = frozenset(codes_in_text(json.dumps(value)))
    return got


def codes_in(obs_json) -> set[str]:
    """The words of an observation's JSON text, ``codes_in_text(json.dumps(obs_json))``,
    read value by value: the text's separators (quotes, commas, colons, brackets, spaces)
    split at every value's edge, so its words are the union of its strings', numbers' and
    keys' (each split once per process; tests/test_hidden_multiset.py compares the two)."""
    out: set[str] = set()
    stack = [obs_json]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                out |= _words(k)
                stack.append(x)
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        else:
            out |= _words(v)
    return out


def leaked_codes(view, hidden: set[str]) -> set[str]:
    """The codes of ``hidden`` among the words of ``view``: ``codes_in(view) & hidden``, found
    faster where the log is long (a rummy hand of hundreds of turns): the view's JSON text is
    made in one call, and a hidden code that is not even a substring of it is no word of it, so
    the words are split only when some hidden code is in the text
    (tests/test_hidden_multiset.py compares the two)."""
    if not hidden:
        return set()
    text = json.dumps(view)
    maybe = {c for c in hidden if c in text}
    return codes_in_text(text) & maybe if maybe else set()


def fully_hidden(hidden, deck_counts: Counter) -> set[str]:
    """The codes of which ``seat`` may see no copy: ``hidden_from`` is a multiset (a set is
    a multiset of ones), so with two packs one QS hidden and one QS on the table leaves QS
    visible, and only a code hidden as many times as the deck holds it may not be shown."""
    counts = Counter()
    for c, k in Counter(hidden).items():
        counts[card_text(c)] += k
    return {code for code, k in counts.items() if k >= deck_counts[code]}


def observations(state, n: int) -> list[dict]:
    return [state.observation(s).to_json() for s in range(n)]


def check_position(game, state, deck: list[int], obs: list[dict]) -> list:
    """Every per-position invariant; returns the legal actions."""
    n = game.players
    assert sorted(state.cards_in_play()) == deck, "cards are not conserved"
    deck_counts = Counter(card_text(c) for c in deck)
    for seat in range(n):
        hidden = fully_hidden(state.hidden_from(seat), deck_counts)
        leaked = leaked_codes(game.leak_view(obs[seat]), hidden)
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
    legal = state.legal_actions()
    if state.to_act is None:
        assert legal == []
        return legal
    assert legal, "a seat is to act but has no legal action"
    assert len(set(legal)) == len(legal), "legal_actions() lists an action twice"
    for a in legal:
        assert game.parse_action(a.text()) == a, f"{a.text()!r} does not parse back to {a!r}"
    for seat in range(n):
        o = obs[seat]
        if seat == state.to_act:
            assert sorted(o["legal"]) == sorted(a.text() for a in legal), "obs.legal differs from legal_actions()"
        else:
            assert o["legal"] == [], f"seat {seat} is shown legal actions out of turn"
        assert o["to_act"] == state.to_act
    return legal


def check_active(state, obs: list[dict], between: bool) -> None:
    """Active seats (``Observation.active``): the same for every seat, one per seat; a seat
    that is out holds no cards and, in a dealt hand, is never to act."""
    n = len(obs)
    active = obs[0]["active"]
    assert len(active) == n and all(o["active"] == active for o in obs), "seats disagree on who is active"
    for s in range(n):
        if not active[s]:
            assert obs[s]["hand_sizes"][s] == 0, f"seat {s} is out but holds cards"
    if state.to_act is not None and not between:
        assert active[state.to_act], f"seat {state.to_act} is out but is to act"


def illegal_probe(state, legal, rng: random.Random):
    """An action that is not legal now: a card the seat to act does not hold, in one of the
    verbs that are legal now (or a verb that is not legal at all). With copies of a card
    (two packs) a hidden card may also be in the seat's own hand, and the action with it
    legal under another name (Bezique's ``play QS`` for the melded ``QS#1``): no probe."""
    hidden = sorted(state.hidden_from(state.to_act))
    texts = {a.text() for a in legal}
    for a in rng.sample(legal, min(3, len(legal))):
        if a.cards and hidden:
            cand = a._replace(cards=(rng.choice(hidden),) + a.cards[1:])
            if cand.text() not in texts and not state.is_legal(state.normalize(cand)):
                return cand
    for a in (Action("nonsense"), Action("play"), parse_action("layoff AS to 99")):
        if a.text() not in texts:
            return a
    return None  # pragma: no cover


def check_result(game, state, steps: int) -> None:
    """The result of a finished hand: the generic shape here, the spec's totals by the
    game's own hook (``Game.check_result``)."""
    res = state.result()
    assert res is not None, "a finished hand has no result"
    n = game.players
    assert len(res.points) == n and all(isinstance(p, int) for p in res.points)
    assert all(0 <= w < n for w in res.winners)
    json.dumps(res.to_json())  # the result is JSON-ready (it goes into replay --json)
    problems = game.check_result(res, state)
    assert not problems, f"{game.id} hand {steps} actions: " + "; ".join(problems)


def play_match(
    gid: str,
    players: int,
    options: dict,
    match_seed: int,
    play_seed: int,
    policies: tuple[str, ...] | None = None,
    deep_rate: float = 0.1,
    probe_rate: float = 0.05,
    visit=None,
) -> Counter:
    """Play one whole match, checking everything; statistics back.

    ``policies``: per seat ``random`` (a uniformly random legal action) or ``simple`` (the
    simple bot, from its own observation); default all random. Cheap checks (legality,
    conservation) run at every step; the observation checks (hidden cards, text forms,
    old state unchanged, illegal probes) at the first and last position of every hand and
    at a ``deep_rate`` share of the first 100 others, fewer after that (``deep_rate *
    100 / step``), so that long random hands stay affordable.

    ``visit(state, legal, deep, between)``, if given, is called at every position (the last
    of a hand too, with ``legal`` empty) after its checks: ``deep`` says whether the
    observation checks ran there, ``between`` whether it is a decision between hands (the
    shared walk, tests/walks.py, keeps what the other tests read).
    """
    from cardtable.bots import get_bot

    game = get_game(gid, players=players, **options)
    n = game.players
    rng = random.Random(play_seed)
    policies = policies or ("random",) * n
    bots = [get_bot("simple", game, seed=play_seed + s) if p == "simple" else None for s, p in enumerate(policies)]
    match = Match(game, [f"bot:{p}" for p in policies], seed=match_seed)
    stats: Counter = Counter()
    total = 0
    while not match.over:
        state = match.start_next()
        if match.in_between:
            stats["between"] += 1
        else:
            stats["hands"] += 1
        deck = sorted(state.deck())  # the deck of this hand (State.deck())
        steps = 0
        deep = True
        while True:
            assert sorted(state.cards_in_play()) == deck, "cards are not conserved"
            if deep or state.to_act is None:
                obs = observations(state, n)
                legal = check_position(game, state, deck, obs)
                check_active(state, obs, match.in_between)
                stats["deep"] += 1
            else:
                legal = state.legal_actions()
                assert legal or state.to_act is None
            if visit is not None:
                visit(state, legal, deep or state.to_act is None, match.in_between)
            if state.to_act is None:
                break
            bot = bots[state.to_act]
            action = rng.choice(legal) if bot is None else bot.choose(state.observation(state.to_act))
            assert action in legal, f"{action.text()!r} is not among the legal actions"
            if deep and rng.random() < probe_rate / deep_rate:
                bad = illegal_probe(state, legal, rng)
                if bad is not None:
                    with pytest.raises(IllegalAction) as ei:
                        state.apply(bad)
                    assert str(ei.value).strip(), "an illegal action is refused without a reason"
                    assert observations(state, n) == obs, "a refused action changed the state"
                    stats["probes"] += 1
            old = state
            state = match.apply(action)
            if deep:
                assert observations(old, n) == obs, f"apply({action.text()!r}) changed the old state"
            assert match.hands[-1]["actions"][-1] == action.text()
            steps += 1
            total += 1
            assert steps < MAX_ACTIONS_PER_HAND, f"hand {stats['hands']} did not end"
            assert total < MAX_ACTIONS_PER_MATCH, "the match did not end"
            # a falling rate in long hands: observations grow with the hand's public log
            deep = rng.random() < deep_rate * min(1.0, 100 / steps)
        if not match.in_between:
            check_result(game, state, steps)
        stats[state.result().outcome] += 1
        stats["actions"] += steps
    assert match.sheet.winners, "a finished match has no winner"
    assert match.state.over
    return stats


# ---- the tests -------------------------------------------------------------------------


def test_every_registered_game_is_covered():
    assert {"kruisjassen", "klassieke-rummy"} <= {g for g, _ in CASES}
    assert [n for g, n in CASES if g == "klassieke-rummy"] == [2, 3, 4, 5, 6]
    if "manille" in {g for g, _ in CASES}:
        assert [n for g, n in CASES if g == "manille"] == [2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize(
    "gid,players", [pytest.param(g, n, marks=walks.group(g)) for g, n in CASES], ids=[f"{g}-{n}" for g, n in CASES]
)
def test_random_matches(gid, players):
    """The walk's matches at this player count, every invariant checked on the way (in
    ``play_match``); each match ends, and the checks ran at every hand's ends."""
    w = walks.walk(gid, players)
    assert w.stats["matches"] == walks.matches_per_count(gid) == len(w.draws)
    assert w.stats["hands"] >= w.stats["matches"] and w.stats["deep"] >= 2 * w.stats["hands"]
    kinds = {d.policies for d in w.draws}
    assert ("random",) * players in kinds and ("simple",) * players in kinds


def test_every_game_has_a_budget():
    """Every registered game has its measured seconds per match, tests/walk_costs/<game>.txt
    (``python -m tests.walks --write GAME`` measures it and writes the file)."""
    missing = sorted(g for g in game_ids() if walks.seconds_per_match(g) is None)
    assert not missing, f"no seconds per match for {missing}: run python -m tests.walks --write {' '.join(missing)}"


@pytest.mark.slow
@pytest.mark.parametrize("gid", sorted(game_ids()))
def test_soak_10000_matches(gid):
    """10,000 matches per game (every player count in turn, random options), full checks
    but fewer illegal probes. Run by hand: ``python -m pytest -m slow tests/test_invariants.py``."""
    cls = game_class(gid)
    counts = list(range(cls.min_players, cls.max_players + 1))
    total: Counter = Counter()
    n_matches = int(os.environ.get("CARDTABLE_SOAK_MATCHES", "10000"))
    opt_rng = random.Random(f"soak/{gid}")
    for i in range(n_matches):
        options = walks.draw_options(gid, opt_rng)
        n = counts[i % len(counts)]
        policies = [("random",) * n, ("simple",) * n, tuple(opt_rng.choice(("random", "simple")) for _ in range(n))][
            i % 3
        ]
        total += play_match(gid, n, options, match_seed=i, play_seed=10**6 + i, policies=policies)
    assert total["hands"] >= n_matches


# ---- the checker itself can fail -------------------------------------------------------


@pytest.mark.parametrize(
    "breakage,message",
    [
        ("score", "two tricks score 2 points"),
        ("leak", "sees hidden cards"),
        ("lose", "not conserved"),
        ("mutate", "changed the old state"),
        ("endless", "did not end"),
    ],
)
def test_the_checks_find_a_broken_game(monkeypatch, breakage, message, fake):
    State = fake.FakeState
    if breakage == "score":
        orig_result = State.result

        def overpaid(self):
            res = orig_result(self)
            if res is not None:
                res.points[0] += 1
            return res

        monkeypatch.setattr(State, "result", overpaid)
    elif breakage == "leak":
        orig = State.observation

        def leaky(self, seat):
            obs = orig(self, seat)
            obs.extra["peek"] = [card_text(c) for c in self.hands[1 - seat]]
            return obs

        monkeypatch.setattr(State, "observation", leaky)
    elif breakage == "lose":
        monkeypatch.setattr(State, "cards_in_play", lambda self: [c for h in self.hands for c in h])
    elif breakage == "mutate":

        def sloppy_clone(self):
            new = State.__new__(State)
            new.__dict__.update(self.__dict__)  # shares the hands with the old state
            new.trick = list(self.trick)
            new.won = [list(w) for w in self.won]
            return new

        monkeypatch.setattr(State, "clone", sloppy_clone)
    elif breakage == "endless":
        monkeypatch.setattr(State, "_apply", lambda self, action: None)
        monkeypatch.setattr(sys.modules[__name__], "MAX_ACTIONS_PER_HAND", 50)
    with fake.registered():
        with pytest.raises(AssertionError, match=message):
            play_match(fake.FAKE_ID, 2, {"target": 3}, match_seed=1, play_seed=2, deep_rate=1.0)


@pytest.mark.parametrize("gid", [pytest.param(g, marks=walks.group(g)) for g in sorted(game_ids())])
def test_each_games_hook_finds_a_broken_result(gid):
    """``Game.check_result`` passes the real results of the walk's finished hands at the
    fewest seats (up to ``walks.FINALS``) and finds a point added to seat 0, whatever the
    outcome (the hook can fail)."""
    from cardtable.engine import Result

    checked = 0
    for n in walks.counts_of(gid)[:1]:
        for state in walks.walk(gid, n).finals:
            game, res = state.game, state.result()
            assert game.check_result(res, state) == [], (res.outcome, res.points)
            extra = list(res.points)
            extra[0] += 1
            broken = Result(points=extra, outcome=res.outcome, winners=list(res.winners), detail=res.detail)
            assert game.check_result(broken, state), f"{res.outcome} {res.points} -> {extra} not caught"
            checked += 1
    assert checked >= 4


def test_a_game_with_seats_out_and_buy_backs_passes_the_checks(fake):
    """The fake "afvallen" (seats drop out, the deck shrinks with them, a buy-back between
    hands) through the same checks: the deck of each hand, active seats, the decision."""
    with fake.registered(fake.OutGame):
        total: Counter = Counter()
        for seed in range(20):
            total += play_match(fake.OUT_ID, 3, {}, match_seed=seed, play_seed=seed, deep_rate=1.0)
    assert total["between"] and total["buy_back"] and total["hands"] > total["between"], total


def test_the_active_check_finds_a_seat_out_that_acts(monkeypatch, fake):
    """A broken "afvallen" that marks every seat out in its observations is caught."""
    orig = fake.OutState.observation

    def all_out(self, seat):
        obs = orig(self, seat)
        obs.active = (False,) * 3
        return obs

    monkeypatch.setattr(fake.OutState, "observation", all_out)
    with fake.registered(fake.OutGame):
        with pytest.raises(AssertionError, match="is out but"):
            play_match(fake.OUT_ID, 3, {}, match_seed=1, play_seed=2, deep_rate=1.0)


def test_a_walk_names_the_failing_match_and_fails_each_reader(monkeypatch, fake):
    """A walk (tests/walks.py) that finds a broken game fails with the call that plays the
    failing match again, and fails every later reader in the process the same way without
    playing again; the walk of a sound game keeps positions, finished hands and actions."""
    with fake.registered():
        w = walks._play(fake.FAKE_ID, 2, 6)
        assert w.stats["matches"] == 6 and w.positions and w.finals and w.actions
        assert all(st.to_act is not None for st in w.positions) and all(st.over for st in w.finals)
        monkeypatch.setattr(fake.FakeState, "cards_in_play", lambda self: [c for h in self.hands for c in h])
        try:
            with pytest.raises(AssertionError, match="not conserved") as first:
                walks.walk(fake.FAKE_ID, 2)
            call = re.search(r"tests\.test_invariants\.(play_match\(.*\))$", str(first.value), re.M).group(1)
            with pytest.raises(AssertionError, match="not conserved"):
                eval(call, {"play_match": play_match})  # the same failure, played again
            monkeypatch.undo()
            with pytest.raises(AssertionError, match="not conserved"):
                walks.walk(fake.FAKE_ID, 2)  # remembered, not played again
        finally:
            walks._FAILED.pop((fake.FAKE_ID, 2), None)
