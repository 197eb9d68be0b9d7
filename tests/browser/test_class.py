"""A class uses every tutorial notebook: it clicks around before it presses Shift+Enter.

For each notebook of ``notebooks/``, in one JupyterLab page and one kernel:

1. **Run All.** Every widget output is drawn: it holds as many drawn cardlab widgets as the
   kernel's widget holds.
2. **One stretch at a time, from the top**, in the same kernel: each code cell is run as
   Shift+Enter runs it, and after every cell that shows cardlab widgets a learner uses them
   before the cells below run (see ``labdriver.Learner``): steps back and forward through
   the moves and leaves the stepper in the middle (at the end, on a table against the
   computer), clicks a highlighted card and plays a move from there, asks for a hint, and
   changes a card in the editor. The cells below must not
   care: an assertion of the rule text's numbers holds whatever the learner did above it.
3. **Run All again.**
4. **Restart the kernel and Run All.**
5. **In the app**: the notebook served by Voilà, where the learner uses every widget again.

Every stage must end with no Python error (or anything written to stderr) in any output,
no JavaScript console or page error, and no widget saying that cardlab itself failed. The
notebooks' own ``assert`` cells check the rule texts' numbers, so a stage that changes
them fails there. And the learner must have gone through the notebook's walkthrough lesson
(a learner notebook) to its end, or stepped through its worked example on a teacher's table,
whose score after the last move is the text's (the teacher's guide). The failure names the stage,
the cell (with its first line) and the error, followed by what the learner had done.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from cardlab import lessons
from helpers.labdriver import FAILURE_SIGNS, NO_MOVE, REPO, LabPage, Learner, copy_without_outputs

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))

# What each notebook walks a class through: a learner notebook's walkthrough lesson, which the
# learner goes through to its end; or a worked example replayed on a teacher's table, as its
# number of moves and the score the table shows after the last one (the rule text's numbers).
# None: neither (the start page, the notebooks on writing lessons, research and studies).
WORKED_EXAMPLES: dict[str, str | tuple[int, str] | None] = {
    "00_start_here": None,
    "01_card_commons": "card-commons-1-worked-example",
    "02_commerce": "commerce-1-worked-example",
    "03_commitment": "commitment-1-worked-example",
    "04_contest": "contest-1-worked-example",
    "05_teachers_guide": (14, "A 6 B 4"),  # Card Commons, the end of round 3
    "06_writing_lessons": None,
    "07_research": None,
    "08_explainers": None,
}


def test_every_notebook_says_which_worked_example_it_replays() -> None:
    assert sorted(WORKED_EXAMPLES) == [source.stem for source in NOTEBOOKS]


def _walked_through(source: Path, learner: Learner) -> list[str]:
    """What is missing of the notebook's walkthrough, after the learner used its widgets; and
    every table against the computer that offered the learner no move."""
    unplayed = [f"a table against the computer offered no move: {line}" for line in learner.done if NO_MOVE in line]
    return unplayed + _missing_walkthrough(source, learner)


def _missing_walkthrough(source: Path, learner: Learner) -> list[str]:
    example = WORKED_EXAMPLES[source.stem]
    if isinstance(example, str):
        title = lessons.load(example).title
        if not any(t == title and finished for _, t, _, finished in learner.lessons):
            return [f"the walkthrough {example!r} was not gone through to its end; lessons: {learner.lessons}"]
    elif example is not None and not any(t.teacher and (t.moves, t.totals) == example for t in learner.tables):
        moves, totals = example
        return [
            f"the worked example ({moves} moves, ending {totals}) is on no teacher's table the "
            f"class steps through; tables stepped: {learner.tables}"
        ]
    return []


def _one_stretch_at_a_time(page: LabPage, learner: Learner) -> None:
    """Run the code cells one by one from the top; after each that shows widgets, use them.
    Stops at the first cell that fails, as a class would (the stage then reports it)."""
    for cell in page.cells():
        if cell["type"] != "code":
            continue
        page.run_cell(cell["index"])
        if any(o["cell"] == cell["index"] and o["type"] == "error" for o in page.outputs()):
            return
        if page.wait_for_widgets(cell["index"]):
            learner.use_cell(cell["index"])


@pytest.mark.parametrize("source", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_class_uses_the_notebook(source: Path, lab: Any, browser: Any) -> None:
    name = copy_without_outputs(source, lab.root, f"class-{source.name}")
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = LabPage(context.new_page(), lab, name)
    learner = Learner(page)
    problems: list[str] = []
    took: dict[str, float] = {}

    def stage(label: str, action: Any) -> None:
        started = time.monotonic()
        action()
        page.wait_until_idle()
        problems.extend(page.problems(label))
        took[label] = time.monotonic() - started

    try:
        stage("run all", lambda: page.open(".jp-Notebook"))
        problems.extend(page.undrawn("run all"))
        shows = any(
            "Table(" in "".join(c["source"]) or "Lesson(" in "".join(c["source"])
            for c in json.loads(source.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code"
        )
        assert not shows or any(o["model_id"] for o in page.outputs()), f"{source.name} shows no widget"
        stage("one stretch at a time", lambda: _one_stretch_at_a_time(page, learner))
        problems.extend(_walked_through(source, learner))
        stage("run all again", page.run_all)
        stage("after a restart", lambda: (page.restart_kernel(), page.run_all())[-1])
    finally:
        page.close()
    print(f"{source.stem}: " + ", ".join(f"{label} {seconds:.0f} s" for label, seconds in took.items()))
    assert not problems, (
        f"{source.name}:\n" + "\n".join(problems) + "\n\nwhat the learner did:\n" + "\n".join(learner.done)
    )


# --- in the app -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Voilà serving copies of the notebooks (as ``cardlab app`` does, one folder for all)."""
    import os
    import sys

    from test_voila import serve_voila

    pytest.importorskip("voila", reason="Voilà is not installed (pip install 'cardlab[app]')")
    folder = tmp_path_factory.mktemp("class-app")
    for source in NOTEBOOKS:
        copy_without_outputs(source, folder)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        "JUPYTER_CONFIG_DIR": str(folder / ".config"),
        "JUPYTER_RUNTIME_DIR": str(folder / ".runtime"),
    }
    with serve_voila([sys.executable, "-m", "voila", str(folder)], folder, env, folder / ".voila.log") as url:
        yield url


