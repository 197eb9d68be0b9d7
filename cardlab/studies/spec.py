"""What a study plays, checked before any game is played: the game, a player for each seat, the
seed and what each row records (:class:`StudySpec`). A spec is sent whole to every worker."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import games
from ..bots import PLAYERS, GameRecord, Player, make_player
from ..engine import Game
from .errors import StudyError
from .seeds import GAMES, player_seed

__all__ = ["StudySpec", "RECORDS", "make_spec"]

#: What a row can record by name, besides the game's own facts ("facts", recorded by default).
RECORDS: dict[str, str] = {
    "facts": "the game's own facts (its folder's study.py)",
    "moves": "every move of the game, in notation, one text",
    "final": "the final state's text form",
}

#: A player for a seat: a name of :data:`cardlab.bots.PLAYERS`, or a function of a seed that
#: returns a player (``lambda seed: SearchPlayer(seed=seed, playouts=200)``).
PlayerChoice = str | Callable[[str], Player]
#: A value a row records of a game: a function of the game and its record.
Recorder = Callable[[Game, GameRecord], Any]


@dataclass(frozen=True)
class StudySpec:
    """A study's checked inputs: ``game``, one player choice per seat (``players``), the
    ``seed``, the names it ``records`` (:data:`RECORDS`) and its own ``recorders`` (name ->
    function of the game and its record)."""

    game: Game
    players: tuple[PlayerChoice, ...]
    seed: int
    records: frozenset[str]
    recorders: tuple[tuple[str, Recorder], ...]

    def make_players(self, deal_seed: int) -> list[Player]:
        """The players of the game dealt from ``deal_seed``, each seeded for its seat."""
        return [_player(choice, player_seed(deal_seed, seat)) for seat, choice in enumerate(self.players)]

    @property
    def player_names(self) -> tuple[str, ...]:
        """What each seat's player is called in the rows ("heuristic", or a function's name)."""
        return tuple(c if isinstance(c, str) else getattr(c, "__name__", type(c).__name__) for c in self.players)


def _player(choice: PlayerChoice, seed: str) -> Player:
    return make_player(choice, seed=seed) if isinstance(choice, str) else choice(seed)


def make_spec(game: Game | str, players: Any, seed: Any, record: Any) -> StudySpec:
    """A :class:`StudySpec`, or a :class:`StudyError` naming the argument that is wrong."""
    if isinstance(game, str):
        try:
            game = games.game(game)
        except ValueError as err:
            raise StudyError("game", str(err)) from None
    if not isinstance(game, Game):
        raise StudyError("game", f"a game is a name ({', '.join(games.names())}) or cardlab.game(...), not {game!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < GAMES:
        raise StudyError("seed", f"a study's seed is a whole number from 0 to 2**32 - 1, not {seed!r}")
    records, recorders = _records(record)
    return StudySpec(game, _players(game, players), seed, records, recorders)


def _players(game: Game, players: Any) -> tuple[PlayerChoice, ...]:
    chosen = (players,) * game.players if isinstance(players, str) or callable(players) else tuple(players)
    if len(chosen) != game.players:
        raise StudyError("players", f"{game.title} here has {game.players} seats; {len(chosen)} players were given")
    for choice in chosen:
        if isinstance(choice, str) and choice not in PLAYERS:
            raise StudyError("players", f"no player called {choice!r}; the players are: {', '.join(PLAYERS)}")
        if not isinstance(choice, str) and not callable(choice):
            raise StudyError(
                "players", f"a player is a name ({', '.join(PLAYERS)}) or a function of a seed, not {choice!r}"
            )
    return chosen


def _records(record: Any) -> tuple[frozenset[str], tuple[tuple[str, Recorder], ...]]:
    """``record`` read: names of :data:`RECORDS` (a list of them), or a mapping from a column's name
    to a function of (game, record) or to True (a name of :data:`RECORDS`)."""
    if isinstance(record, str):
        record = (record,)
    names, recorders = set(), []
    items = record.items() if isinstance(record, Mapping) else ((r, None) for r in record)
    for name, value in items:
        if value is None or value is True:  # a name of RECORDS
            if name not in RECORDS:
                raise StudyError(
                    "record", f"nothing to record is called {name!r}; a row can record: {', '.join(RECORDS)}"
                )
            names.add(name)
        elif callable(value) and isinstance(name, str) and name:
            recorders.append((name, value))
        else:
            raise StudyError(
                "record", f"a row records a name of {', '.join(RECORDS)} or a function; {name!r} is neither"
            )
    return frozenset(names), tuple(recorders)
