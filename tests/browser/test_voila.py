"""A notebook served as a classroom app: ``cardlab app NOTEBOOK`` starts Voilà, Chromium opens
the page, and a move is played on its table by clicking, as a learner would.

The notebook is written here (a small one of our own, not a tutorial, so the test does not
depend on the tutorials' cells). The page is kept off the network: Voilà's own page asks a
CDN for a font, which fails harmlessly (and is the only failure allowed).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from test_tables import COMMONS_DEAL

from helpers.labdriver import REPO
from helpers.ports import answers, free_port, wait_for_port

TIMEOUT_MS = 120_000  # Voilà runs the whole notebook before the page loads; a busy machine is slow at it
MOVES = ("commission 2S", "commission 3S", "claim 4S")

CELLS = (
    "import cardlab\nfrom cardlab.widgets import Table",
    f"game = cardlab.game('card-commons')\nsession = cardlab.Session(game, game.deal(deck={COMMONS_DEAL!r}))\n"
    f"for move in {list(MOVES)!r}:\n    session.play(move)",
    "Table(session)",
)


def write_notebook(path: Path, cells: tuple[str, ...]) -> Path:
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"c{i}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for i, source in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def wait_for_voila(port: int, process: subprocess.Popen, log: Path, timeout: float = 60.0) -> None:
    wait_for_port(port, process, "Voilà", timeout, lambda: log.read_text()[-3000:])


@contextmanager
def serve_voila(command: list[str], cwd: Path, env: dict[str, str], log: Path, timeout: float = 60.0) -> Iterator[str]:
    """Run ``command`` (``voila`` or ``cardlab app`` and their options, to which the port and
    the loopback address are added) in ``cwd``, its output in ``log``; yield the page's address
    once it answers, and stop it afterwards."""
    port = free_port()
    with log.open("w") as out:
        process = subprocess.Popen(
            [*command, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"],
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for_voila(port, process, log, timeout)
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def voila(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``cardlab app`` serving the test notebook; yields the page's address."""
    pytest.importorskip("voila", reason="Voilà is not installed (pip install 'cardlab[app]')")
    folder = tmp_path_factory.mktemp("voila")
    notebook = write_notebook(folder / "table.ipynb", CELLS)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        "JUPYTER_CONFIG_DIR": str(folder / "config"),
        "JUPYTER_RUNTIME_DIR": str(folder / "runtime"),
    }
    env.pop("ANYWIDGET_HMR", None)
    with serve_voila([sys.executable, "-m", "cardlab", "app", str(notebook)], folder, env, folder / "voila.log") as url:
        yield url


def offline_page(browser: Any, url: str, **context_options: Any) -> tuple[Any, list[str]]:
    """A page that may reach only this machine, and the errors it logs (a refused outside
    request is no error of ours). ``context_options`` go to the browser context (a 1400×1600
    viewport unless they give one)."""
    context = browser.new_context(**{"viewport": {"width": 1400, "height": 1600}, **context_options})
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
    page.on(
        "console",
        lambda msg: (
            errors.append(f"console error: {msg.text}")
            if msg.type == "error" and "Failed to load resource" not in msg.text
            else None
        ),
    )
    return page, errors


def test_voila_serves_the_table_and_a_move_is_played_on_it(voila, browser):
    page, errors = offline_page(browser, voila)
    try:
        page.goto(voila, timeout=TIMEOUT_MS)
        table = page.locator(".cardlab-table[data-rev]")
        table.wait_for(timeout=TIMEOUT_MS)
        assert page.locator(".jp-InputArea, .jp-Cell-inputWrapper").count() == 0, "Voilà shows no code"
        assert table.get_attribute("data-step") == str(len(MOVES))
        before = int(table.get_attribute("data-rev"))
        table.locator('.cardlab-tableau [data-code="4D"]').first.click()
        table.locator('.cardlab-menu [data-move="defend 4D"]').click(timeout=TIMEOUT_MS)
        page.wait_for_function(
            "(rev) => Number(document.querySelector('.cardlab-table').dataset.rev) > rev",
            arg=before,
            timeout=TIMEOUT_MS,
        )
        assert table.get_attribute("data-step") == str(len(MOVES) + 1)
        assert "defend with the 4♦" in table.locator(".cardlab-log-entry").last.inner_text()
        assert "defend with the 4♦" in table.locator(".cardlab-message-info .cardlab-message-text").inner_text()
        assert not errors, "\n".join(errors)
    finally:
        page.context.close()


def test_voila_light_theme_wins_over_a_dark_system(voila, browser):
    """Voilà's theme (light by default) sets the colours, whatever the system's colour scheme."""
    page, errors = offline_page(browser, voila, color_scheme="dark")
    try:
        page.goto(voila, timeout=TIMEOUT_MS)
        page.locator(".cardlab-table[data-rev]").wait_for(timeout=TIMEOUT_MS)
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "true"
        text = page.evaluate("() => getComputedStyle(document.querySelector('.cardlab-root')).color")
        assert text in ("rgba(0, 0, 0, 0.87)", "rgb(33, 33, 33)"), text  # JupyterLab light's font colour
        assert not errors, "\n".join(errors)
    finally:
        page.context.close()


def test_stopping_cardlab_app_stops_voila(browser_available, tmp_path):
    """``cardlab app`` becomes the Voilà process: a signal to it leaves no server behind."""
    pytest.importorskip("voila")
    notebook = write_notebook(tmp_path / "empty.ipynb", ("1 + 1",))
    port = free_port()
    log = tmp_path / "voila.log"
    env = {**os.environ, "PYTHONPATH": str(REPO), "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cardlab",
                "app",
                str(notebook),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
            ],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    wait_for_voila(port, process, log)
    process.terminate()
    process.wait(timeout=20)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if not answers(port):
            return
        time.sleep(0.2)
    raise AssertionError(f"Voilà still answers on port {port} after cardlab app was stopped")
