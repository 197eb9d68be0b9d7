"""What every command of ``cardlab`` shares: its one-sentence errors, its messages, and the
way it checks for and starts the programs it serves with (JupyterLab, Voilà)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from importlib.util import find_spec


class CommandError(Exception):
    """A problem the user can fix, said in one sentence (printed without a traceback)."""


def say(text: str) -> None:
    print(f"cardlab: {text}", file=sys.stderr)


def root_flag(command: list[str], args: Sequence[str], program: str) -> list[str]:
    """``--allow-root`` added (and said) when running as root: Jupyter servers refuse root without it."""
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        say(f"running as root, so --allow-root is added to {program} (it refuses to run as root without it)")
        return [*command, "--allow-root"]
    return command


def run(command: list[str]) -> int:
    """Run a server program in this process's place (on POSIX), so that stopping ``cardlab``
    (Ctrl+C, a signal) stops the program itself, with nothing left running behind it."""
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execv(command[0], command)
    try:  # pragma: no cover - Windows has no exec that keeps the process
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 0


#: cardlab's server extension (cardlab/server.py: a click answered without a 40 ms wait), on the
#: command line of the servers cardlab starts: an editable install has no configuration file
#: that enables it, and Voilà's own server reads no server extension.
LAB_SERVER_OPTION = "--ServerApp.jpserver_extensions=cardlab.server=True"
VOILA_SERVER_OPTION = "--Voila.kernel_websocket_connection_class=cardlab.server.NoDelayConnection"


def need(module: str, extra: str, what: str) -> None:
    if find_spec(module) is None:
        raise CommandError(f'{what} is not installed: pip install "cardlab[{extra}]"')
