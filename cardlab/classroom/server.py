"""``cardlab classroom``: one server process for every room of a class (Solara on uvicorn).

    cardlab classroom --store sqlite:classroom.db --port 8765 --rooms 15 --game commitment

prints the teacher's link (with the teacher's key) and the address learners open to join. The
store keeps every room: start the command again with the same store and every game is back.
"""

from __future__ import annotations

import ipaddress
import os
import sys
from pathlib import Path
from typing import Any

from .classroom import Classroom
from .store_address import open_store

DEFAULT_STORE = "sqlite:classroom.db"
#: Seconds between the server's pings of a page, and how long a page may take to answer: a
#: school laptop on a busy network answers late, and a page closed for that must rejoin.
PING_EVERY, PING_TIMEOUT = 20.0, 60.0


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


def make_app(classroom: Classroom) -> Any:
    """The Starlette application: the join page and teacher's link, then Solara's pages."""
    os.environ["SOLARA_APP"] = "cardlab.classroom.app"
    _front_end_paths()
    import solara.server.settings as settings

    settings.main.mode = "production"
    settings.telemetry.mixpanel_enable = False
    import solara.server.starlette as solara_app
    from starlette.applications import Starlette
    from starlette.routing import Mount

    from . import app, web

    app.use_classroom(classroom)
    return Starlette(
        routes=[*web.routes(lambda: classroom), Mount("/", routes=solara_app.routes)],
        middleware=solara_app.middleware,
        lifespan=solara_app.lifespan,
    )


def serve(
    store: str = DEFAULT_STORE,
    host: str = "127.0.0.1",
    port: int = 8765,
    *,
    rooms: int = 0,
    game: str = "commitment",
    options: dict[str, Any] | None = None,
    computer_delay: float | None = None,
    trusted_proxies: tuple[str, ...] = (),
    out: Any = None,
) -> None:
    """Start the class's server and serve until stopped: every room of ``store`` restored,
    and ``rooms`` rooms of ``game`` opened if the store holds none. A request's address is
    taken from ``X-Forwarded-For`` only when its peer is one of ``trusted_proxies``
    (addresses or networks such as ``10.0.0.0/8``)."""
    import uvicorn

    out = out or sys.stdout
    for proxy in trusted_proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise ValueError(f"--trusted-proxy: an address or a network (10.0.0.0/8), not {proxy!r}") from None
    classroom = Classroom(open_store(store), **({} if computer_delay is None else {"computer_delay": computer_delay}))
    if not classroom.rooms:
        for _ in range(rooms):
            classroom.create_room(game, **(options or {}))
    application = make_app(classroom)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    base = f"http://{shown}:{port}"
    print(f"cardlab classroom: {len(classroom.rooms)} rooms, kept in {store}", file=out)
    print(f"Teacher's link (keep it to yourself): {base}/teacher?key={classroom.teacher_key}", file=out)
    print(f"Learners join at: {base}/", file=out)
    for code in classroom.rooms:
        print(f"  room {code}", file=out)
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
