"""Engine speed: checked random-playout steps per second for every registered game.

A step is ``legal_moves`` + a seeded random choice + the checked ``play`` (which validates the
move and builds a new immutable state); the deal is not a step, and neither is what a move
brings about on its own (a round scored, the next one dealt). Also prints the cost of
``import cardlab.games``.

    python benchmarks/engine.py                 # about 3 s per configuration
    python benchmarks/engine.py --seconds 10
    python benchmarks/engine.py --openspiel     # against OpenSpiel's python_liars_poker
    python benchmarks/engine.py --adapters      # through cardlab.openspiel and cardlab.pettingzoo

With ``--openspiel`` (``pip install cardlab[bench]``), each configuration is measured against
OpenSpiel's pure-Python liars poker in the same process, interleaved: short slices of each
take turns, so that the load of a shared machine falls on both alike, and each side's rate is
its steps over its own CPU time. OpenSpiel counts every ``apply_action`` as a step, chance
outcomes (dealing the digits, about 72% of its steps) included; a chance step draws one of the
state's ``chance_outcomes()`` (uniform there) with the same generator. Target: every engine at
least 1.0x liars poker; stretch 1.5x.

With ``--adapters`` (``pip install cardlab[openspiel,pettingzoo]``), each configuration is
played through the research adapters (docs/research.md), interleaved in slices with the same
liars poker: OpenSpiel's loop as liars poker's (every ``apply_action`` a step, the deal's chance
outcomes included), and PettingZoo's ``reset`` (the deal, one step) then ``last()`` (the
observation with its action mask) + a choice among ``info["legal_moves"]`` + ``step``. Target:
at least 0.5x liars poker through either adapter.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import cardlab
from cardlab.games import configurations

TARGET, STRETCH = 1.0, 1.5


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
    runs = [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
        for _ in range(5)
    ]
    return min(runs)


# --- side by side with OpenSpiel ------------------------------------------------------------------

#: One side's playouts: each ``next()`` plays one whole game and returns its steps.
Games = Iterator[int]


def cardlab_games(game: Any) -> Games:
    """Seeded random playouts of a cardlab game, checked: ``legal_moves``, a choice, ``play``."""
    rng, deal = random.Random(0), 0
    legal_moves, play, choice = game.legal_moves, game.play, rng.choice
    while True:
        state, steps = game.deal(seed=deal), 0
        deal += 1
        moves = legal_moves(state)
        while moves:
            state = play(state, choice(moves))
            steps += 1
            moves = legal_moves(state)
        yield steps


def openspiel_games(pyspiel: Any) -> Games:
    """Seeded random playouts of OpenSpiel's ``python_liars_poker``: every ``apply_action`` is a
    step, a chance outcome included."""
    game = pyspiel.load_game("python_liars_poker")
    rng = random.Random(0)
    choice = rng.choice
    while True:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            steps += 1
        yield steps


def _slice(games: Games, seconds: float) -> tuple[int, float]:
    """Whole games of one side for about ``seconds`` of CPU time: (steps, CPU seconds)."""
    clock = time.process_time
    start = clock()
    steps = 0
    while clock() - start < seconds:
        steps += next(games)
    return steps, clock() - start


def side_by_side(ours: Games, theirs: Games, seconds: float, slice_seconds: float) -> tuple[float, float]:
    """Steps per CPU second of both sides, measured in alternating slices: (ours, theirs)."""
    _slice(ours, slice_seconds / 4), _slice(theirs, slice_seconds / 4)  # warm up both
    totals = [[0, 0.0], [0, 0.0]]
    turns = max(1, round(seconds / slice_seconds))
    for turn in range(turns):
        order = (0, 1) if turn % 2 == 0 else (1, 0)
        for side in order:
            steps, spent = _slice((ours, theirs)[side], slice_seconds)
            totals[side][0] += steps
            totals[side][1] += spent
    return totals[0][0] / totals[0][1], totals[1][0] / totals[1][1]


def against_openspiel(seconds: float, slice_seconds: float, only: list[str] | None) -> int:
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import liars_poker  # noqa: F401 - registers python_liars_poker
    except ImportError:
        print("OpenSpiel is not installed: pip install 'cardlab[bench]' (or open_spiel)", file=sys.stderr)
        return 2
    print(
        f"Checked random playouts against OpenSpiel's python_liars_poker, in one process, interleaved in slices "
        f"of {slice_seconds:.2f} s CPU, {seconds:.0f} s CPU per side; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        "cardlab step: a move played by a player (legal_moves, choice, checked play); the deal is not a step. "
        "OpenSpiel step: every apply_action, chance outcomes included (72% of liars poker's steps)."
    )
    print(f"{'game':<34} {'cardlab steps/s':>15} {'liars poker':>12} {'ratio':>6} {'target':>7} {'stretch':>8}")
    for name, options in configurations():
        if only and name not in only:
            continue
        game = cardlab.game(name, **options)
        ours, theirs = side_by_side(cardlab_games(game), openspiel_games(pyspiel), seconds, slice_seconds)
        ratio = ours / theirs
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        verdict = "met" if ratio >= STRETCH else "met" if ratio >= TARGET else "missed"
        stretch = "met" if ratio >= STRETCH else "-"
        print(
            f"{label:<34} {ours:>15,.0f} {theirs:>12,.0f} {ratio:>5.2f}x {TARGET:>4.1f}x {verdict:<6}"
            f"{STRETCH:>4.1f}x {stretch}",
            flush=True,
        )
    return 0


# --- through the research adapters ------------------------------------------------------------------


def openspiel_adapter_games(name: str) -> Games:
    """Seeded random playouts through cardlab.openspiel, as ``openspiel_games`` plays liars poker:
    every ``apply_action`` is a step, the deal's chance outcomes included."""
    import pyspiel

    import cardlab.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game(name)
    rng = random.Random(0)
    choice = rng.choice
    while True:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            steps += 1
        yield steps


