"""Two ``cardlab classroom`` processes sharing one class on a real ``redis-server`` (the same
key prefix), each with a learner in Chromium: Ada plays on the first process, Ben on the
second, and each page sees every move the other makes, to the game's end. Missing
redis-server skips these tests, unless CARDLAB_REQUIRE_BROWSER=1 (CI), where it fails them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardlab.classroom.classroom import Classroom
from cardlab.classroom.store_address import open_store
from helpers.classroom_pages import TIMEOUT_MS, LearnerPage, close_pages, play_to_the_end
from helpers.classroom_server import ClassroomServer

_STEP = "() => Number(document.querySelector('.cardlab-table[data-rev]')?.dataset.step ?? -1)"


@pytest.fixture(scope="module")
def shared(browser_available: None, redis_address: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("shared")
    address = f"{redis_address}?prefix=school"
    classroom = Classroom(open_store(address))
    codes = [classroom.create_room(game).code for game in ("commitment", "contest")]
    classroom.close()
    servers: list[ClassroomServer] = []
    try:
        for number in (1, 2):
            servers.append(ClassroomServer(folder / f"{number}.db", folder / f"{number}.log", store=address).start())
        yield {"servers": servers, "codes": codes, "address": address}
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
def pages(browser: Any) -> Iterator[Any]:
    opened: list[LearnerPage] = []

    def open_page(server: ClassroomServer) -> LearnerPage:
        page = LearnerPage(browser, server.url)
        opened.append(page)
        return page

    yield open_page
    assert close_pages(opened) == []


@pytest.mark.parametrize("room", [0, 1], ids=["commitment", "contest"])
def test_a_room_is_played_to_its_end_by_learners_on_two_processes(shared, pages, room):
    first, second = shared["servers"]
    code = shared["codes"][room]
    ada = pages(first).join(code, "Ada")
    ada.wait_for_table()
    ben = pages(second).join(code, "Ben")
    ben.wait_for_table()
    players = [ada, ben]

    def both_see_it(_clicks: int) -> None:
        steps = [page.page.evaluate(_STEP) for page in players]
        for page in players:  # the page on the other process shows the move too, before anyone moves again
            page.page.wait_for_function(f"() => ({_STEP})() >= {max(steps)}", timeout=TIMEOUT_MS)

    assert play_to_the_end(players, checkpoint=both_see_it) > 5
    store = open_store(shared["address"])
    try:
        record = store.room(code)
        logged = len(store.moves(code, record.deal))
    finally:
        store.close()
    assert [page.page.evaluate(_STEP) for page in players] == [logged, logged]
    assert all(page.over() for page in players)
    assert [seat.name for seat in record.seats] == ["Ada", "Ben"]  # one seat each, though two processes seated them
