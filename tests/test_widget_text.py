"""The words the widgets use for cards and moves: suit symbols, the move log as each viewer
reads it, and the cards a move involves."""

from __future__ import annotations

import cardlab
from cardlab.cards import parse_card
from cardlab.widgets.viewmodel import HIDDEN_WORDS, History, move_cards, pretty, report


def test_pretty_writes_card_codes_with_suit_symbols_and_leaves_words_alone():
    assert pretty("trade 4H for 10C") == "trade 4♥ for 10♣"
    assert pretty("claim QS as JK") == "claim Q♠ as JK"
    assert pretty("AS well as 4Hx and H4") == "A♠ well as 4Hx and H4"
    assert pretty("b1 hearts") == "b1 hearts"


def test_the_log_names_only_the_cards_the_viewer_sees():
    game = cardlab.game("card-commons")
    before = game.state_from_text(
        "round: 1\nclaimant: A\nnest egg: 4C\npool up: 5H 2S\npool down: 3S\nA hand: 2D 3H QH 2C 5S 4S\n"
        "A commission: 4H\nB hand: 2H 3C 4D 5D KS 3D\nB commission: 5C"
    )
    step = game.step(before, "trade 3H for commission")
    log = History(viewer=1).entry(game, step)
    assert log["move"] == f"trade {HIDDEN_WORDS} for the Commission"  # in the game's words
    assert History(viewer=0).entry(game, step)["move"] == "trade the 3♥ for the Commission"
    assert History(viewer=None).entry(game, step)["move"] == "trade the 3♥ for the Commission"


def test_move_cards_are_the_card_fields_of_the_move():
    game = cardlab.game("card-commons")
    assert move_cards(game.parse_move("trade 2C for 5H")) == (parse_card("2C"), parse_card("5H"))
    assert move_cards(game.parse_move("claim 4S")) == (parse_card("4S"),)
    assert move_cards(game.parse_move("next round")) == ()


def test_several_hidden_cards_in_a_move_are_counted():
    game = cardlab.game("contest")
    secrets = cardlab.cards("KS 5S 4H KH 10D 8C 4D 2S")  # A's four secret cards, then B's: a stacked deck
    session = cardlab.Session(game, game.deal(deck=[*secrets, *(c for c in game.deck() if c not in secrets)]))
    step = session.play("arrange KS 4H 5S KH")
    assert History(viewer=1).entries(session)[0]["move"] == "lay out the secret cards as 4 hidden cards"
    assert report(game, step, 1, "A") == "A: lay out the secret cards as 4 hidden cards."
    assert History(viewer=0).entries(session)[0]["move"] == "lay out the secret cards as K♠ 4♥ 5♠ K♥"
