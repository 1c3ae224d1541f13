"""Klop Rummy (cardtable/rules/klop-rummy.md): every Example of §11 with the spec's exact values, the
options of §9, the rulings of §10 that change play, the sheet, the simple bot's rules of thumb,
and the hidden hands. Examples 6 to 10 play a whole hand: they are records in
tests/records/klop-rummy/ and replayed."""

from __future__ import annotations

import random

import pytest

from cardtable.bots.knock import choose, knock_bar
from cardtable.cards import card_text, cards_text, full52, parse_cards
from cardtable.engine import get_game
from cardtable.engine.game import DealError, Result
from cardtable.engine.record import replay as replay_match
from tests.games.helpers import legal, load_record, refused, run


def deal(n: int, hands: list[str], stock_top: str = "", pile: str = "", to_act: int = 1, dealer: int = 0, **options):
    """A position of ``n`` players: the hands given, the stock with ``stock_top`` first, the
    discard pile ``pile`` (bottom to top), the other cards in the stock."""
    g = get_game("klop-rummy", n, **options)
    hs = [parse_cards(h) for h in hands]
    top = parse_cards(stock_top) if stock_top else []
    pl = parse_cards(pile) if pile else []
    used = {c for h in hs for c in h} | set(top) | set(pl)
    rest = [c for c in full52() if c not in used]
    if not pl:
        pl, rest = rest[-1:], rest[:-1]
    d = {
        "dealer": dealer,
        "hands": [[card_text(c) for c in h] for h in hs],
        "stock": [card_text(c) for c in top + rest],
        "discard": [card_text(c) for c in pl],
        "to_act": to_act,
    }
    return g.from_deal(d)


def split_of(hand: str):
    sp = get_game("klop-rummy", 3).solver.split(parse_cards(hand))
    return sp.points, [cards_text(m[1]) for m in sp.melds], cards_text(sp.dead)


# ---- §11 Examples 1-4: brandhout and the split shown ------------------------------------------


def test_example_1_brandhout_of_a_7_card_hand():
    assert split_of("AS 2S 3S 7H 7D 7C KD") == (10, ["AS 2S 3S", "7C 7D 7H"], "KD")


def test_example_2_the_ace_is_low_only():
    assert split_of("QH KH AH 5C 5D 5S 9C") == (30, ["5C 5D 5S"], "AH 9C QH KH")


def test_example_3_overlapping_card():
    assert split_of("3C 4C 5C 6C 6D 6H 9S TS JS QD") == (10, ["3C 4C 5C", "6C 6D 6H", "9S TS JS"], "QD")


def test_example_4_tie_between_two_minimal_arrangements():
    assert split_of("4H 5H 6H 5C 5D KS KC") == (30, ["5C 5D 5H"], "4H 6H KC KS")


# ---- Example 5: the end step -----------------------------------------------------------------

EX5 = ["2C 3C 4C 5C 6C 7C 8C", "6S 7S 8S KC KD KH 2D", "2H 3H 4H 5H 6H 7H 8H"]


def test_example_5_legal_end_step_actions():
    st = run(deal(3, EX5, stock_top="9S"), "draw stock")
    want = {f"discard {c}" for c in "6S 7S 8S 9S KC KD KH 2D".split()}
    want |= {"rummy 2D", "knock 6S", "knock 9S", "knock 7S", "knock 8S", "knock KC", "knock KD", "knock KH"}
    assert legal(st) == want
    after = st.game.solver.after_discards(st.hands[1])
    assert {card_text(c): v for c, v in after.items()} == {
        "6S": 2,
        "7S": 25,
        "8S": 24,
        "9S": 2,
        "KC": 22,
        "KD": 22,
        "KH": 22,
        "2D": 0,
    }
    refused(st, "knock 2D", "no brandhout would be left")
    refused(st, "rummy 6S", "would be 2")


