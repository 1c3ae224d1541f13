"""Manille Parlée, 4 players in two partnerships, talking (cardtable/rules/manille-parlee.md).

Manille Muette (``families/manille.py``: ``PartnershipManille``, ``ManilleHand``) plus the
leader's one question or statement per trick (§4.1), whose truthful answer the game
computes and every seat sees. This module holds the talk: its verbs and nested menu
(``ASK_SPEC``, ``TELL_SPEC``), the legal talk actions, the answers and their log lines, the
``extra`` keys ``talk`` and ``talk_open`` (``ParleeState.observation``), what the answers
tell an information set (``iset_known``, ``iset_forbidden``, ``iset_counts``), the cards an
answer makes public (``hidden_mask``) and what the hidden-card check leaves out
(``ManilleParlee.leak_view``). A record stores only the talk action; the answer is
recomputed on replay (docs/records.md).
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import SUIT_LETTERS, SUIT_NAMES, card_text, parse_card
from cardtable.engine.actions import Action
from cardtable.engine.grammar import Grammar
from cardtable.engine.registry import register
from cardtable.engine.views import MENU, LogEvent, MenuItem, Panel, VerbSpec
from cardtable.families.manille import ManilleHand, PartnershipManille
from cardtable.families.trick_masks import SUIT_MASK, cards_of
from cardtable.families.trick_views import PLAY_SPEC
from cardtable.sheets.hands import match_sheet

# ---- the talk menu (§4.1), actions made once ------------------------------------------------

ASK_COUNT = tuple(Action("ask", f"count {L}") for L in SUIT_LETTERS)
ASK_TOP = tuple(Action("ask", f"top {L}") for L in SUIT_LETTERS)
TELL_COUNT = tuple(Action("tell", f"count {L}") for L in SUIT_LETTERS)
TELL_TOP = tuple(Action("tell", f"top {L}") for L in SUIT_LETTERS)
ASK_HAS = tuple(Action("ask", "has", (c,)) for c in range(64))
TELL_HAS = tuple(Action("tell", "has", (c,)) for c in range(64))
#: the 16 count/top actions, always on the leader's menu
TALK_FIXED = ASK_COUNT + ASK_TOP + TELL_COUNT + TELL_TOP


#: the talk menu (engine.views): ask / tell, then the topic, then the suit or the card
_SUITS = tuple(MenuItem(L, sym, L) for L, sym in zip(SUIT_LETTERS, "\u2663\u2666\u2665\u2660"))
ASK_SPEC = VerbSpec(
    "ask",
    "Ask partner\u2026",
    "a",
    "a asks your partner",
    MENU,
    menu=(
        MenuItem("count", "How many?", "c", _SUITS),
        MenuItem("top", "Highest?", "t", _SUITS),
        MenuItem("has", "Do you have\u2026?", "a", pick="card"),
    ),
)
TELL_SPEC = VerbSpec(
    "tell",
    "Tell\u2026",
    "t",
    "t tells a fact",
    MENU,
    menu=(
        MenuItem("count", "How many I hold", "c", _SUITS),
        MenuItem("top", "My highest", "t", _SUITS),
        MenuItem("has", "A card I hold", "a", pick="card"),
    ),
)
PARLEE_VERBS = (PLAY_SPEC, ASK_SPEC, TELL_SPEC)


def _suit_word(s: int, n: int) -> str:
    word = SUIT_NAMES[s]
    return word if n != 1 else word[:-1]


class ParleeState(ManilleHand):
    """One hand of Manille Parlée: ``ManilleHand`` plus the leader's talk action."""

    game: ManilleParlee

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.talk: tuple[tuple[int, int, Action, int, str], ...] = ()  # (trick 1.., seat, action, subject, answer)
        self.talk_trick = -1  # ``ntricks`` of the trick in which talk was taken
        self.revealed = 0  # cards a talk answer placed in a hand (mask)

    # -- legality --
    def talk_open(self) -> bool:
        """Whether the seat to act may talk now: it leads, the trick is empty, no talk yet."""
        return self.phase == "play" and not self.trick and self.talk_trick != self.ntricks

    def _legal_play(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None, "legal actions are listed while the hand is on"
        acts = self.play_actions(self.play_mask(seat))
        if self.trick or self.talk_trick == self.ntricks:
            return acts
        own = self.hands[seat]
        acts.extend(TALK_FIXED)
        acts.extend(ASK_HAS[c] for c in cards_of(self.game.deck_mask & ~own & ~self.gone))
        acts.extend(TELL_HAS[c] for c in cards_of(own))
        return acts

    def explain(self, action: Action) -> str:
        v = action.verb
        if v not in ("ask", "tell") or self.phase == "over":
            return ManilleHand.explain(self, action)
        seat = self.to_act
        assert seat is not None, "the hand is on"
        if self.trick:
            return "only the leader may talk, before the first card of the trick"
        if self.talk_trick == self.ntricks:
            return "one question or statement per trick: now lead a card"
        topic = (action.arg or "").split()
        if topic == ["has"] and len(action.cards) == 1:
            c = action.cards[0]
            ct = card_text(c)
            if v == "ask" and (self.hands[seat] >> c) & 1:
                return f"ask has {ct}: you hold {ct} yourself"
            if v == "ask" and (self.gone >> c) & 1:
                return f"ask has {ct}: {ct} has already been played"
            if v == "tell" and not (self.hands[seat] >> c) & 1:
                return f"tell has {ct}: you can only tell about a card you hold"
            if not (self.game.deck_mask >> c) & 1:
                return f"{ct} is not in {self.game.deck_label}"
        return f"{action.text()} is not on the menu: ask or tell count <suit>, top <suit> or has <card> (suits C D H S)"

    # -- applying --
    def _apply(self, action: Action) -> None:
        assert self.to_act is not None, "the engine applies actions only while the hand is on"
        if action.verb == "play":
            self._play(self.to_act, action.cards[0])
        else:
            self._talk(self.to_act, action)

    def answer(self, subject: int, action: Action) -> str:
        """The truthful answer of a talk action about ``subject``'s hand now (§4.1)."""
        assert action.arg is not None, "a talk action names its topic"
        topic = action.arg.split()
        hand = self.hands[subject]
        if topic[0] == "has":
            return "yes" if (hand >> action.cards[0]) & 1 else "no"
        cards = hand & SUIT_MASK[SUIT_LETTERS.index(topic[1])]
        if topic[0] == "count":
            return str(cards.bit_count())
        if not cards:
            return "none"
        st = self.t.strength
        return card_text(max(cards_of(cards), key=lambda c: st[c]))

    def _talk(self, seat: int, action: Action) -> None:
        subject = self.partner[seat] if action.verb == "ask" else seat
        ans = self.answer(subject, action)
        assert action.arg is not None, "a talk action names its topic"
        topic = action.arg.split()[0]
        if topic == "top" and ans != "none":
            self.revealed |= 1 << parse_card(ans)
        elif topic == "has" and ans == "yes":
            self.revealed |= 1 << action.cards[0]
        self.talk = self.talk + ((self.ntricks + 1, seat, action, subject, ans),)
        self.talk_trick = self.ntricks
        self._log("talk", seat, action, subject, ans)

    # -- what a seat sees --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        if ev[0] != "talk":
            return ManilleHand._log_event(self, ev)
        _k, seat, action, subject, ans = ev
        assert action.arg is not None, "a talk action names its topic"
        topic = action.arg.split()
        cards = action.cards
        if topic[0] != "has":
            s = SUIT_LETTERS.index(topic[1])
        if action.verb == "ask":
            if topic[0] == "count":
                q = f"how many {SUIT_NAMES[s]}?"
            elif topic[0] == "top":
                q = f"highest {_suit_word(s, 1)}?"
            else:
                q = "do you have {c0}?"
            return LogEvent("ask", "{0} {0:asks|ask} {1}: " + q + f" — {ans}", (seat, subject), cards, (ans,))
        if topic[0] == "count":
            n = int(ans)
            said = f"I hold no {SUIT_NAMES[s]}" if n == 0 else f"I hold {n} {_suit_word(s, n)}"
        elif topic[0] == "top":
            said = f"I hold no {SUIT_NAMES[s]}" if ans == "none" else f"my highest {_suit_word(s, 1)} is {ans}"
        else:
            said = "I hold {c0}"
        return LogEvent("tell", "{0} {0:tells|tell}: " + said, (seat,), cards, (ans,))

    def verb_specs(self):
        return PARLEE_VERBS

    def _talk_line(self, k: int, seat: int, action: Action, subject: int, ans: str) -> LogEvent:
        """One talk of the hand, short enough to stand beside the trick: ``3 {0}→{1} ♠
        count: 2``, ``5 {0}: I hold K♣`` (the trick's number first)."""
        assert action.arg is not None, "a talk action names its topic"
        topic = action.arg.split()
        what = "{c0}" if topic[0] == "has" else "\u2663\u2666\u2665\u2660"[SUIT_LETTERS.index(topic[1])]
        if action.verb == "ask":
            q = f"{what} count" if topic[0] == "count" else f"{topic[0]} {what}"
            return LogEvent("ask", f"{k} {{0}}\u2192{{1}} {q}: {ans}", (seat, subject), action.cards, (ans,))
        if topic[0] == "count":
            said = f"I hold {ans} {what}"
        elif topic[0] == "top":
            said = f"no {what}" if ans == "none" else f"top {what} {ans}"
        else:
            said = f"I hold {what}"
        return LogEvent("tell", f"{k} {{0}}: {said}", (seat,), action.cards, (ans,))

    def panels(self, seat: int) -> tuple:
        """The talk of the hand beside the trick (``views.Panel``), the question or statement
        of the trick in play under it while the trick lasts."""
        if not self.talk:
            return ()
        lines = tuple(self._talk_line(*t) for t in self.talk)
        k, s, a, subj, ans = self.talk[-1]
        current = self._log_event(("talk", s, a, subj, ans)) if k == self.ntricks + 1 else None
        return (Panel("Talk this hand", lines, current),)

    def talk_json(self) -> list[dict[str, Any]]:
        return [
            {"trick": k, "seat": seat, "action": a.text(), "subject": subj, "answer": ans}
            for k, seat, a, subj, ans in self.talk
        ]

    def observation(self, seat: int):
        extra = self.common_extra()
        extra["talk"] = self.talk_json()
        extra["talk_open"] = self.talk_open()
        return self.make_observation(seat, scores=self.scores(), extra=extra)

    # -- search (engine/search.py) --
    def _talk_facts(self, seat: int):
        """What the talk tells ``seat`` about the other hands now: (known cards per seat,
        forbidden cards per seat, exact suit counts ``(seat, suit mask, n)``). An answer
        describes the subject's hand when it was given: the hand now plus the cards the
        subject played since; ``ask has X`` also says the asker did not hold X (§4.1 offers
        it only for such cards)."""
        n = self.n_seats
        known = [0] * n
        forbid = [0] * n
        counts: dict[tuple[int, int], int] = {}
        tricks = [tr for tr, _w, _p in self._tricks()]
        st = self.t.strength
        for k, asker, action, subj, ans in self.talk:
            if action.verb == "ask" and action.arg == "has" and asker != seat:
                forbid[asker] |= 1 << action.cards[0]  # offered only for a card not held
            if subj == seat:
                continue
            since = 0
            for tr in tricks[k - 1 :] + [self.trick]:
                for s, c in tr:
                    if s == subj:
                        since |= 1 << c
            assert action.arg is not None, "a talk action names its topic"
            topic = action.arg.split()
            if topic[0] == "has":
                bit = 1 << action.cards[0]
                if ans == "yes":
                    known[subj] |= bit & self.hands[subj]
                else:
                    forbid[subj] |= bit
                continue
            sm = SUIT_MASK[SUIT_LETTERS.index(topic[1])]
            if topic[0] == "count":
                counts[(subj, sm)] = int(ans) - (since & sm).bit_count()
            elif ans == "none":
                forbid[subj] |= sm
            else:
                top = parse_card(ans)
                known[subj] |= (1 << top) & self.hands[subj]
                for c in cards_of(sm):
                    if st[c] > st[top]:
                        forbid[subj] |= 1 << c
        return known, forbid, [(s, sm, k) for (s, sm), k in counts.items()]

    def iset_known(self, seat: int) -> list[int]:
        """Also the cards a talk answer placed (``has X`` yes, a ``top`` card) while held."""
        known = ManilleHand.iset_known(self, seat)
        for s, m in enumerate(self._talk_facts(seat)[0]):
            known[s] |= m
        return known

    def iset_forbidden(self, seat: int, known: list[int], pool: int) -> list[int]:
        """Also what the talk denied: ``has X`` no, cards above a ``top`` answer, a suit
        answered ``none``."""
        forbid = ManilleHand.iset_forbidden(self, seat, known, pool)
        for s, m in enumerate(self._talk_facts(seat)[1]):
            forbid[s] |= m & pool
        return forbid

    def iset_counts(self, seat: int) -> list[tuple[int, int, int]]:
        """The ``count`` answers, as the number of cards of the suit held now."""
        return self._talk_facts(seat)[2]

    def hidden_mask(self, seat: int) -> int:
        """Other seats' cards, except the upcard and cards a talk answer placed."""
        return ManilleHand.hidden_mask(self, seat) & ~self.revealed


@register
class ManilleParlee(PartnershipManille):
    """Manille Parlée (manille-parlee.md). Options §9: ``scoring`` (hands/excess),
    ``hands_to_win`` (default 2), ``target`` (default 50)."""

    id = "manille-parlee"
    name = "Manille Parlée"
    #: manille-parlee.md §4: play, and the leader's one question or statement.
    grammar = Grammar(
        {
            "play": "<card>",
            "ask": ("count <suit>", "top <suit>", "has <card>"),
            "tell": ("count <suit>", "top <suit>", "has <card>"),
        }
    )
    description = "Two against two; before leading you may ask your partner one question or tell one fact."
    state_class = ParleeState
    sheet_factory = staticmethod(match_sheet)

    def leak_view(self, obs_json: dict[str, Any]) -> dict[str, Any]:
        """The observation as the hidden-card check reads it (``Game.leak_view``): ``ask has
        X`` names a card without showing where it is (§4.1 offers it for every card the
        leader cannot place), so the offered ``ask has`` actions and the questions answered
        ``no`` (talk entries and log lines) are left out; answers that place a card
        (``top``, ``yes``) stay and are checked (the game takes those cards out of
        ``hidden_from``)."""
        o = dict(obs_json)
        o["legal"] = [a for a in o["legal"] if not a.startswith("ask has ")]
        extra = dict(o["extra"])
        no = [t for t in extra["talk"] if t["action"].startswith("ask has ") and t["answer"] == "no"]
        extra["talk"] = [t for t in extra["talk"] if t not in no]
        o["extra"] = extra
        lines = {f"do you have {t['action'].split()[-1]}? — no" for t in no}
        o["log"] = [x for x in o["log"] if not any(q in x for q in lines)]
        return o


__all__ = ["ASK_SPEC", "ManilleParlee", "PARLEE_VERBS", "ParleeState", "TALK_FIXED", "TELL_SPEC"]
