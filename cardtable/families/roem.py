"""Jas roem: sequences, carrés and stuk, their precedence, trick roem and the automatic
choice of melds (kruisjassen §6; reused by schutjassen, grevjas, handjas, honderden).

Natural order (sequences, "highest card"): the rank ints of ``cardtable.cards``
(A=14 K=13 Q=12 J=11 T=10 9 8 7, with 6 in handjas), in every suit, trump included; the
ace is only high. Cards and hands are ints and bitmasks as in ``families/trick_masks.py``.

What differs between the jas games is a ``RoemRules`` value:

- ``seq_values``: cards in a sequence -> value (longer runs take the value of the longest
  length listed, e.g. kruisjassen {3: 20, 4: 50, 5: 100});
- ``carre_values``: rank -> value of the carré of that rank (ranks not listed don't count);
- ``exclusive``: a card may be in one meld only (kruisjassen 6.2.3); when False a card
  may be in one sequence and one carré at the same time (grevjas, handjas, honderden);
- ``precedence``: ``(meld, trump) -> tuple``, larger outranks (kruisjassen §6.3:
  cards, top card, value, sequence in trump).

Values are points; a meld worth ``stroke_at`` (100) or more is a *stroke meld* in the
streepjes games (value // 100 strepen), below it a *point meld* (kruisjassen §6.1).
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple, Sequence

from cardtable.cards import Card, card_text, make, rank_of, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.views import MELDS, NONE, UP, VerbSpec, Zone
from cardtable.families.trick_masks import mask_of

RANK_PLURAL = {
    14: "aces",
    13: "kings",
    12: "queens",
    11: "jacks",
    10: "tens",
    9: "nines",
    8: "eights",
    7: "sevens",
    6: "sixes",
}
RANK_LETTER = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T", 9: "9", 8: "8", 7: "7", 6: "6"}


class Meld(NamedTuple):
    """One declared (or possible) meld.

    kind: ``seq`` or ``carre``; cards: canonical order (a sequence high to low, a carré in
    suit order C D H S); mask: its cards as a bitmask; value: points; suit: the sequence's
    suit (-1 for a carré); top: rank of the top card (a carré: its rank).
    """

    kind: str
    cards: tuple[Card, ...]
    mask: int
    value: int
    suit: int
    top: int

    @property
    def arg(self) -> str:
        """The ``declare`` argument: ``seq3`` .. ``seq8`` or ``carre``."""
        return f"seq{len(self.cards)}" if self.kind == "seq" else "carre"

    @property
    def low(self) -> int:
        """Rank of the lowest card (a carré: its rank)."""
        return self.top - len(self.cards) + 1 if self.kind == "seq" else self.top

    def action(self) -> Action:
        """The ``declare`` action of this meld (``declare seq3 KD QD JD``)."""
        return Action("declare", self.arg, self.cards)

    def text(self) -> str:
        """``seq3 KD QD JD`` / ``carre AC AD AH AS``."""
        return self.arg + " " + " ".join(card_text(c) for c in self.cards)


class MeldError(ValueError):
    """Cards that do not form the named meld; the message says why."""


def kruis_precedence(m: Meld, trump: int) -> tuple[int, int, int, int]:
    """Kruisjassen §6.3: more cards; higher top card; higher value; sequence in trump."""
    return (len(m.cards), m.top, m.value, 1 if m.suit == trump and m.kind == "seq" else 0)


def value_precedence(m: Meld, trump: int) -> tuple[int, int, int, int]:
    """Handjas §6.3: higher value; more cards; higher top card; sequence in trump."""
    return (m.value, len(m.cards), m.top, 1 if m.suit == trump and m.kind == "seq" else 0)


class RoemRules:
    """The roem rules of one jas game (see the module docstring)."""

    def __init__(
        self,
        seq_values: dict[int, int],
        carre_values: dict[int, int],
        exclusive: bool = True,
        precedence: Callable[[Meld, int], tuple] = kruis_precedence,
        stroke_at: int = 100,
        min_rank: int = 7,
        max_rank: int = 14,
    ):
        self.seq_values = dict(seq_values)
        self._longest = max(self.seq_values)
        self.carre_values = dict(carre_values)
        self.exclusive = exclusive
        self.precedence = precedence
        self.stroke_at = stroke_at
        self.min_rank = min_rank
        self.max_rank = max_rank
        # carré masks by rank
        self.carre_masks = {r: mask_of(make(r, s) for s in range(4)) for r in self.carre_values}

    def seq_value(self, n: int) -> int:
        """Value of a sequence of ``n`` cards (0 below 3)."""
        if n < min(self.seq_values):
            return 0
        return self.seq_values.get(n, self.seq_values[self._longest])

    def key(self, m: Meld, trump: int) -> tuple:
        """Precedence key: a meld outranks another when its key is larger."""
        return self.precedence(m, trump)

    def is_stroke(self, m: Meld) -> bool:
        return m.value >= self.stroke_at

    def strepen(self, m: Meld) -> int:
        """Strepen of a stroke meld (value // 100), 0 for a point meld."""
        return m.value // 100 if m.value >= self.stroke_at else 0


#: Kruisjassen §6.1 (and schutjassen): seq3 20, seq4 50, seq5+ 100; carré J 200, A K Q 100.
KRUIS_ROEM = RoemRules(seq_values={3: 20, 4: 50, 5: 100}, carre_values={11: 200, 14: 100, 13: 100, 12: 100})


# ---- making melds ------------------------------------------------------------------------


def seq_meld(suit: int, top: int, n: int, rules: RoemRules) -> Meld:
    """The sequence of ``n`` cards of ``suit`` whose top card has rank ``top``."""
    cards = tuple(make(r, suit) for r in range(top, top - n, -1))
    return Meld("seq", cards, mask_of(cards), rules.seq_value(n), suit, top)


def carre_meld(rank: int, rules: RoemRules) -> Meld:
    """The carré of ``rank``."""
    cards = tuple(make(rank, s) for s in range(4))
    return Meld("carre", cards, rules.carre_masks[rank], rules.carre_values[rank], -1, rank)


def canonical(arg: str | None, cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards of a ``declare`` in canonical order: a sequence high to low, a carré C D H S."""
    if arg == "carre":
        return tuple(sorted(cards, key=suit_of))
    return tuple(sorted(cards, key=lambda c: (-rank_of(c), suit_of(c))))


def parse_meld(arg: str | None, cards: Sequence[Card], rules: RoemRules) -> Meld:
    """The Meld named by ``declare <arg> <cards>``; MeldError saying why the cards do not
    form it (kruisjassen 6.2.2: N ≥ 3 cards of one suit, consecutive in natural order; or the
    four cards of a counting rank)."""
    cards = canonical(arg, cards)
    if len(set(cards)) != len(cards):
        raise MeldError("a card is named twice")
    if arg == "carre":
        ranks = {rank_of(c) for c in cards}
        if len(cards) != 4 or len(ranks) != 1 or len({suit_of(c) for c in cards}) != 4:
            raise MeldError("a carré is the four cards of one rank, one of each suit")
        r = ranks.pop()
        if r not in rules.carre_values:
            names = ", ".join(RANK_PLURAL[x] for x in sorted(rules.carre_values, reverse=True))
            raise MeldError(f"a carré of {RANK_PLURAL.get(r, r)} does not count (only {names})")
        return carre_meld(r, rules)
    if arg and arg.startswith("seq") and arg[3:].isdigit():
        n = int(arg[3:])
        if n < 3:
            raise MeldError("a sequence has at least 3 cards")
        if len(cards) != n:
            raise MeldError(f"{arg} needs {n} cards, not {len(cards)}")
        if len({suit_of(c) for c in cards}) != 1:
            raise MeldError("a sequence is of one suit")
        top = rank_of(cards[0])
        if any(rank_of(c) != top - i for i, c in enumerate(cards)):
            raise MeldError("the cards are not consecutive (natural order A K Q J T 9 8 7)")
        return seq_meld(suit_of(cards[0]), top, n, rules)
    raise MeldError(f"unknown meld {arg!r}: declare seq<N> <cards> or carre <cards>")


# ---- finding melds in a hand ---------------------------------------------------------------


def runs(hand: int, rules: RoemRules) -> list[tuple[int, int, int]]:
    """Maximal runs of 3 or more consecutive cards of one suit in ``hand``:
    (suit, top rank, length), by suit then from the top."""
    out = []
    for s in range(4):
        sm = (hand >> (16 * s)) & 0xFFFF
        if sm.bit_count() < 3:
            continue
        r = rules.max_rank
        while r >= rules.min_rank:
            if (sm >> r) & 1:
                top = r
                while r >= rules.min_rank and (sm >> r) & 1:
                    r -= 1
                n = top - r
                if n >= 3:
                    out.append((s, top, n))
            else:
                r -= 1
    return out


def candidates(hand: int, rules: RoemRules) -> list[Meld]:
    """Every meld ``hand`` holds: every run of 3 or more consecutive cards of one suit,
    including the shorter parts of longer runs, and every counting carré (§6.6)."""
    out = []
    for s, top, n in runs(hand, rules):
        for length in range(n, 2, -1):
            for t in range(top, top - n + length - 1, -1):
                out.append(seq_meld(s, t, length, rules))
    for r, m in rules.carre_masks.items():
        if hand & m == m:
            out.append(carre_meld(r, rules))
    return out


def conflict(m: Meld, own: Iterable[Meld], rules: RoemRules) -> str | None:
    """Why ``m`` may not be declared next to the melds ``own`` the same seat already
    declared this hand (kruisjassen 6.2.3-6.2.4), or None.

    A card may belong to one meld only (``rules.exclusive``; otherwise one sequence and one
    carré); no sequence adjacent to a declared sequence of the same suit."""
    for o in own:
        if o == m:
            return f"{roem_words(m)} ({card_text(m.cards[0])} …) is already declared"
        if m.mask & o.mask and (rules.exclusive or m.kind == o.kind):
            return "a card may belong to one meld only"
        if m.kind == "seq" and o.kind == "seq" and m.suit == o.suit and (m.low == o.top + 1 or o.low == m.top + 1):
            return (
                "it is adjacent to your declared sequence "
                + o.text().split(" ", 1)[1]
                + ": declare the whole run as one sequence"
            )
    return None


def _set_text(ms: Sequence[Meld]) -> str:
    return ", ".join(m.text() for m in ms)


def best_set(hand: int, trump: int, rules: RoemRules, own: Sequence[Meld] = (), bar: tuple | None = None) -> list[Meld]:
    """The melds to declare (kruisjassen §6.6), highest first.

    Among all sets of candidate melds of ``hand`` that obey 6.2.2-6.2.4 (also against the
    melds ``own`` already declared by the seat) and whose highest meld outranks ``bar`` (the
    precedence key of the highest meld declared so far; None: no bar), take the largest total
    value; ties by the higher-ranking highest meld, then fewer cards used, then the
    alphabetically first text. An empty list if no set qualifies.
    """
    key = rules.key
    cands = [m for m in candidates(hand, rules) if conflict(m, own, rules) is None]
    cands.sort(key=lambda m: m.text())
    cands.sort(key=lambda m: key(m, trump), reverse=True)  # stable: highest first
    best: list = [None]  # [(value, key of highest, -cards), text, melds]

    def dfs(start: int, chosen: list[Meld], k0: tuple, value: int, ncards: int) -> None:
        score = (value, k0, -ncards)
        cur = best[0]
        if cur is None or score > cur[0] or (score == cur[0] and _set_text(chosen) < cur[1]):
            best[0] = (score, _set_text(chosen), list(chosen))
        for j in range(start, len(cands)):
            m = cands[j]
            if conflict(m, chosen, rules) is None:
                chosen.append(m)
                dfs(j + 1, chosen, k0, value + m.value, ncards + len(m.cards))
                chosen.pop()

    for i, m in enumerate(cands):
        k = key(m, trump)
        if bar is not None and not k > bar:
            break
        dfs(i + 1, [m], k, m.value, len(m.cards))
    return best[0][2] if best[0] else []


def whole_melds(hand: int, rules: RoemRules) -> list[Meld]:
    """The melds of ``hand`` as the games that never split a run declare them (jo-jotte
    §6): every maximal run of 3 or more cards of one suit, whole (``runs``), then every
    counting carré (``rules.carre_values``), by suit and rank as ``runs`` and
    ``carre_masks`` list them."""
    out = [seq_meld(s, top, n, rules) for s, top, n in runs(hand, rules)]
    out += [carre_meld(r, rules) for r, m in rules.carre_masks.items() if hand & m == m]
    return out


def seq_key(m: Meld, trump: int | None) -> tuple[int, int, int]:
    """A sequence's rank when sequences are judged apart from carrés (jo-jotte §6, klop
    §6): more cards; a higher top card (natural order, the ace high); in the trump suit."""
    return (len(m.cards), m.top, 1 if trump is not None and m.suit == trump else 0)


def judge_apart(
    declared: Sequence[tuple[int, Meld]], trump: int | None, carre_order: Sequence[int]
) -> tuple[int | None, int | None]:
    """Carrés and sequences judged apart (jo-jotte §6; klop §6 judges its sequences the
    same way): ``declared`` ((seat, Meld), ...) in any order; ``trump`` the trump suit or
    None (no trump); ``carre_order`` the ranks of the carrés, high to low.

    Returns (the seat that scores all its declared carrés: the holder of the highest
    declared carré, or None without a carré; the seat that scores all its declared
    sequences: the one whose best sequence (``seq_key``) beats every other seat's best, or
    None without a sequence or when the best of two seats are equal)."""
    carre_seat = None
    top = -1
    pos = {r: len(carre_order) - i for i, r in enumerate(carre_order)}
    best: dict[int, tuple[int, int, int]] = {}
    for seat, m in declared:
        if m.kind == "carre":
            if pos.get(m.top, 0) > top:
                top = pos.get(m.top, 0)
                carre_seat = seat
        else:
            k = seq_key(m, trump)
            if seat not in best or k > best[seat]:
                best[seat] = k
    seq_seat = None
    if best:
        high = max(best.values())
        holders = [s for s, k in best.items() if k == high]
        seq_seat = holders[0] if len(holders) == 1 else None
    return carre_seat, seq_seat


def best_meld(hand: int, trump: int, rules: RoemRules) -> Meld | None:
    """The single highest meld of ``hand`` by precedence (grevjas 6.6: only the best can
    score); ties by the alphabetically first text; None if it holds none."""
    cands = candidates(hand, rules)
    if not cands:
        return None
    cands.sort(key=lambda m: m.text())
    return max(cands, key=lambda m: rules.key(m, trump))


# ---- trick roem, stuk, announcements -------------------------------------------------------


def trick_roem(cards: int, rules: RoemRules) -> Meld | None:
    """The roem among the cards of a completed trick (a mask), kruisjassen §6.5: a carré of
    a counting rank, else three or four consecutive cards of one suit (the longest); None
    if there is none. Stuk is never trick roem."""
    if cards & (cards >> 16) & (cards >> 32) & (cards >> 48) & 0xFFFF:  # a rank in every suit
        for r, m in rules.carre_masks.items():
            if cards & m == m:
                return carre_meld(r, rules)
    if not cards & (cards >> 1) & (cards >> 2):  # no three consecutive ranks (bit 15 of a
        return None  # suit is never set): the usual case
    best = None
    for s in range(4):
        sm = (cards >> (16 * s)) & 0xFFFF
        if not sm & (sm >> 1) & (sm >> 2):  # no three consecutive ranks: the usual case
            continue
        for _s, top, n in runs(sm << (16 * s), rules):
            if best is None or n > len(best.cards):
                best = seq_meld(s, top, n, rules)
    return best


def stuk_mask(trump: int) -> int:
    """The mask of stuk: K and Q of trump."""
    return (1 << make(13, trump)) | (1 << make(12, trump))


def announce(m: Meld, trump: int) -> str:
    """What the other seats hear (kruisjassen §6.2): ``seq3 to K``, ``seq4 to A in trump``,
    ``carré of aces``."""
    if m.kind == "carre":
        return f"carré of {RANK_PLURAL[m.top]}"
    s = f"seq{len(m.cards)} to {RANK_LETTER[m.top]}"
    return s + " in trump" if m.suit == trump else s


#: a sequence's length in the players' words (``roem_words``)
RUN_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}
RANK_NAME = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six"}


def roem_words(m: Meld, trump: int | None = None, top: bool = True) -> str:
    """A roem in the players' words, for log lines, captions and messages: ``three in a row
    to the king``, ``four in a row to the ace in trump``, ``carré of aces``; ``top=False``
    leaves the top card out (the cards follow: ``three in a row``). ``announce`` is the short
    form the records keep (``seq3 to K``)."""
    if m.kind == "carre":
        return f"carré of {RANK_PLURAL[m.top]}"
    n = len(m.cards)
    s = f"{RUN_WORDS.get(n, n)} in a row"
    if top:
        s += f" to the {RANK_NAME[m.top]}"
    return s + " in trump" if trump is not None and m.suit == trump else s


# ---- declared views (engine.views): the roem verbs and the declared-roem zone -----------------

#: ``declare seq<N> …`` / ``declare carre …``: one button per meld on offer (the table gives
#: each a free key: e, f, …), labelled ``Roem`` / ``Carré`` and the cards.
ROEM_SPEC = VerbSpec("declare", "Roem", "", "roem: its key declares it", NONE)
#: ``declare carre …``: as a sequence, labelled ``Carré``
CARRE_SPEC = VerbSpec("declare", "Carré", "", "roem: its key declares it", NONE, arg="carre")
#: ``declare stuk`` (K and Q of trump)
STUK_SPEC = VerbSpec("declare", "Stuk", "k", "k declares stuk: trump king and queen (+20)", NONE, arg="stuk")
#: ``declare trickroem``: the roem that fell in the trick just won
TRICKROEM_SPEC = VerbSpec("declare", "Trick roem", "r", "r claims the roem in the trick you won", NONE, arg="trickroem")
#: ``pass`` where it only ever declines roem (Kruisjassen, Grevjas: no bidding): the button
#: says so, not a bare "Pass" on a turn with no roem in hand
ROEM_PASS_SPEC = VerbSpec("pass", "No roem", "p", "p: no (more) roem to declare", NONE)
#: the roem verbs of the jas games
ROEM_VERBS = (ROEM_SPEC, CARRE_SPEC, STUK_SPEC, TRICKROEM_SPEC)


def roem_zone(declared, public: bool, seat: int, trump: int, meld_view) -> Zone | None:
    """The zone of the declared roem as ``seat`` sees it: ``declared`` ((seat, Meld), ...)
    in the order declared; shown (``melds``, numbered) once ``public``, else only the seat's
    own. A mirror: the cards are still in the hands or in the tricks. ``meld_view(number,
    owner, kind, cards)`` makes the engine's ``MeldView``. None when nothing is shown."""
    shown = [(s, m) for s, m in declared if public or s == seat]
    if not shown:
        return None
    views = tuple(meld_view(i, s, "run" if m.kind == "seq" else "set", m.cards) for i, (s, m) in enumerate(shown, 1))
    cards = tuple(c for v in views for c in v.cards)
    return Zone(
        "roem",
        MELDS,
        None,
        len(cards),
        cards,
        UP,
        melds=views,
        mirror=True,
        caption=", ".join(roem_words(m, trump) for _s, m in shown),
    )


def public_key(n: int, top: int, value: int, trump_seq: bool) -> tuple[int, int, int, int]:
    """The kruisjassen precedence key from what an announcement tells (cards, top, value,
    in trump); equal to ``kruis_precedence`` of the meld."""
    return (n, top, value, 1 if trump_seq else 0)


__all__ = [
    "CARRE_SPEC",
    "KRUIS_ROEM",
    "Meld",
    "MeldError",
    "ROEM_SPEC",
    "ROEM_VERBS",
    "RoemRules",
    "STUK_SPEC",
    "TRICKROEM_SPEC",
    "announce",
    "roem_words",
    "roem_zone",
    "best_meld",
    "best_set",
    "candidates",
    "canonical",
    "carre_meld",
    "conflict",
    "kruis_precedence",
    "parse_meld",
    "public_key",
    "runs",
    "seq_meld",
    "stuk_mask",
    "trick_roem",
    "value_precedence",
    "judge_apart",
    "seq_key",
    "whole_melds",
]
