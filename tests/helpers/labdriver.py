"""Drive JupyterLab in Chromium: start a server, open a notebook, run its cells one at a
time or all at once, restart its kernel, run Python in it, and use its cardlab widgets as a
learner does (:class:`Learner`).

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
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab.cli.common import LAB_SERVER_OPTION
from helpers.ports import free_port

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CARDLAB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = REPO / "tests" / "browser" / "screenshots"
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
            "cells": [
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "id": f"cell{i}",
                    "metadata": {},
                    "outputs": [],
                    "source": src,
                }
                for i, src in enumerate(cells)
            ],
            "metadata": {
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        (self.root / name).write_text(json.dumps(nb), encoding="utf-8")
        return f"{self.url}/lab/tree/{name}"

    def wait_ready(self) -> None:
        deadline = time.monotonic() + SERVER_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = self.log.read_text()[-3000:]
                raise RuntimeError(f"jupyter lab exited with {self.process.returncode}:\n{log}")
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
    port = free_port()
    env = dict(os.environ)
    # The kernels import the cardlab of this checkout.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["JUPYTER_CONFIG_DIR"] = str(home / "config")
    env["JUPYTER_RUNTIME_DIR"] = str(home / "runtime")
    env.pop("ANYWIDGET_HMR", None)
    log = base / "jupyter-lab.log"
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--allow-root",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}",
        LAB_SERVER_OPTION,
    ]  # cardlab's server extension, as `cardlab tutorials` loads it
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

_OPEN_JS = (
    """
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
"""
    % _PANEL_JS
)

_EXEC_JS = (
    """
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
"""
    % _PANEL_JS
)


# Resolves once the notebook's kernel has been idle for `quiet` ms on end (a computer
# opponent may still move a moment after the last cell has run).
_IDLE_JS = (
    """
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
"""
    % _PANEL_JS
)

# Every output of every code cell: its type, an error's name and value, a stream's name
# ("stdout", "stderr") and text, a widget view's model id and how many rendered cardlab
# widgets (root elements with a revision) it holds.
_OUTPUTS_JS = (
    """
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
        stream: json.name ?? null, text: typeof json.text === 'string' ? json.text.slice(0, 500) : null,
        model_id: view ? view.model_id : null,
        roots: node ? node.querySelectorAll('.cardlab-root[data-rev]').length : 0,
      });
    }
  });
  return found;
}
"""
    % _PANEL_JS
)


# Every cell of the notebook: its kind and first line. Each cell's node is marked with
# data-cardlab-cell="<index>" so that a test can find the widgets in its output.
_CELLS_JS = (
    """
(path) => {
  const find = %s;
  return find(path).content.widgets.map((cell, index) => {
    cell.node.dataset.cardlabCell = String(index);
    return {index, type: cell.model.type, head: cell.model.sharedModel.getSource().split('\\n')[0]};
  });
}
"""
    % _PANEL_JS
)

# Run one cell as Shift+Enter would (without moving on), or every cell ("Run All"), and
# resolve once the kernel has answered.
_RUN_CELL_JS = (
    """
async ([path, index]) => {
  const find = %s;
  const panel = find(path);
  window.jupyterapp.shell.activateById(panel.id);
  const notebook = panel.content;
  notebook.deselectAll();
  notebook.activeCellIndex = index;
  await window.jupyterapp.commands.execute('notebook:run-cell');
  notebook.widgets[index].node.dataset.cardlabCell = String(index);
  return true;
}
"""
    % _PANEL_JS
)

_RUN_ALL_JS = (
    """
async (path) => {
  const find = %s;
  const panel = find(path);
  window.jupyterapp.shell.activateById(panel.id);
  await window.jupyterapp.commands.execute('notebook:run-all-cells');
  return true;
}
"""
    % _PANEL_JS
)

# Restart the kernel as the Kernel menu does, without its confirmation dialog. The outputs
# are cleared first: their widget views would otherwise be left without models.
_RESTART_JS = (
    """
