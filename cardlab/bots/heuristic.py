"""The heuristic player: the game's rule of thumb, one a teacher can say in two sentences.

Each game keeps its own rule of thumb in its folder (``cardlab/games/<game>/strategy.py``) and
hands it out through the protocol (``game.strategy()``, see :mod:`cardlab.strategy`); a game
without one is played by uniformly random moves. Every rule of thumb reads only what the player
to move may see (hand, own secret cards, the table, counts), so it gives the same move for a
full state and for that player's view; the search player uses this to run heuristic playouts
on full states without building views.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import Game, Move
from ..strategy import Choice, strategy_of

__all__ = ["HeuristicPlayer", "Choice", "heuristic_policy", "heuristic_choice", "heuristic_scores"]


def heuristic_choice(game: Game, state: Any, rng: random.Random, limit: int | None = None) -> Choice:
    """The rule of thumb's move for the player to move in ``state`` (a view or a full state), and
    why; for a game without a rule of thumb, a random legal move. ``limit`` makes a look-ahead
    rule weigh only a random sample of that many moves."""
    if game.to_move(state) is None:
        raise ValueError("the game is over: there is no move to choose")
    choice = strategy_of(game).rule_of_thumb(game, state, rng, limit)
    if choice is None:
        return Choice(rng.choice(game.legal_moves(state)), f"{game.title} has no rule of thumb: a random legal move")
    return choice


def heuristic_scores(game: Game, state: Any) -> list[tuple[float, Move]] | None:
    """Every legal move with the rule of thumb's score for it (higher is better), where the game's
    rule of thumb scores every move (a one-move look-ahead); None elsewhere."""
    if game.to_move(state) is None:
        return None
    return strategy_of(game).move_scores(game, state)


def heuristic_policy(game: Game, state: Any, rng: random.Random) -> Move:
    """The rule of thumb as a playout policy: on full states (it reads only what the mover may
    see), weighing at most the game's ``playout_moves`` moves where it looks ahead
    (``Strategy.playout_move``)."""
    return strategy_of(game).playout_move(game, state, rng)


class HeuristicPlayer:
    """The game's rule of thumb (see the module's documentation). ``explain`` gives the reason too."""

    name = "heuristic"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, view: Any) -> Move:
        return self.explain(game, view).move

    def explain(self, game: Game, view: Any) -> Choice:
        """The move and the rule of thumb behind it (from the mover's view, even of a full state)."""
        return heuristic_choice(game, game.view(view, game.to_move(view)), self.rng)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"
