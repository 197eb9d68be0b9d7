"""A class's progress in JupyterLab: the ClassProgress widget of 30 learners' progress files,
in a 1024×768 window with the side bar closed. Its text is 12 px or more and only the table's
own scroll goes sideways; a click on a column's heading sorts the rows (best first, then the
other way), Enter on a heading does too and the focus stays on it; axe finds nothing, in the
light theme and the dark one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardlab import lessons
from helpers import axe
from helpers.legibility import MIN_TEXT_PX, WINDOW, measure

LESSON = "card-commons-2-forced-defense"
ROOT = ".cardlab-root.cardlab-class_progress[data-rev]"


def hand_in(folder: Path) -> None:
    """30 learners' progress in one lesson: learner n answers the first n % 4 questions right
    (the first of them after a wrong try when n is odd) and reveals the next one."""
    lesson = lessons.load(LESSON)
    folder.mkdir()
    for n in range(30):
        run = lessons.LessonRun(lesson, learner=f"Learner {n:02d}")
        for _ in range(n % 4):
            question = run.question
            if n % 2:
                run.answer("-" if question.kind == "cards" else "claim 2D")
            run.answer(" ".join(c.code for c in question.cards) if question.kind == "cards" else str(question.moves[0]))
        if run.question is not None:
            run.reveal()
        text = lessons.progress_json([run]) if n % 2 else lessons.progress_csv([run])
        (folder / f"{n:02d}.{'json' if n % 2 else 'csv'}").write_text(text, encoding="utf-8")


def names(root: Any) -> list[str]:
    return root.locator("tbody th[scope=row]").all_inner_texts()


def test_the_class_progress_table_sorts_by_a_click_and_passes_axe(lab, lab_page, axe_ready):
    hand_in(lab.root / "class-hand-in")
    page = lab_page(
        "class_progress.ipynb", "from cardlab.widgets import ClassProgress\nClassProgress('class-hand-in')", **WINDOW
    )
    try:
        page.open(ROOT)
        page.window(WINDOW["width"], WINDOW["height"], left_bar=False)
        root = page.page.locator(ROOT)
        assert names(root) == [f"Learner {n:02d}" for n in range(30)]
        figures = measure(root)
        assert figures["texts"][0]["px"] >= MIN_TEXT_PX, figures["texts"][:3]
        assert set(figures["sideways"]) <= {"cardlab-class-scroll"}, figures["sideways"]

        right_first = root.locator('[data-key="sort:total:0"]')
        right_first.click()
        ranked = names(root)
        heading = root.locator("th:has(> [data-key='sort:total:0'])")
        assert heading.get_attribute("aria-sort") == "descending"
        first = root.locator("tbody tr").first.locator("td.cardlab-class-total").first.inner_text()
        last = root.locator("tbody tr").last.locator("td.cardlab-class-total").first.inner_text()
        assert int(first) == 2 and int(last) == 0 and ranked[0] == "Learner 02"  # 2 right first time, then by name
        right_first.click()
        assert heading.get_attribute("aria-sort") == "ascending" and names(root)[-1] == "Learner 26"

        question = root.locator('[data-key="sort:q:0"]')  # the first question, by the keyboard
        question.focus()
        page.page.keyboard.press("Enter")
        first_cells = root.locator("tbody tr td:nth-of-type(1) > span[aria-hidden]").all_inner_texts()
        order = ["✓", "✓2", "shown"]
        assert [order.index(c) for c in first_cells] == sorted(order.index(c) for c in first_cells)
        assert first_cells.count("✓") == 7 and first_cells.count("shown") == 8
        assert page.page.evaluate("() => document.activeElement.dataset.key") == "sort:q:0"

        wrong = root.locator(".cardlab-class-wrong li").first.inner_text()
        assert wrong.startswith("none") and "learners" in wrong  # the first question's common wrong answer
        page.screenshot("class-progress", ROOT)
        axe.assert_clean_in_both_themes(page, ROOT, "a class's progress")
    finally:
        page.close()
