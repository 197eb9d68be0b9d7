"""The classroom's plain pages: the join form, its refusals, the seat cookie and the teacher's link."""

from __future__ import annotations

import warnings

import pytest
from starlette.applications import Starlette

with warnings.catch_warnings():  # this Starlette prefers httpx2 for its test client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardlab.classroom.classroom import Classroom
from cardlab.classroom.store_address import open_store
from cardlab.classroom.tokens import SEAT_COOKIE, TEACHER_COOKIE
from cardlab.classroom.web import join_page, routes


@pytest.fixture
def classroom(tmp_path):
    classroom = Classroom(open_store(f"sqlite:{tmp_path / 'class.db'}"))
    yield classroom
    classroom.close()


@pytest.fixture
def client(classroom):
    return TestClient(Starlette(routes=routes(lambda: classroom)), follow_redirects=False)


def test_joining_sets_an_httponly_samesite_cookie_and_goes_on_to_the_seat(classroom, client):
    room = classroom.create_room("commitment")
    answer = client.post("/join", data={"room": room.code.lower(), "name": "Ada"})
    assert answer.status_code == 303 and answer.headers["location"] == "play"
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{SEAT_COOKIE}={room.code}.") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    value = cookie.split(";")[0].split("=", 1)[1]
    assert classroom.seat_for(value) == (room, 0) and value.split(".")[1] not in answer.headers["location"]


def test_a_refused_join_shows_the_form_again_with_the_reason(classroom, client):
    room = classroom.create_room("commitment")
    client.post("/join", data={"room": room.code, "name": "Ada"})
    answer = client.post("/join", data={"room": room.code, "name": "ada"})
    assert (
        answer.status_code == 400
        and "already called ada" in answer.text
        and SEAT_COOKIE not in answer.headers.get("set-cookie", "")
    )
    wrong = client.post("/join", data={"room": "QQQQQQ", "name": "<b>Eve</b>"})
    assert "no room with those letters" in wrong.text and "&lt;b&gt;Eve&lt;/b&gt;" in wrong.text
    assert "<b>Eve" not in wrong.text  # what was typed is shown as text, never as markup
    assert client.post("/join", content=b"room=" + b"A" * 5000).status_code == 413  # too large to read


def test_the_teacher_link_turns_its_key_into_a_cookie(classroom, client):
    answer = client.get(f"/teacher?key={classroom.teacher_key}")
    assert answer.status_code == 303 and answer.headers["location"] == "dashboard"
    assert answer.headers["set-cookie"].startswith(f"{TEACHER_COOKIE}={classroom.teacher_key}")
    assert "HttpOnly" in answer.headers["set-cookie"]
    assert client.get("/teacher?key=guess").status_code == 403
    assert client.get("/teacher").status_code == 403


def test_the_join_page_has_no_script():
    page = join_page("K7PQ2M", "Ada", "A reason.")
    assert "<script" not in page and 'value="K7PQ2M"' in page and 'role="alert"' in page
