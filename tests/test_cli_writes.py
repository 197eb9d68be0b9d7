"""The ``cardlab`` command writes only where it is told: no file outside the checkout rewritten
through a symbolic link, no copy written through a dangling one; it stops quietly when whoever
reads its output stops reading; and ``cardlab lesson check`` reports each file's problem and
goes on to the next, without a traceback."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINDER_LINE = "[launch](https://mybinder.org/v2/gh/someone/else/HEAD)\n"


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``cardlab ARGS`` with 1 GB of memory and two minutes to finish."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "cardlab", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        preexec_fn=limit,
    )


def test_tutorials_copy_never_writes_through_a_symbolic_link(tmp_path):
    target = tmp_path / "class"
    target.mkdir()
    (target / "00_start_here.ipynb").symlink_to(tmp_path / "written-through.ipynb")
    (target / "docs").symlink_to(tmp_path / "other-docs")
    for force in ((), ("--force",)):
        done = run_cli("tutorials", "--copy", str(target), *force, cwd=tmp_path)
        assert done.returncode == 2 and "symbolic links where the copies go (00_start_here.ipynb, docs)" in done.stderr
        assert sorted(p.name for p in tmp_path.iterdir()) == ["class"]
        assert sorted(p.name for p in target.iterdir()) == ["00_start_here.ipynb", "docs"]


def test_tutorials_copy_into_a_dangling_link_is_refused(tmp_path):
    (tmp_path / "class").symlink_to(tmp_path / "nowhere")
    done = run_cli("tutorials", "--copy", str(tmp_path / "class"), cwd=tmp_path)
    assert done.returncode == 2 and "is a symbolic link to nothing" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "nowhere").exists()


def test_output_read_by_a_reader_that_stops_ends_quietly(tmp_path):
    for command in (["lesson", "list"], ["lesson", "check", str(ROOT / "cardlab" / "lesson_files")]):
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        child = subprocess.Popen(
            [sys.executable, "-m", "cardlab", *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        child.stdout.close()  # the reader is gone before the first line
        assert child.wait(timeout=120) == 1
        assert child.stderr.read() == b""
        child.stderr.close()
    shell = subprocess.run(
        f"{sys.executable} -m cardlab lesson list | head -1",
        shell=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert shell.stdout.endswith("card-commons-1-worked-example.md\n") and shell.stderr == ""


def test_lesson_check_reports_each_files_problem_and_goes_on(tmp_path):
    good = ROOT / "cardlab" / "lesson_files" / "card-commons-2-forced-defense.md"
    shutil.copy(good, tmp_path / "b-good.md")
    (tmp_path / "a-zero.md").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "c-pipe.md")
    (tmp_path / "d-binary.md").write_bytes(b"\xff\xfe")
    with (tmp_path / "e-big.md").open("wb") as handle:
        handle.truncate(5_000_000)
    (tmp_path / "f-viewer.md").write_text(
        good.read_text(encoding="utf-8").replace("viewer: B", "viewer: Z"), encoding="utf-8"
    )
    done = run_cli("lesson", "check", str(tmp_path), "missing.md")
    assert done.returncode == 1 and done.stderr == ""
    out = done.stdout.splitlines()
    assert (
        out[0] == f"{tmp_path / 'a-zero.md'}: not a lesson file: this is a device, and a lesson is a regular "
        f"file of Markdown text"
    )
    assert out[1].startswith(f"ok: {tmp_path / 'b-good.md'} (Card Commons: ")
    assert out[2].startswith(f"{tmp_path / 'c-pipe.md'}: not a lesson file: this is a pipe (FIFO)")
    assert out[3] == f"{tmp_path / 'd-binary.md'}: not a lesson: the file is not UTF-8 text"
    assert (
        out[4] == f"{tmp_path / 'e-big.md'}: the file is too big (5,000,000 bytes): a lesson is at most "
        f"1,000,000 bytes (1 MB)"
    )
    assert out[5].startswith(f"{tmp_path / 'f-viewer.md'}:") and "the viewer is a player (A, B)" in out[5]
    assert out[6].startswith("missing.md: no such lesson file")
    assert out[-1] == "7 lessons checked, 6 with problems"
