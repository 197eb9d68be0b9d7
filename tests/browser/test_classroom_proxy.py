"""Two ``cardlab classroom`` processes on one Redis behind a real nginx, configured as
docs/classroom.md says ("Several processes behind a load balancer"): the page's own nginx
block, with its ports, sending requests to the two processes in turn (round robin), and the
processes started with ``--trusted-proxy 127.0.0.1``.

Learners join through the class's path (/class/) and play a room to the end by clicks, their
requests and websockets served by either process; every request stays under that path; the
teacher's dashboard, reached through it, shows every room; the proxy's X-Forwarded-For gives
each learner's own address, and one a learner makes up is not believed. Missing nginx or
redis-server skips these tests, unless CARDLAB_REQUIRE_BROWSER=1 (CI), where it fails them.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardlab.classroom.classroom import Classroom
from cardlab.classroom.store_address import open_store
from helpers.classroom_pages import TIMEOUT_MS, LearnerPage, close_pages, play_to_the_end
from helpers.classroom_server import ClassroomServer
from helpers.ports import free_port, wait_for_port

DOCS = Path(__file__).resolve().parents[2] / "docs" / "classroom.md"
PATH = "class"
ROOMS = ("contest", "commitment")


def docs_nginx_block() -> str:
    """The nginx configuration docs/classroom.md gives for several processes."""
    blocks = re.findall(r"```nginx\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, "docs/classroom.md shows one nginx configuration"
    return blocks[0]


def nginx_config(folder: Path, listen: int, ports: list[int]) -> str:
    """The docs' block with this test's ports, inside the few lines nginx needs to run from a
    folder of its own in the foreground."""
    block = docs_nginx_block()
    assert "127.0.0.1:8001" in block and "127.0.0.1:8002" in block and "listen 80;" in block
    assert f"location /{PATH}/" in block and "X-Forwarded-For $remote_addr" in block
    block = block.replace("127.0.0.1:8001", f"127.0.0.1:{ports[0]}")
    block = block.replace("127.0.0.1:8002", f"127.0.0.1:{ports[1]}")
    block = block.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""  # as root, workers would drop to nobody
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        f"events {{}}\nhttp {{\n    log_format upstreams '$request $upstream_addr';\n"
        f"    access_log {folder / 'access.log'} upstreams;\n{temp}\n{block}}}\n"
    )


def docs_command_options() -> list[str]:
    """The options docs/classroom.md starts each process with, past --port and --store."""
    text = DOCS.read_text(encoding="utf-8")
    lines = re.findall(r"^cardlab classroom --port 8001 (.*)$", text, re.M)
    assert lines, "docs/classroom.md starts the first process on port 8001"
    options = lines[0].split()
    return options[options.index("--store") + 2 :]


@pytest.fixture(scope="module")
def proxy(
    browser_available: None, redis_address: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    program = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)
    if program is None:
        if os.environ.get("CARDLAB_REQUIRE_BROWSER") == "1":
            pytest.fail("the reverse-proxy tests are required (CARDLAB_REQUIRE_BROWSER=1) but nginx is missing")
        pytest.skip("nginx is not installed (apt-get install nginx)")
    folder = tmp_path_factory.mktemp("proxy")
    address = f"{redis_address}?prefix=proxied"
    classroom = Classroom(open_store(address))
    codes = [classroom.create_room(game).code for game in ROOMS]
    classroom.close()
    options = docs_command_options()
    assert options[:2] == ["--trusted-proxy", "127.0.0.1"], options
    shared_key = ("--teacher-key-file", str(folder / "teacher.html"), "--keep-teacher-key")  # one key for both
    servers: list[ClassroomServer] = []
    process = None
    try:
        for number in (1, 2):
            args = (*options[:2], *shared_key)
            servers.append(ClassroomServer(folder / f"{number}.db", folder / f"{number}.log", store=address, args=args))
            servers[-1].start()
        listen = free_port()
        config = folder / "nginx.conf"
        config.write_text(nginx_config(folder, listen, [server.port for server in servers]))
        process = subprocess.Popen(
            [program, "-c", str(config), "-p", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
        log = folder / "error.log"
        wait_for_port(listen, process, "nginx", 20, lambda: log.read_text() if log.exists() else "")
        yield {"url": f"http://127.0.0.1:{listen}", "servers": servers, "codes": codes, "folder": folder}
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=15)
        for server in servers:
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


def _served_by(folder: Path) -> set[str]:
    """The processes (their ports) nginx sent requests to, from its access log."""
    return set(re.findall(r"127\.0\.0\.1:(\d+)$", (folder / "access.log").read_text(), re.M))


@pytest.mark.parametrize("room", [0, 1], ids=ROOMS)
def test_learners_play_a_room_to_its_end_through_the_round_robin_proxy(proxy, pages, room):
    code = proxy["codes"][room]
    players = [pages(PATH).join(code, name) for name in ("Ada", "Ben")]
    for page in players:
        page.wait_for_table()
    assert play_to_the_end(players) > 0
    base = f"{proxy['url']}/{PATH}"
    for page in players:
        assert page.over()
        assert any(url.startswith(base.replace("http://", "ws://") + "/") for url in page.asked)  # its websocket
        assert _outside(page, base) == []
    assert _served_by(proxy["folder"]) == {str(server.port) for server in proxy["servers"]}  # both served them


def test_the_dashboard_is_reached_through_the_path_and_shows_every_room(proxy, pages):
    server = proxy["servers"][0]
    teacher = pages(PATH)
    link = server.teacher_link.replace(server.url, f"{proxy['url']}/{PATH}")
    assert link.startswith(f"{proxy['url']}/{PATH}/")
    teacher.page.goto(link)
    teacher.page.wait_for_selector(".cardlab-room", timeout=TIMEOUT_MS)
    shown = teacher.page.locator(".cardlab-room-data").evaluate_all("els => els.map(e => e.dataset.room)")
    assert sorted(shown) == sorted(proxy["codes"])
    assert _outside(teacher, f"{proxy['url']}/{PATH}") == []


def _join_through(proxy: dict[str, Any], source: str, room: str, forged: str) -> str:
    """POST /class/join through nginx from the address ``source``, without cookies, with a
    made-up X-Forwarded-For: the page's text."""
    port = int(proxy["url"].rsplit(":", 1)[1])
    link = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    headers = {"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forged}
    link.request("POST", f"/{PATH}/join", body=f"room={room}&name=Eve{source[-1]}{forged[-1]}", headers=headers)
    text = link.getresponse().read().decode()
    link.close()
    return text


def test_the_proxy_gives_each_learners_own_address_and_a_made_up_one_is_not_believed(proxy):
    # each process counts wrong codes on its own, and nginx sends requests to each in turn
    for number in range(10 * len(proxy["servers"])):
        assert "no room with those letters" in _join_through(proxy, "127.0.0.2", "QQQQQQ", f"10.7.{number}.1")
    code = proxy["codes"][1]
    for forged in ("10.7.99.1", "10.7.99.2"):  # made up, so still 127.0.0.2 on both processes
        assert "Too many tries" in _join_through(proxy, "127.0.0.2", code, forged)
    # another learner behind the same proxy, at another address, joins
    assert "Too many tries" not in _join_through(proxy, "127.0.0.3", code, "10.7.99.3")
