"""The built front-end module on a plain page, outside JupyterLab: it draws a table and sends
a move, and it follows the page's dark mode (the system's colour scheme, emulated by
Chromium, and the dark themes of VS Code and Colab), while JupyterLab's own theme wins where
the page has one.

The page has no Jupyter at all: the module is imported as anywidget would import it and is
given a stand-in for the widget's model holding a real table's synced values.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_tables import COMMONS_DEAL

import cardlab
from cardlab.widgets import Table, frontend

MOUNT_JS = """
async ([code, css, view, history]) => {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const module = await import(URL.createObjectURL(new Blob([code], {type: 'text/javascript'})));
  const values = {view_json: view, history_json: history, message: {}, four_colour: false};
  window.sent = [];
  const model = {
    get: (key) => values[key], set: (key, value) => { values[key] = value; }, save_changes() {},
    on() {}, off() {}, send: (message) => window.sent.push(message),
  };
  const el = document.createElement('div');
  document.body.append(el);
  module.default.render({model, el});
}
"""


def luminance(css_colour: str) -> float:
    """The relative luminance (0 black .. 1 white) of an rgb()/rgba() colour, over white."""
    values = [float(v) for v in re.findall(r"[\d.]+", css_colour)]
    r, g, b = values[:3]
    alpha = values[3] if len(values) > 3 else 1.0
    r, g, b = (alpha * c + (1 - alpha) * 255 for c in (r, g, b))

    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@pytest.fixture(scope="module")
def table_values() -> tuple[str, str]:
    game = cardlab.game("card-commons")
    session = cardlab.Session(game, game.deal(deck=COMMONS_DEAL))
    for move in ("commission 2S", "commission 3S", "claim 4S"):
        session.play(move)
    table = Table(session)
    values = table.view_json, table.history_json
    table.close()
    return values


@pytest.fixture
def plain_page(browser: Any, table_values: tuple[str, str]) -> Iterator[Any]:
    contexts: list[Any] = []

    def make(scheme: str, html_attrs: str = "", body_attrs: str = "") -> Any:
        context = browser.new_context(color_scheme=scheme, viewport={"width": 1200, "height": 1200})
        context.route("**/*", lambda route: route.abort())  # nothing to fetch: all of it is inline
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.set_content(
            f"<!doctype html><html {html_attrs}><head><meta charset='utf-8'></head><body {body_attrs}></body></html>"
        )
        page.evaluate(
            MOUNT_JS,
            [frontend.ESM.read_text(encoding="utf-8"), frontend.CSS.read_text(encoding="utf-8"), *table_values],
        )
        page.locator(".cardlab-table[data-rev]").wait_for(timeout=10_000)
        page.errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


def colours(page: Any) -> dict[str, float]:
    return page.evaluate("""() => {
      const root = getComputedStyle(document.querySelector('.cardlab-root'));
      const panel = getComputedStyle(document.querySelector('.cardlab-role-player'));
      return {text: root.color, background: root.backgroundColor, panel: panel.backgroundColor};
    }""")


def test_the_module_draws_a_table_and_sends_a_move_on_a_plain_page(plain_page):
    page = plain_page("light")
    table = page.locator(".cardlab-table")
    table.locator('.cardlab-tableau [data-code="4D"]').first.click()
    table.locator('.cardlab-menu [data-move="defend 4D"]').click(timeout=10_000)
    # the click asks for the card's explanation (and its why-not list) while its menu opens
    assert page.evaluate("() => window.sent.map(m => [m.action, m.move ?? m.card, m.zone ?? null])") == [
        ["explain", "4D", "B hand"],
        ["play", "defend 4D", None],
    ]
    assert not page.errors, page.errors


@pytest.mark.parametrize(
    "scheme, html_attrs, body_attrs, dark",
    [
        ("light", "", "", False),
        ("dark", "", "", True),  # the system's dark colour scheme
        ("light", "", 'class="vscode-dark"', True),  # VS Code, dark theme
        ("dark", "", 'class="vscode-light"', False),  # VS Code, light theme on a dark system
        ("light", 'theme="dark"', "", True),  # Colab, dark theme
        ("dark", 'theme="light"', "", False),  # Colab, light theme on a dark system
        ("dark", "", 'data-jp-theme-light="true"', False),  # JupyterLab's light theme decides
    ],
    ids=["light", "system-dark", "vscode-dark", "vscode-light", "colab-dark", "colab-light", "jupyterlab-light"],
)
def test_dark_mode_follows_the_page(plain_page, scheme, html_attrs, body_attrs, dark):
    page = plain_page(scheme, html_attrs, body_attrs)
    found = colours(page)
    text, background, panel = (luminance(found[k]) for k in ("text", "background", "panel"))
    if dark:
        assert text > 0.5 and background < 0.05 and panel < 0.05, found
    else:
        assert text < 0.05 and background > 0.9 and panel > 0.9, found
    face = page.evaluate(
        "() => getComputedStyle(document.querySelector('.cardlab-card:not(.cardlab-back)')).backgroundColor"
    )
    assert luminance(face) > 0.7, "card faces stay light, like real cards"
