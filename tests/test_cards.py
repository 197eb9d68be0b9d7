"""Cards and their notation."""

from __future__ import annotations

import random

import pytest

import cardlab
from cardlab import Card, CardError, cards, parse_card
from cardlab.cards import HIDDEN, JOKER, shuffle, shuffled, standard_deck


@pytest.mark.parametrize(
    "text, card",
    [
        ("4C", Card(4, "C")),
        ("4♣", Card(4, "C")),
        ("4c", Card(4, "C")),
        ("10H", Card(10, "H")),
        ("TH", Card(10, "H")),
        ("10♥", Card(10, "H")),
        ("QH", Card(12, "H")),
        ("AS", Card(14, "S")),
        ("KD", Card(13, "D")),
        ("JC", Card(11, "C")),
        ("JK", JOKER),
        ("jk", JOKER),
        (" 2S ", Card(2, "S")),
    ],
)
def test_parse_card_accepts_both_notations(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize(
    "card, code, printed",
    [
        (Card(4, "C"), "4C", "4♣"),
        (Card(10, "H"), "10H", "10♥"),
        (Card(12, "H"), "QH", "Q♥"),
        (Card(14, "S"), "AS", "A♠"),
        (JOKER, "JK", "JK"),
    ],
)
def test_card_prints_code_and_symbol(card, code, printed):
    assert card.code == code
    assert str(card) == printed
    assert parse_card(code) == card and parse_card(printed) == card
    assert eval(repr(card)) == card  # the repr is valid Python


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("4Z", "unknown suit 'Z'"),
        ("1H", "unknown rank '1'"),
        ("H", "rank is missing"),
        ("", "empty"),
        ("11H", "unknown rank"),
        ("joker", "'JK'"),
    ],
)
def test_malformed_card_says_what_is_wrong(text, fragment):
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert fragment in str(err.value)
    assert isinstance(err.value, ValueError)


def test_malformed_card_in_a_list_points_at_the_token():
    with pytest.raises(CardError) as err:
        cards("4C 5H 4Z QH")
    message = str(err.value)
    assert "'4Z'" in message and "position 7" in message
    assert "4C 5H 4Z QH\n        ^^" in message
    assert (err.value.start, err.value.end) == (6, 8)


def test_cards_reads_a_list_and_prints_it():
    hand = cardlab.cards("4C, 5H QH")
    assert list(hand) == [Card(4, "C"), Card(5, "H"), Card(12, "H")]
    assert str(hand) == "4♣ 5♥ Q♥"
    assert repr(hand) == "cards('4C 5H QH')"
    assert cards(["4C", Card(5, "H")]) == (Card(4, "C"), Card(5, "H"))


def test_card_properties():
    assert Card(4, "H").color == "red" and Card(4, "S").color == "black" and JOKER.color is None
    assert Card(12, "H").name == "queen of hearts" and Card(4, "C").name == "4 of clubs"
    assert HIDDEN.name == "face-down card" and HIDDEN.is_hidden and JOKER.is_joker


def test_decks_and_seeded_shuffles():
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert standard_deck(jokers=2).count(JOKER) == 2
    assert shuffled(deck, 7) == shuffled(deck, 7)
    assert shuffled(deck, 7) != shuffled(deck, 8)
    assert sorted(shuffled(deck, 7)) == sorted(deck)


def test_shuffle_gives_the_order_random_shuffle_gives():
    """Every deal is shuffled by ``cards.shuffle``: the very order ``random.Random.shuffle`` gives
    (so a seeded deal stays the deal it was), drawing the same numbers."""
    for seed in range(200):
        for n in (0, 1, 2, 5, 18, 46, 52, 54):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, reference = list(range(n)), list(range(n))
            shuffle(mine, ours)
            theirs.shuffle(reference)
            assert mine == reference and ours.getstate() == theirs.getstate()


def test_html_reprs_label_cards_for_screen_readers():
    assert 'aria-label="4 of clubs"' in Card(4, "C")._repr_html_()
    assert "face-down card" in cards([HIDDEN])._repr_html_()
    assert "#c62828" in Card(4, "H")._repr_html_()
