"""Classroom rooms in real Chromium pages, on a real ``cardlab classroom`` server.

Learners join by the room's letters and their name, each in a browser of their own (its own
cookies), and play each other by clicks to the game's end. What each page holds (its DOM,
attributes included, and every websocket frame it received, which carry every synced value)
is checked at the start, in the middle and at the end: it names no card its seat has never
been shown. A forged message cannot act for another seat and no page can run code; a reload,
or a page closed and opened again, rejoins; a restarted server restores the game and the page
comes back by itself; the teacher's dashboard shows every room; a spectator never changes the
game; a wrong token opens nothing.
"""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest

import cardlab
from cardlab.cards import Card
from cardlab.classroom.tokens import SEAT_COOKIE
from cardlab.games import game_class
from cardlab.widgets.layouts import hand_zone
from helpers.card_finder import hidden_from, mentioned
from helpers.classroom_pages import TABLE, TIMEOUT_MS, LearnerPage, close_pages, play_to_the_end
from helpers.classroom_server import ClassroomServer, prepare, replay, seated

TWO_PLAYER_GAMES = ("card-commons", "commitment", "contest")
ROOMS = [(game, {}) for game in TWO_PLAYER_GAMES] + [("commerce", {"players": 4})] + [("commitment", {})] * 4
#: The rooms of the seats' and the pages' tests below, after those: codes[8] on.
ROOMS += [("commitment", {})] * 4 + [("commerce", {"players": 4})] + [("commitment", {})]


