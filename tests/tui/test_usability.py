"""Usability fixes found by a new-user test: long rummy melds at 80x24, keys acted on in the
order typed, messages that need two lines, log grammar for a player called "You", one
naming scheme for the seats, phase-dependent key help, setup focus and checkboxes, words
instead of internal ids, the summary's details, the last trick kept in view and a single
autosave warning."""

from __future__ import annotations

import pytest

from cardtable.cards import card_text, full52, parse_card
from cardtable.engine import Match, get_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.render import card_label
from cardtable.tui.testing import screen_text, settle


def make_app(match=None, **kw) -> CardTableApp:
    kw.setdefault("bot_delay", 0)
    kw.setdefault("resume", False)
    return CardTableApp(match, **kw)


def _cards(text: str) -> list[int]:
    return [parse_card(x) for x in text.split()]


def rummy_position(
    players: int = 3, melds=None, hand0: str = "TD 2C 3H 9S JH KD", seats: list[str] | None = None
) -> Match:
    """Klassieke Rummy from an exact position: seat 0 to draw, ``melds`` as (owner, cards)
    on the table (default: a set, the run A♦..9♦ of seat 1 and a run of seat 0)."""
    game = get_game("klassieke-rummy", players)
    melds = melds or [(2 % players, "KC KH KS"), (1, "AD 2D 3D 4D 5D 6D 7D 8D 9D"), (0, "5S 6S 7S 8S")]
    used = set()
    table = []
    for owner, cards in melds:
        cs = _cards(cards)
        used |= set(cs)
        table.append({"owner": owner, "cards": [card_text(c) for c in cs]})
    h0 = _cards(hand0)
    used |= set(h0)
    rest = [c for c in full52() if c not in used]
    hands = [h0] + [rest[i * 5 : (i + 1) * 5] for i in range(players - 1)]
    rest = rest[5 * (players - 1) :]
    pile, stock = rest[:3], rest[3:]
    deal = {
        "dealer": players - 1,
        "hands": [[card_text(c) for c in h] for h in hands],
        "stock": [card_text(c) for c in stock],
        "discard": [card_text(c) for c in pile],
        "melds": table,
        "to_act": 0,
    }
    m = Match(game, seats or ["human:You"] + ["bot:simple"] * (players - 1), seed=1)
    m.start_hand(deal=deal)
    return m


def region_text(app, widget) -> str:
    """The characters on screen inside ``widget``'s visible region."""
    lines = screen_text(app).splitlines()
    r = widget.content_region.intersection(widget.screen.region)
    return "\n".join(ln.ljust(r.right)[r.x : r.right] for ln in lines[r.y : r.bottom])


# ---- 1. long melds at 80x24 --------------------------------------------------------------


async def test_long_melds_are_shown_whole_with_number_and_owner_at_80x24():
    from cardtable.tui.widgets import MeldWidget

    match = rummy_position()
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        names = tbl._names()
        shown = {w.meld_id: w for w in tbl.query(MeldWidget) if w.display}
        assert set(shown) == {md.id for md in obs.melds}
        for md in obs.melds:
            w = shown[md.id]
            tbl.query_one("#center").scroll_to_widget(w, animate=False)
            await pilot.pause()
            text = region_text(app, w)
            assert str(md.id) in text.split()[0], text
            for c in md.cards:
                assert card_label(c) in text, f"{card_label(c)} of meld {md.id} is not on screen: {text!r}"
            owner = names[md.owner]
            assert owner in " ".join(text.split()), f"owner {owner} of meld {md.id} missing: {text!r}"


async def test_many_melds_scroll_into_view():
    from cardtable.tui.widgets import MeldWidget

    melds = [
        (1, "AD 2D 3D 4D 5D 6D 7D 8D 9D"),
        (0, "AC 2C 3C"),
        (1, "4C 5C 6C"),
        (0, "7C 8C 9C"),
        (1, "AH 2H 3H"),
        (0, "4H 5H 6H"),
        (1, "7H 8H 9H"),
        (0, "AS 2S 3S"),
        (1, "4S 5S 6S"),
        (0, "JC JH JS"),
    ]
    match = rummy_position(players=2, melds=melds, hand0="TD TC TH TS QD KD")
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        center = tbl.query_one("#center")
        last = [w for w in tbl.query(MeldWidget) if w.display][-1]
        assert center.max_scroll_y > 0  # more melds than room: the area scrolls
        more = tbl.query_one("#center-more")
        assert more.display and "PgDn" in str(more.render()), "nothing says the melds scroll"
        for _ in range(20):
            await pilot.press("down")
        await settle(pilot)
        text = region_text(app, last)
        assert "10" in text and card_label(parse_card("JS")) in text
        # at the foot: the hint says what is above instead (issue 21, point 7)
        assert more.display and "more above" in str(more.render()) and "below" not in str(more.render())


