"""Sessions: a game in progress with its history, kept as a tree of variations.

A :class:`Session` keeps every move played, as an analysis board does (PGN variations,
lichess). The moves played first form the **main line**. Stepping back and playing a
different move starts a **variation**: a line that shares the main line's moves up to that
point and then goes its own way. Nothing is thrown away: the learner can leave a variation
("back to the main line"), come back to it, or make it the main line (``promote``).

    session = cardlab.Session(game, seed=7)
    session.play("commission 5D"); session.play("commission 3S")
    session.goto(1)                  # back to the position after move 1
    session.play("commission 4H")    # a variation: move 2 differs from the main line
    session.states[2]                # still the main line's position after move 2
    session.state                    # the position on show: after the variation's move 2
    session.to_mainline()            # back to the main line, where the variation left it
    session.promote()                # (from a variation: make it the main line)

Names: the **position on show** (``state``, ``index``) lies on the **line on show**
(``line_states``, ``line_moves``), which is the main line or one of the ``variations``;
``states``, ``moves`` and ``events`` are always the main line, whatever is on show.

This package sits above the games (it reads saved games of any game, so it uses the
registry); ``cardlab.Session`` is the usual way to reach it. Its modules, one concern each:
``history`` the session and its changes, ``tree`` the tree of lines, ``observers`` who is
told of changes, ``seats`` the seats people hold, ``saved`` the saved games and ``files``
the atomic writes.
"""

from __future__ import annotations

from .history import EDITS_KEPT, Session
from .observers import ObserverError
from .saved import MAX_SAVED_CHARS, SESSION_VERSION
from .tree import Line

__all__ = ["Session", "Line", "ObserverError", "SESSION_VERSION", "MAX_SAVED_CHARS", "EDITS_KEPT"]
