"""What the strong bot would have played: the review of a player's decisions in a hand
(issue 9, item 4), and the player's words for an action.

    search = ReviewSearch(game, state.information_set(seat))      # up to the bot budget
    decision = search.run()        # in a worker thread; ``search.cancel()`` from another
    line = review_line(decision, played, obs, when, unit, scale)  # None: nothing clear to say
    line.text()                    # "Trick 3: you chose 7H, the bot AH (about 0.4 strepen
                                   #  better on average)"
    lines = review_hand(match, 0, seats={0}, iterations=200)      # from a record, in process

Words (``action_words``, in ``bots/words.py``): an action in the game's own labels
(``VerbSpec.label`` of the observation's ``verbs``: ``Roem KD QD JD``, ``Take discard``,
``Lay off 7D onto meld 1``), card codes left as codes so that the table draws them as cards;
never the action text (``declare seq3 …``), which is the records' internal form, unless a
game declares no spec.

When the bot "would have chosen differently" (``review_line``; the test and its words are in
``bots/explain.py``, shared with the hint): the strong bot's own pick (``Decision.chosen``,
which already keeps its prior unless the search beat it by the bot's bar) is not the action
played, and the difference is clear (``is_clear``): the search sampled at least
``MIN_WORLDS`` deals, and the bot's pick beats the played action by more than ``CONFIDENCE``
(2) standard errors of their difference (``compare``: paired on the same deals), plus what
the strong bot's bar adds where it compares many candidates. Anything less is search noise,
and no line is shown. Nor is a difference too small to be worth telling a player
(``worth_telling``): under the game's floor in the sheet's unit (``Game.review_floor``: 0.1
strepen in the jas games, 1 point in a game of points, 0.05 stake units in Manille), kept by
the strong bot in ``Decision.extra["floor"]``. A search cut short keeps what it found, and
says nothing if that is too little. The hint (``explain.reason``) calls a difference "a
close call" by the same test, so the two never disagree on one search; and at the table a
decision the player asked a hint for is reviewed by the hint's own search.

The gain is shown in the sheet's unit (``Sheet.unit``): the difference of the returns times
``sheet_scale`` (``returns_scale()`` and the sheet points per unit of ``returns_gains()``),
i.e. how much more the player's side would have written than the others, on average over the
sampled deals, rounded to its standard error (``gain_words``: "about 6 points better on
average", the hint's words too).

Layering: bots (no TUI imports); the table runs ``ReviewSearch`` in a thread worker.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any, Collection

from cardtable.bots.explain import (
    CONFIDENCE,
    MIN_WORLDS,
    amount_words,
    compare,
    floor_of,
    gain_words,
    is_clear,
    worth_telling,
)
from cardtable.bots.words import action_words, short_words
from cardtable.engine.actions import Action
from cardtable.engine.views import CARD, TRICK

#: seconds a review search may think about one decision: None is the bot budget (the
#: setting, ``strong.default_budget()``); it runs while the human thinks and is cancelled
#: when they move
REVIEW_BUDGET: float | None = None


def when_words(obs: Any, turn: int) -> str:
    """Where in the hand a decision was: ``Trick N`` in a game with a trick on the table
    (``N``: the tricks finished, from the ``trick`` events, plus one; ``Before the first
    trick`` for a decision before any card was played that is no card play), else ``Turn N``
    (``turn``: the seat's turns so far in the hand, counted by the caller)."""
    if any(z.kind == TRICK for z in obs.zones):
        done = sum(1 for e in obs.events if e.kind == "trick")
        played = any(e.kind == "play" for e in obs.events)
        card_verb = any(s.shape == CARD for s in obs.verbs)
        if not played and not card_verb:
            return "Before the first trick"
        return f"Trick {done + 1}"
    return f"Turn {turn}"


_SCALES: dict[tuple, float] = {}


def sheet_scale(info: Any, tries: int = 8) -> float:
    """What one unit of ``returns()`` is worth on the score sheet (in ``Sheet.unit``) in the
    game of ``info`` (an information set, or a State): ``returns_scale()`` times how many
    sheet points one unit of ``returns_gains()`` writes (1 in most games, 100 where the gains
    are in hundreds, the sign dropped where a penalty sheet counts down), found from the
    ``result().points`` of a few random playouts of sampled deals (the median ratio), once
    per game and options in a process. Never raises: 1 where nothing can be measured."""
    try:
        rng = random.Random(0)
        world = info.sample(rng) if hasattr(info, "sample") else info.clone()
        key = (type(world), repr(sorted(getattr(world.game, "options", {}).items())))
        if key not in _SCALES:
            ratios = []
            for _ in range(tries):
                w = info.sample(rng) if hasattr(info, "sample") else info.clone()
                w.playout(rng)
                ratios += [abs(p / g) for g, p in zip(w.returns_gains(), w.result().points) if g and p]
            ratios.sort()
            _SCALES[key] = ratios[len(ratios) // 2] if ratios else 1.0
        return float(world.returns_scale()) * _SCALES[key]
    except Exception:
        return 1.0


@dataclass(frozen=True)
class ReviewLine:
    """One decision where the bot would have chosen otherwise: the ``seat``, the action's
    ``index`` in the hand, ``when`` (``Trick 3``), what was ``played`` and what the bot
    would have chosen (``better``), in the game's words with card codes, and the ``gain``
    in the sheet's ``unit`` (a positive number) with its standard error ``se``."""

    seat: int
    index: int
    when: str
    played: str
    better: str
    gain: float
    unit: str = ""
    se: float | None = None

    def text(self, who: str = "you") -> str:
        """``Trick 3: you chose 7H, the bot AH (about 0.4 strepen better on average)`` (one
        line of the summary at 80 columns, mostly; the gain rounded to its standard error
        ``se``); ``who``: how the player is named (``you``, a name)."""
        return (
            f"{self.when}: {who} chose {self.played}, the bot {self.better} "
            f"({gain_words(self.gain, self.unit, self.se)})"
        )


def review_line(
    decision: Any, played: Action, obs: Any, when: str, unit: str = "", scale: float = 1.0, index: int = 0
) -> ReviewLine | None:
    """The line for one decision, or None when the bot would have played the same or its
    choice is not clearly better (``is_clear``, see the module docstring) or better by less
    than the game's floor (``worth_telling``). ``decision``: the strong
    bot's ``Decision`` (``legal``, ``stats``, ``chosen``, ``extra["prior"]``) for the
    seat's observation ``obs``; ``played``: the action taken; ``scale``: what a unit of the
    returns is worth on the sheet (``sheet_scale``)."""
    if decision is None or played not in decision.legal:
        return None
    legal = decision.legal
    best = decision.chosen
    p = legal.index(played)
    if best == p:
        return None
    gain, se = compare(decision, best, p)
    if not worth_telling(decision, gain, se, scale):
        return None
    return ReviewLine(
        obs.seat, index, when, short_words(played, obs), short_words(legal[best], obs), gain * scale, unit, se * scale
    )


class ReviewSearch:
    """A strong-bot search of one decision, to compare with what the player does.

    ``game``; ``info``: the information set of the seat to act; ``budget``: seconds (default
    ``REVIEW_BUDGET``, None: the bot budget); ``iterations``: a fixed count of playouts instead (tests); ``use_pool``:
    search in the strong bot's process pool (the table) or in process (``review_hand``).
    ``run()`` blocks (call it in a worker thread) and returns the ``Decision`` (None for a
    decision with one legal action); ``cancel()``, from another thread, makes it return at
    once with what it found so far. The table's hook ``CardTableApp.review_search`` takes
    any class with this constructor and these two methods."""

    def __init__(
        self,
        game: Any,
        info: Any,
        budget: float | None = None,
        iterations: int | None = None,
        use_pool: bool = True,
        seed: int | None = None,
    ):
        from cardtable.bots.strong import StrongBot

        self.info = info
        self.budget = REVIEW_BUDGET if budget is None else budget
        self.bot = StrongBot(game, seed=seed, iterations=iterations, use_pool=use_pool)
        self._cancelled = threading.Event()

    def run(self) -> Any:
        if self._cancelled.is_set():
            return None
        self.bot.choose(self.info, self.budget)
        return self.bot.last

    def cancel(self) -> None:
        self._cancelled.set()
        self.bot.cancel()


class TurnCounter:
    """The turn number of a seat's decisions in a hand, from the indexes of the hand's
    actions it decided: a decision right after the seat's previous one (no other seat
    between) is the same turn, else the next. ``note(index)`` returns the turn; an index
    noted again (after an undo) keeps its count."""

    def __init__(self) -> None:
        self.turns: dict[int, int] = {}

    def note(self, index: int) -> int:
        if index in self.turns:
            return self.turns[index]
        before = [k for k in self.turns if k < index]
        if not before:
            turn = 1
        else:
            prev = max(before)
            turn = self.turns[prev] + (0 if prev == index - 1 else 1)
        self.turns[index] = turn
        return turn


def review_hand(
    match: Any, hand: int, seats: Collection[int] | None = None, iterations: int = 200, seed: int = 0
) -> list[ReviewLine]:
    """The review of hand ``hand`` (0-based, a dealt hand of ``match.hands``) recomputed from
    the record: every decision of ``seats`` (default: the human seats) with two or more
    legal actions searched in process with ``iterations`` playouts (reproducible for
    ``seed``). Raises IndexError for a hand that does not exist, ValueError for a decision
    between hands. Costs about a strong bot's decision per decision reviewed."""
    entry = match.hands[hand]
    if entry.get("between"):
        raise ValueError("a decision between hands is not reviewed")
    game = match.game
    if seats is None:
        seats = [s for s in range(game.players) if match.seat_kind(s)[0] == "human"]
    seats = set(seats)
    standing = _standing_before(match, hand)
    st = game.from_deal(entry["deal"], standing) if "deal" in entry else game.new_hand(entry["seed"], standing)
    unit = getattr(match.sheet, "unit", "") or ""
    counters = {s: TurnCounter() for s in seats}
    out: list[ReviewLine] = []
    rng = random.Random(seed)
    for i, text in enumerate(entry["actions"]):
        action = game.parse_action(text)
        seat = st.to_act
        if seat in seats:
            turn = counters[seat].note(i)
            obs = st.observation(seat)
            if len(obs.legal) > 1:
                search = ReviewSearch(
                    game, st.information_set(seat), iterations=iterations, use_pool=False, seed=rng.randrange(2**31)
                )
                decision = search.run()
                line = review_line(
                    decision,
                    obs.legal[obs.legal.index(action)] if action in obs.legal else action,
                    obs,
                    when_words(obs, turn),
                    unit,
                    sheet_scale(st),
                    i,
                )
                if line is not None:
                    out.append(line)
        st = st.apply(action, check=False)
    return out


def _standing_before(match: Any, hand: int) -> Any:
    """The sheet's standing before hand ``hand``: the match replayed on a new sheet up to it."""
    sheet = match.game.new_sheet()
    for h, res in zip(match.hands[:hand], match.results[:hand]):
        if res is None:
            continue
        if h.get("between"):
            sheet.record_between(res)
        else:
            sheet.record(res)
    return sheet.standing()


__all__ = [
    "CONFIDENCE",
    "MIN_WORLDS",
    "REVIEW_BUDGET",
    "ReviewLine",
    "ReviewSearch",
    "TurnCounter",
    "action_words",
    "amount_words",
    "compare",
    "floor_of",
    "gain_words",
    "is_clear",
    "review_hand",
    "review_line",
    "sheet_scale",
    "short_words",
    "when_words",
    "worth_telling",
]
