"""Where rooms are kept: a small :class:`Store` interface and its SQLite implementation.

A store holds the room directory (one :class:`~.records.RoomRecord` per room), each room's
append-only move log (one row per move, in notation, per deal) and a few named secrets (the
teacher's key). After a restart every room is dealt again from its seed and its log replayed
(:mod:`.classroom`). A move is appended before it is played, and only as its log's next move
(so of two processes trying the same step, one wins); it costs about 0.01 ms in SQLite (WAL
mode, ``synchronous=NORMAL``), where a session's whole-game ``save`` would rewrite the game.

:func:`.store_address.open_store` ("sqlite:PATH" or "redis://HOST:PORT/DB") picks the implementation.
"""

from __future__ import annotations

import abc
import os
import secrets
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no OS lock, so nothing refuses a second process there
    fcntl = None  # type: ignore[assignment]

from .records import RoomRecord


class StoreError(ValueError):
    """A store address that names no store, a store another process serves, or a write the
    store refuses."""


class StaleWrite(StoreError):
    """A write made from an out-of-date copy of the room: another process wrote first (a move
    with that number, or a change to the room's record). Nothing was written."""


#: Called with a room's code when another process changed that room (None: maybe every room).
Listener = Callable[[str | None], None]


class Store(abc.ABC):
    """Rooms, their move logs and named secrets, kept across restarts.

    Every write that could race another process's is checked: :meth:`append_move` only
    appends the next move of the log, and :meth:`replace_room` only replaces the record it was
    given, so of two writers from the same copy, exactly one succeeds."""

    @abc.abstractmethod
    def save_room(self, record: RoomRecord) -> None:
        """Add or replace the room ``record.code``, unchecked."""

    @abc.abstractmethod
    def replace_room(self, old: RoomRecord | None, new: RoomRecord) -> bool:
        """Store ``new`` if the room's stored record is ``old`` (None: if there is no such
        room); False, and nothing written, otherwise."""

    @abc.abstractmethod
    def room(self, code: str) -> RoomRecord | None:
        """The room ``code`` as stored, or None."""

    @abc.abstractmethod
    def rooms(self) -> list[RoomRecord]:
        """Every room, oldest first."""

    @abc.abstractmethod
    def append_move(self, code: str, deal: int, number: int, move: str) -> None:
        """Append move ``number`` (1 the first) of deal ``deal`` of room ``code``; a
        :class:`StaleWrite` unless it is the next one of that log."""

    @abc.abstractmethod
    def moves(self, code: str, deal: int, start: int = 0) -> list[str]:
        """The moves of deal ``deal`` of room ``code``, first first, from number ``start + 1``."""

    def append_action(self, code: str, seat: int, number: int, action: str) -> None:
        """Append action ``number`` (1 the first) of the learner at seat ``seat`` of lesson room
        ``code`` (:mod:`.lesson_runs`); a :class:`StaleWrite` unless it is the next one. Kept as
        the move log of a deal 0 of its own (``CODE.SEAT``), so every store keeps it as it keeps moves."""
        self.append_move(f"{code}.{seat}", 0, number, action)

    def actions(self, code: str, seat: int, start: int = 0) -> list[str]:
        """The actions of the learner at seat ``seat`` of lesson room ``code``, from number ``start + 1``."""
        return self.moves(f"{code}.{seat}", 0, start)

    @abc.abstractmethod
    def secret(self, name: str) -> str:
        """The secret called ``name``, made (at random) the first time it is asked for."""

    def listen(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(code)`` (in a thread of the store's) when another process changes a
        room; returns a function that stops it. A store only one process serves never calls."""
        return lambda: None

    def claim(self) -> None:
        """Called by the process that serves the store's rooms: a :class:`StoreError` if the
        store cannot be served by one more process (a shared store takes any number)."""
        return None

    @abc.abstractmethod
    def close(self) -> None:
        """Let go of the store's connection."""


def new_secret() -> str:
    return secrets.token_urlsafe(24)


class SQLiteStore(Store):
    """The embedded store: one SQLite file, no server to install. Safe from several threads;
    served by one process at a time (:meth:`claim`: a second is refused, with its reason)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._claimed: Any = None
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(
            """
            CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, record TEXT NOT NULL, added REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS moves (code TEXT, deal INTEGER, number INTEGER, move TEXT NOT NULL,
                                              PRIMARY KEY (code, deal, number)) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
            """
        )

    def claim(self) -> None:
        """Hold ``PATH-serving`` locked (an OS lock, let go when the process ends, however it
        ends) while this process serves the file: the rooms live in the serving process, and
        nothing tells a second process of the first one's moves. A second is refused."""
        if fcntl is None or self._claimed is not None:
            return
        handle = open(f"{self.path}-serving", "a+")  # noqa: SIM115 - held open while serving
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise StoreError(
                f"store: sqlite:{self.path} is served by {holder} already; one process serves an SQLite "
                "store, and several processes share a Redis store (redis://HOST:PORT/DB)"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()}")
        handle.flush()
        self._claimed = handle

    def save_room(self, record: RoomRecord) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO rooms VALUES (?, ?, julianday('now'))"
                " ON CONFLICT(code) DO UPDATE SET record = excluded.record",
                (record.code, record.to_json()),
            )

    def replace_room(self, old: RoomRecord | None, new: RoomRecord) -> bool:
        with self._lock:
            if old is None:
                cursor = self._db.execute(
                    "INSERT OR IGNORE INTO rooms VALUES (?, ?, julianday('now'))", (new.code, new.to_json())
                )
            else:
                cursor = self._db.execute(
                    "UPDATE rooms SET record = ? WHERE code = ? AND record = ?",
                    (new.to_json(), new.code, old.to_json()),
                )
            return cursor.rowcount == 1

    def room(self, code: str) -> RoomRecord | None:
        with self._lock:
            row = self._db.execute("SELECT record FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else RoomRecord.from_json(row[0])

    def rooms(self) -> list[RoomRecord]:
        with self._lock:
            rows = self._db.execute("SELECT record FROM rooms ORDER BY added, code").fetchall()
        return [RoomRecord.from_json(text) for (text,) in rows]

    def append_move(self, code: str, deal: int, number: int, move: str) -> None:
        with self._lock:
            (count,) = self._db.execute(
                "SELECT coalesce(max(number), 0) FROM moves WHERE code = ? AND deal = ?", (code, deal)
            ).fetchone()
            if number != count + 1:
                raise StaleWrite(f"room {code}, deal {deal}: move {number} given, but the log holds {count} moves")
            self._db.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (code, deal, number, move))

    def moves(self, code: str, deal: int, start: int = 0) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT move FROM moves WHERE code = ? AND deal = ? AND number > ? ORDER BY number", (code, deal, start)
            ).fetchall()
        return [move for (move,) in rows]

    def secret(self, name: str) -> str:
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO secrets VALUES (?, ?)", (name, new_secret()))
            (value,) = self._db.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()
        return value

    def close(self) -> None:
        with self._lock:
            self._db.close()
            if self._claimed is not None:
                self._claimed.close()  # lets go of the lock
                self._claimed = None
