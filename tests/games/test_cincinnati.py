"""Cincinnati Rummy (cardtable/rules/cincinnati.md): every Example of §11 with the spec's exact
values, the options of §9, the rulings of §10 that change play, the sheet, the going-out summary,
the simple bot's rules of thumb and the hidden hands. Examples 3 to 5 play a whole hand: they are
records in tests/records/cincinnati/ and replayed."""

from __future__ import annotations

import random

import pytest

from cardtable.bots.cincinnati import choose
from cardtable.cards import card_text, cards_text, parse_cards
from cardtable.engine import get_game
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay as replay_match
from cardtable.families.deadwood import canonical
from cardtable.families.drift import DRAW
from cardtable.games.cincinnati import example_position, is_meld
from tests.games.helpers import legal, load_record, refused, run

NAMES = ["Anna", "Bram", "Cor", "Dirk"]


# ---- Example 1: meld validity ----------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, valid",
    [
        ("QS KS AS", True),
        ("AS 2S 3S", True),
        ("KS AS 2S", False),
        ("KS AS JK", True),
        ("2C 2D 2H", True),
        ("JK JK JK", False),
        ("5H 5H 5C", False),
        ("5H 6H JK 8H", True),
        ("9C JK JK", True),
    ],
)
def test_example_1_meld_validity(cards, valid):
    assert is_meld(parse_cards(cards)) is valid


# ---- Example 2: the legal end actions ---------------------------------------------------------

EX2 = "QS KS AS 7D 7H 7C JK"


def ex2_position():
    return run(example_position(4, {1: EX2}, 1, "4C"), "draw stock")


def test_example_2_legal_end_actions():
    st = ex2_position()
    assert cards_text(st.hands[1]) == "QS KS AS 7D 7H 7C JK 4C"
    cards = "QS KS AS 7D 7H 7C JK 4C".split()
    assert legal(st) == {f"discard {c}" for c in cards} | {"rummy 4C"}
    refused(st, "rummy", "not all your cards fit in melds")
    refused(st, "rummy QS", "brandhout left would be", "not 0")
    refused(st, "knock 4C", "'knock'")
    sp = st.game.solver.split(parse_cards(EX2))
    # K5: AS QS KS is a prefix of AS QS KS JK, so the joker goes with the sevens
    assert [cards_text(m[1]) for m in sp.melds] == ["QS KS AS", "7C 7D 7H JK=7S"]
    assert cards_text(canonical(sp.melds[0][1])) == "AS QS KS"


# ---- Examples 3 and 5: the winner's score, the settlement (record e5) -------------------------


def test_example_3_the_winners_score():
    m = replay_match(load_record("cincinnati", "e5"))
    st, res = m.state, m.state.result()
    assert res.outcome == "rummy" and res.detail["ender"] == 1 and res.detail["end"] == "4C"
    assert res.detail["hand_score"] == 10 + 10 + 11 + 15 + 7 + 7 + 7 == 67
    assert res.points == [0, 67, 0, 0] and res.winners == [1]
    assert res.detail["melds"][1] == ["QS KS AS", "7C 7D 7H JK=7S"]
    assert st.game.check_result(res, st) == []


def test_example_5_full_settlement():
    m = replay_match(load_record("cincinnati", "e5"))
    st = m.state
    assert [cards_text(h) for h in st.hands] == [
        "AH AD 5C 6C 7S 9H KD",
        "QS KS AS 7D 7H 7C JK",
        "2C 2H QD QH TS JS 8C",
        "JK 3H 4H 5H 8D 8S TC",
    ]
    sheet = st.game.new_sheet()
    sheet.record(Result([40, 95, 0, 120], "rummy", [3], {"dealer": 3}))
    sheet.record(st.result())
    assert sheet.totals == [40, 162, 0, 120] and not sheet.over


# ---- Example 4: without a discard scores more (record e4) -------------------------------------

EX4 = {"rummy": 62, "rummy AD": 51, "rummy 2D": 60, "rummy 3D": 59, "rummy 4D": 58}
EX4 |= {"rummy 9C": 53, "rummy 9H": 53, "rummy 9S": 53, "rummy JK": 47}


