"""The classroom's plain pages: the join form, its refusals, the seat cookie and the teacher's link."""

from __future__ import annotations

import warnings

import pytest
from starlette.applications import Starlette

with warnings.catch_warnings():  # this Starlette prefers httpx2 for its test client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardlab.classroom import words
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


def _browser(classroom: Classroom) -> TestClient:
    """Another learner's browser: a client with cookies of its own."""
    return TestClient(Starlette(routes=routes(lambda: classroom)), follow_redirects=False)


def test_a_refused_join_shows_the_form_again_with_the_reason(classroom, client):
    room = classroom.create_room("commitment")
    _browser(classroom).post("/join", data={"room": room.code, "name": "Ada"})
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


def test_the_join_page_knows_the_seat_its_browser_holds(classroom, client):
    room = classroom.create_room("commitment")
    assert 'class="cardlab-your-seat"' not in client.get("/").text
    client.post("/join", data={"room": room.code, "name": "Ada"})
    cookie = client.cookies[SEAT_COOKIE]
    page = client.get("/").text  # the back button, or the join page opened again
    assert words.YOU_ARE.format(name="Ada") in page and f'value="{room.code}"' in page
    assert f'href="play">{words.BACK_TO_TABLE}</a>' in page
    again = client.post("/join", data={"room": room.code.lower(), "name": "ada"})  # Join again, as Ada
    assert again.status_code == 303 and again.headers["location"] == "play"
    assert client.cookies[SEAT_COOKIE] == cookie and [s.name for s in room.seats] == ["Ada", None]
    room.free(0)  # a freed seat's cookie is known no more
    assert 'class="cardlab-your-seat"' not in client.get("/").text


def test_a_browser_that_holds_a_seat_is_asked_before_it_takes_another(classroom, client):
    room = classroom.create_room("commitment")
    client.post("/join", data={"room": room.code, "name": "Ada"})
    cookie = client.cookies[SEAT_COOKIE]
    asked = client.post("/join", data={"room": room.code, "name": "Ben"})  # a second learner in this browser
    assert asked.status_code == 200 and words.SECOND_SEAT.format(name="Ada", code=room.code) in asked.text
    assert words.JOIN_ANYWAY.format(new="Ben") in asked.text and "set-cookie" not in asked.headers
    assert client.cookies[SEAT_COOKIE] == cookie and [s.name for s in room.seats] == ["Ada", None]
    other = classroom.create_room("commitment")  # another room too
    assert (
        words.SECOND_SEAT.format(name="Ada", code=room.code)
        in client.post("/join", data={"room": other.code, "name": "Ada"}).text
    )
    anyway = client.post("/join", data={"room": room.code, "name": "Ben", "again": "yes"})
    assert anyway.status_code == 303 and client.cookies[SEAT_COOKIE] != cookie
    assert [s.name for s in room.seats] == ["Ada", "Ben"]


def test_a_look_alike_name_is_refused_on_the_join_page(classroom, client):
    room = classroom.create_room("commitment")
    _browser(classroom).post("/join", data={"room": room.code, "name": "Ada"})
    answer = client.post("/join", data={"room": room.code, "name": "\u0410da"})  # a Cyrillic А
    assert answer.status_code == 400 and words.NAME_LOOKS_LIKE.format(name="Ada") in answer.text


def test_the_join_page_says_what_a_room_is_truthfully():
    page = join_page()
    assert "six letters of" not in page and "letters and digits" in page


def test_a_join_waiting_for_a_busy_room_leaves_the_server_answering_others(classroom, client):
    """A room's lock may be held by a thread that waits for the server's loop (to send a page
    its new table): a join waiting for that lock must wait off the loop, which answers others."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    room = classroom.create_room("commitment")
    released = threading.Event()

    def hold_the_room() -> None:
        with room.lock:
            released.wait(30)

    holder = threading.Thread(target=hold_the_room)
    holder.start()
    try:
        with client, ThreadPoolExecutor(2) as pool:  # one event loop for both requests, as a server has
            joining = pool.submit(client.post, "/join", data={"room": room.code, "name": "Ada"})
            other = pool.submit(client.get, "/")
            assert other.result(timeout=20).status_code == 200  # the loop is free while the join waits
            assert not joining.done()  # still waiting for the room
            released.set()
            assert joining.result(timeout=20).status_code == 303
    finally:
        released.set()
        holder.join()
