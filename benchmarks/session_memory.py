"""Session memory: how much a long study takes, per move, for every game.

A study is one :class:`cardlab.Session` of 10,000 moves (``--moves``): a seeded random game
played to its end, then, again and again, a step back to a random earlier position of the
line on show and a new random line from there (a variation) played to its end, the way a
class explores a game. The memory is what ``tracemalloc`` counts as allocated while the
study is built and still held by it (states, moves, the tree of positions, the narration
kept), divided by the moves played; the same study is built once before, so that what the
game itself caches (move tables) is not counted. It also times reading the narration of every
line of the study once.

    python benchmarks/session_memory.py                # 10,000 moves per game
    python benchmarks/session_memory.py --moves 2000

Target: linear in the moves, and at most 1.0 KB per move: a 10,000-move study in 10 MB.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from typing import Any

import cardlab

#: The target: kilobytes per move that a study may take.
TARGET_KB = 1.0


def build_study(game: Any, moves: int, seed: int) -> Any:
    """A session of ``moves`` moves: a main line and variations, all random."""
    rng = random.Random(seed)
    session = cardlab.Session(game, game.deal(seed=seed))
    played = 0
    while played < moves:
        legal = session.legal_moves()
        if not legal:
            session.goto(rng.randrange(len(session.line_states) - 1))
            continue
        session.play(rng.choice(legal))
        played += 1
    return session


def narration_read(session: Any) -> float:
    """CPU seconds to read the narration of every line of the study once (``Line.events``)."""
    start = time.process_time()
    for line in session.lines:
        _ = line.events
    return time.process_time() - start


def measure(name: str, moves: int, seed: int) -> tuple[float, float]:
    """(KB per move held by the study, seconds to read the narration of all its lines)."""
    game = cardlab.game(name)
    build_study(game, moves, seed)  # the same study once before: the game's own caches are filled
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    session = build_study(game, moves, seed)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    seconds = narration_read(session)
    del session
    gc.collect()
    return held / moves / 1024, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10_000, help="moves per study")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", help="games to measure (default: every registered game)")
    args = parser.parse_args()
    print(
        f"A study of {args.moves:,} random moves (a main line and its variations) per game; "
        f"memory held by the session, from tracemalloc"
    )
    print(f"{'game':<14} {'KB/move':>8} {'study':>9} {'target':>7} {'ratio':>6} {'linear':>8} {'narration read':>15}")
    for name in cardlab.game_names():
        if args.only and name not in args.only:
            continue
        per_move, seconds = measure(name, args.moves, args.seed)
        half, _ = measure(name, args.moves // 2, args.seed)
        total = per_move * args.moves / 1024
        print(
            f"{name:<14} {per_move:>8.2f} {total:>7.1f}MB {TARGET_KB:>6.1f}K {per_move / TARGET_KB:>5.2f}x "
            f"{per_move / half:>7.2f}x {seconds:>14.2f}s",
            flush=True,
        )
    print(
        "KB/move: kilobytes held per move played (the game's own caches filled beforehand); linear: KB/move of "
        "the whole study over that of half of it (1.00x is linear); narration read: CPU seconds to read the "
        "narration of every line once (Line.events)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