@pytest.fixture(scope="module")
def classroom(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("classroom")
    store = folder / "class.db"
    codes = prepare(store, ROOMS)
    server = ClassroomServer(store, folder / "server.log").start()
    server.codes = codes  # type: ignore[attr-defined]
    yield server
    server.stop()


@pytest.fixture
def learners(classroom: ClassroomServer, browser: Any) -> Any:
    opened: list[LearnerPage] = []

    def open_page(**viewport: int) -> LearnerPage:
        page = LearnerPage(browser, classroom.url, **viewport)
        opened.append(page)
        return page

    yield open_page
    assert close_pages(opened) == []


class NeverShown:
    """The cards a seat has never been shown, from the room's game as the store holds it: on
    no zone it sees at any position so far, and named in no event it may read."""

    def __init__(self, store: Path, code: str) -> None:
        self.store, self.code = store, code

    def of(self, seat: int) -> set[Card]:
        session = replay(self.store, self.code)
        game, hidden = session.game, None
        for number, state in enumerate(session.states):
            now = hidden_from(game, state, seat)
            hidden = now if hidden is None else hidden & now
            told = " ".join(e.text for e in session.events[number] if e.visible_to(seat))
            hidden -= set(mentioned(told))
        return hidden or set()


def _check_privacy(pages: list[LearnerPage], never: NeverShown, when: str) -> None:
    """No page names a card its seat has never been shown (at the start, every seat has some;
    by the end a seat may have seen every card)."""
    for seat, page in enumerate(pages):
        secret = never.of(seat)
        assert secret or when == "at the end", f"{when}: seat {seat} has no hidden card to check"
        leaked = page.cards_shown() & secret
        assert not leaked, f"{when}: seat {seat}'s page names {sorted(c.code for c in leaked)}"


def _join_all(learners: Any, code: str, count: int) -> list[LearnerPage]:
    pages = [learners().join(code, name) for name in ("Ada", "Ben", "Cy", "Dee")[:count]]
    for page in pages:
        page.wait_for_table()
    return pages


def _play_checked(pages: list[LearnerPage], classroom: ClassroomServer, code: str, middle: int) -> int:
    never = NeverShown(classroom.store_path, code)
    _check_privacy(pages, never, "at the start")
    checked = []

    def checkpoint(clicks: int) -> None:
        if clicks == middle:
            _check_privacy(pages, never, f"after {clicks} clicks")
            checked.append(clicks)

    clicks = play_to_the_end(pages, checkpoint)
    _check_privacy(pages, never, "at the end")
    assert checked == [middle] and replay(classroom.store_path, code).game.is_over(
        replay(classroom.store_path, code).state
    )
    return clicks


@pytest.mark.parametrize("game", TWO_PLAYER_GAMES)
def test_two_learners_play_a_game_to_its_end_and_see_only_their_cards(classroom, learners, game):
    code = classroom.codes[TWO_PLAYER_GAMES.index(game)]
    pages = _join_all(learners, code.lower(), 2)
    assert pages[1].page.inner_text(".cardlab-seat-title") == f"Room {code}: you play as Ben."
    assert SEAT_COOKIE not in pages[0].page.url and "token" not in pages[0].page.content()
    assert SEAT_COOKIE not in pages[0].page.evaluate("document.cookie")  # the seat cookie is HttpOnly
    clicks = _play_checked(pages, classroom, code, middle=6)
    assert clicks >= 8


def test_four_learners_play_commerce_to_its_end(classroom, learners):
    code = classroom.codes[3]
    pages = _join_all(learners, code, 4)
    _play_checked(pages, classroom, code, middle=8)


def _comm_of_table(frames: list[str]) -> tuple[str, int]:
    """The comm id of the page's table and its latest rev, from the frames it received."""
    comm, rev = None, None
    for frame in frames:
        if '"view_json"' not in frame or '\\"component\\":\\"table\\"' not in frame:
            continue
        message = json.loads(frame)
        content = message.get("content", {})
        data = content.get("data", {})
        state = data.get("state", {})
        view = json.loads(state["view_json"]) if "view_json" in state else None
        if view is not None:
            comm, rev = content.get("comm_id"), view["rev"]
    assert comm is not None, "no table among the frames"
    return comm, rev  # type: ignore[return-value]


def test_a_forged_message_cannot_act_for_another_seat_and_no_page_runs_code(classroom, learners, tmp_path):
    code = classroom.codes[4]
    sockets: list[Any] = []
    ada = learners()
    ada.page.route_web_socket(re.compile(r"/jupyter/api/kernels/"), lambda ws: sockets.append(_forward(ws)))
    ada.join(code, "Ada").wait_for_table()
    ben = learners().join(code, "Ben")
    ben.wait_for_table()
    mover = 0 if ada.table.locator(".cardlab-tableau .cardlab-playable").count() else 1
    waiting = (ada, ben)[1 - mover]
    ada.page.wait_for_timeout(500)
    comm, rev = _comm_of_table(ada.frames)
    before = len(replay(classroom.store_path, code).moves)
    legal = [str(m) for m in replay(classroom.store_path, code).legal_moves()]
    target = tmp_path / "ran.txt"
    client = sockets[-1]
    # Ada's table plays for whoever is to move, with every legal move of that seat; then code to run.
    for move in legal[:5]:
        client.send_to_server(
            _message(
                "comm_msg",
                {
                    "comm_id": comm,
                    "data": {"method": "custom", "content": {"action": "play", "rev": rev, "move": move}},
                },
            )
        )
    for action in ("opponent", "goto", "swap", "edit_text", "undo_edit"):
        client.send_to_server(
            _message(
                "comm_msg",
                {
                    "comm_id": comm,
                    "data": {
                        "method": "custom",
                        "content": {"action": action, "rev": rev, "name": "random", "index": 0},
                    },
                },
            )
        )
    client.send_to_server(
        _message("execute_request", {"code": f"open({str(target)!r}, 'w').write('x')", "silent": False})
    )
    ada.page.wait_for_timeout(1500)
    after = len(replay(classroom.store_path, code).moves)
    assert not target.exists()
    if waiting is ada:  # Ada's forged moves were for Ben's seat: none was played
        assert after == before
    else:  # Ada may move: at most one of her own moves was played, through her own table
        assert after <= before + 1
    assert ben.table.get_attribute("data-rev") is not None


def _forward(ws: Any) -> Any:
    server = ws.connect_to_server()
    ws.on_message(lambda message: server.send(message))
    server.on_message(lambda message: ws.send(message))

    class Client:
        def send_to_server(self, text: str) -> None:
            server.send(text)

    return Client()


def _message(kind: str, content: dict[str, Any]) -> str:
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": kind,
        "session": uuid.uuid4().hex,
        "username": "",
        "date": "2026-01-01T00:00:00Z",
        "version": "5.3",
    }
    return json.dumps(
        {"header": header, "parent_header": {}, "metadata": {}, "content": content, "buffers": [], "channel": "shell"}
    )


