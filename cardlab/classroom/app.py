"""The Solara pages of the classroom: a seat's table, the teacher's dashboard, a spectator's table.

- ``/play``: the seat the page's seat cookie opens (:mod:`.tokens`), as that player's
  :class:`SeatTable`, bound to the room's shared session; a page without a seat is sent to
  the join page. The seat is checked again at every action and every redraw: once the
  teacher frees it (so its token opens it no more), the page closes its table and says why,
  before the next learner to take the seat plays a move. Ending the room closes the table too;
  dealing again closes it and opens the new game's.
- ``/dashboard`` (the teacher's key cookie): every room, with its players, the move number,
  who is to move and the score; pausing, resuming, ending, dealing again, locking, approving
  seats, opening rooms; a link to watch each room.
- ``/watch?room=CODE`` (the teacher's key cookie): the room as a spectator sees it.

Every page runs in Solara's light virtual kernel: nothing it sends can run code. The pages
read the class set with :func:`use_classroom` before the server starts.
"""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Callable
from typing import Any, cast

import solara
import solara.lab

from ..games import CLASSROOM_GAME, game_class
from ..games import game as make_game
from ..games import names as game_names
from ..widgets import Table
from . import words
from .connection import ConnectionNotice
from .lesson_app import CSS as LESSON_CSS
from .lesson_app import LessonRow, LessonSeat, NewLessonRoom
from .lesson_rooms import LessonRoom
from .lesson_view import CSS as LIVE_CSS
from .lesson_view import LiveViewPage, SpreadPage
from .page_hooks import NotTeacher, _cookie, classroom, is_teacher, use_changes, use_every
from .page_hooks import use_classroom as use_classroom  # the server sets the class here
from .records import ENDED, OPEN, PAUSED
from .rooms import Room
from .tokens import SEAT_COOKIE, digest, read_seat_cookie

#: How often the dashboard reads every room again, in seconds.
DASHBOARD_EVERY = 1.0


class SeatTable(Table):
    """A learner's table that shows and moves its seat only while ``holds()`` says the page
    still holds it (its seat token still opens the seat). Every action from the page and every
    redraw asks first, under the room's lock, so no move or change of the room slips in
    between: once the seat is lost, the table sends the page nothing more of the game and
    does nothing the page asks; the seat's page then closes it (:func:`Seat`)."""

    def __init__(self, session: Any, viewer: int, *, holds: Callable[[], bool], **options: Any) -> None:
        self._holds = holds
        self._lost = False
        super().__init__(session, viewer, **options)

    @property
    def lost(self) -> bool:
        """Whether the page no longer holds the seat (once lost, never held again)."""
        if not self._lost and not self._holds():
            self._lost = True
        return self._lost

    def _refresh(self) -> None:
        with self.session.lock:
            if not self.lost:
                super()._refresh()

    def _receive(self, widget: Any, content: Any, buffers: Any) -> None:
        with self.session.lock:
            if not self.lost:
                super()._receive(widget, content, buffers)


@solara.component
def TableOf(
    room: Room,
    viewer: int | None,
    names: tuple[str, ...],
    spectator: bool = False,
    token: str | None = None,
    deal: int = 1,
) -> None:
    """The room's table for ``viewer`` (a seat, held with the token digest ``token``), or a
    spectator's (every card, never a move); a new one for each ``deal``."""

    def make() -> Table:
        if spectator:
            return Table(room.session, viewer=None, spectator=True, names=names)
        assert viewer is not None
        return SeatTable(
            room.session,
            viewer,
            holds=lambda: room.seats[viewer].token == token,
            names=names,
            opponent=None,
            opponent_menu=False,
        )

    table = solara.use_memo(make, dependencies=[room.code, viewer, names, spectator, token, deal])
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
    cookie = _cookie(SEAT_COOKIE)
    found = classroom().seat_for(cookie)
    parts = read_seat_cookie(cookie)
    if found is None or parts is None:
        NoSeat()
        return
    room, number = found
    if isinstance(room, LessonRoom):
        LessonSeat(room, number, token=digest(parts[1]))
    else:
        Seat(room, number, token=digest(parts[1]))


@solara.component
def NoSeat() -> None:
    with solara.Column(classes=["cardlab-no-seat"], style={"padding": "8px"}):
        solara.Text(words.NO_SEAT)
        solara.HTML(tag="a", unsafe_innerHTML=words.JOIN_LINK, attributes={"href": "./"})


