"""The widgets bound to one session (Table, Hand, Tableau, ScoreBreakdown, Stepper, StateEditor):
each shows its own part, follows the session whoever changes it, and says so when another
part of the program fails."""

from __future__ import annotations

from typing import Any

import pytest
import traitlets

from cardlab.widgets import Hand, ScoreBreakdown, StateEditor, Stepper, Table, Tableau
from cardlab.widgets.viewmodel import HIDDEN_WORDS
from helpers.card_finder import shows_none_of
from helpers.table_layout import piles as _piles
from helpers.widget_driver import CLAIMED, commons_session, pile_of, round_end, send


def test_components_show_their_own_part():
    session = commons_session("commission 2S")
    hand = Hand(session, 1)
    assert hand.view["component"] == "hand"
    own = {"title": "B's hand (you)", "label": "B's hand (you)"}
    assert _piles(hand.view["layout"]) == [pile_of(Table(session, viewer=1).view, "B hand") | own]
    assert pile_of(Hand(session, 0, viewer=1).view, "A hand")["cards"] == ["??"] * 6
    assert Tableau(session, 1).view["layout"] == Table(session, viewer=1).view["layout"]
    assert ScoreBreakdown(session).view["breakdown"] == Table(session).view["breakdown"]
    assert Stepper(session).history == Table(session).history
    editor = StateEditor(session)
    assert editor.view["editor"]["deck"][:4] == ["2C", "3C", "4C", "5C"]


def test_every_widget_follows_the_session_whoever_changes_it():
    session = commons_session()
    teacher, player, stepper = Table(session), Table(session, viewer=1), Stepper(session, 1)
    session.play("commission 2S")  # from Python
    assert teacher.view["step"] == player.view["step"] == stepper.view["step"] == 1
    assert player.view["can_act"]
    send(player, "play", move="commission 3S")  # from another widget
    assert session.moves[-1] == session.game.parse_move("commission 3S")
    assert teacher.view["step"] == stepper.view["step"] == 2
    assert [e["move"] for e in stepper.history["entries"]] == [
        f"put {HIDDEN_WORDS} face down as the Commission",
        "put the 3♠ face down as the Commission",
    ]
    assert [e["move"] for e in teacher.history["entries"]] == [
        "put the 2♠ face down as the Commission",
        "put the 3♠ face down as the Commission",
    ]


def test_a_closed_widget_stops_following_the_session():
    session = commons_session()
    table = Table(session)
    rev = table.view["rev"]
    table.close()
    session.play("commission 2S")
    assert table.view["rev"] == rev


def test_score_breakdown_lists_items_with_rules_and_cards():
    session = round_end()
    breakdown = ScoreBreakdown(session).view["breakdown"]
    score = session.game.score(session.state)
    assert [(i["player"], i["points"], i["rule"], i["cards"]) for i in breakdown["items"]] == [
        (i.player, i.points, i.rule, [c.code for c in i.cards]) for i in score.items
    ]
    assert breakdown["items"] and all(i["rule"].startswith("commons.") for i in breakdown["items"])


def test_reprs_are_stable_and_readable():
    session = commons_session("commission 2S")
    assert repr(Table(session)) == "Table(card-commons, teacher, move 1 of 1)"
    assert repr(Table(session, viewer=1)) == "Table(card-commons, player B, move 1 of 1)"
    assert repr(Hand(session, 1)) == "Hand(card-commons, player B, move 1 of 1, B's hand (you): 7 cards)"
    assert repr(ScoreBreakdown(session)) == "ScoreBreakdown(card-commons, teacher, move 1 of 1, A 0 B 0)"
    assert repr(Stepper(session)) == "Stepper(card-commons, teacher, move 1 of 1)"
    assert repr(StateEditor(session)) == "StateEditor(card-commons, teacher, move 1 of 1)"
    session.goto(0)
    assert repr(Tableau(session)) == "Tableau(card-commons, teacher, start of 1)"
    data, _ = Table(session)._repr_mimebundle_()
    assert data["text/plain"] == "Table(card-commons, teacher, start of 1)"


def test_size_is_a_synced_option_of_every_widget():
    """size="large" scales cards and text (for a projector); anything else is refused clearly."""
    session = commons_session()
    for widget in (
        Table(session, size="large"),
        Hand(session, 0, size="large"),
        Tableau(session, size="large"),
        ScoreBreakdown(session, size="large"),
        Stepper(session, size="large"),
        StateEditor(session, size="large"),
    ):
        assert widget.size == "large" and "size" in widget.keys
        widget.size = "normal"  # as the table's Size menu does
        assert widget.size == "normal"
        widget.close()
    with pytest.raises(ValueError, match="size is 'normal' or 'large'; got 'huge'"):
        Table(session, size="huge")
    table = Table(session)
    with pytest.raises(traitlets.TraitError, match="size is 'normal' or 'large'; got 'tiny'"):
        table.size = "tiny"
    assert table.size == "normal"


def test_a_hand_of_one_card_is_one_card():
    session = commons_session()
    hand = Hand(session, 0)
    assert repr(hand).endswith("A's hand (you): 7 cards)")
    while len(session.state.hands[0]) != 1:  # play on until A holds one card
        session.play(session.legal_moves()[0])
    assert repr(hand).endswith("A's hand (you): 1 card)")


def test_an_observer_that_raises_is_reported_and_the_move_stays_played():
    session = commons_session(*CLAIMED)
    table, other = Table(session, viewer=1), Table(session)

    def broken(session: Any) -> None:
        raise RuntimeError("a notebook's callback fell over")

    session.observe(broken)
    message = send(table, "play", move="defend 4D")
    assert message["kind"] == "error" and message["text"].startswith("Done, but another part of the program")
    assert "(RuntimeError)" in message["text"] and "fell over" not in message["text"]  # a player reads the kind only
    assert len(session.moves) == 4 and table.view["step"] == other.view["step"] == 4
    send(other, "goto", index=3)
    message = send(other, "play", move="defend 4D")  # the teacher reads the whole message
    assert message["text"].startswith("Done, but the session changed and every observer")
    assert "RuntimeError: a notebook's callback fell over" in message["text"]


def test_an_error_raised_on_the_full_state_reaches_a_player_only_by_its_kind():
    """B plays; another part of the program bound to the same session fails while the session
    tells it, with a message that names A's hand. B's table says something went wrong and
    shows none of A's cards; the teacher's table would show the whole message."""
    session = commons_session(*CLAIMED)
    a_hand = session.state.hands[0]

    def observer(s: Any) -> None:
        raise ValueError(f"A holds {' '.join(c.code for c in s.state.hands[0])}")

    table = Table(session, viewer=1)
    session.observe(observer)
    send(table, "play", move="defend 4D")
    assert table.message["kind"] == "error" and "ValueError" in table.message["text"]
    assert shows_none_of(table, a_hand)
    error = table.last_error.errors[0]  # the ObserverError, with what the observer raised
    assert isinstance(error, ValueError) and "A holds" in str(error)
