"""Fixed-seed positions for screenshots and TUI tests: matches played by bots up to a
chosen moment, so that the table can be opened there (``CardTableApp(match)``).

Every seat, humans included, is played by a bot of its own seed here; the result depends
only on the seeds. No textual import: the positions are plain engine data.
"""

from __future__ import annotations

from typing import Callable

from cardtable.bots import get_bot
from cardtable.engine import Match, get_game
from cardtable.engine.game import Observation
from cardtable.engine.views import TRICK


def robot(game, seed: int, kind: str = "simple"):
    """A bot of ``kind``; the random bot while the family's simple bot is not installed."""
    try:
        return get_bot(kind, game, seed=seed)
    except ImportError:
        return get_bot("random", game, seed=seed)


def play_until(
    match: Match,
    stop: Callable[[Match, Observation | None], bool],
    seed: int = 0,
    max_actions: int = 20000,
    kind: str = "simple",
) -> Match:
    """Let bots play every seat of ``match`` until ``stop(match, obs_of_seat_to_act)`` is true
    (checked before each action, and with ``obs`` None between hands). Starts hands as needed.
    Raises RuntimeError if ``stop`` never holds within ``max_actions``."""
    bots = [robot(match.game, seed * 100 + s, kind) for s in range(match.game.players)]
    for _ in range(max_actions):
        st = match.state
        if st is None or st.over:
            if stop(match, None):
                return match
            if match.over:
                raise RuntimeError("the match ended before the position was reached")
            match.start_hand()
            continue
        obs = st.observation(st.to_act)
        if stop(match, obs):
            return match
        match.apply(bots[st.to_act].choose(obs))
    raise RuntimeError("position not reached")


def draw_midhand(
    game_id: str, seed: int = 11, players: int | None = None, seats: list[str] | None = None, melds: int = 2
) -> Match:
    """Any game with a draw (a rummy), seat 0 to draw with at least ``melds`` melds on the table."""
    game = get_game(game_id, players)
    m = Match(game, seats or ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=seed)

    def stop(match, obs):
        return obs is not None and obs.seat == 0 and obs.phase == "draw" and len(obs.melds) >= melds

    return play_until(m, stop, seed)


def after_hands(
    game_id: str, hands: int, seed: int = 5, players: int | None = None, seats: list[str] | None = None
) -> Match:
    """A match after ``hands`` finished hands (the next hand not yet dealt)."""
    game = get_game(game_id, players)
    m = Match(game, seats or ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=seed)

    def stop(match, obs):
        return obs is None and (match.sheet.hands >= hands or match.over)

    return play_until(m, stop, seed)


def menu_open(
    game_id: str, seed: int = 7, players: int | None = None, seats: list[str] | None = None, tricks: int = 2
) -> Match:
    """Any game, seat 0 to act with a menu verb on offer (ask / tell) after
    ``tricks`` tricks."""
    game = get_game(game_id, players)
    m = Match(game, seats or ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=seed)

    def stop(match, obs):
        return (
            obs is not None
            and obs.seat == 0
            and sum(obs.tricks_won or (0,)) >= tricks
            and any(v.shape == "menu" for v in obs.verbs)
        )

    return play_until(m, stop, seed)


def trick_midhand(
    game_id: str, seed: int = 7, players: int | None = None, seats: list[str] | None = None, tricks: int = 2
) -> Match:
    """Any trick game, seat 0 to play a card with ``tricks`` tricks done and cards in the trick."""
    game = get_game(game_id, players)
    m = Match(game, seats or ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=seed)

    def stop(match, obs):
        return (
            obs is not None
            and obs.seat == 0
            and obs.phase == "play"
            and any(z.kind == TRICK and z.cards for z in obs.zones)
            and sum(obs.tricks_won) >= tricks
            and any(a.verb == "play" for a in obs.legal)
        )

    return play_until(m, stop, seed)


def at_phase(
    game_id: str, phase: str, seed: int = 7, players: int | None = None, seats: list[str] | None = None
) -> Match:
    """Any game, seat 0 to act in ``phase`` (``exchange``, ``trump``, ``bid`` ...)."""
    game = get_game(game_id, players)
    m = Match(game, seats or ["human:Anna"] + ["bot:simple"] * (game.players - 1), seed=seed)

    def stop(match, obs):
        return obs is not None and obs.seat == 0 and obs.phase == phase

    return play_until(m, stop, seed)
