"""A class uses every tutorial notebook: it clicks around before it presses Shift+Enter.

For each notebook of ``notebooks/``, in one JupyterLab page and one kernel:

1. **Run All.**
2. **One stretch at a time, from the top**, in the same kernel: each code cell is run as
   Shift+Enter runs it, and after every cell that shows cardlab widgets a learner uses them
   before the cells below run (see ``labdriver.Learner``): steps back and forward through
   the moves and leaves the stepper in the middle, clicks a highlighted card and plays a
   move from there (on the worked examples' tables and on the tables that play against the
   computer), asks for a hint, and changes a card in the editor. The cells below must not
   care: an assertion of the rule text's numbers holds whatever the learner did above it.
3. **Run All again.**
4. **Restart the kernel and Run All.**

Every stage must end with no Python error (or anything written to stderr) in any output,
no JavaScript console or page error, and no widget saying that cardlab itself failed. The
notebooks' own ``assert`` cells check the rule texts' numbers, so a stage that changes
them fails there. And the learner must have stepped through the notebook's worked example
on a teacher's table, whose score after the last move is the text's. The failure names the stage, the cell (with its first line) and the
error, followed by what the learner had done.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from labdriver import REPO, LabPage, Learner, copy_without_outputs

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))

# The worked example each notebook replays on a teacher's table for the class to step through:
# its number of moves, and the score the table shows after the last one (the rule text's
# numbers; Commerce's is the running ledger after the knock, deal 2's antes paid). None: the
# notebook replays no worked example (05_lessons plays lessons, in Lesson widgets).
WORKED_EXAMPLES: dict[str, tuple[int, str] | None] = {
    "00_start_here": (14, "A 6 B 4"),        # Card Commons, the end of round 3
    "01_card_commons": (14, "A 6 B 4"),
    "02_commerce": (4, "A 1 B -2 C -2"),
    "03_commitment": (12, "A 2 B 0"),
    "04_contest": (34, "A 20 B 14"),         # the tutorial's own example
    "05_lessons": None,
}


def test_every_notebook_says_which_worked_example_it_replays() -> None:
    assert sorted(WORKED_EXAMPLES) == [source.stem for source in NOTEBOOKS]


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
        page.wait_until_idle(quiet=1.0)
        problems.extend(page.problems(label))
        took[label] = time.monotonic() - started

    try:
        stage("run all", lambda: page.open(".jp-Notebook"))
        stage("one stretch at a time", lambda: _one_stretch_at_a_time(page, learner))
        example = WORKED_EXAMPLES[source.stem]
        if example is not None and not any(t.teacher and (t.moves, t.totals) == example for t in learner.tables):
            moves, totals = example
            problems.append(f"the worked example ({moves} moves, ending {totals}) is on no teacher's table the "
                            f"class steps through; tables stepped: {learner.tables}")
        stage("run all again", page.run_all)
        stage("after a restart", lambda: (page.restart_kernel(), page.run_all())[-1])
    finally:
        page.close()
    print(f"{source.stem}: " + ", ".join(f"{label} {seconds:.0f} s" for label, seconds in took.items()))
    assert not problems, (f"{source.name}:\n" + "\n".join(problems)
                          + "\n\nwhat the learner did:\n" + "\n".join(learner.done))
