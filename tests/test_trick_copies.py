"""A trick hand whose deck holds copies of a card (bezique's two and four packs): layered
masks (``families/trick_masks.py``, "masks with copies"), a ``TrickHand`` with ``copies = 2``,
and a one-pack ``TrickHand`` that refuses copies loudly instead of losing them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.cards import parse_card, with_copy
from cardtable.engine.game import Result, State
from cardtable.families.tricks import (
    LANE,
    LANE0,
    MANILLE,
    ManilleRule,
    MultiPackTrickHand,
    TrickGame,
    TrickHand,
    add_copy,
    all_layers,
    layered_cards,
    layered_mask,
    layered_minus,
    layered_union,
    mask_of,
    settled,
    take_copy,
)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


class TwoPacks(TrickGame):
    """A throwaway two-seat game of the trick family dealt from two packs of spades and
    hearts (7 to A, twice: 32 cards), no trump, follow suit and beat when you can."""

    id = "test-two-packs"
    name = "Two packs (test)"
    min_players = max_players = 2
    ranking = MANILLE
    rule = ManilleRule()

    def deck(self) -> list[int]:
        return cards("7S 8S 9S TS JS QS KS AS 7H 8H 9H TH JH QH KH AH") * 2


class _Scoring:
    """The end of a test hand: trick points per seat."""

    def _hand_over(self) -> None:
        self.phase = "over"
        self.to_act = None
        self.end = {"points": list(self.trick_pts)}

    def result(self):
        if self.end is None:
            return None
        p = self.end["points"]
        return Result(points=p, outcome="end", winners=[s for s in range(len(p)) if p[s] == max(p)])

    def observation(self, seat: int):
        return self.make_observation(seat, {}, {})


class TwoPackHand(_Scoring, MultiPackTrickHand):
    n_seats = 2
    next_seat = (1, 0)
    partner = (-1, -1)
    side = (0, 1)


class OnePackHand(_Scoring, TrickHand):
    n_seats = 2
    next_seat = (1, 0)
    partner = (-1, -1)
    side = (0, 1)


def two_pack_deal(seed: int, size: int = 8) -> list[int]:
    deck = TwoPacks().deck()
    random.Random(seed).shuffle(deck)
    return [layered_mask(deck[:size]), layered_mask(deck[size : 2 * size])]


def hand(dealt: list[int], dealer: int = 1) -> TwoPackHand:
    return TwoPackHand(TwoPacks(), dealer, dealt, None)


# ---- the masks ---------------------------------------------------------------------------


def test_a_layered_mask_holds_copies():
    qs, h7 = parse_card("QS"), parse_card("7H")
    m = layered_mask([qs, h7, qs])
    assert m.bit_count() == 3 and m & LANE0 == (1 << qs) | (1 << h7)
    assert (m >> (LANE + qs)) & 1 and layered_cards(m) == sorted([qs, qs, h7])
    assert take_copy(m, qs) == layered_mask([qs, h7]) and add_copy(layered_mask([qs, h7]), qs) == m
    assert take_copy(take_copy(m, qs), qs) == 1 << h7
    with pytest.raises(ValueError, match="no 7S"):
        take_copy(m, parse_card("7S"))
    assert layered_union(layered_mask([qs]), layered_mask([qs, h7])) == m
    assert layered_minus(m, layered_mask([qs])) == layered_mask([qs, h7])
    assert settled((1 << (LANE + qs)) | (1 << h7)) == layered_mask([qs, h7])  # a copy dealt in layer 1
    assert all_layers(1 << qs, 2) == (1 << qs) | (1 << (LANE + qs))
    # one layer: the plain bit operations
    a, b = mask_of(cards("7S 8S")), mask_of(cards("9S"))
    assert layered_union(a, b) == a | b and layered_minus(a | b, b) == a and layered_cards(a) == cards("7S 8S")


def test_mask_of_refuses_copies_instead_of_losing_one():
    with pytest.raises(ValueError, match="QS is given twice"):
        mask_of(cards("QS 7H QS"))
    with pytest.raises(ValueError, match="not a plain card"):
        mask_of([with_copy(parse_card("QS"), 2)])
    with pytest.raises(ValueError, match="not a plain card"):
        layered_mask([with_copy(parse_card("QS"), 2)])


def test_a_one_pack_trick_hand_refuses_copies():
    g = TwoPacks()
    with pytest.raises(ValueError, match="QS is in two hands"):
        OnePackHand(g, 1, [mask_of(cards("QS 7H")), mask_of(cards("QS 8H"))], None)
    with pytest.raises(ValueError, match="copies = 2 or 4"):
        OnePackHand(g, 1, [layered_mask(cards("QS QS")), mask_of(cards("7H 8H"))], None)
    with pytest.raises(ValueError, match="QS is dealt 3 times"):
        TwoPackHand(g, 1, [layered_mask(cards("QS QS")), layered_mask(cards("QS 8H"))], None)
    with pytest.raises(ValueError, match="layered mask"):
        TwoPackHand(g, 1, [1 << (LANE + parse_card("QS")), layered_mask(cards("7H"))], None)
    with pytest.raises(TypeError, match="derives from MultiPackTrickHand"):
        type("Copies", (OnePackHand,), {"copies": 2})


# ---- a hand with copies ------------------------------------------------------------------


def test_a_hand_holds_plays_and_books_two_copies():
    qs, ts = parse_card("QS"), parse_card("TS")
    st = hand([layered_mask(cards("QS QS TS 7H")), layered_mask(cards("TS KS 8H 9H"))])
    assert st.to_act == 0 and st.n_tricks == 4
    obs = st.observation(0)
    assert sorted(obs.hand) == sorted(cards("QS QS TS 7H")) and obs.hand_sizes == (4, 4)
    assert [a.text() for a in obs.legal] == ["play 7H", "play TS", "play QS"]  # QS once
    assert st.hidden_from(0) == Counter(cards("TS KS 8H 9H"))
    st = st.apply("play QS")
    assert layered_cards(st.hands[0]) == sorted(cards("QS TS 7H"))  # one QS left
    st = st.apply("play KS")  # seat 1 wins
    assert st.last_winner == 1 and st.to_act == 1
    st = st.apply("play TS")
    assert [a.text() for a in st.legal_actions()] == ["play TS", "play QS"]
    st = st.apply("play TS")  # the identical card: the leader keeps the trick
    assert st.last_winner == 1
    assert layered_cards(st.gone) == sorted([qs, ts, ts, parse_card("KS")])
    assert Counter(st.cards_in_play()) == Counter(cards("QS QS TS 7H TS KS 8H 9H"))
    assert st.deal_record()["hands"][0].count("QS") == 2


def test_a_random_playout_with_copies_is_the_reference_and_keeps_every_card():
    """The fast ``playout`` of a two-pack hand (no inlined steps: they hold one bit per
    card) chooses as the engine's reference loop does, from the same draws, and every card
    dealt ends in a trick."""
    for seed in range(20):
        dealt = two_pack_deal(seed)
        a, b = hand(dealt), hand(dealt)
        ra = a.playout(random.Random(seed))
        rb = State.playout(b, random.Random(seed))
        assert ra == rb and a.gone == b.gone and a.to_act is None
        assert layered_cards(a.gone) == sorted(layered_cards(dealt[0]) + layered_cards(dealt[1]))
        assert a.tricks_json() == b.tricks_json()


class ThreeSeatHand(TwoPackHand):
    n_seats = 3
    next_seat = (1, 2, 0)
    partner = (-1, -1, -1)
    side = (0, 1, 2)
    n_sides = 3


def test_an_information_set_with_copies_deals_every_copy_and_keeps_the_voids():
    """Seat 0's samples keep its own hand and every hand size, deal exactly the copies it
    has not seen (the two QS now in one hand, now split), and keep seat 1's void in spades
    (shown by a heart on a spade lead) in every copy."""
    g = TwoPacks()
    deal = [layered_mask(cards("7S 8S 9S 7H")), layered_mask(cards("8H 9H JH AH")), layered_mask(cards("QS QS TS KS"))]
    st = ThreeSeatHand(g, 2, deal, None)
    assert st.to_act == 0
    st = st.apply("play 7S").apply("play 8H")  # seat 1 does not follow: no spades
    assert [a.text() for a in st.legal_actions()] == ["play TS", "play QS", "play KS"]  # QS once
    st = st.apply("play TS")
    assert st.last_winner == 2
    qs = parse_card("QS")
    sizes = (st.hands[1].bit_count(), st.hands[2].bit_count())
    unseen = Counter(layered_cards(st.hands[1]) + layered_cards(st.hands[2]))
    assert unseen[qs] == 2
    iset = st.information_set(0)
    spades = all_layers(0xFFFF << 48, 2)
    for seed in range(60):
        w = iset.sample(random.Random(seed))
        assert w.hands[0] == st.hands[0]
        assert (w.hands[1].bit_count(), w.hands[2].bit_count()) == sizes
        assert all(settled(h) == h for h in w.hands)
        assert Counter(layered_cards(w.hands[1]) + layered_cards(w.hands[2])) == unseen
        assert not w.hands[1] & spades  # the void, in every layer
        assert layered_cards(w.hands[2]).count(qs) == 2  # so both QS are seat 2's
        assert Counter(w.cards_in_play()) == Counter(st.cards_in_play())
    # before any play the two copies are dealt independently: apart about half the time
    iset2 = ThreeSeatHand(g, 2, deal, None).information_set(0)
    counts = Counter(layered_cards(iset2.sample(random.Random(seed)).hands[1]).count(qs) for seed in range(200))
    assert set(counts) == {0, 1, 2} and counts[1] > counts[0] and counts[1] > counts[2]


def test_the_strong_bots_trick_playout_plays_a_hand_with_copies():
    """The trick family's registered playout (``TrickGame``) plays a two-pack world to the
    end; the strong bot searches it and answers a legal card, reproducibly."""
    from cardtable.bots.pimc import greedy_playout
    from cardtable.bots.playouts import playout_for
    from cardtable.bots.strong import StrongBot
    from cardtable.bots.trick_playout import trick_playout

    st = hand(two_pack_deal(5))
    assert playout_for(st.game) is trick_playout
    iset = st.information_set(0)
    for seed in range(5):
        w = iset.sample(random.Random(seed))
        r = greedy_playout(w, random.Random(seed))
        assert len(r) == 2 and w.to_act is None and w.gone.bit_count() == 16
    a = StrongBot(st.game, seed=2, iterations=40, use_pool=False).choose(iset)
    assert a in st.legal_actions()
    assert StrongBot(st.game, seed=2, iterations=40, use_pool=False).choose(iset) == a
