"""The table knows no game: cardtable/tui/ names no game id and branches on no family; every
legal action of every registered game, in every phase it has, is reachable through the
action chooser; each phase's table fits 80, 100 and 132 columns; and a throwaway game
declared only here (tests/tui/shapegame.py: a verb of every input shape) is played to the
end of its match with keys alone."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cardtable.engine import Match
from cardtable.engine.registry import game_class, game_ids
from cardtable.engine.views import spec_for
from cardtable.tui import render as R
from cardtable.tui.chooser import CARD_KEYS, RESERVED_KEYS, card_key
from cardtable.tui.screens import HandSummaryScreen, MatchEndScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import screen_text, settle
from cardtable.tui.widgets import CardWidget
from tests.tui import shapegame
from tests.tui.fit import fit_problems
from tests.tui.phases import CONFIGS, phase_match, phase_positions
from tests.tui.reach import reach

TUI = Path(__file__).resolve().parents[2] / "cardtable" / "tui"


def test_the_tui_names_no_game_and_no_family():
    ids = set(game_ids())
    names = {game_class(g).name for g in ids}
    families = {game_class(g).family for g in ids}
    words = sorted(ids | names)
    bad = []
    for path in sorted(TUI.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for w in words:
            if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.IGNORECASE):
                bad.append(f"{path.name}: {w}")
        if re.search(r"\.family\b", text):
            bad.append(f"{path.name}: .family")
        # the trick fields of the observation and the trick family's event kinds: the table
        # reads the zones and ``Observation.event_group`` instead
        for m in re.finditer(r"\bobs\.(trick|last_trick)\b|kind == [\"'](play|trick)[\"']", text):
            bad.append(f"{path.name}: {m.group(0)}")
        for f in families:
            if re.search(rf"[\"']{re.escape(f)}[\"']", text):
                bad.append(f"{path.name}: the family string {f!r}")
    assert not bad, bad


@pytest.mark.parametrize("gid,n", CONFIGS)
def test_every_legal_action_is_reachable_through_the_chooser(gid, n):
    for phase, positions in phase_positions(gid, n).items():
        for obs in positions:
            got = reach(obs)
            missing = [a.text() for a in obs.legal if a not in got]
            assert not missing, (gid, n, phase, missing[:5])


@pytest.mark.parametrize("gid,n", CONFIGS)
def test_every_card_of_a_hand_has_a_key_and_no_verb_takes_a_table_key(gid, n):
    """The longest hand of each phase has a key for every card, and no verb the game
    declares sits on a key of the table (cards, hint, quit, the sheet ``s``, the history ``h``
    ...), neither a verb nor an item of its menus: no table key is ever lent."""

    def menu_keys(items):
        for m in items:
            yield m.word, m.key
            yield from menu_keys(m.children)

    for phase, positions in phase_positions(gid, n).items():
        for obs in positions:
            assert len(obs.hand) <= len(CARD_KEYS), (gid, phase, len(obs.hand))
            for sp in obs.verbs:
                assert sp.key in ("", "enter") or sp.key not in RESERVED_KEYS, (gid, phase, sp.verb, sp.key)
                for word, key in menu_keys(sp.menu or ()):
                    assert key not in RESERVED_KEYS, (gid, phase, sp.verb, word, key)


def check_table(app, gid: str, phase: str, size: tuple[int, int]) -> None:
    """A phase's table as drawn: no line wider than the screen, the status and the key line
    in view, nothing run into anything else, every button's and every card's key shown."""
    cls = game_class(gid)
    tbl = app.screen
    assert isinstance(tbl, TableScreen) and tbl.mode == "human", (gid, phase)
    text = screen_text(app)
    lines = text.splitlines()
    assert len(lines) <= size[1] and all(len(x) <= size[0] for x in lines), (gid, phase)
    assert cls.name in lines[0], (gid, phase, lines[0])
    assert tbl.keymap, (gid, phase)
    # nothing runs into anything else, nothing is cut, every button is in view
    assert not fit_problems(app), (gid, phase, size, fit_problems(app))
    # the status line breaks only between two of its items
    status = tbl.query_one("#status").render().plain.splitlines()
    obs = tbl.observation()
    for item in obs.facts.status if obs.facts is not None else ():
        said = R.pretty(item, False, tbl._names()).plain
        if said in " ".join(status):
            assert any(said in ln for ln in status), (gid, phase, said, status)
    # every card of the hand shows the key that chooses it
    for w in tbl.query_one("#hand").query(CardWidget):
        if w.display and w.card is not None and card_key(w.index) is not None:
            bottom = str(w.render()).splitlines()[-1]
            assert card_key(w.index) in bottom, (gid, phase, w.index, bottom)


def _calm_move(obs, rng: random.Random):
    """A legal move at random; not one that asks a question first (a claim that ends the hand
    at once) unless nothing else is legal."""
    calm = [a for a in obs.legal if not getattr(spec_for(a, obs.verbs), "confirm", "")]
    return rng.choice(calm or list(obs.legal))


FIT_SIZES = {"wide": (132, 36), "middle": (100, 30), "small": (80, 24)}


async def fits(make_app, gid: str, n: int, sizes: list[tuple[int, int]]) -> None:
    """Each phase's table with ``n`` seats (``check_table``: nothing cut, wrapped mid-item or
    out of view) at each of ``sizes``; then one more decision from there, checked at the last
    size (issue 22, point 4: a prompt or a seat's note that did not fit 80 or 100 columns)."""
    rng = random.Random(f"{gid}/{n}")
    for phase in sorted(phase_positions(gid, n, seeds=2, per_phase=1)):
        m = phase_match(gid, n, phase)
        if m is None:
            continue
        app = make_app(m)
        async with app.run_test(size=sizes[0]) as pilot:
            await settle(pilot)
            for size in sizes:
                if app.size != size:
                    await pilot.resize_terminal(*size)
                    await settle(pilot)
                check_table(app, gid, phase, size)
            tbl = app.screen
            tbl.try_action(_calm_move(tbl.observation(), rng))
            await settle(pilot)
            tbl = app.screen
            if isinstance(tbl, TableScreen) and tbl.mode == "human":
                check_table(app, gid, tbl.observation().phase, sizes[-1])


#: the games with more than one player count at their most seats; a game of one count is
#: checked at 80x24 in each phase by test_phase_snapshot (the same table)
MOST = [
    (g, game_class(g).max_players) for g in sorted(game_ids()) if game_class(g).max_players > game_class(g).min_players
]


@pytest.mark.parametrize("gid,n", MOST)
async def test_every_phase_fits_80_columns(make_app, gid, n):
    """The fast tier's fit: each phase with the most seats (the longest seat notes and
    status) at 80x24, the smallest table, and the next decision there, for a game of several
    player counts. The fewest seats at 80x24 are checked by test_phase_snapshot (for a game of
    one count, that is all its tables); 132x36, 100x30 and the next decision of every game by
    the soak variant below."""
    await fits(make_app, gid, n, [FIT_SIZES["small"]])


@pytest.mark.soak
@pytest.mark.parametrize("gid,n", CONFIGS)
async def test_every_phase_fits_132_100_and_80_columns(make_app, gid, n):
    """Each phase with the most seats at 132x36, 100x30 and 80x24, with the fewest at
    100x30, and the next decision at the last size."""
    most = n == game_class(gid).max_players
    sizes = list(FIT_SIZES.values()) if most else [FIT_SIZES["middle"]]
    await fits(make_app, gid, n, sizes)


PHASES = [
    (g, ph)
    for g in sorted(game_ids())
    for ph in sorted(phase_positions(g, game_class(g).min_players, seeds=2, per_phase=1))
]


@pytest.mark.parametrize("gid,phase", PHASES, ids=[f"{g}-{p}" for g, p in PHASES])
def test_phase_snapshot(make_app, snap_compare, gid, phase):
    """A snapshot of each game's table in each of its phases at 80x24 (the fewest seats),
    whose table is first checked as drawn (``check_table``: one app for both)."""
    m = phase_match(gid, game_class(gid).min_players, phase)
    if m is None:
        pytest.skip("phase not reached from seed 1")
    app = make_app(m)
    checked = []

    async def settle_and_check(pilot):
        await settle(pilot)
        try:
            check_table(app, gid, phase, (80, 24))
        except AssertionError as e:  # raised in the app's pilot: handed to the test
            checked.append(e)
        else:
            checked.append(None)

    same = snap_compare(app, terminal_size=(80, 24), run_before=settle_and_check)
    assert checked, "the table was not checked before its snapshot"
    if checked[0] is not None:
        raise checked[0]
    assert same


async def _play_by_keys(pilot, app, match, rng) -> set:
    """Play the human's turns by the keys ``reach`` finds for an action of each shape in
    turn; returns the verbs played."""
    turns = 0
    verbs = set()
    for _ in range(200):
        await settle(pilot)
        scr = app.screen
        if isinstance(scr, MatchEndScreen):
            return verbs
        if isinstance(scr, HandSummaryScreen):
            await pilot.press("enter")
            continue
        assert isinstance(scr, TableScreen) and scr.mode == "human"
        obs = scr.observation()
        keys = reach(obs)
        assert set(obs.legal) <= set(keys), [a.text() for a in obs.legal if a not in keys]
        # every shape in turn, then at random
        shapes = ["meld", "add", "wild", "call", "bet", "play"]
        want = next(
            (a for v in shapes[turns % len(shapes) :] + shapes for a in obs.legal if a.verb == v), rng.choice(obs.legal)
        )
        before = len(match.hands[-1]["actions"])
        hand_no = len(match.hands)
        for k in keys[want]:
            await pilot.press(k)
        await settle(pilot)
        done = match.hands[hand_no - 1]["actions"]
        assert len(done) > before and done[before] == want.text(), (keys[want], want.text(), done[before:])
        turns += 1
        verbs.add(want.verb)
    pytest.fail("the match did not end")


async def test_a_game_declared_only_in_the_tests_is_played_with_keys(make_app):
    with shapegame.registered() as cls:
        game = cls(players=2)
        match = Match(game, ["human:Anna", "bot:random"], seed=3)
        app = make_app(match)
        async with app.run_test(size=(80, 24)) as pilot:
            verbs = await _play_by_keys(pilot, app, match, random.Random(3))
        assert match.over
        # a button on a second page, a card, cards then a key, a meld to pick, a nested
        # menu, a designation
        assert verbs == {"bet", "play", "meld", "add", "call", "wild"}, verbs
