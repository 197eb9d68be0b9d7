"""Learner text reads as the writing rules ask (tools/readability.py): in the learner notebooks
and every bundled lesson, no sentence over 35 words, a median sentence near 15 words, no
software words, no code, no rule ids, players by name rather than he or she; in the notebooks,
nothing to run or edit (the app has no cells) and about 900 words of Markdown at most."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.writing import readability

FILES = readability.learner_files()


def test_the_learner_notebooks_are_there():
    assert {p.stem for p in FILES if p.suffix == ".ipynb"} == set(readability.LEARNER_NOTEBOOKS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_learner_text_follows_the_writing_rules(path: Path) -> None:
    report = readability.report(path)
    assert report.sentences, f"{path.name} has no learner text"
    assert not report.problems, "\n".join(report.problems)
    assert report.median <= readability.MEDIAN, f"{path.name}: the median sentence has {report.median} words"


@pytest.mark.parametrize(
    "path", [p for p in FILES if p.suffix == ".ipynb" and p.stem != "00_start_here"], ids=lambda p: p.name
)
def test_a_learner_notebook_is_short(path: Path) -> None:
    report = readability.report(path)
    assert report.words <= readability.NOTEBOOK_WORDS * 1.1, f"{path.name}: {report.words} words of Markdown"


@pytest.mark.parametrize(
    "text, problem",
    [
        ("A plays the 4♥, and then he claims.", "'he' for a player"),
        ("Run the cell below.", "software word"),
        ("Use `game.play` here.", "code in backticks"),
        ("This is the rule commons.defense.forced at work.", "a rule id"),
        (" ".join(["word"] * 36) + ".", "a sentence of 36 words"),
        ("- " + " ".join(["word"] * 18) + ";\n- " + " ".join(["word"] * 18) + ".", "a sentence of 36 words"),
    ],
)
def test_the_checker_finds_each_kind_of_problem(text: str, problem: str) -> None:
    report = readability.Report("example")
    readability.check_text(report, text, "example")
    assert any(problem in p for p in report.problems), report.problems


def test_the_checker_lets_plain_game_words_through() -> None:
    report = readability.Report("example")
    readability.check_text(
        report,
        "A claims with the 2♦. B must answer: B holds the 2♥.\n\n| card | worth |\n|---|---|\n| 9♦ | 9 |",
        "example",
    )
    assert not report.problems and report.lengths == [5, 7, 1, 1, 1, 1]
