"""Card Commons' cards and moves: the deck, the moves with their notation, and what answers a
Claim. The rules (``rules.py``) and the strategy (``strategy.py``) both build on this module.

A round, as moves (the player to act is always ``game.to_move(state)``):

    commission 4H            each player, the round's first Claimant first
    trade 4H for 5C          optional: the Claimant swaps a hand card with a face-up pool card
    trade 3D for commission  optional, after that: the Claimant swaps a hand card with her Commission
    claim 4H                 the Claimant plays her Claim
    defend 4C                the Respondent's Defense (or, after No Defense, the Claimant's own)
    discard 2S               No Defense: the Respondent discards (first and second discard)
    next round               after a round is scored: deal the next one
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import HIDDEN, Card
from ...engine import Continuation, Move, MoveReader

__all__ = [
    "DECK",
    "WILDS",
    "Commission",
    "TradePool",
    "TradeCommission",
    "Claim",
    "Defend",
    "Discard",
    "NextRound",
    "answers",
    "parse_move",
    "EXAMPLES",
]

# commons.deck: the 2-5 of every suit, plus the Q♥ and the K♠, which are Wilds.
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in "CDHS" for r in (2, 3, 4, 5)) + (Card(12, "H"), Card(13, "S"))
WILDS = frozenset((Card(12, "H"), Card(13, "S")))


# --- moves --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Commission(Move):
    """Put ``card`` from your hand face down as your Commission."""

    card: Card

    def __str__(self) -> str:
        return f"commission {self.card.code}"

    def words(self) -> str:
        return f"put the {self.card} face down as the Commission"


@dataclass(frozen=True, slots=True)
class TradePool(Move):
    """The Claimant gives ``give`` from her hand for the face-up pool card ``take``."""

    give: Card
    take: Card

    def __str__(self) -> str:
        return f"trade {self.give.code} for {self.take.code}"

    def words(self) -> str:
        return f"trade the {self.give} for the {self.take} of the pool"


@dataclass(frozen=True, slots=True)
class TradeCommission(Move):
    """The Claimant makes ``give`` her Commission and takes the old Commission into her hand."""

    give: Card

    def __str__(self) -> str:
        return f"trade {self.give.code} for commission"

    def words(self) -> str:
        return f"trade the {self.give} for the Commission"


@dataclass(frozen=True, slots=True)
class Claim(Move):
    card: Card

    def __str__(self) -> str:
        return f"claim {self.card.code}"

    def words(self) -> str:
        return f"claim with the {self.card}"


@dataclass(frozen=True, slots=True)
class Defend(Move):
    """A Defense: the Respondent's answer, or after No Defense the Claimant's own answer."""

    card: Card

    def __str__(self) -> str:
        return f"defend {self.card.code}"

    def words(self) -> str:
        return f"defend with the {self.card}"


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """No Defense: the Respondent discards a card of his choice face up to the pool."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.code}"

    def words(self) -> str:
        return f"discard the {self.card}"


@dataclass(frozen=True, slots=True)
class NextRound(Continuation):
    def __str__(self) -> str:
        return "next round"

    def words(self) -> str:
        return "deal the next round"


_ONE_CARD = {"commission": Commission, "claim": Claim, "defend": Defend, "discard": Discard}
# Moves are values: the hot paths hand out shared instances instead of building new ones (a
# face-down card too: the moves of a hand seen face down).
_CARDS = (*DECK, HIDDEN)
COMMISSION = {c: Commission(c) for c in _CARDS}
TRADE_POOL = {(g, t): TradePool(g, t) for g in _CARDS for t in _CARDS}
TRADE_COMMISSION = {c: TradeCommission(c) for c in _CARDS}
CLAIM = {c: Claim(c) for c in _CARDS}
DEFEND = {c: Defend(c) for c in _CARDS}
DISCARD = {c: Discard(c) for c in _CARDS}
NEXT_ROUND = NextRound()
EXAMPLES = "commission 4H, trade 4H for 5C, trade 4H for commission, claim 4H, defend 4C, discard 2S, next round"


def parse_move(text: str) -> Move:
    """Read a move's notation (see the module's documentation)."""
    reader = MoveReader(text, EXAMPLES)
    head = reader.word("move")
    if head in _ONE_CARD:
        card = reader.card()
        reader.end()
        return _ONE_CARD[head](card)
    if head == "trade":
        give = reader.card()
        if reader.peek() != "for":
            raise reader.fail(
                "write 'trade <card> for <pool card>' or 'trade <card> for commission'",
                reader.tokens[reader.index] if reader.peek() else None,
            )
        reader.next("for")
        if reader.peek() == "commission":
            reader.next("commission")
            reader.end()
            return TradeCommission(give)
        take = reader.card()
        reader.end()
        return TradePool(give, take)
    if head == "next" and reader.peek() == "round":
        reader.next("round")
        reader.end()
        return NextRound()
    raise reader.fail(f"unknown move; moves look like: {EXAMPLES}", reader.tokens[0])


def answers(hand: tuple[Card, ...], claim: Card) -> tuple[Card, ...]:
    """commons.defense: the cards of ``hand`` that answer ``claim`` (same value or a Wild;
    any card answers a Wild Claim)."""
    if claim in WILDS:
        return hand
    rank = claim.rank
    return tuple([c for c in hand if c.rank == rank or c in WILDS])  # a list is built faster than a generator runs
