"""Wildcard Rummy (cardtable/rules/wildcard-rummy.md): every Example of §11 with the spec's exact
values (4 and 5 play whole hands: records in tests/records/wildcard-rummy/, replayed), the options
of §9, the rulings of §10 that change play, the sheet of §8, the going-out summary, the bots, and
``cardtable simulate`` at 2 and 7 seats."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from cardtable.bots import get_bot
from cardtable.bots.playouts import simple_policy
from cardtable.bots.wildcard_rummy import choose, distance_solver
from cardtable.cards import card_text, cards_text, parse_card, parse_cards
from cardtable.cli import main
from cardtable.engine import Match, get_game
from cardtable.engine.game import DealError, OptionError, Result
from cardtable.engine.record import replay as replay_match
from cardtable.families.drift import MAX_TURNOVERS
from cardtable.families.melds import MeldRules, find_wild_melds
from cardtable.games.wildcard_rummy import WILDCARD_POINTS, example_5_position, is_meld
from tests.games.helpers import legal, load_record, refused, run

NAMES = ["Anna", "Bram", "Cor", "Dirk"]


def deal(n: int, hands: dict[int, str], to_act: int, stock_top: str = "", pile: str = "", dealer: int = 0, **options):
    """A position of ``n`` players at ``to_act``'s draw: the hands given by seat, the others dealt
    from the rest of the deck, the stock with ``stock_top`` first, the discard pile ``pile``
    (bottom to top; default one card of the rest)."""
    g = get_game("wildcard-rummy", n, **options)
    rest = g.deck()
    for c in parse_cards(" ".join(list(hands.values()) + [stock_top, pile])):
        rest.remove(c)
    out = []
    for s in range(n):
        if s in hands:
            out.append(hands[s].split())
        else:
            out.append([card_text(c) for c in rest[: g.dealt]])
            rest = rest[g.dealt :]
    pl = pile.split() if pile else [card_text(rest.pop())]
    d = {"dealer": dealer, "hands": out, "stock": stock_top.split() + [card_text(c) for c in rest]}
    d.update(discard=pl, to_act=to_act)
    return g.from_deal(d)


def record_state(name: str, actions: int):
    """The first hand of record ``name`` after its first ``actions`` actions."""
    rec = load_record("wildcard-rummy", name)
    g = get_game("wildcard-rummy", rec["players"], **rec["options"])
    hand = rec["hands"][0]
    return run(g.from_deal(hand["deal"]), *hand["actions"][:actions])


def split_of(hand: str):
    sp = get_game("wildcard-rummy", 4).solver.split(parse_cards(hand))
    return sp.points, [cards_text(m[1]) for m in sp.melds], cards_text(sp.dead)


# ---- Example 1 and §6: the melds, brandhout, the split shown ----------------------------------


@pytest.mark.parametrize(
    "cards,valid",
    [
        ("KH AH 2H", True),
        ("KH AH 3H", False),
        ("QS KS AS", True),
        ("AS 2S 3S", True),
        ("2C 2D 2H", True),
        ("2C JK JK", True),
        ("JK JK JK", False),
        ("5H 5H 5C", False),
        ("5C 5D 5H 5S JK", False),
        ("9H JK JH", True),
        ("5H 6H JK 8H 9H", True),
    ],
)
def test_example_1_meld_validity(cards, valid):
    assert is_meld(parse_cards(cards)) is valid


def test_section_6_4_worked_examples():
    assert split_of("7C 8C 2H KD KS 4S JK") == (4, ["7C 8C 2H=9C", "JK=KC KD KS"], "4S")
    assert split_of("AH 2H 3H 3C 3D QS 9C") == (25, ["AH 2H 3H"], "3C 3D 9C QS")
    assert split_of("KH AH 2H 8C 8D 9S 4D") == (29, ["2H=QH KH AH"], "4D 8C 8D 9S")
    assert split_of("5H 6H 7H 6C 6D KS 3C") == (25, ["6C 6D 6H"], "3C 5H 7H KS")  # K4: 5H < 6C


def test_section_2_card_points_add_up():
    g = get_game("wildcard-rummy", 2)
    assert sum(WILDCARD_POINTS[c] for c in g.deck()) == 522
    assert sum(WILDCARD_POINTS[c] for c in get_game("wildcard-rummy", 7).deck()) == 1044


def test_wild_twos_are_off_by_default_and_find_the_same_melds_without_twos():
    """The family parameter: ``wild_twos`` off changes nothing; on, a hand without twos gets the
    melds it had."""
    rules = MeldRules(ace_mode="high_low", set_jokers="card")
    hand = parse_cards("KH AH 2H 5C 5D JK")
    assert ("run", tuple(parse_cards("QH KH AH"))) not in find_wild_melds(hand, rules)
    assert not any(
        len(m) == 3 and parse_card("2H") in m and parse_card("KH") in m for _k, m in find_wild_melds(hand, rules)
    )
    no_twos = parse_cards("KH AH 5C 5D JK 9C")
    assert find_wild_melds(no_twos, rules._replace(wild_twos=True)) == find_wild_melds(no_twos, rules)


def _meld_by_hand(cards: list[int]) -> bool:
    """§6.1 read directly, independent of the solver: some choice of which twos are themselves
    leaves natural cards that, with the other wild cards, make a set or a run."""
    from itertools import combinations

    from cardtable.cards import RANK_OF, SUIT_OF, is_joker

    twos = [c for c in cards if not is_joker(c) and RANK_OF[c] == 2]
    plain_nat = [c for c in cards if not is_joker(c) and RANK_OF[c] != 2]
    n = len(cards)
    if n < 3:
        return False
    for k in range(len(twos) + 1):
        for mine in combinations(twos, k):
            nat = plain_nat + list(mine)
            if not nat:
                continue
            if len({RANK_OF[c] for c in nat}) == 1 and len({SUIT_OF[c] for c in nat}) == len(nat) and n <= 4:
                return True
            if len({SUIT_OF[c] for c in nat}) == 1 and n <= 13:
                for ace in (1, 14):
                    ranks = [ace if RANK_OF[c] == 14 else RANK_OF[c] for c in nat]
                    lo_line = 1 if ace == 1 else 2
                    if len(set(ranks)) == len(ranks) and any(
                        lo <= min(ranks) and max(ranks) <= lo + n - 1 for lo in range(lo_line, lo_line + 14 - n)
                    ):
                        return True
    return False


def _brandhout_by_hand(cards: list[int], pts) -> int:
    from itertools import combinations

    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = pts[first] + _brandhout_by_hand(rest, pts)
    for k in range(2, len(rest) + 1):
        for others in combinations(range(len(rest)), k):
            meld = [first] + [rest[i] for i in others]
            if _meld_by_hand(meld):
                left = [c for i, c in enumerate(rest) if i not in others]
                best = min(best, _brandhout_by_hand(left, pts))
    return best


def test_the_solver_equals_a_search_by_hand_of_the_wild_twos():
    """The solver's brandhout (families/deadwood.py over ``MeldRules.wild_twos``) against §6.1
    and §6.2 read directly, on hands rich in twos and jokers (one and two packs)."""
    g = get_game("wildcard-rummy", 4, packs=2)
    rng = random.Random(26)
    deck = g.deck()
    wild = [c for c in deck if c == parse_card("JK") or card_text(c)[0] == "2"]
    for _ in range(120):
        hand = rng.sample(wild, rng.randrange(1, 4)) + rng.sample(deck, 8)
        hand = hand[:8]
        assert g.solver.value(hand) == _brandhout_by_hand(sorted(hand), WILDCARD_POINTS), cards_text(hand)


# ---- Example 2: deal sizes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "n,options,each,stock",
    [
        (2, {}, 7, 39),
        (3, {}, 7, 32),
        (3, {"three_player_hand": 10}, 10, 23),
        (4, {}, 7, 25),
        (6, {}, 6, 17),
        (6, {"packs": 2}, 10, 47),
        (7, {}, 10, 37),
    ],
)
def test_example_2_deal_sizes(n, options, each, stock):
    st = get_game("wildcard-rummy", n, **options).new_hand(seed=3)
    assert [len(h) for h in st.hands] == [each] * n
    assert len(st.stock) == stock and len(st.pile) == 1
    assert (st.dealer, st.to_act) == (0, 1)


# ---- Examples 3 to 6: legality, settlement, the two rummies, the card taken ---------------------


def test_example_3_legal_end_actions():
    st = record_state("e4", 1)
    hand = st.hands[2]
    assert cards_text(sorted(hand)) == cards_text(sorted(parse_cards("5H 6H JK 8H QC QD 2S 9D")))
    after = {card_text(c): v for c, v in st.game.solver.after_discards(hand).items()}
    assert after == {"9D": 0, "5H": 9, "8H": 9, "QC": 19, "QD": 19, "6H": 22, "JK": 28, "2S": 28}
    assert st.game.brandhout(hand) == 9
    assert legal(st) == {f"discard {c}" for c in after} | {"rummy 9D"}
    refused(st, "rummy", "brandhout 9")
    refused(st, "rummy QC", "brandhout left would be 19")


def test_example_4_settlement_4_players():
    m = replay_match(load_record("wildcard-rummy", "e4"))
    res = m.state.result()
    assert res.outcome == "rummy" and res.detail["ender"] == 2 and res.detail["end"] == "9D"
    assert res.points == [0, 0, 58, 0] and res.winners == [2]
    assert res.detail["brandhout"] == [27, 6, 0, 25] and res.detail["collected"] == [27, 6, 0, 25]
    assert res.detail["melds"] == [
        ["9S TS JS"],
        ["AC 2C=AD AS", "6D 7D 8D"],
        ["5H 6H 2S=7H 8H", "QC QD JK=QH"],
        ["2D=KC KH KS"],
    ]
    assert res.detail["deadwood"] == ["4D 5D 9C 9H", "6C", "", "AD 3C 4C 7S"]
    assert m.state.game.check_result(res, m.state) == []
    text = m.sheet.render(NAMES, aligned=False).splitlines()
    assert text[0] == "| Hand | Dealer | Result | Anna | Bram | Cor | Dirk |"
    assert text[2] == "| 1 | Bram | Cor rummy (27 + 6 + 25) | 0 | 0 | 58 | 0 |"
    assert text[3] == "| total |  |  | 0 | 0 | 58 | 0 |" and text[4] == "to 500"
    assert m.sheet.view(NAMES).title == "Scores (to 500)"


def test_example_4_the_going_out_on_screen():
    """The summary: the headline with what the winner collects, the winner's hand laid down in
    its melds, each loser's melds and brandhout."""
    res = replay_match(load_record("wildcard-rummy", "e4")).state.result()
    lines = res.summary.lines(NAMES)
    assert lines[0] == "Cor went rummy and collects 58"
    shown = [ln for ln in lines if ln.startswith("  ")]
    assert shown[2] == "  Cor: 5H 6H 2S=7H 8H, QC QD JK=QH  = 0", shown
    assert shown[0] == "  Anna: 9S TS JS | 4D 5D 9C 9H  = 27", shown
    assert shown[3] == "  Dirk: 2D=KC KH KS | AD 3C 4C 7S  = 25", shown


