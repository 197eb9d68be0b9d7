"""Lesson rooms: each learner's run kept in the class's store (SQLite and Redis), restored after
a restart, answered only through its own seat, paced and paused by the teacher, and read by the
teacher's live view (grid, spread of answers, who is stuck) and the class's export."""

from __future__ import annotations

import json
import time

import pytest

from cardlab import lessons
from cardlab.classroom.classroom import Classroom
from cardlab.classroom.lesson_rooms import TEACHER, LessonRoom
from cardlab.classroom.lesson_runs import RunRefused
from cardlab.classroom.rooms import RoomRefused
from cardlab.classroom.store import StaleWrite
from cardlab.classroom.store_address import open_store
from cardlab.lessons import class_csv, class_html, class_progress
from helpers.classroom import wait_until

LESSON = "card-commons-2-forced-defense"


def _open(address: str) -> Classroom:
    return Classroom(open_store(address))


def _first_question(run) -> None:
    while run.question is None and run.next():
        pass


def test_a_learners_run_comes_back_after_a_restart_with_every_try_and_feedback(store_address):
    classroom = _open(store_address)
    room = classroom.create_lesson_room(LESSON)
    _, seat, _ = classroom.join(room.code, "Ada")
    run = room.run(seat)
    _first_question(run)
    wrong = run.answer(["2H"])
    right = run.answer(["2H", "KS"])
    assert not wrong.correct and right.correct
    before = (run.index, run.progress(), run.feedback, run.settled, run.question)
    classroom.close()

    again = _open(store_address)
    restored = again.rooms[room.code]
    assert isinstance(restored, LessonRoom)
    back = restored.run(seat)
    assert (back.index, back.progress(), back.feedback, back.settled, back.question) == before
    assert back.first_answers == {(0, 0): ("2♥", False)}
    again.close()


def test_the_store_keeps_what_the_learner_did_and_never_the_lessons_answers(tmp_path):
    classroom = _open(f"sqlite:{tmp_path / 'c.db'}")
    room = classroom.create_lesson_room(LESSON)
    _, seat, _ = classroom.join(room.code, "Ada")
    run = room.run(seat)
    _first_question(run)
    run.answer(["3D"])
    run.reveal()
    actions = [json.loads(a) for a in classroom.store.actions(room.code, seat)]
    assert [a["do"] for a in actions] == ["answer", "reveal"]
    assert actions[0]["value"] == ["3D"] and set(actions[1]) == {"do", "at"}
    classroom.close()


def test_a_replayed_or_forged_action_number_changes_nothing(tmp_path):
    classroom = _open(f"sqlite:{tmp_path / 'c.db'}")
    room = classroom.create_lesson_room(LESSON)
    _, seat, _ = classroom.join(room.code, "Ada")
    run = room.run(seat)
    _first_question(run)
    run.answer(["2H"])
    first = classroom.store.actions(room.code, seat)[0]
    with pytest.raises(StaleWrite):  # the same action again, under its number
        classroom.store.append_action(room.code, seat, 1, first)
    with pytest.raises(StaleWrite):  # a number from the future
        classroom.store.append_action(room.code, seat, 5, '{"do":"reveal"}')
    assert classroom.store.actions(room.code, seat) == [first]
    classroom.close()


def test_a_seat_opens_only_with_its_own_token_and_a_freed_seat_is_taken_on_by_its_name(tmp_path):
    classroom = _open(f"sqlite:{tmp_path / 'c.db'}")
    room = classroom.create_lesson_room(LESSON)
    _, ada, cookie = classroom.join(room.code, "Ada")
    _, ben, _ = classroom.join(room.code, "Ben")
    assert (ada, ben) == (0, 1)
    assert classroom.seat_for(cookie) == (room, ada)
    code, _, token = cookie.partition(".")
    assert classroom.seat_for(f"{code}.{token}x") is None
    assert classroom.seat_for(f"{code}.") is None
    with pytest.raises(RoomRefused, match="already called"):
        classroom.join(room.code, "ada")
    with pytest.raises(RoomRefused, match="looks just like"):
        classroom.join(room.code, "Аda")  # a Cyrillic А
    _first_question(room.run(ada))
    room.run(ada).answer(["2H", "KS"])
    room.free(ada)
    assert classroom.seat_for(cookie) is None
    _, again, new_cookie = classroom.join(room.code, "Ada")
    assert again == ada and new_cookie != cookie
    assert room.run(ada).progress().answered == 1  # their run goes on
    classroom.close()


