"""The JupyterLite site in Chromium, with every request that leaves the machine refused.

- ``cardlab lite site --offline`` (from a fresh install of the wheel with its ``lite`` extra,
  as the README says) bundles Pyodide and every wheel the tutorials load: served on 127.0.0.1,
  the Card Commons tutorial runs, its first table is drawn, a card is played on it, and not
  one request goes anywhere but the site.
- The default site loads Pyodide from its CDN: where the CDN cannot be reached, the page says
  so in plain words instead of leaving the cells at [*] with no word.

Downloads (the npm package, the wheels) are cached in the test session's temporary folder.
Set CARDLAB_SKIP_PACKAGE=1 to skip offline.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import socketserver
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from helpers.installs import lite_install, run

pytestmark = pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_PACKAGE") == "1", reason="CARDLAB_SKIP_PACKAGE=1")

TIMEOUT_MS = 180_000


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` as static files on 127.0.0.1 (a free port): its address."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(_Files, directory=str(folder)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def site_only(browser: Any, base: str) -> Iterator[tuple[Any, list[str]]]:
    """A page that may load only from ``base``: every other request is refused, and listed."""
    # Requests a service worker makes might not pass through context.route: none may run.
    context = browser.new_context(viewport={"width": 1400, "height": 1400}, service_workers="block")
    outside: list[str] = []

    def route(request_route: Any) -> None:
        if request_route.request.url.startswith(base):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    try:
        yield context.new_page(), outside
    finally:
        context.close()


@pytest.fixture(scope="module")
def lite(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> dict:
    return lite_install(tmp_path_factory)


def build(lite: dict, name: str, *options: str) -> tuple[Path, float]:
    started = time.monotonic()
    run([str(lite["bin"] / "cardlab"), "lite", name, *options], cwd=lite["work"], env=lite["env"], timeout=900)
    return lite["work"] / name, time.monotonic() - started


def run_all(page: Any) -> None:
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()


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
    assert {p["name"].lower() for p in bundled} >= {"micropip", "packaging", "ipython", "jedi", "traitlets"}
    for entry in bundled:
        assert sha256(pyodide / entry["file_name"]) == entry["sha256"], entry["name"]
    wheels = {p.name.split("-")[0].lower() for p in (site / "pypi").glob("*.whl")}
    assert {"cardlab", "anywidget", "ipywidgets", "comm"} <= wheels
    # The lessons' Markdown parser, which the widgets import, and what it needs.
    assert {"markdown-it-py", "mdurl"} <= {normalize(name) for name in wheels | {p["name"] for p in bundled}}
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())

    with serve(site) as base, site_only(browser, base) as (page, outside):
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        started = time.monotonic()
        page.goto(f"{base}lab/index.html?path=01_card_commons.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT_MS)
        run_all(page)
        table = page.locator(".cardlab-root[data-rev]").first
        table.wait_for(timeout=TIMEOUT_MS)
        first_table = time.monotonic() - started
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
            f"\noffline JupyterLite: build {build_time:.0f} s, site {size / 1e6:.0f} MB, first table "
            f"{first_table:.1f} s after opening the page, {len(outside)} requests outside the site"
        )
        assert outside == [], f"requests that left the site: {outside[:10]}"
        # Service workers are blocked, so that every request goes through the route above:
        # JupyterLite's registration of its own then fails, with this error and no other.
        assert [e for e in errors if e != "undefined"] == [], errors


def test_the_online_site_says_so_when_python_cannot_load(lite, browser):
    site, _ = build(lite, "online-site")
    with serve(site) as base, site_only(browser, base) as (page, outside):
        page.goto(f"{base}lab/index.html?path=01_card_commons.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT_MS)
        note = page.locator("#cardlab-no-python")
        note.wait_for(timeout=60_000)
        text = note.inner_text()
        assert "Python cannot start" in text and "cdn.jsdelivr.net" in text and "cardlab lite --offline" in text
        assert note.get_attribute("role") == "alert"
        assert any("cdn.jsdelivr.net" in url for url in outside)
