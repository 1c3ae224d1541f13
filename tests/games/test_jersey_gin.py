"""Jersey Gin (cardtable/rules/jersey-gin.md): every Example of §11 with the spec's exact values, the
options of §9, the rulings of §10 that change play, the sheet of §8, the hidden hands, the simple
bot's rules of thumb. Examples 4 to 8 play a whole hand: they are records in
tests/records/jersey-gin/ and replayed; ``sheet.json`` plays §8's four hands."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import card_text, full52, parse_cards
from cardtable.engine import get_game
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay as replay_match
from tests.games.helpers import legal, load_record, refused, run

NAMES = ["Anna", "Bram", "Cor"]


def position(hands: list[str], pile: str, to_act: int, stock_top: str = "", dealer: int = 0, **options):
    """Seat ``to_act`` at the start of its turn: the hands given, the discard pile ``pile``
    (bottom to top), the stock with ``stock_top`` first and the other cards after it."""
    g = get_game("jersey-gin", **options)
    hs = [parse_cards(h) for h in hands]
    top = parse_cards(stock_top) if stock_top else []
    pl = parse_cards(pile)
    used = {c for h in hs for c in h} | set(top) | set(pl)
    rest = [c for c in full52() if c not in used]
    d = {
        "dealer": dealer,
        "hands": [[card_text(c) for c in h] for h in hs],
        "stock": [card_text(c) for c in top + rest],
        "discard": [card_text(c) for c in pl],
        "to_act": to_act,
    }
    return g.from_deal(d)


def fresh(hands: list[str], upcard: str, dealer: int = 0, stock_top: str = ""):
    """A fresh deal (the offer round on): the hands, the upcard, the other cards in the stock."""
    g = get_game("jersey-gin")
    hs = [parse_cards(h) for h in hands]
    top = parse_cards(stock_top) if stock_top else []
    used = {c for h in hs for c in h} | set(top) | set(parse_cards(upcard))
    rest = top + [c for c in full52() if c not in used]
    d = {
        "dealer": dealer,
        "hands": [[card_text(c) for c in h] for h in hs],
        "stock": [card_text(c) for c in rest],
        "discard": [upcard],
    }
    return g.from_deal(d)


DRAWS = {"draw stock", "draw discard", "draw discard 2"}


def draws(state) -> set[str]:
    return legal(state) & DRAWS


# ---- Example 1: which discard cards may be taken ----------------------------------------------

EX1 = ["KS 2C 3C 4C 5C 6C 7C 8C TC JC", "7H 2D 3D 5D 6D 7D 8D 9D TD JD", "2H 3H 4H 5H 6H 8H 9H TH JH QH"]


def test_example_1_the_two_top_discards():
    st = run(position(EX1, "9C 4D", 0, stock_top="QC"), "draw stock", "discard KS")
    assert st.seat == 1 and draws(st) == DRAWS
    st = run(st, "draw discard 2")
    assert [card_text(c) for c in st.pile] == ["9C", "KS"]
    got = legal(st)
    assert not {"discard 4D", "knock 4D", "gin 4D"} & got
    refused(st, "discard 4D", "taken from the discard pile")
    st = run(st, "discard 7H")
    assert [card_text(c) for c in st.pile] == ["9C", "KS", "7H"]
    assert st.seat == 2 and draws(st) == {"draw stock", "draw discard"}
    refused(st, "draw discard 2", "previous turn took from the discard pile")


# ---- Example 2: the offer round -----------------------------------------------------------------

EX2 = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD", "QD 2H 3H 4H 5H 6H 7H 8H 9H TH"]


def test_example_2_offer_round():
    st = fresh(EX2, "7S")
    assert st.seat == 1 and legal(st) == {"pass", "draw discard"}
    assert st.observation(1).phase == "offer"
    refused(st, "draw stock", "offer round")
    st = run(st, "pass")
    assert st.seat == 2 and legal(st) == {"pass", "draw discard"}
    st = run(st, "draw discard", "discard QD")
    assert st.seat == 0 and not st.offering
    assert draws(st) == {"draw stock", "draw discard"}
    refused(st, "pass", "only for the offer round")


def test_example_2_variant_everyone_passes():
    st = run(fresh(EX2, "7S"), "pass", "pass", "pass")
    assert st.seat == 1 and not st.offering and st.observation(1).phase == "draw"
    assert draws(st) == {"draw stock", "draw discard"}
    assert [card_text(c) for c in st.pile] == ["7S"]


def test_ruling_3_the_taker_may_go_gin_at_once_and_play_goes_on_after_him():
    """Ruling 3: the offer round's take ends in a normal end step (a gin here) ..."""
    st = run(fresh(EX2, "JH"), "pass", "draw discard")
    assert "gin QD" in legal(st)  # 2H .. JH is a run of ten
    assert run(st, "gin QD").result().points == [0, 0, 50]  # seats 0 and 1 hold runs of ten
    assert "may not be discarded in the same turn" in st.explain(st.game.parse_action("discard JH"))
    st = run(fresh(EX2, "7S"), "draw discard", "discard 7D")
    assert st.seat == 2 and not st.offering  # ... and play goes on with the seat after the taker


