"""Build the widgets' front end: the parts in ``static/src/`` joined into one module file.

    python tools/build_frontend.py            # write static/cardlab.js from the parts
    python tools/build_frontend.py --check    # exit 1 if static/cardlab.js is out of date
    python tools/build_frontend.py --watch    # rebuild whenever a part changes

It imports nothing of cardlab (so it runs even when the built module is missing). The
JavaScript is split by component for reading and editing (:data:`PARTS` in ``static/src/``, in
the order the module needs them: later parts use what earlier ones define, ``widget.js`` holds
the default export). The widgets load the built file, ``static/cardlab.js`` (marked as
generated, in its first line and in .gitattributes), which is committed and shipped as package
data: no bundler, no npm, no dependency. Edit the parts, never the built file; after a merge
that touched the parts, run this again (a test checks that the committed module is up to date).
With ``--watch`` running and ``ANYWIDGET_HMR=1`` set for the kernel, anywidget reloads the
front end of the widgets on show at every change of a part.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "cardlab" / "widgets" / "static"
#: Where the parts are.
SOURCES = STATIC / "src"
#: The parts, in module order.
PARTS = (
    "cards.js",
    "tableau.js",
    "moves.js",
    "breakdown.js",
    "stepper.js",
    "editor.js",
    "lesson.js",
    "class_progress.js",
    "widget.js",
)
#: The built module the widgets load.
MODULE = STATIC / "cardlab.js"
HEADER = (
    "// GENERATED FILE: do not edit. The cardlab widgets' front end, ONE module built from the parts\n"
    "// in src/ by `python tools/build_frontend.py`: edit the parts and build again.\n"
)


def module_text() -> str:
    """The module built from the parts as they are now."""
    parts = [f"// --- {name} ---\n{(SOURCES / name).read_text(encoding='utf-8').rstrip()}\n" for name in PARTS]
    return HEADER + "\n" + "\n".join(parts)


def is_current() -> bool:
    return MODULE.is_file() and MODULE.read_text(encoding="utf-8") == module_text()


def build() -> bool:
    """Write the module if it changed; True when it was written."""
    text = module_text()
    if MODULE.is_file() and MODULE.read_text(encoding="utf-8") == text:
        return False
    MODULE.write_text(text, encoding="utf-8")
    return True


def watch(interval: float = 0.3) -> None:
    """Rebuild whenever a part's modification time changes (Ctrl+C stops)."""

    def stamps() -> tuple[float, ...]:
        return tuple((SOURCES / name).stat().st_mtime_ns for name in PARTS)

    seen = None
    print(f"watching {len(PARTS)} parts in {SOURCES} (Ctrl+C stops)")
    try:
        while True:
            now = stamps()
            if now != seen:
                seen = now
                if build():
                    print(f"{time.strftime('%H:%M:%S')} built {MODULE.name}", flush=True)
            time.sleep(interval)
    except KeyboardInterrupt:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/build_frontend.py", description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if the built module is out of date")
    mode.add_argument("--watch", action="store_true", help="rebuild whenever a part changes")
    options = parser.parse_args(argv)
    if options.check:
        if is_current():
            return 0
        print(f"{MODULE} is out of date: run python tools/build_frontend.py", file=sys.stderr)
        return 1
    if options.watch:
        build()
        watch()
        return 0
    print(f"{'built' if build() else 'up to date:'} {MODULE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
