"""One module per game; importing this package registers them all."""

import importlib

GAME_MODULES = ["kruisjassen", "klassieke_rummy", "manille_muette", "manille_parlee", "manille", "butifarra",
                "basis_rummy"]

for _m in GAME_MODULES:
    try:
        importlib.import_module(f"cardtable.games.{_m}")
    except ModuleNotFoundError as _e:  # a game still being written
        if _e.name != f"cardtable.games.{_m}":
            raise