# ---- Example 3: knock and gin legality ----------------------------------------------------------


def test_example_3_knock_and_gin_legality():
    g = get_game("jersey-gin")
    (st,) = g.grammar_positions()
    after = st.game.solver.after_discards(st.hands[2])
    assert {card_text(c): v for c, v in after.items()} == {
        "4D": 0,
        "3H": 4,
        "6H": 4,
        "3S": 7,
        "2S": 8,
        "AS": 9,
        "5H": 17,
        "4H": 18,
        "9C": 22,
        "9D": 22,
        "9S": 22,
    }
    cards = "3H 4H 5H 6H 9C 9D 9S 2S AS 4D 3S".split()
    want = {f"discard {c}" for c in cards} | {"gin 4D"}
    want |= {f"knock {c}" for c in "3H 6H 3S 2S AS".split()}
    assert legal(st) == want
    refused(st, "knock 5H", "would be 17, more than 9")
    refused(st, "knock 4D", "that is a gin")
    refused(st, "gin 3H", "would be 4, not 0")


# ---- Examples 4 to 8: records -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name,outcome,points,brandhout",
    [
        ("e4", "knock", [0, 70, 0], [25, 3, 48]),
        ("e5", "knock", [0, 0, -20], [7, 24, 7]),
        ("e6", "gin", [0, 133, 0], [36, 0, 47]),
        ("e7", "knock", [103, 0, 0], [4, 58, 49]),
    ],
)
def test_examples_4_to_7_showdown_records(name, outcome, points, brandhout):
    m = replay_match(load_record("jersey-gin", name))
    res = m.state.result()
    assert res.outcome == outcome and res.points == points
    assert res.detail["brandhout"] == brandhout
    assert m.sheet.totals == points
    assert m.state.game.check_result(res, m.state) == []


def test_example_4_the_lay_offs():
    d = replay_match(load_record("jersey-gin", "e4")).state.result().detail
    assert d["ender"] == 1 and d["undercut"] is False
    assert d["melds"][1] == ["5H 6H 7H", "9C 9D 9S", "JC QC KC"] and d["deadwood"][1] == "3D"
    assert d["layoffs"] == [[["4H", 1], ["3H", 1], ["9H", 2], ["TC", 3]], [], [["8H", 1]]]
    assert d["melds"][0] == ["5C 5D 5S"] and d["deadwood"][0] == "7S 8S TD"
    assert d["melds"][2] == [] and d["deadwood"][2] == "AD 2C 2S 4S 6C 6S 7C QD KD"


def test_example_5_undercut_by_a_tie():
    res = replay_match(load_record("jersey-gin", "e5")).state.result()
    d = res.detail
    assert d["undercut"] is True and d["undercut_by"] == [0] and res.winners == []  # ruling 18
    assert d["melds"][0] == ["AC AH AS", "AD 2D 3D"] and d["deadwood"][0] == "2C 5S"
    assert d["layoffs"][0] == [["TH", 3], ["9H", 3]]
    assert d["melds"][1] == ["9S TS JS QS KS"] and d["layoffs"][1] == []


