"""Commerce's hand ranking: what a 3-card hand is worth, which of two wins and by which rule,
and who wins a showdown. Pure functions of cards, used by the rules and the strategy, and
offered to learners as ``Commerce.rank_hand`` and ``Commerce.compare_hands``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from ...cards import Card, cards, suit_name, suit_symbol
from .moves import DECK

__all__ = [
    "HandRank",
    "Comparison",
    "Showdown",
    "rank_hand",
    "compare_hands",
    "showdown",
    "point_value",
    "hand_key",
    "CATEGORY",
    "TRIPLET",
    "SEQUENCE",
    "POINT",
    "NOTHING",
    "HAND_SIZE",
]

#: Cards in a hand.
HAND_SIZE = 3
_DECK = frozenset(DECK)

TRIPLET, SEQUENCE, POINT, NOTHING = 3, 2, 1, 0
CATEGORY = {TRIPLET: "triplet", SEQUENCE: "sequence", POINT: "point", NOTHING: "nothing"}
_ARTICLE = {
    TRIPLET: "a triplet",
    SEQUENCE: "a sequence",
    POINT: "a point",
    NOTHING: "a hand with no combination and no point",
}
_PLURAL = {11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
Key = tuple[int, int, int]


def point_value(card: Card) -> int:
    """commerce.rank.point: ace 11, K Q J 10, the others their number."""
    return 11 if card.rank == 14 else min(card.rank, 10)


def _evaluate(hand: tuple[Card, ...]) -> tuple[Key, tuple[Card, ...]]:
    """The rank key of a 3-card hand (higher is better) and the cards that make it.

    Keys: (3, rank, 0) triplet; (2, top, 0) sequence; (1, total, cards) point; (0, 0, 0) none.
    """
    lo, mid, hi = sorted(hand)
    if lo.rank == mid.rank == hi.rank:
        return (TRIPLET, hi.rank, 0), (lo, mid, hi)
    if lo.suit == mid.suit == hi.suit:
        if mid.rank == lo.rank + 1 and hi.rank == mid.rank + 1:
            return (SEQUENCE, hi.rank, 0), (lo, mid, hi)
        if (lo.rank, mid.rank, hi.rank) == (2, 3, 14):  # A-2-3, the lowest sequence: its top is the 3
            return (SEQUENCE, 3, 0), (hi, lo, mid)
        return (POINT, point_value(lo) + point_value(mid) + point_value(hi), 3), (hi, mid, lo)
    for low, high in ((lo, mid), (lo, hi), (mid, hi)):  # not all one suit: at most one pair shares a suit
        if low.suit == high.suit:
            return (POINT, point_value(low) + point_value(high), 2), (high, low)
    return (NOTHING, 0, 0), ()


_KEYS: dict[tuple[Card, ...], Key] = {}


def hand_key(hand: tuple[Card, ...]) -> Key:
    """The rank key of a 3-card hand (higher is better), computed once per hand."""
    key = _KEYS.get(hand)
    if key is None:
        key = _KEYS[hand] = _evaluate(hand)[0]
    return key


def _best(hands: tuple[tuple[Card, ...], ...], dealer: int, skip: int = -1) -> int:
    """commerce.rank.tie: the best hand, ties going to the dealer, then the nearest to the left."""
    n = len(hands)
    best, best_key = -1, (-1, 0, 0)
    for i in range(n):
        p = (dealer + i) % n
        if p != skip:
            key = hand_key(hands[p])
            if key > best_key:
                best, best_key = p, key
    return best


class Showdown(NamedTuple):
    """A settled deal's result: the winner, the next-best hand, and what the dealer pays."""

    winner: int
    runner_up: int
    dealer_pays: Literal["nothing", "winner", "everyone"]


def showdown(hands: tuple[tuple[Card, ...], ...], dealer: int) -> Showdown:
    """Who wins the pool (commerce.settle.pool) and what the dealer pays (commerce.settle.dealer-loses,
    commerce.settle.same-category)."""
    winner = _best(hands, dealer)
    runner_up = _best(hands, dealer, skip=winner)
    if winner == dealer:
        pays: Literal["nothing", "winner", "everyone"] = "nothing"
    elif hand_key(hands[dealer])[0] == hand_key(hands[winner])[0]:
        pays = "everyone"  # commerce.settle.same-category
    else:
        pays = "winner"  # commerce.settle.dealer-loses
    return Showdown(winner, runner_up, pays)


