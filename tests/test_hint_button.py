"""The table's Hint button: the hint it names and its ranking, worked out beside a kernel's
event loop, refused out of turn, and naming no card hidden from the player."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

import cardlab
from cardlab import bots
from cardlab.widgets import Table
from cardlab.widgets.components import HINT_PLAYOUTS
from cardlab.widgets.viewmodel import move_cards
from helpers.card_finder import hidden_from, mentioned, shows_none_of
from helpers.kernel_loop import in_a_kernel, until
from helpers.widget_driver import CLAIMED, commons_session, first_legal, send, synced_text


def test_in_a_kernel_a_hint_is_worked_out_beside_the_loop(monkeypatch):
    """The Hint button's search runs in the computer's thread: the table says it is looking,
    answers a click meanwhile, and shows the ranking once found; asking again while it looks
    starts no second search."""
    import threading

    release, asked = threading.Event(), []

    def slow(game: Any, view: Any) -> Any:
        asked.append(threading.current_thread())
        release.wait(10)
        return bots.hint(game, view, playouts=40, seed=1)

    async def scenario(loop: Any) -> None:
        session = commons_session()
        table = Table(session, viewer=0, hint=slow)
        send(table, "hint")
        assert table.view["hinting"] == "Looking for a good move for A…" and table.message.get("kind") != "hint"
        send(table, "hint")  # the same hint is on its way: not asked again
        send(table, "explain", card=table.position().seen.hands[0][0].code)  # answered while it looks
        assert table.message["kind"] == "explain"
        await until(lambda: asked)
        assert len(asked) == 1 and asked[0] is not threading.current_thread()
        release.set()
        await until(lambda: table.message.get("kind") == "hint")
        assert "hinting" not in table.view and table.message["ranking"]["moves"]
        assert not session.moves
        table.close()

    in_a_kernel(monkeypatch, scenario)


def test_a_hint_that_comes_after_the_position_changed_is_dropped(monkeypatch):
    """A move played while the hint is worked out: the hint answers a position gone, so it is
    not shown; a failing hint is refused in the player's terms."""
    import threading

    gate, answered = threading.Semaphore(0), []

    def slow(game: Any, view: Any) -> Any:
        gate.acquire(timeout=10)
        answered.append(view)
        if len(answered) == 2:
            raise RuntimeError("A holds KS")  # a reason naming a hidden card
        return game.legal_moves(view)[0]

    async def scenario(loop: Any) -> None:
        session = commons_session()
        table = Table(session, viewer=1, hint=slow)
        session.play("commission 2S")  # B to move
        send(table, "hint")
        assert "hinting" in table.view
        session.play("commission 3S")  # the position changes meanwhile
        assert "hinting" not in table.view
        gate.release()
        await until(lambda: answered)
        await asyncio.sleep(0.05)
        assert table.message.get("kind") != "hint"  # dropped
        while session.game.to_move(session.state) != 1:  # B to move again: ask, and the hint fails
            session.play(session.legal_moves()[0])
        send(table, "hint")
        gate.release()
        await until(lambda: table.message.get("kind") == "error")
        assert table.message["text"] == "No hint here: the hint failed (RuntimeError)."
        assert "holds" not in synced_text(table)  # its reason names A's card: not shown to B
        table.close()

    in_a_kernel(monkeypatch, scenario)


def test_a_hint_left_behind_stops_its_search_and_the_computer_moves_at_once(monkeypatch):
    """The learner asks for a hint, then plays without waiting for it: the search stops at its
    next ranking, so the computer's move (worked out in the same thread) does not wait behind
    a hint nobody will see. The search here would rank on for ten seconds."""
    import dataclasses
    import threading
    import time

    from cardlab.widgets import components

    session = commons_session("commission 2S")  # B to move, then A, the computer
    game = session.game
    rough = dataclasses.replace(bots.hint(game, game.view(session.state, 1), playouts=20, seed=1), complete=False)
    rankings, stopped = [], threading.Event()

    def endless(game: Any, view: Any, **_: Any) -> Any:
        try:
            for _ in range(1000):
                time.sleep(0.01)
                rankings.append(view)
                yield rough
        finally:
            stopped.set()

    monkeypatch.setattr(components.bots, "hint_steps", endless)

    async def scenario(loop: Any) -> None:
        table = Table(session, viewer=1, opponent=first_legal, opponent_delay=0, hint=True)
        send(table, "hint")
        await until(lambda: rankings)
        send(table, "play", move="commission 3S")
        await until(lambda: len(session.moves) > 2, 5)  # the computer (A) has answered
        assert stopped.is_set() and len(rankings) < 100
        assert table.message.get("kind") != "hint"  # the hint of a position gone is not shown
        table.close()

    in_a_kernel(monkeypatch, scenario)


def test_in_a_kernel_a_hint_shows_a_first_ranking_then_the_complete_one(monkeypatch):
    """The Hint button is anytime: a first ranking (after one playout per move) is on the table
    while the full search runs beside the loop, then the complete hint, which is the hint the
    same search gives in one go. Both say why first; the figures are under Details."""
    from cardlab.widgets.components import HINT_PLAYOUTS, HINT_SEED

    session = commons_session(*CLAIMED)
    seen: list[dict] = []

    async def scenario(loop: Any) -> Any:
        table = Table(session, viewer=1, hint=True)
        table.observe(
            lambda change: seen.append(change["new"]) if change["new"].get("kind") == "hint" else None, names="message"
        )
        send(table, "hint")
        await until(lambda: any(m["ranking"]["complete"] for m in seen), 30)
        table.close()

    in_a_kernel(monkeypatch, scenario)
    assert len(seen) >= 2 and not seen[0]["ranking"]["complete"] and seen[-1]["ranking"]["complete"]
    assert all(m["ranking"]["reason"] for m in seen)
    game = session.game
    final = cardlab.bots.hint(game, game.view(session.state, 1), playouts=HINT_PLAYOUTS, seed=HINT_SEED)
    assert seen[-1]["text"] == f"Hint: {game.move_words(None, final.best.move)}"
    assert seen[-1]["ranking"]["reason"] == final.reason


