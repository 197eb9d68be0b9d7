"""The ``cardlab`` command: open the tutorials, serve one as an app, serve a class's rooms,
build a JupyterLite site, and check lessons. Each command is the module of its name
in this package; ``common`` and ``shipped`` are what they share.

    cardlab tutorials                  # the tutorials in JupyterLab
    cardlab tutorials --copy DIR       # your own copies of the tutorials, to open anywhere
    cardlab app card-commons           # a game's learner notebook as a classroom app (Voilà): no code shown
    cardlab classroom --rooms 4        # a class's rooms, each learner at their own browser (Solara)
    cardlab lite SITE                  # a static JupyterLite site: the tutorials run in the browser
    cardlab lesson check FILE...       # check lessons against the rules (cardlab lesson list: the bundled ones)
    cardlab lesson progress FOLDER --csv class.csv --html class.html   # a class's progress files in one table

``python -m cardlab ...`` is the same command. Options the command does not know go to the
program it starts (``jupyter lab``, ``voila`` or ``jupyter lite build``), so
``cardlab tutorials --port 8890 --no-browser`` works. The servers it starts load cardlab's
server extension (``cardlab/server.py``: a click answered without Nagle's delay), installed or
not. This package imports nothing but the standard library and the engine's registry of games,
so ``--help`` and ``--version`` are quick and work without Jupyter. Setting the repository's
name in the Binder links is a maintainer's tool: ``python tools/binder_links.py OWNER/REPO``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from . import app, classroom, lesson, lite, tutorials
from .common import CommandError, say

#: The commands, in the order ``cardlab --help`` lists them.
COMMANDS = (tutorials, app, classroom, lite, lesson)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="cardlab",
        description="Card games to teach with, in Jupyter: the tutorials and the ways to share them.",
        epilog="Options a command does not know go to the program it starts (jupyter lab, voila, jupyter lite build).",
    )
    top.add_argument("--version", action="version", version=f"cardlab {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_to(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    top = parser()
    options, extra = top.parse_known_args(list(sys.argv[1:] if argv is None else argv))
    if options.command is None:
        if extra:
            top.error(f"unrecognized arguments: {' '.join(extra)}")
        top.print_help()
        return 0
    try:
        code = options.run(options, extra)
        sys.stdout.flush()
    except CommandError as err:
        say(str(err))
        return 2
    except BrokenPipeError:
        return reader_gone()
    return code


def reader_gone() -> int:
    """Whoever read the output stopped reading (``cardlab lesson list | head -1``): the rest of
    it goes nowhere, quietly (the interpreter's last flush of it included); the status is 1."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # an output without a file descriptor: nothing is left to flush
        pass
    return 1
