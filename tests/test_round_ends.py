"""Every game's rounds (Game.rounds) and a player's table stopping on each round's result.

Card Commons, Commitment and Contest keep a round's cards turned up on the table: their
showdown sits beside the table, says how the round ended and who scored what, and one
Continue goes on (the computer waits meanwhile, and clicks are answered).
"""

from __future__ import annotations

import asyncio
import random

import pytest

import cardlab
from cardlab import bots
from cardlab.widgets import Table
from cardlab.widgets.viewmodel import Position
from helpers.round_ends import CONTEST_LAST_TURN
from helpers.widget_driver import send

ROUND_GAMES = ["card-commons", "commitment", "contest"]


def _play_to_end(game, seed):
    state, states = game.deal(seed=seed), []
    rng = random.Random(seed)
    while not game.is_over(state):
        states.append(state)
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return states + [state]


@pytest.mark.parametrize("name", ROUND_GAMES)
def test_a_settled_round_says_how_it_ended_and_who_scored(name):
    game = cardlab.game(name)
    states = _play_to_end(game, 5)
    settled = {r.number: r for s in states for r in game.rounds(game.view(s, 0)) if r.settled and r.verdict}
    assert settled, "no round was settled"
    for r in settled.values():
        assert r.ended is not None and r.ended.rule.startswith(game.rules_prefix)
        assert r.verdict.rule.startswith(game.rules_prefix) and r.verdict.text.endswith(".")
        assert len(r.verdict.text.split()) <= 25
    final = game.rounds(states[-1])[-1]
    assert final.settled and final.verdict is not None


def test_card_commons_shows_each_commission_and_what_it_scored():
    game = cardlab.game("card-commons")
    end = next(s for s in _play_to_end(game, 2) if s.phase == "round-end")
    (last,) = [r for r in game.rounds(end) if r.hands]
    assert {h.cards for h in last.hands} == {(end.commissions[0],), (end.commissions[1],)}
    assert all(h.ranking.startswith("scores") for h in last.hands)
    assert last.hands[0].ranking != "scores nothing" or last.hands[1].ranking == "scores nothing"  # best first


@pytest.mark.parametrize("name", ROUND_GAMES)
def test_a_showdown_says_the_game_is_over_only_after_its_last_round(name):
    """Each settled round's showdown, on A's table, says what comes next: the next round by its
    title while the game goes on (rounds 1–3 of Card Commons' 4, 1–2 of Commitment's 3), and
    that the game is over only once it is."""
    game = cardlab.game(name)
    said = []
    for state in _play_to_end(game, 5):
        rounds = [r for r in game.rounds(game.view(state, 0)) if r.settled]
        if not rounds:
            continue
        held = rounds[-1]
        shown = Position(cardlab.Session(game, state), 0, showdown=held).showdown_json()
        said.append((held.number, shown["next"]))
        if game.is_over(state):
            assert shown["next"] == "That was the last one: the game is over."
        else:
            assert shown["next"] == f"Next: {game.rounds(game.play(state, game.legal_moves(state)[0]))[-1].title}."
            assert "over" not in shown["next"]
    assert said and len({number for number, _ in said}) == (1 if name == "contest" else game.rounds(state)[-1].number)


def test_commitment_shows_each_earlier_round_as_its_own_row():
    game = cardlab.game("commitment")
    third = next(s for s in _play_to_end(game, 3) if s.round == 3)
    rows = game.rounds(third)
    assert [r.title for r in rows] == ["Round 1", "Round 2", "Round 3 of 3"] and [r.number for r in rows] == [1, 2, 3]


def test_contest_has_its_round_only_once_the_secret_cards_are_up():
    game = cardlab.game("contest")
    states = _play_to_end(game, 4)
    assert all(game.rounds(s) == () for s in states[:-1])
    (whole,) = game.rounds(states[-1])
    assert {h.cards for h in whole.hands} == set(states[-1].secrets)


@pytest.mark.parametrize("name", ROUND_GAMES)
def test_one_continue_goes_on_from_each_rounds_end(name):
    """The table stops on every round's result, the computer waits, a click is answered, and
    one Continue goes on."""
    game = cardlab.game(name)
    session = cardlab.Session(game, seed=11)
    table = Table(session, viewer=0, opponent="random")
    rng = random.Random(3)
    stops = 0
    while not game.is_over(session.state) or table.view["showdown"] is not None:
        if table.view["showdown"] is not None:
            stops += 1
            assert table.view["showdown"]["on_table"] and not table.view["round_held"]
            before = len(session.moves)
            table._consider_opponent()
            assert len(session.moves) == before
            zone = game.zones(game.view(session.state, 0))[0]
            assert send(table, "explain", card=(zone.cards or [cardlab.HIDDEN])[0].code, zone=zone.name)["kind"]
            send(table, "continue")
            assert table.view["showdown"] is None and not table.view["round_held"]
        elif game.to_move(session.state) == 0:
            send(table, "play", move=str(rng.choice(session.legal_moves())))
        else:
            table._consider_opponent()
    assert stops == game.rounds(session.state)[-1].number >= 1  # every round's end, the last one too
    table.close()


def test_the_table_answers_clicks_while_the_computer_finds_the_games_last_move(monkeypatch):
    """The computer (A, cardlab's searching player) plays the game's last move in another
    thread: B's clicks are answered meanwhile, each within a fraction of a second, and then the
    game's end stops on its showdown."""
    import time

    from helpers.kernel_loop import in_a_kernel, until

    async def scenario(loop):
        game = cardlab.game("contest")
        session = cardlab.Session(game, game.state_from_text(CONTEST_LAST_TURN))
        searcher = bots.make_player("search", seed=1, playouts=40_000)  # a long think, in pure Python
        table = Table(session, viewer=1, opponent=searcher, opponent_delay=0)
        await until(lambda: table.thinking)
        waits, thinking = [], time.perf_counter()
        while table.thinking:
            start = time.perf_counter()
            send(table, "explain", card="7S")
            waits.append(time.perf_counter() - start)
            await asyncio.sleep(0.02)
        thought = time.perf_counter() - thinking
        await until(lambda: game.is_over(session.state), 60)
        assert len(waits) >= 5 and max(waits) < thought / 5, (waits, thought)
        assert table.view["showdown"] is not None and table.view["showdown"]["number"] == 1
        table.close()

    in_a_kernel(monkeypatch, scenario)
