"""The learner's page of a lesson room, without a browser: the Lesson widget on the learner's
own run, which checks the seat before every action and redraw, refuses a replayed message,
says why Next waits when the teacher holds the class, and sends nothing more once the seat
is freed."""

from __future__ import annotations

import json

import pytest

from cardlab.classroom.classroom import Classroom
from cardlab.classroom.lesson_app import LessonSeatWidget
from cardlab.classroom.store_address import open_store
from cardlab.classroom.tokens import digest
from helpers.widget_driver import send

LESSON = "card-commons-2-forced-defense"


@pytest.fixture
def room(tmp_path):
    classroom = Classroom(open_store(f"sqlite:{tmp_path / 'c.db'}"))
    room = classroom.create_lesson_room(LESSON)
    yield classroom, room
    classroom.close()


def _page(classroom, room, name):
    _, seat, cookie = classroom.join(room.code, name)
    token = digest(cookie.partition(".")[2])
    widget = LessonSeatWidget(room, room.run(seat), holds=lambda: room.seats[seat].token == token)
    return seat, widget


def _lesson(widget) -> dict:
    return json.loads(widget.view_json)["lesson"]


def test_a_page_answers_for_its_own_learner_and_the_store_keeps_it(room):
    classroom, room = room
    ada, page = _page(classroom, room, "Ada")
    ben, _ = _page(classroom, room, "Ben")
    send(page, "answer", cards=["2H", "KS"])
    assert _lesson(page)["settled"][0]["feedback"]["correct"]
    assert len(classroom.store.actions(room.code, ada)) == 1
    assert classroom.store.actions(room.code, ben) == []
    assert room.run(ben).progress().questions[0].tries == 0


def test_a_replayed_message_changes_nothing(room):
    classroom, room = room
    ada, page = _page(classroom, room, "Ada")
    old = page.view["rev"]
    send(page, "answer", cards=["2H"])
    page._handle_custom_msg({"action": "answer", "rev": old, "cards": ["2H"]}, [])
    assert "changed before that click" in page.message["text"]
    page._handle_custom_msg({"action": "learner", "rev": page.view["rev"], "name": "Ben"}, [])
    assert "unknown action" in page.message["text"] and room.run(ada).learner == "Ada"
    assert len(classroom.store.actions(room.code, ada)) == 1


def test_next_says_the_class_is_waiting_while_the_teacher_holds_it(room):
    classroom, room = room
    ada, page = _page(classroom, room, "Ada")
    run = room.run(ada)
    while run.question is not None:
        run.reveal()
    room.bring_to(0)
    lesson = _lesson(page)
    assert not lesson["can_next"] and lesson["waits"] == "The class is waiting at step 0. Your teacher will go on soon."
    send(page, "next")
    assert page.message["text"].startswith("The class is waiting") and run.index == 0
    room.bring_to(1)
    assert _lesson(page)["step"] == 1  # brought on, and drawn
    room.pause()
    send(page, "back")
    assert "paused" in page.message["text"] and run.index == 1


def test_a_freed_seat_gets_nothing_more_and_does_nothing(room):
    classroom, room = room
    ada, page = _page(classroom, room, "Ada")
    rev = page.view["rev"]
    room.free(ada)
    send(page, "answer", cards=["2H", "KS"])
    assert page.view["rev"] == rev and classroom.store.actions(room.code, ada) == []
    room.run(ada).reveal()  # the learner's run goes on elsewhere (their new page)
    assert page.view["rev"] == rev


def test_the_page_is_sent_no_static_picture_of_the_table(room):
    classroom, room = room
    _, page = _page(classroom, room, "Ada")
    data = page._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert "text/html" not in data and "application/vnd.jupyter.widget-view+json" in data


def test_the_live_view_writes_names_and_answers_as_text(room):
    from cardlab.classroom.lesson_view import grid_html, spread_html

    classroom, room = room
    _, seat, _ = classroom.join(room.code, "<b>Ada</b>")
    room.run(seat).answer("<script>x</script>")  # no cards: not counted, not in the spread
    room.run(seat).answer(["2H"])
    columns, rows = room.grid()
    grid = grid_html(columns, rows)
    assert "&lt;b&gt;Ada&lt;/b&gt;" in grid and "<b>Ada" not in grid
    assert 'data-status="open" data-tries="1"' in grid
    spread = spread_html(room, columns[0])
    assert 'data-answer="2♥"' in spread and "script" not in spread and "Ada" not in spread
