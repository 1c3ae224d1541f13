"""What a search's numbers say, in the words the hint and the review share: how much one
action beats another and its standard error (``compare``, paired on the same deals), whether
that is more than noise (``is_clear``: ``MIN_WORLDS`` deals, ``CONFIDENCE`` standard errors
plus the strong bot's bar) and worth telling a player (``worth_telling``: at least the game's
floor, ``floor_of``), the amount rounded to what the search can tell (``amount_words``,
``gain_words``), and the hint's one line on why the strong bot chose its move (``reason``).
It reads a ``strong.Decision`` by its fields (the type is imported for the type checker
only) and imports neither the bot's search nor the review.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from cardtable.bots.playouts import move_words
from cardtable.bots.words import short_words
from cardtable.cards import display
from cardtable.engine.game import Observation
from cardtable.sheets.base import unit_decimals

if TYPE_CHECKING:
    from cardtable.bots.strong import Decision

#: standard errors by which the bot's choice must beat the played action to be shown (plus
#: what the strong bot's own bar adds for many candidates, ``strong.search_bar``)
CONFIDENCE = 2.0
#: a search that sampled fewer deals than this says nothing (no line, and a hint's "a close call")
MIN_WORLDS = 30


def amount_words(value: float, unit: str = "", se: float | None = None) -> str:
    """``0.4 strepen``, ``12 points``, ``1 point``, ``0.15 stake units``: a positive amount
    in the unit's fixed precision (``sheets.base.unit_decimals``: strepen to a tenth, points
    whole, stake units and hands to a hundredth; so ``0.5`` beside ``0.3 strepen``, never
    ``0.16`` beside ``0.415``), rounded coarser where a search cannot tell more: with ``se``
    (its standard error, in the same unit) to a step of 1, 2 or 5 times a power of ten no
    larger than it (``5.7`` points with an error of 2.1: ``6``; ``0.73`` strepen with 0.3:
    ``0.8``), halves rounded up."""
    decimals = unit_decimals(unit)
    v = abs(value)
    step = 10.0**-decimals
    if se is not None and 0 < se < math.inf:
        e = math.floor(math.log10(se))
        step = max(step, max(m * 10.0**e for m in (1, 2, 5) if m * 10.0**e <= se))
    v = math.floor(round(v / step, 9) + 0.5) * step
    num = f"{v:.{decimals}f}"
    if float(num) == 1 and unit.endswith(" points"):
        unit = unit[: -len("points")] + "point"  # 1 penalty point
    elif unit == "points" and float(num) == 1:
        unit = "point"
    return f"{num} {unit}".strip()


def gain_words(value: float, unit: str = "", se: float | None = None) -> str:
    """``about 6 points better on average``: a gain by a search's estimate, as the hint and
    the review both say it (``amount_words``)."""
    return f"about {amount_words(value, unit, se)} better on average"


def compare(decision: Any, i: int, j: int) -> tuple[float, float]:
    """The search's estimate of how much action ``i`` beats action ``j`` (indexes of
    ``decision.legal``) in the returns, and its standard error: exact (paired on the same
    deals) when one of them is the search's prior, else the sum of the two paired errors
    against the prior (a bound)."""
    st = decision.stats
    if not st.playouts or min(st.n[i], st.n[j]) < 2:
        return 0.0, math.inf
    prior = decision.extra.get("prior", decision.chosen) if decision.extra else decision.chosen
    gain = st.mean(i) - st.mean(j)
    if i == j:
        return 0.0, 0.0
    if j == prior:
        return gain, st.gain_over(i, prior)[1]
    if i == prior:
        return gain, st.gain_over(j, prior)[1]
    return gain, st.gain_over(i, prior)[1] + st.gain_over(j, prior)[1]


def is_clear(decision: Any, gain: float, se: float) -> bool:
    """Whether a gain of the search ``decision`` (``compare``) is more than noise: at least
    ``MIN_WORLDS`` sampled deals, and more than ``CONFIDENCE`` standard errors, plus what the
    strong bot's bar over its prior adds for many candidates (``Decision.extra["bar"]``)."""
    bar = decision.extra.get("bar", 1.0) if decision.extra else 1.0
    need = CONFIDENCE + max(0.0, bar - 1.0)
    return decision.stats.worlds >= MIN_WORLDS and se < math.inf and gain > need * se


