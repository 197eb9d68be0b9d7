"""How often Contest's face-card powers can be used, under each reading of the Jack's power.

On every turn of play (after the secret cards are arranged) on which the player to move holds
a Jack, it counts whether a claim using the Jack's power is legal under each reading
(``cardlab.game("contest", jack=...)``): ``"power-first"``, cardlab's default (the discarded
Jack must match one of the two claimed piles as they stand after its power, so the row needs a
second pile of the Jack's suit), and ``"match-first"`` (the match is checked before the power:
the Jack matches the pile of its suit that it discards, and the claim takes any two remaining
piles of different suits). Both are read from the game's own legal moves on the same state. The
same for a Queen's power on turns with a Queen, and how often the player to move used each power
when it could. Kings (which may use either power) are left out, so each figure is one power's.

Games are played under each option in turn, since players who may use a power more often
play other games.

    python benchmarks/contest_powers.py               # 400 games per player kind and option: ~10 s
    python benchmarks/contest_powers.py --games 2000

Games are played by cardlab's random and rule-of-thumb (heuristic) players, seeded, so the
figures replay (docs/rules/contest.md quotes those of --games 2000). The ± is a 95% interval
that counts turns as independent; turns of one game are not quite, so take it as a rough guide.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402
from cardlab.bots import make_player  # noqa: E402
from cardlab.games.contest import Claim  # noqa: E402

JACK, QUEEN = 11, 12
READINGS = ("power-first", "match-first")


def jack_power_usable(state, reading: str) -> bool:
    """Whether a claim that uses a held Jack's power is legal in ``state`` under ``reading``."""
    options = dataclasses.replace(state.options, jack=reading)
    game = cardlab.game("contest", **{f.name: getattr(options, f.name) for f in dataclasses.fields(options)})
    return any(
        type(m) is Claim and m.card.rank == JACK and m.discard is not None
        for m in game.legal_moves(dataclasses.replace(state, options=options))
    )


def measure(kind: str, games: int, jack: str = "power-first") -> dict[str, list[int]]:
    """Games played under ``jack``: counts [turns with the card, turns on which its power is
    usable, turns on which it was used] per figure ("jack power-first", "jack match-first",
    "queen")."""
    game = cardlab.game("contest", jack=jack)
    counts = {f"jack {r}": [0, 0, 0] for r in READINGS} | {"queen": [0, 0, 0]}
    for seed in range(games):
        players = [make_player(kind, seed=f"{seed}:{seat}") for seat in (0, 1)]
        state = game.deal(seed=seed)
        while not game.is_over(state):
            mover = game.to_move(state)
            move = game.move(players[mover].choose(game, game.view(state, mover)))
            if state.arranged == 2:
                ranks = {c.rank for c in state.hands[mover]}
                used_jack = type(move) is Claim and move.card.rank == JACK and move.discard is not None
                if JACK in ranks:
                    for reading in READINGS:
                        tally = counts[f"jack {reading}"]
                        tally[0] += 1
                        tally[1] += jack_power_usable(state, reading)
                        tally[2] += used_jack and reading == jack
                if QUEEN in ranks:
                    tally = counts["queen"]
                    tally[0] += 1
                    tally[1] += any(
                        type(m) is Claim and m.card.rank == QUEEN and m.play is not None
                        for m in game.legal_moves(state)
                    )
                    tally[2] += type(move) is Claim and move.card.rank == QUEEN and move.play is not None
            state = game.play(state, move)
    return counts


def share(count: int, turns: int) -> str:
    p = count / turns
    margin = 1.96 * math.sqrt(p * (1 - p) / turns)
    return f"{100 * p:5.1f}% ± {100 * margin:.1f} ({count:,} of {turns:,} turns)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    labels = {
        "jack power-first": "Jack's power, power first (default)",
        "jack match-first": "Jack's power, match first",
        "queen": "Queen's power",
    }
    for kind in ("random", "heuristic"):
        for jack in READINGS:
            counts = measure(kind, args.games, jack)
            print(
                f"{kind} players, {args.games} games with jack={jack!r}: on turns with the card in hand, its power is"
            )
            for key, label in labels.items():
                turns, usable, used = counts[key]
                if key.startswith("jack ") and key != f"jack {jack}":
                    print(f"  usable: {label:<36} {share(usable, turns)}")
                    continue
                print(f"  usable: {label:<36} {share(usable, turns)}; used: {share(used, turns)}")


if __name__ == "__main__":
    main()
