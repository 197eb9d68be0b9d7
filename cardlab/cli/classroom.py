"""``cardlab classroom``: serve every room of a class from one process (Solara)."""

from __future__ import annotations

import argparse

from . import common
from .common import CommandError


def add_to(commands: argparse._SubParsersAction) -> None:
    room = commands.add_parser(
        "classroom",
        help="serve classroom rooms: learners play each other from their browsers (Solara)",
        description="Serve every room of a class from one process: learners join a room from their own browser, "
        "each sees only their own cards, and the teacher's dashboard shows every table (docs/classroom.md).",
    )
    room.add_argument("--store", default="sqlite:classroom.db", help="sqlite:PATH (default) or redis://HOST:PORT/DB")
    room.add_argument("--host", default="127.0.0.1", help="the address to serve on (0.0.0.0: every network)")
    room.add_argument("--port", type=int, default=8765, help="the port to serve on (default 8765)")
    room.add_argument("--rooms", type=int, default=0, help="rooms to open when the store holds none")
    room.add_argument("--game", default="commitment", help="the game of those rooms (default commitment)")
    room.add_argument("--players", type=int, help="the players of each of those rooms (Commerce: 3 to 12)")
    room.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="a reverse proxy whose X-Forwarded-For is believed (repeat it, or a comma list; default: none)",
    )
    room.add_argument(
        "--teacher-key-file",
        default="classroom-teacher.html",
        metavar="PATH",
        help="where the teacher's link (with the teacher's key) is written, readable by you only "
        "(default classroom-teacher.html); open it in your browser. The terminal never shows the key",
    )
    room.add_argument(
        "--keep-teacher-key",
        action="store_true",
        help="keep the key of --teacher-key-file (after a restart, or for several processes); "
        "without it, each start makes a new key",
    )
    room.set_defaults(run=cmd_classroom)


def cmd_classroom(options: argparse.Namespace, extra: list[str]) -> int:
    """``cardlab classroom``: serve every room of a class (docs/classroom.md)."""
    if extra:
        raise CommandError(f"unknown options {' '.join(extra)}")
    common.need("solara", "classroom", "Solara")
    if options.store.startswith("redis"):
        common.need("redis", "redis", "redis-py")
    from ..classroom.server import serve
    from ..classroom.store import StoreError

    game_options = {"players": options.players} if options.players else {}
    try:
        trusted = tuple(a.strip() for given in options.trusted_proxy for a in given.split(",") if a.strip())
        serve(
            options.store,
            options.host,
            options.port,
            rooms=options.rooms,
            game=options.game,
            options=game_options,
            trusted_proxies=trusted,
            teacher_file=options.teacher_key_file,
            keep_teacher_key=options.keep_teacher_key,
        )
    except (StoreError, ValueError) as err:
        raise CommandError(str(err)) from None
    return 0
