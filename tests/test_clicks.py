"""What a click sends and what the table answers: a legal move played, an illegal one refused
with the engine's reason, a card explained, and malformed or forged messages refused."""

from __future__ import annotations

import json
import random

import pytest

import cardlab
from cardlab.widgets import ScoreBreakdown, Stepper, Table
from cardlab.widgets.viewmodel import pretty
from helpers.widget_driver import CLAIMED, commons_session, round_end, send


def test_a_legal_click_plays_the_move_and_narrates_it():
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1)
    message = send(table, "play", move="defend 4D")
    assert session.moves[-1] == session.game.parse_move("defend 4D")
    assert message["kind"] == "info" and message["text"] == "B: defend with the 4♦."
    assert table.view["step"] == 4


def test_an_illegal_move_shows_the_engines_reason_and_changes_nothing():
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1)
    before = session.states
    message = send(table, "play", move="defend 5S")
    assert message["kind"] == "error"
    assert message["text"].startswith("You can't defend with the 5♠. 5♠ does not answer the Claim 4♠")
    assert message["rule"] == "commons.defense" and "[" not in message["text"]  # the rule goes under Details
    assert "Traceback" not in message["text"]
    assert session.states == before


def test_clicking_a_card_without_a_move_shows_the_engines_explanation():
    session = commons_session(*CLAIMED)
    game = session.game
    table = Table(session, viewer=1)
    message = send(table, "explain", card="5S", zone="B hand")
    explanation = game.explain_card(session.state, "5S", "B hand", 1)
    # the answer is one short sentence; "Why?" and "What else?" hold the rest, each with its rule
    assert (
        message["kind"] == "explain"
        and message["text"] == "5♠ does not answer the Claim 4♠: a Defense is a card of the same value (4) or a Wild."
    )
    assert len(message["text"].split()) <= 25 and message["rule"] == "commons.defense"
    assert [line["text"] for line in message["why"] + message["else"]] == [pretty(r.text) for r in explanation.lines]
    assert message["else"][-1]["text"] == (
        "Now B must defend against the 4♠: play a 4 or a Wild. What B can do instead: defend with the 4♥, 4♦ or 4♣."
    )
    assert "illegal move" not in message["text"]
    assert [line["rule"] for line in message["lines"]] == ["commons.hand", "commons.defense", "commons.defense"]
    assert message["zone"] == "B hand" and message["card"] == "5S"
    assert [r["move"] for r in message["refused"]] == ["defend 5S"]
    face_down = send(table, "explain", card="??", zone="A hand")
    assert "face down in A's hand" in face_down["text"] and face_down["rule"] == "commons.hand"
    assert "refused: '4H' is not a card of 'A hand'" in send(table, "explain", card="4H", zone="A hand")["text"]


def test_a_card_with_no_move_of_its_kind_says_what_to_do_instead():
    session = round_end()
    message = send(Table(session), "explain", card="3D", zone="nest egg")
    assert message["text"] == "No move of B's uses the 3♦ now." or message["text"] == "No move of A's uses the 3♦ now."
    assert message["why"][0]["text"].startswith("The 3♦ is the Nest Egg")
    text = message["else"][-1]["text"]
    assert (
        text.endswith("What A can do instead: deal the next round.")
        or "What B can do instead: deal the next round" in text
    )


@pytest.mark.parametrize(
    "name, options", [("card-commons", {}), ("commerce", {"players": 4}), ("commitment", {}), ("contest", {})]
)
def test_a_click_on_any_card_answers_in_one_short_sentence(name, options):
    """The answer to a click is one sentence of at most 25 words; every line of the engine's
    explanation, with its rule, is under "Why?" and "What else?"."""
    game = cardlab.game(name, **options)
    rng = random.Random(5)
    for seed in range(3):
        session = cardlab.Session(game, game.deal(seed=seed))
        for _ in range(25):
            if game.is_over(session.state):
                break
            player = rng.randrange(game.players)
            table = Table(session, viewer=player)
            for zone in game.zones(game.view(session.state, player)):
                for card in zone.cards[:2]:
                    said = send(table, "explain", card=card.code, zone=zone.name)
                    assert said["kind"] == "explain" and 0 < len(said["text"].split()) <= 25, said["text"]
                    assert [line["rule"] for line in said["why"] + said["else"] if line["rule"]] == [
                        r.rule for r in game.explain_card(session.state, card, zone.name, player).lines
                    ]
            table.close()
            session.play(rng.choice(session.legal_moves()))


