"""Lesson rooms in real Chromium pages, on a real ``cardlab classroom`` server.

Three learners take one lesson of each game, each in a browser of their own, by clicks and
typing as a learner answers: one answers every question right the first time, one wrong and
then right, one reveals every answer; no page is sent another learner's name or answers. The
teacher's live view then shows exactly that: each learner's cells (right first time, right
after tries, revealed, with the tries) and, for each question, the spread of first answers
with their counts. Every websocket frame each learner's page received is scanned, before each
question is settled, for anything that would give its answer away: a prompt not yet asked, an
explanation not yet earned, or a sentence stating the answer in any spelling. The teacher
brings the class to a step, which holds and then releases it; a reload and a server restart
lose nothing.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from typing import Any

import pytest

from cardlab import lessons
from cardlab.classroom.classroom import Classroom
from cardlab.classroom.lesson_runs import spread_text
from cardlab.classroom.store_address import open_store
from cardlab.engine import move_cards
from cardlab.lessons.leaks import Shown, statement
from cardlab.widgets import prose
from cardlab.widgets.lesson import answer_moves
from cardlab.widgets.viewmodel import pretty
from helpers.classroom_pages import TIMEOUT_MS, LearnerPage, close_pages
from helpers.classroom_server import ClassroomServer

ROOT = ".cardlab-lesson"
#: One lesson of each game, short enough for three learners to take it in a test.
LESSONS = {
    "card-commons": "card-commons-2-forced-defense",
    "commerce": "commerce-6-the-stock-runs-out",
    "commitment": "commitment-6-a-draw",
    "contest": "contest-6-the-jack-read-another-way",
}
#: How each learner answers every question.
WAYS = {"Adaline": "right", "Benedikt": "wrong-then-right", "Cyrilla": "reveal"}
#: The rooms: one per game, then the rooms of the pace test and of the reload and restart test.
ROOMS = [*LESSONS.values(), LESSONS["card-commons"], LESSONS["card-commons"]]


@pytest.fixture(scope="module")
def classroom(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("lesson-room")
    store = folder / "class.db"
    opened = Classroom(open_store(f"sqlite:{store}"))
    try:
        codes = [opened.create_lesson_room(name).code for name in ROOMS]
    finally:
        opened.close()
    server = ClassroomServer(store, folder / "server.log").start()
    server.codes = codes  # type: ignore[attr-defined]
    yield server
    server.stop()


@pytest.fixture
def pages(classroom: ClassroomServer, browser: Any) -> Any:
    opened: list[LearnerPage] = []

    def open_page() -> LearnerPage:
        page = LearnerPage(browser, classroom.url)
        opened.append(page)
        return page

    yield open_page
    assert close_pages(opened) == []


# --- a learner's page ------------------------------------------------------------------------------


def _root(page: LearnerPage) -> Any:
    return page.page.locator(f"{ROOT}[data-rev]")


def _rev(page: LearnerPage) -> int:
    return int(_root(page).get_attribute("data-rev"))


def _click(page: LearnerPage, locator: Any) -> None:
    """Click something that sends an action, and wait for the page to draw the answer."""
    before = _rev(page)
    locator.click()
    page.page.wait_for_function(
        "([sel, rev]) => Number(document.querySelector(sel)?.dataset.rev) > rev",
        arg=[f"{ROOT}[data-rev]", before],
        timeout=TIMEOUT_MS,
    )


def _key(page: LearnerPage, key: str) -> Any:
    return _root(page).locator(f'[data-key="{key}"]')


def _join(pages: Any, code: str, name: str) -> LearnerPage:
    page = pages().join(code, name)
    page.page.wait_for_selector(f"{ROOT}[data-rev]", timeout=TIMEOUT_MS)
    return page


def _answer(page: LearnerPage, run: lessons.LessonRun, value: Any) -> lessons.Feedback:
    """Give ``value`` on the page as a learner does (a move written out, cards picked on the
    table, points typed); the same answer given to ``run``, the test's own copy."""
    question = run.question
    if question.kind == "play":
        _key(page, "lesson:move").fill(str(value))
        _click(page, _key(page, "lesson:send-move"))
    elif question.kind == "cards":
        if _key(page, "lesson:clear").count():
            _key(page, "lesson:clear").click()
        for card in value:
            _root(page).locator(f'.cardlab-tableau [data-code="{card.code}"]').first.click()
        _click(page, _key(page, "lesson:submit"))
    else:
        _key(page, "lesson:points").fill(str(value))
        _click(page, _key(page, "lesson:send-points"))
    return run.answer(value)


