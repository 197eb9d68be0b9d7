"""A study's unit of work: a chunk of games (:func:`run_chunk`), played in one place and handed
back as its results (:class:`Chunk`) or, when the worker playing it dies, as the games it took
with it (:class:`Lost`)."""

from __future__ import annotations

import math
import pickle
import traceback
from dataclasses import dataclass

from .aggregates import Tally
from .facts import NO_FACTS, game_facts
from .rows import GameRow, play_row
from .spec import StudySpec

__all__ = ["Chunk", "Lost", "run_chunk", "chunk_ranges", "error_text", "CHUNKS_PER_WORKER"]

#: The most games in one chunk: a chunk is the unit of work sent to a worker (and lost with it).
CHUNK_GAMES = 500
#: Chunks waiting per worker: enough to keep every worker busy, few enough to keep memory flat.
CHUNKS_PER_WORKER = 2


@dataclass(slots=True)
class Chunk:
    """The results of games ``start`` to ``stop - 1``: their totals, the rows kept (those of
    games before the study's ``keep_rows``), and the games that failed, each with its error."""

    start: int
    stop: int
    tally: Tally
    rows: list[GameRow]
    failed: dict[int, str]


@dataclass(slots=True)
class Lost:
    """Games ``start`` to ``stop - 1``, lost with the worker that played them, and why."""

    start: int
    stop: int
    reason: str


def run_chunk(spec: StudySpec | bytes, start: int, stop: int, keep_until: int) -> Chunk:
    """Play games ``start`` to ``stop - 1`` of ``spec`` (or of the spec pickled to bytes); an error
    in one game fails that game alone."""
    study: StudySpec = pickle.loads(spec) if isinstance(spec, bytes) else spec
    facts = game_facts(study.game) if "facts" in study.records else NO_FACTS
    tally = Tally.empty(study.game.players, list(facts.facts))
    rows, failed = [], {}
    for index in range(start, stop):
        try:
            row = play_row(study, facts, index)
        except Exception as err:  # a player's or a recorder's error fails this game only
            failed[index] = error_text(err)
            continue
        tally.add(row)
        if index < keep_until:
            rows.append(row)
    return Chunk(start, stop, tally, rows, failed)


def error_text(err: BaseException) -> str:
    where = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    at = f" (at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})" if where else ""
    return f"{type(err).__name__}: {err}{at}"


def chunk_ranges(games: int, workers: int) -> list[tuple[int, int]]:
    """The chunks of a study of ``games`` games on ``workers`` workers: about 8 a worker, at most
    :data:`CHUNK_GAMES` games each, so that work spreads evenly and a progress bar moves."""
    size = max(1, min(CHUNK_GAMES, math.ceil(games / (8 * workers))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]