def test_example_6_gin_with_lay_offs():
    d = replay_match(load_record("jersey-gin", "e6")).state.result().detail
    assert d["layoffs"] == [[["7C", 2], ["9D", 3]], [], [["6C", 1], ["KD", 3]]]
    assert d["melds"][2] == ["3S 4S 5S"] and d["deadwood"][2] == "8H 9H JC QS KS"
    assert d["melds"][0] == ["AD AH AS"] and d["deadwood"][0] == "2H 6H 8S TC TH"


def test_example_7_the_knockers_arrangement_is_chosen_against_the_lay_offs():
    d = replay_match(load_record("jersey-gin", "e7")).state.result().detail
    assert d["melds"][0] == ["AH 2H 3H", "7S 8S 9S TS JS"] and d["deadwood"][0] == "2C 2D"  # (a), not (b)
    assert d["layoffs"] == [[], [], []]
    assert d["melds"][1] == ["4C 5C 6C"] and d["melds"][2] == ["3C 3D 3S"]


@pytest.mark.parametrize(
    "name,options,points",
    [
        ("e4", {"knock_payout": "differences"}, [0, 67, 0]),
        ("e7", {"knock_payout": "differences"}, [99, 0, 0]),
        ("e6", {"layoff_on_gin": False}, [0, 165, 0]),
        ("e4", {"layoff_on_knock": False}, [0, 51 + 56 - 3, 0]),
        ("e5", {"undercut_penalty": 25}, [0, 0, -25]),
    ],
)
def test_the_options_of_section_9(name, options, points):
    rec = load_record("jersey-gin", name)
    rec["options"] = options
    m = replay_match(rec)
    assert m.state.result().points == points
    assert m.state.game.check_result(m.state.result(), m.state) == []


def test_example_6_without_lay_offs_on_gin():
    rec = load_record("jersey-gin", "e6")
    rec["options"] = {"layoff_on_gin": False}
    d = replay_match(rec).state.result().detail
    assert d["brandhout"] == [52, 0, 63] and d["layoffs"] == [[], [], []]


def test_example_8_void_hand():
    m = replay_match(load_record("jersey-gin", "e8"))
    st = m.state
    assert len(st.stock) == 2 and st.void
    res = st.result()
    assert res.outcome == "void" and res.points == [0, 0, 0] and res.detail["next_dealer"] == 1
    assert m.sheet.next_dealer == 1
    assert m.sheet.table(NAMES)[1][0][2] == "void"
    assert "the hand is void" in st.observation(0).log[-1]


def test_example_8_a_knock_instead_is_scored():
    """Seat 1 draws the KC: ``knock KC`` (the 8C left: 8) is scored, not void: the others hold
    runs of ten, so it is undercut."""
    rec = load_record("jersey-gin", "e8")
    again = run(get_game("jersey-gin").from_deal(rec["hands"][0]["deal"]), "draw stock")
    assert "knock KC" in legal(again)
    end = run(again, "knock KC")
    assert not end.void and end.result().outcome == "knock" and end.result().points == [0, -20, 0]


def test_example_9_game_end():
    g = get_game("jersey-gin")
    sheet = g.new_sheet()
    sheet.record(Result([185, 150, 196], "knock", [0], {"dealer": 0}))
    assert not sheet.over
    sheet.record(Result([22, 0, 0], "knock", [0], {"dealer": 1}))
    assert sheet.totals == [207, 150, 196] and sheet.over and sheet.winners == [0]
    variant = g.new_sheet()
    variant.record(Result([185, 150, 196], "knock", [0], {"dealer": 0}))
    variant.record(Result([0, 0, -20], "knock", [], {"dealer": 1}))
    assert variant.totals == [185, 150, 176] and not variant.over


# ---- §8: the sheet -------------------------------------------------------------------------------


