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


def test_a_move_onto_a_meld_is_said_in_the_games_words():
    """Refusals and hints name a lay-off or a swap by the game's labels, not by the action
    text of the records (``layoff 4H to 3``, ``swap 5D in 1``)."""
    from cardtable.engine.actions import Action
    from cardtable.families.wild_drift import WILD_VERBS
    from cardtable.tui.render import move_words

    layoff = Action("layoff", None, (parse_card("4H"),), prep="to", target=3)
    swap = Action("swap", None, (parse_card("5D"),), prep="in", target=1)
    assert move_words(layoff, WILD_VERBS).plain == "Lay off 4♥ onto meld 3"
    assert move_words(swap, WILD_VERBS).plain == "Swap joker 5♦ into meld 1"
    assert layoff.text() == "layoff 4H to 3" and swap.text() == "swap 5D in 1"  # records keep theirs
