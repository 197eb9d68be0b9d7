"""Several processes serving one class: two classrooms on one Redis prefix (each as a process
holds it: its own connection, its own rooms, told of the other's changes), a race of two real
processes for the same step, and the SQLite store refusing a second process."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from cardlab.classroom.classroom import Classroom
from cardlab.classroom.rooms import RoomRefused
from cardlab.classroom.store import StoreError
from cardlab.classroom.store_address import open_store
from helpers.classroom import wait_until
from helpers.classroom_server import ClassroomServer, prepare

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def two(redis_address, tmp_path):
    """Two classrooms on one Redis prefix, as two processes serving one class hold it."""
    address = f"{redis_address}?prefix=shared-{tmp_path.name}"
    first = Classroom(open_store(address), computer_delay=0.0)
    second = Classroom(open_store(address), computer_delay=0.0)
    yield first, second
    first.close()
    second.close()


def _first_move(room):
    game, state = room.game, room.session.state
    mover = game.to_move(state)
    return mover, str(game.legal_moves(game.view(state, mover))[0])


def test_a_room_opened_on_one_process_is_played_to_its_end_from_both(two):
    first, second = two
    room = first.create_room("commitment")
    other = wait_until(lambda: second.rooms.get(room.code))  # told of the new room
    assert first.join(room.code, "Ada")[1] == 0 and second.join(room.code, "Ben")[1] == 1
    wait_until(lambda: room.names == other.names == ("Ada", "Ben"))
    rooms = {0: room, 1: other}  # Ada plays on the first process, Ben on the second
    while not room.game.is_over(room.session.state):
        mover, move = _first_move(room)
        count = len(room.session.moves)
        rooms[mover].session.play(move)
        wait_until(lambda count=count: len(room.session.moves) == len(other.session.moves) == count + 1)
        assert room.session.state == other.session.state  # each move, on both
    assert first.store.moves(room.code, 1) == [str(m) for m in other.session.moves]


def test_of_two_writers_of_the_same_step_one_wins_and_the_other_reads_the_room_again(two):
    first, second = two
    room = first.create_room("contest")
    other = second.room(room.code)
    second._stop_listening()  # the second process has not heard of the first's move yet
    mover, move = _first_move(room)
    room.session.play(move)
    with pytest.raises(RoomRefused, match="Another move was made just before yours"):
        other.session.play(move)
    assert first.store.moves(room.code, 1) == [move]  # written once
    assert other.session.state == room.session.state  # read again, not stuck
    mover, move = _first_move(other)
    other.session.play(move)  # and the next move plays from there
    wait_until(lambda: len(first.store.moves(room.code, 1)) == 2)


def test_two_learners_joining_through_two_processes_get_two_seats(two):
    first, second = two
    room = first.create_room("commitment")
    other = second.room(room.code)
    second._stop_listening()
    first.join(room.code, "Ada")
    assert other.seats[0].free  # the second process's copy is out of date
    assert second.join(room.code, "Ben")[1] == 1  # yet Ben does not get Ada's seat
    with pytest.raises(RoomRefused, match="already called"):
        second.join(room.code, "ada")
    assert [s.name for s in first.store.room(room.code).seats] == ["Ada", "Ben"]


def test_joins_at_the_same_moment_never_share_a_seat(two):
    first, second = two
    rooms = [first.create_room("commitment") for _ in range(8)]
    for room in rooms:
        wait_until(lambda room=room: second.rooms.get(room.code))
    results: list[object] = []
    start = threading.Barrier(4)

    def learner(classroom, name):
        start.wait()
        for room in rooms:
            try:
                results.append((room.code, classroom.join(room.code, name)[1]))
            except RoomRefused as refusal:
                results.append((room.code, str(refusal)))

    threads = [
        threading.Thread(target=learner, args=(c, n)) for c, n in zip((first, second) * 2, ("Ada", "Ben", "Cy", "Dee"))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for room in rooms:
        seats = [seat for code, seat in results if code == room.code and isinstance(seat, int)]
        assert sorted(seats) == [0, 1]  # two seats, never one twice
        stored = first.store.room(room.code)
        assert all(seat.name for seat in stored.seats)


def test_a_pause_on_one_process_refuses_moves_on_the_other_at_once(two):
    first, second = two
    room = first.create_room("commitment")
    other = second.room(room.code)
    second._stop_listening()
    room.pause()
    _, move = _first_move(other)
    with pytest.raises(RoomRefused, match="paused"):
        other.session.play(move)
    assert first.store.moves(room.code, 1) == [] and other.state == "paused"
    room.resume()
    room.new_deal()
    other.sync()
    assert other.record.deal == 2 and other.session.state == room.session.state


_RACER = textwrap.dedent(
    """
    import sys
    import redis
    from cardlab.classroom.classroom import Classroom
    from cardlab.classroom.rooms import RoomRefused
    from cardlab.classroom.store_address import open_store

    address, go, *codes = sys.argv[1:]
    classroom = Classroom(open_store(address), computer_delay=0.0)
    link = redis.Redis.from_url(address.split("?")[0], socket_timeout=300)
    for number, code in enumerate(codes):
        room = classroom.room(code)
        game, state = room.game, room.session.state
        move = str(game.legal_moves(game.view(state, game.to_move(state)))[0])
        link.rpush(f"{go}:ready", 1)
        link.blpop(f"{go}:{number}", timeout=30)
        with room.lock:
            if room.session.state is not state:
                print("heard first", flush=True)
                continue
            try:
                room.session.play(move)
                print("won", flush=True)
            except RoomRefused as refusal:
                print("refused:", refusal, flush=True)
    classroom.close()
    """
)


def test_two_real_processes_race_for_the_same_step_and_exactly_one_wins(redis_address, tmp_path):
    import redis

    address, go = f"{redis_address}?prefix=race-{tmp_path.name}", f"go-{tmp_path.name}"
    setup = Classroom(open_store(address), computer_delay=0.0)
    codes = [setup.create_room("commitment").code for _ in range(10)]
    link = redis.Redis.from_url(redis_address, socket_timeout=300)
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", _RACER, address, go, *codes], stdout=subprocess.PIPE, text=True, cwd=ROOT
        )
        for _ in range(2)
    ]
    for number in range(len(codes)):
        for _ in racers:
            assert link.blpop(f"{go}:ready", timeout=60) is not None
        link.rpush(f"{go}:{number}", 1, 1)  # both go at once
    said = [racer.communicate(timeout=60)[0].split("\n")[:-1] for racer in racers]
    for number, code in enumerate(codes):
        outcomes = sorted(lines[number] for lines in said)
        assert outcomes.count("won") == 1, outcomes  # exactly one wins
        lost = next(o for o in outcomes if o != "won")
        assert lost == "heard first" or lost.startswith("refused: Another move was made just before yours")
        assert len(setup.store.moves(code, 1)) == 1  # one move written, never two
    setup.close()


def test_a_second_process_on_one_sqlite_file_is_refused_with_its_reason(tmp_path):
    first = Classroom(open_store(f"sqlite:{tmp_path / 'class.db'}"))
    with pytest.raises(StoreError, match=r"is served by process \d+ already; .* several processes share a Redis"):
        Classroom(open_store(f"sqlite:{tmp_path / 'class.db'}"))
    first.close()
    Classroom(open_store(f"sqlite:{tmp_path / 'class.db'}")).close()  # free again once the first has closed


def test_the_command_refuses_to_serve_a_sqlite_file_another_server_serves(tmp_path):
    store = tmp_path / "class.db"
    prepare(store, [("commitment", {})])
    server = ClassroomServer(store, tmp_path / "server.log").start()
    try:
        second = subprocess.run(
            [sys.executable, "-m", "cardlab", "classroom", "--store", f"sqlite:{store}", "--port", "1"],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
        assert second.returncode != 0 and f"is served by process {server.process.pid} already" in second.stderr
    finally:
        server.stop()
