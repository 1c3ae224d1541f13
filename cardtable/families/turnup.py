"""The hand of the Klaberjass games: a two-part deal around a turned-up card, bidding over
it, doubling, the completion deal, the dix, a declaration round of melds before play
judged carrés and sequences apart, and the trump K and Q announced on the king
(jo-jotte §3-§6; klop §3-§6 by parameters, with three seats too).

``TurnUpHand`` is a ``TrickHand`` (families/tricks.py) for two seats; ``ThreeSeats`` makes
a hand class of it for three, each for himself (klop §1). What it does, in the order of a
hand (every step a parameter, class attributes below):

* **deal** (``deal_turnup``): packets of ``first_packets`` from voorhand round to the
  dealer (jo-jotte 3-3: 6 each), the next card turned up (``turnup``), the rest a stock
  (``stock``, top first);
* **bidding round 1** over the turn-up's suit, from voorhand: ``bid accept`` or ``pass``;
  **round 2** when all passed: ``trump <suit>`` of another suit, ``trump none``
  (``nt_direct``) or ``pass``; all pass again: the hand is thrown in (``_thrown_in``).
  Right after an ``accept`` or a ``trump <suit>`` the other seat may overcall with
  ``trump none`` (``nt_overcall``) and becomes declarer, or ``pass``;
* **doubling** (``doubling``): the defender ``double`` or ``pass``, after a double the
  declarer ``redouble`` or ``pass``; ``mult`` 1, 2 or 4;
* **the completion deal**: ``completion_packets`` from voorhand round (jo-jotte: 3 each);
  the stock's bottom card is shown (``info_card``: the information card, never played);
* **the dix** (``dix``): with a contract in the turn-up's suit, the holder of the trump 7
  may ``swap 7X`` (the turn-up into his hand, the 7 in its place) or ``pass``; where the 7
  is (a seat, or the stock: nobody is asked) is public from the completion deal on;
* then the game's hook ``_after_dix()``; the game calls ``_start_melds(order)`` (a
  declaration round: ``declare carre`` / ``declare seq<N>`` of whole melds, each at most
  once, then ``pass``; every declaration is public as made; the melds judged by
  ``roem.judge_apart``) and ``_start_play(leader)``;
* **stuk** (``stuk``, klop §6): a seat holding the trump K and Q may ``declare stuk``
  once, before its play: in trick 1 with any card, later only when the K or the Q is a
  legal card, and its play must then be one of them (``stuk_by``, ``stuk_forced``);
* **jo-jotte** (``jojotte``, suit contracts): on his play turn a seat holding the trump K
  and Q, with the K a legal card, may ``declare jojotte``; his next action is ``play`` of
  the K; the Q, played later, makes it whole (``jo_by``);
* after the last trick the game's ``_hand_over()``.

Hidden cards: the other seats' hands and the stock, less what is public (``public_mask``:
the information card, declared melds, the trump 7's known place, the turn-up taken by the
dix, the trump Q after a jo, the trump K and Q after stuk). The information set deals the
unseen cards of the other hands and the stock again (``iset_places``: the stock, its
public cards in place), and the first deal's split of the other seats' hands at random
(``_iset_rebuild``).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS, Card, card_text, make, rank_of, suit_of
from cardtable.engine.actions import Action
from cardtable.engine.game import DealError, MeldView, check_cards
from cardtable.engine.views import ASIDE, DOWN, NONE, STOCK, UP, UPCARD, LogEvent, VerbSpec, Zone
from cardtable.families import roem
from cardtable.families.roem import Meld, MeldError, conflict, judge_apart, parse_meld, roem_words, whole_melds
from cardtable.families.trick_deal import deal_packets
from cardtable.families.trick_masks import cards_of, mask_of
from cardtable.families.trick_views import PLAY_SPEC, esc
from cardtable.families.tricks import TrickGame, TrickHand

PASS = Action("pass")
ACCEPT = Action("bid", "accept")
NO_TRUMP = Action("trump", "none")
TRUMP = tuple(Action("trump", L) for L in SUIT_LETTERS)
DOUBLE = Action("double")
STUK = Action("declare", "stuk")
REDOUBLE = Action("redouble")
JOJOTTE = Action("declare", "jojotte")

#: the contract word of no trump (``contract``: a suit 0..3, ``NT``, or None before the bidding ends)
NT = 4

#: the deal's keys (docs/records.md): the first deal, the turn-up, the completion, the stock
DEAL_KEYS = frozenset(("dealer", "hands", "upcard", "completion", "stock"))


def pass_spec(label: str, hint: str = "p passes") -> VerbSpec:
    """``pass`` on ``p`` with the words of its phase. Each verb's hint names its own key
    only: the table's prompt joins the hints of the verbs on offer (a doubling round where
    no redouble is on offer says nothing of ``r``)."""
    return VerbSpec("pass", label, "p", hint, NONE)


#: round 1: ``bid accept`` / ``pass``
ROUND1_VERBS = (
    VerbSpec("bid", "Accept", "a", "a accepts the turned suit as troef", NONE, arg="accept"),
    pass_spec("Pass"),
)
#: round 2: ``trump <suit>``, ``trump none``, ``pass`` (the turned suit is not on offer, so
#: the suits' hint names no letter)
ROUND2_VERBS = (
    *(
        VerbSpec("trump", sym, L, "name troef by the suit's letter", NONE, arg=L)
        for L, sym in zip(SUIT_LETTERS, SUIT_SYMBOLS)
    ),
    VerbSpec("trump", "No trumps", "t", "t plays without troef", NONE, arg="none"),
    pass_spec("Pass"),
)
#: the overcall: ``trump none`` / ``pass``
OVERCALL_VERBS = (
    VerbSpec("trump", "No trumps", "t", "t overcalls with no trumps", NONE, arg="none"),
    pass_spec("Let it stand", "p lets the bid stand"),
)
DOUBLE_VERBS = (
    VerbSpec("double", "Double", "d", "d doubles", NONE),
    VerbSpec("redouble", "Redouble", "r", "r redoubles", NONE),
    pass_spec("Pass"),
)
#: the dix: ``swap 7X`` / ``pass``
DIX_VERBS = (
    VerbSpec("swap", "Exchange 7", "x", "x exchanges your troef seven for the turned card", NONE),
    pass_spec("Keep", "p keeps your seven"),
)
#: ``declare jojotte`` on the play of the trump K
JOJOTTE_SPEC = VerbSpec(
    "declare", "Jo!", "k", "jo-jotte: say jo and play your troef K (the Q later)", NONE, arg="jojotte"
)
PLAY_VERBS = (PLAY_SPEC, JOJOTTE_SPEC)
#: ``declare stuk`` before a play (``stuk``)
STUK_VERB = roem.STUK_SPEC
_MELD_HINT = "roem: its key declares it"
#: the melds of the declaration round: one button per meld on offer (free keys)
MELD_VERBS = (
    VerbSpec("declare", "Roem", "", _MELD_HINT, NONE),
    VerbSpec("declare", "Carré", "", _MELD_HINT, NONE, arg="carre"),
    pass_spec("Pass"),
)
#: every verb of the family's phases (``TurnUpHand.verb_specs`` picks a phase's)
TURNUP_VERBS = ROUND1_VERBS + ROUND2_VERBS + OVERCALL_VERBS + DOUBLE_VERBS + DIX_VERBS + PLAY_VERBS + MELD_VERBS

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def contract_text(contract: int | None) -> str | None:
    """A contract as the record writes it: ``C`` ``D`` ``H`` ``S``, ``none`` (no trump),
    None before the bidding ends."""
    if contract is None:
        return None
    return "none" if contract == NT else SUIT_LETTERS[contract]


def contract_words(contract: int | None) -> str:
    """A contract for a reader: ``♥``, ``no trumps``, ``–`` (none yet)."""
    if contract is None:
        return "\u2013"
    return "no trumps" if contract == NT else SUIT_SYMBOLS[contract]


class TurnUpGame(TrickGame):
    """A game whose hands are ``TurnUpHand``s (jo-jotte, klop; honderden to come): what the
    hand reads from its game besides ``ranking`` and ``rule``."""

    #: the meld values of the declaration round (``roem.RoemRules``; whole runs and carrés)
    roem: roem.RoemRules

    def carre_order(self, contract: int | None) -> tuple[int, ...]:
        """The ranks of the carrés high to low under ``contract`` (a suit, ``NT``)."""
        return (14, 13, 12, 11, 10, 9, 8, 7)


class TurnUpHand(TrickHand):
    """One hand of a two-hand Klaberjass game up to the play and through it (see the module
    docstring). State fields besides ``TrickHand``'s: ``first`` (the first deal's masks),
    ``turnup`` (the card turned), ``up_now`` (the card lying there: the turn-up, or the
    trump 7 after the dix), ``stock`` (cards, top first: before the completion deal its first
    cards are the completion's), ``completion`` (the masks dealt then; () before),
    ``round`` (1, 2), ``passes``, ``offer`` (the seat that may overcall, -1), ``bids``
    (((seat, word, stage), ...): ``accept``, ``pass``, a suit letter, ``none``; ``round1``,
    ``round2``, ``overcall``), ``contract``
    (a suit, ``NT``, or None), ``declarer`` / ``defender`` (-1 before), ``overcall``,
    ``mult`` (1, 2, 4), ``doubled_by`` / ``redoubled_by``, ``seven_at`` (where the trump 7
    is known to be: a seat, ``"stock"``, or None), ``dix_by`` (the seat that swapped),
    ``meld_order``, ``meld_step``, ``declared`` (((seat, Meld), ...)), ``carre_seat`` /
    ``seq_seat`` (who scores them, after the round), ``jo_by`` (the seat that said jo),
    ``jo_forced``.
    """

    game: TurnUpGame
    n_seats = 2
    next_seat: tuple[int, ...] = (1, 0)
    partner: tuple[int, ...] = (-1, -1)
    side: tuple[int, ...] = (0, 1)
    n_sides = 2
    #: packets of the first deal, from voorhand round to the dealer (jo-jotte: 3 and 3)
    first_packets: tuple[int, ...] = (3, 3)
    #: packets of the completion deal, from voorhand round (jo-jotte: 3)
    completion_packets: tuple[int, ...] = (3,)
    #: right after a suit bid the other seat may overcall with ``trump none``
    nt_overcall: bool = True
    #: ``trump none`` may be named in round 2
    nt_direct: bool = True
    #: the defender may double and the declarer redouble after the bidding
    doubling: bool = True
    #: the trump 7 may be exchanged for the turn-up (a contract in the turn-up's suit)
    dix: bool = True
    #: the stock's bottom card is shown after the completion deal
    info_card: bool = True
    #: ``declare jojotte``: K and Q of trump announced on the K (suit contracts)
    jojotte: bool = True
    #: ``declare stuk``: K and Q of trump declared before a play, in trick 1 with any card,
    #: later with the K or the Q (klop §6)
    stuk: bool = False
    #: when the completion deal comes: ``contract`` (after the bidding and doubling:
    #: jo-jotte) or ``round1`` (right after round 1, before round 2: klop §3.4)
    completion_at: str = "contract"
    #: where melds are declared: ``before_play`` (a declaration round the game starts with
    #: ``_start_melds``: jo-jotte) or ``first_trick`` (on one's own turn in trick 1, before
    #: the play; judged when trick 1 is complete: klop, honderden)
    melds_at: str = "before_play"
    #: how the declared melds are judged: ``apart`` (carrés and sequences apart, each to
    #: the seat with the best of its kind: jo-jotte, klop) or ``overrule`` (the seat with
    #: the best meld by ``roem.key`` scores all its melds, the other's are overruled, the
    #: first declared winning a tie: honderden's afkeuren)
    meld_judge: str = "apart"

    def __init__(self, game: TurnUpGame, dealer: int, first: Sequence[int], turnup: Card, stock: Sequence[Card]):
        """``first``: the first deal's masks per seat; ``turnup``: the turned card;
        ``stock``: the undealt cards, top first (the completion's first). Voorhand bids
        first. ValueError for hands the class cannot hold."""
        TrickHand.__init__(self, game, dealer, list(first), None, None, 0)
        self.n_tricks = sum(m.bit_count() for m in first) // self.n_seats + sum(self.completion_packets)
        self.first = tuple(first)
        self.turnup = turnup
        self.up_now = turnup
        self.stock = tuple(stock)
        self.completion: tuple[int, ...] = ()
        self.phase = "bid"
        self.round = 1
        self.passes = 0
        self.offer = -1
        self.bids: tuple[tuple[int, str, str], ...] = ()
        self.contract: int | None = None
        self.declarer = -1
        self.defender = -1
        self.overcall = False
        self.mult = 1
        self.doubled_by = -1
        self.redoubled_by = -1
        self.seven_at: int | str | None = None
        self.dix_by = -1
        self.meld_order: tuple[int, ...] = ()
        self.meld_step = 0
        self.declared: tuple[tuple[int, Meld], ...] = ()
        self.melds_judged = False
        self.carre_seat: int | None = None
        self.seq_seat: int | None = None
        self.jo_by = -1
        self.jo_forced = False
        self.stuk_by = -1
        self.stuk_forced = False
        self.stuk_turn = False

    # -- the contract --
    @property
    def dealt(self) -> bool:
        """The completion deal has been made."""
        return bool(self.completion)

    def _set_trump(self, suit: int | None) -> None:
        """Trumps for the play: a suit, or None (no trump, nullo)."""
        self.trump = suit
        self.t = self.game.ranking.table(suit)

    @property
    def turn_suit(self) -> int:
        return suit_of(self.turnup)

    def seven(self) -> Card:
        """The trump 7 of the turn-up's suit (the dix card)."""
        return make(7, self.turn_suit)

    # -- legality --
    def _legal_other(self) -> list[Action]:
        ph = self.phase
        seat = self.to_act
        assert seat is not None, "a seat acts while the hand is on"
        if ph == "bid":
            if self.offer >= 0:
                return [NO_TRUMP, PASS]
            if self.round == 1:
                return [ACCEPT, PASS]
            acts = [TRUMP[s] for s in range(4) if s != self.turn_suit]
            if self.nt_direct:
                acts.append(NO_TRUMP)
            return acts + [PASS]
        if ph == "double":
            return [REDOUBLE, PASS] if self.doubled_by >= 0 else [DOUBLE, PASS]
        if ph == "dix":
            return [Action("swap", None, (self.seven(),)), PASS]
        if ph == "meld":
            return [PASS] + [m.action() for m in self._meld_options(seat)]
        return self._legal_game()

    def _legal_game(self) -> list[Action]:
        """Legal actions of the game's own phases (default: none)."""
        return []

    def _jo_here(self, mask: int) -> bool:
        """The seat to act may ``declare jojotte``: a suit contract, it holds the trump K
        and Q, the K is a legal card, no jo yet."""
        if not self.jojotte or self.trump is None or self.jo_by >= 0 or self.jo_forced:
            return False
        k, q = make(13, self.trump), make(12, self.trump)
        seat = self.to_act
        assert seat is not None, "a seat acts while the hand is on"
        h = self.hands[seat]
        return bool((h >> q) & 1 and (mask >> k) & 1)

    def _stuk_here(self, mask: int) -> bool:
        """The seat to act may ``declare stuk`` (``stuk``): a suit contract, no stuk yet,
        it holds the trump K and Q, and in a trick after the first the K or the Q is in
        ``mask`` (its legal cards)."""
        if not self.stuk or self.trump is None or self.stuk_by >= 0:
            return False
        seat = self.to_act
        assert seat is not None, "a seat acts while the hand is on"
        sm = roem.stuk_mask(self.trump)
        return self.hands[seat] & sm == sm and (self.ntricks == 0 or bool(mask & sm))

    def legal_play_mask(self) -> int:
        """The follow rule; after ``declare jojotte`` only the trump K; after ``declare
        stuk`` in a trick after the first only the trump K or Q."""
        seat = self.to_act
        assert seat is not None, "nobody plays in a hand that is over"
        mask = self.play_mask(seat)
        if self.jo_forced:
            assert self.trump is not None, "jo-jotte is said in a suit contract"
            mask &= 1 << make(13, self.trump)
        if self.stuk_forced:
            assert self.trump is not None, "stuk is declared in a suit contract"
            mask &= roem.stuk_mask(self.trump)
        return mask

    def _legal_play(self) -> list[Action]:
        mask = self.legal_play_mask()
        acts = self.play_actions(mask)
        if self._jo_here(mask):
            acts.append(JOJOTTE)
        if self._stuk_here(mask):
            acts.append(STUK)
        if self._melds_now():
            seat = self.to_act
            assert seat is not None, "a seat acts while the hand is on"
            acts.extend(m.action() for m in self._meld_options(seat))
        return acts

    def _melds_now(self) -> bool:
        """``melds_at = first_trick``: the seat to act may declare before its play of trick 1."""
        return self.melds_at == "first_trick" and self.ntricks == 0 and not self.jo_forced and not self.stuk_turn

    def _meld_options(self, seat: int) -> list[Meld]:
        """The whole melds of ``seat``'s hand it has not declared yet."""
        own = [m for s, m in self.declared if s == seat]
        return [m for m in whole_melds(self.hands[seat], self.game.roem) if m not in own]

    def normalize(self, action: Action) -> Action:
        """Cards of a ``declare seq<N>`` / ``declare carre`` in canonical order."""
        if action.verb == "declare" and action.cards:
            return action._replace(cards=roem.canonical(action.arg, action.cards))
        return action

    # -- applying --
    def _apply(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None, "the engine applies actions only while the hand is on"
        v = action.verb
        ph = self.phase
        if v == "play":
            self._play(seat, action.cards[0])
        elif ph == "bid":
            self._bid(seat, action)
        elif ph == "double":
            self._double(seat, v)
        elif ph == "dix":
            self._dix(seat, v == "swap")
        elif ph == "meld":
            if v == "pass":
                self._meld_pass(seat)
            else:
                self._declare(seat, parse_meld(action.arg, action.cards, self.game.roem))
        elif v == "declare" and action.cards:  # a meld in the first trick (``melds_at``)
            self._declare(seat, parse_meld(action.arg, action.cards, self.game.roem))
        elif v == "declare" and action.arg == "jojotte":
            self.jo_by = seat
            self.jo_forced = True
            self._log("jo", seat)
        elif v == "declare" and action.arg == "stuk" and self.stuk:
            self.stuk_by = seat
            self.stuk_turn = True
            self.stuk_forced = self.ntricks > 0
            self._log("stuk", seat)
        else:
            self._apply_game(action)

    def _apply_game(self, action: Action) -> None:  # pragma: no cover - legal actions only
        """An action of the game's own phases."""
        raise ValueError(f"unknown action {action.text()}")

    # bidding (§4 A, B)
    def _bid(self, seat: int, action: Action) -> None:
        word = action.arg if action.verb in ("bid", "trump") else "pass"
        assert word is not None, "a bid names its word"
        stage = "overcall" if self.offer >= 0 else ("round1" if self.round == 1 else "round2")
        self.bids = self.bids + ((seat, word, stage),)
        other = self.next_seat[seat]
        if self.offer >= 0:  # the overcall
            self.offer = -1
            if word == "none":
                self._log("bid", seat, "overcall")
                self._contract(seat, NT, overcall=True)
            else:
                self._log("bid", seat, "stand")
                self._contract(self.declarer, self.contract, overcall=False)
            return
        if word == "pass":
            self._log("bid", seat, "pass")
            self.passes += 1
            if self.passes < self.n_seats:
                self.to_act = other
            elif self.round == 1:
                self.round = 2
                self.passes = 0
                self.to_act = self.next_seat[self.dealer]
                self._log("round2")
                if self.completion_at == "round1":
                    self._deal_completion()
            else:
                self._log("thrown")
                self._thrown_in()
            return
        suit = NT if word == "none" else (self.turn_suit if word == "accept" else SUIT_LETTERS.index(word))
        self._log("bid", seat, word)
        self.declarer = seat
        self.contract = suit
        if suit != NT and self.nt_overcall:
            self.offer = other
            self.to_act = other
            return
        self._contract(seat, suit, overcall=False)

    def _contract(self, declarer: int, contract: int | None, overcall: bool) -> None:
        """The bidding is over: ``declarer`` plays ``contract``; doubling or the completion."""
        assert contract is not None, "a contract is made by a bid"
        self.declarer = declarer
        self.defender = self.next_seat[declarer]
        self.contract = contract
        self.overcall = overcall
        self._set_trump(None if contract == NT else contract)
        self._log("contract", declarer, contract)
        if self.doubling:
            self.phase = "double"
            self.to_act = self.defender
            return
        self._complete()

    def _thrown_in(self) -> None:
        """Every seat passed twice: the game ends the hand (must set ``phase`` ``over``)."""
        raise NotImplementedError

    # doubling (§4 C)
    def _double(self, seat: int, verb: str) -> None:
        if verb == "double":
            self.doubled_by = seat
            self.mult = 2
            self._log("double", seat, 2)
            self.to_act = self.declarer
            return
        if verb == "redouble":
            self.redoubled_by = seat
            self.mult = 4
            self._log("double", seat, 4)
        else:
            self._log("nodouble", seat, self.doubled_by >= 0)
        self._complete()

    # the completion deal (§3.3) and the dix (§4 E)
    def _complete(self) -> None:
        """The completion deal (unless made after round 1: ``completion_at``), then the dix
        (``dix``) or the game's next phase (``_after_dix``)."""
        if not self.dealt:
            self._deal_completion()
        if self.dix and self.contract == self.turn_suit and self.turnup != self.seven():
            seven = self.seven()
            holder = next((s for s in range(self.n_seats) if (self.hands[s] >> seven) & 1), -1)
            if holder >= 0:
                self.seven_at = holder
                self.phase = "dix"
                self.to_act = holder
                return
            self.seven_at = "stock"
            self._log("nodix")
        self._after_dix()

    def _deal_completion(self) -> None:
        """Deal ``completion_packets`` from the stock, voorhand first; the information card
        is shown (``info_card``)."""
        got = [0] * self.n_seats
        stock = list(self.stock)
        i = 0
        for k in self.completion_packets:
            seat = self.next_seat[self.dealer]
            for _ in range(self.n_seats):
                for c in stock[i : i + k]:
                    got[seat] |= 1 << c
                i += k
                seat = self.next_seat[seat]
        self.stock = tuple(stock[i:])
        self.completion = tuple(got)
        for s in range(self.n_seats):
            self.hands[s] |= got[s]
        self._log("complete", self.stock[-1] if self.info_card and self.stock else -1)

    def _dix(self, seat: int, swap: bool) -> None:
        seven = self.seven()
        if swap:
            self.hands[seat] ^= (1 << seven) | (1 << self.turnup)
            self.up_now = seven
            self.dix_by = seat
            self.seven_at = None
        self._log("dix", seat, swap, seven, self.turnup)
        self._after_dix()

    def _after_dix(self) -> None:
        """After the completion deal and the dix: the game's next phase."""
        raise NotImplementedError

    # the declaration round (§4 G, §6)
    def _start_melds(self, order: Sequence[int]) -> None:
        """A declaration round in ``order`` (seats): each declares melds, then passes."""
        self.phase = "meld"
        self.meld_order = tuple(order)
        self.meld_step = 0
        self.to_act = self.meld_order[0]

    def _declare(self, seat: int, m: Meld) -> None:
        self.declared = self.declared + ((seat, m),)
        self._log("meld", seat, m)

    def _meld_pass(self, seat: int) -> None:
        self._log("meld_pass", seat)
        self.meld_step += 1
        if self.meld_step < len(self.meld_order):
            self.to_act = self.meld_order[self.meld_step]
            return
        self._judge_melds()
        self._after_melds()

    def _judge_melds(self) -> None:
        """``meld_judge``: ``apart`` (``roem.judge_apart``) or ``overrule`` (the seat of
        the best declared meld by ``roem.key``, the first declared of equals, scores all its
        melds)."""
        if self.meld_judge == "apart":
            self.carre_seat, self.seq_seat = judge_apart(
                self.declared, self.trump, self.game.carre_order(self.contract)
            )
        else:
            best = None
            rules = self.game.roem
            trump = -1 if self.trump is None else self.trump
            for s, m in self.declared:
                if best is None or rules.key(m, trump) > rules.key(best[1], trump):
                    best = (s, m)
            self.carre_seat = self.seq_seat = None if best is None else best[0]
        self.melds_judged = True
        self._log("melds", self.carre_seat, self.seq_seat)

    def _after_melds(self) -> None:
        """After the declaration round (default: the defender leads)."""
        self._start_play(self.defender)

    def meld_points(self, seat: int) -> tuple[int, int]:
        """(carré points, sequence points) ``seat`` scores by the judged declarations."""
        car = (
            sum(m.value for s, m in self.declared if s == seat and m.kind == "carre") if seat == self.carre_seat else 0
        )
        seq = sum(m.value for s, m in self.declared if s == seat and m.kind == "seq") if seat == self.seq_seat else 0
        return car, seq

    # the play (§4 H)
    def _start_play(self, leader: int) -> None:
        self.phase = "play"
        self.to_act = leader

    def _play(self, seat: int, c: int) -> None:
        self.jo_forced = False
        self.stuk_forced = False
        self.stuk_turn = False
        TrickHand._play(self, seat, c)

    def _complete_trick(self) -> None:
        """The trick to its winner; with ``melds_at = first_trick`` the melds are judged
        once trick 1 is complete."""
        self._take_trick()
        if self.ntricks == 1 and self.melds_at == "first_trick":
            self._judge_melds()
        self._after_trick()

    def _fast_inline_ok(self) -> bool:
        """Card steps are inlined unless a jo or stuk forces the play, or melds may be
        declared in the first trick."""
        return (
            not self.jo_forced and not self.stuk_forced and not (self.melds_at == "first_trick" and self.ntricks == 0)
        )

    def _fast_watch_seat(self) -> int:
        """The holder of the trump K and Q goes through ``_rollout_mask`` while a jo or stuk
        is possible."""
        if self.trump is None or not ((self.jojotte and self.jo_by < 0) or (self.stuk and self.stuk_by < 0)):
            return -1
        k, q = make(13, self.trump), make(12, self.trump)
        for s in range(self.n_seats):
            if (self.hands[s] >> k) & 1 and (self.hands[s] >> q) & 1:
                return s
        return -1

    # -- search (engine/search.py) --
    def rollout_actions(self) -> list[Action]:
        """A playout always says jo and stuk, declares every meld and exchanges the 7 (the
        turn-up is never worse); else the legal actions."""
        legal = self._legal()
        ph = self.phase
        if ph == "play":
            if JOJOTTE in legal:
                return [JOJOTTE]
            if STUK in legal:
                return [STUK]
            melds = [a for a in legal if a.verb == "declare"]
            return melds[:1] or self.play_actions(self.legal_play_mask())
        if ph == "meld":
            return legal[1:2] or legal
        if ph == "dix":
            return legal[:1]
        return legal

    def _rollout_mask(self) -> int:
        if self.phase != "play":
            return 0
        mask = self.legal_play_mask()
        if self._jo_here(mask) or self._melds_now() or self._stuk_here(mask):
            return 0
        return mask

    def public_mask(self) -> int:
        """Cards not hidden from any seat wherever they lie (hands, stock): the information
        card, declared melds, the trump 7 once its place is public, the turn-up taken by
        the dix, the trump Q after a jo, the trump K and Q after stuk."""
        pub = 0
        if self.dealt and self.info_card and self.stock:
            pub |= 1 << self.stock[-1]
        for _s, m in self.declared:
            pub |= m.mask
        if self.seven_at is not None:
            pub |= 1 << self.seven()
        if self.dix_by >= 0:
            pub |= 1 << self.turnup
        if self.jo_by >= 0 and self.trump is not None:
            pub |= 1 << make(12, self.trump)
        if self.stuk_by >= 0 and self.trump is not None:
            pub |= roem.stuk_mask(self.trump)
        return pub

    def stock_mask(self) -> int:
        return mask_of(self.stock)

    def hidden_mask(self, seat: int) -> int:
        """The other hands and the stock, less ``public_mask``."""
        hid = self.stock_mask()
        for s in range(self.n_seats):
            if s != seat:
                hid |= self.hands[s]
        return hid & ~self.public_mask()

    def _card_places(self) -> list[int]:
        return TrickHand._card_places(self) + [self.stock_mask(), 1 << self.up_now]

    def iset_known(self, seat: int) -> list[int]:
        """Its own hand; in the others the public cards (``public_mask``)."""
        known = [0] * self.n_seats
        pub = self.public_mask()
        for s in range(self.n_seats):
            known[s] = self.hands[s] if s == seat else self.hands[s] & pub
        return known

    def iset_forbidden(self, seat: int, known: list[int], pool: int) -> list[int]:
        """The follow rule's inferences (``TrickHand``) and the ends of each declared
        sequence: a run is declared whole, so the card above its top and the card below its
        bottom were not in its owner's hand."""
        forbid = TrickHand.iset_forbidden(self, seat, known, pool)
        lo = self.game.roem.min_rank
        for s, m in self.declared:
            if s != seat and m.kind == "seq":
                if m.top < 14:
                    forbid[s] |= 1 << make(m.top + 1, m.suit)
                if m.low > lo:
                    forbid[s] |= 1 << make(m.low - 1, m.suit)
        return forbid

    def iset_places(self, seat: int) -> list[tuple[Any, int]]:
        """The stock's cards less the public ones."""
        m = self.stock_mask() & ~self.public_mask()
        return [("stock", m)] if m else []

    def iset_place(self, owner: Any, mask: int, rng: random.Random) -> None:
        """The stock again: its public cards where they lie, the dealt cards in the other
        places in a random order."""
        cards = cards_of(mask)
        rng.shuffle(cards)
        pub = self.public_mask()
        it = iter(cards)
        self.stock = tuple(c if (pub >> c) & 1 else next(it) for c in self.stock)

    def _iset_rebuild(self, seat: int, rng: random.Random, played: list[int]) -> None:
        """The first deal again: the other seats' cards split at random into the first deal
        and the completion (the seat's own as dealt)."""
        TrickHand._iset_rebuild(self, seat, rng, played)
        if not self.dealt:
            self.first = tuple(self.hands)
            return
        first = list(self.first)
        comp = list(self.completion)
        for s in range(self.n_seats):
            if s == seat:
                continue
            cards = self.hands[s] | played[s]
            if self.dix_by == s:
                cards ^= (1 << self.turnup) | (1 << self.seven())
            k = comp[s].bit_count()
            got = mask_of(rng.sample(cards_of(cards), k))
            comp[s] = got
            first[s] = cards & ~got
        self.first, self.completion = tuple(first), tuple(comp)

    # -- the deal as a record --
    def deal_record(self) -> dict[str, Any]:
        """``dealer``, ``hands`` (the first deal), ``upcard`` (the turn-up), ``completion``
        (the cards each seat gets at the completion deal), ``stock`` (the rest, top first;
        its last card is the information card)."""

        def codes(m: int) -> list[str]:
            return [card_text(c) for c in sorted(cards_of(m), key=lambda c: (suit_of(c), -rank_of(c)))]

        if self.dealt:
            comp, rest = list(self.completion), self.stock
        else:
            comp = [0] * self.n_seats
            stock = list(self.stock)
            i = 0
            for k in self.completion_packets:
                seat = self.next_seat[self.dealer]
                for _ in range(self.n_seats):
                    comp[seat] |= mask_of(stock[i : i + k])
                    i += k
                    seat = self.next_seat[seat]
            rest = tuple(stock[i:])
        return {
            "dealer": self.dealer,
            "hands": [codes(h) for h in self.first],
            "upcard": card_text(self.turnup),
            "completion": [codes(m) for m in comp],
            "stock": [card_text(c) for c in rest],
        }

    # -- views --
    def extra_zones(self, seat: int, hidden: int) -> list[Zone]:
        """The turn-up (face up, out of play), the stock (face down; known: the information
        card, the trump 7 when it is there), the information card (a mirror, face up) and
        the declared melds (a mirror: the cards are in the hands or the tricks)."""
        out = [Zone("turn-up", UPCARD, None, 1, (self.up_now,), UP, caption="turned up")]
        known = tuple(c for c in self.stock if not (hidden >> c) & 1)
        out.append(
            Zone(
                "stock",
                STOCK,
                None,
                len(self.stock),
                known,
                DOWN,
                "top_first",
                caption="out of play" if self.dealt else "stock",
            )
        )
        if self.dealt and self.info_card and self.stock:
            out.append(
                Zone("information card", ASIDE, None, 1, (self.stock[-1],), UP, mirror=True, caption="information card")
            )
        z = roem.roem_zone(self.declared, True, seat, self.trump if self.trump is not None else -1, MeldView)
        if z is not None:
            out.append(z)
        return out

    verb_table = TURNUP_VERBS

    def verb_specs(self) -> tuple[VerbSpec, ...]:
        """The verbs of the phase: round 1, round 2, the overcall, doubling, the dix, the
        melds, the play; a game's own phase: ``game_verbs()``."""
        ph = self.phase
        if ph == "bid":
            if self.offer >= 0:
                return OVERCALL_VERBS
            return ROUND1_VERBS if self.round == 1 else ROUND2_VERBS
        if ph == "play":
            return (
                (PLAY_SPEC,)
                + ((JOJOTTE_SPEC,) if self.jojotte else ())
                + (MELD_VERBS[:2] if self.melds_at == "first_trick" else ())
                + ((STUK_VERB,) if self.stuk else ())
            )
        table = {"double": DOUBLE_VERBS, "dix": DIX_VERBS, "meld": MELD_VERBS}
        return table.get(ph) or self.game_verbs()

    def game_verbs(self) -> tuple[VerbSpec, ...]:
        """The verbs of the game's own phases (default: none)."""
        return ()

    def no_trump_words(self) -> str:
        """``Trump not chosen yet`` in the bidding, ``No trumps`` under a no-trump contract."""
        if self.contract is None or self.phase == "bid":
            return "Trump not chosen yet"
        return "No trumps" if self.trump is None else ""

    def seat_roles(self, seat: int) -> tuple[tuple[int, str], ...]:
        return ((self.declarer, "declarer"),) if self.declarer >= 0 and self.phase != "bid" else ()

    # -- words --
    def _log_event(self, ev: tuple) -> LogEvent | None:
        k = ev[0]
        if k == "bid":
            seat, word = ev[1], ev[2]
            templates = {
                "pass": "{0} {0:passes|pass}",
                "accept": "{0} {0:accepts|accept} " + SUIT_SYMBOLS[self.turn_suit] + " as troef",
                "none": "{0} {0:bids|bid} no trumps",
                "overcall": "{0} {0:overcalls|overcall} with no trumps",
                "stand": "{0} {0:lets|let} the bid stand",
            }
            t = templates.get(word)
            if t is None:
                t = "{0} {0:names|name} " + SUIT_SYMBOLS[SUIT_LETTERS.index(word)] + " as troef"
            return LogEvent("bid", t, (seat,), (), (word,))
        if k == "round2":
            return LogEvent(
                k, self._all_words() + " pass: a free choice of troef (not " + SUIT_SYMBOLS[self.turn_suit] + ")"
            )
        if k == "thrown":
            return LogEvent(k, self._all_words() + " pass again: the hand is thrown in")
        if k == "contract":
            return LogEvent(k, "contract " + contract_words(ev[2]) + ", {0} declarer", (ev[1],), (), (ev[2],))
        if k == "double":
            word = "doubles|double" if ev[2] == 2 else "redoubles|redouble"
            return LogEvent(k, "{0} {0:" + word + "}", (ev[1],), (), (ev[2],))
        if k == "nodouble":
            return LogEvent(k, "{0} {0:does|do} not " + ("redouble" if ev[2] else "double"), (ev[1],))
        if k == "complete":
            if ev[1] < 0:
                return LogEvent(k, "three more cards each")
            return LogEvent(k, "three more cards each; information card {c0}", (), (ev[1],))
        if k == "nodix":
            return LogEvent(k, "the troef seven {c0} is out of play: no exchange", (), (self.seven(),))
        if k == "dix":
            if ev[2]:
                return LogEvent(k, "{0} {0:exchanges|exchange} {c0} for the turn-up {c1}", (ev[1],), (ev[3], ev[4]))
            return LogEvent(k, "{0} {0:keeps|keep} the troef seven {c0}", (ev[1],), (ev[3],))
        if k == "meld":
            m = ev[2]
            return LogEvent(
                k,
                "{0} {0:declares|declare} " + esc(roem_words(m, self.trump)) + " {c*}",
                (ev[1],),
                m.cards,
            )
        if k == "meld_pass":
            return LogEvent(k, "{0} {0:passes|pass}", (ev[1],))
        if k == "melds":
            return self._melds_event(ev[1], ev[2])
        if k == "jo":
            return LogEvent(k, "{0} {0:says|say} jo!", (ev[1],))
        if k == "stuk":
            return LogEvent(k, "{0} {0:declares|declare} stuk (+20)", (ev[1],))
        return TrickHand._log_event(self, ev)

    def _all_words(self) -> str:
        """``both`` (two seats) or ``all`` (three)."""
        return "both" if self.n_seats == 2 else "all"

    def _melds_event(self, carre_seat: int | None, seq_seat: int | None) -> LogEvent:
        """The judgement of the declaration round in words."""
        parts: list[str] = []
        seats: list[int] = []
        for seat, kind, word in ((carre_seat, "carre", "carrés"), (seq_seat, "seq", "sequences")):
            if not any(m.kind == kind for _s, m in self.declared):
                continue
            if seat is None:
                parts.append(f"{word}: equal, nobody scores")
                continue
            pts = sum(m.value for s, m in self.declared if s == seat and m.kind == kind)
            parts.append(f"{word} to {{{len(seats)}}} (+{pts})")
            seats.append(seat)
        if not parts:
            return LogEvent("melds", "no roem declared")
        return LogEvent("melds", "; ".join(parts), tuple(seats))

    def explain(self, action: Action) -> str:
        """Why ``action`` is refused now, in words."""
        v, arg = action.verb, action.arg
        seat = self.to_act
        ph = self.phase
        if ph == "over" or seat is None:
            return "the hand is over"
        if ph == "bid":
            if self.offer >= 0:
                return f"seat {seat} may overcall with trump none, or pass"
            if self.round == 1:
                if v == "trump":
                    return (
                        "round 1 is about the turned suit: bid accept or pass "
                        "(no trumps only as an overcall, a suit only in round 2)"
                    )
                return f"seat {seat} bids: bid accept ({SUIT_SYMBOLS[self.turn_suit]}) or pass"
            if v == "trump" and arg == SUIT_LETTERS[self.turn_suit]:
                return f"{SUIT_SYMBOLS[self.turn_suit]} was turned up and refused: name another suit"
            return f"seat {seat} bids: trump <suit> (not {SUIT_LETTERS[self.turn_suit]}), trump none or pass"
        if ph == "double":
            if self.doubled_by >= 0:
                return f"seat {seat} (declarer) may redouble or pass"
            return f"seat {seat} (defender) may double or pass"
        if ph == "dix":
            return f"seat {seat} holds the troef seven: swap {card_text(self.seven())} or pass"
        if ph == "meld":
            if v == "declare" and action.cards:
                return self._explain_meld(seat, action)
            return f"{action.text()}: it is seat {seat}'s turn to declare roem or pass"
        if ph == "play":
            if v == "play" and len(action.cards) == 1:
                c = action.cards[0]
                if self.jo_forced and (self.hands[seat] >> c) & 1:
                    return "after jo you must play your troef K"
                return self.explain_play(seat, c)
            if v == "declare" and arg == "jojotte":
                return self._explain_jo(seat)
            if v == "declare" and arg == "stuk" and self.stuk:
                return self._explain_stuk(seat)
            if v == "declare" and self.melds_at == "first_trick":
                if self.ntricks:
                    return "roem is declared in the first trick only"
                return self._explain_meld(seat, action)
            if v == "declare":
                return "roem is declared before the first trick"
            return "it is a play turn: play a card"
        return self._explain_game(action)

    def _explain_jo(self, seat: int) -> str:
        if self.trump is None:
            return "no jo-jotte without a troef suit"
        if self.jo_by >= 0:
            return "jo-jotte is said once"
        k, q = make(13, self.trump), make(12, self.trump)
        if not (self.hands[seat] >> k) & 1 or not (self.hands[seat] >> q) & 1:
            return f"jo-jotte needs {card_text(k)} and {card_text(q)} in your hand"
        return f"jo is said when you play {card_text(k)}, and that card is not a legal play now"

    def _explain_stuk(self, seat: int) -> str:
        if not self.stuk or self.trump is None:
            return f"no stuk in {self.game.name} now"
        if self.stuk_by >= 0:
            return "stuk is declared once a hand"
        k, q = make(13, self.trump), make(12, self.trump)
        if not (self.hands[seat] >> k) & 1 or not (self.hands[seat] >> q) & 1:
            return f"stuk needs {card_text(k)} and {card_text(q)} in your hand"
        return (
            f"after the first trick stuk is declared with {card_text(k)} or {card_text(q)}, "
            "and neither is a legal play now"
        )

    def _explain_meld(self, seat: int, action: Action) -> str:
        rules = self.game.roem
        try:
            m = parse_meld(action.arg, action.cards, rules)
        except MeldError as e:
            return f"{action.text()}: {e}"
        missing = [c for c in m.cards if not (self.hands[seat] >> c) & 1]
        if missing:
            return f"{action.text()}: seat {seat} does not hold " + " ".join(card_text(c) for c in missing)
        own = [x for s, x in self.declared if s == seat]
        why = conflict(m, own, rules)
        if why:
            return f"{action.text()}: {why}"
        if m.kind == "seq":
            for s, top, n in roem.runs(self.hands[seat], rules):
                if s == m.suit and top >= m.top and top - n + 1 <= m.low:
                    whole = roem.seq_meld(s, top, n, rules)
                    return f"{action.text()}: a run is declared whole: declare {whole.text()}"
        return f"{action.text()} is not allowed now"  # pragma: no cover

    def _explain_game(self, action: Action) -> str:
        return f"{action.text()} is not an action of {self.game.name} now"


class ThreeSeats:
    """Mixed in before a ``TurnUpHand`` subclass: three seats, each for himself (klop §1,
    3 players): ``class KlopHand3(ThreeSeats, KlopHand)``."""

    n_seats = 3
    next_seat: tuple[int, ...] = (1, 2, 0)
    partner: tuple[int, ...] = (-1, -1, -1)
    side: tuple[int, ...] = (0, 1, 2)
    n_sides = 3


def deal_turnup(
    pack: Sequence[Card], n_players: int, dealer: int, packets: Sequence[int]
) -> tuple[list[int], Card, list[Card]]:
    """The first deal of ``pack`` (top first): ``packets`` from voorhand round to the dealer,
    the next card turned up, the rest the stock: (masks per seat, turn-up, stock)."""
    hands = deal_packets(pack, n_players, dealer, packets)
    i = sum(packets) * n_players
    return [mask_of(h) for h in hands], pack[i], list(pack[i + 1 :])


def parse_turnup_deal(
    deal: Any, n_players: int, first: int, completion: int, deck: int, deck_label: str
) -> tuple[int, list[int], Card, list[Card]]:
    """Check a record's ``deal`` of a turn-up game and return (dealer, first masks, turn-up,
    stock as the hand starts: the completion cards first in dealing order, then the rest).

    ``deal``: ``{"dealer", "hands": [[first cards] per seat], "upcard", "completion":
    [[cards] per seat], "stock": [rest, top first]}`` (docs/records.md); ``first`` and
    ``completion`` the cards per seat; ``deck`` the deck's mask. DealError with the reason:
    an unknown key, a bad dealer, a wrong count, a card outside the deck or dealt twice."""
    if not isinstance(deal, dict):
        raise DealError("a deal is an object with dealer, hands, upcard, completion and stock")
    unknown = sorted(set(deal) - DEAL_KEYS)
    if unknown:
        raise DealError(f"unknown deal key {', '.join(map(repr, unknown))}: a deal has {', '.join(sorted(DEAL_KEYS))}")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n_players:
        raise DealError(f"dealer must be a seat 0..{n_players - 1}, not {dealer!r}")
    seen: set[int] = set()

    def cards(raw: Any, what: str, size: int | None) -> list[Card]:
        if not isinstance(raw, list):
            raise DealError(f"{what} must be a list of card codes")
        cs = check_cards(raw, what)
        if size is not None and len(cs) != size:
            raise DealError(f"{what} must hold {size} cards, not {len(cs)}")
        for c in cs:
            if not (deck >> c) & 1:
                raise DealError(f"{card_text(c)} is not in {deck_label}")
            if c in seen:
                raise DealError(f"{card_text(c)} is dealt twice")
            seen.add(c)
        return cs

    def per_seat(key: str, size: int) -> list[list[Card]]:
        raw = deal.get(key)
        if not isinstance(raw, list) or len(raw) != n_players:
            raise DealError(f"{key} must be a list of {n_players} lists of {size} cards")
        return [cards(h, f"{key} of seat {i}", size) for i, h in enumerate(raw)]

    hands = per_seat("hands", first)
    u = deal.get("upcard")
    if not isinstance(u, str):
        raise DealError('the deal needs the turned-up card, e.g. "upcard": "9D"')
    up = cards([u], "upcard", 1)[0]
    comp = per_seat("completion", completion)
    rest = cards(deal.get("stock"), "stock", None)
    total = (first + completion) * n_players + 1 + len(rest)
    if total != deck.bit_count():
        raise DealError(f"the deal holds {total} cards, not the {deck.bit_count()} of {deck_label}")
    stock: list[Card] = []
    seat = (dealer + 1) % n_players
    for _ in range(n_players):
        stock.extend(sorted(comp[seat]))
        seat = (seat + 1) % n_players
    return dealer, [mask_of(h) for h in hands], up, stock + rest


__all__ = [
    "ACCEPT",
    "DEAL_KEYS",
    "DIX_VERBS",
    "DOUBLE",
    "DOUBLE_VERBS",
    "JOJOTTE",
    "JOJOTTE_SPEC",
    "MELD_VERBS",
    "OVERCALL_VERBS",
    "PLAY_VERBS",
    "ROUND1_VERBS",
    "ROUND2_VERBS",
    "TURNUP_VERBS",
    "pass_spec",
    "NO_TRUMP",
    "NT",
    "PASS",
    "REDOUBLE",
    "STUK",
    "STUK_VERB",
    "TRUMP",
    "ThreeSeats",
    "TurnUpGame",
    "TurnUpHand",
    "contract_text",
    "contract_words",
    "deal_turnup",
    "parse_turnup_deal",
]