def test_example_5_variant_the_card_taken_from_the_discard_pile():
    st = run(deal(3, EX5, pile="9S"), "draw discard")
    got = legal(st)
    assert "discard 9S" not in got and "knock 9S" not in got
    assert got == {f"discard {c}" for c in "6S 7S 8S KC KD KH 2D".split()} | {
        "rummy 2D",
        "knock 6S",
        "knock 7S",
        "knock 8S",
        "knock KC",
        "knock KD",
        "knock KH",
    }
    refused(st, "knock 9S", "taken from the discard pile")


# ---- Examples 6-10: the showdown (records) ----------------------------------------------------


@pytest.mark.parametrize(
    "name,points,case,brandhout",
    [
        ("e6", [0, 0, 77, 0], "B", [29, 33, 3, 18]),
        ("e6d", [0, 0, 71, 0], "B", [29, 33, 3, 18]),
        ("e7", [0, 0, 37], "C", [24, 8, 5]),
        ("e8", [0, 64, 0], "C", [6, 6, 54]),
        ("e9", [0, 0, 0, 0], "D", [53, 9, 4, 4]),
        ("e10", [0, 0, 0, 96], "A", [0, 10, 61, 0]),
    ],
)
def test_examples_6_to_10_showdown_records(name, points, case, brandhout):
    m = replay_match(load_record("klop-rummy", name))
    res = m.state.result()
    assert res.points == points
    assert res.detail["case"] == case and res.detail["brandhout"] == brandhout
    assert m.sheet.totals == points
    assert m.state.game.check_result(res, m.state) == []


def test_example_6_shown_arrangements():
    res = replay_match(load_record("klop-rummy", "e6")).state.result()
    assert res.detail["melds"] == [["4S 5S 6S"], ["QC QD QS"], ["AC 2C 3C", "9D 9H 9S"], ["6H 7H 8H"]]
    assert res.detail["deadwood"] == ["2H 7D KC KH", "5D 8C TH JH", "3D", "AS 4D 4H 9C"]


@pytest.mark.parametrize("name,points", [("e7", [0, 0, 32]), ("e8", [0, 58, 0]), ("e10", [0, 0, 0, 96])])
def test_examples_7_8_10_with_differences(name, points):
    rec = load_record("klop-rummy", name)
    rec["options"] = {"knock_payout": "differences"}
    assert replay_match(rec).state.result().points == points


def test_example_10_summary_shows_every_split():
    st = replay_match(load_record("klop-rummy", "e10")).state
    summ = st.result().summary
    assert summ.headline.text == "seat 3 went rummy (+25)"
    lines = [f.line() for f in summ.facts]
    assert "  Seat 1: 2H 3H 4H, KC KD KS | QS  = 10" in lines
    assert "  Seat 2: no meld | 6C 7S 8S TC TS QC QH  = 61" in lines
    assert "  Seat 3: 5D 6D 7D 8D, JC JH JS  = 0" in lines


def test_the_summary_and_the_sheet_speak_to_you():
    """At a table of bots the human is named You: "You knocked and were beaten by Bot 1",
    "You: no meld | ...", and the sheet's "You knock, beaten by Bot 1" (not "You knocks")."""
    m = replay_match(load_record("klop-rummy", "e7"))
    res = m.results[0]
    assert (res.detail["ender"], res.detail["winner"]) == (1, 2)
    names = ["Bot 0", "You", "Bot 2"]
    assert res.summary.lines(names, you=1)[0] == "You knocked and were beaten by Bot 2 (+10)"
    assert res.summary.lines(["Bot 0", "Bot 1", "You"], you=2)[0] == "Bot 1 knocked and was beaten by you (+10)"
    shown = [ln for ln in res.summary.lines(names, you=1) if ln.startswith("  ")]
    assert shown[1].startswith("  You: ") and shown[0].startswith("  Bot 0: "), shown
    assert m.sheet.table(names)[1][0][2] == "You knock, beaten by Bot 2"
    assert m.sheet.table(["Bot 0", "Bot 1", "You"])[1][0][2] == "Bot 1 knocks, beaten by you"
    assert m.sheet.table()[1][0][2] == "Seat 1 knocks, beaten by Seat 2"
    assert "Seat 1 knocks: showdown" in m.state._status()
    end = replay_match(load_record("klop-rummy", "e10")).state
    assert "Seat 3 goes rummy: showdown" in end._status()  # not "rummys"


