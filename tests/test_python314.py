"""Python 3.14: the classifiers list it (Pyodide, which runs cardlab in the JupyterLite site, is
Python 3.14), and where a 3.14 interpreter is found here, cardlab's wheel is installed into a
fresh 3.14 environment and every game is dealt and played there, and the widgets import. With
no 3.14 interpreter the second test is skipped, saying so (cardlab on 3.14 is then still run,
in Pyodide, by tests/browser/test_lite_offline.py). Set CARDLAB_PYTHON314 to an interpreter's
path to choose one."""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import cardlab
from helpers.installs import PIP_INSTALL, ROOT, build_wheel, run


def python314() -> str | None:
    """A Python 3.14 interpreter: $CARDLAB_PYTHON314, python3.14 on the PATH, or pyenv's."""
    candidates = [
        os.environ.get("CARDLAB_PYTHON314"),
        shutil.which("python3.14"),
        *sorted(glob.glob(str(Path.home() / ".pyenv" / "versions" / "3.14*" / "bin" / "python3.14"))),
    ]
    for candidate in filter(None, candidates):
        found = subprocess.run(
            [candidate, "-c", "import sys; print(sys.version_info[:2] == (3, 14))"], capture_output=True, text=True
        )
        if found.stdout.strip() == "True":
            return candidate
    return None


def test_the_classifiers_list_every_python_from_the_lowest_to_3_14():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = re.findall(r'"Programming Language :: Python :: 3\.(\d+)"', text)
    low = int(re.search(r'requires-python = ">=3\.(\d+)"', text).group(1))
    assert [int(v) for v in listed] == list(range(low, 15))


def test_pyodide_runs_python_3_14():
    """The JupyterLite site's Python is 3.14 (when the Pyodide kernel is installed here)."""
    constants = pytest.importorskip(
        "jupyterlite_pyodide_kernel.constants",
        reason="jupyterlite-pyodide-kernel is not installed here (the lite extra)",
    )
    assert constants.PYODIDE_PYTHON_VERSION == "3.14"


@pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_PACKAGE") == "1", reason="CARDLAB_SKIP_PACKAGE=1")
def test_cardlab_installs_and_plays_on_python_3_14(tmp_path):
    python = python314()
    if python is None:
        pytest.skip(
            "no Python 3.14 interpreter here (none on the PATH as python3.14, none in pyenv; "
            "set CARDLAB_PYTHON314): cardlab on 3.14 is run in Pyodide by the offline JupyterLite test"
        )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    wheel = build_wheel(tmp_path, env)
    venv = tmp_path / "env314"
    run([python, "-m", "venv", str(venv)])
    run([str(venv / "bin" / "python"), *PIP_INSTALL, str(wheel)], env=env, timeout=900)
    code = (
        "import sys, cardlab, cardlab.widgets\nassert sys.version_info[:2] == (3, 14)\n"
        "for name in cardlab.game_names():\n    game = cardlab.game(name)\n    state = game.deal(seed=1)\n"
        "    game.play(state, game.legal_moves(state)[0])\n    print(name)"
    )
    played = run([str(venv / "bin" / "python"), "-c", code], cwd=tmp_path, env=env).stdout.split()
    assert played == list(cardlab.game_names())
