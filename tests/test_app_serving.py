"""``cardlab app`` as Voilà serves it, fetched over HTTP (no browser needed):

- every link of the teacher's guide, as Voilà renders it, answers 200 (the pages of docs/, the
  README, the other tutorials), and so does every relative link of each Markdown page reached
  that way (Voilà serves only allow-listed files: cardlab allows the shipped pages);
- ``--host`` chooses the address Voilà listens on, 127.0.0.1 by default. The other address is
  another one of this machine's loopback range (127.0.0.2), so nothing leaves the machine.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from test_links import HTML_LINK, MD_LINK

from helpers.ports import answers, free_port, wait_for_port

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("voila", reason="Voilà is not installed (pip install 'cardlab[app]')")


@contextmanager
def app(args: list[str], folder: Path, host: str = "127.0.0.1") -> Iterator[tuple[str, int]]:
    """``cardlab app ARGS`` on a free port, until it answers on ``host``; yields (host, port)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_RUNTIME_DIR": str(folder / "runtime")}
    env.pop("ANYWIDGET_HMR", None)
    log = folder / "voila.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "cardlab", "app", *args, "--no-browser", f"--port={port}", "--Voila.port_retries=0"],
            cwd=folder,
            env={**env, "TMPDIR": str(folder)},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for_port(port, process, "cardlab app", 60, lambda: log.read_text()[-3000:], host)
        yield host, port
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=120) as answer:
            return answer.status
    except urllib.error.HTTPError as err:
        return err.code


def relative(targets: list[str]) -> list[str]:
    return [t for t in targets if not urllib.parse.urlsplit(t).scheme and not t.startswith(("//", "#"))]


def test_every_link_of_the_teachers_guide_app_answers(tmp_path):
    with app(["05_teachers_guide"], tmp_path) as (host, port):
        base = f"http://{host}:{port}/"
        with urllib.request.urlopen(base, timeout=300) as answer:
            page = answer.read().decode("utf-8")
        # The notebook's own links (Voilà's assets, under /voila/, are not the guide's).
        found = [t for t in relative(HTML_LINK.findall(page)) if not t.startswith("/voila/")]
        assert len(found) >= 14, found
        queue = [urllib.parse.urljoin(base, t) for t in found]
        seen: set[str] = set()
        failed = []
        while queue:
            url = queue.pop(0)
            plain = urllib.parse.urldefrag(url).url
            if plain in seen:
                continue
            seen.add(plain)
            code = status(plain)
            if code != 200:
                failed.append(f"{plain}: {code}")
            elif plain.endswith(".md"):  # a page served as it is: its own links are followed too
                with urllib.request.urlopen(plain, timeout=60) as answer:
                    text = re.sub(r"(?ms)^ {0,3}```.*?^ {0,3}```", "", answer.read().decode("utf-8"))
                queue += [urllib.parse.urljoin(answer.url, t) for t in relative(MD_LINK.findall(text))]
                queue += [urllib.parse.urljoin(answer.url, t) for t in relative(HTML_LINK.findall(text))]
        assert not failed, "\n".join(failed)
        print(f"Voilà: {len(found)} links of the guide, {len(seen)} addresses in all")


def test_app_serves_this_computer_only_unless_told_a_host(tmp_path):
    notebook = tmp_path / "one.ipynb"
    notebook.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n', encoding="utf-8")
    with app([str(notebook)], tmp_path) as (_, port):
        assert answers(port, "127.0.0.1") and not answers(port, "127.0.0.2")
    with app([str(notebook), "--host", "127.0.0.2"], tmp_path, host="127.0.0.2") as (host, port):
        assert status(f"http://{host}:{port}/") == 200
        assert not answers(port, "127.0.0.1")
    helped = subprocess.run(
        [sys.executable, "-m", "cardlab", "app", "--help"], capture_output=True, text=True, env={**os.environ}
    )
    assert "--host" in helped.stdout and "default 127.0.0.1" in helped.stdout


def test_the_teachers_guide_says_how_to_share_first_with_the_host_beside_the_binder_links():
    import json

    notebook = json.loads((ROOT / "notebooks" / "05_teachers_guide.ipynb").read_text(encoding="utf-8"))
    headings = [
        "".join(c["source"])
        for c in notebook["cells"]
        if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## ")
    ]
    sharing = headings[0]
    assert sharing.startswith("## Sharing with learners")
    assert "mybinder.org/v2/gh/" in sharing and "--host 0.0.0.0" in sharing
    # What serving on the network exposes.
    assert "no\npassword" in sharing or "no password" in sharing
    assert "not its code" in sharing and "other tutorials" in sharing
