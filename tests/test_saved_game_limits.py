"""A saved game is read only when it is a regular file of a bounded size: a device, a pipe or
a huge file is refused at once, as a StateError naming the file, without reading it whole.
Files that would make a reader hang or fill the memory are read in a child process with a time
and memory limit."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab import Session, StateError
from cardlab.session import MAX_SAVED_CHARS
from helpers.growth import small_memory

ROOT = Path(__file__).resolve().parent.parent


def in_a_child(code: str, seconds: float = 20) -> subprocess.CompletedProcess:
    """Run ``code`` in a Python of its own, with 1 GB of memory and ``seconds`` to finish."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=seconds, preexec_fn=limit, cwd=ROOT
    )


def test_a_saved_game_that_is_a_device_or_a_pipe_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    code = (
        "import time, cardlab\n"
        f"for name in ('/dev/zero', {str(tmp_path / 'pipe.json')!r}):\n"
        "    start = time.perf_counter()\n"
        "    try:\n"
        "        cardlab.Session.load(name)\n"
        "    except cardlab.StateError as err:\n"
        "        print(round(time.perf_counter() - start, 3), err, sep=' | ')\n"
    )
    done = in_a_child(code)
    assert done.returncode == 0, done.stderr[-2000:]
    zero, pipe = (line.split(" | ") for line in done.stdout.splitlines())
    assert float(zero[0]) < 5 and zero[1] == "/dev/zero: not a cardlab saved game (not a regular file)"
    assert float(pipe[0]) < 5  # opening the pipe to read would wait for ever
    assert pipe[1] == f"{tmp_path / 'pipe.json'}: not a cardlab saved game (not a regular file)"


def test_a_saved_game_too_big_is_refused_and_one_of_the_usual_size_is_read(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:  # 30 MB, most of it a hole the reader would fill
        handle.truncate(3 * MAX_SAVED_CHARS)
    with (
        small_memory(25),  # the limit is read (10 M characters), never the 30 MB
        pytest.raises(StateError, match=r"big.json: not a cardlab saved game \(more than 10,000,000 characters\)"),
    ):
        Session.load(big)
    game = cardlab.game("card-commons")
    session = Session(game, game.deal(seed=1))
    session.play(game.legal_moves(session.state)[0])
    session.save(tmp_path / "game.json")
    assert Session.load(tmp_path / "game.json").moves == session.moves
