"""80x24 that works (issue 8, item 5): the history of the hand one key away, a notice below
80x24, a key for every card of a long hand, and a card picked in a menu on the key it has
in the hand. Found generically: the games are picked by what they declare, never by id."""

from __future__ import annotations

import copy

from cardtable.engine import Match, get_game
from cardtable.engine.registry import game_class, game_ids
from cardtable.tui import demo
from cardtable.tui import render as R
from cardtable.tui.chooser import Chooser, card_key
from cardtable.tui.history import HistoryScreen
from cardtable.tui.table import TableScreen
from cardtable.tui.testing import screen_text, settle, table
from tests.tui.phases import CONFIGS, phase_positions
from tests.tui.reach import _UI


def _menu_card_items(obs):
    """Every list of buttons a menu shows that picks a card of the hand: [(item, card)]."""
    out = []
    todo = [Chooser()]
    seen = set()
    while todo:
        ch = todo.pop()
        if (ch.path, ch.page) in seen:
            continue
        seen.add((ch.path, ch.page))
        items = ch.items(obs, _UI())
        picks = [it for it in items if it.cards and not it.label]
        if ch.path and picks and all(it.cards[0] in obs.hand for it in picks):
            out.append([(it, it.cards[0]) for it in picks])
        for it in items:
            if it.key == "escape":
                continue
            c2 = copy.deepcopy(ch)
            ui = _UI()
            nxt = next(x for x in c2.items(obs, ui) if x.key == it.key)
            nxt.run()
            if ui.acted is None and ui.card is None and c2.path:
                todo.append(c2)
    return out


def test_a_card_picked_in_a_menu_has_the_key_it_has_in_the_hand():
    found = 0
    for gid, n in CONFIGS:
        for positions in phase_positions(gid, n, seeds=2, per_phase=1).values():  # the phases' positions
            for obs in positions:
                for group in _menu_card_items(obs):
                    found += 1
                    hand = list(obs.hand)
                    for it, card in group:
                        assert it.key == card_key(hand.index(card)), (gid, it.key, card)
    assert found, "no game offers a card of the hand in a menu"


async def test_every_card_of_a_long_hand_is_chosen_by_its_key(make_app):
    """The longest hand any game deals (16 cards in a two-handed game): each card's key
    puts the cursor on it."""
    best = None
    for gid, n in CONFIGS:
        for positions in phase_positions(gid, n, seeds=2, per_phase=1).values():  # the phases' positions
            for obs in positions:
                if best is None or len(obs.hand) > best[2]:
                    best = (gid, n, len(obs.hand))
    gid, n, size = best
    assert size > 10, best
    m = Match(get_game(gid, players=n), ["human:Anna"] + ["bot:random"] * (n - 1), seed=1)
    m.start_next()
    while m.state.to_act != 0 or len(m.state.observation(0).hand) < size - 1:
        m.apply(m.state.legal_actions()[0], check=False)
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        assert isinstance(tbl, TableScreen)
        hand = tbl.hand_cards()
        assert len(hand) > 10
        # the keys past the tenth card (letters), and 0 and 1
        for i in [*range(len(hand) - 1, 9, -1), 9, 0]:
            await pilot.press(card_key(i))
            await pilot.pause()
            assert tbl.cursor == i or tbl.selected, (gid, i, tbl.cursor)
            if tbl.selected:  # a turn that selects cards: the key toggled it
                assert hand[i] in tbl.selected
                await pilot.press(card_key(i))
                await pilot.pause()


async def test_below_80x24_a_notice_and_the_table_comes_back(make_app):
    m = demo.trick_midhand(_a_trick_game(), 7, tricks=1)
    app = make_app(m)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "at least 80x24" in text, text
        assert m.game.name not in text
        # the key line offers only what works while the notice stands: q
        tbl = table(app)
        shown = [key for key, _action, _words, live in tbl._key_line() if live]
        assert shown == ["q"], shown
        played = len(m.hands[-1]["actions"])
        await pilot.press("enter", "1", "enter")  # no card is played blind
        await settle(pilot)
        assert len(m.hands[-1]["actions"]) == played
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        text = screen_text(app)
        assert "at least 80x24" not in text and m.game.name in text, text
        assert "s" in [key for key, _a, _w, live in tbl._key_line() if live]
        await pilot.resize_terminal(100, 23)
        await settle(pilot)
        assert "at least 80x24" in screen_text(app)


def _a_trick_game() -> str:
    """The first registered game with a trick zone (found from its observation)."""
    for gid in sorted(game_ids()):
        m = Match(get_game(gid), seed=1)
        m.start_next()
        if any(z.kind == "trick" for z in m.state.observation(0).zones):
            return gid
    raise AssertionError("no trick game")


def _a_talk_game() -> str | None:
    for gid in sorted(game_ids()):
        for positions in phase_positions(gid, game_class(gid).min_players, seeds=2, per_phase=1).values():
            if any(o.panels for o in positions):
                return gid
    return None


async def test_the_history_shows_every_trick_and_every_talk_line_of_the_hand(make_app):
    gid = _a_talk_game() or _a_trick_game()
    m = demo.trick_midhand(gid, 7, tricks=5)
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tbl = app.screen
        obs = tbl.observation()
        done = sum(obs.tricks_won)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        text = str(app.screen.query_one("#history-text").render())
        for k in range(1, done + 1):
            assert f"Trick {k}:" in text, text
        # every other event (the talk, roem, the trump) is there as the log writes it
        names = tbl._names()
        you = next((s for s, nm in names.items() if R.is_you(nm)), None)
        for e in obs.events:
            if e.kind not in ("play", "trick"):
                assert R.pretty(R.event_text(e, names, you)).plain in text, (e, text)
        assert obs.panels or gid == _a_trick_game()
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is tbl


