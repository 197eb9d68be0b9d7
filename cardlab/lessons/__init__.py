"""Lessons: walkthroughs and questions that teachers write, replayed and checked by the rules.

A lesson is a Markdown file (docs/lessons.md describes the format in full): a ``# title``,
commentary in plain Markdown, and fenced blocks that the rules engine reads::

    ```lesson                      the game, its options and whose view the lesson is shown in
    ```state / ```deal             the start position: the game's text form, or a stacked deck
    ```moves                       moves, one a line; the prose after the block comments on them
    ```question                    "what should B play?", "what does A score?", "which cards
                                   may B defend with?", each optionally after a what-if change

Reading a lesson replays it: every move must be legal, every expected answer must be what
the rules say, the position must be readable, and no commentary may name a card hidden from
the lesson's viewer. Errors name the file and the line::

    lesson = cardlab.lessons.load("my-lesson.md")      # LessonError listing every problem
    cardlab.lessons.check("my-lesson.md")              # the same problems as a list ([] if none)
    run = cardlab.lessons.LessonRun(lesson)             # step through it, answer, reveal, progress
    text = cardlab.lessons.from_session(session, title="My game")   # a played game, to annotate
    cardlab.lessons.bundled("commerce")                 # the lessons that come with cardlab
    table = cardlab.lessons.class_progress(["hand-in/"])   # a class's progress files in one table
    cardlab.lessons.class_html(table)                   # ... as a page (class_csv: as CSV)

On the command line: ``cardlab lesson check FILE...``, ``cardlab lesson progress FILE...`` and
``cardlab lesson list [GAME]``.

The parts, one concern each: :mod:`.markdown` (the Markdown reader), :mod:`.model` (what a
lesson is), :mod:`.mentions` (the cards a text names), :mod:`.build` and :mod:`.questions`
(building a lesson and checking it against the rules), :mod:`.uniqueness` (one right answer to
"what should X play?", weighed by the engine), :mod:`.leaks` (no answer stated before its
question), :mod:`.figures` (the figures feedback quotes), :mod:`.readings` (the readings of the
rules an answer depends on), :mod:`.checking` (``load`` and ``check``), :mod:`.answers` and
:mod:`.run` (a learner going through a lesson),
:mod:`.export` (progress and lessons written from a game), :mod:`.classbook` and
:mod:`.classbook_export` (a class's progress merged, and written as CSV and HTML),
:mod:`.shipped` (the bundled lessons). They use only the engine (``cardlab.cards``,
``cardlab.engine``, ``cardlab.games``) and the search player's sampling and playouts
(``cardlab.strategy``, ``cardlab.bots``).
"""

from __future__ import annotations

from .answers import Feedback
from .checking import MAX_LESSON_BYTES, check, load
from .classbook import ClassTable, ProgressFileError, class_progress
from .classbook_export import class_csv, class_html
from .export import PROGRESS_VERSION, from_session, progress_csv, progress_json
from .markdown import BLOCKS
from .mentions import card_mentions
from .model import TEACHER, Change, Lesson, LessonError, LessonStep, Problem, Question
from .questions import playable_cards
from .run import LessonRun, Progress, QuestionProgress
from .shipped import BUNDLED, bundled, bundled_names

#: :class:`LessonStep` by its short name, as ``cardlab.lessons.Step``.
Step = LessonStep

__all__ = [
    "Lesson",
    "LessonStep",
    "Step",
    "Question",
    "Change",
    "Problem",
    "LessonError",
    "load",
    "check",
    "LessonRun",
    "Feedback",
    "Progress",
    "QuestionProgress",
    "progress_json",
    "progress_csv",
    "from_session",
    "class_progress",
    "class_csv",
    "class_html",
    "ClassTable",
    "ProgressFileError",
    "bundled",
    "bundled_names",
    "card_mentions",
    "playable_cards",
    "BLOCKS",
    "BUNDLED",
    "PROGRESS_VERSION",
    "MAX_LESSON_BYTES",
    "TEACHER",
]
