"""Putting a study's chunks together as they come back, in any order (:class:`Gathered`): the
totals merged, the kept rows put back in game order, the failed games counted and named."""

from __future__ import annotations

from .aggregates import Tally
from .chunks import Chunk, Lost
from .rows import GameRow

__all__ = ["Gathered", "FAILED_KEPT"]

#: The failed games whose errors a study keeps (it counts every one).
FAILED_KEPT = 1_000


class Gathered:
    """The chunks of a study received so far."""

    def __init__(self, tally: Tally) -> None:
        self.tally = tally
        self.failed: dict[int, str] = {}
        self.failures = 0
        self._rows: dict[int, list[GameRow]] = {}  # by the first game of their chunk

    def add(self, chunk: Chunk | Lost) -> None:
        if isinstance(chunk, Lost):
            errors = dict.fromkeys(range(chunk.start, chunk.stop), chunk.reason)
        else:
            self.tally.merge(chunk.tally)
            if chunk.rows:
                self._rows[chunk.start] = chunk.rows
            errors = chunk.failed
        self.failures += len(errors)
        room = max(0, FAILED_KEPT - len(self.failed))
        self.failed.update(list(errors.items())[:room])

    @property
    def rows(self) -> list[GameRow]:
        """The rows kept, in game order."""
        return [row for start in sorted(self._rows) for row in self._rows[start]]
