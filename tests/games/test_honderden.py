"""Honderden (cardtable/rules/honderden.md): the Examples of §11 with the spec's values.
Examples 10 and 11 are also records in tests/records/honderden, replayed here."""

from __future__ import annotations

import pytest

from cardtable.cards import make, parse_card, piquet32
from cardtable.engine.record import replay
from cardtable.engine.standing import Standing
from cardtable.games.honderden import SMOUS, Honderden
from cardtable.sheets.honderden import HonderdenSheet, drop_lives
from tests.games.helpers import load_record, plays, run

S = 3  # spades


def pts(codes: str, trump: int = S) -> int:
    t = SMOUS.table(trump)
    return sum(t.points[parse_card(c)] for c in codes.split())


def test_example1_card_points():
    assert pts("JS 9S AS KS QS TS") == 60
    assert pts("AH KH QH JH TH") == 27
    t = SMOUS.table(S)
    assert sum(t.points[c] for c in piquet32()) == 141
    assert sum(t.points[c] for c in piquet32() if c % 16 >= 9) == 141


@pytest.mark.parametrize(
    "lead, follow, winner, points",
    [
        ("KH", "AD", 1, 14),
        ("TH", "9H", 1, 10),
        ("JH", "QH", 0, 3),
        ("TH", "JH", 0, 11),
        ("AH", "7S", 0, 11),
        ("AS", "9S", 0, 25),
        ("KS", "TS", 1, 13),
    ],
)
def test_example2_trick_winners(lead, follow, winner, points):
    t = SMOUS.table(S)
    a, b = parse_card(lead), parse_card(follow)
    assert (0 if t.beats(b, a) else 1) == winner
    assert t.points[a] + t.points[b] == points


def deal2(hand1: str, hand0: str, up: str = "AS") -> dict:
    """A two-player deal: seat 0 deals, seat 1 leads; the rest in the stock."""
    used = set(hand1.split()) | set(hand0.split()) | {up}
    from cardtable.cards import card_text

    rest = [card_text(c) for c in piquet32() if card_text(c) not in used]
    h1, h0 = hand1.split(), hand0.split()
    while len(h1) < 9:
        h1.append(rest.pop())
    while len(h0) < 9:
        h0.append(rest.pop())
    return {"dealer": 0, "hands": [h0, h1], "upcard": up, "stock": rest}