async (path) => {
  const find = %s;
  const panel = find(path);
  window.jupyterapp.shell.activateById(panel.id);
  await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');
  await panel.sessionContext.restartKernel();
  await panel.sessionContext.ready;
  return true;
}
"""
    % _PANEL_JS
)


class LabPage:
    """A Chromium page showing one notebook, with the errors it logged."""

    def __init__(self, page: Any, lab: LabServer, path: str, on_close: Callable[[LabPage], None] | None = None) -> None:
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
            "([sel, n]) => document.querySelectorAll(sel).length >= n", arg=[selector, count], timeout=WIDGET_TIMEOUT_MS
        )

    def wait_until_idle(self, quiet: float = 0.2, timeout: float = 120.0) -> None:
        """Wait until the notebook's kernel has been idle for ``quiet`` seconds on end and no
        table of it has anything still to come from the computer: no computer opponent due to
        move or thinking, and no hint on its way (they run beside the idle kernel)."""
        deadline = time.monotonic() + timeout
        while True:
            left = max(deadline - time.monotonic(), 0.0)
            self.page.evaluate(_IDLE_JS, [self.path, quiet * 1000, left * 1000])
            if self.run(_PENDING) == "0\n":
                return  # (its reply comes after every message the kernel sent before it)
            if time.monotonic() > deadline:
                raise AssertionError(f"a table of {self.path} still waited on the computer after {timeout:.0f} s")
            time.sleep(0.1)

    def outputs(self) -> list[dict[str, Any]]:
        """Every code cell's outputs as the page holds them (see ``_OUTPUTS_JS``)."""
        return self.page.evaluate(_OUTPUTS_JS, self.path)

    def cells(self) -> list[dict[str, Any]]:
        """Every cell: {"index", "type" ("code", "markdown", ...), "head" (its first line)}."""
        return self.page.evaluate(_CELLS_JS, self.path)

    def run_cell(self, index: int) -> None:
        """Run cell ``index`` (as Shift+Enter does, without moving on); return once it has run."""
        self.page.evaluate(_RUN_CELL_JS, [self.path, index])

    def run_all(self) -> None:
        """Run every cell again ("Run All"); return once the last has run."""
        self.page.evaluate(_RUN_ALL_JS, self.path)

    def restart_kernel(self) -> None:
        """Clear every output and restart the kernel; return once the new kernel is ready."""
        self.page.evaluate(_RESTART_JS, self.path)

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
            arg=light,
            timeout=WIDGET_TIMEOUT_MS,
        )

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

    def held_widgets(self, model_ids: list[str]) -> dict[str, int | None]:
        """Model id -> how many cardlab widgets that widget holds (None: unknown to the kernel)."""
        return json.loads(self.run(_COUNT_WIDGETS % json.dumps(model_ids)))

    def wait_for_widgets(self, cell: int) -> int:
        """Wait until every cardlab widget in cell ``cell``'s output is drawn; return how many."""
        views = [o["model_id"] for o in self.outputs() if o["cell"] == cell and o["model_id"]]
        if not views:
            return 0
        expected = sum(n or 0 for n in self.held_widgets(views).values())
        self.page.wait_for_function(
            "([cell, n]) => document.querySelectorAll(`[data-cardlab-cell='${cell}'] .cardlab-root[data-rev]`)"
            ".length >= n",
            arg=[cell, expected],
            timeout=WIDGET_TIMEOUT_MS,
        )
        return expected

    def problems(self, where: str) -> list[str]:
        """Everything that went wrong so far, each line saying ``where``: Python errors and
        warnings in the cells' outputs, JavaScript errors, and widgets saying that cardlab
        itself failed (a refused move or edit is the widget doing its job, not a problem)."""
        cells = {c["index"]: c["head"] for c in self.cells()}
        found = []
        for out in self.outputs():
            head = cells.get(out["cell"], "")
            if out["type"] == "error":
                found.append(f"{where}: cell {out['cell']} ({head!r}): {out['ename']}: {out['evalue']}")
            elif out["type"] == "stream" and out["stream"] == "stderr":
                found.append(f"{where}: cell {out['cell']} ({head!r}) wrote to stderr: {out['text']}")
        for text in self.page.locator(".cardlab-message-error .cardlab-message-text").all_inner_texts():
            if any(text.startswith(sign) or sign in text for sign in FAILURE_SIGNS):
                found.append(f"{where}: a widget says: {text}")
        errors, self.errors = self.errors, []
        found.extend(f"{where}: {error}" for error in errors)
        return found

    def undrawn(self, where: str) -> list[str]:
        """Each widget output that did not render, saying ``where``: an output must hold as many
        drawn cardlab widgets (root elements with a revision) as the kernel's widget holds (an
        ``HBox`` of an editor and a breakdown holds two)."""
        views = [o for o in self.outputs() if o["model_id"]]
        held = self.held_widgets([o["model_id"] for o in views])
        found = []
        for view in views:
            expected = held[view["model_id"]]
            if expected is None:
                found.append(f"{where}: cell {view['cell']}: widget {view['model_id']} is unknown to the kernel")
            elif view["roots"] != expected:
                found.append(f"{where}: cell {view['cell']}: {view['roots']} of its {expected} cardlab widgets drawn")
        return found