def test_the_sheet_of_section_8():
    m = replay_match(load_record("jersey-gin", "sheet"))
    text = m.sheet.render(NAMES, aligned=False)
    assert text.splitlines() == [
        "| Hand | Dealer | Result | Anna | Bram | Cor |",
        "|---|---|---|---|---|---|",
        "| 1 | Anna | Bram knocks (3), wins | 0 | 70 | 0 |",
        "| 2 | Bram | Cor knocks (7), undercut | 0 | 0 | -20 |",
        "| 3 | Cor | void | 0 | 0 | 0 |",
        "| 4 | Anna | Anna gin | 133 | 0 | 0 |",
        "| total |  |  | 133 | 70 | -20 |",
        "to 200",
    ]
    assert m.sheet.view(NAMES).title == "Scores (to 200)"
    assert m.sheet.table(["You", "Bram", "Cor"])[1][0][2] == "Bram knocks (3), wins"
    assert m.sheet.table(["Anna", "You", "Cor"])[1][0][2] == "You knock (3), win"


# ---- the showdown in words (issue 25 point 4) ----------------------------------------------------


def test_the_summary_shows_every_split_and_the_lay_offs():
    res = replay_match(load_record("jersey-gin", "e4")).state.result()
    lines = res.summary.lines(NAMES)
    assert lines[0] == "Bram knocked with 3 and won: 25 + 48 \u2212 3 = 70"
    assert "  Anna: 5C 5D 5S | 7S 8S TD  = 25, laid off 4H 3H 9H TC" in lines
    assert "  Bram: 5H 6H 7H, 9C 9D 9S, JC QC KC | 3D  = 3" in lines
    assert "  Cor: no meld | AD 2C 2S 4S 6C 6S 7C QD KD  = 48, laid off 8H" in lines
    assert lines[-1] == "  On Bram's melds: 3H 4H 5H 6H 7H 8H, 9C 9D 9H 9S, TC JC QC KC"
    laid = set(parse_cards("4H 3H 9H TC 8H"))
    assert set(res.summary.facts[-1].marked) == laid
    assert res.summary.to_json()["facts"][-1]["marked"] == ["4H", "3H", "9H", "TC", "8H"]
    assert res.summary.lines(["You", "Bram", "Cor"], you=0)[3].startswith("  You: ")
    under = replay_match(load_record("jersey-gin", "e5")).state.result().summary
    assert under.lines(NAMES)[0] == "Cor knocked with 7 and was undercut by Anna: \u221220"
    assert under.lines(["Anna", "Bram", "You"], you=2)[0] == "You knocked with 7 and were undercut by Anna: \u221220"
    gin = replay_match(load_record("jersey-gin", "e6")).state.result().summary
    assert gin.lines(NAMES)[0] == "Bram went gin: 50 + 36 + 47 = 133"


# ---- the rules of play: deal, status, explanations ---------------------------------------------


def test_the_deal_and_the_offer_round_of_a_shuffled_hand():
    g = get_game("jersey-gin")
    st = g.new_hand(seed=5)
    assert [len(h) for h in st.hands] == [10, 10, 10] and len(st.stock) == 21 and len(st.pile) == 1
    assert st.offering and st.seat == 1 and legal(st) == {"pass", "draw discard"}
    assert "take the upcard" in st.observation(0).status
    rec = st.deal_record()
    assert g.from_deal(rec).offering and "offer" not in rec


def test_options_and_deals_are_checked():
    with pytest.raises(OptionError, match="knock_payout"):
        get_game("jersey-gin", knock_payout="half")
    with pytest.raises(OptionError, match="undercut_penalty"):
        get_game("jersey-gin", undercut_penalty=-1)
    with pytest.raises(OptionError):
        get_game("jersey-gin", 2)
    rec = load_record("jersey-gin", "e8")["hands"][0]["deal"]
    with pytest.raises(DealError, match="stock"):
        get_game("jersey-gin").from_deal(dict(rec, stock=rec["stock"][:2], discard=rec["stock"][2:] + rec["discard"]))
    with pytest.raises(DealError, match="melds"):
        get_game("jersey-gin").from_deal(dict(rec, melds=[{"owner": 0, "cards": ["AS", "2S", "3S"]}]))
    with pytest.raises(DealError, match="took"):
        get_game("jersey-gin").from_deal(dict(rec, took="yes"))


