"""How far better play can move the manille matches (run by hand:
``python benchmarks/bench_manille_ceiling.py hands --game manille-muette --pairing simple,random``
or ``python benchmarks/bench_manille_ceiling.py solo2 --deals 300``).

``hands``: Manille Muette or Manille Parlée, hand by hand instead of match by match. Each
deal (``game.new_hand(seed=i)``, i = 0, 1, ...) is played twice, the first bot kind on side
A and then on side B; prints the hands the first kind won, lost and tied, its hand rate
(a tie counts half) and what that rate gives in the default match, the first side to win two
hands: with w the share of the decided hands it wins, ``w² (3 − 2w)``. Kinds: ``random``,
``simple``, ``strong`` (``--iterations`` playouts per decision, in process), and
``oracle``: the strong bot searching the true deal instead of sampling the hidden cards. The
oracle cheats (it sees every hand); it is no bot of the table, only an upper bound on what
better card play can win against the second kind.

``solo2``: Manille with 2 players (16 cards each, no stock, so each player knows the other's
hand). For each deal, an exact two-player search (``can_make``: the declarer leads, both
play perfectly under the follow rule of manille.md §5) says whether voorhand, declaring,
makes the target (21) with at least one trump suit. Prints the deals he cannot make and
the seconds of the slowest deal.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from common import bench_seconds  # noqa: F401  (puts the clone on sys.path)

from cardtable.bots import get_bot
from cardtable.bots.strong import StrongBot
from cardtable.cards import SUIT_OF
from cardtable.engine import get_game
from cardtable.families.trick_masks import SUIT_MASK, cards_of
from cardtable.families.trick_ranking import TrickTable

# ---- hands: hand rates and what they give in a best of three --------------------------------


class TrueDeal:
    """What ``search_chunk`` needs of an information set, but every sample is the real
    state (the oracle's cheat)."""

    def __init__(self, state, seat: int):
        self.state = state
        self.seat = seat
        self.observation = state.observation(seat)

    def sample(self, rng):
        return self.state.clone()


class Oracle(StrongBot):
    """The strong bot searching the true deal (see the module docstring)."""

    def info_for(self, state, seat: int):
        return TrueDeal(state, seat)


def best_of_three(w: float) -> float:
    """The chance of winning two hands before the other side, ``w`` the chance of a decided
    hand (ties are replayed by the next deal)."""
    return w * w * (3 - 2 * w)


def make_bot(kind: str, game, seed: int, iterations: int):
    bot = Oracle(game, seed=seed) if kind == "oracle" else get_bot(kind, game, seed=seed)
    bot.use_pool = False
    if hasattr(bot, "iterations"):
        bot.iterations = iterations
    return bot


def hands(game_id: str, first: str, second: str, deals: int, iterations: int) -> str:
    game = get_game(game_id)
    won = lost = tied = 0
    times: list[float] = []
    for i in range(deals):
        for side in (0, 1):
            kinds = [first, second, first, second] if side == 0 else [second, first, second, first]
            bots = [make_bot(k, game, 1000 * i + 10 * side + s, iterations) for s, k in enumerate(kinds)]
            state = game.new_hand(seed=i)
            while state.to_act is not None:
                seat = state.to_act
                info = bots[seat].info_for(state, seat)
                t0 = time.perf_counter()
                action = bots[seat].choose(info)
                if kinds[seat] == first and len(state.legal_actions()) > 1:
                    times.append(time.perf_counter() - t0)
                state = state.apply(action)
            winner = state.result().detail["winning_side"]
            if winner is None:
                tied += 1
            elif winner == side:
                won += 1
            else:
                lost += 1
    n = won + lost + tied
    rate = (won + tied / 2) / n
    w = won / max(1, won + lost)
    med = statistics.median(times) if times else 0.0
    return (
        f"{game_id}: {first} vs {second}, {n} hands ({deals} deals x 2 sides): won {won}, lost {lost}, "
        f"tied {tied}; hand rate {rate:.1%} (+-{1.96 * (rate * (1 - rate) / n) ** 0.5:.1%}); "
        f"decided hands won {w:.1%} -> first to two hands {best_of_three(w):.1%}; "
        f"median s/decision {med:.4f}"
    )


# ---- solo2: perfect play with 2 players ------------------------------------------------------


class DoubleDummy:
    """Exact two-player search of a Manille hand with every card known, for one trump
    (``t``, a ``TrickTable``). ``can_make(decl, defe, declarer_leads, need)``: can the
    declarer, holding the mask ``decl`` against ``defe``, still take ``need`` points (card
    points + 1 per trick) whatever the defender does? Positions are remembered with bounds
    on the declarer's points from there (they do not depend on the tricks already played)."""

    def __init__(self, t: TrickTable):
        self.t = t
        self.memo: dict[tuple[int, int, bool], tuple[int, int | None]] = {}
        self.nodes = 0

    def follow(self, hand: int, led: int) -> int:
        """The follower's legal cards (§5 with one opponent): higher cards of the led suit,
        else any of it; void: trumps (when the lead is no trump), else any card."""
        f = hand & SUIT_MASK[SUIT_OF[led]]
        if f:
            return (f & self.t.higher[led]) or f
        return (hand & self.t.trump_mask) or hand

    def can_make(self, decl: int, defe: int, declarer_leads: bool, need: int) -> bool:
        if need <= 0:
            return True
        if not decl:
            return False
        key = (decl, defe, declarer_leads)
        lo, hi = self.memo.get(key, (0, None))
        if lo >= need:
            return True
        pts = self.t.points
        if hi is None:
            hi = sum(pts[c] for c in cards_of(decl | defe)) + decl.bit_count()
        if hi < need:
            return False
        self.nodes += 1
        t = self.t
        leader, follower = (decl, defe) if declarer_leads else (defe, decl)
        ok = not declarer_leads  # declarer leads: some card works; else: every card
        for c in sorted(cards_of(leader), key=lambda c: -pts[c]):
            reply_ok = declarer_leads  # the follower's replies: all (declarer leads) or some
            for d in cards_of(self.follow(follower, c)):
                follower_wins = t.beats(d, c)
                declarer_wins = follower_wins != declarer_leads
                rest_d = decl & ~(1 << (c if declarer_leads else d))
                rest_f = defe & ~(1 << (d if declarer_leads else c))
                got = pts[c] + pts[d] + 1 if declarer_wins else 0
                r = self.can_make(rest_d, rest_f, declarer_wins, need - got)
                if declarer_leads and not r:
                    reply_ok = False
                    break
                if not declarer_leads and r:
                    reply_ok = True
                    break
            if declarer_leads and reply_ok:
                ok = True
                break
            if not declarer_leads and not reply_ok:
                ok = False
                break
        if ok:
            lo = max(lo, need)
        else:
            hi = min(hi, need - 1)
        self.memo[key] = (lo, hi)
        return ok


def solo2(deals: int) -> str:
    game = get_game("manille", players=2)
    failed = []
    worst = 0.0
    for i in range(deals):
        state = game.new_hand(seed=i)
        vh = (state.dealer + 1) % 2
        decl, defe = state.hands[vh], state.hands[state.dealer]
        t0 = time.perf_counter()
        if not any(DoubleDummy(game.ranking.table(tr)).can_make(decl, defe, True, game.target) for tr in range(4)):
            failed.append(i)
        worst = max(worst, time.perf_counter() - t0)
    return (
        f"manille, 2 players: voorhand declaring cannot make {game.target} with any trump against "
        f"perfect defence in {len(failed)} of {deals} deals ({len(failed) / deals:.1%}; deals {failed}); "
        f"slowest deal {worst:.1f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    h = sub.add_parser("hands")
    h.add_argument("--game", default="manille-muette")
    h.add_argument("--pairing", default="simple,random")
    h.add_argument("--deals", type=int, default=500)
    h.add_argument("--iterations", type=int, default=1000)
    s = sub.add_parser("solo2")
    s.add_argument("--deals", type=int, default=300)
    args = ap.parse_args()
    if args.what == "hands":
        first, second = args.pairing.split(",")
        print(hands(args.game, first, second, args.deals, args.iterations))
    else:
        print(solo2(args.deals))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
