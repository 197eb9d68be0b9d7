"""A lesson room: a class taking one lesson together, each learner on their own run of it.

``LessonRoom.create(code, "card-commons-2-forced-defense", store)`` opens one (a bundled
lesson's name, a lesson file's path or its text; it must pass ``cardlab lesson check``). Its
record is a :class:`~.records.RoomRecord` like a game room's, kept in the same store, with the
lesson (its name and whole text, so a restart or another process reads the same lesson) and
the pace in ``extra``; its seats are the learners, one added as each joins. Each learner's run
is a :class:`~.lesson_runs.SeatRun`, its actions in a log of its own.

The pace: ``self`` (each learner goes on when they have answered) or ``teacher`` (nobody goes
past the step the teacher holds the class at, :meth:`LessonRoom.bring_to`); the room may be
paused (no action at all). The teacher's live view reads :meth:`grid`, :meth:`spread` and
:meth:`stuck`; :meth:`class_table` is the class's table as ``cardlab lesson progress`` makes it.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from .. import lessons
from ..lessons import ClassTable, Lesson, Progress
from ..lessons.classbook import progress_table
from . import words
from .lesson_runs import SeatRun
from .records import ENDED, OPEN, PAUSED, RoomRecord, Seat
from .rooms import TRIES, RoomRefused, refuse_lookalike, seat_name
from .store import StaleWrite, Store, StoreError

#: The key of ``RoomRecord.extra`` that makes a room a lesson room.
LESSON = "lesson"
#: The paces: each learner on their own, or the class held at the teacher's step.
SELF, TEACHER = "self", "teacher"
#: The most learners in one lesson room.
MAX_LEARNERS = 200
#: Seconds on one question after which the teacher's view lists a learner as stuck.
STUCK_AFTER = 120.0


def is_lesson(record: RoomRecord) -> bool:
    return LESSON in record.extra


@lru_cache(maxsize=32)
def _read(text: str, name: str) -> Lesson:
    """The lesson of ``text`` (read and checked once per process), named ``name``."""
    return replace(lessons.load(text), name=name)


def lesson_source(source: str | Path) -> tuple[str, str]:
    """The name and whole text of the lesson ``source`` (a bundled lesson's name, a file's path
    or the text); a :class:`cardlab.lessons.LessonError` if it does not pass the checks."""
    lesson = lessons.load(source)
    text = lesson.text or Path(lesson.source).read_text(encoding="utf-8")
    return lesson.name, text


@dataclass(frozen=True)
class Cell:
    """One learner's record of one question, as the grid shows it: ``status`` is "first"
    (right the first time), "after" (right after tries), "revealed", "open" (asked, not yet
    settled) or "" (not reached)."""

    status: str
    tries: int = 0


@dataclass(frozen=True)
class Column:
    step: int
    number: int
    kind: str
    prompt: str

    @property
    def label(self) -> str:
        return f"{self.step}.{self.number}"


@dataclass(frozen=True)
class Row:
    seat: int
    name: str
    step: int
    cells: tuple[Cell, ...]
    finished: bool


class LessonRoom:
    """A lesson room of the class (see the module): its :attr:`record`, kept in ``store``, and
    one :class:`SeatRun` per learner, rebuilt from the store's logs."""

    def __init__(self, record: RoomRecord, store: Store, **_: Any) -> None:
        self._record = record
        self._store = store
        self.lock = threading.RLock()
        self.lesson = _read(record.extra[LESSON]["text"], record.extra[LESSON]["name"])
        self.game = self.lesson.game
        self._watchers: list[Callable[[LessonRoom], None]] = []
        self._answer_watchers: list[Callable[[LessonRoom], None]] = []
        self.runs: dict[int, SeatRun] = {}
        #: Kept as a game room keeps its moves' times (a lesson room has none).
        self.action_times: deque[tuple[float, float]] = deque(maxlen=1)
        #: How long each drawing of the teacher's live view took here, in seconds (the latest last).
        self.draw_times: deque[float] = deque(maxlen=100_000)
        with self.lock:
            for number in range(len(record.seats)):
                self._run_of(number).catch_up()

    @classmethod
    def create(cls, code: str, source: str | Path, store: Store, **_: Any) -> LessonRoom:
        """A new lesson room ``code`` for the lesson ``source``, saved in ``store``; a
        :class:`StaleWrite` if the store holds a room of that code already."""
        name, text = lesson_source(source)
        lesson = _read(text, name)
        extra = {LESSON: {"name": name, "text": text}, "pace": SELF, "hold": 0}
        record = RoomRecord(code, lesson.game.name, {}, 0, (), extra=extra, created=time.time())
        if not store.replace_room(None, record):
            raise StaleWrite(f"room {code}: the store holds a room of that code already")
        return cls(record, store)

    # -- what the room is ---------------------------------------------------------------------

    @property
    def record(self) -> RoomRecord:
        return self._record

    @property
    def code(self) -> str:
        return self._record.code

    @property
    def state(self) -> str:
        return self._record.state

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._record.seats

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name or "" for seat in self._record.seats)

    @property
    def pace(self) -> str:
        return str(self._record.extra.get("pace", SELF))

    @property
    def hold(self) -> int:
        """The step the class is held at (in the teacher's pace)."""
        return int(self._record.extra.get("hold", 0))

    def pace_key(self) -> tuple[str, str, int]:
        """What a learner's page draws of the room: its state, pace and the step held."""
        return (self.state, self.pace, self.hold)

    @property
    def last_step(self) -> int:
        return len(self.lesson.steps) - 1

    def _run_of(self, seat: int) -> SeatRun:
        run = self.runs.get(seat)
        if run is None:
            name = self._record.seats[seat].name or ""
            run = SeatRun(self.lesson, self._store, self.code, seat, learner=name, gate=self._gate)
            run.observe(lambda _run: self._answered())
            self.runs = {**self.runs, seat: run}
        return run

    def run(self, seat: int) -> SeatRun:
        """The run of the learner at ``seat``."""
        with self.lock:
            return self._run_of(seat)

    # -- what a learner may do now ------------------------------------------------------------

    def _gate(self, run: SeatRun, action: str, step: int | None) -> str | None:
        record = self._record
        if record.state == PAUSED:
            return words.LESSON_PAUSED
        if record.state == ENDED:
            return words.LESSON_ENDED
        if action == "goto" and step is not None and step > run.index and self.pace == TEACHER and step > self.hold:
            return words.LESSON_WAITING.format(step=self.hold)
        return None

    # -- changes to the room ------------------------------------------------------------------

    def watch(self, callback: Callable[[LessonRoom], None]) -> Callable[[], None]:
        """Call ``callback(room)`` after each change to the room (a learner joined, the pace);
        returns a function that stops it."""
        return self._add(self._watchers, callback)

    def watch_answers(self, callback: Callable[[LessonRoom], None]) -> Callable[[], None]:
        """Call ``callback(room)`` after any learner's action (for the teacher's view)."""
        return self._add(self._answer_watchers, callback)

    def _add(self, watchers: list[Callable[[LessonRoom], None]], callback: Callable[[LessonRoom], None]) -> Any:
        with self.lock:
            watchers.append(callback)

        def unwatch() -> None:
            with self.lock:
                if callback in watchers:
                    watchers.remove(callback)

        return unwatch

    def _answered(self) -> None:
        for callback in list(self._answer_watchers):
            callback(self)

    def _update(self, change: Callable[[RoomRecord], RoomRecord]) -> RoomRecord:
        """Write ``change(record)`` if the store still holds the record it was made from; if
        another process wrote first, read the room again and make the change again."""
        with self.lock:
            for _ in range(TRIES):
                old = self._record
                new = change(old)
                if new == old:
                    return old
                if self._store.replace_room(old, new):
                    break
                self.sync()
            else:
                raise StoreError(f"room {self.code}: other processes kept changing it; nothing was changed")
            self._record = new
        self._tell()
        return new

    def _tell(self) -> None:
        for callback in list(self._watchers):
            callback(self)
        self._answered()

    def sync(self) -> bool:
        """Read the room again from the store (another process changed it); whether it changed."""
        with self.lock:
            stored = self._store.room(self.code)
            changed = stored is not None and stored != self._record
            if changed:
                self._record = stored  # type: ignore[assignment]
            moved = [self._run_of(n).catch_up() for n in range(len(self._record.seats))]
        if changed:
            self._tell()
        return changed or any(moved)

    def sync_seat(self, seat: int) -> None:
        """Read the actions another process wrote for the learner at ``seat``."""
        with self.lock:
            if seat >= len(self._record.seats):
                self.sync()
                return
            self._run_of(seat).catch_up()

    def take_seat(self, name: str, token: str) -> int:
        """Seat ``name`` (with the token digest ``token``): a new seat, or the seat of that name
        if the teacher freed it (their run goes on). A :class:`RoomRefused` when the room is
        locked, ended or full, or the name is taken."""
        name = seat_name(name)
        taken: list[int] = []

        def seat_them(record: RoomRecord) -> RoomRecord:
            if record.locked or record.state == ENDED:
                raise RoomRefused(words.ROOM_CLOSED)
            for number, seat in enumerate(record.seats):
                if seat.token is None and seat.name is not None and seat.name.casefold() == name.casefold():
                    taken[:] = [number]
                    return record.with_seat(number, Seat(name=seat.name, token=token, approved=not record.approve))
            refuse_lookalike(name, [seat.name for seat in record.seats if seat.name])
            if len(record.seats) >= MAX_LEARNERS:
                raise RoomRefused(words.LESSON_FULL)
            taken[:] = [len(record.seats)]
            return replace(record, seats=(*record.seats, Seat(name=name, token=token, approved=not record.approve)))

        self._update(seat_them)
        return taken[0]

    def seat_of(self, token: str) -> int | None:
        return next((n for n, seat in enumerate(self.seats) if seat.token is not None and seat.token == token), None)

    def free(self, number: int) -> None:
        """Free seat ``number``: its token opens it no more; its learner's run is kept, and the
        next to join with that name takes it on."""
        self._update(lambda r: r.with_seat(number, Seat(name=r.seats[number].name)))

    def approve(self, number: int) -> None:
        self._update(lambda r: r.with_seat(number, dataclasses.replace(r.seats[number], approved=True)))

    def set_locked(self, locked: bool) -> None:
        self._update(lambda r: replace(r, locked=locked))

    def set_approving(self, approve: bool) -> None:
        self._update(lambda r: replace(r, approve=approve))

    def pause(self) -> None:
        self._update(lambda r: replace(r, state=PAUSED) if r.state == OPEN else r)

    def resume(self) -> None:
        self._update(lambda r: replace(r, state=OPEN) if r.state == PAUSED else r)

    def end(self) -> None:
        self._update(lambda r: replace(r, state=ENDED))

    def self_paced(self) -> None:
        """Each learner goes on when they have answered."""
        self._update(lambda r: replace(r, extra={**r.extra, "pace": SELF}))

    def bring_to(self, step: int) -> None:
        """Hold the class at ``step``: nobody goes past it; those ahead are brought back to it,
        and those behind are brought forward as far as their answers let them (a question they
        have not answered waits for them)."""
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= self.last_step:
            raise ValueError(f"bring to step: a step from 0 to {self.last_step}, not {step!r}")
        self._update(lambda r: replace(r, extra={**r.extra, "pace": TEACHER, "hold": step}))
        with self.lock:
            for number in range(len(self._record.seats)):
                run = self._run_of(number)
                target = step if run.index > step else run.furthest(step)
                run.move_to(target)

    def close(self) -> None:
        """Nothing runs in a lesson room of its own."""

    # -- what the teacher sees ----------------------------------------------------------------

    def columns(self) -> tuple[Column, ...]:
        """Every question of the lesson that counts, in order."""
        return tuple(
            Column(s, n + 1, q.kind, q.prompt)
            for s, step in enumerate(self.lesson.steps)
            for n, q in enumerate(step.questions)
            if q.counted
        )

    def grid(self) -> tuple[tuple[Column, ...], tuple[Row, ...]]:
        """The live grid: the questions across, one row per learner (in the order they joined)."""
        columns = self.columns()
        with self.lock:
            rows = []
            for number, seat in enumerate(self._record.seats):
                run = self._run_of(number)
                done = {(q.step, q.number): q for q in run.progress().questions}
                cells = tuple(_cell(done.get((c.step, c.number))) for c in columns)
                rows.append(Row(number, seat.name or "", run.index, cells, run.finished))
        return columns, tuple(rows)

    def spread(self, column: Column) -> list[tuple[str, bool, int]]:
        """How the class first answered the question ``column``: (answer, right, learners), the
        most given first; no names."""
        counts: Counter[tuple[str, bool]] = Counter()
        with self.lock:
            for run in self.runs.values():
                first = run.first_answers.get((column.step, column.number - 1))
                if first is not None:
                    counts[first] += 1
        return [(answer, right, count) for (answer, right), count in counts.most_common()]

    def stuck(self, now: float | None = None, after: float = STUCK_AFTER) -> list[tuple[str, int, float]]:
        """Learners on one open question for ``after`` seconds or more: (name, step, seconds),
        the longest first. A learner's time counts from their last action (or joining)."""
        now = time.time() if now is None else now
        out = []
        with self.lock:
            for number, seat in enumerate(self._record.seats):
                run = self._run_of(number)
                since = run.last_action or run.joined
                if run.question is not None and since and now - since >= after:
                    out.append((seat.name or "", run.index, now - since))
        return sorted(out, key=lambda item: -item[2])

    def progress(self) -> list[Progress]:
        """Every learner's progress, as the Lesson widget's download gives it."""
        with self.lock:
            return [self._run_of(n).progress() for n in range(len(self._record.seats))]

    def class_table(self) -> ClassTable:
        """The class's table, as ``cardlab lesson progress`` and ``ClassProgress`` make it."""
        return progress_table(self.progress(), f"room {self.code}")

    def summary(self) -> dict[str, Any]:
        """What the dashboard's line of the room says."""
        with self.lock:
            runs = [self._run_of(n) for n in range(len(self._record.seats))]
            return {
                "code": self.code,
                "title": self.lesson.title,
                "lesson": self.lesson.name,
                "state": self.state,
                "pace": self.pace,
                "hold": self.hold,
                "learners": len(runs),
                "finished": sum(run.finished for run in runs),
                "steps": self.last_step,
            }


def stored_class_table(address: str, code: str) -> ClassTable:
    """The class's table of lesson room ``code`` in the store at ``address``, read as it is now
    (the serving process may go on meanwhile); a :class:`StoreError` if there is no such room."""
    from .codes import read_code
    from .store_address import open_store

    store = open_store(address)
    try:
        try:
            record = store.room(read_code(code))
        except ValueError:
            record = None
        if record is None or not is_lesson(record):
            raise StoreError(f"--room {code}: the store {address} holds no lesson room of that code")
        return LessonRoom(record, store).class_table()
    finally:
        store.close()


def _cell(record: Any) -> Cell:
    if record is None:
        return Cell("")
    if record.right:
        return Cell("first", 1) if record.first_try else Cell("after", record.tries)
    return Cell("revealed" if record.revealed else "open", record.tries)