def test_example_5_rummy_with_or_without_a_discard():
    st = example_5_position()
    hand = "AH 2D 3H 4H 9C 9S JK 9D"
    assert sorted(st.hands[1]) == sorted(parse_cards(hand))
    assert legal(st) == {f"discard {c}" for c in hand.split()} | {f"rummy {c}" for c in hand.split()} | {"rummy"}
    m = replay_match(load_record("wildcard-rummy", "e5"))
    res = m.state.result()
    assert res.outcome == "rummy" and res.detail["end"] is None and res.points == [0, 49]
    assert res.detail["melds"][1] == ["AH 2D=2H 3H 4H", "9C 9D JK=9H 9S"] and res.detail["deadwood"][1] == ""
    assert m.state.game.check_result(res, m.state) == []
    assert res.summary.lines(NAMES[:2])[0] == "Bram went rummy with every card and collects 49"
    assert m.sheet.table(NAMES[:2])[1][0][2] == "Bram rummy (49)"
    # the score is the same with a discard
    start = record_state("e5", 1)
    for c in hand.split():
        assert run(start, f"rummy {c}").result().points == [0, 49]


def test_example_6_the_taken_card_may_not_be_thrown_back():
    st = deal(2, {0: "QC 2S 5H 6H JK 8H 9D"}, 0, pile="4C QD", dealer=1)
    st = run(st, "draw discard")
    assert "discard QD" not in legal(st) and "rummy QD" not in legal(st) and "rummy 9D" in legal(st)
    refused(st, "discard QD", "taken from the discard pile")
    refused(st, "rummy QD", "may not go back")


