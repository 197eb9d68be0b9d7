"""The code is clean under ruff, its linter and formatter, as pyproject.toml configures them
(``python -m ruff check .`` and ``python -m ruff format --check .`` say what to fix;
``python -m ruff format .`` formats)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "."]], ids=["lint", "format"])
def test_ruff_finds_nothing_to_change(command):
    result = subprocess.run([sys.executable, "-m", "ruff", *command], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"ruff {' '.join(command)}:\n{result.stdout[-4000:]}{result.stderr[-2000:]}"