def test_a_failing_hint_says_so_without_its_message_to_a_player():
    session = commons_session(*CLAIMED)
    a_hand = session.state.hands[0]

    def hint(game: Any, view: Any) -> Any:
        raise ValueError(f"sampled A's hand as {' '.join(c.code for c in a_hand)}")

    table = Table(session, viewer=1, hint=hint)
    message = send(table, "hint")
    assert message["kind"] == "error" and message["text"].startswith("No hint here: the hint failed (ValueError)")
    assert shows_none_of(table, a_hand)
    teacher = Table(session, hint=hint)
    assert "sampled A's hand" in send(teacher, "hint")["text"]


def test_a_hint_names_a_move_and_its_cards():
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1, hint=lambda game, view: (game.legal_moves(view)[1], "keep the red 4"))
    assert table.view["hint"] is True
    message = send(table, "hint")
    assert message == {**message, "kind": "hint", "text": "Hint: defend with the 4♦ — keep the red 4", "cards": ["4D"]}
    assert "ranking" not in message
    assert len(session.moves) == 3
    assert Table(session, viewer=1).view["hint"] is False
    just_a_move = Table(session, viewer=1, hint=lambda game, view: "defend 4H")
    assert send(just_a_move, "hint")["text"] == "Hint: defend with the 4♥"


def test_the_search_hint_ranks_every_legal_move_best_first():
    """``hint=True``: cardlab.bots.hint on the mover's view, with the table's playouts and
    seed; the message names the best move and its cards, and carries the whole ranking."""
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1, hint=True)
    message = send(table, "hint")
    view = session.game.view(session.state, 1)
    expected = bots.hint(session.game, view, playouts=HINT_PLAYOUTS, seed=0)
    best = expected.best.move
    assert message["kind"] == "hint" and message["text"] == f"Hint: {table._session.game.move_words(None, best)}"
    assert message["cards"] == [c.code for c in move_cards(best)]
    ranking = message["ranking"]
    assert [m["move"] for m in ranking["moves"]] == [str(m.move) for m in expected.moves]
    assert sorted(m["move"] for m in ranking["moves"]) == sorted(str(m) for m in session.legal_moves())
    first = ranking["moves"][0]
    row = expected.ranking[0]
    assert first == {
        **first,
        "place": 1,
        "average": row.average,
        "likely": row.likely,
        "note": row.note,
        "playouts": expected.best.playouts,
        "set_aside": False,
        "shown": True,
    }
    assert first["average"].endswith(" points") and first["note"].startswith("best")
    assert ranking["reason"] == expected.reason and ranking["comparison"] == expected.comparison
    assert (
        ranking["unit"]
        == str(expected.unit)
        == "points ahead of A once this round is scored (earlier rounds counted too)"
    )
    assert ranking["heading"] == expected.heading and ranking["playouts"] == expected.playouts
    assert [m["shown"] for m in ranking["moves"]] == [r in expected.shown for r in expected.ranking]
    json.dumps(message, allow_nan=False)  # plain JSON: no infinite interval
    assert send(table, "hint") == {**message, "id": message["id"] + 1}  # a fixed seed: the same hint again
    assert len(session.moves) == 3


def test_a_move_played_once_in_a_ranking_has_no_interval():
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1, hint=lambda game, view: bots.hint(game, view, playouts=1, seed=3))
    ranking = send(table, "hint")["ranking"]
    assert len(ranking["moves"]) == len(session.legal_moves())
    too_few = [m["likely"] == "too few playouts to say" for m in ranking["moves"]]
    assert too_few == [m["playouts"] < 2 for m in ranking["moves"]] and any(too_few)


def test_a_hint_is_refused_out_of_turn_and_when_the_game_is_over():
    session = commons_session(*CLAIMED)
    a = Table(session, viewer=0, hint=True)
    assert a.view["hint"] is True and not a.view["can_act"]
    assert send(a, "hint")["text"] == "It is B's turn, not yours."
    with pytest.raises(TypeError, match="hint is True"):
        Table(session, viewer=0, hint="search")


def test_a_teachers_hint_is_for_the_player_to_move_from_their_view_only():
    session = commons_session(*CLAIMED)
    seen: list[Any] = []

    def spy(game: Any, view: Any) -> Any:
        seen.append(view)
        return game.legal_moves(view)[0]

    send(Table(session, hint=spy), "hint")
    assert seen[0] == session.game.view(session.state, 1)


@pytest.mark.parametrize("name, plays", [("card-commons", 3), ("commerce", 0), ("commitment", 2), ("contest", 2)])
def test_a_players_hint_names_no_card_hidden_from_them(name, plays):
    game = cardlab.game(name)
    session = cardlab.Session(game, seed=7)
    for _ in range(plays):
        session.play(session.legal_moves()[0])
    mover = game.to_move(session.state)
    message = send(Table(session, viewer=mover, hint=True), "hint")
    assert message["kind"] == "hint" and len(message["ranking"]["moves"]) == len(session.legal_moves())
    leaked = mentioned(json.dumps(message, ensure_ascii=False)) & hidden_from(game, session.state, mover)
    assert not leaked
