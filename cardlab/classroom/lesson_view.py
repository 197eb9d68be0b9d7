"""The teacher's live view of a lesson room (``/lesson?room=CODE``) and its projector view
(``/spread?room=CODE``), both for the teacher's key cookie only.

The live view shows, redrawn as learners answer:

- the pace and the teacher's buttons: pause and resume, "Bring everyone to step N", "Go on to
  step N+1", self-paced, end; the class's table as CSV and HTML (:mod:`.lesson_web`);
- the grid: learners down, questions across, each cell right the first time (✓), right after
  tries (✓ and the tries), revealed, asked and open (… and the tries so far) or not reached;
- who has been on one question a long time (:data:`.lesson_rooms.STUCK_AFTER`);
- for each question, how the class first answered it, with counts and no names.

The projector view shows the spread alone, in large type, for the question the teacher picks.
Names are what learners typed: every text is escaped.
"""

from __future__ import annotations

import html
import time
import urllib.parse

import solara

from .connection import ConnectionNotice
from .lesson_rooms import TEACHER, Column, LessonRoom, Row
from .page_hooks import NotTeacher, classroom, is_teacher, use_changes, use_every
from .records import ENDED, OPEN, PAUSED

#: How often the live view is drawn again without an answer (for the time spent on a question).
STUCK_EVERY = 5.0

_MARKS = {"first": "✓", "after": "✓ {tries}", "revealed": "revealed", "open": "… {tries}", "": ""}
_TITLES = {
    "first": "right the first time",
    "after": "right after {tries} tries",
    "revealed": "revealed after {tries} tries",
    "open": "asked: {tries} tries so far",
    "": "not reached",
}


def _room() -> LessonRoom | None:
    query = urllib.parse.parse_qs(solara.use_router().search or "")
    room = classroom().rooms.get((query.get("room") or [""])[0])
    return room if isinstance(room, LessonRoom) else None


@solara.component
def LiveViewPage() -> None:
    solara.Title("cardlab: the lesson, live")
    solara.display(solara.use_memo(ConnectionNotice, dependencies=[]))
    room = _room()
    if not is_teacher():
        NotTeacher()
    elif room is None:
        solara.Error("There is no such lesson room.", classes=["cardlab-no-room"])
    else:
        LiveView(room)


@solara.component
def SpreadPage() -> None:
    solara.Title("cardlab: the class's answers")
    room = _room()
    if not is_teacher():
        NotTeacher()
    elif room is None:
        solara.Error("There is no such lesson room.", classes=["cardlab-no-room"])
    else:
        Projector(room)


