"""The browser tests without a browser: they skip, saying why, unless a browser is required."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("required, outcome", [("0", "1 skipped"), ("1", "1 error")])
def test_browser_tests_skip_without_chromium_unless_required(required, outcome, tmp_path):
    env = {**os.environ, "CARDLAB_CHROMIUM": str(tmp_path / "no-chromium"), "CARDLAB_REQUIRE_BROWSER": required}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",  # one process: no workers to start for one test
            "tests/browser/test_tables.py::test_the_table_renders_every_zone[card-commons]",
        ],
        cwd=Path(__file__).parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert outcome in run.stdout, run.stdout
    assert f"no Chromium at {tmp_path / 'no-chromium'}" in run.stdout