def test_ruling_5_nor_its_twin_of_the_other_pack():
    st = deal(4, {0: "QD QC 5H 6H 8H 9D 9S 3C 4C 7S"}, 0, pile="4C QD", dealer=3, packs=2)
    st = run(st, "draw discard")
    assert st.hands[0].count(parse_card("QD")) == 2
    assert "discard QD" not in legal(st) and "discard QC" in legal(st)


# ---- Example 7: stock renewal ------------------------------------------------------------------


@pytest.mark.parametrize("reshuffle", [False, True])
def test_example_7_stock_renewal(reshuffle):
    st = deal(4, {2: "QS 3C 3D 8C 8D KC KD"}, 2, stock_top="AS", dealer=1, reshuffle_stock=reshuffle)
    st = run(st, "draw stock")
    st.stock = []
    st.pile = parse_cards("4C 9H JK 2D")
    st = run(st, "discard QS")
    assert st.to_act == 3 and st.pile == parse_cards("QS")
    pile = parse_cards("4C 9H JK 2D")
    if reshuffle:
        assert sorted(st.stock) == sorted(pile)
        assert not st.stock_known
    else:
        assert st.stock_top_first() == pile
        st = run(st, "draw stock")
        assert st.hands[3][-1] == parse_card("4C")
        assert parse_card("4C") in st.known[3]  # drawn from a stock known in order (ruling 12)


