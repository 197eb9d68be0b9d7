"""A learner's run of a lesson in a lesson room, kept as an append-only log of their actions.

A :class:`SeatRun` is a :class:`cardlab.lessons.LessonRun` whose every change (an answer, a
reveal, a step) is first written to the room's store as the next action of that learner's log
(:meth:`.store.Store.append_action`), then made. After a reload, a lost link or a restart the
run is rebuilt by replaying its log through the lesson's own judging, so the step, the open
question, every try and every feedback are back as they were. The log holds what the learner
did, never the lesson's answers.

An action is one small JSON object: ``{"do": "answer", "value": ...}``, ``{"do": "reveal"}``
or ``{"do": "goto", "step": N}``, with the time it was made (``"at"``, seconds since the
epoch), which the teacher's view uses to tell who has been on one question a long time.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from ..lessons import Feedback, Lesson, LessonRun
from ..lessons.answers import answer_text
from ..widgets.base import Refused
from .store import Store, StoreError

#: The longest action written to a log, in characters (an answer of 60 cards fits).
MAX_ACTION = 2000


class ActionError(StoreError):
    """A stored action of a learner's log that cannot be read or replayed."""


#: Asked before each action of a learner: None to go on, or the refusal's words.
Gate = Callable[["SeatRun", str, int | None], str | None]