# ---- 2. keys act in the order typed ------------------------------------------------------


async def type_fast(pilot, *keys: str) -> None:
    """Keys arriving together, as from a fast typist, a paste or key repeat: all are queued
    before the app handles the first (``pilot.press`` waits for the app after each key)."""
    from textual import events

    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        await app._post_message(event)
    await settle(pilot)


async def test_fast_digit_enter_digit_plays_the_first_card():
    from cardtable.engine.actions import Action
    from cardtable.tui import demo

    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        hand = list(obs.hand)
        i = max(k for k, c in enumerate(hand) if Action("play", cards=(c,)) in obs.legal)
        j = 0 if i else 1
        n = len(match.hands[-1]["actions"])
        await type_fast(pilot, str(i + 1), "enter", str(j + 1))
        assert match.hands[-1]["actions"][n] == Action("play", cards=(hand[i],)).text()


async def test_fast_digit_layoff_digit_lays_off_onto_that_meld():
    match = rummy_position()
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)
        hand = tbl.hand_cards()
        ten = parse_card("TD")
        i = hand.index(ten)
        other = hand[0 if i else 1]
        await type_fast(pilot, str(i + 1), "l", "2")  # select 10♦, lay off, meld 2
        assert "layoff TD to 2" in match.hands[-1]["actions"], match.hands[-1]["actions"]
        assert other in tbl.hand_cards() and other not in tbl.selected
        assert tbl.layoff_cards is None


# ---- 3. a message or status line that needs two lines ------------------------------------


async def test_long_refusal_and_status_are_shown_whole_at_80_columns():
    match = rummy_position()
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        top = tbl.observation().discard[-1]
        await pilot.press("t")  # take the top discard ...
        await settle(pilot)
        await pilot.press(str(tbl.hand_cards().index(top) + 1), "x")  # ... and discard it
        await settle(pilot)
        words = " ".join(screen_text(app).split())
        assert "may not be discarded in the same turn" in words, screen_text(app)
        status = " ".join(tbl.query_one("#status").render().plain.split())
        assert status.endswith("to 150")
        assert "to 150" in words


# ---- 4. "You pass", not "You passes" ----------------------------------------------------


def test_a_player_named_you_is_written_with_the_right_verb():
    from cardtable.tui.render import pretty

    names = {0: "You", 1: "Bot 1", 2: "Anna"}

    def p(line: str) -> str:
        return pretty(line, names=names).plain

    assert p("seat 0 passes") == "You pass"
    assert p("Seat 0 deals; the upcard starts the discard pile.") == "You deal; the upcard starts the discard pile."
    assert p("seat 0 lays off 8C on meld 2 (high end).") == "You lay off 8♣ on meld 2 (high end)."
    assert p("Seat 0 draws from the stock.") == "You draw from the stock."
    for third, base in (
        ("plays", "play"),
        ("melds", "meld"),
        ("discards", "discard"),
        ("declares", "declare"),
        ("wins", "win"),
        ("asks", "ask"),
        ("tells", "tell"),
        ("takes", "take"),
        ("goes", "go"),
        ("has", "have"),
        ("is", "are"),
        ("claims", "claim"),
        ("says", "say"),
        ("bids", "bid"),
        ("doubles", "double"),
        ("redoubles", "redouble"),
        ("exchanges", "exchange"),
        ("names", "name"),
        ("chooses", "choose"),
        ("leads", "lead"),
        ("trumps", "trump"),
    ):
        assert p(f"seat 0 {third} it") == f"You {base} it"
    assert p("seat 1 asks seat 0: count C") == "Bot 1 asks you: count C"
    assert p("discard 7C: 7C is not in seat 0's hand") == "discard 7♣: 7♣ is not in your hand"
    assert p("seat 0 (partner) chooses") == "You (partner) choose"
    # any other name keeps the rules' verb
    assert p("seat 2 passes; seat 1 has 3 tricks") == "Anna passes; Bot 1 has 3 tricks"


async def test_the_log_says_you_draw():
    match = rummy_position()
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        text = screen_text(app)
        # the drawer's own log names the card drawn (issue 21): "You draw from the stock (7♣)."
        assert "You draw from the stock (" in text and "You draws" not in text


