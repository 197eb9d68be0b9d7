"""Every rule of every game is played by a bundled lesson (tools/rule_coverage.py): the learner
notebooks teach through the lessons, so a rule no lesson plays is one no learner meets. Rules are
counted by rule id and by sentence of the rule text: a rule id that implements several sentences
is played only when each of its sentences is."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from cardlab import lessons

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("rule_coverage", ROOT / "tools" / "rule_coverage.py")
rule_coverage = importlib.util.module_from_spec(_spec)
sys.modules["rule_coverage"] = rule_coverage
_spec.loader.exec_module(rule_coverage)


@pytest.mark.parametrize("game", rule_coverage.GAMES)
def test_every_rule_id_is_played_by_a_lesson(game: str) -> None:
    table = rule_coverage.coverage(game)
    assert len(table) > 20, f"docs/rules/{game}.md lists only {len(table)} rule ids"
    never = [rule for rule, names in table.items() if not names]
    assert not never, f"{game}: no bundled lesson plays {', '.join(never)}"


@pytest.mark.parametrize("game", rule_coverage.GAMES)
def test_every_sentence_of_the_rule_text_is_played_or_asked(game: str) -> None:
    left = rule_coverage.unplayed(game)
    said = "\n".join(f"  texts/{game}.txt line {s.sentence.line}: {s.sentence.text} (evidence: {s.how})" for s in left)
    assert not left, f"{game}: {len(left)} sentences of the rule text are played or asked by no lesson:\n{said}"


def test_what_a_lesson_plays_comes_from_its_moves_its_score_and_its_refusals() -> None:
    played = rule_coverage.played(lessons.load("card-commons-1-worked-example"))
    assert {"commons.claim", "commons.defense.placement", "commons.score.count"} <= played  # moves, the score
    assert "commons.commission.no-wild" in played  # the feedback names the Q♥, a Wild
    assert "commons.trade.pool" not in played  # no trade in that round


def test_the_rule_text_is_read_sentence_by_sentence_and_each_is_matched_to_its_rule_ids() -> None:
    found = {s.text: s for s in rule_coverage.sentences("commitment")}
    assert "Who starts." in found and "Equal VP is a draw." in found  # a step's title, a sentence of its own
    assert "Play" not in found  # a heading
    ids = rule_coverage.implemented_by("commitment")
    king, on_top = (
        found["King: doubles the value of every card below it in its stack."],
        found["Cards played on top of it aren’t doubled."],
    )
    assert ids[king] == ids[on_top] == ["commitment.king"]  # one rule id, two sentences


def test_a_lesson_that_plays_a_rule_id_plays_only_the_sentences_it_shows() -> None:
    import cardlab

    # A King joins the 9♥ at battle 1: it doubles the card below it; no card is played on top of it
    game = cardlab.game("commitment")
    session = cardlab.Session(game, game.deal(seed=1))
    for move in ("9H b1", "8C b1", "KH b1"):
        session.play(move)
    lesson = lessons.load(lessons.from_session(session, title="A King", viewer="teacher"))
    assert "commitment.king" in rule_coverage.played(lesson)
    status = {s.sentence.text: s.status for s in rule_coverage.sentence_coverage("commitment", {"a-king": lesson})}
    assert status["King: doubles the value of every card below it in its stack."] == "played"
    assert status["Cards played on top of it aren’t doubled."] == "unplayed"
    assert status["10 9 8 10 14 6"] == "not a rule"
