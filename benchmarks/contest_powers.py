"""How often Contest's face-card powers can be used, under each reading of the Jack's power: a
study (``cardlab.study``) of Contest's own facts (cardlab/games/contest/study.py).

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
    python benchmarks/contest_powers.py --games 2000 --workers 2

Games are played by cardlab's random and rule-of-thumb (heuristic) players, seeded (game i is
dealt from seed i), so the figures replay (docs/rules/contest.md quotes those of --games 2000).
The 95% intervals take games as independent, not the turns of one game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402

READINGS = ("power-first", "match-first")
#: The figures, by the study's fact keys: (usable, used) ("" when a figure does not apply).
FIGURES = {
    "jack power-first": ("jack_usable_power_first", "jack_used"),
    "jack match-first": ("jack_usable_match_first", "jack_used"),
    "queen": ("queen_usable", "queen_used"),
}
LABELS = {
    "jack power-first": "Jack's power, power first (default)",
    "jack match-first": "Jack's power, match first",
    "queen": "Queen's power",
}


def study(kind: str, games: int, jack: str = "power-first", workers: int = 1) -> cardlab.studies.Study:
    """Contest played ``games`` times under ``jack`` by ``kind`` players, seeded from 0."""
    return cardlab.study(cardlab.game("contest", jack=jack), games=games, players=kind, workers=workers)


def measure(kind: str, games: int, jack: str = "power-first") -> dict[str, list[int]]:
    """Games played under ``jack``: counts [turns with the card, turns on which its power is
    usable, turns on which it was used] per figure ("jack power-first", "jack match-first",
    "queen"); a Jack's use counts under the reading played only."""
    facts = study(kind, games, jack).tally.facts
    counts = {}
    for figure, (usable, used) in FIGURES.items():
        played = figure == "queen" or figure == f"jack {jack}"
        counts[figure] = [facts[usable].chances, facts[usable].hits, facts[used].hits if played else 0]
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=1, help="processes to play on (default 1)")
    args = parser.parse_args()
    for kind in ("random", "heuristic"):
        for jack in READINGS:
            summary = study(kind, args.games, jack, args.workers).summary()
            print(
                f"{kind} players, {args.games} games with jack={jack!r}: on turns with the card in hand, its power is"
            )
            for figure, (usable, used) in FIGURES.items():
                line = f"  usable: {LABELS[figure]:<36} {share(summary[usable])}"
                if figure == "queen" or figure == f"jack {jack}":
                    line += f"; used: {share(summary[used])}"
                print(line)


def share(estimate: cardlab.studies.Estimate) -> str:
    hits = round(estimate.value * estimate.count)
    return (
        f"{100 * estimate.value:5.1f}% (95%: {100 * estimate.low:.1f}–{100 * estimate.high:.1f}; "
        f"{hits:,} of {estimate.count:,} turns)"
    )


if __name__ == "__main__":
    main()
