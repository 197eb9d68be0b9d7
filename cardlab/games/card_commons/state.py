"""Card Commons' state and options: what one moment of a game holds (the round on the table and
the points of the rounds before it).

The rules (``rules.py``), the checks of a state (``validation.py``), the explanations
(``explain.py``) and the strategy (``strategy.py``) all read this module; it imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...cards import Card
from ...engine import Options, State

__all__ = ["CommonsOptions", "CommonsState", "PHASES", "SIDE_LIMIT"]

# A side of the tableau holds at most 6 cards: 7 are dealt, 1 of them is the Commission, and a
# turn puts at most one card on each side. So a round scores at most 6 × its multiplier.
SIDE_LIMIT = 6
PHASES = ("commission", "claim", "defend", "discard", "answer", "discard2", "round-end", "game-over")


@dataclass(frozen=True, slots=True)
class CommonsOptions(Options):
    """``variant="peek"`` selects the Peek variant."""

    variant: Literal["standard", "peek"] = "standard"

    @classmethod
    def legacy(cls, data: dict[str, Any]) -> dict[str, Any]:
        return {"variant": "peek" if data.pop("peek", False) else "standard"}


@dataclass(frozen=True, slots=True)
class CommonsState(State):
    """One moment of a Card Commons game. Players are 0 (A) and 1 (B).

    ``rounds`` holds the points of each round already scored and carried forward; the round
    on the table is scored from its cards (so an edited end-of-round state scores at once).
    ``traded`` is 0 (no trade yet this turn), 1 (traded with the pool) or 2 (traded with the
    Commission: no more trades). ``claim`` is a Claim waiting for its answer.
    """

    options: CommonsOptions
    seed: int
    round: int
    rounds: tuple[tuple[int, int], ...]
    phase: str
    claimant: int
    traded: int
    nest_egg: Card
    pool_up: tuple[Card, ...]
    pool_down: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    commissions: tuple[Card | None, Card | None]
    sides: tuple[tuple[Card, ...], tuple[Card, ...]]
    claim: Card | None

    @property
    def peek(self) -> bool:
        """Whether this is a game of the Peek variant."""
        return self.options.variant == "peek"
