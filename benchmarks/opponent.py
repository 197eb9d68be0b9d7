"""The computer's move at a table: how long the kernel stays unable to answer while it thinks.

In a real IPython kernel (started with jupyter_client, as a notebook's), a table is made for a
learner playing B against cardlab's search player (``Table(session, viewer=1,
opponent="search")``), in a game where the computer moves first. A ticker on the kernel's event
loop, every 5 ms, records how late it runs: while the kernel's loop is busy, a click on the
table (stepping back, leaving) waits. The learner's moves are played from the kernel too, at
random, until the computer has made ``--moves`` moves.

It prints, per game: the time to make the table (the cell that shows it returns then), how
long the computer took to answer each time it was to move (from the learner's move to the
computer's), and the longest the loop was blocked while the computer thought (median and
worst over its turns). Target: the loop never blocked for more
than 50 ms (a click is answered at once), whatever the search takes.

With ``--hint``, the same for the Hint button (``Table(session, viewer=1, hint=True)``): the
learner asks for a hint on each of their turns (the table's ``hint`` action, as a click sends
it), and the times are from the click to the ranking shown.

With ``--hint-left``, a learner who does not wait for the hint: in each of ``--moves`` deals,
at a table against the rule of thumb with the Hint button (``Table(session, viewer=...,
opponent="heuristic", hint=True)``, the viewer the player to move first), the learner asks for
a hint, plays a move once its first ranking shows, and the time is from that move to the
computer's answer, which is worked out in the thread of the hint left behind.

    python benchmarks/opponent.py                # every game, 6 computer moves each
    python benchmarks/opponent.py --only commitment --moves 10
    python benchmarks/opponent.py --hint         # the Hint button, 6 hints per game
    python benchmarks/opponent.py --hint-left    # a move played without waiting for the hint
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: The target: the longest the kernel's loop may be blocked while the computer thinks, in ms.
TARGET_MS = 50.0

CELL = r"""
import asyncio, json, random, time
import cardlab
from cardlab.widgets import Table

async def measure(name, moves, seed):
    loop = asyncio.get_running_loop()
    game = cardlab.game(name)
    state, deal = None, seed
    while state is None:   # a deal where A, the computer, moves first
        candidate = game.deal(seed=deal)
        deal += 1
        if game.to_move(candidate) == 0:
            state = candidate
    session = cardlab.Session(game, state)
    late = []            # how late the ticker ran, in ms, each time
    ticking = [True]
    def tick(planned):
        now = time.perf_counter()
        late.append((now - planned) * 1000)
        if ticking[0]:
            loop.call_at(loop.time() + 0.005, tick, time.perf_counter() + 0.005)
    loop.call_soon(tick, time.perf_counter())
    start = time.perf_counter()
    table = Table(session, viewer=1, opponent="search", opponent_delay=0)
    made = (time.perf_counter() - start) * 1000
    rng = random.Random(seed)
    arrivals, blocked = [], []
    asked, first = start, 0
    while True:
        while not game.is_over(session.state) and game.to_move(session.state) == 0:
            await asyncio.sleep(0.002)          # the computer thinks
        arrivals.append((time.perf_counter() - asked) * 1000)
        blocked.append(max(late[first:] or [0.0]))
        if len(arrivals) >= moves or game.is_over(session.state):
            break
        while not game.is_over(session.state) and game.to_move(session.state) == 1:
            session.play(rng.choice(session.legal_moves()))    # the learner's move
        asked, first = time.perf_counter(), len(late)
    ticking[0] = False
    table.close()
    return {"made": made, "arrivals": arrivals, "blocked": blocked}

print("RESULT " + json.dumps(await measure(NAME, MOVES, SEED)))
"""

HINT_CELL = r"""
import asyncio, json, random, time
import cardlab
from cardlab.widgets import Table

async def measure(name, hints, seed):
    loop = asyncio.get_running_loop()
    game = cardlab.game(name)
    session = cardlab.Session(game, game.deal(seed=seed))
    late, ticking = [], [True]
    def tick(planned):
        late.append((time.perf_counter() - planned) * 1000)
        if ticking[0]:
            loop.call_at(loop.time() + 0.005, tick, time.perf_counter() + 0.005)
    loop.call_soon(tick, time.perf_counter())
    table = Table(session, viewer=1, hint=True)
    rng = random.Random(seed)
    arrivals, blocked = [], []
    while len(arrivals) < hints and not game.is_over(session.state):
        if game.to_move(session.state) != 1:
            session.play(rng.choice(session.legal_moves()))
            continue
        first, asked = len(late), time.perf_counter()
        table._handle_custom_msg({"action": "hint", "rev": table.view["rev"]}, [])   # the click
        while table.message.get("kind") not in ("hint", "error"):
            await asyncio.sleep(0.002)
        if table.message["kind"] == "error":   # a showdown on the table: go on from it
            table._handle_custom_msg({"action": "continue", "rev": table.view["rev"]}, [])
            continue
        arrivals.append((time.perf_counter() - asked) * 1000)
        await asyncio.sleep(0.02)    # the ticker's next tick says how late it ran meanwhile
        blocked.append(max(late[first:] or [0.0]))
        session.play(rng.choice(session.legal_moves()))
    ticking[0] = False
    table.close()
    return {"made": 0.0, "arrivals": arrivals, "blocked": blocked}