def grid_html(columns: tuple[Column, ...], rows: tuple[Row, ...]) -> str:
    """The grid as an HTML table (every text escaped)."""
    head = "".join(
        f'<th scope="col" title="{html.escape(c.prompt)}" data-question="{c.label}">{c.label}<br>'
        f'<span class="cardlab-kind">{c.kind}</span></th>'
        for c in columns
    )
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="cardlab-cell-{cell.status or "none"}" data-question="{c.label}" '
            f'data-status="{cell.status}" data-tries="{cell.tries}" '
            f'title="{_TITLES[cell.status].format(tries=cell.tries)}">{_MARKS[cell.status].format(tries=cell.tries)}</td>'
            for c, cell in zip(columns, row.cells)
        )
        done = " ✔" if row.finished else ""
        body.append(
            f'<tr data-learner="{html.escape(row.name)}" data-step="{row.step}"><th scope="row">'
            f"{html.escape(row.name)}</th><td>{row.step}{done}</td>{cells}</tr>"
        )
    return (
        '<table class="cardlab-lesson-grid"><thead><tr><th scope="col">Learner</th><th scope="col">Step</th>'
        f"{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def spread_html(room: LessonRoom, column: Column) -> str:
    """How the class first answered ``column``'s question: each answer with its count, no names."""
    spread = room.spread(column)
    items = " · ".join(
        f'<span class="cardlab-spread-item" data-answer="{html.escape(answer)}" data-count="{count}" '
        f'data-right="{str(right).lower()}">{html.escape(answer)}{" ✓" if right else ""}: {count}</span>'
        for answer, right, count in spread
    )
    return (
        f'<div class="cardlab-spread" data-question="{column.label}"><b>{column.label}</b> '
        f"{html.escape(column.prompt)}<br>{items or '<i>no answer yet</i>'}</div>"
    )


def stuck_html(room: LessonRoom) -> str:
    stuck = room.stuck()
    if not stuck:
        return '<p class="cardlab-stuck">Nobody has been on one question a long time.</p>'
    items = "".join(
        f'<li data-learner="{html.escape(name)}">{html.escape(name)}: step {step}, '
        f"{int(seconds // 60)} min {int(seconds % 60)} s on one question</li>"
        for name, step, seconds in stuck
    )
    return f'<div class="cardlab-stuck"><b>On one question a long time</b><ul>{items}</ul></div>'


@solara.component
def LiveView(room: LessonRoom) -> None:
    """The live view of ``room``: drawn again at every learner's action, and every few seconds."""
    use_changes(room.watch_answers, room.code)
    use_every(STUCK_EVERY)
    started = time.perf_counter()
    columns, rows = room.grid()
    record = room.record
    with solara.Column(classes=["cardlab-live"], style={"padding": "8px"}):
        solara.HTML(
            tag="h2", unsafe_innerHTML=html.escape(f"Room {room.code} · {room.lesson.title} ({room.lesson.name})")
        )
        Controls(room, record.state, room.pace, room.hold)
        solara.HTML(
            tag="div",
            unsafe_innerHTML="",
            attributes={
                "data-room": room.code,
                "data-state": record.state,
                "data-pace": room.pace,
                "data-hold": str(room.hold),
                "data-actions": str(sum(run.logged for run in room.runs.values())),
                "data-drawn": f"{time.time():.3f}",
            },
            classes=["cardlab-live-data"],
        )
        solara.HTML(tag="div", unsafe_innerHTML=grid_html(columns, rows), classes=["cardlab-live-grid"])
        solara.HTML(tag="div", unsafe_innerHTML=stuck_html(room), classes=["cardlab-live-stuck"])
        solara.HTML(
            tag="div", unsafe_innerHTML="".join(spread_html(room, c) for c in columns), classes=["cardlab-live-spread"]
        )
    room.draw_times.append(time.perf_counter() - started)


@solara.component
def Controls(room: LessonRoom, state: str, pace: str, hold: int) -> None:
    """The teacher's buttons: pause, the pace (``pace``, the step held ``hold``), the exports."""
    step, set_step = solara.use_state(hold)
    said = {OPEN: "open", PAUSED: "paused", ENDED: "ended"}[state]
    paced = f"held at step {hold} of {room.last_step}" if pace == TEACHER else "self-paced"
    solara.Text(f"The lesson is {said}, {paced}.", classes=["cardlab-live-pace"])
    with solara.Row(style={"flex-wrap": "wrap", "row-gap": "6px", "align-items": "center"}):
        if state == OPEN:
            solara.Button("Pause", on_click=room.pause, classes=["cardlab-pause"])
        if state == PAUSED:
            solara.Button("Resume", on_click=room.resume, classes=["cardlab-resume"])
        chosen = (lambda v: set_step(max(0, min(room.last_step, v or 0))),)
        solara.InputInt("Step", value=step, on_value=chosen[0], style={"max-width": "6em"})
        solara.Button("Bring everyone to step", on_click=lambda: room.bring_to(step), classes=["cardlab-bring"])
        if pace == TEACHER and hold < room.last_step:
            solara.Button(
                f"Go on to step {hold + 1}", on_click=lambda: room.bring_to(hold + 1), classes=["cardlab-go-on"]
            )
        if pace == TEACHER:
            solara.Button("Self-paced", on_click=room.self_paced, classes=["cardlab-self-paced"])
        if state != ENDED:
            solara.Button("End", on_click=room.end, classes=["cardlab-end"])
        for label, kind in (("Export CSV", "csv"), ("Export HTML", "html")):
            solara.HTML(
                tag="a",
                unsafe_innerHTML=label,
                attributes={"href": f"lesson-export?room={room.code}&as={kind}", "download": ""},
                classes=[f"cardlab-export-{kind}"],
            )
        solara.HTML(
            tag="a",
            unsafe_innerHTML="Projector view",
            attributes={"href": f"spread?room={room.code}", "target": "_blank"},
            classes=["cardlab-projector-link"],
        )
    FreeSeat(room, tuple(seat.name or "" for seat in room.seats if seat.token is not None))


@solara.component
def FreeSeat(room: LessonRoom, held: tuple[str, ...]) -> None:
    """Free a learner's seat (``held``: the names whose seat a browser holds): its cookie opens
    nothing more, and the learner takes their run on by joining again with that name."""
    chosen, set_chosen = solara.use_state("")
    if not held:
        return

    def free() -> None:
        number = next((n for n, seat in enumerate(room.seats) if seat.name == chosen and seat.token), None)
        if number is not None:
            room.free(number)

    with solara.Row(style={"flex-wrap": "wrap", "align-items": "center"}, classes=["cardlab-free-seat"]):
        solara.Select("Learner", values=list(held), value=chosen if chosen in held else None, on_value=set_chosen)  # type: ignore[arg-type]  # (None: no learner chosen)
        solara.Button("Free the seat", on_click=free, disabled=chosen not in held, classes=["cardlab-free"])


@solara.component
def Projector(room: LessonRoom) -> None:
    """One question's spread of answers, large, for the class to see: no names."""
    use_changes(room.watch_answers, room.code)
    columns = room.columns()
    chosen, set_chosen = solara.use_state(0)
    with solara.Column(classes=["cardlab-projector"], style={"padding": "16px", "font-size": "1.6em"}):
        if not columns:
            solara.Text("This lesson asks no question.")
            return
        with solara.Row():
            for number, column in enumerate(columns):
                solara.Button(column.label, on_click=lambda n=number: set_chosen(n), classes=["cardlab-question-pick"])
        solara.HTML(tag="div", unsafe_innerHTML=spread_html(room, columns[min(chosen, len(columns) - 1)]))


#: The live view's styles.
CSS = """
.cardlab-lesson-grid { border-collapse: collapse; margin: 8px 0; }
.cardlab-lesson-grid th, .cardlab-lesson-grid td { border: 1px solid #c8c8c8; padding: 2px 8px; text-align: center; }
.cardlab-lesson-grid th[scope=row] { text-align: left; }
.cardlab-lesson-grid .cardlab-kind { font-weight: normal; font-size: .8em; color: #555; }
.cardlab-cell-first { background: #d9f2d9; }
.cardlab-cell-after { background: #fff1c2; }
.cardlab-cell-revealed { background: #f8d7d7; }
.cardlab-cell-open { background: #e8eefc; }
.cardlab-spread { margin: 6px 0; }
.cardlab-stuck li { color: #8a1c1c; }
"""
