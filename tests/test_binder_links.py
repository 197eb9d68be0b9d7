"""``tools/binder_links.py`` names the repository in the Binder links: every link and the
project's address rewritten (on copies of the repository's files, whatever their cells hold), a
malformed name refused with nothing changed, and nothing written outside the checkout through a
symbolic link."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER_LINE = "[launch](https://mybinder.org/v2/gh/someone/else/HEAD)\n"


def run_tool(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``python tools/binder_links.py ARGS`` with 1 GB of memory and two minutes to finish."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "binder_links.py"), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        preexec_fn=limit,
    )


def _checkout_copy(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    for name in ("README.md", "pyproject.toml", "CITATION.cff"):
        shutil.copy(ROOT / name, root / name)
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    shutil.copytree(ROOT / "docs", root / "docs")
    return root


BINDER = re.compile(r"mybinder\.org/v2/gh/([^/\s\"'<>()\[\]]+/[^/\s\"'<>()\[\]]+)/")


def _names(root: Path) -> dict[str, set[str]]:
    return {
        p.relative_to(root).as_posix(): set(BINDER.findall(p.read_text(encoding="utf-8")))
        for p in [root / "README.md", *root.glob("notebooks/*.ipynb")]
        if BINDER.search(p.read_text(encoding="utf-8"))
    }


def test_binder_links_rewrites_every_binder_link_and_the_project_address(tmp_path):
    root = _checkout_copy(tmp_path)
    before = _names(root)
    assert "README.md" in before and "notebooks/05_teachers_guide.ipynb" in before
    # A cell added later, anywhere, with a link of its own: rewritten too, the rest of it kept.
    nb_path = root / "notebooks" / "02_commerce.ipynb"
    notebook = json.loads(nb_path.read_text(encoding="utf-8"))
    notebook["cells"].append(
        {
            "cell_type": "markdown",
            "id": "extra",
            "metadata": {},
            "source": "[app](https://mybinder.org/v2/gh/someone/else/main?urlpath=voila/render/x.ipynb)",
        }
    )
    nb_path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")

    done = run_tool("ada/card-lab", "--root", str(root))
    assert done.returncode == 0, done.stderr
    assert "README.md:" in done.stdout
    assert "notebooks/02_commerce.ipynb: 1 address now names ada/card-lab" in done.stdout
    after = _names(root)
    assert set(after) == set(before) | {"notebooks/02_commerce.ipynb"}
    assert all(names == {"ada/card-lab"} for names in after.values()), after
    assert "v2/gh/ada/card-lab/main?urlpath=voila/render/x.ipynb" in nb_path.read_text(encoding="utf-8")
    json.loads(nb_path.read_text(encoding="utf-8"))  # still a notebook
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    assert 'Source = "https://github.com/ada/card-lab"' in pyproject and "OWNER/REPO" not in pyproject
    assert 'repository-code: "https://github.com/ada/card-lab"' in (root / "CITATION.cff").read_text(encoding="utf-8")

    # Run again with another name: the links move on, from whatever they were.
    assert run_tool("bea/cards", "--root", str(root)).returncode == 0
    assert all(names == {"bea/cards"} for names in _names(root).values())
    assert "github.com/bea/cards" in (root / "pyproject.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "name, problem",
    [
        ("cardlab", "is not OWNER/REPO"),
        ("a/b/c", "is not OWNER/REPO"),
        ("ada-/x", "not a GitHub account name"),
        ("ada/x.git", "not a GitHub repository name"),
        ("ada/wh at", "not a GitHub repository name"),
    ],
)
def test_binder_links_refuses_a_malformed_name_and_changes_nothing(tmp_path, name, problem):
    root = _checkout_copy(tmp_path)
    readme = (root / "README.md").read_bytes()
    done = run_tool(name, "--root", str(root))
    assert done.returncode == 2 and problem in done.stderr
    assert (root / "README.md").read_bytes() == readme


def test_binder_links_outside_a_checkout_says_where_to_run_it(tmp_path):
    done = run_tool("ada/cardlab", cwd=tmp_path)
    assert done.returncode == 2 and "is not a checkout of cardlab" in done.stderr


def _small_checkout(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "notebooks").mkdir(parents=True)
    (root / "docs").mkdir()
    shutil.copy(ROOT / "README.md", root / "README.md")
    (root / "docs" / "inside.md").write_text(BINDER_LINE, encoding="utf-8")
    return root


def test_binder_links_leaves_a_link_to_a_file_outside_the_checkout_alone(tmp_path):
    root = _small_checkout(tmp_path)
    outside = tmp_path / "outside.md"
    outside.write_text(BINDER_LINE, encoding="utf-8")
    (root / "docs" / "elsewhere.md").symlink_to(outside)
    (root / "docs" / "gone.md").symlink_to(tmp_path / "nothing.md")
    (root / "CITATION.cff").symlink_to(outside)
    done = run_tool("ada/cardlab", "--root", str(root))
    assert done.returncode == 0, done.stderr
    assert outside.read_text(encoding="utf-8") == BINDER_LINE and not (tmp_path / "nothing.md").exists()
    assert "ada/cardlab" in (root / "docs" / "inside.md").read_text(encoding="utf-8")
    assert "docs/inside.md: 1 address now names ada/cardlab" in done.stdout and "elsewhere" not in done.stdout
    left = f"docs/elsewhere.md is left as it is: it is a symbolic link to {outside}, outside the checkout"
    assert left in done.stderr
    assert "docs/gone.md is left as it is: it is a symbolic link to nothing" in done.stderr
    assert "CITATION.cff is left as it is" in done.stderr


def test_binder_links_follows_a_link_that_stays_in_the_checkout(tmp_path):
    root = _small_checkout(tmp_path)
    (root / "docs" / "again.md").symlink_to(root / "docs" / "inside.md")
    done = run_tool("ada/cardlab", "--root", str(root))
    assert done.returncode == 0 and "left as it is" not in done.stderr
    assert (root / "docs" / "again.md").is_symlink() and "ada/cardlab" in (root / "docs" / "inside.md").read_text()
