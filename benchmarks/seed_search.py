"""How long a search for a deal's seed would take: the time of one guess, and of every seed.

Someone who sees their own cards could try seed after seed until a deal shows those cards, and
then know every hidden card. A guess is one keyed-hash shuffle of the 52 cards from a seed
(``cardlab.shuffled``, as Contest and Commerce deal) and a comparison with the cards seen. A
fresh seed is one of 2**64 (``cardlab.cards.SEED_BITS``); the figures say why that cannot be
searched, and why a small explicit seed (a lesson's ``seed=7``) can.

    python benchmarks/seed_search.py            # about 2 s
    python benchmarks/seed_search.py --guesses 200000
"""

from __future__ import annotations

import argparse
import time

from cardlab.cards import GUESSABLE_BITS, SEED_BITS, shuffled, standard_deck

YEAR = 365.25 * 24 * 3600


def time_per_guess(guesses: int) -> float:
    """Seconds per guess (CPU time, so other work on the machine does not count)."""
    deck = tuple(standard_deck())
    seen = shuffled(deck, 123_456_789, "deal")[:4]  # the four cards a player was dealt
    start = time.process_time()
    for seed in range(guesses):
        if shuffled(deck, seed, "deal")[:4] == seen:
            pass
    return (time.process_time() - start) / guesses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guesses", type=int, default=30_000)
    args = parser.parse_args()
    per_guess = time_per_guess(args.guesses)
    print(f"one guess: {per_guess * 1e6:.1f} µs of CPU time ({args.guesses:,} guesses)")
    for bits, what in (
        (20, "seeds below a million (seed=7, seed=2026)"),
        (32, "32-bit seeds"),
        (GUESSABLE_BITS, f"seeds below 2**{GUESSABLE_BITS} (seed_is_guessable)"),
        (SEED_BITS, f"fresh seeds ({SEED_BITS} bits, from secrets)"),
    ):
        seconds = 2**bits * per_guess
        print(f"{what:<50} {seconds / 3600:>12.3g} core-hours  {seconds / YEAR:>12.3g} core-years")


if __name__ == "__main__":
    main()
