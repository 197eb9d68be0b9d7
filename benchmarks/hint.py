"""Hint speed: the time of a 1,000-playout hint at positions spread over whole games, warm and cold.

The positions are the same on every run: for each of three seeded deals of every game (default
options), a game is played by seeded heuristic players, and among the positions where the
player to move has a choice, the first (the opening) and those a sixth, a third, half, two
thirds and five sixths of the way through: 18 positions per game. Each hint is
``cardlab.bots.hint(game, state, playouts=1000, seed=0)`` (heuristic playouts, as the table's
Hint button asks), timed in CPU seconds of its process, so that other work on a shared machine
slows it little.

* **warm**: every position in one process that has made a hint already (of another deal), as a
  table does after its first hint;
* **cold**: each position in a fresh process, the first hint it makes (the game imported and
  the position set up untimed), as the first hint after a kernel starts.

    python benchmarks/hint.py
    python benchmarks/hint.py --only commitment --playouts 1000
    python benchmarks/hint.py --no-cold          # warm only (the cold pass starts 18 processes a game)

Targets: at most 0.3 s median and 0.6 s worst per game, warm and cold. The digest column
fingerprints the rankings (every move's value and playouts) at the opening, a third and two
thirds of the way of each deal: a change that only makes hints faster leaves it as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from typing import Any

import cardlab
from cardlab.bots import HeuristicPlayer, hint, play_game

#: Targets in seconds: the median and the worst hint of a game's positions.
MEDIAN_TARGET, WORST_TARGET = 0.3, 0.6
DEALS = (1, 2, 3)
#: How far through a game's choices each position is; the digest covers those of DIGESTED.
FRACTIONS = tuple(Fraction(i, 6) for i in range(6))
DIGESTED = (Fraction(0), Fraction(1, 3), Fraction(2, 3))
#: The deal of the untimed hint that warms a process up (none of DEALS).
WARM_UP_DEAL = 4


def positions(game: Any, deals: tuple[int, ...] = DEALS) -> list[tuple[str, Fraction, Any]]:
    """The fixed positions of ``game``: (label, how far through the game, state), openings included."""
    chosen = []
    for deal in deals:
        record = play_game(game, [HeuristicPlayer(seed=p) for p in range(game.players)], seed=deal)
        choices = [i for i, s in enumerate(record.states[:-1]) if len(game.legal_moves(s)) > 1]
        for fraction in FRACTIONS:
            at = choices[int(fraction * len(choices))]
            label = "opening" if fraction == 0 else str(fraction)
            chosen.append((f"deal {deal} {label} (move {at + 1})", fraction, record.states[at]))
    return chosen


def fingerprint(ranked: Any) -> str:
    text = ";".join(f"{m.move}={m.mean:.9f}/{m.playouts}" for m in ranked.moves)
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def timed_hint(game: Any, state: Any, playouts: int) -> tuple[float, Any]:
    """(CPU seconds, hint) of one hint."""
    start = time.process_time()
    ranked = hint(game, state, playouts=playouts, seed=0)
    return time.process_time() - start, ranked


def cold_time(name: str, index: int, playouts: int) -> float:
    """CPU seconds of the first hint of a fresh process, at position ``index`` of ``name``."""
    command = [sys.executable, __file__, "--child", name, str(index), "--playouts", str(playouts)]
    return float(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def child(name: str, index: int, playouts: int) -> int:
    """In a fresh process: set up one position untimed, then print the time of its hint."""
    game = cardlab.game(name)
    deal = DEALS[index // len(FRACTIONS)]
    _, _, state = positions(game, (deal,))[index % len(FRACTIONS)]
    seconds, _ = timed_hint(game, state, playouts)
    print(seconds)
    return 0


def verdict(times: list[float]) -> str:
    median, worst = statistics.median(times), max(times)
    return f"{median:>7.3f}s {median / MEDIAN_TARGET:>5.2f}x {worst:>6.3f}s {worst / WORST_TARGET:>5.2f}x"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--only", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--each", action="store_true", help="print every position's times and fingerprint")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold pass (a fresh process a position)")
    parser.add_argument("--child", nargs=2, metavar=("GAME", "POSITION"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child[0], int(args.child[1]), args.playouts)
    print(
        f"{args.playouts:,}-playout hints (heuristic playouts, seed 0), CPU seconds; Python "
        f"{sys.version.split()[0]} ({sys.executable}); load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        f"targets: median {MEDIAN_TARGET:.1f} s, worst {WORST_TARGET:.1f} s; ratio: the time over its target "
        f"(1.00x or less meets it)"
    )
    cold_head = "" if args.no_cold else f"  {'cold median':>11} {'ratio':>6} {'worst':>7} {'ratio':>6}"
    print(
        f"{'game':<14} {'positions':>9} {'warm median':>11} {'ratio':>6} {'worst':>7} {'ratio':>6}{cold_head} "
        f"{'playouts/s':>11}  digest"
    )
    for name in cardlab.game_names():
        if args.only and name not in args.only:
            continue
        game = cardlab.game(name)
        chosen = positions(game)
        timed_hint(game, positions(game, (WARM_UP_DEAL,))[0][2], args.playouts)  # the process is warm
        warm, cold, made, digest = [], [], 0, hashlib.blake2b(digest_size=4)
        for index, (label, fraction, state) in enumerate(chosen):
            seconds, ranked = timed_hint(game, state, args.playouts)
            warm.append(seconds)
            made += ranked.playouts
            if fraction in DIGESTED:
                digest.update(fingerprint(ranked).encode())
            if not args.no_cold:
                cold.append(cold_time(name, index, args.playouts))
            if args.each:
                first = f", cold {cold[-1]:.3f}s" if cold else ""
                print(
                    f"    {name} {label}: warm {seconds:.3f}s{first}, {len(ranked.moves)} moves, best "
                    f"{ranked.best.move}, {fingerprint(ranked)}",
                    flush=True,
                )
        cold_part = "" if args.no_cold else f"  {verdict(cold)}"
        print(
            f"{name:<14} {len(chosen):>9} {verdict(warm)}{cold_part} {made / sum(warm):>11,.0f}  {digest.hexdigest()}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
