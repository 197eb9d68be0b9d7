"""The classroom's limits, as a school meets them: wrong room codes counted per browser (one
learner's wrong codes lock out nobody else at the school's address), X-Forwarded-For believed
only from a trusted proxy, refusals that expire in a table of bounded size, and a join body
refused past its limit without being read whole (the memory of a 600 MB POST measured)."""

from __future__ import annotations

import http.client
import re
import socket
import threading
import warnings
from pathlib import Path

import pytest
from starlette.applications import Starlette

with warnings.catch_warnings():  # this Starlette prefers httpx2 for its test client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardlab.classroom.classroom import Classroom
from cardlab.classroom.limits import BROWSER_COOKIE, BrowserIds, JoinLimit, client_key
from cardlab.classroom.store_address import open_store
from cardlab.classroom.web import routes
from helpers.classroom_server import ClassroomServer, prepare

BIG = 600 * 2**20


@pytest.fixture
def classroom(tmp_path):
    classroom = Classroom(open_store(f"sqlite:{tmp_path / 'class.db'}"))
    yield classroom
    classroom.close()


def browser(classroom):
    """A browser of its own (its own cookies), at the test client's one address."""
    return TestClient(Starlette(routes=routes(lambda: classroom)), follow_redirects=False)


def test_one_browsers_wrong_codes_lock_out_nobody_else_at_its_address(classroom):
    room = classroom.create_room("commerce", players=3)
    guesser, learner = browser(classroom), browser(classroom)
    for page in (guesser, learner):
        assert BROWSER_COOKIE in page.get("/").headers["set-cookie"]  # the join page gives a browser id
    for _ in range(classroom.join_limit.attempts):
        assert "no room with those letters" in guesser.post("/join", data={"room": "QQQQQQ", "name": "Eve"}).text
    assert "Too many tries" in guesser.post("/join", data={"room": room.code, "name": "Eve"}).text
    assert learner.post("/join", data={"room": room.code, "name": "Ada"}).status_code == 303  # same address


def test_dropping_or_making_up_the_browser_id_gains_nothing(classroom):
    room = classroom.create_room("commerce", players=3)
    for number in range(classroom.join_limit.attempts):
        page = browser(classroom)  # no browser id, or a made-up one: the address's one "no browser" client
        page.cookies.set(BROWSER_COOKIE, f"made-up{number}.0123456789abcdef01234567")
        page.post("/join", data={"room": "QQQQQQ", "name": "Eve"})
    assert "Too many tries" in browser(classroom).post("/join", data={"room": room.code, "name": "Eve"}).text
    ids = BrowserIds("key", per_window=3)
    issued = [ids.issue("10.0.0.1") for _ in range(4)]
    assert None not in issued[:3] and issued[3] is None  # an address gets only so many new ids
    assert ids.issue("10.0.0.2") is not None and ids.check(issued[0]) == issued[0]
    assert ids.check(issued[0][:-1] + "x") == "" and BrowserIds("other").check(issued[0]) == ""


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_refusals_expire_and_the_table_stays_bounded():
    clock = Clock()
    limit = JoinLimit(attempts=2, seconds=60, most=50, clock=clock)
    for number in range(30):
        limit.refused(client_key(f"10.0.0.{number}"))
    limit.refused(client_key("10.0.0.1"))
    assert not limit.allowed(client_key("10.0.0.1")) and len(limit) == 30
    clock.now += 61
    assert limit.allowed(client_key("10.0.0.1")) and len(limit) == 0  # expired, and gone from the table
    for number in range(500):
        limit.refused(client_key(f"10.1.{number // 250}.{number % 250}", "b"))
    assert len(limit) == 50  # never more than ``most`` clients


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Two real servers: one trusting no proxy (the default), one trusting 127.0.0.1."""
    folder = tmp_path_factory.mktemp("limits")
    started = {}
    try:
        for name, args in (("plain", ()), ("proxied", ("--trusted-proxy", "127.0.0.1"))):
            store = folder / f"{name}.db"
            code = prepare(store, [("commerce", {"players": 3})])[0]
            started[name] = ClassroomServer(store, folder / f"{name}.log", args=args).start()
            started[name].code = code
        yield started
    finally:
        for server in started.values():
            server.stop()


def _post_join(server, room: str, source: str = "127.0.0.1", forwarded: str | None = None) -> tuple[int, str]:
    """POST /join without cookies from the address ``source``, with an X-Forwarded-For header."""
    link = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(source, 0))
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if forwarded is not None:
        headers["X-Forwarded-For"] = forwarded
    link.request("POST", "/join", body=f"room={room}&name=Eve{forwarded or ''}".replace(".", ""), headers=headers)
    answer = link.getresponse()
    text = answer.read().decode()
    link.close()
    return answer.status, text


def test_a_made_up_forwarded_for_is_not_believed_from_a_peer_that_is_not_a_trusted_proxy(servers):
    plain, proxied = servers["plain"], servers["proxied"]
    for server, source in ((plain, "127.0.0.1"), (proxied, "127.0.0.2")):
        for number in range(10):
            _post_join(server, "QQQQQQ", source, forwarded=f"10.9.{number}.1")
        assert "Too many tries" in _post_join(server, server.code, source, forwarded="10.9.99.1")[1]
    # from the trusted proxy, the address it forwards is the learner's: another learner still joins
    assert _post_join(proxied, proxied.code, "127.0.0.1", forwarded="10.9.99.2")[0] == 303


def _memory(pid: int) -> int:
    """The memory (resident set) of process ``pid`` now, in bytes."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) * 1024


def _most_memory_while(pid: int, work):
    """What ``work()`` gives, and the most memory process ``pid`` held meanwhile (read every 5 ms)."""
    most, done = [_memory(pid)], threading.Event()

    def watch() -> None:
        while not done.wait(0.005):
            most.append(_memory(pid))

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        return work(), max(most)
    finally:
        done.set()
        watcher.join()


def _post_big(port: int, chunked: bool) -> tuple[bytes, int]:
    """POST /join with a 600 MB body, chunked without a length or with its Content-Length,
    sent until the server answers; the answer's first bytes, and how much was sent."""
    link = socket.create_connection(("127.0.0.1", port), timeout=60)
    head = "POST /join HTTP/1.1\r\nHost: class\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    link.sendall(
        (head + ("Transfer-Encoding: chunked\r\n\r\n" if chunked else f"Content-Length: {BIG}\r\n\r\n")).encode()
    )
    piece, sent = b"room=" + b"A" * (2**20 - 5), 0
    try:
        while sent < BIG:
            link.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            sent += len(piece)
            link.setblocking(False)
            try:
                if link.recv(1, socket.MSG_PEEK):
                    break  # answered
            except BlockingIOError:
                pass
            finally:
                link.settimeout(60)
        else:
            link.sendall(b"0\r\n\r\n" if chunked else b"")
    except OSError:  # the server closed the link: it read no more
        pass
    try:
        answer = link.recv(200)
    except OSError:
        answer = b""
    link.close()
    return answer, sent


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's memory in /proc")
@pytest.mark.parametrize("chunked", [True, False], ids=["chunked", "content-length"])
def test_a_600_mb_join_is_refused_with_413_and_never_held_in_memory(servers, chunked):
    server = servers["plain"]
    before = _memory(server.process.pid)
    (answer, sent), most = _most_memory_while(server.process.pid, lambda: _post_big(server.port, chunked))
    grown = most - before
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert grown < BIG / 20, f"the server's memory grew by {grown / 2**20:.0f} MB for a 600 MB body"
    assert sent < BIG / 20  # refused without reading the rest
