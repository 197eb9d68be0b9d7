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
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:  # keep the files small and the diffs readable
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = _coalesced(cell.outputs)
    nbformat.write(notebook, path)
    print(f"executed {path.relative_to(ROOT)}")


def _coalesced(outputs: list) -> list:
    """``outputs`` with each run of text written to one stream made one output, as it shows
    (how the text arrived in pieces varies from run to run)."""
    merged: list = []
    for output in outputs:
        last = merged[-1] if merged else None
        if output.output_type == "stream" and last is not None and last.output_type == "stream":
            if last.name == output.name:
                last.text += output.text
                continue
        merged.append(output)
    return merged


def main(args: list[str]) -> None:
    paths = [Path(a).resolve() for a in args] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        run(path)


if __name__ == "__main__":
    main(sys.argv[1:])
