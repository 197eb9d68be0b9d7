"""Hostile lessons and answers: refused in bounded time and memory, as a LessonError (a
ValueError) naming the file and the line, with every quoted piece of the input cut short.

What a file is, is read before the file is: a device, a pipe or a file over 1 MB is refused
without reading it whole. Every pattern of the lesson reader is linear in the length of a line,
so a line of 30,000 characters, or an answer of 20,000, is read in milliseconds. Time is this
process's CPU time (other work on the machine does not inflate it), against bounds far above
what a linear reader takes and far below what a quadratic one did. Files that would make a
reader hang or fill the memory are read in a child process with a time and memory limit.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from cardlab import lessons
from cardlab.lessons import MAX_LESSON_BYTES, LessonError, LessonRun
from helpers.growth import small_memory
from helpers.lesson_texts import LAST_TURN_STATE

ROOT = Path(__file__).resolve().parent.parent
LONG = 30_000
#: The most characters a message quotes of the input (a cut quote is 40 characters and "…").
MOST_QUOTED = 80

LESSON = (
    """\
# Lesson

```lesson
game: card-commons
viewer: A
```

"""
    + LAST_TURN_STATE
    + """
```question
play: claim 5C
```

```moves
claim 5C
defend 5H
```

```question
player: A
score: 5
```
"""
)


@contextmanager
def quick(seconds: float = 0.5):
    """The block's CPU time stays under ten times ``seconds``: a linear reader takes a tenth of
    ``seconds`` or less, a quadratic one minutes on these inputs, so a slow machine does not fail."""
    seconds *= 10
    start = time.process_time()
    yield
    spent = time.process_time() - start
    assert spent < seconds, f"took {spent:.2f} s of CPU time"


def problems(text: str) -> list[tuple[int, str]]:
    with quick():
        return [(p.line, p.message) for p in lessons.check(text)]


def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if fragment in line)


def in_a_child(code: str, seconds: float = 20) -> subprocess.CompletedProcess:
    """Run ``code`` in a Python of its own, with 1 GB of memory and ``seconds`` to finish."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=seconds, preexec_fn=limit, cwd=ROOT
    )


# --- files: what they are is read first ----------------------------------------------------------


def test_a_file_over_1_mb_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "big.md"
    with path.open("wb") as handle:  # 50 MB, most of it never written: a hole the reader would fill
        handle.write(LESSON.encode())
        handle.truncate(50 * MAX_LESSON_BYTES)
    with small_memory(5):  # the 50 MB are never read
        found = lessons.check(path)
    assert [str(p) for p in found] == [
        f"{path}: the file is too big (50,000,000 bytes): a lesson is at most 1,000,000 bytes (1 MB)"
    ]
    with pytest.raises(LessonError) as caught:
        lessons.load(path)
    assert isinstance(caught.value, ValueError) and caught.value.problems == tuple(found)


def test_a_lesson_of_1_mb_is_read_and_one_byte_more_is_not(tmp_path):
    padding = "<!-- " + "x" * (MAX_LESSON_BYTES - len(LESSON) - 10) + " -->\n"
    path = tmp_path / "full.md"
    path.write_text(LESSON + padding, encoding="utf-8")
    assert path.stat().st_size == MAX_LESSON_BYTES and lessons.check(path) == []
    path.write_text(LESSON + "x" + padding, encoding="utf-8")
    assert "too big" in str(lessons.check(path)[0])
    assert [p.message for p in lessons.check(LESSON + "x" + padding)] == [
        "the text is too long: a lesson is at most 1,000,000 bytes (1 MB)"
    ]


def test_a_device_and_a_pipe_in_a_lesson_folder_are_refused_at_once(tmp_path):
    (tmp_path / "zero.md").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.md")
    code = (
        "import time; from cardlab import lessons\n"
        f"for name in ('zero.md', 'pipe.md'):\n"
        f"    start = time.perf_counter(); found = lessons.check({str(tmp_path)!r} + '/' + name)\n"
        "    print(round(time.perf_counter() - start, 3), *found, sep=' | ')\n"
    )
    done = in_a_child(code)
    assert done.returncode == 0, done.stderr[-2000:]
    zero, pipe = (line.split(" | ") for line in done.stdout.splitlines())
    assert float(zero[0]) < 5 and zero[1] == (
        f"{tmp_path}/zero.md: not a lesson file: this is a device, and a lesson is a regular file of Markdown text"
    )
    assert float(pipe[0]) < 5 and pipe[1].endswith(
        "not a lesson file: this is a pipe (FIFO), and a lesson is a regular file of Markdown text"
    )


