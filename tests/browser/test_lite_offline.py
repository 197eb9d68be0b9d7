"""The JupyterLite site in Chromium, with every request that leaves the machine refused.

- ``cardlab lite site --offline`` (from a fresh install of the wheel with its ``lite`` extra,
  as the README says) bundles Pyodide and every wheel the tutorials load: served on 127.0.0.1,
  the Card Commons tutorial runs, its first table is drawn, a card is played on it, and not
  one request goes anywhere but the site.
- Neither site holds source maps, and the offline one is at most half the size it had with them.
- The default site loads Pyodide from its CDN: where the CDN cannot be reached, the page says
  so in plain words instead of leaving the cells at [*] with no word.

Downloads (the npm package, the wheels) are cached in the test session's temporary folder.
Set CARDLAB_SKIP_PACKAGE=1 to skip offline.
"""

from __future__ import annotations

import json
import os
import shutil
import time
import zipfile
from pathlib import Path

import pytest

from helpers.installs import lite_install, run
from helpers.lite_site import TIMEOUT_MS, open_first_table, serve, site_only, site_size

pytestmark = pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_PACKAGE") == "1", reason="CARDLAB_SKIP_PACKAGE=1")

#: At most half the size the offline site had with JupyterLab's source maps (92.8 MB).
SIZE_AIM = 46.4e6


@pytest.fixture(scope="module")
def lite(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> dict:
    return lite_install(tmp_path_factory)


def build(lite: dict, name: str, *options: str) -> tuple[Path, float]:
    started = time.monotonic()
    run([str(lite["bin"] / "cardlab"), "lite", name, *options], cwd=lite["work"], env=lite["env"], timeout=900)
    return lite["work"] / name, time.monotonic() - started


def test_the_offline_site_plays_a_tutorial_with_no_request_leaving_the_machine(lite, browser):
    site, build_time = build(lite, "offline-site", "--offline", "--cache", str(lite["cache"]))
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    # The lock names the files bundled, with their hashes.
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    from cardlab.lite import normalize, sha256

    bundled = [p for p in lock.values() if (pyodide / p["file_name"]).is_file()]
    names = {normalize(p["name"]) for p in bundled}
    assert names >= {"micropip", "packaging", "ipython", "jedi", "traitlets", "piplite", "pyodide-kernel"}
    assert names >= {"cardlab", "anywidget", "ipywidgets", "comm"}
    # The lessons' Markdown parser, which the widgets import, and what it needs.
    assert {"markdown-it-py", "mdurl"} <= names
    for entry in bundled:
        assert sha256(pyodide / entry["file_name"]) == entry["sha256"], entry["name"]
        assert all(normalize(d) in names for d in entry["depends"]), entry["name"]
    assert set(kernel["loadPyodideOptions"]["packages"]) <= names
    # With Node.js at hand, the modules the kernel imports as it starts come compiled.
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stdlib:
        assert ("asyncio/base_events.pyc" in stdlib.namelist()) is (shutil.which("node") is not None)
    sizes = site_size(site)
    assert sizes["source maps"] == 0 and not list(site.rglob("*.map"))
    assert sizes["all"] <= SIZE_AIM, f"the site is {sizes['all'] / 1e6:.1f} MB"

    with serve(site) as base, site_only(browser, base) as (page, visit):
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        open_first_table(page, visit)
        # The lesson's commentary, read by the lessons' Markdown parser in the browser's Python.
        page.locator(".cardlab-commentary .cardlab-prose strong").first.wait_for(timeout=60_000)
        root = page.locator(".cardlab-root[data-rev]:has(.cardlab-tableau .cardlab-playable)").first
        root.wait_for(timeout=TIMEOUT_MS)
        rev = root.get_attribute("data-rev")
        root.locator(".cardlab-tableau .cardlab-playable").first.click()
        choice = root.locator(".cardlab-menu .cardlab-move").first
        choice.wait_for(timeout=30_000)
        choice.click()
        page.wait_for_function(
            "([el, rev]) => el.dataset.rev !== rev", arg=[root.element_handle(), rev], timeout=60_000
        )
        assert page.locator("#cardlab-no-python").count() == 0
        print(
            f"\noffline JupyterLite: build {build_time:.0f} s, site {sizes['all'] / 1e6:.1f} MB, first table "
            f"{visit.marks['first table']:.1f} s after opening the page, {len(visit.outside)} requests outside"
        )
        assert visit.outside == [], f"requests that left the site: {visit.outside[:10]}"
        # Service workers are blocked, so that every request goes through the route above:
        # JupyterLite's registration of its own then fails, with this error and no other.
        assert [e for e in errors if e != "undefined"] == [], errors


def test_the_online_site_says_so_when_python_cannot_load(lite, browser):
    site, _ = build(lite, "online-site")
    assert not list(site.rglob("*.map"))
    with serve(site) as base, site_only(browser, base) as (page, visit):
        page.goto(f"{base}lab/index.html?path=01_card_commons.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT_MS)
        note = page.locator("#cardlab-no-python")
        note.wait_for(timeout=60_000)
        text = note.inner_text()
        assert "Python cannot start" in text and "cdn.jsdelivr.net" in text and "cardlab lite --offline" in text
        assert note.get_attribute("role") == "alert"
        assert any("cdn.jsdelivr.net" in url for url in visit.outside)
