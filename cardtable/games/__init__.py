"""One module per game; importing this package registers them all.

Every module of this package is a game and is imported (``pkgutil``), so a new game adds
no line here. ``FIRST`` only fixes the order of the first games in ``cardtable list`` and
the menu; the others follow in the order of their module names.
"""

import importlib
import pkgutil

FIRST = ["kruisjassen", "klassieke_rummy", "manille_muette", "manille_parlee", "manille", "butifarra"]

GAME_MODULES = FIRST + sorted(
    m.name for m in pkgutil.iter_modules(__path__) if m.name not in FIRST and not m.name.startswith("_")
)

for _m in GAME_MODULES:
    importlib.import_module(f"cardtable.games.{_m}")
