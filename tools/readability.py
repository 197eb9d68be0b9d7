"""How learner text reads: sentence lengths, software words, pronouns for swapping roles.

    python tools/readability.py                       # every learner notebook and bundled lesson
    python tools/readability.py notebooks/01_card_commons.ipynb cardlab/lesson_files/commerce-2-rankings.md

Learner text is what a learner reads: the Markdown cells of the learner notebooks, and every
word of a lesson (title, introduction, commentary, questions, feedback, explanations). Code
cells are not learner text: the app hides them. Prints one line per problem, then a summary
per file (sentences, median and longest sentence in words, Markdown words); exits 1 when a
problem was found. ``tests/test_readability.py`` holds the project to it.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEARNER_NOTEBOOKS = ("00_start_here", "01_card_commons", "02_commerce", "03_commitment", "04_contest", "08_explainers")
LONGEST = 35  # words in a sentence, at most
MEDIAN = 18  # the median sentence, at most (most sentences near 15)
NOTEBOOK_WORDS = 900  # Markdown words in a game's learner notebook, about

# Words of software, not of the game. "table", "card", "click", "button" and "menu" are a
# learner's words too.
SOFTWARE = (
    "session",
    "sessions",
    "view",
    "viewer",
    "kernel",
    "widget",
    "widgets",
    "notebook",
    "notebooks",
    "cell",
    "cells",
    "code",
    "text form",
    "json",
    "seed",
    "python",
    "variable",
    "function",
    "parameter",
    "api",
    "voilà",
    "voila",
    "jupyter",
    "jupyterlab",
    "run the",
    "shift+enter",
    "rule id",
    "rule-id",
    "state",
    "states",
)
PRONOUNS = ("he", "she", "him", "his", "her", "hers", "himself", "herself")
_SOFTWARE = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in SOFTWARE) + r")(?![\w-])", re.I)
_PRONOUN = re.compile(r"(?<![\w-])(" + "|".join(PRONOUNS) + r")(?![\w-])", re.I)
_RULE_ID = re.compile(r"(?<![\w.])(commons|commerce|commitment|contest)\.[a-z][a-z-]*(\.[a-z-]+)*")
_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\s]*\)")
_MARKUP = re.compile(r"[*_]{1,3}(?=\S)|(?<=\S)[*_]{1,3}")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n\s*\n")
_WORD = re.compile(r"[^\s|]*[\w♠♥♦♣][^\s|]*")


@dataclass
class Report:
    """What one file's learner text is like."""

    path: str
    sentences: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    words: int = 0

    @property
    def lengths(self) -> list[int]:
        return [words(s) for s in self.sentences]

    @property
    def median(self) -> float:
        return statistics.median(self.lengths) if self.sentences else 0.0

    @property
    def longest(self) -> int:
        return max(self.lengths, default=0)


def words(text: str) -> int:
    return len(_WORD.findall(text))


def plain(markdown: str) -> list[str]:
    """The pieces of a Markdown text a reader takes as separate lines: each paragraph, list
    item, heading and table cell, without the markup. List items that end with a semicolon or
    a comma read on into the next item: together they are one sentence."""
    pieces: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            pieces.append(" ".join(paragraph))
            paragraph.clear()

    fence = False
    for raw in markdown.splitlines():
        line = raw.strip()
        if line.startswith("```"):
            fence = not fence
            flush()
            continue
        if fence:
            continue
        if not line or re.fullmatch(r"\|?[\s:|-]+\|?", line):
            flush()
            continue
        if line.startswith("|"):
            flush()
            pieces.extend(cell.strip() for cell in line.strip("|").split("|") if cell.strip())
            continue
        heading = re.match(r"#{1,6}\s+", line)
        item = re.match(r"([*+-]|\d+[.)])\s+", line)
        if heading or item or line.startswith(">"):
            if not (item and paragraph and paragraph[-1].endswith((";", ","))):
                flush()
            line = line[(heading or item).end() :] if (heading or item) else line.lstrip("> ")
            if heading:
                pieces.append(line)
                continue
        paragraph.append(line)
    flush()
    return [_MARKUP.sub("", _LINK.sub(r"\1", piece)) for piece in pieces]


