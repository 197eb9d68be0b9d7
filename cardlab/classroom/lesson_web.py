"""The class's table of a lesson room, for the teacher: ``GET /lesson-export?room=CODE&as=csv``
(or ``as=html``), with the teacher's key cookie. The same CSV and HTML as ``cardlab lesson
progress`` and ``ClassProgress`` (:func:`cardlab.lessons.class_csv`, with its protection
against formulas in a spreadsheet, and :func:`cardlab.lessons.class_html`)."""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..lessons import class_csv, class_html
from .classroom import Classroom
from .lesson_rooms import LessonRoom
from .tokens import TEACHER_COOKIE

_KINDS = {"csv": "text/csv; charset=utf-8", "html": "text/html; charset=utf-8"}


def routes(classroom: Callable[[], Classroom]) -> list[Route]:
    """The export's route, for the class ``classroom()`` returns."""

    def export(request: Request) -> Response:  # run in the thread pool: the room's lock is taken
        if not classroom().is_teacher(request.cookies.get(TEACHER_COOKIE)):
            return Response("This page is for the teacher.", status_code=403)
        code = request.query_params.get("room", "")[:12]
        kind = request.query_params.get("as", "csv")
        room = classroom().rooms.get(code)
        if not isinstance(room, LessonRoom) or kind not in _KINDS:
            return Response("There is no such lesson room, or no such export.", status_code=404)
        table = room.class_table()
        body = class_csv(table) if kind == "csv" else class_html(table, f"{room.lesson.title}: room {room.code}")
        name = f"{room.lesson.name}-{room.code}.{kind}"
        headers = {"content-disposition": f'attachment; filename="{name}"', "cache-control": "no-store"}
        return Response(body, media_type=_KINDS[kind], headers=headers)

    return [Route("/lesson-export", export, methods=["GET"])]
