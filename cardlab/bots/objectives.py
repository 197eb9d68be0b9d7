"""What a playout is worth, and where it stops: one objective per game.

The search player plays each sampled position out until a *horizon* and scores the result
for the player who is deciding. The horizon is the natural end of what a move can change:

* Card Commons: the end of the round. Every round is dealt afresh, so what happens in this
  round does not change the later ones; the value is the player's lead in points once this
  round is scored (earlier rounds included).
* Commerce: the end of the deal, for the same reason; the value is the player's ledger
  result for this deal (the ante, trade payments, the pool and the dealer's payments).
* Commitment and Contest: the end of the game (Commitment's hands carry over from round to
  round; Contest is one long deal); the value is the final lead in VP or points.
* Any other game: the end of the game, the lead over the best other player.

A lead is the player's points minus the best of the others' (in a two-player game, the
opponent's), so 0 is a tie and a positive value is winning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..engine import Game

__all__ = ["Objective", "objective_for"]


class Objective(NamedTuple):
    """Where a playout stops (``done(root, state)``), what it is worth to a player
    (``value(game, state, player)``), and the words for that value (``unit``)."""

    done: Callable[[Any, Any], bool]
    value: Callable[[Game, Any, int], float]
    unit: str


def _lead(game: Game, state: Any, player: int) -> float:
    totals = game.score(state).totals
    return totals[player] - max(t for p, t in enumerate(totals) if p != player)


def _game_over(root: Any, state: Any) -> bool:
    return False  # the playout runs until nobody is to move


def _round_over(root: Any, state: Any) -> bool:
    return state.round != root.round or state.phase in ("round-end", "game-over")


def _deal_over(root: Any, state: Any) -> bool:
    return len(state.history) != len(root.history)


def _commerce_deal(game: Game, state: Any, player: int) -> float:
    # The deal that was on the table at the root is the last one settled.
    return game.score(state, deal=len(state.history)).totals[player]  # type: ignore[call-arg]


_OBJECTIVES: dict[str, Objective] = {
    "card-commons": Objective(_round_over, _lead, "points ahead of the opponent when this round is scored"),
    "commerce": Objective(_deal_over, _commerce_deal, "ledger points won or lost in this deal"),
    "commitment": Objective(_game_over, _lead, "VP ahead of the opponent at the end of the game"),
    "contest": Objective(_game_over, _lead, "points ahead of the opponent at the end of the game"),
}
_DEFAULT = Objective(_game_over, _lead, "points ahead of the best other player at the end of the game")


def objective_for(game: Game) -> Objective:
    """The objective of ``game`` (the end-of-game lead for a game without its own)."""
    return _OBJECTIVES.get(game.name, _DEFAULT)
