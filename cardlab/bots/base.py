"""What every computer player shares: the interface, the random player, and playing a game.

A player is any object with ``choose(game, view) -> Move``, where ``view`` is
``game.view(state, game.to_move(state))``: a player decides from what it may see, never from
the full state. Players are seeded when made, so a game between them is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

from ..engine import Game, Move

__all__ = ["Player", "RandomPlayer", "GameRecord", "play_game"]


@runtime_checkable
class Player(Protocol):
    """A computer player: ``choose`` returns one of ``game.legal_moves(view)``."""

    name: str

    def choose(self, game: Game, view: Any) -> Move: ...


class RandomPlayer:
    """A uniformly random legal move, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, view: Any) -> Move:
        return self.rng.choice(game.legal_moves(view))

    def __repr__(self) -> str:
        return "RandomPlayer()"


class GameRecord(NamedTuple):
    """A game played by computer players: the states from the start, and the moves between them."""

    states: tuple[Any, ...]
    moves: tuple[Move, ...]

    @property
    def final(self) -> Any:
        return self.states[-1]


def play_game(
    game: Game, players: Sequence[Player], *, seed: int | None = None, state: Any = None, max_moves: int = 100_000
) -> GameRecord:
    """Play from ``state`` (or a deal from ``seed``) to the end, seat ``p`` played by ``players[p]``.

    Each player is shown only its own view; each move goes through the checked ``play``, so a
    player that returned an illegal move raises :class:`IllegalMove` here.
    """
    if len(players) != game.players:
        raise ValueError(f"{game.title} here has {game.players} players; {len(players)} were given")
    if state is None:
        state = game.deal(seed=seed)
    states: list[Any] = [state]
    moves: list[Move] = []
    while (mover := game.to_move(state)) is not None:
        if len(moves) >= max_moves:
            raise RuntimeError(f"{game.title}: no end after {max_moves} moves")
        move = players[mover].choose(game, game.view(state, mover))
        state = game.play(state, move)
        states.append(state)
        moves.append(move)
    return GameRecord(tuple(states), tuple(moves))
