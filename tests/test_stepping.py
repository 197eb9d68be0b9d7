"""Stepping through a game on the widgets: the teacher's variations, a player's look back of
their own, and fair play on a shared session."""

from __future__ import annotations

import json

import cardlab
from cardlab.cards import Card
from cardlab.widgets import Hand, ScoreBreakdown, StateEditor, Stepper, Table, Tableau
from helpers.card_finder import mentioned
from helpers.widget_driver import CLAIMED, commons_session, first_legal, pile_of, send


def test_stepping_shows_past_states_and_playing_from_one_starts_a_variation():
    session = commons_session(*CLAIMED)
    table = Table(session)
    send(table, "goto", index=1)
    assert session.index == 1 and table.view["step"] == 1 and table.view["steps"] == 3
    assert pile_of(table.view, "claim")["cards"] == []
    assert len(table.history["entries"]) == 3
    send(table, "goto", index=3)
    assert pile_of(table.view, "claim")["cards"] == ["4S"]
    send(table, "goto", index=2)
    message = send(table, "play", move="claim 2H")
    assert "This move starts a variation: the main line's move 3 is kept" in message["text"]
    assert [str(m) for m in session.moves] == list(CLAIMED)  # the main line is kept
    assert [str(m) for m in session.line_moves] == ["commission 2S", "commission 3S", "claim 2H"]
    assert [e["move"] for e in table.history["entries"]][-1] == "claim with the 2♥"
    assert table.history["differs_at"] == 3 and table.view["line"]["kind"] == "variation"


PLAYED = (*CLAIMED, "defend 4D")  # B's forced Defense shows B's 4D


def test_a_teachers_table_shows_a_variation_and_leaves_or_keeps_it():
    session = commons_session(*PLAYED)
    table, stepper = Table(session), Stepper(session)
    send(table, "goto", index=2)
    send(table, "play", move="claim 2H")
    banner = {
        "kind": "variation",
        "differs_at": 3,
        "text": "Exploring a variation: move 3 differs from the main line.",
        "actions": [
            {"action": "to_mainline", "text": "Back to the main line"},
            {"action": "promote", "text": "Keep this line"},
        ],
    }
    assert table.view["line"] == stepper.view["line"] == banner
    assert table.history["differs_at"] == 3 and table.history == stepper.history
    assert [(line["text"], line["current"]) for line in table.history["lines"]] == [
        ("Main line: 4 moves", False),
        ("3. A: claim with the 2♥", True),
    ]
    assert repr(table) == "Table(card-commons, teacher, move 3 of 3, variation from move 3)"
    for part in (Tableau(session), Hand(session, 0, viewer=None), ScoreBreakdown(session), StateEditor(session)):
        assert part.view["line"] == {**banner, "actions": []}  # says so, without buttons it cannot act on
    assert Hand(session, 1).view["line"]["text"].startswith("The teacher is showing a variation")

    message = send(stepper, "to_mainline")
    assert message["text"].startswith(
        "Back to the main line, at the position after move 2. The variation from move 3 is kept"
    )
    assert session.index == 2 and session.line == 0 and table.view["line"] is None and table.view["steps"] == 4
    assert "already on show" in send(table, "to_mainline")["text"]
    send(table, "line", number=1)
    assert session.line == 1 and session.index == 3 and table.view["line"]["kind"] == "variation"
    send(table, "to_mainline")
    assert send(table, "play", move="claim 2H")["text"].endswith(
        "This is the first move of a variation played before: the table shows it again."
    )
    assert session.line == 1 and len(session.lines) == 2
    assert "already on show" in send(table, "line", number=1)["text"]
    assert "there is no line 2" in send(table, "line", number=2)["text"]
    assert "needs 'number' as int" in send(table, "line", number="1")["text"]

    message = send(table, "promote")
    assert message["text"] == "This line is now the main line. The old main line is kept as a variation."
    assert [str(m) for m in session.moves] == ["commission 2S", "commission 3S", "claim 2H"]
    assert table.view["line"] is None and table.history["lines"][1]["text"] == "3. A: claim with the 4♠, then 1 move"
    assert "no variation to keep" in send(table, "promote")["text"]