def _right(run: lessons.LessonRun) -> Any:
    question = run.question
    if question.kind == "play":
        return question.moves[0]
    return sorted(question.cards) if question.kind == "cards" else question.points


def _wrong(run: lessons.LessonRun) -> Any:
    question, game = run.question, run.game
    if question.kind == "play":
        offered = answer_moves(game, run.table, question.player)
        wrong = [m for m in offered if m not in question.moves and move_cards(m)]
        return wrong[0] if wrong else next(key for key, _ in question.feedback)
    if question.kind == "cards":
        if len(question.cards) > 1:
            return sorted(question.cards)[1:]
        hand = {c for z in game.zones(run.table) if z.owner == question.player for c in z.cards if not c.is_hidden}
        return sorted(hand - question.cards)[:1]
    return question.points + 1


def _feedback(page: LearnerPage) -> str:
    return _root(page).locator(".cardlab-question .cardlab-feedback-text").inner_text()


# --- what a page's frames give away ------------------------------------------------------------------


def _strings(value: Any) -> list[str]:
    """Every text in a websocket frame's JSON, a widget's program (``_esm``, ``_css``) left out."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for key, item in value.items() if key not in ("_esm", "_css") for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _said(value: Any) -> list[str]:
    """The texts of a lesson's view a learner reads, without the moves offered as answers (a
    menu of choices holds the right one among the wrong ones, as the Lesson widget's does)."""
    if isinstance(value, dict):
        out = []
        for key, item in value.items():
            if key == "json" and isinstance(item, str):  # the progress download: each field a text
                out += _strings(json.loads(item))
            elif key == "csv" and isinstance(item, str):
                out += [cell for row in csv.reader(io.StringIO(item)) for cell in row]
            elif key not in ("moves", "layout"):
                out += _said(item)
        return out
    if isinstance(value, list):
        return [s for item in value for s in _said(item)]
    return [value] if isinstance(value, str) else []


def _frame_texts(frames: list[str]) -> tuple[list[str], list[str]]:
    """Every text of ``frames`` (for the texts that must never be there) and the texts a
    learner reads in them (for sentences that state an answer)."""
    every, said = [], []
    for frame in frames:
        try:
            message = json.loads(frame)
        except ValueError:
            message = frame  # not JSON (a binary frame's repr): read as text
        for text in _strings(message):
            every.append(text)
            try:
                inner = json.loads(text) if text.startswith("{") else None
            except ValueError:
                inner = None
            if isinstance(inner, dict) and inner.get("component") == "lesson":
                every += _strings(inner)
                said += _said(inner.get("lesson", {}))
            elif isinstance(inner, dict):
                every += _strings(inner)
            elif "<" in text and ">" in text:  # a picture of the page (HTML): each of its texts
                said += [html.unescape(part) for part in re.split(r"<[^>]*>", text) if part.strip()]
            else:
                said.append(text)
    return every, said


def _prose_texts(markdown: str) -> list[str]:
    """The pieces of text a prose block shows (long enough to be an explanation's own)."""
    return [s for s in _strings(prose.blocks(markdown)) if len(s.strip()) > 25]


#: The frames each learner's page received, as last scanned (pytest -s prints the sum per lesson).
SCANNED: dict[int, int] = {}


class FrameScan:
    """Scans one learner's frames, before each question is settled, for its answer and for
    every later question's prompt and answer."""

    def __init__(self, page: LearnerPage, lesson: lessons.Lesson) -> None:
        self.page, self.lesson = page, lesson
        self.frames = 0

    def before_settling(self, run: lessons.LessonRun) -> None:
        every, said = _frame_texts(self.page.frames)
        whole = "\n".join(every)
        shown = Shown()
        for number, text in enumerate(said):
            shown.add(number, "a frame", text)
        steps = self.lesson.steps
        open_from = (run.index, steps[run.index].questions.index(run.question))
        for s, step in enumerate(steps):
            for n, question in enumerate(step.questions):
                if (s, n) < open_from:
                    continue
                if (s, n) > open_from:
                    assert pretty(question.prompt) not in whole, f"a later prompt reached the page: {question.prompt}"
                for piece in _prose_texts(question.explanation):
                    assert piece not in whole, f"an explanation not yet earned reached the page: {piece}"
                state = s == run.index and run.question_state(question) or step.state
                found = statement(question, run.game, state, shown, run.viewer)
                assert found is None, f"{found} before {question.prompt!r} is answered"
                if question.kind == "cards" and len(question.cards) > 1:
                    assert pretty(question.answer) not in "\n".join(said), f"the answer {question.answer} was sent"
        self.frames = len(self.page.frames)
        SCANNED.update({id(self.page): self.frames})


