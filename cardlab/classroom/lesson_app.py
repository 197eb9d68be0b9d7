"""The Solara pages of a lesson room: the learner's lesson, and the teacher's line and live view.

- ``/play`` for a seat of a lesson room: :class:`LessonSeatWidget`, the Lesson widget on the
  learner's own run (:class:`~.lesson_runs.SeatRun`), which the room keeps in its store. It
  shows the same table, steps and questions as the Lesson widget, by the same rules (the
  lesson's own rendering and judging: no later prompt, no answer before it is answered). The
  seat is checked, under the room's lock, before every action and every redraw; a seat the
  teacher freed closes the lesson.
- The dashboard's line of a lesson room (:func:`LessonRow`), with the way to the live view.
- ``/lesson?room=CODE`` (the teacher's key cookie): the live view (:mod:`.lesson_view`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import solara

from ..widgets import Lesson
from ..widgets.base import Refused, SessionWidget
from . import words
from .lesson_rooms import TEACHER, LessonRoom
from .lesson_runs import SeatRun
from .page_hooks import use_changes
from .records import ENDED, OPEN, PAUSED


class LessonSeatWidget(Lesson):
    """The Lesson widget on a learner's :class:`SeatRun`, shown and answered only while
    ``holds()`` says the page still holds the seat; the room's pace and pause say when the
    learner may go on (a step held shows why Next waits)."""

    actions = Lesson.actions - {"learner"}  # the seat's name is the learner's

    def __init__(self, room: LessonRoom, run: SeatRun, *, holds: Callable[[], bool]) -> None:
        self._room, self._holds, self._lost = room, holds, False
        super().__init__(run)
        self._pace = room.pace_key()
        self._unwatch_room = room.watch(self._room_changed)

    def _room_changed(self, room: LessonRoom) -> None:
        """Draw again when the pace or the pause changed (not when another learner joins)."""
        pace = room.pace_key()
        if pace != self._pace:
            self._pace = pace
            self._refresh()

    @property
    def lost(self) -> bool:
        """Whether the page no longer holds the seat (once lost, never held again)."""
        if not self._lost and not self._holds():
            self._lost = True
        return self._lost

    def _refresh(self) -> None:
        with self._room.lock:
            if not self.lost:
                super()._refresh()

    def _receive(self, widget: Any, content: Any, buffers: Any) -> None:
        with self._room.lock:
            if not self.lost:
                super()._receive(widget, content, buffers)

    def _why_not_next(self) -> str:
        run: SeatRun = self._run  # type: ignore[assignment]
        if run.index < len(run.lesson.steps) - 1 and not run._blocked(run.index + 1):
            held = run.why_not("goto", run.index + 1)
            if held:
                return held
        return super()._why_not_next()

    def _act_back(self, content: dict[str, Any]) -> None:
        run: SeatRun = self._run  # type: ignore[assignment]
        refusal = run.why_not("goto", run.index - 1) if run.index > 0 else None
        if refusal:
            raise Refused(refusal)
        super()._act_back(content)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget alone, without the Lesson's static picture (``text/html``): the page
        draws the widget, and the picture shows the whole table, a ledger's totals too, even
        while a question asks for a score."""
        return super(SessionWidget, self)._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        unwatch = self.__dict__.pop("_unwatch_room", None)
        if unwatch is not None:
            unwatch()
        super().close()

    def __repr__(self) -> str:
        return f"LessonSeatWidget(room {self._room.code}, {self._run.learner})"


@solara.component
def LessonSeat(room: LessonRoom, seat: int, token: str) -> None:
    """A learner's page in a lesson room, held with the token digest ``token``: their name,
    what the teacher's pace or pause says to them, and their lesson."""
    use_changes(_changes_for(room, seat), (room.code, seat))
    record = room.record
    if record.seats[seat].token != token:
        with solara.Column(classes=["cardlab-seat-freed"], style={"padding": "8px"}):
            solara.Warning(words.SEAT_FREED)
            solara.Text(words.JOIN_AGAIN)
            solara.HTML(tag="a", unsafe_innerHTML=words.JOIN_LINK, attributes={"href": "./"})
        return
    run = room.run(seat)
    with solara.Column(classes=["cardlab-seat", "cardlab-lesson-room"], style={"padding": "8px"}):
        solara.Text(
            words.LESSON_SEAT.format(code=room.code, name=record.seats[seat].name), classes=["cardlab-seat-title"]
        )
        if not record.seats[seat].approved:
            solara.Info(words.WAITING, classes=["cardlab-waiting"])
            return
        PaceBanner(room, run, record.state, room.pace, room.hold)
        if record.state != ENDED:
            LessonOf(room, run, token)