def test_the_teacher_holds_the_class_at_a_step_and_lets_it_go_on(tmp_path):
    classroom = _open(f"sqlite:{tmp_path / 'c.db'}")
    room = classroom.create_lesson_room(LESSON)
    seats = [classroom.join(room.code, name)[1] for name in ("Ada", "Ben", "Cy")]
    ada, ben, cy = (room.run(s) for s in seats)
    for run in (ada, ben):  # settle step 0's three questions
        while run.question is not None:
            run.reveal()
    assert ada.next() and ada.next() and ada.next() and ada.index == 3
    room.bring_to(1)
    assert room.pace == TEACHER
    assert ada.index == 1  # brought back
    assert ben.index == 1  # brought forward: step 0 is settled
    assert cy.index == 0 and cy.question is not None  # waits on its own question
    assert not ada.next() and ada.blocked_at(2) and ada.index == 1
    with pytest.raises(RunRefused, match="waiting at step 1"):
        ada.goto(2)
    assert ada.back() and ada.next()  # back and up to the step held is fine
    room.bring_to(2)
    assert ada.index == 2 and ben.index == 2
    room.self_paced()
    assert ada.next() and ada.index == 3
    classroom.close()


def test_a_paused_lesson_refuses_every_action_and_resumes(tmp_path):
    classroom = _open(f"sqlite:{tmp_path / 'c.db'}")
    room = classroom.create_lesson_room(LESSON)
    run = room.run(classroom.join(room.code, "Ada")[1])
    room.pause()
    for action in (lambda: run.answer(["2H"]), run.reveal, lambda: run.goto(1)):
        with pytest.raises(RunRefused, match="paused"):
            action()
    assert classroom.store.actions(room.code, 0) == []
    room.resume()
    assert not run.answer(["2H"]).correct
    classroom.close()


def test_the_grid_spread_and_stuck_list_say_what_each_learner_did(tmp_path):
    classroom = _open(f"sqlite:{tmp_path / 'c.db'}")
    room = classroom.create_lesson_room(LESSON)
    ada, ben, cy = (room.run(classroom.join(room.code, n)[1]) for n in ("Ada", "Ben", "Cy"))
    ada.answer(["2H", "KS"])  # right the first time
    ben.answer(["2H"])  # wrong, then right
    ben.answer(["KS", "2H"])
    cy.answer(["2H"])  # wrong, then revealed
    cy.reveal()
    columns, rows = room.grid()
    first = [(row.name, row.cells[0].status, row.cells[0].tries) for row in rows]
    assert first == [("Ada", "first", 1), ("Ben", "after", 2), ("Cy", "revealed", 1)]
    assert [row.cells[1].status for row in rows] == ["open"] * 3  # asked, not settled
    assert all(row.cells[3].status == "" for row in rows)  # step 11: not reached
    assert room.spread(columns[0]) == [("2♥", False, 2), ("2♥ K♠", True, 1)]
    assert room.spread(columns[1]) == []
    later = time.time() + 600
    assert [name for name, _, _ in room.stuck(now=later)] == ["Ada", "Ben", "Cy"]
    assert room.stuck(now=time.time()) == []
    ben.answer("defend 3D")
    assert room.spread(columns[1]) == [("defend with the 3♦", False, 1)]
    classroom.close()


def test_who_is_stuck_is_read_from_the_log_after_a_restart(tmp_path):
    address = f"sqlite:{tmp_path / 'c.db'}"
    classroom = _open(address)
    room = classroom.create_lesson_room(LESSON)
    _, seat, _ = classroom.join(room.code, "Eli")
    long_ago = time.time() - 600
    classroom.store.append_action(room.code, seat, 1, json.dumps({"do": "answer", "value": ["2H"], "at": long_ago}))
    classroom.close()
    again = _open(address)
    [(name, step, seconds)] = again.rooms[room.code].stuck()
    assert (name, step) == ("Eli", 0) and seconds >= 600
    again.close()