@dataclass(frozen=True, slots=True)
class HandRank:
    """What a 3-card hand is worth (the ranking rules, commerce.rank.order and after), in words
    and as a sort ``key``."""

    hand: tuple[Card, ...]
    category: str
    key: Key
    counting: tuple[Card, ...]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Comparison:
    """Which of two hands wins (``winner`` 0 or 1, None for a tie left to seating), by which rule."""

    hands: tuple[HandRank, HandRank]
    winner: int | None
    rule: str
    reason: str

    @property
    def text(self) -> str:
        a, b = self.hands
        if self.winner is None:
            return f"{a} and {b} tie: {self.reason}"
        win, lose = self.hands[self.winner], self.hands[1 - self.winner]
        return f"{win} beats {lose}: {self.reason}"

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


def _read_hand(hand: Any) -> tuple[Card, ...]:
    found = tuple(cards(hand))
    if len(found) != HAND_SIZE:
        raise ValueError(f"a Commerce hand has 3 cards, not {len(found)}: {' '.join(map(str, found)) or 'none'}")
    if len(set(found)) != HAND_SIZE:
        raise ValueError(f"a Commerce hand comes from one deck, so no card twice: {' '.join(map(str, found))}")
    odd = [c for c in found if c not in _DECK]
    if odd:
        raise ValueError(f"{odd[0].code} is not a card of the 52-card deck Commerce uses")
    return found


def rank_hand(hand: Any) -> HandRank:
    """Rank and explain a 3-card hand: ``rank_hand("6S 7S 8S")`` is a same-suit sequence, top 8."""
    hand = _read_hand(hand)
    key, counting = _evaluate(hand)
    category = key[0]
    ranks = sorted(c.rank for c in hand)
    if category == TRIPLET:
        text = f"triplet of {_PLURAL.get(key[1], f'{key[1]}s')}"
    elif category == SEQUENCE:
        top = counting[-1]
        run = "-".join(c.rank_code for c in counting)
        text = f"same-suit sequence {run}{suit_symbol(top.suit)}, top {top.rank_code}"
        if key[1] == 3:
            text += " (the lowest sequence)"
        elif key[1] == 14:
            text += " (the highest sequence)"
    elif category == POINT:
        suit = suit_name(counting[0].suit)
        text = f"point {key[1]} with {' '.join(map(str, counting))} ({key[2]} {suit})"
        if key[2] == 3:
            # commerce.rank.no-pairs: an ordinary flush is only a point; K-A-2 is no sequence
            text += "; K-A-2 is not a sequence" if ranks == [2, 13, 14] else "; a plain flush counts only as a point"
    else:
        text = "no combination and no point (three suits, and a singleton suit scores 0)"
    if category != TRIPLET and len(set(ranks)) < HAND_SIZE:
        text += "; a pair has no rank of its own"  # commerce.rank.no-pairs
    return HandRank(hand, CATEGORY[category], key, counting, text)


def compare_hands(first: Any, second: Any, *, seated_first: int | None = None) -> Comparison:
    """Which of two hands wins, and the rule that decides.

    Hands that tie on every rule are split by seating (commerce.rank.tie): pass
    ``seated_first=0`` (or 1) to say which hand is seated first (the dealer first, then the
    nearest to the dealer's left). The game's narration names the players instead.
    """
    a, b = rank_hand(first), rank_hand(second)
    ka, kb = a.key, b.key
    if ka[0] != kb[0]:
        win = 0 if ka[0] > kb[0] else 1
        better, worse = (ka, kb) if win == 0 else (kb, ka)
        reason = f"{_ARTICLE[better[0]]} outranks {_ARTICLE[worse[0]]} (triplet, then sequence, then point)"
        return Comparison((a, b), win, "commerce.rank.order", reason)
    category = ka[0]
    if ka[1] != kb[1]:
        win = 0 if ka[1] > kb[1] else 1
        rule, reason = {
            TRIPLET: ("commerce.rank.triplet", "triplets compare by rank, A above K"),
            SEQUENCE: ("commerce.rank.sequence", "sequences compare by their top card (Q-K-A highest, A-2-3 lowest)"),
            POINT: ("commerce.rank.point", "the higher point total wins (A 11, K Q J 10, the others their number)"),
        }[category]
        return Comparison((a, b), win, rule, reason)
    if ka[2] != kb[2]:
        win = 0 if ka[2] > kb[2] else 1
        return Comparison((a, b), win, "commerce.rank.point-cards", "equal point totals favour 3 cards over 2")
    if category == NOTHING:
        reason = "neither has a combination or a point, so they tie and seating decides"
    else:
        reason = "they are equal, so seating decides"
    reason += ": the dealer first, then the nearest player to the dealer's left"
    if seated_first not in (0, 1):
        return Comparison((a, b), None, "commerce.rank.tie", reason)
    nearer = ("first", "second")[seated_first]
    return Comparison((a, b), seated_first, "commerce.rank.tie", f"{reason}; the {nearer} hand is seated first")
