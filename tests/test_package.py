"""cardlab as a user installs it: the wheel built from this checkout, installed with its
``lite`` extra into a fresh virtual environment (packages from PyPI), away from the checkout.

Its ``cardlab`` command works there (``--version``, ``tutorials --copy``), and builds a
JupyterLite site holding the tutorials and cardlab's wheel. (The JupyterLite build gets an
environment of its own: the Pyodide kernel's extension is for JupyterLite, and JupyterLab
logs errors when it finds it installed beside it.) Set CARDLAB_SKIP_PACKAGE=1 to skip offline.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import cardlab
from cardlab.cli import LITE_SETUP
from cardlab.games import game_class
from installs import clean_copy, run, server_extensions

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))

pytestmark = pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_PACKAGE") == "1", reason="CARDLAB_SKIP_PACKAGE=1")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The built wheel, and a fresh environment with it installed (``cardlab[lite]``)."""
    base = tmp_path_factory.mktemp("package")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"), str(clean_copy(base / "source"))],
        env=env)
    wheel = next((base / "dist").glob("cardlab-*.whl"))
    venv = base / "env"
    run([sys.executable, "-m", "venv", str(venv)])
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env['PATH']}", VIRTUAL_ENV=str(venv),
               JUPYTER_PREFER_ENV_PATH="1", JUPYTER_DATA_DIR=str(base / "jupyter-data"))
    run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", f"{wheel}[lite]"], env=env, timeout=900)
    work = base / "work"  # far from the checkout: nothing of it can be imported by accident
    work.mkdir()
    return {"wheel": wheel, "bin": venv / "bin", "env": env, "work": work}


def test_the_wheel_holds_the_license_the_tutorials_and_the_front_end(installed):
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(f"cardlab-{cardlab.__version__}.dist-info/METADATA").decode()
    assert f"cardlab-{cardlab.__version__}.dist-info/licenses/LICENSE" in names
    assert {f"cardlab/tutorials/{n}" for n in TUTORIALS} <= names
    assert {"cardlab/widgets/static/cardlab.js", "cardlab/widgets/static/cardlab.css"} <= names
    assert "License-Expression: MIT" in metadata and f"Version: {cardlab.__version__}" in metadata
    assert "Requires-Python: >=3.10" in metadata and "Project-URL: Source, " in metadata


def test_the_installed_wheel_enables_cardlabs_server_extension(installed):
    """Installing the wheel puts the Jupyter server's configuration that enables cardlab.server
    (a click answered without Nagle's delay) where the server of that environment reads it."""
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        names = set(wheel.namelist())
    assert f"cardlab-{cardlab.__version__}.data/data/etc/jupyter/jupyter_server_config.d/cardlab.json" in names
    text = server_extensions(installed["bin"] / "python", cwd=installed["work"], env=installed["env"])
    assert re.search(r"cardlab\.server\b.*enabled", text), text
    assert re.search(r"cardlab\.server\b.*\bOK\b", text), text  # found, imported and valid
    # The README's way to turn it off (and on again), as the server then reads its configuration.
    python, env, work = str(installed["bin"] / "python"), installed["env"], installed["work"]
    read = ("from jupyter_server.extension.config import ExtensionConfigManager\n"
            "from jupyter_server.serverapp import ServerApp\n"
            "paths = ServerApp().config_file_paths\n"
            "print(ExtensionConfigManager(read_config_path=paths).get_jpserver_extensions().get('cardlab.server'))")
    for switch, state in (("disable", "False"), ("enable", "True")):
        run([python, "-m", "jupyter", "server", "extension", switch, "cardlab.server"], cwd=work, env=env)
        assert run([python, "-c", read], cwd=work, env=env).stdout.strip() == state, switch


def test_the_installed_wheel_plays_every_game_from_its_folder(installed):
    """Each game is a folder of cardlab/games: the wheel holds every one, and the installed
    package finds, deals and plays each game."""
    shipped = [name for name in cardlab.games() if game_class(name).__module__.startswith("cardlab.games.")]
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        names = set(wheel.namelist())
    for name in shipped:
        folder = f"cardlab/games/{name.replace('-', '_')}"
        assert {f"{folder}/__init__.py", f"{folder}/moves.py", f"{folder}/rules.py"} <= names, name
    stray = sorted(n for n in names if n.endswith(".py") and n.startswith("cardlab/") and not (ROOT / n).is_file())
    assert not stray, f"the wheel holds modules the checkout does not: {stray}"
    code = ("import cardlab\nfor name in cardlab.games():\n    game = cardlab.game(name)\n"
            "    state = game.deal(seed=1)\n    game.play(state, game.legal_moves(state)[0])\n    print(name)")
    found = run([str(installed["bin"] / "python"), "-c", code], cwd=installed["work"], env=installed["env"]).stdout
    assert found.split() == shipped


def test_the_installed_command_gives_its_version_and_copies_the_tutorials(installed):
    cardlab_cmd, env, work = str(installed["bin"] / "cardlab"), installed["env"], installed["work"]
    assert run([cardlab_cmd, "--version"], cwd=work, env=env).stdout.strip() == f"cardlab {cardlab.__version__}"
    assert run([cardlab_cmd, "--help"], cwd=work, env=env).stdout.startswith("usage: cardlab")
    where = run([str(installed["bin"] / "python"), "-c", "import cardlab.widgets, cardlab; print(cardlab.__file__)"],
                cwd=work, env=env).stdout
    assert str(installed["bin"].parent) in where, where
    run([cardlab_cmd, "tutorials", "--copy", "class"], cwd=work, env=env)
    assert sorted(p.name for p in (work / "class").iterdir()) == TUTORIALS
    for name in TUTORIALS:
        assert (work / "class" / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()


def test_the_jupyterlite_site_holds_the_tutorials_and_the_wheel(installed):
    cardlab_cmd, env, work = str(installed["bin"] / "cardlab"), installed["env"], installed["work"]
    refused = subprocess.run([cardlab_cmd, "lite", "nowheel"], cwd=work, env=env, capture_output=True, text=True)
    assert refused.returncode == 2 and "give that wheel with --wheel PATH" in refused.stderr
    run([cardlab_cmd, "lite", "site", "--wheel", str(installed["wheel"])], cwd=work, env=env, timeout=600)
    site = work / "site"
    assert (site / "lab" / "index.html").is_file()
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == TUTORIALS
    for name in TUTORIALS:
        notebook = json.loads((site / "files" / name).read_text(encoding="utf-8"))
        original = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
        assert notebook["cells"][0]["source"] == LITE_SETUP and notebook["cells"][1:] == original["cells"]
    assert (site / "pypi" / installed["wheel"].name).read_bytes() == installed["wheel"].read_bytes()
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert "cardlab" in index
    for extension in ("anywidget", "@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension"):
        assert (site / "extensions" / extension / "package.json").is_file(), extension
    refused = subprocess.run([cardlab_cmd, "lite", "site", "--wheel", str(installed["wheel"])], cwd=work, env=env,
                             capture_output=True, text=True)
    assert refused.returncode == 2 and "is not empty" in refused.stderr
