"""Execute the tutorial notebooks in place, so the committed outputs match the code.

    python tools/run_notebooks.py                      # every notebook
    python tools/run_notebooks.py notebooks/01_card_commons.ipynb

nbval (``python -m pytest notebooks``) then checks that a fresh run gives the same outputs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

ROOT = Path(__file__).resolve().parent.parent


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    # Widget state is not stored: its model ids change on every run, and the cards, states and
    # breakdowns have HTML reprs that read without a kernel.
    NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        store_widget_state=False,
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    # each run of text written to one stream as one output, as it shows (how the text arrived in
    # pieces varies from run to run)
    CoalesceStreamsPreprocessor().preprocess(notebook, {})
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:  # keep the files small and the diffs readable
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)
    print(f"executed {path.relative_to(ROOT)}")


def main(args: list[str]) -> None:
    paths = [Path(a).resolve() for a in args] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        run(path)


if __name__ == "__main__":
    main(sys.argv[1:])
