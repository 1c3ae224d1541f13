"""The hand of a trick game: ``TrickGame`` (a game whose hands are trick hands, with its
``ranking`` and follow ``rule``) and ``TrickHand``, the shared State of one trick hand (hands
as masks, the trick, tricks and points per seat and side, the public log, the zones and
generic Observation fields, clone, hidden_from, cards_in_play, deal_record, the fast
playout and the information-set hooks of the search); a game's state subclasses it with
its seats, partnerships and bonuses as class parameters and adds its own phases and
scoring (kruisjassen §4-§5, manille-muette §4-§5 and the other trick games' specs).
``MultiPackTrickHand`` holds a deck with copies of a card.

Used by the jas games (kruisjassen, schutjassen, grevjas, handjas, honderden, klop,
jo-jotte) and the manille family (manille, manille-muette, manille-parlee, butifarra).
The parts a hand is made of live in files of their own: cards as bits and layered masks
``families/trick_masks.py``, trick order and card points ``families/trick_ranking.py``,
follow rules ``families/follow.py``, the deal ``families/trick_deal.py``, the sides of a
partnership ``families/partnerships.py``, the play verb and log events
``families/trick_views.py``. Their public names are re-exported here (``__all__``), so
``from cardtable.families.tricks import JAS, JasRule, mask_of`` keeps working.
"""

from __future__ import annotations

import random as _random
from collections import Counter
from typing import Any, Callable, Sequence, TypeVar

from cardtable.cards import SUIT_OF, Card, card_text, plain, rank_of, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import Game, Observation, State
from cardtable.engine.views import (
    CARD,
    CARDS,
    COUNT,
    DESIGNATION,
    DOWN,
    HAND,
    LAST_TRICK,
    MELD,
    TAKEN,
    TRICK,
    TRICK_EVENTS,
    UP,
    UPCARD,
    Facts,
    LogEvent,
    VerbSpec,
    Zone,
    log_view,
    specs_for,
    status_items,
)
from cardtable.families.follow import FollowRule, JasRule, ManilleRule
from cardtable.families.partnerships import SIDE_NAMES, end_detail, partner_of, side_of, side_result, side_seats
from cardtable.families.trick_deal import deal_packets, parse_trick_deal
from cardtable.families.trick_masks import (
    LANE,
    LANE0,
    SUIT_MASK,
    add_copy,
    all_layers,
    bit,
    cards_of,
    copy_counts,
    count,
    layered_cards,
    layered_mask,
    layered_minus,
    layered_union,
    mask_of,
    settled,
    take_copy,
)
from cardtable.families.trick_ranking import BUTIFARRA, DISPLAY_SUITS, JAS, MANILLE, Ranking, TrickTable, trick_points
from cardtable.families.trick_views import PASS_SPEC, PLAY, PLAY_SPEC, TRICK_VERBS, esc, play_event, trick_event

# ---- the state of one trick hand ----------------------------------------------------------

#: the draw behind ``random.Random.randrange(n)`` (the fast playout inlines it)
_STD_RANDBELOW = getattr(_random.Random, "_randbelow", None)

#: input shapes whose cards come from the hand (their cards are the hand's selectable ones)
_PICKED = (CARD, CARDS, MELD, DESIGNATION)

#: a trick hand's own class (``TrickHand.clone`` returns one of the same class)
_Trick = TypeVar("_Trick", bound="TrickHand")


def _unwound(cons: tuple | None) -> list:
    """The items of a cons list ``(previous, item)`` (None when empty), oldest first."""
    out = []
    while cons is not None:
        cons, item = cons
        out.append(item)
    out.reverse()
    return out


class TrickGame(Game):
    """A game of the trick family: its hands are ``TrickHand`` states (the jas games, the
    manille family, butifarra). The bots register what they play every game of the family
    with for this class (bots/trick_playout.py: the search's playout and the hint's words),
    so a new trick game gets them by deriving from it.

    Hooks the family reads (``TrickHand``): ``ranking`` (trick order and card points,
    a ``Ranking``; its ``table(trump)`` is the hand's ``t``) and ``rule`` (the follow rule,
    a ``FollowRule``: ``legal`` and ``why_not``)."""

    #: the trick order and card points of the game's family (``JAS``, ``MANILLE``, ``BUTIFARRA`` ...)
    ranking: Ranking
    #: the follow rule: which cards may be played to a trick, and why not (``JasRule``, ``ManilleRule``)
    rule: FollowRule

    def card_sort_key(self, card: Card, trump: int | None) -> int:
        """The trick order, strongest first (``Game.card_sort_key``): a card of ``trump`` in
        the trump order, any other in the plain order of ``ranking`` (``JAS``: J 9 A K Q T 8 7
        and A K Q J T 9 8 7; ``MANILLE``: T A K Q J 9 8 7)."""
        return -self.ranking.table(trump).strength[plain(card)]


