"""Screenshots, sizes and legibility figures of each game's widgets in JupyterLab at 1024×768 (Chromium).

    python tools/table_screenshots.py                 # measure, and write docs/images/*.png
    python tools/table_screenshots.py --no-images     # measure only

For every game, in a 1024×768 window with JupyterLab's side bar closed, it shows one
mid-game position (tests/helpers/legibility.py) in a learner's table against the computer
(``Table(session, viewer=..., opponent="heuristic", hint=True)``) and in the teacher's table
(``Table(session)``), and the position with the game's largest hand under each; a state
editor alone and beside its score (``Row([StateEditor(session), ScoreBreakdown(session)])``);
and a lesson at its first question. It prints, for each table: its height; the score's height
as shown and in full, and where its deciding line (its last line) ends, the score's last
round open; the state editor's height, alone and with its card picker open, and where the
picker opens; the smallest text on show; how many pixels each card of the largest hand
shows; how many card corners a note or a badge covers. Then, for the state editor, its height
and where its picker lies in the window, and its size beside its score; for the lesson, where
its question lies in the window. Last, each table's height and width at both sizes
(``size="normal"`` and ``size="large"``) with anything in it that scrolls sideways. The
learner's table is photographed at both sizes, in the light and dark themes:
``docs/images/table-<game>-<size>-<theme>.png``, as docs/widgets.md shows them.
Needs JupyterLab, Playwright for Python and the system Chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.labdriver import LabPage, LabServer, launch_chromium, missing_browser, start_lab  # noqa: E402
from helpers.legibility import (  # noqa: E402
    POSITIONS,
    WINDOW,
    Position,
    editor_cells,
    lesson_cells,
    measure,
    open_picker,
    show_last_round,
    table_cells,
    widget,
)

SIZES = ("normal", "large")


class Pages:
    """Opens a notebook of cells in a fresh 1024×768 page with the side bar closed."""

    def __init__(self, browser: Any, lab: LabServer) -> None:
        self.browser, self.lab = browser, lab

    def open(self, name: str, cells: tuple[str, ...], widgets: int) -> LabPage:
        self.lab.notebook(name, *cells)
        page = LabPage(self.browser.new_context(viewport=WINDOW).new_page(), self.lab, name)
        page.open(".cardlab-root[data-rev]", count=widgets)
        page.page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        page.cells()  # marks each cell's node with its index
        page.page.wait_for_timeout(400)  # the notebook lays itself out again
        return page


def tables(pages: Pages, position: Position, who: str, args: argparse.Namespace) -> dict[str, Any]:
    """A learner's or the teacher's table: its figures, the largest hand's, the sizes, the pictures."""
    root = pages.lab.root
    position.session(position.moves).save(root / f"{position.game}.json")
    position.session(position.hand_moves).save(root / f"{position.game}-hand.json")
    learner = who == "learner"
    viewer = position.mover(position.moves) if learner else None
    hand_viewer = position.mover(position.hand_moves) if learner else None
    page = pages.open(
        f"{position.game}-{who}.ipynb",
        table_cells(f"{position.game}.json", f"{position.game}-hand.json", viewer, hand_viewer),
        2,
    )
    table = widget(page, 0)
    found = {"table": measure(table), "hand": measure(widget(page, 1))["hand"], "sizes": {}}
    show_last_round(table)
    found["table"]["score"] = measure(table)["score"]
    show_last_round(table, False)
    if not learner:
        open_picker(table)
        found["picking"] = measure(table)
        page.page.keyboard.press("Escape")
        table.locator('[data-key="editing"]').click()
    for size in SIZES:
        page.run(f"table.size = {size!r}")
        page.page.wait_for_function("(s) => document.querySelector('.cardlab-table').dataset.size === s", arg=size)
        page.page.wait_for_timeout(300)
        found["sizes"][size] = measure(table)
        if (learner or args.teacher) and not args.no_images:
            photograph(page, table, f"{position.game}{'' if learner else '-teacher'}-{size}", args.out)
    page.close()
    page.assert_no_errors()
    return found


def photograph(page: LabPage, table: Any, name: str, out: Path) -> None:
    """The table in the light and dark themes, in a window as wide and tall enough for all of it."""
    height = table.bounding_box()["height"]
    page.page.set_viewport_size({**WINDOW, "height": max(WINDOW["height"], int(height) + 300)})
    out.mkdir(parents=True, exist_ok=True)
    for dark in (False, True):
        page.theme(dark)
        table.screenshot(path=str(out / f"table-{name}-{'dark' if dark else 'light'}.png"))
    page.theme(False)
    page.page.set_viewport_size(WINDOW)


