"""axe-core, the accessibility checker, for the browser tests: fetched once with npm and cached.

    python tests/browser/axe.py      # fetch it now (CI does, so a test never waits on npm)

``script()`` returns the text of ``axe.min.js`` (the pinned version), fetched with
``npm pack`` into ``tests/browser/.cache/`` (git ignores it) the first time. ``run(page,
selector)`` injects it into a Playwright page and returns the violations axe finds in the
elements matching ``selector``, each as ``{id, impact, help, nodes: [{target, summary}]}``.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

AXE_VERSION = "4.14.1"
CACHE = Path(__file__).resolve().parents[1] / "browser" / ".cache"
SCRIPT = CACHE / f"axe-core-{AXE_VERSION}.min.js"


class AxeUnavailable(RuntimeError):
    """axe-core is not cached and npm cannot fetch it."""


def script() -> str:
    if not SCRIPT.exists():
        fetch()
    return SCRIPT.read_text(encoding="utf-8")


def fetch() -> Path:
    """``npm pack axe-core@AXE_VERSION`` and keep its ``axe.min.js`` in the cache."""
    npm = shutil.which("npm")
    if npm is None:
        raise AxeUnavailable(f"npm is not installed, and axe-core {AXE_VERSION} is not cached at {SCRIPT}")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", tmp, "--silent"],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        tarballs = list(Path(tmp).glob("axe-core-*.tgz"))
        if done.returncode != 0 or not tarballs:
            raise AxeUnavailable(f"npm pack axe-core@{AXE_VERSION} failed: {done.stderr.strip()[-500:]}")
        with tarfile.open(tarballs[0]) as tar:
            member = tar.extractfile("package/axe.min.js")
            if member is None:
                raise AxeUnavailable(f"the axe-core {AXE_VERSION} package has no axe.min.js")
            text = io.TextIOWrapper(member, encoding="utf-8").read()
    CACHE.mkdir(exist_ok=True)
    SCRIPT.write_text(text, encoding="utf-8")
    return SCRIPT


# JupyterLab's <body> is 0 px tall with its overflow hidden (the app is laid out absolutely
# inside it), which axe reads as clipping every element: its visual checks, colour contrast
# first, would then skip the whole page. While axe runs, <html> and <body> get the window's
# height, which changes nothing on screen. axe runs once the page's animations (a card gliding
# or fading in after a move) are over, or after 2 s: mid-fade, a text's contrast reads lower
# than it is.
_RUN_JS = """
async (selector) => {
  const settled = Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  const html = document.documentElement, body = document.body;
  const before = [html.style.height, body.style.height];
  html.style.height = body.style.height = '100%';
  let result;
  try {
    result = await axe.run(selector, {resultTypes: ['violations']});
  } finally {
    [html.style.height, body.style.height] = before;
  }
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary})),
  }));
}
"""


def run(page: Any, selector: str) -> list[dict[str, Any]]:
    """The violations axe finds in ``selector`` on a Playwright ``page`` (injecting axe once)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=script())
    return page.evaluate(_RUN_JS, selector)


def describe(violations: list[dict[str, Any]]) -> str:
    """Violations as readable lines, for a failing test's message."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines.extend(f"  {n['target']}: {' '.join((n['summary'] or '').split())[:300]}" for n in v["nodes"][:5])
    return "\n".join(lines)


def assert_clean(page: Any, selector: str, where: str) -> None:
    """axe finds nothing in ``selector`` of a JupyterLab page (a ``labdriver.LabPage``)."""
    violations = run(page.page, selector)
    assert not violations, f"axe-core {AXE_VERSION} on {where}:\n{describe(violations)}"


def assert_clean_in_both_themes(page: Any, selector: str, where: str) -> None:
    """:func:`assert_clean` in JupyterLab's light theme and in its dark one (then light again)."""
    for dark in (False, True):
        page.theme(dark)
        try:
            assert_clean(page, selector, f"{where}, {'dark' if dark else 'light'} theme")
        finally:
            page.theme(False)


if __name__ == "__main__":
    try:
        print(f"axe-core {AXE_VERSION}: {SCRIPT if SCRIPT.exists() else fetch()}")
    except AxeUnavailable as err:
        sys.exit(str(err))
