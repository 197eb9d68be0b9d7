"""Every word a learner reads in a classroom room follows the writing rules (tools/readability.py)."""

from __future__ import annotations

import pytest

from cardlab.classroom.words import LEARNER_TEXTS
from helpers.writing import readability


def test_there_are_texts_to_check():
    assert {"JOIN_INTRO", "NO_SUCH_ROOM", "PAUSED", "LOST_LINK", "WAITING"} <= set(LEARNER_TEXTS)


@pytest.mark.parametrize("name", sorted(LEARNER_TEXTS))
def test_a_learner_text_follows_the_writing_rules(name):
    report = readability.Report(name)
    readability.check_text(report, LEARNER_TEXTS[name], name, app=True)
    assert not report.problems, report.problems
