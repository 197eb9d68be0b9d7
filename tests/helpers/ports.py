"""Servers the tests start on this machine: a free port to give one, and the wait until it
answers there."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answers(port: int, host: str = "127.0.0.1") -> bool:
    """Whether something on ``host`` accepts a connection on ``port``."""
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex((host, port)) == 0


def wait_for_port(
    port: int,
    process: subprocess.Popen,
    what: str,
    timeout: float,
    said: Callable[[], str] = lambda: "",
    host: str = "127.0.0.1",
) -> None:
    """Wait until ``process`` (the server called ``what``) accepts connections on ``host``'s
    ``port``; a RuntimeError if it exits first or ``timeout`` seconds pass, with what it ``said``
    (its log)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}:\n{said()}")
        if answers(port, host):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not answer within {timeout:.0f} s:\n{said()}")
