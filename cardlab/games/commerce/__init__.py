"""Commerce, for 3 to 12 players: everything cardlab knows about the game, in one folder.

- ``moves.py``: the 52-card deck, the moves and their notation;
- ``ranking.py``: the hand ranking (pure functions of cards, also a teaching helper);
- ``state.py``: the state and the options of a game, its settled deals, and whose turn it is;
- ``rules.py``: the game (``Commerce``): its rules, the ledger, its text form, its table;
- ``validation.py``: which states the rules allow (a state read or edited by hand);
- ``explain.py``: what a card is for where it lies, and what the player to move must do;
- ``strategy.py``: what computer players and hints know about it.

The rules page ``docs/rules/commerce.md`` maps each rule id to the sentence of the text it
implements.
"""

from .moves import *  # noqa: F403 - the game's public names
from .moves import __all__ as _moves
from .ranking import *  # noqa: F403
from .ranking import __all__ as _ranking
from .rules import *  # noqa: F403
from .rules import __all__ as _rules

__all__ = [*_moves, *_ranking, *_rules]