#: A page is back after a restart: loaded again (the mark set before is gone), connected, its
#: table at the game's move ``n``, the notice of a lost link hidden.
BACK_AFTER_RESTART = """(n) => !window.cardlabBeforeRestart
  && window.solara?.debug?.connectionStatus === "connected"
  && document.querySelector(".cardlab-table[data-rev]")?.dataset.step === n
  && document.querySelector(".cardlab-lost-link")?.hidden === true"""


def test_reload_and_reopening_rejoin_and_a_restart_restores_the_game(classroom, learners):
    code = classroom.codes[5]
    pages = _join_all(learners, code, 2)
    for _ in range(3):
        for page in pages:
            page.play_quickly()
    moves = len(replay(classroom.store_path, code).moves)
    assert moves >= 2
    ada = pages[0]
    ada.page.reload()
    ada.wait_for_table()
    assert ada.table.get_attribute("data-step") == str(moves)
    reopened = ada.context.new_page()  # the same browser, the seat's page closed and opened again
    ada.page.close()
    ada.page = reopened
    reopened.goto(f"{classroom.url}/play")
    ada.wait_for_table()
    assert ada.table.get_attribute("data-step") == str(moves)
    for page in pages:
        page.page.evaluate("window.cardlabBeforeRestart = true")
    classroom.stop()
    notice = ada.page.locator(".cardlab-lost-link")
    notice.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert "lost its link" in notice.inner_text()
    classroom.start()  # same store, same port: every room is restored
    for page in pages:  # each page loads again by itself once the server answers
        page.page.wait_for_function(BACK_AFTER_RESTART, arg=str(moves), timeout=60_000)
    assert pages[1].play_quickly() or ada.play_quickly()  # the game goes on
    assert len(replay(classroom.store_path, code).moves) == moves + 1


def test_the_dashboard_shows_every_room_and_a_spectator_never_changes_the_game(classroom, learners):
    code = classroom.codes[6]
    players = _join_all(learners, code, 2)
    teacher = learners()
    teacher.page.goto(classroom.teacher_link)
    teacher.page.wait_for_selector(".cardlab-room", timeout=TIMEOUT_MS)
    assert "key=" not in teacher.page.url  # the key is now an HttpOnly cookie
    shown = teacher.page.locator(".cardlab-room-data").evaluate_all("els => els.map(e => e.dataset.room)")
    assert set(shown) == set(classroom.codes)
    room = teacher.page.locator(".cardlab-room", has=teacher.page.locator(f'[data-room="{code}"]'))
    assert "Ada, Ben" in room.inner_text()
    watcher = learners()
    watcher.context.add_cookies(teacher.context.cookies())
    watcher.page.goto(f"{classroom.url}/watch?room={code}")
    watcher.wait_for_table()
    before = len(replay(classroom.store_path, code).moves)
    cards = watcher.table.locator(".cardlab-tableau [data-code]")
    assert cards.count() > 0 and watcher.table.locator('.cardlab-tableau [data-code="??"]').count() == 0
    for number in range(min(6, cards.count())):
        cards.nth(number).click()
        assert watcher.table.locator(".cardlab-menu .cardlab-move").count() == 0
    assert watcher.table.locator(".cardlab-choices-list .cardlab-move").count() == 0
    assert len(replay(classroom.store_path, code).moves) == before
    # the spectator sees what neither player does (so the privacy checks above can find a card)
    assert watcher.cards_shown() & NeverShown(classroom.store_path, code).of(0)
    room.locator(".cardlab-pause").click()
    players[0].page.wait_for_selector(".cardlab-room-paused", timeout=TIMEOUT_MS)
    for page in players:
        if page.play_quickly():
            assert "paused" in page.refusal()
    assert len(replay(classroom.store_path, code).moves) == before  # paused: nobody moves
    teacher.page.locator(".cardlab-room", has=teacher.page.locator(f'[data-room="{code}"]')).locator(
        ".cardlab-resume"
    ).click()
    players[0].page.wait_for_selector(".cardlab-room-paused", state="detached", timeout=TIMEOUT_MS)


