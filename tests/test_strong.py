"""The strong bot (issue 9): legal and reproducible choices for every game, the same
decision from two states that look the same to its seat, cancel, the process pool, hints
and levels, and the ``tournament`` command on tiny runs. Small fixed iteration counts keep
it fast; the strength itself is a benchmark (benchmarks/README.md), not a test."""

from __future__ import annotations

import io
import json
import random
import threading
import time
import warnings

import pytest
from click.testing import CliRunner
from test_search import CONFIGS, IDS, positions, swapped

from cardtable import bots
from cardtable.bots import get_bot
from cardtable.bots.strong import Stats, StrongBot, search_chunk
from cardtable.bots.tournament import arrangements, wilson
from cardtable.cli import main
from cardtable.engine import game_ids, get_game
from cardtable.engine.actions import Action


def strong(game, seed=1, iterations=24, pool=False):
    b = get_bot("strong", game, seed=seed)
    assert isinstance(b, StrongBot)
    b.iterations = iterations
    b.use_pool = pool
    return b


def decisions(gid, players, options, n=6, seed=3):
    """Positions with more than one legal action (the seat to act's view)."""
    out = []
    for st, _h in positions(gid, players, options, n=4 * n, seed=seed, policy="mixed"):
        if len(st.legal_actions()) > 1:
            out.append(st)
        if len(out) == n:
            break
    return out


def test_every_game_has_a_strong_bot_and_three_levels():
    for gid in game_ids():
        g = get_game(gid)
        assert isinstance(get_bot("strong", g), StrongBot)
        levels = bots.bot_levels(g)
        assert [k for k, _t in levels] == ["random", "simple", "strong"]
        assert all(isinstance(t, str) and t and "\n" not in t for _k, t in levels)


@pytest.mark.parametrize("gid,players,options", CONFIGS, ids=IDS)
def test_choices_are_legal_and_reproducible(gid, players, options):
    game = get_game(gid, players=players, **options)
    for st in decisions(gid, players, options, n=3):
        seat = st.to_act
        a = strong(game).choose(st.information_set(seat))
        assert st.is_legal(a)
        assert a in st.legal_actions()
        assert strong(game).choose(st.information_set(seat)) == a  # same seed, same count


@pytest.mark.parametrize("gid,players,options", CONFIGS, ids=IDS)
def test_same_observation_same_decision(gid, players, options):
    """Two states that look the same to the seat to act, with cards it cannot see in other
    places, give the same decision (and the same statistics) for the same seed."""
    game = get_game(gid, players=players, **options)
    rng = random.Random(5)
    n = single = 0
    sts = decisions(gid, players, options, n=4, seed=11)
    for st in sts:
        seat = st.to_act
        other = swapped(st, seat, rng)
        if other is None:  # one hidden place only (2-player Manille): nothing to swap
            single += 1
            continue
        assert other.hands != st.hands
        a, b = strong(game, seed=9), strong(game, seed=9)
        assert a.choose(st.information_set(seat)) == b.choose(other.information_set(seat))
        assert a.last.stats == b.last.stats
        n += 1
    assert n >= 1 or single == len(sts) > 0  # compared, or no position had two hidden places


def test_more_iterations_mean_more_playouts_and_one_legal_action_needs_none():
    g = get_game("kruisjassen")
    st = decisions("kruisjassen", None, {}, n=1)[0]
    b = strong(g, iterations=10)
    b.choose(st.information_set(st.to_act))
    k = len(b.last.legal)  # the legal actions but an unproven claim (bots.proven_legal)
    assert k == len(bots.proven_legal(g, st.observation(st.to_act)).legal)
    assert b.last.stats.playouts >= 10 and b.last.stats.playouts % k == 0
    b.iterations = 60
    b.choose(st.information_set(st.to_act))
    assert b.last.stats.playouts >= 60


def test_pool_and_in_process_agree():
    g = get_game("manille-muette")
    st = decisions("manille-muette", None, {}, n=1, seed=4)[0]
    iset = st.information_set(st.to_act)
    a = strong(g, seed=2, iterations=40, pool=False)
    b = strong(g, seed=2, iterations=40, pool=True)
    assert a.choose(iset) == b.choose(iset)
    assert a.last.stats == b.last.stats


