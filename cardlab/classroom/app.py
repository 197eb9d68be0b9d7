"""The Solara pages of the classroom: a seat's table, the teacher's dashboard, a spectator's table.

- ``/play``: the seat the page's seat cookie opens (:mod:`.tokens`), as that player's
  :class:`~cardlab.widgets.Table`, bound to the room's shared session; a page without a
  seat is sent to the join page.
- ``/dashboard`` (the teacher's key cookie): every room, with its players, the move number,
  who is to move and the score; pausing, resuming, ending, dealing again, locking, approving
  seats, opening rooms; a link to watch each room.
- ``/watch?room=CODE`` (the teacher's key cookie): the room as a spectator sees it.

Every page runs in Solara's light virtual kernel: nothing it sends can run code. The pages
read the class set with :func:`use_classroom` before the server starts.
"""

from __future__ import annotations

import threading
import urllib.parse
from collections.abc import Callable
from typing import Any

import solara
import solara.lab

from ..games import game as make_game
from ..widgets import Table
from . import words
from .classroom import Classroom
from .connection import ConnectionNotice
from .records import ENDED, OPEN, PAUSED
from .rooms import Room
from .tokens import SEAT_COOKIE, TEACHER_COOKIE

_CLASSROOM: list[Classroom] = []
#: How often the dashboard reads every room again, in seconds.
DASHBOARD_EVERY = 1.0
GAMES = ("card-commons", "commerce", "commitment", "contest")


def use_classroom(classroom: Classroom) -> None:
    """Serve ``classroom`` on these pages."""
    _CLASSROOM[:] = [classroom]


def classroom() -> Classroom:
    if not _CLASSROOM:
        raise RuntimeError("no classroom: call cardlab.classroom.app.use_classroom(...) first")
    return _CLASSROOM[0]


def _cookie(name: str) -> str | None:
    return (solara.lab.cookies.value or {}).get(name)


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


@solara.component
def TableOf(room: Room, viewer: int | None, names: tuple[str, ...], spectator: bool = False) -> None:
    """The room's table for ``viewer`` (a seat), or a spectator's (every card, never a move)."""

    def make() -> Table:
        if spectator:
            return Table(room.session, viewer=None, spectator=True, names=names)
        return Table(room.session, viewer=viewer, names=names, opponent=None, opponent_menu=False)

    table = solara.use_memo(make, dependencies=[room.code, viewer, names, spectator])
    solara.use_effect(lambda: table.close, [table])
    solara.display(table)


@solara.component
def RoomBanner(state: str) -> None:
    """What the teacher did to the room, if anything: paused or ended it (``state``)."""
    if state == PAUSED:
        solara.Warning(words.PAUSED, classes=["cardlab-room-paused"])
    elif state == ENDED:
        solara.Warning(words.ENDED, classes=["cardlab-room-ended"])


@solara.component
def SeatPage() -> None:
    solara.Title("cardlab")
    solara.display(solara.use_memo(ConnectionNotice, dependencies=[]))
    found = classroom().seat_for(_cookie(SEAT_COOKIE))
    if found is None:
        NoSeat()
    else:
        Seat(*found)


@solara.component
def NoSeat() -> None:
    with solara.Column(classes=["cardlab-no-seat"], style={"padding": "8px"}):
        solara.Text(words.NO_SEAT)
        solara.HTML(tag="a", unsafe_innerHTML=words.JOIN_LINK, attributes={"href": "./"})


@solara.component
def Seat(room: Room, seat: int) -> None:
    """A learner's seat: the room's letters and their name, the room's banner, their table."""
    use_changes(room.watch, room.code)
    names = room.names
    with solara.Column(classes=["cardlab-seat"], style={"padding": "8px"}):
        solara.Text(words.YOUR_SEAT.format(code=room.code, name=names[seat]), classes=["cardlab-seat-title"])
        if not room.seats[seat].approved:
            solara.Info(words.WAITING, classes=["cardlab-waiting"])
        else:
            RoomBanner(room.state)
            TableOf(room, seat, names)


def _teacher() -> bool:
    return classroom().is_teacher(_cookie(TEACHER_COOKIE))


@solara.component
def NotTeacher() -> None:
    solara.Error("This page is for the teacher: open it with the teacher's link.", classes=["cardlab-not-teacher"])


