"""The learners' writing rules as tools/readability.py checks them, loaded once for the tests
(``from helpers.writing import readability``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load():
    if "readability" in sys.modules:
        return sys.modules["readability"]
    spec = importlib.util.spec_from_file_location("readability", ROOT / "tools" / "readability.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["readability"] = module  # its dataclasses look their module up while it loads
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


readability = _load()
