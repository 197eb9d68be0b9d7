"""The widgets load ONE front-end module built from the parts in cardlab/widgets/static/ by
tools/build_frontend.py: the committed module must be the build of the committed parts (after
a merge that touched the parts, run ``python tools/build_frontend.py``), and the widgets read
their module and stylesheet from files, so anywidget's hot reload can watch them."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "build_frontend.py"


def load_build():
    spec = importlib.util.spec_from_file_location("build_frontend", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_the_committed_module_is_built_from_the_parts():
    build = load_build()
    check = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True)
    assert check.returncode == 0 and build.is_current(), (
        "cardlab/widgets/static/cardlab.js is not the build of the parts: run python tools/build_frontend.py"
    )
    text = build.MODULE.read_text(encoding="utf-8")
    assert sorted(build.PARTS) == sorted(p.name for p in build.SOURCES.glob("*.js"))
    assert [p.name for p in build.STATIC.glob("*.js")] == [build.MODULE.name]  # the parts are in src/ only
    assert text.startswith("// GENERATED FILE: do not edit.")
    positions = [text.index(f"// --- {name} ---") for name in build.PARTS]
    assert positions == sorted(positions) and text.count("export default") == 1


def test_a_changed_part_makes_the_module_stale_until_it_is_built(tmp_path, monkeypatch):
    build = load_build()
    static = tmp_path / "static"
    shutil.copytree(build.STATIC, static)
    monkeypatch.setattr(build, "STATIC", static)
    monkeypatch.setattr(build, "SOURCES", static / "src")
    monkeypatch.setattr(build, "MODULE", static / "cardlab.js")
    assert build.is_current()
    with (static / "src" / "moves.js").open("a", encoding="utf-8") as part:
        part.write("\nconst ADDED_IN_A_MERGE = 1;\n")
    assert not build.is_current()
    assert build.main(["--check"]) == 1
    assert build.build() is True and build.is_current()
    assert "const ADDED_IN_A_MERGE = 1;" in (static / "cardlab.js").read_text(encoding="utf-8")
    assert build.build() is False  # nothing new: the file is not touched


def test_the_widgets_read_their_front_end_from_files():
    from cardlab.widgets import SessionWidget, frontend

    assert frontend.ESM == frontend.STATIC / "cardlab.js" and frontend.CSS == frontend.STATIC / "cardlab.css"
    # anywidget turns a file path into an object that reads (and with ANYWIDGET_HMR=1 watches) the file
    for attribute, path in (("_esm", frontend.ESM), ("_css", frontend.CSS)):
        contents = getattr(SessionWidget, attribute)
        assert type(contents).__name__ == "FileContents" and Path(contents._path) == path
        assert str(contents) == path.read_text(encoding="utf-8")