def test_example_4_every_rummy_and_its_score():
    st = run(example_position(4, {3: "AD 2D 3D 4D 9C 9H 9S"}, 3, "JK", dealer=2), "draw stock")
    cards = "AD 2D 3D 4D 9C 9H 9S JK".split()
    assert legal(st) == {f"discard {c}" for c in cards} | set(EX4)
    for text, score in EX4.items():
        end = run(st, text)
        res = end.result()
        assert res.points == [0, 0, 0, score], text
        assert end.game.check_result(res, end) == []


def test_example_4_record_rummy_without_a_discard():
    m = replay_match(load_record("cincinnati", "e4"))
    res = m.state.result()
    assert res.points == [0, 0, 0, 62] and res.detail["end"] is None
    assert res.detail["melds"][3] == ["AD 2D 3D 4D", "9C JK=9D 9H 9S"]
    assert len(m.state.hands[3]) == 8
    assert res.summary.headline.text == "seat 3 went rummy with every card: 62 points"
    assert m.sheet.table(NAMES)[1][0][2] == "Dirk rummy (no discard)"
    assert "goes rummy with every card, without a discard." in m.state.observation(0).log[-1]


def test_example_4_the_table_offers_rummy_without_a_discard_on_a_key_of_its_own():
    from tests.tui.reach import reach

    st = run(example_position(4, {3: "AD 2D 3D 4D 9C 9H 9S"}, 3, "JK", dealer=2), "draw stock")
    obs = st.observation(3)
    specs = {(s.verb, s.key, s.shape) for s in obs.verbs}
    assert ("rummy", "a", "none") in specs and ("rummy", "r", "card") in specs
    got = reach(obs)
    assert got[Action("rummy")] == ["a"] and all(a in got for a in obs.legal)


# ---- Example 6: the card taken blocks going out -----------------------------------------------


def test_example_6_the_taken_card_blocks_going_out():
    hands = {2: "6H 7H 8H 9H KC KD KS"}
    st = example_position(4, hands, 2, dealer=1)
    pile = st.pile[-1]
    deal = st.deal_record()
    three = parse_cards("3S")[0]
    # the 3S on top of the discard pile (swapped with where it lay)
    for where in [deal["stock"], *deal["hands"]]:
        if "3S" in where:
            where[where.index("3S")] = card_text(pile)
    deal["discard"] = ["3S"]
    st = st.game.from_deal(deal)
    st = run(st, "draw discard")
    assert st.taken == three
    assert legal(st) == {f"discard {c}" for c in "6H 7H 8H 9H KC KD KS".split()}
    refused(st, "rummy 3S", "taken from the discard pile")
    refused(st, "discard 3S", "taken from the discard pile")
    refused(st, "rummy", "not all your cards fit in melds")


def test_ruling_12_rummy_after_draw_discard_lays_the_card_taken_down():
    st = example_position(4, {1: "5H 6H 7H 9C 9D 9S 9H"}, 1)
    deal = st.deal_record()
    for where in [deal["stock"], *deal["hands"]]:
        if "8H" in where:
            where[where.index("8H")] = deal["discard"][0]
    deal["discard"] = ["8H"]
    st = run(st.game.from_deal(deal), "draw discard")
    got = legal(st)
    assert "rummy" in got and "rummy 8H" not in got and "rummy 5H" in got
    assert run(st, "rummy").result().points == [0, 5 + 6 + 7 + 8 + 9 * 4, 0, 0]


# ---- Example 7: the game end -------------------------------------------------------------------


@pytest.mark.parametrize("seat, totals", [(2, [230, 190, 252]), (0, [277, 190, 205])])
def test_example_7_game_end(seat, totals):
    g = get_game("cincinnati", 3)
    sheet = g.new_sheet()
    sheet.record(Result([230, 190, 205], "rummy", [0], {"dealer": 0}))
    pts = [0, 0, 0]
    pts[seat] = 47
    sheet.record(Result(pts, "rummy", [seat], {"dealer": 1}))
    assert sheet.totals == totals and sheet.over and sheet.winners == [seat]


