"""The engine contract (DESIGN.md, "The contract"): Game, State, Action, Observation,
Result, the registry, matches and game records."""

from cardtable.engine.actions import Action, ActionError
from cardtable.engine.game import (
    DealError,
    Game,
    IllegalAction,
    MeldView,
    Observation,
    Option,
    OptionError,
    Result,
    State,
)
from cardtable.engine.grammar import Compound, Grammar, GrammarError, parse_action
from cardtable.engine.match import Match
from cardtable.engine.registry import UnknownGame, game_class, game_ids, get_game, register
from cardtable.engine.standing import FrozenMap, Standing

__all__ = [
    "Action",
    "ActionError",
    "Compound",
    "DealError",
    "FrozenMap",
    "Game",
    "Grammar",
    "GrammarError",
    "IllegalAction",
    "Match",
    "MeldView",
    "Observation",
    "Option",
    "OptionError",
    "Result",
    "Standing",
    "State",
    "UnknownGame",
    "game_class",
    "game_ids",
    "get_game",
    "parse_action",
    "register",
]