def test_example3_legal_cards_phase2_rule():
    rule = Honderden().rule
    t = SMOUS.table(S)

    def legal(hand: str, led: str) -> set[str]:
        from cardtable.cards import card_text
        from cardtable.families.trick_masks import cards_of, mask_of

        c = parse_card(led)
        m = rule.legal(t, mask_of(parse_card(x) for x in hand.split()), c // 16, c, False)
        return {card_text(x) for x in cards_of(m)}

    assert legal("AH 9H 7S KD TC", "QH") == {"AH", "9H", "7S"}
    assert legal("7S JS AH", "TS") == {"7S", "JS"}
    assert legal("7S KD", "QH") == {"7S", "KD"}
    assert legal("AH KD", "TS") == {"AH", "KD"}


def test_example3_phase1_free_play():
    g = Honderden()
    st = g.from_deal(deal2("QH", "AH 9H 7S KD TC"))
    st = run(st, "play QH")
    assert {"AH", "9H", "7S", "KD", "TC"} <= plays(st)


def test_example4_afkeuren():
    g = Honderden()
    st = g.from_deal(deal2("QH JH TH", "KC KD KH KS 7C"))
    st = run(st, "declare seq3 QH JH TH", "play TH", "declare carre KC KD KH KS", "play 7C")
    assert st.carre_seat == 0  # seat 0's carré overrules
    assert st.counts == [0, 10]
    assert st.roem[0]["game_points"] == 1
    obs = st.observation(1)
    assert obs.extra["announced"][0]["words"] == "3 op de vrouw"


def test_example5_jack_carre_overruled():
    g = Honderden()
    st = g.from_deal(deal2("JC JD JH JS 8D", "QC QD QH QS 7D", up="AH"))
    st = run(st, "declare carre JC JD JH JS", "play 8D", "declare carre QC QD QH QS", "play 7D")
    assert st.carre_seat == 0 and st.roem[0]["game_points"] == 1 and st.tricks_won[1] == 1
    st = g.from_deal(deal2("JC JD JH JS 8D", "QC QD 7D", up="AH"))
    st = run(st, "declare carre JC JD JH JS", "play 8D", "play 7D")
    assert st.roem[0] == {"seat": 1, "game_points": 2, "combos": ["carré boeren"]}


def test_example6_tiebreaks():
    g = Honderden()
    st = run(
        g.from_deal(deal2("KC QC JC", "KS QS JS 7D")),
        "declare seq3 KC QC JC",
        "play KC",
        "declare seq3 KS QS JS",
        "play 7D",
    )
    assert st.carre_seat == 0 and st.counts[0] == 20
    st = run(
        g.from_deal(deal2("KC QC JC", "KS QS JS 7H", up="AD")),
        "declare seq3 KC QC JC",
        "play KC",
        "declare seq3 KS QS JS",
        "play 7H",
    )
    assert st.carre_seat == 1 and st.counts[1] == 20 + 3
    st = run(
        g.from_deal(deal2("TC TD TH TS", "AS KS QS JS 7D", up="8S")),
        "declare carre TC TD TH TS",
        "play TC",
        "declare seq4 AS KS QS JS",
        "play 7D",
    )
    assert st.carre_seat == 0 and st.counts[0] == 50


def test_example7_several_combinations():
    g = Honderden()
    st = g.from_deal(deal2("TC TD TH TS 9H 8H 7H QD JD", "AC", up="AS"))
    st = run(st, "declare carre TC TD TH TS", "declare seq4 TH 9H 8H 7H", "declare seq3 QD JD TD", "play 9H", "play AC")
    assert st.roem[0]["game_points"] == 1 and st.counts[1] == 70 + 11  # 70 roem, the trick 9H AC
    st = g.from_deal(deal2("TC TD TH TS 9H 8H 7H QD JD", "AC", up="AS"))
    with pytest.raises(ValueError):
        st.apply("declare seq3 9H 8H 7H")
    st = g.from_deal(deal2("AH KH QH 9H 8H 7H", "AC", up="AS"))
    st = run(st, "declare seq3 AH KH QH")
    assert "declare seq3 9H 8H 7H" not in {a.text() for a in st.legal_actions()}


def test_example8_exchange_and_last_draw():
    g = Honderden()
    st = g.from_deal(deal2("7S", "", up="AS"))
    assert "swap 7S" in {a.text() for a in st.legal_actions()}
    st = run(st, "swap 7S")
    assert (st.hands[1] >> parse_card("AS")) & 1 and st.up_now == parse_card("7S")
    import random

    rng = random.Random(1)
    while st.phase != "draw":
        st = st.apply(next(a for a in st.legal_actions() if a.verb == "play"))
    w = st.to_act
    covered = st.stock[0]
    st = run(st, "draw trump")
    assert (st.hands[w] >> parse_card("7S")) & 1 and (st.hands[1 - w] >> covered) & 1
    assert st.ntricks == 7 and st.to_act == w
    assert "swap" not in {a.verb for a in st.legal_actions()}
    del rng


def standing2(counts, lives=(5, 5)) -> Standing:
    return Standing(2, carry=tuple(counts), extra={"lives": list(lives), "deal_in_round": 1})


def test_example9_claims():
    g = Honderden()
    st = g.from_deal(deal2("", ""), standing2((106, 41)))
    st.to_act = 0  # seat 0's turn
    st = run(st, "claim")
    r = st.result()
    assert r.outcome == "claim" and r.detail["game_points"] == 2 and r.points == [0, -2]
    st = g.from_deal(deal2("", ""), standing2((92, 10)))
    st.to_act = 0
    r = run(st, "claim").result()
    assert r.outcome == "wrong_claim" and r.winners == [1] and r.points == [-1, 0]
    st = g.from_deal(deal2("", "KS QS", up="AD"), standing2((84, 60)))
    st.to_act = 0
    r = run(st, "declare stuk", "claim").result()
    assert r.outcome == "claim" and r.detail["counts"][0] == 104


def test_example10_carry_over_and_sheet():
    sh = HonderdenSheet(2)
    from cardtable.engine.game import Result

    def deal(counts, end, winner=None, g=0, carry=None):
        return Result(
            [0, 0],
            end,
            [],
            {
                "dealer": 0,
                "counts": counts,
                "tricks_won": [8, 8],
                "roem": [],
                "end": end,
                "winner": winner,
                "game_points": g,
                "onder_jan": False,
                "pit": False,
                "next_dealer": 0 if end == "carried" else 1,
                "carry": carry or [0, 0],
                "in_play": [True, True],
            },
        )

    sh.record(deal([70, 76], "carried", carry=[70, 76]))
    assert sh.standing().carry == (70, 76) and sh.next_dealer == 0
    sh.record(deal([143, 149], "deal_end", 1, 1))
    assert sh.lives == [4, 5] and sh.next_dealer == 1
    assert "ronde 1  1 wint: einde, 149 \u2013 143" in sh.render()


def test_example12_kip():
    lives, kip, out = [5, 2], {"available": True, "holder": None}, [False, False]
    drop_lives(lives, kip, out, [(1, 2)])
    assert lives[1] == 1 and kip["holder"] == 1
    drop_lives(lives, kip, out, [(1, 1)])
    assert out[1]
    lives, kip, out = [5, 1], {"available": True, "holder": None}, [False, False]
    drop_lives(lives, kip, out, [(1, 2)])
    assert out[1] and not kip["available"]


def test_example13_three_player_game_value():
    g = Honderden(3)
    st = g.new_hand(seed=1)
    st.counts = [45, 52, 104]
    assert st._game_points(2, False) == (1, False)
    st.counts = [45, 48, 104]
    assert st._game_points(2, False) == (2, True)
    assert st._game_points(2, True) == (3, True)
    st.first_deal = False
    st.counts = [45, 52, 146]
    assert st._game_points(2, True) == (1, False)


def test_example14_stuk_dek():
    g = Honderden(3)
    for seed in range(200):
        st = g.new_hand(seed=seed, standing=Standing(3, carry=(84, 84, 84)))
        if st.phase == "poll":
            seat = st.to_act
            r = run(st, "claim stuk").result()
            assert r.outcome == "stuk_dek" and r.winners == [seat] and r.detail["counts"][seat] == 104
            break
    else:
        pytest.fail("no stuk-dek poll found")
    for seed in range(50):
        st = g.new_hand(seed=seed, standing=Standing(3, carry=(79, 79, 79)))
        assert st.phase == "play"


def test_example15_three_player_legal():
    t = SMOUS.table(0)
    assert t.beats(make(11, 0), make(9, 0))
    d = {
        "dealer": 0,
        "hands": [
            "QH JC AS KS QS JS TS 9S".split(),
            "AH TH JH 9H AC KC QC TC".split(),
            "KH 9C JD AD KD QD TD 9D".split(),
        ],
        "upcard": "JC",
        "stock": [],
    }
    st = Honderden(3).from_deal(d)
    assert st.to_act == 1 and st.contract == 0  # voorhand leads; clubs are trumps
    st = run(st, "play AH")
    assert st.to_act == 2 and plays(st) == {"KH", "9C"}
    st = run(st, "play 9C")
    assert st.to_act == 0 and plays(st) == {"QH", "JC"}
    st = run(st, "play JC")
    assert st.last_winner == 0  # jas over nel


def _replayed(name: str):
    m = replay(load_record("honderden", name))
    return m, m.results


def test_example10_record():
    m, (r1, r2) = _replayed("example10")
    assert r1.outcome == "carried" and r1.detail["counts"] == [70, 76] and r1.detail["roem"] == []
    assert sum(r1.detail["trick_points"]) == 146  # the last trick included
    assert r2.detail["dealer"] == r1.detail["dealer"] == 0  # the same dealer deals again
    assert r2.detail["counts_at_start"] == [70, 76]
    assert r2.outcome == "deal_end" and r2.detail["counts"] == [143, 149]
    assert r2.winners == [1] and r2.detail["game_points"] == 1 and not r2.detail["onder_jan"]
    assert m.sheet.lives == [4, 5] and m.sheet.next_dealer == 1


def test_example11_pit_record():
    m, (r,) = _replayed("example11")
    d = r.detail
    assert d["first_deal"] and d["tricks_won"] == [16, 0] and d["counts"] == [146, 0]
    assert r.outcome == "deal_end" and r.winners == [0]
    assert d["pit"] and d["onder_jan"] and d["game_points"] == 3
    assert m.sheet.lives == [5, 2]


@pytest.mark.parametrize("players", [2, 3])
def test_counts_stay_hidden_while_the_round_runs(players):
    """§7, ruling 21: an observation holds the seat's own count only (``memory``), no counts
    in ``scores`` or ``extra`` until the round ends; a deal whose counts carry over ends no
    round, so its summary names no count."""
    import random

    g = Honderden(players)
    carried = 0
    for seed in range(6):
        st, rng = g.new_hand(seed=seed), random.Random(seed)
        while True:
            for s in range(players):
                obs = st.observation(s)
                assert obs.extra["memory"] == {"count": st.counts[s]} and obs.extra["counts"] is None
                ended = st.over and st.result().outcome != "carried"
                assert bool(obs.scores) == ended and (obs.extra["result"] is not None) == ended
            if st.over:
                break
            st = st.apply(rng.choice([a for a in st.legal_actions() if a.verb != "claim" or a.arg]))
        if st.result().outcome == "carried":
            carried += 1
            assert all(f.label != "Counts" for f in st.result().summary.facts)
    assert carried


def test_ik_dek_asks_first_at_the_table():
    """A stray ``c`` must not end the round: ik dek declares the table's confirmation."""
    from cardtable.games.honderden import CLAIM_SPEC

    assert CLAIM_SPEC.verb == "claim" and "ik dek" in CLAIM_SPEC.confirm.lower()


def test_the_draw_after_a_trick_the_other_seat_completed_is_marked_new():
    """The issue 23 trial: Honderden's automatic draw was not marked `new` for the seat
    whose draw the other seat's card made (the trick ends, both draw). ``Match.drawn`` names
    it at that seat's next turn, and only cards drawn unseen."""
    import random

    from cardtable.engine import Match, get_game

    m = Match(get_game("honderden", 2), ["human:A", "human:B"], seed=3)
    m.start_next()
    rng = random.Random(1)
    found = 0
    while not m.state.over:
        st = m.state
        seat = st.to_act
        before = list(st.observation(1 - seat).hand)  # the other seat's hand
        stock = st.observation(seat).stock_size
        m.apply(rng.choice(st.legal_actions()))
        after = m.state
        if after.over or after.to_act == seat:
            continue
        other = after.to_act
        assert other == 1 - seat
        if after.observation(other).stock_size < stock:  # the trick ended and both drew
            drawn = m.drawn(other)
            assert len(drawn) == 1 and drawn[0] in after.observation(other).hand, drawn
            assert sorted(before + list(drawn)) == sorted(after.observation(other).hand)
            found += 1
    assert found >= 3
