"""Commitment's state: what one moment of a game holds (its battles and the cards of each place).

The rules (``rules.py``), the explanations (``explain.py``) and the strategy (``strategy.py``)
all read this module; it imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...engine import State
from .moves import Side, Stack

__all__ = ["Battle", "CommitmentState", "HAND_SIZE", "ROUND_DRAW"]

HAND_SIZE = 10  # commitment.deal
ROUND_DRAW = 6  # commitment.setup.draw


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle card and the two sides committed to it: ``sides[player]`` = (hearts, clubs, diamonds)."""

    card: Card
    sides: tuple[Side, Side]


@dataclass(frozen=True, slots=True)
class CommitmentState(State):
    """One moment of a Commitment game. Players are 0 (A) and 1 (B).

    ``battles`` are the battles of the current round (b1 first). When both players have
    passed, the round is over and scored where it lies: the battles stay on the table until
    ``next round`` (or for good after round 3), and the score counts them. ``won`` holds the
    battle cards taken in earlier rounds; ``draw`` and ``battle_deck`` are stored top first
    (their zones list them bottom to top); ``first`` is the player who started round 1.
    ``turn`` is the player to act while the round is played, and None once both have passed:
    who plays ``next round`` then follows from the rules (``Commitment.to_move``), so an edit
    that changes a battle's winner changes the next round's starter with it.

    ``won_in`` runs parallel to ``won``: ``won_in[p][i]`` is the round in which player ``p`` took
    ``won[p][i]``. It is None while no battle card has been won, and when the rounds are unknown (a
    state written before cardlab kept them): the score then shows the earlier rounds as one row.
    """

    seed: int
    round: int
    first: int
    turn: int | None
    passed: tuple[bool, bool]
    hands: tuple[Stack, Stack]
    battles: tuple[Battle, ...]
    battle_deck: tuple[Card, ...]
    draw: tuple[Card, ...]
    won: tuple[Stack, Stack]
    discard: tuple[Card, ...]
    won_in: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    @property
    def round_over(self) -> bool:
        """Both players have passed: the battles on the table are scored."""
        return self.passed[0] and self.passed[1]
