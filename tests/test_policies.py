"""Playout and hint policies registered per family (issue 20): what the strong bot's search
plays a sampled world out with comes from the registry, the strong bot names no family, and
a game without a playout of its own is played out by its simple bot, not at random."""

from __future__ import annotations

import ast
import random
import warnings
from dataclasses import replace
from pathlib import Path

import pytest

from cardtable.bots import registry
from cardtable.engine import game_ids, get_game

BOTS = Path(__file__).resolve().parents[1] / "cardtable" / "bots"


@pytest.fixture
def clean_registry(monkeypatch):
    """The bot registry as it is, with what a test registers dropped afterwards."""
    monkeypatch.setattr(registry, "_ENTRIES", list(registry.entries()))
    monkeypatch.setattr(registry, "_FOUND", {})
    return registry


def _lowest_first(calls):
    """A simple policy that plays the lowest legal card and notes every call."""

    def lowest(obs, game, rng):
        calls.append(obs.seat)
        return min(obs.legal, key=lambda a: a.cards[0] & 15)

    return lowest


def _played_out_by_hand(game, seed, choose):
    st = game.new_hand(seed=seed)
    while st.to_act is not None:
        st = st.apply(choose(st.observation(st.to_act), game, random.Random(0)))
    return st.returns()


def test_a_game_without_a_playout_is_played_out_by_its_simple_bot(fake, clean_registry):
    """The fake game registers a simple bot and no playout: every step of the strong bot's
    playout is the simple bot's move on the acting seat's observation (it was the game's
    random ``playout`` before), so the playout ends where the simple bot's play ends."""
    from cardtable.bots.pimc import greedy_playout

    game = fake.FakeGame()
    calls: list[int] = []
    lowest = _lowest_first(calls)
    clean_registry.register_policy("simple", lowest, game_classes=(fake.FakeGame,))
    for seed in range(6):
        calls.clear()
        world = game.new_hand(seed=seed)
        got = greedy_playout(world, random.Random(seed))
        assert len(calls) == 4  # 4 cards played, each by the policy
        assert got == _played_out_by_hand(game, seed, _lowest_first([]))


def test_a_game_with_neither_a_playout_nor_a_simple_bot_warns_and_plays_at_random(fake, clean_registry):
    from cardtable.bots import playouts

    game = fake.FakeGame()
    game.id = f"{fake.FAKE_ID}-no-bots"  # a warning per game id: this test's own
    with pytest.warns(playouts.NoPlayoutWarning, match="no playout policy and no simple bot"):
        play = playouts.playout_for(game)
    assert play is playouts.random_playout
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once per game
        assert playouts.playout_for(game) is playouts.random_playout


def test_a_registered_playout_wins_and_the_nearest_class_first(fake, clean_registry):
    """A game (or a family) that registers a playout gets it, random play included when
    asked for; the registration nearest to the game's class in its MRO wins."""
    from cardtable.bots import playouts
    from cardtable.bots.trick_playout import trick_playout

    game = fake.FakeGame()
    clean_registry.register_policy("simple", _lowest_first([]), game_classes=(fake.FakeGame,))
    assert playouts.playout_for(game) is playouts.simple_playout
    clean_registry.register_policy("playout", playouts.random_playout, game_classes=(fake.FakeGame,))
    clean_registry._FOUND.clear()
    assert playouts.playout_for(game) is playouts.random_playout

    kruis = get_game("kruisjassen")
    assert playouts.playout_for(kruis) is trick_playout  # the family's (TrickGame)

    def own(world, rng):
        return world.playout(rng)

    clean_registry.register_policy("playout", own, games=("kruisjassen",))
    clean_registry._FOUND.clear()
    assert playouts.playout_for(kruis) is own  # the game's own is nearer
    assert playouts.playout_for(get_game("manille-muette")) is trick_playout
    assert "playout" not in registry.kinds() and "explain" not in registry.kinds()


