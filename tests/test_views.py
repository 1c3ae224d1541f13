"""The views every game declares (engine/views.py, docs/contract.md): zones, verb specs,
structured log events, hand summaries and sheet views, for every registered game.

The positions of the shared random walk (tests/walks.py: random matches of every game at
every player count, the same on every run; a few positions a hand); at each, for every seat:
- the zones show exactly the cards the seat may see: their known cards never include one of
  ``state.hidden_from(seat)``, and together (mirrors aside) they are the deck less those;
- the zones' counts (mirrors aside) add up to the deck, and a face-up zone lists every card;
- the seat's own hand zone is ``obs.hand``, and the cards it may pick are those of its legal
  card actions;
- every legal action has a verb spec in ``obs.verbs``, and every spec there serves one;
- the log is the text of the events, one per event.
Every finished hand of the walk has a Summary; every sheet's view agrees with its ``table()`` and
``render()``. The observation cost does not grow with the log: counted in ``render`` calls,
never timed.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import cardtable.games  # noqa: F401 - registers the games
from cardtable.cards import card_text, parse_card, plain
from cardtable.engine import game_class, game_ids, get_game
from cardtable.engine import views as V
from cardtable.engine.actions import Action
from cardtable.engine.views import (
    LogEvent,
    MenuItem,
    SheetView,
    Summary,
    VerbSpec,
    Zone,
    log_view,
    render,
    spec_for,
    specs_for,
)
from tests import walks


def _configs():
    out = []
    for gid in game_ids():
        cls = game_class(gid)
        for n in sorted({cls.min_players, cls.max_players}):
            out.append((gid, n))
    return out


CONFIGS = _configs()
#: every (game, player count), each test marked to run where the game's walk is played
WALKS = [pytest.param(g, n, marks=walks.group(g)) for g, n in walks.every_case()]


def _playout(game, seed: int, every: int = 1):
    """(state, seats to look at) along one random hand, and the final state."""
    rng = random.Random(seed)
    st = game.new_hand(seed=seed)
    step = 0
    while True:
        seats = range(game.players) if step % every == 0 or st.over else ([st.to_act] if st.to_act is not None else [])
        yield st, seats
        if st.over:
            return
        st = st.apply(rng.choice(st.legal_actions()), check=False)
        step += 1


def check_zones(game, st, seat: int) -> None:
    obs = st.observation(seat)
    hidden = Counter(st.hidden_from(seat))
    deck = Counter(st.deck())  # this hand's deck (seats out take theirs away)
    zones = obs.zones
    assert zones, "no zones"
    names = [z.name for z in zones]
    assert len(set(names)) == len(names), f"zone names repeat: {names}"
    known: Counter = Counter()
    total = 0
    for z in zones:
        assert isinstance(z, Zone)
        assert z.kind in V.ZONE_KINDS, z.kind
        assert z.face in (V.UP, V.DOWN, V.COUNT), z.face
        assert len(z.cards) <= z.count, f"{z.name}: more cards listed than it holds"
        if z.face == V.UP:
            assert len(z.cards) == z.count, f"{z.name}: face up but not every card listed"
        # a mirror repeats cards that lie elsewhere, a card in two of its melds twice (roem:
        # a queen in a sequence and in a carré): its cards count as a set; a card that names
        # its pack copy (``QS#1``, the bezique family) counts as its code
        cards = [plain(c) for c in z.cards]
        shown = Counter(set(cards)) if z.mirror else Counter(cards)
        assert not (shown - (deck - hidden)), f"{z.name} shows a hidden card to seat {seat}"
        assert set(z.selectable) <= set(z.cards)
        if z.seats:
            assert len(z.seats) == len(z.cards)
        if not z.mirror:
            known.update(cards)
            total += z.count
    assert total == sum(deck.values()), f"zone counts add up to {total}, not the deck's {sum(deck.values())}"
    assert known + hidden == deck, "the zones do not show exactly the cards the seat may see"
    for z in zones:
        if z.mirror:
            assert {plain(c) for c in z.cards} <= set(known), f"mirror {z.name} shows a card no zone holds"
    own = [z for z in zones if z.kind == V.HAND and z.owner == seat]
    assert len(own) == 1 and own[0].cards == obs.hand and own[0].face == V.UP
    for z in zones:
        if z.kind == V.HAND and z.owner != seat:
            assert z.count == obs.hand_sizes[z.owner]
    # the cards the seat may pick: those of its legal one-card actions (card-shaped verbs)
    picks = {
        a.cards[0]
        for a in obs.legal
        if len(a.cards) == 1 and (spec_for(a, obs.verbs) or VerbSpec("", "")).shape == V.CARD
    }
    assert picks <= set(own[0].selectable)


def check_verbs(obs) -> None:
    for a in obs.legal:
        spec = spec_for(a, obs.verbs)
        assert spec is not None, f"no verb spec for {a.text()}"
        assert spec.shape in V.SHAPES
        if spec.shape == V.MENU:
            assert spec.menu, f"{spec.verb}: a menu with no items"
            words = [a.verb] + (a.arg or "").split()
            level = spec.menu
            for w in words[1:]:  # the action's words follow the menu down
                item = next((m for m in level if m.word == w), None)
                assert item is not None, f"{a.text()}: {w!r} is not on the menu"
                level = item.children
            if a.cards:
                assert item.pick == "card"
    for s in obs.verbs:
        assert any(spec_for(a, obs.verbs) is s for a in obs.legal), f"spec {s.verb} {s.arg} serves no action"
    if not obs.legal:
        assert obs.verbs == ()


@pytest.mark.parametrize("gid,n", WALKS)
def test_zones_verbs_and_events(gid, n):
    w = walks.walk(gid, n)
    assert w.positions and w.finals
    for st in w.positions + w.finals:
        for seat in range(n):
            check_zones(st.game, st, seat)
            obs = st.observation(seat)
            check_verbs(obs)
            assert tuple(e.text for e in obs.events) == obs.log
            assert all(isinstance(e, LogEvent) for e in obs.events)
    for st in w.finals:
        res = st.result()
        assert isinstance(res.summary, Summary), f"{gid}: a finished hand without a summary"
        lines = res.summary.lines([f"P{s}" for s in range(n)], you=0)
        assert lines and all(isinstance(x, str) and x for x in lines[:1])
        assert "{" not in " ".join(lines), f"an unrendered placeholder: {lines}"


@pytest.mark.parametrize("gid,n", WALKS)
def test_every_spec_has_a_label_and_a_menu_has_its_words(gid, n):
    """Every legal action's spec has a label, and a menu's spec a first level (the table
    draws them: tui/chooser.py)."""
    for st in walks.walk(gid, n).positions:
        obs = st.observation(st.to_act)
        for a in obs.legal:
            spec = spec_for(a, obs.verbs)
            assert spec is not None and spec.label, a.text()
            if spec.shape == V.MENU:
                assert spec.menu, a.text()


def test_every_sheet_view_agrees_with_its_table_and_drawing():
    for gid, n in CONFIGS:
        game = get_game(gid, players=n)
        sheet = game.new_sheet()
        rng = random.Random(5)
        for hand in range(40):
            _check_sheet(gid, sheet, n)
            if sheet.over:
                break
            st = game.new_hand(seed=hand, sheet=sheet)
            while not st.over:
                st = st.apply(rng.choice(st.legal_actions()), check=False)
            sheet.record(st.result())
            _decide_between(game, sheet, rng)
        _check_sheet(gid, sheet, n)


def _decide_between(game, sheet, rng) -> None:
    """A decision between hands the game asks for now (a buy-back), played at random and written."""
    between = None if sheet.over else game.between_hands(sheet.standing())
    if between is not None:
        while not between.over:
            between = between.apply(rng.choice(between.legal_actions()), check=False)
        sheet.record_between(between.result())


def _check_sheet(gid, sheet, n):
    v = sheet.view()
    assert isinstance(v, SheetView)
    lines = sheet.render().splitlines()
    if v.is_table:
        head, rows = sheet.table()
        assert list(v.columns) == list(head), gid
        got = [list(r) for r in v.rows] + ([list(v.total)] if v.total is not None else [])
        assert got == [[sheet.cell_words(str(c), i) for i, c in enumerate(r)] for r in rows], gid
        assert all(len(r) == len(v.columns) for r in got)
        assert 0 < v.score_columns < len(v.columns)
        for row, col, word in v.marks:
            assert -1 <= row < len(v.rows) and (row >= 0 or v.total is not None)
            assert 0 <= col < len(v.columns) and word
    elif sheet.kind == "boom":  # short enough for a screen: the same foot, then the log of hands
        from cardtable.sheets.boom import compact_boom_lines

        assert list(v.lines) == compact_boom_lines(sheet.points, sheet.target) + sheet.log_lines()
        assert list(v.lines).index(lines[-3]) < 15 and lines[-3:] == compact_boom_lines(sheet.points, sheet.target)[-3:]
    else:
        assert list(v.lines) == lines
    for ln in v.lines if sheet.kind != "boom" else ():
        assert ln in lines, f"{gid}: {ln!r} is not in the drawing"
    if sheet.over:
        assert any(w == V.WINNER for _r, _c, w in v.marks), f"{gid}: the winner is not marked"
    # with names: the ledger and the totals put them in the headers
    names = [f"P{s}" for s in range(n)]
    vn = sheet.view(names=names)
    if "names" in sheet.table.__code__.co_varnames:
        if vn.columns:
            assert all(x in vn.columns for x in names)
        else:  # a free drawing (its lines only): the names are in its lines
            assert all(any(x in ln for ln in vn.lines) for x in names), (gid, vn.lines)


def test_default_view_of_a_plain_sheet():
    """A sheet with only table() and render() (the base class's view): the last row is the
    totals row when it is not a hand, and the drawing's non-table lines go under it."""
    from cardtable.sheets.base import Sheet, grid

    class Plain(Sheet):
        def table(self):
            return ["Hand", "A", "B"], [["1", "3", "0"], ["total", "3", "0"]]

        def render(self):
            head, rows = self.table()
            return "\n".join(grid(head, rows) + ["target: 10"])

    v = Plain(2).view()
    assert v.columns == ("Hand", "A", "B") and v.rows == (("1", "3", "0"),) and v.total == ("total", "3", "0")
    assert v.lines == ("target: 10",)


# ---- LogEvent and render ------------------------------------------------------------------

NAMES = ["Anna", "Bram", "Cor", "You"]
#: "you" before a verb in the third person: a template that forgot ``{0:plays|play}``
THIRD_PERSON_YOU = re.compile(
    r"\b[Yy]ou (plays|passes|wins|declares|asks|tells|says|takes|names|keeps|"
    r"exchanges|draws|melds|lays|discards|goes|scores|lets|claims|leads|makes|fails|"
    r"deals|is|has)\b"
)
JH = parse_card("JH")


def test_render_names_you_forms_and_cards():
    e = LogEvent("play", "{0} {0:plays|play} {c0}", (1,), (JH,))
    assert e.text == "seat 1 plays JH"
    assert render(e, NAMES) == "Bram plays JH"
    assert render(e, NAMES, you=1) == "You play JH"
    assert render(e, NAMES, card=lambda c: card_text(c)[0] + "\u2665") == "Bram plays J\u2665"
    ask = LogEvent("ask", "{0} {0:asks|ask} {1}: do you have {c0}? \u2014 no", (0, 1), (JH,))
    assert render(ask, NAMES) == "Anna asks Bram: do you have JH? \u2014 no"
    assert render(ask, NAMES, you=0) == "You ask Bram: do you have JH? \u2014 no"
    assert render(ask, NAMES, you=1) == "Anna asks you: do you have JH? \u2014 no"


def test_render_forms():
    cap = LogEvent("draw", "{^0} {0:draws|draw} from the stock.", (2,))
    assert cap.text == "Seat 2 draws from the stock."
    assert render(cap, NAMES, you=2) == "You draw from the stock."
    assert render(cap, ["anna", "bram", "cor"]) == "Cor draws from the stock."
    poss = LogEvent("x", "{0} {0:keeps his|keep your} hand, {1's} turn. {1} {1:leads|lead}", (0, 1))
    assert render(poss, NAMES, you=0) == "You keep your hand, Bram's turn. Bram leads"
    assert render(poss, NAMES, you=1) == "Anna keeps his hand, your turn. You lead"
    mid = LogEvent("x", "play starts: \u00d72, {0} {0:leads|lead}", (1,))
    assert render(mid, NAMES, you=1) == "play starts: \u00d72, you lead"
    lit = LogEvent("x", "braces {{0}} and {v0}, {v1}; all: {c*}", (), (JH, parse_card("9S")), (3, "yes"))
    assert lit.text == "braces {0} and 3, yes; all: JH 9S"
    with pytest.raises(IndexError):
        render(LogEvent("x", "{1} plays", (0,)))


def test_a_missing_name_falls_back_to_the_seat():
    e = LogEvent("pass", "{0} {0:passes|pass}", (2,))
    assert render(e, {0: "Anna"}) == "seat 2 passes"
    assert render(e, ["Anna"]) == "seat 2 passes"


@pytest.mark.parametrize("gid,n", WALKS)
def test_the_log_is_the_text_of_each_games_events(gid, n):
    """The structured events name the seats and cards of today's log lines: rendered with
    the rules' names they give the log exactly (checked in test_zones_verbs_and_events), with
    other names no ``seat N`` is left, and a seat called "you" gets the verb's second person
    (the walk's finished hands, tests/walks.py)."""
    names = [f"Player{s}" for s in range(n)]
    for st in walks.walk(gid, n).finals[:10]:
        for e in st.observation(0).events:
            text = render(e, names)
            assert "seat " not in text.lower(), (gid, e.template, text)
            for you in e.seats:
                said = render(e, names, you=you)
                assert f"Player{you}" not in said and not THIRD_PERSON_YOU.search(said), (gid, said)


#: a key named in a verb's hint: one letter at the start, after a separator (``·`` ``,`` ``;``
#: ``/`` ``(``) or after "or", followed by a space, a colon, a bracket or the end (``p passes``,
#: ``select them, e exchanges``, ``double (d)``); ``choose a card`` names no key
HINT_KEY = re.compile(r"(?:^|[\u00b7,;/(]\s*|\bor\s+)([A-Za-z])(?=[\s:)]|$)")
#: the width of the table's prompt line at 80 columns (the message line's padding aside)
PROMPT_WIDTH = 78
#: words that give a player a sex: the table says the player's name, "you" or nothing
PRONOUNS = re.compile(r"\b(he|she|his|her|him|himself|herself)\b", re.IGNORECASE)


@pytest.mark.parametrize("gid,n", WALKS)
def test_the_prompt_names_only_keys_on_offer_and_no_pronoun(gid, n):
    """What the table's prompt says (issue 22, point 4): each verb's hint fits the prompt line
    at 80 columns on its own (the table joins the hints on offer, and leaves whole ones out
    where they do not all fit), and names no key but those of the verbs on offer at that
    position (a doubling round without a redouble on offer does not say ``r``); no hint,
    label, log line or hand summary says his or her (names, "you", or neither)."""
    from rich.cells import cell_len

    w = walks.walk(gid, n)
    names = [f"P{s}" for s in range(n)]
    for st in w.positions:
        obs = st.observation(st.to_act)
        keys = {s.key for s in obs.verbs}
        for s in obs.verbs:
            assert cell_len(s.hint) <= PROMPT_WIDTH, (gid, s.verb, s.hint)
            named = set(HINT_KEY.findall(s.hint))
            assert named <= keys, (gid, obs.phase, s.hint, sorted(named - keys), sorted(keys))
            for words in (s.hint, s.label):
                assert not PRONOUNS.search(words), (gid, words)
    for st in w.finals[:10]:
        said = [render(e, names) for e in st.observation(0).events]
        said += st.result().summary.lines(names, you=None)
        said += st.result().summary.lines(names, you=0)
        for line in said:
            assert not PRONOUNS.search(line), (gid, line)


# ---- the observation cost does not grow with the log ----------------------------------------


@pytest.mark.parametrize("gid,n", CONFIGS)
def test_each_event_is_rendered_once_along_a_hand(gid, n):
    """Observed after every action (as the table does), a hand renders each log event once:
    the render calls over the whole hand equal the number of events, so an observation late
    in the hand renders no more than one early on (only the events just added)."""
    game = get_game(gid, players=n)
    for seed in range(2):
        before = V.RENDER_CALLS[0]
        per_obs = []
        for st, _seats in _playout(game, seed, every=10**9):
            c0 = V.RENDER_CALLS[0]
            for s in range(n):
                st.observation(s)
            per_obs.append(V.RENDER_CALLS[0] - c0)
        events = st.observation(0).events
        assert V.RENDER_CALLS[0] - before == len(events)
        assert max(per_obs) <= 8, f"{gid}: {max(per_obs)} events rendered for one action"


def test_log_view_reuses_the_cache_and_rebuilds_off_the_line():
    def make(raw):
        return LogEvent("n", f"event {raw}")

    node = None
    for i in range(3):
        node = (node, i)
    c = log_view(None, node, make)
    assert c.texts == ("event 0", "event 1", "event 2")
    assert log_view(c, node, make) is c
    longer = (node, 3)
    calls = V.RENDER_CALLS[0]
    c2 = log_view(c, longer, make)
    assert c2.texts[-1] == "event 3" and c2.events[:3] == c.events
    assert V.RENDER_CALLS[0] - calls == 1
    other = ((None, "a"), "b")  # not an extension of the cache
    assert log_view(c2, other, make).texts == ("event a", "event b")


def test_clones_share_the_rendered_log_but_not_its_growth():
    game = get_game("kruisjassen", roem_mode="auto")
    st = game.new_hand(seed=4)
    log0 = st.observation(0).log
    a, b = st.legal_actions()[:2]
    x, y = st.apply(a), st.apply(b)
    assert x.observation(0).log[:-1] == log0 == y.observation(0).log[:-1]
    assert x.observation(0).log[-1] != y.observation(0).log[-1]
    assert st.observation(0).log == log0


# ---- the verb specs' own shapes ---------------------------------------------------------------


def test_specs_for_picks_the_specific_spec_first():
    loose = VerbSpec("declare", "Roem")
    stuk = VerbSpec("declare", "Stuk", "k", arg="stuk")
    table = (loose, stuk, VerbSpec("pass", "Pass", "p"))
    assert spec_for(Action("declare", "stuk"), table) is stuk
    assert spec_for(Action("declare", "seq3"), table) is loose
    assert spec_for(Action("claim"), table) is None
    assert specs_for([Action("declare", "stuk"), Action("pass")], table) == (stuk, table[2])


def test_parlee_menu_covers_every_talk_action():
    from cardtable.games.manille_parlee import ASK_SPEC, TALK_FIXED, TELL_SPEC

    for a in TALK_FIXED:
        spec = ASK_SPEC if a.verb == "ask" else TELL_SPEC
        topic, suit = a.arg.split()
        item = next(m for m in spec.menu if m.word == topic)
        assert any(c.word == suit for c in item.children)
    assert all(isinstance(m, MenuItem) for m in ASK_SPEC.menu)
    assert next(m for m in TELL_SPEC.menu if m.word == "has").pick == "card"


def test_observation_json_holds_zones_and_verbs_not_events():
    st = get_game("klassieke-rummy", players=3).new_hand(seed=2)
    j = st.observation(st.to_act).to_json()
    assert [z["kind"] for z in j["zones"]][:3] == ["hand"] * 3
    assert {v["verb"] for v in j["verbs"]} == {"draw"}
    assert "events" not in j


def _lines_under_the_table_today(sheet) -> list[str]:
    """The drawing's lines that today's sheet panel shows under the table
    (tui/widgets.py ``sheet_renderable``: not a table row, not a side's tally whose label is
    a column header; nothing for an empty sheet but a carry)."""
    if sheet.kind == "boom":  # the boom made short for a screen, the log of hands under it
        from cardtable.sheets.boom import compact_boom_lines

        return compact_boom_lines(sheet.points, sheet.target) + sheet.log_lines()
    if not sheet.view().is_table:  # another free drawing: the panel shows all of it
        return sheet.render().splitlines()
    headers, rows = sheet.table()
    drawing = sheet.render()
    heads = {str(h).strip().lower() for h in headers} if rows else set()
    extra = [
        ln
        for ln in drawing.splitlines()
        if ln.strip() and not ln.lstrip().startswith("|") and ln.split(":")[0].strip().lower() not in heads
    ]
    if not rows and not any("|" in ln or "carry" in ln for ln in extra):
        extra = []
    return extra


@pytest.mark.parametrize("gid,n", CONFIGS)
def test_sheet_view_lines_are_what_the_sheet_panel_shows_today(gid, n):
    game = get_game(gid, players=n)
    sheet = game.new_sheet()
    rng = random.Random(1)
    for hand in range(60):
        assert list(sheet.view().lines) == _lines_under_the_table_today(sheet), (gid, hand)
        if sheet.over:
            break
        st = game.new_hand(seed=hand, sheet=sheet)
        while not st.over:
            st = st.apply(rng.choice(st.legal_actions()), check=False)
        sheet.record(st.result())
        _decide_between(game, sheet, rng)
    assert sheet.over or hand == 59
