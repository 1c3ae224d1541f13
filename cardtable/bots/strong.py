"""The ``strong`` bot: determinized search (Perfect Information Monte Carlo) for every game.

    bot = get_bot("strong", game, seed=1)
    action = bot.choose(state.information_set(seat))          # what the seat knows
    action = bot.choose(state.information_set(seat), budget=0.5)
    bot.iterations = 400       # a fixed number of playouts (overrides the time budget)
    bot.iterations = 0         # no search: the bot plays its prior (to measure the prior alone)
    bot.cancel()               # from another thread: the search stops at once

How it decides: the seat's information set deals the cards it has not seen again at random
(``InformationSet.sample``); in each sampled world every legal action is applied and the
world is played to the end of the hand (``greedy_playout``: in trick games rules of thumb
with 15% random choices; in drift rummies every seat plays the simple bot's own rules on the
hand's cheap ``policy_observation``; other games their fast random ``playout``),
and the seat's ``returns()`` are averaged per action. A game may narrow the search: with
``search_width`` set (the drift rummies: 3) only the simple bot's first choices are compared
(and its first of each other verb), and with ``search_bar = "candidates"`` the margin the
best must win by grows with their number (``StrongBot._bar``). All actions of
one round share the sampled world and the playout's random draws (common random numbers),
so the difference between two actions is measured on the same deals. The action with the
highest mean wins (ties: the first in ``legal``). Every decision goes through it: bids,
trump, doubling, claims, talk, the rummy draw, melds and discards, card play.

What it sees: only ``observation`` and ``sample`` of the information set it is handed (a
sample deals again every card the seat has not seen, so two states that look the same to
the seat give the same decisions for the same seed). Handed a bare Observation (a caller
that has no State), it plays its prior and warns once.

Prior: the move the search starts from, kept unless a searched move is clearly better
(``pick``), and the ranking ``search_width`` draws its candidates from. It is the simple
bot's rules of thumb, unless the game's bot module registers its own ``prior`` policy
(``register_policy("prior", choose, game_classes=...)``; ``prior_policy``); the playouts of a
rummy play it too where the game says ``playout_policy = "prior"`` (else the simple bot's).

Budget: ``budget`` seconds per decision (default ``CARDTABLE_BOT_BUDGET``, else 1 s), or
``iterations`` playouts when set (reproducible: the playouts are cut into fixed chunks,
each with its own seed from the bot's seed, the decision's number and the chunk's number,
and summed; so the same seed and count give the same decision in a pool or in process).
The search runs in a process pool (``concurrent.futures.ProcessPoolExecutor``, made on
first use and shared by every strong bot of the process, its workers at a lower priority,
``WORKER_NICE``), so a thread waiting for it holds no GIL and the table keeps the CPU it
needs; ``use_pool = False`` runs it in the calling process (``cardtable simulate`` and
``tournament`` do). ``cancel()`` makes a waiting ``choose`` return at once with the best
action so far (the first legal one if none was measured). Workers import the main module
again (multiprocessing's rule): a script that uses the pool must guard its entry with
``if __name__ == "__main__":`` (``cardtable`` and ``python -m cardtable`` do); call
``warm_up()`` when a table opens so the first search does not wait for the workers.
"""

from __future__ import annotations

import contextlib
import copy
import math
import multiprocessing
import os
import random
import sys
import threading
import time
import warnings
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.bots import Bot, PolicyBot
from cardtable.cards import RANK_OF, SUIT_OF, display, is_joker, plain
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation
from cardtable.engine.search import mask_cards
from cardtable.families.tricks import PLAY, TrickHand

#: seconds per decision when neither ``budget`` nor ``CARDTABLE_BOT_BUDGET`` says
DEFAULT_BUDGET = 1.0
#: rounds (one sampled world, every action played out once) per chunk of a fixed count
CHUNK_ROUNDS = 4
#: seconds one worker task runs in time mode before it reports (the cancel latency of a
#: worker that is already busy; ``choose`` itself returns at once)
SLICE = 0.2
#: the part of the budget kept for sending the work and summing it up
MARGIN = 0.06
#: standard errors by which the best action must beat the simple bot's to be played
CONFIDENCE = 1.0


def default_budget() -> float:
    """``CARDTABLE_BOT_BUDGET`` in seconds (a bad or missing value: 1 s)."""
    try:
        v = float(os.environ.get("CARDTABLE_BOT_BUDGET", ""))
    except ValueError:
        return DEFAULT_BUDGET
    return v if v > 0 else DEFAULT_BUDGET


