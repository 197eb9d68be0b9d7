"""Reading and checking a lesson: from a file, from its text, or by the name of a bundled one.

A lesson file is read only when it is a regular file of at most :data:`MAX_LESSON_BYTES`: a
device, a pipe or a file that grows past the limit is refused after reading no more than that,
so a hostile folder can't make a check hang or fill the memory.
"""

from __future__ import annotations

import os
from pathlib import Path

from .build import TEXT_SOURCE, Builder
from .files import Unreadable, bounded_bytes
from .model import Lesson, LessonError, Problem, Problems
from .readers import cut
from .shipped import BUNDLED, bundled_names

#: The largest lesson read, file or text: 1 MB (the longest bundled lesson is about 12 kB).
MAX_LESSON_BYTES = 1_000_000
#: The longest path tried as a file (a longer text without a line break is no file's path).
MAX_PATH_CHARS = 4096
_TOO_BIG = f"a lesson is at most {MAX_LESSON_BYTES:,} bytes (1 MB)"


def load(source: str | os.PathLike) -> Lesson:
    """Read a lesson (a path, the Markdown text itself, or the name of a lesson that comes
    with cardlab, such as ``"commerce-2-rankings"``) and check it against the rules.

    Raises :class:`LessonError` listing every problem found, each with the file and the line.
    """
    lesson, problems = _read(source)
    if problems or lesson is None:
        raise LessonError(problems)
    return lesson


def check(source: str | os.PathLike) -> list[Problem]:
    """Every problem of a lesson (a path, or the Markdown text): ``[]`` when it is right.

    A lesson fails on an illegal move, an expected answer the rules contradict, a position
    that can't be read, and commentary (or a question, its feedback or its answer) that names
    a card hidden from the lesson's viewer at that step.
    """
    return _read(source)[1]


def _read(source: str | os.PathLike) -> tuple[Lesson | None, list[Problem]]:
    text, name, problems = _source_text(source)
    if text is None:
        return None, problems.found
    lesson = Builder(text, name, problems).build()
    return (lesson if not problems.found else None), problems.found


def _source_text(source: str | os.PathLike) -> tuple[str | None, str, Problems]:
    if isinstance(source, str) and "\n" in source:
        problems = Problems(TEXT_SOURCE)
        if len(source) > MAX_LESSON_BYTES or len(source.encode("utf-8", "surrogatepass")) > MAX_LESSON_BYTES:
            problems.add(0, f"the text is too long: {_TOO_BIG}")
            return None, TEXT_SOURCE, problems
        return source, TEXT_SOURCE, problems
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(
            f"a lesson is a path, its Markdown text or a bundled lesson's name, not {type(source).__name__}"
        )
    name = os.fspath(source)
    if not isinstance(name, str):
        raise TypeError(f"a lesson's path is text, not {type(name).__name__}")
    if len(name) > MAX_PATH_CHARS:
        problems = Problems(cut(name))
        problems.add(0, "no such lesson file: the name is too long for a path")
        return None, problems.source, problems
    if not os.path.exists(name) and isinstance(source, str) and source in bundled_names():
        name = str(BUNDLED / f"{source}.md")
    problems = Problems(name)
    return _file_text(Path(name), problems), name, problems


def _file_text(path: Path, problems: Problems) -> str | None:
    """The text of the lesson file at ``path``, or None with the problem added."""
    try:
        data = bounded_bytes(os.fspath(path), MAX_LESSON_BYTES)
    except Unreadable as refused:
        problems.add(0, _refusal(refused))
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        problems.add(0, "not a lesson: the file is not UTF-8 text")
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # as a file opened as text reads it


def _refusal(refused: Unreadable) -> str:
    """Why a lesson file was not read, in a lesson's words."""
    return {
        "missing": (
            "no such lesson file, nor a lesson of that name that comes with cardlab (cardlab lesson list shows them)"
        ),
        "folder": "this is a folder; give a lesson file (.md)",
        "unopened": f"the lesson file can't be opened: {refused.detail}",
        "special": f"not a lesson file: this is {refused.detail}, and a lesson is a regular file of Markdown text",
        "too big": f"the file is too big ({refused.size:,} bytes): {_TOO_BIG}",
        "grew": f"the file grew too big while it was read: {_TOO_BIG}",
    }[refused.why]
