"""The widgets' front end: plain ES2020 files and one stylesheet in ``static/``.

The JavaScript is split by component for reading; :data:`ESM` joins the files, in the order
of :data:`PARTS`, into the one module every cardlab widget loads (no bundler, no npm: the
files are shipped as package data and read when ``cardlab.widgets`` is imported).
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"

#: Later files use what earlier ones define; widget.js holds the module's default export.
PARTS = ("cards.js", "tableau.js", "moves.js", "breakdown.js", "stepper.js", "editor.js", "widget.js")


def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


ESM = "\n".join(f"// --- {name} ---\n{_read(name)}" for name in PARTS)
CSS = _read("cardlab.css")
