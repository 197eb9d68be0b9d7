"""A room: one game for a table of learners, its seats, its lock and its computer players.

A room holds one :class:`RoomSession`, which every table of the room is bound to (each with
its seat as viewer). The session's lock is the room's lock: every move, from any page or from
a computer player, is played under it, one at a time, and each move is appended to the room's
log in the store before the tables are told (the log's observer is the first). A room only
goes forward: its session refuses to step back, to start a variation or to be edited, and
refuses every move while the teacher has paused or ended the room.

Computer players run in the room, in a thread of their own (:class:`ComputerPlayers`): no
learner's table decides who plays another seat.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from .. import bots
from ..engine import Game, Move, Step
from ..games import game as make_game
from ..session import Session
from ..widgets.base import Refused
from . import words
from .codes import fresh_seed
from .records import ENDED, OPEN, PAUSED, RoomRecord, Seat
from .store import Store

#: Seconds a computer player waits before its move, so the learners can follow the game.
COMPUTER_DELAY = 0.8
#: The longest name a learner may give (a table shows up to 40 characters).
MAX_NAME = 24


class RoomRefused(Refused):
    """Something a room does not do now, said in a learner's words (a table shows it)."""


class RoomSession(Session):
    """The session of a room: moves only at the game's latest position, only while the room
    is open, under the room's lock."""

    def __init__(self, game: Game, state: Any, room: Room) -> None:
        super().__init__(game, state)
        self._room = room

    def play(self, move: Move | str) -> Step:
        with self._lock:
            if self._room.state == PAUSED:
                raise RoomRefused(words.PAUSED)
            if self._room.state == ENDED:
                raise RoomRefused(words.ENDED)
            if not self.at_end:
                raise RoomRefused(words.FORWARD)
            return super().play(move)

    def _replay(self, moves: Sequence[str]) -> None:
        for move in moves:
            super().play(move)

    def _deal_again(self, state: Any) -> None:
        super().replace(state)

    def _refuse(self, *args: Any, **kwargs: Any) -> bool:
        raise RoomRefused(words.FORWARD)

    goto = undo = redo = to_mainline = promote = show_line = replace = undo_edit = _refuse  # type: ignore[assignment]


