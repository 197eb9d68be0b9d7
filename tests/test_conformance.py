"""One conformance test for every registered game, its variants and player counts."""

from __future__ import annotations

import os

import pytest

import cardlab
from cardlab.games import configurations
from cardlab.engine import STOCK
from conformance import Violation, random_game

# Games checked in depth (every invariant at every step) and games checked fast (cards,
# legality and the end at every step; round-trips and views every 10th step).
DEEP_GAMES = int(os.environ.get("CARDLAB_CONFORMANCE_DEEP", "30"))
FAST_GAMES = int(os.environ.get("CARDLAB_CONFORMANCE_FAST", "300"))


def _id(config):
    name, options = config
    return name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("config", list(configurations()), ids=_id)
def test_random_games_keep_every_invariant(config):
    name, options = config
    game = cardlab.game(name, **options)
    for seed in range(DEEP_GAMES):
        random_game(game, seed, deep_every=1)
    for seed in range(DEEP_GAMES, DEEP_GAMES + FAST_GAMES):
        random_game(game, seed, deep_every=10)


def test_a_stock_listed_top_first_is_caught():
    """The pile check catches a stock whose zone lists the next card drawn first (Contest's draw
    pile did, before it was listed bottom to top like every pile)."""
    class TopFirst(type(cardlab.game("contest"))):
        def zones(self, state):
            return [z._replace(cards=z.cards[::-1]) if z.kind == STOCK else z for z in super().zones(state)]

    random_game(cardlab.game("contest"), 1)  # listed bottom to top: fine
    with pytest.raises(Violation, match="cards left draw pile from below its top"):
        random_game(TopFirst(), 1)
