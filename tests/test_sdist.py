"""The source distribution tests itself: built from a clean copy of the checkout (``python -m
build``, with no setuptools warning), it holds the tests and what they read; unpacked into a
fresh environment and installed with its ``test`` extra, pytest collects the whole suite there
with no error. Set CARDLAB_SKIP_PACKAGE=1 to skip offline (packages come from PyPI).

With CARDLAB_SDIST_SUITE=1 (``.ci/run`` sets it, in a run of its own after the README's suite)
the unpacked sdist, which has no git, runs its whole suite too, browser and notebook tests
included, in its own environment: every test but those that build and install cardlab's packages
again (CARDLAB_SKIP_PACKAGE=1 there: this
checkout's run has run them on the same files). The Binder environment's test runs there.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile

import pytest

from helpers.installs import PIP_INSTALL, ROOT, clean_copy, run

pytestmark = pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_PACKAGE") == "1", reason="CARDLAB_SKIP_PACKAGE=1")

#: What the tests need besides the package, each a path that must be in the sdist.
NEEDED = [
    "tests/conftest.py",
    "tests/helpers/installs.py",
    "tests/nbval_sanitize.cfg",
    "tests/browser/conftest.py",
    "tests/helpers/labdriver.py",
    "docs/widgets.md",
    "docs/rules/card-commons.md",
    "tools/build_frontend.py",
    "benchmarks/engine.py",
    "notebooks/00_start_here.ipynb",
    "binder/requirements.txt",
    ".ci/run",
    "jupyter-config/jupyter_server_config.d/cardlab.json",
    "MANIFEST.in",
    "setup.py",
    "pyproject.toml",
    "README.md",
    "LICENSE",
    "CHANGELOG.md",
    "CONTRIBUTING.md",  # tests/test_contributing.py reads it
]
#: Folders the sdist holds whole.
FOLDERS = ["tests", "docs", "tools", "benchmarks", "notebooks", "binder", ".ci", "jupyter-config"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict:
    base = tmp_path_factory.mktemp("sdist")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    tools = base / "build-env"
    run([sys.executable, "-m", "venv", str(tools)])
    run([str(tools / "bin" / "python"), *PIP_INSTALL, "build"], env=env, timeout=600)
    source = clean_copy(base / "source")
    done = run(
        [str(tools / "bin" / "python"), "-m", "build", "-o", str(base / "dist"), str(source)], env=env, timeout=900
    )
    sdist = next((base / "dist").glob("cardlab-*.tar.gz"))
    return {
        "base": base,
        "env": env,
        "log": done.stdout + done.stderr,
        "sdist": sdist,
        "wheel": next((base / "dist").glob("cardlab-*.whl")),
    }


def test_setuptools_builds_the_sdist_and_the_wheel_with_no_warning(built):
    log = built["log"]
    assert "Successfully built" in log
    assert "absent from the `packages` configuration" not in log and "absent from the" not in log
    # bdist_wheel always says it does not byte-compile (a wheel holds no .pyc): not a warning
    # about cardlab's configuration.
    warnings = [
        line
        for line in log.splitlines()
        if re.search(r"warning", line, re.I) and "byte-compiling is disabled" not in line
    ]
    assert not warnings, "\n".join(warnings)


def test_the_sdist_holds_what_the_tests_need(built):
    with tarfile.open(built["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    missing = [n for n in NEEDED if n not in names]
    assert not missing, missing
    # Every file the checkout keeps in these folders, and the front end's sources.
    listed = subprocess.run(["git", "ls-files", "--cached", "--", *FOLDERS], cwd=ROOT, capture_output=True, text=True)
    kept = [n for n in listed.stdout.splitlines() if (ROOT / n).is_file()] if listed.returncode == 0 else []
    kept += [f"cardlab/widgets/static/{p.name}" for p in (ROOT / "cardlab/widgets/static").glob("*.js")]
    assert not [n for n in kept if n not in names], sorted(n for n in kept if n not in names)
    assert not [n for n in names if "__pycache__" in n or ".ipynb_checkpoints" in n]


def test_the_unpacked_sdist_installs_with_its_test_extra_and_collects_the_suite(built):
    base, env = built["base"], dict(built["env"])
    with tarfile.open(built["sdist"]) as tar:
        tar.extractall(base / "unpacked", filter="data") if sys.version_info >= (3, 12) else tar.extractall(
            base / "unpacked"
        )  # noqa: S202 - our own archive
    source = next((base / "unpacked").glob("cardlab-*"))
    venv = base / "env"
    run([sys.executable, "-m", "venv", str(venv)])
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env['PATH']}", VIRTUAL_ENV=str(venv))
    run([str(venv / "bin" / "python"), *PIP_INSTALL, f"{source}[test]"], env=env, timeout=1500)
    collected = run(
        [str(venv / "bin" / "python"), "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=source,
        env=env,
        timeout=600,
    )
    out = collected.stdout
    summary = out.strip().splitlines()[-1]
    assert re.search(r"\d+ tests? collected", summary) and "error" not in summary, out[-3000:]
    assert "tests/test_sdist.py::" in out and "tests/browser/test_tables.py::" in out and ".ipynb::" in out
    assert not (source / ".git").exists()
    if os.environ.get("CARDLAB_SDIST_SUITE") != "1":
        return
    env.update(CARDLAB_SKIP_PACKAGE="1", CARDLAB_SDIST_SUITE="0")
    env.pop("CARDLAB_SKIP_BINDER", None)
    whole = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x"],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    (built["base"] / "sdist-suite.log").write_text(whole.stdout + whole.stderr, encoding="utf-8")
    summary = whole.stdout.strip().splitlines()[-1] if whole.stdout.strip() else ""
    print(f"the sdist's own suite: {summary}")
    assert whole.returncode == 0 and " passed" in summary and "failed" not in summary, (
        f"the sdist's suite failed:\n{whole.stdout[-6000:]}\n{whole.stderr[-2000:]}"
    )
