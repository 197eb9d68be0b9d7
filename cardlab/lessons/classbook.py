"""A class's progress in one table: the progress files learners hand in, merged.

Each learner downloads one progress file per lesson (JSON or CSV, as the Lesson widget's
"Download progress" and :meth:`~cardlab.widgets.Lesson.save_progress` write them, see
:mod:`.export`). :func:`class_progress` reads a class's files, or folders of them, into a
:class:`ClassTable`: one row per learner, one column per question (grouped by lesson), each cell
saying how the question went, and for each question the wrong answers that were common::

    table = cardlab.lessons.class_progress(["hand-in/"])
    table.problems          # the files refused, each naming the file and why
    table.notes             # learners who handed in one lesson twice: the record kept, and why
    class_csv(table); class_html(table)    # written out: see :mod:`.classbook_export`

A file is read only when it is a regular file of at most :data:`MAX_PROGRESS_BYTES`, and at most
:data:`MAX_PROGRESS_FILES` files are read; one bad file is reported, and the others are read.
The same learner (by name, whatever the case and spacing) in several files makes one row; the
same learner's lesson handed in twice keeps the record that got furthest (the later file on a tie).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import plural
from .export import FORMULA_STARTS, WRONG_SEPARATOR
from .files import Unreadable, bounded_bytes
from .readers import cut
from .run import Progress, QuestionProgress

#: The largest progress file read: 1 MB (a lesson's progress is a few kB).
MAX_PROGRESS_BYTES = 1_000_000
#: The most files read for one table (a folder holding more is refused).
MAX_PROGRESS_FILES = 2_000
#: The longest text a progress file may hold in one field (a name, a title, a prompt, an answer).
MAX_TEXT_CHARS = 2_000
#: The largest count a progress file may hold (steps, tries, questions).
MAX_COUNT = 100_000
#: The suffixes of progress files; a folder stands for the files with these in it and below it.
SUFFIXES = (".json", ".csv")
#: How many wrong answers :meth:`ClassTable.common_wrong` lists, and how many learners make one common.
COMMON_LISTED, COMMON_LEARNERS = 5, 2
_KINDS = ("play", "score", "cards")
_QUOTE = "'"


class ProgressFileError(ValueError):
    """A progress file that can't be read: ``path`` names it, the message says why."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}")


