"""The README's tour runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_blocks_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_quick_start_has_exactly_two_commands():
    text = README.read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)```", quick, re.S)
    assert len(commands) == 2 and all(len(c.strip().splitlines()) == 1 for c in commands)
    assert "python -m pytest" in commands[1]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1].strip() in ci


def test_every_test_module_has_a_name_of_its_own():
    """The README's test command collects tests/ and tests/browser/ together, which pytest can
    only do when no two test modules share a file name (they are imported by that name)."""
    modules = sorted((README.parent / "tests").rglob("test_*.py"))
    names = [path.name for path in modules]
    twice = sorted({name for name in names if names.count(name) > 1})
    assert modules and not twice, f"test modules sharing a name: {twice}"
