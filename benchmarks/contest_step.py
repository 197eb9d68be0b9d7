"""Where a Contest step's time goes: listing the moves, playing one, dealing.

Plays seeded random games (as ``benchmarks/engine.py`` does), keeps every position and the move
chosen there, then times each part again over those positions, best of ``--repeat``, in
microseconds of CPU time:

- listing the moves, at the secret cards and in the turns; the turns split by the mover's hand,
  with or without a Jack, Queen or King (whose powers list claims that depend on the rest of
  the hand and on the row);
- the checked ``play`` of each kind of move;
- the deal, and the random choice.

Each part is given per call and as its share of an average step, and the sum beside the rate of
whole playouts. With OpenSpiel installed (``pip install 'cardlab[bench]'``), the budget of a step
at 1.0x its python_liars_poker is printed too.

    python benchmarks/contest_step.py
    python benchmarks/contest_step.py --games 600 --repeat 9 --option ace=low
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import _slice, cardlab_games, openspiel_games  # noqa: E402

import cardlab  # noqa: E402

FACE = (11, 12, 13)  # Jack, Queen, King: ranks whose powers list more claims


def positions(game, games: int) -> tuple[list, list]:
    """The positions of ``games`` seeded random games (seeds 0 to ``games`` - 1) and the move
    chosen at each."""
    rng = random.Random(0)
    states, moves = [], []
    for seed in range(games):
        state = game.deal(seed=seed)
        while legal := game.legal_moves(state):
            move = rng.choice(legal)
            states.append(state)
            moves.append(move)
            state = game.play(state, move)
    return states, moves


def best(fn: Callable[[], object], repeat: int) -> float:
    """The least CPU seconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def step_cost(games: Iterator[int]) -> float:
    """Microseconds of CPU per step of whole playouts, as ``benchmarks/engine.py`` plays them
    (``games`` yields each game's steps): 3 s after 0.5 s of warming up."""
    _slice(games, 0.5)
    steps, spent = _slice(games, 3.0)
    return spent / steps * 1e6


def liars_poker_step() -> float | None:
    """Microseconds of CPU per step of OpenSpiel's python_liars_poker, or None without OpenSpiel."""
    try:
        import pyspiel
        from open_spiel.python.games import liars_poker  # noqa: F401 - registers python_liars_poker
    except ImportError:
        return None
    return step_cost(openspiel_games(pyspiel))


def row(name: str, calls: object, per_call: object, per_step: float) -> None:
    print(f"{name:<38} {calls:>7} {per_call:>9} {per_step:>9.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="seeded games whose positions are timed")
    parser.add_argument("--repeat", type=int, default=7, help="timings of each part; the best is kept")
    parser.add_argument("--option", action="append", default=[], help="an option, such as ace=low")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    game = cardlab.game("contest", **options)
    states, moves = positions(game, args.games)
    steps = len(states)
    print(
        f"Contest{''.join(f' {k}={v}' for k, v in options.items())}: {steps:,} steps of {args.games} seeded random "
        f"games; {platform.python_implementation()} {platform.python_version()}, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; microseconds of CPU, best of {args.repeat}"
    )
    groups: dict[str, list[int]] = defaultdict(list)
    for i, state in enumerate(states):
        if state.arranged < 2:
            groups["listing: secret cards"].append(i)
        elif any(card.rank in FACE for card in state.hands[state.turn]):
            groups["listing: turn, hand with J, Q or K"].append(i)
        else:
            groups["listing: turn, no J, Q or K"].append(i)
    for i, move in enumerate(moves):
        groups[f"play: {type(move).__name__.lower()}"].append(i)
    legal_moves, play = game.legal_moves, game.play
    print(f"{'part':<38} {'calls':>7} {'per call':>9} {'per step':>9}")
    total = 0.0
    for name in sorted(groups, key=lambda n: (not n.startswith("listing"), n)):
        chosen = groups[name]
        if name.startswith("listing"):
            picked = [states[i] for i in chosen]
            spent = best(lambda picked=picked: [legal_moves(s) for s in picked], args.repeat)
        else:
            pairs = [(states[i], moves[i]) for i in chosen]
            spent = best(lambda pairs=pairs: [play(s, m) for s, m in pairs], args.repeat)
        total += spent
        row(name, f"{len(chosen):,}", f"{spent / len(chosen) * 1e6:.2f}", spent / steps * 1e6)
    spent = best(lambda: [game.deal(seed=seed) for seed in range(args.games)], args.repeat)
    total += spent
    row("the deal", f"{args.games:,}", f"{spent / args.games * 1e6:.2f}", spent / steps * 1e6)
    rng = random.Random(0)
    listed = [legal_moves(s) for s in states]
    spent = best(lambda: [rng.choice(m) for m in listed], args.repeat)
    total += spent
    row("the random choice", f"{steps:,}", f"{spent / steps * 1e6:.2f}", spent / steps * 1e6)
    row("sum of the parts", "", "", total / steps * 1e6)
    row("whole playouts", "", "", step_cost(cardlab_games(game)))
    budget = liars_poker_step()
    if budget is not None:
        row("a step at 1.0x liars poker", "", "", budget)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
