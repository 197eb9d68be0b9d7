"""The store a ``--store`` address names: ``sqlite:PATH``, the embedded default, or ``redis://...``
(the ``redis`` extra), for several server processes."""

from __future__ import annotations

from .store import SQLiteStore, Store, StoreError

__all__ = ["open_store"]


def open_store(address: str) -> Store:
    """The store at ``address``: ``sqlite:PATH`` (a file, made if missing) or ``redis://...``."""
    if address.startswith("sqlite:"):
        path = address[len("sqlite:") :]
        if not path:
            raise StoreError("store: sqlite:PATH needs a file's path, such as sqlite:classroom.db")
        return SQLiteStore(path)
    if address.startswith(("redis://", "rediss://", "unix://")):
        from .redis_store import RedisStore  # redis-py only when asked for

        return RedisStore(address)
    raise StoreError(f"store: sqlite:PATH or redis://HOST:PORT/DB, not {address!r}")