# ---- Example 11: game end; Example 12: stock renewal -----------------------------------------


def test_example_11_game_end():
    g = get_game("klop-rummy", 3)
    sheet = g.new_sheet()
    sheet.record(Result([238, 201, 244], "knock", [0], {"dealer": 0}))
    assert not sheet.over
    sheet.record(Result([0, 55, 0], "knock", [1], {"dealer": 1}))
    assert sheet.totals == [238, 256, 244] and sheet.over and sheet.winners == [1]


def test_example_12_stock_renewal():
    """The pile ``4C 9H JD 2S`` (the other cards of the deal put out of the way: the example holds
    only these) and seat 1 discards the QS onto it with the stock empty: seat 2's turn finds the
    stock renewed, top first ``4C 9H JD 2S``, and the pile ``QS``."""
    st = run(
        deal(3, ["2C 3C 4D 5C 6C 7C 8C", "QS 2H 3H 4H 5H 6H 7H", "2D 3D 5D 6D 7D 8D KD"], stock_top="TS"), "draw stock"
    )
    st.stock, st.pile = [], parse_cards("4C 9H JD 2S")
    st = run(st, "discard QS")
    assert st.seat == 2 and cards_text(st.stock_top_first()) == "4C 9H JD 2S"
    assert cards_text(st.pile) == "QS" and legal(st) == {"draw stock", "draw discard"}
    assert st.hands[2][-1] != parse_cards("4C")[0]
    assert run(st, "draw stock").hands[2][-1] == parse_cards("4C")[0]
    assert run(st, "draw discard").hands[2][-1] == parse_cards("QS")[0]
    assert "turned over without shuffling" in st.observation(0).log[-1]


# ---- §9 options, §10 rulings ------------------------------------------------------------------


def test_options_are_validated():
    from cardtable.engine.game import OptionError

    with pytest.raises(OptionError, match="knock_payout"):
        get_game("klop-rummy", 3, knock_payout="half")
    with pytest.raises(OptionError, match="target_score"):
        get_game("klop-rummy", 3, target_score=0)


def test_deal_sizes_and_stock():
    """§3: 10 cards with 2 players, else 7; the stock 31 / 30 / 23 / 16."""
    for n, size, stock in ((2, 10, 31), (3, 7, 30), (4, 7, 23), (5, 7, 16)):
        st = get_game("klop-rummy", n).new_hand(seed=3)
        assert [len(h) for h in st.hands] == [size] * n and len(st.stock) == stock and len(st.pile) == 1


def test_ruling_3_knock_on_the_first_turn_with_any_brandhout():
    st = run(
        deal(3, ["2C 9C 4D 5H 6S 7C 8C", "QS 2H 4H 6H 8H TH KH", "2D 3D 5D 6D 7D 8D KD"], stock_top="JS"), "draw stock"
    )
    assert "knock KH" in legal(st)  # brandhout 2+4+6+8+10+10+12.. no limit
    end = run(st, "knock KH")
    assert end.result().detail["ender"] == 1


def test_ruling_7_no_melds_on_the_table_and_melds_refused_in_a_deal():
    g = get_game("klop-rummy", 3)
    with pytest.raises(Exception, match="meld"):
        g.parse_action("meld 5C 6C 7C")
    st = deal(3, EX5, stock_top="9S")
    d = dict(st.deal_record(), melds=[{"owner": 0, "cards": ["AS", "2S", "3S"]}])
    with pytest.raises(DealError, match="melds"):
        g.from_deal(d)


