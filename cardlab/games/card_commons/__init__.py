"""Card Commons, with its Peek variant: everything cardlab knows about the game, in one folder.

- ``moves.py``: the deck, the moves and their notation, and what answers a Claim;
- ``rules.py``: the game (``CardCommons``): its state, its rules, its text form, its table;
- ``strategy.py``: what computer players and hints know about it.

The rules page ``docs/rules/card-commons.md`` maps each rule id to the sentence of the text it
implements.
"""

from .moves import *  # noqa: F403 - the game's public names
from .moves import __all__ as _moves
from .rules import *  # noqa: F403
from .rules import __all__ as _rules

__all__ = [*_moves, *_rules]
