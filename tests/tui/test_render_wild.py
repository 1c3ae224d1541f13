"""Wild cards on screen: a meld shows what each joker stands for (``MeldView.wilds``) and a
log line draws designated codes (``JK=5H``) as cards, not as a joker and stray letters."""

from cardtable.cards import parse_card, parse_cards
from cardtable.engine.game import MeldView
from cardtable.tui.render import card_label, meld_cards, pretty


def test_a_meld_shows_what_its_joker_stands_for():
    md = MeldView(2, 0, "run", tuple(parse_cards("3H 4H JK")), wilds=((2, parse_card("5H")),))
    assert [card_label(c) for c in meld_cards(md)] == ["3♥", "4♥", "JK=5♥"]
    plain = MeldView(1, 1, "set", tuple(parse_cards("8C 8S 8D")))
    assert meld_cards(plain) == plain.cards


def test_designated_codes_in_a_log_line_are_drawn_as_cards():
    line = pretty("You meld 3H 4H JK=5H (meld 2); Bot 2 melds 8C 8S JK=8*.").plain
    assert line == "You meld 3♥ 4♥ JK=5♥ (meld 2); Bot 2 melds 8♣ 8♠ JK=8*."


def test_a_set_joker_for_a_rank_only_is_shown_as_it_is():
    """A set joker standing for a rank only comes in ``wilds`` as the designated joker itself
    (``JK=7*``); drawing the meld once raised ValueError and ended a hot-seat Basis Rummy
    table (seed 91, two humans)."""
    md = MeldView(1, 0, "set", tuple(parse_cards("7C 7D JK")), wilds=((2, parse_card("JK=7*")),))
    assert [card_label(c) for c in meld_cards(md)] == ["7♣", "7♦", "JK=7*"]