print("RESULT " + json.dumps(await measure(NAME, MOVES, SEED)))
"""

LEFT_CELL = r"""
import asyncio, json, random, time
import cardlab
from cardlab.widgets import Table

async def measure(name, deals, seed):
    loop = asyncio.get_running_loop()
    game = cardlab.game(name)
    late, ticking = [], [True]
    def tick(planned):
        late.append((time.perf_counter() - planned) * 1000)
        if ticking[0]:
            loop.call_at(loop.time() + 0.005, tick, time.perf_counter() + 0.005)
    loop.call_soon(tick, time.perf_counter())
    rng = random.Random(seed)
    arrivals, blocked = [], []
    for deal in range(seed, seed + deals):
        session = cardlab.Session(game, game.deal(seed=deal))
        viewer = game.to_move(session.state)
        table = Table(session, viewer=viewer, opponent="heuristic", opponent_delay=0, hint=True)
        def send(action, **more):
            table._handle_custom_msg({"action": action, "rev": table.view["rev"], **more}, [])
        said = table.message
        send("hint")                                    # the click
        while table.message is said or table.message.get("kind") not in ("hint", "error"):
            await asyncio.sleep(0.002)                  # its first ranking shows
        first, played = len(late), time.perf_counter()
        send("play", move=str(rng.choice(session.legal_moves())))
        moved = len(session.moves)
        while game.to_move(session.state) not in (None, viewer) and len(session.moves) == moved:
            if time.perf_counter() - played > 10:
                break                                   # a round's end the table holds for the learner
            await asyncio.sleep(0.002)                  # the computer's answer
        if len(session.moves) > moved:
            arrivals.append((time.perf_counter() - played) * 1000)
            blocked.append(max(late[first:] or [0.0]))
        table.close()
        await asyncio.sleep(1.5)                        # a hint still running ends before the next deal
    ticking[0] = False
    return {"made": 0.0, "arrivals": arrivals, "blocked": blocked}

print("RESULT " + json.dumps(await measure(NAME, MOVES, SEED)))
"""


def run(name: str, moves: int, seed: int, pythonpath: str, cell: str = CELL) -> dict:
    from jupyter_client.manager import start_new_kernel

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [pythonpath, env.get("PYTHONPATH")]))
    manager, client = start_new_kernel(kernel_name="python3", env=env, cwd=str(REPO))
    try:
        found: list[str] = []
        client.execute(cell.replace("NAME", repr(name)).replace("MOVES", str(moves)).replace("SEED", str(seed)))
        while True:
            try:
                message = client.get_iopub_msg(timeout=300)
            except queue.Empty:
                raise RuntimeError(f"{name}: no answer from the kernel") from None
            kind, content = message["msg_type"], message["content"]
            if kind == "stream" and "RESULT " in content["text"]:
                found.append(content["text"].split("RESULT ", 1)[1])
            elif kind == "error":
                raise RuntimeError(f"{name}: {content['ename']}: {content['evalue']}")
            elif kind == "status" and content["execution_state"] == "idle" and found:
                return json.loads(found[0])
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=6, help="computer moves per game (with --hint-left, deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", help="games to measure (default: every game)")
    parser.add_argument("--hint", action="store_true", help="the Hint button instead of the computer's move")
    parser.add_argument("--hint-left", action="store_true", help="the computer's answer after a hint left behind")
    args = parser.parse_args()
    what = "the Hint button" if args.hint else "the computer's move" + (" after a hint left" if args.hint_left else "")
    cell = HINT_CELL if args.hint else LEFT_CELL if args.hint_left else CELL
    sys.path.insert(0, str(REPO))
    import cardlab

    names = [n for n in cardlab.game_names() if not args.only or n in args.only]
    print(f"A learner's table in a real kernel, {what}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'game':<14} {'table made':>10} {('hint shown' if args.hint else 'move arrives') + ' (median, worst)':>29} "
        f"{'loop blocked (median, worst)':>29} {'target':>7} {'ratio':>6}"
    )
    for name in names:
        result = run(name, args.moves, args.seed, str(REPO), cell)
        arrivals, blocked = result["arrivals"], result["blocked"]
        worst = max(blocked)
        print(
            f"{name:<14} {result['made']:>8.0f}ms {median(arrivals):>14.0f}ms {max(arrivals):>11.0f}ms "
            f"{median(blocked):>14.0f}ms {worst:>11.0f}ms {TARGET_MS:>5.0f}ms {worst / TARGET_MS:>5.2f}x",
            flush=True,
        )
    print(
        f"loop blocked: the longest a 5 ms ticker on the kernel's event loop ran late while {what} was "
        "worked out (a click on the table waits that long); ratio: the worst over the target"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
