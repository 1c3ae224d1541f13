"""The open of a contract rummy: a hand in which a player comes out ("opens") only with melds
that meet the hand's contract, and the search for those opens (issue 20). Amerikaans Jokeren
(games/amerikaans_jokeren.py, §5.2) is the first; a Cincinnati or Boathouse style game would
be the next. The game gives the contract of the hand as data (``Contract``, by the hook
``ContractHand.contract()``), says when an open may be checked on its own (``_open_time``) and
what must stay in hand (``_keeps``); this module lists every legal ``open`` (``_opens``: there
can be thousands), checks one without listing them (``_open_ok``), finds those of selected
cards (``_opens_of``), the first one (``_any_open``) and the simple bot's (``best_open``), and
gives the observation's ``legal`` as a ``LazyActions`` (``_observation_legal``). Going out at
once (melds and lay-offs covering all cards but the discard) is searched for hands of at most
``SEARCH_LIMIT`` cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from cardtable.cards import JOKER, Card, is_joker, plain
from cardtable.engine.actions import Action, LazyActions
from cardtable.families.drift import PLAY
from cardtable.families.melds import meld_points, meld_uses
from cardtable.families.rummy import RUN, SET, Meld
from cardtable.families.wild_drift import WildDriftHand, WildDriftRummy

#: the going-out search runs for hands of at most this many cards, and a points contract of a
#: bigger hand holds at most two melds (hands only grow this big with many draws and nothing
#: melded; the search would grow exponentially). Amerikaans Jokeren: ruling 18.
SEARCH_LIMIT = 16


@dataclass(frozen=True)
class Contract:
    """What coming out must show in a hand, exactly one of: one meld of ``kind`` (``SET`` or
    ``RUN``) of at least ``min_len`` cards (the open is that one meld); melds worth at least
    ``points`` meld points together (``families.melds.meld_points`` by the game's ``points``;
    as many melds as wished); or ``going_out``: only by going out in one turn. Any contract is
    also met by going out at once with the contract among the melds. Raises ValueError if not
    exactly one is given."""

    kind: str | None = None
    min_len: int = 3
    points: int = 0
    going_out: bool = False

    def __post_init__(self) -> None:
        if (self.kind is not None) + (self.points > 0) + self.going_out != 1:
            raise ValueError(f"a contract is one meld, a points total or going out: {self!r}")
        if self.kind not in (None, SET, RUN):
            raise ValueError(f"a contract's meld is a set or a run, not {self.kind!r}")

    def met_by(self, melds: Sequence[tuple[str, tuple[Card, ...]]], points: Sequence[int]) -> bool:
        """Whether the melds ``(kind, cards)`` meet the contract (a ``going_out`` contract: always;
        going out itself is checked by the search). ``points``: card int -> points."""
        if self.kind is not None:
            return any(k == self.kind and len(c) >= self.min_len for k, c in melds)
        if self.points:
            return sum(meld_points(k, c, points) for k, c in melds) >= self.points
        return True


class ContractRummy(WildDriftRummy):
    """A drift rummy with jokers whose players come out by a contract (module docstring)."""

    #: no joker in the melds of coming out (Amerikaans Jokeren's ``no_joker_in_opening``)
    no_joker_in_open: bool = False


class ContractHand(WildDriftHand):
    """One hand of a contract rummy: the open and its search (module docstring). A game's hand
    implements ``contract()`` and, if its turn has more to it, ``_open_time()``."""

    game: ContractRummy

    __slots__ = ("_ocache",)
    #: the candidate melds of the opening and their search memo: (the position's key, info), once made
    _ocache: tuple[Any, dict[str, Any]] | None

    def clone(self):
        new = super().clone()
        new._ocache = getattr(self, "_ocache", None)
        return new

    # -- the hooks a game gives --
    def contract(self) -> Contract:
        """The contract of this hand (the game's table of contracts, by the hand's number).
        Raises NotImplementedError unless the game's hand implements it."""
        raise NotImplementedError

    def _open_time(self) -> bool:
        """Whether the seat to act may come out now and nothing else narrows the list (in its
        play phase, not come out, no joker swap's follow-up due): then an ``open`` is checked on
        its own (``_open_ok``) rather than looked up in the whole list. A game whose turn has
        more to it (an upcard round, a card that must be used) overrides this."""
        return self.phase == PLAY and self.to_act is not None and not self.came_out(self.seat) and not self.forced

    # -- who has come out --
    def came_out(self, seat: int) -> bool:
        """Whether ``seat`` has come out in this hand (a player's melds are only ever his open's)."""
        return bool(self.owners >> seat & 1)

    def _discards(self) -> list[Action]:
        """The ``discard`` actions of the play phase (not a card taken from the pile)."""
        return [Action("discard", None, (c,)) for c in dict.fromkeys(self.hands[self.seat]) if c not in self.takes]

    # -- the open --
    def _contract_ok(self, melds: Sequence[tuple[str, tuple[Card, ...]]]) -> bool:
        """Whether ``melds`` ``(kind, cards)`` meet this hand's contract (``Contract.met_by``)."""
        return self.contract().met_by(melds, self.game.points)

    def _opens(self) -> list[Action]:
        """Every legal ``open`` now (amerikaans-jokeren §5.2), in canonical form."""
        g = self.game
        hand = self.hands[self.seat]
        con = self.contract()
        ms = self._cands()["ms"]
        out: dict[Action, None] = {}
        if con.kind is not None:
            for k, c, u in ms:
                if self._contract_ok(((k, c),)) and self._keeps(hand, list(u.elements())):
                    out[self._canon_open([(k, c)], [])] = None
        elif con.points:
            pts = g.points
            vals = [meld_points(k, c, pts) for k, c, _u in ms]
            have = Counter(hand)

            most = 99 if len(hand) <= SEARCH_LIMIT else 2

            items = [tuple(u.items()) for _k, _c, u in ms]

            def combos(cands: list[int], left: Counter, chosen: list, total: int) -> None:
                # cands: the melds after the last chosen that the cards ``left`` still allow
                if len(chosen) > most:
                    return
                if chosen and total >= con.points:
                    used = [x for i in chosen for x in ms[i][2].elements()]
                    if self._keeps(hand, used):
                        out[self._canon_open([ms[i][:2] for i in chosen], [])] = None
                for n, i in enumerate(cands):
                    rest = left.copy()
                    for x, k in items[i]:
                        rest[x] -= k
                    later = [j for j in cands[n + 1 :] if all(rest[x] >= k for x, k in items[j])]
                    combos(later, rest, chosen + [i], total + vals[i])

            combos([i for i in range(len(ms)) if all(have[x] >= k for x, k in items[i])], have, [], 0)
        if self.turn >= self.n - 1 and len(hand) <= SEARCH_LIMIT:
            for a in self._going_out_opens():
                out[a] = None
        return list(out)

    def _cands(self) -> dict:
        """The candidate melds of the hand (``ms``: (kind, cards, uses) of every meld the hand
        allows, without jokers under ``no_joker_in_open``; ``index``: cards -> position in
        ``ms``) and the search memo, computed once per hand and table and kept on the state."""
        hand = self.hands[self.seat]
        key = (self.seat, tuple(hand), tuple(m.cards for m in self.melds), self.takes, self.turn, self.contract())
        got = getattr(self, "_ocache", None)
        if got is not None and got[0] == key:
            return got[1]
        g = self.game
        no_joker = g.no_joker_in_open
        ms = [
            (k, c, Counter(meld_uses(c))) for k, c in g.melds_in(hand) if not (no_joker and any(is_joker(x) for x in c))
        ]
        info = {"ms": ms, "index": {tuple(c): i for i, (_k, c, _u) in enumerate(ms)}, "memo": {}}
        self._ocache = (key, info)
        return info

    def _go_setup(self) -> dict:
        """The going-out search's start (amerikaans-jokeren §5.2.4), kept in ``_cands()``: ``by_card`` (the
        candidate melds holding a card) and ``lefts`` (the cards that may be the one left: if
        more than one card fits no meld and no lay-off, none)."""
        info = self._cands()
        if "lefts" in info:
            return info
        ms = info["ms"]
        hand = self.hands[self.seat]
        g = self.game
        coverable = set()
        for _k, _c, u in ms:
            coverable.update(u)
        table = list(self.melds)
        if table:
            ext = list(table)
            grew = True
            pool = [c for c in hand if c not in coverable]
            while grew and pool:
                grew = False
                for c in list(pool):
                    fits = g.layoffs([c], ext)
                    if fits:
                        coverable.add(c)
                        pool.remove(c)
                        card, i, end = fits[0]
                        ext[i - 1] = g.lay_off_on(ext[i - 1], card, end or g.ends(card, ext[i - 1])[0])
                        grew = True
        if JOKER in hand and (ms or table):
            coverable.add(JOKER)
        stray = [c for c in hand if c not in coverable]
        lefts = [] if len(stray) > 1 else [c for c in dict.fromkeys(stray or hand) if c not in self.takes]
        by_card: dict[Card, list] = {}  # the melds holding a card: the search's only candidates
        for m in ms:
            for x in m[2]:
                by_card.setdefault(x, []).append(m)
        info["lefts"] = lefts
        info["by_card"] = by_card
        return info

    def _going_out_opens(self, first: bool = False) -> list[Action]:
        """Amerikaans-jokeren §5.2.4: opens that leave exactly one card, a legal discard: melds from the hand and
        lay-offs on the table's melds covering every other card; the contract among the melds.
        ``first``: stop at the first one found."""
        info = self._go_setup()
        found: dict[Action, None] = {}
        memo = info["memo"]  # shared by every card left: its key is the cards still to cover
        for last in info["lefts"]:
            rest = list(self.hands[self.seat])
            rest.remove(last)
            rest.sort()
            self._cover(rest, info["by_card"], list(self.melds), [], [], found, memo, first)
            if first and found:
                break
        return list(found)

    def _can_cover(self, rest: list[Card], ms, table: list[Meld], memo: dict) -> bool:
        """Whether melds of ``ms`` (by card: ``{card: [(kind, cards, uses)]}``) and lay-offs on
        ``table`` can take exactly the cards ``rest`` (sorted); memoised, so that ``_cover`` only
        walks branches that lead to an opening."""
        if not rest:
            return True
        key = (tuple(rest), tuple(m.cards for m in table))
        got = memo.get(key)
        if got is not None:
            return got
        memo[key] = False
        x = rest[0]
        ok = False
        have = Counter(rest)
        for _k, _c, u in ms.get(x, ()):
            if all(have[y] >= n for y, n in u.items()):
                left = list(rest)
                for y in u.elements():
                    left.remove(y)
                if self._can_cover(left, ms, table, memo):
                    ok = True
                    break
        if not ok and table:
            for _a, new in self._lays(x, table, key[1], memo):
                if self._can_cover(rest[1:], ms, new, memo):
                    ok = True
                    break
        memo[key] = ok
        return ok

    def _cover(
        self,
        rest: list[Card],
        ms,
        table: list[Meld],
        melds: list,
        lays: list,
        found: dict,
        memo: dict,
        first: bool = False,
    ) -> None:
        if first and found:
            return
        if not rest:
            if melds and self._contract_ok(melds):
                found[self._canon_open(melds, lays)] = None
            return
        if not self._can_cover(rest, ms, table, memo):
            return
        x = rest[0]
        have = Counter(rest)
        for k, c, u in ms.get(x, ()):
            if all(have[y] >= n for y, n in u.items()):
                left = list(rest)
                for y in u.elements():
                    left.remove(y)
                self._cover(left, ms, table, melds + [(k, c)], lays, found, memo, first)
        if table:
            for a, new in self._lays(x, table, tuple(m.cards for m in table), memo):
                self._cover(rest[1:], ms, new, melds, lays + [a], found, memo, first)

    def _lays(self, x: Card, table: list[Meld], tkey: tuple, memo: dict) -> list[tuple[Action, list[Meld]]]:
        """The lay-offs of ``x`` on ``table`` (whose melds' cards are ``tkey``), each with the
        table after it; memoised in ``memo`` (the going-out search asks again and again)."""
        key = ("lay", x, tkey)
        got = memo.get(key)
        if got is None:
            g = self.game
            got = []
            for card, i, end in g.layoffs([x], table):
                m = table[i - 1]
                new = list(table)
                new[i - 1] = g.lay_off_on(m, card, end or g.ends(card, m)[0])
                got.append((Action("layoff", None, (card,), "to", i, end), new))
            memo[key] = got
        return got

    # -- one open at a time: checked, found, the best (no list of every open) --
    @staticmethod
    def _phys(c: Card) -> Card:
        return JOKER if is_joker(c) else c

    def _open_ok(self, a: Action) -> bool:
        """Whether the canonical ``open`` ``a`` is in ``_opens()``, decided without listing
        them: the same conditions, one by one (amerikaans-jokeren §5.2; rulings 13, 18). Call in ``_open_time()``."""
        if a.verb != "open" or not a.parts or a.cards:
            return False
        hand = self.hands[self.seat]
        info = self._cands()
        ms, index = info["ms"], info["index"]
        melds, lays, idx = [], [], []
        used: Counter = Counter()
        for p in a.parts:
            if p.verb == "meld":
                i = index.get(tuple(p.cards))
                if i is None:
                    return False
                idx.append(i)
                melds.append(ms[i][:2])
                used.update(ms[i][2])
            elif p.verb == "layoff" and len(p.cards) == 1 and p.prep == "to":
                lays.append(p)
                used[self._phys(p.cards[0])] += 1
            else:
                return False
        if not melds or used - Counter(hand):
            return False
        con = self.contract()
        rem = len(hand) - sum(used.values())
        if not lays and self._keeps(hand, list(used.elements())):
            if con.kind is not None and len(melds) == 1 and self._contract_ok(melds):
                return True
            if (
                con.points
                and len(set(idx)) == len(idx)
                and len(idx) <= (99 if len(hand) <= SEARCH_LIMIT else 2)
                and self._contract_ok(melds)
            ):
                return True
        if rem != 1 or self.turn < self.n - 1 or len(hand) > SEARCH_LIMIT or not self._contract_ok(melds):
            return False
        (last,) = (Counter(hand) - used).elements()
        if last not in self._go_setup()["lefts"]:
            return False
        todo = sorted(lays, key=lambda q: self._phys(q.cards[0]))
        return self._lays_fit(todo, list(self.melds), melds, (), a)

    def _lays_fit(self, todo: list[Action], table: list[Meld], melds: list, chosen: tuple, want: Action) -> bool:
        """Whether the lay-offs ``todo`` (by card, as the going-out search lays them) fit
        ``table`` one after the other so that the canonical open is ``want``."""
        if not todo:
            return self._canon_open(melds, list(chosen)) == want
        g = self.game
        x = self._phys(todo[0].cards[0])
        tried = set()
        for j, q in enumerate(todo):
            if self._phys(q.cards[0]) != x:
                break
            if (q.cards, q.target) in tried:
                continue
            tried.add((q.cards, q.target))
            for card, i, end in g.layoffs([x], table):
                if card != q.cards[0] or i != q.target:
                    continue
                m = table[i - 1]
                new = list(table)
                new[i - 1] = g.lay_off_on(m, card, end or g.ends(card, m)[0])
                if self._lays_fit(
                    todo[:j] + todo[j + 1 :],
                    new,
                    melds,
                    chosen + (Action("layoff", None, (card,), "to", i, end),),
                    want,
                ):
                    return True
        return False

    def _opens_of(self, cards: Sequence[Card]) -> list[Action]:
        """The legal opens whose cards (of all their parts) are ``cards`` as a plain multiset
        (a joker as ``JK``), found from those cards alone: the table's open of selected cards."""
        if not self._open_time():
            return [
                a
                for a in self._legal()
                if a.verb == "open"
                and Counter(self._phys(c) for p in a.parts for c in p.cards) == Counter(self._phys(c) for c in cards)
            ]
        want = Counter(self._phys(plain(c)) if not is_joker(c) else JOKER for c in cards)
        if not want or want - Counter(self.hands[self.seat]):
            return []
        by_card: dict[Card, list] = {}
        for m in self._cands()["ms"]:
            if not (m[2] - want):
                for x in m[2]:
                    by_card.setdefault(x, []).append(m)
        found: dict[Action, None] = {}
        going_out = len(self.hands[self.seat]) - sum(want.values()) == 1
        self._cover(sorted(want.elements()), by_card, list(self.melds) if going_out else [], [], [], found, {})
        return [a for a in found if self._open_ok(a)]

    def _any_open(self) -> bool:
        """Whether some ``open`` is legal now (call in ``_open_time()``): the first one found."""
        hand = self.hands[self.seat]
        con = self.contract()
        ms = self._cands()["ms"]
        if con.kind is not None:
            if any(self._contract_ok(((k, c),)) and self._keeps(hand, list(u.elements())) for k, c, u in ms):
                return True
        elif con.points and self._best_contract(exists=True) is not None:
            return True
        return self.turn >= self.n - 1 and len(hand) <= SEARCH_LIMIT and bool(self._going_out_opens(first=True))

    def _best_contract(self, exists: bool = False, budget: int = 20000) -> tuple | None:
        """A points contract without going out: the melds (indices into ``ms``) worth its points
        or more that put most cards down (fewest jokers among equals), searched within
        ``budget`` candidate checks (the best found then: a few ms); ``exists``: the first found,
        searched to the end."""
        hand = self.hands[self.seat]
        ms = self._cands()["ms"]
        pts = self.game.points
        need = self.contract().points
        vals = [meld_points(k, c, pts) for k, c, _u in ms]
        items = [tuple(u.items()) for _k, _c, u in ms]
        size = [sum(u.values()) for _k, _c, u in ms]
        jokers = [u.get(JOKER, 0) for _k, _c, u in ms]
        most = 99 if len(hand) <= SEARCH_LIMIT else 2
        top = len(hand) - (2 if self.turn < self.n - 1 else 1)
        have = Counter(hand)
        best: list = [None, (-1, 0)]
        steps = [0]
        order = sorted(
            (i for i in range(len(ms)) if all(have[x] >= k for x, k in items[i])), key=lambda i: (-vals[i], -size[i])
        )

        def walk(cands: list[int], left: Counter, chosen: list, total: int, ncards: int, njk: int) -> bool:
            if chosen and total >= need and (ncards, -njk) > best[1]:
                used = [x for i in chosen for x in ms[i][2].elements()]
                if self._keeps(hand, used):
                    best[0], best[1] = tuple(chosen), (ncards, -njk)
                    if exists or ncards >= top:
                        return True
            if len(chosen) >= most or (not exists and steps[0] > budget):
                return False
            if not exists and ncards + sum(left.values()) <= best[1][0]:
                return False
            for n, i in enumerate(cands):
                rest = left.copy()
                for x, k in items[i]:
                    rest[x] -= k
                steps[0] += len(cands) - n
                if not exists and steps[0] > budget:
                    return False
                later = [j for j in cands[n + 1 :] if all(rest[x] >= k for x, k in items[j])]
                if walk(later, rest, chosen + [i], total + vals[i], ncards + size[i], njk + jokers[i]):
                    return True
            return False

        walk(order, have, [], 0, 0, 0)
        return best[0]

    def best_open(self) -> Action | None:
        """The simple bot's open (as bots/amerikaans_jokeren.py plays), found directly: one that goes
        out at once, else the one that puts most cards down, fewest jokers among equals (hand
        3: the best within a bounded search); None when no open is legal now."""
        if not self._open_time():
            return None
        hand = self.hands[self.seat]
        if self.turn >= self.n - 1 and len(hand) <= SEARCH_LIMIT:
            out = self._going_out_opens(first=True)
            if out:
                return out[0]
        ms = self._cands()["ms"]
        con = self.contract()
        if con.kind is not None:
            ok = [
                (sum(u.values()), -u.get(JOKER, 0), n)
                for n, (k, c, u) in enumerate(ms)
                if self._contract_ok(((k, c),)) and self._keeps(hand, list(u.elements()))
            ]
            if ok:
                return self._canon_open([ms[max(ok)[2]][:2]], [])
        elif con.points:
            got = self._best_contract()
            if got is not None:
                return self._canon_open([ms[i][:2] for i in got], [])
        return None

    def _observation_legal(self):
        """While the seat to act may come out and an open is legal, a ``LazyActions``: the
        discards listed, the opens built only when read (there can be thousands: 6,961 with 14
        cards and 2 jokers in Amerikaans Jokeren's hand 3); ``in`` checks an open alone (``_open_ok``: the
        conditions of ``_opens`` one by one, so ``is_legal`` agrees with the list without
        building it), ``matching(cards)`` gives the opens of selected cards (``_opens_of``),
        and its ``source``, a copy of this hand holding only what the seat may see, gives the
        simple bot its open (``best_open``). The hand's candidate melds are kept on the state
        (``_cands``) while hand and table stay the same."""
        if not self._open_time() or self._cache is not None or not self._any_open():
            return tuple(self.legal_actions())
        src = self.clone()
        for s in range(self.n):
            if s != self.seat:
                src.hands[s] = [JOKER] * 0
        src.stock = []
        assert self._ocache is not None, "_any_open() made the opening's candidates"
        key = ("open", self._ocache[0])

        def build() -> list[Action]:
            return [a for a in src._legal() if a.verb == "open"]

        def contains(a: Action) -> bool:
            return a.verb == "open" and src.normalize(a) == a and src._open_ok(a)

        return LazyActions(self._discards(), build, ("open",), contains, src._opens_of, key, src)

    def _canon_open(self, melds: Sequence[tuple[str, tuple[Card, ...]]], lays: Sequence[Action]) -> Action:
        """The canonical ``open``: melds in canonical card order, sorted; lay-offs grouped by meld
        (ascending) and, on one meld, in the first order that fits card by card."""
        ms = sorted((tuple(c) for _k, c in melds), key=lambda c: (len(c), c), reverse=False)
        ms.sort(key=lambda c: tuple(plain(x) if not is_joker(x) else 999 for x in c))
        parts = [Action("meld", None, c) for c in ms]
        g = self.game
        by: dict[int, list[Action]] = {}
        for a in lays:
            assert a.target is not None, "a layoff names its meld"
            by.setdefault(a.target, []).append(a)
        for i in sorted(by):
            todo = sorted(by[i], key=lambda a: (a.cards[0], a.end or ""))
            if not 1 <= i <= len(self.melds):
                parts += todo
                continue
            m = self.melds[i - 1]
            while todo:
                for a in todo:
                    c = a.cards[0]
                    ends = g.ends(c, m)
                    if (
                        ends
                        and (a.end is None or a.end in ends)
                        and (a.end is not None or len(ends) == 1 or ends == (SET,))
                    ):
                        end = a.end if len(ends) == 2 else None
                        parts.append(a._replace(end=end))
                        m = g.lay_off_on(m, c, end or ends[0])
                        todo.remove(a)
                        break
                else:
                    parts += todo
                    todo = []
        return Action("open", parts=tuple(parts))


__all__ = ["SEARCH_LIMIT", "Contract", "ContractHand", "ContractRummy"]