# Run in a notebook's kernel: how many live tables still wait on the computer (a computer
# opponent due to move or thinking, a hint on its way). Read by name from each Table, so that
# a renamed attribute fails here instead of counting nothing.
_PENDING = """
from ipywidgets.widgets import widget as _widget_module
from cardlab.widgets import Table as _Table
print(sum(any(getattr(w, a) is not None for a in ("_opponent_timer", "_thinking", "_hinting"))
          for w in list(_widget_module._instances.values()) if isinstance(w, _Table)))
"""

# Run in a notebook's kernel: model id -> how many cardlab widgets that widget holds
# (itself and, through its widget-valued traits such as a box's children, its contents).
_COUNT_WIDGETS = """
import json as _json
from ipywidgets.widgets import widget as _widget_module
from cardlab.widgets import SessionWidget as _SessionWidget

def _cardlab_widgets(widget, seen):
    if id(widget) in seen:
        return 0
    seen.add(id(widget))
    count = int(isinstance(widget, _SessionWidget))
    for name in widget.keys:
        value = getattr(widget, name, None)
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, _widget_module.Widget):
                count += _cardlab_widgets(item, seen)
    return count

# the registry of live widgets by model id (ipywidgets 8; Widget.widgets is its deprecated alias)
print(_json.dumps({i: _cardlab_widgets(_widget_module._instances[i], set()) if i in _widget_module._instances else None
                   for i in %s}))
"""

#: What a widget's message says when cardlab itself failed, rather than refusing a move.
FAILURE_SIGNS = ("cardlab could not do that", "The computer player for")


