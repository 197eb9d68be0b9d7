"""Every rule of every game is played by a bundled lesson (tools/rule_coverage.py): the learner
notebooks teach through the lessons, so a rule no lesson plays is one no learner meets."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

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


def test_what_a_lesson_plays_comes_from_its_moves_its_score_and_its_refusals() -> None:
    from cardlab import lessons

    played = rule_coverage.played(lessons.load("card-commons-1-worked-example"))
    assert {"commons.claim", "commons.defense.placement", "commons.score.count"} <= played  # moves, the score
    assert "commons.commission.no-wild" in played  # the feedback names the Q♥, a Wild
    assert "commons.trade.pool" not in played  # no trade in that round
