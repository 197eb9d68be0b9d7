"""The committed tutorials exported to HTML (``jupyter nbconvert --to html``) show every widget
as its static picture: opened in Chromium with no network and JavaScript turned off, each widget
output shows its cards (or, for a score breakdown, its table).

The pictures are stored in the notebooks' outputs when they are executed
(``python tools/run_notebooks.py``). A notebook whose widget outputs carry no picture at all
was executed before widgets had one: the test fails and says to execute it again.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from helpers.labdriver import REPO

VIEW = "application/vnd.jupyter.widget-view+json"
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
PICTURE = re.compile(r"<div class='cardlab-static-widget' data-cardlab-static='(\w+)'")


def widget_outputs(notebook: Any) -> list[dict]:
    return [
        out
        for cell in notebook.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if VIEW in out.get("data", {})
    ]


def export(path: Path, into: Path) -> tuple[Path, list[tuple[str, int]]]:
    """``path`` as HTML (nbconvert's default template), and the pictures its widget outputs carry:
    (component, number of cards) each, in order."""
    from nbconvert import HTMLExporter

    notebook = nbformat.read(path, as_version=4)
    outputs = widget_outputs(notebook)
    pictured = [
        out["data"]["text/html"]
        for out in outputs
        if "text/html" in out["data"] and PICTURE.match(out["data"]["text/html"])
    ]
    assert not outputs or pictured, (
        f"{path.name}: {len(outputs)} widget outputs and none carries the static picture: "
        f"execute the notebook again (python tools/run_notebooks.py {path.relative_to(REPO)})"
    )
    body, _resources = HTMLExporter().from_notebook_node(notebook, resources={"metadata": {"path": str(path.parent)}})
    target = into / f"{path.stem}.html"
    target.write_text(body, encoding="utf-8")
    return target, [(PICTURE.match(html).group(1), html.count('class="cardlab-static-card')) for html in pictured]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_widget_shows_its_picture_offline_without_javascript(path, browser, tmp_path):
    page_file, expected = export(path, tmp_path)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1200, "height": 1200})
    requested: list[str] = []

    def only_files(route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            requested.append(route.request.url)
            route.abort()

    context.route("**/*", only_files)
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        pictures = page.locator(".cardlab-static-widget")
        assert pictures.count() == len(expected), f"{len(expected)} pictures stored, {pictures.count()} shown"
        for i, (component, cards) in enumerate(expected):
            picture = pictures.nth(i)
            assert picture.get_attribute("data-cardlab-static") == component
            box = picture.bounding_box()
            assert box and box["width"] > 100 and box["height"] > 20, (component, box)
            shown = picture.locator(".cardlab-static-card")
            assert shown.count() == cards
            if component == "ScoreBreakdown":
                assert picture.locator(".cardlab-static-breakdown").is_visible()
            else:
                assert cards > 0, f"the {component} picture shows no card"
                assert shown.first.is_visible() and shown.first.get_attribute("aria-label")
    finally:
        context.close()
