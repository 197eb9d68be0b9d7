"""The running class: every room, restored from the store, and joining them.

``Classroom(open_store("sqlite:classroom.db"))`` holds every room of the store as it was;
``create_room("commerce", players=4, computers=["heuristic", None, None, None])`` adds one;
``join(code, "Ada", address, browser)`` seats a learner and gives the seat cookie's value,
which ``seat_for(cookie)`` turns back into the room and seat (None when refused).

Several processes may serve one class from a shared store (Redis): each holds every room, and
the store tells it of the others' changes (:meth:`.store.Store.listen`), which it reads and
plays in its own rooms, so their pages redraw; a room another process opened is read when
heard of, or when a learner names it.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import bots
from . import words
from .codes import new_code, read_code
from .lesson_rooms import LessonRoom, is_lesson
from .limits import BrowserIds, JoinLimit, client_key
from .records import Seat
from .rooms import COMPUTER_DELAY, Room, RoomRefused
from .store import StaleWrite, Store
from .tokens import digest, new_token, read_seat_cookie, same_secret, seat_cookie

#: When set, the file where a closing class writes the time of every move its rooms played
#: (:attr:`.rooms.Room.action_times`), for benchmarks/classroom.py.
TIMES_VARIABLE = "CARDLAB_CLASSROOM_TIMES"


class Classroom:
    """Every room of a class, kept in ``store``: restored when made (each room dealt again
    from its seed and its log replayed), added to with :meth:`create_room`."""

    def __init__(
        self, store: Store, *, computer_delay: float = COMPUTER_DELAY, join_limit: JoinLimit | None = None
    ) -> None:
        self.store = store
        self.computer_delay = computer_delay
        self.join_limit = join_limit or JoinLimit()
        store.claim()
        self.teacher_key = store.secret("teacher")
        self.browsers = BrowserIds(store.secret("browsers"))
        self._watchers: list[Callable[[Classroom], None]] = []
        self._lock = threading.Lock()
        self.rooms: dict[str, Room | LessonRoom] = {}
        for record in store.rooms():
            self._load(record)
        self._stop_listening = store.listen(self._heard)
        self._closed = threading.Event()
        if os.environ.get(TIMES_VARIABLE):  # a server stopped by a signal ends without closing the class
            threading.Thread(target=self._write_times_every_second, name="cardlab-times", daemon=True).start()

    def _load(self, record: Any) -> Room | LessonRoom:
        """The room of ``record``, dealt and its log replayed (a lesson room: each learner's
        run rebuilt from their log), now one of the class's."""
        with self._lock:
            if record.code in self.rooms:
                return self.rooms[record.code]
            room: Room | LessonRoom
            if is_lesson(record):
                room = LessonRoom(record, self.store)
            else:
                moves = self.store.moves(record.code, record.deal)
                room = Room(record, self.store, moves=moves, computer_delay=self.computer_delay)
            self.rooms = {**self.rooms, room.code: room}  # a new dict: readers in other threads see one or the other
            return room

    def room(self, code: str) -> Room | LessonRoom | None:
        """The room ``code``: one of the class's, or one another process opened (read now)."""
        room = self.rooms.get(code)
        if room is None:
            record = self.store.room(code)
            if record is None:
                return None
            room = self._load(record)
            self._changed()
        return room

    def _heard(self, code: str | None) -> None:
        """Another process changed room ``code`` (None: maybe any room): read it again."""
        if code is None:
            added = [self._load(record) for record in self.store.rooms() if record.code not in self.rooms]
            for room in list(self.rooms.values()):
                room.sync()
            if added:
                self._changed()
        elif code in self.rooms:
            self.rooms[code].sync()
        elif "." in code:  # a learner's action in a lesson room (:meth:`.store.Store.append_action`)
            room_code, _, seat = code.partition(".")
            lesson_room = self.rooms.get(room_code)
            if isinstance(lesson_room, LessonRoom) and seat.isdigit():
                lesson_room.sync_seat(int(seat))
        else:
            self.room(code)

    def create_room(self, game: str, *, computers: Sequence[str | None] | None = None, **options: Any) -> Room:
        """A new room of ``game`` (with its options, such as ``players=4``); ``computers``
        names the computer player of each seat (None: a person's seat; all people by default)."""
        seats = self._seats(game, computers, options)
        while True:
            try:
                room = Room.create(
                    new_code(self.rooms), game, seats, self.store, computer_delay=self.computer_delay, **options
                )
                break
            except StaleWrite:  # another process took that code a moment ago
                continue
        with self._lock:
            self.rooms = {**self.rooms, room.code: room}
        self._changed()
        return room

    def create_lesson_room(self, source: str | Path) -> LessonRoom:
        """A new lesson room for the lesson ``source`` (a bundled lesson's name, a file's path
        or its text, checked as ``cardlab lesson check`` does)."""
        while True:
            try:
                room = LessonRoom.create(new_code(self.rooms), source, self.store)
                break
            except StaleWrite:  # another process took that code a moment ago
                continue
        with self._lock:
            self.rooms = {**self.rooms, room.code: room}
        self._changed()
        return room

    @staticmethod
    def _seats(game: str, computers: Sequence[str | None] | None, options: dict[str, Any]) -> list[Seat]:
        from ..games import game as make_game

        players = make_game(game, **options).players
        computers = [None] * players if computers is None else list(computers)
        if len(computers) != players:
            raise ValueError(f"computers: one entry per seat ({players}), got {len(computers)}")
        for name in computers:
            if name is not None and name not in bots.PLAYERS:
                raise ValueError(
                    f"computers: a seat's player is one of {', '.join(bots.PLAYERS)} or None, not {name!r}"
                )
        return [Seat(computer=name) for name in computers]

    def join(self, code: str, name: str, address: str = "", browser: str = "") -> tuple[Room | LessonRoom, int, str]:
        """Seat ``name`` in room ``code``: the room, the seat's number and the seat cookie's
        value. A :class:`RoomRefused` in the learner's words otherwise. Wrong codes are
        limited per client: the ``browser`` id (checked with :attr:`browsers`; "" for none)
        at ``address``, so one learner's wrong codes lock nobody else out."""
        client = client_key(address, browser)
        if not self.join_limit.allowed(client):
            raise RoomRefused(words.TOO_MANY_TRIES)
        try:
            room = self.room(read_code(code))
        except ValueError:
            room = None
        if room is None:
            self.join_limit.refused(client)
            raise RoomRefused(words.NO_SUCH_ROOM)
        token = new_token()
        seat = room.take_seat(name, digest(token))
        return room, seat, seat_cookie(room.code, token)

    def seat_for(self, cookie: str | None) -> tuple[Room | LessonRoom, int] | None:
        """The room and seat a seat cookie opens, or None (no cookie, a wrong or freed token)."""
        parts = read_seat_cookie(cookie)
        room = None if parts is None or len(parts[0]) > 12 else self.room(parts[0])
        if parts is None or room is None:
            return None
        seat = room.seat_of(digest(parts[1]))
        return None if seat is None else (room, seat)

    def is_teacher(self, key: str | None) -> bool:
        return same_secret(key, self.teacher_key)

    def watch(self, callback: Callable[[Classroom], None]) -> Callable[[], None]:
        """Call ``callback(classroom)`` when a room is added; returns a function that stops it."""
        self._watchers.append(callback)
        return lambda: self._watchers.remove(callback) if callback in self._watchers else None

    def _changed(self) -> None:
        for callback in list(self._watchers):
            callback(self)

    def close(self) -> None:
        self._closed.set()
        self._stop_listening()
        for room in self.rooms.values():
            room.close()
        self._write_times()
        self.store.close()

    def _write_times(self) -> None:
        """Write every move's time (:data:`TIMES_VARIABLE`), if asked for."""
        path = os.environ.get(TIMES_VARIABLE)
        if path:
            times = [t for room in list(self.rooms.values()) for t in list(room.action_times)]
            own = {"wall": [w for w, _ in times], "cpu": [c for _, c in times]}
            Path(f"{path}.new").write_text(json.dumps(own), encoding="utf-8")
            os.replace(f"{path}.new", path)

    def _write_times_every_second(self) -> None:
        while not self._closed.wait(1.0):
            self._write_times()
