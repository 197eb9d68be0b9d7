"""The widgets' front end, as files: anywidget reads them (and, with ``ANYWIDGET_HMR=1``,
watches them for changes).

``static/cardlab.js`` is one ES module built from the parts in ``static/`` by
``python tools/build_frontend.py``; ``static/cardlab.css`` is
the stylesheet. Both are shipped as package data.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"
ESM = STATIC / "cardlab.js"
CSS = STATIC / "cardlab.css"
