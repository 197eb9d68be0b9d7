"""Moves in the game's words (``Game.move_words``): what menus, logs, suggestions and hints say
to a learner, while the notation stays what code and text forms write."""

from __future__ import annotations

import random
import re

import pytest

import cardlab
from cardlab.engine import move_cards

CONFIGURATIONS = [
    ("card-commons", {}),
    ("card-commons", {"variant": "peek"}),
    ("commerce", {"players": 4}),
    ("commitment", {}),
    ("contest", {}),
    ("contest", {"jack": "match-first"}),
]
CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")


@pytest.mark.parametrize("name, options", CONFIGURATIONS, ids=lambda c: str(c))
def test_every_move_is_said_in_words_naming_its_cards(name, options):
    game = cardlab.game(name, **options)
    for seed in range(8):
        state, rng = game.deal(seed=seed), random.Random(seed)
        while not game.is_over(state):
            moves = game.legal_moves(state)
            said = {}
            for move in moves:
                text = game.move_words(state, move)
                assert text and not CODE.search(text), f"{move}: {text!r} writes a card as a code"
                for card in move_cards(move):
                    assert str(card) in text, f"{move}: {text!r} does not name the {card}"
                assert said.setdefault(text, move) == move, f"{move} and {said[text]} are both said {text!r}"
            state = game.play(state, rng.choice(moves))


@pytest.mark.parametrize(
    "name, options, notation, words",
    [
        ("card-commons", {}, "claim 2D", "claim with the 2♦"),
        ("commerce", {"players": 3}, "trade KD", "trade the K♦ for the top stock card"),
        ("commitment", {}, "4S b1 clubs", "put the 4♠ on battle 1, in the clubs stack"),
        ("contest", {}, "reinforce 9D 3", "add the 9♦ to pile 3"),
        ("contest", {}, "claim 1 3 9D", "claim piles 1 and 3 with the 9♦"),
    ],
)
def test_words_of_a_move(name, options, notation, words):
    game = cardlab.game(name, **options)
    assert game.move_words(game.deal(seed=1), notation) == words
