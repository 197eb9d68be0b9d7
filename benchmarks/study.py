"""How fast a study plays (``cardlab.study``), and how much memory it holds.

For each game and each kind of player (random, rule of thumb), the games per second of a study
in this process (``workers=1``), on a pool of 2 processes (``workers=2``) and on a Dask
LocalCluster of 2 single-threaded worker processes; the speedup of 2 workers over one; the
peak memory (RSS of a fresh process) of a study of 10,000 and of 100,000 games; and the time a
million-game study would take at the best rate measured. On a machine whose cores other work
holds, 2 processes cannot beat one: the speedup "on 2 free cores" is worked out from CPU seconds
instead (2 × a game's CPU seconds in one process over its CPU seconds in the pool).

    python benchmarks/study.py                    # 1,000 games a study, best of 2: about 5 minutes
    python benchmarks/study.py --games 500 --repeat 1 --no-memory

Each figure is the best of ``--repeat`` studies, the three ways of playing taken in turn, so a
burst of load on a shared machine weighs on all three alike. Studies record the games' own facts
(the default, ``record=("facts",)``); ``--record none`` measures bare play. The machine's load
and the interpreter are printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402

GAMES = tuple(cardlab.game_names())
KINDS = ("random", "heuristic")
MILLION = 1_000_000
WARM_UP = 100  # games played before a game's figures are measured


def cpu_seconds() -> float:
    """CPU seconds used by this process and by its ended child processes (a pool's, once shut down)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def rate(game: str, kind: str, games: int, workers: object, record: tuple[str, ...]) -> tuple[float, float]:
    """Games per second of one study (timed from the call to the result), and the CPU seconds a game
    took here and in the pool's processes (a Dask cluster's processes are not counted)."""
    start, cpu = time.perf_counter(), cpu_seconds()
    study = cardlab.study(game, games=games, players=kind, workers=workers, record=record, progress=False)
    elapsed, used = time.perf_counter() - start, cpu_seconds() - cpu
    assert len(study) == games, study.failure_text()
    return games / elapsed, used / games


MEMORY_PROGRAM = """
import resource, sys, cardlab
study = cardlab.study(sys.argv[1], games=int(sys.argv[2]), players=sys.argv[3], progress=False)
assert len(study) == int(sys.argv[2])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def best_rates(
    game: str, kind: str, games: int, places: list[object], repeat: int, record: tuple[str, ...]
) -> tuple[list[float], list[float]]:
    """The best games per second of each place to play, and the least CPU seconds a game, over
    ``repeat`` rounds taking the places in turn."""
    best, cpu = [0.0] * len(places), [float("inf")] * len(places)
    for _ in range(repeat):
        for i, workers in enumerate(places):
            games_per_second, seconds = rate(game, kind, games, workers, record)
            best[i], cpu[i] = max(best[i], games_per_second), min(cpu[i], seconds)
    return best, cpu


def peak_memory(game: str, kind: str, games: int) -> float:
    """The peak resident memory, in MB, of a fresh process that plays a study of ``games``."""
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_PROGRAM, game, str(games), kind], capture_output=True, text=True, check=True
    ).stdout
    return int(out.split()[-1]) / 1024


def duration(seconds: float) -> str:
    return f"{seconds / 3600:.1f} h" if seconds >= 3600 else f"{seconds / 60:.0f} min"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games a study (default 1,000)")
    parser.add_argument("--repeat", type=int, default=2, help="studies a figure, the best kept (default 2)")
    parser.add_argument("--record", choices=("facts", "none"), default="facts")
    parser.add_argument("--no-memory", action="store_true", help="leave out the memory figures")
    args = parser.parse_args()
    record = ("facts",) if args.record == "facts" else ()
    from dask.distributed import Client, LocalCluster

    print(f"Python {platform.python_version()} ({sys.executable}), {os.cpu_count()} cores")
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{args.games:,} games a study, best of {args.repeat}, record={record!r}; games per second:\n")
    header = "| game | players | 1 process | 2 processes | Dask, 2 workers | speedup on 2 | on 2 free cores "
    header += "| 1,000,000 games |"
    print(header + "\n|---|---|---|---|---|---|---|---|")
    million = 0.0
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            for game in GAMES:
                for kind in KINDS:
                    rate(game, kind, WARM_UP, 1, record)  # the game's modules imported, its caches filled
                    (one, two, dask), cpu = best_rates(game, kind, args.games, [1, 2, client], args.repeat, record)
                    best = max(one, two, dask)
                    million += MILLION / best
                    print(
                        f"| {game} | {kind} | {one:,.0f} | {two:,.0f} | {dask:,.0f} | {two / one:.2f}× | "
                        f"{2 * cpu[0] / cpu[1]:.2f}× | {duration(MILLION / best)} |",
                        flush=True,
                    )
    print(f"\nA million games of each of the eight: {duration(million)} in all, at the best rate of each.")
    print(
        "speedup on 2: the games per second of 2 processes over 1, as measured; on 2 free cores: what 2 "
        "processes would give with both cores to themselves, 2 × a game's CPU seconds in one process over "
        "its CPU seconds in the pool (the pool's processes and this one), which other work on the machine "
        "does not change"
    )
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.no_memory:
        return
    print("\nPeak memory of a fresh process playing a study (rows kept for the first 10,000 games):\n")
    print("| game | players | 1 game | 10,000 games | 100,000 games |\n|---|---|---|---|---|")
    for game, kind in (("commerce", "random"), ("contest", "random")):
        sizes = [peak_memory(game, kind, games) for games in (1, 10_000, 100_000)]
        print(f"| {game} | {kind} | " + " | ".join(f"{mb:.0f} MB" for mb in sizes) + " |", flush=True)


if __name__ == "__main__":
    main()
