"""Reading a file a teacher was handed (a lesson, a learner's progress) in bounded time and memory:
only a regular file of at most ``limit`` bytes is read, and a device, a pipe or a file that grows
past the limit is refused after reading no more than that."""

from __future__ import annotations

import os
import stat

__all__ = ["Unreadable", "bounded_bytes"]


class Unreadable(Exception):
    """Why a file was not read: ``why`` is ``"missing"``, ``"folder"``, ``"unopened"`` (``detail``:
    the system's words), ``"special"`` (``detail``: what the file is), ``"too big"`` (``size``) or
    ``"grew"``. Each reader says it in its own words."""

    def __init__(self, why: str, detail: str = "", size: int = 0) -> None:
        super().__init__(why)
        self.why, self.detail, self.size = why, detail, size


def bounded_bytes(name: str, limit: int) -> bytes:
    """What the file ``name`` holds, when it is a regular file of at most ``limit`` bytes; else
    :class:`Unreadable`. The file is opened without blocking, so a pipe can't make it wait."""
    try:
        handle = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise Unreadable("missing") from None
    except IsADirectoryError:
        raise Unreadable("folder") from None
    except (OSError, ValueError) as err:
        raise Unreadable("unopened", str(getattr(err, "strerror", None) or err)) from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise Unreadable("folder")
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable("special", _kind(info.st_mode))
        if info.st_size > limit:
            raise Unreadable("too big", size=info.st_size)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(handle, limit + 1 - total)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            total += len(chunk)
        raise Unreadable("grew")
    finally:
        os.close(handle)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"
