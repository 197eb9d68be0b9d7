"""Computer players and hints for every cardlab game, built on the game protocol only.

    >>> from cardlab.bots import RandomPlayer, HeuristicPlayer, SearchPlayer, play_game, hint
    >>> game = cardlab.game("contest")
    >>> record = play_game(game, [SearchPlayer(seed=1), HeuristicPlayer(seed=2)], seed=7)
    >>> game.score(record.final)                 # who won, and why
    >>> hint(game, record.states[10], playouts=1000, seed=1)   # the moves there, ranked

A player is any object with ``choose(game, view) -> Move``; it is shown only
``game.view(state, game.to_move(state))``. ``make_player("search", seed=1)`` makes one by
name (the names are :data:`PLAYERS`). See docs/bots.md.
"""

from __future__ import annotations

from typing import Any

from .base import GameRecord, Player, RandomPlayer, play_game
from .heuristic import Choice, HeuristicPlayer
from .hint import Hint, RankedMove, hint, hint_steps
from .sampling import sample_state, unseen_cards
from .search import MoveValue, SearchPlayer, evaluate_moves

__all__ = [
    "Player",
    "RandomPlayer",
    "HeuristicPlayer",
    "SearchPlayer",
    "PLAYERS",
    "make_player",
    "play_game",
    "GameRecord",
    "hint",
    "hint_steps",
    "Hint",
    "RankedMove",
    "MoveValue",
    "Choice",
    "evaluate_moves",
    "sample_state",
    "unseen_cards",
]

#: The players by name, weakest first: what a "play against" choice offers.
PLAYERS: dict[str, type] = {"random": RandomPlayer, "heuristic": HeuristicPlayer, "search": SearchPlayer}


def make_player(name: str, seed: int | str | None = None, **options: Any) -> Player:
    """The player called ``name`` ("random", "heuristic" or "search"), seeded; ``options`` go to
    its constructor (``make_player("search", seed=1, playouts=500)``)."""
    cls = PLAYERS.get(name)
    if cls is None:
        raise ValueError(f"no player called {name!r}; the players are: {', '.join(PLAYERS)}")
    return cls(seed=seed, **options)
