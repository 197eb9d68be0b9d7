"""Commitment: everything cardlab knows about the game, in one folder.

- ``moves.py``: the two decks, what each card does, a stack's value, the moves and their notation;
- ``state.py``: the state of a game and its battles;
- ``rules.py``: the game (``Commitment``): its rules, its text form, its table;
- ``scoring.py``: how a battle is judged (``judge``), the score and the rounds of the game;
- ``validation.py``: which states the rules allow (a state read or edited by hand);
- ``explain.py``: what a card is for where it lies, and what the player to move must do;
- ``strategy.py``: what computer players and hints know about it.

The rules page ``docs/rules/commitment.md`` maps each rule id to the sentence of the text it
implements.
"""

from .moves import *  # noqa: F403 - the game's public names
from .moves import __all__ as _moves
from .rules import *  # noqa: F403
from .rules import __all__ as _rules

__all__ = [*_moves, *_rules]
