"""cardtable.stats: a match's end counted once and whole (issue 8 item 8): replaying the end
twice counts it once, and a write killed halfway counts nothing and is counted at the next
start (the save is deleted only after the commit)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import saves, stats
from cardtable.engine import Match, get_game
from tests.helpers import play

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def finished(seed: int = 4, seats=("human:Anna", "human:Bram")) -> Match:
    game = get_game("klassieke-rummy", players=len(seats), target_score=30)
    m = play(Match(game, list(seats), seed=seed), hands=100)
    assert m.over
    return m


def test_a_finished_match_counts_per_player_name(home):
    m = finished()
    assert stats.record_match(m, "m1")
    rows = {r.name: r for r in stats.table()}
    hands = sum(1 for h in m.hands if not h.get("between"))
    winner = m.seat_kind(m.sheet.winners[0])[1]
    for name, seat in (("Anna", 0), ("Bram", 1)):
        r = rows[name]
        assert (r.game, r.game_name, r.matches, r.hands) == ("klassieke-rummy", "Klassieke Rummy", 1, hands)
        assert r.matches_won == (name == winner)
        assert r.hands_won == sum(1 for res in m.results if res is not None and seat in res.winners)
        assert r.best_score == m.sheet.seat_totals()[seat]
    # a second match: the counts add up, the best score is the highest
    m2 = finished(seed=9)
    stats.record_match(m2, "m2")
    anna = stats.table("Anna")[0]
    assert anna.matches == 2 and anna.best_score == max(m.sheet.seat_totals()[0], m2.sheet.seat_totals()[0])


def test_best_score_is_the_lowest_where_the_lowest_total_wins(home):
    """Jokeren: penalty points, the lowest total wins (the sheet's ``lowest_wins``), so the
    best score is the lowest of the player's totals, not the highest."""
    totals = []
    for i, seed in enumerate((4, 9)):
        game = get_game("jokeren", players=2)
        m = play(Match(game, ["human:Anna", "bot:simple"], seed=seed), hands=100)
        assert m.over and m.sheet.lowest_wins
        stats.record_match(m, f"j{i}")
        totals.append(m.sheet.seat_totals()[0])
    assert totals[0] != totals[1], totals  # else the test could not tell
    anna = stats.table("Anna")[0]
    assert anna.matches == 2 and anna.best_score == min(totals), (anna, totals)


def test_bots_are_not_counted(home):
    stats.record_match(finished(seats=("human:Anna", "bot:simple")), "m1")
    assert [r.name for r in stats.table()] == ["Anna"]


def test_the_end_replayed_twice_counts_once(home):
    m = finished()
    mid = saves.match_id(m)
    assert stats.record_match(m, mid) is True
    assert stats.record_match(m, mid) is False
    saves.save_match(m)  # the table's last save, then its match end: still once
    saves.finish(m)
    saves.finish(m)
    assert {r.name: r.matches for r in stats.table()} == {"Anna": 1, "Bram": 1}


def test_an_unfinished_match_is_refused(home):
    game = get_game("klassieke-rummy", players=2)
    m = Match(game, ["human:Anna", "human:Bram"], seed=1)
    m.start_hand()
    with pytest.raises(ValueError):
        stats.record_match(m, "x")


KILL_HALFWAY = r"""
import os, sys
sys.path.insert(0, sys.argv[1])
from cardtable import saves, stats
from cardtable.engine import Match, get_game
from tests.helpers import play
game = get_game("klassieke-rummy", players=2, target_score=30)
m = play(Match(game, ["human:Anna", "human:Bram"], seed=4), hands=100, extra_actions=0)
stats._between_rows = lambda: os._exit(9)     # killed after the match row, before the players'
saves.save_match(m)
"""


def test_a_write_killed_halfway_counts_nothing_and_is_counted_at_the_next_start(home):
    game = get_game("klassieke-rummy", players=2, target_score=30)
    play(Match(game, ["human:Anna", "human:Bram"], seed=4), hands=100)
    # the process is killed inside the transaction of the match's end
    p = subprocess.run(
        [sys.executable, "-c", KILL_HALFWAY, str(ROOT)],
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 9, p.stderr
    assert stats.table() == []  # nothing half-counted
    kept = list((home / "saves").glob("*.json"))
    assert len(kept) == 1  # the save is still there
    # the next start finds the finished match, finishes it and counts it once
    assert saves.list_saves() == []
    assert not kept[0].exists() and (home / "history" / kept[0].name).exists()
    assert {r.name: r.matches for r in stats.table()} == {"Anna": 1, "Bram": 1}
    assert saves.list_saves() == [] and len(stats.table()) == 2