def test_a_name_too_long_for_a_path_or_with_a_nul_is_a_problem_not_a_crash():
    (problem,) = lessons.check("x" * 100_000)
    assert len(str(problem)) < 200 and "too long for a path" in problem.message
    (problem,) = lessons.check("a\0b.md")
    assert problem.message.startswith("the lesson file can't be opened")


# --- every pattern is linear in the length of the line ---------------------------------------------


@pytest.mark.parametrize(
    "line, title",
    [
        ("# x" + " " * LONG + "y", "x" + " " * LONG + "y"),  # a heading of spaces between two words
        ("# " + " " * 12_000 + "#x", "#x"),
        ("# Lesson" + " \t" * (LONG // 2) + "#" * 9, "Lesson"),  # a closing sequence after 30,000 blanks
    ],
)
def test_a_long_title_line_is_read_in_milliseconds(line, title):
    text = LESSON.replace("# Lesson", line)
    assert problems(text) == []
    assert lessons.load(text).title == title


@pytest.mark.parametrize("line, code", [("```" + " " * LONG + "`", ""), ("~~~" + "\t" * LONG + "`", "\n~~~")])
def test_a_long_line_after_a_fence_is_read_in_milliseconds(line, code):
    """A backtick after backticks opens no fence (the line is commentary); after tildes it is
    the info string of a code example, as CommonMark says."""
    text = LESSON.replace("```moves", line + code + "\n```moves")
    assert problems(text) == []
    assert lessons.load(text).questions[0].explanation == line + code


@pytest.mark.parametrize("info", ["x" + " " * LONG, "x" + " " * LONG + "~", "x" * LONG])
def test_a_long_fence_line_never_closed_is_read_in_milliseconds(info):
    text = LESSON + "```" + info + "\n"
    ((line, message),) = problems(text)
    assert line == len(text.splitlines())
    shown = "x" if info.startswith("x ") else "x" * 40 + "…"
    assert message == f"the ```{shown} block opened here is never closed: end it with a line ```"


def test_a_long_fence_is_named_by_its_length():
    ((line, message),) = problems(LESSON + "`" * LONG + "python\n")
    assert line == len(LESSON.splitlines()) + 1
    assert message == (
        "the ```python block opened here is never closed: end it with a line of at least 30,000 backticks"
    )


def test_many_comments_blank_lines_and_continuations_are_read_in_linear_time():
    with quick(1.0):
        assert lessons.check(LESSON.replace("# Lesson", "# Lesson <!---->" + "<!---->" * 140_000)) == []
    with quick(1.5):
        assert lessons.check(LESSON.replace("```moves", "\n" * 200_000 + "```moves")) == []
    with quick(1.5):
        text = LESSON.replace(
            "score: 5", "score: 5\n" + "  \n" * 100_000 + "ask: What does A score?\n" + "  now\n" * 100_000
        )
        assert lessons.load(text).questions[1].prompt == "What does A score?" + " now" * 100_000


def _score_question_run() -> LessonRun:
    run = LessonRun(LESSON)
    run.reveal()
    run.next(), run.next()
    assert run.question.kind == "score"
    return run


@pytest.mark.parametrize(
    "typed", [" " * 19_900, "1" + " " * 19_900 + "x", "5" + " " * 19_900 + "points x", "vp " * 6_600 + "!"]
)
def test_a_long_typed_score_is_answered_in_milliseconds(typed):
    run = _score_question_run()
    with quick():
        feedback = run.answer(typed)
    assert not feedback.counted and len(feedback.text) < 150
    assert feedback.text.startswith("Answer with a whole number of points, such as 4 (not '")


def test_a_typed_score_with_its_unit_after_many_spaces_is_read():
    run = _score_question_run()
    with quick():
        assert run.answer("5" + " " * 19_900 + "points").correct


@pytest.mark.parametrize("typed", ["claim " + "4H " * 6_000, "x" * 20_000])
def test_long_typed_moves_and_cards_are_answered_in_milliseconds(typed):
    run = LessonRun(LESSON)
    with quick():
        feedback = run.answer(typed)
    assert not feedback.correct and len(feedback.text) < 300
    run.reveal(), run.next(), run.next(), run.reveal()
    assert run.finished


# --- numbers: ASCII digits, bounded by the rules ---------------------------------------------------


def _deal(seed: str) -> str:
    start = LESSON[LESSON.index("```state") : LESSON.index("```question")]
    return LESSON.replace(start, f"```deal\nseed: {seed}\n```\n\n")


@pytest.mark.parametrize("seed", ["٣٣", "３３", "9" * 5_000, "-1", str(1 << 64)])
def test_a_seed_is_ascii_digits_within_the_rules(seed):
    text = _deal(seed)
    ((line, message),) = problems(text)
    assert line == line_of(text, "```deal") and message.startswith("the deal can't be made: ")
    assert "a seed is a whole number from 0 to 2**64 - 1" in message and len(message) < 200


@pytest.mark.parametrize(
    "option, refusal",
    [
        ("players: ٣", "players must be a whole number from 3 to 12, not '٣'"),
        ("players: " + "9" * 5_000, "players must be a whole number from 3 to 12, not '" + "9" * 40 + "…'"),
        ("players: 13", "players must be a whole number from 3 to 12, not 13"),
    ],
)
def test_an_option_is_ascii_digits_within_the_rules(option, refusal):
    text = LESSON.replace("game: card-commons\nviewer: A", f"game: commerce\n{option}")
    ((line, message),) = problems(text.replace(text[text.index("```state") :], "```deal\nseed: 1\n```\n"))
    assert line == 4 and message.startswith("no such game or options: ") and refusal in message


@pytest.mark.parametrize("score", ["٥", "５", "5" * 5_000, "5.0", "1_0"])
def test_a_score_line_is_ascii_digits(score):
    text = LESSON.replace("score: 5", f"score: {score}")
    ((line, message),) = problems(text)
    assert line == line_of(text, "score: ") and message.startswith("'score:' is a whole number of points")
    assert len(message) < 150


def test_a_signed_score_is_still_read():
    assert problems(LESSON.replace("score: 5", "score: +5")) == []
    assert problems(LESSON.replace("score: 5", "score: +-5"))[0][1].startswith("'score:' is a whole number")


@pytest.mark.parametrize("typed", ["٥", "５", "5" * 5_000])
def test_a_typed_score_is_ascii_digits(typed):
    feedback = _score_question_run().answer(typed)
    assert not feedback.correct and not feedback.counted


# --- messages quote the input cut short ----------------------------------------------------------

HOSTILE = "Z" * LONG
PLACES = {
    "the game": ("game: card-commons", f"game: {HOSTILE}"),
    "an option's name": ("viewer: A", f"viewer: A\n{HOSTILE}: 1"),
    "an option's value": ("viewer: A", f"viewer: A\nvariant: {HOSTILE}"),
    "the viewer": ("viewer: A", f"viewer: {HOSTILE}"),
    "a state line": ("A hand: 5C", f"A hand: 5C {HOSTILE}"),
    "a move": ("defend 5H", f"defend {HOSTILE}"),
    "a move answer": ("play: claim 5C", f"play: claim 5C, {HOSTILE}"),
    "a player": ("player: A", f"player: {HOSTILE}"),
    "a score": ("score: 5", f"score: {HOSTILE}"),
    "a question line": ("score: 5", f"score: 5\n{HOSTILE}: 1"),
    "a line without a colon": ("score: 5", f"score: 5\n{HOSTILE}"),
    "a key given twice": ("score: 5", f"score: 5\nplayer{' ' * LONG}A: A"),
    "a feedback": ("score: 5", f"score: 5\nfeedback {HOSTILE}: no"),
    "a change": ("score: 5", f"score: 5\nchange: {HOSTILE}"),
    "a verb": ("player: A\nscore: 5", f"cards: 5C\nverb: {HOSTILE}"),
    "a deal option": (
        LESSON[LESSON.index("```state") : LESSON.index("```question")],
        f"```deal\nseed: 1\n{HOSTILE}: 1\n```\n\n",
    ),
    "a deck": (LESSON[LESSON.index("```state") : LESSON.index("```question")], f"```deal\ndeck: {HOSTILE}\n```\n\n"),
    "a fence": ("```moves", f"```{HOSTILE}\n```moves"),
}


@pytest.mark.parametrize("where", PLACES)
def test_a_message_quotes_at_most_80_characters_of_the_input(where):
    old, new = PLACES[where]
    text = LESSON.replace(old, new, 1)
    found = problems(text)
    assert found, where
    for line, message in found:
        assert 1 <= line <= len(text.splitlines()), (line, message)
        longest = max((len(run) for run in re.findall(r"Z+| {20,}", message)), default=0)
        assert longest <= MOST_QUOTED and len(message) < 400, message[:500]


def test_a_problem_names_the_file_and_the_line(tmp_path):
    path = tmp_path / "long.md"
    path.write_text(LESSON.replace("defend 5H", f"defend {HOSTILE}"), encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        lessons.load(path)
    assert str(caught.value).startswith(f"{path}:{line_of(path.read_text(), 'defend Z')}: the move 'defend ZZ")
    assert len(str(caught.value)) < 400
