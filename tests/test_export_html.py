"""docs/widgets.md's export command, run as it is written with the nbconvert installed here, on a
notebook never executed: the HTML holds each table's static picture (its cards), and no widget
state, so nothing in it waits for a widget manager from a CDN. The same export with the widget
state saved (nbconvert's own default when it executes) is checked too: it drops the pictures,
which is why the docs say what they say."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
PICTURE = re.compile(r"""class=["']cardlab-static-widget["'] data-cardlab-static=["']Table["']""")
STATE = "application/vnd.jupyter.widget-state+json"


def documented_export() -> list[str]:
    """The command of docs/widgets.md's *Export without the widget state* that makes HTML."""
    text = (ROOT / "docs" / "widgets.md").read_text(encoding="utf-8")
    section = text[text.index("**Export without the widget state.**") :]
    section = section[: section.index("\n- ")]
    commands = [
        shlex.split(line)
        for line in re.findall(r"^\s*(jupyter nbconvert[^\n`]*)$", section, re.M)
        if "--to html" in line and "--execute" in line
    ]
    assert commands, "docs/widgets.md gives no command that executes a notebook and exports it to HTML"
    return commands[0]


@pytest.fixture()
def notebook(tmp_path: Path) -> Path:
    code = (
        "import cardlab\nfrom cardlab.widgets import Table\n"
        'Table(cardlab.Session(cardlab.game("commitment"), seed=7), viewer=0)'
    )
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / "table.ipynb"
    nbformat.write(book, path)
    return path


def export(command: list[str], notebook: Path) -> str:
    assert command[:2] == ["jupyter", "nbconvert"] and "NOTEBOOK.ipynb" in command
    args = [a if a != "NOTEBOOK.ipynb" else notebook.name for a in command[2:]]
    done = subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", *args],
        cwd=notebook.parent,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return notebook.with_suffix(".html").read_text(encoding="utf-8")


def test_the_documented_export_shows_the_tables_pictures(notebook):
    page = export(documented_export(), notebook)
    assert PICTURE.search(page), "the exported page holds no static picture of the table"
    assert re.search(r"""class=["']cardlab-static-card""", page), "the picture shows no card"
    assert STATE not in page, "the widget state was saved: the page draws blank widgets offline"


def test_without_the_option_nbconvert_saves_the_state_and_drops_the_picture(notebook):
    """Why the option is there: the plain ``--execute`` export of this nbconvert."""
    plain = [a for a in documented_export() if "store_widget_state" not in a]
    page = export(plain, notebook)
    assert STATE in page and not PICTURE.search(page)
