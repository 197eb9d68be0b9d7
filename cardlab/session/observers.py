"""Who a session tells of its changes: its observers, each told once per change, even when
another raises (then :class:`ObserverError` says who failed)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

#: An observer is called with the session that changed.
Observer = Callable[[Any], None]


class ObserverError(RuntimeError):
    """Observers of a session raised while being told of a change.

    The change itself is complete (a move played stays played), and every observer was
    called, each exactly once. ``errors`` holds what each failing observer raised, in the
    order they were called; the first is also this error's ``__cause__``.
    """

    def __init__(self, errors: list[tuple[Observer, Exception]]) -> None:
        self.errors = tuple(error for _, error in errors)
        self.observers = tuple(observer for observer, _ in errors)
        listed = "; ".join(f"{_name(o)} raised {type(e).__name__}: {e}" for o, e in errors)
        count = f"{len(errors)} observer{'s' if len(errors) > 1 else ''}"
        super().__init__(f"the session changed and every observer was told, but {count} failed: {listed}")


def _name(callback: Any) -> str:
    return getattr(callback, "__qualname__", None) or repr(callback)


class Observers:
    """The observers of one session, added and removed under its ``lock``."""

    def __init__(self, lock: threading.RLock) -> None:
        self._lock = lock
        self._callbacks: list[Observer] = []

    def add(self, callback: Observer) -> Callable[[], None]:
        """Tell ``callback`` of every change; returns a function that stops it."""
        with self._lock:
            self._callbacks.append(callback)

        def unobserve() -> None:
            with self._lock:
                if callback in self._callbacks:
                    self._callbacks.remove(callback)

        return unobserve

    def tell(self, session: Any) -> None:
        """Tell every observer, even when one raises; then raise ObserverError if any did."""
        failed: list[tuple[Observer, Exception]] = []
        for callback in list(self._callbacks):
            try:
                callback(session)
            except Exception as err:  # noqa: BLE001 - reported below, after every observer was told
                failed.append((callback, err))
        if failed:
            raise ObserverError(failed) from failed[0][1]