def test_a_players_table_looks_back_on_its_own_and_returns_to_the_game():
    session = commons_session(*CLAIMED)
    teacher, a, b = Table(session), Table(session, viewer=0), Table(session, viewer=1)
    send(a, "goto", index=1)
    assert a.view["step"] == 1 and a.view["line"]["kind"] == "look" and a.view["moves"] == []
    assert a.view["line"]["actions"] == [{"action": "follow", "text": "Back to the game"}]
    assert session.index == 3 and teacher.view["step"] == b.view["step"] == 3  # nobody else moved
    assert repr(a) == "Table(card-commons, player A, move 1 of 3)"
    send(b, "play", move="defend 4D")  # the game goes on while A looks back
    assert a.view["step"] == 1 and a.view["steps"] == 4 and session.index == 4
    send(a, "follow")
    assert a.view["step"] == 4 and a.view["line"] is None
    assert "already shows the game" in send(a, "follow")["text"]
    assert "unknown action 'promote'" in send(a, "promote")["text"]
    assert "unknown action 'line'" in send(b, "line", number=0)["text"]


def test_rewinding_a_players_table_and_playing_again_reveals_no_hidden_card_and_erases_nothing():
    """A steps back to before their Claim and tries every other Claim: each is refused in
    words, the game (B's Defense included) stays as played, no other table moves, and what
    A's table syncs names no card A has not been shown."""
    session = commons_session(*PLAYED)
    a, b = Table(session, viewer=0), Table(session, viewer=1)
    b_before = b.view_json
    send(a, "goto", index=2)
    tried = [m for m in session.game.legal_moves(session.game.view(session.states[2], 0)) if str(m).startswith("claim")]
    assert len(tried) > 3
    for move in tried:
        message = send(a, "play", move=str(move))
        assert message["kind"] == "error", message
        assert message["text"].startswith("You are looking at the position after move 2"), message
        assert "Back to the game" in message["text"]
        assert a.view["step"] == 2
        shown = set().union(*(mentioned(text) for text in (a.view_json, a.history_json, json.dumps(a.message))))
        assert shown <= _shown_to(session, 0), shown - _shown_to(session, 0)
    assert [str(m) for m in session.moves] == list(PLAYED) and session.lines == session.lines[:1]
    assert session.index == 4 and b.view_json == b_before
    assert "You are looking at" in send(a, "explain", card="2H")["text"]


def _shown_to(session: cardlab.Session, player: int) -> set[Card]:
    """Every card ``player`` has been shown along the main line: on the table, or in an event they read."""
    game, shown = session.game, set()
    for state, events in zip(session.states, session.events):
        shown |= {c for z in game.zones(state) if z.visible_to(player) for c in z.cards}
        shown |= {c for e in events if e.visible_to(player) for c in (*e.cards, *mentioned(e.text))}
    return shown


def test_a_player_shown_an_earlier_position_by_the_teacher_waits_for_the_game():
    session = commons_session(*CLAIMED)
    teacher, b = Table(session), Table(session, viewer=1, opponent=first_legal)
    send(teacher, "goto", index=2)
    assert b.view["line"]["kind"] == "shown" and not b.view["can_act"] and b.view["moves"] == []
    assert b.view["line"]["text"].startswith("The teacher is showing an earlier position (after move 2 of 3)")
    assert send(b, "play", move="defend 4D")["text"].startswith("The teacher is showing the position after move 2")
    send(teacher, "play", move="claim 2H")  # the teacher's variation: the computer plays no seat in it
    assert b.view["line"]["text"].startswith("The teacher is showing a variation (move 3 differs from the game)")
    assert len(session.line_moves) == 3 and len(session.moves) == 3
    send(teacher, "to_mainline")
    send(teacher, "goto", index=3)
    assert b.view["line"] is None and b.view["can_act"]
