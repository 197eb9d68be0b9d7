"""The computer opponent at a player's table: who it plays, the Play against menu, thinking
beside a kernel's event loop, and its errors, which never show its cards."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

import cardlab
from cardlab import bots
from cardlab.widgets import Table
from cardlab.widgets.viewmodel import _variants, move_cards
from helpers.card_finder import hidden_from, mentioned, shows_none_of
from helpers.kernel_loop import in_a_kernel, until
from helpers.widget_driver import CLAIMED, commons_session, first_legal, send, synced_text


def test_an_opponent_plays_every_other_seat_until_it_is_the_viewers_turn():
    session = commons_session()
    seen: list[Any] = []

    def opponent(game: Any, view: Any) -> Any:
        seen.append(view)
        return first_legal(game, view)

    table = Table(session, viewer=1, opponent=opponent)
    assert [str(m) for m in session.moves] == ["commission 2S"]  # A moved at once
    assert all(c == cardlab.HIDDEN for c in seen[0].hands[1])  # from A's view only
    assert table.view["can_act"]
    assert table.message["text"].startswith("A: put a hidden card face down as the Commission")
    send(table, "play", move="commission 3S")
    assert len(session.moves) > 2 and session.game.to_move(session.state) in (1, None)


def test_an_opponent_waits_while_the_past_is_on_show():
    session = commons_session(*CLAIMED)
    session.goto(2)  # A to claim, in the past
    Table(session, viewer=1, opponent=first_legal)
    assert session.index == 2 and len(session.moves) == 3


def test_a_failing_opponent_is_reported_in_the_table():
    def broken(game: Any, view: Any) -> str:
        return "claim 9H"

    table = Table(commons_session(), viewer=1, opponent=broken)
    assert table.message["kind"] == "error"
    assert table.message["text"].startswith("The computer player for A chose a move the rules don't allow")
    with pytest.raises(ValueError, match="give the viewer"):
        Table(commons_session(), opponent=first_legal)


def test_in_a_kernel_the_computer_thinks_beside_the_loop_and_the_table_says_so(monkeypatch):
    """The computer's move is worked out in another thread: the loop answers clicks meanwhile
    (here a card's explanation and a look back), the table says "A is thinking…", and the
    move is played on the loop once found."""
    import threading

    release, threads = threading.Event(), []

    def slow(game: Any, view: Any) -> Any:
        threads.append(threading.current_thread())
        release.wait(10)
        return first_legal(game, view)

    async def scenario(loop: Any) -> None:
        session = commons_session()
        table = Table(session, viewer=1, opponent=slow, opponent_delay=0)
        assert not session.moves and not table.thinking  # nothing at once: the table is shown first
        await until(lambda: table.thinking)
        assert table.view["thinking"] == "A is thinking…"
        hand = [c for c in table.position().seen.hands[1]]
        send(table, "explain", card=hand[0].code)  # answered while A thinks
        assert "It is A's turn, not B's." in table.message["text"] and not session.moves
        assert threads and threads[0] is not threading.current_thread()
        release.set()
        await until(lambda: session.moves)
        assert [str(m) for m in session.moves] == ["commission 2S"] and not table.thinking
        assert "thinking" not in table.view
        assert table.message["text"].startswith("A: put a hidden card face down as the Commission")
        table.close()

    in_a_kernel(monkeypatch, scenario)


def test_an_answer_that_comes_after_the_position_changed_is_dropped(monkeypatch):
    """A move taken back (here by the session) or a table left while the computer thinks: its
    answer is not played; after a take-back the computer thinks again about the new position."""
    import threading

    answered: list[Any] = []
    gate = threading.Semaphore(0)

    def slow(game: Any, view: Any) -> Any:
        gate.acquire(timeout=10)
        answered.append(view)
        return first_legal(game, view)

    async def scenario(loop: Any) -> None:
        session = commons_session("commission 2S", "commission 3S")  # A to move again
        table = Table(session, viewer=1, opponent=slow, opponent_delay=0)
        await until(lambda: table.thinking)
        session.undo()  # back to B's turn: the answer to come is stale
        assert not table.thinking and "thinking" not in table.view
        gate.release()
        await until(lambda: answered)
        await asyncio.sleep(0.05)
        assert (session.index, len(session.moves), len(session.lines)) == (1, 2, 1)  # dropped, not played
        session.redo()  # A to move again: A thinks anew
        await until(lambda: table.thinking)
        table.close()  # leaving: the answer is dropped
        gate.release()
        await until(lambda: len(answered) == 2)
        await asyncio.sleep(0.05)
        assert len(session.moves) == 2

    in_a_kernel(monkeypatch, scenario)


def test_the_computer_thinks_with_the_garbage_collector_paused(monkeypatch):
    """A full garbage collection in a kernel's heap holds the event loop for tens of
    milliseconds, and a search would start one every second or so: the thinking thread pauses
    the collector for the search (the hint's and the computer's move), and turns it back on
    only if it was on."""
    import gc

    seen: list[bool] = []

    def spy(game: Any, view: Any) -> Any:
        seen.append(gc.isenabled())
        return first_legal(game, view)

    async def scenario(loop: Any) -> None:
        session = commons_session()
        table = Table(session, viewer=1, opponent=spy, opponent_delay=0, hint=spy)
        await until(lambda: session.moves)  # A's move, found in the thread
        send(table, "hint")  # B's hint, in the thread too
        await until(lambda: table.message.get("kind") == "hint")
        table.close()

    was = gc.isenabled()
    try:
        gc.enable()
        in_a_kernel(monkeypatch, scenario)
        assert seen == [False, False] and gc.isenabled()
        gc.disable()  # off before: it stays off
        in_a_kernel(monkeypatch, scenario)
        assert seen == [False] * 4 and not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_a_computer_players_illegal_move_shows_nothing_of_its_hand():
    """The computer (A) plays a Commission it does not hold: the engine's refusal would list A's
    hand, so B's table only says that the move was refused and the game waits."""
    session = commons_session()
    a_hand = session.state.hands[0]
    table = Table(session, viewer=1, opponent=lambda game, view: "commission 3S")
    message = table.message
    assert message["kind"] == "error"
    assert message["text"] == (
        "The computer player for A chose a move the rules don't allow; the game waits. "
        "Choose another opponent under 'Play against' to go on."
    )
    assert shows_none_of(table, a_hand) and len(session.moves) == 0
    assert isinstance(table.last_error, cardlab.IllegalMove) and "hand:" in str(table.last_error)  # for the teacher


@pytest.mark.parametrize("name", ["card-commons", "commerce", "commitment", "contest"])
@pytest.mark.parametrize("behaviour", ["illegal", "unreadable", "raises"])
def test_a_computer_players_errors_never_reach_the_viewer_with_its_cards(name, behaviour):
    """Whatever the computer player does wrong (a move with a card it does not hold, whose
    refusal lists its hand; text that is no move; an exception naming its cards), the viewer
    reads that it went wrong, and nothing of its cards."""
    game = cardlab.game(name)
    session = cardlab.Session(game, seed=7)
    mover = game.to_move(session.state)
    viewer = (mover + 1) % game.players
    hidden = hidden_from(game, session.state, viewer)
    assert hidden

    def opponent(game_: Any, view: Any) -> Any:
        own = [c for z in game_.zones(view) if z.visible_to(mover) and z.owner == mover for c in z.cards]
        if behaviour == "raises":
            raise RuntimeError(f"cannot decide with {' '.join(c.code for c in own)}")
        if behaviour == "unreadable":
            return "play " + " ".join(c.code for c in own)
        foreign = next(c for c in game_.deck() if c not in own)
        legal = next(m for m in game_.legal_moves(view) if move_cards(m))
        return next(_variants(legal, foreign))  # a card the computer does not hold

    table = Table(session, viewer=viewer, opponent=opponent)
    text = table.message["text"]
    assert text.startswith(f"The computer player for {game.player_names[mover]} ") and "the game waits" in text
    assert len(session.moves) == 0 and table.last_error is not None
    assert not (mentioned(synced_text(table)) & hidden), text


def test_an_opponent_named_by_its_player_plays_and_the_choice_is_offered():
    session = commons_session()
    table = Table(session, viewer=1, opponent="random")
    assert table.opponent == "random" and len(session.moves) == 1  # A moved at once (no event loop here)
    choice = table.view["opponent"]
    assert choice["current"] == "random"
    assert [c["value"] for c in choice["choices"]] == ["people", "random", "heuristic", "search"]
    assert table.message["text"].startswith("A: put a hidden card face down as the Commission")


def test_the_play_against_choice_changes_the_computer_player():
    session = commons_session()
    table = Table(session, viewer=1)
    assert table.opponent == "people" and len(session.moves) == 0  # nobody plays A
    message = send(table, "opponent", name="search")
    assert table.opponent == "search" and table.view["opponent"]["current"] == "search"
    assert len(session.moves) == 1  # the search player moved for A at once
    expected = bots.make_player("search", seed=0).choose(session.game, session.game.view(session.states[0], 0))
    assert session.moves[0] == expected
    assert message["text"].startswith("A: put a hidden card face down as the Commission")
    assert (
        send(table, "opponent", name="people")["text"]
        == "The other seat is now played by people (on other tables, or from Python)."
    )
    assert table.opponent == "people"
    send(table, "play", move="commission 3S")
    assert len(session.moves) == 2 and session.game.to_move(session.state) == 0  # nobody answers for A now


def test_the_play_against_menu_reads_as_a_phrase():
    """Each choice completes "Play against …" (no "Play against: computer: your player")."""
    table = Table(commons_session(), viewer=1, opponent=first_legal)
    texts = [c["text"] for c in table.view["opponent"]["choices"]]
    assert texts == [
        "people",
        "computer, at random",
        "computer, rule of thumb",
        "computer, searching",
        "your computer player",
    ]
    assert not any(":" in t for t in texts)
    game = cardlab.game("commerce", players=4)
    commerce = Table(cardlab.Session(game, game.deal(seed=7, dealer=3)), viewer=0)  # D deals: A to move
    assert (
        send(commerce, "opponent", name="heuristic")["text"]
        == "The other seats are now played by the computer, by a rule of thumb."
    )
    commerce.close()
    table.close()


def test_a_forged_play_against_choice_is_refused():
    session = commons_session()
    table = Table(session, viewer=1)
    assert (
        "no opponent called 'cheat'; the choices are people, random, heuristic, search"
        in send(table, "opponent", name="cheat")["text"]
    )
    assert "no opponent called 'custom'" in send(table, "opponent", name="custom")["text"]
    assert "needs 'name' as str" in send(table, "opponent", name=["search"])["text"]
    assert table.opponent == "people" and len(session.moves) == 0


def test_a_function_or_player_object_is_the_custom_opponent_and_can_be_chosen_again():
    session = commons_session()
    table = Table(session, viewer=1, opponent=first_legal)
    assert table.opponent == "custom" and table.view["opponent"]["choices"][-1]["value"] == "custom"
    send(table, "opponent", name="people")
    send(table, "play", move="commission 3S")
    send(table, "opponent", name="custom")
    assert table.opponent == "custom" and session.game.to_move(session.state) == 1
    assert str(session.moves[2]) == str(session.game.legal_moves(session.game.view(session.states[2], 0))[0])
    objects = Table(commons_session(), viewer=1, opponent=bots.HeuristicPlayer(seed=1))
    assert objects.opponent == "custom"
    with pytest.raises(ValueError, match="no player called 'nobody'"):
        Table(commons_session(), viewer=1, opponent="nobody")
    with pytest.raises(TypeError, match="opponent is a player's name"):
        Table(commons_session(), viewer=1, opponent=42)


def test_a_teachers_table_has_no_play_against_choice():
    assert "opponent" not in Table(commons_session()).view


@pytest.mark.parametrize("name", ["card-commons", "commitment"])
def test_the_computer_waits_at_a_rounds_end_until_the_player_goes_on(name, monkeypatch):
    """In a game that tells no rounds (Game.rounds gives none, as a new game may), when a round
    is over and the computer is to carry the game on ("next round"), a player's table still
    holds the round's end (the cards turned up, the score) until Continue: the computer waits,
    and clicks meanwhile are answered. (With rounds, the table stops on their showdown: see
    tests/test_round_ends.py.)"""
    game = cardlab.game(name)
    monkeypatch.setattr(type(game), "rounds", lambda self, state: ())
    session = cardlab.Session(game, seed=11)
    table = Table(session, viewer=0, opponent="random")
    rng = random.Random(3)
    held = 0
    while not game.is_over(session.state) and held < 2:
        if table.view["round_held"]:
            held += 1
            before = len(session.moves)
            table._consider_opponent()
            assert len(session.moves) == before and "Continue" not in table.message.get("text", "")
            card = game.zones(game.view(session.state, 0))[0]
            assert send(table, "explain", card=(card.cards or [cardlab.HIDDEN])[0].code, zone=card.name)["kind"]
            send(table, "continue")
            assert len(session.moves) > before and not table.view["round_held"]
        elif game.to_move(session.state) == 0:
            send(table, "play", move=str(rng.choice(session.legal_moves())))
        else:
            table._consider_opponent()
    assert held, "no round's end was held"
    table.close()
