"""Guessing the hidden cards: full states consistent with what one player may see.

A player's view shows every card it may see and ``HIDDEN`` for the others. The cards it has
not seen are the game's deck (a multiset) minus every visible card of ``game.zones(view)``.
:func:`sample_state` deals those unseen cards into the hidden places the way the game's
strategy says (``Strategy.sample``: at random, keeping what the rules imply, such as "a
Commission is never a Wild") and gives the result a fresh ``seed``, so chance after this
moment (a later shuffle) differs from sample to sample.

Nothing here reads a hidden card: the functions take a view, and a view has none.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from ..cards import HIDDEN, Card, fresh_seed
from ..engine import Game
from ..strategy import strategy_of

__all__ = ["unseen_cards", "sample_state"]


def unseen_cards(game: Game, view: Any) -> list[Card]:
    """The cards ``view`` does not show, sorted: the deck minus every visible card."""
    count = Counter(game.deck())
    hidden = 0
    for zone in game.zones(view):
        for card in zone.cards:
            if card == HIDDEN:
                hidden += 1
            else:
                count[card] -= 1
    if any(n < 0 for n in count.values()):
        extra = sorted(c for c, n in count.items() if n < 0)
        raise ValueError(f"the view shows more copies of {' '.join(c.code for c in extra)} than the deck has")
    cards = sorted(count.elements())
    if len(cards) != hidden:
        raise ValueError(f"the view hides {hidden} card(s) but {len(cards)} card(s) of the deck are unseen")
    return cards


def _reseed(state: Any, rng: random.Random) -> Any:
    if (
        dataclasses.is_dataclass(state)
        and not isinstance(state, type)
        and any(f.name == "seed" for f in dataclasses.fields(state))
    ):
        return dataclasses.replace(state, seed=fresh_seed(rng))
    return state


def sample_state(game: Game, view: Any, player: int, rng: random.Random, unseen: list[Card] | None = None) -> Any:
    """A full state that ``player`` could not tell from ``view``, drawn at random.

    ``unseen`` (the result of :func:`unseen_cards`) may be passed to save recomputing it when
    drawing many samples of one view; it is not changed.
    """
    cards = list(unseen_cards(game, view) if unseen is None else unseen)
    sample = strategy_of(game).sample(game, view, player, cards, rng)
    return _reseed(sample, rng)
