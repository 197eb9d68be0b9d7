"""What leaves a lesson: learners' progress as JSON or CSV for a teacher to collect, and a
lesson file written from a played game for a teacher to annotate."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from ..engine import Game
from ..errors import quoted
from .model import TEACHER
from .run import LessonRun, Progress

#: The version of the JSON that :func:`progress_json` writes (2: each question's wrong answers
#: tried, as ``"wrong"``; :mod:`cardlab.lessons.classbook` reads version 1 too).
PROGRESS_VERSION = 2
#: How the wrong answers of a question are joined in one CSV cell.
WRONG_SEPARATOR = "; "

_CSV_COLUMNS = (
    "learner",
    "lesson",
    "title",
    "game",
    "steps",
    "reached",
    "finished",
    "step",
    "question",
    "kind",
    "prompt",
    "tries",
    "right",
    "first_try",
    "revealed",
    "wrong",
    "lesson_questions",
)
#: The first characters that make a spreadsheet read a cell as a formula (OWASP's list).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _progress_of(item: LessonRun | Progress) -> Progress:
    return item.progress() if isinstance(item, LessonRun) else item


def progress_json(items: Iterable[LessonRun | Progress]) -> str:
    """The progress of some lessons (runs or :class:`Progress`) as a small, versioned JSON text."""
    return json.dumps(
        {
            "cardlab": "lesson-progress",
            "version": PROGRESS_VERSION,
            "lessons": [_progress_of(i).to_dict() for i in items],
        },
        ensure_ascii=False,
        indent=1,
    )


def progress_csv(items: Iterable[LessonRun | Progress]) -> str:
    """The progress of some lessons as CSV: one row per question of the steps reached (one row
    for a lesson without); ``wrong`` holds the wrong answers tried, joined by ``"; "``, and
    ``lesson_questions`` how many questions the whole lesson asks. A text cell that a
    spreadsheet would read as a formula (see :func:`spreadsheet_safe`) starts with ``'``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)
    for item in items:
        p = _progress_of(item)
        head = [p.learner, p.lesson, p.title, p.game, p.steps, p.reached, p.finished]
        if not p.questions:
            writer.writerow(_cells(head + [""] * 9 + [p.question_count]))
        for q in p.questions:
            wrong = WRONG_SEPARATOR.join(q.wrong)
            row = [q.step, q.number, q.kind, q.prompt, q.tries, q.right, q.first_try, q.revealed, wrong]
            writer.writerow(_cells(head + row + [p.question_count]))
    return out.getvalue()


def spreadsheet_safe(cell: Any) -> Any:
    """``cell`` as a spreadsheet reads it as text: a text that a spreadsheet would read as a
    formula (one that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets a
    ``'`` in front; other cells stay as they are."""
    return f"'{cell}" if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) else cell


def _cells(row: list[Any]) -> list[Any]:
    return [spreadsheet_safe(cell) for cell in row]


def from_session(session: Any, *, title: str = "A game to study", viewer: int | str | None = None) -> str:
    """A lesson file (Markdown text) from a played session: its game and start position, and
    every move of the line on show (the main line, or the variation the table is exploring), each
    with a place (an HTML comment) for the teacher's commentary, and an example question to copy.
    The text passes :func:`cardlab.lessons.check` as it is.

    ``viewer`` is a player (0, 1, … or "A", "B", …) or None for the teacher's view.
    """
    game: Game = session.game
    if isinstance(viewer, str):
        names = [n.upper() for n in game.player_names]
        if viewer.upper() not in names and viewer.lower() != TEACHER:
            raise ValueError(f"the viewer is a player ({', '.join(game.player_names)}) or None, not {quoted(viewer)}")
        viewer = names.index(viewer.upper()) if viewer.upper() in names else None
    if viewer is not None and not 0 <= viewer < game.players:
        raise ValueError(f"the viewer is a player from 0 to {game.players - 1}, or None, not {viewer!r}")
    if "\n" in title or not title.strip():
        raise ValueError("the title is one line of text")
    start = session.start
    options = "".join(f"{key}: {value}\n" for key, value in game.options.items())
    who = TEACHER if viewer is None else game.player_names[viewer]
    parts = [
        f"# {title.strip()}\n",
        "<!-- An introduction: what this lesson shows, and what to look for. -->\n",
        f"```lesson\ngame: {game.name}\n{options}viewer: {who}\n```\n",
        f"```state\n{start.to_text()}\n```\n",
    ]
    for number, move in enumerate(session.line_moves, start=1):
        parts.append(f"```moves\n{move}\n```\n")
        parts.append(f"<!-- Commentary on move {number}, {move}: what it does, and why. -->\n")
    parts.append(
        "<!-- A question is a block like this one, after the move it is asked at:\n"
        "```question\nask: What should B play?\nplay: <the move, or several separated by commas>\n"
        "feedback <a wrong move>: <what to tell the learner who plays it>\n```\n"
        "Other questions: 'score: 6' with 'player: A'; 'cards: 4D QH' with 'verb: defend'.\n"
        "A what-if: 'change: 4H -> 3D' before the answer line. -->\n"
    )
    return "\n".join(parts)
