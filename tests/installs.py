"""Helpers of the tests that install cardlab into a fresh environment (``test_package.py``,
``test_binder.py``): running a command there, and reading which server extensions it enables."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any


def run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess:
    """Run ``command``; fail the test with the end of its output if it fails."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{' '.join(map(str, command))} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def server_extensions(python: str | Path, **kwargs: Any) -> str:
    """What ``jupyter server extension list`` says in the environment of ``python``, without
    its colours: a line per extension, such as "cardlab.server enabled" and "... OK"."""
    listed = run([str(python), "-m", "jupyter", "server", "extension", "list"], **kwargs)
    return re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)
