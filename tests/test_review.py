"""The review of a player's decisions (``cardtable.bots.review``): the game's words, when a
line is shown, and the review recomputed from a record."""

from __future__ import annotations

import pytest

from cardtable.bots import get_bot
from cardtable.bots import review as RV
from cardtable.bots.strong import Decision, Stats
from cardtable.engine import Match, get_game


def _played_hand(gid: str, seed: int) -> Match:
    """One hand of ``gid``: a human in seat 0 playing at random, simple bots elsewhere."""
    g = get_game(gid)
    m = Match(g, ["human:You"] + ["bot:simple"] * (g.players - 1), seed=seed)
    m.start_hand()
    bots = [get_bot("random" if s == 0 else "simple", g, seed=s) for s in range(g.players)]
    while not m.state.over:
        s = m.state.to_act
        m.apply(bots[s].choose(m.state.observation(s)))
    return m


def _stats(means, prior_sq, worlds=40):
    """Stats of ``worlds`` worlds per action with these means; ``prior_sq``: the dsquares
    per world (times the worlds)."""
    k = len(means)
    st = Stats.empty(k)
    for i, v in enumerate(means):
        st.n[i] = worlds
        st.total[i] = worlds * v
        st.squares[i] = worlds * v * v
        st.dsquares[i] = worlds * prior_sq[i]
    st.worlds = worlds
    return st


def _position(gid="kruisjassen"):
    g = get_game(gid)
    st = g.new_hand(1)
    while len(st.legal_actions()) < 3:
        st = st.apply(st.legal_actions()[0])
    return st.observation(st.to_act)


def _spread(d, se, n=40):
    """The mean square of a paired difference of mean ``d`` whose standard error over ``n``
    worlds is ``se`` (``_stats``' ``prior_sq``)."""
    return se * se * (n - 1) + d * d


def test_a_line_needs_another_choice_clearly_better():
    obs = _position()
    legal = tuple(obs.legal)
    rest = [0.0] * (len(legal) - 2)
    # the bot chose 1 (its prior); 0 is worse by 0.5 exactly in every world
    sure = Decision(legal, _stats([0.0, 0.5] + rest, [0.25, 0.0] + rest), 1, extra={"prior": 1})
    line = RV.review_line(sure, legal[0], obs, "Trick 1", "strepen", 3.0, 7)
    assert line is not None and (line.index, line.gain, line.when) == (7, 1.5, "Trick 1")
    assert line.text().startswith("Trick 1: you chose ")
    assert line.text().endswith("(about 1.5 strepen better on average)")
    assert RV.review_line(sure, legal[1], obs, "Trick 1") is None  # the bot's own choice
    # the same means, 1.7 standard errors apart: shown by the old bar of one, not now
    noisy = Decision(
        legal, _stats([0.0, 0.5] + rest, [_spread(0.5, 0.3)] + [0.0] * (len(legal) - 1)), 1, extra={"prior": 1}
    )
    assert RV.compare(noisy, 1, 0) == (0.5, pytest.approx(0.3))
    assert RV.review_line(noisy, legal[0], obs, "Trick 1") is None
    # 2.5 standard errors: a line; unless the bot's own bar was high (many candidates)
    clear = _stats([0.0, 0.5] + rest, [_spread(0.5, 0.2)] + [0.0] * (len(legal) - 1))
    assert RV.review_line(Decision(legal, clear, 1, extra={"prior": 1, "bar": 1.0}), legal[0], obs, "T") is not None
    assert RV.review_line(Decision(legal, clear, 1, extra={"prior": 1, "bar": 2.5}), legal[0], obs, "T") is None
    # exact, but from too few sampled deals (a human who answered at once): nothing to say
    few = Decision(
        legal, _stats([0.0, 0.5] + rest, [0.25, 0.0] + rest, worlds=RV.MIN_WORLDS - 1), 1, extra={"prior": 1}
    )
    assert RV.review_line(few, legal[0], obs, "Trick 1") is None
    # the search's best is not the bot's pick (it kept its prior): no line either
    kept = Decision(legal, _stats([0.0, 0.5] + rest, [0.0, 0.25] + rest), 0, extra={"prior": 0})
    assert RV.review_line(kept, legal[0], obs, "Trick 1") is None