# --- taking a lesson ----------------------------------------------------------------------------------


def _take(page: LearnerPage, name: str, way: str, lesson: str) -> tuple[lessons.LessonRun, dict]:
    """Take the whole lesson on ``page`` in ``way``, with the test's own run beside it; the
    frames are scanned before each question is settled. The run, and each counted question's
    first answer as the lesson reads it, with whether it was right."""
    run = lessons.LessonRun(lesson, learner=name)
    scan = FrameScan(page, run.lesson)
    firsts: dict[str, tuple[str, bool]] = {}
    while True:
        while run.question is not None:
            question = run.question
            label = f"{run.index}.{run.step.questions.index(question) + 1}"
            scan.before_settling(run)
            if way == "reveal":
                _click(page, _key(page, "lesson:reveal"))
                run.reveal()
                continue
            if way == "wrong-then-right" and question.counted:
                wrong = _wrong(run)
                expected = _answer(page, run, wrong)
                assert not expected.correct and _feedback(page) == pretty(expected.text)
                firsts[label] = (spread_text(run.game, question, run.question_state(question), wrong), False)
                scan.before_settling(run)
            right = _right(run)
            firsts.setdefault(label, (spread_text(run.game, question, run.question_state(question), right), True))
            assert _answer(page, run, right).correct
        if run.index == len(run.lesson.steps) - 1:
            break
        _click(page, _next(page))
        assert run.next()
    assert scan.frames > 0
    return run, firsts


def _next(page: LearnerPage) -> Any:
    return _key(page, "lesson:next")


def _teacher(pages: Any, classroom: ClassroomServer, code: str) -> LearnerPage:
    teacher = pages()
    teacher.page.goto(classroom.teacher_link)
    teacher.page.wait_for_selector(".cardlab-room", timeout=TIMEOUT_MS)
    teacher.page.goto(f"{classroom.url}/lesson?room={code}")
    teacher.page.wait_for_selector(".cardlab-lesson-grid", timeout=TIMEOUT_MS)
    return teacher


def _grid(teacher: LearnerPage) -> dict[str, list[tuple[str, str, int]]]:
    return teacher.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.cardlab-lesson-grid tbody tr')].map(
             (tr) => [tr.dataset.learner, [...tr.querySelectorAll('td[data-question]')].map(
               (td) => [td.dataset.question, td.dataset.status, Number(td.dataset.tries)])]))"""
    )


def _spread(teacher: LearnerPage) -> dict[str, list[tuple[str, bool, int]]]:
    return teacher.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.cardlab-live-spread .cardlab-spread')].map(
             (div) => [div.dataset.question, [...div.querySelectorAll('.cardlab-spread-item')].map(
               (s) => [s.dataset.answer, s.dataset.right === 'true', Number(s.dataset.count)])]))"""
    )


