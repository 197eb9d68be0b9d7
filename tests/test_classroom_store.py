"""The classroom stores, SQLite and Redis (a real redis-server): room records, append-only
move logs and secrets, kept across restarts."""

from __future__ import annotations

import sqlite3

import pytest

from cardlab.classroom.records import PAUSED, RecordError, RoomRecord, Seat
from cardlab.classroom.store import SQLiteStore, StoreError
from cardlab.classroom.store_address import open_store


@pytest.fixture
def store(store_address):
    store = open_store(store_address)
    yield store
    store.close()


def record(code: str = "ABCDEF", **changes) -> RoomRecord:
    base = RoomRecord(code, "commerce", {"players": 3}, 2**60 + 5, (Seat(), Seat(computer="random"), Seat()))
    return RoomRecord(**{**base.__dict__, **changes})


def test_a_room_record_is_kept_whole_and_replaced_by_its_code(store):
    store.save_room(record())
    store.save_room(record("GHJKMN"))
    store.save_room(record(state=PAUSED, seats=(Seat(name="Ada", token="d1"), Seat(computer="random"), Seat())))
    rooms = store.rooms()
    assert [r.code for r in rooms] == ["ABCDEF", "GHJKMN"]
    assert rooms[0].state == PAUSED and rooms[0].seats[0] == Seat(name="Ada", token="d1")
    assert rooms[0].options == {"players": 3} and rooms[0].seed == 2**60 + 5


def test_the_move_log_appends_in_order_per_deal(store):
    for number, move in enumerate(["trade 2H", "pass", "barter 3S"], start=1):
        store.append_move("ABCDEF", 1, number, move)
    store.append_move("ABCDEF", 2, 1, "pass")
    assert store.moves("ABCDEF", 1) == ["trade 2H", "pass", "barter 3S"]
    assert store.moves("ABCDEF", 2) == ["pass"] and store.moves("GHJKMN", 1) == []
    with pytest.raises(StoreError, match="move 5 given, but the log holds 3"):
        store.append_move("ABCDEF", 1, 5, "pass")
    with pytest.raises(StoreError, match="move 3 given"):
        store.append_move("ABCDEF", 1, 3, "pass")  # no move is written twice


def test_everything_is_there_after_the_store_is_opened_again(store_address):
    first = open_store(store_address)
    first.save_room(record())
    first.append_move("ABCDEF", 1, 1, "pass")
    key = first.secret("teacher")
    first.close()
    again = open_store(store_address)
    assert again.rooms() == [record()] and again.moves("ABCDEF", 1) == ["pass"]
    assert again.secret("teacher") == key and again.secret("other") != key and len(key) >= 32
    again.close()


def test_the_sqlite_database_is_in_wal_mode(tmp_path):
    store = SQLiteStore(str(tmp_path / "class.db"))
    store.close()
    with sqlite3.connect(store.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_processes_sharing_a_redis_keep_their_rooms_apart(redis_address):
    first, second = open_store(f"{redis_address}?prefix=one"), open_store(f"{redis_address}?prefix=two")
    first.save_room(record())
    first.append_move("ABCDEF", 1, 1, "pass")
    assert second.rooms() == [] and second.moves("ABCDEF", 1) == []
    assert open_store(f"{redis_address}?prefix=one").rooms() == [record()]
    with pytest.raises(StoreError, match="no Redis answers"):
        open_store("redis://127.0.0.1:1/0")


def test_a_damaged_record_or_a_wrong_address_is_refused(tmp_path):
    with pytest.raises(RecordError):
        RoomRecord.from_json('{"code": "X"}')
    with pytest.raises(RecordError, match="unknown state"):
        RoomRecord.from_json(record(state="lost").to_json())
    with pytest.raises(StoreError, match="sqlite:PATH or redis://"):
        open_store("postgres://x")
    with pytest.raises(StoreError, match="needs a file"):
        open_store("sqlite:")
