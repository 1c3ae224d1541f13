"""docs/grammar.md, "The verbs of the current games", says what the games declare: every
verb and form of every registered game's grammar is in its table, and each row names
exactly the games that declare its verb. Generic over the registry: a new game's author
adds its id to the rows of its verbs (CONTRIBUTING.md), and this test says which."""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.engine.registry import game_class, game_ids

DOC = Path(__file__).resolve().parent.parent / "docs" / "grammar.md"


def verb_rows() -> list[tuple[list[str], list[str], str]]:
    """The table's rows: (verbs, argument forms, the games cell)."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### The verbs of the current games", 1)[1].split("\n#", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        verbs = re.findall(r"`([a-z-]+)`", cells[0])
        forms = [""] if cells[1] == "–" else [f.strip().strip("`").replace("\\|", "|") for f in cells[1].split(" · ")]
        rows.append((verbs, forms, cells[3]))
    return rows


def games_in(cell: str) -> set[str]:
    return {g for g in game_ids() if re.search(rf"(?<![\w-]){re.escape(g)}(?![\w-])", cell)}


def declared() -> dict[str, dict[str, tuple[str, ...]]]:
    """Per game, its verbs and their forms (``Grammar.form_texts``)."""
    return {g: game_class(g).grammar.form_texts() for g in sorted(game_ids())}


def test_every_declared_form_is_in_the_table():
    rows = verb_rows()
    assert rows, "docs/grammar.md has no verb table"
    missing = []
    for gid, verbs in declared().items():
        for verb, forms in verbs.items():
            documented = [f for vs, fs, _g in rows if verb in vs for f in fs]
            if not documented:
                missing.append(f"{gid}: the verb {verb!r}")
                continue
            if verb == "open":  # a compound: its parts are written in the one row
                continue
            for form in forms:
                if form not in documented:
                    missing.append(f"{gid}: {verb} {form!r} (the table has {documented})")
    assert not missing, "docs/grammar.md lacks: " + "; ".join(missing)


def test_each_row_names_exactly_the_games_of_its_verb():
    wrong = []
    for verbs, forms, cell in verb_rows():
        named = games_in(cell)
        for verb in verbs:
            # the games that declare this verb with one of the row's forms (or any, for open)
            using = {g for g, vs in declared().items() if verb in vs and (verb == "open" or set(vs[verb]) & set(forms))}
            if named != using:
                wrong.append(f"{verb} {' · '.join(forms) or '–'}: names {sorted(named)}, declared by {sorted(using)}")
    assert not wrong, "docs/grammar.md: " + "; ".join(wrong)
