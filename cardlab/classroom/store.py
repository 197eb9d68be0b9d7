"""Where rooms are kept: a small :class:`Store` interface and its SQLite implementation.

A store holds the room directory (one :class:`~.records.RoomRecord` per room), each room's
append-only move log (one row per move, in notation, per deal) and a few named secrets (the
teacher's key). After a restart every room is dealt again from its seed and its log replayed
(:mod:`.classroom`). A move is appended as it is played, which costs about 0.01 ms in SQLite
(WAL mode, ``synchronous=NORMAL``); a session's whole-game ``save`` would rewrite the game each time.

:func:`.store_address.open_store` ("sqlite:PATH" or "redis://HOST:PORT/DB") picks the implementation.
"""

from __future__ import annotations

import abc
import secrets
import sqlite3
import threading

from .records import RoomRecord


class StoreError(ValueError):
    """A store address that names no store, or a log that refuses a move out of order."""


class Store(abc.ABC):
    """Rooms, their move logs and named secrets, kept across restarts."""

    @abc.abstractmethod
    def save_room(self, record: RoomRecord) -> None:
        """Add or replace the room ``record.code``."""

    @abc.abstractmethod
    def rooms(self) -> list[RoomRecord]:
        """Every room, oldest first."""

    @abc.abstractmethod
    def append_move(self, code: str, deal: int, number: int, move: str) -> None:
        """Append move ``number`` (1 the first) of deal ``deal`` of room ``code``; a
        :class:`StoreError` unless it is the next one of that log."""

    @abc.abstractmethod
    def moves(self, code: str, deal: int) -> list[str]:
        """The moves of deal ``deal`` of room ``code``, first first."""

    @abc.abstractmethod
    def secret(self, name: str) -> str:
        """The secret called ``name``, made (at random) the first time it is asked for."""

    @abc.abstractmethod
    def close(self) -> None:
        """Let go of the store's connection."""


def new_secret() -> str:
    return secrets.token_urlsafe(24)


class SQLiteStore(Store):
    """The embedded store: one SQLite file, no server to install. Safe from several threads."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
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

    def save_room(self, record: RoomRecord) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO rooms VALUES (?, ?, julianday('now'))"
                " ON CONFLICT(code) DO UPDATE SET record = excluded.record",
                (record.code, record.to_json()),
            )

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
                raise StoreError(f"room {code}, deal {deal}: move {number} given, but the log holds {count} moves")
            self._db.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (code, deal, number, move))

    def moves(self, code: str, deal: int) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT move FROM moves WHERE code = ? AND deal = ? ORDER BY number", (code, deal)
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