class Room:
    """A room of the class: its :attr:`record` (kept in ``store``), its :attr:`session`, its
    seats. ``moves``: the log of the current deal, replayed (a restart). Use :meth:`watch` to
    hear of changes to the room itself (seats, pause, a new deal); the session tells of moves."""

    def __init__(
        self, record: RoomRecord, store: Store, *, moves: Sequence[str] = (), computer_delay: float = COMPUTER_DELAY
    ) -> None:
        self._record = record
        self._store = store
        self.game = make_game(record.game, **record.options)
        if len(record.seats) != self.game.players:
            raise ValueError(f"room {record.code}: {len(record.seats)} seats for a game of {self.game.players}")
        self._watchers: list[Callable[[Room], None]] = []
        self.session = RoomSession(self.game, self.game.deal(seed=record.seed), self)
        self.session._replay(moves)
        self._logged = len(moves)
        self.session.observe(self._log_moves)  # first: the log has each move before any table is told
        self.computers = ComputerPlayers(self, computer_delay)
        self.session.observe(lambda _session: self.computers.wake())
        self.computers.start()

    @classmethod
    def create(
        cls,
        code: str,
        game: str,
        seats: Sequence[Seat],
        store: Store,
        *,
        computer_delay: float = COMPUTER_DELAY,
        **options: Any,
    ) -> Room:
        """A new room of ``game`` (with its ``options``) dealt from a fresh seed, saved in ``store``."""
        record = RoomRecord(code, game, dict(options), fresh_seed(), tuple(seats), created=time.time())
        room = cls(record, store, computer_delay=computer_delay)
        store.save_room(record)
        return room

    # -- what the room is ---------------------------------------------------------------------

    @property
    def record(self) -> RoomRecord:
        return self._record

    @property
    def code(self) -> str:
        return self._record.code

    @property
    def state(self) -> str:
        return self._record.state

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._record.seats

    @property
    def lock(self) -> threading.RLock:
        return self.session.lock

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's name as the tables show it: the person's, "Computer B", or the seat's letter."""
        letters = self.game.player_names
        return tuple(
            f"Computer {letter}" if seat.computer else seat.name or letter for seat, letter in zip(self.seats, letters)
        )

    def computer_seat(self, number: int | None) -> bool:
        return number is not None and self.seats[number].computer is not None

    def summary(self) -> dict[str, Any]:
        """What the teacher's dashboard shows of the room."""
        with self.lock:
            state, names = self.session.state, self.names
            mover = self.game.to_move(state)
            return {
                "code": self.code,
                "game": self.game.title or self.game.name,
                "deal": self._record.deal,
                "state": self.state,
                "locked": self._record.locked,
                "players": list(names),
                "approve": self._record.approve,
                "people": [(n, seat.name) for n, seat in enumerate(self.seats) if seat.name],
                "waiting": [(n, seat.name) for n, seat in enumerate(self.seats) if seat.name and not seat.approved],
                "moves": len(self.session.moves),
                "to_move": None if mover is None else names[mover],
                "score": list(self.game.score(state).totals),
                "over": mover is None,
            }

    # -- changes to the room ------------------------------------------------------------------

    def watch(self, callback: Callable[[Room], None]) -> Callable[[], None]:
        """Call ``callback(room)`` after each change to the room (not its moves); returns a
        function that stops it."""
        with self.lock:
            self._watchers.append(callback)

        def unwatch() -> None:
            with self.lock:
                if callback in self._watchers:
                    self._watchers.remove(callback)

        return unwatch

    def _update(self, record: RoomRecord) -> None:
        with self.lock:
            self._store.save_room(record)
            self._record = record
            watchers = list(self._watchers)
        for callback in watchers:
            callback(self)
        self.computers.wake()

    def take_seat(self, name: str, token: str) -> int:
        """Give the first free seat to ``name``, who holds the token digest ``token``; its
        number. A :class:`RoomRefused` if the room is locked or full or the name is taken."""
        name = " ".join(name.split())
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise RoomRefused(words.NAME_NEEDED.format(longest=MAX_NAME))
        with self.lock:
            record = self._record
            if record.locked or record.state == ENDED:
                raise RoomRefused(words.ROOM_CLOSED)
            if name.casefold() in (n.casefold() for n in self.names):
                raise RoomRefused(words.NAME_TAKEN.format(name=name))
            free = [number for number, seat in enumerate(record.seats) if seat.free]
            if not free:
                raise RoomRefused(words.ROOM_FULL)
            self._update(record.with_seat(free[0], Seat(name=name, token=token, approved=not record.approve)))
            return free[0]

    def seat_of(self, token: str) -> int | None:
        """The seat held with the token digest ``token``, or None."""
        return next((n for n, seat in enumerate(self.seats) if seat.token is not None and seat.token == token), None)

    def approve(self, number: int) -> None:
        self._update(self._record.with_seat(number, replace(self.seats[number], approved=True)))

    def free(self, number: int) -> None:
        """Free seat ``number``: its token no longer opens it."""
        self._update(self._record.with_seat(number, Seat()))

    def set_locked(self, locked: bool) -> None:
        self._update(replace(self._record, locked=locked))

    def set_approving(self, approve: bool) -> None:
        self._update(replace(self._record, approve=approve))

    def pause(self) -> None:
        if self.state == OPEN:
            self._update(replace(self._record, state=PAUSED))

    def resume(self) -> None:
        if self.state == PAUSED:
            self._update(replace(self._record, state=OPEN))

    def end(self) -> None:
        self._update(replace(self._record, state=ENDED))

    def new_deal(self) -> None:
        """Deal a new game from a fresh seed, with the same seats; the room is open again."""
        with self.lock:
            record = replace(self._record, seed=fresh_seed(), deal=self._record.deal + 1, state=OPEN)
            self._store.save_room(record)
            self._record = record
            self._logged = 0
            self.session._deal_again(self.game.deal(seed=record.seed))
        self._update(record)

    def close(self) -> None:
        """Stop the room's computer players."""
        self.computers.stop()

    # -- the move log -------------------------------------------------------------------------

    def _log_moves(self, session: Session) -> None:
        moves = session.moves
        while self._logged < len(moves):
            self._logged += 1
            self._store.append_move(self.code, self._record.deal, self._logged, str(moves[self._logged - 1]))


class ComputerPlayers(threading.Thread):
    """The computer players of a room, in a thread of their own: when a computer seat is to
    move in an open room, it waits ``delay`` seconds, chooses from that seat's view alone
    (outside the room's lock, so a search does not hold the room) and plays, under the lock,
    if the game has not moved meanwhile."""

    def __init__(self, room: Room, delay: float) -> None:
        super().__init__(name=f"cardlab-room-{room.code}", daemon=True)
        self._room = room
        self._delay = delay
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._stopped = False
        self._players = {
            number: bots.make_player(seat.computer, seed=room.record.seed % 2**32 + number)
            for number, seat in enumerate(room.seats)
            if seat.computer is not None
        }
        if not self._players:
            self._stopped = True

    def start(self) -> None:
        if not self._stopped:
            super().start()

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopped = True
        self._stop.set()
        self._wake.set()

    def run(self) -> None:
        self._wake.set()
        while not self._stopped:
            self._wake.wait()
            self._wake.clear()
            while not self._stopped and self._due() is not None:
                if self._stop.wait(self._delay):
                    return
                self._move()

    def _due(self) -> int | None:
        room = self._room
        if room.state != OPEN:
            return None
        mover = room.game.to_move(room.session.state)
        return mover if mover in self._players else None

    def _move(self) -> None:
        room, game = self._room, self._room.game
        mover = self._due()
        if mover is None:
            return
        state = room.session.state
        move = self._players[mover].choose(game, game.view(state, mover))
        with room.lock:
            if room.session.state is state and room.state == OPEN:
                room.session.play(move)
