"""A room: one game for a table of learners, its seats, its lock and its computer players.

A room holds one :class:`RoomSession`, which every table of the room is bound to (each with
its seat as viewer). The session's lock is the room's lock: every move, from any page or from
a computer player, is played under it, one at a time. A move is written to the room's log in
the store before it is played: the store takes it only as the log's next move, so when several
processes serve the room (a Redis store) and two of them try the same step, exactly one wins;
the other reads the room again (:meth:`Room.sync`) and refuses its move in the learner's words.
Changes to the room itself (a seat taken, a pause, a new deal) are written the same way, from
the record they change, and made again from the stored record when another process wrote
first. A room only goes forward: its session refuses to step back, to start a variation or to
be edited, and refuses every move while the teacher has paused or ended the room.

Computer players run in the room, in a thread of their own (:class:`ComputerPlayers`): no
learner's table decides who plays another seat.
"""

from __future__ import annotations

import threading
import time
from collections import deque
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
from .names import looks_like, normal
from .records import ENDED, OPEN, PAUSED, RoomRecord, Seat
from .store import StaleWrite, Store, StoreError

#: Seconds a computer player waits before its move, so the learners can follow the game.
COMPUTER_DELAY = 0.8
#: The longest name a learner may give (a table shows up to 40 characters).
MAX_NAME = 24
#: How many times a change to a room is made again from the stored record when other processes
#: keep writing first.
TRIES = 20


class RoomRefused(Refused):
    """Something a room does not do now, said in a learner's words (a table shows it)."""


def seat_name(name: str) -> str:
    """A learner's name as a room keeps it (NFKC: one way), or a :class:`RoomRefused`."""
    name = normal(name)
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise RoomRefused(words.NAME_NEEDED.format(longest=MAX_NAME))
    return name


def refuse_lookalike(name: str, others: Sequence[str]) -> None:
    """A :class:`RoomRefused` if ``name`` is, or looks like, one of ``others``."""
    for other in others:
        if name.casefold() == other.casefold():
            raise RoomRefused(words.NAME_TAKEN.format(name=name))
        if looks_like(name, other):  # "Аda" (a Cyrillic А) beside "Ada"
            raise RoomRefused(words.NAME_LOOKS_LIKE.format(name=other))


