"""Every registered game has a players' guide (``cardtable/guides/<game-id>.md``, issue 8
item 7) that names each of its options and holds none of the words of the program's
insides. Generic over the registry: a new game needs no line here."""

from __future__ import annotations

import io
import re

import pytest

from cardtable.engine.registry import game_class, game_ids
from cardtable.guides import guide_text

#: words a player's text never holds: the program's insides, where a rule came from,
#: section numbers of the specification
ENGINE_WORDS = [
    "legal_actions",
    "the engine",
    "engine",
    "State",
    "Observation",
    "observation",
    "information set",
    "to_act",
    "seed",
    "spec",
    "§",
    ".txt",
    "record",
    "json",
    "parse",
    "enum",
    "True",
    "False",
    "None",
    "bot_kinds",
]

GAMES = sorted(game_ids())


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_a_guide(gid):
    text = guide_text(gid)
    assert text, f"cardtable/guides/{gid}.md is missing"
    cls = game_class(gid)
    assert text.lstrip().startswith("# "), "a guide starts with its title"
    assert cls.name.split()[0].lower() in text.splitlines()[0].lower()
    lines = text.splitlines()
    assert 25 <= len(lines) <= 120, f"{len(lines)} lines: a guide is about one page"


@pytest.mark.parametrize("gid", GAMES)
def test_the_guide_names_every_option(gid):
    text = guide_text(gid) or ""
    for opt in game_class(gid).option_specs:
        assert re.search(rf"(?<![\w-]){re.escape(opt.name)}(?![\w-])", text), (
            f"{gid}: the guide does not name the option {opt.name}"
        )
        for choice in opt.choices:
            assert choice in text, f"{gid}: the guide does not name {choice!r} of {opt.name}"


@pytest.mark.parametrize("gid", GAMES)
def test_the_guide_holds_no_engine_words(gid):
    text = guide_text(gid) or ""
    for word in ENGINE_WORDS:
        pattern = re.escape(word) if not word[0].isalnum() else rf"\b{re.escape(word)}\b"
        flags = 0 if word[0].isupper() else re.IGNORECASE
        hit = re.search(pattern, text, flags)
        assert hit is None, f"{gid}: the guide holds {word!r}: ...{text[max(0, hit.start() - 40) : hit.end() + 40]}..."


def _spec_option_names(gid: str) -> list[str]:
    """The option names of the spec's §9 table (the first column, in backquotes)."""
    from cardtable.guides import spec_text

    text = spec_text(gid) or ""
    m = re.search(r"^## 9\..*?$(.*?)(?=^## )", text, re.M | re.S)
    assert m, f"{gid}: the spec has no §9"
    return re.findall(r"^\|\s*`([a-z0-9_]+)`\s*\|", m.group(1), re.M)


@pytest.mark.parametrize("gid", GAMES)
def test_the_options_are_named_as_in_the_spec(gid):
    """A record written from a spec's §9 names its options so (issue 19: Loba's
    ``max_buybacks``); an older name may be kept as an alias."""
    assert _spec_option_names(gid) == [o.name for o in game_class(gid).option_specs]


def _option_values(text: str, name: str) -> str | None:
    """The values cell (the second column) of the table row naming the option ``name``."""
    m = re.search(rf"^\|\s*`{re.escape(name)}`\s*\|([^|]*)\|", text, re.M)
    return m.group(1).strip() if m else None


@pytest.mark.parametrize("gid", GAMES)
def test_each_option_with_a_maximum_states_it(gid):
    """An option with a maximum (``Option.maximum``: a new match is refused above it) states
    it, with its minimum, among the values of its row in the guide's option table and in the
    spec's §9 (issue 21), so that a player learns the bound before being refused by it."""
    from cardtable.guides import spec_text

    spec = re.search(r"^## 9\..*?$(.*?)(?=^## )", spec_text(gid) or "", re.M | re.S)
    assert spec, f"{gid}: the spec has no §9"
    for opt in game_class(gid).option_specs:
        if opt.maximum is None:
            continue
        for where, text in (("guide", guide_text(gid) or ""), ("spec §9", spec.group(1))):
            values = _option_values(text, opt.name)
            assert values is not None, f"{gid}: the {where} has no row for {opt.name}"
            for bound in (opt.minimum, opt.maximum):
                if bound is not None:
                    assert re.search(rf"(?<![\d.]){bound}(?![\d.])", values), (
                        f"{gid}: the {where}'s row of {opt.name} does not state {bound}: {values!r}"
                    )


@pytest.mark.parametrize("gid", GAMES)
def test_the_guide_shows_every_option_name_whole_at_80_columns(gid):
    """``cardtable rules`` and the rules screen draw the guide with ``guides.markdown``: an
    option's name is never cut with … in the table of options (Rich cut
    ``discard_take_must_use`` to ``discard_take_must_u…`` at 80 columns)."""
    from rich.console import Console

    from cardtable.guides import markdown

    console = Console(width=78, record=True, file=io.StringIO())  # the rules screen at 80
    console.print(markdown(guide_text(gid) or ""))
    text = console.export_text()
    for opt in game_class(gid).option_specs:
        assert re.search(rf"(?<![\w-]){re.escape(opt.name)}(?![\w…-])", text), f"{gid}: {opt.name} is cut"