@pytest.mark.parametrize("gid", game_ids())
def test_every_game_has_its_familys_playout(gid):
    """No game is played out at random: the trick games by the trick playout, the rummies by
    the rummy playout (both registered by their family's bot module), a game of another family
    by the playout its family's bot module registers, else by its simple bot's rules."""
    from cardtable.bots.playouts import playout_for, random_playout, simple_playout
    from cardtable.bots.registry import find_policy
    from cardtable.bots.rummy_playout import rummy_playout
    from cardtable.bots.trick_playout import trick_playout
    from cardtable.families.drift import DriftRummy
    from cardtable.families.tricks import TrickGame, TrickHand

    game = get_game(gid)
    play = playout_for(game)
    assert play is not random_playout
    if isinstance(game, TrickGame):
        assert play is trick_playout and isinstance(game.new_hand(seed=1), TrickHand)
    elif isinstance(game, DriftRummy):
        assert play is rummy_playout
    else:
        registered = find_policy("playout", game)
        assert play is (registered if registered is not None else simple_playout)
        assert find_policy("simple", game) is not None or registered is not None


# ---- the strong bot names no family -------------------------------------------------------

#: modules the generic search may import from cardtable (no family, no game, no family's bots)
GENERIC = (
    "cardtable.bots",
    "cardtable.bots.playouts",
    "cardtable.bots.registry",
    "cardtable.bots.review",
    "cardtable.bots.strong",
    "cardtable.bots.pimc",
    "cardtable.bots.pool",
    "cardtable.bots.explain",
    "cardtable.bots.words",
    "cardtable.cards",
    "cardtable.engine",
    "cardtable.sheets.base",  # the sheet base class: its units' precision, no family
)


def _verbs() -> set[str]:
    out = {"knock"}
    for gid in game_ids():
        out.update(get_game(gid).grammar.verbs)
    return out


def _code_strings(tree: ast.AST) -> set[str]:
    """String constants of a module that are not docstrings."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
                docs.add(id(node.body[0].value))
    return {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    }


@pytest.mark.parametrize("name", ["strong.py", "pimc.py", "pool.py", "explain.py", "words.py", "playouts.py"])
def test_the_search_names_no_family(name):
    """``bots/strong.py`` (with its search, pool and words, and the generic playouts) imports
    no family, game or family bot module, uses no family's names (``TrickHand``,
    ``RUMMY_VERBS``, ...) and compares no game's verb: what they know of a game comes from
    the registry."""
    tree = ast.parse((BOTS / name).read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
            if node.module == "cardtable.bots":
                imported.update(f"cardtable.bots.{a.name}" for a in node.names if (BOTS / f"{a.name}.py").exists())
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    ours = {m for m in imported if m.startswith("cardtable")}
    bad = {m for m in ours if not (m in GENERIC or m.startswith("cardtable.engine."))}
    assert not bad, f"{name} imports {sorted(bad)}"
    names = (
        {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        | {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        | {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    )
    family_names = {
        "TrickHand",
        "TrickGame",
        "DriftRummy",
        "RUMMY_VERBS",
        "policy_observation",
        "greedy_card",
        "rummy_policy",
        "_takes_trick",
        "hand_of",
        "pile",
    }
    assert not names & family_names, f"{name} names {sorted(names & family_names)}"
    verbs = _code_strings(tree) & _verbs()
    assert not verbs, f"{name} compares verbs {sorted(verbs)}"


# ---- the hint's words come from the family ------------------------------------------------


def test_the_hints_move_words_are_the_familys():
    """A rummy discard of the last card "goes out" (the rummies' explain policy); a trick
    game's last card never does (the trick games' words are about the trick), with or
    without an information set."""
    from cardtable.bots.playouts import move_words
    from cardtable.engine.actions import Action

    rummy = get_game("klassieke-rummy")
    st = rummy.new_hand(seed=3)
    obs = st.observation(st.to_act)
    out = Action("discard", None, (obs.hand[0],))
    one = replace(obs, hand=obs.hand[:1])
    assert move_words(one, out, None, rummy) == ["goes out"]
    assert move_words(obs, out, None, rummy) == []
    assert move_words(one, out) == ["goes out"]  # the game from obs.game
    kruis = get_game("kruisjassen")
    ks = kruis.new_hand(seed=1)
    while ks.to_act is not None and not any(a.verb == "play" for a in ks.legal_actions()):
        ks = ks.apply(ks.legal_actions()[0])
    kobs = ks.observation(ks.to_act)
    last = replace(kobs, hand=kobs.hand[:1])
    play = next(a for a in kobs.legal if a.verb == "play")
    assert move_words(last, play, None, kruis) == []
    assert move_words(kobs, play, ks.information_set(ks.to_act)) == []  # the trick's first card
