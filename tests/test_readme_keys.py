"""The README's keys section names the table's card letters (cards past the tenth) and the
keys that scroll a long table, as the code defines them."""

from __future__ import annotations

from pathlib import Path

from cardtable.tui.chooser import CARD_LETTERS
from cardtable.tui.table import TableScreen

README = Path(__file__).resolve().parent.parent / "README.md"


def keys_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## Keys", 1)[1].split("\n## ", 1)[0]


def test_readme_names_the_card_letters_after_0():
    keys = keys_section()
    line = next((ln for ln in keys.splitlines() if "past the tenth" in ln), "")
    assert " ".join(f"`{c}`" for c in CARD_LETTERS) in line, line
    assert "`0`" in line, line


def test_readme_names_the_keys_that_scroll_the_table():
    bound = {b.key for b in TableScreen.BINDINGS if b.action.startswith("scroll_center")}
    assert {"pageup", "pagedown"} <= bound
    line = next((ln for ln in keys_section().splitlines() if ln.startswith("| table") and "scroll" in ln), "")
    assert "`PgUp`" in line and "`PgDn`" in line, line


def test_readme_names_the_keys_of_the_hands_order_and_the_last_trick():
    """The sort key, the keys that move a card and the last trick's key, as bound."""
    shown = {
        "sort": "=",
        "move_card(-1)": "<",
        "move_card(1)": ">",
        "last_trick": "-",
    }
    names = {"equals_sign": "=", "less_than_sign": "<", "greater_than_sign": ">", "minus": "-"}
    bound = {b.action: names[b.key] for b in TableScreen.BINDINGS if b.key in names}
    assert bound == shown
    keys = keys_section()
    for key in shown.values():
        assert f"`{key}`" in keys, key
