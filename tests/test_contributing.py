"""CONTRIBUTING.md stays true: every environment variable the tests and CI read is in its table,
and every file and command it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def read_variables() -> set[str]:
    sources = [
        *ROOT.glob("tests/**/*.py"),
        *ROOT.glob("cardlab/**/*.py"),
        ROOT / ".ci" / "run",
        *ROOT.glob("tools/*.py"),
    ]
    return {name for path in sources for name in re.findall(r"\bCARDLAB_[A-Z0-9_]+", path.read_text(encoding="utf-8"))}


def test_every_variable_read_is_in_the_guides_table():
    table = set(re.findall(r"^\| `(CARDLAB_[A-Z0-9_]+)", GUIDE, flags=re.M))
    assert read_variables() - table == set()
    assert table - read_variables() == set()  # and no variable that nothing reads


def test_every_path_the_guide_names_exists():
    named = set(re.findall(r"`((?:cardlab|tests|tools|docs|benchmarks|notebooks)/[\w./*-]+)`", GUIDE))
    assert len(named) > 15
    missing = [p for p in named if "<" not in p and not any(ROOT.glob(p.rstrip("/")))]
    assert missing == []
