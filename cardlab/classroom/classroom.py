"""The running class: every room, restored from the store, and joining them.

``Classroom(open_store("sqlite:classroom.db"))`` holds every room of the store as it was;
``create_room("commerce", players=4, computers=["heuristic", None, None, None])`` adds one;
``join(code, "Ada", address)`` seats a learner and gives the seat cookie's value, which
``seat_for(cookie)`` turns back into the room and seat (None when refused).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import bots
from . import words
from .codes import new_code, read_code
from .records import Seat
from .rooms import COMPUTER_DELAY, Room, RoomRefused
from .store import Store
from .tokens import JoinLimit, digest, new_token, read_seat_cookie, same_secret, seat_cookie


class Classroom:
    """Every room of a class, kept in ``store``: restored when made (each room dealt again
    from its seed and its log replayed), added to with :meth:`create_room`."""

    def __init__(
        self, store: Store, *, computer_delay: float = COMPUTER_DELAY, join_limit: JoinLimit | None = None
    ) -> None:
        self.store = store
        self.computer_delay = computer_delay
        self.join_limit = join_limit or JoinLimit()
        self.teacher_key = store.secret("teacher")
        self._watchers: list[Callable[[Classroom], None]] = []
        self.rooms: dict[str, Room] = {}
        for record in store.rooms():
            moves = store.moves(record.code, record.deal)
            self.rooms[record.code] = Room(record, store, moves=moves, computer_delay=computer_delay)

    def create_room(self, game: str, *, computers: Sequence[str | None] | None = None, **options: Any) -> Room:
        """A new room of ``game`` (with its options, such as ``players=4``); ``computers``
        names the computer player of each seat (None: a person's seat; all people by default)."""
        seats = self._seats(game, computers, options)
        room = Room.create(new_code(self.rooms), game, seats, self.store, computer_delay=self.computer_delay, **options)
        self.rooms[room.code] = room
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

    def join(self, code: str, name: str, address: str = "") -> tuple[Room, int, str]:
        """Seat ``name`` in room ``code``: the room, the seat's number and the seat cookie's
        value. A :class:`RoomRefused` in the learner's words otherwise (refused tries from one
        ``address`` are limited)."""
        if not self.join_limit.allowed(address):
            raise RoomRefused(words.TOO_MANY_TRIES)
        try:
            room = self.rooms[read_code(code)]
        except (ValueError, KeyError):
            self.join_limit.refused(address)
            raise RoomRefused(words.NO_SUCH_ROOM) from None
        token = new_token()
        seat = room.take_seat(name, digest(token))
        return room, seat, seat_cookie(room.code, token)

    def seat_for(self, cookie: str | None) -> tuple[Room, int] | None:
        """The room and seat a seat cookie opens, or None (no cookie, a wrong or freed token)."""
        parts = read_seat_cookie(cookie)
        if parts is None or parts[0] not in self.rooms:
            return None
        room = self.rooms[parts[0]]
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
        for room in self.rooms.values():
            room.close()
        self.store.close()
