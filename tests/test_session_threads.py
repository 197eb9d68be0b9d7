"""One session shared by many threads, as a classroom's room is: pages' tables acting in their
own threads, a computer player in another, observers coming and going. No move is lost or
played twice, every observer is told of every change once, and every table ends showing the
game as it is."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

import cardlab
from cardlab.errors import IllegalMove
from cardlab.widgets import Table
from helpers.widget_driver import send

THREADS = 6
MOVES = 120


class Counter:
    """An observer that counts its calls and the main line's length it saw at each."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def __call__(self, session: cardlab.Session) -> None:
        self.seen.append(len(session.moves))


def _run(workers: list[Any]) -> None:
    errors: list[BaseException] = []

    def guarded(work: Any) -> None:
        try:
            work()
        except BaseException as err:  # noqa: BLE001 - reported by the test
            errors.append(err)

    threads = [threading.Thread(target=guarded, args=(w,)) for w in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(t.is_alive() for t in threads), "a thread is stuck"
    assert not errors, errors


def test_many_threads_playing_lose_no_move_and_tell_each_observer_once_per_change():
    session = cardlab.Session(cardlab.game("card-commons"), seed=3)  # about 80 moves of random play
    counters = [Counter() for _ in range(3)]
    for counter in counters:
        session.observe(counter)
    played: list[str] = []
    refused = [0]
    stop = threading.Event()

    def player(number: int) -> None:
        rng = random.Random(number)
        while not stop.is_set():
            legal = session.legal_moves()
            if not legal or len(session.moves) >= MOVES:
                stop.set()
                return
            move = rng.choice(legal)
            try:
                session.play(move)  # another thread may have moved since: then refused, and nothing changes
            except IllegalMove:
                refused[0] += 1
                continue
            played.append(str(move))

    def churn() -> None:  # observers joining and leaving meanwhile
        while not stop.is_set():
            session.observe(lambda s: None)()

    def reader() -> None:  # readings that must agree with each other whatever is played meanwhile
        while not stop.is_set():
            lines = session.narration(0)
            assert len(lines) <= MOVES + THREADS
            with session.lock:
                assert len(session.states) == len(session.moves) + 1

    _run([lambda n=n: player(n) for n in range(THREADS)] + [churn, reader])
    assert len(session.moves) == len(played)  # none lost, none twice
    assert sorted(played) == sorted(str(m) for m in session.moves)
    for counter in counters:  # each change told once, in order
        assert counter.seen == list(range(1, len(played) + 1))
    again = cardlab.Session.from_json(session.to_json())
    assert again.states == session.states


@pytest.mark.filterwarnings("ignore::cardlab.widgets.GuessableDealWarning")  # a seeded deal, for a repeatable test
def test_tables_acting_from_many_threads_keep_one_game():
    """A table per seat, each acting from its own thread (as Solara serves each page), a
    spectator looking back from another, and a room's computer playing from one more."""
    game = cardlab.game("commerce", players=4)
    session = cardlab.Session(game, seed=5)
    tables = [Table(session, viewer=seat, opponent_menu=False) for seat in range(3)]
    spectator = Table(session, spectator=True)
    counter = Counter()
    session.observe(counter)
    stop = threading.Event()

    def done() -> bool:
        if len(session.moves) >= MOVES or game.to_move(session.state) is None:
            stop.set()
        return stop.is_set()

    def page(table: Table) -> None:
        while not done():
            view = table.view
            if view["showdown"] is not None or view.get("round_held"):
                send(table, "continue")
            elif view["can_act"] and view["moves"]:
                send(table, "play", move=view["moves"][0]["move"])  # a stale click is refused, as on a page
            else:
                stop.wait(0.001)

    def room_computer() -> None:  # D has no table: the room plays for D
        rng = random.Random(0)
        while not done():
            with session.lock:
                if game.to_move(session.state) == 3:
                    session.play(rng.choice(session.legal_moves()))
            stop.wait(0.001)

    def watcher() -> None:
        rng = random.Random(1)
        while not done():
            send(spectator, "goto", index=rng.randrange(len(session.line_states)))

    _run([lambda t=t: page(t) for t in tables] + [room_computer, watcher])
    assert counter.seen == list(range(1, len(session.moves) + 1))
    assert len(session.moves) >= 10
    send(spectator, "follow")
    for table in [*tables, spectator]:
        assert table.view["step"] == session.index == len(session.moves)
        assert table.last_error is None or isinstance(table.last_error, ValueError)  # only refused clicks
    assert session.held_seats == {0, 1, 2}
