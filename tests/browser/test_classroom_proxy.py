"""Two ``cardlab classroom`` processes behind a real nginx, configured as docs/classroom.md
says ("Past one machine: shard by room"): the page's own nginx block, with its ports.

Learners join a room of each process through its path (/s1/, /s2/) and play it to the end by
clicks; every request and the websocket of their pages stay under that path; the teacher's
dashboard of each process is reached through its path and shows its own rooms. Missing nginx
skips these tests, unless CARDLAB_REQUIRE_BROWSER=1 (CI), where it fails them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.classroom_pages import TIMEOUT_MS, LearnerPage, close_pages, play_to_the_end
from helpers.classroom_server import ClassroomServer, prepare
from helpers.ports import free_port, wait_for_port

DOCS = Path(__file__).resolve().parents[2] / "docs" / "classroom.md"
SHARDS = {"s1": ("contest", {}), "s2": ("commitment", {})}


def docs_nginx_block() -> str:
    """The nginx configuration docs/classroom.md gives for sharding by room."""
    blocks = re.findall(r"```nginx\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, "docs/classroom.md shows one nginx configuration"
    return blocks[0]


def nginx_config(folder: Path, listen: int, ports: dict[str, int]) -> str:
    """The docs' block with this test's ports, inside the few lines nginx needs to run from a
    folder of its own in the foreground."""
    block = docs_nginx_block()
    assert "127.0.0.1:8001" in block and "127.0.0.1:8002" in block and "listen 80;" in block
    block = block.replace("127.0.0.1:8001", f"127.0.0.1:{ports['s1']}")
    block = block.replace("127.0.0.1:8002", f"127.0.0.1:{ports['s2']}")
    block = block.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""  # as root, workers would drop to nobody
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        f"events {{}}\nhttp {{\n    access_log {folder / 'access.log'};\n{temp}\n{block}}}\n"
    )


@pytest.fixture(scope="module")
def proxy(browser_available: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    program = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)
    if program is None:
        if os.environ.get("CARDLAB_REQUIRE_BROWSER") == "1":
            pytest.fail("the reverse-proxy tests are required (CARDLAB_REQUIRE_BROWSER=1) but nginx is missing")
        pytest.skip("nginx is not installed (apt-get install nginx)")
    folder = tmp_path_factory.mktemp("proxy")
    servers: dict[str, ClassroomServer] = {}
    codes: dict[str, str] = {}
    process = None
    try:
        for path, (game, options) in SHARDS.items():
            store = folder / f"{path}.db"
            codes[path] = prepare(store, [(game, options)])[0]
            servers[path] = ClassroomServer(store, folder / f"{path}.log").start()
        listen = free_port()
        config = folder / "nginx.conf"
        config.write_text(nginx_config(folder, listen, {p: s.port for p, s in servers.items()}))
        process = subprocess.Popen(
            [program, "-c", str(config), "-p", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
        log = folder / "error.log"
        wait_for_port(listen, process, "nginx", 20, lambda: log.read_text() if log.exists() else "")
        yield {"url": f"http://127.0.0.1:{listen}", "servers": servers, "codes": codes}
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=15)
        for server in servers.values():
            server.stop()


class ProxiedPage(LearnerPage):
    """A learner's page that also notes every address it asks for, and its websockets'."""

    def __init__(self, browser: Any, base: str) -> None:
        super().__init__(browser, base)
        self.asked: list[str] = []
        self.page.on("request", lambda request: self.asked.append(request.url))
        self.page.on("websocket", lambda socket: self.asked.append(socket.url))


@pytest.fixture
def pages(proxy: dict[str, Any], browser: Any) -> Iterator[Any]:
    opened: list[ProxiedPage] = []

    def open_page(path: str) -> ProxiedPage:
        page = ProxiedPage(browser, f"{proxy['url']}/{path}")
        opened.append(page)
        return page

    yield open_page
    assert close_pages(opened) == []


def _outside(page: ProxiedPage, base: str) -> list[str]:
    """The addresses the page asked the network for that are not under ``base`` (its process's
    path); what a page makes itself (``blob:`` and ``data:`` addresses) is not asked of the network."""
    origin = base.replace("http://", "ws://")
    asked = [url for url in page.asked if not url.startswith(("blob:", "data:"))]
    return [url for url in asked if not (url.startswith(base + "/") or url.startswith(origin + "/"))]


@pytest.mark.parametrize("path", sorted(SHARDS))
def test_learners_play_a_room_to_its_end_through_its_process_path(proxy, pages, path):
    code = proxy["codes"][path]
    players = [pages(path).join(code, name) for name in ("Ada", "Ben")]
    for page in players:
        page.wait_for_table()
    assert play_to_the_end(players) > 0
    base = f"{proxy['url']}/{path}"
    for page in players:
        assert page.over()
        assert any(url.startswith(base.replace("http://", "ws://") + "/") for url in page.asked)  # its websocket
        assert _outside(page, base) == []


def test_each_dashboard_is_reached_through_its_path_and_shows_its_own_rooms(proxy, pages):
    for path, server in proxy["servers"].items():
        teacher = pages(path)
        link = server.teacher_link.replace(server.url, f"{proxy['url']}/{path}")
        assert link.startswith(f"{proxy['url']}/{path}/")
        teacher.page.goto(link)
        teacher.page.wait_for_selector(".cardlab-room", timeout=TIMEOUT_MS)
        shown = teacher.page.locator(".cardlab-room-data").evaluate_all("els => els.map(e => e.dataset.room)")
        assert shown == [proxy["codes"][path]]
        assert _outside(teacher, f"{proxy['url']}/{path}") == []
