"""Contest: everything cardlab knows about the game, in one folder.

- ``moves.py``: the deck, the moves and their notation, and the rules that are pure functions of
  cards (values, secret rows, the secret cards' score);
- ``state.py``: the state and the options of a game, and the shape of the contest row;
- ``rules.py``: the game (``Contest``): its rules, its score, its text form, its table;
- ``claims.py``: a claim checked rule by rule, what it does and how it is told; placing a card;
- ``movegen.py``: the fast form of the rules of a turn: its legal moves and a claim's check;
- ``validation.py``: which states the rules allow (a state read or edited by hand);
- ``explain.py``: what a card is for where it lies, and what the player to move must do;
- ``strategy.py``: what computer players and hints know about it.

The rules page ``docs/rules/contest.md`` maps each rule id to the sentence of the text it
implements.
"""

from .moves import *  # noqa: F403 - the game's public names
from .moves import __all__ as _moves
from .rules import *  # noqa: F403
from .rules import __all__ as _rules

__all__ = [*_moves, *_rules]