@solara.component
def RoomRow(room: Room, summary: dict[str, Any]) -> None:
    """One room of the dashboard: what it is at (``summary``: :meth:`Room.summary`), and the
    teacher's buttons. A component renders again when its arguments change: the summary does."""
    to_move = "game over" if summary["over"] else f"{summary['to_move']} to move"
    score = ", ".join(f"{name} {points}" for name, points in zip(summary["players"], summary["score"]))
    state = {OPEN: "playing", PAUSED: "paused", ENDED: "ended"}[summary["state"]]
    with solara.Card(classes=["cardlab-room"], style={"margin": "4px 0"}):
        solara.HTML(
            tag="div",
            unsafe_innerHTML="",
            attributes={"data-room": room.code, "data-moves": str(summary["moves"]), "data-state": summary["state"]},
            classes=["cardlab-room-data"],
        )
        solara.Text(
            f"{room.code} · {summary['game']} · deal {summary['deal']} · {state}"
            f"{' · locked' if summary['locked'] else ''}",
            classes=["cardlab-room-title"],
        )
        solara.Text(
            f"Players: {', '.join(summary['players'])} · move {summary['moves']} · {to_move} · score: {score}",
            classes=["cardlab-room-line"],
        )
        with solara.Row():
            state = summary["state"]
            if state == OPEN:
                solara.Button("Pause", on_click=room.pause, classes=["cardlab-pause"])
            if state == PAUSED:
                solara.Button("Resume", on_click=room.resume, classes=["cardlab-resume"])
            if state != ENDED:
                solara.Button("End", on_click=room.end, classes=["cardlab-end"])
            solara.Button("Deal a new game", on_click=room.new_deal, classes=["cardlab-deal"])
            locked = summary["locked"]
            solara.Button(
                "Unlock" if locked else "Lock", on_click=lambda: room.set_locked(not locked), classes=["cardlab-lock"]
            )
            approving = summary["approve"]
            solara.Button(
                "Let anyone join" if approving else "Approve each seat",
                on_click=lambda: room.set_approving(not approving),
                classes=["cardlab-approving"],
            )
            for number, name in summary["waiting"]:
                solara.Button(f"Let {name} in", on_click=lambda n=number: room.approve(n), classes=["cardlab-approve"])
            for number, name in summary["people"]:  # a token that got into other hands opens nothing once freed
                solara.Button(f"Free {name}'s seat", on_click=lambda n=number: room.free(n), classes=["cardlab-free"])
            solara.HTML(
                tag="a",
                unsafe_innerHTML="Watch",
                attributes={"href": f"watch?room={room.code}", "target": "_blank"},
                classes=["cardlab-watch"],
            )


@solara.component
def NewRooms() -> None:
    """Open rooms: a game, its players (Commerce), how many computer seats, how many rooms."""
    game, set_game = solara.use_state("commitment")
    players, set_players = solara.use_state(4)
    computers, set_computers = solara.use_state(0)
    count, set_count = solara.use_state(1)
    seats = players if game == "commerce" else make_game(game).players

    def open_rooms() -> None:
        options = {"players": players} if game == "commerce" else {}
        chosen = ["heuristic"] * min(computers, seats - 1) + [None] * (seats - min(computers, seats - 1))
        for _ in range(count):
            classroom().create_room(game, computers=chosen[::-1], **options)

    with solara.Row(classes=["cardlab-new-rooms"]):
        solara.Select("Game", values=list(GAMES), value=game, on_value=set_game)
        if game == "commerce":
            solara.InputInt("Players (3 to 12)", value=players, on_value=lambda v: set_players(max(3, min(12, v))))
        solara.InputInt("Computer seats", value=computers, on_value=lambda v: set_computers(max(0, min(seats - 1, v))))
        solara.InputInt("Rooms", value=count, on_value=lambda v: set_count(max(1, min(100, v))))
        solara.Button("Open rooms", on_click=open_rooms, classes=["cardlab-open-rooms"])


@solara.component
def Dashboard() -> None:
    solara.Title("cardlab: the class")
    solara.display(solara.use_memo(ConnectionNotice, dependencies=[]))
    if _teacher():
        Rooms()
    else:
        NotTeacher()


@solara.component
def Rooms() -> None:
    """Every room of the class, read again every :data:`DASHBOARD_EVERY` seconds."""
    use_every(DASHBOARD_EVERY)
    use_changes(classroom().watch, "classroom")
    rooms = list(classroom().rooms.values())
    with solara.Column(classes=["cardlab-dashboard"], style={"padding": "8px"}):
        solara.HTML(tag="h2", unsafe_innerHTML=f"The class: {len(rooms)} room{'' if len(rooms) == 1 else 's'}")
        NewRooms()
        for room in rooms:
            RoomRow(room, room.summary())


@solara.component
def Watch() -> None:
    solara.Title("cardlab: watching")
    solara.display(solara.use_memo(ConnectionNotice, dependencies=[]))
    query = urllib.parse.parse_qs(solara.use_router().search or "")
    room = classroom().rooms.get((query.get("room") or [""])[0])
    if not _teacher():
        NotTeacher()
    elif room is None:
        solara.Error("There is no such room.", classes=["cardlab-no-room"])
    else:
        Watching(room)


@solara.component
def Watching(room: Room) -> None:
    """A room as a spectator sees it: every card, stepping on this table only, no move."""
    use_changes(room.watch, room.code)
    with solara.Column(classes=["cardlab-watching"], style={"padding": "8px"}):
        solara.Text(f"Watching room {room.code}: every card, no moves.", classes=["cardlab-watch-title"])
        RoomBanner(room.state)
        TableOf(room, None, room.names, spectator=True)


@solara.component
def Page() -> None:
    solara.Text("cardlab classroom")


@solara.component
def Bare(children: list[Any] = []) -> None:  # noqa: B006 - Solara's layouts take their children so
    """Every page as it is, without Solara's app bar and its links to the other pages."""
    solara.Column(children=children, classes=["cardlab-classroom"])


routes = [
    solara.Route(path="/", component=Page, layout=Bare),
    solara.Route(path="play", component=SeatPage),
    solara.Route(path="dashboard", component=Dashboard),
    solara.Route(path="watch", component=Watch),
]