def floor_of(decision: Any) -> float:
    """The smallest gain worth telling a player, in the sheet's unit: the game's
    ``Game.review_floor``, which the strong bot keeps in ``Decision.extra["floor"]`` (0
    where a decision has none)."""
    return float(decision.extra.get("floor", 0.0)) if decision.extra else 0.0


def worth_telling(decision: Any, gain: float, se: float, scale: float = 1.0) -> bool:
    """Whether a gain of the search ``decision`` (``compare``, in the returns) is worth a
    line of the review and a "better" without "a close call" in the hint: more than noise
    (``is_clear``) and, times ``scale`` (``sheet_scale``: in the sheet's unit), at least the
    game's floor (``floor_of``: 0.1 strepen, 1 point, ...)."""
    return is_clear(decision, gain, se) and gain * scale >= floor_of(decision)


def _mid_sentence(label: str) -> str:
    """A move's label as it reads inside a sentence: "Discard Q♣" → "discard Q♣", "Take
    discard" → "take discard"; a card alone ("A♥") and a label with no verb stay as they are."""
    head, _, tail = label.partition(" ")
    if head.isalpha() and tail:
        return head.lower() + " " + tail
    return label


def reason(obs: Observation, decision: Decision, iset: Any = None, scale: float = 1.0, unit: str = "") -> str:
    """One line on why the search chose what it chose, from its statistics (and, given the
    seat's information set, whether a last card takes the trick), short enough for the
    table's message line: the actions in the game's words (``obs.verbs``; a card play in a
    trick game by its card alone), the difference with the next best in the sheet's
    ``unit`` (the returns times ``scale``, ``review.sheet_scale``; no unit: in the returns),
    in the review's words and rounding (``gain_words``), and "a close call" unless the
    difference is worth telling by the review's test (``worth_telling``: clear of the
    search's noise, and at least the game's floor, ``Game.review_floor``): the hand summary
    then lists the next best, if played, with these same numbers. A difference under the
    floor reads "as good as" (or "looked as good", for a move the search did not take)."""
    st = decision.stats
    legal = decision.legal
    best = decision.chosen

    def label_of(i: int) -> str:
        return short_words(legal[i], obs, card=display)

    label = label_of(best)
    if len(legal) == 1 or not st.playouts:
        return f"{label}: the only move" if len(legal) == 1 else f"{label}: no time to search"
    others = sorted((i for i in range(len(legal)) if i != best), key=st.mean, reverse=True)
    nxt = others[0]
    diff, se = compare(decision, best, nxt)
    bits = []
    bits.extend(move_words(obs, legal[best], iset))  # the family's words ("wins the trick")
    err = se * scale if se < math.inf else None
    amount = amount_words(diff * scale, unit, err)
    # nothing to tell: rounds to nought, or under the game's floor
    nought = float(amount.split()[0]) == 0 or abs(diff) * scale < floor_of(decision)
    if diff < 0:
        # the search kept the rule of thumb's move: the other looked better, but not surely
        other = _mid_sentence(label_of(nxt))
        looks = "looked as good" if nought else f"looked {amount} better, within the search's noise"
        return f"{label}: " + ", ".join(bits + [f"the rule of thumb; {other} {looks}"])
    if not (diff > 0 and worth_telling(decision, diff, se, scale)):
        bits.append("a close call")  # first: the line may be cut at the screen's edge
    bits.append(
        f"as good as {_mid_sentence(label_of(nxt))}"
        if nought
        else f"{gain_words(diff * scale, unit, err)} than {_mid_sentence(label_of(nxt))}"
    )
    return f"{label}: " + ", ".join(bits)


__all__ = [
    "CONFIDENCE",
    "MIN_WORLDS",
    "amount_words",
    "compare",
    "floor_of",
    "gain_words",
    "is_clear",
    "reason",
    "worth_telling",
]