def test_a_wrong_token_or_key_is_refused(classroom, learners):
    code = classroom.codes[7]
    ada = learners().join(code, "Ada")
    ada.wait_for_table()
    (cookie,) = [c for c in ada.context.cookies() if c["name"] == SEAT_COOKIE]
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    for value in (cookie["value"] + "x", f"{code}.made-up", "nonsense"):
        eve = learners()
        eve.context.add_cookies([{**cookie, "value": value}])
        eve.page.goto(f"{classroom.url}/play")
        eve.page.wait_for_selector(".cardlab-no-seat", timeout=TIMEOUT_MS)
        assert eve.table.count() == 0
    wrong = learners()
    answer = wrong.page.goto(re.sub(r"key=\S+", "key=guess", classroom.teacher_link))
    assert answer is not None and answer.status == 403
    assert len(wrong.errors) == 1 and "403" in wrong.errors.pop()  # the browser logs the refused page
    wrong.page.goto(f"{classroom.url}/dashboard")
    wrong.page.wait_for_selector(".cardlab-not-teacher", timeout=TIMEOUT_MS)
    refused = learners()
    refused.page.goto(f"{classroom.url}/")
    refused.page.fill("#room", "QQQQQQ")
    refused.page.fill("#name", "Eve")
    refused.page.click("button[type=submit]")
    assert "no room with those letters" in refused.page.inner_text(".cardlab-refusal")
    assert len(refused.errors) == 1 and "400" in refused.errors.pop()


# -- seats: every page checks its seat -----------------------------------------------------------


def _room_row(teacher: LearnerPage, code: str) -> Any:
    """The room's row of the dashboard, once it is drawn once (a changed row is drawn anew, and
    for a moment the old one may still be there)."""
    from playwright.sync_api import expect

    row = teacher.page.locator(".cardlab-room", has=teacher.page.locator(f'[data-room="{code}"]'))
    expect(row).to_have_count(1, timeout=TIMEOUT_MS)
    return row


def _teacher(learners: Any, classroom: ClassroomServer, **viewport: int) -> LearnerPage:
    teacher = learners(**viewport)
    teacher.page.goto(classroom.teacher_link)
    teacher.page.wait_for_selector(".cardlab-room", timeout=TIMEOUT_MS)
    return teacher


def _hand_of(store: Path, code: str, seat: int) -> set[Card]:
    """The cards in ``seat``'s hand now, as the store's game holds them."""
    session = replay(store, code)
    game = session.game
    zone = hand_zone(game.zones(game.view(session.state, seat)), seat)
    return set(zone.cards)


