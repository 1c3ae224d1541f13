"""CONTRIBUTING.md's checklist, followed for a game declared only in the tests (Slagjes,
tests/contrib_game/slagjes.py): its own tests (step 7: every Example of rules.md §11 with
exact values, the whole-hand Example as a record, the options, the simple bot), and then the
shared checks that every registered game meets, run on it while it is registered (the
table in CONTRIBUTING.md, step 7). The shared tests are called as functions with the game's
id, so a shared check that names a game, or that a game can meet only by editing a shared
file, fails here.

Not run here: ``tests/test_grammar_doc.py`` and the README's games table (docs for the games
players get), the phase snapshot (an SVG per phase under tests/tui/__snapshots__), the slow
and soak tiers."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

from cardtable.bots import get_bot
from cardtable.engine import Match, get_game
from cardtable.engine.record import replay
from tests.contrib_game import slagjes
from tests.games.helpers import legal, refused, run
from tests.tui.helpers import build_app, tui_env

HERE = Path(__file__).resolve().parent
GID = slagjes.GAME_ID
E1 = {"dealer": 0, "hands": [["AC", "KC", "QD", "JD", "TD"], ["QC", "JC", "TC", "AD", "KD"]]}
E3 = ("play AD", "play TD", "play KD", "play JD", "play QC", "play AC", "play KC", "play TC", "play QD", "play JC")


@pytest.fixture(autouse=True)
def game(tmp_path, monkeypatch):
    """The game registered; the table's tests' settings (``tui_env``, as tests/tui/conftest.py)."""
    tui_env(monkeypatch, tmp_path / "home")
    with slagjes.registered() as cls:
        yield cls


def start(**options):
    return get_game(GID, players=2, **options).from_deal(E1)


def shared(name: str):
    """A shared test module (``tests.test_views``, ``tests.tui.test_generic`` ...): the one
    pytest collected where it did (the test files are no package: pytest imports them by
    their file name; importing it again under ``tests.`` would run its module code twice)."""
    path = Path(__file__).resolve().parents[1].joinpath(*name.split(".")).with_suffix(".py")
    collected = sys.modules.get(name.rsplit(".", 1)[-1])
    if collected is not None and Path(getattr(collected, "__file__", "") or "").resolve() == path:
        return collected
    return importlib.import_module(f"tests.{name}")


# ---- the game's own tests (step 7) ------------------------------------------------------------


def test_e1_follow_suit():
    s = run(start(), "play QC")
    assert legal(s) == {"play AC", "play KC"}
    refused(s, "play TD", "follow suit")


def test_e2_holding_the_suit_led_follows_it_and_the_highest_wins():
    s = run(start(), "play AD")
    assert legal(s) == {"play QD", "play JD", "play TD"}
    s = run(s, "play TD", "play KD", "play JD", "play QC", "play AC")
    assert s.observation(0).last_trick_winner == 0 and s.to_act == 0


def test_e3_the_record_replays_with_the_specs_values():
    data = json.loads((HERE / "e3.json").read_text(encoding="utf-8"))
    assert data["hands"][0]["actions"] == list(E3)
    m = replay(data)
    assert m.sheet.totals == [4, 2]
    assert run(start(), *E3).result().points == [4, 2]


def test_option_last_bonus_off_scores_five():
    assert run(start(last_bonus=False), *E3).result().points == [3, 2]


def test_option_target_ends_the_match():
    m = Match(get_game(GID, players=3, target=3), ["bot:simple"] * 3, seed=4)
    while not m.over:
        m.start_next()
        while not m.state.over:
            m.apply(get_bot("simple", m.game).choose(m.state.observation(m.state.to_act)))
    assert max(m.sheet.totals) >= 3 and m.sheet.hands <= 3


def test_the_simple_bot_wins_a_trick_cheaply():
    s = run(start(), "play QC")
    assert get_bot("simple", s.game).choose(s.observation(0)).text() == "play KC"


# ---- the shared checks, run on it (step 7's table) --------------------------------------------

CONFIGS = [(2, {}), (4, {}), (3, {"last_bonus": False})]


def test_shared_guide_checks(monkeypatch):
    guides = shared("test_guides")
    import cardtable.guides

    texts = {
        "guide": (HERE / "guide.md").read_text(encoding="utf-8"),
        "rules": (HERE / "rules.md").read_text(encoding="utf-8"),
    }
    monkeypatch.setattr(guides, "guide_text", lambda gid: texts["guide"] if gid == GID else None)
    monkeypatch.setattr(cardtable.guides, "spec_text", lambda gid, source=True: texts["rules"] if gid == GID else None)
    guides.test_every_game_has_a_guide(GID)
    guides.test_the_guide_names_every_option(GID)
    guides.test_the_guide_holds_no_engine_words(GID)
    guides.test_the_options_are_named_as_in_the_spec(GID)


def test_shared_grammar_checks():
    grammar = shared("test_grammar")
    grammar.test_every_legal_action_text_round_trips(GID)
    for text, word in slagjes.Slagjes.bad_texts:
        grammar.test_unknown_words_are_refused_naming_them(GID, text, word)
    grammar.test_record_texts_are_unchanged_by_parse_and_text(HERE / "e3.json")


def test_shared_invariants():
    inv = shared("test_invariants")  # the walk of tests/walks.py (a game not in its budget: the most matches)
    for n in range(2, 5):
        inv.test_random_matches(GID, n)
    inv.test_each_games_hook_finds_a_broken_result(GID)


def test_shared_view_checks():
    views = shared("test_views")
    for n in (2, 4):
        views.test_zones_verbs_and_events(GID, n)
        views.test_every_spec_has_a_label_and_a_menu_has_its_words(GID, n)
        views.test_each_event_is_rendered_once_along_a_hand(GID, n)
        views.test_sheet_view_lines_are_what_the_sheet_panel_shows_today(GID, n)


def test_shared_search_checks():
    search = shared("test_search")
    for players, options in CONFIGS:
        for check in (
            search.test_is_legal_agrees_with_legal_actions,
            search.test_returns_sides_signs_and_sums,
            search.test_information_set_samples,
            search.test_samples_depend_only_on_what_the_seat_has_seen,
            search.test_apply_in_place_is_apply,
            search.test_fast_playout_plays_as_the_engine,
        ):
            check(GID, players, options)
    search.test_clone_shares_the_game(GID)
    # (not test_the_registry_finds_a_bot_for_every_game: it wants the bot in cardtable/bots/)


def test_shared_strong_bot_checks():
    strong = shared("test_strong")
    strong.test_every_game_has_a_strong_bot_and_three_levels()
    for players, options in CONFIGS[:2]:
        strong.test_choices_are_legal_and_reproducible(GID, players, options)
        strong.test_same_observation_same_decision(GID, players, options)


def test_shared_match_checks():
    standing, undo = shared("test_standing"), shared("test_undo_match")
    standing.test_sheet_standing_is_a_snapshot_of_the_sheet(GID)
    standing.test_new_hand_from_a_standing_equals_from_the_sheet(GID)
    standing.test_six_games_have_every_seat_active_and_their_own_deck(GID)
    undo.test_undo_count_takes_back_the_last_decision_of_a_seat_and_what_followed(GID)
    # (not test_undo_replays_the_hand_minus_its_tail: it looks 12 actions into a hand of the
    # fewest players and skips a game whose hand is shorter, as this one's 10 are)


def test_shared_cli_and_record_checks():
    cli, records = shared("test_cli"), shared("test_records")
    cli.test_list_one_line_per_game()
    cli.test_list_options_lists_the_declared_options_of_every_game()
    records.test_every_option_reads_a_json_value_as_its_text()


def test_shared_table_checks():
    generic = shared("tui.test_generic")
    generic.test_the_tui_names_no_game_and_no_family()
    for n in (2, 4):
        generic.test_every_legal_action_is_reachable_through_the_chooser(GID, n)
        generic.test_every_card_of_a_hand_has_a_key_and_no_verb_takes_a_table_key(GID, n)


async def test_shared_table_renders():
    generic = shared("tui.test_generic")
    await generic.test_every_phase_fits_80_columns(build_app, GID, 4)


async def test_shared_hotseat_privacy():
    await shared("tui.test_hotseat").test_a_hand_is_face_up_only_at_its_owners_decision(build_app, GID)
