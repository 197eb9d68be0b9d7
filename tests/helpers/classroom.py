"""Helpers of the classroom tests: waiting for what another process is told, and playing a
room's game to its end, from each seat's view."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from cardlab import bots
from cardlab.classroom.rooms import Room

T = TypeVar("T")


def wait_until(check: Callable[[], T], timeout: float = 10.0) -> T:
    """``check()``'s first true answer, looked for every 10 ms; fails after ``timeout`` seconds."""
    ends = time.monotonic() + timeout
    while time.monotonic() < ends:
        if found := check():
            return found
        time.sleep(0.01)
    raise AssertionError(f"not so after {timeout} s: {check}")


def play_people(room: Room, seats: set[int], seed: int = 1, timeout: float = 20.0) -> int:
    """Play the ``seats`` of people in ``room`` with random moves (each from its seat's view),
    leaving the computer seats to the room, until the game ends; the number of moves."""
    chooser = bots.make_player("random", seed=seed)
    session, game = room.session, room.game
    ends = time.monotonic() + timeout
    while not game.is_over(session.state):
        assert time.monotonic() < ends, f"room {room.code}: the game did not end in {timeout} s"
        with room.lock:
            mover = game.to_move(session.state)
            if mover in seats:
                session.play(chooser.choose(game, game.view(session.state, mover)))
                continue
        time.sleep(0.002)
    return len(session.moves)