def sentences(markdown: str) -> list[str]:
    found = []
    for piece in plain(markdown):
        found.extend(s.strip() for s in _SENTENCE_END.split(piece) if words(s))
    return found


def check_text(report: Report, markdown: str, where: str, *, app: bool = False) -> None:
    """Add the problems of one learner text, ``where`` naming its place."""
    if "`" in markdown:
        report.problems.append(f"{where}: code in backticks: {_quote(markdown, markdown.index('`'))}")
    for match in _RULE_ID.finditer(markdown):
        report.problems.append(f"{where}: a rule id ({match.group(0)}): say the rule in words")
    for sentence in sentences(markdown):
        report.sentences.append(sentence)
        count = words(sentence)
        if count > LONGEST:
            report.problems.append(f"{where}: a sentence of {count} words: {sentence[:90]}…")
        for match in _SOFTWARE.finditer(sentence):
            report.problems.append(f"{where}: a software word ({match.group(0)}): {_quote(sentence, match.start())}")
        for match in _PRONOUN.finditer(sentence):
            report.problems.append(
                f"{where}: '{match.group(0)}' for a player: name the player ({_quote(sentence, match.start())})"
            )
    if app:
        for match in re.finditer(r"(?i)\b(run|edit|execute)\b", markdown):
            report.problems.append(
                f"{where}: '{match.group(0)}': the app has nothing to run or edit ({_quote(markdown, match.start())})"
            )


def _quote(text: str, at: int) -> str:
    return "«" + " ".join(text[max(0, at - 30) : at + 40].split()) + "»"


def notebook_report(path: Path) -> Report:
    report = Report(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path))
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        report.words += sum(words(piece) for piece in plain(text))
        check_text(report, text, f"{report.path}: cell {index}", app=True)
    return report


def lesson_report(path: Path) -> Report:
    from cardlab import lessons  # the engine's lesson reader: learner text is what it shows

    report = Report(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path))
    lesson = lessons.load(str(path))
    check_text(report, lesson.title, f"{report.path}: the title")
    for step in lesson.steps:
        where = f"{report.path}:{step.line}" if step.number else f"{report.path}: the introduction"
        check_text(report, step.commentary, where)
        for question in step.questions:
            at = f"{report.path}:{question.line}"
            check_text(report, question.prompt, at)
            check_text(report, question.explanation, at + " (explanation)")
            for answer, said in question.feedback:
                check_text(report, said, f"{at} (feedback {answer})")
    return report


def learner_files() -> list[Path]:
    notebooks = [ROOT / "notebooks" / f"{name}.ipynb" for name in LEARNER_NOTEBOOKS]
    return [p for p in notebooks if p.exists()] + sorted((ROOT / "cardlab" / "lesson_files").glob("*.md"))


def report(path: Path) -> Report:
    return notebook_report(path) if path.suffix == ".ipynb" else lesson_report(path)


def main(args: list[str]) -> int:
    paths = [Path(a).resolve() for a in args] or learner_files()
    reports = [report(p) for p in paths]
    for r in reports:
        for problem in r.problems:
            print(problem)
    print()
    print(f"{'file':<58} {'sentences':>9} {'median':>6} {'longest':>7} {'over 35':>7} {'md words':>8}")
    for r in reports:
        over = sum(1 for n in r.lengths if n > LONGEST)
        print(
            f"{r.path:<58} {len(r.sentences):>9} {r.median:>6.1f} {r.longest:>7} {over:>7} "
            f"{r.words if r.path.endswith('.ipynb') else '':>8}"
        )
    return 1 if any(r.problems for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
