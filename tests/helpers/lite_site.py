"""Open a built JupyterLite site in Chromium with the network cut, and time its first table.

Used by tests/browser/test_lite_offline.py and benchmarks/lite.py. The site is served as
static files on 127.0.0.1 (a free port); the page may load only from there: every other
request is refused and listed. Service workers are blocked, so that every request goes
through that route.
"""

from __future__ import annotations

import functools
import http.server
import socketserver
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TIMEOUT_MS = 180_000
#: The tutorial whose first table is timed.
NOTEBOOK = "01_card_commons.ipynb"


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


@dataclass
class Visit:
    """What a page of the site fetched, and when (seconds after it was opened)."""

    base: str
    started: float = field(default_factory=time.monotonic)
    outside: list[str] = field(default_factory=list)
    fetched: list[tuple[float, str]] = field(default_factory=list)
    marks: dict[str, float] = field(default_factory=dict)
    console: list[tuple[float, str]] = field(default_factory=list)

    def now(self) -> float:
        return time.monotonic() - self.started

    def mark(self, name: str) -> None:
        self.marks[name] = self.now()

    def first(self, *endings: str) -> float | None:
        """When the first file whose path ends with one of ``endings`` was asked for."""
        return next((t for t, url in self.fetched if url.split("?")[0].endswith(endings)), None)

    def last(self, *endings: str) -> float | None:
        """When the last file whose path ends with one of ``endings`` was asked for."""
        times = [t for t, url in self.fetched if url.split("?")[0].endswith(endings)]
        return times[-1] if times else None


@contextmanager
def site_only(browser: Any, base: str) -> Iterator[tuple[Any, Visit]]:
    """A page that may load only from ``base``, and the record of what it fetched."""
    context = browser.new_context(viewport={"width": 1400, "height": 1400}, service_workers="block")
    visit = Visit(base)

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith(base):
            visit.fetched.append((visit.now(), url[len(base) :]))
            request_route.continue_()
        else:
            visit.outside.append(url)
            request_route.abort()

    context.route("**/*", route)
    try:
        page = context.new_page()
        page.on("console", lambda message: visit.console.append((visit.now(), message.text)))
        yield page, visit
    finally:
        context.close()


def run_all(page: Any) -> None:
    """Run every cell of the open notebook, from the Run menu, as a learner does."""
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()


def open_first_table(page: Any, visit: Visit, notebook: str = NOTEBOOK) -> Any:
    """Open ``notebook`` in the site's JupyterLab, run all its cells, and wait for its first
    table: the table's element. ``visit.marks`` gets the time the notebook was shown and the
    time of the first table."""
    visit.started = time.monotonic()
    page.goto(f"{visit.base}lab/index.html?path={notebook}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT_MS)
    visit.mark("notebook shown")
    run_all(page)
    table = page.locator(".cardlab-root[data-rev]").first
    table.wait_for(timeout=TIMEOUT_MS)
    visit.mark("first table")
    return table


def site_size(site: Path) -> dict[str, int]:
    """Bytes of the site: in all, in source maps, and in each top folder."""
    files = [p for p in site.rglob("*") if p.is_file()]
    sizes = {"all": sum(p.stat().st_size for p in files)}
    sizes["source maps"] = sum(p.stat().st_size for p in files if p.name.endswith(".map"))
    for p in files:
        top = p.relative_to(site).parts[0] if len(p.relative_to(site).parts) > 1 else "."
        sizes[f"{top}/"] = sizes.get(f"{top}/", 0) + p.stat().st_size
    return sizes
