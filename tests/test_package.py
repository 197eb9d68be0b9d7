"""cardlab as a user installs it: the wheel built from this checkout, installed with its
``lite`` extra into a fresh virtual environment (packages from PyPI), away from the checkout.

Its ``cardlab`` command works there (``--version``, ``tutorials --copy``, with every link of
the tutorials resolving in the copy and in the installed tutorials folder), and builds a
JupyterLite site holding the tutorials and cardlab's wheel, rebuilt from the installed files.
(The JupyterLite build gets an environment of its own: the Pyodide kernel's extension is for JupyterLite, and JupyterLab
logs errors when it finds it installed beside it.) Set CARDLAB_SKIP_PACKAGE=1 to skip offline.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import zipfile
from pathlib import Path

import pytest
from test_links import broken_links, check_links, pages_in

import cardlab
from cardlab.cli.lite import LITE_SETUP
from cardlab.games import game_class
from helpers.installs import lite_install, run, server_extensions

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))

pytestmark = pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_PACKAGE") == "1", reason="CARDLAB_SKIP_PACKAGE=1")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The built wheel, and a fresh environment with it installed (``cardlab[lite]``)."""
    return lite_install(tmp_path_factory)


def test_the_wheel_holds_the_license_the_tutorials_and_the_front_end(installed):
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(f"cardlab-{cardlab.__version__}.dist-info/METADATA").decode()
    assert f"cardlab-{cardlab.__version__}.dist-info/licenses/LICENSE" in names
    assert {f"cardlab/tutorials/{n}" for n in TUTORIALS} <= names
    assert {"cardlab/widgets/static/cardlab.js", "cardlab/widgets/static/cardlab.css"} <= names
    # PEP 561: a type checker reads the installed package's annotations.
    assert "cardlab/py.typed" in names
    assert "License-Expression: MIT" in metadata and f"Version: {cardlab.__version__}" in metadata
    assert "Requires-Python: >=3.10" in metadata and "Project-URL: Source, " in metadata
    # Pyodide (JupyterLite) runs cardlab on Python 3.14.
    assert "Classifier: Programming Language :: Python :: 3.14" in metadata
    # The pages the tutorials link to (../docs/..., ../README.md) ship beside them.
    assert {
        "cardlab/README.md",
        "cardlab/docs/rules/card-commons.md",
        "cardlab/docs/widgets.md",
        "cardlab/docs/rules/texts/commitment.txt",
        "cardlab/docs/images/table-commerce-normal-light.png",
        "cardlab/CHANGELOG.md",
        "cardlab/LICENSE",
        "cardlab/CITATION.cff",
    } <= names


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
    read = (
        "from jupyter_server.extension.config import ExtensionConfigManager\n"
        "from jupyter_server.serverapp import ServerApp\n"
        "paths = ServerApp().config_file_paths\n"
        "print(ExtensionConfigManager(read_config_path=paths).get_jpserver_extensions().get('cardlab.server'))"
    )
    for switch, state in (("disable", "False"), ("enable", "True")):
        run([python, "-m", "jupyter", "server", "extension", switch, "cardlab.server"], cwd=work, env=env)
        assert run([python, "-c", read], cwd=work, env=env).stdout.strip() == state, switch


def test_the_installed_wheel_plays_every_game_from_its_folder(installed):
    """Each game is a folder of cardlab/games: the wheel holds every one, and the installed
    package finds, deals and plays each game."""
    shipped = [name for name in cardlab.game_names() if game_class(name).__module__.startswith("cardlab.games.")]
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        names = set(wheel.namelist())
    for name in shipped:
        folder = f"cardlab/games/{name.replace('-', '_')}"
        assert {f"{folder}/__init__.py", f"{folder}/moves.py", f"{folder}/rules.py"} <= names, name
    stray = sorted(n for n in names if n.endswith(".py") and n.startswith("cardlab/") and not (ROOT / n).is_file())
    assert not stray, f"the wheel holds modules the checkout does not: {stray}"
    code = (
        "import cardlab\nfor name in cardlab.game_names():\n    game = cardlab.game(name)\n"
        "    state = game.deal(seed=1)\n    game.play(state, game.legal_moves(state)[0])\n    print(name)"
    )
    found = run([str(installed["bin"] / "python"), "-c", code], cwd=installed["work"], env=installed["env"]).stdout
    assert found.split() == shipped


def test_the_installed_command_gives_its_version_and_copies_the_tutorials(installed):
    cardlab_cmd, env, work = str(installed["bin"] / "cardlab"), installed["env"], installed["work"]
    assert run([cardlab_cmd, "--version"], cwd=work, env=env).stdout.strip() == f"cardlab {cardlab.__version__}"
    assert run([cardlab_cmd, "--help"], cwd=work, env=env).stdout.startswith("usage: cardlab")
    where = run(
        [str(installed["bin"] / "python"), "-c", "import cardlab.widgets, cardlab; print(cardlab.__file__)"],
        cwd=work,
        env=env,
    ).stdout
    assert str(installed["bin"].parent) in where, where
    run([cardlab_cmd, "tutorials", "--copy", "class"], cwd=work, env=env)
    assert sorted(p.name for p in (work / "class").glob("*.ipynb")) == TUTORIALS
    for name in TUTORIALS:
        copied = json.loads((work / "class" / name).read_text(encoding="utf-8"))
        original = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
        assert [c["cell_type"] for c in copied["cells"]] == [c["cell_type"] for c in original["cells"]]
        assert [c["source"] for c in copied["cells"] if c["cell_type"] == "code"] == [
            c["source"] for c in original["cells"] if c["cell_type"] == "code"
        ]
    assert broken_links(work / "class") == []
    # Every link of every page copied (the README's and the guides' too) resolves in the copy.
    count, broken = check_links(pages_in(work / "class"), work / "class")
    assert count > 50 and broken == [], "\n".join(broken)
    print(f"copy from the wheel: {count} links")


