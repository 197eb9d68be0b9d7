"""How a cost grows with its input, instead of an absolute time that a slower or busier machine can miss.

``small_memory(megabytes)`` asserts instead that a block never held more than that much new
memory: a reader that refuses a huge input before reading it whole stays small at any speed.

``assert_linear(work, n)`` runs ``work(n)`` and ``work(FACTOR * n)`` and compares their CPU times: a
reader that is linear in its input takes about FACTOR times as long on the larger one, a quadratic
one about FACTOR² times. The bound sits between the two, and each time is the least of a few runs,
so that one scheduling hiccup does not count.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

FACTOR = 16
#: The larger input may cost at most this many times the smaller one: linear is FACTOR, quadratic FACTOR².
#: The margin above linear is wide, since a busy machine's caches can slow the larger run more.
BOUND = 6 * FACTOR
#: CPU time below which two figures are too small to compare (timer resolution, caches).
FLOOR = 0.005


def cpu_time(work: Callable[[], object], repeats: int = 3) -> float:
    """The least CPU time of ``repeats`` runs of ``work``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def assert_linear(work: Callable[[int], object], n: int, repeats: int = 3) -> None:
    """``work(size)`` handles an input of ``size`` units; its cost at FACTOR × ``n`` stays within
    BOUND times its cost at ``n`` (plus FLOOR, so that tiny figures are not compared)."""
    small = cpu_time(lambda: work(n), repeats)
    large = cpu_time(lambda: work(FACTOR * n), repeats)
    assert large <= BOUND * max(small, FLOOR), (
        f"{FACTOR} times the input took {large / max(small, 1e-9):.0f} times the CPU time "
        f"({small:.4f} s against {large:.4f} s): not linear"
    )


@contextmanager
def small_memory(megabytes: float = 10.0) -> Iterator[None]:
    """The block's peak of new Python memory stays under ``megabytes``."""
    tracemalloc.start()
    try:
        yield
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < megabytes * 1_000_000, f"took {peak / 1_000_000:.0f} MB"
