"""``cardlab lite``: build a static JupyterLite site in which the tutorials run in the browser
(Pyodide), with cardlab's wheel bundled, and, ``--offline``, everything else it loads."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from . import common
from .common import CommandError, say
from .shipped import PACKAGE, copy_page, docs_files, travelling, tutorial_names, tutorials_folder


def add_to(commands: argparse._SubParsersAction) -> None:
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
    lite.set_defaults(run=cmd_lite)


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
        from ..lite import LiteError, wheel_from_installed

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
        cell: dict[str, object] = {
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


#: The site's settings for the Pyodide kernel when it is built ``--offline``: nothing from PyPI.
OFFLINE_SETTINGS = {
    "jupyter-config-data": {
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}}
    }
}


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
    for module, what in (
        ("jupyterlite_core", "jupyterlite-core"),
        ("jupyterlite_pyodide_kernel", "jupyterlite-pyodide-kernel"),
        ("jupyter_server", "jupyter_server"),
        ("jupyterlab_server", "jupyterlab_server"),
    ):
        common.need(module, "lite", what)
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
        contents = lite_contents(work_dir / "contents")
        lite_dir = work_dir / "lite"
        lite_dir.mkdir()
        wheels = [wheel]
        if options.offline:
            from ..lite import LiteError, bundle_pyodide

            try:
                bundled = bundle_pyodide(lite_dir, wheel, Path(options.cache or default_cache()).resolve(), say)
            except LiteError as err:
                raise CommandError(str(err)) from None
            say(
                f"bundled Pyodide {bundled['pyodide']}, {len(bundled['lock'])} wheels of its lock and "
                f"{len(bundled['piplite'])} more"
            )
            (lite_dir / "jupyter-lite.json").write_text(json.dumps(OFFLINE_SETTINGS, indent=2) + "\n", encoding="utf-8")
            wheels += sorted((lite_dir / "wheels").glob("*.whl"))
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
            *absolute_paths(extra, LITE_PATH_OPTIONS),
        ]
        say(f"building the JupyterLite site in {output}")
        code = subprocess.call(command, cwd=lite_dir)
    if code == 0:
        add_python_check(output)
        say(
            f"done: serve {output} as static files (python -m http.server -d {options.site}), "
            f"and open lab/index.html" + ("; it loads nothing from outside itself" if options.offline else "")
        )
    return code