def test_amounts_are_rounded_to_what_the_search_can_tell():
    assert RV.amount_words(5.7, "points", 2.1) == "6 points"
    assert RV.amount_words(46.3, "points", 12.0) == "50 points"
    assert RV.amount_words(0.73, "strepen", 0.3) == "0.8 strepen"
    assert RV.amount_words(1.04, "points", 0.3) == "1 point"  # points are whole
    assert RV.amount_words(0.42, "strepen") == "0.4 strepen"  # no error known: the unit's precision
    assert RV.gain_words(5.7, "points", 2.1) == "about 6 points better on average"


def test_amounts_have_one_precision_per_unit():
    """Issue 22, point 6: the review showed 0.16 beside 0.160, 1.10 and 0.415 (each rounded to
    its own search's error). Every amount of a unit now has the unit's decimals
    (``Sheet.unit_decimals``), whatever the value and the error; halves round up."""
    values = (0.073, 0.16, 0.25, 0.415, 1.1, 1.04, 5.7, 46.3)
    errors = (None, 0.004, 0.03, 0.3, 2.1)
    for unit, decimals in (("strepen", 1), ("points", 0), ("penalty points", 0), ("stake units", 2), ("hands", 2)):
        for v in values:
            for se in errors:
                num = RV.amount_words(v, unit, se).split()[0]
                whole, _, frac = num.partition(".")
                assert whole.isdigit() and len(frac) == decimals and (frac.isdigit() or not frac), (unit, v, se, num)
    assert RV.amount_words(0.25, "strepen", 0.03) == "0.3 strepen"
    assert RV.amount_words(0.415, "stake units", 0.004) == "0.42 stake units"
    assert RV.amount_words(0.16, "stake units", 0.06) == "0.15 stake units"  # (the error's step: 0.05)


def test_every_games_floor_is_written_in_its_units_precision():
    """The smallest gain a game's review tells (``Game.review_floor``) is written exactly in
    the decimals of its sheet's unit (0.1 strepen, 0.05 stake units, 10 points)."""
    from cardtable.engine import game_class, game_ids, get_game
    from cardtable.sheets.base import unit_decimals

    for gid in game_ids():
        g = get_game(gid, game_class(gid).min_players)
        unit = g.new_sheet().unit
        floor = g.review_floor
        assert round(floor, unit_decimals(unit)) == floor, (gid, unit, floor, unit_decimals(unit))


def test_the_hint_and_the_review_of_one_search_agree():
    """The hint names the next best with the review's numbers and words; a clear hint not
    followed gives that very line, a close call none, the hint followed none."""
    from cardtable.bots.explain import reason

    g = get_game("klassieke-rummy")
    st = g.new_hand(3)
    obs = st.observation(st.to_act)
    legal = tuple(obs.legal)
    clear = Decision(legal, _stats([0.06, 0.0], [0.0, _spread(0.06, 0.02)]), 0, extra={"prior": 0})
    why = reason(obs, clear, None, 100.0, "points")
    assert why == "Draw stock: about 6 points better on average than take discard"
    line = RV.review_line(clear, legal[1], obs, "Turn 1", "points", 100.0)
    assert line.text("Ann") == "Turn 1: Ann chose Take discard, the bot Draw stock (about 6 points better on average)"
    assert RV.review_line(clear, legal[0], obs, "Turn 1", "points", 100.0) is None
    close = Decision(legal, _stats([0.06, 0.0], [0.0, _spread(0.06, 0.04)]), 0, extra={"prior": 0})
    assert reason(obs, close, None, 100.0, "points") == (
        "Draw stock: a close call, about 6 points better on average than take discard"
    )
    assert RV.review_line(close, legal[1], obs, "Turn 1", "points", 100.0) is None


def test_the_words_are_the_games_labels_not_the_action_texts():
    from cardtable.cards import parse_card
    from cardtable.families.jas import ROEM_VERBS
    from cardtable.families.rummy import DISCARD_SPEC, LAYOFF_SPEC, MELD_SPEC

    jas = get_game("kruisjassen")
    assert RV.action_words(jas.parse_action("declare seq3 KD QD JD"), ROEM_VERBS) == "Roem KD QD JD"
    assert RV.action_words(jas.parse_action("declare stuk"), ROEM_VERBS) == "Stuk"
    assert RV.action_words(jas.parse_action("declare trickroem"), ROEM_VERBS) == "Trick roem"
    rummy = get_game("klassieke-rummy")
    verbs = (MELD_SPEC, LAYOFF_SPEC, DISCARD_SPEC)
    assert RV.action_words(rummy.parse_action("meld 3D 4D 5D"), verbs) == "Meld 3D 4D 5D"
    assert RV.action_words(rummy.parse_action("layoff 7D to 1"), verbs) == "Lay off 7D onto meld 1"
    assert RV.action_words(rummy.parse_action("discard 9C"), verbs) == "Discard 9C"
    assert RV.action_words(rummy.parse_action("discard 9C"), verbs, cards_only=True) == "9C"
    assert parse_card("9C") in rummy.parse_action("discard 9C").cards
    # no spec for the verb: the action text, rather than nothing
    assert RV.action_words(rummy.parse_action("draw stock"), verbs) == "draw stock"


