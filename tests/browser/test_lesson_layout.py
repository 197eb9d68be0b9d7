"""A lesson at 1024×768 in JupyterLab with the file browser open, as a learner on a small laptop
plays it: at every step, with the table brought into sight, the question, its answer box and Next
are in sight too, beside or just under the table, so the learner never scrolls back to Next. And
a progress file downloaded while the name box still has the focus carries the name typed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

WINDOW = (1024, 768)
TIMEOUT_MS = 20_000
ROOT = ".cardlab-lesson"
DATA = Path(__file__).resolve().parent.parent / "data"
LESSON = "card-commons-2-forced-defense.md"  # the tests' own copy, whose steps this test pins


def _open(lab: Any, lab_page: Any, notebook: str) -> Any:
    shutil.copy(DATA / LESSON, lab.root)
    page = lab_page(
        notebook,
        "from cardlab.widgets import Lesson",
        f"lesson = Lesson({LESSON!r})\nlesson",
        width=WINDOW[0],
        height=WINDOW[1],
    )
    page.open(f"{ROOT}[data-rev]")
    return page


def _key(page: Any, key: str) -> Any:
    return page.page.locator(f'{ROOT} [data-key="{key}"]')


def _rev(page: Any) -> int:
    return int(page.page.locator(ROOT).get_attribute("data-rev"))


def _click(page: Any, locator: Any) -> None:
    before = _rev(page)
    locator.click()
    page.page.wait_for_function(
        "([sel, rev]) => Number(document.querySelector(sel).dataset.rev) > rev", arg=[ROOT, before], timeout=TIMEOUT_MS
    )


def _file_browser_open(page: Any) -> float:
    """Open JupyterLab's file browser (the left area) and return its width in px."""
    page.page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.page.wait_for_function("() => !window.jupyterapp.shell.leftCollapsed", timeout=TIMEOUT_MS)
    box = page.page.locator(".jp-FileBrowser").bounding_box()
    assert box is not None and box["width"] > 150, box
    return box["width"]


def _visible_band(page: Any) -> tuple[float, float]:
    """The part of the window where the notebook shows its cells: from the panel's top to the window's bottom."""
    top = page.page.evaluate(
        "() => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer, "
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook').getBoundingClientRect().top"
    )
    return max(0.0, top), float(WINDOW[1])


def _in_sight(page: Any, what: dict[str, Any]) -> dict[str, Any]:
    """Bring the table's top to the top of the notebook's view, then say where each part lies."""
    page.page.locator(f"{ROOT} .cardlab-tableau").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.page.wait_for_timeout(100)
    top, bottom = _visible_band(page)
    out = {}
    for name, locator in what.items():
        box = locator.first.bounding_box()
        out[name] = None if box is None else (round(box["y"]), round(box["y"] + box["height"]), top, bottom)
    return out


def test_the_question_its_answer_and_next_stay_in_sight_beside_or_under_the_table(lab, lab_page):
    page = _open(lab, lab_page, "lesson-layout.ipynb")
    try:
        _file_browser_open(page)
        steps = int(page.run("print(len(lesson.lesson.steps) - 1)"))
        seen_questions = 0
        for step in range(steps + 1):
            while page.run("print(lesson.run.question is not None)").strip() == "True":
                question = page.page.locator(f"{ROOT} .cardlab-question")
                answer = question.locator("input, [data-key='lesson:submit'], .cardlab-choices-title").first
                where = _in_sight(page, {"question": question, "answer": answer, "next": _key(page, "lesson:next")})
                for name, (y0, y1, top, bottom) in where.items():
                    assert y0 >= top - 1 and y1 <= bottom + 1, f"step {step}: the {name} is out of sight: {where}"
                seen_questions += 1
                _click(page, _key(page, "lesson:reveal"))
            where = _in_sight(page, {"next": _key(page, "lesson:next")})
            y0, y1, top, bottom = where["next"]
            assert y0 >= top - 1 and y1 <= bottom + 1, f"step {step}: Next is out of sight: {where}"
            if step < steps:
                _click(page, _key(page, "lesson:next"))
        assert seen_questions >= 3
    finally:
        page.close()


def test_a_download_made_while_the_name_box_has_the_focus_carries_the_name(lab, lab_page):
    page = _open(lab, lab_page, "lesson-name-focus.ipynb")
    try:
        name_box = _key(page, "lesson:learner")
        name_box.click()
        name_box.press_sequentially("Grace Hopper")  # typed, and the box keeps the focus
        assert page.page.evaluate("() => document.activeElement.dataset.key") == "lesson:learner"
        downloads = {}
        for ext in ("json", "csv"):
            with page.page.expect_download(timeout=TIMEOUT_MS) as caught:
                _key(page, f"lesson:download-{ext}").click()
            download = caught.value
            assert download.suggested_filename == f"grace-hopper-card-commons-2-forced-defense-progress.{ext}"
            downloads[ext] = Path(download.path()).read_text(encoding="utf-8")
        assert json.loads(downloads["json"])["lessons"][0]["learner"] == "Grace Hopper"
        assert downloads["csv"].splitlines()[1].startswith("Grace Hopper,")
        assert page.run("print(lesson.learner)").strip() == "Grace Hopper"
    finally:
        page.close()
