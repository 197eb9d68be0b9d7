"""Strength of the computer players: seeded matches between every pair, for every game.

Every registered game is played with its default options. A two-player game: each deal is
played twice, the players swapping seats, and the table gives the second player's score per
game (1 a win, ½ a draw, 0 a loss) with its 95% confidence interval. A game of more seats
(Commerce, 4 by default) has the two players alternating round the table (X Y X Y, then Y X Y X
on the same deal seed); the table gives the second player's mean final score per seat and per
player's deal (for Commerce, the ledger per deal), with its 95% interval (0 is an even match).

    python benchmarks/tournament.py             # 100 games per pair (Commerce 300): ~50 min on 2 cores
    python benchmarks/tournament.py --quick     # 20 games per pair (Commerce 60), half the playouts: ~4 min
    python benchmarks/tournament.py --games 100 --playouts 300 --jobs 2 --only contest
    python benchmarks/tournament.py --speed     # playouts per second, and the time of a 1,000-playout hint

Targets: the heuristic beats random, and search beats the heuristic, with the interval clear
of an even match (50%, or a ledger of 0).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402
from cardlab.bots import HeuristicPlayer, hint, make_player, play_game  # noqa: E402
from cardlab.strategy import strategy_of  # noqa: E402

#: A game of more than two seats varies most from deal to deal: it plays this many times as many games.
MORE_GAMES = 3


def games() -> list[tuple[str, dict[str, Any]]]:
    """Every registered game, with its default options."""
    return [(name, {}) for name in cardlab.game_names()]


def more_games(name: str) -> int:
    return MORE_GAMES if cardlab.game(name).players > 2 else 1


PAIRS = [("random", "heuristic"), ("random", "search"), ("heuristic", "search")]


def _player(kind: str, seed: str, playouts: int | None, policy: str) -> Any:
    options = {"playouts": playouts, "policy": policy} if kind == "search" else {}
    return make_player(kind, seed=seed, **options)


def play_match(
    name: str,
    options: dict[str, Any],
    first: str,
    second: str,
    deal: int,
    swapped: bool,
    playouts: int | None,
    policy: str,
) -> float:
    """One game: the second player's result (2 players: 1, ½ or 0; Commerce: ledger per deal and seat)."""
    game = cardlab.game(name, **options)
    kinds = [second if (seat % 2 == 0) == swapped else first for seat in range(game.players)]
    players = [_player(kind, f"{deal}:{seat}:{kind}", playouts, policy) for seat, kind in enumerate(kinds)]
    final = play_game(game, players, seed=deal).final
    board = game.score(final)
    seats = [seat for seat, kind in enumerate(kinds) if kind == second]
    if game.players > 2:
        return sum(board.totals[s] for s in seats) / len(seats) / game.players
    winners = set(board.winners)
    return 1.0 if winners == set(seats) else 0.0 if winners.isdisjoint(seats) else 0.5


def interval(results: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(results)
    if len(results) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(results) / math.sqrt(len(results))


def speed(chosen: list[tuple[str, dict[str, Any]]], positions: int, playouts: int) -> None:
    """Time ``playouts``-playout hints from positions spread over seeded heuristic games."""
    print(f"{playouts}-playout hints from {positions} positions per game, spread over whole games (CPU seconds)")
    print(f"{'game':<14} {'policy':<10} {'playouts/s':>11} {'hint mean':>10} {'hint max':>9}")
    for name, options in chosen:
        game = cardlab.game(name, **options)
        states: list[Any] = []
        seed = 0
        while len(states) < positions:
            record = play_game(game, [HeuristicPlayer(seed=p) for p in range(game.players)], seed=seed)
            choices = [s for s in record.states[:-1] if len(game.legal_moves(s)) > 1]
            states += choices[:: max(1, len(choices) // 4)][: positions - len(states)]
            seed += 1
        for policy in ("random", "heuristic"):
            times, made = [], 0
            for state in states:
                start = time.process_time()
                made += hint(game, state, playouts=playouts, seed=1, policy=policy).playouts
                times.append(time.process_time() - start)
            print(
                f"{name:<14} {policy:<10} {made / sum(times):>11,.0f} {statistics.fmean(times):>9.2f}s "
                f"{max(times):>8.2f}s",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 games per pair, half the search's playouts")
    parser.add_argument(
        "--games", type=int, help="games per pair (even; default 100, quick 20; Commerce 3 times as many)"
    )
    parser.add_argument(
        "--playouts",
        type=int,
        help="playouts per search decision (default: the search player's, 200, Commerce 1000; quick: half)",
    )
    parser.add_argument("--policy", default="heuristic", choices=("heuristic", "random"), help="search playout policy")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--only", nargs="*", help="games to play (default: all four)")
    parser.add_argument("--pairs", nargs="*", help="pairs to play, such as heuristic:search (default: all three)")
    parser.add_argument("--speed", action="store_true", help="measure the search's speed instead of playing matches")
    args = parser.parse_args()
    if args.speed:
        speed([(n, o) for n, o in games() if not args.only or n in args.only], 8 if args.quick else 20, 1000)
        return
    base = args.games or (20 if args.quick else 100)
    pairs = [tuple(p.split(":")) for p in args.pairs] if args.pairs else PAIRS
    chosen = [(n, o) for n, o in games() if not args.only or n in args.only]
    print(
        f"games per pair: {base} (more than two seats: {base * MORE_GAMES}), each deal played twice with the "
        f"seats swapped; search: {args.policy} playouts"
    )
    print(
        f"{'game':<14} {'match':<22} {'games':>5} {'playouts':>8}  {'result of the second player':<36} {'seconds':>8}"
    )
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name, options in chosen:
            count = base * more_games(name)
            count += count % 2
            game = cardlab.game(name, **options)
            playouts = args.playouts or strategy_of(game).playouts // (2 if args.quick else 1)
            for first, second in pairs:
                start = time.perf_counter()
                jobs = [
                    pool.submit(play_match, name, options, first, second, deal, swapped, playouts, args.policy)
                    for deal in range(count // 2)
                    for swapped in (False, True)
                ]
                mean, half = interval([job.result() for job in jobs])
                if game.players > 2:
                    text = f"score/deal {mean:+.3f} ± {half:.3f}"
                    clear = mean - half > 0
                else:
                    text = f"wins {100 * mean:5.1f}% ± {100 * half:4.1f}"
                    clear = mean - half > 0.5
                verdict = "clear" if clear else "not clear"
                shown = playouts if "search" in (first, second) else "-"
                print(
                    f"{name:<14} {first + ' v ' + second:<22} {count:>5} {shown:>8}  "
                    f"{text + ' (' + verdict + ')':<36} {time.perf_counter() - start:>8.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