def test_review_hand_from_a_record_is_reproducible():
    m = _played_hand("kruisjassen", 2)
    a = RV.review_hand(m, 0, iterations=240, seed=5)
    b = RV.review_hand(m, 0, iterations=240, seed=5)
    assert a == b and a  # a random player: the bot disagrees somewhere
    actions = m.hands[0]["actions"]
    for line in a:
        assert line.seat == 0 and line.played != line.better and line.gain > RV.CONFIDENCE * line.se
        assert 0 <= line.index < len(actions)
        assert line.when.startswith(("Trick ", "Before the first trick"))
    assert RV.review_hand(m, 0, seats=[], iterations=10) == []
    # 40 playouts a decision: too few sampled deals for any line (no noise shown as advice)
    assert RV.review_hand(m, 0, iterations=40, seed=5) == []


def test_turns_count_runs_of_decisions():
    t = RV.TurnCounter()
    assert [t.note(i) for i in (0, 1, 5, 6, 7, 12)] == [1, 1, 2, 2, 2, 3]
    assert t.note(5) == 2  # noted again after an undo: the same turn


def test_the_hint_reason_speaks_the_players_words():
    from cardtable.bots.explain import reason

    g = get_game("klassieke-rummy")
    st = g.new_hand(3)
    obs = st.observation(st.to_act)
    legal = tuple(obs.legal)
    assert [a.text() for a in legal] == ["draw stock", "draw discard"]
    # the stock by 0.12 (times the scale of 100: 12 points), sure of it
    sure = Decision(legal, _stats([0.12, 0.0], [0.0, 0.0144]), 0, extra={"prior": 0})
    assert reason(obs, sure, None, 100.0, "points") == (
        "Draw stock: about 12 points better on average than take discard"
    )
    # as sure, from too few sampled deals: a close call
    few = Decision(legal, _stats([0.12, 0.0], [0.0, 0.0144], worlds=RV.MIN_WORLDS - 1), 0, extra={"prior": 0})
    assert reason(obs, few, None, 100.0, "points") == (
        "Draw stock: a close call, about 12 points better on average than take discard"
    )
    # the search kept the rule of thumb although the other looked better
    kept = Decision(legal, _stats([0.0, 0.05], [0.0, 0.0]), 0, extra={"prior": 0})
    assert reason(obs, kept, None, 100.0, "points") == (
        "Draw stock: the rule of thumb; take discard looked 5 points better, within the search's noise"
    )
    jas = get_game("kruisjassen")
    st = jas.new_hand(1)
    while not any(a.verb == "play" for a in st.legal_actions()):
        st = st.apply(st.legal_actions()[0])
    obs = st.observation(st.to_act)
    plays = tuple(a for a in obs.legal if a.verb == "play")[:2]
    close = Decision(plays, _stats([0.1, 0.1], [0.0, 0.0]), 0, extra={"prior": 0})
    from cardtable.cards import display

    want = f"{display(plays[0].cards[0])}: a close call, as good as {display(plays[1].cards[0])}"
    assert reason(obs, close, None, 3.0, "strepen") == want


def test_replay_review_lists_the_lines_of_the_record(tmp_path):
    import json

    from click.testing import CliRunner

    from cardtable.cli import main

    m = _played_hand("kruisjassen", 2)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(m.to_record()), encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(path), "--review", "240", "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)["review"]
    want = RV.review_hand(m, 0, iterations=240)
    assert [(x["hand"], x["action"], x["played"], x["bot"]) for x in got] == [
        (1, ln.index, ln.played, ln.better) for ln in want
    ] and want
    text = CliRunner().invoke(main, ["replay", str(path), "--review", "240"]).output
    assert "What the bot would have played:" in text
    assert f"hand 1, {want[0].text('You')}" in text