@solara.component
def Seat(room: Room, seat: int, token: str) -> None:
    """A learner's seat, held with the token digest ``token``: the room's letters and their
    name, the room's banner, their table. Drawn again at every change of the room, and checked
    each time: a seat the teacher freed (its token opens it no more) closes the table and says
    so; an ended room closes it; a new deal opens a new table, and says so."""
    use_changes(room.watch, room.code)
    record = room.record
    first_deal = solara.use_state(record.deal)[0]
    if record.seats[seat].token != token:
        SeatFreed()
        return
    names = room.names
    with solara.Column(classes=["cardlab-seat"], style={"padding": "8px"}):
        solara.Text(words.YOUR_SEAT.format(code=room.code, name=names[seat]), classes=["cardlab-seat-title"])
        if not record.seats[seat].approved:
            solara.Info(words.WAITING, classes=["cardlab-waiting"])
            return
        RoomBanner(record.state)
        if record.deal != first_deal and record.state != ENDED:
            solara.Info(words.NEW_DEAL, classes=["cardlab-new-deal"])
        if record.state != ENDED:
            TableOf(room, seat, names, token=token, deal=record.deal)


@solara.component
def SeatFreed() -> None:
    """A page whose seat was freed: no table, the reason, and the way to join again."""
    with solara.Column(classes=["cardlab-seat-freed"], style={"padding": "8px"}):
        solara.Warning(words.SEAT_FREED)
        solara.Text(words.JOIN_AGAIN)
        solara.HTML(tag="a", unsafe_innerHTML=words.JOIN_LINK, attributes={"href": "./"})


def _teacher() -> bool:
    return is_teacher()


def _line(text: str, kind: str) -> None:
    """One line of the dashboard, as a block of its own (escaped: names are what learners typed)."""
    solara.HTML(tag="div", unsafe_innerHTML=html.escape(text), classes=[kind])


def room_lines(room: Room, summary: dict[str, Any]) -> tuple[str, str, str]:
    """What the dashboard says of a room (``summary``: :meth:`Room.summary`), in three lines:
    the room, its players (a free seat said so), and where its game is."""
    state = {OPEN: "playing", PAUSED: "paused", ENDED: "ended"}[summary["state"]]
    title = f"Room {room.code} · {summary['game']} · game {summary['deal']} · {state}"
    if summary["locked"]:
        title += " · locked"
    players = [
        f"{name} (free seat)" if seat.free else f"{name} (waiting)" if not seat.approved else name
        for name, seat in zip(summary["players"], room.seats)
    ]
    moves = summary["moves"]
    made = "no moves yet" if moves == 0 else "1 move" if moves == 1 else f"{moves} moves"
    to_move = "game over" if summary["over"] else f"{summary['to_move']} to move"
    score = ", ".join(f"{name} {points}" for name, points in zip(summary["players"], summary["score"]))
    return title, f"Players: {', '.join(players)}", f"{made[0].upper()}{made[1:]} · {to_move} · score: {score}"


#: Buttons that go on in another line rather than past the dashboard's width.
_WRAP = {"flex-wrap": "wrap", "row-gap": "6px"}


@solara.component
def RoomRow(room: Room, summary: dict[str, Any]) -> None:
    """One room of the dashboard: what it is at (``summary``: :meth:`Room.summary`), and the
    teacher's buttons. A component renders again when its arguments change: the summary does."""
    title, players, game = room_lines(room, summary)
    with solara.Card(classes=["cardlab-room"], style={"margin": "4px 0"}):
        solara.HTML(
            tag="div",
            unsafe_innerHTML="",
            attributes={"data-room": room.code, "data-moves": str(summary["moves"]), "data-state": summary["state"]},
            classes=["cardlab-room-data"],
        )
        _line(title, "cardlab-room-title")
        _line(players, "cardlab-room-line")
        _line(game, "cardlab-room-game")
        with solara.Row(style=_WRAP, classes=["cardlab-room-buttons"]):
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


def _ranged(game: str) -> dict[str, tuple[int, int, int]]:
    """The game's whole-number options with a range (Commerce's players), each offered on the page."""
    return game_class(game).options_class.ranged()


