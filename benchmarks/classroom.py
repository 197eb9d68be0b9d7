"""Classroom rooms under load: simulated learners speaking Solara's real websocket protocol.

    python benchmarks/classroom.py                    # 50 and 200 rooms of 2, 60 s of play each
    python benchmarks/classroom.py --rooms 50 --seconds 30 --game commitment

For each size it starts ``cardlab classroom`` on a fresh SQLite store holding that many rooms,
in a process of its own, and the simulated learners in another process (so neither the
learners nor this script share the server's interpreter); it seats two learners per room,
each as a browser does it: the join form (POST
/join, which sets the seat cookie), the seat's page (GET /play), and the page's websocket
(``/jupyter/api/kernels/<id>/channels``: ``comm_open`` of ``solara.control``, then ``run``
for ``/play``). Each learner reads its table's synced view (``view_json``) and, on its turn,
waits a classroom pace (4 to 8 s) and sends the table's ``play`` message with its first legal
move (``continue`` at a round's showdown). It prints:

- the time for the whole class to join (every learner's table received; 30 learners are
  joining at any moment), and separately for a class of 60 (30 rooms);
- move to other page (end to end): from sending a move to the other learner's websocket
  receiving the table's new view, p50/p95/p99 in ms;
- the server's own time per move beside it: from the move reaching the room to every table of
  the room redrawn, as the server measured it (``CARDLAB_CLASSROOM_TIMES``), in wall time and in
  the CPU time of the thread that played it; the gap to the end-to-end time is the network,
  Solara's websocket and the machine's scheduling;
- the server's CPU (share of one core while playing) and memory (RSS) per seat;
- the interpreter and the load average (1 min) before and after each size: on a busy machine
  the end-to-end tail follows the load, the server's own time much less.

Not a timed test: the figures depend on the machine (they are quoted in docs/classroom.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import psutil
import websockets

import cardlab
from cardlab.games import CLASSROOM_GAME

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from helpers.classroom_server import ClassroomServer, prepare  # noqa: E402

PACE = (4.0, 8.0)
#: How many learners are joining at any moment (a class joins over a few seconds, not at once).
JOINING = 30


def _message(kind: str, content: dict[str, Any], session: str) -> str:
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": kind,
        "session": session,
        "username": "",
        "version": "5.2",
        "date": "2026-01-01T00:00:00Z",
    }
    return json.dumps(
        {"header": header, "parent_header": {}, "metadata": {}, "content": content, "buffers": [], "channel": "shell"}
    )


class Learner:
    """One simulated learner's browser: its cookies, its page's websocket, its table's view."""

    def __init__(self, base: str, code: str, name: str, room: Room) -> None:
        self.base, self.code, self.name, self.room = base, code, name, room
        self.session = uuid.uuid4().hex
        self.table_comm: str | None = None
        self.view: dict[str, Any] = {}
        self.ready = asyncio.Event()
        self.socket: Any = None

    async def join(self) -> None:
        async with httpx.AsyncClient(base_url=self.base, timeout=60) as http:
            answer = await http.post("/join", data={"room": self.code, "name": self.name})
            assert answer.status_code == 303, answer.text
            for attempt in range(3):  # a busy server may close a kept-alive link just as it is used
                try:
                    await http.get("/play")
                    break
                except httpx.TransportError:
                    if attempt == 2:
                        raise
            cookies = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        url = (
            self.base.replace("http", "ws") + f"/jupyter/api/kernels/{uuid.uuid4()}/channels?session_id={self.session}"
        )
        self.socket = await websockets.connect(
            url, additional_headers={"Cookie": cookies}, max_size=2**26, open_timeout=300, ping_interval=None
        )
        control = uuid.uuid4().hex
        await self.socket.send(
            _message("comm_open", {"comm_id": control, "target_name": "solara.control", "data": {}}, self.session)
        )
        run = {"path": "/play", "dark": False, "themes": {"light": {}, "dark": {}}, "appName": None}
        await self.socket.send(
            _message("comm_msg", {"comm_id": control, "data": {"method": "run", "args": run}}, self.session)
        )

    async def listen(self) -> None:
        try:
            await self._listen()
        except websockets.ConnectionClosed:
            self.room.lost += 1

    async def _listen(self) -> None:
        async for frame in self.socket:
            if not isinstance(frame, str) or "view_json" not in frame:
                continue
            content = json.loads(frame).get("content", {})
            state = content.get("data", {}).get("state", {})
            if "view_json" not in state:
                continue
            view = json.loads(state["view_json"])
            if view.get("component") != "table":
                continue
            self.table_comm, self.view = content["comm_id"], view
            self.ready.set()
            self.room.seen(self, view)

    async def send(self, content: dict[str, Any]) -> None:
        data = {"method": "custom", "content": {**content, "rev": self.view["rev"]}}
        await self.socket.send(_message("comm_msg", {"comm_id": self.table_comm, "data": data}, self.session))


class Room:
    """A room's two learners taking turns at a classroom pace; the latencies it measured."""

    def __init__(self, base: str, code: str, latencies: list[float]) -> None:
        self.learners = [Learner(base, code, name, self) for name in ("Ada", "Ben")]
        self.latencies = latencies
        self.sent: tuple[Learner, int, float] | None = None  # who moved, the step they moved at, when
        self.lost = 0  # websockets closed before the end

    def seen(self, learner: Learner, view: dict[str, Any]) -> None:
        sent = self.sent
        if sent is not None and learner is not sent[0] and view["step"] > sent[1]:
            self.latencies.append(time.perf_counter() - sent[2])
            self.sent = None

    async def play(self, until: float) -> None:
        try:
            await self._play(until)
        except websockets.ConnectionClosed:  # counted by the learner's listener, as a lost link
            pass

    async def _play(self, until: float) -> None:
        while time.perf_counter() < until:
            await asyncio.sleep(random.uniform(*PACE))
            for learner in self.learners:
                view = learner.view
                if view.get("showdown"):
                    await learner.send({"action": "continue"})
                elif view.get("can_act") and view.get("moves"):
                    self.sent = (learner, view["step"], time.perf_counter())
                    await learner.send({"action": "play", "move": view["moves"][0]["move"]})
                    break


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000 if ordered else float("nan")


