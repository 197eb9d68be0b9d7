"""Tables sharing one session: a player's table holds its seat, so no other table's computer
plays it; a table without the "Play against" menu; a spectator's table, which sees every card,
never changes the game and looks back on its own."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import cardlab
from cardlab.widgets import Table
from helpers.kernel_loop import in_a_kernel, until
from helpers.widget_driver import CLAIMED, commons_session, first_legal, send


class Computer:
    """A computer player that plays the first legal move and remembers whom it played for."""

    def __init__(self) -> None:
        self.played_for: list[int] = []

    def __call__(self, game: Any, view: Any) -> Any:
        self.played_for.append(game.to_move(view))
        return first_legal(game, view)


def _play_own_turns(table: Table, turns: int) -> list[str]:
    """Play ``turns`` moves on ``table`` (its first legal move each time); the moves sent."""
    sent = []
    for _ in range(turns):
        assert table.view["can_act"], table.view["waiting"]
        move = table.view["moves"][0]["move"]
        send(table, "play", move=move)
        sent.append(move)
    return sent


def _moves_of(session: cardlab.Session, player: int) -> list[str]:
    game = session.game
    return [str(m) for s, m in zip(session.states, session.moves) if game.to_move(s) == player]


# -- seats held by people -------------------------------------------------------------------------


def test_a_computer_on_one_table_never_plays_the_seat_another_table_holds():
    session = commons_session()
    b_table = Table(session, viewer=1)
    computer = Computer()
    a_table = Table(session, viewer=0, opponent=computer)
    assert session.held_seats == {0, 1}
    sent_by_b = []
    while len(session.moves) < 12:
        to_move = session.game.to_move(session.state)
        table = a_table if to_move == 0 else b_table
        sent = _play_own_turns(table, 1)
        if to_move == 1:
            sent_by_b += sent
    assert computer.played_for == []  # A's computer never moved: A plays A, and B is B's
    assert _moves_of(session, 1) == sent_by_b
    opponent = a_table.view["opponent"]
    assert opponent["note"] == "B plays at another table, so the computer does not play for B."
    assert [c["value"] for c in opponent["choices"] if not c.get("disabled")] == ["people"]


def test_choosing_the_computer_while_every_other_seat_is_held_is_refused():
    session = commons_session()
    Table(session, viewer=1)
    a_table = Table(session, viewer=0)
    message = send(a_table, "opponent", name="random")
    assert message["kind"] == "error"
    assert message["text"] == (
        "B plays at another table, so the computer does not play for B. There is no seat left for the computer to play."
    )
    assert a_table.opponent == "people" and not session.moves


def test_closing_the_other_table_frees_its_seat_for_the_computer():
    session = commons_session()
    b_table = Table(session, viewer=1)
    computer = Computer()
    a_table = Table(session, viewer=0, opponent=computer)
    _play_own_turns(a_table, 1)  # A's Commission; B to move, at B's table
    assert session.game.to_move(session.state) == 1 and computer.played_for == []
    b_table.close()
    assert session.held_seats == {0}
    assert computer.played_for == [1] and len(session.moves) == 2  # the computer took B's turn at once
    assert a_table.view["opponent"]["note"] == ""
    assert all(not c.get("disabled") for c in a_table.view["opponent"]["choices"])


def test_a_seat_held_twice_stays_held_until_both_tables_close():
    session = commons_session()
    first, second = Table(session, viewer=1), Table(session, viewer=1)
    first.close()
    assert session.held_seats == {1}
    second.close()
    assert session.held_seats == set()


def test_the_computer_plays_only_the_free_seats_of_a_larger_game():
    game = cardlab.game("commerce", players=4)
    session = cardlab.Session(game, seed=11)
    c_table = Table(session, viewer=2)
    computer = Computer()
    a_table = Table(session, viewer=0)
    message = send(a_table, "opponent", name="random")
    assert message["text"] == (
        "B and D are now played by the computer, choosing at random. "
        "C plays at another table, so the computer does not play for C."
    )
    a_table._opponent = computer  # the same choice, remembering whom it plays for
    for _ in range(30):
        to_move = game.to_move(session.state)
        if to_move is None:
            break
        table = {0: a_table, 2: c_table}.get(to_move)
        if table is None:  # the computer's seat waits only while A's table holds a round's end
            assert a_table.view["showdown"] is not None or a_table.view.get("round_held")
            table = a_table
        if table.view["showdown"] is not None or table.view.get("round_held"):
            send(table, "continue")
            continue
        _play_own_turns(table, 1)
    assert computer.played_for and set(computer.played_for) <= {1, 3}


def test_a_computer_thinking_for_a_seat_that_becomes_held_drops_its_answer(monkeypatch):
    gate = threading.Event()
    answered: list[Any] = []

    def slow(game: Any, view: Any) -> Any:
        gate.wait(10)
        answered.append(view)
        return first_legal(game, view)

    async def scenario(loop: Any) -> None:
        session = commons_session("commission 2S")  # B to move
        a_table = Table(session, viewer=0, opponent=slow, opponent_delay=0)
        await until(lambda: a_table.thinking)
        b_table = Table(session, viewer=1)  # B sits down while the computer thinks for B
        gate.set()
        await until(lambda: answered)
        await asyncio.sleep(0.05)
        assert len(session.moves) == 1 and not a_table.thinking  # dropped: B plays B
        _play_own_turns(b_table, 1)
        assert len(session.moves) == 2
        a_table.close()
        b_table.close()

    in_a_kernel(monkeypatch, scenario)


def test_a_teachers_table_and_a_spectators_hold_no_seat():
    session = commons_session()
    Table(session)
    Table(session, spectator=True)
    assert session.held_seats == set()


def test_holding_a_seat_names_the_seats_there_are():
    session = commons_session()
    for seat in (2, -1, True, "A"):
        with pytest.raises(ValueError, match="hold_seat: a seat is a player number from 0 to 1"):
            session.hold_seat(seat, object())  # type: ignore[arg-type]
    holder = object()
    session.hold_seat(1, holder)
    session.release_seat(object())  # holds nothing: nothing happens
    assert session.held_seats == {1}
    session.release_seat(holder)
    session.release_seat(holder)
    assert session.held_seats == set()


# -- a table without the Play against menu --------------------------------------------------------


def test_a_table_without_the_opponent_menu_draws_none_and_refuses_a_forged_change():
    session = commons_session()
    table = Table(session, viewer=0, opponent_menu=False)
    assert "opponent" not in table.view
    message = send(table, "opponent", name="random")
    assert message == {**message, "kind": "error", "text": "refused: unknown action 'opponent'"}
    assert table.opponent == "people" and not session.moves
    with pytest.raises(TypeError, match="opponent_menu is True or False"):
        Table(session, viewer=0, opponent_menu="no")  # type: ignore[arg-type]


def test_a_table_without_the_menu_keeps_the_computer_it_was_given():
    session = commons_session()
    computer = Computer()
    Table(session, viewer=1, opponent=computer, opponent_menu=False)
    assert computer.played_for == [0] and len(session.moves) == 1


# -- a spectator's table --------------------------------------------------------------------------


def _codes_in(view: dict) -> list[str]:
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("kind") == "pile":
                found.extend(c["code"] if isinstance(c, dict) else c for c in node["cards"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(view["layout"])
    return found


def test_a_spectator_sees_every_card_and_has_no_move():
    session = commons_session(*CLAIMED)
    spectator = Table(session, spectator=True)
    teacher = Table(session)
    assert spectator.spectator and not spectator.controls and teacher.controls
    assert _codes_in(spectator.view) == _codes_in(teacher.view)
    assert cardlab.HIDDEN.code not in _codes_in(spectator.view)
    assert spectator.view["viewer_text"] == "Watching: every card face up"
    assert not spectator.view["can_act"] and spectator.view["moves"] == []
    assert "editor" not in spectator.view and "opponent" not in spectator.view
    assert repr(spectator).startswith("Table(card-commons, spectator, move 3")


@pytest.mark.parametrize(
    ("action", "payload"),
    [
        ("play", {"move": "defend 4H"}),
        ("continue", {}),
        ("opponent", {"name": "random"}),
        ("hint", {}),
        ("swap", {"cards": ["4H", "4D"]}),
        ("edit_text", {"text": "x"}),
        ("undo_edit", {}),
        ("to_mainline", {}),
        ("promote", {}),
        ("line", {"number": 0}),
    ],
)
def test_a_forged_action_from_a_spectators_page_is_refused_and_changes_nothing(action, payload):
    session = commons_session(*CLAIMED)
    spectator = Table(session, spectator=True)
    before = session.to_json()
    message = send(spectator, action, **payload)
    assert message["kind"] == "error" and message["text"] == f"refused: unknown action {action!r}"
    assert session.to_json() == before


def test_a_spectator_steps_back_on_its_own_while_the_game_goes_on():
    session = commons_session("commission 2S", "commission 3S")
    a_table, b_table = Table(session, viewer=0), Table(session, viewer=1)
    spectator = Table(session, spectator=True)
    send(spectator, "goto", index=1)
    assert spectator.index == 1 and spectator.view["step"] == 1 and session.index == 2
    assert spectator.view["line"]["kind"] == "look"
    assert [a["action"] for a in spectator.view["line"]["actions"]] == ["follow"]
    assert a_table.view["step"] == 2 and a_table.view["can_act"]  # A is not paused
    _play_own_turns(a_table, 1)  # A plays on
    assert spectator.index == 1 and spectator.view["step"] == 1 and session.index == 3
    send(spectator, "goto", index=3)  # at the latest move: it follows the game again
    assert spectator.index == 3 and spectator.view["line"] is None
    _play_own_turns(a_table if session.game.to_move(session.state) == 0 else b_table, 1)
    assert spectator.index == session.index == 4 and spectator.view["step"] == 4


def test_a_spectators_look_is_refused_outside_the_line_and_back_to_the_game_returns():
    session = commons_session(*CLAIMED)
    spectator = Table(session, spectator=True)
    message = send(spectator, "goto", index=9)
    assert message["kind"] == "error" and session.index == 3
    send(spectator, "goto", index=0)
    send(spectator, "follow")
    assert spectator.index == 3 and spectator.view["line"] is None


def test_a_spectators_table_is_asked_for_clearly():
    session = commons_session()
    with pytest.raises(ValueError, match="a spectator sees every card: give viewer=None"):
        Table(session, viewer=0, spectator=True)
    with pytest.raises(ValueError, match="a spectator's table only watches"):
        Table(session, spectator=True, editor=True)
    with pytest.raises(ValueError, match="a spectator's table only watches"):
        Table(session, spectator=True, hint=True)
    with pytest.raises(TypeError, match="spectator is True or False"):
        Table(session, spectator="yes")  # type: ignore[arg-type]
