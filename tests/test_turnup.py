"""The turn-up hand's parameters that Jo-Jotte does not use, for the Klaberjass games to come
(families/turnup.py): the completion deal right after round 1 (``completion_at``), melds
declared in the first trick (``melds_at``) and judged by overruling (``meld_judge``), no
overcall, no doubling, no information card. Played on a variant of Jo-Jotte's hand that is
not registered (Klop and Honderden will set these on their own hands)."""

from __future__ import annotations

import random

from cardtable.cards import card_text
from cardtable.games.jo_jotte import JoJotte, JoJotteState
from tests.games.helpers import legal, run
from tests.games.test_jo_jotte import deal


class _KlopLike(JoJotteState):
    nt_overcall = False
    doubling = False
    info_card = False
    completion_at = "round1"
    melds_at = "first_trick"
    meld_judge = "overrule"

    def _after_dix(self) -> None:
        self._start_play(self.next_seat[self.dealer])


class _Game(JoJotte):
    state_class = _KlopLike


HANDS = [
    ["KC", "QC", "JC", "AD", "KD", "QD", "JD", "7S", "8H"],
    ["AC", "TC", "9C", "AH", "KH", "QH", "7H", "9S", "8S"],
]


def start():
    return _Game().from_deal(deal(HANDS, "TS"))


def test_the_completion_comes_after_round_1_and_round_2_follows():
    st = run(start(), "pass", "pass")
    assert st.dealt and [h.bit_count() for h in st.hands] == [9, 9]
    assert st.round == 2 and st.phase == "bid"
    st = run(st, "trump H")
    assert st.phase == "play" and st.declarer == 1 and st.to_act == 1  # no overcall, no doubling
    assert st.observation(0).extra["info_card"] is None and st.stock[-1] in st.hidden_from(0)  # no info card


def test_melds_in_the_first_trick_judged_by_overruling():
    st = run(start(), "pass", "pass", "trump H")
    assert "declare seq3 KH QH 7H" not in legal(st)
    assert "declare seq3 AH KH QH" in legal(st)
    st = run(st, "declare seq3 AH KH QH")
    assert "declare seq3 AH KH QH" not in legal(st) and "play 8S" in legal(st)
    st = run(st, "play 8S")
    assert "declare seq4 AD KD QD JD" in legal(st) and "declare seq3 KC QC JC" in legal(st)
    st = run(st, "declare seq4 AD KD QD JD", "play 7S")
    assert st.ntricks == 1 and st.melds_judged
    assert (st.carre_seat, st.seq_seat) == (0, 0)  # the longer sequence overrules
    assert st.meld_points(0) == (0, 40) and st.meld_points(1) == (0, 0)
    assert not any(a.verb == "declare" and a.cards for a in st.legal_actions())


def test_the_fast_playout_plays_as_the_engine():
    for seed in range(6):
        st = _Game().new_hand(seed=seed)
        ref = st.clone()
        rng = random.Random(seed)
        while ref.to_act is not None:
            acts = ref.rollout_actions()
            ref = ref.apply(acts[0] if len(acts) == 1 else acts[rng.randrange(len(acts))])
        mine = st.clone()
        assert mine.playout(random.Random(seed)) == ref.returns()
        assert [card_text(c) for c in mine.stock] == [card_text(c) for c in ref.stock]
        assert mine.result().to_json() == ref.result().to_json()