@solara.component
def NewRooms() -> None:
    """Open rooms: a game, its ranged options (Commerce's players), how many computer seats, how
    many rooms."""
    game, set_game = solara.use_state(CLASSROOM_GAME)
    chosen_options, set_options = solara.use_state(cast(dict[str, int], {}))
    computers, set_computers = solara.use_state(0)
    count, set_count = solara.use_state(1)
    ranged = _ranged(game)
    options = {name: chosen_options.get(name, default) for name, (_, _, default) in ranged.items()}
    seats = make_game(game, **options).players

    def open_rooms() -> None:
        chosen = ["heuristic"] * min(computers, seats - 1) + [None] * (seats - min(computers, seats - 1))
        for _ in range(count):
            classroom().create_room(game, computers=chosen[::-1], **options)

    def set_option(name: str, low: int, high: int) -> Callable[[int], None]:
        return lambda value: set_options({**chosen_options, name: max(low, min(high, value))})

    with solara.Row(classes=["cardlab-new-rooms"], style=_WRAP):
        solara.Select("Game", values=game_names(), value=game, on_value=set_game)
        for name, (low, high, _) in ranged.items():
            label = f"{name.replace('_', ' ').capitalize()} ({low} to {high})"
            solara.InputInt(label, value=options[name], on_value=set_option(name, low, high))
        solara.InputInt("Computer seats", value=computers, on_value=lambda v: set_computers(max(0, min(seats - 1, v))))
        solara.InputInt("Rooms", value=count, on_value=lambda v: set_count(max(1, min(100, v))))
        rooms = f"{count} room{'' if count == 1 else 's'}"
        solara.Button(f"Open {rooms} of {seats} players", on_click=open_rooms, classes=["cardlab-open-rooms"])


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
        NewLessonRoom()
        for room in rooms:
            if isinstance(room, LessonRoom):
                LessonRow(room, room.summary())
            else:
                RoomRow(room, room.summary())


@solara.component
def Watch() -> None:
    solara.Title("cardlab: watching")
    solara.display(solara.use_memo(ConnectionNotice, dependencies=[]))
    query = urllib.parse.parse_qs(solara.use_router().search or "")
    room = classroom().rooms.get((query.get("room") or [""])[0])
    if isinstance(room, LessonRoom):
        room = None  # a lesson room is watched in its live view
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


#: The classroom's own styles. At a phone's width, a learner's page puts what they act with
#: first: their own seat (the table's last seat), the table's message and their moves; then
#: the other seats and the middle of the table, the score and the move log. The table's parts
#: stay as they are (``display: contents`` only lifts them into one column to order them).
CSS = """
.cardlab-classroom .cardlab-room-title { font-weight: 600; font-size: 1.05em; }
.cardlab-classroom .cardlab-room-line, .cardlab-classroom .cardlab-room-game { margin: 2px 0; }
.cardlab-classroom .cardlab-room-buttons { margin-top: 6px; }
.cardlab-classroom .cardlab-room-buttons .cardlab-watch { align-self: center; }
@media (max-width: 40em) {
  .cardlab-seat .cardlab-table .cardlab-main { flex-flow: column nowrap; align-items: stretch; }
  .cardlab-seat .cardlab-table :is(.cardlab-play, .cardlab-side, .cardlab-tableau,
    .cardlab-tableau > .cardlab-group, .cardlab-tableau > .cardlab-group > .cardlab-group-items) { display: contents; }
  .cardlab-seat .cardlab-table .cardlab-tableau > .cardlab-group > .cardlab-group-items > * { order: 5; }
  .cardlab-seat .cardlab-table .cardlab-showdown { order: 1; }
  .cardlab-seat .cardlab-table .cardlab-tableau > .cardlab-group > .cardlab-group-items > :last-child { order: 2; }
  .cardlab-seat .cardlab-table .cardlab-side > .cardlab-message { order: 3; }
  .cardlab-seat .cardlab-table .cardlab-side > .cardlab-choices { order: 4; }
  .cardlab-seat .cardlab-table .cardlab-side > .cardlab-breakdown { order: 6; }
  .cardlab-seat .cardlab-table .cardlab-side > .cardlab-stepper { order: 7; }
  .cardlab-seat .cardlab-table .cardlab-side > .cardlab-editor { order: 8; }
}
"""


@solara.component
def Bare(children: list[Any] = []) -> None:  # noqa: B006 - Solara's layouts take their children so
    """Every page as it is, without Solara's app bar and its links to the other pages."""
    solara.Style(CSS + LESSON_CSS + LIVE_CSS)
    solara.Column(children=children, classes=["cardlab-classroom"])


routes = [
    solara.Route(path="/", component=Page, layout=Bare),
    solara.Route(path="play", component=SeatPage),
    solara.Route(path="dashboard", component=Dashboard),
    solara.Route(path="watch", component=Watch),
    solara.Route(path="lesson", component=LiveViewPage),
    solara.Route(path="spread", component=SpreadPage),
]