# ---- the search (runs in a worker process or in process) -------------------------------

@dataclass
class Stats:
    """Per legal action (by index): playouts ``n``, the sum and the sum of squares of the
    seat's returns, and the sum of squares of its difference with the prior action's
    return in the same world (``dsquares``; the prior: the simple bot's choice);
    ``worlds``: sampled worlds (rounds)."""

    n: list[int]
    total: list[float]
    squares: list[float]
    worlds: int = 0
    dsquares: list[float] = field(default_factory=list)

    @classmethod
    def empty(cls, k: int) -> "Stats":
        return cls([0] * k, [0.0] * k, [0.0] * k, 0, [0.0] * k)

    def add(self, other: "Stats") -> None:
        for i in range(len(self.n)):
            self.n[i] += other.n[i]
            self.total[i] += other.total[i]
            self.squares[i] += other.squares[i]
            self.dsquares[i] += other.dsquares[i]
        self.worlds += other.worlds

    def gain_over(self, i: int, p: int) -> tuple[float, float]:
        """The mean of (return of ``i`` - return of ``p``) over the worlds, and its standard
        error (paired: both were played out in every world); ``p`` must be the prior the
        chunks measured ``dsquares`` against."""
        n = min(self.n[i], self.n[p])
        if n < 2:
            return 0.0, math.inf
        d = (self.total[i] - self.total[p]) / n
        var = max(0.0, self.dsquares[i] / n - d * d)
        return d, math.sqrt(var / (n - 1))

    def mean(self, i: int) -> float:
        return self.total[i] / self.n[i] if self.n[i] else -math.inf

    def stderr(self, i: int) -> float:
        n = self.n[i]
        if n < 2:
            return math.inf
        m = self.total[i] / n
        var = max(0.0, self.squares[i] / n - m * m)
        return math.sqrt(var / (n - 1))

    def best(self) -> int:
        """The index with the highest mean (the first of equals)."""
        best = 0
        for i in range(1, len(self.n)):
            if self.mean(i) > self.mean(best):
                best = i
        return best

    @property
    def playouts(self) -> int:
        return sum(self.n)


#: the share of card plays a greedy playout makes at random (variety between playouts)
EPSILON = 0.15
#: the playout policy: ``greedy`` (``greedy_playout``) or ``random`` (the game's fast
#: ``playout``); ``CARDTABLE_STRONG_ROLLOUT`` sets it (for comparing them)
ROLLOUT = os.environ.get("CARDTABLE_STRONG_ROLLOUT", "greedy")


def greedy_playout(world: Any, rng: random.Random) -> tuple[float, ...]:
    """Play ``world`` to the end and return its ``returns()``. Trick games (a ``TrickHand``
    with its trick table ``t``): card plays by a greedy rule of thumb (``greedy_card``),
    other steps (roem, stuk, ...) as the game's rollout does (``rollout_actions()``; where
    it offers a choice, such as a bid or the trump, the simple bot's, ``simple_step``), a
    share ``EPSILON`` of the card plays at random; rummies (a game whose steps are draws and
    discards): ``rummy_policy_playout`` (the simple bot's rules, where the hand has a
    ``policy_observation``: every turn of the hand, an upcard round or a contract included),
    else ``rummy_greedy_playout``; every other game: its fast ``playout``. Only the
    public search API of the families is used (``rollout_mask``, ``rollout_actions``,
    ``apply_in_place``), so every game of a family gets the policy with no line here."""
    if not isinstance(world, TrickHand):
        policy = rummy_policy(world)
        if policy is not None:
            return rummy_policy_playout(world, rng, policy)
        if _is_rummy(world):
            return rummy_greedy_playout(world, rng)
        return world.playout(rng)
    rand = rng.random
    while world.to_act is not None:
        m = world.rollout_mask()
        if m:
            if m & (m - 1):
                c = greedy_card(world, m) if rand() >= EPSILON else rng.choice(mask_cards(m))
            else:
                c = m.bit_length() - 1
            world.apply_in_place(PLAY[c])
        else:
            acts = world.rollout_actions()
            world.apply_in_place(acts[0] if len(acts) == 1 else simple_step(world, acts, rng))
    return world.returns()


