"""Card Commons in a study (``cardlab.study``): at each round's end, whether each Commission
scores, and why (it matches the Nest Egg's suit or its value, or the Nest Egg is a Wild); and
whether a game needs extra rounds to break a tie. See cardlab/studies/facts.py."""

from __future__ import annotations

from collections.abc import Iterator

from ...engine import Fact
from .moves import WILDS

PER_COMMISSION = "Commissions at a round's end"
_REVEALED = ("round-end", "game-over")

FACTS = {
    "commission_scores": Fact("a Commission scores", PER_COMMISSION),
    "matches_suit": Fact("it matches the Nest Egg's suit", PER_COMMISSION),
    "matches_value": Fact("it matches the Nest Egg's value", PER_COMMISSION),
    "wild_nest_egg": Fact("it scores by a Wild Nest Egg", PER_COMMISSION),
    "extra_rounds": Fact("the game needs extra rounds", "games"),
}


def facts(game, record) -> Iterator[tuple[str, bool]]:  # type: ignore[no-untyped-def]
    """Each Commission at each round's end (the Nest Egg it is scored against is the state's once
    the round is revealed: a Wild one was swapped already, unless it stays), then the game."""
    for before, after in zip(record.states, record.states[1:]):
        if after.phase not in _REVEALED or before.phase in _REVEALED:
            continue
        nest = after.nest_egg
        for commission in after.commissions:
            scores = game.commission_scores(commission, nest, only_wild_left=nest in WILDS)[0]
            yield "commission_scores", scores
            yield "matches_suit", nest not in WILDS and commission.suit == nest.suit
            yield "matches_value", nest not in WILDS and commission.rank == nest.rank
            yield "wild_nest_egg", nest in WILDS and scores
    yield "extra_rounds", record.final.round > game.last_round