class TrickHand(State):
    """The shared state of one hand of a trick game: hands as masks, the current trick, the
    trick winner so far, tricks and trick points per seat and side, the completed tricks and
    a public event log. A game's state subclasses it and adds its phases and scoring.

    Parameters (class attributes; a state may shadow them per instance, e.g. by player count):
      ``n_seats``; ``next_seat``: seat after each seat (clockwise); ``partner``: partner of
      each seat, -1 without partners (``ManilleRule``/``JasRule`` get ``partner_winning``
      from it); ``side``: side of each seat (0/1 in 2 x 2 games, the seat itself when every
      player is alone); ``n_sides``; ``last_bonus``: points for the last trick (jas: 5);
      ``per_trick``: points per trick won (manille: 1); ``copy_lists``: list fields that
      ``clone`` copies (everything else must be immutable: ints, tuples, cons lists);
      ``copies``: how many copies of one card the deck holds (1: one pack; bezique's two
      and four packs: 2 or 4).

    Copies: a deck with copies of a card has a state class derived from
    ``MultiPackTrickHand`` (``copies`` 2 or 4; it holds the two per-card steps, ``_play``
    and ``play_mask``, so that one-pack games pay nothing for copies in their playouts). The
    hands, ``gone``, ``start_hands`` and the masks of the search are then *layered* masks
    (``layered_mask``: the k-th copy of plain card ``c`` at bit ``c + LANE * k``), so a hand
    holds two QS; the playable cards (``play_mask``) are plain masks (which cards, not how
    many: a follow rule reads no more), ``play QS`` plays one of them, an identical card
    does not beat the one played before it (the leader of the two keeps the trick),
    ``hidden_from`` is a ``Counter``. Every method of this class handles them; a subclass's
    own mask arithmetic (roem, a stock) must go through the layered helpers (``add_copy``,
    ``take_copy``, ``layered_union``, ...). With ``copies == 1`` a hand holds each plain
    card once: the constructor refuses a mask with a card outside the plain cards or a card
    in two hands (ValueError), and ``mask_of`` a card given twice, so a deck with copies
    never collapses silently into one pack.

    State fields: ``hands`` (mask per seat), ``trick`` (((seat, card), ...), leader first),
    ``led`` (suit led, -1 for an empty trick), ``win_card`` / ``win_seat`` (winning so far),
    ``ntricks`` (completed), ``tricks_won`` (per seat), ``side_tricks`` and ``trick_pts``
    (per side: tricks and points from tricks, incl. bonuses), ``gone`` (mask of completed
    tricks' cards), ``last_trick`` / ``last_winner``, ``history`` (cons list of (trick,
    winner, points)), ``ev`` (cons list of public events, oldest at the bottom), ``phase``,
    ``to_act`` (a plain attribute: seat or None), ``end`` (the result detail once over).

    Hooks: ``_legal_other()`` (actions of phases other than ``play``), ``_apply`` (default:
    ``play``), ``_complete_trick()`` (default: book the trick, then ``_after_trick``),
    ``_after_trick()`` (default: the winner leads, or ``_hand_over()`` after the last trick),
    ``_hand_over()`` (scoring; must set ``phase = "over"`` and ``to_act = None``),
    ``_log_event(event)`` (the ``LogEvent`` of one of the game's own raw events; ``play`` and
    ``trick`` are here; ``_log_text`` is its text), ``verb_specs()`` (the ``VerbSpec``s of the
    game's verbs, default the class's ``verb_table``), ``extra_zones(seat, hidden)`` (zones
    beyond the hands, the trick, the taken piles, the last trick and the upcard).

    Views: ``observation`` (``make_observation``) fills ``zones`` (``zones(seat)``), ``verbs``
    and ``events``; the log is kept as raw event tuples and made into LogEvents and texts
    once per event (``_logc``, shared by clones), so an observation costs the same late in
    the hand as early.

    Search (``engine/search.py``): ``legal_play_mask()`` (the playable cards; ``is_legal``
    and the playouts read it), ``rollout_actions()`` / ``_rollout_mask()`` (the playout's
    choices), ``playout(rng)`` (the fast path: plain card steps inlined by ``_fast_trick``
    unless ``_fast_inline_ok()`` says no or the seat is ``_fast_watch_seat()``),
    ``information_set(seat)`` from ``iset_known`` (cards known in other hands),
    ``iset_forbidden`` (what the plays rule out, by the follow rule), ``iset_counts``
    (exact suit counts), ``iset_places`` / ``iset_place`` (unseen places other than the
    hands) and ``_iset_rebuild`` (what depends on the deal: the starting hands).
    """

    game: TrickGame
    to_act: int | None = None  # plain attribute (overrides the base property): seat or None

    n_seats = 4
    next_seat: tuple[int, ...] = (1, 2, 3, 0)
    partner: tuple[int, ...] = (2, 3, 0, 1)
    side: tuple[int, ...] = (0, 1, 0, 1)
    n_sides = 2
    last_bonus = 0
    per_trick = 0
    #: seats that play to each trick (0: all ``n_seats``; handjas with five: four, the
    #: dealer sits out and ``next_seat`` skips him)
    n_playing = 0
    copy_lists: tuple[str, ...] = ("hands",)
    #: copies of each card in the deck (1: one pack; 2 or 4: bezique's packs); see "Copies"
    copies = 1
    verb_table: tuple[VerbSpec, ...] = TRICK_VERBS
    _logc = None  # views.EventLog of ``ev`` (a cache, shared by clones)

    def __init__(
        self,
        game: TrickGame,
        dealer: int,
        hands: list[int],
        trump: int | None,
        upcard: Card | None = None,
        n_tricks: int | None = None,
    ):
        """``hands``: a mask per seat; ``trump``: suit 0..3 or None (no trump); ``upcard``:
        the turned card (public) or None; ``n_tricks``: tricks in the hand (default: the
        largest hand). Voorhand (the seat after the dealer) is to act, in phase ``play``.
        ``hands`` are layered masks where ``copies`` > 1. Raises ValueError for hands the
        class cannot hold (``check_hands``)."""
        self.check_hands(hands)
        self.game = game
        self.seed = None
        self.dealer = dealer
        self.upcard = upcard
        self.trump = trump
        self.t = game.ranking.table(trump)
        self.start_hands = tuple(hands)
        self.hands = list(hands)
        self.n_tricks = n_tricks if n_tricks is not None else max(h.bit_count() for h in hands)
        self.phase = "play"
        self.trick: tuple[tuple[int, int], ...] = ()
        self.led = -1
        self.win_card = -1
        self.win_seat = -1
        self.ntricks = 0
        self.tricks_won = (0,) * self.n_seats
        self.side_tricks = (0,) * self.n_sides
        self.trick_pts = (0,) * self.n_sides
        self.gone = 0  # cards of completed tricks
        self.last_trick: tuple[tuple[int, int], ...] = ()
        self.last_winner: int | None = None
        self.history: tuple[Any, Any] | None = None  # cons list: (previous, (trick, winner, points))
        self.ev: tuple[Any, Any] | None = None  # cons list of public events
        self.end: dict[str, Any] | None = None
        self._lc: list[Action] | None = None
        self.to_act = self.next_seat[dealer]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A state class with ``copies`` > 1 must derive from ``MultiPackTrickHand`` (the
        per-card steps that take one copy of several); TypeError otherwise."""
        super().__init_subclass__(**kwargs)
        if cls.copies > 1 and not any(
            c.__name__ == "MultiPackTrickHand" and c.__module__ == __name__ for c in cls.__mro__
        ):
            raise TypeError(
                f"{cls.__name__}: a trick hand with copies = {cls.copies} derives from "
                "MultiPackTrickHand (families/tricks.py)"
            )

    def check_hands(self, hands: Sequence[int]) -> None:
        """Raise ValueError (one line, naming the card) unless ``hands`` fit ``copies``:
        with one copy every card plain (below ``LANE``) and in one hand only; with more, no
        card in more than ``copies`` layers of one hand or copies in all hands together,
        and each hand's layers filled from the lowest."""
        k = self.copies
        if k == 1:
            seen = 0
            for h in hands:
                if h >> LANE or h < 0:
                    raise ValueError(
                        f"{type(self).__name__} holds one copy of each card (copies = 1): a hand "
                        "holds a card of a second pack or a card that is not plain; a deck with "
                        "copies needs a state class with copies = 2 or 4"
                    )
                if seen & h:
                    c = (seen & h & -(seen & h)).bit_length() - 1
                    raise ValueError(
                        f"{card_text(c)} is in two hands: {type(self).__name__} holds one copy of "
                        "each card (copies = 1); a deck with copies needs copies = 2 or 4"
                    )
                seen |= h
            return
        total: dict[int, int] = {}
        for h in hands:
            if h < 0 or h >> (LANE * k) or settled(h) != h:
                raise ValueError(
                    f"{type(self).__name__}: a hand mask must be a layered mask of at most "
                    f"{k} copies of a card (layered_mask)"
                )
            for c, n in copy_counts(h).items():
                total[c] = total.get(c, 0) + n
                if total[c] > k:
                    raise ValueError(f"{card_text(c)} is dealt {total[c]} times: the deck holds {k} copies")

    # -- copying --
    def clone(self: _Trick) -> _Trick:
        n = object.__new__(self.__class__)
        d = self.__dict__.copy()  # one C-level copy of the plain fields
        n.__dict__ = d
        for k in self.copy_lists:
            d[k] = d[k][:]
        d["_lc"] = None
        return n

    def _log(self, *event: Any) -> None:
        self.ev = (self.ev, event)

    def _changed(self) -> None:
        self._lc = None

    # -- legality --
    def _legal(self) -> list[Action]:
        lc = self._lc
        if lc is None:
            lc = self._lc = self._legal_play() if self.phase == "play" else self._legal_other()
        return lc

    def _legal_other(self) -> list[Action]:
        """Legal actions in a phase other than ``play`` (default: none)."""
        return []

    def play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now (a mask), by the game's follow rule."""
        return self.game.rule.legal(
            self.t, self.hands[seat], self.led, self.win_card, self.win_seat == self.partner[seat]
        )

    @staticmethod
    def play_actions(mask: int) -> list[Action]:
        """``play`` actions for the cards of a mask, lowest card int first."""
        acts = []
        while mask:
            low = mask & -mask
            acts.append(PLAY[low.bit_length() - 1])
            mask ^= low
        return acts

    def legal_play_mask(self) -> int:
        """The cards the seat to act may play now (a mask): the follow rule's
        ``play_mask``; a game with more restrictions (kruisjassen's stuk) overrides it.
        ``_legal_play``, ``is_legal`` and the fast playout all read it."""
        assert self.to_act is not None, "nobody plays in a hand that is over"
        return self.play_mask(self.to_act)

    def _legal_play(self) -> list[Action]:
        return self.play_actions(self.legal_play_mask())

    def is_legal(self, action: Action) -> bool:
        """Membership in the legal actions once they are listed (cached); before that a
        ``play`` in the play phase is checked against ``legal_play_mask()`` without
        listing them; anything else by membership (``State.is_legal``)."""
        if self._lc is None and self.phase == "play" and action.verb == "play" and self.to_act is not None:
            cards = action.cards
            if len(cards) == 1 and 0 <= cards[0] < 64 and action == PLAY[cards[0]]:
                return bool((self.legal_play_mask() >> cards[0]) & 1)
        return State.is_legal(self, action)

    def explain_play(self, seat: int, card: Card) -> str:
        """Why ``seat`` may not play ``card`` now (the follow rule's sentence)."""
        return self.game.rule.why_not(
            self.t, self.hands[seat] & LANE0, self.led, self.win_card, self.win_seat == self.partner[seat], card
        )

    def explain(self, action: Action) -> str:
        if self.phase == "over":
            return "the hand is over"
        if action.verb == "play" and len(action.cards) == 1 and self.to_act is not None:
            return self.explain_play(self.to_act, action.cards[0])
        return f"{action.text()} is not an action of {self.game.name} now"

    # -- applying --
    def _apply(self, action: Action) -> None:
        if action.verb == "play":
            assert self.to_act is not None, "the engine applies actions only while the hand is on"
            self._play(self.to_act, action.cards[0])
        else:  # pragma: no cover - the engine only passes legal actions
            raise ValueError(f"unknown action {action.text()}")

    def _play(self, seat: int, c: int) -> None:
        """``seat`` plays ``c`` to the trick; the trick is completed after the last seat."""
        self.hands[seat] ^= 1 << c
        self.ev = (self.ev, ("play", seat, c))
        trick = self.trick
        if not trick:
            self.led = SUIT_OF[c]
            self.win_card = c
            self.win_seat = seat
            self.trick = ((seat, c),)
        else:
            if self.t.beats(c, self.win_card):
                self.win_card = c
                self.win_seat = seat
            self.trick = trick = trick + ((seat, c),)
            if len(trick) == (self.n_playing or self.n_seats):
                self._complete_trick()
                return
        self.to_act = self.next_seat[seat]

    def _take_trick(self) -> tuple[int, int, int]:
        """Book the full trick to its winner: card points (+ ``last_bonus`` on the last
        trick, + ``per_trick``) to the winner's side, the trick to the seat and side, its
        cards to ``gone``, the ``trick`` event; the trick is emptied. Returns (winner seat,
        points, mask of the trick's cards: a layered mask where the deck has ``copies``)."""
        trick = self.trick
        w = self.win_seat
        side = self.side[w]
        pts_t = self.t.points
        pts = self.per_trick
        m = 0
        for _s, c in trick:
            pts += pts_t[c]
            m |= 1 << c
        if self.copies > 1:
            m = layered_mask(c for _s, c in trick)
            self.gone = layered_union(self.gone, m)
            m_gone = 0
        else:
            m_gone = m
        self.ntricks += 1
        if self.ntricks == self.n_tricks:
            pts += self.last_bonus
        tp = list(self.trick_pts)
        tp[side] += pts
        self.trick_pts = tuple(tp)
        st = list(self.side_tricks)
        st[side] += 1
        self.side_tricks = tuple(st)
        tw = list(self.tricks_won)
        tw[w] += 1
        self.tricks_won = tuple(tw)
        self.gone |= m_gone
        self.last_trick = trick
        self.last_winner = w
        self.history = (self.history, (trick, w, pts))
        self.trick = ()
        self.led = -1
        self._log("trick", w, pts)
        return w, pts, m

    def _complete_trick(self) -> None:
        self._take_trick()
        self._after_trick()

    def _after_trick(self) -> None:
        if self.ntricks == self.n_tricks:
            self._hand_over()
            return
        self.phase = "play"
        self.to_act = self.win_seat

    def _hand_over(self) -> None:
        """Score the hand (after the last trick): set ``end``, ``phase = "over"``,
        ``to_act = None``."""
        raise NotImplementedError

    # -- what a seat sees --
    def _events(self) -> list[tuple]:
        return _unwound(self.ev)

    def _tricks(self) -> list[tuple]:
        return _unwound(self.history)

    _tjc = None  # (history node, tricks_json), a cache shared by clones
    _pcc = None  # (gone mask, played_codes), likewise

    def tricks_json(self) -> list[dict[str, Any]]:
        """The completed tricks: [{"leader", "cards": [[seat, code], ...], "winner", "points"}]
        (a new list each call; the trick dicts are made once per trick and shared, read-only)."""
        c = self._tjc
        if c is None or c[0] is not self.history:
            if c is not None and self.history is not None and self.history[0] is c[0]:
                tr, w, p = self.history[1]  # one trick more than the cached list
                made = c[1] + (
                    {"leader": tr[0][0], "cards": [[s, card_text(x)] for s, x in tr], "winner": w, "points": p},
                )
            else:
                made = tuple(
                    {"leader": tr[0][0], "cards": [[s, card_text(x)] for s, x in tr], "winner": w, "points": p}
                    for tr, w, p in self._tricks()
                )
            c = self._tjc = (self.history, made)
        return list(c[1])

    def played_codes(self) -> list[str]:
        """Codes of the cards in completed tricks."""
        c = self._pcc
        if c is None or c[0] != self.gone:
            c = self._pcc = (self.gone, tuple(card_text(x) for x in layered_cards(self.gone)))
        return list(c[1])

    def _log_event(self, ev: tuple) -> LogEvent | None:
        """The LogEvent of one public raw event (None: not shown)."""
        k = ev[0]
        if k == "play":
            return play_event(ev[1], ev[2])
        if k == "trick":
            return trick_event(ev[1], ev[2])
        return None

    def _log_text(self, ev: tuple) -> str | None:
        """The log line of one public raw event (None: not shown)."""
        e = self._log_event(ev)
        return None if e is None else e.text

    def event_log(self):
        """The ``views.EventLog`` of the public log (LogEvents and their texts, oldest
        first); only the raw events added since the last call are made and rendered."""
        lc = self._logc = log_view(self._logc, self.ev, self._log_event)
        return lc

    def log_texts(self) -> tuple[str, ...]:
        return self.event_log().texts

    # -- declared views --
    def verb_specs(self) -> tuple[VerbSpec, ...]:
        """The specs of this game's verbs now (default: the class's ``verb_table``)."""
        return self.verb_table

    def zones(self, seat: int, legal: tuple = (), specs: tuple = (), view: tuple | None = None) -> tuple[Zone, ...]:
        """The zones ``seat`` sees: every hand (its own face up with the cards it may pick
        now, from ``legal`` actions whose spec in ``specs`` picks cards; the others face
        down, the cards not hidden from ``seat`` listed), the trick, each seat's taken
        tricks, the last trick (a mirror), the upcard (a mirror) and ``extra_zones``.
        Hidden cards are those of ``hidden_mask`` (a game that hides more overrides it)."""
        hid = self.hidden_mask(seat)
        own = self.hands[seat]
        sel = 0
        if legal:
            for sp in specs:
                if sp.shape in _PICKED:
                    v, arg = sp.verb, sp.arg
                    for a in legal:
                        if a.verb == v and a.cards and (arg is None or a.arg == arg):
                            for c in a.cards:
                                sel |= 1 << c
            sel &= own
        out = []
        for s in range(self.n_seats):
            h = self.hands[s]
            if s == seat:
                if view is None:
                    view = self.hand_view(s)
                out.append(
                    Zone(
                        f"hand {s}",
                        HAND,
                        s,
                        len(view),
                        view,
                        UP,
                        selectable=tuple(c for c in view if (sel >> c) & 1) if sel else (),
                    )
                )
            else:
                known = layered_minus(h, hid)
                out.append(
                    Zone(f"hand {s}", HAND, s, h.bit_count(), tuple(layered_cards(known)) if known else (), DOWN)
                )
        tr = self.trick
        out.append(
            Zone("trick", TRICK, None, len(tr), tuple(c for _s, c in tr), UP, "played", tuple(s for s, _c in tr))
        )
        tk = self._taken_zones()
        if hid & self.gone and self.copies == 1:  # a game that keeps taken cards hidden (with
            # copies a hidden card may share its bit with a taken copy: such a game says so itself)
            tk = tuple(z._replace_cards(tuple(c for c in z.cards if not (hid >> c) & 1)) for z in tk)
        out.extend(tk)
        lt = self.last_trick
        if lt:
            out.append(
                Zone(
                    "last trick",
                    LAST_TRICK,
                    self.last_winner,
                    len(lt),
                    tuple(c for _s, c in lt),
                    UP,
                    "played",
                    tuple(s for s, _c in lt),
                    mirror=True,
                )
            )
        if self.upcard is not None:
            out.append(Zone("upcard", UPCARD, self.dealer, 1, (self.upcard,), UP, mirror=True, caption="trump"))
        out.extend(self.extra_zones(seat, hid))
        return tuple(out)

    _tkc = None  # (history node, taken zones): a cache shared by clones

    def _taken_zones(self) -> tuple[Zone, ...]:
        """The TAKEN zone of each seat that has won a trick (face down, counted; the cards,
        public once played, listed), made once per completed trick."""
        c = self._tkc
        if c is not None and c[0] is self.history:
            return c[1]
        taken: dict[int, list[int]] = {}
        for trick, w, _p in self._tricks():
            taken.setdefault(w, []).extend(c for _s, c in trick)
        zs = tuple(
            Zone(
                f"taken {s}",
                TAKEN,
                s,
                len(taken[s]),
                tuple(taken[s]),
                COUNT,
                "played",
                caption=f"{self.tricks_won[s]} tricks",
            )
            for s in range(self.n_seats)
            if s in taken
        )
        self._tkc = (self.history, zs)
        return zs

    def extra_zones(self, seat: int, hidden: int) -> list[Zone]:
        """Zones of the game's own (a stock, cards put aside, declared roem); ``hidden``:
        the mask of the cards hidden from ``seat``. Default: none."""
        return []

    def hand_view(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards in display order (trump first, colours alternating, each suit
        high to low in trick order)."""
        return tuple(self.t.sort_for_display(layered_cards(self.hands[seat])))

    def status(self) -> str:
        return ""

    #: the word the table writes before the trump suit's symbol (``views.Facts``)
    trump_label = "Troef"

    def no_trump_words(self) -> str:
        """What the table writes while there is no trump: ``Trump not chosen yet`` before
        the play (a trump still to be chosen), else nothing. A game with a no-trump
        contract says so (Butifarra: ``No trumps``)."""
        if self.trump is None and self.phase not in ("play", "over") and not self.trick:
            return "Trump not chosen yet"
        return ""

    def seat_roles(self, seat: int) -> tuple[tuple[int, str], ...]:
        """(seat, word) pairs the table writes by a seat's name (``declarer``); default none."""
        return ()

    def panels(self, seat: int) -> tuple:
        """``views.Panel``s drawn beside the trick (Parlée's talk); default none."""
        return ()

    def facts(self, seat: int) -> Facts:
        """What the table writes beside the cards (``Observation.facts``): the trump and its
        label, ``no_trump_words()``, the status line's items (``status()`` split at its
        `` · ``), ``seat_roles()``."""
        return Facts(
            self.trump, self.trump_label, self.no_trump_words(), status_items(self.status()), self.seat_roles(seat)
        )

    def make_observation(
        self, seat: int, scores: dict[str, Any], extra: dict[str, Any], melds: tuple = (), **fields: Any
    ) -> Observation:
        """The Observation of ``seat`` with every generic trick field filled from the state;
        ``fields`` overrides or adds Observation fields (e.g. ``stock_size``)."""
        legal = tuple(self.legal_actions()) if seat == self.to_act else ()
        specs = specs_for(legal, self.verb_specs()) if legal else ()
        lc = self.event_log()
        view = self.hand_view(seat)
        kw = dict(
            game=self.game.id,
            seat=seat,
            n_seats=self.n_seats,
            to_act=self.to_act,
            phase=self.phase,
            hand=view,
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            dealer=self.dealer,
            trump=self.trump,
            upcard=self.upcard,
            trick=self.trick,
            last_trick=self.last_trick,
            last_trick_winner=self.last_winner,
            tricks_won=self.tricks_won,
            melds=melds,
            scores=scores,
            status=self.status(),
            log=lc.texts,
            legal=legal,
            extra=extra,
            zones=self.zones(seat, legal, specs, view),
            verbs=specs,
            events=lc.events,
            facts=self.facts(seat),
            panels=self.panels(seat),
            event_group=TRICK_EVENTS,
        )
        kw.update(fields)
        return Observation(**kw)

    def hidden_from(self, seat: int) -> "set[int] | Counter[int]":
        """Cards in the other seats' hands, except the upcard (public); a ``Counter`` where
        the deck has ``copies``."""
        if self.copies > 1:
            return Counter(layered_cards(self.hidden_mask(seat)))
        return set(cards_of(self.hidden_mask(seat)))

    def hidden_mask(self, seat: int) -> int:
        """The cards hidden from ``seat`` (a layered mask where the deck has ``copies``)."""
        hid = 0
        if self.copies > 1:
            for s in range(self.n_seats):
                if s != seat:
                    hid = layered_union(hid, self.hands[s])
            if self.upcard is not None and (hid >> self.upcard) & 1:
                hid = take_copy(hid, self.upcard)
            return hid
        for s in range(self.n_seats):
            if s != seat:
                hid |= self.hands[s]
        if self.upcard is not None:
            hid &= ~(1 << self.upcard)
        return hid

    def _card_places(self) -> list[int]:
        """Masks of every place a card can be (hands, trick, completed tricks; games with a
        stock or a discard add theirs). They must be disjoint (layered masks where the deck
        has ``copies``: together no more than ``copies`` of a card)."""
        if self.copies > 1:
            return [self.gone, layered_mask(c for _s, c in self.trick), *self.hands]
        tm = 0
        for _s, c in self.trick:
            tm |= 1 << c
        return [self.gone, tm, *self.hands]

    def cards_in_play(self) -> list[int]:
        if self.copies > 1:
            out = sorted(c for x in self._card_places() for c in layered_cards(x))
            if any(n > self.copies for n in Counter(out).values()):  # pragma: no cover - a broken state
                raise AssertionError(f"a card is in more than {self.copies} places")
            return out
        m = 0
        n = 0
        for x in self._card_places():
            m |= x
            n += x.bit_count()
        out = cards_of(m)
        if n != len(out):  # pragma: no cover - a broken state
            raise AssertionError("a card is in two places")
        return out

    def deal_record(self) -> dict[str, Any]:
        """The starting position as a record ``deal``: dealer, hands (by suit, high rank
        first), upcard (code or None), stock."""
        hands = [
            [card_text(c) for c in sorted(layered_cards(h), key=lambda c: (suit_of(c), -rank_of(c)))]
            for h in self.start_hands
        ]
        return {
            "dealer": self.dealer,
            "hands": hands,
            "upcard": card_text(self.upcard) if self.upcard is not None else None,
            "stock": [],
        }

    # -- search (engine/search.py) --
    def rollout_actions(self) -> list[Action]:
        """In the play phase only the cards (``legal_play_mask``: no talk, no claim);
        other phases: ``legal_actions()``."""
        if self.phase == "play":
            m = self._rollout_mask()
            if m:
                return self.play_actions(m)
        return self._legal()

    def rollout_mask(self) -> int:
        """The cards a playout chooses from now (a mask), or 0 when the step is not a card
        (then ``rollout_actions()`` lists it): the public name of ``_rollout_mask`` for
        playout policies (bots/trick_playout.py), which play the card by ``apply_in_place(PLAY[c])``."""
        return self._rollout_mask()

    def _rollout_mask(self) -> int:
        """The cards a playout chooses from now, or 0 when the step is not a card (then
        ``rollout_actions()`` is applied through the engine)."""
        if self.phase != "play":
            return 0
        return self.legal_play_mask()

    def playout(self, rng) -> tuple[float, ...]:
        """The fast path of ``State.playout``: the same choices as ``rollout_actions()``
        (a card: the ``i``-th lowest of the mask for ``i = rng.randrange(count)``, as
        ``play_actions`` lists them), the same final state, no Action objects, no clone, no
        check. Plain card steps run in ``_fast_trick`` on local variables; the steps a game
        makes special (``_fast_inline_ok``, ``_fast_watch_seat``) and the other phases go
        through ``_rollout_mask`` / ``rollout_actions()``."""
        # ``_randbelow(n)`` is the very draw ``randrange(n)`` makes (random.py), without
        # its argument checks; a Random subclass without it falls back to randrange.
        randbelow = getattr(rng, "_randbelow", rng.randrange)
        inline = self.copies == 1  # ``_fast_trick`` plays one bit per card
        while self.to_act is not None:
            if inline and self.phase == "play" and self._fast_inline_ok() and self.to_act != self._fast_watch_seat():
                self._fast_trick(randbelow)
                continue
            self._lc = None
            m = self._rollout_mask()
            if m:
                if m & (m - 1):
                    i = randbelow(m.bit_count())
                    while i:
                        m &= m - 1
                        i -= 1
                self._play(self.to_act, (m & -m).bit_length() - 1)
            else:
                acts = self.rollout_actions()
                n = len(acts)
                self.apply_in_place(acts[0] if n == 1 else acts[randbelow(n)])
        self._lc = None
        return self.returns()

    def _fast_inline_ok(self) -> bool:
        """Whether a card step may run inlined (``_fast_trick``): ``_play`` is
        ``TrickHand._play`` and the playable cards are the follow rule's. A game whose
        ``_play`` or ``_rollout_mask`` adds something says when (kruisjassen: not while
        stuk forces the play)."""
        cls = type(self)
        return cls._play is TrickHand._play and cls._rollout_mask is TrickHand._rollout_mask

    def _fast_watch_seat(self) -> int:
        """A seat whose card steps must not be inlined now (-1: none); kruisjassen: the
        holder of stuk until it is declared."""
        return -1

    def _fast_trick(self, randbelow) -> None:
        """Play cards at random, inlined (``_play`` on local variables), up to the end of
        the current trick (then ``_complete_trick()``) or the watched seat's turn."""
        hands = self.hands
        t = self.t
        legal = self.game.rule.legal
        higher = t.higher
        trump = t.trump
        nxt = self.next_seat
        part = self.partner
        n = self.n_playing or self.n_seats
        watch = self._fast_watch_seat()
        seat = self.to_act
        assert seat is not None, "a playout step needs a seat to act"
        trick = self.trick
        led = self.led
        win = self.win_card
        wseat = self.win_seat
        ev = self.ev
        getrandbits = getattr(randbelow, "__self__", None)
        # random.Random's own _randbelow, inlined: the same draws (random.py)
        getrandbits = (
            getrandbits.getrandbits
            if getrandbits is not None and getattr(type(getrandbits), "_randbelow", None) is _STD_RANDBELOW
            else None
        )
        while True:
            # leading: every card (FollowRule); else the rule's mask
            m = hands[seat] if led < 0 else legal(t, hands[seat], led, win, wseat == part[seat])
            if m & (m - 1):
                k = m.bit_count()
                if getrandbits is not None:
                    b = k.bit_length()
                    i = getrandbits(b)
                    while i >= k:
                        i = getrandbits(b)
                else:
                    i = randbelow(k)
                while i:
                    m &= m - 1
                    i -= 1
            c = (m & -m).bit_length() - 1
            hands[seat] ^= 1 << c
            ev = (ev, ("play", seat, c))
            if not trick:
                led = SUIT_OF[c]
                win = c
                wseat = seat
                trick = ((seat, c),)
            else:
                if ((1 << c) & higher[win]) or (SUIT_OF[c] == trump and SUIT_OF[win] != trump):
                    win = c
                    wseat = seat
                trick = trick + ((seat, c),)
                if len(trick) == n:
                    self.trick, self.led, self.win_card, self.win_seat, self.ev = trick, led, win, wseat, ev
                    self._complete_trick()
                    return
            seat = nxt[seat]
            if seat == watch:
                break
        self.trick, self.led, self.win_card, self.win_seat, self.ev = trick, led, win, wseat, ev
        self.to_act = seat

    def played_by(self) -> list[int]:
        """Per seat, the mask of the cards it has played this hand (completed tricks and
        the current trick; layered masks where the deck has ``copies``)."""
        out = [0] * self.n_seats
        if self.copies > 1:
            for trick, _w, _p in self._tricks():
                for s, c in trick:
                    out[s] = add_copy(out[s], c)
            for s, c in self.trick:
                out[s] = add_copy(out[s], c)
            return out
        for trick, _w, _p in self._tricks():
            for s, c in trick:
                out[s] |= 1 << c
        for s, c in self.trick:
            out[s] |= 1 << c
        return out

    def plays_in_order(self) -> list[tuple[int, int, int, int, bool]]:
        """Every card played this hand, oldest first, with what the follow rule saw:
        ``(seat, card, led, win, partner_winning)`` (``led`` -1 for a lead)."""
        out = []
        t = self.t
        part = self.partner
        for trick in [tr for tr, _w, _p in self._tricks()] + ([self.trick] if self.trick else []):
            led, win, wseat = -1, -1, -1
            for s, c in trick:
                out.append((s, c, led, win, wseat == part[s]))
                if led < 0:
                    led, win, wseat = SUIT_OF[c], c, s
                elif t.beats(c, win):
                    win, wseat = c, s
        return out

    def iset_known(self, seat: int) -> list[int]:
        """Per seat, the cards ``seat`` knows to be in that seat's hand now (its own hand
        for itself): the upcard while the dealer holds it; games add theirs (stuk, shown
        melds, talk answers)."""
        known = [0] * self.n_seats
        known[seat] = self.hands[seat]
        up = self.upcard
        if up is not None and seat != self.dealer and (self.hands[self.dealer] >> up) & 1:
            known[self.dealer] = add_copy(known[self.dealer], up)
        return known

    def iset_forbidden(self, seat: int, known: list[int], pool: int) -> list[int]:
        """Per seat, the pool cards it cannot hold, from its plays: a card ``x`` is ruled
        out when the follow rule would not have allowed a card the seat played had it also
        held ``x`` (voids by not following, no higher card or trump where the rule forced
        one: ``JasRule``, ``ManilleRule``). Exact for these monotone rules. Plain masks
        (a card ruled out is ruled out in every copy)."""
        rule = self.game.rule
        t = self.t
        n = self.n_seats
        forbid = [0] * n
        later = self.played_by()  # cards played from here on, per seat
        layered = self.copies > 1
        if layered:  # which cards, not how many: the rule reads no more
            known = [k & LANE0 for k in known]
            pool &= LANE0
        for s, c, led, win, pw in self.plays_in_order():
            if layered:
                later[s] = take_copy(later[s], c)
            else:
                later[s] &= ~(1 << c)
            if s == seat or led < 0:
                continue
            base = known[s] | (later[s] & LANE0) | (1 << c)
            cand = pool & ~forbid[s]
            while cand:
                low = cand & -cand
                cand ^= low
                if not (rule.legal(t, base | low, led, win, pw) >> c) & 1:
                    forbid[s] |= low
        return forbid

    def iset_counts(self, seat: int) -> list[tuple[int, int, int]]:
        """Exact counts ``seat`` knows: ``(owner seat, suit mask, cards of it held now)``
        (Parlée's ``count`` answers); default none."""
        return []

    def iset_places(self, seat: int) -> list[tuple[Any, int]]:
        """Places other than the hands whose cards ``seat`` does not see: ``(owner,
        mask)`` (solo Manille's stock and discards); default none."""
        return []

    def information_set(self, seat: int):
        """What ``seat`` knows (``engine.search.InformationSet``): its hand, every card
        played, ``iset_known`` (cards known in other hands), ``iset_forbidden`` (voids and
        the follow rule's inferences), ``iset_counts``; the other cards of the other hands
        and of ``iset_places`` are dealt again at random, keeping every hand size."""
        from cardtable.engine.search import InformationSet

        known = self.iset_known(seat)
        deal = self.iset_deal(seat, known)
        played = self.played_by()
        return InformationSet(
            self,
            seat,
            deal,
            lambda st, masks, rng: st._iset_build(seat, known, deal, masks, rng, played),
            accept=self.iset_accept(seat),
        )

    def iset_accept(self, seat: int) -> Callable[[Any], bool] | None:
        """A check on each sample of ``seat``'s information set that the card constraints
        cannot say (``InformationSet``'s ``accept``: the bids seen, jo-jotte §4, klop §3);
        None (the default): every sample is kept."""
        return None

    def iset_pool(self, seat: int, known: list[int]) -> int:
        """The cards whose place ``seat`` does not know (other hands less ``known``, and
        ``iset_places``; a layered mask where the deck has ``copies``: one bit per copy)."""
        pool = kn = 0
        if self.copies > 1:  # a multiset: the seat's own copies are not known elsewhere
            for s in range(self.n_seats):
                if s != seat:
                    kn = layered_union(kn, known[s])
                    pool = layered_union(pool, self.hands[s])
            for _o, m in self.iset_places(seat):
                pool = layered_union(pool, m)
            return layered_minus(pool, kn)
        for s in range(self.n_seats):
            kn |= known[s]
            if s != seat:
                pool |= self.hands[s]
        for _o, m in self.iset_places(seat):
            pool |= m
        return pool & ~kn

    def iset_deal(self, seat: int, known: list[int], forbid: list[int] | None = None):
        """The ``engine.search.Deal`` of ``seat``'s information set given ``known``: a
        bucket per other hand (split by ``iset_counts``), allowed = not ``forbid``
        (default ``iset_forbidden``), and one per ``iset_places``. Where the deck has
        ``copies`` each copy is a card of the deal (a bit of a layered mask), and what rules a
        card out rules out every copy of it."""
        from cardtable.engine.search import Bucket, Deal

        places = self.iset_places(seat)
        pool = self.iset_pool(seat, known)
        if forbid is None:
            forbid = self.iset_forbidden(seat, known, pool)
        counts = self.iset_counts(seat)
        k_copies = self.copies
        if k_copies > 1:
            forbid = [all_layers(f, k_copies) for f in forbid]
            counts = [(owner, all_layers(sm, k_copies), k) for owner, sm, k in counts]
        buckets = []
        for s in range(self.n_seats):
            if s == seat:
                continue
            free = self.hands[s].bit_count() - known[s].bit_count()
            allowed = ~forbid[s]
            rest = -1
            for owner, sm, k in counts:
                if owner == s:
                    k -= (known[s] & sm).bit_count()
                    buckets.append(Bucket(s, k, allowed & sm))
                    free -= k
                    rest &= ~sm
            buckets.append(Bucket(s, free, allowed & rest))
        for owner, m in places:
            buckets.append(Bucket(owner, m.bit_count(), self.iset_place_allowed(seat, owner)))
        return Deal(pool, [b for b in buckets if b.size])

    def _iset_build(
        self, seat: int, known: list[int], deal, masks: list[int], rng, played: list[int] | None = None
    ) -> "TrickHand":
        """Make this clone the sampled State: the hands from ``known`` plus the dealt
        buckets, ``iset_place`` for the other places, then ``_iset_rebuild``."""
        hands = list(known)
        if self.copies > 1:  # a dealt copy may sit in any layer: settle it
            for b, m in zip(deal.buckets, masks):
                if isinstance(b.owner, int):
                    hands[b.owner] = layered_union(hands[b.owner], settled(m))
                else:
                    self.iset_place(b.owner, settled(m), rng)
        else:
            for b, m in zip(deal.buckets, masks):
                if isinstance(b.owner, int):
                    hands[b.owner] |= m
                else:
                    self.iset_place(b.owner, m, rng)
        self.hands = hands
        self._lc = None
        self.seed = None  # the real deal's seed would tell the hidden cards
        self._iset_rebuild(seat, rng, played if played is not None else self.played_by())
        return self

    def iset_place(self, owner: Any, mask: int, rng) -> None:
        """Put the dealt cards of a place of ``iset_places`` (games with such places)."""
        raise NotImplementedError

    def iset_place_allowed(self, seat: int, owner: Any) -> int:
        """The cards that may be dealt to the place ``owner`` of ``iset_places`` in
        ``seat``'s samples (a mask; default -1: any)."""
        return -1

    def named_places(self) -> tuple[tuple[str, int], ...]:
        """Places other than the hands, the trick and the taken tricks: ``(name, mask)``
        with ``name`` the state attribute that holds the mask (the tests read and swap card
        locations through it; handjas: ``extra``, ``dead``, ``aside``); default none."""
        return ()

    def _iset_rebuild(self, seat: int, rng, played: list[int]) -> None:
        """After the hands are dealt again: the starting hands (hands + ``played``, the
        cards each seat played); games recompute what depends on the deal (kruisjassen's
        stuk holder)."""
        if self.copies > 1:
            self.start_hands = tuple(layered_union(h, p) for h, p in zip(self.hands, played))
            return
        self.start_hands = tuple(h | p for h, p in zip(self.hands, played))


class MultiPackTrickHand(TrickHand):
    """A ``TrickHand`` whose deck holds copies of a card (bezique's two and four packs):
    ``copies`` (default 2; 4 for four packs) and the per-card steps on layered masks (see
    ``TrickHand``, "Copies"): the follow rule sees which cards a hand holds, ``play QS``
    takes one copy. Its playouts never inline card steps (``_fast_trick`` plays one bit per
    card): ``TrickHand.playout`` plays them through ``_play``."""

    copies = 2

    def play_mask(self, seat: int) -> int:
        """The plain cards ``seat`` may play now: the follow rule on which cards it holds."""
        return self.game.rule.legal(
            self.t, self.hands[seat] & LANE0, self.led, self.win_card, self.win_seat == self.partner[seat]
        )

    def _play(self, seat: int, c: int) -> None:
        """``seat`` plays one copy of ``c`` (its top layer) to the trick."""
        # one copy less, then the plain bit flipped, which ``TrickHand._play`` flips back
        self.hands[seat] = take_copy(self.hands[seat], c) ^ (1 << c)
        TrickHand._play(self, seat, c)


__all__ = [
    "BUTIFARRA",
    "DISPLAY_SUITS",
    "FollowRule",
    "JAS",
    "JasRule",
    "MANILLE",
    "ManilleRule",
    "PASS_SPEC",
    "PLAY",
    "PLAY_SPEC",
    "Ranking",
    "TRICK_VERBS",
    "esc",
    "play_event",
    "trick_event",
    "SIDE_NAMES",
    "SUIT_MASK",
    "MultiPackTrickHand",
    "TrickGame",
    "TrickHand",
    "TrickTable",
    "bit",
    "cards_of",
    "count",
    "deal_packets",
    "end_detail",
    "mask_of",
    "LANE",
    "LANE0",
    "add_copy",
    "take_copy",
    "layered_mask",
    "layered_cards",
    "layered_union",
    "layered_minus",
    "settled",
    "all_layers",
    "copy_counts",
    "parse_trick_deal",
    "partner_of",
    "side_of",
    "side_result",
    "side_seats",
    "trick_points",
]