def test_ruling_11_a_hand_that_does_not_end_is_void():
    st = deal(4, {2: "QS 3C 3D 8C 8D KC KD"}, 2, stock_top="AS", dealer=1)
    st = run(st, "draw stock")
    st.stock = []
    st.turnovers = MAX_TURNOVERS
    st = run(st, "discard QS")
    res = st.result()
    assert res.outcome == "void" and res.points == [0, 0, 0, 0] and res.winners == []
    assert st.game.check_result(res, st) == []


# ---- Example 8: game end ---------------------------------------------------------------------


def test_example_8_game_end():
    g = get_game("wildcard-rummy", 3)
    sheet = g.new_sheet()
    sheet.record(Result([470, 455, 120], "rummy", [0], {"dealer": 0}))
    assert not sheet.over
    sheet.record(Result([0, 62, 0], "rummy", [1], {"dealer": 1}))
    assert sheet.totals == [470, 517, 120] and sheet.over and sheet.winners == [1]


# ---- options, deals --------------------------------------------------------------------------


def test_options():
    g = get_game("wildcard-rummy", 5, packs=2, target_score=100)
    assert len(g.deck()) == 108 and g.dealt == 10 and g.options["target_score"] == 100
    assert len(get_game("wildcard-rummy", 5).deck()) == 54
    with pytest.raises(OptionError, match="packs=2: the packs are chosen with 4 to 6 players only"):
        get_game("wildcard-rummy", 3, packs=2).check_new_match()  # ruling 14
    get_game("wildcard-rummy", 7, packs=1).check_new_match()  # the default: 7 players play two packs
    assert len(get_game("wildcard-rummy", 7, packs=1).deck()) == 108
    with pytest.raises(OptionError, match="three_player_hand"):
        get_game("wildcard-rummy", 4, three_player_hand=10).check_new_match()
    with pytest.raises(OptionError, match="target_score"):
        get_game("wildcard-rummy", 4, target_score=0).check_new_match()
    get_game("wildcard-rummy", 7, packs=2).check_new_match()