def test_a_freed_seat_closes_every_page_that_held_it_before_the_next_learner_plays(classroom, learners):
    code = classroom.codes[8]
    sockets: list[Any] = []
    ada = learners()
    ada.page.route_web_socket(re.compile(r"/jupyter/api/kernels/"), lambda ws: sockets.append(_forward(ws)))
    ada.join(code, "Ada").wait_for_table()
    ben = learners().join(code, "Ben")
    ben.wait_for_table()
    copied = learners()  # a page opened with a copy of Ada's cookie
    copied.context.add_cookies([c for c in ada.context.cookies() if c["name"] == SEAT_COOKIE])
    copied.page.goto(f"{classroom.url}/play")
    copied.wait_for_table()
    ada.page.wait_for_timeout(500)
    comm, _ = _comm_of_table(ada.frames)
    teacher = _teacher(learners, classroom)
    _room_row(teacher, code).locator(".cardlab-free", has_text="Ada").click()
    old_pages = (ada, copied)
    for page in old_pages:  # closed, with the reason, in the learner's words
        page.page.wait_for_selector(".cardlab-seat-freed", timeout=TIMEOUT_MS)
        assert "The teacher has freed this seat" in page.page.inner_text(".cardlab-seat-freed")
        assert page.table.count() == 0
    received = {id(page): len(page.frames) for page in old_pages}
    cy = learners().join(code, "Cy")  # the next learner takes the freed seat
    cy.wait_for_table()
    assert cy.page.inner_text(".cardlab-seat-title") == f"Room {code}: you play as Cy."
    assert seated(classroom.store_path, code) == ["Cy", "Ben"]
    for _ in range(3):  # Ben and Cy play on; Cy's hand changes
        for page in (ben, cy):
            page.play_quickly()
    for _ in range(4):  # until Cy is to move
        if replay(classroom.store_path, code).game.to_move(replay(classroom.store_path, code).state) == 0:
            break
        ben.play_quickly()
    session = replay(classroom.store_path, code)
    assert session.game.to_move(session.state) == 0
    moves = len(session.moves)
    _, rev = _comm_of_table(ada.frames)  # the old table's latest rev
    for move in [str(m) for m in session.legal_moves()][:5]:  # Ada's old page plays for Cy's seat
        sockets[-1].send_to_server(
            _message(
                "comm_msg",
                {
                    "comm_id": comm,
                    "data": {"method": "custom", "content": {"action": "play", "rev": rev, "move": move}},
                },
            )
        )
    ada.page.wait_for_timeout(1500)
    assert len(replay(classroom.store_path, code).moves) == moves  # nothing was played
    hand = _hand_of(classroom.store_path, code, 0)
    assert hand
    for page in old_pages:  # the old pages neither show nor were sent Cy's hand, nor any card since
        assert page.table.count() == 0 and not page.play_quickly()
        assert not set(mentioned(page.page.evaluate("document.body.innerText"))) & hand
        assert page.cards_shown() - set(mentioned("\n".join(page.frames[: received[id(page)]]))) == set()
        assert set(mentioned("\n".join(page.frames[received[id(page)] :]))) == set()
    assert cy.play_quickly()  # Cy plays the seat


def test_ending_a_room_closes_its_tables_and_a_new_deal_opens_new_ones(classroom, learners):
    code = classroom.codes[9]
    pages = _join_all(learners, code, 2)
    teacher = _teacher(learners, classroom)
    _room_row(teacher, code).locator(".cardlab-end").click()
    for page in pages:
        page.page.wait_for_selector(".cardlab-room-ended", timeout=TIMEOUT_MS)
        page.page.wait_for_selector(TABLE, state="detached", timeout=TIMEOUT_MS)
    # the row drawn anew as ended (its End button gone), so the click reaches the row that stays
    teacher.page.wait_for_selector(f'[data-room="{code}"][data-state="ended"]', state="attached", timeout=TIMEOUT_MS)
    _room_row(teacher, code).locator(".cardlab-deal").click()
    for page in pages:
        page.wait_for_table()
        assert "dealt a new game" in page.page.inner_text(".cardlab-new-deal")
        assert page.page.locator(".cardlab-room-ended").count() == 0
        assert page.table.get_attribute("data-step") == "0"
    assert pages[0].play_quickly() or pages[1].play_quickly()


# -- joining: the join page knows its browser's seat --------------------------------------------


