"""What every page of the classroom uses: the class served, the page's cookies, and redrawing a
page when something changes (in any thread) or every few seconds."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import solara
import solara.lab

from .classroom import Classroom
from .tokens import TEACHER_COOKIE

_CLASSROOM: list[Classroom] = []


def use_classroom(classroom: Classroom) -> None:
    """Serve ``classroom`` on these pages."""
    _CLASSROOM[:] = [classroom]


def classroom() -> Classroom:
    if not _CLASSROOM:
        raise RuntimeError("no classroom: call cardlab.classroom.app.use_classroom(...) first")
    return _CLASSROOM[0]


def _cookie(name: str) -> str | None:
    return (solara.lab.cookies.value or {}).get(name)  # type: ignore[attr-defined]  # (a reactive value)


def use_changes(subscribe: Callable[[Callable[..., None]], Callable[[], None]], key: Any) -> int:
    """Render again whenever ``subscribe(callback)`` calls back (from any thread): the
    callback wakes a thread of the page's own, which renders the page again."""
    count, set_count = solara.use_state(0)

    def connect() -> Callable[[], None]:
        wake, stop = threading.Event(), threading.Event()

        def render_when_woken() -> None:  # started here, so in the page's kernel context
            while True:
                wake.wait()
                if stop.is_set():
                    return
                wake.clear()
                set_count(lambda n: n + 1)

        threading.Thread(target=render_when_woken, name="cardlab-render", daemon=True).start()
        unsubscribe = subscribe(lambda *_: wake.set())

        def disconnect() -> None:
            unsubscribe()
            stop.set()
            wake.set()

        return disconnect

    solara.use_effect(connect, [key])
    return count


def use_every(seconds: float) -> int:
    """Render again every ``seconds`` while the page is open."""
    count, set_count = solara.use_state(0)

    def start() -> Callable[[], None]:
        stop = threading.Event()

        def tick() -> None:  # started here, so in the page's kernel context
            while not stop.wait(seconds):
                set_count(lambda n: n + 1)

        threading.Thread(target=tick, name="cardlab-dashboard", daemon=True).start()
        return stop.set

    solara.use_effect(start, [])
    return count


def is_teacher() -> bool:
    """Whether the page holds the teacher's key cookie."""
    return classroom().is_teacher(_cookie(TEACHER_COOKIE))


@solara.component
def NotTeacher() -> None:
    solara.Error("This page is for the teacher: open it with the teacher's link.", classes=["cardlab-not-teacher"])