def test_the_class_table_is_the_one_progress_files_make_and_is_safe_in_a_spreadsheet(tmp_path):
    classroom = _open(f"sqlite:{tmp_path / 'c.db'}")
    room = classroom.create_lesson_room(LESSON)
    for name, answer in (("Ada", ["2H", "KS"]), ("=HYPERLINK(1)", ["2H"])):
        run = room.run(classroom.join(room.code, name)[1])
        run.answer(answer)
    for number, progress in enumerate(room.progress()):
        (tmp_path / f"{number}.json").write_text(lessons.progress_json([progress]), encoding="utf-8")
    from_files = class_progress([str(tmp_path / f"{n}.json") for n in range(2)])
    table = room.class_table()
    assert class_csv(table) == class_csv(from_files)
    assert class_html(table) == class_html(from_files)
    assert "'=HYPERLINK(1)" in class_csv(table) and "\n=HYPERLINK" not in class_csv(table)
    classroom.close()


def test_a_lesson_that_fails_its_checks_opens_no_room(tmp_path):
    classroom = _open(f"sqlite:{tmp_path / 'c.db'}")
    bad = tmp_path / "bad.md"
    bad.write_text("# A lesson\n\n```lesson\ngame: no-such-game\n```\n", encoding="utf-8")
    with pytest.raises(lessons.LessonError, match="no start position"):
        classroom.create_lesson_room(str(bad))
    assert classroom.rooms == {}
    classroom.close()


def test_a_learners_action_on_one_process_reaches_the_other(redis_address, tmp_path):
    address = f"{redis_address}?prefix=two-{tmp_path.name}"
    one, two = _open(address), _open(address)
    try:
        room = one.create_lesson_room(LESSON)
        _, seat, _ = one.join(room.code, "Ada")
        other = wait_until(lambda: two.rooms.get(room.code))
        room.run(seat).answer(["2H"])
        wait_until(lambda: other.run(seat).progress() == room.run(seat).progress())
        room.bring_to(0)
        wait_until(lambda: other.pace == TEACHER)
    finally:  # a classroom left open keeps listening to a Redis that the fixture stops
        one.close()
        two.close()


def test_the_command_writes_a_lesson_rooms_table_from_the_store(tmp_path):
    import subprocess
    import sys

    address = f"sqlite:{tmp_path / 'c.db'}"
    classroom = _open(address)  # still serving: the command only reads
    room = classroom.create_lesson_room(LESSON)
    room.run(classroom.join(room.code, "Ada")[1]).answer(["2H", "KS"])
    expected = class_csv(room.class_table())

    def command(*args: str) -> subprocess.CompletedProcess:
        line = [sys.executable, "-m", "cardlab", "lesson", "progress", *args]
        return subprocess.run(line, capture_output=True, text=True, timeout=120)

    done = command("--store", address, "--room", room.code.lower(), "--html", str(tmp_path / "class.html"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "class.html").read_text(encoding="utf-8") == class_html(room.class_table())
    done = command("--store", address, "--room", room.code)
    assert done.returncode == 0 and done.stdout == expected
    assert "1 learner" in done.stderr
    refused = command("--store", address, "--room", "ZZZZZZ")
    assert refused.returncode != 0 and "no lesson room of that code" in refused.stderr
    refused = command("--store", address)
    assert refused.returncode != 0 and "--room CODE" in refused.stderr
    classroom.close()


def test_the_classroom_command_refuses_a_lesson_that_is_not_there(tmp_path):
    import subprocess
    import sys

    line = [sys.executable, "-m", "cardlab", "classroom", "--lesson", str(tmp_path / "none.md")]
    line += ["--store", f"sqlite:{tmp_path / 'c.db'}", "--teacher-key-file", str(tmp_path / "t.html"), "--port", "0"]
    done = subprocess.run(line, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "no such lesson file" in done.stderr
    again = _open(f"sqlite:{tmp_path / 'c.db'}")  # the store is free again
    assert again.rooms == {}  # and nothing was opened
    again.close()
