"""What computer players and hints know about Commerce.

**Rule of thumb.** Knock with a hand that beats most hands (a triplet, a sequence, or a high
point). Otherwise trade the card whose replacement most improves the hand on average, if that
is worth the point it costs; if not, barter your least useful card (free), or knock once the
table has bartered as many times as there are players (players who only barter would never
end a deal). Answer a barter with your least useful card, or knock to refuse it with a hand
good enough to knock.

**Playouts** stop at the end of the deal: the next deal is dealt afresh. Their value is the
player's ledger result for this deal (the ante, trade payments, the pool and the dealer's
payments). A deal has many chance outcomes, so the search player makes more playouts here.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterable
from itertools import combinations
from typing import Any

from ...cards import Card
from ...engine import Game
from ...engine.words import chance
from ...strategy import Choice, Strategy, Unit
from .ledger import deal_changes
from .moves import DECK, KNOCK, Barter, Give, Trade
from .ranking import rank_hand
from .state import CommerceState

__all__ = ["CommerceStrategy"]

#: Knock (or refuse a barter) with a hand that would beat at least this share of random hands,
#: once raised to the number of opponents: the chance of holding the best hand at a showdown.
KNOCK_CHANCE = 0.55


class CommerceStrategy(Strategy):
    """Commerce: knock with a strong hand, trade when it pays; playouts to the end of the deal."""

    playouts = 1000
    unit = Unit("chips", "chips you gain or lose in this deal (the ante, trades, the pool and the dealer's payments)")

    def rule_of_thumb(
        self, game: Game[CommerceState], state: Any, rng: random.Random, limit: int | None = None
    ) -> Choice:
        mover = game.to_move(state)
        assert mover is not None  # (a computer player is asked to move only when one is)
        return _choose(state, mover)

    def explain(self, game: Game[CommerceState], state: Any, player: int, move: Any) -> str:
        return explain(game, state, player, move)

    def playout_done(self, game: Game[CommerceState], root: Any, state: Any) -> bool:
        return len(state.history) != len(root.history)

    def playout_value(self, game: Game[CommerceState], state: Any, player: int) -> float:
        # The deal that was on the table at the root is the last one settled.
        return deal_changes(state.history[-1], state.players)[player]


class _HandTable:
    """The share of all 3-card hands each hand beats (ties count half), from the engine's
    ranking, computed once; and, cached, the average over the third card for a pair kept."""

    def __init__(self) -> None:
        keys = {frozenset(h): rank_hand(h).key for h in combinations(DECK, 3)}
        ordered = sorted(keys.values())
        total = len(ordered)
        self.shares = {
            hand: (bisect.bisect_left(ordered, key) + bisect.bisect_right(ordered, key)) / 2 / total
            for hand, key in keys.items()
        }
        self._pairs: dict[tuple[frozenset[Card], int], float] = {}

    def chance(self, hand: Iterable[Card], opponents: int) -> float:
        """The chance that ``hand`` is the best of ``opponents + 1`` hands dealt at random."""
        return self.shares[frozenset(hand)] ** opponents

    def after_swap(self, hand: tuple[Card, ...], card: Card, opponents: int) -> float:
        """The average of :meth:`chance` once ``card`` is swapped for one of the other 49 cards."""
        rest = frozenset(hand) - {card}
        key = (rest, opponents)
        total = self._pairs.get(key)
        if total is None:  # the sum over every third card outside the pair
            total = self._pairs[key] = sum(self.shares[rest | {u}] ** opponents for u in DECK if u not in rest)
        return (total - self.chance(hand, opponents)) / (len(DECK) - 3)


_TABLE: _HandTable | None = None


def _hands() -> _HandTable:
    """The hand table, built on first use (it ranks all 22,100 hands)."""
    global _TABLE
    if _TABLE is None:
        _TABLE = _HandTable()
    return _TABLE


def _choose(s: Any, me: int) -> Choice:
    table = _hands()
    hand = s.hands[me]
    opponents = s.players - 1

    def after_swap(card: Card) -> float:
        return table.after_swap(hand, card, opponents)

    now = table.chance(hand, opponents)
    if s.offer is not None:  # answering a barter: the offered card is unseen
        if now >= KNOCK_CHANCE:
            return Choice(KNOCK, f"your {rank_hand(hand)} is strong enough to refuse the barter by knocking")
        worst = max(hand, key=after_swap)
        return Choice(Give(worst), f"{worst} is the card your hand misses least")
    if now >= KNOCK_CHANCE:
        return Choice(KNOCK, f"your {rank_hand(hand)} beats most hands: knock before the others improve")
    worst = max(hand, key=after_swap)
    better = after_swap(worst)
    gain = (better - now) * s.players  # the pool holds one point per player
    cost = 0 if me == s.dealer else 1
    if gain > cost:
        return Choice(
            Trade(worst),
            f"trading {worst} makes yours the best hand {chance(better)} on average, against {chance(now)} now: "
            + ("worth more than the 1 chip it costs" if cost else "and it is free, since you deal"),
        )
    if s.turns.count("barter") < s.players:
        return Choice(
            Barter(worst),
            f"no trade is worth its chip here; offer {worst}, the card you miss least, in a barter for free",
        )
    return Choice(
        KNOCK,
        f"no trade is worth its chip and the table has bartered enough: knock, as your hand is the best {chance(now)}",
    )


def explain(game: Game[CommerceState], s: Any, me: int, move: Any) -> str:
    """Why ``move`` is good for ``me`` in ``s``, in one sentence of Commerce's words: the chance
    of the best hand at the table now and after a swap, the card the hand misses least, what a
    trade costs (what the rule of thumb weighs)."""
    table = _hands()
    hand = s.hands[me]
    opponents = s.players - 1
    words = game.move_words(s, move)
    now = table.chance(hand, opponents)
    least = max(hand, key=lambda c: table.after_swap(hand, c, opponents))
    if move == KNOCK:
        if s.offer is not None:
            return (
                f"Knock to refuse the barter: your {_hand_name(hand)} is the best hand at the table {chance(now)}, "
                "and knocking keeps it"
            )
        if now >= KNOCK_CHANCE:
            return (
                f"Knock now: your {_hand_name(hand)} is the best hand at the table {chance(now)}, and a knock "
                "stops the exchanges before the others improve"
            )
        return (
            f"Knock now: a knock stops the exchanges before the others improve, and your {_hand_name(hand)} "
            f"is still the best hand at the table {chance(now)}"
        )
    card = move.card
    after = table.after_swap(hand, card, opponents)
    missed = (
        f"{card} is the card you miss least: with a new card in its place, yours is the best hand {chance(after)}"
        if card == least
        else f"with a new card in place of {card}, yours is the best hand {chance(after)}"
    )
    if isinstance(move, Give):
        return f"{_capital(words)}: {missed}"
    if isinstance(move, Trade):
        cost = "for free, since you deal" if me == s.dealer else "for 1 chip"
        better = f"a new card makes yours the best hand {chance(after)}, against {chance(now)} now"
        return f"{_capital(words)}: {better}, {cost}"
    if isinstance(move, Barter):
        cost = ", and a barter is free while a trade costs 1 chip" if me != s.dealer else ""
        if card == least:
            return f"{_capital(words)}: {card} is the card you miss least{cost}"
        return (
            f"{_capital(words)}: with a new card for {card}, yours is the best hand {chance(after)}"
            f"{', for free' if cost else ''}"
        )
    return _capital(words)


def _hand_name(hand: tuple[Card, ...]) -> str:
    """A hand's kind in a few words: "triplet of 7s", "same-suit sequence to the Q", "point of 19"."""
    rank = rank_hand(hand)
    if rank.category == rank_hand("2H 2C 2D").category:
        return rank.text.split(";")[0]
    if rank.category == rank_hand("2H 3H 4H").category:
        return f"same-suit sequence to the {rank.counting[-1].rank_code}"
    if rank.key[0] == rank_hand("2H 9H 4C").key[0]:
        return f"point of {rank.key[1]}"
    return "hand of three suits"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


#: The one instance the game hands out.
STRATEGY = CommerceStrategy()