def test_the_join_page_knows_its_seat_and_asks_before_a_second_learner_takes_one(classroom, learners):
    code = classroom.codes[10]
    ada = learners().join(code, "Ada")
    ada.wait_for_table()
    (cookie,) = [c["value"] for c in ada.context.cookies() if c["name"] == SEAT_COOKIE]
    ada.page.go_back()  # the back button: the join page
    ada.page.wait_for_selector(".cardlab-your-seat", timeout=TIMEOUT_MS)
    assert ada.page.inner_text(".cardlab-your-seat") == "You are Ada in this room. Go back to your table."
    ada.page.fill("#room", code)
    ada.page.fill("#name", "Ada")
    ada.page.click("button[type=submit]")  # Join again: Ada's seat, not "already called Ada"
    ada.wait_for_table()
    assert ada.page.inner_text(".cardlab-seat-title") == f"Room {code}: you play as Ada."
    ada.join(code, "Ben")  # a second learner in the same browser is asked first
    ada.page.wait_for_selector(".cardlab-second-seat", timeout=TIMEOUT_MS)
    assert f"This browser already has a seat: Ada in room {code}." in ada.page.inner_text(".cardlab-second-seat")
    assert [c["value"] for c in ada.context.cookies() if c["name"] == SEAT_COOKIE] == [cookie]
    assert seated(classroom.store_path, code) == ["Ada", None]
    ada.page.click(".cardlab-second-seat .cardlab-back")  # back to Ada's table
    ada.wait_for_table()
    assert ada.page.inner_text(".cardlab-seat-title") == f"Room {code}: you play as Ada."
    lookalike = learners().join(code, "\u0410da")  # "Аda" with a Cyrillic А, from another browser
    lookalike.page.wait_for_selector(".cardlab-refusal", timeout=TIMEOUT_MS)
    assert "looks just like Ada" in lookalike.page.inner_text(".cardlab-refusal")
    assert len(lookalike.errors) == 1 and "400" in lookalike.errors.pop()  # the browser logs the refused page
    ada.join(code, "Ben")
    ada.page.click(".cardlab-join-anyway")  # asked, and sure: Ben joins from this browser
    ada.wait_for_table()
    assert ada.page.inner_text(".cardlab-seat-title") == f"Room {code}: you play as Ben."
    assert seated(classroom.store_path, code) == ["Ada", "Ben"]


# -- phones and the teacher's screen --------------------------------------------------------------

#: Whether every point of an element's box (its centre and near its corners) shows the element
#: itself, or something inside it: nothing covers it.
UNCOVERED = """(el) => {
  const box = el.getBoundingClientRect();
  const points = [[0.5, 0.5], [0.05, 0.2], [0.95, 0.2], [0.05, 0.8], [0.95, 0.8]];
  return points.every(([x, y]) => {
    const at = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
    return at !== null && (el === at || el.contains(at));
  });
}"""


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, "not on the page"
    return box


def test_on_a_phone_the_learner_s_hand_and_moves_show_without_scrolling(classroom, learners):
    code = classroom.codes[12]  # Commerce, four at the table
    pages = [learners(width=390, height=844).join(code, name) for name in ("Ada", "Ben", "Cy", "Dee")]
    for page in pages:
        page.wait_for_table()
    session = replay(classroom.store_path, code)
    mover = pages[session.game.to_move(session.state)]
    for page in pages:
        assert page.page.evaluate("window.scrollY") == 0
        own = page.page.locator(".cardlab-tableau .cardlab-role-player").filter(has_text="(you)")
        assert own.count() == 1
        for part in (own.locator(".cardlab-hand"), page.page.locator(".cardlab-choices").first):
            box = _box(part)
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, f"{box} is not within the phone's screen"
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 390
    playable = mover.page.locator(".cardlab-tableau .cardlab-playable").first
    if playable.count():  # the moves of a card open where the moves are: on the screen
        playable.click()
        box = _box(mover.page.locator(".cardlab-menu"))
        assert box["y"] + box["height"] <= 844
    assert mover.play_quickly()
    for page in pages:  # the move log, at the foot of the page, is covered by nothing
        log = page.page.locator(".cardlab-log")
        log.scroll_into_view_if_needed()
        page.page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        assert log.evaluate(UNCOVERED), "something covers the move log"


