"""Soak: play many random and computer-player games of every game and variant, checking every
conformance invariant at every step, and print counts of games, moves and failures. Failures
must be zero. One game in ``--bot-every`` is played by seeded heuristic players (and one in
ten of those by search players with a few playouts) instead of random moves.

    python benchmarks/soak.py                 # 100,000 games in all
    python benchmarks/soak.py --games 2000    # a quicker run
    python benchmarks/soak.py --deep-every 1  # round-trips and views at every step (slower)
    python benchmarks/soak.py --only contest  # some games only

Every registered game is soaked with each of its conformance option sets (``Game.conformance``).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import cardlab  # noqa: E402
from cardlab.bots import make_player  # noqa: E402
from cardlab.games import configurations  # noqa: E402
from helpers.conformance import random_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in all, shared by the configurations")
    parser.add_argument(
        "--deep-every",
        type=int,
        default=25,
        help="check round-trips, views and every listed move every N steps (cards, "
        "legality and the end are checked at every step)",
    )
    parser.add_argument("--seed", type=int, default=1_000_000, help="first seed")
    parser.add_argument("--bot-every", type=int, default=10, help="one game in N is played by computer players")
    parser.add_argument("--only", nargs="*", help="the games to soak (default: every registered game)")
    args = parser.parse_args(argv)
    chosen = [(n, o) for n, o in configurations() if not args.only or n in args.only]
    if not chosen:
        parser.error(f"no game called {', '.join(args.only)}; the games are: {', '.join(cardlab.game_names())}")
    per_config = max(1, args.games // len(chosen))
    total_games = total_moves = failures = 0
    start = time.perf_counter()
    print(f"{'game':<34} {'games':>7} {'moves':>10} {'failures':>9} {'seconds':>8}")
    for name, options in chosen:
        game = cardlab.game(name, **options)
        games = moves = failed = 0
        t0 = time.perf_counter()
        for number, seed in enumerate(range(args.seed, args.seed + per_config)):
            players = None
            if args.bot_every and number % args.bot_every == 0:
                kind = "search" if number % (10 * args.bot_every) == 0 else "heuristic"
                settings = {"playouts": 16} if kind == "search" else {}
                players = [make_player(kind, seed=seed + p, **settings) for p in range(game.players)]
            try:
                moves += random_game(game, seed, deep_every=args.deep_every, players=players)
            except Exception:  # noqa: BLE001 - a soak counts every kind of failure
                failed += 1
                if failed <= 3:
                    traceback.print_exc(limit=3)
            games += 1
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{label:<34} {games:>7} {moves:>10} {failed:>9} {time.perf_counter() - t0:>8.1f}", flush=True)
        total_games, total_moves, failures = total_games + games, total_moves + moves, failures + failed
    print(f"{'total':<34} {total_games:>7} {total_moves:>10} {failures:>9} {time.perf_counter() - start:>8.1f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
