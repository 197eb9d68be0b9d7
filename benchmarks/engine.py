"""Engine speed: checked random-playout steps per second for every registered game.

A step is ``legal_moves`` + a seeded random choice + the checked ``play`` (which validates the
move and builds a new immutable state). Also prints the cost of ``import cardlab.games``.

    python benchmarks/engine.py            # about 3 s per configuration
    python benchmarks/engine.py --seconds 10
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time

import cardlab
from cardlab.games import configurations


def playout_rate(game, seconds: float) -> tuple[float, float, int]:
    """(steps per second, games per second, games) of seeded random playouts."""
    rng = random.Random(0)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.deal(seed=games)
        games += 1
        while True:
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
            steps += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, games


def import_time() -> float:
    """Seconds for a fresh interpreter to ``import cardlab.games`` (best of 5)."""
    code = "import time; t = time.perf_counter(); import cardlab.games; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(5)]
    return min(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    args = parser.parse_args()
    print(f"import cardlab.games: {import_time() * 1000:.1f} ms")
    print(f"{'game':<34} {'steps/s':>10} {'games/s':>9} {'games':>7}")
    for name, options in configurations():
        game = cardlab.game(name, **options)
        steps, games, count = playout_rate(game, args.seconds)
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{label:<34} {steps:>10,.0f} {games:>9,.1f} {count:>7}")


if __name__ == "__main__":
    main()
