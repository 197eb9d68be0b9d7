"""Hint speed: the time of a 1,000-playout hint over a fixed set of positions per game.

The positions are the same on every run: for each of three seeded deals of every game (default
options), the first position where the player to move has a choice (the opening) and the
positions a third and two thirds of the way through a game played from it by seeded heuristic
players: 9 positions per game. Each hint is ``cardlab.bots.hint(game, state, playouts=1000,
seed=0)`` (heuristic playouts, as the table's Hint button asks), timed in CPU seconds of this
process, so that other work on a shared machine slows it little.

    python benchmarks/hint.py
    python benchmarks/hint.py --only commitment --playouts 1000

Targets: at most 0.3 s median and 0.6 s worst per game. The digest column fingerprints the
rankings (every move's value and playouts, over the game's positions): a change that only
makes hints faster leaves it as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import time
from typing import Any

import cardlab
from cardlab.bots import HeuristicPlayer, hint, play_game

#: Targets in seconds: the median and the worst hint of a game's positions.
MEDIAN_TARGET, WORST_TARGET = 0.3, 0.6
DEALS = (1, 2, 3)


def positions(game: Any) -> list[tuple[str, Any]]:
    """The fixed positions of ``game``: (label, state), openings included."""
    chosen = []
    for deal in DEALS:
        record = play_game(game, [HeuristicPlayer(seed=p) for p in range(game.players)], seed=deal)
        choices = [i for i, s in enumerate(record.states[:-1]) if len(game.legal_moves(s)) > 1]
        for label, at in (
            ("opening", choices[0]),
            ("1/3", choices[len(choices) // 3]),
            ("2/3", choices[2 * len(choices) // 3]),
        ):
            chosen.append((f"deal {deal} {label} (move {at + 1})", record.states[at]))
    return chosen


def fingerprint(ranked: Any) -> str:
    text = ";".join(f"{m.move}={m.mean:.9f}/{m.playouts}" for m in ranked.moves)
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--only", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--each", action="store_true", help="print every position's time and fingerprint")
    args = parser.parse_args()
    print(
        f"{args.playouts:,}-playout hints (heuristic playouts, seed 0), CPU seconds; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        f"{'game':<14} {'positions':>9} {'median':>8} {'target':>7} {'ratio':>6} {'worst':>7} {'target':>7} "
        f"{'ratio':>6} {'playouts/s':>11}  digest"
    )
    for name in cardlab.game_names():
        if args.only and name not in args.only:
            continue
        game = cardlab.game(name)
        times, made, digest = [], 0, hashlib.blake2b(digest_size=4)
        for label, state in positions(game):
            start = time.process_time()
            ranked = hint(game, state, playouts=args.playouts, seed=0)
            times.append(time.process_time() - start)
            made += ranked.playouts
            digest.update(fingerprint(ranked).encode())
            if args.each:
                print(
                    f"    {name} {label}: {times[-1]:.3f}s, {len(ranked.moves)} moves, best {ranked.best.move}, "
                    f"{fingerprint(ranked)}",
                    flush=True,
                )
        median, worst = statistics.median(times), max(times)
        print(
            f"{name:<14} {len(times):>9} {median:>7.3f}s {MEDIAN_TARGET:>6.1f}s {median / MEDIAN_TARGET:>5.2f}x "
            f"{worst:>6.3f}s {WORST_TARGET:>6.1f}s {worst / WORST_TARGET:>5.2f}x {made / sum(times):>11,.0f}  "
            f"{digest.hexdigest()}",
            flush=True,
        )
    print("ratio: the time over its target (1.00x or less meets it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
