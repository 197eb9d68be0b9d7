"""Commerce at a player's table, a game scored deal by deal: each deal's showdown stays until the
player goes on, and the score is one row per deal with its lines."""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

import cardlab
from cardlab.widgets import GuessableDealWarning, ScoreBreakdown, Table
from cardlab.widgets.viewmodel import pretty
from helpers.card_finder import hidden_from, mentioned
from helpers.widget_driver import CLAIMED, commons_session, send


def knocker(game: Any, view: Any) -> Any:
    """A computer player that ends every Commerce deal at once: it knocks."""
    return "knock"


def commerce_against(opponent: Any, dealer: int = 0, seed: int = 7) -> tuple[cardlab.Session, Table]:
    """A 4-player Commerce game dealt by ``dealer`` (A by default: B, C and D move before A)
    and A's table against ``opponent``."""
    game = cardlab.game("commerce", players=4)
    session = cardlab.Session(game, game.deal(seed=seed, dealer=dealer))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GuessableDealWarning)
        return session, Table(session, viewer=0, opponent=opponent)


def _synced_view(table: Any) -> dict:
    return json.loads(table.view_json)


def test_a_players_table_stops_on_the_showdown_until_they_go_on():
    session, table = commerce_against(knocker)
    game = session.game
    assert [str(m) for m in session.moves] == ["knock"]  # B knocked; the computer waits on the showdown
    vm = _synced_view(table)
    shown = vm["showdown"]
    record = session.state.history[0]
    assert shown["title"] == "Deal 1 of 4" and shown["settled"]
    assert [(h["player"], h["cards"]) for h in shown["hands"]] == [
        (r.player, [c.code for c in r.cards]) for r in game.rounds(session.state)[0].hands
    ]
    assert {h["player"] for h in shown["hands"]} == {0, 1, 2, 3}
    assert all(h["cards"] == [c.code for c in record.hands[h["player"]]] for h in shown["hands"])
    assert all(h["ranking"] for h in shown["hands"])
    winner = shown["hands"][0]["player"]
    assert shown["verdict"]["player"] == winner and shown["verdict"]["rule"].startswith("commerce.rank")
    assert sum(shown["changes"]) == 0  # a settled deal: the pool went to its winner
    assert shown["changes"] == list(game.rounds(session.state)[0].changes(4))
    assert vm["moves"] == [] and not vm["can_act"] and vm["status"] == "Deal 1 of 4: showdown"
    assert vm["waiting"] == "Deal 1 of 4 is over: press “Continue” to go on."
    seats = _seats(vm["layout"])
    assert len(seats) == 4 and not any(seat.get("badge") for seat in seats)  # nobody is "to move" meanwhile
    # the computer waits too, however long the showdown stays
    table._consider_opponent()
    assert len(session.moves) == 1
    message = send(table, "continue")  # C knocks at once in deal 2, and the table stops again
    assert [str(m) for m in session.moves] == ["knock", "knock"]
    assert table.view["showdown"]["title"] == "Deal 2 of 4"
    assert message["text"] == "C: knock. Deal 2 of 4 is over: its showdown is on the table."
    send(table, "continue")
    assert table.view["showdown"]["title"] == "Deal 3 of 4"
    assert send(table, "continue") == {}  # deal 4: A moves first; against the computer, no notice of a seeded deal
    assert table.view["showdown"] is None and table.view["can_act"] and len(session.moves) == 3
    assert send(table, "continue")["text"] == "There is no showdown on the table to go on from."
    send(table, "play", move="knock")  # A's own knock ends the game: its showdown stays too
    vm = _synced_view(table)
    assert vm["over"] and vm["showdown"]["title"] == "Deal 4 of 4" and vm["showdown"]["note"] == ""
    assert vm["showdown"]["next"] == "That was the last one: the game is over."
    send(table, "continue")
    assert table.view["showdown"] is None and table.view["status"].startswith("Game over")
    table.close()


def _seats(node: dict) -> list[dict]:
    if node.get("role") == "player":
        return [node]
    return [s for item in node.get("items", ()) for s in _seats(item)]


def test_a_move_tried_during_the_showdown_is_refused_and_changes_nothing():
    game = cardlab.game("commerce", players=4)
    session = cardlab.Session(game, game.deal(seed=7, dealer=3))  # D deals: A moves first
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GuessableDealWarning)
        table = Table(session, viewer=0)
    send(table, "play", move="knock")
    assert table.view["showdown"]["title"] == "Deal 1 of 4"
    state = session.state  # deal 2: B moves first; A's turn comes later
    message = send(table, "play", move="knock")
    assert message["kind"] == "error" and session.state is state
    assert message["text"] == "Deal 1 of 4 is over: press “Continue” to go on."
    teacher = Table(session)  # the teacher's table never stops: it steps through the game instead
    assert teacher.view["showdown"] is None and teacher.view["can_act"]
    teacher.close()
    table.close()


