"""cardlab on every Python its classifiers claim: the wheel, built once from a clean copy of the
checkout, is installed into a fresh environment of each claimed Python found here (pyenv's
interpreters, or ``python3.X`` on the PATH), away from the checkout, and a smoke run goes there:
the widgets import, every bundled lesson is checked against the rules (``cardlab lesson
check``), and a few unit test files run against the installed package.

The suite itself runs on the interpreter that runs pytest, so that Python is not run again here;
3.14 has tests/test_python314.py (and Pyodide, in the JupyterLite test). A claimed Python with
no interpreter here is skipped, saying so. Set CARDLAB_SKIP_PACKAGE=1 to skip offline.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.installs import PIP_INSTALL, ROOT, build_wheel, run

pytestmark = pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_PACKAGE") == "1", reason="CARDLAB_SKIP_PACKAGE=1")

#: Unit test files run in each environment: the cards, the lessons' Markdown and their figures
#: and feedback (cardlab.lessons.figures), the explanations and the table's words.
SMOKE_FILES = [
    "test_cards.py",
    "test_lesson_markdown.py",
    "test_lesson_unique.py",
    "test_explain.py",
    "test_widget_text.py",
]


def claimed() -> list[str]:
    """The Python versions pyproject.toml's classifiers list, such as "3.10"."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return re.findall(r'"Programming Language :: Python :: (3\.\d+)"', text)


def interpreter(version: str) -> str | None:
    """An interpreter of ``version``: ``python3.X`` on the PATH, or one of pyenv's."""
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    candidates = [shutil.which(f"python{version}"), *sorted(glob.glob(str(pyenv / "versions" / f"{version}.*")))]
    for candidate in filter(None, candidates):
        path = Path(candidate)
        if path.is_dir():
            path = path / "bin" / f"python{version}"
        found = subprocess.run(
            [str(path), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"], capture_output=True, text=True
        )
        if found.returncode == 0 and found.stdout.strip() == version:
            return str(path)
    return None


HERE = "{}.{}".format(*sys.version_info[:2])
OTHERS = [v for v in claimed() if v not in (HERE, "3.14")]


def test_the_claims_go_from_requires_python_up():
    """What this file runs: every claimed Python but this one and 3.14, which have their own."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    low = re.search(r'requires-python = ">=(3\.\d+)"', text).group(1)
    assert claimed()[0] == low and low in [*OTHERS, HERE]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return build_wheel(tmp_path_factory.mktemp("wheel"), env), env


@pytest.mark.parametrize("version", OTHERS)
def test_the_wheel_works_on_each_claimed_python(version, wheel, tmp_path):
    python = interpreter(version)
    if python is None:
        pytest.skip(f"no Python {version} here (none on the PATH as python{version}, none in pyenv)")
    built, env = wheel
    venv = tmp_path / "env"
    run([python, "-m", "venv", str(venv)])
    bin_ = venv / "bin"
    run([str(bin_ / "python"), *PIP_INSTALL, str(built), "pytest", "hypothesis"], env=env, timeout=900)
    work = tmp_path / "work"  # far from the checkout: cardlab comes from the environment
    work.mkdir()
    code = "import sys, cardlab, cardlab.widgets; print('%d.%d' % sys.version_info[:2]); print(cardlab.__file__)"
    said = run([str(bin_ / "python"), "-c", code], cwd=work, env=env).stdout.split()
    assert said[0] == version and said[1].startswith(str(venv)), said
    lessons = run([str(bin_ / "cardlab"), "lesson", "list"], cwd=work, env=env).stdout.split()
    checked = run([str(bin_ / "cardlab"), "lesson", "check", *lessons], cwd=work, env=env)
    assert f"{len(lessons)} lessons checked, 0 with problems" in checked.stdout, checked.stdout[-2000:]
    # The test files from the checkout, the package from the environment: pytest's own Python
    # path gets tests/ (for helpers/), never the checkout's root.
    (work / "pytest.ini").write_text(f"[pytest]\npythonpath = {ROOT / 'tests'}\n", encoding="utf-8")
    files = [str(ROOT / "tests" / name) for name in SMOKE_FILES]
    tested = run(
        [str(bin_ / "pytest"), "-q", "-p", "no:cacheprovider", "-c", str(work / "pytest.ini"), "--rootdir", str(work)]
        + files
        + ["-W", "ignore::UserWarning"],
        cwd=work,
        env=env,
        timeout=600,
    )
    assert re.search(r"\d+ passed", tested.stdout) and "failed" not in tested.stdout, tested.stdout[-3000:]