class SeatRun(LessonRun):
    """One learner's run of ``lesson`` in room ``code``, seat ``seat``, kept in ``store``.

    ``gate(run, action, step)`` is asked before every action the learner makes (the room's
    pause and pace); a refusal raises :class:`RunRefused` and changes nothing. Use
    :meth:`replay` to rebuild it from the store."""

    def __init__(self, lesson: Lesson, store: Store, code: str, seat: int, *, learner: str, gate: Gate) -> None:
        super().__init__(lesson, learner=learner)
        self._store, self._code, self._seat, self._gate = store, code, seat, gate
        self._logged = 0
        self._quiet = False
        self._replaying = False
        #: When the learner last did something (seconds since the epoch; 0 before anything),
        #: and when this run was made here (the start of a wait before any action).
        self.last_action = 0.0
        self.joined = time.time()
        #: Each question's first counted answer, in one spelling: {(step, number): (answer, right)}.
        self.first_answers: dict[tuple[int, int], tuple[str, bool]] = {}

    @property
    def logged(self) -> int:
        """How many actions of the log this run has made."""
        return self._logged

    # -- the learner's actions: checked, written, then made ------------------------------------

    def answer(self, value: Any) -> Feedback:
        return self._act({"do": "answer", "value": _plain(value)}, lambda: self._answer(value))

    def reveal(self) -> Feedback:
        return self._act({"do": "reveal"}, lambda: LessonRun.reveal(self))

    def goto(self, index: int) -> bool:
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError("goto takes a whole number")
        if index == self.index:
            return False
        refusal = None if self._replaying else self._gate(self, "goto", index)
        if refusal is not None:
            raise RunRefused(refusal)
        if self._blocked(index):
            return False
        return self._act({"do": "goto", "step": index}, lambda: LessonRun.goto(self, index))

    def next(self) -> bool:
        """Go on a step; False (and no change) while a question, the pace or a pause holds it."""
        return self.why_not("goto", self.index + 1) is None and super().next()

    def back(self) -> bool:
        """Go back a step; False (and no change) at the start or while the lesson is paused."""
        return self.why_not("goto", self.index - 1) is None and super().back()

    def move_to(self, index: int) -> bool:
        """The teacher's step for this learner (bringing the class to a step): written as the
        learner's own would be, whatever the pace."""
        if index == self.index or self._blocked(index):
            return False
        return self._act({"do": "goto", "step": index}, lambda: LessonRun.goto(self, index), gated=False)

    def furthest(self, limit: int) -> int:
        """The furthest step up to ``limit`` this learner's answers let them reach."""
        step = self.index
        while step < limit and not self._blocked(step + 1):
            step += 1
        return step

    def blocked_at(self, index: int) -> bool:
        """Whether reaching step ``index`` waits: on an earlier question, or on the room's pace."""
        return self._blocked(index) or (
            not self._replaying and index > self.index and self._gate(self, "goto", index) is not None
        )

    def _blocked(self, index: int) -> bool:
        return LessonRun.blocked_at(self, index)

    def why_not(self, action: str, step: int | None = None) -> str | None:
        """The room's reason to refuse ``action`` now (None: it may be done)."""
        return self._gate(self, action, step)

    def _answer(self, value: Any) -> Feedback:
        question = self.question
        key = None if question is None else (self.index, self.step.questions.index(question))
        state = None if question is None else self.question_state(question)
        feedback = LessonRun.answer(self, value)
        if key is not None and feedback.counted and key not in self.first_answers and question is not None:
            self.first_answers[key] = (spread_text(self.game, question, state, value), feedback.correct)
        return feedback

    def _act(
        self, action: dict[str, Any], make: Callable[[], Any], *, gated: bool = True, at: float | None = None
    ) -> Any:
        """Make ``action`` (``make()``) if the room lets it, and write it as the log's next
        (``at``: when a stored action was made, for one replayed)."""
        if gated and not self._replaying:
            step = action.get("step")
            refusal = self._gate(self, str(action["do"]), step if isinstance(step, int) else None)
            if refusal is not None:
                raise RunRefused(refusal)
        at = time.time() if at is None else at
        self._quiet, replaying = True, self._replaying  # the pages hear of it once it is written
        self._replaying = self._replaying or not gated  # the teacher's step passes the pace
        try:
            result = make()
        finally:
            self._quiet, self._replaying = False, replaying
        if not self._replaying:
            text = json.dumps({**action, "at": round(at, 3)}, separators=(",", ":"))
            if len(text) > MAX_ACTION:
                self._rebuild()
                raise RunRefused("That answer is too long. Please give a shorter one.")
            try:
                self._store.append_action(self._code, self._seat, self._logged + 1, text)
            except StoreError:  # the same learner acted from another page, through another process
                self._rebuild()
                raise RunRefused("Your lesson moved on from another page. Look at it again, then answer.") from None
        self._logged += 1
        self.last_action = at
        self._changed()
        return result

    def _changed(self) -> None:
        if not self._quiet:
            super()._changed()

    # -- rebuilding from the store ------------------------------------------------------------

    def replay(self, actions: list[str]) -> None:
        """Make ``actions`` (the log's next ones, as stored) without writing them again."""
        self._replaying = True
        try:
            for text in actions:
                self._replay_one(text)
        finally:
            self._replaying = False

    def _replay_one(self, text: str) -> None:
        try:
            action = json.loads(text)
            kind = action["do"]
            at = float(action.get("at", 0.0))
        except (ValueError, TypeError, KeyError) as err:
            where = f"room {self._code}, seat {self._seat}: stored action {self._logged + 1}"
            raise ActionError(f"{where}: {err}") from None
        if kind == "answer" and self.question is not None:
            self._act(action, lambda: self._answer(action.get("value")), at=at)
        elif kind == "reveal" and self.question is not None:
            self._act(action, lambda: LessonRun.reveal(self), at=at)
        elif kind == "goto" and isinstance(action.get("step"), int) and not self._blocked(action["step"]):
            self._act(action, lambda: LessonRun.goto(self, action["step"]), at=at)
        else:  # an action that no longer applies (kept so the count of the log stays right)
            self._logged += 1
            self.last_action = max(self.last_action, at)

    def catch_up(self) -> bool:
        """Read and make the actions written since (by another process); whether there were any."""
        actions = self._store.actions(self._code, self._seat, start=self._logged)
        if actions:
            self.replay(actions)
        return bool(actions)

    def _rebuild(self) -> None:
        """Start again from the store's log: what this run holds was not written."""
        fresh = LessonRun(self.lesson, learner=self.learner)
        self.index, self.reached, self._records = fresh.index, fresh.reached, fresh._records
        self._logged, self.last_action, self.first_answers = 0, 0.0, {}
        self.catch_up()
        super()._changed()


class RunRefused(Refused):
    """An action the lesson room does not take now, said in the learner's words."""


def spread_text(game: Any, question: Any, state: Any, value: Any) -> str:
    """An answer as the class's spread shows it: a move in the game's words ("defend with the
    5♦"), points or cards in one spelling (:func:`cardlab.lessons.answers.answer_text`)."""
    if question.kind == "play":
        return game.move_words(state, game.move(value))
    return answer_text(game, question, value)


def _plain(value: Any) -> Any:
    """An answer as plain JSON data: text, a whole number, or a list of card codes."""
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [getattr(card, "code", card) for card in value]
    return str(value)
