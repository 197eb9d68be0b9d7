"""One row of a study: a game played from its seed, and what the study keeps of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bots import play_game
from .facts import GameFacts
from .seeds import game_seed
from .spec import StudySpec

__all__ = ["GameRow", "play_row"]


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game of a study: its number (``game``, from 0), its deal ``seed``, each seat's player,
    score and whether it won (``winners``: every seat with the best result, every seat in a
    draw), the number of ``moves`` (continuations included), the game's own ``facts`` (key ->
    (times it happened, chances)) and what else the study records (``recorded``, by name)."""

    game: int
    seed: int
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    facts: dict[str, tuple[int, int]] = field(default_factory=dict)
    recorded: dict[str, Any] = field(default_factory=dict)

    @property
    def draw(self) -> bool:
        """Every seat shares the best result."""
        return len(self.winners) == len(self.scores) > 1


def play_row(spec: StudySpec, facts: GameFacts, index: int) -> GameRow:
    """Play game ``index`` of the study ``spec`` and make its row, with the game's ``facts`` (an
    error a player or the game raises goes up to the caller, which records the game as failed)."""
    game = spec.game
    seed = game_seed(spec.seed, index)
    record = play_game(game, spec.make_players(seed), seed=seed)
    score = game.score(record.final)
    tally = {key: [0, 0] for key in facts.facts}
    for key, happened in facts.observe(game, record):
        tally[key][0] += bool(happened)
        tally[key][1] += 1
    counted = {key: (hits, chances) for key, (hits, chances) in tally.items()}
    recorded: dict[str, Any] = {}
    if "moves" in spec.records:
        recorded["moves"] = " ".join(map(str, record.moves))
    if "final" in spec.records:
        recorded["final"] = record.final.to_text()
    for name, recorder in spec.recorders:
        recorded[name] = recorder(game, record)
    return GameRow(
        index, seed, spec.player_names, tuple(score.totals), tuple(score.winners), len(record.moves), counted, recorded
    )