def pettingzoo_adapter_games(name: str) -> Games:
    """Seeded random playouts through cardlab.pettingzoo: the deal (``reset``) is a step, then each
    ``last()`` (observation and mask), a choice among the legal actions, and ``step``."""
    from cardlab.pettingzoo import ENVS

    env = ENVS[name]()
    rng, deal = random.Random(0), 0
    while True:
        env.reset(seed=deal)
        deal += 1
        steps = 1
        for _ in env.agent_iter():
            observation, _, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(rng.choice(info["legal_moves"]))
            steps += 1
        yield steps


def through_adapters(seconds: float, slice_seconds: float, only: list[str] | None) -> int:
    """Each configuration through both adapters and OpenSpiel's python_liars_poker, in one process,
    interleaved in slices (the order turning each round): steps per CPU second and the ratios."""
    try:
        import pyspiel
        from open_spiel.python.games import liars_poker  # noqa: F401 - registers python_liars_poker

        import cardlab.openspiel  # noqa: F401
        import cardlab.pettingzoo  # noqa: F401
    except ImportError as err:
        print(f"{err}: pip install 'cardlab[openspiel,pettingzoo]'", file=sys.stderr)
        return 2
    from cardlab import research

    print(
        f"Checked random playouts, steps per CPU second, interleaved with python_liars_poker in "
        f"{slice_seconds:.2f} s slices, {seconds:.1f} s CPU each; Python {sys.version.split()[0]}; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"{'configuration':<34} {'openspiel':>10} {'pettingzoo':>11} {'liars poker':>12} {'os/lp':>6} {'pz/lp':>6}")
    worst = float("inf")
    for name, (game_name, _) in research._configurations().items():
        if only and game_name not in only:
            continue
        sides = [openspiel_adapter_games(name), pettingzoo_adapter_games(name), openspiel_games(pyspiel)]
        totals = [[0, 0.0] for _ in sides]
        for side in sides:
            _slice(side, slice_seconds / 4)  # warm up (the encoder's zone names, the first deal)
        for turn in range(max(1, round(seconds / slice_seconds))):
            for i in range(turn % 3, turn % 3 + 3):
                steps, spent = _slice(sides[i % 3], slice_seconds)
                totals[i % 3][0] += steps
                totals[i % 3][1] += spent
        spiel, zoo, poker = (steps / spent for steps, spent in totals)
        worst = min(worst, spiel / poker, zoo / poker)
        print(
            f"{name:<34} {spiel:>10,.0f} {zoo:>11,.0f} {poker:>12,.0f} {spiel / poker:>5.2f}x {zoo / poker:>5.2f}x",
            flush=True,
        )
    print(f"lowest ratio {worst:.2f}x (target 0.5x)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration (and side)")
    parser.add_argument("--openspiel", action="store_true", help="side by side with OpenSpiel's python_liars_poker")
    parser.add_argument(
        "--adapters",
        action="store_true",
        help="through cardlab.openspiel and cardlab.pettingzoo, beside the bare engine",
    )
    parser.add_argument("--slice", type=float, default=0.25, help="CPU seconds per slice (--openspiel, --adapters)")
    parser.add_argument("--only", nargs="*", help="games to measure (default: every registered game)")
    args = parser.parse_args()
    if args.openspiel:
        return against_openspiel(args.seconds, args.slice, args.only)
    if args.adapters:
        return through_adapters(args.seconds, args.slice, args.only)
    print(f"import cardlab.games: {import_time() * 1000:.1f} ms")
    print(f"{'game':<34} {'steps/s':>10} {'games/s':>9} {'games':>7}")
    for name, options in configurations():
        if args.only and name not in args.only:
            continue
        game = cardlab.game(name, **options)
        steps, games, count = playout_rate(game, args.seconds)
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{label:<34} {steps:>10,.0f} {games:>9,.1f} {count:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