class RoomSession(Session):
    """The session of a room: moves only at the game's latest position, only while the room
    is open, under the room's lock."""

    def __init__(self, game: Game, state: Any, room: Room) -> None:
        super().__init__(game, state)
        self._room = room

    def play(self, move: Move | str) -> Step:
        """Play ``move`` if the store takes it as the log's next move; if another process
        wrote first, read the room again and refuse it in the learner's words."""
        started, cpu = time.perf_counter(), time.thread_time()  # the room's lock waited for counts too
        with self._lock:
            self._check_open()
            if not self.at_end:
                raise RoomRefused(words.FORWARD)
            step = self.game.step(self.state, move)  # an illegal move raises here, and nothing is written
            room = self._room
            try:
                room._store.append_move(room.code, room.record.deal, len(self.moves) + 1, str(step.move))
            except StaleWrite:
                room.sync()
                self._check_open()
                raise RoomRefused(words.MOVED_ON) from None
            try:
                return super().play(step.move)
            finally:
                room.action_times.append((time.perf_counter() - started, time.thread_time() - cpu))

    def _check_open(self) -> None:
        if self._room.state == PAUSED:
            raise RoomRefused(words.PAUSED)
        if self._room.state == ENDED:
            raise RoomRefused(words.ENDED)

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
        #: How long each move played here took, from the move reaching the room to every table
        #: of the room told: (wall, CPU of the thread) in seconds, the latest last.
        self.action_times: deque[tuple[float, float]] = deque(maxlen=100_000)
        self.session = RoomSession(self.game, self.game.deal(seed=record.seed), self)
        self.session._replay(moves)
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
        """A new room of ``game`` (with its ``options``) dealt from a fresh seed, saved in
        ``store``; a :class:`StaleWrite` if the store holds a room ``code`` already."""
        record = RoomRecord(code, game, dict(options), fresh_seed(), tuple(seats), created=time.time())
        make_game(game, **options)  # bad options are refused before anything is stored
        if not store.replace_room(None, record):
            raise StaleWrite(f"room {code}: the store holds a room of that code already")
        return cls(record, store, computer_delay=computer_delay)

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
        return self._names_of(self._record)

    def _names_of(self, record: RoomRecord) -> tuple[str, ...]:
        letters = self.game.player_names
        return tuple(
            f"Computer {letter}" if seat.computer else seat.name or letter
            for seat, letter in zip(record.seats, letters)
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

    def _update(self, change: Callable[[RoomRecord], RoomRecord]) -> RoomRecord:
        """Write ``change(record)`` in place of the room's record, if the store still holds
        that record; if another process wrote first, read the room again and make the change
        again from what it wrote (``change`` may refuse then). The record written."""
        with self.lock:
            for _ in range(TRIES):
                old = self._record
                new = change(old)
                if new == old:
                    return old
                if self._store.replace_room(old, new):
                    break
                self.sync()
            else:
                raise StoreError(f"room {self.code}: other processes kept changing it; nothing was changed")
            self._apply(new)
        self._tell()
        return new

    def _apply(self, record: RoomRecord) -> None:
        """Take ``record`` as the room's (under the lock); a new deal deals it."""
        old, self._record = self._record, record
        if (record.deal, record.seed) != (old.deal, old.seed):
            self.session._deal_again(self.game.deal(seed=record.seed))

    def _tell(self) -> None:
        with self.lock:
            watchers = list(self._watchers)
        for callback in watchers:
            callback(self)
        self.computers.wake()

    def sync(self) -> bool:
        """Read the room again from the store: what other processes changed (its record, the
        moves of its deal), played here so that the pages redraw. Whether anything changed."""
        with self.lock:
            stored = self._store.room(self.code)
            changed = stored is not None and stored != self._record
            if changed:
                self._apply(stored)  # type: ignore[arg-type]
            moves = self._store.moves(self.code, self._record.deal, start=len(self.session.moves))
            self.session._replay(moves)
        if changed:
            self._tell()
        elif moves:
            self.computers.wake()
        return changed or bool(moves)

    def take_seat(self, name: str, token: str) -> int:
        """Give the first free seat to ``name``, who holds the token digest ``token``; its
        number. A :class:`RoomRefused` if the room is locked or full or the name is taken.
        Two learners joining at once, even through two processes, never get the same seat."""
        name = seat_name(name)
        taken: list[int] = []

        def seat_them(record: RoomRecord) -> RoomRecord:
            if record.locked or record.state == ENDED:
                raise RoomRefused(words.ROOM_CLOSED)
            refuse_lookalike(name, self._names_of(record))
            free = [number for number, seat in enumerate(record.seats) if seat.free]
            if not free:
                raise RoomRefused(words.ROOM_FULL)
            taken[:] = [free[0]]
            return record.with_seat(free[0], Seat(name=name, token=token, approved=not record.approve))

        self._update(seat_them)
        return taken[0]

    def seat_of(self, token: str) -> int | None:
        """The seat held with the token digest ``token``, or None."""
        return next((n for n, seat in enumerate(self.seats) if seat.token is not None and seat.token == token), None)

    def approve(self, number: int) -> None:
        self._update(lambda r: r.with_seat(number, replace(r.seats[number], approved=True)))

    def free(self, number: int) -> None:
        """Free seat ``number``: its token no longer opens it."""
        self._update(lambda r: r.with_seat(number, Seat(computer=r.seats[number].computer)))

    def set_locked(self, locked: bool) -> None:
        self._update(lambda r: replace(r, locked=locked))

    def set_approving(self, approve: bool) -> None:
        self._update(lambda r: replace(r, approve=approve))

    def pause(self) -> None:
        self._update(lambda r: replace(r, state=PAUSED) if r.state == OPEN else r)

    def resume(self) -> None:
        self._update(lambda r: replace(r, state=OPEN) if r.state == PAUSED else r)

    def end(self) -> None:
        self._update(lambda r: replace(r, state=ENDED))

    def new_deal(self) -> None:
        """Deal a new game from a fresh seed, with the same seats; the room is open again."""
        deal = self._record.deal
        # one new deal, even if two teachers' clicks reach two processes at once
        self._update(lambda r: replace(r, seed=fresh_seed(), deal=r.deal + 1, state=OPEN) if r.deal == deal else r)

    def close(self) -> None:
        """Stop the room's computer players."""
        self.computers.stop()


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
                try:
                    room.session.play(move)
                except RoomRefused:  # another process's computer player (or a teacher) was first
                    pass
