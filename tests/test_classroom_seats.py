"""A learner's table in a classroom room checks its seat at every action and every redraw: once
the teacher frees the seat, the table sends nothing more of the game and moves for nobody,
though the next learner to take the seat plays on."""

from __future__ import annotations

import pytest

from cardlab import bots
from cardlab.classroom.app import SeatTable
from cardlab.classroom.classroom import Classroom
from cardlab.classroom.store_address import open_store
from cardlab.classroom.tokens import digest, read_seat_cookie
from helpers.widget_driver import send


@pytest.fixture
def classroom(tmp_path):
    classroom = Classroom(open_store(f"sqlite:{tmp_path / 'class.db'}"))
    yield classroom
    classroom.close()


def _table(classroom: Classroom, cookie: str) -> SeatTable:
    """The table a page opened with the seat cookie ``cookie`` holds, as the seat's page makes it."""
    room, seat = classroom.seat_for(cookie)
    token = digest(read_seat_cookie(cookie)[1])
    return SeatTable(
        room.session, seat, holds=lambda: room.seats[seat].token == token, opponent=None, opponent_menu=False
    )


def _play(room, seat: int, seed: int = 1) -> None:
    """One move of ``seat``, chosen from that seat's view, played as its own table would."""
    game, state = room.game, room.session.state
    room.session.play(bots.make_player("random", seed=seed).choose(game, game.view(state, seat)))


def test_a_freed_seat_s_table_shows_nothing_more_and_moves_for_nobody(classroom):
    room, _, cookie = classroom.join(classroom.create_room("commitment").code, "Ada")
    classroom.join(room.code, "Ben")
    old = _table(classroom, cookie)  # Ada's page, and a page with a copy of her cookie
    copy = _table(classroom, cookie)
    shown = (old.view_json, copy.view_json)
    room.free(0)
    _, seat, new_cookie = classroom.join(room.code, "Cy")
    assert seat == 0
    new = _table(classroom, new_cookie)
    for _ in range(4):  # Ben and Cy play on
        _play(room, room.game.to_move(room.session.state))
    assert new.view_json != shown[0]  # Cy's table follows the game
    assert (old.view_json, copy.view_json) == shown  # the old pages were sent nothing of it
    while room.game.to_move(room.session.state) != 0:
        _play(room, 1)
    moves = len(room.session.moves)
    legal = [str(m) for m in room.game.legal_moves(room.session.state)]
    for table in (old, copy):
        for move in legal[:3]:
            table._handle_custom_msg({"action": "play", "rev": table.view["rev"], "move": move}, [])
    assert len(room.session.moves) == moves  # neither played for Cy
    assert room.game.to_move(room.session.state) == 0
    send(new, "play", move=legal[0])
    assert len(room.session.moves) == moves + 1  # Cy's own table plays
    for table in (old, copy, new):
        table.close()


def test_a_table_whose_seat_is_held_redraws_and_moves(classroom):
    room, _, cookie = classroom.join(classroom.create_room("commitment").code, "Ada")
    classroom.join(room.code, "Ben")
    table = _table(classroom, cookie)
    before = table.view_json
    _play(room, room.game.to_move(room.session.state))
    assert table.view_json != before
    table.close()