def _expected(taken: dict[str, tuple[lessons.LessonRun, dict]]) -> tuple[dict, dict]:
    """The grid and spread the teacher should see, from the test's own copies of the runs."""
    grid: dict[str, list] = {}
    for name, (run, _) in taken.items():
        grid[name] = [
            [f"{q.step}.{q.number}", "first" if q.first_try else "after" if q.right else "revealed", q.tries]
            for q in run.progress().questions
        ]
    counts: dict[str, dict[tuple[str, bool], int]] = {}
    for _, firsts in taken.values():
        for label, given in firsts.items():
            counts.setdefault(label, {}).setdefault(given, 0)
            counts[label][given] += 1
    run = next(iter(taken.values()))[0]
    labels = [f"{s}.{n + 1}" for s, st in enumerate(run.lesson.steps) for n, q in enumerate(st.questions) if q.counted]
    spread = {
        label: sorted([[a, r, c] for (a, r), c in counts.get(label, {}).items()], key=lambda x: (-x[2], x[0]))
        for label in labels
    }
    return grid, spread


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_three_learners_take_a_lesson_and_the_teacher_sees_exactly_what_they_did(classroom, pages, game):
    code = classroom.codes[list(LESSONS).index(game)]
    learners = {name: _join(pages, code, name) for name in WAYS}
    taken = {name: _take(learners[name], name, way, LESSONS[game]) for name, way in WAYS.items()}
    for name, page in learners.items():
        assert page.page.inner_text(".cardlab-seat-title") == f"Room {code}: you are {name}."
        said = _root(page).locator(".cardlab-lesson-said").inner_text()
        assert "Lesson finished." in said, f"{name}: {said}"
        every = "\n".join(_frame_texts(page.frames)[0]) + page.page.content()
        assert [other for other in WAYS if other != name and other in every] == []  # nobody else's answers
    print(f"\n{LESSONS[game]}: {sum(SCANNED[id(p)] for p in learners.values())} frames scanned")
    grid, spread = _expected(taken)
    teacher = _teacher(pages, classroom, code)
    assert _grid(teacher) == grid
    shown = {k: sorted(v, key=lambda x: (-x[2], x[0])) for k, v in _spread(teacher).items()}
    assert shown == spread
    assert all(name not in teacher.page.inner_text(".cardlab-live-spread") for name in WAYS)
    projector = teacher.page.context.new_page()
    projector.goto(f"{classroom.url}/spread?room={code}")
    projector.wait_for_selector(".cardlab-projector .cardlab-spread", timeout=TIMEOUT_MS)
    assert all(name not in projector.inner_text("body") for name in WAYS)
    projector.close()


def test_the_dashboard_opens_a_lesson_room_and_leads_to_its_live_view(classroom, pages):
    teacher = pages()
    teacher.page.goto(classroom.teacher_link)
    teacher.page.wait_for_selector(".cardlab-lesson-row", timeout=TIMEOUT_MS)
    before = teacher.page.locator(".cardlab-lesson-row").count()
    teacher.page.click(".cardlab-open-lesson")
    teacher.page.wait_for_function(
        "(n) => document.querySelectorAll('.cardlab-lesson-row').length > n", arg=before, timeout=TIMEOUT_MS
    )
    row = teacher.page.locator(".cardlab-lesson-row").last
    assert lessons.bundled_names()[0] in row.inner_text()
    code = row.locator(".cardlab-room-data").get_attribute("data-room")
    assert row.locator(".cardlab-live-link").get_attribute("href") == f"lesson?room={code}"
    teacher.page.goto(f"{classroom.url}/lesson?room={code}")
    teacher.page.wait_for_selector(".cardlab-lesson-grid", timeout=TIMEOUT_MS)


def _settle_step(page: LearnerPage, run: lessons.LessonRun) -> None:
    while run.question is not None:
        _click(page, _key(page, "lesson:reveal"))
        run.reveal()


def test_bringing_the_class_to_a_step_holds_it_there_until_the_teacher_goes_on(classroom, pages):
    code = classroom.codes[len(LESSONS)]
    learners = {name: _join(pages, code, name) for name in ("Ada", "Ben", "Cy")}
    teacher = _teacher(pages, classroom, code)
    teacher.page.locator(".cardlab-live input").first.fill("1")
    teacher.page.locator(".cardlab-live input").first.press("Enter")
    teacher.page.click(".cardlab-bring")
    teacher.page.wait_for_selector(
        '.cardlab-live-data[data-pace="teacher"][data-hold="1"]', timeout=TIMEOUT_MS, state="attached"
    )
    ada = learners["Ada"]
    ada.page.wait_for_selector(".cardlab-lesson-catch-up", timeout=TIMEOUT_MS)
    run = lessons.LessonRun(LESSONS["card-commons"])
    _settle_step(ada, run)
    _click(ada, _next(ada))
    assert run.next() and run.index == 1
    ada.page.wait_for_selector(".cardlab-lesson-waiting", timeout=TIMEOUT_MS)
    assert "The class is waiting at step 1." in ada.page.inner_text(".cardlab-lesson-waiting")
    assert _next(ada).is_disabled()
    assert _root(ada).get_attribute("data-rev")  # the page is live, only held
    teacher.page.click(".cardlab-go-on")  # step 1 asks nothing: the class is brought on to step 2
    ada.page.wait_for_function(
        "() => document.querySelector('.cardlab-lesson-waiting')?.innerText.includes('waiting at step 2')",
        timeout=TIMEOUT_MS,
    )
    assert run.next() and _next(ada).is_disabled()
    for name in ("Ben", "Cy"):  # their questions of step 0 still wait for them
        learners[name].page.wait_for_selector(".cardlab-lesson-catch-up", timeout=TIMEOUT_MS)
    teacher.page.click(".cardlab-self-paced")
    teacher.page.wait_for_selector('.cardlab-live-data[data-pace="self"]', timeout=TIMEOUT_MS, state="attached")
    ada.page.wait_for_selector(f'{ROOT} [data-key="lesson:next"]:not([disabled])', timeout=TIMEOUT_MS)
    assert ada.page.locator(".cardlab-lesson-waiting").count() == 0
    _click(ada, _next(ada))
    assert run.next()
    assert _grid(teacher)["Ada"][0] == ["0.1", "revealed", 0]


