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
        guess = _suggestion(game_id)
        if guess:
            raise UnknownGame(f"unknown game {game_id!r}; did you mean {guess!r}? (cardtable list shows them all)") from None
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(sorted(_GAMES))}") from None


def _suggestion(game_id: str) -> str:
    """The id meant by a mistyped one (another case, ``_`` or a space for ``-``, a letter or
    two wrong: ``Tonk`` -> ``tonk``), else the empty string."""
    import difflib

    text = str(game_id)
    folded = "-".join(text.lower().replace("_", " ").split())
    if folded in _GAMES:
        return folded
    close = difflib.get_close_matches(folded, sorted(_GAMES), n=1, cutoff=0.75)
    return close[0] if close else ""


def get_game(game_id: str, players: int | None = None, **options: Any) -> Game:
    """The rules of ``game_id`` for ``players`` seats with validated ``options``.

    Raises UnknownGame, or OptionError for a wrong player count, option name or value.
    """
    return game_class(game_id)(players=players, **options)