def test_a_round_ended_before_the_players_turn_says_who_ended_it_and_how():
    session, table = commerce_against(knocker)
    shown = table.view["showdown"]
    first = session.game.rounds(session.state)[0]
    b_hand = next(h for h in first.hands if h.player == 1)
    assert shown["note"].startswith("B knocked before your turn came, so you had no move in deal 1 of 4. B held ")
    assert pretty(" ".join(map(str, b_hand.cards))) in shown["note"] and pretty(b_hand.ranking) in shown["note"]
    best = first.hands[0].player
    assert shown["note"].endswith(
        "the best hand at the table."
        if best == 1
        else "your hand was better."
        if best == 0
        else f"{'ABCD'[best]}'s hand was better."
    )
    assert shown["ended"] == {
        "text": "B knocked on the deal's first turn: exchanges stopped at once, with no final circuit.",
        "rule": "commerce.knock",
        "player": 1,
    }
    assert shown["next"] == "Next: Deal 2 of 4."
    table.close()
    # A moved in the deal (a trade), then B knocked: nothing to explain
    game = cardlab.game("commerce", players=4)
    session = cardlab.Session(game, game.deal(seed=7, dealer=3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GuessableDealWarning)
        table = Table(session, viewer=0, opponent=knocker)
    send(table, "play", move=str(session.legal_moves()[0]))  # A trades; B knocks
    assert table.view["showdown"]["ended"]["player"] == 1 and table.view["showdown"]["note"] == ""
    table.close()


def test_the_score_is_one_row_per_deal_with_its_lines():
    session, table = commerce_against(knocker)
    for _ in range(3):
        send(table, "continue")
    send(table, "opponent", name="people")
    send(table, "play", move=str(session.legal_moves()[0]))  # A trades in deal 4, which goes on
    game = session.game
    bd = table.view["breakdown"]
    rounds = bd["rounds"]
    assert [r["title"] for r in rounds] == [f"Deal {k} of 4" for k in range(1, 5)]
    assert [r["settled"] for r in rounds] == [True, True, True, False]
    assert [r["how"] for r in rounds] == ["B knocked", "C knocked", "D knocked", ""]
    ends = [r["lines"][1] for r in rounds]
    assert [r["lines"] for r in rounds] == [[a, b] for a, b in zip([0, *ends[:-1]], ends)]  # one after the other
    assert rounds[-1]["lines"][1] == len(bd["items"])  # every line once, in its deal's range
    running = [0] * 4
    for row in rounds:
        items = bd["items"][slice(*row["lines"])]
        assert items and all(i["reason"].startswith(f"Deal {row['number']}:") for i in items)
        assert row["changes"] == [sum(i["points"] for i in items if i["player"] == p) for p in range(4)]
        running = [t + c for t, c in zip(running, row["changes"])]
        assert row["totals"] == running
    assert running == bd["totals"] == list(game.ledger(session.state))
    table.close()


def test_the_showdown_and_the_rows_name_no_card_hidden_from_the_player():
    session, table = commerce_against(knocker)
    game = session.game
    for _ in range(3):
        known = {c for r in session.state.history for h in r.hands for c in h} | set(session.state.hands[0])
        hidden = hidden_from(game, session.state, 0) - known
        synced = table.view_json + table.history_json + json.dumps(table.message, ensure_ascii=False)
        assert hidden and not mentioned(synced) & hidden
        assert not {c.code for c in hidden} & set(re.findall(r'"([0-9JQKA]{1,2}[CDHS])"', synced))
        send(table, "continue")
    table.close()


def test_a_scored_round_taken_back_is_no_longer_shown():
    session, table = commerce_against(knocker)
    assert table.view["showdown"]["title"] == "Deal 1 of 4"
    table.opponent  # noqa: B018 - the table keeps its opponent
    send(table, "opponent", name="people")
    session.replace(session.states[0])
    assert table.view["showdown"] is None and len(session.moves) == 0
    table.close()


def test_a_teachers_score_and_other_games_keep_their_lines():
    session, table = commerce_against(knocker)
    teacher = ScoreBreakdown(session)
    assert [r["title"] for r in teacher.view["breakdown"]["rounds"]] == ["Deal 1 of 4", "Deal 2 of 4"]
    commons = Table(commons_session(*CLAIMED))
    # Card Commons' score is one row per round too; a teacher's table never stops on a showdown
    assert [r["title"] for r in commons.view["breakdown"]["rounds"]] == ["Round 1"]
    assert commons.view["showdown"] is None
    for widget in (table, teacher, commons):
        widget.close()
