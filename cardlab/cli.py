"""The ``cardlab`` command: open the tutorials, serve one as an app, build a JupyterLite site,
and set the repository's name in the Binder links.

    cardlab tutorials                  # the tutorials in JupyterLab
    cardlab tutorials --copy DIR       # your own copies of the tutorials, to open anywhere
    cardlab app card-commons           # a game's learner notebook as a classroom app (Voilà): no code shown
    cardlab lite SITE                  # a static JupyterLite site: the tutorials run in the browser
    cardlab binder-links OWNER/REPO    # the Binder links of README.md and the tutorials, for that repository
    cardlab lesson check FILE...       # check lessons against the rules (cardlab lesson list: the bundled ones)
    cardlab lesson progress FOLDER --csv class.csv --html class.html   # a class's progress files in one table

``python -m cardlab ...`` is the same command. Options the command does not know go to the
program it starts (``jupyter lab``, ``voila`` or ``jupyter lite build``), so
``cardlab tutorials --port 8890 --no-browser`` works. The servers it starts load cardlab's
server extension (``cardlab/server.py``: a click answered without Nagle's delay), installed or
not. This module imports nothing but the
standard library, so ``--help`` and ``--version`` are quick and work without Jupyter.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from importlib.util import find_spec
from pathlib import Path

from . import __version__

PACKAGE = Path(__file__).resolve().parent
#: The notebook every tutorial session opens on.
START = "00_start_here.ipynb"
#: Where ``cardlab tutorials`` puts its copies when it is not run in a checkout.
DEFAULT_COPY = "cardlab-tutorials"


class CommandError(Exception):
    """A problem the user can fix, said in one sentence (printed without a traceback)."""


def say(text: str) -> None:
    print(f"cardlab: {text}", file=sys.stderr)


# --- the tutorials --------------------------------------------------------------------------


def tutorials_folder() -> Path:
    """The tutorial notebooks shipped with cardlab: ``cardlab/tutorials`` in an installed wheel,
    ``notebooks/`` beside the package in a checkout (also when installed with ``pip install -e``)."""
    for folder in (PACKAGE / "tutorials", PACKAGE.parent / "notebooks"):
        if (folder / START).is_file():
            return folder
    raise CommandError(
        "this cardlab has no tutorial notebooks (neither cardlab/tutorials nor a checkout's "
        "notebooks/); reinstall it with pip install --force-reinstall cardlab"
    )


def tutorial_names() -> list[str]:
    return sorted(p.name for p in tutorials_folder().glob("*.ipynb"))


def checkout_notebooks(where: Path) -> Path | None:
    """``where/notebooks`` when ``where`` is a checkout of cardlab (its tutorials are edited there)."""
    folder = where / "notebooks"
    return folder if (folder / START).is_file() and (where / "pyproject.toml").is_file() else None


#: The pages the tutorials link to, shipped with them (``docs/`` of a checkout, ``cardlab/docs``
#: in the wheel, with the README as ``cardlab/README.md``): the rules, the guides, the rule texts
#: and the guides' pictures.
DOC_PATTERNS = ("*.md", "rules/*.md", "rules/texts/*.txt", "images/*.png")
#: The files beside the README that it links to (shipped as ``cardlab/CHANGELOG.md``, ...).
TOP_PAGES = ("README.md", "CHANGELOG.md", "LICENSE", "CITATION.cff")


def docs_files() -> dict[str, Path]:
    """The shipped pages, by their path beside the tutorials' folder: ``README.md`` (and the
    files it links to) and ``docs/...``, where a tutorial's ``../README.md`` and ``../docs/...``
    links point."""
    base = tutorials_folder().parent
    found: dict[str, Path] = {}
    for name in TOP_PAGES:
        if (base / name).is_file():
            found[name] = base / name
    for pattern in DOC_PATTERNS:
        for path in sorted((base / "docs").glob(pattern)):
            found[path.relative_to(base).as_posix()] = path
    return found


#: A link's target that starts with ``../`` in Markdown (``[text](../x)``, ``<../x>``) or HTML
#: (``href="../x"``, ``src="../x"``).
UP_LINK = re.compile(r"""(\]\(\s*<?|href=["']|src=["'])\.\./""")


def travelling(notebook_text: str) -> str:
    """A tutorial as it goes into a folder that holds the shipped pages beside it (a copy, the
    JupyterLite site): its Markdown links to ``../docs/...`` and ``../README.md`` lose their
    ``../``. A notebook with no such link is returned as it is, byte for byte."""
    notebook = json.loads(notebook_text)
    changed = False
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        new = UP_LINK.sub(r"\1", source)
        if new != source:
            cell["source"] = new if isinstance(cell["source"], str) else new.splitlines(keepends=True)
            changed = True
    if not changed:
        return notebook_text
    return json.dumps(notebook, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


#: A page's link to a tutorial in its folder of a checkout (``notebooks/``) or of the wheel
#: (``tutorials/``): ``[the explainers](../notebooks/08_explainers.ipynb)``.
TUTORIAL_LINK = re.compile(r"""(\]\(\s*<?|href=["'])((?:\.\./)*)(?:notebooks|tutorials)/(?=[^/\s"'<>()]+\.ipynb)""")


def travelling_page(text: str) -> str:
    """A page (README.md, docs/...) as it goes into a folder that holds the tutorials beside it
    (a copy, the JupyterLite site, an app's folder): its links to a tutorial lose their
    ``notebooks/`` (or the wheel's ``tutorials/``)."""
    return TUTORIAL_LINK.sub(r"\1\2", text)


def copy_page(path: Path, target: Path) -> None:
    """A shipped page copied to ``target``, its links to the tutorials made to travel."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".md":
        target.write_text(travelling_page(path.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        shutil.copyfile(path, target)


def copy_tutorials(target: Path, *, force: bool = False) -> list[Path]:
    """Copy every tutorial into ``target`` (made if missing), with the pages they link to beside
    them (``README.md``, ``docs/``); refuse to overwrite unless ``force``, and refuse to write
    through a symbolic link (it would write elsewhere than ``target``), ``force`` or not."""
    source = tutorials_folder()
    names = tutorial_names()
    pages = docs_files()
    if target.is_symlink() and not target.exists():
        raise CommandError(f"{target} is a symbolic link to nothing ({os.readlink(target)}): nothing was copied")
    if target.exists() and not target.is_dir():
        raise CommandError(f"{target} is a file, not a folder")
    links = sorted({p for n in [*names, *pages] for p in _on_the_way(target, n) if p.is_symlink()})
    if links:
        shown = ", ".join(str(p.relative_to(target)) for p in links[:8])
        raise CommandError(
            f"{target} holds symbolic links where the copies go ({shown}), and cardlab writes only "
            f"into real files and folders: nothing was copied (remove them, or choose another folder)"
        )
    clashes = [n for n in [*names, *pages] if os.path.lexists(target / n)]
    if clashes and not force:
        shown = ", ".join(clashes[:8]) + (f" and {len(clashes) - 8} more" if len(clashes) > 8 else "")
        raise CommandError(
            f"{target} already holds {shown}: nothing was copied "
            f"(add --force to overwrite them, or choose another folder)"
        )
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for n in names:
        (target / n).write_text(travelling((source / n).read_text(encoding="utf-8")), encoding="utf-8")
        copied.append(target / n)
    for name, path in pages.items():
        copy_page(path, target / name)
    return copied


def _on_the_way(target: Path, name: str) -> Iterator[Path]:
    """The paths from ``target`` to ``target / name``: each folder of ``name``, then the file."""
    path = target
    for part in Path(name).parts:
        path = path / part
        yield path


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


def cmd_tutorials(options: argparse.Namespace, extra: list[str]) -> int:
    if options.copy is not None:
        if extra:
            raise CommandError(f"--copy only copies; unknown options {' '.join(extra)}")
        copied = copy_tutorials(Path(options.copy), force=options.force)
        say(f"copied {len(copied)} tutorials into {options.copy}: open {Path(options.copy) / START} in JupyterLab")
        return 0
    need("jupyterlab", "lab", "JupyterLab")
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
    return run(command)


# --- the classroom app (Voilà) ---------------------------------------------------------------


def learner_notebook(game: str, names: list[str]) -> str | None:
    """A game's learner notebook among the tutorials' file names: the one named after the game
    (``01_card_commons.ipynb`` for card-commons), or None."""
    stem = game.replace("-", "_")
    found = [n for n in names if n.endswith(".ipynb") and n[:-6].partition("_")[2] == stem]
    return found[0] if len(found) == 1 else None


def find_notebook(name: str) -> Path:
    """A notebook's path, a game's name (its learner notebook: ``card-commons``), or a tutorial
    by name: ``01_card_commons``, ``01_card_commons.ipynb`` or ``01``."""
    from .games import names as game_names

    path = Path(name)
    if path.is_file():
        return path
    if path.suffix not in ("", ".ipynb") or len(path.parts) > 1:
        raise CommandError(f"no notebook {name}")
    names = tutorial_names()
    game = name.lower().replace("_", "-").replace(" ", "-")
    if game in game_names() and learner_notebook(game, names):
        name = learner_notebook(game, names)[:-6]
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
    need("voila", "app", "Voilà")
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
    return run([sys.executable, "-m", "voila", *served, *address, VOILA_SERVER_OPTION, *extra])


def cmd_classroom(options: argparse.Namespace, extra: list[str]) -> int:
    """``cardlab classroom``: serve every room of a class (docs/classroom.md)."""
    if extra:
        raise CommandError(f"unknown options {' '.join(extra)}")
    need("solara", "classroom", "Solara")
    if options.store.startswith("redis"):
        need("redis", "redis", "redis-py")
    from .classroom.server import serve
    from .classroom.store import StoreError

    game_options = {"players": options.players} if options.players else {}
    try:
        trusted = tuple(a.strip() for given in options.trusted_proxy for a in given.split(",") if a.strip())
        serve(
            options.store,
            options.host,
            options.port,
            rooms=options.rooms,
            game=options.game,
            options=game_options,
            trusted_proxies=trusted,
            teacher_file=options.teacher_key_file,
            keep_teacher_key=options.keep_teacher_key,
        )
    except (StoreError, ValueError) as err:
        raise CommandError(str(err)) from None
    return 0


# --- the JupyterLite site --------------------------------------------------------------------

#: The first cell of every notebook of the JupyterLite site: cardlab's wheel is bundled with
#: the site, and its dependencies come from PyPI (or from wheels given with --piplite-wheels).
LITE_SETUP = "# In JupyterLite, Python runs in your browser: this installs cardlab into it.\n%pip install -q cardlab"


def source_checkout() -> Path | None:
    """The checkout this cardlab runs from, if any (a wheel can be built from it)."""
    root = PACKAGE.parent
    pyproject = root / "pyproject.toml"
    if pyproject.is_file() and re.search(r'^name = "cardlab"$', pyproject.read_text(encoding="utf-8"), re.M):
        return root
    return None


def build_wheel(into: Path) -> Path:
    """cardlab's wheel: built from the checkout this cardlab runs from, or, for a cardlab
    installed from a wheel, rebuilt from the installed files (:func:`cardlab.lite.wheel_from_installed`)."""
    root = source_checkout()
    if root is None:
        from .lite import LiteError, wheel_from_installed

        say("rebuilding cardlab's wheel from the installed files")
        try:
            return wheel_from_installed(into)
        except LiteError as err:
            raise CommandError(f"{err}; give cardlab's wheel with --wheel PATH") from None
    say(f"building cardlab's wheel from {root}")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(into), str(root)],
        capture_output=True,
        text=True,
    )
    wheels = sorted(into.glob("cardlab-*.whl"))
    if result.returncode != 0 or not wheels:
        raise CommandError(f"building cardlab's wheel failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return wheels[-1]


def lite_contents(into: Path) -> Path:
    """The tutorials as the site shows them (each starts with :data:`LITE_SETUP`, its links
    made to travel), with the pages they link to beside them."""
    into.mkdir(parents=True)
    for name in tutorial_names():
        notebook = json.loads(travelling((tutorials_folder() / name).read_text(encoding="utf-8")))
        cell = {
            "cell_type": "code",
            "execution_count": None,
            "id": "cardlab-lite-setup",
            "metadata": {},
            "outputs": [],
            "source": LITE_SETUP,
        }
        notebook["cells"].insert(0, cell)
        (into / name).write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for name, path in docs_files().items():
        copy_page(path, into / name)
    return into


#: Options of ``jupyter lite build`` that take a local path (or a URL), which it reads relative to
#: its own folder: given relative to the current folder, they are made absolute.
LITE_PATH_OPTIONS = ("--piplite-wheels", "--pyodide")


def absolute_paths(args: list[str], names: Sequence[str]) -> list[str]:
    """``args`` with the value of each option in ``names`` made absolute (URLs are kept)."""

    def fix(value: str) -> str:
        return value if re.match(r"^[a-z]+://", value) else str(Path(value).resolve())

    out: list[str] = []
    for i, arg in enumerate(args):
        name, eq, value = arg.partition("=")
        if name in names and eq:
            out.append(f"{name}={fix(value)}")
        elif i > 0 and args[i - 1] in names:
            out.append(fix(arg))
        else:
            out.append(arg)
    return out


def default_cache() -> Path:
    """Where ``cardlab lite --offline`` keeps what it downloads: ``$XDG_CACHE_HOME/cardlab/lite``."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardlab" / "lite"


#: Put into each page of the site: if the browser cannot fetch Pyodide (a network that blocks its
#: CDN), it says so at the top of the page, where the cells would otherwise wait at [*] for ever.
PYTHON_CHECK = """<script id="cardlab-python-check">
window.addEventListener("load", () => {
  const root = new URL((document.getElementById("jupyter-config-data") || {dataset: {}}).dataset.jupyterLiteRoot || ".",
                       window.location.href.replace(/[^/]*$/, ""));
  const url = new URL(%(url)s, root + "/");
  const say = () => {
    if (document.getElementById("cardlab-no-python")) return;
    const note = document.createElement("div");
    note.id = "cardlab-no-python";
    note.setAttribute("role", "alert");
    note.style.cssText = "position:fixed;bottom:24px;left:0;right:0;z-index:100000;padding:0.8em 1.2em;" +
      "background:#fff3cd;color:#3d2f00;border-top:2px solid #b58900;font:15px/1.4 sans-serif";
    note.textContent = "Python cannot start in this browser: this site loads Python (Pyodide) from " + url.host +
      ", which this network does not let through, so the notebook's cells would wait at [*] for ever. " +
      "Open the site on another network, or ask for the offline site (built with cardlab lite --offline).";
    document.body.prepend(note);
  };
  fetch(url, {method: "HEAD", cache: "no-store"}).then(answer => { if (!answer.ok) say(); }, say);
});
</script>
"""


def add_python_check(site: Path) -> list[Path]:
    """:data:`PYTHON_CHECK` in every page of the built site that starts JupyterLite, checking
    the Pyodide the site's kernel loads (``pyodideUrl``, else the kernel's CDN default)."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config.get("jupyter-config-data", {}).get("litePluginSettings", {})
    url = settings.get("@jupyterlite/pyodide-kernel-extension:kernel", {}).get("pyodideUrl")
    if not url:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL, PYODIDE_MJS

        url = f"{PYODIDE_CDN_URL}/{PYODIDE_MJS}"
    script = PYTHON_CHECK % {"url": json.dumps(url)}
    pages = []
    for page in sorted(site.glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        if 'id="jupyter-config-data"' in text and "cardlab-python-check" not in text and "</head>" in text:
            page.write_text(text.replace("</head>", script + "</head>", 1), encoding="utf-8")
            pages.append(page)
    return pages


def cmd_lite(options: argparse.Namespace, extra: list[str]) -> int:
    from .lite import prune_site, site_wheel

    for module, what in (
        ("jupyterlite_core", "jupyterlite-core"),
        ("jupyterlite_pyodide_kernel", "jupyterlite-pyodide-kernel"),
        ("jupyter_server", "jupyter_server"),
        ("jupyterlab_server", "jupyterlab_server"),
    ):
        need(module, "lite", what)
    output = Path(options.site).resolve()
    if output.exists() and any(output.iterdir()) and not options.force:
        raise CommandError(f"{output} is not empty: choose a new folder, or add --force to rebuild it")
    if options.offline and any(a.split("=")[0] == "--pyodide" for a in extra):
        raise CommandError("--offline bundles Pyodide itself: leave out --pyodide")
    with tempfile.TemporaryDirectory(prefix="cardlab-lite-") as work:
        work_dir = Path(work)
        wheel = Path(options.wheel).resolve() if options.wheel else build_wheel(work_dir / "wheels")
        if not wheel.is_file() or not re.match(r"cardlab-[^-]+-py3-none-any\.whl$", wheel.name):
            raise CommandError(f"{wheel} is not a cardlab wheel (cardlab-VERSION-py3-none-any.whl)")
        wheel = site_wheel(wheel, work_dir / "site-wheel")
        contents = lite_contents(work_dir / "contents")
        lite_dir = work_dir / "lite"
        lite_dir.mkdir()
        wheels = [wheel]
        if options.offline:
            from .lite import LiteError, bundle_pyodide, offline_settings

            try:
                bundled = bundle_pyodide(lite_dir, wheel, Path(options.cache or default_cache()).resolve(), say)
            except LiteError as err:
                raise CommandError(str(err)) from None
            say(
                f"bundled Pyodide {bundled['pyodide']}, {len(bundled['lock'])} wheels of its lock and "
                f"{len(bundled['added'])} more, added to it"
            )
            settings = offline_settings(bundled)
            (lite_dir / "jupyter-lite.json").write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
            wheels = []  # all in Pyodide's lock, loaded as it starts
        command = [
            sys.executable,
            "-m",
            "jupyter",
            "lite",
            "build",
            "--lite-dir",
            str(lite_dir),
            "--contents",
            str(contents),
            *[a for w in wheels for a in ("--piplite-wheels", str(w))],
            "--output-dir",
            str(output),
            *([] if options.source_maps else ["--no-sourcemaps"]),
            *absolute_paths(extra, LITE_PATH_OPTIONS),
        ]
        say(f"building the JupyterLite site in {output}")
        code = subprocess.call(command, cwd=lite_dir)
    if code == 0:
        prune_site(output)
        add_python_check(output)
        say(
            f"done: serve {output} as static files (python -m http.server -d {options.site}), "
            f"and open lab/index.html" + ("; it loads nothing from outside itself" if options.offline else "")
        )
    return code


# --- the Binder links ------------------------------------------------------------------------

#: A Binder link's repository part: mybinder.org/v2/gh/OWNER/REPO/
BINDER = re.compile(r"(mybinder\.org/v2/gh/)([^/\s\"'<>()\[\]]+/[^/\s\"'<>()\[\]]+)/")
#: The project's own address in pyproject.toml, where the repository's name is set.
SOURCE_URL = re.compile(r'^Source = "https://github\.com/([^/"]+/[^/"]+)"$', re.M)
#: GitHub's rules for an account name and a repository name.
OWNER = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
REPO = re.compile(r"^[A-Za-z0-9._-]{1,100}$")


def check_repository(name: str) -> str:
    owner, _, repo = name.partition("/")
    if not owner or not repo or "/" in repo:
        raise CommandError(f"{name!r} is not OWNER/REPO, such as ada/cardlab")
    if not OWNER.match(owner) or owner.endswith("-") or "--" in owner:
        raise CommandError(f"{owner!r} is not a GitHub account name (letters, digits and single hyphens, at most 39)")
    if not REPO.match(repo) or repo in (".", "..") or repo.endswith(".git"):
        raise CommandError(f"{repo!r} is not a GitHub repository name (letters, digits, '.', '-', '_'; without .git)")
    return name


def link_files(root: Path) -> Iterator[Path]:
    """The files whose links name the repository: the checkout's own files (a symbolic link
    that leads outside the checkout is none of them: see :func:`links_outside`)."""
    return (path for path in _link_candidates(root) if in_checkout(path, root))


def links_outside(root: Path) -> list[Path]:
    """The symbolic links among the files of :func:`link_files` that lead outside the checkout
    (or to nothing): left alone."""
    return [path for path in _link_candidates(root) if not in_checkout(path, root)]


def in_checkout(path: Path, root: Path) -> bool:
    """Whether ``path``, its symbolic links followed, is a file inside the checkout ``root``."""
    real = Path(os.path.realpath(path))
    return real.is_file() and real.is_relative_to(os.path.realpath(root))


def _link_candidates(root: Path) -> Iterator[Path]:
    for name in ("README.md", "pyproject.toml", "CITATION.cff"):
        if os.path.lexists(root / name):
            yield root / name
    for pattern in ("docs/**/*.md", "notebooks/**/*.ipynb"):
        yield from sorted(p for p in root.glob(pattern) if ".ipynb_checkpoints" not in p.parts)


def set_repository(root: Path, name: str) -> dict[str, int]:
    """Point every Binder link, and the project's GitHub address, at repository ``name``.

    Every ``mybinder.org/v2/gh/<owner>/<repo>/`` is rewritten wherever it appears (the rest of
    the link is kept); ``github.com/<old>`` is rewritten where ``<old>`` is the name set in
    pyproject.toml's ``Source`` address. Returns the number of addresses changed per file.
    """
    check_repository(name)
    if not (root / "README.md").is_file() or not (root / "notebooks").is_dir():
        raise CommandError(
            f"{root} is not a checkout of cardlab (no README.md and notebooks/): run this "
            f"in the repository's folder, or give --root"
        )
    pyproject = root / "pyproject.toml"
    old = None
    if pyproject.is_file():
        found = SOURCE_URL.search(pyproject.read_text(encoding="utf-8"))
        old = found.group(1) if found else None
    changed: dict[str, int] = {}
    for path in link_files(root):
        text = path.read_text(encoding="utf-8")
        new, count = BINDER.subn(lambda m: f"{m.group(1)}{name}/", text)
        if old is not None and old != name:
            new, more = re.subn(rf"github\.com/{re.escape(old)}(?=[/\"'\s)#?]|$)", f"github.com/{name}", new)
            count += more
        if new != text:
            path.write_text(new, encoding="utf-8")
        if count:
            changed[path.relative_to(root).as_posix()] = count
    return changed


def cmd_binder_links(options: argparse.Namespace, extra: list[str]) -> int:
    if extra:
        raise CommandError(f"unknown options {' '.join(extra)}")
    root = Path(options.root)
    changed = set_repository(root, options.repository)
    for path in links_outside(root):
        leads = f"{os.path.realpath(path)}, outside the checkout" if path.exists() else "nothing"
        say(f"{path.relative_to(root).as_posix()} is left as it is: it is a symbolic link to {leads}")
    if not changed:
        say("no Binder links found")
        return 1
    for path, count in changed.items():
        print(f"{path}: {count} address{' now names' if count == 1 else 'es now name'} {options.repository}")
    return 0


# --- lessons -----------------------------------------------------------------------------------


def lesson_files(targets: Sequence[str]) -> list[str]:
    """The lessons to check: each target as given, a folder standing for the ``*.md`` in it."""
    files: list[str] = []
    for target in targets:
        path = Path(target)
        files += [str(p) for p in sorted(path.glob("*.md"))] if path.is_dir() else [target]
    return files


def check_lessons(files: Sequence[str]) -> int:
    """Check each lesson, print its problems (or that it is right), and go on to the next:
    0 when every lesson is right, 1 otherwise."""
    from .engine import plural
    from .lessons import LessonError, load
    from .lessons.readers import cut

    failed = 0
    for name in files:
        try:
            lesson = load(name)
        except LessonError as err:
            failed += 1
            for problem in err.problems:
                print(problem)
            continue
        except Exception as err:  # noqa: BLE001 - one file's fault must not stop the check of the others
            failed += 1
            print(f"{name}: cardlab could not check this lesson ({type(err).__name__}: {cut(str(err))})")
            continue
        moves, questions = len(lesson.steps) - 1, len(lesson.questions)
        print(f"ok: {name} ({cut(lesson.title)}: {plural(moves, 'move')}, {plural(questions, 'question')})")
    print(f"{plural(len(files), 'lesson')} checked, {failed} with problems")
    return 1 if failed else 0


def class_progress(files: Sequence[str], csv_out: str | None, html_out: str | None) -> int:
    """Merge a class's progress files into one table, written as CSV (to standard output when
    no file is named) and HTML; print each file's problem and go on: 0 when every file was read."""
    from .engine import plural
    from .lessons import class_csv, class_html, class_progress

    table = class_progress(files)
    for line in table.problems + table.notes:
        print(line, file=sys.stderr)
    for target, text in ((csv_out, class_csv(table)), (html_out, class_html(table))):
        try:
            if target:
                Path(target).write_text(text, encoding="utf-8")
        except OSError as err:
            raise CommandError(f"cannot write {target}: {err.strerror or err}") from None
    if not csv_out and not html_out:
        sys.stdout.write(class_csv(table))
    found = [plural(len(n), what) for n, what in ((table.learners, "learner"), (table.lessons, "lesson"))]
    found.append(f"{plural(len(table.columns), 'question')}; {len(table.problems)} not read")
    print(", ".join(found), file=sys.stderr)
    return 1 if table.problems else 0


def cmd_lesson(options: argparse.Namespace, extra: list[str]) -> int:
    """``cardlab lesson check FILE...``, ``cardlab lesson progress FILE...`` and ``cardlab
    lesson list [GAME]`` (they need only the engine)."""
    if extra:
        raise CommandError(f"unknown options {' '.join(extra)}")
    if options.action == "check":
        return check_lessons(lesson_files(options.files))
    if options.action == "progress":
        return class_progress(options.files, options.csv, options.html)
    from .lessons import bundled
    from .lessons.readers import engine_says

    try:
        files = bundled(options.game)
    except ValueError as err:
        raise CommandError(engine_says(err, [options.game or ""])) from None
    for path in files:
        print(path)
    return 0


# --- the command line ------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    from .games import names as game_names

    top = argparse.ArgumentParser(
        prog="cardlab",
        description="Card games to teach with, in Jupyter: the tutorials and the ways to share them.",
        epilog="Options a command does not know go to the program it starts (jupyter lab, voila, jupyter lite build).",
    )
    top.add_argument("--version", action="version", version=f"cardlab {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")

    tut = commands.add_parser(
        "tutorials",
        help="open the tutorials in JupyterLab, or copy them",
        description="Open the tutorial notebooks in JupyterLab: a checkout's notebooks/ "
        f"when run in one, otherwise your own copies in ./{DEFAULT_COPY} (made once).",
    )
    tut.add_argument("--copy", metavar="DIR", help="copy the tutorials into DIR and stop (no JupyterLab needed)")
    tut.add_argument("--force", action="store_true", help="with --copy: overwrite tutorials already in DIR")
    tut.set_defaults(run=cmd_tutorials)

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

    room = commands.add_parser(
        "classroom",
        help="serve classroom rooms: learners play each other from their browsers (Solara)",
        description="Serve every room of a class from one process: learners join a room from their own browser, "
        "each sees only their own cards, and the teacher's dashboard shows every table (docs/classroom.md).",
    )
    room.add_argument("--store", default="sqlite:classroom.db", help="sqlite:PATH (default) or redis://HOST:PORT/DB")
    room.add_argument("--host", default="127.0.0.1", help="the address to serve on (0.0.0.0: every network)")
    room.add_argument("--port", type=int, default=8765, help="the port to serve on (default 8765)")
    room.add_argument("--rooms", type=int, default=0, help="rooms to open when the store holds none")
    room.add_argument("--game", default="commitment", help="the game of those rooms (default commitment)")
    room.add_argument("--players", type=int, help="the players of each of those rooms (Commerce: 3 to 12)")
    room.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="a reverse proxy whose X-Forwarded-For is believed (repeat it, or a comma list; default: none)",
    )
    room.add_argument(
        "--teacher-key-file",
        default="classroom-teacher.html",
        metavar="PATH",
        help="where the teacher's link (with the teacher's key) is written, readable by you only "
        "(default classroom-teacher.html); open it in your browser. The terminal never shows the key",
    )
    room.add_argument(
        "--keep-teacher-key",
        action="store_true",
        help="keep the key of --teacher-key-file (after a restart, or for several processes); "
        "without it, each start makes a new key",
    )
    room.set_defaults(run=cmd_classroom)

    lite = commands.add_parser(
        "lite",
        help="build a static JupyterLite site with the tutorials",
        description="Build a JupyterLite site: the tutorials run in the browser (Pyodide), "
        "with cardlab's wheel bundled. Serve the folder as static files (GitHub Pages).",
    )
    lite.add_argument("site", metavar="DIR", help="the folder to build the site in")
    lite.add_argument(
        "--wheel",
        metavar="WHEEL",
        help="cardlab's wheel to bundle (default: built from this checkout, or rebuilt from the installed cardlab)",
    )
    lite.add_argument("--force", action="store_true", help="build into DIR even if it is not empty")
    lite.add_argument(
        "--offline",
        action="store_true",
        help="bundle Pyodide (from the npm registry) and every wheel "
        "the tutorials load (from PyPI): the site then loads nothing from outside itself",
    )
    lite.add_argument(
        "--cache", metavar="DIR", help="with --offline: where downloads are kept (default: ~/.cache/cardlab/lite)"
    )
    lite.add_argument(
        "--source-maps",
        action="store_true",
        help="keep JupyterLab's source maps (about 50 MB a browser loads only for its developer tools)",
    )
    lite.set_defaults(run=cmd_lite)

    links = commands.add_parser(
        "binder-links",
        help="name the repository in the Binder links",
        description="Rewrite every Binder link (mybinder.org/v2/gh/OWNER/REPO/...) in "
        "README.md, docs/ and notebooks/, and the project's GitHub address in "
        "pyproject.toml and CITATION.cff, for the repository OWNER/REPO.",
    )
    links.add_argument("repository", metavar="OWNER/REPO", help="the repository on GitHub, such as ada/cardlab")
    links.add_argument("--root", default=".", help="the checkout's folder (default: the current one)")
    links.set_defaults(run=cmd_binder_links)

    lesson = commands.add_parser(
        "lesson",
        help="check lessons against the rules, merge a class's progress, or list the bundled lessons",
        description="Lessons are Markdown files of positions, moves, commentary and "
        "questions (docs/lessons.md); cardlab replays each one against the rules.",
    )
    actions = lesson.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check",
        help="check lesson files (a folder stands for the .md files in it)",
        description="Replay each lesson against the rules and print every problem as "
        "FILE:LINE: problem. Exit status 0 when every lesson is right, 1 otherwise.",
    )
    check.add_argument(
        "files", nargs="+", metavar="FILE", help="a lesson file, a folder of them, or the name of a bundled lesson"
    )
    progress = actions.add_parser(
        "progress",
        help="merge a class's progress files into one table (CSV and HTML)",
        description="Read the progress files learners downloaded from their lessons (JSON or CSV; a folder "
        "stands for those in it) and write one table: a row per learner, a column per question. A file that "
        "can't be read is reported, and the others are read. Exit status 0 when every file was read, 1 otherwise.",
    )
    progress.add_argument("files", nargs="+", metavar="FILE", help="a progress file, or a folder of them")
    progress.add_argument("--csv", metavar="OUT.csv", help="write the table as CSV (default: to standard output)")
    progress.add_argument("--html", metavar="OUT.html", help="write the table as a self-contained HTML page")
    listed = actions.add_parser(
        "list",
        help="list the lessons that come with cardlab",
        description="Print the path of every lesson that comes with cardlab; its file "
        "name without .md is its name (Lesson(NAME) in a notebook).",
    )
    listed.add_argument("game", nargs="?", metavar="GAME", help=f"only this game's lessons ({', '.join(game_names())})")
    lesson.set_defaults(run=cmd_lesson)
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
