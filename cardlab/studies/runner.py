"""Where a study's games are played: in this process, in a pool of processes on this machine, or
on a Dask cluster (:mod:`.cluster`). Each place plays the same chunks of games
(:mod:`.chunks`); the study puts them back in game order."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .chunks import CHUNKS_PER_WORKER, Chunk, Lost, chunk_ranges, error_text, run_chunk
from .errors import StudyError
from .spec import StudySpec

__all__ = ["play"]

#: How often a pool whose processes died is started again before the games left are given up.
POOL_RESTARTS = 3


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
                        result = Lost(start, stop, error_text(err))
                    yield result
    for start, stop in reversed(waiting):
        yield Lost(start, stop, f"the worker processes stopped {POOL_RESTARTS + 1} times; these games were not played")