async def run_class(url: str, pid: int, codes: list[str], seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    rooms = [Room(url, code, latencies) for code in codes]
    learners = [learner for room in rooms for learner in room.learners]
    process = psutil.Process(pid)
    started = time.perf_counter()
    doors = asyncio.Semaphore(JOINING)

    async def join(learner: Learner) -> None:
        async with doors:
            await learner.join()

    await asyncio.gather(*(join(learner) for learner in learners))
    listeners = [asyncio.create_task(learner.listen()) for learner in learners]
    await asyncio.wait_for(asyncio.gather(*(learner.ready.wait() for learner in learners)), timeout=300)
    joined = time.perf_counter() - started
    cpu_before, wall_before = process.cpu_times(), time.perf_counter()
    until = time.perf_counter() + seconds
    await asyncio.gather(*(room.play(until) for room in rooms))
    cpu_after, wall = process.cpu_times(), time.perf_counter() - wall_before
    cpu = (cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) / wall
    rss = process.memory_info().rss
    for learner in learners:
        await learner.socket.close()
    for task in listeners:
        task.cancel()
    lost = sum(room.lost for room in rooms)
    return {"joined": joined, "latencies": latencies, "cpu": cpu, "rss": rss, "seats": len(learners), "lost": lost}


def measure(rooms: int, seconds: float, game: str) -> dict[str, Any]:
    """One size: the server in a process of its own, the learners in another (this file,
    run with ``--learners``); the learners' figures and the server's own times."""
    with tempfile.TemporaryDirectory() as folder:
        store, times = Path(folder) / "class.db", Path(folder) / "times.json"
        codes = prepare(store, [(game, {})] * rooms)
        os.environ["CARDLAB_CLASSROOM_TIMES"] = str(times)
        load_before = os.getloadavg()[0]
        server = ClassroomServer(store, Path(folder) / "server.log").start()
        try:
            pid = server.process.pid  # type: ignore[union-attr]
            base_rss = psutil.Process(pid).memory_info().rss
            learners = subprocess.run(
                [sys.executable, __file__, "--learners", server.url, str(pid), str(seconds), *codes],
                capture_output=True,
                text=True,
            )
            if learners.returncode != 0:
                raise RuntimeError(f"the learners' process failed:\n{learners.stderr[-3000:]}")
            result = json.loads(learners.stdout.splitlines()[-1])
            result["base_rss"] = base_rss
            time.sleep(2.0)  # the server writes its times every second
        finally:
            server.stop()
            del os.environ["CARDLAB_CLASSROOM_TIMES"]
        own = json.loads(times.read_text()) if times.exists() else {"wall": [], "cpu": []}
        result.update(own=own["wall"], own_cpu=own["cpu"], load=(load_before, os.getloadavg()[0]))
        return result


def learners_process(url: str, pid: str, seconds: str, codes: list[str]) -> None:
    """The simulated learners, in a process of their own: their figures as JSON on stdout."""
    print(json.dumps(asyncio.run(run_class(url, int(pid), codes, float(seconds)))))


def _three(values: list[float]) -> str:
    return "/".join(f"{percentile(values, share):.0f}" for share in (0.5, 0.95, 0.99))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of play per size (default 60)")
    parser.add_argument("--game", default=CLASSROOM_GAME, choices=cardlab.game_names())
    parser.add_argument("--no-sixty", action="store_true", help="leave out the class of 60's join time")
    parser.add_argument("--learners", nargs="+", help=argparse.SUPPRESS)  # the learners' own process
    options = parser.parse_args()
    if options.learners:
        url, pid, seconds, *codes = options.learners
        learners_process(url, pid, seconds, codes)
        return
    print(
        f"{platform.python_implementation()} {platform.python_version()} ({sys.executable}), "
        f"{psutil.cpu_count()} cores; {options.game}, 2 seats a room, "
        f"a move every {PACE[0]:.0f}-{PACE[1]:.0f} s per room, {options.seconds:.0f} s of play"
    )
    if not options.no_sixty:
        sixty = measure(30, 0.0, options.game)
        print(f"a class of 60 joined (every table received) in {sixty['joined']:.1f} s")
    for rooms in options.rooms:
        r = measure(rooms, options.seconds, options.game)
        lat = r["latencies"]
        print(
            f"{rooms:4d} rooms ({r['seats']} seats), load {r['load'][0]:.1f} then {r['load'][1]:.1f}: "
            f"joined in {r['joined']:.1f} s; move to other page p50/p95/p99 {_three(lat)} ms ({len(lat)} moves); "
            f"the server's own time {_three(r['own'])} ms (CPU {_three(r['own_cpu'])} ms); "
            f"server CPU {r['cpu'] * 100:.0f}% of a core "
            f"({r['cpu'] * 100 / r['seats']:.2f}% a seat); memory {r['rss'] / 2**20:.0f} MB "
            f"({(r['rss'] - r['base_rss']) / 2**20 / r['seats']:.2f} MB a seat); {r['lost']} pages lost their link"
        )


if __name__ == "__main__":
    main()
