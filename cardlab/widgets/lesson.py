"""The Lesson widget: a lesson (see :mod:`cardlab.lessons`) played on the table, step by step.

    from cardlab.widgets import Lesson
    Lesson.bundled("commerce")                    # the names of the lessons that come with cardlab
    lesson = Lesson("card-commons-2-forced-defense", learner="Ada")   # a name, a path or the text
    lesson                                        # the table, the commentary, Back and Next
    lesson.save_progress("ada.csv")               # what Ada answered, for the teacher (or .json)

The widget shows the table as the lesson's viewer sees it (drawn by the table's own
renderers), the commentary of the step on show, the move that led to it with its narration,
and Back and Next. Each question is answered on the table: for "what should B play?" a click
on a card offers the moves that use it, legal or not (a wrong one is answered with the rule it
breaks), and the card-less moves are buttons (any move can also be written out); for "which
cards may B defend with?" the learner picks cards on the table and submits the set; for "what
does A score?" the learner types a number (the score breakdown is put away meanwhile, since it
holds the answer). :class:`cardlab.lessons.LessonRun` judges every answer; the learner may try
again or reveal the answer. Progress (steps reached; each question's tries, right, right on the
first try, revealed) is kept per lesson and downloads from the widget as JSON or CSV.

Everything the browser is sent comes from the viewer's view of the position and from texts
that :func:`cardlab.lessons.check` has checked name no card hidden from the viewer; feedback
writes a card the viewer has not seen as ``??``.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass, fields, replace
from functools import cached_property
from itertools import permutations
from pathlib import Path
from typing import Any

from .. import lessons
from ..cards import Card
from ..engine import Breakdown, Game, Move, Step, move_cards
from ..errors import NotationError
from ..session import Session
from . import picture, prose
from .base import MAX_NAME_CHARS, Refused, SessionWidget, required
from .viewmodel import JSON, Position, _variants, deck_order, move_json, narrate, pretty, seen_move_words

#: The most cards an answer to "which cards ...?" may hold.
MAX_ANSWER_CARDS = 60
#: What the score breakdown says while a question asks for a score.
SCORE_PUT_AWAY = "The score is put away while a question asks for it: it would give the answer."
NARRATION_PUT_AWAY = "What the move did comes back once the question is answered."


@dataclass
class LessonPosition(Position):
    """The position a lesson shows (held by a one-position session), scored or not: while a
    question asks for a score, no part of the table may show it (``breakdown`` is None)."""

    scored: bool = True

    @cached_property
    def breakdown(self) -> Breakdown | None:  # type: ignore[override]
        return Position.breakdown.func(self) if self.scored else None  # type: ignore[attr-defined]


#: The longest list of cards in a move whose every order is offered (4 cards: 24 orders).
MOST_ORDERED = 4


def answer_moves(game: Game, view: Any, mover: int) -> list[Move]:
    """The moves offered as answers to "what should <mover> play?", from the viewer's view:
    every legal move, every legal move with one of its cards replaced by another card the mover
    holds, and every other order of a move's list of cards (Contest's secret cards: an order
    that puts two of a suit side by side): how a wrong move is tried on the table, the lesson
    saying which rule it breaks. Sorted by their notation, so the list does not tell the legal
    ones apart, and a question about the order has wrong orders to give."""
    legal = game.legal_moves(view)
    own = sorted({c for z in game.zones(view) if z.owner == mover for c in z.cards if not c.is_hidden}, key=deck_order)
    found: dict[Move, None] = dict.fromkeys(legal)
    for move in legal:
        for variant in [v for card in own for v in _variants(move, card)] + _orders(move):
            named = move_cards(variant)
            if variant not in found and len(set(named)) == len(named) and _reads_back(game, variant):
                found[variant] = None
    return sorted(found, key=lambda m: _natural(str(m)))


def _orders(move: Move) -> list[Move]:
    """``move`` with a list of its cards (of at most :data:`MOST_ORDERED`) in every other order."""
    out = []
    for name in (f.name for f in fields(move)):  # type: ignore[arg-type]
        value = getattr(move, name)
        if isinstance(value, tuple) and 1 < len(value) <= MOST_ORDERED and all(isinstance(c, Card) for c in value):
            for order in permutations(value):
                if order != value:
                    try:
                        out.append(replace(move, **{name: order}))  # type: ignore[type-var]
                    except (TypeError, ValueError):  # a move class that refuses such a value
                        break
    return out


def _reads_back(game: Game, move: Move) -> bool:
    """Whether ``move``'s notation reads back as ``move`` (the browser sends the notation)."""
    try:
        return game.parse_move(str(move)) == move
    except (NotationError, ValueError):
        return False