# ---- 5. one name per seat, in the setup and at the table ---------------------------------


async def _open_setup(pilot, app, game_name: str):
    from cardtable.tui.screens import SetupScreen

    await settle(pilot)
    ids = [cls.name for cls in app.screen.games]
    for _ in range(ids.index(game_name)):
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def test_setup_names_the_seats_as_the_table_does():
    from cardtable.tui import render as R
    from cardtable.tui.testing import table

    app = make_app(seed=3, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _open_setup(pilot, app, "Kruisjassen")
        shown = [setup.query_one(f"#name-{s}").value for s in range(4)]
        assert shown == ["You", "Bot 1", "Bot 2", "Bot 3"]
        # a seat made human gets a player's name; made a bot again, the bot's name
        setup.query_one("#kind-2").value = "human"
        await pilot.pause()
        assert setup.query_one("#name-2").value == "Player 2"
        setup.query_one("#name-2").value = "Bram"
        setup.query_one("#kind-2").value = "bot:random"
        await pilot.pause()
        assert setup.query_one("#name-2").value == "Bot 2"
        setup.query_one("#kind-2").value = "human"
        await pilot.pause()
        assert setup.query_one("#name-2").value == "Bram"
        # a human may not take a bot's name
        setup.query_one("#name-2").value = "Bot 1"
        await pilot.pause()
        setup.action_start()
        await pilot.pause()
        assert "how the table names a bot" in screen_text(app)
        setup.query_one("#kind-2").value = "bot:simple"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        names = R.seat_names(table(app).match)
        assert [names[s] for s in range(4)] == shown


# ---- 6. the key line shows only keys that do something now -------------------------------


def _footer_keys(app) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


async def test_key_line_hides_play_while_roem_is_declared():
    from cardtable.tui import demo

    game = get_game("kruisjassen")
    seen = {}
    for seed in range(1, 60):
        m = Match(game, ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=seed)
        try:
            demo.play_until(
                m,
                lambda mt, o: (
                    o is not None and o.seat == 0 and o.phase == "meld" and not any(a.verb == "play" for a in o.legal)
                ),
                seed,
                max_actions=200,
            )
        except RuntimeError:
            continue
        seen["match"] = m
        break
    match = seen["match"]
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert tbl.observation().phase == "meld"
        keys = _footer_keys(app)
        assert "play" not in keys, keys
        assert "sheet" in keys
        if [a.text() for a in tbl.observation().legal] == ["pass"]:
            # the one move on offer: ⏎ makes it, but the key line names only its button
            # (``p Pass``): two keys for one move invited pressing both (issue 19)
            assert "⏎" not in keys and not tbl.check_action("enter", ()), keys
            assert "p" in tbl.keymap
        else:
            assert "⏎" not in keys and not tbl.check_action("enter", ()), keys
        # once the cards are played, ⏎ plays again
        for _ in range(10):
            if tbl.observation().phase != "meld":
                break
            await pilot.press("p")
            await settle(pilot)
        assert any(a.verb == "play" for a in tbl.observation().legal)
        assert "⏎ play" in _footer_keys(app)


async def test_rummy_key_line_offers_meld_and_discard_after_the_draw_only():
    app = make_app(rummy_position(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # the verbs of the turn are buttons of the action chooser (with their keys)
        tbl = app.screen
        assert not {"m", "l", "x"} & set(tbl.keymap), tbl.keymap
        await pilot.press("d")
        await settle(pilot)
        assert {"l", "x"} <= set(tbl.keymap), tbl.keymap
        keys = _footer_keys(app)
        assert "⏎ discard" in keys, keys


# ---- 7. the setup starts with its first field focused ------------------------------------


async def test_setup_focuses_its_first_field():
    app = make_app(seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_setup(pilot, app, "Klassieke Rummy")
        assert app.focused is not None and app.focused.id == "players"
    app = make_app(seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _open_setup(pilot, app, "Kruisjassen")
        assert app.focused is not None and app.focused.id == "kind-0"
        # the first key goes to that field: tab moves on to the next one
        await pilot.press("tab")
        assert app.focused is setup.query_one("#name-0")


# ---- 8. on/off options read as such ------------------------------------------------------


async def test_option_checkbox_shows_on_or_off_without_a_contradicting_word():
    app = make_app(seed=1, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await _open_setup(pilot, app, "Klassieke Rummy")
        box = setup.query_one("#opt-last_card")
        assert box.value is False
        text = region_text(app, box).strip()
        assert text == "▐ ▌", text  # off: an empty box, no "no" beside it
        box.value = True
        await pilot.pause()
        assert region_text(app, box).strip() == "▐X▌"
        assert "yes" not in region_text(app, box) and "no" not in region_text(app, box)
        # the option's name is on its row
        row = box.parent
        assert "last_card" in region_text(app, row)


# ---- 9. words, not internal ids ----------------------------------------------------------


def _render_plain(renderable, width: int = 80) -> str:
    from rich.console import Console

    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text()


def _kruisjassen_with_a_wrong_claim() -> Match:
    """Bots play; seat 0 says "ik dek" at its first chance in hand 2 (too early: wrong)."""
    from cardtable.engine.actions import Action
    from cardtable.tui import demo

    m = Match(get_game("kruisjassen"), ["human:You", "bot:simple", "bot:simple", "bot:simple"], seed=5)

    def stop(match, obs):
        return obs is not None and len(match.hands) == 2 and obs.seat == 0 and Action("claim") in obs.legal

    demo.play_until(m, stop, seed=5)
    m.apply(Action("claim"))
    assert m.results[-1].outcome == "wrong_claim"
    return m


def test_sheet_reasons_are_words_and_a_two_streep_claim_says_onder_jan():
    from cardtable.sheets.streepjes import streepjes_words
    from cardtable.tui.widgets import sheet_renderable

    assert streepjes_words("2 claim, 1 roem") == "2 claim (onder jan), 1 roem"
    assert streepjes_words("1 wrong_claim") == "1 wrong claim"
    assert streepjes_words("2 wrong_claim") == "2 wrong claim (onder jan)"
    assert streepjes_words("3 pit, 1 trickroem") == "3 pit, 1 trick roem"
    assert streepjes_words("1 claim") == "1 claim"
    m = _kruisjassen_with_a_wrong_claim()
    text = _render_plain(sheet_renderable(m.sheet, names=["You", "Bot 1", "Bot 2", "Bot 3"]), 100)
    assert "wrong_claim" not in text and "wrong claim" in text, text


async def test_menu_names_the_decks_in_words():
    app = make_app(autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "piquet32" not in text and "full52" not in text
        assert "32 cards (7–A)" in text and "52 cards" in text


async def test_rules_viewer_hides_the_source_line():
    from cardtable.guides import spec_text
    from cardtable.tui.screens import RulesScreen, without_source

    # the spec names its source; the rules screen shows the players' guide (issue 8 item 7)
    assert "Source: seed" in spec_text("kruisjassen")
    assert "Source: seed" not in without_source(spec_text("kruisjassen"))
    assert "Cross-checked" in without_source(spec_text("kruisjassen"))
    app = make_app(autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert "Kruisjassen" in text and "Source:" not in text and ".txt" not in text


# ---- 10. the hand summary: onder jan, and the cards left in a rummy ----------------------


def test_hand_summary_says_onder_jan():
    from cardtable.tui import demo
    from cardtable.tui.screens import result_renderable

    m = demo.after_hands("kruisjassen", 3, seed=5)
    names = {0: "Anna", 1: "Bot 1", 2: "Bot 2", 3: "Bot 3"}
    said = []
    for i, res in enumerate(m.results):
        text = _render_plain(result_renderable(m, i, names), 100)
        two = any(e["reason"] in ("claim", "wrong_claim", "end") and e["strepen"] == 2 for e in res.detail["entries"])
        assert ("onder jan" in text) == two, text
        said.append(two)
    assert any(said) and not all(said)  # seed 5: hands 2 and 3 are onder jan, hand 1 not


def test_rummy_summary_shows_the_cards_left_and_their_points():
    from cardtable.tui import demo
    from cardtable.tui.render import card_label
    from cardtable.tui.screens import result_renderable

    m = demo.after_hands("klassieke-rummy", 1, seed=5, players=3)
    res = m.results[0]
    names = {0: "Anna", 1: "Bot 1", 2: "Bot 2"}
    text = _render_plain(result_renderable(m, 0, names), 100)
    table = m.game.points
    losers = [s for s in range(3) if s not in res.winners]
    for s in losers:
        cards = m.state.hand_of(s)
        assert cards
        row = next(ln for ln in text.splitlines() if ln.strip().startswith(names[s] + ":"))
        for c in cards:
            assert f"{card_label(c)} {table[c]}" in row, row
        assert row.rstrip().endswith(f"= {res.detail['hand_points'][s]}"), row


# ---- 11. "thinking…" on a line of its own ------------------------------------------------


async def test_thinking_is_not_run_into_the_seat_note_at_140_columns():
    from cardtable.tui import demo
    from cardtable.tui.widgets import SeatView

    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = CardTableApp(match, bot_delay=30, resume=False, autosave=False)
    async with app.run_test(size=(140, 36)) as pilot:
        await pilot.pause()
        tbl = app.screen
        await pilot.press("enter")  # Anna plays; a bot thinks for 30 s
        await pilot.pause()
        assert tbl.mode == "bot"
        lines = [ln for v in tbl.query(SeatView) if v.display for ln in region_text(app, v).splitlines()]
        think = [ln for ln in lines if "thinking" in ln]
        assert think, lines
        assert all(ln.strip() == "thinking…" for ln in think), think
        await pilot.press("q")


# ---- 12. the last trick stays in view; a longer pause after a trick -----------------------


async def test_last_trick_stays_in_view_while_the_next_is_played():
    from cardtable.tui import demo

    match = demo.trick_midhand("kruisjassen", 7, tricks=3)
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        assert obs.trick and obs.last_trick  # a trick in play, one finished
        text = region_text(app, tbl.query_one("#trick"))
        line = next((ln for ln in text.splitlines() if "last trick" in ln), "")
        for _, c in obs.last_trick:
            assert card_label(c) in line, text
        assert f"won by {tbl._names()[obs.last_trick_winner]}" in line


async def test_bot_waits_longer_after_a_completed_trick():
    from cardtable.tui import demo

    game = get_game("kruisjassen")
    m = Match(game, ["human:Anna", "bot:simple", "bot:simple", "bot:simple"], seed=7)
    demo.play_until(m, lambda mt, o: o is not None and o.seat == 0 and len(o.trick) == 3, seed=7)
    app = CardTableApp(m, bot_delay=0.4, resume=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tbl = app.screen
        mid = tbl.match.state.observation(1)
        assert tbl.bot_pause(mid) == 0.4  # inside a trick: the bot delay
        await pilot.press("enter")  # Anna completes the trick
        await pilot.pause()
        st = tbl.match.state
        obs = st.observation(st.to_act)
        assert not obs.trick and obs.last_trick
        assert tbl.bot_pause(obs) == pytest.approx(0.6)  # 1.5 × the delay before the next lead
        await pilot.press("q")


# ---- 13. one autosave warning, not one per move ------------------------------------------


async def test_failing_autosave_is_reported_once(monkeypatch):
    from cardtable import saves

    calls = []

    def broken(match, *a, **k):
        calls.append(1)
        raise OSError("No space left on device")

    monkeypatch.setattr(saves, "save_match", broken)
    app = make_app(rummy_position(players=2), autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = []
        monkeypatch.setattr(app, "notify", lambda msg, **kw: shown.append(msg))
        tbl = app.screen
        for _ in range(3):  # several moves, each one saved
            if tbl.mode != "human":
                break
            await pilot.press("d")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
        assert len(calls) >= 3
        assert len([m for m in shown if "autosave failed" in m]) == 1, shown


async def test_a_joker_from_hand_lays_off_by_card_then_meld_number():
    """A joker selected in hand, l, the meld's number: the joker goes onto that meld as the
    first thing it may stand for there (the legal action names it, ``JK=K*`` here); before, the
    table looked for an undesignated joker and refused ("say what the joker stands for")."""
    from tests.games.test_basis_rummy import position

    game = get_game("basis-rummy", 2)
    deal = position(
        game,
        ["JK 4C 9H 2D", "3C 8H 9D"],
        discard="5D",
        melds=[(0, "KC KD KH"), (1, "5S 6S 7S")],
        stock_top="TC",
        to_act=0,
        dealer=1,
    )
    match = Match(game, ["human:You", "bot:simple"], seed=1)
    match.start_hand(deal=deal)
    app = make_app(match, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        await pilot.press("d")
        await settle(pilot)
        i = tbl.hand_cards().index(parse_card("JK"))
        await type_fast(pilot, str(i + 1), "l", "1")
        await settle(pilot)
        acts = match.hands[-1]["actions"]
        assert acts[-1] in ("layoff JK=KS to 1", "layoff JK=K* to 1"), acts  # basis rummy: JK=K*
        assert parse_card("JK") not in tbl.hand_cards()