def editors(pages: Pages, position: Position) -> dict[str, Any]:
    """A state editor alone (its figures with the card picker open) and beside its score."""
    page = pages.open(f"{position.game}-editor.ipynb", editor_cells(f"{position.game}.json"), 3)
    alone = widget(page, 0)
    found = {"alone": measure(alone)}
    open_picker(alone)
    found["picking"] = measure(alone)
    found["row"] = [measure(widget(page, 1, i)) for i in (0, 1)]
    page.close()
    page.assert_no_errors()
    return found


def lesson(pages: Pages, position: Position) -> dict[str, Any]:
    page = pages.open(f"{position.lesson}.ipynb", lesson_cells(position.lesson), 1)
    found = measure(widget(page, 0))
    page.close()
    page.assert_no_errors()
    return found


def px(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def table_line(name: str, found: dict[str, Any]) -> str:
    f = found["table"]
    score = f["score"]
    cut = ", cut by an inner scroll" if score["cut"] else ""
    parts = [
        f"table {px(f['height'])}",
        (
            f"score {px(score['height'])} of {px(score['full'])} "
            f"(deciding line ends at {px(score['deciding']['bottom'])}{cut})"
        ),
    ]
    if "picking" in found:
        editor, picker = found["picking"]["editor"], found["picking"]["picker"]
        parts.append(
            f"editor {px(f['editor']['height'])}, {px(editor['height'])} picking "
            f"(picker {px(picker['top'])}–{px(picker['bottom'])})"
        )
    smallest = f["smallest"]
    parts.append(f"smallest text {smallest['px']:.1f} ({smallest['text']!r})")
    hand = found["hand"]
    parts.append(f"largest hand {hand['cards']} cards: {px(hand['shown'])} each")
    parts.append(f"{len(f['covers'])} card corners under a note or badge ({f['notes']} notes)")
    return f"  {name:<28}" + "; ".join(parts)


def editor_line(found: dict[str, Any]) -> str:
    alone, picker = found["alone"], found["picking"]["picker"]
    left, right = found["row"]
    beside = "beside" if right["y"] < left["y"] + left["height"] - 1 else "under"
    return (
        f"  {'state editor':<28}{px(alone['height'])} tall, smallest text {alone['smallest']['px']:.1f}; "
        f"its picker at y {px(picker['y'])}–{px(picker['y'] + picker['height'])}; beside its score: "
        f"editor {px(left['width'])}×{px(left['height'])}, score {px(right['width'])}×{px(right['height'])} "
        f"({beside} it)"
    )


def lesson_line(found: dict[str, Any]) -> str:
    question = found["question"]
    return (
        f"  {'lesson':<28}question at y {px(question['y'])}–{px(question['y'] + question['height'])}, "
        f"smallest text {found['smallest']['px']:.1f}"
    )


def report(game: str, found: dict[str, Any]) -> list[str]:
    area = found["editor"]["alone"]
    head = (
        f"{game} (visible notebook area: y {px(area['areaTop'])}–{px(area['areaBottom'])}; "
        "table figures in px from the table's top)"
    )
    return [
        head,
        table_line("learner's table vs computer", found["learner"]),
        table_line("teacher's table", found["teacher"]),
        editor_line(found["editor"]),
        lesson_line(found["lesson"]),
    ]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-images", action="store_true", help="measure only; write no screenshots")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--teacher", action="store_true", help="photograph the teacher's tables too")
    args = parser.parse_args(argv)
    reason = missing_browser()
    if reason:
        sys.exit(f"cannot run: {reason}")
    from playwright.sync_api import sync_playwright

    found: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        lab = start_lab(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                pages = Pages(browser, lab)
                for position in POSITIONS:
                    found[position.game] = {
                        "learner": tables(pages, position, "learner", args),
                        "teacher": tables(pages, position, "teacher", args),
                        "editor": editors(pages, position),
                        "lesson": lesson(pages, position),
                    }
                browser.close()
        finally:
            lab.stop()
    for game, figures in found.items():
        print("\n".join(report(game, figures)))
    print(f"\n{'game':<14}{'table':<9}{'size':<8}{'height':>8}{'width':>7}  sideways scroll")
    for game, figures in found.items():
        for who in ("learner", "teacher"):
            for size, f in figures[who]["sizes"].items():
                sideways = ", ".join(f["sideways"]) or "none"
                print(f"{game:<14}{who:<9}{size:<8}{f['height']:>6.0f}px{f['width']:>5.0f}px  {sideways}")


if __name__ == "__main__":
    main(sys.argv[1:])