def test_the_sheet_scale_turns_returns_into_the_sheets_unit():
    # kruisjassen: returns in pits (3 strepen); schutjassen: gains in hundreds, scale 9;
    # ramino-drift: a penalty sheet (its gains are the points with the sign turned)
    for gid, want in (("kruisjassen", 3.0), ("schutjassen", 900.0), ("klassieke-rummy", 100.0)):
        st = get_game(gid).new_hand(1)
        assert RV.sheet_scale(st.information_set(st.to_act)) == want, gid
        assert RV.sheet_scale(st) == want, gid
    st = get_game("ramino-drift").new_hand(1)
    assert RV.sheet_scale(st) == st.returns_scale() > 0


def test_review_search_in_the_pool_and_cancelled():
    import threading

    st = get_game("kruisjassen").new_hand(1)
    while len(st.legal_actions()) < 2:
        st = st.apply(st.legal_actions()[0])
    info = st.information_set(st.to_act)
    d = RV.ReviewSearch(st.game, info, iterations=40).run()  # in the pool
    assert d.legal == tuple(info.observation.legal) and d.stats.worlds >= 1
    gone = RV.ReviewSearch(st.game, info, budget=0.1)
    gone.cancel()
    assert gone.run() is None  # cancelled before it started: no search
    # cancelled while it runs (a budget of 20 s): it returns at once with what it found
    long = RV.ReviewSearch(st.game, info, budget=20.0)
    out = []
    t = threading.Thread(target=lambda: out.append(long.run()))
    t.start()
    threading.Timer(0.3, long.cancel).start()
    t.join(timeout=10)
    assert not t.is_alive() and out and out[0].cancelled


def test_a_difference_under_the_games_floor_is_not_worth_a_line():
    """Beyond the noise test, a floor in the sheet's unit (``Game.review_floor``, kept by the
    strong bot in ``Decision.extra["floor"]``): a trial review called 0.003 strepen "better"
    (Trick 7: you chose 8♦, the bot 6♦). Under the floor: no line, and the hint calls it a
    close call, as good as the other; at or over it (and clear of the noise): a line."""
    from cardtable.bots.explain import reason
    from cardtable.cards import display

    obs = _position()
    legal = tuple(obs.legal)
    rest = [0.0] * (len(legal) - 2)
    floor = get_game("kruisjassen").review_floor  # 0.1 strepen

    def sure(gain):  # the bot's pick (1, its prior) better by ``gain`` in every world
        return Decision(
            legal, _stats([0.0, gain] + rest, [gain * gain, 0.0] + rest), 1, extra={"prior": 1, "floor": floor}
        )

    tiny = sure(0.001)  # times 3: 0.003 strepen
    assert RV.is_clear(tiny, *RV.compare(tiny, 1, 0))  # no noise at all ...
    assert RV.review_line(tiny, legal[0], obs, "Trick 7", "strepen", 3.0) is None  # ... but too small
    assert not RV.worth_telling(tiny, *RV.compare(tiny, 1, 0), 3.0)
    small = sure(0.02)  # 0.06 strepen: the hint says no "better"
    assert RV.review_line(small, legal[0], obs, "Trick 7", "strepen", 3.0) is None
    assert reason(obs, small, None, 3.0, "strepen") == (
        f"{RV.short_words(legal[1], obs, card=display)}: a close call, as good as "
        f"{RV.short_words(legal[0], obs, card=display)}"
    )
    over = sure(0.04)  # 0.12 strepen
    line = RV.review_line(over, legal[0], obs, "Trick 7", "strepen", 3.0)
    assert line is not None and line.gain == pytest.approx(0.12)
    assert "close call" not in reason(obs, over, None, 3.0, "strepen")
    # the same search in a game of points (floor 1): 0.3 points at a scale of 100 say nothing
    pts = Decision(legal, sure(0.003).stats, 1, extra={"prior": 1, "floor": get_game("klassieke-rummy").review_floor})
    assert RV.review_line(pts, legal[0], obs, "Turn 3", "points", 100.0) is None
    assert RV.review_line(pts, legal[0], obs, "Turn 3", "points", 1000.0) is not None  # 3 points


def test_the_review_of_a_real_search_uses_the_games_floor(monkeypatch):
    """A review recomputed from a record (``review_hand``: the strong bot's own Decisions)
    lists nothing under the game's floor: a floor above any gain leaves no line."""
    m = _played_hand("kruisjassen", 2)
    assert RV.review_hand(m, 0, iterations=240, seed=5)  # a random player: lines
    monkeypatch.setattr(type(m.game), "review_floor", 100.0)  # 100 strepen: nothing is worth it
    assert RV.review_hand(m, 0, iterations=240, seed=5) == []
