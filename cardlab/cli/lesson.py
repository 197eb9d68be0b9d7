"""``cardlab lesson``: check lessons against the rules, merge a class's progress files into one
table, and list the lessons that come with cardlab (they need only the engine)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..games import names as game_names
from .common import CommandError

if TYPE_CHECKING:
    from ..lessons.classbook import ClassTable


def add_to(commands: argparse._SubParsersAction) -> None:
    lesson = commands.add_parser(
        "lesson",
        help="check lessons against the rules, merge a class's progress, or list the bundled lessons",
        description="Lessons are Markdown files of positions, moves, commentary and "
        "questions (docs/lessons.md); cardlab replays each one against the rules.",
    )
    actions = lesson.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check",
        help="check lesson files (a folder stands for the .md files in it)",
        description="Replay each lesson against the rules and print every problem as "
        "FILE:LINE: problem. Exit status 0 when every lesson is right, 1 otherwise.",
    )
    check.add_argument(
        "files", nargs="+", metavar="FILE", help="a lesson file, a folder of them, or the name of a bundled lesson"
    )
    progress = actions.add_parser(
        "progress",
        help="merge a class's progress files into one table (CSV and HTML)",
        description="Read the progress files learners downloaded from their lessons (JSON or CSV; a folder "
        "stands for those in it) and write one table: a row per learner, a column per question. A file that "
        "can't be read is reported, and the others are read. Exit status 0 when every file was read, 1 otherwise.",
    )
    progress.add_argument("files", nargs="*", metavar="FILE", help="a progress file, or a folder of them")
    progress.add_argument("--store", metavar="ADDRESS", help="a classroom's store (sqlite:PATH, redis://...)")
    progress.add_argument("--room", metavar="CODE", help="with --store: the lesson room whose table is written")
    progress.add_argument("--csv", metavar="OUT.csv", help="write the table as CSV (default: to standard output)")
    progress.add_argument("--html", metavar="OUT.html", help="write the table as a self-contained HTML page")
    listed = actions.add_parser(
        "list",
        help="list the lessons that come with cardlab",
        description="Print the path of every lesson that comes with cardlab; its file "
        "name without .md is its name (Lesson(NAME) in a notebook).",
    )
    listed.add_argument("game", nargs="?", metavar="GAME", help=f"only this game's lessons ({', '.join(game_names())})")
    lesson.set_defaults(run=cmd_lesson)


def lesson_files(targets: Sequence[str]) -> list[str]:
    """The lessons to check: each target as given, a folder standing for the ``*.md`` in it."""
    files: list[str] = []
    for target in targets:
        path = Path(target)
        files += [str(p) for p in sorted(path.glob("*.md"))] if path.is_dir() else [target]
    return files


def check_lessons(files: Sequence[str]) -> int:
    """Check each lesson, print its problems (or that it is right), and go on to the next:
    0 when every lesson is right, 1 otherwise."""
    from ..engine import plural
    from ..lessons import LessonError, load
    from ..lessons.readers import cut

    failed = 0
    for name in files:
        try:
            lesson = load(name)
        except LessonError as err:
            failed += 1
            for problem in err.problems:
                print(problem)
            continue
        except Exception as err:  # noqa: BLE001 - one file's fault must not stop the check of the others
            failed += 1
            print(f"{name}: cardlab could not check this lesson ({type(err).__name__}: {cut(str(err))})")
            continue
        moves, questions = len(lesson.steps) - 1, len(lesson.questions)
        print(f"ok: {name} ({cut(lesson.title)}: {plural(moves, 'move')}, {plural(questions, 'question')})")
    print(f"{plural(len(files), 'lesson')} checked, {failed} with problems")
    return 1 if failed else 0


def class_progress(
    files: Sequence[str], csv_out: str | None, html_out: str | None, table: ClassTable | None = None
) -> int:
    """Merge a class's progress files (or take ``table``, a lesson room's) into one table, written
    as CSV (to standard output when no file is named) and HTML; print each file's problem and go
    on: 0 when every file was read."""
    from ..engine import plural
    from ..lessons import class_csv, class_html, class_progress

    table = class_progress(files) if table is None else table
    for line in table.problems + table.notes:
        print(line, file=sys.stderr)
    for target, text in ((csv_out, class_csv(table)), (html_out, class_html(table))):
        try:
            if target:
                Path(target).write_text(text, encoding="utf-8")
        except OSError as err:
            raise CommandError(f"cannot write {target}: {err.strerror or err}") from None
    if not csv_out and not html_out:
        sys.stdout.write(class_csv(table))
    found = [plural(len(n), what) for n, what in ((table.learners, "learner"), (table.lessons, "lesson"))]
    found.append(f"{plural(len(table.columns), 'question')}; {len(table.problems)} not read")
    print(", ".join(found), file=sys.stderr)
    return 1 if table.problems else 0


def cmd_lesson(options: argparse.Namespace, extra: list[str]) -> int:
    """``cardlab lesson check FILE...``, ``cardlab lesson progress FILE...`` and ``cardlab
    lesson list [GAME]`` (they need only the engine)."""
    if extra:
        raise CommandError(f"unknown options {' '.join(extra)}")
    if options.action == "check":
        return check_lessons(lesson_files(options.files))
    if options.action == "progress":
        if bool(options.store) != bool(options.room) or bool(options.store) == bool(options.files):
            raise CommandError("lesson progress: progress files, or --store ADDRESS with --room CODE")
        if options.store:
            from ..classroom.lesson_rooms import stored_class_table
            from ..classroom.store import StoreError

            try:
                return class_progress([], options.csv, options.html, stored_class_table(options.store, options.room))
            except StoreError as err:
                raise CommandError(str(err)) from None
        return class_progress(options.files, options.csv, options.html)
    from ..lessons import bundled
    from ..lessons.readers import engine_says

    try:
        files = bundled(options.game)
    except ValueError as err:
        raise CommandError(engine_says(err, [options.game or ""])) from None
    for path in files:
        print(path)
    return 0
