"""``cardlab tutorials``: open the tutorials in JupyterLab, or copy them into a folder."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import common
from .common import LAB_SERVER_OPTION, CommandError, root_flag, say
from .shipped import START, checkout_notebooks, copy_tutorials

#: Where ``cardlab tutorials`` puts its copies when it is not run in a checkout.
DEFAULT_COPY = "cardlab-tutorials"


def add_to(commands: argparse._SubParsersAction) -> None:
    tut = commands.add_parser(
        "tutorials",
        help="open the tutorials in JupyterLab, or copy them",
        description="Open the tutorial notebooks in JupyterLab: a checkout's notebooks/ "
        f"when run in one, otherwise your own copies in ./{DEFAULT_COPY} (made once).",
    )
    tut.add_argument("--copy", metavar="DIR", help="copy the tutorials into DIR and stop (no JupyterLab needed)")
    tut.add_argument("--force", action="store_true", help="with --copy: overwrite tutorials already in DIR")
    tut.set_defaults(run=cmd_tutorials)


def cmd_tutorials(options: argparse.Namespace, extra: list[str]) -> int:
    if options.copy is not None:
        if extra:
            raise CommandError(f"--copy only copies; unknown options {' '.join(extra)}")
        copied = copy_tutorials(Path(options.copy), force=options.force)
        say(f"copied {len(copied)} tutorials into {options.copy}: open {Path(options.copy) / START} in JupyterLab")
        return 0
    common.need("jupyterlab", "lab", "JupyterLab")
    folder = checkout_notebooks(Path.cwd())
    # In a checkout, the server's root is the checkout itself: the tutorials' links to ../docs/
    # and ../README.md stay inside what it serves.
    root = [f"--ServerApp.root_dir={folder.parent}"] if folder is not None else []
    if folder is None:  # an installed cardlab: open the learner's own copies, made once
        folder = Path.cwd() / DEFAULT_COPY
        if not (folder / START).is_file():
            copied = copy_tutorials(folder)
            say(f"copied {len(copied)} tutorials into {folder} (your own copies: edit them freely)")
    command = root_flag(
        [sys.executable, "-m", "jupyter", "lab", str(folder / START), *root, LAB_SERVER_OPTION, *extra],
        extra,
        "JupyterLab",
    )
    return common.run(command)
