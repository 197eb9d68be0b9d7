"""What ``cardlab lite`` does besides ``jupyter lite build``, without building a site (the builds
are in tests/test_package.py and tests/browser/test_lite_offline.py): source maps left out
unless asked, cardlab's wheel without what the site serves itself, the lock entries and the
settings of the offline site, and the bytecode it ships (compiled here by this Python, as
Pyodide compiles it for the site)."""

from __future__ import annotations

import csv
import importlib
import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cardlab import cli, lite, lite_pyc
from cardlab.cli import common


def _wheel(path: Path, files: dict[str, str]) -> Path:
    """A small wheel holding ``files``, with a RECORD."""
    files = {**files, "demo-1.0.dist-info/METADATA": "Name: demo\nVersion: 1.0\nRequires-Dist: mdurl\n\n"}
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
        wheel.writestr(
            "demo-1.0.dist-info/RECORD", "".join(f"{n},,\n" for n in files) + "demo-1.0.dist-info/RECORD,,\n"
        )
    return path


def _record(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as wheel:
        record = next(n for n in wheel.namelist() if n.endswith("RECORD"))
        return [row[0] for row in csv.reader(io.StringIO(wheel.read(record).decode()))]


@pytest.mark.parametrize(("asked", "maps_kept"), [([], False), (["--source-maps"], True)])
def test_the_site_is_built_without_source_maps_unless_asked(tmp_path, monkeypatch, asked, maps_kept):
    wheel = _wheel(tmp_path / "cardlab-1.0-py3-none-any.whl", {"cardlab/__init__.py": ""})
    commands = []
    monkeypatch.setattr(common, "need", lambda *args: None)
    monkeypatch.setattr(subprocess, "call", lambda command, **kw: commands.append(command) or 1)
    assert cli.main(["lite", str(tmp_path / "site"), "--wheel", str(wheel), *asked]) == 1
    assert ("--no-sourcemaps" in commands[0]) is not maps_kept


def test_the_sites_wheel_leaves_out_the_tutorials_and_pages_and_lists_what_it_keeps(tmp_path):
    files = {
        "cardlab/__init__.py": "",
        "cardlab/widgets/static/cardlab.js": "export default {}",
        "cardlab/tutorials/01.ipynb": "{}",
        "cardlab/docs/images/a.png": "png",
        "cardlab/README.md": "# cardlab",
        "cardlab/LICENSE": "MIT",
    }
    slim = lite.site_wheel(_wheel(tmp_path / "cardlab-1.0-py3-none-any.whl", files), tmp_path / "out")
    with zipfile.ZipFile(slim) as wheel:
        names = set(wheel.namelist())
    assert {"cardlab/__init__.py", "cardlab/widgets/static/cardlab.js", "cardlab/LICENSE"} <= names
    assert not any(n.startswith(lite.LEFT_OUT_OF_SITE) for n in names)
    assert set(_record(slim)) == names


def test_a_wheel_the_lock_lacks_gets_an_entry_naming_its_file_and_hash(tmp_path):
    wheel = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", {"demo/__init__.py": "", "demo_extra.py": ""})
    entry = lite.lock_entry(wheel)
    assert entry["name"] == "demo" and entry["version"] == "1.0" and entry["file_name"] == wheel.name
    assert entry["sha256"] == lite.sha256(wheel) and entry["imports"] == ["demo", "demo_extra"]
    pytest.importorskip("jupyterlite_pyodide_kernel", reason="the lite extra is not installed")
    assert lite.wheel_requires(wheel) == ["mdurl"]


def test_the_offline_site_preloads_the_kernel_and_cardlab_and_asks_nothing_of_pypi():
    kernel = lite.offline_settings({"preload": lite.PRELOAD})["jupyter-config-data"]["litePluginSettings"]
    settings = kernel["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert settings["disablePyPIFallback"] is True
    assert {"micropip", "piplite", "pyodide-kernel", "ipython", "cardlab"} <= set(
        settings["loadPyodideOptions"]["packages"]
    )


def test_compiled_wheels_import_from_bytecode_keeping_cardlabs_sources(tmp_path):
    source = {"cardlab/__init__.py": "VALUE = 41 + 1\n", "other/__init__.py": "VALUE = 'other'\n"}
    wheel = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", source)
    site = tmp_path / "site"
    compiled = tmp_path / "compiled.whl"
    assert lite_pyc.compile_wheel(str(wheel), str(compiled), str(site)) == 2
    with zipfile.ZipFile(compiled) as archive:
        names = set(archive.namelist())
        archive.extractall(site)
    tag = sys.implementation.cache_tag
    assert {"cardlab/__init__.py", f"cardlab/__pycache__/__init__.{tag}.pyc", "other/__init__.pyc"} <= names
    assert "other/__init__.py" not in names and set(_record(compiled)) == names
    # The bytecode is what is imported: a changed source is not read again (unchecked hash).
    (site / "cardlab" / "__init__.py").write_text("VALUE = 'changed'\n")
    sys.path.insert(0, str(site))
    saved = {k: sys.modules.pop(k) for k in [k for k in sys.modules if k.split(".")[0] in ("cardlab", "other")]}
    try:
        assert importlib.import_module("cardlab").VALUE == 42
        assert importlib.import_module("other").VALUE == "other"
    finally:
        sys.path.remove(str(site))
        for name in [k for k in sys.modules if k.split(".")[0] in ("cardlab", "other")]:
            del sys.modules[name]
        sys.modules.update(saved)


def test_a_compiled_zip_of_modules_imports_its_bytecode_in_place_of_the_sources(tmp_path):
    source = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("zipped_demo.py", "VALUE = 'from the zip'\n")
        archive.writestr("untouched.py", "VALUE = 1\n")
    target = tmp_path / "compiled.zip"
    only = {f"{target}/zipped_demo.py"}
    assert lite_pyc.compile_zip(str(source), str(target), str(target), only) == 1
    with zipfile.ZipFile(target) as archive:
        assert set(archive.namelist()) == {"zipped_demo.pyc", "untouched.py"}
    sys.path.insert(0, str(target))
    try:
        assert importlib.import_module("zipped_demo").VALUE == "from the zip"
    finally:
        sys.path.remove(str(target))
        sys.modules.pop("zipped_demo", None)
