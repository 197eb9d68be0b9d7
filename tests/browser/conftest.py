"""Browser-test fixtures: a real JupyterLab server and the system Chromium, driven by Playwright.

One ``jupyter lab`` serves the whole test session from a temporary root folder; each test
module writes the notebooks it needs there, opens each in a fresh page, runs every cell and
waits for cardlab's widgets (see tests/helpers/labdriver.py). After every test, each open page that logged
a JavaScript console error or an uncaught page error fails the test.

Without Chromium (``/usr/bin/chromium``) or Playwright these tests skip with the reason;
with ``CARDLAB_REQUIRE_BROWSER=1`` (as in CI) they fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.labdriver import LabPage, LabServer, launch_chromium, missing_browser, start_lab


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_available() -> None:
    reason = missing_browser()
    if reason is None:
        return
    if os.environ.get("CARDLAB_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required (CARDLAB_REQUIRE_BROWSER=1) but {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def axe_ready(browser_available: None) -> None:
    """axe-core is cached (fetched with npm if need be, see axe.py); skip, or fail in CI, if not."""
    from helpers import axe

    try:
        axe.script()
    except axe.AxeUnavailable as err:
        if os.environ.get("CARDLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"accessibility checks required (CARDLAB_REQUIRE_BROWSER=1) but {err}", pytrace=False)
        pytest.skip(f"accessibility checks skipped: {err}")


@pytest.fixture(scope="session")
def lab(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    server = start_lab(tmp_path_factory.mktemp("lab"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser(browser_available: None) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = launch_chromium(pw)
        yield chromium
        chromium.close()


_OPEN_PAGES: list[LabPage] = []


@pytest.fixture(scope="module")
def lab_page(lab: LabServer, browser: Any) -> Iterator[Any]:
    """A factory: ``lab_page(name, *cells)`` writes a notebook and returns a LabPage for it.

    Pages live until closed or until the end of the test module.
    """
    pages: list[LabPage] = []

    def make(name: str, *cells: str, width: int = 1400, height: int = 1800) -> LabPage:
        lab.notebook(name, *cells)
        context = browser.new_context(viewport={"width": width, "height": height})
        page = LabPage(context.new_page(), lab, name, on_close=_OPEN_PAGES.remove)
        pages.append(page)
        _OPEN_PAGES.append(page)
        return page

    yield make
    for page in pages:
        if not page.page.is_closed():
            page.close()


@pytest.fixture(autouse=True)
def _no_page_errors() -> Iterator[None]:
    yield
    for page in _OPEN_PAGES:
        page.assert_no_errors()
