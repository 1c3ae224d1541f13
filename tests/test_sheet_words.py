"""Sheets, headers and words a player reads (issue 21, points 4 to 6)."""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.sheets.streepjes import Streepjes


def _hand(entries, carry=(0, 0)):
    return SimpleNamespace(detail={"entries": entries, "carry": list(carry), "next_dealer": 1})


def test_streepjes_say_who_claimed_wrongly_and_who_was_onder_jan():
    """A wrong claim of 1/3 writes 2 strepen in the 0/2 column: the cell names 1/3."""
    sheet = Streepjes()
    sheet.record(_hand([{"side": 0, "strepen": 2, "reason": "wrong_claim"}]))
    sheet.record(_hand([{"side": 1, "strepen": 2, "reason": "claim"}]))
    sheet.record(_hand([{"side": 1, "strepen": 1, "reason": "end"}]))
    v = sheet.view()
    assert v.rows[0][1] == "2 wrong claim by 1/3 (onder jan)"
    assert v.rows[1][2] == "2 claim (0/2 onder jan)"
    assert v.rows[2][2] == "1 played out"


def test_the_boom_keeps_its_ground_and_totals_near_the_top_and_a_log_under_it():
    """Twelve branches against eight: the ground and the points within the first 14 lines
    (the whole trunk is 16 lines), the hands' log under the foot."""
    from cardtable.sheets.boom import GROUND, Boom

    sheet = Boom()
    for _h in range(4):
        sheet.record(
            _hand([{"side": 0, "points": 300, "reason": "made"}, {"side": 1, "points": 200, "reason": "roem"}])
        )
    lines = list(sheet.view().lines)
    ground = lines.index(GROUND)
    assert ground < 12 and lines[ground + 2] == "1200|800", lines
    assert lines[ground + 4 :] == [f"hand {h}: 0/2 300 made \u00b7 1/3 200 roem" for h in range(1, 5)]


def test_the_aardappel_sheet_explains_its_marks():
    """Handjas's sheet says what ``O`` and ``Ø`` are, and the sheet widget draws it."""
    from cardtable.sheets.aardappel import Aardappels
    from cardtable.tui.widgets import sheet_renderable

    sheet = Aardappels(4)
    sheet.record(SimpleNamespace(detail={"strepen": [0, 1, 0, 0], "aardappels": [1, 0, 0, 0], "next_dealer": 1}))
    sheet.record(SimpleNamespace(detail={"strepen": [1, 0, 0, 0], "aardappels": [0, 0, 0, 0], "next_dealer": 2}))
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(sheet_renderable(sheet, names=["You", "Bot 1", "Bot 2", "Bot 3"]))
    text = console.export_text()
    assert "\u00d8" in text and "O an aardappel" in text and "\u00d8 an aardappel paid off" in text, text


def _facts(gid, seed=1, players=None):
    """The state and the facts of the seat to act once the trump is known and the play
    begun (the first legal action each time; Butifarra's dealer names clubs)."""
    from cardtable.engine import get_game

    st = get_game(gid, players).new_hand(seed=seed)
    while st.trump is None or st.phase != "play":
        legal = st.legal_actions()
        st = st.apply(next((a for a in legal if a.text() == "trump C"), legal[0]), check=False)
    return st, st.observation(st.to_act).facts


def test_one_word_for_trump_in_the_header_and_on_the_table():
    """Grevjas says Troef (a Dutch game, as its spec), Butifarra says Trump (its spec's word)."""
    for gid, word in (("grevjas", "Troef"), ("butifarra", "Trump")):
        _st, f = _facts(gid)
        assert f.trump_label == word and f.status[0].startswith(word + " "), (gid, f)


def test_handjas_names_its_scores_and_tells_who_sits_out():
    from cardtable.tui.render import name_seats

    st, f = _facts("handjas", players=5)
    names = {0: "You", 1: "Bot 1", 2: "Bot 2", 3: "Bot 3", 4: "Bot 4"}
    out = st.out_seat
    assert f"seat {out} sits out this hand" in f.status
    words = [name_seats(it, {**names, out: "You"}) for it in f.status]
    assert "You sit out this hand" in words, words
    assert any(name_seats(it, names).startswith("Bot 1: ") for it in f.status if out != 1), f.status


def test_the_handjas_summary_says_you_sat_out():
    from cardtable.engine.views import render

    st, _f = _facts("handjas", players=5)
    out = st.out_seat
    while not st.over:
        st = st.apply(st.legal_actions()[0], check=False)
    fact = next(f for f in st.summary(st.result()).facts if f.label == "This hand")
    text = render(fact.text, {out: "You"}, you=out)
    assert "You sat out" in text and "sits out" not in text, text


def test_amounts_read_alike_and_a_penalty_point_is_singular():
    from cardtable.bots.explain import amount_words

    assert amount_words(3.0, "strepen", 0.05) == "3.0 strepen"  # beside "1.9 strepen", not "3.00"
    assert amount_words(1.9, "strepen", 0.1) == "1.9 strepen"
    assert amount_words(1.0, "penalty points") == "1 penalty point"
    assert amount_words(2.0, "penalty points") == "2 penalty points"


def test_a_hint_names_buttons_by_their_labels_in_one_sentence():
    from cardtable.engine.actions import Action
    from cardtable.engine.views import CARDS, NONE, VerbSpec
    from cardtable.tui.render import hint_line

    verbs = (
        VerbSpec("take-hand", "Ruil", "r", "take the extra hand (binding)", NONE),
        VerbSpec("keep-hand", "Houden", "k", "keep your hand", NONE),
        VerbSpec("open", "Open (come out)", "o", "open", CARDS),
    )
    why = "Ruil: a close call, about 0.2 strepen better on average than Houden"
    assert hint_line(Action("take-hand"), why, verbs).plain == f"Hint: {why}"
    from cardtable.cards import parse_cards

    seven = tuple(parse_cards("7C 7D 7H"))
    opened = hint_line(Action("open", cards=seven), "Open (come out) 7C 7D 7H: a close call", verbs).plain
    assert opened.startswith("Hint: ") and opened.endswith(": a close call") and "((" not in opened
    assert opened.count("(") <= 1 and "Open (come out)" not in opened.split(": ", 1)[1], opened


def test_a_hint_writes_the_next_best_in_small_letters():
    """``as good as lay off 5♠ onto meld 2``, not ``as good as Lay off ...``."""
    from cardtable.bots.explain import reason
    from cardtable.cards import parse_card
    from cardtable.engine.actions import Action
    from cardtable.engine.views import CARD, MELD, VerbSpec

    verbs = (VerbSpec("discard", "Discard", "d", "discard", CARD), VerbSpec("layoff", "Lay off", "l", "lay off", MELD))
    legal = (
        Action("discard", cards=(parse_card("9H"),)),
        Action("layoff", cards=(parse_card("5S"),), prep="to", target=2),
    )
    means = (0.5, 0.4)
    stats = SimpleNamespace(
        playouts=100, worlds=100, n=(100, 100), mean=lambda i: means[i], gain_over=lambda i, j: (0.1, 0.05)
    )
    decision = SimpleNamespace(stats=stats, legal=legal, chosen=0, extra={"floor": 1.0})
    obs = SimpleNamespace(verbs=verbs, zones=(), game="no-such-game")
    line = reason(obs, decision, unit="points")
    assert line.endswith("as good as lay off 5\u2660 onto meld 2"), line