@pytest.mark.parametrize(
    "content, reason",
    [
        ("not a dict", "without an action"),
        ({"rev": 1}, "without an action"),
        ({"action": "cheat"}, "unknown action 'cheat'"),
        ({"action": "play", "move": 7}, "needs 'move' as str"),
        ({"action": "goto", "index": "1"}, "needs 'index' as int"),
        ({"action": "goto", "index": True}, "needs 'index' as int"),
        ({"action": "goto", "index": 99}, "there is no state 99"),
        ({"action": "goto", "index": -1}, "there is no state -1"),
        ({"action": "swap", "cards": ["4H"]}, "needs two cards"),
        ({"action": "swap", "cards": ["4H", "4H"]}, "same card"),
        ({"action": "swap", "cards": ["4H", "ZZ"]}, "not a valid card"),
        ({"action": "play", "move": "fly away"}, "not a valid move"),
        ({"action": "play", "move": "defend 4D", "rev": 0}, "changed before that click arrived"),
        ({"action": "play", "move": "defend 4D", "rev": None}, "needs 'rev' as int"),
        ({"action": "play", "move": "defend 4D", "rev": "1"}, "needs 'rev' as int"),
        ({"action": "play", "move": "defend 4D", "rev": 1.0}, "needs 'rev' as int"),
        (["play", "defend 4D"], "without an action"),
        ({"action": 7, "move": "defend 4D"}, "without an action"),
        ({"action": "play", "move": ["defend", "4D"]}, "needs 'move' as str"),
        ({"action": "explain", "card": {"code": "4D"}}, "needs 'card' as str"),
        ({"action": "explain", "card": "4X"}, "not a valid card"),
        ({"action": "edit_text", "text": None}, "needs 'text' as str"),
        ({"action": "swap", "cards": "4H 5S"}, "needs two cards"),
        ({"action": "swap", "cards": [4, 5]}, "needs two cards"),
        ({"action": "opponent", "name": "search"}, "unknown action 'opponent'"),  # a teacher's table has no opponent
        ({"action": "play", "move": "defend 4D", "padding": "x" * 50_000}, "a message of 50,"),
        ({"action": "edit_text", "text": "nest egg: 3D\n" * 5_000}, "the most a click sends is 20,000"),
        ({"action": "play", "move": "defend " + "4D " * 10_000}, "a message of 30,"),
    ],
)
def test_malformed_or_forged_messages_are_refused_and_change_nothing(content, reason):
    session = commons_session(*CLAIMED)
    table = Table(session)
    before = (session.states, session.index)
    if isinstance(content, dict) and "rev" not in content:
        content = {**content, "rev": table.view["rev"]}
    table._handle_custom_msg(content, [])
    assert table.message["kind"] == "error" and reason in table.message["text"], table.message
    assert (session.states, session.index) == before


def test_binary_data_and_what_is_not_json_are_refused():
    session = commons_session(*CLAIMED)
    table = Table(session)
    rev = table.view["rev"]
    table._handle_custom_msg({"action": "play", "move": "defend 4D", "rev": rev}, [b"\x00" * 10])
    assert table.message["text"] == "refused: cardlab widgets take no binary data"
    table._handle_custom_msg({"action": "play", "move": {1, 2}, "rev": rev}, [])
    assert table.message["text"] == "refused: a message that is not plain JSON"
    assert len(session.moves) == 3


def test_a_click_made_on_a_table_that_has_changed_since_is_refused():
    """B's page shows the Claim; before B's click arrives, the teacher steps back a move.
    B's click carries the revision it was made on, so it is refused, not played elsewhere."""
    session = commons_session(*CLAIMED)
    b, teacher = Table(session, viewer=1), Table(session)
    clicked_on = b.view["rev"]
    send(teacher, "goto", index=2)
    b._handle_custom_msg({"action": "play", "move": "defend 4D", "rev": clicked_on}, [])
    assert b.message["kind"] == "error" and "changed before that click arrived" in b.message["text"]
    assert session.index == 2 and len(session.moves) == 3


def test_a_move_for_another_player_is_refused_without_revealing_their_cards():
    """On A's turn, A's page sends a Commission with B's card (4D): refused in A's own terms
    (A does not hold it); on B's turn A's page may not move at all."""
    session = commons_session()
    a = Table(session, viewer=0)
    message = send(a, "play", move="commission 4D")
    assert message["kind"] == "error" and "does not hold" in message["text"], message
    assert "4D" not in json.dumps(a.view) and len(session.moves) == 0
    session.play("commission 2S")
    assert send(a, "play", move="commission 4D")["text"] == "It is B's turn, not yours."
    assert len(session.moves) == 1 and session.index == 1


def test_a_player_cannot_move_out_of_turn_or_use_actions_their_widget_lacks():
    session = commons_session(*CLAIMED)
    a = Table(session, viewer=0)
    assert send(a, "play", move="defend 4D")["text"] == "It is B's turn, not yours."
    explained = send(a, "explain", card="2H", zone="A hand")
    assert explained["kind"] == "explain" and explained["text"] == "It is B's turn, not A's."
    assert "Now B must defend against the 4♠" in explained["why"][-1]["text"]
    assert "unknown action 'swap'" in send(a, "swap", cards=["4D", "5S"])["text"]
    assert "unknown action 'hint'" in send(a, "hint")["text"]
    assert "unknown action 'play'" in send(Stepper(session), "play", move="defend 4D")["text"]
    assert "unknown action 'goto'" in send(ScoreBreakdown(session), "goto", index=0)["text"]
    assert len(session.moves) == 3


def test_moves_are_refused_once_the_game_is_over():
    game = cardlab.game("card-commons")
    session = cardlab.Session(game, seed=3)
    while not game.is_over(session.state):
        session.play(session.legal_moves()[0])
    table = Table(session)
    assert table.view["over"] and table.view["moves"] == [] and table.view["status"].startswith("Game over")
    assert send(table, "play", move="next round")["text"] == "The game is over: no more moves."
