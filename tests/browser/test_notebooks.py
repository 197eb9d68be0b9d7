"""Every tutorial notebook, run in JupyterLab in Chromium.

Each notebook of ``notebooks/`` is copied into the lab's root folder (without its stored
outputs, which would otherwise be drawn first, from widget models that no longer exist),
opened and run with "Run All", one after the other (on a small machine, running them at
once is no faster). Once its kernel has been idle for a moment (a computer opponent may
still move after the last cell), the test fails on

- a Python error in any cell's output;
- a JavaScript console error or an uncaught page error;
- a widget output that did not render: each widget output must hold as many drawn cardlab
  widgets (root elements with a revision) as the kernel's widget holds (an ``HBox`` of an
  editor and a breakdown holds two).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from labdriver import REPO, LabPage, copy_without_outputs

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("source", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_notebook_runs_in_jupyterlab_and_draws_every_widget(source: Path, lab: Any, browser: Any) -> None:
    name = copy_without_outputs(source, lab.root)
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = LabPage(context.new_page(), lab, name)
    try:
        page.open(".jp-Notebook")  # returns once "Run All" has run every cell
        page.wait_until_idle()
        outputs = page.outputs()
        problems = [f"cell {o['cell']}: {o['ename']}: {o['evalue']}" for o in outputs if o["type"] == "error"]
        views = [o for o in outputs if o["model_id"]]
        held = page.held_widgets([o["model_id"] for o in views])
        for view in views:
            expected = held[view["model_id"]]
            if expected is None:
                problems.append(f"cell {view['cell']}: widget {view['model_id']} is unknown to the kernel")
            elif view["roots"] != expected:
                problems.append(f"cell {view['cell']}: {view['roots']} of its {expected} cardlab widgets drawn")
        assert views, f"{name} shows no widget"
        assert not problems, f"{name}:\n" + "\n".join(problems)
        page.assert_no_errors()
    finally:
        page.close()