def test_the_history_gathers_the_events_the_game_declares_and_no_others():
    """The history reads which events go on one line from ``Observation.event_group``, not
    from event kinds it knows: a declared group is gathered under its label; without one,
    ``play`` and ``trick`` events are lines of their own like any other."""
    from cardtable.cards import parse_card
    from cardtable.engine.game import Observation
    from cardtable.engine.views import EventGroup, LogEvent
    from cardtable.tui.history import history_lines

    c = parse_card("7S")
    events = (
        LogEvent("play", "{0} plays {c0}", (0,), (c,)),
        LogEvent("play", "{0} plays {c0}", (1,), (c,)),
        LogEvent("trick", "{0} wins the trick", (1,)),
    )
    names = {0: "Anna", 1: "Bot 1"}
    obs = Observation(
        game="x",
        seat=0,
        n_seats=2,
        to_act=0,
        phase="play",
        hand=(),
        hand_sizes=(0, 0),
        dealer=0,
        events=events,
        log=("a", "b", "c"),
    )
    assert len(history_lines(obs, names, False)) == 3
    obs.event_group = EventGroup("play", "trick", "Round")
    (line,) = history_lines(obs, names, False)
    assert line.plain.startswith("Round 1: Anna 7♠ · Bot 1 7♠ → Bot 1 wins the trick"), line.plain


# ---- the status line on one line ---------------------------------------------------------


async def test_rummy_status_fits_one_line_at_80_columns_and_says_all_when_wider(make_app):
    """Klassieke Rummy after the draw: at 80 columns the status line is one line (before,
    ``… · stock 29`` and ``discard K♠ · melds 0 · to 150`` on a second line, a row of the
    table lost); what it leaves out is what the piles and the melds beside it show. At 132
    columns it says everything."""
    from tests.tui.test_usability import rummy_position

    for size, whole in (((80, 24), False), ((132, 36), True)):
        match = rummy_position(players=2)
        app = make_app(match)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("d")
            await settle(pilot)
            tbl = app.screen
            status = tbl.query_one("#status").render().plain
            obs = tbl.observation()
            assert obs.phase == "play" and len(status.splitlines()) == 1, (size, status)
            assert "to meld, lay off or discard" in status and status.endswith("to 150"), (size, status)
            assert (f"stock {obs.stock_size}" in status) == whole, (size, status)


def test_the_history_lists_a_trick_where_it_began_and_a_claim_after_its_trick():
    """An event said during a trick comes after that trick's line (the trick began first),
    and a trick cut short comes before the claim that cut it (before: after the claim and
    the end of the hand)."""
    from cardtable.cards import parse_card
    from cardtable.engine.game import Observation
    from cardtable.engine.views import EventGroup, LogEvent
    from cardtable.tui.history import history_lines

    c = parse_card("7S")
    play = lambda s: LogEvent("play", "{0} plays {c0}", (s,), (c,))  # noqa: E731
    events = (
        play(0),
        LogEvent("stuk", "{0} declares stuk", (1,)),
        play(1),
        LogEvent("trick", "{0} wins the trick", (1,)),
        play(1),
        LogEvent("claim", "{0} claims", (0,)),
        LogEvent("end", "hand over"),
    )
    obs = Observation(
        game="x",
        seat=0,
        n_seats=2,
        to_act=0,
        phase="over",
        hand=(),
        hand_sizes=(0, 0),
        dealer=0,
        events=events,
        log=("x",) * len(events),
        event_group=EventGroup("play", "trick", "Trick"),
    )
    lines = [t.plain for t in history_lines(obs, {0: "Anna", 1: "Bot 1"}, False)]
    assert lines == [
        "Trick 1: Anna 7♠ · Bot 1 7♠ → Bot 1 wins the trick",
        "Bot 1 declares stuk",
        "Trick 2 so far: Bot 1 7♠",
        "Anna claims",
        "hand over",
    ], lines


async def test_the_history_after_a_claim_lists_the_cut_trick_before_the_claim(make_app):
    """Kruisjassen: Anna claims with cards in the trick; the history of the hand just played
    (``h`` on the summary) lists that trick, then the claim and the end."""
    from cardtable.tui.screens import HandSummaryScreen

    m = demo.trick_midhand("kruisjassen", 7, tricks=3)
    assert any(a.verb == "claim" for a in m.state.observation(0).legal)
    app = make_app(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        await pilot.press("y")  # yes: the claim ends the hand
        await settle(pilot)
        assert isinstance(app.screen, HandSummaryScreen), type(app.screen)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        text = app.screen.query_one("#history-text").render().plain.splitlines()
        cut = next(i for i, ln in enumerate(text) if ln.startswith("Trick 4 so far:"))
        claim = next(i for i, ln in enumerate(text) if "claims" in ln)
        assert cut < claim, text


def test_the_viewers_own_cards_line_counts_what_does_not_fit():
    """The trial's Fildinski line of open cards ran past 80 columns, the last cards cut off
    unseen: what does not fit is left out from the end and counted."""
    from cardtable.cards import parse_cards
    from cardtable.engine.views import Zone
    from cardtable.tui import layout as L

    cards = tuple(parse_cards("AD KD QD JD JS KH QH QH JH AC AC QC"))
    z = Zone(name="open cards", kind="open", owner=0, cards=cards, count=len(cards), face="up")
    whole = L.mine_text([z], False).plain
    assert whole.endswith("A♣ A♣ Q♣")
    cut = L.mine_text([z], False, 40).plain
    assert len(cut) <= 40 and cut.endswith(" … +" + str(len(cards) - len(cut.split(": ")[1].split(" …")[0].split())))
    assert L.mine_text([z], False, 200).plain == whole
