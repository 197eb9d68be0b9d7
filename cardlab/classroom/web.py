"""The classroom's plain pages and routes, beside Solara's: the join page and the teacher's link.

- ``GET /`` the join page: a form with the room's letters and the learner's name;
- ``POST /join`` seats the learner, puts the seat token in an HttpOnly, SameSite cookie and
  sends the browser on to ``/play`` (the seat's page); a refusal shows the form again with
  the reason, in the learner's words. A browser whose cookie still opens a seat is known:
  the join page says whose seat it is, with the way back to it; joining again with that
  seat's room and name goes back to it; joining as someone else is asked first (the cookie
  holds one seat), not done at once;
- ``GET /teacher?key=...`` (the teacher's link) puts the teacher's key in a cookie of its own
  and sends the browser on to ``/dashboard``; a wrong key gets 403.

These pages are plain HTML with no script, so the token never passes through a page.
"""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from . import words
from .classroom import Classroom
from .codes import RoomCodeError, read_code
from .limits import BROWSER_COOKIE
from .names import looks_like, normal
from .rooms import MAX_NAME, RoomRefused
from .tokens import COOKIE_OPTIONS, SEAT_COOKIE, TEACHER_COOKIE

#: Where the join and the teacher's link lead, relative to the page: behind a reverse proxy that
#: serves the class under a path of its own (docs/classroom.md), they stay under it.
SEAT_PAGE, DASHBOARD = "play", "dashboard"
#: The largest join form read, in bytes.
MAX_FORM = 2000

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="icon" href="data:,">
<style>
body {{ font: 18px/1.5 system-ui, sans-serif; max-width: 28em; margin: 3em auto; padding: 0 1em; color: #1a1a1a; }}
label {{ display: block; margin-top: 1em; font-weight: 600; }}
input {{ font: inherit; width: 100%; padding: .4em; box-sizing: border-box; }}
#room {{ text-transform: uppercase; letter-spacing: .2em; }}
button {{ font: inherit; margin-top: 1.2em; padding: .4em 1.6em; }}
.cardlab-refusal {{ background: #fde8e8; border-left: 4px solid #b42318; padding: .6em .8em; }}
.cardlab-your-seat, .cardlab-second-seat {{ background: #e8f1fd; border-left: 4px solid #1f5fa8; padding: .6em .8em; }}
.cardlab-second-seat p {{ margin: .3em 0; }}
</style></head>
<body><main class="cardlab-join">
<h1>{title}</h1>
{seat}
<p>{intro}</p>
{refusal}
<form method="post" action="join">
<label for="room">{room_label}</label>
<input id="room" name="room" value="{room}" maxlength="12" autocomplete="off" required autofocus>
<label for="name">{name_label}</label>
<input id="name" name="name" value="{name}" maxlength="{longest}" autocomplete="given-name" required>
<button type="submit">{button}</button>
</form></main></body></html>
"""


def your_seat(name: str, code: str, here: bool = True) -> str:
    """What the join page says to a browser whose cookie opens ``name``'s seat in room ``code``
    (``here``: the room the page is about), with the way back to it."""
    said = (words.YOU_ARE if here else words.YOU_ARE_IN).format(name=name, code=code)
    return (
        f'<p class="cardlab-your-seat" role="status">{html.escape(said)} '
        f'<a class="cardlab-back" href="{SEAT_PAGE}">{html.escape(words.BACK_TO_TABLE)}</a>.</p>'
    )


def second_seat(held: str, code: str, room: str, name: str) -> str:
    """The question asked before a browser that holds ``held``'s seat in room ``code`` takes
    another (``name`` in ``room``): the way back to the seat it holds, or to join anyway."""
    new = " ".join(name.split())[:MAX_NAME] or "someone else"
    said = [
        words.SECOND_SEAT.format(name=held, code=code),
        words.SECOND_SEAT_WHY.format(name=held, new=new),
        words.SECOND_SEAT_ASK.format(new=new),
    ]
    return (
        '<div class="cardlab-second-seat" role="alert">'
        + "".join(f"<p>{html.escape(line)}</p>" for line in said)
        + f'<p><a class="cardlab-back" href="{SEAT_PAGE}">'
        f"{html.escape(words.BACK_TO_THEIR_TABLE.format(name=held))}</a></p>"
        '<form method="post" action="join">'
        f'<input type="hidden" name="room" value="{html.escape(room[:12])}">'
        f'<input type="hidden" name="name" value="{html.escape(name[:MAX_NAME])}">'
        '<input type="hidden" name="again" value="yes">'
        f'<button type="submit" class="cardlab-join-anyway">{html.escape(words.JOIN_ANYWAY.format(new=new))}</button>'
        "</form></div>"
    )


def join_page(room: str = "", name: str = "", refusal: str = "", seat: str = "") -> str:
    """The join page, with what the learner typed and why it was refused (if it was); ``seat``:
    what it says of the seat this browser holds (:func:`your_seat`, :func:`second_seat`)."""
    return _PAGE.format(
        title=words.JOIN_TITLE,
        seat=seat,
        intro=words.JOIN_INTRO,
        refusal=f'<p class="cardlab-refusal" role="alert">{html.escape(refusal)}</p>' if refusal else "",
        room_label=words.ROOM_LABEL,
        name_label=words.NAME_LABEL,
        button=words.JOIN_BUTTON,
        room=html.escape(room[:12]),
        name=html.escape(name[:MAX_NAME]),
        longest=MAX_NAME,
    )


class TooLarge(ValueError):
    """A request body past its limit (refused with 413, without reading the rest)."""


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, read in chunks, at most ``limit`` bytes: a :class:`TooLarge` as soon
    as its Content-Length says more, or as soon as what arrived passes the limit (a body sent
    in chunks, without a length), so a large body is never held whole."""
    length = request.headers.get("content-length", "")
    if length and (not length.isdigit() or int(length) > limit):
        raise TooLarge(f"join form: more than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TooLarge(f"join form: more than {limit} bytes")
    return bytes(body)


async def _form(request: Request) -> dict[str, str]:
    """A small urlencoded form's fields (the first value of each); a :class:`TooLarge` past
    :data:`MAX_FORM` bytes."""
    body = await read_body(request, MAX_FORM)
    try:
        fields = urllib.parse.parse_qs(body.decode("utf-8", "replace"), max_num_fields=8)
    except ValueError:  # too many fields
        return {}
    return {key: values[0] for key, values in fields.items()}


def _code(text: str) -> str | None:
    """The room code in what was typed, or None."""
    try:
        return read_code(text)
    except RoomCodeError:
        return None


def client_address(request: Request) -> str:
    """The address a request comes from. The server takes it from ``X-Forwarded-For`` only
    when the request's peer is a proxy named with ``--trusted-proxy`` (uvicorn's proxy
    headers, limited to those addresses: :func:`.server.serve`); otherwise it is the peer's."""
    return request.client.host if request.client else ""


def routes(classroom: Callable[[], Classroom]) -> list[Route]:
    """The routes, for the class ``classroom()`` returns."""

    def with_browser_id(request: Request, response: Response) -> Response:
        """``response``, with a new browser id if the request had none (:mod:`.limits`)."""
        if not classroom().browsers.check(request.cookies.get(BROWSER_COOKIE)):
            issued = classroom().browsers.issue(client_address(request))
            if issued is not None:
                response.set_cookie(BROWSER_COOKIE, issued, max_age=365 * 24 * 3600, **COOKIE_OPTIONS)
        return response

    def held_seat(request: Request) -> tuple[str, str] | None:
        """The name and room code of the seat this browser's cookie opens, if any."""
        found = classroom().seat_for(request.cookies.get(SEAT_COOKIE))
        if found is None:
            return None
        room, number = found
        name = room.seats[number].name
        return None if name is None else (name, room.code)

    # The class's rooms are read and changed off the server's event loop (Starlette runs a plain
    # function in its thread pool): a room's lock may be held by a thread that is itself waiting
    # for the loop to send a page its new table, and would never be let go.
    def show_join(request: Request) -> Response:
        asked = request.query_params.get("room", "")[:12]
        held = held_seat(request)
        if held is None:
            page = join_page(room=asked)
        else:
            name, code = held
            page = join_page(room=asked or code, seat=your_seat(name, code, not asked or _code(asked) == code))
        # never kept by the browser: the back button asks again, and the page knows the seat taken since
        return with_browser_id(request, HTMLResponse(page, headers={"cache-control": "no-store"}))

    async def join(request: Request) -> Response:
        try:
            form = await _form(request)
        except TooLarge:
            # Connection: close, so the server stops reading the rest of the body
            return HTMLResponse(join_page(), status_code=413, headers={"connection": "close"})
        return await run_in_threadpool(take_seat, request, form)

    def take_seat(request: Request, form: dict[str, str]) -> Response:
        room, name = form.get("room", ""), form.get("name", "")
        held = held_seat(request)
        if held is not None:  # this browser holds a seat: that one again, or ask before another
            held_name, code = held
            if _code(room) == code and looks_like(normal(name), held_name):
                return RedirectResponse(SEAT_PAGE, status_code=303)
            if form.get("again") != "yes":
                page = join_page(room, name, seat=second_seat(held_name, code, room, name))
                return with_browser_id(request, HTMLResponse(page))
        browser = classroom().browsers.check(request.cookies.get(BROWSER_COOKIE))
        try:
            _, _, cookie = classroom().join(room, name, client_address(request), browser)
        except RoomRefused as refusal:
            return with_browser_id(request, HTMLResponse(join_page(room, name, str(refusal)), status_code=400))
        response = RedirectResponse(SEAT_PAGE, status_code=303)
        response.set_cookie(SEAT_COOKIE, cookie, max_age=12 * 3600, **COOKIE_OPTIONS)
        return with_browser_id(request, response)

    async def teacher(request: Request) -> Response:
        key = request.query_params.get("key")
        if not classroom().is_teacher(key):
            return HTMLResponse("<p>This teacher's link is not right.</p>", status_code=403)
        response = RedirectResponse(DASHBOARD, status_code=303)
        response.set_cookie(TEACHER_COOKIE, key, max_age=12 * 3600, **COOKIE_OPTIONS)  # type: ignore[arg-type]
        return response

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    return [
        Route("/favicon.ico", no_icon, methods=["GET"]),
        Route("/", show_join, methods=["GET"]),
        Route("/join", show_join, methods=["GET"]),
        Route("/join", join, methods=["POST"]),
        Route("/teacher", teacher, methods=["GET"]),
    ]