# ---- §3 the deal, §9 the options ------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, options, packs, dealt, stock",
    [
        (2, {}, 1, 7, 39),
        (3, {}, 1, 7, 32),
        (3, {"three_player_hand": 10}, 1, 10, 23),
        (4, {}, 1, 7, 25),
        (5, {}, 1, 7, 18),
        (6, {}, 1, 6, 17),
        (4, {"packs": 2}, 2, 10, 67),
        (5, {"packs": 2}, 2, 10, 57),
        (6, {"packs": 2}, 2, 10, 47),
        (7, {}, 2, 10, 37),
    ],
)
def test_deal_sizes_and_packs(players, options, packs, dealt, stock):
    g = get_game("cincinnati", players, **options)
    st = g.new_hand(seed=5)
    assert g.packs == packs and len(g.deck()) == 54 * packs
    assert [len(h) for h in st.hands] == [dealt] * players
    assert len(st.stock) == stock and len(st.pile) == 1
    assert (st.dealer, st.to_act) == (0, 1)


def test_options_not_in_force_are_refused():
    for players, opts, word in [
        (2, {"packs": 2}, "4 to 6"),
        (7, {"packs": 1}, ""),
        (4, {"three_player_hand": 10}, "3"),
    ]:
        g = get_game("cincinnati", players)
        if not word:
            get_game("cincinnati", players, **opts).check_new_match()  # 7 players: 2 packs, the default stays
            continue
        with pytest.raises(OptionError, match=word):
            get_game("cincinnati", players, **opts).check_new_match()
        assert g.options_not_in_force()


def test_reshuffle_stock_shuffles_the_renewed_stock():
    def renewed(**options):
        st = get_game("cincinnati", 2, **options).new_hand(seed=3)
        while st.turnovers == 0:
            hand = st.hands[st.seat]
            st = run(st, "draw stock") if st.phase == DRAW else run(st, f"discard {card_text(hand[-1])}")
            st = st if st.to_act is not None else None
            assert st is not None
        return st

    plain, mixed = renewed(), renewed(reshuffle_stock=True)
    assert plain.stock_known and not mixed.stock_known
    assert sorted(plain.stock) == sorted(mixed.stock) and plain.stock != mixed.stock


def test_target_score_option():
    g = get_game("cincinnati", 2, target_score=60)
    sheet = g.new_sheet()
    sheet.record(Result([0, 62], "rummy", [1], {"dealer": 0}))
    assert sheet.over and sheet.winners == [1]
    assert "to 60" in sheet.render()


def test_a_deal_with_melds_or_the_wrong_cards_is_refused():
    st = example_position(4, {1: EX2}, 1)
    with pytest.raises(DealError, match="no melds"):
        st.game.from_deal(dict(st.deal_record(), melds=[{"owner": 0, "cards": ["AS", "2S", "3S"]}]))
    d = st.deal_record()
    d["stock"] = d["stock"][1:]
    with pytest.raises(DealError, match="missing"):
        st.game.from_deal(d)


# ---- §8 the sheet, the going-out summary --------------------------------------------------------


def test_sheet_as_section_8_draws_it():
    g = get_game("cincinnati", 4)
    sheet = g.new_sheet()
    sheet.record(Result([0, 67, 0, 0], "rummy", [1], {"dealer": 0, "sheet_result": "{^0} rummy", "sheet_seats": [1]}))
    detail = {"dealer": 1, "sheet_result": "{^0} rummy (no discard)", "sheet_seats": [3]}
    sheet.record(Result([0, 0, 0, 62], "rummy", [3], detail))
    text = sheet.render(NAMES, aligned=False).splitlines()
    assert text[0] == "| Hand | Dealer | Result | Anna | Bram | Cor | Dirk |"
    assert text[2] == "| 1 | Anna | Bram rummy | 0 | 67 | 0 | 0 |"
    assert text[3] == "| 2 | Bram | Dirk rummy (no discard) | 0 | 0 | 0 | 62 |"
    assert text[4] == "| total |  |  | 0 | 67 | 0 | 62 |"
    assert text[5] == "to 250"


def test_the_going_out_summary_shows_the_winners_melds_and_the_other_hands():
    m = replay_match(load_record("cincinnati", "e5"))
    res = m.state.result()
    lines = res.summary.lines(NAMES)
    assert lines[0] == "Bram went rummy: 67 points"
    assert "Bram laid down QS KS AS, 7C 7D 7H JK=7S  = 67, discarding 4C" in lines
    assert "Other hands (not counted):" in lines
    assert "  Anna: AD AH 5C 6C 7S 9H KD" in lines
    assert "  Dirk: 3H 4H 5H 8D 8S TC JK" in lines