def test_every_link_of_the_installed_tutorials_resolves(installed):
    """The installed wheel's tutorials folder (cardlab/tutorials) with cardlab/docs and
    cardlab/README.md beside it, where their ../docs/... and ../README.md links point."""
    where = run(
        [str(installed["bin"] / "python"), "-c", "import cardlab.cli.shipped as c; print(c.tutorials_folder())"],
        cwd=installed["work"],
        env=installed["env"],
    ).stdout.strip()
    folder = Path(where)
    assert folder.name == "tutorials" and str(installed["bin"].parent) in where
    assert sorted(p.name for p in folder.glob("*.ipynb")) == TUTORIALS
    assert broken_links(folder) == []


def test_the_jupyterlite_site_holds_the_tutorials_and_the_wheel(installed):
    """``cardlab lite site`` as the README says, in an environment where cardlab is installed
    from its wheel: no checkout, no --wheel; cardlab's wheel is rebuilt from the installed files."""
    cardlab_cmd, env, work = str(installed["bin"] / "cardlab"), installed["env"], installed["work"]
    built = run([cardlab_cmd, "lite", "site"], cwd=work, env=env, timeout=600)
    assert "rebuilding cardlab's wheel from the installed files" in built.stderr
    site = work / "site"
    assert (site / "lab" / "index.html").is_file()
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == TUTORIALS
    for name in TUTORIALS:
        notebook = json.loads((site / "files" / name).read_text(encoding="utf-8"))
        original = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
        assert notebook["cells"][0]["source"] == LITE_SETUP
        assert [c["cell_type"] for c in notebook["cells"][1:]] == [c["cell_type"] for c in original["cells"]]
    # The rebuilt wheel holds what the built one does, file for file.
    rebuilt = site / "pypi" / installed["wheel"].name
    with zipfile.ZipFile(rebuilt) as new, zipfile.ZipFile(installed["wheel"]) as old:
        assert new.testzip() is None
        skip = (".dist-info/RECORD", ".data/")
        assert sorted(n for n in new.namelist() if not any(s in n for s in skip)) == sorted(
            n for n in old.namelist() if not any(s in n for s in skip)
        )
        for n in new.namelist():
            if not any(s in n for s in skip):
                assert new.read(n) == old.read(n), n
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert "cardlab" in index
    for extension in ("anywidget", "@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension"):
        assert (site / "extensions" / extension / "package.json").is_file(), extension
    # Each page checks that the browser can fetch Pyodide, and says so where it cannot.
    assert "cardlab-python-check" in (site / "lab" / "index.html").read_text(encoding="utf-8")
    refused = subprocess.run([cardlab_cmd, "lite", "site"], cwd=work, env=env, capture_output=True, text=True)
    assert refused.returncode == 2 and "is not empty" in refused.stderr
    # A wheel given with --wheel is bundled as it is.
    run([cardlab_cmd, "lite", "given", "--wheel", str(installed["wheel"])], cwd=work, env=env, timeout=600)
    assert (work / "given" / "pypi" / installed["wheel"].name).read_bytes() == installed["wheel"].read_bytes()
    # Every link of every tutorial resolves in the site's contents (the pages are bundled beside them).
    assert (site / "files" / "docs" / "rules" / "commitment.md").is_file()
    assert broken_links(site / "files") == []
    # And every link of every page the site holds (the README's, the guides', their pictures).
    count, broken = check_links(pages_in(site / "files"), site / "files")
    assert count > 50 and broken == [], "\n".join(broken)
    assert {"README.md", "CHANGELOG.md", "LICENSE", "CITATION.cff"} <= {p.name for p in (site / "files").iterdir()}
    print(f"JupyterLite site: {count} links")


def test_the_rebuilt_wheel_lists_its_own_files(installed, tmp_path):
    """The wheel rebuilt from an installation has a RECORD of its own files and hashes, none of
    the files pip writes on install."""
    python, env = str(installed["bin"] / "python"), installed["env"]
    code = (
        "import sys; from pathlib import Path; from cardlab import lite\n"
        "print(lite.wheel_from_installed(Path(sys.argv[1])))"
    )
    wheel = Path(run([python, "-c", code, str(tmp_path / "a")], cwd=installed["work"], env=env).stdout.strip())
    with zipfile.ZipFile(wheel) as archive:
        record = archive.read(f"cardlab-{cardlab.__version__}.dist-info/RECORD").decode()
        assert "cardlab/cli/__init__.py,sha256=" in record and "INSTALLER" not in record
