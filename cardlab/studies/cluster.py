"""A study on a Dask cluster (the ``study`` extra): ``workers`` a ``dask.distributed.Client`` or
a scheduler's address ("tcp://scheduler:8786"). The cluster's workers need cardlab installed,
the same version as here. Dask is imported only when a study asks for it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .chunks import CHUNKS_PER_WORKER, Chunk, Lost, chunk_ranges, error_text, run_chunk
from .errors import StudyError

__all__ = ["on_dask", "connect"]

#: Seconds to wait for a scheduler to answer, and for it to have a worker.
CONNECT_SECONDS = 10


def connect(workers: Any) -> tuple[Any, bool]:
    """The Dask client ``workers`` is (or connects to, when it is an address), and whether the
    study opened it (and so closes it)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise StudyError("workers", "a Dask cluster needs dask.distributed: pip install 'cardlab[study]'") from None
    if isinstance(workers, Client):
        return workers, False
    if not isinstance(workers, str):
        raise StudyError("workers", f"workers is a number of processes, a Dask Client or its address, not {workers!r}")
    try:
        return Client(workers, timeout=CONNECT_SECONDS), True
    except (OSError, TimeoutError) as err:
        raise StudyError("workers", f"no Dask scheduler answers at {workers!r} ({err})") from None


def on_dask(blob: bytes, games: int, keep_until: int, workers: Any) -> Iterator[Chunk | Lost]:
    """The chunks of a study, played on the cluster of ``workers``, in the order they finish."""
    client, opened = connect(workers)
    try:
        threads = _threads(client)
        yield from _play(client, blob, chunk_ranges(games, threads), keep_until, threads)
    finally:
        if opened:
            client.close()


def _threads(client: Any) -> int:
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except TimeoutError:
        raise StudyError("workers", f"the Dask cluster at {client.scheduler.address} has no workers") from None
    return max(1, sum(client.nthreads().values()))


def _play(
    client: Any, blob: bytes, ranges: list[tuple[int, int]], keep_until: int, threads: int
) -> Iterator[Chunk | Lost]:
    from dask.distributed import as_completed

    # sent once to every worker, not with each chunk, under a key of its own: by default the key
    # is the blob's hash, shared with another study of the same spec on the cluster, whose
    # release of it would cancel this study's chunks ("lost dependencies")
    [spec] = client.scatter([blob], broadcast=True, hash=False)
    waiting = list(reversed(ranges))
    running: dict[str, tuple[int, int]] = {}
    flow = as_completed()

    def submit() -> None:
        start, stop = waiting.pop()
        future = client.submit(run_chunk, spec, start, stop, keep_until, pure=False)
        running[future.key] = (start, stop)
        flow.add(future)

    while waiting and len(running) < CHUNKS_PER_WORKER * threads:
        submit()
    for future in flow:
        start, stop = running.pop(future.key)
        try:
            result: Chunk | Lost = future.result()
        except Exception as err:  # a worker that died (KilledWorker), or a chunk that could not run
            result = Lost(start, stop, f"the Dask worker playing it failed: {error_text(err)}")
        future.release()
        yield result
        if waiting:
            submit()
