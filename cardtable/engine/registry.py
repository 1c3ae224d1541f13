"""The registry of games by id (``kruisjassen``, ``klassieke-rummy`` ...)."""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.engine.game import Game, OptionError

_GAMES: dict[str, type[Game]] = {}


class UnknownGame(OptionError):
    """A game id that is not registered; the message lists the known ids."""


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a Game subclass available under ``cls.id``."""
    _GAMES[cls.id] = cls
    return cls


def _load() -> None:
    # Plugin discovery: the games package registers its modules on import.
    importlib.import_module("cardtable.games")


def game_ids() -> list[str]:
    _load()
    return list(_GAMES)


def game_class(game_id: str) -> type[Game]:
    """The Game class for an id; UnknownGame with the known ids if there is none."""
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(sorted(_GAMES))}") from None


def get_game(game_id: str, players: int | None = None, **options: Any) -> Game:
    """The rules of ``game_id`` for ``players`` seats with validated ``options``.

    Raises UnknownGame, or OptionError for a wrong player count, option name or value.
    """
    return game_class(game_id)(players=players, **options)