def test_the_simple_bot_knocks_takes_and_discards_by_its_rules():
    g = get_game("klop-rummy", 3)
    rng = random.Random(1)
    st = deal(3, EX5, pile="9S")
    assert choose(st.observation(1), g, rng).text() == "draw discard"  # 9S grows the spade run
    st = run(st, "draw discard")
    assert choose(st.observation(1), g, rng).text() == "rummy 2D"
    st = run(deal(3, ["2C 3C 4D 5C 6C 7C 8C", "6S 7S 8S KC KD KH 2D", "2H 3H 4H 5H 6H 7H 8H"], pile="QD"), "draw stock")
    obs = st.observation(1)
    a = choose(obs, g, rng)
    left = st.game.solver.after_discards(st.hands[1])
    assert a.verb in ("knock", "discard") and left[a.cards[0]] == min(left.values())
    assert (a.verb == "knock") == (0 < min(left.values()) <= knock_bar(obs, g))


def test_the_simple_bot_chooses_among_the_legal_actions_it_is_given():
    """The strong bot asks the simple bot again with its first choice taken out and with one
    verb alone (``strong._candidates``): the answer is one of ``obs.legal`` (it once answered
    ``discard`` when offered only ``knock``s, so the hint compared a move with itself)."""
    from dataclasses import replace

    g = get_game("klop-rummy", 2)
    st = run(g.new_hand(seed=3), "draw stock")
    obs = st.observation(st.to_act)
    rng = random.Random(1)
    for verb in ("knock", "discard"):
        only = tuple(a for a in obs.legal if a.verb == verb)
        assert only and choose(replace(obs, legal=only), g, rng) in only
    first = choose(obs, g, rng)
    rest = tuple(a for a in obs.legal if a != first)
    assert choose(replace(obs, legal=rest), g, rng) in rest


def test_the_strong_bot_searches_distinct_candidates_and_the_hint_names_two_moves():
    """``cardtable play klop-rummy --seed 3``, draw, hint: the hint once read ``discard Q♥: a
    close call, as good as Discard Q♥`` (the same action searched twice)."""
    from cardtable.bots.explain import reason
    from cardtable.bots.strong import StrongBot

    g = get_game("klop-rummy", 2)
    st = run(g.new_hand(seed=3), "draw stock")
    info = st.information_set(st.to_act)
    bot = StrongBot(g, seed=1, iterations=8, use_pool=False)
    bot.choose(info)
    assert bot.last is not None
    texts = [a.text() for a in bot.last.legal]
    assert len(texts) == len(set(texts)) > 1, texts
    head, _, tail = reason(info.observation, bot.last, info).partition(": ")
    assert head.lower() not in tail.lower(), (head, tail)


def test_hands_stay_hidden_until_the_showdown_and_a_taken_card_stays_known():
    st = run(deal(3, EX5, pile="9S"), "draw discard", "discard 2D")
    nine = parse_cards("9S")[0]
    for seat in (0, 2):
        zone = next(z for z in st.observation(seat).zones if z.name == "hand 1")
        assert zone.cards == (nine,)  # only the card taken from the pile
        assert nine not in st.hidden_from(seat)
    end = replay_match(load_record("klop-rummy", "e7")).state
    zone = next(z for z in end.observation(0).zones if z.name == "hand 2")
    assert sorted(zone.cards) == sorted(end.hands[2])  # shown at the showdown
    assert not (set(end.hidden_from(0)) & {c for h in end.hands for c in h})


def test_the_sheet_draws_the_spec_table():
    m = replay_match(load_record("klop-rummy", "e7"))
    text = m.sheet.render(["Anna", "Bram", "Cor"], aligned=False)
    assert text.splitlines()[:4] == [
        "| Hand | Dealer | Result | Anna | Bram | Cor |",
        "|---|---|---|---|---|---|",
        "| 1 | Anna | Bram knocks, beaten by Cor | 0 | 0 | 37 |",
        "| total |  |  | 0 | 0 | 37 |",
    ]
    assert "to 250" in text
    view = m.sheet.view(["Anna", "Bram", "Cor"])
    assert view.total == ("total", "", "", "0", "0", "37") and view.score_columns == 3
