"""Helpers of the tests that install cardlab into a fresh environment (``test_package.py``,
``test_binder.py``, ``browser/test_app_install.py``): a clean copy of the checkout and its wheel,
running a command there, and reading which server extensions it enables."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: pip's install command in these tests: quiet, and without compiling every installed module to
#: bytecode at once (Python compiles what it imports, when it first imports it), which halves
#: the time of an install of the Jupyter packages.
PIP_INSTALL = ["-m", "pip", "install", "-q", "--no-compile"]


def clean_copy(target: Path) -> Path:
    """The checkout's committed and staged files, copied to ``target``: what a fresh clone
    holds, without a left-over ``build/`` directory, which setuptools would pack into the wheel."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:  # not a git checkout (an unpacked sdist): copy it as it is
        shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
        return target
    for name in filter(None, listed.stdout.split("\0")):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


def build_wheel(into: Path, env: dict[str, str]) -> Path:
    """cardlab's wheel, built from a clean copy of the checkout into ``into``."""
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            "-w",
            str(into / "dist"),
            str(clean_copy(into / "source")),
        ],
        env=env,
    )
    return next((into / "dist").glob("cardlab-*.whl"))


def run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess:
    """Run ``command``; fail the test with the end of its output if it fails."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, (
        f"{' '.join(map(str, command))} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    )
    return result


def server_extensions(python: str | Path, **kwargs: Any) -> str:
    """What ``jupyter server extension list`` says in the environment of ``python``, without
    its colours: a line per extension, such as "cardlab.server enabled" and "... OK"."""
    listed = run([str(python), "-m", "jupyter", "server", "extension", "list"], **kwargs)
    return re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)


_LITE: dict[str, dict[str, Any]] = {}


def install_wheel(base: Path, extra: str, **jupyter: str) -> tuple[Path, Path, dict[str, str]]:
    """cardlab's wheel, built from a clean copy of the checkout into ``base``, installed with
    ``extra`` (dependencies from PyPI) into a fresh environment ``base/env``, away from the
    checkout. Returns the wheel, the environment, and the variables to run it with (its
    Jupyter data in ``base``, and the other Jupyter folders given as ``jupyter``:
    ``JUPYTER_CONFIG_DIR=...``)."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    wheel = build_wheel(base, env)
    venv = base / "env"
    run([sys.executable, "-m", "venv", str(venv)])
    env.update(
        PATH=f"{venv / 'bin'}{os.pathsep}{env['PATH']}",
        VIRTUAL_ENV=str(venv),
        JUPYTER_PREFER_ENV_PATH="1",
        JUPYTER_DATA_DIR=str(base / "jupyter-data"),
        **jupyter,
    )
    run([str(venv / "bin" / "python"), *PIP_INSTALL, f"{wheel}[{extra}]"], env=env, timeout=900)
    return wheel, venv, env


def lite_install(tmp_path_factory: Any) -> dict[str, Any]:
    """cardlab's wheel built from a clean copy, and a fresh environment with ``cardlab[lite]``
    installed from it, as the README says: made once per test session and shared by the tests
    that need it (tests/test_package.py, tests/browser/test_lite_offline.py). Returns the
    wheel, the environment's ``bin`` folder, the environment variables to run it with, a work
    folder far from the checkout, and a cache folder for ``cardlab lite --offline``."""
    if "lite" in _LITE:
        return _LITE["lite"]
    base = tmp_path_factory.mktemp("package")
    wheel, venv, env = install_wheel(base, "lite")
    work = base / "work"  # far from the checkout: nothing of it can be imported by accident
    work.mkdir()
    _LITE["lite"] = {"wheel": wheel, "bin": venv / "bin", "env": env, "work": work, "cache": base / "lite-cache"}
    return _LITE["lite"]