# ---- §10 rulings: the void hand, what a player knows ---------------------------------------------


def test_ruling_11_a_card_taken_from_the_pile_is_known_and_every_hand_at_the_end():
    m = replay_match(load_record("cincinnati", "e5"))
    st0 = m.state.game.from_deal(load_record("cincinnati", "e5")["hands"][0]["deal"])
    zones = {z["name"]: z for z in st0.observation(0).to_json()["zones"]}
    assert zones["hand 1"]["cards"] == [] and zones["hand 1"]["count"] == 7
    assert len(zones["hand 0"]["cards"]) == 7
    end = m.state
    assert end.known[2] == end.hands[2]
    st = run(example_position(4, {1: EX2}, 1), "draw discard")
    assert st.known[1] == [st.hands[1][-1]]
    st = run(st, f"discard {card_text(st.hands[1][0])}")
    assert st.known[1] == [st.hands[1][-1]]


def test_ruling_10_a_hand_nobody_ends_is_void():
    st = get_game("cincinnati", 2).new_hand(seed=1)
    st.turnovers = 40
    while st.to_act is not None:
        if st.phase == DRAW:
            st = run(st, "draw stock")
        else:
            taken = st.taken
            c = next(c for c in st.hands[st.seat] if c != taken)
            st = run(st, f"discard {card_text(c)}")
    res = st.result()
    assert res.outcome == "void" and res.points == [0, 0] and res.winners == []
    assert st.game.check_result(res, st) == []
    assert res.summary.headline.text == "A void hand: nothing is written"


# ---- the simple bot ---------------------------------------------------------------------------


def test_bot_goes_out_for_the_most_points():
    st = run(example_position(4, {3: "AD 2D 3D 4D 9C 9H 9S"}, 3, "JK", dealer=2), "draw stock")
    assert choose(st.observation(3), st.game, random.Random(1)) == Action("rummy")
    st = ex2_position()
    assert choose(st.observation(1), st.game, random.Random(1)).text() == "rummy 4C"


def test_bot_takes_a_joker_and_keeps_it():
    st = example_position(4, {1: "5H 6H 9C 9D KS 2C 4D"}, 1)
    deal = st.deal_record()
    for where in [deal["stock"], *deal["hands"]]:
        if "JK" in where:
            where[where.index("JK")] = deal["discard"][0]
    deal["discard"] = ["JK"]
    st = st.game.from_deal(deal)
    obs = st.observation(1)
    assert choose(obs, st.game, random.Random(1)).text() == "draw discard"
    st = run(st, "draw stock")
    a = choose(st.observation(1), st.game, random.Random(1))
    assert a.verb == "discard" and card_text(a.cards[0]) in ("2C", "4D", "KS")


# ---- the end step's shortcut ------------------------------------------------------------------


def test_loose_cards_are_the_cards_in_no_meld_and_the_end_step_is_exact():
    """``loose_cards`` (a look at ranks and suits) names exactly the cards the meld search puts in
    no meld, and the end step offers exactly the rummies of the solver's definition (§5)."""
    from cardtable.families.melds import meld_uses
    from cardtable.games.cincinnati import loose_cards

    rng = random.Random(26)
    for k in range(400):
        g = get_game("cincinnati", 4, packs=1 + k % 2)
        deck = g.deck()
        hand = rng.sample(deck, rng.choice((5, 8, 11, 14)))
        covered = {c for _k, m in g.solver.melds_of(hand) for c in meld_uses(m)}
        assert sorted(loose_cards(hand)) == sorted({c for c in hand if c not in covered}), cards_text(hand)
    for seed in range(60):
        st = get_game("cincinnati", 2).new_hand(seed=seed)
        st = run(st, "draw stock")
        hand = st.hands[st.seat]
        after = st.game.solver.after_discards(hand)
        want = {f"rummy {card_text(c)}" for c in set(hand) if after[c] == 0}
        want |= {"rummy"} if st.game.brandhout(hand) == 0 else set()
        assert {t for t in legal(st) if t.startswith("rummy")} == want
