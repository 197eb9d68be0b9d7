"""A study's running totals (:class:`Tally`): what every game adds, in whole numbers only, so a
million games take the memory of one and the totals come out the same in any order of adding."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .rows import GameRow

__all__ = ["Moments", "FactSums", "Tally"]


@dataclass(slots=True)
class Moments:
    """How many whole numbers were added, their sum and the sum of their squares."""

    count: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        self.count += other.count
        self.total += other.total
        self.squares += other.squares


@dataclass(slots=True)
class FactSums:
    """A fact over the games: its ``hits`` and ``chances`` in all, and the sums its interval needs
    (each game's hits h and chances c: the sums of h², c² and h·c, and the games with a chance)."""

    hits: int = 0
    chances: int = 0
    hits_squared: int = 0
    chances_squared: int = 0
    products: int = 0
    games: int = 0

    def add(self, hits: int, chances: int) -> None:
        self.hits += hits
        self.chances += chances
        self.hits_squared += hits * hits
        self.chances_squared += chances * chances
        self.products += hits * chances
        self.games += chances > 0

    def merge(self, other: FactSums) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(slots=True)
class Tally:
    """Every game of a study added up: per seat its scores (:class:`Moments`, and how often each
    score came: ``histograms``) and its wins, the draws, the moves, and each fact's sums."""

    seats: int
    facts: dict[str, FactSums]
    scores: list[Moments] = field(default_factory=list)
    histograms: list[Counter[int]] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    moves: Moments = field(default_factory=Moments)

    @classmethod
    def empty(cls, seats: int, facts: list[str]) -> Tally:
        return cls(
            seats,
            {key: FactSums() for key in facts},
            [Moments() for _ in range(seats)],
            [Counter() for _ in range(seats)],
            [0] * seats,
        )

    @property
    def games(self) -> int:
        return self.moves.count

    def add(self, row: GameRow) -> None:
        """Count one game. A seat wins when it has the best result and not every seat shares it
        (a draw); seats that share the best result in a game of three or more each win."""
        for seat, points in enumerate(row.scores):
            self.scores[seat].add(points)
            self.histograms[seat][points] += 1
        if row.draw:
            self.draws += 1
        else:
            for seat in row.winners:
                self.wins[seat] += 1
        self.moves.add(row.moves)
        for key, (hits, chances) in row.facts.items():
            self.facts[key].add(hits, chances)

    def merge(self, other: Tally) -> None:
        for mine, theirs in zip(self.scores, other.scores):
            mine.merge(theirs)
        for counts, more in zip(self.histograms, other.histograms):
            counts.update(more)
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.draws += other.draws
        self.moves.merge(other.moves)
        for key, sums in other.facts.items():
            self.facts[key].merge(sums)
