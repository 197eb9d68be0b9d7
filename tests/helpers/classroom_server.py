"""A real ``cardlab classroom`` server for the browser tests, on a store the test prepares.

``prepare(store_path, rooms)`` opens the rooms in the SQLite store with the Python API (so a
test knows each room's game); ``ClassroomServer(store_path).start()`` runs the command on it
(which restores them, as after any restart), and reads the teacher's link from the file the
command writes it to (``teacher_file``); ``restart()`` stops and starts it again on the same
store and port (with a new teacher's key, unless ``--keep-teacher-key`` is among its options).
``replay(code)`` reads a room's game back from the store, so a test can work out which cards
each seat may not see.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import cardlab
from cardlab.classroom.classroom import Classroom
from cardlab.classroom.store import SQLiteStore
from cardlab.classroom.store_address import open_store
from helpers.ports import free_port

SERVER_TIMEOUT = 60.0


def prepare(store_path: Path, rooms: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """Open ``rooms`` (game, options) in the store at ``store_path``; their codes, in order."""
    classroom = Classroom(open_store(f"sqlite:{store_path}"))
    try:
        return [classroom.create_room(game, **options).code for game, options in rooms]
    finally:
        classroom.close()


def replay(store_path: Path, code: str) -> cardlab.Session:
    """Room ``code``'s current deal as the store holds it, replayed in a plain session."""
    store = SQLiteStore(str(store_path))
    try:
        record = next(r for r in store.rooms() if r.code == code)
        game = cardlab.game(record.game, **record.options)
        session = cardlab.Session(game, game.deal(seed=record.seed))
        for move in store.moves(code, record.deal):
            session.play(move)
        return session
    finally:
        store.close()


def seated(store_path: Path, code: str) -> list[str | None]:
    """The name of the person in each seat of room ``code``, as the store holds it (None: none)."""
    store = SQLiteStore(str(store_path))
    try:
        record = store.room(code)
        assert record is not None, f"no room {code} in {store_path}"
        return [seat.name for seat in record.seats]
    finally:
        store.close()


class ClassroomServer:
    """``cardlab classroom`` on ``store_path`` (or on the store address ``store``, such as a
    Redis one), served on a free port of 127.0.0.1, with the command's options ``args``."""

    def __init__(self, store_path: Path, log: Path, *, store: str | None = None, args: tuple[str, ...] = ()) -> None:
        self.store_path, self.log_path = store_path, log
        self.store = store or f"sqlite:{store_path}"
        self.args = args
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.teacher_link = ""
        if "--teacher-key-file" not in args:  # where the command writes the teacher's link
            self.args = (*args, "--teacher-key-file", str(log.parent / f"teacher-{self.port}.html"))
        self.teacher_file = Path(self.args[self.args.index("--teacher-key-file") + 1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ClassroomServer:
        command = [sys.executable, "-m", "cardlab", "classroom", "--store", self.store, *self.args]
        self.log = self.log_path.open("a")
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port)], stdout=self.log, stderr=subprocess.STDOUT, text=True
        )
        ends = time.monotonic() + SERVER_TIMEOUT
        while time.monotonic() < ends:
            assert self.process.poll() is None, self.log_path.read_text()
            if self._ready():
                found = re.findall(r'href="([^"]+)"', self.teacher_file.read_text())
                self.teacher_link = html.unescape(found[-1]).replace("localhost", "127.0.0.1")
                return self
            time.sleep(0.2)
        raise TimeoutError(f"cardlab classroom did not start: {self.log_path.read_text()}")

    def _ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/", timeout=2) as answer:
                return answer.status == 200
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if getattr(self, "log", None):
            self.log.close()

    def restart(self) -> None:
        self.stop()
        self.start()
