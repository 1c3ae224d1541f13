"""The bot registry: each bot module says itself which games it plays, at which level.

    # in a bot module, e.g. cardtable/bots/rummy.py
    from cardtable.bots.registry import register_policy
    register_policy("simple", choose, game_classes=(KlassiekeRummy,))

    # or, for a bot class: register_bot("strong", StrongTrickBot, game_classes=(TrickGame,))

    find_bot("simple", game)   # the factory ``(game, seed) -> Bot`` that plays ``game``

Entries are keyed by the bot's own declaration, never by ``Game.family``: a game id
(``games=("kruisjassen",)``, the most specific) or Game classes (``game_classes=``; a game
matches a class it is an instance of, and the class nearest to the game's own in its MRO
wins). An entry with ``default=True`` plays every game (the ``random`` bot). A new game's
bot file in ``cardtable/bots/`` registers itself on import; ``discover()`` imports every
module of the package (``pkgutil``), so no line of shared bot code names it.

Policies for the strong bot's search are registered the same way, under kinds no seat may
name (``INTERNAL_KINDS``), and read back with ``find_policy(kind, game)``:

    register_policy("prior", choose, game_classes=(KlassiekeRummy,))
    register_policy("playout", trick_playout, game_classes=(TrickGame,))
    register_policy("explain", trick_words, game_classes=(TrickGame,))

- ``simple`` / ``prior``: ``choose(obs, game, rng) -> Action`` (the simple bot's rules; the
  strong bot's prior, default the simple bot's);
- ``playout``: ``playout(world, rng) -> tuple[float, ...]``: play a sampled world (a
  State the search owns) in place to the end and return ``world.returns()``; a game
  without one is played out by its simple bot's rules (``bots/playouts.py``);
- ``explain``: ``explain(obs, action, iset) -> list[str]``: the words a hint says of the
  move itself ("wins the trick", "goes out"; ``iset`` may be None); default none.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable

from cardtable.engine.game import Game


@dataclass(frozen=True)
class BotEntry:
    """One registration: ``kind`` (``random``, ``simple``, ...), ``factory(game, seed) ->
    Bot``, the game ids and Game classes it plays (or ``default``: every game), and the
    module that registered it (for messages and tests)."""

    kind: str
    factory: Callable[..., Any]
    games: tuple[str, ...] = ()
    game_classes: tuple[type, ...] = ()
    default: bool = False
    module: str = ""

    def rank(self, game: Game) -> int | None:
        """How closely this entry fits ``game`` (lower is closer), None if it does not:
        0 for its id, 1 + the MRO position of the nearest listed class, a large number
        for a default entry."""
        if game.id in self.games:
            return 0
        mro = type(game).__mro__
        best = None
        for cls in self.game_classes:
            if isinstance(game, cls):
                pos = 1 + mro.index(cls)
                best = pos if best is None else min(best, pos)
        if best is not None:
            return best
        return 10_000 if self.default else None


_ENTRIES: list[BotEntry] = []
_DISCOVERED = False


def register_bot(
    kind: str,
    factory: Callable[..., Any],
    *,
    games: tuple[str, ...] = (),
    game_classes: tuple[type, ...] = (),
    default: bool = False,
    module: str | None = None,
) -> BotEntry:
    """Register ``factory(game, seed) -> Bot`` as the ``kind`` bot of ``games`` (ids)
    and/or ``game_classes`` (or of every game with ``default``); ``module`` names the
    registering module (default: the factory's). Returns the entry; registering an equal
    entry again (a module imported twice) is a no-op."""
    entry = BotEntry(
        kind, factory, tuple(games), tuple(game_classes), default, module or getattr(factory, "__module__", "")
    )
    for e in _ENTRIES:
        if e == entry:
            return e
    _ENTRIES.append(entry)
    return entry


def register_policy(
    kind: str, choose: Callable[..., Any], *, games: tuple[str, ...] = (), game_classes: tuple[type, ...] = ()
) -> BotEntry:
    """Register a rule-of-thumb function ``choose(obs, game, rng) -> Action`` as the
    ``kind`` bot of ``games`` / ``game_classes`` (each bot is a ``PolicyBot`` around it),
    or a search policy of an internal kind (``playout``, ``explain``: the module docstring
    gives their signatures; ``find_policy`` reads them back)."""
    return register_bot(
        kind, _PolicyFactory(kind, choose), games=games, game_classes=game_classes, module=choose.__module__
    )


class _PolicyFactory:
    """``(game, seed) -> PolicyBot`` for one rule-of-thumb function (comparable, so that a
    module imported twice registers once)."""

    def __init__(self, kind: str, choose: Callable[..., Any]):
        self.kind = kind
        self.policy = choose

    def __call__(self, game: Game, seed: int | None = None):
        from cardtable.bots import PolicyBot

        return PolicyBot(game, seed, self.policy, self.kind)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _PolicyFactory) and (self.kind, self.policy) == (other.kind, other.policy)

    def __hash__(self) -> int:
        return hash((self.kind, self.policy))


def discover() -> None:
    """Import every module of the ``cardtable.bots`` package once (each registers its
    bots on import)."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    import cardtable.bots as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"{pkg.__name__}.{info.name}")
    _DISCOVERED = True


def find_bot(kind: str, game: Game) -> BotEntry | None:
    """The entry of ``kind`` that fits ``game`` most closely (``BotEntry.rank``), or None.
    Of two entries that fit equally, the one registered first wins."""
    discover()
    best = None
    best_rank = None
    for e in _ENTRIES:
        if e.kind != kind:
            continue
        r = e.rank(game)
        if r is not None and (best_rank is None or r < best_rank):
            best, best_rank = e, r
    return best


#: kinds registered for the bots' own use, never a seat's level (``bot:prior`` is not a
#: bot): ``prior`` is the rules of thumb a ``strong`` bot starts its search from
#: (``bots/strong.py``, ``prior_policy``), where a bot module gives one; ``playout`` how its
#: search plays a sampled world to the end; ``explain`` what its hint says of a move
INTERNAL_KINDS = frozenset({"prior", "playout", "explain"})

#: ``find_policy``'s answers by (kind, id of the Game object): (the Game, the function)
_FOUND: dict[tuple[str, int], tuple[Any, Any]] = {}


def find_policy(kind: str, game: Game) -> Callable[..., Any] | None:
    """The function a bot module registered with ``register_policy(kind, fn, ...)`` for
    ``game`` (the closest fit, ``find_bot``), or None when none fits. Cached per kind and
    Game object (the registry only grows by imports, which ``discover()`` has done)."""
    hit = _FOUND.get((kind, id(game)))
    if hit is None or hit[0] is not game:
        entry = find_bot(kind, game)
        hit = (game, getattr(entry.factory, "policy", None) if entry is not None else None)
        _FOUND[(kind, id(game))] = hit
    return hit[1]


def kinds() -> list[str]:
    """Every registered kind a seat may name, in the order first registered
    (``INTERNAL_KINDS`` left out)."""
    discover()
    out: list[str] = []
    for e in _ENTRIES:
        if e.kind in INTERNAL_KINDS:
            continue
        if e.kind not in out:
            out.append(e.kind)
    return out


def entries() -> list[BotEntry]:
    """All registrations (after ``discover()``), oldest first."""
    discover()
    return list(_ENTRIES)


__all__ = [
    "INTERNAL_KINDS",
    "BotEntry",
    "discover",
    "entries",
    "find_bot",
    "find_policy",
    "kinds",
    "register_bot",
    "register_policy",
]