#: the registered rule-of-thumb functions by (kind, Game object) (``registered_policy``)
_POLICIES: dict[tuple[str, int], tuple[Any, Any]] = {}


def registered_policy(kind: str, game: Any):
    """The ``policy(obs, game, rng)`` a bot module registered as the ``kind`` bot of ``game``
    (``register_policy``, bots/registry.py), or None; cached per kind and Game object."""
    hit = _POLICIES.get((kind, id(game)))
    if hit is None or hit[0] is not game:
        from cardtable.bots.registry import find_bot
        entry = find_bot(kind, game)
        hit = (game, getattr(entry.factory, "policy", None) if entry is not None else None)
        _POLICIES[(kind, id(game))] = hit
    return hit[1]


def simple_policy(game: Any):
    """The ``policy(obs, game, rng)`` the ``simple`` bot of ``game`` plays by, or None (a
    game no bot module plays); cached per Game object."""
    return registered_policy("simple", game)


def prior_policy(game: Any):
    """The ``policy(obs, game, rng)`` the strong bot of ``game`` starts from (its prior: the
    move it plays unless the search finds a clearly better one, and the ranking
    ``search_width`` takes its candidates from): the ``prior`` policy a bot module
    registered for the game (``register_policy("prior", ...)``, bots/registry.py), else the
    simple bot's (``simple_policy``); None where neither exists. Cached per Game object."""
    policy = registered_policy("prior", game)
    return policy if policy is not None else simple_policy(game)


def simple_step(world: Any, acts: list[Action], rng: random.Random) -> Action:
    """A playout's step that is not a card (a bid, the trump, an exchange, a meld, a
    doubling, ...) with two or more ``acts`` (``rollout_actions()``): the simple bot's
    choice from the acting seat's observation of the sampled world (the rules of thumb a
    player uses there, not a coin: a playout that bids and names trumps at random judges
    a bid or a pass by contracts nobody would play), else one of ``acts`` at random (no
    simple bot, or its choice is a step the rollout leaves out)."""
    policy = simple_policy(world.game)
    if policy is not None:
        a = policy(world.observation(world.to_act), world.game, rng)
        if a in acts:
            return a
    return acts[rng.randrange(len(acts))]


def greedy_card(world: Any, m: int) -> int:
    """A card of the mask ``m`` for the seat to act: leading, its strongest card of the
    longest plain suit... kept simple: the strongest card when it is the highest left of its
    suit, else the lowest; following, with the partner winning, the card of most points
    that does not take the trick over; else the cheapest card that wins the trick, and
    with none, the card of fewest points (the weakest of those). The partner: the
    world's ``playout_ally(winner, seat)`` where it has one (the defenders of a solo
    contract), else its ``partner``."""
    t = world.t
    pts = t.points
    strength = t.strength
    trick = world.trick
    cards = mask_cards(m)
    if not trick:
        # lead: a card no unseen card of its suit can beat (higher cards all gone)
        out = 0
        for h in world.hands:
            out |= h
        for c in cards:
            if not (t.higher[c] & out & ~m) and SUIT_OF[c] != t.trump:
                return c
        return min(cards, key=lambda c: (pts[c], strength[c]))
    win = world.win_card
    higher = t.higher
    trump = t.trump
    wsuit = SUIT_OF[win]

    def beats(c: int) -> bool:
        return bool((1 << c) & higher[win]) or (SUIT_OF[c] == trump and wsuit != trump)

    ally = getattr(world, "playout_ally", None)
    if (world.win_seat == world.partner[world.to_act] if ally is None
            else ally(world.win_seat, world.to_act)):
        safe = [c for c in cards if not beats(c)]
        if safe:
            return max(safe, key=lambda c: (pts[c], -strength[c]))
        return min(cards, key=lambda c: (pts[c], strength[c]))
    winners = [c for c in cards if beats(c)]
    if winners:
        return min(winners, key=lambda c: (SUIT_OF[c] == trump, strength[c], pts[c]))
    return min(cards, key=lambda c: (pts[c], strength[c]))


def _is_rummy(world: Any) -> bool:
    """A drift rummy: its playout's first steps are draws (``draw stock`` / ``draw
    discard``) and it keeps a discard pile (``pile``) and hands (``hand_of``)."""
    if world.to_act is None or not hasattr(world, "pile") or not hasattr(world, "hand_of"):
        return False
    acts = world.rollout_actions()
    return bool(acts) and all(a.verb in RUMMY_VERBS for a in acts)


