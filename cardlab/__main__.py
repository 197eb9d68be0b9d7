"""``python -m cardlab tutorials``: open the tutorial notebooks in JupyterLab.

Run it from a checkout of cardlab (it opens ``notebooks/00_start_here.ipynb``). Extra
arguments go to ``jupyter lab`` (``--port 8890``, ``--no-browser``, …).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

USAGE = "usage: python -m cardlab tutorials [jupyter lab options]"


def tutorials(args: list[str]) -> int:
    folder = Path.cwd() / "notebooks"
    if not (folder / "00_start_here.ipynb").exists():
        print("cardlab: run this from a checkout of cardlab (no notebooks/00_start_here.ipynb here)", file=sys.stderr)
        return 2
    command = [sys.executable, "-m", "jupyter", "lab", str(folder / "00_start_here.ipynb"), *args]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        command.append("--allow-root")  # JupyterLab refuses to start as root without it
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["tutorials"]:
        return tutorials(argv[1:])
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
