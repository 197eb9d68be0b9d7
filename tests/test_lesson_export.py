"""The progress a teacher collects: in CSV, no cell a spreadsheet would run as a formula; in
JSON and CSV alike, only the questions of the steps the learner has reached."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cardlab import lessons
from cardlab.lessons import LessonRun
from helpers.lesson_texts import LAST_TURN_STATE

LESSON = (
    """\
# {title}

```lesson
game: card-commons
viewer: A
```

"""
    + LAST_TURN_STATE
    + """
```question
ask: {ask}
play: claim 5C
```

```moves
claim 5C
defend 5H
```

```question
ask: What does A score after the Defense, rule by rule?
player: A
score: 5
```
"""
)


def rows(*items) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(lessons.progress_csv(items))))


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_csv_cell_that_a_spreadsheet_would_run_is_made_text(start):
    formula = f'{start}HYPERLINK("http://example.com","marks")'
    run = LessonRun(LESSON.format(title="The last turn", ask="What do you play?"), learner=formula)
    (row,) = rows(run)
    assert row["learner"] == f"'{formula}" and row["step"] == "0" and row["tries"] == "0"  # numbers stay numbers
    assert json.loads(lessons.progress_json([run]))["lessons"][0]["learner"] == formula  # JSON: as written


@pytest.mark.parametrize("start", ["=", "+", "-", "@"])
def test_a_title_or_prompt_that_a_spreadsheet_would_run_is_made_text(start):
    formula = f'{start}HYPERLINK("http://example.com";"marks")'
    run = LessonRun(LESSON.format(title=f"{start}1+1", ask=f"{formula} What do you play?"))
    (row,) = rows(run)
    assert row["title"] == f"'{start}1+1" and row["prompt"] == f"'{formula} What do you play?"
    assert row["lesson"] == "1-1" and row["learner"] == ""
    data = json.loads(lessons.progress_json([run]))["lessons"][0]
    assert data["title"] == f"{start}1+1" and data["items"][0]["prompt"] == f"{formula} What do you play?"


def test_plain_cells_are_written_as_they_are():
    run = LessonRun(LESSON.format(title="The last turn", ask="What do you play?"), learner="Ada")
    (row,) = rows(run)
    assert (row["learner"], row["title"], row["prompt"], row["kind"]) == (
        "Ada",
        "The last turn",
        "What do you play?",
        "play",
    )


def test_only_the_questions_of_the_steps_reached_are_exported():
    run = LessonRun(LESSON.format(title="The last turn", ask="What do you play?"), learner="Ada")
    later = "What does A score after the Defense, rule by rule?"
    for text in (lessons.progress_csv([run]), lessons.progress_json([run])):
        assert "What do you play?" in text and later not in text
    data = json.loads(lessons.progress_json([run]))["lessons"][0]
    assert (data["questions"], len(data["items"]), data["reached"]) == (2, 1, 0)
    run.answer("claim 5C")
    run.next()
    assert later not in lessons.progress_csv([run])  # step 1 has no question
    run.next()
    assert [row["prompt"] for row in rows(run)] == ["What do you play?", later]
    assert len(json.loads(lessons.progress_json([run]))["lessons"][0]["items"]) == 2


def test_a_lesson_without_a_question_reached_has_one_row():
    text = LESSON.format(title="T", ask="What do you play?")
    text = text[: text.index("```question")] + text[text.index("```moves") :]
    run = LessonRun(text, learner="Ada")
    (row,) = rows(run)
    assert row["learner"] == "Ada" and row["step"] == "" and row["prompt"] == ""
