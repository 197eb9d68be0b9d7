"""cardlab's Jupyter widgets (anywidget): tables to play, step through and edit games.

    import cardlab
    from cardlab.widgets import Table
    session = cardlab.Session(cardlab.game("card-commons"), seed=7)
    Table(session)               # the teacher's table: every card, the editor
    Table(session, viewer=1)     # B's table: B's view only
    Table(session, viewer=0, names=("Ada", "cardlab"), opponent="search", hint=True)

Components, each usable on its own and bound to a Session: :class:`Hand`, :class:`Tableau`,
:class:`ScoreBreakdown`, :class:`Stepper`, :class:`StateEditor`. All widgets showing one
session stay in step with it, whoever changes it; only a player's table that steps back
looks at the past on its own. A move played from the past on the teacher's table starts a
variation: the moves played stay. See docs/widgets.md.

:class:`Lesson` plays a lesson (:mod:`cardlab.lessons`) on the table: ``Lesson("commerce-2-rankings")``,
``Lesson("my-lesson.md")``; ``Lesson.bundled()`` lists the lessons that come with cardlab.
:class:`ClassProgress` shows a class's progress files in one table: ``ClassProgress("hand-in/")``.
"""

from __future__ import annotations

from .base import SessionWidget
from .class_progress import ClassProgress
from .components import (
    Chooser,
    GuessableDealWarning,
    Hand,
    HintProvider,
    ScoreBreakdown,
    StateEditor,
    Stepper,
    Table,
    Tableau,
)
from .containers import Column, Row
from .lesson import Lesson

__all__ = [
    "Table",
    "Hand",
    "Tableau",
    "ScoreBreakdown",
    "Stepper",
    "StateEditor",
    "Lesson",
    "ClassProgress",
    "SessionWidget",
    "Chooser",
    "HintProvider",
    "GuessableDealWarning",
    "Row",
    "Column",
]