# --- what a table is ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """How one question went for one learner: ``status`` is ``"first"`` (right first time),
    ``"after"`` (right after ``tries`` tries), ``"revealed"``, ``"open"`` (asked, not answered)
    or ``"unreached"`` (not asked yet, or no file for the lesson)."""

    status: str
    tries: int = 0

    @property
    def text(self) -> str:
        """The cell in words: "right first time", "right after 3 tries", "revealed", ..."""
        tries = plural(self.tries, "try", "tries")
        return {
            "first": "right first time",
            "after": f"right after {tries}",
            "revealed": f"revealed after {tries}" if self.tries else "revealed",
            "open": f"not answered ({tries})" if self.tries else "not answered",
            "unreached": "not reached",
        }[self.status]

    @property
    def short(self) -> str:
        """The cell in a few characters (:data:`LEGEND` says what each means)."""
        return {"first": "✓", "after": f"✓{self.tries}", "revealed": "shown", "open": "open", "unreached": "–"}[
            self.status
        ]

    @property
    def rank(self) -> int:
        """Sorts the cells from the best (right first time) to not reached."""
        base = {"first": 0, "after": 0, "revealed": 1_000_000, "open": 2_000_000, "unreached": 3_000_000}
        return base[self.status] + self.tries


#: What the short form of each cell means.
LEGEND = (
    ("✓", "right first time"),
    ("✓3", "right after 3 tries"),
    ("shown", "the answer was revealed"),
    ("open", "asked, not answered yet"),
    ("–", "not reached"),
)
UNREACHED = Cell("unreached")


@dataclass(frozen=True, slots=True)
class Column:
    """A question of a lesson: its place (``step``, ``number`` within the step), kind and prompt."""

    lesson: str
    step: int
    number: int
    kind: str
    prompt: str

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.lesson, self.step, self.number)


@dataclass(frozen=True, slots=True)
class LessonColumns:
    """A lesson of the table: its name, title, game, how many questions it asks in all
    (``question_count``), and the columns of the questions some learner reached."""

    lesson: str
    title: str
    game: str
    question_count: int
    columns: tuple[Column, ...]


@dataclass(frozen=True, slots=True)
class LearnerRow:
    """A learner's row: the name as first written, a cell per question (by :attr:`Column.key`),
    and the files the row was read from."""

    name: str
    cells: dict[tuple[str, int, int], Cell]
    files: tuple[str, ...]

    def cell(self, column: Column) -> Cell:
        return self.cells.get(column.key, UNREACHED)

    def count(self, *statuses: str) -> int:
        return sum(cell.status in statuses for cell in self.cells.values())


@dataclass(frozen=True, slots=True)
class ClassTable:
    """A class's progress: ``lessons`` (their columns), ``learners`` (the rows, by name),
    ``wrong`` (each question's wrong answers and how many learners gave each), ``problems``
    (the files refused) and ``notes`` (what the merge decided)."""

    lessons: tuple[LessonColumns, ...]
    learners: tuple[LearnerRow, ...]
    wrong: dict[tuple[str, int, int], Counter[str]]
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def columns(self) -> tuple[Column, ...]:
        return tuple(c for lesson in self.lessons for c in lesson.columns)

    def common_wrong(self, column: Column) -> list[tuple[str, int]]:
        """The wrong answers to ``column`` that at least :data:`COMMON_LEARNERS` learners gave,
        the most common first (at most :data:`COMMON_LISTED`), with how many learners gave each."""
        counts = self.wrong.get(column.key, Counter())
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        return [(answer, count) for answer, count in ranked if count >= COMMON_LEARNERS][:COMMON_LISTED]


# --- reading the files -------------------------------------------------------------------------------


def progress_files(targets: Iterable[str | os.PathLike]) -> tuple[list[str], list[str]]:
    """The files to read, and the problems of the targets: each file as given, each folder
    standing for the ``.json`` and ``.csv`` files in it and in its folders (links to folders not
    followed), at most :data:`MAX_PROGRESS_FILES` in all."""
    files: list[str] = []
    problems: list[str] = []
    for target in targets:
        name = os.fspath(target)
        if not os.path.isdir(name):
            files.append(os.path.normpath(name))
            continue
        for folder, subfolders, names in os.walk(name):  # links to folders are not followed
            subfolders.sort()
            files += [os.path.normpath(os.path.join(folder, n)) for n in sorted(names) if n.lower().endswith(SUFFIXES)]
            if len(files) > MAX_PROGRESS_FILES:
                break
    files = list(dict.fromkeys(files))  # a file named twice (itself, and in its folder) is read once
    if len(files) > MAX_PROGRESS_FILES:
        problems.append(
            f"more than {MAX_PROGRESS_FILES:,} progress files: only the first {MAX_PROGRESS_FILES:,} were read"
        )
        files = files[:MAX_PROGRESS_FILES]
    return files, problems


def read_progress(path: str | os.PathLike) -> list[Progress]:
    """The lessons' progress that one file holds (JSON or CSV, by its content); raises
    :class:`ProgressFileError` naming the file for anything else."""
    name = os.fspath(path)
    text = _file_text(name)
    try:
        return _from_json(text) if text.lstrip().startswith("{") else _from_csv(text)
    except _Bad as err:
        raise ProgressFileError(name, str(err)) from None


class _Bad(ValueError):
    """A problem in a progress file's content (the file is named by :func:`read_progress`)."""


def _file_text(name: str) -> str:
    try:
        data = bounded_bytes(name, MAX_PROGRESS_BYTES)
    except Unreadable as refused:
        raise ProgressFileError(name, _refusal(refused)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ProgressFileError(name, "not a progress file: not UTF-8 text") from None


def _refusal(refused: Unreadable) -> str:
    """Why a progress file was not read, in a progress file's words."""
    if refused.why in ("folder", "special"):
        return "not a progress file: a progress file is a regular file"
    return {
        "missing": "no such file",
        "unopened": f"the file can't be opened: {refused.detail}",
        "too big": f"the file is too big ({refused.size:,} bytes): at most 1 MB",
        "grew": "the file grew too big while it was read: at most 1 MB",
    }[refused.why]


def _from_json(text: str) -> list[Progress]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise _Bad(f"not a progress file: the JSON can't be read ({cut(str(err))})") from None
    if not isinstance(data, dict) or data.get("cardlab") != "lesson-progress":
        raise _Bad('not a progress file: a lesson\'s progress in JSON starts {"cardlab": "lesson-progress", ...}')
    if data.get("version") not in (1, 2):
        raise _Bad(f"a progress file of version 1 or 2, not {cut(repr(data.get('version')))}")
    lessons = data.get("lessons")
    if not isinstance(lessons, list):
        raise _Bad('"lessons" is a list')
    return [_lesson_from_json(item, i) for i, item in enumerate(lessons, start=1)]


def _lesson_from_json(item: Any, index: int) -> Progress:
    where = f"lesson {index}"
    if not isinstance(item, dict) or not isinstance(item.get("items"), list):
        raise _Bad(f"{where}: a lesson's progress is an object with a list of items")
    questions = tuple(_question_from_json(q, f"{where}, item {n}") for n, q in enumerate(item["items"], start=1))
    return Progress(
        _text(item, "lesson", where),
        _text(item, "title", where),
        _text(item, "game", where),
        _text(item, "learner", where),
        _count(item, "steps", where),
        _count(item, "reached", where),
        _flag(item, "finished", where),
        questions,
        _count(item, "questions", where),
    )


def _question_from_json(item: Any, where: str) -> QuestionProgress:
    if not isinstance(item, dict):
        raise _Bad(f"{where}: a question's progress is an object")
    wrong = item.get("wrong", [])
    if not isinstance(wrong, list) or len(wrong) > MAX_COUNT:
        raise _Bad(f"{where}: 'wrong' is a list of answers")
    return QuestionProgress(
        _count(item, "step", where),
        _count(item, "question", where),
        _kind(_text(item, "kind", where), where),
        _text(item, "prompt", where),
        _count(item, "tries", where),
        _flag(item, "right", where),
        _flag(item, "first_try", where),
        _flag(item, "revealed", where),
        tuple(_checked_text(answer, "a wrong answer", where) for answer in wrong),
    )


def _text(item: dict[str, Any], key: str, where: str) -> str:
    return _checked_text(item.get(key), repr(key), where)


def _checked_text(value: Any, what: str, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT_CHARS or not value.isprintable():
        raise _Bad(f"{where}: {what} is one line of text of at most {MAX_TEXT_CHARS:,} characters")
    return value


def _count(item: dict[str, Any], key: str, where: str) -> int:
    value = item.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise _Bad(f"{where}: {key!r} is a whole number from 0 to {MAX_COUNT:,}, not {cut(repr(value))}")
    return value


def _flag(item: dict[str, Any], key: str, where: str) -> bool:
    value = item.get(key)
    if not isinstance(value, bool):
        raise _Bad(f"{where}: {key!r} is true or false, not {cut(repr(value))}")
    return value


def _kind(kind: str, where: str) -> str:
    if kind not in _KINDS:
        raise _Bad(f"{where}: a question's kind is {', '.join(_KINDS)}, not {cut(repr(kind))}")
    return kind


# CSV: the columns progress_csv writes (the last two from version 2 on), the cells read back
# as JSON reads them, the ' a formula-like cell was given taken off again.
_CSV_LESSON = ("learner", "lesson", "title", "game", "steps", "reached", "finished")
_CSV_QUESTION = ("step", "question", "kind", "prompt", "tries", "right", "first_try", "revealed")
_CSV_COUNTS = {"steps", "reached", "step", "question", "tries", "lesson_questions"}
_CSV_FLAGS = {"finished", "right", "first_try", "revealed"}


def _from_csv(text: str) -> list[Progress]:
    try:
        rows = list(csv.DictReader(io.StringIO(text, newline="")))
    except csv.Error as err:
        raise _Bad(f"not a progress file: the CSV can't be read ({cut(str(err))})") from None
    if rows and "lesson" not in rows[0] and next(iter(rows[0]), None) == "learner":
        raise _Bad("this is a class's table (as cardlab lesson progress writes it), not a learner's progress")
    if not rows or not set(_CSV_LESSON + _CSV_QUESTION) <= set(rows[0]):
        raise _Bad(f"not a progress file: a lesson's progress in CSV has the columns {', '.join(_CSV_LESSON)}, ...")
    found: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for number, row in enumerate(rows, start=2):
        cells = _csv_row(row, f"line {number}")
        found.setdefault((cells["learner"], cells["lesson"]), []).append(cells)
    return [_lesson_from_csv(lesson_rows) for lesson_rows in found.values()]


def _csv_row(row: dict[str, Any], where: str) -> dict[str, Any]:
    if None in row or any(value is None for value in row.values()):
        raise _Bad(f"{where}: the row does not have the header's columns")
    out: dict[str, Any] = {}
    for key, value in row.items():
        if key in _CSV_COUNTS or key in _CSV_FLAGS:
            out[key] = _csv_value(key, value, where)
        else:
            text = value[1:] if value.startswith(_QUOTE) and value[1:].startswith(FORMULA_STARTS) else value
            out[key] = _checked_text(text, repr(key), where) if key != "wrong" else text
    if out["step"] is not None:
        if any(out[key] is None for key in _CSV_QUESTION):
            raise _Bad(f"{where}: a question's row has every question column filled in")
        out["kind"] = _kind(out["kind"], where)
        out["wrong"] = tuple(
            _checked_text(a, "a wrong answer", where) for a in out.get("wrong", "").split(WRONG_SEPARATOR) if a
        )
    return out


def _csv_value(key: str, value: str, where: str) -> int | bool | None:
    if value == "" and key in _CSV_QUESTION + ("lesson_questions",):
        return None  # a lesson without a question reached: its question cells are empty
    if key in _CSV_FLAGS:
        if value not in ("True", "False"):
            raise _Bad(f"{where}: {key!r} is True or False, not {cut(repr(value))}")
        return value == "True"
    if not (value.isascii() and value.isdigit()) or len(value) > 6 or int(value) > MAX_COUNT:
        raise _Bad(f"{where}: {key!r} is a whole number from 0 to {MAX_COUNT:,}, not {cut(repr(value))}")
    return int(value)


def _lesson_from_csv(rows: list[dict[str, Any]]) -> Progress:
    first = rows[0]
    questions = tuple(
        QuestionProgress(
            r["step"],
            r["question"],
            r["kind"],
            r["prompt"],
            r["tries"],
            r["right"],
            r["first_try"],
            r["revealed"],
            r["wrong"],
        )
        for r in rows
        if r["step"] is not None
    )
    count = first.get("lesson_questions")
    return Progress(
        first["lesson"],
        first["title"],
        first["game"],
        first["learner"],
        first["steps"],
        first["reached"],
        first["finished"],
        questions,
        len(questions) if count is None else count,
    )


# --- merging ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Record:
    progress: Progress
    file: str
    order: tuple[float, int]  # the file's modification time, then its place in the list

    @property
    def further(self) -> tuple[int, int, int, tuple[float, int]]:
        """How far the record got: questions settled, step reached, tries, then the later file."""
        p = self.progress
        settled = sum(q.right or q.revealed for q in p.questions)
        return (settled, p.reached, sum(q.tries for q in p.questions), self.order)


def class_progress(paths: str | os.PathLike | Iterable[str | os.PathLike]) -> ClassTable:
    """A class's progress from its progress files (JSON or CSV) and folders of them: see the
    module's docstring. A file that can't be read is listed in :attr:`ClassTable.problems`."""
    targets = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    files, problems = progress_files(targets)
    records: list[_Record] = []
    for place, name in enumerate(files):
        try:
            found = read_progress(name)
        except ProgressFileError as err:
            problems.append(str(err))
            continue
        order = (_modified(name), place)
        records += [_Record(p, name, order) for p in found]
    return _merge(records, problems)


def progress_table(progress: Iterable[Progress], source: str) -> ClassTable:
    """The table of learners' ``progress`` kept elsewhere than in files (a classroom's store):
    the same rows, columns and merging as :func:`class_progress`, each record from ``source``."""
    return _merge([_Record(p, source, (0.0, place)) for place, p in enumerate(progress)])


def _modified(name: str) -> float:
    try:
        return os.stat(name).st_mtime
    except OSError:
        return 0.0


def _merge(records: Sequence[_Record], problems: Sequence[str] = ()) -> ClassTable:
    """The table of ``records``: one row per learner, the furthest record of each lesson kept."""
    kept: dict[tuple[str, str], _Record] = {}
    names: dict[str, str] = {}
    notes: list[str] = []
    for record in records:
        key = _learner_key(record)
        names.setdefault(key[0], record.progress.learner.strip() or f"(no name: {Path(record.file).name})")
        before = kept.get(key)
        if before is None:
            kept[key] = record
            continue
        best, other = (record, before) if record.further > before.further else (before, record)
        kept[key] = best
        notes.append(
            f"{names[key[0]]} handed in {record.progress.lesson} more than once ({other.file}, {best.file}): "
            f"kept {best.file}, which got further" + (" or is later" if best.further[:3] == other.further[:3] else "")
        )
    lessons = _lessons(list(kept.values()))
    rows: dict[str, dict[tuple[str, int, int], Cell]] = {}
    files: dict[str, list[str]] = {}
    wrong: dict[tuple[str, int, int], Counter[str]] = {}
    for (learner, lesson), record in kept.items():
        cells = rows.setdefault(learner, {})
        files.setdefault(learner, []).append(record.file)
        for q in record.progress.questions:
            cells[(lesson, q.step, q.number)] = _cell(q)
            wrong.setdefault((lesson, q.step, q.number), Counter()).update(set(q.wrong))
    learners = tuple(
        LearnerRow(names[key], rows[key], tuple(dict.fromkeys(files[key])))
        for key in sorted(rows, key=lambda k: (names[k].casefold(), names[k]))
    )
    return ClassTable(lessons, learners, wrong, tuple(problems), tuple(notes))


def _learner_key(record: _Record) -> tuple[str, str]:
    name = " ".join(record.progress.learner.split()).casefold()
    return (name or f"\0{record.file}", record.progress.lesson)


def _cell(q: QuestionProgress) -> Cell:
    if q.right:
        return Cell("first", 1) if q.first_try or q.tries <= 1 else Cell("after", q.tries)
    return Cell("revealed" if q.revealed else "open", q.tries)


def _lessons(records: list[_Record]) -> tuple[LessonColumns, ...]:
    by_lesson: dict[str, list[Progress]] = {}
    for record in records:
        by_lesson.setdefault(record.progress.lesson, []).append(record.progress)
    out = []
    for name in sorted(by_lesson, key=_natural):
        progress = by_lesson[name]
        columns: dict[tuple[int, int], Column] = {}
        for p in progress:
            for q in p.questions:
                columns.setdefault((q.step, q.number), Column(name, q.step, q.number, q.kind, q.prompt))
        first = progress[0]
        count = max(max(p.question_count for p in progress), len(columns))
        out.append(LessonColumns(name, first.title, first.game, count, tuple(columns[k] for k in sorted(columns))))
    return tuple(out)


def _natural(text: str) -> list[Any]:
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"([0-9]+)", text) if part]


__all__ = [
    "ClassTable",
    "LearnerRow",
    "LessonColumns",
    "Column",
    "Cell",
    "LEGEND",
    "ProgressFileError",
    "class_progress",
    "progress_table",
    "read_progress",
    "progress_files",
    "MAX_PROGRESS_BYTES",
    "MAX_PROGRESS_FILES",
]
