"""The README's games table lists exactly the registered games, each with its players and
a link to its spec, and the spec is there (CONTRIBUTING.md, "Adding a game", step 9).
Generic over the registry: a new game fails here until its row is written."""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.engine.registry import game_ids

ROOT = Path(__file__).resolve().parent.parent


def game_rows() -> dict[str, str]:
    """The rows of the README's games table by game id."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The games", 1)[1].split("\n## ", 1)[0]
    return {m.group(1): line for line in section.splitlines() if (m := re.match(r"\| `([a-z0-9-]+)` \|", line))}


def test_the_games_table_lists_every_registered_game_and_no_other():
    rows = game_rows()
    assert sorted(rows) == sorted(game_ids())


def test_each_row_links_its_spec():
    for gid, line in game_rows().items():
        link = f"(cardtable/rules/{gid}.md)"
        assert link in line, f"README: the row of {gid} has no link {link}"
        assert (ROOT / "cardtable" / "rules" / f"{gid}.md").is_file(), gid
