"""cardlab: card games to teach with, in Jupyter.

The engine (``cardlab.cards``, ``cardlab.engine``, ``cardlab.games``) needs nothing but
Python; the widgets (``cardlab.widgets``) need anywidget and run in JupyterLab.
``cardlab.study`` (``cardlab.studies``) plays many seeded games and adds them up.
"""

from __future__ import annotations

from .bots import hint
from .cards import HIDDEN, JOKER, Card, Cards, cards, parse_card, shuffled, standard_deck
from .engine import Breakdown, Event, Game, Move, ScoreItem, Step, Zone
from .errors import CardError, IllegalMove, NotationError, StateError
from .games import game
from .games import names as game_names
from .session import Session

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Cards",
    "cards",
    "parse_card",
    "shuffled",
    "standard_deck",
    "JOKER",
    "HIDDEN",
    "Game",
    "Move",
    "Event",
    "ScoreItem",
    "Breakdown",
    "Zone",
    "Step",
    "Session",
    "CardError",
    "IllegalMove",
    "NotationError",
    "StateError",
    "game",
    "game_names",
    "hint",
    "study",
]


def __getattr__(name: str) -> object:
    if name == "study":  # imported when first used: a study's module is not needed to play
        from .studies import study

        return study
    raise AttributeError(f"module 'cardlab' has no attribute {name!r}")