def test_a_widget_asked_for_before_anywidget_s_notebook_extension_has_loaded_is_shown(classroom, learners):
    """Solara's page loads anywidget's notebook extension (which names the module) beside its
    first widgets. A widget asked for before it has loaded finds anywidget all the same."""
    learner = learners()
    held: list[Any] = []
    learner.page.route(re.compile(r"nbextensions/anywidget/extension\.js"), lambda route: held.append(route))
    with learner.page.expect_response(lambda answer: answer.url.endswith("/jupyter/anywidget.js")) as asked:
        learner.join(classroom.codes[13], "Ada")
    (extension,) = held
    extension.continue_()
    learner.wait_for_table()
    learner.page.wait_for_selector(".cardlab-lost-link", state="attached", timeout=TIMEOUT_MS)
    assert asked.value.status == 200
    assert learner.errors == []


def test_the_dashboard_fits_1024_pixels_and_keeps_its_lines_apart(classroom, learners):
    code = classroom.codes[11]
    _join_all(learners, code, 2)
    teacher = _teacher(learners, classroom, width=1024, height=768)
    row = _room_row(teacher, code)
    row.locator(".cardlab-free").nth(1).wait_for(timeout=TIMEOUT_MS)  # both learners seated
    assert teacher.page.evaluate("document.documentElement.scrollWidth") <= 1024
    title, players = _box(row.locator(".cardlab-room-title")), _box(row.locator(".cardlab-room-line"))
    assert title["y"] + title["height"] <= players["y"]  # one line above the other
    text = row.inner_text()
    assert f"Room {code} · Commitment · game 1 · playing\nPlayers: Ada, Ben\n" in text
    assert "playingPlayers" not in text
    for button in row.locator("button, a").all():
        box = _box(button)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1024


def test_the_teacher_s_key_is_never_shown_by_the_command_and_its_file_is_the_teacher_s_alone(classroom, learners):
    key = re.search(r"key=(\S+)", classroom.teacher_link).group(1)
    assert key not in classroom.log_path.read_text()
    assert "Teacher's link: open" in classroom.log_path.read_text()
    assert classroom.teacher_file.stat().st_mode & 0o777 == 0o600
    teacher = learners()
    teacher.page.goto(classroom.teacher_file.resolve().as_uri())  # the file opens the dashboard
    teacher.page.wait_for_selector(".cardlab-room", timeout=TIMEOUT_MS)
    assert teacher.page.url.endswith("/dashboard")


def test_the_teacher_opens_rooms_of_a_game_with_the_options_it_ranges_over(classroom, learners):
    """The dashboard offers every game of the registry, and each whole-number option a game
    ranges over (Commerce's players) as a box of its own."""
    teacher = _teacher(learners, classroom)
    before = set(teacher.page.locator(".cardlab-room-data").evaluate_all("els => els.map(e => e.dataset.room)"))
    form = teacher.page.locator(".cardlab-new-rooms")
    assert form.get_by_label("Players (3 to 12)").count() == 0  # Commitment has no such option
    form.locator(".v-select__slot").first.click()
    options = teacher.page.locator(".v-menu__content .v-list-item")
    options.first.wait_for(timeout=TIMEOUT_MS)
    shipped = [n for n in cardlab.game_names() if game_class(n).__module__.startswith("cardlab.")]
    assert [t.strip() for t in options.all_inner_texts()] == shipped  # the server's registry
    options.filter(has_text="commerce").click()
    players = form.get_by_label("Players (3 to 12)")
    players.fill("5")
    players.press("Enter")
    form.locator(".cardlab-open-rooms", has_text="1 room of 5 players").click()  # once the server has the 5
    teacher.page.wait_for_function(
        "n => document.querySelectorAll('.cardlab-room-data').length > n", arg=len(before), timeout=TIMEOUT_MS
    )
    shown = teacher.page.locator(".cardlab-room-data").evaluate_all("els => els.map(e => e.dataset.room)")
    (code,) = set(shown) - before
    session = replay(classroom.store_path, code)
    assert session.game.name == "commerce" and session.game.players == 5