#: the verbs of a drift-rummy turn the greedy rummy playout understands (others: at random)
RUMMY_VERBS = frozenset(("draw", "meld", "layoff", "swap", "discard", "open"))


def meld_potential(c: int, hand: list[int]) -> int:
    """How much ``c`` helps ``hand`` toward melds: the other cards of its rank, and of its
    suit within two ranks (doubly for a neighbour); a joker counts high."""
    if is_joker(c):
        return 99
    p = plain(c)
    r, s = RANK_OF[p], SUIT_OF[p]
    score = 0
    for o in hand:
        if o == c:
            continue
        if is_joker(o):
            score += 1
            continue
        q = plain(o)
        if RANK_OF[q] == r:
            score += 2
        elif SUIT_OF[q] == s:
            d = abs(RANK_OF[q] - r)
            if d == 1:
                score += 2
            elif d == 2:
                score += 1
    return score


def rummy_greedy_playout(world: Any, rng: random.Random) -> tuple[float, ...]:
    """A rummy playout by rules of thumb over ``rollout_actions()`` (a share ``EPSILON`` of
    the choices at random): take the top discard when it fits the hand (``meld_potential``
    of 2 or more), else draw from the stock; put down melds and lay off whenever the rollout
    offers it (one at random); discard the card that helps least, the highest of equals."""
    rand = rng.random
    while world.to_act is not None:
        acts = world.rollout_actions()
        n = len(acts)
        if n == 1:
            a = acts[0]
        elif rand() < EPSILON:
            a = acts[rng.randrange(n)]
        else:
            a = _rummy_choice(world, acts, rng)
        world.apply_in_place(a)
    return world.returns()


def _rummy_choice(world: Any, acts: list[Action], rng: random.Random) -> Action:
    """``rummy_greedy_playout``'s rule of thumb for one step of ``acts`` (two or more)."""
    verbs = {a.verb for a in acts}
    hand = world.hand_of(world.to_act)
    if verbs == {"draw"}:
        top = world.pile[-1] if world.pile else None
        take = top is not None and meld_potential(top, list(hand) + [top]) >= 2
        want = "discard" if take else "stock"
        for a in acts:
            if a.arg == want:
                return a
        return acts[0]
    if verbs == {"discard"}:
        return min(acts, key=lambda a: (meld_potential(a.cards[0], hand),
                                        0 if is_joker(a.cards[0]) else -RANK_OF[plain(a.cards[0])]))
    down = [a for a in acts if a.verb != "discard"]
    return down[rng.randrange(len(down))] if len(down) > 1 else down[0]


#: steps a rummy playout by the simple bot's rules plays at most: a hand not over by then (a
#: stalled world, bots holding each other's cards) counts 0 for every seat, as a void hand
RUMMY_HORIZON = 200
def rummy_policy(world: Any):
    """The rule-of-thumb function ``choose(obs, game, rng)`` every seat of a rummy playout
    plays, when the hand offers the cheap observation ``policy_observation(seat)``
    (families/drift.py); else None. The ``simple`` bot's of ``world.game``
    (bots/registry.py), or the strong bot's prior (``prior_policy``) where the game says
    ``playout_policy = "prior"``."""
    if not hasattr(world, "policy_observation"):
        return None
    game = world.game
    if getattr(game, "playout_policy", "simple") == "prior":
        return prior_policy(game)
    return simple_policy(game)


def rummy_policy_playout(world: Any, rng: random.Random, policy) -> tuple[float, ...]:
    """A rummy playout in which every seat plays ``policy`` (the simple bot's rules of
    thumb) on its ``policy_observation``; at most ``RUMMY_HORIZON`` steps (then 0 for all)."""
    game = world.game
    for _ in range(RUMMY_HORIZON):
        seat = world.to_act
        if seat is None:
            return world.returns()
        world.apply_in_place(policy(world.policy_observation(seat), game, rng))
    if world.to_act is None:
        return world.returns()
    return (0.0,) * game.players