def test_a_position_carries_the_offer_round_and_the_last_take():
    """``offer`` and ``took`` in a deal (docs/records.md) give back what a sampled position
    needs: the offer round's two actions, or no ``draw discard 2`` after a take."""
    st = run(position(EX1, "9C 4D", 0, stock_top="QC"), "draw stock", "discard KS", "draw discard 2", "discard 7H")
    again = st.game.from_deal(st._position_deal())
    assert legal(again) == legal(st) == {"draw stock", "draw discard"}
    st = fresh(EX2, "7S")
    again = st.game.from_deal(st._position_deal())
    assert legal(again) == {"pass", "draw discard"}


# ---- hidden information --------------------------------------------------------------------------


def test_hands_stay_hidden_a_taken_card_stays_known_and_the_samples_agree():
    st = run(fresh(EX2, "7S"), "pass", "draw discard", "discard QD")
    seven = parse_cards("7S")[0]
    zone = next(z for z in st.observation(0).zones if z.name == "hand 2")
    assert zone.cards == (seven,) and zone.count == 10
    assert seven not in st.hidden_from(0) and seven not in st.hidden_from(1)
    info = st.information_set(0)
    rng = random.Random(3)
    for _ in range(5):
        world = info.sample(rng)
        assert seven in world.hands[2] and world.hands[0] == st.hands[0]
        assert world.pile == st.pile and len(world.stock) == len(st.stock)
    for s in (0, 1):
        hidden = st.hidden_from(s)
        assert not hidden & {c for z in st.observation(s).zones for c in z.cards}
        assert hidden == {c for h in st.hands for c in h if c != seven} - set(st.hands[s]) | set(st.stock)
    end = replay_match(load_record("jersey-gin", "e4")).state
    zone = next(z for z in end.observation(0).zones if z.name == "hand 2")
    assert sorted(zone.cards) == sorted(end.hands[2])  # shown at the showdown


# ---- the simple bot --------------------------------------------------------------------------------


def test_the_simple_bot_takes_the_upcard_sensibly_and_goes_gin():
    from cardtable.bots.jersey_gin import choose

    g = get_game("jersey-gin")
    rng = random.Random(1)
    st = fresh(EX2, "JH")
    assert choose(st.observation(1), g, rng).text() == "pass"  # JH is nothing to seat 1
    st = run(st, "pass")
    assert choose(st.observation(2), g, rng).text() == "draw discard"  # 2H .. JH: a run
    st = run(st, "draw discard")
    assert choose(st.observation(2), g, rng).text() == "gin QD"
    (ex3,) = g.grammar_positions()
    assert choose(ex3.observation(2), g, rng).text() == "gin 4D"


def test_the_simple_bot_takes_the_second_discard_when_it_melds():
    from cardtable.bots.jersey_gin import choose

    g = get_game("jersey-gin")
    st = run(position(EX1, "9C 4D", 0, stock_top="QC"), "draw stock", "discard KS")
    assert choose(st.observation(1), g, random.Random(1)).text() == "draw discard 2"  # 4D: 2D 3D 4D 5D ...


def test_the_simple_bots_shortcuts_agree_with_a_full_search():
    """``Takes.after`` (a card that melds with nothing is valued without a search) and
    ``best_discard`` (near-melds counted for tied cards only) against the plain search."""
    from cardtable.bots.jersey_gin import Takes, best_discard
    from cardtable.families.rummy import near_melds

    g = get_game("jersey-gin")
    rng = random.Random(5)
    for _ in range(150):
        deck = full52()
        rng.shuffle(deck)
        hand, card = deck[:10], deck[10]
        after = g.solver.after_discards(hand + [card])
        assert Takes(hand, g).after(card) == min(v for c, v in after.items() if c != card)
        low, got = best_discard(deck[:11], None, g)
        assert low == min(after.values()) == after[got]
        near = near_melds(deck[:11])
        assert got == min(deck[:11], key=lambda c: (after[c], near[c], -g.points[c], c))