@pytest.mark.parametrize("pool", [False, True])
def test_cancel_stops_a_search_at_once(pool):
    g = get_game("butifarra")
    st = decisions("butifarra", None, {}, n=1, seed=2)[0]
    b = strong(g, iterations=None, pool=pool)
    if pool:  # the workers up before the clock starts
        b.choose(st.information_set(st.to_act), budget=0.05)
    out = {}

    def think():
        t0 = time.perf_counter()
        out["action"] = b.choose(st.information_set(st.to_act), budget=30)
        out["seconds"] = time.perf_counter() - t0

    th = threading.Thread(target=think)
    th.start()
    time.sleep(0.3)
    t0 = time.perf_counter()
    b.cancel()
    th.join(5)
    assert not th.is_alive()
    assert time.perf_counter() - t0 < 0.5
    assert out["action"] in st.legal_actions()
    assert b.last.cancelled


def test_the_budget_is_kept():
    g = get_game("kruisjassen")
    st = decisions("kruisjassen", None, {}, n=1)[0]
    b = strong(g, iterations=None)
    t0 = time.perf_counter()
    b.choose(st.information_set(st.to_act), budget=0.2)
    assert time.perf_counter() - t0 < 0.6
    assert b.last.stats.playouts > 0


def test_budget_from_the_environment(monkeypatch):
    from cardtable.bots.strong import default_budget

    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "0.25")
    assert default_budget() == 0.25
    monkeypatch.setenv("CARDTABLE_BOT_BUDGET", "soon")
    assert default_budget() == 1.0


def test_simple_and_random_take_an_information_set_too_and_cancel_is_a_no_op():
    g = get_game("klassieke-rummy")
    st = g.new_hand(seed=1)
    iset = st.information_set(st.to_act)
    for kind in ("simple", "random"):
        b = get_bot(kind, g, seed=1)
        b.cancel()
        assert b.choose(iset) == get_bot(kind, g, seed=1).choose(st.observation(st.to_act))
        assert b.info_for(st, st.to_act) == st.observation(st.to_act)


def test_a_bare_observation_plays_like_simple_with_a_warning():
    g = get_game("kruisjassen")
    st = decisions("kruisjassen", None, {}, n=1)[0]
    b = strong(g)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        a = b.choose(st.observation(st.to_act))
    assert a in st.legal_actions()
    assert any("information set" in str(x.message) for x in w)


def test_a_registered_prior_is_what_the_search_starts_from(monkeypatch):
    """A bot module's ``prior`` policy: the strong bot's fallback and first candidate, never a
    seat's level; without one the prior is the simple bot's."""
    from cardtable.bots import playouts, registry
    from cardtable.bots import strong as strong_mod
    from cardtable.engine.game import OptionError

    g = get_game("kruisjassen")
    st = decisions("kruisjassen", None, {}, n=1)[0]
    obs = st.observation(st.to_act)
    assert strong_mod.prior_policy(g) is playouts.simple_policy(g)

    def last(o, game, rng):
        return o.legal[-1]

    monkeypatch.setattr(registry, "_ENTRIES", list(registry.entries()))
    monkeypatch.setattr(registry, "_FOUND", {})
    registry.register_policy("prior", last, games=("kruisjassen",))
    assert strong_mod.prior_policy(g) is last
    b = strong(g)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # no information set: the prior's move, among the legal actions but the unproven claim
        offered = bots.proven_legal(g, obs).legal
        assert obs.legal[-1] == Action("claim") and offered == obs.legal[:-1]
        assert b.choose(obs) == offered[-1]
    assert "prior" not in registry.kinds()
    with pytest.raises(OptionError):
        get_bot("prior", g)


def test_no_iterations_means_the_prior_alone():
    """``iterations = 0``: no playout, the prior's move (as the simple bot where the game
    registers no prior of its own)."""
    g = get_game("kruisjassen")
    for st in decisions("kruisjassen", None, {}, n=3):
        b = strong(g, seed=5, iterations=0)
        a = b.choose(st.information_set(st.to_act))
        assert a == bots.SimpleBot(g, seed=5).choose(st.observation(st.to_act))
        assert b.last.stats.playouts == 0


