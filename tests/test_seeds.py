"""One seed policy for every game, and deals that cannot be searched for.

A fresh deal's seed is 64 random bits from ``secrets`` (never below 2**48, where a search
could find it); each use of chance is drawn from the seed through a keyed hash; a stacked deck
takes seed 0, or the seed given; a negative seed is refused everywhere; a view shows no seed
and no deal order; ``seed_is_guessable`` tells a table when a deal's seed could be found."""

from __future__ import annotations

import pytest

import cardlab
from cardlab.cards import GUESSABLE_BITS, SEED_BITS, chance, fresh_seed, in_order, shuffled, standard_deck
from cardlab.engine import HAND, HIDDEN_SEED, seed_is_guessable
from cardlab.games import game_class

SHIPPED = [n for n in cardlab.game_names() if game_class(n).__module__.startswith("cardlab.games.")]


@pytest.mark.parametrize("name", SHIPPED)
def test_fresh_deals_have_unguessable_seeds_and_explicit_ones_are_guessable(name):
    game = cardlab.game(name)
    fresh = [game.deal().seed for _ in range(20)]
    assert all(1 << GUESSABLE_BITS <= s < 1 << SEED_BITS for s in fresh) and len(set(fresh)) == 20
    assert not seed_is_guessable(game.deal())
    lesson = game.deal(seed=7)
    assert seed_is_guessable(lesson) and game.deal(seed=7) == lesson
    assert not seed_is_guessable(game.view(lesson, 0))  # a view has no seed to guess
    assert game.view(lesson, 0).seed == HIDDEN_SEED


@pytest.mark.parametrize("name", SHIPPED)
def test_one_rule_for_seeds_in_every_game(name):
    game = cardlab.game(name)
    for bad in (-1, -7, 1 << SEED_BITS, True, 2.0, "7"):
        with pytest.raises(ValueError, match="a seed is a whole number from 0 to 2\\*\\*64 - 1"):
            game.deal(seed=bad)
    text = game.deal(seed=3).to_text()
    with pytest.raises(cardlab.StateError, match="a seed is a whole number"):
        game.state_from_text(text.replace("seed: 3", "seed: -1"))
    assert game.state_from_text(text.replace("seed: 3", f"seed: {(1 << SEED_BITS) - 1}")).seed == (1 << SEED_BITS) - 1


@pytest.mark.parametrize("name", SHIPPED)
def test_a_stacked_deck_takes_seed_0_or_the_seed_given(name):
    game = cardlab.game(name)
    deck = _a_full_deck(game)
    assert game.deal(deck=deck).seed == 0
    assert game.deal(deck=deck, seed=5).seed == 5


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shuffled_deals_hands_show_no_deal_order(name):
    game = cardlab.game(name)
    if name == "commitment":  # hands kept in the order of the stacks: hearts, clubs, diamonds, spades
        from cardlab.games.commitment.moves import ORDER

        order = lambda cards: tuple(sorted(cards, key=ORDER.__getitem__))  # noqa: E731
    else:
        order = in_order
    for seed in range(10):
        state = game.deal(seed=seed)
        for zone in game.zones(state):
            if zone.kind == HAND or (name == "contest" and zone.name.endswith("secret")):
                assert zone.cards == order(zone.cards), (seed, zone.name)


def test_each_use_of_chance_is_drawn_independently_from_the_seed():
    deck = tuple(standard_deck())
    assert shuffled(deck, 7, "deal 1") == shuffled(deck, 7, "deal 1")
    assert shuffled(deck, 7, "deal 1") != shuffled(deck, 7, "deal 2") != shuffled(deck, 8, "deal 1")
    assert chance(7, "first").random() != chance(7, "second").random()
    assert sorted(shuffled(deck, 7, "deal 1")) == sorted(deck)
    import random

    assert fresh_seed(random.Random(1)) == fresh_seed(random.Random(1))  # reproducible where asked


def _a_full_deck(game: cardlab.Game) -> str:
    """The game's cards in an order its stacked deck accepts (Commitment: battle cards first)."""
    cards = list(game.deck())
    if game.name == "commitment":
        from cardlab.games.commitment import BATTLE_DECK

        rest = list(cards)
        for c in BATTLE_DECK:
            rest.remove(c)
        cards = list(BATTLE_DECK) + rest
    return " ".join(c.code for c in cards)
