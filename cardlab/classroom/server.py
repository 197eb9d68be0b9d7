"""``cardlab classroom``: one server process for every room of a class (Solara on uvicorn).

    cardlab classroom --store sqlite:classroom.db --port 8765 --rooms 15 --game commitment

prints the address learners open to join and the rooms' codes, and writes the teacher's link
(with the teacher's key) to a file only its owner can read (:func:`write_teacher_link`), so a
terminal on the projector never shows the key. The key is new on each start, unless kept
(``--keep-teacher-key``: the key of that file again). The store keeps every room: start the
command again with the same store and every game is back.
"""

from __future__ import annotations

import html
import ipaddress
import os
import re
import secrets
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..games import CLASSROOM_GAME
from .classroom import Classroom
from .lesson_rooms import LessonRoom, lesson_source
from .records import ENDED
from .rooms import COMPUTER_DELAY
from .store_address import open_store

DEFAULT_STORE = "sqlite:classroom.db"
#: Seconds between the server's pings of a page, and how long a page may take to answer: a
#: school laptop on a busy network answers late, and a page closed for that must rejoin.
PING_EVERY, PING_TIMEOUT = 20.0, 60.0


#: Where the teacher's link is written when no ``--teacher-key-file`` is given.
TEACHER_FILE = "classroom-teacher.html"
_KEY = re.compile(r"key=([A-Za-z0-9_-]{16,})")


class TeacherKeyError(ValueError):
    """A teacher's key file that cannot be used (others may read it, or it holds no key)."""


def _page(link: str) -> str:
    """The teacher's file: a page that opens the teacher's link (a browser opens it from the
    file), with the link written out for another computer."""
    shown = html.escape(link)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="0; url={shown}">'
        "<title>cardlab: the teacher's link</title></head>\n"
        f'<body><p>The class\'s dashboard: <a href="{shown}">{shown}</a></p>\n'
        "<p>Keep this link to yourself: it carries the teacher's key.</p></body></html>\n"
    )


def read_teacher_key(path: Path) -> str | None:
    """The key kept in the teacher's file ``path``, or None if there is no such file. A
    :class:`TeacherKeyError` if others than its owner may read it, or it holds no key."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    where = f"--teacher-key-file {path}"
    if not stat.S_ISREG(info.st_mode):
        raise TeacherKeyError(f"{where}: not a file")
    if os.name == "posix" and (info.st_mode & 0o077 or info.st_uid != os.getuid()):
        raise TeacherKeyError(
            f"{where}: others than you may read it (mode {stat.S_IMODE(info.st_mode):o}); "
            f"make it yours alone (chmod 600 {path}) or delete it for a new key"
        )
    found = _KEY.search(path.read_text(encoding="utf-8", errors="replace"))
    if found is None:
        raise TeacherKeyError(f"{where}: holds no teacher's key; delete it for a new key")
    return found.group(1)


def write_teacher_link(path: Path, link: str, *, only_if_new: bool = False) -> bool:
    """Write the teacher's file ``path`` (its page with ``link``), readable by its owner only
    (mode 0600) from the start, put in place in one step. With ``only_if_new``, nothing is
    written if ``path`` exists (another process wrote it first). Whether it was written."""
    path = path.resolve()
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)  # mode 0600
    except OSError as err:
        raise TeacherKeyError(f"--teacher-key-file {path}: cannot write there ({err.strerror})") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(_page(link))
        if only_if_new:
            try:
                os.link(temporary, path)  # fails if the file is there
            except FileExistsError:
                return False
            return True
        os.replace(temporary, path)
        return True
    finally:
        Path(temporary).unlink(missing_ok=True)


def teacher_key(path: Path, keep: bool, link: Callable[[str], str]) -> str:
    """The teacher's key of this start, with its link (``link(key)``) written to the teacher's
    file ``path``: the key kept there if ``keep`` and there is one (several processes started
    at once with the same file agree on one), else a new one."""
    if keep:
        kept = read_teacher_key(path)
        if kept is None:
            key = secrets.token_urlsafe(24)
            if write_teacher_link(path, link(key), only_if_new=True):
                return key
            kept = read_teacher_key(path)  # another process wrote it a moment ago
        if kept is not None:
            write_teacher_link(path, link(kept))  # this start's address
            return kept
    key = secrets.token_urlsafe(24)
    write_teacher_link(path, link(key))
    return key


def open_lesson_room(classroom: Classroom, lesson: str) -> LessonRoom:
    """The class's lesson room for ``lesson``: the one the store holds, or a new one. A lesson
    that fails its checks is refused (a ValueError listing its problems)."""
    name, _ = lesson_source(lesson)
    for room in classroom.rooms.values():
        if isinstance(room, LessonRoom) and room.lesson.name == name and room.state != ENDED:
            return room
    return classroom.create_lesson_room(lesson)


def _front_end_paths() -> None:
    """Let Solara find the widgets' front-end files (anywidget's) in this Python's share/jupyter."""
    prefix = Path(sys.prefix)
    for variable, folder in (
        ("JUPYTER_PATH", prefix / "share" / "jupyter"),
        ("JUPYTER_CONFIG_PATH", prefix / "etc" / "jupyter"),
    ):
        paths = [p for p in os.environ.get(variable, "").split(os.pathsep) if p]
        if str(folder) not in paths:
            os.environ[variable] = os.pathsep.join([*paths, str(folder)])


