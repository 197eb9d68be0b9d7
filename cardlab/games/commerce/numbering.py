"""Commerce's moves as numbers, its length cap and its utilities (docs/protocol.md, "For
research frameworks"; the cap is reading 9 of docs/rules/commerce.md).

The 157 ids, each block in the deck's order (``moves.DECK``, ``cardlab.standard_deck()``):

    0-51     trade <card>
    52-103   barter <card>
    104-155  give <card>
    156      knock
"""

from __future__ import annotations

from ...engine import Game, Move, flat_numbering
from .ledger import CommerceLedger
from .moves import BARTER, DECK, GIVE, KNOCK, TRADE
from .state import CommerceState

N = len(DECK)  # 52
TRADE_AT, BARTER_AT, GIVE_AT, KNOCK_ID = 0, N, 2 * N, 3 * N
NUM_MOVES = KNOCK_ID + 1  # 157
UTILITY_TYPE = "zero-sum"  # the ledger: every point paid is a point received
#: the cap (reading 9): a game is stopped after this many moves per player
MOVES_PER_PLAYER = 50

_BY_ID: list[Move] = [TRADE[c] for c in DECK] + [BARTER[c] for c in DECK] + [GIVE[c] for c in DECK] + [KNOCK]
move_id, move_of, legal_ids = flat_numbering(_BY_ID, "Commerce")


@property  # type: ignore[misc]
def max_moves(self: Game[CommerceState]) -> int:
    """The cap: 50 moves per player (150 with 3 players, 600 with 12). It leaves room for every
    trade the stocks allow in every deal (52 − 3 × players cards a deal, then the stock runs
    out) with a knock each; only barters, which the rules do not limit, can go beyond it."""
    return MOVES_PER_PLAYER * self.players


def utility_range(self: Game[CommerceState]) -> tuple[int, int]:
    """A deal changes a balance by at most 52 − players points either way (the pool less one's
    ante, a dealer's trade payments, the dealer's payments), and there is a deal per player."""
    most = self.players * (N - self.players)
    return -most, most


def utility(self: CommerceLedger, state: CommerceState) -> tuple[int, ...]:
    """The ledger of the settled deals: the final ledger once the game is over. A deal in
    progress counts nothing yet (its antes and trade payments are settled with it), so the
    utilities always add up to 0, at the end, at the cap and on the way."""
    return tuple(self._settled_totals(state))
