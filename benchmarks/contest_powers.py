"""How often Contest's face-card powers can be used, under cardlab's reading and the rival one.

On every turn of play (after the secret cards are arranged) on which the player to move holds
a Jack, it counts whether a claim using the Jack's power is legal: under cardlab's reading (the
discarded Jack must match one of the two claimed piles as they stand after its power, so the
row needs a second pile of the Jack's suit) and under the rival reading (the match is checked
before the power: the Jack matches the pile of its suit that it discards, and the claim takes
any two remaining piles of different suits). The same for a Queen's power on turns with a
Queen. Kings (which may use either power) are left out, so each figure is one power's.

    python benchmarks/contest_powers.py               # 400 games per player kind: ~10 s
    python benchmarks/contest_powers.py --games 2000

Games are played by cardlab's random and rule-of-thumb (heuristic) players, seeded, so the
figures replay (docs/rules/contest.md quotes those of --games 2000). The ± is a 95% interval
that counts turns as independent; turns of one game are not quite, so take it as a rough guide.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402
from cardlab.bots import make_player  # noqa: E402
from cardlab.games.contest import Claim  # noqa: E402

JACK, QUEEN = 11, 12


def rival_jack_usable(state) -> bool:
    """The rival reading: some pile of a held Jack's suit can be discarded, leaving two other
    piles of different suits to claim."""
    row = state.row
    for jack in (c for c in state.hands[state.turn] if c.rank == JACK):
        for r, pile in enumerate(row):
            if not pile or pile[0].suit != jack.suit:
                continue
            suits = {row[i][0].suit for i in range(len(row)) if i != r and row[i]}
            if len(suits) >= 2:
                return True
    return False


def measure(kind: str, games: int) -> dict[str, list[int]]:
    """Counts [turns with the card, turns on which its power is usable] per figure."""
    game = cardlab.game("contest")
    counts = {"jack": [0, 0], "jack-rival": [0, 0], "queen": [0, 0]}
    for seed in range(games):
        players = [make_player(kind, seed=f"{seed}:{seat}") for seat in (0, 1)]
        state = game.deal(seed=seed)
        while not game.is_over(state):
            mover = game.to_move(state)
            if state.arranged == 2:
                legal = game.legal_moves(state)
                ranks = {c.rank for c in state.hands[mover]}
                if JACK in ranks:
                    counts["jack"][0] += 1
                    counts["jack-rival"][0] += 1
                    counts["jack"][1] += any(type(m) is Claim and m.card.rank == JACK and m.discard is not None
                                             for m in legal)
                    counts["jack-rival"][1] += rival_jack_usable(state)
                if QUEEN in ranks:
                    counts["queen"][0] += 1
                    counts["queen"][1] += any(type(m) is Claim and m.card.rank == QUEEN and m.play is not None
                                              for m in legal)
            state = game.play(state, players[mover].choose(game, game.view(state, mover)))
    return counts


def share(usable: int, turns: int) -> str:
    p = usable / turns
    margin = 1.96 * math.sqrt(p * (1 - p) / turns)
    return f"{100 * p:5.1f}% ± {100 * margin:.1f} ({usable:,} of {turns:,} turns)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    labels = {"jack": "Jack's power, cardlab's reading", "jack-rival": "Jack's power, match checked before it",
              "queen": "Queen's power"}
    for kind in ("random", "heuristic"):
        counts = measure(kind, args.games)
        print(f"{kind} players, {args.games} games: on turns with the card in hand, its power is usable on")
        for key, label in labels.items():
            turns, usable = counts[key]
            print(f"  {label:<40} {share(usable, turns)}")


if __name__ == "__main__":
    main()