def test_deals_are_checked():
    g = get_game("wildcard-rummy", 2)
    d = record_state("e5", 0).deal_record()
    with pytest.raises(DealError, match="melds"):
        g.from_deal(dict(d, melds=[{"owner": 0, "cards": ["5C", "6C", "7C"]}]))
    with pytest.raises(DealError, match="too many QH"):
        g.from_deal(dict(d, discard=["QH", "QH"], to_act=1))
    with pytest.raises(DealError, match="hand of seat 0: 6 cards; with 2 players each is dealt 7"):
        g.from_deal(dict(d, hands=[d["hands"][0][:6], d["hands"][1]], stock=d["stock"] + d["hands"][0][6:]))


# ---- the bots -------------------------------------------------------------------------------


def test_the_simple_bot_plans_for_going_out():
    g = get_game("wildcard-rummy", 2)
    assert simple_policy(g) is choose
    rng = random.Random(1)
    st = example_5_position()
    assert choose(st.observation(1), g, rng).verb == "rummy"
    # a wild card on the discard pile is taken; a card that shortens the distance too
    st = deal(2, {1: "3C 4C 8D 9S KH QS 6H"}, 1, pile="5S 2D")
    assert choose(st.observation(1), g, rng).text() == "draw discard"
    st = deal(2, {1: "3C 4C 8D 9S KH QS 6H"}, 1, pile="2D 5C")
    assert choose(st.observation(1), g, rng).text() == "draw discard"  # 3C 4C 5C
    st = deal(2, {1: "3C 4C 8D 9S KH QS 6H"}, 1, pile="2D JD")
    assert choose(st.observation(1), g, rng).text() == "draw stock"
    # a wild card is kept while a natural card may go: the one left out of every meld, highest
    st = run(deal(2, {1: "3C 4C JK 9S KH QS 6H"}, 1, stock_top="KD"), "draw stock")
    assert distance_solver(g).value(st.hands[1]) == 5  # 3C 4C JK or KD KH JK, five naturals loose
    # every loose natural leaves 4; KD KH JK leaves the least brandhout, less the QS: 3C 4C 6H 9S
    assert choose(st.observation(1), g, rng).text() == "discard QS"


# ---- simulate, whole matches -----------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 7])
def test_simulate_finishes_hands_with_valid_scores(n):
    r = CliRunner().invoke(
        main, ["simulate", "wildcard-rummy", "--seats", ",".join(["bot"] * n), "--hands", "12", "--seed", "1", "--json"]
    )
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    assert s["hands"] == 12 and set(s["outcomes"]) <= {"rummy", "void"}
    g = get_game("wildcard-rummy", n)
    m = Match(g, ["bot:simple"] * n, seed=n)
    bots = [get_bot("simple", g, seed=i) for i in range(n)]
    for _ in range(3):
        st = m.start_hand()
        while not st.over:
            st = m.apply(bots[st.to_act].choose(st.observation(st.to_act)))
        assert g.check_result(st.result(), st) == []