_WIDGETS_SETTLED = """() => {
  const count = document.querySelectorAll('.cardlab-root[data-rev]').length, now = performance.now();
  const seen = window.__cardlabWidgetsSeen;
  if (!seen || seen.count !== count) {
    window.__cardlabWidgetsSeen = { count, since: now };
    return false;
  }
  return now - seen.since > (count ? 1000 : 3000);
}"""


class _AppPage:
    """What a :class:`Learner` needs of a page: the Playwright page."""

    def __init__(self, page: Any) -> None:
        self.page = page


#: The notebooks a class may open as an app: all but the research notebook, which is its code
#: (an app hides the code, and would run its training before showing anything).
APPS = [source for source in NOTEBOOKS if source.stem != "07_research"]


@pytest.mark.parametrize("source", APPS, ids=lambda p: p.stem)
def test_a_class_uses_the_notebook_as_an_app(source: Path, app: str, browser: Any) -> None:
    """The notebook as a classroom app at a projector's 1024×768: no code on the page, nothing
    that says to run a cell, every widget drawn and used as in JupyterLab, and no error."""
    from test_voila import TIMEOUT_MS, offline_page

    page, errors = offline_page(browser, app, viewport={"width": 1024, "height": 768})
    learner = Learner(_AppPage(page))
    try:
        page.goto(f"{app}voila/render/{source.name}", timeout=TIMEOUT_MS)
        page.wait_for_selector("#rendered_cells, .jp-OutputArea", timeout=TIMEOUT_MS)
        page.wait_for_function(
            "() => !document.querySelector('.jp-OutputArea-output .lm-Widget.jp-Spinner')"
            " && document.readyState === 'complete'",
            timeout=TIMEOUT_MS,
        )
        # The last widgets of the page come in after it has loaded: wait until their number
        # has held for a second (three while there is none yet).
        page.wait_for_function(_WIDGETS_SETTLED, polling=100, timeout=TIMEOUT_MS)
        code = page.locator(".jp-CodeCell .jp-Cell-inputWrapper, .jp-InputArea-editor, .cm-editor")
        assert code.count() == 0, "the app shows no code"
        text = page.locator("body").inner_text()
        assert "Shift+Enter" not in text and "run the cell" not in text.lower()
        roots = page.locator(".cardlab-root[data-rev]")
        for i in range(roots.count()):
            learner.use(roots.nth(i), f"widget {i}")
        problems = [
            f"a widget says: {m}"
            for m in page.locator(".cardlab-message-error").all_inner_texts()
            if any(sign in m for sign in FAILURE_SIGNS)
        ]
        problems += [
            e
            for e in page.locator(
                ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
            ).all_inner_texts()
        ]
        problems += _walked_through(source, learner) + errors
    finally:
        page.context.close()
    assert not problems, (
        f"{source.name} as an app:\n" + "\n".join(problems) + "\n\nwhat the learner did:\n" + "\n".join(learner.done)
    )
