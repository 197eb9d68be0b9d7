"""A lesson's widget sends the browser only the steps reached.

Every bundled lesson is played through in its widget (each question answered right, or its
answer revealed), and at every moment everything the widget syncs to the browser is read: no
question of a later step, nor one still to come at this step, and no commentary of a later
step is in it.
"""

from __future__ import annotations

import json
import re

import pytest

from cardlab import lessons
from cardlab.widgets import Lesson
from cardlab.widgets.viewmodel import pretty


def _synced(widget: Lesson) -> str:
    """Everything the widget syncs to the browser but its code and style (the same for every
    lesson), as one text (JSON strings decoded)."""
    state = {key: value for key, value in widget.get_state().items() if key not in ("_esm", "_css")}
    return json.dumps(
        {key: json.loads(v) if key.endswith("_json") else v for key, v in state.items()}, ensure_ascii=False
    )


def _sentences(text: str) -> set[str]:
    """The longer sentences of a text, as they are shown (card codes with suit symbols)."""
    return {s.strip() for s in re.split(r"(?<=[.!?:])\s+", pretty(" ".join(text.split()))) if len(s.strip()) > 40}


def _to_come(lesson: lessons.Lesson, index: int, asked: int) -> tuple[set[str], set[str]]:
    """The prompts and the commentary sentences not reached at step ``index`` once ``asked``
    of its questions are settled, less those also said (or said within a longer text) on a step reached."""
    steps = lesson.steps
    prompts = {pretty(q.prompt) for q in steps[index].questions[asked + 1 :]}
    prompts |= {pretty(q.prompt) for step in steps[index + 1 :] for q in step.questions}
    reached = {pretty(q.prompt) for step in steps[: index + 1] for q in step.questions[: asked + 1]}
    said = set().union(*(_sentences(step.commentary) for step in steps[: index + 1]))
    later = (
        set().union(*(_sentences(step.commentary) for step in steps[index + 1 :])) if index + 1 < len(steps) else set()
    )
    prompts = {p for p in prompts if not any(p in r for r in reached)}  # "What is your balance now?" twice
    return prompts, later - said


@pytest.mark.parametrize("name", lessons.bundled_names())
def test_later_steps_are_sent_only_when_reached(name):
    widget = Lesson(name)
    run, lesson = widget.run, widget.lesson
    try:
        while True:
            asked = 0
            while True:
                prompts, commentary = _to_come(lesson, run.index, asked)
                sent = _synced(widget)
                for prompt in prompts:
                    assert prompt not in sent, f"step {run.index}: a later question is sent: {prompt!r}"
                for sentence in commentary:
                    assert sentence not in sent, f"step {run.index}: a later step's commentary is sent: {sentence!r}"
                question = run.question
                if question is None:
                    break
                if asked % 2:
                    widget.reveal()
                elif question.kind == "play":
                    widget.answer(str(question.moves[0]))
                elif question.kind == "score":
                    widget.answer(str(question.points))
                else:
                    widget.answer(sorted(c.code for c in question.cards))
                asked += 1
            if not widget.next():
                break
        assert run.finished
    finally:
        widget.close()
