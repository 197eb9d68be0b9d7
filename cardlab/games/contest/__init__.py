"""Contest: everything cardlab knows about the game, in one folder.

``rules.py`` holds the rules (state, moves, the ``Contest`` game); the rules page
``docs/rules/contest.md`` maps each rule id to the sentence of the text it implements.
"""

from .rules import *  # noqa: F403 - the game's public names
from .rules import __all__  # noqa: F401
