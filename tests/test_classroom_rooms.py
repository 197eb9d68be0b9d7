"""Classroom rooms: seats, the room's lock, computer players in the room, pause, end, a new
deal, and every room restored after a restart."""

from __future__ import annotations

import threading

import pytest

from cardlab.classroom.classroom import Classroom
from cardlab.classroom.codes import ALPHABET, RoomCodeError, fresh_seed, new_code, read_code
from cardlab.classroom.rooms import RoomRefused
from cardlab.classroom.store_address import open_store
from cardlab.engine import seed_is_guessable
from cardlab.widgets import Table
from helpers.classroom import play_people


@pytest.fixture
def classroom(tmp_path):
    classroom = Classroom(open_store(f"sqlite:{tmp_path / 'class.db'}"), computer_delay=0.0)
    yield classroom
    classroom.close()


def test_codes_and_seeds_cannot_be_guessed():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == 6 and set(c) <= set(ALPHABET) for c in codes)
    assert read_code(" ab-cd 23 ") == "ABCD23"
    for wrong in ("ABC", "ABCDE0", "ABCDEFG", 7):
        with pytest.raises(RoomCodeError):
            read_code(wrong)
    assert new_code(taken=codes) not in codes
    seeds = {fresh_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(s >= 2**48 and s < 2**64 for s in seeds)


@pytest.mark.parametrize("game", ["card-commons", "commitment", "contest"])
def test_two_people_play_a_room_to_the_end_and_the_log_holds_every_move(classroom, game):
    room = classroom.create_room(game)
    assert not seed_is_guessable(room.session.start)
    for name in ("Ada", "Ben"):
        classroom.join(room.code, name)
    moves = play_people(room, {0, 1})
    assert classroom.store.moves(room.code, 1) == [str(m) for m in room.session.moves] and moves > 5
    assert room.summary()["over"] and room.summary()["players"] == ["Ada", "Ben"]


def test_computer_players_play_their_seats_in_the_room(classroom):
    room = classroom.create_room("commerce", players=4, computers=["heuristic", None, "random", "random"])
    classroom.join(room.code, "Ada")
    play_people(room, {1})
    assert {0, 2, 3} <= set(_movers(room)) and room.summary()["players"][0] == "Computer A"


def _movers(room):
    game, states = room.game, room.session.states
    return [game.to_move(state) for state in states[:-1]]


def test_a_learners_table_cannot_move_for_another_seat(classroom):
    room = classroom.create_room("commitment")
    session, game = room.session, room.game
    tables = [Table(session, viewer=seat, opponent=None, names=room.names) for seat in (0, 1)]
    mover = game.to_move(session.state)
    other = tables[1 - mover]
    move = str(game.legal_moves(game.view(session.state, mover))[0])
    other._receive(other, {"action": "play", "rev": other._rev, "move": move}, [])
    assert len(session.moves) == 0 and "turn, not yours" in other.message["text"]
    tables[mover]._receive(tables[mover], {"action": "play", "rev": tables[mover]._rev, "move": move}, [])
    assert len(session.moves) == 1
    for table in tables:
        table.close()


def test_a_room_only_goes_forward(classroom):
    room = classroom.create_room("commitment")
    session = room.session
    session.play(session.legal_moves()[0])
    for step in (session.undo, lambda: session.goto(0), session.promote, lambda: session.replace(session.state)):
        with pytest.raises(RoomRefused, match="only goes forward"):
            step()
    assert len(session.moves) == 1


def test_pause_resume_end_and_a_new_deal(classroom):
    room = classroom.create_room("contest")
    session = room.session
    session.play(session.legal_moves()[0])
    room.pause()
    with pytest.raises(RoomRefused, match="paused"):
        session.play(session.legal_moves()[0])
    room.resume()
    session.play(session.legal_moves()[0])
    room.end()
    with pytest.raises(RoomRefused, match="ended"):
        session.play(session.legal_moves()[0])
    first_seed = room.record.seed
    room.new_deal()
    assert room.record.deal == 2 and room.record.seed != first_seed and len(session.moves) == 0
    session.play(session.legal_moves()[0])
    assert classroom.store.moves(room.code, 2) == [str(session.moves[0])]
    assert len(classroom.store.moves(room.code, 1)) == 2


def test_joining_locking_approving_and_freeing_seats(classroom):
    room = classroom.create_room("commitment")
    room_, seat, cookie = classroom.join(room.code.lower(), "  Ada ")
    assert (room_, seat) == (room, 0) and classroom.seat_for(cookie) == (room, 0)
    with pytest.raises(RoomRefused, match="already called ada"):
        classroom.join(room.code, "ada")
    room.set_approving(True)
    _, seat, ben = classroom.join(room.code, "Ben")
    assert room.summary()["waiting"] == [(1, "Ben")] and not room.seats[1].approved
    room.approve(1)
    assert room.seats[1].approved
    with pytest.raises(RoomRefused, match="Every seat"):
        classroom.join(room.code, "Cy")
    room.free(1)
    assert classroom.seat_for(ben) is None  # a freed seat's token opens nothing
    room.set_locked(True)
    with pytest.raises(RoomRefused, match="closed to new players"):
        classroom.join(room.code, "Cy")


def test_wrong_tokens_and_codes_are_refused_and_tries_limited(classroom):
    room = classroom.create_room("commitment")
    _, _, cookie = classroom.join(room.code, "Ada")
    code, token = cookie.split(".", 1)
    for wrong in (None, "", "nonsense", f"{code}.{token}x", f"ZZZZZZ.{token}", f"{code}."):
        assert classroom.seat_for(wrong) is None
    for _ in range(classroom.join_limit.attempts):
        with pytest.raises(RoomRefused, match="no room with those letters"):
            classroom.join("QQQQQQ", "Eve", address="10.0.0.9")
    with pytest.raises(RoomRefused, match="Too many tries"):
        classroom.join(room.code, "Eve", address="10.0.0.9")
    assert classroom.join(room.code, "Eve", address="10.0.0.10")[1] == 1  # another address still joins
    assert classroom.is_teacher(classroom.teacher_key) and not classroom.is_teacher("guess")


def test_every_room_is_restored_after_a_restart(store_address):
    first = Classroom(open_store(store_address), computer_delay=0.0)
    rooms = [first.create_room("contest"), first.create_room("commerce", players=3, computers=[None, "random", None])]
    _, _, cookie = first.join(rooms[0].code, "Ada")
    for room in rooms:
        for _ in range(3):
            with room.lock:
                if room.game.to_move(room.session.state) is not None and not room.computer_seat(
                    room.game.to_move(room.session.state)
                ):
                    room.session.play(room.session.legal_moves()[0])
    rooms[1].pause()
    kept = {room.code: (room.session.state, room.record) for room in rooms}
    key = first.teacher_key
    first.close()
    again = Classroom(open_store(store_address), computer_delay=0.0)
    assert {code: (room.session.state, room.record) for code, room in again.rooms.items()} == kept
    assert again.teacher_key == key and again.seat_for(cookie)[1] == 0
    again.close()


def test_actions_from_many_threads_are_played_one_at_a_time(classroom):
    room = classroom.create_room("card-commons")
    session, game = room.session, room.game
    errors: list[Exception] = []

    def learner(seat: int) -> None:
        for _ in range(400):
            with room.lock:
                if game.is_over(session.state):
                    return
                if game.to_move(session.state) == seat:
                    try:
                        session.play(game.legal_moves(game.view(session.state, seat))[0])
                    except Exception as err:  # noqa: BLE001 - collected and checked below
                        errors.append(err)

    threads = [threading.Thread(target=learner, args=(seat,)) for seat in (0, 1, 0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and classroom.store.moves(room.code, 1) == [str(m) for m in session.moves]
