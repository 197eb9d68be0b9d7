"""Files written atomically: a locked temporary file beside the target, then a rename, so an
interrupted write leaves the previous file intact; the remains of interrupted writes are
cleaned up by the next one."""

from __future__ import annotations

import contextlib
import os
import secrets
import time

try:  # POSIX: a write in progress holds a lock on its temporary file
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

#: The temporary files of a write: ``.cardlab-<random>.tmp`` beside the written file.
TEMP_PREFIX, TEMP_SUFFIX = ".cardlab-", ".tmp"
#: Where file locks are not available, a stray temporary file older than this (in seconds)
#: is taken for the remains of an interrupted write.
STRAY_AGE = 3600.0


def write_atomically(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` atomically. A file that exists keeps its permissions (a new
    one gets the usual ones, as ``open`` would make it); a symbolic link is followed and its
    target written. Temporary files that an interrupted write left in that folder are removed."""
    target = os.path.realpath(os.fspath(path))
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        raise IsADirectoryError(f"cannot save to {os.fspath(path)}: it is a folder; give a file name")
    if not os.path.isdir(folder):
        raise FileNotFoundError(f"cannot save to {os.fspath(path)}: there is no folder {folder}")
    _remove_stray_temporaries(folder)
    try:
        _write_atomically(target, folder, text)
    except FileNotFoundError:  # another write's cleaning took the temporary file (a rare race): again
        _write_atomically(target, folder, text)


def _write_atomically(target: str, folder: str, text: str) -> None:
    """Write ``text`` to a locked temporary file in ``folder``, with ``target``'s permissions
    if it exists, then rename it to ``target``."""
    temporary = os.path.join(folder, f"{TEMP_PREFIX}{secrets.token_hex(8)}{TEMP_SUFFIX}")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies, as for open()
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)  # tells other writes that this file is in use
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, os.stat(target).st_mode & 0o7777)
        with os.fdopen(handle, "w", encoding="utf-8", closefd=fcntl is None) as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)  # with the lock still held where there are locks
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    finally:
        if fcntl is not None:
            os.close(handle)


def _remove_stray_temporaries(folder: str) -> None:
    """Remove the temporary files of saves that were interrupted (the process ended during a
    save). A write in progress holds a lock on its file and is left alone; without file
    locks, only files older than :data:`STRAY_AGE` are removed."""
    try:
        names = [n for n in os.listdir(folder) if n.startswith(TEMP_PREFIX) and n.endswith(TEMP_SUFFIX)]
    except OSError:
        return
    for name in names:
        stray = os.path.join(folder, name)
        with contextlib.suppress(OSError):
            if fcntl is None:
                if time.time() - os.stat(stray).st_mtime > STRAY_AGE:
                    os.unlink(stray)
                continue
            handle = os.open(stray, os.O_RDONLY)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises if a save holds it
                os.unlink(stray)
            finally:
                os.close(handle)
