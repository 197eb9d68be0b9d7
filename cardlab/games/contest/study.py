"""Contest in a study (``cardlab.study``): on every turn of play (once the secret cards are
arranged) on which the player to move holds a Jack, whether a claim using the Jack's power is
legal under each reading of it (``jack="power-first"``, cardlab's, and ``"match-first"``), and
whether the player used it; the same for a Queen's power on turns with a Queen. Kings, which may
use either power, are left out, so each figure is one power's. See cardlab/studies/facts.py."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Fact, Move
from .moves import Claim
from .state import ContestState

if TYPE_CHECKING:
    from .rules import Contest

JACK, QUEEN = 11, 12
READINGS = ("power-first", "match-first")
WITH_JACK, WITH_QUEEN = "turns with a Jack in hand", "turns with a Queen in hand"

FACTS = {
    "jack_usable_power_first": Fact("a Jack's power is usable (power first, cardlab's reading)", WITH_JACK),
    "jack_usable_match_first": Fact("a Jack's power is usable (match first, the other reading)", WITH_JACK),
    "jack_used": Fact("a Jack's power is used", WITH_JACK),
    "queen_usable": Fact("a Queen's power is usable", WITH_QUEEN),
    "queen_used": Fact("a Queen's power is used", WITH_QUEEN),
}


def _jack_power(move: Move) -> bool:
    return type(move) is Claim and move.card.rank == JACK and move.discard is not None


def _queen_power(move: Move) -> bool:
    return type(move) is Claim and move.card.rank == QUEEN and move.play is not None


def facts(game, record) -> Iterator[tuple[str, bool]]:  # type: ignore[no-untyped-def]
    """Each turn of play with a Jack or a Queen in the mover's hand (both readings of the Jack's
    power are read from the legal moves of the same state)."""
    readings = {reading: game if game.settings.jack == reading else _reading(game, reading) for reading in READINGS}
    for state, move in zip(record.states, record.moves):
        if state.arranged != 2:
            continue
        ranks = {card.rank for card in state.hands[game.to_move(state)]}
        if JACK in ranks:
            for reading, played in readings.items():
                usable = any(map(_jack_power, played.legal_moves(_as_played(state, played))))
                yield f"jack_usable_{reading.replace('-', '_')}", usable
            yield "jack_used", _jack_power(move)
        if QUEEN in ranks:
            yield "queen_usable", any(map(_queen_power, game.legal_moves(state)))
            yield "queen_used", _queen_power(move)


def _reading(game, reading: str):  # type: ignore[no-untyped-def]
    """``game`` with the other reading of the Jack's power, its other options the same."""
    options = dataclasses.replace(game.settings, jack=reading)
    return type(game)(**{f.name: getattr(options, f.name) for f in dataclasses.fields(options)})


def _as_played(state: ContestState, game: Contest) -> ContestState:
    """``state`` as ``game`` (same options but perhaps the Jack's reading) would hold it."""
    return state if state.options == game.settings else dataclasses.replace(state, options=game.settings)
