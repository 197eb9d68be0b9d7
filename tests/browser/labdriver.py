"""Drive JupyterLab in Chromium: start a server, open a notebook, run Python in its kernel.

Used by the browser tests (tests/browser/conftest.py) and by benchmarks/widget_latency.py.
Facts this relies on (JupyterLab 4, Playwright for Python with the system Chromium): as root
``jupyter lab`` needs ``--allow-root``; ``--LabApp.expose_app_in_browser`` exposes
``window.jupyterapp``; Playwright's own browser download does not work here, so the system
Chromium is launched with flags that keep it off the network.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CARDLAB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).parent / "screenshots"
SERVER_TIMEOUT = 60.0
WIDGET_TIMEOUT_MS = 60_000


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CARDLAB_CHROMIUM)"
    if importlib.util.find_spec("jupyterlab") is None:
        return "JupyterLab is not installed"
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LabServer:
    """A running ``jupyter lab`` serving ``root`` on ``port``, without a token."""

    def __init__(self, root: Path, port: int, process: subprocess.Popen, log: Path) -> None:
        self.root, self.port, self.process, self.log = root, port, process, log

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def notebook(self, name: str, *cells: str) -> str:
        """Write a notebook of code ``cells`` into the root folder; return its lab URL."""
        nb = {
            "cells": [{"cell_type": "code", "execution_count": None, "id": f"cell{i}",
                       "metadata": {}, "outputs": [], "source": src} for i, src in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5,
        }
        (self.root / name).write_text(json.dumps(nb), encoding="utf-8")
        return f"{self.url}/lab/tree/{name}"

    def wait_ready(self) -> None:
        deadline = time.monotonic() + SERVER_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"jupyter lab exited with {self.process.returncode}:\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"jupyter lab did not answer within {SERVER_TIMEOUT:.0f} s:\n{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start_lab(base: Path) -> LabServer:
    """Start ``jupyter lab`` on a free port, serving ``base/notebooks``; wait until it answers."""
    root, settings, home = base / "notebooks", base / "settings", base / "home"
    for folder in (root, settings, home, base / "workspaces"):
        folder.mkdir(parents=True, exist_ok=True)
    # No news or update checks: their pop-ups would cover the widgets.
    _setting(settings, "apputils-extension", "notification", {"fetchNews": "false", "checkForUpdates": False})
    # Every cell in the page, not only those scrolled into view, so every output can be counted.
    _setting(settings, "notebook-extension", "tracker", {"windowingMode": "none"})
    port = _free_port()
    env = dict(os.environ)
    # The kernels import the cardlab of this checkout.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["JUPYTER_CONFIG_DIR"] = str(home / "config")
    env["JUPYTER_RUNTIME_DIR"] = str(home / "runtime")
    env.pop("ANYWIDGET_HMR", None)
    log = base / "jupyter-lab.log"
    command = [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser",
               f"--port={port}", "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
               "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
               f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
               f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={base / 'workspaces'}"]
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = LabServer(root, port, process, log)
    try:
        server.wait_ready()
    except BaseException:
        server.stop()
        raise
    return server


def _setting(settings: Path, plugin: str, name: str, values: dict[str, Any]) -> None:
    folder = settings / "@jupyterlab" / plugin
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.jupyterlab-settings").write_text(json.dumps(values), encoding="utf-8")


# JavaScript run in the page: the notebook panel showing `path`, found through the exposed app.
_PANEL_JS = """
(path) => {
  for (const w of window.jupyterapp.shell.widgets('main')) {
    if (w.context && w.context.path === path) return w;
  }
  return null;
}
"""

_OPEN_JS = """
async (path) => {
  const find = %s;
  let panel = null;
  for (let i = 0; i < 600 && !(panel = find(path)); i++) await new Promise(r => setTimeout(r, 50));
  if (!panel) throw new Error('notebook ' + path + ' did not open');
  await panel.context.ready;
  await panel.sessionContext.ready;
  window.jupyterapp.shell.activateById(panel.id);
  await window.jupyterapp.commands.execute('notebook:run-all-cells');
  return true;
}
""" % _PANEL_JS

_EXEC_JS = """
async ([path, code]) => {
  const find = %s;
  const kernel = find(path).sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let out = '', err = null;
  future.onIOPub = (msg) => {
    const kind = msg.header.msg_type;
    if (kind === 'stream') out += msg.content.text;
    else if (kind === 'error') err = msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return {out, err};
}
""" % _PANEL_JS


# Resolves once the notebook's kernel has been idle for `quiet` ms on end (a computer
# opponent may still move a moment after the last cell has run).
_IDLE_JS = """
async ([path, quiet, timeout]) => {
  const find = %s;
  const kernel = () => find(path).sessionContext.session.kernel;
  const start = Date.now();
  let idleSince = null;
  while (Date.now() - start < timeout) {
    if (kernel().status === 'idle') {
      idleSince = idleSince ?? Date.now();
      if (Date.now() - idleSince >= quiet) return true;
    } else {
      idleSince = null;
    }
    await new Promise(r => setTimeout(r, 50));
  }
  throw new Error('the kernel of ' + path + ' was still busy after ' + timeout + ' ms');
}
""" % _PANEL_JS

# Every output of every code cell: its type, an error's name and value, a widget view's
# model id and how many rendered cardlab widgets (root elements with a revision) it holds.
_OUTPUTS_JS = """
(path) => {
  const find = %s;
  const found = [];
  find(path).content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const outputs = cell.model.outputs;
    for (let j = 0; j < outputs.length; j++) {
      const out = outputs.get(j);
      const json = out.toJSON();
      const view = out.data['application/vnd.jupyter.widget-view+json'];
      const node = cell.outputArea.widgets[j] ? cell.outputArea.widgets[j].node : null;
      found.push({
        cell: index, type: out.type, ename: json.ename ?? null, evalue: json.evalue ?? null,
        model_id: view ? view.model_id : null,
        roots: node ? node.querySelectorAll('.cardlab-root[data-rev]').length : 0,
      });
    }
  });
  return found;
}
""" % _PANEL_JS


class LabPage:
    """A Chromium page showing one notebook, with the errors it logged."""

    def __init__(self, page: Any, lab: LabServer, path: str,
                 on_close: Callable[[LabPage], None] | None = None) -> None:
        self.page, self.lab, self.path, self.on_close = page, lab, path, on_close
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", self._page_error)

    def _page_error(self, err: Any) -> None:
        stack = getattr(err, "stack", None)  # where it was thrown, for the failure's report
        self.errors.append(f"page error: {err}" + (f"\n{stack}" if stack else ""))

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.errors.append(f"console error: {msg.text}")

    def open(self, selector: str, count: int = 1) -> None:
        """Open the notebook, run all its cells and wait for ``count`` elements matching ``selector``."""
        # A workspace of its own, reset: JupyterLab would otherwise reopen earlier tests'
        # notebooks, whose widgets' comms are gone.
        workspace = Path(self.path).stem
        self.page.goto(f"{self.lab.url}/lab/workspaces/{workspace}/tree/{self.path}?reset")
        self.page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=WIDGET_TIMEOUT_MS)
        self.page.evaluate("() => window.jupyterapp.started")
        self.page.evaluate(_OPEN_JS, self.path)
        self.page.wait_for_function(
            "([sel, n]) => document.querySelectorAll(sel).length >= n", arg=[selector, count],
            timeout=WIDGET_TIMEOUT_MS)

    def wait_until_idle(self, quiet: float = 1.5, timeout: float = 120.0) -> None:
        """Wait until the notebook's kernel has been idle for ``quiet`` seconds on end."""
        self.page.evaluate(_IDLE_JS, [self.path, quiet * 1000, timeout * 1000])

    def outputs(self) -> list[dict[str, Any]]:
        """Every code cell's outputs as the page holds them (see ``_OUTPUTS_JS``)."""
        return self.page.evaluate(_OUTPUTS_JS, self.path)

    def run(self, code: str) -> str:
        """Run Python ``code`` in the notebook's kernel; return what it printed."""
        result = self.page.evaluate(_EXEC_JS, [self.path, code])
        if result["err"]:
            raise AssertionError(f"kernel error running {code!r}: {result['err']}")
        return result["out"]

    def close(self) -> None:
        """Close the page, then shut its kernel down through the server's REST API (shutting
        it down from the page would make the page log errors about the widgets' closed comms)."""
        self.page.context.close()
        if self.on_close is not None:
            self.on_close(self)
        with urllib.request.urlopen(f"{self.lab.url}/api/sessions", timeout=10) as resp:
            sessions = json.load(resp)
        for session in sessions:
            if session.get("path") == self.path:
                request = urllib.request.Request(f"{self.lab.url}/api/sessions/{session['id']}", method="DELETE")
                urllib.request.urlopen(request, timeout=10).close()

    def assert_no_errors(self) -> None:
        errors, self.errors = self.errors, []
        assert not errors, "the page logged errors:\n" + "\n".join(errors)

    def theme(self, dark: bool) -> None:
        """Switch JupyterLab to its dark (or light) theme and wait until the switch is over.

        Over means the theme is applied *and* its splash screen is gone. JupyterLab shows the
        splash while a theme loads and removes it 200 ms after; a second switch within those
        200 ms shows the same splash again, and the first switch's removal takes it away early,
        so the second's removal then throws "Failed to execute 'removeChild' on 'Node'" into
        whatever the page does next.
        """
        name, light = ("JupyterLab Dark", "false") if dark else ("JupyterLab Light", "true")
        self.page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", name)
        self.page.wait_for_function(
            "(l) => document.body.dataset.jpThemeLight === l && !document.getElementById('jupyterlab-splash')",
            arg=light, timeout=WIDGET_TIMEOUT_MS)

    def window(self, width: int, height: int, *, left_bar: bool = True) -> None:
        """Resize the browser window, and open or close JupyterLab's left side bar."""
        self.page.set_viewport_size({"width": width, "height": height})
        command = "expandLeft" if left_bar else "collapseLeft"
        self.page.evaluate(f"() => window.jupyterapp.shell.{command}()")
        self.page.wait_for_timeout(200)  # the notebook lays itself out again

    def screenshot(self, name: str, selector: str | None = None) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        target = self.page.locator(selector).first if selector else self.page
        target.screenshot(path=str(path))
        return path




def launch_chromium(playwright: Any) -> Any:
    """The system Chromium, headless, through Playwright."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