#: ``anywidget`` as a module of its own name: Solara's page loads anywidget's notebook extension
#: (which maps the name to ``nbextensions/anywidget/index``) beside its first widgets, and a
#: widget asked for before the mapping would otherwise be fetched from ``jupyter/anywidget.js``
#: and never shown. Both names then give the one module.
ANYWIDGET_MODULE = 'define(["nbextensions/anywidget/index"], (anywidget) => anywidget);\n'


def _anywidget_module(request: Any) -> Any:
    from starlette.responses import Response

    return Response(ANYWIDGET_MODULE, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


def make_app(classroom: Classroom) -> Any:
    """The Starlette application: the join page and teacher's link, then Solara's pages."""
    os.environ["SOLARA_APP"] = "cardlab.classroom.app"
    _front_end_paths()
    import solara.server.settings as settings

    settings.main.mode = "production"
    settings.telemetry.mixpanel_enable = False
    settings.theme.show_banner = False  # Solara's own line at the foot of every page covers the move log
    import solara.server.starlette as solara_app
    from starlette.applications import Starlette
    from starlette.routing import Mount, Route

    from . import app, lesson_web, web

    app.use_classroom(classroom)
    return Starlette(
        routes=[
            *web.routes(lambda: classroom),
            *lesson_web.routes(lambda: classroom),
            Route("/jupyter/anywidget.js", _anywidget_module),
            Mount("/", routes=solara_app.routes),
        ],
        middleware=solara_app.middleware,
        lifespan=solara_app.lifespan,
    )


def serve(
    store: str = DEFAULT_STORE,
    host: str = "127.0.0.1",
    port: int = 8765,
    *,
    rooms: int = 0,
    game: str = CLASSROOM_GAME,
    options: dict[str, Any] | None = None,
    computer_delay: float | None = None,
    trusted_proxies: tuple[str, ...] = (),
    teacher_file: str | Path = TEACHER_FILE,
    keep_teacher_key: bool = False,
    lesson: str | None = None,
    out: Any = None,
) -> None:
    """Start the class's server and serve until stopped: every room of ``store`` restored,
    and ``rooms`` rooms of ``game`` opened if the store holds none. A request's address is
    taken from ``X-Forwarded-For`` only when its peer is one of ``trusted_proxies``
    (addresses or networks such as ``10.0.0.0/8``). The teacher's link is written to
    ``teacher_file`` (mode 0600), with a new key, or with the key already there if
    ``keep_teacher_key`` (so that a restart, or several processes given that file, keep it).
    ``lesson`` (a bundled lesson's name or a lesson file) opens a lesson room for it, unless
    the store holds one for that lesson already."""
    import uvicorn

    out = out or sys.stdout
    for proxy in trusted_proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise ValueError(f"--trusted-proxy: an address or a network (10.0.0.0/8), not {proxy!r}") from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    base = f"http://{shown}:{port}"
    teacher_file = Path(teacher_file)
    read_teacher_key(teacher_file)  # a file others may read is refused before anything starts
    delay = COMPUTER_DELAY if computer_delay is None else computer_delay
    classroom = Classroom(open_store(store), computer_delay=delay)
    try:  # the key is written once the store is this process's (a refused second process changes nothing)
        key = teacher_key(teacher_file, keep_teacher_key, lambda key: f"{base}/teacher?key={key}")
    except BaseException:
        classroom.close()
        raise
    classroom.teacher_key = key  # this start's key, not the one the store keeps for the Python API
    if not classroom.rooms:
        for _ in range(rooms):
            classroom.create_room(game, **(options or {}))
    if lesson is not None:
        try:
            open_lesson_room(classroom, lesson)
        except BaseException:
            classroom.close()
            raise
    application = make_app(classroom)
    print(f"cardlab classroom: {len(classroom.rooms)} rooms, kept in {store}", file=out)
    kept = "the same key on each start" if keep_teacher_key else "a new key on each start"
    print(f"Teacher's link: open {teacher_file.resolve()} in your browser (only you can read it; {kept})", file=out)
    print(f"Learners join at: {base}/", file=out)
    for code, room in classroom.rooms.items():
        print(f"  room {code}" + (f" (lesson {room.lesson.name})" if isinstance(room, LessonRoom) else ""), file=out)
    out.flush()
    try:
        uvicorn.run(
            application,
            host=host,
            port=port,
            log_level="warning",
            ws_max_size=16 * 1024 * 1024,
            ws_ping_interval=PING_EVERY,
            ws_ping_timeout=PING_TIMEOUT,
            proxy_headers=bool(trusted_proxies),  # uvicorn would believe 127.0.0.1 by default
            forwarded_allow_ips=list(trusted_proxies),
        )
    finally:
        classroom.close()