def search_chunk(iset: Any, legal: tuple[Action, ...], seed: str, rounds: int | None,
                 deadline: float | None = None, prior: int = 0) -> Stats:
    """``rounds`` rounds (or rounds until ``deadline``, a ``time.time()``; at least one) of
    PIMC from ``iset``: a sampled world, each action of ``legal`` applied to a clone of it
    and played out with the same draws; the seat's returns summed per action."""
    # a fresh set (``copy`` goes through ``InformationSet.__reduce__``): a Deal adapts its
    # dealing method as it samples, so each chunk starts from the same one in a worker
    # process or in process
    iset = copy.copy(iset)
    rng = random.Random(seed)
    seat = iset.seat
    k = len(legal)
    st = Stats.empty(k)
    done = 0
    while True:
        world = iset.sample(rng)
        draws = rng.getrandbits(64)
        vals = []
        for i, action in enumerate(legal):
            w = world.clone()
            w.apply_in_place(action)
            v = (greedy_playout(w, random.Random(draws)) if ROLLOUT == "greedy"
                 else w.playout(random.Random(draws)))[seat]
            vals.append(v)
            st.n[i] += 1
            st.total[i] += v
            st.squares[i] += v * v
        vp = vals[prior]
        for i, v in enumerate(vals):
            st.dsquares[i] += (v - vp) * (v - vp)
        st.worlds += 1
        done += 1
        if rounds is not None:
            if done >= rounds:
                break
        elif deadline is None or time.time() >= deadline:
            break
    return st


# ---- the shared process pool -----------------------------------------------------------

_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()
_STREAMS_LOCK = threading.Lock()


def pool_workers() -> int:
    """Worker processes of the pool: the CPU count, at most 4, at least 1."""
    return max(1, min(4, os.cpu_count() or 1))


def get_pool() -> ProcessPoolExecutor:
    """The process pool of the strong bots (made on first use, then reused). Workers start
    by ``forkserver`` where there is one (no fork of a process with threads, such as the
    Textual app), else ``spawn``."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            with _real_std_streams():       # its queues start multiprocessing's resource tracker
                _POOL = ProcessPoolExecutor(max_workers=pool_workers(), mp_context=ctx,
                                            initializer=_worker_start)
        return _POOL


#: how much lower than the table (``os.nice``) the pool's workers run: the table's process,
#: mostly asleep, gets a core at once when it has a key to handle or a screen to draw
#: (measured with ``benchmarks/bench_table_stall.py`` on a 2-core machine loaded by other
#: work: a key's round trip while a bot searches, median about 200 -> 110 ms, 95th
#: percentile about 540 -> 240 ms; with bots that do not search, 90 and 180 ms)
WORKER_NICE = 10


def _worker_start() -> None:
    """A pool worker's first step: run at the lower priority ``WORKER_NICE``."""
    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):      # no nice on this platform: same priority
        pass


@contextlib.contextmanager
def _real_std_streams():
    """The process's own stdout and stderr while a worker process starts: a Textual app
    replaces them with objects whose ``fileno()`` is -1, and multiprocessing passes
    stderr's file descriptor to the processes it starts ("bad value(s) in fds_to_keep")."""
    with _STREAMS_LOCK:
        out, err = sys.stdout, sys.stderr
        try:
            if sys.__stdout__ is not None:
                sys.stdout = sys.__stdout__
            if sys.__stderr__ is not None:
                sys.stderr = sys.__stderr__
            yield
        finally:
            sys.stdout, sys.stderr = out, err


def submit(pool: ProcessPoolExecutor, fn, *args):
    """``pool.submit(fn, *args)``, starting any worker it needs with the real std streams."""
    with _real_std_streams():
        return pool.submit(fn, *args)


def warm_up() -> None:
    """Start the pool's workers now, without waiting (the first search otherwise spends
    its first few tenths of a second starting them): call it when a table with a strong
    bot or a hint key opens."""
    pool = get_pool()
    for _ in range(pool_workers()):
        submit(pool, int)


