"""The deal of a trick game: dealing a pack in rounds of packets (kruisjassen §3, grevjas
§3, manille-muette §3 ...) and ``parse_trick_deal``, which checks a record's ``deal`` of a
trick game (docs/records.md, "deal") and turns it into the dealer, the hands as masks
(families/trick_masks.py), the upcard and the stock.
"""

from __future__ import annotations

from typing import Any, Sequence

from cardtable.cards import Card, card_text
from cardtable.engine.game import DealError, check_cards
from cardtable.families.trick_masks import mask_of

# ---- dealing -----------------------------------------------------------------------------


def deal_packets(pack: Sequence[Card], n_players: int, dealer: int, packets: Sequence[int]) -> list[list[Card]]:
    """Deal ``pack`` (index 0 = top) in rounds of packets, starting with the seat after the
    dealer and going round to the dealer: for each size k in ``packets``, every seat in turn
    takes the next k cards. E.g. ``packets=(4, 4)`` for kruisjassen §3, ``(3, 2, 3)`` for
    grevjas. Returns the hands per seat (in the order received); cards left over are not
    dealt. The last card dealt goes to the dealer."""
    hands: list[list[Card]] = [[] for _ in range(n_players)]
    i = 0
    for k in packets:
        for step in range(1, n_players + 1):
            seat = (dealer + step) % n_players
            hands[seat].extend(pack[i : i + k])
            i += k
    return hands


# ---- the deal of a trick game ------------------------------------------------------------

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


#: The keys a trick game's record ``deal`` may have (docs/records.md).
TRICK_DEAL_KEYS = frozenset(("dealer", "hands", "upcard", "stock"))


def parse_trick_deal(
    deal: Any,
    n_players: int,
    hand_size: int,
    deck_mask: int,
    deck_label: str,
    game_label: str,
    upcard: bool = True,
    stock_size: int = 0,
) -> tuple[int, list[int], Card | None, list[Card]]:
    """Check a record ``deal`` of a trick game and return ``(dealer, hand masks, upcard,
    stock)``.

    ``deal``: ``{"dealer": d, "hands": [[codes] x n_players], "upcard": "7H", "stock": [...]}``.
    ``deck_mask``: the cards of the game's deck (``deck_label`` names it in messages, e.g.
    "the 32-card piquet pack"); ``upcard``: whether the deal has an upcard, which must be in
    the dealer's hand (else the key is ignored and None is returned); ``stock_size``: cards
    in ``stock`` (0: the stock must be absent or empty; ``game_label`` names the game then).
    Raises DealError with a readable reason: an unknown key, a bad dealer, wrong hand count
    or size, an unknown code, a card outside the deck or dealt twice, a bad upcard or stock.
    """
    if not isinstance(deal, dict):
        raise DealError(
            "a deal is an object with dealer, hands and upcard"
            if upcard
            else "a deal is an object with dealer and hands"
        )
    unknown = sorted(set(deal) - TRICK_DEAL_KEYS)
    if unknown:
        raise DealError(
            f"unknown deal key{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}: "
            f"a deal has {', '.join(sorted(TRICK_DEAL_KEYS))}"
        )
    n = n_players
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise DealError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise DealError(f"hands must be a list of {_NUMBER_WORDS.get(n, n)} hands of {hand_size} cards")
    masks = []
    seen: set[int] = set()

    def take(c: int) -> None:
        if not (deck_mask >> c) & 1:
            raise DealError(f"{card_text(c)} is not in {deck_label}")
        if c in seen:
            raise DealError(f"{card_text(c)} is dealt twice")
        seen.add(c)

    for i, h in enumerate(hands):
        if not isinstance(h, list):
            raise DealError(f"hand of seat {i} must be a list of card codes")
        cards = check_cards(h, f"hand of seat {i}")
        if len(cards) != hand_size:
            raise DealError(f"seat {i} must hold {hand_size} cards, not {len(cards)}")
        for c in cards:
            take(c)
        masks.append(mask_of(cards))
    stock: list[Card] = []
    raw = deal.get("stock")
    if stock_size == 0:
        if raw:
            raise DealError(f"{game_label} deals every card: the stock must be empty")
    else:
        if not isinstance(raw, list):
            raise DealError(f"the deal needs a stock of {stock_size} cards")
        stock = check_cards(raw, "stock")
        if len(stock) != stock_size:
            raise DealError(f"the stock must hold {stock_size} cards, not {len(stock)}")
        for c in stock:
            take(c)
    up = None
    if upcard:
        u = deal.get("upcard")
        if not isinstance(u, str):
            raise DealError('the deal needs the upcard, e.g. "upcard": "7H"')
        up = check_cards([u], "upcard")[0]
        if not (masks[dealer] >> up) & 1:
            raise DealError(f"the upcard {card_text(up)} must be in the dealer's (seat {dealer}) hand")
    return dealer, masks, up, stock


__all__ = [
    "TRICK_DEAL_KEYS",
    "deal_packets",
    "parse_trick_deal",
]
