"""What ``cardlab lite`` needs besides ``jupyter lite build``: cardlab's wheel from any install,
and, for ``--offline``, Pyodide with every wheel the tutorials load in the browser.

- :func:`wheel_from_installed` rebuilds cardlab's wheel from the files of the installed
  distribution (its ``RECORD`` lists them, with their hashes), so ``cardlab lite`` works from
  an installed wheel as well as from a checkout.
- :func:`bundle_pyodide` puts Pyodide's core (the npm registry's ``pyodide`` package of the
  version the installed Pyodide kernel expects), micropip, and the pure-Python wheels of the
  kernel and of cardlab's dependencies (from PyPI) into the site's ``static/pyodide`` folder and
  its piplite wheels, and rewrites ``pyodide-lock.json`` so that each entry it bundles names
  the file bundled and its sha256 (PyPI's wheels are not Pyodide's repacked ones). The site then
  needs nothing from outside itself.

Downloads are kept in a cache folder (``--cache``), so a second build fetches nothing.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import zipfile
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import Any


class LiteError(Exception):
    """A problem building the site, said in one sentence."""


# --- cardlab's wheel from an installed distribution -------------------------------------------

#: Files of an installed distribution that its wheel does not hold (pip writes them on install).
_INSTALL_ONLY = {"INSTALLER", "REQUESTED", "direct_url.json", "RECORD"}


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def wheel_from_installed(into: Path, name: str = "cardlab") -> Path:
    """The wheel of the installed distribution ``name``, rebuilt from its files in ``into``.

    Only the files under the installation's site folder are packed (scripts and data files
    installed elsewhere are made again from the metadata by the next installer). Each file
    must still match the hash its ``RECORD`` lists: an edited installation is refused.
    """
    dist = metadata.distribution(name)
    files = dist.files or []
    info = next((f for f in files if f.parts[0].endswith(".dist-info")), None)
    if info is None or not any(f.name == "WHEEL" for f in files):
        raise LiteError(f"the installed {name} has no wheel metadata (RECORD and WHEEL) to rebuild its wheel from")
    if any(f.name == "direct_url.json" for f in files):
        direct = json.loads(dist.read_text("direct_url.json") or "{}")
        if direct.get("dir_info", {}).get("editable"):
            raise LiteError(f"{name} is installed in editable mode, but its checkout was not found")
    version = dist.version
    wheel_tags = [
        line.split(":", 1)[1].strip()
        for line in (dist.read_text("WHEEL") or "").splitlines()
        if line.startswith("Tag:")
    ]
    if wheel_tags != ["py3-none-any"]:
        raise LiteError(f"the installed {name} is not a pure-Python wheel ({wheel_tags})")
    into.mkdir(parents=True, exist_ok=True)
    target = into / f"{name}-{version}-py3-none-any.whl"
    rows: list[list[str]] = []
    record_name = f"{info.parts[0]}/RECORD"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for f in sorted(files, key=lambda f: str(f)):
            path = str(f).replace(os.sep, "/")
            if path.startswith("../") or "__pycache__" in f.parts or path.endswith(".pyc"):
                continue
            if f.parts[0] == info.parts[0] and f.name in _INSTALL_ONLY:
                continue
            data = Path(str(dist.locate_file(f))).read_bytes()
            if f.hash is not None and _record_hash(data) != f"{f.hash.mode}={f.hash.value}":
                raise LiteError(
                    f"{path} of the installed {name} differs from the file installed: "
                    f"reinstall {name}, or give a wheel with --wheel"
                )
            wheel.writestr(path, data)
            rows.append([path, _record_hash(data), str(len(data))])
        rows.append([record_name, "", ""])
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(rows)
        wheel.writestr(record_name, text.getvalue())
    return target


# --- Pyodide, offline -------------------------------------------------------------------------

NPM_REGISTRY = "https://registry.npmjs.org"

#: What the Pyodide kernel installs in the browser as it starts (besides its own wheels, which
#: come with the site): micropip, then piplite installs these.
KERNEL_NEEDS = ["micropip", "packaging", "comm", "ipython", "jedi"]
#: Served by the Pyodide kernel's own wheels (stand-ins): never bundled from PyPI.
KERNEL_PROVIDES = {"ipykernel", "widgetsnbextension", "piplite", "pyodide-kernel"}


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name(path: Path) -> tuple[str, str]:
    """(normalized name, version) of a wheel file."""
    name, version = path.name.split("-")[:2]
    return normalize(name), version


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_versions() -> tuple[str, str]:
    """(Pyodide's version, its Python's ``major.minor``) as the installed Pyodide kernel expects."""
    from jupyterlite_pyodide_kernel import constants

    return constants.PYODIDE_VERSION, constants.PYODIDE_PYTHON_VERSION


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The npm registry's ``pyodide`` package of ``version`` (its tarball), in ``cache``: with
    ``npm pack`` where npm is installed, else straight from the registry, checked against the
    integrity the registry states."""
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / f"pyodide-{version}.tgz"
    if target.is_file():
        return target
    npm = shutil.which("npm")
    if npm:
        done = subprocess.run(
            [npm, "pack", f"pyodide@{version}", "--pack-destination", str(cache)], capture_output=True, text=True
        )
        if done.returncode != 0 or not target.is_file():
            raise LiteError(f"npm pack pyodide@{version} failed: {done.stderr.strip()[-500:]}")
        return target
    try:
        with urllib.request.urlopen(f"{NPM_REGISTRY}/pyodide/{version}", timeout=60) as answer:
            dist = json.load(answer)["dist"]
        with urllib.request.urlopen(dist["tarball"], timeout=300) as answer:
            data = answer.read()
    except OSError as err:
        raise LiteError(f"could not fetch pyodide {version} from the npm registry: {err}") from err
    algorithm, _, expected = dist.get("integrity", "").partition("-")
    if (
        algorithm not in ("sha512", "sha384", "sha256")
        or base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != expected
    ):
        raise LiteError(f"pyodide {version} from the npm registry does not match its integrity hash")
    partial = target.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(target)
    return target


