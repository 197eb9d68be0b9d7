"""A learner going through a lesson (:class:`LessonRun`), and the record of how it went."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import Card
from ..engine import Game, Step, all_cards, move_text
from .answers import Feedback, answer_text, judge, settle
from .checking import load
from .mentions import mask
from .model import Lesson, LessonStep, Question
from .readers import breakdown

#: The most wrong answers kept per question (the first ones tried, each once).
MAX_WRONG_KEPT = 10


@dataclass(slots=True)
class _Record:
    tries: int = 0
    right: bool = False
    first_try: bool = False
    revealed: bool = False
    last: Feedback | None = None
    wrong: list[str] = field(default_factory=list)

    @property
    def settled(self) -> bool:
        return self.right or self.revealed


@dataclass(frozen=True, slots=True)
class QuestionProgress:
    """How one question went: tries counted, right (and right on the first try), revealed, and
    the wrong answers tried (``wrong``: the learner's own answers, as the lesson read them, each
    once, the first :data:`MAX_WRONG_KEPT`)."""

    step: int
    number: int
    kind: str
    prompt: str
    tries: int
    right: bool
    first_try: bool
    revealed: bool
    wrong: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Progress:
    """A learner's progress in one lesson: the steps reached and the record of each question
    at those steps (``questions``); ``question_count`` is how many the whole lesson asks."""

    lesson: str
    title: str
    game: str
    learner: str
    steps: int
    reached: int
    finished: bool
    questions: tuple[QuestionProgress, ...]
    question_count: int

    @property
    def answered(self) -> int:
        """Questions answered right (first try or later), not counting revealed ones."""
        return sum(q.right for q in self.questions)

    @property
    def first_try(self) -> int:
        return sum(q.first_try for q in self.questions)

    @property
    def revealed(self) -> int:
        return sum(q.revealed for q in self.questions)

    def to_dict(self) -> dict[str, Any]:
        return {
            "lesson": self.lesson,
            "title": self.title,
            "game": self.game,
            "learner": self.learner,
            "steps": self.steps,
            "reached": self.reached,
            "finished": self.finished,
            "questions": self.question_count,
            "answered": self.answered,
            "first_try": self.first_try,
            "revealed": self.revealed,
            "items": [
                {
                    "step": q.step,
                    "question": q.number,
                    "kind": q.kind,
                    "prompt": q.prompt,
                    "tries": q.tries,
                    "right": q.right,
                    "first_try": q.first_try,
                    "revealed": q.revealed,
                    "wrong": list(q.wrong),
                }
                for q in self.questions
            ],
        }


class LessonRun:
    """A learner going through a lesson: the step on show, its questions, the progress.

    Everything a lesson widget needs, without Jupyter::

        run = LessonRun(cardlab.lessons.load(path), learner="Ada")
        run.table              # the position as the lesson's viewer sees it (a what-if's while asked)
        run.commentary         # the step's commentary; run.move_text: the move that led here
        run.question           # the question waiting for an answer, or None
        run.answer("defend 4D")    # Feedback: right or wrong, why, with the rule id
        run.reveal()           # give up on the question: the answer and its explanation
        run.next(); run.back() # False when not possible (a question waits; the first/last step)
        run.progress()         # Progress; progress_json([...]) / progress_csv([...]) export it

    ``observe(callback)`` calls ``callback(run)`` after every change.
    """

    def __init__(self, lesson: Lesson | str | os.PathLike, *, learner: str = "") -> None:
        self.lesson = lesson if isinstance(lesson, Lesson) else load(lesson)
        self.learner = learner
        self.index = 0
        self.reached = 0
        self._records: dict[tuple[int, int], _Record] = {}
        self._observers: list[Callable[[LessonRun], None]] = []

    # -- what is on show ----------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.lesson.game

    @property
    def viewer(self) -> int | None:
        return self.lesson.viewer

    @property
    def step(self) -> LessonStep:
        return self.lesson.steps[self.index]

    @property
    def state(self) -> Any:
        """The full position of the step (the teacher's: show learners :attr:`table`)."""
        return self.step.state

    @property
    def shown_state(self) -> Any:
        """The full position on show: the step's, or the open what-if question's (the
        teacher's: show learners :attr:`table`)."""
        question = self.question
        return self.step.state if question is None else self.question_state(question)

    @property
    def table(self) -> Any:
        """The position to show: the step's, or the open what-if question's, in the viewer's view."""
        return self.game.view(self.shown_state, self.viewer)

    @property
    def commentary(self) -> str:
        return self.step.commentary

    @property
    def move_text(self) -> str | None:
        """The move that led to this step, as the viewer may read it (hidden cards as ``??``)."""
        if self.step.move is None:
            return None
        before = self.lesson.steps[self.index - 1].state
        return move_text(self.game, Step(self.step.move, before, self.step.state, self.step.events), self.viewer)

    @property
    def narration(self) -> tuple[str, ...]:
        """What the move did, narrated with rule ids, as the viewer may read it."""
        return tuple(str(e) for e in self.step.events if e.visible_to(self.viewer))

    @property
    def question(self) -> Question | None:
        """The step's first question not yet answered right or revealed."""
        for number, question in enumerate(self.step.questions):
            if not self._record(self.index, number).settled:
                return question
        return None

    @property
    def settled(self) -> tuple[tuple[Question, Feedback], ...]:
        """The step's questions already settled, with their last feedback (for showing them again)."""
        out = []
        for number, question in enumerate(self.step.questions):
            record = self._record(self.index, number)
            if record.settled and record.last is not None:
                out.append((question, record.last))
        return tuple(out)

    @property
    def feedback(self) -> Feedback | None:
        """The last feedback given to the open question (None before any answer to it)."""
        question = self.question
        return None if question is None else self._record(self.index, self.step.questions.index(question)).last

    def _record(self, step: int, number: int) -> _Record:
        return self._records.setdefault((step, number), _Record())

    @property
    def finished(self) -> bool:
        """At the last step with every question settled."""
        return self.index == len(self.lesson.steps) - 1 and self.question is None

    # -- answering ------------------------------------------------------------------------------------

    def answer(self, value: Any) -> Feedback:
        """Answer the open question: a move (or its text), a number, or cards (a list or a text)."""
        question = self.question
        if question is None:
            raise ValueError("no question is waiting for an answer at this step")
        record = self._record(self.index, self.step.questions.index(question))
        feedback = judge(self, question, self.question_state(question), value)
        if feedback.counted:
            record.tries += 1
        if feedback.correct:
            record.right, record.first_try = True, record.tries == 1
            feedback = settle(self._goes_on(feedback, question, value), question)
        elif feedback.counted:
            given = answer_text(self.game, question, value)
            if given not in record.wrong and len(record.wrong) < MAX_WRONG_KEPT:
                record.wrong.append(given)
        record.last = feedback
        self._changed()
        return feedback

    def _goes_on(self, feedback: Feedback, question: Question, value: Any) -> Feedback:
        """A right move other than the one the lesson plays next: the feedback says so, and why."""
        if question.kind != "play" or question.changes or self.index + 1 >= len(self.lesson.steps):
            return feedback
        shown = self.lesson.steps[self.index + 1].move
        if shown is None or self.game.move(value) == shown:
            return feedback
        said = self.game.move_words(self.step.state, shown)
        why = question.instead.strip()
        text = f"{feedback.text} The lesson goes on with another move: {said}." + (f" {why}" if why else "")
        return replace(feedback, text=mask(text, self.seen(question)))

    def reveal(self) -> Feedback:
        """Give the open question's answer, with its explanation; it counts as not answered."""
        question = self.question
        if question is None:
            raise ValueError("no question is waiting for an answer at this step")
        record = self._record(self.index, self.step.questions.index(question))
        record.revealed = True
        text = f"The answer: {question.answer}."
        if question.kind == "score":
            text += " " + self._score_lines(question)
        feedback = settle(Feedback(False, text), question)
        record.last = feedback
        self._changed()
        return feedback

    def question_state(self, question: Question) -> Any:
        """The full position ``question`` (of the step on show) is asked in: the step's, after
        its what-if changes."""
        state = self.step.state
        for change in question.changes:
            state = change.apply(state)
        return state

    def seen(self, question: Question | None = None) -> frozenset[Card] | None:
        """The cards the viewer has seen at the step on show (None: the teacher, who sees all),
        with those of ``question``'s what-if position."""
        if self.viewer is None:
            return None
        seen = self.step.seen
        if question is not None and question.changes:
            state = self.question_state(question)
            seen = seen | frozenset(all_cards(z for z in self.game.zones(state) if z.visible_to(self.viewer)))
        return seen

    def _score_lines(self, question: Question) -> str:
        score = breakdown(self.game, self.game.view(self.question_state(question), self.viewer), question.deal)
        items = [
            f"{item.points:+d}: {item.reason} [{item.rule}]"
            for item in score.for_player(question.player)
            if item.points
        ]
        return mask(" ".join(f"{line}." for line in items), self.seen(question))

    # -- moving through the lesson ----------------------------------------------------------------------

    def next(self) -> bool:
        """Go to the next step; False (and no change) while a question waits, or at the end."""
        return self.goto(self.index + 1) if self.index + 1 < len(self.lesson.steps) else False

    def back(self) -> bool:
        """Go to the step before; False at the start."""
        return self.goto(self.index - 1) if self.index > 0 else False

    def goto(self, index: int) -> bool:
        """Show step ``index``; False when a question before it still waits for an answer."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError("goto takes a whole number")
        if not 0 <= index < len(self.lesson.steps):
            raise IndexError(f"step {index} does not exist: this lesson has steps 0 to {len(self.lesson.steps) - 1}")
        if index == self.index or self.blocked_at(index):
            return False
        self.index = index
        self.reached = max(self.reached, index)
        self._changed()
        return True

    def blocked_at(self, index: int) -> bool:
        """Whether reaching step ``index`` waits on a question of an earlier step."""
        return any(
            not self._record(s, n).settled for s in range(index) for n in range(len(self.lesson.steps[s].questions))
        )

    # -- progress -------------------------------------------------------------------------------------

    def progress(self) -> Progress:
        """The learner's record so far: the questions asked so far only, those of the steps
        reached up to the first one not yet settled (the record is shown and exported while the
        lesson goes on, and must not tell what comes)."""
        steps = self.lesson.steps
        items = tuple(
            QuestionProgress(
                s, n + 1, question.kind, question.prompt, r.tries, r.right, r.first_try, r.revealed, tuple(r.wrong)
            )
            for s, step in enumerate(steps[: self.reached + 1])
            for n, question in enumerate(step.questions[: self._asked(s)])
            if question.counted
            for r in (self._record(s, n),)
        )
        finished = self.reached == len(steps) - 1 and all(
            self._record(s, n).settled for s, step in enumerate(steps) for n in range(len(step.questions))
        )
        return Progress(
            self.lesson.name,
            self.lesson.title,
            self.game.name,
            self.learner,
            len(steps),
            self.reached,
            finished,
            items,
            sum(q.counted for q in self.lesson.questions),
        )

    def _asked(self, step: int) -> int:
        """How many questions of step ``step`` were asked: those settled, and the first one not."""
        questions = self.lesson.steps[step].questions
        settled = 0
        while settled < len(questions) and self._record(step, settled).settled:
            settled += 1
        return min(settled + 1, len(questions))

    def observe(self, callback: Callable[[LessonRun], None]) -> Callable[[], None]:
        """Call ``callback(run)`` after every change; returns a function that stops it."""
        self._observers.append(callback)

        def unobserve() -> None:
            if callback in self._observers:
                self._observers.remove(callback)

        return unobserve

    def _changed(self) -> None:
        for callback in list(self._observers):
            callback(self)

    def __repr__(self) -> str:
        return f"<LessonRun {self.lesson.title!r}: step {self.index} of {len(self.lesson.steps) - 1}>"
