"""The README's keys section names the table's card letters (cards past the tenth) and the
keys that scroll a long table, as the code defines them, and every key a game puts on the
table (its verbs' keys, found in its observations over the registry: no game is named)."""

from __future__ import annotations

from pathlib import Path

import pytest

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


# ---- the games' own keys ------------------------------------------------------------------

#: matches of each game played to find the keys of its verbs (at least; more until every
#: verb and every literal word of its grammar has been on offer, at most ``MAX_MATCHES``)
MIN_MATCHES, MAX_MATCHES = 2, 30


def declared_keys(gid: str) -> dict[str, set[str]]:
    """{key: labels} of every verb (and menu item) the game ``gid`` puts on the table: the
    verb specs of its observations (``Observation.verbs``, their ``MenuItem`` keys too) at
    every decision of a few short matches at its fewest and most seats (its simple bot and
    random moves, the walks' small options every other match), the decisions between hands
    included, and at its ``grammar_positions()``; played until every verb and every literal
    argument of its grammar (``bid tout``, ``buy back``) has been on offer, or
    ``MAX_MATCHES`` (a form rarer than that is not looked for: a game brings a position that
    offers it in ``grammar_positions()``). ``⏎`` and the keys the table picks (``""``)
    aside."""
    import random

    from cardtable.bots import get_bot
    from cardtable.engine import Match, game_class, get_game
    from tests.walks import draw_options

    cls = game_class(gid)
    forms = cls.grammar.form_texts()
    want = {(v, None) for v in forms} | {
        (v, f) for v, fs in forms.items() for f in fs if f and not any(c in f for c in "<[")
    }
    seen: set = set()
    keys: dict[str, set[str]] = {}

    def menu_keys(items):
        for m in items:
            yield m.key, m.label
            yield from menu_keys(m.children)

    def look(st):
        obs = st.observation(st.to_act)
        for s in obs.verbs:
            for key, label in [(s.key, s.label), *menu_keys(s.menu)]:
                if key and key != "enter":
                    keys.setdefault(key, set()).add(label)
        for a in obs.legal:
            seen.update({(a.verb, None), (a.verb, a.arg)})
        return obs

    for st in get_game(gid).grammar_positions():
        look(st)
    counts = sorted({cls.min_players, cls.max_players})
    i = 0
    while i < MAX_MATCHES and (i < MIN_MATCHES or not want <= seen):
        n = counts[i % len(counts)]
        rng = random.Random(f"readme-keys/{gid}/{i}")
        game = get_game(gid, n, **(draw_options(gid, rng) if i % 2 else {}))
        match = Match(game, seed=i)
        bots = [get_bot("simple", game, seed=s) for s in range(n)]
        for _ in range(5000):
            if match.state is None or match.state.over:
                if match.over or len(match.hands) >= 3:
                    break
                match.start_next()
                continue
            obs = look(match.state)
            simple = (i // 2) % 2 == 0
            match.apply(bots[obs.seat].choose(obs) if simple else rng.choice(list(obs.legal)), check=False)
        i += 1
    return keys


def key_rows() -> list[tuple[str, str]]:
    """The README's key table: (where, keys) per row."""
    rows = []
    for ln in keys_section().splitlines():
        cells = [c.strip() for c in ln.strip().strip("|").split("|")]
        if ln.startswith("| ") and len(cells) >= 2 and cells[0] not in ("where", "---"):
            rows.append((cells[0], " | ".join(cells[1:])))
    return rows


def rows_for(gid: str, rows: list[tuple[str, str]]) -> list[str]:
    """The README rows that speak of the game ``gid``: those whose first cell names the game
    (its name, one of a list: ``Kruisjassen, Grevjas``; a bracket after it aside: ``Manille
    (2-7)``) or its family (``rummy``), the rows of all games, and the trick games' row for a
    game with a trick on the table."""
    import re

    from cardtable.engine import game_class, get_game
    from cardtable.engine.views import TRICK

    cls = game_class(gid)
    st = get_game(gid).new_hand(seed=1)
    trick = any(z.kind == TRICK for z in st.observation(st.to_act or 0).zones)
    out = []
    for where, keys in rows:
        items = [x.strip().lower() for x in where.split(",")]
        named = {cls.name.lower(), cls.family.lower()}
        if (
            any(x in named or re.sub(r"\s*\([^)]*\)$", "", x) in named for x in items)
            or "all games" in items
            or (trick and "trick games" in items)
        ):
            out.append(keys)
    return out


def _games():
    from cardtable.engine import game_ids

    return sorted(game_ids())


@pytest.mark.parametrize("gid", _games())
def test_the_readme_names_every_key_a_game_declares(gid):
    """Every key the game puts on the table (its verbs' keys and their menus', as its
    observations declare them: ``declared_keys``) is written, in backquotes and in its case,
    in a row of the README's key table that speaks of the game (``rows_for``): a new game,
    or a new verb of one, brings its row or its key there. No game is named here."""
    rows = rows_for(gid, key_rows())
    missing = {k: sorted(labels) for k, labels in declared_keys(gid).items() if not any(f"`{k}`" in r for r in rows)}
    assert not missing, f"{gid}: keys not in the README's key table: {missing}"