def test_search_chunk_counts_every_action_per_world():
    st = decisions("manille", 4, {}, n=1)[0]
    legal = tuple(st.legal_actions())
    s = search_chunk(st.information_set(st.to_act), legal, "x", 3)
    assert isinstance(s, Stats) and s.worlds == 3 and s.n == [3] * len(legal)


def test_hint_names_a_legal_action_and_a_reason():
    g = get_game("kruisjassen")
    st = decisions("kruisjassen", None, {}, n=1)[0]
    action, why = bots.hint(g, st.information_set(st.to_act), budget=0.2)
    assert action in st.legal_actions()
    assert isinstance(why, str) and why and "\n" not in why


# ---- tournament ----------------------------------------------------------------------------


def test_wilson_and_arrangements():
    lo, hi = wilson(80, 100)
    assert 0.70 < lo < 0.72 and 0.86 < hi < 0.88
    assert wilson(0, 0) == (0.0, 1.0)
    assert arrangements(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert arrangements(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    assert len(arrangements(["a", "b"], 3)) == 3


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_tournament_json():
    res = run(
        "tournament",
        "manille-muette",
        "--bots",
        "strong,simple",
        "--matches",
        "1",
        "--seed",
        "3",
        "--iterations",
        "8",
        "--json",
    )
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert d["game"] == "manille-muette" and d["bots"] == ["strong", "simple"]
    assert d["deals"] == 1 and d["matches"] == 2 and len(d["seatings"]) == 2
    assert [r["bot"] for r in d["results"]] == ["strong", "simple"]
    for r in d["results"]:
        assert r["matches"] == 2 and 0 <= r["win_rate"] <= 1
        assert r["interval"][0] <= r["win_rate"] <= r["interval"][1]
    assert sum(r["points"] for r in d["results"]) == pytest.approx(2)
    again = json.loads(
        run(
            "tournament",
            "manille-muette",
            "--bots",
            "strong,simple",
            "--matches",
            "1",
            "--seed",
            "3",
            "--iterations",
            "8",
            "--json",
        ).output
    )
    assert again["results"][0]["points"] == d["results"][0]["points"]


def test_tournament_table():
    res = run("tournament", "manille", "--bots", "simple,random", "--matches", "2", "--seed", "1")
    assert res.exit_code == 0, res.output
    assert "95% interval" in res.output and "simple" in res.output
    rows = [ln.split() for ln in res.output.splitlines() if ln.split()[:1] in (["simple"], ["random"])]
    # one precision down each column: stake units a hand to 0.001, seconds to 0.0001
    assert len(rows) == 2 and all(len(r[-2].partition(".")[2]) == 3 and len(r[-1].partition(".")[2]) == 4 for r in rows)


def test_tournament_numbers_have_one_precision_a_column():
    """Issue 22, point 6: the table showed ``0.00639`` beside ``7e-05`` seconds a decision
    and points a hand as Python's ``g`` wrote them."""
    from cardtable.cli import tournament_table

    def row(bot, won, pph, med):
        return {
            "bot": bot,
            "matches": 4,
            "points": won,
            "win_rate": won / 4,
            "interval": (0.1, 0.9),
            "points_per_hand": pph,
            "median_decision_seconds": med,
        }

    summary = {
        "results": [row("strong", 3, 0.4, 0.00639), row("simple", 0.5, -0.415, 7e-05), row("random", 0, 1.1, None)]
    }
    lines = tournament_table(summary, ["strong", "simple", "random"], "strepen").splitlines()
    assert [ln.split()[2] for ln in lines[1:]] == ["3.0", "0.5", "0.0"]
    assert [ln.split()[-2] for ln in lines[1:]] == ["0.40", "-0.41", "1.10"]
    assert [ln.split()[-1] for ln in lines[1:]] == ["0.0064", "0.0001", "-"]
    points = tournament_table(summary, ["strong", "simple", "random"], "points").splitlines()
    assert [ln.split()[-2] for ln in points[1:]] == ["0.4", "-0.4", "1.1"]


@pytest.mark.parametrize(
    "args,word",
    [
        (("nogame", "--bots", "simple,random"), "nogame"),
        (("manille", "--bots", "simple,bogus"), "bogus"),
        (("manille", "--bots", "simple"), "two or more"),
        (("manille", "--bots", "simple,simple"), "once"),
        (("manille", "--bots", "simple,random", "--matches", "0"), "--matches"),
        (("manille", "--bots", "strong,random", "--budget", "0"), "--budget"),
        (("manille", "--bots", "strong,random", "--iterations", "-1"), "--iterations"),
        (("manille", "--bots", "simple,random", "--option", "nope=1"), "nope"),
    ],
)
def test_tournament_bad_input(args, word):
    res = run("tournament", *args)
    assert res.exit_code == 2
    lines = [ln for ln in res.output.splitlines() if ln]
    assert len(lines) == 1 and lines[0].startswith("cardtable: error:") and word in lines[0]


@pytest.mark.parametrize("gid,players", [("manille", 4), ("schutjassen", None), ("butifarra", None), ("handjas", None)])
def test_a_playouts_bid_or_trump_is_a_rollout_action_and_reproducible(gid, players):
    """``simple_step`` (a playout's step that is not a card) picks one of the rollout's
    actions, the same for the same draws."""
    from cardtable.bots.playouts import simple_step

    game = get_game(gid, players=players)
    n = 0
    for seed in range(6):
        st = game.new_hand(seed=seed, sheet=game.new_sheet())
        world = st.information_set(st.to_act).sample(random.Random(seed))
        while world.to_act is not None and not world.rollout_mask():
            acts = world.rollout_actions()
            if len(acts) > 1:
                a = simple_step(world, acts, random.Random(7))
                assert a in acts and simple_step(world, acts, random.Random(7)) == a
                n += 1
            else:
                a = acts[0]
            world.apply_in_place(a)
    assert n >= 1


# ---- the drift rummies: the simple bot's rules in the playouts, a few candidates -----------

RUMMIES = sorted(g for g in game_ids() if hasattr(get_game(g).new_hand(seed=1), "policy_observation"))


def rummy_decisions(gid, n=3, seed=3, verb=None):
    """Positions of simple-bot play in ``gid`` (copies) where the seat to act has more than
    one legal action (with ``verb``: more than three actions of that verb)."""
    game = get_game(gid)
    out = []
    for d in range(40):
        st = game.new_hand(seed=100 * seed + d)
        bots_ = [get_bot("simple", game, seed=s) for s in range(game.players)]
        k = 0
        while st.to_act is not None and len(out) < n:
            legal = st.legal_actions()
            k += 1
            ok = (sum(a.verb == verb for a in legal) > 3) if verb else len(legal) > 1
            if ok and k % 5 == 0:
                out.append(st.clone())
            st.apply_in_place(bots_[st.to_act].choose(st.observation(st.to_act)))
        if len(out) == n:
            break
    return out


def test_every_drift_rummy_has_the_cheap_observation():
    assert {"klassieke-rummy", "basis-rummy", "jokeren", "ramino-drift", "loba"} <= set(RUMMIES)


@pytest.mark.parametrize("gid", RUMMIES)
def test_policy_observation_is_the_observation_without_the_views(gid):
    for st in rummy_decisions(gid, n=2):
        seat = st.to_act
        full, light = st.observation(seat), st.policy_observation(seat)
        for f in (
            "seat",
            "to_act",
            "phase",
            "hand",
            "hand_sizes",
            "stock_size",
            "discard",
            "melds",
            "scores",
            "legal",
            "extra",
            "active",
        ):
            assert getattr(light, f) == getattr(full, f), f
        assert light.zones == () and light.log == () and light.verbs == ()
        assert st.observation(seat) == full  # the state is unchanged


@pytest.mark.parametrize("gid", RUMMIES)
def test_rummy_playouts_follow_the_simple_bot_and_end(gid):
    from cardtable.bots.pimc import greedy_playout
    from cardtable.bots.rummy_playout import rummy_policy
    from cardtable.bots.strong import prior_policy

    st = rummy_decisions(gid, n=1)[0]
    want = (
        prior_policy(st.game)
        if getattr(st.game, "playout_policy", "simple") == "prior"
        else bots.SimpleBot(st.game)._choose
    )
    assert rummy_policy(st) is want
    iset = st.information_set(st.to_act)
    for seed in range(2):
        world = iset.sample(random.Random(seed))
        r = greedy_playout(world, random.Random(seed))
        assert len(r) == st.game.players and all(isinstance(v, float) for v in r)
        again = greedy_playout(iset.sample(random.Random(seed)), random.Random(seed))
        assert again == r


@pytest.mark.parametrize("gid", RUMMIES)
def test_rummy_search_compares_the_simple_bots_first_choices(gid):
    """A discard among many: the search compares the prior (first) and the prior's next
    choices, at most ``search_width`` plus one per other verb, all legal; reproducible."""
    from cardtable.bots.strong import prior_policy

    game = get_game(gid)
    width = game.search_width
    for st in rummy_decisions(gid, n=2, verb="discard"):
        seat = st.to_act
        iset = st.information_set(seat)
        b = strong(game, seed=4, iterations=30)
        a = b.choose(iset)
        searched = b.last.legal
        legal = st.legal_actions()
        assert a in searched and set(searched) <= set(legal)
        prior = bots.PolicyBot(game, 4, prior_policy(game), "prior")
        assert searched[0] == prior.choose(st.observation(seat))
        verbs = {x.verb for x in legal}
        assert len(searched) <= width + len(verbs) - 1 < len(legal)
        assert strong(game, seed=4, iterations=30).choose(iset) == a


def test_the_bar_grows_with_the_candidates():
    g = get_game("basis-rummy")
    b = strong(g)
    assert b._bar(2) == b._bar(1) and b._bar(5) > b._bar(3) > b._bar(2)
    t = strong(get_game("kruisjassen"))
    assert t._bar(2) == t._bar(8)  # trick games: the fixed bar


def test_a_hints_trick_words_say_who_takes_the_trick():
    """The hint's words on a trick's last card (``takes_trick``): "wins the trick" only when
    the seat itself takes it, "the trick stays your partner's" when the partner does (a trial
    user read "K♥: wins the trick" while his partner's J♥ took it), else "leaves the trick";
    checked against the trick's real winner after the card, over random Kruisjassen hands."""
    from cardtable.bots.trick_playout import TAKES_WORDS as _TAKES_WORDS
    from cardtable.bots.trick_playout import takes_trick as _takes_trick

    game = get_game("kruisjassen")
    seen = set()
    for deal in range(40):
        st = game.new_hand(seed=deal)
        rng = random.Random(deal)
        while st.to_act is not None and len(seen) < 3:
            acts = st.rollout_actions()
            if getattr(st, "trick", None) is not None and len(st.trick) == 3:
                seat = st.to_act
                for a in acts:
                    after = st.apply(a)
                    real = after.last_winner
                    want = "seat" if real == seat else "partner" if real == st.partner[seat] else "other"
                    assert _takes_trick(st.information_set(seat), a) == want, (deal, a.text())
                    seen.add(want)
            st = st.apply(rng.choice(acts))
        if len(seen) == 3:
            break
    assert seen == set(_TAKES_WORDS), seen


# ---- the budget is wall time (issue 19, part 4) ---------------------------------------------


class _FakeTime:
    """A clock for ``pimc.time`` that moves one second at every ``time()`` read (the
    monotonic clock stands still): a chunk's deadline falls at a known playout."""

    def __init__(self) -> None:
        self.t = 0.0

    def time(self) -> float:
        self.t += 1.0
        return self.t

    def monotonic(self) -> float:
        return self.t


def test_a_search_chunk_keeps_to_its_deadline(monkeypatch):
    """A timed chunk starts nothing once its deadline (a ``time.time()``) has passed, drops a
    round the deadline cuts (the differences stay paired), and starts no round the last
    one's length says would end past it."""
    from cardtable.bots import pimc as S

    st = decisions("manille", 4, {}, n=1)[0]
    legal = tuple(st.legal_actions())
    k = len(legal)
    iset = st.information_set(st.to_act)
    # a chunk that starts after its deadline (it waited in the pool's queue): nothing
    assert search_chunk(iset, legal, "x", None, time.time() - 1.0).worlds == 0
    clock = _FakeTime()
    monkeypatch.setattr(S, "time", clock)
    # reads: 1 the start, 2 the round's start, 3.. before each playout: the 2nd playout's is 4
    cut = search_chunk(iset, legal, "x", None, 4.0)
    assert cut.worlds == 0 and cut.n == [0] * k
    # round 1 reads 2 .. k + 3 (k + 1 long): a second round would end past 2k + 4
    clock.t = 0.0
    one = search_chunk(iset, legal, "x", None, 2.0 * k + 4)
    assert one.worlds == 1 and one.n == [1] * k and clock.t == k + 3  # no second round begun
    # a fixed count of rounds never looks at the clock's deadline
    clock.t = 0.0
    assert search_chunk(iset, legal, "x", 3, 1.0).worlds == 3


@pytest.mark.parametrize("pool", [False, True])
def test_a_search_out_of_time_plays_the_prior_at_once(pool):
    """A budget already spent (0 s): no playout, the prior's move, in process or in the pool."""
    g = get_game("kruisjassen")
    st = decisions("kruisjassen", None, {}, n=1)[0]
    b = strong(g, seed=5, iterations=None, pool=pool)
    a = b.choose(st.information_set(st.to_act), budget=0.0)
    assert a == bots.SimpleBot(g, seed=5).choose(st.observation(st.to_act))
    assert b.last.stats.playouts == 0 and not b.last.cancelled


def test_the_bot_does_not_wait_for_slices_past_its_deadline(monkeypatch):
    """Workers that never answer (a pool slow to start, slices late under load): ``choose``
    still returns, at its deadline, with the prior; the slices still out are cancelled."""
    from concurrent.futures import Future

    from cardtable.bots import pool as S

    sent: list[Future] = []

    def never(pool, fn, *args):
        f: Future = Future()
        sent.append(f)
        return f

    monkeypatch.setattr(S, "get_pool", lambda: object())
    monkeypatch.setattr(S, "submit", never)
    g = get_game("kruisjassen")
    st = decisions("kruisjassen", None, {}, n=1)[0]
    b = strong(g, seed=5, iterations=None, pool=True)
    out = {}
    th = threading.Thread(target=lambda: out.setdefault("a", b.choose(st.information_set(st.to_act), budget=0.3)))
    th.start()
    th.join(20)
    assert not th.is_alive() and out["a"] == bots.SimpleBot(g, seed=5).choose(st.observation(st.to_act))
    assert b.last.stats.playouts == 0 and sent
    deadline = time.monotonic() + 20
    while not all(f.cancelled() for f in sent) and time.monotonic() < deadline:
        time.sleep(0.01)  # the search's thread drops them as it ends
    assert all(f.cancelled() for f in sent)


def test_every_game_declares_a_review_floor_the_bot_keeps():
    """``Game.review_floor``, in the sheet's unit, is kept in each Decision for the review
    and the hint (``explain.floor_of``)."""
    want = {
        "kruisjassen": 0.1,
        "schutjassen": 10.0,
        "handjas": 0.1,
        "manille": 0.05,
        "manille-muette": 0.05,
        "klassieke-rummy": 1.0,
        "loba": 1.0,
    }
    for gid in game_ids():
        g = get_game(gid)
        assert isinstance(g.review_floor, float) and g.review_floor > 0, gid
        if gid in want:
            assert g.review_floor == want[gid], gid
    assert get_game("manille-muette", scoring="excess").review_floor == 1.0  # game points
    st = decisions("kruisjassen", None, {}, n=1)[0]
    b = strong(get_game("kruisjassen"), iterations=8)
    b.choose(st.information_set(st.to_act))
    assert b.last.extra["floor"] == 0.1


def test_pool_start_leaves_streams_that_have_a_descriptor_alone(tmp_path):
    """The warm-up thread starts workers while the main thread may be replacing
    ``sys.stdout`` (a command run by a test's CliRunner): when the streams have a real file
    descriptor the pool does not swap them, so the other replacement is not undone."""
    import sys

    from cardtable.bots import pool

    with open(tmp_path / "out", "w") as real_out, open(tmp_path / "err", "w") as real_err:
        saved = sys.stdout, sys.stderr
        try:
            sys.stdout, sys.stderr = real_out, real_err
            with pool._real_std_streams():
                captured = io.StringIO()  # the other thread's replacement, made meanwhile
                sys.stdout = captured
            assert sys.stdout is captured
        finally:
            sys.stdout, sys.stderr = saved
