"""``cardlab app``: serve a notebook (a game's learner notebook, a tutorial, any notebook) as a
classroom app with Voilà: its widgets and text, no code cells."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from ..games import names as game_names
from . import common
from .common import VOILA_SERVER_OPTION, CommandError, say
from .shipped import copy_tutorials, tutorial_names, tutorials_folder


def add_to(commands: argparse._SubParsersAction) -> None:
    app = commands.add_parser(
        "app",
        help="serve a notebook as a classroom app (Voilà)",
        description="Serve a notebook with Voilà: its widgets and text, no code cells.",
    )
    app.add_argument(
        "notebook",
        metavar="NOTEBOOK",
        help=f"a game ({', '.join(game_names())}: its learner notebook), "
        "a tutorial's name such as 05_teachers_guide, or a notebook's path",
    )
    app.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to serve on (default 127.0.0.1: this computer only). 0.0.0.0 serves every network "
        "this computer is on: anyone who reaches its address and port opens the app with no password, each "
        "visitor gets a Python process of their own here (about 60 MB), and a tutorial's app also serves "
        "the other tutorials and the pages they link to. Visitors run no code of their own (Voilà refuses it).",
    )
    app.set_defaults(run=cmd_app)


def learner_notebook(game: str, names: list[str]) -> str | None:
    """A game's learner notebook among the tutorials' file names: the one named after the game
    (``01_card_commons.ipynb`` for card-commons), or None."""
    stem = game.replace("-", "_")
    found = [n for n in names if n.endswith(".ipynb") and n[:-6].partition("_")[2] == stem]
    return found[0] if len(found) == 1 else None


def find_notebook(name: str) -> Path:
    """A notebook's path, a game's name (its learner notebook: ``card-commons``), or a tutorial
    by name: ``01_card_commons``, ``01_card_commons.ipynb`` or ``01``."""
    path = Path(name)
    if path.is_file():
        return path
    if path.suffix not in ("", ".ipynb") or len(path.parts) > 1:
        raise CommandError(f"no notebook {name}")
    names = tutorial_names()
    game = name.lower().replace("_", "-").replace(" ", "-")
    notebook = learner_notebook(game, names) if game in game_names() else None
    if notebook:
        name = notebook[:-6]
    matches = [n for n in names if n in (name, f"{name}.ipynb") or n.startswith(f"{name}_")]
    if len(matches) != 1:
        raise CommandError(
            f"no notebook {name}; the games are {', '.join(game_names())}, and the tutorials "
            f"{', '.join(n[:-6] for n in names)}"
        )
    return tutorials_folder() / matches[0]


#: What an app of a tutorial serves besides its page (``VoilaConfiguration.file_allowlist``): the
#: pages the tutorials link to (README.md and what it links to, docs/...) and the other tutorials.
APP_ALLOWLIST = (r"[^/]+\.ipynb", r"(README|CHANGELOG)\.md", "LICENSE", r"CITATION\.cff", r"docs/.+\.(md|txt|png)")
#: What it never serves (``VoilaConfiguration.file_denylist``): Python files. The tutorials are
#: not denied (Voilà's default denies every notebook), so the links between them resolve.
APP_DENYLIST = (r".*\.py",)


def app_folder(notebook: Path) -> Path:
    """A new folder for the app of a tutorial: a copy of the tutorials, with the pages they link
    to beside them, so that each link of the page resolves where Voilà serves it (from ``/``, a
    link ``../docs/x`` is ``/docs/x``). Voilà serves only files inside its folder (symbolic
    links followed), so they are copied; the copy goes with the temporary files."""
    folder = Path(tempfile.mkdtemp(prefix="cardlab-app-"))
    copy_tutorials(folder)
    return folder / notebook.name


def cmd_app(options: argparse.Namespace, extra: list[str]) -> int:
    common.need("voila", "app", "Voilà")
    notebook = find_notebook(options.notebook)
    served = [str(notebook)]
    if notebook.resolve().parent == tutorials_folder().resolve():
        served = [
            str(app_folder(notebook)),
            *[f"--VoilaConfiguration.file_allowlist={pattern}" for pattern in APP_ALLOWLIST],
            *[f"--VoilaConfiguration.file_denylist={pattern}" for pattern in APP_DENYLIST],
        ]
    if any(arg.startswith(("--Voila.ip", "--ip")) for arg in extra):  # Voilà's own option wins
        address, where = [], "the address given to Voilà"
    else:
        address = [f"--Voila.ip={options.host}"]
        local = options.host in ("127.0.0.1", "localhost", "::1")
        where = "this computer only" if local else f"address {options.host}"
    say(f"serving {notebook} as an app with Voilà on {where} (Ctrl+C stops it)")
    return common.run([sys.executable, "-m", "voila", *served, *address, VOILA_SERVER_OPTION, *extra])
