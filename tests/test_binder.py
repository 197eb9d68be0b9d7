"""The Binder environment builds and runs a tutorial, as repo2docker would build it.

repo2docker, given a ``binder/`` folder, installs ``binder/requirements.txt`` and then runs
``binder/postBuild`` in a copy of the repository. This test does the same in a fresh virtual
environment (packages from PyPI) and executes ``notebooks/00_start_here.ipynb`` with it, so a
broken Binder configuration fails the suite; Voilà's server extension (the app links) must be
enabled there. Set CARDLAB_SKIP_BINDER=1 to skip it offline.

``binder/requirements.txt`` is a lock made by ``binder/lock.sh``: every package pinned, and
each of cardlab's direct dependencies (with the lab, app and study extras) in it at a version that
satisfies pyproject.toml, for the Python of ``binder/runtime.txt``.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from helpers.installs import PIP_INSTALL, clean_copy, run, server_extensions

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent

BINDER = ROOT / "binder"
skip_binder = pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_BINDER") == "1", reason="CARDLAB_SKIP_BINDER=1")


def locked() -> dict[str, str]:
    pins = {}
    for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, sep, version = line.strip().partition("==")
            assert sep and version, f"binder/requirements.txt: {line!r} is not pinned with =="
            pins[canonical(name.split("[")[0])] = version  # dask[distributed]==...: the package dask
    return pins


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_lock_is_made_by_its_script_for_binders_python():
    header = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()[1].lstrip("# ").strip()
    script = (BINDER / "lock.sh").read_text(encoding="utf-8")
    python = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip().removeprefix("python-")
    expected = " ".join(script.split("uv pip compile", 1)[1].replace("\\\n", " ").split())
    expected = "uv pip compile " + expected.replace('"$python_version"', python)
    assert header == expected, "binder/requirements.txt was not made by binder/lock.sh: run bash binder/lock.sh"


@pytest.mark.skipif(tomllib is None, reason="tomllib needs Python 3.11")
def test_the_lock_pins_every_direct_dependency_within_pyproject():
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = re.findall(r"--extra (\w+)", (BINDER / "lock.sh").read_text(encoding="utf-8"))
    assert extras == ["lab", "app", "study"], "binder/lock.sh locks the lab, app and study extras"
    direct = project["dependencies"] + [r for extra in extras for r in project["optional-dependencies"][extra]]
    pins = locked()
    assert "cardlab" not in pins, "postBuild installs cardlab itself"
    for text in direct:
        requirement = Requirement(text)
        name = canonical(requirement.name)
        assert name in pins, f"{name} is a dependency but not in binder/requirements.txt: run bash binder/lock.sh"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"binder/requirements.txt pins {name}=={pins[name]}, outside {requirement}: run bash binder/lock.sh"
        )


def test_post_build_installs_only_cardlab():
    commands = [
        line
        for line in (BINDER / "postBuild").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert commands == ["set -e", "python -m pip install --no-deps ."]


@skip_binder
def test_binder_environment_builds_and_runs_the_start_notebook(tmp_path):
    # The repository as committed, like repo2docker's copy (in an unpacked sdist, which has no
    # git, the sdist's files: the same files, without a build's leftovers).
    repo = clean_copy(tmp_path / "repo")
    venv = tmp_path / "env"
    run([sys.executable, "-m", "venv", str(venv)])
    env = {
        **os.environ,
        "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "VIRTUAL_ENV": str(venv),
        "JUPYTER_PREFER_ENV_PATH": "1",
        "JUPYTER_DATA_DIR": str(tmp_path / "jupyter-data"),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    env.pop("PYTHONPATH", None)
    python = str(venv / "bin" / "python")
    run([python, *PIP_INSTALL, "-r", "binder/requirements.txt"], cwd=repo, env=env)
    run(["bash", "binder/postBuild"], cwd=repo, env=env)
    where = run([python, "-c", "import cardlab, sys; print(cardlab.__file__)"], cwd=tmp_path, env=env).stdout
    assert str(venv) in where, f"cardlab was not installed into the Binder environment: {where}"
    listed = server_extensions(python, cwd=tmp_path, env=env)
    assert re.search(r"voila\b.*enabled", listed), "Voilà (the app links) is not enabled"
    assert re.search(r"cardlab\.server\b.*enabled", listed), (
        "cardlab's server extension (clicks without delay) is not enabled"
    )
    run(
        [
            python,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--output",
            str(tmp_path / "out.ipynb"),
            "notebooks/00_start_here.ipynb",
        ],
        cwd=repo,
        env=env,
        timeout=900,
    )
    assert (tmp_path / "out.ipynb").exists()


def test_the_readme_names_the_extras_the_lock_is_made_from():
    extras = re.findall(r"--extra (\w+)", (BINDER / "lock.sh").read_text(encoding="utf-8"))
    named = ", ".join(f"`{e}`" for e in extras[:-1]) + f" and `{extras[-1]}` extras by `binder/lock.sh`"
    assert named in " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
