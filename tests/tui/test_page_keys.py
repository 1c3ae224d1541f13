"""PageUp / PageDown on an option list that is not laid out yet (a key burst right as the
menu or a drop-down opens) must not end the app (found by a fresh user's key bursts:
KeyError in Textual's OptionList._move_page)."""

from textual.widgets import OptionList

import cardtable.tui.app  # noqa: F401  (installs the guard)


class NotLaidOut(OptionList):
    """An option list caught before its first layout: no line of any option is known."""

    @property
    def _index_to_line(self):
        return {}


def test_page_keys_before_the_lines_are_built_do_nothing():
    ol = NotLaidOut("a", "b", "c")
    ol.highlighted = 1
    ol.action_page_up()
    ol.action_page_down()
    assert ol.highlighted == 1
