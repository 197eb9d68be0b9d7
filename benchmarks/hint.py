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
    python benchmarks/hint.py --openings         # the openings instead, every configuration
    python benchmarks/hint.py --agreement        # and the same hints with their whole budget
    python benchmarks/hint.py --full             # hints without the early stop

``--openings`` takes instead every position 0 to 20 moves into three seeded games of every
configuration (each option set a game declares), where the player to move has a choice: the
openings as often as games meet them. ``--agreement`` also makes each warm hint without the
early stop (``stop_early=False``), times it ("full") and counts how often the two hints pick
the same move, where the full hint's choice was clear (its best leads the second by more than
the uncertainty of the playouts) and where it was close.

Targets: at most 0.3 s median and 0.6 s worst per game, warm and cold. The digest column
fingerprints the rankings (every move's value and playouts) at the opening, a third and two
thirds of the way of each deal (with ``--openings``, at every position): a change that only
makes hints faster leaves it as it was. The playouts column is the mean a hint made.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from typing import Any

import cardlab
import cardlab.games
from cardlab.bots import HeuristicPlayer, hint, play_game
from cardlab.bots.hint import _noise

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


#: The openings (``--openings``): every position up to OPENING_MOVES moves into each of the
#: OPENING_DEALS seeded games of every configuration, where the player to move has a choice.
OPENING_DEALS = (1, 2, 3)
OPENING_MOVES = 20


def configurations() -> list[tuple[str, dict[str, Any]]]:
    """Every configuration of every registered game: the option sets each game declares."""
    return list(cardlab.games.configurations())


def label_of(name: str, options: dict[str, Any]) -> str:
    return name + "".join(f" {k}={v}" for k, v in options.items())


def openings(game: Any, deals: tuple[int, ...] = OPENING_DEALS) -> list[tuple[str, Fraction, Any]]:
    """The positions 0 to OPENING_MOVES moves into seeded games of ``game`` with a choice to make,
    each as often as the games meet it."""
    chosen = []
    for deal in deals:
        record = play_game(game, [HeuristicPlayer(seed=p) for p in range(game.players)], seed=deal)
        for at, state in enumerate(record.states[: OPENING_MOVES + 1]):
            if game.to_move(state) is not None and len(game.legal_moves(state)) > 1:
                chosen.append((f"deal {deal} move {at + 1}", Fraction(0), state))
    return chosen


def fingerprint(ranked: Any) -> str:
    text = ";".join(f"{m.move}={m.mean:.9f}/{m.playouts}" for m in ranked.moves)
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def timed_hint(game: Any, state: Any, playouts: int, stop_early: bool = True) -> tuple[float, Any]:
    """(CPU seconds, hint) of one hint."""
    start = time.process_time()
    ranked = hint(game, state, playouts=playouts, seed=0, stop_early=stop_early)
    return time.process_time() - start, ranked


def cold_time(name: str, options: dict[str, Any], index: int, args: argparse.Namespace) -> float:
    """CPU seconds of the first hint of a fresh process, at position ``index`` of the game."""
    command = [sys.executable, __file__, "--child", name, json.dumps(options), str(index)]
    command += ["--playouts", str(args.playouts)] + ["--openings"] * args.openings + ["--full"] * args.full
    return float(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def child(name: str, options: dict[str, Any], index: int, args: argparse.Namespace) -> int:
    """In a fresh process: set up one position untimed, then print the time of its hint."""
    game = cardlab.game(name, **options)
    _, _, state = position_set(game, args.openings)[index]
    seconds, _ = timed_hint(game, state, args.playouts, stop_early=not args.full)
    print(seconds)
    return 0


def position_set(game: Any, opening: bool) -> list[tuple[str, Fraction, Any]]:
    return openings(game) if opening else positions(game)


def clear_lead(ranked: Any) -> bool:
    """Whether the hint's best move leads the second by more than the playouts' uncertainty (the
    gap its ranked view calls "within the uncertainty of the playouts" otherwise)."""
    if len(ranked.moves) < 2:
        return True
    best, second = ranked.moves[0], ranked.moves[1]
    return best.mean - second.mean >= _noise(best, second)


def verdict(times: list[float]) -> str:
    median, worst = statistics.median(times), max(times)
    return f"{median:>7.3f}s {median / MEDIAN_TARGET:>5.2f}x {worst:>6.3f}s {worst / WORST_TARGET:>5.2f}x"


def agreement(pairs: list[tuple[bool, bool]]) -> str:
    """How often the early-stopping hint's best move is the full hint's, where the full hint's
    choice was clear and where it was close: "agreed/positions"."""
    clear = [same for is_clear, same in pairs if is_clear]
    close = [same for is_clear, same in pairs if not is_clear]
    return f"{sum(clear):>4}/{len(clear):<4} {sum(close):>4}/{len(close):<4}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--only", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--each", action="store_true", help="print every position's times and fingerprint")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold pass (a fresh process a position)")
    parser.add_argument(
        "--openings",
        action="store_true",
        help=f"every position 0 to {OPENING_MOVES} moves into {len(OPENING_DEALS)} seeded games of every configuration",
    )
    parser.add_argument("--full", action="store_true", help="hints without the early stop (the whole budget)")
    parser.add_argument(
        "--agreement",
        action="store_true",
        help="also make each warm hint without the early stop: its time, and whether both pick the same move",
    )
    parser.add_argument("--child", nargs=3, metavar=("GAME", "OPTIONS", "POSITION"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child[0], json.loads(args.child[1]), int(args.child[2]), args)
    kind = "the whole budget" if args.full else "stopping early once settled"
    where = (
        f"positions 0 to {OPENING_MOVES} moves into deals {', '.join(map(str, OPENING_DEALS))} of every configuration"
        if args.openings
        else "18 positions spread over 3 deals a game"
    )
    print(
        f"{args.playouts:,}-playout hints (heuristic playouts, seed 0, {kind}), {where}; CPU seconds; Python "
        f"{sys.version.split()[0]} ({sys.executable}); load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        f"targets: median {MEDIAN_TARGET:.1f} s, worst {WORST_TARGET:.1f} s; ratio: the time over its target "
        f"(1.00x or less meets it)"
    )
    cold_head = "" if args.no_cold else f"  {'cold median':>11} {'ratio':>6} {'worst':>7} {'ratio':>6}"
    full_head = f"  {'full median':>11} {'ratio':>6} {'worst':>7} {'ratio':>6}" if args.agreement else ""
    same_head = f"  {'clear same':>9} {'close same':>9}" if args.agreement else ""
    print(
        f"{'game':<26} {'positions':>9} {'warm median':>11} {'ratio':>6} {'worst':>7} {'ratio':>6}{cold_head}"
        f"{full_head} {'playouts':>8} {'playouts/s':>11}  digest{same_head}"
    )
    chosen_games = configurations() if args.openings else [(name, {}) for name in cardlab.game_names()]
    all_pairs: list[tuple[bool, bool]] = []
    for name, options in chosen_games:
        if args.only and name not in args.only:
            continue
        game = cardlab.game(name, **options)
        label = label_of(name, options) if args.openings else name
        chosen = position_set(game, args.openings)
        timed_hint(game, positions(game, (WARM_UP_DEAL,))[0][2], args.playouts)  # the process is warm
        warm, cold, full, made, digest = [], [], [], 0, hashlib.blake2b(digest_size=4)
        pairs: list[tuple[bool, bool]] = []
        for index, (where_at, fraction, state) in enumerate(chosen):
            seconds, ranked = timed_hint(game, state, args.playouts, stop_early=not args.full)
            warm.append(seconds)
            made += ranked.playouts
            if args.openings or fraction in DIGESTED:
                digest.update(fingerprint(ranked).encode())
            if args.agreement:
                whole_seconds, whole = timed_hint(game, state, args.playouts, stop_early=False)
                full.append(whole_seconds)
                pairs.append((clear_lead(whole), whole.best.move == ranked.best.move))
            if not args.no_cold:
                cold.append(cold_time(name, options, index, args))
            if args.each:
                first = f", cold {cold[-1]:.3f}s" if cold else ""
                print(
                    f"    {label} {where_at}: warm {seconds:.3f}s{first}, {len(ranked.moves)} moves, "
                    f"{ranked.playouts} playouts, best {ranked.best.move}, {fingerprint(ranked)}",
                    flush=True,
                )
        all_pairs += pairs
        cold_part = "" if args.no_cold else f"  {verdict(cold)}"
        full_part = f"  {verdict(full)}" if args.agreement else ""
        same_part = f"  {agreement(pairs)}" if args.agreement else ""
        print(
            f"{label:<26} {len(chosen):>9} {verdict(warm)}{cold_part}{full_part} {made / len(chosen):>8.0f} "
            f"{made / sum(warm):>11,.0f}  {digest.hexdigest()}{same_part}",
            flush=True,
        )
    if args.agreement:
        print(f"best move the same as the whole budget's (agreed/positions), clear then close: {agreement(all_pairs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
