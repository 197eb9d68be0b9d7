"""A lesson room under a class's load: simulated learners and the teacher's live view, speaking
Solara's real websocket protocol to a real ``cardlab classroom``.

    python benchmarks/lesson_room.py                        # 60 learners, 60 s of answering
    python benchmarks/lesson_room.py --learners 30 60 --seconds 90 --lesson commerce-4-trades-and-barter

For each size it starts ``cardlab classroom`` on a fresh SQLite store holding one lesson room,
in a process of its own, and the simulated learners and the teacher in another. Each learner
joins as a browser does (POST /join, GET /play, the page's websocket running ``/play``) and
reads their lesson's synced view; the teacher opens the live view (the teacher's link, then
``/lesson?room=CODE``). Each learner acts at a class's pace, every 4 to 8 s: a question open,
they answer it (right about half the time, else a wrong answer, and now and then they reveal
it); none open, they go on with Next. The figure is the time from a learner's action leaving
their page to the teacher's websocket receiving the live view with that learner's row changed
(p50/p95/p99 in ms), beside the server's CPU (share of one core) and the load average before
and after. Not a timed test: the figures depend on the machine (docs/classroom.md quotes them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))
from classroom import _message, percentile  # noqa: E402

from cardlab import lessons  # noqa: E402
from cardlab.classroom.classroom import Classroom  # noqa: E402
from cardlab.classroom.store_address import open_store  # noqa: E402
from helpers.classroom_server import ClassroomServer  # noqa: E402

PACE = (4.0, 8.0)
JOINING = 30
_ROW = re.compile(r'<tr data-learner="([^"]*)"[^>]*>.*?</tr>', re.S)


async def _open_page(base: str, cookies: str, path: str, session: str) -> Any:
    url = base.replace("http", "ws") + f"/jupyter/api/kernels/{uuid.uuid4()}/channels?session_id={session}"
    socket = await websockets.connect(
        url, additional_headers={"Cookie": cookies}, max_size=2**26, open_timeout=300, ping_interval=None
    )
    control = uuid.uuid4().hex
    await socket.send(_message("comm_open", {"comm_id": control, "target_name": "solara.control", "data": {}}, session))
    run = {"path": path, "dark": False, "themes": {"light": {}, "dark": {}}, "appName": None}
    await socket.send(_message("comm_msg", {"comm_id": control, "data": {"method": "run", "args": run}}, session))
    return socket


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for item in value.values() for t in _texts(item)]
    if isinstance(value, list):
        return [t for item in value for t in _texts(item)]
    return []


class Teacher:
    """The teacher's live view: each learner's row as last received, and the latencies."""

    def __init__(self, base: str, link: str, code: str) -> None:
        self.base, self.link, self.code = base, link, code
        self.session = uuid.uuid4().hex
        self.rows: dict[str, str] = {}
        self.pending: dict[str, list[float]] = {}
        self.latencies: list[float] = []
        self.ready = asyncio.Event()

    async def open(self) -> None:
        async with httpx.AsyncClient(timeout=60) as http:
            answer = await http.get(self.link)
            assert answer.status_code == 303, answer.text
            cookies = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        self.socket = await _open_page(self.base, cookies, f"/lesson?room={self.code}", self.session)

    def sent(self, name: str) -> None:
        self.pending.setdefault(name, []).append(time.perf_counter())

    async def listen(self) -> None:
        try:
            async for frame in self.socket:
                if isinstance(frame, str) and "data-learner" in frame:
                    self._seen(frame)
        except websockets.ConnectionClosed:
            pass

    def _seen(self, frame: str) -> None:
        now = time.perf_counter()
        for text in _texts(json.loads(frame)):
            for row in _ROW.finditer(text):
                name, whole = row.group(1), row.group(0)
                if self.rows.get(name) != whole:
                    self.rows[name] = whole
                    waiting = self.pending.get(name)
                    if waiting:
                        self.latencies.append(now - waiting.pop(0))
        self.ready.set()


class Learner:
    """One simulated learner: their page's websocket and their lesson's view."""

    def __init__(self, base: str, code: str, name: str, lesson: lessons.Lesson, teacher: Teacher) -> None:
        self.base, self.code, self.name, self.lesson, self.teacher = base, code, name, lesson, teacher
        self.session = uuid.uuid4().hex
        self.comm: str | None = None
        self.view: dict[str, Any] = {}
        self.ready = asyncio.Event()
        self.lost = False

    async def join(self) -> None:
        async with httpx.AsyncClient(base_url=self.base, timeout=60) as http:
            answer = await http.post("/join", data={"room": self.code, "name": self.name})
            assert answer.status_code == 303, answer.text
            await http.get("/play")
            cookies = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        self.socket = await _open_page(self.base, cookies, "/play", self.session)

    async def listen(self) -> None:
        try:
            async for frame in self.socket:
                if not isinstance(frame, str) or "view_json" not in frame:
                    continue
                content = json.loads(frame).get("content", {})
                state = content.get("data", {}).get("state", {})
                if "view_json" in state:
                    view = json.loads(state["view_json"])
                    if view.get("component") == "lesson":
                        self.comm, self.view = content["comm_id"], view
                        self.ready.set()
        except websockets.ConnectionClosed:
            self.lost = True

    def _action(self) -> dict[str, Any] | None:
        lesson = self.view.get("lesson") or {}
        asked = lesson.get("question")
        if asked is None:
            return {"action": "next"} if lesson.get("can_next") else None
        question = self.lesson.steps[lesson["step"]].questions[asked["number"] - 1]
        roll = random.random()
        if roll < 0.1:
            return {"action": "reveal"}
        right = roll < 0.55 or asked.get("feedback") is not None
        if question.kind == "score":
            return {"action": "answer", "points": str(question.points + (0 if right else 1))}
        if question.kind == "cards":
            cards = sorted(c.code for c in question.cards)
            return {"action": "answer", "cards": cards if right else cards[1:]}
        wrong = [m["move"] for m in asked["moves"] if m["move"] not in {str(x) for x in question.moves}]
        return {"action": "answer", "move": str(question.moves[0]) if right or not wrong else wrong[0]}

    async def take(self, until: float) -> None:
        while time.perf_counter() < until and not self.lost:
            await asyncio.sleep(random.uniform(*PACE))
            action = self._action()
            if action is None or self.comm is None:
                continue
            data = {"method": "custom", "content": {**action, "rev": self.view["rev"]}}
            self.teacher.sent(self.name)
            try:
                await self.socket.send(_message("comm_msg", {"comm_id": self.comm, "data": data}, self.session))
            except websockets.ConnectionClosed:
                self.lost = True


async def run_class(url: str, link: str, code: str, pid: int, count: int, seconds: float, name: str) -> dict:
    lesson = lessons.load(name)
    teacher = Teacher(url, link, code)
    learners = [Learner(url, code, f"Learner {n + 1}", lesson, teacher) for n in range(count)]
    doors = asyncio.Semaphore(JOINING)

    tasks: list[asyncio.Task] = []

    async def join(learner: Learner) -> None:
        async with doors:
            await learner.join()
            tasks.append(asyncio.create_task(learner.listen()))  # a page reads its frames as they come

    await asyncio.gather(*(join(learner) for learner in learners))
    await teacher.open()
    tasks.append(asyncio.create_task(teacher.listen()))
    await asyncio.wait_for(asyncio.gather(*(x.ready.wait() for x in [*learners, teacher])), timeout=300)
    process = psutil.Process(pid)
    cpu_before, wall_before = process.cpu_times(), time.perf_counter()
    await asyncio.gather(*(learner.take(time.perf_counter() + seconds) for learner in learners))
    await asyncio.sleep(2.0)  # the last answers reach the teacher
    cpu_after, wall = process.cpu_times(), time.perf_counter() - wall_before
    cpu = (cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) / wall
    for x in [*learners, teacher]:
        await x.socket.close()
    for task in tasks:
        task.cancel()
    unseen = sum(len(v) for v in teacher.pending.values())
    lost = sum(learner.lost for learner in learners)
    return {"latencies": teacher.latencies, "cpu": cpu, "unseen": unseen, "lost": lost}


def measure(count: int, seconds: float, lesson: str) -> dict[str, Any]:
    """One size: the server in a process of its own, the learners and the teacher in another."""
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder) / "class.db"
        classroom = Classroom(open_store(f"sqlite:{store}"))
        code = classroom.create_lesson_room(lesson).code
        classroom.close()
        load_before = os.getloadavg()[0]
        server = ClassroomServer(store, Path(folder) / "server.log").start()
        try:
            pid = server.process.pid  # type: ignore[union-attr]
            line = [sys.executable, __file__, "--class", server.url, server.teacher_link, code, str(pid)]
            done = subprocess.run([*line, str(count), str(seconds), lesson], capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError(f"the learners' process failed:\n{done.stderr[-3000:]}")
            result = json.loads(done.stdout.splitlines()[-1])
        finally:
            server.stop()
        result["load"] = (load_before, os.getloadavg()[0])
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[60])
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of answering per size (default 60)")
    parser.add_argument("--lesson", default="card-commons-2-forced-defense")
    parser.add_argument("--class", dest="run", nargs="+", help=argparse.SUPPRESS)  # the learners' own process
    options = parser.parse_args()
    if options.run:
        url, link, code, pid, count, seconds, lesson = options.run
        print(json.dumps(asyncio.run(run_class(url, link, code, int(pid), int(count), float(seconds), lesson))))
        return
    print(
        f"{platform.python_implementation()} {platform.python_version()} ({sys.executable}), "
        f"{psutil.cpu_count()} cores; lesson {options.lesson}, an action every {PACE[0]:.0f}-{PACE[1]:.0f} s "
        f"per learner, {options.seconds:.0f} s of answering"
    )
    print("| learners | load (1 min) before, after | actions | answer to teacher's view p50 / p95 / p99 | server CPU |")
    print("|---:|---|---:|---|---:|")
    for count in options.learners:
        r = measure(count, options.seconds, options.lesson)
        lat = r["latencies"]
        figures = " / ".join(f"{percentile(lat, share):.0f} ms" for share in (0.5, 0.95, 0.99))
        print(
            f"| {count} | {r['load'][0]:.1f}, {r['load'][1]:.1f} | {len(lat)} | {figures} | "
            f"{r['cpu'] * 100:.0f}% of a core |" + (f" ({r['unseen']} unseen, {r['lost']} lost)" if r["unseen"] else "")
        )


if __name__ == "__main__":
    main()
