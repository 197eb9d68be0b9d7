"""Commitment's moves as numbers, its length and its utilities (docs/protocol.md, "For research
frameworks").

The 212 ids: first every commit any round can list (``moves.MOVES`` for 1, 2 and 3 battles),
by card in the draw deck's order (hearts, clubs, diamonds 2 to A, then spades 2 to 10), then
battle, then stack (a wild spade: hearts, clubs, diamonds) or the battle a Jack's stack moves to
(``JH b1`` of round 1 before ``JH b1 -> b2``); then ``pass`` (210) and ``next round`` (211).
"""

from __future__ import annotations

from typing import Any

from ...engine import Game, Move, flat_numbering
from .moves import BATTLE_DECK, BATTLE_VP, DRAW_DECK, MOVES, NEXT_ROUND, ORDER, PASS, ROUNDS, STACK_INDEX
from .scoring import vp_totals
from .state import CommitmentState

_COMMITS = sorted(
    {m for table in MOVES.values() for ms in table.values() for m in ms},
    key=lambda m: (
        ORDER[m.card],
        m.battle,
        -1 if m.stack is None else STACK_INDEX[m.stack],
        -1 if m.to is None else m.to,
    ),
)
_BY_ID: list[Move] = [*_COMMITS, PASS, NEXT_ROUND]
move_id, move_of, legal_ids = flat_numbering(_BY_ID, "Commitment")
NUM_MOVES = len(_BY_ID)  # 212
UTILITY_TYPE = "general-sum"  # both players win VP
#: every card of the draw deck committed once, a pass by each player in each round, and the
#: ``next round`` between rounds
MAX_MOVES = len(DRAW_DECK) + 2 * ROUNDS + (ROUNDS - 1)


@property  # type: ignore[misc]
def max_moves(self: Any) -> int:
    """The rules' bound: 56 moves (48 commits, 6 passes, 2 ``next round``): a committed card
    never comes back to a hand."""
    return MAX_MOVES


def utility_range(self: Game[CommitmentState]) -> tuple[int, int]:
    """0 to every battle card's VP (12)."""
    return 0, sum(BATTLE_VP[card] for card in BATTLE_DECK)


def utility(self: Game[CommitmentState], state: Any) -> tuple[int, ...]:
    """The VP of the battle cards won so far (``score(state).totals``: earlier rounds' cards, and
    at the end every round's); every player sees them. Counted without the score's words
    (``scoring.vp_totals``), since research frameworks ask for it after every move."""
    return vp_totals(state)
