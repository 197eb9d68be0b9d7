"""Where a study's games are played: in this process, in a pool of processes on this machine, or
on a Dask cluster. Each place plays the same chunks of games (:func:`run_chunk`) and hands
back their results (:class:`Chunk`) or, when a worker dies, which games it took with it
(:class:`Lost`); the study puts them back in game order."""

from __future__ import annotations

import math
import pickle
import traceback
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from .aggregates import Tally
from .errors import StudyError
from .facts import NO_FACTS, game_facts
from .rows import GameRow, play_row
from .spec import StudySpec

__all__ = ["Chunk", "Lost", "run_chunk", "chunk_ranges", "play"]

#: The most games in one chunk: a chunk is the unit of work sent to a worker (and lost with it).
CHUNK_GAMES = 500
#: Chunks waiting per worker: enough to keep every worker busy, few enough to keep memory flat.
CHUNKS_PER_WORKER = 2
#: How often a pool whose processes died is started again before the games left are given up.
POOL_RESTARTS = 3


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
    if isinstance(spec, bytes):
        spec = pickle.loads(spec)
    facts = game_facts(spec.game) if "facts" in spec.records else NO_FACTS
    tally = Tally.empty(spec.game.players, list(facts.facts))
    rows, failed = [], {}
    for index in range(start, stop):
        try:
            row = play_row(spec, facts, index)
        except Exception as err:  # a player's or a recorder's error fails this game only
            failed[index] = _error_text(err)
            continue
        tally.add(row)
        if index < keep_until:
            rows.append(row)
    return Chunk(start, stop, tally, rows, failed)


def _error_text(err: BaseException) -> str:
    where = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    at = f" (at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})" if where else ""
    return f"{type(err).__name__}: {err}{at}"


def chunk_ranges(games: int, workers: int) -> list[tuple[int, int]]:
    """The chunks of a study of ``games`` games on ``workers`` workers: about 8 a worker, at most
    :data:`CHUNK_GAMES` games each, so that work spreads evenly and a progress bar moves."""
    size = max(1, min(CHUNK_GAMES, math.ceil(games / (8 * workers))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def play(spec: StudySpec, workers: Any, games: int, keep_until: int) -> Iterator[Chunk | Lost]:
    """Every chunk of the study, played where ``workers`` says (see :func:`cardlab.study`), in
    the order they finish."""
    if isinstance(workers, bool) or workers is None:
        raise StudyError("workers", f"workers is a number of processes, a Dask Client or its address, not {workers!r}")
    if isinstance(workers, int):
        if workers < 1:
            raise StudyError("workers", f"workers is 1 (this process) or more processes, not {workers}")
        if workers == 1:
            return (run_chunk(spec, a, b, keep_until) for a, b in chunk_ranges(games, 1))
        return _in_pool(_pickled(spec), chunk_ranges(games, workers), keep_until, workers)
    from .cluster import on_dask  # Dask only when asked for

    return on_dask(_pickled(spec), games, keep_until, workers)


def _pickled(spec: StudySpec) -> bytes:
    """``spec`` as bytes for other processes: by cloudpickle when it is there (so that players
    and recorders defined in a notebook travel too), else by pickle."""
    try:
        import cloudpickle
    except ImportError:
        cloudpickle = None
    try:
        return cloudpickle.dumps(spec) if cloudpickle else pickle.dumps(spec)
    except Exception as err:
        raise StudyError(
            "workers",
            f"the study cannot be sent to other processes ({err}); define its players and recorders "
            "in a module, or install cloudpickle (pip install 'cardlab[study]')",
        ) from None


def _in_pool(blob: bytes, ranges: list[tuple[int, int]], keep_until: int, workers: int) -> Iterator[Chunk | Lost]:
    """The chunks played by a pool of ``workers`` processes; a pool whose process dies is started
    again for the chunks not begun (the chunks it was playing are :class:`Lost`)."""
    waiting = list(reversed(ranges))
    for _attempt in range(POOL_RESTARTS + 1):
        if not waiting:
            return
        with ProcessPoolExecutor(max_workers=workers) as pool:
            running: dict[Future, tuple[int, int]] = {}
            broken = False
            while waiting or running:
                while waiting and not broken and len(running) < CHUNKS_PER_WORKER * workers:
                    start, stop = waiting.pop()
                    try:
                        running[pool.submit(run_chunk, blob, start, stop, keep_until)] = (start, stop)
                    except BrokenProcessPool:
                        waiting.append((start, stop))
                        broken = True
                if not running:
                    break
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    start, stop = running.pop(future)
                    try:
                        result: Chunk | Lost = future.result()
                    except BrokenProcessPool:
                        broken = True
                        result = Lost(start, stop, "the worker process playing it stopped")
                    except Exception as err:  # the chunk could not be run or sent back
                        result = Lost(start, stop, _error_text(err))
                    yield result
    for start, stop in reversed(waiting):
        yield Lost(start, stop, f"the worker processes stopped {POOL_RESTARTS + 1} times; these games were not played")
