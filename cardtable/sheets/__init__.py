"""Score sheets as data with a text rendering (docs/grammar.md, "Score sheets").

A sheet is the running state of a match: what has been written after each hand, who deals
next, what is carried, and whether the match is over. Games make their sheet
(``Game.new_sheet()``) and read it when dealing the next hand; the TUI draws it.

Layering: sheets sit below games (games import sheets to keep the match score; sheets
never import games, bots or the TUI).
"""

from cardtable.sheets.base import Sheet, tally

__all__ = ["Sheet", "tally"]