def shutdown_pool() -> None:
    """Stop the pool's workers (a new pool is made when next needed)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None:
            _POOL.shutdown(wait=False, cancel_futures=True)
            _POOL = None


# ---- the bot ---------------------------------------------------------------------------

def search_bar(game: Any, k: int) -> float:
    """``StrongBot._bar``: the standard errors by which a search's best of ``k`` actions must
    beat the prior in ``game`` (kept in ``Decision.extra["bar"]``, for the hint and the review)."""
    if getattr(game, "search_bar", None) == "candidates" and k > 2:
        return CONFIDENCE + math.sqrt(2 * math.log(k - 1))
    return CONFIDENCE


@dataclass
class Decision:
    """What the last search found: the legal actions, their statistics, the chosen index,
    seconds spent, and whether it was cancelled."""

    legal: tuple[Action, ...]
    stats: Stats
    chosen: int
    seconds: float = 0.0
    cancelled: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class StrongBot(Bot):
    """PIMC over the seat's information set (see the module docstring).

    ``iterations``: playouts per decision (None: the time budget); ``use_pool``: search in
    the shared process pool (True) or in process."""

    kind = "strong"
    wants_information_set = True

    def __init__(self, game: Game, seed: int | None = None, iterations: int | None = None,
                 use_pool: bool = True):
        super().__init__(game, seed)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**62)
        self.iterations = iterations
        self.use_pool = use_pool
        self.decisions = 0
        self.last: Decision | None = None
        self._cancel = threading.Event()
        self._simple: PolicyBot | None = None     # the prior (``_fallback``)
        self._warned = False
        self._prior = 0

    # -- the API --
    def cancel(self) -> None:
        """Stop the search under way (from another thread): ``choose`` returns at once."""
        self._cancel.set()

    def choose(self, info: Any, budget: float | None = None) -> Action:
        """The action to play: ``info`` is ``state.information_set(seat)`` (a bare
        Observation: the simple bot's choice). ``budget``: seconds (None: the default)."""
        obs: Observation = info.observation if hasattr(info, "sample") else info
        if not obs.legal:
            raise ValueError("the bot was asked to act without legal actions")
        n = self.decisions
        self.decisions += 1
        if not hasattr(info, "sample"):
            if not self._warned:
                warnings.warn("the strong bot was handed an Observation, not an information set; "
                              "it plays like the simple bot", RuntimeWarning, stacklevel=2)
                self._warned = True
            return self._fallback(obs)
        legal = tuple(obs.legal)
        if len(legal) == 1:
            self.last = Decision(legal, Stats.empty(1), 0)
            return legal[0]
        self._cancel.clear()
        t0 = time.perf_counter()
        prior = self._fallback(obs)
        if self.iterations == 0:               # no search: the prior alone (for measuring it)
            self.last = Decision(legal, Stats.empty(len(legal)), legal.index(prior),
                                 time.perf_counter() - t0, extra={"prior": legal.index(prior)})
            return prior
        legal = self._candidates(obs, legal, prior, n)
        if len(legal) == 1:
            self.last = Decision(legal, Stats.empty(1), 0, extra={"prior": 0})
            return legal[0]
        self._prior = legal.index(prior) if prior in legal else 0
        if self.iterations is None:            # the time the prior and its ranking took counts
            budget = (budget if budget is not None else default_budget()) - (time.perf_counter() - t0)
        stats, cancelled = self._search(info, legal, n, budget)
        bar = self._bar(len(legal))
        best = self.pick(stats, self._prior, bar)
        self.last = Decision(legal, stats, best, time.perf_counter() - t0, cancelled,
                             {"prior": self._prior, "bar": bar})
        return legal[best]

    def _bar(self, k: int) -> float:
        """Standard errors by which the search's best must beat the prior among ``k``
        searched actions: ``CONFIDENCE``, plus ``sqrt(2 ln(k - 1))`` (about the largest
        of ``k - 1`` standard normal noises) where the game asks for it
        (``search_bar = "candidates"``)."""
        return search_bar(self.game, k)

    def _candidates(self, obs: Observation, legal: tuple[Action, ...], prior: Action,
                    n: int) -> tuple[Action, ...]:
        """The actions the search compares: every legal one, or where the game sets
        ``search_width`` (an int) the simple bot's first ``search_width`` choices (asked
        again with each choice taken out of ``legal``, the prior first) and its first
        choice of each verb not among them (hold a meld: the best discard is searched
        too)."""
        width = getattr(self.game, "search_width", None)
        if not width or len(legal) <= width or self._simple is None or self._simple._choose is None:
            return legal
        policy = self._simple._choose          # the prior's rules (``prior_policy``)
        rng = random.Random(f"cardtable-strong-rank/{self.seed}/{n}")
        out = [prior]
        rest = [a for a in legal if a != prior]
        while rest and len(out) < width:
            a = policy(replace(obs, legal=tuple(rest)), self.game, rng)
            if a not in rest:
                break
            out.append(a)
            rest.remove(a)
        verbs = {a.verb for a in out}
        for v in dict.fromkeys(a.verb for a in rest):
            if v not in verbs:
                a = policy(replace(obs, legal=tuple(a for a in rest if a.verb == v)), self.game, rng)
                out.append(a)
        return tuple(out)

    @staticmethod
    def pick(stats: Stats, prior: int, bar: float = CONFIDENCE) -> int:
        """The action with the highest mean, unless it beats the prior (the simple bot's
        choice) by no more than ``bar`` standard errors of the paired difference:
        then the prior (search noise never makes the bot worse than its rules of thumb)."""
        if not stats.playouts:
            return prior
        best = stats.best()
        if best == prior:
            return best
        d, se = stats.gain_over(best, prior)
        return best if d > bar * se else prior

    def _fallback(self, obs: Observation) -> Action:
        """The prior's move (``prior_policy``: the game's ``prior`` rules, else the simple
        bot's)."""
        if self._simple is None:
            self._simple = PolicyBot(self.game, self.seed, prior_policy(self.game), "prior")
        return self._simple.choose(obs)

    # -- the search --
    def _chunk_seed(self, n: int, j: int) -> str:
        return f"cardtable-strong/{self.seed}/{n}/{j}"

    def _search(self, iset: Any, legal: tuple[Action, ...], n: int,
                budget: float | None) -> tuple[Stats, bool]:
        stats = Stats.empty(len(legal))
        if self.iterations is not None:
            rounds = max(1, math.ceil(self.iterations / len(legal)))
            chunks = [min(CHUNK_ROUNDS, rounds - i) for i in range(0, rounds, CHUNK_ROUNDS)]
            jobs = [(iset, legal, self._chunk_seed(n, j), r, None, self._prior)
                    for j, r in enumerate(chunks)]
            return self._run(jobs, stats, None)
        seconds = budget if budget is not None else default_budget()
        end = time.time() + max(0.01, seconds - MARGIN)
        return self._run_timed(iset, legal, n, end, stats)

    def _run(self, jobs: list[tuple], stats: Stats, end: float | None) -> tuple[Stats, bool]:
        """Run fixed chunks (in order in process; all at once in the pool) and sum them."""
        if not self.use_pool:
            for job in jobs:
                if self._cancel.is_set():
                    return stats, True
                stats.add(search_chunk(*job))
            return stats, False
        pool = get_pool()
        pending = {submit(pool, search_chunk, *job) for job in jobs}
        while pending:
            done, pending = wait(pending, timeout=0.02, return_when=FIRST_COMPLETED)
            for f in done:
                stats.add(f.result())
            if self._cancel.is_set():
                for f in pending:
                    f.cancel()
                return stats, True
        return stats, False

    def _run_timed(self, iset: Any, legal: tuple[Action, ...], n: int, end: float,
                   stats: Stats) -> tuple[Stats, bool]:
        """Slices of search until ``end`` (a ``time.time()``): in process one after the
        other, in the pool one per worker at a time."""
        j = 0
        if not self.use_pool:
            while True:
                if self._cancel.is_set():
                    return stats, True
                stats.add(search_chunk(iset, legal, self._chunk_seed(n, j), None,
                                       min(end, time.time() + SLICE), self._prior))
                j += 1
                if time.time() >= end:
                    return stats, False
        pool = get_pool()
        pending = set()
        for _ in range(pool_workers()):
            pending.add(submit(pool, search_chunk, iset, legal, self._chunk_seed(n, j), None,
                                    min(end, time.time() + SLICE), self._prior))
            j += 1
        while pending:
            done, pending = wait(pending, timeout=0.02, return_when=FIRST_COMPLETED)
            for f in done:
                stats.add(f.result())
                if time.time() < end - 0.01 and not self._cancel.is_set():
                    pending.add(submit(pool, search_chunk, iset, legal, self._chunk_seed(n, j), None,
                                            min(end, time.time() + SLICE), self._prior))
                    j += 1
            if self._cancel.is_set():
                for f in pending:
                    f.cancel()
                return stats, True
        return stats, False


# ---- levels and hints ------------------------------------------------------------------

LEVELS = (
    ("random", "plays any legal move at random"),
    ("simple", "rules of thumb, answers at once"),
    ("strong", "searches the cards it has not seen (about {budget:g} s a move)"),
)


def action_label(action: Action) -> str:
    """A short text for a hint: the verb and the cards with suit symbols (``play J♥``)."""
    parts = [action.verb]
    if action.arg:
        parts.append(action.arg)
    parts.extend(display(c) for c in action.cards)
    if action.prep is not None:
        parts.append(f"{action.prep} {action.target}")
    if action.parts:
        return action.text()
    return " ".join(parts)


def _takes_trick(iset: Any, action: Action) -> str | None:
    """Trick games, the seat playing the last card of a trick: who takes it after ``action``
    (the same in every sample, as every other card of the trick is on the table): ``"seat"``,
    ``"partner"`` or ``"other"`` (the other side); None otherwise."""
    if iset is None or action.verb != "play" or len(action.cards) != 1:
        return None
    world = iset.sample(random.Random(0))
    if not isinstance(world, TrickHand) or len(world.trick) != world.n_seats - 1:
        return None
    seat = iset.seat
    world.apply_in_place(action)
    if world.trick:
        return None
    if world.last_winner == seat:
        return "seat"
    return "partner" if world.last_winner == world.partner[seat] else "other"


#: what a hint says of a trick's last card, by who takes the trick (``_takes_trick``)
_TAKES_WORDS = {"seat": "wins the trick", "partner": "the trick stays your partner's",
                "other": "leaves the trick"}


def _mid_sentence(label: str) -> str:
    """A move's label as it reads inside a sentence: "Discard Q♣" → "discard Q♣", "Take
    discard" → "take discard"; a card alone ("A♥") and a label with no verb stay as they are."""
    head, _, tail = label.partition(" ")
    if head.isalpha() and tail:
        return head.lower() + " " + tail
    return label


def reason(obs: Observation, decision: Decision, iset: Any = None, scale: float = 1.0, unit: str = "") -> str:
    """One line on why the search chose what it chose, from its statistics (and, given the
    seat's information set, whether a last card takes the trick), short enough for the
    table's message line: the actions in the game's words (``obs.verbs``; a card play in a
    trick game by its card alone), the difference with the next best in the sheet's
    ``unit`` (the returns times ``scale``, ``review.sheet_scale``; no unit: in the returns),
    in the review's words and rounding (``review.gain_words``), and "a close call" unless the
    difference is clear by the review's test (``review.is_clear``): the hand summary then
    lists the next best, if played, with these same numbers."""
    from cardtable.bots.review import amount_words, compare, gain_words, is_clear, short_words

    st = decision.stats
    legal = decision.legal
    best = decision.chosen

    def label_of(i: int) -> str:
        return short_words(legal[i], obs, card=display)

    label = label_of(best)
    if len(legal) == 1 or not st.playouts:
        return f"{label}: the only move" if len(legal) == 1 else f"{label}: no time to search"
    others = sorted((i for i in range(len(legal)) if i != best), key=st.mean, reverse=True)
    nxt = others[0]
    diff, se = compare(decision, best, nxt)
    bits = []
    if legal[best].cards and len(obs.hand) == len(legal[best].cards) and legal[best].verb != "play":
        bits.append("goes out")
    takes = _takes_trick(iset, legal[best])
    if takes is not None:
        bits.append(_TAKES_WORDS[takes])
    err = se * scale if se < math.inf else None
    amount = amount_words(diff * scale, unit, err)
    nought = float(amount.split()[0]) == 0
    if diff < 0:
        # the search kept the rule of thumb's move: the other looked better, but not surely
        other = _mid_sentence(label_of(nxt))
        looks = "looked as good" if nought else f"looked {amount} better, within the search's noise"
        return f"{label}: " + ", ".join(bits + [f"the rule of thumb; {other} {looks}"])
    if not (diff > 0 and is_clear(decision, diff, se)):
        bits.append("a close call")        # first: the line may be cut at the screen's edge
    bits.append(f"as good as {label_of(nxt)}" if nought
                else f"{gain_words(diff * scale, unit, err)} than {_mid_sentence(label_of(nxt))}")
    return f"{label}: " + ", ".join(bits)


__all__ = ["warm_up", "DEFAULT_BUDGET", "Decision", "LEVELS", "Stats", "StrongBot", "action_label",
           "default_budget", "get_pool", "prior_policy", "reason", "search_bar", "search_chunk", "shutdown_pool"]


def _register() -> None:
    from cardtable.bots.registry import register_bot
    register_bot("strong", StrongBot, default=True, module=__name__)


_register()
