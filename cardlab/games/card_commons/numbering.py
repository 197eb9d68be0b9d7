"""Card Commons' moves as numbers, its length cap and its utilities (docs/protocol.md, "For
research frameworks"; the cap is reading 16 of docs/rules/card-commons.md).

The 397 ids, in this order, each block in the deck's order (``moves.DECK``: 2-5 of clubs,
diamonds, hearts, spades, then Q♥ and K♠):

    0-17     commission <card>
    18-323   trade <give> for <take>: 17 pool cards for each card given (give != take)
    324-341  trade <card> for commission
    342-359  claim <card>
    360-377  defend <card>
    378-395  discard <card>
    396      next round
"""

from __future__ import annotations

from typing import Any

from ...engine import Move, flat_numbering
from .moves import (
    CLAIM,
    COMMISSION,
    DECK,
    DEFEND,
    DISCARD,
    NEXT_ROUND,
    TRADE_COMMISSION,
    TRADE_POOL,
    Claim,
    Commission,
    Defend,
    Discard,
    TradeCommission,
)
from .scoring import CommonsScoring

N = len(DECK)  # 18
_INDEX = {card: i for i, card in enumerate(DECK)}
COMMISSION_AT, TRADE_POOL_AT = 0, N
TRADE_COMMISSION_AT = TRADE_POOL_AT + N * (N - 1)
CLAIM_AT, DEFEND_AT, DISCARD_AT = TRADE_COMMISSION_AT + N, TRADE_COMMISSION_AT + 2 * N, TRADE_COMMISSION_AT + 3 * N
NEXT_ROUND_ID = DISCARD_AT + N
NUM_MOVES = NEXT_ROUND_ID + 1  # 397
UTILITY_TYPE = "general-sum"  # both players score points

#: the cap (reading 16): a game is stopped after this many rounds' worth of moves
ROUNDS_CAP = 20
#: the most moves a round can take: 2 Commissions, 12 cards played from the hands (7 dealt, less
#: the Commission, each), at most 2 trades in each of at most 12 turns, and ``next round``
ROUND_MOST = 2 + 12 + 2 * 12 + 1
#: the fewest moves a round can take: the 2 Commissions and the 12 cards played
ROUND_LEAST = 2 + 12
#: the most points a player scores in a round, per unit of its multiplier (a side holds at most 6 cards)
ROUND_POINTS = 6

_ONE_CARD = (
    (Commission, COMMISSION_AT),
    (TradeCommission, TRADE_COMMISSION_AT),
    (Claim, CLAIM_AT),
    (Defend, DEFEND_AT),
    (Discard, DISCARD_AT),
)
_BY_ID: list[Move] = [NEXT_ROUND] * NUM_MOVES
for _table, _at in (
    (COMMISSION, COMMISSION_AT),
    (TRADE_COMMISSION, TRADE_COMMISSION_AT),
    (CLAIM, CLAIM_AT),
    (DEFEND, DEFEND_AT),
    (DISCARD, DISCARD_AT),
):
    for _card, _i in _INDEX.items():
        _BY_ID[_at + _i] = _table[_card]
for _give, _g in _INDEX.items():
    for _take, _t in _INDEX.items():
        if _give != _take:
            _BY_ID[TRADE_POOL_AT + _g * (N - 1) + (_t if _t < _g else _t - 1)] = TRADE_POOL[_give, _take]
move_id, move_of, legal_ids = flat_numbering(_BY_ID, "Card Commons")
del _table, _at, _card, _i, _give, _g, _take, _t


def rounds(settings: Any) -> int:
    """The rounds the rules play before a tie: 4, or 3 in the Peek variant."""
    return 3 if settings.variant == "peek" else 4


def multipliers(settings: Any) -> tuple[int, ...]:
    return (1, 1, 2) if settings.variant == "peek" else (1, 1, 2, 2)


@property  # type: ignore[misc]
def max_moves(self: Any) -> int:
    """The cap: ``ROUNDS_CAP`` rounds of the longest kind (780 moves). Every round has at most
    ``ROUND_MOST`` moves, so a game stopped there has played at least 20 rounds, all tied."""
    return ROUNDS_CAP * ROUND_MOST


def utility_range(self: Any) -> tuple[int, int]:
    """0 to the most points the rounds that fit in ``max_moves`` can score: 6 × the multiplier
    of each of the game's rounds, and 6 for each extra round (scored ×1)."""
    most_rounds = self.max_moves // ROUND_LEAST
    base = multipliers(self.settings)
    return 0, ROUND_POINTS * (sum(base) + (most_rounds - len(base)))


def utility(self: CommonsScoring, state: Any) -> tuple[int, ...]:
    """The points of the rounds scored so far (``score(state).totals``, counted without the
    score's words): the final score once the game is over; every player sees them."""
    return self._totals(state)
