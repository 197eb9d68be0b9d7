"""The classroom app as a teacher installs it: ``pip install "cardlab[app]"`` (the wheel built from
this checkout, its dependencies from PyPI) in a fresh virtual environment, then ``cardlab app
card-commons``. Chromium opens the page: the learner notebook's walkthrough and its table against
the computer are drawn, with no code, and a card is played on the walkthrough's table.

A dev environment with the test extras hides a missing dependency of the extra (Voilà needs a
Python kernel, ``ipykernel``, which neither Voilà nor cardlab pulled in): this test has only
what the extra brings. Set CARDLAB_SKIP_PACKAGE=1 to skip offline.
"""

from __future__ import annotations

import os
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from test_voila import TIMEOUT_MS, offline_page, serve_voila

from helpers.installs import install_wheel

pytestmark = pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_PACKAGE") == "1", reason="CARDLAB_SKIP_PACKAGE=1")


@pytest.fixture(scope="module")
def app(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("app-install")
    _wheel, venv, env = install_wheel(
        base, "app", JUPYTER_CONFIG_DIR=str(base / "jupyter-config"), JUPYTER_RUNTIME_DIR=str(base / "runtime")
    )
    work = base / "classroom"
    work.mkdir()
    with serve_voila([str(venv / "bin" / "cardlab"), "app", "card-commons"], work, env, base / "app.log", 120) as url:
        yield url


def test_a_clean_install_of_the_app_extra_serves_the_learner_notebook(app: str, browser: Any) -> None:
    with urllib.request.urlopen(app, timeout=120) as answer:  # HTTP 500 without a Python kernel
        assert answer.status == 200
    page, errors = offline_page(browser, app, viewport={"width": 1024, "height": 768})
    try:
        page.goto(app, timeout=TIMEOUT_MS)
        lesson = page.locator(".cardlab-lesson[data-rev]").first
        lesson.wait_for(timeout=TIMEOUT_MS)
        page.locator(".cardlab-table[data-rev]").last.wait_for(timeout=TIMEOUT_MS)
        code = page.locator(".jp-CodeCell .jp-Cell-inputWrapper, .jp-InputArea-editor, .cm-editor")
        assert code.count() == 0, "the app shows no code"
        text = page.locator("body").inner_text()
        assert "Card Commons" in text and "Shift+Enter" not in text
        before = int(lesson.get_attribute("data-rev"))
        # the walkthrough's first question, answered on the table: a card to pick, or a card's menu
        pick = lesson.locator('.cardlab-tableau [title*="click to pick it"]')
        if pick.count():
            pick.first.click()
            lesson.locator('[data-key="lesson:submit"]').click()
        else:
            lesson.locator('.cardlab-tableau [title*="to choose from"]').first.click()
            lesson.locator(".cardlab-menu .cardlab-move").first.click(timeout=TIMEOUT_MS)
        page.wait_for_function(
            "(rev) => Number(document.querySelector('.cardlab-lesson[data-rev]').dataset.rev) > rev",
            arg=before,
            timeout=TIMEOUT_MS,
        )
        assert not errors, "\n".join(errors)
    finally:
        page.context.close()