def unpack_pyodide(tarball: Path, into: Path) -> None:
    """The files of the npm package (its ``package/`` folder) into ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            parts = Path(member.name).parts
            if not member.isfile() or parts[0] != "package" or ".." in parts or len(parts) < 2:
                continue
            if member.name.endswith((".d.ts", ".map", ".html")):  # types, source maps, demo pages
                continue
            target = into.joinpath(*parts[1:])
            target.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            assert source is not None
            target.write_bytes(source.read())


def pip_download(
    requirements: Iterable[str], into: Path, python: str, *, constraints: Path | None = None, deps: bool = True
) -> None:
    """Pure-Python wheels for Pyodide's Python from PyPI (those already in ``into`` are kept)."""
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "-q",
        "--disable-pip-version-check",
        "--only-binary=:all:",
        "--platform",
        "any",
        "--python-version",
        python,
        "--implementation",
        "py",
        "-d",
        str(into),
        *([] if deps else ["--no-deps"]),
        *(["-c", str(constraints)] if constraints else []),
        *requirements,
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise LiteError(
            "downloading the wheels Pyodide needs failed (pip download): "
            f"{(done.stderr or done.stdout).strip()[-1500:]}"
        )


def lock_closure(packages: dict, roots: Iterable[str]) -> set[str]:
    """The names of ``roots`` found in the lock, with everything they depend on in it."""
    names = {normalize(k): k for k in packages}
    seen: set[str] = set()
    todo = [normalize(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen or name not in names:
            continue
        seen.add(name)
        todo.extend(normalize(d) for d in packages[names[name]].get("depends", []))
    return seen


def bundle_pyodide(lite_dir: Path, wheel: Path, cache: Path, say=lambda text: None) -> dict:
    """Pyodide and every wheel the site's notebooks load, for a site that needs no network.

    Pyodide goes into ``lite_dir/static/pyodide`` (``jupyter lite build`` copies it into the
    site and points the kernel at it); the wheels Pyodide's lock names go beside it, with their
    lock entries rewritten; the other wheels (anywidget, ipywidgets, ...) into
    ``lite_dir/wheels``, for ``--piplite-wheels``. Returns what was bundled.
    """
    version, python = pyodide_versions()
    say(f"bundling Pyodide {version} (Python {python}) and the wheels it needs, for an offline site")
    tarball = fetch_pyodide(version, cache / "npm")
    pyodide = lite_dir / "static" / "pyodide"
    unpack_pyodide(tarball, pyodide)
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages: dict = lock["packages"]
    by_name = {normalize(k): k for k in packages}

    # Every pure-Python package in the lock, at the lock's version: pip picks the same ones.
    constraints = cache / f"pyodide-{version}-constraints.txt"
    constraints.write_text(
        "".join(
            f"{normalize(k)}=={p['version']}\n"
            for k, p in sorted(packages.items())
            if p.get("file_name", "").endswith("-none-any.whl")
        ),
        encoding="utf-8",
    )
    downloads = cache / f"wheels-py{python}"
    downloads.mkdir(parents=True, exist_ok=True)
    wanted = [str(wheel), *KERNEL_NEEDS]
    pip_download(wanted, downloads, python, constraints=constraints)

    def latest(found: dict[str, Path]) -> None:
        for path in sorted(downloads.glob("*.whl")):
            found[wheel_name(path)[0]] = path

    found: dict[str, Path] = {}
    latest(found)
    needed = resolved = set(_requires(downloads, wheel, found))
    # The lock's own dependencies of what the browser loads from it, at the lock's versions.
    in_lock = lock_closure(packages, [n for n in needed if n in by_name] + ["micropip", "packaging"])
    missing = sorted(n for n in in_lock if n not in found or wheel_name(found[n])[1] != packages[by_name[n]]["version"])
    if missing:
        pip_download([f"{n}=={packages[by_name[n]]['version']}" for n in missing], downloads, python, deps=False)
        latest(found)
    resolved = needed | in_lock

    piplite = lite_dir / "wheels"
    piplite.mkdir(parents=True, exist_ok=True)
    bundled: dict[str, Any] = {"pyodide": version, "python": python, "lock": [], "piplite": []}
    for name in sorted(resolved):
        if name in KERNEL_PROVIDES or name == "cardlab":
            continue
        path = found.get(name)
        if path is None:
            raise LiteError(f"no pure-Python wheel of {name} was found for Pyodide's Python {python}")
        if name in by_name:
            entry = packages[by_name[name]]
            if wheel_name(path)[1] != entry["version"]:
                raise LiteError(f"Pyodide {version} locks {name} {entry['version']}, but PyPI gave {path.name}")
            shutil.copyfile(path, pyodide / path.name)
            entry["file_name"] = path.name
            entry["sha256"] = sha256(path)
            bundled["lock"].append(path.name)
        else:
            shutil.copyfile(path, piplite / path.name)
            bundled["piplite"].append(path.name)
    lock_path.write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    return bundled


def _requires(downloads: Path, wheel: Path, found: dict[str, Path]) -> Iterable[str]:
    """The names of what ``wheel`` and the kernel need, following each wheel's ``Requires-Dist``
    (with no extras, for Pyodide's platform) through the downloaded wheels."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    _version, python = pyodide_versions()
    env: dict[str, Any] = {
        **default_environment(),
        "python_version": python,
        "python_full_version": f"{python}.0",
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "implementation_name": "cpython",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "extra": "",
    }
    seen: set[str] = set()
    todo = [normalize(n) for n in KERNEL_NEEDS] + ["cardlab"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = wheel if name == "cardlab" else found.get(name)
        if path is None:
            continue
        with zipfile.ZipFile(path) as archive:
            meta = next(n for n in archive.namelist() if re.match(r"[^/]+\.dist-info/METADATA$", n))
            text = archive.read(meta).decode("utf-8", "replace")
        for line in text.split("\n\n", 1)[0].splitlines():
            if line.startswith("Requires-Dist:"):
                req = Requirement(line.split(":", 1)[1].strip())
                if req.marker is None or req.marker.evaluate(env):
                    todo.append(normalize(req.name))
    return seen
