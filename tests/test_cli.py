"""The ``cardlab`` command: help and version without Jupyter, the tutorials copied, a notebook
found by name, and the arguments passed on to the programs it starts; the Binder links are a
maintainer's tool, not a command (tests/test_binder_links.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import cardlab
from cardlab import cli
from cardlab.cli import app, common, lite, shipped, tutorials

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "cardlab", *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def test_help_and_version_exit_0_without_loading_jupyter():
    helped = run_cli("--help")
    assert helped.returncode == 0 and "tutorials" in helped.stdout and "binder-links" not in helped.stdout
    assert "lesson" in helped.stdout
    version = run_cli("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"cardlab {cardlab.__version__}"
    code = (
        "import sys, contextlib, io\nfrom cardlab import cli\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    cli.main(['--help'])\n"
        "    cli.main(['tutorials', '--help'])\n"
        "    cli.main(['lesson', '--help'])\n"
        "    cli.main(['lesson', 'check', '--help'])\n"
        "loaded = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'jupyter_core', 'IPython')\n"
        "          if m in sys.modules]\n"
        "print(loaded)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.strip() == "[]"


def test_lesson_check_and_list_run_without_jupyter(tmp_path):
    bundled = sorted((ROOT / "cardlab" / "lesson_files").glob("*.md"))
    done = run_cli("lesson", "check", str(bundled[0]), "commerce-2-rankings")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "2 lessons checked, 0 with problems"
    assert "ok: commerce-2-rankings (Commerce: which hand is best?: 1 move, 6 questions)" in done.stdout
    bad = tmp_path / "bad.md"
    bad.write_text(bundled[0].read_text(encoding="utf-8").replace("viewer: A", "viewer: Z"), encoding="utf-8")
    failed = run_cli("lesson", "check", str(tmp_path))
    assert failed.returncode == 1 and f"{bad}:" in failed.stdout and "the viewer is a player (A, B)" in failed.stdout
    listed = run_cli("lesson", "list", "contest")
    assert listed.returncode == 0 and [Path(line).name for line in listed.stdout.splitlines()] == [
        p.name for p in bundled if p.name.startswith("contest-")
    ]
    assert run_cli("lesson", "list", "poker").returncode == 2
    assert run_cli("lesson").returncode == 2 and run_cli("lesson", "check").returncode == 2
    code = (
        "import sys\nfrom cardlab import cli\ncli.main(['lesson', 'list'])\n"
        "print([m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.splitlines()[-1] == "[]"


def test_no_command_prints_help_and_an_unknown_one_is_refused():
    assert run_cli().returncode == 0
    unknown = run_cli("deal")
    assert unknown.returncode == 2 and "invalid choice: 'deal'" in unknown.stderr


def test_the_version_is_set_in_one_place():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in text and 'version = { attr = "cardlab.__version__" }' in text
    assert not re.search(r'^version\s*=\s*"', text, re.M)
    assert re.fullmatch(r"\d+\.\d+\.\d+", cardlab.__version__)


def test_the_license_matches_pyproject():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'license = "MIT"' in text and 'license-files = ["LICENSE"]' in text
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_tutorials_copy_copies_every_notebook_and_keeps_existing_ones(tmp_path):
    target = tmp_path / "class"
    done = run_cli("tutorials", "--copy", str(target), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in target.glob("*.ipynb")) == names  # with README.md and docs/ beside them
    assert (target / "00_start_here.ipynb").read_bytes() == (ROOT / "notebooks" / "00_start_here.ipynb").read_bytes()
    (target / "01_card_commons.ipynb").write_text("my notes", encoding="utf-8")
    again = run_cli("tutorials", "--copy", str(target), cwd=tmp_path)
    assert again.returncode == 2 and "already holds" in again.stderr and "--force" in again.stderr
    assert (target / "01_card_commons.ipynb").read_text(encoding="utf-8") == "my notes"
    forced = run_cli("tutorials", "--copy", str(target), "--force", cwd=tmp_path)
    assert forced.returncode == 0 and (target / "01_card_commons.ipynb").read_text(encoding="utf-8") != "my notes"


def _fake_program(monkeypatch, calls: list[list[str]]) -> None:
    monkeypatch.setattr(common, "run", lambda command: calls.append(command) or 0)
    monkeypatch.setattr(common, "need", lambda *a: None)


def test_tutorials_passes_options_to_jupyter_lab_and_says_when_it_adds_allow_root(monkeypatch, tmp_path, capsys):
    calls: list[list[str]] = []
    _fake_program(monkeypatch, calls)
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(os, "geteuid", lambda: 0, raising=False)
    assert cli.main(["tutorials", "--port", "8890", "--no-browser"]) == 0
    assert calls[-1][1:4] == ["-m", "jupyter", "lab"]
    assert calls[-1][4] == str(ROOT / "notebooks" / "00_start_here.ipynb")
    # The server's root is the checkout, so the tutorials' links to ../docs/ stay inside it.
    assert calls[-1][5:] == [
        f"--ServerApp.root_dir={ROOT}",
        common.LAB_SERVER_OPTION,
        "--port",
        "8890",
        "--no-browser",
        "--allow-root",
    ]
    assert "--allow-root is added" in capsys.readouterr().err
    monkeypatch.setattr(os, "geteuid", lambda: 1000, raising=False)
    cli.main(["tutorials"])
    assert "--allow-root" not in calls[-1] and "allow-root" not in capsys.readouterr().err


def test_tutorials_outside_a_checkout_opens_the_learners_own_copies(monkeypatch, tmp_path, capsys):
    calls: list[list[str]] = []
    _fake_program(monkeypatch, calls)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["tutorials"]) == 0
    copies = tmp_path / tutorials.DEFAULT_COPY
    assert calls[-1][4] == str(copies / "00_start_here.ipynb") and (copies / "06_writing_lessons.ipynb").is_file()
    assert f"copied {len(shipped.tutorial_names())} tutorials" in capsys.readouterr().err
    (copies / "00_start_here.ipynb").write_text("{}", encoding="utf-8")  # the learner's work is kept
    assert cli.main(["tutorials"]) == 0
    assert (copies / "00_start_here.ipynb").read_text(encoding="utf-8") == "{}"


def test_app_finds_a_tutorial_by_name_and_passes_options_to_voila(monkeypatch, capsys, tmp_path):
    calls: list[list[str]] = []
    _fake_program(monkeypatch, calls)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the app's folder goes
    assert cli.main(["app", "01", "--port", "8866"]) == 0
    assert calls[-1][1:3] == ["-m", "voila"]
    # A tutorial is served from a copy of the tutorials with the pages they link to beside them.
    served = Path(calls[-1][3])
    assert served.name == "01_card_commons.ipynb" and served.parent.parent == tmp_path
    assert served.read_bytes() == (shipped.tutorials_folder() / "01_card_commons.ipynb").read_bytes()
    assert (served.parent / "docs" / "rules" / "card-commons.md").is_file()
    allowed = [f"--VoilaConfiguration.file_allowlist={p}" for p in app.APP_ALLOWLIST]
    denied = [f"--VoilaConfiguration.file_denylist={p}" for p in app.APP_DENYLIST]
    assert calls[-1][4:] == [*allowed, *denied, "--Voila.ip=127.0.0.1", common.VOILA_SERVER_OPTION, "--port", "8866"]
    assert cli.main(["app", "03_commitment.ipynb"]) == 0 and calls[-1][3].endswith("03_commitment.ipynb")
    for game, notebook in [
        ("card-commons", "01_card_commons"),
        ("commerce", "02_commerce"),
        ("Commitment", "03_commitment"),
        ("contest", "04_contest"),
    ]:
        assert cli.main(["app", game]) == 0 and Path(calls[-1][3]).name == f"{notebook}.ipynb"
    assert cli.main(["app", "09_poker"]) == 2
    err = capsys.readouterr().err
    assert "the games are card-commons, commerce, commitment, contest" in err
    assert "00_start_here, 01_card_commons" in err


def test_a_missing_program_is_named_with_the_extra_that_installs_it(monkeypatch, capsys):
    monkeypatch.setattr(common, "find_spec", lambda name: None)
    assert cli.main(["app", "01"]) == 2
    assert 'Voilà is not installed: pip install "cardlab[app]"' in capsys.readouterr().err


def test_lite_makes_the_path_options_absolute_for_jupyter_lite(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = [
        "--piplite-wheels",
        "wheels",
        "--pyodide=pyodide.tar.bz2",
        "--piplite-wheels",
        "https://x.org/a.whl",
        "--debug",
    ]
    assert lite.absolute_paths(args, lite.LITE_PATH_OPTIONS) == [
        "--piplite-wheels",
        str(tmp_path / "wheels"),
        f"--pyodide={tmp_path / 'pyodide.tar.bz2'}",
        "--piplite-wheels",
        "https://x.org/a.whl",
        "--debug",
    ]


def test_voilas_own_address_option_wins_over_host(monkeypatch, tmp_path):
    notebook = tmp_path / "empty.ipynb"
    notebook.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}', encoding="utf-8")
    calls = []
    monkeypatch.setattr(common, "need", lambda *args: None)
    monkeypatch.setattr(common, "run", lambda command: calls.append(command) or 0)
    cli.main(["app", str(notebook), "--Voila.ip=127.0.0.2"])
    assert [a for a in calls[-1] if "ip=" in a] == ["--Voila.ip=127.0.0.2"]
    cli.main(["app", str(notebook), "--host", "127.0.0.3"])
    assert [a for a in calls[-1] if "ip=" in a] == ["--Voila.ip=127.0.0.3"]