def _changes_for(room: LessonRoom, seat: int) -> Callable[[Callable[..., None]], Callable[[], None]]:
    """Subscribe to the changes of ``room`` that concern the learner at ``seat``: their seat,
    the pace and the pause (another learner joining draws no page again)."""

    def key() -> Any:
        seats = room.record.seats
        return (seats[seat] if seat < len(seats) else None, room.pace_key())

    def subscribe(callback: Callable[..., None]) -> Callable[[], None]:
        last = [key()]

        def heard(_room: LessonRoom) -> None:
            now = key()
            if now != last[0]:
                last[0] = now
                callback()

        return room.watch(heard)

    return subscribe


@solara.component
def PaceBanner(room: LessonRoom, run: SeatRun, state: str, pace: str, hold: int) -> None:
    """What the teacher's pace (``pace``, the step held ``hold``) or pause (``state``) means for
    this learner now; drawn again as they answer."""
    use_changes(run.observe, id(run))
    if state == PAUSED:
        solara.Warning(words.LESSON_PAUSED, classes=["cardlab-lesson-paused"])
    elif state == ENDED:
        solara.Warning(words.LESSON_ENDED, classes=["cardlab-room-ended"])
    elif pace == TEACHER:
        if run.index < hold:
            solara.Info(words.LESSON_CATCH_UP.format(step=hold), classes=["cardlab-lesson-catch-up"])
        elif run.question is None and run.index < room.last_step:
            solara.Info(words.LESSON_WAITING.format(step=hold), classes=["cardlab-lesson-waiting"])
        else:
            solara.Info(words.LESSON_TOGETHER, classes=["cardlab-lesson-together"])


@solara.component
def LessonOf(room: LessonRoom, run: SeatRun, token: str) -> None:
    """The learner's lesson widget, for as long as the page holds the seat."""

    def make() -> LessonSeatWidget:
        seat = next(n for n, r in room.runs.items() if r is run)
        return LessonSeatWidget(room, run, holds=lambda: room.seats[seat].token == token)

    widget = solara.use_memo(make, dependencies=[room.code, id(run), token])
    solara.use_effect(lambda: widget.close, [widget])
    solara.display(widget)


@solara.component
def LessonRow(room: LessonRoom, summary: dict[str, Any]) -> None:
    """A lesson room's line on the dashboard: the lesson, its learners and pace, and the way
    to the live view."""
    state = {OPEN: "open", PAUSED: "paused", ENDED: "ended"}[summary["state"]]
    pace = "self-paced" if summary["pace"] != TEACHER else f"held at step {summary['hold']}"
    with solara.Card(classes=["cardlab-room", "cardlab-lesson-row"], style={"margin": "4px 0"}):
        solara.HTML(
            tag="div",
            unsafe_innerHTML="",
            attributes={"data-room": room.code, "data-learners": str(summary["learners"]), "data-state": state},
            classes=["cardlab-room-data"],
        )
        title = f"Room {room.code} · lesson: {summary['title']} ({summary['lesson']}) · {state} · {pace}"
        solara.Text(title, classes=["cardlab-room-title"])
        solara.Text(
            f"{summary['learners']} learners, {summary['finished']} finished · {summary['steps']} steps",
            classes=["cardlab-room-line"],
        )
        with solara.Row(style={"flex-wrap": "wrap", "row-gap": "6px"}, classes=["cardlab-room-buttons"]):
            solara.HTML(
                tag="a",
                unsafe_innerHTML="Live view",
                attributes={"href": f"lesson?room={room.code}", "target": "_blank"},
                classes=["cardlab-live-link"],
            )
            locked = room.record.locked
            solara.Button(
                "Unlock" if locked else "Lock", on_click=lambda: room.set_locked(not locked), classes=["cardlab-lock"]
            )


@solara.component
def NewLessonRoom() -> None:
    """Open a lesson room for one of the bundled lessons."""
    from .. import lessons
    from .page_hooks import classroom

    names = lessons.bundled_names()
    chosen, set_chosen = solara.use_state(names[0])
    with solara.Row(classes=["cardlab-new-lesson"], style={"flex-wrap": "wrap", "row-gap": "6px"}):
        solara.Select("Lesson", values=names, value=chosen, on_value=set_chosen)
        solara.Button(
            "Open a lesson room",
            on_click=lambda: classroom().create_lesson_room(chosen),
            classes=["cardlab-open-lesson"],
        )


#: The lesson room's own styles: the learner's name is the seat's, so the lesson asks for none.
CSS = """
.cardlab-lesson-room .cardlab-lesson-progress input[data-key="lesson:learner"] { display: none; }
"""