def _natural(text: str) -> list[Any]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def _lesson_run(source: Any, learner: str) -> lessons.LessonRun:
    if not isinstance(learner, str):
        raise TypeError(f"learner is the learner's name, as text; got {learner!r}")
    learner = _learner_name(learner)
    if isinstance(source, lessons.LessonRun):
        if learner:
            source.learner = learner
        return source
    if not isinstance(source, (str, os.PathLike, lessons.Lesson)):
        raise TypeError(
            f"a Lesson shows a lesson file's path, its Markdown text, the name of a lesson that comes "
            f"with cardlab (Lesson.bundled() lists them), a cardlab.lessons.Lesson or a LessonRun; "
            f"got {type(source).__name__}"
        )
    return lessons.LessonRun(source, learner=learner)


def _line_session(lesson: lessons.Lesson) -> Session:
    """The lesson's moves as a session (its main line), at the start."""
    session = Session(lesson.game, lesson.start)
    for move in lesson.moves:
        session.play(move)
    session.goto(0)
    return session


def _learner_name(name: str) -> str:
    name = name.strip()
    if len(name) > MAX_NAME_CHARS or not name.isprintable():
        raise Refused(f"A name is printable text of at most {MAX_NAME_CHARS} characters.")
    return name


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class Lesson(SessionWidget):
    """A lesson played in a widget (see the module's docstring and docs/lessons.md).

    ``source``: a lesson file's path, its Markdown text, the name of a lesson that comes with
    cardlab (:meth:`bundled` lists them), a :class:`cardlab.lessons.Lesson` or a
    :class:`cardlab.lessons.LessonRun` (the widget then shows that run and follows it).
    ``learner``: the learner's name, written in the exported progress (the widget asks for it
    too). ``four_colour`` and ``size`` ("normal" or "large", for a projector) are as on every
    widget. A lesson that the rules contradict raises :class:`cardlab.lessons.LessonError`
    listing every problem.

    The same steps work from Python: :meth:`next`, :meth:`back`, :meth:`answer`,
    :meth:`reveal`; :meth:`progress`, :meth:`progress_json`, :meth:`progress_csv` and
    :meth:`save_progress` give the progress. ``session`` is the lesson's moves as a
    :class:`cardlab.Session` (to open in a :class:`Table` and explore).
    """

    component = "lesson"
    actions = frozenset({"answer", "reveal", "next", "back", "learner"})

    def __init__(self, source: Any, *, learner: str = "", four_colour: bool = False, size: str = "normal") -> None:
        self._run = _lesson_run(source, learner)
        lesson = self._run.lesson
        super().__init__(_line_session(lesson), lesson.viewer, four_colour=four_colour, size=size)
        self._unobserve_run = self._run.observe(self._run_changed)

    # -- what it shows ---------------------------------------------------------------------------

    @staticmethod
    def bundled(game: str | None = None) -> list[str]:
        """The names of the lessons that come with cardlab (of one ``game``, if named)."""
        return lessons.bundled_names(game)

    @property
    def lesson(self) -> lessons.Lesson:
        return self._run.lesson

    @property
    def run(self) -> lessons.LessonRun:
        """The learner going through the lesson: the step on show, the open question, the records."""
        return self._run

    @property
    def learner(self) -> str:
        return self._run.learner

    @learner.setter
    def learner(self, name: str) -> None:
        if not isinstance(name, str):
            raise TypeError(f"learner is the learner's name, as text; got {name!r}")
        self._run.learner = _learner_name(name)
        self._redraw_same_position()

    def position(self) -> LessonPosition:
        question = self._run.question
        return LessonPosition(
            Session(self._run.game, self._run.shown_state),
            self._viewer,
            self._names,
            scored=question is None or question.kind != "score",
        )

    def _parts(self, pos: LessonPosition) -> JSON:  # type: ignore[override]
        run = self._run
        viewer = (
            "Teacher's view: every card face up"
            if self._viewer is None
            else (f"{pos.name(self._viewer)}'s view: the cards {pos.name(self._viewer)} sees")
        )
        return {
            "layout": pos.layout(),
            "breakdown": pos.breakdown_json() if pos.scored else {"unavailable": SCORE_PUT_AWAY},
            "viewer_text": viewer,
            "can_act": False,
            "waiting": "",
            "step": run.index,
            "steps": len(run.lesson.steps) - 1,
            "lesson": self._lesson_json(pos),
        }

    def _lesson_json(self, pos: Position) -> JSON:
        run, lesson = self._run, self._run.lesson
        question = run.question
        last = len(lesson.steps) - 1
        progress = run.progress()
        mover = lesson.game.to_move(lesson.steps[run.index - 1].state) if run.index else None
        narration = narrate(run.step.events, self._viewer)
        return {
            "title": lesson.title,
            "name": lesson.name,
            "step": run.index,
            "steps": last,
            "move": None
            if run.index == 0
            else {"player": pos.name(mover) if mover is not None else "", "text": self._move_said()},
            # what the move did may state the open question's answer ("A can answer with 2♥ or K♠",
            # "A scores 6"): it is put away while a question is open, as the score is
            "narration": [] if question is not None else narration,
            "narration_waits": NARRATION_PUT_AWAY if question is not None and narration else "",
            "commentary": prose.blocks(run.commentary),
            "question": None if question is None else self._question_json(pos, question),
            "settled": [
                {"prompt": pretty(q.prompt), "kind": q.kind, "feedback": _feedback_json(f)} for q, f in run.settled
            ],
            "can_back": run.index > 0,
            "can_next": run.index < last and not run.blocked_at(run.index + 1),
            "waits": self._why_not_next(),
            "finished": run.finished,
            "learner": run.learner,
            "progress": {
                "questions": progress.question_count,
                "answered": progress.answered,
                "first_try": progress.first_try,
                "revealed": progress.revealed,
                "reached": progress.reached,
                "finished": progress.finished,
                "json": lessons.progress_json([progress]),
                "csv": lessons.progress_csv([progress]),
                "file": self._progress_file(),
            },
        }

    def _question_json(self, pos: Position, question: lessons.Question) -> JSON:
        run = self._run
        number = run.step.questions.index(question) + 1
        out: JSON = {
            "kind": question.kind,
            "prompt": pretty(question.prompt),
            "number": number,
            "count": len(run.step.questions),
            "verb": question.verb,
            "player": pos.name(question.player) if question.player is not None else "",
            "whatif": [f"{c.old} → {c.new}" for c in question.changes],
            "counted": question.counted,
            "feedback": _feedback_json(run.feedback),
            "moves": [],
        }
        if question.kind == "play":
            out["moves"] = [move_json(pos.game, m) for m in answer_moves(pos.game, pos.seen, question.player)]  # type: ignore[arg-type]
        return out

    def _why_not_next(self) -> str:
        run = self._run
        if run.index == len(run.lesson.steps) - 1:
            return (
                "This is the last step, and the lesson is done."
                if run.finished
                else "This is the last step: answer its question, or reveal the answer, to finish the lesson."
            )
        if run.blocked_at(run.index + 1):
            return "Answer the question first, or reveal its answer: the lesson goes on after it."
        return ""

    def _progress_file(self) -> str:
        learner = _slug(self._run.learner)
        return f"{learner}-{self._run.lesson.name}-progress" if learner else f"{self._run.lesson.name}-progress"

    # -- actions from the browser (each also a method, for Python) -------------------------------

    def _act_answer(self, content: dict[str, Any]) -> None:
        question = self._run.question
        if question is None:
            raise Refused("No question waits at this step: press Next to go on.")
        if question.kind == "play":
            value: Any = required(content, "move", str)
        elif question.kind == "score":
            value = required(content, "points", str)
        else:
            value = required(content, "cards", list)
            if len(value) > MAX_ANSWER_CARDS or not all(isinstance(c, str) for c in value):
                raise Refused(
                    f"refused: the 'answer' action needs 'cards' as a list of at most {MAX_ANSWER_CARDS} card codes"
                )
        self._run.answer(value)

    def _act_reveal(self, content: dict[str, Any]) -> None:
        if self._run.question is None:
            raise Refused("No question waits at this step: press Next to go on.")
        self._run.reveal()

    def _act_next(self, content: dict[str, Any]) -> None:
        if not self._run.next():
            raise Refused(self._why_not_next())

    def _act_back(self, content: dict[str, Any]) -> None:
        if not self._run.back():
            raise Refused("This is the first step of the lesson.")

    def _act_learner(self, content: dict[str, Any]) -> None:
        name = _learner_name(required(content, "name", str))
        if name != self._run.learner:
            self._run.learner = name
            self._redraw_same_position()

    def _redraw_same_position(self) -> None:
        """Redraw after a change that leaves the step and its question as they were (the
        learner's name): the revision stays, so a click made meanwhile on the same table (a
        name typed, then Next pressed at once) is still taken."""
        self._rev -= 1
        self._refresh()

    def next(self) -> bool:
        """Go to the next step (False, and no change, while a question waits or at the end)."""
        return self._run.next()

    def back(self) -> bool:
        """Go to the step before (False at the start)."""
        return self._run.back()

    def answer(self, value: Any) -> lessons.Feedback:
        """Answer the open question: a move, a number, or cards (a list or a text such as '4D QH')."""
        return self._run.answer(value)

    def reveal(self) -> lessons.Feedback:
        """Reveal the open question's answer (it counts as not answered)."""
        return self._run.reveal()

    # -- progress ----------------------------------------------------------------------------------

    def progress(self) -> lessons.Progress:
        return self._run.progress()

    def progress_json(self) -> str:
        """The progress as the small, versioned JSON a teacher collects (see cardlab.lessons.progress_json)."""
        return lessons.progress_json([self._run])

    def progress_csv(self) -> str:
        """The progress as CSV, one row per question (see cardlab.lessons.progress_csv)."""
        return lessons.progress_csv([self._run])

    def save_progress(self, path: str | os.PathLike[str]) -> Path:
        """Write the progress to ``path``: JSON for a name ending in .json, CSV for .csv."""
        target = Path(path)
        writers = {".json": self.progress_json, ".csv": self.progress_csv}
        if target.suffix.lower() not in writers:
            raise ValueError(f"save_progress writes a .json or a .csv file, not {target.name!r}")
        target.write_text(writers[target.suffix.lower()](), encoding="utf-8")
        return target

    # -- keeping up ----------------------------------------------------------------------------------

    def _run_changed(self, run: lessons.LessonRun) -> None:
        with self.hold_sync():
            self._refresh()
            self.message = {}

    def _session_changed(self, session: Session) -> None:
        """The lesson shows its own steps: playing on ``session`` (in a Table) changes nothing here."""

    def close(self) -> None:
        unobserve = self.__dict__.pop("_unobserve_run", None)
        if unobserve is not None:
            unobserve()
        super().close()

    # -- display -------------------------------------------------------------------------------------

    def _move_said(self) -> str:
        """The move that led to the step on show, in the game's words as the viewer may read it."""
        run = self._run
        before = run.lesson.steps[run.index - 1].state
        move = run.step.move
        assert move is not None  # (said only for a step after the first, which has its move)
        return seen_move_words(run.game, Step(move, before, run.step.state, run.step.events), self._viewer)

    def picture_html(self) -> str:
        """A static picture: the step's commentary, the open question and the table, as the viewer sees it."""
        run, pos = self._run, self.position()
        who = "teacher's view" if self._viewer is None else f"{pos.name(self._viewer)}'s view"
        caption = f"Lesson: {run.lesson.title} — {who}, step {run.index} of {len(run.lesson.steps) - 1}"
        parts = []
        if run.move_text is not None:
            parts.append(f"<p><b>{html.escape(pretty(run.move_text))}</b></p>")
        parts.append(prose.html_text(prose.blocks(run.commentary)))
        if run.question is not None:
            parts.append(f"<p><b>Question:</b> {html.escape(pretty(run.question.prompt))}</p>")
        parts.append(picture.state(pos) if pos.scored else picture.unscored_state(pos))
        if pos.breakdown is not None:
            parts.append(picture.breakdown(pos))
        return picture.frame("Lesson", caption, "".join(parts))

    def __repr__(self) -> str:
        run = self._run
        who = "teacher's view" if self._viewer is None else f"{run.game.player_names[self._viewer]}'s view"
        state = "finished" if run.finished else "a question waits" if run.question is not None else ""
        return (
            f"Lesson({run.lesson.name}, {who}, step {run.index} of {len(run.lesson.steps) - 1}"
            f"{', ' + state if state else ''})"
        )


def _feedback_json(feedback: lessons.Feedback | None) -> JSON | None:
    if feedback is None:
        return None
    return {
        "correct": feedback.correct,
        "text": pretty(feedback.text),
        "rule": feedback.rule,
        "counted": feedback.counted,
        "answer": pretty(feedback.answer) if feedback.answer else None,
        "explanation": prose.blocks(feedback.explanation),
    }


__all__ = ["Lesson", "LessonPosition", "answer_moves", "MAX_ANSWER_CARDS"]