def copy_without_outputs(source: Path, root: Path, name: str | None = None) -> str:
    """Copy notebook ``source`` into ``root`` (as ``name``) without its stored outputs, which
    would otherwise be drawn first, from widget models that no longer exist."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    notebook.get("metadata", {}).pop("widgets", None)
    name = name or source.name
    (root / name).write_text(json.dumps(notebook), encoding="utf-8")
    return name


@dataclass(frozen=True)
class SteppedTable:
    """A widget with a stepper and a score that a :class:`Learner` stepped through: where it
    is, whether it is the teacher's, how many moves its log holds, and the score's totals
    after the last of them ("A 6 B 4")."""

    where: str
    teacher: bool
    moves: int
    totals: str


LEARNER_TIMEOUT_MS = 20_000
_PLAYABLE = ".cardlab-tableau .cardlab-playable"
#: How long a player's table may take to offer the player a move (a computer opponent moves
#: first, a moment after the previous move).
#: The most showdowns a learner goes on from while waiting for their turn.
MAX_SHOWDOWNS = 20
#: What :attr:`Learner.done` says of a table against the computer that offered no move to play.
NO_MOVE = "no highlighted card to play"
TURN_TIMEOUT_MS = 30_000


class Learner:
    """Uses the cardlab widgets on a notebook page as a learner in class does.

        On each widget: step back and forward through the moves (first, next, last, then a move
        in the middle of the log, where it is left), click a highlighted card and play the first
        move its menu offers (from wherever the stepper stands). On the teacher's table, a move
        played from the past starts a variation: go back to the main line, choose the variation
        again and keep it (it becomes the main line). On a table against the computer, step
        back and forward to the latest position, play there, wait for the computer's answer
        and step through the game. Press Hint where there is one, and change a card
        where there is an editor (the first swap the rules accept). In a lesson, try an answer to
    each question, reveal it and go on to the end. ``done`` lists every action,
        to say what the learner did when a later cell fails; ``tables`` the tables stepped through.
    """

    def __init__(self, page: LabPage) -> None:
        self.lab_page, self.page = page, page.page
        self.done: list[str] = []
        self.tables: list[SteppedTable] = []
        #: The lessons gone through: (where, title, steps gone on, finished).
        self.lessons: list[tuple[str, str, int, bool]] = []

    def use_cell(self, cell: int) -> None:
        roots = self.page.locator(f'[data-cardlab-cell="{cell}"] .cardlab-root[data-rev]')
        for i in range(roots.count()):
            self.use(roots.nth(i), f"cell {cell}")

    def use(self, root: Any, where: str) -> None:
        component = root.get_attribute("class").split()[1].removeprefix("cardlab-")
        where = f"{where}, {component}"
        against = root.locator('[data-key="opponent"]')
        computer = against.count() > 0 and against.input_value() != "people"
        if root.locator('[data-key="nav:first"]').count():
            # against the computer, back at the latest position: a player moves only there
            self.step_back_and_forward(root, where, leave_at_end=computer)
        if self.play_a_move(root, where, TURN_TIMEOUT_MS if computer else 0):
            if computer:
                self.wait_for_turn(root)
                self.step_back_and_forward(root, where, leave_at_end=True)
            elif root.get_attribute("data-line") == "variation":
                self.leave_and_keep_the_variation(root, where)
        if root.locator('[data-key="hint"]:not([disabled])').count():
            self.ask_for_hint(root, where)
        if component == "editor" or root.locator('[data-key="editing"]').count():
            self.change_a_card(root, where, component)
        if component == "lesson":
            self.work_through_lesson(root, where)

    # -- the actions --------------------------------------------------------------------------

    def step_back_and_forward(self, root: Any, where: str, leave_at_end: bool = False) -> None:
        total = int(root.locator(".cardlab-slider").get_attribute("max"))
        if total == 0:
            return
        middle = max(1, total // 2)
        targets = [("nav:first", 0), ("nav:next", 1), ("nav:last", total)]
        targets += [("nav:first", 0), ("nav:last", total)] if leave_at_end else [(f"log:{middle}", middle)]
        for key, step in targets:
            if root.get_attribute("data-step") != str(step):  # else that button is disabled
                root.locator(f'[data-key="{key}"]').first.click()
                self._wait(root, "(el, step) => el.dataset.step === String(step)", step)
            if key == "nav:last" and root.locator(".cardlab-breakdown").count():
                self.tables.append(SteppedTable(where, self._teacher(root), total, self._totals(root)))
        left_at = "the end" if leave_at_end else f"move {middle}"
        self.done.append(f"{where}: stepped back and forward, left at {left_at} of {total}")

    def play_a_move(self, root: Any, where: str, wait_ms: int = 0) -> bool:
        playable = root.locator(_PLAYABLE)
        if wait_ms:
            # A card to play, or a player's table looking back at an earlier move: a player
            # moves only at the game's latest position, so no card will be offered there.
            try:
                offered = f"(el) => !!el.querySelector('{_PLAYABLE}') || el.dataset.line === 'look'"
                self._wait(root, offered, None, wait_ms)
            except Exception:  # noqa: BLE001 - Playwright's TimeoutError: no move offered
                self.done.append(f"{where}: {NO_MOVE} within {wait_ms / 1000:.0f} s")
                return False
            if root.get_attribute("data-line") == "look" and playable.count() == 0:
                step = root.get_attribute("data-step")
                self.done.append(f"{where}: {NO_MOVE}, looking back at move {step}")
                return False
        if playable.count() == 0:
            return False
        card = playable.first
        code, step = card.get_attribute("data-code"), root.get_attribute("data-step")
        rev = root.get_attribute("data-rev")
        card.click()
        choice = root.locator(".cardlab-menu .cardlab-move").first
        choice.wait_for(timeout=LEARNER_TIMEOUT_MS)
        move = choice.get_attribute("data-move")
        choice.click()
        self._wait(root, "(el, rev) => el.dataset.rev !== rev", rev)
        self.done.append(f"{where}: clicked {code} at move {step} and played {move!r}")
        return True

    def work_through_lesson(self, root: Any, where: str, steps: int = 200) -> None:
        """Go through a lesson to its end as a hurried learner does: at each open question, try
        the first move a card's menu offers (or submit, or a wrong number), then reveal the
        answer; then Next, until the lesson is finished. Then go Back one step."""
        done = 0
        for _ in range(steps):
            if root.locator('[data-key="lesson:reveal"]').count():
                self.try_an_answer(root, where)
                if root.locator('[data-key="lesson:reveal"]').count():  # still open: the try was wrong
                    self._click(root, '[data-key="lesson:reveal"]')
                continue
            if not root.locator('[data-key="lesson:next"]:not([disabled])').count():
                break
            self._click(root, '[data-key="lesson:next"]')
            done += 1
        self.lessons.append(
            (
                where,
                root.locator(".cardlab-lesson-title").inner_text(),
                done,
                "Lesson finished" in root.locator(".cardlab-lesson-progress").inner_text(),
            )
        )
        if root.locator('[data-key="lesson:back"]:not([disabled])').count():
            self._click(root, '[data-key="lesson:back"]')
        self.done.append(f"{where}: went through the lesson to step {done}, revealing what was asked, and back one")

    def try_an_answer(self, root: Any, where: str) -> None:
        """One try at the open question, whatever its kind (it may be wrong: the lesson must cope)."""
        if root.locator('[data-key="lesson:points"]').count():
            root.locator('[data-key="lesson:points"]').fill("99")
            self._click(root, '[data-key="lesson:send-points"]')
        elif root.locator('[data-key="lesson:submit"]').count():
            self._click(root, '[data-key="lesson:submit"]')
        elif root.locator('.cardlab-tableau [title*="to choose from"]').count():  # a card's menu of answers
            card = root.locator('.cardlab-tableau [title*="to choose from"]').last  # a fan's last card is whole
            code = card.get_attribute("data-code")
            card.click()
            choice = root.locator(".cardlab-menu .cardlab-move").first
            choice.wait_for(timeout=LEARNER_TIMEOUT_MS)
            move = choice.get_attribute("data-move")
            rev = root.get_attribute("data-rev")
            choice.click()
            self._wait(root, "(el, rev) => el.dataset.rev !== rev", rev)
            self.done.append(f"{where}: clicked {code} and answered {move!r}")
        elif root.locator(".cardlab-question .cardlab-move").count():
            self._click(root, ".cardlab-question .cardlab-move")
        else:
            return
        self.done.append(f"{where}: tried an answer")

    def _click(self, root: Any, selector: str) -> None:
        rev = root.get_attribute("data-rev")
        root.locator(selector).first.click()
        self._wait(root, "(el, rev) => el.dataset.rev !== rev", rev)

    def leave_and_keep_the_variation(self, root: Any, where: str) -> None:
        """Go back to the main line, choose the variation again in the list of lines, and
        keep it: the variation becomes the main line."""
        for key, line in (("line:to_mainline", "main"), ("show-line:1", "variation"), ("line:promote", "main")):
            rev = root.get_attribute("data-rev")
            root.locator(f'[data-key="{key}"]').first.click()
            self._wait(root, "(el, [rev, line]) => el.dataset.rev !== rev && el.dataset.line === line", [rev, line])
        self.done.append(f"{where}: went back to the main line, chose the variation again and kept it")

    def wait_for_turn(self, root: Any) -> None:
        """Wait for the computer's answer: the player's turn again, or the end of the game. A
        round's showdown, or a round's end that the table holds for the player, is read and
        gone on from (Continue), as a learner does."""
        for _ in range(MAX_SHOWDOWNS):
            self._wait(
                root,
                "(el) => !!el.querySelector('.cardlab-tableau .cardlab-playable, .cardlab-over,"
                ' .cardlab-message-error, .cardlab-showdown, [data-key="continue"]\')',
                None,
                TURN_TIMEOUT_MS,
            )
            showdown = root.locator(".cardlab-showdown")
            if showdown.count():
                number = showdown.get_attribute("data-round")
                showdown.locator('[data-key="continue"]').click()
                self._wait(root, "(el, n) => !el.querySelector(`.cardlab-showdown[data-round='${n}']`)", number)
                self.done.append(f"went on from the showdown of round {number}")
                continue
            held = root.locator('.cardlab-choices [data-key="continue"]')
            if not held.count():
                return
            step = root.get_attribute("data-step")
            held.click()
            self._wait(root, "(el, step) => el.dataset.step !== step", step, TURN_TIMEOUT_MS)
            self.done.append(f"went on from the end of a round at move {step}")

    def ask_for_hint(self, root: Any, where: str) -> None:
        root.locator('[data-key="hint"]').click()
        self._wait(
            root, "(el) => !!el.querySelector('.cardlab-message-hint, .cardlab-message-error')", None, TURN_TIMEOUT_MS
        )
        self.done.append(f"{where}: asked for a hint")

    def change_a_card(self, root: Any, where: str, component: str) -> bool:
        """Change a card as the editor offers it: pick a card on the table, then a card of the
        deck to swap it with, until the rules accept a swap (a few tries)."""
        toggle = root.locator('[data-key="editing"]')
        if component != "editor":
            toggle.click()
        slots = root.locator(".cardlab-tableau .cardlab-card[role=button]")
        for s in range(min(slots.count(), 4)):
            slot = slots.nth(s)
            code = slot.get_attribute("data-code")
            slot.click()
            picks = root.locator(".cardlab-picker .cardlab-deck .cardlab-card")
            picks.first.wait_for(timeout=LEARNER_TIMEOUT_MS)
            for k in range(min(picks.count(), 4)):
                other = picks.nth(k).get_attribute("data-code")
                rev, said = root.get_attribute("data-rev"), self._message(root)
                picks.nth(k).click()
                self._wait(
                    root,
                    "(el, [rev, said]) => el.dataset.rev !== rev || "
                    "(el.querySelector('.cardlab-message-text')?.textContent ?? '') !== said",
                    [rev, said],
                )
                if root.get_attribute("data-rev") != rev:
                    self.done.append(f"{where}: swapped {code} with {other} in the editor")
                    if component != "editor":
                        toggle.click()  # "Done changing cards"
                    return True
            root.locator('[data-key="slot-cancel"]').click()
        self.done.append(f"{where}: the editor refused every swap tried")
        if component != "editor":
            toggle.click()
        return False

    # -- waiting ------------------------------------------------------------------------------

    @staticmethod
    def _teacher(root: Any) -> bool:
        viewer = root.locator(".cardlab-viewer")
        return viewer.count() > 0 and viewer.inner_text().startswith("Teacher")

    @staticmethod
    def _totals(root: Any) -> str:
        """The score breakdown's totals as "A 6 B 4"."""
        totals = root.locator(".cardlab-breakdown .cardlab-total").all_inner_texts()
        return " ".join(" ".join(t.split()) for t in totals)

    @staticmethod
    def _message(root: Any) -> str:
        text = root.locator(".cardlab-message-text")
        return text.first.text_content() if text.count() else ""

    def _wait(self, root: Any, predicate: str, arg: Any, timeout: int = LEARNER_TIMEOUT_MS) -> None:
        """Wait until ``predicate(rootElement, arg)`` (JavaScript) holds."""
        handle = root.element_handle()
        self.page.wait_for_function(f"([el, arg]) => ({predicate})(el, arg)", arg=[handle, arg], timeout=timeout)


def launch_chromium(playwright: Any) -> Any:
    """The system Chromium, headless, through Playwright."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