def _state(page: LearnerPage) -> dict[str, Any]:
    view = _root(page)
    return {
        "where": view.locator(".cardlab-lesson-where").inner_text(),
        "settled": view.locator(".cardlab-settled-item").all_inner_texts(),
        "feedback": view.locator(".cardlab-question .cardlab-feedback").all_inner_texts(),
        "said": view.locator(".cardlab-lesson-said").inner_text(),
    }


def test_a_reload_and_a_server_restart_lose_nothing(classroom, pages):
    code = classroom.codes[len(LESSONS) + 1]
    ada = _join(pages, code, "Ada")
    ben = _join(pages, code, "Ben")
    run = lessons.LessonRun(LESSONS["card-commons"])
    assert not _answer(ada, run, _wrong(run)).correct
    assert _answer(ada, run, _right(run)).correct
    _click(ada, _key(ada, "lesson:reveal"))
    run.reveal()
    assert not _answer(ada, run, _wrong(run)).correct  # the third question: one wrong try, still open
    before = _state(ada)
    teacher = _teacher(pages, classroom, code)
    grid = _grid(teacher)
    assert grid["Ada"][:3] == [["0.1", "after", 2], ["0.2", "revealed", 0], ["0.3", "open", 1]]
    assert grid["Ben"][0] == ["0.1", "open", 0]
    ada.page.reload()
    ada.page.wait_for_selector(f"{ROOT}[data-rev]", timeout=TIMEOUT_MS)
    assert _state(ada) == before
    classroom.restart()
    ada.page.wait_for_selector(".cardlab-lost-link:not([hidden])", timeout=TIMEOUT_MS, state="attached")
    ada.page.wait_for_function(
        "(where) => document.querySelector('.cardlab-lesson-where')?.innerText === where",
        arg=before["where"],
        timeout=60_000,
    )
    ada.page.wait_for_selector(f"{ROOT}[data-rev]", timeout=TIMEOUT_MS)
    assert _state(ada) == before
    assert _answer(ada, run, _right(run)).correct  # and the lesson goes on from there
    teacher = _teacher(pages, classroom, code)
    assert _grid(teacher)["Ada"][2] == ["0.3", "after", 2]
    assert _grid(teacher)["Ben"] == grid["Ben"]
    ben.page.wait_for_selector(f"{ROOT}[data-rev]", timeout=60_000)


class _Frames:
    """A page's frames, as a test writes them."""

    def __init__(self, frames: list[str]) -> None:
        self.frames = frames


def _frame_with(lesson_view: dict[str, Any]) -> str:
    view = json.dumps({"component": "lesson", "lesson": lesson_view})
    return json.dumps({"content": {"data": {"state": {"view_json": view}}}})


def test_the_frame_scan_finds_a_later_prompt_an_explanation_and_a_stated_answer():
    lesson = lessons.load(LESSONS["card-commons"])
    run = lessons.LessonRun(lesson)
    scan = lambda frames: FrameScan(_Frames(frames), lesson).before_settling(run)  # noqa: E731
    scan([_frame_with({"commentary": "A claims."})])  # nothing given away
    later = lesson.questions[1]
    with pytest.raises(AssertionError, match="a later prompt"):
        scan([_frame_with({"question": {"prompt": pretty(later.prompt)}})])
    with pytest.raises(AssertionError, match="explanation not yet earned"):
        scan([_frame_with({"text": _prose_texts(lesson.questions[0].explanation)[0]})])
    with pytest.raises(AssertionError, match="the answer"):
        scan([_frame_with({"text": f"You may defend with {pretty(lesson.questions[0].answer)}."})])
    with pytest.raises(AssertionError, match="before"):  # the play question's move, stated in a picture
        scan(["<div><p>B should defend with the K♠.</p></div>"])
