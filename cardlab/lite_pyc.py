"""Compiled Python for the offline site: the browser's Python imports bytecode instead of
compiling every module of IPython, the standard library and cardlab as the kernel starts.

Bytecode belongs to one Python version, and Pyodide's is not on this machine: so the files are
compiled by the bundled Pyodide itself, run by Node.js (:func:`precompile`). The compiled files
are *unchecked-hash* ``.pyc`` files (PEP 552), which Python uses without comparing them to a
source's time stamp (unpacking a wheel does not keep those). Only the modules imported as the
kernel starts and draws its first table are compiled; a compiled module keeps only its
bytecode, as Pyodide's own packages do, but cardlab keeps its sources too. Without Node.js
the site is built as before, and its Python compiles
what it imports as it starts.

:func:`compile_wheel` and :func:`compile_zip` use only the standard library: they run inside
Pyodide (their source is handed to it), and under any Python in the tests.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path


class CompileError(Exception):
    """Compiling with Pyodide under Node.js failed (said with the end of its output)."""


def _pyc(source: bytes, filename: str) -> bytes:
    import importlib._bootstrap_external as external
    import importlib.util

    code = compile(source, filename, "exec", dont_inherit=True)
    to_pyc = external._code_to_hash_pyc  # type: ignore[attr-defined]  # what py_compile uses
    return to_pyc(code, importlib.util.source_hash(source), checked=False)


def _compilable(name: str) -> bool:
    top = name.split("/")[0]
    return name.endswith(".py") and not top.endswith((".dist-info", ".data"))


#: What the kernel imports as it starts, and the first table: their modules are compiled.
START_IMPORTS = ("micropip", "piplite.piplite", "pyodide_kernel", "cardlab.widgets")
#: Packages whose sources stay beside their bytecode (for tracebacks a learner reads); of the
#: others, like Pyodide's own packages, only the bytecode of a compiled module is kept.
KEEP_SOURCES = ("cardlab/",)


def imported_at_start(wheels: list[str], site: str, imports=START_IMPORTS) -> set[str]:
    """The files of the modules the running Python imports for ``imports``, with ``wheels``
    unpacked into ``site``."""
    import importlib
    import sys

    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(site)
    importlib.invalidate_caches()
    for name in imports:
        importlib.import_module(name)
    return {f for f in (getattr(m, "__file__", None) for m in list(sys.modules.values())) if f and f.endswith(".py")}


def compile_wheel(source: str, target: str, site: str, only: set[str] | None = None) -> int:
    """``source`` (a wheel) written to ``target`` with a ``__pycache__`` ``.pyc`` beside each
    module that compiles, as the running Python makes them, for a wheel unpacked in ``site``
    (of the modules in ``only``, if given): in place of the module's source, but for
    :data:`KEEP_SOURCES`; its RECORD lists them. Returns how many were compiled."""
    import sys

    tag = sys.implementation.cache_tag
    compiled = 0
    with zipfile.ZipFile(source) as wheel, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
        rows = {line.split(",")[0]: line for line in wheel.read(record).decode("utf-8").splitlines() if line}
        for info in wheel.infolist():
            if info.filename == record:
                continue
            data = wheel.read(info)
            pyc = None
            if _compilable(info.filename) and _wanted(f"{site}/{info.filename}", only):
                try:
                    pyc = _pyc(data, f"{site}/{info.filename}")
                except (SyntaxError, ValueError):  # a module for another Python (a vendored test file)
                    pyc = None
            keep = pyc is None or info.filename.startswith(KEEP_SOURCES)
            if keep:
                out.writestr(info, data)
            else:
                rows.pop(info.filename, None)
            if pyc is None:
                continue
            folder, _, name = info.filename.rpartition("/")
            path = f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc" if keep else info.filename + "c"
            path = path.lstrip("/")
            out.writestr(path, pyc)
            digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
            rows[path] = f"{path},sha256={digest},{len(pyc)}"
            compiled += 1
        out.writestr(record, "\n".join(rows.values()) + "\n")
    return compiled


def _wanted(path: str, only: set[str] | None) -> bool:
    return only is None or path in only


def compile_zip(source: str, target: str, prefix: str, only: set[str] | None = None) -> int:
    """``source`` (a zip of modules on ``sys.path``, the standard library's) written to ``target``
    with a ``.pyc`` in place of each module (of those in ``only``, if given), where
    ``zipimport`` looks for it, for the zip at ``prefix``. Returns how many were compiled."""
    compiled = 0
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in archive.infolist():
            data = archive.read(info)
            pyc = None
            if info.filename.endswith(".py") and _wanted(f"{prefix}/{info.filename}", only):
                try:
                    pyc = _pyc(data, f"{prefix}/{info.filename}")
                except (SyntaxError, ValueError):
                    pyc = None
            if pyc is None:
                out.writestr(info, data)
                continue
            out.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), pyc, zipfile.ZIP_DEFLATED)
            compiled += 1
    return compiled


#: Run by Node.js: Pyodide from argv[2], this module's source from argv[3], the jobs from argv[4].
_DRIVER = """
import { loadPyodide } from "%(mjs)s";
const [pyodideDir, moduleFile, jobsFile] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("module_file", "/host" + moduleFile);
py.globals.set("jobs_file", "/host" + jobsFile);
py.runPython(`
import json, site
namespace = {"__name__": "lite_pyc"}
exec(open(module_file).read(), namespace)
jobs = json.load(open(jobs_file))
wheels = ["/host" + source for kind, source, _target, _where in jobs if kind == "wheel"]
only = namespace["imported_at_start"](wheels, site.getsitepackages()[0])
for kind, source, target, where in jobs:
    compile_ = namespace["compile_wheel" if kind == "wheel" else "compile_zip"]
    compile_("/host" + source, "/host" + target, where, only)
`);
"""


def precompile(pyodide: Path, wheels: list[Path], cache: Path, say=lambda text: None) -> bool:
    """Compile, in place, the modules the kernel imports as it starts, of the standard library
    of the Pyodide in ``pyodide`` and of ``wheels``, with that Pyodide run by Node.js; the
    results are kept in ``cache`` by the hash of what they were made from. Returns False (and
    changes nothing) where Node.js is not installed."""
    node = shutil.which("node")
    if node is None:
        say("Node.js was not found: the site's Python will compile the modules it imports as it starts")
        return False
    python = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]["python"]
    major, minor = python.split(".")[:2]
    files = [
        (pyodide / "python_stdlib.zip", "zip", f"/lib/python{major}{minor}.zip"),
        *((w, "wheel", f"/lib/python{major}.{minor}/site-packages") for w in wheels),
    ]
    # What is compiled depends on every file (the modules each imports), and on this module.
    digest = hashlib.sha256(Path(__file__).read_bytes())
    for path, _kind, _where in files:
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    folder = cache / f"py{python}-{digest.hexdigest()[:20]}"
    if not all((folder / path.name).is_file() for path, _kind, _where in files):
        say(f"compiling the modules the kernel imports as it starts, with Pyodide's Python {python} (Node.js)")
        partial = folder.with_name(folder.name + ".part")
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        jobs = [[kind, str(path.resolve()), str((partial / path.name).resolve()), where] for path, kind, where in files]
        _run_node(node, pyodide, jobs)
        shutil.rmtree(folder, ignore_errors=True)
        partial.replace(folder)
    for path, _kind, _where in files:
        shutil.copyfile(folder / path.name, path)
    return True


def _run_node(node: str, pyodide: Path, jobs: list[list[str]]) -> None:
    """Run :data:`_DRIVER` on ``jobs`` (kind, source, target, where it is unpacked)."""
    with tempfile.TemporaryDirectory(prefix="cardlab-pyc-") as work:
        driver = Path(work, "compile.mjs")
        driver.write_text(_DRIVER % {"mjs": (pyodide / "pyodide.mjs").resolve().as_uri()}, encoding="utf-8")
        jobs_file = Path(work, "jobs.json")
        jobs_file.write_text(json.dumps(jobs), encoding="utf-8")
        ran = subprocess.run(
            [node, str(driver), str(pyodide.resolve()), str(Path(__file__).resolve()), str(jobs_file)],
            capture_output=True,
            text=True,
            timeout=1800,
        )
    if ran.returncode != 0:
        raise CompileError(f"compiling with Pyodide under Node.js failed: {(ran.stderr or ran.stdout)[-1500:]}")
